"""Where the tables are kept, so that they outlive the process: each table as an event log.

A table is stored as its header (the variant as a mapping, the seed the deals come from, the
seats with their kinds, bot levels and join tokens, the watch secret) and the list of the
actions accepted at it, in order (a card played, a claim, any other answer to a decision of
the match, a count agreed, the start, a rematch, a seat joined): replaying the list on a new
`Match` of the same seed rebuilds the table exactly, because the engine is deterministic. No
object is ever pickled. Each finished match's record is kept too, so that it can be downloaded
until the table is pruned.

`SqliteStore` keeps that in one SQLite file (WAL mode; every action committed in a
`BEGIN IMMEDIATE` transaction before anyone is told of it). Several processes may share the
file: each table is written only by the process holding it (a lease that the holder renews;
a table whose holder died, or whose lease ran out, may be taken by another process).
`MemoryStore` keeps the same in the process's memory (`sueca serve --db :memory:`): a restart
loses it.
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import socket
import sqlite3
import struct
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Protocol, TypeAlias, runtime_checkable

from .._lang._catalogue import cli_catalogue

__all__ = [
    "APPLICATION_ID",
    "REMATCH_PREFIX",
    "SCHEMA_VERSION",
    "START_PREFIX",
    "Actions",
    "Done",
    "MemoryStore",
    "Sharing",
    "SqliteStore",
    "Store",
    "StoreError",
    "StoreLostError",
    "StoredTable",
    "default_db_path",
    "open_store",
]

APPLICATION_ID: Final = 0x53756563
"""`PRAGMA application_id` of our databases ("Suec"): a SQLite file without it is not ours."""

SCHEMA_VERSION: Final = 2
"""`PRAGMA user_version` of the schema this code writes; older files are migrated."""

LEASE_SECONDS: Final = 60.0
"""How long a process holds a table without renewing its lease (the janitor renews it)."""

_SCHEMA_V1: Final = (
    """CREATE TABLE tables (
        id TEXT PRIMARY KEY,
        header TEXT NOT NULL,
        created REAL NOT NULL,
        updated REAL NOT NULL,
        ended REAL,
        owner TEXT,
        owner_host TEXT,
        owner_pid INTEGER,
        lease REAL
    )""",
    "CREATE INDEX tables_ended ON tables (ended)",
    """CREATE TABLE actions (
        table_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (table_id, seq)
    ) WITHOUT ROWID""",
    """CREATE TABLE records (
        table_id TEXT NOT NULL,
        number INTEGER NOT NULL,
        record TEXT NOT NULL,
        PRIMARY KEY (table_id, number)
    ) WITHOUT ROWID""",
)

START_PREFIX: Final = json.dumps({"type": "start"})[:-1]
"""How the text of a stored action that starts a match begins (`{"type": "start"}`, or with
the seat of the host who started it): actions are stored as `json.dumps` writes them."""

REMATCH_PREFIX: Final = json.dumps({"type": "rematch"})[:-1]
"""As `START_PREFIX`, of a rematch's start."""

Actions: TypeAlias = list[dict[str, Any]]
"""Accepted actions of a table, as stored (JSON objects, in order)."""

Done: TypeAlias = tuple[int, str] | None
"""A match finished by the actions appended: its number and its record as JSON text."""

_SCHEMA_V2: Final = (
    """CREATE TABLE secrets (
        name TEXT PRIMARY KEY,
        value TEXT NOT NULL
    ) WITHOUT ROWID""",
)
"""Version 2 keeps the server's own secrets (a tournament organiser's link) over a restart."""


def new_secret() -> str:
    """An unguessable secret for a link (144 random bits, URL-safe)."""
    return secrets.token_urlsafe(18)


MIGRATIONS: Final[dict[int, tuple[str, ...]]] = {1: _SCHEMA_V1, 2: _SCHEMA_V2}
"""The statements that bring a database from version `n - 1` to version `n`."""


