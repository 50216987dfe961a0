"""Several server processes sharing every table through Redis (Debian's `redis-server`,
started by the test on a free loopback port; skipped where it is not installed): two people at
one table on two processes, one process killed with `kill -9` in the middle of the match, the
match finished on the other, every card of the record once."""

from __future__ import annotations

import asyncio
import json
import os
import random
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("redis")
pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from tests.test_web_restart import every_card_once, get, join, post, server

Msg = dict[str, Any]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    port = free_port()
    proc = _redis_on(port, tmp_path, keep=False)
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.kill()
        proc.wait(10)


class Person:
    """A person at one seat, on one server: plays a random legal card at each of its turns
    (again if the table was moving between servers)."""

    def __init__(self, ws: ClientConnection, seat: int, rng: random.Random) -> None:
        self.ws, self.seat, self.rng = ws, seat, rng
        self.state: Msg | None = None
        self.acted: tuple[int, int] | None = None
        self.errors: list[str] = []

    def read(self) -> bool:
        """Read what has come; whether anything did."""
        got = False
        while True:
            try:
                message: Msg = json.loads(self.ws.recv(timeout=0.02))
            except TimeoutError:
                return got
            got = True
            if message["type"] == "state":
                self.state = message
            else:
                self.errors.append(message["code"])
                if message["code"] == "moving":
                    self.acted = None

    def act(self) -> None:
        state = self.state
        if state is None or state["over"] or state["to_play"] != self.seat:
            return
        if state["phase"] != "play":
            return
        point = (state["deal"], state["cards_played"])
        if self.acted == point:
            return
        self.acted = point
        self.ws.send(json.dumps({"type": "play", "card": self.rng.choice(state["playable"])}))


def play(people: list[Person], until: Any, seconds: float = 90) -> None:
    deadline = time.monotonic() + seconds
    quiet = time.monotonic()
    while not until():
        assert time.monotonic() < deadline, "the match did not go on"
        got = [p.read() for p in people]  # every one of them reads (no short cut)
        if any(got):
            quiet = time.monotonic()
        elif time.monotonic() - quiet > 2:  # nothing for a while: say it again
            for p in people:
                p.acted = None
            quiet = time.monotonic()
        for p in people:
            p.act()


def drain(ws: ClientConnection) -> None:
    """Read until the connection ends (bounded)."""
    for _ in range(10_000):
        ws.recv(timeout=10)


QUICK = {"name": "One game", "extends": "portugal", "match": {"target_games": 1}}
"""A match of a deal or two, so that the test stays short."""


async def _stopped(store: Any) -> None:
    """Stop a store's every-second task and listener and let the subscription's connection
    go, as a server that stops does."""
    await store.aclose()


def test_a_stopping_server_lets_every_redis_connection_go(redis_url: str) -> None:
    """A server that stops closes its store from its event loop: the listener and the
    every-second task stopped, the listening connection and the others closed. `close()`
    alone left the listening connection open until the process ended."""
    import redis
    from starlette.testclient import TestClient

    from sueca_rules.web import create_app
    from sueca_rules.web._redis import RedisStore

    watcher = redis.Redis.from_url(redis_url)
    try:
        alone = len(watcher.client_list())  # the watcher itself
        store = RedisStore(redis_url)
        with TestClient(create_app(store=store)) as client:
            seats = ["human", "bot:1", "bot:1", "bot:1"]
            made = client.post("/api/tables", json={"variant": "portugal", "seats": seats})
            assert made.status_code == 200, made.text
            deadline = time.monotonic() + 30  # (a busy machine: the loop ends when it is so)
            while len(watcher.client_list()) < alone + 2 and time.monotonic() < deadline:
                time.sleep(0.05)  # the listener's connection, as it subscribes
            assert len(watcher.client_list()) >= alone + 2
            assert store._pubsub is not None
        assert store._pubsub is None
        assert not store._tasks  # stopped, and forgotten
        deadline = time.monotonic() + 30
        while len(watcher.client_list()) > alone and time.monotonic() < deadline:
            time.sleep(0.05)  # Redis forgets a closed connection at once, or nearly
        assert len(watcher.client_list()) == alone
    finally:
        watcher.close()


def test_two_processes_share_a_table_and_one_is_killed(redis_url: str) -> None:
    rng = random.Random(4)
    with (
        server("--redis", redis_url) as (a_proc, a),
        server("--redis", redis_url) as (_, b),
        ExitStack() as stack,
    ):
        table = post(
            a,
            "/api/tables",
            {"variant": QUICK, "seats": ["human", "bot:1", "human", "bot:1"], "seed": 5},
        )
        p0 = Person(stack.enter_context(join(a, table, 0)), 0, rng)
        p2 = Person(stack.enter_context(join(b, table, 2)), 2, rng)
        people = [p0, p2]
        # The person on the second process plays too: their cards go to the first.
        play(people, lambda: p2.state is not None and p2.state.get("cards_played", 0) >= 22)
        assert p2.state is not None
        seen = (p2.state["deal"], p2.state["cards_played"])
        os.kill(a_proc.pid, signal.SIGKILL)
        a_proc.wait(10)
        with pytest.raises(ConnectionClosed):
            drain(p0.ws)
        # Seat 0's person comes back through the other process and the match goes on there.
        p0 = Person(stack.enter_context(join(b, table, 0)), 0, rng)
        people = [p0, p2]
        play(people, lambda: p0.state is not None and p0.state["over"], seconds=180)
        assert p0.state is not None
        assert (p0.state["deal"], p0.state["cards_played"]) >= seen or p0.state["deal"] > 1
        token = table["seats"][1]["token"]
        record = get(b, f"/api/tables/{table['table']}/record?token={token}")
    every_card_once(record)


