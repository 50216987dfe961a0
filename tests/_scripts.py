"""Running a reader's script in a Python of its own, as `python script.py` would."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_script(folder: Path, source: str) -> subprocess.CompletedProcess[str]:
    """Write `source` to `folder`/script.py and run it there (this checkout's package first on
    the path), its output captured; a script that runs two minutes is a failure."""
    (folder / "script.py").write_text(source, encoding="utf-8")
    return subprocess.run(
        [sys.executable, "script.py"],
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
