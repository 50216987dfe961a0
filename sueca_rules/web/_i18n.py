"""The web app's words: the language catalogues' `web` section (`sueca_rules._lang.catalogues`),
with the words of the table that `sueca play` shares (seats seen from a player, the dealer's
choice, phases) and the `game` section's suits and counts (`page_words()`): every page gets its
language's whole table, under the same keys, and renders its entries with `static/js/catalogue.js`
as `phrase()` does here."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, get_args

from sueca_rules._cards import Card
from sueca_rules._lang import LANGS, Lang, Phase, builtin_names, card_text, page_words, phrases
from sueca_rules._lang._catalogue import Entry, load_catalogue, load_field_help, render
from sueca_rules._registry import builtin_ids, load_variant

if TYPE_CHECKING:
    from starlette.requests import HTTPConnection

__all__ = ["LANGS", "Lang", "choose_lang", "field_help", "phrase", "strings", "thousands"]


@functools.cache
def strings(lang: Lang) -> dict[str, Entry]:
    """Every phrase of the web app in `lang`, by key: a template, or a choice (a plural)."""
    p = phrases(lang)
    table = p.table
    shared = {
        "seat.you": table.you,
        "seat.partner": table.partner,
        "seat.right": table.right_rival,
        "seat.left": table.left_rival,
        "choice.top": table.top_card,
        "choice.bottom": table.bottom_card,
        "choice.redeal": table.redeal,
        "choice.keep": table.keep_hand,
        "choice.claim": table.claim,
        **{f"phase.{key}": table.phase(key) for key in get_args(Phase)},
    }
    # The built-ins' names, from their one home: `names.json`, else the files' own (English).
    said = builtin_names(lang)
    names = {f"variant.{vid}": said.get(vid) or load_variant(vid).name for vid in builtin_ids()}
    # The suits and the counts: one entry each, for the game and the pages.
    web = load_catalogue(lang, "web").entries
    # How a card is written and typed in this language (the pages' card texts and the table's
    # keyboard read them): one home, the game's words, as for the terminal game.
    game = load_catalogue(lang, "game")
    typed = {key: game.entries[key] for key in ("card.ranks", "card.suits")}
    issues = load_catalogue(lang, "issues").entries  # a problem's words (see `issue_text()`)
    return {**page_words(lang), **web, **issues, **shared, **names, **typed}


def _thousands(lang: Lang) -> str:
    """`number.thousands` of `lang` as written in its catalogue ("," or a space)."""
    separator = load_catalogue(lang, "game").entries["number.thousands"]
    assert isinstance(separator, str)
    return separator


def thousands(lang: Lang) -> str:
    """How `lang` groups a number's thousands (`number.thousands`: "," in English, a space in
    Portuguese), for the pages to write a problem's size limit as `issue_text()` does; a space
    as a no-break space, so that a page never breaks a number across two lines ("25" at the
    end of one, "000" at the start of the next)."""
    return _thousands(lang).replace(" ", "\u00a0")


def field_help(lang: Lang, path: str, schema_text: str) -> str:
    """A variant field's description in `lang` (the schema's own text in English)."""
    return _field_help(lang).get(path, schema_text)


_field_help = functools.cache(load_field_help)


def phrase(lang: Lang, key: str, **params: object) -> str:
    """The phrase `key` in `lang` filled in from `params` (the key itself if unknown): a card
    as `lang` writes it (`R♣`), a tuple of cards likewise, one space between; a whole number of
    five digits or more with its thousands grouped as `lang` groups them (`262 144`); a value that
    is not a number, a yes/no, a word or a card is shown as its text (`None` as nothing)."""
    entry = strings(lang).get(key) or strings("en").get(key) or key
    values = {k: _value(v, lang) for k, v in params.items()}
    return render(entry, values, lang, thousands=_thousands(lang))


def _value(value: object, lang: Lang) -> str | int | float:
    if value is None:
        return ""
    if isinstance(value, Card):
        return card_text(value, lang)
    if isinstance(value, tuple):
        return " ".join(str(_value(item, lang)) for item in value)
    return value if isinstance(value, str | int | float) else str(value)


def page_lang(asker: HTTPConnection) -> Lang:
    """The language of a page asked for by `asker` (`choose_lang()` of its `?lang=`, cookie,
    `Accept-Language` and `?hl=`)."""
    return choose_lang(
        asker.query_params.get("lang"),
        asker.cookies.get("lang"),
        asker.headers.get("accept-language"),
        asker.query_params.get("hl"),
    )


def answer_lang(asker: HTTPConnection) -> Lang:
    """The language of the answer to an API request: its `?lang=`, else its
    `Accept-Language` (the pages send theirs), else English."""
    return choose_lang(asker.query_params.get("lang"), None, asker.headers.get("accept-language"))


def choose_lang(
    query: str | None, cookie: str | None, accept: str | None, shared: str | None = None
) -> Lang:
    """The page's language: `?lang=`, else the cookie (a language chosen here before), else the
    browser's first choice among ours (`Accept-Language`), else the language a shared link
    carries (`?hl=`, the host's: a join or watch link, for a friend whose browser asks for
    neither of ours), else English. A friend opens a shared link in their own language, not
    the host's."""
    for value in (query, cookie):
        for lang in LANGS:
            if value == lang:
                return lang
    for part in (accept or "").split(","):
        tag = part.split(";")[0].strip().lower()
        for lang in LANGS:
            if tag.startswith(lang):
                return lang
    for lang in LANGS:
        if shared == lang:
            return lang
    return "en"
