"""The web app of `sueca serve`: build house rules, play against bots or with friends, replay
records — in English or European Portuguese, all served from this machine.

A thin layer over the public API: the server owns every match; each browser gets only what its
seat may know and sends intentions the server checks. Needs the `web` extra
(`pip install 'sueca-rules[web]'`):

```python
import uvicorn
from sueca_rules.web import Settings, create_app

app = create_app(Settings(max_tables=20))
uvicorn.run(app, host="127.0.0.1", port=8000, ws_max_size=64 * 1024)
```

(`ws_max_size` caps a WebSocket message before the server reads it, as `sueca serve` does; the
app refuses more than `Settings.max_message_bytes` once it has.)

`create_app(store=...)` keeps every table as an event log in a store
(`sueca_rules.web._store.SqliteStore`, as `sueca serve --db` does): after a restart every open
table is back as it was. Without one, tables live in the process's memory: when it stops,
every table is lost (a join link then says the table no longer exists).
"""

from __future__ import annotations

from ._app import create_app
from ._settings import Settings

__all__ = ["Settings", "create_app"]
