"""The tournament pages in a real Chromium: the organiser enters a score with the page's form,
the players' page shows it, the printable page prints (no style or script blocked by the app's
content security policy on any of them)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from sueca_rules import load_variant
from sueca_rules.tournament import Team, create, load_tournament, pair, save_tournament

from .conftest import Server
from .test_e2e_look import _SMALL_TARGETS, DESKTOP, PHONE, _axe_problems


class TournamentServer(Server):
    """The web app with a tournament file's pages."""

    def __init__(self, path: Path) -> None:
        super().__init__()
        from sueca_rules.web import Settings, create_app

        self.app = create_app(Settings.for_tests(), tournament=path)
        self.server.config.app = self.app  # uvicorn loads its app when it starts


@pytest.fixture
def cup(tmp_path: Path, e2e_ready: None) -> Iterator[tuple[Path, TournamentServer]]:
    path = tmp_path / "cup.yaml"
    names = ["Os Ases", "<b>Reis</b>", "A Bisca", "A Bandeira"]
    variant = load_variant("portugal-best-of-3")
    save_tournament(
        pair(create([Team(name=n) for n in names], "round_robin", variant=variant)), path
    )
    server = TournamentServer(path)
    with server:
        yield path, server


def _watch(page: Any) -> list[str]:
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    return problems


def test_the_organiser_enters_a_score_and_the_players_see_it(
    context: Any, cup: tuple[Path, TournamentServer]
) -> None:
    path, server = cup
    page = context.new_page()
    problems = _watch(page)
    organiser = server.url + server.app.state.tournament.organiser_path
    page.goto(organiser + "?lang=pt")
    assert page.locator("h1").inner_text().endswith("Organização")
    form = page.locator("form.score").first
    form.locator('input[name="a"]').fill("2")
    form.locator('input[name="b"]').fill("1")
    form.locator("button").click()
    page.wait_for_selector("text=Guardado.")
    t, _ = load_tournament(path)
    result = t.rounds[0].tables[0].result
    assert result is not None
    assert result.score == [2, 1]
    players = context.new_page()
    players_problems = _watch(players)
    players.goto(server.url + "/tournament?lang=en")
    assert "2-1" in players.locator("table.tt").first.inner_text()
    assert players.locator("text=<b>Reis</b>").count() >= 1  # shown as text, not markup
    players.select_option('select[name="team"]', "A Bisca")
    players.locator("form button").click()
    assert "Round 1: table" in players.locator(".next").inner_text()
    assert problems == []
    assert players_problems == []


@pytest.mark.parametrize("blank", ["score", "no-show"])
def test_a_score_left_blank_is_refused_in_the_pages_language_not_the_browsers(
    browser: Any, cup: tuple[Path, TournamentServer], blank: str
) -> None:
    """In an English browser, the Portuguese organiser's page refuses a score left blank (or a
    no-show with no team picked) in Portuguese, at its table: the browser's own check said it
    in the browser's language ("Please fill out this field.") and sent nothing."""
    path, server = cup
    context = browser.new_context(locale="en-US")
    try:
        page = context.new_page()
        page.goto(server.url + server.app.state.tournament.organiser_path + "?lang=pt")
        before = path.read_bytes()
        form = page.locator("form.score").nth(0 if blank == "score" else 1)
        form.locator("button").click()
        alert = page.locator("p.issues[role=alert]").first
        alert.wait_for()
        said = alert.inner_text()
        expected = {"score": "Partidas ganhas pela equipa", "no-show": "Falta de comparência"}
        assert said.startswith(expected[blank]), said
        assert not {"Please", "field", "fill"} & set(said.split())
        assert path.read_bytes() == before
    finally:
        context.close()


