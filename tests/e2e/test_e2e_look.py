"""The table as a player sees it, in headless Chromium: a whole match played by taps on a phone
(390x844) and by mouse and keyboard on a desktop (1280x800) with the hand, the score and whose
turn it is in view at every turn; no phrase of the other language on any page; axe-core finds
no serious or critical problem on any page in either language; nothing is fetched from
elsewhere and the first load of the table page stays small."""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path
from typing import Any

import pytest

from sueca_rules._lang._catalogue import entry_texts
from sueca_rules.web._i18n import strings

from .conftest import Server, press_suggested
from .test_e2e_web import _READY

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
ONE_GAME = {"name": "One game", "extends": "portugal", "match": {"target_games": 1}}


def open_table(context: Any, server: Server, variant: Any, lang: str = "en", **extra: Any) -> Any:
    """A table of one person against three bots, opened from its join link."""
    body = {"variant": variant, "seats": ["human", "bot:1", "bot:2", "bot:1"], **extra}
    answer = context.request.post(f"{server.url}/api/tables", data=body)
    assert answer.ok, answer.text()
    link = answer.json()["links"][0]["path"]
    page = context.new_page()
    page.goto(f"{server.url}/?lang={lang}")
    page.goto(f"{server.url}{link}")
    page.wait_for_selector("#game:not([hidden])")
    return page


def assert_in_view(page: Any, size: dict[str, int]) -> None:
    """The hand (one row), the score and the prompt inside the viewport, no sideways scroll."""
    page.wait_for_function(  # the cards of a new deal have come in
        """() => [...document.querySelectorAll('#hand .card-button')]
          .every(b => b.getAnimations().every(a => a.playState !== 'running'))"""
    )
    boxes = page.evaluate(
        """() => {
      const box = (e) => { const r = e.getBoundingClientRect();
        return [r.left, r.top, r.right, r.bottom]; };
      return {
        hand: [...document.querySelectorAll('#hand .card-button')].map(box),
        score: box(document.querySelector('[data-score]')),
        prompt: box(document.querySelector('#prompt')),
        wide: document.documentElement.scrollWidth,
      };
    }"""
    )
    inside = [*boxes["hand"], boxes["score"], boxes["prompt"]]
    for left, top, right, bottom in inside:
        assert left >= -0.5, boxes
        assert top >= -0.5, boxes
        assert right <= size["width"] + 0.5, boxes
        assert bottom <= size["height"] + 0.5, boxes
    assert len({round(top) for _, top, _, _ in boxes["hand"]}) <= 1, boxes["hand"]  # one row
    assert boxes["wide"] <= size["width"]


def play_match(page: Any, size: dict[str, int], how: str) -> int:
    """Play to the end, checking the view at each of our turns: `tap`, `mouse`, or `mixed`
    (mouse and keyboard in turn). Returns the number of cards we played."""
    played = 0
    for _ in range(2000):
        what = page.wait_for_function(_READY).json_value()
        if what == "over":
            return played
        version = int(page.evaluate("document.body.dataset.version"))
        if what == "card":
            assert_in_view(page, size)
            turned = page.locator(".card-button.turned")
            if turned.count():  # the dealer's turned card is marked in their hand
                trump = page.get_attribute("#trump [data-card]", "data-card")
                assert turned.get_attribute("data-card") == trump
            button = page.locator(".card-button.legal:not([disabled])").first
            card = button.get_attribute("data-card")
            corner = {"x": 10, "y": 24}  # the corner a fanned hand shows
            if how == "tap":
                button.tap(position=corner)
            elif how == "mixed" and played % 2:
                page.keyboard.type(card.lower())
            else:
                button.click(position=corner)
            played += 1
        else:
            page.locator("#actions button.primary").first.click()
        page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=version)
    pytest.fail("the match did not end")


