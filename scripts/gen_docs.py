"""Generate the documentation pages that come from the code, so that they never go stale.

Run it before every build (the pages it writes are git-ignored, see ``docs/.gitignore``)::

    .venv/bin/python scripts/gen_docs.py && .venv/bin/mkdocs build --strict

It writes, under ``docs/``:

- ``variants/index.md`` and one ``variants/<id>.md`` per built-in variant in ``variants/``: the
  rules card in English and Portuguese, the differences from ``portugal`` and the YAML file;
- ``reference/variant-file.md``: every field of a variant file (dotted path, type, default,
  allowed values, description) from the models and their JSON Schema, with editor set-up;
- ``reference/cli.md``: the exit statuses and the ``--help`` of every ``sueca`` command, from
  the argparse parser.

The same file is also used by ``mkdocs.yml``:

- as a MkDocs hook (``hooks:``): :func:`on_config` regenerates the pages (so that ``mkdocs
  serve`` works on its own) and lists every variant page in the navigation;
- as a Griffe extension (:class:`DocstringMarkup`) for the API reference: the library's
  docstrings use reST roles (``:class:`Match```), ``::`` literal blocks and doctests, which it
  turns into Markdown links and fenced code before mkdocstrings renders them.

Nothing here needs the network.
"""

from __future__ import annotations

import argparse
import importlib.util
import inspect
import json
import os
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import yaml

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run from a checkout without installing the package
    sys.path.insert(0, str(ROOT))

from sueca_rules import (  # noqa: E402  (after the path set-up above)
    DEFAULT_VARIANT,
    Variant,
    builtin_ids,
    describe,
    describe_diff,
    diff,
    load_variant,
    summary,
    variants_dir,
)

if TYPE_CHECKING:
    from mkdocs.config.defaults import MkDocsConfig

DOCS = ROOT / "docs"
CLI_COLUMNS = 80
"""The width the ``--help`` texts are wrapped to in the CLI reference."""

GENERATED = ("variants/", "reference/variant-file.md", "reference/cli.md")
"""What this script writes under ``docs/`` (``docs/.gitignore`` lists the same)."""

Lang = Literal["en", "pt"]
_LANG_TABS: tuple[tuple[Lang, str], ...] = (("en", "English"), ("pt", "Português"))
_SOURCE_HEADING: dict[Lang, str] = {"en": "Source", "pt": "Fonte"}
"""The last section of a rules card, which repeats the variant's ``description``."""


# --- small helpers ---------------------------------------------------------------------------


def write_if_changed(path: Path, text: str) -> bool:
    """Write ``text`` to ``path`` unless it already holds it (``mkdocs serve`` watches the
    folder: rewriting an unchanged file would rebuild the site for nothing)."""
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|])")


_CODE_SPAN = re.compile(r"(`[^`]+`)")


def md_escape(text: str) -> str:
    """Text as Markdown that shows it literally (no emphasis, links, HTML or table cells), but
    for code spans (`` `like this` ``), which the texts use for field names and values."""
    parts = _CODE_SPAN.split(text)
    text = "".join(
        part if i % 2 else _MD_SPECIAL.sub(r"\\\1", part) for i, part in enumerate(parts)
    )
    # A paragraph must not start a list ("1. ", "- ") or a heading.
    text = re.sub(r"^(\d+)\.", r"\1\\.", text)
    return re.sub(r"^([-+#])", r"\\\1", text)


def md_code(text: str) -> str:
    """``text`` as a Markdown code span, shown exactly as it is: nothing is escaped inside a code
    span (a backslash would show), so a text holding backticks gets a longer fence instead.
    Pipes need nothing either, also in table cells."""
    text = " ".join(text.split("\n"))
    if "`" not in text:
        return f"`{text}`"
    fence = "`" * (max(len(run) for run in re.findall(r"`+", text)) + 1)
    return f"{fence} {text} {fence}"


def slugify(text: str) -> str:
    """The anchor Python-Markdown's ``toc`` extension gives a heading (its default slugify)."""
    text = re.sub(r"<[^>]+>", "", text).replace("`", "")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def yaml_value(value: Any) -> str:
    """A value as it is written in a variant file (``true``, ``random``, ``[...]``)."""
    return json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value


