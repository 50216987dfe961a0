"""The optional compiled kernel gives what the pure-Python kernel gives, bit for bit.

Skipped where the compiled kernel cannot be built (no C compiler); CI has one and sets
`SUECA_RULES_KERNEL=compiled`, under which a failed build fails these tests instead.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from sueca_rules._kernel import (
    Position,
    deal_hands,
    deal_to_seats,
    play_cards,
    random_playout,
    random_subset,
    seat_to_play,
    solve,
    trick_standing,
)
from sueca_rules._kernel._bits import SUIT_MASKS
from sueca_rules._kernel._compiled import build_error, compiled
from sueca_rules._kernel._solver import OutOfTime
from sueca_rules._rules import legal_mask
from sueca_rules.bots._rules_of_thumb import (
    SeatKnowledge,
    follow_card,
    heuristic_playout,
    lead_card,
)

try:
    C = compiled()
except ImportError:  # SUECA_RULES_KERNEL=compiled and no build: the first test says why
    C = None
pytestmark = pytest.mark.skipif(
    C is None and os.environ.get("SUECA_RULES_KERNEL") != "compiled",
    reason=f"the compiled kernel is not built here ({build_error()})",
)
ORDERS = ((1, 2, 3, 0), (3, 0, 1, 2))
"""Two orders of play: `next_seat` clockwise and anticlockwise."""


def _positions(seed: int, count: int) -> Iterator[tuple[Position, random.Random]]:
    """`count` positions of random deals, anywhere from the first card to the last trick, with
    random cards played (a trick under way as often as not)."""
    rng = random.Random(seed)
    for _ in range(count):
        next_seat = ORDERS[rng.getrandbits(1)]
        hands = deal_hands(rng)
        position = Position(
            hands, rng.randrange(4), rng.randrange(4), (), (0, 0), (0, 0), next_seat
        )
        for _ in range(rng.randrange(40)):
            seat = seat_to_play(position.leader, position.trick, next_seat)
            legal = legal_mask(position.hands[seat], position.trick)
            cards = [c for c in range(40) if legal >> c & 1]
            position = play_cards(position, (rng.choice(cards),))
        yield position, rng


def test_the_compiled_kernel_is_built_where_asked() -> None:
    assert C is not None, build_error()


def test_deal_hands_is_bit_identical() -> None:
    assert C is not None
    for seed in range(3000):
        pure, fast = random.Random(seed), random.Random(seed)
        assert C.deal_hands(fast) == deal_hands(pure)
        assert fast.getstate() == pure.getstate()


@pytest.mark.parametrize("order", ORDERS)
def test_random_deals_is_the_loop_of_deals_it_stands_for(order: tuple[int, ...]) -> None:
    assert C is not None
    pure, fast = random.Random(11), random.Random(11)
    expected = []
    for _ in range(500):
        hands = deal_hands(pure)
        trump = pure.getrandbits(2)
        expected.append(random_playout(Position(hands, trump, 2, (), (0, 0), (0, 0), order), pure))
    assert C.random_deals(500, 2, order, fast) == expected
    assert fast.getstate() == pure.getstate()


def test_random_subsets_and_deals_to_seats_are_bit_identical() -> None:
    assert C is not None
    rng = random.Random(12)
    for _ in range(3000):
        pool = rng.getrandbits(40)
        size = rng.randrange(-1, pool.bit_count() + 2)
        seed = rng.getrandbits(32)
        pure, fast = random.Random(seed), random.Random(seed)
        assert C.random_subset(pool, size, fast) == random_subset(pool, size, pure)
        assert fast.getstate() == pure.getstate()
        count = pool.bit_count()
        cuts = sorted(rng.randrange(count + 1) for _ in range(3))
        sizes = [cuts[0], cuts[1] - cuts[0], cuts[2] - cuts[1], count - cuts[2]]
        assert C.deal_to_seats(pool, sizes, fast) == deal_to_seats(pool, sizes, pure)
        assert fast.getstate() == pure.getstate()


def test_random_playout_is_bit_identical() -> None:
    assert C is not None
    for position, rng in _positions(1, 3000):
        seed = rng.getrandbits(64)
        pure, fast = random.Random(seed), random.Random(seed)
        assert C.random_playout(position, fast) == random_playout(position, pure)
        assert fast.getstate() == pure.getstate()


def test_solve_is_bit_identical() -> None:
    assert C is not None
    checked = 0
    for position, _ in _positions(2, 1500):
        if sum(h.bit_count() for h in position.hands) > 17:
            continue
        assert C.solve(position) == solve(position)
        assert C.solve(position, lambda: False) == solve(position)
        checked += 1
    assert checked > 300


def test_solve_stops_when_told() -> None:
    assert C is not None
    for position, _ in _positions(3, 200):
        if sum(h.bit_count() for h in position.hands) == 24:
            assert C.solve(position, lambda: True) is None
            with pytest.raises(OutOfTime):
                solve(position, lambda: True)
            return
    pytest.fail("no position with six tricks left")


def test_heuristic_playout_is_bit_identical() -> None:
    assert C is not None
    for position, rng in _positions(4, 2500):
        voids = rng.getrandbits(16) & rng.getrandbits(16) & rng.getrandbits(16)
        in_hands = position.hands[0] | position.hands[1] | position.hands[2] | position.hands[3]
        if not in_hands:
            continue
        held = None
        if rng.getrandbits(1):
            card = rng.choice([c for c in range(40) if in_hands >> c & 1])
            held = (next(s for s in range(4) if position.hands[s] >> card & 1), card)
        first = -1
        seat = seat_to_play(position.leader, position.trick, position.next_seat)
        legal = legal_mask(position.hands[seat], position.trick)
        if legal and rng.getrandbits(1):
            first = rng.choice([c for c in range(40) if legal >> c & 1])
        exact = rng.choice((0, 0, 2, 3))
        held_seat, held_card = held if held is not None else (0, -1)
        fast = C.heuristic_playout(position, voids, held_seat, held_card, first, exact)
        assert fast == heuristic_playout(position, voids, held, first, exact)


def test_the_rules_of_thumb_card_is_bit_identical() -> None:
    assert C is not None
    for position, rng in _positions(5, 3000):
        seat = seat_to_play(position.leader, position.trick, position.next_seat)
        hand = position.hands[seat]
        if not hand:
            continue
        others = position.hands[0] | position.hands[1] | position.hands[2] | position.hands[3]
        unseen = others & ~hand
        voids = rng.getrandbits(16) & rng.getrandbits(16)
        held_card = rng.choice([-1, *[c for c in range(40) if unseen >> c & 1]])
        held_seat = rng.randrange(4)
        memory = bool(rng.getrandbits(1))
        know = SeatKnowledge(
            position.trump,
            position.next_seat,
            unseen,
            voids,
            None if held_card < 0 else (held_seat, held_card),
            memory,
        )
        trick = list(position.trick)
        if not trick:
            pure = lead_card(hand, seat, know)
            fast = C.rule_card(
                hand, hand, False, seat, 0, 0, 0, 0, 0, position.trump, position.next_seat,
                unseen, voids, held_seat, held_card, memory,
            )  # fmt: skip
            assert fast == pure
            continue
        led = trick[0] // 10
        follow = hand & SUIT_MASKS[led]
        legal = follow or hand
        if not legal & (legal - 1):
            continue
        best, best_seat, points = trick_standing(
            trick, position.leader, position.trump, position.next_seat
        )
        pure = follow_card(
            hand, legal, bool(follow), seat, led, best, best_seat, points, len(trick), know
        )
        fast = C.rule_card(
            hand, legal, bool(follow), seat, led, best, best_seat, points, len(trick),
            position.trump, position.next_seat, unseen, voids, held_seat, held_card, memory,
        )  # fmt: skip
        assert fast == pure


def test_bad_arguments_are_errors_not_crashes() -> None:
    assert C is not None
    position = Position([1 << 41, 0, 0, 0], 0, 0, (), (0, 0), (0, 0), (1, 2, 3, 0))
    with pytest.raises(ValueError, match="cards 0 to 39"):
        C.solve(position)
    with pytest.raises(ValueError, match="trump"):
        C.solve(position._replace(hands=[1, 2, 4, 8], trump=7))
    with pytest.raises(ValueError, match="out of range"):
        C.heuristic_playout(position._replace(hands=[1, 2, 4, 8]), 0, 0, 45, -1, 0)
    good = position._replace(hands=[1, 2, 4, 8])
    with pytest.raises(AttributeError):
        C.random_playout(good, None)
    with pytest.raises(ValueError, match="not a deal in progress"):
        C.random_playout(good._replace(hands=[3, 4, 8, 16]), random.Random(1))
    with pytest.raises(ValueError, match="not a deal in progress"):
        C.solve(good._replace(hands=[1, 1, 4, 8]))
    with pytest.raises(ValueError, match="not a deal in progress"):
        C.solve(good._replace(next_seat=(1, 1, 3, 0)))


def _kernel_in_child(tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """What `compiled()` gives in a fresh process with an empty cache and `env`."""
    code = (
        "from sueca_rules._kernel._compiled import compiled, build_error\n"
        "print(compiled() is not None, build_error())\n"
    )
    environment = {**os.environ, "SUECA_RULES_CACHE": str(tmp_path), **env}
    if "SUECA_RULES_KERNEL" not in env:
        environment.pop("SUECA_RULES_KERNEL", None)
    return subprocess.run(
        [sys.executable, "-c", code], env=environment, capture_output=True, text=True, timeout=120
    )


@pytest.mark.skipif(C is None, reason="needs a C compiler")
def test_without_a_compiler_or_when_asked_the_pure_kernel_runs(tmp_path: Path) -> None:
    pure = _kernel_in_child(tmp_path, SUECA_RULES_KERNEL="pure")
    assert pure.stdout.split() == ["False", "SUECA_RULES_KERNEL=pure"]
    failed = _kernel_in_child(tmp_path, CC="false")  # a "compiler" that always fails
    assert failed.returncode == 0
    assert failed.stdout.startswith("False OSError: false -O2")
    assert not list(tmp_path.iterdir())  # nothing half-written left behind
    required = _kernel_in_child(tmp_path, CC="false", SUECA_RULES_KERNEL="compiled")
    assert required.returncode == 1
    assert "ImportError: the compiled kernel could not be built" in required.stderr
    built = _kernel_in_child(tmp_path)
    assert built.stdout.split() == ["True", "None"]
    assert [p.suffix for p in tmp_path.iterdir()] == [".so"]
