"""`sueca arena`: engines in other languages against the built-in levels on duplicate deals, the
contract's JSON, results independent of `--jobs`, ratings, faults, and a clean stop."""

from __future__ import annotations

import contextlib
import io
import json
import pickle
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from sueca_rules.cli import main
from sueca_rules.engines import ratings, wilson

from ._scripts import run_script
from .test_engines_host import alive

ROOT = Path(__file__).resolve().parent.parent
NODE_ENGINE = f"node {ROOT / 'examples' / 'engine_lowest.js'}"
RANDOM_ENGINE = f"{sys.executable} {ROOT / 'examples' / 'engine_random.py'} --seed 1"
KEYS = [
    "a",
    "b",
    "variant",
    "deals",
    "duplicate_deals",
    "a_win_rate",
    "a_win_rate_ci",
    "a_duplicate_win_rate",
    "a_mean_margin",
    "faults",
    "ms_per_decision",
]


def _arena(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = main(["arena", *args])
    return status, out.getvalue(), err.getvalue()


def _json(*args: str) -> dict[str, Any]:
    status, out, err = _arena(*args, "--json")
    assert status == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


@needs_node
def test_the_node_engine_meets_levels_1_and_3_in_the_expected_order() -> None:
    """JavaScript speaks the protocol: the lowest-card engine is about as strong as random play
    (level 1), and level 3 beats it clearly."""
    data = _json(NODE_ENGINE, "level:1", "level:3", "--deals", "40", "--seed", "arena")
    assert data["ratings"][0]["entrant"] == "level:3"
    pairs = {(p["a"], p["b"]): p for p in data["pairs"]}
    versus_1 = pairs[NODE_ENGINE, "level:1"]
    versus_3 = pairs[NODE_ENGINE, "level:3"]
    assert list(versus_1) == KEYS
    assert versus_1["faults"] == {"a": 0, "b": 0}
    assert versus_3["faults"] == {"a": 0, "b": 0}
    assert versus_3["a_win_rate"] < 0.45
    assert versus_3["a_mean_margin"] < 0
    assert versus_3["a_win_rate"] < versus_1["a_win_rate"]
    assert versus_1["a_win_rate_ci"][0] < 0.55  # not clearly stronger than random play
    assert versus_1["deals"] == 80
    assert versus_1["duplicate_deals"] == 40


def test_two_entrants_give_the_contracts_json() -> None:
    data = _json("level:1", "level:2", "--deals", "6", "--variant", "portugal-table")
    assert list(data) == KEYS
    assert data["a"] == "level:1"
    assert data["b"] == "level:2"
    assert data["variant"] == "portugal-table"
    assert (data["deals"], data["duplicate_deals"]) == (12, 6)
    low, high = data["a_win_rate_ci"]
    assert 0 <= low <= data["a_win_rate"] <= high <= 1
    assert 0 <= data["a_duplicate_win_rate"] <= 1
    assert data["faults"] == {"a": 0, "b": 0}
    assert set(data["ms_per_decision"]) == {"a", "b"}


def _toy_engine(path: Path, before: str, choice: str) -> str:
    """The command of an engine in Python that answers hello, runs the lines `before` on each
    request `r`, then answers the expression `choice`."""
    path.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    r = json.loads(line)\n"
        "    if r['type'] == 'hello':\n"
        "        print(json.dumps({'type': 'hello', 'id': 0, 'protocol': 1}), flush=True)\n"
        "    elif r['type'] == 'decide':\n"
        f"{before}"
        f"        print(json.dumps({{'type': 'decision', 'id': r['id'], 'choice': {choice}}}),"
        " flush=True)\n",
        encoding="utf-8",
    )
    return f"{sys.executable} {path}"


def _same(a: dict[str, Any], b: dict[str, Any]) -> None:
    """Equal but for the engines' times."""
    for data in (a, b):
        data.pop("ms_per_decision")
    assert a == b


def test_results_do_not_depend_on_jobs() -> None:
    args = (RANDOM_ENGINE, "level:2", "--deals", "10", "--seed", "7", "--variant", "brasil")
    one = _json(*args, "--jobs", "1")
    two = _json(*args, "--jobs", "2")
    _same(one, two)
    assert one["faults"] == {"a": 0, "b": 0}


