"""Levels 2 and 3: card-player's rules of thumb, without and with memory.

Both levels play by `heuristic_card()` (the same rules drive level 4's play-outs). What differs is
what they know:

- level 2 sees only its hand, the current trick and the trump suit: any card that is neither in
  its hand nor on the table could be anywhere, and nobody is known to be out of a suit except
  who failed to follow in the current trick;
- level 3 remembers every card played and every void shown, knows where the turned trump card
  is, counts the trumps still out and uses a few more rules that need that memory.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._cards import CARDS, DECK_MASK, Card
from ._base import BaseBot
from ._rules_of_thumb import SeatKnowledge, heuristic_card

if TYPE_CHECKING:
    from .._match import Observation

__all__ = ["MemoryBot", "RuleBot"]


class RuleBot(BaseBot):
    """Level 2: plays by the rules of thumb of the game, remembering nothing.

    It sees only its own hand, the cards on the table and the trump suit. It leads its side-suit
    aces early; never leads the suit of a seven without its ace; loads its partner's trick with
    points (a king, a seven it cannot otherwise save…) when the partner is winning and nobody after
    it can beat that card, or it plays last; when a rival is winning it takes the trick only with a
    card nobody after can beat — trumping only a trick with points in it, with its smallest trump,
    keeping high trumps for the last tricks — and otherwise throws a worthless card. Deterministic
    (`seed` is accepted for a uniform interface).
    """

    level = 2
    """Always 2."""
    memory = False
    """`False`: it knows only its hand, the current trick and the trump suit. (Level 3,
    [`MemoryBot`][sueca_rules.bots.MemoryBot], sets it to `True`.)"""

    def _card(self, observation: Observation) -> Card:
        """The card the rules of thumb pick: always one of `observation.legal`."""
        obs = observation
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        seat = obs.seat
        trick = [int(c) for c in obs.trick]
        next_seat = obs.rules.next_seat
        assert obs.trump is not None
        assert obs.trump_card is not None
        held = None
        if self.memory:
            unseen = obs.unseen_mask
            voids = obs.void_mask
            if obs.trump_card_in_hand and obs.dealer != seat:
                held = (obs.dealer, int(obs.trump_card))
        else:
            # No memory: only the hand and the table are known.
            unseen = DECK_MASK & ~obs.hand_mask
            voids = 0
            player = obs.trick_leader
            for card in trick:
                unseen &= ~(1 << card)
                if card // 10 != trick[0] // 10:
                    voids |= 1 << (4 * player + trick[0] // 10)
                player = next_seat[player]
        know = SeatKnowledge(int(obs.trump), next_seat, unseen, voids, held, self.memory)
        card = heuristic_card(obs.hand_mask, trick, obs.trick_leader, seat, know)
        chosen = CARDS[card]
        return chosen if chosen in legal else legal[-1]


class MemoryBot(RuleBot):
    """Level 3: the rules of level 2 with a card-counter's memory.

    It remembers every card played and who has shown a void in which suit, knows the turned
    trump card is in the dealer's hand until played and counts the trumps still out. So it knows
    which cards are masters (the highest left in their suit) — a seven becomes one when its ace
    has gone — and whether a rival after it can still beat a card, cashes side-suit masters
    only while no rival can trump them, leads suits its partner is out of so the partner can
    trump, keeps away from suits a rival can trump, and draws trumps with the master trump
    when it holds most of the trumps left. Deterministic.
    """

    level = 3
    """Always 3."""
    memory = True
    """`True`: it uses everything its observation holds, every card played and every void shown in
    the deal."""
