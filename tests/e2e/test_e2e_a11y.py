"""The web app for a person who plays by the keyboard only, and for one who listens to a screen
reader, in headless Chromium with its back/forward cache on: "Sit down" ready again on a page
the Back button brings back from the browser's memory of it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import CHROMIUM, CHROMIUM_ARGS, Server
from .test_e2e_look import DESKTOP


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
