"""`sueca serve --tournament`: the players' page (read-only), the organiser's page behind its
secret link, both languages, the same file as the command line (read again when it changes,
written atomically, a refused score writes nothing)."""

from __future__ import annotations

import html
import random
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient

from sueca_rules import Variant, load_variant
from sueca_rules.tournament import (
    Team,
    create,
    load_tournament,
    pair,
    record_result,
    save_tournament,
)
from sueca_rules.web import Settings, create_app
from sueca_rules.web._store import SqliteStore

Msg = dict[str, Any]

BEST_OF_3 = load_variant("portugal-best-of-3")
NAMES = ["Os Ases", "<i>Reis</i>", "A Bisca", "Zé & Ana", "A Bandeira"]


@pytest.fixture
def cup(tmp_path: Path) -> Path:
    path = tmp_path / "cup.yaml"
    t = create([Team(name=n) for n in NAMES], "swiss", variant=BEST_OF_3, name="Taça do Café")
    save_tournament(pair(t), path)
    return path


@pytest.fixture
def client(cup: Path) -> Iterator[TestClient]:
    with TestClient(create_app(Settings.for_tests(), tournament=cup)) as c:
        yield c


def _on_db(cup: Path, db: Path) -> TestClient:
    """A server of the tournament `cup` whose tables are kept in the SQLite file `db` (two of
    them on one file: two processes sharing it)."""
    return TestClient(create_app(Settings.for_tests(), tournament=cup, store=SqliteStore(db)))


def _organiser(client: TestClient) -> str:
    site = client.app.state.tournament  # type: ignore[attr-defined]
    path: str = site.organiser_path
    return path


def test_the_players_page_shows_the_round_and_the_standings(client: TestClient) -> None:
    page = client.get("/tournament?lang=en")
    assert page.status_code == 200
    assert "Taça do Café" in page.text
    assert "&lt;i&gt;Reis&lt;/i&gt;" in page.text
    assert "<i>Reis" not in page.text
    assert "Zé &amp; Ana" in page.text
    assert "Round 1 of 3" in page.text
    assert '<form method="post"' not in page.text  # read-only
    # It reloads itself (static/js/refresh.js: not while a team is being chosen), with no
    # <meta> refresh, which nothing can pause.
    assert '<script src="/static/js/refresh.js" defer></script>' in page.text
    assert "http-equiv" not in page.text
    assert client.get("/static/js/refresh.js").status_code == 200
    mine = client.get("/tournament", params={"team": "A Bisca", "lang": "en"})
    assert "Round 1: table 2, against Zé &amp; Ana." in mine.text
    bye = client.get("/tournament", params={"team": "A Bandeira", "lang": "en"})
    assert "you have a bye" in bye.text
    # The standings: the points beside the team (on a phone the rest scrolls in its box).
    heads = re.findall(r"<th>([^<]*)</th>", page.text.split('class="tt standings"')[1])
    assert heads[:4] == ["#", "Team", "Points", "Played"]
    # The languages as on the app's other pages: Portuguese first, each in its own language.
    langs = re.findall(r'<a href="\?lang=(\w+)" lang="([\w-]+)"', page.text)
    assert langs == [("pt", "pt-PT"), ("en", "en")]


def test_the_pages_speak_portuguese(client: TestClient) -> None:
    page = client.get("/tournament", params={"team": "A Bisca", "lang": "pt"})
    assert '<html lang="pt-PT">' in page.text
    assert "Classificação" in page.text
    assert "Ronda 1: mesa 2, contra Zé &amp; Ana." in page.text
    # the tables without a result are named as tables, not read as a count
    assert "As mesas 1 e 2 estão à espera do resultado." in page.text
    page = client.get(_organiser(client), headers={"accept-language": "pt-PT,pt;q=0.9"})
    assert "Registar" in page.text
    assert "Desfazer a última ação" in page.text
    english = client.get("/tournament", params={"lang": "en"}).text
    assert "Tables 1 and 2 are waiting for a result." in english


def test_the_organiser_page_needs_the_secret(client: TestClient) -> None:
    guess = client.get("/tournament/organiser/guess?lang=pt")
    assert guess.status_code == 404
    assert "Esta página não existe" in guess.text  # the app's own page, in the page's language
    wrong = client.post("/tournament/organiser/guess/result", data={"round": "1"})
    assert wrong.status_code == 404
    assert client.post("/tournament/organiser/guess/pair").status_code == 404
    page = client.get(_organiser(client) + "?lang=en")
    assert page.status_code == 200
    assert "Keep this page" in page.text
    assert page.text.count('name="a"') == 2  # a score form for each open table
    for odd in ("%C3%A9", "%E2%82%AC" * 8):  # not ASCII: simply not the secret
        assert client.get(f"/tournament/organiser/{odd}").status_code == 404
        assert client.post(f"/tournament/organiser/{odd}/pair").status_code == 404


def test_scores_entered_on_the_web_are_in_the_file(client: TestClient, cup: Path) -> None:
    base = _organiser(client)
    done = client.post(base + "/result", data={"round": "1", "table": "1", "a": "2", "b": "1"})
    assert done.status_code == 200  # after the redirect
    assert "Saved." in done.text or "Guardado." in done.text
    t, _ = load_tournament(cup)
    result = t.rounds[0].tables[0].result
    assert result is not None
    assert result.score == [2, 1]
    before = cup.read_bytes()
    bad = client.post(base + "/result", data={"round": "1", "table": "2", "a": "2", "b": "2"})
    assert bad.status_code == 400
    assert "first to win 2 partidas" in bad.text
    assert cup.read_bytes() == before
    bad = client.post(base + "/result", data={"round": "1", "table": "x", "a": "2", "b": "0"})
    assert bad.status_code == 400
    assert cup.read_bytes() == before
    for digit in ("①", "²"):  # digits to str.isdigit(), not to int()
        bad = client.post(base + "/result", data={"round": digit, "table": "1", "a": "2", "b": "0"})
        assert bad.status_code == 400
        said = f'The round number of this form must be a whole number, 1 or more, not "{digit}"'
        assert said in html.unescape(bad.text)
    assert cup.read_bytes() == before
    early = client.post(base + "/pair")
    assert early.status_code == 400
    assert "Round 1 is not finished: table" in early.text  # a sentence of the page: a capital
    # A no-show's team as typed with spaces around it is the team the page found (it passed the
    # page's check, then the tournament refused it).
    spaced = client.post(
        base + "/result", data={"round": "1", "table": "2", "no_show": " A Bisca "}
    )
    assert spaced.status_code == 200  # back on the organiser's page
    assert load_tournament(cup)[0].rounds[0].tables[1].result is not None
    client.post(base + "/pair")
    t, _ = load_tournament(cup)
    assert len(t.rounds) == 2
    client.post(base + "/undo")
    assert len(load_tournament(cup)[0].rounds) == 1


