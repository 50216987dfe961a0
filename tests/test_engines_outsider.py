"""The engine protocol as an outsider meets it: an independent host script drives `sueca engine`
with every shape of `decide` the contract allows (and the liberties a host may take), and a tiny
engine written as an outside bot would be (slow, chatty, answers written its own way) plays
`sueca arena` without a fault."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from sueca_rules import Match, load_variant
from sueca_rules.engines import (
    GRACE_MS,
    BotEngine,
    EngineProcess,
    ProtocolError,
    asks,
    decide_request,
    play_match,
    read_answer,
    variant_mapping,
)
from sueca_rules.engines._host import _QUEUE_LINES, _Reader

ROOT = Path(__file__).resolve().parent.parent


def _variant(base: str, **changes: dict[str, Any]) -> dict[str, Any]:
    """`base`'s whole mapping with some of its sections changed (field by field)."""
    mapping = variant_mapping(load_variant(base))
    for section, fields in changes.items():
        mapping[section] = {**mapping[section], **fields}
    mapping["name"] = f"{mapping['name']} ({', '.join(changes)})"
    return mapping


# Every field of a variant set to each of its values somewhere (first leaders, directions, deal
# orders, trump cards, redeal thresholds, renúncia modes and claims, ties, bandeiras, matches).
VARIANTS: list[dict[str, Any]] = [
    variant_mapping(load_variant("portugal")),
    variant_mapping(load_variant("portugal-best-of-3")),
    _variant("brasil", table={"first_leader": "dealer", "first_dealer": 2}),
    _variant(
        "brasil",
        table={"first_leader": "before_dealer", "direction": "anticlockwise"},
        deal={"order": "reverse", "redeal": {"leader_below": 30, "others_below": 25}},
        scoring={"tie": {"mode": "multiply", "amount": 2, "stacks": False}},
    ),
    _variant(
        "portugal-table",
        revoke={"accuse": "player", "false_claim": "ignored", "after_false_claim": "play_on"},
        deal={"trump_card": "dealer_first"},
        scoring={"bandeira": {"requires": "all_tricks", "games": 3, "wins_partida": True}},
    ),
    _variant(
        "portugal-table",
        revoke={"after_false_claim": "play_on", "false_claim_games": 1, "penalty_games": 2},
        scoring={"tie": {"mode": "none", "amount": 1, "stacks": False}},
        match={"target_games": 6, "best_of": 3},
    ),
]


def _requests(variant: dict[str, Any], seed: int, wanted: int) -> list[dict[str, Any]]:
    """Requests of a match of `variant` played at random, `wanted` at most, taken far apart
    (games and partidas under way), each kind of decision at least once where it comes."""
    match = Match(load_variant_mapping(variant), seed=seed)
    rng = random.Random(seed)
    taken: list[dict[str, Any]] = []
    kinds: set[str] = set()
    step = 0
    while (decision := match.pending()) is not None and len(taken) < wanted:
        step += 1
        if asks(decision) and (decision.kind not in kinds or step % 37 == 0):
            kinds.add(decision.kind)
            taken.append(
                decide_request(
                    match,
                    decision,
                    match_id=f"m{seed}",
                    request_id=len(taken) + 1,
                    time_ms=100,
                    variant=variant,
                )
            )
        match.decide(rng.choice(decision.options))
    return taken


def load_variant_mapping(mapping: dict[str, Any]) -> Any:
    from sueca_rules._registry import variant_of
    from sueca_rules._yaml import Located

    return variant_of(Located(dict(mapping), None), None)


