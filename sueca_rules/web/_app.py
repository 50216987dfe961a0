"""The ASGI application: pages, static files, the API and the table sockets."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from concurrent.futures import Executor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import jinja2
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from sueca_rules import __version__, builtin_ids
from sueca_rules._schema import SCHEMA_FILENAME
from sueca_rules._text import cut

from ._analysis import routes as analysis_routes
from ._api import routes as api_routes
from ._guard import OriginGuard
from ._i18n import LANGS, Lang, answer_lang, page_lang, phrase, strings, thousands
from ._pool import FairPool
from ._refusal import Refusal
from ._settings import Settings
from ._store import Sharing, Store
from ._tables import TableManager
from ._ws import routes as ws_routes
from ._ws import table_socket

__all__ = ["create_app"]

_HERE = Path(__file__).resolve().parent
_TEMPLATES = jinja2.Environment(
    loader=jinja2.FileSystemLoader(_HERE / "templates"),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
)

# Pages may load only what this server serves: no inline script, nothing from elsewhere.
_HEADERS = [
    (
        b"content-security-policy",
        b"default-src 'self'; img-src 'self' data: blob:; style-src 'self'; script-src 'self'; "
        b"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


class _SecurityHeaders:
    """Adds the headers above to every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *_HEADERS]
            await send(message)

        await self.app(scope, receive, send_with_headers)


def _page(name: str, title_key: str) -> Callable[[Request], Awaitable[Response]]:
    async def page(request: Request) -> Response:
        asked = request.query_params.get("lang")
        lang: Lang = page_lang(request)
        # How the language groups a number's thousands (a problem's size limit: "8 388 608").
        table = json.dumps(
            {"lang": lang, "strings": strings(lang), "thousands": thousands(lang)},
            ensure_ascii=False,
        )
        html = _TEMPLATES.get_template(name).render(
            lang=lang,
            langs=LANGS,
            page=name.removesuffix(".html"),
            title=phrase(lang, title_key),
            t=lambda key, **params: phrase(lang, key, **params),
            # Inside <script type="application/json">: "<" escaped so no text can close it.
            strings_json=table.replace("<", "\\u003c"),
            version=__version__,
            builtins=builtin_ids(),
            schema_file=SCHEMA_FILENAME,
        )
        response = HTMLResponse(html)
        if asked in LANGS:
            response.set_cookie("lang", asked, max_age=365 * 24 * 3600, samesite="strict")
        return response

    return page


_NOT_FOUND_PAGE = _page("notfound.html", "notfound.title")


async def _not_found(request: Request, exc: Exception) -> Response:
    """A path that is no page: a page saying so in the browser's language; under `/api/`, the
    API's JSON refusal (`no_route`), as its other refusals are (the sockets and static files
    answer as they always did)."""
    if request.url.path.startswith("/api/"):
        refused = Refusal("no_route", path=repr(cut(request.url.path)))
        return JSONResponse(refused.body_in(answer_lang(request)), status_code=404)
    if request.url.path.startswith(("/ws/", "/static/")):
        return PlainTextResponse("Not Found", status_code=404)
    response = await _NOT_FOUND_PAGE(request)
    response.status_code = 404
    return response


async def _not_allowed(request: Request, exc: Exception) -> Response:
    """A method a route does not take: under `/api/`, the API's JSON refusal (`bad_method`)
    naming the methods it takes, as its other refusals are."""
    headers = getattr(exc, "headers", None) or {}
    allow = ", ".join(sorted(m.strip() for m in str(headers.get("Allow", "")).split(",")))
    if not request.url.path.startswith("/api/"):
        return PlainTextResponse("Method Not Allowed", status_code=405, headers=headers)
    path = repr(cut(request.url.path))
    refused = Refusal("bad_method", method=request.method, path=path, allow=allow)
    return JSONResponse(refused.body_in(answer_lang(request)), status_code=405, headers=headers)


