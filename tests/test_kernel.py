"""The play-out kernel agrees exactly with the engine: follow suit, trick winners, points."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from types import ModuleType

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sueca_rules import Match
from sueca_rules._cards import POINTS, SUIT_MASKS
from sueca_rules._kernel import (
    ABOVE,
    BITS10,
    HIGH10,
    LOW10,
    POP10,
    Policy,
    Position,
    TrickState,
    cards_of,
    deal_hands,
    deal_to_seats,
    nth_card,
    play_cards,
    playout,
    random_playout,
    random_subset,
    solve,
)
from sueca_rules._kernel._bits import (
    VOID_SUITS,
    highest,
    interchangeable,
    is_void,
    lowest,
    single,
    void_cards,
)
from sueca_rules._rules import BEATS, legal_mask, trick_winner
from sueca_rules.bots import MemoryBot
from sueca_rules.bots._rules_of_thumb import heuristic_playout
from tests.benchmark_scripts import load_benchmark

VARIANTS = ("portugal", "french", "sueca-online")
DEALS = (st.sampled_from(VARIANTS), st.integers(0, 2**32), st.integers(0, 3))
"""A deal to build with _new_deal: the variant, the seed of the cards, the dealer."""


def test_tables() -> None:
    for p in range(1024):
        ranks = [r for r in range(10) if p >> r & 1]
        assert BITS10[p] == tuple(reversed(ranks))
        assert POP10[p] == len(ranks)
        assert HIGH10[p] == (max(ranks) if ranks else -1)
        assert LOW10[p] == (min(ranks) if ranks else -1)
    for c in range(40):
        assert ABOVE[c] == sum(1 << x for x in range(c + 1, 10 * (c // 10) + 10))
    for trump in range(4):
        for best in range(40):
            for card in range(40):
                expected = (card // 10 == best // 10 and card > best) or (
                    card // 10 == trump and best // 10 != trump
                )
                assert BEATS[trump][best * 40 + card] == expected
    assert cards_of((1 << 40) - 1) == [10 * s + r for s in range(4) for r in range(9, -1, -1)]
    for pattern in range(16):
        assert VOID_SUITS[pattern] == sum(SUIT_MASKS[s] for s in range(4) if pattern >> s & 1)


@given(st.integers(1, (1 << 40) - 1), st.integers(0, 1 << 16))
def test_bit_helpers(mask: int, voids: int) -> None:
    cards = [c for c in range(40) if mask >> c & 1]
    assert lowest(mask) == cards[0]
    assert highest(mask) == cards[-1]
    assert single(mask) == (len(cards) == 1)
    for seat in range(4):
        suits = [s for s in range(4) if voids >> (4 * seat + s) & 1]
        assert [is_void(voids, seat, s) for s in range(4)] == [s in suits for s in range(4)]
        assert void_cards(voids, seat) == sum(SUIT_MASKS[s] for s in suits)


@given(st.integers(0, 39), st.integers(0, 39), st.integers(0, (1 << 40) - 1))
def test_interchangeable(a: int, b: int, others: int) -> None:
    """Two cards play the same when of one suit and points with no card of ``others`` between
    them (then whichever is played, the tricks go the same way)."""
    low, high = sorted((a, b))
    between = [c for c in range(low + 1, high) if others >> c & 1]
    expected = a // 10 == b // 10 and POINTS[a] == POINTS[b] and not between
    assert interchangeable(a, b, others) == expected


def _new_deal(variant: str, seed: int, dealer: int) -> Match:
    rng = random.Random(seed)
    deck = list(range(40))
    rng.shuffle(deck)
    hands = [deck[10 * i : 10 * i + 10] for i in range(4)]
    match = Match(variant, deal=False, first_dealer=dealer)
    match.deal_hands(hands, rng.choice(hands[dealer]))
    return match


def _position(match: Match) -> Position:
    hands = [sum(1 << c for c in match.hand(s)) for s in range(4)]
    trump = match.trump
    assert trump is not None
    return Position(
        hands,
        int(trump),
        match.trick_leader,
        [int(c) for _, c in match.trick],
        list(match.points),
        list(match.tricks_won),
        match.rules.next_seat,
    )


def _finish(match: Match, choose: Callable[[Match], int]) -> tuple[int, int, int, int]:
    """Play ``match``'s deal to its end; the final points and tricks of the deal."""
    deals = len(match.deals)
    while len(match.deals) == deals:
        match.play(choose(match))
    result = match.deals[-1]
    return (*result.points, *result.tricks_won)


