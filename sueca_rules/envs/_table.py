"""A match as single decisions, one seat at a time: what both learning environments step.

`Table` wraps a `Match` and says at every moment which seat must decide (`Table.actor`), what it is
asked (`Table.decision`) and which actions the engine accepts from it now (`Table.legal_actions()`).
It adds one thing to the engine: the order in which seats are asked whether they claim a renúncia,
since the engine lets any seat claim at any moment of play. That order is the one
`sueca_rules.bots.advance()` uses, so a learning agent and our bots meet the same questions:

- after each card that leaves the deal in play, every seat is asked once, "claim or pass", in
  play order from the seat after the one that played (the seat due to play next first);
- at the count (after the 40th card), every seat is asked once, in play order from the seat
  after the winner of the last trick; when all have answered the deal is scored.

A round stops as soon as a claim ends the deal. Nothing is asked before the first card of a
deal (no renúncia can have been played yet) and a seat is asked once per round, so a round is
never longer than four questions. Only the public API of the library is used.
"""

from __future__ import annotations

import operator
from typing import Final, Literal

from sueca_rules import CARDS, DealScored, Event, IllegalPlayError, Match
from sueca_rules.bots import Bot, redeal_wanted, trump_side

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
    "Table",
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

Decision = Literal["trump", "redeal", "card", "claim"]
"""What the seat to act is asked: the dealer's choice of trump, keep or redeal, a card, or
claim or pass."""

_DECISIONS: Final[dict[str, Decision]] = {"trump": "trump", "redeal": "redeal", "play": "card"}


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


class Table:
    """A [`Match`][sueca_rules.Match] stepped one decision at a time (see the module's text).

    `match` is used as it is: a match made with `deal=False` waits in phase `"deal"`
    ([`actor`][sueca_rules.envs.Table.actor] is `None`) until its owner deals it.
    """

    __slots__ = ("_asking", "match")

    def __init__(self, match: Match) -> None:
        self.match = match
        """The match being played (its phase and turn are the engine's)."""
        self._asking: list[int] = []  # the claim round: seats still to be asked, in order

    def clone(self) -> Table:
        """An independent copy (the match is cloned with
        [`Match.clone()`][sueca_rules.Match.clone])."""
        new = Table(self.match.clone())
        new._asking = self._asking[:]
        return new

    @property
    def asking(self) -> tuple[int, ...]:
        """The seats still to be asked in the current claim round, in order (empty when no
        round is open). Everyone at the table knows it."""
        return tuple(self._asking)

    @property
    def actor(self) -> int | None:
        """The seat that must decide now, or `None` (the match is over, or waits for a deal)."""
        if self._asking:
            return self._asking[0]
        return self.match.turn

    @property
    def decision(self) -> Decision | None:
        """What [`actor`][sueca_rules.envs.Table.actor] is asked, or `None` when nobody is."""
        if self._asking:
            return "claim"
        return _DECISIONS.get(self.match.phase)

    def legal_actions(self) -> list[int]:
        """The actions the engine accepts from [`actor`][sueca_rules.envs.Table.actor] now, in
        ascending order."""
        match = self.match
        if self._asking:
            if match.rules.accuse_player:
                return [PASS, CLAIM_NEXT, CLAIM_PREVIOUS]
            return [PASS, CLAIM]
        phase = match.phase
        if phase == "play":
            return sorted(int(c) for c in match.playable_cards())
        if phase == "trump":
            return [TRUMP_TOP, TRUMP_BOTTOM]
        if phase == "redeal":
            seat = match.turn
            assert seat is not None
            return [PASS, REDEAL] if match.may_redeal(seat) else [PASS]
        return []

    def apply(self, action: object) -> list[Event]:
        """Make [`actor`][sueca_rules.envs.Table.actor]'s decision `action` (an action number, see
        `NUM_ACTIONS`) and return the engine's events. An action the seat may not take now raises
        [`IllegalPlayError`][sueca_rules.IllegalPlayError] and changes nothing."""
        action = action_number(action)
        seat = self.actor
        legal = self.legal_actions()
        if seat is None or action not in legal:
            raise self._refusal(seat, action, legal)
        match = self.match
        if self._asking:
            return self._answer_claim(seat, action)
        if action < PASS:
            events = match.play(CARDS[action])
            if any(isinstance(e, DealScored) for e in events):
                return events
            if match.phase == "count":
                self._open_round(match.trick_leader)
            elif match.rules.revoke_claimable:
                self._open_round(seat)
            return events
        if action == PASS:
            return match.keep_hand(seat)
        if action == REDEAL:
            return match.redeal(seat)
        return match.choose_trump("top" if action == TRUMP_TOP else "bottom")

    def _open_round(self, after_seat: int) -> None:
        rules = self.match.rules
        self._asking = list(rules.claim_order(after_seat))

    def _answer_claim(self, seat: int, action: int) -> list[Event]:
        match = self.match
        self._asking.pop(0)
        events: list[Event] = []
        if action != PASS:
            rules = match.rules
            against: int | None = None
            if action == CLAIM_NEXT:
                against = rules.next_seat[seat]
            elif action == CLAIM_PREVIOUS:
                against = rules.previous_seat(seat)
            events = match.claim(seat, against)
            if any(isinstance(e, DealScored) for e in events):
                self._asking = []
                return events
        if not self._asking and match.phase == "count":
            events.extend(match.score_deal())
        return events

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


def bot_action(bot: Bot, table: Table) -> int:
    """The action `bot` (one of [`sueca_rules.bots`][sueca_rules.bots], or any
    [`Bot`][sueca_rules.bots.Bot]) takes as [`Table.actor`][sueca_rules.envs.Table.actor] now, asked
    as [`sueca_rules.bots.advance()`][sueca_rules.bots.advance] asks it: its optional
    `choose_trump`, `wants_redeal` and `claim` methods, with their defaults (the bottom card, keep
    the hand, no claim) when it has none."""
    seat = table.actor
    decision = table.decision
    if seat is None or decision is None:
        raise IllegalPlayError("no decision is due now", rule="not_now")
    obs = table.match.observation(seat)
    if decision == "card":
        return int(bot.choose(obs))
    if decision == "trump":
        return TRUMP_TOP if trump_side(bot, obs) == "top" else TRUMP_BOTTOM
    if decision == "redeal":
        return REDEAL if redeal_wanted(bot, obs) else PASS
    claim = getattr(bot, "claim", None)
    against = claim(obs) if claim is not None else None
    if against is None:
        return PASS
    rules = table.match.rules
    if not rules.accuse_player:
        return CLAIM
    if against == rules.next_seat[seat]:
        return CLAIM_NEXT
    if against == rules.previous_seat(seat):
        return CLAIM_PREVIOUS
    raise IllegalPlayError(
        f"seat {seat}'s bot accuses {against!r}, not a rival", seat=seat, rule="accused"
    )
