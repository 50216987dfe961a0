"""Four friends in a café, each on a phone: a phone that loses the network or sleeps mid-deal,
the same seat opened on two phones. Each page must say what happens in its own language, come
back by itself, and never play a card twice or lose one."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .conftest import Server
from .test_e2e_look import PHONE
from .test_e2e_web import _READY, act

OFFLINE = {
    "en": "No network: the table comes back by itself when the connection does.",
    "pt": "Sem rede: a mesa volta sozinha quando a ligação voltar.",
}
NOT_SENT = {
    "en": "Not connected: nothing was sent. Do it again once the table is back.",
    "pt": "Sem ligação: nada foi enviado. Volta a fazê-lo quando a mesa voltar.",
}
RECONNECTING = {"en": "Connection lost: reconnecting…", "pt": "Ligação perdida: a voltar a ligar…"}
REPLACED = {
    "en": "This seat was opened in another window or on another phone",
    "pt": "Este lugar foi aberto noutra janela ou noutro telemóvel",
}
TAKEN_OVER = {
    "en": "This seat was open in another window or on another phone",
    "pt": "Este lugar estava aberto noutra janela ou noutro telemóvel",
}


@pytest.fixture
def phones(browser: Any) -> Iterator[Any]:
    """A phone each (390x844, touch), in the language asked for."""
    made: list[Any] = []

    def phone(lang: str) -> Any:
        ctx = browser.new_context(
            viewport=PHONE,
            has_touch=True,
            is_mobile=True,
            locale="pt-PT" if lang == "pt" else "en-GB",
        )
        ctx.set_default_timeout(20_000)
        made.append(ctx)
        return ctx

    yield phone
    for ctx in made:
        ctx.close()


def _table(ctx: Any, server: Server) -> dict[str, Any]:
    return _table_of(ctx, server, ["human", "human", "bot:1", "bot:1"])


def _table_of(ctx: Any, server: Server, seats: list[str]) -> dict[str, Any]:
    body = {"variant": "portugal", "seats": seats}
    answer = ctx.request.post(f"{server.url}/api/tables", data=body)
    assert answer.ok, answer.text()
    table: dict[str, Any] = answer.json()
    return table


def _open(ctx: Any, server: Server, path: str) -> Any:
    page = ctx.new_page()
    page.goto(f"{server.url}{path}")
    return page


def _hand(page: Any) -> list[str]:
    cards: list[str] = page.evaluate(
        "[...document.querySelectorAll('#hand [data-card]')].map(b => b.dataset.card)"
    )
    return cards


def _until_turn(pages: list[Any], mover: Any) -> None:
    """Play on (every page its legal card or decision) until `mover` has a card to play."""
    for _ in range(200):
        if mover.evaluate(_READY) == "card":
            return
        for page in pages:
            if page is not mover and page.evaluate(_READY) in ("card", "decide"):
                act(page)
        mover.wait_for_timeout(100)
    raise AssertionError("never the mover's turn")


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_phone_that_loses_the_network_says_so_and_comes_back_with_no_card_lost(
    phones: Any, server: Server, lang: str
) -> None:
    """A friend's phone goes offline at their turn: the page says so in its language (at once,
    not after a timeout), a card tapped meanwhile is said not sent (and stays in the hand);
    back online, the page joins again by itself, with no reload, and the card is played once."""
    host_ctx, friend_ctx = phones("en"), phones(lang)
    table = _table(host_ctx, server)
    host = _open(host_ctx, server, table["links"][0]["path"])
    friend = _open(friend_ctx, server, table["links"][1]["path"])
    for page in (host, friend):
        page.wait_for_selector("#game:not([hidden])")
    _until_turn([host, friend], friend)
    hand = _hand(friend)
    card = friend.locator(".card-button.legal:not([disabled])").first.get_attribute("data-card")
    friend.evaluate("window.__loaded = true")  # gone if the page were loaded again

    friend_ctx.set_offline(True)
    friend.wait_for_function(
        "t => document.querySelector('#status').textContent === t", arg=OFFLINE[lang]
    )
    friend.locator(f'.card-button[data-card="{card}"]').click()
    assert friend.inner_text("#toast") == NOT_SENT[lang]
    assert _hand(friend) == hand
    friend.wait_for_timeout(3000)

    friend_ctx.set_offline(False)
    friend.wait_for_function("() => document.querySelector('#status').textContent === ''")
    assert friend.evaluate("window.__loaded") is True
    assert _hand(friend) == hand  # nothing was played for the friend while they were away
    version = int(friend.evaluate("document.body.dataset.version"))
    friend.locator(f'.card-button[data-card="{card}"]').click()
    friend.wait_for_function("v => Number(document.body.dataset.version) > v", arg=version)
    assert _hand(friend) == [c for c in hand if c != card]
    # the host's table has the friend's hand one card shorter: the card was played once
    host.wait_for_function(
        "n => window.suecaState && window.suecaState.hand_sizes[1] === n", arg=len(hand) - 1
    )
    host.wait_for_timeout(300)
    assert host.evaluate("window.suecaState.hand_sizes[1]") == len(hand) - 1


def test_a_socket_that_died_unseen_is_found_and_the_page_joins_again(
    phones: Any, server: Server
) -> None:
    """A phone's socket can look open long after its network went (a phone that slept, a café's
    Wi-Fi): the page asks when it is shown again, and a socket that does not answer is given
    up and the table joined again by itself; the old socket's late close changes nothing."""
    ctx = phones("pt")
    table = _table(ctx, server)
    page = ctx.new_page()
    routes: list[Any] = []
    dead: set[int] = set()

    def route(ws: Any) -> None:
        number = len(routes)
        routes.append(ws)
        upstream = ws.connect_to_server()
        ws.on_message(lambda m: None if number in dead else upstream.send(m))
        upstream.on_message(lambda m: None if number in dead else ws.send(m))

    page.route_web_socket("**/ws/tables/**", route)
    page.goto(f"{server.url}{table['links'][0]['path']}")
    page.wait_for_selector("#waiting:not([hidden])")
    dead.add(0)  # the network went, and nobody told the socket
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # the phone wakes
    page.wait_for_function(
        "t => document.querySelector('#status').textContent === t", arg=RECONNECTING["pt"]
    )
    page.wait_for_function("() => document.querySelector('#status').textContent === ''")
    assert len(routes) == 2
    routes[0].close(code=4000, reason="late")  # the dead socket's close, long after
    page.wait_for_timeout(500)
    assert page.inner_text("#status") == ""
    assert page.locator("#waiting").is_visible()


