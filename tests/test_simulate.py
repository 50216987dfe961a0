"""``simulate`` and ``sueca simulate``: repeatable, independent of the number of jobs, duplicate
play that really swaps the seats, and a command line that fails cleanly."""

from __future__ import annotations

import json
from typing import Any

import pytest

from sueca_rules._simulate import SimulationReport, simulate
from sueca_rules._studies._play import Study, play_unit
from sueca_rules._studies._stats import wilson
from sueca_rules.bots import LEVELS
from sueca_rules.cli import main
from sueca_rules.cli._common import LEVELS as CLI_LEVELS
from sueca_rules.cli._common import load_variant_arg


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
    with pytest.raises(ValueError, match="level 5"):
        simulate("portugal", (5, 1), deals=1)
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
        (["--teams", "5,1"], "level 5"),
        (["--teams", "x"], "two bot levels"),
        (["--teams", "1,2,3"], "two bot levels"),
        (["--deals", "0"], "at least 1"),
        (["--deals", "many"], "whole number"),
        (["--deals", "3", "--matches", "2"], "not allowed with"),
        (["--jobs", "-1"], "every CPU"),
        (["--samples", "10"], "level-4"),
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
