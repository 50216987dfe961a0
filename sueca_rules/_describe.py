"""Rules cards and rule differences, in English and European Portuguese.

`describe()` writes a variant as a *rules card*: every rule in plain sentences, grouped under short
headings, to read aloud before a game. `summary()` is the one-line version that `sueca variants`
prints. `diff()` lists the rules in which two variants differ, as dotted field paths with both
values, and `describe_diff()` says the same in words.

The facts these texts say are computed once, in no language (`sueca_rules._describe_facts`, which
asks `Rules`); the words are in one phrase file per language (`sueca_rules._lang`); this module lays
them out. The English text keeps the Portuguese terms of the game (trunfo, renúncia, capote,
bandeira, partida, empate) with a short gloss; the Portuguese text is European Portuguese. Nothing
here writes anything; a variant that `extends` a built-in has that built-in looked up, to say what
it changed.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from ._describe_facts import (
    RANKS,
    Bandeira,
    Card,
    Dealing,
    Direction,
    Fact,
    FollowSuit,
    MatchLength,
    Players,
    Redeal,
    Revoke,
    Scoring,
    Source,
    Tie,
    Topic,
    card_facts,
    flat_rules,
    is_topic,
    topics_of,
)
from ._lang import LANGS, Lang, Phrases, phrases
from ._lang._tables import DiffPhrases, SummaryPhrases
from ._public import public
from ._variant import Variant

__all__ = ["LANGS", "Lang", "RuleDiff", "describe", "describe_diff", "diff", "summary"]

DEFAULT_WIDTH = 78
"""The line width of `describe()` and `describe_diff()` unless told otherwise."""


# --- layout ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Para:
    """A paragraph of a section: running text, a list item, or a line shown as it is."""

    text: str
    kind: Literal["para", "item", "line"] = "para"


_INDENTS = {"para": ("  ", "  "), "item": ("  - ", "    "), "line": ("      ", "")}


def _wrap(text: str, first: str, rest: str, width: int | None) -> str:
    if width is None:
        return first + text
    return textwrap.fill(
        text,
        width=width,
        initial_indent=first,
        subsequent_indent=rest,
        break_on_hyphens=False,
        break_long_words=False,
    )


def _render(title: str, sections: list[tuple[str, list[_Para]]], width: int | None) -> str:
    lines = [title, "=" * len(title)]
    for heading, paras in sections:
        lines.append("")
        lines.append(heading)
        previous = ""
        for para in paras:
            if para.kind == "para" and previous == "para":
                lines.append("")
            first, rest = _INDENTS[para.kind]
            lines.append(_wrap(para.text, first, rest, None if para.kind == "line" else width))
            previous = para.kind
    return "\n".join(lines) + "\n"


# --- the rules card -------------------------------------------------------------------------


def _paras(fact: Fact, card: Card, p: Phrases) -> list[_Para]:
    """The paragraphs that say one fact of `card`."""
    words = p.card
    match fact:
        case Players():
            return [_Para(words.players(fact))]
        case Direction():
            return [_Para(words.direction(fact))]
        case Dealing():
            return [_Para(words.dealing(fact)), _Para(words.leading(fact))]
        case Redeal():
            return [_Para(words.redeal(fact))]
        case FollowSuit():
            return [_Para(words.follow_suit)]
        case Revoke():
            claims = [_Para(words.claims(fact))] if fact.claimable else []
            return [_Para(words.revoke(fact)), *claims]
        case "cards":
            return [_Para(words.card_order), _Para(RANKS, "line"), _Para(words.card_names)]
        case Scoring():
            bands = [_Para(words.band(b), "item") for b in fact.bands]
            return [_Para(words.scoring), *bands, _Para(words.bandeira_band(fact), "item")]
        case Bandeira():
            return [_Para(words.bandeira(fact))]
        case Tie():
            return [_Para(words.tie(fact))]
        case MatchLength():
            return [_Para(words.match(fact))]
        case Source():
            return _source_paras(fact, card, p)
    raise AssertionError(f"a fact no card knows: {fact!r}")  # pragma: no cover


def _source_paras(source: Source, card: Card, p: Phrases) -> list[_Para]:
    """The file's own description (a built-in's in the card's language), then what it changed
    from its base."""
    paras: list[_Para] = []
    if source.description:
        translated = p.builtins.get(source.builtin) if p.builtins and source.builtin else None
        paras.append(_Para(translated or source.description))
    if source.base is not None:
        changed = None if source.changes is None else bool(source.changes)
        paras.append(_Para(p.card.based_on(source.base, changed)))
        for topic in source.changes or ():
            label, text = _topic_label(topic, p.diff), _topic_text(card, topic, p)
            paras.append(_Para(p.card.change(label, text), "item"))
    return paras


def describe(
    variant: Variant,
    lang: Lang = "en",
    *,
    width: int | None = DEFAULT_WIDTH,
    base: Variant | None = None,
) -> str:
    """The rules card of `variant`: every rule in plain sentences under short headings, to read
    aloud before a game, in English (`en`) or European Portuguese (`pt`).

    The variant's name is the title. The card closes with its source: the variant's own
    `description` (a built-in's in the card's language), and, for a variant that `extends`
    another, what it changed from that base. `base` is that variant when the caller has it (a
    built-in named by `extends` is looked up). Paragraphs are wrapped to `width` columns (`None`:
    one line each).
    """
    p = phrases(lang)
    card = card_facts(variant, base)
    sections = [
        (p.card.heading(s.key), [para for fact in s.facts for para in _paras(fact, card, p)])
        for s in card.sections
    ]
    return _render(p.card.title(card.name), sections, width)


# --- the one-line summary -------------------------------------------------------------------

_SUMMARY_TIERS = 6
"""The tiers a summary shows, at most (then `…`)."""


def _summary_revoke(revoke: Revoke, words: SummaryPhrases) -> str:
    notes = []
    false = revoke.false_claim_games
    if false is not None and false != revoke.penalty_games:
        notes.append(words.false_claim(false))
    if false is not None and revoke.plays_on:
        notes.append(words.play_on)
    if revoke.accuse_player:
        notes.append(words.names_rival)
    return words.revoke(revoke.penalty_games, notes)


def summary(variant: Variant, lang: Lang = "en") -> str:
    """The rules on one line, for `sueca variants`: direction, trump card, what differs from the
    usual in renúncia and scoring, 60-60, bandeira and the match."""
    words = phrases(lang).summary
    card = card_facts(variant)
    parts = [words.direction(card.direction)]
    if card.dealing.first_dealer is not None:
        parts.append(words.first_dealer(card.dealing.first_dealer))
    if card.dealing.leader != "after_dealer":
        parts.append(words.first_leader(card.dealing))
    parts.append(words.trump(card.dealing))
    if card.redeal.allowed:
        parts.append(words.redeal(card.redeal))
    if card.revoke.claimable:
        parts.append(_summary_revoke(card.revoke, words))
    if not card.scoring.standard:
        tiers = card.scoring.tiers
        table = " ".join(f"{low}+:{games}" for low, games in tiers[:_SUMMARY_TIERS])
        parts.append(words.tiers(table + (" …" if len(tiers) > _SUMMARY_TIERS else "")))
    parts += [words.tie(card.tie), words.bandeira(card.bandeira), words.match(card.match)]
    return " · ".join(parts)


# --- differences ----------------------------------------------------------------------------


@public
@dataclass(frozen=True, slots=True)
class RuleDiff:
    """One rule in which two variants differ: its dotted field path (`scoring.tie.mode`) and its
    value in each, as plain JSON data (`scoring.tiers` is a list of
    `{"min_points": ..., "games": ...}`)."""

    path: str
    """The dotted field path (`scoring.tie.mode`)."""
    a: Any
    """Its value in the first variant, as plain JSON data."""
    b: Any
    """Its value in the second variant."""

    def as_dict(self) -> dict[str, Any]:
        """`{"path": ..., "a": ..., "b": ...}`."""
        return {"path": self.path, "a": self.a, "b": self.b}


def diff(a: Variant, b: Variant) -> list[RuleDiff]:
    """The rules in which `a` and `b` differ, in field order.

    Only the rules count (not `name`, `extends` or `description`); the tier list is compared as one
    value.
    """
    rules_a, rules_b = flat_rules(a), flat_rules(b)
    return [
        RuleDiff(path, value, rules_b[path])
        for path, value in rules_a.items()
        if value != rules_b[path]
    ]


def _topic_label(topic: Topic | str, words: DiffPhrases) -> str:
    if is_topic(topic):
        return words.topic(topic)
    return topic  # a field no topic knows yet: named by its path


_TOPIC_PHRASES: dict[str, Callable[[DiffPhrases, Card], str]] = {
    "direction": lambda words, card: words.direction(card.direction),
    "first_dealer": lambda words, card: words.first_dealer(card.dealing),
    "first_leader": lambda words, card: words.first_leader(card.dealing),
    "deal": lambda words, card: words.deal(card.dealing),
    "redeal": lambda words, card: words.redeal(card.redeal),
    "revoke": lambda words, card: words.revoke(card.revoke),
    "bandeira": lambda words, card: words.bandeira(card.bandeira),
    "tie": lambda words, card: words.tie(card.tie),
    "target": lambda words, card: words.target(card.match),
    "best_of": lambda words, card: words.best_of(card.match),
}
"""Each topic said by one phrase of `DiffPhrases` about one part of the rules card."""


def _topic_text(card: Card, topic: Topic | str, p: Phrases) -> str:
    """One variant's rule on `topic`, as a short phrase."""
    if topic == "tiers":  # "61 to 90 points: 1 game; 91 to 119 (capote): 2 games"
        return "; ".join(p.card.band(b, unit=i == 0) for i, b in enumerate(card.scoring.bands))
    said = _TOPIC_PHRASES.get(topic)
    if said is not None:
        return said(p.diff, card)
    return str(card.fields.get(topic))  # a field no topic knows yet: its raw value


