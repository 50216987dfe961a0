"""Deals played to their end on masks: with given cards, with any policy, or at random.

A :class:`Position` is a deal in progress as plain integers. The rule facts (legal cards, who
takes a trick) are those of :mod:`sueca_rules._rules`; the play-outs apply
:data:`~sueca_rules._rules.BEATS` one card at a time (:class:`TrickState`) instead of calling
:func:`~sueca_rules._rules.trick_winner` per trick, for speed. ``tests/test_kernel.py`` checks
every play-out here against :class:`~sueca_rules.Match`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from .._rules import BEATS, legal_mask, trick_winner
from ._bits import BIT, BITS10, POINTS, POP10, CardIndex, Mask, NextSeat, Seat, SuitIndex

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
    """``next_seat[s]``: the seat that plays after ``s``."""


Outcome = tuple[int, int, int, int]
"""The end of a deal: ``(points0, points1, tricks0, tricks1)``."""

Policy = Callable[[Seat, Sequence[Mask], Mask, Sequence[CardIndex], Seat], CardIndex]
"""A play-out policy: ``policy(seat, hands, legal, trick, leader) -> card``. ``hands`` are the
four hand masks now, ``legal`` the mask of the cards ``seat`` may play, ``trick`` the cards of
the current trick so far (led by ``leader``). It must return a card of ``legal``."""


def seat_to_play(leader: Seat, trick: Sequence[CardIndex], next_seat: NextSeat) -> Seat:
    """The seat whose turn it is in a trick led by ``leader`` with ``trick`` played so far."""
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
        """The state of ``position``'s trick under way."""
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
    """Where a trick under way stands: the card winning it, that card's seat (see
    :func:`~sueca_rules._rules.trick_winner`) and the points in it so far."""
    winner = trick_winner(trick, leader, trump, next_seat)
    seat = leader
    index = 0  # the winner's card is the index-th of the trick
    while seat != winner:
        seat = next_seat[seat]
        index += 1
    return trick[index], winner, sum([POINTS[c] for c in trick])


def play_cards(position: Position, cards: Sequence[CardIndex]) -> Position:
    """The position after ``cards`` are played in order from ``position``.

    The cards are not checked: give only legal ones (see :func:`~sueca_rules._rules.legal_mask`).
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
    """Play the deal to its end choosing every card with ``policy``.

    ``policy`` must return a card of the legal mask it is given (a ``ValueError`` otherwise).
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


def random_playout(position: Position, rand: Callable[[], float]) -> Outcome:
    """Play the deal to its end with uniformly random legal cards; ``rand`` is a
    ``random.Random(...).random``.

    The legal cards are listed by suit (S H D C), strongest first, and one is taken at
    ``int(rand() * count)``: the same card as :func:`playout` with that rule as its policy.
    """
    hands = list(position.hands)
    next_seat = position.next_seat
    tally = [*position.points, *position.tricks_won]  # points0, points1, tricks0, tricks1
    beats = BEATS[position.trump]  # the rule fact of _rules.beats, as a table for the hot loop
    ranks_of = BITS10
    count_of = POP10
    played, led, best, best_seat, trick_points, seat = TrickState.of(position)
    while True:
        hand = hands[seat]
        if not hand:
            break
        follow = hand >> (10 * led) & 1023 if played else 0
        if follow:
            ranks = ranks_of[follow]
            card = 10 * led + ranks[int(rand() * len(ranks))]
        else:
            # Any card of the hand: the spades, then hearts, diamonds, clubs, strongest first.
            spades = hand & 1023
            hearts = hand >> 10 & 1023
            diamonds = hand >> 20 & 1023
            clubs = hand >> 30
            n_spades = count_of[spades]
            n_red = n_spades + count_of[hearts]
            n_not_clubs = n_red + count_of[diamonds]
            pick = int(rand() * (n_not_clubs + count_of[clubs]))
            if pick < n_spades:
                card = ranks_of[spades][pick]
            elif pick < n_red:
                card = 10 + ranks_of[hearts][pick - n_spades]
            elif pick < n_not_clubs:
                card = 20 + ranks_of[diamonds][pick - n_red]
            else:
                card = 30 + ranks_of[clubs][pick - n_not_clubs]
        hands[seat] = hand & ~BIT[card]
        if not played:
            played, led, best, best_seat, trick_points = 1, card // 10, card, seat, POINTS[card]
            seat = next_seat[seat]
            continue
        trick_points += POINTS[card]
        if beats[best * 40 + card]:
            best, best_seat = card, seat
        if played < 3:
            played += 1
            seat = next_seat[seat]
        else:
            tally[best_seat & 1] += trick_points  # the team of the seat that took the trick
            tally[2 + (best_seat & 1)] += 1
            played, seat = 0, best_seat
    return tally[0], tally[1], tally[2], tally[3]
