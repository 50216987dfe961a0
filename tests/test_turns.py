"""The turn protocol: `Match.pending()` says which decision is due, `Match.decide()` takes it."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sueca_rules import (
    CARDS,
    Card,
    CardPlayed,
    ConfigError,
    DealScored,
    Decision,
    IllegalPlayError,
    Match,
    Observation,
    Variant,
    builtin_ids,
    load_variant,
)
from sueca_rules.bots import advance, make_bot

from .strategies import variants


def _random_answers(
    match: Match, rng: random.Random, claim_rate: float = 0.05, max_deals: int = 30
) -> int:
    """Answer every pending decision at random (claims rarely) until the match is over or
    `max_deals` deals have ended; return how many were made."""
    made = 0
    while (decision := match.pending()) is not None and len(match.deals) < max_deals:
        if decision.kind == "claim" and rng.random() > claim_rate:
            choice: object = False
        else:
            choice = rng.choice(decision.options)
        assert decision.accepts(choice)
        match.decide(choice)  # type: ignore[arg-type]
        made += 1
        assert made < 20_000
    return made


@pytest.mark.parametrize("variant", builtin_ids())
def test_the_defaults_play_every_builtin_to_its_end(variant: str) -> None:
    match = Match(variant, seed=11)
    while (decision := match.pending()) is not None:
        assert decision.default in decision.options
        match.decide(decision.default)
    assert match.is_over
    assert match.winner in (0, 1)


@settings(max_examples=25, deadline=None)
@given(variant=variants(short=True), seed=st.integers(0, 2**32))
def test_random_answers_keep_every_deal_whole(variant: Variant, seed: int) -> None:
    match = Match(variant, seed=seed)
    _random_answers(match, random.Random(seed))
    assert match.is_over or len(match.deals) == 30
    for deal in match.deals:
        if deal.result in ("won", "tie"):
            assert sum(deal.points) == 120
        assert sorted(c for hand in deal.hands for c in hand) == list(range(40))


def test_a_card_decision_offers_what_the_engine_accepts() -> None:
    for variant in ("portugal", "portugal-table"):
        match = Match(variant, seed=2)
        for _ in range(7):
            decision = match.pending()
            assert decision is not None
            if decision.kind == "claim":
                match.decide(False)
                continue
            assert decision.seat == match.turn
            assert list(decision.options) == match.playable_cards()
            assert decision.default == match.legal_cards()[0]
            assert decision.after == len(match.plays)
            match.decide(str(decision.options[-1]).lower())  # notation, any case


def test_an_illegal_answer_raises_and_changes_nothing() -> None:
    match = Match("portugal", seed=5)
    match.decide(match.legal_cards()[0])
    before = match.to_record()
    decision = match.pending()
    assert decision is not None
    held = set(match.hand(decision.seat))
    illegal = next(c for c in held if c not in decision.options) if decision.options else None
    for bad in (True, None, "XX", 99, *([illegal] if illegal is not None else [])):
        with pytest.raises(IllegalPlayError):
            match.decide(bad)  # type: ignore[arg-type]
    assert match.to_record() == before


def test_claim_rounds_ask_every_seat_after_each_card_in_claim_order() -> None:
    match = Match("portugal-table", seed=8)
    first = match.pending()
    assert first is not None
    assert first.kind == "card"
    assert match.claim_round == ()
    player = first.seat
    match.decide(first.default)
    rules = match.rules
    asked = []
    while (decision := match.pending()) is not None and decision.kind == "claim":
        assert decision.options == (False, True)
        assert decision.after == 1
        asked.append(decision.seat)
        match.decide(False)
    assert tuple(asked) == rules.claim_order(player)
    assert decision is not None
    assert decision.kind == "card"


def test_a_card_played_directly_skips_the_rest_of_the_round() -> None:
    match = Match("portugal-table", seed=8)
    match.decide(match.legal_cards()[0])
    assert len(match.claim_round) == 4
    match.decide(False)
    match.play(match.legal_cards()[0])
    assert len(match.claim_round) == 4  # a new round, for the second card
    assert match.claim_round == match.rules.claim_order(match.trick[-1][0])


def test_the_count_is_a_claim_round_and_its_last_answer_scores_the_deal() -> None:
    match = Match("portugal-table", seed=4)
    while match.phase != "count":
        decision = match.pending()
        assert decision is not None
        match.decide(False if decision.kind == "claim" else decision.default)
    rules = match.rules
    assert match.claim_round == rules.claim_order(match.trick_leader)
    events = []
    for _ in range(4):
        events += match.decide(False)
    assert any(isinstance(e, DealScored) for e in events)
    assert len(match.deals) == 1
    assert match.phase != "count"


def test_under_accuse_player_a_claim_names_one_of_the_rivals() -> None:
    variant = load_variant("portugal-table").model_copy(
        update={
            "revoke": load_variant("portugal-table").revoke.model_copy(update={"accuse": "player"})
        }
    )
    match = Match(variant, seed=3)
    match.decide(match.legal_cards()[0])
    decision = match.pending()
    assert decision is not None
    assert decision.kind == "claim"
    rivals = tuple(s for s in range(4) if s % 2 != decision.seat % 2)
    assert decision.options == (False, *rivals)
    assert not decision.accepts(True)
    with pytest.raises(IllegalPlayError, match="not an answer"):
        match.decide(True)
    events = match.decide(rivals[0])  # a false claim: the other team scores, the deal ends
    assert any(isinstance(e, DealScored) for e in events)


def test_brasil_asks_trump_then_redeal_questions_with_one_option_for_a_strong_hand() -> None:
    seen_single = seen_double = False
    for seed in range(40):
        match = Match("brasil", seed=seed)
        decision = match.pending()
        assert decision == Decision(match.dealer, "trump", ("top", "bottom"), "bottom", 0)
        match.decide("top")
        while (decision := match.pending()) is not None and decision.kind == "redeal":
            assert decision.seat == match.turn
            may = match.may_redeal(decision.seat)
            assert decision.options == ((False, True) if may else (False,))
            seen_single |= not may
            seen_double |= may
            match.decide(False)
    assert seen_single
    assert seen_double


@pytest.mark.parametrize("variant", ["portugal-table", "brasil", "portugal"])
def test_advance_makes_the_pending_decisions_as_before(variant: str) -> None:
    """`bots.advance` (an adapter over the protocol) plays the golden-record way: the same
    match as answering each pending decision with the bots' answers one at a time."""
    bots = [make_bot(2, seed=s) for s in range(4)]
    by_advance = Match(variant, seed=21)
    while not by_advance.is_over:
        advance(by_advance, bots)
    again = [make_bot(2, seed=s) for s in range(4)]
    by_steps = Match(variant, seed=21)
    from sueca_rules.bots import answer

    while (decision := by_steps.pending()) is not None:
        seat = decision.seat
        by_steps.decide(answer(again[seat], decision, by_steps.observation(seat)))
    assert by_steps.to_record() == by_advance.to_record()