def plain_text_to_markdown(text: str, drop_section: str | None = None) -> str:
    """A rules card or rules difference (``describe(..., width=None)`` /
    ``describe_diff(..., width=None)``) as Markdown.

    The texts have a title underlined with ``=``, unindented section headings, paragraphs
    indented by two spaces (one line each), list items (``  - ``) and displayed lines (six
    spaces). Headings become bold lines (not Markdown headings: they would crowd the table of
    contents, twice over with two languages), everything else is escaped. The section headed
    ``drop_section`` is left out (the card's "Source" repeats the page's introduction).
    """
    lines = text.splitlines()
    if len(lines) > 1 and lines[1] and set(lines[1]) == {"="}:
        lines = lines[2:]
    out: list[str] = []
    previous = "blank"
    dropping = False
    for line in lines:
        if line.strip() and not line.startswith(" "):
            dropping = line.strip() == drop_section
        if dropping or not line.strip():
            previous = "blank"
            continue
        if line.startswith("  - "):
            kind, body = "item", f"- {md_escape(line[4:].strip())}"
        elif line.startswith("      "):
            kind, body = "display", f"`{line.strip()}`"
        elif line.startswith("  "):
            kind, body = "para", md_escape(line.strip())
        else:
            kind, body = "heading", f"**{md_escape(line.strip())}**"
        # A blank line between blocks, except between the items of one list.
        if out and not (kind == "item" and previous == "item"):
            out.append("")
        out.append(body)
        previous = kind
    return "\n".join(out) + "\n"


def indent(text: str, prefix: str = "    ") -> str:
    """Indent every non-blank line (content of a tab or an admonition)."""
    return "\n".join(prefix + line if line.strip() else "" for line in text.splitlines())


# --- the variant gallery ---------------------------------------------------------------------


def _variant_file(vid: str) -> Path:
    return variants_dir() / f"{vid}.yaml"


def _diff_table(base: Variant, variant: Variant, base_id: str, vid: str) -> str:
    rows = [
        f"| {md_code(d.path)} | {md_code(yaml_value(d.a))} | {md_code(yaml_value(d.b))} |"
        for d in diff(base, variant)
    ]
    if not rows:
        return ""
    head = f"| Field | `{base_id}` | `{vid}` |\n| --- | --- | --- |\n"
    return head + "\n".join(rows) + "\n"


_SOURCE_NAMES = {"sueca-play": "Sueca▶Play"}
"""Built-in variants whose source is called otherwise than the variant's display name (a
``name:`` is plain text, without the ▶ of the game's name)."""

_VARIANT_NOTES = {
    "sueca-play": "`sueca play --ladder`, Sueca▶Play's run of ever stronger rivals, plays under "
    "these rules unless it is given another variant."
}
"""A sentence or two more for the page of some built-in variants."""

_FRONT_MATTER_NO_TOC = ("---", "hide:", "  - toc", "---", "")
"""Front matter that hides the table of contents (more room for wide code and tables)."""


