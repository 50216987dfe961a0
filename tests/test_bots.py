"""Bots: every level plays only legal cards, decides from the observation alone, repeats its
choices for a seed; level 4's sampling is consistent with what its seat knows."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sueca_rules import Match, builtin_ids
from sueca_rules._cards import SUIT_MASKS
from sueca_rules._variant import (
    Variant,
)
from sueca_rules.bots import (
    LEVELS,
    Bot,
    MemoryBot,
    RandomBot,
    RuleBot,
    SamplingBot,
    advance,
    make_bot,
)
from sueca_rules.bots._equity import Equity
from sueca_rules.bots._sampling import candidate_cards, sample_hands

from .strategies import variants

FAST: dict[str, Any] = {"samples": 3, "solve_tricks": 1}
"""A small level-4 budget for tests."""


def _bot(level: int, seed: int | str) -> Bot:
    return make_bot(level, seed=seed, **(FAST if level == 4 else {}))


def _play_match(match: Match, bots: list[Bot], max_deals: int = 60) -> None:
    """Play ``match`` to its end (or ``max_deals``), checking every card is legal."""
    while not match.is_over and match.deal_number <= max_deals:
        if match.phase != "play":  # the dealer's choice, a redeal question, the count
            advance(match, bots)
            continue
        seat = match.turn
        assert seat is not None
        obs = match.observation(seat)
        card = bots[seat].choose(obs)
        assert card in obs.legal, (bots[seat].level, card, obs.legal)
        assert card in match.legal_cards()
        match.play(card)


def test_levels_and_make_bot() -> None:
    assert LEVELS == (1, 2, 3, 4)
    kinds = {1: RandomBot, 2: RuleBot, 3: MemoryBot, 4: SamplingBot}
    for level in LEVELS:
        bot = make_bot(level, seed=1)
        assert isinstance(bot, kinds[level])
        assert isinstance(bot, Bot)
        assert bot.level == level
        assert (type(bot).__doc__ or "").strip()
    with pytest.raises(ValueError, match="no bot of level 5"):
        make_bot(5)
    with pytest.raises(TypeError, match="take no options"):
        make_bot(2, samples=3)
    with pytest.raises(TypeError):
        make_bot(4, colour="red")
    with pytest.raises(ValueError, match="samples"):
        make_bot(4, samples=0)
    with pytest.raises(ValueError, match="time_limit"):
        make_bot(4, time_limit=0)
    assert isinstance(make_bot(4, samples=2, time_limit=0.5, solve_tricks=3), SamplingBot)


@pytest.mark.parametrize("variant", builtin_ids())
def test_every_level_plays_legal_cards_in_whole_matches(variant: str) -> None:
    # Seats hold levels 4, 3, 2, 1 (and the other way round in the second match).
    for order, seed in (((4, 3, 2, 1), 11), ((1, 2, 3, 4), 12)):
        match = Match(variant, seed=seed)
        bots = [_bot(level, f"{variant}:{seat}") for seat, level in enumerate(order)]
        _play_match(match, bots)
        assert match.is_over


@settings(max_examples=10)
@given(variants(short=True), st.integers(0, 2**32), st.permutations([1, 2, 3, 4]))
def test_every_level_plays_legal_cards_under_random_variants(
    variant: Variant, seed: int, levels: list[int]
) -> None:
    match = Match(variant, seed=seed)
    bots = [_bot(level, seed + seat) for seat, level in enumerate(levels)]
    # Tiers worth no games can make a match endless: a few deals are enough here.
    _play_match(match, bots, max_deals=3)


def _deal(variant: str, seed: int) -> tuple[Match, list[list[int]], int]:
    rng = random.Random(seed)
    deck = list(range(40))
    rng.shuffle(deck)
    hands = [sorted(deck[10 * i : 10 * i + 10]) for i in range(4)]
    dealer = rng.randrange(4)
    trump_card = rng.choice(hands[dealer])
    match = Match(variant, deal=False, first_dealer=dealer)
    match.deal_hands(hands, trump_card)
    return match, hands, trump_card


def _reshuffle(match: Match, seat: int, rng: random.Random) -> list[int]:
    """The other seats' current hands with their cards swapped around at random, keeping the
    hand sizes, the voids shown and the turned card in the dealer's hand while it is there."""
    obs = match.observation(seat)
    hands = [sum(1 << c for c in match.hand(s)) for s in range(4)]
    others = [s for s in range(4) if s != seat]
    assert obs.trump_card is not None
    pinned = 1 << int(obs.trump_card) if obs.trump_card_in_hand else 0
    for _ in range(300):
        a, b = rng.sample(others, 2)
        ca = [c for c in range(40) if hands[a] >> c & 1 and not pinned >> c & 1]
        cb = [c for c in range(40) if hands[b] >> c & 1 and not pinned >> c & 1]
        if not ca or not cb:
            continue
        x, y = rng.choice(ca), rng.choice(cb)
        if obs.is_void(b, x // 10) or obs.is_void(a, y // 10):
            continue
        hands[a] ^= (1 << x) | (1 << y)
        hands[b] ^= (1 << x) | (1 << y)
    return hands


@settings(max_examples=25)
@given(
    st.sampled_from(["portugal", "french", "sueca-online"]),
    st.integers(0, 2**32),
    st.integers(0, 38),
)
def test_bots_decide_from_the_observation_only(variant: str, seed: int, stop: int) -> None:
    match, _, trump_card = _deal(variant, seed)
    players = [_bot(level, seed) for level in (3, 2, 3, 2)]
    for _ in range(stop):
        seat = match.turn
        assert seat is not None
        match.play(players[seat].choose(match.observation(seat)))
    seat = match.turn
    assert seat is not None
    rng = random.Random(seed)
    now = _reshuffle(match, seat, rng)
    # The deal that leads to the same observation: each seat's new hand plus what it played.
    played = [0, 0, 0, 0]
    plays = [int(c) for c in match.plays]
    for t in match.tricks:
        p = t.leader
        for card in t.cards:
            played[p] |= 1 << card
            p = match.rules.next_seat[p]
    for p, card in match.trick:
        played[p] |= 1 << card
    start = [[c for c in range(40) if (now[p] | played[p]) >> c & 1] for p in range(4)]
    twin = Match(variant, deal=False, first_dealer=match.dealer)
    twin.deal_hands(start, trump_card)
    for c in plays:
        twin.play(c)
    assert twin.hand(seat) == match.hand(seat)
    obs = match.observation(seat)
    assert twin.observation(seat) == obs
    for level in LEVELS:
        first = _bot(level, f"same:{seed}").choose(obs)
        again = _bot(level, f"same:{seed}").choose(twin.observation(seat))
        assert first == again, level


def _deal_plays(level: int, seed: str, options: dict[str, Any]) -> list[int]:
    match = Match("portugal", seed=5)
    bots = [make_bot(level, seed=f"{seed}:{s}", **options) for s in range(4)]
    while match.deal_number == 1:
        seat = match.turn
        assert seat is not None
        match.play(bots[seat].choose(match.observation(seat)))
    return [int(c) for c in match.deals[0].plays]


@pytest.mark.parametrize("level", LEVELS)
def test_same_seed_same_choices(level: int) -> None:
    options = FAST if level == 4 else {}
    assert _deal_plays(level, "a", options) == _deal_plays(level, "a", options)


def test_level_4_seeds_differ_and_no_seed_works() -> None:
    plays = {tuple(_deal_plays(4, seed, {"samples": 2})) for seed in ("x", "y", "z")}
    assert len(plays) > 1
    match = Match("portugal", seed=1)
    seat = match.turn
    assert seat is not None
    assert make_bot(4, samples=2).choose(match.observation(seat)) in match.legal_cards()


def test_level_4_time_limit() -> None:
    match = Match("portugal", seed=9)
    seat = match.turn
    assert seat is not None
    bot = make_bot(4, seed=1, time_limit=0.01)
    assert bot.choose(match.observation(seat)) in match.legal_cards()


def test_a_bot_with_no_card_to_play_says_so() -> None:
    match = Match("portugal", seed=2)
    seat = match.turn
    assert seat is not None
    idle = (seat + 1) % 4
    for level in LEVELS:
        with pytest.raises(ValueError, match="no card to play"):
            _bot(level, 0).choose(match.observation(idle))


@settings(max_examples=30)
@given(
    st.sampled_from(["portugal", "french", "sueca-online"]),
    st.integers(0, 2**32),
    st.integers(0, 39),
)
def test_samples_agree_with_what_the_seat_knows(variant: str, seed: int, stop: int) -> None:
    match, _, _ = _deal(variant, seed)
    rng = random.Random(seed)
    for _ in range(stop):
        match.play(rng.choice(match.legal_cards()))
    seat = match.turn
    assert seat is not None
    obs = match.observation(seat)
    for _ in range(5):
        hands = sample_hands(obs, rng)
        assert hands[seat] == obs.hand_mask
        assert sum(hands) == obs.unseen_mask | obs.hand_mask
        for s in range(4):
            assert hands[s].bit_count() == obs.hand_sizes[s]
            for suit in range(4):
                if obs.is_void(s, suit):
                    assert not hands[s] & SUIT_MASKS[suit]
        if obs.trump_card_in_hand:
            assert obs.trump_card is not None
            assert hands[obs.dealer] >> int(obs.trump_card) & 1
    cands = candidate_cards(obs)
    assert cands
    assert set(cands) <= {int(c) for c in obs.legal}
    # Every legal card is a candidate or equivalent to the candidate below it in its suit.
    for c in obs.legal:
        below = [x for x in cands if x // 10 == c // 10 and x <= c]
        assert below


def test_equity_follows_the_variant() -> None:
    match = Match("portugal", seed=1)
    rules = match.rules
    eq = Equity(rules, (0, 0), (0, 0), 0)
    values = [eq.after_deal(x, x == 120, x == 0) for x in range(121)]
    assert all(0.0 <= v <= 1.0 for v in values)
    assert values == sorted(values)
    assert values[60] == pytest.approx(0.5)
    assert values[120] == 1.0  # a bandeira is four games: the partida
    assert values[91] > values[90] > values[59] > values[29]
    # One game from the partida: any deal won wins it.
    near = Equity(rules, (3, 0), (0, 0), 0)
    assert near.after_deal(61, False, False) == near.after_deal(119, False, False) == 1.0
    # A pending tie makes the deal worth more.
    tied = Equity(rules, (2, 2), (0, 0), 1)
    assert tied.after_deal(61, False, False) == 1.0
    french = Match("french", seed=1).rules
    sweep = Equity(french, (0, 0), (0, 0), 0)
    assert sweep.after_deal(120, True, False) == 1.0
    assert sweep.after_deal(120, False, False) < 1.0  # 120 points with a trick lost


def _duplicate_points(stronger: Bot, weaker: Bot, deals: int, tag: str) -> int:
    """The stronger bots' card points over ``deals`` deals each played twice, the teams
    swapping seats (the same cards per seat): 120 per deal is par."""
    total = 0
    for i in range(deals):
        for team in (0, 1):
            match = Match("portugal", seed=f"{tag}:{i}", first_dealer=i % 4, deal=False)
            match.deal_random()
            while not match.deals:
                seat = match.turn
                assert seat is not None
                bot = stronger if seat % 2 == team else weaker
                match.play(bot.choose(match.observation(seat)))
            total += match.deals[0].points[team]
    return total


def test_level_2_beats_level_1() -> None:
    """A smoke test on a few duplicate deals (the real measurements are in the report)."""
    assert _duplicate_points(RuleBot(), RandomBot(seed=1), 12, "smoke") > 12 * 120 + 120


def test_level_3_beats_level_2() -> None:
    assert _duplicate_points(MemoryBot(), RuleBot(), 150, "memory") > 150 * 120


@pytest.mark.slow
def test_level_4_beats_level_3() -> None:
    assert _duplicate_points(make_bot(4, seed=1), MemoryBot(), 12, "sampling") > 12 * 120


def test_bots_cope_with_a_renuncia() -> None:
    """At a table where a renúncia can be played, a void shown by one is false: sampling must
    still deal every unseen card, and every level still plays legal cards."""
    revokes = 0
    for seed in range(6):
        match = Match("portugal-table", seed=seed)
        rng = random.Random(seed)
        revoked = False
        while match.phase == "play":
            seat = match.turn
            assert seat is not None
            legal = match.legal_cards()
            other = [c for c in match.playable_cards() if c not in legal]
            if other and not revoked:
                match.play(rng.choice(other))
                revoked = True
                revokes += 1
                continue
            obs = match.observation(seat)
            hands = sample_hands(obs, rng)
            assert sum(hands) == obs.unseen_mask | obs.hand_mask
            assert [h.bit_count() for h in hands] == list(obs.hand_sizes)
            card = _bot(1 + len(match.plays) % 4, seed).choose(obs)
            assert card in legal
            match.play(card)
        assert match.phase == "count"  # a claimable deal ends with the count
    assert revokes >= 3
