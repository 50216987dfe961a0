"""Speed figures of sueca-rules, measured in one run so that their ratios hold on a noisy machine.

Run on demand (never in CI)::

    .venv/bin/python benchmarks/run.py            # a table
    .venv/bin/python benchmarks/run.py --json     # one JSON object
    .venv/bin/python benchmarks/run.py --quick    # shorter runs, rougher figures

Figures (keys of the JSON object):

* ``baseline_deals_per_s``: a naive bitmask random play-out written below (a random legal
  card picked from a list of set bits, cards compared one by one) — the yardstick;
* ``api_deals_per_s``: whole random deals through the public API (``Match.legal_cards``/
  ``play``, events, scoring, and the next deal shuffled and dealt by the match itself);
* ``kernel_deals_per_s``: random play-outs in the bots' kernel
  (``sueca_rules._kernel.random_playout``);
* ``clone_us``: ``Match.clone()`` in the middle of a deal;
* ``variant_load_ms``: loading a variant file that extends a built-in (``sueca-online.yaml``);
* ``bot4_ms_per_card``: the level-4 bot's median time per card over whole deals;
* ``simulate_speedup_2_jobs``: ``simulate(..., jobs=1)`` time over ``jobs=2`` time (level 4
  against level 3: a simulation worth spreading over cores);
* ``cli_help_ms``: ``sueca --help`` wall time (median), Python start-up included.

The baseline and the kernel play out the same pre-dealt deals (dealing is not what they are
about); the public API deals its own, so its ratio to the baseline is if anything pessimistic.
Each figure is the median of several repeats. Targets (issue 5): api ≥ 0.5 × baseline, kernel
≥ 3 × baseline, clone ≤ 5 µs, variant load ≤ 5 ms, level 4 ≤ 200 ms a card, simulate speed-up
≥ 1.7 with 2 jobs, ``sueca --help`` ≤ 250 ms.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from sueca_rules import Match, load_variant, simulate, variants_dir
from sueca_rules._kernel import Position, random_playout
from sueca_rules.bots import make_bot

ROOT = Path(__file__).resolve().parent.parent
TARGETS = {
    "api_vs_baseline": 0.5,
    "kernel_vs_baseline": 3.0,
    "clone_us": 5.0,
    "variant_load_ms": 5.0,
    "bot4_ms_per_card": 200.0,
    "simulate_speedup_2_jobs": 1.7,
    "cli_help_ms": 250.0,
}


# --- the naive baseline -----------------------------------------------------------------------


Deal = tuple[list[int], int]
"""Four hands (40-bit masks, by seat) and the trump suit."""


def random_deals(count: int, seed: int = 1) -> list[Deal]:
    """Shuffled deals: seat i gets cards 10i..10i+9 of the deck, the last card is turned."""
    rng = random.Random(seed)
    deals = []
    for _ in range(count):
        deck = list(range(40))
        rng.shuffle(deck)
        hands = [0, 0, 0, 0]
        for i, card in enumerate(deck):
            hands[i // 10] |= 1 << card
        deals.append((hands, deck[39] // 10))
    return deals


def baseline_playout(hands: list[int], trump: int, rng: random.Random) -> tuple[int, int]:
    """A naive bitmask random play-out of one deal (anticlockwise, seat 0 leads). No tables,
    no tricks: the plain way to write it."""
    hands = list(hands)
    points = [0, 0]
    leader = 0
    for _ in range(10):
        seat = leader
        trick: list[int] = []
        best_seat, best = -1, -1
        for _ in range(4):
            hand = hands[seat]
            legal = hand
            if trick:
                follow = hand & (0x3FF << (10 * (trick[0] // 10)))
                if follow:
                    legal = follow
            choices = [c for c in range(40) if legal >> c & 1]
            card = rng.choice(choices)
            hands[seat] = hand & ~(1 << card)
            trick.append(card)
            if (
                best < 0
                or (card // 10 == best // 10 and card > best)
                or (card // 10 == trump and best // 10 != trump)
            ):
                best_seat, best = seat, card
            seat = (seat + 3) % 4
        points[best_seat % 2] += sum((0, 0, 0, 0, 0, 2, 3, 4, 10, 11)[c % 10] for c in trick)
        leader = best_seat
    return points[0], points[1]


# --- measurements -----------------------------------------------------------------------------


def rate(run: Callable[[], int], seconds: float, repeats: int) -> float:
    """Median over ``repeats`` of how many units per second ``run`` (which returns the number
    of units it did) gets through in about ``seconds``."""
    rates = []
    for _ in range(repeats):
        done = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            done += run()
        rates.append(done / elapsed)
    return statistics.median(rates)


DEALS = random_deals(500)


def baseline_rate(seconds: float, repeats: int) -> float:
    rng = random.Random(1)

    def run() -> int:
        for hands, trump in DEALS:
            baseline_playout(hands, trump, rng)
        return len(DEALS)

    return rate(run, seconds, repeats)


def api_rate(seconds: float, repeats: int) -> float:
    rng = random.Random(1)
    current = [Match("portugal", seed=0)]
    started = [1]

    def run() -> int:
        """One deal; a new match when the last one is over (matches deal by themselves)."""
        if current[0].is_over:
            current[0] = Match("portugal", seed=started[0])
            started[0] += 1
        match = current[0]
        deals = len(match.deals)
        while len(match.deals) == deals and not match.is_over:
            match.play(rng.choice(match.legal_cards()))
        return 1

    return rate(run, seconds, repeats)


def kernel_rate(seconds: float, repeats: int) -> float:
    rand = random.Random(1).random
    next_seat = Match("portugal", seed=0).rules.next_seat

    def run() -> int:
        for hands, trump in DEALS:
            random_playout(Position(hands, trump, 0, (), (0, 0), (0, 0), next_seat), rand)
        return len(DEALS)

    return rate(run, seconds, repeats)


def clone_us(repeats: int) -> float:
    match = Match("portugal", seed=3)
    for _ in range(13):
        match.play(match.legal_cards()[0])
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(10_000):
            match.clone()
        samples.append((time.perf_counter() - start) / 10_000 * 1e6)
    return statistics.median(samples)


def variant_load_ms(repeats: int) -> float:
    path = variants_dir() / "sueca-online.yaml"
    load_variant("portugal")  # the built-in base is read once per process
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(20):
            load_variant(path)
        samples.append((time.perf_counter() - start) / 20 * 1000)
    return statistics.median(samples)


def bot4_ms_per_card(deals: int) -> float:
    """The median time of the level-4 bot's decisions over whole deals (all four seats)."""
    times = []
    for d in range(deals):
        match = Match("portugal", seed=f"bench:{d}", first_dealer=d % 4)
        bots = [make_bot(4, seed=f"bench:{d}:{s}") for s in range(4)]
        deal = len(match.deals)
        while len(match.deals) == deal and not match.is_over:
            seat = match.turn
            assert seat is not None
            obs = match.observation(seat)
            start = time.perf_counter()
            card = bots[seat].choose(obs)
            times.append((time.perf_counter() - start) * 1000)
            match.play(card)
    return statistics.median(times)


