"""The house-rules page as a café agrees its rules: what each question does under the rules
chosen so far, on a phone and a desktop, in Portuguese and English."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import Server


def _open(browser: Any, server: Server, lang: str, phone: bool) -> tuple[Any, Any]:
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 800}
    context = browser.new_context(viewport=size, has_touch=phone, is_mobile=phone)
    context.set_default_timeout(20_000)
    page = context.new_page()
    page.goto(f"{server.url}/rules?lang={lang}")
    page.wait_for_selector("#card h3")
    return context, page


def _notes(page: Any) -> dict[str, str]:
    """The questions marked as not used, with what their note says."""
    notes: dict[str, str] = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('.field.unused')]
             .map(f => [f.dataset.path, f.querySelector('.unused-note').textContent]))"""
    )
    return notes


_REVOKE = [
    "revoke.penalty_games",
    "revoke.false_claim",
    "revoke.false_claim_games",
    "revoke.after_false_claim",
    "revoke.accuse",
]


@pytest.mark.parametrize(("lang", "phone"), [("pt", True), ("en", False)])
def test_a_question_the_rules_do_not_use_says_so_and_why(
    browser: Any, server: Server, lang: str, phone: bool
) -> None:
    """Under Portugal a renúncia cannot happen: what it costs is not used, and the page says so
    at each of those questions (a café would otherwise argue over a rule that never applies).
    Making it claimable brings them into play; ignoring false claims leaves their cost unused;
    a 60-60 that gives nothing leaves its amount unused."""
    context, page = _open(browser, server, lang, phone)
    try:
        notes = _notes(page)
        assert sorted(notes) == sorted(_REVOKE)
        revoke_note = {
            "pt": "Não se usa enquanto não se pode renunciar: só conta com a renúncia acusável "
            "(acima).",
            "en": "Not used while a renúncia cannot happen: it counts once the renúncia is "
            "claimable (above).",
        }[lang]
        assert set(notes.values()) == {revoke_note}
        # The note is read with the question (screen readers) and is in view beside it.
        described = page.get_attribute("#f-revoke-penalty_games", "aria-describedby")
        assert "f-revoke-penalty_games-unused" in described.split()
        assert page.locator('[data-path="revoke.accuse"] .unused-note').is_visible()

        page.select_option("#f-revoke-mode", index=1)  # claimable
        page.wait_for_function("() => !document.querySelector('.field.unused')")
        page.select_option("#f-revoke-false_claim", index=1)  # ignored
        page.select_option("#f-scoring-tie-mode", index=0)  # nothing happens
        notes = _notes(page)
        assert sorted(notes) == [
            "revoke.after_false_claim",
            "revoke.false_claim_games",
            "scoring.tie.amount",
            "scoring.tie.stacks",
        ]
        tie_note = {
            "pt": "Não se usa enquanto um 60-60 não dá nada.",
            "en": "Not used while nothing happens after a 60-60.",
        }[lang]
        assert notes["scoring.tie.stacks"] == tie_note
        assert (
            notes["revoke.false_claim_games"]
            == {
                "pt": "Não se usa enquanto uma acusação falsa é ignorada: só conta quando custa um "
                "castigo a quem acusa.",
                "en": "Not used while a false claim is ignored: it counts once a false claim costs "
                "the claimants.",
            }[lang]
        )
        # The rules card agrees: a false claim is rejected, and nothing carries over.
        page.wait_for_function(
            "t => document.querySelector('#card').textContent.includes(t)",
            arg={"pt": "nada passa", "en": "nothing carries over"}[lang],
        )
    finally:
        context.close()


@pytest.mark.parametrize(("lang", "phone"), [("en", True), ("pt", False)])
def test_unticking_the_same_as_the_penalty_keeps_what_a_false_claim_costs(
    browser: Any, server: Server, lang: str, phone: bool
) -> None:
    """At a table where a renúncia costs 3 games and a false claim "the same", unticking "the
    same as the penalty" (to set another cost) starts from those 3 games: the rule does not
    turn, unseen, into a false claim that costs nothing."""
    context, page = _open(browser, server, lang, phone)
    try:
        page.select_option("#f-revoke-mode", index=1)  # claimable
        page.fill("#f-revoke-penalty_games", "3")
        page.locator("#f-revoke-false_claim_games-box input[type=checkbox]").uncheck()
        assert page.input_value("#f-revoke-false_claim_games") == "3"
        page.wait_for_function(
            "() => document.querySelector('#yaml').textContent.includes('false_claim_games: 3')"
        )
        page.fill("#f-revoke-false_claim_games", "1")
        page.wait_for_function(
            "() => document.querySelector('#yaml').textContent.includes('false_claim_games: 1')"
        )
        said = {"en": "a false claim gives the other team 1 game", "pt": "dá 1 jogo aos"}[lang]
        assert said in page.inner_text("#differences")
    finally:
        context.close()


