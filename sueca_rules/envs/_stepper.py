"""A match as single decisions, one seat at a time: what both learning environments step.

`Stepper` wraps a `Match` and says at every moment which seat must decide (`Stepper.actor`), what
it is asked (`Stepper.decision`) and which actions the engine accepts from it now
(`Stepper.legal_actions()`).
Its questions are the engine's turn protocol (`Match.pending()`), whose claim rounds are the ones
`sueca_rules.bots.advance()` asks, so a learning agent and our bots meet the same questions:

- after each card that leaves the deal in play, every seat is asked once, "claim or pass", in
  play order from the seat after the one that played (the seat due to play next first);
- at the count (after the 40th card), every seat is asked once, in play order from the seat
  after the winner of the last trick; when all have answered the deal is scored.

A round stops as soon as a claim ends the deal. Nothing is asked before the first card of a
deal (no renúncia can have been played yet) and a seat is asked once per round, so a round is
never longer than four questions. Only the public API of the library is used: this module only
numbers the answers as actions.
"""

from __future__ import annotations

import operator
from typing import Final, cast

from sueca_rules import CARDS, Card, ConfigError, DecisionKind, Event, IllegalPlayError, Match
from sueca_rules import Decision as TurnDecision
from sueca_rules.bots import Bot, answer

from .._text import cut

__all__ = [
    "ACTION_NAMES",
    "CLAIM",
    "CLAIM_NEXT",
    "CLAIM_PREVIOUS",
    "NUM_ACTIONS",
    "PASS",
    "REDEAL",
    "TRUMP_BOTTOM",
    "TRUMP_TOP",
    "Decision",
    "Stepper",
    "action_name",
    "action_number",
    "bot_action",
]

PASS: Final = 40
"""Keep the hand (when asked about a new deal), or make no claim (after a card, at the count)."""
CLAIM: Final = 41
"""Claim a renúncia against the other team (`revoke.accuse: team`)."""
CLAIM_NEXT: Final = 42
"""Claim a renúncia against the rival who plays just after you (`revoke.accuse: player`)."""
CLAIM_PREVIOUS: Final = 43
"""Claim a renúncia against the rival who plays just before you (`revoke.accuse: player`)."""
REDEAL: Final = 44
"""Ask for a new deal (a hand below its `deal.redeal` threshold)."""
TRUMP_TOP: Final = 45
"""The dealer turns the top card (`deal.trump_card: dealer_choice`)."""
TRUMP_BOTTOM: Final = 46
"""The dealer turns the bottom card (`deal.trump_card: dealer_choice`)."""
NUM_ACTIONS: Final = 47
"""Actions 0-39 play that card (the library's card numbers: `int(card)`); 40-46 above."""

ACTION_NAMES: Final = (
    *(str(c) for c in CARDS),
    "pass",
    "claim",
    "claim-next",
    "claim-previous",
    "redeal",
    "trump-top",
    "trump-bottom",
)
"""A short name for each action, by number: `"7H"` for a card, `"pass"`, `"claim"`, `"claim-next"`,
`"claim-previous"`, `"redeal"`, `"trump-top"`, `"trump-bottom"`."""

Decision = DecisionKind
"""What the seat to act is asked: the core's [`DecisionKind`][sueca_rules.DecisionKind] (the
dealer's choice of trump, keep or redeal, a card, or claim or pass)."""


def action_number(action: object) -> int:
    """`action` as an action number: a whole number 0..46 (a Python or NumPy integer, not a bool);
    anything else is an `IllegalPlayError`."""
    if not isinstance(action, bool):
        try:
            number = operator.index(action)  # type: ignore[arg-type]  # TypeError if not
        except TypeError:
            pass
        else:
            if 0 <= number < NUM_ACTIONS:
                return number
    raise IllegalPlayError(
        f"an action is a whole number 0..{NUM_ACTIONS - 1}, not {action!r}", rule="not_an_action"
    )


def action_name(action: int) -> str:
    """The short name of `action` (see `ACTION_NAMES`)."""
    return ACTION_NAMES[action_number(action)]


