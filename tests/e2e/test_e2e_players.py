"""The web app as players found it, in headless Chromium: a deal played with the keyboard only
(Tab comes to the first card we may play, the arrows go between the cards, Enter plays), the
replay opened at the place its address names and keeping it, a long choice of the house rules
readable on a phone, what a watcher is told while the dealer chooses the trump, and a server
killed mid-deal that comes back with its pages."""

from __future__ import annotations

import itertools
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from .conftest import Server, press_suggested
from .test_e2e_look import DESKTOP, ONE_GAME, PHONE, SMALL_PHONE, open_table, play_match
from .test_e2e_web import _READY, act

RECORD = Path(__file__).parent.parent / "analysis" / "ace_in_the_last_tricks.yaml"

# What the page waits for from us, by the keyboard: a card, a decision, or the deal is scored.
_DUE = """() => {
  if (document.querySelectorAll('#score .pad li').length) return 'scored';
  if (!document.querySelector('#over').hidden) return 'scored';
  if (document.querySelector('.card-button:not([disabled])')) return 'card';
  if (document.querySelector('#actions button')) return 'decide';
  return false;
}"""
_FOCUS = """() => {
  const a = document.activeElement;
  return {card: a?.dataset?.card ?? null, hand: a?.id === 'hand',
    action: Boolean(a?.closest('#actions'))};
}"""
_PLAYABLE = "() => [...document.querySelectorAll('#hand .card-button:not([disabled])')]" + (
    ".map(b => b.dataset.card)"
)


def _tab_until(page: Any, where: str) -> dict[str, Any]:
    """Press Tab until the focus is on a card (`card`) or a decision's button (`action`)."""
    for _ in range(60):
        focus: dict[str, Any] = page.evaluate(_FOCUS)
        if focus[where]:
            return focus
        page.keyboard.press("Tab")
    pytest.fail(f"Tab never reached the {where}")


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_deal_played_with_the_keyboard_only(browser: Any, server: Server, lang: str) -> None:
    """Brasil (the dealer chooses the trump, a weak hand may ask for a new deal), one deal to
    its score with Tab, the arrows and Enter: Tab lands on the first (leftmost) card we may
    play, never the last; the arrows go from card to card; after a card is played the focus
    stays with the hand and is on the first card we may play when our turn comes again."""
    context = browser.new_context(viewport=DESKTOP)
    try:
        # we deal first: the trump is ours to choose (by the keyboard too)
        brasil = {"name": "Brasil", "extends": "brasil", "table": {"first_dealer": 0}}
        page = open_table(context, server, brasil, lang=lang, seed=7)  # no deal dealt again
        tabbed = played = decided = 0
        for _ in range(400):
            due = page.wait_for_function(_DUE).json_value()
            if due == "scored":
                break
            version = int(page.evaluate("document.body.dataset.version"))
            if due == "decide":
                _tab_until(page, "action")
                page.keyboard.press("Enter")
                decided += 1
            else:
                playable = page.evaluate(_PLAYABLE)
                focus = page.evaluate(_FOCUS)
                if played:  # the focus stayed with the hand: it is on our first card now
                    assert focus["card"] == playable[0], (focus, playable)
                else:
                    focus = _tab_until(page, "card")
                    tabbed += 1
                    assert focus["card"] == playable[0], (focus, playable)
                    # the outline goes round the raised card, not round where it rose from
                    outlines = page.evaluate(
                        """() => [document.activeElement,
                          document.activeElement.querySelector('.card')]
                          .map((e) => getComputedStyle(e).outlineStyle)"""
                    )
                    assert outlines == ["none", "solid"], outlines
                    page.wait_for_function(  # raised (once its short move is over)
                        """() => document.activeElement.getBoundingClientRect().bottom
                          - document.activeElement.querySelector('.card')
                            .getBoundingClientRect().bottom > 8"""
                    )
                if len(playable) > 1:
                    page.keyboard.press("ArrowRight")
                    assert page.evaluate(_FOCUS)["card"] == playable[1]
                    page.keyboard.press("End")
                    assert page.evaluate(_FOCUS)["card"] == playable[-1]
                    page.keyboard.press("ArrowRight")  # round to the first
                    assert page.evaluate(_FOCUS)["card"] == playable[0]
                    page.keyboard.press("ArrowLeft")  # and back to the last
                    assert page.evaluate(_FOCUS)["card"] == playable[-1]
                    page.keyboard.press("Home")
                # Shift+Tab away and Tab back: the hand is one stop, at the card we were on
                page.keyboard.press("ArrowRight" if len(playable) > 1 else "Home")
                chosen = page.evaluate(_FOCUS)["card"]
                page.keyboard.press("Shift+Tab")
                assert page.evaluate(_FOCUS)["card"] is None
                page.keyboard.press("Tab")
                assert page.evaluate(_FOCUS)["card"] == chosen
                page.keyboard.press("Tab")  # past the hand, and back from after it: the same card,
                assert page.evaluate(_FOCUS)["card"] is None
                page.keyboard.press("Shift+Tab")  # not the rightmost one
                assert page.evaluate(_FOCUS)["card"] == chosen
                page.keyboard.press("Enter")
                played += 1
                page.wait_for_function(
                    "c => ![...document.querySelectorAll('#hand [data-card]')]"
                    ".some(b => b.dataset.card === c)",
                    arg=chosen,
                )
                focus = page.evaluate(_FOCUS)
                over = page.locator("#over").is_visible()  # a bandeira may end the match
                assert focus["hand"] or focus["card"] or over, focus  # still with the cards
            page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=version)
        else:
            pytest.fail("the deal was not scored")
        assert played == 10  # the whole deal, to its score
        assert decided >= 1  # the trump, chosen with Enter
        assert tabbed == 1  # Tab was needed once: the focus came back by itself after that
    finally:
        context.close()


