"""An independent referee for records, written from the contract's wording alone.

It shares no code with the engine: cards are strings, hands are lists, rules are read straight
from the pydantic Variant. It is slow and plain on purpose, so that the engine (bitmasks,
compiled rules) can be checked against it on random games and on the golden records.
"""

from __future__ import annotations

import itertools
from typing import Any, NamedTuple

from sueca_rules import Variant

ORDER = "23456QJK7A"  # weakest to strongest
POINTS = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}
# Who leads the first trick: the seats after the dealer, counted in the direction of play.
_LEADER_STEP = {"after_dealer": 1, "dealer": 0, "before_dealer": -1}
MAX_DEAL_GAMES = 10**18  # the library's stated cap on one deal's games (multiplied ties)


def trick_winner(cards: list[tuple[int, str]], trump: str) -> int:
    """The seat that wins a trick of (seat, card) pairs in play order."""
    led = cards[0][1][1]
    trumps = [sc for sc in cards if sc[1][1] == trump]
    pool = trumps or [sc for sc in cards if sc[1][1] == led]
    return max(pool, key=lambda sc: ORDER.index(sc[1][0]))[0]


def deal_games(variant: Variant, points: int, all_tricks: bool, pending: int) -> tuple[int, bool]:
    """Games for the winner of a deal, and whether it is a bandeira."""
    scoring = variant.scoring
    bandeira = all_tricks if scoring.bandeira.requires == "all_tricks" else points == 120
    if bandeira:
        games = scoring.bandeira.games
    else:
        reached = [t for t in scoring.tiers if points >= t.min_points]
        games = max(reached, key=lambda t: t.min_points).games if reached else 0
    if scoring.tie.mode == "add":
        games += scoring.tie.amount * pending
    elif scoring.tie.mode == "multiply":
        games *= scoring.tie.amount**pending
    return min(games, MAX_DEAL_GAMES), bandeira


class Judgement(NamedTuple):
    """The referee's view of a record: the contract's report, and per deal whether it was a
    bandeira and how many ties were pending once it was scored."""

    report: dict[str, Any]
    bandeiras: list[bool]
    pending: list[int]


def referee(variant: Variant, record: dict[str, Any]) -> dict[str, Any]:
    """The contract's ``replay --json`` object (its fixed keys only) for a legal record."""
    return judge(variant, record).report


