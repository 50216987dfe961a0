"""The language catalogues (`sueca_rules/_lang/catalogues`) and their two renderers: the
Python one (`sueca_rules._lang._catalogue`) and the browser's (`static/js/catalogue.js`)."""

from __future__ import annotations

import itertools
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from sueca_rules import builtin_ids, load_variant
from sueca_rules._lang import LANGS
from sueca_rules._lang._catalogue import (
    Catalogue,
    CatalogueError,
    Entry,
    Value,
    catalogue_problems,
    entry_texts,
    entry_values,
    load_catalogue,
    render,
)

ROOT = Path(__file__).resolve().parents[1]
CATALOGUES = ROOT / "sueca_rules" / "_lang" / "catalogues"
RENDERER = ROOT / "sueca_rules" / "web" / "static" / "js" / "catalogue.js"


TRANSLATIONS = {"fields", "names", "variants"}
"""Texts written in English in the package's files (the schema's field descriptions, the built-in
variants' names and descriptions), translated in the other languages: shown as they are, not
templates."""


def sections() -> list[str]:
    """The sections every language has (each a JSON file of each language's folder)."""
    names = [{p.stem for p in (CATALOGUES / lang).glob("*.json")} for lang in LANGS]
    return sorted(set.intersection(*names) - TRANSLATIONS)


def test_every_language_has_the_same_sections() -> None:
    names = [{p.stem for p in (CATALOGUES / lang).glob("*.json")} - TRANSLATIONS for lang in LANGS]
    assert all(n == names[0] for n in names), names
    assert {"web", "card", "table"} <= names[0]


@pytest.mark.parametrize("section", sections())
def test_the_languages_agree(section: str) -> None:
    # The same keys, showing the same values; every choice can always choose.
    catalogues: dict[str, Catalogue] = {lang: load_catalogue(lang, section) for lang in LANGS}
    assert catalogue_problems(catalogues) == []


def test_the_check_finds_what_is_wrong() -> None:
    en = Catalogue("en", "web", {"a": "{n} points", "b": {"$": "n", "one": "x"}, "c": "{x"})
    pt = Catalogue("pt", "web", {"a": "pontos", "d": "y"})
    problems = catalogue_problems({"en": en, "pt": pt})
    assert "en/web: b[one]" not in problems
    assert any("'b' is in en only" in p for p in problems)
    assert any("'d' is in pt only" in p for p in problems)
    assert any("'a' shows [], en ['n']" in p for p in problems)
    assert any("en/web: b has no 'other'" in p for p in problems)
    assert any("en/web: c has a brace" in p for p in problems)
    yes_no = Catalogue("en", "web", {"a": {"$": "ok", "true": "yes", "false": "no"}})
    assert catalogue_problems({"en": yes_no}) == []


POINTS: Entry = {"$": "n", "=0": "no points", "one": "{n} point", "other": "{n} points"}


def test_a_choice_by_a_number() -> None:
    assert render(POINTS, {"n": 0}, "en") == "no points"
    assert render(POINTS, {"n": 1}, "en") == "1 point"
    assert render(POINTS, {"n": 2}, "en") == "2 points"
    assert render(POINTS, {"n": 1.5}, "pt") == "1.5 points"
    assert render(POINTS, {"n": 2.0}, "pt") == "2 points"
    # Without "=0", zero is plural in English and in European Portuguese.
    assert render({"$": "n", "one": "ponto", "other": "pontos"}, {"n": 0}, "pt") == "pontos"


def test_a_large_whole_number_grouped_and_a_choice_by_it_unchanged() -> None:
    entry: Entry = {"$": "n", "one": "{n} byte", "other": "{n} bytes"}
    assert render(entry, {"n": 262_144}, "pt", thousands=" ") == "262 144 bytes"
    assert render(entry, {"n": 262_144}, "en", thousands=",") == "262,144 bytes"
    # Four digits, a decimal number, a yes/no and a text stay as written; no grouping asked, none.
    assert render(entry, {"n": 4096}, "pt", thousands=" ") == "4096 bytes"
    assert render("{n}", {"n": 12345.5}, "pt", thousands=" ") == "12345.5"
    assert render("{n}", {"n": "123456"}, "pt", thousands=" ") == "123456"
    assert render(entry, {"n": 262_144}, "pt") == "262144 bytes"


