"""A Griffe extension for the API reference: the little that Griffe does not read from the source.

The docstrings are Google style with Markdown, which mkdocstrings reads natively
(`docstring_style: google` in `mkdocs.yml`). Three things remain:

- Pydantic fields are documented by `Field(description=...)`, which also feeds the JSON Schema
  and the variant file reference. A field without a docstring gets its description, read from
  the model at run time: some descriptions are f-strings or another class's docstring, which
  reading the source cannot evaluate.
- Private bases (the models' shared `_Model`) say nothing to a reader: they are not shown.
- The summary tables of a class show the first line of each member's docstring, and the
  library's first sentences often run over two lines: the first paragraph is joined into one.

mkdocstrings loads this file by its path (`scripts/docgen/api_extension.py:ApiReference`), so
it imports nothing from the rest of `docgen`.
"""

from __future__ import annotations

import importlib
from typing import Any

import griffe


def field_descriptions(module: str, name: str) -> dict[str, str]:
    """The `Field(description=...)` of each field of a pydantic model (empty for anything
    else)."""
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


def first_paragraph_on_one_line(text: str) -> str:
    """The first paragraph on one line, unless it holds code, a list or a section."""
    lines = text.split("\n")
    end = next((i for i, line in enumerate(lines) if not line.strip()), len(lines))
    head = lines[:end]
    if len(head) < 2 or any(line.startswith(("```", " ", ">>>", "- ")) for line in head):
        return text
    return "\n".join([" ".join(line.strip() for line in head), *lines[end:]])


class ApiReference(griffe.Extension):
    """Field descriptions as docstrings, no private bases, one-line summaries."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = first_paragraph_on_one_line(obj.docstring.value)

    def on_class(self, *, cls: griffe.Class, **kwargs: Any) -> None:
        cls.bases = [b for b in cls.bases if not str(b).rsplit(".", 1)[-1].startswith("_")]
        for name, text in field_descriptions(cls.module.path, cls.name).items():
            member = cls.members.get(name)
            if isinstance(member, griffe.Object) and member.docstring is None:
                member.docstring = griffe.Docstring(text, parent=member)
