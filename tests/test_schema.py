"""The committed JSON Schema: up to date, draft-07, and as strict as the models."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Final

import jsonschema
import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from sueca_rules import Variant, VariantError, builtin_ids, parse_variant, variants_dir
from sueca_rules._schema import SCHEMA_FILENAME, SCHEMA_ID, schema_text, variant_json_schema

from .strategies import variants

ROOT = Path(__file__).resolve().parent.parent
COMMITTED = ROOT / "schema" / SCHEMA_FILENAME


def validator() -> jsonschema.Draft7Validator:
    return jsonschema.Draft7Validator(variant_json_schema())


def test_committed_schema_is_up_to_date() -> None:
    assert COMMITTED.read_text(encoding="utf-8") == schema_text(), (
        f"schema/{SCHEMA_FILENAME} is stale: regenerate it with "
        f"`sueca schema -o schema/{SCHEMA_FILENAME}`"
    )


def test_schema_is_valid_draft_07_with_a_versioned_id() -> None:
    schema = json.loads(COMMITTED.read_text(encoding="utf-8"))
    assert schema["$schema"] == "http://json-schema.org/draft-07/schema#"
    assert schema["$id"] == SCHEMA_ID
    assert ".v1." in SCHEMA_ID
    jsonschema.Draft7Validator.check_schema(schema)
    assert "$defs" not in json.dumps(schema)

    def no_ref_siblings(node: Any) -> None:
        if isinstance(node, dict):
            assert "$ref" not in node or len(node) == 1, node
            for value in node.values():
                no_ref_siblings(value)
        elif isinstance(node, list):
            for value in node:
                no_ref_siblings(value)

    no_ref_siblings(schema)


def test_every_field_has_a_description() -> None:
    schema = variant_json_schema()
    definitions = schema["definitions"]
    for model in [schema, *definitions.values()]:
        assert model.get("description")
        for name, prop in model["properties"].items():
            if set(prop) == {"$ref"}:  # a section: described by its definition
                prop = definitions[prop["$ref"].rsplit("/", 1)[1]]
            assert prop.get("description"), name


def test_builtin_files_validate_against_the_schema() -> None:
    paths = sorted(variants_dir().glob("*.yaml"))
    assert {p.stem for p in paths} == set(builtin_ids())
    for path in paths:
        validator().validate(yaml.safe_load(path.read_text(encoding="utf-8")))


@given(variants())
def test_schema_accepts_valid_variants(variant: Variant) -> None:
    validator().validate(variant.model_dump(mode="json"))


@pytest.mark.parametrize(
    "data",
    [
        {},  # no name
        {"name": 3},
        {"name": "x", "colour": "red"},
        {"name": "x", "table": {"direction": "sideways"}},
        {"name": "x", "table": {"first_dealer": 4}},
        {"name": "x", "table": {"first_dealer": "1"}},
        {"name": "x", "table": {"seats": 4}},
        {"name": "x", "deal": {"trump_card": "middle"}},
        {"name": "x", "revoke": {"mode": "no"}},
        {"name": "x", "revoke": {"penalty_games": "4"}},
        {"name": "x", "scoring": {"tie": {"mode": "triple"}}},
        {"name": "x", "scoring": {"tie": {"stacks": "yes"}}},
        {"name": "x", "scoring": {"tiers": [{"min_points": 61}]}},
        {"name": "x", "scoring": {"tiers": [{"min_points": 61, "games": 1, "x": 1}]}},
        {"name": "x", "scoring": {"bandeira": {"requires": "everything"}}},
        {"name": "x", "match": {"best_of": "3"}},
        {"name": "x", "match": {"target_games": 2.5}},
        {"name": "x", "match": []},
        {"name": " \u00a0"},  # blank
        {"name": "Our\ncafé"},  # on two lines
        {"name": "Our café\u202e"},  # a bidirectional override
        {"name": "x", "description": "\u001b[2J"},  # an escape that clears the screen
        {"name": "x", "extends": ""},
        {"name": "x", "extends": "portugal\nbrasil"},
    ],
)
def test_schema_rejects_what_the_models_reject(data: dict[str, Any]) -> None:
    assert not validator().is_valid(data)
    with pytest.raises(VariantError):
        parse_variant(json.dumps(data))


@pytest.mark.parametrize(
    "data",
    [
        {"name": "x", "deal": {"redeal": None}},  # never, as its description says
        {"name": "x", "description": None},  # `description:` left empty
        {"name": "Café «Central» 2", "description": "Line one\n\tline two"},
    ],
)
def test_schema_accepts_what_the_loader_reads(data: dict[str, Any]) -> None:
    assert validator().is_valid(data)
    parse_variant(json.dumps(data))


def test_sueca_schema_prints_or_writes_the_committed_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from sueca_rules.cli import main

    assert main(["schema"]) == 0
    assert capsys.readouterr().out == COMMITTED.read_text(encoding="utf-8")
    out = tmp_path / "sueca-variant.json"
    assert main(["schema", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == COMMITTED.read_text(encoding="utf-8")
    capsys.readouterr()
    assert main(["schema", "-o", str(tmp_path / "no" / "x.json")]) == 2
    assert capsys.readouterr().err.strip() == (
        f"sueca schema: error: -o {tmp_path / 'no' / 'x.json'}: cannot write there "
        f"(no folder {tmp_path / 'no'})"
    )


# --- the schema and the loader agree ---------------------------------------------------------

# Text with what the loader's checks look at: spaces of several kinds, line breaks, control
# characters, a bidirectional override, letters.
_TEXT = st.text(alphabet="a é \t\n\r\x00\x1b\x85\xa0\u2028\u202e\u3000", max_size=4)
_JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-2, 1002),
    st.sampled_from([0.0, 1.0, 2.0, 4.0, 61.0, 2.5]),
    _TEXT,
    st.lists(st.integers(0, 3), max_size=2),
    st.dictionaries(st.sampled_from(["x", "min_points", "games"]), st.integers(0, 3), max_size=2),
)


def _field(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Mostly a value the field takes, sometimes anything."""
    return st.one_of(valid, valid, valid, _JUNK)


