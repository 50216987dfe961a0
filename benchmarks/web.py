"""The web app under load, on the loopback address: a server process and many browsers'
worth of WebSocket clients. Run on demand (never in CI):

```python
.venv/bin/python benchmarks/web.py               # both figures below
.venv/bin/python benchmarks/web.py --load        # the load test only
.venv/bin/python benchmarks/web.py --json        # one JSON object
.venv/bin/python benchmarks/web.py --store       # SQLite against memory, and the file's size
.venv/bin/python benchmarks/web.py --redis       # tables held by 1 and 2 processes with Redis
```

1. **Card to next state** (issue 12): one table, one person and three level-3 bots. The time
   from the person's card to the state that shows it (`echo`), and to the state where it is
   the person's turn again (`next_turn`: the three bots have played). Then how many such
   tables one server process holds with the p95 of `next_turn` under 300 ms: tables are
   added step by step, each person playing a card a second.
2. **Load test** (issue 13): many tables with two or more people each (and bots), every client
   checking every message it gets: a state version skipped is a lost message, an error or a
   version going back is a wrong one (both must be 0); and the p95 time from a card to every
   seat's state that shows it.

3. **The store** (issue 26, `--store`): card-to-next-state with the tables in a SQLite file
   (`sueca serve`'s default) against in memory (`--db :memory:`), for one table and for 100
   tables at a card a second each; and the size of the database after 1,000 finished matches
   (one person, who plays the first legal card, and three level-1 bots, in one process with
   no server: the same tables, actions and records as `sueca serve` writes).
4. **Several processes** (issue 26, `--redis`): the tables held with the p95 of card-to-next-turn
   under 300 ms by one and by two processes sharing their tables through a local Redis, the
   tables made on each process in turn, each person on either.

The server runs in a process of its own (`python benchmarks/web.py --serve PORT`) with no
bot delay (a real table waits `bot_delay` on purpose; here the server's own time is
measured). Every run is bounded in count and time and stops by itself; the clients only
connect to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

LIMIT_MS = 300.0


def serve(port: int, db: str = ":memory:") -> None:
    """The server process: the web app with no pauses and room for many tables, its tables
    kept in `db` (a SQLite file, `:memory:`, or a `redis://` URL)."""
    import uvicorn

    from sueca_rules.web import Settings, create_app
    from sueca_rules.web._store import Store, open_store

    settings = Settings.for_tests(
        max_tables=5000, max_tables_per_client=5000, max_connections=20_000, idle_seconds=3600
    )
    if db.startswith("redis://"):
        from sueca_rules.web._redis import RedisStore

        store: Store = RedisStore(db)
    else:
        store = open_store(db)
    uvicorn.run(
        create_app(settings, store=store),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        access_log=False,
    )


@contextmanager
def server_process(db: str = ":memory:") -> Iterator[str]:
    """Start the server in a process of its own (its tables in `db`); yields its address."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = subprocess.Popen([sys.executable, __file__, "--serve", str(port), "--db", db])
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/variants", timeout=1).read()
                break
            except OSError:
                if time.monotonic() > deadline or proc.poll() is not None:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def create_table(url: str, seats: list[str], seed: int) -> dict[str, Any]:
    body = json.dumps({"variant": "portugal", "seats": seats, "seed": seed}).encode()
    request = urllib.request.Request(
        f"{url}/api/tables", data=body, headers={"content-type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        created: dict[str, Any] = json.load(response)
    return created


@dataclass
class Tally:
    """What the clients saw."""

    lost: int = 0
    wrong: int = 0
    messages: int = 0
    cards: int = 0
    echo_ms: list[float] = field(default_factory=list)
    next_turn_ms: list[float] = field(default_factory=list)
    every_seat_ms: list[float] = field(default_factory=list)
    sent: dict[tuple[str, int, int, str], float] = field(default_factory=dict)
    """When each card was sent: (table, seat, deal, card)."""
    card_version: dict[tuple[str, int, int, str], int] = field(default_factory=dict)
    """The state version that shows each card played by a person."""
    seen: dict[tuple[str, int, int], float] = field(default_factory=dict)
    """When each person got each state version: (table, seat, version)."""


def _p95(values: list[float]) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


async def person(
    url: str,
    table: str,
    token: str,
    tally: Tally,
    *,
    cards: int,
    think: float,
    until: float,
    rng: random.Random,
) -> None:
    """One browser: plays `cards` cards (a legal one, after `think` seconds) and checks
    every message: versions one by one, no error."""
    import websockets

    ws_url = url.replace("http", "ws") + f"/ws/tables/{table}?token={token}"
    last: int | None = None
    played = 0
    pending: float | None = None  # when our last card was sent (for next_turn)
    async with websockets.connect(ws_url, max_size=2**20) as ws:
        while played < cards and time.monotonic() < until:
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=max(0.1, until - time.monotonic()))
            except TimeoutError:
                break
            now = time.perf_counter()
            message = json.loads(raw)
            tally.messages += 1
            if message["type"] != "state":
                tally.wrong += 1
                continue
            version = message["version"]
            if last is not None and version != last + 1:
                if version <= last:
                    tally.wrong += 1
                else:
                    tally.lost += version - last - 1
            last = version
            tally.seen[(table, message["seat"], version)] = now
            for event in message["events"]:
                if event["type"] == "card_played":
                    key = (table, event["seat"], event["deal"], event["card"])
                    tally.card_version.setdefault(key, version)
                    if key in tally.sent and event["seat"] == message["seat"]:
                        tally.echo_ms.append((now - tally.sent[key]) * 1000)
            if message["over"]:
                break
            if message["to_play"] != message["seat"]:
                continue
            if pending is not None:
                tally.next_turn_ms.append((now - pending) * 1000)
                pending = None
            decision: dict[str, Any]
            if message["phase"] == "play":
                card = rng.choice(message["legal"])
                decision = {"type": "play", "card": card}
            elif message["phase"] == "trump":
                decision = {"type": "trump", "side": "bottom"}
            else:
                decision = {"type": "keep"}
            if think:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            sent = time.perf_counter()
            if decision["type"] == "play":
                tally.sent[(table, message["seat"], message["deal"], decision["card"])] = sent
                tally.cards += 1
                played += 1
                pending = sent
            await ws.send(json.dumps(decision))


def every_seat_latencies(tally: Tally, humans: dict[str, list[int]]) -> None:
    """For every card, the time until each person at its table got the state showing it."""
    for (table, seat, deal, card), sent in tally.sent.items():
        version = tally.card_version.get((table, seat, deal, card))
        if version is None:
            continue
        for other in humans[table]:
            at = tally.seen.get((table, other, version))
            if at is not None:
                tally.every_seat_ms.append((at - sent) * 1000)


async def run_tables(
    url: str | list[str],
    tables: int,
    seats: list[str],
    *,
    cards: int,
    think: float,
    seconds: float,
    seed: int = 1,
) -> Tally:
    """`tables` tables of `seats` (people and bots), each person playing `cards` cards
    at most, for `seconds` at most. With several server addresses (processes sharing their
    tables through Redis) the tables are made on each in turn and each person connects to
    any of them."""
    tally = Tally()
    rng = random.Random(seed)
    urls = [url] if isinstance(url, str) else url
    created = await asyncio.gather(
        *(
            asyncio.to_thread(create_table, urls[i % len(urls)], seats, seed * 1000 + i)
            for i in range(tables)
        )
    )
    humans = {t["table"]: [s["seat"] for s in t["seats"]] for t in created}
    until = time.monotonic() + seconds
    await asyncio.gather(
        *(
            person(
                rng.choice(urls),
                t["table"],
                s["token"],
                tally,
                cards=cards,
                think=think,
                until=until,
                rng=random.Random(rng.random()),
            )
            for t in created
            for s in t["seats"]
        )
    )
    every_seat_latencies(tally, humans)
    return tally


def card_to_next_state(url: str, quick: bool) -> dict[str, Any]:
    """Issue 12's figure: one person and three level-3 bots; then the tables one process
    holds with the p95 of card-to-next-turn under 300 ms."""
    seats = ["human", "bot:3", "bot:3", "bot:3"]
    one = asyncio.run(run_tables(url, 1, seats, cards=40, think=0.0, seconds=30))
    out: dict[str, Any] = {
        "one_table_echo_ms_median": statistics.median(one.echo_ms),
        "one_table_next_turn_ms_median": statistics.median(one.next_turn_ms),
        "one_table_next_turn_ms_p95": _p95(one.next_turn_ms),
        "steps": [],
    }
    held = 0
    for n in (10, 25, 50) if quick else (10, 50, 100, 200, 400, 800, 1600):
        step = asyncio.run(run_tables(url, n, seats, cards=8, think=1.0, seconds=20, seed=n))
        p95 = _p95(step.next_turn_ms)
        out["steps"].append({"tables": n, "cards": step.cards, "next_turn_ms_p95": round(p95, 1)})
        if p95 >= LIMIT_MS:
            break
        held = n
    out["tables_under_300ms"] = held
    return out


def load_test(url: str, quick: bool) -> dict[str, Any]:
    """Issue 13's load test: tables with two people (partners) and two people (rivals) or
    bots, every message checked."""
    tables = 20 if quick else 60
    tally = asyncio.run(
        run_tables(
            url,
            tables,
            ["human", "human", "human", "bot:3"],
            cards=10,
            think=0.05,
            seconds=60,
        )
    )
    return {
        "tables": tables,
        "clients": tables * 3,
        "messages": tally.messages,
        "cards": tally.cards,
        "lost": tally.lost,
        "wrong": tally.wrong,
        "card_to_every_seat_ms_p95": round(_p95(tally.every_seat_ms), 1),
        "card_to_every_seat_ms_median": round(statistics.median(tally.every_seat_ms), 1)
        if tally.every_seat_ms
        else None,
    }


def store_figures(quick: bool) -> dict[str, Any]:
    """Issue 26's figures: card-to-next-turn with SQLite against memory; the file's size after
    1,000 finished matches."""
    import tempfile

    seats = ["human", "bot:3", "bot:3", "bot:3"]
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        for name, db in (("memory", ":memory:"), ("sqlite", os.path.join(folder, "t.db"))):
            with server_process(db) as url:
                one = asyncio.run(run_tables(url, 1, seats, cards=40, think=0.0, seconds=30))
                many = asyncio.run(
                    run_tables(url, 100, seats, cards=8, think=1.0, seconds=30, seed=100)
                )
            out[name] = {
                "one_table_next_turn_ms_median": round(statistics.median(one.next_turn_ms), 2),
                "one_table_next_turn_ms_p95": round(_p95(one.next_turn_ms), 2),
                "100_tables_next_turn_ms_p95": round(_p95(many.next_turn_ms), 1),
            }
        out["commit_us"] = commit_times(Path(folder) / "commits.db")
        matches = 100 if quick else 1000
        out["db_after_matches"] = matches
        out.update(db_size(os.path.join(folder, "size.db"), matches))
    return out


def redis_figures(quick: bool) -> dict[str, Any]:
    """The tables held with the p95 of card-to-next-turn under 300 ms by 1 and by 2 processes
    sharing their tables through Redis (a `redis-server` of this machine, started here)."""
    import shutil
    import socket
    import tempfile
    from contextlib import ExitStack

    binary = shutil.which("redis-server")
    if binary is None:
        return {"skipped": "redis-server is not installed"}
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    seats = ["human", "bot:3", "bot:3", "bot:3"]
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        redis = subprocess.Popen(
            [
                binary,
                "--port",
                str(port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            cwd=folder,
            stdout=subprocess.DEVNULL,
        )
        try:
            time.sleep(0.5)
            for processes in (1, 2):
                url = f"redis://127.0.0.1:{port}/{processes}"
                with ExitStack() as stack:
                    urls = [stack.enter_context(server_process(url)) for _ in range(processes)]
                    steps, held = [], 0
                    for n in (10, 50, 100) if quick else (10, 50, 100, 200, 400, 800):
                        step = asyncio.run(
                            run_tables(urls, n, seats, cards=8, think=1.0, seconds=20, seed=n)
                        )
                        p95 = _p95(step.next_turn_ms)
                        steps.append({"tables": n, "next_turn_ms_p95": round(p95, 1)})
                        if p95 >= LIMIT_MS:
                            break
                        held = n
                out[f"{processes}_processes"] = {"steps": steps, "tables_under_300ms": held}
        finally:
            redis.kill()
            redis.wait(10)
    return out


def commit_times(path: Path, n: int = 3000) -> dict[str, float]:
    """What committing one action costs (the store's part of each card), in microseconds:
    SQLite against memory."""
    from sueca_rules.web._store import MemoryStore, SqliteStore, Store

    out: dict[str, float] = {}
    stores: list[tuple[str, Store]] = [("sqlite", SqliteStore(path)), ("memory", MemoryStore())]
    for name, store in stores:
        store.create("t", {"format": 1})
        took = []
        for i in range(n):
            started = time.perf_counter()
            store.append("t", i, [{"type": "play", "seat": i % 4, "card": "7H"}])
            took.append((time.perf_counter() - started) * 1e6)
        out[f"{name}_median"] = round(statistics.median(took), 1)
        out[f"{name}_p95"] = round(_p95(took), 1)
        store.close()
    return out


def db_size(path: str, matches: int) -> dict[str, Any]:
    """Play `matches` whole matches at tables kept in a SQLite file at `path` (in this process,
    no server: a person who plays the first legal card and three level-1 bots) and measure the
    file."""
    from concurrent.futures import ThreadPoolExecutor

    from sueca_rules.web import Settings
    from sueca_rules.web._store import SqliteStore
    from sueca_rules.web._tables import SeatSpec, TableManager

    settings = Settings.for_tests(max_tables=matches + 1, idle_seconds=1e9)
    store = SqliteStore(Path(path))
    started = time.perf_counter()

    async def play_all() -> None:
        from sueca_rules import load_variant

        variant = load_variant("portugal")
        with ThreadPoolExecutor(1) as pool:
            manager = TableManager(settings, pool, store=store)
            specs = [SeatSpec("human", 3)] + [SeatSpec("bot", 1)] * 3
            for n in range(matches):
                table = manager.create(variant, "portugal", specs, n)
                done = asyncio.Event()
                table.join(table.seats[0], _FirstCard(table, done))
                await done.wait()
                table.close("done")
                manager.tables.clear()

    asyncio.run(play_all())
    seconds = time.perf_counter() - started
    store.release()
    store.close()  # the last connection: the write-ahead log is folded into the file
    size = os.path.getsize(path)
    return {
        "db_bytes": size,
        "db_mb": round(size / 1e6, 2),
        "db_bytes_per_match": round(size / matches),
        "db_seconds": round(seconds, 1),
    }


class _FirstCard:
    """A person at an in-process table who plays the first legal card (and agrees the count,
    keeps the hand, takes the bottom card) as soon as it is theirs."""

    lang: Literal["en", "pt"] = "en"

    def __init__(self, table: Any, done: asyncio.Event) -> None:
        self.table = table
        self.done = done

    def push(self, message: dict[str, Any]) -> None:
        if message["type"] != "state":
            return
        if message["over"]:
            self.done.set()
            return
        seat, phase = message["seat"], message["phase"]
        if phase == "count" and seat not in message["count_agreed"]:
            want: dict[str, Any] | None = {"type": "count"}
        elif message["to_play"] != seat:
            want = None
        elif phase == "play":
            want = {"type": "play", "card": message["legal"][0]}
        elif phase == "trump":
            want = {"type": "trump", "side": "bottom"}
        elif phase == "redeal":
            want = {"type": "keep"}
        else:
            want = None
        if want is not None:
            version = message["version"]
            asyncio.get_running_loop().call_soon(self._act, version, want)

    def _act(self, version: int, want: dict[str, Any]) -> None:
        if self.table.version == version and not self.table.closed:
            self.table.handle(self.table.seats[0], want)

    def close(self, code: int, reason: str) -> None:
        return None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--serve", type=int, metavar="PORT", help=argparse.SUPPRESS)
    parser.add_argument("--db", default=":memory:", help=argparse.SUPPRESS)
    parser.add_argument("--store", action="store_true", help="SQLite against memory only")
    parser.add_argument("--redis", action="store_true", help="1 and 2 processes with Redis")
    parser.add_argument("--load", action="store_true", help="the load test only")
    parser.add_argument("--quick", action="store_true", help="fewer tables, rougher figures")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.db)
        return 0
    machine = f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}"
    report: dict[str, Any] = {"machine": machine}
    if args.store or args.redis:
        if args.store:
            report["store"] = store_figures(args.quick)
        if args.redis:
            report["redis"] = redis_figures(args.quick)
        print(json.dumps(report, indent=2))
        return 0
    with server_process() as url:
        if not args.load:
            report["card_to_next_state"] = card_to_next_state(url, args.quick)
        report["load"] = load_test(url, args.quick)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        for key, value in report.items():
            print(f"{key}: {json.dumps(value, indent=2)}")
    bad = report["load"]["lost"] or report["load"]["wrong"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
