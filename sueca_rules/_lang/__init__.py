"""The words of the game in each language: catalogues of templates, one renderer.

Each language's words are JSON catalogues, `catalogues/<lang>/<section>.json` (`_catalogue.py`
says the format: templates, and choices by a number's plural form, a yes/no or a case), read by
one renderer in Python (`_catalogue.py`) and its twin in the browser (`static/js/catalogue.js`).
What the phrases say (the facts, with their cases) is computed once, in no language, elsewhere
(`sueca_rules._describe_facts`, `Rules`); the laying out (which entry, in which order, joined how)
is done once, in no language (`sueca_rules._describe` for the rules card, the differences and the
summary). `_tables.py` says what a language's phrases hold.

A new language is its catalogues, plus its code in `Lang` (`_kinds.py`).

- `phrases()` gives a language's phrases; `check_lang()` checks a language code.
- `page_words()` gives the entries of the `game` catalogue that the web pages say too.
- `decimal()` writes a number with decimals as a language does (`67.5`, `67,5`), from its
  `game_catalogue()`, for every command.
- `seat_name()` names a seat, absolutely (`seat 2`) or as one player sees it (`you`, `partner`,
  `right rival`, `left rival`), for `sueca play`, `sueca replay` and the web table alike.

This module reads no catalogue until one is asked for (the command line stays light).
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Mapping
from importlib import resources
from typing import TYPE_CHECKING

from .._errors import ConfigError, Issue
from .._text import shown
from ._analysis_tables import analysis_section
from ._catalogue import Catalogue, CatalogueError, Entry, entry_texts, load_catalogue, render
from ._game_tables import (
    PAGE_WORDS,
    FalseClaim,
    PlayPhrases,
    ReplayPhrases,
    Who,
    decimal,
    game_catalogue,
    play_section,
    replay_section,
)
from ._kinds import LANGS, Lang
from ._tables import Phase, Phrases, TableWords

if TYPE_CHECKING:
    from .._rules import Rules

__all__ = [
    "LANGS",
    "FalseClaim",
    "Lang",
    "Phase",
    "Phrases",
    "PlayPhrases",
    "ReplayPhrases",
    "Who",
    "builtin_names",
    "card_text",
    "check_lang",
    "decimal",
    "game_catalogue",
    "issue_line",
    "issue_text",
    "page_words",
    "phrases",
    "seat_name",
]


def card_text(card: object, lang: str = "en") -> str:
    """A card in short as `lang` writes it, for any text a player reads: `K♣` (a `Card`, or its
    notation `KC`), in Portuguese `R♣`; `""` for `None`, and anything that is no card as its
    text (whatever a message was given, shown as it came)."""
    from .._cards import parse_card

    if card is None:
        return ""
    text = str(card)
    try:
        parsed = parse_card(text) if len(text) == 2 else None
    except ValueError:
        parsed = None
    if parsed is None:
        return text
    return phrases(lang if lang in LANGS else "en").play.card(parsed)


def _config_error(message: str) -> ConfigError:
    """The error for a bad argument (a `ConfigError`, which is also a `ValueError`)."""
    return ConfigError(message)


def page_words(lang: Lang) -> dict[str, Entry]:
    """The entries of `lang`'s `game` catalogue that the web pages say too, under the same keys
    (`PAGE_WORDS`: the suits and the counts of games and of points)."""
    game = load_catalogue(lang, "game").entries
    return {key: game[key] for key in PAGE_WORDS}


def check_lang(lang: str) -> Lang:
    """`lang` if it is a language there are phrases for; otherwise an error naming them."""
    for known in LANGS:
        if lang == known:
            return known
    raise _config_error(f"unknown language {lang!r}: expected one of {', '.join(LANGS)}")


def phrases(lang: str) -> Phrases:
    """Every phrase of `lang` (`en`, `pt`), by front end (read on first use)."""
    return _phrases(check_lang(lang))


@functools.cache
def _phrases(lang: Lang) -> Phrases:
    table = load_catalogue(lang, "table")
    return Phrases(
        lang=lang,
        name=table("language"),
        card=load_catalogue(lang, "card"),
        table=TableWords(table),
        play=play_section(lang),
        replay=replay_section(lang),
        builtins=_builtin_descriptions(lang),
        analysis=analysis_section(lang),
    )


def _builtin_descriptions(lang: Lang) -> Mapping[str, str] | None:
    """The built-in variants' descriptions in `lang` (`catalogues/<lang>/variants.json`: texts
    shown as they are, not templates); `None` in English, the language of the variant files."""
    text = resources.files(__package__).joinpath("catalogues", lang, "variants.json")
    if not text.is_file():
        return None
    descriptions: dict[str, str] = json.loads(text.read_text(encoding="utf-8"))
    return descriptions


@functools.cache
def builtin_names(lang: Lang) -> Mapping[str, str]:
    """The built-in variants' names in `lang`, by id (`catalogues/<lang>/names.json`, as the web
    pages name them); empty in English, the language of the variant files."""
    text = resources.files(__package__).joinpath("catalogues", lang, "names.json")
    if not text.is_file():
        return {}
    names: dict[str, str] = json.loads(text.read_text(encoding="utf-8"))
    return names


_GOT_ASIDE = re.compile(r"\s*\([^()]*\{got\}[^()]*\)")
"""A template's aside that shows the value given (`(está {got})`), left out when the issue
names none."""


def issue_text(issue: Issue, lang: str) -> str:
    """An issue's words in `lang`: in English the library's own message; in another language the
    template of its kind (`catalogues/<lang>/issues.json`, `issue.<kind>`, as the web pages say it)
    filled in from its values, or the message itself for an issue of no kind the language has words
    for. A template's aside showing the value given (`{got}`) is left out when the issue names no
    such value."""
    if check_lang(lang) == "en" or not issue.kind:
        return issue.message
    entry = _issue_words(lang).entries.get(f"issue.{issue.kind}")
    if entry is None:
        return issue.message
    params = dict(issue.params)
    chosen_by = entry.get("$") if isinstance(entry, dict) else None
    if isinstance(entry, dict) and chosen_by not in params and "other" in entry:
        entry = entry["other"]  # words chosen by a value the issue does not name (as a page does)
    for name in ("limit", "size"):  # a size limit (8388608) as the language groups it
        value = params.get(name)
        if name != chosen_by and value and value.isascii() and value.isdecimal() and len(value) > 4:
            params[name] = f"{int(value):,}".replace(",", _game_words(lang)("number.thousands"))
    if isinstance(entry, str) and not params.get("got"):
        entry = _GOT_ASIDE.sub("", entry, count=1)
    try:
        text = render(entry, params, lang)
        if params.get("inherited"):  # a value the user's files kept from a built-in
            text = f"{text} {render(_issue_words(lang).entries['issue.inherited'], params, lang)}"
        if params.get("at") and not any("{deal}" in t for t in entry_texts(entry)):
            # A record's problem inside a deal: where it is, as the English says it first.
            text = f"{render(_issue_words(lang).entries['issue.place'], params, lang)}: {text}"
        return text
    except CatalogueError:  # a value the template needs and the issue lacks: its own words
        return issue.message


@functools.cache
def _game_words(lang: str) -> Catalogue:
    """The words of the game in `lang`, for how it writes numbers (read once)."""
    return load_catalogue(lang, "game")


@functools.cache
def _issue_words(lang: str) -> Catalogue:
    """The words of the problems in `lang` (read once: a file may have a hundred problems)."""
    return load_catalogue(lang, "issues")


def issue_line(issue: Issue, lang: str) -> str:
    """An issue on one line, `file:line:column: field: words`, as `str(issue)` in English and
    with `issue_text()`'s words in another language (escape sequences shown, never obeyed)."""
    head = issue.location + (f": {issue.shown_path}" if issue.path else "")
    return shown(f"{head}: {issue_text(issue, lang)}")


def _check_seat(seat: int, what: str) -> None:
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
        raise _config_error(f"{what} must be a seat, 0 to 3, not {seat!r}")


def seat_name(
    seat: int, lang: str = "en", *, viewer: int | None = None, rules: Rules | None = None
) -> str:
    """The name of `seat` in `lang`: `seat 2` (`lugar 2`), or, seen from the player at `viewer`
    under `rules` (whose direction says who plays after whom), `you`, `partner`, `right rival` or
    `left rival` (`tu`, `parceiro`, `adversário da direita`, `adversário da esquerda`)."""
    words = phrases(lang).table
    _check_seat(seat, "seat")
    if viewer is None:
        return words.seat(seat)
    if rules is None:
        raise _config_error("a seat seen from a viewer needs the rules (for the direction)")
    role = rules.seat_role(seat, viewer)
    if role == "you":
        return words.you
    if role == "partner":
        return words.partner
    return words.right_rival if role == "right" else words.left_rival
