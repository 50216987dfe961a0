"""Every rule of a variant file, with what the rest of the package needs to know of it, in one
table: its dotted path, the topic under which a difference is said (`describe_diff()`), the
section of the rules card that says it, and the group of the house-rules builder it shows in. A
new field of `Variant` is added here once; the topics of `_describe_facts.TOPIC_FIELDS`, the
rules card's sections (`CARD_SECTIONS`) and the builder's groups (`web._fields.GROUPS`) are
derived from this table, and the language catalogues name each topic and section once
(`topic.<topic>`, `heading.<section>`, checked by `tests/test_describe.py`, which also checks
that this table names every field)."""

from __future__ import annotations

from typing import Final, NamedTuple

__all__ = ["CARD_SECTIONS", "RULE_FIELDS", "TOPICS", "RuleField", "groups"]


class RuleField(NamedTuple):
    """One field of a variant file."""

    path: str
    """Its dotted path (`scoring.tie.mode`)."""
    topic: str | None
    """The rule it is part of, as differences are said (`tie`: the three fields of the 60-60
    are one rule); `None` for the name and the description, which are no rule."""
    section: str | None
    """The section of the rules card that says it (`deal`); `None` for the name, the card's
    title."""
    group: str
    """The house-rules builder's group (as the rules card groups the rules)."""


RULE_FIELDS: Final[tuple[RuleField, ...]] = (
    RuleField("name", None, None, "source"),
    RuleField("description", None, "source", "source"),
    RuleField("table.direction", "direction", "direction", "direction"),
    RuleField("deal.order", "deal", "direction", "direction"),
    RuleField("table.first_dealer", "first_dealer", "deal", "deal"),
    RuleField("table.first_leader", "first_leader", "deal", "deal"),
    RuleField("deal.trump_card", "deal", "deal", "deal"),
    RuleField("deal.redeal.leader_below", "redeal", "deal", "deal"),
    RuleField("deal.redeal.others_below", "redeal", "deal", "deal"),
    RuleField("revoke.mode", "revoke", "revoke", "revoke"),
    RuleField("revoke.penalty_games", "revoke", "revoke", "revoke"),
    RuleField("revoke.false_claim", "revoke", "revoke", "revoke"),
    RuleField("revoke.false_claim_games", "revoke", "revoke", "revoke"),
    RuleField("revoke.after_false_claim", "revoke", "revoke", "revoke"),
    RuleField("revoke.accuse", "revoke", "revoke", "revoke"),
    RuleField("scoring.tiers", "tiers", "scoring", "scoring"),
    RuleField("scoring.bandeira.requires", "bandeira", "bandeira", "bandeira"),
    RuleField("scoring.bandeira.games", "bandeira", "bandeira", "bandeira"),
    RuleField("scoring.bandeira.wins_partida", "bandeira", "bandeira", "bandeira"),
    RuleField("scoring.tie.mode", "tie", "tie", "tie"),
    RuleField("scoring.tie.amount", "tie", "tie", "tie"),
    RuleField("scoring.tie.stacks", "tie", "tie", "tie"),
    RuleField("match.target_games", "target", "match", "match"),
    RuleField("match.best_of", "best_of", "match", "match"),
)
"""Every field of a variant file but `extends`, in the order of the rules card."""

TOPICS: Final[tuple[str, ...]] = tuple(dict.fromkeys(f.topic for f in RULE_FIELDS if f.topic))
"""Every topic of a difference, in field order (each language labels it: `topic.<topic>`)."""

_SHARED_SECTIONS: Final = {"direction": "players", "revoke": "follow", "scoring": "cards"}
"""The sections that say what every variant shares (no field of its own), each by the section
it comes just before: the players and teams, following suit, the cards' order and points."""


def _card_sections() -> tuple[str, ...]:
    said = dict.fromkeys(f.section for f in RULE_FIELDS[2:] if f.section)  # the source last
    order: list[str] = []
    for section in said:
        if section in _SHARED_SECTIONS:
            order.append(_SHARED_SECTIONS[section])
        order.append(section)
    return (*order, "source")


CARD_SECTIONS: Final[tuple[str, ...]] = _card_sections()
"""The sections of a rules card in order (each language names it: `heading.<section>`): those
that say the fields (each field's `section`, the source last) and those that say what every
variant shares."""


def groups() -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The builder's groups in order, each with its fields' paths."""
    names = list(dict.fromkeys(f.group for f in RULE_FIELDS))
    return tuple((g, tuple(f.path for f in RULE_FIELDS if f.group == g)) for g in names)
