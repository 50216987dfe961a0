"""Safe YAML (and JSON) reading that keeps where every value was written.

The reader takes the YAML event stream from PyYAML (libyaml's fast parser when PyYAML has it) and
builds plain Python data itself, so that:

* nothing is ever constructed from a tag (no `!!python/object`: every explicit tag is refused);
* anchors, aliases and merge keys (`<<`) are refused, so there are no alias bombs;
* plain scalars follow the YAML 1.2 core schema: `true`/`false` are booleans but `no`, `on`, `yes`
  and `off` stay strings, and `0777` is a decimal integer;
* duplicate keys are errors that name the line of the first one;
* input must be UTF-8 text, and everything that can be counted is capped (`Limits`): size, nesting
  depth, values, entries of each list or mapping (a caller may set a cap per field path, such as a
  record's `deals`), the length of a text value, problems reported. Input within the limits is read
  in about a second and bounded memory; input beyond one is refused at once, with one message that
  names the limit;
* every value and every key keeps its line and column, so later validation errors can say
  `house.yaml:7:5: scoring.tie.mode: ...`.

JSON is read with the same reader (JSON is YAML 1.2 flow style), so records in JSON get the
same positions and duplicate-key checks.
"""

from __future__ import annotations

import json as _json
import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from dataclasses import replace as _replace
from pathlib import Path
from typing import Any, Final

