"""``sueca tournament``: a teams CSV to a file, pairings, results from a score, a record or a
no-show, refusals that leave the file byte-identical, undo, standings as text, JSON, CSV and a
printable page, and bots playing the open tables."""

from __future__ import annotations

import hashlib
import html
import json
import re
from pathlib import Path

import pytest

from sueca_rules import Match, dump_record, load_record, save_record
from sueca_rules.bots import make_bot, play_match
from sueca_rules.cli import main
from sueca_rules.tournament import load_tournament

TEAMS = "team,player1,player2\nOs Ases,Ana,Rui\nOs Trunfos,Bia,Zé\n<b>Manilhas</b>,Eva,Luís\n"
TEAMS += "=Bisca,Rita,Tó\nA Bandeira,,\n"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["tournament", *args])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def cup(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    (tmp_path / "teams.csv").write_text(TEAMS, encoding="utf-8")
    path = tmp_path / "cup.yaml"
    status, out, err = run(
        capsys,
        "new",
        str(path),
        "--teams",
        str(tmp_path / "teams.csv"),
        "--format",
        "swiss",
        "--rounds",
        "3",
        "--variant",
        "portugal-best-of-3",
    )
    assert (status, err) == (0, "")
    assert "5 teams, swiss" in out
    return path


def with_record(
    capsys: pytest.CaptureFixture[str], cup: Path, table: int, record: Path
) -> tuple[int, str, str]:
    """`sueca tournament result` of round 1's `table` from `record`."""
    args = ["--round", "1", "--table", str(table), "--record", str(record)]
    return run(capsys, "result", str(cup), *args)


def _finished_record(tmp_path: Path, variant: str, name: str) -> Path:
    match = Match(variant, seed=11)
    play_match(match, [make_bot(1, seed=s) for s in range(4)])
    path = tmp_path / name
    save_record(match.to_record(), path)
    return path


def test_a_tournament_from_csv_to_standings(
    cup: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = cup.read_text(encoding="utf-8")
    assert "- {name: Os Ases, players: [Ana, Rui]}" in text
    assert "variant: portugal-best-of-3" in text
    status, out, _ = run(capsys, "pair", str(cup))
    assert status == 0
    assert out.splitlines() == [
        "Round 1:",
        "  table 1: Os Ases v Os Trunfos",
        "  table 2: <b>Manilhas</b> v =Bisca",
        "  bye: A Bandeira",
    ]
    status, out, _ = run(
        capsys, "result", str(cup), "--round", "1", "--table", "1", "--score", "2-1",
        "--games", "10-6",
    )  # fmt: skip
    assert (status, out) == (0, "round 1 table 1: Os Ases 2-1 Os Trunfos\n")
    record = _finished_record(tmp_path, "portugal-best-of-3", "game.yaml")
    status, out, err = with_record(capsys, cup, 2, record)
    assert status == 0, err
    t, _ = load_tournament(cup)
    res = t.rounds[0].tables[1].result
    assert res is not None
    assert res.how == "record"
    assert res.record is not None
    assert res.games is not None
    assert sum(res.games) > 0
    status, out, _ = run(capsys, "standings", str(cup), "--json")
    data = json.loads(out)
    assert data["rounds"][0]["bye"] == "A Bandeira"
    assert data["rounds"][0]["tables"][0] == {
        "table": 1,
        "teams": ["Os Ases", "Os Trunfos"],
        "score": [2, 1],
    }
    ases = next(s for s in data["standings"] if s["team"] == "Os Ases")
    assert ases == {
        "rank": ases["rank"],
        "team": "Os Ases",
        "played": 1,
        "won": 1,
        "lost": 0,
        "byes": 0,
        "points": 3,
        "partidas_for": 2,
        "partidas_against": 1,
        "games_for": 10,
        "games_against": 6,
    }
    status, out, _ = run(capsys, "standings", str(cup), "--csv")
    lines = out.splitlines()
    assert lines[0] == (
        "rank,team,played,won,lost,byes,points,partidas_for,partidas_against,games_for,"
        "games_against"
    )
    assert any(line.split(",")[1] == "'=Bisca" for line in lines)  # never a formula
    status, out, _ = run(capsys, "standings", str(cup))
    assert status == 0
    assert "Os Ases" in out
    assert "round 1 of 3" in out
    # ... and the rounds, as its help says: each table's score once its result is in, the bye
    rounds = out[out.index("Round 1:") :].splitlines()
    assert rounds[1] == "  table 1: Os Ases 2-1 Os Trunfos"
    assert re.fullmatch(r"  table 2: .+ \d-\d .+", rounds[2]), rounds
    assert rounds[-1] == "  bye: A Bandeira"
    status, out, _ = run(capsys, "standings", str(cup), "--lang", "pt")
    assert "  mesa 1: Os Ases 2-1 Os Trunfos" in out.splitlines()


def test_the_printable_page_escapes_names(cup: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run(capsys, "pair", str(cup))
    page = cup.with_suffix(".html")
    status, _, _ = run(capsys, "standings", str(cup), "--html", str(page))
    assert status == 0
    html = page.read_text(encoding="utf-8")
    assert "<b>Manilhas" not in html
    assert "&lt;b&gt;Manilhas&lt;/b&gt;" in html
    assert html.count('class="sheet"') == 2  # a score sheet for each open table
    assert "Round 1 · table 2" in html
    assert "@media print" in html
    assert "<script" not in html


def test_the_printable_page_and_the_standings_in_portuguese(
    cup: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "pair", str(cup))
    page = cup.with_suffix(".html")
    status, out, _ = run(capsys, "standings", str(cup), "--html", str(page), "--lang", "pt")
    assert (status, out.strip()) == (0, f"{page}: escrito")
    html = page.read_text(encoding="utf-8")
    assert '<html lang="pt-PT">' in html
    for words in ("Emparelhamentos", "Folhas de resultado", "Ronda 1 · mesa 2", "Classificação"):
        assert words in html
    assert "ganha o encontro quem ganhar primeiro 2 partidas" in html
    assert "sistema suíço · 5 equipas · ronda 1 de 3" in html
    assert "confronto direto" in html
    for english in ("Round", "Score sheets", "Standings", "Signed", "partida(s)", "head to head"):
        assert english not in html
    assert "&lt;b&gt;Manilhas&lt;/b&gt;" in html
    status, out, _ = run(capsys, "standings", str(cup), "--lang", "pt")
    assert status == 0
    assert "ronda 1 de 3 (mesas à espera de resultado: 1, 2)" in " ".join(out.split())
    assert "equipa" in out
    english = run(capsys, "standings", str(cup), "--json")[1]
    assert run(capsys, "standings", str(cup), "--json", "--lang", "pt")[1] == english


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--round", "1", "--table", "1", "--score", "3-0"], "round 1 table 1: a match is won"),
        (["--round", "1", "--table", "1", "--score", "2-2"], "first to win 2 partidas"),
        (["--round", "2", "--table", "1", "--score", "2-0"], "there is no round 2"),
        (["--round", "1", "--table", "3", "--score", "2-0"], "round 1 has no table 3"),
        (["--round", "1", "--table", "1", "--no-show", "Ninguém"], "does not play at round 1"),
        (["--round", "1", "--table", "1", "--score", "2-0", "--games", "4-0"], "at least 8 games"),
        (
            ["--round", "1", "--table", "1", "--score", "2-0", "--games", "100001-0"],
            "games are 0 to 100,000",
        ),
        # A team that lost both partidas was short of 4 games in each: 3 + 3 at most.
        (
            ["--round", "1", "--table", "1", "--score", "2-0", "--games", "8-7"],
            "round 1 table 1: a team that won 0 partidas and lost 2 won at most 6 games",
        ),
    ],
)
def test_refused_results_leave_the_file_byte_identical(
    cup: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    run(capsys, "pair", str(cup))
    before = cup.read_bytes()
    status, out, err = run(capsys, "result", str(cup), *args)
    assert status == 1
    assert out == ""
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert cup.read_bytes() == before


def test_a_score_is_written_with_the_digits_0_to_9(
    cup: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "pair", str(cup))
    before = cup.read_bytes()
    for score in ("\u0662-\u0660", "２-０", "2-"):  # Arabic-Indic and fullwidth digits
        status, _, err = run(capsys, "result", str(cup), "--round", "1", "--table", "1",
                             "--score", score)  # fmt: skip
        assert status == 2
        assert "written with 0-9" in err
    assert cup.read_bytes() == before


def test_records_of_another_variant_unfinished_or_used_twice_are_refused(
    cup: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    run(capsys, "pair", str(cup))
    before = cup.read_bytes()
    other = _finished_record(tmp_path, "portugal", "other.yaml")
    status, _, err = with_record(capsys, cup, 1, other)
    assert status == 1
    assert "not of this tournament's 'Portugal, best of three'" in err
    assert cup.read_bytes() == before
    match = Match("portugal-best-of-3", seed=2, deal=False)
    match.deal_random()
    play_match(match, [make_bot(1, seed=s) for s in range(4)])  # one deal: it stops for the next
    assert not match.is_over
    save_record(match.to_record(), tmp_path / "short.yaml")
    status, _, err = with_record(capsys, cup, 1, tmp_path / "short.yaml")
    assert status == 1
    assert "not over" in err
    assert cup.read_bytes() == before
    (tmp_path / "bad.yaml").write_text("variant: portugal\nfirst_dealer: 9\n", encoding="utf-8")
    status, _, err = with_record(capsys, cup, 1, tmp_path / "bad.yaml")
    assert status == 1
    assert "bad.yaml:2:1: first_dealer" in err
    good = _finished_record(tmp_path, "portugal-best-of-3", "good.yaml")
    assert with_record(capsys, cup, 1, good)[0] == 0
    before = cup.read_bytes()
    status, _, err = with_record(capsys, cup, 2, good)
    assert status == 1
    assert "already the result of round 1 table 1" in err
    assert cup.read_bytes() == before
    # The same match with a comment added, or written as JSON: the same record (its file's
    # bytes differ, and were taken as another match's).
    commented = tmp_path / "commented.yaml"
    commented.write_text("# round 1, table 2\n" + good.read_text("utf-8"), encoding="utf-8")
    as_json = tmp_path / "good.json"
    as_json.write_text(dump_record(load_record(good), "json"), encoding="utf-8")
    for again in (commented, as_json):
        status, _, err = with_record(capsys, cup, 2, again)
        assert status == 1
        assert "already the result of round 1 table 1" in err
        assert cup.read_bytes() == before
    # A file written by 0.1.0 keeps the digest of the record file's bytes: the same file again
    # is still refused.
    canonical = load_tournament(cup)[0].rounds[0].tables[0].result.record.sha256  # type: ignore[union-attr]
    old = hashlib.sha256(good.read_bytes()).hexdigest()
    assert canonical != old
    cup.write_text(cup.read_text("utf-8").replace(canonical, old), encoding="utf-8")
    before = cup.read_bytes()
    status, _, err = with_record(capsys, cup, 2, good)
    assert (status, "already the result of round 1 table 1" in err) == (1, True)
    assert cup.read_bytes() == before


def test_undo_and_the_order_of_rounds(cup: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "undo", str(cup))
    assert (status, err.strip()) == (
        1,
        f"{cup}: there is nothing to undo: no round has been paired",
    )
    run(capsys, "pair", str(cup))
    before = cup.read_bytes()
    status, _, err = run(capsys, "pair", str(cup))
    assert status == 1
    assert "round 1 is not finished: tables 1, 2 have no result yet" in err
    assert cup.read_bytes() == before
    run(capsys, "result", str(cup), "--round", "1", "--table", "2", "--no-show", "=Bisca")
    status, out, _ = run(capsys, "undo", str(cup))
    assert (status, out) == (0, "round 1 table 2: result undone\n")
    assert cup.read_bytes() == before
    status, out, _ = run(capsys, "undo", str(cup))
    assert out == "round 1's pairing undone\n"
    assert "rounds: []" in cup.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("csv", "message"),
    [
        ("name,a,b\nX,,\nY,,\n", "teams.csv:1: the first line must be the header"),
        ("team,player1,player2\nX,,\n\nX,,\n", "teams.csv:4: the team 'X' is already on line 2"),
        ("team,player1,player2\nX,,\n,a,b\n", "teams.csv:3: team: a name must not be empty"),
        (
            'team,player1,player2\nX,,\nY,,"a\tb"\n',
            "teams.csv:3: player2: a name must be on one line, without control characters",
        ),
        ("team,player1,player2\nX,,\nY,a,b,c\n", "teams.csv:3: a line has 3 fields"),
        ("team,player1,player2\nX,,\n", "2 to 512 teams, got 1"),
        (  # past the csv module's field limit (131,072 characters), yet under the file's size cap
            "team,player1,player2\nX,,\n" + "Y" * 200_000 + ",,\n",
            "teams.csv:3: a field of more than 131072 characters: a name has at most 60",
        ),
    ],
)
def test_a_bad_teams_csv_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], csv: str, message: str
) -> None:
    (tmp_path / "teams.csv").write_text(csv, encoding="utf-8")
    status, _, err = run(
        capsys, "new", str(tmp_path / "cup.yaml"), "--teams", str(tmp_path / "teams.csv"),
        "--format", "round_robin",
    )  # fmt: skip
    assert status == 1
    assert message in err
    assert "Value error" not in err
    assert not (tmp_path / "cup.yaml").exists()


