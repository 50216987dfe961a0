"""Every error and fault an engine's host or `sueca arena` can raise has words in English and in
Portuguese, and a failed `hello` says what was wrong with the engine's answer (its line quoted,
cut and escaped), in the command's language."""

from __future__ import annotations

import ast
import contextlib
import io
import re
import sys
from pathlib import Path

import pytest

from sueca_rules._lang._catalogue import load_catalogue
from sueca_rules.cli import main
from sueca_rules.engines import EngineError, EngineProcess, FaultNote

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [
    ROOT / "sueca_rules" / "engines" / "_host.py",
    ROOT / "sueca_rules" / "engines" / "_protocol.py",
    ROOT / "sueca_rules" / "engines" / "_arena.py",
    ROOT / "sueca_rules" / "cli" / "_cmd_arena.py",
]
HELLO = '{"type": "hello", "id": 0, "protocol": 1, "name": "…"}'

# Where each kind of call takes its code (the argument's index), and the words' prefix.
_CODE_AT = {
    "EngineError": (0, "engine."),
    "_fault": (1, "fault."),
    "_spam": (1, "fault."),
    "_fault_note": (0, "fault."),
    "_refusal": (1, "fault.why."),
}

_PASSED_ON = {"code", "exc.code"}
"""A code passed on as it came (an error made again, a note of a fault), found where it was
first written."""


def _name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    return func.attr if isinstance(func, ast.Attribute) else ""


