"""How well the searching bots keep to a clock: wall time per decision at a `time_ms` budget.

Level 5 (or `--level 4`) plays every seat of whole deals with `time_ms` per decision; each
decision's wall time (`time.perf_counter` around `bot.choose`) is kept. It prints one JSON object:
the budget, the decisions timed, their 50th, 95th and 99th percentiles and the largest (ms), the
share within the budget plus 10%, and the median of the deals each decision sampled.

    .venv/bin/python benchmarks/clock.py --level 5 --time-ms 100 --deals 20

Run on demand (never in CI); it takes about `deals * 40 * time_ms`. Wall time counts whatever else
the machine runs: on a busy machine fewer deals are sampled, the budget is still kept.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sueca_rules import Match
from sueca_rules.bots import SamplingBot, make_bot


def percentile(values: list[float], share: float) -> float:
    """The `share` quantile (0 to 1) of `values`, nearest rank."""
    ordered = sorted(values)
    rank = max(0, min(len(ordered) - 1, round(share * len(ordered) + 0.5) - 1))
    return ordered[rank]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--level", type=int, default=5)
    parser.add_argument("--time-ms", type=float, default=100.0, help="0: no clock")
    parser.add_argument("--samples", type=int, default=None, help="a sample budget instead")
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", default="clock")
    args = parser.parse_args(argv)
    times: list[float] = []
    cpu_times: list[float] = []
    sampled: list[int] = []
    for index in range(args.deals):
        base = f"{args.seed}:{index}"
        match = Match("portugal", seed=base, first_dealer=index % 4)
        budget = {"time_ms": args.time_ms or None, "samples": args.samples}
        bots = [make_bot(args.level, seed=f"{base}:{s}", **budget) for s in range(4)]
        while not match.deals:
            seat = match.turn
            assert seat is not None
            observation = match.observation(seat)
            start, cpu = time.perf_counter(), time.process_time()
            card = bots[seat].choose(observation)
            times.append((time.perf_counter() - start) * 1000)
            cpu_times.append((time.process_time() - cpu) * 1000)
            bot = bots[seat]
            if isinstance(bot, SamplingBot):
                sampled.append(bot.last_deals)
            match.play(card)
    limit = (args.time_ms or 100.0) * 1.1
    report = {
        "level": args.level,
        "time_ms": args.time_ms,
        "samples": args.samples,
        "deals": args.deals,
        "decisions": len(times),
        "p50_ms": round(percentile(times, 0.50), 2),
        "p95_ms": round(percentile(times, 0.95), 2),
        "p99_ms": round(percentile(times, 0.99), 2),
        "max_ms": round(max(times), 2),
        "within_budget_plus_10pct": round(sum(t <= limit for t in times) / len(times), 4),
        "p99_within_budget_plus_10pct": percentile(times, 0.99) <= limit,
        # Over the budget with little processor time: the process was waiting for a core.
        "over_budget_max_cpu_ms": round(
            max([c for t, c in zip(times, cpu_times, strict=True) if t > limit], default=0.0), 2
        ),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "median_deals_sampled": statistics.median(sampled) if sampled else 0,
        "command": " ".join(["benchmarks/clock.py", *(argv or sys.argv[1:])]),
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
