"""Bots at several levels play a whole tournament, and it ranks them in the expected order."""

from __future__ import annotations

import pytest

from sueca_rules import load_variant
from sueca_rules.tournament import Team, create, is_finished, pair, play_round, standings

BEST_OF_3 = load_variant("portugal-best-of-3")


@pytest.mark.slow
def test_a_round_robin_of_bots_ranks_the_stronger_level_first() -> None:
    levels = {"Forte A": 4, "Fraco A": 1, "Forte B": 4, "Fraco B": 1}
    t = create([Team(name=n) for n in levels], "round_robin", variant=BEST_OF_3, seed=1)
    while not is_finished(t):
        t = play_round(pair(t), BEST_OF_3, levels)
    table = standings(t)
    assert {s.team for s in table[:2]} == {"Forte A", "Forte B"}
    strong = [s for s in table if levels[s.team] == 4]
    assert all(s.won >= 2 for s in strong)  # each beat both level-1 teams at least
    assert all(s.games_for > 0 and s.partidas_for >= 2 for s in table[:2])


def test_bots_fill_every_open_table_and_the_results_are_possible() -> None:
    t = pair(create([Team(name=n) for n in "ABCDE"], "swiss", variant=BEST_OF_3, seed=4))
    t = play_round(t, BEST_OF_3, {}, level=1)
    for tab in t.rounds[0].tables:
        assert tab.result is not None
        assert sorted(tab.result.score) in ([0, 2], [1, 2])
        assert tab.result.games is not None
        assert tab.result.games[tab.result.score.index(2)] >= 8
