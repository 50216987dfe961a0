"""Records: loading, saving, located errors, and replay errors that name deal/trick/seat/card."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from sueca_rules import (
    Match,
    RecordError,
    Variant,
    VariantError,
    dump_record,
    load_record,
    load_variant,
    parse_record,
    parse_variant,
    replay_report,
    save_record,
)
from sueca_rules._lang import issue_line, issue_text
from sueca_rules.cli import main

from .scenarios import at_a_weak_hands_question, find_deal, sweep

GOLDEN = Path(__file__).resolve().parent / "golden"
ANTI = (3, 0, 1, 2)


def record_text(**changes: Any) -> str:
    built = sweep(ANTI, 0, "capote")
    data: dict[str, Any] = {
        "variant": "portugal",
        "first_dealer": 0,
        "deals": [{"hands": built.hands, "trump_card": built.trump_card, "plays": built.plays}],
    }
    data.update(changes)
    return yaml.safe_dump(data, default_flow_style=None, sort_keys=False)


def replay_error(tmp_path: Path, text: str, capsys: pytest.CaptureFixture[str]) -> str:
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert "Traceback" not in err
    assert err.strip()
    return err


def test_contract_example_shape(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(record_text(), encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) >= {"deals", "games", "partidas", "winner"}
    deal = data["deals"][0]
    assert set(deal) >= {
        "dealer", "trump", "tricks", "points", "tricks_won", "result", "games", "partida"
    }  # fmt: skip
    assert deal["dealer"] == 0
    assert deal["trump"] == "H"
    assert deal["tricks"][0] == {"leader": 3, "cards": deal["tricks"][0]["cards"], "winner": 3,
                                 "points": deal["tricks"][0]["points"]}  # fmt: skip
    assert deal["tricks"][0]["cards"][0] == "AH"
    assert deal["points"] == [11, 109]
    assert deal["tricks_won"] == [1, 9]
    assert deal["result"] == "won"
    assert deal["games"] == [0, 2]
    assert deal["partida"] == 0
    assert data["games"] == [0, 2]
    assert data["partidas"] == [0, 0]
    assert data["winner"] is None


def test_readable_replay(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(GOLDEN / "portugal" / "tie-then-carried.yaml")]) == 0
    out = capsys.readouterr().out
    assert "Deal 1 (partida 1): seat 0 deals" in out
    assert "60-60, empate: nobody scores." in out
    assert "♥" in out or "♠" in out
    assert "The match is over" in out


def test_readable_replay_of_claims_and_partidas(capsys: pytest.CaptureFixture[str]) -> None:
    table = GOLDEN / "portugal-table"
    assert main(["replay", str(table / "claim-rightful.yaml")]) == 0
    out = capsys.readouterr().out
    assert "seat 2 claims a renúncia after card 4: right, seat 3 revoked with A♥ (card 2)" in out
    assert "The deal ends on the renúncia: team 0 (seats 0 & 2) scores 4 games." in out
    assert main(["replay", str(table / "claim-false.yaml")]) == 0
    out = capsys.readouterr().out
    # Seat 3 revoked, but seat 1 is its partner: the claim finds nothing.
    assert "seat 1 claims a renúncia after card 4: false, no one on the other team" in out
    assert "The deal ends on the false claim: team 0 (seats 0 & 2) scores 4 games." in out
    assert main(["replay", str(GOLDEN / "portugal-best-of-3" / "best-of-3.yaml")]) == 0
    out = capsys.readouterr().out
    report = load_record(GOLDEN / "portugal-best-of-3" / "best-of-3.yaml")
    match = Match.from_record(report)
    wins = [line for line in out.splitlines() if " wins partida " in line]
    assert len(wins) == sum(match.partidas)
    assert wins[0].strip().startswith("Team ")


@pytest.mark.parametrize(
    ("change", "words"),
    [
        # a card not in the hand: seat 3 leads, but 2C is seat 0's card
        (
            lambda d: d["plays"].__setitem__(0, "2C"),
            "deal 1, trick 1: seat 3 cannot play 2C: seat 3 does not hold 2C",
        ),
        (lambda d: d.__setitem__("trump_card", "AH"), "must be in the dealer's hand"),
        (lambda d: d.__setitem__("plays", d["plays"][:17]), "deal 1 stops after 17 of 40 cards"),
        (lambda d: d["plays"].__setitem__(5, "8S"), "Sueca uses 40 cards"),
        (lambda d: d["hands"][0].pop(), "deals[0].hands[0]"),
        (lambda d: d["hands"][0].__setitem__(0, d["hands"][1][0]), "and seat 0 holds it too"),
        (lambda d: d.__setitem__("claims", [{"after": 3, "by": 1}]), "cannot claim"),
    ],
)
def test_illegal_records(
    change: Any, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = yaml.safe_load(record_text())
    change(data["deals"][0])
    err = replay_error(tmp_path, yaml.safe_dump(data, sort_keys=False), capsys)
    assert words in err
    assert err.startswith(str(tmp_path / "game.yaml") + ":")
    assert len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("change", "kind", "words"),
    [
        (
            lambda d: d["plays"].__setitem__(0, "2C"),
            "record_play",
            "não tem essa carta na mão (podia jogar ",
        ),
        (
            lambda d: d.__setitem__("trump_card", "AH"),
            "record_hands",
            "mão 1: a carta de trunfo AH tem de estar na mão de quem dá (o lugar 0 tem ",
        ),
        (
            lambda d: d["hands"][0].__setitem__(0, d["hands"][1][0]),
            "record_hands",
            "e o lugar 0 também",
        ),
        (
            lambda d: d["hands"][2].__setitem__(1, d["hands"][2][0]),
            "record_hands",
            "duas vezes",
        ),
        (lambda d: d.__setitem__("plays", d["plays"][:17]), "record_unfinished", "das 40 cartas"),
        (
            lambda d: d["plays"].__setitem__(5, "8S"),
            "card_text",
            "mão 1, vaza 2 (carta 6 da mão): '8S' não é uma carta: a Sueca joga-se com 40 cartas",
        ),
        (
            lambda d: d["hands"][2].__setitem__(0, "ZZ"),
            "card_text",
            "mão 1, cartas do lugar 2: 'ZZ' não é uma carta: escreve o valor e depois o naipe",
        ),
        (lambda d: d.__setitem__("trump_card", "AX"), "card_text", "o naipe é uma das letras"),
        (
            lambda d: d.__setitem__("claims", [{"after": 3, "by": 1}]),
            "record_claim",
            "não pode acusar: com estas regras não há renúncias",
        ),
        (
            lambda d: d.__setitem__("claims", [{"after": 40, "by": 1}, {"after": 41, "by": 1}]),
            "",
            "",
        ),
    ],
)
def test_illegal_records_in_portuguese(
    change: Any, kind: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record's refusal in `sueca replay --lang pt` is Portuguese, by its kind (the web
    pages say it from the same kind)."""
    from sueca_rules._lang import issue_text

    data = yaml.safe_load(record_text())
    change(data["deals"][0])
    text = yaml.safe_dump(data, sort_keys=False)
    try:
        Match.from_record(parse_record(text))
    except RecordError as exc:
        issue = exc.issues[0]
    else:
        raise AssertionError("the record replayed")
    if not kind:  # a claim after card 41: the record's own shape, said by the field checks
        assert issue.kind == "max"
        return
    assert issue.kind == kind
    pt = issue_text(issue, "pt")
    assert words in pt
    assert "must" not in pt  # no English inside (the engine's words were)
    assert pt.startswith(("mão 1", "a mão 1"))
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path), "--lang", "pt"]) == 1
    assert pt in capsys.readouterr().err