def test_the_same_seat_opened_on_two_phones_is_said_to_both_and_can_be_taken_back(
    phones: Any, server: Server
) -> None:
    """A friend opens the host's link by mistake: the friend's page says the seat was open
    elsewhere (in Portuguese), the host's says it is played elsewhere now (in English) with a
    button to play it here again, which works and tells the friend's page in turn."""
    host_ctx, friend_ctx = phones("en"), phones("pt")
    table = _table(host_ctx, server)
    host = _open(host_ctx, server, table["links"][0]["path"])
    host.wait_for_selector("#waiting:not([hidden])")
    friend = _open(friend_ctx, server, table["links"][0]["path"])
    friend.wait_for_function(
        "t => document.querySelector('#toast').textContent.startsWith(t)", arg=TAKEN_OVER["pt"]
    )
    host.wait_for_function(
        "t => document.querySelector('#status').textContent.startsWith(t)", arg=REPLACED["en"]
    )
    assert host.locator("#waiting").is_hidden()
    host.locator("#take-back").click()
    host.wait_for_selector("#waiting:not([hidden])")
    assert host.inner_text("#status") == ""
    host.wait_for_function(
        "t => document.querySelector('#toast').textContent.startsWith(t)", arg=TAKEN_OVER["en"]
    )
    friend.wait_for_function(
        "t => document.querySelector('#status').textContent.startsWith(t)", arg=REPLACED["pt"]
    )
    # and the table goes on: the second friend joins and the host plays
    other = _open(friend_ctx, server, table["links"][1]["path"])
    host.wait_for_selector("#game:not([hidden])")
    _until_turn([host, other], host)
    version = int(host.evaluate("document.body.dataset.version"))
    host.locator(".card-button.legal:not([disabled])").first.click()
    host.wait_for_function("v => Number(document.body.dataset.version) > v", arg=version)


