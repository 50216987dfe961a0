"""Exact end positions: the points both teams take when every hand is in view."""

from __future__ import annotations

from .._cards import SUIT_MASKS
from .._rules import BEATS
from ._bits import POINTS, CardIndex, Mask, NextSeat, Seat, SuitIndex
from ._playouts import Position, TrickState

__all__ = ["solve"]


def solve(position: Position) -> int:
    """The card points team 0 takes from ``position`` to the end of the deal (the points of
    the trick under way included) when both teams play perfectly with every hand in view.

    Exact minimax with alpha-beta; meant for the last two or three tricks (it grows fast).
    """
    played, led, best, best_seat, trick_points, seat = TrickState.of(position)
    search = _Search(list(position.hands), BEATS[position.trump], position.next_seat)
    return search.value(seat, played, led, best, best_seat, trick_points, -1, 121)


class _Search:
    """Alpha-beta over the cards left; the hands change while searching and are restored.

    The trick under way is carried card by card (its suit, winning card and seat, points, with
    the :data:`~sueca_rules._rules.BEATS` table of the rule :func:`~sueca_rules._rules.beats`)
    rather than worked out again at each node.
    """

    __slots__ = ("beats", "hands", "next_seat")

    def __init__(self, hands: list[Mask], beats: bytes, next_seat: NextSeat) -> None:
        self.hands = hands
        self.beats = beats
        self.next_seat = next_seat

    def value(
        self,
        seat: Seat,
        played: int,
        led: SuitIndex,
        best: CardIndex,
        best_seat: Seat,
        trick_points: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Team 0's points from here (``seat`` to play the card after ``played`` cards of a
        trick of suit ``led`` that ``best`` of ``best_seat`` wins with ``trick_points`` in it),
        within the window ``(alpha, beta)``."""
        hands = self.hands
        hand = hands[seat]
        if not hand:
            return 0
        legal = hand
        if played:
            # _rules.legal_mask, inlined: this runs at every node of the search.
            follow = hand & SUIT_MASKS[led]
            if follow:
                legal = follow
        maximize = not seat & 1  # team 0 (seats 0 and 2) maximizes
        value = -1 if maximize else 121
        beats = self.beats
        cards = legal
        while cards:
            low = cards & -cards  # the lowest card left to try
            card = low.bit_length() - 1
            cards ^= low
            hands[seat] = hand ^ low
            points = trick_points + POINTS[card]
            if not played:
                result = self.value(
                    self.next_seat[seat], 1, card // 10, card, seat, points, alpha, beta
                )
            else:
                winner = seat if beats[best * 40 + card] else best_seat
                if played == 3:
                    gain = 0 if winner & 1 else points
                    result = gain + self.value(winner, 0, 0, 0, 0, 0, alpha - gain, beta - gain)
                else:
                    top = card if winner == seat else best
                    result = self.value(
                        self.next_seat[seat], played + 1, led, top, winner, points, alpha, beta
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