def test_a_bad_redis_gets_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    from sueca_rules.cli import main

    for url, says in (
        ("http://example.com", "cannot use Redis at http://example.com"),
        (f"redis://127.0.0.1:{free_port()}/0", "cannot use Redis"),
    ):
        assert main(["serve", "--port", "0", "--redis", url]) == 1
        err = capsys.readouterr().err
        assert says in err
        assert "Traceback" not in err
        assert len(err.strip().splitlines()) == 1
    assert main(["serve", "--db", "x.db", "--redis", "redis://127.0.0.1:1/0"]) == 2
    assert "not both" in capsys.readouterr().err


def test_processes_sharing_redis_share_the_organisers_secret(redis_url: str) -> None:
    from sueca_rules.web._redis import RedisStore

    one, two = RedisStore(redis_url), RedisStore(redis_url)
    try:
        made = one.secret("organiser:/cup.yaml")
        assert two.secret("organiser:/cup.yaml") == made
        assert two.secret("organiser:/other.yaml") != made
    finally:
        one.close()
        two.close()


def test_a_redis_error_while_the_keeper_looks_at_a_table_does_not_stop_it(redis_url: str) -> None:
    """Every second a process renews its locks and heartbeat and looks at who is at its
    tables; a Redis error in the middle of that (a connection reset) is said, and it goes on
    the next second. Before, an error while looking at a table (raised as `StoreError`, not as
    Redis's own error) ended the task for good: the process never renewed its locks or its
    heartbeat again, so the other processes took its tables and dropped its people."""
    import redis

    from sueca_rules.web._redis import LOCK_MS, RENEW_SECONDS, RedisStore

    store = RedisStore(redis_url)
    real = store.db.hgetall
    asked: list[str] = []

    def flaky(name: str) -> Any:
        asked.append(name)
        if len(asked) == 1:
            raise redis.ConnectionError("Connection reset by peer")
        return real(name)

    class Held:  # a table of this process's, with nobody at it
        id = "t1"
        closed = False
        seats: tuple[Any, ...] = ()

    async def run() -> None:
        store.db.hgetall = flaky  # type: ignore[method-assign,assignment]
        store.db.set("sueca:t1:lock", store.me, px=LOCK_MS)
        store.tables["t1"] = Held()  # type: ignore[assignment]
        store.held.add("t1")
        store._start()
        await asyncio.sleep(3.5 * RENEW_SECONDS)
        # The lock renewed within the last second (else it would have under a second left).
        assert store.db.pttl("sueca:t1:lock") > LOCK_MS - 1500 * RENEW_SECONDS
        await _stopped(store)

    try:
        asyncio.run(run())
        assert len(asked) >= 3  # looked again after the error, every second
    finally:
        store.close()


def test_a_log_that_grew_unannounced_is_followed_within_a_second(redis_url: str) -> None:
    """The holder of a table is killed between writing an action to the log and announcing
    it: a process following the table reads the log again within a second and shows the
    action. Before, it waited for the next announcement or to take the table over itself (only
    with a person of its own there, and once the dead holder's lock ran out): a process with
    watchers alone showed them the table as it was, for as long as it stood."""
    from sueca_rules.web._redis import RENEW_SECONDS, RedisStore

    store = RedisStore(redis_url)
    followed: list[dict[str, Any]] = []

    class Followed:  # a table this process follows (another holds it), nobody here
        id = "t1"
        closed = False
        seats: tuple[Any, ...] = ()
        logged = 1

        def follow(self, actions: list[dict[str, Any]]) -> None:
            followed.extend(actions)
            self.logged += len(actions)

    async def run() -> None:
        store.db.set("sueca:t1:lock", "another process", px=60_000)
        store.db.rpush("sueca:t1:log", json.dumps({"type": "start"}))
        store.tables["t1"] = Followed()  # type: ignore[assignment]
        store._start()
        await asyncio.sleep(0.2)
        # The holder writes an action, and is killed before it says so on the channel.
        store.db.rpush("sueca:t1:log", json.dumps({"type": "play", "seat": 0, "card": "AS"}))
        await asyncio.sleep(1.5 * RENEW_SECONDS)
        assert followed == [{"type": "play", "seat": 0, "card": "AS"}]
        await _stopped(store)

    try:
        asyncio.run(run())
    finally:
        store.close()


