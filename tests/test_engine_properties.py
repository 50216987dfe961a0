"""Property-based tests of the engine over random variants and random games."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

import pytest
from hypothesis import given, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from sueca_rules import (
    IllegalPlayError,
    Match,
    MatchWon,
    PartidaWon,
    Variant,
    dump_record,
    parse_record,
    replay_report,
)
from sueca_rules._cards import CARDS, Card
from sueca_rules._events import TrumpSide
from sueca_rules._report import claim_caught

from .games import follow_suit_cards, play_random_match, random_step, whole_deck
from .reference import contract_view, judge, referee, trick_winner
from .scenarios import DEAL_KINDS, DESIGNED_KINDS, kind_reached, play_kind, random_hands
from .strategies import deal_plans, scoring_families, variants

seeds = st.integers(0, 2**32)


@given(variants(short=True), seeds)
def test_random_games_follow_the_rules_at_every_step(variant: Variant, seed: int) -> None:
    rng = random.Random(seed)
    match = Match(variant, seed=seed)
    while not match.is_over and len(match.deals) < 10:
        if match.phase != "play":  # the dealer's choice, redeal questions, the count
            random_step(match, rng)
            continue
        assert whole_deck(match)
        seat = match.turn
        assert seat is not None
        trick = [int(c) for _, c in match.trick]
        hand_mask = sum(1 << c for c in match.hand(seat))
        assert [int(c) for c in sorted(match.legal_cards())] == follow_suit_cards(hand_mask, trick)
        deals, tricks, trump = len(match.deals), len(match.tricks), match.trump
        random_step(match, rng)
        if len(match.deals) == deals and len(match.tricks) > tricks:  # a trick was completed
            done = match.tricks[-1]
            assert trump is not None
            pairs = [
                (s, str(c)) for s, c in zip(_seats(done.leader, match), done.cards, strict=True)
            ]
            assert done.winner == trick_winner(pairs, trump.letter)
            assert done.points == sum(c.points for c in done.cards)
            assert match.trick_leader == done.winner
            if match.phase == "play":
                assert match.turn == done.winner
    for deal in match.deals:
        if deal.result == "redeal":
            assert deal.plays == ()
            assert deal.games == deal.points == (0, 0)
        elif deal.result != "revoke":
            assert sum(deal.points) == 120
            assert sum(deal.tricks_won) == 10
            assert sorted(int(c) for c in deal.plays) == list(range(40))
        assert sorted(int(c) for h in deal.hands for c in h) == list(range(40))


def _seats(leader: int, match: Match) -> list[int]:
    seats = [leader]
    for _ in range(3):
        seats.append(match.rules.next_seat[seats[-1]])
    return seats


@given(variants(short=True), seeds)
def test_engine_agrees_with_the_independent_referee(variant: Variant, seed: int) -> None:
    match = play_random_match(variant, seed)
    record = match.to_record()
    data = record.to_data()
    if match.trump_card is not None:  # the referee scores whole deals only
        data["deals"] = data["deals"][:-1]
        match = Match.from_record(parse_record(dump_record(record)), allow_unfinished=True)
    expected = referee(variant, data)
    got = contract_view(replay_report(match))
    assert got == expected


@given(variants(short=True), seeds)
def test_games_are_awarded_as_the_variant_says(variant: Variant, seed: int) -> None:
    check_games_awarded(variant, play_random_match(variant, seed))


def check_games_awarded(
    variant: Variant, match: Match, pending_after: list[int] | None = None
) -> None:
    """Each deal's games, bandeira, pending ties and partida follow the variant's scoring (the
    contract's wording, deal by deal); ``pending_after`` are the engine's pending ties seen
    after each deal."""
    scoring, target, revoke = variant.scoring, variant.match.target_games, variant.revoke
    false_games = (
        revoke.penalty_games if revoke.false_claim_games is None else revoke.false_claim_games
    )
    pending = 0
    games = [0, 0]
    partidas = [0, 0]
    partida = 0
    for i, deal in enumerate(match.deals):
        assert deal.partida == partida
        # False claims after which play went on: each gives the other team its penalty.
        penalties = [0, 0]
        if revoke.after_false_claim == "play_on" and revoke.false_claim == "penalize_claimant":
            for claim in deal.claims:
                if claim_caught(deal, claim) is None:
                    penalties[1 - claim.by % 2] += false_games
        assert list(deal.penalties) == penalties
        if deal.result == "redeal":
            assert deal.games == (0, 0)
            assert deal.redeal is not None
            if pending_after is not None:
                assert pending_after[i] == pending
            continue
        own = [deal.games[0] - penalties[0], deal.games[1] - penalties[1]]
        if deal.result == "tie":
            assert deal.points == (60, 60)
            assert own == [0, 0]
            assert not deal.bandeira
            if scoring.tie.mode != "none":
                pending = pending + 1 if scoring.tie.stacks else 1
        else:
            team = deal.team
            assert team is not None
            assert own[1 - team] == 0
            if deal.result == "revoke":
                # A renúncia penalty neither uses nor clears the pending ties.
                last = deal.claims[-1]
                rightful = claim_caught(deal, last) is not None
                assert team == (last.by % 2 if rightful else 1 - last.by % 2)
                assert own[team] == (revoke.penalty_games if rightful else false_games)
                assert not deal.bandeira
            else:
                points = deal.points[team]
                assert points > 60
                if scoring.bandeira.requires == "all_points":
                    assert deal.bandeira == (points == 120)
                else:
                    assert deal.bandeira == (deal.tricks_won[team] == 10)
                if deal.bandeira:
                    base = scoring.bandeira.games
                else:
                    # A deal won below the first tier (e.g. 62 points with tiers from 64)
                    # scores 0.
                    reached = [
                        (t.min_points, t.games) for t in scoring.tiers if t.min_points <= points
                    ]
                    base = max(reached, default=(0, 0))[1]
                mode, amount = scoring.tie.mode, scoring.tie.amount
                expected = (
                    base + amount * pending
                    if mode == "add"
                    else (base * amount**pending if mode == "multiply" else base)
                )
                assert own[team] == expected
                pending = 0
        games = [games[0] + deal.games[0], games[1] + deal.games[1]]
        won: int | None = None
        if deal.bandeira and scoring.bandeira.wins_partida:
            won = deal.team
        elif max(games) >= target and games[0] != games[1]:
            won = 0 if games[0] > games[1] else 1
        if won is not None:
            partidas[won] += 1
            pending = 0  # each partida starts from nothing: a pending 60-60 is dropped
            if partidas[won] > variant.match.best_of // 2:
                assert match.winner == won
                assert i == len(match.deals) - 1
            else:
                partida += 1
                games = [0, 0]
        if pending_after is not None:
            assert pending_after[i] == pending
    assert match.pending_ties == pending
    assert list(match.games) == games
    assert list(match.partidas) == partidas
    if match.winner is None:
        assert max(partidas) <= variant.match.best_of // 2


def play_plan(
    variant: Variant, first_dealer: int, plan: list[tuple[str, int]]
) -> tuple[Match, list[str], list[int]]:
    """Play the deals of ``plan`` in a row (until the match is over): the match, the kinds
    played and the pending ties after each deal."""
    match = Match(variant, deal=False, first_dealer=first_dealer)
    kinds: list[str] = []
    pending: list[int] = []
    for kind, seed in plan:
        if match.is_over:
            break
        play_kind(match, kind, random.Random(seed))
        kinds.append(kind)
        pending.append(match.pending_ties)
    for kind, deal in zip(kinds, match.deals, strict=True):
        if kind in DESIGNED_KINDS:  # the deal was built as asked
            assert deal.result != "revoke"
            assert kind_reached(kind, deal.points, deal.tricks_won), (kind, deal)
    return match, kinds, pending


@given(scoring_families(), st.integers(0, 3), deal_plans())
def test_deals_built_to_order_score_as_the_contract_says(
    family: list[Variant], first_dealer: int, plan: list[tuple[str, int]]
) -> None:
    """60-60 ties in a row, sweeps, 120 points with a lost zero-point trick and renúncias
    claimed while ties are pending, played in one match under each variant of a family: the
    engine agrees with the independent referee and with the variant's scoring rules."""
    for variant in family:
        note(f"checking {variant.scoring!r}")
        match, _, pending = play_plan(variant, first_dealer, plan)
        record = match.to_record()
        verdict = judge(variant, record.to_data())
        report = replay_report(match)
        assert contract_view(report) == verdict.report
        assert [d.bandeira for d in match.deals] == verdict.bandeiras
        assert pending == verdict.pending
        check_games_awarded(variant, match, pending)
        assert replay_report(Match.from_record(record)) == report


@given(variants(short=True), seeds)
def test_the_match_ends_once_with_one_winner(variant: Variant, seed: int) -> None:
    rng = random.Random(seed)
    match = Match(variant, seed=seed)
    events = []
    while not match.is_over and len(match.deals) < 40:
        events.extend(random_step(match, rng, revoke_rate=0.0, claim_rate=0.0))
    won = [e for e in events if isinstance(e, MatchWon)]
    partidas = [e for e in events if isinstance(e, PartidaWon)]
    if match.is_over:
        assert len(won) == 1
        assert won[0].team == match.winner
        assert match.partidas[match.winner] == variant.match.best_of // 2 + 1
        assert match.partidas[1 - match.winner] < match.partidas[match.winner]
        assert sum(match.partidas) == len(partidas)
        assert isinstance(events[-1], MatchWon)
        with pytest.raises(IllegalPlayError, match="the match is over"):
            match.play(CARDS[0])
        assert match.turn is None
        assert match.legal_cards() == []
    else:
        assert not won


@given(variants(short=True), seeds)
def test_record_round_trip_reproduces_the_match(variant: Variant, seed: int) -> None:
    match = play_random_match(variant, seed, max_deals=6)
    # A record keeps no pause at the count, and before a deal's first card it cannot say whether
    # the redeal questions were answered (they are asked again): go on to the first card.
    while match.phase in ("redeal", "count") or (match.phase == "play" and not match.plays):
        decision = match.pending()
        assert decision is not None
        match.decide(decision.default)
    for fmt in ("yaml", "json"):
        text = dump_record(match.to_record(), fmt)
        again = Match.from_record(parse_record(text), allow_unfinished=True)
        assert replay_report(again) == replay_report(match)
        assert again.to_record() == match.to_record()
        # A record keeps no trace of a dealer's choice not yet made (phase "trump").
        assert again.phase == match.phase or (match.phase, again.phase) == ("trump", "deal")
        if match.trump_card is not None:
            for seat in range(4):
                assert again.observation(seat) == match.observation(seat)


@given(variants(short=True), seeds, st.integers(0, 200))
def test_clone_is_equal_and_independent(variant: Variant, seed: int, steps: int) -> None:
    rng = random.Random(seed)
    match = Match(variant, seed=seed)
    for _ in range(steps):
        if match.is_over:
            break
        random_step(match, rng)
    copy = match.clone()
    assert copy.to_record() == match.to_record()
    assert replay_report(copy) == replay_report(match)
    if match.is_over:
        return
    snapshot = (match.to_record(), [match.observation(s) for s in range(4)])
    for _ in range(50):
        if copy.is_over:
            break
        random_step(copy, rng)
    assert (match.to_record(), [match.observation(s) for s in range(4)]) == snapshot


@given(
    variants(short=True),
    st.integers(0, 3),
    st.lists(st.tuples(st.sampled_from(("tie", *DEAL_KINDS)), seeds), max_size=4),
    seeds,
    st.integers(0, 39),
    st.sampled_from([0.0, 0.2, 0.6]),
)
def test_observations_never_depend_on_hidden_cards(
    variant: Variant,
    first_dealer: int,
    before: list[tuple[str, int]],
    seed: int,
    steps: int,
    revoke_rate: float,
) -> None:
    """At any point of a match (after earlier deals of every kind, mid-trick, after renúncias
    and claims under ``claimable``) a seat's observation is the same whatever the cards it
    cannot see."""
    match = Match(variant, deal=False, first_dealer=first_dealer)
    for kind, deal_seed in before:  # earlier deals: ties pending, games, partidas won
        trial = match.clone()
        play_kind(trial, kind, random.Random(deal_seed))
        if trial.is_over:
            break
        match = trial
    rng = random.Random(seed)
    match.deal_hands(*random_hands(rng, match.dealer))
    number = len(match.deals)
    for _ in range(steps):  # stay inside this deal
        trial = match.clone()
        random_step(trial, rng, revoke_rate=revoke_rate, claim_rate=0.04)
        if len(trial.deals) > number:
            break
        match = trial
    assert match.trump_card is not None  # the deal is on the table: redeal, play or count
    seat = rng.randrange(4)
    other = _reshuffle_hidden(match, seat, rng)
    assert other is not None
    assert other.observation(seat) == match.observation(seat)
    assert other.hand(seat) == match.hand(seat)
    assert other.plays == match.plays
    assert len(other.deals) == len(match.deals)
    for s in range(4):
        if s != seat:
            assert len(other.hand(s)) == len(match.hand(s))


def _reshuffle_hidden(match: Match, seat: int, rng: random.Random) -> Match | None:
    """The same match (earlier deals, plays and claims), with the other seats' unplayed cards
    of this deal dealt anew consistently with what ``seat`` knows: hand sizes, the turned card
    still with the dealer, and the voids shown — except that a seat that revoked may still
    hold the suit it did not follow (under ``claimable`` a renúncia looks like a void)."""
    obs = match.observation(seat)
    others = [s for s in range(4) if s != seat]
    hidden = [c for s in others for c in match.hand(s)]
    plays = match.plays
    faked = {(r.seat, plays[(r.play - 1) // 4 * 4].suit) for r in match.revokes}
    pinned = obs.trump_card if obs.trump_card_in_hand and obs.dealer != seat else None

    def may_hold(s: int, card: Card) -> bool:
        return not obs.is_void(s, card.suit) or (s, card.suit) in faked

    for _ in range(200):
        # The most constrained cards first, each to a seat with room that may hold it.
        rng.shuffle(hidden)
        hidden.sort(key=lambda c: sum(may_hold(s, c) for s in others))
        new: dict[int, list[Card]] = {s: [] for s in others}
        if pinned is not None:
            new[obs.dealer].append(pinned)
        for card in hidden:
            if card == pinned:
                continue
            room = [s for s in others if len(new[s]) < len(match.hand(s)) and may_hold(s, card)]
            if not room:
                break
            new[rng.choice(room)].append(card)
        else:
            break
    else:
        return None
    played: dict[int, list[Card]] = {s: [] for s in range(4)}
    for deal_trick in match.tricks:
        for s, c in zip(_seats(deal_trick.leader, match), deal_trick.cards, strict=True):
            played[s].append(c)
    for s, c in match.trick:
        played[s].append(c)
    hands = [played[s] + (list(match.hand(s)) if s == seat else new[s]) for s in range(4)]
    record = match.to_record()
    last = record.deals[-1]
    earlier = record.model_copy(update={"deals": record.deals[:-1]})
    other = Match.from_record(earlier)
    other.deal_hands(hands, last.trump_card)
    while other.phase == "redeal" and (match.phase != "redeal" or other.turn != match.turn):
        turn = other.turn
        assert turn is not None
        other.keep_hand(turn)
    for k in range(len(last.plays) + 1):
        for claim in last.claims:
            if claim.after == k:
                other.claim(claim.by, claim.against)
        if k < len(last.plays):
            other.play(last.plays[k])
    return other


class MatchMachine(RuleBasedStateMachine):
    """Drives the API at random; illegal actions must raise and change nothing."""

    def __init__(self) -> None:
        super().__init__()
        self.match = Match("portugal", seed=0)

    @initialize(variant=variants(short=True), seed=seeds)
    def start(self, variant: Variant, seed: int) -> None:
        self.match = Match(variant, seed=seed)
        self.rng = random.Random(seed)

    def snapshot(self) -> object:
        m = self.match
        return (
            m.to_record(),
            replay_report(m),
            m.phase,
            m.turn,
            [m.observation(s) for s in range(4)],
            m.revokes,
        )

    @rule()
    def take_a_random_step(self) -> None:
        if not self.match.is_over and self.match.phase != "deal":
            random_step(self.match, self.rng)

    def refused(self, action: Callable[[], object]) -> None:
        """``action`` raises an :class:`IllegalPlayError` and changes nothing."""
        before = self.snapshot()
        with pytest.raises(IllegalPlayError):
            action()
        assert self.snapshot() == before

    @rule(card=st.integers(0, 39))
    def play_any_card(self, card: int) -> None:
        m = self.match
        if card in m.playable_cards():
            m.play(card)
        else:
            self.refused(lambda: m.play(card))

    @rule(seat=st.integers(0, 3), against=st.sampled_from([None, 0, 1, 2, 3]))
    def claim(self, seat: int, against: int | None) -> None:
        m = self.match
        named_well = (
            (against is not None and against % 2 != seat % 2)
            if m.rules.accuse_player
            else against is None
        )
        if m.rules.revoke_claimable and m.phase in ("play", "count") and named_well:
            m.claim(seat, against)
        else:
            self.refused(lambda: m.claim(seat, against))

    @rule(seat=st.integers(0, 3))
    def answer_about_a_redeal(self, seat: int) -> None:
        m = self.match
        if m.phase == "redeal" and seat == m.turn:
            if m.may_redeal(seat):
                m.redeal(seat)
            else:
                self.refused(lambda: m.redeal(seat))
                m.keep_hand(seat)
        else:
            self.refused(lambda: m.redeal(seat))
            self.refused(lambda: m.keep_hand(seat))

    @rule(side=st.sampled_from(["top", "bottom", "middle"]))
    def choose_trump(self, side: str) -> None:
        m = self.match
        if m.phase == "trump" and side in ("top", "bottom"):
            m.choose_trump(cast(TrumpSide, side))
        else:
            self.refused(lambda: m.choose_trump(cast(TrumpSide, side)))

    @rule()
    def score_the_deal(self) -> None:
        m = self.match
        if m.phase == "count":
            m.score_deal()
        else:
            self.refused(m.score_deal)

    @rule()
    def deal_out_of_turn(self) -> None:
        self.refused(self.match.deal_random)

    @invariant()
    def cards_are_all_there(self) -> None:
        if self.match.phase == "play":
            assert whole_deck(self.match)


MatchMachine.TestCase.settings = settings(max_examples=25, stateful_step_count=60, deadline=None)
TestMatchMachine = MatchMachine.TestCase
