"""The hidden hands: deals of the unseen cards consistent with what a seat knows, and how well
a deal explains the rivals' cards so far.

:class:`Sampler` deals the cards a seat has not seen to the other three, respecting the hand
sizes, the voids shown and the turned trump card while the dealer holds it;
:func:`likelihood` weighs a sampled deal by the rivals' plays the rules of thumb would have
made in it (level 4 draws its deals by that weight).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .._cards import DECK_MASK, SUIT_MASKS
from .._kernel._bits import POINTS, CardIndex, Mask, Seat, interchangeable, single
from .._rules import BEATS
from ._rules_of_thumb import SeatKnowledge, follow_card, lead_card

if TYPE_CHECKING:
    from .._cards import Card
    from .._match import Observation

__all__ = ["Sampler", "history", "likelihood", "sample_hands"]


def sample_hands(observation: Observation, rng: random.Random) -> list[Mask]:
    """One deal of the unseen cards to the other seats, consistent with the observation: the
    hand sizes, the voids shown and the turned trump card still in the dealer's hand. Returns
    the four hand masks (the observer's own hand included). See :class:`Sampler`."""
    return Sampler(observation).sample(rng)


class Sampler:
    """Deals the cards one seat has not seen to the other three, consistently with what that
    seat knows (prepared once per observation; :meth:`sample` deals once)."""

    def __init__(self, observation: Observation) -> None:
        me = observation.seat
        sizes = list(observation.hand_sizes)
        hands = [0, 0, 0, 0]
        hands[me] = observation.hand_mask
        sizes[me] = 0
        pool = observation.unseen_mask
        if observation.trump_card_in_hand and observation.dealer != me:
            assert observation.trump_card is not None  # it is in a hand: a deal is on
            card = int(observation.trump_card)
            if pool >> card & 1:
                hands[observation.dealer] |= 1 << card
                sizes[observation.dealer] -= 1
                pool &= ~(1 << card)
        voids = observation.void_mask
        allowed = [DECK_MASK, DECK_MASK, DECK_MASK, DECK_MASK]
        allowed[me] = 0
        constrained = False
        for seat in range(4):
            if seat == me:
                continue
            for suit in range(4):
                if voids >> (4 * seat + suit) & 1:
                    allowed[seat] &= ~SUIT_MASKS[suit]
                    constrained = True
        self.me = me
        self.sizes = sizes
        self.hands = hands
        self.cards = [c for c in range(40) if pool >> c & 1]
        self.allowed = allowed
        # Voids that cannot all hold (a renúncia, where the variant lets one be played) are
        # dropped: then only the hand sizes count.
        self.constrained = constrained and _feasible(pool, sizes, allowed)

    def sample(self, rng: random.Random) -> list[Mask]:
        """One deal: the four hand masks."""
        hands = self.hands
        sizes = self.sizes
        if self.constrained:
            for _ in range(40):
                dealt = _deal_constrained(self.cards, sizes, self.allowed, self.me, rng)
                if dealt is not None:
                    return [hands[seat] | dealt[seat] for seat in range(4)]
        cards = self.cards[:]
        rng.shuffle(cards)
        out = hands[:]
        start = 0
        for seat in range(4):
            if seat == self.me:
                continue
            for card in cards[start : start + sizes[seat]]:
                out[seat] |= 1 << card
            start += sizes[seat]
        return out


def _feasible(pool: Mask, sizes: list[int], allowed: list[Mask]) -> bool:
    """Whether the cards of ``pool`` can be dealt to the seats (``sizes`` cards each, only
    cards a seat is ``allowed``): Hall's condition over every set of suits."""
    for suits in range(1, 16):
        group = 0
        for suit in range(4):
            if suits >> suit & 1:
                group |= SUIT_MASKS[suit]
        need = (pool & group).bit_count()
        room = sum(sizes[seat] for seat in range(4) if allowed[seat] & pool & group)
        if need > room:
            return False
    return sum(sizes) == pool.bit_count()


def _deal_constrained(
    cards: list[CardIndex], sizes: list[int], allowed: list[Mask], me: Seat, rng: random.Random
) -> list[Mask] | None:
    """Deal ``cards`` to the seats with room, each card only to a seat allowed to hold it;
    the most constrained cards first. ``None`` when it gets stuck."""
    room = sizes[:]
    room[me] = 0
    order = cards[:]
    rng.shuffle(order)
    order.sort(key=lambda card: sum(1 for seat in range(4) if allowed[seat] >> card & 1))
    dealt = [0, 0, 0, 0]
    for card in order:
        seats = [seat for seat in range(4) if room[seat] and allowed[seat] >> card & 1]
        if not seats:
            return None
        if len(seats) == 1:
            chosen = seats[0]
        else:
            # A seat drawn in proportion to the room left in it.
            total = sum(room[seat] for seat in seats)
            draw = rng.random() * total
            chosen = seats[-1]
            for seat in seats:
                draw -= room[seat]
                if draw < 0:
                    chosen = seat
                    break
        room[chosen] -= 1
        dealt[chosen] |= 1 << card
    if any(room):
        return None
    return dealt


def history(observation: Observation) -> list[tuple[Seat, CardIndex]]:
    """The plays of the deal so far as ``(seat, card)``, in order."""
    next_seat = observation.rules.next_seat
    plays: list[tuple[Seat, CardIndex]] = []
    tricks: list[tuple[Seat, Sequence[Card]]] = [(t.leader, t.cards) for t in observation.tricks]
    tricks.append((observation.trick_leader, observation.trick))
    for leader, cards in tricks:
        seat = leader
        for card in cards:
            plays.append((seat, int(card)))
            seat = next_seat[seat]
    return plays


def likelihood(
    hands: list[Mask],
    plays: list[tuple[Seat, CardIndex]],
    observation: Observation,
    miss: float,
    floor: float = 0.0,
) -> float:
    """How well a sampled deal explains the rivals' cards so far: each of their plays is
    replayed in the sample, and one that the rules of thumb (level 3) would not have made there
    (nor a card just like it) multiplies the weight by ``miss``. The partner's cards are not
    judged (the partner may well be a bot that plays otherwise). A weight that falls below
    ``floor`` is given up as 0."""
    me = observation.seat
    assert observation.trump is not None
    assert observation.trump_card is not None
    trump = int(observation.trump)
    beats = BEATS[trump]  # the rule fact of _rules.beats, as a table for the hot loop
    hands_then = hands[:]
    for seat, card in plays:
        hands_then[seat] |= 1 << card
    turned = int(observation.trump_card)
    know = SeatKnowledge(trump, observation.rules.next_seat, 0, 0, None, memory=True)
    weight = 1.0
    remaining = DECK_MASK
    # The trick under way: cards played, suit led, winning card and seat, points.
    played = led = best = best_seat = trick_points = 0
    for seat, card in plays:
        hand = hands_then[seat]
        follow = hand & SUIT_MASKS[led] if played else 0
        if (seat - me) & 1 and not single(follow or hand):
            # A rival's card, chosen from two or more: would the rules of thumb play it?
            know.unseen = remaining & ~hand
            know.held = (observation.dealer, turned) if remaining >> turned & 1 else None
            if played:
                pick = follow_card(
                    hand,
                    follow or hand,
                    bool(follow),
                    seat,
                    led,
                    best,
                    best_seat,
                    trick_points,
                    played,
                    know,
                )
            else:
                pick = lead_card(hand, seat, know)
            if pick != card and not interchangeable(pick, card, know.unseen):
                weight *= miss
                if weight < floor:
                    return 0.0
        hands_then[seat] = hand & ~(1 << card)
        remaining &= ~(1 << card)
        if not played:
            led = card // 10
            best = card
            best_seat = seat
            trick_points = POINTS[card]
            played = 1
            continue
        if card // 10 != led:
            know.voids |= 1 << (4 * seat + led)
        trick_points += POINTS[card]
        if beats[best * 40 + card]:
            best = card
            best_seat = seat
        played = (played + 1) % 4
    return weight
