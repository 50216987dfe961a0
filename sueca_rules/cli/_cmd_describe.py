"""`sueca describe` and `sueca diff`: rules cards and rule differences in words."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Final

from ._common import (
    Command,
    lang_of,
    load_variant_arg,
    once_from_stdin,
    print_json,
    terminal_width,
)

if TYPE_CHECKING:
    from .._variant import Variant
    from ._common import HelpWords

__all__ = ["COMMANDS"]


def _describe_arguments(p: argparse.ArgumentParser, said: HelpWords) -> None:
    """The arguments of `sueca describe`."""
    said.shared(p, "variant")
    said.lang_option(p, "rules_card")


def _diff_arguments(p: argparse.ArgumentParser, said: HelpWords) -> None:
    """The arguments of `sueca diff`, and its description, which shows a difference's JSON."""
    p.description = said("description", shape='{"path": ..., "a": ..., "b": ...}')
    said.shared(p, "a", key="variant", metavar="A")
    p.add_argument("b", metavar="B", help=said("b"))
    said.json_option(p)
    said.lang_option(p, "differences")


def _width() -> int:
    """The width of a rules card: the terminal's, less 2, kept between 40 and 98."""
    return max(40, min(terminal_width(), 100) - 2)


def _base_file(spec: str, variant: Variant) -> Variant | None:
    """The variant a file's `extends:` names (its card says what the file changed from it), followed
    as `extends:` is (a built-in, or a variant file in the file's folder tree); `None` when it
    extends nothing or the base cannot be read again."""
    from pathlib import Path

    from .._errors import VariantError
    from .._registry import load_named_variant

    if variant.extends is None:
        return None
    try:
        return load_named_variant(variant.extends, Path(spec).parent)
    except (VariantError, OSError):
        return None


def run_describe(args: argparse.Namespace) -> int:
    from .._describe import describe

    variant = load_variant_arg(args.variant, lang_of(args))
    base = _base_file(args.variant, variant)
    print(describe(variant, lang_of(args), width=_width(), base=base), end="")
    return 0


def run_diff(args: argparse.Namespace) -> int:
    from .._describe import describe_diff, diff

    once_from_stdin([args.a, args.b], lang_of(args))
    a = load_variant_arg(args.a, lang_of(args))
    b = load_variant_arg(args.b, lang_of(args))
    if args.json:
        print_json([d.as_dict() for d in diff(a, b)])
    else:
        print(describe_diff(a, b, lang_of(args), width=_width()), end="")
    return 0


COMMANDS: Final = (
    Command("describe", run_describe, _describe_arguments),
    Command("diff", run_diff, _diff_arguments, description=False),
)
"""`sueca describe` and `sueca diff` (see `Command`)."""