def describe_diff(
    a: Variant, b: Variant, lang: Lang = "en", *, width: int | None = DEFAULT_WIDTH
) -> str:
    """The rules in which `a` and `b` differ, in words, one paragraph per rule (fields that make one
    rule, such as the three of the 60-60 tie, are said together; the heading counts the fields, as
    [`diff()`][sueca_rules.diff] lists them); a sentence saying so when they have the same rules."""
    p = phrases(lang)
    words = p.diff
    found = diff(a, b)
    if not found:
        text = words.same_rules(a.name, None if a.name == b.name else b.name)
        return _wrap(text, "", "", width) + "\n"
    name_a, name_b = a.name, b.name
    if name_a == name_b:
        name_a, name_b = f"{a.name} (1)", f"{b.name} (2)"
    topics = topics_of(d.path for d in found)
    card_a, card_b = card_facts(a), card_facts(b)
    lines = [_wrap(words.differ(name_a, name_b, len(found), len(topics)), "", "", width)]
    for topic in topics:
        text = words.rule(
            _topic_label(topic, words),
            name_a,
            _topic_text(card_a, topic, p),
            name_b,
            _topic_text(card_b, topic, p),
        )
        lines.append(_wrap(text, "  - ", "    ", width))
    return "\n".join(lines) + "\n"
