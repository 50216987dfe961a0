"""The ways `sueca play` plays: a game against the computer, a saved game resumed, the computer
against itself (`--auto`), and the ladder. Imported only when `sueca play` runs (it needs rich: the
`cli` extra)."""

from __future__ import annotations

import argparse
import secrets
import shlex
import sys
from dataclasses import dataclass
from typing import Final

from rich.console import Console
from rich.markup import escape

from .._describe_facts import shown_name
from .._lang import Phrases, phrases
from .._match import Match
from .._registry import builtin_ids
from .._rules import Rules
from .._variant import Variant
from ..bots import Bot
from ..bots._base import TABLE_REVOKE_RATE
from ._common import CliError, cli_words, grouped_number, issue_lines, lang_of
from ._play_bots import make_table_bots
from ._play_flow import play_and_save
from ._play_input import HumanSeat
from ._play_ladder import Ladder, run_ladder
from ._play_view import PlayView

__all__ = ["DEFAULT_REVOKE_RATE", "PARTNER_LEVEL", "run"]

PARTNER_LEVEL: Final = 4
DEFAULT_LEVEL: Final = 2
DEFAULT_REVOKE_RATE: Final = TABLE_REVOKE_RATE
"""The default chance that a rival bot, able to, fails to follow suit under a claimable variant
(`TABLE_REVOKE_RATE`)."""


@dataclass(frozen=True)
class _Setup:
    """What every way of playing needs from the command line."""

    console: Console
    phrases: Phrases
    seed: int | str
    level: int
    samples: int | None
    revoke_rate: float | None
    record: str | None
    hints: bool = False
    """`--hints`: the player may ask for a hint on their turn."""

    def view(self, rules: Rules, spec: str | None, *, human: bool) -> PlayView:
        """The terminal's table, in the game's language."""
        lang = self.phrases.lang
        command = None
        if spec is not None:  # the rules card of the game's variant, in its language
            command = f"sueca describe {shlex.quote(spec)}" + (
                "" if lang == "en" else f" --lang {lang}"
            )
        return PlayView(self.console, self.phrases, rules, human=human, rules_command=command)

    def rate(self, match: Match) -> float:
        """The revoke rate of the rivals under `match`'s rules (0 unless claimable)."""
        if not match.rules.revoke_claimable:
            return 0.0
        return DEFAULT_REVOKE_RATE if self.revoke_rate is None else self.revoke_rate

    def seats(self, match: Match, seed: int | str, levels: dict[int, int]) -> dict[int, Bot]:
        """The bots of the seats in `levels`. At a person's table (no seat 0 in `levels`) only the
        rivals revoke, and the partner leaves the claims to the person."""
        rate = self.rate(match)
        auto = 0 in levels
        return make_table_bots(
            seed,
            levels,
            samples=self.samples,
            revoke_rates={s: rate for s in levels if auto or s in (1, 3)},
            claimable=match.rules.revoke_claimable,
            silent=frozenset() if auto else frozenset({2}),
        )


def run(args: argparse.Namespace, variant: Variant | None) -> int:
    """Run `sueca play` with parsed (and checked) arguments and the variant they name (`None` with
    `--resume`: the record names it)."""
    setup = _Setup(
        console=Console(highlight=False),
        phrases=phrases(lang_of(args)),
        seed=args.seed if args.seed is not None else secrets.randbelow(10**6),
        level=args.level if args.level is not None else DEFAULT_LEVEL,
        samples=args.samples,
        revoke_rate=args.revoke_rate,
        record=args.record,
        hints=bool(getattr(args, "hints", False)),
    )
    spec: str | None = args.variant
    if variant is not None and args.ladder:
        return _run_ladder(setup, variant, args.variant, args.scores, args.force)
    if variant is not None:
        match = Match(variant, seed=setup.seed, deal=False)
    else:
        match, spec = _resume(args.resume, setup.seed, setup.phrases.lang)
    if args.auto:
        return _run_auto(setup, match, spec, resumed=args.resume)
    return _run_game(setup, match, spec, resumed=args.resume)


