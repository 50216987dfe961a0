"""Bots in any language: the engine protocol (JSON lines on stdio), a host for engine processes,
and matches between engines refereed by the library's engine.

An *engine* is a program that reads one JSON request a line on stdin and writes one JSON answer a
line on stdout (see the guide's page "Engines"). This package is the host's side for Python
programs:

- [`decide_request()`][sueca_rules.engines.decide_request] builds the `decide` request of a
  match's pending decision from what its seat may know, and
  [`read_answer()`][sueca_rules.engines.read_answer] checks an answer;
- [`EngineProcess`][sueca_rules.engines.EngineProcess] runs an engine command and asks it, bounded
  in time and output, whatever it does;
- [`play_match()`][sueca_rules.engines.play_match] plays a match between engines (and built-in
  levels, [`BotPlayer`][sueca_rules.engines.BotPlayer]), every decision checked by
  [`Match.decide()`][sueca_rules.Match.decide];
- [`observation_from_request()`][sueca_rules.engines.observation_from_request] and
  [`BotEngine`][sueca_rules.engines.BotEngine] are the engine's side (`sueca engine`).

Examples:
    >>> import sys
    >>> from sueca_rules.engines import BotPlayer, EngineProcess, play_match
    >>> with EngineProcess([sys.executable, "-m", "sueca_rules", "engine", "--level", "1"]) as e:
    ...     match = play_match("portugal", [e, BotPlayer(1), e, BotPlayer(1)], seed=7, deals=1)
    >>> len(match.deals), e.stats.faults
    (1, 0)
"""

from ._arena import (
    DealPair,
    Entrant,
    PairResult,
    arena_report,
    parse_entrant,
    play_arena,
    ratings,
    wilson,
)
from ._host import (
    FAULT_LOG,
    GRACE_MS,
    HELLO_S,
    MAX_EXTRA_LINES,
    MAX_LATE,
    MAX_RESTARTS,
    STDERR_BYTES,
    EngineError,
    EngineProcess,
    EngineStats,
    FaultNote,
    close_all,
    split_command,
)
from ._players import BotPlayer, Player, decision_seed, make_level_bot, play_match
from ._protocol import (
    MAX_LINE,
    MAX_REQUEST,
    PROTOCOL,
    ProtocolError,
    asks,
    decide_request,
    decision_from_request,
    fallback,
    hello_request,
    observation_from_request,
    option_word,
    read_answer,
    read_hello,
    time_budget,
    variant_from_request,
    variant_mapping,
)
from ._serve import BotEngine, serve

__all__ = [
    "FAULT_LOG",
    "GRACE_MS",
    "HELLO_S",
    "MAX_EXTRA_LINES",
    "MAX_LATE",
    "MAX_LINE",
    "MAX_REQUEST",
    "MAX_RESTARTS",
    "PROTOCOL",
    "STDERR_BYTES",
    "BotEngine",
    "BotPlayer",
    "DealPair",
    "EngineError",
    "EngineProcess",
    "EngineStats",
    "Entrant",
    "FaultNote",
    "PairResult",
    "Player",
    "ProtocolError",
    "arena_report",
    "asks",
    "close_all",
    "decide_request",
    "decision_from_request",
    "decision_seed",
    "fallback",
    "hello_request",
    "make_level_bot",
    "observation_from_request",
    "option_word",
    "parse_entrant",
    "play_arena",
    "play_match",
    "ratings",
    "read_answer",
    "read_hello",
    "serve",
    "split_command",
    "time_budget",
    "variant_from_request",
    "variant_mapping",
    "wilson",
]