def _position(page: Any) -> str:
    return str(page.inner_text("#position"))


def test_the_replay_opens_where_its_address_says_and_keeps_its_place(
    browser: Any, server: Server
) -> None:
    """`/replay#deal=1&trick=3` opens the record at its third trick; each step is written in
    the address (so a reload, or the address sent to someone, comes back there); an address
    changed by hand moves the board; and in the review each card's trick is a link to the board
    just before it."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/replay?lang=en#deal=1&trick=3")
        page.fill("#paste", RECORD.read_text(encoding="utf-8"))
        page.click("#open-record")
        page.wait_for_selector("#viewer:not([hidden])")
        assert _position(page) == "Deal 1 of 1, trick 3 of 10"
        page.click("#next")
        assert _position(page) == "Deal 1 of 1, trick 4 of 10"
        assert page.evaluate("location.hash") == "#deal=1&trick=4"
        page.evaluate("location.hash = 'deal=1&trick=7'")
        page.wait_for_function(
            "() => document.querySelector('#position').textContent.includes('trick 7')"
        )
        page.evaluate("location.hash = 'deal=9&trick=99'")  # out of range: the nearest place
        page.wait_for_function(
            "() => document.querySelector('#position').textContent.endsWith('10 of 10')"
        )
        # the review's tricks: links to the board before that trick
        page.select_option("#review-level", "1")
        page.click("#review-record")
        page.wait_for_selector("#review-body table.review-table")
        page.uncheck("#review-only")  # a phone shows only the mistakes at first
        link = page.locator("#review-body a.to-board").nth(20)  # the 21st card: trick 6
        assert link.inner_text() == "6"
        assert link.get_attribute("aria-label") == "Show deal 1 on the board, before trick 6"
        box = link.bounding_box()
        assert box is not None
        assert box["width"] >= 24
        assert box["height"] >= 24  # a finger's target on a phone
        link.click()
        page.wait_for_function(
            "() => document.querySelector('#position').textContent === 'Deal 1 of 1, trick 5 of 10'"
        )
        board = page.locator("#viewer").bounding_box()
        assert board is not None
        assert -1 < board["y"] < 40  # the board came into view
    finally:
        context.close()


def test_a_finished_tables_replay_comes_back_to_its_place_after_a_reload(
    browser: Any, server: Server
) -> None:
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = open_table(context, server, ONE_GAME, lang="pt")
        play_match(page, DESKTOP, "mouse")
        page.click("#replay")
        page.wait_for_selector("#viewer:not([hidden])")
        assert _position(page).endswith("vaza 0 de 10")
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        hash_ = page.evaluate("location.hash")
        assert "table=" in hash_
        assert "&t=" in hash_  # the seat's secret stays beside the place
        assert hash_.endswith("&deal=1&trick=2")
        page.reload()
        page.wait_for_selector("#viewer:not([hidden])")
        assert _position(page).startswith("Mão 1 de")
        assert _position(page).endswith("vaza 2 de 10")
    finally:
        context.close()


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
            # described by its help, and by the note (empty here) of a question these rules
            # do not use
            assert field["described"] == f"{field['id']}-help {field['id']}-unused", field
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
        watcher.goto(f"{server.url}{created['watch_path'].replace('#', f'?lang={lang}#')}")
        watcher.wait_for_selector("#game:not([hidden])")
        assert watcher.inner_text("#prompt") == said
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_house_rules_long_name_is_readable_on_the_play_page_of_a_phone(
    browser: Any, server: Server, lang: str
) -> None:
    """The rules a table is set up under, chosen on the Play page: a house rule's long name
    ("As regras da casa que fizeste: Regras do café do Zé, …") is written whole over its
    select on a phone, and follows the choice."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/rules?lang={lang}")
        page.wait_for_selector("#card h3")
        page.fill("#f-name", "Regras do café do Zé, com trunfo escolhido por quem dá")
        page.fill("#f-match-target_games", "3")
        page.wait_for_function(
            "() => document.querySelector('#yaml').textContent.includes('target_games: 3')"
        )
        page.wait_for_timeout(400)  # kept for the Play page once previewed
        page.goto(f"{server.url}/play?lang={lang}")
        page.wait_for_selector("#variant option[value=built]", state="attached")
        page.select_option("#variant", "built")
        shown = page.locator("#setup .select-shown")
        assert shown.inner_text().endswith("Regras do café do Zé, com trunfo escolhido por quem dá")
        whole = shown.evaluate("t => t.scrollWidth <= t.clientWidth + 1")
        assert whole
        inside = shown.evaluate(
            """t => { const a = t.getBoundingClientRect();
              const b = document.querySelector('#variant').getBoundingClientRect();
              return a.top >= b.top - 1 && a.bottom <= b.bottom + 1 && b.right <= innerWidth; }"""
        )
        assert inside
        page.select_option("#variant", "portugal")
        assert shown.inner_text() == "Portugal"
    finally:
        context.close()