def variant_page(vid: str) -> str:
    """The gallery page of one built-in variant."""
    variant = load_variant(vid)
    base = load_variant(DEFAULT_VARIANT)
    source = _variant_file(vid).read_text(encoding="utf-8")
    parts = [
        *_FRONT_MATTER_NO_TOC,
        f"# {md_escape(variant.name)}",
        "",
        "<!-- Generated by scripts/gen_docs.py from the variant file: do not edit. -->",
        "",
        f"Built-in id **`{vid}`**, file `variants/{vid}.yaml`.",
        "",
        *(
            [
                f"The game is **{_SOURCE_NAMES[vid]}**; this variant plays its rules under the "
                f"display name “{md_escape(variant.name)}”, which rules cards and `sueca diff` "
                "print.",
                "",
            ]
            if vid in _SOURCE_NAMES
            else []
        ),
        *([_VARIANT_NOTES[vid], ""] if vid in _VARIANT_NOTES else []),
        f"**In short:** {md_escape(summary(variant))}",
        "",
        md_escape(" ".join(variant.description.split())) if variant.description else "",
        "",
        "```sh",
        f"sueca describe {vid}            # this rules card, to read aloud before a game",
        f"sueca describe {vid} --lang pt",
        f"sueca diff {DEFAULT_VARIANT} {vid}" if vid != DEFAULT_VARIANT else "sueca variants",
        "```",
        "",
        "```python",
        "from sueca_rules import Match, load_variant",
        "",
        f'variant = load_variant("{vid}")',
        f'match = Match("{vid}", seed=1)',
        "```",
        "",
        "## Rules card",
        "",
        "The rules card written from the variant file by `describe()`, as `sueca describe "
        f"{vid}` prints it.",
        "",
    ]
    for lang, label in _LANG_TABS:
        card = plain_text_to_markdown(
            describe(variant, lang, width=None), drop_section=_SOURCE_HEADING[lang]
        )
        parts += [f'=== "{label}"', "", indent(card), ""]
    parts += [f"## Differences from `{DEFAULT_VARIANT}`", ""]
    if vid == DEFAULT_VARIANT:
        parts += [
            "This is the reference: the standard Portuguese rules. Every field of a variant "
            "file defaults to its value here, so a file holding only `name:` plays these "
            "rules. The other pages compare their variant with this one.",
            "",
        ]
    else:
        for lang, label in _LANG_TABS:
            words = plain_text_to_markdown(describe_diff(base, variant, lang, width=None))
            parts += [f'=== "{label}"', "", indent(words), ""]
        table = _diff_table(base, variant, DEFAULT_VARIANT, vid)
        if table:
            parts += ["The same differences, field by field:", "", table]
    parts += [
        "## The variant file",
        "",
        f'```yaml title="variants/{vid}.yaml"',
        source.rstrip("\n"),
        "```",
        "",
    ]
    if variant.extends:
        resolved = yaml.safe_dump(
            variant.rules_dict(), sort_keys=False, allow_unicode=True, default_flow_style=None
        )
        parts += [
            f'??? note "Every rule of `{vid}`, after `extends: {variant.extends}`"',
            "",
            indent(f"```yaml\n{resolved.rstrip()}\n```"),
            "",
        ]
    return "\n".join(parts)


def variants_index() -> str:
    """The gallery's index: one row per built-in variant."""
    rows = []
    for vid in builtin_ids():
        variant = load_variant(vid)
        rows.append(
            f"| [{md_escape(variant.name)}]({vid}.md) | `{vid}` | {md_escape(summary(variant))} |"
        )
    return "\n".join(
        [
            "# Variant gallery",
            "",
            "<!-- Generated by scripts/gen_docs.py from variants/: do not edit. -->",
            "",
            "The rule sets that ship with sueca-rules, one page each: its rules card in English "
            "and Portuguese, how it differs from the standard Portuguese rules (`portugal`, the "
            "default) and its variant file. Use the id wherever a variant is asked for "
            '(`sueca describe sueca-play`, `Match("french")`, `extends: portugal`, '
            "`variant:` in a game record).",
            "",
            "| Variant | Id | In short |",
            "| --- | --- | --- |",
            *rows,
            "",
            "To write your own rules, start from [Choosing house rules](../house-rules.md); "
            "every field is in the [variant file reference](../reference/variant-file.md).",
            "",
        ]
    )


# --- the variant file reference --------------------------------------------------------------


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
    """The model definition a property refers to (directly or through ``allOf``)."""
    ref = node.get("$ref")
    if ref is None and len(node.get("allOf", ())) == 1:
        ref = node["allOf"][0].get("$ref")
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
        options = [_type_words(option)[0] for option in node["anyOf"]]
        return " or ".join(options), ""
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


