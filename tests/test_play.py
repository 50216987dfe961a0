"""``sueca play``: a game driven through its input stream, every phase of the real-table rules
(the dealer's choice, redeals, claims during play and at the count, accusations, play-on false
claims), records and ``--resume``, ``--auto``, the languages, and the ladder."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import select
import shlex
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TextIO, cast

import pytest
from rich.console import Console

from sueca_rules import Match, Variant, load_record, load_variant, parse_cards
from sueca_rules._cards import Card
from sueca_rules._lang import phrases
from sueca_rules.bots._table import proven_revokers
from sueca_rules.cli import main
from sueca_rules.cli._common import default_lang
from sueca_rules.cli._ladder import (
    LadderEntry,
    insert_score,
    ladder_score,
    load_scores,
    rival_level,
    scores_path,
)
from sueca_rules.cli._play_bots import LeavesClaims, make_table_bots
from sueca_rules.cli._play_flow import play_out
from sueca_rules.cli._play_input import HumanSeat, Stop
from sueca_rules.cli._play_view import PlayView

from .scenarios import deal_and_keep, find_deal

# Level 1 rivals and a small level-4 budget for the partner keep these games fast.
FAST = ["--level", "1", "--samples", "4"]


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Keep every ladder file away from the real home, and the language English."""
    data = tmp_path / "data"
    monkeypatch.setenv("SUECA_DATA_DIR", str(data))
    monkeypatch.setenv("COLUMNS", "400")  # no line is wrapped
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
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


def flat(text: str) -> str:
    """``text`` with its lines joined (rich wraps long lines at the terminal's width)."""
    return " ".join(text.split())


_CARD = re.compile(r"(?:(\d+):)?([AKQJ765432][♠♥♦♣])")


def last_hand(out: str) -> tuple[list[str], list[str]]:
    """The cards shown in the last 'Your hand:' block: (numbered ones in order, the others)."""
    block = out.rsplit("Your hand:", 1)[1].split("Your card", 1)[0]
    numbered: list[str] = []
    others: list[str] = []
    for number, card in _CARD.findall(block):
        (numbered if number else others).append(card)
    return numbered, others


