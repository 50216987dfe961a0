"""The web app as people use it, in headless Chromium: build a house rule and take its file,
see a problem at its line, play against bots with the mouse and the keyboard, download the
record, two people at one table with a reload in the middle, and a stranger turned away."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from sueca_rules import Match, Record, parse_record, parse_variant
from sueca_rules._schema import SCHEMA_FILENAME

from .conftest import Server, press_suggested

# Something to do on a table page: a card to play, a decision to make, or the end.
_READY = """() => {
  const over = document.querySelector('#over');
  if (over && !over.hidden) return 'over';
  if (document.querySelector('.card-button.legal:not([disabled])')) return 'card';
  if (document.querySelector('#actions button.primary')) return 'decide';
  return false;
}"""


def act(page: Any, keyboard: bool = False) -> str:
    """Wait until this page has something to do and do it: play a legal card (typing it
    with `keyboard`), or take the suggested decision (trump, keep the hand, agree the
    count). Returns what it did."""
    what = page.wait_for_function(_READY).json_value()
    version = int(page.evaluate("document.body.dataset.version"))
    if what == "card":
        button = page.locator(".card-button.legal:not([disabled])").first
        card = button.get_attribute("data-card")
        if keyboard:
            page.keyboard.type(card.lower())
        else:
            button.click(position={"x": 10, "y": 24})  # the corner a fanned hand shows
    elif what == "decide":
        press_suggested(page)
        return str(what)
    if what != "over":  # the server answered: the page shows a later state
        page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=version)
    return str(what)


def sit_down(page: Any, server: Server, variant: str | None = None, **seats: str) -> None:
    """On the Play page: choose the rules and the seats (`seat2="human"`), and sit down."""
    page.goto(f"{server.url}/play?lang=en")
    page.wait_for_selector("#variant option", state="attached")
    if variant is not None:
        page.select_option("#variant", variant)
    for seat, kind in seats.items():
        page.select_option(f"#{seat}", kind)
    page.click("button[type=submit]")


def deals_scored(page: Any) -> int:
    return int(page.locator("#score .pad li").count())


def build_short_rules(page: Any, server: Server) -> None:
    """In the builder: start from Portugal, one game wins the match, a 60-60 adds nothing."""
    page.goto(f"{server.url}/rules?lang=en")
    page.wait_for_selector("#card h3")
    page.fill("#f-name", "One-game café rules")
    page.fill("#f-match-target_games", "1")
    page.select_option("#f-scoring-tie-mode", index=0)  # none
    page.wait_for_function(  # both changes previewed (each change is previewed after a pause)
        "() => ['target_games: 1', 'mode: none']"
        ".every(s => document.querySelector('#yaml').textContent.includes(s))"
    )


def test_build_a_house_rule_and_download_its_file(
    context: Any, server: Server, tmp_path: Path
) -> None:
    page = context.new_page()
    build_short_rules(page, server)
    assert "One-game café rules" in page.inner_text("#card h3")
    differences = page.inner_text("#differences")
    assert "Ties" in differences
    assert "partida" in differences.lower()
    with page.expect_download() as download:
        page.click("#download")
    saved = tmp_path / "rules.yaml"
    download.value.save_as(saved)
    text = saved.read_text(encoding="utf-8")
    assert text.startswith(f"# yaml-language-server: $schema={SCHEMA_FILENAME}\n")
    variant = parse_variant(text)
    assert variant.match.target_games == 1
    assert variant.scoring.tie.mode == "none"
    assert variant.extends == "portugal"
    # The same rules in Portuguese: the card, the controls and their help.
    page.click("a.lang-link[data-lang=pt]")
    page.wait_for_selector("#card h3")
    assert page.inner_text("#card h3").startswith("Regras da Sueca")
    assert "Quantos jogos ganham uma partida?" in page.inner_text("#groups")


def test_only_rules_changed_in_the_builder_are_offered_on_the_play_page(
    context: Any, server: Server
) -> None:
    page = context.new_page()
    page.goto(f"{server.url}/rules?lang=en")
    page.wait_for_selector("#card h3")
    page.wait_for_timeout(400)  # the preview of the rules as they start
    page.goto(f"{server.url}/play?lang=en")
    page.wait_for_selector("#variant option", state="attached")
    assert page.locator("#variant option[value=built]").count() == 0  # nothing was built
    build_short_rules(page, server)
    page.goto(f"{server.url}/play?lang=en")
    page.wait_for_selector("#variant option[value=built]", state="attached")


def test_a_problem_is_shown_at_its_line(context: Any, server: Server) -> None:
    page = context.new_page()
    page.goto(f"{server.url}/rules?lang=en")
    page.wait_for_selector("#card h3")
    page.fill("#paste", "name: Café\nextends: portugal\nscoring:\n  tie:\n    mode: triple\n")
    page.click("#check")
    page.wait_for_selector("#listing li.bad")
    bad = page.locator("#listing li.bad")
    assert bad.count() == 1
    assert bad.get_attribute("id") == "line-5"
    assert "triple" in bad.inner_text()
    assert "line 5, column 5" in page.inner_text("#check-result")
    # Not a variant at all: still a message, and the page keeps working.
    page.fill("#paste", "- just\n- a list\n")
    page.click("#check")
    page.wait_for_function(
        "() => document.querySelector('#check-result').textContent.includes('1 problem')"
    )
    page.fill("#paste", "name: Fine\nmatch: {target_games: 2}\n")
    page.click("#check")
    page.wait_for_selector("#check-result .good")
    assert page.input_value("#f-match-target_games") == "2"


def test_play_a_match_against_bots_and_download_the_record(
    context: Any, server: Server, tmp_path: Path
) -> None:
    page = context.new_page()
    build_short_rules(page, server)
    page.click("#play-these")
    page.wait_for_url(re.compile(r"/play"))
    page.wait_for_selector("#variant option[value=built]", state="attached")
    assert page.input_value("#variant") == "built"
    page.select_option("#seat1", "bot:2")
    page.click("button[type=submit]")
    page.wait_for_url(re.compile(r"/table/"))
    page.wait_for_selector("#game:not([hidden])")
    assert page.locator("#hand .card-button").count() == 10
    typed = False
    for _ in range(400):
        what = act(page, keyboard=not typed)
        typed = typed or what == "card"
        if what == "over":
            break
    else:
        pytest.fail("the match did not end")
    assert page.inner_text("#over-title") in (
        "Your team won the match!",
        "The other team won the match.",
    )
    with page.expect_download() as download:
        page.click("#record")
    saved = tmp_path / "match.yaml"
    download.value.save_as(saved)
    match = Match.from_record(parse_record(saved.read_text(encoding="utf-8")))
    assert match.is_over
    assert match.variant.name == "One-game café rules"
    # The end of the match tells the last deal, and shows no deal after it.
    last = match.deals[-1]
    assert f"(deal {last.number})" in page.inner_text("#over-deal")
    if last.result == "won":  # and who won it, with its games, as the summary says it
        assert last.team is not None
        side = "Your team" if last.team == 0 else "The other team"
        won = last.games[last.team]
        said = f"{side} won it: {won} game{'s' if won != 1 else ''}."
        assert said in page.inner_text("#over-deal")
    assert f"Deal {last.number}" in page.inner_text("#scorebar")
    assert page.locator("#hint-box").is_hidden()
    # The end may be put aside to look at the table, the prompt still saying it is over.
    page.click("#over-close")
    assert page.locator("#over").is_hidden()
    assert "over" in page.inner_text("#prompt")
    # the keyboard is left on the button that brings it back
    assert page.evaluate("document.activeElement.id") == "over-open"
    # ... and brought back, with the record and the replay
    page.click("#over-open")
    page.wait_for_selector("#over:not([hidden])")
    assert page.locator("#over-open").is_hidden()
    # Escape puts it aside as well, as it closes any dialog
    page.focus("#replay")
    page.keyboard.press("Escape")
    assert page.locator("#over").is_hidden()
    assert page.evaluate("document.activeElement.id") == "over-open"
    page.click("#over-open")
    page.wait_for_selector("#over:not([hidden])")
    page.reload()
    page.wait_for_selector("#over:not([hidden])")
    # "Replay it" opens this match at once, with no file to choose.
    page.click("#replay")
    page.wait_for_url(re.compile(r"/replay#table="))
    page.wait_for_selector("#viewer:not([hidden])")
    # the board first, the panel to open another record below it
    board, panel = page.locator("#viewer").bounding_box(), page.locator("#open").bounding_box()
    assert board is not None
    assert panel is not None
    assert board["y"] < panel["y"]
    assert page.locator("#deal option").count() == len(match.deals)
    # The seats are named from this player's: it is their own game.
    names = page.locator("#replay-felt .seat-box .who strong").all_inner_texts()
    # each number held to its word by a no-break space ("Seat 1" never broken on a phone)
    assert names == [
        "Seat\u00a00 · you",
        "Seat\u00a01 · rival",
        "Seat\u00a02 · partner",
        "Seat\u00a03 · rival",
    ]
    heads = page.locator("#replay-score th[scope=col]").all_inner_texts()
    assert heads == ["Us (seats 0 & 2)", "Them (seats 1 & 3)"]  # as the table said it
    # ... and so does its review: "seat 0 (you)"
    page.select_option("#review-level", "1")
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url) if "/api/records/analyse" in r.url else None)
    page.click("#review-record")
    page.wait_for_selector("#review-body li")
    # the review knows whose game it is: seat 0's comments are said to "you", the others' of them
    assert len(asked) == 1
    assert "me=0" in asked[0].split("?")[1].split("&")
    seats = page.locator("#review-body li").all_inner_texts()
    assert [line.split(":")[0] for line in seats] == ["seat 0 (you)", "seat 1", "seat 2", "seat 3"]
    # Text changed by hand is nobody's record: reviewed without "Open", it has no "me" either.
    page.fill("#paste", page.input_value("#paste") + "\n")
    page.click("#review-record")
    page.wait_for_selector("#review-body li")
    assert len(asked) == 2
    seats = page.locator("#review-body li").all_inner_texts()
    assert [line.split(":")[0] for line in seats] == ["seat 0", "seat 1", "seat 2", "seat 3"]
    assert not any(q.startswith("me=") for q in asked[1].split("?")[1].split("&"))
    names = page.locator("#replay-felt .seat-box .who strong").all_inner_texts()
    assert names == ["Seat\u00a00", "Seat\u00a01", "Seat\u00a02", "Seat\u00a03"]
    # The replay viewer opens the file and steps through it.
    page.goto(f"{server.url}/replay?lang=en")
    page.set_input_files("#file", str(saved))
    page.wait_for_selector("#viewer:not([hidden])")
    # A record opened from a file is nobody's in particular: the seats by their numbers.
    names = page.locator("#replay-felt .seat-box .who strong").all_inner_texts()
    assert names == ["Seat\u00a00", "Seat\u00a01", "Seat\u00a02", "Seat\u00a03"]
    # Who deals is a badge after the name, as on the table. However narrow the seat's box (a
    # phone's), neither the name nor the badge is broken: the badge moves whole to the next line
    # (a "· deals" in the text used to wrap onto a line of its own, or break mid-word).
    dealer = page.locator("#replay-felt .seat-box .who", has_text="deals")
    assert dealer.locator("strong").inner_text() == f"Seat\u00a0{match.deals[0].dealer}"
    assert dealer.locator(".dealer").inner_text() == "deals"
    lines = dealer.evaluate(
        """who => {
          who.style.width = "3.5rem";  // narrower than "Seat N deals": it has to wrap
          const rects = (e) => new Set([...e.getClientRects()].map((r) => Math.round(r.top))).size;
          const counts = [rects(who.querySelector("strong")), rects(who.querySelector(".dealer"))];
          who.style.width = "";
          return counts;
        }"""
    )
    assert lines == [1, 1]
    page.keyboard.press("ArrowRight")
    assert "trick 1 of" in page.inner_text("#position")
    assert page.locator("#replay-felt .trick .card").count() == 4
    # The home page lists the table this browser joined (from the browser's own storage),
    # with its record while the server keeps it.
    page.goto(f"{server.url}/?lang=en")
    page.wait_for_selector("#my-tables:not([hidden]) li")
    mine = page.locator("#my-tables li")
    assert mine.count() == 1
    assert "One-game café rules" in mine.inner_text()
    href = mine.locator("a", has_text="record").get_attribute("href")
    assert parse_record(page.request.get(f"{server.url}{href}").text()) == parse_record(
        saved.read_text(encoding="utf-8")
    )


def test_two_people_at_one_table_with_a_reload_and_a_stranger(browser: Any, server: Server) -> None:
    host_ctx = browser.new_context(viewport={"width": 1000, "height": 800})
    guest_ctx = browser.new_context(viewport={"width": 390, "height": 844})  # a phone
    stranger_ctx = browser.new_context()
    try:
        host = host_ctx.new_page()
        sit_down(host, server, seat1="bot:1", seat2="human", seat3="bot:1")
        host.wait_for_selector("#links:not([hidden])")
        link = host.input_value("#link-list input")
        assert "#t=" in link
        # the page was opened at 127.0.0.1: its links open on this computer alone, and it says so
        assert "open on this computer only" in host.inner_text("#link-list .loopback")
        assert "--host 0.0.0.0" in host.inner_text("#link-list .loopback")
        host.click("#go")
        host.wait_for_selector("#waiting:not([hidden])")
        assert "not yet joined" in host.inner_text("#waiting-seats")
        assert host.locator("#waiting .loopback").count() == 1  # once, whatever the states

        guest = guest_ctx.new_page()
        guest.goto(link)
        for page in (host, guest):
            page.wait_for_selector("#game:not([hidden])")
        assert guest.evaluate("document.documentElement.scrollWidth") <= 391  # fits a phone
        assert "Partner" in host.inner_text("#seat-top")

        # Play together; the guest reloads in the middle of the deal.
        reloaded = False
        while deals_scored(host) == 0:
            for page in (host, guest):
                page.wait_for_timeout(20)
                ready = page.evaluate(_READY)
                if ready in ("card", "decide"):
                    act(page)
            if not reloaded and guest.locator("#hand .card-button").count() == 7:
                hand = sorted(
                    guest.locator("#hand .card-button").evaluate_all(
                        "bs => bs.map(b => b.dataset.card)"
                    )
                )
                guest.reload()
                guest.wait_for_selector("#game:not([hidden])")
                guest.wait_for_function(
                    "() => document.querySelectorAll('#hand .card-button').length > 0"
                )
                again = sorted(
                    guest.locator("#hand .card-button").evaluate_all(
                        "bs => bs.map(b => b.dataset.card)"
                    )
                )
                assert again == hand
                reloaded = True
        assert reloaded
        # A page opened again tells what happened so far (the deal just scored).
        host.reload()
        host.wait_for_selector("#game:not([hidden])")
        host.wait_for_function("() => document.querySelectorAll('#log li').length > 0")
        told = host.inner_text("#log")
        assert "Deal 1 (" in told or "Deal 1: 60-60" in told, told  # won, or now and then a tie
        # the deal on the table, too, unless that deal ended the match (a bandeira scores 4
        # games, all this table plays for: a few deals in a hundred)
        over = host.locator("#over").is_visible()
        assert "Deal 2 · dealer:" in told or (over and "4 games" in told), told

        # A stranger with a made-up token is turned away; so is a link without one.
        table = host.url.split("/table/")[1].split("#")[0]
        stranger = stranger_ctx.new_page()
        stranger.goto(f"{server.url}/table/{table}#t={'x' * 32}")
        stranger.wait_for_selector("#status.alert")
        assert "not valid for this table" in stranger.inner_text("#status")
        stranger.goto(f"{server.url}/table/{table}")
        stranger.wait_for_selector("#status.alert")
        assert stranger.locator("#game").is_hidden()
    finally:
        for ctx in (host_ctx, guest_ctx, stranger_ctx):
            ctx.close()


def test_a_watch_link_follows_the_table_with_no_hand(browser: Any, server: Server) -> None:
    host_ctx = browser.new_context(viewport={"width": 1000, "height": 800})
    watcher_ctx = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        host = host_ctx.new_page()
        sit_down(host, server, seat1="bot:1", seat2="human", seat3="bot:1")
        host.wait_for_selector("#links:not([hidden])")
        links = host.locator("#link-list input").evaluate_all("xs => xs.map(x => x.value)")
        watch = [link for link in links if "#w=" in link]
        assert len(watch) == 1
        assert all("?hl=en#" in link for link in links)  # the host's language goes with them
        host.click("#go")
        host.wait_for_selector("#waiting:not([hidden])")
        assert host.input_value("#watch-link input") == watch[0]  # in the waiting room too
        watcher = watcher_ctx.new_page()
        watcher.goto(watch[0])
        watcher.wait_for_selector("#waiting:not([hidden])")
        assert watcher.locator("#start").is_hidden()
        host.click("#start")  # seat 2 has not come: a bot plays it for now
        watcher.wait_for_selector("#game:not([hidden])")
        assert watcher.locator("#watching").is_visible()
        assert "Seats 0 & 2" in watcher.inner_text("#scorebar")
        # each seat named once by its number, then who plays it
        names = watcher.locator("[id^=seat-] .who strong").all_inner_texts()
        kinds = watcher.locator("[id^=seat-] .kind").all_inner_texts()
        assert sorted(names) == ["Seat 0", "Seat 1", "Seat 2", "Seat 3"]
        assert len(kinds) == 4
        assert not any("Seat" in kind for kind in kinds), kinds
        for _ in range(3):
            act(host)
        watcher.wait_for_function("() => document.querySelectorAll('#trick .card').length > 0")
        assert watcher.locator("#hand .card-button").count() == 0
        assert watcher.locator("#actions button").count() == 0
        assert watcher.evaluate("document.documentElement.scrollWidth") <= 391
    finally:
        for ctx in (host_ctx, watcher_ctx):
            ctx.close()


def test_a_shared_link_opens_in_the_friends_own_language(browser: Any, server: Server) -> None:
    """The host plays in English; the friend's browser and the watcher's ask for Portuguese:
    their join and watch links open in Portuguese, not in the host's English (which the links
    still carry, for a browser that asks for neither of ours). The friend may still switch."""
    host_ctx = browser.new_context(locale="en-GB")
    friend_ctx = browser.new_context(locale="pt-PT", viewport={"width": 390, "height": 844})
    french_ctx = browser.new_context(locale="fr-FR")
    try:
        host = host_ctx.new_page()
        sit_down(host, server, seat1="human", seat2="bot:1", seat3="bot:1")
        host.wait_for_selector("#links:not([hidden])")
        links = host.locator("#link-list input").evaluate_all("xs => xs.map(x => x.value)")
        join = next(link for link in links if "#t=" in link)
        watch = next(link for link in links if "#w=" in link)
        assert "?hl=en#" in join
        for link in (join, watch):
            page = friend_ctx.new_page()
            page.goto(link)
            page.wait_for_selector("#waiting:not([hidden])")
            assert page.evaluate("document.documentElement.lang") == "pt-PT"
            assert "Lugar 0" in page.inner_text("#waiting"), page.inner_text("#waiting")
            page.close()
        french = french_ctx.new_page()
        french.goto(join)
        french.wait_for_selector("#waiting:not([hidden])")
        assert french.evaluate("document.documentElement.lang") == "en"  # the host's
        friend = friend_ctx.new_page()
        friend.goto(join)
        friend.wait_for_selector("#waiting:not([hidden])")
        friend.click(".lang-link[data-lang=en]")  # the friend's own choice, kept
        friend.wait_for_selector("#waiting:not([hidden])")
        assert friend.evaluate("document.documentElement.lang") == "en"
        assert "#t=" in friend.url  # still at their seat
    finally:
        for ctx in (host_ctx, friend_ctx, french_ctx):
            ctx.close()


def test_bad_input_never_breaks_the_pages(context: Any, server: Server) -> None:
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{server.url}/replay?lang=pt")
    page.fill("#paste", "deals: [[[")
    page.click("#open-record")
    page.wait_for_selector("#problems:not([hidden])")
    assert "não pode ser revisto" in page.inner_text("#problems")
    # A play the rules refuse, said in the page's language: seat 3 holds JS but plays AH.
    hands = [
        ["KS", "2C", "3C", "4C", "5C", "6C", "QC", "JC", "KC", "7C"],
        ["2H", "AS", "2S", "AD", "2D", "3D", "4D", "5D", "6D", "QD"],
        ["7S", "3H", "3S", "JD", "KD", "7D", "4S", "5S", "6S", "QS"],
        ["AC", "4H", "5H", "6H", "QH", "JH", "KH", "7H", "AH", "JS"],
    ]
    deal = {"hands": hands, "trump_card": "2H", "plays": ["KS", "AH"]}
    page.fill("#paste", json.dumps({"variant": "portugal", "first_dealer": 1, "deals": [deal]}))
    page.click("#open-record")
    page.wait_for_function("() => document.querySelector('#problems').innerText.includes('vaza')")
    said = page.inner_text("#problems")
    assert (
        "mão 1, vaza 1: o lugar 3 não pode jogar AH: tinha de assistir a espadas (podia jogar JS)"
        in said
    )
    page.goto(f"{server.url}/table/nope#t=abc")
    page.wait_for_selector("#status.alert")
    page.goto(f"{server.url}/table/%00%ff#t=abc")  # an address no browser can decode
    page.wait_for_selector("#status.alert")
    page.goto(f"{server.url}/rules")
    page.wait_for_selector("#card h3")
    page.fill("#f-match-best_of", "2")
    page.wait_for_selector("#invalid:not([hidden])")
    assert "ímpar" in page.inner_text("#invalid")  # in the page's language (the cookie's pt)
    assert "best_of" not in page.inner_text("#invalid")  # and with no field path
    assert page.locator(".field.invalid").count() == 1
    assert errors == []


def _tie_with_a_false_claim() -> str:
    """A record of one 60-60 deal (legal play only, found by seed) under play-on rules, with a
    claim at the count that was false: the 60-60 still gives the claimant's rivals a game."""
    from sueca_rules import dump_record
    from sueca_rules.bots import advance, make_bot

    golden = Path(__file__).resolve().parent.parent / "golden" / "house"
    variant = Match.from_record(
        parse_record((golden / "play-on-false-claim-at-the-count.yaml").read_text("utf-8"))
    ).variant
    for seed in range(500):
        match = Match(variant, seed=seed)
        bots = [make_bot(1, seed=seat) for seat in range(4)]
        while not match.deals:
            advance(match, bots)
        if match.deals[0].points == (60, 60):
            break
    else:
        pytest.fail("no 60-60 in 500 deals")
    data = match.to_record().to_data()
    data["deals"] = [{**data["deals"][0], "claims": [{"after": 40, "by": 0}]}]
    return dump_record(Record.model_validate(data))


