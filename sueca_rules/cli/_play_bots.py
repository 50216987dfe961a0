"""The computer players at a `sueca play` table: their levels, seeds and, under a variant where a
renúncia is claimed, their mistakes and who claims.

The bots of `sueca_rules.bots` do all a real table needs (`make_bot(..., revoke_rate=...)`: a
renúncia by mistake now and then, so that a person's claim can be right; claims of what the cards
prove). One thing is the table's own: at a person's table the person's partner leaves the claims
to the person (`LeavesClaims`), or it would catch every renúncia first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..bots import Bot, make_bot, redeal_wanted, trump_side

if TYPE_CHECKING:
    from .._cards import Card
    from .._engine import Observation
    from .._events import TrumpSide

__all__ = ["LeavesClaims", "make_table_bots"]


class LeavesClaims:
    """A bot that makes every decision of the bot it wraps but claims nothing."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.level = bot.level

    def choose(self, observation: Observation) -> Card:
        """The wrapped bot's card."""
        return self.bot.choose(observation)

    def claim(self, observation: Observation) -> int | None:
        """Never a claim: the person at the table makes them."""
        return None

    def choose_trump(self, observation: Observation) -> TrumpSide:
        """The wrapped bot's choice of the card turned (the bottom one if it has none)."""
        return trump_side(self.bot, observation)

    def wants_redeal(self, observation: Observation) -> bool:
        """The wrapped bot's answer about a new deal (keep the hand if it has none)."""
        return redeal_wanted(self.bot, observation)


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
    `samples` for levels 4 and 5. Under a claimable variant, `revoke_rates` (seat: rate) and the
    seats that leave the claims to their partner (`silent`: a person's partner)."""
    bots: dict[int, Bot] = {}
    for seat, level in levels.items():
        options: dict[str, Any] = {"samples": samples} if level >= 4 and samples else {}
        if claimable:
            options["revoke_rate"] = (revoke_rates or {}).get(seat, 0.0)
        bot = make_bot(level, seed=f"{seed}:seat{seat}", **options)
        bots[seat] = LeavesClaims(bot) if claimable and seat in silent else bot
    return bots