@given(*DEALS, st.integers(0, 39))
def test_play_cards_and_trick_state_agree_with_match(
    variant: str, seed: int, dealer: int, stop: int
) -> None:
    match = _new_deal(variant, seed, dealer)
    rng = random.Random(seed + 1)
    start = _position(match)
    trump = start.trump
    nxt = match.rules.next_seat
    played: list[int] = []
    for _ in range(stop):
        legal = match.legal_cards()
        seat = match.turn
        assert seat is not None
        assert cards_of(legal_mask(match_hand(match, seat), [int(c) for _, c in match.trick])) == [
            int(c) for c in legal
        ]
        card = rng.choice(legal)
        cards = [int(c) for _, c in match.trick] + [int(card)]
        assert match.play(card)
        if len(cards) == 4:
            assert trick_winner(cards, match.tricks[-1].leader, trump, nxt) == (
                match.tricks[-1].winner
            )
        played.append(int(card))
    now = play_cards(start, played)
    assert now == _position(match)
    state = TrickState.of(now)
    assert state.to_play == match.turn
    assert state.played == len(match.trick)
    if match.trick:
        seats = [s for s, _ in match.trick]
        cards = [int(c) for _, c in match.trick]
        winner = trick_winner(cards, match.trick_leader, trump, nxt)
        assert (state.best_seat, state.best) == (winner, cards[seats.index(winner)])
        assert state.led == cards[0] // 10
        assert state.points == sum(POINTS[c] for c in cards)


def match_hand(match: Match, seat: int) -> int:
    return sum(1 << c for c in match.hand(seat))


