"""Bots against bots: many deals or matches, and what they say about the levels and the rules.

:func:`simulate` plays deals (or whole matches) between two teams of bots and returns a
:class:`SimulationReport`: win rates with 95% intervals, point margins, how often the rules'
special cases (capote, bandeira, 60-60, carried games) come up, the first leader's advantage
and how long each team takes per card. It prints nothing; ``sueca simulate`` is its command.

Teams
    ``teams=(a, b)`` are bot levels. *Team 0* is the bots of level ``a`` and *team 1* those of
    level ``b`` (the two may have the same level: they are still two teams). Without
    duplicate play team 0 sits on seats 0 and 2 and team 1 on seats 1 and 3.

Duplicate play
    With ``duplicate=True`` (the default) every deal (or match) is played twice with the same
    cards in every seat: first with team 0 on seats 0 and 2, then with the teams' seats swapped.
    Each team holds both sides of every deal, so the luck of the cards cancels out. The bot in a
    seat is seeded from the simulation seed, the deal (or match) number and the seat alone — not
    from its team — so two teams of the same deterministic level, or of level 1 sharing those
    seeds, play each pair as exact mirror images.

Repeatability
    The cards of deal ``k`` come from ``seed`` and ``k``; the dealer of deal (or first dealer of
    match) ``k`` is seat ``k % 4``, so every seat leads equally often; bots are seeded from
    ``seed``, ``k`` and their seat. Work is split into chunks of consecutive indices and the
    results are reduced in index order, so a report does not depend on ``jobs`` — except its
    timing figures. (A level-4 bot given a ``time_limit`` plays by the clock, which no seed
    can repeat.)

Intervals
    A deal scores 1 for its winner and ½ to each team for a 60-60 (a match scores 1 or 0).
    Without duplicate play the 95% interval of a win rate is the Wilson score interval over the
    deals (ties counting half, which makes it slightly conservative). With duplicate play the
    unit is the *pair*: each pair's mean score for team 0 (0, ¼, ½, ¾ or 1) is one paired
    observation and the interval is the normal approximation mean ± 1.96·s/√n over the pairs,
    clipped to [0, 1] — much narrower, because the luck of the cards no longer adds to the
    variance. (When every pair has the same score other than ½ there is no spread to measure
    and the Wilson interval over the pairs is used; when every pair is split ½-½, as between
    two teams of the same deterministic level, the interval is exactly [½, ½].) The point
    margin's interval is the same normal approximation over deals (or pairs).
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal

if TYPE_CHECKING:
    from ._match import Match
    from ._variant import Variant

__all__ = ["ProgressCallback", "SimulationReport", "simulate"]

ProgressCallback = Callable[[int, int], None]
"""Called as ``progress(done, total)`` in the calling process as deals (or matches) finish."""

Mode = Literal["deals", "matches"]

_Z95: Final = 1.959963984540054
# Card timings are kept in a log-spaced histogram (constant memory however many cards are
# played, and mergeable across processes): 200 bins per decade from 1 µs to 1000 s, so the
# median is exact to about ±0.6%.
_BINS_PER_DECADE: Final = 200
_LOW_MS: Final = 1e-3
_NBINS: Final = 9 * _BINS_PER_DECADE


# --- results of one play ------------------------------------------------------------------


@dataclass(slots=True)
class _Timing:
    """Bot decision times of one team: count, sum and a sparse log histogram (ms)."""

    cards: int = 0
    total_ms: float = 0.0
    bins: dict[int, int] = field(default_factory=dict)

    def add(self, ms: float) -> None:
        self.cards += 1
        self.total_ms += ms
        b = 0 if ms <= _LOW_MS else int(math.log10(ms / _LOW_MS) * _BINS_PER_DECADE)
        b = min(b, _NBINS - 1)
        self.bins[b] = self.bins.get(b, 0) + 1

    def merge(self, other: _Timing) -> None:
        self.cards += other.cards
        self.total_ms += other.total_ms
        for b, n in other.bins.items():
            self.bins[b] = self.bins.get(b, 0) + n

    def mean(self) -> float:
        return self.total_ms / self.cards if self.cards else 0.0

    def median(self) -> float:
        if not self.cards:
            return 0.0
        half = (self.cards + 1) / 2
        seen = 0
        for b in sorted(self.bins):
            seen += self.bins[b]
            if seen >= half:
                # The geometric middle of the bin.
                return _LOW_MS * 10 ** ((b + 0.5) / _BINS_PER_DECADE)
        return 0.0  # pragma: no cover - unreachable


@dataclass(frozen=True, slots=True)
class _DealOutcome:
    """One deal as played, from the teams' point of view (team 0 = level ``teams[0]``)."""

    points: tuple[int, int]
    winner: int | None
    """The team that scored the deal, ``None`` for a 60-60."""
    capote: bool
    bandeira: bool
    leader_team: int
    """The team whose player led the first trick."""
    carried: bool
    """Won while 60-60 ties were pending (so it scored extra games)."""