def test_a_phone_back_after_a_bot_played_for_it_says_so(phones: Any, e2e_ready: None) -> None:
    """A friend's phone is offline while the others play on and its stand-in bot plays for it:
    back online, the page says (in Portuguese) how many cards the bot played, the cards gone
    from its hand."""
    with Server(away_seconds=0.0, bot_delay=0.05) as server:
        host_ctx, friend_ctx = phones("en"), phones("pt")
        table = _table(host_ctx, server)
        host = _open(host_ctx, server, table["links"][0]["path"])
        friend = _open(friend_ctx, server, table["links"][1]["path"])
        for page in (host, friend):
            page.wait_for_selector("#game:not([hidden])")
        friend_ctx.set_offline(True)
        friend.wait_for_function(
            "t => document.querySelector('#status').textContent === t", arg=OFFLINE["pt"]
        )
        host.wait_for_function("() => document.querySelector('#seat-left .away') !== null")
        for _ in range(3):
            _until_turn([host], host)
            act(host)
        friend_ctx.set_offline(False)
        friend.wait_for_function("() => document.querySelector('#status').textContent === ''")
        friend.wait_for_function(
            "() => /^Enquanto estiveste fora, um bot jogou \\d+ cartas? por ti\\.$/"
            ".test(document.querySelector('#toast').textContent)"
        )
        said = friend.inner_text("#toast")
        gone = 10 - len(_hand(friend))
        assert gone >= 1
        assert said == (
            "Enquanto estiveste fora, um bot jogou "
            + (f"{gone} carta por ti." if gone == 1 else f"{gone} cartas por ti.")
        )


def test_the_hint_button_comes_when_its_script_loads_after_the_first_state(
    phones: Any, server: Server
) -> None:
    """A slow phone (café Wi-Fi) may load the hint's script after the table's first state came
    in: at a practice table the Hint button still comes (it stayed hidden until the next state,
    which never came while the table waited for this player's card)."""
    ctx = phones("pt")
    body = {"variant": "portugal", "seats": ["human", *["bot:1"] * 3], "seed": 9}
    answer = ctx.request.post(f"{server.url}/api/tables", data=body)
    assert answer.ok, answer.text()
    page = ctx.new_page()

    def late(route: Any) -> None:
        page.wait_for_timeout(1500)
        route.continue_()

    page.route("**/static/js/hint.js*", late)
    page.goto(f"{server.url}{answer.json()['links'][0]['path']}")
    page.wait_for_selector(".card-button.legal:not([disabled])")
    page.wait_for_selector("#hint:not([hidden])", timeout=5000)


HOST_GONE = {
    "en": "The host has left the table. The match starts when everyone has joined, or start it "
    "now: bots play the empty seats until their players arrive.",
    "pt": "O anfitrião saiu da mesa. O encontro começa quando todos tiverem entrado, ou "
    "começa-o já: os bots jogam nos lugares vazios até os seus jogadores chegarem.",
}


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_guest_may_start_the_match_once_the_host_has_left(
    phones: Any, server: Server, lang: str
) -> None:
    """The host shared the links and closed the page before everyone came: a guest's waiting
    room says so in its language and shows the Start button, which starts the match."""
    host_ctx, guest_ctx = phones("en"), phones(lang)
    table = _table_of(host_ctx, server, ["human", "human", "human", "bot:1"])
    host = _open(host_ctx, server, table["links"][0]["path"])
    host.wait_for_selector("#waiting:not([hidden])")
    guest = _open(guest_ctx, server, table["links"][1]["path"])
    guest.wait_for_selector("#waiting:not([hidden])")
    assert guest.locator("#start").is_hidden()
    host.close()
    guest.wait_for_selector("#start:not([hidden])")
    assert guest.inner_text("#waiting-text") == HOST_GONE[lang]
    away = {"en": "away", "pt": "ausente"}[lang]
    assert guest.locator("#waiting-seats li").first.inner_text().endswith(f" — {away}")
    guest.locator("#start").click()
    guest.wait_for_selector("#game:not([hidden])")
