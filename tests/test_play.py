"""``sueca play``: a game driven through its input stream, records, ``--auto`` and the ladder."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path
from typing import TextIO, cast

import pytest

from sueca_rules import Match, load_record, parse_cards
from sueca_rules._cards import Card
from sueca_rules.bots import make_bot
from sueca_rules.cli import main
from sueca_rules.cli._ladder import (
    LadderEntry,
    insert_score,
    ladder_score,
    load_scores,
    rival_level,
    scores_path,
)
from sueca_rules.cli._play_game import _Names, _Stop, _Table

# Level 1 rivals and a small level-4 budget for the partner keep these games fast.
FAST = ["--level", "1", "--samples", "4"]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Keep every ladder file away from the real home."""
    data = tmp_path / "data"
    monkeypatch.setenv("SUECA_DATA_DIR", str(data))
    monkeypatch.setenv("COLUMNS", "100")
    return data


def play(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lines: list[str],
    *args: str,
) -> tuple[int, str, str]:
    """Run ``sueca play ARGS`` with ``lines`` as its input; return the status, stdout, stderr."""
    text = "".join(f"{line}\n" for line in lines)
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    status = main(["play", *args])
    out, err = capsys.readouterr()
    return status, out, err


_CARD = re.compile(r"(?:(\d+):)?([AKQJ765432][♠♥♦♣])")


def last_hand(out: str) -> tuple[list[str], list[str]]:
    """The cards shown in the last 'Your hand:' block: (numbered ones in order, the others)."""
    block = out.rsplit("Your hand:", 1)[1].split("Your card", 1)[0]
    numbered: list[str] = []
    others: list[str] = []
    for number, card in _CARD.findall(block):
        (numbered if number else others).append(card)
    return numbered, others


def test_a_full_deal_with_card_numbers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = play(monkeypatch, capsys, ["1"] * 10 + ["q"], "--seed", "1", *FAST)
    assert status == 0
    assert err == ""
    assert "Deal 1:" in out  # the deal's summary
    assert re.search(r"Deal 1: points us \d+, them \d+", out)
    assert "Games us" in out
    assert "trumps are" in out
    assert "You leave the table." in out
    assert out.count("Your card [") == 11  # ten cards, then the first prompt of deal 2
    for n in range(1, 11):
        assert re.search(rf"^\s+{n}\. ", out, re.MULTILINE)  # every trick, with who played
    assert "partner" in out
    assert "right rival" in out
    assert "left rival" in out


def test_the_hand_is_shown_by_suit_with_numbers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = play(monkeypatch, capsys, ["q"], "sueca-play", "--seed", "3", *FAST)
    # In sueca-play the left rival deals the first deal, so you lead: every card is playable.
    numbered, others = last_hand(out)
    assert len(numbered) == 10
    assert others == []
    suits = ["♠♥♦♣".index(c[-1]) for c in numbered]
    assert suits == sorted(suits)
    assert "beside the left rival" in out  # the turned card, beside the dealer


