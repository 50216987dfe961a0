"""Tables shared by several server processes through Redis (`sueca serve --redis URL`).

Each table is the same event log as in SQLite (`_store`), kept in Redis: its header
(`sueca:<id>:h`), its actions (the list `sueca:<id>:log`), its finished records
(`sueca:<id>:rec`). Any process serves any table: it rebuilds the table from the log when a
browser asks for it, and follows the log from then on (each append is announced on the
channel `sueca:<id>`).

One process at a time **holds** a table: a lock with an expiry (`SET NX PX`, renewed every
second), so that a process that dies lets its tables go within `LOCK_MS`. Only the holder
appends to the log (a script checks the lock and the log's length in one step, so nothing is
written twice or lost), and its bots play. People's messages at another process are sent to
the holder on `sueca:<id>:in` (which only the holder listens to), with the joins and leaves of
seats (also kept in the hash `sueca:<id>:here`, so that a new holder knows who is where); an
error for a person goes back on the channel of their process, `sueca:p:<process>`. When the
holder dies, the next process that has a person at the table takes the lock, catches up with
the log and goes on.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import time
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

import redis
import redis.asyncio as aioredis

from ._i18n import phrase
from ._store import (
    REMATCH_PREFIX,
    START_PREFIX,
    Actions,
    DamagedTableError,
    Done,
    StoredTable,
    StoreError,
    StoreLostError,
    new_secret,
    refused,
)

if TYPE_CHECKING:
    from ._seats import Seat, Sink
    from ._tables import Table

__all__ = ["LOCK_MS", "RedisStore"]

log = logging.getLogger("sueca_rules.web")

LOCK_MS: Final = 4000
"""How long a table's lock (and a process's heartbeat) lasts unless renewed."""

RENEW_SECONDS: Final = 1.0

_APPEND: Final = f"""
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return -1 end
if redis.call('LLEN', KEYS[2]) ~= tonumber(ARGV[2]) then return -2 end
for i = 6, #ARGV do redis.call('RPUSH', KEYS[2], ARGV[i]) end
if ARGV[4] ~= '' then redis.call('HSET', KEYS[3], ARGV[4], ARGV[5]) end
redis.call('ZADD', KEYS[4], ARGV[3], KEYS[5])
redis.call('PEXPIRE', KEYS[1], {LOCK_MS})
return redis.call('LLEN', KEYS[2])
"""
"""Append actions (and a finished match's record) if this process holds the lock and the log
is as long as it thinks: -1 when it does not hold it, -2 when the log is not as it thinks."""

_RENEW: Final = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 0
"""

_UNLOCK: Final = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

_GONE: Final = """
if redis.call('HGET', KEYS[1], ARGV[1]) == ARGV[2] then
    return redis.call('HDEL', KEYS[1], ARGV[1])
end
return 0
"""


_CREATE: Final = f"""
local held = redis.call('GET', KEYS[1])
if held and redis.call('ZSCORE', KEYS[4], held) then return held end
redis.call('SET', KEYS[2], ARGV[2])
redis.call('SET', KEYS[3], ARGV[3], 'PX', {LOCK_MS})
redis.call('ZADD', KEYS[4], ARGV[4], ARGV[1])
redis.call('SET', KEYS[1], ARGV[1])
return ARGV[1]
"""
"""Make a table for a claim (`sueca:claim:<claim>`) unless an open table has it: the id of
the table that has it then."""

_PROGRESS: Final = """
local found = {}
for i = 3, #ARGV do
    local how = false
    local rec, log = KEYS[2 * i - 4], KEYS[2 * i - 3]
    if redis.call('ZSCORE', KEYS[1], ARGV[i]) then
        if redis.call('EXISTS', rec) == 1 then
            how = 'finished'
        else
            how = 'waiting'
            for _, action in ipairs(redis.call('LRANGE', log, 0, -1)) do
                if string.find(action, ARGV[1], 1, true) == 1
                    or string.find(action, ARGV[2], 1, true) == 1 then
                    how = 'playing'
                    break
                end
            end
        end
    end
    found[i - 2] = how
end
return found
"""
"""How far each table of ARGV (after the prefixes of a start's and a rematch's action) has got
(`Store.progress`), read in one step; `false` (nil) for a table that is not open. KEYS: the
live tables, then each table's records and log."""


def _key(table_id: str, part: str) -> str:
    return f"sueca:{table_id}:{part}"


def _claim_key(claim: str) -> str:
    """The key holding the id of the table made for `claim` (`Store.create`)."""
    return f"sueca:claim:{claim}"


class RemoteSink:
    """A person at a table of this process who is connected to another process: the states
    are that process's to send (it follows the log); errors, notices and closes are sent to
    it. `page` is the person's page id (`?page=`), as the other process was told it."""

    remote = True

    def __init__(
        self, store: RedisStore, table: str, proc: str, seat: int, lang: str, page: str = ""
    ) -> None:
        self.store = store
        self.table = table
        self.proc = proc
        self.seat = seat
        self.lang: Any = "pt" if lang == "pt" else "en"
        self.page = page

    def push(self, message: dict[str, Any]) -> None:
        if message.get("type") == "error":
            self.store.tell(self.proc, {"table": self.table, "seat": self.seat, "error": message})
        elif message.get("type") == "notice":  # (the seat taken over, a bot's cards meanwhile)
            self.store.tell(self.proc, {"table": self.table, "seat": self.seat, "notice": message})

    def close(self, code: int, reason: str) -> None:
        self.store.tell(
            self.proc, {"table": self.table, "seat": self.seat, "close": [code, reason]}
        )


class RedisStore:
    """The tables' logs in Redis, shared by every process given the same URL."""

    def __init__(self, url: str, clock: Callable[[], float] = time.time) -> None:
        self.name = _shown(url)
        self.url = url
        self.clock = clock
        self.me = uuid.uuid4().hex
        if not url.strip() or len(url) > 2048:
            raise refused("serve.redis.not_a_url")
        try:
            self.db = redis.Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5)
            self.db.ping()
        except (ValueError, redis.RedisError) as exc:
            raise refused("serve.redis.cannot_use", name=self.name, reason=_said(exc)) from None
        self._append = self.db.register_script(_APPEND)
        self._renew = self.db.register_script(_RENEW)
        self._unlock = self.db.register_script(_UNLOCK)
        self._gone = self.db.register_script(_GONE)
        self._create = self.db.register_script(_CREATE)
        self._progress = self.db.register_script(_PROGRESS)
        self.tables: dict[str, Table] = {}
        self.held: set[str] = set()
        self.loop: asyncio.AbstractEventLoop | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self._pubsub: Any = None
        self._channels: set[str] = set()
        self._failed: dict[str, int] = {}
        """Tables that failed in `_keep`, by where their log was then (said once there)."""
        self._sent: dict[tuple[str, int], int] = {}
        """People's messages of this process sent to the holder of their table: (table, seat)
        → how long the table's log was then. A holder that froze (a stopped process, a paused
        machine) never answers: when this process takes the table over, a person whose seat
        has no action in the log since is asked to play again."""

    # --- the Store protocol -----------------------------------------------------------------

    def _do(self, work: Callable[[], Any]) -> Any:
        try:
            return work()
        except redis.RedisError as exc:
            raise StoreError(f"Redis at {self.name} failed: {_said(exc)}") from None

    def create(self, table_id: str, header: dict[str, Any], claim: str | None = None) -> str:
        if claim is not None:
            text = json.dumps({**header, "claim": claim}, ensure_ascii=False)
            keys = [
                _claim_key(claim),
                _key(table_id, "h"),
                _key(table_id, "lock"),
                "sueca:live",
            ]
            args: list[str | float] = [table_id, text, self.me, self.clock()]
            held = self._do(lambda: self._create(keys=keys, args=args))
            made = held.decode() if isinstance(held, bytes) else str(held)
            if made == table_id:
                self.held.add(table_id)
            return made

        def work() -> None:
            pipe = self.db.pipeline()
            pipe.set(_key(table_id, "h"), json.dumps(header, ensure_ascii=False))
            pipe.set(_key(table_id, "lock"), self.me, px=LOCK_MS)
            pipe.zadd("sueca:live", {table_id: self.clock()})
            pipe.execute()

        self._do(work)
        self.held.add(table_id)
        return table_id

    def append(self, table_id: str, seq: int, actions: Actions, record: Done = None) -> None:
        args = [
            self.me,
            seq,
            self.clock(),
            "" if record is None else record[0],
            "" if record is None else record[1],
            *(json.dumps(a, ensure_ascii=False) for a in actions),
        ]
        keys = [
            _key(table_id, "lock"),
            _key(table_id, "log"),
            _key(table_id, "rec"),
            "sueca:live",
            table_id,
        ]
        done = self._do(lambda: self._append(keys=keys, args=args))
        if done < 0:
            self.held.discard(table_id)
            if done == -2 and not self._do(lambda: self.db.exists(_key(table_id, "h"))):
                raise StoreLostError(
                    f"table {table_id} is gone from Redis at {self.name}: its log was lost (a "
                    "Redis restarted without --appendonly yes, or emptied)"
                )
            raise StoreLostError(f"table {table_id} is held by another process now")
        self._do(lambda: self.db.publish(f"sueca:{table_id}", str(done)))

    def end(self, table_id: str) -> None:
        def work() -> None:
            pipe = self.db.pipeline()
            pipe.zrem("sueca:live", table_id)
            pipe.zadd("sueca:ended", {table_id: self.clock()})
            pipe.execute()
            self._unlock(keys=[_key(table_id, "lock")], args=[self.me])

        self._do(work)
        self.held.discard(table_id)

    def live(self) -> list[str]:
        return []  # any process serves any table when a browser asks for it

    def _parsed(self, table_id: str, texts: list[Any]) -> list[Any]:
        """The JSON values of a table read from Redis; a value damaged there (by hand, a bad
        restore) is a `StoreError` for that table only, as in SQLite."""
        try:
            return [json.loads(text) for text in texts]
        except ValueError as exc:
            raise DamagedTableError(
                f"Redis at {self.name} is damaged: table {table_id} cannot be read ({exc}); "
                "it was left as it is"
            ) from None

    def take(self, table_id: str) -> StoredTable | None:
        def work() -> tuple[Any, list[Any]] | None:
            header = self.db.get(_key(table_id, "h"))
            if header is None or self.db.zscore("sueca:ended", table_id) is not None:
                return None
            return header, self.db.lrange(_key(table_id, "log"), 0, -1)

        found: tuple[Any, list[Any]] | None = self._do(work)
        if found is None:
            return None
        header, *actions = self._parsed(table_id, [found[0], *found[1]])
        return StoredTable(table_id, header, actions)

    def held_elsewhere(self, table_id: str) -> bool:
        return False  # any process serves any table (`take` reads it whoever holds it)

    def header(self, table_id: str) -> dict[str, Any] | None:
        text = self._do(lambda: self.db.get(_key(table_id, "h")))
        if text is None:
            return None
        header: dict[str, Any] = self._parsed(table_id, [text])[0]
        return header

    def open_headers(self) -> dict[str, dict[str, Any]]:
        def work() -> dict[str, Any]:
            live: list[bytes] = self.db.zrange("sueca:live", 0, -1)  # type: ignore[assignment]
            ids = [tid.decode() for tid in live]
            texts: list[Any] = self.db.mget([_key(tid, "h") for tid in ids]) if ids else []
            return dict(zip(ids, texts, strict=True))

        found: dict[str, dict[str, Any]] = {}
        for table_id, text in self._do(work).items():
            if text is not None:  # pruned since
                with contextlib.suppress(StoreError):  # damaged: `take` says so
                    found[table_id] = self._parsed(table_id, [text])[0]
        return found

    def progress(self, table_ids: list[str]) -> dict[str, str]:
        if not table_ids:
            return {}
        keys = ["sueca:live"]
        for table_id in table_ids:
            keys += [_key(table_id, "rec"), _key(table_id, "log")]
        args = [START_PREFIX, REMATCH_PREFIX, *table_ids]
        found: list[Any] = self._do(lambda: self._progress(keys=keys, args=args))
        return {
            table_id: how.decode() if isinstance(how, bytes) else str(how)
            for table_id, how in zip(table_ids, found, strict=False)
            if how
        }

    def latest_record(self, table_id: str) -> tuple[int, str] | None:
        records: dict[bytes, bytes] = self._do(lambda: self.db.hgetall(_key(table_id, "rec")))
        if not records:
            return None
        number = max(int(n) for n in records)
        return number, records[str(number).encode()].decode()

    def secret(self, name: str) -> str:
        key = f"sueca:secret:{name}"
        made = new_secret()

        def work() -> str:
            self.db.set(key, made, nx=True)  # the first process to ask makes it
            kept = self.db.get(key)
            return kept.decode() if isinstance(kept, bytes) else made

        found: str = self._do(work)
        return found

    def renew(self) -> None:
        return None  # every second, by the task that `track` starts

    def release(self) -> None:
        for task in self._tasks:
            task.cancel()
        self._tasks.clear()
        for table_id in list(self.held):
            with contextlib.suppress(redis.RedisError):
                self._unlock(keys=[_key(table_id, "lock")], args=[self.me])
        self.held.clear()
        with contextlib.suppress(redis.RedisError):
            self.db.delete(f"sueca:p:{self.me}")

    def prune(self, keep_seconds: float, idle_seconds: float) -> int:
        now = self.clock()

        def work() -> int:
            for tid in self._ids("sueca:live", now - idle_seconds):
                if not self.db.exists(_key(tid, "lock")):
                    self.db.zrem("sueca:live", tid)
                    self.db.zadd("sueca:ended", {tid: now})
            old = [  # closed long ago, or before any match of theirs finished
                tid
                for tid in self._ids("sueca:ended", now)
                if self.db.zscore("sueca:ended", tid) < now - keep_seconds  # type: ignore[operator]
                or not self.db.exists(_key(tid, "rec"))
            ]
            for tid in old:
                header = self.db.get(_key(tid, "h"))
                with contextlib.suppress(ValueError, AttributeError):  # no claim, or damaged
                    claim = json.loads(header or b"{}").get("claim")
                    if isinstance(claim, str):  # forgotten with its table (if still its)
                        self._unlock(keys=[_claim_key(claim)], args=[tid])
                self.db.delete(*(_key(tid, part) for part in ("h", "log", "rec", "here", "lock")))
                self.db.zrem("sueca:ended", tid)
            return len(old)

        gone: int = self._do(work)
        return gone

    def _ids(self, zset: str, upto: float) -> list[str]:
        """The tables of `zset` (`sueca:live` or `sueca:ended`) last changed before `upto`."""
        found: list[bytes] = self.db.zrangebyscore(zset, "-inf", upto)  # type: ignore[assignment]
        return [t.decode() for t in found]

    def close(self) -> None:
        self.release()
        self.db.close()

    async def aclose(self) -> None:
        tasks = list(self._tasks)
        self.release()
        await asyncio.gather(*tasks, return_exceptions=True)
        if self._pubsub is not None:
            with contextlib.suppress(redis.RedisError, OSError):
                await self._pubsub.aclose()
                await self._pubsub.connection_pool.disconnect()
            self._pubsub = None
        self.db.close()

    # --- sharing ----------------------------------------------------------------------------

    def _start(self) -> None:
        """Listen on this process's channels and keep its locks (once, on the event loop)."""
        if self.loop is not None:
            return
        self.loop = asyncio.get_running_loop()
        client = aioredis.Redis.from_url(self.url)
        self._pubsub = client.pubsub()
        self._subscribing = asyncio.Lock()  # one connection: subscribe one at a time
        self._channels.add(f"sueca:p:{self.me}")
        self._tasks = [
            self.loop.create_task(self._listen()),
            self.loop.create_task(self._keep()),
        ]

    def _subscribe(self, channel: str, then: Callable[[], None] | None = None) -> None:
        """Listen on `channel` too, then call `then` (to catch up with what was said before)."""
        if channel in self._channels or self.loop is None:
            return
        self._channels.add(channel)

        async def subscribe() -> None:
            async with self._subscribing:
                await self._pubsub.subscribe(channel)
            if then is not None:
                then()

        self._tasks.append(self.loop.create_task(subscribe()))

    async def _listen(self) -> None:
        async with self._subscribing:
            await self._pubsub.subscribe(f"sueca:p:{self.me}")
        while True:
            try:
                message = await self._pubsub.get_message(
                    ignore_subscribe_messages=True, timeout=0.1
                )
            except (redis.RedisError, RuntimeError) as exc:
                log.error("Redis at %s: %s", self.name, _said(exc))
                await asyncio.sleep(1.0)
                continue
            if message is None:
                continue
            try:
                self._dispatch(message["channel"].decode(), json.loads(message["data"]))
            except StoreError as exc:  # Redis went away while acting on it: said in one line
                log.error("a message on %s could not be acted on: %s", message.get("channel"), exc)
            except Exception:  # one bad message must not stop the listening
                log.exception("a message on %s could not be acted on", message.get("channel"))

    async def _keep(self) -> None:
        """Every second: the heartbeat, the locks renewed, a table whose holder is gone taken
        by this process if a person here is at it, people of dead processes let go, and the
        log of each table followed here read again if it grew unannounced."""
        while True:
            try:
                self.db.set(f"sueca:p:{self.me}", "1", px=LOCK_MS)
                for table_id in list(self.held):
                    if not self._renew(keys=[_key(table_id, "lock")], args=[self.me, LOCK_MS]):
                        self.held.discard(table_id)
                for table in list(self.tables.values()):
                    self._keep_table(table)
            except redis.RedisError as exc:
                log.error("Redis at %s: %s", self.name, _said(exc))
            except StoreError as exc:  # what `_do` makes of Redis's errors: the next second
                log.error("%s", exc)
            await asyncio.sleep(RENEW_SECONDS)

    def _keep_table(self, table: Table) -> None:
        """One table's part of `_keep`. A table that fails here (its log damaged, an action
        that cannot be made) is said in the log once at each place of its log, and the others
        go on: it stopped the every-second task before, and with it this process's heartbeat
        and its locks."""
        try:
            if table.closed:
                self._let_go(table)
            elif table.id not in self.held:
                here = any(s.sink is not None and not _remote(s.sink) for s in table.seats)
                if not (here and self._hold(table)):
                    self._follow_log(table)
            else:
                self._sync_presence(table)
        except redis.RedisError:
            raise  # Redis itself: said once for all the tables, by `_keep`
        except Exception as exc:
            at = getattr(table, "logged", 0)  # (the handler of a failure must not fail)
            if self._failed.get(table.id) != at:
                self._failed[table.id] = at
                log.error("table %s could not be kept up here: %s", table.id, exc, exc_info=True)

    def _let_go(self, table: Table) -> None:
        """A table closed in this process (it could not be saved while Redis was away, or it
        was stopped): forget it, and let its lock go, so that a process with a person at it
        takes it over. Before, the lock of a table closed here was renewed for as long as this
        process lived: a person who came back through another process was never answered."""
        self._failed.pop(table.id, None)
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
            self._answered(table.id)
        if table.id in self.held and table.id not in self.tables:
            self.held.discard(table.id)
            self._unlock(keys=[_key(table.id, "lock")], args=[self.me])

    def _sync_presence(self, table: Table) -> None:
        """At a table this process holds: the people of other processes as the hash
        `sueca:<id>:here` says (the messages about them are the quick way; this is the sure
        one): one that joined is seated, one whose process is gone has left."""
        if table.closed or table.id not in self.held:
            return
        here: dict[bytes, bytes] = self._do(lambda: self.db.hgetall(_key(table.id, "here")))
        for seat in table.seats:
            proc = here.get(str(seat.index).encode(), b"").decode()
            sink = seat.sink
            if sink is None and proc and proc != self.me and self._alive(proc):
                table.join(seat, RemoteSink(self, table.id, proc, seat.index, "en"))
            elif isinstance(sink, RemoteSink) and not self._alive(sink.proc):
                table.leave(seat, sink)

    def track(self, table: Table) -> None:
        self._start()
        self.tables[table.id] = table

        def catch_up() -> None:
            if table.id not in self.held and not table.closed:
                self._catch_up(table)

        self._subscribe(f"sueca:{table.id}", catch_up)
        if table.id in self.held:
            self._subscribe(f"sueca:{table.id}:in", lambda: self._sync_presence(table))

    def holds(self, table: Table) -> bool:
        return table.id in self.held

    def _hold(self, table: Table) -> bool:
        """Take the table if nobody holds it: catch up with its log, learn who is where, go
        on (the bots too)."""
        if table.id in self.held:
            return True
        if not self._do(lambda: self.db.set(_key(table.id, "lock"), self.me, nx=True, px=LOCK_MS)):
            return False
        if self._do(lambda: self.db.zscore("sueca:ended", table.id)) is not None:
            self._unlock(keys=[_key(table.id, "lock")], args=[self.me])
            table.close("table.closed_idle")
            return False
        self.held.add(table.id)
        self._catch_up(table)
        self._unanswered(table)
        now = table.clock()
        for seat in table.seats:  # the timers start again, as after a restart
            if seat.human and seat.joined and seat.sink is None:
                seat.away_since = now
        match = table.match
        if match is not None and match.phase == "count":
            table.count_ends = now + table.settings.count_seconds
        self._sync_presence(table)
        self._subscribe(f"sueca:{table.id}:in", lambda: self._sync_presence(table))
        log.info("table %s: held by this process now", table.id)
        table.kick()
        return True

    def _unanswered(self, table: Table) -> None:
        """This process holds `table` now: a person here whose message went to the holder
        before, and whose seat has no action in the table's log since (the holder froze or
        died before acting on it), is asked to play again, here. Before, they were left
        waiting for an answer that came only if the frozen holder woke."""
        for key, logged in list(self._sent.items()):
            if key[0] != table.id:
                continue
            del self._sent[key]
            seat = table.seats[key[1]]
            sink = seat.sink
            if sink is None or _remote(sink):
                continue
            since = self._do(functools.partial(self.db.lrange, _key(table.id, "log"), logged, -1))
            acted = self._parsed(table.id, since)
            if not any(isinstance(a, dict) and a.get("seat") == seat.index for a in acted):
                table.error(seat, "moving", sink.lang)

    def _answered(self, table_id: str, seat: int | None = None) -> None:
        """The holder answered a person here (an error for `seat`), or the table was let go
        (every seat): nothing is waiting for it any more."""
        for key in [k for k in self._sent if k[0] == table_id and seat in (None, k[1])]:
            del self._sent[key]

    def _still_holds(self, table_id: str) -> bool:
        """Whether this process's lock on the table is still its own (checked before acting
        on a person's message: a process that froze past its lock and woke has not yet
        noticed that another took the table). Redis failing to say is taken for yes: the
        message is acted on as before, and its action, which cannot be saved then, closes the
        table here (the person joins again) rather than leaving them without an answer."""
        try:
            holder = self._do(lambda: self.db.get(_key(table_id, "lock")))
        except StoreError:
            return True
        if holder is not None and holder.decode() == self.me:
            return True
        self.held.discard(table_id)
        return False

    def _alive(self, proc: str) -> bool:
        return bool(self._do(lambda: self.db.exists(f"sueca:p:{proc}")))

    def _follow_log(self, table: Table) -> None:
        """Catch up with the table's log if it is longer than this process has made: its
        holder was killed (or lost its connection) between writing an action and announcing
        it, so no announcement will come. Before, the people and watchers here saw the table
        as it was until its next action, or until this process took it over (a watcher's
        process never does)."""
        if self._do(lambda: self.db.llen(_key(table.id, "log"))) > table.logged:
            self._catch_up(table)

    def _catch_up(self, table: Table) -> None:
        actions = self._do(lambda: self.db.lrange(_key(table.id, "log"), table.logged, -1))
        if actions:
            table.follow(self._parsed(table.id, actions))

    def _send_in(self, table: Table, message: dict[str, Any]) -> bool:
        """To the process holding `table` (by name: a process that held it before and still
        listens, or wakes from a freeze, leaves it alone); whether one heard it."""
        holder = self._do(lambda: self.db.get(_key(table.id, "lock")))
        if holder is None or holder.decode() == self.me:
            return False  # nobody holds it, or this process is letting it go: in a moment
        to = holder.decode()
        text = json.dumps({"proc": self.me, "to": to, **message}, ensure_ascii=False)
        heard: int = self._do(lambda: self.db.publish(f"sueca:{table.id}:in", text))
        return heard > 0

    # A Redis that fails (down, a connection reset) is said in the log, and the person is
    # asked to come back (a join) or to play again in a moment (a message): the table goes
    # on once Redis does.

    def joined(self, table: Table, seat: Seat, sink: Sink) -> bool:
        if _remote(sink):
            return True  # the holder noting a person of another process
        try:
            self._do(lambda: self.db.hset(_key(table.id, "here"), str(seat.index), self.me))
            if self._hold(table):
                return True
            page = str(getattr(sink, "page", ""))  # the same page coming back is told nothing
            self._send_in(
                table, {"type": "join", "seat": seat.index, "lang": sink.lang, "page": page}
            )
        except StoreError as exc:
            log.error("table %s: %s", table.id, exc)
            sink.close(1013, phrase(sink.lang, "table.closed_unreachable"))
        return False

    def left(self, table: Table, seat: Seat, sink: Sink) -> bool:
        if _remote(sink):
            return True
        key = _key(table.id, "here")
        try:
            self._do(lambda: self._gone(keys=[key], args=[str(seat.index), self.me]))
            if table.id in self.held:
                return True
            self._send_in(table, {"type": "leave", "seat": seat.index})
        except StoreError as exc:
            log.error("table %s: %s", table.id, exc)
        return table.id in self.held

    def act(self, table: Table, seat: Seat, message: dict[str, Any], lang: str) -> bool:
        try:
            if table.id in self.held or _remote(seat.sink) or self._hold(table):
                return True
            sent = {"type": "act", "seat": seat.index, "message": message, "lang": lang}
            heard = self._send_in(table, sent)
            if heard:
                self._sent[(table.id, seat.index)] = table.logged
        except StoreError as exc:
            log.error("table %s: %s", table.id, exc)
            heard = False
        if not heard:
            table.error(seat, "moving", "pt" if lang == "pt" else "en")
        return False

    def tell(self, proc: str, message: dict[str, Any]) -> None:
        with contextlib.suppress(StoreError):
            self._do(lambda: self.db.publish(f"sueca:p:{proc}", json.dumps(message)))

    def _dispatch(self, channel: str, data: Any) -> None:
        parts = channel.split(":")
        if parts[1] == "p":  # for this process: an error or a close for a person here
            table = self.tables.get(str(data.get("table")))
            if table is None:
                return
            seat = table.seats[int(data["seat"])]
            if "notice" in data:  # no answer to a message sent: what waits for one still does
                if seat.sink is not None and not _remote(seat.sink):
                    seat.sink.push(data["notice"])
                return
            waiting = (table.id, seat.index) in self._sent
            self._answered(table.id, seat.index)
            if seat.sink is None or _remote(seat.sink):
                return
            if "moving" in data and not waiting:
                # From a holder that woke from a freeze, about a message this process has
                # already asked the person to send again (it took the table over meanwhile).
                return
            if "error" in data:
                seat.sink.push(data["error"])
            elif "moving" in data:
                table.error(seat, "moving", seat.sink.lang)
            elif "close" in data and table.id not in self.held:
                # (A close from another process while this one holds the table comes from a
                # holder that froze past its lock and woke: it closes its copy of the table,
                # and the person here has nothing to do with it.)
                code, reason = data["close"]
                seat.sink.close(int(code), str(reason))
            return
        table = self.tables.get(parts[1])
        if len(parts) == 3 and data.get("to", self.me) != self.me:
            return  # for the process that holds the table now
        held = table is not None and not table.closed and table.id in self.held
        if held and len(parts) == 3 and data.get("type") == "act":
            held = self._still_holds(parts[1])
        if len(parts) == 3 and not held:
            # Sent to this process while it held the table, acted on after it let it go (it
            # was frozen past its lock, or closed the table): the person is asked to play
            # again, as when nobody holds it, rather than left without an answer.
            if data.get("type") == "act" and data.get("to") == self.me:
                self.tell(str(data["proc"]), {"table": parts[1], "seat": data["seat"], "moving": 1})
            return
        if table is None or table.closed:
            return
        if len(parts) == 2:  # the log grew
            if table.id not in self.held:
                self._catch_up(table)
            return
        if table.id not in self.held:
            return
        seat = table.seats[int(data["seat"])]
        proc = str(data["proc"])
        sink = seat.sink
        mine = isinstance(sink, RemoteSink) and sink.proc == proc
        if data["type"] == "leave":
            if mine:
                assert sink is not None
                table.leave(seat, sink)
            return
        lang = str(data.get("lang", "en"))
        if not mine:
            page = str(data.get("page", ""))[:64]
            table.join(seat, RemoteSink(self, table.id, proc, seat.index, lang, page))
        elif isinstance(sink, RemoteSink):
            sink.lang = "pt" if lang == "pt" else "en"
        if data["type"] == "act" and isinstance(data.get("message"), dict):
            table.handle(seat, data["message"])


def _remote(sink: object) -> bool:
    return bool(getattr(sink, "remote", False))


def _shown(url: str) -> str:
    """The URL without its password."""
    if "@" in url:
        scheme, _, rest = url.partition("://")
        return f"{scheme}://…@{rest.rpartition('@')[2]}"
    return url[:200]


def _said(exc: BaseException) -> str:
    return (str(exc) or type(exc).__name__).splitlines()[0][:200]
