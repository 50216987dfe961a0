"""The variant file reference: every field of a variant file (dotted path, type, default, allowed
values, description) from the models and their JSON Schema, with the rules between fields and
the editor set-up."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import yaml

from sueca_rules import Variant

from .markdown import FRONT_MATTER_NO_TOC, md_escape, slugify, yaml_value


@dataclass(frozen=True)
class FieldDoc:
    """One field of a variant file, as the reference shows it."""

    path: str
    type: str
    default: str
    allowed: str
    description: str
    section: str


def _definition(schema: dict[str, Any], node: dict[str, Any]) -> dict[str, Any] | None:
    """The model definition a property refers to (directly or through `allOf`)."""
    ref = node.get("$ref")
    if ref is None and len(node.get("allOf", ())) == 1:
        ref = node["allOf"][0].get("$ref")
    nullable = node.get("anyOf", ())
    if ref is None and len(nullable) == 2 and {"type": "null"} in nullable:
        ref = next((o.get("$ref") for o in nullable if o != {"type": "null"}), None)
    if ref is None:
        return None
    definition: dict[str, Any] = schema["definitions"][ref.rsplit("/", 1)[1]]
    return definition


def _type_words(node: dict[str, Any]) -> tuple[str, str]:
    """(type, allowed values) of a leaf property, in words."""
    if "enum" in node:
        values = node["enum"]
        types = {type(v) for v in values}
        words = "text" if types == {str} else "integer" if types == {int} else "text or integer"
        return words, ", ".join(f"`{yaml_value(v)}`" for v in values)
    if "anyOf" in node:
        options = [_type_words(option) for option in node["anyOf"]]
        bounds = [allowed for _, allowed in options if allowed]
        # A number that may be null (`leader_below`): its bounds, then `null`, as a file writes it.
        if bounds and any(kind == "null" for kind, _ in options):
            bounds.append("`null`")
        return " or ".join(kind for kind, _ in options), ", or ".join(bounds)
    kind = str(node.get("type"))
    if kind == "null":
        return "null", ""
    if kind == "boolean":
        return "boolean", "`true`, `false`"
    if kind == "integer":
        low, high = node.get("minimum"), node.get("maximum")
        allowed = f"{low} to {high}" if low is not None and high is not None else ""
        return "integer", allowed
    if kind == "string":
        low, high = node.get("minLength"), node.get("maxLength")
        if high is not None:
            return "text", f"{low or 0} to {high} characters"
        return "text", ""
    return kind, ""


def _default_at(defaults: dict[str, Any], path: Sequence[str]) -> Any:
    value: Any = defaults
    for key in path:
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return value


class _SchemaWalk:
    """The fields of the JSON Schema of the models, in file order, with the defaults of a variant
    holding only `name:`."""

    def __init__(self) -> None:
        from sueca_rules._schema import variant_json_schema

        self.schema = variant_json_schema()
        self.defaults = Variant(name="x").model_dump(mode="json")
        self.defaults["name"] = None

    def fields(
        self, node: dict[str, Any], prefix: tuple[str, ...], section: str, required: set[str]
    ) -> Iterator[FieldDoc]:
        """The fields under `node` (a model), at `prefix`, in the reference's `section`."""
        for key, prop in node.get("properties", {}).items():
            path = (*prefix, key)
            definition = _definition(self.schema, prop)
            if definition is not None:
                yield from self._mapping(prop, definition, path, section)
            elif prop.get("type") == "array":
                yield from self._array(prop, path, section)
            else:
                yield self._leaf(prop, path, section, key in required)

    def _mapping(
        self, prop: dict[str, Any], definition: dict[str, Any], path: tuple[str, ...], section: str
    ) -> Iterator[FieldDoc]:
        """A section of the file (`scoring`) or a mapping inside one (`scoring.tie`), and its
        fields. A top-level mapping starts a section of the reference."""
        dotted = ".".join(path)
        section = dotted if len(path) == 1 else section
        description = prop.get("description") or definition.get("description", "")
        yield FieldDoc(dotted, "mapping", "", "", description, section)
        yield from self.fields(definition, path, section, set(definition.get("required", ())))

    def _array(
        self, prop: dict[str, Any], path: tuple[str, ...], section: str
    ) -> Iterator[FieldDoc]:
        """A list of mappings (`scoring.tiers`) and the fields of its items (`tiers[].games`)."""
        item = _definition(self.schema, prop.get("items", {})) or {}
        low, high = prop.get("minItems"), prop.get("maxItems")
        default = _default_at(self.defaults, path)
        flow = yaml.safe_dump(default, default_flow_style=True, sort_keys=False, width=1000)
        yield FieldDoc(
            ".".join(path),
            f"list of {item.get('title', 'items').lower()}s",
            f"`{flow.strip()}`" if default else "",
            f"{low} to {high} items" if low is not None and high is not None else "",
            prop.get("description", ""),
            section,
        )
        item_path = (*path[:-1], f"{path[-1]}[]")
        yield from self.fields(item, item_path, section, set(item["required"]))

    def _leaf(
        self, prop: dict[str, Any], path: tuple[str, ...], section: str, required: bool
    ) -> FieldDoc:
        """A field that holds one value."""
        kind, allowed = _type_words(prop)
        if required:
            default = "required"
        else:
            value = _default_at(self.defaults, path)
            default = (
                "none" if value is None else "empty" if value == "" else f"`{yaml_value(value)}`"
            )
        description = prop.get("description", "")
        return FieldDoc(".".join(path), kind, default, allowed, description, section)


