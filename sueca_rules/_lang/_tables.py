"""What a phrase table holds: one section per front end, each a typed protocol.

A language is one module of this package (`en.py`, `pt.py`) that defines a class for each section
below and ends with `PHRASES = Phrases(...)`; mypy checks there that every section has every phrase
with the right signature, and `tests/test_describe.py` that every language has exactly the same
phrases. Phrases that depend on numbers or choices are methods taking the facts
(`sueca_rules._describe_facts`), so each language decides its own plurals, zero values and word
order; fixed words are plain attributes.

A front end adds its own section here (a protocol, a field of `Phrases`) and the class that fills it
in each language file: the terminal game and the web table share `TablePhrases` (seats, teams,
phases) and can add theirs beside it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Protocol, TypedDict

from ._analysis_tables import AnalysisPhrases
from ._game_tables import PlayPhrases, ReplayPhrases

if TYPE_CHECKING:
    from .._describe_facts import (
        Band,
        Bandeira,
        Dealing,
        Direction,
        MatchLength,
        Players,
        Redeal,
        Revoke,
        Scoring,
        SectionKey,
        Tie,
        Topic,
    )

__all__ = [
    "CardPhrases",
    "DiffPhrases",
    "Headings",
    "Phase",
    "PhaseNames",
    "Phrases",
    "SummaryPhrases",
    "TablePhrases",
    "TopicLabels",
    "WordPhrases",
]


class Headings(TypedDict):
    """The headings of a rules card's sections (`SectionKey`)."""

    players: str
    direction: str
    deal: str
    follow: str
    revoke: str
    cards: str
    scoring: str
    bandeira: str
    tie: str
    match: str
    source: str


class TopicLabels(TypedDict):
    """The label of each rule of a difference (`Topic`)."""

    direction: str
    first_dealer: str
    first_leader: str
    deal: str
    redeal: str
    revoke: str
    tiers: str
    bandeira: str
    tie: str
    target: str
    best_of: str


Phase = Literal["deal", "trump", "redeal", "play", "count", "over"]
"""The phases of a match (`Match.phase`), with those the dealer's choice of trump, redeals and the
count add."""


class PhaseNames(TypedDict):
    """The phases of a match, as a game screen names them."""

    deal: str
    trump: str
    redeal: str
    play: str
    count: str
    over: str


class WordPhrases(Protocol):
    """Small words every front end uses."""

    def games(self, n: int) -> str:
        """`n` games as a quantity (`1 game`, `4 games`, `no games`)."""
        ...

    def side(self, left: bool) -> str:
        """`left` or `right`."""
        ...


class CardPhrases(Protocol):
    """The rules card (`describe()`): one phrase per paragraph or list item."""

    follow_suit: str
    card_order: str
    """Leads the ranks line (`A 7 K J Q 6 5 4 3 2`)."""
    card_names: str
    """Follows the ranks line: the names of the cards and their points."""
    scoring: str
    """Leads the scoring table."""

    def heading(self, key: SectionKey) -> str:
        """A section's heading (the language file holds them all in a `Headings`)."""
        ...

    def title(self, name: str) -> str: ...
    def players(self, f: Players) -> str: ...
    def direction(self, f: Direction) -> str: ...
    def dealing(self, f: Dealing) -> str: ...
    def leading(self, f: Dealing) -> str: ...
    def redeal(self, f: Redeal) -> str: ...
    def revoke(self, f: Revoke) -> str: ...
    def claims(self, f: Revoke) -> str: ...
    def band(self, b: Band, unit: bool = True) -> str:
        """A band of the scoring table; without `unit`, the word for points is left out (bands in a
        row say it once)."""
        ...

    def bandeira_band(self, f: Scoring) -> str: ...
    def bandeira(self, f: Bandeira) -> str: ...
    def tie(self, f: Tie) -> str: ...
    def match(self, f: MatchLength) -> str: ...
    def based_on(self, base: str, changed: bool | None) -> str:
        """Leads what a file changed from its base (`changed` `None`: not known)."""
        ...

    def change(self, label: str, text: str) -> str: ...