class StoreError(Exception):
    """The store cannot be opened or written; the message is one line that says why (in
    English, for the server's log). An error of opening it has the key of its phrase in the
    command line's words too, so that `sueca serve` says it in the user's language."""

    def __init__(
        self, message: str, key: str | None = None, params: dict[str, str | int] | None = None
    ) -> None:
        super().__init__(message)
        self.key = key
        self.params: dict[str, str | int] = dict(params or {})

    def said(self, lang: str) -> str:
        """The message in `lang` (`en`, `pt`) where it has a phrase, else as it is."""
        if self.key is None:
            return str(self)
        return cli_catalogue(lang)(self.key, **self.params)


def refused(key: str, **params: str | int) -> StoreError:
    """An error of opening a store, by the key of its phrase (`serve.db.*`, `serve.redis.*` in
    the command line's words)."""
    return StoreError(cli_catalogue("en")(key, **params), key, params)


class StoreLostError(StoreError):
    """This process no longer holds the table (another process took it over)."""


class DamagedTableError(StoreError):
    """A table's stored values cannot be read (damaged on the disk or in Redis, by hand, a bad
    restore): that table only, and for good; asking again does not help."""


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table as stored: its header and its actions in the order they were accepted."""

    id: str
    header: dict[str, Any]
    actions: list[dict[str, Any]]


class Store(Protocol):
    """Where the tables' event logs are kept (`SqliteStore`, `MemoryStore`)."""

    name: str
    """What to call it in messages (the file, or `:memory:`)."""

    def create(self, table_id: str, header: dict[str, Any], claim: str | None = None) -> str:
        """Keep a new table (held by this process) and give its id. With `claim` (a name for
        what the table is for, such as a tournament's pairing, kept in the header as
        `"claim"`): only if no open table has that claim, else nothing is made and that
        table's id is given. The look and the making are one step in the store, so that two
        processes sharing it never both make a table for one claim."""

    def append(self, table_id: str, seq: int, actions: Actions, record: Done = None) -> None:
        """Commit `actions` as the table's actions `seq`, `seq + 1`, … (and the JSON text of
        its finished match number `record[0]`); raise `StoreLostError` if this process no
        longer holds the table, `StoreError` if it cannot be written."""

    def end(self, table_id: str) -> None:
        """The table is closed (expired): it is kept, its records downloadable, until
        pruned."""

    def live(self) -> list[str]:
        """The ids of the tables still open that no live process holds (to be restored), the
        most recently changed first."""

    def take(self, table_id: str) -> StoredTable | None:
        """Hold the table and read it back; `None` when there is no such open table or
        another live process holds it."""

    def held_elsewhere(self, table_id: str) -> bool:
        """Whether the table is open and held by another live process sharing this store
        (`take` gives `None` for it): a table this process cannot serve, not one that is gone."""

    def header(self, table_id: str) -> dict[str, Any] | None:
        """The header of a table, open or closed (until pruned)."""

    def open_headers(self) -> dict[str, dict[str, Any]]:
        """The headers of the open tables by id, whichever process holds them (or none, left
        in the store at a restart); one that cannot be read (damaged) is left out."""

    def progress(self, table_ids: list[str]) -> dict[str, str]:
        """How far each of the open tables `table_ids` has got, as its log says, in one read:
        `"waiting"` (no match started yet), `"playing"` or `"finished"` (a match of it is over:
        its record is kept); a table that is not open is left out."""

    def latest_record(self, table_id: str) -> tuple[int, str] | None:
        """The number and JSON text of the table's last finished match."""

    def secret(self, name: str) -> str:
        """The secret kept under `name`: made (unguessable) the first time it is asked for,
        the same one after a restart (and in every process sharing the store)."""

    def renew(self) -> None:
        """Renew this process's hold on its tables."""

    def release(self) -> None:
        """Let go of every table this process holds (it is stopping)."""

    def prune(self, keep_seconds: float, idle_seconds: float) -> int:
        """Close the open tables that no process holds where nothing happened for
        `idle_seconds`, and forget those closed more than `keep_seconds` ago (their logs and
        records) and those closed before any match of theirs finished (nothing to download);
        how many were forgotten."""

    def close(self) -> None:
        """Close the store (after `release`)."""


