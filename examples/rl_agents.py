"""Learning agents at a Sueca table (needs the ``rl`` extra: ``pip install 'sueca-rules[rl]'``).

Three short runs:

1. four random agents play a match in the PettingZoo environment (any variant);
2. a tiny learning loop: a linear softmax policy for team 0, trained by REINFORCE on one-deal
   episodes (reward: card points) against random agents, then measured against them;
3. with ``--openspiel``: OpenSpiel's IS-MCTS bot (team 0) against our level-3 bot (team 1), a
   whole match of a one-game variant.

    python examples/rl_agents.py --variant portugal-table --episodes 300 --openspiel
"""

from __future__ import annotations

import argparse
import json
from typing import Any

import numpy as np

from sueca_rules import VariantError, load_variant
from sueca_rules.bots import make_bot
from sueca_rules.envs import NUM_ACTIONS, OBSERVATION_SIZE, SuecaEnv, bot_action


def random_match(variant: str, seed: int) -> SuecaEnv:
    """Four agents choosing uniformly among the actions their mask allows, for a whole match."""
    env = SuecaEnv(variant)
    env.reset(seed=seed)
    for agent in env.agent_iter():
        observation, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            action = None
        else:
            action = env.action_space(agent).sample(observation["action_mask"])
        env.step(action)
    return env


class LinearPolicy:
    """A softmax over the legal actions of ``weights @ observation``."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.weights = np.zeros((NUM_ACTIONS, OBSERVATION_SIZE))
        self.rng = rng

    def probabilities(self, observation: dict[str, Any]) -> Any:
        logits = self.weights @ observation["observation"]
        logits = np.where(observation["action_mask"] == 1, logits, -np.inf)
        exp = np.exp(logits - logits.max())
        return exp / exp.sum()

    def act(self, observation: dict[str, Any]) -> int:
        return int(self.rng.choice(NUM_ACTIONS, p=self.probabilities(observation)))

    def learn(self, steps: list[tuple[dict[str, Any], int]], advantage: float, rate: float) -> None:
        """One REINFORCE update: each action taken made more likely by ``advantage``."""
        for observation, action in steps:
            gradient = -self.probabilities(observation)
            gradient[action] += 1.0
            self.weights += rate * advantage * np.outer(gradient, observation["observation"])


def play_deal(
    env: SuecaEnv, policy: LinearPolicy, seed: int, rng: np.random.Generator
) -> tuple[float, list[tuple[dict[str, Any], int]]]:
    """One deal: the policy for seats 0 and 2, random agents for 1 and 3. Team 0's reward and
    the policy's steps."""
    env.reset(seed=seed)
    steps: list[tuple[dict[str, Any], int]] = []
    total = 0.0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _info = env.last()
        if agent == "seat_0":
            total += reward
        if terminated or truncated:
            env.step(None)
        elif agent in ("seat_0", "seat_2"):
            action = policy.act(observation)
            steps.append((observation, action))
            env.step(action)
        else:
            env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return total, steps


def train(variant: str, episodes: int, seed: int) -> tuple[float, float]:
    """Team 0's mean reward per deal against random agents, before and after training."""
    rng = np.random.default_rng(seed)
    env = SuecaEnv(variant, max_deals=1, deal_reward="points", match_reward=0.0)
    policy = LinearPolicy(rng)
    tests = range(10**6, 10**6 + max(episodes // 2, 10))
    before = float(np.mean([play_deal(env, policy, s, rng)[0] for s in tests]))
    baseline = 0.0
    for episode in range(episodes):
        reward, steps = play_deal(env, policy, seed + episode, rng)
        policy.learn(steps, reward - baseline, rate=0.01)
        baseline += 0.05 * (reward - baseline)
    after = float(np.mean([play_deal(env, policy, s, rng)[0] for s in tests]))
    return before, after


def openspiel_match(variant: str, seed: int, simulations: int) -> tuple[int | None, int]:
    """IS-MCTS for team 0 against level-3 bots for team 1 on a one-game version of
    ``variant``: the winning team and the searcher's moves."""
    import pyspiel
    from open_spiel.python.algorithms import ismcts, mcts

    import sueca_rules.envs.openspiel  # noqa: F401  (registers python_sueca)

    data = load_variant(variant).model_dump(mode="json", exclude={"extends"})
    data["match"] = {"target_games": 1, "best_of": 1}
    game = pyspiel.load_game("python_sueca", {"variant": json.dumps(data)})
    rs = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, rs)
    searcher = ismcts.ISMCTSBot(game, evaluator, 2.0, simulations, random_state=rs)
    ours = {1: make_bot(3, seed=seed + 1), 3: make_bot(3, seed=seed + 3)}
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(outcomes, p=probabilities)))
        elif state.current_player() in ours:
            state.apply_action(bot_action(ours[state.current_player()], state.stepper))
        else:
            state.apply_action(int(searcher.step(state)))
            moves += 1
    return state.stepper.match.winner, moves


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--variant", default="portugal", help="a built-in id (default portugal)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--episodes", type=int, default=200, help="deals to train on")
    parser.add_argument("--openspiel", action="store_true", help="IS-MCTS against level 3")
    parser.add_argument("--simulations", type=int, default=20, help="IS-MCTS simulations")
    args = parser.parse_args(argv)
    try:
        load_variant(args.variant)
    except VariantError as error:  # an unknown id, or a file with problems: said, no traceback
        parser.error(f"--variant {args.variant}: {error}")

    env = random_match(args.variant, args.seed)
    match = env.stepper.match
    print(f"random agents: team {match.winner} won in {len(match.deals)} deals ({match!r})")

    before, after = train(args.variant, args.episodes, args.seed)
    print(
        "linear policy, card-point margin per deal (a share of the 120) against random: "
        f"{before:+.3f} -> {after:+.3f}"
    )

    if args.openspiel:
        winner, moves = openspiel_match(args.variant, args.seed, args.simulations)
        print(f"IS-MCTS ({moves} moves) against level 3: team {winner} won")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
