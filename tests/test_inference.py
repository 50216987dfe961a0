"""Level 4 and 5's inference of the hidden hands, against the exact distribution of a late position.

Every deal of the unseen cards consistent with what a seat knows is enumerated (a few thousand, late
in a deal); the sampler must draw them alike, the likelihood must be the model's (worked out here
again, from the plays, by the rules of thumb themselves), and the deals the bot plays out must
follow the exact posterior: each seat's chance of holding each card.
"""

from __future__ import annotations

import copy
import itertools
import math
import random
import struct
from collections.abc import Sequence

import pytest

from sueca_rules import Match
from sueca_rules._kernel._bits import SUIT_MASKS, Seat, interchangeable
from sueca_rules._kernel._compiled import compiled
from sueca_rules._kernel._solver import OutOfTime
from sueca_rules._match import Observation
from sueca_rules._rules import trick_winner
from sueca_rules.bots import MemoryBot, SamplingBot, make_bot
from sueca_rules.bots._hidden_hands import (
    READINGS,
    SEARCHER_FOLLOW,
    SEARCHER_LEAD,
    Choice,
    Likelihood,
    Reading,
    Sampler,
    _choices,
    _exp,
    history,
    searcher_chance,
    searcher_features,
)
from sueca_rules.bots._rules_of_thumb import SeatKnowledge, heuristic_card
from sueca_rules.bots._sampling import (
    _TRUST,
    PURE,
    Kernel,
    Start,
    _Deals,
    _resample,
    candidate_cards,
)
from tests.benchmark_scripts import load_benchmark

MISS = 0.05
FLOOR = MISS**4 * (1 - 1e-9)
"""A floor for the model alone: deals with four strays of two cards kept, five given up."""


def _late(seed: int, cards: int, levels: tuple[int, ...] = (4, 3, 4, 3)) -> Observation:
    """The observation of the seat to play after `cards` cards of the first deal."""
    match = Match("portugal", seed=seed)
    bots = [make_bot(level, seed=s, samples=8) if level >= 4 else MemoryBot() for s, level in
            enumerate(levels)]  # fmt: skip
    for _ in range(cards):
        seat = match.turn
        assert seat is not None
        match.play(bots[seat].choose(match.observation(seat)))
    seat = match.turn
    assert seat is not None
    return match.observation(seat)


def _consistent_deals(obs: Observation) -> list[tuple[int, int, int, int]]:
    """Every deal of the unseen cards to the other seats with the hand sizes, the voids shown and
    the turned trump card in the dealer's hand while it is there."""
    me = obs.seat
    others = [s for s in range(4) if s != me]
    unseen = [c for c in range(40) if obs.unseen_mask >> c & 1]
    sizes = obs.hand_sizes
    out = []
    first, second, third = others
    for a in itertools.combinations(unseen, sizes[first]):
        rest = [c for c in unseen if c not in a]
        for b in itertools.combinations(rest, sizes[second]):
            hands = [0, 0, 0, 0]
            hands[me] = obs.hand_mask
            hands[first] = sum(1 << c for c in a)
            hands[second] = sum(1 << c for c in b)
            hands[third] = obs.unseen_mask & ~hands[first] & ~hands[second]
            if any(
                obs.void_mask >> (4 * s + suit) & 1 and hands[s] & SUIT_MASKS[suit]
                for s in others
                for suit in range(4)
            ):
                continue
            if obs.trump_card_in_hand and obs.dealer != me:
                assert obs.trump_card is not None
                if not hands[obs.dealer] >> int(obs.trump_card) & 1:
                    continue
            out.append((hands[0], hands[1], hands[2], hands[3]))
    return out


