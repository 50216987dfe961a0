"""A host's side of an engine: a subprocess spoken to in JSON lines, bounded in every way.

An engine is untrusted, like a browser. [`EngineProcess`][sueca_rules.engines.EngineProcess]
starts it (a command, never a shell) in its own process group, greets it (`hello`, with a
timeout), asks it each decision with a deadline (`time_ms` plus a grace, and a total time a match),
reads its output a chunk at a time (a line longer than [`MAX_LINE`][sueca_rules.engines.MAX_LINE]
is a fault and is never held whole), keeps the end of its stderr in a bounded log, and kills its
process group when closed. Whatever the engine does (crash, hang, exit, garbage, a 10 MB line,
another `id`, a card it may not play, answers nobody asked for), `ask()` returns a legal choice:
the engine's, or the decision's first option, and the fault is counted.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import json
import os
import queue
import re
import select
import shlex
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from ._protocol import (
    MAX_LINE,
    ProtocolError,
    asks,
    decide_request,
    fallback,
    hello_request,
    read_answer,
    read_hello,
    whole_number,
)

if TYPE_CHECKING:
    from .._engine import Engine
    from .._lang._catalogue import Catalogue
    from .._turns import Choice, Decision

__all__ = [
    "EngineError",
    "EngineProcess",
    "EngineStats",
    "FaultNote",
    "close_all",
    "split_command",
    "start_together",
]

GRACE_MS: Final = 250
"""Added to `time_ms` before an answer is late: pipes, process start-up, a busy machine."""
HELLO_S: Final = 10.0
"""How long an engine may take to start and answer `hello`."""
HELLO_ANSWER: Final = '{"type": "hello", "id": 0, "protocol": 1, "name": "…"}'
"""What an engine answers the host's `hello` with (as its errors show it)."""
STDERR_BYTES: Final = 64 * 1024
"""How much of an engine's stderr is kept (the last bytes)."""
FAULT_LOG: Final = 100
"""How many fault descriptions are kept (the count goes on)."""
MAX_RESTARTS: Final = 3
"""How many times in a row an engine that died or stopped answering may fail to start again (it
exits, or does not answer `hello`) before it is given up for good: its seats are then played by
the first-option rule to the end. One that starts is started again for every later match, so that
what happens in a match does not depend on the matches played before it by the same process."""
MAX_LATE: Final = 3
"""How many requests in a row an engine may leave unanswered in time before it is taken to have
stopped answering, and is replaced for the rest of the match (a single late answer is a fault,
and the engine is asked again)."""
MAX_EXTRA_LINES: Final = 10_000
"""How many lines that answer no request (debugging output, answers again) an engine may write in a
match: one more, and it is taken to be broken (flooding its output) and replaced for the rest of
the match. Below it such lines are discarded, and the decision they come with is a fault (one,
however many they are)."""
_QUEUE_LINES: Final = 256
"""Lines read ahead of the host; more are dropped (and counted as lines nobody asked for), all but
the answer to the request the host waits for (`_Reader.wanted`)."""
_CHUNK: Final = 64 * 1024
_EXIT_WAIT_S: Final = 3.0
"""How long an engine whose output ended as it exits is waited for, for its status (one that exits
takes a moment on a busy machine: 1 s was too short there). One that closed its output and runs
on is not waited for (on Linux): it is killed at once."""

_EOF: Final = object()
_TOO_LONG: Final = object()

_LIVE: weakref.WeakSet[EngineProcess] = weakref.WeakSet()
"""The engines started by this process and not closed yet (`close_all()` kills them)."""
_UNKILLED: set[subprocess.Popen[bytes]] = set()
"""Every engine process started here and not killed yet, also one whose `close()` is under way
(a signal handler's `close_all()` that interrupts it kills it all the same)."""


class EngineError(Exception):
    """An engine could not be started at all (no such program, or it never said `hello`).

    `str()` is the English sentence; `code` and `params` say the same for a front end in another
    language (`words(lang)`: the command line's words `engine.<code>`, with `how` an engine's end
    and `said` its last words on stderr)."""

    def __init__(self, code: str, /, **params: str | int) -> None:
        self.code = code
        """What went wrong: a key `engine.<code>` of the command line's words (or, raised with
        a sentence instead, that sentence, said as it is in every language)."""
        self.params = params
        """The words' parameters (`name`, `command`, `why`, `how`, `said`, ...)."""
        super().__init__(self.words("en"))

    def words(self, lang: str) -> str:
        """The error in `lang` (`en`, `pt`): the engine's own words (`why`, `said`) as it wrote
        them."""
        from .._lang._catalogue import cli_catalogue

        say = cli_catalogue(lang)
        if f"engine.{self.code}" not in say:  # raised with a sentence of its own
            return self.code
        params = dict(self.params)
        why = params.get("why")
        if isinstance(why, str) and f"engine.why.{self.code}" in say:
            params["why"] = say(f"engine.why.{self.code}", why=why)
        return _worded(say, lang, f"engine.{self.code}", params)

    def __reduce__(self) -> tuple[Any, tuple[str, dict[str, str | int]]]:
        # Raised in an arena's worker process, it comes back whole (its code and parameters).
        return (_engine_error, (self.code, self.params))


def _engine_error(code: str, params: dict[str, str | int]) -> EngineError:
    """An `EngineError` made again from its code and parameters (see `__reduce__`)."""
    return EngineError(code, **params)