def _resume(path: str, seed: int | str, lang: str) -> tuple[Match, str | None]:
    """The saved match of `path`, ready to go on (its deals after the record come from `seed`), and
    its variant's built-in id (`None` for a variant written inline); what keeps it from going on
    is said in `lang`."""
    from .._errors import RecordError
    from .._record import MAX_RECORD_DEALS, load_record

    try:
        record = load_record(path)
        match = Match.from_record(record, allow_unfinished=True, seed=seed)
    except RecordError as exc:
        raise CliError(issue_lines(exc.issues, lang)) from None
    if match.is_over:
        team = str(match.winner)
        raise CliError(
            cli_words(lang, "match_over", path=path, team=team, quoted=shlex.quote(path))
        )
    if len(match.deals) >= MAX_RECORD_DEALS:  # the next deal would make a record none can read
        most = grouped_number(lang, MAX_RECORD_DEALS)
        quoted = shlex.quote(path)
        raise CliError(cli_words(lang, "record_full", path=path, most=most, quoted=quoted))
    match.auto_deal = False  # the game loop deals, so that every deal is shown
    spec = record.variant if isinstance(record.variant, str) else None
    return match, spec if spec in builtin_ids() else None


def _run_game(setup: _Setup, match: Match, spec: str | None, resumed: str | None) -> int:
    view = setup.view(match.rules, spec, human=True)
    w = view.words
    human = HumanSeat(view, sys.stdin, match, hints=setup.hints)
    bots = setup.seats(match, setup.seed, {1: setup.level, 2: PARTNER_LEVEL, 3: setup.level})
    title = w.title(shown_name(match.variant.name, view.phrases.lang))
    view.welcome(title, None if resumed else setup.seed, (PARTNER_LEVEL, setup.level))
    if setup.hints:
        view.say(view.phrases.analysis.hint_keys())
    rate = setup.rate(match)
    if rate > 0:
        view.say(w.revoke_rate(rate))
    if resumed is not None:
        _show_resumed(view, match, resumed, setup.seed)
    record = setup.record or resumed
    played = play_and_save(view, match, [human, bots[1], bots[2], bots[3]], record)
    if played.stop is not None:
        view.say(w.end_of_input() if played.stop.eof else w.leave())
    return 0 if played.saved else 1


def _show_resumed(view: PlayView, match: Match, path: str, seed: int | str) -> None:
    """Where a resumed game stands: the deals done, the seed of the deals still to come (a record
    keeps no seed), the deal on the table."""
    for deal in match.deals:
        view.card_points[0] += deal.points[0]
        view.card_points[1] += deal.points[1]
    view.say(view.words.resumed(escape(path), len(match.deals), len(match.plays)))
    view.say(view.words.seed_resumed(seed))
    if match.trump_card is not None:
        view.deal_header(match)
        if match.tricks:
            view.show_tricks(match)


def _run_auto(setup: _Setup, match: Match, spec: str | None, resumed: str | None) -> int:
    view = setup.view(match.rules, spec, human=False)
    levels = {0: PARTNER_LEVEL, 1: setup.level, 2: PARTNER_LEVEL, 3: setup.level}
    bots = setup.seats(match, setup.seed, levels)
    title = view.words.title(shown_name(match.variant.name, view.phrases.lang))
    view.welcome(title, None if resumed else setup.seed, (PARTNER_LEVEL, setup.level))
    if resumed is not None:
        _show_resumed(view, match, resumed, setup.seed)
    record = setup.record or resumed
    played = play_and_save(view, match, [bots[0], bots[1], bots[2], bots[3]], record)
    return 0 if played.saved else 1


def _run_ladder(setup: _Setup, variant: Variant, spec: str, scores: str | None, force: bool) -> int:
    probe = Match(variant, seed=0, deal=False)  # the rules, to name seats and word the table
    view = setup.view(probe.rules, spec, human=True)
    ladder = Ladder(
        view=view,
        human=HumanSeat(view, sys.stdin, probe),
        variant=variant,
        spec=spec,
        seed=setup.seed,
        partner_level=PARTNER_LEVEL,
        record=setup.record,
        scores=scores,
        force=force,
    )

    def make_seats(seed: str, level: int) -> list[Bot]:
        match = ladder.human.match
        bots = setup.seats(match, seed, {1: level, 2: PARTNER_LEVEL, 3: level})
        return [ladder.human, bots[1], bots[2], bots[3]]

    return run_ladder(ladder, make_seats)
