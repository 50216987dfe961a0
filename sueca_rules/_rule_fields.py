"""Every rule of a variant file, with what the rest of the package needs to know of it, in one
table: its dotted path, the topic under which a difference is said (`describe_diff()`), and the
group of the house-rules builder it shows in. A new field of `Variant` is added here once; the
topics of `_describe_facts.TOPIC_FIELDS` and the builder's groups (`web._fields.GROUPS`) are
derived from this table, and `tests/test_describe.py` checks that it names every field."""

from __future__ import annotations

from typing import Final, NamedTuple

__all__ = ["RULE_FIELDS", "RuleField", "groups"]


class RuleField(NamedTuple):
    """One field of a variant file."""

    path: str
    """Its dotted path (`scoring.tie.mode`)."""
    topic: str | None
    """The rule it is part of, as differences are said (`tie`: the three fields of the 60-60
    are one rule); `None` for the name and the description, which are no rule."""
    group: str
    """The house-rules builder's group (as the rules card groups the rules)."""


RULE_FIELDS: Final[tuple[RuleField, ...]] = (
    RuleField("name", None, "source"),
    RuleField("description", None, "source"),
    RuleField("table.direction", "direction", "direction"),
    RuleField("deal.order", "deal", "direction"),
    RuleField("table.first_dealer", "first_dealer", "deal"),
    RuleField("table.first_leader", "first_leader", "deal"),
    RuleField("deal.trump_card", "deal", "deal"),
    RuleField("deal.redeal.leader_below", "redeal", "deal"),
    RuleField("deal.redeal.others_below", "redeal", "deal"),
    RuleField("revoke.mode", "revoke", "revoke"),
    RuleField("revoke.penalty_games", "revoke", "revoke"),
    RuleField("revoke.false_claim", "revoke", "revoke"),
    RuleField("revoke.false_claim_games", "revoke", "revoke"),
    RuleField("revoke.after_false_claim", "revoke", "revoke"),
    RuleField("revoke.accuse", "revoke", "revoke"),
    RuleField("scoring.tiers", "tiers", "scoring"),
    RuleField("scoring.bandeira.requires", "bandeira", "bandeira"),
    RuleField("scoring.bandeira.games", "bandeira", "bandeira"),
    RuleField("scoring.bandeira.wins_partida", "bandeira", "bandeira"),
    RuleField("scoring.tie.mode", "tie", "tie"),
    RuleField("scoring.tie.amount", "tie", "tie"),
    RuleField("scoring.tie.stacks", "tie", "tie"),
    RuleField("match.target_games", "target", "match"),
    RuleField("match.best_of", "best_of", "match"),
)
"""Every field of a variant file but `extends`, in the order of the rules card."""


def groups() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The builder's groups in order, each with its fields' paths."""
    names = list(dict.fromkeys(f.group for f in RULE_FIELDS))
    return tuple((g, tuple(f.path for f in RULE_FIELDS if f.group == g)) for g in names)