def _worded(say: Catalogue, lang: str, key: str, params: dict[str, str | int]) -> str:
    """The words `key` of an engine's error or fault in `lang`, from `params` as the host keeps
    them: `how` an engine's end (`exited:3`), `seconds` a number (its decimal mark the
    language's), `why` a wrong answer's code (`fault.why.<code>`, with the same parameters),
    `said` the engine's last words, added after."""
    from .._lang import decimal, game_catalogue

    said = params.pop("said", None)
    how = params.get("how")
    if isinstance(how, str):
        params["how"] = _how_words(how, lang)
    seconds = params.get("seconds")
    if isinstance(seconds, str):
        params["seconds"] = decimal(game_catalogue(lang), float(seconds), "g")
    why = params.get("why")
    if isinstance(why, str) and f"fault.why.{why}" in say:
        params["why"] = say(f"fault.why.{why}", **params)
    text = say(key, **params)
    if said:
        text += say("engine.said", said=said)
    return text


def _how_words(how: str, lang: str = "en") -> str:
    """How an engine ended (see `EngineProcess._exit_how()`) in `lang`: `exited (status 3)`."""
    status, _, detail = how.partition(":")
    from .._lang._catalogue import cli_catalogue

    return cli_catalogue(lang)(f"engine.how.{status}", detail=detail)


@dataclass(frozen=True, slots=True)
class FaultNote:
    """A fault of an engine, said in any language (`words(lang)`): where it happened and what
    went wrong."""

    code: str
    """What went wrong: a key `fault.<code>` of the command line's words, or `engine` (its start
    failed: `params` are the `EngineError`'s, its code as `error`)."""
    params: Mapping[str, str | int] = field(default_factory=dict)
    """The words' parameters (`id`, the request's; `how` an engine's end, `said` its last words;
    `why` a wrong answer's kind, with its own parameters)."""
    where: Mapping[str, str | int] = field(default_factory=dict)
    """Where: `deal` and `play` (an arena's: `EngineProcess.context`), else `match` (its id);
    and `seat`, the seat asked (none for a start)."""

    def words(self, lang: str = "en") -> str:
        """The note in `lang` (`en`, `pt`), where first: `deal 2, play 2, seat 3: request 20:
        the choice "nope" is not an option: the options are "4C"`."""
        from .._lang._catalogue import cli_catalogue

        say = cli_catalogue(lang)
        params = dict(self.params)
        if self.code == "engine":
            code = str(params.pop("error", ""))
            what = EngineError(code, **params).words(lang)
        else:
            what = _worded(say, lang, f"fault.{self.code}", params)
        where = self.where
        if "deal" in where:
            key = "fault.where.arena" if "seat" in where else "fault.where.play"
        elif "match" in where:
            key = "fault.where.match"
        else:
            return what
        return say("fault.note", where=say(key, **where), what=what)


def _quoted(line: bytes) -> str:
    """A line an engine wrote, as its errors and notes quote it: stripped, cut to 80 characters,
    in quotes, its control characters escaped (`'\\x1b[2J...'`)."""
    text = line.decode("utf-8", "replace").strip()
    return repr(text if len(text) <= 80 else text[:77] + "...")


def split_command(command: str | Sequence[str]) -> list[str]:
    """A command line split as a POSIX shell splits words (`shlex`), without a shell: no
    variables, pipes or globbing. A list is taken as it is."""
    if isinstance(command, str):
        try:
            words = shlex.split(command)
        except ValueError as exc:
            raise EngineError("unreadable", command=repr(command), why=str(exc)) from None
    else:
        words = [str(w) for w in command]
    if not words:
        raise EngineError("empty")
    return words


_AN_ERROR: Final = re.compile(r"error|exception|cannot|can't|not found|no such", re.IGNORECASE)
"""A line of an engine's stderr that says what went wrong."""


@dataclass(slots=True)
class EngineStats:
    """What an engine did: decisions asked, faults (decisions made for it), time spent."""

    decisions: int = 0
    """Decisions asked of it (those made for it after it stopped included)."""
    answered: int = 0
    """Decisions it answered with one of the options in time."""
    faults: int = 0
    """Decisions made for it by the first-option rule, or that came with lines nobody asked for
    (however many): a decision is one fault at most."""
    extra_lines: int = 0
    """Lines it wrote that answered nothing (spam, late answers), discarded (the decision they
    came with is a fault, however many they were)."""
    restarts: int = 0
    """Times it was started again after it died or stopped answering."""
    total_ms: float = 0.0
    """Wall-clock milliseconds from sending a request to reading its answer, summed."""
    log: deque[str] = field(default_factory=lambda: deque(maxlen=FAULT_LOG))
    """What went wrong, the last [`FAULT_LOG`][sueca_rules.engines.FAULT_LOG] faults."""
    first: str = ""
    """The first fault (often the cause of the ones after it: an engine that stopped answering
    is replaced for every decision after), `""` before any."""
    notes: deque[FaultNote] = field(default_factory=lambda: deque(maxlen=FAULT_LOG))
    """The faults of `log`, to be said in any language."""
    first_note: FaultNote | None = None
    """The fault of `first`, to be said in any language."""

    @property
    def ms_per_decision(self) -> float:
        """Mean milliseconds per decision it answered (round trip included)."""
        return self.total_ms / self.answered if self.answered else 0.0


def _answer_id(line: bytes) -> int | None:
    """The `id` a line of an engine answers (a whole number, `17.0` taken as 17), or `None`."""
    if b'"id"' not in line:
        return None
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        return None
    return whole_number(data.get("id")) if isinstance(data, dict) else None


_NAMES_AN_ANSWER: Final = re.compile(rb"""["'](?:choice|decision)["']""")
"""An answer written wrongly: `"choice"` or `'decision'` in quotes (a Python dict printed as it
is, a JSON object cut short)."""


