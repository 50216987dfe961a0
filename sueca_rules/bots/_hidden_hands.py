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
from typing import TYPE_CHECKING, Final, Literal, NamedTuple, TypeAlias

from .._cards import DECK_MASK, SUIT_MASKS
from .._kernel._bits import (
    ABOVE,
    POINTS,
    CardIndex,
    Mask,
    Seat,
    SuitIndex,
    VoidMask,
    interchangeable,
)
from .._kernel._deal import deal_to_seats, random_subset
from .._rules import BEATS
from ._rules_of_thumb import SeatKnowledge, follow_card, lead_card
from ._table import history, proven_revokes

if TYPE_CHECKING:
    from .._match import Observation

__all__ = ["READINGS", "Likelihood", "Reading", "Sampler", "history", "sample_hands"]

Reading: TypeAlias = Literal["rules", "search"]
"""How levels 4 and 5 read the rivals' cards so far (their `reading` option): `"rules"`, each
rival as a player of the rules of thumb or one who might have played any card; `"search"`, each
rival as a player who looks ahead (see `Likelihood`)."""
READINGS: Final[tuple[Reading, ...]] = ("rules", "search")
"""Every `Reading`."""


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


class Choice(NamedTuple):
    """A play where a player had more than one legal card to choose from, with the public state
    before it."""

    card: CardIndex
    """The card played."""
    hand: Mask
    """The hand it was played from."""
    legal: Mask
    """The hand's legal cards (the cards of the suit led, if any, else the whole hand)."""
    follows: bool
    """Whether the hand held a card of the suit led."""
    led: SuitIndex
    """The suit led (0 when it leads)."""
    best: CardIndex
    """The card winning the trick so far (0 when it leads)."""
    best_seat: Seat
    """Whose card that is."""
    points: int
    """The points in the trick so far."""
    played: int
    """How many cards of the trick were down (0: it leads)."""
    pick: CardIndex
    """The rules of thumb's card there."""


_new_choice: Final = tuple.__new__
"""`Choice(...)` without its `__new__` written in Python (one is made for each rival play of each
hand weighed: the pure kernel's hot path)."""


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

    With `searcher`, a rival is read instead as a player who looks ahead: each of its plays
    weighs the chance `searcher_chance()` gives it, a model fitted to the cards level 4 plays
    (level 5's reading; rivals who search, as levels 4 and 5 and other players of sampled deals
    do, stray from the rules of thumb in ways that point the wrong way). `miss` is then only the
    weight of a renúncia, and with `trust` below 1 the mixture is of that model and choosing
    alike.

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
        searcher: bool = False,
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
        self.searcher = searcher
        """Whether a rival is read as a searching player (`searcher_chance()`) instead of by the
        rules of thumb (see the class)."""
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
                floor, trust, int(searcher), *self._memo,
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

    def choices(self, index: int, hand_now: Mask) -> Iterator[Choice]:
        """The plays of rival `self.rivals[index]` where it had a choice, had it held `hand_now`
        and the cards it played since: each with the rules of thumb's card there. While a choice
        is looked at, `self.knowledge` is what the rival knew then."""
        rival = self.rivals[index]
        know = self._know
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
            yield _new_choice(
                Choice,
                (card, hand, legal, bool(follow), led, best, best_seat, points, played, pick),
            )

    @property
    def knowledge(self) -> SeatKnowledge:
        """What the rival knew at the choice `choices()` last gave."""
        return self._know

    def rival_weight(self, index: int, hand_now: Mask) -> float:
        """The likelihood (relative, see the class) of the plays of rival `self.rivals[index]`
        had it held `hand_now` and the cards it played since; 0 once below the floor."""
        rival = self.rivals[index]
        held_seat, held_card = self._held_card
        if self._kernel is not None:
            return float(
                self._kernel.rival_weight(
                    self._packed[index], hand_now, rival, self._trump, self._next_seat,
                    held_seat, held_card, self.miss, self.floor, self.trust, int(self.searcher),
                )
            )  # fmt: skip
        know = self._know
        floor = self.floor
        weight = 1.0
        mixed = self.trust < 1.0
        scale = 1.0  # with `trust` below 1: the model's sum over the cards of each choice
        uniform = 1.0  # and the likelihood of choosing alike
        for choice in self.choices(index, hand_now):
            card, _, legal, _, _, _, _, _, _, pick = choice
            if self.searcher:
                chance, choices = searcher_chance(choice, rival, know)
                if not legal >> card & 1:
                    chance = self.miss  # a renúncia
                uniform /= choices
                weight *= chance
                if not mixed and (weight < floor or not weight):
                    return 0.0
                continue
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
            if self.searcher:
                scale = 1.0
            weight = self.trust * (weight / scale) + (1.0 - self.trust) * uniform
            if weight < floor:
                return 0.0
        return weight


SEARCHER_LEAD: Final[tuple[float, ...]] = (
    0.33, -1.12, 0.1, 0.52, -0.39, 0.36, 0.69, -0.02, 0.04, 1.26, 2.17, -0.29, -0.84,
)  # fmt: skip
"""The weights of `searcher_features()`' lead features, fitted to level 4's leads
(`benchmarks/reading.py`; the compiled kernel holds the same numbers)."""
SEARCHER_FOLLOW: Final[tuple[float, ...]] = (
    0.81, 0.06, -0.23, 1.22, -1.28, 0.64, -1.29, -0.39, 1.2, 0.36, 0.5, -0.57,
    -0.23, 0.23, -0.41, -0.31,
)  # fmt: skip
"""The weights of the features of a card played to a trick already led (see `SEARCHER_LEAD`)."""


