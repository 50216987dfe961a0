"""The card-player's rules of thumb: the play of levels 2 and 3, and of level 4's play-outs.

`heuristic_card()` picks a card from what one seat knows (`SeatKnowledge`); `heuristic_playout()`
plays a whole deal out with it, every seat knowing only its own hand, the cards played and the voids
shown.

Leading (`lead_card()`), in this order: cash a side-suit master with points while the rivals can
still follow; with a memory of the deal, lead a suit the partner can trump, draw the rivals' trumps
when long in trumps; otherwise lead the cheapest card that gives least away. Following
(`follow_card()`): when the partner's card is winning and no rival after can beat it, load it with
points; otherwise take the trick with a card no rival after can beat, if one is worth it; otherwise
throw the card that gives least away.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from .._kernel import CardIndex, Mask, NextSeat, Seat, SuitIndex, VoidMask
from .._kernel._bits import (
    ABOVE,
    ACE,
    BIT,
    NO_CARD,
    POINTS,
    SEVEN,
    SUIT_MASKS,
    VOID_SUITS,
    lowest,
    single,
)
from .._kernel._playouts import Outcome, Position, TrickState, trick_standing
from .._kernel._solver import solve
from .._rules import BEATS

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

_FOLLOWING: Final = ((), (1, 2, 3), (2, 3), (3,))
"""`_FOLLOWING[k]`: for each card still to come in a trick with `k` cards, the cards before it."""
_NEVER: Final = -(10**9)
"""A score below every card's (a pick not made yet)."""


@dataclass(slots=True)
class SeatKnowledge:
    """What a seat knows of the cards it cannot see (a play-out updates it card by card)."""

    trump: SuitIndex
    """The trump suit."""
    next_seat: NextSeat
    """`next_seat[s]`: the seat that plays after `s`."""
    unseen: Mask
    """The cards another player may hold (neither in this hand nor played)."""
    voids: VoidMask
    """Who has shown a void in which suit."""
    held: HeldCard | None
    """A card known to be in a given hand (the turned trump card), or `None`."""
    memory: bool
    """Whether the seat remembers the deal (level 3): turns on the rules that need it."""


