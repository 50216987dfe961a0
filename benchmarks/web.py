"""The web app under load, on the loopback address: a server process and many browsers'
worth of WebSocket clients. Run on demand (never in CI):

```python
.venv/bin/python benchmarks/web.py               # both figures below
.venv/bin/python benchmarks/web.py --load        # the load test only
.venv/bin/python benchmarks/web.py --json        # one JSON object
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
from typing import Any

LIMIT_MS = 300.0


def serve(port: int) -> None:
    """The server process: the web app with no pauses and room for many tables."""
    import uvicorn

    from sueca_rules.web import Settings, create_app

    settings = Settings.for_tests(
        max_tables=5000, max_tables_per_client=5000, max_connections=20_000, idle_seconds=3600
    )
    uvicorn.run(
        create_app(settings), host="127.0.0.1", port=port, log_level="warning", access_log=False
    )


@contextmanager
def server_process() -> Iterator[str]:
    """Start the server in a process of its own; yields its address."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    proc = subprocess.Popen([sys.executable, __file__, "--serve", str(port)])
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
    url: str,
    tables: int,
    seats: list[str],
    *,
    cards: int,
    think: float,
    seconds: float,
    seed: int = 1,
) -> Tally:
    """`tables` tables of `seats` (people and bots), each person playing `cards` cards
    at most, for `seconds` at most."""
    tally = Tally()
    rng = random.Random(seed)
    created = await asyncio.gather(
        *(asyncio.to_thread(create_table, url, seats, seed * 1000 + i) for i in range(tables))
    )
    humans = {t["table"]: [s["seat"] for s in t["seats"]] for t in created}
    until = time.monotonic() + seconds
    await asyncio.gather(
        *(
            person(
                url,
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--serve", type=int, metavar="PORT", help=argparse.SUPPRESS)
    parser.add_argument("--load", action="store_true", help="the load test only")
    parser.add_argument("--quick", action="store_true", help="fewer tables, rougher figures")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    if args.serve:
        serve(args.serve)
        return 0
    machine = f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}"
    report: dict[str, Any] = {"machine": machine}
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