def judge(variant: Variant, record: dict[str, Any]) -> Judgement:
    """The whole :class:`Judgement` of a legal record."""
    step = 1 if variant.table.direction == "clockwise" else 3
    revoke = variant.revoke
    false_games = (
        revoke.penalty_games if revoke.false_claim_games is None else revoke.false_claim_games
    )
    games = [0, 0]
    partidas = [0, 0]
    partida = 0
    pending = 0
    winner: int | None = None
    dealer = record["first_dealer"]
    out = []
    bandeiras: list[bool] = []
    pending_after: list[int] = []
    for deal in record["deals"]:
        assert winner is None, "a deal after the match is over"
        hands = [list(h) for h in deal["hands"]]
        trump = deal["trump_card"][1]
        assert deal["trump_card"] in hands[dealer]
        leader = (dealer + _LEADER_STEP[variant.table.first_leader] * step) % 4
        if deal.get("redeal") is not None:
            # A weak hand asked for a new deal: nothing played, nothing awarded, same dealer.
            seat = deal["redeal"]
            redeal = variant.deal.redeal
            below = redeal.leader_below if seat == leader else redeal.others_below
            points_held = sum(POINTS.get(c[0], 0) for c in hands[seat])
            assert below is not None, "a redeal by a seat that may never ask"
            assert points_held < below, "a redeal by a hand at or above its threshold"
            assert not deal.get("plays")
            assert not deal.get("claims")
            out.append(
                {
                    "dealer": dealer,
                    "trump": trump,
                    "tricks": [],
                    "points": [0, 0],
                    "tricks_won": [0, 0],
                    "result": "redeal",
                    "games": [0, 0],
                    "partida": partida,
                }
            )
            bandeiras.append(False)
            pending_after.append(pending)
            continue
        plays = deal["plays"]
        claims = deal.get("claims", [])
        seat = leader
        current: list[tuple[int, str]] = []
        tricks = []
        points = [0, 0]
        won = [0, 0]
        revokers: list[int] = []
        penalties = [0, 0]  # false claims after which play went on
        awarded = [0, 0]
        ended_by: int | None = None  # the team that scored the claim that ended the deal
        # Claims are taken in the record's order, the order they were made in (each after the
        # card it follows); a play_on false claim at the count scores the deal at once.
        ordered = list(claims)
        assert all(a["after"] <= b["after"] for a, b in itertools.pairwise(ordered)), "order"
        next_claim = 0
        scored_at_the_count = False
        for k in range(len(plays) + 1):
            while next_claim < len(ordered) and ordered[next_claim]["after"] == k:
                claim = ordered[next_claim]
                next_claim += 1
                assert not scored_at_the_count, "a claim after the deal was scored"
                team = claim["by"] % 2
                against = claim.get("against")
                assert (against is not None) == (revoke.accuse == "player")
                if any(r % 2 != team and against in (None, r) for r in revokers):
                    ended_by = team
                    awarded = list(penalties)
                    awarded[team] += revoke.penalty_games
                elif revoke.false_claim == "penalize_claimant":
                    if revoke.after_false_claim == "deal_ends":
                        ended_by = 1 - team
                        awarded = [0, 0]
                        awarded[1 - team] = false_games
                    else:
                        penalties[1 - team] += false_games
                        scored_at_the_count = k == 40
                if ended_by is not None:
                    break
            if ended_by is not None:
                assert next_claim == len(ordered), "a claim after the claim that ended the deal"
                break
            if k == len(plays):
                break
            card = plays[k]
            hand = hands[seat]
            assert card in hand, f"{card} not in seat {seat}'s hand"
            if current:
                led = current[0][1][1]
                if card[1] != led and any(c[1] == led for c in hand):
                    assert revoke.mode == "claimable"
                    revokers.append(seat)
            hand.remove(card)
            current.append((seat, card))
            if len(current) == 4:
                w = trick_winner(current, trump)
                p = sum(POINTS.get(c[0], 0) for _, c in current)
                points[w % 2] += p
                won[w % 2] += 1
                tricks.append(
                    {
                        "leader": current[0][0],
                        "cards": [c for _, c in current],
                        "winner": w,
                        "points": p,
                    }
                )
                current = []
                seat = w
            else:
                seat = (seat + step) % 4
        bandeira = False
        if ended_by is not None:
            result = "revoke"
            scorer: int | None = ended_by
        else:
            assert len(plays) == 40, "a deal cut short without a claim"
            awarded = list(penalties)
            if points[0] == points[1]:
                result = "tie"
                scorer = None
                if variant.scoring.tie.mode != "none":
                    pending = pending + 1 if variant.scoring.tie.stacks else 1
            else:
                result = "won"
                scorer = 0 if points[0] > points[1] else 1
                deal_won, bandeira = deal_games(variant, points[scorer], won[scorer] == 10, pending)
                awarded[scorer] += deal_won
                pending = 0
        out.append(
            {
                "dealer": dealer,
                "trump": trump,
                "tricks": tricks,
                "points": points,
                "tricks_won": won,
                "result": result,
                "games": awarded,
                "partida": partida,
            }
        )
        bandeiras.append(bandeira)
        pending_after.append(pending)
        games = [games[0] + awarded[0], games[1] + awarded[1]]
        target = variant.match.target_games
        partida_won: int | None = None
        if bandeira and variant.scoring.bandeira.wins_partida:
            partida_won = scorer
        elif max(games) >= target and games[0] != games[1]:
            # One team at the target wins; both at it: more games wins; equal: play on.
            partida_won = 0 if games[0] > games[1] else 1
        if partida_won is not None:
            partidas[partida_won] += 1
            pending = 0  # a partida starts from nothing: a pending 60-60 is dropped
            pending_after[-1] = 0
            if partidas[partida_won] == variant.match.best_of // 2 + 1:
                winner = partida_won
            else:
                partida += 1
                games = [0, 0]
        dealer = (dealer + step) % 4
    report = {"deals": out, "games": games, "partidas": partidas, "winner": winner}
    return Judgement(report, bandeiras, pending_after)


CONTRACT_DEAL_KEYS = (
    "dealer",
    "trump",
    "tricks",
    "points",
    "tricks_won",
    "result",
    "games",
    "partida",
)


def contract_view(report: dict[str, Any]) -> dict[str, Any]:
    """Only the contract's keys of a ``replay --json`` object (extra keys are allowed)."""
    return {
        "deals": [{k: d[k] for k in CONTRACT_DEAL_KEYS} for d in report["deals"]],
        "games": report["games"],
        "partidas": report["partidas"],
        "winner": report["winner"],
    }
