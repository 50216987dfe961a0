"""The bot interface and level 1 (a random legal card)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from .._cards import Card
    from .._match import Observation

__all__ = ["LEVELS", "Bot", "RandomBot", "make_bot"]


@runtime_checkable
class Bot(Protocol):
    """Anything that chooses a card from an observation."""

    level: int

    def choose(self, observation: Observation) -> Card:
        """The card to play; it must be one of ``observation.legal``."""
        ...


class RandomBot:
    """Level 1: a random legal card."""

    level = 1

    def __init__(self, seed: int | str | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: Observation) -> Card:
        if not observation.legal:
            raise ValueError(f"seat {observation.seat} has no card to play now")
        return self._rng.choice(observation.legal)


LEVELS = (1,)
"""The bot levels :func:`make_bot` knows."""


def make_bot(level: int, *, seed: int | str | None = None) -> Bot:
    """A bot of ``level`` (1: random legal card). ``seed`` makes its choices repeatable."""
    if level == 1:
        return RandomBot(seed)
    raise ValueError(f"no bot of level {level!r}: levels are {', '.join(map(str, LEVELS))}")
