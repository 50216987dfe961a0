"""Issue 16, item 4: files are written atomically, locked when shared, and only regular files
of a sane size are read (a pipe must not hang, /dev/zero must not fill the memory)."""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sueca_rules._files import (
    FileRefusedError,
    atomic_write_bytes,
    atomic_write_text,
    locked,
    read_regular_file,
)
from sueca_rules.cli import main

POSIX = sys.platform != "win32"
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


# --- reading ----------------------------------------------------------------------------------


def test_reads_a_regular_file_and_refuses_the_rest(tmp_path: Path) -> None:
    good = tmp_path / "good.yaml"
    good.write_bytes(b"name: X\n")
    assert read_regular_file(good, 100) == b"name: X\n"
    with pytest.raises(FileNotFoundError):
        read_regular_file(tmp_path / "missing.yaml", 100)
    with pytest.raises(FileRefusedError, match="directory"):
        read_regular_file(tmp_path, 100)
    with pytest.raises(FileRefusedError, match=r"too large: the limit is 4 bytes"):
        read_regular_file(good, 4)
    with pytest.raises(FileRefusedError, match="cannot read"):
        read_regular_file(str(tmp_path / "nul\0name"), 100)


@needs_fifo
def test_a_pipe_is_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)  # nobody writes to it: opening it for reading would wait for ever
    with pytest.raises(FileRefusedError, match="not a regular file"):
        read_regular_file(fifo, 100)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_an_endless_device_is_refused_without_reading() -> None:
    with pytest.raises(FileRefusedError, match="not a regular file"):
        read_regular_file("/dev/zero", 100)


@pytest.mark.skipif(not POSIX, reason="symlinks need privileges on Windows")
def test_a_symlink_loop_is_a_clear_refusal(tmp_path: Path) -> None:
    loop = tmp_path / "loop.yaml"
    loop.symlink_to("loop.yaml")
    with pytest.raises(FileRefusedError, match="symlink that leads round in a loop"):
        read_regular_file(loop, 100)


# --- writing ----------------------------------------------------------------------------------


def test_atomic_write_replaces_the_whole_file_and_keeps_its_permissions(tmp_path: Path) -> None:
    target = tmp_path / "scores.json"
    atomic_write_text(target, "first\n")
    assert target.read_text() == "first\n"
    target.chmod(0o640)
    atomic_write_text(target, "second é\n")
    assert target.read_text(encoding="utf-8") == "second é\n"
    if POSIX:
        assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert [p.name for p in tmp_path.iterdir()] == ["scores.json"]  # no temporary left


def test_a_temporary_file_a_killed_write_left_is_removed_by_the_next_write(
    tmp_path: Path,
) -> None:
    """A kill between the temporary file and its rename leaves the temporary file: the next
    write of the same file removes it once it is ten minutes old, and nothing else."""
    target = tmp_path / "record.yaml"
    hour_ago = time.time() - 3600
    stale = tmp_path / ".record.yaml.0123456789ab.tmp"
    under_way = tmp_path / ".record.yaml.abcdef012345.tmp"  # a write of another process, now
    not_ours = tmp_path / ".record.yaml.notatemporary.tmp"
    another_file = tmp_path / ".notes.yaml.0123456789ab.tmp"
    a_folder = tmp_path / ".record.yaml.ffffffffffff.tmp"
    for path in (stale, under_way, not_ours, another_file):
        path.write_text("half a record")
    a_folder.mkdir()
    for path in (stale, not_ours, another_file, a_folder):
        os.utime(path, (hour_ago, hour_ago))
    atomic_write_text(target, "the record\n")
    assert target.read_text() == "the record\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        p.name for p in (target, under_way, not_ours, another_file, a_folder)
    )