def _answers(line: bytes) -> bool:
    """Whether a line of an engine reads as an answer (right or wrong): a JSON object of type
    `decision` or `error`, or with a `choice`; or, not JSON, a line that names them (an answer
    written wrongly, such as a Python dict printed with `print()`). Any other line (debugging
    output, a log message) answers nothing."""
    try:
        data = json.loads(line)
    except (ValueError, RecursionError):
        return _NAMES_AN_ANSWER.search(line) is not None
    return isinstance(data, dict) and (
        data.get("type") in ("decision", "error") or "choice" in data
    )


class _Reader:
    """Reads a stream on a thread: stdout into a queue of lines (each at most `max_line` bytes;
    a longer line becomes one `_TOO_LONG` and the rest of it is skipped; a blank line answers
    nothing and is left out, as an engine leaves out the host's), or stderr into a bounded
    ring."""

    def __init__(self, stream: Any, max_line: int, lines: bool) -> None:
        self.queue: queue.Queue[object] = queue.Queue()
        self.dropped = 0
        self.wanted: int | None = None
        """The id of the request the host waits for: its answer is kept when the queue is full
        (one line for each id), so that no flood of lines before it pushes it out."""
        self._kept: int | None = None  # the id whose answer was kept past a full queue
        self.tail = bytearray()
        self._partial = bytearray()  # the line being read (`_lines`)
        self._stream = stream
        self._max = max_line
        self._thread = threading.Thread(
            target=self._lines if lines else self._ring, daemon=True, name="engine-reader"
        )
        self._thread.start()

    def _chunks(self) -> Iterator[bytes]:
        fd = self._stream.fileno()
        while True:
            try:
                chunk = os.read(fd, _CHUNK)
            except OSError:
                return
            if not chunk:
                return
            yield chunk

    def _put(self, item: object) -> None:
        if self.queue.qsize() < _QUEUE_LINES:
            self.queue.put(item)
            return
        wanted = self.wanted
        if (
            wanted is not None
            and self._kept != wanted
            and isinstance(item, bytes)
            and _answer_id(item) == wanted
            and _answers(item)
        ):
            # A full queue (a flood of lines nobody asked for): the answer waited for is kept
            # all the same, once; the memory held grows by one line at most for each request.
            self._kept = wanted
            self.queue.put(item)
        else:
            self.dropped += 1

    @property
    def partial(self) -> bytes:
        """The start (at most 200 bytes) of a line read and not ended yet, `b""` when none."""
        return bytes(self._partial[:200])

    def _lines(self) -> None:
        buffer = self._partial
        skipping = False
        for chunk in self._chunks():
            start = 0
            while True:
                end = chunk.find(b"\n", start)
                if end < 0:
                    if not skipping:
                        buffer += chunk[start:]
                        if len(buffer) > self._max:
                            self._put(_TOO_LONG)
                            buffer.clear()
                            skipping = True
                    break
                if not skipping:
                    buffer += chunk[start:end]
                    if len(buffer) + 1 > self._max:
                        self._put(_TOO_LONG)
                    elif buffer.strip():
                        self._put(bytes(buffer))
                skipping = False
                buffer.clear()
                start = end + 1
        if buffer.strip() and not skipping:
            self._put(bytes(buffer))
        self.queue.put(_EOF)

    def _ring(self) -> None:
        for chunk in self._chunks():
            self.tail += chunk
            if len(self.tail) > self._max:
                del self.tail[: len(self.tail) - self._max]

    def join(self, timeout: float) -> None:
        self._thread.join(timeout)

    @property
    def running(self) -> bool:
        """Whether it still reads: someone still holds the stream's other end."""
        return self._thread.is_alive()


