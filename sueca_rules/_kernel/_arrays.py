"""Many random deals at once with NumPy (the optional `numpy` extra).

`random_playouts()` plays N deals out with random legal cards as arrays: each of the 40 steps is a
handful of whole-array operations on the hands of all the deals (masks, looked up ten bits at a
time), several times faster than deal by deal in Python (for a study of random play written on
it: `sueca simulate` itself plays deal by deal). The choices are those of `playout()` with the
policy of `uniform_policy()` fed the same numbers (`tests/test_kernel.py` checks deal for deal),
and `random_deals()` deals hands as `deal_hands()` does: every deal equally likely.

Nothing in the library imports this module unless asked to; it needs `numpy`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from .._rules import BEATS
from ._bits import BITS10, POINTS, POP10, CardIndex, Mask, NextSeat, Seat
from ._deal import nth_card
from ._playouts import Policy

__all__ = ["random_deals", "random_playouts", "uniform_policy"]

_POINTS = np.array(POINTS, dtype=np.int64)
_BEATS = np.array([np.frombuffer(table, dtype=np.uint8).reshape(40, 40) for table in BEATS])
"""`_BEATS[trump, best, card]`: 1 when `card` takes the trick from `best`."""
_COUNT = np.array(POP10, dtype=np.int64)
"""`_COUNT[pattern]`: the cards in a suit's 10-bit pattern."""
_ASCENDING = np.array(
    [[*sorted(ranks), *[0] * (10 - len(ranks))] for ranks in BITS10], dtype=np.int64
)
"""`_ASCENDING[pattern, i]`: the `i`-th lowest rank of a suit's 10-bit pattern."""
_SHIFTS = np.array([0, 10, 20, 30], dtype=np.int64)


def random_deals(count: int, rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """`count` random deals as a `(count, 4)` table of hand masks (bit `c` of `[d, s]` is set when
    seat `s` holds card `c` in deal `d`): a random order of the 40 cards, cut in four."""
    order = np.argsort(rng.random((count, 40)), axis=1)
    bits = np.left_shift(np.int64(1), order)
    return np.stack(
        [np.bitwise_or.reduce(bits[:, 10 * s : 10 * s + 10], axis=1) for s in range(4)], axis=1
    )


def random_playouts(
    hands: npt.NDArray[np.int64],
    trumps: npt.NDArray[np.integer],
    leader: Seat,
    next_seat: NextSeat,
    uniforms: npt.NDArray[np.floating],
) -> npt.NDArray[np.int64]:
    """Play whole deals out with random legal cards: `hands` as `random_deals()` gives them,
    `trumps` the trump suit of each deal, `leader` the first leader of all of them, `uniforms` an
    `(N, 40)` table of numbers in [0, 1): the `k`-th card of deal `d` is the legal card at
    `int(uniforms[d, k] * n)` of its `n` legal cards, counted from the lowest-numbered. Returns an
    `(N, 4)` table: points of team 0 and team 1, tricks of team 0 and team 1.

    Each step works on the four 10-bit suit patterns of the hand to play: following suit, the
    card is a rank of the suit led's pattern; otherwise the running count of cards by suit
    finds the suit, then the rank.
    """
    count = hands.shape[0]
    hands = hands.copy()
    rows = np.arange(count)
    step = np.asarray(next_seat, dtype=np.int64)
    trump_of = np.asarray(trumps, dtype=np.int64)
    out = np.zeros((count, 4), dtype=np.int64)
    seat = np.full(count, leader, dtype=np.int64)
    led = best = best_seat = points = seat
    for trick in range(10):
        for place in range(4):
            hand = hands[rows, seat]
            patterns = (hand[:, None] >> _SHIFTS) & 1023  # (N, 4)
            counts = _COUNT[patterns]
            running = np.cumsum(counts, axis=1)
            pick = (uniforms[:, 4 * trick + place] * running[:, 3]).astype(np.int64)
            suit = np.argmax(running > pick[:, None], axis=1)
            within = pick - running[rows, suit] + counts[rows, suit]
            if place:
                follow = patterns[rows, led]
                following = follow > 0
                within = np.where(
                    following, (uniforms[:, 4 * trick + place] * _COUNT[follow]).astype(np.int64),
                    within,
                )  # fmt: skip
                suit = np.where(following, led, suit)
            card = 10 * suit + _ASCENDING[patterns[rows, suit], within]
            hands[rows, seat] = hand & ~np.left_shift(np.int64(1), card)
            if place:
                points = points + _POINTS[card]
                takes = _BEATS[trump_of, best, card].astype(bool)
                best = np.where(takes, card, best)
                best_seat = np.where(takes, seat, best_seat)
            else:
                led = suit
                best = card
                best_seat = seat
                points = _POINTS[card]
            seat = step[seat]
        team = best_seat & 1
        out[rows, team] += points
        out[rows, 2 + team] += 1
        seat = best_seat
    return out


def uniform_policy(uniforms: Sequence[float]) -> Policy:
    """The policy `random_playouts()` follows, for one deal and `playout()`: the `k`-th card played
    is the legal card at `int(uniforms[k] * n)`, counted from the lowest-numbered."""
    numbers = iter(uniforms)

    def policy(
        seat: Seat, hands: Sequence[Mask], legal: Mask, trick: Sequence[CardIndex], lead: Seat
    ) -> CardIndex:
        return nth_card(legal, int(next(numbers) * legal.bit_count()))

    return policy