import yaml
from yaml.events import (
    AliasEvent,
    MappingEndEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.scanner import Scanner

from ._errors import Issue, SourceError
from ._files import FileRefusedError, read_regular_file
from ._text import cut

__all__ = [
    "MAX_DEPTH",
    "MAX_ISSUES",
    "FlowDict",
    "FlowList",
    "Limits",
    "Located",
    "PathKey",
    "cap_issues",
    "count_values",
    "dump_yaml",
    "dump_yaml_line",
    "format_path",
    "parse_yaml",
    "read_yaml_file",
    "said",
    "yaml_safe_json",
]

MAX_DEPTH = 32
"""The deepest nesting of mappings and lists that is read."""

PathKey = tuple[str | int, ...]

MAX_ISSUES = 100
"""Reading stops after this many problems (duplicate keys, numbers too long...), and `cap_issues()`
reports at most this many."""


def count_values(data: Any, most: int | None = None) -> int:
    """How many values plain data (read from YAML or JSON) holds, as the reader counts them
    against `Limits.max_nodes`: every scalar, key, list and mapping. With `most`, counting stops
    once there are more (the count returned is then above `most`, not the whole count)."""
    count = 0
    stack = [data]
    while stack:
        item = stack.pop()
        count += 1
        if isinstance(item, dict):
            count += len(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        if most is not None and count > most:
            break
    return count


@dataclass(frozen=True)
class Limits:
    """What one reading may hold: every count that grows with the input is capped, so that input
    within the limits is read in about a second and bounded memory. Input beyond a limit is refused
    at once, with one issue that names the limit. Positions are kept for each value read, so they
    too are bounded by `max_nodes`.
    """

    max_bytes: int = 256 * 1024
    """The size of the text, in bytes (UTF-8)."""
    max_depth: int = MAX_DEPTH
    """The deepest nesting of mappings and lists."""
    max_nodes: int = 250_000
    """Values in all: every scalar, key, list and mapping counts one."""
    max_items: int = 10_000
    """Entries of any one list or mapping, unless `items` says otherwise for its path."""
    items: Mapping[str, int] = field(default_factory=dict)
    """Entries of the list or mapping at a field path, written as `format_path()` does with `[]` for
    any list index: `{"deals": 2000, "deals[].plays": 40}`."""
    max_text: int = 100_000
    """Characters of one text value or key."""
    max_issues: int = MAX_ISSUES
    """Problems found while reading (duplicate keys...) before the reading stops."""


def cap_issues(issues: Sequence[Issue], limit: int = MAX_ISSUES) -> list[Issue]:
    """The first `limit` issues, then (when there were more) one that says how many more:
    `house.yaml: ... and 4,194,105 more problems`."""
    if len(issues) <= limit:
        return list(issues)
    more = len(issues) - limit
    rest = Issue(
        f"... and {more:,} more problem{'s' if more != 1 else ''}",
        file=issues[0].file,
        kind="more_problems",
        params=(("n", str(more)),),
    )
    return [*issues[:limit], rest]


def format_path(path: PathKey) -> str:
    """`("scoring", "tiers", 1, "games")` → `scoring.tiers[1].games`."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


@dataclass(frozen=True)
class Located:
    """Plain data read from a file, with the position of every value and key.

    `positions` maps the path of each value to its 1-based `(line, column)`; `key_positions` maps
    the path of each mapping entry to the position of its key. When data from several files was
    merged (`extends:`), `origins` maps paths to the file they came from (nearest written parent
    wins); other paths belong to `file`.
    """

    data: Any
    file: str | None
    positions: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    key_positions: dict[PathKey, tuple[int, int]] = field(default_factory=dict)
    origins: dict[PathKey, str] = field(default_factory=dict)
    issues: tuple[Issue, ...] = ()
    """Problems that did not stop the reading (duplicate keys, merge keys, huge numbers): the
    data holds the first of each duplicate. Report them with any validation errors."""

    def _nearest(self, path: PathKey) -> PathKey | None:
        probe = tuple(path)
        while True:
            if probe in self.positions:
                return probe
            if not probe:
                return None
            probe = probe[:-1]

    def where(self, path: PathKey) -> tuple[int | None, int | None]:
        """The position of `path`: of its key for a mapping entry, of the value for a list item; or
        of its nearest written parent."""
        found = self._nearest(path)
        if found is None:
            return (None, None)
        return self.key_positions.get(found) or self.positions[found]

    def file_of(self, path: PathKey) -> str | None:
        """The file that wrote `path` (or its nearest written parent)."""
        probe = self._nearest(path) or ()
        while True:
            if probe in self.origins:
                return self.origins[probe]
            if not probe:
                return self.file
            probe = probe[:-1]

    def issue(self, message: str, path: PathKey = (), kind: str = "", **params: str | int) -> Issue:
        """An `Issue` located at `path` (see `where()`), of `kind` naming `params` (see
        `Issue.kind`)."""
        line, column = self.where(path)
        file = self.file_of(path)
        return Issue(
            message, format_path(path), file, line, column, tuple(path), *said(kind, params)
        )


def said(kind: str, params: Mapping[str, str | int]) -> tuple[str, tuple[tuple[str, str], ...]]:
    """`Issue.kind` and `Issue.params` from a kind and its values (numbers as their digits)."""
    return kind, tuple((name, str(value)) for name, value in params.items())


# --- YAML 1.2 core schema for plain scalars ------------------------------------------------

_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_BOOL = re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$")
_INT10 = re.compile(r"^[-+]?[0-9]+$")
_INT8 = re.compile(r"^0o[0-7]+$")
_INT16 = re.compile(r"^0x[0-9a-fA-F]+$")
_FLOAT = re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$")
_INF = re.compile(r"^[-+]?\.(?:inf|Inf|INF)$")
_NAN = re.compile(r"^\.(?:nan|NaN|NAN)$")
_MAX_DIGITS = 100


class _TooLargeError(ValueError):
    pass


def _plain_scalar(text: str) -> Any:
    if _NULL.match(text):
        return None
    if _BOOL.match(text):
        return text.lower() == "true"
    if _INT10.match(text) or _INT8.match(text) or _INT16.match(text):
        if len(text) > _MAX_DIGITS:
            raise _TooLargeError(text)
        if _INT8.match(text):
            return int(text[2:], 8)
        if _INT16.match(text):
            return int(text[2:], 16)
        return int(text)
    if _FLOAT.match(text):
        if len(text) > _MAX_DIGITS:
            raise _TooLargeError(text)
        return float(text)
    if _INF.match(text):
        return -math.inf if text.startswith("-") else math.inf
    if _NAN.match(text):
        return math.nan
    return text


# --- the event reader: refuses aliases, anchors, tags; caps depth --------------------------


_STANDARD_TAGS = "tag:yaml.org,2002:"


class _TooManyIssuesError(Exception):
    """Too many problems to go on reading (they are in the builder's issues)."""


class _RefusedError(Exception):
    def __init__(
        self, message: str, mark: Any, path: PathKey = (), kind: str = "", **params: str | int
    ) -> None:
        super().__init__(message)
        self.message = message
        self.mark = mark
        self.path = path
        self.kind = kind
        self.params = params


_YAML11_BREAKS = re.compile("[\x85\u2028\u2029]")
"""NEL, LS and PS: line breaks to YAML 1.1 (and to the parsers), ordinary characters to YAML 1.2
and to JSON. Read as breaks, a description that holds one (text pasted from a web page) made
every later line number one too high, and a plain or block text that holds one a syntax error."""
_STAND_INS = re.compile("[\ufdd0-\ufdd2]")
_HIDE_BREAKS = str.maketrans("\x85\u2028\u2029", "\ufdd0\ufdd1\ufdd2")
_SHOW_BREAKS = str.maketrans("\ufdd0\ufdd1\ufdd2", "\x85\u2028\u2029")


class _Restoring:
    """The parser of a text whose NEL, LS and PS were stood in for by three noncharacters (one
    character each, so that every line and column stays as written): its text values and keys
    hold them again, as YAML 1.2 reads them."""

    def __init__(self, parser: Any) -> None:
        self.parser = parser

    def _shown(self, event: Any) -> Any:
        if isinstance(event, ScalarEvent):
            event.value = event.value.translate(_SHOW_BREAKS)
        return event

    def get_event(self) -> Any:
        return self._shown(self.parser.get_event())

    def peek_event(self) -> Any:
        return self._shown(self.parser.peek_event())


def _parser(text: str) -> Any:
    """A YAML event parser: libyaml's when PyYAML was built with it (fast), else PyYAML's own.
    Only events are read from it: nothing is ever constructed."""
    if yaml.__with_libyaml__:
        from yaml._yaml import CParser

        return CParser(text)

    class _PurePython(Reader, Scanner, Parser):
        def __init__(self, stream: str) -> None:
            Reader.__init__(self, stream)
            Scanner.__init__(self)
            Parser.__init__(self)

    return _PurePython(text)


def _pos(event: Any) -> tuple[int, int]:
    return event.start_mark.line + 1, event.start_mark.column + 1


class _Builder:
    """Builds plain data from the event stream, recording positions and duplicate keys, and counting
    what `Limits` caps."""

    def __init__(self, parser: Any, file: str | None, limits: Limits) -> None:
        self.parser = parser
        self.file = file
        self.limits = limits
        self.nodes = 0
        self.positions: dict[PathKey, tuple[int, int]] = {}
        self.key_positions: dict[PathKey, tuple[int, int]] = {}
        self.issues: list[Issue] = []

    def _issue(
        self, message: str, at: tuple[int, int], path: PathKey, kind: str, **params: str | int
    ) -> None:
        line, column = at
        self.issues.append(
            Issue(message, format_path(path), self.file, line, column, (), *said(kind, params))
        )
        limit = self.limits.max_issues
        if len(self.issues) >= limit:
            stop = f"{limit} problems found: reading stops here"
            found = said("too_many_problems", {"limit": limit})
            self.issues.append(Issue(stop, "", self.file, line, column, (), *found))
            raise _TooManyIssuesError

    def _check(self, event: Any) -> None:
        self.nodes += 1
        if self.nodes > self.limits.max_nodes:
            raise _RefusedError(
                f"the file holds more than {self.limits.max_nodes:,} values (keys, items and "
                f"values each count one): the limit is {self.limits.max_nodes:,}",
                event.start_mark,
                kind="too_many_values",
                limit=self.limits.max_nodes,
            )
        if isinstance(event, AliasEvent):
            raise _RefusedError(
                "aliases (*name) are not allowed: write the value out in full",
                event.start_mark,
                kind="alias",
            )
        if event.anchor is not None:
            raise _RefusedError(
                f"anchors (&{event.anchor}) are not allowed: write each value out in full",
                event.start_mark,
                kind="anchor",
                name=event.anchor,
            )
        if event.tag not in (None, "!"):
            tag = str(event.tag)
            if tag.startswith(_STANDARD_TAGS):
                tag = "!!" + tag[len(_STANDARD_TAGS) :]  # as it was written
            raise _RefusedError(
                f"tags such as {tag} are not allowed: write plain values",
                event.start_mark,
                kind="tag",
                tag=tag,
            )
        if isinstance(event, ScalarEvent) and len(event.value) > self.limits.max_text:
            raise _RefusedError(
                f"a text of {len(event.value):,} characters: the limit is {self.limits.max_text:,}",
                event.start_mark,
                kind="text_too_long",
                size=len(event.value),
                limit=self.limits.max_text,
            )

    def _cap(self, path: PathKey) -> int:
        """The most entries the list or mapping at `path` may hold."""
        if not self.limits.items:
            return self.limits.max_items
        pattern = format_path(tuple(-1 if isinstance(p, int) else p for p in path))
        return self.limits.items.get(pattern.replace("[-1]", "[]"), self.limits.max_items)

    def _more(self, count: int, cap: int, path: PathKey, end: type[Any]) -> bool:
        """Whether the list or mapping at `path` has a further entry; refuses the one past `cap`."""
        event = self.parser.peek_event()
        if isinstance(event, end):
            return False
        if count >= cap:
            kind = "items" if end is SequenceEndEvent else "entries"
            where = "the file" if not path else "this list" if kind == "items" else "this mapping"
            raise _RefusedError(
                f"{where} holds more than {cap:,} {kind}: the limit is {cap:,}",
                event.start_mark,
                path,
                kind="too_many_items",
                where="file" if not path else "list" if kind == "items" else "mapping",
                limit=cap,
            )
        return True

    def document(self) -> Any:
        """The single document of the stream (`None` when it is empty)."""
        get = self.parser.get_event
        get()  # StreamStartEvent
        if isinstance(self.parser.peek_event(), StreamEndEvent):
            return None
        get()  # DocumentStartEvent
        data = self.node((), 0)
        get()  # DocumentEndEvent
        extra = get()
        if not isinstance(extra, StreamEndEvent):
            raise _RefusedError(
                "a file holds one YAML document: remove the second one (after ---)",
                extra.start_mark,
                kind="one_document",
            )
        return data

    def node(self, path: PathKey, depth: int) -> Any:
        event = self.parser.get_event()
        self._check(event)
        at = _pos(event)
        self.positions[path] = at
        if isinstance(event, ScalarEvent):
            return self._scalar(event, at, path)
        if depth >= self.limits.max_depth:
            raise _RefusedError(
                f"nesting deeper than {self.limits.max_depth} levels is not allowed",
                event.start_mark,
                kind="too_deep",
                limit=self.limits.max_depth,
            )
        if isinstance(event, SequenceStartEvent):
            cap = self._cap(path)
            items: list[Any] = []
            while self._more(len(items), cap, path, SequenceEndEvent):
                items.append(self.node((*path, len(items)), depth + 1))
            self.parser.get_event()
            return items
        return self._mapping(path, depth)

    def _scalar(self, event: Any, at: tuple[int, int], path: PathKey) -> Any:
        if event.style:  # quoted or block scalar: always a string
            return self._text(event, at, path)
        try:
            return _plain_scalar(event.value)
        except _TooLargeError:
            self._issue(
                f"the number {event.value[:20]}... is too long (at most {_MAX_DIGITS} characters)",
                self.key_positions.get(path, at),
                path,
                "number_too_long",
                start=event.value[:20],
                limit=_MAX_DIGITS,
            )
            return None

    def _mapping(self, path: PathKey, depth: int) -> dict[str, Any]:
        out: dict[str, Any] = {}
        cap = self._cap(path)
        count = 0
        while self._more(count, cap, path, MappingEndEvent):
            count += 1
            key_event = self.parser.peek_event()
            key_at = _pos(key_event)
            if not isinstance(key_event, ScalarEvent):
                self.node((*path, "?"), depth + 1)  # read and drop the key, then its value
                self.node((*path, "?"), depth + 1)
                self._issue(
                    "keys must be plain names, not lists or mappings", key_at, path, "key_not_plain"
                )
                continue
            self._check(self.parser.get_event())
            key = key_event.value
            child = (*path, key)
            if key == "<<" and not key_event.style:
                self.node((*path, "<<"), depth + 1)
                self._issue(
                    "merge keys (<<) are not allowed: write each field out in full",
                    key_at,
                    child,
                    "merge_key",
                )
                continue
            if key in out:
                first_line = self.key_positions[child][0]
                # Read the duplicate's value, keeping the first's data and positions (the
                # duplicate's positions go to throwaway maps: no copy, however many there are).
                kept = self.positions, self.key_positions
                self.positions, self.key_positions = {}, {}
                self.node(child, depth + 1)
                self.positions, self.key_positions = kept
                self._issue(
                    f"duplicate key {key!r} (first written at line {first_line})",
                    key_at,
                    child,
                    "duplicate_key",
                    key=key,
                    line=first_line,
                )
                continue
            self.key_positions[child] = key_at
            out[key] = self.node(child, depth + 1)
        self.parser.get_event()
        return out

    def _text(self, event: Any, at: tuple[int, int], path: PathKey) -> str:
        value: str = event.value
        if event.style == '"' and _SURROGATE.search(value):
            # JSON writes characters beyond U+FFFF as surrogate pairs ("\ud83c\udca1");
            # YAML parsers leave them as two halves. Join them; a lone half is an error.
            try:
                return value.encode("utf-16", "surrogatepass").decode("utf-16")
            except UnicodeDecodeError:
                self._issue(
                    "the text holds an unpaired \\u surrogate escape", at, path, "surrogate"
                )
        return value


_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_CODE = re.compile("[dD][89a-fA-F][0-9a-fA-F]{2}")
"""The four digits of a `\\u` escape of a surrogate, which is half a character."""


# Characters YAML does not allow in a stream (C0/C1 controls other than tab and line breaks).
_NOT_PRINTABLE = re.compile(
    "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
)


_SURROGATE_PAIR = re.compile(
    r"(?<!\\)((?:\\\\)*)\\u(d[89ab][0-9a-f]{2})\\u(d[c-f][0-9a-f]{2})", re.IGNORECASE
)


def _join_surrogate_escapes(text: str) -> str:
    """JSON writes a character beyond U+FFFF as two escapes (`\\ud83c\\udca1`), which libyaml
    refuses: write the character itself instead."""

    def join(m: re.Match[str]) -> str:
        high, low = int(m.group(2), 16), int(m.group(3), 16)
        return m.group(1) + chr(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))

    return _SURROGATE_PAIR.sub(join, text)


def yaml_safe_json(data: Any) -> str:
    """JSON text that this reader reads back: UTF-8, with the control characters that YAML
    does not allow (DEL, C1) written as escapes."""
    text = _json.dumps(data, indent=2, ensure_ascii=False)
    return _ESCAPE_IN_JSON.sub(lambda m: f"\\u{ord(m.group()):04x}", text) + "\n"


# What JSON may hold raw but YAML reads differently: non-printable characters, and the
# characters YAML takes for line breaks inside quoted text (NEL, LS, PS).
_ESCAPE_IN_JSON = re.compile(f"{_NOT_PRINTABLE.pattern}|[\x85\u2028\u2029]")


class FlowList(list[Any]):
    """A list that `dump_yaml()` writes on one line (`[AS, 7S, ...]`)."""


class FlowDict(dict[str, Any]):
    """A mapping that `dump_yaml()` writes on one line (`{min_points: 61, games: 1}`)."""


class _Dumper(yaml.SafeDumper):
    def represent_str(self, data: str) -> yaml.ScalarNode:
        # YAML reads NEL, LS and PS as line breaks unless they are escaped, which only the
        # double-quoted style does: use it for text holding them, so it reads back the same.
        style: str | None = None
        if any(ch in data for ch in "\x85\u2028\u2029"):
            style = '"'
        else:
            # PyYAML quotes what YAML 1.1 would read as a number or a boolean; this reader
            # follows YAML 1.2, which reads some other text as numbers ("0E0"): quote those.
            try:
                plain_is_text = isinstance(_plain_scalar(data), str)
            except _TooLargeError:
                plain_is_text = False
            if not plain_is_text:
                style = "'"
        return self.represent_scalar("tag:yaml.org,2002:str", data, style=style)

    def represent_flow_list(self, data: FlowList) -> yaml.SequenceNode:
        return self.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=True)

    def represent_flow_dict(self, data: FlowDict) -> yaml.MappingNode:
        return self.represent_mapping("tag:yaml.org,2002:map", data, flow_style=True)


_Dumper.add_representer(str, _Dumper.represent_str)
_Dumper.add_representer(FlowList, _Dumper.represent_flow_list)
_Dumper.add_representer(FlowDict, _Dumper.represent_flow_dict)


def dump_yaml(data: Any) -> str:
    """YAML text that this reader reads back equal: keys in the given order, UTF-8 text, `FlowList`
    and `FlowDict` values on one line."""
    return yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, width=100)


