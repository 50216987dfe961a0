"""The web app's words, from the phrase files (`sueca_rules._lang`, section `web`),
with the words of the table that `sueca play` shares (seats seen from a player, the dealer's
choice, phases): every page gets its language's whole table, under the same keys."""

from __future__ import annotations

import functools
from typing import get_args

from sueca_rules._lang import LANGS, Lang, Phase, phrases

__all__ = ["LANGS", "Lang", "choose_lang", "field_help", "phrase", "strings"]


@functools.cache
def strings(lang: Lang) -> dict[str, str]:
    """Every phrase of the web app in `lang`, by key."""
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
    return {**p.web.strings, **shared}


def field_help(lang: Lang, path: str, schema_text: str) -> str:
    """A variant field's description in `lang` (the schema's own text in English)."""
    translated = phrases(lang).web.field_help
    if translated is None:
        return schema_text
    return translated.get(path, schema_text)


def phrase(lang: Lang, key: str, **params: object) -> str:
    """The phrase `key` in `lang` with `{name}` filled in (the key itself if unknown)."""
    text = strings(lang).get(key) or strings("en").get(key) or key
    for name, value in params.items():
        text = text.replace("{" + name + "}", str(value))
    return text


def choose_lang(query: str | None, cookie: str | None, accept: str | None) -> Lang:
    """The page's language: `?lang=`, else the cookie, else the browser's first choice
    among ours, else English."""
    for value in (query, cookie):
        for lang in LANGS:
            if value == lang:
                return lang
    for part in (accept or "").split(","):
        tag = part.split(";")[0].strip().lower()
        for lang in LANGS:
            if tag.startswith(lang):
                return lang
    return "en"
