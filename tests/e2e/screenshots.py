"""The screenshots of docs/guide/web.md, taken from the real app in headless Chromium.

Run on demand (not a test)::

    .venv/bin/python -m tests.e2e.screenshots            # writes docs/guide/web-*.png
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from .conftest import CHROMIUM, CHROMIUM_ARGS, Server
from .test_e2e_web import _READY, act, sit_down

OUT = Path(__file__).resolve().parents[2] / "docs" / "guide"


def _my_turn_with_cards_down(page: Any) -> None:
    """Play on until it is our turn with two cards or more on the table."""
    for _ in range(200):
        page.wait_for_function(_READY)
        if page.locator("#trick .card:not(.done)").count() >= 2 and page.evaluate(_READY) == "card":
            return
        act(page)


def builder(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1200, "height": 1000})
    page.goto(f"{server.url}/rules?lang=en")
    page.wait_for_selector("#card h3")
    page.fill("#f-name", "Our café")
    page.select_option("#f-scoring-tie-mode", index=2)  # multiply
    page.fill("#f-scoring-tie-amount", "2")
    page.check("#f-scoring-bandeira-wins_partida")
    page.wait_for_function("() => document.querySelector('#yaml').textContent.includes('multiply')")
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(OUT / "web-builder.png"))
    page.fill("#paste", "name: Our café\nextends: portugal\nscoring:\n  tie:\n    mode: triple\n")
    page.click("#check")
    page.wait_for_selector("#listing li.bad")
    page.locator("#open").screenshot(path=str(OUT / "web-error.png"))
    page.close()


def table(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport={"width": 1150, "height": 760})
    sit_down(page, server, "portugal-table")
    page.wait_for_selector("#game:not([hidden])")
    _my_turn_with_cards_down(page)
    page.screenshot(path=str(OUT / "web-table.png"))
    page.close()


def friends(browser: Any, server: Server) -> None:
    host = browser.new_page(viewport={"width": 1000, "height": 640})
    sit_down(host, server, seat2="human", seat3="human")
    host.wait_for_selector("#links:not([hidden])")
    host.screenshot(path=str(OUT / "web-links.png"))
    links = [host.input_value(f"#link-list .link-row:nth-child({i}) input") for i in (1, 2)]
    phone = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    guest = phone.new_page()
    guest.goto(f"{server.url}/?lang=pt")  # the guest reads Portuguese
    guest.goto(links[0])
    host.click("#go")
    host.wait_for_selector("#waiting:not([hidden])")
    host.click("#start")  # seat 3 has not come: a bot plays it for now
    guest.wait_for_selector("#game:not([hidden])")
    host.close()  # the host steps away: a bot plays for them (away_seconds=0 here)
    _my_turn_with_cards_down(guest)
    guest.screenshot(path=str(OUT / "web-phone-pt.png"), full_page=True)
    phone.close()


def replay(browser: Any, server: Server, record: Path) -> None:
    page = browser.new_page(viewport={"width": 1000, "height": 760})
    page.goto(f"{server.url}/replay?lang=en")
    page.set_input_files("#file", str(record))
    page.wait_for_selector("#viewer:not([hidden])")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.locator("#viewer").screenshot(path=str(OUT / "web-replay.png"))
    page.close()


def _record(path: Path) -> Path:
    from sueca_rules import Match, dump_record
    from sueca_rules.bots import make_bot, play_match

    match = Match("portugal", seed=11)
    play_match(match, [make_bot(3, seed=s) for s in range(4)])
    path.write_text(dump_record(match.to_record()), encoding="utf-8")
    return path


def main() -> int:
    import tempfile

    from playwright.sync_api import sync_playwright

    with Server(bot_delay=0.05, away_seconds=0.0) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        builder(browser, server)
        table(browser, server)
        friends(browser, server)
        with tempfile.TemporaryDirectory() as folder:
            replay(browser, server, _record(Path(folder) / "match.yaml"))
        browser.close()
    for png in sorted(OUT.glob("web-*.png")):
        print(png.relative_to(OUT.parents[1]), png.stat().st_size // 1024, "KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
