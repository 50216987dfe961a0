"""``simulate`` and ``sueca simulate``: repeatable, independent of the number of jobs, duplicate
play that really swaps the seats, and a command line that fails cleanly."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import sueca_rules
from sueca_rules import Match, Observation, Variant, builtin_ids
from sueca_rules._cards import Card
from sueca_rules._rules import CAPOTE_POINTS
from sueca_rules._studies._checkpoint import CheckpointError, code_version, source_hash
from sueca_rules._studies._play import (
    MAX_DEALS_PER_MATCH,
    Study,
    deal_cards,
    deal_seed,
    play_and_keep,
    play_unit,
)
from sueca_rules._studies._simulate import SimulationReport, StudyInterrupted, simulate
from sueca_rules._studies._stats import wilson
from sueca_rules._studies._summary import StudySummary
from sueca_rules._studies._work import Done, WorkerLostError, play_chunk
from sueca_rules.bots import LEVELS, Bot, make_bot
from sueca_rules.cli import main
from sueca_rules.cli._cmd_simulate import MAX_DEALS_PER_MATCH as CLI_MAX_DEALS
from sueca_rules.cli._common import LEVELS as CLI_LEVELS
from sueca_rules.cli._common import load_variant_arg

from ._scripts import run_script


def _status(argv: list[str]) -> int:
    """The exit status of ``sueca ARGV``, whether argparse exits or ``main`` returns."""
    try:
        return main(argv)
    except SystemExit as exc:
        return int(exc.code or 0)


def _figures(report: SimulationReport) -> dict[str, Any]:
    data = report.to_dict()
    for key in SimulationReport.TIMING_KEYS:
        del data[key]
    return data


def test_repeatable_for_a_seed() -> None:
    a = simulate("portugal", (3, 2), deals=6, seed=11)
    b = simulate("portugal", (3, 2), deals=6, seed=11)
    c = simulate("portugal", (3, 2), deals=6, seed=12)
    assert _figures(a) == _figures(b)
    assert _figures(a) != _figures(c)


def test_same_result_with_one_or_two_jobs() -> None:
    one = simulate("portugal", (3, 2), deals=24, seed=5, jobs=1)
    two = simulate("portugal", (3, 2), deals=24, seed=5, jobs=2)
    assert _figures(one) == _figures(two)
    assert one.jobs == 1
    assert two.jobs == 2


@pytest.mark.parametrize(
    ("call", "guarded"),
    [
        ("simulate('portugal', (2, 1), deals=8, jobs=2)", False),
        ("compare(['portugal', 'french'], (2, 1), deals=4, jobs=2)", False),
        ("simulate('portugal', (2, 1), deals=8, jobs=2)", True),
    ],
)
def test_a_script_without_the_main_guard_plays_in_one_process(
    tmp_path: Path, call: str, guarded: bool
) -> None:
    """`simulate(..., jobs=2)` at a script's top level, as a reader copies the guide: each
    spawned worker would run the script again, and the run gave up on them as "lost (killed,
    or out of memory?)". It plays in this process, with a warning that says why; under
    `if __name__ == "__main__":` the workers are used, without a warning."""
    lines = ["from sueca_rules import compare, simulate", f"report = {call}"]
    if guarded:
        lines = [
            lines[0],
            "if __name__ == '__main__':",
            f"    report = {call}",
            "    print(report.jobs)",
        ]
    else:
        lines.append("print(report.jobs)")
    done = run_script(tmp_path, "\n".join(lines) + "\n")
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == (["2"] if guarded else ["1"])
    name = call.split("(", 1)[0]
    warned = f"{name}() with jobs=2 works in this process" in done.stderr
    assert warned is not guarded, done.stderr[-2000:]


def test_same_matches_with_one_or_two_jobs() -> None:
    one = simulate("sueca-play", (2, 1), matches=3, seed=2, jobs=1)
    two = simulate("sueca-play", (2, 1), matches=3, seed=2, jobs=2)
    assert _figures(one) == _figures(two)
    assert one.matches == 6
    assert sum(one.match_wins) == 6
    assert one.deals_per_partida is not None
    assert one.deals_per_partida >= 1
    assert one.carried_rate is not None


def test_duplicate_plays_every_deal_twice_with_the_seats_swapped() -> None:
    variant = load_variant_arg("portugal")
    study = Study((variant,), (1, 1), ({}, {}), 0, "deals", True)
    for index in range(8):
        ((a, b),) = play_unit(study, index)
        assert a.deals == b.deals == 1
        assert a.points0 + a.points1 == b.points0 + b.points1 == 120
        # The same seats hold the same cards and bots: the teams' points are exchanged, and
        # so is the first leader's side.
        assert (a.points0, a.points1) == (b.points1, b.points0)
        assert a.leader_halves == b.leader_halves


@pytest.mark.parametrize("level", [1, 2, 3])
def test_duplicate_between_equal_levels_is_an_exact_mirror(level: int) -> None:
    # Bots are seeded by seat, not by team, so the second play of a pair repeats the first
    # card for card with the teams' names exchanged: each team wins exactly half.
    report = simulate("portugal", (level, level), deals=10, seed=3)
    assert report.deals == 20
    assert report.deal_win_rate == (0.5, 0.5)
    assert report.deal_win_rate_ci95 == ((0.5, 0.5), (0.5, 0.5))
    assert report.point_margin == 0
    assert report.deal_wins[0] == report.deal_wins[1]
    assert report.duplicate_win_rate == (0.5, 0.5)  # every pair: 120 of 240 points each
    variant = load_variant_arg("portugal")
    study = Study((variant,), (level, level), ({}, {}), 3, "deals", True)
    ((first, second),) = play_unit(study, 4)
    assert (first.points0, first.points1) == (second.points1, second.points0)


def test_no_duplicate() -> None:
    report = simulate("portugal", (2, 1), deals=10, seed=1, duplicate=False)
    assert report.deals == 10
    assert report.size == 10
    assert not report.duplicate
    assert "Wilson" in report.ci_method
    assert sum(report.deal_wins) + report.ties == 10
    assert report.cards == (200, 200)
    assert report.duplicate_win_rate is None


def test_report_figures_hang_together() -> None:
    report = simulate("portugal", (2, 1), deals=30, seed=4)
    assert report.deals == 60
    assert sum(report.deal_wins) + report.ties == 60
    rate0, rate1 = report.deal_win_rate
    assert rate0 + rate1 == pytest.approx(1)
    for (lo, hi), rate in zip(report.deal_win_rate_ci95, report.deal_win_rate, strict=True):
        assert 0 <= lo <= rate <= hi <= 1
    assert report.points_mean[0] + report.points_mean[1] == pytest.approx(120)
    assert report.point_margin == pytest.approx(report.points_mean[0] - report.points_mean[1])
    assert report.capote_rate == pytest.approx(sum(report.capote_rate_by_team))
    assert report.capote_points == 91
    assert report.tie_rate == report.ties / 60
    assert report.carried_rate is None  # no tie is ever pending in a fresh deal
    assert report.match_win_rate is None
    assert report.cards == (1200, 1200)
    assert all(ms > 0 for ms in report.ms_per_card)
    json.dumps(report.to_dict())  # JSON-ready


def test_progress_is_reported() -> None:
    calls: list[tuple[int, int]] = []
    simulate("portugal", (1, 1), deals=5, seed=0, progress=lambda d, t: calls.append((d, t)))
    assert calls[0] == (0, 5)
    assert calls[-1] == (5, 5)
    assert [d for d, _ in calls] == sorted(d for d, _ in calls)


def test_level_four_with_options() -> None:
    report = simulate("portugal", (4, 1), deals=1, seed=0, bot_options={4: {"samples": 4}})
    assert report.deals == 2
    assert report.bot_options == ({"samples": 4}, {})
    assert report.ms_per_card[0] > report.ms_per_card[1]


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="not both"):
        simulate("portugal", deals=1, matches=1)
    with pytest.raises(ValueError, match="positive"):
        simulate("portugal", deals=0)
    with pytest.raises(ValueError, match="level 6"):
        simulate("portugal", (6, 1), deals=1)
    with pytest.raises(ValueError, match="level 4"):
        simulate("portugal", (2, 1), deals=1, bot_options={4: {"samples": 3}})
    with pytest.raises(ValueError, match="level 2 bots take no options"):
        simulate("portugal", (2, 1), deals=1, bot_options=({"samples": 3}, {}))


def testwilson() -> None:
    lo, hi = wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-4)
    assert hi == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_cli_levels_match_the_bots() -> None:
    assert tuple(LEVELS) == CLI_LEVELS


# --- the command ----------------------------------------------------------------------------


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "portugal", "--teams", "3,1", "--deals", "4", "--json"]) == 0
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert err == ""
    for key in (
        "teams",
        "deals",
        "deal_win_rate",
        "deal_win_rate_ci95",
        "ms_per_card",
        "point_margin",
        "capote_rate",
        "bandeira_rate",
        "tie_rate",
        "carried_rate",
        "deals_per_partida",
        "first_leader_win_rate",
        "match_win_rate",
    ):
        assert key in data
    assert data["teams"] == [3, 1]
    assert data["deals"] == 8
    assert len(data["deal_win_rate_ci95"]) == 2
    assert len(data["ms_per_card"]) == 2


def test_cli_json_matches_without_duplicate(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "portugal", "--matches", "2", "--no-duplicate", "--seed", "9", "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["mode"] == "matches"
    assert data["matches"] == 2
    assert data["duplicate"] is False
    assert data["seed"] == 9
    assert data["teams"] == [2, 1]  # the default


def test_cli_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "portugal", "--deals", "5"]) == 0
    out, err = capsys.readouterr()
    assert "Deal win rate" in out
    assert "95% interval" in out
    assert "First leader" in out
    assert err == ""  # no progress bar when stderr is not a terminal


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--teams", "6,1"], "level 6"),
        (["--teams", "x"], "two bot levels"),
        (["--teams", "1,2,3"], "two bot levels"),
        (["--deals", "0"], "argument --deals: must be from 1 to 10,000,000, got 0"),
        (["--deals", "10000001"], "argument --deals: must be from 1 to 10,000,000, got 10000001"),
        (["--deals", "10" * 30], "argument --deals: must be from 1 to 10,000,000, got 1010101"),
        (["--matches", "1000001"], "argument --matches: must be from 1 to 1,000,000, got 1000001"),
        (["--deals", "many"], "whole number"),
        (["--deals", "3", "--matches", "2"], "not allowed with"),
        (["--jobs", "-1"], "every CPU"),
        (["--samples", "10"], "level-4"),
        (["--teams", "4,1", "--samples", "999999999"], "at most 10,000"),
        (["--samples", "0"], "at least 1"),
    ],
)
def test_cli_errors(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert _status(["simulate", "portugal", *args]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert message in err
    assert "Traceback" not in err


def test_cli_unknown_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "nowhere", "--deals", "1"]) == 2
    assert "unknown variant" in capsys.readouterr().err


def test_duplicate_deals_won_are_counted_over_both_plays() -> None:
    report = simulate("portugal", (2, 1), deals=40, seed=6)
    assert report.duplicate_win_rate is not None
    assert report.duplicate_win_rate_ci95 is not None
    variant = load_variant_arg("portugal")
    study = Study((variant,), (2, 1), ({}, {}), 6, "deals", True)
    scores = []
    for index in range(40):
        ((first, second),) = play_unit(study, index)
        total = first.points0 + second.points0
        scores.append(1.0 if total > 120 else 0.5 if total == 120 else 0.0)
    assert report.duplicate_win_rate[0] == pytest.approx(sum(scores) / 40)
    lo, hi = report.duplicate_win_rate_ci95[0]
    assert lo < report.duplicate_win_rate[0] < hi
    assert report.to_dict()["duplicate_win_rate"] == pytest.approx(list(report.duplicate_win_rate))


# --- streaming, interruption and checkpoints --------------------------------------------------


def _stop_after(units: int) -> Callable[[int, int], None]:
    """A progress callback that presses Ctrl-C once ``units`` are done."""

    def progress(done: int, total: int) -> None:
        if done >= units:
            raise KeyboardInterrupt

    return progress


def test_ctrl_c_gives_the_figures_so_far() -> None:
    with pytest.raises(StudyInterrupted) as caught:
        simulate("portugal", (2, 1), deals=400, seed=3, progress=_stop_after(50))
    report = caught.value.report
    assert isinstance(caught.value, KeyboardInterrupt)
    assert isinstance(report, SimulationReport)
    assert not report.complete
    assert 100 <= report.deals < 800
    assert sum(report.deal_wins) + report.ties == report.deals


def test_a_resumed_run_ends_with_the_figures_of_an_uninterrupted_one(tmp_path: Path) -> None:
    file = tmp_path / "run.json"
    args: dict[str, Any] = {"deals": 120, "seed": 8}
    for stop in (20, 55):
        with pytest.raises(StudyInterrupted):
            simulate("portugal", (3, 1), checkpoint=file, progress=_stop_after(stop), **args)
        saved = json.loads(file.read_text())
        assert saved["done"][0][0] == 0
        assert stop <= saved["done"][0][1] < 120
    resumed = simulate("portugal", (3, 1), checkpoint=file, jobs=2, **args)
    whole = simulate("portugal", (3, 1), **args)
    assert resumed.complete
    assert _figures(resumed) == _figures(whole)
    # The finished checkpoint gives the same figures again without playing.
    calls: list[int] = []
    again = simulate(
        "portugal", (3, 1), checkpoint=file, progress=lambda d, t: calls.append(d), **args
    )
    assert _figures(again) == _figures(whole)
    assert calls == [120]


@pytest.mark.parametrize("where", ["summary", "ranges"])
def test_ctrl_c_while_a_chunk_is_merged_saves_no_deal_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    """Ctrl-C (or SIGTERM) arrives at any moment, also while a chunk's figures are being added
    to the running summary: the checkpoint saved then counts every deal once (a chunk half
    merged, or merged but not marked as played, would be played again on resuming and its deals
    counted twice)."""
    file = tmp_path / "run.json"
    args: dict[str, Any] = {"deals": 200, "seed": 8}  # chunks of 64: four merges at least
    merges = {"n": 0}
    original = StudySummary.merge if where == "summary" else Done.add

    def interrupted(self: Any, *rest: Any) -> None:
        merges["n"] += 1
        if merges["n"] == 3:  # the third chunk: the signal lands halfway through
            if where == "summary":
                self.variants[0].merge(rest[0].variants[0])
            raise KeyboardInterrupt
        original(self, *rest)

    target = StudySummary if where == "summary" else Done
    monkeypatch.setattr(target, "merge" if where == "summary" else "add", interrupted)
    with pytest.raises(StudyInterrupted):
        simulate("portugal", (2, 1), checkpoint=file, progress=_stop_after(10**9), **args)
    monkeypatch.undo()
    saved = json.loads(file.read_text())
    assert saved["done"][0][1] < 200  # stopped part-way
    resumed = simulate("portugal", (2, 1), checkpoint=file, **args)
    assert _figures(resumed) == _figures(simulate("portugal", (2, 1), **args))


def test_a_checkpoint_of_another_study_is_refused(tmp_path: Path) -> None:
    file = tmp_path / "run.json"
    simulate("portugal", (2, 1), deals=3, seed=1, checkpoint=file)
    for other in ({"seed": 2}, {"deals": 4}):
        kwargs: dict[str, Any] = {"deals": 3, "seed": 1, **other}
        with pytest.raises(CheckpointError, match="another study"):
            simulate("portugal", (2, 1), checkpoint=file, **kwargs)
    with pytest.raises(CheckpointError, match="another study"):
        simulate("sueca-play", (2, 1), deals=3, seed=1, checkpoint=file)
    (tmp_path / "junk.json").write_text("[1, 2]")
    with pytest.raises(CheckpointError, match="not a study checkpoint"):
        simulate("portugal", (2, 1), deals=3, checkpoint=tmp_path / "junk.json")
    (tmp_path / "deep.json").write_text("[" * 100_000)  # deeper than Python's JSON reader goes
    with pytest.raises(CheckpointError, match="not a study checkpoint"):
        simulate("portugal", (2, 1), deals=3, checkpoint=tmp_path / "deep.json")
    data = json.loads(file.read_text())
    data["summary"]["variants"][0]["totals"] = "x"
    file.write_text(json.dumps(data))
    with pytest.raises(CheckpointError, match="damaged"):
        simulate("portugal", (2, 1), deals=3, seed=1, checkpoint=file)
    with pytest.raises(CheckpointError, match="not a regular file"):
        simulate("portugal", (2, 1), deals=3, checkpoint=tmp_path)


def test_a_checkpoint_made_by_other_code_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A checkpoint records the code that made it (the version and a hash of the package's
    source); resuming it with other code would mix two programs' figures: refused, in one line."""
    file = tmp_path / "run.json"
    simulate("portugal", (2, 1), deals=3, seed=1, checkpoint=file)
    data = json.loads(file.read_text())
    assert data["code"] == code_version()
    assert len(data["code"]["source"]) == 64
    # The same code resumes it.
    simulate("portugal", (2, 1), deals=3, seed=1, checkpoint=file)
    for code, said in [
        (
            {**data["code"], "source": "0" * 64},
            f"source 000000000000; this is sueca-rules {data['code']['version']}",
        ),
        ({**data["code"], "version": "0.0.1"}, "sueca-rules 0.0.1, source"),
        (None, "a sueca-rules that did not record its code"),
    ]:
        other = (
            {**data, "code": code}
            if code is not None
            else {k: v for k, v in data.items() if k != "code"}
        )
        file.write_text(json.dumps(other))
        with pytest.raises(CheckpointError, match="was made by other code") as info:
            simulate("portugal", (2, 1), deals=3, seed=1, checkpoint=file)
        assert said in str(info.value)
        assert "mix two programs' figures" in str(info.value)
    argv = ["simulate", "portugal", "--teams", "2,1", "--deals", "3", "--seed", "1"]
    assert main([*argv, "--checkpoint", str(file)]) == 2
    err = capsys.readouterr().err
    assert "was made by other code" in err
    assert len(err.strip().splitlines()) == 1


