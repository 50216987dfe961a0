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


def test_every_command_of_the_command_list_is_real() -> None:
    """The README's list of `sueca` commands names only commands the CLI has, and its
    standard-input line reads a record from there."""
    import subprocess
    import sys

    from sueca_rules.cli import build_parser

    block = README.split("## The `sueca` command", 1)[1].split("```", 2)[1]
    parser = build_parser()
    known = {name for a in parser._actions if isinstance(a.choices, dict) for name in a.choices}
    lines = [line.split("#")[0].split() for line in block.splitlines() if line.startswith("sueca")]
    assert sorted({words[1] for words in lines} - known) == []
    assert ["sueca", "replay", "-", "<", "game.yaml"] in lines
    docs = (ROOT / "docs" / "guide" / "records.md").read_text(encoding="utf-8")
    game = re.search(r'^```yaml title="game.yaml"\n(.*?)^```', docs, re.S | re.M)
    assert game is not None
    result = subprocess.run(
        [sys.executable, "-m", "sueca_rules", "replay", "-"],
        input=game.group(1),
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Portugal: first dealer seat 0")


@pytest.mark.parametrize("page", ["README.md", "docs/index.md"])
def test_the_bare_sueca_commands_come_after_the_step_that_puts_sueca_on_the_path(
    page: str,
) -> None:
    """The quick start installs into `.venv` and runs `.venv/bin/sueca`; the command list that
    follows types `sueca` alone, which a shell finds only once the environment is active. The
    page says so before the first of them."""
    text = (ROOT / page).read_text(encoding="utf-8")
    assert all(".venv" in command for command in commands())
    first_bare = re.search(r"^sueca ", text, re.M)
    assert first_bare is not None
    before = text[: first_bare.start()]
    assert "`. .venv/bin/activate`" in before
    assert "`.venv/bin/sueca`" in before
    assert before.index("python3 -m venv .venv") < before.index("`. .venv/bin/activate`")


def test_the_readme_links_the_pages_it_sends_a_reader_to() -> None:
    """Read on GitHub, the README sends a newcomer to guides of the documentation: each is a
    link to its page in `docs/` (the built site has no address yet), and every link of the
    README leads to a file or folder of the repository."""
    links = re.findall(r"\]\(([^)]+)\)", README)
    local = [link for link in links if "://" not in link]
    assert {"docs/guide/web.md", "docs/guide/learning.md", "docs/guide/performance.md"} <= set(
        local
    )
    assert "docs/house-rules.md" in local
    for link in local:
        assert (ROOT / link.split("#")[0]).exists(), link
    for words in ("the documentation's web app guide", "the learning guide in the docs"):
        assert words not in README
