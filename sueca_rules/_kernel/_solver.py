"""Exact end positions: the points both teams take when every hand is in view."""

from __future__ import annotations

from collections.abc import Callable

from .._rules import BEATS, trick_winner
from ._bits import ABOVE, BIT, POINTS, SUIT_MASKS, CardIndex, Mask, NextSeat, Seat, SuitIndex
from ._playouts import Position, TrickState

__all__ = ["CHECK_EVERY", "OutOfTime", "solve"]

CHECK_EVERY = 512
"""With a `stop` test, `solve()` asks it once every this many nodes of the search."""


class OutOfTime(Exception):  # noqa: N818 -- it is a signal, not an error
    """Raised by `solve()` (and the bots' sampling) when its `stop` test says the time is up."""


def solve(position: Position, stop: Callable[[], bool] | None = None) -> int:
    """The card points team 0 takes from `position` to the end of the deal (the points of the trick
    under way included) when both teams play perfectly with every hand in view.

    Exact minimax: alpha-beta within each trick, the value from each position at the start of
    a trick remembered (the same hands are reached again by playing a trick's cards in
    another order), and of several cards of one hand that play the same (no points, nothing
    still in play ranked between them) only one tried. Fast for the last three or four tricks;
    it grows tenfold with each trick before that.

    `stop` (optional) is asked every `CHECK_EVERY` nodes whether to give up (a clock's deadline, a
    node budget): when it answers `True`, `solve()` raises `OutOfTime`. The value does not depend
    on it.
    """
    played, led, best, best_seat, trick_points, seat = TrickState.of(position)
    search = _Search(list(position.hands), position.trump, position.next_seat, stop)
    if not played:
        return search.from_lead(seat, -1, 121)
    trick_mask = 0
    for card in position.trick:
        trick_mask |= BIT[card]
    return search.value(seat, played, led, best, best_seat, trick_points, trick_mask, -1, 121)


class _Search:
    """The search over one position's cards; the hands change while searching and are
    restored.

    The trick under way is carried card by card (its suit, winning card and seat, points and cards,
    with the `BEATS` table of the rule `beats()`) rather than worked out again at each node.
    """

    __slots__ = ("beats", "hands", "known", "next_seat", "stop", "ticks", "trump")

    def __init__(
        self,
        hands: list[Mask],
        trump: SuitIndex,
        next_seat: NextSeat,
        stop: Callable[[], bool] | None = None,
    ) -> None:
        self.stop = stop
        self.ticks = CHECK_EVERY if stop is not None else -1
        self.hands = hands
        self.trump = trump
        self.beats = BEATS[trump]
        self.next_seat = next_seat
        self.known: dict[tuple[Mask, Mask, Mask, Mask, Seat], tuple[int, int]] = {}

    def from_lead(self, leader: Seat, alpha: int, beta: int) -> int:
        """Team 0's points from the start of a trick led by `leader`, within the window
        `(alpha, beta)` (fail-soft: a value outside it is a bound on the true one). What each search
        showed is remembered as bounds on the value of those hands."""
        hands = self.hands
        hand = hands[leader]
        if not hand & (hand - 1):
            return self._last_trick(leader) if hand else 0
        key = (hands[0], hands[1], hands[2], hands[3], leader)
        low, high = self.known.get(key, (0, 120))
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        value = self.value(leader, 0, 0, 0, 0, 0, 0, max(alpha, low - 1), min(beta, high + 1))
        if value <= alpha:
            high = min(high, value)
        elif value >= beta:
            low = max(low, value)
        else:
            low = high = value
        self.known[key] = (low, high)
        return value

    def _last_trick(self, leader: Seat) -> int:
        """Team 0's points from the last trick (one card in each hand), led by `leader`."""
        hands = self.hands
        next_seat = self.next_seat
        cards = []
        seat = leader
        for _ in range(4):
            cards.append(hands[seat].bit_length() - 1)
            seat = next_seat[seat]
        winner = trick_winner(cards, leader, self.trump, next_seat)
        return (
            0
            if winner & 1
            else POINTS[cards[0]] + POINTS[cards[1]] + POINTS[cards[2]] + POINTS[cards[3]]
        )

    def value(
        self,
        seat: Seat,
        played: int,
        led: SuitIndex,
        best: CardIndex,
        best_seat: Seat,
        trick_points: int,
        trick_mask: Mask,
        alpha: int,
        beta: int,
    ) -> int:
        """Team 0's points from here (`seat` to play the card after `played` cards of a trick of
        suit `led` that `best` of `best_seat` wins with `trick_points` in it, the cards
        `trick_mask`), within the window `(alpha, beta)`."""
        if self.ticks > 0:
            self.ticks -= 1
            if not self.ticks:
                self.ticks = CHECK_EVERY
                assert self.stop is not None
                if self.stop():
                    raise OutOfTime
        hands = self.hands
        hand = hands[seat]
        legal = hand
        if played:
            # _rules.legal_mask, inlined: this runs at every node of the search.
            follow = hand & SUIT_MASKS[led]
            if follow:
                legal = follow
        # The cards still in play elsewhere: two cards of this hand with none of them ranked
        # between play the same if they have the same points.
        elsewhere = (hands[0] | hands[1] | hands[2] | hands[3] | trick_mask) & ~hand
        maximize = not seat & 1  # team 0 (seats 0 and 2) maximizes
        value = -1 if maximize else 121
        beats = self.beats
        next_seat = self.next_seat
        previous = -1
        for card in _ordered(legal, best if played else -1, beats):
            if (
                previous >= 0
                and previous // 10 == card // 10
                and POINTS[previous] == POINTS[card]
                and not elsewhere
                & (ABOVE[min(previous, card)] ^ ABOVE[max(previous, card)])
                & ~BIT[max(previous, card)]
            ):
                continue  # plays the same as the card just tried
            previous = card
            hands[seat] = hand ^ BIT[card]
            points = trick_points + POINTS[card]
            if not played:
                result = self.value(
                    next_seat[seat], 1, card // 10, card, seat, points, BIT[card], alpha, beta
                )
            else:
                winner = seat if beats[best * 40 + card] else best_seat
                if played == 3:
                    gain = 0 if winner & 1 else points
                    result = gain + self.from_lead(winner, alpha - gain, beta - gain)
                else:
                    top = card if winner == seat else best
                    result = self.value(
                        next_seat[seat],
                        played + 1,
                        led,
                        top,
                        winner,
                        points,
                        trick_mask | BIT[card],
                        alpha,
                        beta,
                    )
            hands[seat] = hand
            if maximize:
                if result > value:
                    value = result
                    alpha = max(alpha, result)
            elif result < value:
                value = result
                beta = min(beta, result)
            if alpha >= beta:
                break
        return value


def _ordered(legal: Mask, best: CardIndex, beats: bytes) -> list[CardIndex]:
    """The cards of `legal` in the order to try them: those that take the trick from `best` (-1:
    leading) highest first, then the others lowest first; good cards early make alpha-beta cut
    more."""
    winners: list[CardIndex] = []
    others: list[CardIndex] = []
    cards = legal
    while cards:
        low = cards & -cards
        card = low.bit_length() - 1
        cards ^= low
        if best < 0 or beats[best * 40 + card]:
            winners.append(card)
        else:
            others.append(card)
    winners.reverse()
    return winners + others
