"""``sueca describe``, ``sueca diff`` and the summaries of ``sueca variants``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sueca_rules import builtin_ids, load_variant
from sueca_rules._describe import summary
from sueca_rules.cli import main


@pytest.mark.parametrize("vid", builtin_ids())
@pytest.mark.parametrize("lang", ["en", "pt"])
def test_describe_builtin(vid: str, lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["describe", vid, "--lang", lang]) == 0
    out, err = capsys.readouterr()
    title = "Sueca rules" if lang == "en" else "Regras da Sueca"
    assert out.startswith(f"{title}: {load_variant(vid).name}\n")
    assert "A 7 K J Q 6 5 4 3 2" in out
    assert err == ""


def test_describe_defaults_to_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["describe", "french"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Everything goes clockwise, to the left" in out


def test_describe_unknown_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["describe", "no-such-rules"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "error" in err
    assert "no-such-rules" in err
    assert "portugal" in err  # the built-in ids are listed
    assert "Traceback" not in err


def test_describe_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(
        "name: Our café\nextends: portugal\nscoring:\n  tie:\n    mode: multiply\n    amount: 2\n",
        encoding="utf-8",
    )
    assert main(["describe", str(house)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert out.startswith("Sueca rules: Our café")
    assert "counts double" in out


def test_describe_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Bad\ntable:\n  direction: sideways\n", encoding="utf-8")
    assert main(["describe", str(bad)]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert "bad.yaml:3" in err
    assert "sideways" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("command", [["describe", "portugal"], ["diff", "portugal", "french"]])
def test_unknown_language_is_rejected(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main([*command, "--lang", "xx"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice" in err
    assert "'xx'" in err


def test_diff_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "portugal", "french", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert isinstance(data, list)
    assert all(set(item) == {"path", "a", "b"} for item in data)
    assert data == [
        {"path": "table.direction", "a": "anticlockwise", "b": "clockwise"},
        {"path": "scoring.bandeira.requires", "a": "all_points", "b": "all_tricks"},
        {"path": "scoring.bandeira.wins_partida", "a": False, "b": True},
        {"path": "scoring.tie.mode", "a": "add", "b": "none"},
    ]


def test_diff_json_tiers(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    three = tmp_path / "three.yaml"
    three.write_text(
        "name: Three tiers\nextends: portugal\nscoring:\n  tiers:\n"
        "    - {min_points: 61, games: 1}\n    - {min_points: 91, games: 2}\n"
        "    - {min_points: 110, games: 3}\n",
        encoding="utf-8",
    )
    assert main(["diff", "portugal", str(three), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == [
        {
            "path": "scoring.tiers",
            "a": [{"min_points": 61, "games": 1}, {"min_points": 91, "games": 2}],
            "b": [
                {"min_points": 61, "games": 1},
                {"min_points": 91, "games": 2},
                {"min_points": 110, "games": 3},
            ],
        }
    ]


def test_diff_json_same_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "portugal", "portugal", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == []


def test_diff_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "portugal", "sueca-play"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert out.startswith("Portugal and Sueca Play differ in 2 rules:")
    assert "First dealer: Portugal: chosen at random; Sueca Play: seat 1" in out
    assert "Ties (60-60):" in out


def test_diff_text_portuguese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "portugal", "french", "--lang", "pt"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert out.startswith("Portugal e French rules diferem em 3 regras:")


def test_diff_same_rules_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "portugal", "portugal"]) == 0
    assert "same rules" in capsys.readouterr().out


def test_diff_unknown_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "portugal", "nope", "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "error" in err
    assert "Traceback" not in err


def test_variants_lists_summaries(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == len(builtin_ids())
    for vid, line in zip(builtin_ids(), lines, strict=True):
        assert line.startswith(vid)
        assert line.endswith(summary(load_variant(vid)))


def test_variants_json_summaries(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert [r["id"] for r in rows] == list(builtin_ids())
    for row in rows:
        assert row["summary"] == summary(load_variant(row["id"]))


def test_command_module_is_light() -> None:
    """Registering the commands imports neither pydantic nor the rules card module."""
    code = (
        "import sys\n"
        "import sueca_rules.cli._cmd_describe\n"
        "heavy = [m for m in ('pydantic', 'sueca_rules._describe', 'yaml') if m in sys.modules]\n"
        "print(heavy)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert done.stdout.strip() == "[]"


def test_a_variant_argument_that_is_not_a_file_is_a_command_line_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["describe", str(tmp_path / "nosuch.yaml")]) == 2
    assert capsys.readouterr().err.strip() == (
        f"sueca describe: error: {tmp_path / 'nosuch.yaml'}: no such file"
    )
    (tmp_path / "rules").mkdir()
    assert main(["diff", "portugal", str(tmp_path / "rules")]) == 2
    assert "is a directory, not a file" in capsys.readouterr().err


def test_output_that_cannot_show_the_symbols_gets_no_traceback(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONIOENCODING": "cp1252"}
    done = subprocess.run(
        [sys.executable, "-m", "sueca_rules", "describe", "sueca-play", "--lang", "pt"],
        capture_output=True,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert b"Traceback" not in done.stderr
    assert b"Regras da Sueca" in done.stdout
