"""Tables: one match each, owned by the server, with human seats (joined by secret tokens) and
bots. Nothing here knows about HTTP: the WebSocket layer gives each joined browser a
`Sink` and passes its messages to `Table.handle`.

Every change to a match happens on the event loop's thread, between two awaits, so a message
is checked and applied at once and nothing else can change the match in between. Bots think in
a thread pool (off the event loop); what a bot chose is applied only if the match has not
changed while it thought.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from sueca_rules import (
    ClaimMade,
    ConfigError,
    CountStarted,
    DealScored,
    Event,
    IllegalPlayError,
    Match,
    Record,
    Rules,
    TrickWon,
    Variant,
)
from sueca_rules.bots import make_bot

from ._i18n import Lang, phrase
from ._phases import BOT_STEPS, HANDLERS, Decision, Refused, Step, refused_for
from ._pool import FairPool
from ._seats import Kind, Seat, Sink
from ._settings import Settings
from ._view import event_json, seat_state

__all__ = ["Seat", "SeatSpec", "Sink", "Table", "TableError", "TableManager", "parse_seats"]

log = logging.getLogger("sueca_rules.web")


class TableError(ValueError):
    """A request about tables that cannot be met; `code` names the reason, `status` is the
    HTTP status to answer with."""

    def __init__(self, code: str, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A seat as asked for when the table is made: a human, or a bot of `level`."""

    kind: Kind
    level: int


def parse_seats(value: object, stand_in_level: int) -> list[SeatSpec]:
    """The `seats` of `POST /api/tables`: four of `"human"`, `"bot"` or `"bot:L"`
    (level 1-5), at least one human."""
    if not isinstance(value, list) or len(value) != 4:
        raise TableError("bad_seats", 'seats must be a list of four: "human" or "bot:1".."bot:5"')
    specs = []
    for item in value:
        if item == "human":
            specs.append(SeatSpec("human", stand_in_level))
        elif isinstance(item, str) and item.startswith("bot"):
            level = item[4:] if item.startswith("bot:") else ("3" if item == "bot" else "")
            if level not in ("1", "2", "3", "4", "5"):
                raise TableError("bad_seats", f"{item[:20]!r} is not a seat: bot levels are 1-5")
            specs.append(SeatSpec("bot", int(level)))
        else:
            raise TableError("bad_seats", 'each seat is "human", "bot" or "bot:1".."bot:5"')
    if not any(s.kind == "human" for s in specs):
        raise TableError("bad_seats", "a table needs at least one human seat")
    return specs


