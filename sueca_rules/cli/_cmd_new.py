"""`sueca new`: write a starter house-rules file that extends a built-in variant.

Every field of a variant file is in it, commented out, with the base's value and the values it
may take, read from the variant file's JSON Schema (so a field added to the models appears here
with no change to this module). Uncommenting a line (and its section's line) changes that rule.
"""

from __future__ import annotations

import argparse
import re
import shlex
import textwrap
from pathlib import Path
from typing import Any, Final

from ._common import CliError, add_command, check_writable

__all__ = ["register", "starter_text"]

_WIDTH: Final = 96
_SECTIONS: Final = ("table", "deal", "revoke", "scoring", "match")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(
        subparsers,
        "new",
        run_new,
        help="write a starter house-rules file, every rule commented out",
        description=(
            "Write a house-rules file that extends a built-in variant: every rule of a\n"
            "variant file is in it, commented out, with the base's value and the values it\n"
            "may take. Uncomment the rules your table plays differently and change them.\n"
            "The file starts with the modeline that gives editors completion and checks\n"
            "(yaml-language-server), and the schema it names is written beside it when it\n"
            "is not there yet. An existing file is never replaced without --force.\n"
            "\n"
            "examples:\n"
            "  sueca new house.yaml\n"
            "  sueca new tasca.yaml --extends portugal-table --name 'Tasca do Zé'"
        ),
    )
    p.add_argument("file", metavar="FILE", help="the file to write (.yaml or .yml)")
    p.add_argument(
        "--extends",
        metavar="ID",
        default="portugal",
        help="the built-in variant it starts from (default: portugal; see 'sueca variants')",
    )
    p.add_argument("--name", help="the rule set's name (default: from the file name)")
    p.add_argument("--force", action="store_true", help="replace FILE if it exists")


def run_new(args: argparse.Namespace) -> int:
    from .._files import atomic_write_text
    from .._registry import builtin_ids
    from .._schema import SCHEMA_FILENAME, schema_text

    path = Path(args.file)
    if path.suffix.lower() not in (".yaml", ".yml"):
        raise CliError(f"{args.file}: a house-rules file is YAML: name it FILE.yaml", status=2)
    if args.extends not in builtin_ids():
        raise CliError(
            f"--extends {args.extends!r}: not a built-in variant ({', '.join(builtin_ids())})",
            status=2,
        )
    if path.exists() and not args.force:
        raise CliError(f"{args.file} exists: add --force to replace it", status=2)
    check_writable(path, "FILE", parents=False)
    name = _checked_name(args.name, path)
    atomic_write_text(path, starter_text(name, args.extends, SCHEMA_FILENAME))
    schema = path.parent / SCHEMA_FILENAME
    wrote_schema = not schema.exists()
    if wrote_schema:
        atomic_write_text(schema, schema_text())
    quoted = shlex.quote(str(path))
    print(f"Wrote {path}: the rules of {args.extends}, every rule commented out.")
    if wrote_schema:
        print(f"Wrote {schema}: the schema that gives your editor completion and checks.")
    print(
        "Next: uncomment the rules your table plays differently (and their section lines)\n"
        "and change them, then:\n"
        f"  sueca validate {quoted}   (check it)\n"
        f"  sueca describe {quoted}   (the rules card to read before a game)\n"
        f"  sueca diff {args.extends} {quoted}   (what you changed)\n"
        f"  sueca play {quoted}   (play it against the computer)"
    )
    return 0


def _checked_name(given: str | None, path: Path) -> str:
    """The rule set's name (`--name`, else made from the file name), checked by the variant model's
    own rule, so that the file written is one `sueca validate` accepts; a command-line error
    otherwise."""
    from pydantic import ValidationError

    from .._issues import validation_issues
    from .._variant import Variant

    name = _name_from(path) if given is None else given
    try:
        Variant(name=name)
    except ValidationError as exc:
        problems = "; ".join(i.message for i in validation_issues(exc) if i.path == "name")
        if given is None:
            raise CliError(
                f"{path}: the name made from the file name will not do ({problems}): give one "
                "with --name",
                status=2,
            ) from None
        shown = repr(given) if len(given) <= 40 else f"{given[:37]!r}… ({len(given)} characters)"
        raise CliError(f"--name {shown}: {problems}", status=2) from None
    return name


