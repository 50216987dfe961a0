"""The web app of `sueca serve`: build house rules, play against bots or with friends, replay
records — in English or European Portuguese, all served from this machine.

A thin layer over the public API: the server owns every match; each browser gets only what its
seat may know and sends intentions the server checks. Needs the `web` extra
(`pip install 'sueca-rules[web]'`):

```python
import uvicorn
from sueca_rules.web import Settings, create_app, server_config

app = create_app(Settings(max_tables=20))
uvicorn.Server(server_config(app, host="127.0.0.1", port=8000)).run()
```

(`server_config` gives uvicorn the caps and timeouts of `sueca serve`'s connections, which the
app itself cannot keep: connections at once, a deadline for each request's head, the largest
WebSocket message read at all, sockets of browsers that stopped reading dropped: see
`ServerLimits`.)

`create_app(store=...)` keeps every table as an event log in a store
(`sueca_rules.web._store.SqliteStore`, as `sueca serve --db` does): after a restart every open
table is back as it was. Without one, tables live in the process's memory: when it stops,
every table is lost (a join link then says the table no longer exists).
"""

from __future__ import annotations

from ._app import create_app
from ._server import ServerLimits, server_config
from ._settings import Settings

__all__ = ["ServerLimits", "Settings", "create_app", "server_config"]