def dump_yaml_line(value: Any) -> str:
    """`value` as YAML on one line (a list or mapping in flow style) that this reader reads back
    equal: text it would read as a number or a boolean (`0E0`, `1e3`, `0o17`, `-.5`) is quoted."""
    text = yaml.dump(
        value,
        Dumper=_Dumper,
        default_flow_style=True,
        allow_unicode=True,
        sort_keys=False,
        width=10_000,
    )
    return text.removesuffix("\n").removesuffix("\n...")


def _decode(raw: bytes, file: str | None) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise SourceError.single(
            f"the file is not UTF-8 text: byte 0x{raw[exc.start]:02x} cannot be read "
            "(save the file as UTF-8)",
            file=file,
            line=line,
            column=column,
            kind="not_utf8",
            params={"byte": f"0x{raw[exc.start]:02x}"},
        ) from None


def _bytes(source: str | bytes) -> bytes:
    return source.encode("utf-8", "surrogatepass") if isinstance(source, str) else source


def _limits(limits: Limits | None, max_bytes: int | None, max_depth: int | None) -> Limits:
    out = limits if limits is not None else Limits()
    if max_bytes is not None:
        out = _replace(out, max_bytes=max_bytes)
    if max_depth is not None:
        out = _replace(out, max_depth=max_depth)
    return out


