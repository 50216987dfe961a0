"""The bot interface, level 1 (a random legal card) and `make_bot()`."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .._errors import ConfigError
from ._table import claim_worth_it, long_in_trumps, proven_revokers, slip

if TYPE_CHECKING:
    from .._cards import Card
    from .._events import TrumpSide
    from .._match import Observation

__all__ = [
    "LEVELS",
    "BaseBot",
    "Bot",
    "RandomBot",
    "bot_error",
    "cards_to_choose_from",
    "make_bot",
]


@runtime_checkable
class Bot(Protocol):
    """Anything that chooses a card from an observation."""

    level: int
    """The bot's strength level (1 to 4 for the built-in bots; what it means is up to the
    bot)."""

    def choose(self, observation: Observation) -> Card:
        """The card to play; it must be one of `observation.legal`."""
        ...


class BaseBot:
    """What the built-in bots share: the table's other decisions (see `._table`) and slips. A level
    chooses its cards in `_card()`.

    `revoke_rate` (0 by default, or `make_bot(..., revoke_rate=r)`) makes the bot fail to follow
    suit by mistake at that rate under `revoke.mode: claimable`.
    """

    level: int

    def __init__(self, seed: int | str | None = None) -> None:
        self.seed = seed
        """The seed the bot was given (a random one for level 4 and 5 when none was)."""
        self.revoke_rate = 0.0
        """How often (0 to 1) the bot fails to follow suit by mistake when it could, under
        `revoke.mode: claimable`."""
        self._slips: random.Random | None = None

    def choose(self, observation: Observation) -> Card:
        """The card to play: one of `observation.legal` — or, at `revoke_rate`, a renúncia (another
        card of `observation.playable`)."""
        cards_to_choose_from(observation)
        if self.revoke_rate:
            if self._slips is None:
                self._slips = random.Random(f"{self.seed}:slips")
            card = slip(observation, self.revoke_rate, self._slips)
            if card is not None:
                return card
        return self._card(observation)

    def _card(self, observation: Observation) -> Card:
        """The level's choice of a legal card (it is the seat's turn to play)."""
        raise NotImplementedError

    def choose_trump(self, observation: Observation) -> TrumpSide:
        """The dealer's choice of the card turned (`deal.trump_card: dealer_choice`): `"bottom"`,
        the usual Portuguese deal (the dealer chooses before any card is seen, so the choice changes
        nobody's chances)."""
        return "bottom"

    def wants_redeal(self, observation: Observation) -> bool:
        """Whether to ask for a new deal (`deal.redeal`; asked only of a weak hand, one that may):
        yes, unless the hand is long in trumps (four, or three with the ace or the seven)."""
        return observation.may_redeal and not long_in_trumps(observation)

    def claim(self, observation: Observation) -> int | None:
        """A renúncia to claim now: the rival accused, or `None`. Only one it can prove (a rival
        that did not follow a suit and later played it), and only when the claim is worth more than
        what the deal gives its team (see `_table`)."""
        if not observation.can_claim:
            return None
        rivals = proven_revokers(observation)
        if not rivals or not claim_worth_it(observation):
            return None
        return rivals[0]


class RandomBot(BaseBot):
    """Level 1: a random legal card."""

    level = 1
    """Always 1."""

    def __init__(self, seed: int | str | None = None) -> None:
        super().__init__(seed)
        self._rng = random.Random(seed)

    def _card(self, observation: Observation) -> Card:
        """A legal card chosen uniformly at random."""
        return self._rng.choice(observation.legal)


LEVELS = (1, 2, 3, 4, 5)
"""The bot levels [`make_bot()`][sueca_rules.bots.make_bot] knows."""


def make_bot(level: int, *, seed: int | str | None = None, **options: Any) -> Bot:
    """A bot of `level`; `seed` makes its choices repeatable.

    1. [`RandomBot`][sueca_rules.bots.RandomBot]: a random legal card.
    2. [`RuleBot`][sueca_rules.bots.RuleBot]: rules of thumb, no memory.
    3. [`MemoryBot`][sueca_rules.bots.MemoryBot]: rules of thumb with a card-counter's memory.
    4. [`SamplingBot`][sueca_rules.bots.SamplingBot]: plays out many possible deals before each
       card. Options: `samples` (deals sampled per card, default 60), `time_limit` (seconds per card
       instead: play then depends on the machine's speed), `solve_tricks` (tricks left from which
       the end is solved exactly, default 2), `points_weight` (the value in games of 60 card points
       above an even split, on top of the games; default 1.5), `inference` (how strongly sampled
       deals that do not explain the rivals' cards are discounted, 0 < inference <= 1, 1 = not at
       all; default 0.05), `prune` (how many standard errors behind the best a card may fall before
       it is no longer played out; default 3, 0 = never), `endgame_tricks` (the last tricks of each
       play-out solved exactly; default 0).
    5. [`SearchBot`][sueca_rules.bots.SearchBot]: level 4 deeper: the same options, with 1,000
       samples, `solve_tricks` 3 and `endgame_tricks` 3 by default.

    Every level takes `revoke_rate` (0 to 1, default 0): how often the bot fails to follow suit by
    mistake where a renúncia can be played (`revoke.mode: claimable`). An unknown level, an option a
    level does not take (levels 1 to 3 take no other) or a bad option value is a
    [`ConfigError`][sueca_rules.ConfigError] (a `ValueError`).
    """
    factory = _bot_class(level)
    options = dict(options)
    revoke_rate = options.pop("revoke_rate", 0.0)
    if isinstance(revoke_rate, bool) or not isinstance(revoke_rate, int | float):
        raise bot_error(f"revoke_rate must be a number from 0 to 1, got {revoke_rate!r}")
    if not 0 <= revoke_rate <= 1:
        raise bot_error(f"revoke_rate must be from 0 to 1, got {revoke_rate}")
    accepted = _options_of(factory)
    unknown = sorted(set(options) - accepted)
    if unknown:
        if not accepted:
            raise bot_error(
                f"level {level} bots take no options but revoke_rate "
                f"(got {', '.join(unknown)}); levels 4 and 5 take more"
            )
        raise bot_error(
            f"level {level} bots have no option {', '.join(map(repr, unknown))}: "
            f"their options are {', '.join(sorted([*accepted, 'revoke_rate']))}"
        )
    bot = factory(seed=seed, **options)
    bot.revoke_rate = float(revoke_rate)
    return bot


def cards_to_choose_from(observation: Observation) -> tuple[Card, ...]:
    """The legal cards of `observation`; an error when it is not the seat's turn to play."""
    if not observation.legal:
        raise bot_error(f"seat {observation.seat} has no card to play now")
    return observation.legal


def bot_error(message: str) -> ConfigError:
    """The error for a bad bot level, option or option value, or a bot asked for a card when
    it has none to play (one place for every bot)."""
    return ConfigError(message)


def _bot_class(level: int) -> Callable[..., BaseBot]:
    """The class of the bots of `level` (imported when first asked for)."""
    if level == 1:
        return RandomBot
    if level == 2:
        from ._rule_bots import RuleBot

        return RuleBot
    if level == 3:
        from ._rule_bots import MemoryBot

        return MemoryBot
    if level == 4:
        from ._sampling import SamplingBot

        return SamplingBot
    if level == 5:
        from ._sampling import SearchBot

        return SearchBot
    raise bot_error(f"no bot of level {level!r}: levels are {', '.join(map(str, LEVELS))}")


def _options_of(factory: Callable[..., BaseBot]) -> frozenset[str]:
    """The options a bot class takes: its keyword-only arguments."""
    import inspect

    return frozenset(
        name
        for name, parameter in inspect.signature(factory).parameters.items()
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY
    )
