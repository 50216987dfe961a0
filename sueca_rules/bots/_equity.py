"""What a deal's result is worth in the variant's terms: the chance of winning the match.

`Equity` turns the card points (and whether all ten tricks were taken) a team ends a deal with into
that team's probability of winning the match afterwards, under the variant's tier table, bandeira,
60-60 ties, games to win a partida and partidas to win the match. Future deals are modelled simply:
each is won by either team with equal chance, tied now and then, and the winner's points follow a
fixed distribution (roughly what good players produce: falling steadily from 61 to 119, a bandeira
about once in five hundred deals).
"""

from __future__ import annotations

import functools
from typing import Final

from .._rules import Rules

__all__ = ["Equity"]

_TIE: Final = 0.017
"""The chance that a deal ends 60-60."""
_SWEEP: Final = 0.002
"""The chance that a deal is a bandeira (all the points, or all the tricks)."""
_CAP: Final = 40
"""Games still needed above this count as this many (the model's state space stays small)."""
_MAX_TIES: Final = 6


def _winner_points() -> tuple[tuple[int, float], ...]:
    """The distribution of the deal winner's points (61..119) when it is not a bandeira."""
    weights = [(121 - x) ** 1.3 for x in range(61, 120)]
    total = sum(weights)
    scale = (1.0 - _TIE - _SWEEP) / total
    return tuple((x, w * scale) for x, w in zip(range(61, 120), weights, strict=True))


_POINTS_DIST: Final = _winner_points()


class Equity:
    """The match-winning chances of a variant's scoring, for one match situation.

    `games` and `partidas` are (own team, other team); `pending_ties` the 60-60 ties waiting to be
    carried into the next deal won.
    """

    def __init__(
        self,
        rules: Rules,
        games: tuple[int, int],
        partidas: tuple[int, int],
        pending_ties: int,
    ) -> None:
        self.rules = rules
        self.games = games
        self.partidas = partidas
        self.pending = pending_ties

    def after_deal(self, points: int, all_tricks: bool, lost_all_tricks: bool) -> float:
        """The own team's chance of winning the match after this deal ends with `points` card points
        for it (`all_tricks`: it took all ten tricks; `lost_all_tricks`: the other team did)."""
        rules = self.rules
        pending = self.pending
        if points == 60:
            after = rules.pending_after_tie(pending)
            return self._match(self.games[0], self.games[1], after, self.partidas)
        mine = points > 60
        won_points = points if mine else 120 - points
        swept = all_tricks if mine else lost_all_tricks
        games, bandeira = rules.games_for(won_points, swept, pending)
        g_me, g_op = self.games
        p_me, p_op = self.partidas
        if mine:
            g_me += games
            if (bandeira and rules.bandeira_wins_partida) or g_me >= rules.target_games:
                return _series(rules.partidas_to_win - p_me - 1, rules.partidas_to_win - p_op)
        else:
            g_op += games
            if (bandeira and rules.bandeira_wins_partida) or g_op >= rules.target_games:
                return _series(rules.partidas_to_win - p_me, rules.partidas_to_win - p_op - 1)
        return self._match(g_me, g_op, 0, self.partidas)

    def _match(self, g_me: int, g_op: int, pending: int, partidas: tuple[int, int]) -> float:
        need = self.rules.partidas_to_win
        e = _partida(
            self.rules,
            min(self.rules.target_games - g_me, _CAP),
            min(self.rules.target_games - g_op, _CAP),
            min(pending, _MAX_TIES),
        )
        win = _series(need - partidas[0] - 1, need - partidas[1])
        lose = _series(need - partidas[0], need - partidas[1] - 1)
        return e * win + (1.0 - e) * lose


@functools.cache
def _series(mine: int, theirs: int) -> float:
    """The chance of winning a match needing `mine` partidas against `theirs`, each fresh partida
    being even."""
    if mine <= 0:
        return 1.0
    if theirs <= 0:
        return 0.0
    return 0.5 * _series(mine - 1, theirs) + 0.5 * _series(mine, theirs - 1)


_Outcomes = tuple[tuple[tuple[int, bool, float], ...], ...]


_RULES_KEPT: Final = 16
"""How many variants' tables are kept (the least recently used dropped): a process that sees
variant after variant (`sueca engine` asked by a host that varies its rules) keeps a few, not one
for each (a partida's table is up to megabytes)."""


@functools.lru_cache(maxsize=_RULES_KEPT)
def _outcome_table(rules: Rules) -> _Outcomes:
    """For each count of pending ties: the `(games, ends_partida, probability)` of a deal won by a
    given team (probabilities sum to the chance that that team wins it)."""
    table = []
    for pending in range(_MAX_TIES + 1):
        merged: dict[tuple[int, bool], float] = {}
        for points, p in _POINTS_DIST:
            games, _ = rules.games_for(points, False, pending)
            merged[games, False] = merged.get((games, False), 0.0) + p / 2
        games, _ = rules.games_for(120, True, pending)
        key = (games, rules.bandeira_wins_partida)
        merged[key] = merged.get(key, 0.0) + _SWEEP / 2
        table.append(tuple((g, ends, p) for (g, ends), p in sorted(merged.items())))
    return tuple(table)


def _next_tie(rules: Rules, pending: int) -> int:
    """The pending ties after one more 60-60 (`Rules.pending_after_tie`), within the table."""
    return min(rules.pending_after_tie(pending), _MAX_TIES)


@functools.lru_cache(maxsize=_RULES_KEPT)
def _partida_table(rules: Rules) -> dict[tuple[int, int, int], float]:
    """The memo of `_partida()` for one variant."""
    return {}


def _partida(rules: Rules, a: int, b: int, pending: int) -> float:
    """The chance of winning the partida when needing `a` games against `b`'s, with `pending` ties
    to carry."""
    memo = _partida_table(rules)
    outcomes = _outcome_table(rules)
    busy: set[tuple[int, int, int]] = set()

    def value(a: int, b: int, t: int) -> float:
        key = (a, b, t)
        known = memo.get(key)
        if known is not None:
            return known
        if key in busy:
            # A loop of deals that change nothing (tiers worth no games): call it even.
            return 0.5
        busy.add(key)
        loop = 0.0
        rest = 0.0
        for games, ends, p in outcomes[t]:
            # This team wins the deal, then the other team does.
            if ends or games >= a:
                rest += p
            elif games == 0 and t == 0:
                loop += p
            else:
                rest += p * value(a - games, b, 0)
            if ends or games >= b:
                pass
            elif games == 0 and t == 0:
                loop += p
            else:
                rest += p * value(a, b - games, 0)
        after = _next_tie(rules, t)
        if after == t:
            loop += _TIE
        else:
            rest += _TIE * value(a, b, after)
        result = rest / (1.0 - loop) if loop < 1.0 else 0.5
        busy.discard(key)
        memo[key] = result
        return result

    return value(a, b, pending)
