"""Tables over the WebSocket (Starlette's TestClient, no network): playing with bots, people
joining and leaving, what the server refuses, the caps, and that no message to a seat ever holds
another seat's hidden cards."""

from __future__ import annotations

import itertools
import random
import re
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from typing import Any

import pytest

from sueca_rules._lang import Lang

pytest.importorskip("starlette")

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from sueca_rules import CARDS, Match, parse_card, parse_record
from sueca_rules.web import Settings, create_app

Msg = dict[str, Any]
CARD_TEXT = {str(c) for c in CARDS}


def make_client(**changes: Any) -> TestClient:
    """A client of the app; tables of several people deal from a fixed "secret", so that the
    tests' deals repeat."""
    app = create_app(Settings.for_tests(**changes))
    app.state.tables.secret = lambda: "not-a-secret"
    return TestClient(app)


@pytest.fixture
def client() -> Iterator[TestClient]:
    with make_client() as c:
        yield c


def new_table(
    client: TestClient, seats: list[str], variant: Any = "portugal", seed: Any = 7
) -> Msg:
    r = client.post("/api/tables", json={"variant": variant, "seats": seats, "seed": seed})
    assert r.status_code == 200, r.text
    body: Msg = r.json()
    return body


def url(table: Msg, seat: int | None = None, token: str | None = None) -> str:
    if token is None:
        token = next(s["token"] for s in table["seats"] if seat is None or s["seat"] == seat)
    return f"/ws/tables/{table['table']}?token={token}"


def until(ws: Any, pred: Callable[[Msg], bool], limit: int = 5000) -> Msg:
    """Read messages until one satisfies `pred` (bounded: a test never hangs on a loop)."""
    for _ in range(limit):
        message: Msg = ws.receive_json()
        if pred(message):
            return message
    raise AssertionError("no such message")


def my_turn(seat: int) -> Callable[[Msg], bool]:
    return lambda m: m["type"] == "state" and (m["over"] or m["to_play"] == seat)


# --- the contract ---------------------------------------------------------------------------


def test_create_table_gives_one_token_per_human_seat(client: TestClient) -> None:
    table = new_table(client, ["human", "bot:4", "human", "bot:1"])
    assert [s["seat"] for s in table["seats"]] == [0, 2]
    tokens = [s["token"] for s in table["seats"]]
    assert len(set(tokens)) == 2
    assert all(len(t) >= 32 for t in tokens)
    assert table["links"][1]["path"] == f"/table/{table['table']}#t={tokens[1]}"


def first_hand(client: TestClient, table: Msg) -> list[str]:
    """Seat 0's first hand (the host starts the match without waiting for the others)."""
    with client.websocket_connect(url(table, 0)) as ws:
        if ws.receive_json()["phase"] == "waiting":
            ws.send_json({"type": "start"})
        hand: list[str] = until(ws, lambda m: m["type"] == "state" and m["hand"])["hand"]
    return sorted(hand)


def test_a_seed_deals_the_cards_only_at_a_table_of_one_person() -> None:
    """Whoever makes a table of several people with a seed could work out every hand: there
    the cards come from a secret of the server's as well, and the answer says so."""
    match = Match("portugal", seed=7)
    seeded = sorted(str(c) for c in match.hand(0))
    with TestClient(create_app(Settings.for_tests())) as client:  # the server's own secret
        alone = new_table(client, ["human", "bot:1", "bot:1", "bot:1"], seed=7)
        assert alone["seeded"] is True
        assert first_hand(client, alone) == seeded
        hands = []
        for _ in range(2):
            shared = new_table(client, ["human", "bot:1", "human", "bot:1"], seed=7)
            assert shared["seeded"] is False
            hands.append(first_hand(client, shared))
        assert seeded not in hands
        assert hands[0] != hands[1]
        body = {"variant": "portugal", "seats": ["human"] * 4}
        assert client.post("/api/tables", json=body).json()["seeded"] is False


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"variant": "portugal", "seats": ["bot:1"] * 4}, 400),
        ({"variant": "portugal", "seats": ["human", "bot:6", "bot:1", "bot:1"]}, 400),
        ({"variant": "portugal", "seats": ["human"]}, 400),
        ({"variant": "nope", "seats": ["human"] * 4}, 422),
        ({"variant": {"name": "x", "match": {"best_of": 2}}, "seats": ["human"] * 4}, 422),
        ({"variant": "portugal", "seats": ["human"] * 4, "seed": [1]}, 400),
        ({"seats": ["human"] * 4}, 400),
    ],
)
def test_create_table_refuses_bad_requests(client: TestClient, body: Msg, status: int) -> None:
    assert client.post("/api/tables", json=body).status_code == status


def test_play_a_deal_over_the_websocket_with_bots(client: TestClient) -> None:
    table = new_table(client, ["human", "bot:3", "bot:3", "bot:3"])
    with client.websocket_connect(url(table)) as ws:
        state = until(ws, lambda m: m["type"] == "state")
        for key in ("seat", "hand", "legal", "to_play", "phase", "trick", "trump_card", "games"):
            assert key in state
        assert state["seat"] == 0
        # Teams are the rules' (the page never works them out itself).
        rules = Match("portugal").rules
        assert state["team"] == rules.team_of(0) == 0
        assert [s["team"] for s in state["seats"]] == [rules.team_of(i) for i in range(4)]
        assert state["partidas"] == [0, 0]
        assert state["over"] is False
        assert len(state["hand"]) == 10
        assert state["phase"] == "play"
        while True:
            state = until(ws, my_turn(0))
            if state["deal"] > 1 or state["over"]:
                break
            assert state["legal"]
            assert set(state["legal"]) <= set(state["hand"])
            ws.send_json({"type": "play", "card": state["legal"][-1].lower()})
        assert sum(state["games"]) > 0 or state["pending_ties"] or state["history"]
        assert state["history"][0]["deal"] == 1


def test_bots_think_off_the_event_loop() -> None:
    threads: set[str] = set()

    class Watched(ThreadPoolExecutor):
        def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
            def run() -> Any:
                threads.add(threading.current_thread().name)
                return fn(*args, **kwargs)

            return super().submit(run)

    pool = Watched(max_workers=2, thread_name_prefix="bot-test")
    app = create_app(Settings.for_tests(), executor=pool)
    with TestClient(app) as c:
        table = new_table(c, ["human", "bot:2", "bot:2", "bot:2"], seed=3)
        with c.websocket_connect(url(table)) as ws:
            state = until(ws, my_turn(0))
            ws.send_json({"type": "play", "card": state["legal"][0]})
            until(ws, my_turn(0))
    pool.shutdown()
    assert threads
    assert all(name.startswith("bot-test") for name in threads)


# --- what is refused --------------------------------------------------------------------------


def test_bad_messages_get_an_error_and_change_nothing(client: TestClient) -> None:
    table = new_table(client, ["human", "bot:1", "bot:1", "bot:1"], seed=11)
    with client.websocket_connect(url(table)) as ws:
        state = until(ws, my_turn(0))
        hand, legal = state["hand"], state["legal"]
        follow = [c for c in hand if c not in legal]
        bad: list[tuple[str, str]] = [
            ("not json", "malformed"),
            ("[1, 2]", "malformed"),
            ('{"type": "dance"}', "unknown_type"),
            ('{"card": "7H"}', "unknown_type"),
            ('{"type": "play"}', "bad_card"),
            ('{"type": "play", "card": 12}', "bad_card"),
            ('{"type": "play", "card": "9H"}', "bad_card"),
            ('{"type": "play", "card": "' + "A" * 5000 + '"}', "too_large"),
            ('{"type": "claim"}', "no_claims"),
            ('{"type": "start"}', "already_started"),
            ('{"type": "rematch"}', "not_over"),
            (f'{{"type": "play", "card": "{legal[0]}", "seat": 1}}', "not_your_seat"),
        ]
        other = next(c for c in CARD_TEXT if c not in hand)
        bad.append((f'{{"type": "play", "card": "{other}"}}', "not_in_hand"))
        if follow and state["trick"]:
            bad.append((f'{{"type": "play", "card": "{follow[0]}"}}', "must_follow"))
        for text, code in bad:
            ws.send_text(text)
            reply = ws.receive_json()
            assert reply["type"] == "error", (text[:40], reply)
            assert reply["code"] == code, (text[:40], reply)
            assert reply["message"]
        ws.send_json({"type": "play", "card": legal[0]})
        after = ws.receive_json()
        assert after["type"] == "state"
        assert after["version"] == state["version"] + 1
        assert sorted(after["hand"]) == sorted(c for c in hand if c != legal[0])


def test_out_of_turn_is_refused(client: TestClient) -> None:
    table = new_table(client, ["human", "human", "bot:1", "bot:1"], seed=3)
    with client.websocket_connect(url(table, 0)) as a, client.websocket_connect(url(table, 1)) as b:
        sockets = {0: a, 1: b}
        state = until(a, lambda m: m["phase"] == "play" and m["to_play"] in (0, 1))
        waiting = sockets[1 - state["to_play"]]
        mine = state if waiting is a else until(b, lambda m: m["version"] == state["version"])
        waiting.send_json({"type": "play", "card": mine["hand"][0]})
        reply = until(waiting, lambda m: m["type"] == "error")
        assert reply["code"] == "not_your_turn"


def test_errors_in_portuguese(client: TestClient) -> None:
    table = new_table(client, ["human", "bot:1", "bot:1", "bot:1"])
    with client.websocket_connect(url(table) + "&lang=pt") as ws:
        until(ws, my_turn(0))
        ws.send_text("{")
        assert ws.receive_json()["message"] == (
            'A mensagem não é um objeto JSON: envia um como {"type": "play", "card": "7H"}.'
        )


SUIT_WORDS = {
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "pt": {"S": "espadas", "H": "copas", "D": "ouros", "C": "paus"},
}


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_bad_card_is_answered_with_cards_the_server_reads(client: TestClient, lang: str) -> None:
    """The refusal of something that is not a card shows how to write one: every example it
    gives is read by the server as a card, and as the card its words name (a program at a
    Portuguese table writes cards in the records' notation too: 7c is the seven of clubs)."""
    table = new_table(client, ["human", "bot:1", "bot:1", "bot:1"])
    with client.websocket_connect(url(table) + f"&lang={lang}") as ws:
        until(ws, my_turn(0))
        ws.send_json({"type": "play", "card": "x"})
        said = until(ws, lambda m: m["type"] == "error")["message"]
        examples = re.findall(r"\b(\w\w)\b(?: \(([^)]*)\))?[,.]? (?:or|ou)\b", said)
        examples += re.findall(r"(?:or|ou) (\w\w)\b(?: \(([^)]*)\))?", said)
        assert len(examples) == 2, said
        for code, words in examples:
            ws.send_json({"type": "play", "card": code})
            answer = until(ws, lambda m: m["type"] == "error" or m["type"] == "state")
            assert answer.get("code") != "bad_card", (code, said)
            if words:
                assert SUIT_WORDS[lang][parse_card(code).suit.name[0]] in words, (code, words)


