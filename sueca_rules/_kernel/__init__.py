"""The play-out kernel: whole deals on plain integers, for bots and simulations.

Nothing here knows about pydantic, `Match`, events or strategy. Hands are 40-bit masks (`._bits`);
the rule facts are those of `sueca_rules._rules`, applied in the hot loops as tables
(`tests/test_kernel.py` checks the kernel card for card against `Match`).

- `._bits`: the integer types (`Mask`, `Seat`, `CardIndex`…), lookup tables and bit helpers;
- `._playouts`: a deal in progress (`Position`) played on with given cards (`play_cards()`), or to
  its end with any policy (`playout()`) or with random legal cards (`random_playout()`);
- `._deal`: random deals (`deal_hands()`) and random sets of cards (`random_subset()`,
  `deal_to_seats()`) without shuffling a deck;
- `._solver`: the exact value of a small end position (`solve()`, which a clock's `stop` test
  can cut short: `OutOfTime`);
- `._compiled`: the optional compiled kernel (`_ckernel.c`, built on first use where a C compiler
  is at hand): the same functions, and the bots' rules-of-thumb play-outs, bit for bit.

How bots choose cards (the rules of thumb, sampling, inference) lives in `sueca_rules.bots`.
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