def test_the_clubs_name_is_kept_across_the_language_and_the_rule_set_it_starts_from(
    browser: Any, server: Server
) -> None:
    """A club secretary names the rules first, reads the card in the other language, then picks
    the rule set to start from: the name and the description stay theirs (they were replaced by
    "Portugal · house rules" at each step). A name alone is not offered on the Play page."""
    context, page = _open(browser, server, "pt", True)
    try:
        page.fill("#f-name", "Clube Recreativo do Zé")
        page.fill("#f-description", "As regras do clube, à quinta-feira.")
        page.wait_for_function(
            "() => document.querySelector('#card h3').textContent.includes('Clube Recreativo')"
        )
        page.click("a.lang-link[data-lang=en]")
        page.wait_for_selector("#card h3")
        assert page.input_value("#f-name") == "Clube Recreativo do Zé"
        assert page.input_value("#f-description") == "As regras do clube, à quinta-feira."
        page.select_option("#base", "french")
        page.wait_for_function(
            "() => document.querySelector('#yaml').textContent.includes('extends: french')"
        )
        assert page.input_value("#f-name") == "Clube Recreativo do Zé"
        assert "Everything goes clockwise" in page.inner_text("#card")  # French rules' play
        yaml_text = page.inner_text("#yaml")
        assert "name: Clube Recreativo do Zé" in yaml_text
        assert "As regras do clube" in yaml_text
        # Rules unchanged from French rules: nothing is offered to play as "built".
        page.goto(f"{server.url}/play?lang=en")
        page.wait_for_selector("#variant option", state="attached")
        assert page.locator("#variant option[value=built]").count() == 0
        # Without a name of its own, a new rule set still names itself.
        page.goto(f"{server.url}/rules?lang=en")
        page.wait_for_selector("#card h3")
        page.fill("#f-name", "")
        page.fill("#f-name", "French rules · house rules")
        page.fill("#f-description", "")
        page.select_option("#base", "brasil")
        page.wait_for_function(
            "() => document.querySelector('#f-name').value === 'Brasil · house rules'"
        )
    finally:
        context.close()


def test_shared_rules_open_in_the_friends_own_language(browser: Any, server: Server) -> None:
    """The secretary builds the rules on a Portuguese page (chosen with PT) and shares them: a
    friend whose browser asks for English gets the same rules in English, as a join link opens
    (the link carried `?lang=pt`, which forced Portuguese on everyone)."""
    host = browser.new_context(locale="en-GB", viewport={"width": 390, "height": 844})
    friend = browser.new_context(locale="en-GB", viewport={"width": 1280, "height": 800})
    stranger = browser.new_context(locale="fr-FR")
    try:
        host.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
        page = host.new_page()
        page.goto(f"{server.url}/rules?lang=pt")
        page.wait_for_selector("#card h3")
        page.fill("#f-name", "O nosso café")
        page.fill("#f-match-target_games", "3")
        page.wait_for_function(
            "() => document.querySelector('#yaml').textContent.includes('target_games: 3')"
        )
        page.click("#share")
        page.wait_for_function("() => location.hash.startsWith('#v=')")
        link = page.evaluate("navigator.clipboard.readText()")
        assert "lang=" not in link
        assert "?hl=pt#v=" in link
        assert "?lang=pt#v=" in page.url  # the host's page keeps its own language
        other = friend.new_page()
        other.goto(link)
        other.wait_for_function(
            "() => document.querySelector('#card h3')?.textContent.includes('O nosso café')"
        )
        assert other.evaluate("document.documentElement.lang") == "en"
        assert "How many games win a partida?" in other.inner_text("#groups")
        assert other.input_value("#f-match-target_games") == "3"
        # A browser that asks for neither language gets the host's.
        far = stranger.new_page()
        far.goto(link)
        far.wait_for_selector("#card h3")
        assert far.evaluate("document.documentElement.lang") == "pt-PT"
    finally:
        for ctx in (host, friend, stranger):
            ctx.close()


@pytest.mark.parametrize(("lang", "phone"), [("pt", True), ("en", False)])
def test_a_row_from_120_points_says_it_never_counts_where_120_is_a_bandeira(
    browser: Any, server: Server, lang: str, phone: bool
) -> None:
    """A café adds "120 points: 3 games" to Portugal's rows: under Portugal 120 points is a
    bandeira, so that row never scores. The question says so, and the differences say the game
    is the same; with a bandeira of all ten tricks the row counts and the note goes."""
    context, page = _open(browser, server, lang, phone)
    try:
        page.click("#f-scoring-tiers > button")  # add a row: 101 points
        page.click("#f-scoring-tiers > button")  # and another: 111
        last = page.locator("#f-scoring-tiers .tier").nth(3).locator("input").first
        last.fill("120")
        page.wait_for_function(
            "() => document.querySelector('#yaml').textContent.includes('min_points: 120')"
        )
        note = {
            "pt": "A linha dos 120 pontos nunca conta enquanto a bandeira for os 120 pontos",
            "en": "The row from 120 points never counts while a bandeira is all 120 points",
        }[lang]
        assert note in _notes(page)["scoring.tiers"]
        page.select_option("#f-scoring-bandeira-requires", index=1)  # all ten tricks
        page.wait_for_function(
            "() => !document.querySelector('.field.unused[data-path=\"scoring.tiers\"]')"
        )
        assert "scoring.tiers" not in _notes(page)
    finally:
        context.close()
