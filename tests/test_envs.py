"""The PettingZoo environment (``sueca_rules.envs``, the ``rl`` extra): PettingZoo's own API and
seed tests, agreement with the engine card for card under random variants, action masks that
are exactly what the engine accepts, observations that never depend on hidden cards, rewards.
"""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given, note
from hypothesis import strategies as st

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np
from pettingzoo.test import api_test, render_test, seed_test

from sueca_rules import (
    ConfigError,
    IllegalPlayError,
    Match,
    Observation,
    Variant,
    parse_variant,
)
from sueca_rules.bots import make_bot, play_match
from sueca_rules.envs import (
    AGENTS,
    CLAIM,
    CLAIM_NEXT,
    CLAIM_PREVIOUS,
    LAYOUT,
    NUM_ACTIONS,
    OBSERVATION_SIZE,
    PASS,
    REDEAL,
    TRUMP_BOTTOM,
    TRUMP_TOP,
    Stepper,
    SuecaEnv,
    action_name,
    bot_action,
    encode_information_state,
    encode_observation,
    env,
    observation_text,
)

from .strategies import variants
from .test_envs_support import play_logged, replay, swappable, swapped_hands

seeds = st.integers(0, 2**32)

HOUSE = parse_variant(
    "name: House\nextends: portugal\ndeal: {redeal: {leader_below: 20, others_below: 20}}\n"
    "revoke: {mode: claimable, accuse: player, after_false_claim: play_on,"
    " false_claim_games: 1}\nmatch: {target_games: 2}\n"
)
# PettingZoo's checks warn about two things every classic card game with an action mask does:
# the observation is a dictionary (the array and its mask), so it is not a plain Box.
_EXPECTED_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
)


def _api_test_warnings(variant: Variant | str) -> set[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(variant=variant), num_cycles=400)
    return {str(w.message) for w in caught}


@pytest.mark.parametrize("variant", ["portugal", "portugal-table", "brasil", HOUSE])
def test_pettingzoo_api_test_passes(variant: Variant | str) -> None:
    for message in _api_test_warnings(variant):
        assert message.startswith(_EXPECTED_WARNINGS), message


@pytest.mark.parametrize("variant", ["portugal", "portugal-table", "brasil", HOUSE])
def test_pettingzoo_seed_test_passes(variant: Variant | str) -> None:
    seed_test(lambda: env(variant=variant), num_cycles=300)


def test_a_seed_deals_the_cards_of_the_same_match() -> None:
    game = SuecaEnv("portugal")
    game.reset(seed=11)
    assert game.stepper.match.dealt_hands == Match("portugal", seed=11).dealt_hands
    game.reset()  # the next match's seed comes from the generator the seed started
    again = SuecaEnv("portugal")
    again.reset(seed=11)
    again.reset()
    assert game.stepper.match.dealt_hands == again.stepper.match.dealt_hands


def test_a_numpy_seed_resets_as_its_int() -> None:
    """`reset(seed=rng.integers(...))` (a NumPy integer) plays the match of that int, and the
    unseeded resets after it too (it was a ConfigError)."""
    game, again = SuecaEnv("portugal"), SuecaEnv("portugal")
    game.reset(seed=np.random.default_rng(0).integers(2**31))
    again.reset(seed=int(np.random.default_rng(0).integers(2**31)))
    assert game.stepper.match.dealt_hands == again.stepper.match.dealt_hands
    game.reset()
    again.reset()
    assert game.stepper.match.dealt_hands == again.stepper.match.dealt_hands


def _walk(game: SuecaEnv, rng: random.Random, steps: int, claim_rate: float = 0.05) -> None:
    """Random masked actions (claims seldom) for ``steps`` steps, or until the next would end
    the match."""
    for _ in range(steps):
        if not game.agents or game.terminations[game.agent_selection]:
            return
        if game.truncations[game.agent_selection]:
            return
        obs = game.observe(game.agent_selection)
        legal = [int(a) for a in np.flatnonzero(obs["action_mask"])]
        quiet = [a for a in legal if a not in (CLAIM, CLAIM_NEXT, CLAIM_PREVIOUS, REDEAL)]
        action = rng.choice(legal if rng.random() < claim_rate or not quiet else quiet)
        trial = game.stepper.clone()
        trial.apply(action)
        if trial.match.is_over:  # stop before the end
            return
        game.step(action)


