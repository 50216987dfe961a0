"""A table's seats, and what the phases and the views see of a table (`TableView`), below
`_tables` so that they need not import it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from sueca_rules import Match, Record, Rules, Variant
from sueca_rules.bots import Bot

from ._i18n import Lang

__all__ = ["Kind", "Seat", "Sink", "TableView"]

Kind = Literal["human", "bot"]


class Sink(Protocol):
    """Where a joined browser's messages go (a WebSocket's send queue)."""

    lang: Lang

    def push(self, message: dict[str, Any]) -> None:
        """Queue `message` for the browser without waiting."""

    def close(self, code: int, reason: str) -> None:
        """Close the connection (the browser may join again)."""


@dataclass(eq=False)
class Seat:
    """One seat of a table. A human seat has a token (its join link) and a stand-in bot that
    plays for it while nobody holds the seat."""

    index: int
    kind: Kind
    level: int
    bot: Bot
    token: str | None = None
    sink: Sink | None = None
    joined: bool = False
    away_since: float | None = None

    @property
    def human(self) -> bool:
        return self.kind == "human"


class TableView(Protocol):
    """What the phase handlers (`_phases`) and the views (`_view`) use of a table
    (`sueca_rules.web._tables.Table` is one)."""

    id: str
    variant: Variant
    variant_id: str | None
    seats: list[Seat]
    match: Match | None
    rules: Rules
    version: int
    records: list[Record]
    rematches: int
    claim: dict[str, Any] | None
    events: list[dict[str, Any]]
    count_agreed: set[int]
    count_ends: float
    hints_agreed: set[int]
    hint_changes: dict[int, int]
    watch: str
    extra: dict[str, Any]

    @property
    def clock(self) -> Callable[[], float]: ...

    @property
    def host(self) -> Seat | None: ...

    def may_start(self, seat: Seat) -> bool: ...

    def played_by_bot(self, seat: Seat) -> bool: ...

    def practice(self) -> bool: ...

    def for_a_tournament(self) -> bool: ...

    def hints_allowed(self) -> bool: ...

    def agree_to_hints(self, seat: int, agree: bool) -> None: ...

    def bot_seat(self, index: int) -> Seat | None: ...

    def start(self) -> None: ...

    def wake_in(self, seconds: float) -> None: ...
