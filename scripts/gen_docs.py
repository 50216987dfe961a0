"""Generate the documentation pages that come from the code, so that they never go stale.

Run it before every build (the pages it writes are git-ignored, see `docs/.gitignore`):

```sh
.venv/bin/python scripts/gen_docs.py && .venv/bin/mkdocs build --strict
```

It writes, under `docs/`:

- `variants/index.md` and one `variants/<id>.md` per built-in variant in `variants/`: the
  rules card in English and Portuguese, the differences from `portugal` and the YAML file
  (`docgen/gallery.py`);
- `reference/variant-file.md`: every field of a variant file (dotted path, type, default,
  allowed values, description) from the models and their JSON Schema, with editor set-up
  (`docgen/variant_file.py`);
- `reference/cli.md`: the exit statuses and the `--help` of every `sueca` command, from the
  argparse parser (`docgen/cli_reference.py`).

The same file is the MkDocs hook of `mkdocs.yml` (`hooks:`): `on_config` regenerates the pages
(so that `mkdocs serve` works on its own) and lists every variant page in the navigation. The
API reference reads the docstrings natively (Google style, Markdown); `docgen/api_extension.py`
is a small Griffe extension for what Griffe does not read. Nothing here needs the network.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol, TypeVar

ROOT = Path(__file__).resolve().parent.parent
for _path in (ROOT, ROOT / "scripts"):  # a checkout without the package installed; docgen
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from docgen.pages import add_variant_pages, gallery_nav, generate  # noqa: E402

DOCS = ROOT / "docs"


class _Config(Protocol):
    """What the hook reads of MkDocs' configuration (typed without MkDocs, which only the
    `docs` extra installs)."""

    docs_dir: str
    nav: Any


_C = TypeVar("_C", bound=_Config)


def main(argv: Sequence[str] | None = None) -> int:
    """`python scripts/gen_docs.py [--docs DIR]`."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument(
        "--docs", type=Path, default=DOCS, help="the docs folder to write into (default: docs/)"
    )
    args = parser.parse_args(argv)
    pages = generate(args.docs)
    print(f"gen_docs: {len(pages)} pages in {args.docs}")
    return 0


def on_config(config: _C) -> _C:
    """MkDocs hook: regenerate the pages, and list every variant page in the navigation."""
    generate(Path(config.docs_dir))
    if config.nav is not None and not add_variant_pages(config.nav, gallery_nav()):
        raise ValueError("mkdocs.yml: the nav must list variants/index.md (the variant gallery)")
    return config


if __name__ == "__main__":
    sys.exit(main())