class Stepper:
    """A [`Match`][sueca_rules.Match] stepped one decision at a time (see the module's text): the
    match's own turn protocol ([`Match.pending()`][sueca_rules.Match.pending]) with its answers
    numbered as actions.

    `match` is used as it is: a match made with `deal=False` waits in phase `"deal"`
    ([`actor`][sueca_rules.envs.Stepper.actor] is `None`) until its owner deals it.
    """

    __slots__ = ("match",)

    def __init__(self, match: Match) -> None:
        if not isinstance(match, Match):
            raise ConfigError(f"a Stepper steps a Match, not {cut(repr(match))}")
        self.match = match
        """The match being played (its phase, turn and claim rounds are the engine's)."""

    def clone(self) -> Stepper:
        """An independent copy (the match is cloned with
        [`Match.clone()`][sueca_rules.Match.clone])."""
        return Stepper(self.match.clone())

    @property
    def asking(self) -> tuple[int, ...]:
        """The seats still to be asked in the current claim round, in order (empty when no
        round is open): [`Match.claim_round`][sueca_rules.Match.claim_round]."""
        return self.match.claim_round

    @property
    def actor(self) -> int | None:
        """The seat that must decide now, or `None` (the match is over, or waits for a deal)."""
        pending = self.match.pending()
        return None if pending is None else pending.seat

    @property
    def decision(self) -> DecisionKind | None:
        """What [`actor`][sueca_rules.envs.Stepper.actor] is asked, or `None` when nobody is."""
        pending = self.match.pending()
        return None if pending is None else pending.kind

    def legal_actions(self) -> list[int]:
        """The actions the engine accepts from [`actor`][sueca_rules.envs.Stepper.actor] now, in
        ascending order."""
        pending = self.match.pending()
        return [] if pending is None else sorted(self._action(pending, o) for o in pending.options)

    def _action(self, pending: TurnDecision, option: object) -> int:
        """The action number of one of `pending`'s options."""
        kind = pending.kind
        if kind == "card":
            return int(cast("Card", option))
        if kind == "trump":
            return TRUMP_TOP if option == "top" else TRUMP_BOTTOM
        if option is False:
            return PASS
        if kind == "redeal":
            return REDEAL
        if option is True:
            return CLAIM
        rules = self.match.rules
        return CLAIM_NEXT if option == rules.next_seat[pending.seat] else CLAIM_PREVIOUS

    def apply(self, action: object) -> list[Event]:
        """Make [`actor`][sueca_rules.envs.Stepper.actor]'s decision `action` (an action number, see
        `NUM_ACTIONS`) and return the engine's events. An action the seat may not take now raises
        [`IllegalPlayError`][sueca_rules.IllegalPlayError] and changes nothing."""
        action = action_number(action)
        pending = self.match.pending()
        legal = self.legal_actions()
        if pending is None or action not in legal:
            raise self._refusal(None if pending is None else pending.seat, action, legal)
        choice = next(o for o in pending.options if self._action(pending, o) == action)
        return self.match.decide(choice)

    def _refusal(self, seat: int | None, action: int, legal: list[int]) -> IllegalPlayError:
        if seat is None:
            why = "the match is over" if self.match.is_over else "no decision is due"
            return IllegalPlayError(f"no action can be taken now: {why}", rule="not_now")
        allowed = " ".join(ACTION_NAMES[a] for a in legal)
        return IllegalPlayError(
            f"seat {seat} cannot take action {action} ({ACTION_NAMES[action]}) now; it may: "
            f"{allowed}",
            seat=seat,
            rule="not_legal",
        )


def stepper_of(table: object, call: str) -> Stepper:
    """`table` if it is a `Stepper`; else a `ConfigError` that says where to find one."""
    if isinstance(table, Stepper):
        return table
    name = type(table).__name__
    if isinstance(table, Match):
        why = ", not a Match: give Stepper(match)"
    elif isinstance(getattr(table, "stepper", None), Stepper):
        why = f", not the {name}: give its .stepper"
    else:
        why = (
            " (SuecaEnv.stepper, the OpenSpiel state's .stepper, or Stepper(match)), "
            f"not {cut(repr(table))}"
        )
    raise ConfigError(f"{call} takes a Stepper{why}")


def bot_action(bot: Bot, table: Stepper) -> int:
    """The action `bot` (one of [`sueca_rules.bots`][sueca_rules.bots], or any
    [`Bot`][sueca_rules.bots.Bot]) takes as [`Stepper.actor`][sueca_rules.envs.Stepper.actor]
    now, asked as [`sueca_rules.bots.advance()`][sueca_rules.bots.advance] asks it: its optional
    `choose_trump`, `wants_redeal` and `claim` methods, with their defaults (the bottom card, keep
    the hand, no claim) when it has none."""
    table = stepper_of(table, "bot_action()")
    pending = table.match.pending()
    if pending is None:
        raise IllegalPlayError("no decision is due now", rule="not_now")
    seat = pending.seat
    choice = answer(bot, pending, table.match.observation(seat))
    if pending.kind == "card":
        return int(choice)  # a bot's card (Stepper.apply checks it)
    if not pending.accepts(choice):
        raise IllegalPlayError(
            f"seat {seat}'s bot accuses {choice!r}, not a rival", seat=seat, rule="accused"
        )
    return table._action(pending, choice)
