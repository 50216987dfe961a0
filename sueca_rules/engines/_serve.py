"""The engine's side: the library's bots answering the protocol on a pair of byte streams
(`sueca engine` is this on stdin and stdout)."""

from __future__ import annotations

import json
from time import monotonic
from typing import IO, TYPE_CHECKING, Any, Final

from .._errors import SuecaError
from .._text import cut
from ._players import decision_seed, make_level_bot
from ._protocol import (
    MAX_REQUEST,
    PROTOCOL,
    ProtocolError,
    budget_number,
    check_hello,
    decision_from_request,
    observation_from_request,
    time_budget,
)

if TYPE_CHECKING:
    from .._engine import Observation
    from ..bots import Bot

__all__ = ["BotEngine", "serve"]


def thinking_ms(time_ms: int) -> int:
    """The part of a decision's `time_ms` a bot thinks for: a tenth (at least 10 ms) is kept for
    reading the request, answering and the machine being busy, so that the answer reaches the
    host within its budget (a late answer is a fault)."""
    return max(1, time_ms - max(10, time_ms // 10))


class BotEngine:
    """A bot level answering protocol messages, one at a time: `handle(line)` gives the line to
    write back (or `None` for `quit`). Each decision is made by a bot of its own, seeded by
    `seed`, the match's id, the seat and the moment of the decision
    ([`decision_seed()`][sueca_rules.engines.decision_seed]), and given the request's budget:
    nothing is kept between requests, so the answers depend only on each request (and, for a
    level that searches, on the clock), however many matches a host plays at once, and the
    engine's memory does not grow with them."""

    def __init__(self, level: int = 3, *, seed: int | str = 0) -> None:
        self.level = level
        self.seed = seed
        self.last_bot: Bot | None = None
        """The bot that made the last decision (for tests and figures)."""
        make_level_bot(level, seed=seed)  # a bad level: at once

    def _bot(
        self,
        match: str,
        observation: Observation,
        time_ms: int | None,
        spent_ms: float = 0.0,
        kind: str = "card",
    ) -> Bot:
        # The time already spent on this request (reading it, checking the state, a variant
        # seen for the first time) comes off the bot's thinking: the host's clock started first.
        thinking = None if time_ms is None else max(1, round(thinking_ms(time_ms) - spent_ms))
        bot = make_level_bot(
            self.level, seed=decision_seed(self.seed, match, observation, kind), time_ms=thinking
        )
        self.last_bot = bot
        return bot

    def handle(self, line: bytes | str) -> dict[str, Any] | None:
        """The answer to one request line (an `error` message for a bad one), or `None` when the
        host says `quit`."""
        from ..bots import answer

        start = monotonic()
        request_id: Any = None
        try:
            try:
                request = json.loads(line)
            except RecursionError:
                raise ProtocolError("the request nests arrays or objects too deep") from None
            except (json.JSONDecodeError, UnicodeDecodeError):
                raise ProtocolError("the request is not JSON") from None
            except ValueError:  # JSON, but a number of more digits than int() reads
                raise ProtocolError("the request holds a number of thousands of digits") from None
            if not isinstance(request, dict):
                raise ProtocolError("a request is a JSON object")
            request_id = request.get("id")
            kind = request.get("type")
            if kind == "quit":
                return None
            if kind == "hello":
                check_hello(request)
                return {
                    "type": "hello",
                    "id": request_id,
                    "protocol": PROTOCOL,
                    "name": f"sueca-rules level {self.level}",
                    "author": "sueca-rules",
                }
            if kind != "decide":
                raise ProtocolError(
                    f"unknown request type {cut(json.dumps(kind))}: hello, decide or quit"
                )
            decision = decision_from_request(request)
            budget = request.get("time_ms")
            if budget is not None and budget_number(budget) is None:
                said = cut(json.dumps(budget))
                raise ProtocolError(
                    f'"time_ms" must be a number of milliseconds, such as 1000, not {said}'
                )
            observation = observation_from_request(request, decision)
            match = request.get("match")
            # The match's id as text any seed takes (a lone surrogate escaped, not an error).
            key = str(match)[:200].encode("utf-8", "backslashreplace").decode("utf-8")
            spent_ms = (monotonic() - start) * 1000
            bot = self._bot(key, observation, time_budget(request), spent_ms, decision.kind)
            choice = answer(bot, decision, observation)
            index = next(
                (
                    i
                    for i, o in enumerate(decision.options)
                    if type(o) is type(choice) and o == choice
                ),
                0,  # the bots answer options: never needed
            )
            # The option as the request wrote it ("7h" stays "7h"): the contract's answer is "one
            # of the options, as written", and a host compares the text.
            return {"type": "decision", "id": request_id, "choice": request["options"][index]}
        except Exception as exc:
            # The id as the request wrote it, whatever JSON it is, as a decision repeats it
            # ("every answer repeats the request's id"; one JSON cannot carry back is dropped by
            # `reply_line()`).
            message = str(exc) if isinstance(exc, SuecaError) else f"internal error: {exc!r}"
            return {"type": "error", "id": request_id, "message": message[:1000]}


def serve(engine: BotEngine, stdin: IO[bytes], stdout: IO[bytes]) -> int:
    """Answer the requests read from `stdin` on `stdout` until `quit` or the end of input; 0."""
    while True:
        line = stdin.readline(MAX_REQUEST + 1)
        if not line:
            return 0
        if len(line) > MAX_REQUEST and not line.endswith(b"\n"):
            while True:  # the rest of the line, skipped a piece at a time
                rest = stdin.readline(MAX_REQUEST)
                if not rest or rest.endswith(b"\n"):
                    break
            reply: dict[str, Any] = {
                "type": "error",
                "id": None,
                "message": f"a request line is at most {MAX_REQUEST} bytes",
            }
        elif not line.strip():
            continue
        else:
            answered = engine.handle(line)
            if answered is None:
                return 0
            reply = answered
        stdout.write(reply_line(reply))
        stdout.flush()


def reply_line(reply: dict[str, Any]) -> bytes:
    """`reply` as one line of strict JSON in UTF-8. A request's id that JSON cannot carry back (NaN,
    an infinity, a text with a lone surrogate: Python's reader takes them) makes it an error
    without an id instead; any other text that UTF-8 cannot carry is written escaped."""
    try:
        return (json.dumps(reply, ensure_ascii=False, allow_nan=False) + "\n").encode()
    except (ValueError, UnicodeEncodeError):
        pass
    try:
        json.dumps(reply.get("id"), ensure_ascii=False, allow_nan=False).encode()
    except (ValueError, UnicodeEncodeError):
        reply = {"type": "error", "id": None, "message": _BAD_ID}
    return (json.dumps(reply, allow_nan=False) + "\n").encode()  # ASCII: nothing to refuse


_BAD_ID: Final = (
    "a request's id is a number or a text that JSON can carry back: not NaN, an infinity or a "
    "text with a lone surrogate"
)
