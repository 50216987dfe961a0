"""The web review of a record (`POST /api/records/analyse`) and the hint of a practice table
(`GET /api/tables/{table}/hint`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from sueca_rules import Record, dump_record, load_record
from sueca_rules.web import Settings, create_app
from sueca_rules.web._analysis import MAX_DEALS, MAX_RECORD_DEALS

RECORD = Path(__file__).parent / "analysis" / "ace_in_the_last_tricks.yaml"


@pytest.fixture
def client() -> Iterator[TestClient]:
    app = create_app(Settings.for_tests())
    app.state.tables.secret = lambda: "not-a-secret"
    with TestClient(app) as c:
        yield c


def test_a_review_with_its_words(client: TestClient) -> None:
    r = client.post("/api/records/analyse?lang=pt&level=2&seat=1", content=RECORD.read_bytes())
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["level"] == 2
    assert body["words"]["review.title"] == "Análise"
    (deal,) = body["analysis"]["deals"]
    assert deal["points"] is not None
    blunder = next(d for d in deal["decisions"] if d["after"] == 35)
    assert blunder["played"] == "AS"
    assert blunder["mistake"] is True
    assert blunder["team"] == 1
    # a record from elsewhere is nobody's: each seat's decisions said of it
    assert "o lugar 1 deu-lhes A♠ (11 pontos); podia jogar 2♠" in blunder["why"]
    assert body["analysis"]["seats"][0]["seat"] == 1
    # the reader's own seat (`me`): its decisions said to them
    r = client.post("/api/records/analyse?lang=pt&level=2&seat=1&me=1", content=RECORD.read_bytes())
    (deal,) = r.json()["analysis"]["deals"]
    blunder = next(d for d in deal["decisions"] if d["after"] == 35)
    assert "deste-lhes A♠ (11 pontos); podias jogar 2♠" in blunder["why"]
    r = client.post("/api/records/analyse?lang=en&level=2&seat=1&me=3", content=RECORD.read_bytes())
    (deal,) = r.json()["analysis"]["deals"]
    blunder = next(d for d in deal["decisions"] if d["after"] == 35)
    assert "seat 1 gave them A♠ (11 points); 2♠ was legal" in blunder["why"]
    assert client.post("/api/records/analyse?me=4", content=RECORD.read_bytes()).status_code == 400


def test_bad_reviews_are_refused(client: TestClient) -> None:
    r = client.post("/api/records/analyse", content=b"variant: portugal\nfirst_dealer: 9\n")
    assert r.status_code == 422
    assert r.json()["issues"]
    assert client.post("/api/records/analyse?lang=xx", content=b"").status_code == 400
    assert client.post("/api/records/analyse?level=6", content=b"").status_code == 400
    for digit in ("²", "①", "٣", "9" * 5000):  # str.isdigit() takes them; int() does not, or
        for name in ("level", "seat"):  # reads another number
            refused = client.post(f"/api/records/analyse?{name}={digit}", content=b"")
            assert refused.status_code == 400
            assert refused.json()["error"] == f"bad_{name}"
    record = load_record(RECORD)
    long = Record.model_validate(
        {**record.to_data(), "deals": record.to_data()["deals"] * (MAX_DEALS + 1)}
    )
    r = client.post("/api/records/analyse", content=dump_record(long).encode())
    assert r.status_code == 413
    assert "sueca analyse" in r.json()["message"]
    # said in the page's language (the review page shows it as it comes)
    r = client.post("/api/records/analyse?lang=pt", content=dump_record(long).encode())
    assert r.status_code == 413
    assert r.json()["error"] == "too_many_deals"
    assert r.json()["message"] == (
        f"a análise na web vê no máximo {MAX_DEALS} mãos jogadas (as que se deram de novo não "
        f"contam); este registo tem {MAX_DEALS + 1} (analisa-o com: sueca analyse REGISTO)"
    )


def test_deals_dealt_again_do_not_count_against_the_reviews_limit(client: TestClient) -> None:
    """A brasil match with redeals easily has more deals than the web review takes, though
    each deal dealt again is a single question: only the deals played count (the review's
    button was offered, and the review refused, for an ordinary match with redeals)."""
    played = load_record(RECORD).to_data()["deals"][0]
    again = {"hands": played["hands"], "trump_card": played["trump_card"], "redeal": 1}
    variant = {
        "name": "Redeals",
        "extends": "portugal",
        "deal": {"redeal": {"leader_below": 30, "others_below": 30}},
    }
    record = Record.model_validate(
        {"variant": variant, "first_dealer": 0, "deals": [again] * (MAX_DEALS + 1) + [played]}
    )
    r = client.post("/api/records/analyse?level=1", content=dump_record(record).encode())
    assert r.status_code == 200, r.text
    deals = r.json()["analysis"]["deals"]
    assert len(deals) == MAX_DEALS + 2
    assert [d["redeal"] for d in deals[:-1]] == [1] * (MAX_DEALS + 1)
    # ... but a record of more deals than any match would hold still is refused
    many = Record.model_validate({**record.to_data(), "deals": [again] * (MAX_RECORD_DEALS + 1)})
    r = client.post("/api/records/analyse?level=1", content=dump_record(many).encode())
    assert r.status_code == 413


def _table(client: TestClient, seats: list[str]) -> dict[str, Any]:
    r = client.post("/api/tables", json={"variant": "portugal", "seats": seats, "seed": 5})
    assert r.status_code == 200, r.text
    body: dict[str, Any] = r.json()
    return body


def test_a_hint_at_a_practice_table(client: TestClient) -> None:
    table = _table(client, ["human", "bot:1", "bot:1", "bot:1"])
    token = table["seats"][0]["token"]
    path = f"/api/tables/{table['table']}/hint?token={token}&lang=en"
    with client.websocket_connect(f"/ws/tables/{table['table']}?token={token}") as ws:
        if ws.receive_json()["phase"] == "waiting":
            ws.send_json({"type": "start"})
        for _ in range(500):
            message = ws.receive_json()
            if message["type"] == "state" and message.get("to_play") == 0:
                break
        r = client.get(path)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["due"] is True
    assert body["decision"] == "card"
    assert body["choice"] in [o["choice"] for o in body["options"]]
    assert body["why"]
    assert client.get(path + "&probe=1").json() == {"allowed": True}
    assert client.get(path.replace(token, "x" * 40)).status_code == 403
    assert client.get(f"/api/tables/nope/hint?token={token}").status_code == 404


def test_no_hint_at_a_table_of_several_people(client: TestClient) -> None:
    table = _table(client, ["human", "bot:1", "human", "bot:1"])
    token = table["seats"][0]["token"]
    r = client.get(f"/api/tables/{table['table']}/hint?token={token}&probe=1")
    assert r.status_code == 403
    assert r.json()["error"] == "no_hints"


def test_the_words_of_the_pages(client: TestClient) -> None:
    en = client.get("/api/analysis/words?lang=en").json()
    pt = client.get("/api/analysis/words?lang=pt").json()
    assert set(en) == set(pt)
    assert en["hint.button"] == "Hint"
    assert pt["hint.button"] == "Sugestão"


def test_the_pages_load_the_review_and_the_hint(client: TestClient) -> None:
    replay = client.get("/replay").text
    assert '<script type="module" src="/static/js/review.js' in replay
    assert 'id="review-record"' in replay
    table = client.get("/table/abc").text
    assert '<script type="module" src="/static/js/hint.js' in table
    assert 'id="hint-box"' in table
    for name in ("review", "hint"):
        assert client.get(f"/static/js/{name}.js").status_code == 200


def _state_where(ws: Any, pred: Any) -> dict[str, Any]:
    """Read messages until a state satisfies `pred` (bounded)."""
    for _ in range(5000):
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "state" and pred(message):
            return message
    raise AssertionError("no such state")


def _error_of(ws: Any) -> dict[str, Any]:
    for _ in range(5000):
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == "error":
            return message
    raise AssertionError("no error")


def test_hints_when_every_person_agreed_and_not_once_one_withdraws(client: TestClient) -> None:
    table = _table(client, ["human", "bot:1", "human", "bot:1"])
    tokens = {s["seat"]: s["token"] for s in table["seats"] if s.get("token")}
    probe = f"/api/tables/{table['table']}/hint?token={tokens[0]}&lang=en&probe=1"
    base = f"/ws/tables/{table['table']}?token="
    with (
        client.websocket_connect(base + tokens[0]) as ws0,
        client.websocket_connect(base + tokens[2] + "&lang=pt") as ws2,
    ):
        first = _state_where(ws0, lambda m: m["seats"][2]["joined"])
        assert first["hints"] == {
            "allowed": False,
            "agreed": [],
            "players": 2,
            "practice": False,
        }
        assert client.get(probe).status_code == 403
        ws0.send_json({"type": "hints", "agree": True})
        state = _state_where(ws2, lambda m: m["hints"]["agreed"] == [0])
        assert state["hints"]["allowed"] is False
        r = client.get(probe)
        assert r.status_code == 403
        assert r.json()["error"] == "no_hints"
        ws2.send_json({"type": "hints", "agree": True})
        state = _state_where(ws0, lambda m: m["hints"]["agreed"] == [0, 2])
        assert state["hints"]["allowed"] is True
        assert client.get(probe).json() == {"allowed": True}
        r = client.get(probe.replace("&probe=1", ""))
        assert r.status_code == 200, r.text
        assert "due" in r.json()
        ws2.send_json({"type": "hints", "agree": False})
        state = _state_where(ws0, lambda m: m["hints"]["agreed"] == [0])
        assert state["hints"]["allowed"] is False
        assert client.get(probe).status_code == 403
        assert client.get(probe.replace(tokens[0], tokens[2])).status_code == 403


@pytest.mark.parametrize(
    "message",
    [
        {"type": "hints"},
        {"type": "hints", "agree": "yes"},
        {"type": "hints", "agree": 1},
        {"type": "hints", "agree": None},
    ],
)
def test_a_malformed_agreement_is_refused_and_changes_nothing(
    client: TestClient, message: dict[str, Any]
) -> None:
    table = _table(client, ["human", "bot:1", "human", "bot:1"])
    tokens = {s["seat"]: s["token"] for s in table["seats"] if s.get("token")}
    base = f"/ws/tables/{table['table']}?token="
    live = client.app.state.tables.get(table["table"])  # type: ignore[attr-defined]
    with (
        client.websocket_connect(base + tokens[0] + "&lang=pt") as ws0,
        client.websocket_connect(base + tokens[2]) as ws2,
    ):
        ws2.send_json({"type": "hints", "agree": True})
        _state_where(ws0, lambda m: m["hints"]["agreed"] == [2])
        logged = live.logged
        ws0.send_json(message)
        error = _error_of(ws0)
        assert error["code"] == "bad_agree"
        assert "true ou false" in error["message"]
        assert live.hints_agreed == {2}
        assert live.logged == logged
        assert not live.hints_allowed()


def test_agreeing_and_withdrawing_again_and_again_is_capped(client: TestClient) -> None:
    """Each change of a seat's agreement to hints is kept in the table's log: a browser
    toggling it for ever would grow the log (and keep the table from expiring) without end,
    so a seat may change it at most `MAX_HINT_CHANGES` times at a table, the same after a
    restart."""
    from sueca_rules.web._phases import MAX_HINT_CHANGES

    table = _table(client, ["human", "bot:1", "human", "bot:1"])
    tokens = {s["seat"]: s["token"] for s in table["seats"] if s.get("token")}
    base = f"/ws/tables/{table['table']}?token="
    manager = client.app.state.tables  # type: ignore[attr-defined]
    live = manager.get(table["table"])
    with client.websocket_connect(base + tokens[0] + "&lang=pt") as ws0:
        _state_where(ws0, lambda m: True)
        for n in range(MAX_HINT_CHANGES):
            ws0.send_json({"type": "hints", "agree": n % 2 == 0})
            _state_where(ws0, lambda m, n=n: m["hints"]["agreed"] == ([0] if n % 2 == 0 else []))
        logged = live.logged
        agreed = set(live.hints_agreed)
        for _ in range(5):  # each a change, were it allowed
            ws0.send_json({"type": "hints", "agree": 0 not in agreed})
            error = ws0.receive_json()  # (the table waits for seat 2: nothing else comes)
            assert error["code"] == "hints_changes"
            assert f"{MAX_HINT_CHANGES} vezes" in error["message"]
        assert live.logged == logged
        assert live.hints_agreed == agreed
    # rebuilt from its log, the table still knows how often the seat changed its mind
    stored = manager.store.take(table["table"])
    assert stored is not None
    rebuilt = manager._rebuild(stored)
    assert rebuilt is not None
    assert rebuilt.hint_changes == {0: MAX_HINT_CHANGES}


def test_a_practice_table_needs_no_agreement(client: TestClient) -> None:
    table = _table(client, ["human", "bot:1", "bot:1", "bot:1"])
    token = table["seats"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table['table']}?token={token}") as ws:
        state = _state_where(ws, lambda m: True)
        assert state["hints"]["allowed"] is True
        ws.send_json({"type": "hints", "agree": True})
        assert _error_of(ws)["code"] == "hints_practice"


def test_the_hints_field_carries_no_card(client: TestClient) -> None:
    table = _table(client, ["human", "bot:1", "human", "bot:1"])
    tokens = {s["seat"]: s["token"] for s in table["seats"] if s.get("token")}
    base = f"/ws/tables/{table['table']}?token="
    with (
        client.websocket_connect(base + tokens[0]) as ws0,
        client.websocket_connect(base + tokens[2]) as ws2,
    ):
        ws0.send_json({"type": "hints", "agree": True})
        ws2.send_json({"type": "hints", "agree": True})
        state = _state_where(ws0, lambda m: m["hints"]["allowed"] and m["phase"] == "play")
    hints = state["hints"]
    assert set(hints) == {"allowed", "agreed", "players", "practice"}
    assert isinstance(hints["allowed"], bool)
    assert hints["practice"] is False
    assert all(isinstance(seat, int) and 0 <= seat < 4 for seat in hints["agreed"])
    assert isinstance(hints["players"], int)
    cards = set(state["hand"])
    assert cards
    assert not any(card in str(hints) for card in cards)


def test_hints_are_worked_out_in_the_bots_fair_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint is most of a second of thinking: it is worked out in the bots' pool, shared fairly
    between clients as their bots' decisions are. (It ran in the threads every request shares,
    as many at once as were asked: one token asking for a hundred hints at once held every one
    of those threads, and the cores, for seconds, and the server's static files and other pages
    waited behind them.)"""
    import threading
    from concurrent.futures import ThreadPoolExecutor

    from sueca_rules.web import _analysis
    from sueca_rules.web._pool import FairPool

    threads: list[str] = []
    clients: list[str] = []
    hint_body = _analysis._hint_body

    def watched(*args: Any) -> dict[str, Any]:
        threads.append(threading.current_thread().name)
        return hint_body(*args)

    fair_run = FairPool.run

    async def run(self: FairPool, client: str, fn: Any) -> Any:
        clients.append(client)
        return await fair_run(self, client, fn)

    monkeypatch.setattr(_analysis, "_hint_body", watched)
    monkeypatch.setattr(FairPool, "run", run)
    pool = ThreadPoolExecutor(max_workers=2, thread_name_prefix="bots-pool")
    with TestClient(create_app(Settings.for_tests(), executor=pool)) as client:
        table = _table(client, ["human", "bot:1", "bot:1", "bot:1"])
        token = table["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{table['table']}?token={token}") as ws:
            for _ in range(500):
                message = ws.receive_json()
                if message["type"] == "state" and message.get("to_play") == 0:
                    break
            clients.clear()
            r = client.get(f"/api/tables/{table['table']}/hint?token={token}&lang=en")
    pool.shutdown()
    assert r.status_code == 200, r.text
    assert r.json()["due"] is True
    assert threads
    assert all(name.startswith("bots-pool") for name in threads), threads
    assert clients == ["testclient"]  # the asking client's turn, as its bots' decisions
