"""The engine protocol's overhead: milliseconds per decision through `sueca engine`, round trip
included, against the same bot asked in this process.

A host (`EngineProcess`) asks `sueca engine --level 1` every decision of whole deals (the four
seats, the same process), and the same level-1 bots are asked in this process
(`BotPlayer`) on the same deals. Level 1 thinks in microseconds, so the difference is the
protocol: building the request (the whole variant and deal in JSON), the pipes both ways, the
engine reading the request back into an observation, and checking the answer.

    .venv/bin/python benchmarks/engine.py                  # 200 deals, a JSON object
    .venv/bin/python benchmarks/engine.py --deals 50 --variant portugal-table

With `--level 4` or `--level 5` and `--time-ms`, it measures how well a searching level keeps
to its budget as an outside host sees it: the wall time of each decision through the pipes
(the request built, sent, read back into an observation, the search, the answer read and
checked), its median, 99th percentile and largest, and how many came later than the budget
plus a tenth:

    .venv/bin/python benchmarks/engine.py --level 5 --time-ms 100 --deals 20

Run on demand (never in CI). The per-decision figures are wall-clock time and grow with the
machine's load; `host_cpu_ms_per_decision` and `engine_cpu_ms_per_decision` are the processor time
of each side (the engine's start-up included), which load changes less.
"""

from __future__ import annotations

import argparse
import json
import math
import resource
import sys
import time
from typing import Any

from sueca_rules.engines import BotPlayer, EngineProcess, decide_request, play_match


def _run(players: list[object], deals: int, variant: str) -> tuple[float, int]:
    """Wall-clock seconds and decisions for `deals` deals played by `players`."""
    decisions = 0
    start = time.perf_counter()
    for index in range(deals):
        match = play_match(variant, players, seed=f"bench:{index}", deals=1)  # type: ignore[arg-type]
        decisions += sum(len(d.plays) for d in match.deals)
    return time.perf_counter() - start, decisions


class _Timed:
    """A player that asks `engine` and keeps the wall time of each decision (milliseconds)."""

    def __init__(self, engine: EngineProcess) -> None:
        self.engine = engine
        self.ms: list[float] = []

    @property
    def name(self) -> str:
        return self.engine.name

    def new_match(self) -> None:
        self.engine.new_match()

    def ask(self, match: Any, decision: Any, *, match_id: str, variant: Any = None) -> Any:
        start = time.perf_counter()
        choice = self.engine.ask(match, decision, match_id=match_id, variant=variant)
        self.ms.append(1000 * (time.perf_counter() - start))
        return choice


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank `share` percentile of `values` (not empty)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(share * len(ordered)) - 1))]


def latency(level: int, time_ms: int, deals: int, variant: str) -> dict[str, object]:
    """The wall time of every decision of `deals` deals, `sueca engine --level LEVEL` at the four
    seats (one process), each asked with a budget of `time_ms`."""
    command = [sys.executable, "-m", "sueca_rules", "engine", "--level", str(level)]
    with EngineProcess(command, time_ms=time_ms) as engine:
        timed = _Timed(engine)
        _run([timed] * 4, deals, variant)
        faults = engine.stats.faults
    ms = timed.ms
    return {
        "variant": variant,
        "level": level,
        "time_ms": time_ms,
        "deals": deals,
        "decisions": len(ms),
        "faults": faults,
        "median_ms": round(percentile(ms, 0.5), 1),
        "p99_ms": round(percentile(ms, 0.99), 1),
        "max_ms": round(max(ms), 1),
        "over_budget_and_a_tenth": sum(1 for m in ms if m > 1.1 * time_ms),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--variant", default="portugal")
    parser.add_argument("--level", type=int, choices=(1, 4, 5), default=1)
    parser.add_argument("--time-ms", type=int, default=100)
    args = parser.parse_args(argv)
    if args.level != 1:
        print(json.dumps(latency(args.level, args.time_ms, args.deals, args.variant), indent=2))
        return 0
    command = [sys.executable, "-m", "sueca_rules", "engine", "--level", "1"]
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    with EngineProcess(command, time_ms=5000) as engine:
        host_cpu = time.process_time()
        seconds, _ = _run([engine] * 4, args.deals, args.variant)
        host_cpu = time.process_time() - host_cpu
        stats = engine.stats
        assert stats.faults == 0, list(stats.log)
        engine_ms = 1000 * seconds / stats.decisions
        round_trip_ms = stats.ms_per_decision
    after = resource.getrusage(resource.RUSAGE_CHILDREN)  # the engine, reaped: start-up included
    engine_cpu = (after.ru_utime + after.ru_stime) - (children.ru_utime + children.ru_stime)
    bot = BotPlayer(1)
    seconds, _ = _run([bot] * 4, args.deals, args.variant)
    bot_ms = 1000 * seconds / bot.stats.decisions
    # The host's own share: building a request (JSON included).
    from sueca_rules import Match

    match = Match(args.variant, seed=1)
    decision = match.pending()
    assert decision is not None
    start = time.perf_counter()
    for i in range(2000):
        json.dumps(decide_request(match, decision, match_id="m", request_id=i, time_ms=1000))
    request_ms = (time.perf_counter() - start) / 2
    report = {
        "variant": args.variant,
        "deals": args.deals,
        "decisions": stats.decisions,
        "engine_ms_per_decision": round(engine_ms, 3),
        "engine_round_trip_ms": round(round_trip_ms, 3),
        "in_process_ms_per_decision": round(bot_ms, 4),
        "protocol_overhead_ms": round(engine_ms - bot_ms, 3),
        "host_cpu_ms_per_decision": round(1000 * host_cpu / stats.decisions, 3),
        "engine_cpu_ms_per_decision": round(1000 * engine_cpu / stats.decisions, 3),
        "request_build_ms": round(request_ms, 4),
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
