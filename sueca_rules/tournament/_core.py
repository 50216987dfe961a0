"""Running a tournament: create it, pair the next round, enter or undo a result, let bots play.

Every function takes a `Tournament` and returns a new one: the one given is never changed, so a
refused action (a `TournamentError`) leaves the caller's state, and the file, as they were.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from .._errors import RecordError, check_function
from .._issues import validation_issues
from .._match import Match
from .._record import Record, builtin_id_of
from .._registry import resolve_variant
from .._text import cut, is_unicode
from .._variant import Variant
from ._games import games_refusal
from ._model import (
    DEFAULT_NAME,
    MAX_TABLES,
    MAX_TEAMS,
    Pairing,
    Result,
    Round,
    SetScore,
    Team,
    Tournament,
    TournamentError,
    check_place,
    check_tournament,
    final_scores,
    normal_name,
    record_digest,
    same_name,
    same_name_problem,
    score_problem,
    team_named,
)
from ._pairing import (
    bracket_slots,
    round_robin_count,
    round_robin_rounds,
    snake_groups,
    swiss_pairs,
)
from ._standings import group_standings, standings

if TYPE_CHECKING:  # names only in annotations
    from ._model import How, RecordRef, Tiebreak

__all__ = [
    "bot_tables",
    "bots_result",
    "create",
    "games_of",
    "is_finished",
    "open_tables",
    "pair",
    "pairing_at",
    "planned_rounds",
    "play_round",
    "play_table",
    "record_result",
    "same_rules",
    "standings_data",
    "undo",
    "winner",
]


def _fail(message: str, code: str | None = None, **params: object) -> TournamentError:
    return TournamentError(message, code=code, **params)


def _check_variant(variant: object, where: str) -> None:
    if not isinstance(variant, Variant):
        raise _fail(
            f"{where} takes the tournament's Variant (load_tournament() gives it), "
            f"not {cut(repr(variant))}",
            "argument",
        )


def _check_pairs(**pairs: object) -> None:
    """Each of `pairs` (a score, games) `None` or two whole numbers (their range is checked with
    the result)."""
    for name, pair in pairs.items():
        if pair is not None and (
            isinstance(pair, str | bytes)
            or not isinstance(pair, Sequence)
            or len(pair) != 2
            or not all(type(n) is int for n in pair)
        ):
            raise _fail(f"{name} is two whole numbers, not {cut(repr(pair))}", "argument")


def _check_play(variant: object, levels: object, where: str) -> None:
    _check_variant(variant, where)
    if not isinstance(levels, Mapping):
        raise _fail(f"levels map team names to bot levels, not {cut(repr(levels))}", "argument")


def _knockout_rounds(n: int) -> int:
    size, rounds = 1, 0
    while size < n:
        size, rounds = size * 2, rounds + 1
    return rounds


def planned_rounds(t: Tournament) -> int:
    """How many rounds the tournament has in all."""
    check_tournament(t, "planned_rounds()")
    n = len(t.teams)
    if t.format == "round_robin":
        return round_robin_count(n)
    if t.format == "swiss":
        return t.swiss_rounds or 1
    if t.format == "knockout":
        return _knockout_rounds(n)
    groups = t.groups or []
    stage = max(round_robin_count(len(g.teams)) for g in groups)
    return stage + _knockout_rounds(len(groups) * (t.advance or 1))


def planned_tables(t: Tournament) -> int:
    """How many tables the tournament plays in all its rounds (a knockout: its bracket's, third
    place included)."""
    check_tournament(t, "planned_tables()")
    n = len(t.teams)
    if t.format == "round_robin":
        return n * (n - 1) // 2
    if t.format == "swiss":
        return (t.swiss_rounds or 1) * (n // 2)
    if t.format == "knockout":
        return n - 1 + int(t.third_place)
    groups = t.groups or []
    going = len(groups) * (t.advance or 1)
    return (
        sum(len(g.teams) * (len(g.teams) - 1) // 2 for g in groups) + going - 1 + int(t.third_place)
    )


def _check_setup(
    n: int, fmt: str, swiss_rounds: int | None, groups: int | None, advance: int | None
) -> None:
    if not 2 <= n <= MAX_TEAMS:
        raise _fail(
            f"a tournament has 2 to {MAX_TEAMS} teams, got {n}", "team_count", most=MAX_TEAMS, got=n
        )
    if swiss_rounds is not None and fmt != "swiss":
        raise _fail(
            "--rounds is for a swiss tournament (the other formats have their own count)",
            "rounds_not_swiss",
        )
    if swiss_rounds is not None and not 1 <= swiss_rounds <= round_robin_count(n):
        raise _fail(
            f"a swiss tournament of {n} teams has 1 to {round_robin_count(n)} rounds "
            f"(more would make every rematch certain), got {cut(str(swiss_rounds))}",
            "swiss_rounds",
            n=n,
            most=round_robin_count(n),
            got=cut(str(swiss_rounds)),
        )
    if fmt == "groups":
        if groups is None or advance is None:
            raise _fail("the groups format needs --groups N and --advance K", "groups_needs")
        if not 1 <= groups <= n // 2:
            raise _fail(
                f"{n} teams make 1 to {n // 2} groups of at least 2, got {cut(str(groups))}",
                "group_count",
                n=n,
                most=n // 2,
                got=cut(str(groups)),
            )
        smallest = n // groups
        if not 1 <= advance <= smallest or groups * advance < 2:
            raise _fail(
                f"--advance is the teams of each group that go on to the knockout: 1 to "
                f"{smallest} (the smallest group), and 2 or more in all; got {cut(str(advance))}",
                "advance",
                most=smallest,
                got=cut(str(advance)),
            )
    elif groups is not None or advance is not None:
        raise _fail("--groups and --advance are for the groups format", "groups_only")


def create(
    teams: Sequence[Team],
    fmt: str,
    *,
    variant: Variant | str = "portugal",
    seed: int | str = 0,
    swiss_rounds: int | None = None,
    groups: int | None = None,
    advance: int | None = None,
    third_place: bool = False,
    name: str = DEFAULT_NAME,
    tiebreaks: Sequence[Tiebreak] | None = None,
    shuffle: bool = False,
) -> Tournament:
    """A new tournament of `teams` (in seed order, unless `shuffle` draws the order from `seed`)
    playing `fmt` (`round_robin`, `swiss`, `knockout` or `groups`) under `variant`."""
    if fmt not in ("round_robin", "swiss", "knockout", "groups"):
        raise _fail(
            f"unknown format {fmt!r}: round_robin, swiss, knockout or groups",
            "format",
            got=repr(fmt),
        )
    if isinstance(teams, str | bytes) or not isinstance(teams, Sequence):
        raise _fail(f"teams are a list of Teams, not {cut(repr(teams))}", "argument")
    if tiebreaks is not None and (
        isinstance(tiebreaks, str | bytes) or not isinstance(tiebreaks, Sequence)
    ):
        raise _fail(
            f"tiebreaks are a list of tie-breaks or None, not {cut(repr(tiebreaks))}", "argument"
        )
    if isinstance(seed, bool) or not isinstance(seed, int | str) or not is_unicode(str(seed)):
        raise _fail(
            f"seed must be a whole number or valid Unicode text, not {cut(repr(seed))}", "argument"
        )
    if not isinstance(shuffle, bool):
        raise _fail(f"shuffle must be True or False, not {cut(repr(shuffle))}", "argument")
    rules = resolve_variant(variant)
    _check_setup(len(teams), fmt, swiss_rounds, groups, advance)
    order = list(teams)
    if shuffle:
        random.Random(f"sueca-tournament:{seed}").shuffle(order)
    for team in teams:
        if not isinstance(team, Team):
            raise _fail(
                f"each team is a Team (name and players), not {cut(repr(team))}", "argument"
            )
    names = [team.name for team in teams]
    found = same_name(names)
    if found is not None:
        first, again = found
        if names[first] == names[again]:
            raise _fail(
                f"the team {names[again]!r} is listed twice: each team needs its own name",
                "twice",
                team=repr(names[again]),
            )
        message, params = same_name_problem(names[again], names[first], first + 1)
        raise _fail(message, "same_name", **params)
    need = rules.match.best_of // 2 + 1
    set_score = SetScore(partidas=[need, 0], games=[need * rules.match.target_games, 0])
    spec: str | dict[str, Any] | None = builtin_id_of(rules)
    if spec is None:
        spec = rules.model_dump(mode="json", exclude={"extends"})
    data: dict[str, Any] = {
        "name": name,
        "format": fmt,
        "seed": seed,
        "variant": spec,
        "third_place": third_place,
        "bye_score": set_score,
        "no_show_score": set_score,
        "teams": order,
    }
    if tiebreaks is not None:
        data["tiebreaks"] = list(tiebreaks)
    if fmt == "swiss":
        data["swiss_rounds"] = swiss_rounds or max(1, (len(names) - 1).bit_length())
    if fmt == "groups":
        assert groups is not None
        split = snake_groups(names, groups)
        data["groups"] = [{"name": _group_name(i), "teams": g} for i, g in enumerate(split)]
        data["advance"] = advance
    try:
        t = Tournament.model_validate(data, strict=False)
    except ValidationError as exc:
        # a name, seed, third_place or tie-break of the wrong kind: said in the model's words,
        # with the issue kept for a front end that says it in its reader's language
        issues = validation_issues(exc, root=Tournament)
        wrong = issues[0]
        error = _fail(f"{wrong.path}: {wrong.message}", "argument")
        error.issues = tuple(issues)
        raise error from None
    tables = planned_tables(t)
    if tables > MAX_TABLES:
        raise _fail(
            f"{len(names)} teams would play {tables:,} tables in a {fmt} tournament, more than "
            f"a tournament file holds ({MAX_TABLES:,}): choose fewer rounds, groups or a "
            "knockout",
            "too_many_tables",
            n=len(names),
            tables=tables,
            most=MAX_TABLES,
        )
    return t


def _group_name(i: int) -> str:
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return letters[i] if i < 26 else f"{letters[i // 26 - 1]}{letters[i % 26]}"


def open_tables(t: Tournament) -> list[int]:
    """The tables of the last round that have no result yet."""
    check_tournament(t, "open_tables()")
    if not t.rounds:
        return []
    return [tab.table for tab in t.rounds[-1].tables if tab.result is None]


def _winner(tab: Pairing) -> str:
    assert tab.result is not None
    a, b = tab.result.score
    return tab.teams[0] if a > b else tab.teams[1]


def _knockout_slots(t: Tournament) -> tuple[list[str | None], list[Round]]:
    """The bracket's slots for the next knockout round, and the knockout rounds played."""
    assert t.knockout_seeds is not None
    slots: list[str | None] = list(bracket_slots(t.knockout_seeds))
    ko = [r for r in t.rounds if r.stage == "knockout"]
    for rnd in ko:
        by_pair = {frozenset(tab.teams): tab for tab in rnd.tables if tab.kind != "third_place"}
        nxt: list[str | None] = []
        for i in range(0, len(slots), 2):
            a, b = slots[i], slots[i + 1]
            nxt.append(_winner(by_pair[frozenset((a, b))]) if a and b else a or b)
        slots = nxt
    return slots, ko


