"""Rules cards and rule differences, in English and European Portuguese.

`describe()` writes a variant as a *rules card*: every rule in plain sentences, grouped under short
headings, to read aloud before a game. `summary()` is the one-line version that `sueca variants`
prints. `diff()` lists the rules in which two variants differ, as dotted field paths with both
values, and `describe_diff()` says the same in words.

The facts these texts say are computed once, in no language (`sueca_rules._describe_facts`, which
asks `Rules`), with their cases (who may ask for a new deal, what a false claim does); the words
are templates in each language's `card` catalogue (`sueca_rules/_lang/catalogues/<lang>/card.json`);
this module, in no language, says which entries say a fact, in which order, and joins them:

- a fact's values (`fact_values()`), then each `word.<name>` entry of the catalogue that they
  fill in, shown by the templates as `{name}` (`word.side` is `left` or `esquerda`; a word may
  show another, wherever it stands in the catalogue);
- a paragraph is one or more entries in a row, each a sentence (an empty one is left out, and
  the whole paragraph when its first is empty); a topic of a difference is said by
  `diff.<topic>` with the values of its fact (`TOPIC_FACTS`) and labelled by `topic.<topic>`; a
  section is headed by `heading.<section>`; the summary's parts are entries too.

The English text keeps the Portuguese terms of the game (trunfo, renúncia, capote, bandeira,
partida, empate) with a short gloss; the Portuguese text is European Portuguese. Nothing here
writes anything; a variant that `extends` a built-in has that built-in looked up, to say what it
changed.
"""

from __future__ import annotations

import functools
import textwrap
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, Literal

from ._describe_facts import (
    SUMMARY_TOPICS,
    TOPIC_FACTS,
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
    Value,
    card_facts,
    fact_values,
    flat_rules,
    is_topic,
    shown_name,
    topics_of,
)
from ._errors import ConfigError, check_whole
from ._lang import LANGS, Lang, phrases
from ._lang._catalogue import Catalogue, CatalogueError, Entry, load_catalogue, render
from ._public import public
from ._text import cut
from ._variant import Variant

__all__ = ["LANGS", "Lang", "RuleDiff", "describe", "describe_diff", "diff", "summary"]


def _given(variant: object, where: str) -> Variant:
    """`variant` when it is a `Variant`, else a `ConfigError` that says how to get one (these
    functions read no files: an id or a path is loaded with `load_variant()`)."""
    if isinstance(variant, Variant):
        return variant
    how = f": load it with load_variant({variant!r})" if isinstance(variant, str | Path) else ""
    raise ConfigError(f"{where} takes a Variant, not {cut(repr(variant))}{how}")


DEFAULT_WIDTH = 78
"""The line width of `describe()` and `describe_diff()` unless told otherwise."""


def _check_width(width: object) -> None:
    check_whole(width, "width", 1, or_none=True)


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


# --- the words of one language --------------------------------------------------------------

_WORD: Final = "word."
"""The entries a fact's values fill in, shown by other templates by the rest of their key."""

_LISTS: Final[Mapping[str, tuple[str, tuple[str, ...]]]] = {
    "notes": (
        ", ",
        (
            "summary.note.penalty",
            "summary.note.false",
            "summary.note.play_on",
            "summary.note.rival",
        ),
    ),
}
"""Values made of entries in a row (an empty one left out), by separator: the notes of the
summary's renúncia (`4, false 1, play on`)."""


def _chooser(entry: Entry) -> str | None:
    """The value a choice chooses by (`None` for a template)."""
    by = entry.get("$") if isinstance(entry, dict) else None
    return by if isinstance(by, str) else None


