"""A small bot tournament: every pair of bot levels plays under several variants.

Each pairing plays the same deals twice, the second time with the teams' seats swapped
(duplicate play), so that the luck of the cards cancels out. A deal counts 1 for the team that
wins it and ½ each for a 60-60. The table shows, for each pairing and variant, the share of the
deals won by the higher level, and a final standing per level. Variants that deal or turn
differently give the same seeds different hands, so with few deals the columns also differ by
the luck of the sample::

    python examples/tournament.py                             # levels 1-3, 20 deals per pairing
    python examples/tournament.py --deals 100 --variants portugal,sueca-online
    python examples/tournament.py --levels 2,4 --deals 10     # level 4 is much slower

``sueca simulate`` does the same for one pairing with confidence intervals and several cores;
this script shows how to do it with the public API alone (``Match``, ``make_bot`` and
``advance``, which makes every decision a variant asks for: the dealer's choice of trump,
redeals, cards, claims and the count). A deal asked away by a weak hand is dealt again and
does not count.
"""

from __future__ import annotations

import argparse
import itertools
from dataclasses import dataclass

from sueca_rules import DealScored, Match, VariantError, load_variant
from sueca_rules.bots import LEVELS, advance, make_bot


@dataclass
class Pairing:
    """Deals won by level ``a`` and level ``b`` (ties count half to each)."""

    a: int
    b: int
    score_a: float = 0.0
    score_b: float = 0.0

    @property
    def share_b(self) -> float:
        """The share of the deals won by level ``b`` (0.5 when nothing was played)."""
        total = self.score_a + self.score_b
        return self.score_b / total if total else 0.5


def play_deal(variant: str, seed: int, levels: tuple[int, int, int, int]) -> DealScored:
    """Play one deal of a fresh match (cards from ``seed``) with bots of ``levels`` by seat."""
    match = Match(variant, seed=seed, first_dealer=seed % 4)
    bots = [make_bot(level, seed=f"{seed}:{seat}") for seat, level in enumerate(levels)]
    while True:  # the first deal played cannot end the match before it is scored
        for event in advance(match, bots):
            if isinstance(event, DealScored) and event.result != "redeal":
                return event


def play_pairing(variant: str, a: int, b: int, deals: int, seed: int) -> Pairing:
    """``deals`` duplicate deals between level ``a`` and level ``b`` under ``variant``."""
    result = Pairing(a, b)
    for k in range(deals):
        deal_seed = seed * 1_000_003 + k  # the same cards for every pairing and variant
        for a_team in (0, 1):
            levels = (a, b, a, b) if a_team == 0 else (b, a, b, a)
            scored = play_deal(variant, deal_seed, levels)
            if scored.team is None:  # 60-60
                result.score_a += 0.5
                result.score_b += 0.5
            elif scored.team == a_team:
                result.score_a += 1
            else:
                result.score_b += 1
    return result


def parse_list(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--levels", default="1,2,3", help="bot levels, comma-separated")
    parser.add_argument(
        "--variants", default="portugal,sueca-online,french", help="variants, comma-separated"
    )
    parser.add_argument("--deals", type=int, default=20, help="deals per pairing (played twice)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the cards and bots")
    args = parser.parse_args(argv)

    try:
        levels = sorted({int(level) for level in parse_list(args.levels)})
    except ValueError:
        parser.error(f"--levels: whole numbers, comma-separated, not {args.levels!r}")
    if len(levels) < 2 or any(level not in LEVELS for level in levels):
        parser.error(f"--levels: two levels or more among {', '.join(map(str, LEVELS))}")
    variants = parse_list(args.variants)
    for variant in variants:
        try:
            load_variant(variant)
        except VariantError as error:  # an unknown id, or a file with problems
            parser.error(str(error))

    pairings = list(itertools.combinations(levels, 2))
    standings = dict.fromkeys(levels, 0.0)
    width = max(12, *(len(v) for v in variants))
    print(f"{args.deals} deals per pairing, each played twice with the seats swapped")
    print(f"share of the deals won by the higher level, per variant (seed {args.seed})")
    print()
    print(f"{'pairing':<10}" + "".join(f"{v:>{width + 2}}" for v in variants))
    for a, b in pairings:
        cells = []
        for variant in variants:
            result = play_pairing(variant, a, b, args.deals, args.seed)
            standings[a] += result.score_a
            standings[b] += result.score_b
            cells.append(f"{result.share_b:>{width + 2}.1%}")
        print(f"{f'{b} vs {a}':<10}" + "".join(cells))
    print()
    print("standings (deals won over all pairings and variants)")
    for rank, level in enumerate(sorted(levels, key=lambda lv: -standings[lv]), 1):
        print(f"  {rank}. level {level}: {standings[level]:g}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
