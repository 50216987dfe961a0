"""Standings: what each team has played, won and scored, ranked by points and the tie-breaks the
tournament file lists.

A win is worth `points.win` (3), a loss `points.loss` (0); a bye is a win by the file's
`bye_score`. Teams level on points are split by each tie-break in turn, each applied to the teams
still level: `head_to_head` (points from the tables between those teams only),
`partidas_difference`, `games_difference`, `partidas_for`, `games_for`, and `seed` (the order of
the teams in the file, always last). A result entered without its games (a score alone) counts no
games and leaves that team's games unknown (`games_unknown`): a games tie-break is passed over for
teams level with one whose games are not all known, since the games it would compare are not the
games played (a bye's set games would rank it above a real win that counted none).

In a knockout (and the knockout stage of groups) the bracket comes first: the champion, the
finalist, the third-place match's winner and loser, then the teams out in each earlier round, the
later first.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field

from ._model import Round, Tiebreak, Tournament, check_tournament

__all__ = ["Line", "Standing", "played_lines", "rank", "standings"]


@dataclass(frozen=True)
class Line:
    """One team's side of one finished table or bye."""

    round: int
    team: str
    opponent: str | None
    """`None` for a bye."""
    partidas: tuple[int, int]
    """Partidas won by the team and by its opponent."""
    games: tuple[int, int] | None
    """Games won by the team and by its opponent; `None` for a result entered without them."""
    stage: str
    group: str | None = None

    @property
    def won(self) -> bool:
        """Whether the team won this table (a bye is a win)."""
        return self.partidas[0] > self.partidas[1]


@dataclass
class Standing:
    """A team's line in the standings (the keys of `standings --json`)."""

    team: str
    rank: int = 0
    played: int = 0
    won: int = 0
    lost: int = 0
    byes: int = 0
    points: int = 0
    partidas_for: int = 0
    partidas_against: int = 0
    games_for: int = 0
    games_against: int = 0
    games_unknown: int = 0
    """The tables whose result was entered without games: `games_for` and `games_against` count
    the others only."""
    group: str | None = field(default=None, repr=False)

    def as_dict(self) -> dict[str, int | str]:
        """The contract's JSON line (and `group` in a groups tournament, `games_unknown` when a
        result was entered without its games)."""
        out: dict[str, int | str] = {
            "rank": self.rank,
            "team": self.team,
            "played": self.played,
            "won": self.won,
            "lost": self.lost,
            "byes": self.byes,
            "points": self.points,
            "partidas_for": self.partidas_for,
            "partidas_against": self.partidas_against,
            "games_for": self.games_for,
            "games_against": self.games_against,
        }
        if self.games_unknown:
            out["games_unknown"] = self.games_unknown
        if self.group is not None:
            out["group"] = self.group
        return out


def played_lines(t: Tournament, rounds: Sequence[Round] | None = None) -> Iterator[Line]:
    """Both sides of every finished table, and every bye, of `rounds` (default: all)."""
    bye_p, bye_g = t.bye_score.partidas, t.bye_score.games
    for rnd in t.rounds if rounds is None else rounds:
        for tab in rnd.tables:
            res = tab.result
            if res is None:
                continue
            a, b = tab.teams
            pa, pb = res.score
            g = res.games
            mine = None if g is None else (g[0], g[1])
            theirs = None if g is None else (g[1], g[0])
            yield Line(rnd.round, a, b, (pa, pb), mine, rnd.stage, tab.group)
            yield Line(rnd.round, b, a, (pb, pa), theirs, rnd.stage, tab.group)
        for name in rnd.byes:
            p = (bye_p[0], bye_p[1])
            yield Line(rnd.round, name, None, p, (bye_g[0], bye_g[1]), rnd.stage)


_BY_GAMES: frozenset[Tiebreak] = frozenset(("games_difference", "games_for"))
"""The tie-breaks that compare games (passed over for teams whose games are not all known)."""


def _tally(t: Tournament, names: Sequence[str], lines: Sequence[Line]) -> dict[str, Standing]:
    table = {name: Standing(name) for name in names}
    for line in lines:
        s = table.get(line.team)
        if s is None:
            continue
        s.played += 1
        s.byes += line.opponent is None
        s.won += line.won
        s.lost += not line.won
        s.points += t.points.win if line.won else t.points.loss
        s.partidas_for += line.partidas[0]
        s.partidas_against += line.partidas[1]
        if line.games is None:
            s.games_unknown += 1
        else:
            s.games_for += line.games[0]
            s.games_against += line.games[1]
    return table


