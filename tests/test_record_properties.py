"""Records edited by hand in every field: whatever a field is changed to, reading and replaying
the record gives a match or a `RecordError` whose every problem is placed and said in both
languages; never another exception. And text that is a record in YAML reads the same in JSON."""

from __future__ import annotations

import contextlib
import copy
import json
import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from sueca_rules import Issue, Match, RecordError, dump_record, parse_record, replay_report
from sueca_rules._lang import issue_line
from tests.referee2_gen import random_record, random_variant

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 45),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from(["AS", "as", "7h", "10H", "XX", "", " AS", "portugal", "brasil", "claimable"]),
    st.text(max_size=8),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=12), st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=30,
)


def _paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in `value` (a mapping or list tree) that holds a value."""
    out = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            out += _paths(item, (*here, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            out += _paths(item, (*here, i))
    return out


def _set(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    holder = data
    for key in path[:-1]:
        holder = holder[key]
    holder[path[-1]] = value
    return data


@st.composite
def edited_records(draw: st.DrawFn) -> dict[str, Any]:
    """A record played under a random variant, then one to three of its values (anywhere: a
    card, a hand, a claim's field, the variant, a whole deal) replaced by anything, or removed,
    or a field added."""
    rng = random.Random(draw(st.integers(0, 2**32)))
    variant = random_variant(rng) if rng.random() < 0.7 else "portugal-table"
    record = random_record(rng, variant, max_deals=3)
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(record)
        path = draw(st.sampled_from(paths))
        action = draw(st.sampled_from(["replace", "remove", "add"]))
        holder = record
        for key in path[:-1]:
            holder = holder[key]
        if action == "remove" and path:
            del holder[path[-1]]
        elif action == "add" and isinstance(holder, dict):
            holder[draw(st.text(max_size=8))] = draw(VALUES)
        else:
            record = _set(record, path, draw(VALUES))
    return record if isinstance(record, dict) else {"variant": record}


@given(edited_records(), st.sampled_from(["json", "yaml"]), st.booleans())
def test_a_record_edited_anywhere_replays_or_says_where_it_is_wrong(
    record: dict[str, Any], fmt: str, unfinished: bool
) -> None:
    try:
        text = json.dumps(record, allow_nan=True)
    except (TypeError, ValueError):  # a key JSON cannot write
        return
    if fmt == "yaml":
        with contextlib.suppress(RecordError):  # not a record: the JSON text is read below
            text = dump_record(parse_record(text))
    problems: tuple[Issue, ...] = ()
    try:
        match = Match.from_record(parse_record(text, file="g"), allow_unfinished=unfinished)
    except RecordError as error:
        problems = error.issues
    if problems:
        for issue in problems:
            assert issue.message
            for lang in ("en", "pt"):
                assert issue_line(issue, lang).startswith("g")
        return
    report = replay_report(match)
    json.dumps(report)  # the report of `sueca replay --json` is JSON


@given(edited_records())
def test_a_record_reads_the_same_from_json_and_from_yaml(record: dict[str, Any]) -> None:
    try:
        text = json.dumps(record)
        first = parse_record(text)
    except (TypeError, ValueError):
        return
    again = parse_record(dump_record(first, "yaml"))
    assert again == first
    assert parse_record(dump_record(copy.deepcopy(first), "json")) == first
