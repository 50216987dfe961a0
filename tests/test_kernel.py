"""The play-out kernel agrees exactly with the engine: follow suit, trick winners, points."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sueca_rules import Match
from sueca_rules._cards import POINTS, SUIT_MASKS
from sueca_rules._kernel import (
    ABOVE,
    BEATS,
    BITS10,
    HIGH10,
    LOW10,
    POP10,
    Policy,
    cards_of,
    heuristic_playout,
    legal_mask,
    play_cards,
    playout,
    random_playout,
    solve,
    trick_winner,
)
from sueca_rules.bots import MemoryBot

VARIANTS = ("portugal", "french", "sueca-online")


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


def _new_deal(variant: str, seed: int, dealer: int) -> Match:
    rng = random.Random(seed)
    deck = list(range(40))
    rng.shuffle(deck)
    hands = [deck[10 * i : 10 * i + 10] for i in range(4)]
    match = Match(variant, deal=False, first_dealer=dealer)
    match.deal_hands(hands, rng.choice(hands[dealer]))
    return match


def _position(match: Match) -> tuple[list[int], int, int, list[int], list[int], list[int]]:
    hands = [sum(1 << c for c in match.hand(s)) for s in range(4)]
    trump = match.trump
    assert trump is not None
    trick = [int(c) for _, c in match.trick]
    return (
        hands,
        int(trump),
        match.trick_leader,
        trick,
        list(match.points),
        list(match.tricks_won),
    )


def _finish(match: Match, choose: Callable[[Match], int]) -> tuple[list[int], list[int]]:
    """Play ``match``'s deal to its end; the final points and tricks of the deal."""
    deals = len(match.deals)
    while len(match.deals) == deals:
        match.play(choose(match))
    result = match.deals[-1]
    return list(result.points), list(result.tricks_won)


@given(
    st.sampled_from(VARIANTS),
    st.integers(0, 2**32),
    st.integers(0, 3),
    st.integers(0, 39),
)
def test_play_cards_and_trick_winner_agree_with_match(
    variant: str, seed: int, dealer: int, stop: int
) -> None:
    match = _new_deal(variant, seed, dealer)
    rng = random.Random(seed + 1)
    hands, trump, leader, trick, points, won = _position(match)
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
        if match.trick:
            cards = [int(c) for _, c in match.trick] + [int(card)]
            events = match.play(card)
            if len(cards) == 4:
                assert trick_winner(cards, match.tricks[-1].leader, trump, nxt) == (
                    match.tricks[-1].winner
                )
        else:
            events = match.play(card)
        assert events
        played.append(int(card))
    leader = play_cards(hands, trump, leader, trick, points, won, nxt, played)
    assert (hands, trump, leader, trick, points, won) == _position(match)


def match_hand(match: Match, seat: int) -> int:
    return sum(1 << c for c in match.hand(seat))


def _stream(seed: int) -> Callable[[], float]:
    return random.Random(seed).random


def _random_policy(rand: Callable[[], float]) -> Policy:
    """The rule random_playout follows, as a policy: the legal cards in ``cards_of`` order."""

    def policy(seat: int, hands: Sequence[int], legal: int, trick: Sequence[int], lead: int) -> int:
        cards = cards_of(legal)
        return cards[int(rand() * len(cards))]

    return policy


@given(
    st.sampled_from(VARIANTS),
    st.integers(0, 2**32),
    st.integers(0, 3),
    st.integers(0, 39),
)
def test_playouts_agree_with_match(variant: str, seed: int, dealer: int, start: int) -> None:
    """From a random point of a random deal, each play-out gives what the engine gives for the
    same cards."""
    match = _new_deal(variant, seed, dealer)
    rng = random.Random(seed)
    for _ in range(start):
        match.play(rng.choice(match.legal_cards()))
    hands, trump, leader, trick, points, won = _position(match)
    nxt = match.rules.next_seat

    # Random play-out == the same rule as a policy == the engine with that policy's cards.
    fast = random_playout(hands, trump, leader, trick, points, won, nxt, _stream(seed))
    slow = playout(hands, trump, leader, trick, points, won, nxt, _random_policy(_stream(seed)))
    rand = _stream(seed)
    engine = _finish(match.clone(), lambda m: _random_policy(rand)(0, (), legal_of(m), (), 0))
    assert (fast[0], fast[1]) == tuple(slow[0]) == tuple(engine[0])
    assert (fast[2], fast[3]) == tuple(slow[1]) == tuple(engine[1])
    assert sum(fast[:2]) == 120
    assert sum(fast[2:]) == 10

    # Heuristic play-out == four level-3 bots in the engine (each seeing its observation).
    obs = match.observation(0)
    assert obs.trump_card is not None
    held = 64 * obs.dealer + int(obs.trump_card) if obs.trump_card_in_hand else -1
    ours = heuristic_playout(hands, trump, leader, trick, points, won, nxt, obs.void_mask, held)
    bot = MemoryBot()

    def level_3(m: Match) -> int:
        seat = m.turn
        assert seat is not None
        return int(bot.choose(m.observation(seat)))

    engine = _finish(match.clone(), level_3)
    assert (ours[0], ours[1]) == tuple(engine[0])
    assert (ours[2], ours[3]) == tuple(engine[1])


def legal_of(match: Match) -> int:
    return sum(1 << c for c in match.legal_cards())


def test_playout_rejects_an_illegal_policy() -> None:
    match = _new_deal("portugal", 3, 0)
    hands, trump, leader, trick, points, won = _position(match)

    def bad(seat: int, hs: Sequence[int], legal: int, t: Sequence[int], lead: int) -> int:
        return (~hs[seat] & ((1 << 40) - 1)).bit_length() - 1

    with pytest.raises(ValueError, match="not a legal card"):
        playout(hands, trump, leader, trick, points, won, match.rules.next_seat, bad)


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


@given(
    st.sampled_from(VARIANTS),
    st.integers(0, 2**32),
    st.integers(0, 3),
    st.integers(28, 39),
)
def test_solve_is_exact_minimax(variant: str, seed: int, dealer: int, start: int) -> None:
    match = _new_deal(variant, seed, dealer)
    rng = random.Random(seed)
    for _ in range(start):
        match.play(rng.choice(match.legal_cards()))
    hands, trump, leader, trick, _, _ = _position(match)
    nxt = match.rules.next_seat
    value = solve(hands, trump, leader, trick, nxt)
    assert value == _brute(hands, trump, leader, trick, nxt)
    # Team 0 can always get the value; the engine agrees when both sides play the minimax line.
    remaining = 120 - sum(match.points)
    assert 0 <= value <= remaining


def test_suit_masks_match_the_engine() -> None:
    from sueca_rules._kernel import SUIT_MASK

    assert tuple(SUIT_MASK) == tuple(SUIT_MASKS)
