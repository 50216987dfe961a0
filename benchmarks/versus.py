"""A bot of this tree against the same level of an earlier commit, on duplicate deals.

`sueca simulate` plays the levels of one version of the library; to check that a faster bot plays as
well as the one it replaces, this script loads the bots of an earlier commit (`--old`, any git
revision) beside this tree's and plays them against each other the way `simulate` does: every deal
twice with the same cards, the teams' seats swapped, bots seeded by deal and seat; `--jobs` worker
processes. It prints one JSON object: the new team's deal and duplicate win rates with 95% intervals
(paired over the duplicate pairs), the point margin per deal, and each team's median and mean
processor time per card (ms).

    .venv/bin/python benchmarks/versus.py --old main --level 4 --deals 500 --jobs 2

`--old-level` plays another level of the old revision (default: `--level`): level 5 on a clock
against level 4 at its default, for example (`--old HEAD` for this tree's own level 4):

    .venv/bin/python benchmarks/versus.py --old HEAD --level 5 --old-level 4 \
        --new-options '{"time_ms": 100}' --deals 500 --jobs 2

Two settings are best told apart on the same deals: `--pairs FILE` keeps each pair's points, and
a later run of the same `--seed` and `--deals` with `--paired-with FILE` reports the duplicate win
rate's change pair by pair, with its interval (far narrower than two runs' intervals side by side
where most pairs come out the same).

Run on demand; it takes about as long as the equivalent `sueca simulate`.
"""

from __future__ import annotations

import argparse
import importlib.util
import io
import json
import math
import statistics
import subprocess
import sys
import tarfile
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from types import ModuleType
from typing import Any

# This tree's package (`run` puts it first on the path) and the benchmarks' own timing.
sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import timed_choice

from sueca_rules import Match
from sueca_rules.bots import Bot, make_bot

ROOT = Path(__file__).resolve().parent.parent
_OLD: dict[str, ModuleType] = {}