@dataclass(frozen=True, slots=True)
class _PlayOutcome:
    """One deal or match played once, with team 0 on seats ``swap`` and ``swap + 2``."""

    deals: tuple[_DealOutcome, ...]
    match_winner: int | None
    partidas: int
    timing: tuple[_Timing, _Timing]


@dataclass(frozen=True, slots=True)
class _Job:
    """What a worker needs to play a chunk (picklable)."""

    variant: Variant
    teams: tuple[int, int]
    options: tuple[dict[str, Any], dict[str, Any]]
    seed: int | str
    mode: Mode
    duplicate: bool


def _unit_seed(job: _Job, index: int) -> str:
    return f"{job.seed}:{job.mode}:{index}"


def _play_once(job: _Job, index: int, swap: int) -> _PlayOutcome:
    """Play deal (or match) ``index`` with team 0 on seats ``swap``/``swap + 2``."""
    from ._match import Match
    from .bots import advance, make_bot

    base = _unit_seed(job, index)
    match = Match(job.variant, seed=base, first_dealer=index % 4)
    # Seat s belongs to team (s + swap) % 2 — team 0 on seats 0/2 when swap is 0.
    team_of = tuple((s + swap) % 2 for s in range(4))
    bots = [
        make_bot(job.teams[team_of[s]], seed=f"{base}:seat{s}", **job.options[team_of[s]])
        for s in range(4)
    ]
    timing = (_Timing(), _Timing())
    deals: list[_DealOutcome] = []
    second_tier = _second_tier(match)
    clock = time.perf_counter
    while True:
        pending = match.pending_ties
        leader = match.trick_leader
        number = match.deal_number
        while match.deal_number == number and not match.is_over:
            if match.phase != "play":  # the dealer's choice, a redeal question, the count
                advance(match, bots)
                continue
            seat = match.turn
            assert seat is not None
            obs = match.observation(seat)
            start = clock()
            card = bots[seat].choose(obs)
            timing[team_of[seat]].add((clock() - start) * 1000.0)
            match.play(card)
        result = match.deals[-1]
        scorer = None if result.team is None else team_of[result.team]
        p_seat = result.points
        points = (p_seat[swap], p_seat[1 - swap])
        deals.append(
            _DealOutcome(
                points=points,
                winner=scorer,
                capote=(
                    scorer is not None
                    and second_tier is not None
                    and not result.bandeira
                    and result.result == "won"
                    and points[scorer] >= second_tier
                ),
                bandeira=result.bandeira,
                leader_team=team_of[leader],
                carried=scorer is not None and result.result == "won" and pending > 0,
            )
        )
        if job.mode == "deals" or match.is_over:
            break
    winner = None
    if job.mode == "matches":
        assert match.winner is not None
        winner = team_of[match.winner]
    return _PlayOutcome(tuple(deals), winner, sum(match.partidas), timing)


