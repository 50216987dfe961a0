"""Levels 4 and 5: determinized sampling (perfect-information Monte Carlo).

Before each card, `SamplingBot` deals the unseen cards many times at random to the other three
players, consistently with everything its seat knows (`._hidden_hands`), plays each card it could
play in each of those deals to the end of the deal, and picks the card with the best average outcome
in the variant's terms (see `._equity`). Deals come twelve at a time and the candidate cards race:
one that falls clearly behind is dropped, and once one is left no more deals are drawn. `SearchBot`
is the same with a larger budget and more of the end of the deal solved exactly.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from .._cards import CARDS, Card
from .._kernel import Outcome, Position, play_cards, solve
from .._kernel._bits import CardIndex, Mask, interchangeable
from .._rules import team_of
from ._base import BaseBot, bot_error
from ._equity import Equity
from ._hidden_hands import Likelihood, Sampler
from ._rules_of_thumb import heuristic_playout

if TYPE_CHECKING:
    from .._match import Observation

__all__ = ["SamplingBot", "SearchBot", "candidate_cards", "sampled_deals"]

_BATCH: Final = 12
"""Deals drawn at a time (see _Deals)."""
_POOL: Final = 4
"""With inference, the deals played out are drawn from this many times as many samples."""
_MISSES: Final = 4
"""With inference, a sample is dropped once this many rival cards are not explained."""
_Tables = tuple[list[float], float, float]
_FIRST_CHECK: Final = 12
"""Deals played out before the first look at which candidates fall behind (see _Race)."""
_CHECK_EVERY: Final = 6
"""Deals between two such looks."""


def candidate_cards(observation: Observation) -> list[CardIndex]:
    """The legal cards worth telling apart: of several cards of one suit with the same points
    and nothing but this hand's own or played cards ranked between them, only the lowest."""
    out = observation.unseen_mask
    keep: list[CardIndex] = []
    for card in sorted(int(c) for c in observation.legal):
        if keep and interchangeable(keep[-1], card, out):
            continue
        keep.append(card)
    return keep