class EngineProcess:
    """An engine command run as a subprocess and spoken to in the engine protocol.

    `command` is a list of words or a command line (split with `shlex`, run without a shell).
    `time_ms` is the budget sent with each request; an answer later than `time_ms + grace_ms` is a
    fault, and so is any answer once the engine has spent `match_ms` in the current match (none:
    no limit). Use it as a context manager (or call
    [`close()`][sueca_rules.engines.EngineProcess.close]): the engine's whole process group is
    killed on the way out.

    Examples:
        >>> import sys
        >>> from sueca_rules import Match
        >>> from sueca_rules.engines import EngineProcess
        >>> match = Match("portugal", seed=1)
        >>> with EngineProcess([sys.executable, "-m", "sueca_rules", "engine"]) as engine:
        ...     decision = match.pending()
        ...     choice = engine.ask(match, decision, match_id="m1")
        ...     decision.accepts(choice), engine.stats.faults
        (True, 0)
    """

    def __init__(
        self,
        command: str | Sequence[str],
        *,
        time_ms: int = 1000,
        grace_ms: int = GRACE_MS,
        match_ms: float | None = None,
        hello_s: float | None = None,
        max_line: int = MAX_LINE,
        stderr_bytes: int = STDERR_BYTES,
        env: Mapping[str, str] | None = None,
        cwd: str | os.PathLike[str] | None = None,
    ) -> None:
        self.argv = split_command(command)
        self.time_ms = int(time_ms)
        self.grace_ms = int(grace_ms)
        self.match_ms = match_ms
        self.hello_s = HELLO_S if hello_s is None else hello_s
        """How long it may take to start and answer `hello` (default
        [`HELLO_S`][sueca_rules.engines.HELLO_S])."""
        self.max_line = int(max_line)
        self.stderr_bytes = int(stderr_bytes)
        self.env = dict(env) if env is not None else None
        self.cwd = cwd
        self.stats = EngineStats()
        """What the engine did so far."""
        self.info: dict[str, Any] = {}
        """What it said of itself in `hello` (`name`, `author`)."""
        self.context: dict[str, int] = {}
        """Where its next match is, for its fault notes (`sueca arena`: `{"deal": 4, "play":
        2}`, and `"seat"` when it plays one seat only: a start that fails says it too); the
        match's id when empty. Each note starts with it and the seat asked (`deal 4,
        play 2, seat 1: no answer to request 9 in 1250 ms`): an engine asked in many matches (a
        process for each seat of each play) has notes that say which one each is about."""
        self._where: dict[str, str | int] = {}  # where the faults are now (see `context`)
        self._process: subprocess.Popen[bytes] | None = None
        self._out: _Reader | None = None
        self._err: _Reader | None = None
        self._stopped = False  # died or stopped answering: replaced until the next match
        self._next_id = 1
        self._match_used = 0.0
        self._lock = threading.Lock()
        self._stderr_before = b""
        self._given_up: deque[int] = deque(maxlen=64)  # requests answered for it (faults)
        self._match_extra = 0  # lines that answered nothing in this match (MAX_EXTRA_LINES)
        self._faulted = False  # the decision asked now is counted a fault already
        self._started = False
        self._late = 0  # requests in a row not answered in time
        self._failed_starts = 0  # starts again in a row that failed
        self._early: object | None = None  # a line read before `hello` could be sent
        self._pipes: frozenset[tuple[str, int]] = frozenset()  # its pipes' ends (`_pipe_ids`)

    # --- lifetime -------------------------------------------------------------------------

    def start(self) -> None:
        """Start the engine and greet it; raises [`EngineError`][sueca_rules.engines.EngineError]
        when it cannot be started or does not answer `hello` in time."""
        self._spawn()
        try:
            self._hello()
        except BaseException:  # no hello, or Ctrl-C while waiting for it: never left running
            self.close()
            raise

    def _spawn(self) -> None:
        kwargs: dict[str, Any] = {}
        if os.name == "posix":
            kwargs["start_new_session"] = True  # its own process group: killed whole
        dies_with_host = _dies_with_host()
        if dies_with_host is not None:
            kwargs["preexec_fn"] = dies_with_host
        try:
            process = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                env=self.env,
                cwd=self.cwd,
                **kwargs,
            )
        except OSError as exc:
            raise EngineError(
                "cannot_start", command=shlex.join(self.argv), why=str(exc.strerror or exc)
            ) from None
        _UNKILLED.add(process)
        self._pipes = _pipe_ids(process)
        if os.name == "posix":
            _guard(process.pid, True)  # its group is killed even when this process is killed
        self._process = process
        if os.name == "posix" and process.stdin is not None:
            os.set_blocking(process.stdin.fileno(), False)
        self._out = _Reader(process.stdout, self.max_line, lines=True)
        self._err = _Reader(process.stderr, self.stderr_bytes, lines=False)
        self._stopped = False
        self._started = True
        _LIVE.add(self)

    def _hello(self) -> None:
        """Greet the started engine and read its answer (within `hello_s`)."""
        self._greet()
        self._read_hello(time.monotonic() + self.hello_s)

    def _greet(self) -> None:
        """Send the started engine `hello`. One that stopped reading first (it ended at once)
        may have written a line all the same: that line is judged as its answer."""
        self._early = None
        if not self._send(hello_request(0)):
            assert self._out is not None
            first = self._line(time.monotonic() + 1.0)
            if isinstance(first, bytes) or first is _TOO_LONG:
                self._early = first
                return
            how = self._exit_how()
            if self._err is not None:
                self._err.join(1.0)  # its last words, read to the end
            raise EngineError(
                "ended_before_hello", name=self.name, how=how, said=self._last_words()
            )

    def _read_hello(self, deadline: float) -> None:
        """Read the engine's answer to `hello`, waited for until `deadline` (a
        `time.monotonic()`)."""
        while True:
            line = self._early if self._early is not None else self._line(deadline)
            self._early = None
            if line is None or line is _EOF:
                if line is None:
                    assert self._out is not None
                    if self._out.partial.strip():  # written, never ended: a missing "\n"
                        raise EngineError(
                            "hello_unended",
                            name=self.name,
                            seconds=f"{self.hello_s:g}",
                            line=_quoted(self._out.partial),
                        )
                    raise EngineError(
                        "no_hello",
                        name=self.name,
                        seconds=f"{self.hello_s:g}",
                        hello=HELLO_ANSWER,
                        said=self._last_words(),
                    )
                how = self._exit_how()
                if self._err is not None:
                    self._err.join(1.0)  # its last words, read to the end
                raise EngineError("ended", name=self.name, how=how, said=self._last_words())
            if line is _TOO_LONG:
                raise EngineError(
                    "hello_too_long", name=self.name, max=self.max_line, hello=HELLO_ANSWER
                )
            assert isinstance(line, bytes)
            try:
                self.info = read_hello(line)
            except ProtocolError as exc:
                # What was wrong (a code of the words `fault.why.<code>`, with its parameters,
                # or the refusal's sentence) and the line, quoted, cut and escaped.
                why: dict[str, str | int] = (
                    {**exc.params, "why": exc.code} if exc.code else {"why": str(exc)}
                )
                raise EngineError(
                    "bad_hello",
                    name=self.name,
                    line=_quoted(line),
                    hello=HELLO_ANSWER,
                    **why,
                ) from None
            return

    def _exit_how(self) -> str:
        """How the engine ended, once its output has ended, as `EngineError`'s `how`:
        `exited:3` (its status), `killed:9 (SIGKILL)`, `still_running:` (it closed its output
        and lived on), `exited:` (no process). Its output ends a moment before the process is
        reaped, so the status of an engine on its way out is waited for (briefly). One that
        closed its output and runs on can never answer again: its process group is killed at
        once (on Linux, where the host can tell the one from the other; elsewhere its status is
        waited for a moment first), so that it costs no wait for each decision asked of it."""
        process = self._process
        if process is None:
            return "exited:"
        if process.poll() is None and _exiting(process.pid) is False:
            _kill_group(process)
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=_EXIT_WAIT_S)
            return "still_running:"
        try:
            code = process.wait(timeout=_EXIT_WAIT_S)
        except subprocess.TimeoutExpired:
            _kill_group(process)
            return "still_running:"
        if code < 0:
            try:
                name = f" ({signal.Signals(-code).name})"
            except ValueError:
                name = ""
            return f"killed:{-code}{name}"
        return f"exited:{code}"

    def _last_words(self) -> str:
        """The engine's last words: the last line of its stderr that reads as an error (a runtime
        may end with its own banner, as Node.js ends with its version), else its last line
        (at most 200 characters; empty when it wrote nothing)."""
        text = [line.strip() for line in self.stderr.splitlines() if line.strip()]
        if not text:
            return ""
        return next((line for line in reversed(text) if _AN_ERROR.search(line)), text[-1])[:200]

    @property
    def name(self) -> str:
        """The engine's name as it gave it, else its command line."""
        given = self.info.get("name")
        return str(given) if given else shlex.join(self.argv)

    @property
    def stderr(self) -> str:
        """The end of what the engine wrote on stderr (at most `stderr_bytes`)."""
        tail = bytes(self._err.tail) if self._err is not None else b""
        return (self._stderr_before + tail)[-self.stderr_bytes :].decode("utf-8", "replace")

    @property
    def alive(self) -> bool:
        """Whether the process runs and is still asked (not replaced)."""
        return self._process is not None and self._process.poll() is None and not self._stopped

    def close(self) -> None:
        """Say `quit`, then kill the engine's process group (at once if it does not leave)."""
        process = self._process
        if process is None:
            return
        self._process = None
        _LIVE.discard(self)
        try:
            with contextlib.suppress(OSError, ValueError):
                if process.poll() is None and process.stdin is not None:
                    os.write(process.stdin.fileno(), b'{"type": "quit"}\n')
            with contextlib.suppress(OSError, ValueError):
                if process.stdin is not None:
                    process.stdin.close()
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=0.2)
        finally:  # Ctrl-C or SIGTERM during the polite part: killed all the same
            _kill_group(process)
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=5)
        readers = [reader for reader in (self._out, self._err) if reader is not None]
        for reader in readers:
            reader.join(0.2)
        if any(reader.running for reader in readers):
            # A program the engine started and that left its process group (setsid, a daemon)
            # still holds its pipes: killed too, found by them (it kept the host waiting, and
            # ran on for ever).
            _kill_holders(self._pipes)
        for reader in readers:
            reader.join(1.0)
        if self._err is not None:
            self._stderr_before = (self._stderr_before + bytes(self._err.tail))[
                -self.stderr_bytes :
            ]
        for stream in (process.stdout, process.stderr):
            with contextlib.suppress(OSError, ValueError):
                if stream is not None:
                    stream.close()
        self._out = self._err = None

    def __enter__(self) -> EngineProcess:
        if self._process is None:
            self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def new_match(self) -> None:
        """A match begins: the match clock starts again, and an engine that died or stopped
        answering in the last one is started again, for every match (when it cannot be started
        again, the first-option rule plays for it in this match; after
        [`MAX_RESTARTS`][sueca_rules.engines.MAX_RESTARTS] such failures in a row, for good)."""
        self._match_used = 0.0
        self._match_extra = 0
        self._late = 0
        self._where = dict(self.context)
        if self.alive:
            return
        if not self._started:  # never started: start it now (not a restart)
            try:
                self.start()
            except EngineError as exc:
                self._fault_note("engine", error=exc.code, **exc.params)
                self._stopped = True
            return
        if self._failed_starts >= MAX_RESTARTS:
            self.close()
            self._stopped = True
            return
        self.close()
        self.stats.restarts += 1
        try:
            self._spawn()
            self._hello()
        except EngineError as exc:
            self._failed_starts += 1
            self._fault_note("engine", error=exc.code, **exc.params)
            self.close()
            self._stopped = True
        else:
            self._failed_starts = 0

    # --- asking ---------------------------------------------------------------------------

    def _send(self, message: Mapping[str, Any]) -> bool:
        """Write one line to the engine by the deadline of a decision (an engine that does not
        read its input cannot block the host: on POSIX the pipe is written without blocking)."""
        process = self._process
        if process is None or process.stdin is None:
            return False
        data = memoryview((json.dumps(message, separators=(",", ":")) + "\n").encode())
        fd = process.stdin.fileno()
        deadline = time.monotonic() + (self.time_ms + self.grace_ms) / 1000
        try:
            while data:
                if os.name == "posix":
                    wait = deadline - time.monotonic()
                    if wait <= 0 or not select.select([], [fd], [], wait)[1]:
                        return False
                try:
                    written = os.write(fd, data)
                except BlockingIOError:
                    continue
                data = data[written:]
        except (OSError, ValueError):
            return False
        return True

    def _line(self, deadline: float) -> object | None:
        """The next line (bytes), `_TOO_LONG`, `_EOF`, or `None` at the deadline."""
        assert self._out is not None
        wait = deadline - time.monotonic()
        try:
            if wait <= 0:
                return self._out.queue.get_nowait()
            return self._out.queue.get(timeout=wait)
        except queue.Empty:
            return None

    def _fault_note(self, code: str, **params: str | int) -> None:
        """Note a fault (`code`: see `FaultNote`) where the engine is now."""
        note = FaultNote(code, params, dict(self._where))
        text = note.words("en")
        stats = self.stats
        if not stats.first:
            stats.first = text
            stats.first_note = note
        stats.log.append(text)
        stats.notes.append(note)

    def _fault(
        self,
        decision: Decision,
        code: str,
        *,
        stop: bool = False,
        request_id: int = 0,
        params: Mapping[str, str | int] | None = None,
    ) -> Choice:
        if not self._faulted:  # not counted already for lines nobody asked for (noted all the same)
            self._faulted = True
            self.stats.faults += 1
        if request_id:
            self._given_up.append(request_id)
        self._fault_note(code, **(params or {}))
        if stop:
            self._stopped = True
            process = self._process
            if process is not None:
                _kill_group(process)
        return fallback(decision)

    def _drain(self) -> None:
        """Discard what the engine wrote since its last answer: late answers to requests it was
        replaced for, and lines nobody asked for (spam: a fault each)."""
        out = self._out
        if out is None:
            return
        self._take_dropped()
        while not self._flooded:
            try:
                item = out.queue.get_nowait()
            except queue.Empty:
                break
            if item is _EOF:
                out.queue.put(_EOF)  # seen again by the next read
                break
            answered = _answer_id(item) if isinstance(item, bytes) else None
            if answered is not None and answered in self._given_up:
                self._extra(1)  # a late answer: its fault is counted already
            elif answered is not None and 0 < answered < self._next_id:
                self._spam(1, "again", id=answered)  # a second answer to a request
            elif item is _TOO_LONG:
                self._spam(1, "spam_too_long", max=self.max_line)
            else:  # quoted as the engine wrote it (often its debugging output)
                assert isinstance(item, bytes)
                self._spam(1, "spam_line", text=_quoted(item))

    def _spam(self, lines: int, code: str, **params: str | int) -> None:
        """Lines nobody asked for: discarded, and the decision they come with is a fault (noted
        with the first), however many they are."""
        self._extra(lines)
        if not self._faulted:
            self._faulted = True
            self.stats.faults += 1
            self._fault_note(code, **params)

    def _extra(self, lines: int) -> None:
        self.stats.extra_lines += lines
        self._match_extra += lines

    def _take_dropped(self) -> None:
        """Count the lines the reader dropped (read ahead too far: a flood) as lines nobody asked
        for."""
        out = self._out
        if out is not None and out.dropped:
            dropped, out.dropped = out.dropped, 0
            self._spam(dropped, "spam_dropped", n=dropped)

    @property
    def _flooded(self) -> bool:
        """Whether it wrote more than `MAX_EXTRA_LINES` lines nobody asked for in this match."""
        return self._match_extra > MAX_EXTRA_LINES

    def ask(
        self,
        match: Engine,
        decision: Decision,
        *,
        match_id: str,
        variant: Mapping[str, Any] | None = None,
    ) -> Choice:
        """The engine's choice for `decision` of `match` (the match's pending one), always one of
        its options: the engine's answer, or the first option (a fault) when the engine answers
        wrongly, late or not at all. An engine that exited or stopped answering is not asked
        again until [`new_match()`][sueca_rules.engines.EngineProcess.new_match]. A decision
        the protocol does not ask ([`asks()`][sueca_rules.engines.asks]: a hand that may not ask
        for a new deal keeps it) is answered here, without a word to the engine."""
        if not asks(decision):
            return fallback(decision)
        with self._lock:
            return self._ask(match, decision, match_id, variant)

    def _ask(
        self,
        match: Engine,
        decision: Decision,
        match_id: str,
        variant: Mapping[str, Any] | None,
    ) -> Choice:
        stats = self.stats
        stats.decisions += 1
        self._faulted = False
        where: dict[str, str | int] = dict(self.context) if self.context else {"match": match_id}
        self._where = {**where, "seat": decision.seat}
        if self._process is None or self._stopped:
            return self._fault(decision, "replaced")
        self._drain()
        if self._flooded:
            return self._fault(decision, "flood", stop=True, params={"max": MAX_EXTRA_LINES})
        request_id = self._next_id
        self._next_id += 1
        budget_ms: float = self.time_ms + self.grace_ms
        if self.match_ms is not None:
            budget_ms = min(budget_ms, self.match_ms - self._match_used)
            if budget_ms <= 0:
                return self._fault(
                    decision, "out_of_time", stop=True, params={"ms": f"{self.match_ms:.0f}"}
                )
        request = decide_request(
            match,
            decision,
            match_id=match_id,
            request_id=request_id,
            time_ms=self.time_ms,
            variant=variant,
        )
        start = time.monotonic()
        deadline = start + budget_ms / 1000
        if self._out is not None:
            self._out.wanted = request_id
        if not self._send(request):
            return self._fault(decision, "not_sent", stop=True)
        while True:
            line = self._line(deadline)
            if line is None:
                self._match_used += (time.monotonic() - start) * 1000
                # Late: a fault, and the engine is asked again (its answer, when it comes, is
                # discarded); late MAX_LATE times in a row, it has stopped answering.
                self._late += 1
                stopped = self._late >= MAX_LATE
                return self._fault(
                    decision,
                    "late_replaced" if stopped else "late",
                    stop=stopped,
                    request_id=request_id,
                    params={"id": request_id, "ms": f"{budget_ms:.0f}", "late": MAX_LATE},
                )
            if line is _EOF:
                how = self._exit_how()
                process = self._process
                if self._err is not None and process is not None and process.poll() is not None:
                    self._err.join(0.5)  # its last words (a traceback), read to the end
                said = self._last_words()
                ended: dict[str, str | int] = {"how": how, "id": request_id, "said": said}
                return self._fault(decision, "ended", stop=True, params=ended)
            if line is _TOO_LONG:
                return self._fault(
                    decision,
                    "too_long",
                    request_id=request_id,
                    params={"max": self.max_line, "id": request_id},
                )
            assert isinstance(line, bytes)
            answered = _answer_id(line)
            if not _answers(line):
                # Debugging output, a log line: discarded (the decision is a fault, one however
                # many such lines), and the answer is still waited for.
                self._spam(1, "spam_line", text=_quoted(line))
                self._take_dropped()
                if self._flooded:
                    return self._fault(
                        decision, "flood", stop=True, params={"max": MAX_EXTRA_LINES}
                    )
                continue
            if answered is not None and answered != request_id:
                late = answered in self._given_up
                if late or 0 < answered < request_id:
                    if late:
                        self._extra(1)  # a late answer to an earlier request
                    else:
                        self._spam(1, "again", id=answered)
                    self._take_dropped()
                    if self._flooded:
                        return self._fault(
                            decision, "flood", stop=True, params={"max": MAX_EXTRA_LINES}
                        )
                    continue
            self._late = 0  # it answered this request in time
            try:
                choice = read_answer(line, decision, request_id)
            except ProtocolError as exc:
                why: dict[str, str | int] = (
                    {"why": exc.code, **exc.params} if exc.code else {"why": str(exc)}
                )
                return self._fault(
                    decision, "bad_answer", request_id=request_id, params={**why, "id": request_id}
                )
            elapsed = (time.monotonic() - start) * 1000
            self._match_used += elapsed
            stats.answered += 1
            stats.total_ms += elapsed
            return choice


