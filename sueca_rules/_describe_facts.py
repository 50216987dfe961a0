"""The facts of a rules card, computed once from a variant, in no language.

A `Card` holds what a rules card says, as numbers and cases: who deals, which way play goes, what
each scoring band is worth, what a 60-60 carries, what the file changed from its base. Every rule
fact is asked of `Rules` (seats, leaders, tiers, capote, bandeira, ties), never recomputed here.
A fact carries its cases (`Redeal.who`: who may ask for a new deal; `Revoke.false_claim`: what a
false claim does), so that a language's phrases choose by them and hold templates only
(`sueca_rules/_lang/catalogues/<lang>/card.json`); `fact_values()` gives what a phrase can say,
and `sueca_rules._describe` lays the phrases out as a card, a one-line summary or a difference.

A new rule adds a field (or a case) to the fact it belongs to, or a new fact; a field of its own
carries its topic in `Variant` (`RuleInfo`), and a new topic names here the fact that says it
(`TOPIC_FACTS`) and, if the summary says it, its place there (`SUMMARY_TOPICS`).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, TypeAlias, TypeGuard

from ._registry import builtin_ids, load_variant
from ._rule_fields import CARD_SECTIONS, RULE_FIELDS, TOPICS
from ._rules import CAPOTE_POINTS, TIE_MULTIPLY, TIE_NONE, Rules
from ._variant import FirstLeader, TrumpCard, Variant

__all__ = [
    "SUMMARY_TIERS",
    "SUMMARY_TOPICS",
    "TOPIC_FACTS",
    "TOPIC_FIELDS",
    "Band",
    "Bandeira",
    "Card",
    "Dealing",
    "Direction",
    "Fact",
    "FollowSuit",
    "MatchLength",
    "Players",
    "Redeal",
    "Revoke",
    "Scoring",
    "Section",
    "SectionKey",
    "Side",
    "Source",
    "Tie",
    "Topic",
    "Value",
    "card_facts",
    "fact_values",
    "flat_rules",
    "is_topic",
    "topic_of",
    "topics_of",
]

SUMMARY_TIERS = 6
"""The tiers a summary shows, at most (then `…`)."""

Side = Literal["left", "right"]
"""A neighbour's side, seen from a seat."""

SectionKey: TypeAlias = str
"""A section of a rules card, one of `CARD_SECTIONS` (from the table of the rules' fields), in
order; each language names it (`heading.<section>` in its `card` catalogue)."""

Topic: TypeAlias = str
"""A rule as `describe_diff()` says it, one of `TOPICS` (from the table of the rules' fields):
the fields that make one rule are said together (the three fields of the 60-60 tie are one
topic); each language labels it (`topic.<topic>`) and says it (`diff.<topic>`)."""

TOPIC_FIELDS: Mapping[Topic, tuple[str, ...]] = {
    topic: tuple(f.path for f in RULE_FIELDS if f.topic == topic) for topic in TOPICS
}
"""The fields of each topic (their dotted paths), from the one table of the rules' fields
(`sueca_rules._rule_fields.RULE_FIELDS`)."""

TOPIC_FACTS: Mapping[Topic, str] = {
    "direction": "direction",
    "deal": "dealing",
    "first_dealer": "dealing",
    "first_leader": "dealing",
    "redeal": "redeal",
    "revoke": "revoke",
    "tiers": "scoring",
    "bandeira": "bandeira",
    "tie": "tie",
    "target": "match",
    "best_of": "match",
}
"""The fact of a `Card` (its attribute) whose values a topic's phrases (`diff.<topic>`,
`summary.<topic>`) say."""

SUMMARY_TOPICS: tuple[Topic, ...] = (
    "direction",
    "first_dealer",
    "first_leader",
    "deal",
    "redeal",
    "revoke",
    "tiers",
    "tie",
    "bandeira",
    "target",
)
"""The topics the one-line summary of `sueca variants` says, in order, each by `summary.<topic>`
(which says nothing where the rule is the usual one: the first leader, a new deal, the tiers;
`target` says the match's length, best of too)."""

