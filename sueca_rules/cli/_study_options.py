"""The options and the run of a study, shared by `sueca simulate` and `sueca compare`: sizes,
seeds, jobs, checkpoints, Ray, the progress bar, Ctrl-C and SIGTERM, and the report's heading."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from .._text import is_whole
from ._common import (
    LEVELS,
    MAX_SAMPLES,
    ArgRefusal,
    CliError,
    at_least,
    check_writable,
    cli_words,
    grouped_number,
    help_words,
    in_range,
    lang_of,
    samples_arg,
    seed_arg,
)
from ._signals import StopOnTerm

if TYPE_CHECKING:
    from .._studies._compare import ComparisonReport
    from .._studies._simulate import SimulationReport
    from .._studies._work import WorkerLostError

MAX_DEALS_PER_MATCH = 1000
"""sueca_rules._studies._play.MAX_DEALS_PER_MATCH (checked by the tests), kept here so that
building the parser imports no engine."""
MAX_STUDY_DEALS = 10_000_000
"""The most `--deals` a study on the command line plays: ten million level-1 deals take hours of
CPU (a million, about 17 minutes on one core), and more would run for days."""
MAX_STUDY_MATCHES = 1_000_000
"""The most `--matches` a study on the command line plays: a match is a few deals to a few
dozen, so a million matches is as much play as the most deals or more."""

__all__ = [
    "MAX_DEALS_PER_MATCH",
    "MAX_STUDY_DEALS",
    "MAX_STUDY_MATCHES",
    "ProgressBar",
    "add_study_options",
    "heading",
    "interval_text",
    "ms_text",
    "number_text",
    "pct_text",
    "run_study_command",
    "study_arguments",
    "study_keywords",
]

T = TypeVar("T")


def teams_arg(text: str) -> tuple[int, int]:
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2 or not all(is_whole(p) for p in parts):
        raise ArgRefusal("not_teams", q=repr(text))
    a, b = int(parts[0]), int(parts[1])
    for level in (a, b):
        if level not in LEVELS:
            raise ArgRefusal("no_level", level=level, levels=", ".join(map(str, LEVELS)))
    return a, b


def add_study_options(p: argparse.ArgumentParser, lang: str, default: str) -> None:
    """The options of a study (simulate and compare): teams, size (`default`: `"deals"` or
    `"matches"`, 100 of them), seed, how it runs, duplicate play, level 4, --json; their help in
    `lang`."""
    said = help_words(lang, "study")
    p.add_argument("--teams", type=teams_arg, default=(2, 1), metavar="A,B", help=said("teams"))
    size = p.add_mutually_exclusive_group()
    for unit, cap in (("deals", MAX_STUDY_DEALS), ("matches", MAX_STUDY_MATCHES)):
        note = said("default_100") if unit == default else ""
        size.add_argument(
            f"--{unit}",
            type=in_range(1, cap),
            metavar="N",
            help=said(unit, most=grouped_number(lang, cap)) + note,
        )
    said.arg(p, "--seed", type=seed_arg, default=0)
    add_run_options(p, lang)
    said.arg(p, "--no-duplicate", dest="duplicate", action="store_false")
    most = grouped_number(lang, MAX_SAMPLES)
    said.arg(p, "--samples", params={"most": most}, type=samples_arg)
    said.json_option(p, "object")


def add_run_options(p: argparse.ArgumentParser, lang: str) -> None:
    """The options of how a study runs: jobs, checkpoint and cluster (simulate and compare), their
    help in `lang`."""
    said = help_words(lang, "study")
    said.arg(p, "--jobs", type=at_least(0, "every_cpu"), default=1)
    said.arg(p, "--checkpoint", meta="file")
    p.add_argument("--cluster", choices=("ray",), help=said("cluster"))
    said.arg(p, "--address", meta="addr")


def bot_options(args: argparse.Namespace) -> dict[int, dict[str, Any]] | None:
    """The bots' options from --samples (a command-line error when no team is level 4 or 5)."""
    if args.samples is None:
        return None
    sampling = [level for level in (4, 5) if level in args.teams]
    if not sampling:
        raise CliError(cli_words(lang_of(args), "study.samples_levels"), status=2)
    return {level: {"samples": args.samples} for level in sampling}


def check_run_options(args: argparse.Namespace) -> None:
    """Check --jobs, --cluster, --address and --checkpoint before any work."""
    from .._studies._args import check_jobs, max_jobs

    lang = lang_of(args)
    if args.address is not None and args.cluster is None:
        raise CliError(cli_words(lang, "study.address"), status=2)
    if args.cluster is None and args.jobs > max_jobs():
        said = cli_words(lang, "study.jobs_most", most=max_jobs(), got=args.jobs)
        raise CliError(said, status=2)
    try:
        check_jobs(args.jobs, args.cluster, args.address)
    except ValueError as exc:
        raise CliError(f"--jobs: {exc}", status=2) from None
    if args.checkpoint is not None:
        check_writable(args.checkpoint, "--checkpoint", parents=False, lang=lang)


