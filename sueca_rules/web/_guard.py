"""What keeps other sites' pages out before a request reaches a route: the Origin check of
every request that can change something (any method but GET, HEAD and OPTIONS, and every
WebSocket), and the key by which tables and bot thinking are counted per client.

A browser names the page that sent a request in its `Origin` header, and a page of another
site can send a simple `text/plain` POST (no preflight) or open a WebSocket to any address it
likes: such a request is refused unless its origin is this server's own (the same host as the
request's `Host`) or one the server was told to accept (`allowed_origins`: the address of an
HTTPS proxy in front of it). A request with no `Origin` is not a browser page's, and is let
through (programs may use the API)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any, Final
from urllib.parse import urlsplit

from starlette.datastructures import Headers
from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse
from starlette.websockets import WebSocket

from ._i18n import answer_lang
from ._refusal import Refusal

__all__ = ["OriginGuard", "client_of", "origin_allowed"]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SAFE_METHODS: Final = frozenset({"GET", "HEAD", "OPTIONS"})
_DEFAULT_PORTS: Final = {"http": "80", "https": "443"}


def _netloc_without_default_port(scheme: str, netloc: str) -> str:
    port = _DEFAULT_PORTS.get(scheme)
    if port is not None and netloc.endswith(f":{port}"):
        return netloc.removesuffix(f":{port}")
    return netloc


def origin_allowed(
    origin: str | None, host: str, allowed: Iterable[str] = (), fetch_site: str | None = None
) -> bool:
    """Whether a request whose `Origin` is `origin`, sent to `Host: host`, comes from this
    server's own pages (or from one of the `allowed` origins, `scheme://host[:port]`, lower
    case); no `Origin` at all is not a browser page's request, and is allowed. A form posted
    by one of this server's pages says `Origin: null` (the pages send no referrer), and the
    browser's own `Sec-Fetch-Site: same-origin` (which no page can set) tells it apart."""
    if origin is None:
        return True
    given = origin.strip().lower().rstrip("/")
    if given == "null" and fetch_site == "same-origin":
        return True
    if given in allowed:
        return True
    parts = urlsplit(given)
    if parts.scheme not in _DEFAULT_PORTS or not parts.netloc:
        return False  # "null" (a sandboxed page, a file), or not a web origin at all
    ours = _netloc_without_default_port(parts.scheme, host.strip().lower())
    return _netloc_without_default_port(parts.scheme, parts.netloc) == ours


def _shown(origin: str) -> str:
    text = "".join(c if c.isprintable() else "?" for c in origin[:100])
    return text + ("…" if len(origin) > 100 else "")


class OriginGuard:
    """Refuses a request that can change something when a page of another site sent it: 403
    with `{"error": "bad_origin", "message"}` over HTTP (the message in the request's language),
    close code 4403 for a WebSocket (its handshake refused: a page of another site is told
    nothing more)."""

    def __init__(self, app: ASGIApp, allowed_origins: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = frozenset(o.lower().rstrip("/") for o in allowed_origins)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "websocket" or (kind == "http" and scope["method"] not in SAFE_METHODS):
            headers = Headers(scope=scope)
            origin = headers.get("origin")
            site = headers.get("sec-fetch-site")
            if not origin_allowed(origin, headers.get("host", ""), self.allowed, site):
                assert origin is not None
                if kind == "websocket":
                    await WebSocket(scope, receive, send).close(4403)
                    return
                # Said in the language asked for (`?lang=`, else `Accept-Language`), as the
                # API's other refusals are.
                lang = answer_lang(HTTPConnection(scope))
                refused = Refusal("bad_origin", status=403, origin=repr(_shown(origin)))
                await JSONResponse(refused.body_in(lang), refused.status)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def client_of(connection: HTTPConnection) -> str:
    """The client a request comes from, as tables and bot thinking are counted: its address
    (behind a proxy on this computer, uvicorn puts the browser's address, from the proxy's
    `X-Forwarded-For`, in its place)."""
    client = connection.client
    return client.host if client is not None and client.host else "?"
