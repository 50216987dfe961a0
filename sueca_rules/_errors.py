"""The exceptions of sueca-rules.

Every error the library raises on bad input is a [`SuecaError`][sueca_rules.SuecaError]; each also
subclasses `ValueError`, because each is a value that was not right:

```text
SuecaError
├── CardError           card notation that is not a card ("8S", "XX")
├── ConfigError         an argument or option that is not valid: a seat, a language, a bot
│                       level or option, simulation settings
├── SourceError         a file or text that could not be read or validated; carries .issues
│   ├── VariantError    a variant file (YAML) or rule set that is not valid
│   └── RecordError     a game record that is malformed or breaks the rules when replayed
└── IllegalPlayError    a card or claim the rules do not allow now; the state is unchanged
```

Errors carry their context as attributes (an [`Issue`][sueca_rules.Issue] has file, line, column and
the field's path, as text and as a tuple; an [`IllegalPlayError`][sueca_rules.IllegalPlayError] has
seat, card, the rule broken as a short code, a reason and the legal cards), so that an application
can point at the problem without reading the message, while `str(error)` is a message a person can
read.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from ._public import public
from ._text import cut, is_unicode, shown

__all__ = [
    "CardError",
    "ConfigError",
    "IllegalPlayError",
    "Issue",
    "PlayRule",
    "RecordError",
    "SourceError",
    "SuecaError",
    "VariantError",
    "check_file_name",
    "check_function",
    "check_number",
    "check_path",
    "check_whole",
]


@public
class SuecaError(Exception):
    """Base class of every error raised by sueca-rules."""


@public
class CardError(SuecaError, ValueError):
    """Text that is not a card of the 40-card deck."""


@public
class ConfigError(SuecaError, ValueError):
    """An argument or option that is not valid: a value of the wrong kind (text where a whole
    number goes, a number where a function goes, NaN), a seat that is not 0..3, an unknown
    language, a bot level or option that does not exist, simulation settings out of range. The
    message names the argument, says what was given and what would be valid."""


# --- arguments: each check a `ConfigError` that names the argument and what would be valid ---


def _given(value: object) -> str:
    return cut(repr(value))


def check_whole(
    value: object, what: str, low: int, high: int | None = None, *, or_none: bool = False
) -> int | None:
    """`value` if it is a whole number (not a bool, not a float) from `low` to `high` (no upper
    bound when `high` is `None`), or `None` when `or_none`; else a `ConfigError` naming `what` and
    the values it takes."""
    if value is None and or_none:
        return None
    if type(value) is int and low <= value and (high is None or value <= high):
        return value
    span = f"from {low:,} to {high:,}" if high is not None else f"of {low:,} or more"
    none = " or None" if or_none else ""
    raise ConfigError(f"{what} must be a whole number {span}{none}, not {_given(value)}")


def check_number(value: object, what: str, low: float, high: float) -> float:
    """`value` if it is a number (a whole number or a float, not a bool, not NaN) from `low` to
    `high`; else a `ConfigError` naming `what` and the range. A whole number too large to be a
    float (`10**400`) is refused too, as out of range."""
    if (
        isinstance(value, int | float)
        and not isinstance(value, bool)
        and not (isinstance(value, float) and math.isnan(value))
        and low <= value <= high
    ):
        try:
            return float(value)
        except OverflowError:
            pass  # a whole number beyond any float: out of the range a float holds
    raise ConfigError(f"{what} must be a number from {low:g} to {high:g}, not {_given(value)}")


def check_function(value: object, what: str) -> None:
    """A `ConfigError` unless `value` is `None` or can be called (a function, a method)."""
    if value is not None and not callable(value):
        raise ConfigError(f"{what} must be a function (or None), not {_given(value)}")


def check_file_name(file: object) -> None:
    """A `ConfigError` unless `file` (the name a text is given in messages) is text or `None`."""
    if file is not None and (not isinstance(file, str) or not is_unicode(file)):
        raise ConfigError(
            f"file (the text's name in messages) must be text or None, not {_given(file)}"
        )


def check_path(value: object, what: str) -> str:
    """`value` as text if it is a file or folder path (a `str` or `os.PathLike` of text, not
    empty, that the system can name a file with); else a `ConfigError` naming `what`. A name
    whose bytes are not UTF-8 (`caf\\xe9.yaml`, which Python reads as `'caf\\udce9.yaml'`) is
    a path; a lone surrogate that stands for no byte (`'\\ud800'`) is not."""
    path = os.fspath(value) if isinstance(value, str | os.PathLike) else None
    if not isinstance(path, str) or not path or not _nameable(path):
        raise ConfigError(f"{what} must be a path (text or a pathlib.Path), not {_given(value)}")
    return path


def _nameable(path: str) -> bool:
    """Whether the system can name a file `path` (its bytes, as `open()` would encode them; no
    NUL, which no file name holds)."""
    if "\x00" in path:
        return False
    if is_unicode(path):
        return True
    try:
        os.fsencode(path)
    except UnicodeError:
        return False
    return True


_SHOWN_PATH = 100
"""The most characters of a field's path an issue's message shows."""


@dataclass(frozen=True, slots=True)
@public
class Issue:
    """One problem found in a file or text, with where it is.

    `line` and `column` are 1-based; `path` is the dotted path of the field (`scoring.tie.mode`,
    `deals[2].plays[5]`), empty for the file as a whole.
    """

    message: str
    """What is wrong, and what would be valid, in words."""
    path: str = ""
    """The dotted path of the field (`scoring.tie.mode`, `deals[2].plays[5]`); empty for the file or
    text as a whole."""
    file: str | None = None
    """The file the problem is in, as it was given (`None` for text without a file)."""
    line: int | None = None
    """The line of the problem, from 1 (`None` when it has no place in the text)."""
    column: int | None = None
    """The column of the problem, from 1 (`None` when not known)."""
    loc: tuple[str | int, ...] = ()
    """The field's path as a tuple of keys and list indexes (`("deals", 2, "plays", 5)`):
    [`path`][sueca_rules.Issue.path] for programs. Empty when the issue was not made from a path."""
    kind: str = ""
    """What kind of problem it is (`min`, `choice`, `unknown_field`, `tie_factor`, ...), so that
    a front end can say it in its reader's language; empty when it has no kind of its own."""
    params: tuple[tuple[str, str], ...] = ()
    """The values the message names, as `(name, value)` pairs (`("min", "1"), ("got", "0")`),
    for those front ends."""

    @property
    def location(self) -> str:
        """`file:line:column` as far as it is known (`<string>` for text without a file, `''` for a
        file named by an empty name)."""
        # An empty file name (`sueca replay ""`) is shown quoted: it is not text without a file.
        where = "<string>" if self.file is None else (self.file or "''")
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        return where

    @property
    def shown_path(self) -> str:
        """[`path`][sueca_rules.Issue.path] as a message shows it: a path of a field name of
        hundreds of characters is cut (`path` keeps it whole)."""
        return cut(self.path, _SHOWN_PATH)

    def __str__(self) -> str:
        head = self.location
        if self.path:
            head += f": {self.shown_path}"
        # The file's own text (a key, an `extends:` name, a file name) may hold escape
        # sequences: shown escaped, never obeyed by the terminal.
        return shown(f"{head}: {self.message}")

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready mapping (used by `sueca validate --json`)."""
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "path": self.path,
            "message": self.message,
        }


@public
class SourceError(SuecaError, ValueError):
    """A file or text that could not be read or validated.

    `issues` lists every problem found (at least one); `str()` gives one line per issue.
    """

    def __init__(self, issues: Iterable[Issue]) -> None:
        self.issues: tuple[Issue, ...] = tuple(issues)
        """Every problem found, in the order of the text (at least one)."""
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
        kind: str = "",
        params: Mapping[str, str | int] | None = None,
    ) -> SourceError:
        """An error with one issue (of `kind`, naming `params`: see `Issue.kind`)."""
        values = tuple((name, str(value)) for name, value in (params or {}).items())
        return cls([Issue(message, path, file, line, column, (), kind, values)])


@public
class VariantError(SourceError):
    """A variant (rule set) file or mapping that is not valid."""


@public
class RecordError(SourceError):
    """A game record that is malformed, or that breaks the rules of its variant when replayed.

    Errors found while replaying carry the 1-based `deal` and `trick` numbers, the `seat` and the
    `card` where they apply (`None` otherwise).
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
        """The deal where replaying failed, from 1 (`None` for a malformed record)."""
        self.trick = trick
        """The trick of that deal, from 1, where it applies."""
        self.seat = seat
        """The seat that was due to play or that claimed, where it applies."""
        self.card = card
        """The card at fault, in notation (`"3H"`), where it applies."""


