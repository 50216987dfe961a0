"""The safe YAML reader: located errors, no aliases/tags/duplicates, caps, YAML 1.2 scalars."""

from __future__ import annotations

import json
import math
import os
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sueca_rules import SourceError, VariantError, load_variant, parse_variant
from sueca_rules._yaml import (
    Limits,
    count_values,
    format_path,
    parse_yaml,
    read_yaml_file,
    yaml_safe_json,
)


def one_issue(text: str | bytes) -> str:
    with pytest.raises(VariantError) as info:
        parse_variant(text, file="house.yaml")
    assert len(info.value.issues) == 1, info.value.issues
    return str(info.value.issues[0])


def test_yaml_12_scalars() -> None:
    data = parse_yaml(
        "a: no\nb: on\nc: yes\nd: true\ne: False\nf: 0777\ng: 0x1F\nh: 1.5\ni: ~\nj: null\n"
        "k: 2020-01-01\nl: .inf\nm: '12'\nn:\n"
    ).data
    assert data == {
        "a": "no",
        "b": "on",
        "c": "yes",
        "d": True,
        "e": False,
        "f": 777,
        "g": 31,
        "h": 1.5,
        "i": None,
        "j": None,
        "k": "2020-01-01",
        "l": math.inf,
        "m": "12",
        "n": None,
    }


def test_positions_are_one_based_and_point_at_keys() -> None:
    located = parse_yaml("name: x\nscoring:\n  tie:\n    mode: add\n  tiers:\n    - {a: 1}\n")
    assert located.where(("scoring", "tie", "mode")) == (4, 5)
    assert located.where(("scoring", "tiers", 0)) == (6, 7)
    assert located.where(("scoring", "tiers", 0, "a")) == (6, 8)
    assert located.where(("scoring", "nothing", "here")) == (2, 1)
    assert format_path(("scoring", "tiers", 1, "games")) == "scoring.tiers[1].games"


def test_direction_no_is_text_and_the_error_says_why() -> None:
    message = one_issue("name: x\ntable:\n  direction: no\n")
    assert message.startswith("house.yaml:3:3: table.direction: expected one of anticlockwise")
    assert "got 'no'" in message
    assert "YAML 1.2" in message


def test_issue_example_from_the_docs() -> None:
    text = "name: House\nextends: portugal\ntable:\n  direction: clockwise\nscoring:\n"
    text += "  tie:\n    mode: triple\n"
    assert one_issue(text) == (
        "house.yaml:7:5: scoring.tie.mode: expected one of none, add, multiply, got 'triple'"
    )


def test_duplicate_keys_name_the_first_line() -> None:
    message = one_issue("name: x\nmatch:\n  best_of: 3\n  target_games: 2\n  best_of: 5\n")
    assert message == (
        "house.yaml:5:3: match.best_of: duplicate key 'best_of' (first written at line 3)"
    )


def test_duplicate_keys_are_reported_with_validation_errors() -> None:
    with pytest.raises(VariantError) as info:
        parse_variant("name: x\nname: y\ntable: {direction: up}\n", file="h.yaml")
    messages = [str(i) for i in info.value.issues]
    assert messages == [
        "h.yaml:2:1: name: duplicate key 'name' (first written at line 1)",
        "h.yaml:3:9: table.direction: expected one of anticlockwise, clockwise, got 'up'",
    ]


@pytest.mark.parametrize(
    ("text", "words", "where"),
    [
        ("base: &b {x: 1}\nname: x\n", "anchors (&b) are not allowed", ":1:7"),
        ("name: &n x\nother: *n\n", "anchors (&n) are not allowed", ":1:7"),
        ("name: x\ntable: *t\n", "aliases (*name) are not allowed", ":2:8"),
        ("name: x\ntable:\n  <<: {direction: clockwise}\n", "merge keys (<<)", ":3:3"),
        ("name: !!python/object:os.system x\n", "tags such as", ":1:7"),
        ("name: !!str x\n", "tags such as", ":1:7"),
        ("!!python/object/apply:os.system ['echo hi']\n", "tags such as", ":1:1"),
    ],
)
def test_anchors_aliases_merge_keys_and_tags_are_refused(text: str, words: str, where: str) -> None:
    message = one_issue(text)
    assert words in message
    assert message.startswith("house.yaml" + where)


