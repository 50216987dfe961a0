"""`sueca serve --tournament`: the players' page (read-only), the organiser's page behind its
secret link, both languages, the same file as the command line (read again when it changes,
written atomically, a refused score writes nothing)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient

from sueca_rules import load_variant
from sueca_rules.tournament import (
    Team,
    create,
    load_tournament,
    pair,
    record_result,
    save_tournament,
)
from sueca_rules.web import Settings, create_app

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
    assert 'http-equiv="refresh"' in page.text
    mine = client.get("/tournament", params={"team": "A Bisca", "lang": "en"})
    assert "Round 1: table 2, against Zé &amp; Ana." in mine.text
    bye = client.get("/tournament", params={"team": "A Bandeira", "lang": "en"})
    assert "you have a bye" in bye.text


def test_the_pages_speak_portuguese(client: TestClient) -> None:
    page = client.get("/tournament", params={"team": "A Bisca", "lang": "pt"})
    assert '<html lang="pt-PT">' in page.text
    assert "Classificação" in page.text
    assert "Ronda 1: mesa 2, contra Zé &amp; Ana." in page.text
    page = client.get(_organiser(client), headers={"accept-language": "pt-PT,pt;q=0.9"})
    assert "Registar" in page.text
    assert "Desfazer a última ação" in page.text


def test_the_organiser_page_needs_the_secret(client: TestClient) -> None:
    assert client.get("/tournament/organiser/guess").status_code == 404
    wrong = client.post("/tournament/organiser/guess/result", data={"round": "1"})
    assert wrong.status_code == 404
    assert client.post("/tournament/organiser/guess/pair").status_code == 404
    page = client.get(_organiser(client) + "?lang=en")
    assert page.status_code == 200
    assert "Keep this page" in page.text
    assert page.text.count('name="a"') == 2  # a score form for each open table


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
    early = client.post(base + "/pair")
    assert early.status_code == 400
    assert "round 1 is not finished" in early.text
    client.post(base + "/result", data={"round": "1", "table": "2", "no_show": "A Bisca"})
    client.post(base + "/pair")
    t, _ = load_tournament(cup)
    assert len(t.rounds) == 2
    client.post(base + "/undo")
    assert len(load_tournament(cup)[0].rounds) == 1


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