def test_a_match_by_taps_on_a_phone(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = open_table(context, server, ONE_GAME, lang="pt")
        assert page.locator("#hand .card-button").count() == 10
        # Every card shown once with data-card: the hand's ten buttons, the trump card...
        assert page.locator("#hand [data-card]").count() == 10
        assert page.locator("#trump [data-card]").count() == 1
        spoken = page.locator("#hand .card-button").first.get_attribute("aria-label") or ""
        # the dealer's turned card is announced as the trump (a deal where we deal)
        assert spoken.removeprefix("Trunfo: ") in {
            f"{r} de {s}"
            for r in (
                "ás",
                "sete",
                "rei",
                "valete",
                "dama",
                "seis",
                "cinco",
                "quatro",
                "três",
                "duque",  # the café's word for the two
            )
            for s in ("espadas", "copas", "ouros", "paus")
        }
        assert page.locator(".keys").is_hidden()  # no keyboard hint on a touch screen
        header = page.locator("header.top").bounding_box()
        assert header is not None
        assert header["height"] < 50  # on one line
        assert play_match(page, PHONE, "tap") >= 10
        assert page.locator("#over").is_visible()
        assert "encontro" in page.inner_text("#over-title")
        page.locator("#rematch").tap()  # the end-of-match screen deals a new match
        page.wait_for_selector("#over", state="hidden")
        page.wait_for_function("() => document.querySelectorAll('#hand .card-button').length == 10")
    finally:
        context.close()


@pytest.mark.slow
def test_a_whole_match_by_mouse_and_keyboard_on_a_desktop(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = open_table(context, server, "portugal")
        assert play_match(page, DESKTOP, "mixed") >= 10  # a bandeira can end it in one deal
        log = page.locator("#log li")
        numbers = [int(v) for v in log.evaluate_all("ls => ls.map(l => l.value)")]
        assert numbers == sorted(numbers, reverse=True)
        assert numbers[0] >= 10
    finally:
        context.close()


def test_a_card_typed_that_is_not_in_the_hand_is_said(browser: Any, server: Server) -> None:
    """On a Portuguese page "7c" is the sete de copas: typed without it in the hand, the page
    says so instead of waiting silently, writing the card as it was typed (R, V, D), as the
    Portuguese deck it draws does."""
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = open_table(context, server, "portugal", lang="pt")
        page.wait_for_function(_READY)
        hand = set(
            page.locator("#hand .card-button").evaluate_all("bs => bs.map(b => b.dataset.card)")
        )
        missing = next(r + s for r in "A7KJQ" for s in "SHDC" if r + s not in hand)
        rank = {"K": "r", "J": "v", "Q": "d"}.get(missing[0], missing[0].lower())
        suit = {"S": "e", "H": "c", "D": "o", "C": "p"}[missing[1]]
        page.keyboard.type(rank + suit)
        page.wait_for_selector("#toast:not([hidden])")
        symbol = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[missing[1]]
        assert page.inner_text("#toast") == f"Não tens {rank.upper()}{symbol}."
        deck = page.locator("#hand .card-button svg use").first.get_attribute("href") or ""
        assert "/cards-pt.svg" in deck, deck  # the Portuguese deck: R, V and D in the corners
        said, hand_box = page.locator("#toast").bounding_box(), page.locator("#hand").bounding_box()
        assert said is not None
        assert hand_box is not None
        assert said["y"] + said["height"] <= hand_box["y"]  # it covers no card
        assert page.inner_text("#typed") == ""
        assert page.locator("#hand .card-button").count() == len(hand)  # nothing was played
    finally:
        context.close()


def test_a_weak_hand_is_told_its_points(browser: Any, server: Server) -> None:
    """Asked whether to have the cards dealt again, a weak hand is told its card points."""
    weak = {
        "name": "Weak hands",
        "extends": "brasil",
        "deal": {"redeal": {"leader_below": 30, "others_below": 30}},
    }
    points = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}
    context = browser.new_context(viewport=DESKTOP)
    try:
        for seed in range(40):
            page = open_table(context, server, weak, lang="pt", seed=seed)
            for _ in range(3):  # the dealer's choice of trump may come first
                page.wait_for_function(_READY)
                if "mão fraca" in page.inner_text("#prompt"):
                    break
                if page.locator("#actions button.primary").count() == 0:
                    break
                _take_a_step(page, "decide")
            prompt = page.inner_text("#prompt")
            if "mão fraca" in prompt:
                break
            page.close()
        else:
            pytest.fail("no weak hand in 40 deals")
        hand = page.locator("#hand .card-button").evaluate_all("bs => bs.map(b => b.dataset.card)")
        held = sum(points.get(card[0], 0) for card in hand)
        assert held < 30
        assert f"Tens mão fraca ({held} pontos)" in prompt
        # Asked for: the log says that this deal is not played and which one comes instead.
        page.locator("#actions button[data-action=redeal]").click()
        page.wait_for_function(
            "() => document.querySelector('#log').textContent.includes('não se joga')"
        )
        said = re.search(
            r"A mão (\d+) não se joga: quem deu dá de novo, e é a mão (\d+)\.",
            page.inner_text("#log"),
        )
        assert said is not None
        assert int(said.group(2)) == int(said.group(1)) + 1
        # The score pad says that deal was dealt again, not a 0-0 as if it had been played.
        pad = page.locator("#score .pad li").all_inner_texts()
        assert f"Mão {said.group(1)} (Partida 1): deu-se de novo" in pad, pad
    finally:
        context.close()


def test_a_summary_between_deals(browser: Any) -> None:
    """After each deal a summary says its points and the games; Continue puts it away."""
    with Server(bot_delay=0.0, deal_pause=8.0) as paced:
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        try:
            # A seeded table: with the server's own seed, a first deal now and then ended the
            # match (a bandeira), and a match's last deal has the end of the match, not a summary.
            page = open_table(context, paced, "portugal", lang="pt", seed=1)
            scored_or_ready = (
                "() => document.querySelector('#score .pad li') ? 'scored' : (" + _READY + ")()"
            )
            for _ in range(60):
                what = page.wait_for_function(scored_or_ready).json_value()
                if what == "scored":  # the first deal is over
                    break
                assert what == "card"
                version = int(page.evaluate("document.body.dataset.version"))
                page.locator(".card-button.legal:not([disabled])").first.tap(
                    position={"x": 10, "y": 24}
                )
                page.wait_for_function(
                    "v => Number(document.body.dataset.version) > v", arg=version
                )
            page.wait_for_selector("#summary:not([hidden])")
            said = page.inner_text("#summary")
            assert "Mão 1" in said
            assert "Pontos: nós" in said
            assert "Jogos agora" in said
            # the trump card and the partner stay in view above it
            box = page.locator("#summary").bounding_box()
            assert box is not None
            for above in ("#trump", "#seat-top"):
                other = page.locator(above).bounding_box()
                assert other is not None
                assert other["y"] + other["height"] <= box["y"], above
            page.locator("#summary-close").tap()
            assert page.locator("#summary").is_hidden()
        finally:
            context.close()


def test_the_summary_makes_way_once_we_play_in_the_next_deal(browser: Any) -> None:
    """Leading the next deal while the last one's summary is still up puts it away, so that the
    cards of the new trick are not hidden under it for the rest of its seconds."""
    with Server(bot_delay=0.4, deal_pause=0.3) as quick:
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        try:
            # seed 4: seat 1 deals first, so we (seat 0) lead the second deal
            page = open_table(context, quick, "portugal", lang="en", seed=4)
            for _ in range(60):  # the first deal, card by card
                if page.locator("#score .pad li").count():
                    break
                what = page.wait_for_function(
                    "() => document.querySelector('#score .pad li') ? 'scored' : (" + _READY + ")()"
                ).json_value()
                if what == "card":
                    _take_a_step(page, what)
            page.wait_for_selector("#summary:not([hidden])")
            page.wait_for_function(_READY)  # our first card of the next deal is due
            assert page.locator("#summary").is_visible()  # we lead: nothing on the table yet
            page.locator(".card-button.legal:not([disabled])").first.tap(
                position={"x": 10, "y": 24}
            )
            page.wait_for_selector("#trick [data-card]")
            assert page.locator("#summary").is_hidden()
            assert page.locator("#trick [data-card]").count() == 1  # before the rivals' cards
        finally:
            context.close()


def _take_a_step(page: Any, what: str) -> None:
    """Play the first legal card (`what` is "card") or take the suggested decision, and wait
    until the table has moved on."""
    if what != "card":
        press_suggested(page)
        return
    version = int(page.evaluate("document.body.dataset.version"))
    page.locator(".card-button.legal:not([disabled])").first.click()
    page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=version)


