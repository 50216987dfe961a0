"""The engine protocol's messages: requests built from the turn protocol carry exactly what the
seat may know (the observation rebuilt from one is the match's own), answers are checked, and the
engine side (`BotEngine`, `sueca engine`) answers every line, bad ones with an error."""

from __future__ import annotations

import functools
import io
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sueca_rules import Match, Variant, builtin_ids, load_variant
from sueca_rules.engines import (
    BotEngine,
    ProtocolError,
    asks,
    decide_request,
    decision_from_request,
    observation_from_request,
    read_answer,
    serve,
    time_budget,
    variant_mapping,
)

VARIANTS = builtin_ids()


def _walk(variant: str, seed: int, steps: int = 300) -> list[tuple[Match, Any]]:
    """Decisions of a match that an engine is asked, answered at random (a clone of the match at
    each decision); a hand that may not ask for a new deal keeps it without being asked."""
    match = Match(variant, seed=seed)
    rng = random.Random(seed)
    seen: list[tuple[Match, Any]] = []
    while (decision := match.pending()) is not None and len(seen) < steps:
        if asks(decision):
            seen.append((match.clone(), decision))
        else:
            assert decision.kind == "redeal"
            assert decision.options == (False,)
            with pytest.raises(ProtocolError, match="may not ask for a new deal"):
                decide_request(match, decision, match_id="m", request_id=5, time_ms=100)
        match.decide(rng.choice(decision.options))
    return seen


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_observation_rebuilt_from_a_request_is_the_matchs(variant: str) -> None:
    kinds = set()
    for seed in range(3 if variant != "brasil" else 8):
        for match, decision in _walk(variant, seed):
            request = decide_request(match, decision, match_id="m", request_id=5, time_ms=100)
            json.dumps(request)  # plain JSON
            assert observation_from_request(request) == match.observation(decision.seat)
            again = decision_from_request(request)
            assert (again.seat, again.kind, again.options) == (
                decision.seat,
                decision.kind,
                decision.options,
            )
            kinds.add(decision.kind)
    assert "card" in kinds
    if variant == "brasil":
        assert {"trump", "redeal"} <= kinds
    if variant == "portugal-table":
        assert "claim" in kinds


def test_a_request_has_the_contracts_fields() -> None:
    match = Match("portugal", seed=2)
    decision = match.pending()
    assert decision is not None
    request = decide_request(match, decision, match_id="m1", request_id=17, time_ms=1000)
    assert list(request) == [
        "type",
        "id",
        "match",
        "seat",
        "time_ms",
        "variant",
        "decision",
        "options",
        "state",
    ]
    assert request["variant"] == variant_mapping(load_variant("portugal"))
    assert "extends" not in request["variant"]
    assert list(request["state"]) == [
        "hand",
        "dealer",
        "first_dealer",
        "trump_card",
        "trump_card_in_hand",
        "deal",
        "partida",
        "plays",
        "claims",
        "points",
        "tricks_won",
        "games",
        "partidas",
        "pending_ties",
    ]
    assert request["state"]["deal"] == 1
    assert request["state"]["partida"] == 0
    assert request["options"] == [str(c) for c in decision.options]


def test_claims_under_accuse_player_name_the_rivals() -> None:
    data = load_variant("portugal-table").model_dump(mode="json", exclude={"extends"})
    data["revoke"]["accuse"] = "player"
    from sueca_rules import Variant

    match = Match(Variant.model_validate(data), seed=1)
    for _ in range(200):
        decision = match.pending()
        assert decision is not None
        if decision.kind == "claim":
            break
        match.decide(decision.default)
    assert decision is not None
    assert decision.kind == "claim"
    request = decide_request(match, decision, match_id="m", request_id=1, time_ms=10)
    rivals = [s for s in range(4) if s % 2 != decision.seat % 2]
    assert request["options"] == [False, *rivals]
    assert request["state"]["plays"][-1]["card"] == str(match.plays[-1])


def _swap_hidden(match: Match, seat: int, rng: random.Random) -> list[list[str]]:
    """The dealt hands with cards the other seats still hold swapped among them (same suit, so
    every card played stays legal; the turned card stays with the dealer)."""
    hands = [[str(c) for c in hand] for hand in match.dealt_hands]
    held = {s: [str(c) for c in match.hand(s)] for s in range(4) if s != seat}
    turned = str(match.trump_card)
    for _ in range(20):
        a, b = rng.sample(sorted(held), 2)
        pairs = [
            (x, y) for x in held[a] for y in held[b] if x[-1] == y[-1] and turned not in (x, y)
        ]
        if not pairs:
            continue
        x, y = rng.choice(pairs)
        for hand, old, new in ((held[a], x, y), (held[b], y, x)):
            hand[hand.index(old)] = new
        for s, old, new in ((a, x, y), (b, y, x)):
            hands[s][hands[s].index(old)] = new
    return hands


@pytest.mark.parametrize("variant", ["portugal", "portugal-table", "brasil"])
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_a_request_says_nothing_of_the_other_hands(variant: str, seed: int) -> None:
    """The same request for a seat whatever the other seats hold (the cards they still hold
    permuted among them)."""
    rng = random.Random(seed)
    shuffled = list(range(40))
    rng.shuffle(shuffled)
    hands = [sorted(shuffled[i * 10 : i * 10 + 10]) for i in range(4)]
    if 0 not in hands[0]:  # the turned card (0, in the dealer's hand)
        k = next(i for i in range(4) if 0 in hands[i])
        hands[0][0], hands[k][hands[k].index(0)] = hands[k][hands[k].index(0)], hands[0][0]
    match = Match(variant, seed=seed, first_dealer=0, deal=False)
    match.deal_hands(hands, 0)
    choices = []
    for _ in range(rng.randrange(1, 60)):
        decision = match.pending()
        if decision is None or match.deals:
            break
        choice = decision.default if decision.kind == "redeal" else rng.choice(decision.options)
        if decision.kind == "claim":
            choice = False  # a true claim would end the deal
        choices.append(choice)
        match.decide(choice)
    decision = match.pending()
    if decision is None or match.deals:
        return
    seat = decision.seat
    request = decide_request(match, decision, match_id="m", request_id=3, time_ms=50)
    other = Match(variant, seed=seed, first_dealer=0, deal=False)
    other.deal_hands(_swap_hidden(match, seat, rng), 0)
    for choice in choices:
        other.decide(choice)
    if len(match.plays) < 30:  # cards enough left to swap some
        assert [other.hand(s) for s in range(4)] != [match.hand(s) for s in range(4)]
    assert other.hand(seat) == match.hand(seat)
    again = decide_request(other, other.pending(), match_id="m", request_id=3, time_ms=50)
    assert again == request


