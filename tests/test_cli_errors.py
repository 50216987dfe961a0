"""Crashes that are one line: output that cannot be written, input that is closed, and bad
arguments to the library (issue 24)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from sueca_rules import ConfigError, Match, Suit, load_record, save_record
from sueca_rules._studies._simulate import simulate
from sueca_rules.bots import advance, make_bot

SUECA = [sys.executable, "-m", "sueca_rules"]

FULL_DISK_COMMANDS = [
    ["schema"],
    ["describe", "portugal"],
    ["replay", "--json", "RECORD"],
    ["variants"],
    ["diff", "portugal", "brasil"],
    ["new", "NEW"],
]


def _record(tmp_path: Path) -> Path:
    match = Match("portugal", seed=3)
    while not match.is_over:
        match.play(match.legal_cards()[0])
    path = tmp_path / "game.yaml"
    save_record(match.to_record(), path)
    return path


def _one_line_error(result: subprocess.CompletedProcess[str]) -> str:
    assert result.returncode != 0
    assert "Traceback" not in result.stderr, result.stderr
    assert "Exception ignored" not in result.stderr, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("command", FULL_DISK_COMMANDS, ids=lambda c: c[0])
def test_a_full_disk_on_standard_output_is_one_line(tmp_path: Path, command: list[str]) -> None:
    record = _record(tmp_path)
    argv = [
        str(record) if a == "RECORD" else str(tmp_path / "new.yaml") if a == "NEW" else a
        for a in command
    ]
    with open("/dev/full", "w") as full:
        result = subprocess.run(
            [*SUECA, *argv], stdout=full, stderr=subprocess.PIPE, text=True, check=False
        )
    line = _one_line_error(result)
    assert line == "sueca: could not write the output: No space left on device"


def test_play_with_standard_input_closed_stops_as_at_the_end_of_input() -> None:
    result = subprocess.run(
        [*SUECA, "play", "portugal", "--seed", "1"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
        close_fds=True,
        preexec_fn=lambda: os.close(0),
    )
    assert "Traceback" not in result.stderr, result.stderr
    assert result.returncode == 0
    assert "End of input: the game stops here." in result.stdout


@pytest.mark.parametrize("command", ["play", "simulate"])
def test_a_seed_that_is_not_utf8_is_a_command_line_error(command: str) -> None:
    seed = os.fsdecode(b"\xff")
    result = subprocess.run(
        [*SUECA, command, "portugal", "--seed", seed],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        check=False,
        errors="replace",
    )
    assert result.returncode == 2
    assert "Traceback" not in result.stderr, result.stderr
    assert "argument --seed: '\\udcff' is not valid UTF-8 text" in result.stderr


def test_match_arguments_that_are_not_valid_are_config_errors(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="a seed's text must be valid Unicode"):
        Match(seed="a\udcffb")
    with pytest.raises(ConfigError, match=r"seed must be valid Unicode text"):
        simulate("portugal", (1, 1), deals=2, seed="\udcff")
    with pytest.raises(ConfigError, match=r"rng is a random.Random \(or None\), not 'x'"):
        Match(rng="x")  # type: ignore[arg-type]
    assert Match(rng=random.Random(1)).seed == Match(rng=random.Random(1)).seed
    record = _record(tmp_path)
    for given in (load_record(record).to_data(), str(record), record):
        with pytest.raises(ConfigError, match=r"replays a Record.*load_record\(path\)"):
            Match.from_record(given)  # type: ignore[arg-type]


def test_is_void_checks_its_seat_and_suit() -> None:
    obs = Match("portugal", seed=1).observation(0)
    # 4 * 0 + 4 is seat 1's first bit: a suit 4 must not read seat 1's spades.
    for seat, suit in ((0, 4), (0, -1), (4, 0), (-1, 0), (0, "H"), (True, 0), (0, 1.0)):
        with pytest.raises(ConfigError, match=r"a (seat|suit) is"):
            obs.is_void(seat, suit)  # type: ignore[arg-type]
    assert obs.is_void(1, Suit.HEARTS) is False
    assert obs.is_void(3, 3) is False


@pytest.mark.parametrize("variant", ["brasil", "portugal-table"])
def test_asking_for_a_card_when_none_is_due_points_to_the_phase_and_advance(
    variant: str,
) -> None:
    """The error a loop that only plays cards meets (the dealer's choice under brasil, the count
    under portugal-table) says where to look: `match.phase`, and `bots.advance()`."""
    match = Match(variant, seed=1)
    bots = [make_bot(1, seed=s) for s in range(4)]
    while match.phase == "play":
        advance(match, bots)
    assert match.phase in ("trump", "count")
    with pytest.raises(ConfigError, match=r"match\.phase.*sueca_rules\.bots\.advance"):
        bots[1].choose(match.observation(1))
    with pytest.raises(Exception, match=r"match\.phase.*sueca_rules\.bots\.advance"):
        match.play("AS")


def test_sueca_play_refuses_in_its_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`sueca play --lang pt`: what keeps a game from starting is said in Portuguese."""
    from sueca_rules.cli import main

    notes = tmp_path / "notes.yaml"
    notes.write_text("name: notes\n", encoding="utf-8")
    finished = Match("portugal", seed=1)
    bots = [make_bot(1, seed=seat) for seat in range(4)]
    while not finished.is_over:
        advance(finished, bots)
    over = tmp_path / "over.yaml"
    save_record(finished.to_record(), over)
    cases = [
        (
            ["--record", str(tmp_path)],
            f"--record {tmp_path}: não dá para escrever aí (é uma pasta)",
        ),
        (["--record", str(notes)], "esse ficheiro existe e não é o registo de um jogo"),
        (["--auto", "--ladder"], "--auto e --ladder não vão juntos"),
        (["--resume", str(over)], "este encontro já acabou (ganhou a equipa"),
        (["nope.yaml"], "nope.yaml: esse ficheiro não existe"),
    ]
    for options, words in cases:
        status = main(["play", "--lang", "pt", *options])
        err = capsys.readouterr().err
        assert status in (1, 2), options
        assert words in err, (options, err)
        assert "error" not in err
        assert "cannot" not in err
    assert main(["play", "--lang", "en", "--record", str(tmp_path)]) == 2
    assert "cannot write there (it is a folder)" in capsys.readouterr().err


