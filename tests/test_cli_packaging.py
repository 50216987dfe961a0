"""The package as published: the wheel holds the built-ins, the schema, the phrase files and the
type marker, installs on its own and runs ``sueca`` from anywhere (issue 17.9).

Building needs the build backend (hatchling) from the package index, so these tests are
``slow`` (run with ``pytest -m slow``); the quick ones check what the build is told to include.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from sueca_rules import builtin_ids

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_the_wheel_is_told_to_carry_the_data() -> None:
    wheel = PYPROJECT["tool"]["hatch"]["build"]["targets"]["wheel"]
    assert wheel["packages"] == ["sueca_rules"]
    assert wheel["force-include"] == {
        "variants": "sueca_rules/variants",
        "schema": "sueca_rules/schema",
    }
    assert (ROOT / "sueca_rules" / "py.typed").is_file()
    assert PYPROJECT["project"]["scripts"] == {"sueca": "sueca_rules.cli:main"}


def test_the_sdist_holds_what_the_tests_and_docs_need() -> None:
    include = set(PYPROJECT["tool"]["hatch"]["build"]["targets"]["sdist"]["include"])
    needed = {"sueca_rules", "variants", "schema", "tests", "examples", "docs", "scripts"}
    assert needed <= include
    for name in include:
        assert (ROOT / name).exists(), name


def test_the_docs_extra_formats_signatures() -> None:
    docs = PYPROJECT["project"]["optional-dependencies"]["docs"]
    assert any(d.startswith(("ruff", "black")) for d in docs)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    if result.returncode != 0:  # pragma: no cover - no index to fetch the build backend from
        pytest.skip(f"cannot build a wheel here: {result.stderr.strip()[-300:]}")
    (built,) = out.glob("sueca_rules-*.whl")
    return built


@pytest.mark.slow
def test_the_wheel_holds_the_builtins_schema_and_phrases(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    for vid in builtin_ids():
        assert f"sueca_rules/variants/{vid}.yaml" in names
    assert any(n.startswith("sueca_rules/schema/sueca-variant.") for n in names)
    for module in ("_game_tables", "_analysis_tables"):
        assert f"sueca_rules/_lang/{module}.py" in names
    catalogues = Path(__file__).resolve().parents[1] / "sueca_rules" / "_lang" / "catalogues"
    for lang in ("en", "pt"):  # the words of every language, as catalogues
        for section in ("card", "table", "game", "analysis", "web"):
            assert f"sueca_rules/_lang/catalogues/{lang}/{section}.json" in names
    assert {
        f"sueca_rules/{p.relative_to(catalogues.parents[1]).as_posix()}"
        for p in catalogues.rglob("*.json")
    } <= names
    assert "sueca_rules/py.typed" in names
    assert "sueca_rules/__init__.pyi" in names  # the public API's one table
    assert "sueca_rules/_kernel/_ckernel.c" in names  # the optional compiled kernel's source
    # The web app's pages, scripts and styles (served from the package, nothing from elsewhere).
    web = Path(__file__).resolve().parents[1] / "sueca_rules" / "web"
    assets = [p.relative_to(web.parent.parent).as_posix() for p in web.rglob("*") if p.is_file()]
    assert [a for a in assets if a.endswith((".html", ".js", ".css"))]
    assert {a for a in assets if "__pycache__" not in a} <= names
    assert not any(n.startswith(("tests/", "examples/", "docs/")) for n in names)


@pytest.mark.slow
def test_the_installed_wheel_runs_from_anywhere(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), wheel],
        check=True,
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = {**os.environ, "PYTHONPATH": str(target), "LC_ALL": "C.UTF-8"}

    def sueca(*args: str) -> str:
        result = subprocess.run(
            [sys.executable, "-m", "sueca_rules", *args],
            cwd=elsewhere,
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        return result.stdout

    where = subprocess.run(
        [sys.executable, "-c", "import sueca_rules; print(sueca_rules.__file__)"],
        cwd=elsewhere,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert where.startswith(str(target))  # the installed copy, not the checkout
    listed = sueca("variants").splitlines()
    assert [line.split()[0] for line in listed] == list(builtin_ids())
    assert "Regras da Sueca: Brasil" in sueca("describe", "brasil", "--lang", "pt")
    assert sueca("schema").startswith("{")
    sueca("new", "house.yaml")
    assert "valid" in sueca("validate", "house.yaml")