def test_a_web_refusal_groups_its_limit_as_the_language_writes_it() -> None:
    from sueca_rules.web._refusal import refusal_words

    pt = refusal_words("pt", "too_large", what="body", most=262_144)
    assert pt == "o pedido tem mais de 262 144 bytes: envia no máximo 262 144"
    en = refusal_words("en", "too_large", what="message", most=262_144)
    assert en == "The message is too large: at most 262,144 bytes."
    assert refusal_words("en", "too_large", what="message", most=4096).endswith(" 4096 bytes.")


def test_a_choice_by_a_word_or_a_yes_no_nested() -> None:
    entry: Entry = {
        "$": "who",
        "you": {"$": "won", "true": "you win", "false": "you lose"},
        "other": {"$": "won", "true": "{name} wins", "other": "{name} loses"},
    }
    assert render(entry, {"who": "you", "won": True, "name": "x"}, "en") == "you win"
    assert render(entry, {"who": "you", "won": False, "name": "x"}, "en") == "you lose"
    assert render(entry, {"who": "left", "won": False, "name": "Ana"}, "en") == "Ana loses"


def test_a_value_not_given_is_a_clear_error() -> None:
    with pytest.raises(CatalogueError, match="needs a value 'n'"):
        render(POINTS, {}, "en")
    with pytest.raises(CatalogueError, match="needs a value 'who'"):
        render("{who} plays", {"n": 1}, "en")
    with pytest.raises(CatalogueError, match="no phrase 'nope' in en/web"):
        load_catalogue("en", "web")("nope")
    with pytest.raises(CatalogueError, match="no section 'nope'"):
        load_catalogue("en", "nope")


def _cases(entry: Entry) -> list[dict[str, Value]]:
    """Values to render `entry` with: every branch of every choice, and a value no branch
    names (so `other` is taken), each template's other values filled with their names."""
    options: dict[str, list[Value]] = {}
    fields: set[str] = set()

    def walk(part: Entry) -> None:
        if isinstance(part, str):
            fields.update(entry_values(part))
            return
        name = str(part["$"])
        values = options.setdefault(name, [])
        for key, member in part.items():
            if key == "$":
                continue
            if key.startswith("="):
                values.append(int(key[1:]))
            elif key == "one":
                values.append(1)
            elif key == "other":
                values.extend([2, "zz"])
            elif key in ("true", "false"):
                values.append(key == "true")
            else:
                values.append(key)
            walk(member)

    walk(entry)
    base: dict[str, Value] = {name: f"<{name}>" for name in fields}
    names = sorted(options)
    combos = itertools.islice(itertools.product(*(options[n] for n in names)), 64)
    return [{**base, **dict(zip(names, combo, strict=True))} for combo in combos] or [base]


