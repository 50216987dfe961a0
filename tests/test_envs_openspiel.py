"""The OpenSpiel game ``python_sueca`` (``sueca_rules.envs.openspiel``, the ``rl`` extra):
OpenSpiel's own random simulation checks, agreement with the engine card for card under random
variants, tensors that never depend on hidden cards, resampling for IS-MCTS, and IS-MCTS
playing a whole match.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import event, given, note
from hypothesis import strategies as st

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from sueca_rules import ConfigError, IllegalPlayError, Match, Variant, dump_variant, load_variant  # noqa: E402
from sueca_rules.envs import (  # noqa: E402
    INFORMATION_STATE_SIZE,
    NUM_ACTIONS,
    OBSERVATION_SIZE,
    TRUMP_BOTTOM,
    TRUMP_TOP,
    encode_information_state,
    encode_observation,
)
from sueca_rules.envs.openspiel import SuecaState  # noqa: E402

from .strategies import variants  # noqa: E402
from .test_envs_support import LoggedDecision, play_logged, replay  # noqa: E402

seeds = st.integers(0, 2**32)
SHORT = "name: Short\nextends: portugal\nmatch: {target_games: 1}\n"


def _load(variant: Variant | str, max_deals: int = 0) -> Any:
    text = variant if isinstance(variant, str) else dump_variant(variant)
    return pyspiel.load_game("python_sueca", {"variant": text, "max_deals": max_deals})


def test_the_game_is_registered_with_imperfect_information() -> None:
    game = pyspiel.load_game("python_sueca")
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_players() == 4
    assert game.num_distinct_actions() == NUM_ACTIONS
    assert game.max_chance_outcomes() == 40
    assert game.observation_tensor_shape() == [OBSERVATION_SIZE]
    assert game.information_state_tensor_shape() == [INFORMATION_STATE_SIZE]
    assert game.variant == load_variant("portugal")


def test_the_variant_parameter_takes_an_id_yaml_json_or_a_path(tmp_path: Path) -> None:
    house = load_variant("portugal-table").model_copy(update={"name": "House"})
    path = tmp_path / "house.yaml"
    path.write_text(dump_variant(house), encoding="utf-8")
    as_json = json.dumps({"name": "House", "extends": "portugal-table"})
    for text in ("portugal-table", dump_variant(house), as_json, str(path)):
        game = pyspiel.load_game("python_sueca", {"variant": text})
        assert game.variant.revoke == house.revoke
    string = pyspiel.load_game("python_sueca(variant=french,max_deals=3)")
    assert string.variant.name == "French rules"
    assert string.max_deals == 3


@pytest.mark.parametrize(
    "params",
    [{"variant": "nowhere"}, {"variant": "name: X\nmatch: {best_of: 2}\n"}, {"max_deals": -1}],
)
def test_bad_parameters_are_config_errors(params: dict[str, Any]) -> None:
    with pytest.raises(ConfigError):
        pyspiel.load_game("python_sueca", params)


@pytest.mark.parametrize("variant", ["portugal", "portugal-table", "brasil"])
def test_openspiel_random_simulation_checks_pass(variant: str) -> None:
    """OpenSpiel's own checks of a game (legal actions, chance probabilities, tensors,
    serialization, returns) over random playthroughs."""
    pyspiel.random_sim_test(_load(variant, 2), num_sims=2, serialize=True, verbose=False)


def _sync_chance(state: SuecaState, mirror: Match) -> None:
    """Deal, through the chance nodes, what the engine's match ``mirror`` dealt (once both are
    at the same deal: at the count the environment may score a deal before the engine)."""
    while state.is_chance_node() and (
        state.drawing_first_dealer
        or (mirror.trump_card is not None and len(state.stepper.match.deals) == len(mirror.deals))
    ):
        if state.drawing_first_dealer:
            state.apply_action(mirror.first_dealer)
            continue
        assert mirror.trump_card is not None
        for card in state.deal_pack(mirror.dealt_hands, mirror.trump_card):
            state.apply_action(card)


@given(variants(short=True), seeds)
def test_the_game_plays_the_engines_games_card_for_card(variant: Variant, seed: int) -> None:
    reference, log = play_logged(variant, seed, max_deals=3)
    mirror = Match(variant, seed=seed)
    state = _load(variant).new_initial_state()

    def step(action: int) -> None:
        assert state.current_player() == state.stepper.actor
        assert action in state.legal_actions()
        state.apply_action(action)

    def trump(decision: LoggedDecision) -> bool:
        """The dealer's choice comes before the chance nodes: not a decision of the table."""
        if decision.kind != "trump":
            return False
        assert state.current_player() == mirror.dealer
        state.apply_action(TRUMP_TOP if decision.value == "top" else TRUMP_BOTTOM)
        return True

    _sync_chance(state, mirror)
    done = replay(
        state.stepper, step, log, mirror, outside=trump, synced=lambda: _sync_chance(state, mirror)
    )
    note(f"{done} of {len(log)} decisions replayed")
    assert state.stepper.match.to_record() == mirror.to_record()
    if done == len(log):
        assert mirror.to_record() == reference.to_record()
        assert state.is_terminal() == mirror.is_over


