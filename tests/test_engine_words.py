"""Every error and fault an engine's host or `sueca arena` can raise has words in English and in
Portuguese, and a failed `hello` says what was wrong with the engine's answer (its line quoted,
cut and escaped), in the command's language."""

from __future__ import annotations

import ast
import contextlib
import io
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
        '{"type": "hello", "id": 0, "protocol": "1"}',
        '\'{"type": "hello", "id": 0, "protocol": "1"}\'',
        'its "protocol" is "1", not 1',
        'o "protocol" é "1", não 1',
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
    assert (status, out) == (1, "")
    said = {
        "en": f"entrant {command!r}: the engine answered hello with {line}: {en}; an engine "
        f"answers the first line it reads with {HELLO}, on a line of its own; no deal was played",
        "pt": f"participante {command!r}: o motor respondeu ao hello com {line}: {pt}; um motor "
        f"responde à primeira linha que lê com {HELLO}, numa linha só; nenhuma mão foi jogada",
    }[lang]
    assert err.strip() == said
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
