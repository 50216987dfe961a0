"""Marking the public classes: `public()` sets a class's `__module__` to `sueca_rules`.

The library is written in private modules and re-exports its public names from the package (as httpx
does). Setting `__module__` makes reprs, tracebacks and `help()` show the path a user imports
(`sueca_rules.Match`), not the private module it happens to be written in.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import TypeVar

__all__ = ["public", "renamed"]

_T = TypeVar("_T", bound=type)


def public(cls: _T) -> _T:
    """Class decorator: show `cls` as `sueca_rules.<name>` (it must be re-exported by the package
    under that name; `tests/test_api.py` checks it)."""
    cls.__module__ = "sueca_rules"
    return cls


def renamed(
    module: str, names: dict[str, tuple[str, Callable[[], object]]]
) -> Callable[[str], object]:
    """A module's `__getattr__` (PEP 562) that answers each old name of `names` (old name: its
    new name and a function giving the object) with a `DeprecationWarning`, and any other name
    with the usual `AttributeError`."""

    def old_name(name: str) -> object:
        if name not in names:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        new, get = names[name]
        warnings.warn(f"{module}.{name} is now {module}.{new}", DeprecationWarning, stacklevel=2)
        return get()

    return old_name
