"""Speed figures of sueca-rules, measured in one run so that their ratios hold on a noisy machine.

Run on demand (never in CI):

```python
.venv/bin/python benchmarks/run.py            # a table
.venv/bin/python benchmarks/run.py --json     # one JSON object
.venv/bin/python benchmarks/run.py --quick    # fewer repeats, rougher figures
```

Figures (keys of the JSON object):

* `baseline_deals_per_s`: the yardstick, written below as the natural naive Python: a deck shuffled
  and cut into four hands (lists), then played out with random legal cards (the cards of the suit
  led filtered from the hand, `random.choice`, `list.remove`, the cards of each trick compared one
  by one). It plays the same games as the bitmask loop that was the yardstick before, and is about
  three times as fast (`tests/test_kernel.py` checks both);
* `api_deals_per_s`: whole random deals through the public API (`Match.legal_cards`/ `play`, events,
  scoring, and the next deal shuffled and dealt by the match itself);
* `kernel_deals_per_s`: the bots' kernel dealing its own deals and playing them out with random
  legal cards (`sueca_rules._kernel.deal_hands` and `random_playout`);
* `compiled_kernel_deals_per_s`: the same deals on the optional compiled kernel
  (`sueca_rules._kernel._compiled`): its `random_deals` runs the loop above (`deal_hands`, the
  trump suit, `random_playout`) in C, the same deals and play-outs bit for bit; `null` where it
  is not built (no C compiler);
* `numpy_deals_per_s`: the same with NumPy (the optional `numpy` extra), thousands of deals dealt
  and played out at once as arrays (`sueca_rules._kernel._arrays`); 0 without NumPy;
* `simulate_deals_per_s`: the path of `sueca simulate` with level-3 bots: for every card,
  `Match.observation` for the seat to play, the bot's choice, `Match.play`;
* `clone_us`: `Match.clone()` in the middle of a deal;
* `variant_load_ms`: loading a variant file that extends a built-in (`sueca-online.yaml`);
* `bot4_ms_per_card` and `bot5_ms_per_card`: the level-4 and level-5 bots' median time per card over
  whole deals (all four seats);
* `bot4_deals_per_s` and `bot5_deals_per_s` (`bot4_pure_deals_per_s`, `bot5_pure_deals_per_s`): the
  deals each level samples and plays out a second at its default budget over the decisions of whole
  deals, on the compiled kernel (on the pure one): the same decisions, deals and choices on both,
  their ratio `ratios.bot4_compiled_vs_pure` and `ratios.bot5_compiled_vs_pure` (`null` where the
  compiled kernel is not built);
* `simulate_speedup_2_jobs`: `simulate(..., jobs=1)` wall time over `jobs=2` wall time (level 4
  against level 3, 240 deals with `--quick`, 480 without: enough work that starting the worker
  processes does not count, now that level 4 takes about a millisecond a card);
* `cli_help_ms`: `sueca --help`, the processor time of the child process (Python start-up included).

Every figure but the speed-up is processor time (`time.process_time`, or the child's for
`sueca --help`), so that other programs on the machine slow it down less. The repeats of all figures
are interleaved (a round measures each figure once) and each figure is the median of its repeats.
Each deal rate is timed on the second of two runs in its round (every one alike, the yardstick
too), so that none pays for the caches the figure before it filled.
Targets (issues 5, 15 and 30): api ≥ 0.5 × baseline, kernel ≥ 3 × baseline, compiled kernel ≥ 10 ×
the pure kernel (`ratios.compiled_vs_pure_kernel`, where it is built), and the bots' sampled deals a
second ≥ 10 × theirs on the pure kernel (`ratios.bot4_compiled_vs_pure`, `bot5_...`), clone ≤ 5 µs,
variant load ≤
5 ms, level 4 and level 5 ≤ 200 ms a card, simulate speed-up ≥ 1.7 with 2 jobs, `sueca --help` ≤ 250
ms.
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

ROOT = Path(__file__).resolve().parent.parent
# The package of this tree, whatever else the environment installed (a worktree, a checkout
# beside an installed release): the figures are of the code beside this file.
sys.path.insert(0, str(ROOT))

from sueca_rules import Card, Match, Observation, load_variant, simulate, variants_dir  # noqa: E402
from sueca_rules._kernel import Position, deal_hands, random_playout  # noqa: E402
from sueca_rules._kernel._compiled import compiled  # noqa: E402
from sueca_rules.bots import Bot, make_bot  # noqa: E402

TARGETS = {
    "api_vs_baseline": 0.5,
    "kernel_vs_baseline": 3.0,
    "compiled_vs_pure_kernel": 10.0,
    "bot4_compiled_vs_pure": 10.0,
    "bot5_compiled_vs_pure": 10.0,
    "clone_us": 5.0,
    "variant_load_ms": 5.0,
    "bot4_ms_per_card": 200.0,
    "bot5_ms_per_card": 200.0,
    "simulate_speedup_2_jobs": 1.7,
    "cli_help_ms": 250.0,
}
"""The targets; ratios and the speed-up are floors, the rest ceilings."""
FLOORS = {
    "api_vs_baseline",
    "kernel_vs_baseline",
    "compiled_vs_pure_kernel",
    "bot4_compiled_vs_pure",
    "bot5_compiled_vs_pure",
    "simulate_speedup_2_jobs",
}

# --- the naive baseline -----------------------------------------------------------------------

CARD_POINTS = (0, 0, 0, 0, 0, 2, 3, 4, 10, 11)
"""Points by rank (2 3 4 5 6 Q J K 7 A); a card is `10 * suit + rank`."""


def takes(card: int, best: int, trump: int) -> bool:
    """Whether `card` takes the trick from `best`: higher in its suit, or a trump on a card that is
    not one."""
    return (card // 10 == best // 10 and card > best) or (
        card // 10 == trump and best // 10 != trump
    )


def baseline_deal(rng: random.Random) -> tuple[list[list[int]], int]:
    """A deck shuffled and cut into four hands of ten cards; the last card is turned."""
    deck = list(range(40))
    rng.shuffle(deck)
    hands = [deck[0:10], deck[10:20], deck[20:30], deck[30:40]]
    return hands, deck[39] // 10


def baseline_playout(hands: list[list[int]], trump: int, rng: random.Random) -> tuple[int, int]:
    """A random play-out of one deal written the natural way: hands as lists of cards (in order),
    the legal cards filtered by the suit led, `random.choice`, `list.remove` (anticlockwise, seat 0
    leads). Returns the points of the two teams."""
    hands = [hand[:] for hand in hands]
    points = [0, 0]
    leader = 0
    for _ in range(10):
        seat = leader
        trick: list[int] = []
        best_seat, best = -1, -1
        for _ in range(4):
            hand = hands[seat]
            legal = [card for card in hand if card // 10 == trick[0] // 10] if trick else hand
            card = rng.choice(legal or hand)
            hand.remove(card)
            trick.append(card)
            if best < 0 or takes(card, best, trump):
                best_seat, best = seat, card
            seat = (seat + 3) % 4
        points[best_seat % 2] += sum(CARD_POINTS[card % 10] for card in trick)
        leader = best_seat
    return points[0], points[1]


def bitmask_baseline_playout(hands: list[int], trump: int, rng: random.Random) -> tuple[int, int]:
    """The yardstick before `baseline_playout()`: the same play-out on 40-bit masks, a random legal
    card picked from the list of the set bits of all 40 (kept only for the test that both play the
    same games)."""
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
            if best < 0 or takes(card, best, trump):
                best_seat, best = seat, card
            seat = (seat + 3) % 4
        points[best_seat % 2] += sum(CARD_POINTS[c % 10] for c in trick)
        leader = best_seat
    return points[0], points[1]


# --- one measurement each ---------------------------------------------------------------------

UNIT = 400
"""Deals per measurement of the deal rates."""


def seconds(run: Callable[[], object]) -> float:
    """The processor time of one call of `run`."""
    start = time.process_time()
    run()
    return time.process_time() - start


def baseline_once(round_: int) -> float:
    rng = random.Random(round_)
    return UNIT / seconds(lambda: [baseline_playout(*baseline_deal(rng), rng) for _ in range(UNIT)])


def kernel_once(round_: int) -> float:
    rng = random.Random(round_)
    next_seat = Match("portugal", seed=0).rules.next_seat

    def run() -> None:
        for _ in range(UNIT):
            hands = deal_hands(rng)
            trump = rng.getrandbits(2)
            random_playout(Position(hands, trump, 0, (), (0, 0), (0, 0), next_seat), rng)

    return UNIT / seconds(run)


def compiled_kernel_once(round_: int) -> float:
    """`kernel_once` on the compiled kernel; 0 where it is not built (reported as `null`)."""
    module = compiled()
    if module is None:
        return 0.0
    rng = random.Random(round_)
    next_seat = Match("portugal", seed=0).rules.next_seat
    deals = module.random_deals  # the loop of `kernel_once`, in one call (the same deals)

    def run() -> None:
        deals(UNIT, 0, next_seat, rng)

    return UNIT / seconds(run)


def api_once(round_: int) -> float:
    rng = random.Random(round_)

    def run() -> None:
        match = Match("portugal", seed=round_)
        for _ in range(UNIT):
            if match.is_over:
                match = Match("portugal", seed=rng.getrandbits(32))
            deals = len(match.deals)
            while len(match.deals) == deals and not match.is_over:
                match.play(rng.choice(match.legal_cards()))

    return UNIT / seconds(run)


def numpy_once(round_: int) -> float:
    """Random deals dealt and played out as arrays (the numpy extra), 20 times `UNIT` at a time; 0
    without numpy."""
    try:
        import numpy as np

        from sueca_rules._kernel._arrays import random_deals, random_playouts
    except ImportError:
        return 0.0
    count = 20 * UNIT
    rng = np.random.default_rng(round_)
    next_seat = Match("portugal", seed=0).rules.next_seat

    def run() -> None:
        hands = random_deals(count, rng)
        random_playouts(hands, rng.integers(0, 4, count), 0, next_seat, rng.random((count, 40)))

    return count / seconds(run)


def simulate_path_once(round_: int) -> float:
    """Deals per second through what `simulate` does for each card, with level-3 bots."""
    count = UNIT // 4
    bots = [make_bot(3) for _ in range(4)]

    def run() -> None:
        match = Match("portugal", seed=round_)
        for _ in range(count):
            if match.is_over:
                match = Match("portugal", seed=round_ + 1)
            deals = len(match.deals)
            while len(match.deals) == deals and not match.is_over:
                seat = match.turn
                assert seat is not None
                match.play(bots[seat].choose(match.observation(seat)))

    return count / seconds(run)


def clone_us_once(round_: int) -> float:
    match = Match("portugal", seed=3)
    for _ in range(13):
        match.play(match.legal_cards()[0])

    def run() -> None:
        for _ in range(10_000):
            match.clone()  # not kept: 10,000 live copies would time the garbage collector

    return seconds(run) / 10_000 * 1e6


def variant_load_ms_once(round_: int) -> float:
    path = variants_dir() / "sueca-online.yaml"
    load_variant("portugal")  # the built-in base is read once per process

    def run() -> None:
        for _ in range(20):
            load_variant(path)

    return seconds(run) / 20 * 1000


def timed_choice(bot: Bot, observation: Observation) -> tuple[Card, float]:
    """The bot's card and the milliseconds of processor time it took to choose it."""
    start = time.process_time()
    card = bot.choose(observation)
    return card, (time.process_time() - start) * 1000


