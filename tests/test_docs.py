"""The documentation: the generated pages, the docstrings, the examples shown in the pages, and
the site build.

`scripts/gen_docs.py` (with its modules in `scripts/docgen/`) writes the variant gallery and the
references from the code; these tests check that it covers every built-in variant, every CLI
command and every variant field, that the docstrings are Google style with Markdown, that the
Python shown in the embedding guide runs, that the command output shown in the guides is what
the commands print today, and (slow) that `mkdocs build --strict` passes offline.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
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


def _load(name: str, path: Path) -> ModuleType:
    """A module from its file, as MkDocs loads a hook and mkdocstrings a Griffe extension."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def gen_docs() -> ModuleType:
    """The command and MkDocs hook; loading it puts `scripts/` on the path, for `docgen`."""
    return _load("gen_docs", ROOT / "scripts" / "gen_docs.py")


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
    online = (generated / "variants" / "sueca-online.md").read_text(encoding="utf-8")
    assert "| `deal.trump_card` | `dealer_last` | `dealer_first` |" in online
    # Nothing is escaped inside a code span: a backslash there would show on the page.
    for vid in builtin_ids():
        text = (generated / "variants" / f"{vid}.md").read_text(encoding="utf-8")
        for row in re.findall(r"^\| `.*\|$", text, re.M):
            assert "\\" not in row, (vid, row)


def test_md_code_shows_any_text_as_it_is(gen_docs: ModuleType) -> None:
    from docgen.markdown import md_code

    assert md_code("dealer_last") == "`dealer_last`"
    assert md_code("a|b") == "`a|b`"
    assert md_code("a `b` c") == "`` a `b` c ``"


def test_the_cli_reference_has_every_command(generated: Path, gen_docs: ModuleType) -> None:
    from docgen.cli_reference import CLI_COLUMNS, cli_commands

    from sueca_rules.cli import build_parser

    page = (generated / "reference" / "cli.md").read_text(encoding="utf-8")
    commands = [name for name, _, _ in cli_commands(build_parser())]
    assert {"variants", "describe", "diff", "validate", "schema", "replay"} <= set(commands)
    for name in commands:
        assert f"## `sueca {name}`" in page
        assert f"usage: sueca {name} [-h]" in page
    # Wrapped to a fixed width whatever the terminal, so the page does not change by machine.
    for block in re.findall(r"```text\n(.*?)```", page, re.S):
        assert max(len(line) for line in block.splitlines()) <= CLI_COLUMNS
    # The exit statuses, as sueca_rules.cli.main and its commands return them.
    statuses = re.search(r"^## Exit status\n(.*?)^## ", page, re.S | re.M)
    assert statuses is not None
    assert re.findall(r"^\| (\d+) \|", statuses.group(1), re.M) == ["0", "1", "2", "130", "143"]
    # The section on `-` is one paragraph (it was once spread one character a line).
    stdin = re.search(r"^## Standard input\n\n(.*?)\n\n## ", page, re.S | re.M)
    assert stdin is not None
    assert "\n" not in stdin.group(1)
    assert "`sueca replay - < game.yaml`" in stdin.group(1)


def test_the_exit_statuses_in_the_cli_reference_are_real(tmp_path: Path) -> None:
    from sueca_rules.cli import main

    bad = tmp_path / "bad.yaml"
    bad.write_text("name: Bad\nmatch: {best_of: 2}\n", encoding="utf-8")
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        assert main(["describe", "portugal"]) == 0
        assert main(["validate", str(bad)]) == 1
        assert main(["validate", str(tmp_path / "missing.yaml")]) == 1
        assert main(["describe", "no-such-variant"]) == 2  # an unknown id: the command line
        assert main(["describe", str(tmp_path / "missing.yaml")]) == 2
        assert main(["play", "--auto", "--ladder"]) == 2


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