def start_together(engines: Sequence[EngineProcess]) -> list[EngineError | None]:
    """Start `engines` at once and greet them: each has its `hello_s` from the moment they all
    started, so that many engines that never answer are waited for once, not one after the
    other. Returns, for each engine, why it could not be started (it is closed then), or `None`
    (it runs: close it)."""
    errors: list[EngineError | None] = []
    try:
        for engine in engines:
            try:
                engine._spawn()
            except EngineError as exc:
                errors.append(exc)
            else:
                errors.append(None)
        for i, engine in enumerate(engines):  # every hello sent before any is waited for
            if errors[i] is None:
                try:
                    engine._greet()
                except EngineError as exc:
                    errors[i] = exc
                    engine.close()
        begun = time.monotonic()
        for i, engine in enumerate(engines):
            if errors[i] is None:
                try:
                    engine._read_hello(begun + engine.hello_s)
                except EngineError as exc:
                    errors[i] = exc
                    engine.close()
    except BaseException:  # Ctrl-C while they start or are greeted: none is left running
        for engine in engines:
            engine.close()
        raise
    return errors


@functools.cache
def _prctl() -> Any:
    """libc's `prctl` (Linux), loaded once in the host: never between fork and exec."""
    import ctypes

    try:
        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):  # pragma: no cover - a libc without prctl
        return None


