"""Level 4: determinized sampling (perfect-information Monte Carlo).

Before each card, :class:`SamplingBot` deals the unseen cards many times at random to the other
three players, consistently with everything its seat knows, plays each card it could play in
each of those deals to the end of the deal, and picks the card with the best average outcome
in the variant's terms (see :mod:`._equity`).
"""

from __future__ import annotations

import random
import time
from typing import TYPE_CHECKING, Final

from .._cards import CARDS, Card
from .._kernel import (
    ABOVE,
    POINTS,
    SUIT_MASK,
    heuristic_card,
    heuristic_playout,
    play_cards,
    solve,
)
from ._equity import Equity

if TYPE_CHECKING:
    from .._match import Observation

__all__ = [
    "Sampler",
    "SamplingBot",
    "candidate_cards",
    "history",
    "likelihood",
    "sample_hands",
]

_FULL: Final = (1 << 40) - 1
_POOL: Final = 4
"""With inference, the deals played out are drawn from this many times as many samples."""
_MISSES: Final = 4
"""With inference, a sample is dropped once this many rival cards are not explained."""
_Tables = tuple[list[float], float, float]


def candidate_cards(observation: Observation) -> list[int]:
    """The legal cards worth telling apart: of several cards of one suit with the same points
    and nothing but this hand's own or played cards ranked between them, only the lowest."""
    out = observation.unseen_mask
    cards = sorted(int(c) for c in observation.legal)
    keep: list[int] = []
    for c in cards:
        if keep:
            prev = keep[-1]
            if (
                prev // 10 == c // 10
                and POINTS[prev] == POINTS[c]
                and not out & ABOVE[prev] & ~ABOVE[c] & ~(1 << c)
            ):
                # Every card between prev and c is ours or played: they are equivalent.
                continue
        keep.append(c)
    return keep


def sample_hands(observation: Observation, rng: random.Random) -> list[int]:
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
        allowed = [_FULL, _FULL, _FULL, _FULL]
        allowed[me] = 0
        constrained = False
        for s in range(4):
            if s == me:
                continue
            for suit in range(4):
                if voids >> (4 * s + suit) & 1:
                    allowed[s] &= ~SUIT_MASK[suit]
                    constrained = True
        self.me = me
        self.sizes = sizes
        self.hands = hands
        self.cards = [c for c in range(40) if pool >> c & 1]
        self.allowed = allowed
        # Voids that cannot all hold (a renúncia, where the variant lets one be played) are
        # dropped: then only the hand sizes count.
        self.constrained = constrained and _feasible(pool, sizes, allowed)

    def sample(self, rng: random.Random) -> list[int]:
        """One deal: the four hand masks."""
        hands = self.hands
        sizes = self.sizes
        if self.constrained:
            for _ in range(40):
                dealt = _deal_constrained(self.cards, sizes, self.allowed, self.me, rng)
                if dealt is not None:
                    return [hands[s] | dealt[s] for s in range(4)]
        cards = self.cards[:]
        rng.shuffle(cards)
        out = hands[:]
        i = 0
        for s in range(4):
            if s == self.me:
                continue
            for c in cards[i : i + sizes[s]]:
                out[s] |= 1 << c
            i += sizes[s]
        return out


def _feasible(pool: int, sizes: list[int], allowed: list[int]) -> bool:
    """Whether the cards of ``pool`` can be dealt to the seats (``sizes`` cards each, only
    cards a seat is ``allowed``): Hall's condition over every set of suits."""
    for suits in range(1, 16):
        group = 0
        for suit in range(4):
            if suits >> suit & 1:
                group |= SUIT_MASK[suit]
        need = (pool & group).bit_count()
        room = sum(sizes[s] for s in range(4) if allowed[s] & pool & group)
        if need > room:
            return False
    return sum(sizes) == pool.bit_count()


def _deal_constrained(
    cards: list[int], sizes: list[int], allowed: list[int], me: int, rng: random.Random
) -> list[int] | None:
    """Deal ``cards`` to the seats with room, each card only to a seat allowed to hold it;
    the most constrained cards first. ``None`` when it gets stuck."""
    room = sizes[:]
    room[me] = 0
    order = cards[:]
    rng.shuffle(order)
    order.sort(key=lambda c: sum(1 for s in range(4) if allowed[s] >> c & 1))
    dealt = [0, 0, 0, 0]
    for c in order:
        seats = [s for s in range(4) if room[s] and allowed[s] >> c & 1]
        if not seats:
            return None
        if len(seats) == 1:
            s = seats[0]
        else:
            total = sum(room[s] for s in seats)
            r = rng.random() * total
            s = seats[-1]
            for x in seats:
                r -= room[x]
                if r < 0:
                    s = x
                    break
        room[s] -= 1
        dealt[s] |= 1 << c
    if any(room):
        return None
    return dealt


def history(observation: Observation) -> list[tuple[int, int]]:
    """The plays of the deal so far as ``(seat, card)``, in order."""
    nxt = observation.rules.next_seat
    plays: list[tuple[int, int]] = []
    for trick in observation.tricks:
        seat = trick.leader
        for c in trick.cards:
            plays.append((seat, int(c)))
            seat = nxt[seat]
    seat = observation.trick_leader
    for c in observation.trick:
        plays.append((seat, int(c)))
        seat = nxt[seat]
    return plays