@pytest.mark.parametrize("end", ["\n", "\r\n", "\r"])
def test_a_teams_csv_with_any_line_ends_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], end: str
) -> None:
    """A teams CSV saved with lines ending in \\n, \\r\\n (Windows, with or without a BOM) or
    a lone \\r (an old Mac's spreadsheet) gives the same teams; the lone \\r was refused with
    the csv module's words ("do you need to open the file in universal-newline mode?")."""
    rows = ["team,player1,player2", '"Os ""Ases"", de Lisboa",Ana,Rui', "", "Os Reis,Bia,Zé"]
    (tmp_path / "teams.csv").write_bytes(("\ufeff" + end.join(rows) + end).encode())
    status, _, err = run(
        capsys, "new", str(tmp_path / "cup.yaml"), "--teams", str(tmp_path / "teams.csv"),
        "--format", "round_robin",
    )  # fmt: skip
    assert status == 0, err
    t, _ = load_tournament(tmp_path / "cup.yaml")
    assert [(team.name, team.players) for team in t.teams] == [
        ('Os "Ases", de Lisboa', ["Ana", "Rui"]),
        ("Os Reis", ["Bia", "Zé"]),
    ]


@pytest.mark.parametrize(
    ("name", "en", "pt"),
    [
        ("Taça\x1b[31m", "a name must be on one line, without control characters",
         "um nome fica numa só linha, sem caracteres de controlo"),
        ("T" * 61, "a name has at most 60 characters, got 61",
         "um nome tem no máximo 60 caracteres; este tem 61"),
        ("  ", "a name must not be empty", "um nome não pode ficar vazio"),
    ],
)  # fmt: skip
def test_a_bad_name_is_refused_in_the_users_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, en: str, pt: str
) -> None:
    """A tournament's name given with --name, and a team's in the CSV, that the file cannot
    keep are refused with what is wrong, in the user's language: --name gave pydantic's "1
    validation error for Tournament", and the names' problems were English under --lang pt."""
    teams = tmp_path / "teams.csv"
    teams.write_text("team,player1,player2\nA,,\nB,,\n", encoding="utf-8")
    cup = str(tmp_path / "cup.yaml")
    for lang, words in (("en", en), ("pt", pt)):
        new = ["new", cup, "--teams", str(teams), "--format", "swiss", "--lang", lang]
        status, _, err = run(capsys, *new, "--name", name)
        assert status == 2
        assert err.endswith(f": --name: {words}\n"), err
        assert "validation error" not in err
        teams.write_text(f"team,player1,player2\nA,,\n{name},Ana,\n", encoding="utf-8")
        status, _, err = run(capsys, *new)
        assert status == 1
        assert err == f"{teams}:3: team: {words}\n"
        teams.write_text("team,player1,player2\nA,,\nB,,\n", encoding="utf-8")
    assert not Path(cup).exists()


