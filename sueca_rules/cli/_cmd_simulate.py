"""`sueca simulate`: bots against bots, with win rates, intervals and rule statistics."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from ._common import (
    LEVELS,
    MAX_SAMPLES,
    CliError,
    add_command,
    at_least,
    check_writable,
    load_variant_arg,
    print_json,
    require_extra,
    samples_arg,
    seed_arg,
)

if TYPE_CHECKING:
    from .._simulate import SimulationReport
    from .._studies._compare import ComparisonReport

MAX_DEALS_PER_MATCH = 1000
"""sueca_rules._studies._play.MAX_DEALS_PER_MATCH (checked by the tests), kept here so that
building the parser imports no engine."""

__all__ = [
    "ProgressBar",
    "StopOnTerm",
    "add_study_options",
    "heading",
    "register",
    "run_study_command",
    "study_arguments",
    "study_keywords",
]

T = TypeVar("T")


def teams_arg(text: str) -> tuple[int, int]:
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not two bot levels: write them as A,B (e.g. 2,1)"
        )
    a, b = int(parts[0]), int(parts[1])
    for level in (a, b):
        if level not in LEVELS:
            raise argparse.ArgumentTypeError(
                f"no bot of level {level}: levels are {', '.join(map(str, LEVELS))}"
            )
    return a, b


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


def add_study_options(p: argparse.ArgumentParser, default: str) -> None:
    """The options of a study (simulate and compare): teams, size (`default`: `"deals"` or
    `"matches"`, 100 of them), seed, how it runs, duplicate play, level 4, --json."""
    p.add_argument(
        "--teams",
        type=teams_arg,
        default=(2, 1),
        metavar="A,B",
        help="bot levels (1-5) of team 0 and team 1; default 2,1",
    )
    size = p.add_mutually_exclusive_group()
    for unit, what in (("deals", "independent deals"), ("matches", "whole matches")):
        note = " (default 100)" if unit == default else ""
        size.add_argument(f"--{unit}", type=at_least(1), metavar="N", help=f"play N {what}{note}")
    p.add_argument(
        "--seed",
        type=seed_arg,
        default=0,
        metavar="S",
        help="seed of the cards and bots (default 0)",
    )
    add_run_options(p)
    p.add_argument(
        "--no-duplicate",
        dest="duplicate",
        action="store_false",
        help="play each deal once instead of twice with the seats swapped",
    )
    p.add_argument(
        "--samples",
        type=samples_arg,
        metavar="N",
        help=f"level-4 and level-5 bots: deals imagined before each card, 1 to {MAX_SAMPLES:,} "
        "(default: the bot's own budget)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object for machines")


def add_run_options(p: argparse.ArgumentParser) -> None:
    """The options of how a study runs: jobs, checkpoint and cluster (simulate and compare)."""
    p.add_argument(
        "--jobs",
        type=at_least(0, "0 (every CPU)"),
        default=1,
        metavar="J",
        help="worker processes (default 1; 0 = one per CPU; at most 4 per CPU)",
    )
    p.add_argument(
        "--checkpoint",
        metavar="FILE",
        help="save progress to FILE; the same command resumes from it",
    )
    p.add_argument(
        "--cluster",
        choices=("ray",),
        help="run the deals on a Ray cluster (pip install 'sueca-rules[cluster]')",
    )
    p.add_argument(
        "--address",
        metavar="ADDR",
        help="with --cluster ray: the cluster's address (default: a local Ray instance)",
    )


def bot_options(args: argparse.Namespace) -> dict[int, dict[str, Any]] | None:
    """The bots' options from --samples (a command-line error when no team is level 4 or 5)."""
    if args.samples is None:
        return None
    sampling = [level for level in (4, 5) if level in args.teams]
    if not sampling:
        raise CliError("--samples is for level-4 and level-5 bots, and no team is either", status=2)
    return {level: {"samples": args.samples} for level in sampling}


def check_run_options(args: argparse.Namespace) -> None:
    """Check --jobs, --cluster, --address and --checkpoint before any work."""
    from .._studies._args import check_jobs

    if args.address is not None and args.cluster is None:
        raise CliError("--address is for --cluster ray", status=2)
    try:
        check_jobs(args.jobs, args.cluster, args.address)
    except ValueError as exc:
        raise CliError(f"--jobs: {exc}", status=2) from None
    if args.checkpoint is not None:
        check_writable(args.checkpoint, "--checkpoint", parents=False)