def test_a_strangers_token_and_an_unknown_table_are_refused(client: TestClient) -> None:
    table = new_table(client, ["human", "bot:1", "bot:1", "bot:1"])
    other = new_table(client, ["human", "bot:1", "bot:1", "bot:1"])
    for path in (
        url(table, token="x" * 32),
        url(table, token=other["seats"][0]["token"]),
        f"/ws/tables/{table['table']}",
    ):
        with client.websocket_connect(path) as ws:
            assert ws.receive_json()["code"] == "bad_token"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4403
    with client.websocket_connect(url({"table": "nope", "seats": table["seats"]})) as ws:
        assert ws.receive_json()["code"] == "no_table"
    record = client.get(f"/api/tables/{table['table']}/record?token={'x' * 32}")
    assert record.status_code == 403


def test_another_sites_page_cannot_open_a_seat(client: TestClient) -> None:
    table = new_table(client, ["human", "bot:1", "bot:1", "bot:1"])
    headers = {"origin": "http://evil.example"}
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect(url(table), headers=headers) as ws,
    ):
        ws.receive_json()
    assert closed.value.code == 4403


# --- people: joining, leaving, coming back --------------------------------------------------


def test_waiting_room_then_the_host_starts_with_a_bot_in_the_empty_seat(client: TestClient) -> None:
    table = new_table(client, ["human", "bot:1", "human", "bot:1"])
    with client.websocket_connect(url(table, 0)) as host:
        waiting = host.receive_json()
        assert waiting["phase"] == "waiting"
        assert waiting["host"] is True
        assert [i["seat"] for i in waiting["invites"]] == [2]
        host.send_json({"type": "start"})
        state = until(host, lambda m: m["phase"] == "play")
        assert state["seats"][2]["bot_plays"] is True
        assert "invites" not in state
        # The empty seat's bot plays, so the match goes on until it is our turn.
        if not my_turn(0)(state):
            until(host, my_turn(0))
        with client.websocket_connect(url(table, 2)) as guest:
            joined = until(guest, lambda m: m["type"] == "state")
            assert joined["seat"] == 2
            assert joined["phase"] == "play"
            assert joined["host"] is False
            assert joined["seats"][2]["bot_plays"] is False
            guest.send_json({"type": "start"})
            assert until(guest, lambda m: m["type"] == "error")["code"] == "already_started"


def test_only_the_host_starts_early(client: TestClient) -> None:
    table = new_table(client, ["human", "human", "bot:1", "bot:1"])
    with client.websocket_connect(url(table, 1)) as guest:
        assert guest.receive_json()["phase"] == "waiting"
        guest.send_json({"type": "start"})
        assert guest.receive_json()["code"] == "host_only"


def test_everyone_joined_starts_the_match(client: TestClient) -> None:
    table = new_table(client, ["human", "human", "bot:1", "bot:1"])
    with client.websocket_connect(url(table, 0)) as a, client.websocket_connect(url(table, 1)) as b:
        assert until(a, lambda m: m["phase"] == "play")["seat"] == 0
        assert until(b, lambda m: m["phase"] == "play")["seat"] == 1


def test_reconnect_with_the_same_link_sees_the_same_state(client: TestClient) -> None:
    table = new_table(client, ["human", "bot:1", "bot:1", "bot:1"])
    with client.websocket_connect(url(table)) as ws:
        state = until(ws, my_turn(0))
        ws.send_json({"type": "play", "card": state["legal"][0]})
        before = until(ws, my_turn(0))
    with client.websocket_connect(url(table)) as ws:
        again = until(ws, lambda m: m["type"] == "state")
    keep = ("hand", "trick", "trump_card", "games", "deal", "cards_played", "to_play", "points")
    assert {k: again[k] for k in keep} == {k: before[k] for k in keep}


def test_a_second_window_takes_the_seat_over(client: TestClient) -> None:
    table = new_table(client, ["human", "bot:1", "bot:1", "bot:1"])
    with client.websocket_connect(url(table)) as first:
        until(first, my_turn(0))
        with client.websocket_connect(url(table)) as second:
            assert until(second, my_turn(0))["seat"] == 0
            with pytest.raises(WebSocketDisconnect) as closed:
                until(first, lambda m: False)
            assert closed.value.code == 4000


@contextmanager
def one_came_and_left(away_seconds: float, seed: int) -> Iterator[tuple[TestClient, Msg, Any]]:
    """A table of two people where seat 1 joined (so the match started) and left; yields the
    client, the table and seat 0's socket."""
    with make_client(away_seconds=away_seconds) as c:
        table = new_table(c, ["human", "human", "bot:1", "bot:1"], seed=seed)
        with c.websocket_connect(url(table, 0)) as a:
            with c.websocket_connect(url(table, 1)) as b:
                until(b, lambda m: m["phase"] == "play")
            yield c, table, a


def test_a_table_everyone_left_waits_for_them() -> None:
    """When every person has gone, the stand-ins do not play on by themselves (an abandoned
    table costs no bot's thinking); the match goes on when someone comes back."""
    with make_client(away_seconds=0.0) as c:
        table = new_table(c, ["human", "bot:1", "bot:1", "bot:1"], seed=3)
        held = c.app.state.tables.tables[table["table"]]  # type: ignore[attr-defined]
        with c.websocket_connect(url(table, 0)) as ws:
            until(ws, lambda m: m["type"] == "state" and m["phase"] == "play")
        left = held.version
        assert held.abandoned()
        for _ in range(50):  # the bots would play a card within milliseconds
            time.sleep(0.01)
            assert held.version == left
        with c.websocket_connect(url(table, 0)) as ws:
            back = until(ws, my_turn(0))
            assert back["version"] > left or back["to_play"] == 0
            assert not held.abandoned()
            ws.send_json({"type": "play", "card": back["legal"][0]})
            later = until(ws, lambda m: m["type"] == "state" and m["version"] > back["version"])
            assert later["version"] > back["version"]


def test_an_absent_humans_seat_is_played_by_a_bot_until_they_return() -> None:
    with one_came_and_left(0.0, seed=21) as (c, table, a):
        # Seat 1 left: its stand-in plays, so seat 0 keeps getting turns.
        state = until(a, lambda m: m["type"] == "state" and m["seats"][1]["bot_plays"])
        for _ in range(3):
            if not my_turn(0)(state):  # (it may be our turn already)
                state = until(a, my_turn(0))
            a.send_json({"type": "play", "card": state["legal"][0]})
            state = {"type": "state", "over": False, "to_play": None}
        with c.websocket_connect(url(table, 1)) as b:
            back = until(b, lambda m: m["type"] == "state")
            assert back["seats"][1]["bot_plays"] is False
            assert len(back["hand"]) < 10


def test_away_seconds_delay_the_stand_in() -> None:
    with one_came_and_left(3600.0, seed=2) as (_, _, a):
        left = until(a, lambda m: m["type"] == "state" and not m["seats"][1]["connected"])
        assert left["seats"][1]["bot_plays"] is False  # waiting for them for an hour


# --- the end: record and rematch ------------------------------------------------------------


def play_to_the_end(ws: Any, seat: int, rng: random.Random) -> Msg:
    while True:
        state = until(ws, my_turn(seat))
        if state["over"]:
            return state
        ws.send_json({"type": "play", "card": rng.choice(state["playable"])})


def test_record_then_rematch(client: TestClient) -> None:
    table = new_table(client, ["human", "bot:2", "bot:2", "bot:2"], seed=4)
    record_url = f"/api/tables/{table['table']}/record?token={table['seats'][0]['token']}"
    assert client.get(record_url).status_code == 409
    with client.websocket_connect(url(table)) as ws:
        over = play_to_the_end(ws, 0, random.Random(1))
        assert over["winner"] in (0, 1)
        assert over["records"] == 1
        r = client.get(record_url)
        assert r.status_code == 200
        assert "attachment" in r.headers["content-disposition"]
        replayed = Match.from_record(parse_record(r.text))
        assert list(replayed.partidas) == over["partidas"]
        assert replayed.winner == over["winner"]
        # The table shows the last deal played: no next deal, no dealer for it.
        last = replayed.deals[-1]
        assert over["deal"] == last.number == len(over["history"])
        assert over["partida"] == last.partida
        assert over["dealer"] is None
        assert over["points"] == list(last.points)
        assert over["tricks_won"] == list(last.tricks_won)
        assert over["watch"] == table["watch"]  # a seat may hand the watch link round
        assert [s["player"] for s in over["seats"]] == [None] * 4  # no tournament's names
        # JSON, as the whole API ("JSON in and out"): a program reads it with .json()
        assert r.headers["content-type"].startswith("application/json")
        assert set(r.json()) == {"variant", "first_dealer", "deals"}
        assert client.get(record_url + "&format=json").text == r.text
        as_yaml = client.get(record_url + "&format=yaml")
        assert as_yaml.headers["content-type"].startswith("application/yaml")
        assert parse_record(as_yaml.text) == parse_record(r.text)
        # A format it does not write is refused (it was answered in YAML, as if asked for).
        for lang, words in (
            ("en", "format is yaml or json (the record's file), got 'xml'"),
            ("pt", "format é yaml ou json (o ficheiro do registo); está 'xml'"),
        ):
            refused = client.get(record_url + f"&format=xml&lang={lang}")
            assert refused.status_code == 400
            assert refused.json() == {"error": "bad_format", "message": words}
        ws.send_json({"type": "rematch"})
        again = until(ws, lambda m: m["type"] == "state" and not m["over"])
        assert again["deal"] == 1
        assert again["games"] == [0, 0]
        assert again["history"] == []
        assert client.get(record_url).text == r.text  # the finished match's record stays


def test_an_inline_variant_table_records_its_variant(client: TestClient) -> None:
    variant = {"name": "Quick", "match": {"target_games": 1}}
    table = new_table(client, ["human", "bot:1", "bot:1", "bot:1"], variant=variant, seed=9)
    with client.websocket_connect(url(table)) as ws:
        assert play_to_the_end(ws, 0, random.Random(2))["over"]
    text = client.get(
        f"/api/tables/{table['table']}/record?token={table['seats'][0]['token']}"
    ).text
    record = parse_record(text)
    assert isinstance(record.variant, dict)
    assert record.variant["name"] == "Quick"