def test_a_refused_action_is_told_in_the_pages_language(client: TestClient, cup: Path) -> None:
    base = _organiser(client)
    before = cup.read_bytes()
    bad = client.post(
        base + "/result?lang=pt", data={"round": "1", "table": "2", "a": "3", "b": "0"}
    )
    assert bad.status_code == 400
    assert (
        "Mesa 2 da ronda 1: ganha o encontro quem ganhar primeiro 2 partidas (à melhor de 3), "
        "por isso o resultado tem de ser 2-0 ou 2-1 (ou 0-2 ou 1-2); escreveste 3-0." in bad.text
    )
    assert "first to win" not in bad.text
    early = client.post(base + "/pair?lang=pt")
    assert "A ronda 1 ainda não acabou: faltam os resultados das mesas 1 e 2." in early.text
    odd = client.post(base + "/result?lang=pt", data={"round": "x", "table": "1", "a": "2"})
    assert "O número da ronda deste formulário tem de ser um número inteiro, 1 ou mais" in odd.text
    for data, says in (
        ({"round": "1", "table": "9", "a": "2", "b": "0"}, "A ronda 1 não tem mesa 9"),
        ({"round": "4", "table": "1", "a": "2", "b": "0"}, "Não há ronda 4"),
        (
            {"round": "1", "table": "1", "a": "", "b": "0"},
            "Partidas ganhas pela equipa Os Ases: falta o número; escreve um número inteiro de 0 "
            "a 2.",
        ),
        (
            {"round": "1", "table": "1", "no_show": "Ninguém"},
            "Falta de comparência: Ninguém não joga nesta mesa; escolhe Os Ases ou <i>Reis</i>.",
        ),
    ):
        refused = client.post(base + "/result?lang=pt", data=data)
        assert refused.status_code == 400
        assert says in html.unescape(refused.text), data
    english = client.post(base + "/result?lang=en", data={"round": "1", "table": "2", "a": "3"})
    said = "Partidas won by Zé & Ana: the number is missing; write a whole number from 0 to 2."
    assert said in html.unescape(english.text)  # 'b' is missing: said by the box's label
    assert cup.read_bytes() == before


def test_a_change_made_by_the_command_line_is_shown(client: TestClient, cup: Path) -> None:
    t, variant = load_tournament(cup)
    save_tournament(record_result(t, variant, 1, 1, score=(0, 2)), cup)
    page = client.get("/tournament?lang=en")
    assert "0-2" in page.text


def test_the_printable_page_uses_a_stylesheet_the_policy_allows(client: TestClient) -> None:
    page = client.get("/tournament/print")
    assert page.status_code == 200
    assert '<link rel="stylesheet" href="/tournament/print.css">' in page.text
    assert "<style>" not in page.text
    assert "&lt;i&gt;Reis&lt;/i&gt;" in page.text
    assert "@media print" in client.get("/tournament/print.css").text


def test_the_printable_page_speaks_the_pages_language(client: TestClient) -> None:
    pt = client.get("/tournament/print?lang=pt").text
    assert '<html lang="pt-PT">' in pt
    assert "<h2>Classificação</h2>" in pt
    assert "Standings" not in pt
    en = client.get("/tournament/print?lang=en").text
    assert "<h2>Standings</h2>" in en


def test_without_a_tournament_there_are_no_tournament_pages() -> None:
    with TestClient(create_app(Settings.for_tests())) as c:
        assert c.get("/tournament").status_code == 404


