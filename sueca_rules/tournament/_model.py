"""The tournament file: the whole state of a tournament, as pydantic models, read and written as
YAML.

```yaml
sueca_tournament: 1
name: Taça do Café
format: swiss                  # round_robin | swiss | knockout | groups
seed: 7
variant: portugal              # a built-in id, or a whole variant written inline
swiss_rounds: 4                # swiss only
points: {win: 3, loss: 0}
bye_score: {partidas: [1, 0], games: [4, 0]}
no_show_score: {partidas: [1, 0], games: [4, 0]}
tiebreaks: [head_to_head, partidas_difference, games_difference, seed]
teams:
  - {name: Os Ases, players: [Ana, Rui]}
rounds:
  - round: 1
    stage: swiss
    tables:
      - table: 1
        teams: [Os Ases, Os Trunfos]
        result: {score: [1, 0], games: [4, 2], how: score, order: 1}
    byes: [Os Manilhas]
```

Reading goes through the package's safe YAML reader (positions kept), so that every problem is
reported with its file, line and column, as for variant files.
"""

from __future__ import annotations

import hashlib
import json
import re
import unicodedata
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any, Literal, NamedTuple

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator

from .._errors import (
    Issue,
    SourceError,
    SuecaError,
    VariantError,
    check_file_name,
    check_path,
)
from .._files import atomic_write_text, locked
from .._issues import validated
from .._record import Record
from .._registry import builtin_ids, inline_variant, load_variant
from .._text import code_point, control_character, cut, escaped, invisible_character
from .._variant import RuleError, Variant
from .._yaml import (
    FlowDict,
    FlowList,
    Limits,
    Located,
    cap_issues,
    count_values,
    dump_yaml,
    read_yaml_file,
    said,
)
from ._games import MAX_GAMES, games_refusal
from ._pairing import bracket_slots

__all__ = [
    "DEFAULT_NAME",
    "FORMATS",
    "MAX_TEAMS",
    "TIEBREAKS",
    "Pairing",
    "Points",
    "RecordRef",
    "Result",
    "Round",
    "SetScore",
    "Team",
    "Tournament",
    "TournamentError",
    "TournamentFileError",
    "dump_tournament",
    "load_tournament",
    "normal_name",
    "parse_tournament",
    "record_digest",
    "save_tournament",
    "score_problem",
    "sha256_of",
    "tournament_variant",
    "update_tournament",
]

MAX_TEAMS = 512
"""The most teams a tournament may have."""
MAX_NAME = 60
"""The longest team or player name, in characters."""
MAX_ROUNDS = 1100
TOURNAMENT_LIMITS = Limits(max_bytes=8 * 1024 * 1024, max_nodes=250_000, max_items=20_000)
"""What one tournament file may hold (see `Limits`). A quarter of a million values is what the
reader gets through in a second or two, in some 70 MB: a file made to hold more (a million values
took eight seconds and 280 MB to be refused) is refused before it costs that."""
VALUES_PER_TABLE = 32
"""The most values (keys, items, values) one table of a round takes in the file, with its result,
games and record: what the count of tables a tournament may plan is measured in."""
MAX_TABLES = TOURNAMENT_LIMITS.max_nodes // VALUES_PER_TABLE - 1_000
"""The most tables a tournament may have in all its rounds (a round robin of 117 teams): more
would make a file too large to read back before its last round."""

Format = Literal["round_robin", "swiss", "knockout", "groups"]
FORMATS: tuple[Format, ...] = ("round_robin", "swiss", "knockout", "groups")
Tiebreak = Literal[
    "head_to_head", "partidas_difference", "games_difference", "partidas_for", "games_for", "seed"
]
TIEBREAKS: tuple[Tiebreak, ...] = (
    "head_to_head",
    "partidas_difference",
    "games_difference",
    "partidas_for",
    "games_for",
    "seed",
)
Stage = Literal["round_robin", "swiss", "knockout", "groups"]
How = Literal["score", "record", "no_show", "bots"]


DEFAULT_NAME = "Tournament"
"""The name of a tournament that was given none (the web pages say it in their language)."""


class TournamentError(SuecaError, ValueError):
    """A tournament action that cannot be done (an impossible score, a table or round that does not
    exist, a record of another variant, a round paired before the last one is finished). The
    message says what is wrong and what would be valid; the tournament is unchanged.

    `code` and `params`, where given, say the same without words, for a page that tells it in its
    own language (`"score"`, `"has_result"`, `"not_finished"`, `"over"`, `"nothing_to_undo"`,
    `"no_result"`): the message stays the English text."""

    def __init__(self, message: str, *, code: str | None = None, **params: object) -> None:
        super().__init__(message)
        self.code = code
        """What went wrong, as a word a page can tell in its own language (or `None`)."""
        self.params = params
        """The values `code`'s sentence names (round, table, score…)."""
        self.issues: tuple[Issue, ...] = ()
        """The problems behind the refusal, where it has some (a record that cannot be replayed:
        its `RecordError`'s issues), for a front end to say in its reader's language."""


class TournamentFileError(SourceError):
    """A tournament file that could not be read or is not valid; each issue has its line and
    column."""


