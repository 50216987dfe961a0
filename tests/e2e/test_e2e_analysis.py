"""The review of a record on the replay page and the hint of a practice table, in Chromium."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .conftest import Server

RECORD = Path(__file__).parent.parent / "analysis" / "ace_in_the_last_tricks.yaml"


def test_the_replay_page_reviews_a_record(context: Any, server: Server) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.url}/replay?lang=pt")
    page.wait_for_selector("#review-record:not([hidden])")
    assert page.inner_text("#review-record") == "Analisar este jogo"
    page.fill("#paste", RECORD.read_text(encoding="utf-8"))
    page.select_option("#review-level", "1")
    page.click("#review-record")
    page.wait_for_selector("#review-body table.review-table")
    assert page.locator("#review-body table.review-table tbody tr:not(.why-row)").count() == 40
    # each card by the trick it was played in, as a player counts them
    assert page.inner_text("#review-body table.review-table thead th >> nth=0") == "vaza"
    tricks = page.locator(
        "#review-body table.review-table tbody tr:not(.why-row) td:first-child"
    ).all_inner_texts()
    assert tricks == [str(i // 4 + 1) for i in range(40)]
    assert page.locator("#review-body svg.review-chart path.expected").count() == 1
    # the chart is no taller than a few lines of text on a wide screen (it was 400 px at 1280)
    chart = page.locator("#review-body svg.review-chart").bounding_box()
    assert chart is not None
    assert 100 < chart["height"] <= 11 * 16 + 1
    # what the chart's line and dots are, said under it
    assert "a vermelho, os erros" in page.inner_text("#review-body .chart-note")
    assert page.locator("#review-body tr.mistake").count() >= 1
    # a record opened here is nobody's in particular: each decision said of its seat
    assert "o lugar 1 deu-lhes A♠" in page.inner_text("#review-body")
    assert "deste-lhes" not in page.inner_text("#review-body")
    assert "Por lugar" in page.inner_text("#review-body")
    # each seat's line counts in words that agree with the number ("1 erro", "2 erros")
    seats = page.locator("#review-body li").all_inner_texts()
    assert len(seats) == 4
    for line in seats:
        found = re.search(r"(\d+) (erros?)$", line)
        assert found is not None, line
        assert found.group(2) == ("erro" if found.group(1) == "1" else "erros"), line
    # cards of the red suits in red
    reds = page.locator("#review-body .red-suit").evaluate_all("xs => xs.map(x => x.textContent)")
    assert reds
    assert all(text[-1] in "♥♦" for text in reds)
    # the rei, valete and dama as a Portuguese player writes them: R, V, D, in the columns and
    # the sentences alike
    rows = "#review-body table.review-table tbody tr:not(.why-row)"
    cells = page.locator(f"{rows} td:nth-child(3), {rows} td:nth-child(4)").all_inner_texts()
    assert any(re.fullmatch(r"[RVD][♠♥♦♣]", cell) for cell in cells), cells
    assert not re.search(r"[KQJ][♠♥♦♣]", page.inner_text("#review-body"))
    assert errors == []


def _review_in_portuguese(page: Any, server: Server) -> None:
    """The replay page in Portuguese reviews `RECORD` at level 1 (quick): wait for its tables."""
    page.goto(f"{server.url}/replay?lang=pt")
    page.wait_for_selector("#review-record:not([hidden])")
    page.fill("#paste", RECORD.read_text(encoding="utf-8"))
    page.select_option("#review-level", "1")
    page.click("#review-record")
    page.wait_for_selector("#review-body table.review-table")


def test_the_review_fits_a_phone_showing_the_mistakes_first(browser: Any, server: Server) -> None:
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        page = phone.new_page()
        _review_in_portuguese(page, server)
        rows = page.locator("#review-body table.review-table tbody tr:not(.why-row)")
        mistakes = page.locator("#review-body tr.mistake:not(.why-row)").count()
        assert page.is_checked("#review-only")  # a phone shows only the mistakes at first
        assert sum(rows.nth(i).is_visible() for i in range(rows.count())) == mistakes
        page.uncheck("#review-only")
        assert rows.nth(0).is_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 391
        # The options of a decision are folded until asked for.
        first = page.locator("#review-body tr.mistake details").first
        assert not first.evaluate("d => d.open")
        first.locator("summary").click()
        assert first.evaluate("d => d.open")
    finally:
        phone.close()


def test_a_deal_without_mistakes_says_so_when_only_the_mistakes_show(
    browser: Any, server: Server
) -> None:
    """On a phone (only the mistakes at first) a deal with none says so, instead of a table
    with nothing but its header; with every decision shown its table is back."""

    def with_a_clean_deal(route: Any) -> None:
        # The real review, and a second deal: the first one again, without its mistakes.
        response = route.fetch()
        body = response.json()
        deal = body["analysis"]["deals"][0]
        clean = [{**d, "mistake": False, "why": None} for d in deal["decisions"]]
        body["analysis"]["deals"].append({**deal, "deal": 2, "decisions": clean})
        route.fulfill(response=response, json=body)

    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        page = phone.new_page()
        page.route("**/api/records/analyse*", with_a_clean_deal)
        _review_in_portuguese(page, server)
        assert page.is_checked("#review-only")
        tables = page.locator("#review-body .review-wrap")
        assert tables.count() == 2
        assert tables.nth(0).is_visible()  # the deal with mistakes shows them
        assert tables.nth(1).is_hidden()
        note = page.locator("#review-body .no-mistakes")
        assert note.count() == 1
        assert note.is_visible()
        assert note.inner_text() == "Nenhum erro nesta mão."
        page.uncheck("#review-only")
        assert tables.nth(1).is_visible()
        assert note.is_hidden()
    finally:
        phone.close()


def test_every_deal_s_table_is_as_wide_as_the_others_on_a_wide_screen(
    browser: Any, server: Server
) -> None:
    """At 1280 wide, a deal whose mistakes had long explanations drew its table across the page
    while a deal with short ones (or none) drew a narrow one beside it: the columns of the
    deals of one review did not line up. Every deal's table is now the page's width."""

    def with_a_clean_deal(route: Any) -> None:
        # The real review, and a second deal: the first one again, with no explanation at all.
        response = route.fetch()
        body = response.json()
        deal = body["analysis"]["deals"][0]
        clean = [{**d, "mistake": False, "why": None} for d in deal["decisions"]]
        body["analysis"]["deals"].append({**deal, "deal": 2, "decisions": clean})
        route.fulfill(response=response, json=body)

    wide = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = wide.new_page()
        page.route("**/api/records/analyse*", with_a_clean_deal)
        _review_in_portuguese(page, server)
        page.uncheck("#review-only")
        widths = page.locator("#review-body table.review-table").evaluate_all(
            "ts => ts.map(t => Math.round(t.getBoundingClientRect().width))"
        )
        assert len(widths) == 2
        body = page.locator("#review-body").evaluate("b => b.clientWidth")
        assert widths[0] == widths[1], widths
        assert widths[0] >= body * 0.9, (widths, body)
    finally:
        wide.close()


def test_a_practice_table_gives_a_hint(context: Any, server: Server) -> None:
    page = context.new_page()
    page.goto(f"{server.url}/play?lang=en")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/table/"))
    page.wait_for_selector("#game:not([hidden])")
    page.wait_for_selector("#hint-box:not([hidden])")
    assert page.inner_text("#hint") == "Hint"
    page.wait_for_selector("#hand .card-button:not([disabled])")
    page.click("#hint")
    page.wait_for_function(
        "() => /Play [AKQJ765432].: your team ends the deal|only choice/"
        ".test(document.querySelector('#hint-text').textContent)"
    )
    # the card advised is marked in the hand, and it is the one the words name
    hinted = page.locator("#hand .card-button.hinted")
    assert hinted.count() == 1
    card = hinted.get_attribute("data-card") or ""
    suit = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[1]]
    said = page.inner_text("#hint-text")
    assert said == "It is the only choice." or f"Play {card[0]}{suit}:" in said, said
    # Once the card is played the advice is about nothing: it goes.
    hinted.click()
    page.wait_for_function("() => document.querySelector('#hint-text').textContent === ''")
    assert page.locator("#hand .card-button.hinted").count() == 0


def test_two_people_allow_hints_with_the_toggle(browser: Any, server: Server) -> None:
    host_ctx, guest_ctx = browser.new_context(), browser.new_context()
    try:
        host = host_ctx.new_page()
        errors: list[str] = []
        host.on("pageerror", lambda exc: errors.append(str(exc)))
        host.goto(f"{server.url}/play?lang=en")
        host.wait_for_selector("#variant option", state="attached")
        host.select_option("#seat2", "human")
        host.click("button[type=submit]")
        host.wait_for_selector("#links:not([hidden])")
        link = host.input_value("#link-list input")
        host.click("#go")
        guest = guest_ctx.new_page()
        guest.goto(link.replace("lang=en", "lang=pt") if "lang=" in link else link)
        for page in (host, guest):
            page.wait_for_selector("#game:not([hidden])")
            page.wait_for_selector("#hint-allow:not([hidden])")
            assert page.locator("#hint").is_hidden()
        assert host.inner_text("#hint-allow") == "Allow hints"
        assert host.get_attribute("#hint-allow", "aria-pressed") == "false"
        host.wait_for_function(
            "() => document.querySelector('#hint-agreed').textContent"
            " === 'Hints agreed by 0 of 2 players'"
        )
        host.click("#hint-allow")
        host.wait_for_function(
            "() => document.querySelector('#hint-allow').getAttribute('aria-pressed') === 'true'"
        )
        guest.wait_for_function(
            "() => / 1 .* 2 /.test(' ' + document.querySelector('#hint-agreed').textContent)"
        )
        assert guest.locator("#hint").is_hidden()
        guest.click("#hint-allow")
        for page in (host, guest):
            page.wait_for_selector("#hint:not([hidden])")
        host.click("#hint-allow")  # withdrawn: the hint goes away again
        for page in (host, guest):
            page.wait_for_selector("#hint", state="hidden")
        assert errors == []
    finally:
        host_ctx.close()
        guest_ctx.close()


def test_a_claim_in_the_review_is_said_in_words(context: Any, server: Server) -> None:
    """A claim's decision (and a redeal's) is shown as the page's words ("acusar", "não
    acusar"), never as the data's true or false."""
    from sueca_rules import Match, dump_record, load_variant

    match = Match(load_variant("portugal-table"), seed=3)
    for _ in range(5):
        match.play(match.legal_cards()[0])
    match.claim(0)  # nobody revoked: a false claim ends the deal
    page = context.new_page()
    page.goto(f"{server.url}/replay?lang=pt")
    page.fill("#paste", dump_record(match.to_record()))
    page.wait_for_selector("#review-record:not([hidden])")
    page.select_option("#review-level", "1")
    page.click("#review-record")
    page.wait_for_selector("#review-body table.review-table")
    cells = page.locator("#review-body table.review-table tbody td").all_inner_texts()
    assert "true" not in cells
    assert "false" not in cells
    assert "acusar" in cells
    # the claim, made after the fifth card, is in the second trick (it showed "—", as a
    # question before the first card)
    claim = page.locator("#review-body table.review-table tbody tr", has_text="acusar").first
    assert claim.locator("td").first.inner_text() == "2"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Open a record first: choose a file, or paste its text above."),
        ("pt", "Primeiro abre um registo: escolhe um ficheiro, ou cola o texto dele acima."),
    ],
)
def test_reviewing_with_no_record_says_to_open_one(
    context: Any, server: Server, lang: str, said: str
) -> None:
    """The review's button is there before any record is open: a tap then says what to do
    first, in the page's language, rather than doing nothing."""
    page = context.new_page()
    page.goto(f"{server.url}/replay?lang={lang}")
    page.wait_for_selector("#review-record:not([hidden])")
    # the list beside the button says what its level is of (a bare "Level" puzzled)
    label = {"en": "Review level", "pt": "Nível da análise"}[lang]
    assert page.inner_text("#review-level-label") == label
    assert page.get_by_label(label).evaluate("e => e.id") == "review-level"
    page.click("#review-record")
    message = page.locator("#review-body [role=alert]")
    message.wait_for()
    assert message.inner_text() == said
    assert page.locator("#review").is_visible()
    box = message.bounding_box()
    assert box is not None
    assert box["y"] + box["height"] <= page.viewport_size["height"]  # in sight
    # once a record is pasted, the same button reviews it
    page.fill("#paste", RECORD.read_text(encoding="utf-8"))
    page.select_option("#review-level", "1")
    page.click("#review-record")
    page.wait_for_selector("#review-body table.review-table")
    assert page.locator("#review-body [role=alert]").count() == 0


