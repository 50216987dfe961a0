"""The host never hangs and never trusts: each misbehaving engine (tiny Python scripts) has its
faults counted, its seats played by the first-option rule, and the match completes legally; the
host kills what it started and keeps a bounded stderr."""

from __future__ import annotations

import contextlib
import os
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sueca_rules import Match
from sueca_rules.engines import (
    BotPlayer,
    EngineError,
    EngineProcess,
    close_all,
    play_match,
)
from sueca_rules.engines._host import MAX_EXTRA_LINES, MAX_LATE, MAX_RESTARTS

# The start of every test engine: answers hello, then `decide(request)` per request.
_HEAD = """
import json, sys, time, os
def send(message):
    sys.stdout.write(json.dumps(message) + "\\n")
    sys.stdout.flush()
count = 0
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        send({"type": "hello", "id": 0, "protocol": 1, "name": "test"})
        continue
    if request["type"] == "quit":
        break
    count += 1
    rid, options = request["id"], request["options"]
"""

ENGINES = {
    "good": "    send({'type': 'decision', 'id': rid, 'choice': options[-1]})",
    "crash": "    if count == 3: raise SystemExit(3)\n"
    "    send({'type': 'decision', 'id': rid, 'choice': options[0]})",
    "exit_early": "    if count == 2: os._exit(0)\n"
    "    send({'type': 'decision', 'id': rid, 'choice': options[0]})",
    "killed": "    if count == 2: os.kill(os.getpid(), 9)\n"
    "    send({'type': 'decision', 'id': rid, 'choice': options[0]})",
    "hang": "    if count == 2: time.sleep(3600)\n"
    "    send({'type': 'decision', 'id': rid, 'choice': options[0]})",
    "garbage": "    sys.stdout.write('this is not json\\n'); sys.stdout.flush()",
    "huge_line": "    sys.stdout.write('x' * 10_000_000 + '\\n'); sys.stdout.flush()\n"
    "    send({'type': 'decision', 'id': rid, 'choice': options[0]})",
    "wrong_id": "    send({'type': 'decision', 'id': rid + 1000, 'choice': options[0]})",
    "spam": "    for _ in range(3): send({'type': 'decision', 'id': rid, 'choice': options[0]})",
    "not_an_option": "    send({'type': 'decision', 'id': rid, 'choice': 'ZZ'})",
    "slow": "    time.sleep(0.5)\n    send({'type': 'decision', 'id': rid, 'choice': options[0]})",
    "late_once": "    if count == 2: time.sleep(0.45)\n"
    "    send({'type': 'decision', 'id': rid, 'choice': options[0]})",
    "blank_lines": "    sys.stdout.write('\\n \\r\\n\\n')\n"
    "    send({'type': 'decision', 'id': rid, 'choice': options[-1]})",
}


def _script(tmp_path: Path, name: str) -> list[str]:
    path = tmp_path / f"{name}.py"
    path.write_text(_HEAD + ENGINES[name] + "\n", encoding="utf-8")
    return [sys.executable, str(path)]


def _play(engine: EngineProcess, variant: str = "portugal") -> Match:
    bot = BotPlayer(1)
    return play_match(variant, [engine, bot, engine, bot], seed=11, deals=1)


def test_a_good_engine_plays_without_faults(tmp_path: Path) -> None:
    with EngineProcess(_script(tmp_path, "good"), time_ms=2000) as engine:
        assert engine.info == {"name": "test"}
        match = _play(engine)
    assert len(match.deals) == 1
    assert engine.stats.faults == 0
    assert engine.stats.answered == engine.stats.decisions == 20
    # It played its last option each time: the match's record replays (the engine is the referee).
    assert _replayed(match) == match.deals[0].plays


_WHERE = re.compile(r"match 11, seat [02]: ")
"""The start of a fault note of `_play()`'s engine: the match it is about (its id: the seed) and
the seat asked."""


def _said(note: str) -> str:
    """A fault note of `_play()`'s engine without its start (checked: the match and seat)."""
    found = _WHERE.match(note)
    assert found is not None, note
    return note[found.end() :]