def heuristic_card(
    hand: Mask,
    trick: Sequence[CardIndex],
    leader: Seat,
    seat: Seat,
    know: SeatKnowledge,
) -> CardIndex:
    """The card a rules-of-thumb player in `seat` picks from `hand` for `trick` (the cards so far of
    a trick led by `leader`), knowing `know`. Always a legal card."""
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
    """A card for a trick under way (`played` cards of suit `led` so far; `best` of `best_seat` wins
    it with `trick_points` in it); `legal` holds two cards or more and `follows` says whether they
    are of the suit led."""
    trump = know.trump
    # What the one rival still to play may beat a card with (the next seat, unless this seat
    # plays last; the seat after it is the partner): `higher`, the cards it could beat a
    # card of their suit with (the suit led, or its trumps when it is out of the suit led);
    # `ruff`: it may trump the suit led.
    higher = 0
    ruff = False
    if played < 3:
        rival = know.next_seat[seat]
        rival_voids = know.voids >> (4 * rival) & 15
        cards = know.unseen & ~VOID_SUITS[rival_voids]
        held = know.held
        if held is not None:
            holder, card = held
            cards = cards | BIT[card] if holder == rival else cards & ~BIT[card]
        if rival_voids >> led & 1:
            higher = cards & SUIT_MASKS[trump]
            ruff = bool(higher)
        else:
            higher = cards & SUIT_MASKS[led]
    if best_seat == seat ^ 2:  # the partner's card is winning (_rules.partner, inlined)
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
    """A card that takes the trick and that no rival after can beat (`NO_CARD` if none is worth it);
    `higher` and `ruff` say what the rivals after may beat a card with.

    Following suit, the cards that win are those above both `best` (when it is of the suit) and
    every card of `higher` in the suit; of them it plays the one with the most points, or the lowest
    when none has any. Out of the suit led it can only trump: only a trick with points in it, with
    the smallest trump that does it, and a high trump (ace, seven) only for a trick worth ten or
    late in the deal.
    """
    suit_led = SUIT_MASKS[led]
    if legal & suit_led:  # following suit (legal is the cards of the suit led)
        if led != trump and (ruff or best // 10 == trump):
            return NO_CARD  # a rival may trump it, or it is trumped already
        floor = best
        rivals = higher & suit_led
        if rivals and rivals.bit_length() - 1 > floor:
            floor = rivals.bit_length() - 1
        winners = legal & ABOVE[floor]
        if not winners:
            return NO_CARD
        top = winners.bit_length() - 1
        return top if POINTS[top] else (winners & -winners).bit_length() - 1
    trumps_mask = SUIT_MASKS[trump]
    trumps = legal & trumps_mask
    late = hand.bit_count() <= 3
    if led == trump or not trumps or (trick_points < 2 and not late):
        return NO_CARD
    winners = trumps
    rivals = higher & trumps_mask
    floor = best if best // 10 == trump else -1
    if rivals and rivals.bit_length() - 1 > floor:
        floor = rivals.bit_length() - 1
    if floor >= 0:
        winners &= ABOVE[floor]
    if trick_points < 10 and not late:
        winners &= ~(BIT[10 * trump + SEVEN] | BIT[10 * trump + ACE])
    return (winners & -winners).bit_length() - 1 if winners else NO_CARD


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
    """A card that gives least away: no points, a side suit before a trump, lowest rank;
    out of the suit led, shorten a short side suit but keep the guard of a seven waiting for
    its ace.

    A card's cost is `64 * points + rank` plus what its suit adds. Within a suit the lowest card
    always costs least (points never fall as the rank rises, and a seven's guard costs less than the
    seven), so only the lowest card of each suit is weighed.
    """
    if follows:
        return (legal & -legal).bit_length() - 1  # one suit: its lowest card
    pick = NO_CARD
    pick_key = -_NEVER
    for suit, mine in _suits_of(legal):
        card = (mine & -mine).bit_length() - 1  # the lowest card of the suit
        key = POINTS[card] * 64 + card % 10
        if suit == trump:
            key += 2000
        else:
            length = (hand & SUIT_MASKS[suit]).bit_count()
            key += length * 2
            seven = 10 * suit + SEVEN
            if hand >> seven & 1 and card != seven and length <= 2 and unseen >> (seven + 1) & 1:
                key += 40
        if key < pick_key:
            pick_key = key
            pick = card
    return pick


def _suits_of(cards: Mask) -> list[tuple[SuitIndex, Mask]]:
    """The suits of which `cards` holds some, each with those cards, in suit order."""
    return [(suit, cards & mask) for suit, mask in enumerate(SUIT_MASKS) if cards & mask]


def _can_cash(suit: SuitIndex, seat: Seat, left: int, know: SeatKnowledge) -> bool:
    """Whether a master of side suit `suit` led now would probably not be trumped (`left`: the cards
    in the hand; without memory, only that counts)."""
    if not know.memory:
        return left >= 6
    unseen = know.unseen
    if not unseen & SUIT_MASKS[know.trump]:
        return True
    if _ruff_suits(seat, know) >> suit & 1:
        return False
    return (unseen & SUIT_MASKS[suit]).bit_count() >= 3


def _ruff_suits(seat: Seat, know: SeatKnowledge) -> int:
    """The suits (a 4-bit pattern) a rival of `seat` has shown a void in while it may still hold a
    trump: leading them invites a ruff."""
    next_seat = know.next_seat
    voids = know.voids
    trump = know.trump
    suits = 0
    for rival in (next_seat[seat], next_seat[seat ^ 2]):
        rival_voids = voids >> (4 * rival) & 15
        if not rival_voids >> trump & 1:
            suits |= rival_voids
    return suits


# --- leading --------------------------------------------------------------------------------


def lead_card(hand: Mask, seat: Seat, know: SeatKnowledge) -> CardIndex:
    """The card to lead a trick with: the first of these rules that gives one.

    1. Cash a side-suit master with points while the rivals can still follow.
    2. (With memory.) Lead the smallest card of a suit the partner is out of, for it to trump.
    3. (With memory.) Long in trumps: draw the rivals' trumps, keeping the high ones.
    4. Otherwise the cheapest card (see `_cheapest_lead()`).
    """
    ruff_suits = _ruff_suits(seat, know) if know.memory and know.voids else 0
    card = _cash_master(hand, seat, ruff_suits, know)
    if card >= 0:
        return card
    if know.memory:
        card = _lead_for_partner_to_trump(hand, seat, know)
        if card >= 0:
            return card
        card = _draw_trumps(hand, seat, know)
        if card >= 0:
            return card
    return _cheapest_lead(hand, seat, ruff_suits, know)


def _cash_master(hand: Mask, seat: Seat, ruff_suits: int, know: SeatKnowledge) -> CardIndex:
    """The side-suit master with the most points (then of the suit with the most cards still out)
    that can be cashed now (see `_can_cash()`; `ruff_suits` from `_ruff_suits()`); `NO_CARD` if
    none."""
    unseen = know.unseen
    trump = know.trump
    memory = know.memory
    trumps_out = unseen & SUIT_MASKS[trump]
    left = hand.bit_count()
    best = NO_CARD
    best_key = -1
    for suit in range(4):
        if suit == trump:
            continue
        mine = hand & SUIT_MASKS[suit]
        if not mine:
            continue
        top = mine.bit_length() - 1
        if not POINTS[top] or unseen & ABOVE[top]:
            continue
        out = (unseen & SUIT_MASKS[suit]).bit_count()
        # _can_cash, with the ruffing suits worked out once.
        if memory:
            if trumps_out and (ruff_suits >> suit & 1 or out < 3):
                continue
        elif left < 6:
            continue
        key = POINTS[top] * 16 + out
        if key > best_key:
            best_key = key
            best = top
    return best


def _lead_for_partner_to_trump(hand: Mask, seat: Seat, know: SeatKnowledge) -> CardIndex:
    """The smallest card (worth less than ten) of a side suit the partner is out of, while the
    partner may still trump it; `NO_CARD` if none."""
    trump = know.trump
    mate_voids = know.voids >> (4 * (seat ^ 2)) & 15
    if not know.unseen & SUIT_MASKS[trump] or mate_voids >> trump & 1:
        return NO_CARD
    for suit in range(4):
        if suit == trump or not mate_voids >> suit & 1:
            continue
        mine = hand & SUIT_MASKS[suit]
        if not mine:
            continue
        low = (mine & -mine).bit_length() - 1  # the smallest card of the suit
        if POINTS[low] < 10:
            return low
    return NO_CARD


def _draw_trumps(hand: Mask, seat: Seat, know: SeatKnowledge) -> CardIndex:
    """A trump to draw the rivals' trumps with, while a rival may hold one: the smallest when long
    in trumps (four, or three with the master), the master when holding most of the trumps left;
    `NO_CARD` otherwise."""
    trump = know.trump
    trumps_out = know.unseen & SUIT_MASKS[trump]
    mine = hand & SUIT_MASKS[trump]
    if not mine or not trumps_out:
        return NO_CARD
    next_seat = know.next_seat
    voids = know.voids
    first = next_seat[seat]
    second = next_seat[seat ^ 2]
    if voids >> (4 * first + trump) & 1 and voids >> (4 * second + trump) & 1:
        return NO_CARD  # neither rival can hold a trump
    count = mine.bit_count()
    top = mine.bit_length() - 1
    top_is_master = not know.unseen & ABOVE[top]
    if count >= 4 or (count >= 3 and top_is_master):
        return (mine & -mine).bit_length() - 1  # the smallest trump
    if top_is_master and count >= trumps_out.bit_count():
        return top
    return NO_CARD


def _cheapest_lead(hand: Mask, seat: Seat, ruff_suits: int, know: SeatKnowledge) -> CardIndex:
    """The card that gives least away led: few points, low rank, a side suit before a trump; keeping
    a seven behind its ace still out, not leading a point card into a higher one still out nor a
    suit a rival can trump (`ruff_suits`, see `_ruff_suits()`); with memory, rather a suit the
    partner is out of.

    A card costs `64 * points + rank` (and 500 more for a side-suit point card with a higher card
    still out) plus what its suit adds. A card without points always costs less than a card of its
    suit with points, so a suit's lowest card is its cheapest when it has no points; only a suit of
    point cards is weighed card by card.
    """
    trump = know.trump
    unseen = know.unseen
    mate_voids = know.voids >> (4 * (seat ^ 2)) & 15 if know.memory else 0
    if not unseen & SUIT_MASKS[trump]:
        ruff_suits = 0
    elif not know.memory:
        ruff_suits = _ruff_suits(seat, know)
    pick = NO_CARD
    pick_key = -_NEVER
    for suit, mine in _suits_of(hand):
        # What the suit adds to the cost: a trump 3000; else a seven guarded 1500, a suit a
        # rival can trump 800, a suit the partner is out of -100.
        if suit == trump:
            extra = 3000
        else:
            seven = 10 * suit + SEVEN
            extra = 1500 if hand >> seven & 1 and unseen >> (seven + 1) & 1 else 0
            if ruff_suits >> suit & 1:
                extra += 800
            if mate_voids >> suit & 1:
                extra -= 100
        low = (mine & -mine).bit_length() - 1
        if not POINTS[low]:
            key = low % 10 + extra
            if key < pick_key:
                pick_key = key
                pick = low
            continue
        while mine:
            bit = mine & -mine  # each card of the suit in turn, lowest first
            card = bit.bit_length() - 1
            mine ^= bit
            key = POINTS[card] * 64 + card % 10 + extra
            if suit != trump and unseen & ABOVE[card]:
                key += 500  # a point card led into a higher card still out is usually lost
            if key < pick_key:
                pick_key = key
                pick = card
    return pick


# --- a deal played out by the rules of thumb ------------------------------------------------


def heuristic_playout(
    position: Position,
    voids: VoidMask = 0,
    held: HeldCard | None = None,
    first: CardIndex = NO_CARD,
    exact_tricks: int = 0,
    stop: Callable[[], bool] | None = None,
) -> Outcome:
    """Play the deal to its end with `heuristic_card()` (with memory) for every seat, each seat
    knowing only its own hand, the cards played, the voids shown (`voids` so far, then as they show)
    and the card `held` (the turned trump card while the dealer holds it, or `None`); the seat to
    play plays `first` if it is given (it must be a legal card).

    With `exact_tricks`, the last that many tricks are not played by the rules of thumb but solved
    exactly (`solve()`, every hand in view): their points go to the teams as perfect play would
    share them, and their tricks are not counted (the tricks of the outcome then add up to fewer
    than ten). `stop` is handed to `solve()` (it may raise `OutOfTime`).

    The trick under way is carried card by card (`TrickState`) rather than worked out again for each
    card, and a card that is the only legal one is played without asking.
    """
    hands = list(position.hands)
    next_seat = position.next_seat
    tally = [*position.points, *position.tricks_won]  # points0, points1, tricks0, tricks1
    beats = BEATS[position.trump]  # the rule fact of _rules.beats, as a table for the hot loop
    in_hands = hands[0] | hands[1] | hands[2] | hands[3]
    if held is not None and not in_hands & BIT[held[1]]:
        held = None  # played already
    know = SeatKnowledge(position.trump, next_seat, 0, voids, held, True)
    held_card = held[1] if held is not None else NO_CARD
    played, led, best, best_seat, trick_points, seat = TrickState.of(position)
    if played:
        seat = next_seat[next_seat[next_seat[seat]]]  # the seat that played last
    while True:
        if not played:  # a trick to lead
            hand = hands[seat]
            if not hand:
                break
            if exact_tricks and in_hands.bit_count() <= 4 * exact_tricks and first < 0:
                end = Position(hands, position.trump, seat, (), (0, 0), (0, 0), next_seat)
                team0 = solve(end, stop)
                tally[1] += 120 - tally[0] - tally[1] - team0
                tally[0] += team0
                break
            if first >= 0:
                card = first
                first = NO_CARD
            elif hand & (hand - 1):
                know.unseen = in_hands & ~hand
                card = lead_card(hand, seat, know)
            else:
                card = hand.bit_length() - 1  # the last card: played without asking
            hands[seat] = hand ^ BIT[card]
            in_hands ^= BIT[card]
            if card == held_card:
                know.held = None
            led = card // 10
            best = card
            best_seat = seat
            trick_points = POINTS[card]
            played = 1
        for place in _FOLLOWING[played]:  # the cards before this one in the trick
            seat = next_seat[seat]
            hand = hands[seat]
            follow = hand & SUIT_MASKS[led]
            legal = follow or hand
            if first >= 0:
                card = first
                first = NO_CARD
            elif not legal & (legal - 1):
                card = legal.bit_length() - 1  # the only legal card
            else:
                know.unseen = in_hands & ~hand
                card = follow_card(
                    hand,
                    legal,
                    bool(follow),
                    seat,
                    led,
                    best,
                    best_seat,
                    trick_points,
                    place,
                    know,
                )
            if not follow:
                know.voids |= 1 << (4 * seat + led)
            hands[seat] = hand ^ BIT[card]
            in_hands ^= BIT[card]
            if card == held_card:
                know.held = None
            trick_points += POINTS[card]
            if beats[best * 40 + card]:
                best = card
                best_seat = seat
        tally[best_seat & 1] += trick_points  # the team of the seat that took the trick
        tally[2 + (best_seat & 1)] += 1
        played = 0
        seat = best_seat
    return tally[0], tally[1], tally[2], tally[3]
