"""Speed of the analysis (`sueca analyse`) and of hints, against the goals of issue 27.

Run on demand (never in CI):

```sh
.venv/bin/python benchmarks/analyse.py                 # review + hints
.venv/bin/python benchmarks/analyse.py --losses        # also: mean loss of level-5 vs level-1 play
.venv/bin/python benchmarks/analyse.py --json
```

Figures:

* `review_10_deals_jobs2_s`: wall time of `analyse()` at the default level (5) with `jobs=2` on a
  ten-deal record of level-2 self-play (goal: under 120 s on two cores);
* `review_10_deals_cpu_s`: the CPU seconds that review took, this process and its workers (on a
  busy machine the wall time says little: the CPU time over the jobs is what an idle machine
  takes);
* `review_decisions`: the decisions that review judged;
* `hint_ms_p50`, `hint_ms_p95`, `hint_ms_max`: `hint(match, seat, budget_ms=800)` over the card
  decisions of two deals (goal: p95 under 1,000 ms: the budget is kept whatever the machine);
* with `--losses`: `mean_loss_level1` and `mean_loss_level5`, the mean loss per decision of reviews
  (level 4, to keep it short) of two deals of level-1 and of level-5 self-play.
"""

from __future__ import annotations

import argparse
import json
import resource
import statistics
import time

from sueca_rules import Match, Record
from sueca_rules.analysis import analyse, hint
from sueca_rules.bots import advance, make_bot, play_match


def _record(level: int, deals: int, seed: int) -> Record:
    """`deals` deals of a best-of-three match (one partida often ends sooner than ten deals)."""
    match = Match("portugal-best-of-3", seed=seed)
    play_match(match, [make_bot(level, seed=s) for s in range(4)], max_deals=deals)
    record = match.to_record()
    assert len(record.deals) >= deals, "the match ended sooner: pick another seed"
    return record.model_copy(update={"deals": record.deals[:deals]})


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def review_time(jobs: int) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (this process and its workers) and decisions of the review of a
    ten-deal record at the default level."""
    record = _record(2, 10, seed=7)
    cpu = _cpu()
    start = time.perf_counter()
    review = analyse(record, jobs=jobs)
    wall = time.perf_counter() - start
    return wall, _cpu() - cpu, sum(1 for _ in review.decisions())


def hint_times(deals: int = 2) -> list[float]:
    times = []
    for seed in range(deals):
        match = Match("portugal", seed=100 + seed)
        bots = [make_bot(2, seed=s) for s in range(4)]
        while not match.deals and match.pending() is not None:
            decision = match.pending()
            assert decision is not None
            if decision.kind == "card":
                start = time.perf_counter()
                hint(match, decision.seat, budget_ms=800)
                times.append((time.perf_counter() - start) * 1000)
            advance(match, bots)
    return times


def mean_losses() -> dict[str, float]:
    out = {}
    for level in (1, 5):
        review = analyse(_record(level, 2, seed=21), level=4)
        losses = [d.loss for d in review.decisions()]
        out[f"mean_loss_level{level}"] = round(sum(losses) / len(losses), 2)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--losses", action="store_true")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    seconds, cpu, decisions = review_time(args.jobs)
    times = sorted(hint_times())
    figures: dict[str, float] = {
        f"review_10_deals_jobs{args.jobs}_s": round(seconds, 1),
        "review_10_deals_cpu_s": round(cpu, 1),
        "review_decisions": decisions,
        "hint_ms_p50": round(statistics.median(times), 1),
        "hint_ms_p95": round(times[int(0.95 * (len(times) - 1))], 1),
        "hint_ms_max": round(times[-1], 1),
    }
    if args.losses:
        figures.update(mean_losses())
    if args.json:
        print(json.dumps(figures))
    else:
        for key, value in figures.items():
            print(f"{key:28} {value}")


if __name__ == "__main__":
    main()