def _byte_policy(rng: random.Random) -> Policy:
    """The rule random_playout follows, as a policy: random bytes drawn as it draws them (64,
    then 16 at a time); following suit, the held cards of the suit led strongest first, else
    the hand from the lowest card; the card at ``r % n``, a byte in the top ``256 % n`` passed
    over; a seat's last card without a byte."""

    first = rng.randbytes(64)  # drawn at once, as random_playout does

    def draw() -> Iterator[int]:
        yield from first
        while True:
            yield from rng.randbytes(16)

    stream = draw()

    def policy(seat: int, hands: Sequence[int], legal: int, trick: Sequence[int], lead: int) -> int:
        hand = hands[seat]
        if hand.bit_count() == 1:
            return legal.bit_length() - 1
        following = bool(trick) and bool(hand & SUIT_MASKS[trick[0] // 10])
        cards = cards_of(legal) if following else sorted(cards_of(legal))
        n = len(cards)
        r = next(stream)
        while r >= 256 - 256 % n:
            r = next(stream)
        return cards[r % n]

    return policy


@given(*DEALS, st.integers(0, 39))
def test_playouts_agree_with_match(variant: str, seed: int, dealer: int, start: int) -> None:
    """From a random point of a random deal, each play-out gives what the engine gives for the
    same cards."""
    match = _new_deal(variant, seed, dealer)
    rng = random.Random(seed)
    for _ in range(start):
        match.play(rng.choice(match.legal_cards()))
    position = _position(match)

    # Random play-out == the same rule as a policy == the engine with that policy's cards.
    fast = random_playout(position, random.Random(seed))
    slow = playout(position, _byte_policy(random.Random(seed)))
    policy = _byte_policy(random.Random(seed))
    engine = _finish(
        match.clone(),
        lambda m: policy(m.turn or 0, _position(m).hands, legal_of(m), _position(m).trick, 0),
    )
    assert fast == slow == engine
    # The order of play as any sequence (a list is not a key of the kernel's memory of orders).
    as_list = position._replace(next_seat=list(position.next_seat))
    assert random_playout(as_list, random.Random(seed)) == fast
    assert sum(fast[:2]) == 120
    assert sum(fast[2:]) == 10

    # Heuristic play-out == four level-3 bots in the engine (each seeing its observation).
    obs = match.observation(0)
    assert obs.trump_card is not None
    held = (obs.dealer, int(obs.trump_card)) if obs.trump_card_in_hand else None
    ours = heuristic_playout(position, obs.void_mask, held)
    bot = MemoryBot()

    def level_3(m: Match) -> int:
        seat = m.turn
        assert seat is not None
        return int(bot.choose(m.observation(seat)))

    assert ours == _finish(match.clone(), level_3)


def legal_of(match: Match) -> int:
    return sum(1 << c for c in match.legal_cards())


def test_playout_rejects_an_illegal_policy() -> None:
    position = _position(_new_deal("portugal", 3, 0))

    def bad(seat: int, hs: Sequence[int], legal: int, t: Sequence[int], lead: int) -> int:
        return (~hs[seat] & ((1 << 40) - 1)).bit_length() - 1

    with pytest.raises(ValueError, match="not a legal card"):
        playout(position, bad)


def _brute(hands: list[int], trump: int, leader: int, trick: list[int], nxt: Sequence[int]) -> int:
    """Plain minimax without pruning: team 0's points from here."""
    seat = leader
    for _ in range(len(trick)):
        seat = nxt[seat]
    hand = hands[seat]
    if not hand:
        return 0
    values = []
    for c in cards_of(legal_mask(hand, trick)):
        h = hands[:]
        h[seat] &= ~(1 << c)
        t = [*trick, c]
        if len(t) == 4:
            winner = trick_winner(t, leader, trump, nxt)
            gain = sum(POINTS[x] for x in t) if winner % 2 == 0 else 0
            values.append(gain + _brute(h, trump, winner, [], nxt))
        else:
            values.append(_brute(h, trump, leader, t, nxt))
    return max(values) if seat % 2 == 0 else min(values)


@given(*DEALS, st.integers(28, 39))
def test_solve_is_exact_minimax(variant: str, seed: int, dealer: int, start: int) -> None:
    match = _new_deal(variant, seed, dealer)
    rng = random.Random(seed)
    for _ in range(start):
        match.play(rng.choice(match.legal_cards()))
    position = _position(match)
    value = solve(position)
    hands, trump, leader, trick, _, _, nxt = position
    assert value == _brute(list(hands), trump, leader, list(trick), nxt)
    remaining = 120 - sum(match.points)
    assert 0 <= value <= remaining


def test_random_deals_are_deals() -> None:
    rng = random.Random(7)
    for _ in range(200):
        hands = deal_hands(rng)
        assert [h.bit_count() for h in hands] == [10, 10, 10, 10]
        assert hands[0] | hands[1] | hands[2] | hands[3] == (1 << 40) - 1
    pool = 0b1011_0110_1110_0111 << 9
    for size in range(pool.bit_count() + 1):
        chosen = random_subset(pool, size, rng)
        assert chosen & ~pool == 0
        assert chosen.bit_count() == size
    sizes = (3, 0, 4, 4)
    seats = deal_to_seats(pool, sizes, rng)
    assert [h.bit_count() for h in seats] == list(sizes)
    assert seats[0] | seats[1] | seats[2] | seats[3] == pool


@pytest.mark.parametrize(("size", "pool"), [(2, 0b11111 << 3), (3, 0b111111 << 17), (5, 0x3FF)])
def test_random_subsets_are_uniform(size: int, pool: int) -> None:
    """Every set of ``size`` cards of a small pool comes up about equally often (a chi-square
    test at the 0.1% level: a uniform sampler fails it once in a thousand seeds)."""
    rng = random.Random(size)
    draws = 40 * math.comb(pool.bit_count(), size)
    counts = Counter(random_subset(pool, size, rng) for _ in range(draws))
    cells = math.comb(pool.bit_count(), size)
    assert len(counts) == cells
    expected = draws / cells
    chi2 = sum((n - expected) ** 2 / expected for n in counts.values())
    # The 99.9% point of chi-square with k - 1 degrees of freedom (Wilson-Hilferty).
    k = cells - 1
    limit = k * (1 - 2 / (9 * k) + 3.0902 * math.sqrt(2 / (9 * k))) ** 3
    assert chi2 < limit


@given(st.integers(1, (1 << 40) - 1), st.data())
def test_nth_card(mask: int, data: st.DataObject) -> None:
    cards = [c for c in range(40) if mask >> c & 1]
    index = data.draw(st.integers(0, len(cards) - 1))
    assert nth_card(mask, index) == cards[index]


def _benchmarks() -> ModuleType:
    return load_benchmark("run")


def test_the_list_baseline_plays_the_games_of_the_bitmask_baseline() -> None:
    """The benchmark's yardstick (hands as lists) plays the very games of the yardstick it
    replaced (hands as masks): same deals, same random stream, same cards, same points."""
    run = _benchmarks()
    deal_rng = random.Random(3)
    lists, masks = random.Random(4), random.Random(4)
    for _ in range(300):
        hands, trump = run.baseline_deal(deal_rng)
        in_order = [sorted(hand) for hand in hands]
        as_masks = [sum(1 << c for c in hand) for hand in hands]
        points = run.baseline_playout(in_order, trump, lists)
        assert points == run.bitmask_baseline_playout(as_masks, trump, masks)
        assert sum(points) == 120


def test_the_benchmark_rates_the_bots_deals_on_both_kernels_and_skips_missing_figures() -> None:
    """`bot_deal_rates` times the same decisions on the compiled and the pure kernel (both rates
    positive); a ratio that could not be measured (no compiled kernel) gets no verdict."""
    run = _benchmarks()
    fast, pure = run.bot_deal_rates(4, 0)
    assert fast > 0
    assert pure > 0
    figures = {"bot4_ms_per_card": 3.0, "ratios": {"bot4_compiled_vs_pure": None}}
    assert run.verdicts(figures) == {"bot4_ms_per_card": True}


@given(*DEALS, st.integers(0, 38))
def test_heuristic_playout_with_a_first_card(
    variant: str, seed: int, dealer: int, start: int
) -> None:
    """Playing a given first card inside the play-out is playing it, then playing out."""
    match = _new_deal(variant, seed, dealer)
    rng = random.Random(seed)
    for _ in range(start):
        match.play(rng.choice(match.legal_cards()))
    position = _position(match)
    obs = match.observation(0)
    assert obs.trump_card is not None
    held = (obs.dealer, int(obs.trump_card)) if obs.trump_card_in_hand else None
    seat = match.turn
    assert seat is not None
    for card in match.legal_cards():
        voids = obs.void_mask
        if match.trick and card // 10 != match.trick[0][1] // 10:
            voids |= 1 << (4 * seat + match.trick[0][1] // 10)
        after = play_cards(position, (int(card),))
        assert heuristic_playout(position, obs.void_mask, held, int(card)) == heuristic_playout(
            after, voids, held
        )


def test_array_playouts_make_the_choices_of_the_python_playouts() -> None:
    """NumPy's random play-outs (the optional extra) play, deal for deal, the games that
    playout() plays with the same numbers; its deals are deals."""
    np = pytest.importorskip("numpy")
    from sueca_rules._kernel._arrays import random_deals, random_playouts, uniform_policy

    rng = np.random.default_rng(5)
    for variant in VARIANTS:
        next_seat = Match(variant).rules.next_seat
        hands = random_deals(60, rng)
        for deal in hands.tolist():
            assert [hand.bit_count() for hand in deal] == [10] * 4
            assert deal[0] | deal[1] | deal[2] | deal[3] == (1 << 40) - 1
        trumps = rng.integers(0, 4, 60)
        uniforms = rng.random((60, 40))
        leader = int(rng.integers(0, 4))
        fast = random_playouts(hands, trumps, leader, next_seat, uniforms)
        for d in range(60):
            masks = [int(hand) for hand in hands[d]]
            start = Position(masks, int(trumps[d]), leader, (), (0, 0), (0, 0), next_seat)
            assert tuple(fast[d]) == playout(start, uniform_policy(uniforms[d].tolist()))


def test_random_deals_are_uniform() -> None:
    """Where two given cards are dealt: the same hand 9 times in 39, each other seat 10 in 39
    (chi-square at the 0.1% level over the 16 pairs of seats)."""
    rng = random.Random(11)
    draws = 40_000
    counts: Counter[tuple[int, int]] = Counter()
    for _ in range(draws):
        hands = deal_hands(rng)
        first = next(s for s in range(4) if hands[s] & 1 << 7)
        second = next(s for s in range(4) if hands[s] & 1 << 33)
        counts[first, second] += 1
    chi2 = 0.0
    for a in range(4):
        for b in range(4):
            expected = draws / 4 * (9 if a == b else 10) / 39
            chi2 += (counts[a, b] - expected) ** 2 / expected
    assert chi2 < 37.7  # the 99.9% point of chi-square with 15 degrees of freedom


class _SkewedBytes(random.Random):
    """A generator whose random bytes are mostly 255 (passed over by the play-out for most numbers
    of legal cards), so that the 64 bytes drawn first run out; it records the bytes asked for."""

    def __init__(self, seed: int, skew: float) -> None:
        super().__init__(seed)
        self.skew = skew
        self.asked: list[int] = []

    def randbytes(self, n: int) -> bytes:
        self.asked.append(n)
        return bytes(255 if self.random() < self.skew else self.getrandbits(8) for _ in range(n))


@given(*DEALS, st.integers(0, 39), st.sampled_from([0.5, 0.9, 0.97, 0.99]))
def test_random_playout_draws_more_bytes_as_the_byte_rule_does(
    variant: str, seed: int, dealer: int, start: int, skew: float
) -> None:
    """With bytes that run out (most passed over), the random play-out still plays the cards of
    the byte rule and asks for the same bytes (64, then 16 at a time, only when needed)."""
    match = _new_deal(variant, seed, dealer)
    rng = random.Random(seed)
    for _ in range(start):
        match.play(rng.choice(match.legal_cards()))
    position = _position(match)
    fast_rng, slow_rng = _SkewedBytes(seed, skew), _SkewedBytes(seed, skew)
    fast = random_playout(position, fast_rng)
    slow = playout(position, _byte_policy(slow_rng))
    assert fast == slow
    assert fast_rng.asked == slow_rng.asked


class _LopsidedDeal(random.Random):
    """A generator whose first draw of `deal_hands()` gives every card to seat 3 and no usable
    byte, so that 30 cards must move with bytes drawn later."""

    def getrandbits(self, k: int) -> int:
        if k == 336:
            return (1 << 80) - 1 | 0xFF * sum(1 << 8 * i for i in range(32)) << 80
        return super().getrandbits(k)


def test_deal_hands_draws_more_bytes_when_needed() -> None:
    rng = _LopsidedDeal(3)
    for _ in range(50):
        hands = deal_hands(rng)
        assert [h.bit_count() for h in hands] == [10, 10, 10, 10]
        assert hands[0] | hands[1] | hands[2] | hands[3] == (1 << 40) - 1