@runtime_checkable
class Sharing(Protocol):
    """A store that several processes share at once (`sueca serve --redis`): one of them
    holds each table (decides for it: its bots play there, people's messages are sent there);
    the others follow the table's log. A table calls these on its own events."""

    def track(self, table: Any) -> None:
        """`table` is open in this process: follow its log."""

    def holds(self, table: Any) -> bool:
        """Whether this process holds `table` now."""

    def joined(self, table: Any, seat: Any, sink: Any) -> bool:
        """A browser of this process holds `seat` now; whether this process decides (else
        the holder is told)."""

    def left(self, table: Any, seat: Any, sink: Any) -> bool:
        """The browser of this process at `seat` went away; whether this process decides."""

    def act(self, table: Any, seat: Any, message: dict[str, Any], lang: str) -> bool:
        """A person's message: `True` to decide it here (this process holds the table), else
        it was sent to the process that does (or refused, if none does for now)."""

    async def aclose(self) -> None:
        """`close()` from the event loop the store listens on, its listening tasks stopped
        and their connection let go (a server that stops)."""


def default_db_path() -> Path:
    """The default `--db`: `tables.db` in the user's data folder (`$XDG_DATA_HOME` or
    `~/.local/share`, `%LOCALAPPDATA%` on Windows), under `sueca-rules`."""
    base = os.environ.get("XDG_DATA_HOME") or (
        os.environ.get("LOCALAPPDATA") if os.name == "nt" else None
    )
    root = Path(base) if base else Path.home() / ".local" / "share"
    return root / "sueca-rules" / "tables.db"


def open_store(value: str | None) -> Store:
    """The store `--db value` names: `:memory:`, a file path, or (`None`) the default file."""
    if value == ":memory:":
        return MemoryStore()
    if value is None:
        path = default_db_path()
        try:
            path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        except OSError as exc:
            raise refused(
                "serve.db.no_folder_made", path=str(path.parent), reason=str(exc.strerror or exc)
            ) from None
        return SqliteStore(path)
    if not value.strip() or len(value) > 4096:
        raise refused("serve.db.not_a_path")
    return SqliteStore(Path(value))


# --- in memory ------------------------------------------------------------------------------


@dataclass
class _Kept:
    header: dict[str, Any]
    actions: list[dict[str, Any]] = field(default_factory=list)
    records: dict[int, str] = field(default_factory=dict)
    updated: float = 0.0
    ended: float | None = None


class MemoryStore:
    """The tables' logs in this process's memory (`--db :memory:`): lost when it stops."""

    name = ":memory:"

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self.tables: dict[str, _Kept] = {}
        self.secrets: dict[str, str] = {}

    def create(self, table_id: str, header: dict[str, Any], claim: str | None = None) -> str:
        if claim is not None:
            for other, kept in self.tables.items():
                if kept.ended is None and kept.header.get("claim") == claim:
                    return other
            header = {**header, "claim": claim}
        self.tables[table_id] = _Kept(json.loads(json.dumps(header)), updated=self.clock())
        return table_id

    def append(self, table_id: str, seq: int, actions: Actions, record: Done = None) -> None:
        kept = self.tables.get(table_id)
        if kept is None or kept.ended is not None or len(kept.actions) != seq:
            raise StoreLostError(f"table {table_id} is no longer held here")
        kept.actions.extend(json.loads(json.dumps(a)) for a in actions)
        if record is not None:
            kept.records[record[0]] = record[1]
        kept.updated = self.clock()

    def end(self, table_id: str) -> None:
        kept = self.tables.get(table_id)
        if kept is not None and kept.ended is None:
            kept.ended = self.clock()

    def live(self) -> list[str]:
        open_ = [(kept.updated, tid) for tid, kept in self.tables.items() if kept.ended is None]
        return [tid for _, tid in sorted(open_, key=lambda pair: -pair[0])]

    def take(self, table_id: str) -> StoredTable | None:
        kept = self.tables.get(table_id)
        if kept is None or kept.ended is not None:
            return None
        return StoredTable(table_id, kept.header, list(kept.actions))

    def held_elsewhere(self, table_id: str) -> bool:
        return False  # one process's memory

    def header(self, table_id: str) -> dict[str, Any] | None:
        kept = self.tables.get(table_id)
        return kept.header if kept is not None else None

    def open_headers(self) -> dict[str, dict[str, Any]]:
        return {tid: kept.header for tid, kept in self.tables.items() if kept.ended is None}

    def progress(self, table_ids: list[str]) -> dict[str, str]:
        found: dict[str, str] = {}
        for table_id in table_ids:
            kept = self.tables.get(table_id)
            if kept is None or kept.ended is not None:
                continue
            started = any(a.get("type") in ("start", "rematch") for a in kept.actions)
            found[table_id] = "finished" if kept.records else "playing" if started else "waiting"
        return found

    def latest_record(self, table_id: str) -> tuple[int, str] | None:
        kept = self.tables.get(table_id)
        if kept is None or not kept.records:
            return None
        number = max(kept.records)
        return number, kept.records[number]

    def secret(self, name: str) -> str:
        return self.secrets.setdefault(name, new_secret())

    def renew(self) -> None:
        return None

    def release(self) -> None:
        return None

    def prune(self, keep_seconds: float, idle_seconds: float) -> int:
        # Every open table is this process's: the manager closes those that went idle.
        ended_before = self.clock() - keep_seconds
        old = [
            t
            for t, k in self.tables.items()
            if k.ended is not None and (k.ended < ended_before or not k.records)
        ]
        for table_id in old:
            del self.tables[table_id]
        return len(old)

    def close(self) -> None:
        return None