def test_serve_refuses_a_broken_tournament_file_before_listening(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from sueca_rules.cli import main

    bad = tmp_path / "cup.yaml"
    bad.write_text("format: ladder\n", encoding="utf-8")
    assert main(["serve", "--port", "0", "--tournament", str(bad)]) == 1
    err = capsys.readouterr().err
    assert f"{bad}:1:1: format: expected one of" in err
    assert "served" not in err


# --- a table of the round played online -----------------------------------------------------

QUICK = {"name": "Rápida", "match": {"best_of": 1, "target_games": 1}}
PLAYERS = {"Os Ases": ["Ana", "Rui"], "Os Reis": ["Zé", "Lia"], "A Bisca": [], "Os Trunfos": []}


@pytest.fixture
def quick_cup(tmp_path: Path) -> Path:
    path = tmp_path / "quick.yaml"
    teams = [Team(name=n, players=p) for n, p in PLAYERS.items()]
    t = create(teams, "round_robin", variant=Variant.model_validate(QUICK), name="Taça")
    save_tournament(pair(t), path)
    return path


def _online_table(client: TestClient, base: str, table: int) -> tuple[str, list[str]]:
    """Ask for table `table` online; the web table's id and its four join links."""
    made = client.post(
        base + "/online", data={"round": "1", "table": str(table)}, follow_redirects=False
    )
    assert made.status_code == 303
    page = client.get(base + "?lang=en").text
    paths = re.findall(r'href="(/table/[^"?#]+\?hl=en#t=[^"]+)"', page)
    ids = {p.split("?")[0].removeprefix("/table/") for p in paths}
    assert len(ids) >= 1
    manager = client.app.state.tables  # type: ignore[attr-defined]
    web = next(tab for tab in manager.tables.values() if tab.extra["tournament"]["table"] == table)
    mine = [p for p in paths if p.startswith(f"/table/{web.id}?")]
    assert len(mine) == 4
    return web.id, [p.split("#t=")[1] for p in mine]


def _start(client: TestClient, table_no: int) -> None:
    """The organiser starts online table `table_no` of round 1 before its players join."""
    base = _organiser(client)
    done = client.post(
        base + "/start", data={"round": "1", "table": str(table_no)}, follow_redirects=False
    )
    assert done.status_code == 303


def _play_it(client: TestClient, table_id: str, token: str) -> Msg:
    """The organiser starts (the stand-ins play the others), the first seat's person plays
    to the end."""
    rng = random.Random(3)
    manager = client.app.state.tables  # type: ignore[attr-defined]
    _start(client, manager.tables[table_id].extra["tournament"]["table"])
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        for _ in range(5000):
            state: Msg = ws.receive_json()
            if state["type"] != "state":
                continue
            if state["over"]:
                return state
            if state["to_play"] == 0 and state["playable"]:
                ws.send_json({"type": "play", "card": rng.choice(state["playable"])})
    raise AssertionError("the match did not end")


def _until(check: Callable[[], bool]) -> None:
    for _ in range(400):
        if check():
            return
        time.sleep(0.025)
    raise AssertionError("it did not happen")


def test_a_table_played_online_enters_its_record(quick_cup: Path) -> None:
    with TestClient(create_app(Settings.for_tests(), tournament=quick_cup)) as client:
        base = _organiser(client)
        page = client.get(base + "?lang=en").text
        assert page.count(">Play online</button>") == 2
        assert "Jogar online" in client.get(base + "?lang=pt").text
        t, _ = load_tournament(quick_cup)
        tab = t.rounds[0].tables[0]
        table_id, tokens = _online_table(client, base, 1)
        page = client.get(base + "?lang=en").text
        assert page.count(">Play online</button>") == 1  # the other table's
        first = dict(zip(PLAYERS, PLAYERS.values(), strict=True))[tab.teams[0]]
        if first:
            assert f"Seat 0: {first[0]} ({tab.teams[0]})" in page
            assert f"Seat 2: {first[1]} ({tab.teams[0]})" in page
        web = client.app.state.tables.tables[table_id]  # type: ignore[attr-defined]
        assert web.variant.match.target_games == 1
        assert [s.kind for s in web.seats] == ["human"] * 4
        over = _play_it(client, table_id, tokens[0])

        def entered() -> bool:
            return load_tournament(quick_cup)[0].rounds[0].tables[0].result is not None

        _until(entered)
        result = load_tournament(quick_cup)[0].rounds[0].tables[0].result
        assert result is not None
        assert result.how == "record"
        assert result.score == over["partidas"]  # seats 0 and 2: the table's first team
        assert sorted(result.score) == [0, 1]
        assert result.record is not None
        assert result.record.file == f"web:table/{table_id}/1"
        a, b = result.score
        assert f"{a}-{b}" in client.get(base + "?lang=en").text


def test_a_refused_online_result_is_said_and_changes_nothing(quick_cup: Path) -> None:
    with TestClient(create_app(Settings.for_tests(), tournament=quick_cup)) as client:
        base = _organiser(client)
        table_id, tokens = _online_table(client, base, 2)
        hand = {"round": "1", "table": "2", "a": "0", "b": "1"}
        assert client.post(base + "/result", data=hand, follow_redirects=False).status_code == 303
        _play_it(client, table_id, tokens[0])
        _until(lambda: "was refused" in client.get(base + "?lang=en").text)
        page = client.get(base + "?lang=en").text
        assert "already has its result (0-1)" in page
        result = load_tournament(quick_cup)[0].rounds[0].tables[1].result
        assert result is not None
        assert result.how == "score"
        assert result.score == [0, 1]
        told = client.get(base + "?lang=pt").text
        assert (
            "O resultado do encontro online foi recusado: A mesa 2 da ronda 1 já tem resultado"
            in told
        )


def test_playing_online_needs_the_organisers_secret(quick_cup: Path) -> None:
    with TestClient(create_app(Settings.for_tests(), tournament=quick_cup)) as client:
        wrong = client.post("/tournament/organiser/guess/online", data={"round": "1", "table": "1"})
        assert wrong.status_code == 404
        assert "Play online" not in client.get("/tournament?lang=en").text
        assert client.app.state.tables.tables == {}  # type: ignore[attr-defined]
        base = _organiser(client)
        late = client.post(base + "/online", data={"round": "2", "table": "1"})
        assert late.status_code == 400
        assert "not a table of the current round" in late.text


def test_an_online_table_keeps_its_tournament_table_over_a_restart(
    quick_cup: Path, tmp_path: Path
) -> None:
    db = tmp_path / "tables.sqlite"
    with _on_db(quick_cup, db) as client:
        before = _organiser(client)
        table_id, tokens = _online_table(client, before, 1)
    with _on_db(quick_cup, db) as client:
        base = _organiser(client)
        assert base == before  # the organiser's link outlives the restart
        assert client.get(base).status_code == 200
        assert f"/table/{table_id}?hl=en#t={tokens[0]}" in client.get(base + "?lang=en").text
        _play_it(client, table_id, tokens[0])
        _until(lambda: load_tournament(quick_cup)[0].rounds[0].tables[0].result is not None)


def test_a_result_the_file_missed_when_the_server_stopped_is_entered_at_the_restart(
    quick_cup: Path, tmp_path: Path
) -> None:
    """Killed after the table's last action was saved but before the tournament file was
    written, the server enters the record when it starts again (it was never entered)."""
    db = tmp_path / "tables.sqlite"
    with _on_db(quick_cup, db) as client:
        base = _organiser(client)
        table_id, tokens = _online_table(client, base, 1)
        web = client.app.state.tables.tables[table_id]  # type: ignore[attr-defined]
        web.on_finished = None  # the process stops before the file is written
        _play_it(client, table_id, tokens[0])
        time.sleep(0.2)
        assert load_tournament(quick_cup)[0].rounds[0].tables[0].result is None
    with _on_db(quick_cup, db) as client:
        _until(lambda: load_tournament(quick_cup)[0].rounds[0].tables[0].result is not None)
        result = load_tournament(quick_cup)[0].rounds[0].tables[0].result
        assert result is not None
        assert result.how == "record"
        assert result.record is not None
        assert result.record.file == f"web:table/{table_id}/1"
        assert "was refused" not in client.get(_organiser(client) + "?lang=en").text
    # ... and once only: started again, nothing is entered twice nor said to be refused.
    with _on_db(quick_cup, db) as client:
        time.sleep(0.2)
        assert "was refused" not in client.get(_organiser(client) + "?lang=en").text
        assert load_tournament(quick_cup)[0].rounds[0].tables[0].result == result


def test_no_player_of_an_online_table_gets_a_rivals_link(quick_cup: Path) -> None:
    """A tournament table's four people are rivals: none of them is its host, none is sent
    another seat's join link, none may start it early (it starts once all four have joined,
    or when the organiser says so)."""
    with TestClient(create_app(Settings.for_tests(), tournament=quick_cup)) as client:
        base = _organiser(client)
        table_id, tokens = _online_table(client, base, 1)
        page = client.get(base + "?lang=en").text
        assert f'href="/table/{table_id}?hl=en#w=' in page  # the watch link, for the café
        # in the organiser's language, for a player who has chosen none
        assert f'href="/table/{table_id}?hl=pt#w=' in client.get(base + "?lang=pt").text
        web = client.app.state.tables.tables[table_id]  # type: ignore[attr-defined]
        for n, token in enumerate(tokens):
            with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
                state = ws.receive_json()
                assert state["host"] is False
                labels = web.extra["tournament"]["labels"]
                assert [s["player"] for s in state["seats"]] == labels  # the file's names
                assert "invites" not in state
                text = str(state)
                assert not [other for other in tokens if other != token and other in text]
                assert state["tournament"] is True
                assert state["hints"]["allowed"] is False
                if n == 0:
                    ws.send_json({"type": "start"})
                    refused = ws.receive_json()
                    assert refused["type"] == "error"
                    assert refused["code"] == "organiser_starts"
                    assert web.match is None
                    # No hints at a tournament's table: one player's agreement is refused.
                    ws.send_json({"type": "hints", "agree": True})
                    refused = ws.receive_json()
                    assert refused["code"] == "hints_tournament"
                    assert web.hints_agreed == set()
        assert web.match is not None  # all four came
        hint = client.get(f"/api/tables/{table_id}/hint", params={"token": tokens[0]})
        assert hint.status_code == 403
        assert hint.json()["error"] == "no_hints"


def test_the_organiser_starts_an_online_table_early(quick_cup: Path) -> None:
    with TestClient(create_app(Settings.for_tests(), tournament=quick_cup)) as client:
        base = _organiser(client)
        table_id, _tokens = _online_table(client, base, 2)
        assert ">Start now</button>" in client.get(base + "?lang=en").text
        assert ">Começar já</button>" in client.get(base + "?lang=pt").text
        web = client.app.state.tables.tables[table_id]  # type: ignore[attr-defined]
        assert web.match is None
        _start(client, 2)
        assert web.match is not None
        page = client.get(base + "?lang=en").text
        assert "The match has started." in page
        assert ">Start now</button>" not in page
        wrong = client.post(base + "/start", data={"round": "1", "table": "1"})
        assert wrong.status_code == 400
        assert "not played online" in wrong.text
        guess = client.post("/tournament/organiser/guess/start", data={"round": "1", "table": "2"})
        assert guess.status_code == 404


def test_an_online_table_whose_pairing_changed_is_for_nothing(quick_cup: Path) -> None:
    """An undo and a new pairing may put other teams at the table an online match is for: its
    links leave the organiser's page and its record is not entered as that table's result."""
    with TestClient(create_app(Settings.for_tests(away_seconds=0), tournament=quick_cup)) as client:
        base = _organiser(client)
        table_id, tokens = _online_table(client, base, 1)
        t, _ = load_tournament(quick_cup)
        rnd = t.rounds[0]
        first = rnd.tables[0]
        swapped = first.model_copy(update={"teams": [first.teams[1], first.teams[0]]})
        changed = rnd.model_copy(update={"tables": [swapped, *rnd.tables[1:]]})
        save_tournament(t.model_copy(update={"rounds": [changed]}), quick_cup)
        page = client.get(base + "?lang=en").text
        assert f"/table/{table_id}?" not in page
        assert page.count(">Play online</button>") == 2  # table 1 may be played online again
        for token in tokens[1:]:  # three come and go (bots stand in); the fourth starts it
            with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
                ws.receive_json()
        with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[0]}") as ws:
            rng = random.Random(5)
            for _ in range(5000):
                state = ws.receive_json()
                if state["type"] == "state" and state["over"]:
                    break
                if state["type"] == "state" and state["to_play"] == 0 and state["playable"]:
                    ws.send_json({"type": "play", "card": rng.choice(state["playable"])})
        _until(lambda: "was refused" in client.get(base + "?lang=en").text)
        assert load_tournament(quick_cup)[0].rounds[0].tables[0].result is None
        told = client.get(base + "?lang=pt").text
        assert "já não tem as equipas para quem este encontro online foi feito" in told


