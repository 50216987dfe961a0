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
from sueca_rules.web._analysis import MAX_DEALS

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
    assert "deste-lhes A♠" in blunder["why"]
    assert body["analysis"]["seats"][0]["seat"] == 1


def test_bad_reviews_are_refused(client: TestClient) -> None:
    r = client.post("/api/records/analyse", content=b"variant: portugal\nfirst_dealer: 9\n")
    assert r.status_code == 422
    assert r.json()["issues"]
    assert client.post("/api/records/analyse?lang=xx", content=b"").status_code == 400
    assert client.post("/api/records/analyse?level=6", content=b"").status_code == 400
    record = load_record(RECORD)
    long = Record.model_validate(
        {**record.to_data(), "deals": record.to_data()["deals"] * (MAX_DEALS + 1)}
    )
    r = client.post("/api/records/analyse", content=dump_record(long).encode())
    assert r.status_code == 413
    assert "sueca analyse" in r.json()["message"]


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