# --- SQLite ---------------------------------------------------------------------------------


def _pid_alive(pid: int) -> bool:
    """Whether process `pid` runs: it exists and is not a zombie (a process killed whose parent
    has not yet collected it, as a test harness or a supervisor may leave it)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        pass  # it exists, under another user
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return True  # no /proc (not Linux): it exists
    return stat.rpartition(")")[2].split()[:1] != ["Z"]  # the state follows the (name)


_WAL_HEADER_BYTES: Final = 32
"""The size of a SQLite write-ahead log's header: a longer log holds changes (frames)."""

_WAL_MAGIC: Final = (0x377F0682, 0x377F0683)
"""The first word of a write-ahead log: checksums of little-endian words, or of big-endian."""


def _wal_sums(data: bytes, big: bool, s0: int, s1: int) -> tuple[int, int]:
    """SQLite's checksum of a write-ahead log's `data`, going on from `s0`, `s1`."""
    words = struct.unpack(f"{'>' if big else '<'}{len(data) // 4}I", data)
    for i in range(0, len(words), 2):
        s0 = (s0 + words[i] + s1) & 0xFFFFFFFF
        s1 = (s1 + words[i + 1] + s0) & 0xFFFFFFFF
    return s0, s1


_WAL_CHECKED_BYTES: Final = 64 * 1024 * 1024
"""The largest write-ahead log read for damage at start-up (the server's own stay near 4 MB, as
SQLite copies them into the database every thousand pages); a larger one is left to SQLite."""


def _wal_damaged(wal: Path, tries: int = 20) -> bool:
    """Whether the write-ahead log `wal` is damaged (`_wal_damage`), read again until two reads
    in a row are the same (a log another process is writing is no proof of damage: read as it
    changes, it may look so); `False` when it never settles in `tries` reads, or is larger than
    `_WAL_CHECKED_BYTES`."""
    seen: bytes | None = None
    for _ in range(tries):
        try:
            with wal.open("rb") as file:
                data = file.read(_WAL_CHECKED_BYTES + 1)
        except OSError:
            return False
        if len(data) > _WAL_CHECKED_BYTES:
            return False
        if not _wal_damage(data):
            return False
        if data == seen:
            return True
        seen = data
        time.sleep(0.05)
    return False


