"""The card-player's rules of thumb: the play of levels 2 and 3, and of level 4's play-outs.

:func:`heuristic_card` picks a card from what one seat knows (:class:`SeatKnowledge`);
:func:`heuristic_playout` plays a whole deal out with it, every seat knowing only its own hand,
the cards played and the voids shown.

Leading (:func:`lead_card`), in this order: cash a side-suit master with points while the rivals
can still follow; with a memory of the deal, lead a suit the partner can trump, draw the
rivals' trumps when long in trumps; otherwise lead the cheapest card that gives least away.
Following (:func:`follow_card`): when the partner's card is winning and no rival after can beat
it, load it with points; otherwise take the trick with a card no rival after can beat, if one
is worth it; otherwise throw the card that gives least away.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .._kernel._bits import (
    ABOVE,
    BIT,
    NO_CARD,
    POINTS,
    SEVEN,
    SUIT_MASKS,
    CardIndex,
    Mask,
    NextSeat,
    Seat,
    SuitIndex,
    VoidMask,
    is_void,
    lowest,
    single,
    void_cards,
)
from .._kernel._playouts import Outcome, Position, TrickState, trick_standing
from .._rules import BEATS, partner

__all__ = [
    "HeldCard",
    "SeatKnowledge",
    "follow_card",
    "heuristic_card",
    "heuristic_playout",
    "lead_card",
]

HeldCard = tuple[Seat, CardIndex]
"""A card known to be in a seat's hand: the turned trump card while the dealer holds it."""

_NEVER: Final = -(10**9)
"""A score below every card's (a pick not made yet)."""


@dataclass(slots=True)
class SeatKnowledge:
    """What a seat knows of the cards it cannot see (a play-out updates it card by card)."""

    trump: SuitIndex
    """The trump suit."""
    next_seat: NextSeat
    """``next_seat[s]``: the seat that plays after ``s``."""
    unseen: Mask
    """The cards another player may hold (neither in this hand nor played)."""
    voids: VoidMask
    """Who has shown a void in which suit."""
    held: HeldCard | None
    """A card known to be in a given hand (the turned trump card), or ``None``."""
    memory: bool
    """Whether the seat remembers the deal (level 3): turns on the rules that need it."""


def heuristic_card(
    hand: Mask,
    trick: Sequence[CardIndex],
    leader: Seat,
    seat: Seat,
    know: SeatKnowledge,
) -> CardIndex:
    """The card a rules-of-thumb player in ``seat`` picks from ``hand`` for ``trick`` (the
    cards so far of a trick led by ``leader``), knowing ``know``. Always a legal card."""
    if not trick:
        return lead_card(hand, seat, know)
    led = trick[0] // 10
    follow = hand & SUIT_MASKS[led]
    legal = follow or hand
    if single(legal):
        return lowest(legal)
    best, best_seat, trick_points = trick_standing(trick, leader, know.trump, know.next_seat)
    return follow_card(
        hand, legal, bool(follow), seat, led, best, best_seat, trick_points, len(trick), know
    )


# --- following ------------------------------------------------------------------------------