def check_tournament(t: object, where: str) -> None:
    """A `TournamentError` unless `t` is a `Tournament` (what `where`, a function, takes)."""
    if not isinstance(t, Tournament):
        raise TournamentError(
            f"{where} takes a Tournament (from create() or load_tournament()), not {cut(repr(t))}",
            code="argument",
        )


def check_place(value: object, what: str, *, or_none: bool = False) -> None:
    """A `TournamentError` unless `value` is a whole number (a round or a table number; one out
    of range is refused where it is looked up, with what would be valid), or `None` when
    `or_none`."""
    if not (type(value) is int or (or_none and value is None)):
        none = " or None" if or_none else ""
        raise TournamentError(
            f"{what} must be a whole number{none}, not {cut(repr(value))}", code="argument"
        )


def normal_name(name: str) -> str:
    """`name` in Unicode's composed form (NFC), as every name is kept and compared: "José" typed
    with an accented é and with an e and a combining accent is one name."""
    return unicodedata.normalize("NFC", name)


def _check_name(value: str) -> str:
    text = normal_name(value).strip()
    if not text:
        raise RuleError("a name must not be empty", kind="tournament_name_empty")
    if len(text) > MAX_NAME:
        raise RuleError(
            f"a name has at most {MAX_NAME} characters, got {len(text)}",
            kind="tournament_name_long",
            most=MAX_NAME,
            got=len(text),
        )
    # Shown as it is in the terminal: no control character (C0 or C1: U+009B is a CSI on some
    # terminals) and no bidirectional override (which reverses what follows).
    if control_character(text) is not None:
        raise RuleError(
            "a name must be on one line, without control characters",
            kind="tournament_name_control",
        )
    # Nor any character that shows nothing: "Os Ases" with a zero-width space inside looks like
    # "Os Ases" and would be another team.
    hidden = invisible_character(text)
    if hidden is not None:
        raise RuleError(
            f"the name {escaped(text)} holds an invisible character ({code_point(hidden)}): "
            "write it with letters, digits, signs and plain spaces only",
            kind="tournament_name_invisible",
            name=escaped(text),
            char=code_point(hidden),
        )
    return text


def name_key(name: str) -> str:
    """What two team names must not share: `name` with case, compatibility forms (NFKC: a
    full-width letter, a ligature, a no-break space) and runs of spaces set aside. "Os Ases",
    "os  ases" and "OS ASES" are one team's name."""
    text = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return " ".join(_VARIATION_SELECTORS.sub("", text).split())


def team_named(names: Sequence[str], name: str) -> str | None:
    """The team of `names` that `name` names, as typed by a person: the same name (NFC), or
    else the one it is once `name_key()` sets case, spaces and character forms aside ("os
    ases" names "Os Ases": no two teams share a key); `None` when none."""
    typed = normal_name(name).strip()
    if typed in names:
        return typed
    key = name_key(typed)
    return next((team for team in names if name_key(team) == key), None)


_VARIATION_SELECTORS = re.compile("[\ufe00-\ufe0f\U000e0100-\U000e01ef]")
"""Which drawing of a sign to show (an emoji's colour form): the same name either way."""


def same_name(names: Sequence[str]) -> tuple[int, int] | None:
    """The places of the first name of `names` that is another's once `name_key()` sets case,
    forms and spaces aside (the earlier one first), or `None`."""
    seen: dict[str, int] = {}
    for i, name in enumerate(names):
        key = name_key(name)
        if key in seen:
            return seen[key], i
        seen[key] = i
    return None


