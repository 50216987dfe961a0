"""What a hostile page or client can no longer do to the web app (issue 24): lock everyone out
with a bad seed, hold a seat by not reading, create tables from another site, flood the
server with tables, starve other tables' bots, or make the server fail with a strange token."""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
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


def new_table(client: TestClient, seats: list[str] = SEATS, **headers: str) -> Msg:
    r = client.post("/api/tables", json={"variant": "portugal", "seats": seats}, headers=headers)
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
    new_table(client, origin="http://testserver")  # the page's origin is this server's
    new_table(client)  # no Origin: a program, not a browser page


@pytest.mark.parametrize("origin", ["null", "http://testserver.evil.example", "file://"])
def test_odd_origins_are_refused(client: TestClient, origin: str) -> None:
    body = {"variant": "portugal", "seats": SEATS}
    assert client.post("/api/tables", json=body, headers={"origin": origin}).status_code == 403


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
        assert "you already have 2 tables open" in r.json()["message"]
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
    table.join(table.host, Quiet())
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