def test_a_table_that_cannot_follow_its_log_stops_nothing_else(
    redis_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A followed table whose next action cannot be made here (a damaged log) is said in the
    log once, and the every-second task goes on: the other tables are followed, and the locks
    of the tables this process holds renewed. Before, the error ended the task, and with it the
    heartbeat: this process's tables were taken by others while it still served them."""
    from sueca_rules.web._redis import LOCK_MS, RENEW_SECONDS, RedisStore

    store = RedisStore(redis_url)
    followed: list[dict[str, Any]] = []

    class Broken:  # another process holds it; its next action cannot be made here
        id = "t1"
        closed = False
        seats: tuple[Any, ...] = ()
        logged = 1

        def follow(self, actions: list[dict[str, Any]]) -> None:
            raise ValueError("no such card here")

    class Followed(Broken):
        id = "t2"

        def follow(self, actions: list[dict[str, Any]]) -> None:
            followed.extend(actions)
            self.logged += len(actions)

    class Held:  # a table of this process's, with nobody at it
        id = "t3"
        closed = False
        seats: tuple[Any, ...] = ()

    async def run() -> None:
        for table in ("t1", "t2"):
            store.db.set(f"sueca:{table}:lock", "another process", px=60_000)
            store.db.rpush(f"sueca:{table}:log", json.dumps({"type": "start"}))
        store.db.set("sueca:t3:lock", store.me, px=LOCK_MS)
        store.tables.update({"t1": Broken(), "t2": Followed(), "t3": Held()})  # type: ignore[dict-item]
        store.held.add("t3")
        store._start()
        await asyncio.sleep(0.2)
        for table in ("t1", "t2"):  # each holder writes an action and is killed
            store.db.rpush(f"sueca:{table}:log", json.dumps({"type": "play", "seat": 0}))
        await asyncio.sleep(3.5 * RENEW_SECONDS)
        assert followed == [{"type": "play", "seat": 0}]
        assert all(not task.done() for task in store._tasks)
        assert store.db.pttl("sueca:t3:lock") > LOCK_MS - 1500 * RENEW_SECONDS
        await _stopped(store)

    try:
        with caplog.at_level("ERROR"):
            asyncio.run(run())
        said = [r.getMessage() for r in caplog.records if "t1" in r.getMessage()]
        assert said == ["table t1 could not be kept up here: no such card here"], said
    finally:
        store.close()


def _redis_on(port: int, folder: Path, *, keep: bool = True) -> subprocess.Popen[bytes]:
    """A `redis-server` on `port`, started in `folder`, once it answers; with `keep`, it keeps
    its data there (an append-only file, so that it comes back with it)."""
    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed (apt-get install redis-server)")
    appendonly = "yes" if keep else "no"
    proc = subprocess.Popen(
        [
            binary,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            appendonly,
        ],
        cwd=folder,
        stdout=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 10
    while True:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as probe:
                probe.sendall(b"PING\r\n")
                if probe.recv(16).startswith(b"+PONG"):
                    return proc
        except OSError:
            pass
        if time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError("redis-server did not start")
        time.sleep(0.05)


def test_a_person_at_a_process_that_does_not_hold_the_table_while_redis_is_down(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    """Redis goes down mid-match: a person whose process does not hold the table is asked to
    play again in a moment (the connection stays), leaves and comes back to be asked to
    join again later, and plays on once Redis is back; no traceback. Before, the Redis error
    escaped the table: the connection was dropped with no close frame and every step wrote
    a traceback to the log."""
    port = free_port()
    url = f"redis://127.0.0.1:{port}/0"
    redis_proc = _redis_on(port, tmp_path)
    try:
        with (
            server("--redis", url) as (_, a),
            server("--redis", url) as (_, b),
            ExitStack() as stack,
        ):
            table = post(
                a, "/api/tables", {"variant": QUICK, "seats": ["human", "bot:1", "human", "bot:1"]}
            )
            stack.enter_context(join(a, table, 0))  # the first process holds the table
            ws = stack.enter_context(join(b, table, 2))
            for _ in range(100):
                state = json.loads(ws.recv(timeout=10))
                if state["type"] == "state" and state["phase"] == "play":
                    break
            redis_proc.kill()
            redis_proc.wait(10)
            ws.send(json.dumps({"type": "play", "card": state["hand"][0]}))
            # States sent before Redis went down may still be on their way: the answer to the
            # play is the first message that is not one.
            for _ in range(100):
                said = json.loads(ws.recv(timeout=10))
                if said["type"] != "state":
                    break
            assert said["type"] == "error"
            assert said["code"] == "moving"
            ws.close()
            with join(b, table, 2) as again, pytest.raises(ConnectionClosed) as closed:
                drain(again)
            assert closed.value.rcvd is not None
            assert closed.value.rcvd.code == 1013  # the page tries again
            redis_proc = _redis_on(port, tmp_path)
            deadline = time.monotonic() + 30
            while True:  # as the page does: again until the table is there
                try:
                    back = stack.enter_context(join(b, table, 2))
                    state = json.loads(back.recv(timeout=10))
                    break
                except (ConnectionClosed, TimeoutError, OSError):
                    assert time.monotonic() < deadline, "the table did not come back"
                    time.sleep(0.5)
            assert state["type"] == "state"
            assert state["phase"] == "play"
    finally:
        redis_proc.kill()
        redis_proc.wait(10)
    assert "Traceback" not in capfd.readouterr().err


def test_a_table_damaged_in_redis_is_a_store_error_not_a_crash(redis_url: str) -> None:
    """A table's header or an action of its log damaged in Redis (by hand, a bad restore):
    reading it says so as a `StoreError` (the page is asked to come back; the other tables go
    on), as with SQLite, where a `JSONDecodeError` went up to the server (a 500 and a
    traceback for the table's link)."""
    from sueca_rules.web._redis import RedisStore
    from sueca_rules.web._store import StoreError

    store = RedisStore(redis_url)
    try:
        for table in ("t1", "t2", "t3"):
            store.create(table, {"seats": [], "n": table})
            store.append(table, 0, [{"type": "start"}, {"type": "join", "seat": 0}])
        store.db.set("sueca:t1:h", "{broken")
        store.db.lset("sueca:t2:log", 1, "not json")
        for table in ("t1", "t2"):
            with pytest.raises(StoreError, match=f"damaged: table {table} cannot be read"):
                store.take(table)
        with pytest.raises(StoreError, match="damaged: table t1 cannot be read"):
            store.header("t1")
        kept = store.take("t3")
        assert kept is not None
        assert kept.actions == [{"type": "start"}, {"type": "join", "seat": 0}]
    finally:
        store.close()


def test_redis_gone_while_a_message_is_acted_on_is_one_line_of_log(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A process acting on another's message when Redis goes away (its catch-up read fails)
    logs one line that says so, no traceback, and listens on."""
    from sueca_rules.web._redis import RedisStore
    from sueca_rules.web._store import StoreError

    acted: list[str] = []

    class Messages:
        """Two messages, then the listening is stopped (by cancelling it, as at shutdown)."""

        def __init__(self) -> None:
            self.left = [b"sueca:t:one", b"sueca:t:two"]

        async def subscribe(self, channel: str) -> None:
            pass

        async def get_message(self, **options: Any) -> dict[str, Any]:
            if not self.left:
                raise asyncio.CancelledError
            return {"channel": self.left.pop(0), "data": b"{}"}

    def dispatch(channel: str, data: Any) -> None:
        acted.append(channel)
        raise StoreError("Redis at redis://127.0.0.1:1/0 failed: Connection reset by peer")

    store = object.__new__(RedisStore)
    store.__dict__.update(
        _subscribing=asyncio.Lock(), _pubsub=Messages(), me="me", name="redis://127.0.0.1:1/0"
    )
    store._dispatch = dispatch  # type: ignore[method-assign]
    with caplog.at_level("ERROR", logger="sueca_rules.web"), pytest.raises(asyncio.CancelledError):
        asyncio.run(store._listen())
    assert acted == ["sueca:t:one", "sueca:t:two"]  # it listened on after the first
    said = [r for r in caplog.records if "could not be acted on" in r.getMessage()]
    assert len(said) == 2
    assert all(r.exc_info is None for r in said)  # no traceback
    assert "Connection reset by peer" in said[0].getMessage()


def test_a_table_closed_here_lets_its_lock_go(redis_url: str) -> None:
    """A table this process closed (its action could not be saved while Redis was away for a
    moment) lets its lock go at the next round of the keeper, so that a process with a person
    at it takes it over. Before, the process renewed the lock of the closed table for as long
    as it lived: a person who came back through another process sent their cards to it, and
    it dropped them (the match stood still)."""
    from sueca_rules.web._redis import LOCK_MS, RENEW_SECONDS, RedisStore

    store = RedisStore(redis_url)

    class Closed:  # a table of this process's, closed because it could not be saved
        id = "t1"
        closed = True
        seats: tuple[Any, ...] = ()

    async def run() -> None:
        store.db.set("sueca:t1:lock", store.me, px=LOCK_MS)
        store.tables["t1"] = Closed()  # type: ignore[assignment]
        store.held.add("t1")
        store._start()
        await asyncio.sleep(1.5 * RENEW_SECONDS)
        assert store.db.get("sueca:t1:lock") is None  # another process may take it at once
        assert "t1" not in store.held
        assert "t1" not in store.tables
        await _stopped(store)

    try:
        asyncio.run(run())
    finally:
        store.close()


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="POSIX signals")
def test_a_card_sent_to_a_holder_frozen_past_its_lock_is_answered(tmp_path: Path) -> None:
    """The process holding a table is frozen (`kill -STOP`) past its lock; a person at the
    other process plays a card in the meantime: it went to the frozen holder, which, woken
    (`kill -CONT`) and no longer holding the table, asks the person to play again ("moving").
    Before, the card was dropped without a word; the person then plays it at the new holder."""
    from sueca_rules.web._redis import LOCK_MS

    port = free_port()
    url = f"redis://127.0.0.1:{port}/0"
    redis_proc = _redis_on(port, tmp_path, keep=False)
    rng = random.Random(3)
    try:
        with (
            server("--redis", url) as (a_proc, a),
            server("--redis", url) as (_, b),
            ExitStack() as stack,
        ):
            table = post(
                a, "/api/tables", {"variant": QUICK, "seats": ["human", "human", "bot:1", "bot:1"]}
            )
            p0 = Person(stack.enter_context(join(a, table, 0)), 0, rng)  # a holds the table
            time.sleep(0.5)
            p1 = Person(stack.enter_context(join(b, table, 1)), 1, rng)

            deadline = time.monotonic() + 60
            while True:  # both play, until it is seat 1's turn (a card of its own)
                assert time.monotonic() < deadline, "the match did not go on"
                p0.read()
                p1.read()
                state = p1.state
                if (
                    state is not None
                    and state["phase"] == "play"
                    and state["to_play"] == 1
                    and state["cards_played"] >= 4
                ):
                    break
                p0.act()
                p1.act()
            assert p1.state is not None
            card = p1.state["playable"][0]
            os.kill(a_proc.pid, signal.SIGSTOP)
            try:
                time.sleep(0.3)
                p1.errors.clear()
                p1.ws.send(json.dumps({"type": "play", "card": card}))
                time.sleep(LOCK_MS / 1000 + 1.5)  # the lock has run out: b holds the table
            finally:
                os.kill(a_proc.pid, signal.SIGCONT)
            deadline = time.monotonic() + 10
            while "moving" not in p1.errors:
                assert time.monotonic() < deadline, f"no answer to the card: {p1.errors}"
                p1.read()
            assert p1.state is not None
            assert card in p1.state["hand"]  # not played: the person is asked to play again
            p1.ws.send(json.dumps({"type": "play", "card": card}))
            deadline = time.monotonic() + 10
            while p1.state is None or card in p1.state["hand"]:
                assert time.monotonic() < deadline, "the card played again was not taken"
                p1.read()
    finally:
        redis_proc.kill()
        redis_proc.wait(10)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="POSIX signals")
def test_a_card_sent_to_a_holder_that_stays_frozen_is_answered_by_the_next_holder(
    tmp_path: Path,
) -> None:
    """The process holding a table is frozen (`kill -STOP`) and stays so; a person at the
    other process plays a card: within the lock's time (and a second) the other process takes
    the table and asks the person to play again ("moving"), and the card played again is
    taken there. Before, the card waited unanswered in the frozen holder's socket for as long
    as it was frozen (for ever, if it never woke): the person was never told. Woken, the old
    holder acts on nothing it was sent (the table is not closed under the person)."""
    from sueca_rules.web._redis import LOCK_MS, RENEW_SECONDS

    port = free_port()
    url = f"redis://127.0.0.1:{port}/0"
    redis_proc = _redis_on(port, tmp_path, keep=False)
    rng = random.Random(5)
    try:
        with (
            server("--redis", url) as (a_proc, a),
            server("--redis", url) as (_, b),
            ExitStack() as stack,
        ):
            table = post(
                a, "/api/tables", {"variant": QUICK, "seats": ["human", "human", "bot:1", "bot:1"]}
            )
            p0 = Person(stack.enter_context(join(a, table, 0)), 0, rng)  # a holds the table
            time.sleep(0.5)
            p1 = Person(stack.enter_context(join(b, table, 1)), 1, rng)
            deadline = time.monotonic() + 60
            while True:  # both play, until it is seat 1's turn (a card of its own)
                assert time.monotonic() < deadline, "the match did not go on"
                p0.read()
                p1.read()
                state = p1.state
                if state is not None and state["phase"] == "play" and state["to_play"] == 1:
                    break
                p0.act()
                p1.act()
            card = state["playable"][0]
            os.kill(a_proc.pid, signal.SIGSTOP)
            try:
                p1.errors.clear()
                p1.ws.send(json.dumps({"type": "play", "card": card}))
                sent = time.monotonic()
                while "moving" not in p1.errors:
                    waited = time.monotonic() - sent
                    assert waited < LOCK_MS / 1000 + 3 * RENEW_SECONDS, "nobody answered the card"
                    p1.read()
                assert p1.state is not None
                assert card in p1.state["hand"]  # not played: the person plays it again
                p1.ws.send(json.dumps({"type": "play", "card": card}))
                deadline = time.monotonic() + 10
                while p1.state is None or card in p1.state["hand"]:
                    assert time.monotonic() < deadline, "the card played again was not taken"
                    p1.read()
                seen = p1.state["cards_played"]
            finally:
                os.kill(a_proc.pid, signal.SIGCONT)
            p1.errors.clear()
            deadline = time.monotonic() + 30
            while p1.state["cards_played"] < seen + 8 and not p1.state["over"]:
                assert time.monotonic() < deadline, f"the match did not go on: {p1.errors}"
                for person in (p0, p1):
                    person.read()
                    person.act()
            assert "moving" not in p1.errors  # the card was answered once, by the new holder
    finally:
        redis_proc.kill()
        redis_proc.wait(10)


def test_a_message_for_a_table_let_go_is_answered_by_the_process_it_was_sent_to(
    redis_url: str,
) -> None:
    """A person's card sent to the process that held the table (by name) reaches it after it
    let the table go: that process, and only that one, asks the person to play again; a
    process the card was not sent to says nothing (the holder answers it)."""
    import redis

    from sueca_rules.web._redis import RedisStore

    store = RedisStore(redis_url)
    listener = redis.Redis.from_url(redis_url).pubsub()
    try:
        listener.subscribe("sueca:p:other")
        listener.get_message(timeout=2)  # the subscription's own message
        card = {"type": "act", "seat": 2, "proc": "other", "message": {"type": "play"}}
        store._dispatch("sueca:t1:in", {**card, "to": "a third"})
        store._dispatch("sueca:t1:in", {**card, "to": store.me})
        said = listener.get_message(timeout=2)
        assert said is not None
        assert json.loads(said["data"]) == {"table": "t1", "seat": 2, "moving": 1}
        assert listener.get_message(timeout=0.5) is None  # once, from the one it was sent to
    finally:
        listener.close()
        store.close()


def test_a_close_from_a_woken_old_holder_leaves_the_new_holders_people_alone(
    redis_url: str,
) -> None:
    """A holder frozen past its lock wakes, finds it can no longer save its copy of the table
    and closes that copy, with its connections: the close it sends to a person of this
    process, which holds the table now, is not acted on (their connection stays). Before,
    the new holder dropped its own person's connection (1012), who had to join again. A close
    from the holder while this process does not hold the table is still acted on."""
    from sueca_rules.web._redis import RedisStore

    store = RedisStore(redis_url)
    closed: list[int] = []

    class Here:  # a person's connection at this process
        lang = "en"

        def close(self, code: int, reason: str) -> None:
            closed.append(code)

    class Seat:
        index = 0
        sink = Here()

    class Held:  # a table of this process's
        id = "t1"
        closed = False
        seats = (Seat(),)

    try:
        store.tables["t1"] = Held()  # type: ignore[assignment]
        store.held.add("t1")
        said = {"table": "t1", "seat": 0, "close": [1012, "not saved"]}
        store._dispatch(f"sueca:p:{store.me}", said)
        assert closed == []
        store.held.discard("t1")  # another process holds it: its closes are this one's to do
        store._dispatch(f"sueca:p:{store.me}", said)
        assert closed == [1012]
    finally:
        store.close()


def test_a_holder_acts_on_a_message_when_redis_cannot_say_whose_lock_it_is(
    redis_url: str,
) -> None:
    """Before acting on a person's message from another process, the holder looks at its lock
    (it may have frozen past it); Redis failing to answer then is taken for "still mine": the
    message is acted on (its action, if it cannot be saved, closes the table and the person
    joins again), not dropped without an answer."""
    import redis

    from sueca_rules.web._redis import RedisStore

    store = RedisStore(redis_url)
    handled: list[dict[str, Any]] = []

    class Seat:
        index = 1
        sink = None

    class Held:
        id = "t1"
        closed = False
        seats = (Seat(), Seat())

        def join(self, seat: Any, sink: Any) -> None:
            seat.sink = sink

        def handle(self, seat: Any, message: dict[str, Any]) -> None:
            handled.append(message)

    def down(*args: Any, **kwargs: Any) -> Any:
        raise redis.ConnectionError("Connection reset by peer")

    try:
        store.tables["t1"] = Held()  # type: ignore[assignment]
        store.held.add("t1")
        store.db.get = down  # type: ignore[method-assign]
        card = {"type": "act", "seat": 1, "proc": "other", "to": store.me, "lang": "en"}
        store._dispatch("sueca:t1:in", {**card, "message": {"type": "play", "card": "AS"}})
        assert handled == [{"type": "play", "card": "AS"}]
    finally:
        store.close()


def test_a_table_whose_log_redis_lost_is_said_to_be_gone(redis_url: str) -> None:
    """Redis restarted without persistence (or emptied) loses every table's log: the process
    that had a table in memory says in its log that Redis lost it, not that another process
    holds it (which sent whoever ran the servers looking for a process that did not exist)."""
    from sueca_rules.web._redis import RedisStore
    from sueca_rules.web._store import StoreLostError

    store = RedisStore(redis_url)
    try:
        store.create("t1", {"seats": []})
        store.append("t1", 0, [{"type": "start"}])
        store.db.flushall()  # as a Redis restarted without --appendonly
        store.db.set("sueca:t1:lock", store.me)  # taken again by this process, as it does
        with pytest.raises(StoreLostError, match=r"gone from Redis .*its log was lost"):
            store.append("t1", 1, [{"type": "start"}])
        store.create("t2", {"seats": []})
        store.db.rpush("sueca:t2:log", "{}")  # written by another process meanwhile
        with pytest.raises(StoreLostError, match="held by another process"):
            store.append("t2", 0, [{"type": "start"}])
    finally:
        store.close()


def test_a_round_s_table_opened_by_another_process_is_linked_not_opened_again(
    redis_url: str, tmp_path: Path
) -> None:
    """Two processes sharing Redis and one tournament: a round's table one of them opened
    online is linked on the other's organiser page (it is none of the other's loaded tables:
    `restore` loads nothing under Redis), and asking that one to play it online makes no
    second table for the pairing; nor does a restart."""
    import re
    import urllib.parse
    import urllib.request

    from sueca_rules import Variant
    from sueca_rules.tournament import Team, create, pair, save_tournament
    from sueca_rules.web._redis import RedisStore
    from tests.test_tournament_web import PLAYERS, QUICK

    cup = tmp_path / "quick.yaml"
    teams = [Team(name=n, players=p) for n, p in PLAYERS.items()]
    save_tournament(pair(create(teams, "round_robin", variant=Variant.model_validate(QUICK))), cup)
    store = RedisStore(redis_url)
    base = "/tournament/organiser/" + store.secret(f"organiser:{cup.resolve()}")

    def page(address: str) -> str:
        with urllib.request.urlopen(f"http://{address}{base}?lang=en", timeout=10) as answer:
            text: str = answer.read().decode()
        return text

    def online(address: str, table: int) -> None:
        form = urllib.parse.urlencode({"round": "1", "table": str(table)}).encode()
        with urllib.request.urlopen(f"http://{address}{base}/online", form, timeout=10) as answer:
            assert answer.status == 200  # the organiser's page, after the redirect

    def made_for(table: int) -> list[str]:
        return [
            table_id
            for table_id, header in store.open_headers().items()
            if header["extra"]["tournament"]["table"] == table
        ]

    try:
        with (
            server("--redis", redis_url, "--tournament", str(cup)) as (_, a),
            server("--redis", redis_url, "--tournament", str(cup)) as (_, b),
        ):
            online(a, 1)
            [table_id] = made_for(1)
            links = re.findall(rf"/table/{table_id}\?hl=en#t=[\w-]+", page(a))
            assert len(links) == 4
            for address in (b, a):
                shown = page(address)
                assert all(link in shown for link in links)
                assert shown.count(">Play online</button>") == 1  # table 2's only
                online(address, 1)
            assert made_for(1) == [table_id]
        with server("--redis", redis_url, "--tournament", str(cup)) as (_, c):  # a restart
            assert all(link in page(c) for link in links)
            online(c, 1)
            assert made_for(1) == [table_id]
    finally:
        store.close()


def test_a_claimed_table_is_made_once_in_redis(redis_url: str) -> None:
    """`create(..., claim=...)` in Redis: one script looks for an open table with the claim
    and makes the table only if there is none (two processes pressing at once get one table);
    a closed table's claim is free again, and pruning it forgets its claim."""
    from sueca_rules.web._redis import RedisStore

    one, two = RedisStore(redis_url), RedisStore(redis_url)
    try:
        assert one.create("a", {"seats": []}, "pairing 1") == "a"
        assert two.create("b", {"seats": []}, "pairing 1") == "a"
        assert "b" not in two.held
        assert one.db.get("sueca:b:h") is None
        assert two.create("c", {"seats": []}, "pairing 2") == "c"
        assert sorted(one.open_headers()) == ["a", "c"]
        assert one.open_headers()["a"] == {"seats": [], "claim": "pairing 1"}
        one.end("a")
        assert two.create("d", {"seats": []}, "pairing 1") == "d"
        two.end("d")
        two.prune(0, 3600)  # closed with no record: forgotten, its claim with it
        assert one.db.get("sueca:claim:pairing 1") is None
        assert one.db.get("sueca:claim:pairing 2") == b"c"
    finally:
        one.close()
        two.close()


def test_redis_says_how_far_each_open_table_has_got(redis_url: str) -> None:
    """`progress()` in Redis, as in SQLite: waiting, playing, finished; a closed table is
    left out."""
    from sueca_rules.web._redis import RedisStore

    store = RedisStore(redis_url)
    try:
        for name in ("waits", "plays", "over", "closed"):
            store.create(name, {"seats": []})
        store.append("waits", 0, [{"type": "join", "seat": 1}])
        store.append("plays", 0, [{"type": "join", "seat": 1}, {"type": "start"}])
        store.append("over", 0, [{"type": "start", "seat": 0}], (1, "{}"))
        store.end("closed")
        assert store.progress(["waits", "plays", "over", "closed", "nobody"]) == {
            "waits": "waiting",
            "plays": "playing",
            "over": "finished",
        }
    finally:
        store.close()


@pytest.mark.parametrize("shared", ["db", "redis"])
def test_two_organisers_pressing_at_once_make_one_table(
    shared: str, redis_url: str, tmp_path: Path
) -> None:
    """Two organisers press Play online for the same pairing at the same moment, on two
    server processes sharing the tables (a `--db` file, or Redis): one web table is made for
    the pairing, and both pages link it."""
    import re
    import threading
    import urllib.parse
    import urllib.request

    from sueca_rules import Variant
    from sueca_rules.tournament import Team, create, pair, save_tournament
    from sueca_rules.web._redis import RedisStore
    from sueca_rules.web._store import SqliteStore
    from tests.test_tournament_web import PLAYERS, QUICK

    cup = tmp_path / "quick.yaml"
    teams = [Team(name=n, players=p) for n, p in PLAYERS.items()]
    save_tournament(pair(create(teams, "round_robin", variant=Variant.model_validate(QUICK))), cup)
    db = tmp_path / "tables.sqlite"
    store: Any = RedisStore(redis_url) if shared == "redis" else SqliteStore(db)
    base = "/tournament/organiser/" + store.secret(f"organiser:{cup.resolve()}")
    where = ["--redis", redis_url] if shared == "redis" else ["--db", str(db)]

    def online(address: str, table: int, ready: threading.Barrier) -> None:
        form = urllib.parse.urlencode({"round": "1", "table": str(table)}).encode()
        ready.wait(10)
        with urllib.request.urlopen(f"http://{address}{base}/online", form, timeout=20) as answer:
            assert answer.status == 200

    try:
        with (
            server(*where, "--tournament", str(cup)) as (_, a),
            server(*where, "--tournament", str(cup)) as (_, b),
        ):
            for address in (a, b):  # both up and reading the store
                get(address, base)
            for table in (1, 2):
                ready = threading.Barrier(2)
                presses = [
                    threading.Thread(target=online, args=(address, table, ready))
                    for address in (a, b)
                ]
                for press in presses:
                    press.start()
                for press in presses:
                    press.join(30)
                made = [
                    table_id
                    for table_id, header in store.open_headers().items()
                    if header["extra"]["tournament"]["table"] == table
                ]
                assert len(made) == 1, made
                for address in (a, b):
                    page = get(address, base + "?lang=en")
                    assert len(re.findall(rf"/table/{made[0]}\?hl=en#t=", page)) == 4
    finally:
        store.close()


def _seat_url(address: str, table: Msg, seat: int, query: str) -> str:
    token = next(s["token"] for s in table["seats"] if s["seat"] == seat)
    return f"ws://{address}/ws/tables/{table['table']}?token={token}&{query}"


def _next_not_state(ws: ClientConnection, seconds: float = 15) -> Msg:
    """The first message that is not a state (bounded: a notice that never comes fails)."""
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        assert left > 0, "no message but states"
        message: Msg = json.loads(ws.recv(timeout=left))
        if message["type"] != "state":
            return message


def test_a_seat_taken_over_through_another_process_is_told_as_on_one(redis_url: str) -> None:
    """A friend who opens the host's link on a process that does not hold the table is told,
    in their language, that the seat was open elsewhere, as on one process (the holder's
    notice was dropped on its way to the other process); the same page coming back through
    the holder (its `page` id, passed on with the join) is told nothing (it was told the seat
    had been taken from it, by itself)."""
    import redis
    from websockets.sync.client import connect

    with server("--redis", redis_url) as (_, a), server("--redis", redis_url) as (_, b):
        table = post(
            a, "/api/tables", {"variant": QUICK, "seats": ["human", "human", "bot:1", "bot:1"]}
        )
        other = post(b, "/api/tables", {"variant": QUICK, "seats": ["human", *["bot:1"] * 3]})
        with (
            connect(_seat_url(a, table, 0, "page=host"), open_timeout=10) as host,
            connect(_seat_url(b, other, 0, "page=b"), open_timeout=10) as at_b,
        ):
            json.loads(host.recv(timeout=15))  # its state
            json.loads(at_b.recv(timeout=15))
            # Both processes listen for what is said to them (as a server does once it has a
            # table open: a process's first listening starts with its first table).
            watcher = redis.Redis.from_url(redis_url)
            deadline = time.monotonic() + 15
            while len(watcher.pubsub_channels("sueca:p:*")) < 2:
                assert time.monotonic() < deadline
                time.sleep(0.05)
            watcher.close()
            with connect(_seat_url(b, table, 0, "page=friend&lang=pt"), open_timeout=10) as friend:
                notice = _next_not_state(friend)
                assert notice["type"] == "notice"
                assert notice["code"] == "taken_over"
                assert notice["message"].startswith("Este lugar estava aberto noutra janela")
                with pytest.raises(ConnectionClosed) as closed:
                    drain(host)
                assert closed.value.rcvd is not None
                assert closed.value.rcvd.code == 4000
                with connect(_seat_url(a, table, 0, "page=friend"), open_timeout=10) as again:
                    again.send(json.dumps({"type": "ping"}))
                    assert _next_not_state(again) == {"type": "pong"}
