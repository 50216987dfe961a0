"""The documentation: the generated pages, the examples shown in the pages, and the site build.

``scripts/gen_docs.py`` writes the variant gallery and the references from the code; these tests
check that it covers every built-in variant, every CLI command and every variant field, that the
Python shown in the embedding guide runs, that the command output shown in the guides is what
the commands print today, and (slow) that ``mkdocs build --strict`` passes offline.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from sueca_rules import builtin_ids, load_variant

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"


@pytest.fixture(scope="module")
def gen_docs() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_docs", ROOT / "scripts" / "gen_docs.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["gen_docs"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def generated(gen_docs: ModuleType, tmp_path_factory: pytest.TempPathFactory) -> Path:
    docs = tmp_path_factory.mktemp("docs")
    gen_docs.generate(docs)
    return docs


# --- the generated pages ---------------------------------------------------------------------


def test_a_page_per_builtin_variant(generated: Path) -> None:
    pages = sorted(p.stem for p in (generated / "variants").glob("*.md"))
    assert pages == sorted([*builtin_ids(), "index"])
    index = (generated / "variants" / "index.md").read_text(encoding="utf-8")
    for vid in builtin_ids():
        variant = load_variant(vid)
        page = (generated / "variants" / f"{vid}.md").read_text(encoding="utf-8")
        assert f"\n# {variant.name}\n" in page
        assert f"]({vid}.md) | `{vid}` |" in index
        # The rules card in both languages, and the variant file itself.
        assert '=== "English"' in page
        assert '=== "Português"' in page
        assert f"Sueca rules: {variant.name}" not in page  # the title is the page's own
        assert "**Players and teams**" in page
        assert "**Jogadores e equipas**" in page
        source = (ROOT / "variants" / f"{vid}.yaml").read_text(encoding="utf-8")
        assert source.rstrip("\n") in page
        if vid != "portugal":
            assert "differ in" in page
            assert "| Field | `portugal` |" in page


def test_variant_pages_show_what_differs_from_portugal(generated: Path) -> None:
    page = (generated / "variants" / "french.md").read_text(encoding="utf-8")
    assert "| `table.direction` | `anticlockwise` | `clockwise` |" in page
    assert "| `scoring.bandeira.wins_partida` | `false` | `true` |" in page


def test_the_cli_reference_has_every_command(generated: Path, gen_docs: ModuleType) -> None:
    from sueca_rules.cli import build_parser

    page = (generated / "reference" / "cli.md").read_text(encoding="utf-8")
    commands = [name for name, _, _ in gen_docs.cli_commands(build_parser())]
    assert {"variants", "describe", "diff", "validate", "schema", "replay"} <= set(commands)
    for name in commands:
        assert f"## `sueca {name}`" in page
        assert f"usage: sueca {name} [-h]" in page
    # Wrapped to a fixed width whatever the terminal, so the page does not change by machine.
    for block in re.findall(r"```text\n(.*?)```", page, re.S):
        assert max(len(line) for line in block.splitlines()) <= gen_docs.CLI_COLUMNS


def test_the_variant_file_reference_has_every_field(generated: Path) -> None:
    page = (generated / "reference" / "variant-file.md").read_text(encoding="utf-8")

    def paths(data: dict[str, object], prefix: str = "") -> list[str]:
        out = []
        for key, value in data.items():
            out.append(prefix + key)
            if isinstance(value, dict):
                out += paths(value, f"{prefix}{key}.")
        return out

    fields = paths(load_variant("portugal").model_dump(mode="json"))
    fields += ["scoring.tiers[].min_points", "scoring.tiers[].games"]
    for field in fields:
        assert f"### `{field}`" in page or f"## `{field}`" in page, field
    assert "**Default:** `anticlockwise`" in page
    assert "**Allowed:** `none`, `add`, `multiply`" in page
    assert "# yaml-language-server: $schema=" in page
    assert "https://github.com/python-jsonschema/check-jsonschema" in page
    assert '"--schemafile", "schema/sueca-variant.v1.json"' in page
    assert "entry: sueca validate" in page


def test_generation_is_stable_and_removes_stale_pages(gen_docs: ModuleType, tmp_path: Path) -> None:
    (tmp_path / "variants").mkdir()
    stale = tmp_path / "variants" / "gone.md"
    stale.write_text("# a variant that no longer exists\n")
    gen_docs.generate(tmp_path)
    assert not stale.exists()
    before = {p: p.read_text(encoding="utf-8") for p in tmp_path.rglob("*.md")}
    mtimes = {p: p.stat().st_mtime_ns for p in before}
    gen_docs.generate(tmp_path)
    assert {p: p.read_text(encoding="utf-8") for p in tmp_path.rglob("*.md")} == before
    assert {p: p.stat().st_mtime_ns for p in before} == mtimes  # unchanged files not rewritten


def test_rules_card_to_markdown_escapes_and_structures(gen_docs: ModuleType) -> None:
    text = (
        "Title\n=====\n\nHeading\n  A *para* with [brackets].\n  - an item\n  - another\n"
        "      A 7 K\nSource\n  dropped\n"
    )
    md = gen_docs.plain_text_to_markdown(text, drop_section="Source")
    assert md == (
        "**Heading**\n\nA \\*para\\* with \\[brackets\\].\n\n- an item\n- another\n\n`A 7 K`\n"
    )


def test_docstring_markup_becomes_markdown(gen_docs: ModuleType) -> None:
    public = gen_docs._public_objects()
    text = (
        "See :class:`~sueca_rules.Match` and :meth:`play`, not :func:`_private`::\n\n"
        "    x = 1\n\n>>> 1 + 1\n2\n"
    )
    md = gen_docs.docstring_to_markdown(text, "sueca_rules._match.Match.legal_cards", public)
    assert "[`Match`][sueca_rules.Match]" in md
    assert "[`play`][sueca_rules.Match.play]" in md
    assert "`_private`" in md
    assert "```python\nx = 1\n```" in md
    assert "```pycon\n>>> 1 + 1\n2\n```" in md
    assert "::" not in md


# --- what the pages show ---------------------------------------------------------------------


def _blocks(page: str, lang: str) -> list[tuple[str, str]]:
    """(title, body) of every fenced block of ``lang`` in a page."""
    pattern = rf'^```{lang}(?: title="([^"]*)")?\n(.*?)^```'
    return re.findall(pattern, page, re.S | re.M)


def test_the_python_of_the_embedding_guide_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": "guide"}
    for page in ("guide/embedding.md", "guide/bots.md", "index.md"):
        for i, (_, code) in enumerate(_blocks((DOCS / page).read_text(encoding="utf-8"), "python")):
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(code, f"{page}[{i}]", "exec"), namespace)


def _console_sessions(page: str) -> list[tuple[list[str], list[str]]]:
    """Each ``$ command`` of the console blocks and the output lines shown after it."""
    sessions: list[tuple[list[str], list[str]]] = []
    for _, body in _blocks(page, "console"):
        for line in body.splitlines():
            if line.startswith("$ "):
                sessions.append((line[2:].split(), []))
            elif sessions:
                sessions[-1][1].append(line)
    return sessions


@pytest.mark.parametrize("page", ["house-rules.md", "guide/records.md"])
def test_the_command_output_shown_in_the_guides_is_real(page: str, tmp_path: Path) -> None:
    """Run the ``sueca`` commands a page shows, on the files the page shows, and compare. Output
    cut short with a ``...`` line is compared up to it."""
    text = (DOCS / page).read_text(encoding="utf-8")
    for title, body in _blocks(text, "yaml"):
        if title:
            (tmp_path / title).write_text(body, encoding="utf-8")
    env = {**os.environ, "COLUMNS": "100", "NO_COLOR": "1"}
    checked = 0
    status: int | None = None
    for command, shown in _console_sessions(text):
        if command == ["echo", "$?"]:
            assert status is None or shown == [str(status)], command
            continue
        files = [arg for arg in command if arg.endswith((".yaml", ".json"))]
        if command[0] != "sueca" or not all((tmp_path / f).is_file() for f in files):
            status = None
            continue  # a file the page does not show
        result = subprocess.run(
            [sys.executable, "-m", "sueca_rules", *command[1:]],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        status = result.returncode
        actual = (result.stdout + result.stderr).rstrip("\n").splitlines()
        if "..." in shown:
            shown = shown[: shown.index("...")]
            actual = actual[: len(shown)]
        assert [line.rstrip() for line in actual] == shown, " ".join(command)
        checked += 1
    assert checked >= 2


# --- the site --------------------------------------------------------------------------------


@pytest.mark.slow
def test_mkdocs_build_strict_passes_offline(gen_docs: ModuleType, tmp_path: Path) -> None:
    pytest.importorskip("mkdocs")
    pytest.importorskip("mkdocstrings_handlers.python")
    mkdocs = shutil.which("mkdocs", path=str(Path(sys.executable).parent)) or shutil.which("mkdocs")
    if mkdocs is None:
        pytest.skip("mkdocs is not installed (pip install -e '.[docs]')")
    gen_docs.main([])
    site = tmp_path / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "no_proxy": "*"}
    result = subprocess.run(
        [mkdocs, "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    assert "WARNING" not in result.stderr, result.stderr[-4000:]
    for vid in builtin_ids():
        assert (site / "variants" / vid / "index.html").is_file()
    for page in ("reference/cli", "reference/variant-file", "guide/embedding", "reference/api"):
        assert (site / page / "index.html").is_file(), page
    engine = (site / "reference" / "api" / "engine" / "index.html").read_text(encoding="utf-8")
    assert 'id="sueca_rules.Match.play"' in engine
    assert ":class:" not in engine  # the reST roles became links
    models = (site / "reference" / "api" / "variants" / "index.html").read_text(encoding="utf-8")
    assert "The display name of the rule set" in models  # pydantic field descriptions
    assert (site / "search" / "search_index.json").is_file()