def _knockout_round(t: Tournament, number: int) -> Round:
    slots, ko = _knockout_slots(t)
    if len(slots) < 2:
        raise _fail("the knockout is over: the final has been played", "over", n=number - 1)
    tables: list[Pairing] = []
    byes: list[str] = []
    final = len(slots) == 2
    for i in range(0, len(slots), 2):
        a, b = slots[i], slots[i + 1]
        if a and b:
            tables.append(
                Pairing(table=len(tables) + 1, teams=[a, b], kind="final" if final else "match")
            )
        elif a or b:
            byes.append(a or b or "")
    if final and t.third_place and ko and len(ko[-1].tables) == 2:
        losers = [
            tab.teams[1] if _winner(tab) == tab.teams[0] else tab.teams[0] for tab in ko[-1].tables
        ]
        tables.append(Pairing(table=len(tables) + 1, teams=losers, kind="third_place"))
    return Round(round=number, stage="knockout", tables=tables, byes=byes)


def _ranked_names(t: Tournament) -> list[str]:
    return [s.team for s in standings(t)]


def _next_round(t: Tournament, number: int) -> tuple[Round, list[str] | None]:
    """The next round, and the knockout seeds when this round starts the knockout."""
    names = t.team_names()
    if t.format == "round_robin":
        pairs, bye = round_robin_rounds(names)[number - 1]
        return _plain_round(
            number, "round_robin", [(p, None) for p in pairs], [bye] if bye else []
        ), None
    if t.format == "swiss":
        met = {frozenset(tab.teams) for r in t.rounds for tab in r.tables}
        had_bye = {name for r in t.rounds for name in r.byes}
        pairs, bye = swiss_pairs(_ranked_names(t), met, had_bye)
        return _plain_round(number, "swiss", [(p, None) for p in pairs], [bye] if bye else []), None
    if t.format == "knockout":
        seeds = t.knockout_seeds or names
        return _knockout_round(t.model_copy(update={"knockout_seeds": seeds}), number), seeds
    groups = t.groups or []
    stage = max(round_robin_count(len(g.teams)) for g in groups)
    if number <= stage:
        found: list[tuple[tuple[str, str], str | None]] = []
        byes: list[str] = []
        for g in groups:
            rounds = round_robin_rounds(g.teams)
            if number <= len(rounds):
                pairs, bye = rounds[number - 1]
                found += [(p, g.name) for p in pairs]
                byes += [bye] if bye else []
        return _plain_round(number, "groups", found, byes), None
    ko_seeds = t.knockout_seeds
    if ko_seeds is None:
        tables = group_standings(t)
        advance = t.advance or 1
        ko_seeds = [tables[g.name][place].team for place in range(advance) for g in groups]
    return _knockout_round(t.model_copy(update={"knockout_seeds": ko_seeds}), number), ko_seeds