def _section(fields: dict[str, st.SearchStrategy[Any]]) -> st.SearchStrategy[Any]:
    """Some of a section's fields (now and then a field it does not have), or anything."""
    mapping = st.fixed_dictionaries(
        {}, optional={**{k: _field(v) for k, v in fields.items()}, "colour": _JUNK}
    )
    return st.one_of(mapping, mapping, mapping, _JUNK)


_COUNT = st.integers(0, 5) | st.sampled_from([1000, 1001])
_TIER = st.fixed_dictionaries({"min_points": _field(st.integers(55, 125)), "games": _COUNT})
_REDEAL = st.fixed_dictionaries(
    {},
    optional={k: _field(st.none() | st.integers(0, 31)) for k in ("leader_below", "others_below")},
)
_DATA = st.fixed_dictionaries(
    {"name": _field(_TEXT | st.just("Our café"))},
    optional={
        "extends": _field(st.none() | st.sampled_from(["portugal", "brasil", ""]) | _TEXT),
        "description": _field(st.none() | _TEXT),
        "table": _section(
            {
                "direction": st.sampled_from(["anticlockwise", "clockwise"]),
                "first_dealer": st.sampled_from(["random", 0, 1, 2, 3, 4]),
                "first_leader": st.sampled_from(["after_dealer", "dealer", "before_dealer"]),
            }
        ),
        "deal": _section(
            {
                "trump_card": st.sampled_from(["dealer_last", "dealer_first", "dealer_choice"]),
                "order": st.sampled_from(["play_direction", "reverse"]),
                "redeal": st.none() | _REDEAL,
            }
        ),
        "revoke": _section(
            {
                "mode": st.sampled_from(["prevented", "claimable"]),
                "penalty_games": _COUNT,
                "false_claim": st.sampled_from(["penalize_claimant", "ignored"]),
                "false_claim_games": st.none() | _COUNT,
                "after_false_claim": st.sampled_from(["deal_ends", "play_on"]),
                "accuse": st.sampled_from(["team", "player"]),
            }
        ),
        "scoring": _section(
            {
                "tiers": st.lists(_TIER, max_size=3),
                "bandeira": _section(
                    {
                        "requires": st.sampled_from(["all_points", "all_tricks"]),
                        "games": _COUNT,
                        "wins_partida": st.booleans(),
                    }
                ),
                "tie": _section(
                    {
                        "mode": st.sampled_from(["none", "add", "multiply"]),
                        "amount": _COUNT,
                        "stacks": st.booleans(),
                    }
                ),
            }
        ),
        "match": _section({"target_games": st.integers(0, 260), "best_of": st.integers(0, 101)}),
    },
)

_BETWEEN_FIELDS: Final = frozenset(
    {"tier_first", "tier_order", "tie_factor", "best_of_odd", "match_too_long", "no_winner"}
)
"""The kinds of the rules between fields, which the schema does not check (the reference lists
them under "Rules between fields")."""


def _integral_float(data: Any) -> bool:
    """Whether `data` holds a whole number written as a float (4.0), which JSON Schema counts as
    an integer and the loader does not."""
    if isinstance(data, float):
        return data.is_integer()
    if isinstance(data, dict):
        return any(_integral_float(v) for v in data.values())
    if isinstance(data, list):
        return any(_integral_float(v) for v in data)
    return False


@settings(max_examples=400, deadline=None)
@given(_DATA)
def test_the_schema_accepts_what_the_loader_accepts_and_refuses_what_it_refuses(
    data: dict[str, Any],
) -> None:
    """An editor with the schema and `sueca validate` agree about a file, but for what the
    reference says the schema cannot check: the rules between fields, 4.0 for 4, and an
    `extends:` naming no built-in (text read on its own can extend only those)."""
    by_schema = validator().is_valid(data)
    kinds: set[str] | None = None
    try:
        parse_variant(json.dumps(data))
    except VariantError as exc:
        kinds = {issue.kind for issue in exc.issues}
    if kinds is None:
        assert by_schema, sorted(e.message for e in validator().iter_errors(data))
    elif by_schema:
        documented = kinds <= _BETWEEN_FIELDS | {"extends_builtin"}
        assert documented or _integral_float(data), kinds
