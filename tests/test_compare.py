"""``compare`` and ``sueca compare``: the same duplicate deals under several variants, paired
differences with intervals, conclusions in words, JSON and a picture."""

from __future__ import annotations

import dataclasses
import json
import math
import re
from pathlib import Path
from typing import Any

import pytest

from sueca_rules._studies._compare import (
    METRICS,
    MIN_DIFFERING,
    MINUTES_MODEL,
    ComparisonReport,
    Distribution,
    Estimate,
    compare,
    conclusions_in,
    metric_label,
    minutes_model_in,
)
from sueca_rules._studies._simulate import StudyInterrupted, simulate
from sueca_rules._studies._summary import RATIOS
from sueca_rules.cli import main


def _status(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as exc:
        return int(exc.code or 0)


@pytest.fixture(scope="module")
def report() -> ComparisonReport:
    return compare(["portugal", "sueca-online", "french"], matches=40, seed=1)


def test_every_figure_has_an_estimate_per_variant_and_a_difference(
    report: ComparisonReport,
) -> None:
    assert set(METRICS) == set(RATIOS) == set(report.figures) == set(report.differences)
    assert report.variants == ("Portugal", "Sueca Online", "French rules")
    for name in METRICS:
        assert len(report.figures[name]) == 3
        assert len(report.differences[name]) == 2
        for e in (*report.figures[name], *report.differences[name]):
            assert e.low <= e.value <= e.high
        for k in (1, 2):
            d = report.differences[name][k - 1]
            a, b = report.figures[name][0], report.figures[name][k]
            assert d.value == pytest.approx(b.value - a.value)


def test_each_variant_is_a_simulation_on_the_same_cards(report: ComparisonReport) -> None:
    # Each variant's own report is exactly what simulate gives for it with the same seed.
    for name, own in zip(("portugal", "sueca-online", "french"), report.reports, strict=True):
        alone = simulate(name, (2, 1), matches=40, seed=1).to_dict()
        mine = own.to_dict()
        for key in ("ms_per_card", "ms_per_card_median", "elapsed_s", "jobs"):
            del alone[key], mine[key]
        assert mine == alone
    deals = report.reports[0].deals
    games = report.figures["games_per_deal"][0].value
    assert games * deals == pytest.approx(
        sum(report.reports[0].to_dict()["deal_wins"]) * 0 + games * deals
    )
    # The figures agree with the per-variant reports.
    for k, own in enumerate(report.reports):
        assert report.figures["tie_rate"][k].value == pytest.approx(own.tie_rate)
        assert report.figures["capote_rate"][k].value == pytest.approx(own.capote_rate)
        assert report.figures["first_leader_edge"][k].value == pytest.approx(
            own.first_leader_win_rate - 0.5
        )
        dist = report.distributions[k]
        partidas = sum(dist.deals.values())
        mean = sum(n * c for n, c in dist.deals.items()) / partidas
        assert report.figures["deals_per_partida"][k].value == pytest.approx(mean)
        assert own.deals_per_partida == pytest.approx(own.deals / partidas)


def test_a_variant_against_itself_differs_by_exactly_nothing() -> None:
    same = compare(["portugal", "portugal"], matches=10, seed=2)
    assert same.variants == ("Portugal (1)", "Portugal (2)")
    for name in METRICS:
        d = same.differences[name][0]
        if not math.isnan(d.value):
            assert (d.value, d.low, d.high) == (0.0, 0.0, 0.0)
    assert same.conclusions == ()


def test_a_clear_difference_is_put_into_words() -> None:
    # A bandeira by all ten tricks is rarer than by all 120 points (a trick of four blanks
    # can be lost): the same cards make fewer bandeiras with sueca-online.
    r = compare(["portugal", "sueca-online"], deals=400, seed=3, teams=(3, 1))
    d = r.differences["bandeira_rate"][0]
    assert d.value <= 0
    assert math.isnan(r.figures["deals_per_partida"][0].value)  # deals mode: no partidas
    assert r.distributions[0].deals == {}
    for sentence in r.conclusions:
        assert sentence.startswith("With Sueca Online, ")
        assert "against" in sentence


def test_equal_levels_have_no_stronger_team() -> None:
    r = compare(["portugal", "sueca-play"], (1, 1), matches=2)
    assert all(math.isnan(e.value) for e in r.figures["stronger_team_match_rate"])
    assert json.loads(json.dumps(r.to_dict()))["figures"]["stronger_team_match_rate"][0] == {
        "value": None,
        "low": None,
        "high": None,
    }


def test_distribution_quantiles() -> None:
    dist = Distribution({3: 2, 4: 5, 6: 3}, {})
    assert dist.summary("deals") == (3.0, 4.0, 6.0)
    assert dist.summary("minutes") == (None, None, None)


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="two variants"):
        compare(["portugal"])
    with pytest.raises(ValueError, match="two variants"):
        compare("portugal")
    with pytest.raises(ValueError, match="level 7"):
        compare(["portugal", "french"], (7, 1))