@pytest.mark.parametrize("broken", ["edited", "emptied", "moved"])
def test_a_file_that_cannot_be_read_leaves_the_pages_as_last_read(
    client: TestClient, cup: Path, broken: str
) -> None:
    """A hand edit gone wrong, or the file moved away, while the server runs: every page still
    answers, showing the tournament as it was last read and saying so; the organiser is told
    why, and the online tables are not made from a stale state."""
    base = _organiser(client)
    good = cup.read_bytes()
    if broken == "moved":
        cup.rename(cup.with_suffix(".moved"))
    else:
        cup.write_text(good.decode("utf-8") + "round: [" if broken == "edited" else "", "utf-8")
    for path in ("/tournament?lang=en", "/tournament/print", base + "?lang=en"):
        page = client.get(path)
        assert page.status_code == 200, path
    players = client.get("/tournament?lang=en").text
    assert "cannot be read just now" in players
    assert "Os Ases" in players  # as it was last read
    organiser = client.get(base + "?lang=pt").text
    assert "Agora não se consegue ler o ficheiro do torneio" in organiser
    site = client.app.state.tournament  # type: ignore[attr-defined]
    assert site.trouble is not None  # why, told the organiser only
    assert site.trouble[:20] not in players
    # Refused in the page's language (the organiser's page was last seen in Portuguese, which
    # its cookie keeps; English is asked for in the address).
    online = client.post(base + "/online?lang=en", data={"round": "1", "table": "1"})
    assert online.status_code == 400
    assert "cannot be read" in online.text
    online_pt = client.post(base + "/online?lang=pt", data={"round": "1", "table": "1"})
    assert online_pt.status_code == 400
    assert "Agora não se consegue ler o ficheiro do torneio (" in online_pt.text
    assert "cannot be read" not in online_pt.text
    result = client.post(base + "/result", data={"round": "1", "table": "1", "a": "2", "b": "0"})
    assert result.status_code == 400
    if broken == "moved":
        cup.with_suffix(".moved").rename(cup)
    else:
        cup.write_bytes(good)
    assert "cannot be read" not in client.get("/tournament?lang=en").text


def test_odd_forms_are_refused_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "new.yaml"
    save_tournament(create([Team(name=n) for n in NAMES], "swiss", variant=BEST_OF_3), path)
    with TestClient(create_app(Settings.for_tests(), tournament=path)) as client:
        base = _organiser(client)
        none_yet = client.post(base + "/online", data={"round": "0", "table": "1"})
        assert none_yet.status_code == 400  # no round paired yet
        assert "not a table of the current round" in none_yet.text
        many = "&".join(f"f{i}=1" for i in range(21)) + "&round=1&table=1&a=2&b=0"
        for route in ("/online", "/start", "/result"):
            refused = client.post(
                base + route,
                content=many,
                headers={"content-type": "application/x-www-form-urlencoded"},
            )
            assert refused.status_code == 400, route
            assert "too many fields" in refused.text


def test_a_tournament_given_no_name_is_called_so_in_the_pages_language(tmp_path: Path) -> None:
    path = tmp_path / "unnamed.yaml"
    save_tournament(pair(create([Team(name=n) for n in NAMES], "swiss", variant=BEST_OF_3)), path)
    with TestClient(create_app(Settings.for_tests(), tournament=path)) as client:
        assert "<title>Torneio · Sueca</title>" in client.get("/tournament?lang=pt").text
        assert "<title>Tournament · Sueca</title>" in client.get("/tournament?lang=en").text
        named = client.get(_organiser(client) + "?lang=pt").text
        assert "Torneio · Organização" in named


