"""Golden records of every built-in variant, and of house rules no built-in has
(``golden/house/``, their variant inline), replayed through the CLI.

Each record's expected ``replay --json`` output is stored beside it; it must also agree with the
independent referee, and each scenario's key figures are asserted here from the rules alone.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sueca_rules import Variant, builtin_ids, load_record, load_variant
from sueca_rules.cli import main

from .reference import contract_view, referee

GOLDEN = Path(__file__).resolve().parent / "golden"
RECORDS = sorted(GOLDEN.glob("*/*.yaml"))


def replay_json(path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    assert main(["replay", str(path), "--json"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    data: dict[str, Any] = json.loads(out)
    return data


def test_every_builtin_has_golden_records() -> None:
    assert {p.parent.name for p in RECORDS} == {*builtin_ids(), "house"}
    assert len(RECORDS) >= 5 * len(builtin_ids()) + 5


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_golden_record(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    got = replay_json(path, capsys)
    expected = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    assert got == expected
    record = load_record(path)
    if path.parent.name == "house":
        assert isinstance(record.variant, dict)  # the house rules travel inline
        variant = Variant.model_validate(record.variant)
    else:
        assert record.variant == path.parent.name
        variant = load_variant(path.parent.name)
    assert contract_view(got) == referee(variant, record.to_data())
    assert got["winner"] in (0, 1)  # every golden match is played to its end
    check_scenario(path.stem, variant.model_dump(), got)


def games_of(deal: dict[str, Any]) -> int:
    assert deal["result"] == "won"
    return int(max(deal["games"]))


def check_scenario(name: str, v: dict[str, Any], report: dict[str, Any]) -> None:
    deals: list[dict[str, Any]] = report["deals"]
    tie = v["scoring"]["tie"]
    by_tricks = v["scoring"]["bandeira"]["requires"] == "all_tricks"
    first = deals[0]
    if name == "capote":
        assert 91 <= max(first["points"]) < 120
        assert games_of(first) == 2
    elif name == "bandeira-sweep":
        assert max(first["points"]) == 120
        assert max(first["tricks_won"]) == 10
        assert first["bandeira"]
        assert games_of(first) == 4
    elif name == "bandeira-lost-zero-trick":
        assert max(first["points"]) == 120
        assert sorted(first["tricks_won"]) == [1, 9]
        assert first["tricks"][-1]["points"] == 0
        assert first["bandeira"] is not by_tricks
        assert games_of(first) == (2 if by_tricks else 4)
    elif name in ("tie-then-carried", "two-ties-then-carried"):
        ties = 1 if name == "tie-then-carried" else 2
        assert [d["result"] for d in deals[:ties]] == ["tie"] * ties
        assert all(d["points"] == [60, 60] and d["games"] == [0, 0] for d in deals[:ties])
        carried = ties if tie["stacks"] else 1
        expected = {
            "none": 2,
            "add": 2 + tie["amount"] * carried,
            "multiply": 2 * tie["amount"] ** carried,
        }[tie["mode"]]
        assert games_of(deals[ties]) == expected
    elif name == "claim-rightful":
        assert first["result"] == "revoke"
        assert first["revokes"] == [{"play": 2, "seat": 3, "card": "AH"}]
        assert first["claims"] == [{"after": 4, "by": 2, "valid": True}]
        assert first["games"] == [v["revoke"]["penalty_games"], 0]
    elif name == "claim-false":
        assert first["result"] == "revoke"
        assert first["claims"] == [{"after": 4, "by": 1, "valid": False}]
        assert first["games"] == [v["revoke"]["penalty_games"], 0]  # the claimant's rivals
    elif name == "claim-at-the-count":
        assert first["result"] == "revoke"
        assert sum(t["points"] for t in first["tricks"]) == 120  # all ten tricks were played
        assert first["claims"] == [{"after": 40, "by": 2, "valid": True}]
        assert first["games"] == [v["revoke"]["penalty_games"], 0]
        assert not first["bandeira"]
    elif name in ("redeal", "redeal-then-played"):
        assert first["result"] == "redeal"
        assert first["games"] == first["points"] == [0, 0]
        assert first["tricks"] == []
        assert deals[1]["dealer"] == first["dealer"]  # the same dealer deals again
        assert deals[1]["result"] in ("won", "tie")
    elif name == "accuse-player-rightful":
        assert first["claims"] == [{"after": 40, "by": 0, "against": 3, "valid": True}]
        assert first["result"] == "revoke"
        assert first["games"] == [v["revoke"]["penalty_games"], 0]
    elif name == "accuse-player-wrong-rival":  # seat 3 revoked, seat 1 is accused
        assert first["claims"] == [{"after": 40, "by": 0, "against": 1, "valid": False}]
        assert first["result"] == "revoke"
        assert first["games"] == [0, v["revoke"]["penalty_games"]]
    elif name == "play-on-false-claim-at-the-count":
        # A false claim at the count with play_on: the deal is scored at once, penalty added.
        assert first["claims"] == [{"after": 40, "by": 1, "valid": False}]
        assert first["result"] in ("won", "tie")
        assert first["penalties"] == [v["revoke"]["false_claim_games"], 0]
        assert first["games"][0] >= first["penalties"][0]
    elif name == "play-on-false-then-rightful":
        assert [c["valid"] for c in first["claims"]] == [False, True]
        assert first["result"] == "revoke"
        fine = v["revoke"]["false_claim_games"]
        assert first["penalties"] == [fine, 0]
        assert first["games"] == [v["revoke"]["penalty_games"] + fine, 0]  # penalty kept
    elif name == "play-on-both-reach-the-target":
        # 2 penalty games and a 2-game capote: both teams at the target of 2, equal: play on.
        assert first["games"] == [2, 2]
        assert v["match"]["target_games"] == 2
        assert deals[1]["partida"] == 0
        assert report["partidas"] == [1, 0] if deals[1]["games"][0] else [0, 1]
    elif name in ("first-leader-cutter-redeal", "first-leader-dealer"):
        # table.first_leader: the cutter (the player before the dealer) or the dealer leads.
        before = 3 if v["table"]["direction"] == "clockwise" else 1
        steps = {"before_dealer": before, "dealer": 0}[v["table"]["first_leader"]]
        played = [d for d in deals if d["result"] != "redeal"]
        assert len(played) >= 2
        for deal in played:
            assert deal["tricks"][0]["leader"] == (deal["dealer"] + steps) % 4
        if name == "first-leader-cutter-redeal":
            assert first["result"] == "redeal"
            assert deals[1]["dealer"] == first["dealer"]
    elif name == "best-of-3":
        partidas = sorted(d["partida"] for d in deals)
        assert partidas[-1] >= 1
    else:
        raise AssertionError(f"no check for golden scenario {name!r}")


def test_best_of_3_golden_match(capsys: pytest.CaptureFixture[str]) -> None:
    got = replay_json(GOLDEN / "portugal-best-of-3" / "best-of-3.yaml", capsys)
    assert sorted(got["partidas"]) in ([0, 2], [1, 2])
    assert got["partidas"][got["winner"]] == 2
    assert {d["partida"] for d in got["deals"]} == set(range(sum(got["partidas"])))