@pytest.mark.skipif(not POSIX, reason="the umask is POSIX")
def test_a_new_file_gets_the_usual_permissions(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        atomic_write_bytes(tmp_path / "new.json", b"{}")
    finally:
        os.umask(old)
    # Not the 0o600 of a temporary file: what any program writing a new file would give it.
    assert stat.S_IMODE((tmp_path / "new.json").stat().st_mode) == 0o644


@pytest.mark.skipif(not POSIX, reason="symlinks need privileges on Windows")
def test_a_symlink_is_written_through(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    atomic_write_text(link, "new")
    assert link.is_symlink()
    assert real.read_text() == "new"


@needs_fifo
def test_writing_over_a_pipe_or_a_folder_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="not a regular file") as info:
        atomic_write_text(fifo, "x")
    assert info.value.strerror is not None
    assert stat.S_ISFIFO(fifo.stat().st_mode)  # left as it was
    with pytest.raises(OSError, match="directory"):
        atomic_write_text(tmp_path, "x")


def test_a_failed_write_leaves_the_old_file_and_no_temporary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "record.yaml"
    target.write_text("yesterday's record")

    def broken(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="No space left"):
        atomic_write_text(target, "today's record")
    assert target.read_text() == "yesterday's record"
    assert [p.name for p in tmp_path.iterdir()] == ["record.yaml"]


def test_schema_output_is_written_atomically(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "schema.json"
    out.write_text("old schema")
    writes: list[str] = []
    import sueca_rules._files as files

    real = files.atomic_write_bytes

    def spy(path: str | os.PathLike[str], data: bytes) -> None:
        writes.append(str(path))
        real(path, data)

    monkeypatch.setattr(files, "atomic_write_bytes", spy)
    assert main(["schema", "-o", str(out)]) == 0
    assert writes == [str(out)]
    assert out.read_text().startswith("{")


_WRITER = """
import sys
from sueca_rules._files import atomic_write_text
path, size = sys.argv[1], int(sys.argv[2])
print("ready", flush=True)
n = 0
while True:
    atomic_write_text(path, "AB"[n % 2] * size)
    n += 1
"""


@pytest.mark.skipif(not POSIX, reason="SIGKILL is POSIX")
def test_a_writer_killed_at_any_moment_leaves_a_whole_file(tmp_path: Path) -> None:
    """A child process rewrites a 256 KiB file as fast as it can and is killed (SIGKILL: no
    clean-up) at varied moments: the file is always one whole version, never cut short."""
    target = tmp_path / "record.yaml"
    size = 256 * 1024
    target.write_text("A" * size)
    for attempt in range(6):
        child = subprocess.Popen(
            [sys.executable, "-c", _WRITER, str(target), str(size)],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert child.stdout is not None
        assert child.stdout.readline() == "ready\n"
        time.sleep(0.02 + 0.03 * attempt)  # not a timing assertion: only where the kill lands
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        text = target.read_text()
        assert text in ("A" * size, "B" * size)
    # A kill may leave its temporary file behind (the next write removes it once it is ten
    # minutes old), never the target half-written.
    for leftover in tmp_path.glob(".record.yaml.*.tmp"):
        leftover.unlink()


# --- locking ----------------------------------------------------------------------------------


_COUNTER = """
import sys
from pathlib import Path
from sueca_rules._files import atomic_write_text, locked
path = Path(sys.argv[1])
for _ in range(int(sys.argv[2])):
    with locked(path):
        n = int(path.read_text())
        atomic_write_text(path, str(n + 1))
"""


def test_two_processes_updating_one_file_both_count(tmp_path: Path) -> None:
    counter = tmp_path / "count.txt"
    counter.write_text("0")
    runs = [
        subprocess.Popen([sys.executable, "-c", _COUNTER, str(counter), "40"]) for _ in range(2)
    ]
    assert [run.wait() for run in runs] == [0, 0]
    assert counter.read_text() == "80"


@pytest.mark.skipif(not POSIX, reason="fcntl locks")
def test_a_lock_held_elsewhere_is_waited_for_then_refused(tmp_path: Path) -> None:
    target = tmp_path / "ladder.json"
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\nfrom sueca_rules._files import locked\n"
            "with locked(sys.argv[1]):\n    print('held', flush=True)\n    time.sleep(30)\n",
            str(target),
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline() == "held\n"
        held = r"another process has held the lock ladder\.json\.lock"
        with pytest.raises(OSError, match=held), locked(target, timeout=0.2):
            pass
    finally:
        holder.kill()
        holder.wait()
        if holder.stdout is not None:
            holder.stdout.close()
    with locked(target, timeout=5):  # released with the process that held it
        pass