def test_a_no_show_names_its_team_and_a_score_its_teams(client: TestClient, cup: Path) -> None:
    """The organiser picks the team that did not come (none is chosen for them: a mis-tap forfeits
    nobody), and each score box is labelled with its team."""
    base = _organiser(client)
    page = client.get(base + "?lang=pt").text
    # Chosen but not disabled: the form sends it, and the server refuses it in the page's words
    # (a disabled option is not sent, and the form was read as a score left blank).
    assert '<option value="" selected>Quem faltou?</option>' in page
    assert "Partidas ganhas:" in page
    assert re.search(r"<label>[^<]+ <input type=\"number\" name=\"a\"", page)
    refused = client.post(
        base + "/result?lang=pt", data={"round": "1", "table": "1", "no_show": ""}
    )
    assert refused.status_code == 400
    said = "Falta de comparência: escolhe a equipa que faltou, Os Ases ou &lt;i&gt;Reis&lt;/i&gt;."
    assert said in refused.text
    t, _ = load_tournament(cup)
    assert t.rounds[0].tables[0].result is None


def test_a_score_entered_on_the_page_is_not_ranked_below_a_bye_by_games(tmp_path: Path) -> None:
    """The page enters partidas only: their games are unknown, not 0-0, so the standings do not
    put the bye's set 4-0 above the real win (the seed decides between them)."""
    path = tmp_path / "cup.yaml"
    t = create([Team(name=n) for n in ("Ases", "Reis", "Damas")], "swiss", variant="portugal")
    save_tournament(pair(t), path)
    with TestClient(create_app(Settings.for_tests(), tournament=path)) as client:
        base = _organiser(client)
        done = client.post(base + "/result", data={"round": "1", "table": "1", "a": "1", "b": "0"})
        assert done.status_code == 200
        page = client.get("/tournament?lang=en").text.split('class="tt standings"')[1]
    assert re.findall(r'<tr><td class="rank">(\d)</td><td class="team">(\w+)</td>', page) == [
        ("1", "Ases"),
        ("2", "Damas"),
        ("3", "Reis"),
    ]
    (table,) = load_tournament(path)[0].rounds[0].tables
    assert table.result is not None
    assert table.result.games is None


def test_the_pages_of_a_finished_tournament_name_its_winner(tmp_path: Path) -> None:
    path = tmp_path / "cup.yaml"
    t = pair(create([Team(name=n) for n in ("Os Ases", "Zé & Ana")], "knockout"))
    save_tournament(t, path)
    with TestClient(create_app(Settings.for_tests(), tournament=path)) as c:
        assert "won it" not in c.get("/tournament?lang=en").text
        save_tournament(record_result(t, load_variant("portugal"), 1, 1, score=(0, 1)), path)
        said = {
            "en": "The tournament is over: Zé &amp; Ana won it.",
            "pt": "O torneio acabou: ganhou a equipa Zé &amp; Ana.",
        }
        for lang, words in said.items():
            assert words in c.get(f"/tournament?lang={lang}").text
            assert words in c.get(f"{_organiser(c)}?lang={lang}").text
        printed = c.get("/tournament/print?lang=en").text
        assert '<p class="winner">Winner: Zé &amp; Ana</p>' in printed


def test_the_final_and_the_third_place_match_are_named_on_the_pages(tmp_path: Path) -> None:
    """A knockout's last round has two tables: the pages say which is the final and which the
    match for third place, as the command line and the printable page do."""
    path = tmp_path / "cup.yaml"
    variant = load_variant("portugal")
    t = pair(create([Team(name=n) for n in ("A", "B", "C", "D")], "knockout", third_place=True))
    t = pair(
        record_result(record_result(t, variant, 1, 1, score=(1, 0)), variant, 1, 2, score=(1, 0))
    )
    save_tournament(t, path)
    with TestClient(create_app(Settings.for_tests(), tournament=path)) as c:
        for url in ("/tournament", _organiser(c)):
            en = re.sub(r"\s+", " ", c.get(f"{url}?lang=en").text)
            assert '<td data-label="Table">1 (final)</td>' in en
            assert '<td data-label="Table">2 (3rd place)</td>' in en
            pt = re.sub(r"\s+", " ", c.get(f"{url}?lang=pt").text)
            assert '<td data-label="Mesa">1 (final)</td>' in pt
            assert '<td data-label="Mesa">2 (3.º lugar)</td>' in pt


FORM_REFUSALS: dict[str, list[tuple[dict[str, str], str]]] = {
    "en": [
        (
            {"round": "1", "table": "2", "a": "two", "b": "0"},
            'Partidas won by A Bisca: write a whole number from 0 to 2 (you wrote "two").',
        ),
        (
            {"round": "1", "table": "2", "a": "2", "b": " "},
            "Partidas won by Zé & Ana: the number is missing; write a whole number from 0 to 2.",
        ),
        (
            {"round": "1", "table": "2", "a": "2", "b": "-1"},
            'Partidas won by Zé & Ana: write a whole number from 0 to 2 (you wrote "-1").',
        ),
        (
            {"round": "1", "table": "2", "no_show": ""},
            "No-show: choose the team that did not come, A Bisca or Zé & Ana.",
        ),
        (
            {"round": "1", "table": "2", "no_show": "Os Ases"},
            "No-show: Os Ases does not play at this table; choose A Bisca or Zé & Ana.",
        ),
        (
            {"table": "2", "a": "2", "b": "0"},
            "The round number of this form is missing (it is a whole number, 1 or more): reload "
            "the page and try again.",
        ),
        (
            {"round": "1", "table": "2.0", "a": "2", "b": "0"},
            'The table number of this form must be a whole number, 1 or more, not "2.0": reload '
            "the page and try again.",
        ),
    ],
    "pt": [
        (
            {"round": "1", "table": "2", "a": "dois", "b": "0"},
            "Partidas ganhas pela equipa A Bisca: escreve um número inteiro de 0 a 2 (escreveste "
            "«dois»).",
        ),
        (
            {"round": "1", "table": "2", "a": "2", "b": ""},
            "Partidas ganhas pela equipa Zé & Ana: falta o número; escreve um número inteiro de 0 "
            "a 2.",
        ),
        (
            {"round": "1", "table": "2", "no_show": ""},
            "Falta de comparência: escolhe a equipa que faltou, A Bisca ou Zé & Ana.",
        ),
        (
            {"round": "1", "table": "2", "no_show": "Os Ases"},
            "Falta de comparência: Os Ases não joga nesta mesa; escolhe A Bisca ou Zé & Ana.",
        ),
        (
            {"round": "um", "table": "2", "a": "2", "b": "0"},
            "O número da ronda deste formulário tem de ser um número inteiro, 1 ou mais, e não "
            "«um»: recarrega a página e tenta outra vez.",
        ),
        (
            {"round": "1", "a": "2", "b": "0"},
            "Falta o número da mesa neste formulário (um número inteiro, 1 ou mais): recarrega a "
            "página e tenta outra vez.",
        ),
    ],
}


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_forms_refusals_name_each_field_as_the_page_shows_it(
    client: TestClient, cup: Path, lang: str
) -> None:
    """A refused score or no-show names the field as the organiser sees it (the box of a team's
    partidas by its team, the no-show list), in the page's language, and says what it may be;
    never the form's own names ("a must be a whole number")."""
    base = _organiser(client)
    before = cup.read_bytes()
    for data, says in FORM_REFUSALS[lang]:
        refused = client.post(f"{base}/result?lang={lang}", data=data)
        assert refused.status_code == 400, data
        alert = re.search(r'<p class="issues" role="alert">(.*?)</p>', refused.text, re.S)
        assert alert is not None, data
        assert html.unescape(alert.group(1)).strip() == says
        for internal in ("a must", "b must", "round must", "table must", "whole_"):
            assert internal not in refused.text, (data, internal)
    assert cup.read_bytes() == before


