"""Sueca as a single-agent Gymnasium environment: one learner (a seat, or both seats of a team)
against bots at the other seats, any variant.

See `SuecaGymEnv`. It steps a [`SuecaEnv`][sueca_rules.envs.SuecaEnv] inside: the same
observations, actions, masks and rewards, the bots' decisions made between the learner's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, SupportsIndex, cast, get_args

import gymnasium
import numpy as np
import numpy.typing as npt

from sueca_rules import ConfigError, Variant
from sueca_rules.bots import Bot, make_bot

from .._rules import check_seat, plain_int
from .._text import cut
from ._pettingzoo import AGENTS, DealReward, Obs, SuecaEnv
from ._stepper import action_number, bot_action

__all__ = ["GYM_ID", "IllegalAction", "SuecaGymEnv"]

_TRIES = 100
"""Matches that `reset()` starts, at most, until the learner is asked something."""

GYM_ID = "sueca_rules/Sueca-v0"
"""The id under which importing `sueca_rules.envs` registers `SuecaGymEnv` with Gymnasium:
`gymnasium.make("sueca_rules/Sueca-v0", variant="portugal-table", bots=2)`."""

IllegalAction = Literal["raise", "random"]
"""What `SuecaGymEnv` does with an action outside the mask: `"raise"` an
[`IllegalPlayError`][sueca_rules.IllegalPlayError] and change nothing, or take a `"random"` legal
action instead (drawn from the environment's `np_random`, so a seed repeats it) and say so in the
step's `info["illegal_action"]`."""


def _learner_seats(seats: object) -> tuple[int, ...]:
    """`seats` as a tuple of one seat, or of the two seats of one team."""
    seats = plain_int(seats)  # a NumPy integer is the seat it holds (in a pair of seats too)
    given = (seats,) if isinstance(seats, int) else seats
    if not isinstance(given, tuple | list) or not 1 <= len(given) <= 2:
        raise ConfigError(
            f"seats is a seat 0..3 or the two seats of a team, (0, 2) or (1, 3); not "
            f"{cut(repr(seats))}"
        )
    chosen = tuple(check_seat(plain_int(s), "each of seats") for s in given)
    if len(chosen) == 2 and (chosen[0] == chosen[1] or chosen[0] % 2 != chosen[1] % 2):
        raise ConfigError(f"seats are the two seats of one team, (0, 2) or (1, 3); not {chosen!r}")
    return chosen


class SuecaGymEnv(gymnasium.Env[Obs, np.int64]):
    """Sueca as a Gymnasium environment: the learner plays `seats` (one seat, or both seats of a
    team), bots play the others, under any variant.

    `bots` are the other seats' players: a level 1-5 (bots made with
    [`make_bot()`][sueca_rules.bots.make_bot] at every `reset()`, seeded from the match's seed,
    so that a seed repeats whole episodes), or a mapping from each other seat to a
    [`Bot`][sueca_rules.bots.Bot] of yours, used as it is. Observations, actions and rewards are
    [`SuecaEnv`][sueca_rules.envs.SuecaEnv]'s for the seat asked (its `"observation"` says which):
    a step is one decision of the learner, then the bots' decisions until the learner is asked
    again or the episode ends, and its reward is everything the learner's team got meanwhile.
    `deal_reward`, `match_reward`, `max_deals` and `render_mode` are `SuecaEnv`'s.

    An action outside the mask is an [`IllegalPlayError`][sueca_rules.IllegalPlayError] that
    changes nothing, or, with `illegal_action="random"`, is replaced by a random legal action
    (see `IllegalAction`). [`action_masks()`][sueca_rules.envs.SuecaGymEnv.action_masks] gives
    the mask as booleans, as maskable learners (sb3-contrib's `MaskablePPO`) ask for it.
    `info["seat"]` is the seat asked.
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        variant: Variant | str | Path = "portugal",
        *,
        seats: int | Sequence[int] = (0, 2),
        bots: int | Mapping[int, Bot] = 3,
        deal_reward: DealReward = "games",
        match_reward: float = 1.0,
        max_deals: int | None = None,
        illegal_action: IllegalAction = "raise",
        render_mode: str | None = None,
    ) -> None:
        self.seats = _learner_seats(seats)
        """The learner's seats."""
        others = [s for s in range(4) if s not in self.seats]
        self._bots: dict[int, Bot] = {}
        if isinstance(bots, Mapping):
            if set(bots) != set(others):
                raise ConfigError(
                    f"bots is a level 1..5 or a bot for each seat the learner does not play, "
                    f"{others}; not a mapping of seats {sorted(bots, key=repr)}"
                )
            for seat, bot in bots.items():
                if not callable(getattr(bot, "choose", None)):
                    raise ConfigError(
                        f"bots[{seat}] is a bot (an object with choose(observation), as "
                        f"make_bot() makes), not {cut(repr(bot))}"
                    )
            self._level: int | None = None
            self._bots = dict(bots)
        elif isinstance(bots, bool) or not isinstance(bots, int) or not 1 <= bots <= 5:
            raise ConfigError(
                f"bots is a level 1..5 or a bot for each seat the learner does not play, "
                f"{others}; not {cut(repr(bots))}"
            )
        else:
            self._level = bots
        if illegal_action not in get_args(IllegalAction):
            raise ConfigError(
                f"illegal_action is 'raise' or 'random', not {cut(repr(illegal_action))}"
            )
        self.illegal_action: IllegalAction = illegal_action
        self.render_mode = render_mode
        self.aec = SuecaEnv(
            variant,
            deal_reward=deal_reward,
            match_reward=match_reward,
            max_deals=max_deals,
            render_mode=render_mode,
        )
        """The four-agent environment stepped inside (its `stepper` is the match)."""
        self.observation_space = self.aec.observation_space(AGENTS[0])
        self.action_space = self.aec.action_space(AGENTS[0])
        self._seat = self.seats[0]
        self._carried = 0.0  # the team's reward earned before the learner's first decision

    # --- the episode --------------------------------------------------------------------

    def reset(
        self, *, seed: int | SupportsIndex | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """A new match (`seed` as [`SuecaEnv.reset()`][sueca_rules.envs.SuecaEnv.reset]; `options`
        are not used), played by the bots up to the learner's first decision. When the bots end
        the episode before that (a claim ends the only deal), the next match is started, from the
        environment's generator; the reward the learner's team got before its first decision
        comes with its first step."""
        self.aec.reset(seed=seed)  # checks the seed
        super().reset(seed=cast("int | None", plain_int(seed)))  # np_random, for "random"
        for _ in range(_TRIES):
            if self._level is not None:
                match_seed = self.aec.stepper.match.seed
                self._bots = {
                    s: make_bot(self._level, seed=f"{match_seed}:{s}")
                    for s in range(4)
                    if s not in self.seats
                }
            self._carried = self._play_bots()
            if not self._done():
                return self._observe(), {"seat": self._seat}
            self.aec.reset()  # the bots ended it before the learner was asked: the next match
        raise ConfigError(
            f"the bots ended {_TRIES} matches in a row before the learner was asked anything: "
            "give bots that let a deal be played"
        )

    def step(self, action: Any) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        """The learner's decision `action`, then the bots' until the learner is asked again or the
        episode ends: the observation, the reward of the learner's team meanwhile, whether the
        match is over (terminated) or `max_deals` deals have ended (truncated), and `info`."""
        if not self.aec.agents:
            raise ConfigError("call reset() before step(): no match has begun")
        if self._done():
            raise ConfigError("the episode is over: call reset() before step()")
        info: dict[str, Any] = {}
        legal = self.aec.stepper.legal_actions()
        if self.illegal_action == "random" and not self._legal(action, legal):
            info["illegal_action"] = True
            action = int(self.np_random.choice(legal))
        reward = self._carried + self._apply(action)
        self._carried = 0.0
        reward += self._play_bots()
        info["seat"] = self._seat
        terminated = self.aec.terminations[AGENTS[self._seat]]
        truncated = self.aec.truncations[AGENTS[self._seat]]
        return self._observe(), reward, terminated, truncated, info

    @staticmethod
    def _legal(action: object, legal: list[int]) -> bool:
        try:
            return action_number(action) in legal
        except ValueError:
            return False

    def _apply(self, action: object) -> float:
        """One decision through the inner environment, and the learner's team's reward for it."""
        self.aec.step(action)
        return float(self.aec.rewards[AGENTS[self.seats[0]]])

    def _play_bots(self) -> float:
        """The bots' decisions until a learner's seat is asked or the episode ends."""
        reward = 0.0
        while not self._done():
            actor = self.aec.stepper.actor
            assert actor is not None
            if actor in self.seats:
                self._seat = actor
                break
            reward += self._apply(bot_action(self._bots[actor], self.aec.stepper))
        return reward

    def _done(self) -> bool:
        agent = AGENTS[self.seats[0]]
        return self.aec.terminations[agent] or self.aec.truncations[agent]

    def _observe(self) -> Obs:
        return self.aec.observe(AGENTS[self._seat])

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The actions the learner may take now, as booleans (all `False` once the episode is
        over)."""
        if not self.aec.agents or self._done():
            return np.zeros(self.action_space.n, np.bool_)  # type: ignore[attr-defined]
        mask: npt.NDArray[np.bool_] = self._observe()["action_mask"].astype(np.bool_)
        return mask

    # --- looking at it ------------------------------------------------------------------

    def render(self) -> str | None:
        """[`SuecaEnv.render()`][sueca_rules.envs.SuecaEnv.render]: the whole table as text."""
        if not self.aec.agents:
            return None
        return self.aec.render()


if GYM_ID not in gymnasium.registry:
    gymnasium.register(
        id=GYM_ID, entry_point="sueca_rules.envs:SuecaGymEnv", disable_env_checker=True
    )
