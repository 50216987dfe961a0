"""`sueca arena`: engines (commands) and built-in levels on duplicate deals, refereed here."""

from __future__ import annotations

import argparse
import functools
import importlib.util
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from .._text import shown
from ._common import (
    CliError,
    Command,
    at_least,
    cli_words,
    lang_of,
    load_variant_arg,
    print_json,
    seed_arg,
)
from ._signals import StopOnTerm
from ._study_options import ProgressBar, number_text

MAX_HELLO_MS: Final = 600_000
"""`--hello-ms`'s most (the same as `play_arena(hello_ms=)`'s, checked by a test)."""

if TYPE_CHECKING:
    from ..engines import Entrant, PairResult
    from ._common import HelpWords

__all__ = ["COMMANDS"]

_MOST_TIME_MS = 600_000


def _arguments(p: argparse.ArgumentParser, said: HelpWords) -> None:
    """The arguments of `sueca arena`."""
    said.arg(p, "entrants", meta="entrant", nargs="+")
    said.arg(p, "--variant", default="portugal")
    said.arg(p, "--deals", type=at_least(1, most=1_000_000), default=100)
    said.arg(p, "--seed", type=seed_arg, default=0)
    said.arg(p, "--jobs", type=at_least(0, "every_cpu", most=256), default=1)
    said.arg(p, "--time-ms", type=at_least(1, most=_MOST_TIME_MS), default=1000)
    said.arg(p, "--hello-ms", meta="time_ms", type=at_least(1, most=MAX_HELLO_MS), default=None)
    said.arg(p, "--json", action="store_true")
    said.lang_option(p, "report", "json")


class _Counter:
    """Deals done so far, shown on a progress bar (when stderr is a terminal and rich is
    installed)."""

    def __init__(self, bar: ProgressBar) -> None:
        self.bar = bar
        self.done = 0

    def advance(self, n: int) -> None:
        self.done += n
        if self.bar.active:
            self.bar.update(self.done, self.bar.total)


Say = Callable[..., str]
"""The arena's words in the command's language: `say("arena.heading", variant=..., n=...)`."""


def _check_entrants(
    entrants: list[Entrant], time_ms: int, hello_ms: int | None, say: Say, lang: str
) -> None:
    """Start each engine once, all at once: a command that cannot start, or does not answer
    `hello` as the protocol says, is a clear error before any deal is played (all its seats
    would be played by the first-option rule: its results would say nothing of it), with status
    2, as a command line that cannot work. Every engine that failed is named, with why, not only
    the first; engines that never answer are waited for once, together. One that fails to start
    later, in a play, is that play's faults (see `Entrant.player()`)."""
    from ..engines import EngineProcess
    from ..engines._host import start_together

    engines = [
        (
            entrant,
            EngineProcess(
                list(entrant.argv),
                time_ms=time_ms,
                hello_s=None if hello_ms is None else hello_ms / 1000,
            ),
        )
        for entrant in entrants
        if entrant.level is None
    ]
    errors = start_together([engine for _, engine in engines])
    for _, engine in engines:
        engine.close()
    lines = []
    for (entrant, _), exc in zip(engines, errors, strict=True):
        if exc is None:
            continue
        if "name" in exc.params:  # its command: named once, as the entrant
            exc = type(exc)(exc.code, **{**exc.params, "name": say("arena.the_engine")})
        lines.append((repr(entrant.spec), exc.words(lang)))
    if lines:
        said = [say("arena.entrant_also", entrant=who, why=why) for who, why in lines[:-1]]
        said.append(say("arena.entrant", entrant=lines[-1][0], why=lines[-1][1]))
        raise CliError("\n".join(said), status=2) from None


def _entrant_problem(text: str, number: int, exc: Exception, lang: str) -> str:
    """Why `text`, the entrant `number` (from 1), is no entrant (`parse_entrant`'s refusal), in
    `lang`."""
    from ..bots import LEVELS
    from ..engines import EngineError

    if isinstance(exc.__cause__, EngineError):
        if exc.__cause__.code == "empty":  # nothing to quote: said by its place
            levels = ", ".join(map(str, LEVELS))
            return cli_words(lang, "arena.empty", n=number, levels=levels)
        return exc.__cause__.words(lang)
    if text.startswith("level:"):
        levels = ", ".join(map(str, LEVELS))
        return cli_words(lang, "arena.not_a_level", text=repr(text), levels=levels)
    return str(exc)


def run_arena(args: argparse.Namespace) -> int:
    import os
    from concurrent.futures.process import BrokenProcessPool

    from .._errors import ConfigError
    from ..engines import EngineError, parse_entrant

    lang = lang_of(args)
    say: Say = functools.partial(cli_words, lang)
    if len(args.entrants) > 16:
        raise CliError(say("arena.too_many"), status=2)
    entrants = []
    for number, text in enumerate(args.entrants, 1):  # a mistyped entrant is said first
        try:
            entrants.append(parse_entrant(text))
        except ConfigError as exc:
            raise CliError(_entrant_problem(text, number, exc, lang), status=2) from None
    if len(args.entrants) < 2:
        raise CliError(say("arena.too_few"), status=2)
    variant = load_variant_arg(args.variant, lang)
    jobs = args.jobs or os.cpu_count() or 1
    _check_entrants(entrants, args.time_ms, args.hello_ms, say, lang)
    pairs = [(i, j) for i in range(len(entrants)) for j in range(i + 1, len(entrants))]
    stop = StopOnTerm()
    try:
        bar = ProgressBar("deals", len(pairs) * args.deals, say("arena.progress"), lang)
        bar.active = bar.active and importlib.util.find_spec("rich") is not None
        with stop, bar:
            results = _play_all(variant, entrants, pairs, args, jobs, _Counter(bar).advance)
    except KeyboardInterrupt:
        print(say("arena.interrupted"), file=sys.stderr)
        return 143 if stop.terminated else 130
    except EngineError as exc:
        raise CliError(say("arena.stopped", why=exc.words(lang)), status=1) from None
    except BrokenProcessPool:  # a worker killed (out of memory, or by an engine): one line
        raise CliError(say("arena.worker_lost"), status=1) from None
    _show(args, entrants, pairs, results, say, lang)
    return 0


