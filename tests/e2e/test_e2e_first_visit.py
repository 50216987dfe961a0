"""The web app as a player sees it the first time, in headless Chromium: the header on the
phones most people hold (360 and 375 px wide), every stop of the keyboard on a table just
opened, and the home page's list of this browser's tables under a finger."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from .conftest import Server
from .test_e2e_look import DESKTOP, PHONE, _axe_problems, open_table
from .test_e2e_web import _READY

# The header's links: where each begins and ends, its height, and whether the nav's words
# are wider than its box (they then ran under the language switch).
_HEADER = """() => ({
  links: [...document.querySelectorAll('header.top a')].map(a => {
    const r = a.getBoundingClientRect();
    return [a.textContent.trim(), r.left, r.right, r.height]; }),
  navCut: (n => n.scrollWidth > n.clientWidth)(document.querySelector('header.top nav')),
  wide: document.documentElement.scrollWidth,
})"""


@pytest.mark.parametrize("width", [360, 375, 389, 390, 412])
@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_header_fits_the_common_phones(
    browser: Any, server: Server, lang: str, width: int
) -> None:
    """At 360 px (most Android phones) "Rever" ran 26 px into "PT" and "Replay" touched it; at
    375 px (the smaller iPhones) the same: the header's links side by side, none over the
    next, all on the screen, and tall and wide enough for a finger."""
    size = {"width": width, "height": 780}
    context = browser.new_context(viewport=size, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/?lang={lang}")
        page.wait_for_selector("h1")
        shown = page.evaluate(_HEADER)
        links = shown["links"]
        assert len(links) == 6, links
        for (_, _, right, _), (name, left, _, _) in itertools.pairwise(links):
            assert right <= left, (name, links)  # side by side, none over the next
        assert links[-1][2] <= width, links
        assert not shown["navCut"], links
        assert shown["wide"] <= width
        assert all(height >= 44 for *_, height in links), links
        # and wide enough: "Play" was 28 px, "Jogar" 35 (the brand and the languages are)
        assert all(right - left >= 44 for _, left, right, _ in links), links
    finally:
        context.close()


# The element the keyboard is on, with its box.
_FOCUSED = """() => { const e = document.activeElement;
  if (!e || e === document.body) return null;
  const r = e.getBoundingClientRect();
  return [e.tagName + '#' + e.id + '.' + e.className, r.width, r.height]; }"""


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_every_stop_of_the_keyboard_on_a_new_table_is_seen(
    browser: Any, server: Server, lang: str
) -> None:
    """In the first deal, Tab stopped on the score pad's list of deals, still empty and 0 px
    tall: the keyboard was on nothing a player could see. Every stop now has a box."""
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = open_table(context, server, "portugal", lang=lang)
        page.wait_for_function(_READY)
        assert page.locator("#score .pad li").count() == 0  # no deal scored yet
        page.locator("h1, header.top a.brand").first.focus()
        stops = []
        for _ in range(40):
            page.keyboard.press("Tab")
            if (focused := page.evaluate(_FOCUSED)) is not None:
                stops.append(focused)
        assert stops
        unseen = [stop for stop in stops if stop[1] < 4 or stop[2] < 4]
        assert not unseen, unseen
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_my_tables_links_are_big_enough_for_a_finger(
    browser: Any, server: Server, axe: str, lang: str
) -> None:
    """The home page lists the tables this browser joined: on a phone their links ("abrir",
    "registo") were 19 px tall, words in a line of text; each is now a finger's size."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, bypass_csp=True)
    try:
        table = open_table(context, server, "portugal", lang=lang)
        table.wait_for_function(_READY)
        page = context.new_page()
        page.goto(f"{server.url}/?lang={lang}")
        page.wait_for_selector("#my-tables:not([hidden]) li a")
        boxes = page.locator("#my-tables li a").evaluate_all(
            "xs => xs.map(x => { const r = x.getBoundingClientRect();"
            " return [x.textContent, r.width, r.height, r.right]; })"
        )
        assert boxes
        small = [box for box in boxes if box[1] < 44 or box[2] < 44 or box[3] > PHONE["width"]]
        assert not small, small
        assert _axe_problems(page, axe) == []
    finally:
        context.close()


# Each of the rules page's bar's buttons, and whether the toast's box is over it.
_UNDER_TOAST = """() => {
  const toast = document.querySelector('#toast').getBoundingClientRect();
  return [...document.querySelectorAll('.builder-bar .button, .builder-bar button')].map(b => {
    const r = b.getBoundingClientRect();
    const over = !(toast.right <= r.left || r.right <= toast.left
                   || toast.bottom <= r.top || r.bottom <= toast.top);
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return [b.textContent.trim(), over, b.contains(hit)]; });
}"""