_ONE = {"deals": "deal", "matches": "match"}
"""The singular of each study unit."""


def run_study_command(
    args: argparse.Namespace,
    unit: str,
    total: int,
    call: Callable[[Callable[[int, int], None] | None], T],
    show: Callable[[T], None],
) -> int:
    """Run a study with a progress bar; Ctrl-C or SIGTERM shows the figures so far (and
    saves the checkpoint); a lost worker or a bad checkpoint is one line, not a traceback."""
    from .._errors import ConfigError
    from .._simulate import StudyInterrupted
    from .._studies._work import WorkerLostError

    stop = StopOnTerm()
    try:
        with stop, ProgressBar(unit, total) as progress:
            result = call(progress.update if progress.active else None)
    except StudyInterrupted as exc:
        show(exc.report)
        where = f"; progress saved in {args.checkpoint}" if args.checkpoint else ""
        print(f"interrupted: the figures above are partial{where}", file=sys.stderr)
        return 143 if stop.terminated else 130
    except ConfigError as exc:  # a checkpoint of another study, Ray not installed…
        raise CliError(str(exc), status=2) from None
    except WorkerLostError as exc:
        raise CliError(f"stopped: {exc}", status=1) from None
    show(result)
    retries = getattr(result, "worker_retries", 0)
    if retries:
        print(
            f"note: {retries} worker process{'es were' if retries > 1 else ' was'} lost; "
            "their deals were played again (the figures are unchanged)",
            file=sys.stderr,
        )
    return 0


