"""Tournaments: every format from 2 to 33 teams played to the end with random results (pairings
valid, bye rules, no avoidable Swiss rematch, brackets complete), standings recomputed here from the
results, the tie-breaks, refusals that change nothing, and random sequences of actions."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sueca_rules import Variant, load_variant
from sueca_rules._lang import issue_text
from sueca_rules.tournament import (
    Team,
    Tournament,
    TournamentError,
    TournamentFileError,
    bracket_slots,
    create,
    dump_tournament,
    group_standings,
    is_finished,
    open_tables,
    pair,
    parse_tournament,
    planned_rounds,
    record_result,
    round_robin_rounds,
    same_rules,
    standings,
    standings_data,
    swiss_pairs,
    undo,
)

BEST_OF_3 = load_variant("portugal-best-of-3")
SCORES = [(2, 0), (2, 1), (1, 2), (0, 2)]


def _teams(n: int) -> list[Team]:
    return [Team(name=f"T{i + 1:02d}", players=[f"a{i}", f"b{i}"]) for i in range(n)]


def _rematch_free_exists(names: Sequence[str], met: set[frozenset[str]]) -> bool:
    """An exact search, independent of the library: can `names` be paired with no rematch?"""
    failed: set[frozenset[str]] = set()

    def go(rest: frozenset[str]) -> bool:
        if not rest:
            return True
        if rest in failed:
            return False
        first = min(rest)
        for other in rest - {first}:
            if frozenset((first, other)) not in met and go(rest - {first, other}):
                return True
        failed.add(rest)
        return False

    return go(frozenset(names))


def _play_out(t: Tournament, rng: random.Random) -> Tournament:
    """Pair and fill every round with random scores (and games) until the tournament ends."""
    while not is_finished(t):
        before = t
        t = pair(t)
        _check_round(before, t)
        for number in open_tables(t):
            a, b = rng.choice(SCORES)
            games = (4 * a + rng.randint(0, 3), 4 * b + rng.randint(0, 3))
            t = record_result(t, BEST_OF_3, len(t.rounds), number, score=(a, b), games=games)
    return t


def _check_round(before: Tournament, after: Tournament) -> None:
    """The round just paired: each team at most once; swiss byes and rematches by the rules."""
    rnd = after.rounds[-1]
    seen = [name for tab in rnd.tables for name in tab.teams] + list(rnd.byes)
    assert len(seen) == len(set(seen))
    if after.format in ("round_robin", "swiss"):
        assert sorted(seen) == sorted(after.team_names())  # everyone plays or sits out
        assert len(rnd.byes) == len(after.teams) % 2
    if after.format == "swiss":
        ranking = [s.team for s in standings(before)]
        had_bye = {n for r in before.rounds for n in r.byes}
        if rnd.byes:
            (bye,) = rnd.byes
            below = ranking[ranking.index(bye) + 1 :]
            assert bye not in had_bye or set(ranking) <= had_bye | {bye}
            assert all(n in had_bye for n in below)  # the lowest one without a bye
        met = {frozenset(tab.teams) for r in before.rounds for tab in r.tables}
        rematches = [tab.teams for tab in rnd.tables if frozenset(tab.teams) in met]
        if rematches:
            players = [n for tab in rnd.tables for n in tab.teams]
            assert not _rematch_free_exists(players, met), rematches


def _stats(t: Tournament) -> dict[str, dict[str, int]]:
    """Each team's line of the standings, counted here from the file's results."""
    out = {
        n: dict.fromkeys(["played", "won", "lost", "byes", "points", "pf", "pa", "gf", "ga"], 0)
        for n in t.team_names()
    }
    for rnd in t.rounds:
        for tab in rnd.tables:
            if tab.result is None:
                continue
            for side in (0, 1):
                s = out[tab.teams[side]]
                mine, theirs = tab.result.score[side], tab.result.score[1 - side]
                games = tab.result.games or [0, 0]
                s["played"] += 1
                s["won" if mine > theirs else "lost"] += 1
                s["points"] += 3 if mine > theirs else 0
                s["pf"] += mine
                s["pa"] += theirs
                s["gf"] += games[side]
                s["ga"] += games[1 - side]
        for name in rnd.byes:
            s = out[name]
            s["played"] += 1
            s["won"] += 1
            s["byes"] += 1
            s["points"] += 3
            s["pf"] += t.bye_score.partidas[0]
            s["gf"] += t.bye_score.games[0]
    return out


def _check_standings(t: Tournament) -> None:
    mine = _stats(t)
    table = standings(t)
    assert sorted(s.team for s in table) == sorted(t.team_names())
    assert [s.rank for s in table] == list(range(1, len(table) + 1))
    for s in table:
        m = mine[s.team]
        got = (s.played, s.won, s.lost, s.byes, s.points)
        assert got == (m["played"], m["won"], m["lost"], m["byes"], m["points"])
        scored = (s.partidas_for, s.partidas_against, s.games_for, s.games_against)
        assert scored == (m["pf"], m["pa"], m["gf"], m["ga"])
    if t.format in ("round_robin", "swiss"):
        points = [s.points for s in table]
        assert points == sorted(points, reverse=True)


def _check_knockout(t: Tournament, stage_teams: Sequence[str]) -> None:
    """The bracket is complete: top seeds get the byes, each round is the last one's winners,
    one champion, the third-place match between the semi-finals' losers."""
    ko = [r for r in t.rounds if r.stage == "knockout"]
    n = len(stage_teams)
    size = 1 << (n - 1).bit_length()
    assert len(ko) == (size - 1).bit_length()
    assert sorted(ko[0].byes) == sorted(stage_teams[: size - n])
    alive = set(stage_teams)
    for k, rnd in enumerate(ko):
        main = [tab for tab in rnd.tables if tab.kind != "third_place"]
        playing = {name for tab in main for name in tab.teams} | set(rnd.byes)
        assert playing == alive
        winners = set(rnd.byes)
        for tab in main:
            assert tab.result is not None
            a, b = tab.result.score
            winners.add(tab.teams[0] if a > b else tab.teams[1])
        if k == len(ko) - 1:
            assert len(main) == 1
            assert main[0].kind == "final"
            assert len(winners) == 1
            third = [tab for tab in rnd.tables if tab.kind == "third_place"]
            if t.third_place and len(ko) >= 2 and len(ko[-2].tables) == 2:
                semis = ko[-2].tables
                losers = {n for tab in semis for n in tab.teams} - playing
                assert len(third) == 1
                assert set(third[0].teams) == losers
            else:
                assert third == []
            assert standings(t)[0].team in winners
        alive = winners