def load_old(revision: str, into: Path) -> ModuleType:
    """The package `sueca_rules` of `revision`, imported under the name `sueca_old`."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", revision, "sueca_rules"],
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    package = into / "sueca_old"
    (into / "sueca_rules").rename(package)
    spec = importlib.util.spec_from_file_location(
        "sueca_old", package / "__init__.py", submodule_search_locations=[str(package)]
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["sueca_old"] = module
    spec.loader.exec_module(module)
    return module


def _old_bots(revision: str) -> ModuleType:
    if revision not in _OLD:
        folder = Path(tempfile.mkdtemp(prefix="sueca-old-"))
        load_old(revision, folder)
        _OLD[revision] = importlib.import_module("sueca_old.bots")
    return _OLD[revision]


def _play(
    args: tuple[str, int, int, str, dict[str, Any], dict[str, Any], int],
) -> dict[str, Any]:
    """Deal `index` played twice; the new team's points and each team's card times."""
    revision, level, index, seed, new_options, old_options, old_level = args
    old = _old_bots(revision)
    base = f"{seed}:deals:{index}"
    points = []
    times: tuple[list[float], list[float]] = ([], [])
    for swap in (0, 1):
        match = Match("portugal", seed=base, first_dealer=index % 4)
        team_of = [(s + swap) % 2 for s in range(4)]  # team 0 is the new bots
        bots: list[Bot] = [
            make_bot(level, seed=f"{base}:seat{s}", **new_options)
            if team_of[s] == 0
            else old.make_bot(old_level, seed=f"{base}:seat{s}", **old_options)
            for s in range(4)
        ]
        while not match.deals:
            seat = match.turn
            assert seat is not None
            card, ms = timed_choice(bots[seat], match.observation(seat))
            times[team_of[seat]].append(ms)
            match.play(card)
        points.append(match.deals[0].points[swap])
    return {"points": points, "times": times}


def _pair_score(points: list[int]) -> float:
    """A duplicate pair as the new team scored it: won (1) with more than 120 points over its two
    deals, drawn (0.5) with 120, else lost."""
    return 1.0 if sum(points) > 120 else 0.5 if sum(points) == 120 else 0.0


def _interval(values: list[float]) -> tuple[float, float]:
    n = len(values)
    mean = statistics.fmean(values)
    half = 1.959963984540054 * statistics.stdev(values) / math.sqrt(n) if n > 1 else 0.0
    return round(mean - half, 4), round(mean + half, 4)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--old", default="main", help="the git revision to play against")
    parser.add_argument("--level", type=int, default=4)
    parser.add_argument("--old-level", type=int, default=None, help="default: --level")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", default="versus")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--new-options", default="{}", help="JSON options of the new bots")
    parser.add_argument("--old-options", default="{}", help="JSON options of the old bots")
    parser.add_argument(
        "--pairs",
        default=None,
        help="also write each pair's points (the new team's, deal by deal) to this JSON file: two "
        "runs of the same --seed and --deals compared pair by pair (see --paired-with)",
    )
    parser.add_argument(
        "--paired-with",
        default=None,
        help="a --pairs file of an earlier run of the same --seed and --deals: the report adds "
        "the duplicate win rate's change against it, paired pair by pair, with its 95%% interval",
    )
    args = parser.parse_args(argv)
    work = [
        (
            args.old,
            args.level,
            i,
            args.seed,
            json.loads(args.new_options),
            json.loads(args.old_options),
            args.level if args.old_level is None else args.old_level,
        )
        for i in range(args.deals)
    ]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(_play, work, chunksize=4))
    else:
        results = [_play(item) for item in work]
    deal_scores = [1.0 if p > 60 else 0.5 if p == 60 else 0.0 for r in results for p in r["points"]]
    pair_deal = [(deal_scores[2 * i] + deal_scores[2 * i + 1]) / 2 for i in range(len(results))]
    pair_dup = [_pair_score(r["points"]) for r in results]
    margins = [sum(r["points"]) - 120 for r in results]  # per pair: two deals
    new_times = [t for r in results for t in r["times"][0]]
    old_times = [t for r in results for t in r["times"][1]]
    report = {
        "level": args.level,
        "old_level": args.level if args.old_level is None else args.old_level,
        "old": args.old,
        "deals": 2 * len(results),
        "new_deal_win_rate": round(statistics.fmean(pair_deal), 4),
        "new_deal_win_rate_ci95": _interval(pair_deal),
        "new_duplicate_win_rate": round(statistics.fmean(pair_dup), 4),
        "new_duplicate_win_rate_ci95": _interval(pair_dup),
        "point_margin_per_deal": round(statistics.fmean(margins) / 2, 3),
        "point_margin_per_deal_ci95": tuple(x / 2 for x in _interval(margins)),
        "ms_per_card_median": [
            round(statistics.median(new_times), 3),
            round(statistics.median(old_times), 3),
        ],
        "ms_per_card_mean": [
            round(statistics.fmean(new_times), 3),
            round(statistics.fmean(old_times), 3),
        ],
        "options": {"new": json.loads(args.new_options), "old": json.loads(args.old_options)},
    }
    points = [r["points"] for r in results]
    if args.paired_with:
        earlier = json.loads(Path(args.paired_with).read_text(encoding="utf-8"))
        if earlier.get("seed") != args.seed or len(earlier.get("points", [])) != len(points):
            parser.error("--paired-with: that run had another --seed or --deals")
        before = [_pair_score(p) for p in earlier["points"]]
        change = [after - b for after, b in zip(pair_dup, before, strict=True)]
        report["duplicate_win_rate_change"] = round(statistics.fmean(change), 4)
        report["duplicate_win_rate_change_ci95"] = _interval(change)
        report["pairs_that_changed"] = sum(1 for c in change if c)
    if args.pairs:
        saved = {"seed": args.seed, "options": report["options"], "points": points}
        Path(args.pairs).write_text(json.dumps(saved), encoding="utf-8")
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