def _decision(seed: int = 4) -> tuple[Match, Any, dict[str, Any]]:
    match = Match("portugal", seed=seed)
    decision = match.pending()
    assert decision is not None
    request = decide_request(match, decision, match_id="m", request_id=9, time_ms=100)
    return match, decision, request


def test_an_answer_is_one_of_the_options_as_written() -> None:
    match, decision, request = _decision()
    card = request["options"][-1]
    line = json.dumps({"type": "decision", "id": 9, "choice": card})
    assert read_answer(line, decision, 9) == decision.options[-1]
    assert read_answer(line.encode(), decision, 9) == decision.options[-1]
    bad = {
        "not JSON": "{",
        "not a JSON object": "[1]",
        "type": json.dumps({"type": "hello", "id": 9, "choice": card}),
        "for id": json.dumps({"type": "decision", "id": 8, "choice": card}),
        'no "choice"': json.dumps({"type": "decision", "id": 9}),
        "not an option": json.dumps({"type": "decision", "id": 9, "choice": "XX"}),
    }
    for words, text in bad.items():
        with pytest.raises(ProtocolError, match=words):
            read_answer(text, decision, 9)
    held = {str(c) for c in decision.options}
    elsewhere = next(str(c) for c in match.observation((decision.seat + 1) % 4).hand)
    assert elsewhere not in held  # another seat's card
    with pytest.raises(ProtocolError, match="not an option"):
        read_answer(json.dumps({"type": "decision", "id": 9, "choice": elsewhere}), decision, 9)
    with pytest.raises(ProtocolError, match="not an option"):  # a card's number is not "as written"
        read_answer(json.dumps({"type": "decision", "id": 9, "choice": 3}), decision, 9)


def test_true_and_one_are_told_apart() -> None:
    from sueca_rules import Decision

    claim = Decision(0, "claim", (False, 1, 3), False, 4)
    assert read_answer('{"type": "decision", "id": 1, "choice": 1}', claim, 1) == 1
    with pytest.raises(ProtocolError):
        read_answer('{"type": "decision", "id": 1, "choice": true}', claim, 1)
    plain = Decision(0, "claim", (False, True), False, 4)
    with pytest.raises(ProtocolError):
        read_answer('{"type": "decision", "id": 1, "choice": 1}', plain, 1)


def test_the_bot_engine_answers_a_request_with_an_option() -> None:
    for variant in VARIANTS:
        engine = BotEngine(2, seed=1)
        for match, decision in _walk(variant, 5, steps=60):
            request = decide_request(match, decision, match_id="x", request_id=2, time_ms=50)
            reply = engine.handle(json.dumps(request))
            assert reply is not None
            assert reply["type"] == "decision", reply
            assert reply["id"] == 2
            assert read_answer(json.dumps(reply), decision, 2) in decision.options


def test_the_bot_engine_answers_an_option_as_the_request_wrote_it() -> None:
    # Lower case is fine on input; the answer is "one of the options, as written" (a host
    # compares the text, as read_answer does).
    _, _, request = _decision()
    lower = {
        **request,
        "options": [o.lower() for o in request["options"]],
        "state": {**request["state"], "hand": [c.lower() for c in request["state"]["hand"]]},
    }
    reply = BotEngine(1).handle(json.dumps(lower))
    assert reply is not None
    assert reply["type"] == "decision", reply
    assert reply["choice"] in lower["options"]  # "3c", not "3C"


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("{", "not JSON"),
        ("[" * 5000 + "]" * 5000, "nests arrays or objects too deep"),
        ('{"type": "hello", "id": ' + "1" * 5000 + "}", "a number of thousands of digits"),
        ("[]", "JSON object"),
        ('{"type": "dance", "id": 1}', "unknown request type"),
        ('{"type": "decide", "id": 1}', 'no "decision"'),
    ],
)
def test_the_bot_engine_answers_a_bad_line_with_an_error(line: str, words: str) -> None:
    reply = BotEngine(1).handle(line)
    assert reply is not None
    assert reply["type"] == "error"
    assert words in reply["message"]


@pytest.mark.parametrize(
    ("hello", "message"),
    [
        (
            {"type": "hello", "id": 0, "protocol": 2},
            "the hello asks for protocol 2: this engine speaks protocol 1 only",
        ),
        (
            {"type": "hello", "id": 0, "protocol": True},
            "the hello asks for protocol true: this engine speaks protocol 1 only",
        ),
        (
            {"type": "hello", "id": 0, "protocol": "2"},
            'the hello asks for protocol "2": this engine speaks protocol 1 only',
        ),
    ],
)
def test_a_hello_of_another_protocol_is_refused(hello: dict[str, Any], message: str) -> None:
    reply = BotEngine(1).handle(json.dumps(hello))
    assert reply is not None
    assert reply["type"] == "error", reply
    assert reply["id"] == 0
    assert reply["message"].startswith(message), reply
    assert '{"type": "hello", "id": 0, "protocol": 1}' in reply["message"]  # what would do


def test_a_hello_of_protocol_1_is_answered_whatever_else_it_carries() -> None:
    reply = BotEngine(1).handle('{"type": "hello", "id": 0, "protocol": 1, "host": "x"}')
    assert reply is not None
    assert (reply["type"], reply["id"], reply["protocol"]) == ("hello", 0, 1)


@pytest.mark.parametrize("version", ['"1"', "1.0", '" 1 "', None])
def test_a_hello_of_protocol_1_written_otherwise_or_of_none_is_answered(
    version: str | None,
) -> None:
    """A host that writes the version as text or a float asks for protocol 1, and one that names
    none is told which the engine speaks: answered (they got an error, and the host gave the
    engine up)."""
    asked = '"type": "hello", "id": 0' + ("" if version is None else f', "protocol": {version}')
    reply = BotEngine(1).handle("{" + asked + "}")
    assert reply is not None
    assert (reply["type"], reply["id"], reply["protocol"]) == ("hello", 0, 1)


def test_a_host_refuses_a_hello_of_another_protocol_and_says_an_engines_refusal() -> None:
    from sueca_rules.engines import read_hello

    with pytest.raises(ProtocolError, match="speaks protocol true, not 1"):
        read_hello('{"type": "hello", "id": 0, "protocol": true}')
    with pytest.raises(ProtocolError, match="it refused the hello: no such protocol"):
        read_hello('{"type": "error", "id": 0, "message": "no such protocol"}')