def _wal_damage(data: bytes) -> bool:
    """Whether the write-ahead log `data` was damaged so that SQLite would throw away changes
    that were committed: its header is not valid while changes follow it, or a change whose
    checksum does not hold is followed by a committed change of the same log. SQLite reads a
    log up to its first frame that does not check, and forgets the rest; after a crash that
    rest holds at most a transaction that never committed (frames are written in order, the
    commit last), so a commit past it means the bytes were damaged (by hand, a disk, a bad
    copy), not cut short by a crash. Frames of an older log (other salts) are not counted."""
    if len(data) <= _WAL_HEADER_BYTES:
        return False
    magic, _version, page, _, salt1, salt2, c1, c2 = struct.unpack(">8I", data[:32])
    big = magic == _WAL_MAGIC[1]
    if magic not in _WAL_MAGIC or page < 512 or page & (page - 1):
        return True
    if _wal_sums(data[:24], big, 0, 0) != (c1, c2):
        return True
    size = 24 + page
    s0, s1 = c1, c2
    broken = False
    for offset in range(_WAL_HEADER_BYTES, len(data) - size + 1, size):
        _page, commit, f1, f2, k1, k2 = struct.unpack(">6I", data[offset : offset + 24])
        if (f1, f2) != (salt1, salt2):
            if not broken:
                broken = True  # the end of this log: what follows is an older one's
            continue
        if broken:
            if commit:
                return True  # a committed change past the end SQLite would find
            continue
        sums = _wal_sums(data[offset : offset + 8], big, s0, s1)
        sums = _wal_sums(data[offset + 24 : offset + size], big, *sums)
        if sums != (k1, k2):
            broken = True
            continue
        s0, s1 = sums
    return False


_OWNERS_HERE: Final[set[str]] = set()
"""The owners of the stores opened by this process: a lease held under this process's pid by
any other owner was taken by an earlier process that had the same pid (a container restarted
as pid 1), and that process is gone."""