def test_the_code_version_follows_the_source(tmp_path: Path) -> None:
    """The hash covers every source file of the package, by path: a copy hashes the same, an
    edited, added or renamed file does not."""
    package = Path(sueca_rules.__file__).parent
    assert code_version()["source"] == source_hash(package)
    copy = tmp_path / "sueca_rules"
    shutil.copytree(package, copy, ignore=shutil.ignore_patterns("__pycache__"))
    assert source_hash(copy) == source_hash(package)
    bots = copy / "bots" / "_base.py"
    seen = {source_hash(copy)}
    bots.write_text(bots.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    seen.add(source_hash(copy))
    (copy / "_extra.py").write_text("", encoding="utf-8")
    seen.add(source_hash(copy))
    bots.rename(copy / "bots" / "_base2.py")
    seen.add(source_hash(copy))
    assert len(seen) == 4


def test_checkpoints_are_replaced_atomically(tmp_path: Path) -> None:
    file = tmp_path / "c.json"
    for size in (3, 3):
        simulate("portugal", (2, 1), deals=size, checkpoint=file)
    assert [p.name for p in tmp_path.iterdir()] == ["c.json"]  # no temporary file left
    assert json.loads(file.read_text())["done"] == [[0, 3]]


def test_memory_does_not_depend_on_the_number_of_deals() -> None:
    # A trillion deals: nothing is allocated for them before the first deal, and the run
    # stops (Ctrl-C) after a few, having used a few hundred kilobytes at most.
    tracemalloc.start()
    try:
        with pytest.raises(StudyInterrupted) as caught:
            simulate("portugal", (1, 1), deals=10**12, progress=_stop_after(1))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert caught.value.report.size == 10**12
    assert peak < 2_000_000
    chunks = Done().chunks(10**12, 64)
    assert next(chunks) == (0, 64)


def test_done_ranges() -> None:
    done = Done()
    for a, b in [(10, 20), (0, 5), (5, 10), (30, 40)]:
        done.add(a, b)
    assert done.ranges == [(0, 20), (30, 40)]
    assert done.count == 30
    assert list(done.chunks(45, 4)) == [(20, 24), (24, 28), (28, 30), (40, 44), (44, 45)]


def test_summaries_merge_in_any_order() -> None:
    variant = load_variant_arg("sueca-play")
    study = Study((variant,), (2, 1), ({}, {}), 4, "matches", True)
    parts = [play_chunk(study, a, a + 2) for a in range(0, 6, 2)]
    one = StudySummary.empty(1, "matches", True)
    two = StudySummary.empty(1, "matches", True)
    for part in parts:
        one.merge(part)
    for part in reversed(parts):
        two.merge(StudySummary.from_state(part.to_state(), "matches", True))
    a, b = one.to_state(), two.to_state()
    for state in (a, b):
        for v in state["variants"]:
            v.pop("timing")
    assert a == b
    assert one.variants[0].units == 6


def test_matches_are_bounded() -> None:
    # No match reaches 10,000 games: it is stopped at MAX_DEALS_PER_MATCH deals.
    portugal = load_variant_arg("portugal")
    rules = portugal.match.model_copy(update={"target_games": 10_000})
    variant = portugal.model_copy(update={"match": rules})
    study = Study((variant,), (1, 1), ({}, {}), 0, "matches", False)
    (tallies,) = play_unit(study, 0)
    assert tallies[0].deals == MAX_DEALS_PER_MATCH
    assert tallies[0].unfinished == 1
    assert tallies[0].match_wins0 == tallies[0].match_wins1 == 0
    assert CLI_MAX_DEALS == MAX_DEALS_PER_MATCH


def test_capote_is_the_rule_fact() -> None:
    # A variant whose only tier is 61 points still has capotes: 91 points and no bandeira.
    portugal = load_variant_arg("portugal")
    scoring = portugal.scoring.model_copy(update={"tiers": portugal.scoring.tiers[:1]})
    variant = portugal.model_copy(update={"scoring": scoring})
    report = simulate(variant, (3, 1), deals=40, seed=2)
    assert report.capote_points == CAPOTE_POINTS
    assert report.capote_rate > 0
    assert report.capote_rate == simulate("portugal", (3, 1), deals=40, seed=2).capote_rate


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"jobs": -1}, "0 \\(every CPU\\)"),
        ({"jobs": 10_000}, "at most"),
        ({"jobs": True}, "jobs"),
        ({"cluster": "dask"}, "cluster"),
        ({"address": "auto"}, "cluster='ray'"),
        ({"seed": 1.5}, "seed"),
        ({"teams": (True, 1)}, "level True"),
        ({"teams": (2.0, 1)}, "level 2.0"),
        ({"teams": None}, "two bot levels"),
        ({"bot_options": "ab"}, "mapping"),
        ({"bot_options": {4: {"samples": "x"}}, "teams": (4, 1)}, "team 0"),
        ({"deals": True}, "positive"),
    ],
)
def test_bad_arguments_are_refused_before_any_work(kwargs: dict[str, Any], message: str) -> None:
    calls: list[int] = []
    args: dict[str, Any] = {"teams": (2, 1), "deals": 3, **kwargs}
    with pytest.raises(ValueError, match=message):
        simulate("portugal", progress=lambda d, t: calls.append(d), **args)
    assert calls == []


