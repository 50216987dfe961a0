"""The single-agent Gymnasium environment (``SuecaGymEnv``, the ``rl`` extra): Gymnasium's own
``check_env``, repeatable episodes, masks that are the learner's legal actions, rewards that add
up to the match, illegal actions, bad arguments."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

from sueca_rules import ConfigError, IllegalPlayError, Match, Observation, parse_variant
from sueca_rules.bots import make_bot
from sueca_rules.envs import (
    CLAIM,
    GYM_ID,
    PASS,
    Stepper,
    SuecaGymEnv,
    encode_observation,
)


def _checked(environment: Any) -> set[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(environment)
    return {str(w.message) for w in caught}


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"variant": "portugal-table", "seats": 1, "bots": 1},
        {"variant": "brasil", "seats": (3, 1), "render_mode": "ansi", "max_deals": 2},
    ],
)
def test_gymnasium_check_env_passes(kwargs: dict[str, Any]) -> None:
    """Gymnasium's checker steps with unmasked random actions: `illegal_action="random"`."""
    for message in _checked(SuecaGymEnv(illegal_action="random", **kwargs)):
        assert "Not able to test alternative render modes" in message, message
    made = gymnasium.make(GYM_ID, illegal_action="random", **kwargs)
    assert _checked(made.unwrapped) == set()


def _episode(game: SuecaGymEnv, seed: int | None, choices: int) -> list[Any]:
    """What an episode shows (observations, masks, rewards, seats), actions drawn from
    ``choices``."""
    rng = np.random.default_rng(choices)
    observation, info = game.reset(seed=seed)
    seen: list[Any] = [observation["observation"].tobytes(), info["seat"]]
    while True:
        mask = game.action_masks()
        assert np.array_equal(mask, observation["action_mask"].astype(bool))
        legal = [a for a in np.flatnonzero(mask) if a != CLAIM or rng.random() < 0.02]
        observation, reward, terminated, truncated, info = game.step(int(rng.choice(legal)))
        seen += [observation["observation"].tobytes(), reward, info["seat"]]
        if terminated or truncated:
            return seen


def test_a_seed_repeats_the_episodes_and_another_does_not() -> None:
    game = SuecaGymEnv("portugal-table", max_deals=2)
    first = _episode(game, 7, 0)
    then = _episode(game, None, 1)  # drawn from the generator the seed started
    again = SuecaGymEnv("portugal-table", max_deals=2)
    assert _episode(again, 7, 0) == first
    assert _episode(again, None, 1) == then
    assert _episode(again, 8, 0) != first
    assert game.aec.stepper.match.dealt_hands != Match("portugal-table", seed=7).dealt_hands
    game.reset(seed=np.int64(7))
    assert game.aec.stepper.match.dealt_hands == Match("portugal-table", seed=7).dealt_hands


@pytest.mark.parametrize("variant", ["portugal", "portugal-table", "brasil"])
def test_the_learner_is_asked_only_at_its_seats_and_sees_only_them(variant: str) -> None:
    game = SuecaGymEnv(variant, seats=(1, 3), bots=2, max_deals=2)
    observation, info = game.reset(seed=3)
    rng = random.Random(3)
    while True:
        seat = info["seat"]
        assert seat in (1, 3)
        stepper = game.aec.stepper
        assert stepper.actor == seat
        assert np.array_equal(observation["observation"], encode_observation(stepper, seat))
        assert list(np.flatnonzero(observation["action_mask"])) == stepper.legal_actions()
        legal = [a for a in stepper.legal_actions() if a != CLAIM] or [PASS]
        observation, _, terminated, truncated, info = game.step(rng.choice(legal))
        if terminated or truncated:
            assert not game.action_masks().any()
            return


def test_rewards_add_up_to_the_deals_and_the_match() -> None:
    game = SuecaGymEnv("portugal", seats=2, bots=1, match_reward=2.0)
    _, _ = game.reset(seed=5)
    total = 0.0
    rng = random.Random(5)
    while True:
        action = rng.choice([int(a) for a in np.flatnonzero(game.action_masks())])
        _, reward, terminated, truncated, _ = game.step(action)
        total += reward
        if terminated or truncated:
            break
    match = game.aec.stepper.match
    margin = sum(deal.games[0] - deal.games[1] for deal in match.deals)
    assert total == margin + (2.0 if match.winner == 0 else -2.0)


def test_an_illegal_action_raises_or_is_replaced_as_asked() -> None:
    strict = SuecaGymEnv("portugal")
    strict.reset(seed=1)
    before = strict.aec.stepper.match.position_key()
    illegal = next(a for a in range(47) if not strict.action_masks()[a])
    with pytest.raises(IllegalPlayError):
        strict.step(illegal)
    with pytest.raises(IllegalPlayError):
        strict.step("7H")
    assert strict.aec.stepper.match.position_key() == before
    lenient = SuecaGymEnv("portugal", illegal_action="random")
    lenient.reset(seed=1)
    _, _, _, _, info = lenient.step(illegal)
    assert info["illegal_action"] is True
    assert len(lenient.aec.stepper.match.plays) > 0
    _, _, _, _, info = lenient.step(int(np.flatnonzero(lenient.action_masks())[0]))
    assert "illegal_action" not in info