def _strings(node: ast.expr, kinds: set[str]) -> list[str]:
    """The codes an argument can be: a string, either branch of `a if c else b`, or an
    f-string `f"{kind}_not_json"` for each `kind` that `_load()` is called with."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body, kinds) + _strings(node.orelse, kinds)
    if isinstance(node, ast.JoinedStr):
        rest = "".join(
            v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)
        )
        return [kind + rest for kind in sorted(kinds)]
    if ast.unparse(node) in _PASSED_ON:
        return []
    raise AssertionError(f"a code that is not written out: {ast.unparse(node)}")


def _keys() -> dict[str, str]:
    """Every words' key the host and the arena can say for a code they raise, found in their
    source (key → where)."""
    trees = {path.name: ast.parse(path.read_text(encoding="utf-8")) for path in SOURCES}
    calls = [
        (name, node)
        for name, tree in trees.items()
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
    ]
    kinds = {
        node.args[2].value
        for _, node in calls
        if _name(node) == "_load"
        and len(node.args) > 2
        and isinstance(node.args[2], ast.Constant)
        and isinstance(node.args[2].value, str)
    }
    assert kinds == {"answer", "hello"}
    keys: dict[str, str] = {}
    for where, node in calls:
        found = _CODE_AT.get(_name(node))
        if found is None or len(node.args) <= found[0]:
            continue
        index, prefix = found
        for code in _strings(node.args[index], kinds):
            if code != "engine":  # `_fault_note("engine", error=...)`: an EngineError's words
                keys[prefix + code] = f"{where}:{node.lineno}"
    # How an engine ended (`_exit_how()`: "exited:3", "killed:9 (SIGKILL)", ...).
    for function in ast.walk(trees["_host.py"]):
        if isinstance(function, ast.FunctionDef) and function.name == "_exit_how":
            for ret in ast.walk(function):
                if isinstance(ret, ast.Return) and ret.value is not None:
                    text = ret.value
                    first = text.values[0] if isinstance(text, ast.JoinedStr) else text
                    assert isinstance(first, ast.Constant), ast.unparse(text)
                    keys["engine.how." + str(first.value).partition(":")[0]] = (
                        f"_host.py:{ret.lineno}"
                    )
    # The arena's own words: `say("arena.heading", ...)`, or `say("heading", ...)` where a
    # report's `say` adds the "arena." itself.
    for said in ast.walk(trees["_cmd_arena.py"]):
        if isinstance(said, ast.Call) and _name(said) in ("say", "cli_words") and said.args:
            first = said.args[0 if _name(said) == "say" else 1]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                key = first.value if "." in first.value else f"arena.{first.value}"
                keys[key] = f"_cmd_arena.py:{said.lineno}"
    # Where a fault happened, and the words every note and error is said with.
    for key in ("fault.where.arena", "fault.where.play", "fault.where.match", "fault.note"):
        keys[key] = "FaultNote.words"
    keys["engine.said"] = "EngineError.words"
    return keys


def test_every_code_the_host_and_the_arena_raise_has_words_in_each_language() -> None:
    keys = _keys()
    # The scan finds what it should (not nothing): hello's refusals among them.
    for key in (
        "engine.bad_hello",
        "engine.no_hello",
        "engine.cannot_start",
        "fault.late_replaced",
        "fault.spam_dropped",
        "fault.why.hello_not_json",
        "fault.why.hello_not_object",
        "fault.why.hello_protocol",
        "fault.why.answer_not_option",
        "engine.how.killed",
        "engine.how.still_running",
        "arena.entrant",
        "arena.empty",
        "arena.worker_lost",
        "arena.pair_rates",
    ):
        assert key in keys, key
    for lang in ("en", "pt"):
        words = load_catalogue(lang, "cli")
        missing = {key: where for key, where in keys.items() if key not in words}
        assert not missing, f"{lang}: no words for {missing}"


def test_every_refusal_of_an_engines_answer_has_a_code() -> None:
    """An answer's refusal the host shows is raised with its code (`_refusal`), never as an
    English sentence alone (which `--lang pt` would show as it is)."""
    tree = ast.parse(SOURCES[1].read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name in (
            "read_hello",
            "read_answer",
            "_load",
        ):
            bare = [
                call.lineno
                for call in ast.walk(node)
                if isinstance(call, ast.Call) and _name(call) == "ProtocolError"
            ]
            assert not bare, f"{node.name}: a ProtocolError without a code at lines {bare}"


def _fake(tmp_path: Path, answer: str) -> str:
    """The command of an engine that answers the host's hello with the line `answer`, then waits
    for its input to end."""
    path = tmp_path / "fake.py"
    path.write_text(
        "import sys\n"
        "sys.stdin.readline()\n"
        f"sys.stdout.write({answer!r} + '\\n')\n"
        "sys.stdout.flush()\n"
        "for line in sys.stdin:\n"
        "    pass\n",
        encoding="utf-8",
    )
    return f"{sys.executable} {path}"


def _arena(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["arena", *args])
    return status, out.getvalue(), err.getvalue()


_LONG = '{"type": "hello", "id": 0, "protocol": 1, "name": "' + "x" * 200 + '"'
_BAD_HELLOS = [
    (
        "hi there",
        "'hi there'",
        "that is not JSON",
        "isso não é JSON",
    ),
    (
        "[1, 2]",
        "'[1, 2]'",
        "that is JSON, but not an object",
        "isso é JSON, mas não é um objeto",
    ),
    (
        '"hello"',
        "'\"hello\"'",
        "that is JSON, but not an object",
        "isso é JSON, mas não é um objeto",
    ),
    (
        '{"type": "decision", "id": 0, "protocol": 1}',
        '\'{"type": "decision", "id": 0, "protocol": 1}\'',
        'its "type" is "decision", not "hello"',
        'o "type" é "decision", não "hello"',
    ),
    (
        '{"id": 0, "protocol": 1}',
        '\'{"id": 0, "protocol": 1}\'',
        'its "type" is null, not "hello"',
        'o "type" é null, não "hello"',
    ),
    (
        '{"type": "hello", "id": 7, "protocol": 1}',
        '\'{"type": "hello", "id": 7, "protocol": 1}\'',
        'its "id" is 7, not 0',
        'o "id" é 7, não 0',
    ),
    (
        '{"type": "hello", "id": 0}',
        '\'{"type": "hello", "id": 0}\'',
        'it has no "protocol" (write 1)',
        'falta o "protocol" (escreve 1)',
    ),
    (
        '{"type": "hello", "id": 0, "protocol": "2"}',
        '\'{"type": "hello", "id": 0, "protocol": "2"}\'',
        'its "protocol" is "2", not 1',
        'o "protocol" é "2", não 1',
    ),
    (
        '{"type": "hello", "id": 0, "protocol": 2}',
        '\'{"type": "hello", "id": 0, "protocol": 2}\'',
        'its "protocol" is 2, not 1',
        'o "protocol" é 2, não 1',
    ),
    (
        '{"type": "error", "id": 0, "message": "no such protocol"}',
        '\'{"type": "error", "id": 0, "message": "no such protocol"}\'',
        'it refused the hello: "no such protocol"',
        'recusou o hello: "no such protocol"',
    ),
    # A line with a terminal escape and a long one: escaped, and cut at 80 characters.
    (
        "\x1b[2Jhello",
        "'\\x1b[2Jhello'",
        "that is not JSON",
        "isso não é JSON",
    ),
    (
        _LONG,
        repr(_LONG[:77] + "..."),
        "that is not JSON",
        "isso não é JSON",
    ),
]


@pytest.mark.parametrize(("answer", "line", "en", "pt"), _BAD_HELLOS)
@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_bad_hello_stops_the_arena_saying_what_was_wrong(
    tmp_path: Path, answer: str, line: str, en: str, pt: str, lang: str
) -> None:
    command = _fake(tmp_path, answer)
    status, out, err = _arena(command, "level:1", "--deals", "1", "--lang", lang)
    assert (status, out) == (2, "")
    said = {
        "en": f"entrant {command!r}: the engine answered hello with {line}: {en}; an engine "
        f"answers the first line it reads with {HELLO}, on a line of its own; no deal was played",
        "pt": f"participante {command!r}: o motor respondeu ao hello com {line}: {pt}; um motor "
        f"responde à primeira linha que lê com {HELLO}, numa linha só; nenhuma mão foi jogada",
    }[lang]
    error = {"en": "error", "pt": "erro"}[lang]
    assert err.strip() == f"sueca arena: {error}: {said}"
    assert "\x1b" not in err
    assert "Traceback" not in err


def test_a_bad_hello_is_an_engine_error_with_its_why(tmp_path: Path) -> None:
    """The host's error keeps what was wrong as a code and its parameters: a front end says it
    in its language; `str()` is the English."""
    command = _fake(tmp_path, "[1]")
    with pytest.raises(EngineError) as caught:
        EngineProcess(command, hello_s=10).start()
    error = caught.value
    assert (error.code, error.params["why"], error.params["line"]) == (
        "bad_hello",
        "hello_not_object",
        "'[1]'",
    )
    assert str(error).endswith(
        f"answered hello with '[1]': that is JSON, but not an object; an engine answers the "
        f"first line it reads with {HELLO}, on a line of its own"
    )
    assert ": isso é JSON, mas não é um objeto; um motor responde" in error.words("pt")


def test_a_bad_hello_in_a_play_is_a_fault_note_in_each_language() -> None:
    note = FaultNote(
        "engine",
        {
            "error": "bad_hello",
            "name": "bot",
            "line": "'1'",
            "hello": HELLO,
            "why": "hello_not_object",
            "text": "1",
        },
        {"deal": 3, "play": 2},
    )
    assert note.words("en").startswith(
        "deal 3, play 2: bot answered hello with '1': that is JSON, but not an object; "
    )
    assert note.words("pt").startswith(
        "mão 3, jogada 2: bot respondeu ao hello com '1': isso é JSON, mas não é um objeto; "
    )


def test_a_refusal_without_a_code_is_quoted_as_it_is() -> None:
    """A hello refused with a sentence of its own (no code) keeps that sentence."""
    error = EngineError("bad_hello", name="e", line="'x'", hello="{}", why="some sentence")
    assert error.words("pt") == (
        "e respondeu ao hello com 'x': some sentence; um motor responde à primeira linha que lê "
        "com {}, numa linha só"
    )


# --- the rest of the host's and the arena's words ---------------------------------------------


def _engine(tmp_path: Path, body: str) -> list[str]:
    """An engine of `_HEAD` (it answers hello) whose answer to each request is `body`."""
    from .test_engines_host import _HEAD

    path = tmp_path / "engine.py"
    path.write_text(_HEAD + body + "\n", encoding="utf-8")
    return [sys.executable, str(path)]


def _notes(engine: EngineProcess) -> list[FaultNote]:
    from .test_engines_host import _play

    _play(engine)
    return list(engine.stats.notes)


def test_an_answer_that_is_an_error_is_quoted(tmp_path: Path) -> None:
    """An engine that answers a request with the protocol's error is told its own message
    (it was told only that the answer's type was "error", not "decision")."""
    body = "    send({'type': 'error', 'id': rid, 'message': 'no model file'})"
    with EngineProcess(_engine(tmp_path, body), time_ms=2000) as engine:
        note = _notes(engine)[0]
    assert note.words("en").endswith(': the engine answered with an error: "no model file"')
    assert note.words("pt").endswith(': o motor respondeu com um erro: "no model file"')


def test_lines_that_answer_nothing_are_quoted(tmp_path: Path) -> None:
    """Debugging output on stdout is the usual cause of lines nobody asked for: the note quotes
    it; a second answer to a request says so."""
    body = (
        "    sys.stdout.write(json.dumps({'type': 'decision', 'id': rid, 'choice': options[0]})"
        " + '\\ndebug: \\x1b[1mthinking\\n')\n"
        "    sys.stdout.flush()"
    )
    with EngineProcess(_engine(tmp_path, body), time_ms=2000) as engine:
        said = [note.words("en") for note in _notes(engine)]
    quoted = ": a line that answered no request, discarded: 'debug: \\x1b[1mthinking'"
    assert said
    assert all(re.match(r"match 11, seat [02]: ", s) and s.endswith(quoted) for s in said), said
    pt = FaultNote("spam_line", {"text": "'debug'"}, {"match": "m", "seat": 2}).words("pt")
    assert pt == (
        "encontro m, lugar 2: uma linha que não respondia a nenhum pedido, deitada fora: 'debug'"
    )
    again = body.replace(
        "'\\ndebug: \\x1b[1mthinking\\n'",
        "'\\n' + json.dumps({'type': 'decision', 'id': rid, 'choice': options[0]}) + '\\n'",
    )
    with EngineProcess(_engine(tmp_path, again), time_ms=2000) as engine:
        again_said = {note.words("en") for note in _notes(engine)}
    assert any(re.search(r": an answer to request \d+ again: discarded$", s) for s in again_said), (
        again_said
    )


def test_out_of_time_says_the_time_the_match_gave(tmp_path: Path) -> None:
    body = "    time.sleep(0.05)\n    send({'type': 'decision', 'id': rid, 'choice': options[-1]})"
    with EngineProcess(_engine(tmp_path, body), time_ms=1000, match_ms=300) as engine:
        notes = [n for n in _notes(engine) if n.code == "out_of_time"]
    assert notes
    assert notes[0].words("en").endswith(": out of time for this match: its 300 ms are spent")
    assert (
        notes[0].words("pt").endswith(": sem tempo para este encontro: gastou os 300 ms que tinha")
    )


def test_a_hello_too_long_says_what_would_do(tmp_path: Path) -> None:
    command = _fake(tmp_path, "x" * 70_000)
    with pytest.raises(EngineError) as caught:
        EngineProcess(command, hello_s=10).start()
    assert str(caught.value).endswith(
        f"its answer to hello is a line longer than 65536 bytes: an engine answers the first "
        f"line it reads with {HELLO}, on a line of its own"
    )
    assert caught.value.words("pt").endswith(
        f"a resposta ao hello é uma linha com mais de 65536 bytes: um motor responde à primeira "
        f"linha que lê com {HELLO}, numa linha só"
    )


def test_an_engine_that_dies_before_hello_says_so(tmp_path: Path) -> None:
    command = f"{sys.executable} -c 'import sys; sys.stdin.readline(); sys.exit(4)'"
    with pytest.raises(EngineError) as caught:
        EngineProcess(command, hello_s=10).start()
    assert str(caught.value).endswith(" exited (status 4) before answering hello")
    assert caught.value.words("pt").endswith(" terminou (estado 4) antes de responder ao hello")


def test_the_arenas_progress_bar_speaks_the_commands_language(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import sueca_rules.cli._cmd_arena as arena
    from sueca_rules.cli._study_options import ProgressBar

    labels: list[tuple[str | None, str]] = []

    def bar(unit: str, total: int, label: str | None = None, lang: str = "en") -> object:
        made = ProgressBar(unit, total, label, lang)
        labels.append((made.label, made.remaining))
        return made

    monkeypatch.setattr(arena, "ProgressBar", bar)
    for lang in ("en", "pt"):
        status, _, err = _arena("level:1", "level:1", "--deals", "1", "--lang", lang)
        assert status == 0, err
    assert labels == [("arena deals", "eta"), ("mãos da arena", "faltam")]


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_worker_killed_stops_the_arena_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """A worker process killed (out of memory, or by an engine, as here: it kills the process
    that asks it a decision, never this one) stops the arena with one line, not a traceback."""
    import os

    monkeypatch.setenv("SUECA_TEST_PID", str(os.getpid()))
    path = tmp_path / "killer.py"
    path.write_text(
        "import json, os, signal, sys\n"
        "for line in sys.stdin:\n"
        "    r = json.loads(line)\n"
        "    if r['type'] == 'hello':\n"
        "        print(json.dumps({'type': 'hello', 'id': 0, 'protocol': 1}), flush=True)\n"
        "    elif r['type'] == 'decide':\n"
        "        if os.getppid() != int(os.environ['SUECA_TEST_PID']):\n"
        "            os.kill(os.getppid(), signal.SIGKILL)\n"
        "        print(json.dumps({'type': 'decision', 'id': r['id'],"
        " 'choice': r['options'][0]}), flush=True)\n",
        encoding="utf-8",
    )
    command = f"{sys.executable} {path}"
    status, out, err = _arena(command, "level:1", "--deals", "2", "--jobs", "2", "--lang", lang)
    assert (status, out) == (1, "")
    said = {
        "en": "stopped: a worker process of the arena ended abruptly (killed, or out of "
        "memory; an engine may have killed it); no results",
        "pt": "parou: um processo de trabalho da arena terminou de repente (foi morto, ou "
        "ficou sem memória; um motor pode tê-lo matado); sem resultados",
    }
    assert err.strip() == said[lang]


def test_cannot_start_a_path_through_a_file_is_said_in_portuguese() -> None:
    status, _, err = _arena("/etc/passwd/engine", "level:1", "--deals", "1", "--lang", "pt")
    assert status == 2
    assert "não consigo arrancar /etc/passwd/engine: uma parte do caminho não é uma pasta" in err


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "error: entrant 2 is empty: write an engine's command line (quoted) or level:N"),
        ("pt", "erro: o participante 2 está vazio: escreve o comando de um motor (entre aspas)"),
    ],
)
def test_an_empty_entrant_is_named_by_its_place(lang: str, words: str) -> None:
    status, _, err = _arena("level:1", "  ", "--deals", "1", "--lang", lang)
    assert status == 2
    assert words in err


@pytest.mark.parametrize(
    ("why", "en", "pt"),
    [
        ("Not a directory", "Not a directory", "uma parte do caminho não é uma pasta"),
        (
            "Too many open files",
            "Too many open files (the system's limit: fewer engines at once would do)",
            "demasiados ficheiros abertos (é o limite do sistema: menos motores ao mesmo tempo "
            "resolve)",
        ),
        (
            "Resource temporarily unavailable",
            "Resource temporarily unavailable (no more processes may start now: fewer engines at "
            "once would do)",
            "o sistema não deixa arrancar mais processos agora (menos motores ao mesmo tempo "
            "resolve)",
        ),
        ("Cannot allocate memory", "Cannot allocate memory", "falta memória para o arrancar"),
    ],
)
def test_why_an_engine_cannot_start_in_each_language(why: str, en: str, pt: str) -> None:
    """The system's reasons an arena of many engines meets (a limit of files or processes, no
    memory) are said in Portuguese too, with what would help."""
    error = EngineError("cannot_start", command="bot", why=why)
    assert str(error) == f"cannot start bot: {en}"
    assert error.words("pt") == f"não consigo arrancar bot: {pt}"
