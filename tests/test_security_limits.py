"""Issue 16, item 1: inputs under the size limit are read quickly and in bounded memory.

Every count that grows with the input is capped by the reader (values, entries of a list or
mapping, a text's length, problems reported), so that a file within the limits is read in about
a second; a file beyond one is refused at once, with one message that names the limit. The big
inputs are generated here; each test checks that the reading stopped early (the refusal points
near the start of the file) and that the output is a few lines.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sueca_rules import RecordError, VariantError, parse_variant
from sueca_rules._errors import Issue, SourceError
from sueca_rules._record import MAX_RECORD_BYTES, load_record, parse_record
from sueca_rules._registry import VARIANT_LIMITS
from sueca_rules._yaml import MAX_ISSUES, Limits, cap_issues, parse_yaml
from sueca_rules.cli import main

EIGHT_MB = MAX_RECORD_BYTES - 1024

# A deal that ends 60-60 (a tie awards nothing, so a record may repeat it for ever): the hands
# by seat with seat 0 dealing, the trump card in the dealer's hand, and the 40 cards played.
TIE_HANDS = [
    "6S 5S AH 3H 2H JD 6D 5D KC 4C",
    "7S JS 3S 2S 7H 4H 7D 3D AC 5C",
    "AS KS 4S JH QH 6H AD QD JC 2C",
    "QS KH 5H KD 4D 2D 7C QC 6C 3C",
]
TIE_TRICKS = [  # the ten tricks, in play order
    "3C JC 5C 4C",
    "2C AC KC 6C",
    "7S 6S QS KS",
    "7D JD 4D AD",
    "4S JS 5S 5H",
    "4H AH KH JH",
    "2H 7C 6H 7H",
    "3S 6D 2D AS",
    "QH 3D 3H QC",
    "QD 2S 5D KD",
]
TIE_PLAYS = [card for trick in TIE_TRICKS for card in trick.split()]


def tie_deal(k: int) -> dict[str, object]:
    """The tie deal as the ``k``-th deal of a portugal match (dealer 0 first, then
    anticlockwise): each seat's hand turns with the dealer, the plays stay the same."""
    dealer = (-k) % 4
    hands = [TIE_HANDS[(seat - dealer) % 4].split() for seat in range(4)]
    return {"hands": hands, "trump_card": "6S", "plays": TIE_PLAYS}


def tie_record_json(deals: int) -> str:
    record = {
        "variant": "portugal",
        "first_dealer": 0,
        "deals": [tie_deal(k) for k in range(deals)],
    }
    return json.dumps(record, separators=(",", ":"))


