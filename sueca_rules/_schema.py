"""The JSON Schema of variant files, exported from the models.

It declares draft-07 because yaml-language-server (the YAML support of VS Code and other editors)
validates with draft-07, so references live under `definitions` and a `$ref` never has sibling
keywords (draft-07 ignores them): those are wrapped in `allOf`.
"""

from __future__ import annotations

import json
from typing import Any

from ._variant import Variant

__all__ = [
    "SCHEMA_FILENAME",
    "SCHEMA_ID",
    "resolve_ref",
    "schema_text",
    "variant_json_schema",
]

SCHEMA_VERSION = 1
SCHEMA_FILENAME = f"sueca-variant.v{SCHEMA_VERSION}.json"
SCHEMA_ID = f"https://sueca-rules.dev/schema/{SCHEMA_FILENAME}"


def _draft07(node: Any) -> Any:
    if isinstance(node, dict):
        out = {k: _draft07(v) for k, v in node.items()}
        if "$ref" in out and len(out) > 1:
            ref = out.pop("$ref")
            out["allOf"] = [{"$ref": ref}]
        return out
    if isinstance(node, list):
        return [_draft07(v) for v in node]
    return node


def variant_json_schema() -> dict[str, Any]:
    """The JSON Schema (draft-07) of a variant file."""
    schema = Variant.model_json_schema(ref_template="#/definitions/{model}")
    definitions = schema.pop("$defs", {})
    out: dict[str, Any] = {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "$id": SCHEMA_ID,
        **_draft07(schema),
    }
    out["title"] = "Sueca variant (house rules)"
    out["description"] = (
        "A rule set of the Portuguese card game Sueca. Every field has a default, and the "
        "defaults are the standard Portuguese rules: a file holding only `name:` plays them."
    )
    if definitions:
        out["definitions"] = _draft07(definitions)
    return out


def schema_text() -> str:
    """The schema as the JSON text committed under `schema/`."""
    return json.dumps(variant_json_schema(), indent=2, ensure_ascii=False) + "\n"


def resolve_ref(node: dict[str, Any], definitions: dict[str, Any]) -> dict[str, Any]:
    """A node of the schema with its `$ref` (or an `allOf` of one) replaced by the definition it
    names, the node's own keys (a description, a default) kept over the definition's."""
    ref = node.get("$ref")
    if ref is None and len(node.get("allOf", ())) == 1:
        ref = node["allOf"][0].get("$ref")
    if ref is None:
        return node
    target = definitions[ref.rsplit("/", 1)[-1]]
    return {**target, **{k: v for k, v in node.items() if k not in ("$ref", "allOf")}}