def _model_weight(obs: Observation, hands: tuple[int, int, int, int], trust: float = 1.0) -> float:
    """The likelihood of the rivals' plays under the model, from scratch: each rival's hand at each
    of its plays rebuilt from the deal, its knowledge from the plays before, its card compared
    with the rules of thumb's. With `trust` below 1, each rival's likelihood is the mixture of the
    model's (as probabilities: `1 / (1 + MISS)` for the rules of thumb's card, `MISS / (1 + MISS)`
    shared among the others) and of choosing among the different legal cards alike."""
    me = obs.seat
    next_seat = obs.rules.next_seat
    rivals = (next_seat[me], next_seat[me ^ 2])
    assert obs.trump is not None
    assert obs.trump_card is not None
    plays = history(obs)
    held_now = list(hands)
    for seat, card in plays:
        held_now[seat] |= 1 << card  # the hands as dealt
    model = dict.fromkeys(rivals, 1.0)
    alike = dict.fromkeys(rivals, 1.0)
    played: list[int] = []
    trick: list[int] = []
    leader = plays[0][0] if plays else obs.trick_leader
    voids = 0
    for seat, card in plays:
        hand = held_now[seat]
        if seat in rivals:
            legal = hand & SUIT_MASKS[trick[0] // 10] if trick else 0
            legal = legal or hand
            if legal & (legal - 1):
                gone = sum(1 << c for c in played)
                unseen = ((1 << 40) - 1) & ~gone & ~hand
                trump_card = int(obs.trump_card)
                held = (obs.dealer, trump_card) if not gone >> trump_card & 1 else None
                know = SeatKnowledge(int(obs.trump), next_seat, unseen, voids, held, True)
                pick = heuristic_card(hand, trick, leader, seat, know)
                choices = _choices(legal, unseen)
                agrees = pick == card or interchangeable(pick, card, unseen)
                if trust < 1.0:
                    model[seat] *= (1 if agrees else MISS / (choices - 1)) / (1 + MISS)
                    alike[seat] /= choices
                elif not agrees:
                    model[seat] *= MISS / (choices - 1)
        if trick and card // 10 != trick[0] // 10:
            voids |= 1 << (4 * seat + trick[0] // 10)
        held_now[seat] &= ~(1 << card)
        played.append(card)
        trick.append(card)
        if len(trick) == 4:
            leader = trick_winner(trick, leader, int(obs.trump), next_seat)
            trick = []
    if trust == 1.0:
        weight = model[rivals[0]] * model[rivals[1]]
        return weight if weight >= FLOOR else 0.0
    first, second = (trust * model[s] + (1 - trust) * alike[s] for s in rivals)
    return first * second


def _marginals(
    deals: Sequence[tuple[int, ...]], weights: list[float]
) -> dict[tuple[int, int], float]:
    total = sum(weights)
    out: dict[tuple[int, int], float] = {}
    for hands, w in zip(deals, weights, strict=True):
        for seat in range(4):
            for card in range(40):
                if hands[seat] >> card & 1:
                    out[seat, card] = out.get((seat, card), 0.0) + w / total
    return out


POSITIONS = [(4, 25), (5, 26), (8, 28), (11, 26)]
"""Late positions (seed, cards played) where the plays so far tell the deals apart."""


@pytest.mark.parametrize(("seed", "cards"), POSITIONS)
def test_the_sampler_draws_every_consistent_deal_alike(seed: int, cards: int) -> None:
    obs = _late(seed, cards)
    exact = _consistent_deals(obs)
    assert len(exact) > 20
    allowed = set(exact)
    sampler = Sampler(obs)
    rng = random.Random(seed)
    drawn = [tuple(sampler.sample(rng)) for _ in range(6000)]
    module = compiled()
    if module is not None:  # the compiled kernel deals the same deals
        fast = Sampler(obs, module)
        again = random.Random(seed)
        assert [tuple(fast.sample(again)) for _ in range(6000)] == drawn
    assert set(drawn) <= allowed
    want = _marginals(exact, [1.0] * len(exact))
    got = _marginals(drawn, [1.0] * len(drawn))
    assert max(abs(want[k] - got.get(k, 0.0)) for k in want) < 0.04


@pytest.mark.parametrize(("seed", "cards"), POSITIONS)
@pytest.mark.parametrize("kernel", ["pure", "compiled"])
@pytest.mark.parametrize("trust", [1.0, _TRUST])
def test_the_likelihood_is_the_models(seed: int, cards: int, kernel: str, trust: float) -> None:
    module = compiled() if kernel == "compiled" else None
    if kernel == "compiled" and module is None:
        pytest.skip("the compiled kernel is not built here")
    obs = _late(seed, cards)
    floor = FLOOR if trust == 1.0 else 0.0
    likelihood = Likelihood(obs, MISS, floor, kernel=module, trust=trust)
    weights = [likelihood.weight(list(hands)) for hands in _consistent_deals(obs)]
    expected = [_model_weight(obs, hands, trust) for hands in _consistent_deals(obs)]
    assert weights == pytest.approx(expected, rel=1e-12, abs=1e-300)
    assert any(w == 0 for w in weights) or len(set(weights)) > 1  # the plays tell deals apart
    if trust < 1.0:
        assert all(w > 0 for w in weights)  # a rival who strays still explains its cards


def test_a_rival_who_strays_from_the_model_is_read_as_telling_little() -> None:
    # Against the model alone, the deals that explain a rival's cards by the rules of thumb are
    # the only ones left; with the mixture, a deal in which the rival strayed at every choice
    # keeps at least the likelihood of choosing alike, and one in which it never strayed is
    # worth no more than it is to the model alone.
    obs = _late(11, 26)
    deals = _consistent_deals(obs)
    model = [_model_weight(obs, hands) for hands in deals]
    mixed = [_model_weight(obs, hands, _TRUST) for hands in deals]
    assert min(model) == 0.0
    assert min(mixed) > 0.0
    best, worst = (
        max(range(len(deals)), key=mixed.__getitem__),
        min(range(len(deals)), key=mixed.__getitem__),
    )
    assert mixed[best] / mixed[worst] < model[best] / max(model[worst], 1e-300)


@pytest.mark.parametrize(("seed", "cards"), POSITIONS)
def test_the_deals_played_out_follow_the_exact_posterior(seed: int, cards: int) -> None:
    obs = _late(seed, cards)
    exact = _consistent_deals(obs)
    weights = [_model_weight(obs, hands, _TRUST) for hands in exact]
    posterior = _marginals(exact, weights)
    uniform = _marginals(exact, [1.0] * len(exact))
    deals = _Deals(obs, random.Random(seed), MISS, kernel=compiled())
    drawn = [tuple(hands) for _ in range(500) for hands in deals.batch(12)]
    got = _marginals(drawn, [1.0] * len(drawn))
    error = max(abs(posterior[k] - got.get(k, 0.0)) for k in posterior)
    shift = max(abs(posterior[k] - uniform[k]) for k in posterior)
    assert error < 0.06
    assert error < shift  # nearer the posterior than the uniform deals it starts from


def test_a_bot_with_inference_still_plays_legal_cards() -> None:
    obs = _late(5, 22)
    card = SamplingBot(seed=1, samples=24).choose(obs)
    assert card in obs.legal


@pytest.mark.parametrize(("seed", "cards"), [*POSITIONS, (7, 30), (3, 33), (9, 37)])
def test_every_deal_is_every_consistent_deal(seed: int, cards: int) -> None:
    obs = _late(seed, cards)
    sampler = Sampler(obs)
    every = [tuple(hands) for hands in sampler.every_deal()]
    assert len(every) == len(set(every))
    assert set(every) == set(_consistent_deals(obs))
    assert sampler.count() >= len(every)
    module = compiled()
    if module is not None:  # the compiled kernel lists the same deals in the same order
        assert [tuple(hands) for hands in Sampler(obs, module).every_deal()] == every


def test_the_compiled_resampling_is_the_pure_one() -> None:
    module = compiled()
    if module is None:
        pytest.skip("the compiled kernel is not built here")
    rng = random.Random(5)
    for _ in range(200):
        size = rng.randrange(1, 60)
        pool = [[rng.getrandbits(40)] for _ in range(size)]
        weights = [rng.choice([0.0, 1.0, 0.05, rng.random()]) for _ in range(size)]
        total = sum(weights) or 1.0
        count = rng.randrange(1, 30)
        seed = rng.getrandbits(32)
        pure, fast = random.Random(seed), random.Random(seed)
        expected = _resample(pool, weights, total, count, pure)
        assert module.resample(pool, weights, total, count, fast) == expected
        assert fast.getstate() == pure.getstate()


def test_the_pool_comes_nearer_the_posterior_than_uniform_deals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Earlier in a deal the deals are too many to weigh them all: a growing pool, resampled.
    import sueca_rules.bots._sampling as sampling

    monkeypatch.setattr(sampling, "_ENUMERATE", 0)
    obs = _late(5, 26)
    exact = _consistent_deals(obs)
    posterior = _marginals(exact, [_model_weight(obs, hands, _TRUST) for hands in exact])
    uniform = _marginals(exact, [1.0] * len(exact))
    deals = _Deals(obs, random.Random(2), MISS, kernel=compiled())
    assert deals.exact is None
    drawn = [tuple(hands) for _ in range(400) for hands in deals.batch(12)]
    got = _marginals(drawn, [1.0] * len(drawn))
    error = max(abs(posterior[k] - got.get(k, 0.0)) for k in posterior)
    shift = max(abs(posterior[k] - uniform[k]) for k in posterior)
    assert error < 0.06
    assert error < shift / 2


@pytest.mark.parametrize(("seed", "cards"), [(3, 0), (3, 5), (7, 9), (4, 14), (5, 22), (8, 28)])
@pytest.mark.parametrize("enumerate_up_to", [0, 3000])
@pytest.mark.parametrize("inference", [0.05, 0.3, 1.0])
@pytest.mark.parametrize("reading", READINGS)
def test_the_compiled_kernel_draws_and_weighs_the_same_deals(
    seed: int,
    cards: int,
    enumerate_up_to: int,
    inference: float,
    reading: Reading,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The pools drawn and weighed in C (`pool_deals`, `weigh_deals`, `sample_deals`) give the
    # pure loops' deals, weights and memo bit for bit: from the first card (no inference), with
    # voids (a deal plan) or without, by a growing pool or from every deal (the exact posterior),
    # reading the rivals by the rules of thumb or as searching players.
    import sueca_rules.bots._sampling as sampling

    module = compiled()
    if module is None:
        pytest.skip("the compiled kernel is not built here")
    monkeypatch.setattr(sampling, "_ENUMERATE", enumerate_up_to)
    obs = _late(seed, cards)
    pure = _Deals(obs, random.Random(seed), inference, reading=reading)
    fast = _Deals(obs, random.Random(seed), inference, kernel=module, reading=reading)
    assert fast.sampler.spec is not None
    assert (fast.exact is None) == (pure.exact is None)
    if pure.exact is not None:
        assert fast.exact is not None
        assert fast.exact[0] == pure.exact[0]  # every deal, in the same order (C's every_deal)
        assert fast.exact[1] == pure.exact[1]
    for count in (12, 12, 5, 12):
        assert fast.batch(count) == pure.batch(count)
    assert fast.rng.getstate() == pure.rng.getstate()


def test_the_compiled_pool_stops_when_told() -> None:
    module = compiled()
    if module is None:
        pytest.skip("the compiled kernel is not built here")
    obs = _late(5, 22)
    calls: list[int] = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 2

    deals = _Deals(obs, random.Random(1), MISS, stop=None, kernel=module)
    deals.stop = stop
    deals.exact = None  # a pool drawn in C, the clock asked before every eighth deal
    with pytest.raises(OutOfTime):
        deals.batch(12)
    assert len(calls) == 3


@pytest.mark.parametrize(("seed", "cards"), [(3, 0), (7, 9), (4, 14), (5, 22), (8, 27), (8, 35)])
@pytest.mark.parametrize(("solve_tricks", "endgame_tricks"), [(2, 0), (4, 3), (6, 5)])
def test_the_compiled_play_outs_of_a_batch_are_the_pure_ones(
    seed: int, cards: int, solve_tricks: int, endgame_tricks: int
) -> None:
    # `play_deals` (every candidate in every deal of a chunk, in one call) against the pure
    # `_play_out` deal by deal: the same values to the bit.
    module = compiled()
    if module is None:
        pytest.skip("the compiled kernel is not built here")
    obs = _late(seed, cards)
    bot = SamplingBot(seed=1, solve_tricks=solve_tricks, endgame_tricks=endgame_tricks)
    cands = candidate_cards(obs)
    start = Start(obs)
    tables = bot._tables(obs)
    packed = struct.pack("123d", *tables[0], tables[1], tables[2])
    deals = _Deals(obs, random.Random(seed), MISS).batch(12)
    alive = list(range(len(cands)))[::2] or [0]
    expected = [_pure_play_out(bot, start, cands, hands, tables, alive) for hands in deals]
    got = Kernel.best().play_deals(
        start, deals, [cands[i] for i in alive], start.exact(solve_tricks), endgame_tricks,
        packed, None,
    )  # fmt: skip
    assert got == (expected, False)


def _pure_play_out(
    bot: SamplingBot,
    start: Start,
    cands: list[int],
    hands: list[int],
    tables: tuple[list[float], float, float],
    alive: list[int],
) -> list[float]:
    kernel = bot._kernel
    bot._kernel = PURE
    try:
        return bot._play_out(start, cands, hands, tables, alive)
    finally:
        bot._kernel = kernel


@pytest.mark.parametrize(("seed", "cards"), [(3, 1), (7, 9), (4, 14), (5, 22), (8, 28)])
@pytest.mark.parametrize("level", [4, 5])
def test_a_bot_chooses_alike_on_both_kernels(seed: int, cards: int, level: int) -> None:
    if compiled() is None:
        pytest.skip("the compiled kernel is not built here")
    obs = _late(seed, cards)
    fast = make_bot(level, seed=seed, samples=120)
    pure = make_bot(level, seed=seed, samples=120)
    assert isinstance(fast, SamplingBot)
    assert isinstance(pure, SamplingBot)
    pure._kernel = PURE
    assert fast.choose(obs) == pure.choose(obs)
    assert fast.last_deals == pure.last_deals
    assert fast.evaluate(obs, candidate_cards(obs)) == pure.evaluate(obs, candidate_cards(obs))


def test_the_log_score_rewards_a_reading_that_knows_the_rivals() -> None:
    """`benchmarks/inference.py`: against rivals who play by the rules of thumb (level 3), reading
    them by the rules of thumb places their cards better than not reading them; every score is
    a mean log-probability, so below 0 and above that of a coin toss among three seats."""
    bench = load_benchmark("inference")
    found = bench.positions(6, 4, 3, 6, "test")
    assert found
    assert all(obs.seat % 2 == 0 and obs.played_mask for obs, _ in found)
    off = bench.log_score(found, 1.0, 1.0, 48)
    model = bench.log_score(found, 0.05, 1.0, 48)
    for score in (off, model):
        assert math.log(1 / 3) - 0.3 < score["log_score"] < 0
    assert model["rivals"] > off["rivals"]


# Level 5's reading: each rival as a player who looks ahead (`searcher_chance`).


def _choices_of(obs: Observation) -> list[tuple[Seat, Choice, SeatKnowledge]]:
    """Every choice of both rivals so far in a few of the deals consistent with `obs`, with the
    rival and what it knew then."""
    likelihood = Likelihood(obs, MISS)
    played = sum(1 << c for _, c in history(obs))
    out = []
    for index in (0, 1):
        for hand_now in _some_hands(obs, index, played):
            for choice in likelihood.choices(index, hand_now):
                know = copy.copy(likelihood.knowledge)
                out.append((likelihood.rivals[index], choice, know))
    return out


def _some_hands(obs: Observation, index: int, played: int) -> list[int]:
    """A few hands rival `index` might hold now (from the consistent deals)."""
    rival = obs.rules.next_seat[obs.seat if index == 0 else obs.seat ^ 2]
    return sorted({hands[rival] for hands in _consistent_deals(obs)})[:12]


@pytest.mark.parametrize(("seed", "cards"), POSITIONS)
def test_the_searcher_chances_of_a_choice_add_up_to_one(seed: int, cards: int) -> None:
    # Over the legal cards that play differently, the model's chances are a distribution; a card
    # off the legal ones (a renúncia) gets none.
    obs = _late(seed, cards)
    found = _choices_of(obs)
    assert len(found) > 20
    for seat, choice, know in found:
        classes = searcher_features(choice, seat, know)
        assert sum(m.bit_count() for m, _ in classes) == choice.legal.bit_count()
        chances = [
            searcher_chance(choice._replace(card=m.bit_length() - 1), seat, know)
            for m, _ in classes
        ]
        assert all(count == len(classes) for _, count in chances)
        assert all(0 < p <= 1 for p, _ in chances)  # 1: every legal card plays alike
        assert math.fsum(p for p, _ in chances) == pytest.approx(1.0, abs=1e-12)
        off = next((c for c in range(40) if not (choice.legal | choice.hand) >> c & 1), None)
        if off is not None:
            assert searcher_chance(choice._replace(card=off), seat, know)[0] == 0.0


@pytest.mark.parametrize(("seed", "cards"), POSITIONS)
@pytest.mark.parametrize("kernel", ["pure", "compiled"])
@pytest.mark.parametrize("trust", [1.0, _TRUST])
def test_the_searcher_likelihood_is_the_product_of_its_chances(
    seed: int, cards: int, kernel: str, trust: float
) -> None:
    # Each rival's weight is the product of the chances of its cards (mixed with choosing alike
    # below `trust` 1), on both kernels: the compiled one computes it apart, bit for bit.
    module = compiled() if kernel == "compiled" else None
    if kernel == "compiled" and module is None:
        pytest.skip("the compiled kernel is not built here")
    obs = _late(seed, cards)
    likelihood = Likelihood(obs, MISS, 0.0, kernel=module, trust=trust, searcher=True)
    reference = Likelihood(obs, MISS, 0.0, trust=trust, searcher=True)
    played = sum(1 << c for _, c in history(obs))
    told_apart = set()
    for index in (0, 1):
        seat = reference.rivals[index]
        for hand_now in _some_hands(obs, index, played):
            chance = alike = 1.0
            for choice in reference.choices(index, hand_now):
                p, count = searcher_chance(choice, seat, reference.knowledge)
                chance *= p
                alike /= count
            want = chance if trust == 1.0 else trust * chance + (1 - trust) * alike
            got = likelihood.rival_weight(index, hand_now)
            assert got == want
            told_apart.add(got)
    assert len(told_apart) > 2  # the plays tell hands apart


@pytest.mark.parametrize(("seed", "cards"), [(4, 25), (5, 26), (8, 28)])  # every deal weighed
def test_the_searcher_reading_weighs_the_deals_otherwise(seed: int, cards: int) -> None:
    obs = _late(seed, cards)
    rules = _Deals(obs, random.Random(seed), MISS, reading="rules")
    search = _Deals(obs, random.Random(seed), MISS, reading="search")
    assert rules.exact is not None
    assert search.exact is not None
    assert search.exact[0] == rules.exact[0]  # the same deals
    assert search.exact[1] != rules.exact[1]  # weighed otherwise


def test_the_exponential_of_the_searcher_model_is_the_exponential() -> None:
    # `_exp` (the four operations alone, the same on every machine) is `math.exp` to 1e-14.
    assert _exp(0.0) == 1.0
    for step in range(2000):
        x = -step * 0.0173
        assert _exp(x) == pytest.approx(math.exp(x), rel=1e-14, abs=1e-300)


def test_the_searcher_reading_explains_a_searching_players_cards_better() -> None:
    """`benchmarks/reading.py`: on fresh deals of level 4 at every seat, the model gives the card
    each player chose a higher mean log-likelihood than the rules of thumb's reading (the bots'
    mixture) and than choosing alike, both when leading and when following."""
    bench = load_benchmark("reading")
    samples = bench.choices(4, 12, "test")
    assert len(samples) > 250
    for follows in (False, True):
        package = bench.scores(samples, follows, bench.np.array(
            SEARCHER_FOLLOW if follows else SEARCHER_LEAD))  # fmt: skip
        assert package["package"] > package["rules_of_thumb"] + 0.03
        assert package["package"] > package["alike"] + 0.1


def test_the_bots_readings() -> None:
    assert make_bot(4).reading == "rules"  # type: ignore[attr-defined]
    assert make_bot(5).reading == "rules"  # type: ignore[attr-defined]
    assert "reading='search'" in repr(make_bot(5, seed=1, reading="search"))
    assert "reading" not in repr(make_bot(5, seed=1, reading="rules"))
    with pytest.raises(ValueError, match="reading must be 'rules' or 'search', got 'bayes'"):
        make_bot(4, reading="bayes")


def test_the_reading_fit_recovers_the_weights_that_made_the_choices() -> None:
    # `benchmarks/reading.py`'s fit: choices drawn from a known softmax give back its weights.
    bench = load_benchmark("reading")
    rng = random.Random(5)
    true = (1.5, -0.8, 0.4)
    samples = []
    for _ in range(3000):
        cards = [tuple(float(rng.random() < 0.5) for _ in true) for _ in range(rng.randint(2, 5))]
        scores = [math.exp(sum(w * f for w, f in zip(true, x, strict=True))) for x in cards]
        chosen = rng.choices(range(len(cards)), scores)[0]
        samples.append((cards, chosen, 0, True))
    fitted = bench.fit(samples, True)
    assert list(fitted) == pytest.approx(true, abs=0.15)
