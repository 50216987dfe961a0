"""Figures of the studies (`simulate`/`compare`): memory that does not grow with the number of
deals, and the speed-up of worker processes and of a local Ray instance.

Run on demand (never in CI):

```python
.venv/bin/python benchmarks/studies.py memory 10000 100000 1000000
.venv/bin/python benchmarks/studies.py speedup --deals 20000
.venv/bin/python benchmarks/studies.py speedup --deals 20000 --json
```

`memory N…`: for each N, a fresh process runs `simulate("portugal", (1, 1), deals=N)` (level 1, in
duplicate, one job) and reports its peak resident memory (`ru_maxrss`) and the memory Python
allocated at its peak (`tracemalloc`, for the largest N only if asked: it slows the run down). A
flat column is the point: the running summaries hold no per-deal data.

`speedup`: a level-3 study (`simulate("portugal", (3, 2), deals=N)`) with 1 job, with 2 jobs (worker
processes) and on a local Ray instance of 2 CPUs (the `cluster` extra). The Ray time is that of the
run on an instance already started (as on a cluster); the time to start it is given apart. Each is
the median of `--repeats` runs; the figures of every run are checked to be the same.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import platform
import statistics
import subprocess
import sys
import time
from typing import Any

_MEMORY_CHILD = """
import resource, sys, time
from sueca_rules import simulate
size = int(sys.argv[1])
start = time.perf_counter()
report = simulate("portugal", (1, 1), deals=size, seed=0)
elapsed = time.perf_counter() - start
peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(f"{size} {peak_kb} {elapsed:.1f} {report.deals}")
"""

_BASELINE_CHILD = """
import resource
import sueca_rules._studies._simulate, sueca_rules.bots, sueca_rules._match
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def memory(sizes: list[int]) -> dict[str, Any]:
    """Peak resident memory of a fresh process simulating each number of level-1 deals."""
    baseline = int(
        subprocess.run(
            [sys.executable, "-c", _BASELINE_CHILD], capture_output=True, text=True, check=True
        ).stdout
    )
    rows = []
    for size in sizes:
        out = subprocess.run(
            [sys.executable, "-c", _MEMORY_CHILD, str(size)],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        rows.append(
            {
                "deals": size,
                "plays": int(out[3]),
                "peak_rss_mb": round(int(out[1]) / 1024, 1),
                "seconds": float(out[2]),
            }
        )
        print(
            f"{size:>9} deals ({int(out[3]):>9} plays): peak RSS {int(out[1]) / 1024:6.1f} MB, "
            f"{float(out[2]):7.1f} s",
            file=sys.stderr,
        )
    return {"import_rss_mb": round(baseline / 1024, 1), "runs": rows}


def _timed(run: Any) -> tuple[float, dict[str, Any]]:
    from sueca_rules._studies._simulate import SimulationReport

    start = time.perf_counter()
    report: SimulationReport = run()
    elapsed = time.perf_counter() - start
    figures = report.to_dict()
    for key in SimulationReport.TIMING_KEYS:
        figures.pop(key)
    return elapsed, figures


def speedup(deals: int, repeats: int) -> dict[str, Any]:
    """Times of a level-3 study with 1 job, 2 jobs and a local 2-CPU Ray instance."""
    from sueca_rules import simulate

    def study(**kw: Any) -> Any:
        return lambda: simulate("portugal", (3, 2), deals=deals, seed=1, **kw)

    times: dict[str, list[float]] = {"jobs_1": [], "jobs_2": [], "ray_2_cpus": []}
    seen: list[dict[str, Any]] = []
    ray_start = None
    try:
        import ray
    except ImportError:
        has_ray = False
    else:
        has_ray = True
        start = time.perf_counter()
        ray.init(
            num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR
        )
        ray_start = time.perf_counter() - start
    for _ in range(repeats):
        for key, run in (
            ("jobs_1", study(jobs=1)),
            ("jobs_2", study(jobs=2)),
            ("ray_2_cpus", study(cluster="ray")),
        ):
            if key == "ray_2_cpus" and not has_ray:
                continue
            elapsed, figures = _timed(run)
            times[key].append(elapsed)
            seen.append(figures)
            print(f"{key}: {elapsed:.2f} s", file=sys.stderr)
    if has_ray:
        ray.shutdown()
    assert all(f == seen[0] for f in seen), "the figures differ between runs"
    median = {k: statistics.median(v) for k, v in times.items() if v}
    return {
        "deals": deals,
        "repeats": repeats,
        "seconds": {k: round(v, 2) for k, v in median.items()},
        "speedup_2_jobs": round(median["jobs_1"] / median["jobs_2"], 2),
        "speedup_ray_2_cpus": (
            round(median["jobs_1"] / median["ray_2_cpus"], 2) if "ray_2_cpus" in median else None
        ),
        "ray_start_s": None if ray_start is None else round(ray_start, 2),
        "same_figures": True,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    mem = commands.add_parser("memory", help="peak memory at each number of level-1 deals")
    mem.add_argument("sizes", type=int, nargs="+")
    speed = commands.add_parser("speedup", help="1 job, 2 jobs and Ray on a level-3 study")
    speed.add_argument("--deals", type=int, default=20000)
    speed.add_argument("--repeats", type=int, default=3)
    for p in (mem, speed):
        p.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    machine = f"{platform.machine()}, {os.cpu_count()} CPUs"
    result: dict[str, Any] = {"machine": f"{machine}, Python {platform.python_version()}"}
    if args.command == "memory":
        result["memory"] = memory(args.sizes)
    else:
        result["speedup"] = speedup(args.deals, args.repeats)
    print(json.dumps(result, indent=2) if args.json else result)


if __name__ == "__main__":
    main()