Value: TypeAlias = str | int | bool
"""A value a phrase is filled in with, or chooses by: a number, a name, a case."""


def fact_values(fact: object) -> dict[str, Value]:
    """What a phrase of `fact` can say or choose by, in no language: its fields (numbers, names,
    yes/no and words; a fact inside it, such as a dealing's direction, gives its own), then its
    cases (`CASES`: `Redeal.who`, `Tie.named`, ...). A field that is `None` is left out (a
    phrase chooses by a case instead)."""
    values: dict[str, Value] = {}
    if not dataclasses.is_dataclass(fact):
        return values
    for field in dataclasses.fields(fact):
        value = getattr(fact, field.name)
        if isinstance(value, str | int | bool):
            values[field.name] = value
        elif dataclasses.is_dataclass(value):
            values.update(fact_values(value))
    for name in getattr(fact, "CASES", ()):
        values[name] = getattr(fact, name)
    return values


def is_topic(key: str) -> TypeGuard[Topic]:
    """Whether `key` is a `Topic` (not the path of a field no topic knows)."""
    return key in TOPIC_FIELDS


def topic_of(path: str) -> Topic | None:
    """The topic of a dotted field path; `None` for a field no topic knows yet."""
    for topic, fields in TOPIC_FIELDS.items():
        if any(path == f or (f.endswith(".") and path.startswith(f)) for f in fields):
            return topic
    return None


def flat_rules(variant: Variant) -> dict[str, Any]:
    """The variant's rules as `{dotted path: value}` (plain JSON data; the tier list is one value),
    in field order."""
    return dict(_flatten(variant.rules_dict()))