# --- renúncia claims under portugal-table ---------------------------------------------------


def test_a_rival_bot_claims_a_revoke_it_saw() -> None:
    """The human revokes, then plays the suit it failed to follow: a rival bot claims."""
    with make_client() as c:
        for seed in itertools.count():
            table = new_table(c, ["human", "bot:1", "bot:1", "bot:1"], "portugal-table", seed)
            with c.websocket_connect(url(table)) as ws:
                shown = revoke_and_show_it(ws)
            if shown is not None:
                break
            assert seed < 40, "no deal let seat 0 revoke and then show it"
    assert shown is not None
    events = shown["events"]
    claim = next(e for e in events if e["type"] == "claim_made")
    assert claim["valid"] is True
    assert claim["by"] % 2 == 1
    assert claim["revoke"]["seat"] == 0
    scored = next(e for e in events if e["type"] == "deal_scored")
    assert scored["result"] == "revoke"
    assert scored["games"][1] == 4
    # The state says which claim ended the deal, and the renúncia it caught (the end of a match
    # says it when the claim decided the match).
    revoke = claim["revoke"]
    assert shown["last_deal"]["claim"] == {
        "by": claim["by"],
        "valid": True,
        "culprit": 0,
        "card": revoke["card"],
    }


def revoke_and_show_it(ws: Any) -> Msg | None:
    """Play seat 0 so that it revokes (a card off suit while holding the suit led), then
    plays that suit; the state with the events that followed, or None if this deal did not
    allow it."""
    revoked: str | None = None
    while True:
        state = until(ws, lambda m: m["type"] == "state")
        if any(e["type"] == "claim_made" for e in state["events"]):
            return state
        if state["deal"] > 1 or state["over"]:
            return None
        if state["to_play"] != 0:
            continue
        hand, legal = state["hand"], state["legal"]
        if revoked is None:
            off = [c for c in hand if c not in legal]
            card = off[0] if off and state["trick"] else legal[0]
            if off and state["trick"]:
                revoked = state["trick"][0][1]
        else:
            same = [c for c in state["playable"] if c[1] == revoked]
            card = same[0] if same else state["playable"][0]
        ws.send_json({"type": "play", "card": card})


def test_a_human_claim_false_or_right() -> None:
    with make_client() as c:
        table = new_table(c, ["human", "bot:1", "bot:1", "bot:1"], "portugal-table", 5)
        with c.websocket_connect(url(table)) as ws:
            state = until(ws, my_turn(0))
            assert state["can_claim"] is True
            assert state["claimable"] is True
            ws.send_json({"type": "claim"})
            after = until(ws, lambda m: m["type"] == "state" and m["events"])
            claim = next(e for e in after["events"] if e["type"] == "claim_made")
            assert claim["by"] == 0
            assert claim["valid"] is False
            assert after["last_deal"]["result"] == "revoke"
            assert after["last_deal"]["claim"] == {
                "by": 0,
                "valid": False,
                "culprit": None,
                "card": None,
            }
            assert after["games"][1] == 4


# --- caps -----------------------------------------------------------------------------------


def test_tables_are_capped() -> None:
    with make_client(max_tables=2) as c:
        new_table(c, ["human", "bot:1", "bot:1", "bot:1"])
        new_table(c, ["human", "bot:1", "bot:1", "bot:1"])
        r = c.post("/api/tables", json={"variant": "portugal", "seats": ["human"] * 4})
        assert r.status_code == 503
        assert r.json()["error"] == "too_many_tables"


def test_connections_are_capped() -> None:
    with make_client(max_connections=1) as c:
        table = new_table(c, ["human", "human", "bot:1", "bot:1"])
        with c.websocket_connect(url(table, 0)) as a:
            a.receive_json()
            with c.websocket_connect(url(table, 1)) as b:
                assert b.receive_json()["code"] == "busy"


def test_message_rate_is_capped() -> None:
    with make_client(message_burst=5, messages_per_second=0.001) as c:
        table = new_table(c, ["human", "bot:1", "bot:1", "bot:1"])
        with c.websocket_connect(url(table)) as ws:
            until(ws, my_turn(0))
            codes = []
            for text in ["x" * 100_000] * 2 + ["{}"] * 4:  # a message too large counts too
                ws.send_text(text)
                codes.append(ws.receive_json()["code"])
            assert codes == ["too_large"] * 2 + ["unknown_type"] * 3 + ["rate"]
            ws.send_json({"type": "play", "card": "AS"})  # not acted on: over the rate
            ws.send_text("x" * 100_000)  # too large, yet over the rate first: not answered
            ws.send_text("x" * 10)  # nor reported again within the second
            with c.websocket_connect(url(table)) as again:  # the seat still works
                assert until(again, my_turn(0))["version"] > 0


def test_idle_tables_expire() -> None:
    now = [1000.0]
    app = create_app(Settings.for_tests(idle_seconds=60))
    app.state.tables.clock = lambda: now[0]
    with TestClient(app) as c:
        table = new_table(c, ["human", "bot:1", "bot:1", "bot:1"])
        fresh = new_table(c, ["human", "bot:1", "bot:1", "bot:1"])
        now[0] += 61
        app.state.tables.tables[fresh["table"]].touched = now[0]
        assert app.state.tables.expire() == 1
        with c.websocket_connect(url(table)) as ws:
            assert ws.receive_json()["code"] == "no_table"
        assert fresh["table"] in app.state.tables.tables


def test_a_restart_loses_the_tables() -> None:
    """Tables live in memory: after a restart a join link says the table is gone."""
    with make_client() as c:
        table = new_table(c, ["human", "bot:1", "bot:1", "bot:1"])
        with c.websocket_connect(url(table)) as ws:
            until(ws, my_turn(0))
    with make_client() as restarted:
        with restarted.websocket_connect(url(table)) as ws:
            message = ws.receive_json()
            assert message["code"] == "no_table"
            assert "restarted" in message["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4404
        token = table["seats"][0]["token"]
        assert (
            restarted.get(f"/api/tables/{table['table']}/record?token={token}").status_code == 404
        )


# --- no hidden card in any message ----------------------------------------------------------


def cards_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value} if value in CARD_TEXT else set()
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def check_message(seat: int, msg: Msg, deals: list[Msg]) -> None:
    """`msg` (to `seat`) holds only what that seat could know when it was sent: its own
    hand, the cards played so far in this deal and the last, and the turned cards."""
    if msg["type"] == "error" or msg["phase"] == "waiting":
        assert not cards_in(msg) - set(msg.get("hand", ())), msg
        return
    d, k = msg["deal"], msg["cards_played"]
    allowed: set[str] = set()
    own: set[str] = set()
    if msg["over"]:
        # The table shows the last deal played (no deal follows): no hand, and no card but
        # those played in it and in the deal before, and their turned cards.
        assert d == len(deals)
        assert msg["dealer"] is None
        assert msg["hand"] == msg["legal"] == msg["playable"] == []
        for deal in deals[-2:]:
            allowed |= set(deal.get("plays", ())) | {deal["trump_card"]}
        leaked = cards_in(msg) - allowed
        assert not leaked, (seat, d, k, leaked)
        return
    if msg["phase"] == "trump":  # the dealer is choosing: nothing is dealt yet
        assert msg["trump_card"] is None
    elif d - 1 < len(deals):
        deal = deals[d - 1]
        plays = deal.get("plays", [])[:k]
        own = set(deal["hands"][seat]) - set(plays)
        assert msg["trump_card"] == deal["trump_card"]
        trick = msg["trick"]
        assert len(trick) == k % 4
        assert trick == plays[len(plays) - len(trick) :]
        allowed |= own | set(plays) | {deal["trump_card"]}
    else:
        assert msg["over"]
    assert set(msg["hand"]) == own
    assert set(msg["legal"]) <= own
    assert set(msg["playable"]) <= own
    if d >= 2:
        before = deals[d - 2]
        allowed |= set(before.get("plays", ())) | {before["trump_card"]}
    leaked = cards_in(msg) - allowed
    assert not leaked, (seat, d, k, leaked)


def act(state: Msg, rng: random.Random) -> Msg | None:
    """A random decision for the seat of `state` when one is due from it: the dealer's
    choice, a redeal answer, a card or now and then a claim (naming a rival when the rules
    say so)."""
    seat, phase = state["seat"], state["phase"]
    if state["to_play"] != seat:
        return None
    if phase == "trump":
        return {"type": "trump", "side": rng.choice(["top", "bottom"])}
    if phase == "redeal":
        if not state["may_redeal"]:
            return None  # a hand that may not ask is kept by the table: no click
        # what the hand is worth, as the question says it
        assert state["hand_points"] == sum(parse_card(c).points for c in state["hand"])
        return {"type": "redeal" if rng.random() < 0.5 else "keep"}
    if phase != "play":
        return None
    if state["can_claim"] and rng.random() < 0.03:
        claim: Msg = {"type": "claim"}
        if state["accuse"] == "player":
            claim["against"] = rng.choice([s for s in range(4) if s % 2 != seat % 2])
        return claim
    return {"type": "play", "card": rng.choice(state["playable"])}


def drive(client: TestClient, variant: Any, seats: list[str], seed: int) -> list[tuple[int, Msg]]:
    """Play a whole match with the given human seats deciding at random (renúncias, claims,
    redeals and trump choices included where the rules have them); every message each seat
    received, each checked against the record for hidden cards."""
    rng = random.Random(seed)
    table = new_table(client, seats, variant, seed)
    humans = [s["seat"] for s in table["seats"]]
    received: list[tuple[int, Msg]] = []
    latest: dict[int, Msg] = {}
    with ExitStack() as stack:
        sockets = {h: stack.enter_context(client.websocket_connect(url(table, h))) for h in humans}

        def read(h: int) -> None:
            message: Msg = sockets[h].receive_json()
            received.append((h, message))
            assert message["type"] == "state", message
            latest[h] = message

        for h in humans:
            read(h)
        for _ in range(20_000):
            target = max(m["version"] for m in latest.values())
            for h in humans:
                while latest[h]["version"] < target:
                    read(h)
            if latest[humans[0]]["over"]:
                break
            for h in humans:
                decision = act(latest[h], rng)
                if decision is not None:
                    sockets[h].send_json(decision)
                    break
            read(humans[0])
        else:
            raise AssertionError("the match did not end")
        token = table["seats"][0]["token"]
        record = client.get(f"/api/tables/{table['table']}/record?token={token}")
    deals = parse_record(record.text).to_data()["deals"]
    for seat, message in received:
        check_message(seat, message, deals)
    return received