def _random_state(variant: Variant | str, seed: int, steps: int, max_deals: int = 0) -> Any:
    """A state reached by random actions (claims seldom), stopped at a player's decision
    before the game's end (or at its end when ``steps`` is larger than the game)."""
    rng = random.Random(seed)
    state = _load(variant, max_deals).new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        legal = state.legal_actions()
        quiet = [a for a in legal if a not in (41, 42, 43, 44)]
        child = state.child(rng.choice(legal if rng.random() < 0.03 or not quiet else quiet))
        if child.is_terminal() and steps < 10_000:
            break
        state = child
    while state.is_chance_node():
        state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
    return state


def _swap_hidden(state: Any, player: int, rng: random.Random) -> Any | None:
    """The same history with two unplayed cards of two other seats exchanged in this deal's
    chance outcomes, when nothing ``player`` knows changes by it; else ``None``."""
    from .test_envs_support import swappable

    match = state.stepper.match
    if match.trump_card is None:
        return None
    pair = swappable(match, player, rng)
    if pair is None:
        return None
    history = state.full_history()
    chance = [i for i, h in enumerate(history) if h.player == pyspiel.PlayerId.CHANCE]
    this_deal = set(chance[-40:])
    x, y = pair
    twin = state.get_game().new_initial_state()
    for i, h in enumerate(history):
        action = h.action
        if i in this_deal:
            action = y if action == x else x if action == y else action
        twin.apply_action(action)
    return twin


@given(variants(short=True), seeds, st.integers(0, 400))
def test_tensors_and_strings_never_depend_on_hidden_cards(
    variant: Variant, seed: int, steps: int
) -> None:
    state = _random_state(variant, seed, steps)
    assert not state.is_terminal()
    rng = random.Random(seed)
    player = rng.randrange(4)
    twin = _swap_hidden(state, player, rng)
    event(f"swapped: {twin is not None}")
    if twin is None:
        return
    assert str(twin) != str(state)  # the hidden cards did change
    assert twin.observation_tensor(player) == state.observation_tensor(player)
    assert twin.information_state_tensor(player) == state.information_state_tensor(player)
    assert twin.observation_string(player) == state.observation_string(player)
    assert twin.information_state_string(player) == state.information_state_string(player)
    if state.current_player() == player:
        assert twin.legal_actions() == state.legal_actions()


@given(variants(short=True), seeds, st.integers(50, 400))
def test_the_tensors_are_the_environments_observations(
    variant: Variant, seed: int, steps: int
) -> None:
    state = _random_state(variant, seed, steps)
    assert not state.is_terminal()
    for player in range(4):
        observation = encode_observation(state.stepper, player)
        assert np.array_equal(np.array(state.observation_tensor(player), np.float32), observation)
        recall = encode_information_state(state.stepper, player)
        tensor = np.array(state.information_state_tensor(player), np.float32)
        assert np.array_equal(tensor, recall)


@given(variants(short=True), seeds, st.integers(45, 400))
def test_resampled_states_look_the_same_to_the_player(
    variant: Variant, seed: int, steps: int
) -> None:
    """What IS-MCTS asks for: a state the player cannot tell from this one, reached by a
    consistent history (same length, the same public actions), other cards elsewhere."""
    state = _random_state(variant, seed, steps)
    assert not state.is_terminal()
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    unseen = sorted(int(c) for s in range(4) if s != player for c in state.stepper.match.hand(s))
    for _ in range(3):
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.information_state_tensor(player) == state.information_state_tensor(player)
        assert other.observation_tensor(player) == state.observation_tensor(player)
        assert other.legal_actions() == state.legal_actions()
        assert len(other.history()) == len(state.history())
        hidden = sorted(
            int(c) for s in range(4) if s != player for c in other.stepper.match.hand(s)
        )
        assert hidden == unseen