def test_a_newcomers_modeline_names_the_schema_sueca_new_writes_beside_the_file(
    generated: Path, tmp_path: Path
) -> None:
    """The example files a newcomer copies into a folder of their own (the house-rules page's
    `our-cafe.yaml`, the editor set-up's) point their modeline at the schema that `sueca new`
    writes beside the file, and the commands the set-up gives write that very file: a modeline
    `../schema/...` finds nothing outside a clone of this repository."""
    from sueca_rules._schema import SCHEMA_FILENAME
    from sueca_rules.cli import main

    modeline = f"# yaml-language-server: $schema={SCHEMA_FILENAME}"
    house = (DOCS / "house-rules.md").read_text(encoding="utf-8")
    assert f'```yaml title="our-cafe.yaml"\n{modeline}\n' in house
    page = (generated / "reference" / "variant-file.md").read_text(encoding="utf-8")
    setup = page.split("## Editor set-up", 1)[1].split("\n## ", 1)[0]
    assert f"```yaml\n{modeline}\n" in setup
    written = re.findall(r"`sueca schema -o ([^`]+)`", setup)
    assert written == [SCHEMA_FILENAME]
    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["new", str(tmp_path / "house.yaml")]) == 0
    assert (tmp_path / SCHEMA_FILENAME).is_file()
    first = (tmp_path / "house.yaml").read_text(encoding="utf-8").splitlines()[0]
    assert first == modeline


def test_the_variant_file_reference_gives_the_bounds_of_a_field_that_may_be_null(
    generated: Path,
) -> None:
    """A field that is a number or `null` shows the number's bounds in the table, as the
    other fields do, and every rule between fields that `Variant` checks is listed."""
    page = (generated / "reference" / "variant-file.md").read_text(encoding="utf-8")
    rows = {
        line.split("|")[1].strip(): line.split("|")[3].strip()
        for line in page.splitlines()
        if line.startswith("| [`")
    }
    assert rows["[`deal.redeal.leader_below`](#dealredealleader_below)"] == "1 to 30, or `null`"
    assert rows["[`deal.redeal.others_below`](#dealredealothers_below)"] == "1 to 30, or `null`"
    assert rows["[`revoke.false_claim_games`](#revokefalse_claim_games)"] == "0 to 1000, or `null`"
    assert "**Allowed:** 1 to 30, or `null`" in page
    rules = page.split("## Rules between fields", 1)[1].split("## Editor set-up", 1)[0]
    assert "best_of × (2 × target_games − 1)" in rules  # MatchRules._fits_a_record
    assert "no team could ever reach" in rules  # Variant._someone_can_win


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
    from docgen.markdown import plain_text_to_markdown

    text = (
        "Title\n=====\n\nHeading\n  A *para* with [brackets].\n  - an item\n  - another\n"
        "      A 7 K\nSource\n  dropped\n"
    )
    md = plain_text_to_markdown(text, drop_section="Source")
    assert md == (
        "**Heading**\n\nA \\*para\\* with \\[brackets\\].\n\n- an item\n- another\n\n`A 7 K`\n"
    )


def test_the_gallery_is_listed_in_the_navigation(gen_docs: ModuleType) -> None:
    from docgen.pages import add_variant_pages, gallery_nav

    nav = [{"The game": ["rules.md", {"Gallery": ["variants/index.md", "variants/old.md"]}]}]
    assert add_variant_pages(nav, gallery_nav())
    gallery = nav[0]["The game"][1]["Gallery"]  # type: ignore[index]
    assert gallery == ["variants/index.md", *gallery_nav(), "variants/old.md"]
    assert not add_variant_pages(["index.md"], gallery_nav())


# --- the docstrings ---------------------------------------------------------------------------

_ROLE = re.compile(r":(?:func|class|meth|attr|mod|data|exc|obj):`")
_ADMONITIONS = {"note", "warning", "tip", "important", "danger", "caution", "attention", "hint"}


