"""The play-out kernel: whole deals on plain integers, for bots and simulations.

Nothing here knows about pydantic, :class:`~sueca_rules.Match`, events or strategy. Hands are
40-bit masks (:mod:`._bits`); the rule facts are those of :mod:`sueca_rules._rules`, applied in
the hot loops as tables (``tests/test_kernel.py`` checks the kernel card for card against
:class:`~sueca_rules.Match`).

- :mod:`._bits`: the integer types (:data:`Mask`, :data:`Seat`, :data:`CardIndex`…), lookup
  tables and bit helpers;
- :mod:`._playouts`: a deal in progress (:class:`Position`) played on with given cards
  (:func:`play_cards`), or to its end with any policy (:func:`playout`) or with random legal
  cards (:func:`random_playout`);
- :mod:`._deal`: random deals (:func:`deal_hands`) and random sets of cards
  (:func:`random_subset`, :func:`deal_to_seats`) without shuffling a deck;
- :mod:`._solver`: the exact value of a small end position (:func:`solve`).

How bots choose cards (the rules of thumb, sampling, inference) lives in
:mod:`sueca_rules.bots`.
"""

from ._bits import (
    ABOVE,
    BITS10,
    HIGH10,
    LOW10,
    POINTS,
    POP10,
    CardIndex,
    Mask,
    NextSeat,
    Seat,
    SuitIndex,
    VoidMask,
    cards_of,
)
from ._deal import deal_hands, deal_to_seats, nth_card, random_subset
from ._playouts import (
    Outcome,
    Policy,
    Position,
    TrickState,
    play_cards,
    playout,
    random_playout,
    seat_to_play,
    trick_standing,
)
from ._solver import solve

__all__ = [
    "ABOVE",
    "BITS10",
    "HIGH10",
    "LOW10",
    "POINTS",
    "POP10",
    "CardIndex",
    "Mask",
    "NextSeat",
    "Outcome",
    "Policy",
    "Position",
    "Seat",
    "SuitIndex",
    "TrickState",
    "VoidMask",
    "cards_of",
    "deal_hands",
    "deal_to_seats",
    "nth_card",
    "play_cards",
    "playout",
    "random_playout",
    "random_subset",
    "seat_to_play",
    "solve",
    "trick_standing",
]
