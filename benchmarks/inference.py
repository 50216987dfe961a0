"""How well levels 4 and 5 read the hidden hands: the log-score of their sampled deals.

Bots play whole deals (`--me-level` at seats 0 and 2, `--rival-level` at 1 and 3). At each decision
of seats 0 and 2 in the first `--tricks` tricks (once a card is down), the deals the searching bots
would play out are drawn (`samples` of them, as the bots draw them: by the likelihood of the rivals'
cards so far) and each hidden card's true owner is looked up in them: the share of the deals that
give it to its owner (smoothed: `(k + 0.5) / (n + 1.5)`) scores `log(share)`. The mean over every
hidden card of every position is the log-score: 0 would be certainty of every owner; dealing at
random scores about `log(1/3)` = -1.10 early in a deal. Higher is better.

Each `--reading` is `inference,trust[,model]`: the bots' `inference` (the odds of a card the rules
of thumb would not have played, where there were two; 1 turns inference off), the chance that a
rival plays by the model rather than choosing among its cards alike (the bots use 0.05 and 0.5),
and the model: `rules` (the rules of thumb, the default: level 4's reading) or `search` (a player
who looks ahead: level 5's; see the bots' `reading` option). It prints one JSON object: the
positions, the hidden cards scored, and each reading's log-score, also split into the cards held by
the rivals and by the partner.

    .venv/bin/python benchmarks/inference.py --rival-level 4 --deals 120 \\
        --reading 1,1 --reading 0.05,0.5 --reading 0.05,0.5,search

Run on demand (never in CI); 120 deals take about a minute a reading. The positions depend only on
`--seed`, the levels and `--deals`; the draws on the position's number.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sueca_rules import Match
from sueca_rules._kernel._bits import Mask
from sueca_rules._match import Observation
from sueca_rules.bots import make_bot
from sueca_rules.bots._hidden_hands import READINGS, Reading
from sueca_rules.bots._sampling import sampled_deals

Position = tuple[Observation, list[Mask]]


def positions(deals: int, me: int, rival: int, tricks: int, seed: str) -> list[Position]:
    """The decisions of seats 0 and 2 in the first `tricks` tricks of `deals` deals (once a card
    is down), with every seat's hand at that moment."""
    out: list[Position] = []
    for d in range(deals):
        match = Match("portugal", seed=f"{seed}:{d}", first_dealer=d % 4)
        bots = [make_bot(me if s % 2 == 0 else rival, seed=f"{seed}:{d}:{s}") for s in range(4)]
        while not match.deals:
            seat = match.turn
            assert seat is not None
            obs = match.observation(seat)
            if seat % 2 == 0 and obs.played_mask and len(obs.tricks) < tricks:
                out.append((obs, [match.observation(s).hand_mask for s in range(4)]))
            match.play(bots[seat].choose(obs))
    return out


def log_score(
    found: list[Position], inference: float, trust: float, samples: int, model: Reading = "rules"
) -> dict[str, Any]:
    """The log-score of the deals drawn for each position (see the module docs)."""
    sums = {"rivals": [0.0, 0], "partner": [0.0, 0]}
    for number, (obs, hands) in enumerate(found):
        deals = sampled_deals(obs, random.Random(number), inference, trust=trust, reading=model)
        drawn: list[list[Mask]] = []
        while len(drawn) < samples:
            drawn += deals.batch(min(12, samples - len(drawn)))
        for card in range(40):
            if not obs.unseen_mask >> card & 1:
                continue
            owner = next(s for s in range(4) if hands[s] >> card & 1)
            k = sum(1 for hand in drawn if hand[owner] >> card & 1)
            kind = "partner" if owner == obs.seat ^ 2 else "rivals"
            sums[kind][0] += math.log((k + 0.5) / (len(drawn) + 1.5))
            sums[kind][1] += 1
    total = sums["rivals"][0] + sums["partner"][0]
    cards = int(sums["rivals"][1] + sums["partner"][1])
    return {
        "inference": inference,
        "trust": trust,
        "model": model,
        "log_score": round(total / cards, 4),
        "rivals": round(sums["rivals"][0] / sums["rivals"][1], 4),
        "partner": round(sums["partner"][0] / sums["partner"][1], 4),
    }


def _reading(text: str) -> tuple[float, float, Reading]:
    """`inference,trust[,model]` read from the command line."""
    inference, trust, *rest = text.split(",")
    model = rest[0] if rest else "rules"
    if model not in READINGS:
        raise SystemExit(f"--reading {text}: the model is one of {', '.join(READINGS)}")
    return float(inference), float(trust), model


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--me-level", type=int, default=4, help="seats 0 and 2 (default 4)")
    parser.add_argument("--rival-level", type=int, default=4, help="seats 1 and 3 (default 4)")
    parser.add_argument("--deals", type=int, default=120)
    parser.add_argument("--tricks", type=int, default=8, help="positions in the first N tricks")
    parser.add_argument("--samples", type=int, default=192, help="deals drawn a position")
    parser.add_argument("--seed", default="inference")
    parser.add_argument(
        "--reading",
        action="append",
        default=None,
        help="inference,trust[,rules|search] (repeatable)",
    )
    args = parser.parse_args(argv)
    readings = [_reading(r) for r in args.reading or ["1,1", "0.05,0.5"]]
    found = positions(args.deals, args.me_level, args.rival_level, args.tricks, args.seed)
    report = {
        "me_level": args.me_level,
        "rival_level": args.rival_level,
        "positions": len(found),
        "cards": sum(obs.unseen_mask.bit_count() for obs, _ in found),
        "readings": [
            log_score(found, inf, trust, args.samples, model) for inf, trust, model in readings
        ],
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
