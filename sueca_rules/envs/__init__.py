"""Sueca for learning agents: a PettingZoo environment, a single-agent Gymnasium one
([`SuecaGymEnv`][sueca_rules.envs.SuecaGymEnv]: one learner against bots) and (in
[`sueca_rules.envs.openspiel`][sueca_rules.envs.openspiel]) an OpenSpiel game, under any variant.
Needs the `rl` extra: `pip install 'sueca-rules[rl]'`.

Actions are numbered 0-46 (`NUM_ACTIONS`): 0-39 play that card (`int(card)`, the library's card
numbers), then `PASS`, `CLAIM`, `CLAIM_NEXT`, `CLAIM_PREVIOUS`, `REDEAL`, `TRUMP_TOP` and
`TRUMP_BOTTOM`. Observations are built only from
[`Match.observation(seat)`][sueca_rules.Match.observation], laid out as
[`LAYOUT`][sueca_rules.envs.LAYOUT] says.

Examples:
    >>> from sueca_rules.envs import SuecaEnv
    >>> env = SuecaEnv("portugal", max_deals=1)
    >>> env.reset(seed=7)
    >>> for agent in env.agent_iter():
    ...     observation, reward, terminated, truncated, info = env.last()
    ...     if terminated or truncated:
    ...         action = None
    ...     else:
    ...         action = env.action_space(agent).sample(observation["action_mask"])
    ...     env.step(action)
"""

from .._public import renamed
from ._encoding import (
    INFORMATION_STATE_SIZE,
    LAYOUT,
    OBSERVATION_SIZE,
    Section,
    encode_information_state,
    encode_observation,
    observation_text,
)
from ._gym import GYM_ID, IllegalAction, SuecaGymEnv
from ._pettingzoo import AGENTS, DealReward, SuecaEnv, env
from ._stepper import (
    ACTION_NAMES,
    CLAIM,
    CLAIM_NEXT,
    CLAIM_PREVIOUS,
    NUM_ACTIONS,
    PASS,
    REDEAL,
    TRUMP_BOTTOM,
    TRUMP_TOP,
    Decision,
    Stepper,
    action_name,
    action_number,
    bot_action,
)

__all__ = [
    "ACTION_NAMES",
    "AGENTS",
    "CLAIM",
    "CLAIM_NEXT",
    "CLAIM_PREVIOUS",
    "GYM_ID",
    "INFORMATION_STATE_SIZE",
    "LAYOUT",
    "NUM_ACTIONS",
    "OBSERVATION_SIZE",
    "PASS",
    "REDEAL",
    "TRUMP_BOTTOM",
    "TRUMP_TOP",
    "DealReward",
    "Decision",
    "IllegalAction",
    "Section",
    "Stepper",
    "SuecaEnv",
    "SuecaGymEnv",
    "action_name",
    "action_number",
    "bot_action",
    "encode_information_state",
    "encode_observation",
    "env",
    "observation_text",
]


# `Table` was `Stepper`'s old name (a `Table` is a table people sit at, in the web app).
__getattr__ = renamed(__name__, {"Table": ("Stepper", lambda: Stepper)})