# --- agreement with the engine -----------------------------------------------------------------


@given(variants(short=True), seeds)
def test_the_environment_plays_the_engines_games_card_for_card(variant: Variant, seed: int) -> None:
    """A game played at random on the engine (renúncias, claims, redeals, the dealer's choice)
    replayed through the environment: the same agent is asked at each decision, the mask
    allows its action, the four observations equal the engine's after each decision, and the
    record is the same at the end."""
    reference, log = play_logged(variant, seed)
    mirror = Match(variant, seed=seed)
    game = SuecaEnv(variant)
    game.reset(seed=seed)
    table = game.stepper

    def step(action: int) -> None:
        agent = game.agent_selection
        assert agent == f"seat_{table.actor}"
        assert game.observe(agent)["action_mask"][action] == 1, action_name(action)
        game.step(action)

    done = replay(table, step, log, mirror)
    note(f"{done} of {len(log)} decisions replayed")
    assert table.match.to_record() == mirror.to_record()
    if done == len(log):
        assert mirror.to_record() == reference.to_record()


class _Claimer:
    """A test bot: random legal cards, sometimes a renúncia, random claims, redeals and sides."""

    level = 1

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Observation) -> Any:
        if observation.playable != observation.legal and self.rng.random() < 0.1:
            return self.rng.choice(observation.playable)
        return self.rng.choice(observation.legal)

    def choose_trump(self, observation: Observation) -> str:
        return self.rng.choice(["top", "bottom"])

    def wants_redeal(self, observation: Observation) -> bool:
        return self.rng.random() < 0.5

    def claim(self, observation: Observation) -> int | None:
        if self.rng.random() < 0.97:
            return None
        seat = observation.seat
        return self.rng.choice([(seat + 1) % 4, (seat + 3) % 4])


@given(variants(short=True), seeds)
def test_bots_play_the_same_match_in_the_environment_and_with_advance(
    variant: Variant, seed: int
) -> None:
    """Bots asked through the environment (``bot_action``) and by ``sueca_rules.bots.advance``
    meet the same questions in the same order: the matches are the same."""
    match = Match(variant, seed=seed)
    play_match(match, [_Claimer(seed + s) for s in range(4)], max_deals=3)
    game = SuecaEnv(variant, max_deals=3)
    game.reset(seed=seed)
    bots = [_Claimer(seed + s) for s in range(4)]
    while game.agents and not (game.terminations[game.agent_selection]):
        if game.truncations[game.agent_selection]:
            break
        game.step(bot_action(bots[game.stepper.actor or 0], game.stepper))
    assert game.stepper.match.to_record() == match.to_record()


@given(variants(short=True), seeds, st.integers(0, 150))
def test_the_mask_is_exactly_what_the_engine_accepts(
    variant: Variant, seed: int, steps: int
) -> None:
    game = SuecaEnv(variant)
    game.reset(seed=seed)
    _walk(game, random.Random(seed), steps, claim_rate=0.02)
    table = game.stepper
    seat = table.actor
    assert seat is not None
    mask = game.observe(f"seat_{seat}")["action_mask"]
    decision = table.decision
    kinds = {
        "card": range(40),
        "claim": (CLAIM, CLAIM_NEXT, CLAIM_PREVIOUS),
        "redeal": (REDEAL,),
        "trump": (TRUMP_TOP, TRUMP_BOTTOM),
    }
    assert decision is not None
    asked = set(kinds[decision]) | ({PASS} if decision in ("claim", "redeal") else set())
    for action in range(NUM_ACTIONS):
        if action not in asked:
            assert mask[action] == 0, action_name(action)
            continue
        accepted = _engine_accepts(table.match.clone(), seat, action)
        assert mask[action] == accepted, (decision, action_name(action))
    assert mask.sum() >= 1
    if decision == "card" and variant.revoke.mode == "claimable":
        assert sorted(np.flatnonzero(mask)) == sorted(int(c) for c in table.match.hand(seat))