def _markup_problems(text: str) -> list[str]:
    """What in a docstring is reST rather than Markdown, or would render other than meant."""
    problems: list[str] = []
    fence = examples = False
    previous = ""
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fence = not fence
        elif not fence:
            if re.match(r"^Examples?:\s*$", line):
                examples = True
            elif line.strip() and not line.startswith(" "):
                examples = False
            if _ROLE.search(line) or re.search(r"``[^`\s][^`]*``", line):
                problems.append(f"reST markup: {line.strip()!r}")
            if line.rstrip().endswith("::"):
                problems.append(f"a reST literal block (fence it): {line.strip()!r}")
            if line.lstrip().startswith(">>>") and not examples:
                problems.append(f"a doctest outside an Examples section: {line.strip()!r}")
            indented = line.startswith("    ") and line.strip()
            after = not previous.strip() or not previous.startswith((" ", "-", "1"))
            if indented and after and not examples:
                problems.append(f"an indented block (code in Markdown): {line.strip()!r}")
        previous = line
    return problems


def test_markup_problems_are_found() -> None:
    assert _markup_problems("See [`Match`][sueca_rules.Match] and `play()`.\n\n- a\n  b") == []
    assert _markup_problems("Examples:\n    >>> 1\n    1\n\n```python\nx::\n```") == []
    assert len(_markup_problems("See :class:`Match` and ``play``.")) == 1
    assert len(_markup_problems("A block::\n\n    x = 1")) == 2
    assert len(_markup_problems(">>> 1 + 1\n2")) == 1
    assert len(_markup_problems("Term\n    its text")) == 1


def test_docstrings_are_google_style_markdown() -> None:
    """Every docstring is read natively by mkdocstrings (`docstring_style: google`): Markdown,
    cross-references as `[text][path]`, fenced code, doctests under `Examples:` (where `doctest`
    still finds them), and no prose line that Griffe would take for a section."""
    griffe = pytest.importorskip("griffe")
    package = griffe.load(
        "sueca_rules", search_paths=[str(ROOT)], docstring_parser="google", resolve_aliases=False
    )
    problems: list[str] = []
    checked = 0
    todo = [package]
    while todo:
        obj = todo.pop()
        todo += [m for m in obj.members.values() if not m.is_alias]
        if obj.docstring is None:
            continue
        checked += 1
        problems += [f"{obj.path}: {p}" for p in _markup_problems(obj.docstring.value)]
        for section in obj.docstring.parse("google"):
            if section.kind.value == "admonition" and section.value.kind not in _ADMONITIONS:
                problems.append(f"{obj.path}: a line read as a section: {section.title!r}")
    assert checked > 500
    assert not problems, "\n".join(problems)


def test_the_api_extension_joins_first_paragraphs() -> None:
    """The summary tables show a docstring's first line: the first paragraph is joined."""
    pytest.importorskip("griffe")
    api = _load("api_extension", ROOT / "scripts" / "docgen" / "api_extension.py")
    join = api.first_paragraph_on_one_line
    assert join("A long\nsentence.\n\nMore\ntext.") == "A long sentence.\n\nMore\ntext."
    assert join("One line.") == "One line."
    assert join("A list:\n- a\n- b") == "A list:\n- a\n- b"
    assert api.field_descriptions("sueca_rules._variant", "Variant")["name"].startswith(
        "The display name"
    )
    assert api.field_descriptions("sueca_rules._match", "Match") == {}


# --- the API reference -----------------------------------------------------------------------


def _api_identifiers() -> set[str]:
    """What the API reference pages document: the ``::: identifier`` of every entry."""
    found: set[str] = set()
    for page in (DOCS / "reference" / "api").glob("*.md"):
        found.update(re.findall(r"^::: (\S+)", page.read_text(encoding="utf-8"), re.M))
    return found


def test_the_api_reference_documents_every_public_name() -> None:
    """The index page says these pages document every name of ``__all__``, of the package and of
    its public subpackages (the learning environments' when their extra is installed)."""
    import importlib

    documented = _api_identifiers()
    names = ["sueca_rules", "sueca_rules.bots", "sueca_rules.engines", "sueca_rules.analysis"]
    names.append("sueca_rules.tournament")
    if importlib.util.find_spec("pettingzoo") is not None:
        names.append("sueca_rules.envs")
    if importlib.util.find_spec("pyspiel") is not None:
        names.append("sueca_rules.envs.openspiel")
    if importlib.util.find_spec("starlette") is not None:
        names.append("sueca_rules.web")
    for name in names:
        module = importlib.import_module(name)
        missing = [n for n in module.__all__ if f"{name}.{n}" not in documented]
        assert not missing, f"{name}: not in docs/reference/api/: {missing}"


