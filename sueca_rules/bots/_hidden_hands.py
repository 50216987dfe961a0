"""The hidden hands: deals of the unseen cards consistent with what a seat knows, and how likely
the rivals' cards so far were in a deal.

`Sampler` deals the cards a seat has not seen to the other three, respecting the hand sizes, the
voids shown and the turned trump card while the dealer holds it (and, late in a deal, lists every
such deal); `Likelihood` weighs a deal by the likelihood of the rivals' plays under a model of how
players play: the rules of thumb's card, or now and then any other (levels 4 and 5 draw their deals
by that weight).
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
import struct
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import TYPE_CHECKING, Final

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

    def __init__(self, observation: Observation, kernel: ModuleType | None = None) -> None:
        # The compiled kernel's random_subset and deal_to_seats where given (the same draws).
        self._subset = random_subset if kernel is None else kernel.random_subset
        self._to_seats = deal_to_seats if kernel is None else kernel.deal_to_seats
        self._every = None if kernel is None else kernel.every_deal
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
            plan = _VoidPlan(pool, sizes, first, second, third, void_suits, self._subset)
            if plan.total:
                self._plan = plan
        self._fast_plan: Callable[[random.Random], list[Mask]] | None = None
        self.spec: tuple[object, ...] | None = None
        """With the compiled kernel, how it deals (its `sample_deals()` and `pool_deals()` take
        it: the same deals as `sample()`); else `None`."""
        if kernel is not None and self._plan is None:
            self.spec = (pool, tuple(sizes), tuple(hands))
        if kernel is not None and self._plan is not None and self._plan.total < 1 << 63:
            self.spec = self._plan.compiled_args(hands)
            self._fast_plan = self._plan.compiled(kernel, hands)

    def count(self) -> int:
        """How many deals are consistent with what the seat knows (the voids counted when they
        can all hold; otherwise the deals with the hand sizes alone)."""
        if self._plan is not None:
            return self._plan.total
        left = self.pool.bit_count()
        ways = 1
        for size in self.sizes:
            ways *= math.comb(left, size)
            left -= size
        return ways

    def every_deal(self) -> list[list[Mask]]:
        """Every deal consistent with what the seat knows, each once (for a small `count()`: the
        exact distribution, which `sample()` draws from)."""
        seats = [seat for seat in range(4) if self.sizes[seat]]
        voids = self._plan.void_cards if self._plan is not None else {}
        base = self.hands
        pool = self.pool
        while len(seats) < 3:  # seats with no card left to deal get none
            seats.append(next(s for s in range(4) if s not in seats))
        if self._every is not None:  # the loops below in C, the same deals in the same order
            void_cards = tuple(voids.get(seat, 0) for seat in seats)
            return self._every(pool, self.sizes, base, seats, void_cards)  # type: ignore[no-any-return]
        first, second, last = seats
        last_void = voids.get(last, 0)
        out: list[list[Mask]] = []
        for a in _subsets(pool & ~voids.get(first, 0), self.sizes[first]):
            rest = pool ^ a
            for b in _subsets(rest & ~voids.get(second, 0), self.sizes[second]):
                c = rest ^ b
                if c & last_void or c.bit_count() != self.sizes[last]:
                    continue
                hands = base.copy()
                hands[first] |= a
                hands[second] |= b
                hands[last] |= c
                out.append(hands)
        return out

    def sample(self, rng: random.Random) -> list[Mask]:
        """One deal: the four hand masks."""
        if self._fast_plan is not None:
            return self._fast_plan(rng)
        if self._plan is None:
            dealt = self._to_seats(self.pool, self.sizes, rng)
        else:
            dealt = self._plan.deal(rng)
        hands = self.hands
        return [hands[0] | dealt[0], hands[1] | dealt[1], hands[2] | dealt[2], hands[3] | dealt[3]]


def _subsets(cards: Mask, size: int) -> list[Mask]:
    """Every set of `size` cards of `cards`."""
    bits = [1 << c for c in range(40) if cards >> c & 1]
    return [sum(chosen) for chosen in itertools.combinations(bits, size)]


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
        subset: Callable[[Mask, int, random.Random], Mask] = random_subset,
    ) -> None:
        self._subset = subset
        self.pool = pool
        self.seats = (first, second, third)
        self.sizes = sizes
        self.void_cards = {
            seat: sum(SUIT_MASKS[suit] for suit in range(4) if void_suits[seat] >> suit & 1)
            for seat in (first, second, third)
        }
        """The cards each of the three seats cannot hold (its voids'), by seat."""
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

    def compiled_args(self, base: list[Mask]) -> tuple[object, ...]:
        """The plan as the compiled kernel's `plan_deal()` takes it (all but the random numbers),
        `base`'s known cards to be added to the hands."""
        counts = bytes(c for counts in self.counts for c in counts)
        cumulative = b"".join(total.to_bytes(8, "little") for total in self.cumulative)
        first, second, third = self.seats
        return (
            counts, cumulative, self.total, self.pool, first, second, third,
            self.sizes[second], self.second_only, self.both, tuple(base),
        )  # fmt: skip

    def compiled(
        self, kernel: ModuleType, base: list[Mask]
    ) -> Callable[[random.Random], list[Mask]]:
        """`deal()` on the compiled kernel, `base`'s known cards added to the hands (the same
        draws and deals)."""
        args = self.compiled_args(base)
        deal = kernel.plan_deal
        return lambda rng: deal(*args, rng)

    def deal(self, rng: random.Random) -> list[Mask]:
        """One deal of the pool: the hands of the three seats (0 for the observer's)."""
        first, second, third = self.seats
        counts = self.counts[bisect.bisect_right(self.cumulative, rng.randrange(self.total))]
        pool = self.pool
        dealt = [0, 0, 0, 0]
        for suit in range(4):
            if counts[suit]:
                dealt[first] |= self._subset(pool & SUIT_MASKS[suit], counts[suit], rng)
        rest = pool & ~dealt[first]
        forced = rest & self.second_only
        free = rest & self.both
        dealt[second] = forced | self._subset(free, self.sizes[second] - forced.bit_count(), rng)
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
    """How likely the rivals' cards so far were in a sampled deal, under a model of how players
    play (prepared once per observation; `weight()` judges one deal).

    The model: a player plays the card the rules of thumb (level 3) pick from its hand and what it
    has seen, or, now and then, another of its legal cards, any of them alike. Each rival play is
    replayed in the sampled deal: a card the only legal one is no evidence; the rules of thumb's
    card (or one just like it) keeps the weight; another card multiplies it by `miss / (k - 1)`,
    `k` the legal cards that play differently (a player who strays picks one of the `k - 1` others,
    so a stray card is the less likely the more there were to choose from). `miss` is the odds of
    straying where there are two cards to choose from. A renúncia (under `revoke.mode: claimable`,
    a card off the suit led from a hand that could follow) is a stray too, weighing `miss` where
    the legal cards all play alike (`k - 1` taken as at least 1). The weight is the product over
    both rivals' plays, so deals are drawn in proportion to the likelihood of what the rivals did
    (up to a constant); one that falls below `floor` is given up as 0.

    With `trust` below 1, each rival is taken to play by that model with chance `trust` and
    otherwise to choose among its legal cards alike (a player the rules of thumb do not describe,
    such as a stronger one), and its weight is the mixture of the two likelihoods, each a
    probability (`trust * model + (1 - trust) * uniform`). A rival who plays by the rules of thumb
    is then read almost as sharply as by the model alone, and one who does not is read as
    telling little, instead of making the deals that explain its cards by the rules of thumb
    seem certain. The bots use `trust = 0.5`.

    The partner's cards are not judged (the partner may well be a person or a bot that plays
    otherwise). The turned trump card is known to be in the dealer's hand while it is, both to the
    sampler and here (the rivals knew it too).

    A rival's choices depend only on its own hand and what everyone saw, so the public state
    before each of its plays is worked out once here, and a rival's weight is kept for each hand
    it is dealt (late in a deal, samples often deal it the same cards). With the compiled kernel
    the replay runs in C, with the same result bit for bit.
    """

    def __init__(
        self,
        observation: Observation,
        miss: float,
        floor: float = 0.0,
        plays: list[tuple[Seat, CardIndex]] | None = None,
        *,
        trust: float = 1.0,
        kernel: ModuleType | None = None,
    ) -> None:
        assert observation.trump is not None
        assert observation.trump_card is not None
        trump = int(observation.trump)
        next_seat = observation.rules.next_seat
        me = observation.seat
        self.rivals = (next_seat[me], next_seat[me ^ 2])
        self.miss = miss
        """The odds of a stray card where there were two to choose from."""
        self.floor = floor
        """The weight below which a deal is given up as 0."""
        self.trust = trust
        """The chance that a rival plays by the model (1: the model alone; see the class)."""
        self._trump = trump
        self._next_seat = tuple(next_seat)
        self._know = SeatKnowledge(trump, next_seat, 0, 0, None, memory=True)
        self._held_card = (observation.dealer, int(observation.trump_card))
        self._decisions = self._public_states(
            history(observation) if plays is None else plays, trump, int(observation.trump_card)
        )
        self._kernel = kernel
        self._packed = tuple(_pack(decisions) for decisions in self._decisions)
        self._memo: tuple[dict[Mask, float], dict[Mask, float]] = ({}, {})
        self.spec: tuple[object, ...] | None = None
        """With the compiled kernel, the likelihood as its `pool_deals()` and `weigh_deals()` take
        it (the same weights as `weight()`, the same memo of each rival's hands); else `None`."""
        if kernel is not None:
            self.spec = (
                *self._packed, *self.rivals, trump, self._next_seat, *self._held_card, miss,
                floor, trust, *self._memo,
            )  # fmt: skip

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
        """The weight of a sampled deal (the four hands now): the product of both rivals'
        weights, 0 below the floor."""
        total = 1.0
        for index, rival in enumerate(self.rivals):
            memo = self._memo[index]
            hand = hands[rival]
            weight = memo.get(hand)
            if weight is None:
                weight = memo[hand] = self.rival_weight(index, hand)
            total *= weight
            if total < self.floor or not total:
                return 0.0
        return total

    def rival_weight(self, index: int, hand_now: Mask) -> float:
        """The likelihood (relative, see the class) of the plays of rival `self.rivals[index]`
        had it held `hand_now` and the cards it played since; 0 once below the floor."""
        rival = self.rivals[index]
        held_seat, held_card = self._held_card
        if self._kernel is not None:
            return float(
                self._kernel.rival_weight(
                    self._packed[index], hand_now, rival, self._trump, self._next_seat,
                    held_seat, held_card, self.miss, self.floor, self.trust,
                )
            )  # fmt: skip
        know = self._know
        floor = self.floor
        weight = 1.0
        mixed = self.trust < 1.0
        scale = 1.0  # with `trust` below 1: the model's sum over the cards of each choice
        uniform = 1.0  # and the likelihood of choosing alike
        for (
            card,
            later,
            played,
            led,
            best,
            best_seat,
            points,
            remaining,
            voids,
            held,
        ) in self._decisions[index]:
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
            stray = pick != card and not interchangeable(pick, card, know.unseen)
            if mixed:
                choices = _choices(legal, know.unseen)
                scale *= 1.0 + self.miss
                uniform /= choices
                if stray:
                    weight *= self.miss / max(choices - 1, 1)
            elif stray:
                weight *= self.miss / max(_choices(legal, know.unseen) - 1, 1)
                if weight < floor or not weight:
                    return 0.0
        if mixed:
            weight = self.trust * (weight / scale) + (1.0 - self.trust) * uniform
            if weight < floor:
                return 0.0
        return weight


def _choices(legal: Mask, others: Mask) -> int:
    """How many of the `legal` cards play differently (of several cards that play the same, see
    `interchangeable()`, one)."""
    count = 0
    last = -1
    cards = legal
    while cards:
        low = cards & -cards
        card = low.bit_length() - 1
        cards ^= low
        if last < 0 or not interchangeable(last, card, others):
            count += 1
            last = card
    return count


_PACK: Final = struct.Struct("<QQQbbbbbbbb")
"""One `_Decision` for the compiled kernel: later, remaining, voids (8 bytes each), then card,
played, led, best, best seat, points, held (one byte each) and a pad byte."""


def _pack(decisions: list[_Decision]) -> bytes:
    """A rival's decisions as the compiled kernel's `rival_weight()` reads them."""
    return b"".join(
        _PACK.pack(later, remaining, voids, card, played, led, best, best_seat, points, held, 0)
        for card, later, played, led, best, best_seat, points, remaining, voids, held in decisions
    )