HOUSE = {
    "name": "Accuse a player, play on",
    "extends": "portugal",
    "revoke": {
        "mode": "claimable",
        "accuse": "player",
        "false_claim_games": 1,
        "after_false_claim": "play_on",
    },
    "deal": {"redeal": {"leader_below": 12, "others_below": 8}},
}


GAMES: list[tuple[Any, list[str]]] = [
    ("portugal", ["human", "bot:1", "bot:2", "bot:1"]),
    ("brasil", ["human", "human", "bot:1", "bot:2"]),
    (HOUSE, ["bot:1", "human", "bot:2", "human"]),
    ("portugal-table", ["human", "human", "bot:1", "bot:2"]),
    ("french", ["bot:2", "human", "bot:1", "human"]),
    ("sueca-online", ["human", "bot:3", "human", "bot:1"]),
    ("portugal-table", ["bot:1", "bot:1", "bot:1", "human"]),
]


@pytest.mark.parametrize(("variant", "seats"), GAMES)
def test_no_hidden_card_in_any_message(client: TestClient, variant: Any, seats: list[str]) -> None:
    received = drive(client, variant, seats, seed=len(str(variant)) * 31 + seats.index("human"))
    assert len(received) > 10


def random_game(seed: int) -> None:
    rng = random.Random(seed)
    variant = rng.choice(["portugal", "portugal-table", "french", "brasil", "sueca-online", HOUSE])
    seats = [rng.choice(["human", "bot:1", "bot:2", "bot:3"]) for _ in range(4)]
    if "human" not in seats:
        seats[rng.randrange(4)] = "human"
    with make_client() as c:
        drive(c, variant, seats, seed)


# --- the phases of issue 11: the dealer's choice, redeals, the count, accusations -----------


def test_the_dealers_choice_and_the_redeal_question() -> None:
    with make_client(count_seconds=3600.0) as c:
        table = new_table(c, ["human", "bot:1", "bot:1", "bot:1"], "brasil", seed=8)
        seen: set[str] = set()
        with c.websocket_connect(url(table)) as ws:
            for _ in range(3000):
                state = until(ws, lambda m: m["type"] == "state")
                if state["over"] or seen >= {"trump", "redeal_refused", "redeal"}:
                    break
                if state["to_play"] != 0:
                    continue
                if state["phase"] == "trump":
                    ws.send_json({"type": "trump", "side": "middle"})
                    assert ws.receive_json()["code"] == "bad_side"
                    ws.send_json({"type": "play", "card": "AS"})
                    assert ws.receive_json()["code"] == "wrong_phase"
                    ws.send_json({"type": "trump", "side": "top"})
                    after = until(ws, lambda m: m["type"] == "state")
                    chosen = after["events"][0]
                    assert chosen == {
                        "type": "trump_chosen",
                        "deal": chosen["deal"],
                        "dealer": 0,
                        "side": "top",
                    }
                    seen.add("trump")
                elif state["phase"] == "redeal" and not state["may_redeal"]:
                    # Not asked: the table keeps the hand for us, and play goes on unasked.
                    after = until(ws, lambda m: m["type"] == "state")
                    assert after["phase"] != "redeal" or after["to_play"] != 0
                    assert [e["type"] for e in after["events"]] != ["redeal_asked"]
                    seen.add("redeal_refused")
                elif state["phase"] == "redeal":
                    ws.send_json({"type": "redeal"})
                    after = until(ws, lambda m: m["type"] == "state")
                    types = [e["type"] for e in after["events"]]
                    assert types[:2] == ["redeal_asked", "deal_scored"]
                    assert after["last_deal"]["result"] == "redeal"
                    assert after["last_deal"]["redeal"] == 0
                    seen.add("redeal")
                elif state["phase"] == "play":
                    ws.send_json({"type": "play", "card": state["legal"][0]})
        assert {"trump", "redeal_refused"} <= seen


def play_to_the_count(ws: Any) -> Msg | None:
    """Play seat 0's legal cards to the first deal's count; `None` when that deal ended before it
    (a rival bot's renúncia, claimed: the match may then be over)."""
    for _ in range(200):
        state = until(ws, lambda m: m["type"] == "state")
        if state["phase"] == "count":
            return state
        if state["over"] or state["deal"] > 1:
            return None
        if state["to_play"] == 0 and state["phase"] == "play":
            ws.send_json({"type": "play", "card": state["legal"][0]})
    raise AssertionError("no count in 200 states")


def test_the_count_waits_for_people_then_scores() -> None:
    with make_client(count_seconds=3600.0) as c:
        table = new_table(c, ["human", "bot:1", "human", "bot:1"], "portugal-table", seed=12)
        with c.websocket_connect(url(table, 0)) as a, c.websocket_connect(url(table, 2)) as b:
            # Seat 2 plays its legal cards too, from its own socket, between seat 0's reads.
            def both_to_the_count() -> Msg:
                state, other = a.receive_json(), b.receive_json()
                while True:
                    while state["version"] < other["version"]:
                        state = a.receive_json()
                    while other["version"] < state["version"]:
                        other = b.receive_json()
                    if state["phase"] == "count":
                        found: Msg = state
                        return found
                    for ws, mine in ((a, state), (b, other)):
                        if mine["phase"] == "play" and mine["to_play"] == mine["seat"]:
                            ws.send_json({"type": "play", "card": mine["legal"][0]})
                    state = a.receive_json()

            count = both_to_the_count()
            assert count["cards_played"] == 40
            assert count["can_claim"] is True
            assert count["to_play"] is None
            a.send_json({"type": "count"})
            agreed = until(a, lambda m: m["type"] == "state")
            assert agreed["phase"] == "count"
            assert agreed["count_agreed"] == [0]
            b.send_json({"type": "count"})
            scored = until(a, lambda m: m["type"] == "state" and m["phase"] != "count")
            assert scored["last_deal"]["deal"] == 1
            assert scored["last_deal"]["result"] in ("won", "tie")


def test_a_claim_at_the_count() -> None:
    def claim_at_the_count(c: Any, seed: int) -> Msg | None:
        table = new_table(c, ["human", "bot:1", "bot:1", "bot:1"], "portugal-table", seed=seed)
        with c.websocket_connect(url(table)) as ws:
            if play_to_the_count(ws) is None:
                return None
            ws.send_json({"type": "claim"})
            return until(ws, lambda m: m["type"] == "state" and m["events"])

    with make_client(count_seconds=3600.0) as c:
        # A first deal the rival bots play without a renúncia (they slip now and then).
        after = next(filter(None, (claim_at_the_count(c, seed) for seed in range(12, 40))), None)
    assert after is not None, "no first deal reached the count"
    claim = after["events"][0]
    assert claim["type"] == "claim_made"
    assert claim["after"] == 40
    assert claim["valid"] is False
    assert after["last_deal"]["result"] == "revoke"


def test_an_accusation_names_a_rival() -> None:
    no_redeal = {**HOUSE, "deal": {"redeal": {"leader_below": None, "others_below": None}}}
    with make_client() as c:
        table = new_table(c, ["human", "bot:1", "bot:1", "bot:1"], no_redeal, seed=3)
        with c.websocket_connect(url(table)) as ws:
            state = until(ws, lambda m: m["type"] == "state" and m["phase"] == "play")
            assert state["accuse"] == "player"
            for bad in (
                {"type": "claim"},
                {"type": "claim", "against": 2},
                {"type": "claim", "against": "1"},
            ):
                ws.send_json(bad)
                assert until(ws, lambda m: m["type"] == "error")["code"] == "bad_against"
            ws.send_json({"type": "claim", "against": 3})
            after = until(ws, lambda m: m["type"] == "state" and m["claims"])
            assert after["claims"] == [
                {"after": after["claims"][0]["after"], "by": 0, "against": 3}
            ]
            assert after["penalties"] == [0, 1]  # a false claim: play goes on, the rivals get 1
            assert after["phase"] in ("play", "redeal")
    with make_client() as c:
        table = new_table(c, ["human", "bot:1", "bot:1", "bot:1"], "portugal-table", seed=3)
        with c.websocket_connect(url(table)) as ws:
            until(ws, lambda m: m["type"] == "state" and m["phase"] == "play")
            ws.send_json({"type": "claim", "against": 1})
            assert until(ws, lambda m: m["type"] == "error")["code"] == "no_against"


@pytest.mark.parametrize("seed", range(20))
def test_no_hidden_card_in_many_random_games(seed: int) -> None:
    random_game(seed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(20, 300))
def test_no_hidden_card_in_hundreds_of_random_games(seed: int) -> None:
    random_game(seed)


def test_a_level_5_bot_can_sit_at_a_table(client: TestClient) -> None:
    body = {"variant": "portugal", "seats": ["human", "bot:5", "bot:1", "bot:5"], "seed": 3}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 200
    assert [s["seat"] for s in response.json()["seats"]] == [0]


def test_a_browser_gone_while_a_message_is_sent_ends_the_writer_quietly(
    caplog: pytest.LogCaptureFixture,
) -> None:
    import asyncio

    from starlette.websockets import WebSocketDisconnect

    from sueca_rules.web._ws import Connection

    class Gone:
        sent = 0

        async def send_text(self, text: str) -> None:
            self.sent += 1
            raise WebSocketDisconnect(1001)

    socket = Gone()
    conn = Connection(socket, "en", Settings.for_tests())  # type: ignore[arg-type]
    conn.push({"type": "state"})
    conn.push({"type": "event"})
    with caplog.at_level("INFO"):
        asyncio.run(asyncio.wait_for(conn.write(), 5))  # returns: no exception to log
    assert socket.sent == 1
    assert not caplog.records


@pytest.mark.parametrize(
    ("variant", "seats", "slipping"),
    [
        ("portugal-table", ["human", "bot:1", "bot:1", "bot:3"], {1, 3}),
        ("portugal-table", ["human", "human", "bot:1", "bot:2"], set()),
        ("portugal-table", ["bot:1", "bot:2", "bot:1", "human"], {0, 2}),
        ("portugal", ["human", "bot:1", "bot:1", "bot:3"], set()),
    ],
)
def test_the_rival_bots_fail_to_follow_suit_now_and_then(
    variant: str, seats: list[str], slipping: set[int]
) -> None:
    """As at `sueca play`: under a claimable variant the bots of a team no person sits in revoke
    now and then, so that a claim can be right; a person's partner and a stand-in never do."""
    from sueca_rules.bots._base import TABLE_REVOKE_RATE

    with make_client() as c:
        table = new_table(c, seats, variant)
        held = c.app.state.tables.tables[table["table"]]  # type: ignore[attr-defined]
        rates = {seat.index: seat.bot.revoke_rate for seat in held.seats}
    assert {i for i, rate in rates.items() if rate} == slipping
    assert all(rates[i] == TABLE_REVOKE_RATE for i in slipping)


