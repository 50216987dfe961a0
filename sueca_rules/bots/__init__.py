"""Computer players. A bot decides from an :class:`~sueca_rules.Observation` only — what its
seat may know — never from the hidden hands.

Four levels (see :func:`make_bot`): 1 :class:`RandomBot` (a random legal card), 2
:class:`RuleBot` (rules of thumb), 3 :class:`MemoryBot` (rules of thumb and a card-counter's
memory), 4 :class:`SamplingBot` (plays out many possible deals before each card).

>>> from sueca_rules import Match
>>> from sueca_rules.bots import make_bot, play_match
>>> match = Match("portugal", seed=3)
>>> bots = [make_bot(1, seed=f"bot{seat}") for seat in range(4)]
>>> play_match(match, bots)  # or, a decision at a time: advance(match, bots)
>>> match.is_over
True
"""

from ._base import LEVELS, Bot, RandomBot, make_bot
from ._driver import advance, play_match
from ._heuristic import MemoryBot, RuleBot
from ._sampling import SamplingBot

__all__ = [
    "LEVELS",
    "Bot",
    "MemoryBot",
    "RandomBot",
    "RuleBot",
    "SamplingBot",
    "advance",
    "make_bot",
    "play_match",
]
