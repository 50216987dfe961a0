"""The games a result may give each team: the bounds worked out from a variant's rules hold every
match the engine plays (random variants, 60-60 ties in a row, bandeiras, renúncias and false
claims), and refuse what no match can end with."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, note
from hypothesis import strategies as st

from sueca_rules import Match, Variant, load_variant
from sueca_rules.tournament import (
    MAX_GAMES,
    PartidaGames,
    Team,
    TournamentError,
    create,
    games_of,
    games_problem,
    pair,
    partida_games,
    record_result,
)

from .games import random_step
from .scenarios import play_kind
from .strategies import deal_plans, scoring_families, variants

PORTUGAL = load_variant("portugal")
BEST_OF_3 = load_variant("portugal-best-of-3")
ONLINE_3 = Variant.model_validate(
    {
        **load_variant("sueca-online").model_dump(mode="json", exclude={"extends"}),
        "match": {"target_games": 4, "best_of": 3},
    }
)


def _partidas(match: Match) -> list[tuple[int, tuple[int, int]]]:
    """Each partida the match finished: its winner and the games each team held at its end."""
    totals: dict[int, list[int]] = {}
    winners: dict[int, int] = {}
    for deal in match.deals:
        games = totals.setdefault(deal.partida, [0, 0])
        games[0] += deal.games[0]
        games[1] += deal.games[1]
        if deal.partida_winner is not None:
            winners[deal.partida] = deal.partida_winner
    return [(won, (totals[p][0], totals[p][1])) for p, won in sorted(winners.items())]


def _check_match(variant: Variant, match: Match) -> None:
    """Every partida the match finished is within the bounds, and so is a finished match."""
    bounds = partida_games(variant)
    note(f"{bounds!r}")
    for won, games in _partidas(match):
        note(f"partida won by team {won} with games {games}")
        assert bounds.won_min <= games[won] <= bounds.won_max
        assert 0 <= games[1 - won] <= bounds.lost_max
    if match.is_over:
        total = games_of(match)
        if max(total) <= MAX_GAMES:
            assert games_problem(total, match.partidas, variant) is None


def _finish(match: Match, rng: random.Random, deals: int) -> None:
    """Random deals (legal cards at random) until the match is over or `deals` more were played."""
    stop = len(match.deals) + deals
    while not match.is_over and len(match.deals) < stop:
        play_kind(match, "random", rng)


@given(scoring_families(), st.integers(0, 3), deal_plans(), st.integers(0, 2**32))
def test_no_match_played_ends_outside_the_bounds(
    family: list[Variant], first_dealer: int, plan: list[tuple[str, int]], seed: int
) -> None:
    """60-60 ties in a row, sweeps, bandeiras and renúncias claimed (rightly or not, ties
    pending or not), then random deals to the end: every partida's games are within the bounds
    of its variant, and every finished match's games are accepted as a result."""
    for variant in family:
        match = Match(variant, deal=False, first_dealer=first_dealer)
        for kind, deal_seed in plan:
            if match.is_over:
                break
            play_kind(match, kind, random.Random(deal_seed))
        _finish(match, random.Random(seed), 40)
        _check_match(variant, match)


@given(variants(short=True), st.integers(0, 2**32))
def test_no_random_match_ends_outside_the_bounds(variant: Variant, seed: int) -> None:
    """Random play under random variants, with renúncias and claims at random moments."""
    rng = random.Random(seed)
    match = Match(variant, seed=seed)
    while not match.is_over and len(match.deals) < 60:
        random_step(match, rng, revoke_rate=0.1, claim_rate=0.05)
    _check_match(variant, match)


def _variant(**fields: object) -> Variant:
    data = PORTUGAL.model_dump(mode="json", exclude={"extends"})
    for path, value in fields.items():
        *keys, last = path.split("__")
        where = data
        for key in keys:
            where = where[key]
        where[last] = value
    return Variant.model_validate(data)