def likelihood(
    hands: list[int],
    plays: list[tuple[int, int]],
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
    nxt = observation.rules.next_seat
    h = hands[:]
    for seat, c in plays:
        h[seat] |= 1 << c
    turned = int(observation.trump_card)
    held = 64 * observation.dealer + turned
    weight = 1.0
    voids = 0
    trick: list[int] = []
    leader = plays[0][0] if plays else 0
    remaining = _FULL
    for seat, c in plays:
        hand = h[seat]
        if not trick:
            leader = seat
        if (seat - me) & 1 and hand & (hand - 1):
            legal = hand
            if trick:
                follow = hand & SUIT_MASK[trick[0] // 10]
                if follow:
                    legal = follow
            if legal & (legal - 1):
                pick = heuristic_card(
                    hand,
                    trick,
                    leader,
                    seat,
                    trump,
                    nxt,
                    remaining & ~hand,
                    voids,
                    held if remaining >> turned & 1 else -1,
                    True,
                )
                if pick != c and not _alike(pick, c, remaining & ~hand):
                    weight *= miss
                    if weight < floor:
                        return 0.0
        if trick and c // 10 != trick[0] // 10:
            voids |= 1 << (4 * seat + trick[0] // 10)
        h[seat] = hand & ~(1 << c)
        remaining &= ~(1 << c)
        trick.append(c)
        if len(trick) == 4:
            trick = []
    return weight


def _alike(a: int, b: int, others: int) -> bool:
    """Whether two cards of one hand play the same: same suit and points, and no card that
    another player holds ranked between them."""
    if a // 10 != b // 10 or POINTS[a] != POINTS[b]:
        return False
    lo, hi = (a, b) if a < b else (b, a)
    return not others & ABOVE[lo] & ~ABOVE[hi] & ~(1 << hi)


class SamplingBot:
    """Level 4: thinks ahead by playing out many possible deals before each card.

    Before each card it deals the cards it has not seen to the other three players many times
    over, consistently with all its seat knows: its own hand, the cards played, who has shown a
    void in which suit, the hand sizes and the turned trump card while the dealer still holds
    it. It draws these deals from a larger pool by how well each explains the rivals' cards so
    far (a deal in which the rules of thumb would have played otherwise is unlikely). In each
    deal it tries every card it could play (equivalent cards once) and plays the deal out to
    its end, every seat playing by the rules of thumb of level 3 from what that seat knows; the
    last tricks are solved exactly. It scores each end in the variant's terms — its chance of
    winning the match afterwards, from the tier table, the bandeira, pending 60-60 ties, the
    games both teams have and need and the partidas — blended with the card points, and plays
    the card with the best average.

    Options: ``samples`` (deals per card, default 60), or ``time_limit`` (seconds per card:
    sample until the time is up — play then depends on the machine's speed); ``solve_tricks``
    (tricks left from which the end is solved exactly, default 2); ``points_weight`` (the
    value, in games, of ending the deal 60 card points above an even split, counted on top of
    the games themselves — one game being what winning the deal by the lowest tier is worth in
    the match situation; default 1.5);
    ``inference`` (the weight a sampled deal keeps for each rival card the rules of thumb
    would not have played there; 1 turns inference off; default 0.05). With a ``seed`` its
    choices are a function of the seed and the observation alone.
    """

    level = 4
    """Always 4."""

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        samples: int = 60,
        time_limit: float | None = None,
        solve_tricks: int = 2,
        points_weight: float = 1.5,
        inference: float = 0.05,
    ) -> None:
        if samples < 1:
            raise ValueError(f"samples must be at least 1, got {samples}")
        if time_limit is not None and time_limit <= 0:
            raise ValueError(f"time_limit must be positive, got {time_limit}")
        if not 0 <= solve_tricks <= 4:
            raise ValueError(f"solve_tricks must be 0..4, got {solve_tricks}")
        if points_weight < 0:
            raise ValueError(f"points_weight must not be negative, got {points_weight}")
        if not 0 < inference <= 1:
            raise ValueError(f"inference must be in (0, 1], got {inference}")
        if seed is None:
            seed = random.SystemRandom().getrandbits(64)
        self.seed = seed
        """The seed of its sampling (a random one when none was given): with the same seed and
        observation it chooses the same card."""
        self.samples = samples
        """Deals sampled before each card (unused when :attr:`time_limit` is set)."""
        self.time_limit = time_limit
        """Seconds per card to sample for instead of a fixed number of deals, or ``None``."""
        self.solve_tricks = solve_tricks
        """The tricks left (0 to 4) from which the end of each sampled deal is solved exactly
        instead of played by the rules of thumb."""
        self.points_weight = points_weight
        """The value, in games, of ending a deal 60 card points above an even split, counted on
        top of the games themselves."""
        self.inference = inference
        """The weight (0 < inference <= 1) a sampled deal keeps for each rival card the rules of
        thumb would not have played there; 1 turns inference off."""
        self._cache: tuple[object, _Tables] | None = None

    def choose(self, observation: Observation) -> Card:
        """The card to play: always one of ``observation.legal``."""
        legal = observation.legal
        if not legal:
            raise ValueError(f"seat {observation.seat} has no card to play now")
        cands = candidate_cards(observation)
        if len(cands) == 1:
            return CARDS[cands[0]]
        values = self.evaluate(observation, cands)
        best = max(range(len(cands)), key=lambda i: (values[i], -i))
        return CARDS[cands[best]]

    def evaluate(self, observation: Observation, cands: list[int]) -> list[float]:
        """The average value of each candidate card over the sampled deals."""
        obs = observation
        rng = random.Random(
            f"{self.seed}:{obs.partida}:{obs.deal}:{obs.seat}:{obs.played_mask}:{obs.hand_mask}"
        )
        totals = [0.0] * len(cands)
        tables = self._tables(obs)
        if self.time_limit is not None:
            deadline = time.perf_counter() + self.time_limit
            done = 0
            while not done or time.perf_counter() < deadline:
                for hands in self._deals(obs, rng, 4):
                    self._play_out(obs, cands, hands, tables, totals)
                    done += 1
            return [x / done for x in totals]
        deals = self._deals(obs, rng, self.samples)
        for hands in deals:
            self._play_out(obs, cands, hands, tables, totals)
        return [x / len(deals) for x in totals]

    def _deals(self, obs: Observation, rng: random.Random, count: int) -> list[list[int]]:
        """``count`` sampled deals; with inference, drawn from a larger pool by how well each
        explains the rivals' cards so far."""
        sampler = Sampler(obs)
        if self.inference >= 1.0 or not obs.played_mask:
            return [sampler.sample(rng) for _ in range(count)]
        plays = history(obs)
        pool = [sampler.sample(rng) for _ in range(count * _POOL)]
        floor = self.inference**_MISSES
        weights = [likelihood(h, plays, obs, self.inference, floor) for h in pool]
        total = sum(weights)
        if not total:
            return pool[:count]
        # Systematic resampling.
        step = total / count
        u = rng.random() * step
        out: list[list[int]] = []
        acc = 0.0
        i = -1
        for k in range(count):
            target = u + k * step
            while acc <= target and i < len(pool) - 1:
                i += 1
                acc += weights[i]
            out.append(pool[i])
        return out

    def _play_out(
        self,
        obs: Observation,
        cands: list[int],
        hands: list[int],
        tables: _Tables,
        totals: list[float],
    ) -> None:
        """Play each candidate card in one sampled deal to the end; add up the values."""
        table, sweep_me, swept_me = tables
        me = obs.seat
        team = me & 1
        nxt = obs.rules.next_seat
        assert obs.trump is not None
        assert obs.trump_card is not None
        trump = int(obs.trump)
        trick = [int(c) for c in obs.trick]
        cards_left = sum(obs.hand_sizes)
        held = 64 * obs.dealer + int(obs.trump_card) if obs.trump_card_in_hand else -1
        exact = cards_left - 1 <= 4 * self.solve_tricks
        for i, card in enumerate(cands):
            h = hands[:]
            t = trick[:]
            p = list(obs.points)
            w = list(obs.tricks_won)
            lead = play_cards(h, trump, obs.trick_leader, t, p, w, nxt, (card,))
            if exact:
                got = solve(h, trump, lead, t, nxt)
                mine = p[0] + got if team == 0 else 120 - p[0] - got
                # ``solve`` counts points only: a sweep of the points is read as one of tricks.
                value = sweep_me if mine == 120 else swept_me if mine == 0 else table[mine]
            else:
                voids = obs.void_mask
                if trick and card // 10 != trick[0] // 10:
                    voids |= 1 << (4 * me + trick[0] // 10)
                r = heuristic_playout(h, trump, lead, t, p, w, nxt, voids, held)
                if r[2 + team] == 10:
                    value = sweep_me
                elif r[3 - team] == 10:
                    value = swept_me
                else:
                    value = table[r[team]]
            totals[i] += value

    def _tables(self, obs: Observation) -> _Tables:
        """The value of ending the deal with each count of own card points (no sweep of
        tricks), then of taking all ten tricks and of losing all ten."""
        team = obs.seat & 1
        games = (obs.games[team], obs.games[1 - team])
        partidas = (obs.partidas[team], obs.partidas[1 - team])
        key = (obs.rules, games, partidas, obs.pending_ties)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        eq = Equity(obs.rules, games, partidas, obs.pending_ties)
        low = obs.rules.tiers[-1][0]
        # One 'game': half the swing between winning and losing this deal by the lowest tier.
        swing = eq.after_deal(low, False, False) - eq.after_deal(120 - low, False, False)
        scale = max(swing / 2, 1e-6)
        w = self.points_weight / 120
        table = [eq.after_deal(x, False, False) / scale + w * (2 * x - 120) for x in range(121)]
        sweep = eq.after_deal(120, True, False) / scale + w * 120
        swept = eq.after_deal(0, False, True) / scale - w * 120
        self._cache = (key, (table, sweep, swept))
        return table, sweep, swept
