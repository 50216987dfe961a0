"""`sueca serve`: the web app (house-rules builder, tables, replay viewer) on this machine."""

from __future__ import annotations

import argparse
import ipaddress
import socket
import sys
from typing import TYPE_CHECKING

from ._common import CliError, add_command, at_least

if TYPE_CHECKING:
    from ..web._store import Store

__all__ = ["exposure_warning", "register"]

_LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(
        subparsers,
        "serve",
        run_serve,
        help="serve the web app: house rules, play in the browser, tables with friends",
        description=(
            "Serve the web app: build house rules with a live rules card, play against\n"
            "bots or with friends at shared tables, replay game records; in English or\n"
            "Portuguese. It listens on 127.0.0.1 (this computer only) unless --host says\n"
            "otherwise, prints the address and opens nothing unless --open. Tables are kept\n"
            "in a SQLite file (--db): after a restart, even a crash, every table is back as\n"
            "it was and its links work again. Needs the web extra:\n"
            "pip install 'sueca-rules[web]'."
        ),
    )
    p.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this computer only; 0.0.0.0 lets "
        "other computers of your network in)",
    )
    p.add_argument(
        "--port",
        type=at_least(0, "0 (any free port)", most=65_535, most_meaning="65535 (the highest port)"),
        default=8000,
        help="0 to 65535; default 8000",
    )
    p.add_argument("--open", action="store_true", help="open the app in the web browser")
    p.add_argument(
        "--db",
        metavar="PATH",
        help="the SQLite file that keeps the tables (default: tables.db in the user's data "
        "folder, $XDG_DATA_HOME/sueca-rules or ~/.local/share/sueca-rules); :memory: keeps "
        "them in memory only (a restart ends them)",
    )
    p.add_argument(
        "--redis",
        metavar="URL",
        help="share every table with the other processes given the same Redis "
        "(redis://HOST:PORT/DB) instead of --db: any of them serves any table; needs the "
        "redis extra",
    )
    limits = (
        ("--max-tables", 1, 100, "N", "tables open at once (default 100)"),
        (
            "--keep-days",
            0,
            7,
            "DAYS",
            "a closed table's record stays downloadable this long, then it is pruned (default 7)",
        ),
        (
            "--away",
            0,
            20,
            "SECONDS",
            "a bot plays for a player whose browser has been gone this long (default 20)",
        ),
    )
    for flag, minimum, default, metavar, text in limits:
        p.add_argument(flag, type=at_least(minimum), default=default, metavar=metavar, help=text)


def is_loopback(host: str) -> bool:
    """Whether `host` is this computer only (127.0.0.0/8, ::1 or localhost)."""
    if host.lower() in _LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def exposure_warning(host: str, port: int) -> str:
    """What listening on `host` (not loopback) exposes, and how to keep it safe."""
    return (
        f"Warning: listening on {host}, not on 127.0.0.1: anyone who can reach this computer "
        f"on port {port} can open the app, build rules, open tables and replay records. A "
        "table's seats are protected only by their join links: whoever holds a link plays "
        "that seat, so send each link only to its player. The traffic is plain HTTP, not "
        "encrypted: use it on a network you trust, or put an HTTPS proxy in front. No file of "
        "this computer is served or read on request. Stop it with Ctrl-C."
    )


def _bind(host: str, port: int) -> socket.socket:
    family = socket.AF_INET6 if ":" in host.strip("[]") else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host.strip("[]"), port))
    except OSError as exc:
        sock.close()
        reason = exc.strerror or str(exc)
        raise CliError(f"cannot listen on {host} port {port}: {reason}", status=1) from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def _redis_store(args: argparse.Namespace) -> Store:
    if args.db is not None:
        raise CliError("give --db or --redis, not both", status=2)
    try:
        from ..web._redis import RedisStore
    except ImportError:
        raise CliError(
            "sueca serve --redis needs the redis extra: pip install 'sueca-rules[redis]'"
        ) from None
    return RedisStore(args.redis)


def run_serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn

        from ..web import Settings, create_app
        from ..web._store import StoreError, open_store
    except ImportError as exc:
        raise CliError(
            f"sueca serve needs the web extra ({exc.name} is missing): "
            "pip install 'sueca-rules[web]'"
        ) from None
    try:
        store = open_store(args.db) if args.redis is None else _redis_store(args)
    except StoreError as exc:  # the app closes the store when it stops
        raise CliError(str(exc), status=1) from None
    try:
        sock = _bind(args.host, args.port)
    except CliError:
        store.close()
        raise
    port = sock.getsockname()[1]
    shown = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{shown}:{port}/"
    loopback = is_loopback(args.host)
    if not loopback:
        print(exposure_warning(args.host, port), file=sys.stderr)
    print(f"Sueca is served at {url} (Ctrl-C stops it)", flush=True)
    print(f"Tables are kept in {store.name}", file=sys.stderr, flush=True)
    # On the loopback address only loopback names are answered (a web page elsewhere cannot
    # reach the app by pointing a name of its own at 127.0.0.1).
    allowed = ["127.0.0.1", "localhost", "[::1]", "::1"] if loopback else None
    app = create_app(
        Settings(
            max_tables=args.max_tables,
            away_seconds=float(args.away),
            keep_seconds=args.keep_days * 24 * 3600.0,
        ),
        allowed_hosts=allowed,
        store=store,
    )
    if args.open:
        import threading
        import webbrowser

        threading.Timer(0.5, webbrowser.open, (url,)).start()
    config = uvicorn.Config(
        app, log_level="warning", access_log=False, ws_max_size=64 * 1024, lifespan="on"
    )
    uvicorn.Server(config).run(sockets=[sock])
    return 0
