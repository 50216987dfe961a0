"""The scripts of `benchmarks/`, loaded as modules for the tests of their helpers."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

_FOLDER = Path(__file__).resolve().parent.parent / "benchmarks"


def load_benchmark(name: str) -> ModuleType:
    """`benchmarks/<name>.py` as a module (the folder is no package), registered in
    `sys.modules` under `benchmarks_<name>` (a dataclass looks its module up there)."""
    spec = importlib.util.spec_from_file_location(f"benchmarks_{name}", _FOLDER / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