def simulate_speedup(deals: int) -> tuple[float, float, float]:
    """(speed-up, seconds with 1 job, seconds with 2 jobs) on the same work: level 4 against
    level 3, the kind of simulation that needs more than one core."""
    seconds = []
    for jobs in (1, 2):
        start = time.perf_counter()
        simulate("portugal", (4, 3), deals=deals, seed=1, jobs=jobs)
        seconds.append(time.perf_counter() - start)
    return seconds[0] / seconds[1], seconds[0], seconds[1]


def cli_help_ms(repeats: int) -> float:
    exe = Path(sys.executable).with_name("sueca")
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "sueca_rules"]
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        subprocess.run([*command, "--help"], check=True, capture_output=True)
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def measure(quick: bool) -> dict[str, object]:
    seconds, repeats = (0.5, 3) if quick else (2.0, 5)
    baseline = baseline_rate(seconds, repeats)
    api = api_rate(seconds, repeats)
    kernel = kernel_rate(seconds, repeats)
    speedup, one, two = simulate_speedup(6 if quick else 24)
    return {
        "baseline_deals_per_s": round(baseline, 1),
        "api_deals_per_s": round(api, 1),
        "kernel_deals_per_s": round(kernel, 1),
        "clone_us": round(clone_us(repeats), 3),
        "variant_load_ms": round(variant_load_ms(repeats), 3),
        "bot4_ms_per_card": round(bot4_ms_per_card(1 if quick else 3), 2),
        "simulate_speedup_2_jobs": round(speedup, 3),
        "cli_help_ms": round(cli_help_ms(5 if quick else 11), 1),
        "ratios": {
            "api_vs_baseline": round(api / baseline, 3),
            "kernel_vs_baseline": round(kernel / baseline, 3),
        },
        "simulate_seconds": {"jobs_1": round(one, 2), "jobs_2": round(two, 2)},
        "machine": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "processor": platform.processor() or platform.machine(),
            "cpus": os.cpu_count(),
            "load_average": [round(x, 2) for x in os.getloadavg()],
        },
        "targets": TARGETS,
    }


def verdicts(figures: dict[str, object]) -> dict[str, bool]:
    ratios = figures["ratios"]
    assert isinstance(ratios, dict)
    values = {**{k: v for k, v in figures.items() if isinstance(v, int | float)}, **ratios}
    higher = {"api_vs_baseline", "kernel_vs_baseline", "simulate_speedup_2_jobs"}
    return {
        key: (values[key] >= target if key in higher else values[key] <= target)
        for key, target in TARGETS.items()
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="shorter runs, rougher figures")
    args = parser.parse_args(argv)
    figures = measure(args.quick)
    checks = verdicts(figures)
    if args.json:
        print(json.dumps({**figures, "meets_targets": checks}, indent=2))
        return 0
    for key, value in figures.items():
        if not isinstance(value, dict):
            print(f"{key:<26} {value}")
    for key, ok in checks.items():
        print(f"{key:<26} target {TARGETS[key]:<6} {'met' if ok else 'NOT MET'}")
    machine = figures["machine"]
    print(f"machine: {machine}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
