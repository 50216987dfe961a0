"""What a bot does at a real table besides choosing its cards.

- **Slips** (`revoke_rate`): under `revoke.mode: claimable` a player may fail to follow suit by
  mistake (a renúncia). A bot with a `revoke_rate` does so at that rate, on the cards where it could
  (it holds the suit led and another).
- **Claims**: a bot claims only a renúncia it can prove from what everyone saw: a rival who did not
  follow a suit and later played a card of it (then it held that card when it did not follow). Every
  renúncia is proved that way by the count, when all forty cards are down. It claims at once, unless
  its team already holds enough points to score more games from the deal than the claim would; then
  it waits for the count and claims only if the claim is worth more than the deal.
- **The dealer's choice of trump** (`deal.trump_card: dealer_choice`): the dealer chooses before any
  card is seen, so the choice cannot change anyone's chances; bots turn the bottom card, the usual
  Portuguese deal.
- **A new deal** (`deal.redeal`): a weak hand (the only kind that may ask) asks for one unless it is
  long in trumps: four, or three with the ace or the seven. Levels 4 and 5 play the hand out instead
  (see `wants_redeal()`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .._cards import SUIT_MASKS, Card, Rank
from .._kernel._bits import CardIndex, Seat
from .._rules import team_of

if TYPE_CHECKING:
    from .._match import Observation

__all__ = [
    "claim_worth_it",
    "history",
    "long_in_trumps",
    "proven_revokers",
    "proven_revokes",
    "slip",
]


def slip(observation: Observation, rate: float, rng: random.Random) -> Card | None:
    """With probability `rate`, when the seat could fail to follow suit (it holds the suit led and a
    card it may play that is not of it), one such card chosen at random; else `None`."""
    if not rate or len(observation.playable) == len(observation.legal):
        return None
    if rng.random() >= rate:
        return None
    legal = set(observation.legal)
    return rng.choice([card for card in observation.playable if card not in legal])


def history(observation: Observation) -> list[tuple[Seat, CardIndex]]:
    """The plays of the deal so far as `(seat, card)`, in order."""
    next_seat = observation.rules.next_seat
    plays: list[tuple[Seat, CardIndex]] = []
    tricks: list[tuple[Seat, Sequence[Card]]] = [(t.leader, t.cards) for t in observation.tricks]
    tricks.append((observation.trick_leader, observation.trick))
    for leader, cards in tricks:
        seat = leader
        for card in cards:
            plays.append((seat, int(card)))
            seat = next_seat[seat]
    return plays


def proven_revokes(observation: Observation) -> list[tuple[int, int]]:
    """The renúncias of this deal that the cards seen prove, as `(seat, suit)`: the seat did not
    follow `suit` when it was led and later played a card of it (so it held that card when it did
    not follow), in the order they were proved."""
    shown: set[tuple[int, int]] = set()  # (seat, suit) it did not follow
    proven: list[tuple[int, int]] = []
    plays = history(observation)
    for index, (seat, card) in enumerate(plays):
        suit = card // 10
        if (seat, suit) in shown and (seat, suit) not in proven:
            proven.append((seat, suit))
        led = plays[index - index % 4][1] // 10
        if index % 4 and suit != led:
            shown.add((seat, led))
    return proven


def proven_revokers(observation: Observation) -> list[int]:
    """The rivals of the observer who provably revoked in this deal (see `proven_revokes()`), in the
    order they were proved."""
    me = team_of(observation.seat)
    seats: list[int] = []
    for seat, _ in proven_revokes(observation):
        if team_of(seat) != me and seat not in seats:
            seats.append(seat)
    return seats


def claim_worth_it(observation: Observation) -> bool:
    """Whether a claim that is sure to catch a renúncia is worth making now: unless the
    observer's team already holds points that score more games from the deal than the claim's
    penalty (then it waits; at the count this says whether the claim beats the deal)."""
    rules = observation.rules
    team = team_of(observation.seat)
    points = observation.points[team]
    if points <= 60:
        return True
    all_tricks = observation.tricks_won[team] == 10
    games, _ = rules.games_for(points, all_tricks, observation.pending_ties)
    return games <= rules.penalty_games


def long_in_trumps(observation: Observation) -> bool:
    """Whether the hand holds four trumps, or three with the ace or the seven."""
    assert observation.trump is not None
    trump = int(observation.trump)
    trumps = observation.hand_mask & SUIT_MASKS[trump]
    count = trumps.bit_count()
    high = trumps >> (10 * trump + Rank.SEVEN) & 1 or trumps >> (10 * trump + Rank.ACE) & 1
    return count >= 4 or (count >= 3 and bool(high))