def _check_round_robin(t: Tournament, names: Sequence[str], rounds: Sequence[int]) -> None:
    met = Counter(
        frozenset(tab.teams)
        for r in t.rounds
        if r.round in rounds
        for tab in r.tables
        if set(tab.teams) <= set(names)
    )
    assert set(met.values()) <= {1}
    assert len(met) == len(names) * (len(names) - 1) // 2
    byes = Counter(n for r in t.rounds if r.round in rounds for n in r.byes if n in names)
    if len(names) % 2:
        assert byes == dict.fromkeys(names, 1)
    else:
        assert not byes


@pytest.mark.parametrize("n", range(2, 34))
def test_every_format_from_2_to_33_teams(n: int) -> None:
    rng = random.Random(n)
    for fmt in ("round_robin", "swiss", "knockout"):
        extra = {"third_place": True} if fmt == "knockout" and n % 2 else {}
        t = create(_teams(n), fmt, variant=BEST_OF_3, seed=n, **extra)  # type: ignore[arg-type]
        t = _play_out(t, rng)
        assert len(t.rounds) == planned_rounds(t)
        _check_standings(t)
        if fmt == "round_robin":
            _check_round_robin(t, t.team_names(), range(1, len(t.rounds) + 1))
        if fmt == "knockout":
            _check_knockout(t, t.team_names())
        with pytest.raises(TournamentError, match="over"):
            pair(t)
    if n >= 4:
        groups = max(1, n // 5)
        t = create(_teams(n), "groups", variant=BEST_OF_3, groups=groups, advance=2, seed=n)
        t = _play_out(t, rng)
        assert t.groups is not None
        assert t.knockout_seeds is not None
        stage = [r.round for r in t.rounds if r.stage == "groups"]
        for g in t.groups:
            _check_round_robin(t, g.teams, stage)
        _check_knockout(t, t.knockout_seeds)
        assert len(t.knockout_seeds) == 2 * groups
        _check_standings(t)


def test_a_swiss_with_as_many_rounds_as_a_round_robin_avoids_every_avoidable_rematch() -> None:
    for n in (4, 6, 7, 8, 9, 10):
        rng = random.Random(n)
        t = create(_teams(n), "swiss", variant=BEST_OF_3, swiss_rounds=n - 1 + n % 2)
        _play_out(t, rng)  # _check_round asserts each rematch was unavoidable


def test_round_robin_pairs_every_two_teams_once_with_one_bye_each() -> None:
    rounds = round_robin_rounds(["A", "B", "C", "D", "E"])
    assert len(rounds) == 5
    assert sorted(bye for _, bye in rounds if bye) == ["A", "B", "C", "D", "E"]
    firsts = Counter(a for pairs, _ in round_robin_rounds(list("ABCDEF")) for a, _b in pairs)
    assert max(firsts.values()) - min(firsts.values()) <= 3  # first and second alternate


def test_swiss_pairs_equal_points_top_down_and_gives_the_bye_to_the_lowest() -> None:
    pairs, bye = swiss_pairs(list("ABCDE"), set(), set())
    assert pairs == [("A", "B"), ("C", "D")]
    assert bye == "E"
    pairs, bye = swiss_pairs(list("ABCDE"), {frozenset("AB")}, {"E"})
    assert bye == "D"
    assert pairs == [("A", "C"), ("B", "E")]
    # A rematch only when none can be avoided: 4 teams after 3 rounds have all met.
    met = {frozenset(p) for p in ("AB", "CD", "AC", "BD", "AD", "BC")}
    pairs, _ = swiss_pairs(list("ABCD"), met, set())
    assert sorted(map(sorted, pairs)) == [["A", "B"], ["C", "D"]]


def test_the_knockout_bracket_gives_byes_to_the_top_seeds() -> None:
    assert bracket_slots(list("ABCDE")) == ["A", None, "D", "E", "B", None, "C", None]
    t = pair(create(_teams(6), "knockout", variant=BEST_OF_3))
    assert t.rounds[0].byes == ["T01", "T02"]
    assert [tab.teams for tab in t.rounds[0].tables] == [["T04", "T05"], ["T03", "T06"]]


def test_pairings_are_deterministic_for_a_seed() -> None:
    a = create(_teams(9), "swiss", variant=BEST_OF_3, seed=5, shuffle=True)
    b = create(_teams(9), "swiss", variant=BEST_OF_3, seed=5, shuffle=True)
    c = create(_teams(9), "swiss", variant=BEST_OF_3, seed=6, shuffle=True)
    assert dump_tournament(pair(a)) == dump_tournament(pair(b))
    assert a.team_names() != c.team_names()


def _league(results: dict[tuple[str, str], tuple[int, int]], tiebreaks: list[str]) -> Tournament:
    teams = sorted({n for pair_ in results for n in pair_})
    t = create([Team(name=n) for n in teams], "round_robin", variant=BEST_OF_3)
    t = t.model_copy(update={"tiebreaks": tiebreaks})
    while not is_finished(t):
        t = pair(t)
        for tab in t.rounds[-1].tables:
            a, b = tab.teams
            if (a, b) in results:
                score = results[(a, b)]
            else:
                s = results[(b, a)]
                score = (s[1], s[0])
            games = (score[0] * 4, score[1] * 4)
            t = record_result(t, BEST_OF_3, len(t.rounds), tab.table, score=score, games=games)
    return t


def test_tie_breaks_apply_in_the_files_order() -> None:
    # A, B and C each win two; A beat B, B beat C, C beat A; D loses every table. Among the three,
    # head to head is level (3 each): partidas difference decides (C +2, A +1, B -1... ).
    results = {
        ("A", "B"): (2, 1),
        ("B", "C"): (2, 1),
        ("C", "A"): (2, 0),
        ("A", "D"): (2, 0),
        ("B", "D"): (2, 1),
        ("C", "D"): (2, 0),
    }
    t = _league(results, ["head_to_head", "partidas_difference", "games_difference", "seed"])
    assert [s.team for s in standings(t)] == ["C", "A", "B", "D"]
    # Only two level on points: head to head first, whatever the differences say.
    results[("C", "D")] = (1, 2)
    t = _league(results, ["head_to_head", "partidas_difference", "seed"])
    top = [s.team for s in standings(t)][:2]
    assert top == ["A", "B"]  # A beat B; B's difference is no better
    t = _league(results, ["partidas_difference", "head_to_head", "seed"])
    assert [s.team for s in standings(t)][:2] == ["A", "B"]


def test_seed_is_the_last_word() -> None:
    t = create(_teams(4), "round_robin", variant=BEST_OF_3)
    assert [s.team for s in standings(t)] == t.team_names()


PORTUGAL = load_variant("portugal")


def _round_one(fmt: str, n: int, games: dict[int, tuple[int, int] | None]) -> Tournament:
    """Round 1 of `n` teams `T1`... under Portugal (a bye is a win 1-0, games 4-0), each table
    won 1-0 by its first team, with the games `games` gives it (`None`: a score alone)."""
    t = pair(create([Team(name=f"T{i + 1}") for i in range(n)], fmt, variant=PORTUGAL))
    for number, entered in games.items():
        t = record_result(t, PORTUGAL, 1, number, score=(1, 0), games=entered)
    return t


def test_a_win_entered_without_games_is_not_ranked_below_a_bye_by_games() -> None:
    # Swiss of 3: T1 beats T2, T3 has the bye. T1's games were not entered: they are unknown, not
    # 0-0, so the games tie-break cannot split T1 and T3 (it used to put the bye, 4-0, first).
    t = _round_one("swiss", 3, {1: None})
    assert t.rounds[0].tables[0].teams == ["T1", "T2"]
    assert t.rounds[0].byes == ["T3"]
    table = standings(t)
    assert [s.team for s in table] == ["T1", "T3", "T2"]  # level on all else: the seed
    t1 = table[0]
    assert (t1.points, t1.games_for, t1.games_against, t1.games_unknown) == (3, 0, 0, 1)
    assert table[1].games_unknown == 0
    assert table[0].as_dict()["games_unknown"] == 1
    assert "games_unknown" not in table[1].as_dict()  # the contract's keys, when all are known
    # The same with its games: the games tie-break decides (the bye's 4-0 over a 4-2 win).
    t = _round_one("swiss", 3, {1: (4, 2)})
    assert [s.team for s in standings(t)] == ["T3", "T1", "T2"]


@pytest.mark.parametrize("kind", ["games_difference", "games_for"])
def test_unknown_games_leave_every_games_tie_break_to_the_next(kind: str) -> None:
    # Round robin of 5: T1 has the bye, T2 beats T5 (games not entered), T3 beats T4 4-2.
    # Level on 3 points, head to head and partidas: games would rank the 4-2 win above the win
    # whose games are unknown; they are passed over and the seed decides.
    t = _round_one("round_robin", 5, {1: None, 2: (4, 2)})
    assert [tab.teams for tab in t.rounds[0].tables] == [["T2", "T5"], ["T3", "T4"]]
    t = t.model_copy(update={"tiebreaks": [kind, "seed"]})
    assert [s.team for s in standings(t)][:3] == ["T1", "T2", "T3"]
    # Known games still split teams level with none unknown.
    t = _round_one("round_robin", 5, {1: (4, 3), 2: (4, 2)})
    t = t.model_copy(update={"tiebreaks": [kind, "seed"]})
    expected = ["T1", "T3", "T2"] if kind == "games_difference" else ["T1", "T2", "T3"]
    assert [s.team for s in standings(t)][:3] == expected
    # A tie-break after the games still counts.
    t = _round_one("round_robin", 5, {1: None, 2: (4, 2)})
    t = t.model_copy(update={"tiebreaks": [kind, "partidas_for", "seed"]})
    assert [s.team for s in standings(t)][:3] == ["T1", "T2", "T3"]


def test_a_knockout_ranks_a_win_without_games_by_the_next_tie_break() -> None:
    # Knockout of 6: T1 and T2 have byes; T4 beats T5 4-3, T3 beats T6 with no games. Counted
    # as 0-0, T3's games put it below T4's +1; they are unknown, so the seed decides.
    t = _round_one("knockout", 6, {1: (4, 3), 2: None})
    assert [tab.teams for tab in t.rounds[0].tables] == [["T4", "T5"], ["T3", "T6"]]
    assert [s.team for s in standings(t)] == ["T1", "T2", "T3", "T4", "T5", "T6"]
    # With every game entered, the games decide (T4's 4-0 over T3's 4-3).
    t = _round_one("knockout", 6, {1: (4, 0), 2: (4, 3)})
    assert [s.team for s in standings(t)][:4] == ["T1", "T2", "T4", "T3"]


def test_a_group_is_not_won_on_games_that_were_never_entered() -> None:
    # Groups of 3 (A: T1, T4, T5), one goes on. T4 beats T5 4-0, T5 beats T1 4-3, T1 beats T4
    # with no games: each team won one, lost one and had a bye. Counting the missing games as
    # 0-0 sent T4 (+8) on to the knockout; the games are unknown, so the seed sends T1.
    t = create([Team(name=f"T{i + 1}") for i in range(6)], "groups", groups=2, advance=1)
    assert t.groups is not None
    assert t.groups[0].teams == ["T1", "T4", "T5"]
    for games in ({"T4": (4, 0)}, {"T5": (4, 3)}, {"T1": None}):
        t = pair(t)
        for tab in t.rounds[-1].tables:
            winner = next((w for w in games if w in tab.teams), tab.teams[0])
            side = tab.teams.index(winner)
            entered = games.get(winner, (4, 0))
            score = (1, 0) if side == 0 else (0, 1)
            if entered is not None and side == 1:
                entered = (entered[1], entered[0])
            t = record_result(t, PORTUGAL, len(t.rounds), tab.table, score=score, games=entered)
    group_a = group_standings(t)["A"]
    assert [s.points for s in group_a] == [6, 6, 6]
    assert [s.team for s in group_a] == ["T1", "T4", "T5"]
    t = pair(t)
    assert t.knockout_seeds is not None
    assert t.knockout_seeds[0] == "T1"


def test_a_bye_is_a_win_by_the_set_score_written_in_the_file() -> None:
    t = pair(create(_teams(3), "round_robin", variant=BEST_OF_3))
    assert "bye_score: {partidas: [2, 0], games: [8, 0]}" in dump_tournament(t)
    (bye,) = t.rounds[0].byes
    line = next(s for s in standings(t) if s.team == bye)
    assert (line.won, line.byes, line.points, line.partidas_for, line.games_for) == (1, 1, 3, 2, 8)
    data = standings_data(t)
    assert data["rounds"][0]["bye"] == bye
    assert data["rounds"][0]["byes"] == [bye]


def test_the_json_has_the_contracts_shape() -> None:
    t = pair(create(_teams(5), "swiss", variant=BEST_OF_3))
    t = record_result(t, BEST_OF_3, 1, 1, score=(2, 1), games=(9, 5))
    data = standings_data(t)
    keys = ["rank", "team", "played", "won", "lost", "byes", "points", "partidas_for"]
    keys += ["partidas_against", "games_for", "games_against"]
    assert list(data["standings"][0]) == keys
    first = data["rounds"][0]
    assert first["round"] == 1
    assert first["bye"] == "T05"
    assert first["tables"][0] == {"table": 1, "teams": ["T01", "T02"], "score": [2, 1]}
    assert first["tables"][1]["score"] is None


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"score": (2, 2)}, "first to win 2 partidas"),
        ({"score": (3, 1)}, "2-0, 2-1"),
        ({"score": (1, 0)}, "got 1-0"),
        ({"score": (2, 1), "games": (3, 0)}, "at least 8 games"),
        ({"no_show": "T09"}, "does not play"),
        ({}, "give one of"),
    ],
)
def test_impossible_results_are_refused_and_change_nothing(
    kwargs: dict[str, object], message: str
) -> None:
    t = pair(create(_teams(4), "round_robin", variant=BEST_OF_3))
    text = dump_tournament(t)
    with pytest.raises(TournamentError, match=message):
        record_result(t, BEST_OF_3, 1, 1, **kwargs)  # type: ignore[arg-type]
    assert dump_tournament(t) == text


