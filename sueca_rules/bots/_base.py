"""The bot interface, what the built-in bots share, and level 1 (a random legal card)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Final, Protocol, SupportsIndex, cast, runtime_checkable

from .._errors import ConfigError
from .._rules import plain_int
from .._text import cut, is_unicode
from ._table import claim_worth_it, long_in_trumps, proven_revokers, slip

if TYPE_CHECKING:
    from .._cards import Card
    from .._events import TrumpSide
    from .._match import Observation

__all__ = [
    "BaseBot",
    "Bot",
    "RandomBot",
    "bot_error",
    "cards_to_choose_from",
]


@runtime_checkable
class Bot(Protocol):
    """Anything that chooses a card from an observation."""

    level: int
    """The bot's strength level (1 to 5 for the built-in bots; what it means is up to the
    bot)."""

    def choose(self, observation: Observation) -> Card:
        """The card to play; it must be one of `observation.legal`."""
        ...


TABLE_REVOKE_RATE: Final = 0.03
"""How often a rival bot at a table people play (`sueca play`, the web app) fails to follow suit
when it could, under a claimable variant: about one renúncia in three deals, so that a claim can
be right (tests/test_play.py)."""


class BaseBot:
    """What the built-in bots share: the table's other decisions (see `._table`) and slips. A level
    chooses its cards in `_card()`.

    `revoke_rate` (0 by default, or `make_bot(..., revoke_rate=r)`) makes the bot fail to follow
    suit by mistake at that rate under `revoke.mode: claimable`.
    """

    level: int

    def __init__(self, seed: int | str | SupportsIndex | None = None) -> None:
        seed = cast("int | str | None", plain_int(seed))  # a NumPy integer seeds as its int
        if seed is not None and (
            isinstance(seed, bool)
            or not isinstance(seed, int | str)
            or (isinstance(seed, str) and not is_unicode(seed))
        ):
            raise bot_error(
                f"a bot's seed is a whole number, valid Unicode text or None, not {cut(repr(seed))}"
            )
        self.seed = seed
        """The seed the bot was given (a random one for level 4 and 5 when none was)."""
        self.revoke_rate = 0.0
        """How often (0 to 1) the bot fails to follow suit by mistake when it could, under
        `revoke.mode: claimable`."""
        self._slips: random.Random | None = None

    def __repr__(self) -> str:
        """The bot as `make_bot()` would make it again, e.g. `SamplingBot(seed=3, samples=60)`:
        its class, seed and the options that are not its level's defaults."""
        options = [f"seed={self.seed!r}", *self._options()]
        if self.revoke_rate:
            options.append(f"revoke_rate={self.revoke_rate!r}")
        return f"{type(self).__name__}({', '.join(options)})"

    def _options(self) -> list[str]:
        """The level's own options for `repr()`, as `name=value`."""
        return []

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

    def __init__(self, seed: int | str | SupportsIndex | None = None) -> None:
        super().__init__(seed)
        self._rng = random.Random(self.seed)

    def _card(self, observation: Observation) -> Card:
        """A legal card chosen uniformly at random."""
        return self._rng.choice(observation.legal)


_DUE: Final = {
    "play": "and another seat is to play",
    "trump": "the dealer is to choose the trump card (match.choose_trump)",
    "redeal": "a seat is asked whether it wants a new deal (match.redeal or match.keep_hand)",
    "count": "the tricks are being counted (match.claim, then match.score_deal)",
    "deal": "the next deal is to be dealt (match.deal_random or match.deal_hands)",
    "over": "the match is over",
}
"""What is due in each phase, for the error of a bot asked for a card when it has none."""


def cards_to_choose_from(observation: Observation) -> tuple[Card, ...]:
    """The legal cards of `observation`; an error when it is not the seat's turn to play."""
    if not observation.legal:
        raise bot_error(
            f"seat {observation.seat} has no card to play now: the match's phase is "
            f"{observation.phase!r}, {_DUE[observation.phase]}; read match.phase before asking "
            "for a card, or let sueca_rules.bots.advance(match, bots) make whatever decision "
            "is due"
        )
    return observation.legal


def bot_error(message: str) -> ConfigError:
    """The error for a bad bot level, option or option value, or a bot asked for a card when
    it has none to play (one place for every bot)."""
    return ConfigError(message)
