"""The Ray backend (the ``cluster`` extra) on a local Ray instance of 2 CPUs: the same figures
as a run on one machine, a resumed checkpoint, and a lost worker's task retried."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sueca_rules._studies._compare import compare
from sueca_rules._studies._simulate import SimulationReport, StudyInterrupted, simulate

ray = pytest.importorskip("ray", reason="the cluster extra is not installed")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    yield
    ray.shutdown()


def _figures(report: SimulationReport) -> dict[str, Any]:
    data = report.to_dict()
    for key in SimulationReport.TIMING_KEYS:
        del data[key]
    return data


def test_ray_gives_the_figures_of_one_machine(local_ray: None, tmp_path: Path) -> None:
    args: dict[str, Any] = {"deals": 120, "seed": 4}
    here = simulate("portugal", (3, 2), **args)
    there = simulate("portugal", (3, 2), cluster="ray", **args)
    assert there.jobs == 2
    assert _figures(there) == _figures(here)
    # Interrupted on Ray, resumed in this process: the same figures again.
    file = tmp_path / "run.json"

    def stop(done: int, total: int) -> None:
        if done >= 30:
            raise KeyboardInterrupt

    with pytest.raises(StudyInterrupted):
        simulate("portugal", (3, 2), cluster="ray", checkpoint=file, progress=stop, **args)
    resumed = simulate("portugal", (3, 2), checkpoint=file, **args)
    assert _figures(resumed) == _figures(here)
    pair = ["portugal", "sueca-online"]
    assert (
        compare(pair, matches=6, cluster="ray").to_dict()["figures"]
        == compare(pair, matches=6).to_dict()["figures"]
    )


def _ray_workers() -> list[int]:
    pids = []
    for proc in Path("/proc").iterdir():
        try:
            if proc.name.isdigit() and (proc / "cmdline").read_bytes().startswith(b"ray::play"):
                pids.append(int(proc.name))
        except OSError:
            continue
    return pids


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_a_lost_ray_worker_is_retried(local_ray: None) -> None:
    killed: list[int] = []

    def kill_one() -> None:
        deadline = time.monotonic() + 60
        while not killed and time.monotonic() < deadline:
            for pid in _ray_workers():
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
                break
            time.sleep(0.05)

    args: dict[str, Any] = {"deals": 2000, "seed": 1}
    killer = threading.Thread(target=kill_one)
    killer.start()
    there = simulate("portugal", (3, 2), cluster="ray", **args)
    killer.join()
    assert killed
    assert _figures(there) == _figures(simulate("portugal", (3, 2), **args))
