"""`sueca simulate`: bots against bots, with win rates, intervals and rule statistics (the
options and the run it shares with `sueca compare` are in `._study_options`)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING

from ._common import add_command, load_variant_arg, print_json, require_extra
from ._study_options import (
    MAX_DEALS_PER_MATCH,
    add_study_options,
    heading,
    interval_text,
    ms_text,
    pct_text,
    run_study_command,
    study_arguments,
    study_keywords,
)

if TYPE_CHECKING:
    from .._studies._simulate import SimulationReport

__all__ = ["MAX_DEALS_PER_MATCH", "register"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(
        subparsers,
        "simulate",
        run_simulate,
        help="play bots against bots and report win rates and rule statistics",
        description=(
            "Play two teams of bots against each other under a variant and report deal (and\n"
            "match) win rates with 95% intervals, point margins, how often capote, bandeira,\n"
            "60-60 and carried games happen, the first leader's advantage and the time per\n"
            "card. Team 0 is the first level of --teams, team 1 the second.\n"
            "\n"
            "By default every deal is played twice with the same cards, the teams' seats\n"
            "swapped (duplicate play), so the luck of the cards cancels out; the intervals\n"
            "are then paired, over the pairs. Runs are repeatable (--seed) and give the same\n"
            "figures whatever --jobs is (except the timings).\n"
            "\n"
            "Ctrl-C prints the figures so far. With --checkpoint FILE progress is saved to\n"
            "FILE, and the same command run again resumes where it stopped and ends with\n"
            "exactly the figures of a run that was never stopped. --cluster ray runs the\n"
            "deals on a Ray cluster (pip install 'sueca-rules[cluster]').\n"
            "\n"
            "examples:\n"
            "  sueca simulate portugal --teams 2,1 --deals 1000 --jobs 0\n"
            "  sueca simulate sueca-play --teams 4,3 --matches 20 --samples 60 --json\n"
            "  sueca simulate portugal --deals 1000000 --jobs 0 --checkpoint run.json\n"
            "  sueca simulate portugal --teams 4,3 --deals 10000 --cluster ray --address auto"
        ),
    )
    p.add_argument("variant", metavar="VARIANT", help="a built-in variant id or a variant file")
    add_study_options(p, "deals")


def run_simulate(args: argparse.Namespace) -> int:
    require_extra("sueca simulate")  # at once, before any work
    from .._studies._simulate import simulate

    variant = load_variant_arg(args.variant)
    unit, size, options = study_arguments(args, "deals")

    def call(progress: Callable[[int, int], None] | None) -> SimulationReport:
        return simulate(variant, args.teams, **study_keywords(args, options, progress))

    def show(report: SimulationReport) -> None:
        if args.json:
            print_json(report.to_dict())
        else:
            _print_report(report)

    return run_study_command(args, unit, size, call, show)


def _print_report(r: SimulationReport) -> None:
    from rich import box
    from rich.console import Console
    from rich.table import Table

    console = Console(highlight=False)
    console.print(heading(r.variant, r))
    per_team = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    per_team.add_column("")
    per_team.add_column(f"team 0 · level {r.teams[0]}", justify="right")
    per_team.add_column(f"team 1 · level {r.teams[1]}", justify="right")
    if r.match_win_rate is not None and r.match_win_rate_ci95 is not None:
        per_team.add_row("Matches won", *(str(n) for n in r.match_wins))
        per_team.add_row("Match win rate", *(f"[bold]{pct_text(x)}[/]" for x in r.match_win_rate))
        per_team.add_row("  95% interval", *(interval_text(ci) for ci in r.match_win_rate_ci95))
    per_team.add_row("Deals won", *(str(n) for n in r.deal_wins))
    per_team.add_row("Deal win rate¹", *(f"[bold]{pct_text(x)}[/]" for x in r.deal_win_rate))
    per_team.add_row("  95% interval²", *(interval_text(ci) for ci in r.deal_win_rate_ci95))
    if r.duplicate_win_rate is not None and r.duplicate_win_rate_ci95 is not None:
        per_team.add_row(
            "Duplicate deals won³", *(f"[bold]{pct_text(x)}[/]" for x in r.duplicate_win_rate)
        )
        per_team.add_row("  95% interval", *(interval_text(ci) for ci in r.duplicate_win_rate_ci95))
    per_team.add_row("Card points per deal", *(f"{x:.1f}" for x in r.points_mean))
    if r.capote_points is not None:
        per_team.add_row(
            f"Capote ({r.capote_points}+ points)", *(pct_text(x) for x in r.capote_rate_by_team)
        )
    per_team.add_row("Bandeira", *(pct_text(x) for x in r.bandeira_rate_by_team))
    per_team.add_row("Time per card: mean", *(ms_text(x) for x in r.ms_per_card))
    per_team.add_row("               median", *(ms_text(x) for x in r.ms_per_card_median))
    console.print(per_team)
    console.print()

    overall = Table.grid(padding=(0, 2))
    overall.add_column()
    overall.add_column()
    played = str(r.deals)
    if r.matches:
        played += f" in {r.matches} matches"
    elif r.duplicate:
        played += f" ({r.size} × 2)"
    overall.add_row("Deals played", played)
    lo, hi = r.point_margin_ci95
    overall.add_row(
        "Point margin",
        f"{r.point_margin:+.1f} per deal for team 0 (95% interval {lo:+.1f} to {hi:+.1f})",
    )
    if r.capote_points is not None:
        overall.add_row("Capote", f"{pct_text(r.capote_rate)} of deals")
    overall.add_row("Bandeira", f"{pct_text(r.bandeira_rate)} of deals")
    overall.add_row("60-60", f"{pct_text(r.tie_rate)} of deals ({r.ties})")
    if r.claim_rate:
        overall.add_row(
            "Renúncia claims",
            f"made in {pct_text(r.claim_rate)} of deals; {pct_text(r.revoke_rate)} ended by one",
        )
    if r.redeal_rate:
        overall.add_row("Redeals", f"{pct_text(r.redeal_rate)} of deals dealt (a weak hand)")
    if r.unfinished_matches:
        overall.add_row(
            "Unfinished",
            f"{r.unfinished_matches} matches stopped at {MAX_DEALS_PER_MATCH} deals",
        )
    if r.carried_rate is not None:
        overall.add_row(
            "Carried games", f"{pct_text(r.carried_rate)} of deals (won with a 60-60 pending)"
        )
    if r.deals_per_partida is not None:
        overall.add_row("Deals per partida", f"{r.deals_per_partida:.2f}")
    else:
        overall.add_row(
            "Carried games", "[dim]with whole matches only (--matches N), as deals per partida[/]"
        )
    overall.add_row(
        "First leader",
        f"wins {pct_text(r.first_leader_win_rate)} of deals "
        f"(95% interval {interval_text(r.first_leader_win_rate_ci95)})",
    )
    console.print(overall)
    console.print()
    console.print(_verdict(r))
    jobs = f"{r.jobs} job{'s' if r.jobs != 1 else ''}"
    notes = f"¹ A 60-60 counts half to each team. ² {r.ci_method}.\n"
    if r.duplicate_win_rate is not None:
        notes += "³ Both plays of the same cards: over 120 of the 240 points wins, 120 is half.\n"
    console.print(f"[dim]{notes}Took {r.elapsed_s:.1f} s with {jobs}.[/]")


def _verdict(r: SimulationReport) -> str:
    if r.match_win_rate_ci95 is not None:
        (lo, hi), _ = r.match_win_rate_ci95
        unit = "matches"
    else:
        (lo, hi), _ = r.deal_win_rate_ci95
        unit = "deals"
    a, b = (f"team 0 (level {r.teams[0]})", f"team 1 (level {r.teams[1]})")
    if lo > 0.5:
        return f"{a.capitalize()} is stronger: it wins more than half the {unit} (95% confidence)."
    if hi < 0.5:
        return f"{b.capitalize()} is stronger: it wins more than half the {unit} (95% confidence)."
    return (
        f"No clear difference: the 95% interval of the {unit} won includes 50%; "
        "play more to tell the teams apart."
    )
