"""A Griffe extension that reads the reST docstrings of the modules not migrated yet. DELETE IT
once they are migrated (and its line in `mkdocs.yml` and its test in `tests/test_docs.py`).

The library's docstrings are Google style with Markdown. A few modules still have reST roles
(:class:`~sueca_rules.Match`, :meth:`play`), ``double backticks``, `::` literal blocks and
doctests outside an `Examples:` section, because other branches were writing in them when the
rest was migrated: `LEGACY` lists them. This extension turns their markup into Markdown links
and fences as Griffe loads them, and leaves every other docstring alone. The one-off migration
that rewrote the rest of the source does the same to a file, once; run it on these modules,
then delete this file.

mkdocstrings loads this file by its path (`scripts/docgen/legacy_rest.py:RestDocstrings`).
"""

from __future__ import annotations

import inspect
import re
from dataclasses import dataclass
from typing import Any

import griffe

LEGACY = (
    "sueca_rules.bots",
    "sueca_rules._kernel",
    "sueca_rules.web",
    "sueca_rules.cli._cmd_serve",
)
"""The modules (and packages) whose docstrings are still reST."""

_ROLE = re.compile(r":(?:func|class|meth|attr|mod|data|exc|obj):`(~?)([^`<]+?)(?:\s*<([^>]+)>)?`")


@dataclass
class _Public:
    """The public objects of the library that the API reference documents."""

    names: set[str]
    """Dotted paths that have an entry in the API reference (``sueca_rules.Match.play``)."""
    canonical: dict[str, str]
    """Where a public class is defined → its public path (``sueca_rules._match.Match`` →
    ``sueca_rules.Match``)."""


def _public_objects() -> _Public:
    import sueca_rules
    import sueca_rules.bots

    names: set[str] = set()
    canonical: dict[str, str] = {}
    for module in (sueca_rules, sueca_rules.bots):
        for name in module.__all__:
            obj = getattr(module, name)
            public = f"{module.__name__}.{name}"
            names.add(public)
            if inspect.isclass(obj) or inspect.isfunction(obj):
                canonical[f"{obj.__module__}.{obj.__qualname__}"] = public
                # Where it is written (public classes show ``sueca_rules`` as their module).
                written = getattr(module, "_LAZY", {}).get(name)
                if written is not None:
                    canonical[f"sueca_rules{written}.{name}"] = public
                for base in getattr(obj, "__mro__", ())[1:]:  # Match's engine
                    if base.__module__.startswith("sueca_rules._"):
                        canonical.setdefault(f"{base.__module__}.{base.__qualname__}", public)
            if inspect.isclass(obj):
                members = set(getattr(obj, "__annotations__", {}))
                for klass in obj.__mro__:  # inherited members too (Match from the engine)
                    if klass.__module__.startswith("sueca_rules"):
                        members |= set(vars(klass))
                fields = getattr(obj, "model_fields", None)
                if isinstance(fields, dict):
                    members |= set(fields)
                names.update(f"{public}.{m}" for m in members if not m.startswith("_"))
    return _Public(names, canonical)


def _resolve(target: str, context: str, public: _Public) -> str | None:
    """The public dotted path a role's target means from the object ``context``, if the API
    reference documents it."""
    target = target.strip().lstrip(".")
    candidates = [target, f"sueca_rules.{target}", f"sueca_rules.bots.{target}"]
    # Relative to the class (or module) the docstring belongs to: ``:meth:`play``` in Match.
    parts = context.split(".")
    for n in range(len(parts), 0, -1):
        owner = ".".join(parts[:n])
        owner = public.canonical.get(owner, owner)
        candidates.append(f"{owner}.{target}")
    for candidate in candidates:
        candidate = public.canonical.get(candidate, candidate)
        if candidate in public.names:
            return candidate
    return None


def _fence_blocks(text: str) -> str:
    """Doctests as ``pycon`` fences, and reST literal blocks (a paragraph ending in ``::``
    followed by an indented block) as fences, the ``::`` becoming ``:``."""
    lines = text.splitlines()
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.lstrip().startswith(">>>"):
            block = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i])
                i += 1
            out += ["```pycon", *inspect.cleandoc("\n".join(block)).splitlines(), "```"]
            continue
        if line.rstrip().endswith("::") and i + 1 < len(lines):
            j = i + 1
            while j < len(lines) and not lines[j].strip():
                j += 1
            width = len(line) - len(line.lstrip())
            block = []
            while j < len(lines) and (
                not lines[j].strip() or len(lines[j]) - len(lines[j].lstrip()) > width
            ):
                block.append(lines[j])
                j += 1
            while block and not block[-1].strip():
                block.pop()
            if block:
                code = inspect.cleandoc("\n".join(block))
                first = code.splitlines()[0]
                lang = (
                    "text"
                    if "──" in code
                    else "yaml"
                    if re.match(r"^[\w-]+:(\s|$)", first)
                    else "python"
                )
                head = line.rstrip()[:-1].rstrip()
                out += [head if head.endswith(":") else head + ":", "", f"```{lang}"]
                out += [*code.splitlines(), "```", ""]
                i = j
                continue
        out.append(line)
        i += 1
    return "\n".join(out)


def docstring_to_markdown(text: str, context: str, public: _Public) -> str:
    """The library's docstring markup (reST roles, ``::`` blocks, doctests) as Markdown with
    autorefs links to the API reference."""

    def role(match: re.Match[str]) -> str:
        short, shown, explicit = match.group(1), match.group(2).strip(), match.group(3)
        target = explicit or shown
        if short:
            shown = shown.rsplit(".", 1)[-1]
        resolved = _resolve(target, context, public)
        return f"[`{shown}`][{resolved}]" if resolved else f"`{shown}`"

    return _ROLE.sub(role, _fence_blocks(text))


class RestDocstrings(griffe.Extension):
    """Rewrite the docstrings of the `LEGACY` modules with `docstring_to_markdown` as Griffe
    loads them."""

    def __init__(self) -> None:
        super().__init__()
        self._public: _Public | None = None

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is None or not obj.path.startswith(LEGACY):
            return
        if self._public is None:
            self._public = _public_objects()
        obj.docstring.value = docstring_to_markdown(obj.docstring.value, obj.path, self._public)