def variant_fields() -> Iterator[FieldDoc]:
    """Every field of a variant file, in file order, from the JSON Schema of the models and the
    defaults of a variant holding only `name:`."""
    walk = _SchemaWalk()
    yield from walk.fields(walk.schema, (), "", set(walk.schema.get("required", ())))


_CROSS_FIELD_RULES = """\
## Rules between fields

Besides each field's own type and range, a variant is checked as a whole. Each rule below gives
an error that names the field and says what would be valid:

- `scoring.tiers`: `min_points` strictly ascending, and the first above 60 (with 60 or less
  both teams could reach it);
- `scoring.tie.amount`: at least 2 with `mode: multiply` (it is a factor);
- `match.best_of`: odd (1, 3, 5, …), so that a match cannot end level;
- `match.target_games` with `match.best_of`: a match may need at most 500 deals won, counted
  the longest way, best_of × (2 × target_games − 1) (so that its records stay within 2,000
  deals): `target_games` at most 250 in a single partida, 83 in the best of three;
- `scoring`: a variant under which no team could ever reach `target_games` (every tier, the
  bandeira, the 60-60 and the renúncia penalties worth 0 games) is refused;
- `name` must not be blank; unknown fields are errors (with a suggestion when the name is
  close to a real one); YAML 1.1 words such as `yes`/`no`/`on` are not booleans (write `true`
  or `false`); duplicate keys, anchors and aliases are refused.
"""