def _plain_round(
    number: int, stage: str, pairs: Sequence[tuple[tuple[str, str], str | None]], byes: list[str]
) -> Round:
    tables = [
        Pairing(table=i + 1, teams=[a, b], group=group) for i, ((a, b), group) in enumerate(pairs)
    ]
    return Round.model_validate(
        {"round": number, "stage": stage, "tables": tables, "byes": byes}, strict=False
    )


def is_finished(t: Tournament) -> bool:
    """Whether every round has been paired and every table has its result."""
    check_tournament(t, "is_finished()")
    return len(t.rounds) >= planned_rounds(t) and not open_tables(t)


def winner(t: Tournament) -> str | None:
    """The team that won the tournament once it is finished (`is_finished()`): the first of the
    standings, which in a knockout is the bracket's champion; `None` before."""
    check_tournament(t, "winner()")
    return standings(t)[0].team if is_finished(t) else None


def pair(t: Tournament) -> Tournament:
    """The tournament with its next round paired. Refused while a table of the last round has no
    result, and when every round has been played."""
    check_tournament(t, "pair()")
    waiting = open_tables(t)
    if waiting:
        shown = ", ".join(map(str, waiting))
        raise _fail(
            f"round {len(t.rounds)} is not finished: table{'s' if len(waiting) > 1 else ''} "
            f"{shown} {'have' if len(waiting) > 1 else 'has'} no result yet",
            "not_finished",
            round=len(t.rounds),
            tables=waiting,
            n=len(waiting),
        )
    number = len(t.rounds) + 1
    if number > planned_rounds(t):
        n, won = planned_rounds(t), winner(t)
        played = "its one round has" if n == 1 else f"all {n} rounds have"
        raise _fail(
            f"the tournament is over: {played} been played, and {won} won it",
            "over",
            n=n,
            team=won,
        )
    rnd, seeds = _next_round(t, number)
    update: dict[str, Any] = {"rounds": [*t.rounds, rnd]}
    if seeds is not None and t.knockout_seeds is None:
        update["knockout_seeds"] = seeds
    return t.model_copy(update=update)