def _engine_accepts(match: Match, seat: int, action: int) -> bool:
    """Whether the engine itself accepts ``action`` from ``seat`` now."""
    rules = match.rules
    try:
        if action < 40:
            if match.turn != seat:
                return False
            match.play(action)
        elif action == PASS:
            if match.phase == "redeal":
                match.keep_hand(seat)
        elif action == REDEAL:
            match.redeal(seat)
        elif action in (TRUMP_TOP, TRUMP_BOTTOM):
            match.choose_trump("top" if action == TRUMP_TOP else "bottom")
        else:
            against = {
                CLAIM: None,
                CLAIM_NEXT: rules.next_seat[seat],
                CLAIM_PREVIOUS: rules.previous_seat(seat),
            }[action]
            match.claim(seat, against)
    except IllegalPlayError:
        return False
    return True


# --- what an agent sees -----------------------------------------------------------------------


@given(variants(short=True), seeds, st.integers(0, 300), st.integers(0, 3))
def test_observations_never_depend_on_hidden_cards(
    variant: Variant, seed: int, steps: int, seat: int
) -> None:
    """At a random point of a random match (earlier deals played), two cards of two other
    seats change hands, as far as nothing the seat knows changes: its observation,
    information state, text and mask stay the same."""
    rng = random.Random(seed)
    match = Match(variant, seed=seed)
    table = Stepper(match)
    this_deal: list[int] = []  # the actions since the current deal was dealt
    for _ in range(steps):
        if table.actor is None:
            break
        deal = match.deal_number
        legal = table.legal_actions()
        quiet = [a for a in legal if a not in (CLAIM, CLAIM_NEXT, CLAIM_PREVIOUS, REDEAL)]
        action = rng.choice(legal if rng.random() < 0.03 or not quiet else quiet)
        trial = table.clone()
        trial.apply(action)
        if trial.match.is_over:  # stop before the end
            break
        table.apply(action)
        if match.deal_number != deal or action in (TRUMP_TOP, TRUMP_BOTTOM):
            this_deal = []
        else:
            this_deal.append(action)
    pair = swappable(match, seat, rng) if match.trump_card is not None else None
    event(f"swapped: {pair is not None}")
    if pair is None:  # the dealer is choosing, or every hidden card is pinned
        return
    record = match.to_record()
    other = Match.from_record(record.model_copy(update={"deals": record.deals[:-1]}))
    assert match.trump_card is not None
    other.deal_hands(swapped_hands(match, pair), match.trump_card)
    twin = Stepper(other)
    for action in this_deal:
        twin.apply(action)
    assert any(other.hand(s) != match.hand(s) for s in range(4))
    assert other.hand(seat) == match.hand(seat)
    assert np.array_equal(encode_observation(twin, seat), encode_observation(table, seat))
    assert np.array_equal(
        encode_information_state(twin, seat), encode_information_state(table, seat)
    )
    assert observation_text(twin, seat) == observation_text(table, seat)
    if table.actor == seat:
        assert twin.legal_actions() == table.legal_actions()


def _cards(vector: Any, name: str) -> set[int]:
    """The card numbers set in a section of 40 (or rows of 40) of an observation vector."""
    section = LAYOUT[name]
    bits = np.flatnonzero(vector[section.offset : section.offset + section.size])
    return {int(b) % 40 for b in bits}


