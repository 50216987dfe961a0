"""`sueca variants`, `sueca validate` and `sueca schema`."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any, Final

from .._text import shown
from ._common import (
    CliError,
    Command,
    cli_words,
    file_meant,
    lang_of,
    print_json,
    print_report,
)

if TYPE_CHECKING:
    from ._common import HelpWords

__all__ = ["COMMANDS"]


def _variants_arguments(p: argparse.ArgumentParser, said: HelpWords) -> None:
    """The arguments of `sueca variants`."""
    said.json_option(p)
    said.lang_option(p, "summaries", "json")


def _validate_arguments(p: argparse.ArgumentParser, said: HelpWords) -> None:
    """The arguments of `sueca validate`."""
    said.arg(p, "files", meta="file", nargs="+")
    said.json_option(p)
    said.lang_option(p, "problems", "json")


_SCHEMA: Final = (
    "Print the JSON Schema (draft-07) of variant files, for editors such as VS Code\n"
    "with yaml-language-server. Start a variant file with\n"
    "  # yaml-language-server: $schema=PATH-OR-URL-OF-THE-SCHEMA"
)
"""`sueca schema` speaks only English (the schema is written in English): its help too, but for
its line in `sueca --help`."""


def _schema_arguments(p: argparse.ArgumentParser, said: HelpWords) -> None:
    """The arguments of `sueca schema`, in English."""
    p.add_argument("-o", "--output", metavar="FILE", help="write the schema to FILE")


def run_variants(args: argparse.Namespace) -> int:
    from .._describe import summary
    from .._registry import builtin_ids, load_variant

    # --json is the same in every language: its summaries are English.
    lang = "en" if args.json else lang_of(args)
    rows = []
    for vid in builtin_ids():
        variant = load_variant(vid)
        rows.append({"id": vid, "name": variant.name, "summary": summary(variant, lang)})
    if args.json:
        print_json(rows)
        return 0
    width = max(len(r["id"]) for r in rows)
    for r in rows:
        print_report(f"{r['id']:<{width}}  {r['summary']}", indent=width + 2)
    return 0


def run_validate(args: argparse.Namespace) -> int:
    from .._describe_facts import shown_name
    from .._errors import VariantError
    from .._lang import issue_line
    from ._common import STDIN, STDIN_NAME, once_from_stdin, read_variant

    lang = lang_of(args)
    once_from_stdin(args.files, lang)
    results: list[dict[str, Any]] = []
    ok = True
    for given in args.files:
        name = STDIN_NAME if given == STDIN else given
        try:
            variant = read_variant(given)
        except VariantError as exc:
            ok = False
            results.append(
                {"file": name, "valid": False, "issues": [i.as_dict() for i in exc.issues]}
            )
            if not args.json:
                for issue in exc.issues:
                    line = issue_line(issue, lang)
                    if issue.line is None and issue.message == "no such file":
                        line = file_meant(name, line, lang)  # house.yml for house.yaml
                    print_report(line)
            continue
        results.append({"file": name, "valid": True, "name": variant.name, "issues": []})
        if not args.json:
            print(shown(cli_words(lang, "valid", file=name, name=shown_name(variant.name, lang))))
    if args.json:
        print_json({"valid": ok, "files": results})
    elif len(results) > 1:
        bad = sum(not r["valid"] for r in results)
        problems = sum(len(r["issues"]) for r in results)
        files = cli_words(lang, "files", n=len(results))
        said = cli_words(lang, "problems", n=problems)
        good = cli_words(lang, "good", n=len(results) - bad)
        text = cli_words(lang, "checked", files=files, valid=good, bad=bad, problems=said)
        print(text, file=sys.stderr)
    return 0 if ok else 1


def run_schema(args: argparse.Namespace) -> int:
    from .._files import atomic_write_text
    from .._schema import schema_text
    from ._common import check_writable

    text = schema_text()
    if args.output:
        check_writable(args.output, "-o", parents=False)
        try:
            atomic_write_text(args.output, text)
        except OSError as exc:
            raise CliError(f"cannot write {args.output}: {exc.strerror or exc}") from None
        return 0
    sys.stdout.write(text)
    return 0


COMMANDS: Final = (
    Command("variants", run_variants, _variants_arguments),
    Command("validate", run_validate, _validate_arguments),
    Command("schema", run_schema, _schema_arguments, description=_SCHEMA),
)
"""`sueca variants`, `sueca validate` and `sueca schema` (see `Command`)."""
