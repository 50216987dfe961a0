"""The words of the game in each language: one phrase file per language.

Each language is a module of this package named by its code (`en.py`, `pt.py`) holding every phrase
of every front end, by section (`sueca_rules._lang._tables` says what a section holds): the rules
card, rule differences, the one-line summary, and the words of a game at the table. What the phrases
say (the facts) is computed once, in no language, elsewhere (`sueca_rules._describe_facts`,
`Rules`).

A new language is one new phrase file, plus its code in `Lang` (`_kinds.py`).

- `phrases()` gives a language's phrase table; `check_lang()` checks a language code.
- `seat_name()` names a seat, absolutely (`seat 2`) or as one player sees it (`you`, `partner`,
  `right rival`, `left rival`), for `sueca play`, `sueca replay` and the web table alike.

This module imports no phrase file until one is asked for (the command line stays light).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from .._errors import ConfigError
from ._game_tables import FalseClaim, PlayPhrases, ReplayPhrases, Who
from ._kinds import LANGS, Lang
from ._tables import Phase, Phrases

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
    "check_lang",
    "phrases",
    "seat_name",
]


def _config_error(message: str) -> ConfigError:
    """The error for a bad argument (a `ConfigError`, which is also a `ValueError`)."""
    return ConfigError(message)


def check_lang(lang: str) -> Lang:
    """`lang` if it is a language there are phrases for; otherwise an error naming them."""
    for known in LANGS:
        if lang == known:
            return known
    raise _config_error(f"unknown language {lang!r}: expected one of {', '.join(LANGS)}")


def phrases(lang: str) -> Phrases:
    """Every phrase of `lang` (`en`, `pt`), by section (loaded on first use)."""
    module = importlib.import_module(f"{__name__}.{check_lang(lang)}")
    table: Phrases = module.PHRASES
    return table


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
