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
from .._kernel._bits import POINTS, CardIndex, Mask, Seat, SuitIndex, VoidMask, interchangeable
from .._rules import BEATS
from ._rules_of_thumb import SeatKnowledge, follow_card, lead_card

if TYPE_CHECKING:
    from .._cards import Card
    from .._match import Observation

__all__ = ["Likelihood", "Sampler", "history", "sample_hands"]


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


_Decision = tuple[CardIndex, Mask, int, SuitIndex, CardIndex, Seat, int, Mask, VoidMask, bool]
"""A rival's play to judge: the card, the cards that rival played from then on, then the
public state before it: cards in the trick, suit led, winning card and seat, trick points,
cards not yet played, voids shown, whether the turned trump card was still in a hand."""


class Likelihood:
    """How well sampled deals explain the rivals' cards so far (prepared once per
    observation; :meth:`weight` judges one deal).

    Each rival play is replayed in the sampled deal, and one that the rules of thumb (level 3)
    would not have made there (nor a card just like it) multiplies the weight by ``miss``. The
    partner's cards are not judged (the partner may well be a bot that plays otherwise). A
    weight that falls below ``floor`` is given up as 0.

    A rival's choices depend only on its own hand and what everyone saw, so the public state
    before each of its plays is worked out once here, and the count of a rival's unexplained
    plays is kept for each hand it is dealt (late in a deal, samples often deal it the same
    cards).
    """

    def __init__(
        self,
        observation: Observation,
        miss: float,
        floor: float = 0.0,
        plays: list[tuple[Seat, CardIndex]] | None = None,
    ) -> None:
        assert observation.trump is not None
        assert observation.trump_card is not None
        trump = int(observation.trump)
        next_seat = observation.rules.next_seat
        me = observation.seat
        self.rivals = (next_seat[me], next_seat[me ^ 2])
        self._know = SeatKnowledge(trump, next_seat, 0, 0, None, memory=True)
        self._held_card = (observation.dealer, int(observation.trump_card))
        # The weight after k unexplained plays, multiplied out in play order as the cards
        # come; 0 from the first k whose weight is below the floor.
        powers = [1.0]
        while powers[-1] >= floor and powers[-1] > 0.0 and len(powers) <= 40:
            powers.append(powers[-1] * miss)
        powers[-1] = 0.0 if powers[-1] < floor else powers[-1]
        self._powers = powers
        self._decisions = self._public_states(
            history(observation) if plays is None else plays, trump, int(observation.trump_card)
        )
        self._memo: tuple[dict[Mask, int], dict[Mask, int]] = ({}, {})

    def _public_states(
        self, plays: list[tuple[Seat, CardIndex]], trump: SuitIndex, turned: CardIndex
    ) -> tuple[list[_Decision], list[_Decision]]:
        """Each rival's plays with the public state before them (see :data:`_Decision`)."""
        beats = BEATS[trump]  # the rule fact of _rules.beats, as a table for the loop
        decisions: tuple[list[_Decision], list[_Decision]] = ([], [])
        later = [0, 0, 0, 0]  # the cards each seat plays from this play on
        for seat, card in plays:
            later[seat] |= 1 << card
        remaining = DECK_MASK
        voids = 0
        played = led = best = best_seat = trick_points = 0
        for seat, card in plays:
            if seat in self.rivals:
                decisions[self.rivals.index(seat)].append(
                    (card, later[seat], played, led, best, best_seat, trick_points, remaining,
                     voids, bool(remaining >> turned & 1))
                )  # fmt: skip
            later[seat] &= ~(1 << card)
            remaining &= ~(1 << card)
            if not played:
                led = card // 10
                best = card
                best_seat = seat
                trick_points = POINTS[card]
                played = 1
                continue
            if card // 10 != led:
                voids |= 1 << (4 * seat + led)
            trick_points += POINTS[card]
            if beats[best * 40 + card]:
                best = card
                best_seat = seat
            played = (played + 1) % 4
        return decisions

    def weight(self, hands: list[Mask]) -> float:
        """The weight of a sampled deal (the four hands now): ``miss`` to the power of the
        rivals' plays it does not explain, 0 below the floor."""
        powers = self._powers
        misses = 0
        for index, rival in enumerate(self.rivals):
            memo = self._memo[index]
            hand = hands[rival]
            count = memo.get(hand)
            if count is None:
                count = memo[hand] = self._misses(rival, hand, self._decisions[index])
            misses += count
            if misses >= len(powers) - 1:
                return powers[-1]
        return powers[misses]

    def _misses(self, rival: Seat, hand_now: Mask, decisions: list[_Decision]) -> int:
        """How many of ``rival``'s plays the rules of thumb would not have made (nor a card
        just like it) holding ``hand_now`` and the cards it played since (counting stops where
        the weight reaches 0)."""
        know = self._know
        enough = len(self._powers) - 1
        misses = 0
        for card, later, played, led, best, best_seat, points, remaining, voids, held in decisions:
            hand = hand_now | later
            follow = hand & SUIT_MASKS[led] if played else 0
            legal = follow or hand
            if not legal & (legal - 1):
                continue  # the only card it could play
            know.unseen = remaining & ~hand
            know.voids = voids
            know.held = self._held_card if held else None
            if played:
                pick = follow_card(
                    hand, legal, bool(follow), rival, led, best, best_seat, points, played, know
                )
            else:
                pick = lead_card(hand, rival, know)
            if pick != card and not interchangeable(pick, card, know.unseen):
                misses += 1
                if misses >= enough:
                    break
        return misses