def variant_fields() -> Iterator[FieldDoc]:
    """Every field of a variant file, in file order, from the JSON Schema of the models and the
    defaults of a variant holding only ``name:``."""
    from sueca_rules._schema import variant_json_schema

    schema = variant_json_schema()
    defaults = Variant(name="x").model_dump(mode="json")
    defaults["name"] = None

    def walk(
        node: dict[str, Any], prefix: tuple[str, ...], section: str, required: set[str]
    ) -> Iterator[FieldDoc]:
        for key, prop in node.get("properties", {}).items():
            path = (*prefix, key)
            dotted = ".".join(path)
            definition = _definition(schema, prop)
            if definition is not None:
                yield FieldDoc(
                    dotted,
                    "mapping",
                    "",
                    "",
                    prop.get("description") or definition.get("description", ""),
                    dotted if not prefix else section,
                )
                yield from walk(
                    definition,
                    path,
                    dotted if not prefix else section,
                    set(definition.get("required", ())),
                )
                continue
            if prop.get("type") == "array":
                item = _definition(schema, prop.get("items", {})) or {}
                low, high = prop.get("minItems"), prop.get("maxItems")
                default = _default_at(defaults, path)
                yield FieldDoc(
                    dotted,
                    f"list of {item.get('title', 'items').lower()}s",
                    "`"
                    + yaml.safe_dump(
                        default, default_flow_style=True, sort_keys=False, width=1000
                    ).strip()
                    + "`"
                    if default
                    else "",
                    f"{low} to {high} items" if low is not None and high is not None else "",
                    prop.get("description", ""),
                    section,
                )
                yield from walk(item, (*path[:-1], f"{key}[]"), section, set(item["required"]))
                continue
            kind, allowed = _type_words(prop)
            if key in required:
                default = "required"
            else:
                value = _default_at(defaults, path)
                default = (
                    "none"
                    if value is None
                    else "empty"
                    if value == ""
                    else f"`{yaml_value(value)}`"
                )
            yield FieldDoc(
                dotted, kind, default, allowed, prop.get("description", ""), section or ""
            )

    yield from walk(schema, (), "", set(schema.get("required", ())))


