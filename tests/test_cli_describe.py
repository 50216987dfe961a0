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
from sueca_rules._lang import phrases
from sueca_rules.cli import main


@pytest.mark.parametrize("vid", builtin_ids())
@pytest.mark.parametrize("lang", ["en", "pt"])
def test_describe_builtin(vid: str, lang: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["describe", vid, "--lang", lang]) == 0
    out, err = capsys.readouterr()
    from sueca_rules._lang import builtin_names

    title = "Sueca rules" if lang == "en" else "Regras da Sueca"
    name = builtin_names(lang).get(vid, load_variant(vid).name)  # "Portugal, à mesa"
    assert out.startswith(f"{title}: {name}\n")
    assert ("A 7 K J Q 6 5 4 3 2" if lang == "en" else "A 7 R V D 6 5 4 3 2") in out
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


@pytest.mark.parametrize(
    ("given", "lang", "said"),
    [
        ("house.yml", "en", "house.yml: no such file (did you mean 'house.yaml'?)"),
        ("hose.yaml", "pt", "hose.yaml: esse ficheiro não existe (querias dizer 'house.yaml'?)"),
        ("portugal.yaml", "en", "no such file (did you mean the built-in 'portugal'?)"),
        ("portugal.yml", "pt", "não existe (querias dizer as regras de base 'portugal'?)"),
        ("nothing-like-it.yaml", "en", "nothing-like-it.yaml: no such file\n"),
    ],
)
def test_a_variant_file_mistyped_is_named_with_what_was_meant(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    given: str,
    lang: str,
    said: str,
) -> None:
    """A VARIANT file that is not there: the file beside it of a close name, or the built-in
    its name spells, is offered, as for a built-in id mistyped; it said only "no such file"."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.yaml").write_text("name: Casa\n", encoding="utf-8")
    assert main(["describe", given, "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert said in err
    # Given with its folder, the file meant is named with it.
    assert main(["diff", "portugal", str(tmp_path / given), "--lang", lang]) == 2
    beside = said.split(": ", 1)[-1].replace("'house.yaml'", f"'{tmp_path / 'house.yaml'}'")
    assert beside in capsys.readouterr().err


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


def test_describe_a_house_file_says_what_it_changed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 17.1: a file that extends a base and has no description of its own."""
    tasca = tmp_path / "tasca.yaml"
    tasca.write_text(
        "name: Tasca\nextends: portugal\ntable:\n  direction: clockwise\n"
        "deal:\n  trump_card: dealer_first\nmatch:\n  target_games: 6\n",
        encoding="utf-8",
    )
    assert main(["describe", str(tasca)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Play and dealing go anticlockwise" not in out
    assert "First team to four games" not in out
    assert "Based on Portugal, with these changes: - Direction of play: clockwise" in out
    assert "- Games to win a partida: 6 games." in out
    assert main(["describe", str(tasca), "--lang", "pt"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "São as regras de Portugal, com estas alterações:" in out
    assert "- Jogos para ganhar a partida: 6 jogos." in out


def test_describe_a_file_that_extends_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "base.yaml").write_text(
        "name: Our base\ndescription: Our base, clockwise.\ntable: {direction: clockwise}\n",
        encoding="utf-8",
    )
    house = tmp_path / "rules" / "house.yaml"
    house.write_text(
        "name: House\nextends: base.yaml\nmatch: {target_games: 6}\n", encoding="utf-8"
    )
    assert main(["describe", str(house)]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Our base, clockwise." not in out
    assert "Based on Our base, with these changes: - Games to win a partida: 6 games." in out


@pytest.mark.parametrize("vid", builtin_ids())
def test_describe_in_portuguese_has_no_english_source(
    vid: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 17.2: "Fonte / The rules of the Sueca▶Play game…"."""
    assert main(["describe", vid, "--lang", "pt"]) == 0
    out = capsys.readouterr().out
    source = " ".join(out.split("\nFonte\n")[1].split())
    translated = phrases("pt").builtins
    assert translated is not None
    assert source.startswith(" ".join(translated[vid].split())), source
    assert " the " not in source
    assert " games" not in source


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
    assert out.startswith("Portugal and Sueca Play differ in 4 rules, said under 2 headings:")
    assert "First dealer: Portugal: chosen at random; Sueca Play: seat 1" in out
    assert "Ties (60-60):" in out


def test_diff_text_portuguese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["diff", "portugal", "french", "--lang", "pt"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert out.startswith("Portugal e Regras francesas diferem em 4 regras, agrupadas em 3 temas:")


@pytest.mark.parametrize(("a", "b"), [("portugal", "french"), ("portugal", "sueca-play")])
def test_diff_text_counts_what_json_lists(
    a: str, b: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 17.8: the text said "3 rules" where --json listed 4."""
    assert main(["diff", a, b, "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    for lang in ("en", "pt"):
        assert main(["diff", a, b, "--lang", lang]) == 0
        head = capsys.readouterr().out.splitlines()[0]
        assert f" {len(listed)} r" in head, head


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


@pytest.mark.parametrize(("columns", "card"), [(30, 40), (62, 60), (300, 98)])
def test_a_rules_card_fits_the_terminal_between_40_and_98_columns(
    columns: int, card: int, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The terminal's width is read in one place (`terminal_width`), as the reports read it.
    from sueca_rules.cli._common import terminal_width

    monkeypatch.setenv("COLUMNS", str(columns))
    assert terminal_width() == columns
    for command in (["describe", "portugal-table"], ["diff", "portugal", "portugal-table"]):
        assert main([*command, "--lang", "pt"]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert max(len(line) for line in lines) <= card
        assert max(len(line) for line in lines) > card - 12


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "(one set of rules at a time; to see how two differ: sueca diff portugal french)"),
        (
            "pt",
            "(umas regras de cada vez; para ver em que diferem duas: sueca diff portugal french)",
        ),
    ],
)
def test_describe_given_two_variants_points_to_diff(
    capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    """`sueca describe portugal french` describes one set of rules: the refusal says that
    `sueca diff` is what compares two (it said only "unrecognized arguments: french")."""
    with pytest.raises(SystemExit) as stop:
        main(["describe", "portugal", "french", "--lang", lang])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.rstrip("\n").endswith(said)
