"""`sueca tournament`: run a tournament from one file (new, pair, result, play, standings, undo)."""

from __future__ import annotations

import argparse
import csv
import io
import re
import shlex
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final

from .._text import cut
from ._common import (
    ArgRefusal,
    CliError,
    Command,
    at_least,
    bare_word,
    check_writable,
    cli_words,
    help_words,
    issue_lines,
    lang_of,
    level_arg,
    metavar,
    print_json,
    seed_arg,
)

if TYPE_CHECKING:
    from pydantic import ValidationError

    from .._match import Match
    from .._record import Record
    from .._variant import Variant
    from ..tournament import RecordRef, Standing, Team, Tournament
    from ..tournament._model import Round
    from ._common import HelpWords

__all__ = ["COMMANDS", "checked_tournament_file", "read_teams_csv"]

MAX_CSV_BYTES = 1024 * 1024
_BY_GAMES = {"games_difference", "games_for"}
"""The tie-breaks that compare games: a score entered without them is said to leave them out."""
_SCORE = re.compile(r"^\s*([0-9]{1,6})\s*[-:]\s*([0-9]{1,6})\s*$", re.ASCII)


def _arguments(p: argparse.ArgumentParser, said: HelpWords) -> None:
    """The arguments of `sueca tournament`: its actions (`_ACTIONS`), and `--lang` for
    `sueca tournament --lang pt` alone (what it needs, in that language)."""
    said.lang_option(p, "says")
    sub = p.add_subparsers(title=said("actions"), metavar=metavar(said.lang, "action"))
    for action in _ACTIONS:
        action.add(sub, said.lang)


def _no_action(args: argparse.Namespace) -> int:
    """`sueca tournament` alone: say the actions."""
    raise CliError(cli_words(lang_of(args), "tournament.no_action"), status=2)


def _file(p: argparse.ArgumentParser, said: HelpWords) -> None:
    """The tournament file an action reads and writes."""
    help_words(said.lang, "tournament").arg(p, "file")


def _new_arguments(n: argparse.ArgumentParser, said: HelpWords) -> None:
    """The arguments of `sueca tournament new`."""
    said.arg(n, "file")
    n.add_argument("--teams", required=True, metavar="teams.csv", help=said("teams"))
    n.add_argument(
        "--format",
        required=True,
        choices=("round_robin", "swiss", "knockout", "groups"),
        help=said("format"),
    )
    n.add_argument("--rounds", type=at_least(1), metavar="N", help=said("rounds"))
    n.add_argument("--groups", type=at_least(1), metavar="N", help=said("groups"))
    n.add_argument("--advance", type=at_least(1), metavar="K", help=said("advance"))
    said.arg(n, "--third-place", action="store_true")
    said.arg(n, "--variant", default="portugal")
    said.arg(n, "--seed", type=seed_arg, default=0)
    said.arg(n, "--shuffle", action="store_true")
    said.arg(n, "--name", default=None)
    n.add_argument("--tiebreaks", metavar="A,B,...", help=said("tiebreaks"))
    said.shared(n, "--force", action="store_true")
    said.lang_option(n, "says")


def _pair_arguments(q: argparse.ArgumentParser, said: HelpWords) -> None:
    """The arguments of `sueca tournament pair`."""
    _file(q, said)
    said.lang_option(q, "says")


def _result_arguments(r: argparse.ArgumentParser, said: HelpWords) -> None:
    """The arguments of `sueca tournament result`."""
    _file(r, said)
    r.add_argument("--round", type=at_least(1), required=True, metavar="R", help=said("round"))
    r.add_argument("--table", type=at_least(1), required=True, metavar="T", help=said("table"))
    how = r.add_mutually_exclusive_group(required=True)
    how.add_argument("--score", metavar="A-B", help=said("score"))
    said.arg(how, "--record", meta="file")
    said.arg(how, "--no-show", meta="team")
    r.add_argument("--games", metavar="A-B", help=said("games"))
    said.lang_option(r, "says")


def _play_arguments(b: argparse.ArgumentParser, said: HelpWords) -> None:
    """The arguments of `sueca tournament play`."""
    _file(b, said)
    lv = b.add_mutually_exclusive_group()
    said.arg(lv, "--level", type=level_arg, default=3)
    said.arg(lv, "--levels", meta="team_levels")
    said.arg(b, "--records", meta="folder")
    said.lang_option(b, "says")


