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
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from ._common import CliError, Command, check_writable, cli_words, lang_of, metavar

if TYPE_CHECKING:
    from ._common import HelpWords

__all__ = ["COMMANDS", "starter_text"]

_WIDTH: Final = 96
_SECTIONS: Final = ("table", "deal", "revoke", "scoring", "match")


def _arguments(p: argparse.ArgumentParser, said: HelpWords) -> None:
    """The arguments of `sueca new`."""
    said.arg(p, "file")
    p.add_argument("--extends", metavar="ID", default="portugal", help=said("extends"))
    said.arg(p, "--name")
    said.shared(p, "--force", action="store_true")
    said.lang_option(p, "new")


def run_new(args: argparse.Namespace) -> int:
    from .._files import atomic_write_text
    from .._registry import builtin_ids
    from .._schema import SCHEMA_FILENAME, schema_text

    lang = lang_of(args)
    path = Path(args.file)
    if path.suffix.lower() not in (".yaml", ".yml"):
        raise CliError(cli_words(lang, "new.not_yaml", file=args.file), status=2)
    if args.extends not in builtin_ids():
        ids = ", ".join(builtin_ids())
        raise CliError(cli_words(lang, "new.not_builtin", given=repr(args.extends), ids=ids), 2)
    if path.exists() and not args.force:
        raise CliError(cli_words(lang, "new.exists", file=args.file), status=2)
    check_writable(path, metavar(lang, "file"), parents=False, lang=lang)
    name = _checked_name(args.name, path, lang)
    atomic_write_text(path, starter_text(name, args.extends, SCHEMA_FILENAME, lang))
    schema = path.parent / SCHEMA_FILENAME
    wrote_schema = not schema.exists()
    if wrote_schema:
        atomic_write_text(schema, schema_text())
    quoted = shlex.quote(str(path))
    print(cli_words(lang, "new.wrote", path=str(path), base=args.extends))
    if wrote_schema:
        print(cli_words(lang, "new.wrote_schema", path=str(schema)))
    print(cli_words(lang, "new.next", quoted=quoted, base=args.extends))
    return 0


COMMANDS: Final = (Command("new", run_new, _arguments),)
"""`sueca new` (see `Command`)."""


def _checked_name(given: str | None, path: Path, lang: str = "en") -> str:
    """The rule set's name (`--name`, else made from the file name), checked by the variant model's
    own rule, so that the file written is one `sueca validate` accepts; a command-line error (in
    `lang`) otherwise."""
    from pydantic import ValidationError

    from .._issues import validation_issues
    from .._lang import issue_text
    from .._variant import Variant

    name = _name_from(path) if given is None else given
    try:
        Variant(name=name)
    except ValidationError as exc:
        found = [i for i in validation_issues(exc) if i.path == "name"]
        problems = "; ".join(issue_text(i, lang) for i in found)
        if given is None:
            said = cli_words(lang, "new.file_name", path=str(path), problems=problems)
            raise CliError(said, status=2) from None
        long = cli_words(lang, "new.long_name", start=repr(given[:37]), n=len(given))
        shown = repr(given) if len(given) <= 40 else long
        raise CliError(f"--name {shown}: {problems}", status=2) from None
    return name


def _name_from(path: Path) -> str:
    words = re.split(r"[-_. ]+", path.stem)
    return " ".join(w[:1].upper() + w[1:] for w in words if w) or "House rules"


# --- the text -------------------------------------------------------------------------------


def starter_text(name: str, base: str, schema: str, lang: str = "en") -> str:
    """The commented house-rules file: `name`, extending the built-in `base`, with a modeline naming
    `schema`; its comments in `lang` (the fields' descriptions from `catalogues/<lang>/fields.json`,
    else the schema's own English)."""
    from .._lang._catalogue import load_field_help
    from .._registry import load_variant
    from .._schema import variant_json_schema

    full = variant_json_schema()
    values = load_variant(base).model_dump(mode="json")
    said = _Said(lang, full.get("definitions", {}), load_field_help(lang))
    lines = [
        f"# yaml-language-server: $schema={schema}",
        "#",
        *_prefixed(cli_words(lang, "new.header", base=base), "# ", _WIDTH),
        "",
        f"name: {_scalar(name)}",
        f"extends: {base}",
    ]
    props = full["properties"]
    lines += said.field("description", props["description"], "", "", commented=True)
    for section in _SECTIONS:
        lines.append("")
        lines += said.node(section, props[section], values[section], "")
    return "\n".join(lines) + "\n"


