"""A small run of the load test of `benchmarks/web.py` (the server in a process of its own on
the loopback address, WebSocket clients checking every message): no message lost or wrong.
The full run, with its timings, is on demand: `python benchmarks/web.py`."""

from __future__ import annotations

import asyncio
import importlib.util
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("websockets")
pytest.importorskip("uvicorn")

BENCH = Path(__file__).resolve().parent.parent / "benchmarks" / "web.py"

# A server process, many WebSocket clients and their timeouts: slow (run in CI's step of its own).
pytestmark = pytest.mark.slow


def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_web", BENCH)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


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
