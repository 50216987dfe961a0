"""A fast play-out kernel: whole deals on plain integers, for bots and simulations.

Nothing here knows about pydantic, :class:`~sueca_rules.Match` or events. A position is four
40-bit hand masks (by seat), the trump suit, the seat that led the current trick, the cards of
that trick in play order, the team points and tricks so far, and the variant's ``next_seat``
table. The kernel follows the engine exactly: a player must follow the suit led when it can;
the highest trump wins a trick, otherwise the highest card of the suit led; the winner leads the
next trick (``tests/test_kernel.py`` checks this against :class:`~sueca_rules.Match`).

Speed comes from precomputed tables rather than loops over bits:

- ``BITS10[p]``: the ranks set in a 10-bit suit pattern ``p``, strongest first (``POP10``,
  ``HIGH10`` and ``LOW10`` give its size, highest and lowest rank);
- ``BEATS[trump]``: a flat table where ``BEATS[trump][best * 40 + card]`` says whether ``card``
  takes the trick from the card ``best`` that is winning it;
- ``ABOVE[card]``: the cards of the same suit stronger than ``card``; ``POINTS``.

Three play-outs are provided: :func:`playout` with any policy (a callback; slow but general),
:func:`random_playout` (uniform random legal cards) and :func:`heuristic_playout`, where every
seat plays by the rules of thumb of :func:`heuristic_card` from what that seat may know (the
play of :class:`~sueca_rules.bots.MemoryBot`; :class:`~sueca_rules.bots.SamplingBot` plays its
sampled deals out with it). :func:`solve` finds the exact minimax points of a small end
position.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from ._cards import POINTS as _CARD_POINTS

__all__ = [
    "ABOVE",
    "BEATS",
    "BITS10",
    "HIGH10",
    "LOW10",
    "POINTS",
    "POP10",
    "SUIT_MASK",
    "Policy",
    "cards_of",
    "heuristic_card",
    "heuristic_playout",
    "legal_mask",
    "play_cards",
    "playout",
    "random_playout",
    "solve",
    "trick_winner",
]

POINTS: Final[tuple[int, ...]] = tuple(_CARD_POINTS)
"""Card points by card number."""

SUIT_MASK: Final[tuple[int, int, int, int]] = (
    0x3FF,
    0x3FF << 10,
    0x3FF << 20,
    0x3FF << 30,
)
"""The 40-bit mask of each suit."""

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
    (SUIT_MASK[c // 10] >> (c + 1) << (c + 1)) & SUIT_MASK[c // 10] for c in range(40)
)
"""``ABOVE[card]``: the mask of the cards of the same suit stronger than ``card``."""


def _beats_table(trump: int) -> bytes:
    table = bytearray(1600)
    for best in range(40):
        for card in range(40):
            same = card // 10 == best // 10
            table[best * 40 + card] = (same and card > best) or (
                card // 10 == trump and best // 10 != trump
            )
    return bytes(table)


BEATS: Final[tuple[bytes, bytes, bytes, bytes]] = (
    _beats_table(0),
    _beats_table(1),
    _beats_table(2),
    _beats_table(3),
)
"""``BEATS[trump][best * 40 + card]``: 1 when ``card`` takes the trick from ``best``."""

_SUIT_OF: Final[tuple[int, ...]] = tuple(c // 10 for c in range(40))
_BIT: Final[tuple[int, ...]] = tuple(1 << c for c in range(40))

Policy = Callable[[int, Sequence[int], int, Sequence[int], int], int]
"""A play-out policy: ``policy(seat, hands, legal, trick, leader) -> card``. ``hands`` are the
four hand masks now, ``legal`` the mask of the cards ``seat`` may play, ``trick`` the cards of
the current trick so far (led by ``leader``). It must return a card of ``legal``."""


def cards_of(mask: int) -> list[int]:
    """The cards of a 40-bit mask, by suit (S H D C) and strongest first."""
    out: list[int] = []
    for suit in range(4):
        base = 10 * suit
        out.extend(base + r for r in BITS10[mask >> base & 0x3FF])
    return out


def legal_mask(hand: int, trick: Sequence[int]) -> int:
    """The cards of ``hand`` that may be played to ``trick`` (follow the suit led if you can)."""
    if trick:
        follow = hand & SUIT_MASK[trick[0] // 10]
        if follow:
            return follow
    return hand


def trick_winner(trick: Sequence[int], leader: int, trump: int, next_seat: Sequence[int]) -> int:
    """The seat winning ``trick`` (cards in play order from ``leader``) so far."""
    beats = BEATS[trump]
    best = trick[0]
    best_seat = seat = leader
    for card in trick[1:]:
        seat = next_seat[seat]
        if beats[best * 40 + card]:
            best = card
            best_seat = seat
    return best_seat


def play_cards(
    hands: list[int],
    trump: int,
    leader: int,
    trick: list[int],
    points: list[int],
    tricks_won: list[int],
    next_seat: Sequence[int],
    cards: Sequence[int],
) -> int:
    """Play ``cards`` in order from the position, changing ``hands``, ``trick``, ``points`` and
    ``tricks_won`` in place; returns the seat that leads the trick now being played.

    The cards are not checked: give only legal ones (see :func:`legal_mask`).
    """
    beats = BEATS[trump]
    for card in cards:
        seat = leader
        for _ in range(len(trick)):
            seat = next_seat[seat]
        hands[seat] &= ~_BIT[card]
        trick.append(card)
        if len(trick) == 4:
            best = trick[0]
            best_seat = s = leader
            for c in trick[1:]:
                s = next_seat[s]
                if beats[best * 40 + c]:
                    best = c
                    best_seat = s
            team = best_seat & 1
            points[team] += (
                POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]] + POINTS[trick[3]]
            )
            tricks_won[team] += 1
            trick.clear()
            leader = best_seat
    return leader


def playout(
    hands: Sequence[int],
    trump: int,
    leader: int,
    trick: Sequence[int],
    points: Sequence[int],
    tricks_won: Sequence[int],
    next_seat: Sequence[int],
    policy: Policy,
) -> tuple[list[int], list[int]]:
    """Play the deal to its end choosing every card with ``policy``; returns the final
    ``(points, tricks_won)`` of the two teams. The arguments are not changed.

    ``policy`` must return a card of the legal mask it is given (a ``ValueError`` otherwise).
    """
    h = list(hands)
    t = list(trick)
    pts = list(points)
    won = list(tricks_won)
    beats = BEATS[trump]
    seat = leader
    for _ in range(len(t)):
        seat = next_seat[seat]
    while h[seat]:
        legal = legal_mask(h[seat], t)
        card = policy(seat, tuple(h), legal, tuple(t), leader)
        if not 0 <= card < 40 or not legal >> card & 1:
            raise ValueError(f"the policy chose card {card}, not a legal card for seat {seat}")
        h[seat] &= ~_BIT[card]
        t.append(card)
        if len(t) < 4:
            seat = next_seat[seat]
            continue
        best = t[0]
        best_seat = s = leader
        for c in t[1:]:
            s = next_seat[s]
            if beats[best * 40 + c]:
                best = c
                best_seat = s
        team = best_seat & 1
        pts[team] += POINTS[t[0]] + POINTS[t[1]] + POINTS[t[2]] + POINTS[t[3]]
        won[team] += 1
        t.clear()
        leader = seat = best_seat
    return pts, won


def random_playout(
    hands: Sequence[int],
    trump: int,
    leader: int,
    trick: Sequence[int],
    points: Sequence[int],
    tricks_won: Sequence[int],
    next_seat: Sequence[int],
    rand: Callable[[], float],
) -> tuple[int, int, int, int]:
    """Play the deal to its end with uniformly random legal cards; ``rand`` is a
    ``random.Random(...).random``. Returns ``(points0, points1, tricks0, tricks1)``."""
    h = list(hands)
    p = [points[0], points[1]]
    w = [tricks_won[0], tricks_won[1]]
    beats = BEATS[trump]
    bits = BITS10
    pop = POP10
    nxt = next_seat
    # The current trick, if one is under way: finish it first.
    seat = leader
    n = len(trick)
    best = best_seat = led = 0
    pts = 0
    if n:
        led = trick[0] // 10
        best = trick[0]
        best_seat = leader
        pts = POINTS[best]
        seat = leader
        for c in trick[1:]:
            seat = nxt[seat]
            pts += POINTS[c]
            if beats[best * 40 + c]:
                best = c
                best_seat = seat
        seat = nxt[seat]
    while True:
        if n == 0:
            hand = h[seat]
            if not hand:
                break
            a = hand & 1023
            b = hand >> 10 & 1023
            c2 = hand >> 20 & 1023
            d = hand >> 30
            na = pop[a]
            nb = pop[b]
            nc = pop[c2]
            r = int(rand() * (na + nb + nc + pop[d]))
            if r < na:
                card = bits[a][r]
            elif r < na + nb:
                card = 10 + bits[b][r - na]
            elif r < na + nb + nc:
                card = 20 + bits[c2][r - na - nb]
            else:
                card = 30 + bits[d][r - na - nb - nc]
            h[seat] = hand & ~_BIT[card]
            led = card // 10
            best = card
            best_seat = seat
            pts = POINTS[card]
            n = 1
            seat = nxt[seat]
            continue
        hand = h[seat]
        follow = hand >> (10 * led) & 1023
        if follow:
            ranks = bits[follow]
            card = 10 * led + ranks[int(rand() * len(ranks))]
        else:
            a = hand & 1023
            b = hand >> 10 & 1023
            c2 = hand >> 20 & 1023
            d = hand >> 30
            na = pop[a]
            nb = pop[b]
            nc = pop[c2]
            r = int(rand() * (na + nb + nc + pop[d]))
            if r < na:
                card = bits[a][r]
            elif r < na + nb:
                card = 10 + bits[b][r - na]
            elif r < na + nb + nc:
                card = 20 + bits[c2][r - na - nb]
            else:
                card = 30 + bits[d][r - na - nb - nc]
        h[seat] = hand & ~_BIT[card]
        pts += POINTS[card]
        if beats[best * 40 + card]:
            best = card
            best_seat = seat
        n += 1
        if n == 4:
            team = best_seat & 1
            p[team] += pts
            w[team] += 1
            seat = best_seat
            n = 0
        else:
            seat = nxt[seat]
    return p[0], p[1], w[0], w[1]


# --- exact end positions ------------------------------------------------------------------------


def solve(
    hands: Sequence[int],
    trump: int,
    leader: int,
    trick: Sequence[int],
    next_seat: Sequence[int],
) -> int:
    """The card points team 0 takes from here to the end of the deal (the points of the trick
    under way included) when both teams play perfectly with every hand in view.

    Exact minimax with alpha-beta; meant for the last two or three tricks (it grows fast).
    """
    h = list(hands)
    t = list(trick)
    seat = leader
    for _ in range(len(t)):
        seat = next_seat[seat]
    return _search(h, t, leader, seat, trump, next_seat, -1, 121)


def _search(
    h: list[int],
    t: list[int],
    leader: int,
    seat: int,
    trump: int,
    nxt: Sequence[int],
    alpha: int,
    beta: int,
) -> int:
    hand = h[seat]
    if not hand:
        return 0
    legal = hand
    if t:
        follow = hand & SUIT_MASK[t[0] // 10]
        if follow:
            legal = follow
    maximize = not seat & 1
    value = -1 if maximize else 121
    cards = legal
    while cards:
        low = cards & -cards
        c = low.bit_length() - 1
        cards ^= low
        h[seat] = hand ^ low
        t.append(c)
        if len(t) == 4:
            beats = BEATS[trump]
            best = t[0]
            best_seat = s = leader
            for x in t[1:]:
                s = nxt[s]
                if beats[best * 40 + x]:
                    best = x
                    best_seat = s
            pts = POINTS[t[0]] + POINTS[t[1]] + POINTS[t[2]] + POINTS[t[3]]
            saved = t[:]
            t.clear()
            gain = pts if not best_seat & 1 else 0
            v = gain + _search(h, t, best_seat, best_seat, trump, nxt, alpha - gain, beta - gain)
            t.extend(saved)
        else:
            v = _search(h, t, leader, nxt[seat], trump, nxt, alpha, beta)
        t.pop()
        h[seat] = hand
        if maximize:
            if v > value:
                value = v
                if v > alpha:
                    alpha = v
        else:
            if v < value:
                value = v
                if v < beta:
                    beta = v
        if alpha >= beta:
            break
    return value


# --- the card-player's heuristic (levels 2 and 3, and level 4's play-outs) ---------------------

_VOID_SUITS: Final[tuple[int, ...]] = tuple(
    sum(SUIT_MASK[s] for s in range(4) if p >> s & 1) for p in range(16)
)
"""``_VOID_SUITS[p]``: the cards of the suits in a 4-bit pattern of suits."""
_SEVEN: Final = 8


def heuristic_card(
    hand: int,
    trick: Sequence[int],
    leader: int,
    seat: int,
    trump: int,
    next_seat: Sequence[int],
    unseen: int,
    voids: int,
    held: int,
    memory: bool,
) -> int:
    """The card a rules-of-thumb player picks, from what it knows.

    ``unseen``: the cards that another player may hold; ``voids``: bit ``4 * seat + suit`` when
    ``seat`` is known to hold no ``suit``; ``held``: ``64 * seat + card`` for a card known to be
    in ``seat``'s hand (the turned trump card), or -1. ``memory`` turns on the rules that need a
    memory of the deal (see :class:`~sueca_rules.bots.MemoryBot`).
    """
    partner = next_seat[next_seat[seat]]
    n = len(trick)
    if n == 0:
        return _h_lead(hand, seat, partner, trump, next_seat, unseen, voids, memory)
    led = trick[0] // 10
    follow = hand & SUIT_MASK[led]
    legal = follow or hand
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    beats = BEATS[trump]
    best = trick[0]
    best_seat = s = leader
    tp = POINTS[best]
    for c in trick[1:]:
        s = next_seat[s]
        tp += POINTS[c]
        if beats[best * 40 + c]:
            best = c
            best_seat = s
    # What the rivals still to play may hold: ``higher`` gathers the cards they could beat a
    # card of its suit with (the suit led, or trumps for a rival out of the suit led);
    # ``ruff``: one of them may trump the suit led.
    tmask = SUIT_MASK[trump]
    higher = 0
    ruff = False
    s = seat
    for _ in range(3 - n):
        s = next_seat[s]
        if s == partner:
            continue
        cards = unseen & ~_VOID_SUITS[voids >> (4 * s) & 15]
        if held >= 0:
            if held >> 6 == s:
                cards |= 1 << (held & 63)
            else:
                cards &= ~(1 << (held & 63))
        if voids >> (4 * s + led) & 1:
            trumps = cards & tmask
            if trumps:
                higher |= trumps
                ruff = True
        else:
            higher |= cards & SUIT_MASK[led]
    if best_seat == partner:
        if not (higher & ABOVE[best] or (ruff and best // 10 != trump)):
            return _h_load(
                legal, hand, bool(follow), trump, seat, partner, next_seat, unseen, voids, memory
            )
        win = _h_winner(legal, best, led, trump, tp, higher, ruff, hand)
        if win >= 0 and tp + POINTS[win] >= 10:
            return win
        return _h_discard(legal, hand, bool(follow), trump, unseen)
    win = _h_winner(legal, best, led, trump, tp, higher, ruff, hand)
    if win >= 0:
        return win
    return _h_discard(legal, hand, bool(follow), trump, unseen)


def _h_winner(
    legal: int,
    best: int,
    led: int,
    trump: int,
    tp: int,
    higher: int,
    ruff: bool,
    hand: int,
) -> int:
    """A card that takes the trick and that no rival after can beat (-1 if none is worth it);
    ``higher`` and ``ruff`` say what the rivals after may beat a card with."""
    beats = BEATS[trump]
    pick = -1
    pick_key = -(10**9)
    late = hand.bit_count() <= 3
    base = best * 40
    cards = legal
    while cards:
        low = cards & -cards
        c = low.bit_length() - 1
        cards ^= low
        if not beats[base + c] or higher & ABOVE[c]:
            continue
        if c // 10 == trump:
            if led != trump:
                # Trump only a trick with points in it, with the smallest trump that does it;
                # a high trump (ace, seven) only for a trick worth ten or late in the deal.
                if tp < 2 and not late:
                    continue
                if c % 10 >= _SEVEN and tp < 10 and not late:
                    continue
                key = -(c % 10)
            else:
                key = POINTS[c] * 16 - c % 10
        elif ruff:
            continue
        else:
            key = POINTS[c] * 16 - c % 10
        if key > pick_key:
            pick_key = key
            pick = c
    return pick


def _h_cashable(
    suit: int,
    seat: int,
    partner: int,
    trump: int,
    next_seat: Sequence[int],
    unseen: int,
    voids: int,
    left: int,
    memory: bool,
) -> bool:
    """Whether a master of side suit ``suit`` led now would probably not be trumped."""
    if not memory:
        return left >= 6
    if not unseen & SUIT_MASK[trump]:
        return True
    for r in (next_seat[seat], next_seat[partner]):
        if voids >> (4 * r + suit) & 1 and not voids >> (4 * r + trump) & 1:
            return False
    return (unseen & SUIT_MASK[suit]).bit_count() >= 3


def _h_load(
    legal: int,
    hand: int,
    follows: bool,
    trump: int,
    seat: int,
    partner: int,
    next_seat: Sequence[int],
    unseen: int,
    voids: int,
    memory: bool,
) -> int:
    """The partner's trick is safe: give it points."""
    cards = legal
    tmask = SUIT_MASK[trump]
    if not follows:
        cards = legal & ~tmask
        if not cards:
            return _h_discard(legal, hand, follows, trump, unseen)
    left = hand.bit_count()
    pick = -1
    pick_key = -(10**9)
    while cards:
        low = cards & -cards
        c = low.bit_length() - 1
        cards ^= low
        key = POINTS[c] * 16 + c % 10
        master = not unseen & ABOVE[c]
        if c // 10 == trump:
            # A trump's points are welcome, but not the trumps that still command the suit.
            if master or c % 10 >= _SEVEN:
                key = -1000 - c % 10
        elif (
            not follows
            and master
            and _h_cashable(c // 10, seat, partner, trump, next_seat, unseen, voids, left, memory)
        ):
            # An ace (or another master) that can still be cashed later: keep it.
            key -= 200
        if key > pick_key:
            pick_key = key
            pick = c
    return pick


def _h_discard(legal: int, hand: int, follows: bool, trump: int, unseen: int) -> int:
    """A card that gives least away: no points, a side suit before a trump, lowest rank."""
    pick = -1
    pick_key = 10**9
    cards = legal
    while cards:
        low = cards & -cards
        c = low.bit_length() - 1
        cards ^= low
        suit = c // 10
        key = POINTS[c] * 64 + c % 10
        if not follows:
            if suit == trump:
                key += 2000
            else:
                # Shorten a short side suit; keep the guards of a seven waiting for its ace.
                n = (hand & SUIT_MASK[suit]).bit_count()
                key += n * 2
                seven = 10 * suit + _SEVEN
                if hand >> seven & 1 and c != seven and n <= 2 and unseen >> (seven + 1) & 1:
                    key += 40
        if key < pick_key:
            pick_key = key
            pick = c
    return pick


def _h_lead(
    hand: int,
    seat: int,
    partner: int,
    trump: int,
    next_seat: Sequence[int],
    unseen: int,
    voids: int,
    memory: bool,
) -> int:
    tmask = SUIT_MASK[trump]
    left = hand.bit_count()
    rivals = (next_seat[seat], next_seat[partner])
    # 1. Cash side-suit masters with points while the rivals can still follow.
    best = -1
    best_key = -1
    for suit in range(4):
        if suit == trump:
            continue
        smask = SUIT_MASK[suit]
        mine = hand & smask
        if not mine:
            continue
        top = mine.bit_length() - 1
        if not POINTS[top] or unseen & ABOVE[top]:
            continue
        if not _h_cashable(suit, seat, partner, trump, next_seat, unseen, voids, left, memory):
            continue
        key = POINTS[top] * 16 + (unseen & smask).bit_count()
        if key > best_key:
            best_key = key
            best = top
    if best >= 0:
        return best
    trumps_out = unseen & tmask
    if memory:
        # 2. A suit the partner is out of (and can trump): lead its smallest card.
        if trumps_out and not voids >> (4 * partner + trump) & 1:
            for suit in range(4):
                if suit == trump or not voids >> (4 * partner + suit) & 1:
                    continue
                mine = hand & SUIT_MASK[suit]
                if not mine:
                    continue
                low = (mine & -mine).bit_length() - 1
                if POINTS[low] < 10:
                    return low
        # 3. Long in trumps (four, or three with the master): draw the rivals' trumps with
        #    the smallest one, keeping the high ones.
        mine_t = hand & tmask
        rivals_trump = (
            not voids >> (4 * rivals[0] + trump) & 1 or not voids >> (4 * rivals[1] + trump) & 1
        )
        if mine_t and trumps_out and rivals_trump:
            k = mine_t.bit_count()
            if k >= 4 or (k >= 3 and not unseen & ABOVE[mine_t.bit_length() - 1]):
                return (mine_t & -mine_t).bit_length() - 1
        # 4. Draw them with the master trump when we hold most of the trumps left.
        if mine_t and trumps_out and rivals_trump:
            top = mine_t.bit_length() - 1
            if not unseen & ABOVE[top] and mine_t.bit_count() >= trumps_out.bit_count():
                return top
    # 5. The cheapest card, keeping sevens behind their aces and away from suits a rival trumps.
    pick = -1
    pick_key = 10**9
    cards = hand
    while cards:
        low = cards & -cards
        c = low.bit_length() - 1
        cards ^= low
        suit = c // 10
        key = POINTS[c] * 64 + c % 10
        if suit == trump:
            key += 3000
        else:
            seven = 10 * suit + _SEVEN
            if hand >> seven & 1 and unseen >> (seven + 1) & 1:
                key += 1500
            if POINTS[c] and unseen & ABOVE[c]:
                # A point card led into a higher card still out is usually lost.
                key += 500
            if trumps_out:
                for r in rivals:
                    if voids >> (4 * r + suit) & 1 and not voids >> (4 * r + trump) & 1:
                        key += 800
                        break
            if memory and voids >> (4 * partner + suit) & 1:
                key -= 100
        if key < pick_key:
            pick_key = key
            pick = c
    return pick


def heuristic_playout(
    hands: Sequence[int],
    trump: int,
    leader: int,
    trick: Sequence[int],
    points: Sequence[int],
    tricks_won: Sequence[int],
    next_seat: Sequence[int],
    voids: int = 0,
    held: int = -1,
) -> tuple[int, int, int, int]:
    """Play the deal to its end with :func:`heuristic_card` (with memory) for every seat, each
    seat knowing only its own hand, the cards played, the voids shown (``voids`` so far, then
    as they show) and the card ``held`` (``64 * seat + card``: the turned trump card while the
    dealer holds it, or -1). Returns ``(points0, points1, tricks0, tricks1)``."""
    h = list(hands)
    p = [points[0], points[1]]
    w = [tricks_won[0], tricks_won[1]]
    beats = BEATS[trump]
    t = list(trick)
    seat = leader
    for _ in range(len(t)):
        seat = next_seat[seat]
    while h[seat]:
        rest = h[0] | h[1] | h[2] | h[3]
        hand = h[seat]
        if held >= 0 and not rest >> (held & 63) & 1:
            held = -1
        card = heuristic_card(
            hand, t, leader, seat, trump, next_seat, rest & ~hand, voids, held, True
        )
        if t and card // 10 != t[0] // 10:
            voids |= 1 << (4 * seat + t[0] // 10)
        h[seat] = hand & ~_BIT[card]
        t.append(card)
        if len(t) < 4:
            seat = next_seat[seat]
            continue
        best = t[0]
        best_seat = s = leader
        for c in t[1:]:
            s = next_seat[s]
            if beats[best * 40 + c]:
                best = c
                best_seat = s
        team = best_seat & 1
        p[team] += POINTS[t[0]] + POINTS[t[1]] + POINTS[t[2]] + POINTS[t[3]]
        w[team] += 1
        t.clear()
        leader = seat = best_seat
    return p[0], p[1], w[0], w[1]
