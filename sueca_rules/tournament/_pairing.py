"""Pairing rules, as pure functions of names and past meetings (no file, no variant).

* `round_robin_rounds()`: the circle method. Team 1 stays put, the others turn one place each
  round; with an odd count a "bye" seat joins the circle, and whoever faces it sits out.
* `swiss_pairs()`: the teams in ranking order; the bye to the lowest-ranked team that has had
  none; then a backtracking matcher pairs the top unpaired team with the next one down that it has
  not met, backing up when the rest cannot be paired. A rematch is allowed only when no pairing of
  the round avoids it, and then only as many as the fewest any pairing needs (found exactly with
  a maximum matching, Edmonds' blossom algorithm, of the pairs that have not met). When the
  search takes too many steps, the pairs are chosen top-down one at a time, each kept only if
  the matching says the rest can still be paired with the rematches left.
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

SWISS_BUDGET = 2_000
"""The most steps the backtracking Swiss matcher takes before it pairs with the help of a
maximum matching instead (one pair at a time, each checked to leave a pairing of the rest)."""

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
    """The first pairing of `order` top-down (backtracking) with at most `rematches` rematches;
    `None` when there is none. Raises `_OutOfStepsError` after `budget` steps."""
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

    return go(0, rematches)


def _most_new_pairs(names: Sequence[str], met: Collection[frozenset[str]]) -> int:
    """The most pairs of `names` that have not met, all at once: a maximum matching of the
    graph of pairs that have not met (Edmonds' blossom algorithm)."""
    n = len(names)
    adj = [
        [j for j in range(n) if j != i and frozenset((names[i], names[j])) not in met]
        for i in range(n)
    ]
    match = [-1] * n
    for v in range(n):  # a greedy start
        if match[v] == -1:
            free = next((u for u in adj[v] if match[u] == -1), None)
            if free is not None:
                match[v], match[free] = free, v
    for root in range(n):
        if match[root] == -1:
            end, parent = _augmenting_path(root, adj, match)
            while end != -1:  # flip the path
                previous = parent[end]
                after = match[previous]
                match[end], match[previous] = previous, end
                end = after
    return sum(1 for v in match if v != -1) // 2


def _augmenting_path(root: int, adj: list[list[int]], match: list[int]) -> tuple[int, list[int]]:
    """An augmenting path from `root` (its free end, and each vertex's parent), or -1."""
    n = len(adj)
    used = [False] * n
    parent = [-1] * n
    base = list(range(n))
    used[root] = True
    queue = [root]

    def lca(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if match[a] == -1:
                break
            a = parent[match[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[match[b]]

    def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[match[v]]] = True
            parent[v] = child
            child = match[v]
            v = parent[match[v]]

    head = 0
    while head < len(queue):
        v = queue[head]
        head += 1
        for to in adj[v]:
            if base[v] == base[to] or match[v] == to:
                continue
            if to == root or (match[to] != -1 and parent[match[to]] != -1):
                b = lca(v, to)
                blossom = [False] * n
                mark(v, b, to, blossom)
                mark(to, b, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = b
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if match[to] == -1:
                    return to, parent
                used[match[to]] = True
                queue.append(match[to])
    return -1, parent


def _fewest_rematches(names: Sequence[str], met: Collection[frozenset[str]]) -> int:
    return len(names) // 2 - _most_new_pairs(names, met)


def _greedy_exact(order: Sequence[str], met: Collection[frozenset[str]], left: int) -> list[Pair]:
    """Top-down pairing where each pair is kept only if the rest can still be paired with the
    rematches left (asked of the matching algorithm): no backtracking needed."""
    rest = list(order)
    pairs: list[Pair] = []
    while rest:
        top = rest[0]
        for other in rest[1:]:
            cost = 1 if frozenset((top, other)) in met else 0
            if cost > left:
                continue
            remaining = [n for n in rest if n not in (top, other)]
            if _fewest_rematches(remaining, met) <= left - cost:
                pairs.append((top, other))
                rest, left = remaining, left - cost
                break
        else:  # pragma: no cover - the count of rematches says a pairing exists
            raise AssertionError("no pairing within the fewest rematches")
    return pairs


def swiss_pairs(
    order: Sequence[str],
    met: Collection[frozenset[str]],
    had_bye: Collection[str],
    *,
    budget: int = SWISS_BUDGET,
) -> tuple[list[Pair], str | None]:
    """One Swiss round: the pairs (higher-ranked team first) and the team with the bye.

    `order` is the ranking before the round (best first), `met` the pairs that have played.
    The fewest rematches any pairing needs is found exactly (a maximum matching of the pairs
    that have not met); the pairing is the first one top-down with no more than that.
    """
    rest = list(order)
    bye: str | None = None
    if len(rest) % 2:
        fresh = [name for name in rest if name not in had_bye]
        bye = (fresh or rest)[-1]
        rest.remove(bye)
    pairs: list[Pair] | None = None
    try:
        pairs = _match(rest, met, 0, budget)
        if pairs is not None:
            return pairs, bye
    except _OutOfStepsError:
        pass
    fewest = _fewest_rematches(rest, met)
    if fewest > 0:  # (with none, the search above has just run out of steps)
        try:
            pairs = _match(rest, met, fewest, budget)
        except _OutOfStepsError:
            pairs = None
    if pairs is None:  # the search ran out of steps: pair with the matching's help
        pairs = _greedy_exact(rest, met, fewest)
    return pairs, bye


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