def pairing_at(t: Tournament, round_no: int, table_no: int) -> Pairing | None:
    """Table `table_no` of round `round_no`, or `None` when the tournament has no such table (a
    round undone since, say)."""
    check_tournament(t, "pairing_at()")
    check_place(round_no, "round_no")
    check_place(table_no, "table_no")
    if not 1 <= round_no <= len(t.rounds):
        return None
    tables = t.rounds[round_no - 1].tables
    return tables[table_no - 1] if 1 <= table_no <= len(tables) else None


def _find(t: Tournament, round_no: int, table_no: int) -> Pairing:
    if not t.rounds:
        raise _fail("no round has been paired yet: run 'pair' first", "no_rounds")
    if not 1 <= round_no <= len(t.rounds):
        raise _fail(
            f"there is no round {cut(str(round_no))}: the rounds paired are 1 to {len(t.rounds)}",
            "no_round",
            round=cut(str(round_no)),
            n=len(t.rounds),
        )
    tables = t.rounds[round_no - 1].tables
    if not 1 <= table_no <= len(tables):
        raise _fail(
            f"round {round_no} has no table {cut(str(table_no))}: its tables are 1 to {len(tables)}"
            if tables
            else f"round {round_no} has no tables",
            "no_table",
            round=round_no,
            table=cut(str(table_no)),
            n=len(tables),
        )
    return tables[table_no - 1]


