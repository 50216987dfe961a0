"""Validation issues carry their kind and the values they name, so that the web pages can say
them in their reader's language (the message stays the library's English)."""

from __future__ import annotations

import pytest

from sueca_rules import SourceError, parse_variant


def issues_of(text: str) -> dict[str, tuple[str, dict[str, str]]]:
    with pytest.raises(SourceError) as caught:
        parse_variant(text)
    return {i.path: (i.kind, dict(i.params)) for i in caught.value.issues}


def test_bounds_choices_and_rules_have_kinds() -> None:
    found = issues_of(
        "name: x\nextends: portugal\nmatch: {target_games: 0, best_of: 2}\n"
        "scoring: {tie: {mode: triple}}\nfoo: 1\n"
    )
    assert found["match.target_games"] == ("min", {"limit": "1", "got": "0"})
    assert found["match.best_of"] == ("best_of_odd", {"got": "2"})
    assert found["scoring.tie.mode"][0] == "choice"
    assert found["scoring.tie.mode"][1]["got"] == "triple"
    assert found["foo"] == ("unknown_field", {"field": "foo"})


def test_a_multiply_without_a_factor_says_so() -> None:
    found = issues_of("name: x\nextends: portugal\nscoring: {tie: {mode: multiply}}\n")
    assert found["scoring.tie.amount"] == ("tie_factor", {"got": "1"})


def test_every_kind_has_words_in_every_language() -> None:
    from sueca_rules.web._i18n import strings

    kinds = {"min", "max", "choice", "unknown_field", "missing", "whole_number", "true_false"}
    kinds |= {"tie_factor", "tier_first", "tier_order", "best_of_odd", "name_blank", "no_winner"}
    for lang in ("en", "pt"):
        assert {f"issue.{k}" for k in kinds} <= set(strings(lang))