def test_no_claim_is_offered_before_a_card_is_played() -> None:
    """Before the deal's first card nobody can have revoked: no claim button; once a card is down
    a seat may claim, and the state says what a false claim costs."""
    with make_client() as c:
        for seed in range(40):
            table = new_table(c, ["human", "bot:1", "bot:1", "bot:1"], "portugal-table", seed)
            with c.websocket_connect(url(table, 0)) as ws:
                first = until(ws, lambda m: m["type"] == "state" and m["phase"] == "play")
                if first["cards_played"] == 0 and first["to_play"] == 0:
                    assert first["can_claim"] is False
                    assert first["false_claim_games"] == 4
                    ws.send_json({"type": "play", "card": first["legal"][0]})
                    later = until(ws, lambda m: m["type"] == "state" and m["cards_played"] > 0)
                    assert later["can_claim"] is True
                    return
    raise AssertionError("no table where seat 0 leads the first trick")


def _another_watcher_comes_first(held: Any) -> Callable[..., Any]:
    """A `WebSocket.accept` that lets another watcher take a place at table `held` while the
    socket is accepted (another connection took the last place meanwhile)."""
    from starlette.websockets import WebSocket

    class Other:
        lang = "en"

        def push(self, message: Msg) -> None:
            pass

        def close(self, code: int, reason: str) -> None:
            pass

    accept = WebSocket.accept

    async def accept_while_another_watcher_comes(self: WebSocket, *args: Any) -> None:
        await accept(self, *args)
        held.add_watcher(Other())

    return accept_while_another_watcher_comes