def test_each_api_reference_entry_is_shown_once_and_each_page_is_in_the_index() -> None:
    """An entry shown twice gives two headings of one name (and two anchors); a page the index
    does not list is found only by the navigation."""
    entries: list[str] = []
    for page in (DOCS / "reference" / "api").glob("*.md"):
        entries += re.findall(r"^::: (\S+)", page.read_text(encoding="utf-8"), re.M)
    assert sorted({e for e in entries if entries.count(e) > 1}) == []
    index = (DOCS / "reference" / "api" / "index.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\]\(([a-z_]+\.md)\)", index))
    pages = {p.name for p in (DOCS / "reference" / "api").glob("*.md")} - {"index.md"}
    assert sorted(pages - linked) == []


# --- the glossary ----------------------------------------------------------------------------

GLOSSARY = DOCS / "includes" / "abbreviations.md"
TERMS = (
    "trunfo",
    "renúncia",
    "capote",
    "bandeira",
    "partida",
    "empate",
    "assistir",
    "manilha",
    "carregar",
)


def test_the_glossary_defines_every_portuguese_term() -> None:
    text = GLOSSARY.read_text(encoding="utf-8")
    defined = dict(re.findall(r"^\*\[([^\]]+)\]: (.+)$", text, re.M))
    for term in TERMS:
        assert term in defined, term
    # Abbreviations match case-sensitively: a term the pages capitalise or put in the plural
    # needs its own entry.
    pages = "\n".join(p.read_text(encoding="utf-8") for p in DOCS.rglob("*.md"))
    for term in TERMS:
        for form in {term.capitalize(), term + "s", term.capitalize() + "s"}:
            if re.search(rf"(?<![\w`_-]){form}(?![\w`_-])", pages):
                assert form in defined, form
    assert "renuncia" in defined["renúncia"]


def test_the_glossary_is_appended_to_every_page_and_not_a_page() -> None:
    import yaml

    class Loader(yaml.SafeLoader):
        pass

    # mkdocs.yml may hold !!python/name tags (none today); read it as plain data.
    Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda *_: None)
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=Loader)
    extensions: dict[str, dict[str, list[str]]] = {}
    for entry in config["markdown_extensions"]:  # a name, or a mapping of a name to options
        extensions.update(entry if isinstance(entry, dict) else {entry: {}})
    assert "abbr" in extensions
    snippets = extensions["pymdownx.snippets"]
    base = ROOT / snippets["base_path"][0]
    assert [base / f for f in snippets["auto_append"]] == [GLOSSARY]
    assert "content.tooltips" in config["theme"]["features"]
    assert "/includes/" in config["exclude_docs"]


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
    ran = 0
    for page in ("guide/embedding.md", "guide/bots.md", "guide/studies.md", "index.md"):
        blocks = _blocks((DOCS / page).read_text(encoding="utf-8"), "python")
        assert blocks, f"{page} shows no Python any more: update this test"
        for i, (_, code) in enumerate(blocks):
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(code, f"{page}[{i}]", "exec"), namespace)
            ran += 1
    assert ran >= 5


