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
from .._kernel import Position, play_cards, solve
from .._kernel._bits import CardIndex, Mask, interchangeable
from .._rules import team_of
from ._base import bot_error, cards_to_choose_from
from ._equity import Equity
from ._hidden_hands import Likelihood, Sampler
from ._rules_of_thumb import heuristic_playout

if TYPE_CHECKING:
    from .._match import Observation

__all__ = ["SamplingBot", "candidate_cards"]

_POOL: Final = 4
"""With inference, the deals played out are drawn from this many times as many samples."""
_MISSES: Final = 4
"""With inference, a sample is dropped once this many rival cards are not explained."""
_Tables = tuple[list[float], float, float]


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
            raise bot_error(f"samples must be at least 1, got {samples}")
        if time_limit is not None and time_limit <= 0:
            raise bot_error(f"time_limit must be positive, got {time_limit}")
        if not 0 <= solve_tricks <= 4:
            raise bot_error(f"solve_tricks must be 0..4, got {solve_tricks}")
        if points_weight < 0:
            raise bot_error(f"points_weight must not be negative, got {points_weight}")
        if not 0 < inference <= 1:
            raise bot_error(f"inference must be in (0, 1], got {inference}")
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
        cards_to_choose_from(observation)
        cands = candidate_cards(observation)
        if len(cands) == 1:
            return CARDS[cands[0]]
        values = self.evaluate(observation, cands)
        best = max(range(len(cands)), key=lambda i: (values[i], -i))
        return CARDS[cands[best]]

    def evaluate(self, observation: Observation, cands: list[CardIndex]) -> list[float]:
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

    def _deals(self, obs: Observation, rng: random.Random, count: int) -> list[list[Mask]]:
        """``count`` sampled deals; with inference, drawn from a larger pool by how well each
        explains the rivals' cards so far."""
        sampler = Sampler(obs)
        if self.inference >= 1.0 or not obs.played_mask:
            return [sampler.sample(rng) for _ in range(count)]
        pool = [sampler.sample(rng) for _ in range(count * _POOL)]
        weigh = Likelihood(obs, self.inference, self.inference**_MISSES).weight
        weights = [weigh(hands) for hands in pool]
        total = sum(weights)
        if not total:
            return pool[:count]
        # Systematic resampling.
        step = total / count
        u = rng.random() * step
        out: list[list[Mask]] = []
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
        cands: list[CardIndex],
        hands: list[Mask],
        tables: _Tables,
        totals: list[float],
    ) -> None:
        """Play each candidate card in one sampled deal to the end; add up the values."""
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
        for i, card in enumerate(cands):
            after = play_cards(now, (card,))
            if exact:
                got = solve(after)
                mine = after.points[0] + got if team == 0 else 120 - after.points[0] - got
                # ``solve`` counts points only: a sweep of the points is read as one of tricks.
                value = sweep_me if mine == 120 else swept_me if mine == 0 else table[mine]
            else:
                voids = obs.void_mask
                if trick and card // 10 != trick[0] // 10:
                    voids |= 1 << (4 * me + trick[0] // 10)
                end = heuristic_playout(after, voids, held)
                if end[2 + team] == 10:
                    value = sweep_me
                elif end[3 - team] == 10:
                    value = swept_me
                else:
                    value = table[end[team]]
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
