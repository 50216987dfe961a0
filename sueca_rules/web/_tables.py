"""Tables: one match each, owned by the server, with human seats (joined by secret tokens) and
bots. Nothing here knows about HTTP: the WebSocket layer gives each joined browser a
`Sink` and passes its messages to `Table.handle`.

Every change to a match happens on the event loop's thread, between two awaits, so a message
is checked and applied at once and nothing else can change the match in between. Bots think in
a thread pool (off the event loop); what a bot chose is applied only if the match has not
changed while it thought.

Every accepted action (a card, a claim, a choice, the start…) is committed to the table's event
log in the store (`_store`) before anyone is told of it; a table is rebuilt after a restart by
replaying its log (`Table.replay`).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any

from sueca_rules import (
    CardPlayed,
    Choice,
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
    dump_record,
    parse_record,
)
from sueca_rules._rules import compiled_rules
from sueca_rules._text import cut
from sueca_rules.bots import make_bot
from sueca_rules.bots._base import TABLE_REVOKE_RATE

from ._i18n import Lang, phrase
from ._phases import (
    HANDLERS,
    Step,
    answer_actions,
    answer_or_default,
    due_now,
    message_action,
    next_step,
    redo,
    refused_for,
)
from ._pool import FairPool
from ._refusal import Refusal, refusal_words
from ._seats import Kind, Seat, Sink
from ._settings import Settings
from ._store import DamagedTableError, MemoryStore, Sharing, Store, StoredTable, StoreError
from ._view import event_json, seat_state, watch_state

__all__ = [
    "Seat",
    "SeatSpec",
    "Sink",
    "Table",
    "TableClaimed",
    "TableManager",
    "TablesFull",
    "parse_seats",
]

log = logging.getLogger("sueca_rules.web")


@dataclass(frozen=True, slots=True)
class SeatSpec:
    """A seat as asked for when the table is made: a human, or a bot of `level`."""

    kind: Kind
    level: int


def parse_seats(value: object, stand_in_level: int) -> list[SeatSpec]:
    """The `seats` of `POST /api/tables`: four of `"human"`, `"bot"` or `"bot:L"`
    (level 1-5), at least one human."""
    if not isinstance(value, list) or len(value) != 4:
        raise Refusal("bad_seats", why="list")
    specs = []
    for item in value:
        if item == "human":
            specs.append(SeatSpec("human", stand_in_level))
        elif isinstance(item, str) and item.startswith("bot"):
            level = item[4:] if item.startswith("bot:") else ("3" if item == "bot" else "")
            if level not in ("1", "2", "3", "4", "5"):
                raise Refusal("bad_seats", why="level", item=repr(cut(item)))
            specs.append(SeatSpec("bot", int(level)))
        else:
            raise Refusal("bad_seats", why="kind")
    if not any(s.kind == "human" for s in specs):
        raise Refusal("bad_seats", why="human")
    return specs


def same_secret(known: str, given: str) -> bool:
    """Whether `given` is the secret `known`, compared in constant time as bytes: any text a
    browser sends, ASCII or not, is simply not the secret."""
    return secrets.compare_digest(known.encode(), given.encode("utf-8", "replace"))


def _tell_taken_over(old: Sink, new: Sink) -> None:
    """Tell the browser that now holds a seat that another one held it until now (a friend who
    opened the host's link by mistake sees so at once), unless both are the same page coming
    back (its `page` id: a phone that slept, its old socket not yet closed)."""
    page = getattr(new, "page", "")
    if page and page == getattr(old, "page", ""):
        return
    new.push(
        {"type": "notice", "code": "taken_over", "message": phrase(new.lang, "table.taken_over")}
    )


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
    count_agreed: set[int] = field(default_factory=set)
    hints_agreed: set[int] = field(default_factory=set)
    """The seats whose person agreed to hints (`{"type": "hints", "agree": true}`): at a table
    of several people, hints are given once every person who holds (or has held) a seat
    agreed."""
    hint_changes: dict[int, int] = field(default_factory=dict)
    """How many times each seat changed its agreement to hints (at most `MAX_HINT_CHANGES`)."""
    stood_in: dict[int, int] = field(default_factory=dict)
    """The cards each person's stand-in bot played for them since they went away (told to
    them when they come back; kept by this process only)."""
    count_ends: float = 0.0
    touched: float = 0.0
    closed: bool = False
    watch: str = ""
    """The secret of the table's watch link (`?watch=`): the state with no hand."""
    watchers: list[Sink] = field(default_factory=list)
    store: Store | None = None
    """Where the table's accepted actions are committed (none: they are not kept)."""
    logged: int = 0
    """How many actions of the table the store holds."""
    share: Sharing | None = None
    """The processes that share this table (`sueca serve --redis`): only the one holding it
    decides (people's messages are forwarded to it, its bots play); the others follow its
    log."""
    extra: dict[str, Any] = field(default_factory=dict)
    """What the table's maker keeps with it (stored in its header, so it survives a restart):
    the tournament pages keep which round and table of their file it is for."""
    on_finished: Callable[[Table, int, Record], None] | None = None
    """Called (on the event loop) with the table, the number and the record of each match
    finished here, once its record is saved (never while a restart replays the log)."""
    _not_before: float = 0.0
    _driver: asyncio.Task[None] | None = None
    _wake: asyncio.TimerHandle | None = None

    def __post_init__(self) -> None:
        self.touched = self.clock()
        self.rules = Rules.from_variant(self.variant)

    # --- who is where ---------------------------------------------------------------------

    @property
    def host(self) -> Seat | None:
        """The first human seat: it may start the match before everyone has joined, and its
        waiting room shows the other seats' join links. A table made for a tournament has no
        host (`None`): its four people are rivals, so none of them gets another's link, and
        the organiser starts it early (`start`) or it starts when all four have joined."""
        if self.for_a_tournament():
            return None
        return next(s for s in self.seats if s.human)

    def for_a_tournament(self) -> bool:
        """Whether a tournament's organiser made this table (`extra["tournament"]`): its four
        people are rivals in a competition, so it has no host and gives no hints."""
        return "tournament" in self.extra

    def seat_of(self, token: str) -> Seat | None:
        """The seat whose token is `token` (compared in constant time, as bytes: any text a
        browser sends, ASCII or not, is simply not a token)."""
        found = None
        for seat in self.seats:
            if seat.token is not None and same_secret(seat.token, token):
                found = seat
        return found

    def may_start(self, seat: Seat) -> bool:
        """Whether `seat`'s person may start the match before everyone has joined: the host,
        or, once the host has come and gone (a phone that slept, a host who left), any person
        at the table, who would otherwise wait for ever for a friend who never comes. Never
        at a tournament's table (its organiser starts it)."""
        host = self.host
        if self.match is not None or host is None:
            return False
        return seat is host or (host.joined and host.sink is None and seat.sink is not None)

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

    def practice(self) -> bool:
        """Whether this is a practice table (one person and bots): hints need no agreement."""
        return sum(1 for s in self.seats if s.human) == 1

    def hints_allowed(self) -> bool:
        """Whether hints are given here: at a practice table, or once every human seat that a
        person holds or has held agreed (a seat nobody has taken yet does not count); never at
        a tournament's table (one player, or two partners, could agree for the rivals)."""
        if self.for_a_tournament():
            return False
        if self.practice():
            return True
        people = [s.index for s in self.seats if s.human and s.joined]
        return bool(people) and all(index in self.hints_agreed for index in people)

    def agree_to_hints(self, seat: int, agree: bool) -> None:
        """`seat`'s person agrees to hints (or withdraws): one change more of its
        `MAX_HINT_CHANGES`, as a message makes it and as a stored action makes it again."""
        self.hint_changes[seat] = self.hint_changes.get(seat, 0) + 1
        if agree:
            self.hints_agreed.add(seat)
        else:
            self.hints_agreed.discard(seat)

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
        if self.share is not None and not self.share.joined(self, seat, sink):
            if old is not None:
                old.close(4000, phrase(old.lang, "table.closed_replaced"))
                _tell_taken_over(old, sink)
            sink.push(seat_state(self, seat, sink.lang))
            return
        actions: list[dict[str, Any]] = []
        if not seat.joined:
            actions.append({"type": "join", "seat": seat.index})
            self.hints_agreed.discard(seat.index)  # a new person starts not agreeing
        seat.joined = True
        seat.away_since = None
        if old is not None:
            old.close(4000, phrase(old.lang, "table.closed_replaced"))
            _tell_taken_over(old, sink)
        played = self.stood_in.pop(seat.index, 0)
        if played and self.match is not None and not self.match.is_over:
            # Back from a phone that slept: why cards are gone from the hand.
            said = phrase(sink.lang, "table.stood_in", n=played)
            sink.push({"type": "notice", "code": "stood_in", "n": played, "message": said})
        if self.match is None and all(s.joined for s in self.seats if s.human):
            self.start()
            actions.append({"type": "start"})
        self.changed([], actions=actions)

    def watches(self, secret: str) -> bool:
        """Whether `secret` is this table's watch secret (compared in constant time)."""
        return bool(self.watch) and same_secret(self.watch, secret)

    def add_watcher(self, sink: Sink) -> bool:
        """Someone follows the table with its watch link (`False`: the table has as many
        watchers as it takes)."""
        if len(self.watchers) >= self.settings.max_watchers:
            return False
        self.watchers.append(sink)
        sink.push(watch_state(self, sink.lang))
        return True

    def remove_watcher(self, sink: Sink) -> None:
        if sink in self.watchers:
            self.watchers.remove(sink)

    def leave(self, seat: Seat, sink: Sink) -> None:
        """The browser holding `seat` went away; a bot takes over after `away_seconds`."""
        if seat.sink is not sink:
            return
        seat.sink = None
        seat.away_since = self.clock()
        if self.share is not None and not self.share.left(self, seat, sink):
            return
        self.changed([])

    def close(self, reason: str, code: int = 4404) -> None:
        """Close the table and every connection to it (with `code`: 4404 says the table is
        gone, 1012 that the browser may join again), telling each browser `reason` in its
        language when it is the key of a phrase (`table.closed_idle`: the page shows it)."""
        self.closed = True
        for seat in self.seats:
            if seat.sink is not None:
                seat.sink.close(code, phrase(seat.sink.lang, reason))
                seat.sink = None
        for sink in self.watchers:
            sink.close(code, phrase(sink.lang, reason))
        self.watchers.clear()
        if self._wake is not None:
            self._wake.cancel()
        if self._driver is not None:
            self._driver.cancel()

    # --- changes and messages -------------------------------------------------------------

    def changed(
        self,
        events: list[Event],
        *,
        kick: bool = True,
        actions: list[dict[str, Any]] | None = None,
    ) -> None:
        """Something changed: note the events, commit the `actions` that made the change,
        send every seat its state, let the bots go."""
        self.version += 1
        self.touched = self.clock()
        self.events = [event_json(e) for e in events]
        pause = self.settings.bot_delay
        for event in events:
            if isinstance(event, TrickWon):
                pause = max(pause, self.settings.bot_delay + self.settings.trick_pause)
            elif isinstance(event, DealScored):
                pause = max(pause, self.settings.bot_delay + self.settings.deal_pause)
        if events:
            self._not_before = self.clock() + pause
        record = self._note(events)
        if (actions or record is not None) and not self._save(actions or [], record):
            return
        self.broadcast()
        if record is not None and self.on_finished is not None:
            try:
                self.on_finished(self, len(self.records), record)
            except Exception:  # the hook's failure must not stop the table
                log.exception("table %s: the finished match's hook failed", self.id)
        if kick:
            self.kick()

    def _note(self, events: list[Event]) -> Record | None:
        """What the table keeps of `events` (the last claim, the count's start) and the record
        of a match that just ended (live and in a replay alike)."""
        for event in events:
            if isinstance(event, ClaimMade):
                self.claim = event_json(event)
            elif isinstance(event, CountStarted):
                self.count_agreed.clear()
                self.count_ends = self.clock() + self.settings.count_seconds
        if self.match is not None and self.match.is_over and len(self.records) <= self.rematches:
            record = self.match.to_record()
            self.records.append(record)
            return record
        return None

    def _save(self, actions: list[dict[str, Any]], record: Record | None) -> bool:
        """Commit `actions` (and a finished match's record) to the store before anyone is
        told; a table that cannot be saved is closed (`False`): nothing it did since its last
        saved action was told to anyone, so a restart brings it back as everyone saw it."""
        if self.store is None:
            return True
        done = (len(self.records), dump_record(record, "json")) if record is not None else None
        try:
            self.store.append(self.id, self.logged, actions, done)
        except StoreError as exc:
            log.error("table %s: not saved, so closed here: %s", self.id, exc)
            self.close("table.closed_unsaved", 1012)
            return False
        self.logged += len(actions)
        return True

    def broadcast(self) -> None:
        for seat in self.seats:
            if seat.sink is not None:
                seat.sink.push(seat_state(self, seat, seat.sink.lang))
        if self.watchers:
            said: dict[Lang, dict[str, Any]] = {}
            for sink in self.watchers:
                if sink.lang not in said:
                    said[sink.lang] = watch_state(self, sink.lang)
                sink.push(said[sink.lang])

    def error(self, seat: Seat, code: str, lang: Lang, **params: object) -> None:
        """Tell the browser holding `seat` that its message was refused (why, and what the
        table is waiting for instead)."""
        if seat.sink is not None:
            message = refusal_words(lang, code, **{**due_now(self, seat), **params})
            seat.sink.push({"type": "error", "code": code, "message": message})

    def handle(self, seat: Seat, message: dict[str, Any]) -> None:
        """Act on a message from the browser holding `seat`: the handler for its type checks
        and applies it, or the browser gets an error and nothing changes (nor does the time
        the table was last touched: only a change keeps a table from expiring)."""
        kind = message.get("type")
        handler = HANDLERS.get(kind) if isinstance(kind, str) else None
        lang = seat.sink.lang if seat.sink is not None else "en"
        if self.share is not None and not self.share.act(self, seat, message, lang):
            return
        if handler is None:
            self.error(seat, "unknown_type", lang, types=", ".join(HANDLERS))
            return
        try:
            events = handler(self, seat, message)
        except Refusal as refused:
            self.error(seat, refused.code, lang, **refused.params)
            return
        except (IllegalPlayError, ConfigError) as exc:
            # A refusal of the engine's that the handler did not foresee: the match is
            # unchanged, so the browser is told and the seat stays connected.
            log.warning("table %s: seat %s: %s refused: %s", self.id, seat.index, kind, exc)
            said = refused_for(exc)
            self.error(seat, said.code, lang, **said.params)
            return
        if events is None:
            return  # a message that changes nothing (an agreement given again): no log, no touch
        self.changed(events, actions=[message_action(str(kind), seat.index, message, events)])

    # --- the match ------------------------------------------------------------------------

    def start(self) -> None:
        """Start a match (the first, or a rematch) with the seats as they are."""
        seed = self.seed if self.rematches == 0 else f"{self.seed}/{self.rematches}"
        self.match = Match(self.variant, seed=seed)
        self.claim = None
        self.stood_in.clear()  # a bot's cards of the match before are not this match's
        self._not_before = self.clock() + self.settings.bot_delay

    def start_early(self) -> bool:
        """Start the match before everyone has joined, for whoever made the table without a
        host (a tournament's organiser): the bots play the empty seats until their people
        come. `False` when it has started already or another process holds the table."""
        if self.closed or self.match is not None:
            return False
        if self.share is not None and not self.share.holds(self):
            return False
        self.start()
        self.changed([], actions=[{"type": "start"}])
        return True

    def follow(self, actions: list[dict[str, Any]]) -> None:
        """The actions the process holding the table added to its log (this one follows it):
        made here too, and every browser here told."""
        events: list[Event] = []
        start = self.logged
        try:
            for action in actions:
                made = self._apply(action)
                self._note(made)
                events.extend(made)
                self.logged += 1  # made here: never made again, even if a later one fails
        finally:
            if self.logged > start:
                self._told(events)

    def _told(self, events: list[Event]) -> None:
        """The actions just followed, shown to every browser here."""
        self.version += 1
        self.touched = self.clock()
        self.events = [event_json(e) for e in events]
        self.broadcast()

    def replay(self, actions: list[dict[str, Any]]) -> None:
        """Rebuild the table from its stored actions (on a table just made from its header):
        the match as it was after the last one. The timers start again from now: a person who
        had joined has `away_seconds` to come back before a bot plays for them, and the count
        its whole time."""
        for action in actions:
            self._note(self._apply(action))
        self.logged = len(actions)
        # The versions go on rising across a restart (a page shows only a state newer than the
        # last it saw): a rebuilt table counts on from the wall clock in milliseconds, above any
        # version the process before it can have reached.
        self.version = max(len(actions) + 1, time.time_ns() // 1_000_000)
        now = self.clock()
        for seat in self.seats:
            if seat.human and seat.joined:
                seat.away_since = now
        if self.match is not None and self.match.phase == "count":
            self.count_ends = now + self.settings.count_seconds
        self.touched = now

    def _apply(self, action: dict[str, Any]) -> list[Event]:
        """Make one stored action again (as it was accepted: no check is skipped, the engine
        refuses what its rules do not allow)."""
        kind = action.get("type")
        seat = action.get("seat")
        if kind == "join" and isinstance(seat, int) and 0 <= seat < 4:
            self.seats[seat].joined = True
            self.hints_agreed.discard(seat)
            return []
        if kind == "hints" and isinstance(seat, int) and 0 <= seat < 4:
            self.agree_to_hints(seat, action.get("agree") is True)
            return []
        if kind == "start":
            self.start()
            return []
        if kind == "rematch":
            self.rematches += 1
            self.start()
            return []
        match = self.match
        if match is None:
            raise ValueError(f"a stored {kind!r} before the match started")
        if kind == "count" and isinstance(seat, int):
            self.count_agreed.add(seat)
            return []
        made = redo(match, action)
        if made is None:
            raise ValueError(f"not a stored action: {str(action)[:80]}")
        return made

    def kick(self) -> None:
        """Let the bots make the decisions that are theirs (in a task of their own), in the
        process that holds the table."""
        if self.closed or self._driver is not None:
            return
        if self.share is not None and not self.share.holds(self):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._driver = loop.create_task(self._drive())

    async def _think(self, decide: Callable[[], Choice]) -> Choice:
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
                if step.pace != "none":
                    move = await self._paced(step)
                    if move is None:
                        continue  # no longer this decision to make: look again
                else:
                    version = self.version
                    move = await self._think(step.decide)
                    if self.version != version or self.closed or self.match is None:
                        continue  # the match changed while the bot thought: think again
                match = self.match
                assert match is not None
                decision = step.decision
                if match.pending() != decision:
                    continue
                events = answer_or_default(match, decision.seat, move)
                if step.seat is not None and step.seat.human and step.seat.joined:
                    played = sum(isinstance(e, CardPlayed) for e in events)
                    index = step.seat.index
                    self.stood_in[index] = self.stood_in.get(index, 0) + played
                actions = answer_actions(decision, events)
                if events or actions:
                    self.changed(events, kick=False, actions=actions)
        except asyncio.CancelledError:
            raise
        except Exception:  # a bug must not leave the table stuck without a word
            log.exception("table %s: a bot failed", self.id)
        finally:
            self._driver = None

    async def _paced(self, step: Step) -> Choice | None:
        """A decision people see being made, at a time that tells nothing of the bot's hand
        (how long a bot thinks depends on its cards: a level-5 bot with one sensible card
        answers at once). The bot thinks as soon as it is asked, and its decision is made
        once a bot's delay from then is over (or the table's pause, if longer), however long
        it thought: `None` if the match changed meanwhile or the seat's person came back.
        The table's own decisions (and the answer that ends the count) wait only for the
        table's pause."""
        version = self.version
        due = self._not_before
        if step.pace == "bot":
            due = max(due, self.clock() + self.settings.bot_delay)
        move = await self._think(step.decide)
        wait = due - self.clock()
        if wait > 0:
            await self.sleep(wait)
        if self.closed or self.match is None or self.version != version:
            return None
        if step.seat is not None and not self.played_by_bot(step.seat):
            return None  # the person came back: theirs to decide
        return move

    def _bot_step(self) -> Step | None:
        """The next answer the table makes to the match's pending decision (`next_step`);
        `None` when it is a person's, or nobody's (the match is over, or every person has
        gone)."""
        match = self.match
        if match is None or match.is_over:
            return None
        if self.abandoned():
            return None
        return next_step(self)

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


class TablesFull(Exception):  # noqa: N818 (the server is full: not an error of its own)
    """A stored table cannot be loaded now: this process has `max_tables` open."""


class TableClaimed(Exception):  # noqa: N818 (an answer, not an error)
    """No table was made: an open table of the store has the claim asked for already
    (`TableManager.create`); `table_id` is that table's."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"table {table_id} has this claim already")
        self.table_id = table_id


class TableManager:
    """Every table of the process, with the caps that keep one client from exhausting it, and
    the store that keeps them between restarts."""

    def __init__(
        self,
        settings: Settings,
        executor: Executor,
        clock: Callable[[], float] = time.monotonic,
        store: Store | None = None,
    ) -> None:
        self.settings = settings
        self.executor = executor if isinstance(executor, FairPool) else FairPool(executor)
        """The bots' pool, shared fairly between the clients' tables."""
        self.clock = clock
        self.store: Store = store if store is not None else MemoryStore()
        self.tables: dict[str, Table] = {}
        self.connections = 0
        self.secret: Callable[[], str] = lambda: secrets.token_hex(16)
        """The server's secret mixed into the seed of a table of several people (tests may
        fix it, so that their deals repeat)."""
        self.on_finished: Callable[[Table, int, Record], None] | None = None
        """Given to every table (see `Table.on_finished`)."""

    def create(
        self,
        variant: Variant,
        variant_id: str | None,
        specs: list[SeatSpec],
        seed: int | str | None,
        *,
        client: str = "",
        extra: dict[str, Any] | None = None,
        claim: str | None = None,
    ) -> Table:
        """A new table, made by `client` (its address; each client may hold at most
        `Settings.max_tables_per_client` of the tables); `extra` (JSON) is kept with it. With
        `claim` (what the table is for, such as a tournament's pairing): made only if no open
        table of the store, in this process or another sharing it, has that claim (one step
        in the store, `Store.create`), else `TableClaimed` says which table has it."""
        self.expire()
        if len(self.tables) >= self.settings.max_tables:
            raise Refusal(
                "too_many_tables",
                status=503,
                most=self.settings.max_tables,
            )
        most = self.settings.max_tables_per_client
        if client and sum(t.owner == client for t in self.tables.values()) >= most:
            minutes = round(self.settings.idle_seconds / 60)
            raise Refusal(
                "too_many_tables_here",
                status=429,
                most=most,
                minutes=minutes,
            )
        seeded = seed is not None and sum(s.kind == "human" for s in specs) == 1
        if seed is None:
            seed = secrets.randbits(64)
        elif not seeded:
            # Several people: whoever chose the seed could work out every hand of every deal
            # (and the bots' play), so the cards come from a secret of the server as well.
            seed = f"{self.secret()}:{seed}"
        table_id = secrets.token_urlsafe(9)
        tokens = [secrets.token_urlsafe(24) if spec.kind == "human" else None for spec in specs]
        header = {
            "format": 1,
            "variant": variant.model_dump(mode="json"),
            "variant_id": variant_id,
            "seed": seed,
            "seeded": seeded,
            "seats": [
                {"kind": spec.kind, "level": spec.level, "token": token}
                for spec, token in zip(specs, tokens, strict=True)
            ],
            "watch": secrets.token_urlsafe(24),
            "owner": client,
        }
        if extra:
            header["extra"] = extra
        try:
            made = self.store.create(table_id, header, claim)
        except StoreError as exc:
            log.error("a new table was not saved: %s", exc)
            raise Refusal("not_saved", status=503) from None
        if made != table_id:
            raise TableClaimed(made)
        table = self._build(table_id, header, variant)
        self.tables[table_id] = table
        return table

    def _build(self, table_id: str, header: dict[str, Any], variant: Variant) -> Table:
        """A table, in its waiting room, from its stored header."""
        seed = header["seed"]
        seats = []
        # As at `sueca play`: under a claimable variant the bots of a team no person sits in fail
        # to follow suit now and then, so that a claim can be right (a bot standing in for a
        # person, or a person's partner, never does).
        people = {i % 2 for i, spec in enumerate(header["seats"]) if spec["kind"] == "human"}
        slips = TABLE_REVOKE_RATE if compiled_rules(variant).revoke_claimable else 0.0
        for index, spec in enumerate(header["seats"]):
            rate = slips if spec["kind"] == "bot" and index % 2 not in people else 0.0
            bot = make_bot(int(spec["level"]), seed=f"{seed}:bot{index}", revoke_rate=rate)
            seats.append(Seat(index, spec["kind"], int(spec["level"]), bot, spec["token"]))
        table = Table(
            table_id,
            variant,
            header["variant_id"],
            seats,
            seed,
            self.settings,
            self.executor,
            self.clock,
            seeded=bool(header["seeded"]),
            owner=str(header.get("owner", "")),
            watch=str(header["watch"]),
            store=self.store,
            extra=dict(header.get("extra") or {}),
            on_finished=self.on_finished,
        )
        if isinstance(self.store, Sharing):
            table.share = self.store
            self.store.track(table)
        return table

    def _rebuild(self, stored: StoredTable) -> Table | None:
        """A stored table as it was after its last action; `None` (and the table closed in
        the store) if its log cannot be replayed."""
        try:
            header = stored.header
            variant = Variant.model_validate(header["variant"])
            table = self._build(stored.id, header, variant)
            table.replay(stored.actions)
        except Exception as exc:  # a log this version cannot replay: said, and set aside
            log.error("table %s cannot be restored, so it is closed: %s", stored.id, exc)
            with contextlib.suppress(StoreError):
                self.store.end(stored.id)
            return None
        self.tables[stored.id] = table
        return table

    def restore(self) -> int:
        """Bring back the open tables of the store that no live process holds (at start), the
        most recently played first, up to `Settings.max_tables` in all; how many. The others
        stay in the store, not loaded (said in the log): each comes back when its link is
        opened and there is room for it."""
        restored = 0
        left: list[str] = []
        for table_id in self._by_need(self.store.live()):
            if table_id in self.tables:
                continue
            if len(self.tables) >= self.settings.max_tables:
                left.append(table_id)
                continue
            try:
                taken = self._take(table_id)
            except StoreError as exc:  # that table only: the others come back
                log.error("table %s cannot be restored: %s", table_id, exc)
                continue
            if taken is not None:
                restored += 1
        if restored:
            tables = "table" if restored == 1 else "tables"
            log.info("%d %s restored from %s", restored, tables, self.store.name)
        if left:
            more = "open table was" if len(left) == 1 else "open tables were"
            log.warning(
                "%d more %s not loaded from %s: this server holds at most %d "
                "(--max-tables). They are kept there as they are; each comes back when its "
                "link is opened and there is room (the most recently played were loaded first)",
                len(left),
                more,
                self.store.name,
                self.settings.max_tables,
            )
        return restored

    def _by_need(self, ids: list[str]) -> list[str]:
        """The open tables `ids` to restore, a tournament's first when they are more than
        there is room for (its organiser's page knows only loaded tables, and would open a
        second table for a round's table it does not see), then as they were."""
        if len(ids) + len(self.tables) <= self.settings.max_tables:
            return ids
        try:
            headers = self.store.open_headers()
        except StoreError:
            return ids
        cup: list[str] = []
        rest: list[str] = []
        for table_id in ids:
            header = headers.get(table_id)
            extra = header.get("extra") if isinstance(header, dict) else None
            (cup if isinstance(extra, dict) and "tournament" in extra else rest).append(table_id)
        return cup + rest

    def _take(self, table_id: str) -> Table | None:
        stored = self.store.take(table_id)
        return self._rebuild(stored) if stored is not None else None

    def _room(self) -> bool:
        """Whether one more table may be loaded (`Settings.max_tables`; idle ones expired
        first)."""
        if len(self.tables) < self.settings.max_tables:
            return True
        self.expire()
        return len(self.tables) < self.settings.max_tables

    def get(self, table_id: str) -> Table | None:
        """The table, from this process's memory or else from the store (one another process
        held, if that process is gone); `None` if there is no such open table here, or if
        the store cannot be read now (said in the log)."""
        try:
            return self.find(table_id)
        except StoreError as exc:
            log.error("table %s cannot be read: %s", table_id, exc)
            return None
        except TablesFull:
            return None

    def find(self, table_id: str) -> Table | None:
        """As `get`, but a store that cannot be read now raises `StoreError`: the table may
        well be there (a browser is asked to come back, not told that it is gone); and a
        table kept by the store that this process has no room to load (`max_tables` are
        open) raises `TablesFull` (the browser is asked to come back later)."""
        table = self.tables.get(table_id)
        if table is not None and not table.closed:
            return table
        if len(table_id) > 64:
            return None
        # A table closed here because it could not be saved comes back as it was saved (if
        # this process may still hold it).
        self.tables.pop(table_id, None)
        if not self._room():
            if self.store.header(table_id) is None:
                return None  # no such table: said so, not that the server is full
            raise TablesFull(f"table {table_id} is not loaded: {len(self.tables)} tables are")
        return self._take(table_id)

    def finished_record(
        self, table_id: str, secret: str, *, watching: bool = False
    ) -> tuple[int, Record] | str:
        """The number and record of the table's last finished match, for a seat's token (or,
        `watching`, for the table's watch secret: a seat's token is its player's secret, not a
        watch link), while the table is open or kept by the store; else why not: `no_table`,
        `bad_token`, `not_over`, `unavailable` (the store cannot be read for now) or `damaged`
        (the table's stored values cannot be read, for good)."""
        try:
            try:
                table = self.find(table_id)
            except TablesFull:  # not loaded: its record is in the store all the same
                table = None
            if table is not None:
                if watching:
                    known_here = table.watches(secret)
                else:
                    known_here = table.seat_of(secret) is not None
                if not secret or not known_here:
                    return "bad_token"
                if not table.records:
                    return "not_over"
                return len(table.records), table.records[-1]
            header = self.store.header(table_id) if len(table_id) <= 64 else None
            if header is None:
                return "no_table"
            seats = [s["token"] for s in header["seats"] if s["token"]]
            known = [header["watch"]] if watching else seats
            if not secret or not any(k and same_secret(k, secret) for k in known):
                return "bad_token"
            latest = self.store.latest_record(table_id)
            if latest is None:
                return "not_over"
            return latest[0], parse_record(latest[1])
        except DamagedTableError as exc:  # for good: asking again does not help
            log.error("table %s: its record cannot be read: %s", table_id, exc)
            return "damaged"
        except StoreError as exc:  # for now (a full disk, Redis down): ask again later
            log.error("table %s: its record cannot be read: %s", table_id, exc)
            return "unavailable"
        except (KeyError, TypeError, ValueError) as exc:  # a damaged header or record
            log.error("table %s: its stored header or record is damaged: %s", table_id, exc)
            return "no_table"

    def seat_of_secret(self, table_id: str, secret: str) -> int | None:
        """The seat whose token `secret` is at the table (open, or kept by the store); `None`
        for a watch secret or any other."""
        table = self.get(table_id)
        if table is not None:
            seat = table.seat_of(secret) if secret else None
            return None if seat is None else seat.index
        try:
            header = self.store.header(table_id) if len(table_id) <= 64 else None
            if header is None or not secret:
                return None
            for index, stored in enumerate(header["seats"]):
                if stored["token"] and same_secret(stored["token"], secret):
                    return index
        except (StoreError, KeyError, TypeError) as exc:  # the seat is only a courtesy
            log.error("table %s: its stored header cannot be read: %s", table_id, exc)
        return None

    def expire(self) -> int:
        """Close the tables where nothing happened for `idle_seconds` (kept by the store
        until pruned); how many."""
        limit = self.clock() - self.settings.idle_seconds
        old = [t for t in self.tables.values() if t.touched < limit or t.closed]
        for table in old:
            if not table.closed:
                table.close("table.closed_idle")
                try:
                    self.store.end(table.id)
                except StoreError as exc:
                    log.error("table %s: %s", table.id, exc)
            del self.tables[table.id]
        return len(old)

    def tidy(self) -> None:
        """The janitor's round: expire idle tables, renew this process's hold on the others,
        prune the store."""
        self.expire()
        try:
            self.store.renew()
            self.store.prune(self.settings.keep_seconds, self.settings.idle_seconds)
        except StoreError as exc:
            log.error("%s", exc)

    def close_all(self) -> None:
        for table in self.tables.values():
            table.close("table.closed_stopping")
        self.tables.clear()
        try:
            self.store.release()
        except StoreError as exc:
            log.error("%s", exc)