def test_results_do_not_depend_on_jobs_for_an_engine_that_crashes(tmp_path: Path) -> None:
    # It crashes whenever it could play the ace of spades: started again for every play of a deal,
    # so each play goes the same way whichever worker plays it, after however many crashes.
    script = _toy_engine(
        tmp_path / "crashes.py",
        "        if 'AS' in r['options']: sys.exit(1)\n",
        "r['options'][-1]",
    )
    args = (script, "level:2", "--deals", "8", "--seed", "3")
    one = _json(*args, "--jobs", "1")
    two = _json(*args, "--jobs", "2")
    assert one["faults"]["a"] > 0
    _same(one, two)


def test_an_engine_and_its_level_give_the_same_deals() -> None:
    """`sueca engine --level 2` through the protocol plays what level:2 plays in this process
    (the same bots, seeded the same way): the request holds all the bots need."""
    engine = f"{sys.executable} -m sueca_rules engine --level 2"
    through = _json(engine, "level:1", "--deals", "4", "--variant", "portugal-table")
    inside = _json("level:2", "level:1", "--deals", "4", "--variant", "portugal-table")
    through["a"] = "level:2"
    _same(through, inside)


def test_three_entrants_give_ratings_and_every_pair() -> None:
    data = _json("level:1", "level:3", RANDOM_ENGINE, "--deals", "8", "--seed", "x")
    assert list(data) == ["variant", "entrants", "deals", "duplicate_deals", "ratings", "pairs"]
    assert [(p["a"], p["b"]) for p in data["pairs"]] == [
        ("level:1", "level:3"),
        ("level:1", RANDOM_ENGINE),
        ("level:3", RANDOM_ENGINE),
    ]
    assert sorted(r["entrant"] for r in data["ratings"]) == sorted(data["entrants"])
    for row in data["ratings"]:
        low, high = row["rating_ci"]
        assert low <= row["rating"] <= high
    assert abs(sum(r["rating"] for r in data["ratings"])) < 0.5
    status, out, _ = _arena("level:1", "level:3", RANDOM_ENGINE, "--deals", "8", "--seed", "x")
    assert status == 0
    assert "ratings (Bradley-Terry" in out
    assert "A level:1 vs B level:3" in out


def test_the_text_of_two_entrants() -> None:
    status, out, _ = _arena("level:1", "level:1", "--deals", "3")
    assert status == 0
    assert out.startswith("A level:1 vs B level:1 (portugal, 3 duplicate deals, 6 plays)\n")
    assert "faults: A 0, B 0" in out


def test_the_report_in_portuguese(tmp_path: Path) -> None:
    status, out, _ = _arena("level:1", "level:1", "--deals", "3", "--lang", "pt")
    assert status == 0
    assert out.startswith("A level:1 contra B level:1 (portugal, 3 mãos em duplicado, 6 jogadas)\n")
    assert "A ganha " in out
    assert "falhas: A 0, B 0; ms por decisão" in out
    status, out, _ = _arena("level:1", "level:2", "level:1", "--deals", "2", "--lang", "pt")
    assert status == 0
    assert "classificação (Bradley-Terry, escala Elo" in out
    assert "\npares:\n" in out
    got, _, err = _arena("level:1", "--deals", "1", "--lang", "pt")
    assert got == 2
    assert "pelo menos dois participantes" in err
    script = tmp_path / "silent.py"
    script.write_text("import sys\nfor line in sys.stdin:\n    pass\n", encoding="utf-8")
    got, _, err = _arena(f"{sys.executable} {script}", "level:1", "--deals", "1", "--lang", "pt")
    assert got == 2  # an engine that never says hello is refused before any deal
    assert f"participante '{sys.executable} {script}': " in err