def parse_yaml(
    source: str | bytes,
    *,
    file: str | None = None,
    limits: Limits | None = None,
    max_bytes: int | None = None,
    max_depth: int | None = None,
    error: type[SourceError] = SourceError,
    json: bool = False,
) -> Located:
    """Read YAML (or JSON) text safely; see the module documentation. With `json=True` the text must
    also be strict JSON (YAML accepts more: comments, single quotes, trailing commas).

    `limits` caps what is read (`Limits`; its defaults when not given); `max_bytes` and `max_depth`,
    when given, override those two of them.

    Raises `error` (a `SourceError` subclass) with located issues for anything that is not readable:
    too large, beyond a limit, not UTF-8, binary, a syntax error, an alias, a tag, a duplicate key.
    An empty document gives `data=None`.
    """
    limits = _limits(limits, max_bytes, max_depth)
    # Text with more characters than the limit has more bytes: no need to encode it all.
    size = len(source) if len(source) > limits.max_bytes else len(raw := _bytes(source))
    if size > limits.max_bytes:
        at_least = "at least " if isinstance(source, str) else ""
        raise error.single(
            f"the file is too large ({at_least}{size:,} bytes; the limit is {limits.max_bytes:,})",
            file=file,
            kind="too_large",
            params={
                "size": size,
                "limit": limits.max_bytes,
                "at_least": str(bool(at_least)).lower(),
            },
        )
    try:
        text = _decode(raw, file)
    except SourceError as exc:
        raise error(exc.issues) from None
    if text.lstrip()[:1] in ("{", "["):
        text = _join_surrogate_escapes(text)
    bad = _NOT_PRINTABLE.search(text)
    if bad is not None:
        before = text[: bad.start()]
        line = before.count("\n") + 1
        column = bad.start() - (before.rfind("\n") + 1) + 1
        message = (
            f"the control character U+{ord(bad.group()):04X} is not allowed in YAML "
            "(is this a binary file?)"
        )
        code = {"code": f"U+{ord(bad.group()):04X}"}
        raise error.single(
            message, file=file, line=line, column=column, kind="control_character", params=code
        )
    if json:
        _check_json(text, file, error)
    parser = _parser(text)
    if _YAML11_BREAKS.search(text) and not _STAND_INS.search(text):
        parser = _Restoring(_parser(text.translate(_HIDE_BREAKS)))
    builder = _Builder(parser, file, limits)
    try:
        data = builder.document()
    except _TooManyIssuesError:
        raise error(builder.issues) from None
    except _RefusedError as exc:
        line, column = exc.mark.line + 1, exc.mark.column + 1
        found = said(exc.kind, exc.params)
        path = format_path(exc.path)
        issue = Issue(exc.message, path, file, line, column, tuple(exc.path), *found)
        raise error([issue]) from None
    except yaml.MarkedYAMLError as exc:
        if (exc.problem or "").startswith("exceeded maximum nesting depth"):
            # libyaml's own cap (some 1,000 levels of brackets on a line, scanned ahead of the
            # events): the same refusal as the reader's cap, which is lower.
            depth = limits.max_depth
            message = f"nesting deeper than {depth} levels is not allowed"
            mark = exc.problem_mark or exc.context_mark
            at_line = mark.line + 1 if mark is not None else None
            at_column = mark.column + 1 if mark is not None else None
            found = said("too_deep", {"limit": depth})
            raise error([Issue(message, "", file, at_line, at_column, (), *found)]) from None
        raise error([_syntax_issue(exc, file, text)]) from None
    except yaml.YAMLError as exc:  # anything else the parser refuses, said in one line
        message = str(exc).splitlines()[0] if str(exc) else "not valid YAML"
        params = {"problem": message}
        raise error.single(
            f"YAML error: {message}", file=file, kind="yaml", params=params
        ) from None
    if data is None and not builder.positions:
        return Located(None, file)
    return Located(
        data, file, builder.positions, builder.key_positions, issues=tuple(builder.issues)
    )


