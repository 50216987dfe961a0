"""Speed of tournaments: pairing one round of a 128-team Swiss and computing its standings.

Run on demand (never in CI):

```sh
.venv/bin/python benchmarks/tournaments.py
.venv/bin/python benchmarks/tournaments.py --teams 256 --rounds 8 --json
```

A Swiss of `--teams` teams (best of 3) is played with random scores for `--rounds` - 1 rounds;
then the last round is paired and the standings computed, each `--repeats` times; the median and
the slowest are reported. Also timed: reading (with every check) and writing the whole file.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from sueca_rules import load_variant
from sueca_rules.tournament import (
    Team,
    Tournament,
    create,
    dump_tournament,
    pair,
    parse_tournament,
    record_result,
    standings,
)

VARIANT = load_variant("portugal-best-of-3")
SCORES = [(2, 0), (2, 1), (1, 2), (0, 2)]


def _played(teams: int, rounds: int, seed: int) -> Tournament:
    rng = random.Random(seed)
    t = create(
        [Team(name=f"Team {i + 1}") for i in range(teams)],
        "swiss",
        variant=VARIANT,
        swiss_rounds=rounds,
        seed=seed,
    )
    for _ in range(rounds - 1):
        t = pair(t)
        for tab in t.rounds[-1].tables:
            a, b = rng.choice(SCORES)
            games = (4 * a + rng.randint(0, 3), 4 * b + rng.randint(0, 3))
            t = record_result(t, VARIANT, len(t.rounds), tab.table, score=(a, b), games=games)
    return t


def _time(fn: Callable[[], object], repeats: int) -> dict[str, float]:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return {"median_s": statistics.median(times), "max_s": max(times)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, default=128)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    t = _played(args.teams, args.rounds, seed=1)
    text = dump_tournament(t)
    out: dict[str, Any] = {
        "teams": args.teams,
        "rounds_played": len(t.rounds),
        "pair_round": _time(lambda: pair(t), args.repeats),
        "standings": _time(lambda: standings(t), args.repeats),
        "read_file": _time(lambda: parse_tournament(text), max(1, args.repeats // 4)),
        "write_file": _time(lambda: dump_tournament(t), max(1, args.repeats // 4)),
        "file_bytes": len(text.encode()),
    }
    if args.json:
        print(json.dumps(out, indent=2))
        return
    print(f"Swiss of {args.teams} teams after {len(t.rounds)} rounds ({out['file_bytes']:,} bytes)")
    for key in ("pair_round", "standings", "read_file", "write_file"):
        fig = out[key]
        median, slowest = fig["median_s"] * 1000, fig["max_s"] * 1000
        print(f"  {key:<11} median {median:8.1f} ms   slowest {slowest:8.1f} ms")


if __name__ == "__main__":
    main()