def _serve(port: int, db: Path, log: Path) -> subprocess.Popen[bytes]:
    """`sueca serve` in a process of its own (a kill -9 must not take the tests with it)."""
    with log.open("ab") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "sueca_rules", "serve", "--port", str(port), "--db", str(db)],
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return process
        except OSError:
            if process.poll() is not None:
                pytest.fail(f"sueca serve ended: {log.read_text(encoding='utf-8')}")
            time.sleep(0.1)
    process.kill()
    pytest.fail("sueca serve did not start")


_SHOWN = """() => ({
  hand: [...document.querySelectorAll('#hand [data-card]')].map(b => b.dataset.card),
  trick: [...document.querySelectorAll('#trick [data-card]')].map(c => c.dataset.card),
  score: document.querySelector('[data-score]').innerText})"""


def test_a_table_killed_mid_deal_comes_back_and_its_pages_reconnect(
    browser: Any, e2e_ready: None, tmp_path: Path
) -> None:
    """`sueca serve` killed (SIGKILL) in the middle of a deal and started again on the same
    database: both players' pages say the connection was lost, come back by themselves, show
    the table as it was, and play on; the server's log has no traceback."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    url = f"http://127.0.0.1:{port}"
    db, log = tmp_path / "tables.db", tmp_path / "serve.log"
    server = _serve(port, db, log)
    host_ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    friend_ctx = browser.new_context(viewport=DESKTOP)
    try:
        body = {"variant": "portugal-table", "seats": ["human", "bot:1", "human", "bot:1"]}
        answer = host_ctx.request.post(f"{url}/api/tables", data=body)
        assert answer.ok, answer.text()
        links = [link["path"] for link in answer.json()["links"]]
        pages = []
        for ctx, link in zip((host_ctx, friend_ctx), links, strict=True):
            page = ctx.new_page()
            page.goto(f"{url}{link.replace('#', '?lang=pt#')}")
            pages.append(page)
        for page in pages:
            page.wait_for_selector("#game:not([hidden])")
        played = 0
        while played < 3:  # cards of both people, and the bots' between them
            for page in pages:
                if page.evaluate(_READY) == "card":
                    version = int(page.evaluate("document.body.dataset.version"))
                    page.locator(".card-button.legal:not([disabled])").first.click(
                        position={"x": 10, "y": 24}
                    )
                    page.wait_for_function(
                        "v => Number(document.body.dataset.version) > v", arg=version
                    )
                    played += 1
            pages[0].wait_for_timeout(100)
        # a person to play: the bots wait for them, so nothing moves while the server is down
        for _ in range(300):
            if any(page.evaluate(_READY) == "card" for page in pages):
                break
            pages[0].wait_for_timeout(100)
        before = [page.evaluate(_SHOWN) for page in pages]
        versions = [int(page.evaluate("document.body.dataset.version")) for page in pages]
        server.send_signal(signal.SIGKILL)
        server.wait(timeout=10)
        for page in pages:
            page.wait_for_function("() => document.querySelector('#status').textContent !== ''")
            assert page.inner_text("#status") == "Ligação perdida: a voltar a ligar…"
        server = _serve(port, db, log)
        for page, version in zip(pages, versions, strict=True):
            page.wait_for_function(
                "() => document.querySelector('#status').textContent === ''", timeout=40_000
            )
            # the table's state, sent again on the new connection
            page.wait_for_function("v => Number(document.body.dataset.version) !== v", arg=version)
        assert [page.evaluate(_SHOWN) for page in pages] == before
        # and play goes on
        mover = next(page for page in pages if page.evaluate(_READY) == "card")
        version = int(mover.evaluate("document.body.dataset.version"))
        mover.locator(".card-button.legal:not([disabled])").first.click(position={"x": 10, "y": 24})
        mover.wait_for_function("v => Number(document.body.dataset.version) > v", arg=version)
        assert "Traceback" not in log.read_text(encoding="utf-8")
    finally:
        host_ctx.close()
        friend_ctx.close()
        server.kill()
        server.wait(timeout=10)


# Every WebSocket the page opens, kept where a test can reach it (as a page changed by hand
# could send anything on it).
_KEEP_SOCKETS = """
window.__sockets = [];
const Native = window.WebSocket;
window.WebSocket = class extends Native {
  constructor(...args) { super(...args); window.__sockets.push(this); }
};
"""


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("pt", "O servidor fechou a ligação: esta página mandou uma mensagem grande demais."),
        ("en", "The server closed the connection: this page sent a message that was too large."),
    ],
)
def test_a_message_too_large_for_the_server_is_said_and_the_table_comes_back(
    browser: Any, server: Server, lang: str, said: str
) -> None:
    """A message over the server's limit (256 KiB) closes the socket (1009) unread: the page says
    why in its language (not the server's English reason, not nothing) and joins again; one
    over the app's limit only (100 KB) is refused in words, the table unchanged."""
    context = browser.new_context(viewport=PHONE, locale="en-GB" if lang == "en" else "pt-PT")
    context.add_init_script(_KEEP_SOCKETS)
    try:
        body = {"variant": "portugal", "seats": ["human", "bot:1", "bot:1", "bot:1"]}
        answer = context.request.post(f"{server.url}/api/tables", data=body)
        assert answer.ok, answer.text()
        page = context.new_page()
        page.goto(f"{server.url}{answer.json()['links'][0]['path']}")
        page.wait_for_selector("#game:not([hidden])")
        page.wait_for_selector(".card-button:not([disabled])")
        version = page.evaluate("document.body.dataset.version")
        page.evaluate("window.__sockets.at(-1).send('x'.repeat(100000))")
        page.wait_for_selector("#toast:not([hidden])")
        assert "4096" in page.inner_text("#toast")  # the app's refusal, in the page's words
        assert page.evaluate("document.body.dataset.version") == version
        assert page.evaluate("window.__sockets.length") == 1  # the same connection
        page.evaluate("window.__sockets.at(-1).send('x'.repeat(256 * 1024 + 1))")
        page.wait_for_function(
            f"() => document.getElementById('toast').textContent.startsWith({said!r})"
        )
        page.wait_for_function("() => window.__sockets.length === 2")  # joined again
        page.wait_for_selector(".card-button:not([disabled])")
        assert page.inner_text("#status") == ""
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["pt", "en"])
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_hints_words_are_in_view_with_the_score(
    browser: Any, server: Server, lang: str, size: dict[str, int]
) -> None:
    """The hint's words came under the fold of a 1280x800 screen (the advised card was marked,
    its reason unseen): they are in view once asked for, and the score is still in view."""
    context = browser.new_context(viewport=size, locale="en-GB" if lang == "en" else "pt-PT")
    try:
        # (a deal whose first hint is two lines long beside the button, at 1280x800)
        body = {"variant": "portugal", "seats": ["human", *["bot:1"] * 3], "seed": 9}
        answer = context.request.post(f"{server.url}/api/tables", data=body)
        assert answer.ok, answer.text()
        page = context.new_page()
        page.goto(f"{server.url}{answer.json()['links'][0]['path']}")
        page.wait_for_selector(".card-button.legal:not([disabled])")
        page.click("#hint")
        page.wait_for_function(
            "() => { const t = document.getElementById('hint-text').textContent;"
            " return t && !t.includes('…'); }"
        )
        boxes = page.evaluate(
            """() => {
          const box = (e) => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; };
          return {words: box(document.getElementById('hint-text')),
                  score: box(document.querySelector('[data-score]')), height: innerHeight};
        }"""
        )
        top, bottom = boxes["words"]
        assert top >= 0, boxes
        assert bottom <= boxes["height"] + 1, boxes
        assert boxes["score"][0] >= 0, boxes
        assert page.locator("#hand .card-button.hinted").count() == 1
    finally:
        context.close()


