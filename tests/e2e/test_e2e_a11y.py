"""The web app for a person who plays by the keyboard only, and for one who listens to a screen
reader, in headless Chromium with its back/forward cache on: the first Tab at a table offers the
way straight to the cards; "Sit down" ready again on a page the Back button brings back from
the browser's memory of it, and a table brought back so taking "Play again" at once."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from sueca_rules._lang._catalogue import entry_texts
from sueca_rules.web._i18n import strings

from .conftest import CHROMIUM, CHROMIUM_ARGS, Server
from .test_e2e_look import DESKTOP, ONE_GAME, PHONE, open_table
from .test_e2e_web import act

# Narrow as a phone, but a keyboard (a screen reader's keys on a small window).
NARROW = {"width": PHONE["width"], "height": PHONE["height"]}


@pytest.fixture(scope="module")
def browser(e2e_ready: None) -> Iterator[Any]:
    """Chromium with its back/forward cache on, as a browser has it: Playwright turns it off
    by default (`--disable-back-forward-cache`), and a page brought back by the Back button then
    loads afresh, which is not what people meet."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(
            executable_path=CHROMIUM,
            args=CHROMIUM_ARGS,
            ignore_default_args=["--disable-back-forward-cache"],
        )
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def counting(e2e_ready: None) -> Iterator[Server]:
    """A server whose count waits for the people at the table (the shared test server closes
    it at once), so that a renúncia can be claimed at the count."""
    with Server(count_seconds=60.0, max_tables=1000, max_tables_per_client=1000) as running:
        yield running


def _said(lang: str, key: str) -> str:
    """The first text of a plain phrase of the web app, as a button shows it (capitalised)."""
    text = entry_texts(strings(lang)[key])[0]
    return text[0].upper() + text[1:]


_FOCUS = """() => {
  const a = document.activeElement;
  if (!a || a === document.body) return 'body';
  return (a.id ? '#' + a.id : a.tagName.toLowerCase()) +
    (a.dataset.card ? ':' + a.dataset.card : '') + (a.dataset.action ? '@' + a.dataset.action : '');
}"""


def _focus(page: Any) -> str:
    return str(page.evaluate(_FOCUS))


# --- the way to the cards ----------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize("size", [DESKTOP, NARROW], ids=["desktop", "narrow"])
def test_the_first_tab_offers_the_way_straight_to_the_cards(
    browser: Any, server: Server, lang: str, size: dict[str, int]
) -> None:
    """At a table, the first Tab comes to a link, unseen until then, that takes the keyboard
    to the cards at once (it took eight Tabs past the header's links); Enter on a card plays it."""
    context = browser.new_context(viewport=size)
    try:
        page = open_table(context, server, {"name": "First", "extends": "portugal"}, lang=lang)
        page.wait_for_function("() => document.querySelector('.card-button.legal:not([disabled])')")
        skip = page.locator("#skip-hand")
        box = skip.bounding_box()
        assert box is not None
        assert box["x"] + box["width"] < 0  # out of sight of mouse and touch
        page.keyboard.press("Tab")
        assert _focus(page) == "#skip-hand"
        assert skip.inner_text() == _said(lang, "table.skip_hand")
        box = skip.bounding_box()
        assert box is not None
        assert box["x"] >= 0  # seen once focused
        assert box["x"] + box["width"] <= size["width"]
        page.screenshot(path=f"/tmp/a11y-skip-{lang}-{size['width']}.png")
        page.keyboard.press("Enter")
        legal = page.evaluate(
            "() => document.querySelector('.card-button.legal:not([disabled])').dataset.card"
        )
        assert _focus(page) == f"button:{legal}"
        version = int(page.evaluate("document.body.dataset.version"))
        page.keyboard.press("Enter")
        page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=version)
        assert legal not in page.evaluate(
            "() => [...document.querySelectorAll('#hand [data-card]')].map(b => b.dataset.card)"
        )
        # The keyboard's words say so.
        assert "Tab" in page.inner_text(".keys")
    finally:
        context.close()


def test_a_watcher_is_offered_no_way_to_a_hand(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport=DESKTOP)
    try:
        answer = context.request.post(
            f"{server.url}/api/tables",
            data={"variant": "portugal", "seats": ["human", "bot:1", "bot:1", "bot:1"]},
        )
        assert answer.ok, answer.text()
        player = context.new_page()  # the one person sits down: the match begins
        player.goto(f"{server.url}{answer.json()['links'][0]['path']}")
        player.wait_for_selector("#game:not([hidden])")
        page = context.new_page()
        page.goto(f"{server.url}{answer.json()['watch_path']}")
        page.wait_for_selector("#game:not([hidden])")
        assert page.locator("#skip-hand").is_hidden()
        page.keyboard.press("Tab")
        assert _focus(page) != "#skip-hand"
    finally:
        context.close()


# --- the Back button ---------------------------------------------------------------------


def test_sit_down_is_ready_again_on_a_page_the_back_button_brings_back(
    browser: Any, server: Server
) -> None:
    """The Play page, left for the table it set up and brought back by Back from the browser's
    memory of it (its scripts do not run again): "Sit down" may be pressed again."""
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.add_init_script(
            "addEventListener('pageshow', (e) => { window.shown = [...(window.shown ?? []),"
            " e.persisted]; })"
        )
        page.goto(f"{server.url}/play?lang=pt")
        page.wait_for_selector("#create:not([disabled])")
        page.click("#create")
        page.wait_for_url(re.compile(r"/table/"))
        page.wait_for_selector("#game:not([hidden])")
        page.go_back(wait_until="commit")  # a page from memory fires no new "load"
        page.wait_for_function("() => (window.shown ?? []).length > 1")
        assert page.evaluate("window.shown") == [False, True]  # the same page, from memory
        assert page.is_enabled("#create")
        page.click("#create")  # and it sets up a table again
        page.wait_for_url(re.compile(r"/table/"))
    finally:
        context.close()


def test_a_table_brought_back_by_the_back_button_takes_play_again_at_once(
    browser: Any, server: Server
) -> None:
    """A finished table, left for its replay and brought back by Back from the browser's memory:
    its connection, closed while it was put away, comes back at once, and "Play again" pressed
    straight away deals a new match (it was lost while the page waited to connect again)."""
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = open_table(context, server, ONE_GAME, lang="en")
        while act(page) != "over":
            pass
        page.click("#replay")
        page.wait_for_url(re.compile(r"/replay"))
        page.go_back(wait_until="commit")
        page.wait_for_function("() => document.activeElement.id === 'replay'")  # from memory
        page.click("#rematch")
        page.wait_for_selector("#over", state="hidden", timeout=5000)
        page.wait_for_function("() => document.querySelectorAll('#hand .card-button').length")
    finally:
        context.close()