def test_an_online_table_says_it_waits_for_one_of_its_players(quick_cup: Path) -> None:
    """Nobody's link opened, an online table waits, even started early: its bots play only while
    a player of the table is connected (a watcher does not count). The organiser's page says so
    beside the links, in both languages, and it is so."""
    waits = {
        "en": "Until one of the four players opens their link, the table waits: its bots play "
        "only while at least one of its players is connected (a watcher does not count), even "
        "after Start now.",
        "pt": "Enquanto nenhum dos quatro jogadores abrir o seu link, a mesa fica à espera: os "
        "bots só jogam enquanto pelo menos um jogador da mesa estiver ligado (quem só vê o jogo "
        "não conta), mesmo depois de «Começar já».",
    }
    with TestClient(create_app(Settings.for_tests(), tournament=quick_cup)) as client:
        base = _organiser(client)
        for lang, said in waits.items():
            assert said not in html.unescape(client.get(f"{base}?lang={lang}").text)
        table_id, tokens = _online_table(client, base, 1)
        web = client.app.state.tables.tables[table_id]  # type: ignore[attr-defined]

        def said_on_the_page() -> None:
            for lang, said in waits.items():
                page = html.unescape(client.get(f"{base}?lang={lang}").text)
                links = page.index(f"/table/{table_id}?hl={lang}#w=")  # the watch link, last
                assert page.index(said) > links, lang

        said_on_the_page()
        _start(client, 1)
        said_on_the_page()  # started, it still waits for them

        def played() -> int:
            return sum(len(deal.plays) for deal in web.match.to_record().deals)

        # The decision the table waits for (the dealer's trump, or the first card): taken by a
        # bot once a player is there. Not a card played: the first card may be the player's own.
        first = web.match.pending()
        with client.websocket_connect(f"/ws/tables/{table_id}?watch={web.watch}"):
            time.sleep(0.4)
            assert played() == 0  # nobody of the table is there: the bots wait
            assert web.match.pending() == first
        # The link of a player who does not decide first (one who had opened theirs and gone
        # would be waited for before a bot stands in for them).
        seat = next(seat for seat in web.seats if seat.index != first.seat)
        assert seat.token in tokens
        with client.websocket_connect(f"/ws/tables/{table_id}?token={seat.token}") as ws:
            state: Msg = ws.receive_json()
            while state.get("type") != "state":
                state = ws.receive_json()
            assert state["seat"] == seat.index
            _until(lambda: web.match.pending() != first)  # a player is there: the bots play


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize(("quick", "most"), [(False, 2), (True, 1)])
def test_the_score_boxes_take_what_the_server_takes(
    cup: Path, quick_cup: Path, lang: str, quick: bool, most: int
) -> None:
    """Each team's box of partidas goes from 0 to the partidas that win the match (2 of a best
    of 3, 1 of a single partida), as the server takes them; the boxes let 99 through."""
    with TestClient(create_app(Settings.for_tests(), tournament=quick_cup if quick else cup)) as c:
        base = _organiser(c)
        page = c.get(f"{base}?lang={lang}").text
        boxes = re.findall(r'<input type="number"[^>]*>', page)
        assert len(boxes) >= 2 * 2  # two tables of the round left to enter, two boxes each
        for box in boxes:
            assert re.search(r'\bname="[ab]"', box), box
            assert ' min="0"' in box, box
            assert f' max="{most}"' in box, box
        over = {"round": "1", "table": "1", "a": str(most + 1), "b": "0"}
        assert c.post(f"{base}/result?lang={lang}", data=over).status_code == 400
        done = {"round": "1", "table": "1", "a": str(most), "b": "0"}
        assert c.post(f"{base}/result?lang={lang}", data=done).status_code == 200


def test_the_tables_waiting_are_listed_as_a_sentence_lists_them() -> None:
    from sueca_rules.web._tournament import _tables_listed

    assert _tables_listed("pt", [4]) == "4"
    assert _tables_listed("pt", [1, 2, 3]) == "1, 2 e 3"
    assert _tables_listed("en", [2, 5]) == "2 and 5"


def test_the_printable_page_has_a_way_back_on_a_screen_only(client: TestClient) -> None:
    """The printable page has no bar: on a screen a link leads back to the players' page, in the
    page's language; it is not printed."""
    pt = client.get("/tournament/print?lang=pt").text
    assert (
        '<nav class="screen-only"><a href="/tournament?lang=pt">← Voltar à página do torneio' in pt
    )
    en = client.get("/tournament/print?lang=en").text
    assert '<a href="/tournament?lang=en">← Back to the tournament&#x27;s page</a>' in en
    css = client.get("/tournament/print.css").text
    assert ".screen-only { display: none; }" in css.split("@media print")[1]


def _made_for(store: Any, table_no: int) -> list[str]:
    """The ids of the open web tables the store keeps for table `table_no` of round 1."""
    return [
        table_id
        for table_id, header in store.open_headers().items()
        if header.get("extra", {}).get("tournament", {}).get("table") == table_no
    ]