@dataclass(frozen=True, slots=True)
class _Said:
    """The file's fields said in `lang`: the schema's `definitions`, and the fields'
    descriptions in that language by dotted path (`help`; empty in English)."""

    lang: str
    definitions: dict[str, Any]
    help: Mapping[str, str]

    def node(self, key: str, node: dict[str, Any], value: Any, path: str) -> list[str]:
        """A field, or a section with its fields, commented out (`path`: its parent's dotted
        path, empty at the top)."""
        from .._schema import resolve_ref

        node = resolve_ref(node, self.definitions)
        indent = "  " * path.count(".") + ("  " if path else "")
        dotted = f"{path}.{key}" if path else key
        if node.get("type") != "object" or "properties" not in node:
            return self.field(key, node, value, path, commented=True)
        text = self.help.get(dotted, node.get("description", "") if self.lang == "en" else "")
        lines = _comment(text, indent)
        lines.append(f"# {indent}{key}:")
        for child, sub in node["properties"].items():
            lines += self.node(child, sub, value.get(child), dotted)
        return lines

    def field(
        self, key: str, node: dict[str, Any], value: Any, path: str, *, commented: bool
    ) -> list[str]:
        from .._schema import resolve_ref

        node = resolve_ref(node, self.definitions)
        indent = "  " * path.count(".") + ("  " if path else "")
        dotted = f"{path}.{key}" if path else key
        text = self.help.get(dotted, node.get("description", ""))
        choices = _choices(node, self.definitions, self.lang)
        if choices:
            text += " " + cli_words(self.lang, "new.values", choices=choices)
        return [*_comment(text, indent), *self._line(key, value, indent, commented)]

    @staticmethod
    def _line(key: str, value: Any, indent: str, commented: bool) -> list[str]:
        shown = _scalar(value if value is not None or key != "description" else "")
        return [f"{'# ' if commented else ''}{indent}{key}: {shown}"]


def _comment(text: str, indent: str) -> list[str]:
    """`text` (Markdown code marks dropped) as comment lines at `indent`."""
    if not text:
        return []
    prefix = f"# {indent}# "
    flat = " ".join(text.replace("`", "").split())
    return _prefixed(flat, prefix, _WIDTH - len(prefix))


def _prefixed(text: str, prefix: str, width: int) -> list[str]:
    """`text` in lines of at most `width` characters, each beginning with `prefix` (the file's
    header and its comments); a word with a hyphen stays whole ("recebe-os", "first-leader")."""
    return textwrap.wrap(
        text, width, initial_indent=prefix, subsequent_indent=prefix, break_on_hyphens=False
    )


def _choices(node: dict[str, Any], definitions: dict[str, Any], lang: str) -> str:
    """The values a field takes, in a few words of `lang` (empty for free text)."""
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
            bounds = {"low": "" if low is None else low, "high": "" if high is None else high}
            parts.append(cli_words(lang, "new.whole_number", **bounds))
        elif kind == "array":
            item = resolve_ref(option.get("items", {}), definitions)
            fields = ", ".join(f"{k}: ..." for k in item.get("properties", {}))
            parts.append(cli_words(lang, "new.list", fields=f"{{{fields}}}" if fields else ""))
    # Free text that may also be null (`description`) is free text.
    return "" if parts == ["null"] else " | ".join(parts)


def _scalar(value: Any) -> str:
    """`value` as YAML on one line (a list or mapping in flow style), written by the package's
    YAML writer so that the file's own reader reads it back equal (`--name 0E0` stays text)."""
    from .._yaml import dump_yaml_line

    return dump_yaml_line(value)