def test_alias_bomb_is_refused_quickly() -> None:
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n"
    names = "abcdefghij"
    for i in range(1, 9):
        refs = ", ".join(["*" + names[i - 1]] * 9)
        bomb += f"{names[i]}: &{names[i]} [{refs}]\n"
    start = time.monotonic()
    message = one_issue(bomb)
    assert "not allowed" in message
    assert time.monotonic() - start < 2


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "the file is empty"),
        ("# only a comment\n", "the file is empty"),
        ("- name: x\n", "must be a mapping of fields"),
        ("just text\n", "must be a mapping of fields"),
        ("table: {direction: clockwise}\n", "every variant needs `name:`"),
        ("name: x\n  bad: indent\n", "YAML syntax error"),
        ("name: [x\n", "YAML syntax error"),
        ("name: x\n---\nname: y\n", "a file holds one YAML document"),
        ("name: x\x07\n", "control character U+0007 is not allowed"),
    ],
)
def test_bad_files_get_one_clear_message(text: str, words: str) -> None:
    assert words in one_issue(text)


def test_binary_and_bad_utf8() -> None:
    assert "not UTF-8" in one_issue(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    assert one_issue(b"name: x\n\x00\x01").startswith(
        "house.yaml:2:1: the control character U+0000 is not allowed in YAML (is this a binary"
    )
    message = one_issue(b"name: caf\xe9\n")
    assert "not UTF-8" in message
    assert message.startswith("house.yaml:1:10:")
    assert parse_variant("\ufeffname: x\n").name == "x"  # a BOM is fine


def test_size_and_depth_caps() -> None:
    big = "name: x\ndescription: " + "a" * (300 * 1024) + "\n"
    assert "too large" in one_issue(big)
    deep = "name: x\nd: " + "[" * 100 + "]" * 100 + "\n"
    assert "nesting deeper than" in one_issue(deep)
    assert "too long" in one_issue("name: x\nmatch: {target_games: " + "9" * 500 + "}\n")


def test_files(tmp_path: Path) -> None:
    with pytest.raises(SourceError, match="no such file"):
        read_yaml_file(tmp_path / "missing.yaml")
    with pytest.raises(SourceError, match="directory"):
        read_yaml_file(tmp_path)
    big = tmp_path / "big.yaml"
    big.write_bytes(b"a: " + b"x" * 300_000)
    with pytest.raises(VariantError, match="too large"):
        load_variant(big)


def test_never_a_crash_on_junk() -> None:
    junk = [b"\xff\xfe\x00a", b"{{{{", b"]]]", b"\t\tname: x", b"name: 'x", b'"\\q"', b"?\n"]
    for raw in junk:
        with pytest.raises(VariantError):
            parse_variant(raw)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**9), 10**9) | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)


@given(st.dictionaries(st.text(max_size=6), json_values, max_size=5))
def test_json_written_by_us_or_by_json_dumps_reads_back_equal(data: dict[str, object]) -> None:
    assert parse_yaml(yaml_safe_json(data)).data == data
    assert parse_yaml(json.dumps(data)).data == data  # ASCII escapes, surrogate pairs


@given(st.text(max_size=40))
def test_any_text_gives_data_or_a_source_error(text: str) -> None:
    issues: tuple[object, ...] = ("read",)
    try:
        parse_yaml(text)
    except SourceError as exc:
        issues = exc.issues
    assert issues


def test_tabs_and_indentation_slips_say_what_to_fix() -> None:
    tab = one_issue("name: x\ntable:\n\tdirection: clockwise\n")
    assert tab.startswith("house.yaml:3:1: YAML syntax error: a tab character")
    assert "spaces" in tab
    indent = one_issue("name: x\ntable:\n  direction: clockwise\n   first_dealer: 0\n")
    assert indent.startswith("house.yaml:4:")
    assert "indented further than the field above" in indent


def test_tags_are_named_as_written() -> None:
    message = one_issue("name: !!python/object/apply:os.system ['true']\n")
    assert "tags such as !!python/object/apply:os.system are not allowed" in message


def _many_duplicate_keys() -> str:
    keys = ", ".join(f"k{i}: 0" for i in range(5000))
    return f"name: x\na: {{{keys}, {keys}}}\n"


def test_many_duplicate_keys_stop_after_a_hundred_problems() -> None:
    with pytest.raises(SourceError) as info:  # the reader's own limits (a variant's are lower)
        parse_yaml(_many_duplicate_keys(), file="house.yaml")
    issues = info.value.issues
    assert len(issues) == 101
    assert issues[0].message == "duplicate key 'k0' (first written at line 2)"
    assert issues[-1].message == "100 problems found: reading stops here"


