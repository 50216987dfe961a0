"""``sueca replay`` of the real-table rules: claims at the count, accusations, play-on penalties,
redeals, a game saved part-way (``--partial``, and the hint without it), and Portuguese."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest

from sueca_rules import Match, Variant, load_record, save_record
from sueca_rules.bots import make_bot, play_match
from sueca_rules.cli import main

from .golden.make_golden import revoke_match
from .scenarios import deal_and_keep, find_deal, sweep

GOLDEN = Path(__file__).parent / "golden"

PLAY_ON = Variant.model_validate(
    {
        "name": "House: play on",
        "revoke": {"mode": "claimable", "false_claim_games": 4, "after_false_claim": "play_on"},
        "match": {"target_games": 2},
    }
)
"""A false claim gives the other team 4 games and play goes on; a partida is 2 games."""


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
        "seat 1 claims a renúncia after card 4: false, no one on the other team had revoked: "
        "team 0 (seats 0 & 2) gets 1 game for it, and play goes on" in out
    )
    assert "seat 2 claims a renúncia after card 4: right, seat 3 revoked" in out
    assert "With the false claims: team 0 (seats 0 & 2) +1 game." in out
    _, out, _ = replay(capsys, str(GOLDEN / "house" / "play-on-false-claim-at-the-count.yaml"))
    assert "at the count: false, no one on the other team had revoked" in out
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
    # Each command in double quotes, its path quoted for the shell (it has a space): the text
    # between the double quotes pastes and runs as it is.
    assert f"replay what was played with \"sueca replay --partial '{path}'\"" in line
    assert f"\"sueca play --resume '{path}'\"" in line
    command = line.split('"sueca replay ')[1].split('"')[0]
    assert shlex.split(command) == ["--partial", str(path)]
    status, out, _ = replay(capsys, "--partial", str(path))
    assert status == 0
    tricks = [line for line in out.splitlines() if " leads: " in line]
    assert len(tricks) == 4
    assert all(" wins " in line for line in tricks[:3])  # the finished tricks
    assert tricks[3] == "   4. seat 3 leads:  J♥  Q♦"  # the trick it stopped in, cards so far
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


def _claim_then_play(match: Match, by: int, plays: list[str]) -> None:
    """Seat `by` claims (falsely) before the first card; the deal's `plays` follow."""
    match.claim(by)
    for card in plays:
        match.play(card)
    match.score_deal()


def _saved(match: Match, tmp_path: Path) -> str:
    path = tmp_path / "game.yaml"
    save_record(match.to_record(), path)
    return str(path)


def test_penalties_decide_the_partida_the_other_team_won_the_deal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Team 0 makes a false claim (4 games to team 1, play goes on) and wins the deal 109-11
    # (2 games): both teams reach 2, team 1 with more: team 1 wins the partida.
    dealer = Match(PLAY_ON, deal=False).rules.previous_seat(0)
    match = Match(PLAY_ON, deal=False, first_dealer=dealer)
    deal = sweep(match.rules.next_seat, dealer, "capote")  # seat 0 leads nine trumps
    deal_and_keep(match, deal.hands, deal.trump_card)
    _claim_then_play(match, 2, deal.plays)
    (result,) = match.deals
    assert (result.team, result.games, result.partida_winner) == (0, (2, 4), 1)
    _, out, _ = replay(capsys, _saved(match, tmp_path))
    assert "team 0 (seats 0 & 2) scores 2 games. With the false claims: team 1" in out
    assert "  Team 1 (seats 1 & 3) wins partida 1, 2-4 in games.\n" in out
    assert "Team 0 (seats 0 & 2) wins partida" not in out