def test_a_request_line_that_is_not_utf8_is_not_json() -> None:
    reply = BotEngine(1).handle(b'{"type": "hello", "id": "caf\xe9"}')
    assert reply is not None
    assert reply["type"] == "error"
    assert reply["message"] == "the request is not JSON"


@pytest.mark.parametrize(
    ("where", "value", "message"),
    [
        (("table", "direction"), "up", '"variant.table.direction": expected one of '
         "anticlockwise, clockwise, got 'up'"),
        (("description",), [1], '"variant.description": expected text, got a list'),
        (("name",), "x" * 300, '"variant.name": is too long (at most 200 characters)'),
    ],
)  # fmt: skip
def test_a_bad_variant_is_refused_naming_its_field(
    where: tuple[str, ...], value: Any, message: str
) -> None:
    """A request's variant has no file: the refusal names the field as the other refusals name
    a request's fields, never a file called "<string>"."""
    _, _, request = _decision()
    variant = json.loads(json.dumps(request["variant"]))
    part = variant
    for key in where[:-1]:
        part = part[key]
    part[where[-1]] = value
    reply = BotEngine(1).handle(json.dumps({**request, "variant": variant}))
    assert reply == {"type": "error", "id": 9, "message": message}


def test_a_variant_whose_description_is_null_has_none() -> None:
    """A host that sends every field of the variant may send the description as null: it is no
    description, as in a file (it was refused, and every request with it)."""
    _, _, request = _decision()
    variant = {**request["variant"], "description": None}
    reply = BotEngine(1).handle(json.dumps({**request, "variant": variant}))
    assert reply is not None
    assert reply["type"] == "decision", reply
    assert reply["choice"] in request["options"]


def test_a_variant_refusal_is_cut_to_a_line() -> None:
    _, _, request = _decision()
    variant = {**request["variant"], "k" * 100_000: 1}
    reply = BotEngine(1).handle(json.dumps({**request, "variant": variant}))
    assert reply is not None
    assert reply["message"].startswith('"variant.kkk')
    assert len(reply["message"]) <= 500


def test_a_long_unknown_request_type_is_shown_cut() -> None:
    reply = BotEngine(1).handle(json.dumps({"type": "d" * 300, "id": 1}))
    assert reply is not None
    assert reply["type"] == "error"
    assert f'unknown request type "{"d" * 19}…: hello, decide or quit' in reply["message"]


@given(
    path=st.lists(st.sampled_from(["state", "plays", "hand", 0, "card", "seat", "options"])),
    value=st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-5, 50),
        st.text(max_size=4),
        st.lists(st.integers(0, 3), max_size=3),
        st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    ),
    seed=st.integers(0, 20),
)
def test_a_broken_request_gets_an_error_never_an_exception(
    path: list[Any], value: Any, seed: int
) -> None:
    steps = _walk("portugal-table", seed, steps=30)
    match, decision = steps[-1]
    request = decide_request(match, decision, match_id="m", request_id=1, time_ms=10)
    target: Any = request
    for key in path[:-1]:
        found = isinstance(target, dict) and key in target
        if found or (isinstance(target, list) and isinstance(key, int) and key < len(target)):
            target = target[key]
    if path and isinstance(target, dict):
        target[path[-1]] = value
    elif path and isinstance(target, list) and target:
        target[0] = value
    reply = BotEngine(1).handle(json.dumps(request))
    assert reply is not None
    assert reply["type"] in ("decision", "error")
    if reply["type"] == "decision":
        assert reply["choice"] in request["options"]
    else:
        assert not reply["message"].startswith("internal error"), reply