def test_replay_says_the_games_a_60_60_still_gave(context: Any, server: Server) -> None:
    text = _tie_with_a_false_claim()
    replayed = Match.from_record(parse_record(text), allow_unfinished=True).deals[0]
    assert replayed.result == "tie"
    assert replayed.games == (0, 1)
    page = context.new_page()
    page.goto(f"{server.url}/replay?lang=en")
    page.fill("#paste", text)
    page.click("#open-record")
    page.wait_for_selector("#viewer:not([hidden])")
    page.click("#last")
    score = page.inner_text("#replay-score")
    assert "60-60, 0 – 1" in score
    assert "claimed a renúncia after card 40: nobody had revoked" in score


def test_a_table_is_set_up_once_the_rules_are_here(context: Any, server: Server) -> None:
    """The button that sets a table up waits for the list of rules: a tap before it came asked
    for a table under no rules at all (an error, and no table)."""
    page = context.new_page()
    held: list[Any] = []
    page.route("**/api/variants", lambda route: held.append(route))  # held back until released
    page.goto(f"{server.url}/play?lang=en")
    page.wait_for_function("() => document.readyState === 'complete'")
    assert held
    assert page.is_disabled("#create")
    held[0].continue_()
    page.wait_for_selector("#create:not([disabled])")
    assert page.input_value("#variant") == "portugal"
    page.click("#create")
    page.wait_for_url(re.compile(r"/table/"))


