"""Random deals as masks: uniformly random sets of cards without shuffling a deck.

Shuffling 40 cards costs 39 random draws. Here a set of `size` cards of a `pool` is drawn as random
bits (each card of the pool in the set with a probability close to `size / n`, from two or three
random words), then cards are dropped from it or added to it one at a time, uniformly at random,
until it holds `size` cards: two or three draws per hand. Every step treats the cards of the pool
alike, so every set of `size` cards is equally likely, as with a shuffle; a whole deal
(`deal_hands()`) is drawn the same way, two random bits a card.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final

from .._cards import DECK_MASK
from ._bits import BITS10, POP10, CardIndex, Mask

__all__ = ["deal_hands", "deal_to_seats", "nth_card", "random_subset"]


def _bit_recipes() -> tuple[tuple[int, ...], ...]:
    """For each probability `k / 8`: the binary digits of `k / 8` (three), least significant first,
    that `_random_bits()` folds fair random words with."""
    return tuple(tuple(k >> i & 1 for i in range(3)) for k in range(9))


_RECIPES: Final = _bit_recipes()


def _random_bits(eighths: int, getrandbits: Callable[[int], int]) -> Mask:
    """40 random bits, each set with probability `eighths / 8` (1 to 7), independently."""
    bits = 0
    for digit in _RECIPES[eighths]:
        # Folding in a fair word: `word | bits` for a 1 digit, `word & bits` for a 0, which
        # builds the binary expansion of the probability from its last digit.
        bits = getrandbits(40) | bits if digit else getrandbits(40) & bits
    return bits


def nth_card(mask: Mask, index: int) -> CardIndex:
    """The `index`-th card of `mask` (from 0), counting from the lowest-numbered card."""
    base = 0
    chunk = mask & 0x3FF
    while POP10[chunk] <= index:
        index -= POP10[chunk]
        base += 10
        chunk = mask >> base & 0x3FF
    ranks = BITS10[chunk]  # strongest first
    return base + ranks[len(ranks) - 1 - index]


def random_subset(pool: Mask, size: int, rng: random.Random) -> Mask:
    """A uniformly random set of `size` cards of `pool` (all of it when it has fewer)."""
    count = pool.bit_count()
    if size >= count:
        return pool
    if size <= 0:
        return 0
    eighths = min(7, max(1, (8 * size + count // 2) // count))
    return _fix_size(_random_bits(eighths, rng.getrandbits) & pool, pool, count, size, rng.random)


def _fix_size(chosen: Mask, pool: Mask, count: int, size: int, rand: Callable[[], float]) -> Mask:
    """`chosen` (cards of `pool`, which holds `count`) with cards dropped or added at random until
    it holds `size`."""
    have = chosen.bit_count()
    while have > size:
        chosen &= ~(1 << nth_card(chosen, int(rand() * have)))
        have -= 1
    while have < size:
        chosen |= 1 << nth_card(pool & ~chosen, int(rand() * (count - have)))
        have += 1
    return chosen


def deal_to_seats(pool: Mask, sizes: Sequence[int], rng: random.Random) -> list[Mask]:
    """The cards of `pool` dealt at random to four seats, `sizes[s]` cards to seat `s` (the sizes
    add up to the cards of the pool); every such deal is equally likely."""
    hands = [0, 0, 0, 0]
    left = pool.bit_count()
    for seat in range(4):
        size = sizes[seat]
        if size >= left:
            hands[seat] = pool
            break
        if size:
            hands[seat] = random_subset(pool, size, rng)
            pool &= ~hands[seat]
            left -= size
    return hands


def _card_bits() -> tuple[Mask, ...]:
    """For each random byte `r`: the mask of card `r % 40`, or 0 for the top 16 bytes (so that
    every card is exactly as likely)."""
    return tuple(1 << r % 40 if r < 240 else 0 for r in range(256))


_CARD_BIT: Final = _card_bits()


def deal_hands(rng: random.Random) -> list[Mask]:
    """A random deal of the 40 cards: four hands of ten.

    Each card goes to a seat by two random bits; then, while a seat holds more than ten, a card of
    it chosen at random (random bytes, each naming one of the 40 cards, passed over until one names
    a card of that seat) moves to the first seat that holds fewer. Every step treats the cards
    alike, so every deal is equally likely. One draw of 336 bits gives the 80 bits and 32 bytes,
    enough for the moves nine times in ten; more bytes are drawn 32 at a time.
    """
    bits = rng.getrandbits(336)
    low = bits & DECK_MASK
    high = bits >> 40 & DECK_MASK
    hands = [DECK_MASK & ~(low | high), low & ~high, high & ~low, low & high]
    counts = [hands[0].bit_count(), hands[1].bit_count(), hands[2].bit_count(), 0]
    counts[3] = 40 - counts[0] - counts[1] - counts[2]
    card_bit = _CARD_BIT
    stream = iter((bits >> 80).to_bytes(32, "little"))
    short = -1  # the seat the cards moved go to
    wanted = 0  # the cards it still lacks
    for seat in range(4):
        excess = counts[seat] - 10
        if excess <= 0:
            continue
        hand = hands[seat]
        while excess:
            for r in stream:
                card = card_bit[r]
                if hand & card:
                    break
            else:
                stream = iter(rng.getrandbits(256).to_bytes(32, "little"))
                continue
            if not wanted:
                short += 1
                while counts[short] >= 10:
                    short += 1
                wanted = 10 - counts[short]
            hand ^= card
            hands[short] |= card
            wanted -= 1
            excess -= 1
        hands[seat] = hand
    return hands