def _check_cards_seen(game: SuecaEnv) -> None:
    """Each agent's observation holds exactly the cards `Match.observation(seat)` gives it: its
    hand, its legal cards, the cards played (by whom) and the turned card; its mask is the
    actor's legal actions, and all zeros for the others."""
    match, stepper = game.stepper.match, game.stepper
    for seat, agent in enumerate(AGENTS):
        seen = game.observe(agent)
        vector, known = seen["observation"], match.observation(seat)
        played = {int(c) for t in known.tricks for c in t.cards} | {int(c) for c in known.trick}
        turned = set() if known.trump_card is None else {int(known.trump_card)}
        assert _cards(vector, "hand") == {int(c) for c in known.hand}
        assert _cards(vector, "legal") == {int(c) for c in known.legal}
        assert _cards(vector, "played") == played
        assert _cards(vector, "trick") == {int(c) for c in known.trick}
        assert _cards(vector, "trump_card") == turned
        assert played.isdisjoint(int(c) for c in known.hand)
        mask = [int(a) for a in np.flatnonzero(seen["action_mask"])]
        assert mask == (stepper.legal_actions() if stepper.actor == seat else [])


@given(variants(short=True), seeds)
def test_every_observation_holds_only_the_cards_its_seat_knows(variant: Variant, seed: int) -> None:
    """After every step of random matches (claims, false claims, renúncias, redeals and the
    dealer's choice included; at the count; at the end of each deal and of the match), each
    agent's card sections are exactly what `Match.observation(seat)` shows that seat."""
    rng = random.Random(seed)
    game = SuecaEnv(variant, max_deals=3)
    game.reset(seed=seed)
    _check_cards_seen(game)
    for _ in range(1500):
        agent = game.agent_selection
        if game.terminations[agent] or game.truncations[agent]:
            break
        legal = game.stepper.legal_actions()
        quiet = [a for a in legal if a not in (CLAIM, CLAIM_NEXT, CLAIM_PREVIOUS, REDEAL)]
        game.step(rng.choice(legal if rng.random() < 0.05 or not quiet else quiet))
        _check_cards_seen(game)
    event(f"ended: {game.stepper.match.phase}")


_EPISODES = """
import hashlib, sys
import numpy as np
from sueca_rules.envs import SuecaEnv
game = SuecaEnv(sys.argv[1], max_deals=2)
digest = hashlib.sha256()
for episode in range(3):  # a seed, then two resets drawn from it
    game.reset(seed=int(sys.argv[2]) if episode == 0 else None)
    rng = np.random.default_rng(episode)
    for agent in game.agent_iter():
        observation, reward, terminated, truncated, _ = game.last()
        for part in (agent.encode(), observation["observation"].tobytes(),
                     observation["action_mask"].tobytes(), np.float64(reward).tobytes()):
            digest.update(part)
        legal = np.flatnonzero(observation["action_mask"])
        game.step(None if terminated or truncated else int(rng.choice(legal)))
print(digest.hexdigest())
"""


def test_a_seed_gives_the_same_episodes_in_any_process() -> None:
    """The same seed (and the resets after it) gives the same observations, masks and rewards
    in processes with different hash randomisation; another seed gives other episodes."""
    root = str(ROOT)

    def run(hash_seed: str, seed: int) -> str:
        environ = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": root}
        command = [sys.executable, "-c", _EPISODES, "portugal-table", str(seed)]
        done = subprocess.run(command, capture_output=True, text=True, env=environ, check=True)
        return done.stdout.strip()

    first = run("0", 5)
    assert len(first) == 64
    assert run("4242", 5) == first
    assert run("0", 6) != first


def test_the_layout_tiles_the_observation() -> None:
    offset = 0
    for section in LAYOUT.values():
        assert section.offset == offset
        offset += section.size
    assert offset == OBSERVATION_SIZE
    game = SuecaEnv("portugal")
    game.reset(seed=1)
    obs = game.observe("seat_1")["observation"]
    assert obs.shape == (OBSERVATION_SIZE,)
    assert obs.dtype == np.float32
    hand = LAYOUT["hand"]
    held = np.flatnonzero(obs[hand.offset : hand.offset + hand.size])
    assert sorted(int(c) for c in game.stepper.match.hand(1)) == sorted(int(c) for c in held)
    seat = LAYOUT["seat"]
    assert list(obs[seat.offset : seat.offset + 4]) == [0, 1, 0, 0]


