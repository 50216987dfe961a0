"""End-to-end tests of the web app in a real headless Chromium (Debian's `chromium`),
driven by Playwright (`pip install 'sueca-rules[e2e]'`; `.ci/run` installs both). The
server runs in a thread of the test process, on a free loopback port.

Without Chromium or Playwright these tests are skipped on a developer's machine; under CI
(`CI` set) they fail instead, so that a missing install step cannot pass unseen.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("SUECA_CHROMIUM", "/usr/bin/chromium")
# The flags of a closed machine: no background connections, no sandbox as root, no GPU.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def _missing() -> str | None:
    try:
        import playwright.sync_api  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as exc:
        return f"{exc.name} is not installed (pip install -e '.[dev,e2e]')"
    if not (os.path.exists(CHROMIUM) or shutil.which(CHROMIUM)):
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    return None


@pytest.fixture(scope="session")
def e2e_ready() -> None:
    reason = _missing()
    if reason is None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"end-to-end tests cannot run: {reason}")
    pytest.skip(reason)


class Server:
    """The web app served by uvicorn in a thread, on `url`."""

    def __init__(self, **settings: Any) -> None:
        import uvicorn

        from sueca_rules.web import Settings, create_app

        self.app = create_app(Settings.for_tests(**{"bot_delay": 0.02, **settings}))
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(64)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        from sueca_rules.web import ServerLimits

        # WebSocket messages capped as `sueca serve` caps them (uvicorn's default is 16 MiB).
        config = uvicorn.Config(
            self.app,
            log_level="warning",
            access_log=False,
            lifespan="on",
            ws_max_size=ServerLimits().max_ws_message_bytes,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]})

    def __enter__(self) -> Server:
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the web app did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=20)
        self.sock.close()


@pytest.fixture(scope="session")
def server(e2e_ready: None) -> Iterator[Server]:
    # One server for every browser test, all from one address: the caps on tables (20 a
    # client, 100 in all: tests/test_web_guard.py and test_web_tables.py check them) would
    # refuse the later tests'.
    with Server(max_tables=1000, max_tables_per_client=1000) as running:
        yield running


@pytest.fixture(scope="module")
def browser(e2e_ready: None) -> Iterator[Any]:
    """Chromium, for the tests of one module: Playwright's synchronous API runs an event loop
    in this thread while it is open, which other tests' `asyncio.run` must not meet."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """A fresh browser profile (its own storage), like another person's browser."""
    ctx = browser.new_context(accept_downloads=True, viewport={"width": 1200, "height": 900})
    ctx.set_default_timeout(20_000)
    yield ctx
    ctx.close()


@pytest.fixture(scope="module")
def axe() -> str:
    """axe-core's script (`SUECA_AXE`: the path of axe.min.js; `.ci/run` takes it from the npm
    registry with `npm pack axe-core`)."""
    path = os.environ.get("SUECA_AXE", "")
    if path and Path(path).is_file():
        return Path(path).read_text(encoding="utf-8")
    if os.environ.get("CI"):
        pytest.fail("SUECA_AXE does not name axe-core's axe.min.js")
    pytest.skip("axe-core not found (set SUECA_AXE to the path of axe.min.js)")


def press_suggested(page: Any) -> None:
    """Take the decision the page suggests (its primary button: the trump, keeping the hand,
    agreeing to the count) and wait until the table has moved on. The test server's count
    closes by itself as soon as it opens (`count_seconds` 0): a button gone before the click
    needed none, the state having moved on; any other miss fails."""
    from playwright.sync_api import Error as PlaywrightError

    version = int(page.evaluate("document.body.dataset.version"))
    try:
        page.locator("#actions button.primary").first.click(timeout=5000)
    except PlaywrightError:
        if int(page.evaluate("document.body.dataset.version")) == version:
            raise
    page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=version)


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The record of a whole match of four bots, as a file."""
    from sueca_rules import Match, dump_record
    from sueca_rules.bots import make_bot, play_match

    match = Match("portugal", seed=5)
    play_match(match, [make_bot(1, seed=s) for s in range(4)])
    path = tmp_path_factory.mktemp("record") / "match.yaml"
    path.write_text(dump_record(match.to_record()), encoding="utf-8")
    return path