# Every control of the game under the hand (and the hand, the trick, the score) that lies
# outside the window, as [what, top, bottom, left, right].
_OUT_OF_VIEW = """() => [...document.querySelectorAll(
    '#game button, #game a, #game select, #game input, [data-score], #hand, #trick, #prompt')]
  .filter(e => e.offsetParent !== null && !e.closest('.side, #over, #summary'))
  .map(e => { const r = e.getBoundingClientRect();
              return [e.id || e.textContent, r.top, r.bottom, r.left, r.right]; })
  .filter(([, top, bottom, left, right]) =>
    top < 0 || bottom > innerHeight || left < 0 || right > innerWidth)"""

_ACCUSE = {"name": "Accuse", "extends": "portugal-table", "revoke": {"accuse": "player"}}


def _at_our_turn_with_cards_down(
    context: Any, server: Server, variant: Any, seats: list[str], seed: int
) -> Any:
    """A page of a new table's seat 0, played on until it is that seat's turn with at least two
    cards on the table (and, where renúncias are claimed, a card in hand that would be one);
    `None` (the page closed) if its match ends first."""
    body = {"variant": variant, "seats": seats, "seed": seed}
    answer = context.request.post(f"{server.url}/api/tables", data=body)
    assert answer.ok, answer.text()
    page = context.new_page()
    page.goto(f"{server.url}{answer.json()['links'][0]['path']}")
    if len(answer.json()["links"]) > 1:  # the partner has not come: a bot plays for now
        page.click("#start")
    claimable = variant != "portugal"
    for _ in range(400):
        what = page.wait_for_function(_READY).json_value()
        down = page.locator("#trick .card:not(.done)").count() >= 2
        note = not claimable or page.locator("#renuncia-note").is_visible()
        if what == "card" and down and note:
            return page
        if what == "over":
            break
        if what == "decide":  # the count, a trump, a weak hand
            press_suggested(page)
            continue
        act(page)
    page.close()
    return None