@pytest.mark.slow
def test_many_duplicate_keys_are_read_fast() -> None:
    # Not a timing test of speed, a guard against quadratic work (seconds, not milliseconds):
    # on the wall clock, so slow (a loaded machine can take longer).
    text = _many_duplicate_keys()
    start = time.perf_counter()
    with pytest.raises(SourceError):
        parse_yaml(text, file="house.yaml")
    elapsed = time.perf_counter() - start
    assert elapsed < 5


def test_pipes_and_devices_are_refused_without_reading(tmp_path: Path) -> None:
    fifo = tmp_path / "house.yaml"
    os.mkfifo(fifo)  # opening a pipe to read would block until someone writes
    with pytest.raises(VariantError, match="not a regular file"):
        load_variant(fifo)
    if Path("/dev/zero").exists():
        with pytest.raises(VariantError, match="not a regular file"):
            load_variant("/dev/zero")


@pytest.mark.parametrize(
    ("text", "json_only", "column"),
    [
        ('{"name": "ace \\ud83c of spades"}', True, 15),
        ('{"name": "\\uDC00"}', True, 11),
        ('name: "a\\udfff"\n', False, 9),
    ],
)
def test_half_a_character_escaped_is_said_as_such_in_json_and_yaml(
    text: str, json_only: bool, column: int
) -> None:
    """A lone `\\ud83c` (JSON writes a character beyond U+FFFF as two such escapes): where it
    is and what it is, not a "YAML syntax error" of the parser's words (a JSON record said that)."""
    with pytest.raises(SourceError) as info:
        parse_yaml(text, file="game.json", json=json_only)
    (issue,) = info.value.issues
    assert (issue.kind, issue.line, issue.column) == ("surrogate", 1, column)
    assert str(issue) == f"game.json:1:{column}: the text holds an unpaired \\u surrogate escape"
    assert parse_yaml('{"name": "\\ud83c\\udca1"}', json=True).data == {"name": "\U0001f0a1"}


@pytest.mark.parametrize("mark", ["\u2028", "\u2029"])
@pytest.mark.parametrize(
    ("text", "line"),
    [
        ('name: x\ndescription: "one{m}two"\ntable:\n  direction: sideways\n', 4),
        ("name: x\ndescription: one{m}two\ntable:\n  direction: sideways\n", 4),
        ("name: x\ndescription: |\n  one{m}two\ntable:\n  direction: sideways\n", 5),
        ('{{"name": "x", "description": "one{m}two",\n "table": {{"direction": "sideways"}}}}', 2),
    ],
)
def test_nel_ls_and_ps_are_characters_as_in_yaml_12_and_json(
    text: str, line: int, mark: str
) -> None:
    """A description pasted from a web page may hold a line or paragraph separator: it is kept
    as written, and every later problem is at the line an editor shows (one line too low, or a
    syntax error, when the reader took it for a line break as YAML 1.1 does)."""
    with pytest.raises(VariantError) as info:
        parse_variant(text.format(m=mark), file="house.yaml")
    (issue,) = info.value.issues
    assert (issue.path, issue.line) == ("table.direction", line)
    fixed = text.format(m=mark).replace("sideways", "clockwise")
    assert parse_variant(fixed).description.rstrip("\n") == f"one{mark}two"


def test_a_nel_in_a_comment_is_no_line_break() -> None:
    text = "name: x\n# one\x85two\ntable:\n  direction: sideways\n"
    assert one_issue(text).startswith("house.yaml:4:3: table.direction: expected one of")


def test_a_long_unknown_field_is_cut_where_a_message_shows_it() -> None:
    name = "k" * 1000
    with pytest.raises(VariantError) as caught:
        parse_variant(f"name: x\n{name}: 1\n")
    (issue,) = caught.value.issues
    assert issue.path == name  # whole for programs
    shown = str(issue)
    assert len(shown) < 400
    assert name not in shown
    assert "k" * 40 + "…" in shown


def test_values_are_counted_as_the_reader_counts_them() -> None:
    """`count_values()` (the engine protocol's cap on a request's variant, a tournament file's
    room to grow) counts what the reader's `max_nodes` counts: data of exactly that many values
    is read, one fewer allowed is refused; with `most` it stops counting past it."""
    data = {"a": [1, 2, {"b": None}], "c": {"d": "x", "e": [True]}, "f": []}
    text = json.dumps(data)
    n = count_values(data)
    assert parse_yaml(text, limits=Limits(max_nodes=n)).data == data
    with pytest.raises(SourceError):
        parse_yaml(text, limits=Limits(max_nodes=n - 1))
    assert count_values(data, most=3) == 4
    assert count_values(list(range(10_000)), most=10) == 11