def test_wrong_round_table_and_a_second_result_are_refused() -> None:
    t = pair(create(_teams(4), "round_robin", variant=BEST_OF_3))
    with pytest.raises(TournamentError, match="no round 2: the rounds paired are 1 to 1"):
        record_result(t, BEST_OF_3, 2, 1, score=(2, 0))
    with pytest.raises(TournamentError, match="no table 3: its tables are 1 to 2"):
        record_result(t, BEST_OF_3, 1, 3, score=(2, 0))
    t = record_result(t, BEST_OF_3, 1, 1, score=(2, 0))
    with pytest.raises(TournamentError, match="already has its result"):
        record_result(t, BEST_OF_3, 1, 1, score=(0, 2))
    with pytest.raises(TournamentError, match="table 2 has no result yet"):
        pair(t)


def test_a_no_show_is_scored_by_the_set_score() -> None:
    t = pair(create(_teams(4), "round_robin", variant=BEST_OF_3))
    first, _second = t.rounds[0].tables[0].teams
    t = record_result(t, BEST_OF_3, 1, 1, no_show=first)
    res = t.rounds[0].tables[0].result
    assert res is not None
    assert res.score == [0, 2]
    assert res.games == [0, 8]
    assert res.how == "no_show"
    assert res.no_show == first


