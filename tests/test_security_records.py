"""Issue 16 for records: what sueca_rules/_record.py (the coordinator's) wires from the
security helpers:

- the reader's limits for records (``RECORD_LIMITS``), so that a record of more than 2,000
  deals is refused before any of it is validated;
- :func:`~sueca_rules._yaml.cap_issues` on a record's problems (the first hundred, then a count);
- :func:`~sueca_rules._registry.load_named_variant` for the record's ``variant:`` path;
- :func:`~sueca_rules._files.atomic_write_text` in ``save_record``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
import yaml

from sueca_rules import Match, RecordError, load_record, parse_record
from sueca_rules._record import RECORD_LIMITS, save_record
from sueca_rules._yaml import MAX_ISSUES, parse_yaml

from .test_security_limits import tie_deal, tie_record_json


def test_the_record_limits_read_a_record_of_2000_deals() -> None:
    located = parse_yaml(tie_record_json(2_000), limits=RECORD_LIMITS, json=True)
    assert len(located.data["deals"]) == 2_000


def test_a_record_of_more_than_2000_deals_is_refused_before_validation() -> None:
    with pytest.raises(RecordError) as info:
        parse_record(tie_record_json(2_001))
    (issue,) = info.value.issues
    assert issue.path == "deals"
    assert issue.message == "this list holds more than 2,000 items: the limit is 2,000"


@pytest.mark.parametrize(
    ("field", "grow", "named"),
    [
        ("plays", lambda deal: deal["plays"].append("AS"), "deal 2: "),
        ("hands[1]", lambda deal: deal["hands"][1].append("AS"), "deal 2, seat 1's hand: "),
    ],
)
def test_a_deal_over_the_reader_limits_is_named_like_any_fault_of_a_deal(
    field: str, grow: Any, named: str
) -> None:
    # The contract: an illegal record's error names the deal, 1-based. A list longer than the
    # reader takes (41 plays, a hand of 11) used to say only "deals[1].plays".
    record = json.loads(tie_record_json(2))
    grow(record["deals"][1])
    for text in (json.dumps(record), yaml.safe_dump(record)):
        with pytest.raises(RecordError) as info:
            parse_record(text)
        (issue,) = info.value.issues
        assert issue.path == f"deals[1].{field}"
        assert issue.message.startswith(named)
        assert "holds more than" in issue.message
        assert info.value.deal == 2


def test_a_record_with_thousands_of_problems_reports_a_hundred() -> None:
    junk = {"hands": [["XX"] * 10] * 4, "trump_card": "XX", "plays": ["XX"] * 40}
    text = json.dumps({"variant": "portugal", "first_dealer": 0, "deals": [junk] * 50})
    with pytest.raises(RecordError) as info:
        parse_record(text)
    issues = info.value.issues
    assert len(issues) == MAX_ISSUES + 1
    assert issues[-1].message == "100 problems found: reading stops here"


def test_a_long_record_of_nonsense_is_read_only_until_a_hundred_problems_are_sure(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """2,000 deals of cards that are not cards (some 160,000 problems, a file of 400 KB): every
    one of them was made an issue, to show a hundred (7 seconds and 750 MB); the deals are now
    checked a part at a time, and the reading stops once the first hundred are sure."""
    from sueca_rules import _record
    from sueca_rules._issues import error_issues

    junk = {"hands": [["XX"] * 10] * 4, "trump_card": "XX", "plays": ["XX"] * 40}
    record = {"variant": "portugal", "first_dealer": 9, "deals": [junk] * 2_000}
    made: list[int] = []

    def counted(errors: Any, *args: Any, **kwargs: Any) -> Any:
        made.append(len(errors))
        return error_issues(errors, *args, **kwargs)

    monkeypatch.setattr(_record, "error_issues", counted)
    with pytest.raises(RecordError) as info:
        parse_record(json.dumps(record), file="game.json")
    issues = info.value.issues
    assert len(issues) == MAX_ISSUES + 1
    assert issues[0].path == "first_dealer"  # the record's own fields are all checked
    assert issues[1].message.startswith("deal 1, seat 0's hand: 'XX' is not a card")
    assert (issues[-1].kind, issues[-1].message) == (
        "too_many_problems",
        "100 problems found: reading stops here",
    )
    assert made
    assert max(made) < 3_000
    # 50 deals, each of 160 claims of nonsense: 30,000 problems, read as far as needed
    made.clear()
    claims = [{"after": -1, "by": 9, "against": 9}] * 160
    with pytest.raises(RecordError) as info:
        parse_record(json.dumps({**record, "deals": [{**junk, "claims": claims}] * 50}))
    assert info.value.issues[-1].kind == "too_many_problems"
    assert max(made) < 3_000
    # fewer problems than that: every one counted, as before
    with pytest.raises(RecordError) as info:
        parse_record(json.dumps({**record, "deals": [junk] * 3}))
    assert info.value.issues[-1].message == "... and 144 more problems"


@pytest.mark.parametrize("spec", ["../../../../etc/passwd", "/etc/passwd", "/proc/self/environ"])
def test_a_record_cannot_name_a_file_outside_its_folder(spec: str, tmp_path: Path) -> None:
    deal = tie_deal(0)
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"variant": spec, "first_dealer": 0, "deals": [deal]}))
    with pytest.raises(RecordError) as info:
        Match.from_record(load_record(path))
    message = str(info.value)
    assert "root:" not in message
    assert "U+0000" not in message  # /proc/self/environ was not opened
    assert "absolute path" in message or "climbs out of the folder" in message


def test_save_record_is_atomic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.yaml"
    path.write_text("yesterday's record")
    record = Match("portugal", seed=1).to_record()

    def broken(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="No space left"):
        save_record(record, path)
    assert path.read_text() == "yesterday's record"


@pytest.mark.parametrize("digits", [500, 4301, 100_000])
def test_a_json_record_with_a_number_of_thousands_of_digits_is_refused_where_it_stands(
    digits: int,
) -> None:
    # Python's int() reads at most 4,300 digits and raises a ValueError past them: the JSON
    # check before the reader must not let it through as a traceback.
    text = '{"variant": "portugal", "first_dealer": ' + "1" * digits + ', "deals": []}'
    with pytest.raises(RecordError) as caught:
        parse_record(text)
    message = str(caught.value)
    assert ":1:25: first_dealer: the number 11111111111111111111... is too long" in message


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "holds 2,000 deals, the most a record may hold: the match cannot go on in it"),
        ("pt", "mãos, o máximo que um registo pode ter: o encontro não pode continuar nele"),
    ],
)
def test_a_record_of_2000_deals_is_not_resumed_into_one_that_cannot_be_read(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lang: str,
    said: str,
) -> None:
    """`sueca play --resume` of a record of 2,000 deals (60-60 after 60-60) dealt deal 2,001 and
    saved it: the record it left could be neither replayed nor resumed."""
    import io

    from sueca_rules.cli import main

    path = tmp_path / "game.json"
    path.write_text(tie_record_json(2_000), encoding="utf-8")
    before = path.read_bytes()
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 12))
    assert main(["play", "--resume", str(path), "--lang", lang]) == 1
    err = capsys.readouterr().err
    assert said in err
    assert len(err.strip().splitlines()) == 1
    assert path.read_bytes() == before
    assert len(load_record(path).deals) == 2_000