def test_no_decision_once_the_match_is_over_or_before_a_deal() -> None:
    match = Match("portugal", seed=1, deal=False)
    assert match.pending() is None
    with pytest.raises(IllegalPlayError, match="not been dealt"):
        match.decide("AS")
    match.deal_random()
    assert match.pending() is not None


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), claimable=st.booleans())
def test_an_observation_s_plays_and_voids_are_what_happened(seed: int, claimable: bool) -> None:
    """`Observation.plays` is the deal's cards with their players; a certain void is one; a
    renúncia the cards prove was one; under `prevented` every void shown is certain."""
    variant: str | Variant = "portugal"
    if claimable:  # false claims let play go on: the voids of the seats they accused are sure
        data = load_variant("portugal-table").model_dump()
        data["revoke"]["after_false_claim"] = "play_on"
        variant = Variant.model_validate(data)
    match = Match(variant, seed=seed)
    rng = random.Random(seed)
    played: list[tuple[int, Card]] = []
    for _ in range(rng.randrange(1, 40)):
        decision = match.pending()
        assert decision is not None
        if decision.kind == "claim":
            choice: object = rng.random() < 0.1
        else:
            choice = rng.choice(decision.options)
        deal = match.deal_number
        events = match.decide(choice)  # type: ignore[arg-type]
        if match.deal_number != deal:
            break
        played += [(e.seat, e.card) for e in events if isinstance(e, CardPlayed)]
    else:
        for seat in range(4):
            obs = match.observation(seat)
            assert list(obs.plays) == played
            dealt = match.dealt_hands
            for other in range(4):
                for suit in range(4):
                    bit = 1 << (4 * other + suit)
                    held = [c for c in dealt[other] if c // 10 == suit]
                    if obs.sure_void_mask & bit:
                        # held none of it when it did not follow: only cards it had played before
                        first_miss = next(
                            i
                            for i, (s, c) in enumerate(played)
                            if s == other
                            and i % 4
                            and c // 10 != played[i - i % 4][1] // 10
                            and played[i - i % 4][1] // 10 == suit
                        )
                        before = {c for s, c in played[:first_miss] if s == other}
                        assert set(held) <= before
                    if obs.revoke_mask & bit:
                        assert any(r.seat == other for r in match.revokes)
            if not claimable:
                assert obs.sure_void_mask == obs.void_mask
                assert obs.revoke_mask == 0


def test_a_false_claim_makes_the_accused_team_s_shown_voids_sure() -> None:
    data = load_variant("portugal-table").model_dump()
    data["revoke"]["after_false_claim"] = "play_on"
    variant = Variant.model_validate(data)
    for seed in range(200):
        match = Match(variant, seed=seed)
        while match.phase == "play" and len(match.plays) < 40:
            decision = match.pending()
            assert decision is not None
            if decision.kind == "claim":
                match.decide(False)
                continue
            match.decide(match.legal_cards()[-1])  # never a renúncia
            shown = match.observation(0).void_mask
            if shown:
                break
        if not shown:
            continue
        seat = next(s for s in range(4) if shown >> (4 * s) & 15)
        assert match.observation(0).sure_void_mask == 0  # not yet: it might be a renúncia
        while match.pending() is not None and match.pending().kind == "claim":  # type: ignore[union-attr]
            match.decide(False)
        claimant = (seat + 1) % 4  # a rival of the seat: accuses its team, falsely
        match.claim(claimant)
        obs = match.observation(0)
        assert obs.sure_void_mask & (15 << (4 * seat)) == shown & (15 << (4 * seat))
        assert obs.revoke_mask == 0
        return
    raise AssertionError("no void shown in 200 deals")


class _NotHeld:
    """A bot of one's own that answers a card its seat does not hold."""

    level = 0

    def choose(self, observation: Observation) -> Card:
        return next(c for c in CARDS if c not in observation.hand)


class _WrongSide:
    """A bot whose dealer's choice is neither "top" nor "bottom"."""

    level = 0

    def choose(self, observation: Observation) -> Card:
        return observation.legal[0]

    def choose_trump(self, observation: Observation) -> str:
        return "middle"


@pytest.mark.parametrize(("variant", "bot"), [("portugal", _NotHeld()), ("brasil", _WrongSide())])
def test_a_bots_wrong_answer_names_the_bot_and_changes_nothing(variant: str, bot: object) -> None:
    match = Match(variant, seed=5)
    seat = match.pending().seat  # type: ignore[union-attr]
    bots = [make_bot(1, seed=s) for s in range(4)]
    bots[seat] = bot  # type: ignore[call-overload]
    before = match.to_record(), match.observation(seat)
    with pytest.raises(IllegalPlayError) as caught:
        advance(match, bots)
    assert str(caught.value).startswith(f"the bot at seat {seat} ({type(bot).__name__}) answered")
    assert caught.value.seat == seat
    assert (match.to_record(), match.observation(seat)) == before


def test_something_that_is_not_a_bot_is_a_config_error() -> None:
    match = Match("portugal", seed=5)
    with pytest.raises(ConfigError, match=r"seat 3 \(object\) has no choose\(observation\)"):
        advance(match, [object()] * 4)  # type: ignore[list-item]
    assert match.plays == []
