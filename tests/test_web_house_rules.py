"""What the house-rules page says each rule means, held against what the rules do."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from starlette.testclient import TestClient

from sueca_rules import Match, Variant
from sueca_rules.web import Settings, create_app


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings.for_tests())) as c:
        yield c


def _question(client: TestClient, lang: str, path: str) -> dict[str, Any]:
    groups = client.get("/api/variants/fields", params={"lang": lang}).json()
    field: dict[str, Any] = next(f for g in groups for f in g["fields"] if f["path"] == path)
    return field


def _games_after_two_ties(stacks: bool) -> int:
    """The games of a deal won with 61 points after two 60-60s, with ties multiplying by 2."""
    variant = Variant.model_validate(
        {"name": "x", "scoring": {"tie": {"mode": "multiply", "amount": 2, "stacks": stacks}}}
    )
    rules = Match(variant, seed=1).rules
    pending = rules.pending_after_tie(rules.pending_after_tie(0))
    return rules.tie_bonus(1, pending)


def test_ties_in_a_row_are_explained_for_multiplying_too(client: TestClient) -> None:
    """ "Do 60-60s in a row add up?" under a 60-60 that multiplies: each further tie multiplies
    again (the page said "adds once more", which a table that doubles would take literally)."""
    assert _games_after_two_ties(True) == 4
    assert _games_after_two_ties(False) == 2
    en = _question(client, "en", "scoring.tie.stacks")["explain"]
    pt = _question(client, "pt", "scoring.tie.stacks")["explain"]
    assert "adds once more." not in en
    assert "multiplies again" in en
    assert "in a row count as one" in en
    assert "multiplica outra vez" in pt
    assert "seguidos contam como um só" in pt


@pytest.mark.parametrize(
    ("lang", "names"),
    [
        ("en", ["you", "the left rival", "your partner", "the right rival"]),
        ("pt", ["tu", "o adversário da esquerda", "o teu parceiro", "o adversário da direita"]),
    ],
)
def test_who_deals_first_names_the_seats_as_the_table_shows_them(
    client: TestClient, lang: str, names: list[str]
) -> None:
    """ "Who deals first? seat 1" told a café nothing: each seat is named as the table page names
    it for the person who set the table up (seat 0; seats go round clockwise, so seat 1 is on
    their left), and that is where the first dealer then sits."""
    field = _question(client, lang, "table.first_dealer")
    labels = {o["value"]: o["label"] for o in field["options"]}
    for seat, name in enumerate(names):
        assert labels[seat].endswith(f"({name})"), labels[seat]
    # Seat 1 is on seat 0's left and seat 3 on its right, whichever way the game turns.
    for direction in ("clockwise", "anticlockwise"):
        rules = Match(
            Variant.model_validate({"name": "x", "table": {"direction": direction}})
        ).rules
        assert [rules.seat_role(seat, 0) for seat in range(4)] == [
            "you",
            "left",
            "partner",
            "right",
        ]
    assert "0" in field["explain"]
    assert "2" in field["explain"]


@pytest.mark.parametrize(
    ("lang", "hint"),
    [
        ("en", "cannot extend 'portugl' (did you mean the built-in 'portugal'?): "),
        ("pt", "não dá para estender 'portugl' (querias dizer as de base 'portugal'?): "),
    ],
)
def test_a_mistyped_base_in_an_opened_file_is_told_the_built_in_it_means(
    client: TestClient, lang: str, hint: str
) -> None:
    """A club file opened on the page with `extends: portugl` was told only the list of the
    built-ins, where `sueca validate` on the same file says which one it means."""
    text = "name: Clube\nextends: portugl\nmatch: {target_games: 6}\n"
    body = client.post(
        "/api/variants/validate", content=text, headers={"Accept-Language": lang}
    ).json()
    (issue,) = body["issues"]
    assert (issue["line"], issue["column"], issue["path"]) == (2, 1, "extends")
    assert issue["message"].startswith(hint)
    assert issue["params"]["meant"] == "portugal"
    # A path, which the page cannot follow, is told no guess.
    body = client.post("/api/variants/validate", content="name: C\nextends: ./club.yaml\n").json()
    assert "did you mean" not in body["issues"][0]["message"]


def test_the_pages_unused_questions_are_the_rules_cards() -> None:
    """The page marks as unused (rules.js, `UNUSED`) the fields the rules card says are as
    before (`unused_paths`): the same fields, under the same rule."""
    import re
    from pathlib import Path

    from sueca_rules._describe_facts import unused_paths

    script = Path(__file__).parent.parent / "sueca_rules/web/static/js/rules.js"
    table = script.read_text(encoding="utf-8").split("const UNUSED = [", 1)[1].split("];", 1)[0]
    page = [
        set(re.findall(r'"([a-z_.]+)"', paths))
        for paths in re.findall(r"paths: \[([^]]*)\]", table)
    ]
    # (The last: a row of tiers from 120 points under `all_points`, which the rules card and
    # the differences say by themselves, the row never scoring.)
    assert page[3] == {"scoring.tiers"}
    cases: list[tuple[dict[str, Any], set[str]]] = [
        ({"revoke": {"mode": "prevented", "false_claim": "penalize_claimant"}}, page[0]),
        ({"revoke": {"mode": "claimable", "false_claim": "ignored"}}, page[1]),
        ({"revoke": {"mode": "claimable"}, "scoring": {"tie": {"mode": "none"}}}, page[2]),
        ({"revoke": {"mode": "claimable"}}, set()),
    ]
    for rules, expected in cases:
        assert unused_paths(Variant.model_validate({"name": "x", **rules})) == expected, rules