def test_the_end_of_a_match_says_the_claim_that_decided_it(browser: Any, server: Server) -> None:
    """A claim that ends the match (a false one costs the whole game here) is said in the
    end-of-match dialog, in the page's language, not only the last deal's card points."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        one_game = {"name": "Claims", "extends": "portugal-table", "match": {"target_games": 1}}
        page = open_table(context, server, one_game, lang="pt")
        claim = page.locator("#actions button", has_text="Acusar renúncia")
        for _ in range(40):  # the claim is offered once the deal's first card is down
            what = page.wait_for_function(_READY).json_value()
            if claim.count():
                break
            _take_a_step(page, what)
        claim.first.tap()
        page.wait_for_selector("dialog.ask[open]")
        assert "4 jogos" in page.inner_text("dialog.ask")  # what a false claim costs
        # the risky answer is not the one drawn as suggested: "Cancelar" is
        assert page.inner_text("dialog.ask .primary") == "Cancelar"
        page.locator("dialog.ask .yes").tap()
        page.wait_for_selector("#over:not([hidden])")
        said = page.inner_text("#over-claim")
        # A rival bot may have slipped (then the claim was right); either way the claim is said,
        # with what it scored.
        assert said in (
            "Acusaste renúncia, mas ninguém tinha renunciado: a outra equipa marca 4 jogos.",
        ) or (said.startswith("Acusaste renúncia e tinhas razão: ") and "marca 4 jogos" in said), (
            said
        )
        assert page.locator("#over-claim").is_visible()
    finally:
        context.close()


@pytest.mark.parametrize(
    ("lang", "scored"),
    [("en", " score 4 games."), ("pt", " marca 4 jogos.")],
)
def test_a_watcher_is_told_what_the_claim_that_ended_the_match_scored(
    browser: Any, server: Server, lang: str, scored: str
) -> None:
    """A watcher's end of the match says what the claim that decided it scored, and for which
    team, as a player's does ("…; seats 1 and 3 score 4 games.")."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        one_game = {"name": "Claims", "extends": "portugal-table", "match": {"target_games": 1}}
        body = {"variant": one_game, "seats": ["human", "bot:1", "bot:2", "bot:1"], "seed": 3}
        made = context.request.post(f"{server.url}/api/tables", data=body).json()
        page = context.new_page()
        page.goto(f"{server.url}/?lang={lang}")
        page.goto(f"{server.url}{made['links'][0]['path']}")
        page.wait_for_selector("#game:not([hidden])")
        claim = page.locator("#actions button[data-action=claim]")
        for _ in range(40):  # the claim is offered once the deal's first card is down
            what = page.wait_for_function(_READY).json_value()
            if claim.count() or what == "over":
                break
            _take_a_step(page, what)
        if claim.count():  # (unless a rival's slip, claimed, ended the match first)
            claim.first.tap()
            page.locator("dialog.ask .yes").tap()
        page.wait_for_selector("#over:not([hidden])")
        watcher = context.new_page()
        watcher.goto(f"{server.url}{made['watch_path']}")
        watcher.wait_for_selector("#over:not([hidden]) #over-claim:not([hidden])")
        said = watcher.inner_text("#over-claim")
        seats = {"en": ("seats 0 and 2", "seats 1 and 3"), "pt": ("lugares 0 e 2", "lugares 1 e 3")}
        assert said.endswith(scored), said
        assert any(f"{team}{scored}" in said for team in seats[lang]), said
        watcher.screenshot(path=f"/tmp/web-watch-claim-{lang}.png")
    finally:
        context.close()


def test_a_renuncia_is_asked_in_the_page_and_moves_are_quick(browser: Any, server: Server) -> None:
    """A card that does not follow suit (the rules let it be played, to be claimed) asks in a
    dialog of the page; the cards' moves take under 400 ms, and none under reduced motion."""
    context = browser.new_context(viewport=DESKTOP)
    try:
        claimable = {"name": "Claims", "extends": "portugal", "revoke": {"mode": "claimable"}}
        page = open_table(context, server, claimable)
        page.on("dialog", lambda d: pytest.fail("a browser dialog opened"))
        for _ in range(400):
            what = page.wait_for_function(_READY).json_value()
            if what == "over":  # a rival bot's renúncia, claimed, ended the match: a new one
                page = open_table(context, server, claimable)
                page.on("dialog", lambda d: pytest.fail("a browser dialog opened"))
                continue
            odd = page.locator(".card-button.renuncia:not([disabled])")
            if odd.count():
                # the gold outline is said in words, beside the hand and on the card
                assert "do not follow suit" in page.inner_text("#renuncia-note")
                assert page.locator("#renuncia-note").is_visible()
                assert "(a renúncia)" in (odd.first.get_attribute("aria-label") or "")
                odd.first.click()
                page.wait_for_selector("dialog.ask[open]")
                assert page.inner_text("dialog.ask .primary") == "Cancel"
                page.click("dialog.ask .cancel")
                assert page.locator("dialog.ask").count() == 0
                break
            assert page.locator("#renuncia-note").is_hidden()  # no such card: nothing to say
            _take_a_step(page, what)
        else:
            pytest.fail("no renúncia was ever possible")
        durations = page.evaluate(
            """() => [...document.styleSheets].flatMap(s => [...s.cssRules])
              .map(r => r.cssText).join('\\n')"""
        )
        for ms in re.findall(r"(?:animation|transition)[^;]*?(\d+)ms", durations):
            assert int(ms) < 400
    finally:
        context.close()
    still = browser.new_context(viewport=DESKTOP, reduced_motion="reduce")
    try:
        page = open_table(still, server, "portugal")
        page.wait_for_function(_READY)
        if page.locator("#trick .card").count() == 0:  # we lead: play a card
            page.locator(".card-button.legal:not([disabled])").first.click()
        page.wait_for_selector("#trick .card")
        assert page.locator("#trick .enter").count() == 0
        moving = page.evaluate(
            "() => [...document.querySelectorAll('#trick .card')]"
            ".map(c => getComputedStyle(c).transitionDuration)"
        )
        assert all(d in ("0s", "") for d in moving), moving
    finally:
        still.close()


# --- one language per page ----------------------------------------------------------------


def _fragments(phrase: str) -> list[str]:
    """The literal parts of a phrase (between its {placeholders}) long enough to be telling."""
    parts = re.split(r"\{[^{}]*\}", phrase)
    return [p.strip(" .,:;()") for p in parts if len(p.split()) >= 3 and len(p.strip()) >= 14]


def _page_text(page: Any) -> str:
    return str(
        page.evaluate(
            """() => [document.body.innerText, document.title,
          ...[...document.querySelectorAll('[aria-label],[title],[placeholder],[alt]')]
            .flatMap(e => ['aria-label', 'title', 'placeholder', 'alt']
              .map(a => e.getAttribute(a) || ''))].join('\\n')"""
        )
    )


def _pages(context: Any, server: Server, lang: str, record: Path) -> list[tuple[str, Any]]:
    """Every page in `lang`, shown with what a person would have filled in."""
    shown: list[tuple[str, Any]] = []
    for path, ready in (
        ("/", "h1"),
        ("/play", "#variant option"),
        ("/rules", "#card h3"),
    ):
        page = context.new_page()
        page.goto(f"{server.url}{path}?lang={lang}")
        page.wait_for_selector(ready, state="attached")
        shown.append((path, page))
    page = context.new_page()
    page.goto(f"{server.url}/replay?lang={lang}")
    page.set_input_files("#file", str(record))
    page.wait_for_selector("#viewer:not([hidden])")
    page.keyboard.press("ArrowRight")
    shown.append(("/replay", page))
    table = open_table(context, server, "portugal", lang=lang)
    table.wait_for_function(_READY)
    shown.append(("/table", table))
    return shown