def bot_card_times(level: int, round_: int) -> list[float]:
    """Milliseconds of processor time of each decision of a level-`level` bot over one whole deal
    (all four seats), the deal chosen by `round_`."""
    match = Match("portugal", seed=f"bench:{round_}", first_dealer=round_ % 4)
    bots: list[Bot] = [make_bot(level, seed=f"bench:{round_}:{s}") for s in range(4)]
    times = []
    while not match.deals:
        seat = match.turn
        assert seat is not None
        card, ms = timed_choice(bots[seat], match.observation(seat))
        times.append(ms)
        match.play(card)
    return times


def bot_deal_rates(level: int, round_: int) -> tuple[float, float]:
    """Deals sampled a second of processor time by a level-`level` bot (its default budget) over
    the decisions of one whole deal (all four seats), on the compiled kernel and on the pure one:
    the same decisions, the same deals and choices on both (the kernels agree bit for bit)."""
    from sueca_rules.bots._sampling import PURE, Kernel, SamplingBot

    match = Match("portugal", seed=f"bench:{round_}", first_dealer=round_ % 4)
    observations = []
    player = make_bot(3)
    while not match.deals:
        seat = match.turn
        assert seat is not None
        observations.append(match.observation(seat))
        match.play(player.choose(observations[-1]))
    rates = []
    for kernel in (Kernel.best(), PURE):
        deals = 0
        seconds = 0.0
        bots = [make_bot(level, seed=f"bench:{round_}:{seat}") for seat in range(4)]
        for observation in observations:
            bot = bots[observation.seat]
            assert isinstance(bot, SamplingBot)
            bot._kernel = kernel
            start = time.process_time()
            bot.choose(observation)
            seconds += time.process_time() - start
            deals += bot.last_deals
        rates.append(deals / seconds)
    return rates[0], rates[1]