_CROSS_FIELD_RULES = """\
## Rules between fields

Besides each field's own type and range, a variant is checked as a whole. Each rule below gives
an error that names the field and says what would be valid:

- `scoring.tiers`: `min_points` strictly ascending, and the first above 60 (with 60 or less
  both teams could reach it);
- `scoring.tie.amount`: at least 2 with `mode: multiply` (it is a factor);
- `match.best_of`: odd (1, 3, 5, …), so that a match cannot end level;
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
# yaml-language-server: $schema={schema_rel}
name: Our café
extends: portugal
```

- In a clone of this repository the schema is committed at `{schema_path}`; the built-in files
  in `variants/` start with `# yaml-language-server: $schema=../{schema_path}`.
- Anywhere else, write it out with `sueca schema -o sueca-variant.json` (or
  `sueca schema > sueca-variant.json`) and point the modeline at that file, relative to the
  variant file.
- The schema's `$id` is `{schema_id}`. It declares JSON Schema draft-07, the draft
  yaml-language-server validates with.

The schema checks each field's type and allowed values; the [rules between
fields](#rules-between-fields) are checked by `sueca validate`, which also names the line and
column of every problem.

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
        *_FRONT_MATTER_NO_TOC,
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
            schema_rel=f"../{schema_path}",
            schema_id=SCHEMA_ID,
        )
    )
    return "\n".join(out)


# --- the CLI reference -----------------------------------------------------------------------


def _help_text(parser: argparse.ArgumentParser) -> str:
    """``parser.format_help()`` wrapped to :data:`CLI_COLUMNS`, whatever the terminal."""
    saved = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(CLI_COLUMNS)
    try:
        return parser.format_help().rstrip() + "\n"
    finally:
        if saved is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = saved


def cli_commands(
    parser: argparse.ArgumentParser, prefix: str = ""
) -> Iterator[tuple[str, str, argparse.ArgumentParser]]:
    """(command, one-line help, parser) of every subcommand, in the order ``--help`` lists
    them (nested subcommands too)."""
    for action in parser._actions:
        if not isinstance(action, argparse._SubParsersAction):
            continue
        helps = {a.dest: a.help or "" for a in action._choices_actions}
        seen: set[int] = set()
        for name, sub in action.choices.items():
            if id(sub) in seen:  # an alias
                continue
            seen.add(id(sub))
            full = f"{prefix}{name}"
            yield full, helps.get(name, ""), sub
            yield from cli_commands(sub, f"{full} ")


_EXIT_STATUSES = (
    ("0", "Success (for `sueca validate`: every file is valid)."),
    (
        "1",
        "Invalid input: a variant file with problems (each reported as "
        "`file:line:column: field: message`), a game record that is malformed or breaks its "
        "rules, a file given to `sueca validate` or `sueca replay` that does not exist, or a "
        "game that could not be saved to its `--record` file.",
    ),
    (
        "2",
        "A wrong command line: an unknown option or a bad value (argparse's `usage:` message), "
        "a VARIANT that is neither a built-in id nor an existing file (an unknown id, a path "
        "that does not exist, a folder), options that do not go together (`--auto --ladder`), "
        "or a `--record` or `--scores` file that cannot be written, refused before the game "
        "starts.",
    ),
    ("130", "Interrupted with Ctrl-C. A `sueca play --ladder` run is ended and scored first."),
)
"""The exit statuses of ``sueca`` (``sueca_rules.cli.main`` and the commands' ``CliError``)."""


def cli_reference() -> str:
    """The generated CLI reference: ``sueca --help`` and every command's ``--help``."""
    from sueca_rules.cli import build_parser

    parser = build_parser()
    commands = list(cli_commands(parser))
    out = [
        "# CLI reference",
        "",
        "<!-- Generated by scripts/gen_docs.py from sueca_rules.cli.build_parser(): "
        "do not edit. -->",
        "",
        "The `sueca` command is installed with the `cli` extra "
        "(`pip install -e '.[cli]'` in a clone); `python -m sueca_rules` runs the same. Errors "
        "go to stderr, so that stdout stays machine-readable (`--json`); the exit status says "
        "what went wrong (see [exit status](#exit-status)).",
        "",
        "| Command | What it does |",
        "| --- | --- |",
    ]
    for name, text, _ in commands:
        out.append(f"| [`sueca {name}`](#{slugify('sueca ' + name)}) | {md_escape(text)} |")
    out += [
        "",
        "## Exit status",
        "",
        "Every command exits with one of these statuses:",
        "",
        "| Status | Meaning |",
        "| ---: | --- |",
        *(f"| {status} | {meaning} |" for status, meaning in _EXIT_STATUSES),
    ]
    out += ["", "## `sueca`", "", "```text", _help_text(parser).rstrip(), "```", ""]
    for name, text, sub in commands:
        out += [f"## `sueca {name}`", ""]
        if text:
            out += [md_escape(text[0].upper() + text[1:]) + ".", ""]
        out += ["```text", _help_text(sub).rstrip(), "```", ""]
    return "\n".join(out)


# --- generation ------------------------------------------------------------------------------


def generate(docs: Path = DOCS) -> list[Path]:
    """Write every generated page under ``docs``; return the pages written (changed or not).
    Variant pages of variants that no longer exist are removed."""
    pages: dict[Path, str] = {docs / "variants" / "index.md": variants_index()}
    for vid in builtin_ids():
        pages[docs / "variants" / f"{vid}.md"] = variant_page(vid)
    pages[docs / "reference" / "variant-file.md"] = variant_file_reference()
    pages[docs / "reference" / "cli.md"] = cli_reference()
    for path, text in pages.items():
        write_if_changed(path, text)
    gallery = docs / "variants"
    for stale in gallery.glob("*.md"):
        if stale not in pages:
            stale.unlink()
    return list(pages)


def main(argv: Sequence[str] | None = None) -> int:
    """``python scripts/gen_docs.py [--docs DIR]``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--docs", type=Path, default=DOCS, help="the docs folder to write into (default: docs/)"
    )
    args = parser.parse_args(argv)
    pages = generate(args.docs)
    print(f"gen_docs: {len(pages)} pages in {args.docs}")
    return 0


# --- MkDocs hook -----------------------------------------------------------------------------


def _add_variant_pages(nav: Any, pages: list[str]) -> bool:
    """Put ``pages`` after ``variants/index.md`` in the nav list that holds it."""
    if isinstance(nav, list):
        if "variants/index.md" in nav:
            at = nav.index("variants/index.md") + 1
            nav[at:] = [p for p in pages if p not in nav] + [p for p in nav[at:] if p not in pages]
            return True
        return any(_add_variant_pages(item, pages) for item in nav)
    if isinstance(nav, dict):
        return any(_add_variant_pages(value, pages) for value in nav.values())
    return False


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """MkDocs hook: regenerate the pages, and list every variant page in the navigation."""
    generate(Path(config.docs_dir))
    pages = [f"variants/{vid}.md" for vid in builtin_ids()]
    if config.nav is not None and not _add_variant_pages(config.nav, pages):
        raise ValueError("mkdocs.yml: the nav must list variants/index.md (the variant gallery)")
    return config


# --- Griffe extension: the library's reST markup as Markdown -----------------------------------

_ROLE = re.compile(r":(?:func|class|meth|attr|mod|data|exc|obj):`(~?)([^`<]+?)(?:\s*<([^>]+)>)?`")


@dataclass
class _Public:
    """The public objects of the library that the API reference documents."""

    names: set[str]
    """Dotted paths that have an entry in the API reference (``sueca_rules.Match.play``)."""
    canonical: dict[str, str]
    """Where a public class is defined → its public path (``sueca_rules._match.Match`` →
    ``sueca_rules.Match``)."""


def _public_objects() -> _Public:
    import sueca_rules
    import sueca_rules.bots

    names: set[str] = set()
    canonical: dict[str, str] = {}
    for module in (sueca_rules, sueca_rules.bots):
        for name in module.__all__:
            obj = getattr(module, name)
            public = f"{module.__name__}.{name}"
            names.add(public)
            if inspect.isclass(obj) or inspect.isfunction(obj):
                canonical[f"{obj.__module__}.{obj.__qualname__}"] = public
                # Where it is written (public classes show ``sueca_rules`` as their module).
                written = getattr(module, "_LAZY", {}).get(name)
                if written is not None:
                    canonical[f"sueca_rules{written}.{name}"] = public
                for base in getattr(obj, "__mro__", ())[1:]:  # Match's engine
                    if base.__module__.startswith("sueca_rules._"):
                        canonical.setdefault(f"{base.__module__}.{base.__qualname__}", public)
            if inspect.isclass(obj):
                members = set(getattr(obj, "__annotations__", {}))
                for klass in obj.__mro__:  # inherited members too (Match from the engine)
                    if klass.__module__.startswith("sueca_rules"):
                        members |= set(vars(klass))
                fields = getattr(obj, "model_fields", None)
                if isinstance(fields, dict):
                    members |= set(fields)
                names.update(f"{public}.{m}" for m in members if not m.startswith("_"))
    return _Public(names, canonical)


def _field_descriptions(module: str, name: str) -> dict[str, str]:
    """The ``Field(description=...)`` of each field of a pydantic model (empty for anything
    else)."""
    import importlib

    try:
        cls = getattr(importlib.import_module(module), name, None)
    except ImportError:
        return {}
    fields = getattr(cls, "model_fields", None)
    if not isinstance(fields, dict):
        return {}
    return {
        field: info.description
        for field, info in fields.items()
        if isinstance(getattr(info, "description", None), str) and info.description
    }


def _resolve(target: str, context: str, public: _Public) -> str | None:
    """The public dotted path a role's target means from the object ``context``, if the API
    reference documents it."""
    target = target.strip().lstrip(".")
    candidates = [target, f"sueca_rules.{target}", f"sueca_rules.bots.{target}"]
    # Relative to the class (or module) the docstring belongs to: ``:meth:`play``` in Match.
    parts = context.split(".")
    for n in range(len(parts), 0, -1):
        owner = ".".join(parts[:n])
        owner = public.canonical.get(owner, owner)
        candidates.append(f"{owner}.{target}")
    for candidate in candidates:
        candidate = public.canonical.get(candidate, candidate)
        if candidate in public.names:
            return candidate
    return None


def _fence_blocks(text: str) -> str:
    """Doctests as ``pycon`` fences, and reST literal blocks (a paragraph ending in ``::``
    followed by an indented block) as fences, the ``::`` becoming ``:``."""
    lines = text.splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith(">>>"):
            block = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i])
                i += 1
            out += ["```pycon", *inspect.cleandoc("\n".join(block)).splitlines(), "```"]
            continue
        if line.rstrip().endswith("::") and i + 1 < len(lines):
            j = i + 1
            while j < len(lines) and not lines[j].strip():
                j += 1
            width = len(line) - len(line.lstrip())
            block = []
            while j < len(lines) and (
                not lines[j].strip() or len(lines[j]) - len(lines[j].lstrip()) > width
            ):
                block.append(lines[j])
                j += 1
            while block and not block[-1].strip():
                block.pop()
            if block:
                code = inspect.cleandoc("\n".join(block))
                first = code.splitlines()[0]
                lang = (
                    "text"
                    if "──" in code
                    else "yaml"
                    if re.match(r"^[\w-]+:(\s|$)", first)
                    else "python"
                )
                head = line.rstrip()[:-1].rstrip()
                out += [head if head.endswith(":") else head + ":", "", f"```{lang}"]
                out += [*code.splitlines(), "```", ""]
                i = j
                continue
        out.append(line)
        i += 1
    return "\n".join(out)


def docstring_to_markdown(text: str, context: str, public: _Public) -> str:
    """The library's docstring markup (reST roles, ``::`` blocks, doctests) as Markdown with
    autorefs links to the API reference."""

    def role(match: re.Match[str]) -> str:
        short, shown, explicit = match.group(1), match.group(2).strip(), match.group(3)
        target = explicit or shown
        if short:
            shown = shown.rsplit(".", 1)[-1]
        resolved = _resolve(target, context, public)
        return f"[`{shown}`][{resolved}]" if resolved else f"`{shown}`"

    return _unwrap_first_paragraph(_ROLE.sub(role, _fence_blocks(text)))


def _unwrap_first_paragraph(text: str) -> str:
    """The first paragraph on one line: the API reference's summary tables show a docstring's
    first line, and the library's first sentences often run over two."""
    lines = text.split("\n")
    end = next((i for i, line in enumerate(lines) if not line.strip()), len(lines))
    head = lines[:end]
    if len(head) < 2 or any(line.startswith(("```", "    ", ">>>", "- ")) for line in head):
        return text
    return "\n".join([" ".join(line.strip() for line in head), *lines[end:]])


if importlib.util.find_spec("griffe") is not None:
    import griffe

    class DocstringMarkup(griffe.Extension):
        """Rewrite every docstring with :func:`docstring_to_markdown` as Griffe loads it."""

        def __init__(self) -> None:
            super().__init__()
            self._public: _Public | None = None

        def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
            if obj.docstring is None:
                return
            if self._public is None:
                self._public = _public_objects()
            obj.docstring.value = docstring_to_markdown(obj.docstring.value, obj.path, self._public)

        def on_class(self, *, cls: griffe.Class, **kwargs: Any) -> None:
            # Private bases (the models' shared ``_Model``) say nothing to a reader.
            cls.bases = [b for b in cls.bases if not str(b).rsplit(".", 1)[-1].startswith("_")]
            # Pydantic fields are documented by ``Field(description=...)``, which Griffe does
            # not read: give each field without a docstring its description.
            if self._public is None:
                self._public = _public_objects()
            for name, text in _field_descriptions(cls.module.path, cls.name).items():
                member = cls.members.get(name)
                if isinstance(member, griffe.Object) and member.docstring is None:
                    value = docstring_to_markdown(text, member.path, self._public)
                    member.docstring = griffe.Docstring(value, parent=member)


if __name__ == "__main__":
    sys.exit(main())
