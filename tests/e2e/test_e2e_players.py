"""The web app as players found it, in headless Chromium: a long choice of the house rules
readable on a phone, and what a watcher is told while the dealer chooses the trump."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Server
from .test_e2e_look import PHONE


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_long_choice_of_the_house_rules_is_readable_on_a_phone(
    browser: Any, server: Server, lang: str
) -> None:
    """At 390 px the longest choices ("para a direita (ao contrário dos ponteiros do
    relógio)") were cut at the select's edge: the chosen value is now written whole, on as
    many lines as it takes, over the select, which still opens the list."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/rules?lang={lang}")
        page.wait_for_selector("#card h3")
        page.select_option("#f-scoring-tie-mode", index=2)  # the longest choice
        shown = page.evaluate(
            """() => [...document.querySelectorAll('.select-wrap')].map((w) => {
              const s = w.querySelector('select'), t = w.querySelector('.select-shown');
              const box = (e) => e.getBoundingClientRect();
              return {id: s.id, chosen: s.selectedOptions[0].textContent, shown: t.textContent,
                whole: t.scrollWidth <= t.clientWidth + 1,
                inside: box(t).left >= box(s).left - 1 && box(t).right <= box(s).right + 1
                  && box(t).top >= box(s).top - 1 && box(t).bottom <= box(s).bottom + 1,
                right: box(s).right, described: s.getAttribute('aria-describedby')};
            })"""
        )
        assert len(shown) >= 10
        for field in shown:
            assert field["shown"] == field["chosen"], field
            assert field["whole"], field
            assert field["inside"], field
            assert field["right"] <= PHONE["width"], field
            assert field["described"] == f"{field['id']}-help", field
        by_id = {field["id"]: field for field in shown}
        long = by_id["f-table-direction"]["chosen"] if lang == "pt" else None
        if long is not None:
            assert long == "para a direita (ao contrário dos ponteiros do relógio)"
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        # the select is still what a tap opens, and its choice is the file's
        page.locator("#f-revoke-mode").select_option(index=1)
        page.wait_for_function(
            "() => document.querySelector('#yaml').textContent.includes('claimable')"
        )
        assert page.locator("[data-path='revoke.mode'] .select-shown").inner_text() == (
            page.locator("#f-revoke-mode").evaluate("s => s.selectedOptions[0].textContent")
        )
    finally:
        context.close()


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt", "Dá o lugar 0, que escolhe o trunfo."),
        ("en", "Seat 0 deals and chooses the trump card."),
    ],
)
def test_a_watcher_is_told_the_dealer_chooses_the_trump(
    browser: Any, server: Server, lang: str, said: str
) -> None:
    """While the dealer chooses the trump a watcher read "Seat 0 to play"."""
    context = browser.new_context(viewport=PHONE)
    try:
        variant = {"name": "Brasil, 0 deals", "extends": "brasil", "table": {"first_dealer": 0}}
        body = {"variant": variant, "seats": ["human", "bot:1", "bot:1", "bot:1"]}
        answer = context.request.post(f"{server.url}/api/tables", data=body)
        assert answer.ok, answer.text()
        created = answer.json()
        player = context.new_page()
        player.goto(f"{server.url}{created['links'][0]['path']}")
        player.wait_for_selector("#actions button")  # seat 0 deals: the trump is ours to choose
        watcher = context.new_page()
        watcher.goto(f"{server.url}{created['watch_path'].replace('#', f'?hl={lang}#')}")
        watcher.wait_for_selector("#game:not([hidden])")
        assert watcher.inner_text("#prompt") == said
    finally:
        context.close()