def games_of(match: Match) -> tuple[int, int]:
    """Games won by each team over a whole match (every partida)."""
    return (sum(d.games[0] for d in match.deals), sum(d.games[1] for d in match.deals))


_NOT_RULES = {"name", "description", "extends"}


def same_rules(a: Variant, b: Variant) -> bool:
    """Whether two variants play the same game (their names, descriptions and bases aside)."""
    return a.model_dump(exclude=_NOT_RULES) == b.model_dump(exclude=_NOT_RULES)


def _replayed(record: Record, variant: Variant) -> Match:
    try:
        match = Match.from_record(record)
    except RecordError as exc:
        first, *rest = exc.issues
        problem = first.message
        if rest:  # a first line that says whose problems follow (a record's variant's): they do
            shown = "; ".join(str(issue) for issue in rest[:3])
            more = f"; and {len(rest) - 3} more" if len(rest) > 3 else ""
            problem = f"{problem}: {shown}{more}"
        error = _fail(f"the record cannot be replayed: {problem}", "record_broken", problem=problem)
        error.issues = tuple(exc.issues)
        raise error from None
    if not same_rules(match.variant, variant):
        raise _fail(
            f"the record is a match of the variant {match.variant.name!r}, not of this "
            f"tournament's {variant.name!r}: every table plays under the tournament's variant",
            "record_variant",
            record=repr(match.variant.name),
            ours=repr(variant.name),
            record_name=match.variant.name,
            ours_name=variant.name,
        )
    if not match.is_over:
        raise _fail(
            "the record's match is not over: a result needs a finished match", "record_not_over"
        )
    return match


def record_result(
    t: Tournament,
    variant: Variant,
    round_no: int,
    table_no: int,
    *,
    score: Sequence[int] | None = None,
    games: Sequence[int] | None = None,
    record: Record | None = None,
    record_ref: RecordRef | None = None,
    no_show: str | None = None,
    how: How | None = None,
) -> Tournament:
    """The tournament with the result of a table: a `score` (partidas won by its first and second
    team, with `games` if known), a `record` (replayed and checked under `variant`; its
    `record_ref` says which file), or a `no_show` (that team did not come: the other wins by the
    file's `no_show_score`). Refused with a `TournamentError` when the table has a result, or the
    score is impossible under the variant."""
    check_tournament(t, "record_result()")
    _check_variant(variant, "record_result()")
    _check_pairs(score=score, games=games)
    check_place(round_no, "round_no")
    check_place(table_no, "table_no")
    given = [x is not None for x in (score, record, no_show)].count(True)
    if given != 1:
        raise _fail("give one of a score, a record or a no-show")
    tab = _find(t, round_no, table_no)
    if tab.result is not None:
        a, b = tab.result.score
        raise _fail(
            f"round {round_no} table {table_no} already has its result ({a}-{b}): undo it first",
            "has_result",
            round=round_no,
            table=table_no,
            score=f"{a}-{b}",
        )
    kind: How | None = how
    if record is not None:
        # The same match, however its file is laid out or commented (a file written by 0.1.0
        # keeps the digest of a record file's bytes: `record_ref`'s may be that, for the same file).
        digest = record_digest(record)
        if record_ref is not None:
            same = {digest, record_ref.sha256}
            record_ref = record_ref.model_copy(update={"sha256": digest})
            for rnd in t.rounds:
                for other in rnd.tables:
                    ref = other.result.record if other.result else None
                    if ref is not None and ref.sha256 in same:
                        raise _fail(
                            f"this record is already the result of round {rnd.round} table "
                            f"{other.table}: a record belongs to one table",
                            "record_twice",
                            round=rnd.round,
                            table=other.table,
                        )
        match = _replayed(record, variant)
        score, games = match.partidas, games_of(match)
        kind = kind or "record"
    elif no_show is not None:
        # As typed: "a bisca" names "A Bisca" (no two teams' names differ only so).
        no_show = team_named(tab.teams, no_show) or normal_name(no_show)
        if no_show not in tab.teams:
            raise _fail(
                f"{no_show!r} does not play at round {round_no} table {table_no}: "
                f"its teams are {tab.teams[0]!r} and {tab.teams[1]!r}",
                "not_there",
                team=no_show,
                round=round_no,
                table=table_no,
                first=tab.teams[0],
                second=tab.teams[1],
            )
        p, g = t.no_show_score.partidas, t.no_show_score.games
        first_won = no_show == tab.teams[1]
        score = p if first_won else [p[1], p[0]]
        games = g if first_won else [g[1], g[0]]
        kind = "no_show"
    assert score is not None
    problem = score_problem((score[0], score[1]), variant.match.best_of)
    if problem is not None:
        need, wins = final_scores(variant.match.best_of)
        raise _fail(
            f"round {round_no} table {table_no}: {problem}",
            "score",
            round=round_no,
            table=table_no,
            need=need,
            best_of=variant.match.best_of,
            wins=wins,
            losses=["-".join(reversed(w.split("-"))) for w in wins],
            got=f"{score[0]}-{score[1]}",
        )
    if games is not None and (found := games_refusal(games, score, variant)) is not None:
        problem, code, values = found
        raise _fail(
            f"round {round_no} table {table_no}: {problem}",
            code,
            round=round_no,
            table=table_no,
            **values,
        )
    order = 1 + max(
        (tb.result.order for r in t.rounds for tb in r.tables if tb.result is not None), default=0
    )
    result = Result(
        score=[score[0], score[1]],
        games=None if games is None else [games[0], games[1]],
        how=kind or "score",
        no_show=no_show,
        record=record_ref,
        order=order,
    )
    return _with_result(t, round_no, table_no, result)


