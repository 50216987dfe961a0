"""The public API: exactly the intended names, all importable, lazily."""

from __future__ import annotations

import subprocess
import sys

import pytest

import sueca_rules

INTENDED = {
    # cards
    "CARDS", "Card", "CardError", "Rank", "Suit", "parse_card", "parse_cards",
    # variants
    "Bandeira", "DEFAULT_VARIANT", "DealRules", "MatchRules", "RevokeRules", "Rules", "Scoring",
    "Table", "Tie", "Tier", "Variant", "VariantError", "builtin_ids", "dump_variant",
    "load_variant", "parse_variant", "variants_dir",
    # describing
    "RuleDiff", "describe", "describe_diff", "diff", "summary",
    # engine and events
    "CardPlayed", "Claim", "ClaimMade", "DealResult", "DealScored", "DealStarted", "Event",
    "IllegalPlayError", "Match", "MatchWon", "Observation", "PartidaWon", "Phase", "Revoke",
    "Trick", "TrickWon",
    # records
    "Record", "RecordClaim", "RecordDeal", "RecordError", "dump_record", "load_record",
    "parse_record", "replay_report", "save_record",
    # simulation
    "ComparisonReport", "SimulationReport", "StudyInterrupted", "compare", "simulate",
    # errors
    "Issue", "SourceError", "SuecaError",
    "__version__",
}  # fmt: skip


def test_exported_names_are_exactly_the_intended_ones() -> None:
    assert set(sueca_rules.__all__) == INTENDED
    assert len(sueca_rules.__all__) == len(INTENDED)


def test_every_exported_name_resolves() -> None:
    for name in sueca_rules.__all__:
        assert getattr(sueca_rules, name) is not None
    assert set(dir(sueca_rules)) >= INTENDED


def test_unknown_names_raise_attribute_error() -> None:
    with pytest.raises(AttributeError, match="nothing_here"):
        sueca_rules.nothing_here  # type: ignore[attr-defined]  # noqa: B018


def test_errors_are_value_errors() -> None:
    for name in ("CardError", "VariantError", "RecordError", "IllegalPlayError", "SourceError"):
        error = getattr(sueca_rules, name)
        assert issubclass(error, sueca_rules.SuecaError)
        assert issubclass(error, ValueError)


def test_importing_the_package_and_the_cli_is_light() -> None:
    code = (
        "import sys, sueca_rules, sueca_rules.cli; sueca_rules.cli.build_parser(); "
        "print(sorted(m for m in ('pydantic', 'yaml', 'rich') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_docstring_examples_run() -> None:
    import doctest
    import importlib

    modules = [
        "sueca_rules._match",
        "sueca_rules.bots",
        "sueca_rules._simulate",
        "sueca_rules._studies._compare",
    ]
    for name in modules:
        result = doctest.testmod(importlib.import_module(name))
        assert result.failed == 0, name
    assert doctest.testmod(importlib.import_module("sueca_rules._match")).attempted >= 3