def test_bots_of_your_own_sit_at_the_other_seats() -> None:
    asked: list[int] = []

    class Counting:
        level = 0

        def choose(self, observation: Observation) -> Any:
            asked.append(observation.seat)
            return observation.legal[0]

    game = SuecaGymEnv("portugal", seats=0, bots={1: Counting(), 2: make_bot(2), 3: Counting()})
    game.reset(seed=2)
    game.step(int(np.flatnonzero(game.action_masks())[0]))
    assert set(asked) <= {1, 3}
    assert asked


@pytest.mark.parametrize(
    ("kwargs", "said"),
    [
        ({"seats": (0, 1)}, r"the two seats of one team"),
        ({"seats": (0, 0)}, r"the two seats of one team"),
        ({"seats": 4}, r"each of seats is a whole number 0\.\.3"),
        ({"seats": ()}, r"seats is a seat 0\.\.3 or the two seats of a team"),
        ({"bots": 0}, r"bots is a level 1\.\.5 or a bot for each seat .* \[1, 3\]; not 0"),
        ({"bots": {1: make_bot(1)}}, r"not a mapping of seats \[1\]"),
        ({"bots": {"1": make_bot(1), 3: make_bot(1)}}, r"not a mapping of seats \['1', 3\]"),
        ({"seats": 0, "bots": {1: 1, 2: 2, 3: 3}}, r"bots\[1\] is a bot"),
        ({"illegal_action": "skip"}, r"illegal_action is 'raise' or 'random'"),
        ({"variant": 3}, r"a variant is"),
        ({"render_mode": "rgb_array"}, r"render_mode is"),
    ],
)
def test_bad_arguments_are_config_errors(kwargs: dict[str, Any], said: str) -> None:
    with pytest.raises(ConfigError, match=said):
        SuecaGymEnv(**kwargs)


def test_steps_out_of_place_are_config_errors() -> None:
    game = SuecaGymEnv("portugal", max_deals=1)
    with pytest.raises(ConfigError, match=r"call reset\(\) before step\(\)"):
        game.step(0)
    assert not game.action_masks().any()
    game.reset(seed=1)
    with pytest.raises(ConfigError, match="seed is a whole number from 0"):
        game.reset(seed=-1)
    game.reset(seed=1)
    while True:
        _, _, terminated, truncated, _ = game.step(int(np.flatnonzero(game.action_masks())[0]))
        if terminated or truncated:
            break
    with pytest.raises(ConfigError, match=r"the episode is over: call reset\(\)"):
        game.step(0)
    assert isinstance(Stepper(game.aec.stepper.match).match, Match)


class _Accuser:
    """A bot that plays its first legal card and claims a renúncia at every chance."""

    level = 0

    def choose(self, observation: Observation) -> Any:
        return observation.legal[0]

    def claim(self, observation: Observation) -> int | None:
        return (observation.seat + 1) % 4


def test_when_the_bots_end_every_episode_first_reset_says_so() -> None:
    """Bots that end the only deal before the learner is asked: `reset()` starts the next match
    (from the generator), a bounded number of times, then says why (it could loop forever)."""
    bots = {s: _Accuser() for s in (1, 2, 3)}
    seat_3_leads = parse_variant("name: T\nextends: portugal-table\ntable: {first_dealer: 0}\n")
    game = SuecaGymEnv(seat_3_leads, seats=0, bots=bots, max_deals=1)
    with pytest.raises(ConfigError, match=r"the bots ended 100 matches in a row"):
        game.reset(seed=1)
    polite = {1: make_bot(1), 2: make_bot(1), 3: make_bot(1)}
    game = SuecaGymEnv(seat_3_leads, seats=0, bots=polite, max_deals=1)
    _, info = game.reset(seed=1)
    assert info["seat"] == 0


def test_a_reward_before_the_learners_first_decision_comes_with_its_first_step() -> None:
    class OnceAccuser(_Accuser):
        claimed = False

        def claim(self, observation: Observation) -> int | None:
            if OnceAccuser.claimed:
                return None
            OnceAccuser.claimed = True
            return (observation.seat + 1) % 4

    longer = "match: {target_games: 8}\n"  # four games do not end the match
    seat_3_leads = parse_variant(
        "name: T\nextends: portugal-table\ntable: {first_dealer: 0}\n" + longer
    )
    bots = {1: make_bot(1), 2: OnceAccuser(), 3: make_bot(1)}
    game = SuecaGymEnv(seat_3_leads, seats=0, bots=bots)
    game.reset(seed=1)
    first = game.aec.stepper.match.deals[0]
    assert first.games == (0, 4)  # seat 2, the learner's partner, claimed falsely
    _, reward, _, _, _ = game.step(int(np.flatnonzero(game.action_masks())[0]))
    assert reward == -4.0


def test_a_numpy_seat_is_the_seat_it_holds() -> None:
    """A learner's seat drawn with NumPy (`np.int64(1)`, or a pair of them) is the seat it
    holds, as NumPy seeds and actions are: it was refused as no seat."""
    alone = SuecaGymEnv("portugal", seats=np.int64(1), bots=1)  # type: ignore[arg-type]
    assert alone.seats == (1,)
    team = SuecaGymEnv("portugal", seats=(np.int64(1), np.int64(3)), bots=1)  # type: ignore[arg-type]
    assert team.seats == (1, 3)
    with pytest.raises(ConfigError, match="seat"):
        SuecaGymEnv("portugal", seats=np.int64(7), bots=1)  # type: ignore[arg-type]
