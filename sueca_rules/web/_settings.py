"""The web app's settings: limits that keep one client from exhausting the server, and the
pace of the bots."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

__all__ = ["Settings"]


@dataclass(frozen=True, slots=True)
class Settings:
    """Limits and timings of `sueca serve` (every one has a safe default)."""

    max_tables: int = 100
    """Tables open at once; creating one more is refused (503) until some expire."""
    max_tables_per_client: int = 20
    """Tables one client (one address) may hold at once; one more is refused (429)."""
    max_connections: int = 400
    """WebSocket connections open at once, over all tables."""
    max_message_bytes: int = 4096
    """The largest WebSocket message accepted from a browser; a larger one gets an error."""
    messages_per_second: float = 8.0
    """The steady rate of messages one connection may send (after a burst of
    `message_burst`); more get an error and are not acted on."""
    message_burst: int = 24
    """Messages one connection may send at once before the rate applies."""
    max_variant_bytes: int = 256 * 1024
    """The largest variant file (or JSON body) accepted: more gets 413."""
    max_record_bytes: int = 2 * 1024 * 1024
    """The largest game record the replay viewer accepts: more gets 413."""
    idle_seconds: float = 30 * 60
    """A table where nothing happened for this long is closed and forgotten."""
    away_seconds: float = 20.0
    """A human seat whose browser has been gone this long is played by a bot until it
    returns (seats nobody joined are played by a bot from the start)."""
    stand_in_level: int = 3
    """The level of the bot that plays for an absent human or an empty seat."""
    bot_delay: float = 0.6
    """Seconds a bot waits before each decision, so that people can follow the play."""
    trick_pause: float = 1.2
    """Extra seconds a bot waits after a trick is complete, so that everyone sees it."""
    deal_pause: float = 2.5
    """Extra seconds a bot waits after a deal is scored before the next one goes on."""
    count_seconds: float = 20.0
    """How long the count (`revoke.mode: claimable`, after the last trick) waits for the
    people at the table to claim a renúncia or agree before the deal is scored."""
    send_queue: int = 256
    """Messages waiting for one slow browser; past this it is disconnected (it may rejoin)."""
    send_seconds: float = 10.0
    """How long one message may take to reach a browser: one that has stopped reading is
    disconnected after this (its seat is away, as if it had left; it may rejoin)."""
    janitor_seconds: float = 15.0
    """How often expired tables are looked for."""
    max_watchers: int = 20
    """People following one table with its watch link at once; one more is refused."""
    keep_seconds: float = 7 * 24 * 3600
    """How long a closed table (its log and its finished records) is kept by the store before
    it is pruned."""

    @classmethod
    def for_tests(cls, **changes: Any) -> Settings:
        """Settings with no pauses (bots answer at once) and no message rate, for tests and
        benchmarks."""
        fast = cls(
            bot_delay=0.0,
            trick_pause=0.0,
            deal_pause=0.0,
            count_seconds=0.0,
            messages_per_second=10_000.0,
            message_burst=10_000,
        )
        return replace(fast, **changes)
