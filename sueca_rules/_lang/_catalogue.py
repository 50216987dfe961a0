"""Language catalogues: each language's words as templates, read by one renderer.

A catalogue is a JSON file, `catalogues/<lang>/<section>.json`, mapping each key to an entry. An
entry is a template, `"{who} takes the trick: {points}"`, where `{name}` is a value the caller
gives; or a choice, an object whose `"$"` names the value it chooses by and whose other members
are entries:

- for a whole number, `"=N"` (that number exactly, for example `"=0"`), else its plural form in
  the language (`"one"`; English and European Portuguese say one point and zero points, both
  `other`), else `"other"`: `{"$": "n", "one": "{n} point", "other": "{n} points"}`;
- for `true` or `false`, `"true"` or `"false"`, else `"other"`;
- for a word (the case of a fact: a seat's role, a rule's setting), that word, else `"other"`.

Choices nest, so an entry can choose by two values. The facts a phrase says (numbers, cases,
names already in words) are computed once, in no language, by the caller; a catalogue holds
templates only, and the same entries are rendered by `static/js/catalogue.js` in the browser.
`tests/test_catalogues.py` checks that every language has the same keys with the same values in
them, that every choice can always choose, and that the two renderers agree.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator, Mapping
from importlib import resources
from typing import Final, TypeAlias

__all__ = [
    "Catalogue",
    "Entry",
    "catalogue_problems",
    "cli_catalogue",
    "entry_texts",
    "entry_values",
    "load_catalogue",
    "load_field_help",
    "plural_form",
    "render",
]

Entry: TypeAlias = "str | dict[str, Entry]"
"""A template, or a choice among entries (see the module's text)."""

Value: TypeAlias = str | int | bool | float
"""What a template is filled in with."""

_FIELD: Final = re.compile(r"\{([a-z_][a-z0-9_]*)\}")
"""`{name}` in a template."""
_BY: Final = "$"
"""The member of a choice that names the value it chooses by."""
_OTHER: Final = "other"
_SECTIONS: Final = frozenset(
    {"card", "game", "analysis", "web", "table", "issues", "cli", "tournament", "compare"}
)
"""The catalogues of each language (one file each)."""


class CatalogueError(LookupError):
    """A key a catalogue lacks, or a value a template needs and was not given (a bug of the
    caller: the catalogues are checked by the tests against each other)."""


def plural_form(lang: str, n: float) -> str:
    """The plural form of `n` in `lang`: `"one"` for exactly 1 in English and in European
    Portuguese (CLDR: one point, zero points, 1.5 points), else `"other"`."""
    return "one" if n == 1 and lang in ("en", "pt") else _OTHER


def _branch(entry: dict[str, Entry], value: Value, lang: str) -> Entry:
    """The member of choice `entry` for `value`."""
    if isinstance(value, bool):
        keys = ["true" if value else "false"]
    elif isinstance(value, int | float):
        exact = f"={int(value)}" if float(value).is_integer() else f"={value}"
        keys = [exact, plural_form(lang, value)]
    else:
        keys = [value]
    for key in keys:
        if key in entry and key != _BY:
            return entry[key]
    return entry[_OTHER]


def render(
    entry: Entry, params: Mapping[str, Value], lang: str, *, thousands: str | None = None
) -> str:
    """`entry` filled in from `params` in `lang` (a `CatalogueError` for a value it needs and
    was not given). With `thousands`, a whole number of five digits or more is shown with its
    thousands grouped by it (`262 144`); a choice still goes by the number itself."""
    while isinstance(entry, dict):
        name = entry[_BY]
        assert isinstance(name, str)
        if name not in params:
            raise CatalogueError(f"the choice by {name!r} needs a value {name!r}")
        entry = _branch(entry, params[name], lang)

    def fill(match: re.Match[str]) -> str:
        name = match.group(1)
        if name not in params:
            raise CatalogueError(f"the template {entry!r} needs a value {name!r}")
        value = params[name]
        if thousands is not None and type(value) is int and abs(value) >= 10_000:
            return f"{value:,}".replace(",", thousands)
        return _shown(value)

    return _FIELD.sub(fill, entry)


def _shown(value: Value) -> str:
    """A value as a template shows it (as the browser's renderer does: `true`, `2`, `1.5`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


class Catalogue:
    """One section of one language's words: `catalogue(key, **values)` renders an entry."""

    __slots__ = ("entries", "lang", "section")

    def __init__(self, lang: str, section: str, entries: Mapping[str, Entry]) -> None:
        self.lang = lang
        """The language code (`en`, `pt`)."""
        self.section = section
        """The section (`card`, `game`, `analysis`, `web`, `table`, `issues`, `cli`,
        `tournament`)."""
        self.entries: Mapping[str, Entry] = entries
        """Every entry, by key."""

    def __call__(self, key: str, /, **params: Value) -> str:
        """Entry `key` filled in from `params`."""
        try:
            entry = self.entries[key]
        except KeyError:
            raise CatalogueError(f"no phrase {key!r} in {self.lang}/{self.section}") from None
        return render(entry, params, self.lang)

    def __contains__(self, key: object) -> bool:
        return key in self.entries


def load_catalogue(lang: str, section: str) -> Catalogue:
    """Section `section` of language `lang` (`catalogues/<lang>/<section>.json`)."""
    if section not in _SECTIONS:
        raise CatalogueError(f"no section {section!r}: sections are {', '.join(sorted(_SECTIONS))}")
    text = resources.files(__package__).joinpath("catalogues", lang, f"{section}.json")
    entries = json.loads(text.read_text(encoding="utf-8"))
    return Catalogue(lang, section, entries)


@functools.cache
def cli_catalogue(lang: str) -> Catalogue:
    """The command line's words in `lang` (`catalogues/<lang>/cli.json`), read once in a run:
    the commands say dozens of them, and the engines' host says an engine's faults in them."""
    return load_catalogue(lang, "cli")


def load_field_help(lang: str) -> Mapping[str, str]:
    """The variant fields' descriptions in `lang` by dotted path (`catalogues/<lang>/fields.json`),
    empty in the language the schema is written in (English), whose descriptions are shown as
    written."""
    text = resources.files(__package__).joinpath("catalogues", lang, "fields.json")
    if not text.is_file():
        return {}
    entries: dict[str, str] = json.loads(text.read_text(encoding="utf-8"))
    return entries


def _walk(entry: Entry, path: str) -> Iterator[tuple[str, Entry]]:
    yield path, entry
    if isinstance(entry, dict):
        for key, member in entry.items():
            if key != _BY:
                yield from _walk(member, f"{path}[{key}]")


def entry_texts(entry: Entry) -> list[str]:
    """Every template of `entry` (one for a template, each branch's for a choice)."""
    return [part for _, part in _walk(entry, "") if isinstance(part, str)]


def entry_values(entry: Entry) -> frozenset[str]:
    """Every value `entry` can show: the `{name}` of its templates (what it chooses by aside,
    which may differ from language to language: a gender, a plural)."""
    names: set[str] = set()
    for _, part in _walk(entry, ""):
        if isinstance(part, str):
            names.update(_FIELD.findall(part))
    return frozenset(names)


def catalogue_problems(catalogues: Mapping[str, Catalogue]) -> list[str]:
    """What is wrong with one section in several languages (by language code): a key one has
    and another lacks, an entry that shows other values than the first language's, a choice
    without its `"$"` or without `"other"` (a yes/no choice may have `"true"` and `"false"`
    instead), a template with a brace that is not `{name}`."""
    problems: list[str] = []
    first_lang, first = next(iter(catalogues.items()))
    for lang, catalogue in catalogues.items():
        where = f"{lang}/{catalogue.section}"
        for key in sorted(set(first.entries) ^ set(catalogue.entries)):
            has = first_lang if key in first.entries else lang
            problems.append(f"{where}: {key!r} is in {has} only")
        for key, entry in catalogue.entries.items():
            for path, part in _walk(entry, key):
                if isinstance(part, dict):
                    if not isinstance(part.get(_BY), str):
                        problems.append(f"{where}: {path} chooses by no value ('$')")
                    if _OTHER not in part and not {"true", "false"} <= set(part):
                        problems.append(f"{where}: {path} has no 'other'")
                elif not isinstance(part, str):
                    problems.append(f"{where}: {path} is neither a template nor a choice")
                elif _FIELD.sub("", part).count("{") or _FIELD.sub("", part).count("}"):
                    problems.append(f"{where}: {path} has a brace that is not {{name}}")
            if key in first.entries and lang != first_lang:
                mine, theirs = entry_values(entry), entry_values(first.entries[key])
                if mine != theirs:
                    problems.append(
                        f"{where}: {key!r} shows {sorted(mine)}, {first_lang} {sorted(theirs)}"
                    )
    return problems
