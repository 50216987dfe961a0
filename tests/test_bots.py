"""Bots: every level plays only legal cards, decides from the observation alone, repeats its
choices for a seed; level 4's sampling is consistent with what its seat knows."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sueca_rules import (
    ClaimMade,
    ConfigError,
    Event,
    Match,
    Observation,
    TrumpChosen,
    builtin_ids,
)
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
    SearchBot,
    advance,
    answer,
    make_bot,
    play_match,
)
from sueca_rules.bots._equity import Equity
from sueca_rules.bots._hidden_hands import Sampler, history, sample_hands
from sueca_rules.bots._sampling import _Race, candidate_cards
from sueca_rules.bots._table import claim_worth_it, long_in_trumps, proven_revokers

from .strategies import variants

FAST: dict[str, Any] = {"samples": 3, "solve_tricks": 1}
"""A small level-4 budget for tests."""


def _budget(level: int) -> dict[str, Any]:
    """A small budget for the levels that take one."""
    return {"samples": 3} if level >= 4 else {}


def _bot(level: int, seed: int | str) -> Bot:
    return make_bot(level, seed=seed, **(FAST if level >= 4 else {}))


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
    assert LEVELS == (1, 2, 3, 4, 5)
    kinds = {1: RandomBot, 2: RuleBot, 3: MemoryBot, 4: SamplingBot, 5: SearchBot}
    for level in LEVELS:
        bot = make_bot(level, seed=1)
        assert isinstance(bot, kinds[level])
        assert isinstance(bot, Bot)
        assert bot.level == level
        assert (type(bot).__doc__ or "").strip()
    with pytest.raises(ConfigError, match="no bot of level 6"):
        make_bot(6)
    with pytest.raises(ConfigError, match="take no options"):
        make_bot(2, samples=3)
    with pytest.raises(ConfigError, match="no option 'colour': their options are endgame_tricks, "):
        make_bot(4, colour="red")
    with pytest.raises(ValueError, match="samples"):
        make_bot(4, samples=0)
    with pytest.raises(ValueError, match="time_limit"):
        make_bot(4, time_limit=0)
    assert isinstance(make_bot(4, samples=2, time_limit=0.5, solve_tricks=3), SamplingBot)


def test_levels_4_and_5_take_their_class_defaults_and_the_wider_exact_ranges() -> None:
    four, five = SamplingBot(seed=1), SearchBot(seed=1)
    assert (four.solve_tricks, four.endgame_tricks, four.samples) == (2, 0, 60)
    assert (five.solve_tricks, five.endgame_tricks, five.samples) == (5, 4, 1000)
    for bot in (four, five):
        assert (bot.points_weight, bot.inference, bot.prune) == (1.5, 0.05, 3.0)
    # An option given overrides the level's default; solving from six tricks, the last five of
    # every play-out, is allowed (the compiled solver makes it affordable), one more is refused.
    wide = SearchBot(seed=1, solve_tricks=6, endgame_tricks=5, inference=0.1)
    assert (wide.solve_tricks, wide.endgame_tricks, wide.inference) == (6, 5, 0.1)
    with pytest.raises(
        ConfigError, match=r"solve_tricks must be a whole number from 0 to 6, not 7"
    ):
        make_bot(5, solve_tricks=7)
    with pytest.raises(
        ConfigError, match=r"endgame_tricks must be a whole number from 0 to 5, not 6"
    ):
        make_bot(4, endgame_tricks=6)


@pytest.mark.parametrize("variant", builtin_ids())
def test_every_level_plays_legal_cards_in_whole_matches(variant: str) -> None:
    # Seats hold levels 5, 4, 3, 2, then 1, 2, 3, 5 and 4, 1, 5, 3.
    for order, seed in (((5, 4, 3, 2), 11), ((1, 2, 3, 5), 12), ((4, 1, 5, 3), 13)):
        match = Match(variant, seed=seed)
        bots = [_bot(level, f"{variant}:{seat}") for seat, level in enumerate(order)]
        _play_match(match, bots)
        assert match.is_over


@settings(max_examples=10)
@given(variants(short=True), st.integers(0, 2**32), st.permutations(LEVELS).map(lambda p: p[:4]))
def test_every_level_plays_legal_cards_under_random_variants(
    variant: Variant, seed: int, levels: tuple[int, ...]
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
    options = FAST if level >= 4 else {}
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


def test_equity_keeps_the_tables_of_a_few_variants_only() -> None:
    # `sueca engine` asked under variant after variant (a host that varies the rules) kept a
    # partida's table (up to megabytes) for every one: 2,000 requests took it past 1 GB.
    from dataclasses import replace

    from sueca_rules.bots._equity import _RULES_KEPT, _outcome_table, _partida_table

    rules = Match("portugal", seed=1).rules
    first = Equity(rules, (0, 0), (0, 0), 0).after_deal(70, False, False)
    for target in range(5, 5 + 3 * _RULES_KEPT):
        other = replace(rules, target_games=target)
        assert 0.0 < Equity(other, (0, 0), (0, 0), 0).after_deal(70, False, False) < 1.0
    assert _partida_table.cache_info().currsize <= _RULES_KEPT
    assert _outcome_table.cache_info().currsize <= _RULES_KEPT
    # A variant whose tables were dropped gets the same values again.
    assert Equity(rules, (0, 0), (0, 0), 0).after_deal(70, False, False) == first


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


def _consistent_deals(obs: Observation) -> list[tuple[int, ...]]:
    """Every deal of the unseen cards that agrees with what ``obs``'s seat knows (hand
    sizes, voids, the turned card in the dealer's hand), by brute force."""
    pool = [c for c in range(40) if obs.unseen_mask >> c & 1]
    others = [s for s in range(4) if s != obs.seat]
    deals = []
    for owners in itertools.product(others, repeat=len(pool)):
        hands = [0, 0, 0, 0]
        hands[obs.seat] = obs.hand_mask
        for card, seat in zip(pool, owners, strict=True):
            hands[seat] |= 1 << card
        if [h.bit_count() for h in hands] != list(obs.hand_sizes):
            continue
        if any(
            obs.is_void(s, suit) and hands[s] & SUIT_MASKS[suit]
            for s in others
            for suit in range(4)
        ):
            continue
        turned = obs.trump_card
        if obs.trump_card_in_hand and turned is not None and not hands[obs.dealer] >> turned & 1:
            continue
        deals.append(tuple(hands))
    return deals


