"""Tables over HTTP and WebSocket: create a table, join a seat with its token, download the
record. Each browser gets only its own seat's state; what it sends is checked by the table."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any, Final, Literal

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.websockets import WebSocket, WebSocketDisconnect

from sueca_rules import dump_record
from sueca_rules._text import cut

from ._api import json_request, settings_of, variant_from_json
from ._guard import client_of
from ._i18n import Lang, phrase
from ._refusal import Refusal, refusal_words
from ._settings import Settings
from ._store import DamagedTableError, StoreError
from ._tables import Seat, Table, TableManager, TablesFull, parse_seats

__all__ = ["MAX_CLOSE_REASON", "Connection", "close_reason", "routes", "table_socket"]

log = logging.getLogger("sueca_rules.web")


def _manager(app: Any) -> TableManager:
    manager: TableManager = app.state.tables
    return manager


def _seed(value: object) -> int | str | None:
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**63:
        return value
    if isinstance(value, str) and 0 < len(value) <= 100:
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:  # a lone surrogate ("\ud800" in JSON): not text
            raise Refusal("bad_seed", why="surrogate") from None
        return value
    raise Refusal("bad_seed", why="other")


async def create_table(request: Request) -> Response:
    """`POST /api/tables`: `{"variant", "seats", "seed"?}` → the table and one token per
    human seat (and the path of each seat's join link); `seeded` says whether the cards come
    from the seed (at a table of several people they never do: they come from a secret of the
    server's too, so that nobody can work out the hands)."""
    settings = settings_of(request)
    body = await json_request(request, settings.max_variant_bytes)
    if not isinstance(body, dict) or "variant" not in body or "seats" not in body:
        raise Refusal("bad_body", shape='{"variant": ..., "seats": [...]}')
    variant, variant_id = variant_from_json(body["variant"])
    specs = parse_seats(body["seats"], settings.stand_in_level)
    seed = _seed(body.get("seed"))
    table = _manager(request.app).create(
        variant, variant_id, specs, seed, client=client_of(request)
    )
    seats = [{"seat": s.index, "token": s.token} for s in table.seats if s.token is not None]
    links = [{"seat": s["seat"], "path": f"/table/{table.id}#t={s['token']}"} for s in seats]
    return JSONResponse(
        {
            "table": table.id,
            "seats": seats,
            "host": host.index if (host := table.host) is not None else None,
            "links": links,
            "seeded": table.seeded,
            "watch": table.watch,
            "watch_path": f"/table/{table.id}#w={table.watch}",
        }
    )


async def get_record(request: Request) -> Response:
    """`GET /api/tables/{table}/record?token=` (a seat's token; or `?watch=`, the table's watch
    secret, and nothing else) → the record of the last finished match, in JSON as the rest of
    the API (`?format=yaml` for YAML, as the page's download link asks), while the table is
    open and after, until the store prunes it; 409 while none is finished. For a seat's
    token, the header `X-Sueca-Seat` says which seat it is (the replay names the others from
    there)."""
    table_id = request.path_params["table"]
    asked = request.query_params.get("format") or "json"  # the API is JSON in and out
    if asked not in ("yaml", "json"):  # it was answered in YAML, whatever was asked
        raise Refusal("bad_format", got=repr(cut(asked)))
    # A seat's token goes in `?token=`, the watch secret in `?watch=` (as for the table's
    # socket): a seat's token is its player's secret, and is no watch link.
    token = request.query_params.get("token", "")
    watching = not token
    secret = token or request.query_params.get("watch", "")
    found = _manager(request.app).finished_record(table_id, secret, watching=watching)
    statuses = {"no_table": 404, "bad_token": 403, "unavailable": 503, "damaged": 410}
    if isinstance(found, str):  # refused: in the language asked for (the replay page's)
        code = found if found in statuses else "not_over"
        raise Refusal(code, status=statuses.get(code, 409))
    number, record = found
    fmt: Literal["yaml", "json"] = "json" if asked == "json" else "yaml"
    text = dump_record(record, fmt)
    name = f"sueca-{table_id}-{number}.{fmt}"
    media = "application/json" if fmt == "json" else "application/yaml"
    headers = {"content-disposition": f'attachment; filename="{name}"'}
    seat = _manager(request.app).seat_of_secret(table_id, request.query_params.get("token", ""))
    if seat is not None:
        headers["x-sueca-seat"] = str(seat)  # whose record it is: the replay names the seats so
    return Response(text, media_type=media, headers=headers)


PONG: Final[dict[str, Any]] = {"type": "pong"}
"""The answer to a page's `{"type": "ping"}`: its connection still carries messages both ways
(a phone's socket may look open long after its network went)."""

MAX_CLOSE_REASON: Final = 123
"""The most bytes of UTF-8 a WebSocket close frame's reason holds (RFC 6455)."""


def close_reason(reason: str) -> str:
    """`reason` as a close frame holds it (123 bytes of UTF-8; a longer one would fail the close
    itself): whole, or cut after its last whole word that fits and ended with "…" (at a whole
    character where a single word is longer)."""
    if len(reason.encode("utf-8")) <= MAX_CLOSE_REASON:
        return reason
    room = MAX_CLOSE_REASON - len("…".encode())
    head = reason.encode("utf-8")[: room + 1].decode("utf-8", "ignore")
    cut = head.rfind(" ")
    kept = head[:cut] if cut > 0 else head.encode("utf-8")[:room].decode("utf-8", "ignore")
    return kept.rstrip(" ,;:") + "…"


class Connection:
    """One browser holding a seat: a send queue drained by a task of its own (so that a slow
    browser never holds the table up) and a budget of messages it may send."""

    def __init__(self, ws: WebSocket, lang: Lang, settings: Settings, page: str = "") -> None:
        self.ws = ws
        self.lang: Lang = lang
        # The page's own id (`?page=`, chosen once a page load): the same page coming back
        # after its phone slept is no "other window" taking the seat.
        self.page = page
        self.settings = settings
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue()
        self.closing: tuple[int, str] | None = None
        self.tokens = float(settings.message_burst)
        self.refilled = time.monotonic()
        self.warned = 0.0

    def push(self, message: dict[str, Any]) -> None:
        if self.closing is not None:
            return
        if self.queue.qsize() >= self.settings.send_queue:
            self.close(1013, phrase(self.lang, "table.closed_slow"))
            return
        self.queue.put_nowait(message)

    def close(self, code: int, reason: str) -> None:
        """Close the connection with `code` and `reason` (as a close frame holds it: see
        `close_reason()`)."""
        if self.closing is None:
            self.closing = (code, close_reason(reason))
            self.queue.put_nowait(None)

    def allow(self) -> bool:
        """Whether one more message is within the rate (a token bucket)."""
        now = time.monotonic()
        rate = self.settings.messages_per_second
        self.tokens = min(self.settings.message_burst, self.tokens + (now - self.refilled) * rate)
        self.refilled = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False

    async def write(self) -> None:
        """Send the queued messages; each must be taken by the browser within
        `send_seconds`, or the connection ends (a browser that stopped reading would
        otherwise hold its seat, and its socket, for ever)."""
        try:
            while True:
                message = await self.queue.get()
                async with asyncio.timeout(self.settings.send_seconds):
                    if message is None:
                        code, reason = self.closing or (1000, "")
                        await self.ws.close(code, reason)
                        return
                    await self.ws.send_text(json.dumps(message, ensure_ascii=False))
        except (WebSocketDisconnect, RuntimeError):
            return  # the browser went away while a message was on its way: nothing to send to
        except TimeoutError:
            # The socket takes nothing more (not even a close): the connection is given up,
            # its seat is away, and the server drops the socket.
            log.info("a browser took no message for %s s: disconnected", self.settings.send_seconds)
            if self.closing is None:
                self.closing = (1013, close_reason(phrase(self.lang, "table.closed_slow")))

    def error(self, code: str, **params: object) -> None:
        self.push(
            {"type": "error", "code": code, "message": refusal_words(self.lang, code, **params)}
        )


def on_text(table: Table, seat: Seat, conn: Connection, text: str) -> None:
    """One message from the browser: checked for rate (every message counts, a refused one
    too), size and form, then handed to the table (which checks it against the rules)."""
    if not conn.allow():
        now = time.monotonic()
        if now - conn.warned > 1.0:  # one warning a second, not one per message
            conn.warned = now
            conn.error("rate")
        return
    if len(text) > conn.settings.max_message_bytes or (
        len(text.encode("utf-8", "replace")) > conn.settings.max_message_bytes
    ):
        # "The message is too large", not the HTTP refusal's "the body" of a request: the
        # player sent no request of their own, the page sent a message for them.
        conn.error("too_large", what="message", most=conn.settings.max_message_bytes)
        return
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        message = None
    if not isinstance(message, dict):
        conn.error("malformed", shape='{"type": "play", "card": "7H"}')
        return
    if message.get("type") == "ping":
        conn.push(PONG)  # the page checks its connection is alive (a phone woken up)
        return
    if "seat" in message and message["seat"] != seat.index:
        conn.error("not_your_seat")
        return
    if not table.closed:
        table.handle(seat, message)


def _held_elsewhere(manager: TableManager, table_id: str) -> bool:
    """Whether the table is open and held by another live process of the store (`False` when
    the store cannot tell now)."""
    try:
        return len(table_id) <= 64 and manager.store.held_elsewhere(table_id)
    except StoreError:
        return False


async def _refuse(ws: WebSocket, code: int, error: str, lang: Lang) -> None:
    """Say why the socket is refused (an error message, then the close frame's reason: the
    same phrase in the connection's language, cut to what a close frame holds)."""
    said = refusal_words(lang, error)
    await ws.accept()
    await ws.send_text(json.dumps({"type": "error", "code": error, "message": said}))
    await ws.close(code, close_reason(said))


async def table_socket(ws: WebSocket) -> None:
    """`WS /ws/tables/{table}?token=`: the seat's state after every change; its messages
    in. `?watch=` (the table's watch secret): the state with no hand; nothing in. (A page of
    another site never gets here: `OriginGuard` refuses its socket.)"""
    lang: Lang = "pt" if ws.query_params.get("lang") == "pt" else "en"
    manager = _manager(ws.app)
    try:
        table = manager.find(ws.path_params["table"])
    except DamagedTableError as exc:
        # That table's stored values cannot be read, and will not be later: said for good, as
        # for a table that is gone (the page stops trying).
        log.error("table %s cannot be read: %s", ws.path_params["table"], exc)
        await _refuse(ws, 4404, "damaged", lang)
        return
    except StoreError as exc:
        # The table may well be kept (a full disk, Redis down): the page is asked to come
        # back (it tries again on any code but 4403, 4404 and 4000), not told it is gone; in
        # the words of `unavailable`, as the record of a table is refused then.
        log.error("table %s cannot be read: %s", ws.path_params["table"], exc)
        await _refuse(ws, 1013, "unavailable", lang)
        return
    except TablesFull:
        # Kept by the store, but this server has as many tables open as it takes: the page
        # is asked to come back later (it tries again), when one has closed.
        await _refuse(ws, 1013, "busy", lang)
        return
    token = ws.query_params.get("token", "")
    if table is None:
        # Open, but held by another live server on the same database (no Redis to share it):
        # said so, not "no such table".
        elsewhere = _held_elsewhere(manager, ws.path_params["table"])
        await _refuse(ws, 4404, "elsewhere" if elsewhere else "no_table", lang)
        return
    watch = ws.query_params.get("watch", "")
    watching = bool(watch) and not token  # a watch link: the table with no hand, no say
    seat = table.seat_of(token) if token else None
    if not (table.watches(watch) if watching else seat is not None):
        await _refuse(ws, 4403, "bad_token", lang)
        return
    if manager.connections >= manager.settings.max_connections:
        await _refuse(ws, 1013, "busy", lang)
        return
    if watching and len(table.watchers) >= manager.settings.max_watchers:
        await _refuse(ws, 1013, "watchers", lang)
        return
    # The connection is counted from here, and given back however this ends (the browser
    # leaves, is too slow, or anything below fails).
    manager.connections += 1
    try:
        await ws.accept()
        conn = Connection(ws, lang, manager.settings, ws.query_params.get("page", "")[:64])
        writer = asyncio.create_task(conn.write())
        if seat is None:
            reader = asyncio.create_task(_read_watcher(ws, conn))
        else:
            reader = asyncio.create_task(_read(ws, table, seat, conn))
        try:
            if seat is None:
                if not table.add_watcher(conn):
                    # Others took the last places while this socket was being accepted.
                    conn.error("watchers")
                    conn.close(1013, close_reason(refusal_words(lang, "watchers")))
            else:
                table.join(seat, conn)
            await asyncio.wait({reader, writer}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (reader, writer):
                task.cancel()
                if task.done() and not task.cancelled() and task.exception() is not None:
                    log.error("table %s: a connection failed", table.id, exc_info=task.exception())
            if seat is None:
                table.remove_watcher(conn)
            else:
                table.leave(seat, conn)
    finally:
        manager.connections -= 1


async def _read_watcher(ws: WebSocket, conn: Connection) -> None:
    try:
        while conn.closing is None:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            if not conn.allow():
                continue
            if _is_ping(message.get("text")):
                conn.push(PONG)
            else:
                conn.error("watching")
    except (WebSocketDisconnect, RuntimeError):
        return


def _is_ping(text: object) -> bool:
    """Whether a watcher's message is the page's ping (anything else is refused)."""
    if not isinstance(text, str) or len(text) > 100:
        return False
    try:
        message = json.loads(text)
    except ValueError:
        return False
    return isinstance(message, dict) and message.get("type") == "ping"


async def _read(ws: WebSocket, table: Table, seat: Seat, conn: Connection) -> None:
    try:
        while conn.closing is None:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                return
            text = message.get("text")
            if text is None:
                data = message.get("bytes") or b""
                text = data.decode("utf-8", "replace")
            on_text(table, seat, conn, text)
    except (WebSocketDisconnect, RuntimeError):
        return


def routes() -> list[tuple[str, Any, list[str]]]:
    """(path, endpoint, methods) of the HTTP routes here (the socket is added by the app)."""
    return [
        ("/api/tables", create_table, ["POST"]),
        ("/api/tables/{table}/record", get_record, ["GET"]),
    ]