_BLOCK_TEXT: Final = (
    "after '|' or '>' the text starts on the next line, indented (on the same line only +, - "
    "or a digit 1 to 9 may follow)"
)
_ANCHOR: Final = (
    "a value starting with & or * (YAML's anchors and aliases, not used here): if it is text, "
    "put it in quotes"
)
_DIRECTIVE: Final = (
    "a line starting with % is a YAML directive, and this one does not work here (only "
    "%YAML 1.x or %TAG, before '---'): if it is text, put it in quotes"
)
_TAG: Final = "a value starting with ! (a YAML tag, not used here): if it is text, put it in quotes"

# What the usual slips look like to the parser, and the code of each (the `hint` of the issue's
# kind, `yaml_syntax`, which other languages say in their own words): the code, how the parser's
# problem starts (libyaml's words, then PyYAML's own, its fallback), the words of what it was
# doing that the problem must come with (its context; "" for any), and what English adds after
# the parser's words (`None`: nothing). The first that fits is taken; a problem that none fits is
# `other`, said with the parser's words in every language. Two codes are not here: `tab` (a tab
# on the line before the problem, whatever the parser says) and `open_at_end` (a missing value
# where the file ends: a list or mapping in brackets left open).
_SYNTAX_HINTS: tuple[tuple[str, tuple[str, ...], str, str | None], ...] = (
    (
        "indented",
        ("mapping values are not allowed",),
        "",
        "a line indented further than the field above it, or text holding ': ' that needs quotes",
    ),
    ("colon", ("could not find expected ':'",), "", "a field without ':' after its name"),
    (
        "key",
        ("did not find expected key",),
        "",
        "check the indentation: fields of one section line up",
    ),
    (
        "key",
        ("expected <block end>",),
        "while parsing a block mapping",
        "check the indentation: fields of one section line up",
    ),
    ("dash", ("did not find expected '-'",), "", "check the indentation of the list items"),
    (
        "dash",
        ("expected <block end>",),
        "while parsing a block collection",
        "check the indentation of the list items",
    ),
    (
        "unclosed",
        ("found unexpected end of stream",),
        "",
        "a quote or bracket that is never closed",
    ),
    (
        "bracket",
        ("did not find expected ',' or ']'", "expected ',' or ']'"),
        "",
        "a list opened with '[' is never closed with ']', or a comma is missing between its items",
    ),
    (
        "brace",
        ("did not find expected ',' or '}'", "expected ',' or '}'"),
        "",
        "a '{' is never closed with '}', or a comma is missing between the fields inside it",
    ),
    (
        "character",
        ("found character",),
        "",
        "a value cannot start with @, ` or %: if it is text, put it in quotes",
    ),
    (
        "dash_here",
        ("block sequence entries are not allowed", "sequence entries are not"),
        "",
        "a list item's '- ' where no list can start: the items go one a line, below their "
        "field (if it is text, put it in quotes)",
    ),
    (
        "question",
        ("mapping keys are not allowed",),
        "",
        "a value cannot start with '? ': if it is text, put it in quotes",
    ),
    (
        "escape",
        ("found unknown escape character",),
        "",
        "in double quotes a backslash starts a code (such as \\n) and this one does not "
        "exist: to write the backslash itself, write it twice (\\\\) or use single quotes",
    ),
    (
        "hex_escape",
        (
            "did not find expected hexdecimal number",
            "expected escape sequence of",
            "found invalid Unicode character escape code",
        ),
        "",
        "in double quotes \\x, \\u and \\U are followed by a character's hexadecimal code: "
        "to write the backslash itself, write it twice (\\\\) or use single quotes",
    ),
    (
        "separator",
        ("found unexpected document",),
        "while scanning a quoted scalar",
        "a '---' or '...' line inside quotes left open (is the closing quote missing?)",
    ),
    (
        "value",
        ("did not find expected node content", "expected the node content"),
        "",
        "a value is missing here: a comma, a ']' or a '}' out of place (if it is text, put it "
        "in quotes)",
    ),
    (
        "document",
        ("did not find expected <document start>", "expected '<document start>'"),
        "",
        "text after the end of the document (a '...' line), or a % directive with no '---' "
        "after it: delete the '...' line, or add '---' after the directive",
    ),
    (
        "block_text",
        (
            "did not find expected comment or line break",
            "found an indentation indicator equal to 0",
            "expected a comment or a line break",
            "expected chomping or indentation indicators",
            "expected indentation indicator",
        ),
        "while scanning a block scalar",
        _BLOCK_TEXT,
    ),
    ("anchor_name", ("",), "while scanning an anchor", _ANCHOR),
    ("anchor_name", ("",), "while scanning an alias", _ANCHOR),
    (
        "directive",
        ("found incompatible YAML document", "found duplicate", "duplicate tag handle"),
        "",
        _DIRECTIVE,
    ),
    ("directive", ("",), "directive", _DIRECTIVE),
    ("tag_syntax", ("found undefined tag handle",), "", _TAG),
    ("tag_syntax", ("",), "a tag", _TAG),
)

