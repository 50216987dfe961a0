"""The picture of a comparison (the `plots` extra: matplotlib, drawn without a display).

Three panels side by side: how many deals the partidas lasted under each variant, how many
minutes of play, and the paired differences of the rates from the first variant with their
95% intervals. The SVG is the same for the same report (no date, fixed element ids).
"""

from __future__ import annotations

import io
import math
from pathlib import Path
from typing import TYPE_CHECKING

from .._files import atomic_write_text
from ._args import config_error
from ._compare import METRICS, ComparisonReport, metric_label

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["plot_comparison", "require_matplotlib"]

_RATES = tuple(name for name, metric in METRICS.items() if metric.percent)
"""The rates of the third panel: the compared figures shown as percentages, in table order."""


def require_matplotlib() -> None:
    """Fail (a configuration error) when matplotlib is not installed."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise config_error("plots need matplotlib: pip install 'sueca-rules[plots]'") from None


def _shares(counts: dict[int, int]) -> tuple[list[int], list[float]]:
    total = sum(counts.values())
    keys = sorted(counts)
    return keys, [counts[k] / total for k in keys]


def _distribution(ax: Axes, report: ComparisonReport, which: str, xlabel: str) -> None:
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of partidas")
    if report.mode != "matches":
        ax.text(0.5, 0.5, "whole matches only\n(--matches N)", ha="center", va="center")
        ax.set_xticks([])
        ax.set_yticks([])
        return
    width = 0.8 / len(report.variants)
    for k, (name, dist) in enumerate(zip(report.variants, report.distributions, strict=True)):
        counts = dist.deals if which == "deals" else dist.minutes
        if not counts:
            continue
        if which == "deals":
            keys, shares = _shares(counts)
            offset = (k - (len(report.variants) - 1) / 2) * width
            ax.bar([x + offset for x in keys], shares, width=width, label=name)
        else:
            # Minutes spread over many values: two-minute bins drawn as steps.
            binned: dict[int, int] = {}
            for minutes, n in counts.items():
                binned[2 * (minutes // 2)] = binned.get(2 * (minutes // 2), 0) + n
            keys, shares = _shares(binned)
            ax.step(keys, shares, where="post", label=name)
    ax.legend(fontsize="small")


def _differences(ax: Axes, report: ComparisonReport) -> None:
    names = report.variants
    ax.axvline(0, color="grey", linewidth=0.8)
    ax.set_xlabel(f"Δ from {names[0]}, percentage points (95% interval)")
    # Rates measured and seen at all (no row of zeros for, say, claims that bots never make).
    rates = [
        r for r in _RATES if not any(math.isnan(e.value) or e.high == 0 for e in report.figures[r])
    ]
    ax.set_yticks(range(len(rates)), [metric_label(r) for r in rates], fontsize="small")
    ax.invert_yaxis()
    spread = 0.6 / max(1, len(names) - 1)
    for k in range(1, len(names)):
        ys, xs, errors = [], [], []
        for i, rate in enumerate(rates):
            d = report.differences[rate][k - 1]
            ys.append(i + (k - 1 - (len(names) - 2) / 2) * spread)
            xs.append(100 * d.value)
            errors.append(100 * (d.high - d.low) / 2)
        ax.errorbar(xs, ys, xerr=errors, fmt="o", capsize=3, label=names[k], color=f"C{k}")
    if rates:
        ax.legend(fontsize="small")


def plot_comparison(report: ComparisonReport, path: str | Path) -> None:
    """Draw `report` as an SVG file at `path` (written atomically)."""
    import matplotlib
    from matplotlib.figure import Figure

    with matplotlib.rc_context({"svg.hashsalt": "sueca-rules", "svg.fonttype": "path"}):
        figure = Figure(figsize=(15, 4.8), layout="constrained")
        left, middle, right = figure.subplots(1, 3)
        _distribution(left, report, "deals", "deals per partida")
        _distribution(middle, report, "minutes", "minutes of play per partida (model)")
        _differences(right, report)
        what = f"{report.size} {report.mode}" + (" in duplicate" if report.duplicate else "")
        figure.suptitle(
            f"{' · '.join(report.variants)}: levels {report.teams[0]} and {report.teams[1]}, "
            f"{what}, seed {report.seed}"
        )
        buffer = io.BytesIO()
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    atomic_write_text(Path(path), buffer.getvalue().decode("utf-8"))
