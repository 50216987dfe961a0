"""The computer players at a `sueca play` table: their levels, seeds and, under a variant where a
renúncia is claimed, their mistakes and their claims.

A bot of `sueca_rules.bots` is used as it is when it does all a real table needs. Until the bots
package gives these itself (`make_bot(..., revoke_rate=...)` and a `claim` method), `TableBot` adds
them:

- a **revoke rate**: the chance that the bot, holding the suit led and another suit, plays the
  other suit (a renúncia by mistake), so that a person's claim can be right;
- **claims it can prove**: a rival who did not follow a suit and later played that suit has
  revoked (the cards played show it), and at the count every renúncia shows so.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .._rules import team_of
from ..bots import Bot, make_bot

if TYPE_CHECKING:
    from .._cards import Card
    from .._engine import Observation
    from .._events import TrumpSide

__all__ = ["TableBot", "make_table_bots", "proven_revoker"]


def proven_revoker(observation: Observation) -> int | None:
    """The first rival of `observation.seat` whose renúncia the cards played in this deal prove (it
    did not follow a suit, then played a card of that suit), or `None`."""
    rules = observation.rules
    tricks: list[tuple[int, Iterable[Card]]] = [(t.leader, t.cards) for t in observation.tricks]
    if observation.trick:
        tricks.append((observation.trick_leader, observation.trick))
    plays: list[tuple[int, Card, int]] = []  # (seat, card, suit led), in play order
    for leader, cards in tricks:
        led = -1
        for seat, card in zip(rules.play_order(leader), cards, strict=False):
            led = card.suit if led < 0 else led
            plays.append((seat, card, led))
    me = team_of(observation.seat)
    for i, (seat, card, led) in enumerate(plays):
        if team_of(seat) == me or card.suit == led:
            continue
        if any(s == seat and c.suit == led for s, c, _ in plays[i + 1 :]):
            return seat
    return None


class TableBot:
    """A bot with a revoke rate and provable claims added (see the module's docstring); it
    passes every other decision to the bot it wraps."""

    def __init__(
        self, bot: Bot, revoke_rate: float, seed: int | str, *, claims: bool = True
    ) -> None:
        self.bot = bot
        self.revoke_rate = revoke_rate
        self.claims = claims
        self.level = bot.level
        self._rng = random.Random(f"{seed}:revokes")

    def choose(self, observation: Observation) -> Card:
        """The wrapped bot's card, or now and then (`revoke_rate`) a renúncia."""
        if self.revoke_rate > 0 and observation.trick and observation.rules.revoke_claimable:
            led = observation.trick[0].suit
            off = [c for c in observation.playable if c.suit != led]
            can = off and len(off) < len(observation.playable)
            if can and self._rng.random() < self.revoke_rate:
                return self._rng.choice(off)
        return self.bot.choose(observation)

    def claim(self, observation: Observation) -> int | None:
        """The wrapped bot's claim if it makes claims, else a renúncia the cards prove (none when it
        leaves the claims to its partner: `claims=False`)."""
        if not self.claims:
            return None
        claim = getattr(self.bot, "claim", None)
        if claim is not None:
            accused: int | None = claim(observation)
            return accused
        return proven_revoker(observation)

    def choose_trump(self, observation: Observation) -> TrumpSide:
        choose = getattr(self.bot, "choose_trump", None)
        side: TrumpSide = choose(observation) if choose is not None else "bottom"
        return side

    def wants_redeal(self, observation: Observation) -> bool:
        wants = getattr(self.bot, "wants_redeal", None)
        return bool(wants(observation)) if wants is not None else False


def _make(level: int, seed: str, options: dict[str, Any], revoke_rate: float) -> tuple[Bot, bool]:
    """A bot from `make_bot()`, and whether it took `revoke_rate` (this version of the bots may have
    no such option: `TableBot` then adds it)."""
    if revoke_rate > 0:
        try:
            return make_bot(level, seed=seed, revoke_rate=revoke_rate, **options), True
        except (TypeError, ValueError):
            pass
    return make_bot(level, seed=seed, **options), False


def make_table_bots(
    seed: int | str,
    levels: dict[int, int],
    *,
    samples: int | None = None,
    revoke_rates: dict[int, float] | None = None,
    claimable: bool = False,
    silent: frozenset[int] = frozenset(),
) -> dict[int, Bot]:
    """The bots of the seats in `levels` (seat: level), each seeded from `seed` and its seat;
    `samples` for level 4. Under a claimable variant, `revoke_rates` (seat: rate) and the seats that
    leave the claims to their partner (`silent`: a person's partner)."""
    bots: dict[int, Bot] = {}
    for seat, level in levels.items():
        options: dict[str, Any] = {"samples": samples} if level == 4 and samples else {}
        rate = (revoke_rates or {}).get(seat, 0.0) if claimable else 0.0
        bot_seed = f"{seed}:seat{seat}"
        bot, took_rate = _make(level, bot_seed, options, rate)
        added = 0.0 if took_rate else rate
        quiet = seat in silent
        if claimable and (added > 0 or quiet or getattr(bot, "claim", None) is None):
            bot = TableBot(bot, added, bot_seed, claims=not quiet)
        bots[seat] = bot
    return bots