def test_sueca_engine_speaks_on_stdio() -> None:
    _, _, request = _decision()
    lines = [
        '{"type": "hello", "id": 0, "protocol": 1}',
        "not json",
        json.dumps(request),
        '{"type": "quit"}',
        '{"type": "hello", "id": 0, "protocol": 1}',  # after quit: not read
    ]
    result = subprocess.run(
        [sys.executable, "-m", "sueca_rules", "engine", "--level", "1", "--seed", "3"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert result.returncode == 0
    assert result.stderr == ""
    replies = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["type"] for r in replies] == ["hello", "error", "decision"]
    assert replies[0]["protocol"] == 1
    assert replies[2]["id"] == 9
    assert replies[2]["choice"] in request["options"]


@pytest.mark.skipif(sys.platform == "win32", reason="closes a descriptor before exec (POSIX)")
def test_sueca_engine_started_with_its_output_closed_says_so() -> None:
    """A host that starts the engine with its standard output closed gets a clear error on
    stderr and the status 2, never a traceback."""
    import os

    result = subprocess.run(
        [sys.executable, "-m", "sueca_rules", "engine", "--level", "1"],
        stdin=subprocess.PIPE,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        preexec_fn=lambda: os.close(1),  # the engine starts without its standard output
    )
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    assert "sueca engine: the standard output is closed" in result.stderr


def test_sueca_engine_skips_a_line_too_long() -> None:
    from sueca_rules.engines import MAX_REQUEST

    result = subprocess.run(
        [sys.executable, "-m", "sueca_rules", "engine", "--level", "1"],
        input="x" * (MAX_REQUEST + 10) + '\n{"type": "hello", "id": 0, "protocol": 1}\n',
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    replies = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["type"] for r in replies] == ["error", "hello"]
    assert "at most" in replies[0]["message"]


# --- the docs page's exchanges ----------------------------------------------------------------

PAGE = Path(__file__).resolve().parent.parent / "docs" / "guide" / "engines.md"
_COMMAND = "sueca engine --level 1 --seed 0"


def _blocks() -> list[list[str]]:
    text = PAGE.read_text(encoding="utf-8")
    found = re.findall(rf'```text title="{_COMMAND}"\n(.*?)```', text, re.S)
    return [block.splitlines() for block in found]


def test_the_exchanges_on_the_engines_page_are_real() -> None:
    """Send each block's `→` lines to the command it names and compare its answers with the
    `←` lines; the requests cover every kind of decision, and a built-in variant in a request is
    that variant as it is today."""
    blocks = _blocks()
    assert len(blocks) >= 6
    requests = []
    for lines in blocks:
        sent = [line[2:] for line in lines if line.startswith("→ ")]
        shown = [json.loads(line[2:]) for line in lines if line.startswith("← ")]
        assert len(sent) + len(shown) == len(lines)
        result = subprocess.run(
            [sys.executable, "-m", "sueca_rules", *_COMMAND.split()[1:]],
            input="\n".join(sent) + "\n",
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert result.returncode == 0, result.stderr
        assert [json.loads(line) for line in result.stdout.splitlines()] == shown
        requests += [json.loads(line) for line in sent if '"decide"' in line]
    names = {load_variant(v).name: v for v in VARIANTS}
    for request in requests:
        name = request["variant"]["name"]
        if name in names:
            assert request["variant"] == variant_mapping(load_variant(names[name]))
        observation_from_request(request)  # a possible state
    kinds = {r["decision"] for r in requests}
    assert kinds == {"card", "trump", "redeal", "claim"}
    claims = [r for r in requests if r["decision"] == "claim"]
    assert any(len(r["state"]["plays"]) == 40 for r in claims)  # at the count
    assert any(len(r["state"]["plays"]) < 40 for r in claims)  # after a card
    assert any(type(o) is int for r in claims for o in r["options"])  # accuse: player
    # The request laid out to be read is the session's.
    laid_out = re.search(r"```json\n(\{\n  \"type\": \"decide\".*?)```", PAGE.read_text(), re.S)
    assert laid_out is not None
    assert json.loads(laid_out.group(1)) == requests[0]


def test_the_engines_docstring_examples_run() -> None:
    import doctest

    import sueca_rules.engines

    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    attempted = 0
    for name in ("EngineProcess", "play_match"):
        obj = getattr(sueca_rules.engines, name)
        for test in finder.find(obj, name, globs={}):
            runner.run(test)
            attempted += len(test.examples)
    for test in finder.find(sueca_rules.engines, "sueca_rules.engines"):
        if test.name == "sueca_rules.engines":
            runner.run(test)
            attempted += len(test.examples)
    assert runner.failures == 0
    assert attempted >= 8


def test_the_python_host_of_the_engines_page_runs(capsys: pytest.CaptureFixture[str]) -> None:
    text = PAGE.read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    host = next(b for b in blocks if "EngineProcess" in b)
    exec(compile(host, "engines.md", "exec"), {"__name__": "engines_page"})
    points, faults, _ = capsys.readouterr().out.rsplit(" ", 2)
    assert faults == "0"
    assert sum(json.loads(points.replace("(", "[").replace(")", "]"))) == 120


def test_the_skeleton_engine_of_the_engines_page_plays(tmp_path: Path) -> None:
    from sueca_rules.engines import BotPlayer, EngineProcess, play_match

    blocks = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.S)
    skeleton = tmp_path / "my_bot.py"
    skeleton.write_text(next(b for b in blocks if "sys.stdin" in b), encoding="utf-8")
    with EngineProcess([sys.executable, str(skeleton)]) as engine:
        match = play_match("brasil", [engine, BotPlayer(1)] * 2, seed=2, deals=2)
    assert engine.info == {"name": "my bot"}
    assert engine.stats.faults == 0
    assert engine.stats.answered > 20
    assert len([d for d in match.deals if d.result != "redeal"]) == 2


@pytest.mark.parametrize(
    "line",
    [
        b'{"type": "hello", "id": "\\ud800", "protocol": 1}',
        b'{"type": "hello", "id": NaN, "protocol": 1}',
        b'{"type": "hello", "id": [Infinity], "protocol": 1}',
        b'{"type": "dance", "id": "\\udc80x"}',
    ],
)
def test_an_id_json_cannot_carry_back_gets_an_error_and_the_engine_goes_on(line: bytes) -> None:
    # Python's JSON reader takes lone surrogates and NaN; no strict JSON line can repeat them.
    stdin = io.BytesIO(line + b"\n" + b'{"type": "hello", "id": 2, "protocol": 1}\n')
    stdout = io.BytesIO()
    assert serve(BotEngine(1), stdin, stdout) == 0
    first, second = stdout.getvalue().decode("utf-8").splitlines()
    error = json.loads(first, parse_constant=lambda name: pytest.fail(f"{name} written"))
    assert error["type"] == "error"
    assert error["id"] is None
    assert "not NaN, an infinity or a text with a lone surrogate" in error["message"]
    assert json.loads(second)["id"] == 2


def _brasil_redeal_request() -> dict[str, Any]:
    for seed in range(200):
        match = Match("brasil", seed=seed)
        while (decision := match.pending()) is not None and decision.kind == "trump":
            match.decide(decision.default)
        while decision is not None and decision.kind == "redeal":
            if asks(decision):
                return decide_request(match, decision, match_id="m", request_id=3, time_ms=100)
            match.decide(False)
            decision = match.pending()
    raise AssertionError("no redeal question in 200 deals")


def _refusal(engine: BotEngine, request: dict[str, Any]) -> str:
    """The message of the error `engine` answers `request` with (it must be an error)."""
    reply = engine.handle(json.dumps(request))
    assert reply is not None
    assert reply["type"] == "error", reply
    return str(reply["message"])


@pytest.mark.parametrize("level", [1, 3, 5])
def test_an_impossible_state_is_refused_by_what_makes_it_so(level: int) -> None:
    engine = BotEngine(level)

    refusal = functools.partial(_refusal, engine)

    _, _, card = _decision()
    unknown = {**card, "state": {**card["state"], "trump_card": None}}
    assert refusal(unknown) == (
        '"state.trump_card" is null, but only the dealer\'s choice of trump comes before the '
        "trump card is known (this is a 'card' decision)"
    )
    hand = card["state"]["hand"]
    stranger = next(c for c in ("AS", "AH", "AD", "AC", "2S", "2H") if c not in hand)
    assert refusal({**card, "options": [stranger]}).startswith(
        f'"options"[0]: {stranger} is not in "state.hand" (the cards seat '
    )
    state = card["state"]
    assert refusal({**card, "state": {**state, "points": [120, 120]}}) == (
        '"state.points" is [120, 120], but the tricks of "state.plays" give [0, 0]'
    )
    assert refusal({**card, "state": {**state, "tricks_won": [0, 1]}}).startswith(
        '"state.tricks_won" is [0, 1], but the tricks of "state.plays" give [0, 0]'
    )
    turned = state["trump_card"]
    if state["dealer"] != card["seat"]:  # the turned card in another seat's hand
        taken = [turned, *state["hand"][1:]]
        assert "holds the turned trump card" in refusal(
            {**card, "options": [c for c in card["options"] if c in taken] or [turned],
             "state": {**state, "hand": taken}}
        )  # fmt: skip
    redeal = _brasil_redeal_request()
    late = {**redeal, "state": {**redeal["state"], "plays": [{"seat": 0, "card": "2S"}]}}
    assert refusal(late) == (
        "a 'redeal' decision comes before the first card, but \"state.plays\" holds 1"
    )


def test_the_turned_card_played_by_another_seat_than_the_dealer_is_refused() -> None:
    """The dealer holds the turned card until it plays it: a request where another seat played it
    cannot be, and gets an error naming the play, never a decision."""
    match = Match("portugal", seed=4)
    while (decision := match.pending()) is not None and len(match.observation(0).trick) < 2:
        match.decide(decision.default)
    assert decision is not None
    request = decide_request(match, decision, match_id="m", request_id=9, time_ms=100)
    state = request["state"]
    first = state["plays"][0]
    assert first["seat"] != state["dealer"]
    impossible = {
        **request,
        "state": {**state, "trump_card": first["card"], "trump_card_in_hand": False},
    }
    reply = BotEngine(1).handle(json.dumps(impossible))
    assert reply == {
        "type": "error",
        "id": 9,
        "message": f'"state.plays"[0]: seat {first["seat"]} plays the turned trump card '
        f"{first['card']}, which the dealer, seat {state['dealer']}, holds until it is played",
    }


@pytest.mark.parametrize(
    ("given", "budget"),
    [(100, 100), (0.4, 1), (-5, 1), (1e308, 3_600_000), (10**30, 3_600_000), (float("nan"), None)],
)
def test_a_time_budget_is_a_millisecond_to_an_hour_whatever_the_request_says(
    given: float, budget: int | None
) -> None:
    assert time_budget({"time_ms": given}) == budget


def _first(variant: str, kind: str, seed: int = 1) -> dict[str, Any]:
    """The request of the first `kind` decision of a match of `variant` (defaults answered)."""
    match = Match(variant, seed=seed)
    for _ in range(400):
        decision = match.pending()
        assert decision is not None
        if decision.kind == kind:
            return decide_request(match, decision, match_id="m", request_id=4, time_ms=100)
        match.decide(decision.default)
    raise AssertionError(f"no {kind} decision")


def test_a_decision_or_score_the_variant_cannot_give_is_refused() -> None:
    engine = BotEngine(1)

    refusal = functools.partial(_refusal, engine)

    _, _, card = _decision()  # portugal: renúncia prevented, best of 1, the dealer's card turned
    state = card["state"]
    assert refusal({**card, "decision": "claim", "options": [False, True]}) == (
        "a 'claim' decision comes only under revoke.mode: claimable, and the variant's "
        "revoke.mode is prevented (no renúncia can be played, so none is claimed)"
    )
    claimed = {**state, "claims": [{"after": 0, "by": 1}]}
    assert refusal({**card, "state": claimed}).startswith(
        '"state.claims" holds 1, but claims come only under revoke.mode: claimable'
    )
    assert refusal({**card, "state": {**state, "partidas": [5, 5]}}) == (
        '"state.partidas" is [5, 5], but under match.best_of: 1 the match is over once a team '
        "wins 1 partida, and no decision comes after"
    )
    assert refusal({**card, "state": {**state, "partida": 2}}) == (
        '"state.partida" is 2, but with "state.partidas" [0, 0] the partida under way is 0 '
        "(counted from 0)"
    )
    assert refusal({**card, "state": {**state, "games": [4, 1]}}).startswith(
        '"state.games" is [4, 1], but under match.target_games: 4 that partida is won'
    )
    assert refusal({**card, "state": {**state, "games": [4, 4]}}).startswith(
        '"state.games" is [4, 4], but under match.target_games: 4 that partida is won'
    )
    early = {**state, "plays": [], "points": [0, 0], "tricks_won": [0, 0]}
    assert refusal({**card, "decision": "trump", "options": ["top", "bottom"], "state": early}) == (
        "a 'trump' decision comes only under deal.trump_card: dealer_choice, and the variant's "
        "deal.trump_card is dealer_last"
    )
    trump = _first("brasil", "trump")
    other = (trump["state"]["dealer"] + 1) % 4
    assert refusal({**trump, "seat": other}).startswith(
        f'"seat" {other} is asked to choose the trump card, but the dealer'
    )
    claim = _first("portugal-table", "claim")
    rival = 1 - claim["seat"] % 2
    assert refusal({**claim, "options": [False, rival]}) == (
        f'"options"[1] is {rival}, but under revoke.accuse: team a claim accuses the other '
        "team: the options are false and true"
    )


def test_what_a_host_may_read_otherwise_in_the_contract_is_answered() -> None:
    """Where the contract leaves room, the engine answers: the turned card's `trump_card_in_hand`
    read as "in this seat's hand", every 60-60 in a row counted where they count as one (or as
    none), `[false, true]` offered to every hand at the redeal question (a hand that may not ask
    is answered `false`), a built-in variant named by its id."""
    engine = BotEngine(1)

    def answer(request: dict[str, Any]) -> Any:
        reply = engine.handle(json.dumps(request))
        assert reply is not None
        assert reply["type"] == "decision", reply
        assert reply["choice"] in request["options"]
        return reply["choice"]

    _, _, card = _decision()  # portugal: ties add one and stack; no redeal
    state = card["state"]
    answer({**card, "state": {**state, "trump_card_in_hand": not state["trump_card_in_hand"]}})
    none = {**card["variant"], "scoring": {**card["variant"]["scoring"], "tie": {
        "mode": "none", "amount": 1, "stacks": False}}}  # fmt: skip
    answer({**card, "variant": none, "state": {**state, "pending_ties": 3}})
    once = {**card["variant"], "scoring": {**card["variant"]["scoring"], "tie": {
        "mode": "add", "amount": 1, "stacks": False}}}  # fmt: skip
    answer({**card, "variant": once, "state": {**state, "pending_ties": 2}})
    early = {**state, "plays": [], "points": [0, 0], "tricks_won": [0, 0]}
    asked = {**card, "decision": "redeal", "options": [False, True], "state": early}
    assert answer(asked) is False  # portugal: no hand may ask
    redeal = _brasil_redeal_request()
    if True not in redeal["options"]:  # a hand at or above its threshold, offered both
        assert answer({**redeal, "options": [False, True]}) is False
    answer({**redeal, "options": [False]})
    assert answer({**card, "variant": "portugal"}) in card["options"]
    refused = engine.handle(json.dumps({**card, "variant": "../portugal.yaml"}))
    assert refused is not None
    assert refused["type"] == "error"
    assert "a built-in's id" in refused["message"]


def test_a_score_of_the_last_partida_of_a_longer_match_is_answered() -> None:
    # best of 3: one partida each is a match still under way, in its third partida.
    request = _first("portugal-best-of-3", "card")
    state = {**request["state"], "partidas": [1, 1], "partida": 2, "pending_ties": 2}
    reply = BotEngine(1).handle(json.dumps({**request, "state": state}))
    assert reply is not None
    assert reply["type"] == "decision", reply


def test_a_card_of_a_request_is_the_notation_and_nothing_around_it() -> None:
    requests = (_decision(seed)[2] for seed in range(20))
    request = next(r for r in requests if any(o.endswith("S") for o in r["options"]))
    spade = next(o for o in request["options"] if o.endswith("S"))
    for odd in (f" {spade}", spade[0] + "\u017f"):  # 'ſ' is an S to str.upper()
        options = [odd if o == spade else o for o in request["options"]]
        reply = BotEngine(1).handle(json.dumps({**request, "options": options}))
        assert reply is not None
        assert reply["type"] == "error", reply
        assert f"{odd!r} is not a card" in reply["message"]


def test_the_engine_keeps_part_of_the_budget_for_answering(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from sueca_rules.engines import _serve
    from sueca_rules.engines._serve import thinking_ms

    monkeypatch.setattr(_serve, "monotonic", lambda: 5.0)  # no time spent before the bot

    assert thinking_ms(1000) == 900
    assert thinking_ms(100) == 90
    assert thinking_ms(20) == 10
    assert thinking_ms(5) == 1
    engine = BotEngine(5)
    _, _, card = _decision()
    reply = engine.handle(json.dumps({**card, "time_ms": 200}))
    assert reply is not None
    assert reply["type"] == "decision"
    assert engine.last_bot.time_ms == 180  # type: ignore[union-attr]
    engine.handle(json.dumps({**card, "id": 6, "time_ms": 1000}))  # this decision's own budget
    assert engine.last_bot.time_ms == 900  # type: ignore[union-attr]


def test_the_time_spent_before_the_bot_thinks_comes_off_its_budget(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The host's clock starts when it sends the request: reading it, checking its state and
    compiling a variant seen for the first time take part of `time_ms`, so the bot thinks for
    what is left (it thought for its whole part whatever came before, and could answer late)."""
    from sueca_rules.engines import _serve

    clock = iter([10.0, 10.05])  # 50 ms between the request read and the bot asked
    monkeypatch.setattr(_serve, "monotonic", lambda: next(clock))
    engine = BotEngine(5)
    _, _, card = _decision()
    reply = engine.handle(json.dumps({**card, "time_ms": 200}))
    assert reply is not None
    assert reply["type"] == "decision", reply
    assert engine.last_bot.time_ms == 130  # type: ignore[union-attr]
    clock = iter([20.0, 20.5])  # more than the whole budget: the bot still gets a millisecond
    engine.handle(json.dumps({**card, "id": 6, "time_ms": 200}))
    assert engine.last_bot.time_ms == 1  # type: ignore[union-attr]


def test_a_budget_is_kept_after_a_request_without_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """A seat first asked without `time_ms` is asked with one later in the same match: the later
    request's budget is kept (the bot made for the first request had none and searched for as
    long as its default samples take, whatever the budget said)."""
    from sueca_rules.engines import _serve

    monkeypatch.setattr(_serve, "monotonic", lambda: 5.0)  # no time spent before the bot
    engine = BotEngine(5)
    _, _, card = _decision()
    untimed = {k: v for k, v in card.items() if k != "time_ms"}
    for request, budget in ((untimed, None), ({**card, "id": 6, "time_ms": 200}, 180.0)):
        reply = engine.handle(json.dumps(request))
        assert reply is not None
        assert reply["type"] == "decision", reply
        assert engine.last_bot.time_ms == budget  # type: ignore[union-attr]
    reply = engine.handle(json.dumps({**untimed, "id": 7}))  # and again without one: none
    assert reply is not None
    assert reply["type"] == "decision", reply
    assert engine.last_bot.time_ms is None  # type: ignore[union-attr]


def test_a_match_id_any_json_text_can_hold_is_answered() -> None:
    engine = BotEngine(1)
    _, _, card = _decision()
    for match in ("\ud800", "m\udfff1", "ção", ""):
        reply = engine.handle(json.dumps({**card, "match": match}))
        assert reply is not None
        assert reply["type"] == "decision", reply


@pytest.mark.parametrize("request_id", [[1, "a"], {"n": 1}, True, None, 2.5, "x" * 300])
def test_every_answer_repeats_the_requests_id_as_it_is(request_id: Any) -> None:
    """A refusal repeats the id as a decision or a hello does, whatever JSON value it is."""
    hello = {"type": "hello", "id": request_id, "protocol": 1}
    dance = {"type": "dance", "id": request_id}
    lines = b"".join(json.dumps(r).encode() + b"\n" for r in (hello, dance))
    stdout = io.BytesIO()
    assert serve(BotEngine(1), io.BytesIO(lines), stdout) == 0
    answers = [json.loads(line) for line in stdout.getvalue().splitlines()]
    assert [a["type"] for a in answers] == ["hello", "error"]
    assert [a["id"] for a in answers] == [request_id, request_id]


@pytest.mark.parametrize("accuse", ["team", "player"])
def test_a_false_claim_ignored_is_listed_and_answered(accuse: str) -> None:
    """Under `false_claim: ignored` a false claim changes nothing and play goes on (whatever
    `after_false_claim` says): the requests after it list it, and `sueca engine` answers them."""
    data = load_variant("portugal-table").model_dump(mode="json", exclude={"extends"})
    data["revoke"]["false_claim"] = "ignored"
    data["revoke"]["accuse"] = accuse
    assert data["revoke"]["after_false_claim"] == "deal_ends"
    match = Match(Variant.model_validate(data), seed=1)
    claimed = False
    for _ in range(400):
        decision = match.pending()
        assert decision is not None
        if decision.kind == "claim" and not claimed and len(match.plays) >= 2:
            match.decide(decision.options[-1])  # no renúncia yet: a false claim
            claimed = True
        elif decision.kind == "card" and claimed:
            break
        else:
            match.decide(decision.default)
    assert decision is not None
    assert decision.kind == "card"
    request = decide_request(match, decision, match_id="m", request_id=4, time_ms=100)
    assert len(request["state"]["claims"]) == 1
    reply = BotEngine(2).handle(json.dumps(request))
    assert reply is not None
    assert reply["type"] == "decision", reply
    assert reply["choice"] in request["options"]


def test_claims_a_match_could_not_have_taken_are_refused() -> None:
    """Claims listed where any claim ends the deal, after a card not yet played, out of the order
    they were made, or naming a player where the variant's claims name none (and none, or a
    partner, where they name one): refused, as a record's are. They were taken, and answered."""
    engine = BotEngine(3)

    refusal = functools.partial(_refusal, engine)

    def answer(request: dict[str, Any]) -> dict[str, Any]:
        reply = engine.handle(json.dumps(request))
        assert reply is not None
        return reply

    data = load_variant("portugal-table").model_dump(mode="json", exclude={"extends"})
    data["revoke"]["after_false_claim"] = "play_on"
    match = Match(Variant.model_validate(data), seed=1)
    for _ in range(400):
        decision = match.pending()
        assert decision is not None
        if decision.kind == "card" and len(match.plays) >= 3:
            break
        match.decide(decision.default)
    assert decision is not None
    card = decide_request(match, decision, match_id="m", request_id=4, time_ms=100)
    state = card["state"]
    played = len(state["plays"])
    by = (card["seat"] + 1) % 4
    rivals = sorted(s for s in range(4) if s % 2 != by % 2)
    fine = {**state, "claims": [{"after": 1, "by": by}, {"after": 1, "by": by}]}
    assert answer({**card, "state": fine})["type"] == "decision"
    later = {**state, "claims": [{"after": played + 1, "by": by}]}
    assert refusal({**card, "state": later}) == (
        f'"state.claims"[0].after is {played + 1}, but only {played} cards of the deal are '
        f"played: a claim follows a card played (0 to {played})"
    )
    unordered = {**state, "claims": [{"after": 2, "by": by}, {"after": 1, "by": by}]}
    assert refusal({**card, "state": unordered}) == (
        '"state.claims"[1].after is 1, but the claim before it was made after card 2: claims '
        "are listed in the order they were made"
    )
    named = {**state, "claims": [{"after": 0, "by": by, "against": rivals[0]}]}
    assert refusal({**card, "state": named}).startswith(
        '"state.claims"[0] names a player, but under revoke.accuse: team a claim accuses'
    )
    ends = {**card, "variant": load_variant("portugal-table").model_dump(mode="json")}
    assert refusal({**ends, "state": fine}) == (
        '"state.claims" holds 2, but under revoke.false_claim: penalize_claimant and '
        "after_false_claim: deal_ends every claim ends the deal (a true one too): none is listed "
        "while it is played"
    )
    data["revoke"]["accuse"] = "player"
    player = {**card, "variant": data}
    named_ok = {**state, "claims": [{"after": 0, "by": by, "against": rivals[1]}]}
    assert answer({**player, "state": named_ok})["type"] == "decision"
    for against, said in ((None, "none"), ((by + 2) % 4, f"seat {(by + 2) % 4}")):
        claim = {"after": 0, "by": by} | ({} if against is None else {"against": against})
        assert refusal({**player, "state": {**state, "claims": [claim]}}) == (
            f'"state.claims"[0]: under revoke.accuse: player a claim names the rival accused '
            f'("against": {rivals[0]} or {rivals[1]}), not {said}'
        )


def _after_a_renuncia(seed: int) -> tuple[dict[str, Any], dict[str, Any]] | None:
    """Two card requests of a `portugal-table` deal where a seat played a renúncia (a card off
    the suit led while it held that suit): the first asked of that seat while it still holds
    the suit, the first asked of another seat after it played that suit; `None` when the deal
    gives neither."""
    match = Match("portugal-table", seed=seed)
    revoked: tuple[int, int] | None = None  # (seat, suit)
    own = other = None
    while (decision := match.pending()) is not None and not match.deals:
        if decision.kind == "claim":
            match.decide(False)
            continue
        seat = decision.seat
        view = match.observation(seat)
        request = decide_request(match, decision, match_id="m", request_id=9, time_ms=100)
        request["options"] = [str(c) for c in view.legal]
        held = revoked is not None and any(c.suit == revoked[1] for c in view.hand)
        if revoked is not None and seat == revoked[0] and own is None and held:
            own = request
        if revoked is not None and seat != revoked[0] and other is None:
            shown = [p for p in request["state"]["plays"] if p["seat"] == revoked[0]]
            if any(p["card"].endswith("SHDC"[revoked[1]]) for p in shown[-1:]):
                other = request
        if revoked is None and view.trick and len(view.legal) < len(view.hand):
            led = view.trick[0].suit
            off = next(c for c in view.hand if c.suit != led)
            revoked = (seat, led)
            match.decide(off)
            continue
        match.decide(decision.default)
    return (own, other) if own is not None and other is not None else None


def _refused_where_prevented(engine: BotEngine, request: dict[str, Any]) -> str:
    """The error message of `request` under `revoke.mode: prevented`, after checking that the
    request itself (under its variant, where renúncias may be played) is answered."""
    answered = engine.handle(json.dumps(request))
    assert answered is not None
    assert answered["type"] == "decision", answered
    variant = request["variant"]
    prevented = {**variant, "revoke": {**variant["revoke"], "mode": "prevented"}}
    return _refusal(engine, {**request, "variant": prevented})


def test_a_renuncia_in_the_plays_is_refused_where_the_variant_prevents_it() -> None:
    """Under `revoke.mode: prevented` a seat follows suit whenever it can: a request whose plays
    show a seat that did not follow a suit and played it later, or whose hand holds a suit the
    seat did not follow, cannot be, and gets an error naming the plays (the engine answered as
    if nothing were wrong). Under `claimable` the same requests are answered."""
    found = next(pair for seed in range(200) if (pair := _after_a_renuncia(seed)) is not None)
    engine = BotEngine(3)
    for request, words in zip(found, ('"state.hand" holds ', '"state.plays"['), strict=True):
        message = _refused_where_prevented(engine, request)
        assert message.startswith(words), message
        assert re.search(
            r"did not follow (spades|hearts|diamonds|clubs) in \"state.plays\"\[", message
        )
        assert "under revoke.mode: prevented a seat follows the suit led" in message


def test_options_that_contradict_the_decision_are_refused() -> None:
    """An option listed twice and a new-deal or claim question without `false` (a seat may always
    say no) cannot come from a match: each gets an error saying so (they were answered)."""
    engine = BotEngine(1)

    refusal = functools.partial(_refusal, engine)

    _, _, card = _decision()
    twice = [card["options"][0], card["options"][0]]
    assert refusal({**card, "options": twice}) == (
        f'"options"[1] is "{twice[0]}" again: each option is listed once'
    )
    redeal = _brasil_redeal_request()
    assert refusal({**redeal, "options": [True]}) == (
        "\"options\" of a 'redeal' decision must hold false (keep the hand): a seat may always "
        "say no, and [true] has no false"
    )
    assert refusal({**redeal, "options": [False, False]}).startswith('"options"[1] is false again')
    claim = _first("portugal-table", "claim")
    assert refusal({**claim, "options": [True]}).startswith(
        "\"options\" of a 'claim' decision must hold false (no claim)"
    )
    trump = _first("brasil", "trump")
    assert refusal({**trump, "options": ["top", "top"]}).startswith('"options"[1] is "top" again')
    # Fewer card options than the seat may play (a host's own choice): one of them is answered.
    reply = engine.handle(json.dumps({**card, "options": card["options"][-1:]}))
    assert reply == {"type": "decision", "id": 9, "choice": card["options"][-1]}


def test_sueca_engines_help_says_its_levels_and_default(capsys: pytest.CaptureFixture[str]) -> None:
    """`sueca engine --help` says what the levels are, which one it plays without `--level`, and
    that the errors are the protocol's English."""
    from sueca_rules.cli import main

    with pytest.raises(SystemExit):
        main(["engine", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert (
        "--level N the bots' level, 1 (random legal cards) to 5 (the strongest); default 3." in said
    )
    assert "Levels 4 and 5 search, and answer within each request's time_ms" in said
    assert "The protocol's words are English: the errors too" in said
    # Each decision has a bot of its own (a match and seat had one, kept among 64).
    assert "each decision's bot is seeded from it, the match, the seat and the moment" in said


def test_a_variant_of_thousands_of_fields_is_refused_at_once() -> None:
    """A request line of 1 MiB may hold a variant of tens of thousands of unknown fields: reading
    each took the engine seconds (0.2 ms a field) before it answered; it is refused before it is
    read. The largest variant there can be (60 tiers) is still answered."""
    import time

    _, _, card = _decision()
    variant = card["variant"]
    engine = BotEngine(1)
    crowded = {**variant, "table": {**variant["table"], **{f"k{i}": i for i in range(30000)}}}
    start = time.monotonic()
    reply = engine.handle(json.dumps({**card, "variant": crowded}))
    assert time.monotonic() - start < 0.5
    assert reply == {
        "type": "error",
        "id": 9,
        "message": '"variant" holds more than 1000 keys and values: a whole variant holds about '
        "40 (see the variant file reference), and fields it does not know are refused",
    }
    tiers = [{"min_points": 61 + i, "games": 1} for i in range(60)]
    largest = {**variant, "scoring": {**variant["scoring"], "tiers": tiers}}
    reply = engine.handle(json.dumps({**card, "variant": largest}))
    assert reply is not None
    assert reply["type"] == "decision", reply


@pytest.mark.parametrize("budget", ["fast", "", True, [100], {"ms": 100}])
def test_a_time_ms_that_is_not_a_number_is_refused(budget: Any) -> None:
    """`"time_ms": "fast"` is a host's slip: the engine says so (it thought without a clock, as
    if no budget were given). A request without `time_ms`, or with `null`, is answered."""
    _, _, card = _decision()
    engine = BotEngine(1)
    reply = engine.handle(json.dumps({**card, "time_ms": budget}))
    assert reply == {
        "type": "error",
        "id": 9,
        "message": '"time_ms" must be a number of milliseconds, such as 1000, not '
        + json.dumps(budget),
    }
    for without in ({k: v for k, v in card.items() if k != "time_ms"}, {**card, "time_ms": None}):
        answered = engine.handle(json.dumps(without))
        assert answered is not None
        assert answered["type"] == "decision", answered


def test_a_time_ms_written_as_text_is_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """`"time_ms": "200"` (a host that writes its numbers as text) is the budget 200: the engine
    answers and keeps to it (it answered an error)."""
    from sueca_rules.engines import _serve

    monkeypatch.setattr(_serve, "monotonic", lambda: 5.0)  # no time spent before the bot
    _, _, card = _decision()
    engine = BotEngine(5)
    for budget in ("200", " 200.0 "):
        reply = engine.handle(json.dumps({**card, "time_ms": budget}))
        assert reply is not None
        assert reply["type"] == "decision", reply
        assert engine.last_bot.time_ms == 180  # type: ignore[union-attr]


def test_a_dealer_that_did_not_follow_the_turned_cards_suit_is_refused() -> None:
    """Everyone knows the dealer holds the turned trump card until it plays it: under
    `revoke.mode: prevented`, plays where the dealer did not follow trumps while holding it
    cannot be, and another seat's request says so (it was answered)."""
    engine = BotEngine(1)
    for seed in range(300):
        match = Match("portugal-table", seed=seed)
        revoked = False
        while (decision := match.pending()) is not None and not match.deals:
            if decision.kind == "claim":
                match.decide(False)
                continue
            view = match.observation(decision.seat)
            if revoked and decision.seat != view.dealer:
                request = decide_request(match, decision, match_id="m", request_id=9, time_ms=9)
                request["options"] = [str(c) for c in view.legal]
                message = _refused_where_prevented(engine, request)
                assert re.match(
                    r'"state.plays"\[\d+\]: the dealer, seat \d, does not follow \w+, but holds '
                    r"the turned trump card \w\w until it is played: under revoke.mode: prevented",
                    message,
                ), message
                return
            turned = view.trump_card
            if (
                not revoked
                and decision.seat == view.dealer
                and view.trick
                and turned is not None
                and view.trick[0].suit == turned.suit
                and view.trump_card_in_hand
                and any(c.suit != turned.suit for c in view.hand)
            ):
                match.decide(next(c for c in view.hand if c.suit != turned.suit))
                revoked = True
                continue
            match.decide(decision.default)
    raise AssertionError("no dealer could fail to follow trumps in 300 deals")