def _config_words(exc: Exception, lang: str) -> str:
    """A study's refusal in `lang`: a checkpoint's by its key (`CheckpointError.key`), Ray missing;
    anything else as the library says it."""
    from .._studies._checkpoint import CheckpointError

    if isinstance(exc, CheckpointError) and exc.key:
        return cli_words(lang, f"study.checkpoint.{exc.key}", **exc.params)
    if str(exc).startswith("cluster='ray' needs Ray"):
        return cli_words(lang, "study.no_ray")
    return str(exc)


def run_study_command(
    args: argparse.Namespace,
    unit: str,
    total: int,
    call: Callable[[Callable[[int, int], None] | None], T],
    show: Callable[[T], None],
    lang: str = "en",
) -> int:
    """Run a study with a progress bar; Ctrl-C or SIGTERM shows the figures so far (and
    saves the checkpoint); a lost worker or a bad checkpoint is one line, not a traceback."""
    from .._errors import ConfigError
    from .._studies._simulate import StudyInterrupted
    from .._studies._work import WorkerLostError

    stop = StopOnTerm()
    try:
        label = cli_words(lang, "sim.progress", unit=unit)
        with stop, ProgressBar(unit, total, label, lang) as progress:
            result = call(progress.update if progress.active else None)
    except StudyInterrupted as exc:
        where = cli_words(lang, "sim.saved", path=args.checkpoint) if args.checkpoint else ""
        played = units_played(exc.report)
        # A table of the figures of nothing would read as teams that won no deal; the JSON
        # (`complete: false`, 0 deals) is what a program asked for.
        if played or getattr(args, "json", False):
            show(exc.report)
        said = "sim.interrupted" if played else "sim.interrupted_early"
        print(cli_words(lang, said, unit=unit, where=where), file=sys.stderr)
        return 143 if stop.terminated else 130
    except ConfigError as exc:  # a checkpoint of another study, Ray not installed…
        raise CliError(_config_words(exc, lang), status=2) from None
    except WorkerLostError as exc:
        raise CliError(_lost_words(exc, lang), status=1) from None
    show(result)
    retries = getattr(result, "worker_retries", 0)
    if retries:
        print(cli_words(lang, "sim.workers_retried", n=retries), file=sys.stderr)
    return 0


def _lost_words(exc: WorkerLostError, lang: str) -> str:
    """Why a study stopped when its workers were lost, in `lang`."""
    retries = cli_words(lang, "sim.retries", n=exc.retries)
    if exc.ray_units is not None:
        a, b = exc.ray_units
        return cli_words(lang, "sim.ray_lost", a=a, b=b, retries=retries, error=exc.ray_error)
    return cli_words(lang, "sim.workers_lost", n=exc.lost, retries=retries)


def units_played(r: SimulationReport | ComparisonReport) -> int:
    """The deals (or matches) of a study played so far, a duplicate pair counted once (as its
    `size` counts them)."""
    from .._studies._compare import ComparisonReport

    if isinstance(r, ComparisonReport) and not r.reports:
        return 0
    one = r.reports[0] if isinstance(r, ComparisonReport) else r
    played = one.matches if one.mode == "matches" else one.deals
    return played // 2 if one.duplicate else played


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

    def __init__(self, unit: str, total: int, label: str | None = None, lang: str = "en") -> None:
        self.unit = unit
        self.total = total
        self.label = f"simulating {unit}" if label is None else label
        self.remaining = cli_words(lang, "progress.remaining")
        """The word before the time left ("eta", "faltam")."""
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
                TextColumn(self.remaining),
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


def number_text(x: float, spec: str, lang: str) -> str:
    """`x` formatted as `spec` says, with the decimal mark of `lang` (`67.5`, `67,5`)."""
    from .._lang import decimal, game_catalogue

    return decimal(game_catalogue(lang), x, spec)


def pct_text(x: float, lang: str) -> str:
    return number_text(100 * x, ".1f", lang) + "%"


def interval_text(ci: tuple[float, float], lang: str) -> str:
    return f"{number_text(100 * ci[0], '.1f', lang)}–{number_text(100 * ci[1], '.1f', lang)}%"


def ms_text(x: float, lang: str) -> str:
    places = 0 if x >= 100 else 1 if x >= 1 else 3
    return number_text(x, f".{places}f", lang) + " ms"


def heading(title: str, r: SimulationReport | ComparisonReport, lang: str = "en") -> str:
    """The first lines of a study's report in `lang`: who played, how much, the seed."""

    def w(key: str, **params: str | int) -> str:
        return cli_words(lang, f"sim.{key}", **params)

    what = w("size", n=r.size, unit=r.mode)
    if r.duplicate:
        what += w("twice", unit=r.mode)
    if not r.complete:
        what = w("partial", done=units_played(r), what=what)
    teams = w("teams", a=r.teams[0], b=r.teams[1])
    return f"[bold]{title}[/]: {teams}\n{what}; {w('seed', seed=str(r.seed))}\n"
