"""House rules: load a variant file, print its rules card, and compare it with other rules.

``our_cafe.yaml`` (next to this script) names only what the café changes and ``extends:
portugal`` for the rest. This script validates it the way the library does (a
:class:`~sueca_rules.VariantError` lists every problem with its line and column), prints the
rules card to read aloud before a game, and says in words how it differs from the standard
Portuguese rules and from the French rules text::

    python examples/house_rules/house_rules.py
    python examples/house_rules/house_rules.py --lang pt --compare sueca-play
    python examples/house_rules/house_rules.py --file my_rules.yaml --no-card

It uses only the public API of ``sueca_rules``.
"""

from __future__ import annotations

import argparse
import os
import sys
import textwrap
from pathlib import Path

from sueca_rules import VariantError, describe, describe_diff, diff, load_variant

HERE = Path(__file__).resolve().parent
OUR_CAFE = HERE / "our_cafe.yaml"


def _width(text: str) -> int:
    """A line width: a whole number of 20 or more."""
    if not text.isdigit() or int(text) < 20:
        raise argparse.ArgumentTypeError(f"a width is a whole number of 20 or more, not {text!r}")
    return int(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--file", type=Path, default=OUR_CAFE, help="the house-rules file")
    parser.add_argument("--lang", choices=("en", "pt"), default="en", help="language")
    parser.add_argument(
        "--compare",
        action="append",
        metavar="VARIANT",
        help="a built-in id or file to compare with (repeatable; default: portugal, french)",
    )
    parser.add_argument("--width", type=_width, default=78, help="line width of the texts (20+)")
    parser.add_argument("--no-card", action="store_true", help="skip the rules card")
    args = parser.parse_args(argv)

    try:
        ours = load_variant(args.file)
    except VariantError as error:
        # Every problem, one per line: file:line:column: field: message.
        print(f"{args.file} is not a valid variant file:", file=sys.stderr)
        for issue in error.issues:
            print(f"  {issue}", file=sys.stderr)
        return 1

    if not args.no_card:
        print(describe(ours, args.lang, width=args.width))

    for other_id in args.compare or ["portugal", "french"]:
        try:
            other = load_variant(other_id)
        except VariantError as error:
            parser.error(f"--compare {other_id}: {error}")
        changed = ", ".join(d.path for d in diff(other, ours)) or "none"
        print(f"--- compared with {other.name}")
        print(textwrap.fill(f"fields: {changed}", args.width, subsequent_indent="  "))
        print(describe_diff(other, ours, args.lang, width=args.width))
    return 0


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly, as sueca does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(0) from None
