"""Sets of cards as 40-bit masks: the names of the integers the kernel works on, its lookup
tables and small bit helpers.

A card is `10 * suit + rank` (rank 0 is the two, 9 the ace), so the cards of one suit are ten
consecutive bits, a higher bit is a stronger card of its suit and the strongest card of a suit in a
mask is its highest bit (see `sueca_rules._cards`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeAlias

from .._cards import BIT, SUIT_MASKS, Rank
from .._cards import POINTS as _CARD_POINTS

__all__ = [
    "ABOVE",
    "ACE",
    "BIT",
    "BITS10",
    "HIGH10",
    "LOW10",
    "NO_CARD",
    "POINTS",
    "POP10",
    "SEVEN",
    "SUIT_MASKS",
    "SUIT_OF",
    "VOID_SUITS",
    "CardIndex",
    "Mask",
    "NextSeat",
    "Seat",
    "SuitIndex",
    "VoidMask",
    "cards_of",
    "highest",
    "interchangeable",
    "is_void",
    "lowest",
    "single",
    "void_cards",
]

Mask: TypeAlias = int
"""A set of cards: bit `c` is set when card `c` is in it."""
CardIndex: TypeAlias = int
"""A card number, 0 to 39 (`10 * suit + rank`)."""
Seat: TypeAlias = int
"""A seat, 0 to 3; seats 0 and 2 are team 0, seats 1 and 3 team 1."""
SuitIndex: TypeAlias = int
"""A suit, 0 to 3 (S H D C)."""
VoidMask: TypeAlias = int
"""Who has shown a void: bit `4 * seat + suit` is set when `seat` is known to hold no card of
`suit`."""
NextSeat: TypeAlias = Sequence[int]
"""`next_seat[s]`: the seat that plays after `s` (`next_seat`)."""

NO_CARD: Final = -1
"""Stands for "no card" where a card number is expected."""
SEVEN: Final = int(Rank.SEVEN)
ACE: Final = int(Rank.ACE)

POINTS: Final[tuple[int, ...]] = tuple(_CARD_POINTS)
"""Card points by card number."""


SUIT_OF: Final[tuple[int, ...]] = tuple(c // 10 for c in range(40))
"""`SUIT_OF[card]`: the card's suit."""

BITS10: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(r for r in range(9, -1, -1) if p >> r & 1) for p in range(1024)
)
"""The ranks (0..9) set in a 10-bit pattern, strongest first."""

POP10: Final[tuple[int, ...]] = tuple(len(b) for b in BITS10)
"""The number of bits set in a 10-bit pattern."""

HIGH10: Final[tuple[int, ...]] = tuple(b[0] if b else -1 for b in BITS10)
"""The highest rank in a 10-bit pattern (-1 for an empty one)."""

LOW10: Final[tuple[int, ...]] = tuple(b[-1] if b else -1 for b in BITS10)
"""The lowest rank in a 10-bit pattern (-1 for an empty one)."""

ABOVE: Final[tuple[int, ...]] = tuple(
    (SUIT_MASKS[c // 10] >> (c + 1) << (c + 1)) & SUIT_MASKS[c // 10] for c in range(40)
)
"""`ABOVE[card]`: the mask of the cards of the same suit stronger than `card`."""

VOID_SUITS: Final[tuple[int, ...]] = tuple(
    sum(SUIT_MASKS[s] for s in range(4) if p >> s & 1) for p in range(16)
)
"""`VOID_SUITS[p]`: the cards of the suits in a 4-bit pattern of suits."""


def cards_of(mask: Mask) -> list[CardIndex]:
    """The cards of a mask, by suit (S H D C) and strongest first."""
    out: list[int] = []
    for suit in range(4):
        base = 10 * suit
        out.extend(base + r for r in BITS10[mask >> base & 0x3FF])
    return out


def lowest(mask: Mask) -> CardIndex:
    """The lowest-numbered card of a non-empty mask (the weakest of its lowest suit)."""
    return (mask & -mask).bit_length() - 1


def highest(mask: Mask) -> CardIndex:
    """The highest-numbered card of a non-empty mask (the strongest of its highest suit)."""
    return mask.bit_length() - 1


def single(mask: Mask) -> bool:
    """Whether a non-empty mask holds exactly one card."""
    return not mask & (mask - 1)


def is_void(voids: VoidMask, seat: Seat, suit: SuitIndex) -> bool:
    """Whether `seat` has shown that it holds no card of `suit`."""
    return bool(voids >> (4 * seat + suit) & 1)


def void_cards(voids: VoidMask, seat: Seat) -> Mask:
    """The cards of every suit `seat` has shown a void in."""
    return VOID_SUITS[voids >> (4 * seat) & 15]


def interchangeable(a: CardIndex, b: CardIndex, others: Mask) -> bool:
    """Whether two cards of one hand play the same: same suit and points, and none of the cards
    `others` (those another player may hold) ranked between them."""
    if a // 10 != b // 10 or POINTS[a] != POINTS[b]:
        return False
    low, high = (a, b) if a < b else (b, a)
    return not others & ABOVE[low] & ~ABOVE[high] & ~BIT[high]