def _replayed(match: Match) -> tuple[object, ...]:
    """The first deal's cards as a new match replays them from the record (all legal)."""
    return Match.from_record(match.to_record(), allow_unfinished=True).deals[0].plays


@pytest.mark.parametrize(
    ("name", "stops"),
    [
        ("crash", True),
        ("exit_early", True),
        ("hang", True),
        ("garbage", False),
        ("huge_line", False),
        ("wrong_id", False),
        ("not_an_option", False),
        ("slow", True),
    ],
)
def test_a_misbehaving_engine_has_faults_and_the_match_goes_on(
    tmp_path: Path, name: str, stops: bool
) -> None:
    start = time.monotonic()
    with EngineProcess(_script(tmp_path, name), time_ms=100, grace_ms=100) as engine:
        match = _play(engine, "portugal-table")
    elapsed = time.monotonic() - start
    assert len(match.deals) == 1  # the deal was played to its end, every card checked
    assert _replayed(match) == match.deals[0].plays
    assert not match.deals[0].revokes  # the host followed suit for it (renúncias are claimable)
    stats = engine.stats
    assert stats.faults >= 1
    assert stats.faults + stats.answered == stats.decisions
    assert stats.log
    assert stats.first == next(iter(stats.log)) or len(stats.log) == stats.log.maxlen
    if stops:
        # Replaced for the rest of the match: asked no more, so at most one slow decision.
        assert stats.answered <= 2
        assert stats.faults == stats.decisions - stats.answered
        # The first fault says why (the rest only that it was replaced).
        assert _said(stats.first).startswith(("no answer to request", "exited (status"))
        assert _said(stats.log[-1]).startswith("replaced")
    else:
        assert stats.faults == stats.decisions  # every answer was wrong
    assert elapsed < 30  # the host never waits for a hanging engine beyond its deadline


def test_spam_is_discarded_and_counted(tmp_path: Path) -> None:
    with EngineProcess(_script(tmp_path, "spam"), time_ms=1000) as engine:
        match = _play(engine)
    assert len(match.deals) == 1
    stats = engine.stats
    assert stats.answered == stats.decisions  # the first answer of each counts
    assert stats.extra_lines >= stats.decisions  # two more lines a request, minus the last ones
    # One fault a decision that came with them (all but the first), not one a line.
    assert stats.faults == stats.decisions - 1
    assert not any("replaced" in line for line in stats.log)


_FLOOD = """
    for _ in range(LINES): sys.stdout.write(json.dumps({'type': 'decision', 'id': rid,
                                                        'choice': options[0]}) + "\\n")
    sys.stdout.flush()
"""


@pytest.mark.parametrize("lines", [100, 30_000])
def test_a_flood_of_lines_is_a_fault_a_decision_and_past_a_limit_replaced(
    tmp_path: Path, lines: int
) -> None:
    # Each answer written `lines` times: the first answers, the others come with the next
    # decision (the host reads past them to its answer): one fault for that decision, however
    # many they are, where it was one a line (hundreds of thousands for a deal).
    flood = tmp_path / "flood.py"
    flood.write_text(_HEAD + _FLOOD.replace("LINES", str(lines)), encoding="utf-8")
    start = time.monotonic()
    with EngineProcess([sys.executable, str(flood)], time_ms=5000) as engine:
        match = _play(engine)
    assert len(match.deals) == 1
    assert time.monotonic() - start < 30
    stats = engine.stats
    assert stats.decisions == 20
    flooded = [line for line in stats.log if "lines that answered no request in" in line]
    if lines * 20 <= MAX_EXTRA_LINES:  # a chatty engine, not a broken one: asked to the end
        assert stats.faults == 19  # every decision but the first came with lines
        assert stats.answered == 20
        assert not flooded
        assert stats.extra_lines >= (lines - 1) * 19  # the last answer's may not be read
        assert not any("replaced" in line for line in stats.log)
    else:  # flooding: replaced at the second request, past MAX_EXTRA_LINES lines
        assert stats.faults == 19
        assert stats.answered == 1
        assert [_said(line) for line in flooded] == [
            f"more than {MAX_EXTRA_LINES} lines that answered no request in this match: replaced"
        ]
        assert _said(stats.log[-1]).startswith("replaced")
        assert MAX_EXTRA_LINES < stats.extra_lines < lines


