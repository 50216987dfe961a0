"""``sueca replay`` of the real-table rules: claims at the count, accusations, play-on penalties,
redeals, a game saved part-way (``--partial``, and the hint without it), and Portuguese."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sueca_rules import load_record, save_record
from sueca_rules.cli import main

GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "C.UTF-8")


def replay(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["replay", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_claim_at_the_count(capsys: pytest.CaptureFixture[str]) -> None:
    path = GOLDEN / "portugal-table" / "claim-at-the-count.yaml"
    status, out, _ = replay(capsys, str(path))
    assert status == 0
    assert "seat 2 claims a renúncia at the count: right, seat 3 revoked with A♥ (card 2)" in out
    assert "The deal ends on the renúncia: team 0 (seats 0 & 2) scores 4 games." in out
    _, out, _ = replay(capsys, "--json", str(path))
    (deal,) = json.loads(out)["deals"]
    assert deal["claims"] == [{"after": 40, "by": 2, "valid": True}]
    assert deal["result"] == "revoke"


def test_accusations(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = replay(capsys, str(GOLDEN / "house" / "accuse-player-rightful.yaml"))
    assert "seat 0 accuses seat 3 of a renúncia at the count: right, seat 3 revoked with" in out
    _, out, _ = replay(capsys, str(GOLDEN / "house" / "accuse-player-wrong-rival.yaml"))
    assert "seat 0 accuses seat 1 of a renúncia at the count: false, seat 1 had not revoked" in out
    assert "The deal ends on the false claim: team 1 (seats 1 & 3) scores 4 games." in out
    _, out, _ = replay(capsys, "--json", str(GOLDEN / "house" / "accuse-player-wrong-rival.yaml"))
    (deal,) = json.loads(out)["deals"]
    assert deal["claims"][0]["against"] == 1


def test_play_on_penalties(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = replay(capsys, str(GOLDEN / "house" / "play-on-false-then-rightful.yaml"))
    assert (
        "seat 1 claims a renúncia after card 4: false, nobody of the other team had revoked: "
        "team 0 (seats 0 & 2) gets 1 game for it, and play goes on" in out
    )
    assert "seat 2 claims a renúncia after card 4: right, seat 3 revoked" in out
    assert "With the false claims: team 0 (seats 0 & 2) +1 game." in out
    _, out, _ = replay(capsys, str(GOLDEN / "house" / "play-on-false-claim-at-the-count.yaml"))
    assert "at the count: false, nobody of the other team had revoked" in out
    assert "and the tricks are counted" in out
    _, out, _ = replay(capsys, str(GOLDEN / "house" / "play-on-both-reach-the-target.yaml"))
    assert "claims a renúncia before the first card" in out
    _, out, _ = replay(
        capsys, "--json", str(GOLDEN / "house" / "play-on-both-reach-the-target.yaml")
    )
    first = json.loads(out)["deals"][0]
    assert first["penalties"] == [2, 0]
    assert first["games"] == [2, 2]


def test_redeals(capsys: pytest.CaptureFixture[str]) -> None:
    path = GOLDEN / "house" / "redeal-then-played.yaml"
    _, out, _ = replay(capsys, str(path))
    assert "seat 3 asks for a new deal (a weak hand): the same dealer deals again" in out
    _, out, _ = replay(capsys, "--json", str(path))
    first = json.loads(out)["deals"][0]
    assert first["result"] == "redeal"
    assert first["redeal"] == 3
    assert first["games"] == [0, 0]
    assert first["tricks"] == []


def _cut(tmp_path: Path, plays: int) -> Path:
    """The golden capote deal cut after ``plays`` cards: a game saved part-way."""
    record = load_record(GOLDEN / "portugal" / "capote.yaml")
    deal = record.deals[0].model_copy(update={"plays": record.deals[0].plays[:plays]})
    cut = record.model_copy(update={"deals": [deal]})
    path = tmp_path / "saved game.yaml"
    save_record(cut, path)
    return path


def test_a_game_saved_part_way(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _cut(tmp_path, 14)
    status, out, err = replay(capsys, str(path))
    assert status == 1
    assert out == ""
    (line,) = err.strip().splitlines()  # one paragraph
    assert "deal 1 stops after 14 of 40 cards" in line
    assert f"replay what was played with 'sueca replay --partial '{path}''" in line
    assert f"'sueca play --resume '{path}''" in line
    status, out, _ = replay(capsys, "--partial", str(path))
    assert status == 0
    tricks = [line for line in out.splitlines() if " leads: " in line]
    assert len(tricks) == 3  # the finished tricks of the unfinished deal
    assert "      unfinished trick: " in out
    assert "Deal 1 is unfinished: 14 cards played" in out
    _, out, _ = replay(capsys, "--partial", "--json", str(path))
    unfinished = json.loads(out)["unfinished_deal"]
    assert len(unfinished["tricks"]) == 3
    assert len(unfinished["current_trick"]["cards"]) == 2


def test_an_illegal_record_gets_no_partial_hint(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.yaml"
    text = (GOLDEN / "portugal" / "capote.yaml").read_text(encoding="utf-8")
    path.write_text(text.replace("trump_card:", "trump_card: 8S\n  old_trump:", 1), "utf-8")
    status, _, err = replay(capsys, str(path))
    assert status == 1
    assert "--partial" not in err


def test_replay_in_portuguese(capsys: pytest.CaptureFixture[str]) -> None:
    path = GOLDEN / "house" / "accuse-player-rightful.yaml"
    status, out, _ = replay(capsys, "--lang", "pt", str(path))
    assert status == 0
    assert "Mão 1 (partida 1): o lugar 1 dá e vira 2♥: o trunfo é ♥ copas" in out
    assert "o lugar 0 acusa o lugar 3 de renúncia na contagem: com razão" in out
    assert "A mão acaba na renúncia: a equipa 0 (lugares 0 e 2) marca 4 jogos." in out
    assert "O encontro acabou" in out
    for english in ("seat", "Deal", "team", "scores"):
        assert english not in out
