"""The games a match can end with under a variant: what a result's `games` are checked against.

A result's games are the games each team won over the whole match, every partida added up. A team
that won `w` partidas and lost `l` holds the games of `w` partidas won and `l` lost, so its games
lie between `w` times the fewest games a partida can be won with and `w` times the most a partida
can be won with plus `l` times the most a partida can be lost with (`PartidaGames`,
`match_games()`).

Those bounds per partida are worked out from the variant's compiled rules (`Rules`), from the
*parts* a team's games in one deal are made of:

- a deal won on card points: the games of a tier (or 0, when the first tier is above 61 points),
  or a bandeira's, with the pending 60-60 ties added or multiplied in: none (`tie.mode: none`),
  at most one (`stacks: false`), or any number (`stacks: true`: games then have no upper bound);
- a rightful renúncia claim: `penalty_games` (`revoke.mode: claimable`);
- a penalized false claim that ends the deal: `false_claim_games` to the other team;
- under `after_false_claim: play_on`, each false claim of the other team adds `false_claim_games`
  on top of the deal's own games, so that one deal can give games to **both** teams.

A team's games in a partida are a sum of such parts. A partida is won by reaching
`target_games`, or, under `bandeira.wins_partida`, by a bandeira whatever the games. So (the
parts of the partida's last deal taken with the winning bandeira last, if there is one):

- a team that **lost** a partida holds a sum of parts below the target (none of them a bandeira
  that wins the partida): at most the largest such sum, `lost_max`, which is `target - 1` when
  every number of games can be made. When one deal can give both teams games (`play_on` with a
  false-claim penalty) both teams may pass the target with the same deal, and with equal games the
  partida goes on: there is no bound below `MAX_GAMES`;
- a team that **won** a partida held, before the parts that took it to the target, a sum below the
  target; the most it can end with is `lost_max` plus the most one part can be worth
  (`won_max`, the target overshot by at most the largest part minus one), without bound when ties
  stack or under `play_on` (where the partida may go on past the target); the fewest is the
  smallest sum below the target plus one part that reaches the target, or plus a bandeira that
  wins the partida (`won_min`: `target_games` when every number of games can be made and no
  bandeira wins a partida below the target).

Every part counted can happen in some deal (a tier that no card points reach, such as a tier at
120 points when 120 points is a bandeira, is counted all the same): the bounds are never tighter
than what can happen, so no real result is refused, and they are exact whenever each part counted
can happen.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from .._rules import TIE_NONE, Rules, compiled_rules
from .._variant import Variant

__all__ = [
    "MAX_GAMES",
    "PartidaGames",
    "games_problem",
    "games_refusal",
    "match_games",
    "partida_games",
]

MAX_GAMES = 100_000
"""The most games a result may give a team (over its whole match)."""


@dataclass(frozen=True, slots=True)
class PartidaGames:
    """The games a team can hold when a partida ends, under one variant (see the module's
    documentation for how they are worked out)."""

    won_min: int
    """The fewest games of the team that wins a partida."""
    won_max: int
    """The most games of the team that wins a partida (`MAX_GAMES` when there is no bound)."""
    lost_max: int
    """The most games of the team that loses a partida (the fewest are 0); `MAX_GAMES` when there
    is no bound."""


def _chain(rules: Rules, base: int, target: int) -> Iterator[int]:
    """The games of a deal won with `base` games of its own (a tier's or a bandeira's) and each
    number of pending 60-60 ties the variant lets be, from none up. When ties stack (any number
    of them) the values stop at the first at or above `target`; they never go down as ties are
    added."""
    counts: Iterable[int] = (0,)
    if rules.tie_mode != TIE_NONE:
        counts = itertools.count() if rules.tie_stacks else (0, 1)
    last = -1
    for ties in counts:
        value = rules.tie_bonus(base, ties)
        if value == last:  # ties add nothing more (adding 0, or multiplying 0)
            return
        yield value
        if rules.tie_stacks and value >= target:
            return
        last = value


def _ties_unbounded(rules: Rules, bases: Iterable[int]) -> bool:
    """Whether a deal won can be worth any number of games: ties that stack, and add or
    multiply something."""
    if rules.tie_mode == TIE_NONE or not rules.tie_stacks:
        return False
    return any(rules.tie_bonus(b, 2) > rules.tie_bonus(b, 1) for b in bases)


def _sums_below(parts: Iterable[int], target: int) -> list[int]:
    """Every sum of `parts` (each any number of times, none at all included) below `target`."""
    steps = sorted({v for v in parts if 0 < v < target})
    reached = [False] * target
    reached[0] = True
    for total in range(target):
        if reached[total]:
            for step in steps:
                if total + step >= target:
                    break
                reached[total + step] = True
    return [total for total in range(target) if reached[total]]


def partida_games(variant: Variant | Rules) -> PartidaGames:
    """The fewest and most games a team can hold at the end of a partida it won, and the most at
    the end of one it lost, under `variant` (see the module's documentation)."""
    return _partida_games(variant if isinstance(variant, Rules) else compiled_rules(variant))


@functools.lru_cache(maxsize=64)
def _partida_games(rules: Rules) -> PartidaGames:
    target = rules.target_games
    bases = [games for _, games in rules.tiers]
    if not rules.tiers or rules.tiers[-1][0] > 61:
        bases.append(0)  # a deal won below the first tier scores no games of its own
    bandeira = set(_chain(rules, rules.bandeira_games, target))
    plain: set[int] = set()  # the parts that do not end the partida by themselves
    for base in bases:
        plain.update(_chain(rules, base, target))
    if not rules.bandeira_wins_partida:
        plain |= bandeira
    both = False  # whether one deal can give games to both teams
    if rules.revoke_claimable:
        plain.add(rules.penalty_games)
        if rules.false_claim_penalizes:
            plain.add(rules.false_claim_games)
            both = rules.false_claim_plays_on and rules.false_claim_games > 0
    sums = _sums_below(plain, target)
    # The part that ends the partida: one that reaches the target, or a bandeira that wins it.
    ends = [(s + v) for s in sums for v in plain if s + v >= target]
    if rules.bandeira_wins_partida:
        ends += [s + v for s in sums for v in bandeira]
    won_min = min(ends, default=target)
    if both or _ties_unbounded(rules, [*bases, rules.bandeira_games]):
        won_max = MAX_GAMES
    else:
        won_max = sums[-1] + max(plain | bandeira)
    lost_max = MAX_GAMES if both else sums[-1]
    return PartidaGames(
        won_min=min(won_min, MAX_GAMES),
        won_max=min(won_max, MAX_GAMES),
        lost_max=min(lost_max, MAX_GAMES),
    )


def match_games(variant: Variant | Rules, won: int, lost: int) -> tuple[int, int]:
    """The fewest and the most games a team that won `won` partidas of a match and lost `lost`
    can hold over the whole match, under `variant` (at most `MAX_GAMES`)."""
    return _match_games(partida_games(variant), won, lost)


def _match_games(bounds: PartidaGames, won: int, lost: int) -> tuple[int, int]:
    low = won * bounds.won_min
    high = won * bounds.won_max + lost * bounds.lost_max
    return min(low, MAX_GAMES), min(high, MAX_GAMES)


def _partidas(n: int) -> str:
    return f"{n} partida{'s' if n != 1 else ''}"


def _most(bounds: PartidaGames, won: int, lost: int, variant: Variant) -> str:
    """Why a team's games are at most what they are: the games of its partidas won and lost."""
    target = variant.match.target_games
    if not lost:
        over = bounds.won_max - target
        return (
            f"a partida won ends with at most {bounds.won_max} games: the deal that reaches "
            f"{target} passes it by at most {over}"
        )
    if not won:
        return f"a partida lost ends with at most {bounds.lost_max} games: {target} win it"
    return (
        f"a partida won ends with at most {bounds.won_max} games, one lost with at most "
        f"{bounds.lost_max}"
    )


def games_problem(games: Sequence[int], score: Sequence[int], variant: Variant) -> str | None:
    """Why `games` (games won by each team over the whole match) cannot go with `score` (partidas
    won by each team) under `variant`, or `None`. Assumes a `score` that can end a match."""
    found = games_refusal(games, score, variant)
    return None if found is None else found[0]


def games_refusal(
    games: Sequence[int], score: Sequence[int], variant: Variant
) -> tuple[str, str, dict[str, int]] | None:
    """`games_problem()`'s reason, with a word for its kind (`games_range`, `games_low`,
    `games_high`) and the values it names, for a refusal said in another language; or `None`."""
    bounds = partida_games(variant)
    for side in (0, 1):
        got, won, lost = games[side], score[side], score[1 - side]
        if not 0 <= got <= MAX_GAMES:
            return (
                f"games are 0 to {MAX_GAMES:,}, got {got}",
                "games_range",
                {"most": MAX_GAMES, "got": got},
            )
        low, high = _match_games(bounds, won, lost)
        if got < low:
            return (
                f"a team that won {_partidas(won)} won at least {low} games "
                f"({bounds.won_min} a partida), got {got}",
                "games_low",
                {"won": won, "low": low, "per": bounds.won_min, "got": got},
            )
        if got > high:
            return (
                f"a team that won {_partidas(won)}{f' and lost {lost}' if lost else ''} won "
                f"at most {high} games under this variant ({_most(bounds, won, lost, variant)}), "
                f"got {got}",
                "games_high",
                {"won": won, "lost": lost, "high": high, "got": got},
            )
    return None
