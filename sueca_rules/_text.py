"""Text that came from a file, a record or a user: checked, and made safe to show on a terminal.

A file can hold characters that a terminal obeys instead of showing: escape sequences (`ESC [2J`
clears the screen, `ESC ]0;…` sets the window title, `ESC ]52;…` writes the clipboard), other
control characters, the C1 controls (`U+009B` is a CSI on some terminals) and the bidirectional
overrides that reorder what is shown. `shown()` writes each of them as an
escape (`\\x1b`, `\\u202e`), so that every piece of file text the library and the command line
print (issues, errors, JSON output) is seen, never obeyed. It is the one place that does it:
`Issue.__str__`, the command line's error printer and its JSON writer call it. Text that is shown
as it is (a variant's name and description, the ladder's entries) may not hold control characters
(nor bidirectional overrides) at all: `control_character()` finds them. An error repeats at most
`SHOWN_CHARS` characters of a value it refuses (`cut()`).
"""

from __future__ import annotations

import re
import unicodedata

__all__ = [
    "SHOWN_CHARS",
    "code_point",
    "control_character",
    "cut",
    "escaped",
    "invisible_character",
    "is_unicode",
    "is_whole",
    "shown",
    "shown_json",
    "unicode_json",
]

SHOWN_CHARS = 20
"""How much of a value an error repeats: a longer one (a number of 400 digits) is cut."""

_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
"""The bidirectional marks and overrides (they reorder the text around them on screen)."""

_UNSAFE = re.compile(f"[\x00-\x1f\x7f-\x9f\ud800-\udfff{_BIDI}]")
_UNSAFE_KEEP_LINES = re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff{_BIDI}]")
_UNSAFE_IN_JSON = re.compile(f"[\x7f-\x9f\ud800-\udfff{_BIDI}]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def _json_escape(match: re.Match[str]) -> str:
    return f"\\u{ord(match.group()):04x}"


def shown(text: str, *, lines: bool = False) -> str:
    """`text` safe to show on a terminal: every control character, lone surrogate and
    bidirectional override written as an escape (`\\x1b`, `\\udcff`, `\\u202e`). With `lines`,
    line breaks and tabs are kept (text of several lines, such as a list of issues)."""
    return (_UNSAFE_KEEP_LINES if lines else _UNSAFE).sub(_escape, text)


def shown_json(text: str) -> str:
    """JSON text (from `json.dumps(..., ensure_ascii=False)`, which escapes the C0 controls
    only) with the other characters `shown()` escapes written as
    `\\uXXXX` escapes: the same JSON value, safe on a terminal."""
    return _UNSAFE_IN_JSON.sub(_json_escape, text)


_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _readable_escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (a file name, a command line)
        return f"\\\\x{code - 0xDC00:02x}"
    return f"\\\\u{code:04x}"


def unicode_json(text: str) -> str:
    """JSON text (from `json.dumps(..., ensure_ascii=False)`) whose strings hold no lone
    surrogate, each written out as a backslash and its escape: a byte of a name that is not
    UTF-8 (a file name, a command line) as `name.encode("utf-8", "surrogateescape").decode(
    "utf-8", "backslashreplace")` writes it (`caf\\xe9.yaml`), any other as `\\udXXX`. The JSON is
    then valid UTF-8 that every reader takes (a `\\udce9` escape would decode to a lone
    surrogate, which a strict reader refuses and no UTF-8 text can hold)."""
    return _LONE_SURROGATE.sub(_readable_escape, text)


def is_unicode(text: str) -> bool:
    """Whether `text` is valid Unicode: no lone surrogate (what Python makes of bytes that are
    not UTF-8 in a command line or a file name)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


_BIDI_CHARACTERS = re.compile(f"[{_BIDI}]")


def control_character(text: str, allowed: str = "") -> str | None:
    """The first control character of `text` that is not in `allowed`, or `None`: of Unicode
    category `Cc`, or a bidirectional mark or override (`U+202E` shows what follows right to left),
    which `shown()` escapes as well."""
    return next(
        (
            ch
            for ch in text
            if (unicodedata.category(ch) == "Cc" or _BIDI_CHARACTERS.match(ch))
            and ch not in allowed
        ),
        None,
    )


def is_whole(text: str) -> bool:
    """Whether `text` is a whole number written in ASCII digits, at most 18 of them (so that
    `int(text)` reads it at once). `str.isdigit()` alone also takes `²`, `①` and other scripts'
    digits, which `int()` refuses or reads as another number, and any number of digits, past
    what `int()` reads."""
    return 0 < len(text) <= 18 and text.isascii() and text.isdigit()


def cut(text: str, most: int = SHOWN_CHARS) -> str:
    """`text` as an error repeats it: whole up to `most` characters, else its first `most` and
    `…`."""
    return text if len(text) <= most else text[:most] + "…"


_INVISIBLE = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u2800\u3164\uffa0")
"""Characters that show nothing although they are letters or marks to Unicode (the Hangul
fillers, the braille blank, the combining grapheme joiner, the Mongolian variation selectors...)."""


def invisible_character(text: str) -> str | None:
    """The first character of `text` that shows nothing or is no text at all, or `None`: a
    control character, a format character (`Cf`: the zero-width space, joiner and non-joiner, the
    byte-order mark, the soft hyphen, the bidirectional marks), a line or paragraph separator, a
    lone surrogate, or one of the letters that show nothing (the Hangul fillers, the braille
    blank). Two names that differ only by one look the same."""
    for ch in text:
        if ch in _INVISIBLE or unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Zl", "Zp"):
            return ch
    return None


def code_point(ch: str) -> str:
    """`ch` as Unicode names it: `U+200B ZERO WIDTH SPACE`."""
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X}" + (f" {name}" if name else "")


def escaped(text: str) -> str:
    """`text` quoted, with every character that does not show as itself written as an escape: a
    space other than the plain one (`\\xa0`), an accent that is a character of its own (`\\u0301`),
    an invisible character (`\\u200b`). Two names that look alike are then told apart."""
    out = []
    for ch in text:
        code = ord(ch)
        if ch == "\\":
            out.append("\\\\")
        elif ch == " " or (
            ch.isprintable() and unicodedata.category(ch)[0] != "M" and ch not in _INVISIBLE
        ):
            out.append(ch)
        elif code < 0x100:
            out.append(f"\\x{code:02x}")
        elif code < 0x10000:
            out.append(f"\\u{code:04x}")
        else:
            out.append(f"\\U{code:08x}")
    return "'" + "".join(out) + "'"