class SamplingBot(BaseBot):
    """Level 4: thinks ahead by playing out many possible deals before each card.

    Before each card it deals the cards it has not seen to the other three players many times
    over, consistently with all its seat knows: its own hand, the cards played, who has shown a
    void in which suit, the hand sizes and the turned trump card while the dealer still holds
    it, every such deal equally likely. It draws these deals from a larger pool by how well each
    explains the rivals' cards so far (a deal in which the rules of thumb would have played
    otherwise is unlikely). In each deal it tries every card it could play (equivalent cards
    once) and plays the deal out to its end, every seat playing by the rules of thumb of level
    3 from what that seat knows; the last tricks are solved exactly. It scores each end in the
    variant's terms — its chance of winning the match afterwards, from the tier table, the
    bandeira, pending 60-60 ties, the games both teams have and need and the partidas —
    blended with the card points, and plays the card with the best average. A card whose
    average falls three standard errors behind the best's (over the same deals) is no longer
    played out, and once one card is left it stops.

    Options: `samples` (deals per card, default 60), or `time_limit` (seconds per card: sample until
    the time is up — play then depends on the machine's speed); `solve_tricks` (tricks left from
    which the end is solved exactly, default 2); `points_weight` (the value, in games, of ending the
    deal 60 card points above an even split, counted on top of the games themselves — one game being
    what winning the deal by the lowest tier is worth in the match situation; default 1.5);
    `inference` (the weight a sampled deal keeps for each rival card the rules of thumb would not
    have played there; 1 turns inference off; default 0.05); `prune` (the standard errors behind the
    best at which a card is dropped; default 3, 0 plays every card in every deal); `endgame_tricks`
    (the last tricks of each play-out solved exactly instead of played by the rules of thumb;
    default 0). With a `seed` its choices are a function of the seed and the observation alone.
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
        prune: float = 3.0,
        endgame_tricks: int = 0,
    ) -> None:
        if samples < 1:
            raise bot_error(f"samples must be at least 1, got {samples}")
        if time_limit is not None and time_limit <= 0:
            raise bot_error(f"time_limit must be positive, got {time_limit}")
        if not 0 <= solve_tricks <= 4:
            raise bot_error(f"solve_tricks must be 0..4, got {solve_tricks}")
        if points_weight < 0:
            raise bot_error(f"points_weight must not be negative, got {points_weight}")
        if not 0 < inference <= 1:
            raise bot_error(f"inference must be in (0, 1], got {inference}")
        if prune < 0:
            raise bot_error(f"prune must not be negative, got {prune}")
        if not 0 <= endgame_tricks <= 4:
            raise bot_error(f"endgame_tricks must be 0..4, got {endgame_tricks}")
        if seed is None:
            seed = random.SystemRandom().getrandbits(64)
        super().__init__(seed)
        self.seed = seed
        """The seed of its sampling (a random one when none was given): with the same seed and
        observation it chooses the same card."""
        self.samples = samples
        """Deals sampled before each card (unused when `time_limit` is set)."""
        self.time_limit = time_limit
        """Seconds per card to sample for instead of a fixed number of deals, or `None`."""
        self.solve_tricks = solve_tricks
        """The tricks left (0 to 4) from which the end of each sampled deal is solved exactly
        instead of played by the rules of thumb."""
        self.points_weight = points_weight
        """The value, in games, of ending a deal 60 card points above an even split, counted on
        top of the games themselves."""
        self.inference = inference
        """The weight (0 < inference <= 1) a sampled deal keeps for each rival card the rules of
        thumb would not have played there; 1 turns inference off."""
        self.prune = prune
        """How far behind (in standard errors of the paired difference, over the deals so far)
        a candidate card may fall before it is no longer played out; 0 plays every candidate
        in every deal."""
        self.endgame_tricks = endgame_tricks
        """The last tricks (0 to 4) of each play-out solved exactly instead of played by the
        rules of thumb."""
        self._cache: tuple[object, _Tables] | None = None

    def _card(self, observation: Observation) -> Card:
        """The candidate card with the best average over the sampled deals."""
        cands = candidate_cards(observation)
        if len(cands) == 1:
            return CARDS[cands[0]]
        race = self._race(observation, cands)
        best = max(race.alive, key=lambda i: (race.mean(i), -i))
        return CARDS[cands[best]]

    def wants_redeal(self, observation: Observation) -> bool:
        """Whether to ask for a new deal (asked only of a weak hand, one that may): it deals the
        unseen cards `samples` times (at most 120), plays each deal out by the rules of thumb and
        asks when the hand's average, in the variant's terms, is worth less than a deal split evenly
        (what a new deal is worth on average)."""
        obs = observation
        if not obs.may_redeal:
            return False
        assert obs.trump is not None
        assert obs.trump_card is not None
        rng = random.Random(f"{self.seed}:redeal:{obs.partida}:{obs.deal}:{obs.hand_mask}")
        tables = self._tables(obs)
        sampler = Sampler(obs)
        held = (obs.dealer, int(obs.trump_card)) if obs.trump_card_in_hand else None
        team = team_of(obs.seat)
        count = min(self.samples, 120)
        total = 0.0
        for _ in range(count):
            start = Position(
                sampler.sample(rng), int(obs.trump), obs.trick_leader, (), (0, 0), (0, 0),
                obs.rules.next_seat,
            )  # fmt: skip
            total += _end_value(heuristic_playout(start, 0, held), team, tables)
        return total / count < tables[0][60]

    def evaluate(self, observation: Observation, cands: list[CardIndex]) -> list[float]:
        """The average value of each candidate card over the sampled deals it was played out in (see
        `prune`)."""
        race = self._race(observation, cands)
        return [race.mean(i) for i in range(len(cands))]

    def _race(self, obs: Observation, cands: list[CardIndex]) -> _Race:
        """The candidate cards played out in the sampled deals, batch by batch, the ones that
        fall clearly behind dropped on the way; no more deals are drawn once one is left."""
        rng = random.Random(
            f"{self.seed}:{obs.partida}:{obs.deal}:{obs.seat}:{obs.played_mask}:{obs.hand_mask}"
        )
        tables = self._tables(obs)
        race = _Race(len(cands), self.prune)
        deals = _Deals(obs, rng, self.inference)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        while not race.over:
            if deadline is None:
                size = min(_BATCH, self.samples - race.deals)
                if size <= 0:
                    break
            elif race.deals and time.perf_counter() >= deadline:
                break
            else:
                size = _BATCH // 3
            for hands in deals.batch(size):
                race.add(self._play_out(obs, cands, hands, tables, race.alive))
                if race.over:
                    break
        return race

    def _play_out(
        self,
        obs: Observation,
        cands: list[CardIndex],
        hands: list[Mask],
        tables: _Tables,
        alive: list[int],
    ) -> list[float]:
        """The value of playing each candidate card still in the race (indices `alive`) in one
        sampled deal to the end."""
        table, sweep_me, swept_me = tables
        me = obs.seat
        team = team_of(me)
        next_seat = obs.rules.next_seat
        assert obs.trump is not None
        assert obs.trump_card is not None
        trump = int(obs.trump)
        trick = [int(c) for c in obs.trick]
        cards_left = sum(obs.hand_sizes)
        held = (obs.dealer, int(obs.trump_card)) if obs.trump_card_in_hand else None
        exact = cards_left - 1 <= 4 * self.solve_tricks
        now = Position(hands, trump, obs.trick_leader, trick, obs.points, obs.tricks_won, next_seat)
        values = []
        for i in alive:
            card = cands[i]
            if exact:
                after = play_cards(now, (card,))
                got = solve(after)
                mine = after.points[0] + got if team == 0 else 120 - after.points[0] - got
                # `solve` counts points only: a sweep of the points is read as one of tricks.
                value = sweep_me if mine == 120 else swept_me if mine == 0 else table[mine]
            else:
                end = heuristic_playout(now, obs.void_mask, held, card, self.endgame_tricks)
                value = _end_value(end, team, tables)
            values.append(value)
        return values

    def _tables(self, obs: Observation) -> _Tables:
        """The value of ending the deal with each count of own card points (no sweep of
        tricks), then of taking all ten tricks and of losing all ten."""
        team = team_of(obs.seat)
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


class SearchBot(SamplingBot):
    """Level 5: level 4's thinking, deeper, bought with level 4's new speed.

    It plays as [`SamplingBot`][sueca_rules.bots.SamplingBot] does, with more of everything: up to
    1,000 sampled deals before each card (the candidate cards that fall clearly behind are dropped
    on the way, so most cards take far fewer), the last four tricks of the deal solved exactly from
    every sampled deal (every hand in view) instead of the last two, and the last three tricks of
    every play-out solved exactly instead of played by the rules of thumb. It takes the same options
    as level 4, with these defaults.
    """

    level = 5
    """Always 5."""

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        samples: int = 1000,
        time_limit: float | None = None,
        solve_tricks: int = 4,
        points_weight: float = 1.5,
        inference: float = 0.05,
        prune: float = 3.0,
        endgame_tricks: int = 3,
    ) -> None:
        super().__init__(
            seed,
            samples=samples,
            time_limit=time_limit,
            solve_tricks=solve_tricks,
            points_weight=points_weight,
            inference=inference,
            prune=prune,
            endgame_tricks=endgame_tricks,
        )


class _Race:
    """The values of candidate cards over sampled deals, as they come; a candidate whose average
    falls behind the leader's by more than `prune` standard errors of their paired difference (after
    `_FIRST_CHECK` deals, then every `_CHECK_EVERY`) leaves the race and is played out no more."""

    def __init__(self, count: int, prune: float) -> None:
        self.alive = list(range(count))
        self.values: list[list[float]] = [[] for _ in range(count)]
        self.deals = 0
        self.prune = prune

    def add(self, values: list[float]) -> None:
        """The values of the candidates still in the race (in `alive` order) in one more deal."""
        for i, value in zip(self.alive, values, strict=True):
            self.values[i].append(value)
        self.deals += 1
        if (
            self.prune
            and len(self.alive) > 1
            and self.deals >= _FIRST_CHECK
            and (self.deals - _FIRST_CHECK) % _CHECK_EVERY == 0
        ):
            self._drop_the_stragglers()

    @property
    def over(self) -> bool:
        """Whether one candidate is left: playing on would not change the choice."""
        return len(self.alive) == 1

    def mean(self, i: int) -> float:
        """Candidate `i`'s average value over the deals it was played out in."""
        values = self.values[i]
        return sum(values) / len(values) if values else float("-inf")

    def _drop_the_stragglers(self) -> None:
        leader = max(self.alive, key=lambda i: (self.mean(i), -i))
        lead = self.values[leader]
        keep = []
        for i in self.alive:
            if i != leader:
                gaps = [a - b for a, b in zip(lead, self.values[i], strict=True)]
                n = len(gaps)
                mean = sum(gaps) / n
                spread = math.sqrt(sum((g - mean) ** 2 for g in gaps) / (n - 1))
                if mean > 0 and mean * math.sqrt(n) > self.prune * spread:
                    continue
            keep.append(i)
        self.alive = keep