HANDS = [
    ["KS", "2C", "3C", "4C", "5C", "6C", "QC", "JC", "KC", "7C"],
    ["2H", "AS", "2S", "AD", "2D", "3D", "4D", "5D", "6D", "QD"],
    ["7S", "3H", "3S", "JD", "KD", "7D", "4S", "5S", "6S", "QS"],
    ["AC", "4H", "5H", "6H", "QH", "JH", "KH", "7H", "AH", "JS"],
]


def test_a_revoke_under_prevented_names_deal_trick_seat_and_card(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Seat 1 deals; seat 0 leads KS; seat 3 holds JS but plays AH.
    data = {
        "variant": "portugal",
        "first_dealer": 1,
        "deals": [{"hands": HANDS, "trump_card": "2H", "plays": ["KS", "AH"]}],
    }
    path = tmp_path / "bad.yaml"
    path.write_text(yaml.safe_dump(data, default_flow_style=None), encoding="utf-8")
    with pytest.raises(RecordError) as info:
        Match.from_record(load_record(path))
    error = info.value
    assert (error.deal, error.trick, error.seat, error.card) == (1, 1, 3, "AH")
    issue = error.issues[0]
    assert issue.path == "deals[0].plays[1]"
    assert (issue.line, issue.column) == (7, 15)
    assert main(["replay", str(path)]) == 1
    assert capsys.readouterr().err == (
        f"{path}:7:15: deals[0].plays[1]: deal 1, trick 1: seat 3 cannot play AH: seat 3 must "
        "follow spades (legal: JS)\n"
    )


def test_a_deal_after_the_match_is_over(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sweep_deal = sweep(ANTI, 0, "sweep")  # a bandeira: 4 games, the match is over
    second = sweep(ANTI, 3, "sweep")
    data = {
        "variant": "portugal",
        "first_dealer": 0,
        "deals": [
            {"hands": d.hands, "trump_card": d.trump_card, "plays": d.plays}
            for d in (sweep_deal, second)
        ],
    }
    err = replay_error(tmp_path, yaml.safe_dump(data), capsys)
    assert "deal 2: the match was already over after deal 1 (won by team 1)" in err


def test_claims_in_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    built = sweep(ANTI, 0, "capote")
    base: dict[str, Any] = {
        "hands": built.hands,
        "trump_card": built.trump_card,
        "plays": built.plays[:6],
    }
    data = {"variant": "portugal-table", "first_dealer": 0, "deals": [base]}
    # A claim after the sixth card (false: nobody revoked) ends the deal.
    base["claims"] = [{"after": 6, "by": 0}]
    path = tmp_path / "ok.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    deal = json.loads(capsys.readouterr().out)["deals"][0]
    assert deal["result"] == "revoke"
    assert deal["games"] == [0, 4]
    assert deal["claims"] == [{"after": 6, "by": 0, "valid": False}]
    # Plays after the claim that ended the deal are an error, and so is a late claim.
    base["plays"] = built.plays[:8]
    assert "goes on with" in replay_error(tmp_path, yaml.safe_dump(data), capsys)
    base["plays"] = built.plays[:6]
    base["claims"] = [{"after": 9, "by": 0}]
    assert "only 6 cards were played" in replay_error(tmp_path, yaml.safe_dump(data), capsys)
    base["plays"] = built.plays[:1]  # one card: said in the singular, in both languages
    base["claims"] = [{"after": 2, "by": 0}]
    assert "but only 1 card was played" in replay_error(tmp_path, yaml.safe_dump(data), capsys)
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert main(["replay", str(path), "--lang", "pt"]) == 1
    assert "mas só se jogou 1 carta" in capsys.readouterr().err


def test_partial_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    match = Match("portugal", seed=4)
    for _ in range(7):
        match.play(match.legal_cards()[0])
    path = tmp_path / "saved.yaml"
    save_record(match.to_record(), path)
    assert main(["replay", str(path)]) == 1
    assert "--partial" not in capsys.readouterr().out
    assert main(["replay", str(path), "--partial"]) == 0
    assert "Deal 1 is unfinished: 7 cards played" in capsys.readouterr().out
    assert main(["replay", str(path), "--partial", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["deals"] == []
    unfinished = report["unfinished_deal"]
    assert len(unfinished["tricks"]) == 1
    assert unfinished["current_trick"]["cards"] == [str(c) for c in match.plays[4:]]
    assert unfinished["turn"] == match.turn
    again = Match.from_record(load_record(path), allow_unfinished=True)
    assert again.plays == match.plays
    assert again.turn == match.turn
    resumed = Match.from_record(load_record(path), allow_unfinished=True, seed=1)
    assert resumed.phase == "play"


def test_a_match_saved_at_the_redeal_questions_asks_them_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Saved while a weak hand was still to be asked (`sueca play` saves as each deal begins),
    the match resumes at the questions: it resumed at the first card, and that hand had lost
    its right to a new deal."""
    match = at_a_weak_hands_question()
    weak = match.turn
    path = tmp_path / "saved.yaml"
    save_record(match.to_record(), path)
    again = Match.from_record(load_record(path), allow_unfinished=True, seed=1)
    assert (again.phase, again.plays, again.dealt_hands) == ("redeal", [], match.dealt_hands)
    assert main(["replay", str(path), "--partial"]) == 0
    first = again.turn
    assert f"0 cards played, seat {first} is asked whether it wants a new deal." in (
        capsys.readouterr().out
    )
    while (decision := again.pending()) is not None and decision.seat != weak:
        assert decision.kind == "redeal"
        again.decide(False)
    assert decision == match.pending()
    again.decide(True)
    assert again.deals[-1].result == "redeal"
    assert again.dealer == match.dealer


def test_null_plays_and_claims_are_the_fields_left_out(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A JSON writer's `"claims": null` (or `"plays": null` on a deal asked away) is read as
    the optional field left out, as `redeal: null` and `against: null` are."""
    plain = json.loads(json.dumps(yaml.safe_load(record_text())))
    nulled = copy.deepcopy(plain)
    nulled["deals"][0]["claims"] = None
    nulled["deals"][0]["redeal"] = None
    outputs = []
    for name, data in (("plain", plain), ("nulled", nulled)):
        (tmp_path / f"{name}.json").write_text(json.dumps(data), encoding="utf-8")
        assert main(["replay", str(tmp_path / f"{name}.json"), "--json"]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    assert outputs[0] == outputs[1]
    deal = {**plain["deals"][0], "plays": None}
    weak = parse_record(json.dumps({"variant": "portugal", "first_dealer": 0, "deals": [deal]}))
    assert weak.deals[0].plays == []
    assert weak.deals[0].claims == []


def test_json_and_yaml_records_load_the_same(tmp_path: Path) -> None:
    match = Match("sueca-play", seed=8)
    while len(match.deals) < 2:
        match.play(match.legal_cards()[-1])
    for suffix in (".yaml", ".json"):
        path = tmp_path / f"game{suffix}"
        save_record(match.to_record(), path)
        assert load_record(path) == match.to_record()
    assert json.loads((tmp_path / "game.json").read_text())["variant"] == "sueca-play"


def test_a_record_of_a_game_under_a_house_file_replays_from_another_folder(
    tmp_path: Path,
) -> None:
    (tmp_path / "rules").mkdir()
    house = tmp_path / "rules" / "house.yaml"
    house.write_text("name: House\nextends: french\n", encoding="utf-8")
    match = Match(house, seed=3)
    match.play(match.legal_cards()[0])
    (tmp_path / "games").mkdir()
    path = tmp_path / "games" / "g.yaml"
    save_record(match.to_record(), path)
    written = yaml.safe_load(path.read_text())["variant"]
    assert written["name"] == "House"  # the variant travels inline, not as a path
    assert written["table"]["direction"] == "clockwise"
    elsewhere = tmp_path / "elsewhere" / "g.yaml"
    elsewhere.parent.mkdir()
    elsewhere.write_bytes(path.read_bytes())
    house.unlink()
    again = Match.from_record(load_record(elsewhere), allow_unfinished=True)
    assert again.variant.name == "House"
    assert again.rules.clockwise
    assert again.plays == match.plays


def test_variant_paths_are_relative_to_the_record(tmp_path: Path) -> None:
    (tmp_path / "games" / "rules").mkdir(parents=True)
    house = tmp_path / "games" / "rules" / "house.yaml"
    house.write_text("name: House\nmatch: {target_games: 9}\n", encoding="utf-8")
    path = tmp_path / "games" / "g.yaml"
    path.write_text(record_text(variant="rules/house.yaml"), encoding="utf-8")
    again = Match.from_record(load_record(path))
    assert again.variant.name == "House"
    assert again.rules.target_games == 9


def test_an_inline_variant_for_a_variant_built_in_code() -> None:
    v = Variant.model_validate({"name": "Mine", "match": {"target_games": 2}})
    match = Match(v, seed=5)
    match.play(match.legal_cards()[0])
    record = match.to_record()
    assert isinstance(record.variant, dict)
    again = Match.from_record(parse_record(dump_record(record)), allow_unfinished=True)
    assert again.variant == v
    assert Match(load_variant("french"), seed=1).to_record().variant == "french"


@pytest.mark.parametrize(
    "inline",
    [{"extends": "portugal", "table": {"direction": "clockwise"}}, {"extends": "portugal"}],
)
def test_a_variant_written_in_a_record_needs_its_own_name(
    inline: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """As a variant file does: without it, rules that only extend `portugal` (and may change
    them) went by the name "Portugal"."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"variant": inline, "first_dealer": 0, "deals": []}))
    with pytest.raises(RecordError) as info:
        Match.from_record(load_record(path))
    head, missing = info.value.issues
    assert (head.kind, head.path, head.line) == ("record_variant_inline", "variant", 1)
    assert (missing.kind, missing.message) == (
        "missing",
        "required field is missing: every variant needs `name:`",
    )
    named = {**inline, "name": "Casa"}
    path.write_text(json.dumps({"variant": named, "first_dealer": 0, "deals": []}))
    assert Match.from_record(load_record(path)).variant.name == "Casa"


def test_the_problems_of_a_variant_written_in_a_record_are_said_in_the_readers_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each at its line and column of the record, after one line that says whose they are, in
    English or in Portuguese (they were one English line in either language)."""
    path = tmp_path / "jogo.yaml"
    text = "variant:\n  name: Casa\n  match: {best_of: 2}\nfirst_dealer: 0\ndeals: []\n"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path), "--lang", "en"]) == 1
    assert capsys.readouterr().err.splitlines() == [
        f"{path}:1:1: variant: the variant written in the record is not usable; its problems "
        "follow",
        f"{path}:3:11: match.best_of: best_of must be odd (1, 3, 5, ...) so that a match cannot "
        "end level, got 2",
    ]
    assert main(["replay", str(path), "--lang", "pt"]) == 1
    head, problem = capsys.readouterr().err.splitlines()
    assert head == (
        f"{path}:1:1: variant: as regras escritas no registo não dão para usar; os problemas "
        "vêm a seguir"
    )
    assert problem.startswith(f"{path}:3:11: match.best_of: o número de partidas tem de ser ímpar")


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "the record is empty"),
        ("[1, 2]", "must be a mapping"),
        ("variant: portugal\ndeals: []\n", "required field 'first_dealer' is missing"),
        ("variant: portugal\nfirst_dealer: 4\n", "at most 3"),
        ("variant: nosuch\nfirst_dealer: 0\n", "'nosuch' is not usable: it is not a built-in"),
        ("variant: portugal\nfirst_dealer: 0\ncolour: red\n", "unknown field 'colour'"),
        ("variant: portugal\nfirst_dealer: 0\nfirst_dealer: 1\n", "duplicate key"),
    ],
)
def test_malformed_records(
    text: str, words: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert words in replay_error(tmp_path, text, capsys)


def test_bad_card_location(tmp_path: Path) -> None:
    text = record_text().replace("AH", "XH", 1)
    with pytest.raises(RecordError) as info:
        parse_record(text, file="g.yaml")
    issue = info.value.issues[0]
    assert issue.path.startswith("deals[0].hands[")
    assert "XH" in issue.message
    assert issue.line is not None
    seat = int(issue.path[len("deals[0].hands[")])
    assert issue.message.startswith(f"deal 1, seat {seat}'s hand: 'XH' is not a card")
    assert (info.value.deal, info.value.seat) == (1, seat)


def test_a_malformed_play_names_the_deal_trick_and_card() -> None:
    data = yaml.safe_load(record_text())
    data["deals"] = [data["deals"][0], copy.deepcopy(data["deals"][0])]
    data["deals"][1]["plays"] = [*data["deals"][1]["plays"][:5], "1X"]
    with pytest.raises(RecordError) as info:
        parse_record(yaml.safe_dump(data), file="g.yaml")
    (issue,) = info.value.issues
    assert issue.path == "deals[1].plays[5]"
    assert issue.message.startswith("deal 2, trick 2 (card 6 of the deal): '1X' is not a card")
    assert (info.value.deal, info.value.trick) == (2, 2)


@pytest.mark.parametrize("card", [" AH", "Aſ"])
def test_a_card_with_padding_or_a_letter_outside_ascii_is_refused(card: str) -> None:
    data = yaml.safe_load(record_text())
    data["deals"][0]["plays"] = [card if p == "AH" else p for p in data["deals"][0]["plays"]]
    assert card in data["deals"][0]["plays"]  # the ace of hearts is played in the deal
    with pytest.raises(RecordError) as info:
        parse_record(json.dumps(data), file="g.json")
    (issue,) = info.value.issues
    assert issue.path.startswith("deals[0].plays[")
    assert f"{card!r} is not a card" in issue.message


@pytest.mark.parametrize(("variant", "shown"), [("5", "5"), ("[1]", "a list"), ("null", None)])
def test_a_variant_of_neither_kind_is_one_issue_without_pydantics_union_tags(
    variant: str, shown: str | None
) -> None:
    with pytest.raises(RecordError) as info:
        parse_record(f"variant: {variant}\nfirst_dealer: 0\ndeals: []\n", file="g.yaml")
    (issue,) = info.value.issues
    assert issue.path == "variant"
    assert issue.message == (
        f"expected text or a mapping of fields (name: value), got {shown or 'nothing (null)'}"
    )
    assert "variant.str" not in str(issue)
    assert "dict[" not in str(issue)


def test_a_short_hand_says_how_many_cards_it_has() -> None:
    data = yaml.safe_load(record_text())
    data["deals"][0]["hands"][2] = data["deals"][0]["hands"][2][:9]
    with pytest.raises(RecordError) as info:
        parse_record(yaml.safe_dump(data))
    assert "deal 1, seat 2's hand: needs at least 10 items, got 9" in str(info.value)
    (issue,) = info.value.issues
    assert issue_text(issue, "pt") == (
        "mão 1, cartas do lugar 2: precisa de pelo menos 10 itens e tem 9"
    )


def test_an_unknown_field_lists_the_record_fields() -> None:
    with pytest.raises(RecordError) as info:
        parse_record("variant: portugal\nfirst_dealer: 0\nplayers: 4\n")
    (issue,) = info.value.issues
    assert issue.message == (
        "unknown field 'players'; valid fields here: deals, first_dealer, variant"
    )


def test_a_json_record_is_strict_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = json.dumps(yaml.safe_load(record_text()))
    path = tmp_path / "game.json"
    path.write_text(good.replace('"first_dealer": 0', "'first_dealer': 0"), encoding="utf-8")
    with pytest.raises(RecordError) as info:
        load_record(path)
    (issue,) = info.value.issues
    assert issue.message == "JSON syntax error: Expecting property name enclosed in double quotes"
    assert (issue.line, issue.column) == (1, good.index('"first_dealer"') + 1)
    # The same text is YAML, and a .yaml file may hold it.
    yaml_path = tmp_path / "game.yaml"
    yaml_path.write_text(path.read_text(), encoding="utf-8")
    assert load_record(yaml_path).first_dealer == 0


def test_missing_record_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["replay", str(tmp_path / "none.yaml")]) == 1
    assert "no such file" in capsys.readouterr().err


