"""Whether worker processes started the `spawn` way would run the caller's script again.

A spawned worker imports the program's main module again (as `__mp_main__`) before it takes any
work, so a script that calls `analyse(record, jobs=2)` or `simulate(..., jobs=2)` at its top
level, outside `if __name__ == "__main__":`, would make each worker call it again: Python refuses
that in the worker, and the pool starts one worker after another, for ever (`analyse`) or gives
up on them as lost (`simulate`). `in_one_process()` sees that case from the caller's side, so
that the work is done in this process instead.
"""

from __future__ import annotations

import ast
import sys
import warnings
from pathlib import Path
from types import FrameType

__all__ = ["in_one_process"]


def in_one_process(call: str, jobs: int) -> bool:
    """Whether `call` (say "analyse()") must do its work in this process rather than in `jobs`
    workers, because they would run the script that asked for it again; a `RuntimeWarning`
    then says why, and what to write instead."""
    if jobs <= 1:
        return False
    frame = _unguarded_frame()
    if frame is None:
        return False
    warnings.warn_explicit(
        f"{call} with jobs={jobs} works in this process: worker processes would run this "
        'script\'s top-level code again; call it under `if __name__ == "__main__":` to use them',
        RuntimeWarning,
        frame.f_code.co_filename,
        frame.f_lineno,
    )
    return True


def _unguarded_frame() -> FrameType | None:
    """The frame of the main module's top-level code (a script run with `python script.py` or
    `python -m module`) this call comes from, when that code is outside its
    `if __name__ == "__main__":` block: code that spawned workers would run again. `None` when
    the main module's source cannot be read (`python -c`, standard input, a notebook's cell):
    workers do not run it."""
    main = sys.modules.get("__main__")
    if main is None:
        return None
    namespace = vars(main)
    frame: FrameType | None = sys._getframe(1)
    while frame is not None and not (
        frame.f_code.co_name == "<module>" and frame.f_globals is namespace
    ):
        frame = frame.f_back
    if frame is None:
        return None  # called from elsewhere: a thread, a function run by a library
    try:
        source = Path(frame.f_code.co_filename).read_text(encoding="utf-8")
        tree = ast.parse(source)
    except (OSError, SyntaxError, ValueError):
        return None
    line = frame.f_lineno
    for node in tree.body:
        if isinstance(node, ast.If) and _is_main_test(node.test) and node.body:
            first, last = node.body[0].lineno, node.body[-1].end_lineno or node.body[-1].lineno
            if first <= line <= last:
                return None
    return frame


def _is_main_test(test: ast.expr) -> bool:
    """`__name__ == "__main__"` (either way round)."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return False
    if not isinstance(test.ops[0], ast.Eq):
        return False
    sides = [test.left, test.comparators[0]]
    names = [s for s in sides if isinstance(s, ast.Name) and s.id == "__name__"]
    texts = [s for s in sides if isinstance(s, ast.Constant) and s.value == "__main__"]
    return len(names) == 1 and len(texts) == 1