@pytest.mark.parametrize("seed", range(8))
def test_samples_are_uniform_over_the_deals_the_seat_cannot_tell_apart(seed: int) -> None:
    """Late in a deal, with voids shown: every deal consistent with the observation comes up
    about equally often (chi-square at the 0.1% level), and no other deal does."""
    rng = random.Random(seed)
    for _ in range(50):  # find a position with a void shown and a few deals to tell apart
        match, _, _ = _deal("portugal", rng.randrange(2**32))
        for _ in range(29 + rng.randrange(4)):
            match.play(rng.choice(match.legal_cards()))
        seat = match.turn
        assert seat is not None
        obs = match.observation(seat)
        others_void = any(obs.void_mask >> (4 * s) & 15 for s in range(4) if s != seat)
        if others_void and obs.unseen_mask.bit_count() <= 9:
            deals = _consistent_deals(obs)
            if 3 <= len(deals) <= 200:
                break
    else:
        pytest.skip("no position with voids found")
    sampler = Sampler(obs)
    draws = 60 * len(deals)
    counts = Counter(tuple(sampler.sample(rng)) for _ in range(draws))
    assert set(counts) == set(deals)
    expected = draws / len(deals)
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    k = len(deals) - 1
    assert chi2 < k * (1 - 2 / (9 * k) + 3.0902 * math.sqrt(2 / (9 * k))) ** 3


# --- at a real table: slips, claims, the dealer's choice, new deals, the driver ---------------


def _house(**revoke: Any) -> Variant:
    """portugal-table with other ``revoke`` settings."""
    base = Match("portugal-table").variant
    return base.model_copy(update={"revoke": base.revoke.model_copy(update=revoke)})


def _events_of(match: Match, bots: list[Bot], max_deals: int = 8) -> list[Event]:
    events: list[Event] = []
    while not match.is_over and len(match.deals) < max_deals:
        events.extend(advance(match, bots))
    return events


@pytest.mark.parametrize("level", LEVELS)
def test_slips_happen_at_the_rate_asked_and_only_where_a_renuncia_can_be_played(
    level: int,
) -> None:
    match = Match("portugal-table", seed=level)
    bot = make_bot(level, seed=1, revoke_rate=1.0, **(FAST if level >= 4 else {}))
    careful = make_bot(level, seed=1, **(FAST if level >= 4 else {}))
    chances = 0
    while match.phase == "play":
        seat = match.turn
        assert seat is not None
        obs = match.observation(seat)
        card = bot.choose(obs)
        assert card in obs.playable
        could = len(obs.playable) > len(obs.legal)
        assert (card not in obs.legal) == could  # rate 1: every chance taken
        chances += could
        assert careful.choose(obs) in obs.legal
        match.play(card)
    assert chances
    prevented = Match("portugal", seed=1)
    seat = prevented.turn
    assert seat is not None
    obs = prevented.observation(seat)
    assert obs.playable == obs.legal
    assert bot.choose(obs) in obs.legal
    with pytest.raises(ConfigError, match="revoke_rate"):
        make_bot(level, revoke_rate=1.5)