# --- worker processes ---------------------------------------------------------------------------


def _start(args: list[str], code: str = "") -> subprocess.Popen[str]:
    """``sueca ARGS`` in a child process (``code`` runs first), Ctrl-C not ignored."""
    program = f"{code}\nfrom sueca_rules.cli import main\nraise SystemExit(main({args!r}))"
    return subprocess.Popen(
        [sys.executable, "-c", program],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def _workers(parent: int, count: int = 2, timeout: float = 30.0) -> list[int]:
    """The pids of ``parent``'s pool workers, once ``count`` of them are running."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = []
        for proc in Path("/proc").iterdir():
            if not proc.name.isdigit():
                continue
            try:
                stat = (proc / "stat").read_text()
                cmdline = (proc / "cmdline").read_bytes()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == parent and b"spawn_main" in cmdline:
                found.append(int(proc.name))
        if len(found) >= count:
            return found
        time.sleep(0.05)
    raise AssertionError(f"no {count} workers of {parent} within {timeout} s")


def _gone(pids: list[int], timeout: float = 10.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not any(_alive(p) for p in pids):
            return True
        time.sleep(0.05)
    return False


_LINUX = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
# The worker-kill tests sleep, scan /proc and time out: slow (run in CI's step of their own).
_WORKER_KILL = pytest.mark.slow


@_LINUX
@_WORKER_KILL
def test_a_lost_worker_has_its_deals_played_again() -> None:
    args = ["simulate", "portugal", "--teams", "2,1", "--deals", "3000", "--jobs", "2", "--json"]
    child = _start(args)
    workers = _workers(child.pid)
    time.sleep(0.3)
    os.kill(workers[0], signal.SIGKILL)
    out, err = child.communicate(timeout=120)
    assert child.returncode == 0, err
    assert "Traceback" not in err
    assert err.strip() == (
        "note: 1 worker process was lost; their deals were played again (the figures are unchanged)"
    )
    data = json.loads(out)
    assert data["worker_retries"] == 1
    whole = simulate("portugal", (2, 1), deals=3000).to_dict()
    for key in SimulationReport.TIMING_KEYS:
        del data[key], whole[key]
    assert data == whole


@_LINUX
@_WORKER_KILL
def test_a_worker_lost_too_often_is_one_line() -> None:
    code = "import sueca_rules._studies._runner as r\nr.MAX_RETRIES = 0"
    child = _start(["simulate", "portugal", "--deals", "100000", "--jobs", "2"], code)
    os.kill(_workers(child.pid)[0], signal.SIGKILL)
    out, err = child.communicate(timeout=120)
    assert child.returncode == 1
    assert out == ""
    assert err.splitlines() == [
        "stopped: a worker process was lost (killed, or out of memory?); giving up after 0 retries"
    ]


@_LINUX
@_WORKER_KILL
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL])
def test_workers_die_with_their_parent(sig: signal.Signals) -> None:
    child = _start(["simulate", "portugal", "--deals", "1000000", "--jobs", "2", "--json"])
    workers = _workers(child.pid)
    time.sleep(0.2)
    child.send_signal(sig)
    out, err = child.communicate(timeout=60)
    assert _gone(workers), "workers outlived their parent"
    if sig == signal.SIGTERM:
        assert child.returncode == 143
        assert "Traceback" not in err
        assert json.loads(out)["complete"] is False


# --- decisions beyond the cards: redeals and claims -------------------------------------------


class _Eager:
    """A level-1 bot that asks for every redeal it may and claims a renúncia at every chance."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def choose(self, observation: Any) -> Any:
        return self.bot.choose(observation)

    def wants_redeal(self, observation: Any) -> bool:
        return True

    def claim(self, observation: Any) -> int | None:
        return (observation.seat + 1) % 4 if observation.can_claim else None


def test_redeals_and_claims_are_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    from sueca_rules._studies import _play

    make = _play._make_bots
    monkeypatch.setattr(_play, "_make_bots", lambda *a: [_Eager(b) for b in make(*a)])
    brasil = simulate("brasil", (1, 1), matches=4, seed=1)
    assert brasil.redeal_rate > 0
    assert brasil.matches == 8
    assert sum(brasil.match_wins) + brasil.unfinished_matches == 8
    table = simulate("portugal-table", (1, 1), deals=20, seed=1)
    assert table.claim_rate > 0
    assert table.revoke_rate > 0
    assert table.deals == 40  # a deal ended by a claim is a deal played
    plain = simulate("portugal", (1, 1), deals=20, seed=1)  # nothing to claim or redeal
    assert plain.claim_rate == plain.redeal_rate == plain.revoke_rate == 0


@pytest.mark.parametrize(
    ("args", "missing", "message"),
    [
        (["simulate", "portugal", "--cluster", "ray"], "ray", "sueca-rules[cluster]"),
        (["compare", "portugal", "french", "--plot", "x.svg"], "matplotlib", "sueca-rules[plots]"),
    ],
)
def test_a_missing_extra_is_one_line(
    args: list[str],
    missing: str,
    message: str,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
) -> None:
    monkeypatch.setitem(sys.modules, missing, None)  # import fails as if not installed
    monkeypatch.chdir(tmp_path)
    assert _status([*args, "--deals", "1"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert message in err
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("command", ["simulate", "compare"])
def test_without_the_cli_extra_a_study_says_what_to_install_before_any_work(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from sueca_rules.cli import main

    monkeypatch.setitem(__import__("sys").modules, "rich", None)
    played: list[object] = []
    monkeypatch.setattr("sueca_rules._studies._runner.run_study", played.append, raising=False)
    variants = ["portugal", "french"] if command == "compare" else ["portugal"]
    assert main([command, *variants, "--deals", "1000000"]) == 1
    err = capsys.readouterr().err
    assert f"sueca {command} needs the 'cli' extra (rich is not installed)" in err
    assert "pip install 'sueca-rules[cli]'" in err
    assert played == []


def test_one_match_is_said_in_the_singular(capsys: pytest.CaptureFixture[str]) -> None:
    from sueca_rules.cli import main

    assert main(["simulate", "portugal", "--matches", "1", "--teams", "1,1", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "\n1 match, each played twice" in out
    assert "matche," not in out


# --- duplicate deals when weak hands are redealt ---------------------------------------------


class _Redealer:
    """A level-1 bot that asks for a new deal whenever it may (`asks`), or never."""

    level = 1

    def __init__(self, bot: Bot, asks: bool) -> None:
        self._bot = bot
        self._asks = asks

    def choose(self, observation: Observation) -> Card:
        return self._bot.choose(observation)

    def wants_redeal(self, observation: Observation) -> bool:
        return self._asks and observation.may_redeal


def _team_0_asks(study: Study, base: str, team_of: tuple[int, ...]) -> list[Bot]:
    """Bots whose team decides the redeals: team 0 always asks, team 1 never, so the two plays of
    a duplicate pair (the teams' seats swapped) redeal different deals."""
    return [_Redealer(make_bot(1, seed=f"{base}:seat{s}"), team_of[s] == 0) for s in range(4)]


WEAK_HANDS = Variant.model_validate(
    {"name": "House: weak hands", "deal": {"redeal": {"leader_below": 15, "others_below": 15}}}
)
"""Portugal, where a hand of fewer than 15 card points may ask for a new deal."""

WEAK_BRASIL = Variant.model_validate(
    {"name": "Brasil: weak hands", "extends": "brasil", **WEAK_HANDS.model_dump(include={"deal"})}
)
"""Brasil (clockwise, the dealer chooses the trump card), with the same weak hands."""


def _dealings(match: Match) -> list[list[tuple[object, ...]]]:
    """For each deal played, the cards it was dealt (dealer, hands, turned card): the ones sent
    back by weak hands, then the ones played."""
    dealings: list[list[tuple[object, ...]]] = [[]]
    for deal in match.deals:
        dealings[-1].append((deal.dealer, deal.hands, deal.trump_card))
        if deal.result != "redeal":
            dealings.append([])
    return dealings[:-1]


def _same_cards(
    a: list[list[tuple[object, ...]]], b: list[list[tuple[object, ...]]]
) -> tuple[int, int]:
    """Check that each deal played by both was dealt the same cards, one attempt after another
    (the one whose weak hands sent more back saw more of them); returns the deals where the two
    redealt differently, and the deals after one of those that were dealt alike."""
    differ = alike_after = 0
    for x, y in zip(a, b, strict=False):
        n = min(len(x), len(y))
        assert x[:n] == y[:n]
        if len(x) != len(y):
            differ += 1
        elif differ:
            alike_after += 1
    return differ, alike_after


@pytest.mark.parametrize("variant", [WEAK_HANDS, WEAK_BRASIL], ids=["portugal", "brasil"])
@pytest.mark.parametrize("mode", ["deals", "matches"])
def test_both_plays_of_a_pair_see_the_same_cards_whoever_redeals(
    variant: Variant, mode: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The two plays of a pair redeal differently, as bots of other levels would: deal k is dealt
    # the same cards in both, one attempt after another, and deal k + 1 starts from the same
    # cards again whatever happened before.
    monkeypatch.setattr("sueca_rules._studies._play._make_bots", _team_0_asks)
    study = Study((variant,), (1, 1), ({}, {}), 5, mode, True)  # type: ignore[arg-type]
    differ = alike_after = 0
    for index in range(4):
        (_, a), (_, b) = (play_and_keep(study, variant, index, swap) for swap in (0, 1))
        counts = _same_cards(_dealings(a), _dealings(b))
        differ += counts[0]
        alike_after += counts[1]
    assert differ  # the two plays did redeal differently…
    assert alike_after or mode == "deals"  # …and went on with the same cards after it


def test_variants_with_and_without_redeals_see_the_same_cards(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("sueca_rules._studies._play._make_bots", _team_0_asks)
    portugal = load_variant_arg("portugal")
    study = Study((portugal, WEAK_HANDS), (1, 1), ({}, {}), 2, "matches", True)
    differ = alike_after = 0
    for index in range(4):
        plain = _dealings(play_and_keep(study, portugal, index, 0)[1])
        counts = _same_cards(plain, _dealings(play_and_keep(study, WEAK_HANDS, index, 0)[1]))
        differ += counts[0]
        alike_after += counts[1]
    assert differ
    assert alike_after


@pytest.mark.parametrize("variant_id", builtin_ids())
def test_a_deal_dealt_from_its_seed_is_the_engines(variant_id: str) -> None:
    # Attempt 0 of played deal k is shuffled from the seed the engine shuffles its deal k from:
    # where nothing is redealt, a study's cards are the engine's (and today's figures stay).
    for dealer, side in ((0, "bottom"), (1, "top"), (3, "bottom")):
        match = Match(variant_id, seed="s", first_dealer=dealer, deal=False)
        chosen = side if match.rules.trump_dealer_choice else None
        match.deal_random(chosen)  # type: ignore[arg-type]
        seed = deal_seed("s", 1, 0)
        hands, turned = deal_cards(match.rules, dealer, chosen, seed)  # type: ignore[arg-type]
        assert [sorted(int(c) for c in match.hand(s)) for s in range(4)] == [
            sorted(h) for h in hands
        ]
        assert match.trump_card is not None
        assert int(match.trump_card) == turned


def test_the_report_in_portuguese(capsys: pytest.CaptureFixture[str]) -> None:
    """`--lang pt`: every line of the report in Portuguese; `--json` the same in every language."""
    from sueca_rules.cli import main

    assert main(["simulate", "portugal", "--deals", "20", "--lang", "pt"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    for words in (
        "Portugal: equipa 0 (nível 2) contra equipa 1 (nível 1)",
        "20 mãos, cada uma jogada duas vezes com as mesmas cartas",
        "Mãos em duplicado ganhas³",
        "Diferença de pontos",
        "por mão para a equipa 0",
        "emparelhado: t de Student",
        "Levou ",
    ):
        assert words in out, words
    for english in ("Deals", "team 0", "per deal", "95% interval", "Took", "paired"):
        assert english not in out, english
    assert re.search(r"\d,\d%", out)  # 67,5%: a decimal comma, as Portuguese writes it
    assert not re.search(r"\d\.\d", out)
    assert main(["simulate", "portugal", "--deals", "20", "--json"]) == 0
    english = json.loads(capsys.readouterr().out)
    assert main(["simulate", "portugal", "--deals", "20", "--json", "--lang", "pt"]) == 0
    portuguese = json.loads(capsys.readouterr().out)
    assert {k: v for k, v in english.items() if "ms" not in k and "elapsed" not in k} == {
        k: v for k, v in portuguese.items() if "ms" not in k and "elapsed" not in k
    }


def _decimals(text: str, mark: str) -> list[str]:
    """The numbers with decimals in `text` (`+25.2`, `0.004`), in order, their mark `mark`."""
    return re.findall(rf"[-+]?\d+{re.escape(mark)}\d+", text)


@pytest.mark.parametrize("size", [{"deals": 4}, {"matches": 1}])
def test_portuguese_writes_the_numbers_with_a_decimal_comma(
    size: dict[str, Any], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`sueca simulate --lang pt` writes every number as Portuguese does (`67,5%`, `59,2–75,8%`,
    `+25,2 por mão`, `0,004 ms`), as `sueca analyse` does: the same numbers as the English
    report, in the same places, only the decimal mark differs; the English is as it was."""
    from sueca_rules.cli._cmd_simulate import _print_report

    monkeypatch.setenv("COLUMNS", "100")
    report = dataclasses.replace(
        simulate("portugal", (2, 1), seed=3, **size),
        ms_per_card=(0.0042, 12.3),
        ms_per_card_median=(0.0041, 250.0),
        elapsed_s=1.5,
    )
    _print_report(report, "en")
    english = capsys.readouterr().out
    _print_report(report, "pt")
    portuguese = capsys.readouterr().out
    assert not re.search(r"\d\.\d", portuguese)
    numbers = _decimals(english, ".")
    assert len(numbers) > 15
    assert _decimals(portuguese, ",") == [n.replace(".", ",") for n in numbers]
    said = " ".join(english.split())
    assert "Time per card: mean 0.004 ms 12.3 ms median 0.004 ms 250 ms" in said
    assert re.search(r"95% interval² \d+\.\d–\d+\.\d% \d+\.\d–\d+\.\d%", said)
    assert re.search(r"Point margin [-+]\d+\.\d per deal for team 0 \(95% interval [-+]\d", said)
    assert said.endswith("Took 1.5 s with 1 job.")
    said = " ".join(portuguese.split())
    assert "Tempo por carta: média 0,004 ms 12,3 ms mediana 0,004 ms 250 ms" in said
    assert re.search(r"intervalo de 95%² \d+,\d–\d+,\d% \d+,\d–\d+,\d%", said)
    assert re.search(r"Diferença de pontos [-+]\d+,\d por mão para a equipa 0", said)
    assert said.endswith("Levou 1,5 s com 1 processo.")
    if "matches" in size:
        assert re.search(r"Mãos por partida \d+,\d\d ", said)


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_median_time_lines_up_under_the_mean(
    lang: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`Time per card: mean`, then `median` under `mean` (`Tempo por carta: média`, `mediana`
    under `média`), in every language."""
    from sueca_rules.cli._cmd_simulate import _print_report
    from sueca_rules.cli._common import cli_words

    monkeypatch.setenv("COLUMNS", "100")
    _print_report(simulate("portugal", (1, 1), deals=1, seed=1), lang)
    lines = capsys.readouterr().out.splitlines()
    label = cli_words(lang, "sim.time_mean")  # "Time per card: mean"
    (at,) = [i for i, line in enumerate(lines) if line.startswith(label)]
    mean = label.rsplit(" ", 1)[1]
    median = cli_words(lang, "sim.time_median").strip()
    assert lines[at + 1].index(median) == lines[at].index(mean)


def test_few_pairs_give_wide_intervals() -> None:
    """The paired intervals take Student's t, not the normal's 1.96: two pairs of matches
    (one degree of freedom) give an interval about 6.5 times as wide as 1.96 would, and many
    pairs nearly the normal's."""
    from sueca_rules._studies._stats import Z95, Moments, normal_interval, t95

    assert t95(1) == pytest.approx(12.706, abs=1e-3)
    assert t95(30) == pytest.approx(2.042, abs=1e-3)
    assert t95(31) == pytest.approx(2.040, abs=1e-3)  # the expansion meets the table
    assert t95(1000) == pytest.approx(1.9623, abs=1e-4)
    two = Moments()
    for value in (Fraction(3, 4), Fraction(1, 2)):
        two.add(value)
    low, high = normal_interval(two, 0.0, 1.0)
    assert (low, high) == (0.0, 1.0)  # 0.625 ± 12.7 * 0.125: the whole range
    report = simulate("portugal", (2, 1), matches=2, seed=0)
    (low, high), _ = report.deal_win_rate_ci95
    assert high - low > 0.2  # two pairs of matches cannot pin the deal win rate down
    with pytest.raises(ValueError, match="at least 1"):
        t95(0)
    assert Z95 < t95(10_000) < Z95 + 1e-3


# --- what the command says of a study interrupted or whose workers were lost -------------------


def _study_command(
    capsys: pytest.CaptureFixture[str],
    lang: str,
    interrupted: SimulationReport,
    json_output: bool = False,
) -> tuple[int, list[SimulationReport], str]:
    """`run_study_command` stopped by Ctrl-C with `interrupted`'s figures: its status, the
    reports it showed, what it wrote on stderr."""
    import argparse

    from sueca_rules.cli._study_options import run_study_command

    def call(progress: Any) -> SimulationReport:
        raise StudyInterrupted(interrupted)

    shown: list[SimulationReport] = []
    args = argparse.Namespace(checkpoint=None, json=json_output)
    status = run_study_command(args, "deals", interrupted.size, call, shown.append, lang)
    return status, shown, capsys.readouterr().err


@pytest.mark.parametrize(
    ("lang", "heading", "nothing"),
    [
        (
            "en",
            "interrupted[/] after 3 of 8 deals, each played twice",
            "interrupted before the first deal was played: no figures\n",
        ),
        (
            "pt",
            "interrompido[/] ao fim de 3 de 8 mãos, cada uma jogada duas vezes",
            "interrompido antes de se jogar a primeira mão: não há números\n",
        ),
    ],
)
def test_an_interrupted_study_says_how_much_was_played_and_shows_no_figures_of_nothing(
    capsys: pytest.CaptureFixture[str], lang: str, heading: str, nothing: str
) -> None:
    from sueca_rules.cli._study_options import heading as study_heading

    played = dataclasses.replace(simulate("portugal", (2, 1), deals=3, seed=1), size=8)
    partial = dataclasses.replace(played, complete=False)
    assert heading in study_heading("Portugal", partial, lang)
    assert "interrupt" not in study_heading("Portugal", played, lang)
    status, shown, err = _study_command(capsys, lang, partial)
    assert (status, shown) == (130, [partial])
    assert "interromp" in err if lang == "pt" else "interrupted" in err
    # Stopped before the first deal: no table of figures in which each team won 0.0% of them.
    none = dataclasses.replace(partial, deals=0, deal_wins=(0, 0))
    status, shown, err = _study_command(capsys, lang, none)
    assert (status, shown, err) == (130, [], nothing)
    # With --json the report is printed all the same (`complete: false`, 0 deals).
    status, shown, err = _study_command(capsys, lang, none, json_output=True)
    assert (status, shown, err) == (130, [none], nothing)


@pytest.mark.parametrize(
    ("lang", "error", "said"),
    [
        (
            "en",
            WorkerLostError("x", lost=1, retries=0),
            "stopped: a worker process was lost (killed, or out of memory?); giving up after "
            "0 retries",
        ),
        (
            "en",
            WorkerLostError("x", lost=3, retries=2),
            "stopped: 3 worker processes were lost (killed, or out of memory?); giving up after "
            "2 retries",
        ),
        (
            "pt",
            WorkerLostError("x", lost=2, retries=1),
            "parado: perderam-se 2 processos de trabalho (foram mortos, ou faltou memória?); "
            "desisto depois de 1 nova tentativa",
        ),
        (
            "pt",
            WorkerLostError(
                "x", lost=1, retries=3, ray_units=(40, 79), ray_error="WorkerCrashedError"
            ),
            "parado: uma tarefa do Ray (unidades 40-79) falhou depois de 3 novas tentativas: "
            "WorkerCrashedError",
        ),
    ],
)
def test_lost_workers_are_said_in_the_command_s_language(
    lang: str, error: WorkerLostError, said: str
) -> None:
    import argparse

    from sueca_rules.cli._common import CliError
    from sueca_rules.cli._study_options import run_study_command

    def call(progress: Any) -> SimulationReport:
        raise error

    with pytest.raises(CliError) as caught:
        run_study_command(argparse.Namespace(checkpoint=None), "deals", 8, call, print, lang)
    assert str(caught.value) == said
    assert caught.value.status == 1


@pytest.mark.parametrize("command", ["play", "simulate", "compare"])
def test_without_the_cli_extra_the_command_says_what_to_install_in_portuguese(
    command: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--lang pt` (or a Portuguese locale): what to install is said in Portuguese, with the
    clone's command too (the English was said whatever the language)."""
    from sueca_rules.cli import main

    monkeypatch.setitem(__import__("sys").modules, "rich", None)
    variants = ["portugal", "french"] if command == "compare" else ["portugal"]
    assert main([command, *variants, "--lang", "pt"]) == 1
    err = capsys.readouterr().err
    assert f"sueca {command} precisa do extra 'cli' (falta rich)" in err
    assert "pip install 'sueca-rules[cli]' (a partir de um clone: pip install -e '.[cli]')" in err
    assert "needs" not in err


@pytest.mark.parametrize(
    ("key", "extra"),
    [
        ("study.no_matplotlib", "plots"),
        ("study.no_ray", "cluster"),
        ("serve.no_redis", "redis"),
        ("serve.no_web", "web"),
    ],
)
def test_a_missing_extra_names_the_clones_install_too(key: str, extra: str) -> None:
    """sueca-rules is installed from a clone until it is published: each message that names an
    extra to install gives the clone's command too, in every language."""
    from sueca_rules.cli._common import cli_words

    for lang in ("en", "pt"):
        said = cli_words(lang, key, missing="uvicorn")
        assert f"pip install 'sueca-rules[{extra}]'" in said
        assert f"pip install -e '.[{extra}]')" in said
