"""Marking the public classes: `public()` sets a class's `__module__` to `sueca_rules`.

The library is written in private modules and re-exports its public names from the package (as httpx
does). Setting `__module__` makes reprs, tracebacks and `help()` show the path a user imports
(`sueca_rules.Match`), not the private module it happens to be written in.
"""

from __future__ import annotations

from typing import TypeVar

__all__ = ["public"]

_T = TypeVar("_T", bound=type)


def public(cls: _T) -> _T:
    """Class decorator: show `cls` as `sueca_rules.<name>` (it must be re-exported by the package
    under that name; `tests/test_api.py` checks it)."""
    cls.__module__ = "sueca_rules"
    return cls
