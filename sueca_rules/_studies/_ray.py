"""The Ray backend: a study's chunks as Ray tasks (the `cluster` extra).

Each chunk of consecutive unit indices is one task that returns the chunk's summary; a few tasks per
CPU of the cluster are in flight at a time (a study of any size allocates nothing for the chunks not
yet started). Ray retries a task whose worker was lost (`MAX_RETRIES` times); a chunk played again
gives the same summary, so the figures are those of a run on one machine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ._args import config_error
from ._work import MAX_RETRIES, WorkerLostError, chunk_size, play_chunk

if TYPE_CHECKING:
    from ._work import RunState

__all__ = ["require_ray", "run_on_ray"]


def require_ray() -> None:
    """Fail (a configuration error) when Ray is not installed."""
    try:
        import ray  # noqa: F401
    except ImportError:
        raise config_error("cluster='ray' needs Ray: pip install 'sueca-rules[cluster]'") from None


def run_on_ray(state: RunState, address: str | None, jobs: int) -> None:
    """Play the chunks of `state` not done as Ray tasks and merge them as they finish."""
    import ray

    started_here = not ray.is_initialized()
    if started_here:
        options: dict[str, Any] = {
            "include_dashboard": False,
            "log_to_driver": False,
            "logging_level": "ERROR",
        }
        if address is None:
            ray.init(num_cpus=max(1, jobs), **options)
        else:
            ray.init(address=address, **options)
    try:
        _run_tasks(state)
    finally:
        if started_here:
            ray.shutdown()


def _run_tasks(state: RunState) -> None:
    import ray
    from ray.exceptions import RayError

    resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
    cpus = max(1, int(resources.get("CPU", 1)))
    state.jobs = cpus
    remaining = state.size - state.done.count
    per = chunk_size(remaining, cpus, most=256)
    task = ray.remote(max_retries=MAX_RETRIES, retry_exceptions=False)(play_chunk)
    study = ray.put(state.study)
    chunks = state.done.chunks(state.size, per)
    running: dict[Any, tuple[int, int]] = {}
    try:
        while True:
            for a, b in chunks:
                running[task.remote(study, a, b)] = (a, b)
                if len(running) >= 2 * cpus:
                    break
            if not running:
                return
            finished, _ = ray.wait(list(running), num_returns=1)
            for ref in finished:
                a, b = running.pop(ref)
                try:
                    part = ray.get(ref)
                except RayError as exc:
                    raise WorkerLostError(
                        f"a Ray task (units {a}-{b - 1}) failed after {MAX_RETRIES} retries: "
                        f"{type(exc).__name__}",
                        lost=1,
                        retries=MAX_RETRIES,
                        ray_units=(a, b - 1),
                        ray_error=type(exc).__name__,
                    ) from None
                state.merge(a, b, part)
    finally:
        for ref in running:
            ray.cancel(ref, force=True)