PlayRule = Literal[
    "",
    "not_a_card",
    "not_in_hand",
    "must_follow",
    "not_now",
    "not_your_turn",
    "hands",
    "trump_card",
    "claim",
    "accused",
    "redeal",
    "trump_choice",
    "not_an_option",
    "not_an_action",
    "not_legal",
]
"""Every code of [`IllegalPlayError.rule`][sueca_rules.IllegalPlayError.rule]."""


@public
class IllegalPlayError(SuecaError, ValueError):
    """A play or claim that the rules do not allow at this point; the state is unchanged.

    `seat` is the seat that tried to act, `card` the card (`None` for claims and for actions that
    are not plays), `reason` the rule that forbids it, and `legal` the cards that seat could play
    instead (empty when it is not that seat's turn to play).
    """

    def __init__(
        self,
        reason: str,
        *,
        seat: int | None = None,
        card: str | None = None,
        legal: Sequence[str] = (),
        rule: PlayRule = "",
    ) -> None:
        self.rule: PlayRule = rule
        """The rule broken, as a short code for programs: `"not_a_card"`, `"not_in_hand"`,
        `"must_follow"`, `"not_now"` (nothing of the kind is due in this phase), `"not_your_turn"`,
        `"hands"` (a deal that is not four hands of ten from one deck), `"trump_card"` (not in the
        dealer's hand), `"claim"` (no claim can be made), `"accused"` (a missing or wrong
        `against`), `"redeal"` (that hand may not ask for a new deal), `"trump_choice"`,
        `"not_an_option"` (an answer that is not among a decision's options), and from the
        learning environments `"not_an_action"` (not an action number) and `"not_legal"` (an action
        the seat may not take now); empty for other errors. Every code is in `PlayRule`."""
        self.reason = reason
        """The rule that forbids the play or claim, in words (`str(error)` adds the legal cards)."""
        self.seat = seat
        """The seat that tried to act (`None` when the action names no seat)."""
        self.card = card
        """The card it tried to play, in notation (`None` for claims and other actions)."""
        self.legal: tuple[str, ...] = tuple(legal)
        """The cards that seat may play instead, in notation (empty when it is not that seat's
        turn to play)."""
        message = reason
        if self.legal:
            message += f" (legal: {' '.join(self.legal)})"
        super().__init__(message)