def test_portuguese_writes_the_numbers_with_a_decimal_comma() -> None:
    """`sueca arena --lang pt` writes `27,5%`, `12,8–49,4%`, `-24,6 pontos` and the ratings'
    intervals as `[-57,6; +168,3]` (a semicolon between numbers with commas), where English
    writes `27.5%`, `12.8-49.4%`, `-24.6 points` and `[-57.6, +168.3]` as before; `--json` is
    the same in every language."""
    entrants = ("level:1", "level:2", "level:1", "--deals", "2", "--seed", "4")

    def untimed(text: str) -> str:  # the times per decision change from run to run
        return "\n".join(line for line in text.splitlines() if "ms " not in line)

    status, english, _ = _arena(*entrants)
    assert status == 0
    status, portuguese, _ = _arena(*entrants, "--lang", "pt")
    assert status == 0
    assert not re.search(r"\d\.\d", portuguese)
    numbers = re.findall(r"(?<!\d)[-+]?\d+\.\d+", untimed(english))  # not 15.0-85.0's -
    assert len(numbers) > 20
    assert re.findall(r"(?<!\d)[-+]?\d+,\d+", untimed(portuguese)) == [
        n.replace(".", ",") for n in numbers
    ]
    rating = r"^ +1\. level:\d +[-+]\d+{}\d  \[[-+]\d+{}\d{} [-+]\d+{}\d\]  {} \d+{}\d%$"
    assert re.search(rating.format(".", ".", ",", ".", "score", "."), english, re.M)
    assert re.search(rating.format(",", ",", ";", ",", "resultado", ","), portuguese, re.M)
    pair = r"\(95%: \d+{}\d{}\d+{}\d%\), \d+{}\d%"
    assert re.search(pair.format(".", "-", ".", "."), english)
    assert re.search(pair.format(",", "–", ",", ","), portuguese)
    assert re.search(r"ms per decision: A \d+\.\d\d, B \d+\.\d\d$", english, re.M)
    assert re.search(r"ms por decisão: A \d+,\d\d, B \d+,\d\d$", portuguese, re.M)
    data = _json(*entrants)
    in_portuguese = _json(*entrants, "--lang", "pt")
    for pair_data in (data, in_portuguese):
        for report in pair_data["pairs"]:
            del report["ms_per_decision"]
    assert in_portuguese == data


def test_no_engine_process_is_sent_two_hands_of_a_deal(tmp_path: Path) -> None:
    """An engine may keep what it is sent: were one process asked at seats 0 and 2 it would know
    its partner's hand, and one that played both plays of a duplicate deal would know its rivals'
    in the second. Each process is asked at one seat of a deal only."""
    log = tmp_path / "asked.log"
    script = _toy_engine(
        tmp_path / "logs.py",
        f"        open({str(log)!r}, 'a').write(json.dumps([__import__('os').getpid(), "
        "r['match'].split(':')[0], r['seat']]) + '\\n')\n",
        "r['options'][0]",
    )
    data = _json(script, "level:1", "--deals", "3", "--variant", "brasil")
    assert data["faults"] == {"a": 0, "b": 0}
    asked = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    seats: dict[tuple[int, str], set[int]] = {}
    for pid, deal, seat in asked:
        seats.setdefault((pid, deal), set()).add(seat)
    assert {deal for _, deal, _ in asked} == {"0", "1", "2"}
    assert {seat for _, _, seat in asked} == {0, 1, 2, 3}
    assert all(len(each) == 1 for each in seats.values()), seats


def test_faults_are_reported(tmp_path: Path) -> None:
    script = _toy_engine(tmp_path / "wrong.py", "", "'nope'")
    status, out, err = _arena(script, "level:1", "--deals", "2", "--json")
    assert status == 0
    data = json.loads(out)
    assert data["faults"]["a"] == 80  # every decision: 2 deals, 2 plays, 20 cards
    assert data["faults"]["b"] == 0
    assert "is not an option" in err


