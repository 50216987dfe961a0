"""Sueca for learning agents: a PettingZoo environment and (in :mod:`sueca_rules.envs.openspiel`)
an OpenSpiel game, under any variant. Needs the ``rl`` extra: ``pip install 'sueca-rules[rl]'``.

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

Actions are numbered 0-46 (:data:`NUM_ACTIONS`): 0-39 play that card (``int(card)``, the
library's card numbers), then :data:`PASS`, :data:`CLAIM`, :data:`CLAIM_NEXT`,
:data:`CLAIM_PREVIOUS`, :data:`REDEAL`, :data:`TRUMP_TOP` and :data:`TRUMP_BOTTOM`.
Observations are built only from :meth:`Match.observation(seat)
<sueca_rules.Match.observation>`, laid out as :data:`LAYOUT` says.
"""

from ._encoding import (
    INFORMATION_STATE_SIZE,
    LAYOUT,
    OBSERVATION_SIZE,
    Section,
    describe,
    encode_information_state,
    encode_observation,
)
from ._pettingzoo import AGENTS, DealReward, SuecaEnv, env
from ._table import (
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
    Table,
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
    "Section",
    "SuecaEnv",
    "Table",
    "action_name",
    "action_number",
    "bot_action",
    "describe",
    "encode_information_state",
    "encode_observation",
    "env",
]