def _flatten(data: Mapping[str, Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    for key, value in data.items():
        path = f"{prefix}{key}"
        if isinstance(value, dict):
            yield from _flatten(value, path + ".")
        else:
            yield path, value


# --- the facts ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Players:
    """Four players, two teams, partners opposite, a 40-card deck, ten cards each."""

    seats_named: bool
    """The card names seats by number (a fixed first dealer), so it says how they are
    numbered."""


@dataclass(frozen=True, slots=True)
class Direction:
    """Which way play goes, and which way the hands go round (each side as `Rules.seat_role`
    says it)."""

    side: Side
    """Where the next player sits (and the next dealer), seen from a player."""
    deal_side: Side
    """Where the first player dealt to sits, seen from the dealer."""

    CASES: ClassVar[tuple[str, ...]] = ("deal_reverse",)

    @property
    def deal_reverse(self) -> bool:
        """The hands are dealt against the direction of play."""
        return self.deal_side != self.side


@dataclass(frozen=True, slots=True)
class Dealing:
    """Who deals first, how the hands are dealt, and which card is turned for trumps."""

    first_dealer: int | None
    """The seat that deals the first deal, `None` when chosen at random."""
    first_leader: int | None
    """The seat that leads the first trick of the match (with a fixed first dealer)."""
    trump_card: TrumpCard
    """`deal.trump_card`: `dealer_last` (the dealer is dealt last; their last card is turned),
    `dealer_first` (the dealer takes the first ten; the first card is turned) or `dealer_choice`
    (the dealer chooses, each deal, the top card or the bottom one)."""
    direction: Direction
    """Which way play goes and which way the hands are dealt."""
    leader: FirstLeader
    """`table.first_leader`: who leads a deal's first trick (`after_dealer`, `dealer` or
    `before_dealer`, the player who cut)."""
    leader_side: Side | None
    """Where the first leader of a deal sits, seen from the dealer (`None`: the dealer leads)."""
    next_dealer_side: Side
    """Where the next deal's dealer sits, seen from this deal's dealer."""

    CASES: ClassVar[tuple[str, ...]] = ("first",)

    @property
    def first(self) -> Literal["random", "seat"]:
        """How the first dealer is chosen: at `random`, or a fixed `seat`."""
        return "random" if self.first_dealer is None else "seat"


@dataclass(frozen=True, slots=True)
class Redeal:
    """A new deal (dar de novo) asked for by a weak hand, before the first card."""

    leader_below: int | None
    """The deal's first leader may ask with fewer card points than this; `None`: never."""
    others_below: int | None
    """Each other player may ask with fewer card points than this; `None`: never."""

    CASES: ClassVar[tuple[str, ...]] = ("who",)

    @property
    def allowed(self) -> bool:
        """Someone may ever ask."""
        return self.leader_below is not None or self.others_below is not None

    @property
    def who(self) -> Literal["nobody", "all", "leader", "others", "both"]:
        """Who may ask: `nobody`; `all` players below one threshold; only the `leader`; only the
        `others`; or `both`, each below their own threshold."""
        lead, others = self.leader_below, self.others_below
        if lead is None and others is None:
            return "nobody"
        if lead == others:
            return "all"
        if others is None:
            return "leader"
        return "others" if lead is None else "both"


@dataclass(frozen=True, slots=True)
class FollowSuit:
    """Follow suit if you can; no duty to trump or overtrump; highest trump, else highest card
    of the suit led, wins. The same under every variant."""


@dataclass(frozen=True, slots=True)
class Revoke:
    """Renúncia: prevented, or claimable with its penalties."""

    claimable: bool
    """Any card in hand may be played and a renúncia is caught by a claim."""
    penalty_games: int
    """The games a rightful claim scores."""
    false_claim_games: int | None
    """The games a false claim gives the other team; `None` when a false claim is ignored."""
    plays_on: bool
    """After a penalized false claim play goes on and the deal is scored at its end, the penalty
    added to its games (`after_false_claim: play_on`); else the deal ends."""
    accuse_player: bool
    """A claim names the rival it accuses, and is rightful only if that one revoked."""
    tie_kept: bool
    """Ties carry something, so the card says that a penalty leaves a pending tie alone."""

    CASES: ClassVar[tuple[str, ...]] = ("false_claim", "false_differs")

    @property
    def false_claim(self) -> Literal["ignored", "play_on", "deal_ends"]:
        """What a false claim does: it is `ignored`; it is penalized and play goes on
        (`play_on`); it is penalized and the deal ends (`deal_ends`)."""
        if self.false_claim_games is None:
            return "ignored"
        return "play_on" if self.plays_on else "deal_ends"

    @property
    def false_differs(self) -> bool:
        """A false claim is penalized with other games than a rightful one scores."""
        false = self.false_claim_games
        return false is not None and false != self.penalty_games


@dataclass(frozen=True, slots=True)
class Band:
    """A range of card points and the games it scores."""

    low: int
    high: int
    games: int
    capote: bool
    """The band starts at `CAPOTE_POINTS`: a capote."""

    CASES: ClassVar[tuple[str, ...]] = ("single",)

    @property
    def single(self) -> bool:
        """The band is one number of points."""
        return self.low == self.high


@dataclass(frozen=True, slots=True)
class Scoring:
    """The scoring table of a deal won on points, then the bandeira's line."""

    bands: tuple[Band, ...]
    """From 61 points up to 120 (119 when 120 points are a bandeira); a gap below the first
    tier scores nothing; a tier that can never apply is left out."""
    tiers: tuple[tuple[int, int], ...]
    """`(min_points, games)` as the variant writes them, lowest first."""
    bandeira_all_tricks: bool
    bandeira_games: int

    CASES: ClassVar[tuple[str, ...]] = ("standard", "tier_table")

    @property
    def standard(self) -> bool:
        """The usual table: 61 one game, 91 two."""
        return self.tiers == ((61, 1), (91, 2))

    @property
    def tier_table(self) -> str:
        """The tiers in short, as the one-line summary shows them: `61+:1 91+:2` (the first
        `SUMMARY_TIERS`, then `…`)."""
        shown = " ".join(f"{low}+:{games}" for low, games in self.tiers[:SUMMARY_TIERS])
        return shown + (" …" if len(self.tiers) > SUMMARY_TIERS else "")


@dataclass(frozen=True, slots=True)
class Bandeira:
    """The clean sweep."""

    all_tricks: bool
    """A bandeira is all ten tricks (else all 120 points)."""
    games: int
    games_at_120: int
    """What 120 points with a lost trick scores by the tiers (said when `all_tricks`)."""
    wins_partida: bool
    wins_in_effect: bool
    """Its games reach the target, so in effect it wins the partida at once."""

    CASES: ClassVar[tuple[str, ...]] = ("ends",)

    @property
    def ends(self) -> Literal["wins", "in_effect", "none", "counts"]:
        """What a bandeira does to the partida: it `wins` it (a rule), wins it `in_effect` (its
        games reach the target), scores `none`, or `counts` like any games."""
        if self.wins_partida:
            return "wins"
        if self.wins_in_effect:
            return "in_effect"
        return "counts" if self.games else "none"


@dataclass(frozen=True, slots=True)
class Tie:
    """What a 60-60 (empate) carries to the next deal won."""

    carries: Literal["nothing", "add", "multiply"]
    """`nothing` also for adding 0 games."""
    amount: int
    """Games added, or the factor, per tie."""
    stacks: bool
    """A further tie before a deal is won adds or multiplies again."""

    CASES: ClassVar[tuple[str, ...]] = ("named",)

    @property
    def named(self) -> bool:
        """The factor has a name of its own: double, triple, quadruple."""
        return self.amount in (2, 3, 4)


@dataclass(frozen=True, slots=True)
class MatchLength:
    """Games to win a partida, partidas in a match."""

    target_games: int
    best_of: int
    partidas_to_win: int


@dataclass(frozen=True, slots=True)
class Source:
    """Where the rules come from: the file's own description, and what it changed from the
    variant it extends."""

    description: str
    """The description the variant's own file wrote, on one line ('' when none, or when it is
    only its base's, inherited)."""
    builtin: str | None
    """The built-in id whose description this is (a language may hold its translation)."""
    base: str | None
    """The name of the variant it extends (or the `extends` text when the base is not at hand);
    `None` when it extends nothing."""
    changes: tuple[Topic | str, ...] | None
    """The topics (or, for a field no topic knows, dotted paths) it changed from its base, in field
    order; `None` when the base is not at hand."""
    unused: tuple[Topic | str, ...] = ()
    """Those of `changes` changed only in fields that neither it nor its base uses (see
    `unused_paths`): the same game at the table."""

    CASES: ClassVar[tuple[str, ...]] = ("changed",)

    @property
    def empty(self) -> bool:
        """Nothing to say."""
        return not self.description and self.base is None

    @property
    def changed(self) -> Literal["unknown", "same", "changed"]:
        """What the file changed from its base: `unknown` (the base is not at hand), the `same`
        rules, or `changed` some."""
        if self.changes is None:
            return "unknown"
        return "changed" if self.changes else "same"


Fact = (
    Players
    | Direction
    | Dealing
    | Redeal
    | FollowSuit
    | Revoke
    | Scoring
    | Bandeira
    | Tie
    | MatchLength
    | Source
    | Literal["cards"]
)
"""One fact of a card; `"cards"` is the card order and points, the same in every variant."""


@dataclass(frozen=True, slots=True)
class Section:
    """A section of a rules card: its key (each language names it) and its facts in order."""

    key: SectionKey
    facts: tuple[Fact, ...]


@dataclass(frozen=True, slots=True)
class Card:
    """Every fact a rules card says about one variant."""

    name: str
    players: Players
    direction: Direction
    dealing: Dealing
    redeal: Redeal
    revoke: Revoke
    scoring: Scoring
    bandeira: Bandeira
    tie: Tie
    match: MatchLength
    source: Source
    fields: Mapping[str, Any]
    """The rules as `{dotted path: value}` (a field no fact knows yet is said by value)."""

    @property
    def sections(self) -> tuple[Section, ...]:
        """The card's sections in the order of `CARD_SECTIONS` (a new deal only when someone may
        ask for one, the source only when there is something to say)."""
        facts: dict[SectionKey, tuple[Fact, ...]] = {
            "players": (self.players,),
            "direction": (self.direction,),
            "deal": (self.dealing, self.redeal) if self.redeal.allowed else (self.dealing,),
            "follow": (FollowSuit(),),
            "revoke": (self.revoke,),
            "cards": ("cards",),
            "scoring": (self.scoring,),
            "bandeira": (self.bandeira,),
            "tie": (self.tie,),
            "match": (self.match,),
            "source": () if self.source.empty else (self.source,),
        }
        return tuple(Section(key, facts[key]) for key in CARD_SECTIONS if facts[key])


# --- from a variant -------------------------------------------------------------------------


def card_facts(variant: Variant, base: Variant | None = None) -> Card:
    """The facts of `variant`'s rules card. `base` is the variant it extends, when known; otherwise
    a built-in named by `extends` is looked up."""
    rules = Rules.from_variant(variant)
    return Card(
        name=variant.name,
        players=Players(seats_named=rules.first_dealer is not None),
        direction=_direction(rules),
        dealing=_dealing(variant, rules),
        redeal=Redeal(rules.redeal_leader_below or None, rules.redeal_others_below or None),
        revoke=Revoke(
            claimable=rules.revoke_claimable,
            penalty_games=rules.penalty_games,
            false_claim_games=rules.false_claim_games if rules.false_claim_penalizes else None,
            plays_on=rules.false_claim_plays_on,
            accuse_player=rules.accuse_player,
            tie_kept=_tie(rules).carries != "nothing",
        ),
        scoring=Scoring(
            bands=_bands(rules),
            tiers=tuple(sorted(rules.tiers)),
            bandeira_all_tricks=rules.bandeira_all_tricks,
            bandeira_games=rules.bandeira_games,
        ),
        bandeira=Bandeira(
            all_tricks=rules.bandeira_all_tricks,
            games=rules.bandeira_games,
            games_at_120=rules.tier_games(120),
            wins_partida=rules.bandeira_wins_partida,
            wins_in_effect=rules.bandeira_games >= rules.target_games,
        ),
        tie=_tie(rules),
        match=MatchLength(rules.target_games, rules.best_of, rules.partidas_to_win),
        source=_source(variant, base),
        fields=flat_rules(variant),
    )


def _side(seat: int, viewer: int, rules: Rules) -> Side:
    role = rules.seat_role(seat, viewer)
    if role == "left" or role == "right":
        return role
    raise AssertionError(f"seat {seat} is not beside seat {viewer}")  # pragma: no cover


def _direction(rules: Rules) -> Direction:
    """Which way play goes, and which way the hands go round: from the dealer to the first seat the
    dealer deals to (the order `Rules.deal_order()` deals in)."""
    order = rules.deal_order(0)
    first_dealt = order[1] if order[0] == 0 else order[0]
    return Direction(_side(rules.next_seat[0], 0, rules), _side(first_dealt, 0, rules))


def _dealing(variant: Variant, rules: Rules) -> Dealing:
    first = rules.first_dealer
    return Dealing(
        first_dealer=first,
        first_leader=None if first is None else rules.first_leader(first),
        trump_card=variant.deal.trump_card,
        direction=_direction(rules),
        leader=variant.table.first_leader,
        leader_side=None if rules.first_leader(0) == 0 else _side(rules.first_leader(0), 0, rules),
        next_dealer_side=_side(rules.next_dealer(0), 0, rules),
    )


def _bands(rules: Rules) -> tuple[Band, ...]:
    """The scoring table as point ranges (see `Scoring.bands`)."""
    top = 119 if rules.is_bandeira(120, all_tricks=False) else 120
    tiers = sorted(rules.tiers)
    bands: list[Band] = []
    if tiers[0][0] > 61:
        bands.append(_band(61, min(tiers[0][0] - 1, top), rules))
    for i, (low, _) in enumerate(tiers):
        high = min(tiers[i + 1][0] - 1 if i + 1 < len(tiers) else top, top)
        if low <= high:
            bands.append(_band(low, high, rules))
    return tuple(bands)


def _band(low: int, high: int, rules: Rules) -> Band:
    # The band that starts where capotes start is the capote's, whatever games it scores.
    return Band(low, high, rules.tier_games(low), capote=low == CAPOTE_POINTS)


def _tie(rules: Rules) -> Tie:
    # A 60-60 that changes the next deal won by nothing (mode none, or adding 0) carries nothing.
    if rules.tie_mode == TIE_NONE or rules.tie_bonus(1, 1) == 1:
        return Tie("nothing", rules.tie_amount, rules.tie_stacks)
    mode: Literal["add", "multiply"] = "multiply" if rules.tie_mode == TIE_MULTIPLY else "add"
    return Tie(mode, rules.tie_amount, rules.tie_stacks)


# --- the source -----------------------------------------------------------------------------


@functools.cache
def _builtin_descriptions() -> dict[str, str]:
    """`{description on one line: built-in id}` (the first built-in to write it)."""
    found: dict[str, str] = {}
    for vid in builtin_ids():
        text = _one_line(load_variant(vid).description)
        if text:
            found.setdefault(text, vid)
    return found


@functools.cache
def _builtin_ids_by_name() -> dict[str, str]:
    """`{name: built-in id}` (the first built-in of that name)."""
    found: dict[str, str] = {}
    for vid in builtin_ids():
        found.setdefault(load_variant(vid).name, vid)
    return found


def shown_name(name: str, lang: str) -> str:
    """A variant's name as `lang` says it: a built-in's own name in that language ("Portugal, à
    mesa"), any other name as it is written."""
    from ._lang import builtin_names, check_lang

    vid = _builtin_ids_by_name().get(name)
    if vid is None:
        return name
    return builtin_names(check_lang(lang)).get(vid, name)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _source(variant: Variant, base: Variant | None) -> Source:
    """The file's own description (not its base's, should it have been inherited) and what it
    changed from its base."""
    if base is None and variant.extends is not None and variant.extends in builtin_ids():
        base = load_variant(variant.extends)
    description = _one_line(variant.description)
    if base is not None and description == _one_line(base.description):
        description = ""  # the base's, inherited: it describes other rules
    changes: tuple[Topic | str, ...] | None = None
    unused: tuple[Topic | str, ...] = ()
    if base is not None:
        ours, theirs = flat_rules(variant), flat_rules(base)
        changed = [path for path, value in ours.items() if theirs.get(path) != value]
        changes = topics_of(changed)
        idle = unused_paths(variant) & unused_paths(base)
        used = set(topics_of(path for path in changed if path not in idle))
        unused = tuple(topic for topic in changes if topic not in used)
    return Source(
        description=description,
        builtin=_builtin_descriptions().get(description) if description else None,
        base=None if variant.extends is None else base.name if base else variant.extends,
        changes=changes,
        unused=unused,
    )


def unused_paths(variant: Variant) -> set[str]:
    """The dotted paths of the fields `variant`'s other rules leave unused: what a renúncia costs
    where none can be played, a false claim's cost where false claims are ignored, what a 60-60
    adds where it carries nothing."""
    paths: set[str] = set()
    if variant.revoke.mode != "claimable":
        rest = ("penalty_games", "false_claim", "false_claim_games", "after_false_claim", "accuse")
        paths.update(f"revoke.{name}" for name in rest)
    if variant.revoke.false_claim == "ignored":
        paths.update({"revoke.false_claim_games", "revoke.after_false_claim"})
    if variant.scoring.tie.mode == "none":
        paths.update({"scoring.tie.amount", "scoring.tie.stacks"})
    return paths


def topics_of(paths: Iterable[str]) -> tuple[Topic | str, ...]:
    """The topics of the dotted `paths` in order, each once (a path no topic knows stands for
    itself)."""
    topics: list[Topic | str] = []
    for path in paths:
        topic = topic_of(path) or path
        if topic not in topics:
            topics.append(topic)
    return tuple(topics)