@pytest.mark.parametrize("lang", ["pt", "en"])
@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_every_control_of_a_deal_is_in_view_without_scrolling(
    browser: Any, server: Server, lang: str, size: dict[str, int]
) -> None:
    """At 1280x800 the Hint button sat at the bottom edge of the screen, partly hidden. During a
    deal, with the hand, the trick and the score, every button is in view with no scrolling: at
    a practice table (the Hint button), and at a table of two people under rules where a rival
    is accused by name (a renúncia's note, two accuse buttons, the toggle that allows hints)."""
    phone = size["width"] < 600
    context = browser.new_context(
        viewport=size, is_mobile=phone, has_touch=phone, locale="en-GB" if lang == "en" else "pt-PT"
    )
    try:
        for variant, seats in (
            ("portugal", ["human", "bot:1", "bot:1", "bot:1"]),
            (_ACCUSE, ["human", "bot:1", "human", "bot:1"]),
        ):
            claimable = variant != "portugal"
            for seed in range(4, 10):  # a match that ends before the position: another table
                page = _at_our_turn_with_cards_down(context, server, variant, seats, seed)
                if page is not None:
                    break
            else:
                pytest.fail(f"{variant}: no turn of ours with cards down (and a renúncia)")
            page.evaluate("window.scrollTo(0, 0)")  # as the page opens: clicks scrolled it
            page.wait_for_timeout(400)  # the last card has arrived
            shown = "#hint-allow" if claimable else "#hint"
            # shown once the page has its hint words (a request of its own, slow on a busy
            # machine) and the state: waited for, not looked at once
            page.locator(shown).wait_for(state="visible", timeout=10_000)
            if claimable:
                assert page.locator("#actions button").count() == 2  # accuse left, right
            assert page.evaluate(_OUT_OF_VIEW) == [], (variant, size)
            page.close()
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_hint_is_in_view_with_the_hand_on_the_narrowest_phone(
    browser: Any, server: Server, lang: str
) -> None:
    """At 320x568 the Hint button of a practice table sat a short scroll under the hand: with
    the score, the felt, the hand and the prompt, it is in view with no scrolling."""
    context = browser.new_context(
        viewport=SMALL_PHONE,
        is_mobile=True,
        has_touch=True,
        locale="en-GB" if lang == "en" else "pt-PT",
    )
    try:
        seats = ["human", "bot:1", "bot:1", "bot:1"]
        for seed in range(4, 10):  # a match that ends before the position: another table
            page = _at_our_turn_with_cards_down(context, server, "portugal", seats, seed)
            if page is not None:
                break
        else:
            pytest.fail("no turn of ours with cards down")
        page.evaluate("window.scrollTo(0, 0)")  # as the page opens: clicks scrolled it
        page.wait_for_timeout(400)  # the last card has arrived
        page.locator("#hint").wait_for(state="visible", timeout=10_000)
        assert page.evaluate(_OUT_OF_VIEW) == []
    finally:
        context.close()


