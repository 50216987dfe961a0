"""Deals that one seat cannot tell from the real one: for search over hidden cards (IS-MCTS).

`consistent_deal()` gives the four hands of the current deal as they could have been dealt, given
only what a seat knows (`Match.observation(seat)`): its own hand, the cards each seat played, the
turned card still in the dealer's hand, the voids shown and the claims heard. The other seats'
unplayed cards are dealt anew at random so that every constraint holds:

- the voids that are certain, as the core reads them (`Observation.sure_void_mask`): under
  `revoke.mode: prevented` a seat that did not follow a suit holds none of it; under `claimable`
  not following may have been a renúncia, so it proves nothing, unless a later claim accused that
  seat (or its team) and did not end the deal: that claim was false, so the seat had really no
  card of that suit;
- the dealer holds the turned card until it plays it.

Each card goes to a seat chosen at random among those that keep the rest of the deal possible
(Hall's condition on the seats with room left), so every draw succeeds; the draws are not
exactly uniform over the consistent deals.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from sueca_rules import Observation

__all__ = ["consistent_deal", "plays_by_seat"]


def plays_by_seat(obs: Observation) -> list[list[int]]:
    """The cards each seat played in this deal (card numbers, by seat, in play order)."""
    played: list[list[int]] = [[], [], [], []]
    for seat, card in obs.plays:
        played[seat].append(int(card))
    return played


def _feasible(counts: dict[int, int], room: Sequence[int], seats: Sequence[int]) -> bool:
    """Hall's condition: for every set of seats, the cards that may go only to those seats
    fit in the room they have."""
    for subset in range(1, 16):
        if any(subset >> s & 1 for s in range(4) if s not in seats):
            continue
        need = sum(n for sig, n in counts.items() if sig & ~subset == 0)
        if need > sum(room[s] for s in range(4) if subset >> s & 1):
            return False
    return True


def consistent_deal(obs: Observation, rng: random.Random) -> list[list[int]]:
    """The four hands of the current deal as dealt (card numbers, by seat), drawn at random among
    the deals that `obs.seat` cannot tell from the real one (see the module's text)."""
    me = obs.seat
    played = plays_by_seat(obs)
    sure = obs.sure_void_mask  # the core's reading of the voids shown (renúncias, claims)
    lacking = [sure >> (4 * seat) & 15 for seat in range(4)]
    seats = [s for s in range(4) if s != me]
    room = [0, 0, 0, 0]
    for s in seats:
        room[s] = obs.hand_sizes[s]
    known = obs.hand_mask | obs.played_mask
    pinned = -1
    if obs.trump_card_in_hand and obs.dealer != me and obs.trump_card is not None:
        pinned = int(obs.trump_card)
    allowed: dict[int, int] = {}
    for card in range(40):
        if known >> card & 1:
            continue
        if card == pinned:
            allowed[card] = 1 << obs.dealer
        else:
            allowed[card] = sum(1 << s for s in seats if not lacking[s] >> (card // 10) & 1)
    counts: dict[int, int] = {}
    for sig in allowed.values():
        counts[sig] = counts.get(sig, 0) + 1
    hands: list[list[int]] = [list(played[s]) for s in range(4)]
    hands[me].extend(int(c) for c in obs.hand)
    cards = list(allowed)
    rng.shuffle(cards)
    for card in cards:
        sig = allowed[card]
        counts[sig] -= 1
        options = []
        for s in seats:
            if sig >> s & 1 and room[s]:
                room[s] -= 1
                if _feasible(counts, room, seats):
                    options.append(s)
                room[s] += 1
        if not options:  # only if the observation itself is impossible
            raise ValueError(f"no deal is consistent with what seat {me} knows")
        seat = rng.choice(options)
        room[seat] -= 1
        hands[seat].append(card)
    return hands
