"""Escape sequences in a file never reach the terminal raw (issue 24): an unknown key, an
`extends:` name, a record's variant file name are shown escaped, in text and in JSON; a
variant's `description` may not hold control characters, as its `name` may not."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from sueca_rules import Variant, VariantError, load_variant, parse_variant
from sueca_rules._text import is_whole, shown, shown_json
from sueca_rules.cli import main
from sueca_rules.cli._ladder import read_scores

CLEAR = "\x1b[2J"
TITLE = "\x1b]0;pwned\x07"
CLIPBOARD = "\x1b]52;c;aGk=\x07"
CSI = "\x9b2J"  # the C1 form of ESC [
RAW = ("\x1b", "\x07", "\x9b", "\u202e", "\u2066", "\u200f", "\u061c")


def _raw_free(text: str) -> None:
    found = [repr(ch) for ch in RAW if ch in text]
    assert not found, (found, text)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


def _yaml_text(text: str) -> str:
    """`text` as a YAML double-quoted scalar (JSON's escapes are YAML's)."""
    return json.dumps(text)


def test_shown_escapes_controls_surrogates_and_overrides() -> None:
    assert shown(f"a{CLEAR}b") == "a\\x1b[2Jb"
    assert shown(CSI) == "\\x9b2J"
    assert shown("x\u202ey") == "x\\u202ey"
    assert shown("lone \udcff") == "lone \\udcff"
    assert shown("two\nlines\tand tabs") == "two\\x0alines\\x09and tabs"
    assert shown("two\nlines\tand tabs", lines=True) == "two\nlines\tand tabs"
    assert shown("Renúncia ♥ 🂡 ok") == "Renúncia ♥ 🂡 ok"
    text = json.dumps({"k": f"{CLEAR}{CSI}\u202e"}, ensure_ascii=False)
    assert json.loads(shown_json(text)) == json.loads(text)
    _raw_free(shown_json(text))


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_an_unknown_key_with_escapes_is_shown_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str
) -> None:
    path = tmp_path / "house.yaml"
    key = f"{TITLE}{CLEAR}{CSI}\u202e"
    path.write_text(f"name: House\n{_yaml_text(key)}: 1\n", encoding="utf-8")
    status, out, err = _run(capsys, "validate", *(["--json"] if fmt == "json" else []), str(path))
    assert status == 1
    _raw_free(out + err)
    if fmt == "json":
        issue = json.loads(out)["files"][0]["issues"][0]
        assert "'\\x1b]0;pwned\\x07\\x1b[2J\\x9b2J\\u202e'" in issue["message"]
    else:
        assert "unknown field '\\x1b]0;pwned\\x07\\x1b[2J\\x9b2J\\u202e'" in out


def test_an_extends_name_with_escapes_is_shown_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(f"name: House\nextends: {_yaml_text(CLEAR + 'x')}\n", encoding="utf-8")
    for argv in (["validate", str(path)], ["describe", str(path)]):
        status, out, err = _run(capsys, *argv)
        assert status == 1
        _raw_free(out + err)
        assert "cannot extend '\\x1b[2Jx'" in out + err


def test_a_records_variant_file_name_with_escapes_is_shown_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.yaml"
    name = f"{CLIPBOARD}{CSI}nowhere.yaml"
    record.write_text(
        f"variant: {_yaml_text(name)}\nfirst_dealer: 1\ndeals: []\n", encoding="utf-8"
    )
    for argv in (["replay", str(record)], ["replay", "--json", str(record)]):
        status, out, err = _run(capsys, *argv)
        assert status != 0
        _raw_free(out + err)
        assert "\\x1b]52;c;aGk=\\x07\\x9b2Jnowhere.yaml" in out + err


@pytest.mark.parametrize("control", ["\x1b", "\x07", "\r", "\x00", "\x9b", "\x7f"])
def test_a_description_may_not_hold_control_characters(control: str) -> None:
    text = f"name: House\ndescription: {_yaml_text('ok' + control + '[2J')}\n"
    with pytest.raises(VariantError, match=r"description.*must not hold control characters"):
        parse_variant(text)
    with pytest.raises(ValidationError, match="must not hold control characters"):
        Variant(name="House", description=f"ok{control}")
    # Line breaks and tabs are text.
    variant = parse_variant(
        f"name: House\ndescription: {_yaml_text('one' + chr(10) + chr(9) + 'two')}\n"
    )
    assert variant.description == "one\n\ttwo"


@pytest.mark.parametrize("mark", ["\u202e", "\u2066", "\u200f", "\u061c"])
@pytest.mark.parametrize("field", ["name", "description"])
def test_a_bidirectional_override_is_refused_where_text_is_shown_as_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mark: str, field: str
) -> None:
    """A name or description holding U+202E (which shows what follows right to left: 'evil'
    reads 'live') was valid, and `sueca describe`, `simulate`, `play` and `replay` printed it as
    it is, while every other piece of file text is shown escaped."""
    path = tmp_path / "house.yaml"
    text = {"name": "House", "description": "ok"}
    text[field] = f"Casa {mark}evil"
    path.write_text("".join(f"{k}: {_yaml_text(v)}\n" for k, v in text.items()), encoding="utf-8")
    with pytest.raises(VariantError, match=f"{field}.*must not hold control characters"):
        load_variant(path)
    for argv in (["describe", str(path)], ["simulate", str(path), "--deals", "1"]):
        status, out, err = _run(capsys, *argv)
        assert status == 1
        _raw_free(out + err)
        assert f"U+{ord(mark):04X}" in out + err
    record = tmp_path / "game.yaml"
    inline = {"name": "House", **text, "extends": "portugal"}
    body = ", ".join(f"{k}: {_yaml_text(v)}" for k, v in inline.items())
    record.write_text(f"variant: {{{body}}}\nfirst_dealer: 1\ndeals: []\n", encoding="utf-8")
    status, out, err = _run(capsys, "replay", str(record))
    assert status == 1
    _raw_free(out + err)


def test_describe_never_shows_a_description_with_escapes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "house.yaml"
    path.write_text(
        f"name: House\ndescription: {_yaml_text('hello' + CLIPBOARD + CLEAR)}\n", encoding="utf-8"
    )
    with pytest.raises(VariantError):
        load_variant(path)
    status, out, err = _run(capsys, "describe", str(path))
    assert status == 1
    _raw_free(out + err)
    assert "control characters" in out + err


def test_ladder_scores_with_escapes_are_not_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A best-scores file whose texts hold escape sequences: those entries are dropped (the
    others kept), and the warning shows them escaped."""
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    monkeypatch.setenv("COLUMNS", "100")
    scores = tmp_path / "ladder.json"
    good = {"score": 10_005, "streak": 1, "margin": 5, "date": "2024-01-02T10:00:00"}
    bad = {**good, "score": 20_000, "variant": f"portugal{CLEAR}{TITLE}"}
    scores.write_text(
        json.dumps({"format": "sueca-rules ladder", "version": 1, "scores": [good, bad]}),
        encoding="utf-8",
    )
    entries = read_scores(scores)
    assert [e.score for e in entries.entries] == [10_005]
    assert "holds a control character" in (entries.warning or "")
    status, out, err = _run(capsys, "play", "--ladder", "--seed", "1", "--scores", str(scores))
    assert status == 0
    _raw_free(out + err)


def test_a_whole_number_is_ascii_digits_that_int_reads() -> None:
    for text in ("0", "42", "9" * 18):
        assert is_whole(text), text
    for text in ("", " 1", "1 ", "-1", "+1", "1.0", "²", "①", "٣", "１", "9" * 19, "1_000"):
        assert not is_whole(text), text


@pytest.mark.parametrize("mark", [CSI, "\u202e", "\x85"])
def test_a_team_name_may_not_hold_a_c1_control_or_an_override(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], mark: str
) -> None:
    """A teams CSV whose name held U+009B (a CSI on some terminals) or U+202E was taken, and
    `sueca tournament pair` and `standings` printed it as it is."""
    teams = tmp_path / "teams.csv"
    teams.write_text(
        f"team,player1,player2\nA,a,b\nB{mark}evil,c,d\nC,e,f\nD,g,h\n", encoding="utf-8"
    )
    cup = tmp_path / "cup.yaml"
    argv = ["tournament", "new", str(cup), "--teams", str(teams), "--format", "swiss"]
    status, out, err = _run(capsys, *argv)
    assert status == 1
    assert f"{teams}:3: team: a name must be on one line, without control characters" in err
    _raw_free(out + err)
    assert not cup.exists()
