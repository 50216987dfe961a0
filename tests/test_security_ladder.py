"""Issue 16, item 4, the ladder's best scores: never silently wiped, both of two runs at once
count, and only a regular file of a sane size is read (a pipe must not hang, /dev/zero must not
fill the memory)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sueca_rules.cli import main
from sueca_rules.cli._ladder import (
    MAX_SCORES_BYTES,
    TOP,
    LadderEntry,
    read_scores,
    record_score,
)


@pytest.fixture(autouse=True)
def _no_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Keep every ladder file away from the real home."""
    monkeypatch.setenv("SUECA_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("COLUMNS", "100")


def entry(score: int, variant: str = "portugal") -> dict[str, object]:
    return {
        "score": score,
        "streak": score // 10_000,
        "margin": score % 10_000,
        "date": f"2024-01-{score % 28 + 1:02d}T10:00:00",
        "variant": variant,
    }


def table(entries: list[dict[str, object]], version: int = 1) -> str:
    return json.dumps({"format": "sueca-rules ladder", "version": version, "scores": entries})


def quit_at_once(
    scores: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    """A ladder run that stops before its first card (it scores nothing)."""
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    status = main(["play", "--ladder", "--seed", "1", "--scores", str(scores)])
    out, err = capsys.readouterr()
    return status, out, err


def backups(scores: Path) -> list[Path]:
    return sorted(scores.parent.glob(f"{scores.name}.unreadable-*"))


def test_one_bad_entry_among_ten_keeps_the_nine(tmp_path: Path) -> None:
    scores = tmp_path / "ladder.json"
    good_scores = [10_000 * n + 5 for n in range(1, 10)]
    good = [entry(score) for score in good_scores]
    text = table([*good, {"score": "lots"}])
    scores.write_text(text)
    read = read_scores(scores)
    assert [e.score for e in read.entries] == sorted(good_scores, reverse=True)
    assert read.damaged
    assert read.warning is not None
    assert "1 of the 10 ladder scores" in read.warning
    assert "the others are kept" in read.warning
    new = LadderEntry(55_555, 5, 5_555, "2024-02-01T10:00:00", "portugal")
    entries, rank, backup = record_score(scores, new)
    assert rank == 5
    assert len(entries) == TOP
    assert backup is not None
    assert backup.read_text() == text  # what could not be read is kept, byte for byte
    assert read_scores(scores).warning is None


def test_a_file_of_a_newer_version_is_backed_up_not_wiped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    scores = tmp_path / "ladder.json"
    text = table([entry(30_000)], version=2)
    scores.write_text(text)
    status, out, err = quit_at_once(scores, monkeypatch, capsys)
    assert status == 0
    assert err.strip().splitlines() == [
        f"sueca: the ladder scores in {scores} are corrupt (version 2, not 1); the file will be "
        "backed up, not overwritten"
    ]
    (backup,) = backups(scores)
    assert backup.read_text() == text
    assert "The ladder scores that could not be read are kept in" in out


def test_a_run_that_scores_nothing_leaves_a_good_file_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    scores = tmp_path / "ladder.json"
    text = table([entry(20_001)])
    scores.write_text(text)
    status, _, err = quit_at_once(scores, monkeypatch, capsys)
    assert (status, err) == (0, "")
    assert scores.read_text() == text
    assert backups(scores) == []


_RECORDER = """
import sys
from pathlib import Path
from sueca_rules.cli._ladder import LadderEntry, record_score
path, first = Path(sys.argv[1]), int(sys.argv[2])
for score in range(first, first + 5):
    record_score(path, LadderEntry(score, 1, score - 10_000, "2024-01-01T00:00:00", "x"))
"""


def test_two_runs_at_once_both_count(tmp_path: Path) -> None:
    scores = tmp_path / "ladder.json"
    runs = [
        subprocess.Popen([sys.executable, "-c", _RECORDER, str(scores), str(first)])
        for first in (10_001, 10_101)
    ]
    assert [run.wait() for run in runs] == [0, 0]
    got = sorted(e.score for e in read_scores(scores).entries)
    assert got == [*range(10_001, 10_006), *range(10_101, 10_106)]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_scores_in_a_pipe_are_refused_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fifo = tmp_path / "ladder.json"
    os.mkfifo(fifo)  # reading it would wait for a writer for ever
    status, out, err = quit_at_once(fifo, monkeypatch, capsys)
    assert status == 2
    assert err.strip() == (
        f"sueca play: error: --scores {fifo}: cannot use it (this is not a regular file "
        "(a pipe or a device?))"
    )
    assert out == ""
    with pytest.raises(OSError, match="not a regular file"):
        record_score(fifo, None)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_scores_in_an_endless_device_are_not_read() -> None:
    read = read_scores(Path("/dev/zero"))
    assert read.unusable == "this is not a regular file (a pipe or a device?)"
    assert read.entries == []


def test_a_huge_scores_file_is_backed_up_unread(tmp_path: Path) -> None:
    scores = tmp_path / "ladder.json"
    scores.write_bytes(b" " * (MAX_SCORES_BYTES + 1))
    read = read_scores(scores)
    assert read.damaged
    assert "too large" in (read.warning or "")
    _, rank, backup = record_score(scores, LadderEntry(10_001, 1, 1, "d", "x"))
    assert rank == 1
    assert backup is not None
    assert backup.stat().st_size == MAX_SCORES_BYTES + 1


def test_entries_with_absurd_text_are_bad_entries(tmp_path: Path) -> None:
    scores = tmp_path / "ladder.json"
    scores.write_text(table([entry(10_000), entry(20_000, variant="x" * 5_000)]))
    read = read_scores(scores)
    assert [e.score for e in read.entries] == [10_000]
    assert "variant is not text of at most 200 characters" in (read.warning or "")


def test_a_save_that_fails_loses_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    scores = tmp_path / "ladder.json"
    text = table([entry(10_000), {"score": -1}])
    scores.write_text(text)

    def full(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(OSError, match="No space left"):
        record_score(scores, LadderEntry(20_000, 2, 0, "d", "x"))
    assert scores.read_text() == text
    assert backups(scores) == []  # the file itself is still there: no backup needed


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_scores_that_cannot_be_used_are_said_in_the_games_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`sueca play --ladder --scores /dev/zero --lang pt` refused in English."""
    assert main(["play", "--ladder", "--scores", "/dev/zero", "--lang", "pt"]) == 2
    assert capsys.readouterr().err.strip() == (
        "sueca play: erro: --scores /dev/zero: não dá para o usar (isto não é um ficheiro normal "
        "(é um pipe ou um dispositivo?))"
    )


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (b'{"bad', "as melhores pontuações da escada em {path} estão estragadas"),
        (b" " * (MAX_SCORES_BYTES + 1), "o ficheiro é grande demais"),
        (
            json.dumps(
                {"format": "sueca-rules ladder", "version": 1, "scores": [entry(10_005), 7]}
            ).encode(),
            "1 das 2 pontuações da escada em {path} não se consegue ler",
        ),
    ],
    ids=["corrupt", "too large", "a bad entry"],
)
def test_scores_that_cannot_be_read_are_said_in_the_games_language(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    content: bytes,
    said: str,
) -> None:
    """The warning about a damaged scores file was English in a Portuguese game."""
    scores = tmp_path / "ladder.json"
    scores.write_bytes(content)
    monkeypatch.setattr("sys.stdin", io.StringIO("s\n"))
    assert main(["play", "--ladder", "--seed", "1", "--scores", str(scores), "--lang", "pt"]) == 0
    err = capsys.readouterr().err
    assert said.format(path=scores) in err
    assert "ladder" not in err.replace("ladder.json", "")