def test_a_tie_whose_penalties_win_the_partida(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = Match(PLAY_ON, deal=False, first_dealer=0)
    deal = find_deal(PLAY_ON, 0, lambda points, tricks: points == (60, 60), seed=1)
    deal_and_keep(match, deal.hands, deal.trump_card)
    _claim_then_play(match, 0, deal.plays)  # team 0's false claim: 4 games to team 1
    (result,) = match.deals
    assert (result.result, result.games, result.partida_winner) == ("tie", (0, 4), 1)
    path = _saved(match, tmp_path)
    _, out, _ = replay(capsys, path)
    assert (
        "  Tricks 5-5, points 60-60, empate: the deal itself scores nothing, but the false "
        "claims give team 1 (seats 1 & 3) 4 games.\n"
    ) in out
    assert out.count("60-60") == 1
    assert "nobody scores" not in out
    assert "  Team 1 (seats 1 & 3) wins partida 1, 0-4 in games.\n" in out
    _, out, _ = replay(capsys, "--lang", "pt", path)
    assert (
        "  Vazas 5-5, pontos 60-60, empate: a mão em si não dá jogos, mas pelas acusações falsas "
        "a equipa 1 (lugares 1 e 3) recebe 4 jogos.\n"
    ) in out
    assert "A equipa 1 (lugares 1 e 3) ganha a partida 1, 0-4 em jogos." in out


def test_a_plain_tie_says_60_60_once(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = replay(capsys, str(GOLDEN / "portugal" / "tie-then-carried.yaml"))
    (line,) = [line for line in out.splitlines() if "empate" in line]
    assert line.startswith("  Tricks ")
    assert line.endswith(", points 60-60, empate: nobody scores.")
    assert line.count("60-60") == 1


def test_claims_in_the_middle_of_a_trick_are_shown_where_they_were_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = revoke_match(PLAY_ON)  # trick 1: seat 3 revokes (A♥ on K♠) and wins it
    match.play("JS")  # card 5, seat 3 leads trick 2
    match.claim(1)  # false (team 1 claims, team 0 did not revoke): play goes on
    match.play("QS")  # card 6
    match.claim(2)  # right: the deal ends in the middle of trick 2
    path = _saved(match, tmp_path)
    _, out, _ = replay(capsys, path)
    lines = out.splitlines()
    start = lines.index("   2. seat 3 leads:  J♠")
    assert lines[start + 1].startswith("      seat 1 claims a renúncia after card 5: false,")
    assert lines[start + 2].strip() == "Q♠"  # the trick's second card, under its column:
    assert lines[start + 2].index("Q♠") == lines[start].index("J♠") + 4
    assert lines[start + 3].startswith("      seat 2 claims a renúncia after card 6: right,")
    assert lines[start + 4].startswith("  The deal ends on the renúncia")
    _, out, _ = replay(capsys, "--lang", "pt", path)
    assert "   2. lugar 3 sai:  V♠\n      o lugar 1 acusa uma renúncia depois da carta 5" in out
    # --json keeps the cut-short trick's cards too: every card played is in the report.
    _, out, _ = replay(capsys, "--json", path)
    (deal,) = json.loads(out)["deals"]
    assert len(deal["tricks"]) == 1
    assert deal["current_trick"] == {"leader": 3, "cards": ["JS", "QS"]}


def test_replay_in_portuguese_writes_cards_as_the_portuguese_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`--lang pt` writes the rei, valete and dama R, V and D, as `sueca play --lang pt` shows and
    takes them; English keeps K, J and Q."""
    path = GOLDEN / "house" / "accuse-player-rightful.yaml"
    letters = {"K": "R", "J": "V", "Q": "D"}
    plays = Match.from_record(load_record(path)).deals[0].plays
    _, pt, _ = replay(capsys, "--lang", "pt", str(path))
    _, en, _ = replay(capsys, str(path))
    first_pt = [letters.get(str(c)[0], str(c)[0]) + c.suit.symbol for c in plays[:4]]
    first_en = [c.symbol for c in plays[:4]]
    assert f"sai: {' '.join(c.rjust(3) for c in first_pt)}  →" in pt
    assert f"leads: {' '.join(c.rjust(3) for c in first_en)}  →" in en
    ranks = {face[0] for face in re.findall(r"[A7KJQRVD65432][♠♥♦♣]", pt)}
    assert {"R", "V", "D"} <= ranks
    assert not re.search(r"[KJQ][♠♥♦♣]", pt)
    assert not re.search(r"[RVD][♠♥♦♣]", en)


_CLAIMED = """\
variant: {{name: House, extends: portugal-table, revoke: {{accuse: {accuse}}}}}
first_dealer: 0
deals:
- hands:
  - [7S, KS, 5S, AH, QH, 6H, AD, QD, 7C, QC]
  - [AS, 6S, 7H, KH, 4H, JD, 4D, JC, 4C, 3C]
  - [JS, QS, 4S, 3S, 3H, 2H, 7D, 5D, AC, 5C]
  - [2S, JH, 5H, KD, 6D, 3D, 2D, KC, 6C, 2C]
  trump_card: 7C
  plays: [2S, 3H, AS, 7S]
  claims: [{claim}]
"""
"""The renúncia of docs/guide/records.md, claimed by seat 1 in the way `claim` says."""


@pytest.mark.parametrize(
    ("accuse", "claim", "pt"),
    [
        (
            "player",
            "{after: 4, by: 1, against: 3}",
            "o lugar 1 não pode acusar o lugar 3: com revoke.accuse: player a acusação nomeia o "
            "adversário acusado, o lugar 0 ou o lugar 2",
        ),
        (
            "player",
            "{after: 4, by: 1}",
            "o lugar 1 não pode acusar sem nomear ninguém: com revoke.accuse: player a acusação "
            "nomeia o adversário acusado, o lugar 0 ou o lugar 2",
        ),
        (
            "team",
            "{after: 4, by: 1, against: 2}",
            "o lugar 1 não pode acusar o lugar 2: com revoke.accuse: team a acusação é à outra "
            "equipa, sem nomear ninguém (tira o against)",
        ),
    ],
    ids=["the partner", "no one", "a player under team"],
)
def test_a_claim_that_accuses_the_wrong_way_is_said_in_portuguese(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], accuse: str, claim: str, pt: str
) -> None:
    """The Portuguese quoted the engine's English ('o motor diz: under revoke.accuse: player a
    claim names the rival accused: seat 0 or 2, not 3')."""
    path = tmp_path / "claim.yaml"
    path.write_text(_CLAIMED.format(accuse=accuse, claim=claim), encoding="utf-8")
    assert main(["replay", str(path), "--lang", "pt"]) == 1
    err = capsys.readouterr().err
    assert "deals[0].claims[0]" in err
    assert f"mão 1: {pt}" in err, err
    assert "motor diz" not in err


def test_a_claim_that_names_nobody_under_accuse_player_says_whom_to_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The English ended '..., seat 0 or 2, not none' (found by the outside referee)."""
    path = tmp_path / "claim.yaml"
    path.write_text(_CLAIMED.format(accuse="player", claim="{after: 4, by: 1}"), encoding="utf-8")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "deals[0].claims[0].against" in err
    assert (
        "deal 1: seat 1 cannot claim: under revoke.accuse: player a claim names the rival "
        "accused, seat 0 or 2 (against: 0), and this one names nobody"
    ) in " ".join(err.split()), err
    assert "not none" not in err


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_narrow_terminal_gets_whole_words(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    # A terminal 40 columns wide broke the 60-column trick lines anywhere ("→ s" / "eat 1 wins");
    # on a terminal the account is broken between words, the rest of a line indented under it.
    path = str(GOLDEN / "portugal-table" / "claim-at-the-count.yaml")
    _, piped, _ = replay(capsys, path, "--lang", lang)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    monkeypatch.setenv("COLUMNS", "40")
    status, out, _ = replay(capsys, path, "--lang", lang)
    assert status == 0
    assert max(len(line) for line in out.splitlines()) <= 40 < max(map(len, piped.splitlines()))
    assert out.split() == piped.split()  # the same words, none cut in two
    first = next(i for i, line in enumerate(out.splitlines()) if line.startswith("   1. "))
    assert out.splitlines()[first + 1].startswith("     ")  # the trick's rest, indented


@pytest.mark.parametrize("command", [["replay"], ["analyse"], ["play", "--resume"]])
@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_record_with_problems_is_said_one_problem_a_line_by_every_command(
    command: list[str], lang: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # One home for a file's problems as a command says them (`issue_lines`).
    from sueca_rules._errors import RecordError
    from sueca_rules.cli._common import issue_lines

    path = tmp_path / "game.json"
    path.write_text('{"variant": "portugal", "seed": "x", "colour": 1}', encoding="utf-8")
    with pytest.raises(RecordError) as caught:
        load_record(path)
    assert main([*command, str(path), "--lang", lang]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err == issue_lines(caught.value.issues, lang) + "\n"
    assert len(err.splitlines()) == 3
    assert ("falta o campo first_dealer" if lang == "pt" else "first_dealer") in err.splitlines()[0]


def test_an_empty_record_name_is_said_as_such(capsys: pytest.CaptureFixture[str]) -> None:
    # Not "<string>: no such file": the name given was empty, and it is shown quoted.
    assert main(["replay", ""]) == 1
    err = capsys.readouterr().err
    assert err.startswith("'': no such file")
    assert "<string>" not in err


def _mislabelled(tmp_path: Path) -> Path:
    """A game of `brasil` (clockwise) saved with `variant: portugal`."""
    match = Match("brasil", seed=3)
    play_match(match, [make_bot(1, seed=s) for s in range(4)], max_deals=2)
    data = match.to_record().to_data()
    data["variant"] = "portugal"
    data["deals"] = data["deals"][:2]
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "The cards follow the rules of the built-in variant"),
        ("pt", "As cartas seguem do princípio ao fim as regras de base"),
    ],
)
def test_a_record_of_another_variant_names_the_built_ins_it_replays_under(
    lang: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _mislabelled(tmp_path)
    status, out, err = replay(capsys, "--lang", lang, str(path))
    assert (status, out) == (1, "")
    (line,) = err.rstrip("\n").split("\n")  # one paragraph, as the contract says
    first, second = line.split("). ", 1)  # the sentence after the problem's full stop
    assert "deals[0].plays[0]" in first
    assert second.startswith(said)
    assert "'brasil'" in second
    assert "variant: brasil" in second
    assert main(["analyse", "--lang", lang, "--level", "1", str(path)]) == 1
    assert "'brasil'" in capsys.readouterr().err


def test_a_record_illegal_under_every_built_in_names_none(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = Match("portugal", seed=1).to_record().to_data()
    data["deals"][0]["plays"] = ["8S"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    status, _, err = replay(capsys, str(path))
    assert status == 1
    assert "The cards follow" not in err


def test_a_record_whose_variant_cannot_be_read_names_no_other_variant(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The hint is for cards that break the rules, not for a variant that is not there (a
    record of no deal would fit every built-in)."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps({"variant": "nada.yaml", "first_dealer": 0, "deals": []}))
    status, _, err = replay(capsys, str(path))
    assert status == 1
    assert "The cards follow" not in err
