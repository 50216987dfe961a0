"""Golden records of every built-in variant, replayed through the CLI.

Each record's expected ``replay --json`` output is stored beside it; it must also agree with the
independent referee, and each scenario's key figures are asserted here from the rules alone.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from sueca_rules import builtin_ids, load_record, load_variant
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
    assert {p.parent.name for p in RECORDS} == set(builtin_ids())
    assert len(RECORDS) >= 5 * len(builtin_ids())


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_golden_record(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    got = replay_json(path, capsys)
    expected = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    assert got == expected
    variant = load_variant(path.parent.name)
    assert contract_view(got) == referee(variant, load_record(path).to_data())
    assert got["winner"] in (0, 1)  # every golden match is played to its end
    check_scenario(path.stem, variant.model_dump(), got["deals"])


def games_of(deal: dict[str, Any]) -> int:
    assert deal["result"] == "won"
    return int(max(deal["games"]))


def check_scenario(name: str, v: dict[str, Any], deals: list[dict[str, Any]]) -> None:
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
