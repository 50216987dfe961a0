"""Real servers started by the test (uvicorn in a subprocess on a free loopback port, the
tables in a SQLite file under tmp_path): a match survives `kill -9` of its only process."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")
pytest.importorskip("websockets")

from websockets.sync.client import ClientConnection, connect

from sueca_rules import parse_record
from tests.test_web_store import game_of

Msg = dict[str, Any]
ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def server(*args: str) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """A server process and its address (`http://127.0.0.1:PORT`); killed at the end."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests._server", *args],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        port = int(proc.stdout.readline())
        yield proc, f"127.0.0.1:{port}"
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)
        if proc.stdout is not None:
            proc.stdout.close()


def post(address: str, path: str, body: Msg) -> Msg:
    request = urllib.request.Request(
        f"http://{address}{path}",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:
        data: Msg = json.load(answer)
    return data


def get(address: str, path: str) -> str:
    with urllib.request.urlopen(f"http://{address}{path}", timeout=10) as answer:
        text: str = answer.read().decode()
    return text


def join(address: str, table: Msg, seat: int) -> ClientConnection:
    token = next(s["token"] for s in table["seats"] if s["seat"] == seat)
    return connect(f"ws://{address}/ws/tables/{table['table']}?token={token}", open_timeout=10)


def until(ws: ClientConnection, pred: Callable[[Msg], bool]) -> Msg:
    for _ in range(20_000):
        message: Msg = json.loads(ws.recv(timeout=20))
        if pred(message):
            return message
    raise AssertionError("no such message")


def turn_of(seat: int) -> Callable[[Msg], bool]:
    return lambda m: m["type"] == "state" and (m["over"] or m["to_play"] == seat)


def play(ws: ClientConnection, state: Msg, seat: int, cards: int, rng: random.Random) -> Msg:
    """Play up to `cards` cards at `seat` from `state` (at its turn); the state at its next
    turn (or at the end of the match)."""
    for _ in range(cards):
        if state["over"]:
            break
        ws.send(json.dumps({"type": "play", "card": rng.choice(state["playable"])}))
        state = until(ws, turn_of(seat))
    return state


def every_card_once(record_text: str) -> None:
    deals = parse_record(record_text).to_data()["deals"]
    assert deals
    for deal in deals:
        plays = deal.get("plays", [])
        assert len(plays) == len(set(plays)) == 40, deal
        assert set(plays) == set().union(*(set(h) for h in deal["hands"]))


def test_a_match_survives_kill_9_of_its_only_process(tmp_path: Path) -> None:
    """Some cards over the WebSocket; `kill -9` in the middle of a trick; a new process on the
    same file; the same link sees the same state; the match finishes; every card of the
    record exactly once, and the cards played before the kill are the record's."""
    db = str(tmp_path / "tables.db")
    rng = random.Random(8)
    with server("--db", db) as (proc, address):
        table = post(
            address,
            "/api/tables",
            {"variant": "portugal", "seats": ["human", "bot:2", "bot:2", "bot:2"], "seed": 21},
        )
        with join(address, table, 0) as ws:
            before = play(ws, until(ws, turn_of(0)), 0, 5, rng)
            while not before["trick"]:  # stop where a trick is under way
                before = play(ws, before, 0, 1, rng)
            assert before["deal"] == 1
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(10)
    with server("--db", db) as (_, address), join(address, table, 0) as ws:
        after = until(ws, lambda m: m["type"] == "state")
        assert game_of(after) == game_of(before)
        over = play(ws, after, 0, 1000, rng)
        assert over["over"]
        token = table["seats"][0]["token"]
        record = get(address, f"/api/tables/{table['table']}/record?token={token}")
    every_card_once(record)
    first = parse_record(record).to_data()["deals"][0]
    k = before["cards_played"]
    assert first["plays"][k - len(before["trick"]) : k] == before["trick"]
    assert set(before["hand"]) == set(first["hands"][0]) - set(first["plays"][:k])


def test_two_servers_on_one_file_the_holder_killed_mid_match(tmp_path: Path) -> None:
    """Two servers share one SQLite file; the one holding a table is killed with `kill -9`
    in the middle of a trick: the other, refused the table while its holder lived ("played on
    another server"), takes it at once, as it was after its last accepted card; the killed one
    started again does not take it back. Every card of the record once, the cards seen before
    the kill the record's."""
    db = str(tmp_path / "tables.db")
    rng = random.Random(9)
    with server("--db", db) as (a_proc, a), server("--db", db) as (_, b):
        table = post(
            a,
            "/api/tables",
            {"variant": "portugal", "seats": ["human", "bot:2", "bot:2", "bot:2"], "seed": 4},
        )
        with join(a, table, 0) as ws:
            before = play(ws, until(ws, turn_of(0)), 0, 3, rng)
            while not before["trick"]:
                before = play(ws, before, 0, 1, rng)
            with join(b, table, 0) as elsewhere:
                refused = json.loads(elsewhere.recv(timeout=10))
            assert refused["code"] == "elsewhere"
            os.kill(a_proc.pid, signal.SIGKILL)
            a_proc.wait(10)
        with join(b, table, 0) as ws:
            after = until(ws, lambda m: m["type"] == "state")
            assert game_of(after) == game_of(before)
            with server("--db", db) as (_, a_again), join(a_again, table, 0) as other:
                assert json.loads(other.recv(timeout=10))["code"] == "elsewhere"
            over = play(ws, after, 0, 1000, rng)
        assert over["over"]
        token = table["seats"][0]["token"]
        record = get(b, f"/api/tables/{table['table']}/record?token={token}")
    every_card_once(record)
    first = parse_record(record).to_data()["deals"][0]
    k = before["cards_played"]
    assert first["plays"][k - len(before["trick"]) : k] == before["trick"]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_twice_stops_sueca_serve_without_a_traceback(tmp_path: Path) -> None:
    """Ctrl-C pressed twice (uvicorn's forced stop: no waiting for the connections): `sueca
    serve` says it was interrupted, with no traceback, and lets go of its tables (another
    process may take them at once)."""
    import sqlite3
    import time

    db = tmp_path / "tables.db"
    command = [sys.executable, "-m", "sueca_rules", "serve", "--port", "0", "--db", str(db)]
    with subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as proc:
        assert proc.stdout is not None
        assert proc.stderr is not None
        try:
            port = int(proc.stdout.readline().split(":")[2].split("/")[0])
            seats = {"variant": "portugal", "seats": ["human"] * 4}
            post(f"127.0.0.1:{port}", "/api/tables", seats)
            proc.send_signal(signal.SIGINT)
            time.sleep(0.02)
            proc.send_signal(signal.SIGINT)
            status = proc.wait(20)
        finally:
            if proc.poll() is None:
                proc.kill()
        said = proc.stderr.read()
    assert status == 130
    assert "Traceback" not in said
    assert said.strip().splitlines()[-1] == "interrupted"
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT owner FROM tables").fetchall() == [(None,)]