def test_a_records_problem_in_a_deal_says_where_on_the_replay_page(
    context: Any, server: Server
) -> None:
    """A broken record pasted into the Portuguese replay page: each problem inside a deal says
    which deal and seat first, as the command line does."""
    page = context.new_page()
    page.goto(f"{server.url}/replay?lang=pt")
    page.fill(
        "#paste",
        "variant: portugal\nfirst_dealer: 0\ndeals:\n"
        "  - hands: [[AS, 7S], [], [], []]\n    trump_card: 2H\n    plays: []\n",
    )
    page.click("#open-record")
    page.wait_for_selector("#problems:not([hidden]) li")
    said = page.locator("#problems li").all_inner_texts()
    assert any("mão 1, cartas do lugar 1: precisa de pelo menos 10" in line for line in said), said


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_dead_link_says_what_happened_and_where_to_go(
    browser: Any, server: Server, lang: str
) -> None:
    """A join, watch or replay link that opens nothing is no dead end: a page in the player's
    language says what happened (a wrong link, a table closed and pruned) and offers a new
    table, the house rules and a record's file; the server's answers keep their status."""
    words = {
        "en": ("This link does not open this table", "This table has closed", "Start a new table"),
        "pt": ("Este link não abre esta mesa", "Esta mesa já fechou", "Começar uma mesa nova"),
    }[lang]
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-GB")
    try:
        page = ctx.new_page()
        page.goto(f"{server.url}/?lang={lang}")
        made = ctx.request.post(
            f"{server.url}/api/tables",
            data={"variant": "portugal", "seats": ["human", "bot:1", "bot:1", "bot:1"]},
        ).json()
        table = made["table"]
        dead = [
            (f"/table/{table}#t={'x' * 32}", "bad_token", words[0]),
            (f"/table/{table}#w={'x' * 32}", "bad_token", words[0]),  # a watch link
            (f"/table/{table}", "bad_token", words[0]),  # no secret at all
            (f"/table/{'z' * 12}#t=abc", "no_table", words[1]),  # closed, and pruned
        ]
        for path, code, title in dead:
            assert ctx.request.get(f"{server.url}{path}").status == 200  # as before
            page.goto("about:blank")
            page.goto(f"{server.url}{path}")
            page.wait_for_selector("#dead")
            assert page.get_attribute("#dead", "data-code") == code
            assert page.inner_text("#dead h1") == title, path
            assert page.locator("#dead .dead-why").count() == 1
            assert page.locator("#dead #status.alert").count() == 1  # the server's words too
            assert page.locator("#game").is_hidden()
            steps = page.locator("#dead .dead-steps a").evaluate_all(
                "xs => xs.map(x => x.getAttribute('href'))"
            )
            assert steps == ["/play", "/rules", "/replay"]
            assert page.inner_text("#dead .dead-steps a.primary") == words[2]
            assert page.title().startswith(title)
            assert page.evaluate("document.documentElement.scrollWidth") <= 391
        # a replay (review) link of a table the server no longer keeps: the same page, and the
        # record's file is opened right below it
        record = ctx.request.get(f"{server.url}/api/tables/{'z' * 12}/record?token=abc")
        assert record.status == 404  # as before
        page.goto(f"{server.url}/replay#table={'z' * 12}&t=abc")
        page.wait_for_selector("#dead")
        assert page.inner_text("#dead h1") == words[1]
        steps = page.locator("#dead .dead-steps a").evaluate_all(
            "xs => xs.map(x => x.getAttribute('href'))"
        )
        assert steps == ["/play", "/rules"]  # the file is opened on this very page
        assert page.locator("#open .dead-here").is_visible()
        assert page.locator("#problems").is_hidden()
        page.click("#dead .dead-steps a.primary")
        page.wait_for_url(re.compile(r"/play$"))
    finally:
        ctx.close()