COMMANDS: Final = (Command("arena", run_arena, _arguments),)
"""`sueca arena` (see `Command`)."""


def _play_all(
    variant: Any,
    entrants: list[Entrant],
    pairs: list[tuple[int, int]],
    args: argparse.Namespace,
    jobs: int,
    advance: Any,
) -> list[PairResult]:
    from ..engines import close_all, play_arena
    from ..engines._arena import new_pool, stop_pool

    pool = new_pool(jobs) if jobs > 1 else None
    try:
        results = [
            play_arena(
                variant,
                entrants[i],
                entrants[j],
                deals=args.deals,
                seed=args.seed,
                jobs=jobs,
                time_ms=args.time_ms,
                hello_ms=args.hello_ms,
                progress=advance,
                pool=pool,
            )
            for i, j in pairs
        ]
    except BaseException:
        if pool is not None:
            stop_pool(pool)
        close_all()
        raise
    if pool is not None:
        pool.shutdown()
    return results


def _show(
    args: argparse.Namespace,
    entrants: list[Entrant],
    pairs: list[tuple[int, int]],
    results: list[PairResult],
    said: Say,
    lang: str,
) -> None:
    from ..engines import ratings

    def say(key: str, **params: str | int) -> str:
        return said(f"arena.{key}", **params)

    def num(x: float, spec: str) -> str:
        return number_text(x, spec, lang)

    reports = [r.to_dict() for r in results]
    for result in results:
        for side, stats in zip((result.a, result.b), result.stats, strict=True):
            if stats.faults:
                # Said in the command's language, each where it happened.
                latest = list(stats.notes)[-3:]
                notes = "; ".join(note.words(lang) for note in latest)
                last = say("last_faults", k=len(latest), notes=notes)
                noted = stats.first_note
                first = (
                    say("first_fault", fault=noted.words(lang))
                    if noted is not None and noted not in latest
                    else ""
                )
                note = say("faults", side=side, n=stats.faults, first=first, last=last)
                print(shown(note), file=sys.stderr)  # an engine's words, escaped
    if len(entrants) == 2:
        if args.json:
            print_json(reports[0])
        else:
            _print_pair(reports[0], say, lang)
        return
    names = [e.spec for e in entrants]
    table = ratings(
        names,
        [
            (i, j, float(r["a_win_rate"]) * int(r["deals"]), int(r["deals"]))
            for (i, j), r in zip(pairs, reports, strict=True)
        ],
    )
    if args.json:
        print_json(
            {
                "variant": reports[0]["variant"],
                "entrants": names,
                "deals": reports[0]["deals"],
                "duplicate_deals": reports[0]["duplicate_deals"],
                "ratings": table,
                "pairs": reports,
            }
        )
        return
    deals = reports[0]["duplicate_deals"]
    print(say("heading", variant=reports[0]["variant"], n=deals))
    print(say("ratings"))
    width = max(len(n) for n in names)
    for rank, row in enumerate(table, 1):
        low, high = row["rating_ci"]
        score = say("score", pct=num(100 * row["score"], ".1f"))
        interval = say("rating_interval", low=num(low, "+.1f"), high=num(high, "+.1f"))
        print(
            f"  {rank:>2}. {row['entrant']:<{width}}  {num(row['rating'], '>+7.1f')}  "
            f"{interval}  {score}"
        )
    print(say("pairs"))
    for report in reports:
        _print_pair(report, say, lang, indent="  ")


def _print_pair(r: dict[str, Any], say: Say, lang: str, indent: str = "") -> None:
    def num(x: float, spec: str = ".1f") -> str:
        return number_text(x, spec, lang)

    low, high = r["a_win_rate_ci"]
    pair = say(
        "pair", a=r["a"], b=r["b"], variant=r["variant"], n=r["duplicate_deals"], p=r["deals"]
    )
    print(indent + pair)
    print(
        indent
        + "  "
        + say(
            "pair_rates",
            win=num(100 * r["a_win_rate"]),
            low=num(100 * low),
            high=num(100 * high),
            dup=num(100 * r["a_duplicate_win_rate"]),
            margin=num(r["a_mean_margin"], "+.1f"),
        )
    )
    faults, ms = r["faults"], r["ms_per_decision"]
    print(
        indent
        + "  "
        + say(
            "pair_faults",
            fa=faults["a"],
            fb=faults["b"],
            ma=num(ms["a"], ".2f"),
            mb=num(ms["b"], ".2f"),
        )
    )