def test_undo_takes_back_the_last_result_then_the_pairing() -> None:
    t0 = create(_teams(4), "swiss", variant=BEST_OF_3)
    t1 = pair(t0)
    t2 = record_result(t1, BEST_OF_3, 1, 2, score=(2, 0))
    t3 = record_result(t2, BEST_OF_3, 1, 1, score=(2, 1))
    assert undo(t3) == t2
    assert undo(t3, 1, 2).rounds[0].tables[1].result is None
    assert undo(t1) == t0
    t4 = pair(t3)
    with pytest.raises(TournamentError, match="made the pairings of round 2"):
        undo(t4, 1, 1)
    with pytest.raises(TournamentError, match="no result to undo"):
        undo(t4, 2, 1)
    assert undo(undo(t4)) == t2
    with pytest.raises(TournamentError, match="nothing to undo"):
        undo(t0)


def test_the_file_reads_back_equal() -> None:
    t = _play_out(
        create(_teams(7), "groups", variant=BEST_OF_3, groups=2, advance=2), random.Random(1)
    )
    back, variant = parse_tournament(dump_tournament(t))
    assert back == t
    assert same_rules(variant, BEST_OF_3)


def test_an_inline_variant_is_kept_in_the_file() -> None:
    house = BEST_OF_3.model_copy(update={"name": "Café do Zé"})
    t = create(_teams(4), "round_robin", variant=house)
    text = dump_tournament(t)
    assert "name: Café do Zé" in text
    back = parse_tournament(text)[1]
    assert back.name == house.name
    assert same_rules(back, house)


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (("format: round_robin", "format: league"), ":3:1: format: expected one of"),
        (("seed: 0", "seed: 0\nsurprise: 1"), ":5:1: surprise: unknown field"),
        (("- {name: T02", "- {name: T01"), "teams[1].name: the team 'T01' is listed twice"),
        (
            ("teams: [T01, T04]", "teams: [T01, Nobody]"),
            ":20:16: rounds[0].tables[0].teams: 'Nobody' is not",
        ),
        (("score: [2, 0]", "score: [2, 2]"), "score: a match is won by the first to win 2"),
        (
            ("score: [2, 0]", "score: [2, 0], games: [-40, 1]"),
            ":20:59: rounds[0].tables[0].result.games: games are 0 to 100,000, got -40",
        ),
        (
            ("score: [2, 0]", "score: [2, 0], games: [8, 7]"),
            ":20:59: rounds[0].tables[0].result.games: a team that won 0 partidas and lost 2 "
            "won at most 6 games",
        ),
        (
            ("games: [8, 0]}", "games: [8, -1]}"),
            ":8:31: bye_score.games: games are 0 to 100,000, got [8, -1]",
        ),
        (
            ("no_show_score: {partidas: [2, 0]", "no_show_score: {partidas: [2, -2]"),
            ":9:17: no_show_score.partidas: partidas won cannot be negative, got [2, -2]",
        ),
        (
            ("variant: portugal-best-of-3", "variant: nowhere"),
            ":5:1: variant: the variant is not usable: unknown variant 'nowhere'",
        ),
        (
            ("variant: portugal-best-of-3", "variant: {extends: portugal-best-of-3}"),
            "cup.yaml:5:1: required field is missing: every variant needs `name:`",
        ),
    ],
)
def test_a_broken_file_is_refused_with_line_and_column(change: tuple[str, str], where: str) -> None:
    t = pair(create(_teams(4), "round_robin", variant=BEST_OF_3))
    t = record_result(t, BEST_OF_3, 1, 1, score=(2, 0))
    text = dump_tournament(t)
    assert change[0] in text
    with pytest.raises(TournamentFileError) as info:
        parse_tournament(text.replace(change[0], change[1], 1), file="cup.yaml")
    assert where in str(info.value)
    _said_in_portuguese(info.value, where)