def _dies_with_host() -> Callable[[], None] | None:
    """What an engine runs before its program (Linux, an engine started by the main thread):
    the kernel kills it when the host dies, even by SIGKILL, when nothing of the host can
    close it, so that an engine that ignores the end of its input is not left running. (The
    kernel does it when the thread that started it ends: only the main thread's, which ends with
    the process, are marked.)"""
    if not sys.platform.startswith("linux"):
        return None
    if threading.current_thread() is not threading.main_thread():
        return None
    prctl = _prctl()
    if prctl is None:  # pragma: no cover - a libc without prctl
        return None
    import ctypes

    host = os.getpid()
    # prctl() reads unsigned longs after the option: given as such, made here.
    args = (ctypes.c_ulong(_SIGKILL), ctypes.c_ulong(0), ctypes.c_ulong(0), ctypes.c_ulong(0))

    def mark() -> None:  # in the child: plain calls only (no import, no lock)
        prctl(_PR_SET_PDEATHSIG, *args)
        if os.getppid() != host:  # the host died before the mark: nothing will kill it later
            os._exit(1)

    return mark


_PR_SET_PDEATHSIG: Final = 1
_PF_EXITING: Final = 0x4  # a task's flag (Linux): it is on its way out (`exit()`, a signal)


def _exiting(pid: int) -> bool | None:
    """Whether process `pid` is on its way out (Linux: its flags say it exits, or it is a
    zombie), `False` when it runs on, `None` where the host cannot tell (no `/proc`). A process
    closes its files as it exits, a moment before it can be reaped: an engine whose output ended
    and that is not exiting closed its output itself."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            text = stat.read()
    except FileNotFoundError:
        return True  # reaped already
    except OSError:
        return None
    fields = text[text.rfind(b")") + 2 :].split()
    try:
        state, flags = fields[0], int(fields[6])
    except (IndexError, ValueError):
        return None
    return state in (b"Z", b"X", b"x") or bool(flags & _PF_EXITING)


_SIGKILL: Final = int(signal.SIGKILL) if hasattr(signal, "SIGKILL") else 9


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    """Kill the process and, on POSIX, its whole process group (what it started)."""
    if os.name == "posix":
        with contextlib.suppress(OSError):
            os.killpg(process.pid, signal.SIGKILL)
        _guard(process.pid, False)
    with contextlib.suppress(OSError):
        process.kill()
    _UNKILLED.discard(process)


_GUARDIAN: Final = r"""
import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_IGN)
groups = set()
for line in sys.stdin.buffer:
    try:
        pgid = int(line[1:])
    except ValueError:
        continue
    if line.startswith(b"+"):
        groups.add(pgid)
    else:
        groups.discard(pgid)
