"""The ladder of `sueca play --ladder` (seed 002, Sueca▶Play): levels, score and best scores.

A run is a series of matches against rivals who climb a level each match you win (level 1 in the
first match, level 4 from the fourth on); losing a match or quitting ends it. Its score is
`streak × 10,000 + margin`, the margin being the sum over the matches won of your team's card points
minus the rivals' over the match (never below zero for a match), capped at 9,999.

The best ten scores are kept in a small JSON file: `--scores FILE`, else
`$SUECA_DATA_DIR/ladder.json`, else `$XDG_DATA_HOME/sueca-rules/ladder.json`, else
`~/.local/share/sueca-rules/ladder.json`. The file is never lost:

* a score is added under a lock (`ladder.json.lock`), reading the file afresh, so that two runs that
  end at once both count; the file is written atomically;
* what cannot be read (a bad entry, a file of a newer version, a file that is not JSON or too large)
  is reported in one line; the entries that can be read are kept, and the file is backed up
  (`ladder.json.unreadable-DATE`, never overwritten) before it is replaced;
* only a regular file of at most 1 MiB is read: a pipe or a device is refused without reading.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import shutil
from dataclasses import asdict, dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Final

from .._files import FileRefusedError, atomic_write_text, locked, read_regular_file
from .._text import control_character, is_unicode

__all__ = [
    "MARGIN_CAP",
    "STREAK_POINTS",
    "TOP",
    "LadderEntry",
    "Scores",
    "insert_score",
    "ladder_score",
    "load_scores",
    "read_scores",
    "record_score",
    "rival_level",
    "save_scores",
    "scores_path",
]

STREAK_POINTS: Final = 10_000
MARGIN_CAP: Final = 9_999
TOP: Final = 10
_FORMAT: Final = "sueca-rules ladder"
_VERSION: Final = 1
MAX_SCORES_BYTES: Final = 1024 * 1024
"""The largest scores file read (ten entries take about 1.5 KiB)."""
_MAX_TEXT: Final = 200


def rival_level(match_number: int) -> int:
    """The rivals' level in the `match_number`-th match of a run (from 1)."""
    return min(max(match_number, 1), 4)


def ladder_score(streak: int, margin: int) -> int:
    """The score of a run: streak × 10,000 plus the margin, capped at 9,999."""
    return streak * STREAK_POINTS + min(max(margin, 0), MARGIN_CAP)


@dataclass(frozen=True, slots=True)
class LadderEntry:
    """One finished run in the best-scores table."""

    score: int
    streak: int
    margin: int
    date: str
    """When the run ended, ISO 8601 in local time (to the second)."""
    variant: str

    @classmethod
    def from_data(cls, data: Any) -> LadderEntry:
        if not isinstance(data, dict):
            raise ValueError("an entry is not an object")
        try:
            entry = cls(
                score=data["score"],
                streak=data["streak"],
                margin=data["margin"],
                date=data["date"],
                variant=data.get("variant", "?"),
            )
        except KeyError as exc:
            raise ValueError(f"an entry has no {exc.args[0]!r}") from None
        for name in ("score", "streak", "margin"):
            value = getattr(entry, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"an entry's {name} is {value!r}")
        for name in ("date", "variant"):
            value = getattr(entry, name)
            if not isinstance(value, str) or len(value) > _MAX_TEXT:
                raise ValueError(f"an entry's {name} is not text of at most {_MAX_TEXT} characters")
            if control_character(value) is not None or not is_unicode(value):
                # Shown in the table of best scores: an escape sequence would reach the terminal.
                raise ValueError(f"an entry's {name} holds a control character")
        return entry


def scores_path(override: str | os.PathLike[str] | None = None) -> Path:
    """Where the best scores are kept (see the module docs)."""
    if override:
        return Path(override)
    data_dir = os.environ.get("SUECA_DATA_DIR")
    if data_dir:
        return Path(data_dir) / "ladder.json"
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg) if xdg and Path(xdg).is_absolute() else Path.home() / ".local" / "share"
    return base / "sueca-rules" / "ladder.json"


@dataclass(frozen=True)
class Scores:
    """What a scores file holds, as far as it can be read."""

    entries: list[LadderEntry] = field(default_factory=list)
    """The entries that could be read, best first (ten at most)."""
    warning: str | None = None
    """One line about what could not be read (`None` when all of it could)."""
    damaged: bool = False
    """Something in the file could not be read: it is backed up before it is replaced."""
    unusable: str | None = None
    """Why the path can be neither read nor replaced (a folder, a pipe, a device)."""
    said: tuple[str, dict[str, str | int]] | None = None
    """The warning (or why the file is unusable) as the command line's words: its key
    (`ladder.corrupt`, ...) and their values, the reason as the English says it and, for a file
    refused by its kind (`reason_kind`: `directory`, `not_regular`, `too_large_file`), what other
    languages say it with."""