def test_each_fault_note_names_its_deal_play_and_seat(tmp_path: Path) -> None:
    """An entrant is played by a process for each seat of each play, each numbering its own
    requests: a note names the deal, the play and the seat it is about (it said only "request
    20: ...", so that the last notes read as one fault said three times)."""
    script = _toy_engine(tmp_path / "wrong.py", "", "'nope'")
    status, _, err = _arena(script, "level:1", "--deals", "2", "--json", "--jobs", "2")
    assert status == 0
    note = next(line for line in err.splitlines() if line.startswith("note: "))
    first = note.split("; the first: ")[1].split("; the last three: ")[0]
    assert re.match(r"deal 1, play 1, seat [02]: request 1: the choice \"nope\" is not", first)
    last = re.findall(
        r"deal (\d), play (\d), seat (\d): request (\d+): ", note.split("the last three: ")[1]
    )
    assert len(last) == 3
    assert len(set(last)) == 3  # three faults, said apart
    assert all(deal == "2" and play == "2" for deal, play, _, _ in last)
    assert {seat for _, _, seat, _ in last} <= {"1", "3"}  # A's seats in the second play


@pytest.mark.parametrize(
    ("args", "status", "words"),
    [
        (["level:1"], 2, "at least two entrants"),
        (["level:9"], 2, "is not a level"),  # the mistake, before the count of entrants
        (["level:9", "level:1"], 2, "is not a level"),
        (["level:①", "level:1"], 2, "is not a level"),  # a digit to str.isdigit(), not int()
        (["'unclosed", "level:1"], 2, "cannot read the command"),
        (["/no/such/engine", "level:1"], 2, "cannot start /no/such/engine"),
    ],
)
def test_bad_entrants_are_clear_errors(args: list[str], status: int, words: str) -> None:
    got, _, err = _arena(*args, "--deals", "1")
    assert got == status
    assert words in err
    assert "Traceback" not in err


@pytest.mark.parametrize(
    ("args", "status", "words"),
    [
        (["level:9", "level:1"], 2, "'level:9' não é um nível: escreve level:N, com N um de 1,"),
        (["'unclosed", "level:1"], 2, 'não consigo ler o comando "\'unclosed": faltam as aspas'),
        (
            ["/no/such/engine", "level:1"],
            2,
            "não consigo arrancar /no/such/engine: esse programa ou ficheiro não existe",
        ),
        (
            [
                f"{sys.executable} -c 'import sys; sys.stdin.readline(); "
                'sys.exit("Error: no model file")\'',
                "level:1",
            ],
            2,
            "terminou (estado 1) antes de responder ao hello; o que escreveu por último: Error: "
            "no model file",
        ),
        (
            [f"{sys.executable} -c 'print(1)'", "level:1"],
            2,
            "o motor respondeu ao hello com '1': isso é JSON, mas não é um objeto; um motor "
            "responde",
        ),
    ],
)
def test_bad_entrants_are_said_in_portuguese(args: list[str], status: int, words: str) -> None:
    got, _, err = _arena(*args, "--deals", "1", "--lang", "pt")
    assert got == status
    assert words in err
    for english in ("cannot", "exited", "its last words", "No such file", "not a level"):
        assert english not in err


HELLO = '{"type": "hello", "id": 0, "protocol": 1, "name": "…"}'


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_an_engine_that_never_says_hello_stops_the_arena_clearly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """An engine that never answers its first `hello` stops the arena before any deal (its
    seats would all be played for it): the error names the command once, how long it was
    waited for, and the answer it should have given; no traceback."""
    import sueca_rules.engines._host as host

    monkeypatch.setattr(host, "HELLO_S", 0.3)  # not the 10 s of a real arena
    mute = tmp_path / "mute.py"
    mute.write_text("import time\ntime.sleep(60)\n", encoding="utf-8")
    command = f"{sys.executable} {mute}"
    start = time.monotonic()
    status, out, err = _arena(command, "level:1", "--deals", "1", "--lang", lang)
    assert time.monotonic() - start < 10
    assert (status, out) == (2, "")
    said = {
        "en": f"entrant {command!r}: the engine did not answer hello in time (0.3 s): an engine "
        f"answers the first line it reads with {HELLO}, on a line of its standard output "
        "(flushed); no deal was played",
        "pt": f"participante {command!r}: o motor não respondeu ao hello a tempo (0,3 s): um "
        f"motor responde à primeira linha que lê com {HELLO}, numa linha da sua saída padrão "
        "(com flush); nenhuma mão foi jogada",
    }[lang]
    assert err.strip().endswith(said), err
    assert err.count(str(mute)) == 1
    assert "Traceback" not in err