def test_a_record_opened_on_a_phone_shows_its_board(
    browser: Any, server: Server, record_file: Path
) -> None:
    """The board of a record just opened comes into view (it is below the file panel)."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/replay?lang=pt")
        page.set_input_files("#file", str(record_file))
        page.wait_for_selector("#viewer:not([hidden])")
        page.wait_for_function("() => window.scrollY > 0")
        board = page.locator("#viewer").bounding_box()
        assert board is not None
        assert -1 < board["y"] < 40  # at the top of the screen (to a fraction of a pixel)
    finally:
        context.close()


_SMALL_TARGETS = """() => [...document.querySelectorAll(
    'button, .button, select, input, textarea, header.top a, .back-up')]
  .filter((e) => e.getClientRects().length && !e.matches('.skip, .file-input'))
  .map((e) => { const r = e.getBoundingClientRect();
    const box = e.matches('[type=checkbox], [type=radio]') ? 20 : 44;
    return [e.id || e.className || e.tagName, r.width, r.height, box]; })
  .filter(([, w, h, box]) => h < box || (box === 20 && w < box))"""


def test_every_control_is_big_enough_for_a_finger_on_a_phone(
    browser: Any, server: Server, record_file: Path
) -> None:
    """On a touch screen every button, link of the header, list and field is at least 44 px tall
    and a checkbox 20 px square (a mouse keeps the compact sizes): the house rules, the play page,
    the replay with its record open, and the table."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        for path in ("/?lang=pt", "/rules?lang=pt", "/play?lang=en", "/replay?lang=en"):
            page.goto(f"{server.url}{path}")
            page.wait_for_selector("header.top")
            if path.startswith("/replay"):
                page.set_input_files("#file", str(record_file))
                page.wait_for_selector("#viewer:not([hidden])")
            assert page.evaluate(_SMALL_TARGETS) == [], path
        table = open_table(context, server, "portugal", lang="pt")
        table.wait_for_selector("#hand .card-button:not([disabled])")
        assert table.evaluate(_SMALL_TARGETS) == []
    finally:
        context.close()
    # a mouse keeps the compact sizes
    desk = browser.new_context(viewport=DESKTOP)
    try:
        page = desk.new_page()
        page.goto(f"{server.url}/rules?lang=pt")
        page.wait_for_selector("button.small")
        assert page.locator("button.small").first.bounding_box()["height"] < 36
    finally:
        desk.close()


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_no_phrase_of_the_other_language_on_a_page(
    browser: Any, server: Server, record_file: Path, lang: str
) -> None:
    other = "en" if lang == "pt" else "pt"
    mine = {key: " / ".join(entry_texts(e)) for key, e in strings(lang).items()}
    theirs = {key: " / ".join(entry_texts(e)) for key, e in strings(other).items()}
    foreign = {
        fragment
        for key, text in theirs.items()
        if text != mine[key]
        for fragment in _fragments(text)
        if not any(fragment in own for own in mine.values())
    }
    context = browser.new_context(viewport=DESKTOP)
    try:
        for path, page in _pages(context, server, lang, record_file):
            text = _page_text(page)
            found = sorted(f for f in foreign if f in text)
            assert not found, (path, found)
            if lang == "pt":  # the built-in rule sets' English names
                for name in ("Portugal, at the table", "Portugal, best of three", "French rules"):
                    assert name not in text, (path, name)
    finally:
        context.close()


# --- accessibility ------------------------------------------------------------------------


def _axe_problems(page: Any, axe_source: str) -> list[str]:
    page.add_script_tag(content=axe_source)
    result = page.evaluate(
        """async () => {
      const r = await axe.run(document, {runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa',
        'best-practice']});
      return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
        .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
    }"""
    )
    return [str(x) for x in result]


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_axe_finds_no_serious_problem_on_any_page(
    browser: Any, server: Server, record_file: Path, axe: str, lang: str
) -> None:
    # axe's script is added by the test (add_script_tag bypasses nothing on the server: the
    # page's own policy still forbids every script from elsewhere).
    context = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, bypass_csp=True)
    try:
        problems = {
            path: found
            for path, page in _pages(context, server, lang, record_file)
            if (found := _axe_problems(page, axe))
        }
        waiting = phone.new_page()
        # The waiting room of a table with a friend still to come.
        answer = phone.request.post(
            f"{server.url}/api/tables",
            data={"variant": "portugal", "seats": ["human", "bot:1", "human", "bot:1"]},
        )
        waiting.goto(f"{server.url}/?lang={lang}")
        waiting.goto(f"{server.url}{answer.json()['links'][0]['path']}")
        waiting.wait_for_selector("#waiting:not([hidden])")
        if found := _axe_problems(waiting, axe):
            problems["/table (waiting)"] = found
        table = open_table(phone, server, "portugal", lang=lang)
        table.wait_for_function(_READY)
        if found := _axe_problems(table, axe):
            problems["/table (phone)"] = found
        # The page of a link that opens nothing (a table closed, a record pruned).
        for dead in ("/table/gone#t=abc", "/replay#table=gone&t=abc"):
            page = phone.new_page()
            page.goto(f"{server.url}{dead}")
            page.wait_for_selector("#dead")
            if found := _axe_problems(page, axe):
                problems[dead] = found
        assert not problems, json.dumps(problems, indent=1, ensure_ascii=False)
    finally:
        context.close()
        phone.close()


def test_the_log_scrolls_by_keyboard_once_it_is_long(
    browser: Any, server: Server, axe: str
) -> None:
    """The log of the table's events scrolls in its box once it is long: the keyboard reaches it
    (axe: a scrollable region must be focusable), by its heading's name."""
    context = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    try:
        page = open_table(context, server, "portugal", lang="pt", seed=3)
        scrolls = "() => { const l = document.querySelector('#log'); " + (
            "return l.scrollHeight > l.clientHeight + 1; }"
        )
        for _ in range(80):
            if page.evaluate(scrolls):
                break
            _take_a_step(page, page.wait_for_function(_READY).json_value())
        else:
            pytest.fail("the log never grew longer than its box")
        assert _axe_problems(page, axe) == []
        page.focus("#log")
        page.keyboard.press("End")
        page.wait_for_function("() => document.querySelector('#log').scrollTop > 0")
        assert page.locator("#log").get_attribute("aria-labelledby") == "log-title"
        assert page.inner_text("#log-title") == "O que aconteceu"
    finally:
        context.close()


