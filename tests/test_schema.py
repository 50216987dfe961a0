"""The committed JSON Schema: up to date, draft-07, and as strict as the models."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml
from hypothesis import given

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
    ],
)
def test_schema_rejects_what_the_models_reject(data: dict[str, Any]) -> None:
    assert not validator().is_valid(data)
    with pytest.raises(VariantError):
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
