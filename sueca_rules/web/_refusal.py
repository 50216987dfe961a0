"""The web app's one refusal: what a request or a message asks for cannot be done, and why.

A refusal names its reason (`code`) and carries what each side says of it: a browser's
WebSocket message at a table is answered with an error whose text is the phrase of `code` in
the browser's language (with `params`); an HTTP request is answered with `status` and the JSON
`body` (by default `{"error": code, "message": message}`, the message in the request's
language when the refusal names its phrase, `key`: see `body_in()`). Nothing was changed.
"""

from __future__ import annotations

from typing import Any

from ._i18n import Lang, phrase

__all__ = ["Refusal"]


class Refusal(Exception):  # noqa: N818 (a refusal of the request, not an error of the server)
    """A request or message that cannot be met: `code` names the reason (and the phrase a
    browser at a table is told, with `params`), `status` is the HTTP status to answer with and
    `body` the JSON answer (`{"error": code, "message": message}` unless given). `key`, a
    phrase of the catalogues' `web` section, says the message of an HTTP refusal in each
    language (`message`, when not given, is its English, filled in from `params`)."""

    def __init__(
        self,
        code: str,
        message: str = "",
        *,
        status: int = 400,
        body: dict[str, Any] | None = None,
        key: str | None = None,
        **params: object,
    ) -> None:
        if not message and key is not None:
            message = phrase("en", key, **params)
        super().__init__(message or code)
        self.code = code
        self.message = message
        self.status = status
        self.key = key
        self.params = params
        self.own_body = body is not None
        self.body: dict[str, Any] = (
            body if body is not None else {"error": code, "message": message}
        )

    def said(self, lang: Lang) -> str:
        """The message in `lang` (the English one if the refusal names no phrase)."""
        if self.key is None:
            return self.message
        return phrase(lang, self.key, **self.params)

    def body_in(self, lang: Lang) -> dict[str, Any]:
        """The JSON answer to a request in `lang`: its message said in that language."""
        if self.own_body:
            return self.body
        return {"error": self.code, "message": self.said(lang)}