def test_the_score_pad_scrolls_by_keyboard_once_it_is_long(
    browser: Any, server: Server, axe: str
) -> None:
    """The score pad's list of deals scrolls in its box once long (weak hands dealt again
    fill it quickly here): the keyboard reaches it, and it has a name."""
    weak = {
        "name": "Weak hands",
        "extends": "portugal",
        "deal": {"redeal": {"leader_below": 30, "others_below": 30}},
    }
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, bypass_csp=True)
    try:
        page = open_table(context, server, weak, lang="en", seed=1)
        scrolls = "() => { const p = document.querySelector('#score .pad'); " + (
            "return !!p && p.scrollHeight > p.clientHeight + 1; }"
        )
        for _ in range(400):
            if page.evaluate(scrolls):
                break
            what = page.wait_for_function(_READY).json_value()
            if what == "over":
                pytest.fail("the match ended before the pad was long")
            version = int(page.evaluate("document.body.dataset.version"))
            redeal = page.locator("#actions button[data-action=redeal]")
            if redeal.count():
                redeal.tap()
            elif what == "card":
                page.locator(".card-button.legal:not([disabled])").first.tap(
                    position={"x": 10, "y": 24}
                )
            else:
                page.locator("#actions button.primary").first.tap()
            page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=version)
        else:
            pytest.fail("the score pad never grew longer than its box")
        assert _axe_problems(page, axe) == []
        assert page.get_attribute("#score .pad", "aria-label") == "Every deal's games"
        # Scrolled by the keyboard, it keeps its place and the focus while the table plays on
        # (a card typed, at our next card).
        while page.wait_for_function(_READY).json_value() != "card":
            version = int(page.evaluate("document.body.dataset.version"))
            page.locator("#actions button.primary").first.tap()
            page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=version)
        page.focus("#score .pad")
        page.keyboard.press("End")
        page.wait_for_function("() => document.querySelector('#score .pad').scrollTop > 0")
        version = int(page.evaluate("document.body.dataset.version"))
        card = page.get_attribute(".card-button.legal:not([disabled])", "data-card")
        page.keyboard.type(card.lower())
        page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=version)
        assert page.evaluate("document.activeElement.matches('#score .pad')")
        assert page.evaluate("document.querySelector('#score .pad').scrollTop") > 0
    finally:
        context.close()


def test_the_replays_score_has_no_empty_header(
    browser: Any, server: Server, record_file: Path, axe: str
) -> None:
    """The corner of the replay's score table is a plain cell: a header with no words says
    nothing to a screen reader (axe: empty-table-header, a minor problem the test above lets
    pass)."""
    context = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/replay?lang=pt")
        page.set_input_files("#file", str(record_file))
        page.wait_for_selector("#viewer:not([hidden])")
        page.keyboard.press("ArrowRight")
        page.add_script_tag(content=axe)
        found = page.evaluate(
            """async () => (await axe.run(document, {runOnly: ['empty-table-header']}))
              .violations.map(v => v.nodes.map(n => n.target.join(' ')))"""
        )
        assert found == []
        assert page.locator("#replay-score th").first.inner_text() != ""
    finally:
        context.close()


# --- everything local, and small -----------------------------------------------------------


def test_the_table_page_loads_only_from_its_origin_and_stays_small(
    browser: Any, server: Server
) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    sizes: dict[str, int] = {}
    elsewhere: list[str] = []

    def seen(response: Any) -> None:
        url = response.url
        if not url.startswith(server.url):
            if not url.startswith(("data:", "blob:")):
                elsewhere.append(url)
            return
        if url.startswith(f"{server.url}/api/"):
            return
        sizes[url] = len(response.body())

    try:
        answer = context.request.post(
            f"{server.url}/api/tables",
            data={"variant": "portugal", "seats": ["human"] + ["bot:1"] * 3},
        )
        page = context.new_page()
        page.on("response", seen)
        page.goto(f"{server.url}{answer.json()['links'][0]['path']}")
        page.wait_for_selector("#hand .card-button")
        page.wait_for_load_state("networkidle")
        assert not elsewhere
        total = sum(sizes.values())
        print(f"first load of the table page: {total} bytes in {len(sizes)} files")
        assert any(url.split("?")[0].endswith("/cards.svg") for url in sizes)
        assert total <= 400_000, sizes
    finally:
        context.close()