def test_found_tie_deal_is_a_tie() -> None:
    built = find_deal("portugal", 2, lambda p, t: p == (60, 60), seed=5)
    match = Match("portugal", deal=False, first_dealer=2)
    match.deal_hands(built.hands, built.trump_card)
    for card in built.plays:
        match.play(card)
    assert replay_report(match)["deals"][0]["result"] == "tie"


def test_a_claim_at_the_count_is_read_and_replayed() -> None:
    data = yaml.safe_load(record_text(variant="portugal-table"))
    data["deals"][0]["claims"] = [{"after": 40, "by": 1}]
    record = parse_record(yaml.safe_dump(data), file="g.yaml")
    assert record.deals[0].claims[0].after == 40
    match = Match.from_record(record)
    (claim,) = match.deals[0].claims
    assert claim.after == 40
    assert match.deals[0].result == "revoke"  # nobody revoked: a false claim, penalized
    data["deals"][0]["claims"] = [{"after": 41, "by": 1}]
    with pytest.raises(RecordError) as info:
        parse_record(yaml.safe_dump(data), file="g.yaml")
    (issue,) = info.value.issues
    assert issue.path == "deals[0].claims[0].after"
    assert "at most 40" in issue.message


def test_a_record_from_text_names_a_variant_file_only_with_a_folder(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text("name: House\nextends: portugal\n", encoding="utf-8")
    record = parse_record(record_text(variant="house.yaml"))
    with pytest.raises(RecordError, match="this record was read from text, not from a file"):
        Match.from_record(record)
    assert Match.from_record(record, base_dir=tmp_path).variant.name == "House"
    # A record made in this process keeps working as it is.
    match = Match(tmp_path / "house.yaml", seed=2)
    match.play(match.legal_cards()[0])
    assert Match.from_record(match.to_record(), allow_unfinished=True).variant.name == "House"


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_claims_are_taken_in_the_records_order_which_is_the_order_they_were_made(
    lang: str,
) -> None:
    data = yaml.safe_load(record_text(variant="portugal-table"))
    deal = data["deals"][0]
    deal["plays"] = deal["plays"][:8]
    data["variant"] = {
        "name": "Ignored",
        "extends": "portugal-table",
        "revoke": {"false_claim": "ignored"},
    }
    deal["claims"] = [{"after": 0, "by": 0}, {"after": 8, "by": 1}]  # in the order made
    match = Match.from_record(parse_record(yaml.safe_dump(data)), allow_unfinished=True)
    assert [(c.after, c.by) for c in match.claims] == [(0, 0), (8, 1)]
    # Listed the other way round, the second would go back in time: refused, where it was
    # sorted (and a false claim could then be scored before a rightful one listed ahead of it).
    deal["claims"] = [{"after": 8, "by": 1}, {"after": 0, "by": 0}]
    with pytest.raises(RecordError) as info:
        Match.from_record(parse_record(yaml.safe_dump(data)), allow_unfinished=True)
    (issue,) = info.value.issues
    assert issue.path == "deals[0].claims[1]"
    assert issue.kind == "record_claims_order"
    said = issue_text(issue, lang)
    expected = {
        "en": "deal 1: claims are listed in the order they were made, but this one (after card 0)"
        " comes after one made after card 8",
        "pt": "mão 1: as acusações vêm pela ordem em que foram feitas, mas esta (depois da carta 0)"
        " vem a seguir a uma feita depois da carta 8",
    }[lang]
    assert expected in said


def test_a_claim_after_a_false_claim_scored_the_deal_at_the_count_is_refused() -> None:
    data = yaml.safe_load(record_text(variant="portugal"))
    data["variant"] = {
        "name": "Play on",
        "extends": "portugal-table",
        "revoke": {"false_claim_games": 1, "after_false_claim": "play_on"},
    }
    data["deals"][0]["claims"] = [{"after": 40, "by": 1}, {"after": 40, "by": 0}]
    with pytest.raises(RecordError) as info:
        Match.from_record(parse_record(yaml.safe_dump(data)))
    message = str(info.value)
    assert "deal 1: a claim after card 40 comes after the deal had ended" in message
    assert "a false claim at the count, with play going on" in message
    assert info.value.issues[0].path == "deals[0].claims[1]"


@pytest.mark.parametrize("after", [20, 40])
def test_a_claim_under_a_variant_with_no_claims_says_so_wherever_it_is(after: int) -> None:
    """Under `revoke.mode: prevented` a deal ends at its 40th card (no count): a claim there is
    refused for the same reason as anywhere, not for the false claims this variant has not."""
    data = yaml.safe_load(record_text(variant="portugal"))
    data["deals"][0]["claims"] = [{"after": after, "by": 1}]
    with pytest.raises(RecordError) as info:
        Match.from_record(parse_record(yaml.safe_dump(data)))
    message = str(info.value)
    assert "renúncia cannot be claimed under this variant" in message
    assert "play_on" not in message
    assert info.value.issues[0].path == "deals[0].claims[0]"


def test_a_long_match_still_makes_a_record_and_reading_it_back_says_the_limit() -> None:
    """A variant cannot ask for a match too long for a record (see the next test), but ties and
    deals worth no games come from play: here only a bandeira scores, so a match runs past the
    record's limit, and its record is still made; reading it back says the limit."""
    from sueca_rules._record import MAX_RECORD_DEALS

    variant = Variant.model_validate(
        {
            "name": "Long",
            "scoring": {"tiers": [{"min_points": 61, "games": 0}], "bandeira": {"games": 1}},
            "match": {"target_games": 250, "best_of": 1},
        }
    )
    match = Match(variant, seed=1)
    rng = random.Random(1)
    while len(match.deals) <= MAX_RECORD_DEALS:
        match.play(rng.choice(match.legal_cards()))
    record = match.to_record()  # no error: the models do not cap what a match can be
    assert len(record.deals) > MAX_RECORD_DEALS
    with pytest.raises(RecordError, match=r"2,000|2000"):
        parse_record(dump_record(record, "json"))


@pytest.mark.parametrize(
    ("match", "message"),
    [
        ({"target_games": 1000, "best_of": 9}, "must be at most 250, got 1000"),
        (
            {"target_games": 100, "best_of": 9},
            "a match of best_of 9 to 100 games may need 1,791 deals won (best_of × "
            "(2 × target_games − 1)), more than the 500 a variant may ask for (so that its "
            "records stay within 2,000 deals): with best_of 9, target_games at most 28; with "
            "target_games 100, best_of at most 1",
        ),
        ({"target_games": 4, "best_of": 99}, "target_games 4, best_of at most 71"),
    ],
)
def test_a_variant_may_not_ask_for_a_match_longer_than_a_record_holds(
    match: dict[str, int], message: str
) -> None:
    """Issue 24: `target_games: 1000, best_of: 9` played a match of 11,681 deals whose record
    `sueca replay` refused. The bound is said where it is broken."""
    text = yaml.safe_dump({"name": "Long", "match": match})
    with pytest.raises(VariantError) as info:
        parse_variant(text)
    (issue,) = info.value.issues
    assert message in issue.message
    assert issue.path == "match.target_games"


def test_the_longest_match_a_variant_allows_fits_a_record() -> None:
    """The arithmetic of `MAX_SCORED_DEALS`: the longest match the bound allows, counted in deals
    won of one game each, fits a record four times over, and every limit is reachable."""
    from sueca_rules._record import MAX_RECORD_DEALS
    from sueca_rules._variant import MAX_SCORED_DEALS, MAX_TARGET_GAMES, scored_deals

    assert 4 * MAX_SCORED_DEALS <= MAX_RECORD_DEALS
    longest = max(
        scored_deals(t, b)
        for b in range(1, 100, 2)
        for t in range(1, MAX_TARGET_GAMES + 1)
        if scored_deals(t, b) <= MAX_SCORED_DEALS
    )
    assert longest == 499  # best_of 1 to 250 games
    for target, best_of in ((250, 1), (83, 3), (28, 9), (3, 99)):
        Variant.model_validate({"name": "x", "match": {"target_games": target, "best_of": best_of}})


@pytest.mark.slow
def test_a_long_one_game_a_deal_match_reads_back() -> None:
    """A long match the bound allows, of deals worth one game each, played: its record reads
    back."""
    variant = Variant.model_validate(
        {
            "name": "One game a deal",
            "scoring": {
                "tiers": [{"min_points": 61, "games": 1}],
                "bandeira": {"games": 1},
                "tie": {"mode": "none"},
            },
            "match": {"target_games": 28, "best_of": 9},
        }
    )
    match = Match(variant, seed=4)
    rng = random.Random(4)
    while not match.is_over:
        match.play(rng.choice(match.legal_cards()))
    assert len(match.deals) <= 9 * 55 + 20  # ties are few
    again = parse_record(dump_record(match.to_record(), "yaml"))
    assert len(Match.from_record(again).deals) == len(match.deals)


def test_a_redeal_by_a_seat_that_may_never_ask_says_so() -> None:
    data = yaml.safe_load(record_text(variant="portugal"))
    data["variant"] = {"name": "Leader only", "deal": {"redeal": {"leader_below": 30}}}
    deal = data["deals"][0]
    data["deals"] = [{"hands": deal["hands"], "trump_card": deal["trump_card"], "redeal": 0}]
    with pytest.raises(RecordError) as info:
        Match.from_record(parse_record(yaml.safe_dump(data)))
    assert "seat 0 cannot ask for a new deal: under this variant a seat that does not lead" in str(
        info.value
    )


@pytest.mark.parametrize(
    ("change", "kind", "pt"),
    [
        (
            {"variant": 5},
            "text_or_mapping",
            "variant: tem de ser texto ou um conjunto de campos (nome: valor) (está 5)",
        ),
        (
            {"variant": None},
            "text_or_mapping",
            "variant: tem de ser texto ou um conjunto de campos (nome: valor)",
        ),
        (
            {"variant": "casa.yaml"},
            "named_from_text",
            "variant: não dá para usar 'casa.yaml': não é nenhuma das regras de base (",
        ),
        (
            {"deals": "redeal"},
            "redeal_played",
            "deals[0]: mão 1: o lugar 2 pediu que se desse de novo, por isso a mão não tem "
            "jogadas nem acusações",
        ),
    ],
)
def test_a_records_shape_refused_is_said_in_portuguese(
    change: dict[str, Any], kind: str, pt: str
) -> None:
    """Refusals that the Portuguese said in English: a `variant` of neither kind, a variant file
    named by a record read from text (as the web app reads them), a redeal with plays."""
    data = yaml.safe_load(record_text())
    if change == {"deals": "redeal"}:
        data["deals"][0]["redeal"] = 2
    else:
        data.update(change)
    with pytest.raises(RecordError) as info:
        Match.from_record(parse_record(json.dumps(data), file="g.json"))
    issue = info.value.issues[0]
    assert issue.kind == kind
    said = issue_line(issue, "pt")
    assert pt in said
    assert " the " not in said
    assert issue_line(issue, "en") == str(issue)


def test_a_records_first_dealer_overrides_the_variants_fixed_one() -> None:
    """The records guide: `table.first_dealer` is a new match's default; a record says who
    dealt first at its table, as `Match(first_dealer=...)` overrides the variant."""
    from sueca_rules import Match, Variant
    from sueca_rules.bots import make_bot, play_match

    fixed = Variant.model_validate({"name": "Seat 0 deals", "table": {"first_dealer": 0}})
    assert Match(fixed, seed=1).first_dealer == 0
    match = Match(fixed, seed=1, first_dealer=2)
    play_match(match, [make_bot(1, seed=s) for s in range(4)], max_deals=1)
    record = match.to_record()
    assert record.first_dealer == 2
    again = Match.from_record(record, allow_unfinished=True)
    assert (again.first_dealer, again.deals[0].dealer) == (2, 2)


def test_a_card_that_does_not_follow_names_the_suit_in_portuguese(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The Portuguese said only 'tinha de assistir' where the English says 'must follow spades'
    (found by the outside referee)."""
    path = tmp_path / "bad.yaml"
    path.write_text(
        "variant: portugal\nfirst_dealer: 0\ndeals:\n- hands:\n"
        "  - [7S, KS, 5S, AH, QH, 6H, AD, QD, 7C, QC]\n"
        "  - [AS, 6S, 7H, KH, 4H, JD, 4D, JC, 4C, 3C]\n"
        "  - [JS, QS, 4S, 3S, 3H, 2H, 7D, 5D, AC, 5C]\n"
        "  - [2S, JH, 5H, KD, 6D, 3D, 2D, KC, 6C, 2C]\n"
        "  trump_card: 7C\n  plays: [2S, 3H]\n",
        encoding="utf-8",
    )
    assert main(["replay", str(path), "--lang", "pt"]) == 1
    err = capsys.readouterr().err
    assert (
        "deals[0].plays[1]: mão 1, vaza 1: o lugar 2 não pode jogar 3H: tinha de assistir a "
        "espadas (podia jogar JS QS 4S 3S)"
    ) in err, err
    assert main(["replay", str(path)]) == 1
    assert "seat 2 must follow spades (legal: JS QS 4S 3S)" in capsys.readouterr().err
