"""The screenshots of docs/guide/web.md, taken from the real app in headless Chromium.

Run on demand (not a test)::

    .venv/bin/python -m tests.e2e.screenshots            # writes docs/guide/web-*.png
    .venv/bin/python -m tests.e2e.screenshots --all DIR  # and every page at 390x844 and
                                                         # 1280x800 in both languages, in DIR
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from .conftest import CHROMIUM, CHROMIUM_ARGS, Server
from .test_e2e_web import _READY, act, sit_down

OUT = Path(__file__).resolve().parents[2] / "docs" / "guide"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
ONE_GAME = {"name": "One game", "extends": "portugal", "match": {"target_games": 1}}


def _my_turn_with_cards_down(page: Any) -> None:
    """Play on until it is our turn with two cards or more on the table."""
    for _ in range(200):
        page.wait_for_function(_READY)
        if page.locator("#trick .card:not(.done)").count() >= 2 and page.evaluate(_READY) == "card":
            page.wait_for_timeout(400)  # the last card has arrived
            return
        act(page)


def _context(browser: Any, size: dict[str, int]) -> Any:
    phone = size["width"] < 600
    return browser.new_context(viewport=size, is_mobile=phone, has_touch=phone)


def _table(context: Any, server: Server, variant: Any, lang: str) -> Any:
    answer = context.request.post(
        f"{server.url}/api/tables",
        data={"variant": variant, "seats": ["human", "bot:2", "bot:3", "bot:2"], "seed": 4},
    )
    page = context.new_page()
    page.goto(f"{server.url}/?lang={lang}")
    page.goto(f"{server.url}{answer.json()['links'][0]['path']}")
    page.wait_for_selector("#game:not([hidden])")
    return page


def builder(browser: Any, server: Server) -> None:
    page = browser.new_page(viewport=DESKTOP)
    page.goto(f"{server.url}/rules?lang=en")
    page.wait_for_selector("#card h3")
    page.fill("#f-name", "Our café")
    page.select_option("#f-scoring-tie-mode", index=2)  # multiply (the factor becomes 2)
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
    context = _context(browser, DESKTOP)
    page = _table(context, server, "portugal", "en")
    _my_turn_with_cards_down(page)
    page.screenshot(path=str(OUT / "web-table.png"))
    context.close()


def friends(browser: Any, server: Server) -> None:
    host = browser.new_page(viewport={"width": 1000, "height": 640})
    sit_down(host, server, seat2="human", seat3="human")
    host.wait_for_selector("#links:not([hidden])")
    host.screenshot(path=str(OUT / "web-links.png"))
    links = [host.input_value(f"#link-list .link-row:nth-child({i}) input") for i in (1, 2)]
    phone = _context(browser, PHONE)
    guest = phone.new_page()
    guest.goto(f"{server.url}/?lang=pt")  # the guest reads Portuguese
    guest.goto(links[0])
    host.click("#go")
    host.wait_for_selector("#waiting:not([hidden])")
    host.click("#start")  # seat 3 has not come: a bot plays it for now
    guest.wait_for_selector("#game:not([hidden])")
    host.close()  # the host steps away: a bot plays for them (away_seconds=0 here)
    _my_turn_with_cards_down(guest)
    guest.screenshot(path=str(OUT / "web-phone-pt.png"))
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


def summary_and_end(
    browser: Any, server: Server, size: dict[str, int], lang: str, out: Path
) -> None:
    """The summary between two deals, then the end of a match of one game."""
    tag = f"{'phone' if size['width'] < 600 else 'desktop'}-{lang}"
    context = _context(browser, size)
    page = _table(context, server, "portugal", lang)
    for _ in range(200):
        act(page)
        try:
            page.wait_for_selector("#summary:not([hidden])", timeout=300)
        except Exception:  # not yet: play on
            continue
        page.wait_for_timeout(300)
        page.screenshot(path=str(out / f"summary-{tag}.png"))
        break
    page = _table(context, server, ONE_GAME, lang)
    while act(page) != "over":
        pass
    page.wait_for_timeout(300)
    page.screenshot(path=str(out / f"over-{tag}.png"))
    context.close()


def every_page(browser: Any, server: Server, record: Path, out: Path) -> list[Path]:
    """Each page in both languages at a phone's and a desktop's size."""
    out.mkdir(parents=True, exist_ok=True)
    for lang in ("en", "pt"):
        for size in (PHONE, DESKTOP):
            tag = f"{'phone' if size['width'] < 600 else 'desktop'}-{lang}"
            context = _context(browser, size)
            page = context.new_page()
            for path, ready in (("/", "h1"), ("/play", "#variant option"), ("/rules", "#card h3")):
                page.goto(f"{server.url}{path}?lang={lang}")
                page.wait_for_selector(ready, state="attached")
                name = path.strip("/") or "home"
                page.screenshot(path=str(out / f"{name}-{tag}.png"))
            page.goto(f"{server.url}/replay?lang={lang}")
            page.set_input_files("#file", str(record))
            page.wait_for_selector("#viewer:not([hidden])")
            for _ in range(3):
                page.keyboard.press("ArrowRight")
            page.wait_for_timeout(800)  # the cards' sprite is in
            page.screenshot(path=str(out / f"replay-{tag}.png"))
            table_page = _table(context, server, "portugal", lang)
            table_page.wait_for_function(_READY)
            table_page.wait_for_timeout(500)
            table_page.screenshot(path=str(out / f"table-start-{tag}.png"))
            _my_turn_with_cards_down(table_page)
            table_page.screenshot(path=str(out / f"table-{tag}.png"))
            context.close()
            summary_and_end(browser, server, size, lang, out)
    return sorted(out.glob("*.png"))


def _record(path: Path) -> Path:
    from sueca_rules import Match, dump_record
    from sueca_rules.bots import make_bot, play_match

    match = Match("portugal", seed=11)
    play_match(match, [make_bot(3, seed=s) for s in range(4)])
    path.write_text(dump_record(match.to_record()), encoding="utf-8")
    return path


def main(argv: list[str]) -> int:
    import tempfile

    from playwright.sync_api import sync_playwright

    settings = {"bot_delay": 0.05, "away_seconds": 0.0, "deal_pause": 2.0}
    with Server(**settings) as server, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        with tempfile.TemporaryDirectory() as folder:
            record = _record(Path(folder) / "match.yaml")
            builder(browser, server)
            table(browser, server)
            friends(browser, server)
            replay(browser, server, record)
            if argv[:1] == ["--all"] and len(argv) == 2:
                for png in every_page(browser, server, record, Path(argv[1])):
                    print(png)
        browser.close()
    for png in sorted(OUT.glob("web-*.png")):
        print(png.relative_to(OUT.parents[1]), png.stat().st_size // 1024, "KB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