def test_the_python_of_the_other_guides_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Python of the records, tournaments, performance and analysis guides runs as shown,
    on the files the records guide shows (the analysis script as a script, for its workers); the
    web guide's server is built with the arguments it shows (only its `run()` is left out).
    The learning and engines guides' Python is run by test_envs.py and test_engines_protocol.py.
    """
    monkeypatch.chdir(tmp_path)
    records = (DOCS / "guide" / "records.md").read_text(encoding="utf-8")
    for title, body in _blocks(records, "yaml"):
        if title:
            (tmp_path / title).write_text(body, encoding="utf-8")
    for page in ("guide/records.md", "guide/tournaments.md", "guide/performance.md"):
        blocks = _blocks((DOCS / page).read_text(encoding="utf-8"), "python")
        assert blocks, f"{page} shows no Python any more: update this test"
        for i, (_, code) in enumerate(blocks):
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compile(code, f"{page}[{i}]", "exec"), {"__name__": "guide"})
    assert (tmp_path / "copy.json").is_file()  # records.md saves the record it replayed
    assert (tmp_path / "cup.yaml").is_file()  # tournaments.md saves its cup

    ((_, script),) = _blocks((DOCS / "guide" / "analysis.md").read_text(encoding="utf-8"), "python")
    (tmp_path / "review.py").write_text(script, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "review.py"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    assert "'deals': [{'deal': 1" in result.stdout

    pytest.importorskip("uvicorn")
    import uvicorn

    configs: list[uvicorn.Config] = []
    monkeypatch.setattr(
        uvicorn.Server, "run", lambda server, *_, **__: configs.append(server.config)
    )
    ((_, web),) = _blocks((DOCS / "guide" / "web.md").read_text(encoding="utf-8"), "python")
    exec(compile(web, "guide/web.md", "exec"), {"__name__": "guide"})
    assert [(c.host, c.port) for c in configs] == [("127.0.0.1", 8000)]


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


_TIMINGS = (
    (re.compile(r" +\d+(?:\.\d+)? ms\b"), " <t> ms"),  # the columns of "Time per card"
    (re.compile(r"^Took \d+(?:\.\d+)? s\b"), "Took <t> s"),
)


def _untimed(lines: list[str]) -> list[str]:
    """``lines`` without the figures that depend on the machine: the times per card and the
    time a run took. Everything else a command prints is the same on every machine."""
    out = []
    for line in lines:
        for pattern, replacement in _TIMINGS:
            line = pattern.sub(replacement, line)
        out.append(line.rstrip())
    return out


@pytest.mark.parametrize(
    ("page", "columns", "commands"),
    # The output is shown as an 80-column terminal prints it, which fits the page.
    [
        ("house-rules.md", 80, 7),
        ("guide/records.md", 80, 2),
        ("guide/bots.md", 80, 1),
        ("guide/studies.md", 80, 1),
    ],
)
def test_the_command_output_shown_in_the_guides_is_real(
    page: str, columns: int, commands: int, tmp_path: Path
) -> None:
    """Run the ``sueca`` commands a page shows, on the files the page shows, in a terminal
    ``columns`` wide, and compare. Output cut short with a ``...`` line is compared up to it;
    timings are not compared."""
    text = (DOCS / page).read_text(encoding="utf-8")
    for title, body in _blocks(text, "yaml"):
        if title:
            (tmp_path / title).write_text(body, encoding="utf-8")
    env = {**os.environ, "COLUMNS": str(columns), "NO_COLOR": "1"}
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
        assert _untimed(actual) == _untimed(shown), " ".join(command)
        checked += 1
    assert checked >= commands


def test_the_sample_outputs_in_python_comments_are_real() -> None:
    """The home page's match prints what its comment says."""
    (_, code), *_ = _blocks((DOCS / "index.md").read_text(encoding="utf-8"), "python")
    expected = re.search(r"^print\(match\)  # (.+)$", code, re.M)
    assert expected is not None
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "index.md", "exec"), {"__name__": "index"})
    assert out.getvalue().splitlines()[-1] == expected.group(1)


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
    assert ":class:" not in engine
    assert 'href="#sueca_rules.Match.play"' in engine  # cross-references are links
    assert 'doc-section-title">Examples:' in engine  # the doctests, rendered as code
    assert '<span class="gp">&gt;&gt;&gt; </span>' in engine
    models = (site / "reference" / "api" / "variants" / "index.html").read_text(encoding="utf-8")
    assert "The display name of the rule set" in models  # pydantic field descriptions
    assert (site / "search" / "search_index.json").is_file()
    # The glossary: a tooltip on each Portuguese word, and no page of its own.
    house = (site / "house-rules" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<abbr title="Revoke: [^"]*">renúncia</abbr>', house)
    assert not (site / "includes").exists()
    assert (site / "stylesheets" / "extra.css").is_file()
    # A search for the word without its accent finds the pages about it.
    index = json.loads((site / "search" / "search_index.json").read_text(encoding="utf-8"))
    found = {d["location"].split("#")[0] for d in index["docs"] if "renuncia" in d["text"]}
    assert {"house-rules/", "rules/"} <= found
    assert (site / "examples" / "index.html").is_file()