Name = Annotated[str, AfterValidator(_check_name)]
"""A name given in the file (a team's, a player's, the tournament's): checked, in composed form."""
TeamRef = Annotated[str, AfterValidator(normal_name)]
"""A team named where it plays (a pairing, a bye, a group, a seed, a no-show), in composed form:
the same team however its name was typed."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Team(_Model):
    """A team of two: its name (unique in the tournament) and its players."""

    name: Name = Field(description="The team's name, unique in the tournament.")
    players: list[str] = Field(default_factory=list, max_length=2)

    @field_validator("players")
    @classmethod
    def _players(cls, players: list[str]) -> list[str]:
        return [_check_name(p) for p in players if p.strip()]


class SetScore(_Model):
    """A result given without play (a bye, a no-show): partidas and games of the winner first."""

    partidas: list[int] = Field(min_length=2, max_length=2)
    games: list[int] = Field(min_length=2, max_length=2)


class Points(_Model):
    """Standings points for a win and for a loss (a bye is a win)."""

    win: int = Field(3, ge=0, le=100)
    loss: int = Field(0, ge=0, le=100)


class RecordRef(_Model):
    """The game record a result was read from (or written to by bots)."""

    file: str = Field(max_length=1000)
    sha256: str = Field(min_length=64, max_length=64)
    """The record's `record_digest()`: the SHA-256 of what it holds, whatever its layout or
    comments (files written by sueca-rules 0.1.0 hold the SHA-256 of the file's bytes)."""


class Result(_Model):
    """The result of one table: partidas won by its first and second team."""

    score: list[int] = Field(min_length=2, max_length=2)
    games: list[int] | None = Field(default=None, min_length=2, max_length=2)
    how: How = "score"
    no_show: TeamRef | None = None
    record: RecordRef | None = None
    order: int = Field(ge=1, description="The order results were entered in (for undo).")


class Pairing(_Model):
    """Two teams that meet in a round, at its table number `table` (the first team plays seats
    0 and 2), and their result once it is in."""

    table: int = Field(ge=1)
    teams: list[TeamRef] = Field(min_length=2, max_length=2)
    group: str | None = None
    kind: Literal["match", "final", "third_place"] = "match"
    result: Result | None = None


class Round(_Model):
    """One round: its tables and the teams that sit it out (a bye counts as a win)."""

    round: int = Field(ge=1)
    stage: Stage
    tables: list[Pairing] = Field(default_factory=list)
    byes: list[TeamRef] = Field(default_factory=list)


class Group(_Model):
    """A group of the groups stage: its name and its teams."""

    name: str
    teams: list[TeamRef] = Field(min_length=1)


class Tournament(_Model):
    """The whole state of a tournament (see the module documentation for the file)."""

    sueca_tournament: Literal[1] = 1
    name: Name = DEFAULT_NAME
    format: Format
    seed: int | str = 0
    variant: str | dict[str, Any] = "portugal"
    swiss_rounds: int | None = Field(default=None, ge=1, le=MAX_ROUNDS)
    groups: list[Group] | None = None
    advance: int | None = Field(default=None, ge=1, le=MAX_TEAMS)
    third_place: bool = False
    points: Points = Field(default_factory=Points)
    bye_score: SetScore
    no_show_score: SetScore
    tiebreaks: list[Tiebreak] = Field(default_factory=lambda: [*TIEBREAKS[:3], "seed"])
    teams: list[Team] = Field(min_length=2, max_length=MAX_TEAMS)
    knockout_seeds: list[TeamRef] | None = None
    rounds: list[Round] = Field(default_factory=list, max_length=MAX_ROUNDS)

    def team_names(self) -> list[str]:
        """The teams' names, in seed order."""
        return [t.name for t in self.teams]


class Problem(NamedTuple):
    """A problem of a tournament file found across its fields: the English words, where, and its
    kind and values for the words of another language (`issue.tournament_<kind>`)."""

    message: str
    path: tuple[str | int, ...]
    kind: str
    params: dict[str, str | int]


Problems = list[Problem]


def _problem(message: str, path: tuple[str | int, ...], kind: str, **params: str | int) -> Problem:
    return Problem(message, path, f"tournament_{kind}", params)


def _twice(team: str, path: tuple[str | int, ...]) -> Problem:
    return _problem(f"the team {team!r} is listed twice", path, "twice", team=team)


def same_name_problem(name: str, other: str, place: int) -> tuple[str, dict[str, str | int]]:
    """A team `name` that is the name of the `place`-th team, `other`, once case, spacing and
    character forms are set aside (`name_key()`): what is wrong, and its values (both names
    escaped, so that the difference shows)."""
    params: dict[str, str | int] = {"team": escaped(name), "other": escaped(other), "n": place}
    message = (
        f"the team {escaped(name)} has the same name as team {place} of the list, "
        f"{escaped(other)}, once case, spacing and character forms are set aside: each team "
        "needs a name of its own"
    )
    return message, params


def _not_a_team(team: str, path: tuple[str | int, ...]) -> Problem:
    return _problem(f"{team!r} is not a team of this tournament", path, "not_a_team", team=team)


def _how_problem(res: Result) -> tuple[str, str] | None:
    """What does not fit how a result was entered (`how`), and the field it is at: a no-show
    (`no_show`, the team that did not come) is a result entered as one."""
    if res.no_show is not None and res.how != "no_show":
        return f"no_show goes with how: no_show, not how: {res.how}", "no_show"
    return None


def _check_result(
    tab: Pairing,
    where: tuple[str | int, ...],
    variant: Variant,
    later: int | None,
    orders: dict[int, tuple[int, int]],
    round_no: int,
) -> Problems:
    """What is wrong with a table's result: none while `later` (a round paired from it) exists,
    an `order` another result has (`orders`, filled in here), a score or games impossible
    under `variant`, a no-show of a team not at the table."""
    res = tab.result
    if res is None:
        if later is None:
            return []
        message = f"this table has no result, but round {later} was paired after it"
        return [_problem(message, where, "no_result", later=later)]
    problems: Problems = []
    how = _how_problem(res)
    if how is not None:
        problems.append(_problem(how[0], (*where, "result", how[1]), "how", how=res.how))
    if res.order in orders:
        at_round, at_table = orders[res.order]
        problems.append(
            _problem(
                f"the order {res.order} is already the order of round {at_round} table "
                f"{at_table}'s result: each result has its own (undo takes the highest)",
                (*where, "result", "order"),
                "order_twice",
                order=res.order,
                round=at_round,
                table=at_table,
            )
        )
    else:
        orders[res.order] = (round_no, tab.table)
    refused = score_refusal(res.score, variant.match.best_of)
    if refused:
        message, kind, params = refused
        problems.append(_problem(message, (*where, "result", "score"), kind, **params))
    elif res.games is not None:
        found = games_refusal(res.games, res.score, variant)
        if found:
            problems.append(_problem(found[0], (*where, "result", "games"), found[1], **found[2]))
    if res.no_show is not None and res.no_show not in tab.teams:
        problems.append(
            _problem(
                f"no_show must name a team of this table ({res.no_show!r} does not play at it)",
                (*where, "result", "no_show"),
                "no_show",
                team=res.no_show,
            )
        )
    return problems


def _check_set_scores(t: Tournament, variant: Variant) -> Problems:
    """What is wrong with `bye_score` and `no_show_score`: a bye and a no-show are wins, by a
    score a match can end with and games that score can have."""
    problems: Problems = []
    for key in ("bye_score", "no_show_score"):
        given: SetScore = getattr(t, key)
        if min(given.partidas) < 0:
            got = "-".join(map(str, given.partidas))
            problems.append(
                _problem(
                    f"partidas won cannot be negative, got {given.partidas}",
                    (key, "partidas"),
                    "negative",
                    got=got,
                )
            )
        if not 0 <= min(given.games) <= max(given.games) <= MAX_GAMES:
            got = "-".join(map(str, given.games))
            problems.append(
                _problem(
                    f"games are 0 to {MAX_GAMES:,}, got {given.games}",
                    (key, "games"),
                    "games_range",
                    most=MAX_GAMES,
                    got=got,
                )
            )
        if problems:
            continue
        a, b = given.partidas
        if score_refusal(given.partidas, variant.match.best_of) is not None or a < b:
            wins = ", ".join(final_scores(variant.match.best_of)[1])
            problems.append(
                _problem(
                    f"a {key.removesuffix('_score').replace('_', '-')} is a win: its partidas are "
                    f"a score a match is won by, {wins}, got {a}-{b}",
                    (key, "partidas"),
                    "set_score",
                    wins=wins,
                    got=f"{a}-{b}",
                )
            )
            continue
        found = games_refusal(given.games, given.partidas, variant)
        if found:
            problems.append(_problem(found[0], (key, "games"), found[1], **found[2]))
    return problems


def _check_whole(t: Tournament, variant: Variant) -> Problems:
    """What is wrong between the fields (names that are not teams, a team twice in a round...)."""
    problems: Problems = []
    names = t.team_names()
    found = same_name(names)
    if found is not None:
        first, again = found
        if names[first] == names[again]:
            problems.append(_twice(names[again], ("teams", again, "name")))
        else:
            said = same_name_problem(names[again], names[first], first + 1)
            problems.append(_problem(said[0], ("teams", again, "name"), "same_name", **said[1]))
    known = set(names)
    problems += _check_set_scores(t, variant)
    orders: dict[int, tuple[int, int]] = {}  # the round and table of each result's order
    # The first round paired from the results of the ones before it, whole: a Swiss round from
    # the standings, the knockout of a groups tournament from the groups' standings.
    knockout = [r.round for r in t.rounds if r.stage == "knockout"]
    for r_i, rnd in enumerate(t.rounds):
        if rnd.round != r_i + 1:
            problems.append(
                _problem(
                    f"rounds are numbered from 1 in order: expected {r_i + 1}",
                    ("rounds", r_i, "round"),
                    "round_number",
                    expected=r_i + 1,
                )
            )
        seen: list[str] = []
        for k, tab in enumerate(rnd.tables):
            where: tuple[str | int, ...] = ("rounds", r_i, "tables", k)
            if tab.table != k + 1:
                problems.append(
                    _problem(
                        f"tables are numbered from 1 in order: expected {k + 1}",
                        (*where, "table"),
                        "table_number",
                        expected=k + 1,
                    )
                )
            seen += tab.teams
            for name in tab.teams:
                if name not in known:
                    problems.append(_not_a_team(name, (*where, "teams")))
            later = None  # the round paired from this one's results, when it needs them all
            if t.format == "swiss" and r_i + 1 < len(t.rounds):
                later = r_i + 2
            elif rnd.stage == "groups" and knockout:
                later = knockout[0]
            problems += _check_result(tab, where, variant, later, orders, rnd.round)
        for name in rnd.byes:
            if name not in known:
                problems.append(_not_a_team(name, ("rounds", r_i, "byes")))
        seen += rnd.byes
        if len(set(seen)) != len(seen):
            twice = next(n for n in seen if seen.count(n) > 1)
            problems.append(
                _problem(
                    f"the team {twice!r} is in this round twice",
                    ("rounds", r_i),
                    "round_twice",
                    team=twice,
                )
            )
        elif rnd.stage in ("swiss", "round_robin") and len(seen) < len(known):
            # Every team plays each round of these, or has its bye (and its bye's score).
            left_out = next(n for n in names if n not in seen)
            problems.append(
                _problem(
                    f"the team {left_out!r} is neither at a table of this round nor given a bye",
                    ("rounds", r_i),
                    "left_out",
                    team=left_out,
                )
            )
    if not problems:
        problems += _check_format(t)
    return problems


_STAGES: dict[str, tuple[str, ...]] = {
    "round_robin": ("round_robin",),
    "swiss": ("swiss",),
    "knockout": ("knockout",),
    "groups": ("groups", "knockout"),
}
"""The stages each format's rounds may have (groups: the group rounds, then the knockout)."""


def _check_format(t: Tournament) -> Problems:
    """What does not fit the format: the rounds' stages, the Swiss's count of rounds, the groups,
    the knockout's seeds and its bracket (what pairing the next round builds on)."""
    problems: Problems = []
    n = len(t.teams)
    most = n - 1 if n % 2 == 0 else n
    if t.format == "swiss" and t.swiss_rounds is not None and t.swiss_rounds > most:
        problems.append(
            _problem(
                f"a swiss tournament of {n} teams has 1 to {most} rounds, got {t.swiss_rounds}",
                ("swiss_rounds",),
                "swiss_rounds",
                n=n,
                most=most,
                got=t.swiss_rounds,
            )
        )
    planned = {"round_robin": most, "swiss": t.swiss_rounds}.get(t.format)
    if planned is not None and len(t.rounds) > planned:
        # More rounds than the format has: `pair` would call it over, and the standings count them.
        where: tuple[str | int, ...] = ("swiss_rounds",) if t.format == "swiss" else ("rounds",)
        problems.append(
            _problem(
                f"{len(t.rounds)} rounds are paired, but this {t.format} tournament has {planned}",
                where,
                "rounds_past",
                got=len(t.rounds),
                most=planned,
            )
        )
    stages = _STAGES[t.format]
    for r_i, rnd in enumerate(t.rounds):
        later = r_i and t.rounds[r_i - 1].stage == "knockout" and rnd.stage != "knockout"
        if rnd.stage not in stages or later:
            shown = " then ".join(stages)
            problems.append(
                _problem(
                    f"the rounds of a {t.format} tournament are of the stage {shown}, "
                    f"got {rnd.stage}",
                    ("rounds", r_i, "stage"),
                    "stage",
                    format=t.format,
                    got=rnd.stage,
                )
            )
    problems += _check_groups(t)
    problems += _check_meetings(t)
    problems += _check_byes(t)
    if problems:
        return problems
    return _check_bracket(t)


def _check_byes(t: Tournament) -> Problems:
    """A Swiss or round robin round with byes when the count of teams is even (or more than one
    when it is odd): every team plays but one at most, and a bye is a win."""
    problems: Problems = []
    n = len(t.teams)
    for r_i, rnd in enumerate(t.rounds):
        if rnd.stage in ("swiss", "round_robin") and len(rnd.byes) != n % 2:
            problems.append(
                _problem(
                    f"with {n} teams a round has {'one bye' if n % 2 else 'no bye'}, got "
                    f"{len(rnd.byes)}",
                    ("rounds", r_i, "byes"),
                    "bye_count",
                    n=n,
                    want=n % 2,
                    got=len(rnd.byes),
                )
            )
    return problems


def _check_meetings(t: Tournament) -> Problems:
    """A round robin's (and a group's) two teams that meet a second time: each pair meets once,
    so a table edited by hand to repeat one leaves another pair that never meets."""
    problems: Problems = []
    met: dict[frozenset[str], int] = {}
    for r_i, rnd in enumerate(t.rounds):
        if rnd.stage not in ("round_robin", "groups"):
            continue
        for k, tab in enumerate(rnd.tables):
            pair = frozenset(tab.teams)
            first = met.setdefault(pair, rnd.round)
            if first != rnd.round:
                a, b = tab.teams
                problems.append(
                    _problem(
                        f"{a} and {b} already met in round {first}: in a round robin every two "
                        "teams meet once",
                        ("rounds", r_i, "tables", k, "teams"),
                        "met_twice",
                        a=a,
                        b=b,
                        round=first,
                    )
                )
    return problems


def _check_groups(t: Tournament) -> Problems:
    """The groups of a groups tournament: each team in one group, and `advance` that fits them."""
    problems: Problems = []
    if t.format != "groups":
        for key in ("groups", "advance"):
            if getattr(t, key) is not None:
                problems.append(
                    _problem(
                        f"this is for the groups format only, not {t.format}",
                        (key,),
                        "groups_only",
                        format=t.format,
                    )
                )
        return problems
    if not t.groups:
        problems.append(
            _problem(
                "the groups format needs them: {name: A, teams: [...]} for each group",
                ("groups",),
                "groups_needed",
            )
        )
        return problems
    known = set(t.team_names())
    placed: dict[str, str] = {}
    for i, g in enumerate(t.groups):
        if any(other.name == g.name for other in t.groups[:i]):
            problems.append(
                _problem(
                    f"the group {g.name!r} is listed twice",
                    ("groups", i, "name"),
                    "group_twice",
                    group=g.name,
                )
            )
        for name in g.teams:
            if name not in known:
                problems.append(_not_a_team(name, ("groups", i, "teams")))
            elif name in placed:
                problems.append(
                    _problem(
                        f"the team {name!r} is in group {placed[name]!r} and in group "
                        f"{g.name!r}: each team plays in one group",
                        ("groups", i, "teams"),
                        "two_groups",
                        team=name,
                        first=placed[name],
                        second=g.name,
                    )
                )
            else:
                placed[name] = g.name
        if len(g.teams) < 2:
            problems.append(
                _problem(
                    f"a group has at least 2 teams, got {len(g.teams)}",
                    ("groups", i, "teams"),
                    "group_small",
                    got=len(g.teams),
                )
            )
    missing = [name for name in t.team_names() if name not in placed]
    if missing:
        problems.append(
            _problem(
                f"the team {missing[0]!r} is in no group: each team plays in one group",
                ("groups",),
                "no_group",
                team=missing[0],
            )
        )
    smallest = min(len(g.teams) for g in t.groups)
    if t.advance is None:
        problems.append(
            _problem(
                "the groups format needs it: the number of teams of each group that go on to "
                "the knockout",
                ("advance",),
                "advance_needed",
            )
        )
    elif t.advance > smallest or len(t.groups) * t.advance < 2:
        problems.append(
            _problem(
                f"the teams of each group that go on to the knockout: 1 to "
                f"{smallest} (the smallest group), and 2 or more in all; got {t.advance}",
                ("advance",),
                "advance",
                most=smallest,
                got=t.advance,
            )
        )
    return problems


def _check_bracket(t: Tournament) -> Problems:
    """The knockout's seeds (each team that goes on to it, once) and its rounds: each the tables
    and byes that the bracket and the results before it make."""
    seeds = t.knockout_seeds
    ko = [(r_i, rnd) for r_i, rnd in enumerate(t.rounds) if rnd.stage == "knockout"]
    if t.format == "knockout":
        seeds = seeds or t.team_names()
        if sorted(seeds) != sorted(t.team_names()):
            return [_seeds_problem(seeds, t.team_names())]
    elif t.format == "groups" and t.groups and t.advance:
        going = len(t.groups) * t.advance
        if seeds is None:
            if ko:
                problem = f"the knockout's rounds need them: the {going} teams in it, best first"
                return [_problem(problem, ("knockout_seeds",), "seeds_needed", n=going)]
            return []
        known = set(t.team_names())
        if len(seeds) != going or len(set(seeds)) != going or not set(seeds) <= known:
            return [_seeds_problem(seeds, sorted(known), going)]
    else:
        return []
    slots: list[str | None] = list(bracket_slots(seeds))
    for k, (r_i, rnd) in enumerate(ko):
        if len(slots) < 2:
            return [_problem("the knockout was over before this round", ("rounds", r_i), "ko_over")]
        games = [(a, b) for a, b in zip(slots[::2], slots[1::2], strict=True)]
        tables = [frozenset((a, b)) for a, b in games if a and b]
        byes = [a or b for a, b in games if (a is None) != (b is None)]
        listed = ", ".join(" v ".join(sorted(p)) for p in tables)
        shown = listed or "none"
        found: dict[frozenset[str], Pairing] = {}
        for j, tab in enumerate(rnd.tables):
            if tab.kind == "third_place":
                continue
            pair = frozenset(tab.teams)
            if pair not in tables:
                problem = (
                    f"{tab.teams[0]} v {tab.teams[1]} is not a table of this knockout round: "
                    f"the bracket's are {shown}"
                )
                where = ("rounds", r_i, "tables", j, "teams")
                first, second = tab.teams
                return [
                    _problem(problem, where, "ko_table", first=first, second=second, tables=listed)
                ]
            found[pair] = tab
        if len(found) != len(tables):
            problem = f"this knockout round lacks tables of the bracket's: {shown}"
            return [_problem(problem, ("rounds", r_i, "tables"), "ko_lacks", tables=listed)]
        if sorted(rnd.byes) != sorted(b for b in byes if b):
            given = ", ".join(b for b in byes if b)
            problem = f"the bracket's byes in this round are {given or 'none'}"
            return [_problem(problem, ("rounds", r_i, "byes"), "ko_byes", teams=given)]
        if k + 1 == len(ko):
            break
        nxt: list[str | None] = []
        for a, b in games:
            if not (a and b):
                nxt.append(a or b)
                continue
            tab = found[frozenset((a, b))]
            if tab.result is None:
                j = rnd.tables.index(tab)
                problem = "this table has no result, but the next knockout round was paired"
                return [_problem(problem, ("rounds", r_i, "tables", j), "ko_no_result")]
            won = tab.result.score[0] > tab.result.score[1]
            nxt.append(tab.teams[0] if won else tab.teams[1])
        slots = nxt
    return []


def _seeds_problem(seeds: list[str], names: list[str], going: int | None = None) -> Problem:
    """Why `knockout_seeds` are not the teams of the knockout, each once."""
    where: tuple[str | int, ...] = ("knockout_seeds",)
    known = set(names)
    unknown = [s for s in seeds if s not in known]
    if unknown:
        return _not_a_team(unknown[0], where)
    twice = [s for i, s in enumerate(seeds) if s in seeds[:i]]
    if twice:
        return _twice(twice[0], where)
    if going is None:
        missing = next(name for name in names if name not in seeds)
        problem = f"every team of the knockout is listed once: {missing!r} is missing"
        return _problem(problem, where, "seeds_missing", team=missing)
    problem = (
        f"the {going} teams that go on to the knockout are listed, each once; got {len(seeds)}"
    )
    return _problem(problem, where, "seeds_count", n=going, got=len(seeds))


def final_scores(best_of: int) -> tuple[int, list[str]]:
    """The partidas that win a match of `best_of` partidas, and the scores it can end with, the
    first team winning (`2, ["2-0", "2-1"]`; the other way round for the second)."""
    need = best_of // 2 + 1
    return need, [f"{need}-{k}" for k in range(need)]


def score_problem(score: list[int] | tuple[int, int], best_of: int) -> str | None:
    """Why `score` (partidas won by each team) cannot end a match of `best_of` partidas, or
    `None`."""
    found = score_refusal(score, best_of)
    return None if found is None else found[0]


def score_refusal(
    score: list[int] | tuple[int, int], best_of: int
) -> tuple[str, str, dict[str, str | int]] | None:
    """`score_problem()`'s reason, with a word for its kind (`negative`, `score`) and the values it
    names, for the words of another language; or `None`."""
    need, ends = final_scores(best_of)
    a, b = score
    if a < 0 or b < 0:
        return f"partidas won cannot be negative, got {a}-{b}", "negative", {"got": f"{a}-{b}"}
    if max(a, b) != need or min(a, b) >= need:
        wins = ", ".join(ends)
        message = (
            f"a match is won by the first to win {need} partida{'s' if need > 1 else ''} "
            f"(best of {best_of}): a score is {wins} or the other way round, got {a}-{b}"
        )
        params: dict[str, str | int] = {
            "need": need,
            "best_of": best_of,
            "wins": wins,
            "got": f"{a}-{b}",
        }
        return message, "score", params
    return None


def _inline_located(located: Located, spec: dict[str, Any]) -> Located:
    """The inline variant of a tournament file, with the positions it had in the file."""
    cut = ("variant",)
    return Located(
        spec,
        located.file,
        {p[1:]: v for p, v in located.positions.items() if p[:1] == cut},
        {p[1:]: v for p, v in located.key_positions.items() if p[:1] == cut},
    )


def tournament_variant(t: Tournament, located: Located | None = None) -> Variant:
    """The variant every table of the tournament plays under (a built-in id or inline)."""
    spec = t.variant
    if isinstance(spec, dict):
        return inline_variant(_inline_located(located or Located(spec, None), spec))
    if spec not in builtin_ids():
        ids = ", ".join(builtin_ids())
        message = f"unknown variant {spec!r}: give a built-in id ({ids}) or write it inline"
        kind, params = said("tournament_unknown_variant", {"given": spec, "ids": ids})
        raise VariantError([Issue(message, kind=kind, params=params)])
    return load_variant(spec)


_OURS = frozenset(Tournament.model_fields)
"""The fields of a tournament file."""
_RULES_ONLY = frozenset(Variant.model_fields) - _OURS
"""The fields of a variant file that a tournament file does not have (all but `name`)."""
_RECORD_ONLY = frozenset(Record.model_fields) - _OURS
"""The fields of a game record that a tournament file does not have (all but `variant`)."""


def _another_kind(located: Located) -> Issue | None:
    """One issue that says so when the mapping `located` holds is a variant (house rules) file or
    a game record and not a tournament file: the command meant for it, not a problem a field."""
    fields = set(located.data)
    if "sueca_tournament" in fields:
        return None
    if fields & _RECORD_ONLY and not fields & (_OURS - {"variant"}):
        message = (
            "this is a game record, not a tournament file: replay it with 'sueca replay', "
            "or enter it as a table's result with 'sueca tournament result --record'"
        )
        return located.issue(message, (), "a_record", instead="tournament")
    if fields & _RULES_ONLY and not fields & (_OURS - {"name"}):
        message = (
            "this is a variant (house rules) file, not a tournament file: check it with "
            "'sueca validate', or start a tournament under it with 'sueca tournament new "
            "--variant'"
        )
        return located.issue(message, (), "a_variant", instead="tournament")
    return None


def _from_located(located: Located) -> tuple[Tournament, Variant]:
    if not isinstance(located.data, dict):
        raise TournamentFileError(
            [
                located.issue(
                    "a tournament file is a mapping (format:, teams:, rounds:...)",
                    (),
                    "not_a_tournament",
                )
            ]
        )
    mixed_up = _another_kind(located)
    if mixed_up is not None:
        # A variant file or a game record given where a tournament file goes: one line that
        # says so (as a tournament file given to 'sueca validate' or 'sueca replay' is).
        raise TournamentFileError([mixed_up])
    t = validated(Tournament, located, TournamentFileError)
    try:
        variant = tournament_variant(t, located)
    except VariantError as exc:
        where = located.issue("", ("variant",))
        if any(i.file for i in exc.issues):
            # The variant file's own problems, each at its line and in its reader's language,
            # after one line that says whose they are.
            head = Issue(
                "the variant is not usable; its problems follow",
                "variant",
                where.file,
                where.line,
                where.column,
                ("variant",),
                "tournament_variant_file",
            )
            raise TournamentFileError([head, *exc.issues]) from None
        told = "; ".join(i.message if not i.line else str(i) for i in exc.issues)
        # One problem of a kind (an unknown id) keeps it, to be said in the reader's language.
        kind, params = (
            (exc.issues[0].kind, exc.issues[0].params) if len(exc.issues) == 1 else ("", ())
        )
        raise TournamentFileError(
            [
                Issue(
                    f"the variant is not usable: {told}",
                    "variant",
                    where.file,
                    where.line,
                    where.column,
                    ("variant",),
                    kind,
                    params,
                )
            ]
        ) from None
    problems = _check_whole(t, variant)
    if problems:
        issues = [located.issue(p.message, p.path, p.kind, **p.params) for p in problems]
        raise TournamentFileError(cap_issues(issues))
    return t, variant


def load_tournament(path: str | Path) -> tuple[Tournament, Variant]:
    """Read and check a tournament file; returns it and its variant. Raises
    `TournamentFileError` with each problem's line and column."""
    check_path(path, "path")
    located = read_yaml_file(path, limits=TOURNAMENT_LIMITS, error=TournamentFileError)
    return _from_located(located)


def parse_tournament(text: str | bytes, *, file: str | None = None) -> tuple[Tournament, Variant]:
    """Read and check a tournament from YAML text (see `load_tournament()`)."""
    from .._yaml import parse_yaml

    if not isinstance(text, str | bytes):
        raise TournamentError(
            f"a tournament is parsed from text (str or bytes), not {cut(repr(text))}",
            code="argument",
        )
    check_file_name(file)
    return _from_located(
        parse_yaml(text, file=file, limits=TOURNAMENT_LIMITS, error=TournamentFileError)
    )


def _flow(value: Any, cache: dict[str, str]) -> str:
    """`value` (plain data) as YAML flow text on one line: `{table: 1, teams: [A, B]}`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if value is None:
        return "null"
    if isinstance(value, str):
        text = cache.get(value)
        if text is None:
            # The package's dumper quotes what its reader would not read back as this text;
            # JSON's double quotes (ASCII escapes) are YAML too, for what it would wrap.
            shown = dump_yaml(FlowList([value]))
            one_line = shown.count("\n") == 1 and shown.startswith("[") and shown.endswith("]\n")
            text = shown[1:-2] if one_line else json.dumps(value)
            cache[value] = text
        return text
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v, cache) for v in value) + "]"
    return "{" + ", ".join(f"{k}: {_flow(v, cache)}" for k, v in value.items()) + "}"


def dump_tournament(t: Tournament) -> str:
    """The tournament as YAML a person can read: one line per team and per table (with its
    result). The many lines are written here, on one line each, with the scalars as the package's
    dumper writes them; the rest by that dumper."""
    check_tournament(t, "dump_tournament()")
    data = t.model_dump(mode="json", exclude_none=True)
    data["points"] = FlowDict(data["points"])
    for key in ("bye_score", "no_show_score"):
        data[key] = FlowDict({k: FlowList(v) for k, v in data[key].items()})
    data["tiebreaks"] = FlowList(data["tiebreaks"])
    listed = {k: data.pop(k) for k in ("teams", "groups", "knockout_seeds", "rounds") if k in data}
    cache: dict[str, str] = {}
    lines = [dump_yaml(data).rstrip("\n"), "teams:"]
    lines += [f"- {_flow(team, cache)}" for team in listed["teams"]]
    if "groups" in listed:
        lines += ["groups:", *(f"- {_flow(g, cache)}" for g in listed["groups"])]
    if "knockout_seeds" in listed:
        lines.append(f"knockout_seeds: {_flow(listed['knockout_seeds'], cache)}")
    lines.append("rounds:" if listed["rounds"] else "rounds: []")
    for rnd in listed["rounds"]:
        lines += [f"- round: {rnd['round']}", f"  stage: {rnd['stage']}"]
        lines.append("  tables:" if rnd["tables"] else "  tables: []")
        for tab in rnd["tables"]:
            if tab.get("kind") == "match":
                del tab["kind"]
            lines.append(f"  - {_flow(tab, cache)}")
        lines.append(f"  byes: {_flow(rnd['byes'], cache)}")
    return "\n".join(lines) + "\n"


def fitting_text(t: Tournament) -> str:
    """The tournament's file text (`dump_tournament()`), refused with a `TournamentError` when
    it would be too large to be read back (over `TOURNAMENT_LIMITS`): the change that made it so
    is not written, and the file stays readable."""
    text = dump_tournament(t)
    size = len(text.encode("utf-8"))
    values = count_values(t.model_dump(mode="json", exclude_none=True))
    if size > TOURNAMENT_LIMITS.max_bytes or values > TOURNAMENT_LIMITS.max_nodes:
        raise TournamentError(
            f"the tournament file would be too large to read back ({size:,} bytes and "
            f"{values:,} values; the limits are {TOURNAMENT_LIMITS.max_bytes:,} bytes and "
            f"{TOURNAMENT_LIMITS.max_nodes:,} values): nothing was written",
            code="file_too_large",
            size=size,
            values=values,
            max_size=TOURNAMENT_LIMITS.max_bytes,
            max_values=TOURNAMENT_LIMITS.max_nodes,
        )
    return text


def save_tournament(t: Tournament, path: str | Path) -> None:
    """Write the tournament file atomically (a crash leaves the old file whole); refused, with
    nothing written, when it would be too large to read back (see `fitting_text()`)."""
    check_tournament(t, "save_tournament()")
    check_path(path, "path")
    atomic_write_text(path, fitting_text(t))


def update_tournament(
    path: str | Path, change: Callable[[Tournament, Variant], Tournament]
) -> Tournament:
    """Read the file, apply `change` and write the result back atomically, holding the file's
    lock (so that the command line and the web app take turns). When `change` raises (a
    `TournamentError`), nothing is written. Returns the new tournament."""
    with locked(path):
        t, variant = load_tournament(path)
        new = change(t, variant)
        save_tournament(new, path)
    return new


def sha256_of(data: bytes) -> str:
    """The SHA-256 of a record's bytes, as written in the file."""
    return hashlib.sha256(data).hexdigest()


def record_digest(record: Record) -> str:
    """The SHA-256 of what `record` holds (its JSON as the package writes it): the same for the
    same match written as YAML or JSON, laid out otherwise or with comments added."""
    from .._record import dump_record

    return sha256_of(dump_record(record, "json").encode())
