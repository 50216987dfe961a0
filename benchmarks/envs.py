"""What a step of the learning environments costs on top of the engine (the `rl` extra).

Run on demand (never in CI):

```python
.venv/bin/python benchmarks/envs.py                      # portugal, a table
.venv/bin/python benchmarks/envs.py --variant portugal-table --json
```

Each figure is the median of three repeats of whole random matches (the same seeds for every
figure), in microseconds per decision unless its name says otherwise:

* `engine_us`: the engine alone: `Match.legal_cards()` and `play()` (and, under a claimable variant,
  `score_deal()` at the count), a random legal card;
* `table_us`: the same decisions through `sueca_rules.envs.Stepper` (its legal actions, then
  `apply`),
  claim rounds included (all pass);
* `encode_us`: one observation vector (`encode_observation`) of the seat to act;
* `pettingzoo_us`: a PettingZoo step as a learning loop makes it: `env.last()` (the observation and
  its mask) then `env.step(action)`;
* `openspiel_us`: an OpenSpiel step with the acting player's observation tensor: `legal_actions()`,
  `observation_tensor(player)`, `apply_action` (chance nodes excluded from the count, their cost
  included);
* `resample_ms`: `resample_from_infostate` in the middle of a deal (milliseconds);
* `ismcts_ms`: one move of OpenSpiel's IS-MCTS bot with 10 simulations and one random roll-out each,
  on a one-game variant (milliseconds).

The claim rounds make a claimable variant's deal 200 decisions instead of 40: compare `*_us` figures
per decision, or multiply by the decisions per deal (printed).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import sueca_rules.envs.openspiel  # noqa: F401  (registers python_sueca)
from sueca_rules import Match, load_variant
from sueca_rules.envs import PASS, TRUMP_BOTTOM, Stepper, SuecaEnv, encode_observation

SEEDS = range(3)
MAX_DEALS = 6

Run = tuple[float, int, int]  # seconds, deals, decisions


def _median(run: Callable[[], Run], repeats: int = 3) -> Run:
    """The run whose time is the median of `repeats`."""
    results = sorted(run() for _ in range(repeats))
    return results[len(results) // 2]


def _card(cards: list[int], rng: random.Random) -> int:
    return rng.choice(sorted(cards))


def _quiet(legal: list[int], rng: random.Random) -> int:
    """What every run decides: pass when asked to claim or redeal, the bottom card when
    choosing the trump, else a random card."""
    if PASS in legal:
        return PASS
    if TRUMP_BOTTOM in legal:
        return TRUMP_BOTTOM
    return _card(legal, rng)


def _timed(play: Callable[[int, random.Random], tuple[int, int]]) -> Run:
    """Time `play(seed, rng)` (which returns the deals and decisions it played) over `SEEDS`."""
    decisions = deals = 0
    start = time.perf_counter()
    for seed in SEEDS:
        played, decided = play(seed, random.Random(seed))
        deals += played
        decisions += decided
    return time.perf_counter() - start, deals, decisions


def engine_run(variant: str) -> Run:
    def play(seed: int, rng: random.Random) -> tuple[int, int]:
        decisions = 0
        match = Match(variant, seed=seed)
        while not match.is_over and len(match.deals) < MAX_DEALS:
            phase = match.phase
            if phase == "count":
                match.score_deal()
            elif phase == "trump":
                match.choose_trump("bottom")
            elif phase == "redeal":
                turn = match.turn
                assert turn is not None
                match.keep_hand(turn)
            else:
                match.play(_card([int(c) for c in match.playable_cards()], rng))
            decisions += 1
        return len(match.deals), decisions

    return _timed(play)


def table_run(variant: str, encode: bool = False) -> Run:
    def play(seed: int, rng: random.Random) -> tuple[int, int]:
        decisions = 0
        table = Stepper(Match(variant, seed=seed))
        while table.actor is not None and len(table.match.deals) < MAX_DEALS:
            if encode:
                encode_observation(table, table.actor)
            table.apply(_quiet(table.legal_actions(), rng))
            decisions += 1
        return len(table.match.deals), decisions

    return _timed(play)


def pettingzoo_run(variant: str) -> Run:
    def play(seed: int, rng: random.Random) -> tuple[int, int]:
        decisions = 0
        env = SuecaEnv(variant, max_deals=MAX_DEALS)
        env.reset(seed=seed)
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = [int(a) for a in np.flatnonzero(observation["action_mask"])]
            env.step(_quiet(legal, rng))
            decisions += 1
        return len(env.stepper.match.deals), decisions

    return _timed(play)


def openspiel_run(variant: str) -> Run:
    game = pyspiel.load_game("python_sueca", {"variant": variant, "max_deals": MAX_DEALS})

    def play(seed: int, rng: random.Random) -> tuple[int, int]:
        decisions = 0
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
                continue
            legal = state.legal_actions()
            state.observation_tensor(state.current_player())
            state.apply_action(_quiet(legal, rng))
            decisions += 1
        return len(state.stepper.match.deals), decisions

    return _timed(play)


def _mid_deal(game: Any, seed: int) -> Any:
    rng = random.Random(seed)
    state = game.new_initial_state()
    while state.is_chance_node() or len(state.stepper.match.plays) < 17:
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(_quiet(state.legal_actions(), rng))
    return state


def resample_run(variant: str) -> Run:
    game = pyspiel.load_game("python_sueca", {"variant": variant})
    states = [_mid_deal(game, seed) for seed in SEEDS]
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    start = time.perf_counter()
    for state in states:
        for _ in range(20):
            state.resample_from_infostate(state.current_player(), sampler)
    return time.perf_counter() - start, 0, 20 * len(states)


def ismcts_run(variant: str) -> Run:
    base = load_variant(variant).model_dump(mode="json", exclude={"extends"})
    base["match"] = {"target_games": 1, "best_of": 1}
    game = pyspiel.load_game("python_sueca", {"variant": json.dumps(base)})
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 10, random_state=rs)
    state = _mid_deal(game, 0)
    start = time.perf_counter()
    moves = 0
    while not state.is_terminal() and moves < 10:
        if state.is_chance_node():
            state.apply_action(int(rs.choice([a for a, _ in state.chance_outcomes()])))
            continue
        state.apply_action(int(bot.step(state)))
        moves += 1
    return time.perf_counter() - start, 0, moves


def measure(variant: str) -> dict[str, float]:
    """The figures (see the module's text), for whole random matches of `variant`."""
    engine = _median(lambda: engine_run(variant))
    table = _median(lambda: table_run(variant))
    encoded = _median(lambda: table_run(variant, encode=True))
    pettingzoo = _median(lambda: pettingzoo_run(variant))
    openspiel = _median(lambda: openspiel_run(variant))
    deals = engine[1]
    assert table[1] == encoded[1] == pettingzoo[1] == deals  # the same deals, the same cards
    figures = {
        "deals": deals,
        "engine_decisions_per_deal": engine[2] / deals,
        "env_decisions_per_deal": table[2] / deals,
        "engine_ms_per_deal": 1000 * engine[0] / deals,
        "table_ms_per_deal": 1000 * table[0] / deals,
        "pettingzoo_ms_per_deal": 1000 * pettingzoo[0] / deals,
        "openspiel_ms_per_deal": 1000 * openspiel[0] / openspiel[1],  # its own chance deals
        "engine_us": 1e6 * engine[0] / engine[2],
        "table_us": 1e6 * table[0] / table[2],
        "encode_us": 1e6 * max(encoded[0] - table[0], 0.0) / table[2],
        "pettingzoo_us": 1e6 * pettingzoo[0] / pettingzoo[2],
        "openspiel_us": 1e6 * openspiel[0] / openspiel[2],
    }
    resample = _median(lambda: resample_run(variant))
    figures["resample_ms"] = 1000 * resample[0] / resample[2]
    search = ismcts_run(variant)
    figures["ismcts_ms"] = 1000 * search[0] / search[2]
    return {name: round(value, 2) for name, value in figures.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--variant", default="portugal", help="a built-in id (default portugal)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    figures = measure(args.variant)
    if args.json:
        print(json.dumps({"variant": args.variant, **figures}))
        return 0
    print(f"variant {args.variant} ({MAX_DEALS} deals at most, seeds {list(SEEDS)})")
    for name, value in figures.items():
        print(f"  {name:26} {value:>10}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