_EDITOR_SETUP = """\
## Editor set-up

Editors that use [yaml-language-server](https://github.com/redhat-developer/yaml-language-server)
(VS Code with the Red Hat YAML extension, Neovim, Helix, Zed, JetBrains IDEs…) check variant
files as you type, complete field names and show each field's description on hover. Point them
at the JSON Schema with a modeline on the first line of the file:

```yaml
# yaml-language-server: $schema={schema_file}
name: Our café
extends: portugal
```

- `sueca new house.yaml` starts the file with that modeline and writes the schema it names,
  `{schema_file}`, beside it. For a file you wrote yourself, write the schema out with
  `sueca schema -o {schema_file}` (or `sueca schema > {schema_file}`) in the same folder; the
  modeline's path is relative to the variant file.
- In a clone of this repository the schema is committed at `{schema_path}`; the built-in files
  in `variants/` start with `# yaml-language-server: $schema=../{schema_path}`.
- The schema's `$id` is `{schema_id}`. It declares JSON Schema draft-07, the draft
  yaml-language-server validates with.

The schema checks each field's type and allowed values, and the text of `name` (one line, not
blank, no control character), `description` and `extends:` as the loader does; it takes
`deal.redeal: null` and `description: null` as the loader does. A file the schema accepts and
`sueca validate` refuses breaks one of these, which a JSON Schema cannot say:

- the [rules between fields](#rules-between-fields);
- a whole number written with a decimal point (`target_games: 4.0`): JSON Schema counts 4.0 as
  the integer 4, the loader wants `4`;
- an `extends:` that names no built-in variant and no file next to it (the schema cannot look).

`sueca validate` checks them all, and names the line and column of every problem.

## Checking files in pre-commit

Two [pre-commit](https://pre-commit.com) hooks for a repository that keeps house-rules files.
The first checks them against the committed schema with
[check-jsonschema](https://github.com/python-jsonschema/check-jsonschema), with no Python
package of ours installed:

```yaml title=".pre-commit-config.yaml"
repos:
  - repo: https://github.com/python-jsonschema/check-jsonschema
    rev: 0.29.4  # use the latest release
    hooks:
      - id: check-jsonschema
        name: check variant files against the schema
        files: ^variants/.*\\.ya?ml$
        args: ["--schemafile", "{schema_path}"]
```

The second runs `sueca validate`, which checks everything the schema checks and the rules
between fields, follows `extends:` and reports `file:line:column: field: message`. It runs the
`sueca` of the environment pre-commit is started from (install sueca-rules there first):

```yaml title=".pre-commit-config.yaml"
repos:
  - repo: local
    hooks:
      - id: sueca-validate
        name: sueca validate
        entry: sueca validate
        language: system
        files: ^variants/.*\\.ya?ml$
```

`sueca validate` takes several files at once and exits with status 1 if any is invalid, which
fails the commit. Use `sueca validate --json` in other CI tools.
"""


def variant_file_reference() -> str:
    """The generated reference of every field of a variant file."""
    from sueca_rules._schema import SCHEMA_FILENAME, SCHEMA_ID

    fields = list(variant_fields())
    schema_path = f"schema/{SCHEMA_FILENAME}"
    out = [
        *FRONT_MATTER_NO_TOC,
        "# Variant file reference",
        "",
        "<!-- Generated by scripts/gen_docs.py from the models in sueca_rules/_variant.py: "
        "do not edit. -->",
        "",
        "A variant file is a YAML mapping. Every field has a default, and the defaults are the "
        "standard Portuguese rules (the built-in variant `portugal`): a file holding only "
        "`name:` plays them. Unknown fields are errors. `extends:` names a built-in variant "
        "id or a path relative to the file; the file's own fields are merged over the base "
        "field by field (mappings merge, lists and single values replace). What each setting "
        "changes at the table is told in [Choosing house rules](../house-rules.md).",
        "",
        "This page is generated from the models that validate the files (`sueca_rules.Variant` "
        f"and its sections) and from their JSON Schema, `{schema_path}`.",
        "",
        "## All fields",
        "",
        "| Field | Type | Allowed | Default |",
        "| --- | --- | --- | --- |",
    ]
    for f in fields:
        if f.type == "mapping":
            continue
        name = f"[`{f.path}`](#{slugify(f.path)})"
        out.append(f"| {name} | {f.type} | {f.allowed or '–'} | {f.default or '–'} |")
    out.append("")
    section = None
    for f in fields:
        if f.section != section:
            section = f.section
            if section:
                out += [f"## `{section}`", ""]
            else:
                out += ["## Name, base and description", ""]
        if f.type == "mapping" and f.path == f.section:
            out += [md_escape(f.description), ""]
            continue
        out += [f"### `{f.path}`", ""]
        facts = [f"**Type:** {f.type}"]
        if f.allowed:
            facts.append(f"**Allowed:** {f.allowed}")
        if f.default:
            facts.append(f"**Default:** {f.default}")
        out += [" · ".join(facts), "", f.description, ""]
    out.append(_CROSS_FIELD_RULES)
    out.append(
        _EDITOR_SETUP.format(
            schema_path=schema_path,
            schema_file=SCHEMA_FILENAME,
            schema_id=SCHEMA_ID,
        )
    )
    return "\n".join(out)