def test_a_round_s_table_left_in_the_file_is_linked_not_opened_again(
    quick_cup: Path, tmp_path: Path
) -> None:
    """A restart of fewer `--max-tables` than the tournament's open tables leaves one in the
    file: the organiser's page links it (found in the file, not only among the loaded tables),
    and asking to play it online makes no second table for the pairing."""
    db = tmp_path / "tables.sqlite"
    with _on_db(quick_cup, db) as client:
        base = _organiser(client)
        made = {n: _online_table(client, base, n) for n in (1, 2)}
    settings = Settings.for_tests(max_tables=1)
    with TestClient(create_app(settings, tournament=quick_cup, store=SqliteStore(db))) as client:
        manager = client.app.state.tables  # type: ignore[attr-defined]
        assert len(manager.tables) == 1
        left = next(n for n, (table_id, _) in made.items() if table_id not in manager.tables)
        table_id, tokens = made[left]
        page = client.get(base + "?lang=en").text
        assert f"/table/{table_id}?hl=en#t={tokens[0]}" in page
        assert ">Play online</button>" not in page
        again = client.post(
            base + "/online", data={"round": "1", "table": str(left)}, follow_redirects=False
        )
        assert again.status_code == 303
        assert _made_for(manager.store, left) == [table_id]


def test_the_memory_store_gives_the_headers_of_its_open_tables() -> None:
    """`open_headers()` of the memory store: every open table's header, a closed one not."""
    from sueca_rules.web._store import MemoryStore

    store = MemoryStore()
    store.create("a", {"extra": {"tournament": {"table": 1}}})
    store.create("b", {"seed": 2})
    store.create("c", {"seed": 3})
    store.end("c")
    assert store.open_headers() == {"a": {"extra": {"tournament": {"table": 1}}}, "b": {"seed": 2}}


def test_no_online_table_is_made_while_the_store_cannot_say_which_are_open(
    quick_cup: Path,
) -> None:
    """Asked to play a table online while the tables' store cannot be read (Redis down), the
    page says to try again and makes no table: one may be open for that pairing already."""
    from sueca_rules.web._store import MemoryStore, StoreError

    class Unreadable(MemoryStore):
        down = False

        def open_headers(self) -> dict[str, dict[str, Any]]:
            if self.down:
                raise StoreError("Redis at redis://127.0.0.1:1/0 failed: connection refused")
            return super().open_headers()

    store = Unreadable()
    with TestClient(create_app(Settings.for_tests(), tournament=quick_cup, store=store)) as client:
        base = _organiser(client)
        store.down = True
        for lang, said in (
            ("en", "cannot be read just now"),
            ("pt", "Não se consegue ler as mesas"),
        ):
            refused = client.post(base + f"/online?lang={lang}", data={"round": "1", "table": "1"})
            assert refused.status_code == 503
            assert said in html.unescape(refused.text)
        assert store.tables == {}
        store.down = False
        _online_table(client, base, 1)
        assert len(store.tables) == 1


@pytest.mark.parametrize("kind", ["memory", "sqlite"])
def test_a_claimed_table_is_made_once_in_the_store(kind: str, tmp_path: Path) -> None:
    """`Store.create(..., claim=...)`: the first table for a claim is made; a second for the
    same claim, from another store on the same file (another process), makes nothing and
    gives the first's id; once that table is closed the claim is free again."""
    from sueca_rules.web._store import MemoryStore

    one: Any = MemoryStore() if kind == "memory" else SqliteStore(tmp_path / "t.sqlite")
    two: Any = one if kind == "memory" else SqliteStore(tmp_path / "t.sqlite")
    try:
        assert one.create("a", {"seed": 1}, "pairing 1") == "a"
        assert two.create("b", {"seed": 2}, "pairing 1") == "a"
        assert two.create("c", {"seed": 3}, "pairing 2") == "c"
        assert two.create("d", {"seed": 4}) == "d"  # no claim: always made
        assert sorted(one.open_headers()) == ["a", "c", "d"]
        assert one.open_headers()["a"] == {"seed": 1, "claim": "pairing 1"}
        one.end("a")
        assert two.create("e", {"seed": 5}, "pairing 1") == "e"
        assert one.create("f", {"seed": 6}, "pairing 1") == "e"
    finally:
        if kind == "sqlite":
            one.close()
            two.close()


@pytest.mark.parametrize("kind", ["memory", "sqlite"])
def test_the_store_says_how_far_each_open_table_has_got(kind: str, tmp_path: Path) -> None:
    """`Store.progress()`: waiting (no start in the log), playing, finished (a record kept);
    a closed or unknown table is left out."""
    from sueca_rules.web._store import MemoryStore

    store: Any = MemoryStore() if kind == "memory" else SqliteStore(tmp_path / "t.sqlite")
    try:
        for name in ("waits", "plays", "hosted", "over", "closed"):
            store.create(name, {})
        store.append("waits", 0, [{"type": "join", "seat": 1}])
        store.append("plays", 0, [{"type": "join", "seat": 1}, {"type": "start"}])
        store.append("hosted", 0, [{"type": "start", "seat": 0}])  # started by its host
        store.append("over", 0, [{"type": "start"}], (1, "{}"))
        store.end("closed")
        assert store.progress(["waits", "plays", "hosted", "over", "closed", "nobody"]) == {
            "waits": "waiting",
            "plays": "playing",
            "hosted": "playing",
            "over": "finished",
        }
        assert store.progress([]) == {}
    finally:
        if kind == "sqlite":
            store.close()


def test_a_second_press_elsewhere_links_the_first_table(quick_cup: Path, tmp_path: Path) -> None:
    """Two organisers press Play online for one pairing at the same moment in two processes
    sharing a `--db` file: each looked in the store before the other's table was there. The
    second press makes no second table (whose result would be lost): the store's claim of the
    pairing gives it the first's table, whose links its page then shows."""
    db = tmp_path / "tables.sqlite"
    with (
        _on_db(quick_cup, db) as one,
        _on_db(quick_cup, db) as two,
    ):
        site = two.app.state.tournament  # type: ignore[attr-defined]
        looked = site._kept(load_tournament(quick_cup)[0])  # before the first press
        site._kept = lambda t, strict=False: looked
        base = _organiser(one)
        table_id, tokens = _online_table(one, base, 1)
        pressed = two.post(base + "/online", data={"round": "1", "table": "1"})
        assert pressed.status_code == 200
        store = one.app.state.tables.store  # type: ignore[attr-defined]
        assert _made_for(store, 1) == [table_id]
        assert two.app.state.tables.tables == {}  # type: ignore[attr-defined]
        del site._kept  # it looks in the store again
        page = two.get(base + "?lang=en").text
        assert f"/table/{table_id}?hl=en#t={tokens[0]}" in page