def test_every_engine_that_fails_its_hello_is_named_and_waited_for_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Engines that fail their first `hello` are all named, each with why, in the order given
    (not only the first: fixing one would show the next), with status 2 as a command line that
    cannot work; mute ones are waited for together (the arena waited 10 s for each, one after
    the other), and one that exits is said to exit, not to be late."""
    import sueca_rules.engines._host as host

    monkeypatch.setattr(host, "HELLO_S", 1.0)
    mute = tmp_path / "mute.py"
    mute.write_text("import time\ntime.sleep(60)\n", encoding="utf-8")
    dies = tmp_path / "dies.py"
    dies.write_text("import sys\nsys.stdin.readline()\nsys.exit('Error: no model')\n", "utf-8")
    a, b, c = (f"{sys.executable} {path}" for path in (mute, dies, mute))
    start = time.monotonic()
    status, out, err = _arena(a, "/no/such/engine", b, "level:1", c, "--deals", "1")
    assert time.monotonic() - start < 2.9  # one wait of 1 s, not two (and a start for each)
    assert (status, out) == (2, "")
    lines = err.strip().splitlines()
    assert len(lines) == 4, err
    assert lines[0].startswith(f"sueca arena: error: entrant {a!r}: the engine did not answer")
    assert (
        lines[1]
        == "entrant '/no/such/engine': cannot start /no/such/engine: No such file or directory"
    )
    assert lines[2].startswith(
        f"entrant {b!r}: the engine exited (status 1) before answering hello"
    )
    assert lines[2].endswith("its last words: Error: no model")
    assert lines[3].startswith(f"entrant {c!r}: the engine did not answer hello in time (1 s)")
    assert lines[3].endswith("; no deal was played")
    assert "Traceback" not in err


def test_an_engine_that_fails_its_hello_in_a_play_has_faults_not_a_stop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An engine that answered `hello` when the arena began, and not when a play starts it
    again, is that play's faults (as one that stops answering is): the arena goes on, and the
    note says where and why."""
    import sueca_rules.engines._host as host

    monkeypatch.setattr(host, "HELLO_S", 0.3)
    marker = tmp_path / "greeted"
    script = _toy_engine(tmp_path / "once.py", "", "r['options'][0]")
    once = tmp_path / "once.py"
    once.write_text(
        f"import os, time\nif os.path.exists({str(marker)!r}): time.sleep(60)\n"
        f"open({str(marker)!r}, 'w').close()\n" + once.read_text(encoding="utf-8"),
        encoding="utf-8",
    )
    status, out, err = _arena(script, "level:1", "--deals", "2", "--json")
    assert status == 0, err
    assert json.loads(out)["faults"] == {"a": 80, "b": 0}  # every decision of A's seats
    note = next(line for line in err.splitlines() if line.startswith("note: "))
    # the seat too: each seat of a play has an engine process of its own
    assert re.search(r"; the first: deal 1, play 1, seat [02]: \S", note), note
    assert "did not answer hello in time (0.3 s)" in note


def test_fault_notes_are_said_in_portuguese(tmp_path: Path) -> None:
    """`--lang pt` says each fault note in Portuguese, where first: the deal, the play, the
    seat (the notes were English whatever the language)."""
    script = _toy_engine(tmp_path / "wrong.py", "", "'nope'")
    status, _, err = _arena(script, "level:1", "--deals", "1", "--lang", "pt")
    assert status == 0
    note = next(line for line in err.splitlines() if line.startswith("nota: "))
    assert ": 40 falhas; a primeira: mão 1, jogada 1, lugar " in note
    assert re.search(r"; as três últimas: mão 1, jogada 2, lugar [13]: pedido \d+: a escolha", note)
    assert 'a escolha "nope" não é uma das opções: as opções são "' in note
    for english in ("deal", "play", "seat", "request", "the choice", "is not an option"):
        assert english not in note, english


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", ["the last: x", "the last two: x; y", "the last three: x; y; z"]),
        ("pt", ["a última: x", "as duas últimas: x; y", "as três últimas: x; y; z"]),
    ],
)
def test_the_last_faults_say_how_many(lang: str, words: list[str]) -> None:
    """The note heads its last faults with how many there are (it said "the last:" over three)."""
    from sueca_rules.cli._common import cli_words

    notes = ["x", "x; y", "x; y; z"]
    said = [cli_words(lang, "arena.last_faults", k=k, notes=notes[k - 1]) for k in (1, 2, 3)]
    assert said == words
    note = cli_words(lang, "arena.faults", side="A", n=5, first="", last=said[2])
    assert note.endswith(f"; {words[2]}")