async def _gone(request: Request, exc: Exception) -> Response:
    """A client that went away before its request's body was in (or was dropped for sending it
    too slowly: `ServerLimits.body_seconds`): nobody to answer, and nothing to log."""
    return Response(status_code=400)


async def _refused(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, Refusal)
    return JSONResponse(exc.body_in(answer_lang(request)), status_code=exc.status)


def create_app(
    settings: Settings | None = None,
    *,
    executor: Executor | None = None,
    allowed_hosts: list[str] | None = None,
    allowed_origins: list[str] | None = None,
    tournament: str | os.PathLike[str] | None = None,
    store: Store | None = None,
) -> Starlette:
    """The web app of `sueca serve`. `executor` runs the bots (a thread pool unless
    given; shared fairly between clients); `allowed_hosts` refuses requests for other host
    names (`sueca serve` on the loopback address allows only loopback names, against DNS
    rebinding); a request that can change something (a POST, a WebSocket) from a browser
    page is refused unless the page is this server's own or one of `allowed_origins`
    (`https://cards.example.org`: an HTTPS proxy's address); `tournament`, a tournament file,
    adds its pages (`app.state.tournament` has the organiser's secret link); `store` keeps the
    tables' event logs (in memory unless given: `sueca serve` gives a SQLite file): the open
    tables it holds are restored when the app starts, and it is closed when the app stops."""
    settings = settings or Settings()
    own_pool = executor is None
    workers = min(4, os.cpu_count() or 1)
    pool = executor or ThreadPoolExecutor(max_workers=workers, thread_name_prefix="sueca-bot")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        app.state.tables.restore()
        if app.state.tournament is not None:
            app.state.tournament.catch_up()  # a result the file missed when the process stopped
        janitor = asyncio.create_task(_janitor(app.state.tables, settings.janitor_seconds))
        try:
            yield
        finally:
            janitor.cancel()
            app.state.tables.close_all()
            store = app.state.tables.store
            if isinstance(store, Sharing):  # its listener's connection let go as well
                await store.aclose()
            else:
                store.close()
            if own_pool:
                pool.shutdown(wait=False, cancel_futures=True)

    routes: list[BaseRoute] = [
        Route("/", _page("home.html", "app.title")),
        Route("/rules", _page("rules.html", "rules.title")),
        Route("/play", _page("play.html", "play.title")),
        Route("/table/{table}", _page("table.html", "table.title")),
        Route("/replay", _page("replay.html", "replay.title")),
        *(Route(path, endpoint, methods=methods) for path, endpoint, methods in api_routes()),
        *(Route(path, endpoint, methods=methods) for path, endpoint, methods in ws_routes()),
        *(Route(path, endpoint, methods=methods) for path, endpoint, methods in analysis_routes()),
        WebSocketRoute("/ws/tables/{table}", table_socket),
        Mount("/static", StaticFiles(directory=_HERE / "static"), name="static"),
    ]
    site = None
    if tournament is not None:
        from ._tournament import TournamentSite

        site = TournamentSite(tournament)
        routes[:0] = site.routes()
    middleware = [Middleware(_SecurityHeaders)]
    if allowed_hosts:
        middleware.append(Middleware(TrustedHostMiddleware, allowed_hosts=allowed_hosts))
    middleware.append(Middleware(OriginGuard, allowed_origins=allowed_origins or ()))
    app = Starlette(
        routes=routes,
        middleware=middleware,
        lifespan=lifespan,
        exception_handlers={
            Refusal: _refused,
            ClientDisconnect: _gone,
            404: _not_found,
            405: _not_allowed,
        },
    )
    app.state.settings = settings
    app.state.tournament = site
    fair = FairPool(pool, None if executor else workers)
    app.state.tables = TableManager(settings, fair, store=store)
    if site is not None:
        site.attach(app.state.tables)
    return app


async def _janitor(tables: TableManager, every: float) -> None:
    while True:
        await asyncio.sleep(every)
        tables.tidy()
