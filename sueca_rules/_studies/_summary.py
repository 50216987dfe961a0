"""Running summaries: what a study keeps of its units, in memory that does not grow.

A `Summary` holds, for one variant, integer totals, exact moments of the per-unit figures the
intervals need, histograms of partida lengths and the bots' timing histograms. A `StudySummary`
holds one per variant and, for the paired comparisons, the sums of the products of every ratio's
numerator and denominator across variants, unit by unit.

Every sum is exact (integers and fractions), so merging summaries in any order gives the same
figures: a study's result does not depend on how its units were sharded, in which order they
finished, or whether it was resumed from a checkpoint. Only the timings (floats) do.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final

from ._play import COUNTS, Tally, Timing
from ._stats import Moments

__all__ = ["RATIOS", "StudySummary", "Summary", "UnitResult"]

UnitResult = tuple[tuple[Tally, ...], ...]
"""One unit: for each variant of the study, its plays (one, or two in duplicate)."""


def _sum(values: list[int]) -> int:
    return sum(values)


RATIOS: Final[dict[str, tuple[Callable[[Tally], int], Callable[[Tally], int]]]] = {
    "games_per_deal": (lambda t: t.games, lambda t: t.deals),
    "tie_rate": (lambda t: t.ties, lambda t: t.deals),
    "capote_rate": (lambda t: t.capotes0 + t.capotes1, lambda t: t.deals),
    "bandeira_rate": (lambda t: t.bandeiras0 + t.bandeiras1, lambda t: t.deals),
    "revoke_rate": (lambda t: t.revokes, lambda t: t.deals),
    "claim_rate": (lambda t: t.claims, lambda t: t.deals),
    "redeal_rate": (lambda t: t.redeals, lambda t: t.deals + t.redeals),
    "deals_per_partida": (lambda t: _sum(t.partida_deals), lambda t: t.partidas),
    "minutes_per_partida": (lambda t: _sum(t.partida_seconds), lambda t: 60 * t.partidas),
    "stronger_team_match_rate": (lambda t: t.stronger_wins, lambda t: t.matches),
    "first_leader_edge": (lambda t: t.leader_halves - t.deals, lambda t: 2 * t.deals),
}
"""The figures compared between variants, each a ratio of two sums over the units
(numerator, denominator), so that its interval and the paired differences are taken over the
units (the duplicate pairs) by the delta method."""


def _hist_add(hist: dict[int, int], values: Sequence[int]) -> None:
    for v in values:
        hist[v] = hist.get(v, 0) + 1


@dataclass(slots=True)
class Summary:
    """What a study keeps of one variant's units (see the module docs)."""

    units: int = 0
    totals: Tally = field(default_factory=Tally)
    """Every count summed (its partida lists stay empty: see the histograms)."""
    unit_score: Moments = field(default_factory=Moments)
    """Team 0's mean deal score in each unit (a 60-60 counting half)."""
    unit_margin: Moments = field(default_factory=Moments)
    """Team 0's mean point margin per deal in each unit."""
    unit_match: Moments = field(default_factory=Moments)
    """Team 0's share of the matches of each unit (matches mode)."""
    pairs: int = 0
    """Duplicate deals (deals mode in duplicate)."""
    pair_halves: int = 0
    """Twice team 0's duplicate deals won (a split pair counting 1)."""
    partida_deals: dict[int, int] = field(default_factory=dict)
    """How many finished partidas lasted each number of deals."""
    partida_minutes: dict[int, int] = field(default_factory=dict)
    """How many finished partidas lasted each number of modelled minutes (rounded)."""

    def add_unit(self, plays: Sequence[Tally], mode: str, duplicate: bool) -> Tally:
        """Add one unit's plays; returns their sum."""
        unit = Tally()
        for play in plays:
            unit.add(play)
        self.units += 1
        self.unit_score.add(Fraction(unit.score_halves, 2 * unit.deals))
        self.unit_margin.add(Fraction(unit.points0 - unit.points1, unit.deals))
        if unit.matches:
            self.unit_match.add(Fraction(unit.match_wins0, unit.matches))
        if duplicate and mode == "deals":
            half = 60 * unit.deals
            self.pairs += 1
            self.pair_halves += 2 if unit.points0 > half else 1 if unit.points0 == half else 0
        _hist_add(self.partida_deals, unit.partida_deals)
        _hist_add(self.partida_minutes, [round(s / 60) for s in unit.partida_seconds])
        totals = self.totals
        totals.add(unit)
        totals.partida_deals.clear()
        totals.partida_seconds.clear()
        return unit

    def merge(self, other: Summary) -> None:
        self.units += other.units
        self.totals.add(other.totals)
        self.unit_score.merge(other.unit_score)
        self.unit_margin.merge(other.unit_margin)
        self.unit_match.merge(other.unit_match)
        self.pairs += other.pairs
        self.pair_halves += other.pair_halves
        for mine, theirs in (
            (self.partida_deals, other.partida_deals),
            (self.partida_minutes, other.partida_minutes),
        ):
            for k, n in theirs.items():
                mine[k] = mine.get(k, 0) + n

    def to_state(self) -> dict[str, Any]:
        t = self.totals
        return {
            "units": self.units,
            "totals": [getattr(t, name) for name in COUNTS],
            "timing": [t.timing[0].to_state(), t.timing[1].to_state()],
            "unit_score": self.unit_score.to_state(),
            "unit_margin": self.unit_margin.to_state(),
            "unit_match": self.unit_match.to_state(),
            "pairs": [self.pairs, self.pair_halves],
            "partida_deals": sorted(self.partida_deals.items()),
            "partida_minutes": sorted(self.partida_minutes.items()),
        }

    @classmethod
    def from_state(cls, state: dict[str, Any]) -> Summary:
        totals = Tally()
        for name, value in zip(COUNTS, state["totals"], strict=True):
            setattr(totals, name, int(value))
        totals.timing = (
            Timing.from_state(state["timing"][0]),
            Timing.from_state(state["timing"][1]),
        )
        return cls(
            units=int(state["units"]),
            totals=totals,
            unit_score=Moments.from_state(state["unit_score"]),
            unit_margin=Moments.from_state(state["unit_margin"]),
            unit_match=Moments.from_state(state["unit_match"]),
            pairs=int(state["pairs"][0]),
            pair_halves=int(state["pairs"][1]),
            partida_deals={int(k): int(n) for k, n in state["partida_deals"]},
            partida_minutes={int(k): int(n) for k, n in state["partida_minutes"]},
        )