for pgid in groups:
    try:
        os.killpg(pgid, signal.SIGKILL)
    except OSError:
        pass
"""
"""The guardian's program: it reads `+PGID` (an engine's process group started) and `-PGID` (it
was killed) lines, and at the end of its input (the host ended, however: `kill -9` too) kills the
groups still listed. The kernel kills an engine whose host dies (`_dies_with_host()`), but not what
the engine started: its children would be left running."""

_GUARD_LOCK: Final = threading.Lock()
_guardian: list[Any] = []  # [the guardian's Popen, the pid of the host that started it]


def _guard(group: int, started: bool) -> None:
    """Tell the guardian (started at the first engine, one for each host process) that the
    engine's process group `group` was `started`, or killed. Without a guardian (it cannot be
    started, or died) the host goes on as before: it kills the groups itself when it closes.
    A group killed is told without the lock, in one write: a signal handler that kills the
    engines (`close_all()`) may land while this thread holds it."""
    if not started:
        known = _guardian[:]
        if known and known[1] == os.getpid():
            _tell(known[0], f"-{group}\n")
        return
    with _GUARD_LOCK:
        if _guardian and _guardian[1] != os.getpid():  # a copy in a forked process: not its own
            with contextlib.suppress(OSError):
                _guardian[0].stdin.close()  # its input ends with its host's, not this process's
            _guardian.clear()
        if not _guardian:
            try:
                guardian = subprocess.Popen(
                    [sys.executable, "-I", "-S", "-c", _GUARDIAN],
                    stdin=subprocess.PIPE,
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                    start_new_session=True,  # Ctrl-C at the terminal is not for it
                )
            except (OSError, ValueError):
                return
            if guardian.stdin is not None:
                os.set_blocking(guardian.stdin.fileno(), False)  # never blocks the host
            _guardian[:] = [guardian, os.getpid()]
            atexit.register(_dismiss, guardian)
        if not _tell(_guardian[0], f"+{group}\n"):
            _guardian.clear()  # it died: the next engine starts another


def _dismiss(guardian: subprocess.Popen[bytes]) -> None:
    """At the host's exit: end the guardian's input (it kills the engines still running, if any,
    and ends) and wait for it a moment."""
    if not _guardian or _guardian[0] is not guardian or _guardian[1] != os.getpid():
        return
    with contextlib.suppress(OSError, ValueError, AttributeError):
        guardian.stdin.close()
    with contextlib.suppress(subprocess.TimeoutExpired):
        guardian.wait(timeout=2)


def _tell(guardian: subprocess.Popen[bytes], line: str) -> bool:
    """Write `line` to the guardian, at once (one `os.write()`); whether it was written."""
    try:
        assert guardian.stdin is not None
        return os.write(guardian.stdin.fileno(), line.encode()) == len(line)
    except (OSError, ValueError):
        return False


def _pipe_ids(process: subprocess.Popen[bytes]) -> frozenset[tuple[str, int]]:
    """The engine's ends of its three pipes (Linux): each as `/proc/PID/fd` names the pipe
    (`pipe:[12345]`) and the access mode of the engine's end (`os.O_RDONLY`: its input;
    `os.O_WRONLY`: its outputs); none elsewhere."""
    if not sys.platform.startswith("linux"):
        return frozenset()
    ids = set()
    for stream, mode in (
        (process.stdin, os.O_RDONLY),
        (process.stdout, os.O_WRONLY),
        (process.stderr, os.O_WRONLY),
    ):
        if stream is not None:
            with contextlib.suppress(OSError, ValueError):
                ids.add((f"pipe:[{os.fstat(stream.fileno()).st_ino}]", mode))
    return frozenset(ids)


def _kill_holders(pipes: frozenset[tuple[str, int]]) -> None:
    """Kill every process that holds the engine's end of one of its `pipes` (Linux): what the
    engine started and that left its process group. Only the engine and what it started hold
    those ends (a process forked from the host holds the host's ends, and is spared)."""
    if not pipes:
        return
    with os.scandir("/proc") as processes:
        pids = [int(p.name) for p in processes if p.name.isdigit()]
    for pid in pids:
        if pid != os.getpid() and _holds(pid, pipes):
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


def _holds(pid: int, pipes: frozenset[tuple[str, int]]) -> bool:
    """Whether process `pid` holds one of `pipes` at its access mode (`False` for a process
    gone, or not this user's)."""
    try:
        with os.scandir(f"/proc/{pid}/fd") as fds:
            for fd in fds:
                with contextlib.suppress(OSError):
                    link = os.readlink(fd.path)
                    if not link.startswith("pipe:"):
                        continue
                    with open(f"/proc/{pid}/fdinfo/{fd.name}", encoding="ascii") as info:
                        flags = next(
                            int(line.split()[1], 8) for line in info if line.startswith("flags:")
                        )
                    if (link, flags & os.O_ACCMODE) in pipes:
                        return True
    except OSError:
        return False
    return False


def close_all() -> None:
    """Close every engine this process started and has not closed (for signal handlers), and
    kill any whose closing the handler interrupted."""
    for engine in list(_LIVE):
        with contextlib.suppress(Exception):
            engine.close()
    for process in list(_UNKILLED):
        _kill_group(process)
