"""Running a study: its units sharded by index over this process, worker processes or a Ray
cluster, streamed into a running summary, with Ctrl-C and checkpoints.

The units still to play are cut into chunks of consecutive indices, handed out a few at a time
(never all at once: a study of 10^12 deals allocates nothing for them), and each chunk comes back as
a small `StudySummary`. Summaries merge exactly in any order, so the result depends only on the
study and its size: not on the backend, the number of jobs or workers, the order chunks finish, a
lost worker's chunk played again, or a resume.

Worker processes die with their parent (Linux: the kernel kills them when the parent dies, and they
check it); a lost worker's chunks are played again by a fresh pool, at most `MAX_RETRIES` times in a
run.
"""

from __future__ import annotations

import math
import os
import time
from typing import TYPE_CHECKING, Any

from .._workers import in_one_process
from ._checkpoint import Checkpoint
from ._play import Study, play_unit
from ._summary import StudySummary
from ._work import (
    MAX_RETRIES,
    Done,
    Interrupted,
    ProgressCallback,
    RunResult,
    RunState,
    WorkerLostError,
    chunk_size,
    play_chunk,
)

if TYPE_CHECKING:
    from concurrent.futures import Future, ProcessPoolExecutor

__all__ = ["run_study"]

# --- the run ------------------------------------------------------------------------------


def run_study(
    study: Study,
    size: int,
    *,
    jobs: int = 1,
    cluster: str | None = None,
    address: str | None = None,
    checkpoint: Checkpoint | None = None,
    progress: ProgressCallback | None = None,
) -> RunResult:
    """Play units `0` to `size - 1` of `study` and return their summary.

    `jobs`: worker processes (1: this process). `cluster="ray"` runs the chunks as Ray tasks
    instead, on the cluster at `address` (or a local Ray instance of `jobs` CPUs when `address` is
    `None`). `checkpoint` resumes from its file and saves progress to it. Ctrl-C raises
    `Interrupted` (after saving).
    """
    summary = StudySummary.empty(len(study.variants), study.mode, study.duplicate)
    done = Done()
    earlier = 0.0
    if checkpoint is not None:
        loaded = checkpoint.load()
        if loaded is not None:
            summary, ranges, earlier = loaded
            for a, b in ranges:
                done.add(a, b)
    state = RunState(
        study,
        size,
        summary,
        done,
        checkpoint,
        progress,
        time.perf_counter(),
        earlier,
        done.count,
    )
    state.saved_at = time.monotonic()
    try:
        if progress is not None:
            progress(done.count, size)
        if cluster == "ray":
            from ._ray import run_on_ray

            run_on_ray(state, address, jobs)
        elif jobs <= 1 or in_one_process(_call(study), jobs):
            _run_here(state)
        else:
            _run_pool(state, jobs)
    except KeyboardInterrupt:
        state.save()
        raise Interrupted(state.result()) from None
    state.save()
    return state.result()


def _call(study: Study) -> str:
    """The library call a study is run by, as a warning names it."""
    return "simulate()" if len(study.variants) == 1 else "compare()"


def _run_here(state: RunState) -> None:
    """Play in this process, merging what was played every fifth of a second or so."""
    state.jobs = 1
    study = state.study
    for start, stop in state.done.chunks(state.size, 64):
        part = StudySummary.empty(len(study.variants), study.mode, study.duplicate)
        first = start
        last = time.monotonic()
        for index in range(start, stop):
            part.add_unit(play_unit(study, index))
            now = time.monotonic()
            if index + 1 == stop or now - last >= 0.2:
                state.merge(first, index + 1, part)
                part = StudySummary.empty(len(study.variants), study.mode, study.duplicate)
                first, last = index + 1, now


def _run_pool(state: RunState, jobs: int) -> None:
    from concurrent.futures.process import BrokenProcessPool

    remaining = state.size - state.done.count
    per = chunk_size(remaining, jobs)
    state.jobs = jobs = max(1, min(jobs, math.ceil(remaining / per)))
    while True:
        try:
            _pool_pass(state, jobs, per)
            return
        except BrokenProcessPool:
            if state.retries >= MAX_RETRIES:
                lost = state.retries + 1
                who = "a worker process was" if lost == 1 else f"{lost} worker processes were"
                raise WorkerLostError(
                    f"{who} lost (killed, or out of memory?); giving up after "
                    f"{state.retries} retr{'y' if state.retries == 1 else 'ies'}",
                    lost=lost,
                    retries=state.retries,
                ) from None
            state.retries += 1


def _pool_pass(state: RunState, jobs: int, per: int) -> None:
    """Play the chunks not done with a fresh pool of `jobs` processes."""
    from concurrent.futures import FIRST_COMPLETED, wait

    pool = _new_pool(jobs)
    try:
        chunks = state.done.chunks(state.size, per)
        running: dict[Future[StudySummary], tuple[int, int]] = {}

        def feed() -> None:
            for a, b in chunks:
                running[pool.submit(play_chunk, state.study, a, b)] = (a, b)
                if len(running) >= 2 * jobs:
                    return

        feed()
        while running:
            finished, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in finished:
                a, b = running.pop(future)
                state.merge(a, b, future.result())
            feed()
    except BaseException:
        # Interrupted, or a worker lost: stop the workers now rather than let them finish
        # their chunks (the chunks not merged are played again, or saved as not done).
        _stop_pool(pool)
        raise
    pool.shutdown()


def _new_pool(jobs: int) -> ProcessPoolExecutor:
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_worker_init,
        initargs=(os.getpid(),),
    )


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    # ProcessPoolExecutor has no public way to stop its workers at once before Python 3.14
    # (terminate_workers); its process table is read where it is.
    processes: dict[Any, Any] = dict(getattr(pool, "_processes", None) or {})
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes.values():
        process.terminate()
    for process in processes.values():
        process.join(timeout=5)


def _worker_init(parent: int) -> None:
    """In each worker: die with the parent, and leave Ctrl-C to the parent."""
    import signal

    # Ctrl-C is the parent's to handle: it stops the workers (no traceback from each).
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(parent)


def die_with_parent(parent: int) -> None:
    """Make this process get SIGKILL when its parent dies (Linux `PR_SET_PDEATHSIG`); if the parent
    is already gone, exit now. Elsewhere nothing is done: the pool's own watch of its parent ends
    the workers when it next looks."""
    import signal
    import sys

    if sys.platform.startswith("linux"):
        import ctypes

        try:
            libc = ctypes.CDLL(None, use_errno=True)
            pr_set_pdeathsig = 1
            libc.prctl(pr_set_pdeathsig, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):  # pragma: no cover - a libc without prctl
            pass
    if os.getppid() != parent:
        os._exit(1)