def _name_from(path: Path) -> str:
    words = re.split(r"[-_. ]+", path.stem)
    return " ".join(w[:1].upper() + w[1:] for w in words if w) or "House rules"


# --- the text -------------------------------------------------------------------------------


def starter_text(name: str, base: str, schema: str) -> str:
    """The commented house-rules file: `name`, extending the built-in `base`, with a modeline naming
    `schema`."""
    from .._registry import load_variant
    from .._schema import variant_json_schema

    full = variant_json_schema()
    definitions: dict[str, Any] = full.get("definitions", {})
    values = load_variant(base).model_dump(mode="json")
    lines = [
        f"# yaml-language-server: $schema={schema}",
        "#",
        f"# House rules: {base} with the changes below. Every rule is listed, commented out, with",
        f"# the value {base} gives it and the values it may take. To change a rule, remove the",
        "# '# ' in front of its line and of its section's lines (for scoring.tie.mode: 'scoring:',",
        "# 'tie:' and 'mode:'), then change the value. A file holding only name and extends",
        f"# plays {base}'s rules.",
        "",
        f"name: {_scalar(name)}",
        f"extends: {base}",
    ]
    props = full["properties"]
    lines += _field("description", props["description"], "", "", definitions, commented=True)
    for section in _SECTIONS:
        lines.append("")
        lines += _node(section, props[section], values[section], "", definitions)
    return "\n".join(lines) + "\n"


def _node(
    key: str, node: dict[str, Any], value: Any, indent: str, definitions: dict[str, Any]
) -> list[str]:
    """A field, or a section with its fields, commented out."""
    from .._schema import resolve_ref

    node = resolve_ref(node, definitions)
    if node.get("type") != "object" or "properties" not in node:
        return _field(key, node, value, indent, definitions, commented=True)
    lines = _comment(node.get("description", ""), indent)
    lines.append(f"# {indent}{key}:")
    for child, sub in node["properties"].items():
        lines += _node(child, sub, value.get(child), indent + "  ", definitions)
    return lines


def _field(
    key: str,
    node: dict[str, Any],
    value: Any,
    indent: str,
    definitions: dict[str, Any],
    *,
    commented: bool,
) -> list[str]:
    from .._schema import resolve_ref

    node = resolve_ref(node, definitions)
    text = node.get("description", "")
    choices = _choices(node, definitions)
    if choices:
        text += f" Values: {choices}."
    lines = _comment(text, indent)
    shown = _scalar(value if value is not None or key != "description" else "")
    lines.append(f"{'# ' if commented else ''}{indent}{key}: {shown}")
    return lines


def _comment(text: str, indent: str) -> list[str]:
    """`text` (Markdown code marks dropped) as comment lines at `indent`."""
    if not text:
        return []
    prefix = f"# {indent}# "
    flat = " ".join(text.replace("`", "").split())
    return textwrap.wrap(
        flat, _WIDTH - len(prefix), initial_indent=prefix, subsequent_indent=prefix
    )


def _choices(node: dict[str, Any], definitions: dict[str, Any]) -> str:
    """The values a field takes, in a few words (empty for free text)."""
    from .._schema import resolve_ref

    options = node.get("anyOf") or [node]
    parts: list[str] = []
    for option in options:
        option = resolve_ref(option, definitions)
        kind = option.get("type")
        if "enum" in option:
            parts += [_scalar(v) for v in option["enum"]]
        elif "const" in option:
            parts.append(_scalar(option["const"]))
        elif kind == "boolean":
            parts += ["true", "false"]
        elif kind == "null":
            parts.append("null")
        elif kind == "integer":
            low, high = option.get("minimum"), option.get("maximum")
            if low is not None and high is not None:
                parts.append(f"a whole number from {low} to {high}")
            elif low is not None:
                parts.append(f"a whole number from {low}")
            else:
                parts.append("a whole number")
        elif kind == "array":
            item = resolve_ref(option.get("items", {}), definitions)
            fields = ", ".join(f"{k}: ..." for k in item.get("properties", {}))
            parts.append(f"a list of {{{fields}}}" if fields else "a list")
    return " | ".join(parts)


def _scalar(value: Any) -> str:
    """`value` as YAML on one line (a list or mapping in flow style), written by the package's
    YAML writer so that the file's own reader reads it back equal (`--name 0E0` stays text)."""
    from .._yaml import dump_yaml_line

    return dump_yaml_line(value)
