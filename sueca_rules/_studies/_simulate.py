"""Bots against bots: many deals or matches, and what they say about the levels and the rules.

`simulate()` plays deals (or whole matches) between two teams of bots and returns a
`SimulationReport`: win rates with 95% intervals, point margins, how often the rules' special cases
(capote, bandeira, 60-60, carried games) come up, the first leader's advantage and how long each
team takes per card. It prints nothing; `sueca simulate` is its command.

**Teams.** `teams=(a, b)` are bot levels. *Team 0* is the bots of level `a` and *team 1* those of
level `b` (the two may have the same level: they are still two teams). Without duplicate play team 0
sits on seats 0 and 2 and team 1 on seats 1 and 3.

**Duplicate play.** With `duplicate=True` (the default) every deal (or match) is played twice with
the same cards in every seat: first with team 0 on seats 0 and 2, then with the teams' seats
swapped. Each team holds both sides of every deal, so the luck of the cards cancels out. The bot in
a seat is seeded from the simulation seed, the deal (or match) number and the seat alone — not from
its team — so two teams of the same deterministic level, or of level 1 sharing those seeds, play
each pair as exact mirror images. Where weak hands may ask for a new deal (`deal.redeal`), the
cards follow the deals *played*: the `n`-th deal of a match is dealt the same cards in both plays,
and a deal sent back is dealt again from the same next cards in both, so a pair differs only on a
deal whose weak hand one play sent back and the other kept.

**Repeatability.** The cards of deal `k` come from `seed` and `k`; the dealer of deal (or first
dealer of match) `k` is seat `k % 4`, so every seat leads equally often; bots are seeded from
`seed`, `k` and their seat. Work is split into chunks of consecutive indices, and each chunk's
results stream into a running summary of exact sums (constant memory, however many deals), so a
report depends only on the arguments and the seed: not on `jobs`, the backend (this process, worker
processes or a Ray cluster), lost workers whose deals were played again, or a run resumed from a
checkpoint — except its timing figures. (A level-4 bot given a `time_limit` plays by the clock,
which no seed can repeat.)

**Long runs.** Ctrl-C raises `StudyInterrupted` (a `KeyboardInterrupt`) whose `report` holds the
figures of the deals played so far. With `checkpoint=FILE` progress is saved to that file
(atomically, every 30 seconds, on Ctrl-C and at the end) and the same call resumes from it, ending
with exactly the figures of a run that was never stopped. A match still going after
`MAX_DEALS_PER_MATCH` deals is stopped and counted as unfinished, so no run loops for ever under any
variant.

**Intervals.** A deal scores 1 for its winner and ½ to each team for a 60-60 (a match scores 1 or
0). Without duplicate play the 95% interval of a win rate is the Wilson score interval over the
deals (ties counting half, which makes it slightly conservative). With duplicate play the unit is
the *pair*: each pair's mean score for team 0 (0, ¼, ½, ¾ or 1) is one paired observation and the
interval is mean ± t·s/√n over the pairs, clipped to [0, 1] (`t` Student's 97.5% quantile with
one degree of freedom fewer than the pairs: 12.7 for two, 1.96 for many, so that a handful of
pairs, or of matches, gives the wide interval it should) — much narrower than Wilson's over many
deals, because the luck of the cards no longer adds to the variance. (When every pair has the
same score other than ½ there is no spread to measure and the Wilson interval over the pairs is
used; when every pair is split ½-½, as between two teams of the same deterministic level, the
interval is exactly [½, ½].) The point margin's interval is the same mean ± t·s/√n over deals
(or pairs).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from .._errors import check_function, check_path
from .._public import public
from .._rules import CAPOTE_POINTS
from ._args import BotOptions, check_jobs, make_study
from ._checkpoint import Checkpoint
from ._play import MAX_DEALS_PER_MATCH, Mode, Study
from ._runner import run_study
from ._stats import Moments, normal_interval, wilson
from ._summary import Summary
from ._work import Interrupted, ProgressCallback, RunResult

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .._variant import Variant

__all__ = [
    "MAX_DEALS_PER_MATCH",
    "ProgressCallback",
    "SimulationReport",
    "StudyInterrupted",
    "simulate",
]


@public
class StudyInterrupted(KeyboardInterrupt):
    """Ctrl-C during [`simulate()`][sueca_rules.simulate] or [`compare()`][sueca_rules.compare]:
    `report` holds the figures of what was played so far (its `complete` is `False`)."""

    def __init__(self, report: Any) -> None:
        super().__init__()
        self.report = report
        """The report of the deals (or matches) played before the interruption."""


# --- statistics ---------------------------------------------------------------------------


def _rate_ci(unit: Moments, successes: float, n: int, paired: bool) -> tuple[float, float]:
    """The 95% interval of team 0's mean score (see the module docs)."""
    if paired:
        if unit.n and unit.low == unit.high and unit.low != 0.5:
            # Every pair alike but not split (say, every pair won): no spread to measure, so
            # fall back to the Wilson interval over the pairs rather than claim certainty.
            return wilson(float(unit.total), unit.n)
        return normal_interval(unit, 0.0, 1.0)
    return wilson(successes, n)


