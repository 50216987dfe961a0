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


# What the models' checks refuse in text, as patterns that JSON Schema validators (Python's `re`,
# the ECMAScript of yaml-language-server) read alike: escapes rather than the characters, no `\s`
# (the two do not agree on it), and `(?![\s\S])` for the end of the text (Python's `$` also
# matches before a last line break).
_CONTROL = "\\u0000-\\u001f\\u007f-\\u009f"
"""Unicode's control characters (category Cc)."""
_BIDI = "\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069"
"""The bidirectional marks and overrides (`sueca_rules._text._BIDI`)."""
_SPACE = "\\u0020\\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000"
"""The characters Python's `str.strip()` takes away that are neither control characters nor line
breaks."""
_LINES = "\\u2028\\u2029"
"""The line breaks that are not control characters."""
_END = "(?![\\s\\S])"
_NOT_IN_NAME = f"{_CONTROL}{_BIDI}{_LINES}"
NAME_PATTERN = f"^(?=[^{_NOT_IN_NAME}]*[^{_NOT_IN_NAME}{_SPACE}])[^{_NOT_IN_NAME}]*{_END}"
"""A name: on one line, not blank, no control character or bidirectional mark."""
DESCRIPTION_PATTERN = f"^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f{_BIDI}]*{_END}"
"""A description: no control character but line breaks and tabs, no bidirectional mark."""
EXTENDS_PATTERN = f"^(?=[^\\n]*[^{_CONTROL}{_SPACE}{_LINES}])[^\\n]*{_END}"
"""`extends:`: on one line (no line feed) and not blank."""
MAX_EXTENDS = 1000
"""The longest `extends:` the loader follows (`sueca_rules._registry`)."""


def _as_loaded(schema: dict[str, Any]) -> None:
    """The schema made to accept and refuse what the loader does, where the models' own schema
    says less: `deal.redeal: null` and `description: null` (read as no new deal and no
    description), and the checks of the name, the description and `extends:` that the models
    make in code. The rules between fields (tiers in order, an odd `best_of`, ...) stay with
    `sueca validate`; the reference lists them."""
    props = schema["properties"]
    props["name"]["pattern"] = NAME_PATTERN
    text = {k: v for k, v in props["description"].items() if k in ("type", "maxLength")}
    props["description"] = {
        "anyOf": [{**text, "pattern": DESCRIPTION_PATTERN}, {"type": "null"}],
        **{k: v for k, v in props["description"].items() if k not in text},
    }
    for option in props["extends"]["anyOf"]:
        if option.get("type") == "string":
            option.update(minLength=1, maxLength=MAX_EXTENDS, pattern=EXTENDS_PATTERN)
    redeal = schema["definitions"]["DealRules"]["properties"]["redeal"]
    ref = redeal.pop("allOf")[0]
    redeal["anyOf"] = [ref, {"type": "null"}]


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
    _as_loaded(out)
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
    nullable = node.get("anyOf", ())
    if ref is None and len(nullable) == 2 and {"type": "null"} in nullable:
        # A section that may also be null (`deal.redeal`): the section.
        ref = next((o.get("$ref") for o in nullable if o != {"type": "null"}), None)
    if ref is None:
        return node
    target = definitions[ref.rsplit("/", 1)[-1]]
    return {**target, **{k: v for k, v in node.items() if k not in ("$ref", "allOf", "anyOf")}}