@dataclass(slots=True)
class Cross:
    """Sums over the units of a ratio's numerator and denominator under every variant, and of
    their products two by two (for the intervals of the ratios and of their differences)."""

    n: int = 0
    sums: list[int] = field(default_factory=list)
    """`[y_0, x_0, y_1, x_1, …]` summed: numerator and denominator by variant."""
    products: list[list[int]] = field(default_factory=list)
    differing: list[list[int]] = field(default_factory=list)
    """`differing[i][j]`: the units in which the ratio differs between variants `i` and `j` (a
    difference seen in a handful of units only is not clear, whatever its interval says: one
    bandeira more, or the same bandeira in a match one deal longer)."""

    def add(self, values: Sequence[int]) -> None:
        if not self.sums:
            self.sums = [0] * len(values)
            self.products = [[0] * len(values) for _ in values]
            self.differing = [[0] * (len(values) // 2) for _ in range(len(values) // 2)]
        self.n += 1
        for i, a in enumerate(values):
            self.sums[i] += a
            row = self.products[i]
            for j, b in enumerate(values):
                row[j] += a * b
        pairs = [(values[k], values[k + 1]) for k in range(0, len(values), 2)]
        for i, (ya, xa) in enumerate(pairs):
            for j, (yb, xb) in enumerate(pairs):
                self.differing[i][j] += ya * xb != yb * xa  # y_a/x_a != y_b/x_b

    def merge(self, other: Cross) -> None:
        if not other.n:
            return
        if not self.n:
            self.n, self.sums = other.n, list(other.sums)
            self.products = [list(row) for row in other.products]
            self.differing = [list(row) for row in other.differing]
            return
        self.n += other.n
        for i, a in enumerate(other.sums):
            self.sums[i] += a
            for j, b in enumerate(other.products[i]):
                self.products[i][j] += b
        for i, row in enumerate(other.differing):
            for j, b in enumerate(row):
                self.differing[i][j] += b

    def to_state(self) -> list[Any]:
        return [self.n, self.sums, self.products, self.differing]

    @classmethod
    def from_state(cls, state: list[Any]) -> Cross:
        n, sums, products, differing = state

        def ints(rows: list[list[Any]]) -> list[list[int]]:
            return [[int(x) for x in row] for row in rows]

        return cls(int(n), [int(x) for x in sums], ints(products), ints(differing))


@dataclass(slots=True)
class StudySummary:
    """A summary per variant, and the cross sums of `RATIOS` between variants."""

    mode: str
    duplicate: bool
    variants: list[Summary]
    cross: dict[str, Cross]

    @classmethod
    def empty(cls, n_variants: int, mode: str, duplicate: bool) -> StudySummary:
        return cls(mode, duplicate, [Summary() for _ in range(n_variants)], _new_cross())

    @property
    def units(self) -> int:
        return self.variants[0].units if self.variants else 0

    def add_unit(self, unit: UnitResult) -> None:
        tallies = [
            summary.add_unit(plays, self.mode, self.duplicate)
            for summary, plays in zip(self.variants, unit, strict=True)
        ]
        for name, (num, den) in RATIOS.items():
            self.cross[name].add([f(t) for t in tallies for f in (num, den)])

    def merge(self, other: StudySummary) -> None:
        for mine, theirs in zip(self.variants, other.variants, strict=True):
            mine.merge(theirs)
        for name, cross in self.cross.items():
            cross.merge(other.cross[name])

    def to_state(self) -> dict[str, Any]:
        return {
            "variants": [s.to_state() for s in self.variants],
            "cross": {name: c.to_state() for name, c in self.cross.items()},
        }

    @classmethod
    def from_state(cls, state: dict[str, Any], mode: str, duplicate: bool) -> StudySummary:
        cross = _new_cross()
        for name, c in state["cross"].items():
            if name not in cross:
                raise ValueError(f"unknown ratio {name!r}")
            cross[name] = Cross.from_state(c)
        variants = [Summary.from_state(s) for s in state["variants"]]
        return cls(mode, duplicate, variants, cross)


def _new_cross() -> dict[str, Cross]:
    return {name: Cross() for name in RATIOS}
