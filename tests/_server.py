"""`sueca serve` as the tests run it: the same app and store, with no pauses (the bots answer
at once), on a free loopback port that it prints on its first line. Run as
`python -m tests._server --db PATH [--redis URL] [--tournament FILE]`."""

from __future__ import annotations

import argparse
import socket

import uvicorn

from sueca_rules.web import ServerLimits, Settings, create_app
from sueca_rules.web._store import Store, open_store


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db")
    parser.add_argument("--redis")
    parser.add_argument("--tournament")
    args = parser.parse_args()
    if args.redis:
        from sueca_rules.web._redis import RedisStore

        store: Store = RedisStore(args.redis)
    else:
        store = open_store(args.db)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)
    print(sock.getsockname()[1], flush=True)
    app = create_app(Settings.for_tests(), store=store, tournament=args.tournament)
    app.state.tables.secret = lambda: "not-a-secret"
    limit = ServerLimits().max_ws_message_bytes  # as `sueca serve` caps a message
    config = uvicorn.Config(app, log_level="warning", lifespan="on", ws_max_size=limit)
    uvicorn.Server(config).run(sockets=[sock])


if __name__ == "__main__":
    main()