def test_ctrl_c_gives_the_comparison_so_far() -> None:
    def stop(done: int, total: int) -> None:
        if done >= 3:
            raise KeyboardInterrupt

    with pytest.raises(StudyInterrupted) as caught:
        compare(["portugal", "french"], matches=50, progress=stop)
    partial = caught.value.report
    assert isinstance(partial, ComparisonReport)
    assert not partial.complete


# --- the command ----------------------------------------------------------------------------


def test_cli_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "portugal", "sueca-online", "--matches", "6"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    for text in ("Portugal", "Sueca Online", "Deals per partida", "Partida length", "±"):
        assert text in out


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_note_on_minutes_only_under_a_table_that_has_minutes(
    lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--deals` plays no whole partida, so its table has no minutes: the note under it said how
    the minutes are reckoned all the same ("Minutes: 4 s a card played ...")."""
    word = {"en": "Minutes", "pt": "Minutos"}[lang]
    assert main(["compare", "portugal", "sueca-online", "--deals", "6", "--lang", lang]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert f"{word}: " not in out
    assert "±" in out
    assert main(["compare", "portugal", "sueca-online", "--matches", "3", "--lang", lang]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert f"{word}: 4 s " in out


def test_the_words_of_a_comparison_in_portuguese(capsys: pytest.CaptureFixture[str]) -> None:
    r = compare(["portugal", "french"], deals=300, seed=0)
    assert r.conclusions  # the case has clear differences to put into words
    assert conclusions_in(r) == r.conclusions == r.conclusions_in("en")
    assert r.conclusions_in("en", all_pairs=True) == r.pair_conclusions
    pt = r.conclusions_in("pt")
    assert len(pt) == len(r.conclusions)
    for sentence in pt:
        assert sentence.startswith("Com Regras francesas, ")
        assert " contra " in sentence
        assert "with" not in sentence
        assert "against" not in sentence
    assert conclusions_in(r, "pt", names=["A", "B"])[0].startswith("Com B, ")
    for english, portuguese in zip(r.conclusions, pt, strict=True):  # -6,9% contra -4,1%
        numbers = re.findall(r"[-+]?\d+\.\d+", english)
        assert numbers
        assert re.findall(r"[-+]?\d+,\d+", portuguese) == [n.replace(".", ",") for n in numbers]
        assert not re.search(r"\d\.\d", portuguese)
    assert minutes_model_in("en") == MINUTES_MODEL
    assert "por carta" in minutes_model_in("pt")
    assert metric_label("deals_per_partida", "pt") == "Mãos por partida"
    assert main(["compare", "portugal", "french", "--matches", "6", "--lang", "pt"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    for text in ("Regras francesas", "Mãos por partida", "Duração das partidas", "Δ face a"):
        assert text in out
    for english in ("French rules", "Deals per partida", "Partida length", "Took", "intervals"):
        assert english not in out


@pytest.mark.parametrize("size", [{"deals": 10}, {"matches": 2}])
def test_portuguese_writes_the_numbers_with_a_decimal_comma(
    size: dict[str, Any], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`sueca compare --lang pt` writes `1,230 ±0,055` and `+2,0 p.p. ±5,0` where English writes
    `1.230 ±0.055` and `+2.0 pts ±5.0`: the same numbers, only the decimal mark differs (and the
    percentage points are `p.p.`, not `pts`, which in Portuguese are a card's points); the
    English is as it was, and `--json` is the same in every language. The variants compared are
    `regras`, as in the help, never `variantes`."""
    from sueca_rules.cli._cmd_compare import _print_report

    monkeypatch.setenv("COLUMNS", "100")
    r = dataclasses.replace(compare(["portugal", "french"], seed=1, **size), elapsed_s=1.5)
    _print_report(r, lang="en")
    english = capsys.readouterr().out
    _print_report(r, lang="pt")
    portuguese = capsys.readouterr().out
    assert not re.search(r"\d\.\d", portuguese)
    numbers = re.findall(r"[-+]?\d+\.\d+", english)
    assert len(numbers) > 10
    assert re.findall(r"[-+]?\d+,\d+", portuguese) == [n.replace(".", ",") for n in numbers]
    said = " ".join(english.split())
    assert re.search(r"Games per deal \d\.\d+ ±\d\.\d+ \d\.\d+ ±\d\.\d+ [-+]\d\.\d+ ±", said)
    assert re.search(r"Capote \d+\.\d% ±\d+\.\d \d+\.\d% ±\d+\.\d [-+]\d+\.\d pts ±", said)
    assert said.endswith("Took 1.5 s.")
    said = " ".join(portuguese.split())
    assert re.search(r"Jogos por mão \d,\d+ ±\d,\d+ \d,\d+ ±\d,\d+ [-+]\d,\d+ ±", said)
    assert re.search(r"Capote \d+,\d% ±\d+,\d \d+,\d% ±\d+,\d [-+]\d+,\d p\.p\. ±", said)
    assert said.endswith("Levou 1,5 s.")
    assert said.startswith("2 conjuntos de regras com as mesmas cartas: ")
    assert "face às primeiras regras" in said
    assert "variante" not in said
    assert " pts" not in said
    args = ["compare", "portugal", "french", "--deals", "3", "--seed", "1", "--json"]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert main([*args, "--lang", "pt"]) == 0
    assert json.loads(capsys.readouterr().out)["figures"] == data["figures"]


def test_cli_refusals_in_portuguese(capsys: pytest.CaptureFixture[str]) -> None:
    assert _status(["compare", "portugal", "--lang", "pt"]) == 2
    assert "precisa de duas regras ou mais" in capsys.readouterr().err
    assert _status(["compare", "portugal", "portgal", "--lang", "pt"]) == 2
    assert "regras desconhecidas" in capsys.readouterr().err


def test_cli_json_and_plot(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("matplotlib", reason="the plots extra is not installed")
    svg = tmp_path / "study.svg"
    args = ["compare", "portugal", "french", "--matches", "4", "--json", "--plot", str(svg)]
    assert main(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["variants"] == ["Portugal", "French rules"]
    assert set(data["figures"]) == set(METRICS)
    assert len(data["reports"]) == 2
    first = svg.read_text()
    assert first.startswith("<?xml")
    assert "<svg" in first
    assert main(args) == 0
    capsys.readouterr()
    assert svg.read_text() == first  # the same report draws the same file


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["portugal"], "two variants"),
        (["portugal", "nowhere"], "unknown variant"),
        (["portugal", "french", "--teams", "6,1"], "level 6"),
        (["portugal", "french", "--deals", "2", "--matches", "2"], "not allowed with"),
        (["portugal", "french", "--jobs", "100000"], "at most"),
        (["portugal", "french", "--plot", "/nonexistent/x.svg"], "cannot write there"),
        (["portugal", "french", "--address", "auto"], "--cluster ray"),
        (["portugal", "french", "--teams", "4,1", "--samples", "10001"], "at most 10,000"),
    ],
)
def test_cli_errors(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert _status(["compare", *args]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert message in err
    assert "Traceback" not in err


def test_every_pair_is_compared(report: ComparisonReport) -> None:
    for name in METRICS:
        between = report.pairwise[name]
        assert sorted(between) == [(0, 1), (0, 2), (1, 2)]
        assert (between[(0, 1)], between[(0, 2)]) == report.differences[name]
        d = between[(1, 2)]
        if not math.isnan(d.value):
            a, b = report.figures[name][1], report.figures[name][2]
            assert d.value == pytest.approx(b.value - a.value)
    assert set(report.conclusions) <= set(report.pair_conclusions)
    pairs = report.to_dict()["pairwise"]["games_per_deal"]
    assert [(p["from"], p["to"]) for p in pairs] == [(0, 1), (0, 2), (1, 2)]


def test_a_difference_seen_in_a_handful_of_pairs_is_not_clear() -> None:
    assert Estimate(0.001, 0.0005, 0.0015).clear
    assert not Estimate(0.001, 0.0005, 0.0015, differing=MIN_DIFFERING - 1).clear
    assert Estimate(-0.001, -0.0015, -0.0005, differing=MIN_DIFFERING).clear
    assert not Estimate(0.001, -0.0005, 0.0015, differing=10**6).clear


def test_differing_units_are_counted(report: ComparisonReport) -> None:
    # Whole matches under other scoring differ in many pairs; a variant never differs from
    # itself.
    for name in ("games_per_deal", "deals_per_partida"):
        assert report.pairwise[name][(0, 2)].differing > MIN_DIFFERING  # type: ignore[operator]
    same = compare(["portugal", "portugal"], matches=3)
    assert all(e.differing == 0 for e in same.differences["games_per_deal"])
