"""Two servers sharing one store (Redis, or one SQLite file), people playing several tables over
the WebSocket API, and one server killed with `kill -9` (or frozen with `kill -STOP`) at random
moments and started again: every match goes on to its end, every card of each record once, and
every state a person was shown is in the record (no accepted card lost, none played twice), with
no traceback in the servers' output. Slow (about a minute each): `pytest -m slow`."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.sync.client import ClientConnection, connect

from sueca_rules import parse_record
from tests.test_web_restart import ROOT, post

Msg = dict[str, Any]
MATCH = {"name": "Two games", "extends": "portugal", "match": {"target_games": 2}}


class Server:
    """A server process (`tests._server`), its errors in a file of `folder`."""

    def __init__(self, store: list[str], folder: Path) -> None:
        self.store, self.folder, self.runs = store, folder, 0
        self.start()

    def start(self) -> None:
        self.runs += 1
        self.err = (self.folder / f"{id(self)}-{self.runs}.err").open("w")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests._server", *self.store],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=self.err,
            text=True,
        )
        assert self.proc.stdout is not None
        self.address = f"127.0.0.1:{int(self.proc.stdout.readline())}"

    def kill(self) -> None:
        if self.proc.poll() is None:
            with_signal(self.proc.pid, signal.SIGCONT)
            self.proc.kill()
        self.proc.wait(10)
        if self.proc.stdout is not None:
            self.proc.stdout.close()
        self.err.close()


def with_signal(pid: int, sig: signal.Signals) -> None:
    with suppress(ProcessLookupError):
        os.kill(pid, sig)


class Person:
    """A person at one seat: joins through either server, plays a random legal card at each
    of their turns (again after "moving", or when nothing came for a while), and keeps every
    state shown to them."""

    def __init__(self, table: Msg, seat: int, servers: list[Server], rng: random.Random) -> None:
        self.table, self.seat, self.servers, self.rng = table, seat, servers, rng
        self.token = next(s["token"] for s in table["seats"] if s["seat"] == seat)
        self.ws: ClientConnection | None = None
        self.state: Msg | None = None
        self.acted: tuple[int, int] | None = None
        self.seen: list[Msg] = []
        self.quiet = time.monotonic()

    def join(self) -> None:
        for server in self.rng.sample(self.servers, len(self.servers)):
            path = f"/ws/tables/{self.table['table']}?token={self.token}"
            try:
                ws = connect(f"ws://{server.address}{path}", open_timeout=3).__enter__()
            except (OSError, InvalidHandshake, TimeoutError):
                continue
            try:
                first: Msg = json.loads(ws.recv(timeout=3))
            except (ConnectionClosed, TimeoutError):
                ws.close()
                continue
            if first["type"] != "state":  # held by the other server (one SQLite file)
                ws.close()
                continue
            self.ws = ws
            self.shown(first)
            return

    def shown(self, message: Msg) -> None:
        if message["type"] == "state":
            self.state = message
            self.seen.append(message)
        elif message["code"] == "moving":
            self.acted = None

    def step(self) -> None:
        if self.ws is None:
            self.join()
            return
        while True:
            try:
                message: Msg = json.loads(self.ws.recv(timeout=0.01))
            except TimeoutError:
                break
            except ConnectionClosed:
                self.ws.close()
                self.ws = None
                return
            self.quiet = time.monotonic()
            self.shown(message)
        if time.monotonic() - self.quiet > 3:
            self.acted = None
            self.quiet = time.monotonic()
        state = self.state
        if state is None or state["over"] or state["to_play"] != self.seat:
            return
        if state["phase"] != "play" or self.acted == (state["deal"], state["cards_played"]):
            return
        self.acted = (state["deal"], state["cards_played"])
        try:
            self.ws.send(json.dumps({"type": "play", "card": self.rng.choice(state["legal"])}))
        except ConnectionClosed:
            self.ws = None

    @property
    def over(self) -> bool:
        return self.state is not None and bool(self.state["over"])


@contextmanager
def redis_or_file(kind: str, folder: Path) -> Iterator[list[str]]:
    if kind == "sqlite":
        yield ["--db", str(folder / "tables.db")]
        return
    pytest.importorskip("redis")
    from tests.test_web_redis import _redis_on, free_port

    port = free_port()
    proc = _redis_on(port, folder, keep=False)
    try:
        yield ["--redis", f"redis://127.0.0.1:{port}/0"]
    finally:
        proc.kill()
        proc.wait(10)


def record_of(servers: list[Server], table: Msg) -> str:
    token = table["seats"][0]["token"]
    for server in servers:
        path = f"/api/tables/{table['table']}/record?token={token}"
        try:
            with urllib.request.urlopen(f"http://{server.address}{path}", timeout=10) as answer:
                text: str = answer.read().decode()
                return text
        except urllib.error.HTTPError:
            continue  # held by the other server (one SQLite file), or not over there yet
    raise AssertionError(f"no server gives the record of table {table['table']}")


def agrees_with_record(person: Person, deals: list[Msg]) -> None:
    for state in person.seen:
        if state["phase"] not in ("play", "count") or state["deal"] > len(deals):
            continue
        deal, k, trick = deals[state["deal"] - 1], state["cards_played"], state["trick"]
        assert deal["plays"][k - len(trick) : k] == trick, (state["deal"], k)
        assert set(state["hand"]) == set(deal["hands"][person.seat]) - set(deal["plays"][:k])


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="POSIX signals")
@pytest.mark.parametrize("kind", ["redis", "sqlite"])
def test_tables_survive_servers_killed_and_frozen_at_random(kind: str, tmp_path: Path) -> None:
    rng = random.Random(12)
    with redis_or_file(kind, tmp_path) as store:
        servers = [Server(store, tmp_path), Server(store, tmp_path)]
        try:
            tables = [
                post(
                    servers[n % 2].address,
                    "/api/tables",
                    {"variant": MATCH, "seats": ["human", "bot:1", "human", "bot:1"]},
                )
                for n in range(3)
            ]
            people = [Person(t, seat, servers, rng) for t in tables for seat in (0, 2)]
            begun = time.monotonic()
            upset = begun + rng.uniform(0.2, 1.5)
            while time.monotonic() - begun < 20 and not all(p.over for p in people):
                for person in people:
                    person.step()
                if time.monotonic() > upset:
                    victim = rng.choice(servers)
                    if rng.random() < 0.3:  # frozen for a while, then woken
                        with_signal(victim.proc.pid, signal.SIGSTOP)
                        woken = time.monotonic() + rng.uniform(0.5, 6)
                        while time.monotonic() < woken:
                            for person in people:
                                person.step()
                        with_signal(victim.proc.pid, signal.SIGCONT)
                    else:
                        victim.kill()
                        victim.start()
                    upset = time.monotonic() + rng.uniform(0.2, 1.5)
            deadline = time.monotonic() + 120
            while not all(p.over for p in people):  # the rest of the matches, in peace
                assert time.monotonic() < deadline, "a match did not go on to its end"
                for person in people:
                    person.step()
            for table in tables:
                deals = parse_record(record_of(servers, table)).to_data()["deals"]
                for deal in deals:
                    plays = deal.get("plays", [])
                    assert len(plays) == len(set(plays)) == 40
                for person in people:
                    if person.table is table:
                        agrees_with_record(person, deals)
        finally:
            for server in servers:
                server.kill()
            for person in people if "people" in locals() else []:
                if person.ws is not None:
                    person.ws.close()
    said = "".join(f.read_text() for f in tmp_path.glob("*.err"))
    assert "Traceback" not in said