def test_an_illegal_card_is_refused_and_nothing_changes(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Find a turn where some card in hand may not be played (a suit to follow).
    for k in range(10):
        _, out, _ = play(monkeypatch, capsys, ["1"] * k + ["q"], "--seed", "2", *FAST)
        numbered, others = last_hand(out)
        if others:
            break
    else:  # pragma: no cover - seed 2 has one
        pytest.fail("no turn with a suit to follow")
    wrong = others[0].replace("♠", "S").replace("♥", "h").replace("♦", "D").replace("♣", "c")
    lines = ["1"] * k + [wrong, "t", "z9", "99", "q"]
    status, out, _ = play(monkeypatch, capsys, lines, "--seed", "2", *FAST)
    assert status == 0
    after = out.split(f"Your card [1-{len(numbered)}]: {wrong}", 1)[1] if len(numbered) > 1 else ""
    if not after:
        after = out.split(f"Your card [1]: {wrong}", 1)[1]
    reason = after.strip().splitlines()[0]
    assert reason.startswith("You must follow")
    # 't' shows the table again: the same hand, nothing played.
    assert last_hand(out) == (numbered, others)
    tables = out.split("Your hand:")
    assert tables[-1].split("Your card")[0] == tables[-2].split("Your card")[0]
    assert "'z9' is not a card" in out
    assert "There is no card 99" in out


def test_a_card_not_in_hand(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    match = Match("portugal", seed=4)
    missing = next(c for c in (Card(i) for i in range(40)) if c not in match.hand(0))
    _, out, _ = play(monkeypatch, capsys, [str(missing).lower(), "q"], "--seed", "4", *FAST)
    assert f"You do not hold {missing.symbol}." in out


def test_end_of_input(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = play(monkeypatch, capsys, ["1", "1"], "--seed", "5", *FAST)
    assert status == 0
    assert "End of input" in out
    assert "Traceback" not in err


def test_record_of_a_match_left_midway(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.yaml"
    status, out, _ = play(
        monkeypatch, capsys, ["1"] * 13 + ["quit"], "--seed", "6", "--record", str(record), *FAST
    )
    assert status == 0
    assert record.exists()
    assert "--partial" in out
    assert main(["replay", "--partial", "--json", str(record)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["deals"][0]["result"] in ("won", "tie")  # the first deal was played out
    deals = load_record(record).deals
    assert len(deals) == 2  # and the second one is under way
    assert len(deals[1].plays) >= 3  # three of your cards, and the rest up to your turn
    assert main(["replay", str(record)]) == 1  # unfinished without --partial


def test_record_without_a_card_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    # Under sueca-play you lead the first deal: stopping at once leaves no card played.
    play(monkeypatch, capsys, [], "sueca-play", "--seed", "6", "--record", str(record), *FAST)
    assert json.loads(record.read_text())["deals"] == []
    assert main(["replay", str(record)]) == 0


def test_auto_finishes_a_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "auto.yaml"
    status, out, err = play(
        monkeypatch, capsys, [], "--auto", "--seed", "7", "--record", str(record), *FAST
    )
    assert status == 0
    assert err == ""
    assert "win the match" in out
    assert "Your card" not in out  # nothing asked
    assert main(["replay", "--json", str(record)]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] in (0, 1)
    # Each deal starts with the four hands as dealt, ten cards each.
    first = load_record(record).deals[0]
    lines = out.split("Deal 1 ─", 1)[1].splitlines()[2:6]
    for seat, (name, line) in enumerate(
        zip(("South", "West", "North", "East"), lines, strict=True)
    ):
        assert line.split()[0] == name
        shown = [c for _, c in _CARD.findall(line)]
        assert len(shown) == 10
        assert {card.symbol for card in parse_cards(first.hands[seat])} == set(shown)


@pytest.mark.slow
def test_auto_with_the_default_level_four(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = play(monkeypatch, capsys, [], "--auto", "--seed", "8")
    assert status == 0
    assert "win the match" in out


def test_claim_under_a_claimable_variant(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = play(monkeypatch, capsys, ["claim", "y", "q"], "portugal-table", "--seed", "1")
    assert status == 0
    assert "Claim a renúncia? If nobody revoked, the rivals score 4 games" in out
    assert "You claim a renúncia, but nobody revoked" in out
    assert "the false claim ends the deal: they score 4 games" in out
    # Any card may be played: the whole hand is numbered.
    _, others = last_hand(out)
    assert others == []


def test_a_claim_not_confirmed_changes_nothing(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = play(monkeypatch, capsys, ["claim", "n", "q"], "portugal-table", "--seed", "1")
    assert status == 0
    assert "Claim a renúncia?" in out
    assert "You claim" not in out
    assert "score 4 games" not in out.split("Type y to claim:")[1]


def test_no_claim_when_revokes_are_prevented(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = play(monkeypatch, capsys, ["claim", "q"], "--seed", "1", *FAST)
    assert "No renúncia can be claimed here" in out


class _Revoker:
    """A player who fails to follow suit once, then plays that suit as soon as possible."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.revoked: int | None = None

    def isatty(self) -> bool:
        return False

    def readline(self) -> str:
        m = self.match
        if m.deal_number > 1 or m.is_over:
            return ""
        hand = m.hand(0)
        if self.revoked is None and m.trick:
            led = m.trick[0][1].suit
            off = [c for c in hand if c.suit != led]
            if off and any(c.suit == led for c in hand):
                self.revoked = led
                return f"{off[0]}\n"
        if self.revoked is not None:
            same = [c for c in hand if c.suit == self.revoked]
            if same:
                return f"{same[0]}\n"
        return "1\n"


def test_a_rival_calls_a_revealed_renuncia(capsys: pytest.CaptureFixture[str]) -> None:
    from rich.console import Console

    for seed in range(20):
        match = Match("portugal-table", seed=seed, first_dealer=0)
        stdin = cast(TextIO, _Revoker(match))
        table = _Table(Console(highlight=False, width=100), stdin, _Names.human(), human=True)
        bots = {s: make_bot(1, seed=s) for s in (1, 2, 3)}
        with contextlib.suppress(_Stop):  # the end of input after deal 1
            table.play_match(match, bots)
        first = match.deals[0] if match.deals else None
        if first is not None and first.result == "revoke":
            break
    else:  # pragma: no cover
        pytest.fail("no deal where the revoke was revealed")
    out = capsys.readouterr().out
    assert "The right rival claims a renúncia: you played" in out
    assert "gives it away" in out
    assert first.team == 1
    assert first.games == (0, 4)
    assert "they score 4 games" in out


# --- the ladder -------------------------------------------------------------------------------


def test_ladder_rules() -> None:
    assert [rival_level(n) for n in range(1, 7)] == [1, 2, 3, 4, 4, 4]
    assert ladder_score(0, 0) == 0
    assert ladder_score(2, 345) == 20_345
    assert ladder_score(3, 25_000) == 39_999  # the margin is capped at 9,999
    entries: list[LadderEntry] = []
    for score in (5, 30_000, 10_000, 5):
        entry = LadderEntry(score, score // 10_000, score % 10_000, "2024-01-01T00:00:00", "x")
        entries, rank = insert_score(entries, entry)
    assert [e.score for e in entries] == [30_000, 10_000, 5, 5]
    assert rank == 4  # a tie ranks below the older score
    for _ in range(10):
        entries, _ = insert_score(entries, LadderEntry(50_000, 5, 0, "d", "x"))
    assert len(entries) == 10
    entries, rank = insert_score(entries, LadderEntry(1, 0, 1, "d", "x"))
    assert rank is None


def test_scores_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    assert scores_path(tmp_path / "s.json") == tmp_path / "s.json"
    monkeypatch.setenv("SUECA_DATA_DIR", str(tmp_path))
    assert scores_path() == tmp_path / "ladder.json"
    monkeypatch.delenv("SUECA_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert scores_path() == tmp_path / "xdg" / "sueca-rules" / "ladder.json"
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert scores_path() == tmp_path / "home" / ".local" / "share" / "sueca-rules" / "ladder.json"


def test_ladder_writes_the_scores(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = play(monkeypatch, capsys, ["1", "q"], "--ladder", "--seed", "1")
    assert status == 0
    assert err == ""
    assert "Sueca Play: the ladder" in out  # under the rules of the site whose run it is
    assert "rivals at level 1" in out
    assert "Run over: streak 0, margin 0 → score 0." in out
    assert not (data_dir / "ladder.json").exists()  # a run that scores nothing is not kept
    # A run that wins a match is kept, with its variant.
    lines = ["1"] * 300 + ["q"]
    status, out, _ = play(monkeypatch, capsys, lines, "--ladder", "--seed", "2", *FAST[2:])
    assert status == 0
    assert "Streak 1" in out
    assert "Best ladder scores" in out
    (entry,) = json.loads((data_dir / "ladder.json").read_text())["scores"]
    assert entry["streak"] == 1
    assert entry["score"] == ladder_score(1, entry["margin"])
    assert entry["variant"] == "sueca-play"


def test_ladder_streak_and_score(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Play level-1 rivals by always taking the first card, and stop after the first match.
    scores = tmp_path / "best.json"
    record = tmp_path / "run.yaml"
    lines = ["1"] * 200 + ["q"]
    args = ["--ladder", "--seed", "1", "--scores", str(scores), "--record", str(record)]
    status, out, _ = play(monkeypatch, capsys, lines, *args, "--samples", "4")
    assert status == 0
    assert (tmp_path / "run-1.yaml").exists()
    (entry,) = json.loads(scores.read_text())["scores"]
    streak = entry["streak"]
    assert entry["score"] == ladder_score(streak, entry["margin"])
    assert f"Run over: streak {streak}" in out
    if streak:
        assert "You win the match!" in out
        assert "rivals at level 2" in out


@pytest.mark.parametrize(
    "content",
    [
        "{not json",
        '{"format": "other"}',
        '{"format": "sueca-rules ladder", "scores": [{"score": -1}]}',
        "\udcff",
    ],
)
def test_ladder_replaces_a_corrupt_file(
    content: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    scores = tmp_path / "ladder.json"
    scores.write_bytes(content.encode("utf-8", "surrogateescape"))
    status, _, err = play(monkeypatch, capsys, ["q"], "--ladder", "--scores", str(scores))
    assert status == 0
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert str(scores) in lines[0]
    assert "Traceback" not in err
    entries, warning = load_scores(scores)
    assert warning is None  # replaced by a good (empty) table
    assert entries == []


def test_ladder_cannot_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    scores = blocker / "ladder.json"  # a folder that is a file
    status, out, err = play(monkeypatch, capsys, ["q"], "--ladder", "--scores", str(scores))
    assert status == 2  # said before the first card, not after the run
    assert err.strip() == (
        f"sueca play: error: --scores {scores}: cannot write there ({blocker} is not a folder)"
    )
    assert out == ""


def test_a_record_that_cannot_be_written_is_refused_before_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    for target, problem in [
        (tmp_path / "no" / "such" / "game.yaml", f"no folder {tmp_path / 'no' / 'such'}"),
        (tmp_path, "it is a folder"),
    ]:
        status, out, err = play(monkeypatch, capsys, ["1"], "--record", str(target), *FAST)
        assert status == 2
        assert (
            err.strip() == f"sueca play: error: --record {target}: cannot write there ({problem})"
        )
        assert out == ""


def test_an_interrupted_ladder_run_is_still_scored(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C in the middle of the second match ends the run as quitting does: the run is
    scored and kept."""
    scores = tmp_path / "best.json"
    shown: list[str] = []

    class Interrupting:
        """Standard input that answers '1' until the second match asks for a card."""

        def readline(self) -> str:
            shown.append(capsys.readouterr().out)
            if "Match 2" in "".join(shown) and "Your card" in shown[-1]:
                raise KeyboardInterrupt
            return "1\n"

        def isatty(self) -> bool:
            return False

    monkeypatch.setattr("sys.stdin", Interrupting())
    status = main(["play", "--ladder", "--seed", "2", "--scores", str(scores), *FAST[2:]])
    out = "".join(shown) + capsys.readouterr().out
    assert status == 130
    assert "Interrupted: the run stops here." in out
    assert "Run over: streak 1" in out
    (entry,) = json.loads(scores.read_text())["scores"]
    assert entry["streak"] == 1


def test_a_scores_file_nested_too_deep_is_corrupt_not_a_crash(tmp_path: Path) -> None:
    scores = tmp_path / "ladder.json"
    scores.write_text("[" * 100_000)
    entries, warning = load_scores(scores)
    assert entries == []
    assert warning is not None
    assert "corrupt" in warning
    scores.write_text('{"format": "sueca-rules ladder", "version": 99, "scores": []}')
    assert "version 99" in (load_scores(scores)[1] or "")


# --- the command line -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--level", "5"], "not a level"),
        (["--level", "2", "--ladder"], "not allowed with"),
        (["--auto", "--ladder"], "do not go together"),
        (["--samples", "0"], "at least 1"),
        (["no-such-variant"], "unknown variant"),
    ],
)
def test_command_line_errors(
    args: list[str],
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    with pytest.raises(SystemExit) as exc:
        raise SystemExit(main(["play", *args]))
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err
