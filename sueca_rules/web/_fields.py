"""The house-rules builder's controls: every field of a variant, from the JSON Schema of
`Variant` (its types, limits, choices and descriptions), grouped as the
rules card groups the rules. A field the groups do not name yet (a rule added later) still gets
a control, under "Other rules", with its schema description."""

from __future__ import annotations

import functools
import re
from typing import Any, Final

from sueca_rules import Variant
from sueca_rules._rule_fields import groups
from sueca_rules._schema import resolve_ref

from ._i18n import Lang, field_help, phrase

__all__ = ["GROUPS", "field_groups", "leaf_paths"]

GROUPS: Final[tuple[tuple[str, tuple[str, ...]], ...]] = groups()
"""The builder's groups, in the order of the rules card, with the fields of each (from the one
table of the rules' fields, `sueca_rules._rule_fields`)."""

_HIDDEN: Final = frozenset({"extends"})  # the builder's "Start from" is the base


@functools.cache
def _leaves() -> tuple[tuple[str, dict[str, Any]], ...]:
    """Every leaf field of a variant: (dotted path, its schema node), in schema order."""
    schema = Variant.model_json_schema()
    defs = schema.get("$defs", {})
    out: list[tuple[str, dict[str, Any]]] = []

    def walk(node: dict[str, Any], prefix: str) -> None:
        for key, child in node.get("properties", {}).items():
            path = f"{prefix}{key}"
            resolved = resolve_ref(child, defs)
            if "properties" in resolved:
                walk(resolved, path + ".")
            elif path not in _HIDDEN:
                items = resolved.get("items")
                if isinstance(items, dict):
                    resolved = {**resolved, "items": resolve_ref(items, defs)}
                out.append((path, resolved))

    walk(schema, "")
    return tuple(out)


def leaf_paths() -> list[str]:
    """The dotted paths of every field the builder shows."""
    return [path for path, _ in _leaves()]


def _choices(node: dict[str, Any]) -> list[Any] | None:
    if "enum" in node:
        return list(node["enum"])
    options = node.get("anyOf") or node.get("oneOf")
    if options and all("enum" in o or "const" in o for o in options):
        values: list[Any] = []
        for o in options:
            values.extend(o.get("enum", [o.get("const")]))
        return values
    return None


def _nullable_int(node: dict[str, Any]) -> dict[str, Any] | None:
    """The integer choice of `anyOf: [integer, null]` (a rule that may be turned off)."""
    options = node.get("anyOf") or ()
    kinds = {o.get("type") for o in options}
    if kinds == {"integer", "null"}:
        number: dict[str, Any] = next(o for o in options if o.get("type") == "integer")
        return number
    return None


def _control(path: str, node: dict[str, Any], lang: Lang) -> dict[str, Any]:
    help_en = str(node.get("description", ""))
    label_key = f"field.{path}"
    label = phrase(lang, label_key)
    control: dict[str, Any] = {
        "path": path,
        "label": label if label != label_key else path,
        "help": field_help(lang, path, help_en),
        "default": node.get("default"),
    }
    # The rule as a question in plain words, and a line that explains it without the file's
    # words (a rule added later has its schema text, its `code` marks taken away).
    question = phrase(lang, f"question.{path}")
    explain = phrase(lang, f"explain.{path}")
    control["question"] = question if question != f"question.{path}" else control["label"]
    plain_help = re.sub(r"`([^`]*)`", r"\1", control["help"])
    control["explain"] = explain if explain != f"explain.{path}" else plain_help
    choices = _choices(node)
    if choices is not None:
        control["kind"] = "enum"
        control["options"] = []
        for value in choices:
            key = f"option.{path}.{value}"
            text = phrase(lang, key)
            control["options"].append({"value": value, "label": text if text != key else value})
    elif (number := _nullable_int(node)) is not None:
        off = phrase(lang, f"option.{path}.null")
        control.update(kind="int", min=number.get("minimum"), max=number.get("maximum"))
        control.update(nullable=True, null_label=off if off != f"option.{path}.null" else "—")
    elif node.get("type") == "boolean":
        control["kind"] = "bool"
    elif node.get("type") == "integer":
        control.update(kind="int", min=node.get("minimum"), max=node.get("maximum"))
    elif node.get("type") == "array":
        items = node.get("items", {})
        control.update(
            kind="tiers",
            min_items=node.get("minItems", 1),
            max_items=node.get("maxItems", 60),
            columns=[
                {
                    "key": key,
                    "label": phrase(lang, f"rules.tier_{'min' if key == 'min_points' else key}"),
                    "min": sub.get("minimum"),
                    "max": sub.get("maximum"),
                }
                for key, sub in items.get("properties", {}).items()
            ],
        )
    else:
        control.update(kind="longtext" if path == "description" else "text")
        control["max_length"] = node.get("maxLength")
    return control


@functools.cache
def field_groups(lang: Lang) -> list[dict[str, Any]]:
    """The builder's groups of controls in `lang`: `[{"id", "title", "fields": [...]}]`."""
    leaves = dict(_leaves())
    groups: list[dict[str, Any]] = []
    placed: set[str] = set()
    for group, paths in GROUPS:
        fields = [_control(p, leaves[p], lang) for p in paths if p in leaves]
        placed.update(paths)
        if fields:
            groups.append({"id": group, "title": phrase(lang, f"group.{group}"), "fields": fields})
    rest = [_control(p, node, lang) for p, node in leaves.items() if p not in placed]
    if rest:
        groups.append({"id": "other", "title": phrase(lang, "group.other"), "fields": rest})
    return groups