_LONGEST_KEY: Final = 1024
"""The longest field name (simple key) YAML reads on one line."""

_SAYS_WHERE_IT_BEGAN = frozenset({"colon", "unclosed", "bracket", "brace", "separator"})
"""The codes whose words name the line where what the parser was reading began (the line of its
context, `context_line`): they are `other` when the parser gives none."""


_JSON_SLIPS: Final = {
    "Expecting value": "value",
    "Expecting property name enclosed in double quotes": "property",
    "Expecting ',' delimiter": "comma",
    "Expecting ':' delimiter": "colon",
    "Extra data": "extra",
    "Unterminated string starting at": "unterminated",
    "Invalid control character at": "control",
    "Invalid \\escape": "escape",
    "Invalid \\uXXXX escape": "u_escape",
}
"""The json module's words for a slip, and the code each language says it by (`json_syntax`'s
`hint`; `other` for words not listed, said as the module says them)."""


def _check_json(text: str, file: str | None, error: type[SourceError]) -> None:
    try:
        _json.loads(text, object_pairs_hook=lambda pairs: None)  # duplicates: reported later
    except _json.JSONDecodeError as exc:
        hint = _JSON_SLIPS.get(exc.msg, "other")
        raise error.single(
            f"JSON syntax error: {exc.msg}",
            file=file,
            line=exc.lineno,
            column=exc.colno,
            kind="json_syntax",
            params={"hint": hint, "problem": exc.msg},
        ) from None
    except RecursionError:
        pass  # nested too deep: the reader's depth cap says so
    except ValueError:
        pass  # a number of more digits than int() reads: the reader's length cap says so


