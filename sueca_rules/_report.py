"""The replay report: a match as the contract's `sueca replay --json` object.

The report is plain data (lists, numbers, text) for programs: the CLI prints it, the web app
sends it, tests compare it with an independent referee. It reads the match's public face only.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ._cards import Suit
from ._engine import Engine
from ._errors import ConfigError
from ._events import Claim, DealResult, Revoke, Trick
from ._rules import Rules, claim_catches

__all__ = ["claim_caught", "deal_outcome", "partida_games", "replay_report"]


def claim_caught(deal: DealResult, claim: Claim) -> Revoke | None:
    """The renúncia `claim` caught in a finished deal (see `claim_catches()`), or `None` for a false
    claim."""
    return claim_catches(claim, deal.revokes)


def deal_outcome(deal: DealResult) -> tuple[int, int, bool]:
    """What a finished deal gave, for the front ends to put in words: the team it went to (0 for
    a 60-60), the games of the deal itself (its play_on penalties apart), and, for a deal a claim
    ended, whether that claim caught a renúncia (`False` otherwise)."""
    team = deal.team if deal.team is not None else 0
    caught = deal.result == "revoke" and claim_caught(deal, deal.claims[-1]) is not None
    return team, deal.games[team] - deal.penalties[team], caught


def partida_games(deals: Sequence[DealResult]) -> tuple[int, int]:
    """The games of the partida of the last of `deals` right after it (before a new partida
    starts again from nothing)."""
    last = deals[-1].partida
    games = [0, 0]
    for deal in deals:
        if deal.partida == last:
            games[0] += deal.games[0]
            games[1] += deal.games[1]
    return games[0], games[1]


def replay_report(match: Engine) -> dict[str, Any]:
    """The contract's `sueca replay --json` object for a (replayed) match.

    Beyond the contract's keys, each deal says its number, turned card, whether it was a bandeira,
    its claims (with whether each was right), its renúncias, the seat that asked for a redeal and
    its false-claim penalties, and (`current_trick`) the cards of a trick a claim cut short; a
    deal still on the table is reported under `unfinished_deal`.
    """
    if not isinstance(match, Engine):
        how = (
            ": replay it first, replay_report(Match.from_record(record))"
            if type(match).__name__ == "Record"
            else ""
        )
        raise ConfigError(f"replay_report() takes a Match, not {type(match).__name__}{how}")
    report: dict[str, Any] = {
        "variant": match.variant.name,
        "deals": [_deal_json(d, match.rules) for d in match.deals],
        "games": list(match.games),
        "partidas": list(match.partidas),
        "winner": match.winner,
    }
    trump = match.trump_card
    if trump is not None:  # a record of a match in progress (replayed with --partial)
        report["unfinished_deal"] = {
            "deal": match.deal_number,
            "dealer": match.dealer,
            "trump": Suit(trump // 10).letter,
            "trump_card": str(trump),
            "phase": match.phase,
            "tricks": [_trick_json(t) for t in match.tricks],
            "current_trick": {
                "leader": match.trick_leader,
                "cards": [str(c) for _, c in match.trick],
            },
            "points": list(match.points),
            "tricks_won": list(match.tricks_won),
            "partida": match.partida,
            "turn": match.turn,
        }
    return report


def _deal_json(d: DealResult, rules: Rules) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "deal": d.number,
        "dealer": d.dealer,
        "trump": Suit(d.trump_card // 10).letter,
        "trump_card": str(d.trump_card),
        "tricks": [_trick_json(t) for t in d.tricks],
        "points": list(d.points),
        "tricks_won": list(d.tricks_won),
        "result": d.result,
        "games": list(d.games),
        "partida": d.partida,
        "bandeira": d.bandeira,
    }
    cut = d.plays[4 * len(d.tricks) :]
    if cut:  # a claim ended the deal in the middle of a trick: its cards, as played
        leader = d.tricks[-1].winner if d.tricks else rules.first_leader(d.dealer)
        entry["current_trick"] = {"leader": leader, "cards": [str(c) for c in cut]}
    if d.redeal is not None:
        entry["redeal"] = d.redeal
    if d.claims:
        entry["claims"] = [_claim_json(d, c) for c in d.claims]
    if d.revokes:
        entry["revokes"] = [
            {"play": r.play, "seat": r.seat, "card": str(r.card)} for r in d.revokes
        ]
    if any(d.penalties):
        entry["penalties"] = list(d.penalties)
    return entry


def _claim_json(deal: DealResult, claim: Claim) -> dict[str, Any]:
    out: dict[str, Any] = {"after": claim.after, "by": claim.by}
    if claim.against is not None:
        out["against"] = claim.against
    out["valid"] = claim_caught(deal, claim) is not None
    return out


def _trick_json(trick: Trick) -> dict[str, Any]:
    return {
        "leader": trick.leader,
        "cards": [str(c) for c in trick.cards],
        "winner": trick.winner,
        "points": trick.points,
    }