def test_a_record_with_no_decision_says_so(context: Any, server: Server) -> None:
    """A record saved before its first card ended the review on an empty "By seat" list."""
    from sueca_rules import Match, dump_record

    page = context.new_page()
    page.goto(f"{server.url}/replay?lang=pt")
    page.fill("#paste", dump_record(Match("portugal", seed=2).to_record()))
    page.wait_for_selector("#review-record:not([hidden])")
    page.click("#review-record")
    said = page.locator("#review-body .no-decisions")
    said.wait_for()
    assert said.inner_text() == "Não há decisões para analisar."
    assert page.locator("#review-body li").count() == 0
    # its deal says so too, where an empty chart was drawn
    assert page.inner_text("#review-body .no-deal-decisions") == (
        "Nenhuma decisão para analisar nesta mão."
    )
    assert page.locator("#review-body svg.review-chart").count() == 0


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Seat 1 asked for a new deal: this deal was not played."),
        ("pt", "O lugar 1 pediu para dar de novo: esta mão não se jogou."),
    ],
)
def test_a_deal_asked_away_names_who_asked_and_draws_no_chart(
    context: Any, server: Server, lang: str, said: str
) -> None:
    """A deal given up for a new one (brasil: a weak hand asks) was a heading over an empty
    chart: it says who asked, and only the deal played has a chart."""
    from sueca_rules import Match, dump_record, load_variant

    match = Match(load_variant("brasil"), seed=16)
    match.choose_trump("bottom")
    match.redeal(1)  # seat 1, asked first, holds a weak hand
    while (decision := match.pending()) is not None and len(match.plays) < 8:
        match.decide(decision.default)  # the next deal: its trump, hands kept, two tricks
    page = context.new_page()
    page.goto(f"{server.url}/replay?lang={lang}")
    page.fill("#paste", dump_record(match.to_record()))
    page.wait_for_selector("#review-record:not([hidden])")
    page.select_option("#review-level", "1")
    page.click("#review-record")
    page.wait_for_selector("#review-body table.review-table")
    assert page.locator("#review-body .redeal-by").all_inner_texts() == [said]
    # one chart, the played deal's, after its heading (the second)
    assert page.locator("#review-body svg.review-chart").count() == 1
    follows = page.evaluate(
        """() => [...document.querySelectorAll('#review-body > *')]
          .map((e) => e.tagName === 'svg' ? 'chart' : e.className || e.tagName)"""
    )
    assert follows.index("chart") > follows.index("H3", follows.index("H3") + 1), follows


def test_a_claim_at_the_count_stays_inside_the_chart(context: Any, server: Server) -> None:
    """A decision at the count (a claim after the fortieth card) was drawn past the chart's right
    edge, cut off."""
    from sueca_rules import dump_record

    from ..golden.make_golden import count_match

    page = context.new_page()
    page.goto(f"{server.url}/replay?lang=en")
    page.fill("#paste", dump_record(count_match("portugal-table", by=0).to_record()))
    page.wait_for_selector("#review-record:not([hidden])")
    page.select_option("#review-level", "1")
    page.click("#review-record")
    page.wait_for_selector("#review-body svg.review-chart path.expected")
    width = float(page.get_attribute("#review-body svg.review-chart", "viewBox").split()[2])
    path = page.get_attribute("#review-body svg.review-chart path.expected", "d") or ""
    xs = [float(x) for x in re.findall(r"[ML]([\d.]+),", path)]
    assert len(xs) > 40  # 40 cards and the claims
    assert max(xs) <= width
    dots = page.locator("#review-body svg.review-chart circle").evaluate_all(
        "cs => cs.map(c => Number(c.getAttribute('cx')))"
    )
    assert all(x <= width for x in dots)