def _played(t: Tournament, variant: Variant) -> Tournament:
    """`t` with every open table of its last round won by its first team."""
    for tab in t.rounds[-1].tables:
        if tab.result is None:
            t = record_result(t, variant, len(t.rounds), tab.table, score=(2, 0))
    return t


def _without_result(text: str, line_of: str) -> str:
    """The file's text with the result of the table on the first line holding `line_of` cut
    out, as a hand edit would."""
    lines = text.splitlines()
    i = next(k for k, line in enumerate(lines) if line_of in line)
    lines[i] = re.sub(r", result: \{.*\}\}$", "}", lines[i])
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("fmt", ["swiss", "groups"])
def test_a_table_without_result_before_a_round_paired_from_it_is_refused(fmt: str) -> None:
    """A Swiss round (or a groups tournament's knockout) is paired from the results of the
    rounds before it: a file whose earlier table has no result (its result cut out by hand) is
    refused at that table. It was read as it was, standings and all, and `pair` went on."""
    if fmt == "swiss":
        t = _played(pair(create(_teams(5), "swiss", variant=BEST_OF_3)), BEST_OF_3)
        t, later = pair(t), 2
    else:
        t = create(_teams(4), "groups", variant=BEST_OF_3, groups=2, advance=1)
        t = _played(pair(t), BEST_OF_3)
        t, later = pair(t), 2
        assert t.rounds[-1].stage == "knockout"
    text = dump_tournament(t)
    first = t.rounds[0].tables[0]
    broken = _without_result(text, f"- {{table: 1, teams: [{first.teams[0]}, ")
    where = f"rounds[0].tables[0]: this table has no result, but round {later} was paired"
    with pytest.raises(TournamentFileError) as info:
        parse_tournament(broken, file="cup.yaml")
    assert re.search(r"cup\.yaml:\d+:5: " + re.escape(where), str(info.value)), info.value
    _said_in_portuguese(info.value, where)
    # A round robin's earlier result may be undone (and entered again) while later rounds go on.
    t = _played(pair(create(_teams(4), "round_robin", variant=BEST_OF_3)), BEST_OF_3)
    t = pair(t)
    opened = _without_result(dump_tournament(t), "- {table: 1, ")
    assert parse_tournament(opened)[0].rounds[0].tables[0].result is None


def test_more_rounds_than_the_format_has_are_refused() -> None:
    """A Swiss whose `swiss_rounds` was lowered by hand under the rounds it has paired, or a
    round robin given a round past its last, is refused where it is wrong: it was read, the
    standings counted the extra round and `pair` said the tournament was over after "its one
    round"."""
    t = _played(pair(create(_teams(5), "swiss", variant=BEST_OF_3, swiss_rounds=3)), BEST_OF_3)
    text = dump_tournament(pair(t))
    with pytest.raises(TournamentFileError) as info:
        parse_tournament(text.replace("swiss_rounds: 3", "swiss_rounds: 1"), file="cup.yaml")
    where = "cup.yaml:6:1: swiss_rounds: 2 rounds are paired, but this swiss tournament has 1"
    assert where in str(info.value)
    _said_in_portuguese(info.value, "swiss_rounds: 2 rounds are paired")
    t = create(_teams(4), "round_robin", variant=BEST_OF_3)
    for _ in range(3):
        t = _played(pair(t), BEST_OF_3)
    text = dump_tournament(t)
    first = text[text.index("- round: 1") : text.index("- round: 2")]
    extra = re.sub(r"order: (\d+)", lambda m: f"order: {int(m[1]) + 10}", first)
    with pytest.raises(TournamentFileError) as info:
        parse_tournament(text + extra.replace("- round: 1", "- round: 4"), file="cup.yaml")
    assert "rounds: 4 rounds are paired, but this round_robin tournament has 3" in str(info.value)


