"""Pairing rules, as pure functions of names and past meetings (no file, no variant).

* `round_robin_rounds()`: the circle method. Team 1 stays put, the others turn one place each
  round; with an odd count a "bye" seat joins the circle, and whoever faces it sits out.
* `swiss_pairs()`: the teams in ranking order; the bye to the lowest-ranked team that has had
  none; then a backtracking matcher pairs the top unpaired team with the next one down that it has
  not met, backing up when the rest cannot be paired. A rematch is allowed only when no pairing of
  the round avoids it (then as few as the matcher needs).
* `bracket_slots()`: a seeded knockout bracket (1 meets the last seed, 2 the one before...,
  seeds 1 and 2 can meet only in the final); missing seeds are byes, so byes go to the top seeds.
* `snake_groups()`: teams dealt into groups by seed, one way then back (1 2 3 3 2 1 ...).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

__all__ = [
    "SWISS_BUDGET",
    "bracket_positions",
    "bracket_slots",
    "round_robin_count",
    "round_robin_rounds",
    "snake_groups",
    "swiss_pairs",
]

SWISS_BUDGET = 200_000
"""The most steps the Swiss matcher takes for each number of rematches it tries."""

Pair = tuple[str, str]


def round_robin_count(n: int) -> int:
    """The rounds of a round robin of `n` teams: n - 1, or n when n is odd (each team sits one
    out)."""
    return n - 1 if n % 2 == 0 else n


def round_robin_rounds(names: Sequence[str]) -> list[tuple[list[Pair], str | None]]:
    """Every round of a round robin (circle method): its pairs, and the team with a bye."""
    circle: list[str | None] = [*names]
    if len(circle) % 2:
        circle.append(None)
    m = len(circle)
    out: list[tuple[list[Pair], str | None]] = []
    for r in range(m - 1):
        pairs: list[Pair] = []
        bye: str | None = None
        for i in range(m // 2):
            a, b = circle[i], circle[m - 1 - i]
            if i == 0 and r % 2:
                a, b = b, a  # the fixed team alternates between first and second
            if a is None or b is None:
                bye = a if b is None else b
            else:
                pairs.append((a, b))
        out.append((pairs, bye))
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return out


class _OutOfStepsError(Exception):
    pass


def _match(
    order: Sequence[str], met: Collection[frozenset[str]], rematches: int, budget: int
) -> list[Pair] | None:
    """A pairing of `order` (top-down, backtracking) with at most `rematches` rematches."""
    n = len(order)
    full = (1 << n) - 1
    again = [[frozenset((order[i], order[j])) in met for j in range(n)] for i in range(n)]
    failed: set[tuple[int, int]] = set()
    steps = 0

    def go(mask: int, left: int) -> list[Pair] | None:
        nonlocal steps
        if mask == full:
            return []
        steps += 1
        if steps > budget:
            raise _OutOfStepsError
        if (mask, left) in failed:
            return None
        i = (~mask & (mask + 1)).bit_length() - 1  # the top unpaired team
        for j in range(i + 1, n):
            if mask >> j & 1:
                continue
            cost = 1 if again[i][j] else 0
            if cost > left:
                continue
            rest = go(mask | 1 << i | 1 << j, left - cost)
            if rest is not None:
                return [(order[i], order[j]), *rest]
        failed.add((mask, left))
        return None

    try:
        return go(0, rematches)
    except _OutOfStepsError:
        return None


def swiss_pairs(
    order: Sequence[str],
    met: Collection[frozenset[str]],
    had_bye: Collection[str],
    *,
    budget: int = SWISS_BUDGET,
) -> tuple[list[Pair], str | None]:
    """One Swiss round: the pairs (higher-ranked team first) and the team with the bye.

    `order` is the ranking before the round (best first), `met` the pairs that have played.
    """
    rest = list(order)
    bye: str | None = None
    if len(rest) % 2:
        fresh = [name for name in rest if name not in had_bye]
        bye = (fresh or rest)[-1]
        rest.remove(bye)
    for rematches in range(len(rest) // 2 + 1):
        pairs = _match(rest, met, rematches, budget)
        if pairs is not None:
            return pairs, bye
    # Unreachable: with every rematch allowed the first try pairs the list in order.
    return [(rest[i], rest[i + 1]) for i in range(0, len(rest), 2)], bye  # pragma: no cover


def bracket_positions(size: int) -> list[int]:
    """Seed indexes (0 = top seed) in bracket order for a bracket of `size` (a power of two):
    neighbours meet in the first round; `[0, 3, 1, 2]` for 4."""
    order = [0]
    while len(order) < size:
        doubled = 2 * len(order) - 1
        order = [s for seed in order for s in (seed, doubled - seed)]
    return order


def bracket_slots(seeds: Sequence[str]) -> list[str | None]:
    """The first round's slots of a knockout of `seeds` (best first): `None` is a bye."""
    size = 1
    while size < len(seeds):
        size *= 2
    return [seeds[s] if s < len(seeds) else None for s in bracket_positions(size)]


def snake_groups(names: Sequence[str], groups: int) -> list[list[str]]:
    """`names` (in seed order) dealt into `groups` groups: 1 2 3, 3 2 1, 1 2 3..."""
    out: list[list[str]] = [[] for _ in range(groups)]
    for i, name in enumerate(names):
        lap, at = divmod(i, groups)
        out[at if lap % 2 == 0 else groups - 1 - at].append(name)
    return out
