"""The ladder of ``sueca play --ladder`` (seed 002, Sueca▶Play): levels, score and best scores.

A run is a series of matches against rivals who climb a level each match you win (level 1 in
the first match, level 4 from the fourth on); losing a match or quitting ends it. Its score is
``streak × 10,000 + margin``, the margin being the sum over the matches won of your team's card
points minus the rivals' over the match (never below zero for a match), capped at 9,999.

The best ten scores are kept in a small JSON file: ``--scores FILE``, else
``$SUECA_DATA_DIR/ladder.json``, else ``$XDG_DATA_HOME/sueca-rules/ladder.json``, else
``~/.local/share/sueca-rules/ladder.json``. A file that cannot be read or makes no sense is
reported in one line and replaced.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Final

__all__ = [
    "MARGIN_CAP",
    "STREAK_POINTS",
    "TOP",
    "LadderEntry",
    "insert_score",
    "ladder_score",
    "load_scores",
    "rival_level",
    "save_scores",
    "scores_path",
]

STREAK_POINTS: Final = 10_000
MARGIN_CAP: Final = 9_999
TOP: Final = 10
_FORMAT: Final = "sueca-rules ladder"
_VERSION: Final = 1


def rival_level(match_number: int) -> int:
    """The rivals' level in the ``match_number``-th match of a run (from 1)."""
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
        if not isinstance(entry.date, str) or not isinstance(entry.variant, str):
            raise ValueError("an entry's date or variant is not text")
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


def load_scores(path: Path) -> tuple[list[LadderEntry], str | None]:
    """The best scores in ``path`` (none if the file does not exist yet), and a one-line
    warning when the file could not be read or made no sense (it is then replaced on the next
    save)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return [], None
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        return [], f"the ladder scores in {path} cannot be read ({reason}); starting afresh"
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("format") != _FORMAT:
            raise ValueError("not a sueca-rules ladder file")
        if data.get("version", _VERSION) != _VERSION:
            raise ValueError(f"version {data.get('version')!r}, not {_VERSION}")
        raw = data.get("scores")
        if not isinstance(raw, list):
            raise ValueError("no list of scores")
        entries = [LadderEntry.from_data(item) for item in raw]
    except (ValueError, RecursionError) as exc:  # json.JSONDecodeError is a ValueError
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        return [], f"the ladder scores in {path} are corrupt ({reason}); they will be replaced"
    entries.sort(key=lambda e: (-e.score, e.date))
    return entries[:TOP], None


def insert_score(
    entries: list[LadderEntry], entry: LadderEntry
) -> tuple[list[LadderEntry], int | None]:
    """The table with ``entry`` added (best first, ten at most) and its rank from 1, or
    ``None`` when it did not make the table. A tie ranks below the older scores."""
    ranked = sorted(entries, key=lambda e: -e.score)
    rank = next((i for i, e in enumerate(ranked) if e.score < entry.score), len(ranked))
    ranked.insert(rank, entry)
    if rank >= TOP:
        return ranked[:TOP], None
    return ranked[:TOP], rank + 1


def save_scores(path: Path, entries: list[LadderEntry]) -> None:
    """Write the table to ``path`` atomically (a temporary file renamed over it); raises
    :class:`OSError` when that fails."""
    path.parent.mkdir(parents=True, exist_ok=True)
    data = {"format": _FORMAT, "version": _VERSION, "scores": [asdict(e) for e in entries]}
    fd, tmp = tempfile.mkstemp(prefix=".ladder-", suffix=".json", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=2, ensure_ascii=False)
            f.write("\n")
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