class StopOnTerm:
    """While active, SIGTERM stops the run like Ctrl-C (the checkpoint is saved and the
    figures so far are shown); workers die with this process in any case."""

    def __init__(self) -> None:
        self.terminated = False
        self._previous: Any = None

    def _handle(self, signum: int, frame: object) -> None:
        self.terminated = True
        raise KeyboardInterrupt

    def __enter__(self) -> StopOnTerm:
        import signal
        import threading

        if threading.current_thread() is threading.main_thread():
            self._previous = signal.signal(signal.SIGTERM, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        import signal

        if self._previous is not None:
            signal.signal(signal.SIGTERM, self._previous)


def run_simulate(args: argparse.Namespace) -> int:
    require_extra("sueca simulate")  # at once, before any work
    from .._simulate import simulate

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


def study_arguments(
    args: argparse.Namespace, default: str
) -> tuple[str, int, dict[int, dict[str, Any]] | None]:
    """Check the study's options before any work; the unit (`deals` or `matches`, else `default`),
    the size and the bots' options. Sets `args.deals`/`args.matches`."""
    options = bot_options(args)
    check_run_options(args)
    if args.deals is None and args.matches is None:
        setattr(args, default, 100)
    unit = "matches" if args.matches is not None else "deals"
    return unit, getattr(args, unit), options


def study_keywords(
    args: argparse.Namespace,
    options: dict[int, dict[str, Any]] | None,
    progress: Callable[[int, int], None] | None,
) -> dict[str, Any]:
    """The keyword arguments of `simulate`/`compare` from the command line."""
    return {
        "deals": args.deals,
        "matches": args.matches,
        "seed": args.seed,
        "jobs": args.jobs,
        "duplicate": args.duplicate,
        "bot_options": options,
        "progress": progress,
        "checkpoint": args.checkpoint,
        "cluster": args.cluster,
        "address": args.address,
    }


class ProgressBar:
    """A rich progress bar on stderr when stderr is a terminal (and nothing otherwise), labelled
    `label` (default: "simulating UNIT").

    It refreshes from the caller's thread only (no refresh thread: the simulation may fork
    worker processes, which does not mix well with threads)."""

    def __init__(self, unit: str, total: int, label: str | None = None) -> None:
        self.unit = unit
        self.total = total
        self.label = f"simulating {unit}" if label is None else label
        self.active = sys.stderr.isatty()
        self._last = 0.0

    def __enter__(self) -> ProgressBar:
        if self.active:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self._bar = Progress(
                TextColumn(self.label),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TextColumn("eta"),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                auto_refresh=False,
                transient=True,
            )
            self._bar.start()
            self._task = self._bar.add_task("simulate", total=self.total)
        return self

    def update(self, done: int, total: int) -> None:
        import time

        now = time.monotonic()
        self._bar.update(self._task, completed=done, total=total)
        if done == total or now - self._last >= 0.1:
            self._last = now
            self._bar.refresh()

    def __exit__(self, *exc: object) -> None:
        if self.active:
            self._bar.stop()


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _interval(ci: tuple[float, float]) -> str:
    return f"{100 * ci[0]:.1f}–{100 * ci[1]:.1f}%"


def _ms(x: float) -> str:
    if x >= 100:
        return f"{x:.0f} ms"
    if x >= 1:
        return f"{x:.1f} ms"
    return f"{x:.3f} ms"


def heading(title: str, r: SimulationReport | ComparisonReport) -> str:
    """The first lines of a study's report: who played, how much, the seed."""
    what = f"{r.size} {r.mode if r.size != 1 else _ONE[r.mode]}"
    if r.duplicate:
        what += ", each played twice with the same cards and the seats swapped"
    if not r.complete:
        what = f"[bold]interrupted[/]: partial figures of {what}"
    return (
        f"[bold]{title}[/]: team 0 (level {r.teams[0]}) against team 1 "
        f"(level {r.teams[1]})\n{what}; seed {r.seed}\n"
    )


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
        per_team.add_row("Match win rate", *(f"[bold]{_pct(x)}[/]" for x in r.match_win_rate))
        per_team.add_row("  95% interval", *(_interval(ci) for ci in r.match_win_rate_ci95))
    per_team.add_row("Deals won", *(str(n) for n in r.deal_wins))
    per_team.add_row("Deal win rate¹", *(f"[bold]{_pct(x)}[/]" for x in r.deal_win_rate))
    per_team.add_row("  95% interval²", *(_interval(ci) for ci in r.deal_win_rate_ci95))
    if r.duplicate_win_rate is not None and r.duplicate_win_rate_ci95 is not None:
        per_team.add_row(
            "Duplicate deals won³", *(f"[bold]{_pct(x)}[/]" for x in r.duplicate_win_rate)
        )
        per_team.add_row("  95% interval", *(_interval(ci) for ci in r.duplicate_win_rate_ci95))
    per_team.add_row("Card points per deal", *(f"{x:.1f}" for x in r.points_mean))
    if r.capote_points is not None:
        per_team.add_row(
            f"Capote ({r.capote_points}+ points)", *(_pct(x) for x in r.capote_rate_by_team)
        )
    per_team.add_row("Bandeira", *(_pct(x) for x in r.bandeira_rate_by_team))
    per_team.add_row("Time per card: mean", *(_ms(x) for x in r.ms_per_card))
    per_team.add_row("               median", *(_ms(x) for x in r.ms_per_card_median))
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
        overall.add_row("Capote", f"{_pct(r.capote_rate)} of deals")
    overall.add_row("Bandeira", f"{_pct(r.bandeira_rate)} of deals")
    overall.add_row("60-60", f"{_pct(r.tie_rate)} of deals ({r.ties})")
    if r.claim_rate:
        overall.add_row(
            "Renúncia claims",
            f"made in {_pct(r.claim_rate)} of deals; {_pct(r.revoke_rate)} ended by one",
        )
    if r.redeal_rate:
        overall.add_row("Redeals", f"{_pct(r.redeal_rate)} of deals dealt (a weak hand)")
    if r.unfinished_matches:
        overall.add_row(
            "Unfinished",
            f"{r.unfinished_matches} matches stopped at {MAX_DEALS_PER_MATCH} deals",
        )
    if r.carried_rate is not None:
        overall.add_row(
            "Carried games", f"{_pct(r.carried_rate)} of deals (won with a 60-60 pending)"
        )
    if r.deals_per_partida is not None:
        overall.add_row("Deals per partida", f"{r.deals_per_partida:.2f}")
    else:
        overall.add_row(
            "Carried games", "[dim]with whole matches only (--matches N), as deals per partida[/]"
        )
    overall.add_row(
        "First leader",
        f"wins {_pct(r.first_leader_win_rate)} of deals "
        f"(95% interval {_interval(r.first_leader_win_rate_ci95)})",
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