def _with_result(t: Tournament, round_no: int, table_no: int, result: Result | None) -> Tournament:
    """A copy of `t` with that table's result replaced (the rest is shared, never changed)."""
    rnd = t.rounds[round_no - 1]
    tables = list(rnd.tables)
    tables[table_no - 1] = tables[table_no - 1].model_copy(update={"result": result})
    rounds = list(t.rounds)
    rounds[round_no - 1] = rnd.model_copy(update={"tables": tables})
    return t.model_copy(update={"rounds": rounds})


def undo(t: Tournament, round_no: int | None = None, table_no: int | None = None) -> Tournament:
    """The tournament without a result: the one at `round_no`/`table_no`, or by default the last
    one entered; when the last round has no result at all, its pairing is undone instead."""
    check_tournament(t, "undo()")
    check_place(round_no, "round_no", or_none=True)
    check_place(table_no, "table_no", or_none=True)
    if round_no is None and table_no is None:
        if not t.rounds:
            raise _fail("there is nothing to undo: no round has been paired", "nothing_to_undo")
        last = t.rounds[-1]
        if all(tab.result is None for tab in last.tables):
            rounds = t.rounds[:-1]
            seeds = t.knockout_seeds if any(r.stage == "knockout" for r in rounds) else None
            return t.model_copy(update={"rounds": rounds, "knockout_seeds": seeds})
        # The last result entered, in whichever round: an earlier round's result entered again
        # (a round robin's, a group's) comes after the last round's.
        done = [
            (tb.result.order, r.round, tb.table)
            for r in t.rounds
            for tb in r.tables
            if tb.result is not None
        ]
        _, round_no, table_no = max(done)
    if round_no is None or table_no is None:
        raise _fail("give both the round and the table of the result to undo")
    tab = _find(t, round_no, table_no)
    if tab.result is None:
        raise _fail(
            f"round {round_no} table {table_no} has no result to undo",
            "no_result",
            round=round_no,
            table=table_no,
        )
    depends = t.format != "round_robin" and round_no < len(t.rounds)
    if t.format == "groups" and t.rounds[round_no - 1].stage == "groups":
        depends = any(r.stage == "knockout" for r in t.rounds)
    if depends:
        raise _fail(
            f"round {round_no}'s results made the pairings of round {len(t.rounds)}: undo that "
            "round first (undo with no table removes its pairing once it has no result)",
            "undo_later",
            round=round_no,
            later=len(t.rounds),
        )
    return _with_result(t, round_no, table_no, None)


