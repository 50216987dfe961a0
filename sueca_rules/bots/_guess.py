"""A guess at the hidden hands, for searches written outside the library."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .._cards import Card, cards_from_mask
from .._errors import ConfigError
from .._text import cut
from ._hidden_hands import Sampler

if TYPE_CHECKING:
    from .._match import Observation

__all__ = ["guess_hands"]


def guess_hands(observation: Observation, rng: random.Random) -> list[list[Card]]:
    """The hands the four seats may hold now, as `observation.seat` may believe them: its own, and
    the cards it has not seen dealt at random to the other three, every deal consistent with what
    it knows equally likely (the hand sizes, the turned card still with the dealer, the suits each
    seat has shown it lacks). Give them to
    [`Match.from_observation()`][sueca_rules.Match.from_observation] to search on a position
    without cheating; the level-4 and 5 bots draw their deals the same way.

    Under `revoke.mode: claimable` a suit not followed may have been a renúncia; the guess still
    treats it as a void (unless the cards played since prove the renúncia), so it never invents
    one. `rng` is a `random.Random`: the same generator state gives the same guess.

    Examples:
        >>> import random
        >>> from sueca_rules import Match
        >>> from sueca_rules.bots import guess_hands
        >>> match = Match("portugal", seed=1)
        >>> observation = match.observation(match.turn)
        >>> hands = guess_hands(observation, random.Random(0))
        >>> [len(hand) for hand in hands], hands[observation.seat] == list(observation.hand)
        ([10, 10, 10, 10], True)
        >>> guess = Match.from_observation(observation, hands)
        >>> guess.observation(observation.seat) == observation
        True
    """
    from .._engine import observation_problem
    from .._match import Observation

    if not isinstance(observation, Observation):
        raise ConfigError(f"guess_hands() takes an Observation, not {cut(repr(observation))}")
    if not isinstance(rng, random.Random):
        raise ConfigError(f"rng is a random.Random, not {cut(repr(rng))}")
    if observation.phase not in ("redeal", "play", "count"):
        raise ConfigError(
            f"no deal is on the table in this observation (phase {observation.phase!r}): "
            "there are no hands to guess"
        )
    problem = observation_problem(observation, variant=False)
    if problem is not None:
        raise ConfigError(f"{problem}: an Observation as Match.observation() makes it")
    return [cards_from_mask(mask) for mask in Sampler(observation).sample(rng)]