class SqliteStore:
    """The tables' logs in a SQLite file, shared safely by several processes."""

    def __init__(self, path: Path, clock: Callable[[], float] = time.time) -> None:
        self.path = path
        self.name = str(path)
        self.clock = clock
        self.owner = uuid.uuid4().hex
        _OWNERS_HERE.add(self.owner)
        self.host = socket.gethostname()
        self.pid = os.getpid()
        self._lock = threading.Lock()
        self._db = self._open()

    # --- opening: never write to a file that is not ours ----------------------------------

    def _fail(self, why: str) -> StoreError:
        return StoreError(f"the database {self.name} {why}")

    def _open(self) -> sqlite3.Connection:
        path = self.path
        if path.is_dir():
            raise refused("serve.db.folder", name=self.name)
        if not path.parent.is_dir():
            raise refused("serve.db.no_folder", name=self.name, folder=str(path.parent))
        self._wal_kept(path)
        new = not path.exists()
        try:
            db = sqlite3.connect(path, timeout=10.0, isolation_level=None, check_same_thread=False)
        except sqlite3.Error as exc:
            raise refused("serve.db.cannot_open", name=self.name, reason=str(exc)) from None
        try:
            self._check(db)
            db.execute("PRAGMA busy_timeout = 10000")
            mode = db.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise refused("serve.db.no_wal", name=self.name, mode=str(mode))
            db.execute("PRAGMA synchronous = NORMAL")
            self._migrate(db)
        except sqlite3.Error as exc:
            db.close()
            raise refused("serve.db.cannot_use", name=self.name, reason=str(exc)) from None
        except StoreError:
            db.close()
            raise
        if new:
            with contextlib.suppress(OSError):
                path.chmod(0o600)  # it holds the join links and the secrets of the deals
        return db

    def _wal_kept(self, path: Path) -> None:
        """Refuse a database file that is missing or empty beside a write-ahead log holding
        changes (the file was deleted, emptied or cut short; never one of ours after a crash:
        SQLite writes the file's first page before its first change goes to the log), or
        beside a log damaged so that SQLite would drop committed changes (`_wal_damaged`).
        SQLite would take an empty file for a new database and delete the log at its first
        read, with every table in it, and would copy a damaged log's first part into the file
        at its first checkpoint, forgetting the rest: nothing is opened, so both files stay as
        they are."""
        wal = path.with_name(path.name + "-wal")
        try:
            logged = wal.stat().st_size
            size = path.stat().st_size if path.exists() else None
        except OSError:
            return  # no log: nothing to lose
        if logged <= _WAL_HEADER_BYTES:
            return  # a log with no change in it
        if size is not None and size > 0:
            if _wal_damaged(wal):
                raise refused("serve.db.wal_damaged", name=self.name, wal=str(wal))
            return
        key = "serve.db.missing_beside_wal" if size is None else "serve.db.empty_beside_wal"
        raise refused(key, name=self.name, wal=str(wal))

    def _check(self, db: sqlite3.Connection) -> None:
        """Refuse a file that is not a SQLite database, not ours, of a newer schema or
        damaged, before anything is written to it."""
        try:
            app = db.execute("PRAGMA application_id").fetchone()[0]
            version = db.execute("PRAGMA user_version").fetchone()[0]
            names = {r[0] for r in db.execute("SELECT name FROM sqlite_master")}
        except sqlite3.DatabaseError as exc:
            raise refused("serve.db.not_sqlite", name=self.name, reason=str(exc)) from None
        if app == 0 and not names and version == 0:
            return  # empty: ours to make
        if app != APPLICATION_ID:
            raise refused("serve.db.not_ours", name=self.name)
        if version > SCHEMA_VERSION:
            raise refused(
                "serve.db.newer", name=self.name, version=int(version), known=SCHEMA_VERSION
            )
        try:
            verdict = db.execute("PRAGMA quick_check").fetchone()[0]
        except sqlite3.DatabaseError as exc:
            raise refused("serve.db.damaged", name=self.name, reason=str(exc)) from None
        if verdict != "ok":
            # SQLite's verdict is several lines (a heading, then a line a fault): the first
            # fault, on the one line of the refusal.
            faults = [line for line in str(verdict).splitlines() if not line.startswith("***")]
            reason = " ".join((faults or [str(verdict)])[0].split())[:200]
            raise refused("serve.db.damaged", name=self.name, reason=reason)

    def _migrate(self, db: sqlite3.Connection) -> None:
        db.execute("BEGIN IMMEDIATE")
        try:
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version == 0:
                db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            for step in range(version + 1, SCHEMA_VERSION + 1):
                for statement in MIGRATIONS[step]:
                    db.execute(statement)
                db.execute(f"PRAGMA user_version = {step}")
            # Written even when there was nothing to migrate: a file that can be read but not
            # written is refused here, not at the first table's write.
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise

    # --- writing --------------------------------------------------------------------------

    def _write(self, work: Callable[[sqlite3.Connection], object]) -> None:
        """Run `work` in one `BEGIN IMMEDIATE` transaction (waiting up to the busy timeout
        for another process's)."""
        with self._lock:
            db = self._db
            try:
                db.execute("BEGIN IMMEDIATE")
                try:
                    work(db)
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
                db.execute("COMMIT")
            except sqlite3.Error as exc:
                raise self._fail(f"cannot be written: {exc}") from None

    def _read(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            try:
                return self._db.execute(sql, params).fetchall()
            except sqlite3.Error as exc:
                raise self._fail(f"cannot be read: {exc}") from None

    def create(self, table_id: str, header: dict[str, Any], claim: str | None = None) -> str:
        now = self.clock()
        text = json.dumps(
            header if claim is None else {**header, "claim": claim}, ensure_ascii=False
        )
        made = [table_id]

        def work(db: sqlite3.Connection) -> None:
            if claim is not None:
                # In the same `BEGIN IMMEDIATE` transaction as the insert: no other process
                # writes between the look and the making (a damaged header is no claim).
                held = db.execute(
                    "SELECT id FROM tables WHERE ended IS NULL AND json_valid(header) "
                    "AND json_extract(header, '$.claim') = ? ORDER BY created LIMIT 1",
                    (claim,),
                ).fetchone()
                if held is not None:
                    made[0] = str(held[0])
                    return
            db.execute(
                "INSERT INTO tables (id, header, created, updated, owner, owner_host, "
                "owner_pid, lease) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (table_id, text, now, now, self.owner, self.host, self.pid, now + LEASE_SECONDS),
            )

        self._write(work)
        return made[0]

    def append(self, table_id: str, seq: int, actions: Actions, record: Done = None) -> None:
        now = self.clock()
        rows = [
            (table_id, seq + i, json.dumps(a, ensure_ascii=False)) for i, a in enumerate(actions)
        ]

        def work(db: sqlite3.Connection) -> None:
            held = db.execute(
                "SELECT owner FROM tables WHERE id = ? AND ended IS NULL", (table_id,)
            ).fetchone()
            if held is None or held[0] != self.owner:
                raise StoreLostError(f"table {table_id} is held by another process now")
            try:
                db.executemany("INSERT INTO actions VALUES (?, ?, ?)", rows)
            except sqlite3.IntegrityError:
                raise StoreLostError(f"table {table_id} was written by another process") from None
            if record is not None:
                db.execute("INSERT OR REPLACE INTO records VALUES (?, ?, ?)", (table_id, *record))
            db.execute(
                "UPDATE tables SET updated = ?, lease = ? WHERE id = ?",
                (now, now + LEASE_SECONDS, table_id),
            )

        self._write(work)

    def end(self, table_id: str) -> None:
        now = self.clock()
        self._write(
            lambda db: db.execute(
                "UPDATE tables SET ended = ?, owner = NULL WHERE id = ? AND owner = ? "
                "AND ended IS NULL",
                (now, table_id, self.owner),
            )
        )

    def _free(self, row: tuple[Any, ...], now: float) -> bool:
        """Whether a table (its owner, owner_host, owner_pid, lease) may be taken."""
        owner, host, pid, lease = row
        if owner is None or owner == self.owner:
            return True
        if lease is None or lease < now:
            return True
        # The holder ran on this machine and is gone (a crash, kill -9): no need to wait for
        # its lease to run out.
        if host != self.host or pid is None:
            return False
        if pid == self.pid:
            return owner not in _OWNERS_HERE  # a process before this one, with the same pid
        return not _pid_alive(int(pid))

    def live(self) -> list[str]:
        now = self.clock()
        rows = self._read(
            "SELECT id, owner, owner_host, owner_pid, lease FROM tables WHERE ended IS NULL "
            "ORDER BY updated DESC, created DESC"
        )
        return [row[0] for row in rows if self._free(row[1:], now)]

    def take(self, table_id: str) -> StoredTable | None:
        now = self.clock()
        found: list[StoredTable] = []

        def work(db: sqlite3.Connection) -> None:
            row = db.execute(  # the values as bytes: one that is not UTF-8 is damaged
                "SELECT CAST(header AS BLOB), owner, owner_host, owner_pid, lease FROM tables "
                "WHERE id = ? AND ended IS NULL",
                (table_id,),
            ).fetchone()
            if row is None or not self._free(row[1:], now):
                return
            db.execute(
                "UPDATE tables SET owner = ?, owner_host = ?, owner_pid = ?, lease = ? "
                "WHERE id = ?",
                (self.owner, self.host, self.pid, now + LEASE_SECONDS, table_id),
            )
            actions = db.execute(
                "SELECT CAST(action AS BLOB) FROM actions WHERE table_id = ? ORDER BY seq",
                (table_id,),
            ).fetchall()
            try:  # a value damaged on the disk (SQLite's check reads no value): this table only
                header = json.loads(row[0])
                kept = [json.loads(a[0]) for a in actions]
            except ValueError as exc:
                raise DamagedTableError(
                    f"the database {self.name} is damaged: table {table_id} cannot be read "
                    f"({exc}); it was left as it is"
                ) from None
            found.append(StoredTable(table_id, header, kept))

        self._write(work)
        return found[0] if found else None

    def held_elsewhere(self, table_id: str) -> bool:
        rows = self._read(
            "SELECT owner, owner_host, owner_pid, lease FROM tables WHERE id = ? AND ended IS NULL",
            (table_id,),
        )
        return bool(rows) and not self._free(tuple(rows[0]), self.clock())

    def header(self, table_id: str) -> dict[str, Any] | None:
        rows = self._read("SELECT CAST(header AS BLOB) FROM tables WHERE id = ?", (table_id,))
        if not rows:
            return None
        try:
            header: dict[str, Any] = json.loads(rows[0][0])
        except ValueError as exc:  # not JSON, or not UTF-8: damaged on the disk
            raise DamagedTableError(
                f"the database {self.name} is damaged: table {table_id} cannot be read "
                f"({exc}); it was left as it is"
            ) from None
        return header

    def open_headers(self) -> dict[str, dict[str, Any]]:
        found: dict[str, dict[str, Any]] = {}
        for table_id, text in self._read(
            "SELECT id, CAST(header AS BLOB) FROM tables WHERE ended IS NULL"
        ):
            with contextlib.suppress(ValueError):  # damaged on the disk: `take` says so
                found[table_id] = json.loads(text)
        return found

    def progress(self, table_ids: list[str]) -> dict[str, str]:
        if not table_ids:
            return {}
        marks = ", ".join("?" * len(table_ids))
        rows = self._read(
            "SELECT id, EXISTS (SELECT 1 FROM records r WHERE r.table_id = t.id), "
            "EXISTS (SELECT 1 FROM actions a WHERE a.table_id = t.id AND "
            "(substr(a.action, 1, ?) = ? OR substr(a.action, 1, ?) = ?)) "
            f"FROM tables t WHERE ended IS NULL AND id IN ({marks})",
            (len(START_PREFIX), START_PREFIX, len(REMATCH_PREFIX), REMATCH_PREFIX, *table_ids),
        )
        return {
            str(tid): "finished" if done else "playing" if started else "waiting"
            for tid, done, started in rows
        }

    def latest_record(self, table_id: str) -> tuple[int, str] | None:
        rows = self._read(
            "SELECT number, CAST(record AS BLOB) FROM records WHERE table_id = ? "
            "ORDER BY number DESC LIMIT 1",
            (table_id,),
        )
        if not rows:
            return None
        try:
            return int(rows[0][0]), bytes(rows[0][1]).decode("utf-8")
        except ValueError as exc:  # not UTF-8: damaged on the disk
            raise DamagedTableError(
                f"the database {self.name} is damaged: the record of table {table_id} cannot "
                f"be read ({exc}); it was left as it is"
            ) from None

    def secret(self, name: str) -> str:
        made = new_secret()
        self._write(
            lambda db: db.execute(
                "INSERT OR IGNORE INTO secrets (name, value) VALUES (?, ?)", (name, made)
            )
        )
        return str(self._read("SELECT value FROM secrets WHERE name = ?", (name,))[0][0])

    def renew(self) -> None:
        now = self.clock()
        self._write(
            lambda db: db.execute(
                "UPDATE tables SET lease = ? WHERE owner = ? AND ended IS NULL",
                (now + LEASE_SECONDS, self.owner),
            )
        )

    def release(self) -> None:
        self._write(
            lambda db: db.execute(
                "UPDATE tables SET owner = NULL, lease = NULL WHERE owner = ?", (self.owner,)
            )
        )

    def prune(self, keep_seconds: float, idle_seconds: float) -> int:
        now = self.clock()
        ended_before, idle_before = now - keep_seconds, now - idle_seconds
        gone: list[int] = []

        def work(db: sqlite3.Connection) -> None:
            db.execute(
                "UPDATE tables SET ended = ?, owner = NULL WHERE ended IS NULL AND updated < ? "
                "AND (owner IS NULL OR lease < ?)",
                (now, idle_before, now),
            )
            old = (
                "SELECT id FROM tables WHERE ended IS NOT NULL AND (ended < ? OR id NOT IN "
                "(SELECT table_id FROM records))"
            )
            db.execute(f"DELETE FROM actions WHERE table_id IN ({old})", (ended_before,))
            db.execute(f"DELETE FROM records WHERE table_id IN ({old})", (ended_before,))
            cursor = db.execute(f"DELETE FROM tables WHERE id IN ({old})", (ended_before,))
            gone.append(cursor.rowcount)

        self._write(work)
        return gone[0]

    def close(self) -> None:
        with self._lock:
            self._db.close()
