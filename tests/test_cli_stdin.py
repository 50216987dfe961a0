"""`-` as a VARIANT or RECORD argument reads standard input, as Unix commands do: with the size
limits of a file, a clear error for empty or invalid input (in English and Portuguese), once per
command, and never for `sueca play`, which reads the moves from there."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sueca_rules import Match, dump_record, save_record
from sueca_rules.bots import make_bot, play_match
from sueca_rules.cli import main


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "C.UTF-8")


def _stdin(monkeypatch: pytest.MonkeyPatch, data: bytes | str) -> None:
    raw = data.encode() if isinstance(data, str) else data
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8"))


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def _game() -> str:
    match = Match("portugal", seed=4)
    play_match(match, [make_bot(1, seed=s) for s in range(4)], max_deals=2)
    return dump_record(Match.from_record(match.to_record(), allow_unfinished=True).to_record())


def test_replay_reads_the_record_from_standard_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = _game()
    (tmp_path / "game.yaml").write_text(text, encoding="utf-8")
    from_file = _run(capsys, "replay", "--json", "--partial", str(tmp_path / "game.yaml"))
    _stdin(monkeypatch, text)
    from_stdin = _run(capsys, "replay", "--json", "--partial", "-")
    assert from_stdin == from_file
    assert json.loads(from_stdin[1])["deals"]


def test_a_record_from_standard_input_names_variant_files_from_the_working_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "house.yaml").write_text("name: House\nextends: portugal\n", encoding="utf-8")
    match = Match(tmp_path / "house.yaml", seed=2)
    play_match(match, [make_bot(1, seed=s) for s in range(4)], max_deals=1)
    data = match.to_record().to_data()
    data["variant"] = "house.yaml"
    data["deals"] = data["deals"][:1]
    monkeypatch.chdir(tmp_path)
    _stdin(monkeypatch, json.dumps(data))
    status, out, err = _run(capsys, "replay", "--json", "-")
    assert (status, err) == (0, "")
    assert json.loads(out)["variant"] == "House"


def test_analyse_reads_the_record_from_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _stdin(monkeypatch, _game())
    status, out, err = _run(
        capsys, "analyse", "--json", "--level", "1", "--seat", "0", "--deals", "1", "-"
    )
    assert (status, err) == (0, "")
    assert json.loads(out)["deals"][0]["deal"] == 1


def test_validate_and_describe_read_a_variant_from_standard_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    text = "name: House\nextends: portugal\nmatch:\n  target_games: 2\n"
    _stdin(monkeypatch, text)
    assert _run(capsys, "validate", "-") == (0, "<stdin>: valid (House)\n", "")
    (tmp_path / "house.yaml").write_text(text, encoding="utf-8")
    card = _run(capsys, "describe", str(tmp_path / "house.yaml"))
    _stdin(monkeypatch, text)
    assert _run(capsys, "describe", "-") == card
    _stdin(monkeypatch, "name: House\nmatch:\n  target_games: 0\n")
    status, out, _ = _run(capsys, "validate", "-")
    assert status == 1
    assert out.startswith("<stdin>:3:3: match.target_games: must be at least 1")


def test_standard_input_is_read_once(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _stdin(monkeypatch, "name: House\n")
    status, _, err = _run(capsys, "validate", "-", "portugal", "-")
    assert status == 2
    assert "standard input (-) can be read only once" in err
    status, _, err = _run(capsys, "--lang", "pt", "diff", "-", "-")
    assert status == 2
    assert "a entrada padrão (-) só se lê uma vez" in err


@pytest.mark.parametrize(
    ("lang", "said"),
    [("en", "<stdin>: the record is empty"), ("pt", "<stdin>: o registo está vazio")],
)
def test_empty_standard_input_is_a_clear_error(
    lang: str, said: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _stdin(monkeypatch, b"")
    status, out, err = _run(capsys, "--lang", lang, "replay", "-")
    assert (status, out) == (1, "")
    assert said in err
    assert "Traceback" not in err


def test_closed_standard_input_reads_as_empty() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "sueca_rules", "validate", "-"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
        close_fds=True,
        preexec_fn=lambda: os.close(0),
        env={**os.environ, "LC_ALL": "C.UTF-8"},
    )
    assert result.returncode == 1
    assert result.stdout.startswith("<stdin>: the file is empty"), result.stdout + result.stderr


def test_standard_input_over_the_size_limit_is_refused_unread(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _stdin(monkeypatch, b"a" * 300_000)
    status, out, _ = _run(capsys, "validate", "-")
    assert status == 1
    assert out == "<stdin>: the file is too large (at least 262,145 bytes; the limit is 262,144)\n"
    _stdin(monkeypatch, b"a" * 300_000)
    status, out, _ = _run(capsys, "--lang", "pt", "validate", "-")
    assert "pelo menos 262 145 bytes" in out


@pytest.mark.parametrize("args", [["play", "-"], ["play", "--resume", "-"]])
def test_play_does_not_take_its_variant_or_record_from_standard_input(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = _run(capsys, *args)
    assert status == 2
    assert "sueca play reads your moves from standard input" in err
    status, _, err = _run(capsys, "--lang", "pt", *args)
    assert "o sueca play lê as tuas jogadas da entrada padrão" in err


def test_a_saved_record_replays_the_same_from_a_file_and_from_standard_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    match = Match("portugal", seed=9)
    play_match(match, [make_bot(1, seed=s) for s in range(4)])
    save_record(match.to_record(), tmp_path / "game.json")
    from_file = _run(capsys, "replay", str(tmp_path / "game.json"))
    _stdin(monkeypatch, (tmp_path / "game.json").read_bytes())
    assert _run(capsys, "replay", "-") == from_file


def test_analyse_jobs_0_is_one_per_cpu_as_for_the_other_commands(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--jobs 0` means every CPU for simulate, compare and arena; analyse refused it."""
    text = _game()
    args = ["analyse", "--json", "--level", "1", "--seat", "0", "--deals", "1", "-"]
    _stdin(monkeypatch, text)
    one = _run(capsys, *args)
    _stdin(monkeypatch, text)
    assert _run(capsys, *args[:-1], "--jobs", "0", "-") == one
    with pytest.raises(SystemExit) as stopped:
        main([*args[:-1], "--jobs", "65", "-"])
    assert stopped.value.code == 2
    assert "--jobs: must be at most 64, got 65" in capsys.readouterr().err


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_game_saved_part_way_on_standard_input_is_not_advised_to_resume_from_there(
    lang: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The advice for a file is "sueca play --resume FILE"; on standard input it said
    "sueca play --resume -", which sueca play refuses (it reads the moves from there)."""
    match = Match("portugal", seed=1)
    for _ in range(13):
        match.play(match.legal_cards()[0])
    _stdin(monkeypatch, dump_record(match.to_record()))
    status, out, err = _run(capsys, "--lang", lang, "replay", "-")
    assert status == 1
    assert out == ""
    (line,) = err.strip().splitlines()  # one paragraph
    assert "--resume -" not in line
    assert '"sueca replay --partial -"' in line
    assert ("FILE" if lang == "en" else "FICHEIRO") in line
    _stdin(monkeypatch, dump_record(match.to_record()))
    status, _, err = _run(capsys, "replay", "--partial", "-")  # and the advice works
    assert status == 0