@dataclass(eq=False)
class Table:
    """A table: its seats, its match (`None` in the waiting room) and the finished records."""

    id: str
    variant: Variant
    variant_id: str | None
    seats: list[Seat]
    seed: int | str
    """Where the deals come from (a secret of the server's unless `seeded`)."""
    settings: Settings
    executor: Executor
    clock: Callable[[], float] = time.monotonic
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
    """How the bots wait (the tests give a clock and a sleep that take no real time)."""
    match: Match | None = None
    seeded: bool = False
    """Whether the deals come from the seed the table was made with (only at a table of one
    person: it is that person's own game)."""
    owner: str = ""
    """The client that made the table (its address): tables and bot thinking are counted
    per client (`""`: not known, the table counts as a client of its own)."""
    version: int = 0
    records: list[Record] = field(default_factory=list)
    rematches: int = 0
    claim: dict[str, Any] | None = None
    events: list[dict[str, Any]] = field(default_factory=list)
    claims_asked: set[tuple[int, int, int]] = field(default_factory=set)
    count_agreed: set[int] = field(default_factory=set)
    count_ends: float = 0.0
    touched: float = 0.0
    closed: bool = False
    _not_before: float = 0.0
    _driver: asyncio.Task[None] | None = None
    _wake: asyncio.TimerHandle | None = None

    def __post_init__(self) -> None:
        self.touched = self.clock()
        self.rules = Rules.from_variant(self.variant)

    # --- who is where ---------------------------------------------------------------------

    @property
    def host(self) -> Seat:
        """The first human seat: it may start the match before everyone has joined."""
        return next(s for s in self.seats if s.human)

    def seat_of(self, token: str) -> Seat | None:
        """The seat whose token is `token` (compared in constant time, as bytes: any text a
        browser sends, ASCII or not, is simply not a token)."""
        given = token.encode("utf-8", "replace")
        found = None
        for seat in self.seats:
            if seat.token is not None and secrets.compare_digest(seat.token.encode(), given):
                found = seat
        return found

    def played_by_bot(self, seat: Seat) -> bool:
        """Whether a bot decides for `seat` now: a bot seat, or a human seat nobody holds
        (never joined, or gone for `away_seconds`)."""
        if not seat.human:
            return True
        if seat.sink is not None:
            return False
        if not seat.joined or seat.away_since is None:
            return True
        return self.clock() - seat.away_since >= self.settings.away_seconds

    def abandoned(self) -> bool:
        """Whether every person of this table has gone: its bots then wait for someone to
        come back (or for the table to expire), so that an abandoned table costs no bot's
        thinking."""
        people = [seat for seat in self.seats if seat.human]
        return bool(people) and all(seat.sink is None for seat in people)

    def join(self, seat: Seat, sink: Sink) -> None:
        """A browser holds `seat` now (an older connection to it is closed)."""
        old = seat.sink
        seat.sink = sink
        seat.joined = True
        seat.away_since = None
        if old is not None:
            old.close(4000, "this seat was opened in another window")
        if self.match is None and all(s.joined for s in self.seats if s.human):
            self.start()
        self.changed([])

    def leave(self, seat: Seat, sink: Sink) -> None:
        """The browser holding `seat` went away; a bot takes over after `away_seconds`."""
        if seat.sink is not sink:
            return
        seat.sink = None
        seat.away_since = self.clock()
        self.changed([])

    def close(self, reason: str) -> None:
        """Close the table and every connection to it."""
        self.closed = True
        for seat in self.seats:
            if seat.sink is not None:
                seat.sink.close(4404, reason)
                seat.sink = None
        if self._wake is not None:
            self._wake.cancel()
        if self._driver is not None:
            self._driver.cancel()

    # --- changes and messages -------------------------------------------------------------

    def changed(self, events: list[Event], *, kick: bool = True) -> None:
        """Something changed: note the events, send every seat its state, let the bots go."""
        self.version += 1
        self.touched = self.clock()
        self.events = [event_json(e) for e in events]
        pause = self.settings.bot_delay
        for event in events:
            if isinstance(event, ClaimMade):
                self.claim = self.events[events.index(event)]
            elif isinstance(event, TrickWon):
                pause = max(pause, self.settings.bot_delay + self.settings.trick_pause)
            elif isinstance(event, DealScored):
                pause = max(pause, self.settings.bot_delay + self.settings.deal_pause)
            elif isinstance(event, CountStarted):
                self.count_agreed.clear()
                self.count_ends = self.clock() + self.settings.count_seconds
        if events:
            self._not_before = self.clock() + pause
        if self.match is not None and self.match.is_over and len(self.records) <= self.rematches:
            self.records.append(self.match.to_record())
        self.broadcast()
        if kick:
            self.kick()

    def broadcast(self) -> None:
        for seat in self.seats:
            if seat.sink is not None:
                seat.sink.push(seat_state(self, seat, seat.sink.lang))

    def error(self, seat: Seat, code: str, lang: Lang, **params: object) -> None:
        if seat.sink is not None:
            message = phrase(lang, f"error.{code}", **params)
            seat.sink.push({"type": "error", "code": code, "message": message})

    def handle(self, seat: Seat, message: dict[str, Any]) -> None:
        """Act on a message from the browser holding `seat`: the handler for its type checks
        and applies it, or the browser gets an error and nothing changes (nor does the time
        the table was last touched: only a change keeps a table from expiring)."""
        kind = message.get("type")
        handler = HANDLERS.get(kind) if isinstance(kind, str) else None
        lang = seat.sink.lang if seat.sink is not None else "en"
        if handler is None:
            self.error(seat, "unknown_type", lang)
            return
        try:
            events = handler(self, seat, message)
        except Refused as refused:
            self.error(seat, refused.code, lang, **refused.params)
            return
        except (IllegalPlayError, ConfigError) as exc:
            # A refusal of the engine's that the handler did not foresee: the match is
            # unchanged, so the browser is told and the seat stays connected.
            log.warning("table %s: seat %s: %s refused: %s", self.id, seat.index, kind, exc)
            said = refused_for(exc)
            self.error(seat, said.code, lang, **said.params)
            return
        self.changed(events)

    # --- the match ------------------------------------------------------------------------

    def start(self) -> None:
        """Start a match (the first, or a rematch) with the seats as they are."""
        seed = self.seed if self.rematches == 0 else f"{self.seed}/{self.rematches}"
        self.match = Match(self.variant, seed=seed)
        self.claim = None
        self.claims_asked.clear()
        self._not_before = self.clock() + self.settings.bot_delay

    def kick(self) -> None:
        """Let the bots make the decisions that are theirs (in a task of their own)."""
        if self.closed or self._driver is not None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._driver = loop.create_task(self._drive())

    async def _think(self, decide: Callable[[], Decision]) -> Decision:
        """A bot's decision, worked out in the pool (shared fairly between clients: see
        `FairPool`)."""
        if isinstance(self.executor, FairPool):
            return await self.executor.run(self.owner or self.id, decide)
        return await asyncio.get_running_loop().run_in_executor(self.executor, decide)

    async def _drive(self) -> None:
        try:
            while not self.closed:
                step = self._bot_step()
                if step is None:
                    return
                if step.paced:
                    decision = await self._paced(step)
                    if decision is None:
                        continue  # no longer this decision to make: look again
                else:
                    version = self.version
                    decision = await self._think(step.decide)
                    if self.version != version or self.closed or self.match is None:
                        continue  # the match changed while the bot thought: think again
                assert self.match is not None
                if decision.acts:
                    index = step.seat.index if step.seat is not None else None
                    self.changed(decision.apply(self.match, index), kick=False)
        except asyncio.CancelledError:
            raise
        except Exception:  # a bug must not leave the table stuck without a word
            log.exception("table %s: a bot failed", self.id)
        finally:
            self._driver = None

    async def _paced(self, step: Step) -> Decision | None:
        """A decision people see being made, at a time that tells nothing of the bot's hand
        (how long a bot thinks depends on its cards: a level-5 bot with one sensible card
        answers at once). The bot thinks as soon as it is asked, and its decision is made
        once a bot's delay from then is over (or the table's pause, if longer), however long
        it thought: `None` if the match changed meanwhile or the seat's person came back.
        The table's own decisions (no seat) wait only for the table's pause."""
        version = self.version
        due = self._not_before
        if step.seat is not None:
            due = max(due, self.clock() + self.settings.bot_delay)
        decision = await self._think(step.decide)
        wait = due - self.clock()
        if wait > 0:
            await self.sleep(wait)
        if self.closed or self.match is None or self.version != version:
            return None
        if step.seat is not None and not self.played_by_bot(step.seat):
            return None  # the person came back: theirs to decide
        return decision

    def _bot_step(self) -> Step | None:
        """The next decision a bot makes, by the phase of the match; `None` when the next
        decision is a person's (if that person is away, a wake-up is set for when the bot may
        take over)."""
        match = self.match
        if match is None or match.is_over:
            return None
        if self.abandoned():
            return None
        step = BOT_STEPS.get(match.phase)
        return step(self) if step is not None else None

    def bot_seat(self, index: int) -> Seat | None:
        """The seat if a bot decides for it now; otherwise `None` (and a wake-up is set for
        when an absent human's stand-in may act)."""
        seat = self.seats[index]
        if self.played_by_bot(seat):
            return seat
        if seat.sink is None and seat.away_since is not None:
            self.wake_in(seat.away_since + self.settings.away_seconds - self.clock())
        return None

    def wake_in(self, seconds: float) -> None:
        """Let the bots look again in `seconds` (an absent player's delay, the count)."""
        if self._wake is not None:
            self._wake.cancel()
        loop = asyncio.get_running_loop()
        self._wake = loop.call_later(max(0.0, seconds) + 0.01, self.kick)