def test_a_huge_line_is_not_kept_whole(tmp_path: Path) -> None:
    with EngineProcess(_script(tmp_path, "huge_line"), time_ms=2000) as engine:
        match = Match("portugal", seed=1)
        decision = match.pending()
        assert decision is not None
        assert engine.ask(match, decision, match_id="m") == decision.options[0]
        assert engine.stats.faults == 1
        assert "longer than" in engine.stats.log[-1]
        # The answer after the long line is a late answer, discarded; the engine still answers.
        match.decide(decision.options[0])
        decision = match.pending()
        assert decision is not None
        engine.ask(match, decision, match_id="m")
        assert engine.stats.faults == 2


def test_a_dead_engine_is_started_again_for_every_next_match(tmp_path: Path) -> None:
    # Every match the same, however many came before it in this process (an arena's results do
    # not depend on how its deals are shared among --jobs).
    with EngineProcess(_script(tmp_path, "crash"), time_ms=500) as engine:
        for played in range(1, MAX_RESTARTS + 3):
            _play(engine)
            assert engine.stats.answered == 2 * played  # two answers, then it crashes
        assert engine.stats.restarts == MAX_RESTARTS + 1
        assert not engine.alive


def test_an_engine_that_cannot_start_again_is_given_up(tmp_path: Path) -> None:
    # It starts once; every start after that exits before hello: tried MAX_RESTARTS times in a
    # row, then its seats are played by the first-option rule, with no more starts.
    once = tmp_path / "once.py"
    mark = tmp_path / "started"
    once.write_text(
        f"import os, sys\nif os.path.exists({str(mark)!r}): sys.exit('not again')\n"
        f"open({str(mark)!r}, 'w').close()\n" + _HEAD + ENGINES["crash"] + "\n",
        encoding="utf-8",
    )
    with EngineProcess([sys.executable, str(once)], time_ms=500) as engine:
        for _ in range(MAX_RESTARTS + 3):
            _play(engine)
        assert engine.stats.restarts == MAX_RESTARTS
        assert engine.stats.answered == 2
        assert any("not again" in line for line in engine.stats.log)


def test_a_late_answer_is_a_fault_and_the_engine_is_asked_again(tmp_path: Path) -> None:
    # Late by 0.15 s for the second request; its answer to the third is then in time.
    with EngineProcess(_script(tmp_path, "late_once"), time_ms=200, grace_ms=100) as engine:
        match = _play(engine)
    assert len(match.deals) == 1
    stats = engine.stats
    assert stats.faults == 1  # the second request, answered late
    assert stats.answered == stats.decisions - 1
    assert stats.extra_lines == 1  # its late answer, discarded when it came
    assert _said(stats.first).startswith("no answer to request 2 in 300 ms")
    assert "replaced" not in stats.first
    assert stats.restarts == 0


def test_an_engine_late_too_often_in_a_row_is_replaced(tmp_path: Path) -> None:
    with EngineProcess(_script(tmp_path, "slow"), time_ms=100, grace_ms=100) as engine:
        _play(engine)
    stats = engine.stats
    late = [line for line in stats.log if _said(line).startswith("no answer")]
    assert len(late) == MAX_LATE
    assert late[-1].endswith(f"{MAX_LATE} requests in a row: replaced")
    assert _said(stats.log[-1]).startswith("replaced")