def house(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


# A stand-in for the built-in brasil (clockwise, the dealer's choice, redeals on weak hands),
# with seat 0 dealing first and thresholds high enough that a redeal is offered often.
BRASIL_LIKE = """\
name: Brasil-like
extends: portugal
table: {direction: clockwise, first_dealer: 0}
deal:
  trump_card: dealer_choice
  redeal: {leader_below: 10, others_below: 30}
"""


# --- a table driven by a script that sees the match ----------------------------------------

Answer = Callable[[Match], str | None]
"""What the person types now (``None``: end of input)."""


class Scripted:
    """Standard input whose next line ``answer(match)`` decides (a queue first)."""

    def __init__(self, match: Match, answer: Answer) -> None:
        self.match = match
        self.answer = answer
        self.queue: list[str] = []

    def isatty(self) -> bool:
        return False

    def readline(self, size: int = -1) -> str:
        if self.queue:
            return self.queue.pop(0) + "\n"
        line = self.answer(self.match)
        return "" if line is None else line + "\n"


def table_game(
    variant: str | Path,
    seed: int,
    answer: Callable[[Match, Scripted], str | None],
    *,
    lang: str = "en",
    levels: tuple[int, int] = (1, 1),
    revoke_rate: float = 0.0,
) -> tuple[Match, str]:
    """A game at a person's table, through the same pieces as ``sueca play``; returns the
    match and what was printed."""
    match = Match(load_variant(variant), seed=seed, deal=False)
    out = io.StringIO()
    view = PlayView(Console(file=out, width=400), phrases(lang), match.rules, human=True)
    stdin = Scripted(match, lambda m: None)
    stdin.answer = lambda m: answer(m, stdin)
    human = HumanSeat(view, cast(TextIO, stdin), match)
    rivals = {1: levels[1], 2: levels[0], 3: levels[1]}
    bots = make_table_bots(
        seed,
        rivals,
        revoke_rates={1: revoke_rate, 3: revoke_rate},
        claimable=match.rules.revoke_claimable,
        silent=frozenset({2}),
    )
    with contextlib.suppress(Stop):
        play_out(view, match, [human, bots[1], bots[2], bots[3]])
    return match, out.getvalue()


def first_legal(match: Match) -> str:
    return str(match.legal_cards()[0])


# --- a plain game ---------------------------------------------------------------------------


def test_a_full_deal_with_card_numbers(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = play(monkeypatch, capsys, ["1"] * 10 + ["q"], "--seed", "1", *FAST)
    assert status == 0
    assert err == ""
    assert re.search(r"Deal 1: points us \d+, them \d+", out)
    assert "Games us" in out
    assert "trumps are" in out
    assert "You leave the table." in out
    # The prompt says what to type (no '[1]' that looks like a default Enter would take).
    assert out.count("Your card (") == 11  # ten cards, then the first prompt of deal 2
    assert "Your card [" not in out
    assert "or h for help): " in out
    for n in range(1, 11):
        assert re.search(rf"^\s+{n}\. ", out, re.MULTILINE)  # every trick, with who played
    for name in ("partner", "right rival", "left rival"):
        assert name in out


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
    assert "shown by the left rival (the dealer)" in out  # the turned card, in the dealer's hand


def test_the_star_is_explained_when_you_hold_the_turned_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    dealer0 = house(tmp_path, "d0", "name: D0\nextends: portugal\ntable: {first_dealer: 0}\n")
    _, out, _ = play(monkeypatch, capsys, ["q"], str(dealer0), "--seed", "3", *FAST)
    assert "★" in out
    assert "★ the card you turned: everyone has seen it in your hand." in out
    _, out, _ = play(monkeypatch, capsys, ["q"], "sueca-play", "--seed", "3", *FAST)
    assert "★" not in out  # not yours: nothing to explain


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
    after = out.split(f"or h for help): {wrong}", 1)[1]
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


def test_a_typed_card_may_be_padded_but_its_letters_are_ascii(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    match = Match("portugal", seed=4)
    spades = [c for c in (Card(i) for i in range(40)) if c.suit == 0]
    missing = next(c for c in spades if c not in match.hand(0))
    typed = f"  {str(missing).lower()}  "  # the line is stripped: the card is read
    long_s = str(missing)[0] + "\u017f"  # 'ſ', which str.upper() makes an S
    _, out, _ = play(monkeypatch, capsys, [typed, long_s, "q"], "--seed", "4", *FAST)
    assert f"You do not hold {missing.symbol}." in out
    assert f"{long_s!r} is not a card" in out


def test_help_names_this_games_rules_and_the_keys(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = play(monkeypatch, capsys, ["h", "", "q"], "portugal-table", "--seed", "1")
    assert out.count("The rules of this game: sueca describe portugal-table") == 2  # h, Enter
    assert "VARIANT" not in out
    assert "'claim' claims a renúncia" in out
    path = house(tmp_path, "our rules", "name: Ours\nextends: portugal\n")
    _, out, _ = play(monkeypatch, capsys, ["h", "q"], str(path), "--seed", "1", *FAST)
    assert f"sueca describe '{path}'" in out  # quoted: the path has a space
    assert "claim" not in out.split("Your card", 1)[1]  # nothing to claim under these rules


def test_the_tricks_so_far(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = play(monkeypatch, capsys, ["l", "1", "1", "l", "q"], "--seed", "5", *FAST)
    first, later = out.split("Your card", 2)[1:]
    assert "No trick has been played in this deal yet." in first
    listing = later.split("The tricks of this deal", 1)[1].split("Your card", 1)[0]
    assert re.findall(r"^\s+(\d+)\. ", listing, re.MULTILINE) == ["1", "2"]


def test_end_of_input(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = play(monkeypatch, capsys, ["1", "1"], "--seed", "5", *FAST)
    assert status == 0
    assert "End of input" in out
    assert "Traceback" not in err


# --- records and resuming -------------------------------------------------------------------


def test_record_of_a_match_left_midway(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.yaml"
    # Seed 7: under seed 6 the level-4 partner's play (issue 30's inference) ends the match with
    # a bandeira in its first deal, and nothing is left midway.
    status, out, _ = play(
        monkeypatch, capsys, ["1"] * 13 + ["quit"], "--seed", "7", "--record", str(record), *FAST
    )
    assert status == 0
    assert record.exists()
    assert f"sueca replay --partial {record}" in out
    assert f"sueca play --resume {record}" in out
    assert main(["replay", "--partial", "--json", str(record)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["deals"][0]["result"] in ("won", "tie")  # the first deal was played out
    deals = load_record(record).deals
    assert len(deals) == 2  # and the second one is under way
    assert len(deals[1].plays) >= 3  # three of your cards, and the rest up to your turn
    assert main(["replay", str(record)]) == 1  # unfinished without --partial
    assert "--partial" in capsys.readouterr().err


def test_record_without_a_card_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "game.json"
    # Under sueca-play you lead the first deal: stopping at once leaves no card played. The deal
    # is kept as it was dealt, so that stopping and resuming cannot deal you a new hand.
    play(monkeypatch, capsys, [], "sueca-play", "--seed", "6", "--record", str(record), *FAST)
    deals = json.loads(record.read_text())["deals"]
    assert len(deals) == 1
    assert deals[0]["plays"] == []
    assert main(["replay", str(record)]) == 1  # a deal under way: --partial replays it
    assert main(["replay", "--partial", str(record)]) == 0
    capsys.readouterr()
    status, _, err = play(monkeypatch, capsys, [], "--resume", str(record), "--seed", "9", *FAST)
    assert (status, err) == (0, "")
    assert json.loads(record.read_text())["deals"][0]["hands"] == deals[0]["hands"]


def saved_midway(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], cards: int
) -> Path:
    """A game stopped after ``cards`` of your cards, saved (seed 7: see above)."""
    record = tmp_path / "game.yaml"
    play(monkeypatch, capsys, ["1"] * cards + ["q"], "--seed", "7", "--record", str(record), *FAST)
    return record


def test_resume_goes_on_and_saves_to_the_same_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = saved_midway(tmp_path, monkeypatch, capsys, 13)
    before = load_record(record)
    status, out, err = play(
        monkeypatch, capsys, ["1", "1", "q"], "--resume", str(record), "--seed", "8", *FAST
    )
    assert (status, err) == (0, "")
    assert f"Resuming {record}: 1 deal finished" in out
    assert out.count("Your card (") == 3
    after = load_record(record)
    assert after.deals[0] == before.deals[0]
    assert after.deals[1].hands == before.deals[1].hands
    assert after.deals[1].plays[: len(before.deals[1].plays)] == before.deals[1].plays
    assert len(after.deals[1].plays) > len(before.deals[1].plays)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "The game goes on from the saved record; the deals still to come are dealt from "
            "seed 8.",
        ),
        (
            "pt",
            "O jogo continua a partir do registo guardado; as mãos que faltam são dadas com a "
            "semente 8.",
        ),
    ],
)
def test_a_resumed_game_says_whence_its_deals_to_come(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lang: str,
    said: str,
) -> None:
    # A record keeps no seed: the resumed game says it goes on from the record and deals what is
    # still to come from the new seed, not a bare "Seed 8." as if it were a new game.
    record = saved_midway(tmp_path, monkeypatch, capsys, 5)
    args = ["--resume", str(record), "--seed", "8", "--lang", lang, *FAST]
    for auto in ([], ["--auto"]):
        shutil.copy(record, tmp_path / "again.yaml")
        args[1] = str(tmp_path / "again.yaml")
        status, out, err = play(monkeypatch, capsys, ["q"], *args, *auto)
        assert (status, err) == (0, "")
        lines = out.splitlines()
        assert said in lines
        resumed = "Resuming" if lang == "en" else "A continuar"
        assert lines.index(said) == 1 + next(
            i for i, line in enumerate(lines) if line.startswith(resumed)
        )
        assert "Seed 8." not in out
        assert "Semente 8." not in out
    # A new game still says its seed with the players.
    _, out, _ = play(monkeypatch, capsys, ["q"], "--seed", "8", *FAST)
    assert out.splitlines()[0].endswith("level 1. Seed 8.")


@pytest.mark.parametrize("lang", ["en", "pt"])
@pytest.mark.parametrize("name", ["g.yaml", "long", "my game's.yaml"])
def test_the_saved_line_wraps_at_whole_words_around_its_path(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    lang: str,
    name: str,
) -> None:
    # At 40 columns the line that says where the match was saved broke anywhere (`rep` / `lay`,
    # `g40.` / `yaml`): its words wrap whole, the path on a line of its own (to be copied), and
    # each command whole on a line (one wider than the terminal on a line of its own).
    monkeypatch.chdir(tmp_path)
    folder = tmp_path / "a-folder-with-a-rather-long-name"
    folder.mkdir()
    record = name if name != "long" else str(folder / "and-a-long-file-name.yaml")
    monkeypatch.setenv("COLUMNS", "40")
    status, out, err = play(
        monkeypatch, capsys, ["1", "q"], "--seed", "7", "--record", record, "--lang", lang, *FAST
    )
    assert (status, err) == (0, "")
    w = phrases(lang).play
    # The commands paste as they are: a path with a space or a quote is quoted for the shell.
    quoted = {"my game's.yaml": "'my game'\"'\"'s.yaml'"}.get(name, record)
    commands = [f"sueca play --resume {quoted}", f"sueca replay --partial {quoted}"]
    said = w.saved(record, f"{w.resume_with(commands[0])}; {w.replay_with(commands[1])}")
    start = said.split(" ")[0]
    lines = out.splitlines()
    first = max(i for i, line in enumerate(lines) if line.startswith(start))
    end = w.leave()
    shown = lines[first : lines.index(end, first)]
    assert " ".join(shown) == said  # broken between words only
    assert record in shown  # the path alone on its line
    for command in commands:  # each command whole on one line
        assert any(command in line for line in shown), command
        assert shlex.split(command)[-1] == record  # and the shell reads the path back
    for line in shown:  # no line wider than the terminal, but for a path or a command
        assert len(line) <= 40 or len(line.split(" ")) == 1 or any(c in line for c in commands)
    assert len(shown) > 1
    # On a wide terminal it is one line, as it was.
    monkeypatch.setenv("COLUMNS", "1000")
    _, out, _ = play(monkeypatch, capsys, ["q"], "--resume", record, "--lang", lang, *FAST)
    assert said in out.splitlines()


def test_the_computer_can_finish_a_saved_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = saved_midway(tmp_path, monkeypatch, capsys, 5)
    status, out, err = play(monkeypatch, capsys, [], "--resume", str(record), "--auto", *FAST)
    assert (status, err) == (0, "")
    assert "Resuming" in out
    assert re.search(r"Team [01] wins the match\.", out)
    assert main(["replay", str(record)]) == 0  # finished: no --partial needed
    assert "The match is over" in capsys.readouterr().out


def test_resume_refuses_what_it_cannot_resume(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    done = tmp_path / "done.yaml"
    play(monkeypatch, capsys, [], "--auto", "--seed", "7", "--record", str(done), *FAST)
    status, _out, err = play(monkeypatch, capsys, [], "--resume", str(done))
    assert status == 1
    assert "this match is over" in err
    assert f"sueca replay {done}" in err
    status, _, err = play(monkeypatch, capsys, [], "--resume", str(tmp_path / "none.yaml"))
    assert status == 1
    assert "Traceback" not in err
    status, _, err = play(monkeypatch, capsys, [], "portugal", "--resume", str(done))
    assert status == 2
    assert "plays the record's own variant" in err


def test_a_house_rules_record_replays_from_another_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rules = tmp_path / "hr"
    rules.mkdir()
    tasca = house(rules, "tasca", "name: Tasca\nextends: portugal\nmatch: {target_games: 2}\n")
    record = tmp_path / "game.yaml"
    play(monkeypatch, capsys, [], str(tasca), "--auto", "--seed", "3", "--record", str(record))
    assert "variant:\n  name: Tasca" in record.read_text(encoding="utf-8")  # written inline
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.move(record, elsewhere / "game.yaml")
    shutil.rmtree(rules)  # the house file is gone too
    monkeypatch.chdir(elsewhere)
    assert main(["replay", "--json", "game.yaml"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["variant"] == "Tasca"
    assert max(report["games"]) >= 2  # target_games 2, from the record's own variant


# --- --auto ---------------------------------------------------------------------------------


def test_auto_finishes_a_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "auto.yaml"
    status, out, err = play(
        monkeypatch, capsys, [], "--auto", "--seed", "7", "--record", str(record), *FAST
    )
    assert status == 0
    assert err == ""
    assert re.search(r"Team [01] wins the match\.", out)
    assert "Your card" not in out  # nothing asked
    assert main(["replay", "--json", str(record)]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] in (0, 1)
    # Each deal starts with the four hands as dealt, ten cards each, seats named as replay
    # names them.
    first = load_record(record).deals[0]
    lines = out.split("Deal 1 ─", 1)[1].splitlines()[2:6]
    for seat, line in enumerate(lines):
        assert line.split()[:2] == ["seat", str(seat)]
        shown = [c for _, c in _CARD.findall(line)]
        assert len(shown) == 10
        assert {card.symbol for card in parse_cards(first.hands[seat])} == set(shown)
    assert "North" not in out
    assert "South" not in out


@pytest.mark.slow
def test_auto_with_the_default_level_four(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = play(monkeypatch, capsys, [], "--auto", "--seed", "8")
    assert status == 0
    assert "wins the match" in out


def test_auto_under_every_real_table_rule(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The computer plays the dealer's choice, redeals and claims through to the end."""
    every = house(
        tmp_path,
        "every",
        BRASIL_LIKE + "revoke: {mode: claimable, accuse: player, false_claim_games: 1, "
        "after_false_claim: play_on}\n",
    )
    record = tmp_path / "every.json"
    args = [str(every), "--auto", "--seed", "2", "--revoke-rate", "0.2", "--record", str(record)]
    status, out, err = play(monkeypatch, capsys, [], *args, *FAST)
    assert (status, err) == (0, "")
    assert "chooses the bottom card for trumps" in out
    assert "claims a renúncia" in out
    assert main(["replay", str(record)]) == 0


# --- the dealer's choice and redeals ----------------------------------------------------------


def test_you_choose_top_or_bottom_when_you_deal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    brasil = house(tmp_path, "brasil", BRASIL_LIKE.replace("others_below: 30", "others_below: 5"))
    lines = ["x", "t", "n", "q"]
    status, out, _ = play(monkeypatch, capsys, lines, str(brasil), "--seed", "4", *FAST)
    assert status == 0
    assert "You deal: turn the top card (you take the first ten cards) or the bottom one" in out
    assert "Type t for the top card or b for the bottom one" in out  # after 'x'
    assert "You choose the top card for trumps." in out
    assert re.search(r"You deal and turn .+: trumps are", out)
    assert "Play goes you, the left rival, your partner, the right rival (clockwise)." in out


def test_bots_choose_when_they_deal(tmp_path: Path) -> None:
    def answer(match: Match, stdin: Scripted) -> str | None:
        if len(match.deals) >= 2:
            return None
        if match.phase == "trump":
            return "b"
        return "n" if match.phase == "redeal" else first_legal(match)

    path = house(tmp_path, "b3", BRASIL_LIKE.replace("first_dealer: 0", "first_dealer: 3"))
    _, out = table_game(path, 1, answer)
    lines = out.splitlines()
    assert "The right rival chooses the bottom card for trumps." in lines  # dealer 3 first
    assert any(line.startswith("The right rival deals and turns") for line in lines)


def test_a_weak_hand_is_offered_a_redeal_and_a_strong_one_is_not(tmp_path: Path) -> None:
    path = house(tmp_path, "brasil", BRASIL_LIKE)
    asked: list[int] = []

    def answer(match: Match, stdin: Scripted) -> str | None:
        if match.phase == "trump":
            return "b"
        if match.phase == "redeal":  # only a hand under its threshold is asked
            points = sum(c.points for c in match.hand(0))
            asked.append(points)
            return "y"
        return None

    for seed in range(40):
        match, out = table_game(path, seed, answer)
        if asked:
            break
    else:  # pragma: no cover - a hand under 30 points comes within a few deals
        pytest.fail("no weak hand")
    assert asked[0] < 30
    assert f"Your hand holds {asked[0]} points, fewer than 30: you may ask for a new deal." in out
    assert "You ask for a new deal (a weak hand): you deal again." in out
    assert match.deals[0].result == "redeal"
    assert match.deals[0].redeal == 0
    # A hand at or above its threshold is asked nothing: it keeps its hand silently. (The bots
    # may ask for a new deal with weak hands: a deal where none does is looked for.)
    games = 0
    for seed in range(40):
        match = Match(load_variant(path), seed=seed, deal=False)
        match.deal_random("bottom")
        if sum(c.points for c in match.hand(0)) < 30:
            continue
        match, out = table_game(path, seed, lambda m, s: "b" if m.phase == "trump" else None)
        if match.deal_number > 1:
            continue  # a bot asked for a new deal
        games += 1
        assert "you may ask for a new deal" not in out
        assert match.phase == "play"  # past the questions, waiting for a card
    assert games


# --- renúncia claims ----------------------------------------------------------------------


def test_claim_under_a_claimable_variant(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = ["claim", "y", "q"]
    args = ["portugal-table", "--seed", "1", "--revoke-rate", "0"]  # nobody revokes
    status, out, _ = play(monkeypatch, capsys, lines, *args)
    assert status == 0
    assert "Claim a renúncia? If neither rival revoked, the rivals score 4 games" in out
    assert "You claim a renúncia, but nobody revoked: a false claim." in out
    assert "the false claim ends the deal: they score 4 games" in out
    # Any card may be played: the whole hand is numbered.
    _, others = last_hand(out)
    assert others == []
    assert "--revoke-rate" not in out
    _, out, _ = play(monkeypatch, capsys, ["q"], "portugal-table", "--seed", "1")
    assert "They fail to follow suit now and then (--revoke-rate 0.03)" in out


def test_a_claim_not_confirmed_says_so(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = play(monkeypatch, capsys, ["claim", "n", "q"], "portugal-table", "--seed", "1")
    assert status == 0
    assert "Claim a renúncia?" in out
    assert "No claim: play goes on." in out
    assert "You claim" not in out
    assert "score 4 games" not in out.split("Type y to claim, n not to:")[1]


def test_no_claim_when_revokes_are_prevented(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, out, _ = play(monkeypatch, capsys, ["claim", "q"], "--seed", "1", *FAST)
    assert "No renúncia can be claimed here" in out


def _plays_first_legal_and_claims_at_the_count(match: Match, stdin: Scripted) -> str | None:
    """Follows suit; at the count claims a rival's renúncia if there is one (else counts)."""
    if len(match.deals) >= 1 or match.is_over:
        return None
    if match.phase == "count":
        rival = [r.seat for r in match.revokes if r.seat % 2 == 1]
        if not rival:
            return ""
        accused = "l" if rival[0] == 1 else "r"
        stdin.queue = [accused, "y"] if match.rules.accuse_player else ["y"]
        return "claim"
    return first_legal(match)


@pytest.mark.parametrize("accuse", ["team", "player"])
def test_you_catch_a_bots_renuncia_at_the_count(accuse: str, tmp_path: Path) -> None:
    path = house(tmp_path, "t", f"name: T\nextends: portugal-table\nrevoke: {{accuse: {accuse}}}\n")
    for seed in range(60):
        match, out = table_game(
            path, seed, _plays_first_legal_and_claims_at_the_count, revoke_rate=0.05
        )
        deal = match.deals[0] if match.deals else None
        if deal is not None and deal.claims and deal.claims[-1].after == 40:
            break
    else:  # pragma: no cover - a rival revokes in some deal
        pytest.fail("no renúncia to catch at the count")
    assert "The count: all ten tricks are in." in out
    assert "Claim a renúncia ('claim'), list the tricks (l), or press Enter to count:" in out
    assert deal.result == "revoke"
    assert deal.team == 0
    assert deal.games == (4, 0)
    assert re.search(r"You claim a renúncia: the (left|right) rival played", out)
    assert "the renúncia ends the deal: we score 4 games" in out
    if accuse == "player":
        assert "Accuse whom? l = the left rival, r = the right rival" in out
        assert deal.claims[-1].against in (1, 3)


def _revoking(
    which: Callable[[Card], bool],
    typed: Callable[[Card], str],
    otherwise: Callable[[Match], str | None],
) -> Callable[[Match, Scripted], str | None]:
    """A player who fails to follow suit once in the first deal, with a card `which` picks (typed
    as `typed` writes it), where it holds the suit led; else plays `otherwise`, and counts."""

    def play(match: Match, stdin: Scripted) -> str | None:
        if match.deals or match.is_over:
            return None
        if match.phase == "count":
            return ""
        hand = match.hand(0)
        if match.trick and not match.revokes:
            led = match.trick[0][1].suit
            off = [c for c in hand if c.suit != led and which(c)]
            if off and any(c.suit == led for c in hand):
                return typed(off[0])
        return otherwise(match)

    return play


def test_a_bot_catches_your_renuncia() -> None:
    """You fail to follow suit; when your cards prove it, a rival claims."""

    revoke_once = _revoking(lambda card: True, str, first_legal)

    for seed in range(30):
        match, out = table_game("portugal-table", seed, revoke_once)
        if match.deals and match.deals[0].result == "revoke":
            break
    else:  # pragma: no cover
        pytest.fail("no deal where your renúncia was caught")
    deal = match.deals[0]
    assert deal.team == 1
    assert deal.games == (0, 4)
    assert re.search(r"The (left|right) rival claims a renúncia: you played", out)
    assert "the renúncia ends the deal: they score 4 games" in out


def test_a_false_accusation_that_plays_on(tmp_path: Path) -> None:
    path = house(
        tmp_path,
        "cheap",
        "name: Cheap\nextends: portugal-table\n"
        "revoke: {accuse: player, false_claim_games: 1, after_false_claim: play_on}\n",
    )

    def accuse_right_at_once(match: Match, stdin: Scripted) -> str | None:
        if match.deals:
            return None
        if match.phase == "count":
            return ""
        if not match.claims and match.turn == 0:
            stdin.queue = ["r", "y"]
            return "claim"
        return first_legal(match)

    match, out = table_game(path, 3, accuse_right_at_once)
    assert "Accuse the right rival of a renúncia? If the accused did not revoke, the rivals " in out
    assert "score 1 game and play goes on" in out
    assert (
        "You accuse the right rival of a renúncia, but the right rival did not revoke: a false "
        "claim. They score 1 game for it, and play goes on." in " ".join(out.split())
    )
    deal = match.deals[0]
    assert deal.penalties == (0, 1)
    assert deal.result in ("won", "tie")
    assert "With the false claims: them +1 game." in out


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "60-60, the deal itself scores nothing: the next deal won scores 1 game more. "
            "With the false claims: them +4 games.",
        ),
        (
            "pt",
            "Empate a 60, a mão em si não dá jogos: a próxima mão ganha vale mais 1 jogo. "
            "Com as acusações falsas: eles +4 jogos.",
        ),
    ],
)
def test_a_tie_with_false_claim_games_names_them(lang: str, said: str) -> None:
    variant = Variant.model_validate(
        {
            "name": "House: play on",
            "revoke": {"mode": "claimable", "false_claim_games": 4, "after_false_claim": "play_on"},
        }
    )
    match = Match(variant, deal=False, first_dealer=0)
    deal = find_deal(variant, 0, lambda points, tricks: points == (60, 60), seed=1)
    deal_and_keep(match, deal.hands, deal.trump_card)
    match.claim(0)  # yours, and false: the rivals get 4 games, and play goes on
    for card in deal.plays:
        match.play(card)
    match.score_deal()
    view = PlayView(Console(file=io.StringIO()), phrases(lang), match.rules, human=True)
    assert view._result(match.deals[0]) == said


# --- the computer players at the table ------------------------------------------------------


def _seat_1_revokes_once() -> Match:
    """A deal of portugal-table played to the count, in which seat 1 revoked once."""
    match = Match("portugal-table", seed=0, first_dealer=0)
    while match.phase == "play":
        seat = match.turn
        assert seat is not None
        hand = match.hand(seat)
        if seat == 1 and match.trick and not match.revokes:
            led = match.trick[0][1].suit
            off = [c for c in hand if c.suit != led]
            if off and len(off) < len(hand):
                match.play(off[0])
                assert proven_revokers(match.observation(0)) == []  # not shown yet
                continue
        match.play(match.legal_cards()[0])
    return match


def test_a_renuncia_is_proven_by_the_count() -> None:
    """Seat 1 revokes once: nobody can tell until it plays the suit it did not follow; then
    (and at the count, when every card is down) its rivals can prove it, its partner need not."""
    match = _seat_1_revokes_once()
    assert match.phase == "count"
    assert [r.seat for r in match.revokes] == [1]
    assert proven_revokers(match.observation(0)) == [1]
    assert proven_revokers(match.observation(2)) == [1]
    assert proven_revokers(match.observation(1)) == []  # its own team's renúncia
    assert proven_revokers(match.observation(3)) == []


def test_bots_at_a_claimable_table_claim_unless_silent() -> None:
    match = _seat_1_revokes_once()
    bots = make_table_bots(1, {0: 2, 2: 2}, claimable=True, silent=frozenset({2}))
    assert bots[0].claim(match.observation(0)) == 1  # type: ignore[attr-defined]
    assert bots[2].claim(match.observation(2)) is None  # type: ignore[attr-defined]
    assert isinstance(bots[2], LeavesClaims)
    plain = make_table_bots(1, {1: 2}, claimable=False, revoke_rates={1: 0.5})
    assert not isinstance(plain[1], LeavesClaims)  # nothing to add under prevented renúncias
    assert getattr(plain[1], "revoke_rate", 0.0) == 0.0  # and no renúncia can be played


def test_a_table_bot_revokes_at_its_rate() -> None:
    def revokes(rate: float) -> int:
        match = Match("portugal-table", seed=5)
        bots = make_table_bots(
            5,
            dict.fromkeys(range(4), 2),
            revoke_rates=dict.fromkeys(range(4), rate),
            claimable=True,
            silent=frozenset(range(4)),
        )
        for _ in range(40):
            seat = match.turn
            assert seat is not None
            match.play(bots[seat].choose(match.observation(seat)))
        return len(match.revokes)

    assert revokes(0.0) == 0
    assert revokes(1.0) >= 5  # every time it holds the suit led and another one


# --- languages ------------------------------------------------------------------------------


def test_portuguese_at_the_table(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = ["a", "v", "1", "s"]
    status, out, _ = play(
        monkeypatch, capsys, lines, "portugal-table", "--lang", "pt", "--seed", "1"
    )
    assert status == 0
    for phrase in (
        "Tu (lugar 0) e o teu parceiro (lugar 2, nível 4)",
        "Ordem de jogo: tu, o adversário da direita, o teu parceiro, o adversário da esquerda",
        "o trunfo é",
        "A tua mão:",
        "A tua carta (",
        "sueca describe portugal-table --lang pt",
        "Ainda não se jogou nenhuma vaza nesta mão.",
        "Sais da mesa.",
    ):
        assert phrase in out, phrase
    for english in ("You ", "Your ", "trumps", "the left rival"):
        assert english not in out, english


def test_the_language_comes_from_the_locale(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("LC_ALL")
    monkeypatch.setenv("LANG", "pt_PT.UTF-8")
    _, out, _ = play(monkeypatch, capsys, ["s"], "--seed", "1", *FAST)
    assert "A tua mão:" in out
    _, out, _ = play(monkeypatch, capsys, ["q"], "--seed", "1", "--lang", "en", *FAST)
    assert "Your hand:" in out
    assert default_lang({"LC_ALL": "pt_BR.UTF-8", "LANG": "en_GB"}) == "pt"
    assert default_lang({"LC_ALL": "", "LC_MESSAGES": "en_US", "LANG": "pt_PT"}) == "en"
    assert default_lang({}) == "en"


def test_one_seat_naming_in_both_languages() -> None:
    """The table's compact names are the ``table`` section's (``seat_name``): the same in the
    game, its ``--auto`` column and replay."""
    rules = Match("portugal", seed=1).rules
    names = {}
    for lang in ("en", "pt"):
        view = PlayView(Console(file=io.StringIO()), phrases(lang), rules, human=True)
        auto = PlayView(Console(file=io.StringIO()), phrases(lang), rules, human=False)
        names[lang] = [view.seat(s).short for s in range(4)], [auto.seat(s).short for s in range(4)]
    assert names["en"] == (
        ["you", "left rival", "partner", "right rival"],
        ["seat 0", "seat 1", "seat 2", "seat 3"],
    )
    assert names["pt"] == (
        ["tu", "adversário da esquerda", "parceiro", "adversário da direita"],
        ["lugar 0", "lugar 1", "lugar 2", "lugar 3"],
    )


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


@pytest.mark.parametrize("name", ["house.yaml", "notes.md"])
def test_a_record_never_silently_replaces_a_file_that_is_not_a_record(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """`--record` over a variant file or notes is refused before the game (issue 24); `--force`
    replaces it; a record (an earlier game, the one resumed) and an empty file may be replaced."""
    target = tmp_path / name
    kept = "name: House\nextends: portugal\n"
    target.write_text(kept, encoding="utf-8")
    for extra in ([], ["--auto"]):
        status, out, err = play(monkeypatch, capsys, ["q"], "--record", str(target), *extra, *FAST)
        assert status == 2
        assert err.strip() == (
            f"sueca play: error: --record {target}: that file exists and is not a game record; "
            "saving the game there would replace it: name another file, or give --force to "
            "replace it"
        )
        assert out == ""
        assert target.read_text(encoding="utf-8") == kept
    ladder = ["--ladder", "--scores", str(tmp_path / "best.json")]
    blocker = tmp_path / f"run-1{target.suffix}"
    blocker.write_text(kept, encoding="utf-8")
    status, _, err = play(
        monkeypatch, capsys, ["q"], *ladder, "--record", str(tmp_path / f"run{target.suffix}")
    )
    assert status == 2
    assert "that file exists and is not a game record" in err
    assert blocker.read_text(encoding="utf-8") == kept
    status, _, _ = play(monkeypatch, capsys, ["q"], "--record", str(target), "--force", *FAST)
    assert status == 0
    load_record(target)
    # A record, or an empty file, is replaced without --force.
    status, _, _ = play(monkeypatch, capsys, ["q"], "--record", str(target), "--seed", "2", *FAST)
    assert status == 0
    empty = tmp_path / f"empty{target.suffix}"
    empty.write_text("", encoding="utf-8")
    status, _, _ = play(monkeypatch, capsys, ["q"], "--record", str(empty), *FAST)
    assert status == 0
    load_record(empty)


@pytest.mark.parametrize(
    ("after", "where", "said"),
    [
        # in the middle of the second match: the run ends as quitting does
        ("Match 2", "Your card", "Interrupted: the run stops here."),
        # at "Press Enter for match 2", a match just won, as q there: the run went up as a bare
        # "interrupted", and the streak was lost
        ("", "Press Enter for match 2", "or q to stop: \nInterrupted: the run stops here."),
    ],
    ids=["mid-match", "between matches"],
)
def test_an_interrupted_ladder_run_is_still_scored(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    after: str,
    where: str,
    said: str,
) -> None:
    """Ctrl-C during the second match of a ladder, or just before it, ends the run: it is
    scored and kept."""
    scores = tmp_path / "best.json"
    shown: list[str] = []

    class Interrupting:
        """Standard input that answers '1' until it is asked at `where`, once `after` was said."""

        def readline(self, size: int = -1) -> str:
            shown.append(capsys.readouterr().out)
            if after in "".join(shown) and where in shown[-1]:
                raise KeyboardInterrupt
            return "1\n"

        def isatty(self) -> bool:
            return False

    monkeypatch.setattr("sys.stdin", Interrupting())
    status = main(["play", "--ladder", "--seed", "2", "--scores", str(scores), *FAST[2:]])
    out = "".join(shown) + capsys.readouterr().out
    assert status == 130
    assert said in out
    assert "Run over: streak 1" in out
    (entry,) = json.loads(scores.read_text())["scores"]
    assert entry["streak"] == 1


@pytest.mark.parametrize("ladder", [False, True])
def test_ctrl_c_at_the_prompt_ends_its_line_before_the_record_is_said_saved(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    ladder: bool,
) -> None:
    """The terminal echoes ^C after the prompt: what follows (the record saved, the run
    interrupted) starts a line of its own; it went on the prompt's line ("Your card (1-3, or h
    for help): ^CSaved the match to ..."), and once blank lines were printed after it."""

    class Interrupting:
        def readline(self, size: int = -1) -> str:
            raise KeyboardInterrupt

        def isatty(self) -> bool:
            return False

    monkeypatch.setattr("sys.stdin", Interrupting())
    record = tmp_path / "g.yaml"
    extra = ["--ladder", "--scores", str(tmp_path / "best.json")] if ladder else []
    status = main(["play", "--record", str(record), "--seed", "1", *extra, *FAST[2:]])
    out = capsys.readouterr().out
    assert status == 130
    prompt = out.rindex("Your card")
    after = out[prompt:].split("\n")
    assert after[0].rstrip().endswith("help):"), after
    assert after[1].startswith("Saved the match to "), after
    if ladder:
        assert "Interrupted: the run stops here." in after[2:4], after


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
        (["--level", "6"], "not a level"),
        (["--level", "2", "--ladder"], "not allowed with"),
        (["--auto", "--ladder"], "do not go together"),
        (["--resume", "x.yaml", "--ladder"], "do not go together"),
        # Options that did nothing, silently: hints nobody can ask for, a ladder file unused.
        (["--auto", "--hints"], "--auto and --hints do not go together"),
        (["--scores", "best.json"], "--scores is the file of the ladder's best scores"),
        (["--scores", "b.json", "--lang", "pt"], "--scores é o ficheiro das melhores pontuações"),
        (["--samples", "0"], "at least 1"),
        (["--samples", "10001"], "at most 10,000"),
        (["--revoke-rate", "2"], "from 0 to 1"),
        (["--revoke-rate", "nan"], "from 0 to 1"),
        (["--revoke-rate", "often"], "not a number"),
        (["--lang", "fr"], "invalid choice"),
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


def test_a_rate_takes_a_decimal_comma_as_portuguese_writes_it() -> None:
    from sueca_rules.cli._common import ArgRefusal, rate_arg

    assert rate_arg("0,03") == rate_arg("0.03") == 0.03
    assert rate_arg(" 1 ") == 1.0
    for text in ("1,5", "0,0,1", "0,1.2", "often"):
        with pytest.raises(ArgRefusal):
            rate_arg(text)


def test_without_the_cli_extra_play_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(__import__("sys").modules, "rich", None)
    status, out, err = play(monkeypatch, capsys, ["1"], "--seed", "1")
    assert status == 1
    assert out == ""
    assert "sueca play needs the 'cli' extra (rich is not installed)" in err
    assert "pip install 'sueca-rules[cli]'" in err


def test_portuguese_suit_letters_under_lang_pt() -> None:
    """Under `--lang pt` a card is typed as a Portuguese player says it: `7c` is the sete de
    copas (7H), `ae` the ás de espadas, `do` the dama de ouros, `rp` the rei de paus; the
    suit may come first, and S, H and D still mean spades, hearts and diamonds."""
    from sueca_rules.cli._play_input import portuguese_card

    typed = {"7C": "7H", "AE": "AS", "DO": "QD", "RP": "KC", "VC": "JH", "C7": "7H", "PA": "AC"}
    typed |= {"7H": "7H", "AS": "AS", "7D": "7D", "QS": "QS", "H7": "H7", "XX": "XX", "7": "7"}
    for text, card in typed.items():
        assert portuguese_card(text) == card, text


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_card_typed_with_a_space_between_rank_and_suit(lang: str) -> None:
    """ "7 c", "A h": the space a player may type between rank and suit is no mistake; it was
    refused as "not a card"."""
    pt_suits = {"S": "e", "H": "c", "D": "o", "C": "p"}
    pt_ranks = {"K": "R", "J": "V", "Q": "D"}
    chosen: list[str] = []

    def answer(match: Match, stdin: Scripted) -> str | None:
        if chosen:
            return None  # the card was taken: stop at the next prompt
        chosen.append(first_legal(match))
        rank, suit = chosen[0][0], chosen[0][1]
        if lang == "pt":
            rank, suit = pt_ranks.get(rank, rank), pt_suits[suit]
        return f"{rank} {suit.lower()}"

    match, out = table_game("portugal", 3, answer, lang=lang)
    assert "not a card" not in out
    assert "não é uma carta" not in out
    assert chosen[0] in [str(card) for card in match.plays]


def test_the_portuguese_game_takes_portuguese_letters(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = play(monkeypatch, capsys, ["a", "s"], "--lang", "pt", "--seed", "1", *FAST)
    assert status == 0
    assert "e = espadas, c = copas, o = ouros, p = paus" in out
    assert "letras inglesas" not in out


def test_piped_input_is_echoed_with_its_control_characters_shown_not_obeyed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`sueca play < moves.txt`: each line read is echoed after its prompt, so that the
    transcript reads like a game. A clear-screen sequence in the file was echoed as it was, and
    the terminal obeyed it; it is shown as `\\x1b[2J`, as the refusal quoting it shows it."""
    status, out, _ = play(monkeypatch, capsys, ["\x1b[2Jab", "q"], "--seed", "1", *FAST)
    assert status == 0
    assert "\x1b" not in out
    assert "help): \\x1b[2Jab\n" in out
    assert "'\\x1b[2Jab' is not a card" in out


def test_every_english_key_works_in_the_portuguese_game() -> None:
    """A player used to the English keys can type them in Portuguese too (`q`, `claim`, `l`):
    `hint`, `stop`, `exit`, `hand` and `list` were refused there as "not a card"."""
    en, pt = phrases("en"), phrases("pt")
    names = [name for name in dir(en.play) if name.endswith("_words")]
    assert len(names) >= 11
    for name in names:
        assert getattr(en.play, name) <= getattr(pt.play, name), name
    assert en.analysis.hint_words <= pt.analysis.hint_words


def test_hint_and_stop_in_the_portuguese_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = ["hint", "hand", "list", "stop"]
    status, out, _ = play(
        monkeypatch, capsys, lines, "--lang", "pt", "--hints", "--seed", "1", *FAST
    )
    assert status == 0
    assert "Sugestão: " in out
    assert "não é uma carta" not in out
    assert "Sais da mesa." in out


def test_in_portuguese_s_answers_sim_to_a_question(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """'s' is both "sim" and "sair": to a yes/no question (a new deal, a claim's confirmation)
    it answers yes, and does not leave the table."""
    house = tmp_path / "rd.yaml"
    house.write_text(
        "name: Redeal sempre\nextends: brasil\ndeal:\n  redeal:\n"
        "    leader_below: 30\n    others_below: 30\n",
        encoding="utf-8",
    )
    status, out, _ = play(monkeypatch, capsys, ["s", "s", "s"], str(house), "--lang", "pt",
                          "--seed", "3")  # fmt: skip
    text = flat(out)
    asked = text.count("Pedes?")
    assert asked >= 2  # "s" asked for a new deal, which was dealt and asked again
    assert "Sais da mesa" not in text[: text.rfind("Pedes?")]
    assert status == 0


def test_a_line_too_long_is_told_and_dropped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from sueca_rules.cli._play_input import MAX_LINE

    status, out, _ = play(monkeypatch, capsys, ["x" * 100_000, "q"], "--seed", "3")
    assert status == 0
    assert f"That line is too long (at most {MAX_LINE} characters)" in flat(out)
    assert "x" * (MAX_LINE + 1) not in out


def test_asking_for_a_hint_without_hints_says_how_to_get_them(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = play(monkeypatch, capsys, ["!", "q"], "--seed", "3", *FAST)
    assert status == 0
    assert "Hints are off in this game: start it with --hints to ask for them." in out
    assert "is not a card" not in out
    status, out, _ = play(
        monkeypatch, capsys, ["sugestão", "q"], "--seed", "3", "--lang", "pt", *FAST
    )
    assert "Neste jogo não há sugestões: começa-o com --hints" in out


# --- cards as the player's language writes them, in columns ----------------------------------

_ENGLISH_FACE = re.compile(r"[KJQ][♠♥♦♣]")
_PORTUGUESE_FACE = re.compile(r"[RVD][♠♥♦♣]")
_PT_LETTER = {"K": "R", "J": "V", "Q": "D"}
"""A Portuguese player's rei, valete and dama (what `sueca play --lang pt` teaches to type)."""


def pt_card(card: Card) -> str:
    letter = str(card)[0]
    return _PT_LETTER.get(letter, letter) + card.suit.symbol


def pt_typed(card: Card | str) -> str:
    """A card as a Portuguese player types it: `vo` for the valete de ouros (JD)."""
    card = parse_cards(str(card))[0]
    return pt_card(card)[0].lower() + "ecop"[card.suit]


def pt_first_legal(match: Match) -> str:
    return pt_typed(match.legal_cards()[0])


def test_each_language_names_the_ten_ranks_with_one_letter_each() -> None:
    """A card in short is one letter and a suit sign in every language (the hand's columns and
    replay's rely on it), and no two ranks share a letter (it is what the player types)."""
    from sueca_rules._lang import LANGS

    for lang in LANGS:
        letters = phrases(lang).play.rank_letters
        assert list(letters) == list("A7KJQ65432"), lang
        assert all(len(letter) == 1 for letter in letters.values()), lang
        assert len(set(letters.values())) == 10, lang
    assert "".join(phrases("en").play.rank_letters.values()) == "A7KJQ65432"
    assert "".join(phrases("pt").play.rank_letters.values()) == "A7RVD65432"


def test_the_portuguese_game_shows_the_letters_it_teaches(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Under --lang pt the rei, valete and dama are R, V and D wherever a card is shown in short
    (the hand, the trick, the tricks so far, what you do not hold), as the help teaches and the
    prompt takes them; in English they stay K, J and Q."""
    # Seed 3: you lead and hold the rei de copas and the valete de ouros, not the rei de paus.
    lines = ["a", "rc", "v", "rp", "s"]
    status, out, _ = play(monkeypatch, capsys, lines, "--lang", "pt", "--seed", "3", *FAST)
    assert status == 0
    assert "R = rei, V = valete, D = dama" in flat(out)  # what the help teaches
    first_hand = out.split("A tua mão:", 2)[1]
    assert re.search(r"\b5:R♥", first_hand)
    assert re.search(r"\b6:V♦", first_hand)
    assert re.search(r"^\s+1\. tu R♥, ", out, re.MULTILINE)  # "rc" played it, and it says so
    assert out.count("1. tu R♥, ") == 2  # the trick, then again in the tricks so far ('v')
    assert "Não tens R♣." in out
    assert not _ENGLISH_FACE.search(out), _ENGLISH_FACE.findall(out)

    status, out, _ = play(monkeypatch, capsys, ["kh", "l", "kc", "q"], "--seed", "3", *FAST)
    assert status == 0
    assert re.search(r"\b5:K♥", out.split("Your hand:", 2)[1])
    assert out.count("1. you K♥, ") == 2
    assert "You do not hold K♣." in out
    assert not _PORTUGUESE_FACE.search(out)


def test_you_must_follow_suit_with_cards_in_portuguese_letters() -> None:
    """Typing a card of another suit (in Portuguese letters) when you can follow is refused with
    the cards you may play, written as the table writes them."""
    refused: list[tuple[list[Card], Card]] = []

    def off_suit_once(match: Match, stdin: Scripted) -> str | None:
        if refused or match.deals or match.is_over:
            return None if match.deals or match.is_over else pt_first_legal(match)
        hand = match.hand(0)
        if match.trick:
            led = match.trick[0][1].suit
            same = [c for c in hand if c.suit == led]
            off = [c for c in hand if c.suit != led]
            if off and any(str(c)[0] in "KJQ" for c in same):
                refused.append((same, off[0]))
                stdin.queue = [pt_first_legal(match)]
                return pt_typed(off[0])
        return pt_first_legal(match)

    for seed in range(40):
        refused.clear()
        _, out = table_game("portugal", seed, off_suit_once, lang="pt")
        if refused:
            break
    else:  # pragma: no cover
        pytest.fail("no trick where you could follow with a figure")
    same, _ = refused[0]
    assert re.search(r"Tens de assistir a [♠♥♦♣] \w+: joga ", out)
    listed = out.split("Tens de assistir a ", 1)[1].split(": joga ", 1)[1].split("\n", 1)[0]
    assert [pt_card(c) for c in same] == _CARD_SHOWN.findall(listed)
    assert not _ENGLISH_FACE.search(out), _ENGLISH_FACE.findall(out)[:5]


_CARD_SHOWN = re.compile(r"[A7RVD65432][♠♥♦♣]")


def test_the_watched_game_in_portuguese_letters(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = play(monkeypatch, capsys, [], "--auto", "--lang", "pt", "--seed", "7", *FAST)
    assert status == 0
    assert _PORTUGUESE_FACE.search(out)
    assert not _ENGLISH_FACE.search(out), _ENGLISH_FACE.findall(out)[:5]
    # Every hand dealt, as the watcher sees it, in the players' letters.
    match = Match("portugal", seed=7, deal=False)
    match.deal_random()
    dealt = [line.split(maxsplit=2)[2] for line in out.splitlines() if line.startswith("  lugar")]
    assert dealt[0].replace(" · ", " ").split() == [pt_card(c) for c in match.hand(0)]


def test_a_hint_names_cards_as_the_table_does(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sueca_rules.analysis as analysis
    from sueca_rules.analysis import Fact, Hint

    advice = Hint(0, "card", "KH", (), (Fact("better", "3D", "KH", loss=4.0),))
    monkeypatch.setattr(analysis, "hint", lambda *args, **kwargs: advice)
    _, out, _ = play(monkeypatch, capsys, ["!", "s"], "--lang", "pt", "--hints", "--seed", "3")
    said = flat(out.split("A tua carta (", 1)[1])
    assert "Sugestão: R♥." in said
    assert "R♥" in said.split("Sugestão: R♥.", 1)[1]
    assert not _ENGLISH_FACE.search(said)
    _, out, _ = play(monkeypatch, capsys, ["!", "q"], "--hints", "--seed", "3")
    said = flat(out.split("Your card (", 1)[1])
    assert "Hint: K♥." in said
    assert "K♥" in said.split("Hint: K♥.", 1)[1]


def test_a_renuncia_caught_is_shown_in_portuguese_letters() -> None:
    """The card of a renúncia claimed is written as the Portuguese table writes every card."""

    revoke_a_face = _revoking(lambda card: str(card)[0] in "KJQ", pt_typed, pt_first_legal)

    for seed in range(60):
        match, out = table_game("portugal-table", seed, revoke_a_face, lang="pt")
        if match.deals and match.deals[0].result == "revoke" and match.deals[0].revokes:
            break
    else:  # pragma: no cover
        pytest.fail("no deal where your renúncia of a figure was caught")
    card = match.deals[0].revokes[0].card
    assert re.search(rf"acusa uma renúncia: tu \w+ {pt_card(card)} sem assistir", flat(out))
    assert not _ENGLISH_FACE.search(out), _ENGLISH_FACE.findall(out)[:5]


def hand_rows(out: str, head: str) -> list[str]:
    """The lines of the last hand shown after `head` (one a suit)."""
    block = out.rsplit(head, 1)[1].splitlines()[1:]
    return [line for line in block if line.startswith("  ") and re.search(r"[♠♥♦♣] \w", line)]


def card_columns(row: str) -> list[int]:
    """The column of each card of a hand's row (its rank letter)."""
    return [m.start() for m in re.finditer(r"[A7KJQRVD65432][♠♥♦♣]", row)]


@pytest.mark.parametrize(("lang", "head"), [("en", "Your hand:"), ("pt", "A tua mão:")])
def test_ten_numbered_cards_line_up_in_columns(
    lang: str, head: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """With ten cards to choose from, the numbers 1 to 9 are right-aligned with 10, so that the
    n-th card of every suit starts in the same column."""
    quit_word = "q" if lang == "en" else "s"
    _, out, _ = play(monkeypatch, capsys, [quit_word], "--lang", lang, "--seed", "3", *FAST)
    rows = hand_rows(out, head)
    assert len(rows) == 4
    assert re.search(r"  9:6♣  10:5♣", rows[3])  # seed 3: the last row ends with the 10th card
    columns = [card_columns(row) for row in rows]
    widest = max(columns, key=len)
    for starts in columns:
        assert starts == widest[: len(starts)], rows
    # " 1:" .. " 9:" as wide as "10:", each right before its card
    numbers = [(m.group(), m.end()) for row in rows for m in re.finditer(r"(?<=\s)[ \d]\d:", row)]
    assert [n for n, _ in numbers] == [f"{n:>2}:" for n in range(1, 11)]
    assert {end for _, end in numbers} <= {c for starts in columns for c in starts}


def test_the_cards_line_up_around_the_turned_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The star after the card you turned takes a column of its own: the cards after it, and
    those of the other suits, stay in line."""
    dealer0 = house(tmp_path, "d0", "name: D0\nextends: portugal\ntable: {first_dealer: 0}\n")
    # Seed 1: you turn the ás de copas, and two more copas follow it in the row.
    _, out, _ = play(monkeypatch, capsys, ["q"], str(dealer0), "--seed", "1", *FAST)
    rows = hand_rows(out, "Your hand:")
    assert any(re.search(r"A♥★.*♥", row) for row in rows), rows
    columns = [card_columns(row) for row in rows]
    widest = max(columns, key=len)
    for starts in columns:
        assert starts == widest[: len(starts)], rows


def _stop_at_the_fourth_prompt(record: Path, sig: str) -> int:
    """`sueca play --record RECORD`: a card played at each of three prompts, then signal `sig`
    at the fourth; the exit status."""
    command = [sys.executable, "-m", "sueca_rules", "play", "--record", str(record)]
    with subprocess.Popen(
        [*command, "--seed", "3", "--lang", "en"],
        cwd=Path(__file__).resolve().parents[1],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as proc:
        assert proc.stdin is not None
        assert proc.stdout is not None
        try:
            seen = b""
            deadline = time.monotonic() + 30
            for _ in range(3):  # a card at each of three prompts, then the signal at the fourth
                while seen.count(b"Your card") < _ + 1:
                    assert time.monotonic() < deadline, seen[-500:]
                    if select.select([proc.stdout], [], [], 1)[0]:
                        seen += os.read(proc.stdout.fileno(), 65536)
                proc.stdin.write(b"1\n")
                proc.stdin.flush()
            while seen.count(b"Your card") < 4:
                assert time.monotonic() < deadline, seen[-500:]
                if select.select([proc.stdout], [], [], 1)[0]:
                    seen += os.read(proc.stdout.fileno(), 65536)
            proc.send_signal(getattr(signal, sig))
            return proc.wait(20)
        finally:
            if proc.poll() is None:
                proc.kill()


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
@pytest.mark.parametrize("sig", ["SIGHUP", "SIGTERM"])
def test_a_game_stopped_by_a_signal_is_saved(tmp_path: Path, sig: str) -> None:
    """The terminal closed (SIGHUP) or the process told to stop (SIGTERM) in the middle of a
    game: `--record` saves it as when you stop (it was lost), and it resumes."""
    record = tmp_path / "g.yaml"
    status = _stop_at_the_fourth_prompt(record, sig)
    assert status == 128 + getattr(signal, sig)
    saved = load_record(record)
    assert 3 <= len([c for c in saved.deals[0].plays if c]) < 40
    Match.from_record(saved, allow_unfinished=True)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX signals")
def test_a_game_killed_outright_keeps_its_finished_tricks(tmp_path: Path) -> None:
    """`kill -9` (or a power cut) gives the game no chance to save: `--record` has been saved
    after each trick, so the three tricks finished before the fourth prompt are in the file
    (the whole game was lost), and it resumes."""
    record = tmp_path / "g.yaml"
    assert _stop_at_the_fourth_prompt(record, "SIGKILL") == -signal.SIGKILL
    saved = load_record(record)
    plays = saved.deals[0].plays
    assert len(plays) >= 12, plays
    assert len(plays) % 4 == 0, plays
    assert not [p for p in tmp_path.iterdir() if p.name != "g.yaml"]  # no temporary file left
    match = Match.from_record(saved, allow_unfinished=True)
    assert len(match.plays) == len(plays)


# --- a narrow terminal ----------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_narrow_terminal_breaks_the_table_between_its_parts(lang: str) -> None:
    # At 40 columns the score line broke inside "them 0", a long suit's cards wrapped out of
    # their columns, a trick's line went on under its number, and the hands watched with --auto
    # wrapped anywhere (a line could start with the suits' "·").
    match = Match("portugal", seed=3, first_dealer=1)
    out = io.StringIO()
    view = PlayView(Console(file=out, width=40), phrases(lang), match.rules, human=True)
    view.show_table(match)
    lines = out.getvalue().splitlines()
    assert max(len(line) for line in lines) <= 40
    score = next(i for i, line in enumerate(lines) if line.startswith(("Points", "Pontos")))
    assert lines[score].endswith(" ·")
    assert lines[score + 1].startswith(("games", "jogos"))
    hand = [line for line in lines if re.search(r"\d:", line)]
    columns = [[m.start() for m in re.finditer(":", line)] for line in hand]
    widest = max(columns, key=len)
    assert len(hand) > 4  # a suit went on to a second line
    assert all(c == widest[: len(c)] for c in columns)  # every card under the one above

    for _ in range(4):
        match.play(match.playable_cards()[0])
    out.truncate(0)
    out.seek(0)
    done = match.tricks[0]
    view._trick_line(1, done.leader, done.winner, done.cards, done.points)
    first, *rest = out.getvalue().splitlines()
    assert first.startswith("   1. ")
    assert rest
    assert all(line.startswith("      ") for line in rest)

    watched = io.StringIO()
    auto = PlayView(Console(file=watched, width=40), phrases(lang), match.rules, human=False)
    auto.deal_header(Match("portugal", seed=7, first_dealer=3))
    shown = watched.getvalue().splitlines()
    assert max(len(line) for line in shown) <= 40
    assert not any(line.lstrip().startswith("·") for line in shown)
    assert sum(line.startswith(("  seat", "  lugar")) for line in shown) == 4


@pytest.mark.parametrize(("lang", "hint"), [("en", "Type l for"), ("pt", "Escreve «e» para")])
def test_a_wrong_answer_to_whom_you_accuse_is_told_what_to_type(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    lang: str,
    hint: str,
) -> None:
    # The question was asked again with no word on what was wrong.
    path = house(tmp_path, "t", "name: T\nextends: portugal-table\nrevoke: {accuse: player}\n")
    claim = "claim" if lang == "en" else "acusar"
    lines = [claim, "xyz", "", "q" if lang == "en" else "sair"]
    status, out, _ = play(monkeypatch, capsys, lines, str(path), "--seed", "1", "--lang", lang)
    assert status == 0
    told = out.split("xyz", 1)[1]
    assert flat(told).startswith(hint)
    assert "(Enter" in told  # asked again


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_ladders_heading_is_never_cut_short(lang: str) -> None:
    # At 40 (and 60) columns the heading of a ladder's match lost its score to a "…".
    out = io.StringIO()
    view = PlayView(Console(file=out, width=40), phrases(lang), Match("portugal").rules, True)
    text = view.words.ladder_match(1, 1, 0, "0")
    view.rule(f"[bold]{text}[/]")
    shown = out.getvalue()
    assert "…" not in shown
    assert shown.replace("─", " ").replace("·", " ").split() == text.replace("·", " ").split()
    assert max(map(len, shown.splitlines())) <= 40