@pytest.mark.parametrize("fmt", ["round_robin", "groups"])
def test_a_round_robin_pair_that_meets_twice_is_refused(fmt: str) -> None:
    """Two teams of a round robin (or of a group) that meet again in a later round, a table
    edited by hand, are refused at that table: it was read, and another pair never met."""
    args = {"groups": 1, "advance": 2} if fmt == "groups" else {}
    t = create(_teams(4), fmt, variant=BEST_OF_3, **args)  # type: ignore[arg-type]
    t = _played(pair(_played(pair(t), BEST_OF_3)), BEST_OF_3)
    one, two = (tab.teams for tab in t.rounds[0].tables)
    text = dump_tournament(t)
    later = [f"teams: [{', '.join(tab.teams)}]" for tab in t.rounds[1].tables]
    broken = text.replace(later[0], "teams: [{}, {}]".format(*one)).replace(
        later[1], "teams: [{}, {}]".format(*two)
    )
    with pytest.raises(TournamentFileError) as info:
        parse_tournament(broken, file="cup.yaml")
    where = (
        f"rounds[1].tables[0].teams: {one[0]} and {one[1]} already met in round 1: in a round "
        "robin every two teams meet once"
    )
    assert where in str(info.value)
    _said_in_portuguese(info.value, where)


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (
            ("bye_score: {partidas: [2, 0]", "bye_score: {partidas: [0, 0]"),
            ":8:13: bye_score.partidas: a bye is a win: its partidas are a score a match is won "
            "by, 2-0, 2-1, got 0-0",
        ),
        (
            ("no_show_score: {partidas: [2, 0]", "no_show_score: {partidas: [1, 2]"),
            ":9:17: no_show_score.partidas: a no-show is a win",
        ),
        (
            ("no_show_score: {partidas: [2, 0], games: [8, 0]", "no_show_score: {partidas: "
             "[2, 0], games: [0, 9]"),
            ":9:35: no_show_score.games: a team that won 2 partidas won at least 8 games",
        ),
        (
            ("how: score, order: 1", "how: score, no_show: T01, order: 1"),
            "rounds[0].tables[0].result.no_show: no_show goes with how: no_show, not how: score",
        ),
        (
            ("byes: []", "byes: [T02, T03]"),
            "rounds[0].byes: with 4 teams a round has no bye, got 2",
        ),
    ],
)  # fmt: skip
def test_values_that_do_not_fit_the_rest_of_the_file_are_refused(
    change: tuple[str, str], where: str
) -> None:
    """Hand edits that each field's type allows but the tournament does not: a bye or a no-show
    that is not a win (or has games its score cannot have), a no-show team on a result not
    entered as one, a bye in a round of an even number of teams. Each was read as it was, and the
    standings counted it."""
    t = pair(create(_teams(4), "round_robin", variant=BEST_OF_3))
    t = record_result(t, BEST_OF_3, 1, 1, score=(2, 0))
    text = dump_tournament(t)
    assert change[0] in text
    broken = text.replace(change[0], change[1], 1)
    if "byes: [T02, T03]" in broken:  # the two leave their table for byes
        assert "  - {table: 2, teams: [T02, T03]}\n" in broken
        broken = broken.replace("  - {table: 2, teams: [T02, T03]}\n", "", 1)
    with pytest.raises(TournamentFileError) as info:
        parse_tournament(broken, file="cup.yaml")
    assert where in str(info.value)
    _said_in_portuguese(info.value, where)


def test_two_results_of_the_same_order_are_refused() -> None:
    """Undo takes the result of the highest `order`: two results with the same one (a hand
    edit) are refused at the second, naming the first; undo took one of them at random."""
    t = _played(pair(create(_teams(4), "round_robin", variant=BEST_OF_3)), BEST_OF_3)
    text = dump_tournament(t)
    assert "order: 2}" in text
    with pytest.raises(TournamentFileError) as info:
        parse_tournament(text.replace("order: 2}", "order: 1}"), file="cup.yaml")
    where = (
        "rounds[0].tables[1].result.order: the order 1 is already the order of round 1 table 1's "
        "result"
    )
    assert where in str(info.value)
    _said_in_portuguese(info.value, where)


@pytest.mark.parametrize(
    ("n", "fmt", "args", "tables"),
    [
        (118, "round_robin", {}, 6_903),
        (300, "swiss", {"swiss_rounds": 46}, 6_900),
        (512, "groups", {"groups": 1, "advance": 2}, 130_817),
    ],
)
def test_a_tournament_too_large_for_its_file_is_refused_at_the_start(
    n: int, fmt: str, args: dict[str, int], tables: int
) -> None:
    """A tournament whose rounds would make its file too large to be read back is refused when
    it is created, with the count of its tables: a round robin of 512 teams was created, and
    its file could no longer be read long before its last round."""
    from sueca_rules.tournament._model import MAX_TABLES

    with pytest.raises(TournamentError) as info:
        create(_teams(n), fmt, **args)  # type: ignore[arg-type]
    assert info.value.code == "too_many_tables"
    assert f"{n} teams would play {tables:,} tables in a {fmt} tournament" in str(info.value)
    assert info.value.params == {"n": n, "tables": tables, "most": MAX_TABLES}
    fits = {"round_robin": 117, "swiss": n, "groups": n}[fmt]
    if fmt == "round_robin":
        assert create(_teams(fits), fmt).format == fmt


def _said_in_portuguese(error: TournamentFileError, where: str) -> None:
    """The problem at `where` has a kind, and its own words in Portuguese: not the English, and
    every value filled in (a file's problems were said in English under --lang pt)."""
    found = next(issue for issue in error.issues if where in str(issue))
    assert found.kind, found
    said = issue_text(found, "pt")
    assert said != found.message
    assert not re.search(r"\{[a-z_]+\}", said), said


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"n": 1, "fmt": "swiss"}, "2 to 512 teams"),
        ({"n": 4, "fmt": "ladder"}, "unknown format"),
        ({"n": 4, "fmt": "swiss", "swiss_rounds": 4}, "1 to 3 rounds"),
        ({"n": 4, "fmt": "round_robin", "swiss_rounds": 2}, "for a swiss"),
        ({"n": 6, "fmt": "groups", "groups": 2}, "needs --groups N and --advance K"),
        ({"n": 6, "fmt": "groups", "groups": 4, "advance": 1}, "1 to 3 groups"),
        ({"n": 6, "fmt": "groups", "groups": 2, "advance": 4}, "1 to 3"),
        ({"n": 6, "fmt": "knockout", "groups": 2}, "for the groups format"),
    ],
)
def test_impossible_setups_are_refused(args: dict[str, object], message: str) -> None:
    n = args.pop("n")
    fmt = args.pop("fmt")
    with pytest.raises(TournamentError, match=message):
        create(_teams(n), fmt, variant=BEST_OF_3, **args)  # type: ignore[arg-type]


# --- random sequences of actions ------------------------------------------------------------

