"""`sueca serve`: the web app (house-rules builder, tables, replay viewer) on this machine."""

from __future__ import annotations

import argparse
import ipaddress
import logging
import re
import socket
import sys
from typing import TYPE_CHECKING, Final
from urllib.parse import urlsplit

from ._cmd_tournament import checked_tournament_file
from ._common import ArgRefusal, CliError, Command, at_least, cli_words, lang_of, metavar

if TYPE_CHECKING:
    from ..web._store import Store
    from ._common import HelpWords

__all__ = ["COMMANDS", "allowed_hosts", "exposure_warning"]

_LOOPBACK_NAMES = ("localhost", "127.0.0.1", "::1")
_ANY_ADDRESS = ("0.0.0.0", "::")
_LABEL = r"[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?"
_HOST_NAME = re.compile(rf"(?:\*\.)?{_LABEL}(?:\.{_LABEL})*\.?")
_DEFAULT_PORTS = {"http": 80, "https": 443}


def _ipv6(text: str) -> str | None:
    """`text` as a bracketed IPv6 address (`[::1]`), if it is one."""
    try:
        address = ipaddress.ip_address(text.strip("[]"))
    except ValueError:
        return None
    return f"[{address.compressed}]" if address.version == 6 else None


def _host_name(text: str) -> str:
    """A host name as the Host check compares it: lower case, an IPv6 address in brackets."""
    text = text.strip().lower()
    bracketed = _ipv6(text)
    if bracketed is not None:
        return bracketed
    if len(text) <= 253 and _HOST_NAME.fullmatch(text):
        return text.rstrip(".")
    raise ArgRefusal("not_host", q=repr(text[:60]))


def host_names_arg(text: str) -> list[str]:
    """An argparse type: `--allowed-host`, one host name or a comma-separated list."""
    return [_host_name(part) for part in text.split(",") if part.strip()] or [_host_name("")]


def _origin(text: str) -> str:
    """An origin as browsers send it: `scheme://host[:port]`, lower case, no default port."""
    wrong = ArgRefusal("not_origin", q=repr(text.strip()[:80]))
    parts = urlsplit(text.strip().lower())
    try:
        port = parts.port
    except ValueError:
        raise wrong from None
    if (
        parts.scheme not in _DEFAULT_PORTS
        or not parts.hostname
        or parts.username is not None
        or parts.password is not None
        or parts.path not in ("", "/")
        or parts.query
        or parts.fragment
    ):
        raise wrong
    try:
        host = _host_name(parts.hostname)
    except argparse.ArgumentTypeError:
        raise wrong from None
    shown_port = "" if port is None or port == _DEFAULT_PORTS[parts.scheme] else f":{port}"
    return f"{parts.scheme}://{host}{shown_port}"


def origins_arg(text: str) -> list[str]:
    """An argparse type: `--allowed-origin`, one origin or a comma-separated list."""
    return [_origin(part) for part in text.split(",") if part.strip()] or [_origin("")]


def host_arg(text: str) -> str:
    """An argparse type: `--host`, an address or a name to listen on (never empty: an empty
    address would listen on every network)."""
    host = text.strip()
    if not host:
        raise ArgRefusal("no_address")
    if _ipv6(host) is not None:
        return host.strip("[]")
    try:
        return _host_name(host)
    except argparse.ArgumentTypeError:
        raise ArgRefusal("not_address", q=repr(host[:60])) from None


def _arguments(p: argparse.ArgumentParser, said: HelpWords) -> None:
    """The arguments of `sueca serve`."""
    said.arg(p, "--host", type=host_arg, default="127.0.0.1")
    p.add_argument(
        "--allowed-origin",
        type=origins_arg,
        action="extend",
        default=[],
        metavar="URL",
        help=said("allowed_origin"),
    )
    said.arg(p, "--allowed-host", meta="name", type=host_names_arg, action="extend", default=[])
    said.arg(
        p,
        "--port",
        type=at_least(0, "any_port", most=65_535, most_meaning="top_port"),
        default=8000,
    )
    said.arg(p, "--open", action="store_true")
    said.arg(p, "--db", meta="path")
    p.add_argument("--redis", metavar="URL", help=said("redis"))
    limits = (
        ("--max-tables", 1, 10_000, 100, "N", "max_tables"),
        ("--keep-days", 0, 3650, 7, metavar(said.lang, "days"), "keep_days"),
        ("--away", 0, 3600, 20, metavar(said.lang, "seconds"), "away"),
    )
    for flag, minimum, most, default, placeholder, key in limits:
        kind = at_least(minimum, most=most)
        p.add_argument(flag, type=kind, default=default, metavar=placeholder, help=said(key))
    said.arg(p, "--tournament", meta="file")
    said.lang_option(p, "serve", "pages")


