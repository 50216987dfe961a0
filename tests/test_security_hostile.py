"""Hostile files given to the record and tournament commands, as an outside checker feeds them:
each is refused with a clear error, in the reader's language, naming the file; never a
traceback, never the tournament file changed."""

from __future__ import annotations

import errno
import io
import os
from pathlib import Path

import pytest

from sueca_rules import Match, save_record
from sueca_rules.bots import make_bot, play_match
from sueca_rules.cli import main
from sueca_rules.tournament import load_tournament

needs_symlinks = pytest.mark.skipif(not hasattr(os, "symlink"), reason="no symlinks")


def said(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return status, err


@pytest.fixture
def record(tmp_path: Path) -> Path:
    match = Match("portugal", seed=3)
    play_match(match, [make_bot(1, seed=s) for s in range(4)])
    path = tmp_path / "game.yaml"
    save_record(match.to_record(), path)
    return path


WHY = {
    "loop": (
        "cannot read the file: it is a symlink that leads round in a loop",
        "não dá para ler o ficheiro: é um atalho (symlink) que anda às voltas",
    ),
    "through_a_file": (
        "cannot read the file: a part of its path is a file, not a folder",
        "não dá para ler o ficheiro: uma parte do caminho é um ficheiro, não uma pasta",
    ),
    "long_name": (
        "cannot read the file: its name is too long for the system",
        "não dá para ler o ficheiro: o nome é comprido demais para o sistema",
    ),
}


WRITE = {
    "through_a_file": ("cannot write there (", "não dá para escrever aí ("),
    "long_name": (
        "cannot write there (the name is too long for the system)",
        "não dá para escrever aí (o nome é comprido demais para o sistema)",
    ),
}


def _path(how: str, tmp_path: Path, record: Path) -> Path:
    if how == "loop":
        (tmp_path / "loop.yaml").symlink_to(tmp_path / "loop.yaml")
        return tmp_path / "loop.yaml"
    if how == "through_a_file":
        return record / "game.yaml"
    return tmp_path / ("a" * 300 + ".yaml")


@needs_symlinks
@pytest.mark.parametrize("how", list(WHY))
@pytest.mark.parametrize(
    "command",
    [
        ("replay",),
        ("analyse", "--level", "1"),
        ("play", "--resume"),
        ("tournament", "result", "CUP", "--round", "1", "--table", "1", "--record"),
        ("tournament", "new", "NEW", "--format", "swiss", "--teams"),
    ],
)
def test_a_file_the_system_will_not_read_is_said_in_the_language(
    tmp_path: Path,
    record: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    how: str,
    command: tuple[str, ...],
) -> None:
    """A symlink loop, a path through a file, a name too long: before, said in the system's
    English words under --lang pt ("cannot read the file: Not a directory")."""
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # play reads it
    teams = tmp_path / "teams.csv"
    teams.write_text("team,player1,player2\nA,a,b\nB,c,d\n", "utf-8")
    cup = tmp_path / "cup.yaml"
    assert main(["tournament", "new", str(cup), "--teams", str(teams), "--format", "swiss"]) == 0
    assert main(["tournament", "pair", str(cup)]) == 0
    capsys.readouterr()
    before = cup.read_bytes()
    bad = _path(how, tmp_path, record)
    argv = [
        str(cup) if a == "CUP" else str(tmp_path / "new.yaml") if a == "NEW" else a for a in command
    ]
    why = WHY[how]
    if command[0] == "play" and how != "loop":  # where the game would be saved again, first
        why = WRITE[how]
    for lang, words in zip(("en", "pt"), why, strict=True):
        status, err = said(capsys, *argv, str(bad), "--lang", lang)
        assert status != 0
        assert f"{bad}: {words}" in err
        assert cup.read_bytes() == before
        assert not (tmp_path / "new.yaml").exists()


def test_a_file_without_permission_is_said_in_the_language(
    record: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """(Run as root, a file's mode does not stop reading it: the system's refusal is made up.)"""
    real_open = os.open

    def refusing(path: object, flags: int, *args: int, **kwargs: int) -> int:
        if str(path) == str(record):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", refusing)
    status, err = said(capsys, "replay", str(record), "--lang", "pt")
    assert status == 1
    assert err == f"{record}: não dá para ler o ficheiro: não tens permissão para o ler\n"
    status, err = said(capsys, "replay", str(record))
    assert err == f"{record}: cannot read the file: you have no permission to read it\n"


@pytest.mark.parametrize(
    ("value", "en", "pt"),
    [
        (
            "true",
            "expected a whole number or text, got true",
            "tem de ser um número inteiro ou texto (está true)",
        ),
        (
            "1.5",
            "expected a whole number or text, got 1.5",
            "tem de ser um número inteiro ou texto (está 1.5)",
        ),
        (
            "[1]",
            "expected a whole number or text, got a list",
            "tem de ser um número inteiro ou texto",
        ),
    ],
)
def test_a_tournament_seed_of_the_wrong_type_is_said_in_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], value: str, en: str, pt: str
) -> None:
    """A hand-edited `seed:` that is neither a whole number nor text: before, said in English
    under --lang pt ("seed: expected a whole number or text, got true")."""
    teams = tmp_path / "teams.csv"
    teams.write_text("team,player1,player2\nA,a,b\nB,c,d\n", "utf-8")
    cup = tmp_path / "cup.yaml"
    assert main(["tournament", "new", str(cup), "--teams", str(teams), "--format", "swiss"]) == 0
    cup.write_text(cup.read_text("utf-8").replace("seed: 0", f"seed: {value}"), "utf-8")
    before = cup.read_bytes()
    capsys.readouterr()
    for lang, words in (("en", en), ("pt", pt)):
        status, err = said(capsys, "tournament", "pair", str(cup), "--lang", lang)
        assert status == 1
        assert err == f"{cup}:4:1: seed: {words}\n"
        assert cup.read_bytes() == before


