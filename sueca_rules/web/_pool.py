"""The bots' thinking, shared fairly: one small thread pool serves every table, and a client
with many tables of strong bots must not make everyone else's bots wait behind all of them.

Each table has at most one bot decision in flight (its driver asks for the next one only
when the last is made). `FairPool.run` queues a decision under its client's name and hands
the pool no more decisions than it has workers, taking the next from the clients in turn
(round-robin), and within a client in the order asked, which is its tables in turn. A
decision of another client's therefore waits for at most one decision of each client ahead of
it, however many tables those clients hold.
"""

from __future__ import annotations

import asyncio
import functools
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, TypeVar

__all__ = ["FairPool"]

T = TypeVar("T")


class FairPool(Executor):
    """A wrapper of `executor` (which runs `workers` jobs at once) that shares it fairly
    between clients (`run`); `submit` passes a job straight on, as any executor."""

    def __init__(self, executor: Executor, workers: int | None = None) -> None:
        self.executor = executor
        found = getattr(executor, "_max_workers", None)
        self.workers = max(1, workers or (found if isinstance(found, int) else 4))
        self.busy = 0
        """Decisions handed to the executor and not yet back."""
        self._waiting: dict[str, deque[tuple[Callable[[], Any], asyncio.Future[Any]]]] = {}

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        return self.executor.submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.executor.shutdown(wait, cancel_futures=cancel_futures)

    def waiting(self) -> int:
        """Decisions queued and not yet handed to the executor."""
        return sum(len(queue) for queue in self._waiting.values())

    async def run(self, client: str, fn: Callable[[], T]) -> T:
        """`fn()` worked out in the pool, when `client`'s turn comes (on the event loop's
        thread only)."""
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(client, deque()).append((fn, future))
        self._dispatch()
        return await future

    def _dispatch(self) -> None:
        loop = asyncio.get_running_loop()
        while self.busy < self.workers and self._waiting:
            client = next(iter(self._waiting))
            queue = self._waiting.pop(client)
            fn, future = queue.popleft()
            if queue:
                self._waiting[client] = queue  # to the back of the line: the next client's turn
            if future.done():
                continue  # its table stopped waiting (closed)
            try:
                inner = loop.run_in_executor(self.executor, fn)
            except RuntimeError as exc:  # the executor was shut down
                future.set_exception(exc)
                continue
            self.busy += 1
            inner.add_done_callback(functools.partial(self._finished, future))

    def _finished(self, future: asyncio.Future[Any], inner: asyncio.Future[Any]) -> None:
        self.busy -= 1
        error = None if inner.cancelled() else inner.exception()  # always taken: never unseen
        if not future.done():
            if inner.cancelled():
                future.cancel()
            elif error is not None:
                future.set_exception(error)
            else:
                future.set_result(inner.result())
        self._dispatch()
