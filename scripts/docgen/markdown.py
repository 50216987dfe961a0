"""Small Markdown helpers for the generated pages."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|])")
_CODE_SPAN = re.compile(r"(`[^`]+`)")

FRONT_MATTER_NO_TOC = ("---", "hide:", "  - toc", "---", "")
"""Front matter that hides the table of contents (more room for wide code and tables)."""


def write_if_changed(path: Path, text: str) -> bool:
    """Write `text` to `path` unless it already holds it (`mkdocs serve` watches the folder:
    rewriting an unchanged file would rebuild the site for nothing)."""
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True


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
    """`text` as a Markdown code span, shown exactly as it is: nothing is escaped inside a code
    span (a backslash would show), so a text holding backticks gets a longer fence instead.
    Pipes need nothing either, also in table cells."""
    text = " ".join(text.split("\n"))
    if "`" not in text:
        return f"`{text}`"
    fence = "`" * (max(len(run) for run in re.findall(r"`+", text)) + 1)
    return f"{fence} {text} {fence}"


def slugify(text: str) -> str:
    """The anchor Python-Markdown's `toc` extension gives a heading (its default slugify)."""
    text = re.sub(r"<[^>]+>", "", text).replace("`", "")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def yaml_value(value: Any) -> str:
    """A value as it is written in a variant file (`true`, `random`, `[...]`)."""
    return json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else value


def indent(text: str, prefix: str = "    ") -> str:
    """Indent every non-blank line (content of a tab or an admonition)."""
    return "\n".join(prefix + line if line.strip() else "" for line in text.splitlines())


def plain_text_to_markdown(text: str, drop_section: str | None = None) -> str:
    """A rules card or rules difference (`describe(..., width=None)` /
    `describe_diff(..., width=None)`) as Markdown.

    The texts have a title underlined with `=`, unindented section headings, paragraphs
    indented by two spaces (one line each), list items (`  - `) and displayed lines (six
    spaces). Headings become bold lines (not Markdown headings: they would crowd the table of
    contents, twice over with two languages), everything else is escaped. The section headed
    `drop_section` is left out (the card's "Source" repeats the page's introduction).
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