def test_the_browser_renders_as_python_does(tmp_path: Path) -> None:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (.ci/run installs it)")
    jobs: list[tuple[Entry, dict[str, Value], str]] = []
    for section in sections():
        for lang in LANGS:
            for entry in load_catalogue(lang, section).entries.values():
                jobs.extend((entry, params, lang) for params in _cases(entry))
    assert len(jobs) > 500
    (tmp_path / "jobs.json").write_text(json.dumps(jobs), encoding="utf-8")
    script = (
        f"import {{render}} from {json.dumps(RENDERER.as_uri())};\n"
        "import {readFileSync} from 'node:fs';\n"
        f"const jobs = JSON.parse(readFileSync({json.dumps(str(tmp_path / 'jobs.json'))}));\n"
        "console.log(JSON.stringify(jobs.map(([e, p, l]) => render(e, p, l))));\n"
    )
    out = subprocess.run(
        [node, "--input-type=module", "-e", script],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    browser = json.loads(out.stdout)
    python = [render(entry, params, lang) for entry, params, lang in jobs]
    assert browser == python


def _run_node(tmp_path: Path, script: str, jobs: object) -> object:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed (.ci/run installs it)")
    (tmp_path / "jobs.json").write_text(json.dumps(jobs), encoding="utf-8")
    head = (
        f"import {{issueParams, render}} from {json.dumps(RENDERER.as_uri())};\n"
        "import {readFileSync} from 'node:fs';\n"
        f"const jobs = JSON.parse(readFileSync({json.dumps(str(tmp_path / 'jobs.json'))}));\n"
    )
    out = subprocess.run(
        [node, "--input-type=module", "-e", head + script],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(out.stdout)


def _choosers(entry: Entry) -> set[str]:
    """The names of the values an entry's choices are made by (`$`), at every level."""
    if not isinstance(entry, dict):
        return set()
    return {str(entry["$"])} | {
        name for key, member in entry.items() if key != "$" for name in _choosers(member)
    }


def test_the_browser_groups_a_problems_size_limit_as_python_does(tmp_path: Path) -> None:
    """In Portuguese a web page wrote "o limite é 8388608 bytes" where the command line writes
    "8 388 608": every problem that names a limit or a size is said by the browser (its
    renderer, with the game's `number.thousands`, which every page is given) as `issue_text()` says
    it: grouped from five digits on, and not where the words are chosen by that number."""
    from sueca_rules import Issue
    from sueca_rules._lang import issue_text

    jobs = []
    python = []
    for lang in LANGS:
        if lang == "en":  # English pages say the library's own message, not a template
            continue
        thousands = load_catalogue(lang, "game").entries["number.thousands"]
        for key, entry in load_catalogue(lang, "issues").entries.items():
            texts = " ".join(entry_texts(entry))
            if "{limit}" not in texts and "{size}" not in texts:
                continue
            names = set(re.findall(r"\{([a-z_]+)\}", texts)) | _choosers(entry)
            for limit, size in (("8388608", "12345678"), ("1000", "99999"), ("250000", "7")):
                params = {name: f"<{name}>" for name in names}
                params |= {"limit": limit, "size": size, "got": "x", "count": "2"}
                issue = Issue(
                    "(its own words)", kind=key.removeprefix("issue."), params=tuple(params.items())
                )
                python.append(issue_text(issue, lang))
                jobs.append([entry, params, lang, thousands])
    assert len(jobs) > 40
    assert "(its own words)" not in python  # every template had the values it needs
    assert "8 388 608" in " ".join(python)  # what the browser is to write too
    script = (
        "console.log(JSON.stringify(jobs.map(([e, p, l, th]) =>"
        " render(e, issueParams(e, p, th), l))));\n"
    )
    assert _run_node(tmp_path, script, jobs) == python


def test_the_builtins_names_are_the_pages_names() -> None:
    """`names.json` names every built-in in its language, and the pages take their names from it
    (`variant.<id>`); English pages show the files' own names."""
    from sueca_rules.web._i18n import strings

    for lang in LANGS:
        path = CATALOGUES / lang / "names.json"
        if not path.exists():
            names = {vid: load_variant(vid).name for vid in builtin_ids()}
        else:
            names = json.loads(path.read_text(encoding="utf-8"))
        assert set(names) == set(builtin_ids())
        assert all(strings(lang)[f"variant.{vid}"] == names[vid] for vid in names)


NOT_EUROPEAN = {
    r"\bvocês?\b": "você (tu, or the impersonal se)",
    r"\btelas?\b": "tela (ecrã)",
    r"\barquivos?\b": "arquivo (ficheiro)",
    r"\busuári[oa]s?\b": "usuário (utilizador)",
    r"\bequipes?\b": "equipe (equipa)",
    r"\b(estou|estás|está|estamos|estão|estava|estavas|estavam|esteja) \w+[aei]ndo\b": (
        "a gerund progressive (está a jogar)"
    ),
    r"\w+êem\b": "a spelling from before 1990 (veem, leem, deem, reveem)",
    r"\b(ac|direc|selec|correc|objec|exac)ç|\bactua|\bóptim": "a spelling from before 1990",
}
"""Words and forms a European Portuguese player does not write, with what they write instead."""


def test_portuguese_is_european_portuguese() -> None:
    # Every Portuguese text (the catalogues, the built-ins' names and descriptions, the fields'
    # help), its {values} aside: no Brazilian word or form, no spelling from before 1990.
    found: list[str] = []
    for path in sorted((CATALOGUES / "pt").glob("*.json")):
        entries = json.loads(path.read_text(encoding="utf-8"))
        for key, entry in entries.items():
            for text in entry_texts(entry):
                words = re.sub(r"\{[a-z_][a-z0-9_]*\}", " ", text)
                for pattern, why in NOT_EUROPEAN.items():
                    for match in re.finditer(pattern, words, re.IGNORECASE):
                        found.append(f"{path.stem}: {key}: {match.group(0)!r}: {why}")
    assert found == []