def test_the_printable_page_prints(context: Any, cup: tuple[Path, TournamentServer]) -> None:
    _, server = cup
    page = context.new_page()
    problems = _watch(page)
    page.goto(server.url + "/tournament/print")
    page.emulate_media(media="print")
    assert page.locator("section.sheet").count() == 2
    assert page.eval_on_selector("section.standings", "e => getComputedStyle(e).breakBefore") == (
        "page"
    )
    border = page.eval_on_selector("section.sheet", "e => getComputedStyle(e).borderTopWidth")
    assert border == "2px"  # the stylesheet was applied
    assert len(page.pdf()) > 1000
    assert problems == []


def test_the_tournament_pages_fit_a_phone(browser: Any, cup: tuple[Path, TournamentServer]) -> None:
    """At 390 px no page is wider than the screen: the tables scroll in their own boxes, a
    round's tables are stacked with the organiser's forms on rows of their own."""
    _path, server = cup
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        page = phone.new_page()
        organiser = server.url + server.app.state.tournament.organiser_path
        for url in (organiser, server.url + "/tournament", server.url + "/tournament/print"):
            for lang in ("pt", "en"):
                page.goto(f"{url}?lang={lang}")
                width = page.evaluate("document.documentElement.scrollWidth")
                assert width <= 391, (url, lang, width)
        page.goto(organiser + "?lang=pt")
        button = page.locator("form.score button").first
        box = button.bounding_box()
        assert box is not None
        assert box["x"] + box["width"] <= 390  # the "Registar" button can be reached
        # The standings fit the phone, one card a team: nothing scrolls sideways, the rank,
        # the team's name and its points on the card's first line, the rest under them, each
        # number after its words.
        for url in (organiser, server.url + "/tournament", server.url + "/tournament/print"):
            for lang in ("pt", "en"):
                page.goto(f"{url}?lang={lang}")
                table = page.locator("table.standings").last
                assert table.evaluate("t => t.scrollWidth <= t.clientWidth"), (url, lang)
                if "/print" not in url:
                    wrap = page.locator(".tt-wrap:has(.standings)")
                    assert wrap.evaluate("w => w.scrollWidth <= w.clientWidth"), (url, lang)
                cards = table.evaluate(
                    """t => [...t.querySelectorAll('tbody tr')].map(tr => {
                      const box = (s) => tr.querySelector(s).getBoundingClientRect();
                      const [rank, team, pts] = [box('td:nth-child(1)'), box('td:nth-child(2)'),
                                                  box('td.pts')];
                      const more = [...tr.querySelectorAll('td.more')].map(
                        td => td.getBoundingClientRect());
                      return {inside: [rank, team, pts, ...more].every(
                                r => r.left >= 0 && r.right <= innerWidth),
                              firstLine: Math.abs(rank.top - team.top) < 4 && pts.top < team.bottom,
                              under: more.every(r => r.top >= team.bottom - 1),
                              said: getComputedStyle(tr.querySelector('td.more'), '::before')
                                .content};
                    })"""
                )
                assert len(cards) == 4, (url, lang)
                for card in cards:
                    assert card["inside"], (url, lang, card)
                    assert card["firstLine"], (url, lang, card)
                    assert card["under"], (url, lang, card)
                    assert len(card["said"]) > 3, card  # its words before the number
    finally:
        phone.close()