def searcher_features(
    choice: Choice, seat: Seat, know: SeatKnowledge
) -> list[tuple[Mask, tuple[float, ...]]]:
    """The legal cards that play differently (several that play alike, see `interchangeable()`,
    as one: the lowest stands for them), each with its features as `searcher_chance()` scores
    them: with a trick led (`played` cards in it, `best` winning it for `best_seat`, `points` in
    it), whether it is the rules of thumb's card (`pick`), its points, whether it cuts, wins the
    trick, overtakes the partner, gives points to the partner or to a rival, ... (see the
    tuples below); leading, whether it is `pick`, its points, whether it is a trump, the master
    of its suit, the length of its suit, ... Each feature is a number; the order is the
    weights'."""
    hand, legal, follows, pick = choice.hand, choice.legal, choice.follows, choice.pick
    played = choice.played
    led, best, best_seat, points = choice.led, choice.best, choice.best_seat, choice.points
    unseen = know.unseen
    trump = know.trump
    beats = BEATS[trump]
    partner = seat ^ 2
    out: list[tuple[Mask, tuple[float, ...]]] = []
    for c, alike in _groups(legal, unseen):
        suit = c // 10
        in_suit = hand & SUIT_MASKS[suit]
        high = float(not in_suit & ABOVE[c])
        lowest_card = float(not in_suit & ((1 << c) - 1))
        master = float(not unseen & ABOVE[c])
        pts = POINTS[c] / 10
        is_trump = float(suit == trump)
        is_pick = float(alike >> pick & 1)
        features: tuple[float, ...]
        if played:
            wins = float(beats[best * 40 + c])
            partner_wins = float(best_seat == partner)
            features = (
                is_pick, pts, float(suit == trump and led != trump), wins, wins * partner_wins,
                pts * partner_wins, pts * (1.0 - partner_wins) * (1.0 - wins),
                wins * float(played == 3), points / 10 * wins, high, lowest_card, master, is_trump,
                float(not follows and suit != trump), wins * float(played == 1), pts * wins,
            )  # fmt: skip
        else:
            rival_void = float(
                bool(know.voids >> (4 * know.next_seat[seat] + suit) & 1)
                or bool(know.voids >> (4 * know.next_seat[partner] + suit) & 1)
            )
            partner_void = float(know.voids >> (4 * partner + suit) & 1)
            trumps = (hand & SUIT_MASKS[trump]).bit_count()
            features = (
                is_pick, pts, is_trump, master, in_suit.bit_count() / 10, high, lowest_card,
                rival_void * (1.0 - is_trump), partner_void * (1.0 - is_trump), master * pts,
                is_trump * trumps / 10, high * (1.0 - master), master * is_trump,
            )  # fmt: skip
        out.append((alike, features))
    return out


def searcher_chance(choice: Choice, seat: Seat, know: SeatKnowledge) -> tuple[float, int]:
    """The chance that a searching player plays `card` of its `legal` cards (0 for a card not
    among them), and how many of them play differently: a softmax over the cards of
    `searcher_features()` of a linear score of their features (weights `SEARCHER_FOLLOW` or
    `SEARCHER_LEAD`). The model was fitted to the cards level 4 plays (`benchmarks/reading.py`):
    it stands for a player who looks ahead, as levels 4 and 5 and other searching players do,
    where the rules of thumb stand for one who does not."""
    weights = SEARCHER_FOLLOW if choice.played else SEARCHER_LEAD
    card = choice.card
    scores: list[float] = []
    chosen = -1
    for cards, features in searcher_features(choice, seat, know):
        score = 0.0
        for weight, feature in zip(weights, features, strict=True):
            score += weight * feature
        if cards >> card & 1:
            chosen = len(scores)
        scores.append(score)
    if chosen < 0:
        return 0.0, len(scores)
    top = max(scores)
    total = 0.0
    for score in scores:
        total += _exp(score - top)
    return _exp(scores[chosen] - top) / total, len(scores)


_LN2: Final = 0.6931471805599453


def _exp(x: float) -> float:
    """e to the `x` (`x <= 0`), to about 1e-15, from the four operations alone (a power of two
    times a Taylor polynomial of the remainder): the same number on every machine and in the
    compiled kernel, where a library's `exp` may differ in its last digit."""
    k = math.floor(x / _LN2 + 0.5)
    r = x - k * _LN2
    term = 1.0
    for n in range(13, 0, -1):
        term = 1.0 + term * r / n
    return math.ldexp(term, k)


def _groups(legal: Mask, others: Mask) -> list[tuple[CardIndex, Mask]]:
    """The `legal` cards that play differently, lowest first: several cards that play the same
    (see `interchangeable()`, `others` the cards neither in the hand nor played) as one group,
    each given as its lowest card and the group's cards."""
    out: list[tuple[CardIndex, Mask]] = []
    last = -1
    cards = legal
    while cards:
        low = cards & -cards
        card = low.bit_length() - 1
        cards ^= low
        if last >= 0 and interchangeable(last, card, others):
            out[-1] = (out[-1][0], out[-1][1] | low)
        else:
            out.append((card, low))
            last = card
    return out


def _choices(legal: Mask, others: Mask) -> int:
    """How many of the `legal` cards play differently (of several cards that play the same, see
    `interchangeable()`, one)."""
    return len(_groups(legal, others))


_PACK: Final = struct.Struct("<QQQbbbbbbbb")
"""One `_Decision` for the compiled kernel: later, remaining, voids (8 bytes each), then card,
played, led, best, best seat, points, held (one byte each) and a pad byte."""


def _pack(decisions: list[_Decision]) -> bytes:
    """A rival's decisions as the compiled kernel's `rival_weight()` reads them."""
    return b"".join(
        _PACK.pack(later, remaining, voids, card, played, led, best, best_seat, points, held, 0)
        for card, later, played, led, best, best_seat, points, remaining, voids, held in decisions
    )
