"""Fit level 5's reading of the rivals (a player who looks ahead) to the cards level 4 plays.

Level 5 reads each rival's cards so far by `searcher_chance()` (in `sueca_rules/bots/`):
a softmax over the rival's legal cards of a linear score of a few features of each card
(`searcher_features()`), with the weights `SEARCHER_LEAD` and `SEARCHER_FOLLOW` (the compiled
kernel holds the same numbers). This script is where those weights come from: it plays `--deals`
deals with level 4 at every seat, takes every play where the player had a real choice, and fits
the weights by maximum likelihood (a conditional logit, Newton's method, a small ridge penalty),
leads and follows apart. It prints one JSON object: the weights fitted (rounded as the package
holds them), and on `--test` fresh deals the mean log-likelihood of the card played under the
weights fitted, the package's weights, the rules of thumb's reading (the bots' mixture) and
choosing alike. Higher is better.

    .venv/bin/python benchmarks/reading.py --deals 5500 --test 500

Run on demand (never in CI; needs numpy, which the dev install brings); 6,000 deals of level 4
take about a minute.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sueca_rules import Match
from sueca_rules._kernel._bits import CardIndex, Seat
from sueca_rules.bots import make_bot
from sueca_rules.bots._hidden_hands import (
    SEARCHER_FOLLOW,
    SEARCHER_LEAD,
    Likelihood,
    searcher_features,
)

_MISS = 0.05
"""The bots' `inference`: the rules of thumb's reading, for comparison."""

Sample = tuple[list[tuple[float, ...]], int, int, bool]
"""One real choice: each legal card's features (cards that play alike as one), the index of the
card played, of the rules of thumb's card, and whether the trick was led already."""


def choices(level: int, deals: int, seed: str) -> list[Sample]:
    """Every play with a real choice in `deals` deals of `level` at every seat."""
    out: list[Sample] = []
    for d in range(deals):
        match = Match("portugal", seed=f"{seed}:{d}", first_dealer=d % 4)
        bots = [make_bot(level, seed=f"{seed}:{d}:{s}") for s in range(4)]
        plays: list[tuple[Seat, CardIndex]] = []
        observers = [match.observation(0), match.observation(1)]  # the deal's trump, dealer...
        while not match.deals:
            seat = match.turn
            assert seat is not None
            card = bots[seat].choose(match.observation(seat))
            plays.append((seat, int(card)))
            match.play(card)
        # Two observers' rivals are the four seats; their hands now are empty.
        for observer in observers:
            likelihood = Likelihood(observer, _MISS, plays=plays)
            for index, seat in enumerate(likelihood.rivals):
                for choice in likelihood.choices(index, 0):
                    know = likelihood.knowledge
                    cards = searcher_features(choice, seat, know)
                    played = next(i for i, (m, _) in enumerate(cards) if m >> choice.card & 1)
                    pick = next(i for i, (m, _) in enumerate(cards) if m >> choice.pick & 1)
                    out.append(([f for _, f in cards], played, pick, bool(choice.played)))
    return out


def fit(samples: list[Sample], follows: bool, ridge: float = 1e-3) -> np.ndarray[Any, Any]:
    """The weights of most likelihood for the leads or the follows (Newton's method)."""
    data = [(np.array(x), c) for x, c, _, f in samples if f == follows]
    weights = np.zeros(data[0][0].shape[1])
    for _ in range(50):
        gradient = -ridge * len(data) * weights
        hessian = -ridge * len(data) * np.eye(len(weights))
        for x, chosen in data:
            z = x @ weights
            p = np.exp(z - z.max())
            p /= p.sum()
            mean = p @ x
            gradient += x[chosen] - mean
            hessian -= (x * p[:, None]).T @ x - np.outer(mean, mean)
        step = np.linalg.solve(hessian, gradient)
        weights = weights - step
        if np.abs(step).max() < 1e-8:
            break
    return weights


def scores(samples: list[Sample], follows: bool, weights: Any) -> dict[str, float]:
    """The mean log-likelihood of the card played, by reading."""
    data = [s for s in samples if s[3] == follows]
    total = {"fitted": 0.0, "package": 0.0, "rules_of_thumb": 0.0, "alike": 0.0}
    package = np.array(SEARCHER_FOLLOW if follows else SEARCHER_LEAD)
    for x, chosen, pick, _ in data:
        k = len(x)
        for name, w in (("fitted", weights), ("package", package)):
            z = np.array(x) @ w
            total[name] += float(z[chosen] - z.max() - math.log(np.exp(z - z.max()).sum()))
        model = (1.0 if chosen == pick else _MISS / (k - 1)) / (1.0 + _MISS)
        total["rules_of_thumb"] += math.log(0.5 * model + 0.5 / k)
        total["alike"] += math.log(1.0 / k)
    return {name: round(value / len(data), 4) for name, value in total.items()} | {
        "choices": len(data)
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--level", type=int, default=4, help="the players read (default 4)")
    parser.add_argument("--deals", type=int, default=5500, help="deals to fit on")
    parser.add_argument("--test", type=int, default=500, help="fresh deals to score on")
    parser.add_argument("--seed", default="reading")
    args = parser.parse_args(argv)
    train = choices(args.level, args.deals, args.seed)
    test = choices(args.level, args.test, f"{args.seed}:test")
    report: dict[str, Any] = {"level": args.level, "deals": args.deals, "test_deals": args.test}
    for name, follows in (("lead", False), ("follow", True)):
        weights = fit(train, follows)
        report[name] = {
            "weights": [round(float(w), 2) for w in weights],
            "test": scores(test, follows, weights),
        }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