def test_an_engine_that_cannot_start_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(EngineError, match="cannot start"):
        EngineProcess([str(tmp_path / "no-such-engine")]).start()
    silent = tmp_path / "silent.py"
    silent.write_text("import sys\nprint('no hello here', file=sys.stderr)\n", encoding="utf-8")
    with pytest.raises(
        EngineError,
        match=r"exited \(status 0\) before (it was greeted|answering hello); its last words: no "
        r"hello here",
    ):
        EngineProcess([sys.executable, str(silent)], hello_s=5).start()
    # A runtime that ends with a banner of its own (Node.js prints its version last): the
    # error line is quoted, not the banner.
    banner = tmp_path / "banner.py"
    banner.write_text(
        "import sys\n"
        "print('Error: Cannot find module engine.js', file=sys.stderr)\n"
        "print('', file=sys.stderr)\n"
        "print('Node.js v20.20.2', file=sys.stderr)\n"
        "sys.exit(1)\n",
        encoding="utf-8",
    )
    with pytest.raises(EngineError, match=r"its last words: Error: Cannot find module engine\.js$"):
        EngineProcess([sys.executable, str(banner)], hello_s=5).start()
    mute = tmp_path / "mute.py"
    mute.write_text("import time\ntime.sleep(60)\n", encoding="utf-8")
    start = time.monotonic()
    with pytest.raises(EngineError, match="did not answer hello in time"):
        EngineProcess([sys.executable, str(mute)], hello_s=0.5).start()
    assert time.monotonic() - start < 10
    huge = tmp_path / "huge.py"
    huge.write_text("import time\nprint('x' * 200_000, flush=True)\ntime.sleep(60)\n", "utf-8")
    start = time.monotonic()
    with pytest.raises(EngineError, match="its answer to hello is a line longer than 65536 bytes"):
        EngineProcess([sys.executable, str(huge)], hello_s=30).start()
    assert time.monotonic() - start < 10  # said at once, not at the end of the hello's time


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("crash", "exited (status 3) before answering request 3"),
        ("exit_early", "exited (status 0) before answering request 2"),
        ("killed", "was killed by signal 9 (SIGKILL) before answering request 2"),
    ],
)
def test_an_engine_that_exits_is_told_with_its_status(
    tmp_path: Path, name: str, words: str
) -> None:
    # Its output ends a moment before the process is reaped: the status is waited for.
    with EngineProcess(_script(tmp_path, name), time_ms=2000) as engine:
        _play(engine)
    assert _said(engine.stats.first) == words


def test_an_engine_that_closes_its_output_and_lives_on_is_told_so(tmp_path: Path) -> None:
    # Not waited for (on Linux: it is not exiting), killed at once; elsewhere its status is
    # waited for a moment (`_EXIT_WAIT_S`), then it is said to be running.
    lingering = tmp_path / "lingering.py"
    lingering.write_text(
        "import os, sys, time\nsys.stdout.close()\nos.close(1)\ntime.sleep(30)\n", "utf-8"
    )
    start = time.monotonic()
    with pytest.raises(EngineError, match=r"closed its output \(still running\)"):
        EngineProcess([sys.executable, str(lingering)], hello_s=20).start()
    assert time.monotonic() - start < 15