def _liberties(request: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The request as another host may write it: fields the contract does not name (in the
    message and its state), `claims` and `plays` left out when empty, a budget left out, 0 or
    huge, the dealer's hand sent with the choice of trump (a host that deals first)."""
    state = {**request["state"], "host_note": {"x": [1, 2]}}
    for key in ("claims", "plays"):
        if not state[key] and rng.random() < 0.5:
            del state[key]
    changed = {**request, "state": state, "trace": "abc", "meta": {"v": 2}}
    if request["decision"] == "trump":
        deck = [f"{r}{s}" for r in "A7KJQ65432" for s in "SHDC"]
        state["hand"] = rng.sample(deck, 10)
    budget = rng.choice(["keep", "missing", 0, 10**12])
    if budget == "missing":
        del changed["time_ms"]
    elif budget != "keep":
        changed["time_ms"] = budget
    return changed


def _host(level: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "sueca_rules", "engine", "--level", str(level)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


def _exchange(engine: subprocess.Popen[bytes], request: dict[str, Any]) -> tuple[Any, float]:
    """Send one line, read one: the answer and the milliseconds it took."""
    assert engine.stdin is not None
    assert engine.stdout is not None
    start = time.monotonic()
    engine.stdin.write((json.dumps(request) + "\n").encode())
    engine.stdin.flush()
    line = engine.stdout.readline()
    return json.loads(line), (time.monotonic() - start) * 1000


@pytest.mark.parametrize("level", [1, 5])
def test_every_decide_the_contract_allows_gets_a_legal_answer_in_time(level: int) -> None:
    """An independent host (pipes and JSON, nothing of the library's host) sends `sueca engine`
    every kind of decision under variants with every field set, and the liberties of another
    host: each answer is one of the options, as written, within `time_ms` and a margin (a
    budget left out or huge: the engine's own; levels 1 to 3 answer at once)."""
    rng = random.Random(level)
    engine = _host(level)
    try:
        hello, _ = _exchange(engine, {"type": "hello", "id": 0, "protocol": 1, "extra": True})
        assert hello["type"] == "hello"
        seen: set[tuple[str, str]] = set()
        for v, variant in enumerate(VARIANTS):
            for request in _requests(variant, seed=v, wanted=12 if level == 5 else 40):
                sent = _liberties(request, rng)
                if level >= 4 and sent.get("time_ms") != 100:
                    sent["time_ms"] = 100  # a searching level takes what it is given
                answer, ms = _exchange(engine, sent)
                assert answer["type"] == "decision", (answer, sent)
                assert answer["id"] == sent["id"]
                assert any(
                    type(answer["choice"]) is type(o) and answer["choice"] == o
                    for o in sent["options"]
                ), (answer, sent["options"])
                budget = sent.get("time_ms") or 0
                if 0 < budget <= 1000:  # within the grace a host gives (the library's)
                    assert ms <= budget + GRACE_MS, (ms, sent["decision"])
                options = sent["options"]
                shape = "seats" if any(type(o) is int for o in options) else str(len(options))
                seen.add((sent["decision"], shape if sent["decision"] == "claim" else ""))
        assert {("card", ""), ("trump", ""), ("redeal", ""), ("claim", "2")} <= seen
        assert ("claim", "seats") in seen or ("claim", "3") in seen
    finally:
        assert engine.stdin is not None
        engine.stdin.write(b'{"type": "quit"}\n')
        engine.stdin.close()
        assert engine.wait(timeout=30) == 0
        assert engine.stdout is not None
        assert engine.stdout.read() == b""  # nothing after the quit
        engine.stdout.close()


def test_the_choice_of_trump_is_answered_with_the_dealers_hand_sent() -> None:
    """A host that deals before it asks sends the dealer's hand with the choice of trump: the
    engine answers it (it was refused: a hand at that moment cannot be in the rules' order)."""
    match = Match("brasil", seed=3)
    decision = match.pending()
    assert decision is not None
    assert decision.kind == "trump"
    request = decide_request(match, decision, match_id="m", request_id=4, time_ms=100)
    dealt = {**request, "state": {**request["state"], "hand": ["AS", "7S", "KH", "2D"]}}
    reply = BotEngine(3).handle(json.dumps(dealt))
    assert reply == {"type": "decision", "id": 4, "choice": "bottom"}


def test_fields_with_a_plain_meaning_may_be_left_out() -> None:
    """`plays`, `claims`, the tallies and the match's score left out of a request's state are
    the start of a deal, none, what the plays give, and a match's start: the answer is the one
    of the whole request."""
    match = Match("portugal", seed=5)
    for _ in range(6):
        decision = match.pending()
        assert decision is not None
        match.decide(decision.options[-1])
    decision = match.pending()
    assert decision is not None
    request = decide_request(match, decision, match_id="m", request_id=2, time_ms=100)
    whole = BotEngine(2).handle(json.dumps(request))
    assert whole is not None
    assert whole["type"] == "decision"
    state = {
        k: v for k, v in request["state"].items() if k in ("hand", "dealer", "trump_card", "plays")
    }
    reply = BotEngine(2).handle(json.dumps({**request, "state": state}))
    assert reply == whole


def test_whole_numbers_written_as_floats_are_read() -> None:
    """A host whose numbers are all floats (`"seat": 3.0`, seats to accuse `[false, 1.0, 3.0]`,
    scores `[0.0, 0.0]`) is answered, its option as it wrote it (it got an error for each)."""
    variant = VARIANTS[4]  # accuse: player
    request = next(r for r in _requests(variant, 4, 60) if r["decision"] == "claim")

    def floats(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: v if k == "variant" else floats(v) for k, v in value.items()}
        if isinstance(value, list):
            return [floats(v) for v in value]
        return float(value) if type(value) is int else value

    written = floats(request)
    assert written["options"][1:] == [float(o) for o in request["options"][1:]]
    reply = BotEngine(3).handle(json.dumps(written))
    assert reply is not None
    assert reply["type"] == "decision", reply
    assert any(
        type(reply["choice"]) is type(o) and reply["choice"] == o for o in written["options"]
    )


def test_answers_do_not_depend_on_how_many_matches_are_asked_at_once() -> None:
    """`sueca engine` keeps no bot between requests: a match's answers are the same whether it is
    the only one asked or one of a hundred asked in turn (it kept 64 bots and made a new one,
    with its dice from the start, for a match it had dropped)."""
    requests = {}
    for m in range(100):
        match = Match("portugal", seed=m)
        decision = match.pending()
        assert decision is not None
        requests[m] = decide_request(match, decision, match_id=f"m{m}", request_id=1, time_ms=50)
    busy = BotEngine(1, seed=7)
    crowded: dict[int, list[Any]] = {m: [] for m in requests}
    for _ in range(2):
        for m, request in requests.items():
            reply = busy.handle(json.dumps(request))
            assert reply is not None
            crowded[m].append(reply["choice"])
    for m, request in requests.items():
        alone = BotEngine(1, seed=7)
        answers = []
        for _ in range(2):
            reply = alone.handle(json.dumps(request))
            assert reply is not None
            answers.append(reply["choice"])
        assert answers == crowded[m], m


_RECORDER = """
import json, sys
log = open(sys.argv[1], "a")
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        answer = {"type": "hello", "id": 0, "protocol": 1}
    elif request["type"] == "decide":
        log.write(json.dumps([request["decision"], request["options"]]) + "\\n")
        log.flush()
        answer = {"type": "decision", "id": request["id"], "choice": request["options"][0]}
    else:
        break
    print(json.dumps(answer), flush=True)
"""


def test_the_new_deal_question_is_asked_only_of_a_hand_that_may_ask(tmp_path: Path) -> None:
    """The contract's options of a `redeal` decision are `[false, true]`: the host asks only the
    seats whose hand may ask for a new deal, and keeps the others' hands without asking (it
    sent `[false]` to every other seat with a threshold)."""
    script = tmp_path / "recorder.py"
    script.write_text(_RECORDER, encoding="utf-8")
    log = tmp_path / "asked.jsonl"
    weak = _variant("brasil", deal={"redeal": {"leader_below": 25, "others_below": 20}})
    variant = load_variant_mapping(weak)
    with EngineProcess([sys.executable, str(script), str(log)], time_ms=2000) as engine:
        for seed in range(3):
            play_match(variant, [engine] * 4, seed=seed, deals=2)
        assert engine.stats.faults == 0
    asked = [json.loads(line) for line in log.read_text().splitlines()]
    redeals = [options for kind, options in asked if kind == "redeal"]
    assert redeals, "no weak hand in the deals played"
    assert all(options == [False, True] for options in redeals), redeals
    assert {kind for kind, _ in asked} == {"trump", "redeal", "card"}


def test_a_flood_of_lines_never_pushes_the_answer_out(tmp_path: Path) -> None:
    """More lines than the host reads ahead before an answer: the lines are dropped (counted),
    the answer to the request waited for is kept, and memory stays bounded (one line more than
    the queue holds)."""
    read, write = os.pipe()
    with os.fdopen(read, "rb", buffering=0) as stream:
        reader = _Reader(stream, 64 * 1024, lines=True)
        reader.wanted = 5
        junk = b"".join(b"debug %d\n" % i for i in range(_QUEUE_LINES + 300))
        answer = b'{"type": "decision", "id": 5, "choice": "7H"}\n'
        again = b'{"type": "decision", "id": 5, "choice": "2H"}\n'
        info = b'{"type": "info", "id": 5, "depth": 3}\n'  # the id, but no answer
        os.write(write, junk + info + answer + again + junk)
        os.close(write)
        reader.join(10)
        items = []
        while not reader.queue.empty():
            items.append(reader.queue.get_nowait())
    assert answer.strip() in items
    assert again.strip() not in items  # one line kept past the queue for each request
    assert len(items) == _QUEUE_LINES + 2  # the queue, the answer and the end
    assert reader.dropped == 2 * (_QUEUE_LINES + 300) + 2 - _QUEUE_LINES


_CHATTY = """
import json, sys
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        print(json.dumps({"type": "hello", "id": 0, "protocol": 1}), flush=True)
        continue
    if request["type"] == "quit":
        break
    for i in range(300):
        print("thinking", i)
    print(json.dumps({"type": "info", "id": request["id"], "depth": 3}))
    print(json.dumps({"type": "decision", "id": request["id"], "choice": request["options"][-1]}))
    sys.stdout.flush()
"""


def test_lines_before_an_answer_are_skipped_and_the_answer_is_played(tmp_path: Path) -> None:
    """An engine that prints its thoughts on stdout before each answer (plain lines, and an `info`
    message with the request's id): each decision is a fault (one, for the lines), but its answer
    is played, not the first option (the first stray line was taken for its answer, and a flood
    could push the answer out)."""
    script = tmp_path / "chatty.py"
    script.write_text(_CHATTY, encoding="utf-8")
    match = Match("portugal", seed=2)
    with EngineProcess([sys.executable, str(script)], time_ms=3000) as engine:
        for _ in range(4):
            decision = match.pending()
            assert decision is not None
            choice = engine.ask(match, decision, match_id="m")
            assert choice == decision.options[-1]
            match.decide(choice)
        assert engine.stats.faults == 4
        assert engine.stats.answered == 4


def test_a_choice_is_read_as_a_person_reads_it() -> None:
    """ "One of the options, as written": a card or a side in any case and with spaces, a seat
    or an id written `1.0`, name the option; a number is never `true`, a text never `false`."""
    from sueca_rules import Decision, parse_card

    seven, two = parse_card("7H"), parse_card("2H")
    card = Decision(1, "card", (seven, two), seven, 0)
    for written in ('"7h"', '" 7H "', '"7 h"', '"7H"'):
        line = f'{{"type": "decision", "id": 3, "choice": {written}, "why": "x"}}'
        assert read_answer(line, card, 3) == seven
    assert read_answer('{"type": "decision", "id": 3.0, "choice": "2h"}', card, 3) == two
    trump = Decision(1, "trump", ("top", "bottom"), "bottom", 0)
    assert read_answer('{"type": "decision", "id": 3, "choice": "Bottom"}', trump, 3) == "bottom"
    claim = Decision(0, "claim", (False, 1, 3), False, 4)
    assert read_answer('{"type": "decision", "id": 1, "choice": 3.0}', claim, 1) == 3
    plain = Decision(0, "claim", (False, True), False, 4)
    for wrong in ("1", '"true"', '"false"', "0", '"7H"'):
        with pytest.raises(ProtocolError):
            read_answer(f'{{"type": "decision", "id": 1, "choice": {wrong}}}', plain, 1)
    with pytest.raises(ProtocolError):
        read_answer('{"type": "decision", "id": 3, "choice": "7\\u017f"}', card, 3)


_OUTSIDER = """
import json, sys, time
sys.stderr.write("outsider bot v0.1 starting\\n")
for line in sys.stdin:
    request = json.loads(line)
    kind = request.get("type")
    if kind == "hello":
        print(json.dumps({"type": "hello", "id": 0, "protocol": 1, "name": "outsider",
                          "author": "someone", "version": "0.1", "capabilities": ["all"]}),
              flush=True)
        continue
    if kind == "quit":
        sys.stderr.write("bye\\n")
        break
    sys.stderr.write("thinking about %s\\n" % request["decision"])
    time.sleep(request["time_ms"] * 0.6 / 1000)
    option = request["options"][-1]
    if isinstance(option, str) and len(option) == 2 and option[0] not in "tb":
        option = " " + option[0] + " " + option[1].lower()   # ' 7 h'
    elif isinstance(option, str):
        option = option.capitalize()                         # 'Bottom'
    elif isinstance(option, int) and not isinstance(option, bool):
        option = float(option)                               # a seat as 3.0
    print(json.dumps({"type": "decision", "id": float(request["id"]), "choice": option,
                      "score": 0.25, "pv": ["7H", "AS"]}), flush=True)
sys.exit(0)
"""


def test_an_outside_engine_plays_an_arena_without_a_fault(tmp_path: Path) -> None:
    """A bot as an outsider writes it: slow (six tenths of its budget), chatty on stderr, extra
    fields, its choices written its own way (`" 7 h"`, `"Bottom"`, seats as `3.0`, the id as
    `4.0`), exiting after `quit`: `sueca arena --jobs 2` plays it without a fault, on variants
    with every kind of decision."""
    script = tmp_path / "outsider.py"
    script.write_text(_OUTSIDER, encoding="utf-8")
    accuse = tmp_path / "accuse.yaml"
    accuse.write_text(
        "extends: portugal-table\nname: accusing\nrevoke:\n  accuse: player\n", encoding="utf-8"
    )
    for variant in ("brasil", str(accuse)):
        result = subprocess.run(
            [sys.executable, "-m", "sueca_rules", "arena", f"{sys.executable} {script}",
             "level:2", "--deals", "2", "--jobs", "2", "--time-ms", "60", "--json",
             "--variant", variant],
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )  # fmt: skip
        assert result.returncode == 0, result.stderr
        report = json.loads(result.stdout)
        assert report["faults"] == {"a": 0, "b": 0}, result.stderr


def test_an_engines_hello_of_protocol_1_written_otherwise_is_taken() -> None:
    """An engine that writes its version as text or a float speaks protocol 1: the host starts
    it (the arena stopped with an error); another version is still refused."""
    from sueca_rules.engines import read_hello

    for version in ('"1"', "1.0", '"1.0"'):
        line = f'{{"type": "hello", "id": 0, "protocol": {version}, "name": "x"}}'
        assert read_hello(line) == {"name": "x"}
    for version in ('"2"', "2", "true", '"one"'):
        with pytest.raises(ProtocolError):
            read_hello(f'{{"type": "hello", "id": 0, "protocol": {version}}}')


_PRINTS_A_DICT = """
import json, sys
for line in sys.stdin:
    request = json.loads(line)
    if request["type"] == "hello":
        print(json.dumps({"type": "hello", "id": 0, "protocol": 1}), flush=True)
        continue
    if request["type"] == "quit":
        break
    print({"type": "decision", "id": request["id"], "choice": request["options"][0]}, flush=True)
"""


def test_an_answer_written_as_a_python_dict_is_a_fault_at_once(tmp_path: Path) -> None:
    """`print(answer)` of a Python dict is not JSON, but it is an answer written wrongly: a fault
    at once, and the engine is asked again (it was skipped as a line that answers nothing, and
    the host waited out each budget, then gave the engine up as one that stopped answering)."""
    script = tmp_path / "prints.py"
    script.write_text(_PRINTS_A_DICT, encoding="utf-8")
    match = Match("portugal", seed=2)
    with EngineProcess([sys.executable, str(script)], time_ms=2000) as engine:
        start = time.monotonic()
        for _ in range(4):
            decision = match.pending()
            assert decision is not None
            match.decide(engine.ask(match, decision, match_id="m"))
        assert time.monotonic() - start < 2.0
        assert engine.stats.faults == 4
        assert engine.alive
        assert all(note.code == "bad_answer" for note in engine.stats.notes)


def test_a_claim_question_and_a_card_at_the_same_moment_draw_from_seeds_of_their_own() -> None:
    """A seat asked whether it claims a renúncia, and then for its card, at the same moment
    (the same cards and claims so far) had one seed for both decisions: the two draws of a bot
    that chooses at random were the same draw."""
    from sueca_rules.engines import decision_seed

    match = Match("portugal-table", seed=3)
    while len(match.plays) < 5:
        decision = match.pending()
        assert decision is not None
        match.decide(decision.default)
    observation = match.observation(1)
    seeds = {kind: decision_seed(7, "m1", observation, kind) for kind in ("card", "claim")}
    assert seeds["card"] != seeds["claim"]
    assert decision_seed(7, "m1", observation) == seeds["card"]  # a card, unless said
    assert decision_seed(7, "m1", observation, "claim") == seeds["claim"]  # the same each time