_ACTION = st.one_of(
    st.tuples(st.just("result"), st.integers(0, 20), st.sampled_from([*SCORES, (1, 1), (3, 0)])),
    st.tuples(st.just("no_show"), st.integers(0, 20), st.integers(0, 1)),
    st.tuples(st.just("pair"), st.just(0), st.just(0)),
    st.tuples(st.just("undo"), st.just(0), st.just(0)),
)


@given(
    n=st.integers(2, 11),
    fmt=st.sampled_from(["round_robin", "swiss", "knockout", "groups"]),
    actions=st.lists(_ACTION, max_size=40),
)
def test_random_result_sequences_keep_the_standings_and_the_file_right(
    n: int, fmt: str, actions: list[tuple[str, int, object]]
) -> None:
    extra = {"groups": 2, "advance": 1} if fmt == "groups" else {}
    if fmt == "groups" and n < 4:
        fmt, extra = "swiss", {}
    t = create(_teams(n), fmt, variant=BEST_OF_3, **extra)  # type: ignore[arg-type]
    history = [t]
    for kind, index, arg in actions:
        before = dump_tournament(t)
        try:
            if kind == "pair":
                new = pair(t)
            elif kind == "undo":
                new = undo(t)
            else:
                waiting = open_tables(t)
                if not waiting:
                    continue
                table = waiting[index % len(waiting)]
                teams = t.rounds[-1].tables[table - 1].teams
                if kind == "result":
                    score = arg if isinstance(arg, tuple) else (2, 0)
                    new = record_result(t, BEST_OF_3, len(t.rounds), table, score=score)
                else:
                    side = arg if isinstance(arg, int) else 0
                    new = record_result(t, BEST_OF_3, len(t.rounds), table, no_show=teams[side])
        except TournamentError:
            assert dump_tournament(t) == before  # refused: nothing changed
            continue
        assert dump_tournament(t) == before  # the old state is never changed
        if kind == "undo":
            assert new in history
        t = new
        history.append(t)
        back, _ = parse_tournament(dump_tournament(t))
        assert back == t
        _check_standings(t)


def test_a_broken_inline_variant_is_refused_where_it_is_written() -> None:
    house = BEST_OF_3.model_copy(update={"name": "Café do Zé"})
    text = dump_tournament(create(_teams(4), "round_robin", variant=house))
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if "best_of: 3" in ln)
    with pytest.raises(TournamentFileError) as info:
        parse_tournament(text.replace("best_of: 3", "best_of: 2"), file="cup.yaml")
    assert f"cup.yaml:{line}:" in str(info.value)
    assert "best_of must be odd" in str(info.value)


@given(st.lists(st.text(min_size=1, max_size=60), min_size=2, max_size=6, unique=True))
def test_any_names_read_back_as_written(names: list[str]) -> None:
    try:
        teams = [Team(name=n, players=[n]) for n in names]
    except ValueError:
        return  # a name the model refuses (empty, control characters)
    if len({team.name for team in teams}) < len(teams):
        return
    t = pair(create(teams, "round_robin", variant=BEST_OF_3))
    t = record_result(t, BEST_OF_3, 1, 1, score=(2, 1))
    assert parse_tournament(dump_tournament(t))[0] == t


def test_names_that_look_like_yaml_read_back_as_text() -> None:
    # ("ok\u2028no" was one: a line separator is now refused in a name, it shows nothing.)
    names = ["null", "123", "yes", "a: b", "[x]", "{y}", "#z", "'q'", '"d"', "- e"]
    names += ["x" * 60, "Zé, Ana & Rui", "0E0", "~", "@at", "`tick`", "&amp", "*star"]
    t = pair(create([Team(name=n) for n in names], "swiss", variant=BEST_OF_3))
    back = parse_tournament(dump_tournament(t))[0]
    assert back == t
    assert back.team_names() == names


def _brute_most_pairs(names: list[str], met: set[frozenset[str]]) -> int:
    if len(names) < 2:
        return 0
    first, rest = names[0], names[1:]
    best = _brute_most_pairs(rest, met)  # first left unpaired
    for other in rest:
        if frozenset((first, other)) not in met:
            left = [n for n in rest if n != other]
            best = max(best, 1 + _brute_most_pairs(left, met))
    return best


_MEETINGS = st.integers(2, 9).flatmap(
    lambda n: st.tuples(
        st.just([f"T{i}" for i in range(n)]),
        st.sets(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1))),
    )
)


@given(_MEETINGS)
def test_the_matching_finds_the_fewest_rematches(
    case: tuple[list[str], set[tuple[int, int]]],
) -> None:
    from sueca_rules.tournament._pairing import _most_new_pairs

    names, edges = case
    met = {frozenset((names[a], names[b])) for a, b in edges if a != b}
    assert _most_new_pairs(names, met) == _brute_most_pairs(names, met)
    # The search with no steps to spare (the matching's help) pairs exactly as the search does.
    fast = swiss_pairs(names, met, set(), budget=0)
    assert fast == swiss_pairs(names, met, set())
    pairs, _ = fast
    rematches = sum(frozenset(p) in met for p in pairs)
    assert rematches == len(names) // 2 - _brute_most_pairs([n for p in pairs for n in p], met)


def test_a_name_is_one_name_however_its_accents_are_encoded() -> None:
    """ "José" with a composed é (NFC) and with an e and a combining accent (NFD) is one team:
    names are kept composed, and names that refer to a team are read so too."""
    import unicodedata

    composed, decomposed = (unicodedata.normalize(f, "José") for f in ("NFC", "NFD"))
    assert composed != decomposed
    assert Team(name=decomposed, players=[f"{decomposed} II"]).name == composed
    with pytest.raises(TournamentError, match="listed twice"):
        create([Team(name=composed), Team(name=decomposed), Team(name="Rui")], "round_robin")
    t = pair(create([Team(name=decomposed), Team(name="Rui")], "round_robin", variant=BEST_OF_3))
    assert t.rounds[0].tables[0].teams == [composed, "Rui"]
    done = record_result(t, BEST_OF_3, 1, 1, no_show=decomposed)
    result = done.rounds[0].tables[0].result
    assert result is not None
    assert (result.no_show, result.score) == (composed, [0, 2])
    # A file written by hand with the other encoding in the tables reads as the same team.
    text = dump_tournament(done).replace(f"[{composed}, Rui]", f"[{decomposed}, Rui]")
    assert decomposed in text
    assert parse_tournament(text)[0] == done


