"""The engine protocol's overhead: milliseconds per decision through `sueca engine`, round trip
included, against the same bot asked in this process.

A host (`EngineProcess`) asks `sueca engine --level 1` every decision of whole deals (the four
seats, the same process), and the same level-1 bots are asked in this process
(`BotPlayer`) on the same deals. Level 1 thinks in microseconds, so the difference is the
protocol: building the request (the whole variant and deal in JSON), the pipes both ways, the
engine reading the request back into an observation, and checking the answer.

    .venv/bin/python benchmarks/engine.py                  # 200 deals, a JSON object
    .venv/bin/python benchmarks/engine.py --deals 50 --variant portugal-table

Run on demand (never in CI). The per-decision figures are wall-clock time and grow with the
machine's load; `host_cpu_ms_per_decision` and `engine_cpu_ms_per_decision` are the processor time
of each side (the engine's start-up included), which load changes less.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import time

from sueca_rules.engines import BotPlayer, EngineProcess, decide_request, play_match


def _run(players: list[object], deals: int, variant: str) -> tuple[float, int]:
    """Wall-clock seconds and decisions for `deals` deals played by `players`."""
    decisions = 0
    start = time.perf_counter()
    for index in range(deals):
        match = play_match(variant, players, seed=f"bench:{index}", deals=1)  # type: ignore[arg-type]
        decisions += sum(len(d.plays) for d in match.deals)
    return time.perf_counter() - start, decisions


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--variant", default="portugal")
    args = parser.parse_args(argv)
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
