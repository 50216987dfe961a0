"""Driving a match with bots: every decision a variant asks for, one at a time.

A bot must choose cards (`Bot.choose()`); the other decisions are optional methods, with the
defaults a table would expect of a player who says nothing:

- `choose_trump(observation) -> "top" | "bottom"` (`deal.trump_card: dealer_choice`; default
  `"bottom"`, the usual Portuguese deal);
- `wants_redeal(observation) -> bool` (`deal.redeal`, asked only of a hand that may ask:
  `observation.may_redeal`; default: keep the hand);
- `claim(observation) -> int | None`: claim a renúncia now, naming the rival accused (any rival
  under `revoke.accuse: team`), or `None` (default: never claim). Bots are asked after every card
  and at the count, in play order from the seat after the one that played.

`advance()` makes the next decision of a match; `play_match()` plays it to its end.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .._errors import ConfigError

if TYPE_CHECKING:
    from .._engine import Engine, Observation
    from .._events import Event, TrumpSide
    from ._base import Bot

__all__ = ["advance", "play_match", "redeal_wanted", "trump_side"]


def advance(match: Engine, bots: Sequence[Bot]) -> list[Event]:
    """Make the next decision of `match` with `bots` (one per seat, by seat) and return the events
    it caused: the dealer's choice of trump, a seat's answer about a new deal, a card (and any
    claims the bots make after it), or the count (claims, then the score). Nothing happens once the
    match is over or while it waits for a deal to be dealt (`deal=False`)."""
    if len(bots) != 4:
        raise ConfigError(f"a match needs 4 bots, one per seat; got {len(bots)}")
    phase = match.phase
    if phase == "play":
        seat = match.turn
        assert seat is not None
        events = match.play(bots[seat].choose(match.observation(seat)))
        if match.phase == "play" and match.rules.revoke_claimable:
            events.extend(_claims(match, bots, seat))
        return events
    if phase == "count":
        events = _claims(match, bots, match.trick_leader)
        if match.phase == "count":
            events.extend(match.score_deal())
        return events
    if phase == "trump":
        dealer = match.dealer
        return match.choose_trump(trump_side(bots[dealer], match.observation(dealer)))
    if phase == "redeal":
        seat = match.turn
        assert seat is not None
        if redeal_wanted(bots[seat], match.observation(seat)):
            return match.redeal(seat)
        return match.keep_hand(seat)
    return []


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


def _claims(match: Engine, bots: Sequence[Bot], after_seat: int) -> list[Event]:
    """Ask each bot that can claim, in the order of `Rules.claim_order(after_seat)`; stop when a
    claim ends the deal or the count."""
    events: list[Event] = []
    phase = match.phase
    deal = match.deal_number
    for seat in match.rules.claim_order(after_seat):
        claim = getattr(bots[seat], "claim", None)
        if claim is None:
            continue
        against = claim(match.observation(seat))
        if against is None:
            continue
        events.extend(match.claim(seat, against if match.rules.accuse_player else None))
        if match.phase != phase or match.deal_number != deal:
            break
    return events


def play_match(match: Engine, bots: Sequence[Bot], *, max_deals: int | None = None) -> None:
    """Play `match` to its end with `bots`, or until `max_deals` deals have ended."""
    while not match.is_over and match.phase != "deal":
        if max_deals is not None and len(match.deals) >= max_deals:
            return
        advance(match, bots)