def filler(item: str, size: int) -> str:
    """``item, item, ...`` of about ``size`` characters."""
    return ",".join([item] * (size // (len(item) + 1)))


def only_issue(error: SourceError) -> Issue:
    assert len(error.issues) == 1, error.issues
    return error.issues[0]


# --- records ----------------------------------------------------------------------------------


def test_a_record_of_eight_megabytes_of_zero_deals_is_refused_at_once() -> None:
    text = '{"variant": "portugal", "first_dealer": 0, "deals": [' + filler("0", EIGHT_MB) + "]}"
    assert len(text) > 8_000_000
    with pytest.raises(RecordError) as info:
        parse_record(text, file="zeros.json")
    issue = only_issue(info.value)
    assert re.search(r"this list holds more than [\d,]+ items: the limit is [\d,]+", issue.message)
    assert issue.path == "deals"
    assert issue.line == 1
    assert issue.column is not None
    assert issue.column < 100_000  # stopped after a few thousand items, not 4 million


def test_a_deal_of_eight_megabytes_of_plays_is_refused_at_once() -> None:
    deal = tie_deal(0)
    text = json.dumps({"variant": "portugal", "first_dealer": 0, "deals": [deal]})
    text = text.replace('"plays": [', '"plays": [' + filler('"AS"', EIGHT_MB) + ",", 1)
    assert len(text) > 8_000_000
    with pytest.raises(RecordError) as info:
        parse_record(text)
    issue = only_issue(info.value)
    assert re.search(r"this list holds more than [\d,]+ items", issue.message)
    assert issue.path == "deals[0].plays"
    assert issue.column is not None
    assert issue.column < 100_000


def test_a_valid_record_of_eight_megabytes_is_refused_early(tmp_path: Path) -> None:
    deals = (EIGHT_MB - 100) // (len(json.dumps(tie_deal(0), separators=(",", ":"))) + 1)
    assert deals > 15_000
    path = tmp_path / "long.json"
    path.write_text(tie_record_json(deals))
    with pytest.raises(RecordError) as info:
        load_record(path)
    issue = only_issue(info.value)
    assert re.search(r"more than [\d,]+ (values|items)", issue.message)
    assert issue.column is not None
    assert issue.column < 2_000_000  # a quarter of the file at most was read


def test_a_record_within_the_limits_is_read_whole() -> None:
    """The caps leave room for any real match: 2,000 deals (a partida to 4 games takes at
    most a dozen) are read with the limits the records use."""
    limits = Limits(max_bytes=MAX_RECORD_BYTES)
    located = parse_yaml(tie_record_json(2_000), limits=limits, json=True)
    assert len(located.data["deals"]) == 2_000
    line, column = located.where(("deals", 1_999, "plays", 39))  # the last card's own place
    assert line == 1
    assert column is not None
    assert column > 800_000


def test_the_cli_says_one_line_for_a_huge_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "zeros.json"
    path.write_text(
        '{"variant": "portugal", "first_dealer": 0, "deals": [' + filler("0", EIGHT_MB) + "]}"
    )
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err
    assert "more than" in err


# --- variants ---------------------------------------------------------------------------------


def test_a_variant_with_120000_tiers_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "tiers.yaml"
    path.write_text("name: Tiers\nscoring:\n  tiers: [" + filler("0", 240_000) + "]\n")
    assert path.stat().st_size > 239_000
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr()
    lines = (out.out + out.err).strip().splitlines()
    assert lines == [
        f"{path}:3:{3 + 8 + 2 * 60}: scoring.tiers: this list holds more than 60 items: the "
        "limit is 60"
    ]


def test_sixty_tiers_are_read() -> None:
    tiers = ", ".join(f"{{min_points: {61 + i}, games: 1}}" for i in range(60))
    variant = parse_variant(f"name: Many\nscoring:\n  tiers: [{tiers}]\n")
    assert len(variant.scoring.tiers) == 60


def test_a_variant_with_thousands_of_problems_reports_a_hundred_and_a_count(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    tiers = ", ".join(["{a: 1, b: 2, c: 3}"] * 60)  # each: 3 unknown fields, 2 missing
    path = tmp_path / "bad.yaml"
    path.write_text(f"name: Bad\nscoring:\n  tiers: [{tiers}]\n")
    with pytest.raises(VariantError) as info:
        parse_variant(path.read_text(), file="bad.yaml")
    issues = info.value.issues
    assert len(issues) == MAX_ISSUES + 1
    assert issues[-1].message == "... and 200 more problems"
    assert issues[-1].file == "bad.yaml"
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr()
    assert len((out.out + out.err).strip().splitlines()) == MAX_ISSUES + 1


def test_a_variant_of_a_huge_mapping_or_text_is_refused() -> None:
    keys = ", ".join(f"k{i}: 0" for i in range(VARIANT_LIMITS.max_items + 1))
    with pytest.raises(VariantError) as info:
        parse_variant(f"name: x\ntable: {{{keys}}}\n")
    assert (
        only_issue(info.value).message
        == "this mapping holds more than 200 entries: the limit is 200"
    )
    with pytest.raises(VariantError) as info:
        parse_variant("name: x\ndescription: " + "a" * 30_000 + "\n")
    assert only_issue(info.value).message == "a text of 30,000 characters: the limit is 20,000"


# --- the reader's limits ----------------------------------------------------------------------


def test_limits_per_path_and_in_all() -> None:
    text = "a: [{b: [1, 2, 3]}, {b: [1, 2]}]\nc: [1, 2, 3]\n"
    limits = Limits(items={"a[].b": 2})
    with pytest.raises(SourceError) as info:
        parse_yaml(text, limits=limits)
    issue = only_issue(info.value)
    assert (issue.path, issue.line, issue.column) == ("a[0].b", 1, 16)
    assert issue.message == "this list holds more than 2 items: the limit is 2"
    assert parse_yaml(text, limits=Limits(items={"a[].b": 3, "c": 3})).data["c"] == [1, 2, 3]
    with pytest.raises(SourceError, match="the file holds more than 3 entries"):
        parse_yaml("a: 1\nb: 2\nc: 3\nd: 4\n", limits=Limits(max_items=3))
    with pytest.raises(SourceError, match=r"more than 10 values \(keys, items and values each"):
        parse_yaml(text, limits=Limits(max_nodes=10))
    assert parse_yaml(text, limits=Limits(max_nodes=19)).data["c"] == [1, 2, 3]
    with pytest.raises(SourceError, match="a text of 6 characters: the limit is 5"):
        parse_yaml("a: 'abcdef'\n", limits=Limits(max_text=5))
    with pytest.raises(SourceError, match="nesting deeper than 2 levels"):
        parse_yaml("a: {b: {c: 1}}\n", limits=Limits(max_depth=2))
    with pytest.raises(SourceError, match=r"too large \(12 bytes; the limit is 10\)"):
        parse_yaml(b"a: 12345678\n", limits=Limits(max_bytes=10))


def test_a_huge_text_is_not_encoded_to_be_measured() -> None:
    with pytest.raises(SourceError, match=r"too large \(at least 300,000 bytes"):
        parse_yaml("a" * 300_000)


def test_problems_stop_at_the_limit() -> None:
    keys = ", ".join(f"k{i}: 0" for i in range(30))
    with pytest.raises(SourceError) as info:
        parse_yaml(f"a: {{{keys}, {keys}}}\n", limits=Limits(max_issues=10))
    assert len(info.value.issues) == 11
    assert info.value.issues[-1].message == "10 problems found: reading stops here"


def test_cap_issues() -> None:
    issues = [Issue(f"problem {i}", file="f.yaml", line=i) for i in range(1, 104)]
    capped = cap_issues(issues)
    assert capped[:MAX_ISSUES] == issues[:MAX_ISSUES]
    assert str(capped[-1]) == "f.yaml: ... and 3 more problems"
    assert cap_issues(issues[:2]) == issues[:2]
    assert cap_issues(issues, 102)[-1].message == "... and 1 more problem"


@pytest.mark.parametrize("brackets", ["[]", "{}"])
@pytest.mark.parametrize("depth", [40, 1_500, 100_000])
def test_nesting_beyond_the_limit_names_the_limit_however_deep(brackets: str, depth: int) -> None:
    """Brackets nested past the parser's own cap (some 1,000 levels) were refused with the
    parser's words, 'YAML syntax error: exceeded maximum nesting depth', which name no limit
    (and stayed English in Portuguese)."""
    from sueca_rules._lang import issue_text

    text = "name: x\nscoring: " + brackets[0] * depth + brackets[1] * depth + "\n"
    with pytest.raises(VariantError) as info:
        parse_variant(text)
    issue = only_issue(info.value)
    assert issue.message == "nesting deeper than 32 levels is not allowed"
    assert (issue.line, issue.kind) == (2, "too_deep")
    assert "exceeded" not in issue_text(issue, "pt")
