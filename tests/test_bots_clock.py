"""Levels 4 and 5 on a budget: `time_ms` (a wall-clock deadline) or `samples` (reproducible)."""

from __future__ import annotations

import pytest

from sueca_rules import ConfigError, Match
from sueca_rules._kernel import Position, solve
from sueca_rules._kernel._solver import OutOfTime
from sueca_rules.bots import MemoryBot, SamplingBot, SearchBot, make_bot


def _match_after(seed: int, cards: int) -> Match:
    """A match of level-3 bots `cards` cards into its first deal."""
    match = Match("portugal", seed=seed)
    bot = MemoryBot()
    for _ in range(cards):
        seat = match.turn
        assert seat is not None
        match.play(bot.choose(match.observation(seat)))
    return match


def test_the_solver_gives_up_when_told_and_only_then() -> None:
    match = _match_after(3, 21)  # five tricks left minus one card: thousands of nodes
    hands = [sum(1 << c for c in match.hand(s)) for s in range(4)]
    assert match.trump is not None
    position = Position(
        hands, int(match.trump), match.trick_leader, [int(c) for _, c in match.trick],
        list(match.points), list(match.tricks_won), match.rules.next_seat,
    )  # fmt: skip
    asked = []

    def never() -> bool:
        asked.append(1)
        return False

    assert solve(position, never) == solve(position)
    assert asked  # the search is long enough to be asked
    with pytest.raises(OutOfTime):
        solve(position, lambda: True)


@pytest.mark.parametrize(("seed", "cards"), [(1, 0), (4, 9), (7, 22), (8, 27)])
def test_a_decision_on_the_clock_is_the_one_with_that_many_samples(seed: int, cards: int) -> None:
    # The deals come in the same order on any budget: without inference (which draws each batch
    # from a pool), a decision that got through k deals before its time was up chooses what
    # `samples=k` chooses, on any machine.
    match = _match_after(seed, cards)
    seat = match.turn
    assert seat is not None
    observation = match.observation(seat)
    timed = SearchBot(seed="c", time_ms=40, inference=1.0)
    card = timed.choose(observation)
    if timed.last_deals:
        again = SearchBot(seed="c", samples=timed.last_deals, inference=1.0)
        assert again.choose(observation) == card
        assert again.last_deals == timed.last_deals
    else:  # a single sensible card (or a very slow machine: level 3's card)
        assert card in match.legal_cards()


def test_samples_alone_is_deterministic_and_capped() -> None:
    match = _match_after(5, 6)
    seat = match.turn
    assert seat is not None
    observation = match.observation(seat)
    bots = [make_bot(5, seed="d", samples=30) for _ in range(2)]
    assert bots[0].choose(observation) == bots[1].choose(observation)
    assert isinstance(bots[0], SearchBot)
    assert bots[0].last_deals <= 30


def test_no_time_left_plays_the_rules_of_thumb_card() -> None:
    match = _match_after(2, 5)
    seat = match.turn
    assert seat is not None
    observation = match.observation(seat)
    bot = SamplingBot(seed=1, time_ms=1e-9)
    assert bot.choose(observation) == MemoryBot().choose(observation)
    assert bot.last_deals == 0


def test_budget_attributes() -> None:
    assert SearchBot(seed=1).samples == 1000
    assert SamplingBot(seed=1).samples == 60
    timed = make_bot(5, seed=1, time_ms=100)
    assert isinstance(timed, SearchBot)
    assert timed.time_ms == 100.0
    assert timed.samples >= 100_000  # the clock alone decides
    both = make_bot(4, seed=1, time_ms=100, samples=10)
    assert isinstance(both, SamplingBot)
    assert both.samples == 10
    older = make_bot(4, seed=1, time_limit=0.25)
    assert isinstance(older, SamplingBot)
    assert older.time_ms == 250.0
    # the older name takes what time_ms takes: half a millisecond is a budget in either
    tiny = make_bot(4, seed=1, time_limit=0.0005)
    assert isinstance(tiny, SamplingBot)
    assert tiny.time_ms == 0.5
    half = make_bot(4, seed=1, time_ms=0.5)
    assert isinstance(half, SamplingBot)
    assert half.time_limit == 0.0005


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"time_ms": 0}, "time_ms"),
        ({"time_ms": -5}, "time_ms"),
        ({"time_ms": "100"}, "time_ms"),
        ({"time_ms": True}, "time_ms"),
        ({"time_ms": 1e12}, "time_ms"),
        ({"time_ms": 10, "time_limit": 1}, "not both"),
        ({"time_limit": 0}, "time_limit must be a number of seconds, 0 < time_limit"),
        ({"time_limit": True}, "time_limit"),
        ({"time_limit": "1"}, "time_limit"),
        ({"time_limit": 3601}, "time_limit <= 3,600"),
        ({"samples": 0}, "samples"),
        ({"samples": 2.5}, "samples"),
        ({"samples": 10**9}, "samples"),
    ],
)
def test_bad_budgets_are_clear_errors(options: dict[str, object], message: str) -> None:
    for level in (4, 5):
        with pytest.raises(ConfigError, match=message):
            make_bot(level, seed=1, **options)  # type: ignore[arg-type]


def test_levels_that_do_not_search_take_no_budget() -> None:
    for level in (1, 2, 3):
        with pytest.raises(ConfigError, match="levels 4 and 5"):
            make_bot(level, time_ms=100)


def test_takes_budget_says_which_levels_search() -> None:
    from sueca_rules.bots import LEVELS, takes_budget

    assert [level for level in LEVELS if takes_budget(level)] == [4, 5]
    for level in LEVELS:  # what takes_budget says is what make_bot does
        if takes_budget(level):
            assert make_bot(level, seed=1, time_ms=50) is not None
        else:
            with pytest.raises(ConfigError):
                make_bot(level, time_ms=50)
