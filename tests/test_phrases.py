"""Phrase files: words for counts are chosen by the count, never written "point(s)"."""

from __future__ import annotations

import re
from pathlib import Path

LANG = Path(__file__).resolve().parents[1] / "sueca_rules" / "_lang"


def test_no_phrase_hedges_a_plural() -> None:
    files = sorted(LANG.glob("*.py"))
    assert len(files) >= 6
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\w\((s|es|as|os)\)", text), f"{path.name}: write both forms"


def test_web_plural_choices_are_well_formed() -> None:
    # {name:one|many} in the web's phrase tables, chosen by the page's t() (common.js).
    for name in ("_web_en.py", "_web_pt.py"):
        text = (LANG / name).read_text(encoding="utf-8")
        for choice in re.findall(r"\{(\w+):[^{}]*\}", text):
            assert choice, name
        for whole in re.findall(r"\{\w+:[^{}]*\}", text):
            assert whole.count("|") == 1, (name, whole)
