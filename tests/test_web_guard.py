"""What a hostile page or client can no longer do to the web app (issue 24): lock everyone out
with a bad seed, hold a seat by not reading, create tables from another site, flood the
server with tables, starve other tables' bots, or make the server fail with a strange token."""

from __future__ import annotations

import asyncio
import base64
import http.client
import json
import logging
import os
import socket
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from sueca_rules import Match, load_variant
from sueca_rules.web import Settings, create_app
from sueca_rules.web._i18n import Lang
from sueca_rules.web._pool import FairPool
from sueca_rules.web._tables import SeatSpec, Table, TableManager

Msg = dict[str, Any]
SEATS = ["human", "bot:1", "bot:1", "bot:1"]


def make_client(**changes: Any) -> TestClient:
    return TestClient(create_app(Settings.for_tests(**changes)))


@pytest.fixture
def client() -> Iterator[TestClient]:
    with make_client() as c:
        yield c


def new_table(client: TestClient, headers: dict[str, str] | None = None) -> Msg:
    r = client.post("/api/tables", json={"variant": "portugal", "seats": SEATS}, headers=headers)
    assert r.status_code == 200, r.text
    body: Msg = r.json()
    return body


def ws_url(table: Msg, token: str | None = None) -> str:
    return f"/ws/tables/{table['table']}?token={token or table['seats'][0]['token']}"


# --- 1. a seed that is not text; a join that fails gives its connection back -----------------

LONE_SURROGATE = '{"variant": "portugal", "seats": ["human", "human", "bot:1", "bot:1"], ' + (
    '"seed": "\\ud800"}'
)


def test_a_seed_that_is_not_valid_unicode_is_refused_at_creation(client: TestClient) -> None:
    r = client.post(
        "/api/tables", content=LONE_SURROGATE, headers={"content-type": "application/json"}
    )
    assert r.status_code == 400
    assert r.json()["error"] == "bad_seed"
    assert "valid Unicode" in r.json()["message"]
    assert client.app.state.tables.tables == {}  # type: ignore[attr-defined]


def test_a_join_that_fails_gives_its_connection_back() -> None:
    """Whatever goes wrong once a connection is counted, the count is given back: five
    failing joins do not use up a cap of five."""
    app = create_app(Settings.for_tests(max_connections=5))
    with TestClient(app) as c:
        table = new_table(c)
        manager: TableManager = app.state.tables
        broken = manager.tables[table["table"]]

        def fail(*args: object) -> None:
            raise RuntimeError("a join that fails")

        broken.join = fail  # type: ignore[method-assign,assignment]
        for _ in range(6):
            with pytest.raises(RuntimeError), c.websocket_connect(ws_url(table)) as ws:
                ws.receive_json()
        assert manager.connections == 0
        other = new_table(c)
        with c.websocket_connect(ws_url(other)) as ws:
            assert ws.receive_json()["type"] == "state"  # not "busy"


# --- 3. other sites' pages; JSON only where JSON is expected; tables per client ----------------


@pytest.mark.parametrize(
    ("ask", "lang"),
    [
        ({"headers": {"accept-language": "pt-PT,pt;q=0.9"}}, "pt"),
        ({"params": {"lang": "pt"}, "headers": {"accept-language": "en"}}, "pt"),
        ({"params": {"lang": "en"}, "headers": {"accept-language": "pt"}}, "en"),
        ({}, "en"),
    ],
)
def test_another_sites_page_is_refused_in_the_language_asked(
    client: TestClient, ask: dict[str, Any], lang: Lang
) -> None:
    """A request refused for its origin says why in the request's language (`?lang=`, else
    `Accept-Language`, else English), as the API's other refusals do: it was English only."""
    from sueca_rules.web._i18n import phrase

    headers = {
        "origin": "http://evil.example",
        "content-type": "text/plain",
        **ask.get("headers", {}),
    }
    r = client.post(
        "/api/variants/validate", content="name: x\n", headers=headers, params=ask.get("params")
    )
    assert r.status_code == 403
    assert r.json() == {
        "error": "bad_origin",
        "message": phrase(lang, "error.bad_origin", origin="'http://evil.example'"),
    }
    starts = {"en": "this server answers only its own pages", "pt": "este servidor só responde"}
    assert r.json()["message"].startswith(starts[lang])
    assert "--allowed-origin" in r.json()["message"]