def cli_help_ms_once(round_: int) -> float:
    exe = Path(sys.executable).with_name("sueca")
    command = [str(exe)] if exe.exists() else [sys.executable, "-m", "sueca_rules"]
    before = os.times()
    subprocess.run([*command, "--help"], check=True, capture_output=True)
    after = os.times()
    cpu = (after.children_user - before.children_user) + (
        after.children_system - before.children_system
    )
    return cpu * 1000


def simulate_speedup(deals: int) -> tuple[float, float, float]:
    """(speed-up, seconds with 1 job, seconds with 2 jobs) on the same work: level 4 against
    level 3, the kind of simulation that needs more than one core (wall time)."""
    wall = []
    for jobs in (1, 2):
        start = time.perf_counter()
        simulate("portugal", (4, 3), deals=deals, seed=1, jobs=jobs)
        wall.append(time.perf_counter() - start)
    return wall[0] / wall[1], wall[0], wall[1]


# --- the run --------------------------------------------------------------------------------

WARMED = {
    "baseline_deals_per_s",
    "api_deals_per_s",
    "kernel_deals_per_s",
    "compiled_kernel_deals_per_s",
    "numpy_deals_per_s",
    "simulate_deals_per_s",
}
"""The deal rates: each is timed on its second run of a round, so that no loop pays for the
processor caches the figure before it filled with its own data (bots and studies run these loops
thousands of times in a row)."""