_CLOSES_OUTPUT = """
import json, os, sys, time
sys.stdin.readline()
sys.stdout.write(json.dumps({"type": "hello", "id": 0, "protocol": 1}) + "\\n")
sys.stdout.flush()
sys.stdin.readline()  # its first request: its output closed, it lives on
os.close(1)
time.sleep(60)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="told apart through /proc")
def test_an_engine_that_closes_its_output_is_gone_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # It can never answer again: killed at once, not waited for as one that exits is (here
    # 20 s, so that a wait shows on any machine), and its other seats are faults at once.
    monkeypatch.setattr("sueca_rules.engines._host._EXIT_WAIT_S", 20.0)
    closes = tmp_path / "closes.py"
    closes.write_text(_CLOSES_OUTPUT, encoding="utf-8")
    with EngineProcess([sys.executable, str(closes)], time_ms=5000) as engine:
        process = engine._process
        assert process is not None
        start = time.monotonic()
        match = _play(engine)
        elapsed = time.monotonic() - start
        assert process.poll() == -9  # killed, before the engine is closed
        assert not engine.alive
    assert len(match.deals) == 1
    assert elapsed < 10
    stats = engine.stats
    assert stats.faults == stats.decisions == 20
    assert _said(stats.first) == "closed its output (still running) before answering request 1"


def test_an_engine_that_crashes_is_told_with_its_last_words(tmp_path: Path) -> None:
    """A traceback on stderr is why an engine crashed: the fault quotes its error line, as a
    failed hello does (it said only "exited (status 1)", and an arena's report showed no more)."""
    crashing = tmp_path / "crashing.py"
    crashing.write_text(
        _HEAD + "    if count == 2: raise RuntimeError('no model file')\n" + ENGINES["good"] + "\n",
        encoding="utf-8",
    )
    with EngineProcess([sys.executable, str(crashing)], time_ms=2000) as engine:
        _play(engine)
    assert _said(engine.stats.first) == (
        "exited (status 1) before answering request 2; its last words: RuntimeError: no model file"
    )


def test_stderr_is_kept_to_a_bounded_log(tmp_path: Path) -> None:
    noisy = tmp_path / "noisy.py"
    noisy.write_text(
        _HEAD.replace("count = 0", "sys.stderr.write('e' * 1_000_000 + 'THE END\\n')\ncount = 0")
        + ENGINES["good"]
        + "\n",
        encoding="utf-8",
    )
    with EngineProcess([sys.executable, str(noisy)], stderr_bytes=4096) as engine:
        _play(engine)
        time.sleep(0.2)
    assert len(engine.stderr) <= 4096
    assert engine.stderr.endswith("THE END\n")


def alive(pid: int) -> bool:
    """Whether process `pid` runs (a zombie, dead but not reaped, does not)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie (dead, not reaped by its parent yet) counts as dead.
    stat = Path(f"/proc/{pid}/stat")
    return not (stat.exists() and stat.read_text().split(") ")[1].startswith("Z"))


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_closing_kills_the_engines_whole_process_group(tmp_path: Path) -> None:
    pids = tmp_path / "child.pid"
    parent = tmp_path / "parent.py"
    parent.write_text(
        "import subprocess, sys\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(3600)'])\n"
        f"open({str(pids)!r}, 'w').write(str(child.pid))\n"
        "import signal\nsignal.signal(signal.SIGTERM, signal.SIG_IGN)\n"  # ignores a polite stop
        + _HEAD
        + ENGINES["good"]
        + "\n",
        encoding="utf-8",
    )
    engine = EngineProcess([sys.executable, str(parent)])
    engine.start()
    child = _pid_in(pids)
    assert alive(child)
    engine.close()
    deadline = time.monotonic() + 10
    while alive(child):
        assert time.monotonic() < deadline, "the engine's child outlived it"
        time.sleep(0.05)


def test_a_match_total_time_limit_replaces_a_slow_engine(tmp_path: Path) -> None:
    slow = tmp_path / "slow.py"
    slow.write_text(_HEAD + "    time.sleep(0.05)\n" + ENGINES["good"] + "\n", encoding="utf-8")
    with EngineProcess([sys.executable, str(slow)], time_ms=1000, match_ms=300) as engine:
        match = _play(engine)
    assert len(match.deals) == 1
    assert 1 <= engine.stats.answered < engine.stats.decisions
    assert any("out of time" in line or "no answer" in line for line in engine.stats.log)


def test_play_match_starts_an_engine_not_started(tmp_path: Path) -> None:
    engine = EngineProcess(_script(tmp_path, "good"))
    try:
        match = _play(engine)
    finally:
        engine.close()
    assert len(match.deals) == 1
    assert engine.stats.restarts == 0
    assert engine.stats.faults == 0
    missing = EngineProcess([str(tmp_path / "missing")])
    match = _play(missing)  # cannot start: every decision of its seats is a fault
    assert missing.stats.faults == missing.stats.decisions == 20
    assert "cannot start" in missing.stats.log[0]


def test_blank_lines_before_an_answer_are_no_faults(tmp_path: Path) -> None:
    # An engine skips the blank lines of its input; so does the host of an engine's output.
    with EngineProcess(_script(tmp_path, "blank_lines"), time_ms=2000) as engine:
        match = _play(engine)
    assert len(match.deals) == 1
    assert engine.stats.answered == engine.stats.decisions > 0
    assert engine.stats.faults == 0
    assert engine.stats.extra_lines == 0


# An engine that ignores `quit`, the end of its input and SIGTERM: only a kill stops it (bounded
# at a minute, so that a failing test leaves nothing behind for long).
_STUBBORN = (
    "import signal, sys, time\n"
    "signal.signal(signal.SIGTERM, signal.SIG_IGN)\n"
    "signal.signal(signal.SIGINT, signal.SIG_IGN)\n"
    + _HEAD
    + ENGINES["good"]
    + "\ntime.sleep(60)\n"
)


def _stubborn(tmp_path: Path) -> list[str]:
    path = tmp_path / "stubborn.py"
    path.write_text(_STUBBORN, encoding="utf-8")
    return [sys.executable, str(path)]


def _dies(pid: int) -> None:
    deadline = time.monotonic() + 10
    while alive(pid):
        assert time.monotonic() < deadline, "the engine outlived its host's stop"
        time.sleep(0.05)


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_ctrl_c_while_an_engine_is_closed_still_kills_it(tmp_path: Path) -> None:
    """Ctrl-C or SIGTERM (`sueca arena` stopped) lands while the host waits for the engine to
    leave after `quit`: the engine is killed all the same, not left running."""
    engine = EngineProcess(_stubborn(tmp_path))
    engine.start()
    process = engine._process
    assert process is not None
    real_wait = process.wait

    def interrupted(timeout: float | None = None) -> int:
        if timeout is not None and timeout < 1:
            raise KeyboardInterrupt  # the signal, during the polite wait
        return real_wait(timeout)

    process.wait = interrupted  # type: ignore[method-assign]
    with pytest.raises(KeyboardInterrupt):
        engine.close()
    _dies(process.pid)
    assert real_wait(10) == -9  # killed (and reaped)
    for stream in (process.stdout, process.stderr):  # what the interrupted close() left open
        if stream is not None:
            stream.close()


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_a_stop_handler_that_interrupts_a_close_kills_that_engine(tmp_path: Path) -> None:
    """An arena worker's SIGTERM handler (`close_all()`, then exit) runs while the worker is
    closing an engine: that engine, already let go by `close()`, is killed by the handler."""
    engine = EngineProcess(_stubborn(tmp_path))
    engine.start()
    process = engine._process
    assert process is not None
    real_wait = process.wait
    seen: list[bool] = []

    def handler_runs(timeout: float | None = None) -> int:
        if timeout is not None and timeout < 1 and not seen:
            close_all()  # the handler; it exits the process after this, skipping the rest
            deadline = time.monotonic() + 10
            while alive(process.pid) and time.monotonic() < deadline:
                time.sleep(0.05)
            seen.append(alive(process.pid))
        return real_wait(timeout)

    process.wait = handler_runs  # type: ignore[method-assign]
    with contextlib.suppress(subprocess.TimeoutExpired):
        engine.close()
    assert seen == [False]


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_ctrl_c_while_waiting_for_hello_kills_the_engine(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C while an engine starts (before its `hello`): it is not left running."""
    started: list[int] = []

    def interrupted(self: EngineProcess) -> None:
        assert self._process is not None
        started.append(self._process.pid)
        raise KeyboardInterrupt

    monkeypatch.setattr(EngineProcess, "_hello", interrupted)
    with pytest.raises(KeyboardInterrupt):
        EngineProcess(_stubborn(tmp_path)).start()
    assert len(started) == 1
    _dies(started[0])


def _pid_in(path: Path) -> int:
    """The process id a program writes into `path` (waited for up to 10 seconds)."""
    deadline = time.monotonic() + 10
    while not path.exists() or not path.read_text():
        assert time.monotonic() < deadline
        time.sleep(0.05)
    return int(path.read_text())


def _host_of(tmp_path: Path, argv: list[str]) -> subprocess.Popen[str]:
    """A host process that starts the engine `argv`, prints the engine's pid and waits (to be
    killed by the test)."""
    host = tmp_path / "host.py"
    host.write_text(
        "import sys, time\n"
        "from sueca_rules.engines import EngineProcess\n"
        f"engine = EngineProcess({argv!r})\n"
        "engine.start()\n"
        "print(engine._process.pid, flush=True)\n"
        "time.sleep(60)\n",
        encoding="utf-8",
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    return subprocess.Popen([sys.executable, str(host)], stdout=subprocess.PIPE, text=True, env=env)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux: PR_SET_PDEATHSIG")
def test_an_engine_dies_with_a_host_killed_at_once(tmp_path: Path) -> None:
    """The host (`sueca arena`) is killed with SIGKILL mid-match: nothing of it runs again, so
    an engine that ignores the end of its input would be left running; the kernel kills it."""
    with _host_of(tmp_path, _stubborn(tmp_path)) as proc:
        assert proc.stdout is not None
        pid = int(proc.stdout.readline())
        try:
            assert alive(pid)
            proc.kill()
            proc.wait(10)
            _dies(pid)
        finally:
            with contextlib.suppress(OSError):
                os.kill(pid, 9)


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_what_an_engine_started_dies_with_a_host_killed_at_once(tmp_path: Path) -> None:
    """The host is killed with SIGKILL: the kernel kills the engine, and the host's guardian
    kills the rest of the engine's process group, the programs the engine started (they were
    left running, for ever for one that never ends)."""
    pids = tmp_path / "child.pid"
    parent = tmp_path / "parent.py"
    parent.write_text(
        "import subprocess, sys\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(3600)'])\n"
        f"open({str(pids)!r}, 'w').write(str(child.pid))\n" + _HEAD + ENGINES["good"] + "\n",
        encoding="utf-8",
    )
    child = 0
    with _host_of(tmp_path, [sys.executable, str(parent)]) as proc:
        assert proc.stdout is not None
        engine = int(proc.stdout.readline())
        try:
            child = _pid_in(pids)
            assert alive(child)
            proc.kill()
            proc.wait(10)
            _dies(engine)
            _dies(child)
        finally:
            for pid in (engine, child):
                if pid:
                    with contextlib.suppress(OSError):
                        os.kill(pid, 9)


def test_the_guardian_leaves_with_its_host(tmp_path: Path) -> None:
    """A host that ends normally leaves nothing running: its guardian ends with it, and nothing
    is said of it at the exit (no `ResourceWarning`: a subprocess still running, a file not
    closed)."""
    code = (
        "import sys\n"
        "from sueca_rules.engines import EngineProcess\n"
        "from sueca_rules.engines._host import _guardian\n"
        f"with EngineProcess({_script(tmp_path, 'good')!r}):\n"
        "    pass\n"
        "print(_guardian[0].pid, flush=True)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    done = subprocess.run(
        [sys.executable, "-W", "always", "-c", code],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    _dies(int(done.stdout))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="Linux: /proc/PID/fd")
def test_a_program_that_left_the_engines_process_group_is_killed_by_its_pipes(
    tmp_path: Path,
) -> None:
    """A program the engine started in a session of its own (`setsid`, as a daemon does) is out
    of reach of the group's kill; holding the engine's pipes, it is found by them and killed
    when the engine is closed (it ran on for ever, and the host waited a second for each of its
    pipes)."""
    pids = tmp_path / "child.pid"
    parent = tmp_path / "parent.py"
    parent.write_text(
        "import os, subprocess, sys\n"
        "child = subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(3600)'],"
        " start_new_session=True)\n"
        f"open({str(pids)!r}, 'w').write(str(child.pid))\n" + _HEAD + ENGINES["good"] + "\n",
        encoding="utf-8",
    )
    engine = EngineProcess([sys.executable, str(parent)])
    engine.start()
    child = int(pids.read_text())
    process = engine._process
    assert process is not None
    assert process.stdin is not None
    assert process.stdout is not None
    # A program of the host's that holds the host's ends of the pipes is spared.
    ends = [process.stdin.fileno(), process.stdout.fileno()]
    bystander = subprocess.Popen(
        [sys.executable, "-c", "import time; time.sleep(3600)"], pass_fds=ends
    )
    try:
        assert alive(child)
        start = time.monotonic()
        engine.close()
        assert time.monotonic() - start < 1.5
        _dies(child)
        assert bystander.poll() is None
    finally:
        bystander.kill()
        bystander.wait()
        with contextlib.suppress(OSError):
            os.kill(child, 9)


def test_a_hello_never_ended_with_a_newline_is_told_so(tmp_path: Path) -> None:
    """An engine that writes its hello without the end of line (the commonest slip of a first
    engine) is told what it wrote and what is missing, not only that it was late."""
    script = tmp_path / "unended.py"
    script.write_text(
        "import sys, time\nsys.stdin.readline()\n"
        'sys.stdout.write(\'{"type": "hello", "id": 0, "protocol": 1}\'); sys.stdout.flush()\n'
        "time.sleep(60)\n",
        encoding="utf-8",
    )
    with pytest.raises(EngineError) as caught:
        EngineProcess([sys.executable, str(script)], hello_s=0.5).start()
    assert caught.value.code == "hello_unended"
    line = '\'{"type": "hello", "id": 0, "protocol": 1}\''
    assert caught.value.words("en").endswith(
        f"wrote {line} but never ended the line in 0.5 s: an answer is a line, ended with "
        '"\\n" (and flushed)'
    )
    assert caught.value.words("pt").endswith(
        f"escreveu {line} mas não acabou a linha em 0,5 s: uma resposta é uma linha, acabada "
        'com "\\n" (e com flush)'
    )


def test_an_engine_is_killed_while_the_guardian_is_told_of_another(tmp_path: Path) -> None:
    """A stop (Ctrl-C, SIGTERM: `close_all()` in the signal handler) lands while the host tells
    the guardian of an engine it starts: the engines are killed all the same, at once (telling
    the guardian of a kill took its lock, which that same thread held: the host hung)."""
    import threading

    from sueca_rules.engines import _host

    engine = EngineProcess(_script(tmp_path, "good"))
    engine.start()
    process = engine._process
    assert process is not None
    lock = _host._GUARD_LOCK
    assert lock.acquire(timeout=5)
    rescue = threading.Timer(5, lock.release)  # a Lock may be released by any thread
    rescue.start()
    try:
        start = time.monotonic()
        close_all()
        assert time.monotonic() - start < 2
    finally:
        if rescue.is_alive():
            rescue.cancel()
            lock.release()
    _dies(process.pid)


def test_a_line_written_by_an_engine_that_ended_before_hello_is_judged(tmp_path: Path) -> None:
    """An engine that writes a line and ends before the host could send `hello` (a slow host, a
    busy machine) is told what is wrong with that line, as one that read the hello first is (it
    was told it "exited before receiving hello", or else, by a race, the line's fault)."""
    engine = EngineProcess([sys.executable, "-c", "print(1)"], hello_s=5)
    engine._spawn()
    process = engine._process
    assert process is not None
    process.wait(10)
    try:
        engine._greet()  # the hello cannot be sent: the line is kept
        with pytest.raises(EngineError) as caught:
            engine._read_hello(time.monotonic() + 5)
    finally:
        engine.close()
    assert caught.value.code == "bad_hello"
    assert "answered hello with '1': that is JSON, but not an object" in str(caught.value)


def test_the_latency_benchmark_times_every_decision_through_the_pipes() -> None:
    """`benchmarks/engine.py --level 4 --time-ms MS`: one wall time a decision of whole deals, and
    the nearest-rank percentiles of them."""
    from .benchmark_scripts import load_benchmark

    bench = load_benchmark("engine")
    assert bench.percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.5) == 3.0
    assert bench.percentile([float(i) for i in range(1, 101)], 0.99) == 99.0
    assert bench.percentile([7.0], 0.99) == 7.0
    report = bench.latency(4, 200, 1, "portugal")
    assert report["decisions"] == 40
    assert report["faults"] == 0
    assert 0 < report["median_ms"] <= report["p99_ms"] <= report["max_ms"]