# --- all tables -----------------------------------------------------------------------------


class TableManager:
    """Every table of the process, with the caps that keep one client from exhausting it."""

    def __init__(
        self,
        settings: Settings,
        executor: Executor,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.settings = settings
        self.executor = executor if isinstance(executor, FairPool) else FairPool(executor)
        """The bots' pool, shared fairly between the clients' tables."""
        self.clock = clock
        self.tables: dict[str, Table] = {}
        self.connections = 0
        self.secret: Callable[[], str] = lambda: secrets.token_hex(16)
        """The server's secret mixed into the seed of a table of several people (tests may
        fix it, so that their deals repeat)."""

    def create(
        self,
        variant: Variant,
        variant_id: str | None,
        specs: list[SeatSpec],
        seed: int | str | None,
        *,
        client: str = "",
    ) -> Table:
        """A new table, made by `client` (its address; each client may hold at most
        `Settings.max_tables_per_client` of the tables)."""
        self.expire()
        if len(self.tables) >= self.settings.max_tables:
            raise TableError(
                "too_many_tables",
                f"this server holds at most {self.settings.max_tables} tables at once: try "
                "again when one has finished",
                503,
            )
        most = self.settings.max_tables_per_client
        if client and sum(t.owner == client for t in self.tables.values()) >= most:
            minutes = round(self.settings.idle_seconds / 60)
            raise TableError(
                "too_many_tables_here",
                f"you already have {most} tables open on this server, the most one computer "
                f"may have: try again when one has closed ({minutes} minutes after its last "
                "play)",
                429,
            )
        seeded = seed is not None and sum(s.kind == "human" for s in specs) == 1
        if seed is None:
            seed = secrets.randbits(64)
        elif not seeded:
            # Several people: whoever chose the seed could work out every hand of every deal
            # (and the bots' play), so the cards come from a secret of the server as well.
            seed = f"{self.secret()}:{seed}"
        table_id = secrets.token_urlsafe(9)
        seats = []
        for index, spec in enumerate(specs):
            bot = make_bot(spec.level, seed=f"{seed}:bot{index}")
            token = secrets.token_urlsafe(24) if spec.kind == "human" else None
            seats.append(Seat(index, spec.kind, spec.level, bot, token))
        table = Table(
            table_id,
            variant,
            variant_id,
            seats,
            seed,
            self.settings,
            self.executor,
            self.clock,
            seeded=seeded,
            owner=client,
        )
        self.tables[table_id] = table
        return table

    def get(self, table_id: str) -> Table | None:
        return self.tables.get(table_id)

    def expire(self) -> int:
        """Close the tables where nothing happened for `idle_seconds`; how many."""
        limit = self.clock() - self.settings.idle_seconds
        old = [t for t in self.tables.values() if t.touched < limit]
        for table in old:
            table.close("the table was closed after a long time without play")
            del self.tables[table.id]
        return len(old)

    def close_all(self) -> None:
        for table in self.tables.values():
            table.close("the server is stopping")
        self.tables.clear()