class _Words:
    """One language's `card` catalogue, saying facts."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self.words: list[tuple[str, str | None, Entry]] = [
            (key.removeprefix(_WORD), _chooser(entry), entry)
            for key, entry in catalogue.entries.items()
            if key.startswith(_WORD)
        ]
        """Each word: its name, the value it chooses by (`None`: a template), its entry."""

    def values(self, fact: object, **extra: Value) -> dict[str, Value]:
        """`fact`'s values, then the words they fill in (a word may show any other word, before
        or after it in the catalogue: the words are filled in until no more can be), then the
        lists."""
        values = {**fact_values(fact), **extra}
        if isinstance(fact, Scoring):  # "61 to 90 points: 1 game; 91 to 119 (capote): 2 games"
            bands = (self.say("band", b, unit=i == 0) for i, b in enumerate(fact.bands))
            values["bands"] = "; ".join(bands)
        waiting = self.words
        while waiting:
            left = []
            for word in waiting:
                name, by, entry = word
                assert name not in values, f"word.{name} is also a value of {type(fact).__name__}"
                try:
                    if by is not None and by not in values:
                        raise CatalogueError(by)
                    values[name] = render(entry, values, self.catalogue.lang)
                except CatalogueError:
                    left.append(word)  # a word of another fact, or of a word not filled in yet
            if len(left) == len(waiting):
                break
            waiting = left
        for name, (separator, keys) in _LISTS.items():
            try:
                parts = [self.catalogue(key, **values) for key in keys]
            except CatalogueError:
                continue
            values[name] = separator.join(part for part in parts if part)
        return values

    def say(self, key: str, fact: object, **extra: Value) -> str:
        """Entry `key` said of `fact`."""
        return self.catalogue(key, **self.values(fact, **extra))

    def sentences(self, keys: tuple[str, ...], values: Mapping[str, Value]) -> str:
        """Entries `keys` in a row, one sentence each ('' when the first is empty)."""
        parts = [self.catalogue(key, **values) for key in keys]
        return " ".join(part for part in parts if part) if parts[0] else ""

    def label(self, topic: Topic | str) -> str:
        """A topic's label (a field no topic knows yet: named by its path)."""
        return self.catalogue(f"topic.{topic}") if is_topic(topic) else topic


@functools.cache
def _words(lang: str) -> _Words:
    return _Words(phrases(lang).card)


# --- the rules card -------------------------------------------------------------------------

_PARAGRAPHS: Final[Mapping[type, tuple[tuple[str, ...], ...]]] = {
    Players: (("players", "players.seats"),),
    Direction: (("direction", "direction.deal"),),
    Dealing: (("dealing", "dealing.trump", "dealing.turned"), ("leading",)),
    Redeal: (("redeal",),),
    FollowSuit: (("follow_suit",),),
    Revoke: (("revoke", "revoke.play"), ("claims", "claims.false", "claims.tie")),
    Bandeira: (("bandeira", "bandeira.partida"),),
    Tie: (("tie", "tie.again"),),
    MatchLength: (("match", "match.partidas"),),
}
"""The paragraphs that say each fact, each the entries it is made of."""


def _paras(fact: Fact, card: Card, w: _Words) -> list[_Para]:
    """The paragraphs that say one fact of `card`."""
    match fact:
        case "cards":
            return [
                _Para(w.catalogue("card_order")),
                # The ranks in the letters the card's language writes them ("A 7 R V D ...").
                _Para(load_catalogue(w.catalogue.lang, "game")("card.ranks"), "line"),
                _Para(w.catalogue("card_names")),
            ]
        case Scoring():
            bands = [_Para(w.say("band", b, unit=True), "item") for b in fact.bands]
            bandeira = _Para(w.say("bandeira_band", fact), "item")
            return [_Para(w.catalogue("scoring")), *bands, bandeira]
        case Source():
            return _source_paras(fact, card, w)
    values = w.values(fact)
    texts = (w.sentences(keys, values) for keys in _PARAGRAPHS[type(fact)])
    return [_Para(text) for text in texts if text]


def _source_paras(source: Source, card: Card, w: _Words) -> list[_Para]:
    """The file's own description (a built-in's in the card's language), then what it changed
    from its base."""
    paras: list[_Para] = []
    if source.description:
        builtins = phrases(w.catalogue.lang).builtins
        translated = builtins.get(source.builtin) if builtins and source.builtin else None
        paras.append(_Para(translated or source.description))
    if source.base is not None:
        # A built-in base by its name in the card's language ("Portugal, à mesa").
        paras.append(
            _Para(w.say("based_on", source, base=shown_name(source.base, w.catalogue.lang)))
        )
        for topic in source.changes or ():
            text = _topic_text(card, topic, w)
            key = "change_unused" if topic in source.unused else "change"
            paras.append(_Para(w.catalogue(key, label=w.label(topic), text=text), "item"))
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
    w = _words(phrases(lang).lang)
    variant = _given(variant, "describe()")
    _check_width(width)
    if base is not None:
        base = _given(base, "describe(..., base=...)")
    card = card_facts(variant, base)
    sections = [
        (
            w.catalogue(f"heading.{s.key}"),
            [para for fact in s.facts for para in _paras(fact, card, w)],
        )
        for s in card.sections
    ]
    title = w.catalogue("title", name=shown_name(card.name, w.catalogue.lang))
    return _render(title, sections, width)


