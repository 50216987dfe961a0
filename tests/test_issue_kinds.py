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


# --- every problem a reader meets, in every language ---------------------------------------

# Text the checker refuses, and the kind of its first problem.
_REFUSED = [
    ("", "empty_file"),
    ("- a\n- b\n", "not_fields"),
    ("7\n", "not_fields"),
    ("table: {direction: clockwise}\n", "missing"),
    ("name: x\n\tfoo: 1\n", "yaml_syntax"),
    ("name: x\n  table: 1\n", "yaml_syntax"),
    ("name: 'x\n", "yaml_syntax"),
    ("name: x\nname: y\n", "duplicate_key"),
    ("name: &a x\n", "anchor"),
    ("name: !!str x\n", "tag"),
    ("name: x\n<<: {a: 1}\n", "merge_key"),
    ("name: x\n---\nname: y\n", "one_document"),
    ("name: x\x01\n", "control_character"),
    (b"name: \xff\n", "not_utf8"),
    ("name: x\nextends: ./base.yaml\n", "extends_builtin"),
    ("name: x\nextends: [1]\n", "extends_line"),
    ("name: x\nmatch: {target_games: 1" + "0" * 120 + "}\n", "number_too_long"),
    ("name: x\n" + "[" * 80 + "]" * 80 + ": 1\n", "too_deep"),
]


@pytest.mark.parametrize(("text", "kind"), _REFUSED)
def test_what_the_reader_refuses_has_a_kind_and_portuguese_words(
    text: str | bytes, kind: str
) -> None:
    from sueca_rules._lang import issue_line, issue_text

    with pytest.raises(SourceError) as caught:
        parse_variant(text)
    issue = caught.value.issues[0]
    assert issue.kind == kind, issue
    pt = issue_text(issue, "pt")
    assert pt != issue.message
    assert "{" not in pt.replace("{a: 1}", "")  # every value filled in
    assert issue_text(issue, "en") == issue.message
    assert issue_line(issue, "en") == str(issue)
    assert issue_line(issue, "pt").endswith(pt)


def test_strict_json_says_its_syntax_error_in_words() -> None:
    from sueca_rules._lang import issue_text
    from sueca_rules._yaml import parse_yaml

    with pytest.raises(SourceError) as caught:
        parse_yaml('{"name": "x",}', json=True)
    issue = caught.value.issues[0]
    assert issue.kind == "json_syntax"
    assert issue_text(issue, "pt").startswith("erro de sintaxe JSON (o leitor diz: ")


def test_more_problems_than_shown_are_counted_in_words() -> None:
    from sueca_rules._lang import issue_text

    text = "name: x\n" + "".join(f"scoring{i}: 1\n" for i in range(150))
    with pytest.raises(SourceError) as caught:
        parse_variant(text)
    last = caught.value.issues[-1]
    assert last.kind == "more_problems"
    assert issue_text(last, "pt") == f"... e mais {dict(last.params)['n']} problemas"


def test_a_kind_without_a_value_drops_the_aside_that_shows_it() -> None:
    from sueca_rules import Issue
    from sueca_rules._lang import issue_text

    bare = Issue("must be a whole number", kind="whole_number")
    assert issue_text(bare, "pt") == "tem de ser um número inteiro"
    given = Issue("must be a whole number", kind="whole_number", params=(("got", "x"),))
    assert issue_text(given, "pt") == "tem de ser um número inteiro (está x)"
    # A kind the language has no words for, or a value missing: the library's own message.
    assert issue_text(Issue("odd", kind="no_such_kind"), "pt") == "odd"
    assert issue_text(Issue("dup", kind="duplicate_key"), "pt") == "dup"


def test_a_record_given_for_rules_and_rules_given_for_a_record_say_so() -> None:
    """One line that names the mix-up (and the command for the file given), not one line a field."""
    from sueca_rules import RecordError, parse_record
    from sueca_rules._lang import issue_text

    with pytest.raises(SourceError) as caught:
        parse_variant("variant: portugal\nfirst_dealer: 0\ndeals: []\n")
    (issue,) = caught.value.issues
    assert issue.kind == "a_record"
    assert "sueca replay" in issue.message
    assert issue_text(issue, "pt").startswith("isto é o registo de um jogo")
    with pytest.raises(RecordError) as refused:
        parse_record("name: Café\nextends: portugal\nmatch: {target_games: 2}\n")
    (issue,) = refused.value.issues
    assert issue.kind == "a_variant"
    assert "sueca validate" in issue.message
    # A record with a typo is still a record: its fields are checked one by one.
    with pytest.raises(RecordError) as typo:
        parse_record("variant: portugal\nfirst_dealer: 0\ndeal: []\n")
    assert [i.kind for i in typo.value.issues] == ["unknown_field"]
