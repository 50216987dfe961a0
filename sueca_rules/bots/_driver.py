"""Driving a match with bots: every decision a variant asks for, one at a time.

A bot must choose cards (`Bot.choose()`); the other decisions are optional methods, with the
defaults a table would expect of a player who says nothing:

- `choose_trump(observation) -> "top" | "bottom"` (`deal.trump_card: dealer_choice`; default
  `"bottom"`, the usual Portuguese deal);
- `wants_redeal(observation) -> bool` (`deal.redeal`, asked only of a hand that may ask:
  `observation.may_redeal`; default: keep the hand);
- `claim(observation) -> int | None`: claim a renúncia now, naming the rival accused (any rival
  under `revoke.accuse: team`), or `None` (default: never claim). Bots are asked in the match's
  claim rounds (`Match.pending()`): after every card and at the count, in play order from the
  seat after the one that played.

`advance()` makes the next decision of a match; `play_match()` plays it to its end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .._cards import Card
from .._engine import Engine
from .._errors import ConfigError, IllegalPlayError, check_whole
from .._text import cut

if TYPE_CHECKING:
    from .._engine import Observation
    from .._events import Event, TrumpSide
    from .._turns import Choice, Decision
    from ._base import Bot

__all__ = ["advance", "answer", "play_match", "redeal_wanted", "trump_side"]


def advance(match: Engine, bots: Sequence[Bot]) -> list[Event]:
    """Make the next decision of `match` with `bots` (one per seat, by seat) and return the events
    it caused: the dealer's choice of trump, a seat's answer about a new deal, a card (and the
    claim round after it), or the count (its claim round, then the score). The decision is the
    match's [`pending()`][sueca_rules.Match.pending] one, answered by
    [`answer()`][sueca_rules.bots.answer]. Nothing happens once the match is over or while it
    waits for a deal to be dealt (`deal=False`)."""
    if len(bots) != 4:
        raise ConfigError(f"a match needs 4 bots, one per seat; got {len(bots)}")
    decision = match.pending()
    if decision is None:
        return []
    counting = match.phase == "count"
    events = _decide(match, bots, decision)
    if decision.kind in ("card", "claim"):
        # The claim round after a card is asked in the same call (the count's in the next one);
        # so is the whole count, and its score.
        while (
            (decision := match.pending()) is not None
            and decision.kind == "claim"
            and (match.phase == "count") == counting
        ):
            events.extend(_decide(match, bots, decision))
    return events


def _decide(match: Engine, bots: Sequence[Bot], decision: Decision) -> list[Event]:
    seat = decision.seat
    bot = bots[seat]
    choice = answer(bot, decision, match.observation(seat))
    try:
        return match.decide(choice)
    except IllegalPlayError as error:  # the bot's answer is not among the options: say whose
        raise IllegalPlayError(
            f"the bot at seat {seat} ({type(bot).__name__}) answered "
            f"{cut(repr(choice)) if not isinstance(choice, Card) else choice} to a "
            f"{decision.kind} decision: {error.reason}",
            seat=error.seat,
            card=error.card,
            legal=error.legal,
            rule=error.rule,
        ) from None


def answer(bot: Bot, decision: Decision, observation: Observation) -> Choice:
    """What `bot` answers to `decision` (one of its options) from the deciding seat's
    `observation`: its `choose()` for a card, and its optional methods for the rest, with the
    defaults of a player who says nothing (`Decision.default`)."""
    kind = decision.kind
    if not callable(getattr(bot, "choose", None)):
        raise ConfigError(
            f"the bot at seat {decision.seat} ({type(bot).__name__}) has no "
            "choose(observation) method: a bot chooses a card from an observation (the Bot "
            "protocol; make_bot(level) makes one)"
        )
    if kind == "card":
        return bot.choose(observation)
    if kind == "trump":
        return trump_side(bot, observation)
    if kind == "redeal":
        return redeal_wanted(bot, observation)
    claim = getattr(bot, "claim", None)
    against = claim(observation) if claim is not None else None
    if against is None:
        return False
    return against if observation.rules.accuse_player else True


def trump_side(bot: object, observation: Observation) -> TrumpSide:
    """The card the dealer's `bot` turns under `dealer_choice`: its `choose_trump`, or the bottom
    card for a bot without one."""
    choose = getattr(bot, "choose_trump", None)
    side: TrumpSide = choose(observation) if choose is not None else "bottom"
    return side


def redeal_wanted(bot: object, observation: Observation) -> bool:
    """Whether `bot` asks for a new deal now: only when its hand may ask, and by its
    `wants_redeal` (a bot without one keeps its hand)."""
    wants = getattr(bot, "wants_redeal", None)
    return observation.may_redeal and wants is not None and bool(wants(observation))


def play_match(match: Engine, bots: Sequence[Bot], *, max_deals: int | None = None) -> None:
    """Play `match` to its end with `bots`, or until `max_deals` deals have ended."""
    if not isinstance(match, Engine):
        raise ConfigError(f"play_match() plays a Match, not {cut(repr(match))}")
    if isinstance(bots, str | bytes) or not isinstance(bots, Sequence) or len(bots) != 4:
        raise ConfigError(f"bots are a list of four bots, one for each seat, not {cut(repr(bots))}")
    check_whole(max_deals, "max_deals", 0, or_none=True)
    while not match.is_over and match.phase != "deal":
        if max_deals is not None and len(match.deals) >= max_deals:
            return
        advance(match, bots)