def test_resampling_deals_the_hidden_cards_anew() -> None:
    state = _random_state("portugal", 3, 48)
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hands = {str(state.resample_from_infostate(player, sampler)) for _ in range(5)}
    assert len(hands) > 1


def test_returns_of_a_game_cut_short() -> None:
    state = _random_state("portugal", 1, 10_000, max_deals=1)
    assert state.is_terminal()
    match = state.stepper.match
    assert len(match.deals) == 1
    deal = match.deals[0]
    returns = state.returns()
    if deal.games[0] == deal.games[1]:
        assert returns == [0.0] * 4
    else:
        team = 0 if deal.games[0] > deal.games[1] else 1
        assert returns == [1.0 if s % 2 == team else -1.0 for s in range(4)]


def test_is_mcts_plays_a_whole_match_against_level_3_bots() -> None:
    """OpenSpiel's IS-MCTS bot (few simulations: kept short) for team 0, our level-3 bot for
    team 1, a whole match of a one-game variant (``examples/rl_agents.py`` plays it)."""
    from .test_examples import load

    winner, moves = load("rl_agents.py").openspiel_match("portugal", 0, 6)
    assert winner in (0, 1)
    assert moves >= 20


def test_an_action_that_is_no_outcome_of_a_chance_node_is_refused_and_changes_nothing() -> None:
    state = _load("portugal", max_deals=1).new_initial_state()
    assert state.is_chance_node()  # the first dealer is drawn
    with pytest.raises(IllegalPlayError, match="a first dealer, 0 to 3, not action 4"):
        state.apply_action(4)
    for bad in (47, 999):
        with pytest.raises(IllegalPlayError, match=r"an action is a whole number 0\.\.46"):
            state.apply_action(bad)
    assert state.history() == []
    state.apply_action(2)
    first = state.chance_outcomes()[0][0]
    state.apply_action(first)
    for bad in (first, 40):  # a card already dealt, or no card at all
        with pytest.raises(IllegalPlayError, match="a card not dealt yet"):
            state.apply_action(bad)
    assert state.history() == [2, first]
    assert len(state.chance_outcomes()) == 39


def test_the_dealers_choice_of_trump_is_top_or_bottom_only() -> None:
    variant = load_variant("portugal").model_dump(mode="json", exclude={"extends"})
    variant["name"] = "chosen"
    variant["deal"]["trump_card"] = "dealer_choice"
    state = _load(Variant.model_validate(variant), max_deals=1).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.legal_actions() == [TRUMP_TOP, TRUMP_BOTTOM]
    with pytest.raises(IllegalPlayError, match="where the trump card is turned"):
        state.apply_action(0)
    state.apply_action(TRUMP_BOTTOM)
    assert state.is_chance_node()


def test_questions_out_of_place_get_clear_answers() -> None:
    """`chance_outcomes()` away from a chance node is empty (it listed the 40 cards as if one
    were being dealt); `action_to_string` of a number that is no action, and
    `resample_from_infostate` without a sampler, are errors that say what is valid (they were
    IndexError and TypeError from inside)."""
    game = _load("portugal-table")
    state = game.new_initial_state()
    assert len(state.chance_outcomes()) == 4  # the first dealer is drawn
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(rng.choice([o for o, _ in state.chance_outcomes()]))
    assert state.chance_outcomes() == []
    player = state.current_player()
    assert state.action_to_string(player, 0) == "2S"
    with pytest.raises(IllegalPlayError, match=r"an action is a whole number 0\.\.46, not 99"):
        state.action_to_string(player, 99)
    with pytest.raises(ConfigError, match=r"probability_sampler is a function .*not None"):
        state.resample_from_infostate(player, None)
    with pytest.raises(ConfigError, match=r"probability_sampler\(\) returned 'x'"):
        state.resample_from_infostate(player, lambda: "x")
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    again = state.resample_from_infostate(player, sampler)
    assert again.information_state_string(player) == state.information_state_string(player)


def test_a_pickled_game_plays_on() -> None:
    """`pickle` (as multiprocessing sends a game to its workers) remakes the game from its
    parameters without our `__init__`; its variant and `max_deals` come back and it plays (it was
    an AttributeError)."""
    import pickle

    game = _load("portugal-table", 2)
    again = pickle.loads(pickle.dumps(game))
    assert again.variant == game.variant
    assert again.max_deals == 2
    pyspiel.random_sim_test(again, num_sims=1, serialize=False, verbose=False)
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        again.nope  # noqa: B018