def test_undo_takes_back_a_corrected_result_of_an_earlier_round_robin_round() -> None:
    # In a round robin an earlier round's result may be undone and entered again while a later
    # round is under way: that correction is then the last result entered, and 'undo' takes it
    # back, not the later round's last result.
    t = pair(create(_teams(4), "round_robin", variant=BEST_OF_3))
    t = record_result(t, BEST_OF_3, 1, 1, score=(2, 0))
    t = record_result(t, BEST_OF_3, 1, 2, score=(2, 1))
    t = pair(t)
    t = record_result(t, BEST_OF_3, 2, 1, score=(0, 2))
    corrected = record_result(undo(t, 1, 1), BEST_OF_3, 1, 1, score=(1, 2))
    after = undo(corrected)
    assert after.rounds[0].tables[0].result is None
    assert after.rounds[1].tables[0].result == t.rounds[1].tables[0].result


def _knockout_after_round_1() -> str:
    t = pair(create(_teams(4), "knockout", variant=BEST_OF_3))
    t = record_result(t, BEST_OF_3, 1, 1, score=(2, 0))
    return dump_tournament(record_result(t, BEST_OF_3, 1, 2, score=(2, 1)))


def _swiss_paired() -> str:
    return dump_tournament(pair(create(_teams(5), "swiss", variant=BEST_OF_3)))


def _groups_paired() -> str:
    return dump_tournament(
        pair(create(_teams(6), "groups", variant=BEST_OF_3, groups=2, advance=2))
    )


@pytest.mark.parametrize(
    ("made", "changes", "where"),
    [
        # A knockout's round that is not the bracket's, or seeds that are not its teams: pairing
        # the next round raised a KeyError.
        (
            _knockout_after_round_1,
            [
                ("teams: [T01, T04]", "teams: [T01, T03]"),
                ("teams: [T02, T03]", "teams: [T02, T04]"),
            ],
            ":21:16: rounds[0].tables[0].teams: T01 v T03 is not a table of this knockout round: "
            "the bracket's are T01 v T04, T02 v T03",
        ),
        (
            _knockout_after_round_1,
            [("knockout_seeds: [T01, T02, T03, T04]", "knockout_seeds: [T01, T02, T03, Nobody]")],
            ":16:1: knockout_seeds: 'Nobody' is not a team of this tournament",
        ),
        (
            _knockout_after_round_1,
            [("knockout_seeds: [T01, T02, T03, T04]", "knockout_seeds: [T01, T01, T03, T04]")],
            ":16:1: knockout_seeds: the team 'T01' is listed twice",
        ),
        (
            _knockout_after_round_1,
            [("knockout_seeds: [T01, T02, T03, T04]", "knockout_seeds: [T01, T02, T03]")],
            ":16:1: knockout_seeds: every team of the knockout is listed once: 'T04' is missing",
        ),
        (
            _knockout_after_round_1,
            [("stage: knockout", "stage: swiss")],
            "rounds[0].stage: the rounds of a knockout tournament are of the stage knockout",
        ),
        # Groups that are not the teams, or an advance past the smallest group: the knockout's
        # pairing raised an IndexError, or wrote a round of a team that is not in the file.
        (
            _groups_paired,
            [("advance: 2", "advance: 5")],
            ":6:1: advance: the teams of each group that go on to the knockout: 1 to 3",
        ),
        (
            _groups_paired,
            [("{name: A, teams: [T01, T04, T05]}", "{name: A, teams: [T01, T04, Nobody]}")],
            "groups[0].teams: 'Nobody' is not a team of this tournament",
        ),
        (
            _groups_paired,
            [("{name: A, teams: [T01, T04, T05]}", "{name: A, teams: [T01, T04, T02]}")],
            "groups[1].teams: the team 'T02' is in group 'A' and in group 'B'",
        ),
        (
            _groups_paired,
            [("format: groups", "format: swiss")],
            "groups: this is for the groups format only, not swiss",
        ),
        # A team left out of a round (its bye deleted): it silently lost the bye's score.
        (
            _swiss_paired,
            [("  byes: [T05]\n", "")],
            "rounds[0]: the team 'T05' is neither at a table of this round nor given a bye",
        ),
    ],
)
def test_a_file_that_does_not_fit_its_format_is_refused_where_it_is_wrong(
    made: object, changes: list[tuple[str, str]], where: str
) -> None:
    assert callable(made)
    text = made()
    for old, new in changes:
        assert old in text
        text = text.replace(old, new, 1)
    with pytest.raises(TournamentFileError) as info:
        parse_tournament(text, file="cup.yaml")
    assert where in str(info.value)
    _said_in_portuguese(info.value, where)


def test_a_groups_file_without_its_groups_is_refused_not_a_traceback() -> None:
    text = _groups_paired()
    start = text.index("groups:\n")
    end = text.index("rounds:")
    broken = text[:start] + text[end:]
    with pytest.raises(TournamentFileError, match="groups: the groups format needs them"):
        parse_tournament(broken, file="cup.yaml")


def test_a_record_whose_variant_has_problems_says_them_in_the_refusal() -> None:
    """A record's variant written inline (or in a file) with problems: the refusal says them,
    not only "the variant written in the record is not usable; its problems follow"."""
    import json

    from sueca_rules import parse_record

    t = pair(create(_teams(2), "round_robin", variant=BEST_OF_3))
    inline = {"name": "Casa", "match": {"best_of": 2}}
    record = {"variant": inline, "first_dealer": 0, "deals": []}
    with pytest.raises(TournamentError) as info:
        record_result(t, BEST_OF_3, 1, 1, record=parse_record(json.dumps(record), file="g.json"))
    assert str(info.value) == (
        "the record cannot be replayed: the variant written in the record is not usable; its "
        "problems follow: g.json:1:40: match.best_of: best_of must be odd (1, 3, 5, ...) so "
        "that a match cannot end level, got 2"
    )