def follow_card(
    hand: Mask,
    legal: Mask,
    follows: bool,
    seat: Seat,
    led: SuitIndex,
    best: CardIndex,
    best_seat: Seat,
    trick_points: int,
    played: int,
    know: SeatKnowledge,
) -> CardIndex:
    """A card for a trick under way (``played`` cards of suit ``led`` so far; ``best`` of
    ``best_seat`` wins it with ``trick_points`` in it); ``legal`` holds two cards or more and
    ``follows`` says whether they are of the suit led."""
    trump = know.trump
    higher, ruff = _rival_threat(seat, led, played, know)
    if best_seat == partner(seat):
        if not (higher & ABOVE[best] or (ruff and best // 10 != trump)):
            return _load(legal, hand, follows, seat, know)
        win = _winning_card(legal, best, led, trump, trick_points, higher, ruff, hand)
        if win >= 0 and trick_points + POINTS[win] >= 10:
            return win
        return _discard(legal, hand, follows, trump, know.unseen)
    win = _winning_card(legal, best, led, trump, trick_points, higher, ruff, hand)
    if win >= 0:
        return win
    return _discard(legal, hand, follows, trump, know.unseen)


def _rival_threat(
    seat: Seat, led: SuitIndex, played: int, know: SeatKnowledge
) -> tuple[Mask, bool]:
    """What the rivals still to play after ``seat`` may beat a card with: ``higher`` gathers
    the cards they could beat a card of its suit with (the suit led, or trumps for a rival out
    of the suit led); ``ruff``: one of them may trump the suit led."""
    next_seat = know.next_seat
    mate = partner(seat)
    trumps_mask = SUIT_MASKS[know.trump]
    held = know.held
    higher = 0
    ruff = False
    rival = seat
    for _ in range(3 - played):
        rival = next_seat[rival]
        if rival == mate:
            continue
        cards = know.unseen & ~void_cards(know.voids, rival)
        if held is not None:
            holder, card = held
            if holder == rival:
                cards |= BIT[card]
            else:
                cards &= ~BIT[card]
        if is_void(know.voids, rival, led):
            trumps = cards & trumps_mask
            if trumps:
                higher |= trumps
                ruff = True
        else:
            higher |= cards & SUIT_MASKS[led]
    return higher, ruff


def _winning_card(
    legal: Mask,
    best: CardIndex,
    led: SuitIndex,
    trump: SuitIndex,
    trick_points: int,
    higher: Mask,
    ruff: bool,
    hand: Mask,
) -> CardIndex:
    """A card that takes the trick and that no rival after can beat (``NO_CARD`` if none is
    worth it); ``higher`` and ``ruff`` say what the rivals after may beat a card with."""
    beats = BEATS[trump]
    pick = NO_CARD
    pick_key = _NEVER
    late = hand.bit_count() <= 3
    base = best * 40
    cards = legal
    while cards:
        low = cards & -cards  # each card of ``legal`` in turn, lowest first
        card = low.bit_length() - 1
        cards ^= low
        if not beats[base + card] or higher & ABOVE[card]:
            continue
        rank = card % 10
        if card // 10 == trump:
            if led != trump:
                # Trump only a trick with points in it, with the smallest trump that does it;
                # a high trump (ace, seven) only for a trick worth ten or late in the deal.
                if trick_points < 2 and not late:
                    continue
                if rank >= SEVEN and trick_points < 10 and not late:
                    continue
                key = -rank
            else:
                key = POINTS[card] * 16 - rank
        elif ruff:
            continue
        else:
            key = POINTS[card] * 16 - rank
        if key > pick_key:
            pick_key = key
            pick = card
    return pick


def _load(legal: Mask, hand: Mask, follows: bool, seat: Seat, know: SeatKnowledge) -> CardIndex:
    """The partner's trick is safe: give it points (not the trumps that command the suit, nor
    a side-suit master that can still be cashed later)."""
    trump = know.trump
    unseen = know.unseen
    cards = legal
    if not follows:
        cards = legal & ~SUIT_MASKS[trump]
        if not cards:
            return _discard(legal, hand, follows, trump, unseen)
    left = hand.bit_count()
    pick = NO_CARD
    pick_key = _NEVER
    while cards:
        low = cards & -cards  # each card in turn, lowest first
        card = low.bit_length() - 1
        cards ^= low
        rank = card % 10
        key = POINTS[card] * 16 + rank
        master = not unseen & ABOVE[card]
        if card // 10 == trump:
            # A trump's points are welcome, but not the trumps that still command the suit.
            if master or rank >= SEVEN:
                key = -1000 - rank
        elif not follows and master and _can_cash(card // 10, seat, left, know):
            # An ace (or another master) that can still be cashed later: keep it.
            key -= 200
        if key > pick_key:
            pick_key = key
            pick = card
    return pick


def _discard(legal: Mask, hand: Mask, follows: bool, trump: SuitIndex, unseen: Mask) -> CardIndex:
    """A card that gives least away: no points, a side suit before a trump, lowest rank."""
    pick = NO_CARD
    pick_key = -_NEVER
    cards = legal
    while cards:
        low = cards & -cards  # each card in turn, lowest first
        card = low.bit_length() - 1
        cards ^= low
        suit = card // 10
        key = POINTS[card] * 64 + card % 10
        if not follows:
            if suit == trump:
                key += 2000
            else:
                # Shorten a short side suit; keep the guards of a seven waiting for its ace.
                length = (hand & SUIT_MASKS[suit]).bit_count()
                key += length * 2
                seven = 10 * suit + SEVEN
                if (
                    hand >> seven & 1
                    and card != seven
                    and length <= 2
                    and unseen >> (seven + 1) & 1
                ):
                    key += 40
        if key < pick_key:
            pick_key = key
            pick = card
    return pick


def _can_cash(suit: SuitIndex, seat: Seat, left: int, know: SeatKnowledge) -> bool:
    """Whether a master of side suit ``suit`` led now would probably not be trumped (``left``:
    the cards in the hand; without memory, only that counts)."""
    if not know.memory:
        return left >= 6
    unseen = know.unseen
    trump = know.trump
    if not unseen & SUIT_MASKS[trump]:
        return True
    next_seat = know.next_seat
    for rival in (next_seat[seat], next_seat[partner(seat)]):
        if is_void(know.voids, rival, suit) and not is_void(know.voids, rival, trump):
            return False
    return (unseen & SUIT_MASKS[suit]).bit_count() >= 3


# --- leading --------------------------------------------------------------------------------


def lead_card(hand: Mask, seat: Seat, know: SeatKnowledge) -> CardIndex:
    """The card to lead a trick with: the first of these rules that gives one.

    1. Cash a side-suit master with points while the rivals can still follow.
    2. (With memory.) Lead the smallest card of a suit the partner is out of, for it to trump.
    3. (With memory.) Long in trumps: draw the rivals' trumps, keeping the high ones.
    4. Otherwise the cheapest card (see :func:`_cheapest_lead`).
    """
    card = _cash_master(hand, seat, know)
    if card >= 0:
        return card
    if know.memory:
        card = _lead_for_partner_to_trump(hand, seat, know)
        if card >= 0:
            return card
        card = _draw_trumps(hand, seat, know)
        if card >= 0:
            return card
    return _cheapest_lead(hand, seat, know)


def _cash_master(hand: Mask, seat: Seat, know: SeatKnowledge) -> CardIndex:
    """The side-suit master with the most points (then of the suit with the most cards still
    out) that can be cashed now; ``NO_CARD`` if none."""
    unseen = know.unseen
    left = hand.bit_count()
    best = NO_CARD
    best_key = -1
    for suit in range(4):
        if suit == know.trump:
            continue
        mine = hand & SUIT_MASKS[suit]
        if not mine:
            continue
        top = mine.bit_length() - 1
        if not POINTS[top] or unseen & ABOVE[top]:
            continue
        if not _can_cash(suit, seat, left, know):
            continue
        key = POINTS[top] * 16 + (unseen & SUIT_MASKS[suit]).bit_count()
        if key > best_key:
            best_key = key
            best = top
    return best


def _lead_for_partner_to_trump(hand: Mask, seat: Seat, know: SeatKnowledge) -> CardIndex:
    """The smallest card (worth less than ten) of a side suit the partner is out of, while the
    partner may still trump it; ``NO_CARD`` if none."""
    trump = know.trump
    mate = partner(seat)
    if not know.unseen & SUIT_MASKS[trump] or is_void(know.voids, mate, trump):
        return NO_CARD
    for suit in range(4):
        if suit == trump or not is_void(know.voids, mate, suit):
            continue
        mine = hand & SUIT_MASKS[suit]
        if not mine:
            continue
        low = lowest(mine)
        if POINTS[low] < 10:
            return low
    return NO_CARD


def _draw_trumps(hand: Mask, seat: Seat, know: SeatKnowledge) -> CardIndex:
    """A trump to draw the rivals' trumps with, while a rival may hold one: the smallest when
    long in trumps (four, or three with the master), the master when holding most of the
    trumps left; ``NO_CARD`` otherwise."""
    trump = know.trump
    trumps_out = know.unseen & SUIT_MASKS[trump]
    mine = hand & SUIT_MASKS[trump]
    if not mine or not trumps_out:
        return NO_CARD
    next_seat = know.next_seat
    voids = know.voids
    if is_void(voids, next_seat[seat], trump) and is_void(voids, next_seat[partner(seat)], trump):
        return NO_CARD
    count = mine.bit_count()
    top = mine.bit_length() - 1
    top_is_master = not know.unseen & ABOVE[top]
    if count >= 4 or (count >= 3 and top_is_master):
        return lowest(mine)
    if top_is_master and count >= trumps_out.bit_count():
        return top
    return NO_CARD


def _cheapest_lead(hand: Mask, seat: Seat, know: SeatKnowledge) -> CardIndex:
    """The card that gives least away led: few points, low rank, a side suit before a trump;
    keeping a seven behind its ace still out, not leading a point card into a higher one still
    out nor a suit a rival can trump; with memory, rather a suit the partner is out of."""
    trump = know.trump
    unseen = know.unseen
    voids = know.voids
    trumps_out = unseen & SUIT_MASKS[trump]
    next_seat = know.next_seat
    mate = partner(seat)
    rivals = (next_seat[seat], next_seat[mate])
    pick = NO_CARD
    pick_key = -_NEVER
    cards = hand
    while cards:
        low = cards & -cards  # each card in turn, lowest first
        card = low.bit_length() - 1
        cards ^= low
        suit = card // 10
        key = POINTS[card] * 64 + card % 10
        if suit == trump:
            key += 3000
        else:
            seven = 10 * suit + SEVEN
            if hand >> seven & 1 and unseen >> (seven + 1) & 1:
                key += 1500
            if POINTS[card] and unseen & ABOVE[card]:
                # A point card led into a higher card still out is usually lost.
                key += 500
            if trumps_out:
                for rival in rivals:
                    if is_void(voids, rival, suit) and not is_void(voids, rival, trump):
                        key += 800
                        break
            if know.memory and is_void(voids, mate, suit):
                key -= 100
        if key < pick_key:
            pick_key = key
            pick = card
    return pick


# --- a deal played out by the rules of thumb ------------------------------------------------


def heuristic_playout(
    position: Position, voids: VoidMask = 0, held: HeldCard | None = None
) -> Outcome:
    """Play the deal to its end with :func:`heuristic_card` (with memory) for every seat, each
    seat knowing only its own hand, the cards played, the voids shown (``voids`` so far, then
    as they show) and the card ``held`` (the turned trump card while the dealer holds it, or
    ``None``).

    The trick under way is carried card by card (:class:`~sueca_rules._kernel.TrickState`)
    rather than worked out again for each card, and a card that is the only legal one is
    played without asking.
    """
    hands = list(position.hands)
    next_seat = position.next_seat
    tally = [*position.points, *position.tricks_won]  # points0, points1, tricks0, tricks1
    beats = BEATS[position.trump]  # the rule fact of _rules.beats, as a table for the hot loop
    know = SeatKnowledge(position.trump, next_seat, 0, voids, held, True)
    in_hands = hands[0] | hands[1] | hands[2] | hands[3]
    played, led, best, best_seat, trick_points, seat = TrickState.of(position)
    while True:
        hand = hands[seat]
        if not hand:
            break
        if know.held is not None and not in_hands & BIT[know.held[1]]:
            know.held = None
        if not played:
            know.unseen = in_hands & ~hand
            card = lowest(hand) if single(hand) else lead_card(hand, seat, know)
            hands[seat] = hand & ~BIT[card]
            in_hands &= ~BIT[card]
            played, led, best, best_seat, trick_points = 1, card // 10, card, seat, POINTS[card]
            seat = next_seat[seat]
            continue
        follow = hand & SUIT_MASKS[led]
        legal = follow or hand
        if single(legal):
            card = lowest(legal)
        else:
            know.unseen = in_hands & ~hand
            card = follow_card(
                hand, legal, bool(follow), seat, led, best, best_seat, trick_points, played, know
            )
        if not follow:
            know.voids |= 1 << (4 * seat + led)
        hands[seat] = hand & ~BIT[card]
        in_hands &= ~BIT[card]
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