ROUNDED = {"clone_us": 3, "variant_load_ms": 3, "bot4_ms_per_card": 2, "bot5_ms_per_card": 2}


def measure(quick: bool, levels: tuple[int, ...] = (4, 5)) -> dict[str, object]:
    rounds = 3 if quick else 7
    once: dict[str, Callable[[int], float]] = {
        "baseline_deals_per_s": baseline_once,
        "api_deals_per_s": api_once,
        "kernel_deals_per_s": kernel_once,
        "compiled_kernel_deals_per_s": compiled_kernel_once,
        "numpy_deals_per_s": numpy_once,
        "simulate_deals_per_s": simulate_path_once,
        "clone_us": clone_us_once,
        "variant_load_ms": variant_load_ms_once,
        "cli_help_ms": cli_help_ms_once,
    }
    samples: dict[str, list[float]] = {key: [] for key in once}
    cards: dict[int, list[float]] = {level: [] for level in levels}
    rates: dict[int, list[tuple[float, float]]] = {level: [] for level in levels}
    for round_ in range(rounds):
        for key, run in once.items():
            if key in WARMED:
                run(round_)  # untimed: the loop's tables and code in the caches, as in real use
            samples[key].append(run(round_))
        for level in levels:
            cards[level].extend(bot_card_times(level, round_))
            rates[level].append(bot_deal_rates(level, round_))
    figures: dict[str, object] = {
        key: round(statistics.median(values), ROUNDED.get(key, 1))
        for key, values in samples.items()
    }
    for level in levels:
        figures[f"bot{level}_ms_per_card"] = round(statistics.median(cards[level]), 2)
    speedup, one, two = simulate_speedup(240 if quick else 480)
    figures["simulate_speedup_2_jobs"] = round(speedup, 3)
    baseline = statistics.median(samples["baseline_deals_per_s"])
    figures["ratios"] = {
        name: round(statistics.median(samples[key]) / baseline, 3)
        for name, key in (
            ("api_vs_baseline", "api_deals_per_s"),
            ("kernel_vs_baseline", "kernel_deals_per_s"),
            ("numpy_vs_baseline", "numpy_deals_per_s"),
            ("simulate_vs_baseline", "simulate_deals_per_s"),
        )
    }
    built = statistics.median(samples["compiled_kernel_deals_per_s"]) > 0
    ratios = figures["ratios"]
    assert isinstance(ratios, dict)
    ratios["compiled_vs_baseline"] = (
        round(statistics.median(samples["compiled_kernel_deals_per_s"]) / baseline, 3)
        if built
        else None
    )
    ratios["compiled_vs_pure_kernel"] = (
        round(
            statistics.median(samples["compiled_kernel_deals_per_s"])
            / statistics.median(samples["kernel_deals_per_s"]),
            2,
        )
        if built
        else None
    )
    for level in levels:
        fast = statistics.median(rate[0] for rate in rates[level])
        pure = statistics.median(rate[1] for rate in rates[level])
        figures[f"bot{level}_deals_per_s"] = round(fast) if built else None
        figures[f"bot{level}_pure_deals_per_s"] = round(pure)
        # The ratio of the medians of the same decisions on both kernels.
        ratios[f"bot{level}_compiled_vs_pure"] = round(fast / pure, 2) if built else None
    if not built:
        figures["compiled_kernel_deals_per_s"] = None
    figures["simulate_seconds"] = {"jobs_1": round(one, 2), "jobs_2": round(two, 2)}
    figures["rounds"] = rounds
    figures["machine"] = {
        "python": platform.python_version(),
        "platform": platform.platform(),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    figures["targets"] = {k: v for k, v in TARGETS.items() if k in figures or "_vs_" in k}
    return figures


def verdicts(figures: dict[str, object]) -> dict[str, bool]:
    ratios = figures["ratios"]
    assert isinstance(ratios, dict)
    values = {**{k: v for k, v in figures.items() if isinstance(v, int | float)}, **ratios}
    return {
        key: (values[key] >= target if key in FLOORS else values[key] <= target)
        for key, target in TARGETS.items()
        if values.get(key) is not None
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--quick", action="store_true", help="fewer repeats, rougher figures")
    args = parser.parse_args(argv)
    figures = measure(args.quick)
    checks = verdicts(figures)
    if args.json:
        print(json.dumps({**figures, "meets_targets": checks}, indent=2))
        return 0
    for key, value in figures.items():
        if not isinstance(value, dict):
            print(f"{key:<26} {value}")
    ratios = figures["ratios"]
    assert isinstance(ratios, dict)
    for key, value in ratios.items():
        print(f"{key:<26} {value}")
    for key, ok in checks.items():
        print(f"{key:<26} target {TARGETS[key]:<6} {'met' if ok else 'NOT MET'}")
    print(f"machine: {figures['machine']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
