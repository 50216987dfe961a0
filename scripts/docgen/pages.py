"""Every generated page written under `docs/`, and the gallery's entries in the navigation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sueca_rules import builtin_ids

from .cli_reference import cli_reference
from .gallery import variant_page, variants_index
from .markdown import write_if_changed
from .variant_file import variant_file_reference

GENERATED = ("variants/", "reference/variant-file.md", "reference/cli.md")
"""What is written under `docs/` (`docs/.gitignore` lists the same)."""


def generate(docs: Path) -> list[Path]:
    """Write every generated page under `docs`; return the pages written (changed or not).
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


def gallery_nav() -> list[str]:
    """The gallery's variant pages, as the navigation lists them."""
    return [f"variants/{vid}.md" for vid in builtin_ids()]


def add_variant_pages(nav: Any, pages: list[str]) -> bool:
    """Put `pages` after `variants/index.md` in the nav list that holds it (a MkDocs nav: lists
    of pages and of `{title: pages}` mappings); whether it was found."""
    if isinstance(nav, list):
        if "variants/index.md" in nav:
            at = nav.index("variants/index.md") + 1
            nav[at:] = [p for p in pages if p not in nav] + [p for p in nav[at:] if p not in pages]
            return True
        return any(add_variant_pages(item, pages) for item in nav)
    if isinstance(nav, dict):
        return any(add_variant_pages(value, pages) for value in nav.values())
    return False