def test_a_change_that_would_make_the_file_unreadable_is_refused(
    cup: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A tournament file past the reader's limits could be written, and then no command could
    read it (a round robin of 512 teams passes them before its last round): such a change is
    refused and nothing is written, in the user's language."""
    import dataclasses

    from sueca_rules._yaml import count_values
    from sueca_rules.tournament import _model

    run(capsys, "pair", str(cup))
    before = cup.read_bytes()
    t, _ = load_tournament(cup)
    values = count_values(t.model_dump(mode="json", exclude_none=True))
    tight = dataclasses.replace(_model.TOURNAMENT_LIMITS, max_nodes=values)
    monkeypatch.setattr(_model, "TOURNAMENT_LIMITS", tight)
    assert load_tournament(cup)[0] == t  # read within the limits, as it is
    status, _, err = run(
        capsys, "result", str(cup), "--round", "1", "--table", "1", "--score", "2-0"
    )
    assert status == 1
    assert f"{cup}: the tournament file would be too large to read back (" in err
    assert f"the limits are 8,388,608 bytes and {values:,} values): nothing was written" in err
    status, _, err = run(
        capsys, "result", str(cup), "--round", "1", "--table", "1", "--score", "2-0", "--lang", "pt"
    )
    assert f"{cup}: O ficheiro do torneio ficaria grande demais para se voltar a ler (" in err
    assert cup.read_bytes() == before
    assert load_tournament(cup)[0] == t


def test_new_does_not_replace_a_file_without_force(
    cup: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = cup.read_bytes()
    status, _, err = run(capsys, "new", str(cup), "--teams", "x.csv", "--format", "swiss")
    assert status == 2
    assert "give --force" in err
    assert cup.read_bytes() == before


def test_a_broken_file_is_reported_with_its_line(
    cup: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cup.write_text(cup.read_text(encoding="utf-8").replace("format: swiss", "format: 7"))
    status, _, err = run(capsys, "pair", str(cup))
    assert status == 1
    assert f"{cup}:3:1: format: expected one of" in err


def test_bots_play_the_open_tables(
    cup: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    run(capsys, "pair", str(cup))
    status, _, err = run(capsys, "play", str(cup), "--levels", "Nobody=2")
    assert status == 1
    assert "'Nobody' is not a team" in err
    status, _, err = run(capsys, "play", str(cup), "--levels", "Os Ases=9")
    assert status == 2
    # A team given twice is refused (it played at whichever level came last).
    for twice in ("Os Ases=2,Os Ases=5", "Os Ases=2, Os Ases =2"):
        status, _, err = run(capsys, "play", str(cup), "--levels", twice)
        assert status == 2
        assert err.endswith("--levels: the team 'Os Ases' is given twice: give each team once\n")
    with pytest.raises(SystemExit):  # --level and --levels together
        run(capsys, "play", str(cup), "--levels", "Os Ases=2", "--level", "1")
    status, out, err = run(
        capsys, "play", str(cup), "--levels", "Os Ases=2,Os Trunfos=1",
        "--records", str(tmp_path / "records"),
    )  # fmt: skip
    assert status == 0, err
    assert len(out.splitlines()) == 2
    t, _ = load_tournament(cup)
    for tab in t.rounds[0].tables:
        assert tab.result is not None
        assert tab.result.how == "bots"
        assert tab.result.record is not None
        assert Path(tab.result.record.file).is_file()
    status, _, err = run(capsys, "play", str(cup))
    assert status == 1
    assert "no table is waiting" in err
    # The same seed plays the same games.
    again = cup.with_name("again.yaml")
    again.write_bytes(cup.read_bytes())
    run(capsys, "undo", str(again))
    run(capsys, "undo", str(again))
    run(capsys, "play", str(again), "--levels", "Os Ases=2,Os Trunfos=1")
    t2, _ = load_tournament(again)
    assert [tab.result for tab in t2.rounds[0].tables] == [
        tab.result.model_copy(update={"record": None}) if tab.result else None
        for tab in t.rounds[0].tables
    ]


def test_tournament_without_an_action_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, _, err = run(capsys)
    assert status == 2
    assert "needs an action" in err
    said = (
        "erro: o sueca tournament precisa de uma ação: new, pair, result, play, standings ou undo"
    )
    for given in (["--lang", "pt"], ["--lang=pt"]):  # asked for
        status, _, err = run(capsys, *given)
        assert (status, err.strip().split(": ", 1)[1]) == (2, said)
    monkeypatch.setenv("LC_ALL", "pt_PT.UTF-8")  # the locale's language, as an action's
    status, _, err = run(capsys)
    assert status == 2
    assert err.strip().endswith(said)


def test_lang_before_the_action_is_the_actions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`sueca tournament --lang pt standings FILE` speaks as `... standings FILE --lang pt`."""
    missing = str(tmp_path / "nada.yaml")
    for words in (["--lang", "pt", "standings", missing], ["--lang=pt", "standings", missing]):
        status, _, err = run(capsys, *words)
        assert status != 0
        assert "esse ficheiro não existe" in err, err
    # Given before the command, as `sueca --lang pt --help` is: it was taken and not heard.
    for words in (["--lang", "pt"], ["--lang=pt"]):
        status = main([*words, "tournament", "standings", missing])
        err = capsys.readouterr().err
        assert status != 0
        assert "esse ficheiro não existe" in err, err


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--round", "9" * 401, "--table", "1"], "there is no round 99999999999999999999…: "),
        (["--round", "1", "--table", "9" * 401], "has no table 99999999999999999999…: "),
        (["--round", "1", "--table", "1", "--games", "8-" + "9" * 401], "'8-999999999999999999…'"),
    ],
)
def test_a_too_long_number_is_shown_cut(
    cup: Path, capsys: pytest.CaptureFixture[str], args: list[str], said: str
) -> None:
    run(capsys, "pair", str(cup))
    before = cup.read_bytes()
    status, out, err = run(capsys, "result", str(cup), *args, "--score", "2-0")
    assert status != 0
    assert out == ""
    assert said in err
    assert "9" * 21 not in err
    assert cup.read_bytes() == before


def test_a_too_long_count_of_rounds_is_shown_cut(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "teams.csv").write_text(TEAMS, encoding="utf-8")
    teams = ["--teams", str(tmp_path / "teams.csv")]
    for args, said in [
        (["--format", "swiss", "--rounds", "9" * 401], "1 to 5 rounds"),
        (["--format", "groups", "--groups", "9" * 401, "--advance", "1"], "1 to 2 groups"),
        (["--format", "groups", "--groups", "2", "--advance", "9" * 401], "(the smallest group)"),
    ]:
        status, out, err = run(capsys, "new", str(tmp_path / "t.yaml"), *teams, *args)
        assert status != 0
        assert out == ""
        assert said in err
        assert "got 99999999999999999999…" in err
        assert "9" * 21 not in err
    assert not (tmp_path / "t.yaml").exists()


def test_a_too_long_levels_part_is_shown_cut(cup: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = cup.read_bytes()
    status, out, err = run(capsys, "play", str(cup), "--levels", "x" * 401)
    assert status == 2
    assert out == ""
    assert "'" + "x" * 20 + "…'" in err
    assert "write TEAM=LEVEL" in err
    assert "x" * 21 not in err
    assert cup.read_bytes() == before


def test_a_hand_edited_result_with_negative_games_is_refused_where_it_is(
    cup: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run(capsys, "pair", str(cup))
    assert run(capsys, "result", str(cup), "--round", "1", "--table", "1", "--score", "2-0")[0] == 0
    text = cup.read_text(encoding="utf-8")
    cup.write_text(text.replace("score: [2, 0]", "score: [2, 0], games: [-40, 1]"), "utf-8")
    status, out, err = run(capsys, "standings", str(cup), "--json")
    assert (status, out) == (1, "")
    assert err.strip().splitlines() == [
        f"{cup}:22:70: rounds[0].tables[0].result.games: games are 0 to 100,000, got -40"
    ]


def test_a_team_written_twice_with_other_accent_encodings_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import unicodedata

    composed, decomposed = (unicodedata.normalize(f, "José") for f in ("NFC", "NFD"))
    teams = tmp_path / "teams.csv"
    teams.write_text(f"team,player1,player2\n{composed},a,b\n{decomposed},c,d\n", "utf-8")
    path = tmp_path / "cup.yaml"
    status, out, err = run(capsys, "new", str(path), "--teams", str(teams), "--format", "swiss")
    assert (status, out) == (1, "")
    # Both names as typed, the combining accent escaped: the difference is seen.
    assert err.strip().splitlines() == [
        f"{teams}:3: the team 'Jose\\u0301' has the same name as 'José' on line 2 once case, "
        "spacing and character forms are set aside: each team needs a name of its own"
    ]
    status, out, err = run(capsys, "new", str(path), "--teams", str(teams), "--format", "swiss",
                           "--lang", "pt")  # fmt: skip
    assert err.strip() == (
        f"{teams}:3: a equipa 'Jose\\u0301' tem o mesmo nome que 'José', na linha 2, sem contar "
        "maiúsculas, espaços e a forma dos caracteres: cada equipa precisa de um nome só seu"
    )
    assert not path.exists()


def test_bots_write_each_table_as_it_finishes_and_let_others_write_between(
    cup: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """While the bots play table 2, table 1's result is already in the file (a kill then keeps
    it) and the file's lock is free: another command may enter a result meanwhile, and the bots'
    match of a table given a result meanwhile is not counted."""
    from sueca_rules import tournament
    from sueca_rules._files import locked

    run(capsys, "pair", str(cup))
    real = tournament.play_table
    seen: list[int] = []

    def play_table(*args: object, **kwargs: object) -> Match:
        number = args[2]
        assert isinstance(number, int)
        seen.append(number)
        if number == 2:
            with locked(cup, timeout=0):  # the lock is free while a table is played
                t, _ = load_tournament(cup)
            assert t.rounds[0].tables[0].result is not None
            assert t.rounds[0].tables[0].result.how == "bots"
            # Someone enters table 2's result by hand meanwhile.
            assert main(["tournament", "result", str(cup), "--round", "1", "--table", "2",
                         "--score", "0-2", "--games", "2-8"]) == 0  # fmt: skip
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(tournament, "play_table", play_table)
    status, out, err = run(capsys, "play", str(cup), "--level", "1")
    assert seen == [1, 2]
    assert status == 1
    assert out.splitlines()[0].startswith("round 1 table 1: Os Ases ")
    assert out.splitlines()[-1].startswith("round 1 table 2: ")  # the result command's line
    assert err.strip().splitlines() == [
        f"{cup}: round 1 table 2 was given a result (0-2) while the bots played it: their match "
        "is not counted (undo that result and play again to count it)"
    ]
    t, _ = load_tournament(cup)
    first, second = (tab.result for tab in t.rounds[0].tables)
    assert first is not None
    assert first.how == "bots"
    assert second is not None
    assert (second.how, second.score) == ("score", [0, 2])


def test_a_table_changed_meanwhile_is_said_and_the_others_are_still_played(
    cup: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from sueca_rules import tournament

    run(capsys, "pair", str(cup))
    real = tournament.play_table

    def play_table(*args: object, **kwargs: object) -> Match:
        if args[2] == 1:  # table 1's result entered by hand while the bots play it
            assert main(["tournament", "result", str(cup), "--round", "1", "--table", "1",
                         "--score", "2-0"]) == 0  # fmt: skip
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(tournament, "play_table", play_table)
    status, out, err = run(capsys, "play", str(cup), "--level", "1")
    assert status == 1
    assert "round 1 table 1 was given a result (2-0)" in err
    assert out.splitlines()[-1].startswith("round 1 table 2: ")
    t, _ = load_tournament(cup)
    first, second = (tab.result for tab in t.rounds[0].tables)
    assert first is not None
    assert (first.how, first.score) == ("score", [2, 0])
    assert second is not None
    assert second.how == "bots"  # played all the same


def test_the_actions_speak_portuguese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--lang pt` on every action: what it says and what it refuses."""
    (tmp_path / "teams.csv").write_text(TEAMS, encoding="utf-8")
    cup = str(tmp_path / "copa.yaml")
    teams = str(tmp_path / "teams.csv")
    pt = ("--lang", "pt")
    status, out, _ = run(capsys, "new", cup, "--teams", teams, "--format", "round_robin", *pt)
    assert (status, out.strip()) == (0, f"{cup}: 5 equipas, todos contra todos")
    status, out, _ = run(capsys, "pair", cup, *pt)
    assert out.startswith("Ronda 1:\n  mesa 1: ")
    assert " contra " in out
    assert "  folga: " in out
    status, _, err = run(
        capsys, "result", cup, "--round", "1", "--table", "1", "--score", "3-0", *pt
    )
    assert status == 1
    assert "Mesa 1 da ronda 1: o encontro ganha-se à primeira partida" in err
    status, out, _ = run(
        capsys, "result", cup, "--round", "1", "--table", "1", "--score", "1-0", *pt
    )
    assert out.startswith("ronda 1 mesa 1: ")
    status, _, err = run(capsys, "pair", cup, *pt)
    assert "A ronda 1 ainda não acabou: falta o resultado da mesa 2." in err
    status, out, _ = run(capsys, "undo", cup, *pt)
    assert out.strip() == "ronda 1 mesa 1: resultado desfeito"
    status, _, err = run(capsys, "result", cup, "--round", "1", "--table", "1", "--score", "x", *pt)
    assert (status, "escreve-o como A-B" in err) == (2, True)
    status, _, err = run(
        capsys, "result", cup, "--round", "1", "--table", "1", "--score", "1-0",
        "--games", "1000000-4", *pt,
    )  # fmt: skip
    assert status == 2
    assert "'1000000-4': escreve-o como A-B" in err
    assert "6 algarismos no máximo" in err  # what is wrong with it: it is a whole number
    status, out, _ = run(capsys, "play", cup, "--level", "1", *pt)
    assert status == 0
    assert out.count("ronda 1 mesa ") == 2
    status, out, _ = run(capsys, "undo", cup, "--round", "1", "--table", "2", *pt)
    assert out.strip() == "ronda 1 mesa 2: resultado desfeito"
    status, _, err = run(
        capsys,
        "new",
        cup,
        "--teams",
        str(tmp_path / "nada.csv"),
        "--format",
        "swiss",
        "--force",
        *pt,
    )
    assert err.strip() == f"{tmp_path / 'nada.csv'}: esse ficheiro não existe"


@pytest.mark.parametrize(
    ("options", "english", "portuguese"),
    [
        (["--format", "groups", "--groups", "2"], "needs --groups N and --advance K", "precisa de"),
        (["--format", "swiss", "--rounds", "11"], "has 1 to 5 rounds", "tem de 1 a 5 rondas"),
        (
            ["--format", "groups", "--groups", "3", "--advance", "1"],
            "make 1 to 2 groups",
            "fazem de 1 a 2 grupos",
        ),
        (
            ["--format", "groups", "--groups", "2", "--advance", "3"],
            "1 to 2 (the smallest group)",
            "de 1 a 2 (o grupo mais pequeno)",
        ),
        (
            ["--format", "knockout", "--advance", "2"],
            "are for the groups format",
            "só para o formato de grupos",
        ),
        (
            ["--format", "knockout", "--rounds", "2"],
            "is for a swiss tournament",
            "só para um torneio suíço",
        ),
    ],
)
def test_a_tournament_that_cannot_be_set_up_is_refused_in_the_language(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    options: list[str],
    english: str,
    portuguese: str,
) -> None:
    (tmp_path / "teams.csv").write_text(TEAMS, encoding="utf-8")
    cup = str(tmp_path / "cup.yaml")
    teams = str(tmp_path / "teams.csv")
    status, _, err = run(capsys, "new", cup, "--teams", teams, *options)
    assert (status, english in err) == (1, True), err
    status, _, err = run(capsys, "new", cup, "--teams", teams, *options, "--lang", "pt")
    assert (status, portuguese in err) == (1, True), err
    assert english not in err
    assert not (tmp_path / "cup.yaml").exists()


def test_the_help_of_new_wraps_the_default_tiebreaks_between_names(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`sueca tournament new --help` in a terminal 80 columns wide: the default tie-breaks are
    wrapped between names, never inside one (it printed `head_to_hea` / `d,partidas_…`)."""
    monkeypatch.setenv("COLUMNS", "80")
    with pytest.raises(SystemExit) as done:
        main(["tournament", "new", "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    said = " ".join(out.split())
    assert "(default: head_to_head, partidas_difference, games_difference, seed;" in said
    assert max(len(line) for line in out.splitlines()) <= 80


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_score_without_games_is_not_outranked_by_a_bye_and_is_said(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    """A score entered alone leaves its games unknown: the standings do not count them as 0-0
    (which put the bye, a 4-0 win, above the real win), and the command says how to give them."""
    (tmp_path / "teams.csv").write_text("team,player1,player2\nAses,,\nReis,,\nDamas,,\n")
    cup = str(tmp_path / "cup.yaml")
    teams = str(tmp_path / "teams.csv")
    said = ("--lang", lang)
    assert run(capsys, "new", cup, "--teams", teams, "--format", "swiss", *said)[0] == 0
    assert "Damas" in run(capsys, "pair", cup, *said)[1].splitlines()[-1]  # the bye
    status, out, err = run(
        capsys, "result", cup, "--round", "1", "--table", "1", "--score", "1-0", *said
    )
    assert status == 0
    assert out.strip().endswith("Ases 1-0 Reis")
    to_type = f"sueca tournament undo {cup} --round 1 --table 1"
    if lang == "en":
        assert err.strip() == (
            "note: no --games given, so the games tie-break cannot split Ases or Reis from teams "
            f"level with them; to give the games: {to_type}, then this result again with "
            "--games A-B"
        )
    else:
        assert err.strip() == (
            "nota: sem --games, o desempate pelos jogos não separa Ases nem Reis das equipas "
            f"empatadas com elas; para dar os jogos: {to_type}, e depois este resultado outra "
            "vez com --games A-B"
        )
    data = json.loads(run(capsys, "standings", cup, "--json")[1])
    ranked = [(s["team"], s["points"], s.get("games_unknown", 0)) for s in data["standings"]]
    assert ranked == [("Ases", 3, 1), ("Damas", 3, 0), ("Reis", 0, 1)]
    # With its games, nothing is said and the games decide (the bye's 4-0 over a 4-2 win).
    assert run(capsys, "undo", cup, *said)[0] == 0
    status, out, err = run(
        capsys, "result", cup, "--round", "1", "--table", "1", "--score", "1-0", "--games", "4-2"
    )
    assert (status, err) == (0, "")
    data = json.loads(run(capsys, "standings", cup, "--json")[1])
    assert [s["team"] for s in data["standings"]] == ["Damas", "Ases", "Reis"]
    assert all("games_unknown" not in s for s in data["standings"])


def test_no_note_when_no_tie_break_counts_games(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "teams.csv").write_text("team,player1,player2\nAses,,\nReis,,\n")
    cup = str(tmp_path / "cup.yaml")
    new = ["new", cup, "--teams", str(tmp_path / "teams.csv"), "--format", "round_robin"]
    assert run(capsys, *new, "--tiebreaks", "head_to_head,partidas_difference,seed")[0] == 0
    run(capsys, "pair", cup)
    status, out, err = run(capsys, "result", cup, "--round", "1", "--table", "1", "--score", "0-1")
    assert (status, out.strip(), err) == (0, "round 1 table 1: Ases 0-1 Reis", "")


_MIXED_UP = {
    "variant": (
        "this is a variant (house rules) file, not a tournament file: check it with "
        "'sueca validate', or start a tournament under it with 'sueca tournament new --variant'",
        "isto é um ficheiro de regras (da casa), não o ficheiro de um torneio: verifica-o com "
        "'sueca validate', ou começa um torneio com estas regras com "
        "'sueca tournament new --variant'",
    ),
    "record": (
        "this is a game record, not a tournament file: replay it with 'sueca replay', or enter "
        "it as a table's result with 'sueca tournament result --record'",
        "isto é o registo de um jogo, não o ficheiro de um torneio: revê-o com 'sueca replay', "
        "ou dá-o como resultado de uma mesa com 'sueca tournament result --record'",
    ),
}


def _not_a_tournament(tmp_path: Path, kind: str) -> tuple[Path, str]:
    """A file of `kind` (`new`: from `sueca new`; `builtin`: a copy of the repository's
    variants/portugal.yaml; `yaml`, `json`: a finished game's record) and the mix-up it is."""
    if kind == "new":
        path = tmp_path / "casa.yaml"
        assert main(["new", str(path)]) == 0
        return path, "variant"
    if kind == "builtin":
        path = tmp_path / "portugal.yaml"
        path.write_bytes((Path(__file__).parent.parent / "variants" / "portugal.yaml").read_bytes())
        return path, "variant"
    record = _finished_record(tmp_path, "portugal", "game.yaml")
    if kind == "json":
        path = tmp_path / "game.json"
        path.write_text(dump_record(load_record(record), "json"), encoding="utf-8")
        return path, "record"
    return record, "record"


@pytest.mark.parametrize("kind", ["new", "builtin", "yaml", "json"])
@pytest.mark.parametrize("lang", ["en", "pt", "locale"])
def test_rules_or_a_record_given_for_the_tournament_say_so_in_one_line(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    kind: str,
    lang: str,
) -> None:
    """Every action given a variant file or a game record says what it is and the command meant
    for it, in one line, in the language (`--lang pt`, or a Portuguese locale), and changes
    nothing."""
    path, mixed_up = _not_a_tournament(tmp_path, kind)
    capsys.readouterr()
    options: tuple[str, ...] = ("--lang", lang) if lang != "locale" else ()
    if lang == "locale":
        monkeypatch.setenv("LC_ALL", "pt_PT.UTF-8")
    en, pt = _MIXED_UP[mixed_up]
    before = path.read_bytes()
    for action in (
        ["standings"],
        ["standings", "--json"],
        ["pair"],
        ["result", "--round", "1", "--table", "1", "--score", "1-0"],
        ["play", "--level", "1"],
        ["undo"],
    ):
        status, out, err = run(capsys, action[0], str(path), *action[1:], *options)
        assert (status, out) == (1, ""), action
        said = re.escape(f"{en if lang == 'en' else pt}")
        assert re.fullmatch(rf"{re.escape(str(path))}:\d+:1: {said}\n", err), (action, err)
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("lang", "head", "problem"),
    [
        (
            "en",
            "variant: the variant is not usable; its problems follow",
            "scoring.tie.mode: expected one of none, add, multiply, got 'triple'",
        ),
        (
            "pt",
            "variant: as regras do torneio não dão para usar; os problemas vêm a seguir",
            "scoring.tie.mode: tem de ser um destes: none, add, multiply (está triple)",
        ),
    ],
)
def test_the_problems_of_an_inline_variant_follow_at_their_lines(
    cup: Path, capsys: pytest.CaptureFixture[str], lang: str, head: str, problem: str
) -> None:
    """A tournament's inline variant with a problem: one line says whose problems they are,
    then each at its own line of the file, in the reader's language."""
    text = cup.read_text(encoding="utf-8")
    inline = "variant:\n  name: Casa\n  extends: portugal\n  scoring:\n    tie:\n      mode: triple"
    text = re.sub(r"(?m)^variant: portugal\b.*$", inline, text)
    cup.write_text(text, encoding="utf-8")
    line = text.splitlines().index("variant:") + 1
    status, _, err = run(capsys, "standings", str(cup), "--lang", lang)
    assert status != 0
    first, second = err.splitlines()
    assert first == f"{cup}:{line}:1: {head}"
    assert second == f"{cup}:{line + 5}:7: {problem}"


def test_refusals_of_games_records_undo_and_bots_are_said_in_portuguese(
    cup: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Before, these refusals had no word for a page or a command to say them by: under --lang pt
    # they came out in English.
    pt = ("--lang", "pt")
    run(capsys, "pair", str(cup))
    before = cup.read_bytes()

    def refused(*args: str) -> str:
        status, out, err = run(capsys, *args, *pt)
        assert (status, out) == (1, "")
        assert cup.read_bytes() == before
        return err.strip().removeprefix(f"{cup}: ")

    result = ("result", str(cup), "--round", "1", "--table", "1")
    assert refused(*result, "--score", "2-0", "--games", "7-0") == (
        "Mesa 1 da ronda 1: uma equipa que ganhou 2 partidas tem pelo menos 8 jogos "
        "(4 por partida); escreveste 7."
    )
    assert refused(*result, "--score", "2-0", "--games", "8-7").startswith(
        "Mesa 1 da ronda 1: com estas regras, uma equipa que ganhou 0 partidas e perdeu 2 tem no "
        "máximo 6 jogos; escreveste 7."
    )
    other = _finished_record(tmp_path, "portugal", "other.yaml")
    assert refused(*result, "--record", str(other)) == (
        "O registo é de um encontro jogado com outras regras ('Portugal'), não com as deste "
        "torneio ('Portugal, à melhor de três'): todas as mesas jogam com as regras do torneio."
    )
    unfinished = tmp_path / "unfinished.yaml"
    whole = load_record(_finished_record(tmp_path, "portugal-best-of-3", "whole.yaml"))
    save_record(whole.model_copy(update={"deals": whole.deals[:1]}), unfinished)
    assert refused(*result, "--record", str(unfinished)) == (
        "O encontro desse registo ainda não acabou: um resultado precisa de um encontro até ao fim."
    )
    assert refused("play", str(cup), "--levels", "Ninguém=2") == (
        "'Ninguém' não é uma equipa deste torneio."
    )
    record = _finished_record(tmp_path, "portugal-best-of-3", "table1.yaml")
    assert with_record(capsys, cup, 1, record)[0] == 0
    before = cup.read_bytes()
    assert refused("result", str(cup), "--round", "1", "--table", "2", "--record", str(record)) == (
        "Este registo já é o resultado da mesa 1 da ronda 1: cada registo é de uma só mesa."
    )
    assert run(capsys, "result", str(cup), "--round", "1", "--table", "2", "--score", "0-2")[0] == 0
    assert run(capsys, "pair", str(cup))[0] == 0
    before = cup.read_bytes()
    assert refused("undo", str(cup), "--round", "1", "--table", "1") == (
        "Os emparelhamentos da ronda 2 saíram dos resultados da ronda 1: desfaz primeiro essa "
        "ronda ('undo' sem --round nem --table tira-lhe o emparelhamento enquanto ela não tiver "
        "resultados)."
    )
    for table in ("1", "2"):
        run(capsys, "result", str(cup), "--round", "2", "--table", table, "--score", "2-1")
    before = cup.read_bytes()
    assert refused("play", str(cup)) == (
        "Nenhuma mesa está à espera de resultado: faz 'pair' para emparelhar a ronda seguinte."
    )


def test_too_many_games_for_a_team_that_lost_no_partida_name_no_partidas_lost(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The Portuguese said 'ganhou 1 partida e perdeu 0' where the English leaves it out."""
    (tmp_path / "teams.csv").write_text(TEAMS, encoding="utf-8")
    cup = str(tmp_path / "cup.yaml")
    teams = str(tmp_path / "teams.csv")
    status, _, _ = run(
        capsys, "new", cup, "--teams", teams, "--format", "swiss", "--variant", "sueca-online"
    )
    assert status == 0
    run(capsys, "pair", cup)
    result = ["result", cup, "--round", "1", "--table", "1", "--score", "1-0", "--games", "8-0"]
    status, _, err = run(capsys, *result)
    assert status == 1
    assert "a team that won 1 partida won at most 7 games" in err
    status, _, err = run(capsys, *result, "--lang", "pt")
    assert status == 1
    assert "uma equipa que ganhou 1 partida sem perder nenhuma tem no máximo 7 jogos" in err
    assert "perdeu 0" not in err


@pytest.mark.parametrize(
    ("content", "en", "pt"),
    [
        ("", "a tournament file is a mapping", "o ficheiro de um torneio é um conjunto de campos"),
        ("- a\n", "a tournament file is a mapping", "o ficheiro de um torneio é um conjunto de"),
    ],
    ids=["empty", "a list"],
)
def test_a_file_that_is_no_tournament_is_said_in_the_commands_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, en: str, pt: str
) -> None:
    path = tmp_path / "cup.yaml"
    path.write_text(content, encoding="utf-8")
    for lang, said in (("en", en), ("pt", pt)):
        status, _, err = run(capsys, "--lang", lang, "standings", str(path))
        assert status == 1
        assert said in err, err
        assert len(err.strip().splitlines()) == 1


def test_mistakes_of_the_command_line_are_said_in_the_commands_language(
    cup: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--levels with a level that is none, --teams naming a folder, --html where nothing can be
    written: each was said in English (the last with the system's bare 'No such file or
    directory') in a Portuguese command."""
    folder = tmp_path / "folder"
    folder.mkdir()
    nowhere = tmp_path / "nowhere" / "cup.html"
    cases = [
        (["play", str(cup), "--levels", "Os Ases=9"], "'9' não é um nível: os níveis são 1"),
        (
            ["new", str(tmp_path / "b.yaml"), "--teams", str(folder), "--format", "swiss"],
            f"{folder}: isto é uma pasta, não um ficheiro",
        ),
        (
            ["standings", str(cup), "--html", str(nowhere)],
            f"--html {nowhere}: não dá para escrever aí (não existe a pasta {nowhere.parent})",
        ),
    ]
    for argv, said in cases:
        status, _, err = run(capsys, "--lang", "pt", *argv)
        assert status != 0
        assert said in err, err
        assert len(err.strip().splitlines()) == 1, err
    status, _, err = run(capsys, "standings", str(cup), "--html", str(nowhere))
    assert f"--html {nowhere}: cannot write there (no folder {nowhere.parent})" in err


@pytest.mark.parametrize(
    ("lang", "over", "won"),
    [
        (
            "en",
            "the tournament is over: its one round has been played, and Os Trunfos won it",
            "The tournament is over: Os Trunfos won it.",
        ),
        (
            "pt",
            "O torneio acabou: já se jogou a única ronda, e ganhou a equipa Os Trunfos.",
            "O torneio acabou: ganhou a equipa Os Trunfos.",
        ),
    ],
)
def test_a_finished_tournament_says_who_won_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, over: str, won: str
) -> None:
    """The last result in, `pair` refuses with the winner's name (one round: not "all 1
    rounds"), and the standings and the printable page name the winner; not before."""
    (tmp_path / "teams.csv").write_text("team,player1,player2\nOs Ases,,\nOs Trunfos,,\n")
    cup = str(tmp_path / "cup.yaml")
    run(capsys, "new", cup, "--teams", str(tmp_path / "teams.csv"), "--format", "knockout")
    run(capsys, "pair", cup)
    assert won not in run(capsys, "standings", cup, "--lang", lang)[1]
    assert run(capsys, "result", cup, "--round", "1", "--table", "1", "--score", "0-1")[0] == 0
    assert run(capsys, "pair", cup, "--lang", lang) == (1, "", f"{cup}: {over}\n")
    assert run(capsys, "standings", cup, "--lang", lang)[1].splitlines()[-1] == won
    html = tmp_path / "cup.html"
    assert run(capsys, "standings", cup, "--lang", lang, "--html", str(html))[0] == 0
    winner = "Winner" if lang == "en" else "Vencedor"
    assert f'<p class="winner">{winner}: Os Trunfos</p>' in html.read_text(encoding="utf-8")


@pytest.mark.parametrize(("lang", "heading"), [("en", "All the teams"), ("pt", "Todas as equipas")])
def test_the_printable_page_of_groups_heads_the_table_of_all_the_teams(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, heading: str
) -> None:
    """After each group's standings comes the table of every team: it has a heading of its own,
    not one that reads as the last group's."""
    (tmp_path / "teams.csv").write_text(TEAMS, encoding="utf-8")
    cup, html = str(tmp_path / "cup.yaml"), tmp_path / "cup.html"
    teams = ["--teams", str(tmp_path / "teams.csv")]
    run(capsys, "new", cup, *teams, "--format", "groups", "--groups", "2", "--advance", "1")
    run(capsys, "pair", cup)
    assert run(capsys, "standings", cup, "--html", str(html), "--lang", lang)[0] == 0
    standings = html.read_text(encoding="utf-8").split('<section class="standings">')[1]
    assert re.findall(r"<h3>([^<]*)</h3>", standings)[-1] == heading
    assert standings.count("<table") == 3  # groups A and B, then every team


@pytest.mark.parametrize(
    ("lang", "short", "whole"), [("en", "P+", "Partidas won"), ("pt", "J−", "Jogos perdidos")]
)
def test_the_printable_standings_say_their_short_headings_in_whole_words(
    cup: Path, capsys: pytest.CaptureFixture[str], lang: str, short: str, whole: str
) -> None:
    """A short heading ("P+") has its whole words in `<abbr title>`; each number carries its
    column's words too (a phone shows them before it, one card a team, not eleven columns that
    scroll sideways)."""
    run(capsys, "pair", str(cup))
    page = cup.with_suffix(".html")
    assert run(capsys, "standings", str(cup), "--html", str(page), "--lang", lang)[0] == 0
    standings = page.read_text(encoding="utf-8").split('<section class="standings">')[1]
    assert f'<th class=n><abbr title="{whole}">{short}</abbr></th>' in standings
    first = standings.split("<tbody>")[1].split("</tr>")[0]
    assert first.startswith('<tr><td class="n rank">1</td><td class=team>')
    labels = re.findall(r'data-label="([^"]*)"', first)
    assert len(labels) == 9
    assert whole in labels
    assert first.count('class="n pts"') == 1
    assert "table.standings tr { display: flex" in page.read_text(encoding="utf-8")


def test_a_records_folder_that_cannot_be_made_is_said_in_the_language(
    cup: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`play --records` under a file: said in Portuguese (not the system's English "Not a
    directory"), before any table is played."""
    run(capsys, "pair", str(cup))
    before = cup.read_bytes()
    folder = f"{cup}/records"
    status, out, err = run(capsys, "play", str(cup), "--records", folder, "--lang", "pt")
    assert (status, out) == (2, "")
    assert err.rstrip().endswith(
        f"--records {folder}: não dá para escrever aí ({cup} não é uma pasta)"
    )
    assert cup.read_bytes() == before


@pytest.mark.parametrize(("lang", "group"), [("en", "Group"), ("pt", "Grupo")])
def test_the_standings_of_groups_say_each_teams_group(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, group: str
) -> None:
    """In a groups tournament the CSV has a `group` column (last: the others stay in place), and
    the text says each team's group and shows each group's own standings under its heading."""
    (tmp_path / "teams.csv").write_text(TEAMS, encoding="utf-8")
    cup = str(tmp_path / "cup.yaml")
    teams = ["--teams", str(tmp_path / "teams.csv")]
    run(capsys, "new", cup, *teams, "--format", "groups", "--groups", "2", "--advance", "1")
    run(capsys, "pair", cup)
    assert run(capsys, "result", cup, "--round", "1", "--table", "1", "--score", "1-0")[0] == 0
    t, _ = load_tournament(cup)
    assert t.groups is not None
    group_of = {name: g.name for g in t.groups for name in g.teams}
    assert sorted(set(group_of.values())) == ["A", "B"]

    status, out, _ = run(capsys, "standings", cup, "--csv")
    assert status == 0
    lines = out.splitlines()
    assert lines[0].split(",")[-2:] == ["games_against", "group"]
    for line in lines[1:]:
        cells = line.split(",")
        name = cells[1].removeprefix("'")  # '=Bisca: not a formula
        assert cells[-1] == group_of[name], line

    status, out, _ = run(capsys, "standings", cup, "--lang", lang)
    assert status == 0
    said = out.splitlines()
    heads = [i for i, line in enumerate(said) if line.strip() in (f"{group} A", f"{group} B")]
    assert [said[i].strip() for i in heads] == [f"{group} A", f"{group} B"]
    overall = said[: heads[0]]
    column = "group" if lang == "en" else "grupo"
    assert re.search(rf"┃ # +┃ \w+ +┃ {column} +┃", "\n".join(overall))
    for name, letter in group_of.items():
        row = next(line for line in overall if f"│ {name} " in line)
        assert re.search(rf"│ {re.escape(name)} +│ {letter} +│", row), row
    rounds = said.index("Round 1:" if lang == "en" else "Ronda 1:")
    for start, end, letter in ((heads[0], heads[1], "A"), (heads[1], rounds, "B")):
        block = "\n".join(said[start:end])
        shown = {name for name in group_of if f"│ {name} " in block}
        assert shown == {name for name, g in group_of.items() if g == letter}


@pytest.mark.parametrize(
    ("lang", "final", "third"), [("en", "final", "3rd place"), ("pt", "final", "3.º lugar")]
)
def test_the_printable_page_says_the_final_apart_from_the_teams(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, final: str, third: str
) -> None:
    """The final and the third-place match are said with the table's number, as the web pages
    do ("Os Reis (final)" read as a team's name); the page's content is its `<main>` landmark,
    and it is laid out for the phone's width (its viewport), not a desktop's shrunk."""
    (tmp_path / "teams.csv").write_text("team,player1,player2\nA,,\nB,,\nC,,\nD,,\n")
    cup, html = str(tmp_path / "cup.yaml"), tmp_path / "cup.html"
    run(
        capsys,
        "new",
        cup,
        "--teams",
        str(tmp_path / "teams.csv"),
        "--format",
        "knockout",
        "--third-place",
    )
    run(capsys, "pair", cup)
    for table in ("1", "2"):
        assert (
            run(capsys, "result", cup, "--round", "1", "--table", table, "--score", "1-0")[0] == 0
        )
    run(capsys, "pair", cup)
    assert run(capsys, "standings", cup, "--html", str(html), "--lang", lang)[0] == 0
    page = html.read_text(encoding="utf-8")
    last = page.split("<h3>")[2]  # round 2: the final and the third-place match
    cells = re.findall(r"<tr><td class=n>(.*?)</td>(?:<td>[^<]*</td>){2}", last)
    assert cells == [
        f'1 <span class="kind">({final})</span>',
        f'2 <span class="kind">({third})</span>',
    ]
    assert re.findall(r"<td>([^<]*)</td>", last)[:4] == ["A", "B", "D", "C"]  # names alone
    assert page.count("<main>") == page.count("</main>") == 1
    assert page.index("<body><main><h1>") < page.index("</main></body>")
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_record_that_cannot_be_replayed_is_said_as_replay_says_it(
    cup: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path, lang: str
) -> None:
    """A record whose plays or trump card break the rules: `result --record` says its problems
    as `sueca replay` does, at their place in the record and in the chosen language. Before, under
    `--lang pt`, the problem was quoted in English inside a Portuguese sentence."""
    from sueca_rules.tournament import TournamentError, record_result
    from sueca_rules.tournament._words import refusal_text

    run(capsys, "pair", str(cup))
    before = cup.read_bytes()
    good = _finished_record(tmp_path, "portugal-best-of-3", "good.yaml")
    text = good.read_text("utf-8")
    trump = load_record(good).deals[0].trump_card
    hands = load_record(good).deals[0].hands
    dealer_hand = hands[load_record(good).first_dealer]
    stranger = next(c for h in hands for c in h if c not in dealer_hand)
    broken = tmp_path / "broken.yaml"
    broken.write_text(text.replace(f"trump_card: {trump}", f"trump_card: {stranger}", 1), "utf-8")
    status, out, err = main(["replay", str(broken), "--lang", lang]), *capsys.readouterr()
    assert (status, out) == (1, "")
    replay_said = err
    assert with_record(capsys, cup, 1, broken)[0] == 1  # in English too, by default
    status, out, err = run(capsys, "result", str(cup), "--round", "1", "--table", "1",
                           "--record", str(broken), "--lang", lang)  # fmt: skip
    assert (status, out, err) == (1, "", replay_said)
    assert err.startswith(f"{broken}:")
    if lang == "pt":
        words = err.split("trump_card: ", 1)[1]  # after the field's path (its name stays)
        assert "trunfo" in words
        assert not {"trump", "dealer"} & set(re.findall(r"\w+", words))
    assert cup.read_bytes() == before
    # The library's refusal (what the web pages show) is said in the language as well.
    t, variant = load_tournament(cup)
    with pytest.raises(TournamentError) as caught:
        record_result(t, variant, 1, 1, record=load_record(broken))
    said = refusal_text(caught.value, lang)
    if lang == "pt":
        assert said.startswith("Não dá para rever o registo: mão 1: a carta de trunfo")
        assert not {"trump", "dealer"} & set(re.findall(r"\w+", said))
    else:
        assert said.startswith("the record cannot be replayed: deal 1: the trump card")


SAME_NAMES = [
    pytest.param("Os Ases", "os ases", "'os ases'", id="case"),
    pytest.param("Os Ases", "OS  ASES", "'OS  ASES'", id="doubled-space"),
    pytest.param("Os Ases", "Os\u00a0Ases", "'Os\\xa0Ases'", id="no-break-space"),
    pytest.param("Os Ases", "\uff2fs Ases", "'\uff2fs Ases'", id="full-width"),
    pytest.param("Straße", "STRASSE", "'STRASSE'", id="casefold"),
]


@pytest.mark.parametrize(("first", "second", "shown"), SAME_NAMES)
@pytest.mark.parametrize("lang", ["en", "pt"])
def test_two_teams_of_one_name_once_normalised_are_refused_at_every_entrance(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    first: str,
    second: str,
    shown: str,
    lang: str,
) -> None:
    """Names that differ only in case, compatibility forms or spacing are one team's name: the
    teams' CSV, `create()` and a hand-edited tournament file refuse the second, naming both
    (escaped) and where it is, in the reader's language. Before, they were two teams."""
    from sueca_rules.tournament import Team, TournamentError, create
    from sueca_rules.tournament._words import refusal_text

    teams = tmp_path / "teams.csv"
    teams.write_text(f"team,player1,player2\n{first},a,b\nC,e,f\n{second},c,d\n", "utf-8")
    path = tmp_path / "cup.yaml"
    new = ["new", str(path), "--teams", str(teams), "--format", "swiss", "--lang", lang]
    status, out, err = run(capsys, *new)
    assert (status, out) == (1, "")
    assert not path.exists()
    said = {
        "en": f"{teams}:4: the team {shown} has the same name as '{first}' on line 2 once case,",
        "pt": f"{teams}:4: a equipa {shown} tem o mesmo nome que '{first}', na linha 2, sem contar",
    }
    assert err.startswith(said[lang])
    with pytest.raises(TournamentError) as caught:
        create([Team(name=first), Team(name="C"), Team(name=second)], "swiss")
    assert refusal_text(caught.value, lang).startswith(
        {"en": "the team", "pt": "A equipa"}[lang] + f" {shown}"
    )
    # By hand in the file: refused where the second name is, the file as it was.
    teams.write_text(f"team,player1,player2\n{first},a,b\nC,e,f\nB,c,d\n", "utf-8")
    assert run(capsys, *new)[0] == 0
    text = path.read_text("utf-8")
    assert "- {name: B, players: [c, d]}" in text
    escaped_yaml = second.replace("\u00a0", "\\u00a0")
    path.write_text(text.replace("name: B,", f'name: "{escaped_yaml}",'), "utf-8")
    before = path.read_bytes()
    status, out, err = run(capsys, "standings", str(path), "--lang", lang)
    assert (status, out) == (1, "")
    head = f"{path}:15:4: teams[2].name: "
    said = {
        "en": f"the team {shown} has the same name as team 1 of the list, '{first}', once case",
        "pt": f"a equipa {shown} tem o mesmo nome que a equipa 1 da lista, '{first}', sem contar",
    }
    assert err.startswith(head + said[lang])
    assert path.read_bytes() == before


INVISIBLE = [
    pytest.param("Os\u200bAses", "'Os\\u200bAses'", "U+200B ZERO WIDTH SPACE", id="zwsp"),
    pytest.param("Os Ases\u200d", "'Os Ases\\u200d'", "U+200D ZERO WIDTH JOINER", id="zwj"),
    pytest.param("O\ufeffs", "'O\\ufeffs'", "U+FEFF ZERO WIDTH NO-BREAK SPACE", id="bom"),
    pytest.param("Ases\u00ad", "'Ases\\xad'", "U+00AD SOFT HYPHEN", id="soft-hyphen"),
    pytest.param("A\u2060B", "'A\\u2060B'", "U+2060 WORD JOINER", id="word-joiner"),
    pytest.param("A\u3164", "'A\\u3164'", "U+3164 HANGUL FILLER", id="hangul-filler"),
    pytest.param("A\u2028B", "'A\\u2028B'", "U+2028 LINE SEPARATOR", id="line-separator"),
]


@pytest.mark.parametrize(("name", "shown", "char"), INVISIBLE)
def test_a_name_with_an_invisible_character_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, shown: str, char: str
) -> None:
    """A zero-width space, joiner, byte-order mark or any character that shows nothing makes a
    name that looks like another: refused in the CSV and in a hand-edited file, the character
    named and the name escaped, in English and Portuguese."""
    teams = tmp_path / "teams.csv"
    teams.write_text(f"team,player1,player2\nOs Ases,a,b\n{name},c,d\n", "utf-8")
    path = tmp_path / "cup.yaml"
    said = {
        "en": f"{teams}:3: team: the name {shown} holds an invisible character ({char}): write",
        "pt": f"{teams}:3: team: o nome {shown} tem um carácter invisível ({char}): escreve",
    }
    for lang in ("en", "pt"):
        new = ["new", str(path), "--teams", str(teams), "--format", "swiss", "--lang", lang]
        status, out, err = run(capsys, *new)
        assert (status, out) == (1, "")
        assert err.startswith(said[lang])
        assert not path.exists()
    teams.write_text("team,player1,player2\nOs Ases,a,b\nB,c,d\n", "utf-8")
    assert run(capsys, "new", str(path), "--teams", str(teams), "--format", "swiss")[0] == 0
    as_yaml = json.dumps(name)  # the YAML double-quoted string of the name, escapes and all
    path.write_text(path.read_text("utf-8").replace("name: B,", f"name: {as_yaml},"), "utf-8")
    status, _, err = run(capsys, "standings", str(path), "--lang", "pt")
    assert status == 1
    assert err.startswith(f"{path}:14:4: teams[1].name: o nome {shown} tem um carácter invisível")


@pytest.mark.parametrize(
    ("text", "line"),
    [
        pytest.param('"Os Ases,Ana,Rui\n', 2, id="open-to-the-end"),
        pytest.param('Os Ases,Ana,Rui\n"Os Reis,Bia,Zé\nAs Damas,Eva,Luís\n', 3, id="runs-on"),
        pytest.param('Os Ases,Ana,"Rui\nOs Reis,Bia,Zé\n', 2, id="in-a-player"),
        pytest.param('\r\n"Os\rAses",Ana,Rui\r\n', 3, id="crlf-blank-line"),
    ],
)
def test_a_quote_left_open_in_the_teams_csv_is_said_at_its_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, line: int
) -> None:
    """A quote not closed on its line: before, the csv module read on to the next quote or the
    end, and the file was taken as fewer teams ("a tournament has 2 to 512 teams, got 1") or a
    name on two lines; now the line of the quote is named, in the language."""
    teams = tmp_path / "teams.csv"
    teams.write_bytes(("team,player1,player2\n" + text).encode())
    path = tmp_path / "cup.yaml"
    words = {
        "en": 'the quote (") opened on this line is not closed on it: each name is on one line',
        "pt": 'as aspas (") abertas nesta linha não se fecham nela: cada nome fica numa só linha',
    }
    for lang, said in words.items():
        new = ["new", str(path), "--teams", str(teams), "--format", "swiss", "--lang", lang]
        status, out, err = run(capsys, *new)
        assert (status, out) == (1, "")
        assert err.startswith(f"{teams}:{line}: {said}")
        assert not path.exists()


def test_a_field_past_the_csv_readers_limit_is_said_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    teams = tmp_path / "teams.csv"
    teams.write_text("team,player1,player2\nA,b,c\n" + "B" * 200_000 + ",c,d\n", "utf-8")
    new = ["new", str(tmp_path / "cup.yaml"), "--teams", str(teams), "--format", "swiss"]
    status, _, err = run(capsys, *new, "--lang", "pt")
    assert status == 1
    assert err == f"{teams}:3: um campo com mais de 131072 caracteres: um nome tem no máximo 60\n"


def test_standings_mark_the_games_a_score_left_out(
    cup: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A score entered without `--games` leaves its teams' games unknown: the standings mark
    their games with `*` and say under the table what the mark means (they are not 0-0), in
    the text and on the printable page, in English and Portuguese."""
    assert run(capsys, "pair", str(cup))[0] == 0
    assert run(capsys, "result", str(cup), "--round", "1", "--table", "1", "--score", "2-0")[0] == 0
    args = ("--round", "1", "--table", "2", "--score", "2-1", "--games", "9-5")
    assert run(capsys, "result", str(cup), *args)[0] == 0
    t, _ = load_tournament(cup)
    first, second = t.rounds[0].tables[0].teams
    third, fourth = t.rounds[0].tables[1].teams
    for lang, note in (
        ("en", "*: games not entered at some of the team's tables"),
        ("pt", "*: a equipa tem mesas sem os jogos registados"),
    ):
        status, out, _ = run(capsys, "--lang", lang, "standings", str(cup))
        assert status == 0
        assert out.count(note) == 1
        rows = [[c.strip() for c in line.split("│")[1:-1]] for line in out.splitlines()]
        cells = {row[1]: row for row in rows if len(row) > 2}
        for team in (first, second):
            assert cells[team][-2:] == ["0*", "0*"]
        for team in (third, fourth):
            assert "*" not in "".join(cells[team])
        page = tmp_path / f"cup-{lang}.html"
        assert run(capsys, "--lang", lang, "standings", str(cup), "--html", str(page))[0] == 0
        text = html.unescape(page.read_text(encoding="utf-8"))
        assert text.count(note) == 1
        assert 'data-label="' in text
        assert ">0*</td>" in text


def test_a_team_typed_in_other_case_or_spacing_is_that_team(
    cup: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--no-show` and `--levels` take a team's name as an organiser types it: "os  trunfos"
    names "Os Trunfos" (two teams' names never differ only in case and spaces); a name that
    is no team's is still refused, and one team given twice in two cases too."""
    assert run(capsys, "pair", str(cup))[0] == 0
    t, _ = load_tournament(cup)
    tab = next(tab for tab in t.rounds[0].tables if "Os Trunfos" in tab.teams)
    place = ("--round", "1", "--table", str(tab.table))
    status, _, err = run(capsys, "result", str(cup), *place, "--no-show", " os  TRUNFOS")
    assert (status, err) == (0, "")
    result = load_tournament(cup)[0].rounds[0].tables[tab.table - 1].result
    assert result is not None
    assert result.how == "no_show"
    assert result.no_show == "Os Trunfos"
    assert run(capsys, "undo", str(cup))[0] == 0
    status, _, err = run(capsys, "result", str(cup), *place, "--no-show", "Os Trunfo")
    assert status == 1
    assert "'Os Trunfo' does not play at round 1" in err
    status, _, err = run(capsys, "play", str(cup), "--levels", "os ases=1,OS ASES=2")
    assert status == 2
    assert "given twice" in err
    status, _, err = run(capsys, "play", str(cup), "--levels", "os trunfos=1,a bandeira=2")
    assert (status, err) == (0, "")
    assert all(tab.result is not None for tab in load_tournament(cup)[0].rounds[0].tables)


def test_a_level_given_to_a_team_typed_in_lower_case_is_its_level(
    cup: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`play_table()` plays a team typed "os trunfos" at its level, as "Os Trunfos"."""
    from sueca_rules.tournament import play_table

    assert run(capsys, "pair", str(cup))[0] == 0
    t, variant = load_tournament(cup)
    tab = next(tab for tab in t.rounds[0].tables if "Os Trunfos" in tab.teams)
    plays = [
        play_table(t, variant, tab.table, levels).to_record().model_dump()
        for levels in ({"os trunfos": 1}, {"Os Trunfos": 1}, {"Os Trunfos": 5})
    ]
    assert plays[0] == plays[1]
    assert plays[0] != plays[2]  # the level counts


@pytest.mark.parametrize("mark", [";", "\t"])
def test_teams_saved_by_a_spreadsheet_with_semicolons_or_tabs_are_read(
    mark: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A spreadsheet in Portuguese saves CSV with semicolons (its decimal point is the comma),
    and a copied range has tabs: the header written so says how the lines are, and a name
    with a comma in it stays whole."""
    rows = [["Team", "Player1", "Player2"], ["Ases, Lda", "Ana", "Rui"], ["Os Reis", "Bia", ""]]
    teams = tmp_path / "teams.csv"
    teams.write_text("\r\n".join(mark.join(row) for row in rows) + "\r\n", encoding="utf-8")
    path = tmp_path / "cup.yaml"
    status, out, err = run(capsys, "new", str(path), "--teams", str(teams), "--format", "swiss")
    assert (status, err) == (0, "")
    assert "2 teams, swiss" in out
    t, _ = load_tournament(path)
    assert [(team.name, team.players) for team in t.teams] == [
        ("Ases, Lda", ["Ana", "Rui"]),
        ("Os Reis", ["Bia"]),
    ]


def test_a_second_result_for_a_table_says_the_command_that_corrects_it(
    cup: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A result entered again for a table that has one (a wrong one to correct) is refused
    with the command that undoes it, on the one line of the refusal, in either language."""
    assert run(capsys, "pair", str(cup))[0] == 0
    place = ("--round", "1", "--table", "2")
    assert run(capsys, "result", str(cup), *place, "--score", "2-1")[0] == 0
    before = cup.read_bytes()
    for lang, said in (
        ("en", "already has its result (2-1): undo it first: sueca tournament undo"),
        ("pt", "já tem resultado (2-1): desfaz esse resultado primeiro: sueca tournament undo"),
    ):
        status, _, err = run(capsys, "--lang", lang, "result", str(cup), *place, "--score", "0-2")
        assert status == 1
        assert said in err
        assert f"undo {cup} --round 1 --table 2, " in err
        assert err.count("\n") == 1
    assert cup.read_bytes() == before


@pytest.mark.parametrize(
    "text",
    [
        # a spreadsheet saved as CSV in Portugal: fields separated by ';', Windows line ends
        "team;player1;player2\r\nOs Ases;Ana;Rui\r\nOs Reis;Bia;Zé\r\nA Bisca;Rita;Tó\r\n",
        # the header in Portuguese
        "equipa,jogador1,jogador2\nOs Ases,Ana,Rui\nOs Reis,Bia,Zé\nA Bisca,Rita,Tó\n",
        "Equipa;Jogador 1;Jogador 2\nOs Ases;Ana;Rui\nOs Reis;Bia;Zé\nA Bisca;Rita;Tó\n",
    ],
)
def test_a_teams_csv_from_a_portuguese_spreadsheet_is_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    """Where the decimal mark is a comma, a spreadsheet saves CSV with ';' between fields, and
    a café writes its header in Portuguese: the same teams as `team,player1,player2`."""
    (tmp_path / "teams.csv").write_text(text, encoding="utf-8", newline="")
    status, out, err = run(
        capsys, "new", str(tmp_path / "cup.yaml"), "--teams", str(tmp_path / "teams.csv"),
        "--format", "round_robin",
    )  # fmt: skip
    assert (status, err) == (0, "")
    assert out.startswith(f"{tmp_path / 'cup.yaml'}: 3 teams")
    written = (tmp_path / "cup.yaml").read_text(encoding="utf-8")
    assert "- {name: Os Reis, players: [Bia, Zé]}" in written


def test_a_wrong_header_is_shown_as_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "teams.csv").write_text("nome;a;b\nX;;\nY;;\n", encoding="utf-8")
    status, _, err = run(
        capsys, "new", str(tmp_path / "cup.yaml"), "--teams", str(tmp_path / "teams.csv"),
        "--format", "round_robin", "--lang", "pt",
    )  # fmt: skip
    assert status == 1
    assert (
        "teams.csv:1: a primeira linha tem de ser o cabeçalho team,player1,player2 (ou "
        "equipa,jogador1,jogador2; com vírgulas entre os nomes, ou pontos e vírgulas, ou "
        "tabulações), e é 'nome;a;b'"
    ) in err


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        # A blank line 1: the header below it is not said to be what line 1 holds.
        ("\nteam,player1,player2\nX,,\nY,,\n", "got ''"),
        # Lines ended by a lone \r (an old Mac's spreadsheet): line 1 alone, not the file.
        ("equipa,jogador,jogador2\rX,,\rY,,\r", "got 'equipa,jogador,jogador2'\n"),
    ],
)
def test_a_wrong_header_quotes_line_1_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, shown: str
) -> None:
    (tmp_path / "teams.csv").write_bytes(text.encode())
    status, _, err = run(
        capsys, "new", str(tmp_path / "cup.yaml"), "--teams", str(tmp_path / "teams.csv"),
        "--format", "round_robin",
    )  # fmt: skip
    assert status == 1
    assert "teams.csv:1: the first line must be the header" in err
    assert shown in err