# --- rewards, episodes, errors ----------------------------------------------------------------


def _play_out(game: SuecaEnv, seed: int) -> dict[str, float]:
    totals = dict.fromkeys(game.possible_agents, 0.0)
    rng = random.Random(seed)
    for agent in game.agent_iter():
        obs, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward
        if terminated or truncated:
            game.step(None)
            continue
        legal = [int(a) for a in np.flatnonzero(obs["action_mask"])]
        quiet = [a for a in legal if a not in (CLAIM, CLAIM_NEXT, CLAIM_PREVIOUS)]
        game.step(rng.choice(quiet or legal))
    return totals


@pytest.mark.parametrize("deal_reward", ["games", "points", "none"])
def test_rewards_add_up_to_the_deals_and_the_match(deal_reward: Any) -> None:
    game = SuecaEnv("portugal", deal_reward=deal_reward, match_reward=2.5)
    game.reset(seed=5)
    totals = _play_out(game, 5)
    match = game.stepper.match
    assert match.is_over
    assert match.winner is not None
    sign = 1 if match.winner == 0 else -1
    per_deal = 0.0
    if deal_reward == "games":
        per_deal = sum(d.games[0] - d.games[1] for d in match.deals)
    elif deal_reward == "points":
        per_deal = sum((d.points[0] - d.points[1]) / 120 for d in match.deals)
    assert totals["seat_0"] == pytest.approx(per_deal + 2.5 * sign)
    assert totals["seat_2"] == totals["seat_0"]
    assert totals["seat_1"] == totals["seat_3"] == pytest.approx(-totals["seat_0"])


@pytest.mark.parametrize("variant", ["brasil", "portugal-table", HOUSE])
def test_rewards_add_up_with_claims_trump_choices_and_redeals(variant: Variant | str) -> None:
    """Random agents that claim now and then: every step's rewards are zero-sum between the teams
    and alike for partners, and each agent's rewards add up to the games of the deals (claim and
    false-claim penalties included) and the match reward."""
    for seed in range(4):
        game = SuecaEnv(variant, deal_reward="games")
        game.reset(seed=seed)
        rng = random.Random(seed)
        totals = dict.fromkeys(game.possible_agents, 0.0)
        for agent in game.agent_iter(max_iter=20_000):
            obs, reward, terminated, truncated, _ = game.last()
            totals[agent] += reward
            if terminated or truncated:
                game.step(None)
                continue
            legal = [int(a) for a in np.flatnonzero(obs["action_mask"])]
            quiet = [a for a in legal if a not in (CLAIM, CLAIM_NEXT, CLAIM_PREVIOUS)]
            game.step(rng.choice(legal if rng.random() < 0.03 or not quiet else quiet))
            rewards = game.rewards
            assert rewards["seat_0"] == rewards["seat_2"] == -rewards["seat_1"]
            assert rewards["seat_1"] == rewards["seat_3"]
        assert not game.agents  # the episode ended
        match = game.stepper.match
        assert match.is_over
        per_deal = sum(d.games[0] - d.games[1] for d in match.deals)
        sign = 1 if match.winner == 0 else -1
        assert totals["seat_0"] == pytest.approx(per_deal + sign)
        assert totals["seat_2"] == totals["seat_0"]
        assert totals["seat_1"] == totals["seat_3"] == pytest.approx(-totals["seat_0"])


def test_max_deals_truncates_the_episode() -> None:
    game = SuecaEnv("portugal-table", max_deals=1)
    game.reset(seed=2)
    totals = _play_out(game, 2)
    match = game.stepper.match
    assert len(match.deals) == 1
    assert not match.is_over
    deal = match.deals[0]
    assert totals["seat_0"] == pytest.approx(deal.games[0] - deal.games[1])
    assert not game.agents