_GLUED_FIELD = re.compile(r"([A-Za-z_][A-Za-z0-9_]*):([^\s:#][^#]*)(?:#.*)?")
"""A field's name and its value written without the space YAML needs after the colon
(`target_games:6`, from the name to the end of the line)."""


_SHOWN_FIX = 60
"""The most characters of a field and its value that a hint to write them repeats."""
_COMMENTED_SECTION = re.compile(r"# ( *)([A-Za-z_][A-Za-z0-9_]*):\s*")
"""A section line commented out as `sueca new` writes it (`#   tie:`): its indentation after the
'# ', and its name."""
_FIELD_NAME = re.compile(r"( +)([A-Za-z_][A-Za-z0-9_]*):(?:\s|$)")


def _commented_sections(code: str, mark: Any, lines: list[str]) -> tuple[str, str] | None:
    """For a slip of indentation (`key`, `indented`) at `mark`: the field of that line and its
    section lines, still commented out above it (`scoring:, tie:`), when the field was
    uncommented without them (the lines of a `sueca new` file); else `None`."""
    if code not in ("key", "indented") or mark is None or mark.line >= len(lines):
        return None
    found = _FIELD_NAME.match(lines[mark.line])
    if found is None:
        return None
    indent = len(found.group(1))
    sections: list[str] = []
    for text in reversed(lines[: mark.line]):
        stripped = text.strip()
        if not stripped:
            continue
        if not stripped.startswith("#"):
            # the nearest real line: the field must be deeper than it, and it no section opener
            real = len(text) - len(text.lstrip(" "))
            if real >= indent or stripped.endswith(":"):
                return None
            break
        section = _COMMENTED_SECTION.fullmatch(text)
        if section is not None and len(section.group(1)) < indent:
            sections.append(f"{section.group(2)}:")
            indent = len(section.group(1))
            if indent == 0:
                break
    if not sections or indent != 0:
        return None
    return found.group(2), ", ".join(f"'{name}'" for name in reversed(sections))


def _glued_field(
    code: str, exc: yaml.MarkedYAMLError, lines: list[str]
) -> tuple[int, re.Match[str]] | None:
    """The line (counted from 0) and the field written there without a space after its colon
    (`target_games:6`) that caused a syntax problem of `code`: the text YAML was reading when it
    found no ':' (`colon`), or the line just before a ': ' it did not expect (`indented`) or a
    field where it expected none (`key`)."""
    if code == "colon" and exc.context_mark is not None:
        at, start = exc.context_mark.line, exc.context_mark.column
    elif code in ("indented", "key") and exc.problem_mark is not None and exc.problem_mark.line > 0:
        at = exc.problem_mark.line - 1
        start = len(lines[at]) - len(lines[at].lstrip(" ")) if at < len(lines) else 0
    else:
        return None
    if at >= len(lines):
        return None
    found = _GLUED_FIELD.fullmatch(lines[at], start)
    return None if found is None else (at, found)


