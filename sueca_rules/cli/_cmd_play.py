"""`sueca play`: play Sueca in the terminal against the computer (or watch it play)."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Final

from ._common import (
    MAX_SAMPLES,
    Command,
    grouped_number,
    level_arg,
    rate_arg,
    samples_arg,
    seed_arg,
)

if TYPE_CHECKING:
    from ._common import HelpWords

__all__ = ["COMMANDS"]


def _arguments(p: argparse.ArgumentParser, said: HelpWords) -> None:
    """The arguments of `sueca play`."""
    said.arg(p, "variant", nargs="?")
    who = p.add_mutually_exclusive_group()
    said.arg(who, "--level", type=level_arg)
    said.arg(who, "--ladder", action="store_true")
    said.arg(p, "--auto", action="store_true")
    said.arg(p, "--resume", meta="record")
    said.lang_option(p, "game")
    said.arg(p, "--seed", type=seed_arg)
    said.arg(p, "--record", meta="file")
    said.arg(p, "--force", action="store_true")
    said.arg(p, "--revoke-rate", type=rate_arg, meta="rate")
    most = grouped_number(said.lang, MAX_SAMPLES)
    said.arg(p, "--samples", params={"most": most}, type=samples_arg)
    said.arg(p, "--hints", action="store_true")
    said.arg(p, "--scores", meta="file")


def _check(args: argparse.Namespace) -> None:
    """Refuse options that do not go together, as a command-line error."""
    from ._common import STDIN, CliError, cli_words, lang_of

    lang = lang_of(args)
    if args.resume == STDIN or (args.variant == STDIN and not args.auto):
        # the game reads the moves from standard input (and saves a resumed game back to its
        # file): its variant or record cannot come from there too
        raise CliError(cli_words(lang, "stdin_play"), status=2)
    if args.auto and args.ladder:
        raise CliError(cli_words(lang, "auto_ladder"), status=2)
    if args.resume and args.ladder:
        raise CliError(cli_words(lang, "resume_ladder"), status=2)
    if args.auto and args.hints:
        raise CliError(cli_words(lang, "auto_hints"), status=2)
    if args.scores is not None and not args.ladder:
        raise CliError(cli_words(lang, "scores_alone"), status=2)
    if args.resume and args.variant is not None:
        said = cli_words(lang, "resume_variant", path=args.resume, variant=repr(args.variant))
        raise CliError(said, status=2)


def run_play(args: argparse.Namespace) -> int:
    from ._common import check_replaceable, check_writable, lang_of, load_variant_arg, require_extra

    _check(args)
    lang = lang_of(args)
    require_extra("sueca play", lang)
    from ._play_games import run
    from ._signals import StopOnTerm

    variant = None
    if not args.resume:
        if args.variant is None:
            args.variant = "sueca-play" if args.ladder else "portugal"
        variant = load_variant_arg(args.variant, lang)
    # Find out now, not after the game, that a file cannot be written.
    if args.record or args.resume:  # a resumed game is saved where it was read, by default
        option = "--record" if args.record else "--resume"
        check_writable(args.record or args.resume, option, parents=False, lang=lang)
        if args.record and not args.ladder:  # the ladder checks each match's file
            check_replaceable(args.record, "--record", force=args.force, lang=lang)
    if args.ladder:
        from ._ladder import scores_path

        check_writable(scores_path(args.scores), "--scores", parents=True, lang=lang)
    # The terminal closed (SIGHUP) or a stop asked for (SIGTERM): as Ctrl-C, the game is saved
    # (--record, --resume) and a ladder's run scored, rather than lost.
    with StopOnTerm(hangup=True) as stop:
        try:
            status = run(args, variant)
        except KeyboardInterrupt:
            if stop.signum is None:
                raise
            return 128 + stop.signum
    return 128 + stop.signum if stop.signum is not None and status == 130 else status


COMMANDS: Final = (Command("play", run_play, _arguments),)
"""`sueca play` (see `Command`)."""