def _recentre(
    ci: tuple[float, float], unit: Moments, centre: float, lo: float, hi: float
) -> tuple[float, float]:
    """A paired interval moved to be centred on the overall figure (they differ only in
    matches mode, where pairs of matches hold different numbers of deals)."""
    mid = unit.mean if unit.n else centre
    return (max(lo, ci[0] - mid + centre), min(hi, ci[1] - mid + centre))


def _pair(ci: tuple[float, float]) -> tuple[tuple[float, float], tuple[float, float]]:
    lo, hi = ci
    return ((lo, hi), (1.0 - hi, 1.0 - lo))


def _frac(x: float, n: int) -> float:
    return x / n if n else 0.0


# --- the report ---------------------------------------------------------------------------


@public
@dataclass(frozen=True, slots=True)
class SimulationReport:
    """The figures of a simulation (see [`simulate()`][sueca_rules.simulate]). Pairs are
    `(team 0, team 1)`; team `i` is the bots of level `teams[i]`; rates are fractions of deals (or
    matches)."""

    variant: str
    """The variant's display name."""
    teams: tuple[int, int]
    """The bot levels of team 0 and team 1."""
    mode: Mode
    """`"deals"`: independent deals; `"matches"`: whole matches."""
    size: int
    """The number of deals (or matches) asked for — played twice each with `duplicate`."""
    duplicate: bool
    """Whether each deal (or match) was played twice with the same cards, the teams' seats
    swapped."""
    seed: int | str
    """The seed of the cards and the bots: the same seed gives the same figures."""
    bot_options: tuple[dict[str, Any], dict[str, Any]]
    """The options given to the bots of team 0 and team 1 (level 4's `samples`…)."""
    deals: int
    """Deals played, every play of a duplicate pair counted."""
    deal_wins: tuple[int, int]
    """Deals won by each team (60-60 deals are in neither)."""
    ties: int
    """60-60 deals."""
    deal_win_rate: tuple[float, float]
    """Deals won, a 60-60 counting half to each team."""
    deal_win_rate_ci95: tuple[tuple[float, float], tuple[float, float]]
    """The 95% interval `(low, high)` of each team's
    [`deal_win_rate`][sueca_rules.SimulationReport.deal_win_rate] (see
    [`ci_method`][sueca_rules.SimulationReport.ci_method])."""
    duplicate_win_rate: tuple[float, float] | None
    """Duplicate deals won: a team wins a duplicate deal (both plays of the same cards) with more
    than 120 of the 240 card points over the two plays; exactly 120 counts half. `None` unless deals
    were played in duplicate."""
    duplicate_win_rate_ci95: tuple[tuple[float, float], tuple[float, float]] | None
    """Wilson score interval of
    [`duplicate_win_rate`][sueca_rules.SimulationReport.duplicate_win_rate] over the duplicate
    deals."""
    matches: int
    """Matches played (0 in `deals` mode)."""
    match_wins: tuple[int, int]
    """Matches won by each team (`(0, 0)` in `deals` mode)."""
    match_win_rate: tuple[float, float] | None
    """The share of the matches won by each team (`None` in `deals` mode)."""
    match_win_rate_ci95: tuple[tuple[float, float], tuple[float, float]] | None
    """The 95% interval `(low, high)` of each team's
    [`match_win_rate`][sueca_rules.SimulationReport.match_win_rate]."""
    points_mean: tuple[float, float]
    """Mean card points per deal."""
    point_margin: float
    """Mean card points per deal of team 0 minus team 1."""
    point_margin_ci95: tuple[float, float]
    """The 95% interval `(low, high)` of
    [`point_margin`][sueca_rules.SimulationReport.point_margin]."""
    capote_points: int
    """The card points of a capote: 91 (`CAPOTE_POINTS`), whatever the variant's tiers."""
    capote_rate: float
    """Capotes: deals won with at least 91 card points (the losers kept to 29 or fewer) that are not
    a bandeira, whatever games the variant's tiers give them (`Rules.is_capote`). Deals ended by a
    renúncia claim are not counted."""
    capote_rate_by_team: tuple[float, float]
    """[`capote_rate`][sueca_rules.SimulationReport.capote_rate] split by the team that won the
    capote."""
    bandeira_rate: float
    """Deals won with a bandeira (all 120 points or all ten tricks, as the variant says)."""
    bandeira_rate_by_team: tuple[float, float]
    """[`bandeira_rate`][sueca_rules.SimulationReport.bandeira_rate] split by the team that won
    the bandeira."""
    tie_rate: float
    """The share of the deals that ended 60-60 (an empate)."""
    revoke_rate: float
    """The share of the deals ended by a renúncia claim (`result: "revoke"`)."""
    claim_rate: float
    """The share of the deals in which a renúncia was claimed, rightly or not."""
    redeal_rate: float
    """The share of the deals dealt that were redealt before the first card (a weak hand's
    `deal.redeal`); a redealt deal is dealt again and is not counted in
    [`deals`][sueca_rules.SimulationReport.deals]."""
    carried_rate: float | None
    """Deals won while 60-60 ties were pending (`None` in `deals` mode, where every deal starts a
    fresh match and no tie is ever pending)."""
    deals_per_partida: float | None
    """Mean deals per partida (`None` in `deals` mode)."""
    unfinished_matches: int
    """Matches stopped after `MAX_DEALS_PER_MATCH` (1,000) deals without a winner; they count in
    [`matches`][sueca_rules.SimulationReport.matches] but in neither team's
    [`match_wins`][sueca_rules.SimulationReport.match_wins]."""
    first_leader_win_rate: float
    """The deal win rate (60-60 counting half) of the team that led the first trick."""
    first_leader_win_rate_ci95: tuple[float, float]
    """The Wilson score 95% interval `(low, high)` of
    [`first_leader_win_rate`][sueca_rules.SimulationReport.first_leader_win_rate]."""
    cards: tuple[int, int]
    """Cards chosen by each team's bots."""
    complete: bool
    """`False` for the report of a run interrupted before its end (see
    [`StudyInterrupted`][sueca_rules.StudyInterrupted]): its figures are those of the deals played
    so far."""
    ms_per_card: tuple[float, float]
    """Mean time per card of each team's bots, in milliseconds."""
    ms_per_card_median: tuple[float, float]
    """Median time per card (from a log histogram, within about 0.6%)."""
    jobs: int
    """The worker processes used (the figures do not depend on it, the timings do); with a
    Ray cluster, the tasks run at once."""
    elapsed_s: float
    """Wall-clock time of the whole simulation (earlier runs resumed from a checkpoint
    included)."""
    worker_retries: int
    """Worker processes lost and replaced during the run (their deals were played again)."""
    ci_method: str
    """How the win-rate intervals were computed."""

    TIMING_KEYS: ClassVar[tuple[str, ...]] = (
        "ms_per_card",
        "ms_per_card_median",
        "jobs",
        "elapsed_s",
        "worker_retries",
    )
    """The keys of [`to_dict()`][sueca_rules.SimulationReport.to_dict] that depend on the
    machine, on `jobs` and on the run."""

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data (tuples become lists)."""
        return {f.name: plain(getattr(self, f.name)) for f in fields(self)}


def plain(value: Any) -> Any:
    """`value` as JSON-ready data: tuples become lists, floats are rounded to 6 places."""
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, float):
        return round(value, 6)
    return value


def _deal_figures(study: Study, s: Summary) -> dict[str, Any]:
    """The deal win rate, the point margin and the duplicate deals won, with intervals."""
    t = s.totals
    n = t.deals
    paired = study.duplicate
    rate0 = _frac(t.wins0 + t.ties / 2, n)
    deal_ci = _rate_ci(s.unit_score, t.score_halves / 2, n, paired)
    margin = _frac(t.points0 - t.points1, n)
    if paired:
        deal_ci = _recentre(deal_ci, s.unit_score, rate0, 0.0, 1.0)
        margin_ci = _recentre(
            normal_interval(s.unit_margin, -120.0, 120.0), s.unit_margin, margin, -120.0, 120.0
        )
    else:
        per_deal = Moments(n, t.points0 - t.points1, t.margin_squares)
        margin_ci = normal_interval(per_deal, -120.0, 120.0)
    pair_rate = pair_ci = None
    if s.pairs:
        p0 = s.pair_halves / 2 / s.pairs
        pair_rate = (p0, 1.0 - p0)
        pair_ci = _pair(wilson(s.pair_halves / 2, s.pairs))
    return {
        "deal_win_rate": (rate0, 1.0 - rate0 if n else 0.0),
        "deal_win_rate_ci95": _pair(deal_ci),
        "duplicate_win_rate": pair_rate,
        "duplicate_win_rate_ci95": pair_ci,
        "point_margin": margin,
        "point_margin_ci95": margin_ci,
    }


def _match_figures(study: Study, s: Summary) -> dict[str, Any]:
    t = s.totals
    if study.mode != "matches":
        return {"match_win_rate": None, "match_win_rate_ci95": None}
    m0 = _frac(t.match_wins0, t.matches)
    return {
        "match_win_rate": (m0, _frac(t.match_wins1, t.matches)),
        "match_win_rate_ci95": _pair(
            _rate_ci(s.unit_match, t.match_wins0, t.matches, study.duplicate)
        ),
    }


def _ci_method(study: Study) -> str:
    if study.duplicate:
        return "paired: Student's t over duplicate pairs (mean ± t·s/√n)"
    if study.mode == "matches":
        return "Wilson score interval over deals (60-60 counting half) and over matches"
    return "Wilson score interval over deals, a 60-60 counting half"


def report_for(study: Study, size: int, run: RunResult, variant: int = 0) -> SimulationReport:
    """The report of variant number `variant` of a study's run."""
    s = run.summary.variants[variant]
    t = s.totals
    n = t.deals
    matches = study.mode == "matches"
    leader = t.leader_halves / 2
    return SimulationReport(
        variant=study.variants[variant].name,
        teams=study.teams,
        mode=study.mode,
        size=size,
        duplicate=study.duplicate,
        seed=study.seed,
        bot_options=study.options,
        deals=n,
        deal_wins=(t.wins0, t.wins1),
        ties=t.ties,
        matches=t.matches,
        match_wins=(t.match_wins0, t.match_wins1),
        points_mean=(_frac(t.points0, n), _frac(t.points1, n)),
        capote_points=CAPOTE_POINTS,
        capote_rate=_frac(t.capotes0 + t.capotes1, n),
        capote_rate_by_team=(_frac(t.capotes0, n), _frac(t.capotes1, n)),
        bandeira_rate=_frac(t.bandeiras0 + t.bandeiras1, n),
        bandeira_rate_by_team=(_frac(t.bandeiras0, n), _frac(t.bandeiras1, n)),
        tie_rate=_frac(t.ties, n),
        revoke_rate=_frac(t.revokes, n),
        claim_rate=_frac(t.claims, n),
        redeal_rate=_frac(t.redeals, n + t.redeals),
        carried_rate=_frac(t.carried, n) if matches else None,
        deals_per_partida=_frac(n, t.partidas) if matches else None,
        unfinished_matches=t.unfinished,
        first_leader_win_rate=_frac(leader, n),
        first_leader_win_rate_ci95=wilson(leader, n),
        cards=(t.timing[0].cards, t.timing[1].cards),
        complete=run.done == size,
        ms_per_card=(t.timing[0].mean(), t.timing[1].mean()),
        ms_per_card_median=(t.timing[0].median(), t.timing[1].median()),
        jobs=run.jobs,
        elapsed_s=run.elapsed_s,
        worker_retries=run.retries,
        ci_method=_ci_method(study),
        **_deal_figures(study, s),
        **_match_figures(study, s),
    )