def test_problems_in_portuguese_at_their_question(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/rules?lang=pt")
        page.wait_for_selector("#card h3")
        # Choosing to multiply sets a valid amount: no error to fix first.
        page.select_option("#f-scoring-tie-mode", index=2)
        page.wait_for_function(
            "() => document.querySelector('#yaml').textContent.includes('multiply')"
        )
        assert page.locator("#invalid").is_hidden()
        assert page.input_value("#f-scoring-tie-amount") == "2"
        page.fill("#f-match-best_of", "2")
        page.wait_for_selector("#invalid:not([hidden])")
        error = page.inner_text("[data-path='match.best_of'] .field-error")
        assert "ímpar" in error
        assert "best_of" not in page.inner_text("#invalid")
        page.fill("#paste", "name: Café\nextends: portugal\nmatch: {target_games: 0}\n")
        page.click("#check")
        page.wait_for_selector("#listing li.bad")
        said = page.inner_text("#check-result")
        assert "Jogos para ganhar a partida: tem de ser pelo menos 1 (está 0)" in said
        assert "match.target_games" not in said + page.inner_text("#listing")
        # What the YAML reader refuses is said in Portuguese too.
        page.fill("#paste", "name: Café\nmatch: 1\nmatch: 2\n\tfoo: 1\n")
        page.click("#check")
        page.wait_for_function(
            "() => document.querySelector('#check-result').textContent.includes('YAML')"
        )
        said = page.inner_text("#check-result")
        assert "erro de sintaxe YAML: uma tabulação" in said, said
        assert "syntax error" not in said
        # A value that is none of a field's: the file's words, each with what it means.
        page.fill("#paste", "name: Café\nextends: portugal\ntable: {direction: esquerda}\n")
        page.click("#check")
        page.wait_for_function(  # the answer to this file, not the last one's
            "() => document.querySelector('#check-result').textContent.includes('está esquerda')"
        )
        said = page.inner_text("#check-result")
        assert (
            "tem de ser um destes: anticlockwise — para a direita (ao contrário dos ponteiros do "
            "relógio); clockwise — para a esquerda (como os ponteiros do relógio) (está esquerda; "
            "o valor para 'esquerda' é 'clockwise')"
        ) in said, said
        # A value kept from a built-in: where it comes from, in Portuguese too.
        page.fill("#paste", "name: Café\nextends: french\nscoring:\n  tie: {mode: multiply}\n")
        page.click("#check")
        page.wait_for_function(
            "() => document.querySelector('#check-result').textContent.includes('fator')"
        )
        said = page.inner_text("#check-result")
        assert "(está 1) (o valor vem das regras de base portugal)" in said, said
        assert "comes from" not in said
    finally:
        context.close()


def test_a_share_link_opens_the_same_rules(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/rules?lang=pt")
        page.wait_for_selector("#card h3")
        # Questions in words: no file word (dealer_last, null, true, min_points) on the page.
        text = page.inner_text("#groups")
        for token in ("dealer_last", "null", "true", "min_points", "scoring.", "`"):
            assert token not in text, token
        page.fill("#f-name", "O nosso café")
        page.fill("#f-match-target_games", "2")
        page.wait_for_function(
            "() => document.querySelector('#yaml').textContent.includes('target_games: 2')"
        )
        page.click("#share")
        page.wait_for_function("() => location.hash.startsWith('#v=')")
        link = page.url
        # The rules card is one tap away on a phone.
        page.click(".builder-bar a[href='#outputs']")
        box = page.locator("#card").bounding_box()
        assert box is not None
        assert box["y"] < PHONE["height"]
        friend = browser.new_context(viewport=DESKTOP)
        try:
            other = friend.new_page()
            other.goto(link)
            other.wait_for_function(
                "() => document.querySelector('#card h3')?.textContent.includes('O nosso café')"
            )
            assert other.input_value("#f-match-target_games") == "2"
            other.goto(f"{server.url}/rules?lang=pt#v=not-base64!")
            other.wait_for_selector("#card h3")  # a broken link still opens the chooser
        finally:
            friend.close()
    finally:
        context.close()


# --- QR codes of join links ---------------------------------------------------------------

_QR_TEXTS = [
    "http://127.0.0.1:8000/table/abc123#t=" + "x" * 32,
    "Sueca",
    "https://exemplo.pt/mesa/" + "q" * 120 + "#t=ÁÉÍ",
]


def test_the_pages_qr_codes_are_the_standards(browser: Any, server: Server) -> None:
    """The QR code the page draws for a link is module for module the one the `qrcode` package
    makes for the same text, version, level and mask (so any phone's camera reads it)."""
    qrcode = pytest.importorskip("qrcode")
    page = browser.new_page()
    try:
        page.goto(f"{server.url}/?lang=en")
        for text in _QR_TEXTS:
            for mask in range(8):
                ours = page.evaluate(
                    "async ([text, mask]) => (await import('/static/js/qr.js'))"
                    ".qrModules(text, mask).map(r => r.map(Number).join(''))",
                    [text, mask],
                )
                version = (len(ours) - 17) // 4
                theirs = qrcode.QRCode(
                    version=version,
                    error_correction=qrcode.constants.ERROR_CORRECT_M,
                    border=0,
                    mask_pattern=mask,
                )
                theirs.add_data(text.encode("utf-8"), optimize=0)
                theirs.make(fit=False)
                rows = ["".join(str(int(b)) for b in row) for row in theirs.get_matrix()]
                assert ours == rows, (text, mask)
            chosen = page.evaluate(
                "async (text) => (await import('/static/js/qr.js')).qrModules(text).length",
                text,
            )
            assert chosen == len(ours)  # the smallest version that holds the text
    finally:
        page.close()


def test_built_in_names_in_portuguese_in_the_chooser(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/rules?lang=pt")
        page.wait_for_selector("#card h3")
        page.select_option("#base", "portugal-table")
        page.wait_for_function(
            "() => document.querySelector('#card h3').textContent.includes('Portugal, à mesa')"
        )
        page.fill("#f-match-target_games", "2")
        page.wait_for_function(
            "() => document.querySelector('#differences').textContent.includes('à mesa')"
        )
        text = page.inner_text("#outputs") + page.inner_text("#builder")
        assert "at the table" not in text
    finally:
        context.close()


def test_the_headers_links_are_big_enough_to_tap(browser: Any, server: Server) -> None:
    """The pages' links and the language switch, on a phone: at least WCAG's 24 px each way
    (they were 21 px tall)."""
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = phone.new_page()
        page.goto(f"{server.url}/?lang=pt")
        boxes = page.locator("header.top nav a, .langs a").evaluate_all(
            "xs => xs.map(x => [x.textContent.trim(), x.getBoundingClientRect().width,"
            " x.getBoundingClientRect().height])"
        )
        assert len(boxes) == 5
        small = [box for box in boxes if box[1] < 24 or box[2] < 24]
        assert not small, small
    finally:
        phone.close()


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_turned_cards_mark_is_whole_in_a_phones_hand(
    browser: Any, server: Server, lang: str
) -> None:
    """The dealer's turned card is marked "Trunfo" ("Trump") in their hand: on a phone, where
    the cards of a full hand overlap, the mark is read whole, not half under the next card."""
    ctx = browser.new_context(viewport=PHONE)
    ctx.set_default_timeout(20_000)
    try:
        page = open_table(ctx, server, "portugal", lang, seed=5)  # seat 0 deals, the 7C turned
        page.wait_for_selector("#hand .card-button.turned .turned-mark")
        covered = page.evaluate(
            """() => {
          const mark = document.querySelector('#hand .card-button.turned .turned-mark');
          const r = mark.getBoundingClientRect();
          const y = (r.top + r.bottom) / 2;
          const xs = [r.left + 2, (r.left + r.right) / 2, r.right - 2];
          return {text: mark.textContent,
                  hidden: xs.filter((x) => !mark.contains(document.elementFromPoint(x, y)))};
        }"""
        )
        assert covered["text"] == {"pt": "Trunfo", "en": "Trump"}[lang]
        assert covered["hidden"] == [], covered
        page.screenshot(path=f"/tmp/web-turned-mark-{lang}.png")
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_table_refused_on_the_play_page_says_why_in_its_language(browser: Any, lang: str) -> None:
    """A table the server refuses (here: one computer's tables are all open) is said in the
    page's language, as a sentence: the Portuguese page showed the server's English."""
    with Server(max_tables_per_client=1) as capped:
        ctx = browser.new_context(viewport=PHONE)
        ctx.set_default_timeout(20_000)
        try:
            seats = ["human", "bot:1", "bot:1", "bot:1"]
            made = ctx.request.post(
                f"{capped.url}/api/tables", data={"variant": "portugal", "seats": seats}
            )
            assert made.ok
            page = ctx.new_page()
            page.goto(f"{capped.url}/play?lang={lang}")
            page.click("#create:not([disabled])")
            said = page.wait_for_selector("#setup-error:not([hidden])").inner_text()
            page.screenshot(path=f"/tmp/web-play-refused-test-{lang}.png", full_page=True)
        finally:
            ctx.close()
    wanted = {
        "pt": "Já tens uma mesa aberta neste servidor, o máximo para um computador: tenta "
        "outra vez quando ela fechar (30 min depois da última jogada).",
        "en": "You already have a table open on this server, the most one computer may "
        "have: try again when it has closed (30 min after its last play).",
    }
    assert said.strip() == wanted[lang]


def _player_and_watcher(ctx: Any, server: Server, lang: str) -> tuple[Any, Any]:
    """A new table (a person at seat 0, three bots) open in `ctx` in `lang`: seat 0's page and a
    watcher's, each once its score pad is drawn."""
    seats = ["human", "bot:1", "bot:1", "bot:1"]
    made = ctx.request.post(
        f"{server.url}/api/tables", data={"variant": "portugal", "seats": seats}
    )
    table = made.json()
    player = ctx.new_page()
    player.goto(f"{server.url}/?lang={lang}")
    player.goto(f"{server.url}{table['links'][0]['path']}")
    player.wait_for_selector("#game:not([hidden]) #score table.score")
    watcher = ctx.new_page()
    watcher.goto(f"{server.url}{table['watch_path']}")
    watcher.wait_for_selector("#score table.score")
    return player, watcher


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_a_watchers_score_pad_fits_its_panel(browser: Any, server: Server, lang: str) -> None:
    """A watcher's score pad names the teams by their seats ("Lugares 0 e 2"): on a desktop,
    whose score pad is a narrow column, the table stays inside its panel (the Portuguese one
    ran over its edge)."""
    ctx = browser.new_context(viewport=DESKTOP)
    ctx.set_default_timeout(20_000)
    try:
        _, watcher = _player_and_watcher(ctx, server, lang)
        over = watcher.evaluate(
            """() => {
          const table = document.querySelector('#score table.score');
          const panel = table.parentElement;
          const style = getComputedStyle(panel);
          const inner = panel.getBoundingClientRect().right - parseFloat(style.paddingRight);
          return {over: table.getBoundingClientRect().right - inner,
                  head: table.querySelector('thead th').textContent};
        }"""
        )
        watcher.screenshot(path=f"/tmp/web-watch-pad-{lang}.png")
    finally:
        ctx.close()
    assert over["head"] == {"pt": "Lugares 0 e 2", "en": "Seats 0 & 2"}[lang]
    assert over["over"] <= 0.5, over


# How many lines each label of the score pad takes (a label's text, line by line).
_PAD_LINES = """() => Object.fromEntries([...document.querySelectorAll('#score table.score th')]
  .map((th) => { const range = document.createRange(); range.selectNodeContents(th);
    const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
    return [th.textContent, tops.size]; }))"""


@pytest.mark.parametrize("lang", ["pt", "en"])
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_score_pads_labels_take_at_most_two_lines(
    browser: Any, server: Server, lang: str, size: dict[str, int]
) -> None:
    """The score pad's labels, a player's and a watcher's, take at most two lines, even in the
    narrow pad beside a desktop's table ("Pontos nesta mão" took three there); on a phone a
    watcher's seats ("Lugares 0 e 2") head their columns on one line."""
    ctx = browser.new_context(viewport=size)
    ctx.set_default_timeout(20_000)
    try:
        player, watcher = _player_and_watcher(ctx, server, lang)
        lines = {"player": player.evaluate(_PAD_LINES), "watcher": watcher.evaluate(_PAD_LINES)}
        name = "phone" if size == PHONE else "desktop"
        watcher.screenshot(path=f"/tmp/web-pad-lines-{name}-{lang}.png")
    finally:
        ctx.close()
    points = {"pt": "Pontos da mão", "en": "Points in this deal"}[lang]
    seats_02 = {"pt": "Lugares 0 e 2", "en": "Seats 0 & 2"}[lang]
    for who, labels in lines.items():
        assert all(1 <= n <= 2 for n in labels.values()), (who, labels)
        assert points in labels, (who, labels)
    if size == PHONE:
        assert lines["watcher"][seats_02] == 1, lines


def test_the_end_of_the_match_keeps_the_keyboard_in_it(browser: Any, server: Server) -> None:
    """The end of the match dims the page behind it: Tab and Shift+Tab go round its buttons,
    never to the dimmed page, and Escape puts it aside even once a click on the dimmed page
    took the focus out of it."""
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = open_table(context, server, ONE_GAME, lang="en")
        while page.wait_for_function(_READY).json_value() != "over":
            _take_a_step(page, page.evaluate(_READY))
        assert page.get_attribute("#over", "aria-modal") == "true"
        page.wait_for_function("document.activeElement.closest('#over') !== null")
        visits = []
        for _ in range(6):
            page.keyboard.press("Tab")
            visits.append(
                page.evaluate(
                    "[document.activeElement.id, !!document.activeElement.closest('#over')]"
                )
            )
        assert all(inside for _, inside in visits), visits
        assert {"rematch", "record", "replay", "over-close"} <= {id_ for id_, _ in visits}
        page.focus("#rematch")
        page.keyboard.press("Shift+Tab")  # from the first button round to the last
        assert page.evaluate("document.activeElement.id") == "over-close"
        page.mouse.click(5, 700)  # on the dimmed page: the focus leaves the dialog
        assert page.evaluate("document.activeElement.closest('#over')") is None
        page.keyboard.press("Escape")
        assert page.locator("#over").is_hidden()
        assert page.evaluate("document.activeElement.id") == "over-open"
    finally:
        context.close()


def test_the_words_beside_the_turned_trump_card_are_readable(browser: Any, server: Server) -> None:
    """The word under the dealer's turned card at their seat ("Trunfo") and the note under the
    trump card ("ainda na mão de quem deu") are at least 11 px: they were 9 and 10 px."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        sizes: dict[str, float] = {}
        for seed in range(1, 8):  # a deal that another seat deals: its turned card is at its seat
            body = {"variant": "portugal", "seats": ["human", "bot:1", "bot:1", "bot:1"]}
            made = context.request.post(f"{server.url}/api/tables", data={**body, "seed": seed})
            page = context.new_page()
            page.goto(f"{server.url}/?lang=pt")
            page.goto(f"{server.url}{made.json()['links'][0]['path']}")
            page.wait_for_function(_READY)
            if page.locator(".turned-card small").count():
                sizes = page.evaluate(
                    """() => Object.fromEntries(['.turned-card small', '.trump small'].map((s) =>
                      [s, parseFloat(getComputedStyle(document.querySelector(s)).fontSize)]))"""
                )
                assert page.inner_text(".turned-card small") == "Trunfo"
                break
            page.close()
        assert sizes, "no deal dealt by another seat"
        assert all(size >= 11 for size in sizes.values()), sizes
    finally:
        context.close()


def test_a_score_in_a_rules_question_is_not_broken_on_a_phone(browser: Any, server: Server) -> None:
    """At 390 px "O que acontece depois de um 60-60?" broke after the hyphen ("60-" at a line's
    end): a score stays whole, and the question's text is the same."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/rules?lang=pt")
        page.wait_for_selector("#card h3")
        label = page.locator("label[for='f-scoring-tie-mode']")
        assert label.inner_text() == "O que acontece depois de um 60-60?"
        scores = page.locator("#groups .label .nowrap, #groups legend .nowrap")
        assert scores.count() >= 2
        lines = scores.evaluate_all(
            "xs => xs.map(x => new Set([...x.getClientRects()].map(r => Math.round(r.top))).size)"
        )
        assert set(lines) == {1}, lines
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_rules_pages_bar_comes_to_rest_at_the_end_of_the_page(
    browser: Any, server: Server, lang: str
) -> None:
    """On a phone the rules page's bar (the rules card, share, play) stays at the bottom of the
    screen while the page scrolls; at the end of the page it came to rest between the questions'
    panel and the file's panel: it rests under the last panel now, at the very bottom."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/rules?lang={lang}")
        page.wait_for_selector("#card h3")
        where = """() => { const box = (s) => document.querySelector(s).getBoundingClientRect();
          return {bar: [box('.builder-bar').top, box('.builder-bar').bottom],
                  panels: [...document.querySelectorAll('.builder, #open')].map(
                    e => e.getBoundingClientRect().bottom), height: innerHeight}; }"""
        for scrolled in ("0", "1500", "document.documentElement.scrollHeight"):
            page.evaluate(f"window.scrollTo(0, {scrolled})")
            page.wait_for_timeout(100)
            seen = page.evaluate(where)
            assert abs(seen["bar"][1] - seen["height"]) < 1, (scrolled, seen)  # at the bottom
        # at the end: under every panel, none under it
        assert all(bottom <= seen["bar"][0] for bottom in seen["panels"]), seen
        assert page.evaluate("scrollY + innerHeight") >= page.evaluate(
            "document.documentElement.scrollHeight"
        )
    finally:
        context.close()


SMALL_PHONE = {"width": 320, "height": 568}


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_narrowest_phone_shows_the_header_the_rules_bar_and_the_hand(
    browser: Any, server: Server, lang: str
) -> None:
    """At 320x568 (the narrowest phone in use) "Replay" / "Rever" ran under the languages in the
    header, the rules page's bar was wider than the page, and the table's hand was under the
    bottom of the screen: none of it now."""
    context = browser.new_context(viewport=SMALL_PHONE, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        for path, ready in (("/", "h1"), ("/play", "#variant option"), ("/rules", "#card h3")):
            page.goto(f"{server.url}{path}?lang={lang}")
            page.wait_for_selector(ready, state="attached")
            assert page.evaluate("document.documentElement.scrollWidth") <= 320, path
            edges = page.evaluate(
                """() => [...document.querySelectorAll('header.top a')].map(a => {
                  const r = a.getBoundingClientRect(); return [r.left, r.right]; })"""
            )
            for (_, right), (left, _) in itertools.pairwise(edges):
                assert right <= left, (path, edges)  # side by side, none over the next
            assert edges[-1][1] <= 320, edges
            nav = page.locator("header.top nav")
            assert nav.evaluate("n => n.scrollWidth <= n.clientWidth"), path  # none cut off
        page = open_table(context, server, "portugal", lang)
        page.wait_for_function(_READY)
        page.evaluate("window.scrollTo(0, 0)")
        assert_in_view(page, SMALL_PHONE)
    finally:
        context.close()


# The end-of-match panel: its box, and each of its controls' once scrolled into view.
_OVER_BOXES = """() => {
  const over = document.querySelector('#over');
  const box = (e) => { const r = e.getBoundingClientRect(); return [r.top, r.bottom]; };
  const controls = [...over.querySelectorAll('button, a[href]')].map((c) => {
    c.scrollIntoView({block: 'nearest'});
    return [c.id, ...box(c)];
  });
  return {panel: box(over), controls};
}"""


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_end_of_a_match_fits_the_screen_and_scrolls_within_it(
    browser: Any, server: Server, lang: str
) -> None:
    """The end of a match had no height limit: with the claim that decided it, on a small phone
    or a laptop at 200% zoom, its buttons ran under the bottom of the screen, where nothing
    could bring them (the panel stays put as the page scrolls). It fits the screen, at every
    size, and scrolls within itself: each of its buttons can be brought into view."""
    claims = {"name": "Claims", "extends": "portugal-table", "match": {"target_games": 1}}
    context = browser.new_context(viewport=PHONE)
    try:
        page = open_table(context, server, claims, lang=lang)
        claim = page.locator("#actions button[data-action=claim]")
        for _ in range(40):  # the claim is offered once the deal's first card is down
            what = page.wait_for_function(_READY).json_value()
            if claim.count():
                break
            _take_a_step(page, what)
        claim.first.click()
        page.locator("dialog.ask .yes").click()  # a claim ends the match (4 games)
        page.wait_for_selector("#over:not([hidden]) #over-claim:not([hidden])")
        zoomed = [
            {"width": 640, "height": 400},
            {"width": 640, "height": 360},
        ]  # 200%: 1280x800, 1280x720
        turned = {"width": 844, "height": 390}  # a phone held sideways
        for size in (PHONE, DESKTOP, SMALL_PHONE, *zoomed, turned):
            page.set_viewport_size(size)
            shown = page.evaluate(_OVER_BOXES)
            top, bottom = shown["panel"]
            assert top >= 0, (size, shown)
            assert bottom <= size["height"], (size, shown)
            for name, c_top, c_bottom in shown["controls"]:
                assert c_top >= top, (size, name, shown)
                assert c_bottom <= bottom, (size, name, shown)
    finally:
        context.close()


def test_a_size_limit_in_a_portuguese_problem_has_its_thousands_grouped(
    browser: Any, server: Server
) -> None:
    """The page wrote "um texto de 25000 caracteres: o limite é 20000" where the command line
    writes "25 000" and "20 000"."""
    context = browser.new_context(viewport=DESKTOP)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/rules?lang=pt")
        page.wait_for_selector("#card h3")
        page.fill("#paste", "name: Café\nextends: portugal\ndescription: " + "a" * 25_000 + "\n")
        page.click("#check")
        page.wait_for_function(
            "() => document.querySelector('#check-result').textContent.includes('caracteres')"
        )
        said = page.inner_text("#check-result")
        # grouped by a no-break space: the number is never broken at the end of a line
        assert "um texto de 25\u00a0000 caracteres: o limite é 20\u00a0000" in said, said
    finally:
        context.close()