@pytest.mark.parametrize(
    "variant",
    [
        "portugal-table",
        _house(accuse="player"),
        _house(after_false_claim="play_on", false_claim_games=1),
        _house(false_claim="ignored"),
    ],
    ids=["team", "player", "play-on", "ignored"],
)
def test_bots_claim_only_what_they_can_prove(variant: str | Variant) -> None:
    """Bots that slip often, at tables where renúncias are claimed (accusing the team or a
    player, false claims ending the deal, playing on or ignored): they claim, and every claim
    catches a renúncia (naming the rival who made it when a player is accused)."""
    caught = 0
    for seed in range(4):
        match = Match(variant, seed=seed)
        bots: list[Bot] = [
            make_bot(1 + s % 3, seed=f"{seed}:{s}", revoke_rate=0.2) for s in range(4)
        ]
        for event in _events_of(match, bots):
            if isinstance(event, ClaimMade):
                assert event.valid, event
                caught += 1
                if match.rules.accuse_player:
                    assert event.against is not None
    assert caught >= 4


def test_the_proof_of_a_renuncia() -> None:
    """A seat that did not follow a suit and later plays it is proven to have revoked (by its
    rivals, not its partner); before it plays the suit nobody can tell, and at the count
    everyone can."""
    for seed in range(6):
        match = Match("portugal-table", seed=seed)
        rng = random.Random(seed)
        revoke: tuple[int, int, int] | None = None  # seat, suit, play
        while match.phase == "play":
            seat = match.turn
            assert seat is not None
            obs = match.observation(seat)
            cheats = [c for c in obs.playable if c not in obs.legal]
            if revoke is None and cheats:
                revoke = (seat, match.trick[0][1] // 10, len(match.plays))
                match.play(rng.choice(cheats))
            else:
                match.play(rng.choice(obs.legal))
            if revoke is None:
                continue
            revoker, suit, at = revoke
            plays = history(match.observation(0))
            shown = any(s == revoker and c // 10 == suit for s, c in plays[at + 1 :])
            for s in range(4):
                expected = [revoker] if shown and s % 2 != revoker % 2 else []
                assert proven_revokers(match.observation(s)) == expected
        assert revoke is not None
        assert match.phase == "count"
        for s in range(4):
            obs = match.observation(s)
            assert proven_revokers(obs) == ([revoke[0]] if s % 2 != revoke[0] % 2 else [])


def test_a_sure_claim_waits_when_the_deal_is_worth_more() -> None:
    """A claim is worth its penalty: a team that already holds points worth more games lets
    the deal run."""
    match = Match("portugal-table", seed=1)
    obs = match.observation(0)
    rules = match.rules
    assert rules.penalty_games == 4
    assert claim_worth_it(obs._replace(points=(30, 40)))
    assert claim_worth_it(obs._replace(points=(95, 0)))  # a capote: 2 games, fewer than 4
    bandeira = obs._replace(points=(120, 0), tricks_won=(10, 0), phase="count")
    assert claim_worth_it(bandeira) == (rules.games_for(120, True, 0)[0] <= 4)


def test_the_dealers_choice_and_new_deals() -> None:
    """Under the Brazilian rules the dealer chooses the card turned and weak hands may ask for
    a new deal: bots answer every question, ask only when they may, and keep a hand long in
    trumps."""
    asked = redeals = 0
    # Sixteen matches: a weak hand that may ask comes up in about one deal in twenty (six
    # matches held one question before level 4's inference changed the deals played).
    for seed in range(16):
        match = Match("brasil", seed=seed)
        bots: list[Bot] = [make_bot(level, seed=seed, **_budget(level)) for level in (1, 3, 4, 5)]
        while not match.is_over and len(match.deals) < 6:
            if match.phase == "redeal":
                seat = match.turn
                assert seat is not None
                obs = match.observation(seat)
                wants = bots[seat].wants_redeal(obs)  # type: ignore[attr-defined]
                assert not wants or obs.may_redeal
                if obs.may_redeal:
                    asked += 1
                    redeals += wants
                    if long_in_trumps(obs) and bots[seat].level < 4:
                        assert not wants
            for event in advance(match, bots):
                if isinstance(event, TrumpChosen):
                    assert event.side == "bottom"
    assert asked
    assert redeals


def test_advance_plays_every_variant_to_its_end() -> None:
    for variant in builtin_ids():
        for seed in range(2):
            match = Match(variant, seed=seed)
            bots: list[Bot] = [
                make_bot(level, seed=seed, revoke_rate=0.05, **_budget(level))
                for level in (5, 2, 4, 1)
            ]
            play_match(match, bots, max_deals=40)
            assert match.is_over or len(match.deals) == 40
    with pytest.raises(ConfigError, match="4 bots"):
        advance(Match("portugal"), [make_bot(1)])


def test_every_level_has_its_class_and_only_those() -> None:
    from sueca_rules.bots import LEVELS
    from sueca_rules.bots._levels import _CLASSES

    assert tuple(_CLASSES) == LEVELS
    assert [make_bot(level).level for level in LEVELS] == list(LEVELS)


class _ReferenceRace:
    """`_Race` as it was before its running figures: every look from all the values."""

    def __init__(self, count: int, prune: float) -> None:
        self.alive = list(range(count))
        self.values: list[list[float]] = [[] for _ in range(count)]
        self.deals = 0
        self.prune = prune

    def mean(self, i: int) -> float:
        return sum(self.values[i]) / len(self.values[i])

    def add(self, values: list[float]) -> None:
        for i, value in zip(self.alive, values, strict=True):
            self.values[i].append(value)
        self.deals += 1
        if len(self.alive) > 1 and self.deals >= 12 and (self.deals - 12) % 6 == 0:
            leader = max(self.alive, key=lambda i: (self.mean(i), -i))
            keep = []
            for i in self.alive:
                if i != leader:
                    gaps = [a - b for a, b in zip(self.values[leader], self.values[i], strict=True)]
                    n = len(gaps)
                    mean = sum(gaps) / n
                    spread = math.sqrt(sum((g - mean) ** 2 for g in gaps) / (n - 1))
                    if mean > 0 and mean * math.sqrt(n) > self.prune * spread:
                        continue
                keep.append(i)
            self.alive = keep


@settings(max_examples=150, deadline=None)
@given(
    st.integers(2, 6),
    st.sampled_from([3.0, 1.0, 0.5]),
    st.integers(0, 2**32),
    st.sampled_from(["table", "ties", "close"]),
)
def test_the_race_drops_and_leads_exactly_as_looks_from_scratch_would(
    count: int, prune: float, seed: int, kind: str
) -> None:
    # Values as the bots score deals (a few table entries: many exact ties), candidates that
    # score alike in every deal, or nearly alike (gaps of an ulp or so): the running figures
    # must give the same leader and the same candidates left as every look computed anew.
    rng = random.Random(seed)
    table = [rng.uniform(-3, 3) for _ in range(8)]
    race, reference = _Race(count, prune), _ReferenceRace(count, prune)
    for _ in range(rng.randrange(12, 400)):
        base = rng.choice(table)
        if kind == "table":
            row = [rng.choice(table) for _ in range(count)]
        elif kind == "ties":
            row = [base if i % 2 or rng.random() < 0.9 else rng.choice(table) for i in range(count)]
        else:
            row = [base + i * rng.choice([0.0, 1e-16, -1e-16, 1e-12]) for i in range(count)]
        assert race.alive == reference.alive
        race.add([row[i] for i in race.alive])
        reference.add([row[i] for i in reference.alive])
        assert race.alive == reference.alive
        assert race.leader() == max(reference.alive, key=lambda i: (reference.mean(i), -i))
    for i in range(count):
        assert race.mean(i) == reference.mean(i)


@pytest.mark.parametrize("kernel", ["pure", "compiled"])
def test_levels_4_and_5_read_rivals_who_revoke(kernel: str) -> None:
    """Under `revoke.mode: claimable` a player may fail to follow suit; the bots that read the
    rivals' cards must take such a card in their stride on either kernel. A renúncia from a hand
    whose cards of the suit led all play alike divided by zero in the pure kernel (a traceback
    mid-game, in `sueca play` and in `sueca analyse`) and weighed infinity in the compiled one."""
    from sueca_rules._kernel._compiled import compiled
    from sueca_rules.bots._sampling import Kernel

    if kernel == "compiled" and compiled() is None:
        pytest.skip("no compiled kernel on this machine")
    revokes = 0
    for m in range(6):
        rng = random.Random(m)
        match = Match("portugal-table", seed=m)
        bots = [make_bot(4 + s % 2, seed=f"{m}:{s}", samples=8) for s in range(4)]
        for bot in bots:
            bot._kernel = Kernel(compiled() if kernel == "compiled" else None)  # type: ignore[attr-defined]
        for _ in range(400):
            decision = match.pending()
            if decision is None:
                break
            if decision.kind == "card" and rng.random() < 0.25:
                legal = set(match.legal_cards())
                off = [c for c in match.playable_cards() if c not in legal]
                if off:  # a renúncia: a card off the suit led, from a hand that could follow
                    match.play(rng.choice(off))
                    revokes += 1
                    continue
            choice = answer(bots[decision.seat], decision, match.observation(decision.seat))
            assert choice in decision.options
            match.decide(choice)
    assert revokes >= 10