def _parse(raw: bytes) -> tuple[list[LadderEntry], list[str]]:
    """The entries of a scores file that can be read, and why the others cannot. Raises `ValueError`
    when the file as a whole makes no sense."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise ValueError("nested too deep") from None
    if not isinstance(data, dict) or data.get("format") != _FORMAT:
        raise ValueError("not a sueca-rules ladder file")
    if data.get("version", _VERSION) != _VERSION:
        raise ValueError(f"version {data.get('version')!r}, not {_VERSION}")
    raw_entries = data.get("scores")
    if not isinstance(raw_entries, list):
        raise ValueError("no list of scores")
    entries: list[LadderEntry] = []
    bad: list[str] = []
    for item in raw_entries:
        try:
            entries.append(LadderEntry.from_data(item))
        except ValueError as exc:
            bad.append(str(exc))
    return entries, bad


def read_scores(path: Path) -> Scores:
    """The best scores in `path` (none if the file does not exist yet), keeping every entry that can
    be read; see `Scores`."""
    try:
        raw = read_regular_file(path, MAX_SCORES_BYTES)
    except FileNotFoundError:
        return Scores()
    except FileRefusedError as exc:
        warning = f"the ladder scores in {path} cannot be read ({exc.reason})"
        params: dict[str, str | int] = {
            "path": str(path),
            "reason": exc.reason,
            "reason_kind": exc.kind,
            "limit": exc.limit,
        }
        if "not a regular file" in exc.reason or "directory" in exc.reason:
            return Scores(warning=warning, unusable=exc.reason, said=("ladder.unusable", params))
        return Scores(
            warning=f"{warning}; it will be backed up, not overwritten",
            damaged=True,
            said=("ladder.unreadable", params),
        )
    try:
        entries, bad = _parse(raw)
    except ValueError as exc:  # json.JSONDecodeError and UnicodeDecodeError are ValueErrors
        reason = (str(exc).splitlines()[0] if str(exc) else type(exc).__name__)[:100]
        return Scores(
            warning=f"the ladder scores in {path} are corrupt ({reason}); the file will "
            "be backed up, not overwritten",
            damaged=True,
            said=("ladder.corrupt", {"path": str(path), "reason": reason}),
        )
    entries.sort(key=lambda e: (-e.score, e.date))
    if not bad:
        return Scores(entries[:TOP])
    total = len(bad) + len(entries)
    warning = (
        f"{len(bad)} of the {total} ladder scores in {path} cannot be read "
        f"({bad[0]}); the others are kept, and the file will be backed up"
    )
    said: dict[str, str | int] = {"path": str(path), "bad": len(bad), "total": total}
    said["reason"] = bad[0]
    return Scores(entries[:TOP], warning, damaged=True, said=("ladder.bad_entries", said))


def load_scores(path: Path) -> tuple[list[LadderEntry], str | None]:
    """The best scores in `path` and a one-line warning about what could not be read (see
    `read_scores()`)."""
    scores = read_scores(path)
    return scores.entries, scores.warning


def _back_up(path: Path) -> Path:
    """Keep the file `path` under a new name beside it (never over an existing file)."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        backup = path.with_name(f"{path.name}.unreadable-{stamp}" + (f"-{n}" if n else ""))
        try:
            os.link(path, backup)  # a second name for the same file: nothing is copied
        except FileExistsError:
            continue
        except OSError:  # a file system without hard links
            try:
                with open(backup, "xb") as out, open(path, "rb") as src:
                    shutil.copyfileobj(src, out)
            except FileExistsError:
                continue
        return backup
    raise OSError(errno.EEXIST, "too many backups of the ladder scores", str(path))


def record_score(
    path: Path, entry: LadderEntry | None
) -> tuple[list[LadderEntry], int | None, Path | None]:
    """Add `entry` to the scores in `path` (`None`: add nothing, only repair a damaged file), under
    a lock and from the file as it is now, so that runs ending at once all count.

    Returns the table, the entry's rank (from 1; `None` when it did not make the table) and the
    backup of what could not be read (`None` when all of it could). Raises `OSError` when the file
    cannot be written (nothing is lost then).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    with locked(path):
        scores = read_scores(path)
        if scores.unusable is not None:
            raise OSError(errno.EINVAL, scores.unusable, str(path))
        backup = _back_up(path) if scores.damaged else None
        entries, rank = scores.entries, None
        if entry is not None:
            entries, rank = insert_score(entries, entry)
        try:
            save_scores(path, entries)
        except BaseException:
            if backup is not None:
                with contextlib.suppress(OSError):
                    backup.unlink()  # the file was not replaced: it is its own backup
            raise
    return entries, rank, backup


def insert_score(
    entries: list[LadderEntry], entry: LadderEntry
) -> tuple[list[LadderEntry], int | None]:
    """The table with `entry` added (best first, ten at most) and its rank from 1, or `None` when it
    did not make the table. A tie ranks below the older scores."""
    ranked = sorted(entries, key=lambda e: -e.score)
    rank = next((i for i, e in enumerate(ranked) if e.score < entry.score), len(ranked))
    ranked.insert(rank, entry)
    if rank >= TOP:
        return ranked[:TOP], None
    return ranked[:TOP], rank + 1


def save_scores(path: Path, entries: list[LadderEntry]) -> None:
    """Write the table to `path` atomically (see `record_score()` to add a score); raises `OSError`
    when that fails."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"format": _FORMAT, "version": _VERSION, "scores": [asdict(e) for e in entries]}
    atomic_write_text(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
