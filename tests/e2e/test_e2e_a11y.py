"""The web app for a person who plays by the keyboard only, and for one who listens to a screen
reader, in headless Chromium with its back/forward cache on: the first Tab at a table offers the
way straight to the cards; a whole match by the keyboard in each language, at a phone's width
and a desktop's, with every decision the rules have (the trump, a new deal for a weak hand, a
renúncia asked about, a claim of one, the count, the summary of a deal, the end of the match,
its replay and review) reached by the keyboard, labelled in the page's language and said as it
happens, the focus never left on nothing, and axe-core finding no serious problem in any of
those states; "Sit down" ready again on a page the Back button brings back from the browser's
memory of it, and a table brought back so taking "Play again" at once."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from sueca_rules._lang._catalogue import entry_texts
from sueca_rules.web._i18n import strings

from .conftest import CHROMIUM, CHROMIUM_ARGS, Server
from .test_e2e_look import DESKTOP, ONE_GAME, PHONE, _axe_problems, open_table
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


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_friends_table_from_its_links_to_its_start(
    browser: Any, server: Server, axe: str, lang: str
) -> None:
    """The states of a table set up for a friend that the page-by-page check does not reach:
    the Play page with the friend's link and its QR code, the waiting room and the game as a
    watcher sees them; axe finds nothing serious in any. "Start", pressed by the keyboard, goes
    as the match begins: the keyboard goes on to the cards (it was left on nothing)."""
    context = browser.new_context(viewport=NARROW, bypass_csp=True)
    try:
        host = context.new_page()
        host.goto(f"{server.url}/play?lang={lang}")
        host.wait_for_selector("#create:not([disabled])")
        host.select_option("#seat2", "human")
        host.click("#create")
        host.wait_for_selector("#links:not([hidden])")
        assert _axe_problems(host, axe) == [], "play page with links"
        links = host.locator("#link-list input").evaluate_all("xs => xs.map(x => x.value)")
        watcher = context.new_page()
        watcher.goto(next(link for link in links if "#w=" in link))
        watcher.wait_for_selector("#waiting:not([hidden])")
        assert _axe_problems(watcher, axe) == [], "a watcher's waiting room"
        host.click("#go")
        host.wait_for_selector("#start:not([hidden])")
        host.focus("#start")
        host.keyboard.press("Enter")
        host.wait_for_selector("#game:not([hidden])")
        host.wait_for_function(
            "() => document.activeElement.closest('#hand, #actions') !== null", timeout=5000
        )
        watcher.wait_for_selector("#game:not([hidden])")
        assert _axe_problems(watcher, axe) == [], "a watcher's table"
    finally:
        context.close()


# --- a whole match by the keyboard, as a screen reader hears it --------------------------

# Every decision these rules have: the dealer chooses the trump (we deal first), a hand under
# 25 card points may ask for a new deal, a renúncia may be claimed (a false claim is ignored,
# so the match goes on), two games win.
EVERY_DECISION = {
    "name": "Every decision",
    "extends": "brasil",
    "table": {"first_dealer": 0},
    "deal": {"redeal": {"leader_below": 25, "others_below": 25}},
    "revoke": {"mode": "claimable", "false_claim": "ignored"},
    "match": {"target_games": 2},
}

# What the page waits for from us now.
_DUE = """() => {
  if (document.querySelector('dialog[open]')) return 'dialog';
  if (!document.querySelector('#over').hidden) return 'over';
  if (document.querySelector('.card-button:not([disabled])')) return 'card';
  // (a claim may be made whenever a card of the deal is down: it is no decision due)
  const actions = [...document.querySelectorAll('#actions button')].map(b => b.dataset.action);
  return actions.some(a => a !== 'claim') ? actions.sort().join(',') : false;
}"""
# Everything the live regions said, as they said it (a screen reader hears each change).
_LISTEN = """() => {
  window.heard = [];
  const note = (node) => { const text = node.textContent.trim(); if (text) heard.push(text); };
  for (const region of document.querySelectorAll('[aria-live]')) {
    new MutationObserver(() => note(region)).observe(region, {childList: true, subtree: true,
      characterData: true});
  }
}"""


def _tab_to(page: Any, wanted: str) -> None:
    """Tab (at most a few times), else Shift+Tab, until the focus is on the decision's button
    `wanted`."""
    for key in ["Tab"] * 3 + ["Shift+Tab"] * 6:
        if page.evaluate("() => document.activeElement.dataset.action ?? ''") == wanted:
            return
        page.keyboard.press(key)
    pytest.fail(f"Tab did not come to the {wanted} button: at {_focus(page)}")


def _arrow_to(page: Any, kind: str) -> None:
    """The arrow key until the focus is on a card of the hand that matches `kind`."""
    for _ in range(10):
        if page.evaluate("k => document.activeElement.matches(k)", kind):
            return
        page.keyboard.press("ArrowRight")
    pytest.fail(f"the arrows never came to a card {kind}")


def _check_state(
    page: Any, axe: str, seen: dict[str, str], state: str, shot: str, size: dict[str, int]
) -> None:
    """The first time a kind of state shows: axe finds no serious problem; a screenshot."""
    if state in seen:
        return
    seen[state] = _focus(page)
    assert _axe_problems(page, axe) == [], state
    page.screenshot(path=f"/tmp/a11y-{shot}-{state.replace(',', '+')}-{size['width']}.png")


@pytest.mark.parametrize(
    ("lang", "size"),
    [("en", DESKTOP), ("pt", DESKTOP), ("en", NARROW), ("pt", NARROW)],
    ids=["en-desktop", "pt-desktop", "en-narrow", "pt-narrow"],
)
def test_a_whole_match_by_the_keyboard_as_a_screen_reader_hears_it(
    browser: Any, counting: Server, axe: str, lang: str, size: dict[str, int]
) -> None:
    """Tab once and Enter to the cards, then a whole match by Tab, Enter and Escape alone: the
    trump, the question of a new deal, the cards (Tab lands on one that follows suit, never a
    renúncia), a claim at the count and its confirmation, the count, the summary of a deal, the
    end of the match put aside and brought back, its replay and review, and a new match. After
    every card and every dialog the focus is on something; each decision's buttons are named in
    the page's language; what the others did is said by a live region; axe finds nothing
    serious in any of these states."""
    context = browser.new_context(viewport=size, bypass_csp=True)
    context.set_default_timeout(20_000)
    shot = f"match-{lang}"
    other = "pt" if lang == "en" else "en"
    try:
        page = open_table(context, counting, EVERY_DECISION, lang=lang, seed=4)
        page.evaluate(_LISTEN)
        page.keyboard.press("Tab")
        assert _focus(page) == "#skip-hand"
        page.keyboard.press("Enter")
        assert _focus(page).startswith(("#hand", "button:"))
        seen: dict[str, str] = {}
        claimed = summary_closed = redealt = warned = False
        played = 0
        for _ in range(800):
            due = page.wait_for_function(_DUE).json_value()
            version = int(page.evaluate("document.body.dataset.version"))
            focus = _focus(page)
            assert focus != "body", (due, seen)
            if due == "over":
                break
            summary = page.locator("#summary")
            if not summary_closed and summary.is_visible() and focus.startswith(("#hand", "b")):
                # Between deals: the summary's "Continue", a Shift+Tab back from the hand,
                # hands the keyboard on to what is due (the question of a new deal, a card).
                page.keyboard.press("Shift+Tab")
                if _focus(page) == "#summary-close":
                    _check_state(page, axe, seen, "summary", shot, size)
                    page.keyboard.press("Enter")
                    assert summary.is_hidden()
                    assert _focus(page).startswith(("#hand", "button:", "button@")), _focus(page)
                    summary_closed = True
                else:
                    page.keyboard.press("Tab")
                continue
            _check_state(page, axe, seen, due, shot, size)
            if due == "card":
                if not played:  # the hand as a screen reader has it, in our words
                    hand = page.locator("#hand").aria_snapshot()
                    card_name = {
                        "en": r'button "[a-z]+ of (spades|hearts|diamonds|clubs)',
                        "pt": r'button "[a-zêá]+ de (espadas|copas|ouros|paus)',
                    }
                    assert len(re.findall(card_name[lang], hand)) >= 5, hand
                    assert page.locator("#hand").get_attribute("aria-label") == _said(
                        lang, "table.your_hand"
                    )
                    # the cards on the felt say whose they are ("Left rival: three of spades")
                    felt = page.locator("#trick").aria_snapshot()
                    whose = {
                        "en": r'img "(Left rival|Right rival|Partner|You): [a-z]+ of ',
                        "pt": r'img "(Adversário da esquerda|Adversário da direita|Parceiro|Tu): '
                        r"[a-zêá]+ de ",
                    }
                    trick = page.locator("#trick .card").count()
                    assert len(re.findall(whose[lang], felt)) == trick, felt
                # the focus stayed with the hand (or the count's claim button, where it was
                # left, a Shift+Tab away): on a card that follows suit
                if focus == "button@claim":
                    page.keyboard.press("Shift+Tab")
                    focus = _focus(page)
                assert focus.startswith("button:"), (focus, seen)
                assert page.evaluate("() => document.activeElement.matches('.legal')"), focus
                if not warned and page.locator(".card-button.renuncia:not([disabled])").count():
                    # A card that does not follow suit asks first; Escape keeps it in hand,
                    # and the keyboard on it.
                    _arrow_to(page, ".renuncia")
                    renuncia = _focus(page)
                    page.keyboard.press("Enter")
                    page.wait_for_selector("dialog[open]")
                    assert _focus(page) == "button"  # its Cancel
                    _check_state(page, axe, seen, "renuncia-dialog", shot, size)
                    page.keyboard.press("Escape")
                    page.wait_for_selector("dialog", state="detached")
                    assert _focus(page) == renuncia
                    _arrow_to(page, ".legal")
                    warned = True
                page.keyboard.press("Enter")
                played += 1
            elif due == "dialog":
                pytest.fail("a dialog nobody asked for")
            else:
                names = page.locator("#actions button").all_inner_texts()
                if due == "trump,trump":
                    wanted = "trump"
                    assert set(names) == {_said(lang, "choice.top"), _said(lang, "choice.bottom")}
                elif "redeal" in due:
                    wanted = "keep" if redealt else "redeal"
                    redealt = True
                    assert set(names) == {_said(lang, "choice.redeal"), _said(lang, "choice.keep")}
                elif "count" in due:
                    wanted = "count" if claimed else "claim"
                    assert _said(lang, "table.count_ok") in names
                else:
                    wanted = "claim" if "claim" in due and not claimed else due.split(",")[0]
                if "claim" in due:
                    assert _said(lang, "table.claim") in names
                _tab_to(page, wanted)
                page.keyboard.press("Enter")
                if wanted == "claim":
                    claimed = True
                    page.wait_for_selector("dialog[open]")
                    assert _focus(page) == "button"  # its Cancel, the safe answer
                    dialog = page.locator("dialog[open]").aria_snapshot()
                    assert _said(lang, "table.claim") in dialog, dialog
                    _check_state(page, axe, seen, "claim-dialog", shot, size)
                    page.keyboard.press("Tab")  # to its Claim
                    page.keyboard.press("Enter")
                    page.wait_for_selector("dialog", state="detached")
                    assert _focus(page) != "body"  # back on the button that asked
            page.wait_for_function(
                "v => Number(document.body.dataset.version) > v", arg=version, timeout=20_000
            )
        else:
            pytest.fail(f"the match did not end: {due} {_focus(page)} {seen}")
        assert claimed, seen
        assert redealt, seen
        assert summary_closed, seen
        assert warned, seen
        assert played >= 10, seen
        assert {"trump,trump", "keep,redeal", "card", "claim-dialog"} <= set(seen), seen
        assert "claim,count" in seen, seen
        # After the last card the keyboard is taken on from the empty hand to the count's
        # suggested button (it stayed on the empty hand, a box around nothing).
        assert seen["claim,count"] == "button@count", seen
        # What the others did was said, in the page's language, card by card.
        heard = " | ".join(page.evaluate("window.heard"))
        played_by = {
            "en": r"(The left rival|The right rival|Your partner) played the \w+",
            "pt": r"O (adversário da esquerda|adversário da direita|parceiro) jogou \w+",
        }
        assert re.search(played_by[lang], heard), heard
        claim_said = {"en": "claimed a renúncia", "pt": "Acusação de renúncia"}
        assert claim_said[lang] in heard, heard
        assert not re.search(played_by[other], heard), heard
        # The end of the match: a dialog named by who won, the keyboard on its first button.
        assert _focus(page) == "#rematch"
        over = page.locator("#over").aria_snapshot()
        assert page.inner_text("#over-title") in over
        _check_state(page, axe, seen, "over", shot, size)
        page.keyboard.press("Escape")  # put aside: the keyboard on the button that brings it back
        assert _focus(page) == "#over-open"
        _check_state(page, axe, seen, "over-aside", shot, size)
        page.keyboard.press("Enter")
        assert _focus(page) == "#rematch"
        # Its replay and review, by the keyboard.
        for _ in range(4):
            if _focus(page) == "#replay":
                break
            page.keyboard.press("Tab")
        assert _focus(page) == "#replay"
        page.keyboard.press("Enter")
        page.wait_for_url(re.compile(r"/replay"))
        page.wait_for_selector("#review-record:not([hidden])")
        _check_state(page, axe, seen, "replay", shot, size)
        page.focus("#review-level")  # the quickest bot reviews (the keyboard chooses it)
        page.keyboard.press("End")
        assert page.input_value("#review-level") == "1"
        for _ in range(4):
            if _focus(page) == "#review-record":
                break
            page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        page.wait_for_selector("#review-body table.review-table", timeout=120_000)
        _check_state(page, axe, seen, "review", shot, size)
        # Back at the table: a new match, and the keyboard on its first decision.
        page.go_back(wait_until="commit")  # (from the browser's memory, or loaded again)
        page.wait_for_selector("#over:not([hidden])")
        # (brought back from the browser's memory, the keyboard is on the link it followed)
        for _ in range(4):
            if _focus(page) == "#rematch":
                break
            page.keyboard.press("Shift+Tab")
        assert _focus(page) == "#rematch"
        version = int(page.evaluate("document.body.dataset.version"))
        page.keyboard.press("Enter")
        page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=version)
        page.wait_for_selector("#over", state="hidden")
        assert _focus(page) not in ("body", "#rematch"), _focus(page)
    finally:
        context.close()
