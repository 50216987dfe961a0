"""Sueca as a PettingZoo AEC environment: four agents, one decision at a time, any variant.

See `SuecaEnv`. The agents are `"seat_0"` .. `"seat_3"` (team 0 is seats 0 and 2). Each step is
one decision of the seat the engine (and the claim rounds of `Stepper`) ask: the dealer's choice of
trump, keep or redeal, a card, claim or pass.
"""

from __future__ import annotations

import math
import warnings
from pathlib import Path
from typing import Any, ClassVar, Final, Literal, SupportsIndex, cast, get_args

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from sueca_rules import ConfigError, DealScored, Event, Match, MatchWon, Variant, load_variant

from .._rules import plain_int
from ._encoding import OBSERVATION_SIZE, encode_observation
from ._stepper import NUM_ACTIONS, Stepper

__all__ = ["AGENTS", "DealReward", "SuecaEnv", "env"]

AGENTS: Final = ("seat_0", "seat_1", "seat_2", "seat_3")
"""The agents' names, by seat."""

DealReward = Literal["games", "points", "none"]
"""What each deal rewards: `"games"`, the games it gave our team minus the games it gave theirs;
`"points"`, our card points minus theirs, / 120 (a deal ended by a claim counts as 120-0 for the
team it gave games to; false-claim penalties of a deal played out are not counted); `"none"`:
nothing (only the match's end rewards)."""

Obs = dict[str, npt.NDArray[Any]]


def _variant_of(variant: object) -> Variant:
    if isinstance(variant, Variant):
        return variant
    if isinstance(variant, str | Path):
        return load_variant(variant)
    raise ConfigError(f"a variant is a Variant, a built-in id or a file path, not {variant!r}")


class SuecaEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """Sueca under any variant as a PettingZoo AEC environment (four agents, turn by turn).

    `variant` is a [`Variant`][sueca_rules.Variant], a built-in id or a variant file (read once,
    here). Rewards go to both players of a team alike (the game is zero-sum between teams): each
    deal's per `deal_reward` (see `DealReward`), and `match_reward` to the winners of the match
    (minus it to the losers) when it ends. The episode is the match; with `max_deals` it is
    truncated once that many deals have ended (`max_deals=1`: one deal per episode).

    `reset(seed=s)` plays the very match of `Match(variant, seed=s)` (the same cards); a `reset()`
    without a seed draws the match's seed from the environment's generator, which the last seed
    given (or the system's entropy) started. Observations are dictionaries with `"observation"` (see
    [`sueca_rules.envs`][sueca_rules.envs] for the layout) and `"action_mask"` (1 for each action
    the engine accepts from that agent now; all zeros when it is not asked). An action outside the
    mask raises [`IllegalPlayError`][sueca_rules.IllegalPlayError] and changes nothing.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "sueca_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        variant: Variant | str | Path = "portugal",
        *,
        deal_reward: DealReward = "games",
        match_reward: float = 1.0,
        max_deals: int | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if deal_reward not in get_args(DealReward):
            raise ConfigError(f"deal_reward is 'games', 'points' or 'none', not {deal_reward!r}")
        if (
            isinstance(match_reward, bool)
            or not isinstance(match_reward, int | float)
            or not math.isfinite(match_reward)
        ):
            raise ConfigError(f"match_reward is a finite number, not {match_reward!r}")
        if max_deals is not None and (
            isinstance(max_deals, bool) or not isinstance(max_deals, int) or max_deals < 1
        ):
            raise ConfigError(f"max_deals is a whole number from 1, or None; not {max_deals!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ConfigError(f"render_mode is 'human', 'ansi' or None, not {render_mode!r}")
        self.variant: Variant = _variant_of(variant)
        """The variant every match is played under."""
        self.deal_reward: DealReward = deal_reward
        self.match_reward = float(match_reward)
        self.max_deals = max_deals
        self.render_mode = render_mode
        self.possible_agents: list[str] = list(AGENTS)
        self.agents: list[str] = []
        observation = spaces.Box(0.0, 1.0, (OBSERVATION_SIZE,), np.float32)
        mask = spaces.Box(0, 1, (NUM_ACTIONS,), np.int8)
        self._observation_space = spaces.Dict({"observation": observation, "action_mask": mask})
        self._action_space = spaces.Discrete(NUM_ACTIONS)
        self._rng: np.random.Generator | None = None
        self.stepper = Stepper(Match(self.variant, seed=0))
        """The match being played, one decision at a time (its `Stepper.match`)."""

    @property
    def table(self) -> Stepper:
        """`stepper`'s old name (deprecated)."""
        warnings.warn("SuecaEnv.table is now SuecaEnv.stepper", DeprecationWarning, stacklevel=2)
        return self.stepper

    # --- spaces -------------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same `gymnasium.spaces.Dict` for every agent."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """`Discrete(47)` for every agent: 0-39 the cards, then pass, claim, claim-next,
        claim-previous, redeal, trump-top, trump-bottom."""
        return self._action_space

    # --- the episode --------------------------------------------------------------------

    def reset(
        self, seed: int | SupportsIndex | None = None, options: dict[str, Any] | None = None
    ) -> None:
        """Start a new match (see the class text for `seed`; `options` are not used)."""
        seed = cast("int | None", plain_int(seed))  # a NumPy integer seeds as its int
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
                raise ConfigError(f"seed is a whole number from 0, or None; not {seed!r:.60}")
            self._rng, _ = seeding.np_random(seed)
            match_seed = int(seed)
        else:
            if self._rng is None:
                self._rng, _ = seeding.np_random()
            match_seed = int(self._rng.integers(2**63))
        self.stepper = Stepper(Match(self.variant, seed=match_seed))
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def observe(self, agent: str) -> Obs:
        """`agent`'s observation and action mask now."""
        if agent not in AGENTS:
            names = ", ".join(AGENTS)
            raise ConfigError(f"an agent is one of {names}, not {repr(agent)[:60]}")
        seat = AGENTS.index(agent)
        mask = np.zeros(NUM_ACTIONS, np.int8)
        table = self.stepper
        if table.actor == seat:
            mask[table.legal_actions()] = 1
        return {"observation": encode_observation(table, seat), "action_mask": mask}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """What the agent to act (`agent_selection`) observes (an `observe()` dictionary, or
        `None` with `observe=False`), its reward since it last acted, and whether it is done
        (PettingZoo's `last()`); `reset()` comes first."""
        self._require_reset("last()")
        seen: tuple[Any, float, bool, bool, dict[str, Any]] = super().last(observe)
        return seen

    def _require_reset(self, call: str) -> None:
        if not hasattr(self, "agent_selection"):
            raise ConfigError(f"call reset() before {call}: no match has begun")

    def step(self, action: Any) -> None:
        """The decision `action` of `agent_selection` (`None` once it is done)."""
        self._require_reset("step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        events = self.stepper.apply(action)
        self._cumulative_rewards[agent] = 0.0
        team_rewards = self._team_rewards(events)
        team_of = self.stepper.match.rules.team_of
        self.rewards = {a: team_rewards[team_of(AGENTS.index(a))] for a in self.agents}
        self._accumulate_rewards()
        match = self.stepper.match
        if match.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_deals is not None and len(match.deals) >= self.max_deals:
            self.truncations = dict.fromkeys(self.agents, True)
        self._select()
        if self.render_mode == "human":
            self.render()

    def _select(self) -> None:
        actor = self.stepper.actor
        self.agent_selection = AGENTS[actor] if actor is not None else self.agents[0]

    def _team_rewards(self, events: list[Event]) -> tuple[float, float]:
        rewards = [0.0, 0.0]
        for event in events:
            if isinstance(event, DealScored):
                margin = self._deal_margin(event)
                rewards[0] += margin
                rewards[1] -= margin
            elif isinstance(event, MatchWon):
                rewards[event.team] += self.match_reward
                rewards[1 - event.team] -= self.match_reward
        return rewards[0], rewards[1]

    def _deal_margin(self, event: DealScored) -> float:
        """What the deal gave team 0 more than team 1, per `deal_reward`."""
        if self.deal_reward == "games":
            return float(event.games[0] - event.games[1])
        if self.deal_reward == "points":
            if event.result == "revoke":
                return float(np.sign(event.games[0] - event.games[1]))
            return (event.points[0] - event.points[1]) / 120
        return 0.0

    # --- looking at it ------------------------------------------------------------------

    def render(self) -> str | None:
        """The whole table as text, every hand included (for people watching, not for agents):
        returned with `render_mode="ansi"`; printed with `"human"` (and `None` returned, as
        Gymnasium and PettingZoo ask of that mode), which
        [`step()`][sueca_rules.envs.SuecaEnv.step] also does after each step. `None` without a
        render mode."""
        if self.render_mode is None:
            return None
        text = self._table_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _table_text(self) -> str:
        match = self.stepper.match
        lines = [repr(match)]
        if match.trump_card is not None:
            lines.append(f"trump {match.trump_card}, dealer seat {match.dealer}")
            for seat in range(4):
                hand = " ".join(str(c) for c in match.hand(seat))
                lines.append(f"  seat {seat}: {hand}")
            trick = " ".join(f"{s}:{c}" for s, c in match.trick)
            lines.append(f"trick {trick or '-'}; points {match.points[0]}-{match.points[1]}")
        actor, decision = self.stepper.actor, self.stepper.decision
        if actor is not None:
            lines.append(f"seat {actor} is asked: {decision}")
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release."""


def env(**kwargs: Any) -> Any:
    """A [`SuecaEnv`][sueca_rules.envs.SuecaEnv] made with `kwargs`, wrapped as PettingZoo's own
    environments are (its order-enforcing wrapper: `reset()` before anything else)."""
    return wrappers.OrderEnforcingWrapper(SuecaEnv(**kwargs))