def test_a_tournament_file_of_more_than_250000_values_is_refused_before_it_is_all_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A file made to hold a million values took some eight seconds and 280 MB to be refused (the
    cap was 1,000,000 values); the cap is now what the reader gets through in a second or two."""
    from sueca_rules.tournament._model import MAX_TABLES, TOURNAMENT_LIMITS

    assert TOURNAMENT_LIMITS.max_nodes == 250_000
    assert MAX_TABLES == 6_812
    lists = ",".join(["[" + ",".join(["1"] * 19_999) + "]"] * 13)  # 260,000 values
    cup = tmp_path / "cup.yaml"
    cup.write_text(f"sueca_tournament: 1\nformat: swiss\nx: [{lists}]\n", "utf-8")
    status, err = said(capsys, "tournament", "standings", str(cup), "--lang", "pt")
    assert status == 1
    assert err.startswith(f"{cup}:3:")
    assert ": o ficheiro tem mais de 250 000 valores" in err  # grouped as Portuguese writes it


@pytest.mark.parametrize("gone", [True, False])
def test_a_record_that_changes_while_it_is_entered_is_said_in_the_language(
    tmp_path: Path,
    record: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    gone: bool,
) -> None:
    """`result --record` reads the record twice (to replay it, then for its digest): a record
    removed or replaced by a folder in between was said in Python's English words."""
    from sueca_rules import _files

    teams = tmp_path / "teams.csv"
    teams.write_text("team,player1,player2\nA,a,b\nB,c,d\n", "utf-8")
    cup = tmp_path / "cup.yaml"
    assert main(["tournament", "new", str(cup), "--teams", str(teams), "--format", "swiss"]) == 0
    assert main(["tournament", "pair", str(cup)]) == 0
    before = cup.read_bytes()

    def changed(path: object, most: int) -> bytes:
        if gone:
            raise FileNotFoundError(path)
        raise _files.FileRefusedError("this is a directory, not a file", "directory")

    monkeypatch.setattr(_files, "read_regular_file", changed)
    capsys.readouterr()
    argv = ["tournament", "result", str(cup), "--round", "1", "--table", "1", "--record"]
    status, err = said(capsys, *argv, str(record), "--lang", "pt")
    words = "esse ficheiro não existe" if gone else "isto é uma pasta, não um ficheiro"
    assert (status, err) == (1, f"{record}: {words}\n")
    assert cup.read_bytes() == before


def test_a_folder_where_the_bots_record_goes_is_said_and_the_other_tables_are_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`play --records DIR` with a folder in the way of a table's record: before, the command
    stopped there with the system's English words ("it is a directory, not a file"), the
    tables after it unplayed."""
    teams = tmp_path / "teams.csv"
    teams.write_text("team,player1,player2\nA,a,b\nB,c,d\nC,e,f\nD,g,h\n", "utf-8")
    cup = tmp_path / "cup.yaml"
    new = ["tournament", "new", str(cup), "--teams", str(teams), "--format", "round_robin"]
    assert main(new) == 0
    assert main(["tournament", "pair", str(cup)]) == 0
    records = tmp_path / "records"
    (records / "round1-table1.yaml").mkdir(parents=True)
    capsys.readouterr()
    argv = ["tournament", "play", str(cup), "--level", "1", "--records", str(records)]
    status = main([*argv, "--lang", "pt"])
    out, err = capsys.readouterr()
    assert status == 1
    where = records / "round1-table1.yaml"
    assert err == f"--records {where}: não dá para escrever aí (é uma pasta)\n"
    assert out.startswith("ronda 1 mesa 2: ")
    assert (records / "round1-table2.yaml").is_file()
    tables = load_tournament(cup)[0].rounds[0].tables
    assert [tab.result is None for tab in tables] == [True, False]


@pytest.mark.parametrize("name", ["''", "'  '"])
def test_a_record_whose_variant_is_an_empty_name_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """`variant: ''` named the record's own folder: it was said to be "a folder, not a file"."""
    path = tmp_path / "game.yaml"
    path.write_text(f"variant: {name}\nfirst_dealer: 0\ndeals: []\n", "utf-8")
    status, err = said(capsys, "replay", str(path))
    assert status == 1
    assert err.startswith(f"{path}:1:1: variant: the record's variant")
    assert "is an empty name: it names no file" in err
    assert "folder" not in err
    status, err = said(capsys, "replay", str(path), "--lang", "pt")
    assert "um nome vazio não aponta para nenhum ficheiro" in err
