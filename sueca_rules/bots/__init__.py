"""Computer players. A bot decides from an :class:`~sueca_rules.Observation` only — what its
seat may know — never from the hidden hands.

>>> from sueca_rules import Match
>>> from sueca_rules.bots import make_bot
>>> match = Match("portugal", seed=3)
>>> bots = [make_bot(1, seed=f"bot{seat}") for seat in range(4)]
>>> while not match.is_over:
...     seat = match.turn
...     _ = match.play(bots[seat].choose(match.observation(seat)))
"""

from ._base import LEVELS, Bot, RandomBot, make_bot

__all__ = ["LEVELS", "Bot", "RandomBot", "make_bot"]