def test_another_sites_page_cannot_create_a_table_with_a_simple_post(client: TestClient) -> None:
    body = '{"variant": "portugal", "seats": ["human", "bot:1", "bot:1", "bot:1"]}'
    evil = {"origin": "http://evil.example", "content-type": "text/plain"}
    r = client.post("/api/tables", content=body, headers=evil)
    assert r.status_code == 403
    assert r.json()["error"] == "bad_origin"
    assert "evil.example" in r.json()["message"]
    # Every request that can change something is checked, not only the tables.
    for path in ("/api/variants/validate", "/api/variants/describe", "/api/records/replay"):
        assert client.post(path, content="name: x\n", headers=evil).status_code == 403
    assert client.app.state.tables.tables == {}  # type: ignore[attr-defined]
    # Reading is not refused (a link from elsewhere opens the pages).
    assert client.get("/api/variants", headers={"origin": "http://evil.example"}).status_code == 200


def test_the_servers_own_pages_and_programs_may_create_tables(client: TestClient) -> None:
    new_table(client, {"origin": "http://testserver"})  # the page's origin is this server's
    new_table(client)  # no Origin: a program, not a browser page


@pytest.mark.parametrize("origin", ["null", "http://testserver.evil.example", "file://"])
def test_odd_origins_are_refused(client: TestClient, origin: str) -> None:
    body = {"variant": "portugal", "seats": SEATS}
    assert client.post("/api/tables", json=body, headers={"origin": origin}).status_code == 403


def test_a_form_of_the_servers_own_page_is_told_apart_from_a_sandboxed_one(
    client: TestClient,
) -> None:
    """The pages send no referrer, so their forms post with `Origin: null`; the browser's
    `Sec-Fetch-Site` says whether the page was this server's own."""
    body = {"variant": "portugal", "seats": SEATS}
    own = {"origin": "null", "sec-fetch-site": "same-origin"}
    assert client.post("/api/tables", json=body, headers=own).status_code == 200
    for site in ("cross-site", "same-site", "none"):
        other = {"origin": "null", "sec-fetch-site": site}
        assert client.post("/api/tables", json=body, headers=other).status_code == 403
    assert client.post("/api/tables", json=body, headers={"origin": "null"}).status_code == 403


def test_json_routes_take_only_json(client: TestClient) -> None:
    body = '{"variant": "portugal", "seats": ["human", "bot:1", "bot:1", "bot:1"]}'
    for content_type in ("text/plain", "application/x-www-form-urlencoded", ""):
        r = client.post("/api/tables", content=body, headers={"content-type": content_type})
        assert r.status_code == 415
        assert r.json() == {
            "error": "not_json",
            "message": "send JSON, with the header Content-Type: application/json",
        }
    preview = '{"variant": {"name": "x"}}'
    r = client.post(
        "/api/variants/preview", content=preview, headers={"content-type": "text/plain"}
    )
    assert r.status_code == 415
    # The contract's text routes keep taking text.
    assert client.post("/api/variants/validate", content="name: x\n").json()["valid"] is True
    described = client.post("/api/variants/describe", content="name: x\nextends: portugal\n")
    assert described.status_code == 200


def test_tables_are_capped_per_client() -> None:
    with make_client(max_tables_per_client=2) as c:
        new_table(c)
        new_table(c)
        r = c.post("/api/tables", json={"variant": "portugal", "seats": SEATS})
        assert r.status_code == 429
        assert r.json()["error"] == "too_many_tables_here"
        assert "You already have 2 tables open" in r.json()["message"]
        # Another client (here: behind a proxy on this computer) is not held back.
        manager: TableManager = c.app.state.tables  # type: ignore[attr-defined]
        variant = load_variant("portugal")
        specs = [SeatSpec("human", 3), *[SeatSpec("bot", 1)] * 3]
        assert manager.create(variant, "portugal", specs, None, client="192.0.2.7").owner


