"""Every rule of a variant file, with what the rest of the package needs to know of it, in one
table gathered from the fields themselves: each field of `Variant` carries its `RuleInfo` (the
topic under which a difference is said by `describe_diff()`, the section of the rules card that
says it, the group of the house-rules builder it shows in), so a new field is described once,
where it is defined. The topics of `_describe_facts.TOPIC_FIELDS`, the rules card's sections
(`CARD_SECTIONS`) and the builder's groups (`web._fields.GROUPS`) are derived from this table,
and the language catalogues name each topic and section once (`topic.<topic>`,
`heading.<section>`, checked by `tests/test_describe.py`, which also checks that every field
but `extends` carries its `RuleInfo`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final, NamedTuple

from pydantic import BaseModel

from ._variant import RuleInfo, Variant

__all__ = ["CARD_SECTIONS", "RULE_FIELDS", "TOPICS", "RuleField", "groups"]


class RuleField(NamedTuple):
    """One field of a variant file: its dotted path and its `RuleInfo`."""

    path: str
    """Its dotted path (`scoring.tie.mode`)."""
    topic: str | None
    """The rule it is part of, as differences are said (`RuleInfo.topic`)."""
    section: str | None
    """The section of the rules card that says it (`RuleInfo.section`)."""
    group: str
    """The house-rules builder's group (`RuleInfo.group`)."""


def _fields(model: type[BaseModel], prefix: str = "") -> Iterator[RuleField]:
    """The fields of `model` that carry a `RuleInfo`, those of a model inside it by their dotted
    paths, in the order they are defined."""
    for name, info in model.model_fields.items():
        rule = next((m for m in info.metadata if isinstance(m, RuleInfo)), None)
        if rule is not None:
            yield RuleField(prefix + name, *rule)
        elif isinstance(info.annotation, type) and issubclass(info.annotation, BaseModel):
            yield from _fields(info.annotation, f"{prefix}{name}.")


RULE_FIELDS: Final[tuple[RuleField, ...]] = tuple(_fields(Variant))
"""Every field of a variant file but `extends`, in the order the model defines them."""

TOPICS: Final[tuple[str, ...]] = tuple(dict.fromkeys(f.topic for f in RULE_FIELDS if f.topic))
"""Every topic of a difference, in field order (each language labels it: `topic.<topic>`)."""

_SHARED_SECTIONS: Final = {"direction": "players", "revoke": "follow", "scoring": "cards"}
"""The sections that say what every variant shares (no field of its own), each by the section
it comes just before: the players and teams, following suit, the cards' order and points."""


def _card_sections() -> tuple[str, ...]:
    said = dict.fromkeys(f.section for f in RULE_FIELDS if f.section and f.section != "source")
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
