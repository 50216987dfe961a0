"""sueca-rules: the Portuguese card game Sueca and its house rules.

Variant files (declarative rule sets), an exact and fast engine that enforces any of them, game
records, bots and the `sueca` command. The whole public API is importable from here:

```python
from sueca_rules import Match, load_variant

match = Match("portugal", seed=1)
while not match.is_over:
    match.play(match.legal_cards()[0])
```
"""

from __future__ import annotations

import importlib
import os

from ._public import renamed

# The public names and their modules are listed once, in the stub `__init__.pyi` beside this
# file (which type checkers read; the same idea as scientific-python's lazy_loader). They are
# imported on first use (PEP 562), so that `import sueca_rules` and the `sueca` command
# start fast.


def _public_names() -> dict[str, str]:
    """`{name: module}` from the stub's lines `from .module import Name as Name`."""
    stub = os.path.join(os.path.dirname(__file__), "__init__.pyi")
    with open(stub, encoding="utf-8") as file:
        lines = [line.split() for line in file if line.startswith("from .")]
    return {words[3]: words[1] for words in lines if len(words) == 6 and words[3] == words[5]}


_LAZY: dict[str, str] = _public_names()
__all__ = sorted([*_LAZY, "__version__"])


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("sueca-rules")
    except PackageNotFoundError:  # a source tree that was never installed
        return "0+unknown"


_OLD_NAMES = {"Table": ("TableRules", lambda: __getattr__("TableRules"))}
"""Old public names, still answered with a `DeprecationWarning` (one meaning per name: a
`Table` is a table people sit at)."""
_old_name = renamed(__name__, _OLD_NAMES)


def __getattr__(name: str) -> object:
    if name in _OLD_NAMES:
        return _old_name(name)
    if name == "__version__":
        value: object = _version()
    else:
        try:
            module = _LAZY[name]
        except KeyError:
            raise AttributeError(f"module 'sueca_rules' has no attribute {name!r}") from None
        value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return list(__all__)