def test_an_action_outside_the_mask_changes_nothing() -> None:
    game = SuecaEnv("portugal")
    game.reset(seed=3)
    seat = game.stepper.actor
    assert seat is not None
    mask = game.observe(f"seat_{seat}")["action_mask"]
    refused = [a for a in range(NUM_ACTIONS) if not mask[a]]
    before = game.stepper.match.to_record()
    for action in (refused[0], PASS, -1, NUM_ACTIONS, 2.5, "7H", True, None):
        with pytest.raises(IllegalPlayError):
            game.step(action)
    assert game.stepper.match.to_record() == before
    game.step(np.int64(np.flatnonzero(mask)[0]))  # NumPy integers are actions too
    assert len(game.stepper.match.plays) == 1


@pytest.mark.parametrize(
    "kwargs",
    [
        {"variant": 3},
        {"deal_reward": "cards"},
        {"match_reward": "1"},
        {"match_reward": float("nan")},
        {"match_reward": float("inf")},
        {"max_deals": 0},
        {"max_deals": True},
        {"render_mode": "rgb_array"},
    ],
)
def test_bad_arguments_are_config_errors(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        SuecaEnv(**kwargs)


@pytest.mark.parametrize("seed", ["x", -5, 1.5, True])
def test_a_seed_that_is_not_a_whole_number_from_0_is_a_config_error(seed: Any) -> None:
    game = SuecaEnv("portugal")
    with pytest.raises(ConfigError, match="seed is a whole number from 0"):
        game.reset(seed=seed)


def test_what_takes_a_stepper_says_where_to_find_one() -> None:
    """`bot_action` and the encoders given the environment or a match instead of its Stepper, or
    an `out` array that cannot hold the vector: a ConfigError saying what to give (they were
    AttributeError, IndexError or TypeError from inside)."""
    game = env(variant="portugal")
    game.reset(seed=1)
    match = Match("portugal", seed=1)
    calls: dict[str, Callable[[Any], object]] = {
        "bot_action()": lambda table: bot_action(make_bot(1), table),
        "encode_observation()": lambda table: encode_observation(table, 0),
        "encode_information_state()": lambda table: encode_information_state(table, 0),
        "observation_text()": lambda table: observation_text(table, 0),
    }
    for name, call in calls.items():
        with pytest.raises(ConfigError, match=re.escape(f"{name} takes a Stepper, not the ")):
            call(game)
        with pytest.raises(ConfigError, match=r"not a Match: give Stepper\(match\)"):
            call(match)
        with pytest.raises(ConfigError, match=r"SuecaEnv.stepper, .*not 5$"):
            call(5)
        call(Stepper(match))
    stepper = game.stepper
    wrong: list[Any] = [np.zeros(3, np.float32), np.zeros(OBSERVATION_SIZE, np.int8), [0.0] * 600]
    for out in wrong:
        with pytest.raises(ConfigError, match=r"^out is a one-dimensional NumPy array of floats"):
            encode_observation(stepper, 0, out=out)
    with pytest.raises(ConfigError, match=r"room for 2120 numbers"):
        encode_information_state(stepper, 0, out=np.zeros(OBSERVATION_SIZE, np.float32))
    room = np.ones(OBSERVATION_SIZE + 5, np.float32)
    assert encode_observation(stepper, 0, out=room) is room
    assert np.array_equal(room[:OBSERVATION_SIZE], encode_observation(stepper, 0))


def test_render_shows_the_whole_table() -> None:
    game = SuecaEnv("portugal", render_mode="ansi")
    game.reset(seed=4)
    text = game.render()
    assert isinstance(text, str)
    for seat in range(4):
        hand = " ".join(str(c) for c in game.stepper.match.hand(seat))
        assert f"seat {seat}: {hand}" in text
    assert SuecaEnv("portugal").render() is None


def test_pettingzoo_render_test_passes(capsys: pytest.CaptureFixture[str]) -> None:
    """PettingZoo's own render check: `"ansi"` returns the text, `"human"` prints it and returns
    `None` (as Gymnasium and PettingZoo ask; it used to return the text as well)."""
    render_test(lambda render_mode=None: env(variant="portugal", render_mode=render_mode))
    game = SuecaEnv("portugal", render_mode="human")
    game.reset(seed=4)
    capsys.readouterr()
    assert game.render() is None
    hand = " ".join(str(c) for c in game.stepper.match.hand(0))
    assert f"seat 0: {hand}" in capsys.readouterr().out


def test_a_level_3_bot_beats_random_agents_through_the_environment() -> None:
    """Our bots can sit at the environment's table (``bot_action``): two level-3 bots win
    most deals against random masked actions."""
    game = SuecaEnv("portugal", max_deals=8, deal_reward="points")
    game.reset(seed=9)
    bots = {0: make_bot(3, seed=0), 2: make_bot(3, seed=2)}
    rng = random.Random(9)
    totals = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        obs, reward, terminated, truncated, _ = game.last()
        totals[agent] += reward
        seat = int(agent[-1])
        if terminated or truncated:
            game.step(None)
        elif seat in bots:
            game.step(bot_action(bots[seat], game.stepper))
        else:
            game.step(rng.choice(list(np.flatnonzero(obs["action_mask"]))))
    assert totals["seat_0"] > 0


# --- the guide and the example -----------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent


def test_the_python_of_the_learning_guide_runs(capsys: pytest.CaptureFixture[str]) -> None:
    """Every ``python`` block of docs/guide/learning.md, in order, in one namespace."""
    pytest.importorskip("pyspiel")
    page = (ROOT / "docs" / "guide" / "learning.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", page, re.S)
    assert len(blocks) == 5
    namespace: dict[str, Any] = {}
    for block in blocks:
        exec(compile(block, "learning.md", "exec"), namespace)
    out = capsys.readouterr().out
    printed = out.split()
    assert printed[0] in ("0", "1")
    assert printed[-1] in ("0", "1")
    assert re.search(r"^\(\d+, \d+\)$", out, re.M)  # the Gymnasium block's deal


def test_the_layout_table_of_the_learning_guide_is_the_layout() -> None:
    page = (ROOT / "docs" / "guide" / "learning.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `(\w+)` \| (\d+) \| ([\d × ]+) \| (.+) \|$", page, re.M)
    assert [r[0] for r in rows] == list(LAYOUT)
    for name, offset, shape, meaning in rows:
        section = LAYOUT[name]
        assert int(offset) == section.offset
        assert tuple(int(n) for n in shape.split(" × ")) == section.shape
        assert meaning == section.meaning
    assert f"{OBSERVATION_SIZE} numbers" in page


def test_the_rl_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pyspiel")
    from .test_examples import load

    status = load("rl_agents.py").main(["--episodes", "10", "--openspiel", "--simulations", "3"])
    out = capsys.readouterr().out
    assert status == 0
    assert re.search(r"^random agents: team [01] won in \d+ deals", out, re.M)
    assert re.search(r"^linear policy, .*: [+-]\d\.\d{3} -> [+-]\d\.\d{3}$", out, re.M)
    assert re.search(r"^IS-MCTS \(\d+ moves\) against level 3: team [01] won$", out, re.M)


def test_the_old_names_still_answer_with_a_warning() -> None:
    import sueca_rules
    from sueca_rules import envs

    with pytest.warns(DeprecationWarning, match="envs.Stepper"):
        assert envs.Table is Stepper
    with pytest.warns(DeprecationWarning, match="TableRules"):
        assert sueca_rules.Table is sueca_rules.TableRules  # type: ignore[attr-defined]
    game = SuecaEnv("portugal")
    game.reset(seed=1)
    with pytest.warns(DeprecationWarning, match="stepper"):
        assert game.table is game.stepper
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        envs.Nope  # noqa: B018