def test_a_fault_note_in_each_language() -> None:
    from sueca_rules.engines import FaultNote

    ended = FaultNote(
        "ended", {"how": "exited:3", "id": 9, "said": "Killed"}, {"match": "m", "seat": 2}
    )
    assert ended.words() == (
        "match m, seat 2: exited (status 3) before answering request 9; its last words: Killed"
    )
    assert ended.words("pt") == (
        "encontro m, lugar 2: terminou (estado 3) antes de responder ao pedido 9; o que escreveu "
        "por último: Killed"
    )
    late = FaultNote(
        "late_replaced", {"id": 4, "ms": "350", "late": 3}, {"deal": 2, "play": 1, "seat": 0}
    )
    assert late.words("pt") == (
        "mão 2, jogada 1, lugar 0: sem resposta ao pedido 4 em 350 ms, 3 pedidos seguidos: "
        "substituído"
    )
    start = FaultNote(
        "engine",
        {"error": "no_hello", "name": "bot", "seconds": "0.5", "hello": "{}", "said": ""},
        {"deal": 1, "play": 2},
    )
    assert start.words("pt").startswith(
        "mão 1, jogada 2: bot não respondeu ao hello a tempo (0,5 s)"
    )
    # an engine process's notes come back whole from an arena's worker
    assert pickle.loads(pickle.dumps(late)) == late


def test_an_engine_error_in_each_language() -> None:
    from sueca_rules.engines import EngineError

    error = EngineError("ended", name="bot.py", how="killed:9 (SIGKILL)", said="Killed")
    assert str(error) == (
        "bot.py was killed by signal 9 (SIGKILL) before answering hello; its last words: Killed"
    )
    assert error.words("pt") == (
        "bot.py foi morto pelo sinal 9 (SIGKILL) antes de responder ao hello; o que escreveu por "
        "último: Killed"
    )
    assert str(EngineError("ended_before_hello", name="e", how="exited:", said="")) == (
        "e exited before it was greeted"
    )
    assert EngineError("cannot_start", command="x", why="Odd").words("pt") == (
        "não consigo arrancar x: Odd"  # an error the words do not know is quoted as it is
    )
    assert EngineError("my own words").words("pt") == str(EngineError("my own words"))
    # raised in a worker process, it comes back whole
    back = pickle.loads(pickle.dumps(error))
    assert (back.code, back.params, str(back)) == (error.code, error.params, str(error))
    assert back.words("pt") == error.words("pt")


def test_ratings_of_even_and_of_ordered_results() -> None:
    even = ratings(["a", "b", "c"], [(0, 1, 5.0, 10), (0, 2, 5.0, 10), (1, 2, 5.0, 10)])
    assert all(abs(r["rating"]) < 1e-6 for r in even)
    ordered = ratings(
        ["weak", "mid", "strong"], [(0, 1, 3.0, 10), (0, 2, 1.0, 10), (1, 2, 3.0, 10)]
    )
    assert [r["entrant"] for r in ordered] == ["strong", "mid", "weak"]
    assert ordered[0]["rating_ci"][0] > ordered[2]["rating_ci"][1] - 400  # finite intervals
    swept = ratings(["a", "b"], [(0, 1, 100.0, 100)])  # a won everything: still finite
    assert swept[0]["entrant"] == "a"
    assert swept[0]["rating"] < 2000