# --- 5. one client's many tables do not starve another table's bots ---------------------------


class OneAtATime(Executor):
    """An executor that runs nothing until the test says (`run_next`)."""

    def __init__(self) -> None:
        self.jobs: deque[tuple[Callable[[], Any], Future[Any]]] = deque()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.jobs.append((lambda: fn(*args, **kwargs), future))
        return future

    def run_next(self) -> None:
        fn, future = self.jobs.popleft()
        future.set_result(fn())


class Quiet:
    """A browser that holds its seat and never plays (the bots play around it)."""

    lang: Lang = "en"

    def push(self, message: dict[str, Any]) -> None:
        pass

    def close(self, code: int, reason: str) -> None:
        pass


def _bots_first(manager: TableManager, seed: int, client: str) -> Table:
    """A table of one person and three level-1 bots where the bots play the first three
    cards (the person sits where the first trick ends)."""
    last = (Match("portugal", seed=seed).turn or 0) + 3
    specs = [SeatSpec("human", 3) if i == last % 4 else SeatSpec("bot", 1) for i in range(4)]
    table = manager.create(load_variant("portugal"), "portugal", specs, seed, client=client)
    host = table.host
    assert host is not None
    table.join(host, Quiet())
    return table


def test_a_busy_clients_tables_do_not_starve_another_tables_bots() -> None:
    """One client's 40 tables all want their bots to think; another client's table then
    asks: the pool (one worker here) takes the clients in turn, so its first card is played
    after at most four decisions (its bot's question whether to claim and its card, each
    after one of the busy client's), not after forty."""

    async def main() -> int:
        executor = OneAtATime()
        settings = Settings.for_tests(max_tables_per_client=40)
        manager = TableManager(settings, FairPool(executor, workers=1))
        busy = [_bots_first(manager, seed, "198.51.100.1") for seed in range(40)]
        await asyncio.sleep(0)
        other = _bots_first(manager, 1000, "203.0.113.9")
        decisions = 0
        for _ in range(500):  # bounded: the test never hangs
            for _ in range(10):
                await asyncio.sleep(0)  # let the tables take the decisions made
            assert other.match is not None
            if other.match.trick:  # the other table's first bot has played
                break
            executor.run_next()
            decisions += 1
        assert all(t.match is not None for t in busy)
        for table in [*busy, other]:
            table.close("the test is over")
        return decisions

    assert asyncio.run(main()) <= 4


def test_the_fair_pool_takes_clients_in_turn() -> None:
    async def main() -> list[str]:
        executor = OneAtATime()
        pool = FairPool(executor, workers=1)
        order: list[str] = []

        def job(name: str) -> Callable[[], str]:
            def work() -> str:
                order.append(name)
                return name

            return work

        tasks = [asyncio.ensure_future(pool.run("a", job(f"a{i}"))) for i in range(5)]
        await asyncio.sleep(0)
        tasks += [asyncio.ensure_future(pool.run("b", job(f"b{i}"))) for i in range(2)]
        tasks.append(asyncio.ensure_future(pool.run("c", job("c0"))))
        await asyncio.sleep(0)
        assert pool.busy == 1
        assert pool.waiting() == 7
        for _ in range(8):
            executor.run_next()
            for _ in range(5):
                await asyncio.sleep(0)
        assert [t.result() for t in tasks][:5] == [f"a{i}" for i in range(5)]
        return order

    assert asyncio.run(main()) == ["a0", "a1", "b0", "c0", "a2", "b1", "a3", "a4"]


# --- 6. a token that is not ASCII --------------------------------------------------------------


