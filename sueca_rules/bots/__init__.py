"""Computer players. A bot decides from an [`Observation`][sueca_rules.Observation] only — what its
seat may know — never from the hidden hands.

Five levels (see [`make_bot()`][sueca_rules.bots.make_bot]): 1
[`RandomBot`][sueca_rules.bots.RandomBot] (a random legal card), 2
[`RuleBot`][sueca_rules.bots.RuleBot] (rules of thumb), 3 [`MemoryBot`][sueca_rules.bots.MemoryBot]
(rules of thumb and a card-counter's memory), 4 [`SamplingBot`][sueca_rules.bots.SamplingBot] (plays
out many possible deals before each card), 5 [`SearchBot`][sueca_rules.bots.SearchBot] (the same,
deeper: more deals, the end of the deal solved exactly).

Examples:
    >>> from sueca_rules import Match
    >>> from sueca_rules.bots import make_bot, play_match
    >>> match = Match("portugal", seed=3)
    >>> bots = [make_bot(1, seed=f"bot{seat}") for seat in range(4)]
    >>> play_match(match, bots)  # or, a decision at a time: advance(match, bots)
    >>> match.is_over
    True
"""

from ._base import Bot, RandomBot
from ._driver import advance, answer, play_match, redeal_wanted, trump_side
from ._guess import guess_hands
from ._levels import LEVELS, make_bot, takes_budget
from ._rule_bots import MemoryBot, RuleBot
from ._sampling import MAX_TIME_MS, SamplingBot, SearchBot

__all__ = [
    "LEVELS",
    "MAX_TIME_MS",
    "Bot",
    "MemoryBot",
    "RandomBot",
    "RuleBot",
    "SamplingBot",
    "SearchBot",
    "advance",
    "answer",
    "guess_hands",
    "make_bot",
    "play_match",
    "redeal_wanted",
    "takes_budget",
    "trump_side",
]