# Each state's decision buttons as drawn, each element numbered the first time it is seen: a
# number that changes while the button says and sends the same is a button drawn again.
_NUMBER_BUTTONS = """
window.__drawn = [];
(() => {
  const numbers = new WeakMap();
  let next = 0;
  window.addEventListener('sueca:state', (event) => {
    const buttons = [...document.querySelectorAll('#actions button')].map((b) => {
      if (!numbers.has(b)) numbers.set(b, ++next);
      return [numbers.get(b), b.dataset.action, b.textContent];
    });
    window.__drawn.push({version: event.detail.version, buttons});
  });
})();
"""
_WATCH_ACTIONS = """() => {
  window.__changes = 0;
  new MutationObserver((records) => { window.__changes += records.length; })
    .observe(document.querySelector('#actions'), {childList: true, subtree: true,
      attributes: true, characterData: true});
}"""
_COUNT_BUTTON = "#actions button[data-action=count]"


def _drawn_again(page: Any) -> list[str]:
    """The buttons this page drew again though they said and sent the same as in the state
    before (from `_NUMBER_BUTTONS`)."""
    again = []
    drawn = page.evaluate("window.__drawn")
    for before, after in itertools.pairwise(drawn):
        numbers = {(action, text): n for n, action, text in before["buttons"]}
        for n, action, text in after["buttons"]:
            if numbers.get((action, text), n) != n:
                again.append(f"{text!r} at version {after['version']}")
    return again


def _open_seat(browser: Any, server: Server, path: str, size: dict[str, int], lang: str) -> Any:
    context = browser.new_context(viewport=size, locale="en-GB" if lang == "en" else "pt-PT")
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.add_init_script(_NUMBER_BUTTONS)
    page.goto(f"{server.url}/?lang={lang}")
    page.goto(f"{server.url}{path}")
    return page