@pytest.mark.parametrize("token", ["%C3%A9t%C3%A9", "%E2%82%AC" * 16, "%FF%FE"])
def test_a_token_that_is_not_ascii_is_a_bad_token(client: TestClient, token: str) -> None:
    table = new_table(client)
    r = client.get(f"/api/tables/{table['table']}/record?token={token}")
    assert r.status_code == 403
    assert r.json()["error"] == "bad_token"
    with client.websocket_connect(f"/ws/tables/{table['table']}?token={token}") as ws:
        assert ws.receive_json()["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    # the watch link and the finished record's download compare their secrets as bytes too
    with client.websocket_connect(f"/ws/tables/{table['table']}?watch={token}") as ws:
        assert ws.receive_json()["code"] == "bad_token"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403


# --- 2 and 4: a real server on the loopback address, with `sueca serve`'s connection limits ---


@contextmanager
def real_server(app: Any, limits: Any) -> Iterator[tuple[int, Any]]:
    """The app served by uvicorn as `sueca serve` serves it, in a thread, on a free port."""
    uvicorn = pytest.importorskip("uvicorn")
    from sueca_rules.web._server import server_config

    sock = socket.socket()
    # Small send buffers (the accepted sockets inherit them): a client that does not read
    # holds the server's sending up after a few messages rather than after megabytes.
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
    sock.bind(("127.0.0.1", 0))
    sock.listen(64)
    config = server_config(app, limits, log_level="critical", access_log=False, lifespan="on")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        for _ in range(1000):
            if server.started:
                break
            time.sleep(0.01)
        assert server.started
        yield sock.getsockname()[1], server
    finally:
        server.should_exit = True
        thread.join(20)
        sock.close()


def _closed_by_server(conn: socket.socket, seconds: float) -> bool:
    """Whether the server closes `conn` within `seconds` (reading whatever it sends first)."""
    conn.settimeout(seconds)
    try:
        while conn.recv(4096):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        pass
    return True


def test_a_client_that_sends_half_a_header_is_dropped() -> None:
    from sueca_rules.web._server import ServerLimits

    app = create_app(Settings.for_tests())
    with real_server(app, ServerLimits(header_seconds=0.5)) as (port, _):
        with socket.create_connection(("127.0.0.1", port), timeout=5) as slow:
            slow.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            assert _closed_by_server(slow, 10.0)
        with socket.create_connection(("127.0.0.1", port), timeout=5) as silent:
            assert _closed_by_server(silent, 10.0)  # nothing at all: dropped too
        # A kept-alive connection gets the same deadline for its next request.
        with socket.create_connection(("127.0.0.1", port), timeout=5) as kept:
            kept.sendall(b"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert b" 200 " in kept.recv(65536).split(b"\r\n", 1)[0] + b" "
            kept.sendall(b"GET / HTTP/1.1\r\nHost: 1")
            assert _closed_by_server(kept, 10.0)
        # A request sent in time is answered.
        with socket.create_connection(("127.0.0.1", port), timeout=5) as good:
            good.sendall(b"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            assert good.recv(65536).startswith(b"HTTP/1.1 200")
        # A table's socket, its head long in, is not under the deadline.
        table = _made_table(port)
        seat = app.state.tables.tables[table["table"]].seats[0]
        with _handshake(port, ws_url(table)):
            time.sleep(1.0)
            assert seat.sink is not None


def test_connections_at_once_are_capped() -> None:
    from sueca_rules.web._server import ServerLimits

    app = create_app(Settings.for_tests())
    with real_server(app, ServerLimits(max_connections=2)) as (port, _):
        idle = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(2)]
        try:
            time.sleep(0.2)  # the server has taken them in
            with socket.create_connection(("127.0.0.1", port), timeout=5) as third:
                third.sendall(b"GET /api/variants HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                assert third.recv(65536).startswith(b"HTTP/1.1 503")
        finally:
            for conn in idle:
                conn.close()


def _made_table(port: int) -> Msg:
    made = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    body = json.dumps({"variant": "portugal", "seats": SEATS})
    made.request("POST", "/api/tables", body, {"content-type": "application/json"})
    table: Msg = json.loads(made.getresponse().read())
    made.close()
    return table


def _handshake(port: int, path: str) -> socket.socket:
    """A WebSocket opened by hand, with a small receive buffer (then never read)."""
    conn = socket.socket()
    conn.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    conn.settimeout(10)
    conn.connect(("127.0.0.1", port))
    key = base64.b64encode(os.urandom(16)).decode()
    head = (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
        f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
    )
    conn.sendall(f"{head}\r\n".encode())
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += conn.recv(1)
    assert answer.startswith(b"HTTP/1.1 101"), answer
    return conn


def _frame(text: str) -> bytes:
    """A masked text frame (as a browser sends it)."""
    data = text.encode()
    mask = os.urandom(4)
    assert len(data) < 126
    return (
        bytes([0x81, 0x80 | len(data)]) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))
    )


def test_a_browser_that_stops_reading_is_disconnected() -> None:
    """The browser holds its seat and sends, but reads nothing: once the server's messages no
    longer leave, it is disconnected within `send_seconds` (its seat is away, its connection
    is given back) and its socket is dropped, though fewer than `send_queue` messages wait."""
    from sueca_rules.web._server import ServerLimits

    app = create_app(Settings.for_tests(send_seconds=1.0))
    manager: TableManager = app.state.tables
    with real_server(app, ServerLimits(drop_seconds=1.0)) as (port, server):
        table = _made_table(port)
        seat = manager.tables[table["table"]].seats[0]
        conn = _handshake(port, ws_url(table))
        conns = server.server_state.connections  # the WebSocket's protocol has `writable`
        ready = threading.Event()
        ready.set()
        try:
            for _ in range(1000):
                if seat.sink is not None:
                    break
                time.sleep(0.01)
            for _ in range(4000):  # bounded: each malformed message gets an error back
                if seat.sink is None:
                    break
                try:
                    stuck = any(not getattr(c, "writable", ready).is_set() for c in set(conns))
                except RuntimeError:  # the set changed in the server's thread: look again
                    continue
                if stuck and seat.sink.queue.qsize() >= 5:  # type: ignore[attr-defined]
                    break  # the server's sending is held up: stop, well before the cap
                conn.sendall(_frame("x") * 5)
                time.sleep(0.002)
            assert seat.sink is not None, "disconnected before its sending was held up"
            assert 5 <= seat.sink.queue.qsize() < 256  # type: ignore[attr-defined]
            for _ in range(1000):  # at most 10 s
                if seat.sink is None and manager.connections == 0:
                    break
                time.sleep(0.01)
            assert seat.sink is None
            assert seat.away_since is not None
            assert manager.connections == 0
            for _ in range(1000):  # the socket itself is dropped
                if not server.server_state.connections:
                    break
                time.sleep(0.01)
            assert not server.server_state.connections
        finally:
            conn.close()


# --- 7. `sueca serve`'s options: bad values, the served host, a proxy in front ----------------


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--away", "9" * 401], "must be at most 3,600"),
        (["--max-tables", "9" * 401], "must be at most 10,000"),
        (["--host", ""], "an address is needed"),
        (["--host", "  "], "an address is needed"),
        (["--host", "a b"], "is not an address"),
        (["--allowed-origin", "cards.example.org"], "is not an origin"),
        (["--allowed-origin", "https://cards.example.org/play"], "is not an origin"),
        (["--allowed-origin", "ftp://cards.example.org"], "is not an origin"),
        (["--allowed-host", "https://cards.example.org"], "is not a host name"),
        (["--allowed-host", "cards.example.org:443"], "is not a host name"),
    ],
)
def test_serve_refuses_bad_options_in_one_line(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from sueca_rules.cli import main

    with pytest.raises(SystemExit) as exited:
        main(["serve", *argv])
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert said in err
    assert "Traceback" not in err


def test_the_served_host_and_the_allowed_ones_are_answered() -> None:
    from sueca_rules.cli._cmd_serve import allowed_hosts, origins_arg

    assert "127.0.0.2" in (allowed_hosts("127.0.0.2", [], []) or [])
    assert "[::1]" in (allowed_hosts("::1", [], []) or [])
    assert allowed_hosts("0.0.0.0", [], []) is None  # friends come by any address
    assert allowed_hosts("0.0.0.0", ["cards.lan"], []) == ["cards.lan"]
    origins = origins_arg("HTTPS://Cards.Example.org:443/, http://192.168.1.20:8000")
    assert origins == ["https://cards.example.org", "http://192.168.1.20:8000"]
    hosts = allowed_hosts("127.0.0.1", [], origins) or []
    assert {"cards.example.org", "192.168.1.20", "127.0.0.1", "localhost"} <= set(hosts)
    app = create_app(Settings.for_tests(), allowed_hosts=allowed_hosts("127.0.0.2", [], []))
    with TestClient(app, base_url="http://127.0.0.2:8000") as c:
        assert c.get("/rules").status_code == 200
        assert c.get("/rules", headers={"host": "rebound.example"}).status_code == 400


def _proxied_app(origins: list[str]) -> Any:
    from sueca_rules.cli._cmd_serve import allowed_hosts

    hosts = allowed_hosts("127.0.0.1", [], origins)
    return create_app(Settings.for_tests(), allowed_hosts=hosts, allowed_origins=origins)


@pytest.mark.parametrize(
    "host",
    [
        "cards.example.org",  # a proxy that passes the browser's Host on (Caddy's default)
        "127.0.0.1:8000",  # a proxy that gives its own (nginx's default)
    ],
)
def test_tables_can_be_played_behind_an_https_proxy(host: str) -> None:
    browser = {"host": host, "origin": "https://cards.example.org"}
    with TestClient(_proxied_app(["https://cards.example.org"])) as c:
        assert c.get("/play", headers={"host": host}).status_code == 200
        table = new_table(c, browser)
        with c.websocket_connect(ws_url(table), headers=browser) as ws:
            assert ws.receive_json()["type"] == "state"
        evil = {"host": host, "origin": "https://evil.example"}
        r = c.post("/api/tables", json={"variant": "portugal", "seats": SEATS}, headers=evil)
        assert r.status_code == 403


def test_without_the_option_a_proxy_is_refused() -> None:
    """What the option is for: without it, the proxy's host is refused, and so is a socket
    from its pages when the proxy gives the app a Host of its own."""
    with TestClient(_proxied_app([]), base_url="http://127.0.0.1:8000") as c:
        assert c.get("/play", headers={"host": "cards.example.org"}).status_code == 400
        table = new_table(c)
        browser = {"host": "127.0.0.1:8000", "origin": "https://cards.example.org"}
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            c.websocket_connect(ws_url(table), headers=browser) as ws,
        ):
            ws.receive_json()
        assert closed.value.code == 4403


