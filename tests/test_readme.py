"""The README's promises: the two set-up commands, CI running the test command, the example."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


def commands() -> list[str]:
    blocks = re.findall(r"```sh\n(.*?)```", README, re.S)
    return [line for block in blocks[:2] for line in block.splitlines() if line.startswith("py")]


def test_two_set_up_commands() -> None:
    main_job, tests = commands()
    assert main_job.endswith(".venv/bin/sueca play")
    assert "'.[cli]'" in main_job
    assert tests.endswith(".venv/bin/python -m pytest")
    assert "'.[dev]'" in tests


def test_ci_runs_the_readme_test_command() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands()[1] in ci.splitlines()


def test_docs_home_page_shows_the_same_commands() -> None:
    home = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    for command in commands():
        assert command in home


def test_the_python_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    (code,) = re.findall(r"```python\n(.*?)```", README, re.S)
    exec(compile(code, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "wins trick 1" in out
    assert re.search(r"winner: team [01] partidas \(\d, \d\)", out)


def test_validate_example_is_real(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The README's house-rules file is valid; with the typo it names, validate prints the
    README's line."""
    from sueca_rules.cli import main

    (text,) = re.findall(r"```yaml\n(.*?)```", README, re.S)
    (console,) = re.findall(r"```console\n\$ sueca validate house.yaml\n(.*?)\n```", README, re.S)
    house = tmp_path / "house.yaml"
    house.write_text(text, encoding="utf-8")
    assert main(["validate", str(house)]) == 0
    capsys.readouterr()
    assert "mode: multiply" in text
    house.write_text(text.replace("mode: multiply", "mode: triple"), encoding="utf-8")
    assert main(["validate", str(house)]) == 1
    line = capsys.readouterr().out.strip()
    assert line == f"{tmp_path}/{console}"


@pytest.mark.parametrize("variant", ["brasil", "portugal-table", "portugal-best-of-3"])
def test_the_python_example_plays_any_variant(
    variant: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A newcomer changes the README's variant: the loop still plays the match to its end (the
    dealer's choice, redeals, claims and the count are pending decisions like a card)."""
    (code,) = re.findall(r"```python\n(.*?)```", README, re.S)
    assert 'Match("portugal", seed=1)' in code
    code = code.replace('Match("portugal", seed=1)', f'Match("{variant}", seed=1)')
    exec(compile(code, "README.md", "exec"), {})
    assert re.search(r"winner: team [01] partidas", capsys.readouterr().out)
