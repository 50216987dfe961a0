"""The exceptions of sueca-rules.

Every error the library raises on bad input is a :class:`SuecaError`; each also subclasses
:class:`ValueError`, because each is a value that was not right::

    SuecaError
    ├── CardError           card notation that is not a card ("8S", "XX")
    ├── SourceError         a file or text that could not be read or validated; carries .issues
    │   ├── VariantError    a variant file (YAML) or rule set that is not valid
    │   └── RecordError     a game record that is malformed or breaks the rules when replayed
    └── IllegalPlayError    a card or claim the rules do not allow now; the state is unchanged

Errors carry their context as attributes (an :class:`Issue` has file, line, column, path; an
:class:`IllegalPlayError` has seat, card, reason and the legal cards), so that an application can
point at the problem, while ``str(error)`` is a message a person can read.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = [
    "CardError",
    "IllegalPlayError",
    "Issue",
    "RecordError",
    "SourceError",
    "SuecaError",
    "VariantError",
]


class SuecaError(Exception):
    """Base class of every error raised by sueca-rules."""


class CardError(SuecaError, ValueError):
    """Text that is not a card of the 40-card deck."""


@dataclass(frozen=True, slots=True)
class Issue:
    """One problem found in a file or text, with where it is.

    ``line`` and ``column`` are 1-based; ``path`` is the dotted path of the field
    (``scoring.tie.mode``, ``deals[2].plays[5]``), empty for the file as a whole.
    """

    message: str
    path: str = ""
    file: str | None = None
    line: int | None = None
    column: int | None = None

    @property
    def location(self) -> str:
        """``file:line:column`` as far as it is known (``<string>`` for text without a file)."""
        where = self.file or "<string>"
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return where

    def __str__(self) -> str:
        head = self.location
        if self.path:
            head += f": {self.path}"
        return f"{head}: {self.message}"

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready mapping (used by ``sueca validate --json``)."""
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "path": self.path,
            "message": self.message,
        }


class SourceError(SuecaError, ValueError):
    """A file or text that could not be read or validated.

    ``issues`` lists every problem found (at least one); ``str()`` gives one line per issue.
    """

    def __init__(self, issues: Iterable[Issue]) -> None:
        self.issues: tuple[Issue, ...] = tuple(issues)
        if not self.issues:
            raise ValueError("a SourceError needs at least one issue")
        super().__init__("\n".join(str(i) for i in self.issues))

    @classmethod
    def single(
        cls,
        message: str,
        *,
        path: str = "",
        file: str | None = None,
        line: int | None = None,
        column: int | None = None,
    ) -> SourceError:
        """An error with one issue."""
        return cls([Issue(message, path, file, line, column)])


class VariantError(SourceError):
    """A variant (rule set) file or mapping that is not valid."""


class RecordError(SourceError):
    """A game record that is malformed, or that breaks the rules of its variant when replayed.

    Errors found while replaying carry the 1-based ``deal`` and ``trick`` numbers, the ``seat``
    and the ``card`` where they apply (``None`` otherwise).
    """

    def __init__(
        self,
        issues: Iterable[Issue],
        *,
        deal: int | None = None,
        trick: int | None = None,
        seat: int | None = None,
        card: str | None = None,
    ) -> None:
        super().__init__(issues)
        self.deal = deal
        self.trick = trick
        self.seat = seat
        self.card = card


class IllegalPlayError(SuecaError, ValueError):
    """A play or claim that the rules do not allow at this point; the state is unchanged.

    ``seat`` is the seat that tried to act, ``card`` the card (``None`` for claims and for
    actions that are not plays), ``reason`` the rule that forbids it, and ``legal`` the cards
    that seat could play instead (empty when it is not that seat's turn to play).
    """

    def __init__(
        self,
        reason: str,
        *,
        seat: int | None = None,
        card: str | None = None,
        legal: Sequence[str] = (),
    ) -> None:
        self.reason = reason
        self.seat = seat
        self.card = card
        self.legal: tuple[str, ...] = tuple(legal)
        message = reason
        if self.legal:
            message += f" (legal: {' '.join(self.legal)})"
        super().__init__(message)
