"""Deals played to their end on masks: with given cards, with any policy, or at random.

A `Position` is a deal in progress as plain integers. The rule facts (legal cards, who takes a
trick) are those of `sueca_rules._rules`; the play-outs apply `BEATS` one card at a time
(`TrickState`) instead of calling `trick_winner()` per trick, for speed. `tests/test_kernel.py`
checks every play-out here against `Match`.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator, Sequence
from operator import length_hint
from typing import Final, NamedTuple

from .._rules import BEATS, legal_mask, trick_winner
from ._bits import BIT, BITS10, POINTS, CardIndex, Mask, NextSeat, Seat, SuitIndex

__all__ = [
    "Outcome",
    "Policy",
    "Position",
    "TrickState",
    "play_cards",
    "playout",
    "random_playout",
    "seat_to_play",
    "trick_standing",
]


class Position(NamedTuple):
    """A deal in progress."""

    hands: Sequence[Mask]
    """The four hands, by seat."""
    trump: SuitIndex
    """The trump suit."""
    leader: Seat
    """The seat that led the trick under way (or leads the next one)."""
    trick: Sequence[CardIndex]
    """The cards of the trick under way, in play order (empty between tricks)."""
    points: Sequence[int]
    """The card points of team 0 and team 1 so far."""
    tricks_won: Sequence[int]
    """The tricks team 0 and team 1 have taken so far."""
    next_seat: NextSeat
    """`next_seat[s]`: the seat that plays after `s`."""


Outcome = tuple[int, int, int, int]
"""The end of a deal: `(points0, points1, tricks0, tricks1)`."""

Policy = Callable[[Seat, Sequence[Mask], Mask, Sequence[CardIndex], Seat], CardIndex]
"""A play-out policy: `policy(seat, hands, legal, trick, leader) -> card`. `hands` are the four hand
masks now, `legal` the mask of the cards `seat` may play, `trick` the cards of the current trick so
far (led by `leader`). It must return a card of `legal`."""


def seat_to_play(leader: Seat, trick: Sequence[CardIndex], next_seat: NextSeat) -> Seat:
    """The seat whose turn it is in a trick led by `leader` with `trick` played so far."""
    seat = leader
    for _ in range(len(trick)):
        seat = next_seat[seat]
    return seat


class TrickState(NamedTuple):
    """Where the trick under way stands, as a play-out carries it card by card."""

    played: int
    """Cards played to it so far (0 to 3)."""
    led: SuitIndex
    """The suit led (0 while no card is played)."""
    best: CardIndex
    """The card winning it so far (0 while no card is played)."""
    best_seat: Seat
    """The seat of that card."""
    points: int
    """The points in it so far."""
    to_play: Seat
    """The seat to play next."""

    @classmethod
    def of(cls, position: Position) -> TrickState:
        """The state of `position`'s trick under way."""
        trick = position.trick
        to_play = seat_to_play(position.leader, trick, position.next_seat)
        if not trick:
            return cls(0, 0, 0, 0, 0, to_play)
        best, winner, points = trick_standing(
            trick, position.leader, position.trump, position.next_seat
        )
        return cls(len(trick), trick[0] // 10, best, winner, points, to_play)


def trick_standing(
    trick: Sequence[CardIndex], leader: Seat, trump: SuitIndex, next_seat: NextSeat
) -> tuple[CardIndex, Seat, int]:
    """Where a trick under way stands: the card winning it, that card's seat (see `trick_winner()`)
    and the points in it so far."""
    winner = trick_winner(trick, leader, trump, next_seat)
    seat = leader
    index = 0  # the winner's card is the index-th of the trick
    while seat != winner:
        seat = next_seat[seat]
        index += 1
    return trick[index], winner, sum([POINTS[c] for c in trick])


def play_cards(position: Position, cards: Sequence[CardIndex]) -> Position:
    """The position after `cards` are played in order from `position`.

    The cards are not checked: give only legal ones (see `legal_mask()`).
    """
    hands = list(position.hands)
    trick = list(position.trick)
    points = list(position.points)
    won = list(position.tricks_won)
    leader = position.leader
    next_seat = position.next_seat
    for card in cards:
        hands[seat_to_play(leader, trick, next_seat)] &= ~BIT[card]
        trick.append(card)
        if len(trick) == 4:
            winner = trick_winner(trick, leader, position.trump, next_seat)
            points[winner & 1] += sum([POINTS[c] for c in trick])
            won[winner & 1] += 1
            trick.clear()
            leader = winner
    return Position(hands, position.trump, leader, trick, points, won, next_seat)


def playout(position: Position, policy: Policy) -> Outcome:
    """Play the deal to its end choosing every card with `policy`.

    `policy` must return a card of the legal mask it is given (a `ValueError` otherwise).
    """
    while True:
        seat = seat_to_play(position.leader, position.trick, position.next_seat)
        hand = position.hands[seat]
        if not hand:
            break
        legal = legal_mask(hand, position.trick)
        card = policy(seat, tuple(position.hands), legal, tuple(position.trick), position.leader)
        if not 0 <= card < 40 or not legal >> card & 1:
            raise ValueError(f"the policy chose card {card}, not a legal card for seat {seat}")
        position = play_cards(position, (card,))
    points, won = position.points, position.tricks_won
    return points[0], points[1], won[0], won[1]


def _uniform_pick(choices: bytes) -> bytes:
    """A table from a random byte `r` to `choices[r % n]`, or `_DRAW_AGAIN` for the top `256 % n`
    bytes, so that each of the `n` choices is exactly as likely."""
    n = len(choices)
    return choices * (256 // n) + bytes([_DRAW_AGAIN]) * (256 % n) if n else b""


@functools.cache
def _followers(next_seat: tuple[Seat, ...]) -> tuple[tuple[Seat, Seat, Seat], ...]:
    """`_followers(next_seat)[s]`: the three seats that play after `s` in a trick, in order
    (worked out once per order of play)."""
    out = []
    for seat in range(4):
        first = next_seat[seat]
        second = next_seat[first]
        out.append((first, second, next_seat[second]))
    return tuple(out)


_DRAW_AGAIN: Final = 255
_PICK_INDEX: Final = tuple(_uniform_pick(bytes(range(n))) for n in range(11))
"""`_PICK_INDEX[n][r]`: one of `0..n-1` for a random byte."""
_PICK_RANK: Final = tuple(_uniform_pick(bytes(ranks)) for ranks in BITS10)
"""`_PICK_RANK[pattern][r]`: one of the ranks of a suit's 10-bit pattern for a random byte."""
_SKIP: Final = tuple(range(k) for k in range(11))
_PICK_SKIP: Final = tuple(
    tuple(None if index == _DRAW_AGAIN else _SKIP[index] for index in table)
    for table in _PICK_INDEX
)
"""`_PICK_SKIP[n][r]`: `range(_PICK_INDEX[n][r])`, the cards to pass over from the lowest (`None`
for a byte passed over)."""
_BEATS_ROWS: Final = tuple(
    tuple(BEATS[trump][best * 40 : best * 40 + 40] for best in range(40)) for trump in range(4)
)
"""`_BEATS_ROWS[trump][best][card]`: `BEATS[trump][best * 40 + card]`, a row per card."""
_LEADS: Final = tuple(
    {BIT[card]: (card // 10 * 10, _BEATS_ROWS[trump][card], POINTS[card]) for card in range(40)}
    for trump in range(4)
)
"""`_LEADS[trump][BIT[card]]`, for a card led: the first card of its suit, its row of
`_BEATS_ROWS` and its points."""
_CARD_OF_BIT: Final = {BIT[card]: card for card in range(40)}


def _draw_more(pick: bytes, rng: random.Random) -> tuple[int, Iterator[int]]:
    """Once the random bytes drawn so far are used up: the value of `pick` for the first byte of
    fresh ones (drawn 16 at a time) that is not `_DRAW_AGAIN`, and the bytes left after it."""
    while True:
        stream = iter(rng.randbytes(16))
        for r in stream:
            value = pick[r]
            if value != _DRAW_AGAIN:
                return value, stream


def _trick_under_way(
    position: Position, after: Sequence[tuple[Seat, Seat, Seat]]
) -> tuple[Sequence[Seat], SuitIndex, CardIndex, Seat, int, Seat]:
    """For `random_playout()`: the seats yet to play to `position`'s trick under way (at least one
    card played), then as `TrickState` the suit led, the best card, its seat, the points and the
    seat to play."""
    played, led, best, best_seat, points, seat = TrickState.of(position)
    return (seat, *after[seat])[: 4 - played], led, best, best_seat, points, seat


def random_playout(position: Position, rng: random.Random) -> Outcome:
    """Play the deal to its end with uniformly random legal cards.

    Each card is chosen with one random byte `r` (bytes drawn 64, then 16 at a time, with
    `rng.randbytes`): following suit, the cards of the suit led held, strongest first, and the card
    at `r % n`; leading or out of the suit led, the cards of the hand from the lowest-numbered and
    the card at `r % n`. A byte in the top `256 % n` is passed over (then the next one decides), so
    that every legal card is exactly as likely.
    """
    # The hot loop: one trick a turn, its lead then the seats after the leader (`_followers`),
    # each card chosen by table (`_PICK_SKIP`, `_PICK_RANK`), the trick's winner kept as a row of
    # `BEATS`; every seat yet to play to a trick holds `size` cards.
    hands = list(position.hands)
    points0, points1 = position.points
    tricks0, tricks1 = position.tricks_won
    trump = position.trump
    rows = _BEATS_ROWS[trump]
    leads = _LEADS[trump]
    next_seat = tuple(position.next_seat)
    after = _followers(next_seat)
    pick_rank = _PICK_RANK
    pick_skip = _PICK_SKIP
    bit_of = BIT
    points_of = POINTS
    card_of = _CARD_OF_BIT
    stream = iter(rng.randbytes(64))
    if position.trick:
        followers, led, best, best_seat, trick_points, seat = _trick_under_way(position, after)
    else:  # the lead sets the rest
        followers, led, best, best_seat, trick_points = (), 0, 0, position.leader, 0
        seat = best_seat
    shift = 10 * led
    row = rows[best]
    size = hands[seat].bit_count()
    pick_any = pick_skip[size]
    while True:
        if not followers:  # a trick to lead: by `best_seat`, who took the last one
            if size < 2:
                break
            seat = best_seat
            hand = rest = hands[seat]
            for r in stream:
                skipped = pick_any[r]
                if skipped is not None:
                    break
            else:
                index, stream = _draw_more(_PICK_INDEX[size], rng)
                skipped = _SKIP[index]
            for _ in skipped:
                rest &= rest - 1  # drop the lowest card
            card = rest & -rest
            hands[seat] = hand ^ card
            shift, row, trick_points = leads[card]
            followers = after[seat]
        for seat in followers:
            hand = hands[seat]
            pick = pick_rank[hand >> shift & 1023]
            if pick:  # following suit
                for r in stream:
                    card = pick[r]
                    if card != 255:  # _DRAW_AGAIN
                        break
                else:
                    card, stream = _draw_more(pick, rng)
                card += shift
                hands[seat] = hand ^ bit_of[card]
            else:  # out of the suit led: the lead's pick above, inlined again (a call a card costs)
                for r in stream:
                    skipped = pick_any[r]
                    if skipped is not None:
                        break
                else:
                    index, stream = _draw_more(_PICK_INDEX[size], rng)
                    skipped = _SKIP[index]
                rest = hand
                for _ in skipped:
                    rest &= rest - 1  # drop the lowest card
                rest &= -rest
                hands[seat] = hand ^ rest
                card = card_of[rest]
            trick_points += points_of[card]
            if row[card]:
                row = rows[card]
                best_seat = seat
        if best_seat & 1:  # _rules.team_of, inlined
            points1 += trick_points
            tricks1 += 1
        else:
            points0 += trick_points
            tricks0 += 1
        followers = ()
        size -= 1
        pick_any = pick_skip[size]
    if size:  # the last trick: every seat plays its last card, for one byte (never passed over)
        if length_hint(stream) < 4:
            rng.randbytes(16)  # the bytes the last cards would have drawn
        _, row, trick_points = leads[hands[best_seat]]
        for seat in after[best_seat]:
            card = card_of[hands[seat]]
            trick_points += points_of[card]
            if row[card]:
                row = rows[card]
                best_seat = seat
        if best_seat & 1:
            points1 += trick_points
            tricks1 += 1
        else:
            points0 += trick_points
            tricks0 += 1
    return points0, points1, tricks0, tricks1
