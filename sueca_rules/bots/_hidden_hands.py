"""The hidden hands: deals of the unseen cards consistent with what a seat knows, and how well
a deal explains the rivals' cards so far.

`Sampler` deals the cards a seat has not seen to the other three, respecting the hand sizes, the
voids shown and the turned trump card while the dealer holds it; `Likelihood` weighs a sampled deal
by the rivals' plays the rules of thumb would have made in it (level 4 draws its deals by that
weight).
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Iterator
from typing import TYPE_CHECKING

from .._cards import DECK_MASK, SUIT_MASKS
from .._kernel._bits import POINTS, CardIndex, Mask, Seat, SuitIndex, VoidMask, interchangeable
from .._kernel._deal import deal_to_seats, random_subset
from .._rules import BEATS
from ._rules_of_thumb import SeatKnowledge, follow_card, lead_card
from ._table import history, proven_revokes

if TYPE_CHECKING:
    from .._match import Observation

__all__ = ["Likelihood", "Sampler", "history", "sample_hands"]


def sample_hands(observation: Observation, rng: random.Random) -> list[Mask]:
    """One deal of the unseen cards to the other seats, consistent with the observation: the hand
    sizes, the voids shown and the turned trump card still in the dealer's hand. Returns the four
    hand masks (the observer's own hand included). See `Sampler`."""
    return Sampler(observation).sample(rng)


class Sampler:
    """Deals the cards one seat has not seen to the other three, consistently with what that seat
    knows: the hand sizes, the voids shown and the turned trump card while the dealer holds it.
    Every deal consistent with these is equally likely. (Prepared once per observation; `sample()`
    deals once.)

    With voids, one seat (`first`, the one with the most voids) is dealt first: how many cards of
    each suit it gets is drawn in proportion to the number of whole deals that give it those counts,
    then its cards of each suit are drawn at random. For the two seats left the count is a binomial
    coefficient: the suits only one of them may hold go to it, and of the cards of the suits both
    may hold, the second seat takes a random set of the size it still needs (Vandermonde's
    identity). A void shown by a renúncia that the cards played since prove is no void; voids that
    cannot all hold (a renúncia not yet proved) are dropped: then only the hand sizes count.
    """

    def __init__(self, observation: Observation) -> None:
        me = observation.seat
        sizes = list(observation.hand_sizes)
        hands = [0, 0, 0, 0]
        hands[me] = observation.hand_mask
        sizes[me] = 0
        pool = observation.unseen_mask
        if observation.trump_card_in_hand and observation.dealer != me:
            assert observation.trump_card is not None  # it is in a hand: a deal is on
            card = int(observation.trump_card)
            if pool >> card & 1:
                hands[observation.dealer] |= 1 << card
                sizes[observation.dealer] -= 1
                pool &= ~(1 << card)
        self.sizes = sizes
        self.hands = hands
        self.pool = pool
        others = [seat for seat in range(4) if seat != me]
        voids = observation.void_mask
        if observation.rules.revoke_claimable:
            # A void shown by a renúncia since proved is no void.
            for seat, suit in proven_revokes(observation):
                voids &= ~(1 << (4 * seat + suit))
        void_suits = {seat: voids >> (4 * seat) & 15 & _suits_in(pool) for seat in others}
        self._plan: _VoidPlan | None = None
        if any(void_suits.values()):
            first = max(others, key=lambda seat: (void_suits[seat].bit_count(), -seat))
            second, third = (seat for seat in others if seat != first)
            plan = _VoidPlan(pool, sizes, first, second, third, void_suits)
            if plan.total:
                self._plan = plan

    def sample(self, rng: random.Random) -> list[Mask]:
        """One deal: the four hand masks."""
        if self._plan is None:
            dealt = deal_to_seats(self.pool, self.sizes, rng)
        else:
            dealt = self._plan.deal(rng)
        hands = self.hands
        return [hands[0] | dealt[0], hands[1] | dealt[1], hands[2] | dealt[2], hands[3] | dealt[3]]


def _suits_in(cards: Mask) -> int:
    """The suits (a 4-bit pattern) of which `cards` holds at least one."""
    return sum(1 << suit for suit in range(4) if cards & SUIT_MASKS[suit])


class _VoidPlan:
    """The deals of `pool` to three seats with voids, counted suit by suit (see `Sampler`)."""

    def __init__(
        self,
        pool: Mask,
        sizes: list[int],
        first: Seat,
        second: Seat,
        third: Seat,
        void_suits: dict[Seat, int],
    ) -> None:
        self.pool = pool
        self.seats = (first, second, third)
        self.sizes = sizes
        out = [(pool & SUIT_MASKS[suit]).bit_count() for suit in range(4)]
        # The suits the second seat must take (the third is void in them), those the third
        # must take, and those both may hold.
        second_only = void_suits[third] & ~void_suits[second]
        both = 15 & ~void_suits[second] & ~void_suits[third]
        neither = void_suits[second] & void_suits[third]
        self.second_only = sum(SUIT_MASKS[suit] for suit in range(4) if second_only >> suit & 1)
        self.both = sum(SUIT_MASKS[suit] for suit in range(4) if both >> suit & 1)
        self.counts: list[tuple[int, ...]] = []
        self.cumulative: list[int] = []
        total = 0
        for counts in _compositions(sizes[first], out, void_suits[first]):
            left = [out[suit] - counts[suit] for suit in range(4)]
            if any(left[suit] for suit in range(4) if neither >> suit & 1):
                continue
            forced = sum(left[suit] for suit in range(4) if second_only >> suit & 1)
            free = sum(left[suit] for suit in range(4) if both >> suit & 1)
            need = sizes[second] - forced
            if not 0 <= need <= free:
                continue
            ways = math.comb(free, need)
            for suit in range(4):
                ways *= math.comb(out[suit], counts[suit])
            total += ways
            self.counts.append(counts)
            self.cumulative.append(total)
        self.total = total

    def deal(self, rng: random.Random) -> list[Mask]:
        """One deal of the pool: the hands of the three seats (0 for the observer's)."""
        first, second, third = self.seats
        counts = self.counts[bisect.bisect_right(self.cumulative, rng.randrange(self.total))]
        pool = self.pool
        dealt = [0, 0, 0, 0]
        for suit in range(4):
            if counts[suit]:
                dealt[first] |= random_subset(pool & SUIT_MASKS[suit], counts[suit], rng)
        rest = pool & ~dealt[first]
        forced = rest & self.second_only
        free = rest & self.both
        dealt[second] = forced | random_subset(free, self.sizes[second] - forced.bit_count(), rng)
        dealt[third] = rest & ~dealt[second]
        return dealt


def _compositions(size: int, out: list[int], void: int) -> Iterator[tuple[int, ...]]:
    """The ways to hold `size` cards by suit: no more of a suit than `out` of it, none of the suits
    in `void`."""
    limits = [0 if void >> suit & 1 else out[suit] for suit in range(4)]
    for spades in range(min(limits[0], size) + 1):
        for hearts in range(min(limits[1], size - spades) + 1):
            for diamonds in range(min(limits[2], size - spades - hearts) + 1):
                clubs = size - spades - hearts - diamonds
                if clubs <= limits[3]:
                    yield (spades, hearts, diamonds, clubs)


_Decision = tuple[CardIndex, Mask, int, SuitIndex, CardIndex, Seat, int, Mask, VoidMask, bool]
"""A rival's play to judge: the card, the cards that rival played from then on, then the
public state before it: cards in the trick, suit led, winning card and seat, trick points,
cards not yet played, voids shown, whether the turned trump card was still in a hand."""


class Likelihood:
    """How well sampled deals explain the rivals' cards so far (prepared once per observation;
    `weight()` judges one deal).

    Each rival play is replayed in the sampled deal, and one that the rules of thumb (level 3) would
    not have made there (nor a card just like it) multiplies the weight by `miss`. The partner's
    cards are not judged (the partner may well be a bot that plays otherwise). A weight that falls
    below `floor` is given up as 0.

    A rival's choices depend only on its own hand and what everyone saw, so the public state
    before each of its plays is worked out once here, and the count of a rival's unexplained
    plays is kept for each hand it is dealt (late in a deal, samples often deal it the same
    cards).
    """

    def __init__(
        self,
        observation: Observation,
        miss: float,
        floor: float = 0.0,
        plays: list[tuple[Seat, CardIndex]] | None = None,
    ) -> None:
        assert observation.trump is not None
        assert observation.trump_card is not None
        trump = int(observation.trump)
        next_seat = observation.rules.next_seat
        me = observation.seat
        self.rivals = (next_seat[me], next_seat[me ^ 2])
        self._know = SeatKnowledge(trump, next_seat, 0, 0, None, memory=True)
        self._held_card = (observation.dealer, int(observation.trump_card))
        # The weight after k unexplained plays, multiplied out in play order as the cards
        # come; 0 from the first k whose weight is below the floor.
        powers = [1.0]
        while powers[-1] >= floor and powers[-1] > 0.0 and len(powers) <= 40:
            powers.append(powers[-1] * miss)
        powers[-1] = 0.0 if powers[-1] < floor else powers[-1]
        self._powers = powers
        self._decisions = self._public_states(
            history(observation) if plays is None else plays, trump, int(observation.trump_card)
        )
        self._memo: tuple[dict[Mask, int], dict[Mask, int]] = ({}, {})

    def _public_states(
        self, plays: list[tuple[Seat, CardIndex]], trump: SuitIndex, turned: CardIndex
    ) -> tuple[list[_Decision], list[_Decision]]:
        """Each rival's plays with the public state before them (see `_Decision`)."""
        beats = BEATS[trump]  # the rule fact of _rules.beats, as a table for the loop
        decisions: tuple[list[_Decision], list[_Decision]] = ([], [])
        later = [0, 0, 0, 0]  # the cards each seat plays from this play on
        for seat, card in plays:
            later[seat] |= 1 << card
        remaining = DECK_MASK
        voids = 0
        played = led = best = best_seat = trick_points = 0
        for seat, card in plays:
            if seat in self.rivals:
                decisions[self.rivals.index(seat)].append(
                    (card, later[seat], played, led, best, best_seat, trick_points, remaining,
                     voids, bool(remaining >> turned & 1))
                )  # fmt: skip
            later[seat] &= ~(1 << card)
            remaining &= ~(1 << card)
            if not played:
                led = card // 10
                best = card
                best_seat = seat
                trick_points = POINTS[card]
                played = 1
                continue
            if card // 10 != led:
                voids |= 1 << (4 * seat + led)
            trick_points += POINTS[card]
            if beats[best * 40 + card]:
                best = card
                best_seat = seat
            played = (played + 1) % 4
        return decisions

    def weight(self, hands: list[Mask]) -> float:
        """The weight of a sampled deal (the four hands now): `miss` to the power of the rivals'
        plays it does not explain, 0 below the floor."""
        powers = self._powers
        misses = 0
        for index, rival in enumerate(self.rivals):
            memo = self._memo[index]
            hand = hands[rival]
            count = memo.get(hand)
            if count is None:
                count = memo[hand] = self._misses(rival, hand, self._decisions[index])
            misses += count
            if misses >= len(powers) - 1:
                return powers[-1]
        return powers[misses]

    def _misses(self, rival: Seat, hand_now: Mask, decisions: list[_Decision]) -> int:
        """How many of `rival`'s plays the rules of thumb would not have made (nor a card just like
        it) holding `hand_now` and the cards it played since (counting stops where the weight
        reaches 0)."""
        know = self._know
        enough = len(self._powers) - 1
        misses = 0
        for card, later, played, led, best, best_seat, points, remaining, voids, held in decisions:
            hand = hand_now | later
            follow = hand & SUIT_MASKS[led] if played else 0
            legal = follow or hand
            if not legal & (legal - 1):
                continue  # the only card it could play
            know.unseen = remaining & ~hand
            know.voids = voids
            know.held = self._held_card if held else None
            if played:
                pick = follow_card(
                    hand, legal, bool(follow), rival, led, best, best_seat, points, played, know
                )
            else:
                pick = lead_card(hand, rival, know)
            if pick != card and not interchangeable(pick, card, know.unseen):
                misses += 1
                if misses >= enough:
                    break
        return misses
