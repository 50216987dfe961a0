"""`sueca engine`: the project's bots speaking the engine protocol on stdin and stdout."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Final

from ._common import Command, level_arg, seed_arg

if TYPE_CHECKING:
    from ._common import HelpWords

__all__ = ["COMMANDS"]


_DESCRIPTION: Final = (
    "Answer the engine protocol on stdin and stdout with a bot of this library: one\n"
    "JSON request a line in (hello, decide, quit), one JSON answer a line out. Any\n"
    "program, in any language, can start this command and ask it for decisions;\n"
    "each request carries all that its seat may know. A bad line gets an answer\n"
    '{"type": "error", ...} and the engine goes on. The end of input means quit.\n'
    "The protocol's words are English: the errors too (they are for the host).\n"
    "\n"
    "examples:\n"
    "  sueca engine --level 5\n"
    '  echo \'{"type": "hello", "id": 0, "protocol": 1}\' | sueca engine'
)
"""`sueca engine` speaks only English (the engine protocol's): its help too, but for its line in
`sueca --help`."""


def _arguments(p: argparse.ArgumentParser, said: HelpWords) -> None:
    """The arguments of `sueca engine`, in English."""
    p.add_argument(
        "--level",
        type=level_arg,
        default=3,
        metavar="N",
        help="the bots' level, 1 (random legal cards) to 5 (the strongest); default 3. "
        "Levels 4 and 5 search, and answer within each request's time_ms",
    )
    p.add_argument(
        "--seed",
        type=seed_arg,
        default=0,
        metavar="S",
        help="makes the bots' choices repeatable: each decision's bot is seeded from it, the "
        "match, the seat and the moment "
        "(default 0)",
    )


def run_engine(args: argparse.Namespace) -> int:
    import signal

    from ..engines import BotEngine, serve

    # SIGTERM ends the engine quietly, like the end of its input.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(0))
    engine = BotEngine(args.level, seed=args.seed)
    if sys.stdin is None or sys.stdout is None:  # started with the descriptor closed
        closed = "input" if sys.stdin is None else "output"
        if sys.stderr is not None:
            print(
                f"sueca engine: the standard {closed} is closed: an engine reads its requests "
                "on standard input and answers on standard output",
                file=sys.stderr,
            )
        return 2
    try:
        return serve(engine, sys.stdin.buffer, sys.stdout.buffer)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


COMMANDS: Final = (Command("engine", run_engine, _arguments, description=_DESCRIPTION),)
"""`sueca engine` (see `Command`)."""
