"""Deals built to order: sweeps, a lost zero-point trick, capote, 60-60 — for any variant.

A built deal is ``(hands, trump_card, plays)`` ready for ``Match.deal_hands`` and ``Match.play``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from sueca_rules import Event, Match, Variant

Hands = list[list[str]]


@dataclass(frozen=True)
class BuiltDeal:
    hands: Hands
    trump_card: str
    plays: list[str]


NON_HEARTS = [r + s for s in "SDC" for r in "A7KJQ65432"]


def sweep(direction_next: tuple[int, ...], dealer: int, last: str) -> BuiltDeal:
    """The player after the dealer (L) holds nine hearts (trumps: the dealer turned 2H) and
    leads them all, then leads ``last``:

    * ``last="sweep"``: L's last card is AS, so L's team wins every trick and all 120 points;
    * ``last="lose_zero"``: L leads 2S and the dealer wins it with 6S over 4S and 3S — a trick
      with no points, so L's team has 120 points but only nine tricks;
    * ``last="capote"``: L leads 2S and the dealer wins it with AS: L's team has 109 points.
    """
    lead = direction_next[dealer]
    n1 = direction_next[lead]
    n2 = direction_next[n1]
    assert direction_next[n2] == dealer
    hearts = [r + "H" for r in "A7KJQ6543"]
    finals = {
        "sweep": ("AS", None, None, None),
        "lose_zero": ("2S", "4S", "3S", "6S"),
        "capote": ("2S", "4S", "3S", "AS"),
    }[last]
    rest = [c for c in NON_HEARTS if c not in finals]
    hands: dict[int, list[str]] = {lead: [*hearts, finals[0]]}
    # The other three discard what is left; each keeps its final card (if any) for trick 10.
    pools: dict[int, list[str]] = {n1: [], n2: [], dealer: ["2H"]}
    for seat, final in ((n1, finals[1]), (n2, finals[2]), (dealer, finals[3])):
        if final is not None:
            pools[seat].append(final)
    for card in rest:
        seat = min(pools, key=lambda s: (len(pools[s]), s))
        pools[seat].append(card)
    for seat, cards in pools.items():
        assert len(cards) == 10, (seat, cards)
        hands[seat] = cards
    # Play: L leads AH (the dealer must follow with 2H), then the other hearts, then the last.
    discards = {s: [c for c in pools[s] if c != "2H" and c not in finals] for s in pools}
    plays: list[str] = []
    for i in range(10):
        led = hearts[i] if i < 9 else finals[0]
        trick = [led]
        for seat in (n1, n2, dealer):
            if i == 0 and seat == dealer:
                trick.append("2H")
            elif i == 9:
                trick.append(next(c for c in hands[seat] if c not in plays and c not in trick))
            else:
                trick.append(discards[seat].pop(0))
        plays.extend(trick)
    return BuiltDeal([hands[s] for s in range(4)], "2H", plays)


def find_deal(
    variant: Variant | str,
    dealer: int,
    wanted: Callable[[tuple[int, int], tuple[int, int]], bool],
    *,
    seed: int = 0,
    tries: int = 5000,
) -> BuiltDeal:
    """A random deal, played at random, whose final (points, tricks_won) satisfy ``wanted``."""
    rng = random.Random(seed)
    for attempt in range(tries):
        match = Match(variant, seed=f"{seed}:{attempt}", first_dealer=dealer)
        hands = [[str(c) for c in match.hand(s)] for s in range(4)]
        trump = str(match.trump_card)
        plays: list[str] = []
        while len(plays) < 40:
            card = rng.choice(match.legal_cards())
            plays.append(str(card))
            match.play(card)
        last = match.deals[-1]
        if wanted(last.points, last.tricks_won):
            return BuiltDeal(hands, trump, plays)
    raise AssertionError("no such deal found")


def play_built(match: Match, deal: BuiltDeal) -> list[Event]:
    """Deal and play a built deal on a match made with ``deal=False``."""
    events: list[Event] = list(match.deal_hands(deal.hands, deal.trump_card))
    for card in deal.plays:
        events.extend(match.play(card))
    return events