@pytest.mark.parametrize("size", [["--deals", "1"], ["--matches", "1"]])
def test_compare_of_a_single_deal_or_match_reports_without_a_traceback(
    size: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """With one deal (or match) an interval has no width to measure (infinite): `sueca compare
    portugal french --deals 1` ended in an OverflowError."""
    from sueca_rules.cli import main

    assert main(["compare", "portugal", "french", *size, "--teams", "1,1"]) == 0
    out = capsys.readouterr().out
    assert "Portugal" in out
    assert "French" in out
    assert "inf" not in out
    assert "±∞" in out  # one unit: no interval to measure
    assert main(["compare", "portugal", "french", *size, "--teams", "1,1", "--json"]) == 0
    text = capsys.readouterr().out
    json.loads(text, parse_constant=lambda word: pytest.fail(f"{word} is not JSON"))


@pytest.mark.parametrize("command", ["play", "simulate", "analyse", "arena", "engine"])
@pytest.mark.parametrize("seed", ["\x1b]0;pwned\x07", "a\u202eb", "x\x9b2J"])
def test_a_seed_with_control_characters_is_refused_not_echoed(
    command: str, seed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`sueca play --seed $'\\e]0;title\\a' --auto` printed the seed raw in its first lines (the
    terminal obeyed it): a seed is a whole number or plain text."""
    from sueca_rules.cli import main

    argv = {"analyse": ["analyse", "game.yaml"], "arena": ["arena", "level:1", "level:2"]}
    lang = [] if command == "engine" else ["--lang", "pt"]  # the engine speaks English only
    with pytest.raises(SystemExit) as stop:
        main([*argv.get(command, [command]), "--seed", seed, *lang])
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "--seed:" in err
    assert ("caracteres de controlo" if lang else "holds control characters") in err
    for raw in ("\x1b", "\x07", "\u202e", "\x9b"):
        assert raw not in err
