"""`sueca simulate`: bots against bots, with win rates, intervals and rule statistics (the
options and the run it shares with `sueca compare` are in `._study_options`)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from ._common import Command, cli_words, lang_of, load_variant_arg, print_json, require_extra
from ._study_options import (
    MAX_DEALS_PER_MATCH,
    add_study_options,
    heading,
    interval_text,
    ms_text,
    number_text,
    pct_text,
    run_study_command,
    study_arguments,
    study_keywords,
)

if TYPE_CHECKING:
    from rich.table import Table

    from .._studies._simulate import SimulationReport
    from ._common import HelpWords

__all__ = ["COMMANDS", "MAX_DEALS_PER_MATCH"]


def _arguments(p: argparse.ArgumentParser, said: HelpWords) -> None:
    """The arguments of `sueca simulate`."""
    said.shared(p, "variant")
    said.lang_option(p, "report", "json")
    add_study_options(p, said.lang, "deals")


def run_simulate(args: argparse.Namespace) -> int:
    lang = lang_of(args)
    require_extra("sueca simulate", lang)  # at once, before any work
    from .._studies._simulate import simulate

    variant = load_variant_arg(args.variant, lang)
    unit, size, options = study_arguments(args, "deals")

    def call(progress: Callable[[int, int], None] | None) -> SimulationReport:
        return simulate(variant, args.teams, **study_keywords(args, options, progress))

    def show(report: SimulationReport) -> None:
        if args.json:
            print_json(report.to_dict())
        else:
            _print_report(report, lang)

    return run_study_command(args, unit, size, call, show, lang)


COMMANDS: Final = (Command("simulate", run_simulate, _arguments),)
"""`sueca simulate` (see `Command`)."""


def _print_report(r: SimulationReport, lang: str = "en") -> None:
    from rich import box
    from rich.console import Console
    from rich.table import Table

    from .._describe_facts import shown_name

    def w(key: str, **params: str | int) -> str:
        return cli_words(lang, f"sim.{key}", **params)

    def pct(x: float) -> str:
        return pct_text(x, lang)

    def interval(ci: tuple[float, float]) -> str:
        return interval_text(ci, lang)

    console = Console(highlight=False)
    console.print(heading(shown_name(r.variant, lang), r, lang))
    per_team = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    per_team.add_column("")
    for team in (0, 1):
        per_team.add_column(w("team", team=team, level=r.teams[team]), justify="right")
    if r.match_win_rate is not None and r.match_win_rate_ci95 is not None:
        per_team.add_row(w("matches_won"), *(str(n) for n in r.match_wins))
        per_team.add_row(w("match_rate"), *(f"[bold]{pct(x)}[/]" for x in r.match_win_rate))
        per_team.add_row(w("interval"), *(interval(ci) for ci in r.match_win_rate_ci95))
    per_team.add_row(w("deals_won"), *(str(n) for n in r.deal_wins))
    per_team.add_row(w("deal_rate"), *(f"[bold]{pct(x)}[/]" for x in r.deal_win_rate))
    per_team.add_row(w("interval") + "²", *(interval(ci) for ci in r.deal_win_rate_ci95))
    if r.duplicate_win_rate is not None and r.duplicate_win_rate_ci95 is not None:
        per_team.add_row(w("duplicate"), *(f"[bold]{pct(x)}[/]" for x in r.duplicate_win_rate))
        per_team.add_row(w("interval"), *(interval(ci) for ci in r.duplicate_win_rate_ci95))
    per_team.add_row(w("points"), *(number_text(x, ".1f", lang) for x in r.points_mean))
    if r.capote_points is not None:
        capote = w("capote", points=r.capote_points)
        per_team.add_row(capote, *(pct(x) for x in r.capote_rate_by_team))
    per_team.add_row("Bandeira", *(pct(x) for x in r.bandeira_rate_by_team))
    per_team.add_row(w("time_mean"), *(ms_text(x, lang) for x in r.ms_per_card))
    per_team.add_row(w("time_median"), *(ms_text(x, lang) for x in r.ms_per_card_median))
    console.print(per_team)
    console.print()
    console.print(_overall(r, w, lang))
    console.print()
    console.print(_verdict(r, w))
    how = "duplicate" if r.duplicate else r.mode
    method = r.ci_method if lang == "en" else w("method", how=how)  # the report's own words
    notes = w("note_tie", method=method) + "\n"
    if r.duplicate_win_rate is not None:
        notes += w("note_duplicate") + "\n"
    took = w("took", s=number_text(r.elapsed_s, ".1f", lang), jobs=r.jobs)
    console.print(f"[dim]{notes}{took}[/]")


def _overall(r: SimulationReport, w: Callable[..., str], lang: str) -> Table:
    """The figures of the whole study, a row each."""
    from rich.table import Table

    def pct(x: float) -> str:
        return pct_text(x, lang)

    def signed(x: float) -> str:
        return number_text(x, "+.1f", lang)

    overall = Table.grid(padding=(0, 2))
    overall.add_column()
    overall.add_column()
    played = w("played_matches", deals=r.deals, matches=r.matches) if r.matches else str(r.deals)
    if not r.matches and r.duplicate:
        played += f" ({r.size} × 2)"
    overall.add_row(w("deals_played"), played)
    lo, hi = r.point_margin_ci95
    margin = w("margin_value", m=signed(r.point_margin), lo=signed(lo), hi=signed(hi))
    overall.add_row(w("margin"), margin)
    if r.capote_points is not None:
        overall.add_row("Capote", w("of_deals", rate=pct(r.capote_rate)))
    overall.add_row("Bandeira", w("of_deals", rate=pct(r.bandeira_rate)))
    overall.add_row("60-60", w("of_deals", rate=pct(r.tie_rate)) + f" ({r.ties})")
    if r.claim_rate:
        claims = w("claims_value", rate=pct(r.claim_rate), ended=pct(r.revoke_rate))
        overall.add_row(w("claims"), claims)
    if r.redeal_rate:
        overall.add_row(w("redeals"), w("redeals_value", rate=pct(r.redeal_rate)))
    if r.unfinished_matches:
        unfinished = w("unfinished_value", n=r.unfinished_matches, most=MAX_DEALS_PER_MATCH)
        overall.add_row(w("unfinished"), unfinished)
    if r.carried_rate is not None:
        overall.add_row(w("carried"), w("carried_value", rate=pct(r.carried_rate)))
    if r.deals_per_partida is not None:
        overall.add_row(w("per_partida"), number_text(r.deals_per_partida, ".2f", lang))
    else:
        overall.add_row(w("carried"), f"[dim]{w('carried_none')}[/]")
    leader = w(
        "leader_value",
        rate=pct(r.first_leader_win_rate),
        interval=interval_text(r.first_leader_win_rate_ci95, lang),
    )
    overall.add_row(w("leader"), leader)
    return overall


def _verdict(r: SimulationReport, w: Callable[..., str]) -> str:
    if r.match_win_rate_ci95 is not None:
        (lo, hi), _ = r.match_win_rate_ci95
        unit = "matches"
    else:
        (lo, hi), _ = r.deal_win_rate_ci95
        unit = "deals"
    if lo > 0.5:
        return w("stronger", team=0, level=r.teams[0], unit=unit)
    if hi < 0.5:
        return w("stronger", team=1, level=r.teams[1], unit=unit)
    return w("no_difference", unit=unit)