def test_a_long_tournament_name_wraps_on_a_phone(
    browser: Any, tmp_path: Path, e2e_ready: None
) -> None:
    """The bar at the top starts with the tournament's name: a long one (they have up to 60
    characters) wraps above the links, and pushes neither them nor the page past the screen."""
    path = tmp_path / "cup.yaml"
    name = "Torneio de Sueca da Associação Recreativa de São João 2026"
    teams = [Team(name=n) for n in ("Os Ases", "Os Reis", "A Bisca")]
    save_tournament(pair(create(teams, "round_robin", name=name)), path)
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        with TournamentServer(path) as server:
            page = phone.new_page()
            organiser = server.url + server.app.state.tournament.organiser_path
            for url in (organiser, server.url + "/tournament"):
                for lang in ("pt", "en"):
                    page.goto(f"{url}?lang={lang}")
                    width = page.evaluate("document.documentElement.scrollWidth")
                    assert width <= 391, (url, lang, width)
                    right = page.evaluate(
                        "Math.max(...[...document.querySelectorAll('header.top a')]"
                        ".map(a => a.getBoundingClientRect().right))"
                    )
                    assert right <= 390, (url, lang, right)
    finally:
        phone.close()


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_axe_finds_no_serious_problem_on_the_tournament_pages(
    browser: Any, cup: tuple[Path, TournamentServer], axe: str, lang: str
) -> None:
    """The organiser's, the players' and the printable page, on a phone (where the tables
    scroll in their boxes: the keyboard reaches them) and on a desktop."""
    _path, server = cup
    organiser = server.url + server.app.state.tournament.organiser_path
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, bypass_csp=True)
    desk = browser.new_context(viewport=DESKTOP, bypass_csp=True)
    try:
        problems = {}
        for where, context in (("phone", phone), ("desktop", desk)):
            page = context.new_page()
            for url in (organiser, server.url + "/tournament", server.url + "/tournament/print"):
                page.goto(f"{url}?lang={lang}")
                if found := _axe_problems(page, axe):
                    problems[f"{url} ({where})"] = found
        assert not problems, problems
    finally:
        phone.close()
        desk.close()


def test_the_players_page_reloads_itself_but_not_while_a_team_is_chosen(
    context: Any, cup: tuple[Path, TournamentServer]
) -> None:
    """Every 30 seconds the players' page shows the results come in since; not while its reader
    is choosing their team in the list (the reload would close it and lose the choice)."""
    _path, server = cup
    page = context.new_page()
    page.clock.install()
    page.goto(server.url + "/tournament?lang=pt")
    page.evaluate("window.sameLoad = true")
    page.focus('select[name="team"]')
    page.clock.run_for(65_000)
    assert page.evaluate("window.sameLoad === true")  # still the page the reader is using
    page.locator("h1").click()  # the list is left
    with page.expect_navigation():
        page.clock.run_for(31_000)
    assert page.evaluate("window.sameLoad === undefined")
    assert "Classificação" in page.inner_text("main")


def _axe_everything(page: Any, axe_source: str) -> list[str]:
    """Every axe finding (moderate and minor ones too: a page without its `<main>` landmark is
    a moderate one)."""
    page.add_script_tag(content=axe_source)
    found = page.evaluate(
        """async () => {
      const r = await axe.run(document, {runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa',
        'best-practice']});
      return r.violations.map(v => v.impact + ' ' + v.id + ': '
        + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(' | '));
    }"""
    )
    return [str(x) for x in found]


_GRID_IN_ITS_BOX = """() => [...document.querySelectorAll('section.sheet')].map(s => {
  const box = s.getBoundingClientRect(), grid = s.querySelector('table').getBoundingClientRect();
  return [grid.left >= box.left, grid.right <= box.right - 2];
}).flat().every(Boolean)"""