def _second_tier(match: Match) -> int | None:
    """The points of the variant's second tier (the capote), if it has one."""
    tiers = sorted(t for t, _ in match.rules.tiers)
    return tiers[1] if len(tiers) > 1 else None


def _second_tier_of(variant: Variant) -> int | None:
    tiers = sorted(t.min_points for t in variant.scoring.tiers)
    return tiers[1] if len(tiers) > 1 else None


def _play_unit(job: _Job, index: int) -> tuple[_PlayOutcome, ...]:
    if job.duplicate:
        return (_play_once(job, index, 0), _play_once(job, index, 1))
    return (_play_once(job, index, 0),)


def _play_chunk(job: _Job, start: int, stop: int) -> list[tuple[_PlayOutcome, ...]]:
    """Worker entry point: units ``start`` to ``stop - 1`` in order."""
    return [_play_unit(job, i) for i in range(start, stop)]


# --- statistics ---------------------------------------------------------------------------


def _wilson(successes: float, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = _Z95 * _Z95
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = _Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def _normal(values: Sequence[float], lo: float, hi: float) -> tuple[float, float]:
    """mean ± 1.96·s/√n, clipped to [lo, hi]; the whole range with fewer than two values."""
    n = len(values)
    if n < 2:
        return (lo, hi)
    mean = math.fsum(values) / n
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = _Z95 * math.sqrt(var / n)
    return (max(lo, mean - half), min(hi, mean + half))


def _rate_ci(scores: Sequence[float], paired: bool) -> tuple[float, float]:
    """The 95% interval of team 0's mean score (see the module docs)."""
    if paired:
        if len(set(scores)) == 1 and scores[0] != 0.5:
            # Every pair alike but not split (say, every pair won): no spread to measure, so
            # fall back to the Wilson interval over the pairs rather than claim certainty.
            return _wilson(math.fsum(scores), len(scores))
        return _normal(scores, 0.0, 1.0)
    return _wilson(math.fsum(scores), len(scores))


def _pair(ci: tuple[float, float]) -> tuple[tuple[float, float], tuple[float, float]]:
    lo, hi = ci
    return ((lo, hi), (1.0 - hi, 1.0 - lo))


def _round(x: float) -> float:
    return round(x, 6)


# --- the report ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SimulationReport:
    """The figures of a simulation (see :func:`simulate`). Pairs are ``(team 0, team 1)``;
    team ``i`` is the bots of level ``teams[i]``; rates are fractions of deals (or matches)."""

    variant: str
    """The variant's display name."""
    teams: tuple[int, int]
    """The bot levels of team 0 and team 1."""
    mode: Mode
    """``"deals"``: independent deals; ``"matches"``: whole matches."""
    size: int
    """The number of deals (or matches) asked for — played twice each with ``duplicate``."""
    duplicate: bool
    """Whether each deal (or match) was played twice with the same cards, the teams' seats
    swapped."""
    seed: int | str
    """The seed of the cards and the bots: the same seed gives the same figures."""
    bot_options: tuple[dict[str, Any], dict[str, Any]]
    """The options given to the bots of team 0 and team 1 (level 4's ``samples``…)."""
    deals: int
    """Deals played, every play of a duplicate pair counted."""
    deal_wins: tuple[int, int]
    """Deals won by each team (60-60 deals are in neither)."""
    ties: int
    """60-60 deals."""
    deal_win_rate: tuple[float, float]
    """Deals won, a 60-60 counting half to each team."""
    deal_win_rate_ci95: tuple[tuple[float, float], tuple[float, float]]
    """The 95% interval ``(low, high)`` of each team's :attr:`deal_win_rate` (see
    :attr:`ci_method`)."""
    duplicate_win_rate: tuple[float, float] | None
    """Duplicate deals won: a team wins a duplicate deal (both plays of the same cards) with
    more than 120 of the 240 card points over the two plays; exactly 120 counts half.
    ``None`` unless deals were played in duplicate."""
    duplicate_win_rate_ci95: tuple[tuple[float, float], tuple[float, float]] | None
    """Wilson score interval of :attr:`duplicate_win_rate` over the duplicate deals."""
    matches: int
    """Matches played (0 in ``deals`` mode)."""
    match_wins: tuple[int, int]
    """Matches won by each team (``(0, 0)`` in ``deals`` mode)."""
    match_win_rate: tuple[float, float] | None
    """The share of the matches won by each team (``None`` in ``deals`` mode)."""
    match_win_rate_ci95: tuple[tuple[float, float], tuple[float, float]] | None
    """The 95% interval ``(low, high)`` of each team's :attr:`match_win_rate`."""
    points_mean: tuple[float, float]
    """Mean card points per deal."""
    point_margin: float
    """Mean card points per deal of team 0 minus team 1."""
    point_margin_ci95: tuple[float, float]
    """The 95% interval ``(low, high)`` of :attr:`point_margin`."""
    capote_points: int | None
    """The points of the variant's second tier (the capote), ``None`` if it has one tier."""
    capote_rate: float
    """Deals won by reaching the second tier of the scoring table (91 points in the standard
    rules) without a bandeira."""
    capote_rate_by_team: tuple[float, float]
    """:attr:`capote_rate` split by the team that won the capote."""
    bandeira_rate: float
    """Deals won with a bandeira (all 120 points or all ten tricks, as the variant says)."""
    bandeira_rate_by_team: tuple[float, float]
    """:attr:`bandeira_rate` split by the team that won the bandeira."""
    tie_rate: float
    """The share of the deals that ended 60-60 (an empate)."""
    carried_rate: float | None
    """Deals won while 60-60 ties were pending (``None`` in ``deals`` mode, where every deal
    starts a fresh match and no tie is ever pending)."""
    deals_per_partida: float | None
    """Mean deals per partida (``None`` in ``deals`` mode)."""
    first_leader_win_rate: float
    """The deal win rate (60-60 counting half) of the team that led the first trick."""
    first_leader_win_rate_ci95: tuple[float, float]
    """The Wilson score 95% interval ``(low, high)`` of :attr:`first_leader_win_rate`."""
    cards: tuple[int, int]
    """Cards chosen by each team's bots."""
    ms_per_card: tuple[float, float]
    """Mean time per card of each team's bots, in milliseconds."""
    ms_per_card_median: tuple[float, float]
    """Median time per card (from a log histogram, within about 0.6%)."""
    jobs: int
    """The worker processes used (the figures do not depend on it, the timings do)."""
    elapsed_s: float
    """Wall-clock time of the whole simulation."""
    ci_method: str
    """How the win-rate intervals were computed."""

    TIMING_KEYS: ClassVar[tuple[str, ...]] = (
        "ms_per_card",
        "ms_per_card_median",
        "jobs",
        "elapsed_s",
    )
    """The keys of :meth:`to_dict` that depend on the machine and on ``jobs``."""

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data (tuples become lists)."""

        def plain(value: Any) -> Any:
            if isinstance(value, tuple | list):
                return [plain(v) for v in value]
            if isinstance(value, dict):
                return {k: plain(v) for k, v in value.items()}
            if isinstance(value, float):
                return _round(value)
            return value

        out: dict[str, Any] = {}
        for f in fields(self):
            out[f.name] = plain(getattr(self, f.name))
        return out


def _reduce(
    job: _Job, size: int, units: Sequence[tuple[_PlayOutcome, ...]], jobs: int, elapsed: float
) -> SimulationReport:
    deal_scores: list[float] = []  # team 0's score of each unit (pair mean, or single deal)
    pair_scores: list[float] = []  # team 0's score of each duplicate deal (over both plays)
    margins: list[float] = []
    match_scores: list[float] = []
    wins = [0, 0]
    match_wins = [0, 0]
    ties = capotes_any = bandeiras_any = carried = 0
    capotes = [0, 0]
    bandeiras = [0, 0]
    totals = [0, 0]
    leader_score = 0.0
    n_deals = n_matches = partidas = 0
    timing = (_Timing(), _Timing())
    for unit in units:
        # In deals mode a unit's deal score is the mean over its plays; in matches mode a deal
        # unit is each deal of each play (matches differ in length), paired by match instead.
        unit_deal_scores: list[float] = []
        unit_margins: list[int] = []
        unit_match: list[float] = []
        for play in unit:
            for t in (0, 1):
                timing[t].merge(play.timing[t])
            for d in play.deals:
                n_deals += 1
                totals[0] += d.points[0]
                totals[1] += d.points[1]
                unit_margins.append(d.points[0] - d.points[1])
                if d.winner is None:
                    ties += 1
                    unit_deal_scores.append(0.5)
                    leader_score += 0.5
                else:
                    wins[d.winner] += 1
                    unit_deal_scores.append(1.0 if d.winner == 0 else 0.0)
                    leader_score += 1.0 if d.winner == d.leader_team else 0.0
                    if d.capote:
                        capotes_any += 1
                        capotes[d.winner] += 1
                    if d.bandeira:
                        bandeiras_any += 1
                        bandeiras[d.winner] += 1
                    if d.carried:
                        carried += 1
            if play.match_winner is not None:
                n_matches += 1
                partidas += play.partidas
                match_wins[play.match_winner] += 1
                unit_match.append(1.0 if play.match_winner == 0 else 0.0)
        if job.duplicate and job.mode == "deals":
            total = sum(d.points[0] for play in unit for d in play.deals)
            half = 60 * sum(len(play.deals) for play in unit)
            pair_scores.append(1.0 if total > half else 0.5 if total == half else 0.0)
        if job.duplicate:
            deal_scores.append(math.fsum(unit_deal_scores) / len(unit_deal_scores))
            margins.append(sum(unit_margins) / len(unit_margins))
            if unit_match:
                match_scores.append(math.fsum(unit_match) / len(unit_match))
        else:
            deal_scores.extend(unit_deal_scores)
            margins.extend(unit_margins)
            match_scores.extend(unit_match)
    # Rates over all deals played (in duplicate deals mode the same as the mean of the pairs).
    rate0 = (wins[0] + ties / 2) / n_deals if n_deals else 0.0
    paired = job.duplicate
    deal_ci = _rate_ci(deal_scores, paired)
    if paired:
        # Centre the paired interval on the overall rate (they differ only in matches mode,
        # where pairs of matches hold different numbers of deals).
        mid = math.fsum(deal_scores) / len(deal_scores) if deal_scores else rate0
        deal_ci = (max(0.0, deal_ci[0] - mid + rate0), min(1.0, deal_ci[1] - mid + rate0))
    margin = (totals[0] - totals[1]) / n_deals if n_deals else 0.0
    margin_ci = _normal(margins, -120.0, 120.0)
    if paired and margins:
        mid = math.fsum(margins) / len(margins)
        margin_ci = (
            max(-120.0, margin_ci[0] - mid + margin),
            min(120.0, margin_ci[1] - mid + margin),
        )

    def frac(x: float, n: int) -> float:
        return x / n if n else 0.0

    pair_rate: tuple[float, float] | None = None
    pair_ci: tuple[tuple[float, float], tuple[float, float]] | None = None
    if pair_scores:
        p0 = math.fsum(pair_scores) / len(pair_scores)
        pair_rate = (p0, 1.0 - p0)
        pair_ci = _pair(_wilson(math.fsum(pair_scores), len(pair_scores)))
    match_rate: tuple[float, float] | None = None
    match_ci: tuple[tuple[float, float], tuple[float, float]] | None = None
    if job.mode == "matches":
        m0 = frac(match_wins[0], n_matches)
        match_rate = (m0, 1.0 - m0 if n_matches else 0.0)
        match_ci = _pair(_rate_ci(match_scores, paired))
    method = (
        "paired: normal approximation over duplicate pairs (mean ± 1.96·s/√n)"
        if paired
        else "Wilson score interval over deals, a 60-60 counting half"
    )
    if job.mode == "matches" and not paired:
        method = "Wilson score interval over deals (60-60 counting half) and over matches"
    return SimulationReport(
        variant=job.variant.name,
        teams=job.teams,
        mode=job.mode,
        size=size,
        duplicate=job.duplicate,
        seed=job.seed,
        bot_options=job.options,
        deals=n_deals,
        deal_wins=(wins[0], wins[1]),
        ties=ties,
        deal_win_rate=(rate0, 1.0 - rate0 if n_deals else 0.0),
        deal_win_rate_ci95=_pair(deal_ci),
        duplicate_win_rate=pair_rate,
        duplicate_win_rate_ci95=pair_ci,
        matches=n_matches,
        match_wins=(match_wins[0], match_wins[1]),
        match_win_rate=match_rate,
        match_win_rate_ci95=match_ci,
        points_mean=(frac(totals[0], n_deals), frac(totals[1], n_deals)),
        point_margin=margin,
        point_margin_ci95=margin_ci,
        capote_points=_second_tier_of(job.variant),
        capote_rate=frac(capotes_any, n_deals),
        capote_rate_by_team=(frac(capotes[0], n_deals), frac(capotes[1], n_deals)),
        bandeira_rate=frac(bandeiras_any, n_deals),
        bandeira_rate_by_team=(frac(bandeiras[0], n_deals), frac(bandeiras[1], n_deals)),
        tie_rate=frac(ties, n_deals),
        carried_rate=frac(carried, n_deals) if job.mode == "matches" else None,
        deals_per_partida=frac(n_deals, partidas) if job.mode == "matches" else None,
        first_leader_win_rate=frac(leader_score, n_deals),
        first_leader_win_rate_ci95=_wilson(leader_score, n_deals),
        cards=(timing[0].cards, timing[1].cards),
        ms_per_card=(timing[0].mean(), timing[1].mean()),
        ms_per_card_median=(timing[0].median(), timing[1].median()),
        jobs=jobs,
        elapsed_s=elapsed,
        ci_method=method,
    )


# --- the entry point ----------------------------------------------------------------------


def _options(
    teams: tuple[int, int],
    bot_options: Mapping[int, Mapping[str, Any]] | Sequence[Mapping[str, Any]] | None,
) -> tuple[dict[str, Any], dict[str, Any]]:
    if bot_options is None:
        return ({}, {})
    if isinstance(bot_options, Mapping):
        for level in bot_options:
            if level not in teams:
                raise ValueError(
                    f"bot_options names level {level!r}, but the teams are levels "
                    f"{teams[0]} and {teams[1]}"
                )
        return (dict(bot_options.get(teams[0], {})), dict(bot_options.get(teams[1], {})))
    if len(bot_options) != 2:
        raise ValueError("bot_options is a mapping by level or a pair of mappings by team")
    return (dict(bot_options[0]), dict(bot_options[1]))


def _worker_init() -> None:
    # Ctrl-C is the parent's to handle: it stops the workers (no traceback from each).
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _chunks(size: int, jobs: int) -> list[tuple[int, int]]:
    per = max(1, min(64, math.ceil(size / (jobs * 12))))
    return [(i, min(size, i + per)) for i in range(0, size, per)]


def simulate(
    variant: Variant | str | Path = "portugal",
    teams: tuple[int, int] | Sequence[int] = (2, 1),
    *,
    deals: int | None = None,
    matches: int | None = None,
    seed: int | str = 0,
    jobs: int = 1,
    duplicate: bool = True,
    bot_options: Mapping[int, Mapping[str, Any]] | Sequence[Mapping[str, Any]] | None = None,
    progress: ProgressCallback | None = None,
) -> SimulationReport:
    """Play bots against bots and return the figures.

    >>> report = simulate("portugal", teams=(2, 1), deals=4, seed=1)
    >>> report.deals  # every deal played twice, the teams' seats swapped
    8
    >>> sorted(report.to_dict())[:3]
    ['bandeira_rate', 'bandeira_rate_by_team', 'bot_options']

    ``teams`` are the bot levels of team 0 and team 1 (see :func:`~sueca_rules.bots.make_bot`).
    Give ``deals`` (independent deals, each the first deal of a fresh match) or ``matches``
    (whole matches); the default is 100 deals. ``seed`` makes the run repeatable. ``jobs`` is
    the number of worker processes (``0``: one per CPU; ``1``: run in this process); the result
    does not depend on it. ``duplicate`` plays each deal or match twice with the teams' seats
    swapped (see the module docs). ``bot_options`` are options for :func:`make_bot`, either by
    level (``{4: {"samples": 50}}``) or one mapping per team. ``progress(done, total)`` is
    called as deals (or matches) finish.
    """
    from ._registry import resolve_variant
    from .bots import LEVELS

    if deals is not None and matches is not None:
        raise ValueError("give deals or matches, not both")
    mode: Mode = "matches" if matches is not None else "deals"
    size = matches if matches is not None else (deals if deals is not None else 100)
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise ValueError(f"the number of {mode} must be a positive integer, got {size!r}")
    pair = tuple(teams)
    if len(pair) != 2:
        raise ValueError(f"teams are two bot levels, got {teams!r}")
    for level in pair:
        if level not in LEVELS:
            raise ValueError(f"no bot of level {level!r}: levels are {', '.join(map(str, LEVELS))}")
    team_levels = (int(pair[0]), int(pair[1]))
    if jobs < 0:
        raise ValueError(f"jobs must be 0 (every CPU) or more, got {jobs}")
    if jobs == 0:
        jobs = os.cpu_count() or 1
    resolved = resolve_variant(variant)
    job = _Job(
        variant=resolved,
        teams=team_levels,
        options=_options(team_levels, bot_options),
        seed=seed,
        mode=mode,
        duplicate=duplicate,
    )
    # Fail early (in this process) on bad bot options.
    from .bots import make_bot

    for t in (0, 1):
        make_bot(team_levels[t], seed=0, **job.options[t])

    started = time.perf_counter()
    chunks = _chunks(size, jobs)
    units: list[tuple[_PlayOutcome, ...]] = []
    jobs = min(jobs, len(chunks))
    if progress is not None:
        progress(0, size)
    if jobs <= 1:
        for i in range(size):
            units.append(_play_unit(job, i))
            if progress is not None:
                progress(i + 1, size)
    else:
        from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

        results: dict[int, list[tuple[_PlayOutcome, ...]]] = {}
        done = 0
        pool = ProcessPoolExecutor(max_workers=jobs, initializer=_worker_init)
        try:
            futures = {pool.submit(_play_chunk, job, a, b): a for a, b in chunks}
            pending = set(futures)
            while pending:
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for fut in finished:
                    chunk = fut.result()
                    results[futures[fut]] = chunk
                    done += len(chunk)
                    if progress is not None:
                        progress(done, size)
        except BaseException:
            # Interrupted (or a worker failed): stop the workers now rather than let them
            # finish their chunks.
            processes = dict(getattr(pool, "_processes", None) or {})
            pool.shutdown(wait=False, cancel_futures=True)
            for process in processes.values():
                process.terminate()
            raise
        pool.shutdown()
        for a, _ in chunks:
            units.extend(results[a])
    return _reduce(job, size, units, jobs, time.perf_counter() - started)