def test_wilson_interval() -> None:
    low, high = wilson(0.5, 100)
    assert low == pytest.approx(0.4038, abs=1e-3)
    assert high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0.0, 10)[0] == pytest.approx(0.0)
    assert wilson(1.0, 10)[1] == pytest.approx(1.0)


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_sigterm_stops_the_arena_and_its_engines(tmp_path: Path) -> None:
    pid_file = tmp_path / "engine.pid"
    script = tmp_path / "slow.py"
    script.write_text(
        "import json, os, sys, time\n"
        f"open({str(pid_file)!r}, 'a').write(str(os.getpid()) + '\\n')\n"
        "for line in sys.stdin:\n"
        "    r = json.loads(line)\n"
        "    if r['type'] == 'hello':\n"
        "        print(json.dumps({'type': 'hello', 'id': 0, 'protocol': 1}), flush=True)\n"
        "    elif r['type'] == 'decide':\n"
        "        time.sleep(0.2)\n"
        "        print(json.dumps({'type': 'decision', 'id': r['id'],"
        " 'choice': r['options'][0]}), flush=True)\n",
        encoding="utf-8",
    )
    process = subprocess.Popen(
        [
            *(sys.executable, "-m", "sueca_rules", "arena", f"{sys.executable} {script}"),
            *("level:1", "--deals", "1000", "--jobs", "2"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while len(_pids(pid_file)) < 3:  # the check, then one engine a worker
            assert time.monotonic() < deadline
            time.sleep(0.1)
        time.sleep(0.5)
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 143
    assert "interrupted" in err
    assert "Traceback" not in err
    deadline = time.monotonic() + 15
    while any(alive(pid) for pid in _pids(pid_file)):
        assert time.monotonic() < deadline, "an engine outlived the arena"
        time.sleep(0.1)


def _pids(path: Path) -> list[int]:
    return [int(x) for x in path.read_text().split()] if path.exists() else []


def test_a_duplicate_deal_is_won_by_the_points_each_team_took() -> None:
    from sueca_rules.engines import DealPair, PairResult, arena_report

    def rate(*pairs: tuple[tuple[int, int], tuple[int, int]]) -> float:
        deals = [DealPair(a, b, (0.5, 0.5)) for a, b in pairs]
        report = arena_report(PairResult("a", "b", "portugal", deals))
        return float(report["a_duplicate_win_rate"])

    assert rate(((70, 60), (50, 60))) == 1.0  # 130 of 240: above 120
    assert rate(((60, 60), (60, 60))) == 0.5
    assert rate(((0, 0), (0, 0))) == 0.5  # redealt for ever both times: nobody won (was a loss)
    assert rate(((0, 30), (0, 10))) == 1.0  # claims ended both plays early: 30 to 10
    assert rate(((0, 30), (0, 50))) == 0.0


def test_an_engines_last_words_reach_the_terminal_escaped(tmp_path: Path) -> None:
    """A fault note quotes an engine's stderr: a control character in it is written as an
    escape, not obeyed by the terminal (it was printed raw)."""
    crash = "        sys.stderr.write('RuntimeError: \\x1b[31mboom\\n'); sys.exit(3)\n"
    script = _toy_engine(tmp_path / "crash.py", crash, "0")
    status, _, err = _arena(script, "level:1", "--deals", "1")
    assert status == 0
    assert "its last words: RuntimeError: \\x1b[31mboom" in err
    assert "\x1b" not in err


def test_the_command_lines_words_are_read_once_for_the_command_and_its_engines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # An engine's fault is said in the words the command line reads: one read per language.
    from collections import Counter

    from sueca_rules._lang import _catalogue

    reads: Counter[tuple[str, str]] = Counter()
    load = _catalogue.load_catalogue

    def counted(lang: str, section: str) -> _catalogue.Catalogue:
        reads[lang, section] += 1
        return load(lang, section)

    monkeypatch.setattr(_catalogue, "load_catalogue", counted)
    _catalogue.cli_catalogue.cache_clear()
    try:
        said = [
            _arena("/no/such/engine", "level:1", "--deals", "1", *lang)[::2]
            for lang in (["--lang", "pt"], ["--lang", "pt"], ["--lang", "en"])
        ]
    finally:
        _catalogue.cli_catalogue.cache_clear()
    assert [status for status, _ in said] == [2, 2, 2]
    assert "não consigo arrancar /no/such/engine" in said[0][1]
    assert said[0] == said[1]
    assert "cannot start /no/such/engine" in said[2][1]
    assert (reads["pt", "cli"], reads["en", "cli"]) == (1, 1)


@pytest.mark.parametrize("guarded", [False, True])
def test_a_script_without_the_main_guard_plays_the_arena_in_one_process(
    tmp_path: Path, guarded: bool
) -> None:
    """`play_arena(..., jobs=2)` at a script's top level: each spawned worker would run the
    script again. It plays in this process, with a warning that says why; under
    `if __name__ == "__main__":` the workers are used, without a warning."""
    call = (
        "play_arena(load_variant('portugal'), parse_entrant('level:1'), "
        "parse_entrant('level:2'), deals=4, jobs=2)"
    )
    head = "from sueca_rules import load_variant\nfrom sueca_rules.engines import *\n"
    if guarded:
        body = f"if __name__ == '__main__':\n    result = {call}\n    print(len(result.pairs))\n"
    else:
        body = f"result = {call}\nprint(len(result.pairs))\n"
    done = run_script(tmp_path, head + body)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["4"]
    warned = "play_arena() with jobs=2 works in this process" in done.stderr
    assert warned is not guarded, done.stderr[-2000:]


def _slow_starter(tmp_path: Path, seconds: float) -> str:
    """The command of a toy engine that takes `seconds` to start (a model to load)."""
    command = _toy_engine(tmp_path / "slow.py", "", "r['options'][0]")
    slow = tmp_path / "slow.py"
    slow.write_text(f"import time\ntime.sleep({seconds})\n" + slow.read_text("utf-8"), "utf-8")
    return command


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_hello_ms_sets_how_long_an_engine_may_take_to_start(tmp_path: Path, lang: str) -> None:
    """`--hello-ms` is the wait for an engine's `hello` (10 s was fixed): one that starts in
    30 s fails a wait of 0.3 s, said with that wait, before any deal."""
    slow = _slow_starter(tmp_path, 30)
    start = time.monotonic()
    status, out, err = _arena(slow, "level:1", "--deals", "1", "--hello-ms", "300", "--lang", lang)
    assert time.monotonic() - start < 10  # the wait given, not the default 10 s
    assert (status, out) == (2, "")
    said = {
        "en": "did not answer hello in time (0.3 s)",
        "pt": "não respondeu ao hello a tempo (0,3 s)",
    }
    assert said[lang] in err
    assert "Traceback" not in err


def test_play_arena_passes_hello_ms_to_every_engine_it_starts(tmp_path: Path) -> None:
    """In a play, an engine started with `hello_ms` too short for it is that play's faults;
    the same engine given time plays without a fault. `hello_ms` is checked."""
    from sueca_rules import ConfigError, load_variant
    from sueca_rules.engines import HELLO_S, parse_entrant, play_arena

    slow = parse_entrant(_slow_starter(tmp_path, 0.4))
    level = parse_entrant("level:1")
    variant = load_variant("portugal")
    assert slow.player(100).hello_s == HELLO_S  # type: ignore[attr-defined]
    assert slow.player(100, 2500).hello_s == 2.5  # type: ignore[attr-defined]
    late = play_arena(variant, slow, level, deals=1, time_ms=200, hello_ms=100)
    assert late.stats[0].faults > 0
    on_time = play_arena(variant, slow, level, deals=1, time_ms=500, hello_ms=3000)
    assert (on_time.stats[0].faults, on_time.stats[1].faults) == (0, 0)
    from sueca_rules.cli import _cmd_arena
    from sueca_rules.engines import _arena

    assert _cmd_arena.MAX_HELLO_MS == _arena.MAX_HELLO_MS  # the command line allows as much
    for bad in (0, -1, 1.5, "10", 600_001):
        with pytest.raises(ConfigError, match="hello_ms"):
            play_arena(variant, slow, level, deals=1, hello_ms=bad)  # type: ignore[arg-type]
