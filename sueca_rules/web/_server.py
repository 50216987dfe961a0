"""How `sueca serve` runs the app under uvicorn: the caps and timeouts of the connections
themselves, which the app cannot keep (it sees a request only once its head has been read,
and cannot drop a socket that its browser has stopped reading).

- **Connections at once**: `max_connections` (HTTP and WebSocket together); past it, a
  request is answered 503 at once and its connection closed.
- **Header timeout**: a request's head (its first line and headers) must arrive within
  `header_seconds` of the connection being opened, or of the end of the previous response on
  a kept-alive connection; a client that sends half a header (slowloris) is dropped.
- **Body timeout**: a request's body must arrive within `body_seconds` of its head; a client
  that sends it a byte now and then is dropped.
- **Header size**: at most `max_header_bytes` (h11's limit of an incomplete request head);
  past it, 400 and the connection is closed.
- **Keep-alive**: an idle kept-alive connection is closed after `keep_alive_seconds`.
- **WebSocket messages**: at most `max_ws_message_bytes` (256 KiB), read no further: past it the
  connection is closed (code 1009, and the page says so in its language). That is well over
  the app's own limit (`Settings.max_message_bytes`, 4 KiB), so that a message between the two
  is read and refused by the app in the player's language (an error message, the table
  unchanged, the connection open) rather than cut off; a connection holds at most one such
  message at a time (uvicorn reads no more until the app has taken it).
- **Stopping**: the server waits at most `shutdown_seconds` for its connections to end.
- **Sockets the app is done with**: the socket of a browser that stopped reading cannot be
  closed politely (the closing frame waits behind the unread data): it is dropped
  `drop_seconds` after the app has finished with it.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

__all__ = ["ServerLimits", "server_config"]


@dataclass(frozen=True, slots=True)
class ServerLimits:
    """The caps and timeouts of `sueca serve`'s connections (see the module's text)."""

    max_connections: int = 600
    """Connections (and requests being answered) at once; past it, 503."""
    header_seconds: float = 10.0
    """How long a request's head may take to arrive; past it, the connection is dropped."""
    body_seconds: float = 60.0
    """How long a request's body may take to arrive once its head is in (a record at the size
    limit, 2 MiB, takes a quarter of that at 1 Mbit/s); past it, the connection is dropped."""
    max_header_bytes: int = 16 * 1024
    """The largest request head; past it, 400."""
    keep_alive_seconds: int = 5
    """How long an idle kept-alive connection stays open."""
    max_ws_message_bytes: int = 256 * 1024
    """The largest WebSocket message read at all (the app refuses, in words, any message over
    its own `Settings.max_message_bytes` up to this; past this the connection is closed)."""
    drop_seconds: float = 5.0
    """How long after the app is done with a WebSocket its socket may take to close."""
    shutdown_seconds: int = 5
    """How long a stopping server waits for its connections to finish."""


class _TimelyH11Protocol(H11Protocol):
    """uvicorn's h11 protocol, with a deadline for each request's head, and then for its
    body."""

    header_seconds = 10.0
    body_seconds = 60.0
    _header_timer: asyncio.TimerHandle | None = None
    _body_timer: asyncio.TimerHandle | None = None
    _upgraded = False

    def connection_made(self, transport: Any) -> None:
        super().connection_made(transport)
        self._watch_head()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch_head()
        self._watch_body()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._watch_head()
        self._watch_body()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_watching()
        self._stop_watching_body()
        super().connection_lost(exc)

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        # The connection is a WebSocket's from here: no body is awaited (its protocol has the
        # transport now, and keeps its own time).
        self._upgraded = True
        self._stop_watching_body()
        super().handle_websocket_upgrade(event)

    def _waiting_for_body(self) -> bool:
        return (
            not self._upgraded
            and self.conn.their_state is h11.SEND_BODY
            and not self.transport.is_closing()
        )

    def _watch_body(self) -> None:
        """A timer runs from a request's head being in until its body is (one deadline for the
        whole body, however it is cut)."""
        if not self._waiting_for_body():
            self._stop_watching_body()
        elif self._body_timer is None:
            self._body_timer = self.loop.call_later(self.body_seconds, self._body_too_slow)

    def _stop_watching_body(self) -> None:
        if self._body_timer is not None:
            self._body_timer.cancel()
            self._body_timer = None

    def _body_too_slow(self) -> None:
        self._body_timer = None
        if self._waiting_for_body():
            self.transport.close()

    def _waiting_for_head(self) -> bool:
        return self.conn.their_state is h11.IDLE and not self.transport.is_closing()

    def _watch_head(self) -> None:
        """A timer runs while a request's head is awaited (from the connection, or the end
        of the previous response), and stops once the head is in."""
        if not self._waiting_for_head():
            self._stop_watching()
        elif self._header_timer is None:
            self._header_timer = self.loop.call_later(self.header_seconds, self._too_slow)

    def _stop_watching(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _too_slow(self) -> None:
        self._header_timer = None
        if self._waiting_for_head():
            self.transport.close()


class _DroppingWebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, which drops the socket once the app is done with it and
    it has not closed within `drop_seconds` (its browser reads nothing, so even the closing
    frame never leaves)."""

    drop_seconds = 5.0

    async def run_asgi(self) -> None:
        await super().run_asgi()
        if not self.disconnected:
            self.loop.call_later(self.drop_seconds, self._drop)

    def _drop(self) -> None:
        if not self.disconnected:
            self.transport.abort()


def server_config(app: Any, limits: ServerLimits | None = None, **options: Any) -> uvicorn.Config:
    """The uvicorn configuration of `sueca serve` for `app`, with `limits` (`options`: more of
    `uvicorn.Config`'s, such as `log_level`)."""
    limits = limits or ServerLimits()
    http = type(
        "SuecaH11Protocol",
        (_TimelyH11Protocol,),
        {"header_seconds": limits.header_seconds, "body_seconds": limits.body_seconds},
    )
    ws = type(
        "SuecaWebSocketProtocol",
        (_DroppingWebSocketProtocol,),
        {"drop_seconds": limits.drop_seconds},
    )
    return uvicorn.Config(
        app,
        http=http,
        ws=ws,
        limit_concurrency=limits.max_connections,
        timeout_keep_alive=limits.keep_alive_seconds,
        h11_max_incomplete_event_size=limits.max_header_bytes,
        ws_max_size=limits.max_ws_message_bytes,
        timeout_graceful_shutdown=limits.shutdown_seconds,
        **options,
    )