def test_the_embedding_guide_names_the_error_of_a_model_built_in_code() -> None:
    """The guide says which error invalid rules raise: the error of a model built in code is the
    one it names (a reader writes that `except` clause)."""
    from sueca_rules import MatchRules

    with pytest.raises(ValueError, match="best_of must be odd") as caught:
        MatchRules(best_of=2)
    page = (DOCS / "guide" / "embedding.md").read_text(encoding="utf-8")
    section = page[page.index("## House rules in code") :]
    said = section[section.index("```python\n", section.index("Invalid rules")) :]
    assert type(caught.value).__name__ in section[: section.index(said)]
    assert f"# {type(caught.value).__name__}" in said


def test_the_embedding_guide_shows_the_turn_protocol() -> None:
    """The one loop every front end uses, `pending()` and `decide()`, is in the guide for
    applications, and prints what its comment says."""
    page = (DOCS / "guide" / "embedding.md").read_text(encoding="utf-8")
    assert "## One question for every decision: `pending()` and `decide()`" in page
    blocks = [code for _, code in _blocks(page, "python")]
    shown = [code for code in blocks if "match.pending()" in code and "match.decide(" in code]
    assert len(shown) == 1
    expected = re.search(r"^print\(.*\)  # (.+)$", shown[0], re.M)
    assert expected is not None
    namespace: dict[str, object] = {"__name__": "guide"}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(
            compile("from sueca_rules import Match\n" + shown[0], "embedding.md", "exec"), namespace
        )
    assert out.getvalue().splitlines() == [expected.group(1)]


def test_code_in_a_tables_prose_column_wraps_at_its_spaces() -> None:
    """Identifiers in table cells stay whole, but a code span with spaces in the last (prose)
    column wraps there: the engines page's JSON messages pushed its table past the page at
    1280x800, its descriptions cut off at the right."""
    css = (DOCS / "stylesheets" / "extra.css").read_text(encoding="utf-8")
    rules = dict(re.findall(r"^(\.md-typeset [^{]+?) \{\n(.*?)\}", css, re.S | re.M))
    assert "white-space: nowrap;" in rules[".md-typeset td code"]
    assert "white-space: normal;" in rules[".md-typeset td:last-child code"]
    engines = (DOCS / "guide" / "engines.md").read_text(encoding="utf-8")
    assert re.search(r'^\| `\{"type": "hello".*\| .*`\{"type": "hello", ', engines, re.M)


def test_every_install_command_of_the_guides_works_from_a_clone() -> None:
    """sueca-rules is installed from a clone until it is published (the README's quick start):
    a guide that tells a newcomer to `pip install 'sueca-rules[web]'` sends them to a package
    index that does not have it. Each install of the package in the pages is the clone's
    `pip install -e '.[extra]'`, the published name at most an aside after it."""
    pages = [DOCS / "index.md", *sorted((DOCS / "guide").glob("*.md")), DOCS / "examples.md"]
    pages += [DOCS / "house-rules.md", DOCS / "rules.md"]
    found = 0
    for page in pages:
        text = page.read_text(encoding="utf-8")
        for match in re.finditer(r"pip install\s+(-q\s+)?(-e\s+)?'?([^'`\s]+)'?", text):
            found += 1
            line_start = text.rfind("\n", 0, match.start()) + 1
            aside = text[line_start : match.start()]
            if match.group(3).startswith("sueca-rules"):
                # only after the clone's command on the same line ("once published: ...")
                assert "pip install -e '." in aside, (page.name, text[line_start : match.end()])
            else:
                assert match.group(2), (page.name, match.group(0))  # an editable clone install
                assert match.group(3).startswith("."), (page.name, match.group(0))
    assert found >= 8