def is_loopback(host: str) -> bool:
    """Whether `host` is this computer only (127.0.0.0/8, ::1 or localhost)."""
    if host.lower() in _LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def allowed_hosts(host: str, names: list[str], origins: list[str]) -> list[str] | None:
    """The host names the app answers (`None`: any): on a loopback address, the loopback
    names and the address itself; and the names given (`--allowed-host`) and the host of
    each origin given (`--allowed-origin`). Listening elsewhere with no name given answers
    any name (friends reach the app by an address of this computer)."""
    wanted = [*names, *(_host_name(urlsplit(o).hostname or "") for o in origins)]
    if is_loopback(host):
        wanted = ["127.0.0.1", "localhost", "[::1]", *wanted]
    elif not wanted:
        return None
    if host not in _ANY_ADDRESS:
        wanted.append(_ipv6(host) or host.lower())
    return list(dict.fromkeys(wanted))


def exposure_warning(host: str, port: int, lang: str = "en") -> str:
    """What listening on `host` (not loopback) exposes, and how to keep it safe, in `lang`."""
    return cli_words(lang, "serve.exposed", host=host, port=port)


def _bind(host: str, port: int, lang: str) -> socket.socket:
    family = socket.AF_INET6 if ":" in host.strip("[]") else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host.strip("[]"), port))
    except OSError as exc:
        sock.close()
        reason = exc.strerror or str(exc)
        said = cli_words(lang, "serve.cannot_listen", host=host, port=port, reason=reason)
        raise CliError(said, status=1) from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def _redis_store(args: argparse.Namespace, lang: str) -> Store:
    if args.db is not None:
        raise CliError(cli_words(lang, "serve.db_or_redis"), status=2)
    try:
        from ..web._redis import RedisStore
    except ImportError:
        raise CliError(cli_words(lang, "serve.no_redis")) from None
    return RedisStore(args.redis)


def run_serve(args: argparse.Namespace) -> int:
    lang = lang_of(args)
    try:
        import uvicorn

        from ..web import Settings, create_app, server_config
        from ..web._store import StoreError, open_store
    except ImportError as exc:
        raise CliError(cli_words(lang, "serve.no_web", missing=str(exc.name))) from None
    tournament = checked_tournament_file(args.tournament, lang)  # before listening
    try:
        store = open_store(args.db) if args.redis is None else _redis_store(args, lang)
    except StoreError as exc:  # the app closes the store when it stops
        raise CliError(exc.said(lang), status=1) from None
    try:
        sock = _bind(args.host, args.port, lang)
    except CliError:
        store.close()
        raise
    port = sock.getsockname()[1]
    shown = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{shown}:{port}/"
    loopback = is_loopback(args.host)
    if not loopback:
        print(exposure_warning(args.host, port, lang), file=sys.stderr)
    print(cli_words(lang, "serve.served", url=url), flush=True)
    kept = (
        cli_words(lang, "serve.kept_in_memory")
        if store.name == ":memory:"
        else cli_words(lang, "serve.kept_in", name=store.name)
    )
    print(kept, file=sys.stderr, flush=True)
    # On the loopback address only loopback names (and those given) are answered: a web page
    # elsewhere cannot reach the app by pointing a name of its own at 127.0.0.1.
    app = create_app(
        Settings(
            max_tables=args.max_tables,
            away_seconds=float(args.away),
            keep_seconds=args.keep_days * 24 * 3600.0,
        ),
        allowed_hosts=allowed_hosts(args.host, args.allowed_host, args.allowed_origin),
        allowed_origins=args.allowed_origin,
        tournament=tournament,
        store=store,
    )
    if app.state.tournament is not None:
        organiser = f"{url}{app.state.tournament.organiser_path.lstrip('/')}"
        print(cli_words(lang, "serve.tournament", url=url, organiser=organiser), flush=True)
    if args.open:
        import threading
        import webbrowser

        threading.Timer(0.5, webbrowser.open, (url,)).start()
    # The connections' own caps and timeouts (a header timeout, a cap of connections at
    # once...): see sueca_rules.web.ServerLimits.
    config = server_config(app, log_level="warning", access_log=False, lifespan="on")
    logging.getLogger("uvicorn.error").addFilter(_stopped_twice)  # after uvicorn's own logging
    uvicorn.Server(config).run(sockets=[sock])
    return 0


_STOPPED: Final = ("asyncio.exceptions.CancelledError", "KeyboardInterrupt")
"""The last line of a traceback of a stop (the text of a lifespan's failure)."""


def _stopped_twice(record: logging.LogRecord) -> bool:
    """Leave out uvicorn's traceback of a stop forced by a second Ctrl-C: the app's lifespan,
    cancelled instead of told to stop, has let go of its tables all the same (every action
    was committed when it was accepted), and the command says it was interrupted."""
    import asyncio

    error = record.exc_info[1] if record.exc_info else None
    if isinstance(error, asyncio.CancelledError | KeyboardInterrupt):
        return False
    text = record.getMessage()
    return not (text.startswith("Traceback") and text.rstrip().endswith(_STOPPED))


COMMANDS: Final = (Command("serve", run_serve, _arguments),)
"""`sueca serve` (see `Command`)."""
