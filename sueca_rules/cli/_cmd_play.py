"""`sueca play`: play Sueca in the terminal against the computer (or watch it play)."""

from __future__ import annotations

import argparse

from ._common import (
    MAX_SAMPLES,
    add_command,
    add_lang,
    level_arg,
    rate_arg,
    samples_arg,
    seed_arg,
)

__all__ = ["register"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(
        subparsers,
        "play",
        run_play,
        help="play Sueca in the terminal against the computer",
        description=(
            "Play a match of Sueca in the terminal. You sit at seat 0 and your partner, a\n"
            "level-4 computer player, at seat 2; the rivals (the left rival at seat 1, the\n"
            "right rival at seat 3) play at --level (default 2).\n"
            "\n"
            "Choose a card by the number shown before it or by its notation (7H, 7h, as).\n"
            "h shows the keys, t the table, l the tricks of the deal so far; q stops (end of\n"
            "input stops too). Input is read line by line, so a game can be driven by a pipe.\n"
            "\n"
            "Whatever the variant asks is asked of you in turn: the top or the bottom card\n"
            "when you deal under the dealer's choice of trump (such as brasil), a new deal\n"
            "when your hand is weak enough to ask for one. Where a renúncia can be played\n"
            "and claimed (such as portugal-table), type 'claim' on your turn, or at the\n"
            "count after the last trick; under revoke.accuse: player you name the rival you\n"
            "accuse. A claim asks you to confirm it first. The rivals fail to follow suit\n"
            "now and then (--revoke-rate) and claim a renúncia of yours that the cards\n"
            "prove; your partner leaves the claims to you.\n"
            "\n"
            "--record saves the game (also when you stop mid-way, and under a house-rules\n"
            "file with the rules written inside, so the record replays anywhere); --resume\n"
            "goes on with a saved game, and saves it again to the same file.\n"
            "\n"
            "--ladder plays Sueca▶Play's run (under its rules unless you give a VARIANT):\n"
            "the rivals start at level 1 and climb a level each match you win; a lost match\n"
            "or quitting ends the run, scored as streak x 10,000 + your card-point margin in\n"
            "the matches won (at most 9,999). The best ten scores (of runs that scored\n"
            "something) are kept in $SUECA_DATA_DIR/ladder.json, else\n"
            "$XDG_DATA_HOME/sueca-rules/ladder.json (~/.local/share/sueca-rules/ladder.json).\n"
            "\n"
            "examples:\n"
            "  sueca play sueca-play --level 3\n"
            "  sueca play portugal-table --lang pt\n"
            "  sueca play --record game.yaml        # later: sueca play --resume game.yaml\n"
            "  sueca play --ladder\n"
            "  sueca play portugal --auto --seed 7"
        ),
    )
    p.add_argument(
        "variant",
        metavar="VARIANT",
        nargs="?",
        help="a built-in variant id or a variant file (default: portugal; with --ladder, "
        "sueca-play, the rules of the site whose run it is)",
    )
    who = p.add_mutually_exclusive_group()
    who.add_argument(
        "--level",
        type=level_arg,
        metavar="N",
        help="the rivals' level, 1 (random cards) to 4 (thinks ahead) and 5 (thinks deeper, "
        "slower); default 2",
    )
    who.add_argument(
        "--ladder",
        action="store_true",
        help="climb the ladder: a run of matches against ever stronger rivals, with a score",
    )
    p.add_argument(
        "--auto",
        action="store_true",
        help="let the computer play all four seats and print the match deal by deal",
    )
    p.add_argument(
        "--resume",
        metavar="RECORD",
        help="go on with the game saved in RECORD (its variant is the record's); it is saved "
        "there again unless --record names another file",
    )
    add_lang(p, "the game")
    p.add_argument(
        "--seed", type=seed_arg, metavar="S", help="seed of the deals and the computer players"
    )
    p.add_argument(
        "--record",
        metavar="FILE",
        help="save the match to FILE (.yaml or .json), also when you stop mid-way; with "
        "--ladder one file per match (FILE-1.yaml, FILE-2.yaml, ...)",
    )
    p.add_argument(
        "--force",
        action="store_true",
        help="let --record replace a file that is not a game record",
    )
    p.add_argument(
        "--revoke-rate",
        type=rate_arg,
        metavar="P",
        help="under a variant where a renúncia is claimed: the chance, 0 to 1, that a rival "
        "(every seat with --auto) fails to follow suit when it could; default 0.03",
    )
    p.add_argument(
        "--samples",
        type=samples_arg,
        metavar="N",
        help=f"deals a level-4 player imagines before each card, 1 to {MAX_SAMPLES:,} (more "
        "plays stronger and slower; default: 60, some 30-45 ms a card)",
    )
    p.add_argument(
        "--hints",
        action="store_true",
        help="on your turn, type ! (or hint) and the computer says what it would play, and why",
    )
    p.add_argument(
        "--scores",
        metavar="FILE",
        help="the ladder's best-scores file (default: see above)",
    )


def _check(args: argparse.Namespace) -> None:
    """Refuse options that do not go together, as a command-line error."""
    from ._common import CliError, cli_words, lang_of

    lang = lang_of(args)
    if args.auto and args.ladder:
        raise CliError(cli_words(lang, "auto_ladder"), status=2)
    if args.resume and args.ladder:
        raise CliError(cli_words(lang, "resume_ladder"), status=2)
    if args.resume and args.variant is not None:
        said = cli_words(lang, "resume_variant", path=args.resume, variant=repr(args.variant))
        raise CliError(said, status=2)


def run_play(args: argparse.Namespace) -> int:
    from ._common import (
        check_replaceable,
        check_writable,
        lang_of,
        load_variant_arg,
        require_extra,
    )

    _check(args)
    lang = lang_of(args)
    require_extra("sueca play")
    from ._play_games import run

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
    return run(args, variant)
