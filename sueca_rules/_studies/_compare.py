"""Comparing variants: the same duplicate deals (or matches) under each, by the same bots.

Unit `k` of a comparison is dealt from the same seed under every variant, with the same bots in the
same seats, so the differences between variants are *paired*: the luck of the cards is the same on
both sides and cancels out of the difference. Each figure is a ratio of two sums over the units
(ties per deal, deals per partida…); its 95% interval, and that of its difference from the first
variant, come from the delta method over the units (the duplicate pairs), see `ratio_difference()`.
A difference is *clear* when its interval leaves out zero.
"""

from __future__ import annotations

import functools
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from .._lang import check_lang, decimal, game_catalogue
from .._lang._catalogue import Catalogue, load_catalogue
from .._public import public
from .._text import cut
from ._play import SECONDS_PER_CARD, SECONDS_PER_DEAL, Mode, Study
from ._stats import ratio_difference
from ._summary import RATIOS, StudySummary
from ._work import ProgressCallback

if TYPE_CHECKING:
    from .._variant import Variant
    from ._args import BotOptions
    from ._simulate import SimulationReport
    from ._work import RunResult

__all__ = [
    "METRICS",
    "ComparisonReport",
    "Distribution",
    "Estimate",
    "Metric",
    "build_report",
    "compare",
    "compare_words",
    "conclusions_in",
    "decimals",
    "metric_label",
    "minutes_model_in",
]


class Metric(NamedTuple):
    """How a compared figure is shown. Its name in a table and the sentences of a clear increase
    or decrease are words of the `compare` catalogue (`metric_label()`, `conclusions_in()`)."""

    percent: bool
    """Shown as a percentage (a rate) rather than a number."""


METRICS: Final[dict[str, Metric]] = {
    "games_per_deal": Metric(False),
    "deals_per_partida": Metric(False),
    "minutes_per_partida": Metric(False),
    "tie_rate": Metric(True),
    "capote_rate": Metric(True),
    "bandeira_rate": Metric(True),
    "revoke_rate": Metric(True),
    "claim_rate": Metric(True),
    "redeal_rate": Metric(True),
    "stronger_team_match_rate": Metric(True),
    "first_leader_edge": Metric(True),
}
"""The compared figures (the keys of `RATIOS`), in table order."""


MIN_DIFFERING: Final = 10
"""A difference between two variants is clear only if at least this many units (duplicate
pairs) differ under them: the normal approximation means little for a handful of rare
events, such as one bandeira more in 40,000 deals."""


class Estimate(NamedTuple):
    """A figure with its 95% interval (NaN when there was nothing to measure)."""

    value: float
    low: float
    high: float
    differing: int | None = None
    """For a difference between two variants: the units in which they differed."""

    @property
    def clear(self) -> bool:
        """Whether the interval leaves out zero (for a difference: a clear difference, seen in at
        least `MIN_DIFFERING` units)."""
        enough = self.differing is None or self.differing >= MIN_DIFFERING
        return enough and (self.low > 0 or self.high < 0)


@dataclass(frozen=True, slots=True)
class Distribution:
    """How long finished partidas lasted under one variant: counts by length."""

    deals: dict[int, int]
    """Partidas by number of deals."""
    minutes: dict[int, int]
    """Partidas by modelled minutes of play (rounded to the minute)."""

    @staticmethod
    def quantile(counts: dict[int, int], q: float) -> float | None:
        """The `q` quantile (0-1) of a histogram (`None` when empty)."""
        total = sum(counts.values())
        if not total:
            return None
        seen = 0
        for value in sorted(counts):
            seen += counts[value]
            if seen >= q * total:
                return float(value)
        return float(max(counts))  # pragma: no cover - rounding

    def summary(self, which: str) -> tuple[float | None, float | None, float | None]:
        """The 10th, 50th and 90th percentiles of `"deals"` or `"minutes"`."""
        counts = self.deals if which == "deals" else self.minutes
        return tuple(self.quantile(counts, q) for q in (0.1, 0.5, 0.9))  # type: ignore[return-value]


