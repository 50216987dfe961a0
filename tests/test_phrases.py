"""Phrase files: words for counts are chosen by the count, never written "point(s)"."""

from __future__ import annotations

import ast
import re
from pathlib import Path

LANG = Path(__file__).resolve().parents[1] / "sueca_rules" / "_lang"


def test_no_phrase_hedges_a_plural() -> None:
    files = sorted(LANG.glob("*.py"))
    assert len(files) >= 6
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\w\((s|es|as|os)\)", text), f"{path.name}: write both forms"


def _phrases(path: Path) -> list[str]:
    """Every string of a phrase module, adjacent literals joined as Python joins them."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    ]


def test_web_plural_choices_are_well_formed() -> None:
    # {name:one|many} in the web's phrase tables, chosen by the page's t() (common.js) by the
    # value `name` the same phrase fills in ({name}): one form each side of a single "|".
    checked = 0
    for name in ("_web_en.py", "_web_pt.py"):
        for phrase in _phrases(LANG / name):
            for count, forms in re.findall(r"\{(\w+):([^{}]*)\}", phrase):
                checked += 1
                label = (
                    phrase.strip() == f"{{{count}:{forms}}}"
                )  # the page shows the count beside it
                assert label or "{" + count + "}" in phrase, (
                    name,
                    phrase,
                    f"no {{{count}}} to choose by",
                )
                assert forms.count("|") == 1, (name, phrase, "not one|many")
                one, many = forms.split("|")
                assert one.strip(), (name, phrase, "no form for one")
                assert many.strip(), (name, phrase, "no form for many")
    assert checked >= 8