def test_the_decisions_buttons_stay_the_same_while_they_mean_the_same(browser: Any) -> None:
    """In CI a click on "Agree the count" (two people and two bots, a rival accused by name)
    found its button taken from the page again and again: the table drew every decision button
    again whenever any of them changed. At that count, with both people at the table (one on a
    phone in Portuguese, one on a laptop in English), nothing is drawn again while nobody
    acts; once one of them agrees, their accuse buttons are the same elements as before; and
    from the first card to the count no button (a claim, the count) was drawn again while it
    said and sent the same."""
    with Server(max_tables=10, max_tables_per_client=10, count_seconds=120) as server:
        body = {"variant": _ACCUSE, "seats": ["human", "bot:1", "human", "bot:1"], "seed": 5}
        answer = browser.new_context().request.post(f"{server.url}/api/tables", data=body)
        assert answer.ok, answer.text()
        links = [link["path"] for link in answer.json()["links"]]
        pages = [
            _open_seat(browser, server, links[0], PHONE, "pt"),
            _open_seat(browser, server, links[1], DESKTOP, "en"),
        ]
        try:
            for page in pages:
                page.wait_for_selector("#game:not([hidden])")
            for _ in range(200):  # the deal played to its count by both people
                if all(page.locator(_COUNT_BUTTON).count() for page in pages):
                    break
                for page in pages:
                    if (
                        page.evaluate(_READY) in ("card", "decide")
                        and not page.locator(_COUNT_BUTTON).count()
                    ):
                        act(page)
                        break
                else:
                    pages[0].wait_for_timeout(50)
            else:
                pytest.fail("the deal never came to its count")
            for page in pages:
                assert page.locator("#actions button").count() == 3  # agree, accuse two rivals
                page.evaluate(_WATCH_ACTIONS)
            pages[0].wait_for_timeout(3000)
            assert [page.evaluate("window.__changes") for page in pages] == [0, 0]
            claims = pages[0].locator("#actions button[data-action=claim]")
            before = claims.evaluate_all("(bs) => bs.map((b) => (b.dataset.was = 'yes'))")
            version = int(pages[0].evaluate("document.body.dataset.version"))
            pages[0].locator(_COUNT_BUTTON).click()  # Playwright's click: the button stays put
            pages[0].wait_for_function(
                "v => Number(document.body.dataset.version) > v", arg=version
            )
            assert pages[0].locator(_COUNT_BUTTON).count() == 0
            # the accuse buttons still there, the same elements
            assert claims.evaluate_all("(bs) => bs.map((b) => b.dataset.was)") == before
            for page in pages:
                assert _drawn_again(page) == []
            assert pages[1].evaluate("window.__changes") == 0  # the other agreed: no change here
        finally:
            for page in pages:
                page.context.close()


def test_the_trump_and_redeal_buttons_stay_the_same_while_they_mean_the_same(
    browser: Any, server: Server
) -> None:
    """Brasil (the dealer chooses the trump, a weak hand may ask for a new deal): over a whole
    match, no decision button was drawn again while it said and sent the same, and the trump's
    buttons stay put while nobody acts."""
    context = browser.new_context(viewport=PHONE)
    try:
        brasil = {"name": "Brasil", "extends": "brasil", "table": {"first_dealer": 0}}
        body = {"variant": brasil, "seats": ["human", "bot:1", "bot:2", "bot:1"], "seed": 7}
        answer = context.request.post(f"{server.url}/api/tables", data=body)
        assert answer.ok, answer.text()
        page = context.new_page()
        page.add_init_script(_NUMBER_BUTTONS)
        page.goto(f"{server.url}{answer.json()['links'][0]['path']}")
        page.wait_for_selector("#actions button[data-action=trump]")
        page.evaluate(_WATCH_ACTIONS)
        page.wait_for_timeout(1500)
        assert page.evaluate("window.__changes") == 0
        for _ in range(400):
            if act(page) == "over":
                break
        else:
            pytest.fail("the match did not end in 400 decisions")
        assert _drawn_again(page) == []
    finally:
        context.close()