class DiffPhrases(Protocol):
    """Rule differences (`describe_diff()`) and what a house file changed: one short phrase per
    rule, for one variant."""

    def topic(self, key: Topic) -> str:
        """A rule's label (the language file holds them all in a `TopicLabels`)."""
        ...

    def direction(self, f: Direction) -> str: ...
    def first_dealer(self, f: Dealing) -> str: ...
    def first_leader(self, f: Dealing) -> str: ...
    def deal(self, f: Dealing) -> str: ...
    def redeal(self, f: Redeal) -> str: ...
    def revoke(self, f: Revoke) -> str: ...
    def bandeira(self, f: Bandeira) -> str: ...
    def tie(self, f: Tie) -> str: ...
    def target(self, f: MatchLength) -> str: ...
    def best_of(self, f: MatchLength) -> str: ...
    def same_rules(self, a: str, b: str | None) -> str:
        """`a` and `b` have the same rules (`b` `None`: they have one name too)."""
        ...

    def differ(self, a: str, b: str, rules: int, topics: int) -> str:
        """The heading: `rules` fields differ, said under `topics` paragraphs."""
        ...

    def rule(self, label: str, a: str, text_a: str, b: str, text_b: str) -> str: ...


class SummaryPhrases(Protocol):
    """The one-line summary of `sueca variants` (`summary()`)."""

    play_on: str
    """A note on claimable renúncia: play goes on after a penalized false claim."""
    names_rival: str
    """A note on claimable renúncia: a claim names the rival accused."""

    def direction(self, f: Direction) -> str: ...
    def first_dealer(self, seat: int) -> str: ...
    def first_leader(self, f: Dealing) -> str:
        """Who leads the first trick, when it is not the player after the dealer."""
        ...

    def trump(self, f: Dealing) -> str: ...
    def redeal(self, f: Redeal) -> str: ...
    def revoke(self, penalty: int, notes: list[str]) -> str:
        """Claimable renúncia and its penalty, with `notes` (`play_on`, ...)."""
        ...

    def false_claim(self, games: int) -> str:
        """A note on claimable renúncia: a false claim gives other games than a right one."""
        ...

    def tiers(self, table: str) -> str: ...
    def tie(self, f: Tie) -> str: ...
    def bandeira(self, f: Bandeira) -> str: ...
    def match(self, f: MatchLength) -> str: ...


class TablePhrases(Protocol):
    """Words of a game at the table (`sueca play`, `sueca replay`, the web table): seats seen from a
    player (`seat_name()`), teams, phases."""

    you: str
    partner: str
    right_rival: str
    left_rival: str
    top_card: str
    """The dealer's choice of the top card for trumps (trunfo por cima)."""
    bottom_card: str
    """The dealer's choice of the bottom card (trunfo por baixo)."""
    redeal: str
    """Asking for a new deal (dar de novo)."""
    keep_hand: str
    """Not asking: playing the hand dealt."""
    claim: str
    """Claiming a renúncia (acusar)."""

    def phase(self, key: Phase) -> str:
        """A phase's name (the language file holds them all in a `PhaseNames`)."""
        ...

    def seat(self, seat: int) -> str:
        """A seat by number (`seat 2`)."""
        ...

    def team(self, team: int) -> str:
        """A team by number (`team 0`)."""
        ...


@dataclass(frozen=True, slots=True)
class Phrases:
    """Every phrase of one language, by section."""

    lang: str
    """The language code (`en`, `pt`)."""
    name: str
    """The language's own name (`English`, `português`)."""
    words: WordPhrases
    card: CardPhrases
    diff: DiffPhrases
    summary: SummaryPhrases
    table: TablePhrases
    play: PlayPhrases
    """`sueca play` (`._game_tables`, from the `game` catalogue)."""
    replay: ReplayPhrases
    """`sueca replay`'s account (`._game_tables`, from the `game` catalogue)."""
    builtins: Mapping[str, str] | None
    """The built-in variants' descriptions in this language, by id; `None` in the language the
    variant files are written in (English), whose descriptions are shown as written."""
    analysis: AnalysisPhrases
    """`sueca analyse`, the hints and the web review (`._analysis_tables`, from its catalogue)."""
