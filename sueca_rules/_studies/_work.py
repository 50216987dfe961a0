"""What a study's runs share, whatever runs them (this process, worker processes, Ray): chunks of
units, their summaries merged as they come back, progress, the checkpoint, and how a run went.
`_runner` (processes) and `_ray` (a cluster) both build on it."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Final

from .._errors import SuecaError
from ._checkpoint import Checkpoint
from ._play import Study, play_unit
from ._summary import StudySummary

__all__ = [
    "MAX_RETRIES",
    "Done",
    "Interrupted",
    "ProgressCallback",
    "RunResult",
    "RunState",
    "WorkerLostError",
    "chunk_size",
    "play_chunk",
]

MAX_RETRIES: Final = 3
"""Times a run replaces a lost worker (its chunks are played again) before it gives up."""

ProgressCallback = Callable[[int, int], None]
"""Called as `progress(done, total)` in the calling process as deals (or matches) finish."""


class WorkerLostError(SuecaError, RuntimeError):
    """A worker process (or Ray task) was lost more often than a run retries.

    `lost` worker processes were lost (`ray_units`: the first and last unit of the Ray task that
    failed, `None` for local worker processes; `ray_error` its error's kind), after `retries`
    retries."""

    def __init__(
        self,
        message: str,
        *,
        lost: int,
        retries: int,
        ray_units: tuple[int, int] | None = None,
        ray_error: str = "",
    ) -> None:
        super().__init__(message)
        self.lost = lost
        self.retries = retries
        self.ray_units = ray_units
        self.ray_error = ray_error


@dataclass(slots=True)
class RunResult:
    """A run's summary and how it went."""

    summary: StudySummary
    done: int
    """Units played (all of them unless interrupted)."""
    jobs: int
    """Worker processes used (1: this process; for Ray: the cluster's CPUs)."""
    elapsed_s: float
    """Wall-clock time, the time of earlier runs resumed from a checkpoint included."""
    retries: int = 0
    """Lost workers replaced (their chunks played again)."""
    resumed: int = 0
    """Units that came from a checkpoint."""


class Interrupted(KeyboardInterrupt):
    """Ctrl-C (or a stop) during a run: carries what was played so far (progress is saved
    in the checkpoint first, when there is one)."""

    def __init__(self, result: RunResult) -> None:
        super().__init__()
        self.result = result


# --- which units are done -----------------------------------------------------------------


@dataclass(slots=True)
class Done:
    """The units played, as sorted disjoint ranges `[start, stop)`: a handful however many units
    (chunks finish roughly in order)."""

    ranges: list[tuple[int, int]] = field(default_factory=list)

    def add(self, start: int, stop: int) -> None:
        merged: list[tuple[int, int]] = []
        for a, b in sorted([*self.ranges, (start, stop)]):
            if merged and a <= merged[-1][1]:
                merged[-1] = (merged[-1][0], max(b, merged[-1][1]))
            else:
                merged.append((a, b))
        self.ranges = merged

    @property
    def count(self) -> int:
        return sum(b - a for a, b in self.ranges)

    def chunks(self, size: int, per: int) -> Iterator[tuple[int, int]]:
        """The units not done, in chunks of at most `per` consecutive indices (lazily)."""
        start = 0
        for a, b in [*self.ranges, (size, size)]:
            for i in range(start, a, per):
                yield (i, min(a, i + per))
            start = max(start, b)


def chunk_size(size: int, workers: int, most: int = 64) -> int:
    """Units per chunk: about a dozen chunks per worker, at most `most`."""
    return max(1, min(most, math.ceil(size / (workers * 12))))


def play_chunk(study: Study, start: int, stop: int) -> StudySummary:
    """Worker entry point: units `start` to `stop - 1`, summarised."""
    summary = StudySummary.empty(len(study.variants), study.mode, study.duplicate)
    for index in range(start, stop):
        summary.add_unit(play_unit(study, index))
    return summary


@dataclass(slots=True)
class RunState:
    """A run in progress: what is merged so far, and saving it."""

    study: Study
    size: int
    summary: StudySummary
    done: Done
    checkpoint: Checkpoint | None
    progress: ProgressCallback | None
    started: float
    earlier_s: float
    resumed: int
    jobs: int = 1
    retries: int = 0
    saved_at: float = 0.0

    def merge(self, start: int, stop: int, part: StudySummary) -> None:
        # Ctrl-C (or SIGTERM, which raises the same) may arrive between any two steps, and the
        # checkpoint is saved then: the summary and the ranges played are made aside and put
        # in place together (two plain stores, nothing between them that lets Python run a
        # signal handler), so the saved figures never count a chunk half, or count it while it
        # is still marked to be played (summaries merge exactly in any order).
        done = Done(list(self.done.ranges))
        done.add(start, stop)
        part.merge(self.summary)
        self.summary, self.done = part, done
        if self.progress is not None:
            self.progress(self.done.count, self.size)
        if self.checkpoint is not None and time.monotonic() - self.saved_at >= (
            self.checkpoint.every_s
        ):
            self.save()

    def save(self) -> None:
        if self.checkpoint is not None:
            self.checkpoint.save(self.summary, self.done.ranges, self.elapsed())
            self.saved_at = time.monotonic()

    def elapsed(self) -> float:
        return self.earlier_s + time.perf_counter() - self.started

    def result(self) -> RunResult:
        return RunResult(
            self.summary,
            self.done.count,
            self.jobs,
            self.elapsed(),
            self.retries,
            self.resumed,
        )
