"""The web app's one refusal: what a request or a message asks for cannot be done, and why.

A refusal names its reason (`code`); its words are one phrase of the catalogues' `web` section,
`error.<code>` (the numbers of the analysis routes share `error.bad_number`: see
`phrase_key()`), in each language, filled in from `params`. A browser's WebSocket message at a
table is answered with `{"type": "error", "code": code, "message": …}`, the phrase in the
browser's language; an HTTP request with `status` and the JSON body `{"error": code,
"message": …}`, the phrase in the request's language (`body_in()`). The English message
(`message`, `body`) is that phrase's English: there are no other words
to drift apart from it. Nothing was changed.
"""

from __future__ import annotations

from typing import Any, Final

from ._i18n import Lang, phrase

__all__ = ["NUMBER_CODES", "Refusal", "issues_in", "phrase_key", "refusal_words"]

NUMBER_CODES: Final = frozenset({"bad_level", "bad_seat", "bad_me"})
"""The codes of a query's number out of range (`?level=`, `?seat=`, `?me=` of the analysis
routes): one phrase, `error.bad_number`, names the number and its range."""


def phrase_key(code: str) -> str:
    """The catalogue key of the phrase that says refusal `code`: one for each code."""
    return "error.bad_number" if code in NUMBER_CODES else f"error.{code}"


def issues_in(issues: list[dict[str, Any]], lang: Lang) -> list[dict[str, Any]]:
    """The issues of an answer (`{"path", "message", "kind", "params", ...}`) with each message
    said in `lang` (from its kind and values; English as written). A Portuguese page or program
    was answered in English."""
    from .._errors import Issue
    from .._lang import issue_text

    if lang == "en":
        return issues
    said = []
    for item in issues:
        params = item.get("params") or {}
        issue = Issue(
            str(item.get("message", "")),
            kind=str(item.get("kind") or ""),
            params=tuple((str(k), str(v)) for k, v in params.items()),
        )
        said.append({**item, "message": issue_text(issue, lang)})
    return said


def refusal_words(lang: Lang, code: str, **params: object) -> str:
    """Refusal `code` said in `lang`, filled in from `params` (the words of an HTTP refusal
    and of a table's error message alike)."""
    return phrase(lang, phrase_key(code), **params)


class Refusal(Exception):  # noqa: N818 (a refusal of the request, not an error of the server)
    """A request or message that cannot be met: `code` names the reason and its phrase (with
    `params`), `status` is the HTTP status to answer with. `body`, when given, is the whole
    JSON answer instead of `{"error": code, "message": …}` (a variant's issues)."""

    def __init__(
        self,
        code: str,
        *,
        status: int = 400,
        body: dict[str, Any] | None = None,
        **params: object,
    ) -> None:
        self.code = code
        self.status = status
        self.params = params
        self.own_body = body
        # The code, not the words: a table's phrase may need what the table is waiting for
        # (`Table.error` adds it), and the words are said in the asker's language anyway.
        super().__init__(code)

    @property
    def message(self) -> str:
        """The English message (the phrase's English)."""
        return self.said("en")

    @property
    def body(self) -> dict[str, Any]:
        """The JSON answer in English."""
        return self.body_in("en")

    def said(self, lang: Lang) -> str:
        """The message in `lang`."""
        return refusal_words(lang, self.code, **self.params)

    def body_in(self, lang: Lang) -> dict[str, Any]:
        """The JSON answer to a request in `lang`: its message said in that language."""
        if self.own_body is not None:
            issues = self.own_body.get("issues")
            if isinstance(issues, list):  # a variant's issues: each said in `lang`
                return {**self.own_body, "issues": issues_in(issues, lang)}
            return self.own_body
        return {"error": self.code, "message": self.said(lang)}