# --- the entry point ----------------------------------------------------------------------


def simulate(
    variant: Variant | str | Path = "portugal",
    teams: tuple[int, int] | Sequence[int] = (2, 1),
    *,
    deals: int | None = None,
    matches: int | None = None,
    seed: int | str = 0,
    jobs: int = 1,
    duplicate: bool = True,
    bot_options: BotOptions = None,
    progress: ProgressCallback | None = None,
    checkpoint: str | Path | None = None,
    cluster: str | None = None,
    address: str | None = None,
) -> SimulationReport:
    """Play bots against bots and return the figures.

    `teams` are the bot levels of team 0 and team 1 (see [`make_bot()`][sueca_rules.bots.make_bot]).
    Give `deals` (independent deals, each the first deal of a fresh match) or `matches` (whole
    matches); the default is 100 deals. `seed` makes the run repeatable. `jobs` is the number of
    worker processes (`0`: one per CPU; `1`: run in this process; at most four per CPU); the result
    does not depend on it. `duplicate` plays each deal or match twice with the teams' seats swapped
    (see the module docs). `bot_options` are options for [`make_bot()`][sueca_rules.bots.make_bot],
    either by level (`{4: {"samples": 50}}`) or one mapping per team. `progress(done, total)` is
    called as deals (or matches) finish.

    `checkpoint` is a file that saves progress and that the same call resumes from (see the module
    docs). `cluster="ray"` runs the deals as tasks on the Ray cluster at `address` (the `cluster`
    extra; without an address, a local Ray instance of `jobs` CPUs): the figures are the same as on
    one machine.

    Every argument is checked before the first deal (a `ValueError`). Ctrl-C raises
    [`StudyInterrupted`][sueca_rules.StudyInterrupted] with the report so far.

    Examples:
        >>> report = simulate("portugal", teams=(2, 1), deals=4, seed=1)
        >>> report.deals  # every deal played twice, the teams' seats swapped
        8
        >>> sorted(report.to_dict())[:3]
        ['bandeira_rate', 'bandeira_rate_by_team', 'bot_options']
    """
    return play_study(
        [variant],
        teams,
        report_for,
        deals=deals,
        matches=matches,
        seed=seed,
        jobs=jobs,
        duplicate=duplicate,
        bot_options=bot_options,
        progress=progress,
        checkpoint=checkpoint,
        cluster=cluster,
        address=address,
    )


