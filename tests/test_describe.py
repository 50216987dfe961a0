"""Rules cards, one-line summaries and rule differences (``sueca_rules._describe``), the facts
they say (``sueca_rules._describe_facts``) and the phrase files (``sueca_rules._lang``).

The facts are checked as facts, against :class:`~sueca_rules._rules.Rules` and the variant
files; the texts are checked for what every language must do (say every fact that differs,
never leave a number or a zero badly said), with a few phrases read in each language.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from pathlib import Path
from typing import Any, get_args

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from sueca_rules import (
    ConfigError,
    Variant,
    builtin_ids,
    load_variant,
    parse_variant,
    variants_dir,
)
from sueca_rules._describe import (
    LANGS,
    Lang,
    RuleDiff,
    _Words,
    describe,
    describe_diff,
    diff,
    summary,
)
from sueca_rules._describe_facts import (
    SUMMARY_TOPICS,
    TOPIC_FACTS,
    TOPIC_FIELDS,
    Band,
    Bandeira,
    Card,
    Dealing,
    Direction,
    MatchLength,
    Players,
    Redeal,
    Revoke,
    Scoring,
    Source,
    Tie,
    card_facts,
    fact_values,
    flat_rules,
    topic_of,
)
from sueca_rules._lang import check_lang, phrases, seat_name
from sueca_rules._lang._analysis_tables import AnalysisPhrases
from sueca_rules._lang._catalogue import Catalogue, Entry, render
from sueca_rules._lang._game_tables import PlayPhrases, ReplayPhrases
from sueca_rules._lang._tables import Phase, Phrases, TablePhrases
from sueca_rules._rule_fields import CARD_SECTIONS, RULE_FIELDS, TOPICS
from sueca_rules._rules import CAPOTE_POINTS, Rules
from tests.strategies import variants

DEFAULT = Variant(name="x")


def norm(text: str) -> str:
    """The text with every run of white space made one space (cards are wrapped)."""
    return " ".join(text.split())


def rules_body(card: str) -> str:
    """A card without its title (which holds the variant's name, in any language)."""
    return norm(card.split("\n", 2)[2])


def with_rule(variant: Variant, path: str, value: Any) -> Variant:
    """``variant`` with the rule at the dotted ``path`` set to ``value``."""
    data = variant.model_dump(mode="json")
    *parents, last = path.split(".")
    node = data
    for part in parents:
        node = node[part]
    node[last] = value
    return Variant.model_validate(data)


def tier_ranges(variant: Variant) -> list[tuple[int, int, int]]:
    """(low, high, games) of each tier that can apply, computed here independently."""
    top = 119 if variant.scoring.bandeira.requires == "all_points" else 120
    tiers = [(t.min_points, t.games) for t in variant.scoring.tiers]
    out = []
    if tiers[0][0] > 61:  # points that win the deal but reach no tier
        out.append((61, min(top, tiers[0][0] - 1), 0))
    for (low, games), nxt in itertools.zip_longest(tiers, tiers[1:]):
        high = min(top, nxt[0] - 1 if nxt else top)
        if low <= high:
            out.append((low, high, games))
    return out


# --- the facts ------------------------------------------------------------------------------


def test_facts_of_portugal() -> None:
    card = card_facts(load_variant("portugal"))
    assert card.name == "Portugal"
    assert card.players == Players(seats_named=False)
    assert card.direction == Direction(side="right", deal_side="right")
    assert card.dealing == Dealing(
        None, None, "dealer_last", card.direction, "after_dealer", "right", "right"
    )
    assert card.revoke == Revoke(
        claimable=False,
        penalty_games=4,
        false_claim_games=4,
        plays_on=False,
        accuse_player=False,
        tie_kept=True,
    )
    assert card.redeal == Redeal(None, None)
    assert card.scoring == Scoring(
        bands=(Band(61, 90, 1, capote=False), Band(91, 119, 2, capote=True)),
        tiers=((61, 1), (91, 2)),
        bandeira_all_tricks=False,
        bandeira_games=4,
    )
    assert card.scoring.standard
    assert card.bandeira == Bandeira(
        all_tricks=False, games=4, games_at_120=2, wins_partida=False, wins_in_effect=True
    )
    assert card.tie == Tie("add", 1, stacks=True)
    assert card.match == MatchLength(target_games=4, best_of=1, partidas_to_win=1)
    assert card.source.builtin == "portugal"
    assert card.source.base is None
    assert card.source.changes is None
    assert [s.key for s in card.sections] == list(CARD_SECTIONS)


def test_facts_of_the_other_builtins() -> None:
    french = card_facts(load_variant("french"))
    assert french.direction == Direction(side="left", deal_side="left")
    assert french.bandeira == Bandeira(True, 4, 2, wins_partida=True, wins_in_effect=True)
    assert french.tie.carries == "nothing"
    assert not french.revoke.tie_kept
    assert french.scoring.bands[-1] == Band(91, 120, 2, capote=True)
    assert french.source == Source(
        description=norm(load_variant("french").description),
        builtin="french",
        base="Portugal",
        changes=("direction", "bandeira", "tie"),
    )
    online = card_facts(load_variant("sueca-online"))
    assert online.dealing.trump_card == "dealer_first"
    assert online.source.changes == ("deal", "bandeira", "tie")
    play = card_facts(load_variant("sueca-play"))
    assert play.dealing == Dealing(
        1,
        0,
        "dealer_last",
        Direction("right", deal_side="right"),
        "after_dealer",
        "right",
        "right",
    )
    assert (french.dealing.leader_side, french.dealing.next_dealer_side) == ("left", "left")
    assert play.players == Players(seats_named=True)
    assert play.tie == Tie("multiply", 2, stacks=False)
    table = card_facts(load_variant("portugal-table"))
    assert table.revoke == Revoke(True, 4, 4, plays_on=False, accuse_player=False, tie_kept=True)
    best = card_facts(load_variant("portugal-best-of-3"))
    assert best.match == MatchLength(4, 3, 2)


@given(variants())
def test_facts_agree_with_the_rules(v: Variant) -> None:
    """Every fact is what :class:`Rules` says (the card computes nothing of its own)."""
    rules = Rules.from_variant(v)
    card = card_facts(v)
    assert [(b.low, b.high, b.games) for b in card.scoring.bands] == tier_ranges(v)
    for band in card.scoring.bands:
        assert rules.tier_games(band.low) == rules.tier_games(band.high) == band.games
        assert band.capote == (band.low == CAPOTE_POINTS)
    assert card.bandeira.games_at_120 == rules.tier_games(120)
    assert card.bandeira.all_tricks == (not rules.is_bandeira(120, all_tricks=False))
    if rules.first_dealer is None:
        assert card.dealing.first_leader is None
    else:
        assert card.dealing.first_leader == rules.first_leader(rules.first_dealer)
        after, dealer = rules.next_seat[rules.first_dealer], rules.first_dealer
        before = rules.previous_seat(rules.first_dealer)
        leaders = {"after_dealer": after, "dealer": dealer, "before_dealer": before}
        assert card.dealing.first_leader == leaders[v.table.first_leader]
    order = rules.deal_order(0)
    assert (card.dealing.direction.deal_side == "left") == (order[1] == (order[0] + 1) % 4)
    assert (card.direction.side == "left") == (rules.next_seat[0] == 1)
    assert card.dealing.direction == card.direction
    side = "left" if rules.clockwise else "right"  # the next seat, seen from a seat
    assert card.dealing.next_dealer_side == side
    other = "right" if side == "left" else "left"
    sides = {"after_dealer": side, "dealer": None, "before_dealer": other}
    assert card.dealing.leader_side == sides[v.table.first_leader]
    carries = rules.tie_bonus(1, 1) != 1
    assert (card.tie.carries != "nothing") == carries == card.revoke.tie_kept
    false = (
        v.revoke.penalty_games if v.revoke.false_claim_games is None else v.revoke.false_claim_games
    )
    assert card.revoke.false_claim_games == (
        false if v.revoke.false_claim == "penalize_claimant" else None
    )
    assert card.revoke.plays_on == (v.revoke.after_false_claim == "play_on")
    assert card.revoke.accuse_player == (v.revoke.accuse == "player")
    assert card.redeal == Redeal(v.deal.redeal.leader_below, v.deal.redeal.others_below)
    for dealer in range(4):
        leader = rules.first_leader(dealer)
        for seat in range(4):
            below = card.redeal.leader_below if seat == leader else card.redeal.others_below
            assert rules.redeal_below(seat, dealer) == (below or 0)
    assert card.match.partidas_to_win == rules.partidas_to_win


def said(card: Card) -> tuple[Any, ...]:
    """The facts a card says: those that apply (a penalty when renúncia is prevented, or what
    a tie carries when it carries nothing, are not said)."""
    revoke = card.revoke
    if not revoke.claimable:
        revoke = Revoke(False, 0, 0, plays_on=False, accuse_player=False, tie_kept=False)
    elif revoke.false_claim_games is None:  # ignored: play goes on, whatever after_false_claim
        revoke = dataclasses.replace(revoke, plays_on=False)
    tie = card.tie if card.tie.carries != "nothing" else Tie("nothing", 0, stacks=False)
    bandeira = card.bandeira
    if not bandeira.all_tricks:
        bandeira = dataclasses.replace(bandeira, games_at_120=0)
    if bandeira.wins_partida:
        bandeira = dataclasses.replace(bandeira, wins_in_effect=False)
    return (
        card.players,
        card.direction,
        card.dealing,
        card.redeal,
        revoke,
        card.scoring.bands,
        card.scoring.bandeira_games,
        bandeira,
        tie,
        card.match,
    )


@given(variants(), variants())
def test_every_rule_is_said_in_every_language(v: Variant, other: Variant) -> None:
    """Changing one rule changes the card, in each language, exactly when it changes a fact
    the card says: no fact is left out of a language, and none is said that does not apply."""
    v = v.model_copy(update={"description": ""})
    for path, value in flat_rules(other).items():
        if flat_rules(v)[path] == value:
            continue
        try:
            w = with_rule(v, path, value)
        except ValidationError:
            continue  # this rule with the others of v is not a valid variant
        changed = said(card_facts(v)) != said(card_facts(w))
        for lang in LANGS:
            assert (describe(v, lang) != describe(w, lang)) == changed, (lang, path, value)


def test_facts_carry_their_cases() -> None:
    """The cases a language's templates choose by are computed with the facts, in no language."""
    assert [Redeal(*t).who for t in [(None, None), (10, 10), (10, None), (None, 5), (10, 5)]] == [
        "nobody",
        "all",
        "leader",
        "others",
        "both",
    ]
    revoke = Revoke(True, 4, None, plays_on=False, accuse_player=False, tie_kept=False)
    assert (revoke.false_claim, revoke.false_differs) == ("ignored", False)
    revoke = dataclasses.replace(revoke, false_claim_games=1)
    assert (revoke.false_claim, revoke.false_differs) == ("deal_ends", True)
    revoke = dataclasses.replace(revoke, false_claim_games=4, plays_on=True)
    assert (revoke.false_claim, revoke.false_differs) == ("play_on", False)
    sweep = Bandeira(True, 4, 2, wins_partida=False, wins_in_effect=True)
    assert sweep.ends == "in_effect"
    assert dataclasses.replace(sweep, wins_partida=True).ends == "wins"
    assert dataclasses.replace(sweep, wins_in_effect=False).ends == "counts"
    assert dataclasses.replace(sweep, wins_in_effect=False, games=0).ends == "none"
    assert [Tie("multiply", n, False).named for n in (2, 3, 4, 5)] == [True, True, True, False]
    tiers = tuple((61 + i, 1) for i in range(7))
    scoring = Scoring((), tiers, bandeira_all_tricks=False, bandeira_games=4)
    assert scoring.tier_table == "61+:1 62+:1 63+:1 64+:1 65+:1 66+:1 …"
    assert not scoring.standard
    # The hands dealt against the direction of play (the sides themselves are asked of
    # `Rules.seat_role`: see test_facts_agree_with_the_rules).
    assert Direction(side="left", deal_side="right").deal_reverse
    assert not Direction(side="right", deal_side="right").deal_reverse


def test_fact_values_are_its_fields_and_cases() -> None:
    """What a phrase can say of a fact: its fields but those that are `None`, a fact inside it
    (the dealing's direction) flattened, its cases."""
    dealing = card_facts(load_variant("portugal")).dealing
    values = fact_values(dealing)
    assert "first_dealer" not in values  # random: a phrase chooses by `first` instead
    assert values["first"] == "random"
    assert values["leader"] == "after_dealer"
    assert values["leader_side"] == "right"
    assert values["side"] == "right"  # from the direction inside it
    assert values["deal_reverse"] is False
    assert fact_values("cards") == {}


def test_every_entry_of_the_card_catalogue_is_said() -> None:
    """No entry of a language's `card` catalogue is dead: the built-ins and a few house rules
    say each of them, in each language."""
    import sueca_rules._describe as describing

    used: set[str] = set()
    call = Catalogue.__call__

    def record_render(entry: Any, params: Any, lang: str) -> str:
        used.update(k for k, e in phrases(lang).card.entries.items() if e is entry)
        return render(entry, params, lang)

    def record_call(self: Catalogue, key: str, /, **params: Any) -> str:
        used.add(key)
        return call(self, key, **params)

    house = [
        "deal: {trump_card: dealer_first, order: reverse}",
        "table: {first_dealer: 1, first_leader: before_dealer}",
        "deal: {redeal: {leader_below: 10}}\nmatch: {best_of: 3, target_games: 6}",
        "deal: {redeal: {others_below: 5}}\nscoring: {tie: {mode: multiply, amount: 5}}",
        "revoke: {mode: claimable, false_claim: ignored}",
        "revoke: {mode: claimable, false_claim_games: 0, after_false_claim: play_on}",
        "revoke: {mode: claimable, false_claim_games: 1, accuse: player}",
        "revoke: {mode: claimable, false_claim_games: 0}",
        "scoring: {tiers: [{min_points: 61, games: 1}, {min_points: 100, games: 2}], "
        "bandeira: {games: 0}, tie: {mode: multiply, amount: 2, stacks: true}}",
        "scoring: {bandeira: {games: 2}, tie: {mode: add, stacks: false}}",
        "scoring: {tiers: [{min_points: 70, games: 1}, {min_points: 120, games: 3}]}",
        "revoke: {penalty_games: 2}",  # a field portugal does not use (`diff.rule_same`)
    ]
    variants = [load_variant(vid) for vid in builtin_ids()]
    variants += [
        parse_variant(f"name: H{i}\nextends: portugal\n{t}\n") for i, t in enumerate(house)
    ]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(describing, "render", record_render)
        patch.setattr(Catalogue, "__call__", record_call)
        for lang in LANGS:
            for v in variants:
                describe(v, lang)
                summary(v, lang)
                describe_diff(v, variants[0], lang)
                describe_diff(v, v, lang)
                describe_diff(v, v.model_copy(update={"name": "other"}), lang)
    for lang in LANGS:
        assert set(phrases(lang).card.entries) - used == set(), lang


# --- the phrase files -----------------------------------------------------------------------

SECTIONS = {
    "table": TablePhrases,
    "play": PlayPhrases,
    "replay": ReplayPhrases,
    "analysis": AnalysisPhrases,
}
"""The sections of a language's phrases that are objects with a protocol (the rules card's are
a catalogue, `card`)."""


def protocol_members(protocol: type) -> set[str]:
    """The public names a section's class declares, with those of the library's classes it
    builds on (`_Section` gives every game section `card()`)."""
    names: set[str] = set()
    for cls in protocol.__mro__:
        if cls is protocol or cls.__module__.startswith("sueca_rules"):
            names |= set(getattr(cls, "__annotations__", {})) | set(vars(cls))
    return {n for n in names if not n.startswith("_")}


def section_members(section: object) -> set[str]:
    return {n for n in dir(section) if not n.startswith("_")}


def test_every_language_has_exactly_the_same_phrases() -> None:
    """Every language has every phrase of every section, and no other: the sections with a
    protocol have its members; the rules card's catalogue has the same entries in every
    language, showing the same values (`tests/test_catalogues.py` checks every catalogue so)."""
    fields = {f.name for f in dataclasses.fields(Phrases)}
    assert fields == {"lang", "name", "builtins", "card", *SECTIONS}
    for lang in LANGS:
        table = phrases(lang)
        assert table.lang == lang
        assert table.name
        assert isinstance(table.card, Catalogue)
        assert table.card.lang == lang
        assert set(table.card.entries) == set(phrases("en").card.entries)
        for name, protocol in SECTIONS.items():
            assert section_members(getattr(table, name)) == protocol_members(protocol), (
                lang,
                name,
            )


def _keys(catalogue: Catalogue, prefix: str) -> set[str]:
    return {k.removeprefix(prefix) for k in catalogue.entries if k.startswith(prefix)}


def test_the_card_catalogue_names_every_section_and_topic_of_the_rule_fields() -> None:
    """The headings, the topics' labels and their phrases are derived from the one table of the
    rules' fields: each section and topic there has its entry, and no entry names another."""
    assert {f.section for f in RULE_FIELDS if f.section} <= set(CARD_SECTIONS)
    for lang in LANGS:
        card = phrases(lang).card
        assert _keys(card, "heading.") == set(CARD_SECTIONS), lang
        assert _keys(card, "topic.") == set(TOPICS), lang
        assert _keys(card, "diff.") - {"same_rules", "differ", "rule", "rule_same"} == set(
            TOPICS
        ), lang
        summary = {k for k in _keys(card, "summary.") if not k.startswith("note.")}
        assert summary == set(SUMMARY_TOPICS) <= set(TOPICS), lang


def test_every_heading_label_and_phase_is_named() -> None:
    for lang in LANGS:
        p = phrases(lang)
        headings = [p.card(f"heading.{key}") for key in CARD_SECTIONS]
        topics = [p.card(f"topic.{key}") for key in TOPICS]
        phases = [p.table.phase(key) for key in get_args(Phase)]
        for names in (headings, topics, phases):
            assert all(names)
            assert len(set(names)) == len(names), (lang, names)


def test_builtin_descriptions_in_each_language() -> None:
    """The variant files are in English; every other language translates every built-in's
    description."""
    assert phrases("en").builtins is None
    for lang in LANGS[1:]:
        translated = phrases(lang).builtins
        assert translated is not None
        assert set(translated) == set(builtin_ids()), lang


def test_topics_cover_every_rule() -> None:
    paths = flat_rules(DEFAULT)
    assert all(topic_of(path) is not None for path in paths), paths
    assert set(TOPIC_FIELDS) == set(TOPICS)
    assert all(TOPIC_FIELDS[topic] for topic in TOPICS)  # each topic has its fields
    # each topic is said of one fact of a card
    assert set(TOPIC_FACTS) == set(TOPICS)
    card_fields = {f.name for f in dataclasses.fields(Card)}
    assert set(TOPIC_FACTS.values()) <= card_fields


def test_the_table_of_rule_fields_names_every_field_once() -> None:
    """`RULE_FIELDS` is the one list of a variant's fields: every field of the model (but
    `extends`) once, so that the topics and the builder's groups derived from it miss none."""
    paths = [f.path for f in RULE_FIELDS]
    assert len(paths) == len(set(paths))
    assert set(paths) == {"name", "description", *flat_rules(DEFAULT)}


@pytest.mark.parametrize("bad", ["fr", "", "EN", "pt-BR"])
def test_unknown_language(bad: str) -> None:
    v = load_variant("portugal")
    for call in (
        lambda: check_lang(bad),
        lambda: phrases(bad),
        lambda: describe(v, bad),  # type: ignore[arg-type]
        lambda: summary(v, bad),  # type: ignore[arg-type]
        lambda: describe_diff(v, v, bad),  # type: ignore[arg-type]
        lambda: seat_name(0, bad),
    ):
        with pytest.raises(ConfigError, match="unknown language") as error:
            call()
        assert isinstance(error.value, ValueError)
        assert "en, pt" in str(error.value)
    assert check_lang("pt") == "pt"


# --- seats ----------------------------------------------------------------------------------


@pytest.mark.parametrize("vid", ["portugal", "french"])
def test_seat_names_seen_from_a_player(vid: str) -> None:
    """The player after you sits on your right when play goes anticlockwise, on your left
    when it goes clockwise; seats are numbered clockwise, so seat v+1 is always on your left."""
    rules = Rules.from_variant(load_variant(vid))
    for viewer in range(4):
        after = rules.next_seat[viewer]
        before = rules.previous_seat(viewer)
        assert rules.seat_role(viewer, viewer) == "you"
        assert rules.seat_role((viewer + 2) % 4, viewer) == "partner"
        assert rules.seat_role((viewer + 1) % 4, viewer) == "left"
        assert rules.seat_role((viewer + 3) % 4, viewer) == "right"
        assert rules.seat_role(after, viewer) == ("left" if rules.clockwise else "right")
        assert rules.seat_role(before, viewer) == ("right" if rules.clockwise else "left")
        names = [seat_name(s, viewer=viewer, rules=rules) for s in range(4)]
        assert sorted(names) == ["left rival", "partner", "right rival", "you"]
        assert seat_name(after, "en", viewer=viewer, rules=rules) == (
            "left rival" if rules.clockwise else "right rival"
        )
        assert seat_name(after, "pt", viewer=viewer, rules=rules) == (
            "adversário da esquerda" if rules.clockwise else "adversário da direita"
        )
    assert seat_name(2, "pt", viewer=0, rules=rules) == "parceiro"
    assert seat_name(0, "pt", viewer=0, rules=rules) == "tu"


def test_seat_names_by_number() -> None:
    assert [seat_name(s) for s in range(4)] == ["seat 0", "seat 1", "seat 2", "seat 3"]
    assert seat_name(3, "pt") == "lugar 3"
    assert phrases("pt").table.team(1) == "equipa 1"


def test_bad_seats() -> None:
    rules = Rules.from_variant(DEFAULT)
    for seat in (4, -1, True):
        with pytest.raises(ConfigError, match="seat"):
            seat_name(seat)
        with pytest.raises(ConfigError, match="seat"):
            rules.seat_role(0, seat)
    with pytest.raises(ConfigError, match="needs the rules"):
        seat_name(1, viewer=0)


# --- built-in cards -------------------------------------------------------------------------

# Words that would mean English was left on a Portuguese card (whole words, any case).
ENGLISH = re.compile(
    r"\b(points?|games?|the|tricks?|and|with|rules|Source|Based|scores?|dealer)\b", re.I
)


@pytest.mark.parametrize("vid", builtin_ids())
@pytest.mark.parametrize("lang", LANGS)
def test_every_builtin_describes(vid: str, lang: Lang) -> None:
    from sueca_rules._lang import builtin_names

    v = load_variant(vid)
    card = describe(v, lang)
    # The built-in's name in the card's language ("Portugal, à mesa"), as the web pages say it.
    assert card.splitlines()[0].endswith(builtin_names(lang).get(vid, v.name))
    if lang == "pt" and vid in ("portugal-table", "french"):
        assert v.name not in card.splitlines()[0]
    # The ranks in the letters of the card's language: a Portuguese player writes R, V, D.
    ranks = {"en": "A 7 K J Q 6 5 4 3 2", "pt": "A 7 R V D 6 5 4 3 2"}
    assert f"\n      {ranks[lang]}\n" in card
    assert "A 7 K J Q" not in card or lang == "en"
    assert "120" in card
    assert all(len(line) <= 78 for line in card.splitlines())
    if lang == "en":
        assert norm(v.description) in norm(card)


@pytest.mark.parametrize("vid", builtin_ids())
def test_portuguese_cards_are_all_portuguese(vid: str) -> None:
    """Issue 17.2: the Fonte section too; a built-in's description is in Portuguese."""
    v = load_variant(vid)
    card = describe(v, "pt")
    body = rules_body(card)
    assert not ENGLISH.findall(body), ENGLISH.findall(body)
    translated = phrases("pt").builtins
    assert translated is not None
    assert norm(translated[vid]) in body
    assert "\nFonte\n" in card
    assert "\nSource\n" not in card


@given(variants())
def test_any_portuguese_card_is_all_portuguese(v: Variant) -> None:
    v = v.model_copy(update={"description": "", "name": "x"})
    body = rules_body(describe(v, "pt"))
    assert not ENGLISH.findall(body), ENGLISH.findall(body)


def test_a_users_description_is_shown_as_written() -> None:
    v = parse_variant("name: Café\ndescription: As we play it at the Café Central.\n")
    for lang in LANGS:
        assert "As we play it at the Café Central." in describe(v, lang)


def test_builtin_cards_follow_their_seeds() -> None:
    """The rules the seeds state, read on each built-in's English card."""
    cards = {vid: norm(describe(load_variant(vid))) for vid in builtin_ids()}
    portugal = cards["portugal"]
    for phrase in (
        "goes anticlockwise, to the right",
        "starting with the player on their right",
        "The dealer's last card",
        "stays in the dealer's hand",
        "The player on the dealer's right leads the first trick",
        "passes to the right",
        "There is no duty to trump",
        "renúncia cannot happen",
        "A 11, 7 10, K 4, J 3, Q 2, the others 0",
        "120 points in the deck",
        "61 to 90 points: 1 game",
        "91 to 119 points (capote): 2 games",
        "all 120 points (bandeira): 4 games",
        "in effect a bandeira wins the partida at once",
        "the next deal that is won is worth 1 more game. Each further tie",
        "the first team to reach 4 games wins the partida",
    ):
        assert phrase in portugal, phrase
    online = cards["sueca-online"]
    for phrase in (
        "turns up the first card of the pack",
        "takes the first ten cards",
        "starting with the player on their right and going round anticlockwise",
        "wins all ten tricks makes a bandeira",
        "91 to 120 points (capote): 2 games",
        "nobody scores and nothing carries over",
    ):
        assert phrase in online, phrase
    play = cards["sueca-play"]
    for phrase in (
        "Seat 1 deals the first deal, so seat 0 leads the first trick",
        "Seats are numbered 0 to 3 clockwise",
        "counts double",
        "Several ties in a row count as one",
        "takes all 120 points makes a bandeira",
    ):
        assert phrase in play, phrase
    french = cards["french"]
    for phrase in (
        "goes clockwise, to the left",
        "starting with the player on their left and going round clockwise",
        "The player on the dealer's left leads the first trick",
        "wins all ten tricks makes a bandeira",
        "scores by the table above, 2 games",
        "A bandeira wins the partida at once, whatever the score",
        "nobody scores and nothing carries over",
        "Based on Portugal, with these changes: - Direction of play: clockwise",
    ):
        assert phrase in french, phrase
    table = cards["portugal-table"]
    assert "the claiming team scores 4 games" in table
    assert "the other team scores the 4 games instead" in table
    best = cards["portugal-best-of-3"]
    assert "best of 3 partidas: the first team to win 2 partidas wins the match" in best
    assert "starts again from 0 games" in best
    assert "Based on" not in portugal


def test_portuguese_card_of_portugal() -> None:
    card = describe(load_variant("portugal"), "pt")
    rules = norm(card.split("\nFonte\n")[0])
    for term in (
        "Regras da Sueca: Portugal",
        "o jogador à sua direita",
        "ganha a partida",
        "vaza",
        "vazas",
        "1 jogo",
        "2 jogos",
        "pontos",
        "naipe",
        "trunfo",
        "assistir",
        "cortar",
        "renúncia",
        "capote",
        "bandeira",
        "empate",
        "partida",
        "ás",
        "sete",
        "manilha",
        "bisca",
        "rei",
        "valete",
        "dama",
        "no sentido contrário ao dos ponteiros do relógio",
        "61 a 90 pontos: 1 jogo",
        "91 a 119 pontos (capote): 2 jogos",
        "todos os 120 pontos (bandeira): 4 jogos",
        "equipas",
    ):
        assert term in rules, term
    # European, not Brazilian, Portuguese.
    for word in (" time ", "times", "você", "game", " the ", "trick"):
        assert word not in norm(card), word
    french = norm(describe(load_variant("french"), "pt"))
    assert (
        "São as regras de Portugal, com estas alterações: - Sentido do jogo: para a esquerda"
        in (french)
    )


def test_english_card_glosses_the_portuguese_terms() -> None:
    card = norm(describe(load_variant("portugal-table")))
    for term in (
        "trumps (trunfo)",
        "renúncia (a revoke)",
        "(capote)",
        "bandeira (a clean sweep)",
        "(empate)",
        "partida (the whole game)",
        "assistir",
    ):
        assert term in card, term


def test_bandeira_ends_the_partida_in_effect() -> None:
    v = load_variant("portugal")
    assert not v.scoring.bandeira.wins_partida
    assert "Since 4 games win a partida, in effect a bandeira wins the partida at once" in norm(
        describe(v)
    )
    longer = with_rule(v, "match.target_games", 6)
    card = norm(describe(longer))
    assert "in effect" not in card
    assert "does not end the partida by itself" in card
    one = with_rule(with_rule(v, "match.target_games", 1), "scoring.bandeira.games", 1)
    assert "Since 1 game wins a partida" in norm(describe(one))
    assert "Como 1 jogo chega para ganhar a partida" in norm(describe(one, "pt"))


def test_capote_is_the_band_from_91_whatever_it_scores() -> None:
    v = with_rule(
        DEFAULT, "scoring.tiers", [{"min_points": 61, "games": 1}, {"min_points": 91, "games": 3}]
    )
    assert "91 to 119 points (capote): 3 games" in norm(describe(v))
    v = with_rule(
        DEFAULT, "scoring.tiers", [{"min_points": 61, "games": 1}, {"min_points": 95, "games": 2}]
    )
    assert "capote" not in norm(describe(v)).split("Scoring a deal")[1].split("Bandeira")[0]


def test_width() -> None:
    v = load_variant("portugal-table")
    for lang in LANGS:
        assert all(len(line) <= 60 for line in describe(v, lang, width=60).splitlines())
        one = describe(v, lang, width=None)
        assert norm(one) == norm(describe(v, lang))
        assert any(len(line) > 200 for line in one.splitlines())


# --- house files (issue 17.1) ---------------------------------------------------------------

TASCA = (
    "name: Tasca\nextends: portugal\ntable: {direction: clockwise}\n"
    "deal: {trump_card: dealer_first}\n"
)


def test_a_house_file_card_says_what_it_changed() -> None:
    card = norm(describe(parse_variant(TASCA)))
    assert "anticlockwise" not in card  # the base's description is not its source
    assert "Based on Portugal, with these changes:" in card
    assert "- Direction of play: clockwise (the next player is the one on your left)." in card
    assert "- Dealing and the trump card (trunfo): the dealer takes the first ten cards" in card
    assert "Scoring:" not in card.split("Based on")[1]
    pt = norm(describe(parse_variant(TASCA), "pt"))
    assert (
        "São as regras de Portugal, com estas alterações: - Sentido do jogo: para a esquerda" in pt
    )
    # A built-in base by its name in the card's language (it was "Portugal, at the table").
    table = parse_variant("name: Six\nextends: portugal-table\nmatch: {target_games: 6}\n")
    assert "São as regras de Portugal, à mesa, com estas alterações:" in norm(describe(table, "pt"))
    assert "Based on Portugal, at the table, with these changes:" in norm(describe(table))
    six = norm(describe(parse_variant("name: Six\nextends: portugal\nmatch: {target_games: 6}\n")))
    assert "four games" not in six
    assert "- Games to win a partida: 6 games." in six


def test_a_house_file_with_an_inherited_description() -> None:
    """Should ``extends`` hand down the base's description, it is still not the file's."""
    portugal = load_variant("portugal")
    house = with_rule(portugal, "table.direction", "clockwise").model_copy(
        update={"name": "Tasca", "extends": "portugal"}
    )
    assert house.description == portugal.description
    card = norm(describe(house))
    assert norm(portugal.description) not in card
    assert "Based on Portugal, with these changes: - Direction of play: clockwise" in card
    own = house.model_copy(update={"description": "Our tasca's rules."})
    assert "Source Our tasca's rules. Based on Portugal" in norm(describe(own))


def test_a_house_file_with_the_rules_of_its_base() -> None:
    v = parse_variant("name: Same\nextends: portugal-table\n")
    assert "Based on Portugal, at the table, with the same rules." in norm(describe(v))
    assert "São as regras de Portugal, à mesa, sem alterações." in norm(describe(v, "pt"))


def test_a_house_file_that_extends_a_file(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_text(
        "name: Our base\ndescription: The base.\ntable: {direction: clockwise}\n", encoding="utf-8"
    )
    (tmp_path / "house.yaml").write_text(
        "name: House\nextends: base.yaml\nmatch: {target_games: 6}\n", encoding="utf-8"
    )
    house = load_variant(tmp_path / "house.yaml")
    base = load_variant(tmp_path / "base.yaml")
    card = norm(describe(house, base=base))
    assert "Based on Our base, with these changes: - Games to win a partida: 6 games." in card
    assert "The base." not in card
    assert "Based on the rules of base.yaml." in norm(describe(house))


# --- zero values (issue 17.2) ---------------------------------------------------------------

ZERO = (
    "name: Zero\nrevoke: {mode: claimable, penalty_games: 0}\n"
    "scoring:\n  tiers: [{min_points: 61, games: 0}, {min_points: 91, games: 2}]\n"
    "  bandeira: {requires: all_tricks, games: 0}\n"
)


def bad_zeros(text: str, lang: str) -> list[str]:
    """Zero games said after anything but a colon (a list of bands may say ``no games``)."""
    zero = "no games" if lang == "en" else "nenhum jogo"
    return [
        m.group(0)
        for m in re.finditer(rf"(.{{0,20}})\b{zero}", norm(text))
        if not m.group(1).endswith(": ")
    ]


def test_zero_values_read_well() -> None:
    v = parse_variant(ZERO)
    en, pt = norm(describe(v)), norm(describe(v, "pt"))
    assert "the claiming team scores nothing" in en
    assert "also ends the deal, and nobody scores" in en
    assert "makes a bandeira (a clean sweep) and scores nothing" in en
    assert "61 to 90 points: no games" in en
    assert "a equipa que acusou não marca nada" in pt
    assert "faz bandeira e não marca nada" in pt
    words = norm(describe_diff(DEFAULT, v))
    assert "a rightful claim of renúncia scores nothing; a false claim costs nothing" in words
    assert "all ten tricks scores nothing" in words
    assert "as dez vazas não valem nada" in norm(describe_diff(DEFAULT, v, "pt"))
    for lang in LANGS:
        assert not bad_zeros(describe(v, lang), lang)


@given(variants(), variants())
def test_zero_values_never_read_badly(a: Variant, b: Variant) -> None:
    for lang in LANGS:
        for text in (describe(a, lang), describe_diff(a, b, lang), summary(a, lang)):
            assert not bad_zeros(text, lang), text
            assert "the no games" not in text
            assert "marca nenhum" not in text


# --- the real-table rules (issue 11) -------------------------------------------------------

BRASIL = (
    "name: Mesa\nextends: portugal\ntable: {direction: clockwise}\n"
    "deal:\n  trump_card: dealer_choice\n  redeal: {leader_below: 10, others_below: 5}\n"
    "revoke: {mode: claimable, false_claim_games: 2, after_false_claim: play_on, accuse: player}\n"
)


def test_the_real_table_rules_on_the_card() -> None:
    v = parse_variant(BRASIL)
    card = card_facts(v)
    assert card.dealing.trump_card == "dealer_choice"
    assert card.redeal == Redeal(10, 5)
    assert card.revoke == Revoke(True, 4, 2, plays_on=True, accuse_player=True, tie_kept=True)
    assert [s.facts for s in card.sections if s.key == "deal"] == [(card.dealing, card.redeal)]
    en = norm(describe(v))
    for phrase in (
        "the dealer chooses which card shows trumps: the top card of the pack (trunfo por cima) "
        "or the bottom card (trunfo por baixo)",
        "For the top card, the dealer turns it up and takes the first ten cards",
        "starting with the player on their left and going round clockwise",
        "the player who is to lead, if their hand holds fewer than 10 card points, or another "
        "player, if theirs holds fewer than 5, may ask for a new deal (dar de novo)",
        "the deal given up scores nothing",
        "naming the rival who revoked (acusar)",
        "up to the count (contagem) after the last trick",
        "If that player did revoke in this deal, the claim is rightful",
        "A false claim (the player named did not revoke) gives the other team 2 games, and play "
        "goes on: the deal is scored as usual at its end, the penalty added to its games",
        "(a false claim at the count has the deal scored at once)",
        "A rightful claim later in the deal still ends it, and the earlier penalties stand.",
        "Should both teams reach the games that win the partida with the same deal, the team "
        "with more games wins it",
    ):
        assert phrase in en, phrase
    pt = norm(describe(v, "pt"))
    for phrase in (
        "a de cima do baralho (trunfo por cima) ou a de baixo (trunfo por baixo)",
        "o jogador que joga primeiro, se a sua mão tiver menos de 10 pontos, ou outro jogador, "
        "se a sua tiver menos de 5, pode pedir para dar de novo",
        "dizendo qual o adversário que renunciou",
        "até à contagem, depois da última vaza",
        "Se esse adversário tiver de facto renunciado nesta mão, a acusação é válida",
        "Uma acusação falsa (o adversário acusado não renunciou) dá 2 jogos aos adversários, e o "
        "jogo continua",
        "- Dar de novo: o primeiro a jogar com menos de 10 pontos, os outros com menos de 5.",
    ):
        assert phrase in pt, phrase
    assert not ENGLISH.findall(rules_body(describe(v, "pt")).split("Fonte")[0])


@pytest.mark.parametrize(
    ("redeal", "en", "pt"),
    [
        (
            {"leader_below": 8, "others_below": 8},
            "a player whose hand holds fewer than 8 card points may ask",
            "um jogador cuja mão tenha menos de 8 pontos pode pedir",
        ),
        (
            {"leader_below": 8},
            "the player who is to lead, if their hand holds fewer than 8 card points, may ask",
            "o jogador que joga primeiro, se a sua mão tiver menos de 8 pontos, pode pedir",
        ),
        (
            {"others_below": 6},
            "a player other than the one who is to lead, if their hand holds "
            "fewer than 6 card points, may ask",
            "qualquer jogador, exceto o que joga primeiro, se a "
            "sua mão tiver menos de 6 pontos, pode pedir",
        ),
    ],
)
def test_who_may_ask_for_a_new_deal(redeal: dict[str, int], en: str, pt: str) -> None:
    v = with_rule(DEFAULT, "deal.redeal", redeal)
    assert en in norm(describe(v))
    assert pt in norm(describe(v, "pt"))
    assert "dar de novo" in summary(v, "pt")
    assert "redeal <" in summary(v)
    assert "dar de novo" not in norm(describe(DEFAULT, "pt"))


def test_the_real_table_rules_in_differences_and_summaries() -> None:
    v = parse_variant(BRASIL)
    words = norm(describe_diff(DEFAULT, v))
    assert "differ in 8 rules, said under 4 headings:" in words
    assert (
        "Dealing and the trump card (trunfo): x: hands are dealt from the player on the dealer's "
        "right" in words
    )
    assert "Mesa: the dealer chooses each deal to turn the top card for trumps" in words
    assert (
        "New deal for a weak hand (dar de novo): x: never; Mesa: the first leader with fewer "
        "than 10 card points, the others fewer than 5." in words
    )
    assert (
        "Mesa: any card may be played, and a rightful claim of renúncia scores 4 games (a claim "
        "names the rival accused); a false claim gives the other team 2 games, and play goes on"
        in words
    )
    assert summary(v) == (
        "clockwise · trump: top/bottom · redeal < 10 (leader), < 5 · renúncia claimable (4, "
        "false 2, play on, names the rival) · 60-60: +1 game · bandeira 120 pts = 4 · first to 4"
    )
    assert summary(v, "pt") == (
        "para a esquerda · trunfo: por cima/baixo · dar de novo < 10 (1.º), < 5 · "
        "renúncia acusável (4, falsa 2, jogo continua, acusa um jogador) · 60-60: +1 jogo · "
        "bandeira 120 pts = 4 · até 4 jogos"
    )
    pt = norm(describe_diff(DEFAULT, v, "pt"))
    assert "quem dá escolhe em cada mão o trunfo por cima" in pt
    assert "(quem acusa diz qual o adversário)" in pt


# --- summary --------------------------------------------------------------------------------


@pytest.mark.parametrize("vid", builtin_ids())
@pytest.mark.parametrize("lang", LANGS)
def test_summary_is_one_short_line(vid: str, lang: Lang) -> None:
    text = summary(load_variant(vid), lang)
    assert "\n" not in text
    # sueca variants prints the English one after the id; Portuguese words run longer.
    assert len(text) <= (116 if lang == "en" else 136), text


def test_summary_of_portugal() -> None:
    assert summary(load_variant("portugal")) == (
        "anticlockwise · trump: last card · 60-60: +1 game · bandeira 120 pts = 4 · first to 4"
    )
    assert summary(load_variant("portugal"), "pt") == (
        "para a direita · trunfo: última carta · 60-60: +1 jogo · bandeira 120 pts = 4 · "
        "até 4 jogos"
    )
    assert "seat 1 deals first" in summary(load_variant("sueca-play"))
    assert "60-60: next deal ×2" in summary(load_variant("sueca-play"))
    assert "renúncia claimable (4)" in summary(load_variant("portugal-table"))
    assert "best of 3" in summary(load_variant("portugal-best-of-3"))
    assert summary(load_variant("french")).startswith("clockwise")
    assert "para a esquerda" in summary(load_variant("french"), "pt")


def test_summary_of_many_tiers() -> None:
    tiers = [{"min_points": p, "games": g} for g, p in enumerate(range(61, 121, 8), start=1)]
    text = summary(with_rule(DEFAULT, "scoring.tiers", tiers))
    assert "games 61+:1 69+:2 77+:3 85+:4 93+:5 101+:6 …" in text


@given(st.sampled_from(builtin_ids()), st.sampled_from(LANGS))
def test_summary_matches_card(vid: str, lang: Lang) -> None:
    v = load_variant(vid)
    direction = summary(v, lang).split(" · ")[0]
    assert direction in {"anticlockwise", "clockwise", "para a direita", "para a esquerda"}


# --- diff -----------------------------------------------------------------------------------


def flat_yaml(data: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key in ("name", "extends", "description"):
            continue
        if isinstance(value, dict):
            out.update(flat_yaml(value, f"{prefix}{key}."))
        else:
            out[f"{prefix}{key}"] = value
    return out


def read_yaml(vid: str) -> dict[str, Any]:
    data = yaml.safe_load(Path(variants_dir(), f"{vid}.yaml").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@pytest.mark.parametrize("vid", builtin_ids())
def test_diff_of_a_variant_with_itself_is_empty(vid: str) -> None:
    v = load_variant(vid)
    assert diff(v, v) == []
    text = describe_diff(v, v)
    assert "exactly the same rules" in norm(text)
    assert "exatamente as mesmas regras" in norm(describe_diff(v, v, "pt"))


def test_diff_portugal_french() -> None:
    portugal, french = load_variant("portugal"), load_variant("french")
    found = diff(portugal, french)
    assert [d.path for d in found] == [
        "table.direction",
        "scoring.bandeira.requires",
        "scoring.bandeira.wins_partida",
        "scoring.tie.mode",
    ]
    assert found[0] == RuleDiff("table.direction", "anticlockwise", "clockwise")
    assert found[2] == RuleDiff("scoring.bandeira.wins_partida", False, True)


@pytest.mark.parametrize("vid", [i for i in builtin_ids() if i != "portugal"])
def test_diff_from_portugal_matches_the_yaml_files(vid: str) -> None:
    """Each built-in extends portugal; the paths it sets to a new value are the diff (the
    portugal file need not write every default: its rules are the base)."""
    base = flat_rules(load_variant("portugal"))
    own = flat_yaml(read_yaml(vid))
    assert read_yaml(vid).get("extends") == "portugal"
    expected = [p for p in base if p in own and own[p] != base[p]]
    assert [d.path for d in diff(load_variant("portugal"), load_variant(vid))] == expected
    for d in diff(load_variant("portugal"), load_variant(vid)):
        assert d.a == base[d.path]
        assert d.b == own[d.path]


def test_diff_tiers_is_one_value() -> None:
    v = Variant.model_validate(
        {"name": "t", "scoring": {"tiers": [{"min_points": 61, "games": 1}]}}
    )
    assert diff(DEFAULT, v) == [
        RuleDiff(
            "scoring.tiers",
            [{"min_points": 61, "games": 1}, {"min_points": 91, "games": 2}],
            [{"min_points": 61, "games": 1}],
        )
    ]
    text = norm(describe_diff(DEFAULT, v))
    assert "Scoring: x: 61 to 90 points: 1 game; 91 to 119 (capote): 2 games; t: 61 to 119" in (
        text
    )


def test_diff_of_rules_not_used_says_the_game_is_the_same() -> None:
    """A café that sets a renúncia's penalty where a renúncia cannot happen, or what a 60-60 adds
    where it carries nothing, has changed fields but not the game: the words say so, rather than
    "Portugal: cannot happen; yours: cannot happen"."""
    portugal = load_variant("portugal")
    mine = Variant.model_validate(
        {
            "name": "Ours",
            "revoke": {"penalty_games": 2, "accuse": "player"},
            "scoring": {"tie": {"mode": "none", "amount": 3}},
        }
    )
    none = Variant.model_validate({"name": "Void", "scoring": {"tie": {"mode": "none"}}})
    assert len(diff(portugal, mine)) == 4
    en = norm(describe_diff(portugal, mine))
    assert (
        "Renúncia (revoke): Portugal and Ours play it the same: cannot happen (only cards that "
        "follow the rules can be played); only their files write it differently."
    ) in en
    assert "Ours: cannot happen" not in en
    assert "Ties (60-60): Portugal: the next deal won is worth 1 more game per tie; Ours:" in en
    pt = norm(describe_diff(portugal, mine, "pt"))
    assert (
        "Renúncia: Portugal e Ours jogam da mesma maneira: não há (só se podem jogar cartas que "
        "cumpram as regras); só os ficheiros o escrevem de maneira diferente."
    ) in pt
    # Two tables turning opposite ways, one dealing the other way round: the same dealing.
    left = Variant.model_validate({"name": "L", "table": {"direction": "clockwise"}})
    reverse = Variant.model_validate({"name": "R", "deal": {"order": "reverse"}})
    assert "L and R play it the same: hands are dealt from the player on the dealer's left" in (
        norm(describe_diff(left, reverse))
    )
    # Between two rule sets where a 60-60 carries nothing, its amount changes nothing either.
    text = norm(describe_diff(none, mine))
    assert "Ties (60-60): Void and Ours play it the same: nobody scores and nothing" in text


def test_a_new_deal_below_1_point_is_said_as_a_hand_with_no_points() -> None:
    """A threshold of 1 is a hand with no card point at all: "fewer than 1 card points" and
    "menos de 1 pontos" were wrong in number and hard to read aloud."""
    portugal = load_variant("portugal")
    both = Variant.model_validate(
        {"name": "Ours", "deal": {"redeal": {"leader_below": 10, "others_below": 1}}}
    )
    others = Variant.model_validate({"name": "Ours", "deal": {"redeal": {"others_below": 1}}})
    for variant in (both, others):
        for lang in LANGS:
            text = describe(variant, lang) + describe_diff(portugal, variant, lang)
            assert "1 card points" not in norm(text), lang
            assert "1 pontos" not in norm(text), lang
    assert "the first leader with fewer than 10 card points, the others with no card points." in (
        norm(describe_diff(portugal, both))
    )
    assert "o primeiro a jogar com menos de 10 pontos, os outros com 0 pontos." in (
        norm(describe_diff(portugal, both, "pt"))
    )
    assert "or another player, if theirs holds no card points, may ask" in norm(describe(both))
    assert "se a sua mão tiver 0 pontos, pode pedir para dar de novo" in norm(
        describe(others, "pt")
    )


def test_a_files_card_says_a_change_the_rules_do_not_use_changes_nothing() -> None:
    """A club file extending Portugal that sets a renúncia's penalty (a renúncia cannot happen
    there) lists it under its changes as the same rule as before, in both languages."""
    house = parse_variant(
        "name: Club\nextends: portugal\nrevoke: {penalty_games: 2}\n"
        "scoring: {tie: {mode: none, amount: 3}}\n"
    )
    en = norm(describe(house))
    assert (
        "Renúncia (revoke): cannot happen (only cards that follow the rules can be played), as "
        "before; what was changed only counts under other rules."
    ) in en
    # The 60-60 did change (Portugal adds a game): said as a change, its amount with it.
    assert "Ties (60-60): nobody scores and nothing carries over." in en
    pt = norm(describe(house, "pt"))
    assert "não há (só se podem jogar cartas que cumpram as regras), como antes; o que se" in pt
    # Claimable, the same penalty is a change like any other.
    table = parse_variant("name: Club\nextends: portugal-table\nrevoke: {penalty_games: 2}\n")
    assert "as before" not in norm(describe(table))


def test_rule_diff_is_a_frozen_record() -> None:
    d = RuleDiff("scoring.tie.mode", "add", "none")
    assert d.as_dict() == {"path": "scoring.tie.mode", "a": "add", "b": "none"}
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.path = "x"  # type: ignore[misc]


def test_describe_diff_in_words() -> None:
    portugal, french = load_variant("portugal"), load_variant("french")
    text = norm(describe_diff(portugal, french))
    # Issue 17.8: the count is the rules --json lists (4), said under 3 headings.
    assert text.startswith("Portugal and French rules differ in 4 rules, said under 3 headings:")
    assert (
        "Ties (60-60): Portugal: the next deal won is worth 1 more game per tie; French rules: "
        "nobody scores and nothing carries over." in text
    )
    assert "Direction of play: Portugal: anticlockwise" in text
    assert "French rules: all ten tricks scores 4 games and wins the partida at once" in text
    play = norm(describe_diff(portugal, load_variant("sueca-play")))
    assert play.startswith("Portugal and Sueca Play differ in 4 rules, said under 2 headings:")
    assert "First dealer: Portugal: chosen at random; Sueca Play: seat 1" in play
    assert "Sueca Play: the next deal won counts double, however many ties in a row" in play
    pt = norm(describe_diff(portugal, french, "pt"))
    assert pt.startswith("Portugal e Regras francesas diferem em 4 regras, agrupadas em 3 temas:")
    assert "Empate (60-60): Portugal: a próxima mão ganha vale mais 1 jogo por empate" in pt
    best = norm(describe_diff(portugal, load_variant("portugal-best-of-3")))
    assert best.startswith("Portugal and Portugal, best of three differ in 1 rule:")


def test_describe_diff_same_names() -> None:
    a = load_variant("portugal")
    b = with_rule(a, "revoke.mode", "claimable")
    text = norm(describe_diff(a, b))
    assert "Portugal (1) and Portugal (2) differ in 1 rule:" in text
    assert "Renúncia (revoke): Portugal (1): cannot happen" in text
    other = a.model_copy(update={"name": "Other"})
    assert "only their names and descriptions differ" in norm(describe_diff(a, other))
    assert "The two variants have exactly the same rules." in describe_diff(a, a)
    # In Portuguese the rules are `regras`, as everywhere in `sueca` (never `variantes`).
    assert describe_diff(a, a, "pt").strip() == "São exatamente as mesmas regras."


@pytest.mark.parametrize(("a", "b"), list(itertools.permutations(builtin_ids(), 2)))
def test_describe_diff_builtin_pairs(a: str, b: str) -> None:
    va, vb = load_variant(a), load_variant(b)
    found = diff(va, vb)
    assert [(d.path, d.b, d.a) for d in diff(vb, va)] == [(d.path, d.a, d.b) for d in found]
    for lang in LANGS:
        text = describe_diff(va, vb, lang)
        assert all(len(line) <= 78 for line in text.splitlines())
        # one paragraph per rule: the fields of one rule are said together
        assert text.count("\n  - ") <= len(found)
        assert text.count("\n  - ") >= 1


# --- any variant ----------------------------------------------------------------------------


@given(variants())
def test_any_variant_card(v: Variant) -> None:
    for lang in LANGS:
        assert "\n" not in summary(v, lang)
        card = describe(v, lang)
        assert v.name in card.splitlines()[0]


@given(variants(), variants())
def test_any_diff_is_symmetric_complete_and_counted(a: Variant, b: Variant) -> None:
    found = diff(a, b)
    assert diff(a, a) == []
    assert [(d.path, d.b, d.a) for d in diff(b, a)] == [(d.path, d.a, d.b) for d in found]
    assert all(d.a != d.b for d in found)
    # Applying the differences to a's rules gives b's rules.
    rules = a.rules_dict()
    for d in found:
        *parents, last = d.path.split(".")
        node = rules
        for part in parents:
            node = node[part]
        node[last] = d.b
    assert rules == b.rules_dict()
    topics = {topic_of(d.path) for d in found}
    for lang in LANGS:
        text = describe_diff(a, b, lang, width=None)
        lines = text.splitlines()
        assert len(lines) == (1 + len(topics) if found else 1)
        if found:  # the heading counts what diff() lists (issue 17.8)
            counted = re.search(r" (\d+) (rules?|regras?)\b", lines[0])
            assert counted is not None, lines[0]
            assert int(counted.group(1)) == len(found)


def test_a_card_word_may_show_a_word_after_it_in_the_catalogue() -> None:
    tie = Tie("add", 1, False)
    entries: dict[str, Entry] = {
        "word.more": "{extra} more",  # shows a word that comes after it
        "word.extra": {"$": "stacks", "true": "again", "other": "once"},
        "word.other_fact": "{no_such_value}",  # a word of another fact: left out
        "tie": "{amount}: {more}",
    }
    words = _Words(Catalogue("en", "card", entries))
    assert words.say("tie", tie) == "1: once more"
    assert "other_fact" not in words.values(tie)


def test_the_differences_name_the_builtins_in_the_language() -> None:
    from sueca_rules import describe_diff, load_variant

    text = describe_diff(load_variant("portugal"), load_variant("french"), "pt")
    assert text.startswith("Portugal e Regras francesas diferem em 4 regras")
    other = describe_diff(load_variant("portugal-best-of-3"), load_variant("portugal-table"), "pt")
    assert other.startswith("Portugal, à melhor de três e Portugal, à mesa diferem")
    assert describe_diff(load_variant("portugal"), load_variant("french")).startswith(
        "Portugal and French rules"
    )