def _syntax_issue(exc: yaml.MarkedYAMLError, file: str | None, text: str) -> Issue:
    mark = exc.problem_mark or exc.context_mark
    problem = exc.problem or "not valid YAML"
    line = mark.line + 1 if mark is not None else None
    column = mark.column + 1 if mark is not None else None
    lines = text.split("\n")
    where = lines[mark.line] if mark is not None and mark.line < len(lines) else ""
    if mark is not None and "\t" in where[: mark.column + 1]:
        first_tab = where.index("\t")
        message = "a tab character: YAML indents with spaces, never tabs (replace it by spaces)"
        tab = said("yaml_syntax", {"hint": "tab", "problem": problem})
        return Issue(f"YAML syntax error: {message}", "", file, line, first_tab + 1, (), *tab)
    if (
        mark is not None
        and problem.startswith("found invalid Unicode character escape code")
        and where[mark.column - 2 : mark.column] == "\\u"
        and _SURROGATE_CODE.match(where, mark.column)
    ):
        # "\ud800" alone (JSON writes a character beyond U+FFFF as two such escapes, which
        # are joined before parsing): said as the reader says it of a lone half, in JSON too
        found = said("surrogate", {})
        message = "the text holds an unpaired \\u surrogate escape"
        return Issue(message, "", file, line, mark.column - 1, (), *found)
    said_by_parser = problem
    context = exc.context or ""
    params = {"problem": said_by_parser}
    if exc.context and exc.context_mark is not None and exc.problem_mark is not None:
        problem = f"{problem} ({exc.context} at line {exc.context_mark.line + 1})"
        params["context_line"] = str(exc.context_mark.line + 1)
    code = "other"
    for its_code, cues, doing, hint in _SYNTAX_HINTS:
        if said_by_parser.startswith(cues) and doing in context:
            if its_code not in _SAYS_WHERE_IT_BEGAN or "context_line" in params:
                code = its_code
            if hint is not None:
                problem = f"{problem}: {hint}"
            break
    if (
        code == "colon"
        and exc.context_mark is not None
        and exc.problem_mark is not None
        and exc.context_mark.line == exc.problem_mark.line
        and exc.problem_mark.column - exc.context_mark.column >= _LONGEST_KEY
    ):
        # YAML reads a field's name (a simple key) of at most 1,024 characters on one line:
        # a longer one is not "a field without ':'".
        code = "long_key"
        problem = (
            f"a field name longer than {_LONGEST_KEY:,} characters, the most YAML reads "
            "(shorten it)"
        )
        line, column = exc.context_mark.line + 1, exc.context_mark.column + 1
    commented = _commented_sections(code, mark, lines)
    if commented is not None and mark is not None:
        # a field of a `sueca new` file uncommented without its section lines
        name, sections = commented
        params.update(field=name, sections=sections)
        code = "uncomment"
        problem = (
            f"{name} is indented, but the lines of its section are still commented out: "
            f"remove the '# ' in front of {sections} too"
        )
        line, column = mark.line + 1, len(where) - len(where.lstrip(" ")) + 1
    glued = _glued_field(code, exc, lines)
    if glued is not None:
        # `target_games:6`: a field and its value with no space after the colon, which YAML
        # reads as text, and then finds no ':' after it (or a ': ' on the next line)
        at, written = glued
        params["fix"] = cut(f"{written.group(1)}: {written.group(2).rstrip()}", _SHOWN_FIX)
        code = "colon_space"
        problem = (
            f"a space is missing after the ':' of {written.group(1)}: write {params['fix']!r} "
            "(a field's name, ': ' and its value)"
        )
        line, column = at + 1, written.start() + 1
    if (
        code == "value"
        and mark is not None
        and not "\n".join([where[mark.column :], *lines[mark.line + 1 :]]).strip()
    ):
        code = "open_at_end"  # the file ends inside a list or a mapping in brackets
    found = said("yaml_syntax", {"hint": code, **params})
    return Issue(f"YAML syntax error: {problem}", "", file, line, column, (), *found)


def read_yaml_file(
    path: str | Path,
    *,
    display: str | None = None,
    limits: Limits | None = None,
    max_bytes: int | None = None,
    error: type[SourceError] = SourceError,
    json: bool = False,
) -> Located:
    """Read a YAML or JSON file safely (see `parse_yaml()`); `display` names it in errors. Only a
    regular file is read (a pipe or a device is refused without reading it)."""
    name = display if display is not None else str(path)
    limits = _limits(limits, max_bytes, None)
    try:
        raw = read_regular_file(path, limits.max_bytes)
    except FileNotFoundError:
        raise error.single("no such file", file=name, kind="no_such_file") from None
    except FileRefusedError as exc:
        raise error.single(exc.reason, file=name, kind=exc.kind, params=exc.params) from None
    return parse_yaml(raw, file=name, limits=limits, error=error, json=json)