R = TypeVar("R")


def play_study(
    variants: Sequence[Variant | str | Path],
    teams: object,
    report: Callable[[Study, int, RunResult], R],
    *,
    deals: int | None,
    matches: int | None,
    seed: int | str,
    jobs: int,
    duplicate: bool,
    bot_options: BotOptions,
    progress: ProgressCallback | None,
    checkpoint: str | Path | None,
    cluster: str | None,
    address: str | None,
) -> R:
    """Check every argument, run the study and return `report(study, size, run)` (the body of
    `simulate()` and `compare()`). Ctrl-C raises `StudyInterrupted` with the report of what was
    played."""
    workers = check_jobs(jobs, cluster, address)
    check_function(progress, "progress")
    if checkpoint is not None:
        check_path(checkpoint, "checkpoint")
    study, size = make_study(
        variants,
        teams,
        deals=deals,
        matches=matches,
        seed=seed,
        duplicate=duplicate,
        bot_options=bot_options,
    )
    saver = None
    if checkpoint is not None:
        saver = Checkpoint(Path(checkpoint), study, size)
        saver.check()
    if cluster == "ray":
        from ._ray import require_ray

        require_ray()
    try:
        run = run_study(
            study,
            size,
            jobs=workers,
            cluster=cluster,
            address=address,
            checkpoint=saver,
            progress=progress,
        )
    except Interrupted as exc:
        raise StudyInterrupted(report(study, size, exc.result)) from None
    return report(study, size, run)
