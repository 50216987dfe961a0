"""`benchmarks/versus.py`: two runs of the same seed and deals compared pair by pair."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.benchmark_scripts import load_benchmark


def test_a_run_is_compared_pair_by_pair_with_an_earlier_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    versus = load_benchmark("versus")
    pairs = tmp_path / "pairs.json"
    common = ["--old", "HEAD", "--level", "1", "--deals", "3", "--seed", "t"]
    assert versus.main([*common, "--pairs", str(pairs)]) == 0
    first = json.loads(capsys.readouterr().out)
    saved = json.loads(pairs.read_text(encoding="utf-8"))
    assert saved["seed"] == "t"
    assert len(saved["points"]) == 3
    assert all(len(p) == 2 and min(p) >= 0 and max(p) <= 120 for p in saved["points"])
    scores = [versus._pair_score(p) for p in saved["points"]]
    assert first["new_duplicate_win_rate"] == round(sum(scores) / 3, 4)
    # The same bots on the same deals: not one pair changes.
    assert versus.main([*common, "--paired-with", str(pairs)]) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["duplicate_win_rate_change"] == 0
    assert again["pairs_that_changed"] == 0
    # Another seed is refused, not compared.
    with pytest.raises(SystemExit):
        versus.main(["--old", "HEAD", "--level", "1", "--deals", "3", "--paired-with", str(pairs)])


def test_a_pair_is_won_with_more_than_half_the_points_of_its_two_deals() -> None:
    versus = load_benchmark("versus")
    assert versus._pair_score([70, 51]) == 1.0
    assert versus._pair_score([60, 60]) == 0.5
    assert versus._pair_score([120, 0]) == 0.5
    assert versus._pair_score([59, 60]) == 0.0