@pytest.mark.parametrize("width", [320, 390])
@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_share_links_word_leaves_the_rules_bar_free(
    browser: Any, server: Server, axe: str, lang: str, width: int
) -> None:
    """On a phone the rules page's bar is at the bottom of the screen: "Link copiado: ..." came
    over its Share and Play buttons for three seconds and a half, and took their taps, in a
    column half the screen wide. It is said above the bar now, as wide as its words need."""
    context = browser.new_context(
        viewport={"width": width, "height": 700}, is_mobile=True, has_touch=True, bypass_csp=True
    )
    try:
        page = context.new_page()
        page.goto(f"{server.url}/rules?lang={lang}")
        page.wait_for_selector("#card h3")
        page.tap("#share")
        page.wait_for_selector("#toast:not([hidden])")
        buttons = page.evaluate(_UNDER_TOAST)
        assert len(buttons) == 3, buttons
        for name, over, reachable in buttons:
            assert not over, (name, buttons)
            assert reachable, (name, buttons)
        # its words on the screen's width, not in a column half as wide (five lines at 320 px)
        toast = page.evaluate("document.querySelector('#toast').getBoundingClientRect().width")
        assert toast > width * 0.6, toast
        assert _axe_problems(page, axe) == []
    finally:
        context.close()


# Each "Lugar 3" / "Seat 3" and "bot 1" in the seats' boxes: on how many lines it is drawn.
_KIND_LINES = """() => {
  const found = [];
  for (const small of document.querySelectorAll('[id^=seat-] .kind')) {
    const walk = document.createTreeWalker(small, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      for (const m of node.data.matchAll(/(Lugar|Seat|bot) \\d/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
        found.push([m[0], tops.size]);
      }
    }
  }
  return found;
}"""


@pytest.mark.parametrize("width", [320, 360, 375])
@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_side_seats_number_and_bot_level_are_each_whole(
    browser: Any, server: Server, lang: str, width: int
) -> None:
    """At 360 px the side seats' boxes said "Lugar 3 · bot" and "1" under it: the line now
    breaks at the "·", the seat's number and the bot's level each on one line."""
    context = browser.new_context(
        viewport={"width": width, "height": 740}, is_mobile=True, has_touch=True
    )
    try:
        page = open_table(context, server, "portugal", lang=lang)
        page.wait_for_function(_READY)
        lines = page.evaluate(_KIND_LINES)
        assert len(lines) == 7, lines  # three bots, and four seats' numbers
        assert all(n == 1 for _, n in lines), lines
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_replays_keys_are_told_only_where_there_is_a_keyboard(
    browser: Any, server: Server, record_file: Path, lang: str
) -> None:
    """The replay said "Teclas: ← e → percorrem as vazas" on a phone, which has no arrow keys
    (the table already keeps its keyboard help for a mouse's screen): only on a desktop now."""
    for size, touch, shown in ((PHONE, True, False), (DESKTOP, False, True)):
        context = browser.new_context(viewport=size, is_mobile=touch, has_touch=touch)
        try:
            page = context.new_page()
            page.goto(f"{server.url}/replay?lang={lang}")
            page.set_input_files("#file", str(record_file))
            page.wait_for_selector("#viewer:not([hidden])")
            keys = page.locator("#viewer .hint", has_text="←")
            assert keys.count() == 1
            assert keys.is_visible() == shown, (size, shown)
        finally:
            context.close()


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_page_of_a_path_that_is_no_page_loads_all_it_names(
    browser: Any, server: Server, lang: str
) -> None:
    """A mistyped address shows "Esta página não existe" (answered 404, as it should be): its
    script was missing too (/static/js/notfound.js, a second 404 and an error in the console),
    and its language links lost the page's fragment. Everything it names loads now."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        missing: list[str] = []
        errors: list[str] = []
        page.on("response", lambda r: missing.append(r.url) if r.status >= 400 else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{server.url}/nada?lang={lang}")
        page.wait_for_load_state("networkidle")
        assert missing == [f"{server.url}/nada?lang={lang}"], missing  # the page itself only
        assert errors == []
        heading = {"pt": "Esta página não existe", "en": "There is no such page"}[lang]
        assert page.inner_text("h1") == heading
        # the script runs: the language link keeps the fragment, as on every other page
        page.evaluate("location.hash = '#x'")
        other = "en" if lang == "pt" else "pt"
        page.click(f".lang-link[data-lang={other}]")
        page.wait_for_url(f"**/nada?lang={other}#x")
    finally:
        context.close()


def test_a_double_press_on_sit_down_makes_one_table(browser: Any, server: Server) -> None:
    """A double tap on "Sit down" (a slow phone) made two tables, and pressing it again once
    the friends' links were shown made another: the button waits for the server's answer, then
    for a change to the form."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        posts: list[str] = []
        page.on(
            "request",
            lambda r: (
                posts.append(r.url) if r.method == "POST" and "/api/tables" in r.url else None
            ),
        )
        page.goto(f"{server.url}/play?lang=pt")
        page.wait_for_selector("#variant option", state="attached")
        page.wait_for_selector("#create:not([disabled])")
        page.select_option("#seat2", "human")
        page.evaluate(
            "() => { const b = document.querySelector('#create'); b.click(); b.click(); }"
        )
        page.wait_for_selector("#links:not([hidden])")
        assert page.is_disabled("#create")
        page.evaluate("() => document.querySelector('#create').click()")  # no new table
        page.wait_for_timeout(300)
        assert len(posts) == 1, posts
        page.select_option("#seat3", "bot:3")  # another table wanted: the button is back
        assert page.is_enabled("#create")
        page.click("#create")
        page.wait_for_function("() => document.querySelector('#create').disabled")
        page.wait_for_timeout(300)
        assert len(posts) == 2, posts
    finally:
        context.close()