def _value(
    kind: Tiebreak, name: str, level: set[str], s: Standing, lines: Sequence[Line], t: Tournament
) -> int:
    if kind == "head_to_head":
        return sum(
            t.points.win if line.won else t.points.loss
            for line in lines
            if line.team == name and line.opponent in level
        )
    if kind == "partidas_difference":
        return s.partidas_for - s.partidas_against
    if kind == "games_difference":
        return s.games_for - s.games_against
    if kind == "partidas_for":
        return s.partidas_for
    if kind == "games_for":
        return s.games_for
    return 0  # seed: the last word, taken by the caller


def rank(
    t: Tournament,
    names: Sequence[str],
    lines: Sequence[Line],
    first: Callable[[str], tuple[int, ...]] | None = None,
) -> list[Standing]:
    """The standings of `names` from `lines`: sorted by `first` (a key, higher first: the
    bracket), points, then the tie-breaks of the file, each applied to the teams still level."""
    table = _tally(t, names, lines)
    seed = {name: i for i, name in enumerate(t.team_names())}
    criteria: list[Tiebreak] = [c for c in t.tiebreaks if c != "seed"]

    def split(level: list[str], todo: Sequence[Tiebreak]) -> list[str]:
        if len(level) <= 1 or not todo:
            return sorted(level, key=lambda n: seed.get(n, 0))
        kind, rest = todo[0], todo[1:]
        if kind in _BY_GAMES and any(table[n].games_unknown for n in level):
            return split(level, rest)  # games not all known: they cannot tell these teams apart
        members = set(level)
        values = {n: _value(kind, n, members, table[n], lines, t) for n in level}
        out: list[str] = []
        for v in sorted(set(values.values()), reverse=True):
            out += split([n for n in level if values[n] == v], rest)
        return out

    def primary(name: str) -> tuple[int, ...]:
        return (*(first(name) if first else ()), table[name].points)

    ordered: list[str] = []
    keys = {n: primary(n) for n in names}
    for key in sorted(set(keys.values()), reverse=True):
        ordered += split([n for n in names if keys[n] == key], criteria)
    out = [table[n] for n in ordered]
    for i, s in enumerate(out):
        s.rank = i + 1
    return out


def _knockout_key(t: Tournament) -> Callable[[str], tuple[int, ...]]:
    """How far each team went in the bracket: (last round reached, not the third-place table,
    won there)."""
    reached: dict[str, tuple[int, int, int]] = {}
    ko = [r for r in t.rounds if r.stage == "knockout"]
    for k, rnd in enumerate(ko, 1):
        for tab in rnd.tables:
            for side, name in enumerate(tab.teams):
                won = 0
                if tab.result is not None:
                    won = int(tab.result.score[side] > tab.result.score[1 - side])
                reached[name] = (k, int(tab.kind != "third_place"), won)
        for name in rnd.byes:
            reached[name] = (k, 1, 1)
    return lambda name: reached.get(name, (0, 0, 0))


def standings(t: Tournament) -> list[Standing]:
    """The tournament's standings, best first (see the module documentation)."""
    check_tournament(t, "standings()")
    lines = list(played_lines(t))
    first = _knockout_key(t) if t.format in ("knockout", "groups") else None
    out = rank(t, t.team_names(), lines, first)
    if t.groups:
        group_of = {name: g.name for g in t.groups for name in g.teams}
        for s in out:
            s.group = group_of.get(s.team)
    return out


def group_standings(t: Tournament) -> dict[str, list[Standing]]:
    """Each group's standings from its own tables (a groups tournament; empty otherwise)."""
    if not t.groups:
        return {}
    group_rounds = [r for r in t.rounds if r.stage == "groups"]
    lines = list(played_lines(t, group_rounds))
    out: dict[str, list[Standing]] = {}
    for g in t.groups:
        members = set(g.teams)
        mine = [ln for ln in lines if ln.team in members]
        out[g.name] = rank(t, g.teams, mine)
        for s in out[g.name]:
            s.group = g.name
    return out