def test_sueca_serve_behind_a_proxy(tmp_path: Path) -> None:
    """The documented set-up: `sueca serve --allowed-origin https://cards.example.org` on
    127.0.0.1, and requests as the proxy passes them on (its tables in a data folder of its
    own: those of an earlier run would still be open, and count against the client's limit)."""
    import subprocess
    import sys

    command = [sys.executable, "-m", "sueca_rules", "serve", "--port", "0"]
    command += ["--allowed-origin", "https://cards.example.org"]
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    ) as proc:
        assert proc.stdout is not None
        try:
            line = proc.stdout.readline()
            port = int(line.split("http://127.0.0.1:", 1)[1].split("/", 1)[0])
            body = json.dumps({"variant": "portugal", "seats": SEATS})
            for host in ("cards.example.org", f"127.0.0.1:{port}"):
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                headers = {
                    "host": host,
                    "origin": "https://cards.example.org",
                    "content-type": "application/json",
                }
                conn.request("POST", "/api/tables", body, headers)
                assert conn.getresponse().status == 200
                conn.close()
        finally:
            proc.terminate()
            proc.wait(20)


def test_a_body_that_never_arrives_whole_is_dropped() -> None:
    """A client that sends a request's head in time and then its body a byte now and then
    (a slow-body attack) holds no connection past `body_seconds`."""
    from sueca_rules.web._server import ServerLimits

    app = create_app(Settings.for_tests())
    with real_server(app, ServerLimits(body_seconds=0.5)) as (port, _):
        for path in ("/api/variants/validate", "/api/tables", "/api/variants"):
            with socket.create_connection(("127.0.0.1", port), timeout=5) as slow:
                slow.sendall(
                    f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{".encode()
                )
                started = time.monotonic()
                dropped = False
                for _ in range(40):  # a byte every 0.1 s: 4 s in all if never dropped
                    time.sleep(0.1)
                    try:
                        slow.sendall(b" ")
                    except OSError:
                        dropped = True
                        break
                assert dropped or _closed_by_server(slow, 0.5), path
                assert time.monotonic() - started < 3.0, path
        # A body sent in time is read and answered.
        table = _made_table(port)
        assert table["table"]
        # A table's socket, its head long in, is not under the body's deadline either.
        seat = app.state.tables.tables[table["table"]].seats[0]
        with _handshake(port, ws_url(table)):
            time.sleep(1.0)
            assert seat.sink is not None


def test_a_client_gone_in_the_middle_of_its_body_leaves_no_traceback(
    caplog: pytest.LogCaptureFixture,
) -> None:
    from sueca_rules.web._server import ServerLimits

    app = create_app(Settings.for_tests())
    with real_server(app, ServerLimits()) as (port, _):
        # (`real_server` quiets uvicorn's log: here it says what it would say to `sueca serve`)
        caplog.set_level(logging.INFO, logger="uvicorn.error")
        logging.getLogger("uvicorn").addHandler(caplog.handler)  # it does not propagate
        try:
            for path in ("/api/variants/validate", "/api/tables", "/api/records/replay"):
                with socket.create_connection(("127.0.0.1", port), timeout=5) as gone:
                    gone.sendall(
                        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        "Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{".encode()
                    )
                    time.sleep(0.2)
            time.sleep(0.3)
            # The server goes on answering.
            assert _made_table(port)["table"]
        finally:
            logging.getLogger("uvicorn").removeHandler(caplog.handler)
    failed = [r for r in caplog.records if r.levelname == "ERROR" or r.exc_info]
    assert not failed, [r.getMessage() for r in failed]


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_message_over_64_kib_is_refused_in_words_and_the_table_goes_on(lang: Lang) -> None:
    """A message well over the app's limit (100 KB, over uvicorn's old cut-off of 64 KiB) is
    read and refused like any other bad message, in the page's language: an error, the table
    unchanged, the connection open. Only past `max_ws_message_bytes` (256 KiB) is the connection
    closed (code 1009), a message that is never read whole."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    from sueca_rules.web._refusal import refusal_words
    from sueca_rules.web._server import ServerLimits

    app = create_app(Settings.for_tests())
    limits = ServerLimits()
    with real_server(app, limits) as (port, _):
        table = _made_table(port)
        url = f"ws://127.0.0.1:{port}{ws_url(table)}&lang={lang}"
        with connect(url, max_size=None) as ws:
            first: Msg = json.loads(ws.recv(timeout=10))
            while first.get("to_play") != 0:  # the bots play up to our turn, then wait
                first = json.loads(ws.recv(timeout=10))
            ws.send('{"type": "play", "card": "' + "A" * 100_000 + '"}')
            answer: Msg = json.loads(ws.recv(timeout=10))
            most = Settings().max_message_bytes
            assert answer == {
                "type": "error",
                "code": "too_large",
                "message": refusal_words(lang, "too_large", what="message", most=most),
            }
            # Nothing changed, and the connection is still open: a good message is answered.
            table_now = app.state.tables.tables[table["table"]]
            assert table_now.version == first["version"]
            ws.send('{"type": "play", "card": "XX"}')
            assert json.loads(ws.recv(timeout=10))["code"] == "bad_card"
        with connect(url, max_size=None) as ws:
            ws.recv(timeout=10)
            ws.send("x" * (limits.max_ws_message_bytes + 1))
            with pytest.raises(ConnectionClosed) as closed:
                _read_until_closed(ws)
            assert closed.value.rcvd is not None
            assert closed.value.rcvd.code == 1009


def _read_until_closed(ws: Any) -> None:
    """Read what the server sends (states on their way) until it closes the connection."""
    for _ in range(1000):
        ws.recv(timeout=10)
