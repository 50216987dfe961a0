"""``sueca validate`` of several files: the summary line counts in words, with plurals chosen by
the count; and no text of the command line hedges a plural ("file(s)")."""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import pytest

from sueca_rules.cli import main

CLI = Path(__file__).resolve().parents[1] / "sueca_rules" / "cli"


def _validate(capsys: pytest.CaptureFixture[str], *paths: Path) -> tuple[int, str]:
    status = main(["validate", *map(str, paths)])
    return status, capsys.readouterr().err.strip()


def test_the_summary_of_valid_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = [tmp_path / f"house-{n}.yaml" for n in range(2)]
    for path in files:
        path.write_text("name: House\nextends: portugal\n", encoding="utf-8")
    assert _validate(capsys, *files) == (0, "2 files checked: 2 valid")


@pytest.mark.parametrize(
    ("bad_files", "summary"),
    [
        (["name: Bad\nmatch:\n  target_games: 0\n"], "2 files checked: 1 valid, 1 with 1 problem"),
        (
            ["name: Bad\nmatch:\n  target_games: 0\n", "name: Worse\nmatch: {best_of: 0}\nx: 1\n"],
            "3 files checked: 1 valid, 2 with 3 problems",
        ),
    ],
)
def test_the_summary_with_problems(
    bad_files: list[str], summary: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.yaml"
    good.write_text("name: House\n", encoding="utf-8")
    paths = [good]
    for n, text in enumerate(bad_files):
        paths.append(tmp_path / f"bad-{n}.yaml")
        paths[-1].write_text(text, encoding="utf-8")
    status, err = _validate(capsys, *paths)
    assert status == 1
    assert err == summary


def test_no_cli_text_hedges_a_plural() -> None:
    for path in sorted(CLI.glob("*.py")):
        source = path.read_text(encoding="utf-8")
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.STRING:
                text = token.string
                while re.search(r"\{[^{}]*\}", text):  # an f-string's expressions are code
                    text = re.sub(r"\{[^{}]*\}", "", text)
                assert not re.search(r"\w\((s|es)\)", text), (path.name, token.string)
