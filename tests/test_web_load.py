"""A small run of the load test of `benchmarks/web.py` (the server in a process of its own on
the loopback address, WebSocket clients checking every message): no message lost or wrong.
The full run, with its timings, is on demand: `python benchmarks/web.py`."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from types import ModuleType

import pytest

pytest.importorskip("websockets")
pytest.importorskip("uvicorn")

from tests.benchmark_scripts import load_benchmark

# A server process, many WebSocket clients and their timeouts: slow (run in CI's step of its own).
pytestmark = pytest.mark.slow


def bench() -> ModuleType:
    return load_benchmark("web")


@pytest.mark.slow
def test_many_clients_lose_no_message() -> None:
    web = bench()
    with web.server_process() as url, ThreadPoolExecutor(1) as thread:
        # A thread of its own: the clients' event loop meets no other test's loop.
        run = web.run_tables(
            url, 6, ["human", "human", "human", "bot:3"], cards=6, think=0.0, seconds=60
        )
        tally = thread.submit(asyncio.run, run).result()
    assert tally.cards == 6 * 3 * 6
    assert tally.lost == 0
    assert tally.wrong == 0
    assert len(tally.every_seat_ms) >= tally.cards * 2  # each card reached the other people
