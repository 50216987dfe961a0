"""Checkpoints: a study's progress in a file, so that the same run resumes where it stopped.

The file is JSON: the study it belongs to (a fingerprint of the variants, teams, bot options,
seed, mode, duplicate play and size, and the same in words), the code that played it (the
package's version and a hash of its source), the ranges of units played, the time spent and the
running summary. A checkpoint is resumed only by the same code: other code (an upgrade, an edited
bot) would mix two programs' figures in one summary. It is replaced atomically (a temporary
file in the same folder, flushed, synced and renamed), so a kill at any moment leaves the
previous checkpoint or the new one, never a broken file. Resuming from it gives exactly the
figures of a run that was never stopped: summaries merge exactly.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import stat
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from .._errors import ConfigError
from .._files import atomic_write_text
from ._play import Study
from ._summary import StudySummary

__all__ = ["Checkpoint", "CheckpointError", "code_version", "source_hash", "study_fingerprint"]

FORMAT: Final = "sueca-rules study checkpoint"
VERSION: Final = 1
MAX_BYTES: Final = 64 * 1024 * 1024
"""A checkpoint holds a few kilobytes; a bigger file is not one."""


class CheckpointError(ConfigError):
    """A checkpoint file that cannot be used: not a checkpoint, another study's, or a place
    that cannot be written. `key` names the refusal and `params` its values (`path`, ...), for
    the command line to say it in its language."""

    def __init__(self, message: str, key: str = "", **params: str) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


@functools.cache
def code_version() -> dict[str, str]:
    """The code a study runs: the package's version and a SHA-256 of its source (every `.py` file
    of the package, by path), so that an edited source tree is told apart from the release it
    was made from."""
    from .. import __version__

    return {"version": str(__version__), "source": source_hash(Path(__file__).resolve().parents[1])}


def source_hash(package: Path) -> str:
    """A SHA-256 of every `.py` file under `package`, each with its path."""
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        digest.update(path.relative_to(package).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def study_description(study: Study, size: int) -> dict[str, Any]:
    """The study in words (what a checkpoint says it belongs to)."""
    return {
        "variants": [v.name for v in study.variants],
        "teams": list(study.teams),
        "bot_options": [dict(o) for o in study.options],
        "seed": study.seed,
        "mode": study.mode,
        "duplicate": study.duplicate,
        "size": size,
    }


def study_fingerprint(study: Study, size: int) -> str:
    """A hash of everything that decides a study's figures (the variants' full rules
    included, so a variant file edited between runs is noticed)."""
    data = study_description(study, size)
    data["variants"] = [v.model_dump(mode="json") for v in study.variants]
    text = json.dumps(data, sort_keys=True, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass(slots=True)
class Checkpoint:
    """The checkpoint file of one study (see the module docs)."""

    path: Path
    study: Study
    size: int
    every_s: float = 30.0
    """Seconds between saves while running (and always once at the end or on Ctrl-C)."""

    def check(self) -> None:
        """Fail now (`CheckpointError`) if the file cannot be resumed from or written."""
        self.load()
        folder = self.path.parent
        if not folder.is_dir():
            raise CheckpointError(
                f"checkpoint {self.path}: no folder {folder}",
                "no_folder",
                path=str(self.path),
                folder=str(folder),
            )
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", dir=folder)
        except OSError as exc:
            raise CheckpointError(
                f"checkpoint {self.path}: cannot write in {folder} ({exc.strerror})",
                "cannot_write",
                path=str(self.path),
                folder=str(folder),
                reason=str(exc.strerror),
            ) from None
        os.close(fd)
        os.unlink(tmp)

    def load(self) -> tuple[StudySummary, list[tuple[int, int]], float] | None:
        """The summary, ranges played and time spent saved in the file (`None` when there is no file
        yet)."""
        path = self.path
        try:
            info = path.stat()
        except FileNotFoundError:
            return None
        except OSError as exc:
            reason = str(exc.strerror)
            raise CheckpointError(
                f"checkpoint {path}: {reason}", "unreadable", path=str(path), reason=reason
            ) from None
        if not stat.S_ISREG(info.st_mode):
            raise CheckpointError(
                f"checkpoint {path}: not a regular file", "not_regular", path=str(path)
            )
        if info.st_size > MAX_BYTES:
            raise CheckpointError(
                f"checkpoint {path}: too big to be a checkpoint", "too_big", path=str(path)
            )
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise ValueError("not a checkpoint")
        except (OSError, ValueError, RecursionError):
            raise CheckpointError(
                f"checkpoint {path}: not a study checkpoint (give a new file, or the file an "
                "earlier run of the same study saved)",
                "not_checkpoint",
                path=str(path),
            ) from None
        if data.get("version") != VERSION:
            version = repr(data.get("version"))[:40]
            raise CheckpointError(
                f"checkpoint {path}: version {version} (this sueca-rules reads version {VERSION})",
                "version",
                path=str(path),
                version=version,
                ours=str(VERSION),
            )
        code = data.get("code")
        if code != code_version():
            raise CheckpointError(
                f"checkpoint {path} was made by other code ({_code(code)}; this is "
                f"{_code(code_version())}): resuming it would mix two programs' figures; run it "
                "with the code that made it, or start again with another file",
                "other_code",
                path=str(path),
                theirs=_code(code),
                ours=_code(code_version()),
            )
        if data.get("fingerprint") != study_fingerprint(self.study, self.size):
            raise CheckpointError(
                f"checkpoint {path} belongs to another study ({_brief(data.get('study'))}): "
                "run the same command (variants, teams, options, seed, size) to resume it, "
                "or give another file",
                "other_study",
                path=str(path),
                **_brief_parts(data.get("study")),
            )
        try:
            study = self.study
            summary = StudySummary.from_state(data["summary"], study.mode, study.duplicate)
            ranges = [(int(a), int(b)) for a, b in data["done"]]
            if not all(0 <= a < b <= self.size for a, b in ranges):
                raise ValueError("ranges out of the study")
            elapsed = float(data.get("elapsed_s", 0.0))
        except (KeyError, TypeError, ValueError, ArithmeticError):
            raise CheckpointError(
                f"checkpoint {path}: damaged (its summary cannot be read)",
                "damaged",
                path=str(path),
            ) from None
        return summary, ranges, elapsed

    def save(self, summary: StudySummary, done: list[tuple[int, int]], elapsed: float) -> None:
        data = {
            "format": FORMAT,
            "version": VERSION,
            "study": study_description(self.study, self.size),
            "fingerprint": study_fingerprint(self.study, self.size),
            "code": code_version(),
            "done": [list(r) for r in done],
            "elapsed_s": elapsed,
            "summary": summary.to_state(),
        }
        atomic_write_text(self.path, json.dumps(data, separators=(",", ":")) + "\n")


def _code(code: object) -> str:
    """A checkpoint's code in words: `sueca-rules 1.2.0, source 3f5a9c1e2b7d`."""
    if not isinstance(code, dict):
        return "a sueca-rules that did not record its code"
    version = str(code.get("version", "?"))[:40]
    source = str(code.get("source", "?"))[:12]
    return f"sueca-rules {version}, source {source}"


def _brief_parts(study: object) -> dict[str, str]:
    """The parts of `_brief()`, for the words of other languages."""
    if not isinstance(study, dict):
        return {"variants": "?", "teams": "?", "seed": "?", "size": "?"}
    names = ", ".join(str(v) for v in study.get("variants", []))
    parts = (study.get("teams"), repr(study.get("seed")), study.get("size"))
    return dict(zip(("teams", "seed", "size"), map(str, parts), strict=True)) | {"variants": names}


def _brief(study: object) -> str:
    if not isinstance(study, dict):
        return "unknown"
    names = ", ".join(str(v) for v in study.get("variants", []))
    return (
        f"{names}; teams {study.get('teams')}; seed {study.get('seed')!r}; size {study.get('size')}"
    )
