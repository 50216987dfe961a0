"""Phrase files: words for counts are chosen by the count, never written "point(s)"."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

from sueca_rules._lang._catalogue import Entry, load_catalogue

LANG = Path(__file__).resolve().parents[1] / "sueca_rules" / "_lang"


def test_no_phrase_hedges_a_plural() -> None:
    files = sorted([*LANG.glob("*.py"), *LANG.glob("catalogues/*/*.json")])
    assert len(files) >= 6
    for path in files:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"\w\((s|es|as|os)\)", text), f"{path.name}: write both forms"


def _choices(entry: Entry) -> list[dict[str, Entry]]:
    if isinstance(entry, str):
        return []
    return [entry, *(c for k, v in entry.items() if k != "$" for c in _choices(v))]


def test_web_plural_choices_are_well_formed() -> None:
    # A count's words in the catalogues (the web's, the game's, the analysis's) are a choice by
    # that count (one form for 1, one for the rest), never "point(s)"; both forms are written.
    checked = 0
    for lang, section in itertools.product(("en", "pt"), ("web", "game", "analysis")):
        for key, entry in load_catalogue(lang, section).entries.items():
            for choice in _choices(entry):
                if {"one", "other"} <= set(choice):
                    checked += 1
                    assert choice["one"], (lang, key)
                    assert choice["other"], (lang, key)
                    assert choice["one"] != choice["other"], (lang, key, "the same two forms")
    assert checked >= 36  # 20 of the web's, 16 of the game's and the analysis's