def test_a_watcher_past_the_cap_while_its_socket_opened_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The cap of watchers is checked before the socket is accepted, and accepting it lets
    other connections in: one that took the last place meanwhile leaves this one refused
    ("watchers", then closed), not open and never sent a state."""
    from starlette.websockets import WebSocket

    with make_client(max_watchers=1) as c:
        table = new_table(c, ["human", "bot:1", "bot:1", "bot:1"])
        held = c.app.state.tables.tables[table["table"]]  # type: ignore[attr-defined]

        accept_while_another_watcher_comes = _another_watcher_comes_first(held)

        monkeypatch.setattr(WebSocket, "accept", accept_while_another_watcher_comes)
        with c.websocket_connect(f"/ws/tables/{table['table']}?watch={table['watch']}") as ws:
            ws.send_json({"type": "play", "card": "AS"})
            assert ws.receive_json()["code"] == "watchers"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
        assert closed.value.code == 1013
        assert len(held.watchers) == 1


def test_a_refusal_says_what_the_table_is_waiting_for(client: TestClient) -> None:
    """A message of the wrong kind, out of turn, or of no known type is told what would be
    valid now (in the browser's language), and nothing changes."""
    table = new_table(client, ["human"] * 4, "brasil", seed=5)
    with ExitStack() as stack:
        en = {s: stack.enter_context(client.websocket_connect(url(table, s))) for s in range(4)}
        # The last seat to join starts the match: everyone gets the dealer's choice.
        state = {}
        for s, ws in en.items():
            state[s] = until(ws, lambda m: m["type"] == "state")
            if state[s]["phase"] == "waiting":
                state[s] = until(ws, lambda m: m["phase"] == "trump")
            assert state[s]["phase"] == "trump"
        dealer = state[0]["to_play"]
        other = (dealer + 2) % 4  # the dealer's partner
        ws = en[other]
        ws.send_json({"type": "play", "card": "AS"})
        said = ws.receive_json()
        assert said["code"] == "wrong_phase"
        assert said["message"] == "That cannot be done now: the dealer is choosing trump."
        ws.send_json({"type": "trump", "side": "top"})
        said = ws.receive_json()
        assert said["code"] == "not_your_turn"
        assert said["message"] == "It is not your turn: it is your partner's."
        ws.send_json({"type": "dance"})
        said = ws.receive_json()
        assert said["code"] == "unknown_type"
        assert "play, claim, trump, redeal, keep, count, start, rematch, hints" in said["message"]
        with client.websocket_connect(url(table, other) + "&lang=pt") as pt:
            until(pt, lambda m: m["type"] == "state")
            pt.send_json({"type": "play", "card": "AS"})
            said = pt.receive_json()
            assert said["message"] == (
                "Isso não se pode fazer agora: quem dá está a escolher o trunfo."
            )
            pt.send_json({"type": "keep"})
            assert pt.receive_json()["message"] == (
                "Isso não se pode fazer agora: quem dá está a escolher o trunfo."
            )
            pt.send_json({"type": "trump", "side": "top"})
            assert pt.receive_json()["message"] == "Não é a tua vez: é a vez do teu parceiro."
            pt.send_json({"type": "dança"})
            assert "play, claim, trump" in pt.receive_json()["message"]
            # Nothing changed: the dealer's choice is the next change anyone is told of.
            en[dealer].send_json({"type": "trump", "side": "top"})
            after = until(pt, lambda m: m["type"] == "state")
            assert after["version"] > state[other]["version"]
            assert after["events"][0]["type"] == "trump_chosen"
            if after["phase"] == "play" and after["to_play"] != other:
                pt.send_json({"type": "trump", "side": "top"})
                assert pt.receive_json()["message"] == (
                    "Isso não se pode fazer agora: é altura de jogar uma carta."
                )
        if after["phase"] == "play":
            ws.send_json({"type": "play", "card": "10H"})
            said = until(ws, lambda m: m["type"] == "error")
            assert "7H (seven of hearts) or AS (ace of spades)" in said["message"]


def test_a_table_closed_for_idleness_says_so_in_each_browsers_language() -> None:
    """The reason a closed table gives its browsers (the page shows it: "Esta mesa já não
    existe: ...") is in each one's language."""
    now = [1000.0]
    app = create_app(Settings.for_tests(idle_seconds=60))
    app.state.tables.clock = lambda: now[0]
    with TestClient(app) as c:
        table = new_table(c, ["human", "human", "bot:1", "bot:1"])
        with (
            c.websocket_connect(url(table, 0) + "&lang=pt") as pt,
            c.websocket_connect(url(table, 1)) as en,
            c.websocket_connect(
                f"/ws/tables/{table['table']}?watch={table['watch']}&lang=pt"
            ) as watcher,
        ):
            for ws in (pt, en, watcher):
                until(ws, lambda m: m["type"] == "state")
            now[0] += 61
            assert c.portal is not None
            assert c.portal.call(app.state.tables.expire) == 1
            reasons = []
            for ws in (pt, en, watcher):
                with pytest.raises(WebSocketDisconnect) as closed:
                    until(ws, lambda m: False)
                assert closed.value.code == 4404
                reasons.append(closed.value.reason)
    assert reasons == [
        "a mesa foi fechada por estar muito tempo sem jogo",
        "the table was closed after a long time without play",
        "a mesa foi fechada por estar muito tempo sem jogo",
    ]


def test_a_closed_tables_reason_fits_a_close_frame_in_both_languages() -> None:
    """A closed table's reason goes in the WebSocket close frame, which holds 123 bytes of
    UTF-8: every reason the tables give fits whole in either language, and one that would not
    is cut at a whole character rather than failing the close."""
    import asyncio

    from sueca_rules.web._i18n import strings
    from sueca_rules.web._settings import Settings
    from sueca_rules.web._ws import MAX_CLOSE_REASON, Connection

    for lang in ("en", "pt"):
        reasons = {k: v for k, v in strings(lang).items() if k.startswith("table.closed_")}
        assert len(reasons) >= 3, reasons
        for key, text in reasons.items():
            assert len(str(text).encode("utf-8")) <= MAX_CLOSE_REASON, (lang, key)

    async def closing(reason: str) -> tuple[int, str] | None:
        conn = Connection(None, "pt", Settings())  # type: ignore[arg-type]
        conn.close(1012, reason)
        return conn.closing

    said = asyncio.run(closing("não " * 60))
    assert said is not None
    assert len(said[1].encode("utf-8")) <= MAX_CLOSE_REASON
    assert said[1].startswith("não não")


CLOSED_WATCHERS = {  # the words of its error message (`watchers`), as a refused socket's
    "en": "This table has as many watchers as it takes: try again later.",
    "pt": "Esta mesa já tem todos os espectadores que pode ter: tenta mais tarde.",
}


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_try_again_later_close_says_why_in_the_browsers_language(
    monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """A close with 1013 (try again later) gives its reason in the connection's language, as
    the closed-table reasons do: a watcher that lost the last place, a table the store cannot
    read now, a browser too slow to take its messages."""
    from starlette.websockets import WebSocket

    from sueca_rules.web._settings import Settings as WebSettings
    from sueca_rules.web._store import StoreError
    from sueca_rules.web._ws import MAX_CLOSE_REASON, Connection

    with make_client(max_watchers=1) as c:
        table = new_table(c, ["human", "bot:1", "bot:1", "bot:1"])
        manager = c.app.state.tables  # type: ignore[attr-defined]
        held = manager.tables[table["table"]]

        accept_while_another_watcher_comes = _another_watcher_comes_first(held)

        with monkeypatch.context() as m:
            m.setattr(WebSocket, "accept", accept_while_another_watcher_comes)
            watch = f"/ws/tables/{table['table']}?watch={table['watch']}&lang={lang}"
            with c.websocket_connect(watch) as ws, pytest.raises(WebSocketDisconnect) as closed:
                until(ws, lambda m: False)
        assert (closed.value.code, closed.value.reason) == (1013, CLOSED_WATCHERS[lang])

        def unreadable(table_id: str) -> None:
            raise StoreError("the disk is full")

        monkeypatch.setattr(manager, "find", unreadable)
        with c.websocket_connect(url(table) + f"&lang={lang}") as ws:
            # Its error message first, as a socket refused at once for another reason has.
            said = ws.receive_json()
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
        assert (said["type"], said["code"]) == ("error", "unavailable")
        assert closed.value.code == 1013
        assert (
            closed.value.reason
            == said["message"]
            == {
                "en": "The tables cannot be read just now: try again in a moment.",
                "pt": "Não se consegue ler as mesas neste momento: tenta outra vez daqui a pouco.",
            }[lang]
        )

    conn = Connection(None, lang, WebSettings(send_queue=2))  # type: ignore[arg-type]
    for _ in range(3):
        conn.push({"type": "state"})
    assert conn.closing == (
        1013,
        {
            "en": "this browser took too long to take the table's messages: join again",
            "pt": "este navegador demorou demasiado a receber as mensagens da mesa: "
            "entra outra vez",
        }[lang],
    )
    assert len(conn.closing[1].encode("utf-8")) <= MAX_CLOSE_REASON


REFUSED = {
    "en": {
        "no_table": "There is no such table: it expired, or the server was restarted.",
        "bad_token": "This link is not valid for this table.",
    },
    "pt": {
        "no_table": "Esta mesa não existe: expirou, ou o servidor foi reiniciado.",
        "bad_token": "Este link não vale para esta mesa.",
    },
}


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_refused_socket_gives_its_reason_in_the_close_frame_in_its_language(
    monkeypatch: pytest.MonkeyPatch, lang: Lang
) -> None:
    """A socket refused for a table that is gone (4404), a bad link (4403) or a server too full
    (1013) says why in the close frame too (not only in the error message before it), in the
    connection's language, cut to the 123 bytes a close frame holds."""
    from sueca_rules.web._i18n import phrase
    from sueca_rules.web._ws import MAX_CLOSE_REASON

    def refused(c: TestClient, path: str) -> tuple[Msg, int, str]:
        with c.websocket_connect(path) as ws:
            said = ws.receive_json()
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
        return said, closed.value.code, closed.value.reason

    with make_client(max_connections=1) as c:
        table = new_table(c, ["human", "bot:1", "bot:1", "bot:1"])
        said, code, reason = refused(c, f"/ws/tables/nosuchtable?token=x&lang={lang}")
        assert (said["code"], code, reason) == ("no_table", 4404, REFUSED[lang]["no_table"])
        said, code, reason = refused(c, url(table, token="wrong") + f"&lang={lang}")
        assert (said["code"], code, reason) == ("bad_token", 4403, REFUSED[lang]["bad_token"])
        with c.websocket_connect(url(table) + f"&lang={lang}") as ws:
            until(ws, lambda m: m["type"] == "state")
            said, code, reason = refused(c, url(table) + f"&lang={lang}")
        assert (said["code"], code, reason) == ("busy", 1013, phrase(lang, "error.busy"))
        # A phrase longer than a close frame holds is cut there, after a whole word, with "…".
        monkeypatch.setattr(
            "sueca_rules.web._refusal.phrase", lambda lang, key, **kw: "não é uma mesa, " * 20
        )
        said, code, reason = refused(c, f"/ws/tables/nosuchtable?token=x&lang={lang}")
        assert code == 4404
        assert len(said["message"].encode("utf-8")) > MAX_CLOSE_REASON
        assert len(reason.encode("utf-8")) <= MAX_CLOSE_REASON
        assert reason.endswith("…")
        kept = reason[:-1]
        assert said["message"].startswith(kept)
        assert said["message"][len(kept)] in " ,"  # a whole word: the next is a space or comma
        assert len(kept.encode("utf-8")) > MAX_CLOSE_REASON - len(" mesa, …".encode())


@pytest.mark.parametrize(
    ("reason", "expected"),
    [
        ("short and whole", "short and whole"),
        ("ã" * 61 + "b", "ã" * 61 + "b"),  # 123 bytes: fits as it is
        ("ã" * 70, "ã" * 60 + "…"),  # one long word: cut at a whole character
        ("word " * 30, ("word " * 24).rstrip() + "…"),
    ],
)
def test_a_close_reason_fits_a_close_frame_and_is_cut_after_a_whole_word(
    reason: str, expected: str
) -> None:
    from sueca_rules.web._ws import MAX_CLOSE_REASON, close_reason

    assert close_reason(reason) == expected
    assert len(close_reason(reason).encode("utf-8")) <= MAX_CLOSE_REASON


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_seat_opened_in_another_window_is_told_so_in_its_language(lang: str) -> None:
    with make_client() as c:
        table = new_table(c, ["human", "bot:1", "bot:1", "bot:1"])
        with c.websocket_connect(url(table) + f"&lang={lang}") as first:
            until(first, my_turn(0))
            with c.websocket_connect(url(table)) as second:
                until(second, my_turn(0))
                with pytest.raises(WebSocketDisconnect) as closed:
                    until(first, lambda m: False)
    assert closed.value.code == 4000
    assert (
        closed.value.reason
        == {
            "en": "this seat was opened in another window",
            "pt": "este lugar foi aberto noutra janela",
        }[lang]
    )


# --- refusals of HTTP requests in the page's language ---------------------------------------

SEATS4 = ["human", "bot:1", "bot:1", "bot:1"]
JSON_TYPE = {"content-type": "application/json"}
REFUSALS: list[tuple[str, str, dict[str, Any], int, str, str, str]] = [
    # (method, path, request, status, code, English, Portuguese)
    (
        "POST", "/api/tables", {"content": b"{", "headers": JSON_TYPE},
        400, "bad_json",
        "the body is not JSON: it goes wrong at line 1, column 2",
        "o pedido não é JSON: falha na linha 1, coluna 2",
    ),
    (
        "POST", "/api/tables", {"content": b'{"a": }', "headers": JSON_TYPE},
        400, "bad_json",
        "the body is not JSON: it goes wrong at line 1, column 7",
        "o pedido não é JSON: falha na linha 1, coluna 7",
    ),
    (
        "POST", "/api/tables", {"content": b"\xff", "headers": JSON_TYPE},
        400, "bad_json", "the body is not JSON", "o pedido não é JSON",
    ),
    (
        "POST", "/api/tables", {"content": b"{}", "headers": {"content-type": "text/plain"}},
        415, "not_json",
        "send JSON, with the header Content-Type: application/json",
        "envia JSON, com o cabeçalho Content-Type: application/json",
    ),
    (
        "POST", "/api/tables", {"json": {"variant": "portugal", "x": "y" * 300}},
        413, "too_large",
        "the body is larger than 200 bytes",
        "o pedido tem mais de 200 bytes: envia no máximo 200",
    ),
    (
        "POST", "/api/tables", {"json": {"variant": "portugal"}},
        400, "bad_body",
        'send {"variant": ..., "seats": [...]}',
        'envia {"variant": ..., "seats": [...]}',
    ),
    (
        "POST", "/api/tables", {"json": {"variant": "portugal", "seats": "human"}},
        400, "bad_seats",
        'seats must be a list of four: "human" or "bot:1".."bot:5"',
        'seats tem de ser uma lista de quatro lugares: "human" ou "bot:1".."bot:5"',
    ),
    (
        "POST", "/api/tables", {"json": {"variant": "portugal",
                                 "seats": ["human", "bot:9", "bot", "bot"]}},
        400, "bad_seats",
        "'bot:9' is not a seat: bot levels are 1-5",
        "'bot:9' não é um lugar: os níveis dos bots vão de 1 a 5",
    ),
    (
        "POST", "/api/tables", {"json": {"variant": "portugal",
                                 "seats": ["human", 5, "bot", "bot"]}},
        400, "bad_seats",
        'each seat is "human", "bot" or "bot:1".."bot:5"',
        'cada lugar é "human", "bot" ou "bot:1".."bot:5"',
    ),
    (
        "POST", "/api/tables", {"json": {"variant": "portugal", "seats": ["bot"] * 4}},
        400, "bad_seats",
        "a table needs at least one human seat",
        'uma mesa precisa de pelo menos um lugar para uma pessoa ("human")',
    ),
    (
        "POST", "/api/tables", {"json": {"variant": "portugal", "seats": SEATS4, "seed": 1.5}},
        400, "bad_seed",
        "seed is a whole number or a short text (1 to 100 characters)",
        "a semente é um número inteiro ou um texto curto (1 a 100 caracteres)",
    ),
    (
        "POST", "/api/tables",
        {"content": b'{"variant": "portugal", "seats": ["human", "bot", "bot", "bot"], '
                    b'"seed": "\\ud800"}',
         "headers": JSON_TYPE},
        400, "bad_seed",
        "seed is not valid Unicode text (it holds a lone surrogate)",
        "a semente não é texto Unicode válido (tem um substituto isolado): dá um número "
        "inteiro ou um texto curto (1 a 100 caracteres)",
    ),
    (
        "POST", "/api/variants/preview", {"json": {"variant": 3}},
        400, "bad_body", 'send {"variant": {...}}', 'envia {"variant": {...}}',
    ),
    (
        "GET", "/api/variants/fields?lang=fr", {},
        400, "bad_lang", "lang is en or pt", "lang é en ou pt",
    ),
    (
        "GET", "/api/variants/nope", {},
        404, "no_variant",
        "no such built-in: the built-ins are ",
        "não há regras de base com esse nome: as de base são ",
    ),
    (
        "GET", "/api/tables/nope/record?token=x", {},
        404, "no_table",
        "There is no such table: it expired, or the server was restarted.",
        "Esta mesa não existe: expirou, ou o servidor foi reiniciado.",
    ),
    (
        "GET", "/api/tables/nope/hint?token=x", {},
        404, "no_table",
        "There is no such table: it expired, or the server was restarted.",
        "Esta mesa não existe: expirou, ou o servidor foi reiniciado.",
    ),
    (
        "GET", "/api/nope", {},
        404, "no_route",
        "no API route '/api/nope': the routes are listed in the docs",
        "não há nenhuma rota da API '/api/nope': as rotas estão na documentação",
    ),
    (
        "DELETE", "/api/variants", {},
        405, "bad_method",
        "DELETE is not taken by '/api/variants': it takes GET, HEAD",
        "'/api/variants' não aceita DELETE: aceita GET, HEAD",
    ),
]  # fmt: skip


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize(
    ("method", "path", "request_", "status", "code", "en", "pt"),
    REFUSALS,
    ids=[f"{r[4]}-{i}" for i, r in enumerate(REFUSALS)],
)
def test_a_refused_request_says_why_in_the_pages_language(
    lang: str,
    method: str,
    path: str,
    request_: dict[str, Any],
    status: int,
    code: str,
    en: str,
    pt: str,
) -> None:
    """A refused API request says why in the language the page asks in (`Accept-Language`,
    which the pages send: a Portuguese page showed the English), where and what would be
    valid; a program that asks for no language is answered in English, as before."""
    headers = {**request_.get("headers", {}), "accept-language": lang}
    with make_client(max_variant_bytes=200) as c:
        r = c.request(method, path, **{**request_, "headers": headers})
        plain = c.request(method, path, **request_)
    assert r.status_code == status, r.text
    assert r.json()["error"] == code
    said = r.json()["message"]
    wanted = {"en": en, "pt": pt}[lang]
    assert said.startswith(wanted) if wanted.endswith(" ") else said == wanted
    assert plain.json()["message"].startswith(en)


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_refusals_of_a_tables_record_and_hints_in_the_pages_language(lang: str) -> None:
    """The record of a table (asked with `?lang=`, as the replay page does) and its hints
    say why they are refused in that language."""
    words = {
        # The table's own words for these (the same over HTTP as on its socket).
        "bad_token": {
            "en": "This link is not valid for this table.",
            "pt": "Este link não vale para esta mesa.",
        },
        "not_over": {
            "en": "The match is not over yet.",
            "pt": "O encontro ainda não acabou.",
        },
        "no_hints": {
            "en": "Hints are given only at a practice table (one person and bots) or once "
            "every person at the table agreed.",
            "pt": "Só há sugestões numa mesa de treino (uma pessoa e bots) ou quando todas as "
            "pessoas da mesa concordaram.",
        },
        "too_many_tables_here": {
            "en": "You already have a table open on this server, the most one computer may "
            "have: try again when it has closed (30 min after its last play).",
            "pt": "Já tens uma mesa aberta neste servidor, o máximo para um computador: tenta "
            "outra vez quando ela fechar (30 min depois da última jogada).",
        },
        "bad_level": {
            "en": "level is a whole number from 1 to 5",
            "pt": "level é um número inteiro de 1 a 5",
        },
    }
    with make_client(max_tables_per_client=1) as c:
        table = new_table(c, ["human", "human", "bot:1", "bot:1"])
        base = f"/api/tables/{table['table']}"
        token = table["seats"][0]["token"]
        said = {
            "bad_token": c.get(f"{base}/record?token=nope&lang={lang}"),
            "not_over": c.get(f"{base}/record?token={token}&lang={lang}"),
            "no_hints": c.get(f"{base}/hint?token={token}&lang={lang}"),
            "too_many_tables_here": c.post(
                "/api/tables",
                json={"variant": "portugal", "seats": SEATS4},
                headers={"accept-language": lang},
            ),
            "bad_level": c.post(f"/api/records/analyse?level=9&lang={lang}", content=b"x"),
        }
    for code, r in said.items():
        assert r.json() == {"error": code, "message": words[code][lang]}, code


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_malformed_or_too_large_message_says_what_would_be_valid(lang: str) -> None:
    with make_client() as c:
        table = new_table(c, SEATS4)
        with c.websocket_connect(url(table) + f"&lang={lang}") as ws:
            until(ws, my_turn(0))
            ws.send_text('{"type": "play", "card": }')
            malformed = until(ws, lambda m: m["type"] == "error")
            ws.send_text("x" * 5000)
            large = until(ws, lambda m: m["type"] == "error")
    assert (malformed["code"], large["code"]) == ("malformed", "too_large")
    assert (malformed["message"], large["message"]) == {
        "en": (
            'The message is not a JSON object: send one such as {"type": "play", "card": "7H"}.',
            "The message is too large: at most 4096 bytes.",
        ),
        "pt": (
            'A mensagem não é um objeto JSON: envia um como {"type": "play", "card": "7H"}.',
            "A mensagem é grande demais: no máximo 4096 bytes.",
        ),
    }[lang]


@pytest.mark.parametrize(("lang", "word"), [("en", "to"), ("pt", "a")])
def test_a_final_score_stays_on_one_line(lang: Lang, word: str) -> None:
    """The end of a match says its scores as "1 a 0": kept on one line (the dialog broke it
    after "1 a", leaving "0." alone on the next)."""
    from sueca_rules.web._i18n import phrase

    said = [
        phrase(lang, "table.final", us=1, them=0, gus=4, gthem=2),
        phrase(lang, "table.final_seats", us=1, them=0, a="0/2", b="1/3", gus=4, gthem=2),
        phrase(lang, "table.final_deal", deal=3, us=90, them=30),
    ]
    assert f"4\u00a0{word}\u00a02." in said[0]
    assert f"4\u00a0{word}\u00a02." in said[1]
    assert f"90\u00a0{word}\u00a030 " in said[2]


# --- one phrase for each refusal ------------------------------------------------------------


def _refusal_codes() -> set[str]:
    """Every refusal code the web app names in its source: `Refusal("code")`, a table's or a
    connection's `error(…, "code")` and a socket refused at once (`_refuse(ws, n, "code")`),
    the codes of the record route's refusals, and the analysis routes' numbers."""
    import ast
    from pathlib import Path

    import sueca_rules.web as web
    from sueca_rules.web._refusal import NUMBER_CODES

    def named(arg: ast.expr) -> list[str]:
        if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
            return [arg.value]
        if isinstance(arg, ast.IfExp):  # "match_over" if … else "wrong_phase"
            return named(arg.body) + named(arg.orelse)
        return []

    codes: set[str] = set(NUMBER_CODES)
    for path in Path(web.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            func = node.func
            if isinstance(func, ast.Name) and func.id == "Refusal":
                if any(k.arg == "body" for k in node.keywords):
                    continue  # a whole answer of its own (a variant's issues): no phrase
                if isinstance(node.args[0], ast.Name):
                    # `Refusal(code, …)` of the record route: the codes it may be.
                    codes |= {"no_table", "bad_token", "unavailable", "damaged", "not_over"}
                codes.update(named(node.args[0]))
            elif isinstance(func, ast.Name) and func.id == "_refuse":
                codes.update(named(node.args[2]))
            elif (
                isinstance(func, ast.Attribute)
                and func.attr == "error"
                and not (isinstance(func.value, ast.Name) and func.value.id == "log")
            ):
                # conn.error("rate", …), self.error(seat, "unknown_type", lang, …)
                first = next((n for arg in node.args if (n := named(arg))), [])
                codes.update(first[:1])
    return codes


def test_every_refusal_code_has_one_phrase_in_each_language() -> None:
    """Each refusal code is said by one phrase of the catalogues, in English and in Portuguese
    (the same key, of the same shape), and no two refusals' phrases say the same words: the
    API kept its own words for the table's refusals (`api.no_table` beside `error.no_table`),
    and two keys said "send {shape}"."""
    from sueca_rules._lang._catalogue import entry_texts, load_catalogue
    from sueca_rules.web._refusal import phrase_key

    codes = _refusal_codes()
    assert {"no_table", "bad_token", "not_over", "too_large", "bad_seats", "bad_origin"} <= codes
    assert len(codes) > 40
    entries = {lang: load_catalogue(lang, "web").entries for lang in ("en", "pt")}
    for lang, table in entries.items():
        # One home for the refusals' words: no second section of them.
        assert not [key for key in table if key.startswith("api.")], lang
        missing = sorted(code for code in codes if phrase_key(code) not in table)
        assert missing == [], (lang, missing)
        texts = [
            text
            for key, entry in table.items()
            if key.startswith("error.")
            for text in entry_texts(entry)
        ]
        repeated = sorted({t for t in texts if texts.count(t) > 1})
        assert repeated == [], (lang, repeated)
    for code in codes:
        en, pt = (entries[lang][phrase_key(code)] for lang in ("en", "pt"))
        assert type(en) is type(pt), code
        if isinstance(en, dict):
            assert isinstance(pt, dict)
            assert (en["$"], sorted(en)) == (pt["$"], sorted(pt)), code


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_code_says_the_same_words_over_http_and_on_a_tables_socket(lang: Lang) -> None:
    """A table that is gone, a wrong token, a match not over: the record route (HTTP) and the
    table's socket refuse them in the same words. A message too large is the one code that
    reads differently, on purpose: over HTTP it is a request's body, at a table the message the
    page sent (both give the limit)."""
    with make_client(max_message_bytes=300, max_variant_bytes=200) as c:
        table = new_table(c, ["human", "bot:1", "bot:1", "bot:1"])
        token = table["seats"][0]["token"]
        base = f"/api/tables/{table['table']}"
        http = {
            "no_table": c.get(f"/api/tables/nosuchtable/record?token=x&lang={lang}"),
            "bad_token": c.get(f"{base}/record?token=wrong&lang={lang}"),
            "not_over": c.get(f"{base}/record?token={token}&lang={lang}"),
            "too_large": c.post(
                "/api/variants/validate", content=b"x" * 300, headers={"accept-language": lang}
            ),
        }
        socket: dict[str, Msg] = {}
        for code, path in (
            ("no_table", f"/ws/tables/nosuchtable?token=x&lang={lang}"),
            ("bad_token", url(table, token="wrong") + f"&lang={lang}"),
        ):
            with c.websocket_connect(path) as ws:
                socket[code] = ws.receive_json()
        with c.websocket_connect(url(table) + f"&lang={lang}") as ws:
            until(ws, lambda m: m["type"] == "state")
            ws.send_json({"type": "rematch"})
            socket["not_over"] = until(ws, lambda m: m["type"] == "error")
            ws.send_text('{"type": "play", "card": "' + "A" * 400 + '"}')
            socket["too_large"] = until(ws, lambda m: m["type"] == "error")
    for code, r in http.items():
        assert r.json()["error"] == socket[code]["code"] == code
    for code in ("no_table", "bad_token", "not_over"):
        assert http[code].json()["message"] == socket[code]["message"], code
    body, message = http["too_large"].json()["message"], socket["too_large"]["message"]
    assert body != message
    assert "200" in body
    assert "300" in message
    assert ("body" if lang == "en" else "pedido") in body
    assert ("message" if lang == "en" else "mensagem") in message.lower()


VARIANT_PROBLEMS: list[tuple[str, str, dict[str, Any], int]] = [
    # (method, path, request, status): a variant that is not valid, however it comes.
    ("POST", "/api/tables", {"json": {"variant": "nope", "seats": SEATS4}}, 422),
    ("POST", "/api/tables", {"json": {"variant": {"name": 5}, "seats": SEATS4}}, 422),
    (
        "POST",
        "/api/variants/validate",
        {"content": b"name: X\nscoring:\n  tie:\n    mode: zzz\n"},
        200,
    ),
    (
        "POST",
        "/api/variants/describe",
        {"content": b"name: X\nscoring:\n  tie:\n    mode: zzz\n"},
        422,
    ),
    ("POST", "/api/variants/describe", {"json": {"id": "nope"}}, 422),
    ("POST", "/api/variants/preview", {"json": {"variant": {"name": "X", "cards": 9}}}, 200),
    (
        "POST",
        "/api/records/replay",
        {"content": b"variant: portugal\nfirst_dealer: 9\ndeals: []\n"},
        422,
    ),
    (
        "POST",
        "/api/records/analyse",
        {"content": b"variant: portugal\nfirst_dealer: 9\ndeals: []\n"},
        422,
    ),
]


@pytest.mark.parametrize(("method", "path", "request_", "status"), VARIANT_PROBLEMS)
def test_a_variants_or_records_problems_are_said_in_the_requests_language(
    method: str, path: str, request_: dict[str, Any], status: int
) -> None:
    """The problems of a variant or a record the API refuses are said in the request's
    language (`?lang=`, else `Accept-Language`), as its other refusals are: they were in
    English whatever the request asked; each keeps its kind and values, and a request that asks
    for no language gets the English, as before."""
    from sueca_rules import Issue
    from sueca_rules._lang import issue_text

    with make_client() as c:
        plain = c.request(method, path, **request_)
        pt = c.request(method, path, **request_, headers={"accept-language": "pt-PT,pt"})
        asked = c.request(method, path, **request_, params={"lang": "pt"})
    assert plain.status_code == pt.status_code == asked.status_code == status, pt.text
    english, portuguese = plain.json()["issues"], pt.json()["issues"]
    assert english
    assert len(english) == len(portuguese)
    assert asked.json()["issues"] == portuguese
    for en, said in zip(english, portuguese, strict=True):
        assert {**said, "message": en["message"]} == en
        assert en["kind"], en
        params = tuple(en["params"].items())
        issue = Issue(en["message"], kind=en["kind"], params=params)
        assert en["message"] == issue_text(issue, "en")
        assert said["message"] == issue_text(issue, "pt") != en["message"]


# --- phones and café Wi-Fi ------------------------------------------------------------------


def test_a_ping_is_answered_by_a_pong_for_a_seat_and_a_watcher(client: TestClient) -> None:
    """A page checks its connection is alive (a phone woken up) with `{"type": "ping"}`: a seat
    and a watcher both get `{"type": "pong"}`, and nothing changes at the table."""
    table = new_table(client, ["human", "human", "bot:1", "bot:1"])
    with client.websocket_connect(url(table, 0)) as ws:
        first = until(ws, lambda m: m["type"] == "state")
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
        watch = f"/ws/tables/{table['table']}?watch={table['watch']}"
        with client.websocket_connect(watch) as watcher:
            until(watcher, lambda m: m["type"] == "state")
            watcher.send_json({"type": "ping"})
            assert watcher.receive_json() == {"type": "pong"}
            watcher.send_json({"type": "play", "card": "7H"})
            assert watcher.receive_json()["code"] == "watching"
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}  # no new state: the table did not change
        assert first["phase"] == "waiting"


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_seat_opened_elsewhere_tells_its_new_holder_but_not_the_same_page(
    client: TestClient, lang: str
) -> None:
    """A friend who opens the host's link by mistake is told at once that the seat was open
    elsewhere (and the host's page is closed with 4000); the same page coming back to its seat
    (the same `page` id: a phone that slept, its old socket not yet closed) is told nothing."""
    table = new_table(client, ["human", "human", "bot:1", "bot:1"])
    said = {
        "en": "This seat was open in another window or on another phone",
        "pt": "Este lugar estava aberto noutra janela ou noutro telemóvel",
    }[lang]
    with client.websocket_connect(url(table, 0) + "&page=host") as host:
        until(host, lambda m: m["type"] == "state")
        with client.websocket_connect(url(table, 0) + f"&page=friend&lang={lang}") as friend:
            notice = until(friend, lambda m: m["type"] != "state")
            assert notice["type"] == "notice"
            assert notice["code"] == "taken_over"
            assert notice["message"].startswith(said)
            with pytest.raises(WebSocketDisconnect) as closed:
                until(host, lambda m: False)
            assert closed.value.code == 4000
            with client.websocket_connect(url(table, 0) + "&page=friend") as again:
                assert until(again, lambda m: m["type"] in ("state", "notice"))["type"] == "state"
                again.send_json({"type": "ping"})
                assert until(again, lambda m: m["type"] != "state") == {"type": "pong"}


CARD_RE = re.compile(r"^(?:[A2-7JQK])[SHDC]$")


def _cards_in(value: object) -> set[str]:
    """Every card named anywhere in a message (a value that is a card's text)."""
    if isinstance(value, str):
        return {value} if CARD_RE.match(value) else set()
    if isinstance(value, dict):
        return set().union(*(_cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(_cards_in(v) for v in value)) if value else set()
    return set()


def _answer(ws: Any, state: Msg, seat: int) -> None:
    """What a person at `seat` does when a decision is theirs: the first legal card, the top
    card for trump, keeping the hand, agreeing to the count."""
    if state["over"] or state["to_play"] != seat:
        return
    phase = state["phase"]
    if phase == "play" and state["legal"]:
        ws.send_json({"type": "play", "card": state["legal"][0]})
    elif phase == "trump":
        ws.send_json({"type": "trump", "side": "top"})
    elif phase == "redeal":
        ws.send_json({"type": "keep"})
    elif phase == "count":
        ws.send_json({"type": "count"})


@pytest.mark.parametrize("variant", ["portugal-table", "brasil"])
def test_a_watcher_is_never_sent_a_card_it_may_not_know(variant: str) -> None:
    """Every message a watch link gets over a whole match names only cards that are public
    when it is sent: those played so far (this deal's first `cards_played`, every card of the
    deals before) and the trump card once it is turned (not while the dealer still chooses
    it, under the dealer's choice of trump); checked against the match's record."""
    one_game = {"name": "One game", "extends": variant, "match": {"target_games": 1}}
    with make_client() as c:
        table = new_table(c, ["human", "bot:1", "bot:1", "bot:1"], variant=one_game)
        watch = f"/ws/tables/{table['table']}?watch={table['watch']}"
        with c.websocket_connect(url(table, 0)) as ws, c.websocket_connect(watch) as watcher:
            state = until(ws, lambda m: m["type"] == "state")
            ws.send_json({"type": "start"})
            for _ in range(20_000):
                state = ws.receive_json()
                if state["type"] != "state":
                    continue
                if state["over"]:
                    break
                _answer(ws, state, 0)
            assert state["over"]
            frames: list[Msg] = []
            while not (frames and frames[-1].get("over")):
                frames.append(watcher.receive_json())
        answer = c.get(f"/api/tables/{table['table']}/record?watch={table['watch']}&format=json")
        assert answer.status_code == 200, answer.text
        deals = answer.json()["deals"]
    states = [f for f in frames if f["type"] == "state"]
    assert len(states) > 40
    for frame in states:
        assert frame["seat"] is None
        assert frame["hand"] == []
        assert frame["legal"] == []
        if frame["phase"] == "waiting":
            assert _cards_in(frame) == set()
            continue
        number = frame["deal"]
        known = {card for deal in deals[: number - 1] for card in deal.get("plays", [])}
        known |= set(deals[number - 1].get("plays", [])[: frame["cards_played"]])
        if frame["phase"] != "trump":
            known.add(deals[number - 1]["trump_card"])
        if frame["over"]:
            known |= {card for deal in deals for card in deal.get("plays", [])}
        leaked = _cards_in(frame) - known
        assert not leaked, (number, frame["phase"], frame["cards_played"], leaked)


def test_a_person_back_from_away_is_told_how_many_cards_a_bot_played_for_them() -> None:
    """A phone that slept through a few tricks: when its page joins again it is told, in its
    language, how many cards the stand-in bot played for it (why they are gone from the hand),
    and told it once."""
    with make_client(away_seconds=0.0) as c:
        table = new_table(c, ["human", "human", "bot:1", "bot:1"])
        with c.websocket_connect(url(table, 1)) as friend:
            with c.websocket_connect(url(table, 0)) as host:
                until(host, lambda m: m["type"] == "state" and m["phase"] != "waiting")
            played = 0
            while played < 3:
                state = until(friend, my_turn(1))
                friend.send_json({"type": "play", "card": state["legal"][0]})
                played += 1
            until(friend, lambda m: m["type"] == "state" and m["to_play"] != 1)
            with c.websocket_connect(url(table, 0) + "&lang=pt") as host:
                notice = host.receive_json()
                state = until(host, lambda m: m["type"] == "state")
                gone = 10 - len(state["hand"])
                assert gone >= 3
                assert notice["type"] == "notice"
                assert notice["code"] == "stood_in"
                assert notice["n"] == gone
                assert notice["message"] == (
                    f"Enquanto estiveste fora, um bot jogou {gone} cartas por ti."
                )
            with c.websocket_connect(url(table, 0)) as host:
                assert host.receive_json()["type"] == "state"  # said once


def test_a_person_back_after_a_rematch_is_told_the_cards_of_this_match_only() -> None:
    """Away through the end of a match and the **Play again** that followed: the count told on
    coming back is of the cards the bot played in the new match (those of the match before
    were added to it)."""
    one_game = {"name": "One game", "extends": "portugal", "match": {"target_games": 1}}
    with make_client(away_seconds=0.0) as c:
        table = new_table(c, ["human", "human", "bot:1", "bot:1"], variant=one_game)
        with c.websocket_connect(url(table, 1)) as friend:
            with c.websocket_connect(url(table, 0)) as host:
                until(host, lambda m: m["type"] == "state" and m["phase"] != "waiting")
            state = until(friend, my_turn(1))
            for _ in range(2000):
                if state["over"]:
                    break
                _answer(friend, state, 1)
                state = until(friend, my_turn(1))
            assert state["over"]
            friend.send_json({"type": "rematch"})
            state = until(friend, lambda m: m["type"] == "state" and not m["over"])
            until(friend, my_turn(1))  # the bots (the host's seat too) wait for this seat
            with c.websocket_connect(url(table, 0)) as host:
                first = host.receive_json()
                state = first if first["type"] == "state" else host.receive_json()
                gone = 10 - len(state["hand"])  # the bot's cards for the host in this match
                told = first["n"] if first["type"] == "notice" else 0
                assert told == gone


def test_a_guest_may_start_once_the_host_has_left_the_waiting_room(client: TestClient) -> None:
    """The host came, shared the links and left (a phone that slept): a guest is told so
    (`may_start`) and may start the match, rather than wait for ever for a friend who never
    comes; back, the host is the only one again."""
    table = new_table(client, ["human", "human", "human", "bot:1"])
    with client.websocket_connect(url(table, 1)) as guest:
        with client.websocket_connect(url(table, 0)) as host:
            assert until(host, lambda m: m["type"] == "state")["may_start"] is True
            shown = until(guest, lambda m: m["type"] == "state" and m["seats"][0]["connected"])
            assert shown["may_start"] is False
            guest.send_json({"type": "start"})
            assert until(guest, lambda m: m["type"] == "error")["code"] == "host_only"
        state = until(guest, lambda m: m["type"] == "state" and not m["seats"][0]["connected"])
        assert state["may_start"] is True
        guest.send_json({"type": "start"})
        assert until(guest, lambda m: m["type"] == "state" and m["phase"] != "waiting")
