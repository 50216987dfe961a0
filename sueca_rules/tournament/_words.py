"""The tournament's words in each language (`catalogues/<lang>/tournament.json`), and a refused
action said in them: the pages, the printable page and `sueca tournament` read them here."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Any

from .._errors import Issue
from .._lang import check_lang, issue_line, issue_text
from .._lang._catalogue import Catalogue, load_catalogue
from ._model import TournamentError

__all__ = ["refusal_text", "tournament_words"]


@functools.cache
def tournament_words(lang: str) -> Catalogue:
    """The tournament's words in `lang` (read once: every page and refusal says them)."""
    return load_catalogue(check_lang(lang), "tournament")


def refusal_text(error: TournamentError | str, lang: str) -> str:
    """A refused action in `lang`: its `code`'s sentence where the language has one (the `_many`
    one when it names several), else the error's first line (English)."""
    if isinstance(error, str):
        return error
    words = tournament_words(lang)
    code, params = error.code, error.params
    if code == "score" and params.get("need") == 1:
        code = "score_one"
    if code is not None and params.get("n", 1) != 1 and f"err.{code}_many" in words:
        code = f"{code}_many"
    if lang != "en" and code is not None and f"err.{code}" in words:
        if error.issues:  # the problems behind it, said as `sueca replay` says them
            params = {**params, "problem": issues_text(error.issues, lang)}
        if code == "record_variant":  # a built-in's name as the language says it
            from .._describe_facts import shown_name

            names = {k: params.get(f"{k}_name") for k in ("record", "ours")}
            said = {k: repr(shown_name(v, lang)) for k, v in names.items() if isinstance(v, str)}
            params = {**params, **said}
        shown = {
            k: _listed(v, " ou " if k in ("wins", "losses") else " e ")
            if isinstance(v, list)
            else v
            for k, v in params.items()
        }
        return words(
            f"err.{code}",
            **{k: v if isinstance(v, int | str) else str(v) for k, v in shown.items()},
        )
    text = str(error)
    return text.splitlines()[0] if text else type(error).__name__


def issues_text(issues: Sequence[Issue], lang: str) -> str:
    """A record's problems in a sentence, in `lang`: the first one's words (`issue_text()`), then
    (when the first says whose problems follow: a record's variant's) up to three more as
    `issue_line()` says them, and how many more there are."""
    first, *rest = issues
    text = issue_text(first, lang)
    if rest:
        shown = [issue_line(i, lang) for i in rest[:3]]
        if len(rest) > 3:
            more = len(rest) - 3
            said = Issue(
                f"... and {more} more problems", kind="more_problems", params=(("n", str(more)),)
            )
            shown.append(issue_text(said, lang))
        text = f"{text}: {'; '.join(shown)}"
    return text


def _listed(values: list[Any], last: str) -> str:
    """Values as a sentence lists them: "1, 2 e 3" (`last` " e "), or the scores a match may end
    with, "2-0 ou 2-1" (`last` " ou ")."""
    words = [str(v) for v in values]
    return ", ".join(words[:-1]) + last + words[-1] if len(words) > 1 else "".join(words)