def test_a_table_left_in_the_file_says_how_far_it_has_got(quick_cup: Path, tmp_path: Path) -> None:
    """A round's online table that a restart left in the file (more than `--max-tables`)
    says on the organiser's page that its match has started, as a loaded one does, and
    offers no Start now; one still waiting offers it; one whose match is over says so."""
    import sqlite3

    db = tmp_path / "tables.sqlite"
    with _on_db(quick_cup, db) as client:
        base = _organiser(client)
        made = {n: _online_table(client, base, n)[0] for n in (1, 2)}
        _start(client, 1)
    with sqlite3.connect(db) as raw:  # table 2 changed last: the restart loads it, not 1
        raw.execute("UPDATE tables SET updated = updated + 1000 WHERE id = ?", (made[2],))
    settings = Settings.for_tests(max_tables=1)
    with TestClient(create_app(settings, tournament=quick_cup, store=SqliteStore(db))) as client:
        manager = client.app.state.tables  # type: ignore[attr-defined]
        assert list(manager.tables) == [made[2]]
        for lang, started, start in (
            ("en", "The match has started.", ">Start now</button>"),
            ("pt", "O encontro já começou.", ">Começar já</button>"),
        ):
            page = client.get(base + f"?lang={lang}").text
            first = page.split(f"/table/{made[1]}?")[-1].split("</td>")[0]
            second = page.split(f"/table/{made[2]}?")[-1].split("</td>")[0]
            assert started in first
            assert start not in first
            assert start in second
            assert started not in second
        with sqlite3.connect(db) as raw:  # table 1's match over (its record kept)
            raw.execute("INSERT INTO records VALUES (?, 1, '{}')", (made[1],))
        page = client.get(base + "?lang=pt").text
        first = page.split(f"/table/{made[1]}?")[-1].split("</td>")[0]
        assert "O encontro acabou." in first
        assert "Começar já" not in first
        assert "fica à espera" not in first  # nothing is waited for any more


def test_a_wrong_result_is_undone_at_its_own_table(client: TestClient, cup: Path) -> None:
    """A result entered wrong, then another: the wrong one's own Undo takes back that result
    only (the last action's Undo would take the other); the page says what the last action's
    Undo takes back, in the page's language."""
    base = _organiser(client)
    page = client.get(base + "?lang=en").text
    assert "Last: the pairing of round 1." in page
    assert ">Undo</button>" not in page  # no result yet
    client.post(base + "/result", data={"round": "1", "table": "1", "a": "0", "b": "2"})
    client.post(base + "/result", data={"round": "1", "table": "2", "a": "2", "b": "1"})
    page = client.get(base + "?lang=en").text
    assert "Last: the result of round 1 table 2 (2-1)." in page
    assert page.count(">Undo</button>") == 2
    assert 'aria-label="Undo the result of table 1, to enter it again"' in page
    pt = client.get(base + "?lang=pt").text
    assert "A última: o resultado da mesa 2 da ronda 1 (2-1)." in pt
    assert 'aria-label="Desfazer o resultado da mesa 1, para o registar de novo"' in pt
    done = client.post(base + "/undo?lang=pt", data={"round": "1", "table": "1"})
    assert done.status_code == 200
    assert "Guardado." in done.text
    t, _ = load_tournament(cup)
    assert t.rounds[0].tables[0].result is None
    second = t.rounds[0].tables[1].result
    assert second is not None
    assert second.score == [2, 1]
    client.post(base + "/result", data={"round": "1", "table": "1", "a": "2", "b": "0"})
    first = load_tournament(cup)[0].rounds[0].tables[0].result
    assert first is not None
    assert first.score == [2, 0]
    again = client.post(base + "/undo?lang=en", data={"round": "1", "table": "9"})
    assert again.status_code == 400
    assert "Round 1 has no table 9: its tables are 1 to 2" in html.unescape(again.text)
    odd = client.post(base + "/undo?lang=en", data={"round": "x", "table": "1"})
    assert odd.status_code == 400


def test_the_standings_mark_games_not_entered(client: TestClient) -> None:
    """A score entered on the page (partidas only) leaves its teams' games unknown: the
    standings mark them `*` and say what that means, not a plain 0-0."""
    base = _organiser(client)
    client.post(base + "/result", data={"round": "1", "table": "1", "a": "2", "b": "0"})
    for lang, note in (
        ("en", "*: games not entered at some of the team's tables"),
        ("pt", "*: a equipa tem mesas sem os jogos registados"),
    ):
        for path in (base, "/tournament"):
            page = html.unescape(client.get(path + f"?lang={lang}").text)
            assert page.count(note) == 1
            assert page.count(">0-0*</td>") == 2  # the two teams of table 1


def test_start_now_for_a_table_another_server_holds_says_so(
    quick_cup: Path, tmp_path: Path
) -> None:
    """Start now pressed on the page of a server that does not hold the online table (another
    live process sharing the `--db` file made it) starts nothing there, and says where it can
    be started instead of leaving the page as it was; on the holder's page it starts."""
    db = tmp_path / "tables.sqlite"
    with (
        _on_db(quick_cup, db) as one,
        _on_db(quick_cup, db) as two,
    ):
        base = _organiser(one)
        table_id, _ = _online_table(one, base, 1)
        for lang, said in (
            ("en", "Round 1 table 1 is played at another server sharing these tables"),
            ("pt", "A mesa 1 da ronda 1 está a ser jogada noutro servidor"),
        ):
            refused = two.post(base + f"/start?lang={lang}", data={"round": "1", "table": "1"})
            assert refused.status_code == 409
            assert said in html.unescape(refused.text)
        held = one.app.state.tables.tables[table_id]  # type: ignore[attr-defined]
        assert held.match is None
        _start(one, 1)
        assert held.match is not None
        assert "The match has started." in two.get(base + "?lang=en").text


def test_a_tournament_table_tells_its_players_and_watchers_which_it_is(quick_cup: Path) -> None:
    """A player (or a watcher) at a tournament's table is told the tournament, round and
    table (`tournament_place`), which the page shows in the waiting room, over the score pad
    and in its title; another table says nothing of the kind."""
    with TestClient(create_app(Settings.for_tests(), tournament=quick_cup)) as client:
        base = _organiser(client)
        table_id, tokens = _online_table(client, base, 2)
        web = client.app.state.tables.tables[table_id]  # type: ignore[attr-defined]
        place = {"name": "Taça", "round": 1, "table": 2}
        with client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[1]}") as ws:
            state = ws.receive_json()
            assert state["type"] == "state"
            assert state["tournament_place"] == place
        with client.websocket_connect(f"/ws/tables/{table_id}?watch={web.watch}") as ws:
            state = ws.receive_json()
            assert state["watching"] is True
            assert state["tournament_place"] == place
        seats = ["human", "bot:1", "bot:1", "bot:1"]
        other = client.post("/api/tables", json={"variant": "portugal", "seats": seats}).json()
        token = other["seats"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{other['table']}?token={token}") as ws:
            assert ws.receive_json()["tournament_place"] is None