@pytest.mark.parametrize("best_of", [3, 5])
def test_the_printable_page_fits_its_score_sheets_and_has_its_landmark(
    browser: Any, tmp_path: Path, e2e_ready: None, axe: str, best_of: int
) -> None:
    """The page `standings --html` writes, opened as a file, and the web app's: at 390 px and
    1280 px wide, in both languages, each sheet's score grid stays in its box (it spilled out at
    390 px), the page does not scroll sideways, and axe finds nothing at all."""
    from sueca_rules import Variant
    from sueca_rules.tournament import record_result, tournament_html

    variant = Variant.model_validate(
        {"name": "Best of some", "extends": "portugal", "match": {"best_of": best_of}}
    )
    names = ["Manilhas do Bairro Alto", "Os Reis", "Associação Recreativa", "A Bisca"]
    t = pair(create([Team(name=n) for n in names], "knockout", variant=variant, third_place=True))
    win = (best_of // 2 + 1, 0)
    t = pair(record_result(record_result(t, variant, 1, 1, score=win), variant, 1, 2, score=win))
    path = tmp_path / "cup.yaml"
    save_tournament(t, path)
    files = {}
    for lang in ("en", "pt"):
        files[lang] = tmp_path / f"cup-{lang}.html"
        files[lang].write_text(tournament_html(t, variant, lang=lang), encoding="utf-8")
    problems: dict[str, object] = {}
    with TournamentServer(path) as server:
        for size in (PHONE, DESKTOP):
            phone = size["width"] < 600
            context = browser.new_context(
                viewport=size, is_mobile=phone, has_touch=phone, bypass_csp=True
            )
            try:
                page = context.new_page()
                for lang in ("en", "pt"):
                    web = f"{server.url}/tournament/print?lang={lang}"
                    for url in (files[lang].as_uri(), web):
                        page.goto(url)
                        where = f"{url} at {size['width']}"
                        assert page.locator("section.sheet").count() == 2, where
                        if not page.evaluate(_GRID_IN_ITS_BOX):
                            problems[where] = "a score grid is out of its box"
                        width = page.evaluate("document.documentElement.scrollWidth")
                        if width > size["width"]:
                            problems[where] = f"the page is {width} px wide"
                        if found := _axe_everything(page, axe):
                            problems[where] = found
            finally:
                context.close()
    assert not problems, problems


@pytest.mark.parametrize("lang", ["pt", "en"])
def test_the_bars_links_do_not_overlap_on_a_touch_phone(
    browser: Any, cup: tuple[Path, TournamentServer], lang: str
) -> None:
    """On a touch phone the languages are a finger wide: the link to the printable page
    ("Página para imprimir") beside a tournament's name must not be squeezed under them or
    broken past the bar; it goes to a line of its own instead (the languages, on a line of their
    own after a short name, stay at the right)."""
    path, server = cup
    t, _variant = load_tournament(path)
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = phone.new_page()
        organiser = server.url + server.app.state.tournament.organiser_path
        for name, url in itertools.product(
            ("Torneio da Primavera", "Taça do Café"), (organiser, server.url + "/tournament")
        ):
            save_tournament(t.model_copy(update={"name": name}), path)
            page.goto(f"{url}?lang={lang}")
            assert page.inner_text("header.top .brand") == name
            langs = page.evaluate(
                "Math.max(...[...document.querySelectorAll('header.top .langs a')]"
                ".map(a => a.getBoundingClientRect().right))"
            )
            assert langs >= PHONE["width"] - 16, (name, langs)  # at the right
            boxes = page.evaluate(
                """() => { const bar = document.querySelector('header.top').getBoundingClientRect();
                  return { bar: [bar.top, bar.bottom], links: [...document.querySelectorAll(
                    'header.top a')].map(a => { const r = a.getBoundingClientRect();
                    return [a.textContent.trim(), r.left, r.top, r.right, r.bottom]; }) }; }"""
            )
            links = boxes["links"]
            for _name, _left, top, right, bottom in links:
                assert boxes["bar"][0] - 0.5 <= top, boxes
                assert bottom <= boxes["bar"][1] + 0.5, boxes
                assert right <= PHONE["width"], boxes
            for i, a in enumerate(links):
                for b in links[i + 1 :]:
                    apart = a[3] <= b[1] or b[3] <= a[1] or a[4] <= b[2] or b[4] <= a[2]
                    assert apart, (a, b)
            lines = page.locator("header.top nav a").evaluate(
                "a => { const r = document.createRange(); r.selectNodeContents(a);"
                " return new Set([...r.getClientRects()].map(b => Math.round(b.top))).size; }"
            )
            assert lines == 1  # the link on one line
    finally:
        phone.close()


def test_every_control_is_big_enough_for_a_finger_on_the_tournament_pages(
    browser: Any, cup: tuple[Path, TournamentServer]
) -> None:
    """On a touch phone the organiser's controls and a table's join links (one under another,
    once the table is played online) are each a finger tall, as on the app's other pages."""
    _path, server = cup
    small = _SMALL_TARGETS.replace(".back-up')", ".back-up, ul.links a')")
    assert small != _SMALL_TARGETS
    phone = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    try:
        page = phone.new_page()
        organiser = server.url + server.app.state.tournament.organiser_path
        page.goto(f"{organiser}?lang=pt")
        with page.expect_navigation():  # the page after the form's answer, its styles loaded
            page.locator("form[action$='/online'] button").first.click()
        assert page.locator("ul.links a").count() == 5  # the four seats and the watch link
        assert page.evaluate(small) == [], page.url
        page.goto(f"{server.url}/tournament?lang=pt")
        assert page.evaluate(small) == [], page.url
    finally:
        phone.close()


def test_a_two_digit_rank_does_not_touch_its_team_on_a_phone(
    browser: Any, tmp_path: Path, e2e_ready: None
) -> None:
    """On a phone each team's card starts with its rank: "10." to "12." of a twelve-team
    tournament end before the team's name begins, on the web pages and the printable page, as
    "1." does (they ran into the name: "10.A Bisca")."""
    path = tmp_path / "cup.yaml"
    teams = [Team(name=f"Equipa {n}") for n in "ABCDEFGHIJKL"]
    save_tournament(pair(create(teams, "round_robin")), path)
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    try:
        with TournamentServer(path) as server:
            page = phone.new_page()
            for url in ("/tournament", "/tournament/print"):
                page.goto(f"{server.url}{url}?lang=pt")
                gaps = page.evaluate(
                    "[...document.querySelectorAll('table.standings tbody tr')].map(tr => {"
                    "const rank = tr.querySelector('.rank').getBoundingClientRect();"
                    "return tr.querySelector('.team').getBoundingClientRect().left - rank.right;"
                    "})"
                )
                assert len(gaps) == 12
                assert min(gaps) >= 4, (url, gaps)  # a space's width at least
    finally:
        phone.close()


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_a_players_table_page_says_which_tournament_table_it_is(
    browser: Any, cup: tuple[Path, TournamentServer], lang: str, size: dict[str, int]
) -> None:
    """A player who opens a join link of a tournament's table sees which it is: the
    tournament's name, its round and table, in the waiting room, over the score pad once the
    match has begun and in the page's title, in the page's language."""
    _path, server = cup
    context = browser.new_context(viewport=size)
    try:
        page = context.new_page()
        problems = _watch(page)
        organiser = server.url + server.app.state.tournament.organiser_path
        page.goto(f"{organiser}?lang={lang}")
        with page.expect_navigation():
            page.locator("form[action$='/online'] button").first.click()
        join = page.locator("ul.links a").first.get_attribute("href")
        assert join is not None
        page.goto(server.url + join)  # (its hl= is the organiser's page's language)
        name = load_tournament(_path)[0].name
        said = {"en": f"{name} · round 1, table 1", "pt": f"{name} · ronda 1, mesa 1"}[lang]
        waiting = page.locator("#waiting [data-place]")
        waiting.wait_for()
        assert waiting.inner_text() == said
        assert page.title() == f"{said} · Sueca"
        page.screenshot(path=f"/tmp/tournament-place-{lang}-{size['width']}.png")
        page.goto(f"{organiser}?lang={lang}")  # the organiser starts it: stand-ins play
        with page.expect_navigation():
            page.locator("form[action$='/start'] button").first.click()
        page.goto(server.url + join)
        page.screenshot(path=f"/tmp/tournament-place-game-{lang}-{size['width']}.png")
        page.locator("#game").wait_for()
        pad = page.locator(".side [data-place]")
        assert pad.inner_text() == said
        assert problems == []
    finally:
        context.close()
