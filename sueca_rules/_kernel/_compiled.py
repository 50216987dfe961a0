"""The optional compiled kernel: `_ckernel.c` built on first use with the machine's C compiler.

`compiled()` gives the module, or `None` where it cannot be had; the bots and `benchmarks/run.py`
ask it and fall back to the pure-Python kernel, which gives the same results bit for bit
(`tests/test_compiled_kernel.py`). The C file is compiled once per source, Python version and
platform into a per-user cache folder (`$SUECA_RULES_CACHE`, else `$XDG_CACHE_HOME/sueca-rules`,
else `~/.cache/sueca-rules`) with `cc` (or `$CC`), written to a temporary file and renamed into
place, so that processes starting together neither clash nor load half a file. No compiler, a
failed build (its message is kept in `build_error()`) or `SUECA_RULES_KERNEL=pure` in the
environment: the pure kernel, silently. `SUECA_RULES_KERNEL=compiled` makes a failed build an
`ImportError` instead (for CI, where the compiled kernel must be tested).

The module's functions take the pure kernel's arguments (a `Position`, a `random.Random`) and give
its results; `sueca_rules.bots._sampling.Kernel` puts the bots' calls on one or the other.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Final

__all__ = ["build_error", "cache_dir", "compiled"]

_SOURCE: Final = Path(__file__).with_name("_ckernel.c")
_BUILD_SECONDS: Final = 120
"""The longest a build may take before it is given up."""
_state: dict[str, object] = {}
"""The module once loaded (`"module"`), or why it could not be (`"error"`): one try a process."""


def cache_dir() -> Path:
    """The folder the compiled kernel is kept in."""
    explicit = os.environ.get("SUECA_RULES_CACHE")
    if explicit:
        return Path(explicit)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "sueca-rules"


def build_error() -> str | None:
    """Why the compiled kernel is not in use (after `compiled()` was asked), or `None`."""
    error = _state.get("error")
    return error if isinstance(error, str) else None


def compiled() -> ModuleType | None:
    """The compiled kernel module, built on the first call of a process if need be; `None` when it
    cannot be had (see the module's docstring)."""
    if "module" in _state:
        module = _state["module"]
        return module if isinstance(module, ModuleType) else None
    mode = os.environ.get("SUECA_RULES_KERNEL", "auto").strip().lower()
    module = None
    if mode == "pure":
        _state["error"] = "SUECA_RULES_KERNEL=pure"
    else:
        try:
            module = _load()
        except (OSError, ImportError, subprocess.SubprocessError) as error:
            _state["error"] = f"{type(error).__name__}: {error}"
            if mode == "compiled":
                raise ImportError(f"the compiled kernel could not be built: {error}") from error
    _state["module"] = module
    return module


def _load() -> ModuleType:
    """Build the extension if its file is not in the cache yet, then import it."""
    source = _SOURCE.read_bytes()
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    tag = hashlib.sha256(
        source + sys.version.encode() + sysconfig.get_platform().encode()
    ).hexdigest()[:16]
    target = cache_dir() / f"_ckernel_{tag}{suffix}"
    if not target.exists():
        _build(target)
    loader = importlib.machinery.ExtensionFileLoader("_ckernel", str(target))
    spec = importlib.util.spec_from_file_location("_ckernel", target, loader=loader)
    if spec is None:
        raise ImportError(f"cannot load {target}")
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def _build(target: Path) -> None:
    """Compile `_ckernel.c` into `target` (atomically: a temporary file renamed into place)."""
    compiler = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    program = compiler.split()[0] if compiler.split() else "cc"
    if shutil.which(program) is None:
        program = "cc"
        if shutil.which(program) is None:
            raise OSError("no C compiler (cc) on this machine")
        compiler = program
    target.parent.mkdir(parents=True, exist_ok=True)
    include = sysconfig.get_paths()["include"]
    handle, temporary = tempfile.mkstemp(dir=target.parent, suffix=target.suffix + ".tmp")
    os.close(handle)
    try:
        command = [
            *compiler.split(),
            "-O2",
            "-ffp-contract=off",  # the likelihoods' products exactly as Python computes them
            "-shared",
            "-fPIC",
            f"-I{include}",
            str(_SOURCE),
            "-o",
            temporary,
            "-lm",
        ]
        done = subprocess.run(command, capture_output=True, text=True, timeout=_BUILD_SECONDS)
        if done.returncode:
            raise OSError(f"{' '.join(command)} failed: {done.stderr.strip()[:2000]}")
        os.replace(temporary, target)
    finally:
        if os.path.exists(temporary):
            os.unlink(temporary)