def bot_tables(t: Tournament, levels: Mapping[str, int]) -> list[int]:
    """The tables of the last round that bots would play (those with no result), checking that
    there are some and that `levels` names only teams of the tournament."""
    check_tournament(t, "bot_tables()")
    if not isinstance(levels, Mapping):
        raise _fail(f"levels map team names to bot levels, not {cut(repr(levels))}", "argument")
    waiting = open_tables(t)
    if not waiting:
        raise _fail(
            "no table is waiting for a result: run 'pair' for the next round", "nothing_waiting"
        )
    teams = t.team_names()
    unknown = sorted(normal_name(name) for name in levels if team_named(teams, name) is None)
    if unknown:
        raise _fail(
            f"{unknown[0]!r} is not a team of this tournament", "not_a_team", team=repr(unknown[0])
        )
    return waiting


def play_table(
    t: Tournament, variant: Variant, table_no: int, levels: Mapping[str, int], *, level: int = 3
) -> Match:
    """The match bots play at table `table_no` of the last round (over: its `partidas` are the
    score and `games_of()` its games), each team at its level in `levels` (else `level`). The
    deals and the bots' choices come from the tournament's seed, the round and the table alone,
    so the same table is always played the same way."""
    check_tournament(t, "play_table()")
    _check_play(variant, levels, "play_table()")
    check_place(table_no, "table_no")
    from ..bots import make_bot, play_match

    rnd = t.rounds[-1]
    tab = _find(t, rnd.round, table_no)
    seed = f"{t.seed}:{rnd.round}:{table_no}"
    match = Match(variant, seed=seed)
    named = {team_named(tab.teams, name): n for name, n in levels.items()}
    team_level = [named.get(name, level) for name in tab.teams]
    bots = [make_bot(team_level[seat % 2], seed=f"{seed}:{seat}") for seat in range(4)]
    play_match(match, bots)
    return match


def play_round(
    t: Tournament,
    variant: Variant,
    levels: Mapping[str, int],
    *,
    level: int = 3,
    keep: Callable[[int, int, Record], RecordRef | None] | None = None,
) -> Tournament:
    """The tournament with every open table of its last round played by bots (`play_table()`):
    each team at its level in `levels` (else `level`). `keep(round, table, record)` may save each
    record and return where (it is then written in the result)."""
    check_tournament(t, "play_round()")
    _check_play(variant, levels, "play_round()")
    check_function(keep, "keep")
    out = t
    rnd = t.rounds[-1] if t.rounds else None
    for number in bot_tables(t, levels):
        assert rnd is not None
        match = play_table(t, variant, number, levels, level=level)
        ref = keep(rnd.round, number, match.to_record()) if keep is not None else None
        out = bots_result(out, variant, rnd.round, number, match, ref)
    return out


def bots_result(
    t: Tournament,
    variant: Variant,
    round_no: int,
    number: int,
    match: Match,
    record_ref: RecordRef | None = None,
) -> Tournament:
    """The tournament with the match the bots played at table `number` of round `round_no`
    entered as its result (`record_result()`: its partidas and games, `how: bots`)."""
    return record_result(
        t,
        variant,
        round_no,
        number,
        score=match.partidas,
        games=games_of(match),
        record_ref=record_ref,
        how="bots",
    )


def standings_data(t: Tournament) -> dict[str, Any]:
    """The `standings --json` document: the standings and every round's tables."""
    check_tournament(t, "standings_data()")
    rounds = []
    for rnd in t.rounds:
        tables = []
        for tab in rnd.tables:
            entry: dict[str, Any] = {
                "table": tab.table,
                "teams": list(tab.teams),
                "score": list(tab.result.score) if tab.result else None,
            }
            if tab.group is not None:
                entry["group"] = tab.group
            if tab.kind != "match":
                entry["kind"] = tab.kind
            tables.append(entry)
        rounds.append(
            {
                "round": rnd.round,
                "tables": tables,
                "bye": rnd.byes[0] if rnd.byes else None,
                "byes": list(rnd.byes),
            }
        )
    return {"standings": [s.as_dict() for s in standings(t)], "rounds": rounds}