@pytest.mark.parametrize(
    ("variant", "bounds"),
    [
        # Ties stack: any number of 60-60 in a row make the last deal worth any number of games.
        (PORTUGAL, PartidaGames(won_min=4, won_max=MAX_GAMES, lost_max=3)),
        # No tie carries over: 3 games, then a bandeira (4 games).
        (load_variant("sueca-online"), PartidaGames(won_min=4, won_max=7, lost_max=3)),
        # Ties in a row count as one and double: 3 games, then a bandeira doubled (8 games).
        (load_variant("sueca-play"), PartidaGames(won_min=4, won_max=11, lost_max=3)),
        # Renúncias claimable, the deal ends at a claim: a claim's 4 games is the largest part.
        (load_variant("portugal-table"), PartidaGames(won_min=4, won_max=MAX_GAMES, lost_max=3)),
        (
            _variant(revoke__mode="claimable", scoring__tie__mode="none"),
            PartidaGames(won_min=4, won_max=7, lost_max=3),
        ),
        # A penalty of 9 games: the last deal may pass the target by 8.
        (
            _variant(revoke__mode="claimable", revoke__penalty_games=9, scoring__tie__stacks=False),
            PartidaGames(won_min=4, won_max=12, lost_max=3),
        ),
        # Every deal is worth 3 games: 3 games short of 4, then 3 more; never 4 or 5.
        (
            _variant(
                scoring__tiers=[{"min_points": 61, "games": 3}],
                scoring__bandeira__games=3,
                scoring__tie__mode="none",
            ),
            PartidaGames(won_min=6, won_max=6, lost_max=3),
        ),
        # Every deal is worth 2 games: a partida is lost with 0 or 2 (never 3), won with 4.
        (
            _variant(
                scoring__tiers=[{"min_points": 61, "games": 2}],
                scoring__bandeira__games=2,
                scoring__tie__mode="none",
            ),
            PartidaGames(won_min=4, won_max=4, lost_max=2),
        ),
        # A bandeira of 1 game wins the partida at once: it may be won with 1 game.
        (
            _variant(scoring__bandeira__games=1, scoring__bandeira__wins_partida=True),
            PartidaGames(won_min=1, won_max=MAX_GAMES, lost_max=3),
        ),
        # play_on: one deal gives both teams games, and level teams past the target play on.
        (
            _variant(
                revoke__mode="claimable",
                revoke__after_false_claim="play_on",
                scoring__tie__mode="none",
            ),
            PartidaGames(won_min=4, won_max=MAX_GAMES, lost_max=MAX_GAMES),
        ),
        # play_on with false claims worth nothing: one deal still gives games to one team only.
        (
            _variant(
                revoke__mode="claimable",
                revoke__after_false_claim="play_on",
                revoke__false_claim_games=0,
                scoring__tie__mode="none",
            ),
            PartidaGames(won_min=4, won_max=7, lost_max=3),
        ),
    ],
)
def test_the_bounds_of_a_partida(variant: Variant, bounds: PartidaGames) -> None:
    assert partida_games(variant) == bounds


@pytest.mark.parametrize(
    ("variant", "score", "games", "message"),
    [
        (PORTUGAL, (1, 0), (7, 6), "won 0 partidas and lost 1 won at most 3 games"),
        (PORTUGAL, (0, 1), (3, 4_000), None),
        (PORTUGAL, (1, 0), (4, 4), "at most 3 games"),
        (BEST_OF_3, (2, 0), (8, 7), "won 0 partidas and lost 2 won at most 6 games"),
        (
            ONLINE_3,
            (2, 1),
            (8, 14),
            "a team that won 1 partida and lost 2 won at most 13 games under this variant (a "
            "partida won ends with at most 7 games, one lost with at most 3), got 14",
        ),
        (ONLINE_3, (2, 1), (17, 13), None),
        (ONLINE_3, (2, 1), (18, 13), "won 2 partidas and lost 1 won at most 17 games"),
        (BEST_OF_3, (2, 1), (11, 4), None),
        (BEST_OF_3, (2, 1), (7, 4), "won at least 8 games"),
        (
            load_variant("sueca-online"),
            (1, 0),
            (8, 0),
            "a partida won ends with at most 7 games: the deal that reaches 4 passes it by at "
            "most 3",
        ),
        (load_variant("sueca-online"), (1, 0), (7, 3), None),
        (PORTUGAL, (1, 0), (-40, 1), "games are 0 to 100,000, got -40"),
    ],
)
def test_results_with_games_no_match_ends_with_are_refused(
    variant: Variant, score: tuple[int, int], games: tuple[int, int], message: str | None
) -> None:
    t = pair(create([Team(name="A"), Team(name="B")], "round_robin", variant=variant))
    if message is None:
        assert record_result(t, variant, 1, 1, score=score, games=games).rounds[0].tables[0].result
        return
    with pytest.raises(TournamentError, match=re.escape(message)):
        record_result(t, variant, 1, 1, score=score, games=games)