@public
@dataclass(frozen=True, slots=True)
class ComparisonReport:
    """The figures of a comparison of variants (see [`compare()`][sueca_rules.compare])."""

    variants: tuple[str, ...]
    """The variants' display names, the first being the one the others are compared with."""
    teams: tuple[int, int]
    """The bot levels of team 0 and team 1 (the same under every variant)."""
    mode: Mode
    """`"matches"`: whole matches (every figure); `"deals"`: independent deals (no partida or match
    figures)."""
    size: int
    """Matches (or deals) asked for, each played under every variant (twice in duplicate)."""
    duplicate: bool
    """Whether each was played twice with the same cards, the teams' seats swapped."""
    seed: int | str
    """The seed of the cards and the bots."""
    figures: dict[str, tuple[Estimate, ...]]
    """For each figure of `METRICS`, its estimate under each variant: a rate as a fraction
    (`first_leader_edge`: the first leader's deal win rate minus ½, a 60-60 counting half),
    `minutes_per_partida` under the model of
    [`minutes_model`][sueca_rules.ComparisonReport.minutes_model]. Figures that a run cannot measure
    (partidas in deals mode; the stronger team when both teams are of the same level) are NaN."""
    differences: dict[str, tuple[Estimate, ...]]
    """For each figure, the paired difference of each variant after the first from the first
    (`variants[1] - variants[0]`…), with its 95% interval."""
    pairwise: dict[str, dict[tuple[int, int], Estimate]]
    """For each figure, the paired difference of every pair of variants `(i, j)`, `i < j`: variant
    `j` minus variant `i` (the same cards, so any two can be compared)."""
    distributions: tuple[Distribution, ...]
    """The length of the finished partidas under each variant (empty in deals mode)."""
    conclusions: tuple[str, ...]
    """The clear differences from the first variant, in words."""
    pair_conclusions: tuple[str, ...]
    """The clear differences between every two variants, in words."""
    reports: tuple[SimulationReport, ...]
    """Each variant's full simulation report (win rates, margins, timings…)."""
    minutes_model: str
    """How minutes of play are modelled from the deals and cards played."""
    complete: bool
    """`False` for the report of a run interrupted before its end."""
    jobs: int
    """Worker processes used (the figures do not depend on it)."""
    elapsed_s: float
    """Wall-clock time of the run."""

    def conclusions_in(
        self, lang: str, *, all_pairs: bool = False, names: Sequence[str] | None = None
    ) -> tuple[str, ...]:
        """The clear differences in words of `lang` (`"en"` or `"pt"`): each variant against the
        first, or every two variants (`all_pairs`). The variants are named `names`, by default
        as `lang` says the built-ins ("Regras francesas"). In English these are `conclusions` and
        `pair_conclusions`."""
        return conclusions_in(self, lang, names=names, all_pairs=all_pairs)

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data: estimates as `{"value", "low", "high"}` (NaN, and the
        infinite bounds of a study of one unit, as `null`: JSON has neither), histograms as
        `{length: count}`."""
        from ._simulate import plain

        def estimate(e: Estimate) -> dict[str, float | None]:
            out: dict[str, float | None] = {
                k: round(v, 6) if math.isfinite(v) else None
                for k, v in (("value", e.value), ("low", e.low), ("high", e.high))
            }
            if e.differing is not None:
                out["differing"] = e.differing
            return out

        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in ("figures", "differences"):
                value = {k: [estimate(e) for e in v] for k, v in value.items()}
            elif f.name == "pairwise":
                value = {
                    k: [{"from": i, "to": j, **estimate(e)} for (i, j), e in v.items()]
                    for k, v in value.items()
                }
            elif f.name == "distributions":
                value = [{"deals": _keys(d.deals), "minutes": _keys(d.minutes)} for d in value]
            elif f.name == "reports":
                value = [r.to_dict() for r in value]
            out[f.name] = plain(value)
        return out


def _keys(counts: dict[int, int]) -> dict[str, int]:
    return {str(k): n for k, n in sorted(counts.items())}


MINUTES_MODEL: Final = (
    f"{SECONDS_PER_CARD} s a card played and {SECONDS_PER_DEAL} s a deal for shuffling, "
    "dealing and counting"
)
"""How minutes are modelled, in English (the report's `minutes_model`; `minutes_model_in()`)."""


def minutes_model_in(lang: str) -> str:
    """How minutes of play are modelled, in `lang`."""
    return compare_words(lang)("minutes_model", card=SECONDS_PER_CARD, deal=SECONDS_PER_DEAL)


def decimals(spread: float) -> int:
    """Decimals enough to show `spread` with two significant digits (2 to 4)."""
    if spread <= 0 or not math.isfinite(spread):  # no interval to measure (one deal): inf
        return 2
    return max(2, min(4, 1 - math.floor(math.log10(spread))))


def compare_words(lang: str = "en") -> Catalogue:
    """The words of a comparison in `lang` (`catalogues/<lang>/compare.json`), read once."""
    return _compare_words(check_lang(lang))


@functools.cache
def _compare_words(lang: str) -> Catalogue:
    return load_catalogue(lang, "compare")


def metric_label(name: str, lang: str = "en") -> str:
    """The name of figure `name` (a key of `METRICS`) in a table, in `lang`."""
    return compare_words(lang)(f"metric.{name}")


def _sentence(
    name: str,
    names: Sequence[str],
    pair: tuple[int, int],
    figures: dict[str, tuple[Estimate, ...]],
    d: Estimate,
    words: Catalogue,
) -> str:
    """A clear difference `d` of figure `name` between variants `pair = (i, j)` in `words`: how
    variant `j` differs from variant `i`."""
    metric = METRICS[name]
    i, j = pair
    a, b = figures[name][i], figures[name][j]
    scale = 100 if metric.percent else 1
    half = scale * (d.high - d.low) / 2
    places = max(decimals(half) - (1 if metric.percent else 0), 1)

    def number(x: float, unit: str = "") -> str:
        return decimal(game_catalogue(words.lang), x, f".{places}f") + unit

    def points(x: float) -> str:
        return words("points", n=number(x)) if metric.percent else number(x)

    unit = "%" if metric.percent else ""
    text = words(f"{'more' if d.value > 0 else 'less'}.{name}", d=points(scale * abs(d.value)))
    return words(
        "sentence",
        other=names[j],
        text=text,
        b=number(scale * b.value, unit),
        a=number(scale * a.value, unit),
        base=names[i],
        half=points(half),
    )


def conclusions_in(
    report: ComparisonReport,
    lang: str = "en",
    *,
    names: Sequence[str] | None = None,
    all_pairs: bool = False,
) -> tuple[str, ...]:
    """The clear differences of `report` in words of `lang`: each variant against the first, or
    every two variants (`all_pairs`), naming the variants `names` (by default, the report's
    names as `lang` says them: "Regras francesas"). In English they are the report's
    `conclusions` and `pair_conclusions`."""
    from .._describe_facts import shown_name

    return _conclusions(
        [shown_name(name, lang) for name in report.variants] if names is None else names,
        report.figures,
        report.pairwise,
        first_only=not all_pairs,
        words=compare_words(lang),
    )


def _conclusions(
    names: Sequence[str],
    figures: dict[str, tuple[Estimate, ...]],
    pairwise: dict[str, dict[tuple[int, int], Estimate]],
    first_only: bool,
    words: Catalogue,
) -> tuple[str, ...]:
    """The clear differences in `words`: each variant against the first, or every pair."""
    out = []
    for i, j in pairwise[next(iter(pairwise))]:
        if first_only and i != 0:
            continue
        for name in METRICS:
            d = pairwise[name][(i, j)]
            if d.clear and not math.isnan(d.value):
                out.append(_sentence(name, names, (i, j), figures, d, words))
    return tuple(out)


def _estimate(e: tuple[float, float, float], differing: int | None = None) -> Estimate:
    return Estimate(e[0], e[1], e[2], differing)


_MATCHES_ONLY: Final = ("deals_per_partida", "minutes_per_partida", "stronger_team_match_rate")


def _estimates(
    summary: StudySummary, n_variants: int, stronger: int | None
) -> tuple[dict[str, tuple[Estimate, ...]], dict[str, dict[tuple[int, int], Estimate]]]:
    """Each figure under each variant, and the paired difference of every pair of variants `(i, j)`,
    `i < j` (variant `j` minus variant `i`)."""
    figures: dict[str, tuple[Estimate, ...]] = {}
    pairwise: dict[str, dict[tuple[int, int], Estimate]] = {}
    nan = Estimate(math.nan, math.nan, math.nan)
    pairs = [(i, j) for i in range(n_variants) for j in range(i + 1, n_variants)]
    for name in RATIOS:
        cross = summary.cross[name]
        if (
            not cross.n
            or (name == "stronger_team_match_rate" and stronger is None)
            or (name in _MATCHES_ONLY and summary.mode != "matches")
        ):
            figures[name] = (nan,) * n_variants
            pairwise[name] = dict.fromkeys(pairs, nan)
            continue
        figures[name] = tuple(
            _estimate(ratio_difference(cross.n, cross.sums, cross.products, 2 * v, None))
            for v in range(n_variants)
        )
        pairwise[name] = {
            (i, j): _estimate(
                ratio_difference(cross.n, cross.sums, cross.products, 2 * j, 2 * i),
                cross.differing[i][j],
            )
            for i, j in pairs
        }
    return figures, pairwise


def build_report(
    study: Study,
    size: int,
    summary: StudySummary,
    reports: Sequence[SimulationReport],
    *,
    complete: bool,
    jobs: int,
    elapsed_s: float,
) -> ComparisonReport:
    """The comparison report of a study's summary."""
    names = _names(study)
    figures, pairwise = _estimates(summary, len(names), study.stronger)
    differences = {
        name: tuple(between[(0, k)] for k in range(1, len(names)))
        for name, between in pairwise.items()
    }
    return ComparisonReport(
        variants=names,
        teams=study.teams,
        mode=study.mode,
        size=size,
        duplicate=study.duplicate,
        seed=study.seed,
        figures=figures,
        differences=differences,
        distributions=tuple(
            Distribution(dict(s.partida_deals), dict(s.partida_minutes)) for s in summary.variants
        ),
        pairwise=pairwise,
        conclusions=_conclusions(names, figures, pairwise, True, compare_words()),
        pair_conclusions=_conclusions(names, figures, pairwise, False, compare_words()),
        reports=tuple(reports),
        minutes_model=MINUTES_MODEL,
        complete=complete,
        jobs=jobs,
        elapsed_s=elapsed_s,
    )


def _names(study: Study) -> tuple[str, ...]:
    """The variants' names, numbered when two are the same."""
    names = [v.name for v in study.variants]
    return tuple(
        f"{name} ({i + 1})" if names.count(name) > 1 else name for i, name in enumerate(names)
    )


def compare(
    variants: Sequence[Variant | str | Path],
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
) -> ComparisonReport:
    """Play the same duplicate matches (or deals) under each of `variants` with the same bots, and
    compare: games per deal, deals and minutes of play per partida (and their distributions), how
    often a deal is a 60-60, a capote, a bandeira or ended by a renúncia claim, how often the
    stronger team wins the match, and the first leader's edge, each with its 95% interval and its
    paired difference from the first variant.

    The arguments are those of [`simulate()`][sueca_rules.simulate] (the default is 100 matches:
    partidas and matches are measured only with whole matches); unit `k` is dealt from the same seed
    under every variant. Ctrl-C raises [`StudyInterrupted`][sueca_rules.StudyInterrupted] with the
    report so far.

    Examples:
        >>> report = compare(["portugal", "sueca-online"], matches=2, seed=1)
        >>> report.variants
        ('Portugal', 'Sueca Online')
        >>> sorted(report.figures)[:2]
        ['bandeira_rate', 'capote_rate']
    """
    from ._args import config_error
    from ._simulate import play_study, report_for

    if (
        isinstance(variants, str | bytes | os.PathLike)
        or not isinstance(variants, Sequence)
        or len(variants) < 2
    ):
        raise config_error(
            f"compare needs a list of two variants or more, not {cut(repr(variants))}"
        )

    def report(study: Study, size: int, run: RunResult) -> ComparisonReport:
        reports = [report_for(study, size, run, v) for v in range(len(study.variants))]
        return build_report(
            study,
            size,
            run.summary,
            reports,
            complete=run.done == size,
            jobs=run.jobs,
            elapsed_s=run.elapsed_s,
        )

    return play_study(
        variants,
        teams,
        report,
        deals=deals,
        matches=100 if deals is None and matches is None else matches,
        seed=seed,
        jobs=jobs,
        duplicate=duplicate,
        bot_options=bot_options,
        progress=progress,
        checkpoint=checkpoint,
        cluster=cluster,
        address=address,
    )
