"""Cards, suits and ranks of the 40-card Portuguese deck.

A card is a small integer `suit * 10 + rank` where `rank` counts from the weakest card (`2` is 0) to
the strongest (`A` is 9). Within a suit a higher number is a stronger card, so a set of cards is a
40-bit mask and the strongest card of a suit in a mask is its highest bit.

`Card` is an `int` subclass: it is what the public API hands out, prints as its two-character
notation (`"7H"`) and can be used anywhere an `int` card is expected.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable
from enum import IntEnum
from typing import Final, SupportsIndex

from ._errors import CardError
from ._public import public
from ._text import cut

__all__ = [
    "BIT",
    "CARDS",
    "DECK_MASK",
    "POINTS",
    "RANK_LETTERS",
    "SUIT_LETTERS",
    "SUIT_MASKS",
    "SUIT_NAMES",
    "SUIT_SYMBOLS",
    "Card",
    "Rank",
    "Suit",
    "ascii_upper",
    "card_points",
    "cards_from_mask",
    "mask_of",
    "parse_card",
    "parse_cards",
]


@public
class Suit(IntEnum):
    """The four suits, in the order used for sorting hands."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """The suit letter of the notation: `S`, `H`, `D` or `C`."""
        return SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ♠ ♥ ♦ ♣."""
        return SUIT_SYMBOLS[self]

    @property
    def portuguese(self) -> str:
        """The Portuguese name: espadas, copas, ouros, paus."""
        return SUIT_NAMES_PT[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Parse a suit letter (`S H D C`, either case; the ASCII letters only, nothing around
        them)."""
        index = SUIT_LETTERS.find(ascii_upper(text)) if len(text) == 1 else -1
        if index < 0:
            raise CardError(
                f"{cut(text)!r} is not a suit: expected one of S, H, D, C (either case)"
            )
        return cls(index)


@public
class Rank(IntEnum):
    """The ten ranks, weakest (`TWO`) to strongest (`ACE`)."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    QUEEN = 5
    JACK = 6
    KING = 7
    SEVEN = 8
    ACE = 9

    @property
    def letter(self) -> str:
        """The rank character of the notation: `A 7 K J Q 6 5 4 3 2`."""
        return RANK_LETTERS[self]

    @property
    def points(self) -> int:
        """Card points: A 11, 7 10, K 4, J 3, Q 2, the rest 0."""
        return RANK_POINTS[self]


SUIT_LETTERS: Final = "SHDC"
SUIT_SYMBOLS: Final = "♠♥♦♣"
SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")
SUIT_NAMES_PT: Final = ("espadas", "copas", "ouros", "paus")
RANK_LETTERS: Final = "23456QJK7A"
RANK_POINTS: Final = (0, 0, 0, 0, 0, 2, 3, 4, 10, 11)

DECK_MASK: Final = (1 << 40) - 1
SUIT_MASKS: Final = tuple(0x3FF << (10 * s) for s in range(4))
"""The 40-bit mask of each suit's ten cards, indexed by suit."""
BIT: Final[tuple[int, ...]] = tuple(1 << c for c in range(40))
"""`BIT[card]`: the mask of one card."""


@public
class Card(int):
    """One card: an `int` from 0 to 39 that prints as its notation (`AS`, `7H`, `QC`).

    Build cards with [`parse_card()`][sueca_rules.parse_card] (`parse_card("7h")`) or take them from
    [`CARDS`][sueca_rules.CARDS]; `Card(n)` works for any `n` in `0..39`, and `Card("7H")` reads
    notation as `parse_card()` does (so `Card('7H')`, the card's `repr()`, makes the card again).
    Anything else is a [`CardError`][sueca_rules.CardError].
    """

    __slots__ = ()

    def __new__(cls, value: SupportsIndex | str) -> Card:
        if isinstance(value, str):
            return parse_card(value)
        try:
            number = operator.index(value) if not isinstance(value, bool) else None
        except TypeError:
            number = None
        if number is None:
            raise CardError(
                f"{cut(repr(value))} is not a card: give a card number 0..39 or notation such "
                "as '7H'"
            )
        if not 0 <= number < 40:
            raise CardError(f"card number {number} is out of range 0..39")
        return super().__new__(cls, number)

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return Suit(self // 10)

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return Rank(self % 10)

    @property
    def points(self) -> int:
        """The card's points (A 11, 7 10, K 4, J 3, Q 2, others 0)."""
        return RANK_POINTS[self % 10]

    @property
    def symbol(self) -> str:
        """The card with a suit symbol, e.g. `7♥`."""
        return RANK_LETTERS[self % 10] + SUIT_SYMBOLS[self // 10]

    def __str__(self) -> str:
        return RANK_LETTERS[self % 10] + SUIT_LETTERS[self // 10]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


CARDS: Final[tuple[Card, ...]] = tuple(Card(i) for i in range(40))
"""All 40 cards, indexed by their number."""

POINTS: Final[tuple[int, ...]] = tuple(c.points for c in CARDS)
"""Card points indexed by card number."""

_UPPER: Final = str.maketrans("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ")


def ascii_upper(text: str) -> str:
    """`text` with the ASCII letters `a`-`z` in upper case and nothing else changed (`str.upper()`
    would also turn `ſ`, the long s, into `S`, and `ﬀ` into `FF`)."""
    return text.translate(_UPPER)


# Every way a card may be written: rank then suit, each letter in either case, ASCII only.
_BY_NAME: Final[dict[str, Card]] = {
    rank + suit: c
    for c in CARDS
    for rank in {str(c)[0], str(c)[0].lower()}
    for suit in (str(c)[1], str(c)[1].lower())
}


def parse_card(text: str | int) -> Card:
    """Parse card notation: rank then suit, two ASCII characters in either case (`"7h"` → `7H`),
    with nothing around them.

    A [`Card`][sueca_rules.Card] (or a card number 0..39) is returned as the card. Raises
    [`CardError`][sueca_rules.CardError] (a `ValueError`) with a message that says what a card looks
    like when the text is not one.
    """
    if isinstance(text, int) and not isinstance(text, bool):
        if 0 <= text < 40:
            return CARDS[text]
        raise CardError(f"card number {text} is out of range 0..39")
    if not isinstance(text, str):
        raise CardError(f"{text!r} is not a card: expected text such as 'AS' or '7H'")
    card = _BY_NAME.get(text)
    if card is not None:
        return card
    raise CardError(f"{cut(text)!r} is not a card: {_why_not(text)}")


def _why_not(text: str) -> str:
    """What is wrong with `text`, which is not a card, and what a card looks like."""
    why, fixed = why_not_card(text)
    if why == "spaces":
        return f"write it without spaces around it, as {fixed!r}"
    if why == "deck":
        return "Sueca uses 40 cards, without the 8s, 9s and 10s"
    if why == "suit":
        return f"the suit must be one of S, H, D, C (ASCII letters, either case){_odd(fixed)}"
    if why == "rank":
        return f"the rank must be one of A 7 K J Q 6 5 4 3 2 (either case){_odd(fixed)}"
    return (
        "write rank then suit, two characters such as 'AS' or '7h' "
        "(ranks A 7 K J Q 6 5 4 3 2, suits S H D C, either case)"
    )


def why_not_card(text: str) -> tuple[str, str]:
    """Why `text` is not a card, as a word for the front ends' languages: `spaces` (with the card
    it is without them), `deck` (an 8, 9 or 10), `suit` or `rank` (with the letter that is not
    one), else `other` (with nothing)."""
    bare = text.strip()
    if bare != text and bare in _BY_NAME:
        return "spaces", str(_BY_NAME[bare])
    raw = ascii_upper(text)
    if raw.startswith("10") or raw[:1] in ("8", "9"):
        return "deck", ""
    if len(raw) == 2 and raw[0] in RANK_LETTERS and raw[1] not in SUIT_LETTERS:
        return "suit", raw[1]
    if len(raw) == 2 and raw[1] in SUIT_LETTERS:
        return "rank", raw[0]
    return "other", ""


def _odd(char: str) -> str:
    """For a character outside ASCII that may look like a card's letter (`ſ`, a full-width `Ａ`):
    which one it is."""
    return "" if char.isascii() else f"; {char!r} is U+{ord(char):04X}, not one of them"


def parse_cards(texts: str | Iterable[str | int]) -> list[Card]:
    """Parse several cards (see [`parse_card()`][sueca_rules.parse_card]): an iterable of cards, or
    one text of cards separated by spaces or commas (`"AS 7s, kd"`)."""
    if isinstance(texts, str):
        texts = texts.replace(",", " ").split()
    elif isinstance(texts, bytes) or not isinstance(texts, Iterable):
        raise CardError(
            f"{cut(repr(texts))} is not a list of cards: give an iterable of cards, or text "
            "such as 'AS 7H KD'"
        )
    return [parse_card(t) for t in texts]


def card_points(cards: Iterable[int]) -> int:
    """The total points of some cards."""
    return sum(POINTS[c] for c in cards)


def mask_of(cards: Iterable[int]) -> int:
    """The 40-bit mask of some cards."""
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


# For each 10-bit pattern, the positions of its set bits, strongest first.
_BITS10: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(r for r in range(9, -1, -1) if m >> r & 1) for m in range(1024)
)
SUIT_CARDS: Final[tuple[tuple[tuple[Card, ...], ...], ...]] = tuple(
    tuple(tuple(CARDS[10 * s + r] for r in _BITS10[m]) for m in range(1024)) for s in range(4)
)
"""`SUIT_CARDS[suit][pattern]`: the cards of a 10-bit suit pattern, strongest first."""


def cards_from_mask(mask: int) -> list[Card]:
    """The cards of a 40-bit mask, sorted by suit (S H D C) and strongest first."""
    return [
        *SUIT_CARDS[0][mask & 0x3FF],
        *SUIT_CARDS[1][mask >> 10 & 0x3FF],
        *SUIT_CARDS[2][mask >> 20 & 0x3FF],
        *SUIT_CARDS[3][mask >> 30 & 0x3FF],
    ]
