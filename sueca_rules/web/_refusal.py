"""The web app's one refusal: what a request or a message asks for cannot be done, and why.

A refusal names its reason (`code`) and carries what each side says of it: a browser's
WebSocket message at a table is answered with an error whose text is the phrase of `code` in
the browser's language (with `params`); an HTTP request is answered with `status` and the JSON
`body` (by default `{"error": code, "message": message}`). Nothing was changed.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Refusal"]


class Refusal(Exception):  # noqa: N818 (a refusal of the request, not an error of the server)
    """A request or message that cannot be met: `code` names the reason (and the phrase a
    browser at a table is told, with `params`), `status` is the HTTP status to answer with and
    `body` the JSON answer (`{"error": code, "message": message}` unless given)."""

    def __init__(
        self,
        code: str,
        message: str = "",
        *,
        status: int = 400,
        body: dict[str, Any] | None = None,
        **params: object,
    ) -> None:
        super().__init__(message or code)
        self.code = code
        self.message = message
        self.status = status
        self.params = params
        self.body: dict[str, Any] = (
            body if body is not None else {"error": code, "message": message}
        )