# --- the one-line summary -------------------------------------------------------------------


def summary(variant: Variant, lang: Lang = "en") -> str:
    """The rules on one line, for `sueca variants`: direction, trump card, what differs from the
    usual in renúncia and scoring, 60-60, bandeira and the match."""
    w = _words(phrases(lang).lang)
    card = card_facts(_given(variant, "summary()"))
    facts = {TOPIC_FACTS[topic] for topic in SUMMARY_TOPICS}
    values = {name: w.values(getattr(card, name)) for name in facts}
    parts = (w.catalogue(f"summary.{t}", **values[TOPIC_FACTS[t]]) for t in SUMMARY_TOPICS)
    return " · ".join(part for part in parts if part)  # a usual rule says nothing


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
    rules_a = flat_rules(_given(a, "diff()"))
    rules_b = flat_rules(_given(b, "diff()"))
    return [
        RuleDiff(path, value, rules_b[path])
        for path, value in rules_a.items()
        if value != rules_b[path]
    ]


def _topic_text(card: Card, topic: Topic | str, w: _Words) -> str:
    """One variant's rule on `topic`, as a short phrase (`diff.<topic>`, said of its fact)."""
    if is_topic(topic):
        return w.say(f"diff.{topic}", getattr(card, TOPIC_FACTS[topic]))
    return str(card.fields.get(topic))  # a field no topic knows yet: its raw value


def describe_diff(
    a: Variant, b: Variant, lang: Lang = "en", *, width: int | None = DEFAULT_WIDTH
) -> str:
    """The rules in which `a` and `b` differ, in words, one paragraph per rule (fields that make one
    rule, such as the three of the 60-60 tie, are said together; the heading counts the fields, as
    [`diff()`][sueca_rules.diff] lists them); a sentence saying so when they have the same rules."""
    w = _words(phrases(lang).lang)
    say = w.catalogue
    a, b = _given(a, "describe_diff()"), _given(b, "describe_diff()")
    _check_width(width)
    found = diff(a, b)
    # The built-ins by their names in `lang` ("Regras francesas"); any other as it is written.
    shown_a, shown_b = shown_name(a.name, say.lang), shown_name(b.name, say.lang)
    if not found:
        text = say("diff.same_rules", a=shown_a, b=shown_b, same_name=a.name == b.name)
        return _wrap(text, "", "", width) + "\n"
    name_a, name_b = shown_a, shown_b
    if a.name == b.name:
        name_a, name_b = f"{shown_a} (1)", f"{shown_b} (2)"
    topics = topics_of(d.path for d in found)
    card_a, card_b = card_facts(a), card_facts(b)
    counts = {"rules": len(found), "topics": len(topics), "grouped": len(topics) != len(found)}
    lines = [_wrap(say("diff.differ", a=name_a, b=name_b, **counts), "", "", width)]
    for topic in topics:
        text_a, text_b = _topic_text(card_a, topic, w), _topic_text(card_b, topic, w)
        if text_a == text_b:
            # Only fields these rules do not use changed (a renúncia's penalty where it cannot
            # happen, what a 60-60 adds where it carries nothing): the same game at the table.
            text = say("diff.rule_same", label=w.label(topic), a=name_a, b=name_b, text=text_a)
            lines.append(_wrap(text, "  - ", "    ", width))
            continue
        text = say(
            "diff.rule",
            label=w.label(topic),
            a=name_a,
            text_a=text_a,
            b=name_b,
            text_b=text_b,
        )
        lines.append(_wrap(text, "  - ", "    ", width))
    return "\n".join(lines) + "\n"
