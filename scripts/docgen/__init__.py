"""The documentation pages made from the code, one module per job.

- `markdown`: small Markdown helpers (escaping, code spans, anchors, writing only what changed);
- `gallery`: the variant gallery, one page per built-in variant and an index;
- `variant_file`: the reference of every field of a variant file;
- `cli_reference`: the `--help` of every `sueca` command and the exit statuses;
- `pages`: all of them written under `docs/`, and the navigation entries of the gallery.

The Griffe extension of the API reference (`api_extension.py`) is loaded by mkdocstrings from its
file, and imports nothing from here. `scripts/gen_docs.py` is the command and the MkDocs hook.
"""
