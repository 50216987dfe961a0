"""The `sueca` command line.

Each command lives in a module of its own with a `register(subparsers)` function; the heavy imports
(pydantic, the engine, rich) happen only inside the command that needs them, so that `sueca --help`
starts fast.
"""

from __future__ import annotations

import argparse
import difflib
import importlib
import os
import re
import sys
from collections.abc import Sequence
from typing import NoReturn

from .._text import shown
from ._common import CliError

__all__ = ["build_parser", "main"]

# Commands, in the order `sueca --help` lists them.
_COMMAND_MODULES = (
    "_cmd_variants",
    "_cmd_new",
    "_cmd_describe",
    "_cmd_replay",
    "_cmd_analyse",
    "_cmd_simulate",
    "_cmd_compare",
    "_cmd_play",
    "_cmd_tournament",
    "_cmd_serve",
    "_cmd_engine",
    "_cmd_arena",
)


class _Version(argparse.Action):
    """`--version`: the installed version, read from the package metadata only when asked (reading
    it costs more than the rest of `sueca --help`)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help=str(kwargs.get("help", "")))

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        from .. import __version__

        print(f"sueca-rules {__version__}")
        parser.exit()


class _Parser(argparse.ArgumentParser):
    """argparse's parser, which names the command or option a mistyped one is closest to:
    `invalid choice: 'valdate' (...) -- did you mean 'validate'?`."""

    def error(self, message: str) -> NoReturn:
        found = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)$", message)
        if found is not None:
            choices = re.findall(r"'([^']*)'", found.group(2))
            close = difflib.get_close_matches(found.group(1), choices, n=1, cutoff=0.6)
            if close:
                message += f" -- did you mean {close[0]!r}?"
        super().error(message)

    def unknown(self, extra: Sequence[str]) -> NoReturn:
        """Refuse arguments this command does not take, with its own usage (argparse leaves them
        to the top parser) and the option a mistyped one is closest to."""
        message = f"unrecognized arguments: {' '.join(extra)}"
        first = extra[0].partition("=")[0]
        if first.startswith("-"):
            options = [s for action in self._actions for s in action.option_strings]
            close = difflib.get_close_matches(first, options, n=1, cutoff=0.6)
            if close:
                message += f" -- did you mean {close[0]}?"
        self.error(message)


def build_parser() -> _Parser:
    """The argument parser of the `sueca` command."""
    parser = _Parser(
        prog="sueca",
        description=(
            "Sueca, the Portuguese card game, and its house rules: describe, compare and validate "
            "rule sets; play against the computer; simulate bots to see what a rule does; "
            "replay game records."
        ),
        epilog="Run 'sueca COMMAND --help' for a command's options.",
    )
    parser.add_argument("--version", action=_Version, help="show the version and exit")
    commands = parser.add_subparsers(title="commands", metavar="COMMAND")
    for name in _COMMAND_MODULES:
        module = importlib.import_module(f"{__name__}.{name}")
        module.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the `sueca` command with `argv` (default: the process's) and return its exit status: 0
    on success, 1 when the input is invalid, 2 for a wrong command line, 130 when interrupted
    (Ctrl-C), 143 when a study is stopped by SIGTERM."""
    for stream in (sys.stdout, sys.stderr):
        # A console or file that cannot show ♥, → or ã gets '?' rather than a traceback.
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    if sys.stdin is None:  # started with standard input closed (`<&-`): read as end of input
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 (the process's stdin)
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:
        command = getattr(args, "parser", None)
        (command if isinstance(command, _Parser) else parser).unknown(extra)
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(sys.stderr)
        return 2
    try:
        status: int = handler(args)
        if sys.stdout is not None:
            sys.stdout.flush()  # a full disk shows here, not as a traceback at exit
    except CliError as exc:
        if exc.message:
            prog = getattr(args, "prog", "sueca")
            prefix = f"{prog}: {_said(args, 'error')}: " if exc.status == 2 else ""
            # Messages quote file text (names, keys): escape sequences are shown, not obeyed.
            print(shown(f"{prefix}{exc.message}", lines=True), file=sys.stderr)
        return exc.status
    except KeyboardInterrupt:
        print(_said(args, "interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`sueca schema | head`): not an error worth a traceback.
        sys.stderr.close()
        return 0
    except OSError as exc:
        # Output that could not be written (standard output on a full disk, `> /dev/full`) or
        # another file the command could not handle: one line, and nothing more at exit.
        reason = exc.strerror or str(exc)
        where = f"{exc.filename}: " if exc.filename else "could not write the output: "
        if not exc.filename:
            _drop_stdout()
        print(shown(f"sueca: {where}{reason}"), file=sys.stderr)
        return 1
    return status


def _said(args: argparse.Namespace, key: str) -> str:
    """The command line's words `key` ("error", "interrupted") in the language of a command that
    speaks one (`--lang`), else in English."""
    from ._common import cli_words, lang_of

    return cli_words(lang_of(args) if hasattr(args, "lang") else "en", key)


def _drop_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's last flush of what
    could not be written prints nothing more."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # closed, or not a file (a test's capture)
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, fd)
    os.close(null)