def _standings_arguments(s: argparse.ArgumentParser, said: HelpWords) -> None:
    """The arguments of `sueca tournament standings`."""
    _file(s, said)
    out = s.add_mutually_exclusive_group()
    said.arg(out, "--json", action="store_true")
    said.arg(out, "--csv", action="store_true")
    said.arg(out, "--html", meta="out_html")
    said.lang_option(s, "says", "json_csv")


def _undo_arguments(u: argparse.ArgumentParser, said: HelpWords) -> None:
    """The arguments of `sueca tournament undo`."""
    _file(u, said)
    u.add_argument("--round", type=at_least(1), metavar="R", help=said("round"))
    u.add_argument("--table", type=at_least(1), metavar="T", help=said("table"))
    said.lang_option(u, "says")


# --- reading and writing -----------------------------------------------------------------


def read_teams_csv(path: str, lang: str = "en") -> list[Team]:
    """The teams of a CSV file with the header `team,player1,player2` (one team a line); what is
    wrong with it said in `lang`."""
    from ._common import cli_words

    def refuse(key: str, line: int | None = None, **params: str | int) -> CliError:
        where = path if line is None else f"{path}:{line}"
        return CliError(f"{where}: {cli_words(lang, f'tour.csv.{key}', **params)}")

    from pydantic import ValidationError

    from .._files import FileRefusedError, read_regular_file
    from .._text import escaped
    from ..tournament import MAX_TEAMS, Team
    from ..tournament._model import name_key

    try:
        raw = read_regular_file(path, MAX_CSV_BYTES)
    except FileNotFoundError:
        raise refuse("no_file") from None
    except FileRefusedError as exc:
        from .._errors import Issue
        from .._lang import issue_text

        values = tuple((k, str(v)) for k, v in exc.params.items())
        said = issue_text(Issue(exc.reason, kind=exc.kind, params=values), lang)
        raise CliError(f"{path}: {said}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise refuse("not_utf8") from None
    # Lines may end in \n, \r\n or a lone \r (a spreadsheet of the old Mac's, which the
    # csv module alone refuses with words about Python's modes).
    # The file's line 1 as the reader splits lines (an empty one too): the header is there.
    head_line = io.StringIO(text, newline=None).readline().rstrip("\n")
    reader = csv.reader(io.StringIO(text, newline=None), delimiter=_delimiter(head_line))
    rows: list[tuple[int, list[str]]] = []  # each row with the line it starts on
    try:
        start = 1  # the line the next row starts on (a blank line is a row of its own)
        for row in reader:
            if any("\n" in c for c in row):  # (a lone \r is read as \n)
                # A quote not closed on its line runs on to the next quote, or to the end: no
                # name is on two lines.
                raise refuse("open_quote", start)
            rows.append((start, row))
            start = reader.line_num + 1
    except csv.Error as exc:  # a field past the csv module's limit...
        field = "field larger than field limit" in str(exc)
        if field:
            raise refuse("long_field", reader.line_num, most=csv.field_size_limit()) from None
        raise refuse("not_csv", reader.line_num, problem=str(exc)) from None
    if not rows or not _header(rows[0][1]):
        raise refuse("header", 1, first=escaped(cut(head_line.strip(), 60)))
    teams: list[Team] = []
    lines: dict[str, tuple[int, str]] = {}  # the line and name of each team, by name_key()
    for line, row in rows[1:]:
        if not any(c.strip() for c in row):
            continue
        if len(row) > 3:
            raise refuse("fields", line)
        if len(teams) >= MAX_TEAMS:
            raise refuse("too_many", line, most=MAX_TEAMS)
        try:
            teams.append(Team(name=row[0], players=[c for c in row[1:3] if c.strip()]))
        except ValidationError as exc:
            raise CliError(f"{path}:{line}: {_csv_problem(exc, row, lang)}") from None
        # "Os Ases", "os  ases" and "José" with a combining accent are one team's name: the
        # names are shown as typed (escaped), so that the difference is seen.
        name, typed = teams[-1].name, row[0].strip()
        key = name_key(name)
        if key in lines:
            first, other = lines[key]
            if other == typed:
                raise refuse("twice", line, team=repr(cut(name)), first=first)
            raise refuse("same_name", line, team=escaped(typed), other=escaped(other), first=first)
        lines[key] = (line, typed)
    return teams


def _delimiter(first: str) -> str:
    """What separates the fields of the teams' CSV whose line 1 is `first`: a comma, or what
    that header line is written with when it is the header split otherwise (a spreadsheet in
    Portuguese saves its CSV with semicolons, the comma being its decimal point; a copied range
    has tabs)."""
    for mark in (";", "\t"):
        if _header(first.split(mark)):
            return mark
    return ","


def _header(cells: list[str]) -> bool:
    """Whether `cells` are the teams' CSV header, in English or Portuguese (case, accents and
    spaces aside): `team,player1,player2` or `equipa,jogador1,jogador2`."""
    words = [bare_word(c).replace(" ", "") for c in cells]
    return words in (["team", "player1", "player2"], ["equipa", "jogador1", "jogador2"])


def _csv_problem(exc: ValidationError, row: list[str], lang: str) -> str:
    """What is wrong with a line of the teams' CSV, in the model's words (without pydantic's
    `Value error, `; in `lang` where they have a kind), after the column it is in."""
    from pydantic import ValidationError

    from .._issues import validation_issues
    from .._lang import issue_text
    from ..tournament import Team

    issue = validation_issues(exc, root=Team)[0]
    said = issue_text(issue, lang)
    if not issue.path.startswith("players"):
        return f"team: {said}"
    for column, name in zip(("player1", "player2"), row[1:3], strict=False):
        try:
            Team(name="-", players=[name])
        except ValidationError:
            return f"{column}: {said}"
    return f"players: {said}"


def _load(path: str, lang: str = "en") -> tuple[Tournament, Variant]:
    from .._errors import SourceError
    from ..tournament import load_tournament

    try:
        return load_tournament(path)
    except SourceError as exc:
        raise CliError(issue_lines(exc.issues, lang)) from None


def _update(
    path: str, change: Callable[[Tournament, Variant], Tournament], lang: str = "en"
) -> Tournament:
    """Load the file, change it, write it back atomically: a refused change writes nothing (and
    is said in `lang`)."""
    from .._errors import SourceError
    from ..tournament import TournamentError, update_tournament
    from ..tournament._words import refusal_text
    from ._common import cli_words

    try:
        return update_tournament(path, change)
    except TournamentError as exc:
        said = str(exc) if lang == "en" else refusal_text(exc, lang)
        if exc.code == "has_result":  # a result to correct: the command that undoes it
            r, t = str(exc.params.get("round")), str(exc.params.get("table"))
            undo = cli_words(lang, "tour.undo_to_correct", file=shlex.quote(path), r=r, t=t)
            said = f"{said.rstrip('.')}: {undo}"
        raise CliError(f"{path}: {said}") from None
    except SourceError as exc:
        raise CliError(issue_lines(exc.issues, lang)) from None
    except OSError as exc:
        said = cli_words(lang, "tour.cannot_write", reason=exc.strerror or str(exc))
        raise CliError(f"{path}: {said}") from None


def checked_tournament_file(path: str | None, lang: str = "en") -> str | None:
    """`sueca serve --tournament FILE`: the file, checked before the server starts (its problems
    said in `lang`)."""
    if path is not None:
        _load(path, lang)
    return path


def _pair_text(t: Tournament, lang: str) -> str:
    return _round_text(t.rounds[-1], lang)


def _round_text(rnd: Round, lang: str) -> str:
    """A round's tables (with the score of each table whose result is in) and byes."""
    from ._common import cli_words

    say = cli_words
    lines = [say(lang, "tour.round", r=rnd.round)]
    for tab in rnd.tables:
        group = say(lang, "tour.group", g=tab.group) if tab.group else ""
        kind = say(lang, f"tour.{tab.kind}") if tab.kind in ("final", "third_place") else ""
        a, b = tab.teams
        # "A v B" while the table plays, "A 2-1 B" once its result is in
        score = "" if tab.result is None else "-".join(map(str, tab.result.score))
        key = "tour.table_score" if score else "tour.table"
        lines.append(say(lang, key, t=tab.table, a=a, b=b, score=score, group=group, kind=kind))
    for name in rnd.byes:
        lines.append(say(lang, "tour.bye", team=name))
    return "\n".join(lines)


# --- the actions ---------------------------------------------------------------------------


def _run_new(args: argparse.Namespace) -> int:

    from .._errors import SuecaError
    from .._files import atomic_write_text
    from ..tournament import DEFAULT_NAME, TIEBREAKS, create
    from ..tournament._model import TournamentError, fitting_text
    from ..tournament._words import refusal_text, tournament_words
    from ._common import cli_words, lang_of, load_variant_arg

    lang = lang_of(args)
    if Path(args.file).exists() and not args.force:
        raise CliError(cli_words(lang, "tour.exists", path=args.file), status=2)
    teams = read_teams_csv(args.teams, lang)
    variant = load_variant_arg(args.variant, lang)
    tiebreaks = None
    if args.tiebreaks:
        tiebreaks = [w.strip() for w in args.tiebreaks.split(",") if w.strip()]
        wrong = [w for w in tiebreaks if w not in TIEBREAKS]
        if wrong:
            said = cli_words(
                lang, "tour.tiebreak", given=repr(wrong[0]), names=", ".join(TIEBREAKS)
            )
            raise CliError(said, status=2)
    try:
        t = create(
            teams,
            args.format,
            variant=variant,
            seed=args.seed,
            swiss_rounds=args.rounds,
            groups=args.groups,
            advance=args.advance,
            third_place=args.third_place,
            name=DEFAULT_NAME if args.name is None else args.name,
            tiebreaks=tiebreaks,
            shuffle=args.shuffle,
        )
    except TournamentError as exc:
        if exc.code == "argument" and exc.issues:  # --name (the one free text the file keeps)
            from .._lang import issue_text

            issue = exc.issues[0]
            option = "--name" if issue.path == "name" else issue.path
            raise CliError(f"{option}: {issue_text(issue, lang)}", status=2) from None
        raise CliError(refusal_text(exc, lang)) from None
    except (SuecaError, ValueError) as exc:
        raise CliError(str(exc).splitlines()[0]) from None
    try:
        atomic_write_text(args.file, fitting_text(t))
    except TournamentError as exc:
        raise CliError(refusal_text(exc, lang)) from None
    except OSError as exc:
        said = cli_words(lang, "tour.cannot_write", reason=exc.strerror or str(exc))
        raise CliError(f"{args.file}: {said}") from None
    words = tournament_words(lang)
    fmt = words("print.format", f=args.format)
    print(cli_words(lang, "tour.created", path=args.file, n=len(teams), format=fmt))
    return 0


def _run_pair(args: argparse.Namespace) -> int:
    from ..tournament import pair
    from ._common import lang_of

    lang = lang_of(args)
    t = _update(args.file, lambda t, _v: pair(t), lang)
    print(_pair_text(t, lang))
    return 0


def _score(text: str, option: str, lang: str) -> tuple[int, int]:
    from ._common import cli_words

    m = _SCORE.match(text)
    if m is None:
        said = cli_words(lang, "tour.score", option=option, given=repr(cut(text)))
        raise CliError(said, status=2)
    return int(m.group(1)), int(m.group(2))


def _record_arg(path: str, lang: str) -> tuple[Record, RecordRef]:
    """The record of `--record`, read and replayed as `sueca replay` does it: its problems are
    said as that command says them (each at its place in the record, in `lang`)."""
    from .._errors import Issue, RecordError
    from .._files import FileRefusedError, read_regular_file
    from .._match import Match
    from .._record import MAX_RECORD_BYTES, load_record
    from ..tournament import RecordRef, sha256_of

    try:
        record = load_record(path)
        Match.from_record(record)
        digest = sha256_of(read_regular_file(path, MAX_RECORD_BYTES))
    except RecordError as exc:
        raise CliError(issue_lines(exc.issues, lang)) from None
    except FileNotFoundError:  # gone between its reading and now
        gone = Issue("no such file", file=path, kind="no_such_file")
        raise CliError(issue_lines([gone], lang)) from None
    except FileRefusedError as exc:  # (likewise: it changed meanwhile)
        values = tuple((k, str(v)) for k, v in exc.params.items())
        issue = Issue(exc.reason, file=path, kind=exc.kind, params=values)
        raise CliError(issue_lines([issue], lang)) from None
    return record, RecordRef(file=str(path), sha256=digest)


def _run_result(args: argparse.Namespace) -> int:
    from ..tournament import record_result
    from ._common import cli_words, lang_of

    lang = lang_of(args)
    score = _score(args.score, "--score", lang) if args.score else None
    games = _score(args.games, "--games", lang) if args.games else None
    if games is not None and score is None:
        raise CliError(cli_words(lang, "tour.games_alone"), status=2)
    record, ref = _record_arg(args.record, lang) if args.record else (None, None)

    def change(t: Tournament, variant: Variant) -> Tournament:
        return record_result(
            t,
            variant,
            args.round,
            args.table,
            score=score,
            games=games,
            record=record,
            record_ref=ref,
            no_show=args.no_show,
        )

    t = _update(args.file, change, lang)
    tab = t.rounds[args.round - 1].tables[args.table - 1]
    assert tab.result is not None
    print(_result_line(lang, args.round, args.table, tab.teams, tab.result.score))
    if score is not None and games is None and _BY_GAMES & set(t.tiebreaks):
        # Games not given are unknown (not 0-0): the games tie-breaks pass these teams over.
        a, b = tab.teams
        note = cli_words(
            lang, "tour.no_games", a=a, b=b, file=shlex.quote(args.file), r=args.round, t=args.table
        )
        print(note, file=sys.stderr)
    return 0


def _result_line(
    lang: str, round_no: int, table_no: int, teams: Sequence[str], score: Sequence[int]
) -> str:
    """`round 1 table 2: Os Ases 2-1 Os Reis`, in `lang`."""
    from ._common import cli_words

    a, b = teams
    return cli_words(
        lang, "tour.result", r=round_no, t=table_no, a=a, b=b, score=f"{score[0]}-{score[1]}"
    )


def _levels(text: str | None, lang: str) -> dict[str, int]:
    from ..tournament._model import name_key
    from ._common import cli_words

    out: dict[str, int] = {}
    if not text:
        return out
    for part in text.split(","):
        name, sep, level = part.rpartition("=")
        if not sep or not name.strip():
            said = cli_words(lang, "tour.levels", given=repr(cut(part)))
            raise CliError(said, status=2)
        if name_key(name) in {name_key(n) for n in out}:  # which would count?
            said = cli_words(lang, "tour.levels_twice", team=repr(cut(name.strip())))
            raise CliError(said, status=2)
        try:
            out[name.strip()] = level_arg(level.strip())
        except ArgRefusal as exc:
            said = exc.text(lang)
            raise CliError(f"--levels {name + sep + cut(level)!r}: {said}", status=2) from None
    return out


def _run_play(args: argparse.Namespace) -> int:
    """Each table's result is written as soon as its match is over, under the file's lock for
    that write only: a command killed midway keeps the tables it finished (playing again plays
    the rest), and `result` or the web app may write the file between two tables."""
    from .._record import save_record
    from ..tournament import RecordRef, TournamentError, bot_tables, play_table, sha256_of
    from ..tournament._words import refusal_text
    from ._common import lang_of

    lang = lang_of(args)
    levels = _levels(args.levels, lang)
    folder = Path(args.records) if args.records else None
    t, variant = _load(args.file, lang)
    try:
        waiting = bot_tables(t, levels)
    except TournamentError as exc:
        said = str(exc) if lang == "en" else refusal_text(exc, lang)
        raise CliError(f"{args.file}: {said}") from None
    if folder is not None:
        if not folder.is_dir():  # what stops it being made (a file in its path...) in `lang`
            check_writable(folder, "--records", parents=True, lang=lang)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CliError(f"--records {folder}: {exc.strerror or exc}", status=2) from None
    rnd = t.rounds[-1]
    refused = False
    for number in waiting:
        match = play_table(t, variant, number, levels, level=args.level)
        ref = None
        if folder is not None:
            path = folder / f"round{rnd.round}-table{number}.yaml"
            try:  # a folder of that name in the way, no permission...: said, the others played
                check_writable(path, "--records", parents=False, lang=lang)
                save_record(match.to_record(), path)
                ref = RecordRef(file=str(path), sha256=sha256_of(path.read_bytes()))
            except CliError as exc:
                print(exc.message, file=sys.stderr, flush=True)
                refused = True
                continue
            except OSError as exc:
                said = cli_words(lang, "tour.cannot_write", reason=exc.strerror or str(exc))
                print(f"{path}: {said}", file=sys.stderr, flush=True)
                refused = True
                continue
        teams = rnd.tables[number - 1].teams
        try:
            _update(args.file, _bots_result(t, variant, number, match, ref), lang)
        except CliError as exc:  # that table changed meanwhile: said, and the others played
            print(exc.message, file=sys.stderr, flush=True)
            refused = True
            continue
        print(_result_line(lang, rnd.round, number, teams, match.partidas), flush=True)
    return 1 if refused else 0


def _bots_result(
    played: Tournament, variant: Variant, number: int, match: Match, ref: RecordRef | None
) -> Callable[[Tournament, Variant], Tournament]:
    """The change that writes the bots' match of table `number` of `played`'s last round into the
    file as it is now: refused when that table has changed meanwhile (a result entered, the round
    undone or paired again, another variant)."""
    from ..tournament import TournamentError, bots_result, pairing_at, same_rules

    round_no = len(played.rounds)
    tab = played.rounds[-1].tables[number - 1]

    def change(now: Tournament, now_variant: Variant) -> Tournament:
        where = f"round {round_no} table {number}"
        mine = pairing_at(now, round_no, number)
        if mine is None or mine.teams != tab.teams or not same_rules(now_variant, variant):
            raise TournamentError(
                f"{where} changed while the bots played it (its round was undone or paired "
                "again, or the variant changed): their match is not counted",
                code="bots_changed",
                round=round_no,
                table=number,
            )
        if mine.result is not None:
            a, b = mine.result.score
            raise TournamentError(
                f"{where} was given a result ({a}-{b}) while the bots played it: their match is "
                "not counted (undo that result and play again to count it)",
                code="bots_late",
                round=round_no,
                table=number,
                score=f"{a}-{b}",
            )
        return bots_result(now, now_variant, round_no, number, match, ref)

    return change


def _run_undo(args: argparse.Namespace) -> int:
    from ..tournament import undo
    from ._common import cli_words, lang_of

    lang = lang_of(args)
    if (args.round is None) != (args.table is None):
        raise CliError(cli_words(lang, "tour.undo_both"), status=2)
    taken: list[tuple[int, int]] = []

    def change(t: Tournament, _v: object) -> Tournament:
        after = undo(t, args.round, args.table)
        taken.extend(_results(t) - _results(after))
        return after

    before = len(_load(args.file, lang)[0].rounds)
    t = _update(args.file, change, lang)
    if len(t.rounds) < before:
        print(cli_words(lang, "tour.pairing_undone", r=before))
    else:
        (r, number), *_ = taken  # the one result taken back: said by its round and table
        print(cli_words(lang, "tour.result_undone", r=r, t=number))
    return 0


def _results(t: Tournament) -> set[tuple[int, int]]:
    """The (round, table) of every table with a result."""
    return {(r.round, tb.table) for r in t.rounds for tb in r.tables if tb.result is not None}


_COLUMNS = (
    "rank",
    "team",
    "played",
    "won",
    "lost",
    "byes",
    "points",
    "partidas_for",
    "partidas_against",
    "games_for",
    "games_against",
)


def _csv_cell(value: object) -> str:
    text = str(value)
    # A spreadsheet reads a cell that starts with = + - @ as a formula: not a team's name.
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _run_standings(args: argparse.Namespace) -> int:
    import sys

    from .._files import atomic_write_text
    from ..tournament import standings, standings_data, tournament_html
    from ._common import cli_words, lang_of

    t, variant = _load(args.file, lang_of(args))
    if args.json:
        print_json(standings_data(t))
        return 0
    if args.csv:
        # A groups tournament adds each team's group, last (the columns before stay in place).
        columns = (*_COLUMNS, "group") if t.groups else _COLUMNS
        writer = csv.writer(sys.stdout, lineterminator="\n")
        writer.writerow(columns)
        for s in standings(t):
            row = s.as_dict()
            writer.writerow([_csv_cell(row.get(c, "")) for c in columns])
        return 0
    if args.html:
        check_writable(args.html, "--html", parents=False, lang=lang_of(args))
        try:
            atomic_write_text(args.html, tournament_html(t, variant, lang=lang_of(args)))
        except OSError as exc:
            raise CliError(f"--html {args.html}: {exc.strerror or exc}") from None
        print(cli_words(lang_of(args), "tour.written", path=args.html))
        return 0
    _print_text(t, lang_of(args))
    return 0


def _print_text(t: Tournament, lang: str) -> None:
    """The standings as a table, then (in a groups tournament) each group's own standings under
    its heading, then the rounds and the winner."""
    from ..tournament import DEFAULT_NAME, group_standings, open_tables, planned_rounds, winner
    from ..tournament import standings as all_standings
    from ._common import cli_words

    name = cli_words(lang, "tour.name") if t.name == DEFAULT_NAME else t.name
    waiting = ", ".join(map(str, open_tables(t)))
    title = cli_words(
        lang, "tour.title", name=name, r=len(t.rounds), n=planned_rounds(t), waiting=waiting
    )
    # Every team's line says its group; each group's own standings (what decides who goes on
    # to the knockout) follow, each under its heading.
    _print_standings(title, all_standings(t), lang, grouped=bool(t.groups))
    for group, table in group_standings(t).items():
        print()
        _print_standings(cli_words(lang, "tour.group_title", g=group), table, lang)
    for rnd in t.rounds:
        print()
        print(_round_text(rnd, lang))
    won = winner(t)
    if won is not None:
        print()
        print(cli_words(lang, "tour.winner", team=won))


def _print_standings(
    title: str, table: Sequence[Standing], lang: str, *, grouped: bool = False
) -> None:
    """One standings table under `title` (with rich when it is there), with a group column after
    the team's when `grouped`."""
    import importlib.util

    from ._common import cli_words

    rows = [[str(s.as_dict()[c]) for c in _COLUMNS] for s in table]
    for row, s in zip(rows, table, strict=True):
        if s.games_unknown:  # marked, and said under the table (not counted as 0-0)
            row[-2:] = [f"{row[-2]}*", f"{row[-1]}*"]
    head = ["#", *cli_words(lang, "tour.columns").split("|")]
    if grouped:
        head.insert(2, cli_words(lang, "tour.group_column"))
        for row, s in zip(rows, table, strict=True):
            row.insert(2, s.group or "")
    left = {1, 2} if grouped else {1}  # the columns of names, the others are numbers
    if importlib.util.find_spec("rich") is not None:
        from rich.console import Console
        from rich.table import Table as RichTable
        from rich.text import Text

        shown = RichTable(title=title)
        for i, h in enumerate(head):
            shown.add_column(h, justify="left" if i in left else "right")
        for row in rows:
            shown.add_row(*(Text(c) for c in row))  # a name is shown as written, not as markup
        Console().print(shown)
    else:
        widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(head)]
        print(title)
        for row in [head, *rows]:
            print(
                "  ".join(
                    c.ljust(w) if i in left else c.rjust(w)
                    for i, (c, w) in enumerate(zip(row, widths, strict=True))
                )
            )
    if any(s.games_unknown for s in table):
        print(cli_words(lang, "tour.games_unknown"))


_ACTIONS: Final = (
    Command("tournament.new", _run_new, _new_arguments, description=False),
    Command("tournament.pair", _run_pair, _pair_arguments, description=False),
    Command("tournament.result", _run_result, _result_arguments, description=False),
    Command("tournament.play", _run_play, _play_arguments, description=False),
    Command("tournament.standings", _run_standings, _standings_arguments, description=False),
    Command("tournament.undo", _run_undo, _undo_arguments, description=False),
)
"""The actions of `sueca tournament`, in the order its help lists them (see `Command`)."""

COMMANDS: Final = (Command("tournament", _no_action, _arguments),)
"""`sueca tournament` (see `Command`)."""
