"""The runnable examples in ``examples/``: each ``main()`` with small sizes, checked on its output.

The examples are what developers copy from, so they must run, use only the public API, and do
what their docstrings say.
"""

from __future__ import annotations

import ast
import importlib.util
import io
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from sueca_rules import Match, load_record, load_variant

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCRIPTS = sorted(EXAMPLES.rglob("*.py"))


def load(relative: str) -> ModuleType:
    """Import an example by path (the examples are scripts, not a package)."""
    path = EXAMPLES / relative
    name = "example_" + path.stem
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def run(capsys: pytest.CaptureFixture[str], relative: str, *argv: str) -> tuple[int, str, str]:
    status = load(relative).main(list(argv))
    out, err = capsys.readouterr()
    assert isinstance(status, int)
    return status, out, err


# --- every example ---------------------------------------------------------------------------


def test_the_examples_are_there() -> None:
    names = {p.relative_to(EXAMPLES).as_posix() for p in SCRIPTS}
    assert names == {
        "embed_match.py",
        "engine_random.py",
        "house_rules/house_rules.py",
        "rl_agents.py",
        "scorekeeper.py",
        "tournament.py",
    }


@pytest.mark.parametrize("path", SCRIPTS, ids=lambda p: p.name)
def test_examples_use_only_the_public_api(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert ast.get_docstring(tree), f"{path.name} needs a module docstring"
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("sueca"):
            assert node.module in ("sueca_rules", "sueca_rules.bots", "sueca_rules.envs"), (
                node.module
            )
            assert all(not alias.name.startswith("_") for alias in node.names)
        if isinstance(node, ast.Import):
            assert all(
                not alias.name.startswith("sueca_rules.")
                or alias.name == "sueca_rules.envs.openspiel"
                for alias in node.names
            )
    functions = {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}
    assert "main" in functions, f"{path.name} needs a main(argv) -> int"
    assert ast.unparse(functions["main"].returns or ast.Constant(None)) == "int"


# --- embed_match.py --------------------------------------------------------------------------


def test_embed_match_plays_one_deal_and_prints_its_events(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "embed_match.py", "--deals", "1", "--seed", "7")
    assert status == 0
    assert re.search(
        r"^Deal 1 \(partida 1\): seat \d deals and turns ..?; seat \d leads$", out, re.M
    )
    tricks = re.findall(r"^  trick +(\d+): (.+?) +won by seat (\d) \((\d+) points\)$", out, re.M)
    assert [int(t[0]) for t in tricks] == list(range(1, 11))
    assert all(len(t[1].split()) == 4 for t in tricks)
    scored = re.search(r"^  points (\d+)-(\d+): (?:bandeira! )?team (\d) scores", out, re.M)
    assert scored is not None
    points = [int(scored.group(1)), int(scored.group(2))]
    assert sum(points) == 120
    assert sum(int(t[3]) for t in tricks) == 120
    assert int(scored.group(3)) == (0 if points[0] > points[1] else 1)
    assert "Deal 2" not in out


def test_embed_match_plays_a_whole_match_repeatably(capsys: pytest.CaptureFixture[str]) -> None:
    status, first, _ = run(capsys, "embed_match.py", "--seed", "3", "--levels", "1,1")
    _, second, _ = run(capsys, "embed_match.py", "--seed", "3", "--levels", "1,1")
    assert status == 0
    assert first == second
    winner = re.search(r"^Winner: team (\d)$", first, re.M)
    assert winner is not None
    assert f"Match won by team {winner.group(1)}" in first
    partida = re.search(r"^Partida 1 won by team (\d), (\d+)-(\d+)$", first, re.M)
    assert partida is not None
    assert partida.group(1) == winner.group(1)
    assert f"Score: games {partida.group(2)}-{partida.group(3)}, partidas" in first
    # The games of each deal add up to the partida's.
    scored = re.findall(
        r"^  points \d+-\d+: (?:bandeira! )?team (\d) scores (\d+) game", first, re.M
    )
    totals = [sum(int(g) for t, g in scored if int(t) == team) for team in (0, 1)]
    assert totals == [int(partida.group(2)), int(partida.group(3))]


def test_embed_match_can_print_every_card(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "embed_match.py", "--deals", "1", "--cards", "--variant", "french")
    assert out.startswith("French rules:")
    assert len(re.findall(r"^    seat \d plays ", out, re.M)) == 40


def test_embed_match_under_the_real_table_rules(capsys: pytest.CaptureFixture[str]) -> None:
    """The dealer's choice of trump and redeals (brasil), claims and the count (portugal-table):
    the loop makes every decision the variant asks for."""
    status, out, err = run(capsys, "embed_match.py", "--variant", "brasil", "--seed", "3")
    assert (status, err) == (0, "")
    assert re.search(r"^seat \d chooses the (top|bottom) card for trumps$", out, re.M)
    assert "Winner: team" in out
    status, out, _ = run(capsys, "embed_match.py", "--variant", "portugal-table", "--deals", "2")
    assert status == 0
    assert len(re.findall(r"^Deal \d", out, re.M)) == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--levels", "9,1"], "the bot levels are 1, 2, 3, 4, 5, not '9,1'"),
        (["--levels", "x"], "levels are whole numbers"),
        (["--levels", "1,2,3"], "give 2 levels"),
        (["--variant", "narnia"], "unknown variant 'narnia'"),
    ],
)
def test_embed_match_refuses_bad_arguments_without_a_traceback(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stop:
        load("embed_match.py").main(args)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


# --- house_rules/ ----------------------------------------------------------------------------


def test_our_cafe_is_a_valid_house_rules_file() -> None:
    path = EXAMPLES / "house_rules" / "our_cafe.yaml"
    first_line = path.read_text(encoding="utf-8").splitlines()[0]
    assert first_line == "# yaml-language-server: $schema=../../schema/sueca-variant.v1.json"
    assert (path.parent / first_line.split("=", 1)[1]).resolve().is_file()
    variant = load_variant(path)
    assert variant.extends == "portugal"
    assert variant.revoke.mode == "claimable"


def test_house_rules_prints_the_card_and_both_comparisons(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "house_rules/house_rules.py")
    assert status == 0
    assert out.startswith("Sueca rules: Our café\n")
    assert "--- compared with Portugal\n" in out
    assert "--- compared with French rules\n" in out
    assert "Portugal and Our café differ in 4 rules, said under 3 headings:" in out
    assert "French rules and Our café differ in" in out
    assert "fields: revoke.mode, scoring.tie.mode, scoring.tie.amount, match.best_of" in out


def test_house_rules_in_portuguese_against_another_variant(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(
        capsys, "house_rules/house_rules.py", "--lang", "pt", "--compare", "sueca-play"
    )
    assert status == 0
    assert out.startswith("Regras da Sueca: Our café\n")
    assert "Sueca Play e Our café diferem em" in out
    assert "French" not in out


def test_house_rules_reports_every_problem_of_a_bad_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "name: Bad\nextends: portugal\nscoring:\n  tie: {stack: no}\nmatch:\n  best_of: 2\n"
    )
    status, out, err = run(capsys, "house_rules/house_rules.py", "--file", str(bad))
    assert status == 1
    assert out == ""
    assert f"{bad}:4:9: scoring.tie.stack: unknown field 'stack' (did you mean 'stacks'?)" in err
    assert f"{bad}:6:3: match.best_of: best_of must be odd" in err


# --- scorekeeper.py --------------------------------------------------------------------------


def test_scorekeeper_catches_the_renuncia_in_its_script(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "game.yaml"
    status, out, err = run(capsys, "scorekeeper.py", "--record", str(record))
    assert (status, err) == (0, "")
    assert "Deal 1: points 87-33, team 0 scores 1 game" in out
    assert "(seat 0 plays 2♦ but holds clubs: a renúncia)" in out
    assert "seat 1 claims a renúncia: rightly, seat 0 played 2♦" in out
    assert "Deal 2: renúncia, team 1 scores 4 games" in out
    assert out.rstrip().endswith(
        "Score: games 1-4, partidas 0-1; team 1 wins the match\nsaved the game to " + str(record)
    )
    # The saved record replays to the same result.
    match = Match.from_record(load_record(record))
    assert match.winner == 1
    assert [d.result for d in match.deals] == ["won", "revoke"]


def test_scorekeeper_reads_a_game_from_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = """\
dealer 0
hand 0 7S KS 5S AH QH 6H AD QD 7C QC
hand 1 AS 6S 7H KH 4H JD 4D JC 4C 3C
hand 2 JS QS 4S 3S 3H 2H 7D 5D AC 5C
hand 3 2S JH 5H KD 6D 3D 2D KC 6C 2C
trump 7C
play 2S 3H          # seat 2 revokes: it holds four spades
claim 0             # a claim by the revoker's own side is false
"""
    monkeypatch.setattr(sys, "stdin", io.StringIO(game))
    status, out, err = run(capsys, "scorekeeper.py", "--stdin")
    assert (status, err) == (0, "")
    assert "(seat 2 plays 3♥ but holds spades: a renúncia)" in out
    assert "seat 0 claims a renúncia: wrongly" in out
    assert "Deal 1: renúncia, team 1 scores 4 games" in out


def test_scorekeeper_input_cut_mid_deal_is_not_all_well(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    hands = "".join(line + "\n" for line in load("scorekeeper.py").SCRIPT.splitlines()[2:6])
    for game, cut in [
        ("dealer 0\n" + hands + "trump 7C\nplay 2S JS AS 7S\n", "deal 1: 4 of 40 cards played"),
        ("dealer 0\n" + hands, "deal 1: its hands were entered, not its trump card"),
    ]:
        monkeypatch.setattr(sys, "stdin", io.StringIO(game))
        status, out, err = run(capsys, "scorekeeper.py", "--stdin")
        assert status == 1
        assert err.strip() == f"the input ends in the middle of {cut}"
        assert "Score: games 0-0, partidas 0-0" in out


def test_scorekeeper_stops_at_an_illegal_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    game = "dealer 0\nhand 0 7S KS 5S AH QH 6H AD QD 7C QC\nhand 1 AS 6S 7H KH 4H JD 4D JC 4C 3C\n"
    game += "hand 2 JS QS 4S 3S 3H 2H 7D 5D AC 5C\nhand 3 2S JH 5H KD 6D 3D 2D KC 6C 2C\n"
    game += "trump 2S\n"  # not in the dealer's hand
    monkeypatch.setattr(sys, "stdin", io.StringIO(game))
    status, out, err = run(capsys, "scorekeeper.py", "--stdin")
    assert status == 1
    assert err.startswith("line 6: the trump card 2S must be in the dealer's hand")
    assert "Score: games 0-0, partidas 0-0" in out


# --- tournament.py ---------------------------------------------------------------------------


def test_tournament_prints_a_table_of_pairings_by_variant(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("--deals", "3", "--levels", "1,2,3", "--variants", "portugal,french")
    status, out, _ = run(capsys, "tournament.py", *args)
    assert status == 0
    header = next(line for line in out.splitlines() if line.startswith("pairing"))
    assert header.split() == ["pairing", "portugal", "french"]
    rows = {
        line[:10].strip(): re.findall(r"(\d+\.\d)%", line)
        for line in out.splitlines()
        if re.match(r"^\d vs \d", line)
    }
    assert set(rows) == {"2 vs 1", "3 vs 1", "3 vs 2"}
    assert all(
        len(cells) == 2 and all(0 <= float(c) <= 100 for c in cells) for cells in rows.values()
    )
    standings = re.findall(r"^  (\d)\. level (\d): ([\d.]+)$", out, re.M)
    assert sorted(int(s[1]) for s in standings) == [1, 2, 3]
    # 3 pairings x 2 variants x 3 deals x 2 orientations: every deal is counted once.
    assert sum(float(s[2]) for s in standings) == 3 * 2 * 3 * 2
    # Repeatable.
    assert run(capsys, "tournament.py", *args)[1] == out


def test_tournament_level_3_beats_level_1() -> None:
    module = load("tournament.py")
    result = module.play_pairing("portugal", 1, 3, 12, 0)
    assert result.score_a + result.score_b == 24
    assert result.share_b > 0.5


def test_tournament_rejects_unknown_variants(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        load("tournament.py").main(["--variants", "nowhere"])
    assert "unknown" in capsys.readouterr().err


@pytest.mark.parametrize("levels", ["1,9", "1", "a,b"])
def test_tournament_rejects_bad_levels(levels: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        load("tournament.py").main(["--levels", levels])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "--levels" in err
    assert "Traceback" not in err


def test_tournament_under_the_real_table_rules() -> None:
    module = load("tournament.py")
    for variant in ("brasil", "portugal-table"):
        result = module.play_pairing(variant, 1, 2, 2, 0)
        assert result.score_a + result.score_b == 4  # a redealt deal does not count


@pytest.mark.parametrize(
    ("script", "args", "message"),
    [
        ("house_rules/house_rules.py", ["--compare", "nope"], "--compare nope: "),
        ("house_rules/house_rules.py", ["--width", "0"], "a width is a whole number of 20"),
        ("rl_agents.py", ["--variant", "nope"], "--variant nope: "),
    ],
)
def test_the_other_examples_refuse_bad_arguments_without_a_traceback(
    script: str, args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    if script == "rl_agents.py":
        pytest.importorskip("numpy")
    with pytest.raises(SystemExit) as stop:
        load(script).main(args)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err


def test_scorekeeper_says_a_record_it_cannot_save(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert load("scorekeeper.py").main(["--record", str(tmp_path)]) == 1
    assert f"cannot save the game to {tmp_path}: " in capsys.readouterr().err


def test_an_example_piped_into_head_stops_quietly() -> None:
    import subprocess

    for script in ("embed_match.py", "house_rules/house_rules.py"):
        run = subprocess.run(
            f"{sys.executable} {EXAMPLES / script} | head -1",
            shell=True,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert run.stdout.count("\n") == 1
        assert "Traceback" not in run.stderr
        assert "BrokenPipe" not in run.stderr
