"""Deals played to their end on masks: with given cards, with any policy, or at random.

A `Position` is a deal in progress as plain integers. The rule facts (legal cards, who takes a
trick) are those of `sueca_rules._rules`; the play-outs apply `BEATS` one card at a time
(`TrickState`) instead of calling `trick_winner()` per trick, for speed. `tests/test_kernel.py`
checks every play-out here against `Match`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Final, NamedTuple

from .._rules import BEATS, legal_mask, trick_winner
from ._bits import BIT, BITS10, POINTS, CardIndex, Mask, NextSeat, Seat, SuitIndex
from ._deal import nth_card

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


def _followers(next_seat: NextSeat) -> tuple[tuple[Seat, Seat, Seat], ...]:
    """`_followers(next_seat)[s]`: the three seats that play after `s` in a trick, in order
    (worked out once per order of play, kept in `_AFTER`)."""
    out = []
    for seat in range(4):
        first = next_seat[seat]
        second = next_seat[first]
        out.append((first, second, next_seat[second]))
    followers = _AFTER.setdefault(tuple(next_seat), tuple(out))
    _ORDER.setdefault(followers, tuple((seat, *followers[seat]) for seat in range(4)))
    return followers


_AFTER: Final[dict[tuple[Seat, ...], tuple[tuple[Seat, Seat, Seat], ...]]] = {}
"""`_followers()` by order of play (at most 24 orders)."""
_ORDER: Final[dict[tuple[tuple[Seat, Seat, Seat], ...], tuple[tuple[Seat, ...], ...]]] = {}
"""By `_followers()`: for each leader, the four seats of its trick in order, the leader first."""


_NO_SUIT: Final[tuple[bytes | None, ...]] = (None,) * 1024
"""For `random_playout()`'s leader: the table of the suit led (see `_LEADS`) before there is one,
no card of any hand following it."""
_DRAW_AGAIN: Final = 255
_PICK_INDEX: Final = tuple(_uniform_pick(bytes(range(n))) for n in range(11))
"""`_PICK_INDEX[n][r]`: one of `0..n-1` for a random byte."""
_PICK_CARD: Final = tuple(
    tuple(_uniform_pick(bytes(10 * suit + rank for rank in ranks)) for ranks in BITS10)
    for suit in range(4)
)
"""`_PICK_CARD[suit][pattern][r]`: one of the cards of a suit's 10-bit pattern (strongest first)
for a random byte."""
_SKIP: Final = tuple(range(k) for k in range(11))
_PICK_SKIP: Final = tuple(
    tuple(None if index == _DRAW_AGAIN else _SKIP[index] for index in table)
    for table in _PICK_INDEX
)
"""`_PICK_SKIP[n][r]`: `range(_PICK_INDEX[n][r])`, the cards to pass over from the lowest (`None`
for a byte passed over)."""
_BEATS_ROWS: Final = tuple(
    tuple(tuple(BEATS[trump][best * 40 : best * 40 + 40]) for best in range(40))
    for trump in range(4)
)
"""`_BEATS_ROWS[trump][best][card]`: `BEATS[trump][best * 40 + card]`, a row per card."""
_Lead = tuple[int, tuple[bytes, ...], tuple[int, ...], int]
_LEADS: Final[tuple[tuple[_Lead, ...], ...]] = tuple(
    (
        (0, (), (), 0),  # no card: by `card + 1`, the bit length of the card's bit
        *(
            (card // 10 * 10, _PICK_CARD[card // 10], _BEATS_ROWS[trump][card], POINTS[card])
            for card in range(40)
        ),
    )
    for trump in range(4)
)
"""`_LEADS[trump][card + 1]` (`BIT[card].bit_length()`), for a card led: the first card of its
suit, its `_PICK_CARD` tables, its row of `_BEATS_ROWS` and its points."""


def _draw_more(pick: bytes, rng: random.Random) -> tuple[int, Iterator[int]]:
    """Once the random bytes drawn so far are used up: the value of `pick` for the first byte of
    fresh ones (drawn 16 at a time) that is not `_DRAW_AGAIN`, and the bytes left after it."""
    while True:
        stream = iter(rng.randbytes(16))
        for r in stream:
            value = pick[r]
            if value != _DRAW_AGAIN:
                return value, stream


def _pick(table: bytes, stream: Iterator[int], rng: random.Random) -> tuple[int, Iterator[int]]:
    """The value of `table` for the next random byte that is not passed over, and the bytes left."""
    for r in stream:
        value = table[r]
        if value != _DRAW_AGAIN:
            return value, stream
    return _draw_more(table, rng)


def _finish_trick(
    position: Position, hands: list[Mask], stream: Iterator[int], rng: random.Random
) -> tuple[Seat, list[int], list[int], Iterator[int]]:
    """For `random_playout()`: the trick under way in `position` played to its end by the same
    byte rule (`hands` are updated); the seat that takes it, the teams' points and tricks after
    it and the bytes left."""
    played, led, best, best_seat, points, seat = TrickState.of(position)
    row = _BEATS_ROWS[position.trump][best]
    for _ in range(4 - played):
        hand = hands[seat]
        pattern = hand >> 10 * led & 1023
        if not hand & hand - 1:  # the last card of the hand
            card = hand.bit_length() - 1
        elif pattern:
            card, stream = _pick(_PICK_CARD[led][pattern], stream, rng)
        else:
            index, stream = _pick(_PICK_INDEX[hand.bit_count()], stream, rng)
            card = nth_card(hand, index)
        hands[seat] = hand ^ BIT[card]
        points += POINTS[card]
        if row[card]:
            row = _BEATS_ROWS[position.trump][card]
            best_seat = seat
        seat = position.next_seat[seat]
    team_points, tricks_won = list(position.points), list(position.tricks_won)
    team_points[best_seat & 1] += points
    tricks_won[best_seat & 1] += 1
    return best_seat, team_points, tricks_won, stream


def random_playout(position: Position, rng: random.Random) -> Outcome:
    """Play the deal to its end with uniformly random legal cards.

    Each card is chosen with one random byte `r` (bytes drawn 64, then 16 at a time, with
    `rng.randbytes`): following suit, the cards of the suit led held, strongest first, and the card
    at `r % n`; leading or out of the suit led, the cards of the hand from the lowest-numbered and
    the card at `r % n`. A byte in the top `256 % n` is passed over (then the next one decides), so
    that every legal card is exactly as likely. A seat's last card is played without a byte.
    """
    # A trick under way is finished first (`_finish_trick`, not the hot loop). The hot loop: one
    # trick a turn, its lead then the seats after the leader (`_followers`), each card chosen by
    # table (`_PICK_SKIP`, `_PICK_CARD`), the trick's winner kept as a row of `BEATS`; every seat
    # yet to play to a trick holds `size` cards.
    hands, trump, leader, trick, (points0, points1), (tricks0, tricks1), next_seat = position
    hands = list(hands)
    rows = _BEATS_ROWS[trump]
    leads = _LEADS[trump]
    try:
        after = _AFTER[next_seat]  # type: ignore[index]  # a list is a TypeError, handled
    except (KeyError, TypeError):
        after = _followers(next_seat)
    order = _ORDER[after]
    pick_skip = _PICK_SKIP
    bit_of = BIT
    points_of = POINTS
    stream = iter(rng.randbytes(64))
    best_seat = leader
    if trick:  # finish the trick under way first (not the hot loop)
        best_seat, (points0, points1), (tricks0, tricks1), stream = _finish_trick(
            position, hands, stream, rng
        )
    size = hands[best_seat].bit_count()
    pick_any = pick_skip[size]
    while size > 1:  # a trick led by `best_seat`, who took the last one
        # The leader picks as a seat out of the suit led does: any card (no suit to follow yet).
        shift = 0
        pick_rank = _NO_SUIT
        for seat in order[best_seat]:
            hand = hands[seat]
            pick = pick_rank[hand >> shift & 1023]
            if pick:  # following suit
                for r in stream:
                    card = pick[r]
                    if card != 255:  # _DRAW_AGAIN
                        break
                else:
                    card, stream = _draw_more(pick, rng)
                hands[seat] = hand ^ bit_of[card]
            else:  # leading, or out of the suit led: any card
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
                if pick_rank is _NO_SUIT:  # the lead: its suit's tables, its points
                    shift, pick_rank, row, trick_points = leads[rest.bit_length()]
                    continue
                card = rest.bit_length() - 1
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
        size -= 1
        pick_any = pick_skip[size]
    if size:  # the last trick: every seat plays its last card (no byte drawn)
        _, _, row, trick_points = leads[hands[best_seat].bit_length()]
        for seat in after[best_seat]:
            card = hands[seat].bit_length() - 1
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
