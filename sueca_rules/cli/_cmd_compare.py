"""`sueca compare`: the same duplicate deals under several variants, side by side."""

from __future__ import annotations

import argparse
import math
from typing import TYPE_CHECKING, Final

from ._common import (
    CliError,
    Command,
    check_writable,
    cli_words,
    lang_of,
    load_variant_arg,
    once_from_stdin,
    print_json,
    require_extra,
)
from ._study_options import (
    add_study_options,
    heading,
    number_text,
    run_study_command,
    study_arguments,
    study_keywords,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from .._studies._compare import ComparisonReport, Estimate
    from ._common import HelpWords

__all__ = ["COMMANDS"]


def _arguments(p: argparse.ArgumentParser, said: HelpWords) -> None:
    """The arguments of `sueca compare`."""
    said.arg(p, "variants", meta="variant", nargs="+")
    add_study_options(p, said.lang, "matches")
    said.arg(p, "--all-pairs", action="store_true")
    said.arg(p, "--plot", meta="file_svg")
    said.lang_option(p, "report", "json_picture")


def run_compare(args: argparse.Namespace) -> int:
    lang = lang_of(args)
    require_extra("sueca compare", lang)  # at once, before any work
    from .._studies._compare import compare, compare_words

    if len(args.variants) < 2:
        raise CliError(compare_words(lang)("two_or_more"), status=2)
    once_from_stdin(args.variants, lang)
    variants = [load_variant_arg(v, lang) for v in args.variants]
    unit, size, options = study_arguments(args, "matches")
    if args.plot is not None:
        from .._studies._plot import require_matplotlib

        check_writable(args.plot, "--plot", parents=False, lang=lang)
        try:
            require_matplotlib()
        except ValueError:
            raise CliError(cli_words(lang, "study.no_matplotlib"), status=2) from None

    def call(progress: Callable[[int, int], None] | None) -> ComparisonReport:
        return compare(variants, args.teams, **study_keywords(args, options, progress))

    def show(report: ComparisonReport) -> None:
        if args.plot is not None:
            from .._studies._plot import plot_comparison

            plot_comparison(report, args.plot)
        if args.json:
            print_json(report.to_dict())
        else:
            _print_report(report, args.all_pairs, lang)

    return run_study_command(args, unit, size, call, show, lang)


COMMANDS: Final = (Command("compare", run_compare, _arguments),)
"""`sueca compare` (see `Command`)."""


def _places(row: tuple[Estimate, ...], percent: bool) -> int:
    """The decimals of a row: enough for its narrowest interval."""
    from .._studies._compare import decimals

    halves = [(e.high - e.low) / 2 for e in row if not math.isnan(e.value) and e.high > e.low]
    scale = 100 if percent else 1
    return max(1, decimals(scale * min(halves, default=0.0)) - (1 if percent else 0))


def _value(
    e: Estimate,
    percent: bool,
    places: int,
    lang: str,
    signed: bool = False,
    points: str = " pts",
) -> str:
    """`e` as `value ±half` with `places` decimals in `lang` (a signed rate in `points`)."""
    if math.isnan(e.value):
        return "—" if not signed else ""
    scale = 100 if percent else 1
    half = scale * (e.high - e.low) / 2
    sign = "+" if signed else ""
    unit = (points if signed else "%") if percent else ""
    value = number_text(scale * e.value, f"{sign}.{places}f", lang)
    if not math.isfinite(half):  # one unit: no interval can be measured
        return f"{value}{unit} ±∞"
    return f"{value}{unit} ±{number_text(half, f'.{places}f', lang)}"


def _difference(e: Estimate, percent: bool, places: int, points: str, lang: str) -> str:
    text = _value(e, percent, places, lang, signed=True, points=points)
    if not text:
        return ""
    return f"[bold]{text}[/]" if e.clear else f"[dim]{text}[/]"


def _print_report(r: ComparisonReport, all_pairs: bool = False, lang: str = "en") -> None:
    from rich import box
    from rich.console import Console
    from rich.table import Table

    from .._describe_facts import shown_name
    from .._studies._compare import (
        METRICS,
        compare_words,
        conclusions_in,
        metric_label,
        minutes_model_in,
    )

    w = compare_words(lang)
    names = [shown_name(name, lang) for name in r.variants]
    points = w("points_unit")
    console = Console(highlight=False)
    console.print(heading(w("title", n=len(names)), r, lang))
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.add_column("")
    for k, name in enumerate(names):
        table.add_column(
            name if k == 0 else f"{name}\n{w('versus', base=names[0])}", justify="right"
        )
    shown: set[str] = set()
    for key, metric in METRICS.items():
        if all(math.isnan(e.value) or e.high == 0 for e in r.figures[key]):
            continue  # not measured, or never seen (say, no renúncia claim at all)
        shown.add(key)
        figures, differences = r.figures[key], r.differences[key]
        places = _places(figures, metric.percent)
        row = (_value(e, metric.percent, places, lang) for e in figures)
        table.add_row(metric_label(key, lang), *row)
        places = _places(differences, metric.percent)
        table.add_row(
            "",
            "",
            *(_difference(e, metric.percent, places, points, lang) for e in differences),
            end_section=True,
        )
    console.print(table)
    if r.mode == "matches":
        spans = []
        for name, dist in zip(names, r.distributions, strict=True):
            low, mid, high = dist.summary("deals")
            m_low, m_mid, m_high = dist.summary("minutes")
            spans.append(
                "  "
                + w(
                    "length",
                    name=name,
                    deals=f"{mid:.0f}",
                    low=f"{low:.0f}",
                    high=f"{high:.0f}",
                    minutes=f"{m_mid:.0f}",
                    m_low=f"{m_low:.0f}",
                    m_high=f"{m_high:.0f}",
                )
                if mid is not None
                and m_mid is not None
                and low is not None
                and high is not None
                and m_low is not None
                and m_high is not None
                else "  " + w("no_partida", name=name)
            )
        console.print("\n" + w("lengths") + "\n" + "\n".join(spans))
    console.print()
    conclusions = conclusions_in(r, lang, all_pairs=all_pairs)
    console.print("\n".join(conclusions) if conclusions else w("no_difference"))
    # How the minutes are reckoned, when there are minutes to read (whole matches played).
    model = minutes_model_in(lang) if "minutes_per_partida" in shown else ""
    note = w("note", model=model)
    took = w("took", s=number_text(r.elapsed_s, ".1f", lang))
    console.print(f"[dim]{note}\n{took}[/]")