class _Deals:
    """Sampled deals for one decision, in batches: with inference, each batch is drawn from a pool
    `_POOL` times its size by how well each deal explains the rivals' cards so far (systematic
    resampling; a pool no deal of which explains them is drawn again, up to `_POOL` times, then
    taken as it is)."""

    def __init__(self, obs: Observation, rng: random.Random, inference: float) -> None:
        self.rng = rng
        self.sampler = Sampler(obs)
        self.weigh: Callable[[list[Mask]], float] | None = None
        if inference < 1.0 and obs.played_mask:
            self.weigh = Likelihood(obs, inference, inference**_MISSES).weight

    def batch(self, count: int) -> list[list[Mask]]:
        """`count` deals."""
        sample = self.sampler.sample
        rng = self.rng
        if self.weigh is None:
            return [sample(rng) for _ in range(count)]
        weigh = self.weigh
        pool: list[list[Mask]] = []
        for _ in range(_POOL):
            pool = [sample(rng) for _ in range(count * _POOL)]
            weights = [weigh(hands) for hands in pool]
            total = sum(weights)
            if total:
                return _resample(pool, weights, total, count, rng)
        return pool[:count]


def _resample(
    pool: list[list[Mask]], weights: list[float], total: float, count: int, rng: random.Random
) -> list[list[Mask]]:
    """`count` deals of `pool` drawn by weight (systematic resampling: one random offset, then
    evenly spaced through the running total of the weights)."""
    step = total / count
    target = rng.random() * step
    out: list[list[Mask]] = []
    running = 0.0
    index = -1
    for _ in range(count):
        while running <= target and index < len(pool) - 1:
            index += 1
            running += weights[index]
        out.append(pool[index])
        target += step
    return out


def _end_value(end: Outcome, team: int, tables: _Tables) -> float:
    """What the end of a played-out deal is worth to `team` (see `_tables`). When its last tricks
    were solved for points only (the tricks add up to fewer than ten), all 120 points with no trick
    lost before count as all ten tricks."""
    table, sweep_me, swept_me = tables
    mine = end[team]
    my_tricks = end[2 + team]
    their_tricks = end[3 - team]
    if my_tricks + their_tricks == 10:
        if my_tricks == 10:
            return sweep_me
        if their_tricks == 10:
            return swept_me
    else:
        if mine == 120 and not their_tricks:
            return sweep_me
        if not mine and not my_tricks:
            return swept_me
    return table[mine]


def sampled_deals(obs: Observation, rng: random.Random, inference: float) -> _Deals:
    """Level 4 and 5's deals of the unseen cards for one decision, drawn in batches
    (`.batch(count)`) as the bots draw them: for other users of the same sampling (the analysis
    of records, hints)."""
    return _Deals(obs, rng, inference)
