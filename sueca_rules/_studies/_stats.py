"""Intervals from running sums: Wilson, normal approximation and ratio (delta method).

Every function here takes sums, never lists of observations, so that the figures of a study
come from summaries of constant size. Sums are exact (integers or fractions) and converted to
floats only at the end.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

__all__ = [
    "Z95",
    "Moments",
    "normal_interval",
    "ratio_difference",
    "ratio_interval",
    "t95",
    "wilson",
]

Z95: Final = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution."""

_T95: Final = (
    12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
    2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
    2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423,
)  # fmt: skip
"""The 97.5% quantile of Student's t with 1 to 30 degrees of freedom."""


def t95(df: int) -> float:
    """The 97.5% quantile of Student's t with `df` degrees of freedom (at least 1): from a table
    up to 30, then the Cornish-Fisher expansion around the normal's (within 1e-4 of the exact
    value; 1.9623 at 1,000, where the normal's is 1.9600)."""
    if df < 1:
        raise ValueError(f"degrees of freedom must be at least 1, got {df}")
    if df <= len(_T95):
        return _T95[df - 1]
    z = Z95
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


Number = int | Fraction


def wilson(successes: float, n: int) -> tuple[float, float]:
    """The Wilson score 95% interval of `successes` out of `n` (`(0, 1)` when `n` is 0)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = Z95 * Z95
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(slots=True)
class Moments:
    """Count, sum, sum of squares, least and greatest of observations, kept exactly."""

    n: int = 0
    total: Number = 0
    squares: Number = 0
    low: Number | None = None
    high: Number | None = None

    def add(self, value: Number) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value
        self.low = value if self.low is None else min(self.low, value)
        self.high = value if self.high is None else max(self.high, value)

    def merge(self, other: Moments) -> None:
        self.n += other.n
        self.total += other.total
        self.squares += other.squares
        for value in (other.low, other.high):
            if value is not None:
                self.low = value if self.low is None else min(self.low, value)
                self.high = value if self.high is None else max(self.high, value)

    @property
    def mean(self) -> float:
        return float(Fraction(self.total) / self.n) if self.n else 0.0

    def variance(self) -> Fraction:
        """The sample variance (`n - 1` in the denominator), exactly."""
        if self.n < 2:
            return Fraction(0)
        total = Fraction(self.total)
        return (self.squares - total * total / self.n) / (self.n - 1)

    def to_state(self) -> list[str | int | None]:
        def text(x: Number | None) -> str | None:
            return None if x is None else str(x)

        return [self.n, text(self.total), text(self.squares), text(self.low), text(self.high)]

    @classmethod
    def from_state(cls, state: list[str | int | None]) -> Moments:
        def number(x: str | int | None) -> Number | None:
            if x is None:
                return None
            f = Fraction(x)
            return f.numerator if f.denominator == 1 else f

        n, total, squares, low, high = state
        assert isinstance(n, int)
        return cls(n, number(total) or 0, number(squares) or 0, number(low), number(high))


def normal_interval(m: Moments, lo: float, hi: float) -> tuple[float, float]:
    """mean ± t·s/√n (`t` Student's 97.5% quantile with n - 1 degrees of freedom: 12.7 for two
    values, 2.09 for 21, 1.96 for many), clipped to `[lo, hi]`; the whole range with fewer than
    two values."""
    if m.n < 2:
        return (lo, hi)
    half = t95(m.n - 1) * math.sqrt(float(m.variance()) / m.n)
    mean = m.mean
    return (max(lo, mean - half), min(hi, mean + half))


def ratio_interval(
    n: int, sums: Sequence[int], products: Sequence[Sequence[int]], i: int
) -> tuple[float, float, float]:
    """The ratio `R = Σy / Σx` over `n` units (clusters) and its 95% interval by the delta
    method, `R ± t·√(Σ(y - R·x)² / (n(n - 1))) / x̄` (`t` as in `normal_interval()`). `y` is
    quantity `i` and `x` quantity `i + 1` of `sums` (their sums over the units) and `products`
    (the sums of their products two by two). Returns `(R, low, high)`: NaNs when `Σx` is 0, an
    unbounded interval with fewer than two units."""
    return ratio_difference(n, sums, products, i, None)


def ratio_difference(
    n: int, sums: Sequence[int], products: Sequence[Sequence[int]], i: int, j: int | None
) -> tuple[float, float, float]:
    """The paired difference `R_i - R_j` of two ratios measured on the same units (see
    `ratio_interval()`; `j=None`: `R_i` alone) and its 95% interval by the delta method over the
    units' linearised differences `(y_i - R_i·x_i)/x̄_i - (y_j - R_j·x_j)/x̄_j`."""
    terms = [(i, 1)] if j is None else [(i, 1), (j, -1)]
    if any(not sums[k + 1] for k, _ in terms):
        return (math.nan, math.nan, math.nan)
    ratio = {k: Fraction(sums[k], sums[k + 1]) for k, _ in terms}
    value = sum((sign * ratio[k] for k, sign in terms), Fraction(0))
    if n < 2:
        return (float(value), -math.inf, math.inf)

    def covariance(a: int, b: int) -> Fraction:
        # Σ (y_a - R_a x_a)(y_b - R_b x_b), expanded into the sums kept.
        ra, rb = ratio[a], ratio[b]
        return (
            products[a][b]
            - rb * products[a][b + 1]
            - ra * products[a + 1][b]
            + ra * rb * products[a + 1][b + 1]
        )

    spread = Fraction(0)
    for a, sa in terms:
        for b, sb in terms:
            scale = Fraction(n * n, sums[a + 1] * sums[b + 1])  # 1 / (x̄_a x̄_b)
            spread += sa * sb * scale * covariance(a, b)
    half = t95(n - 1) * math.sqrt(max(0.0, float(spread / (n * (n - 1)))))
    return (float(value), float(value) - half, float(value) + half)
