"""``sueca replay``: replay a game record under its variant and score it."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ._common import CliError, add_command, print_json

if TYPE_CHECKING:
    from .._events import DealResult
    from .._match import Match

__all__ = ["register"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(
        subparsers,
        "replay",
        run_replay,
        help="replay a game record and score it",
        description=(
            "Replay a game record (YAML or JSON) under its variant: every card is checked\n"
            "against the rules and every deal scored. Prints a deal-by-deal account, or with\n"
            "--json one JSON object. An illegal record exits with status 1 and an error that\n"
            "names the deal, trick, seat and card."
        ),
    )
    p.add_argument("record", metavar="RECORD", help="the record file (.yaml, .yml or .json)")
    p.add_argument("--json", action="store_true", help="print one JSON object for machines")
    p.add_argument(
        "--partial",
        action="store_true",
        help="accept a record whose last deal is unfinished (a match saved in progress)",
    )


def run_replay(args: argparse.Namespace) -> int:
    from .._errors import RecordError
    from .._match import Match
    from .._record import load_record, replay_report

    try:
        record = load_record(args.record)
        match = Match.from_record(record, allow_unfinished=args.partial)
    except RecordError as exc:
        raise CliError("\n".join(str(i) for i in exc.issues)) from None
    if args.json:
        print_json(replay_report(match))
    else:
        print(account(match))
    return 0


def _team(team: int) -> str:
    return f"team {team} (seats {team} & {team + 2})"


def _deal_account(deal: DealResult, total: list[int]) -> list[str]:
    from .._cards import Suit

    trump = Suit(deal.trump_card // 10)
    lines = [
        f"Deal {deal.number} (partida {deal.partida + 1}): seat {deal.dealer} deals, "
        f"turns {deal.trump_card.symbol}: trumps are {trump.symbol} {trump.name.lower()}"
    ]
    for n, trick in enumerate(deal.tricks, 1):
        cards = " ".join(c.symbol.rjust(3) for c in trick.cards)
        lines.append(
            f"  {n:>2}. seat {trick.leader} leads: {cards}  → seat {trick.winner} wins "
            f"{trick.points:>2} point{'s' if trick.points != 1 else ''}"
        )
    played_tricks = len(deal.tricks) * 4
    if len(deal.plays) > played_tricks:
        rest = " ".join(c.symbol for c in deal.plays[played_tricks:])
        lines.append(f"      unfinished trick: {rest}")
    for claim in deal.claims:
        lines.append(f"      seat {claim.by} claims a renúncia after card {claim.after}")
    p0, p1 = deal.points
    t0, t1 = deal.tricks_won
    head = f"  Points {p0}-{p1}, tricks {t0}-{t1}: "
    if deal.result == "tie":
        lines.append(head + "60-60, empate: nobody scores.")
    elif deal.result == "revoke":
        team = deal.team if deal.team is not None else 0
        why = (
            f"seat {deal.revokes[0].seat} revoked with {deal.revokes[0].card.symbol}"
            if deal.revokes
            else "no renúncia"
        )
        lines.append(
            f"  Renúncia claimed ({why}): {_team(team)} scores {deal.games[team]} game(s)."
        )
    else:
        team = deal.team if deal.team is not None else 0
        kind = " (bandeira)" if deal.bandeira else ""
        lines.append(head + f"{_team(team)} scores {deal.games[team]} game(s){kind}.")
    total[0] += deal.games[0]
    total[1] += deal.games[1]
    return lines


def account(match: Match) -> str:
    """A readable deal-by-deal account of a replayed match."""
    lines = [f"{match.variant.name}: first dealer seat {match.first_dealer}", ""]
    total = [0, 0]
    partida = 0
    for deal in match.deals:
        if deal.partida != partida:
            partida, total = deal.partida, [0, 0]
        lines.extend(_deal_account(deal, total))
        lines.append(f"  Games in partida {deal.partida + 1}: {total[0]}-{total[1]}")
        lines.append("")
    if match.phase == "play":
        lines.append(
            f"Deal {match.deal_number} is unfinished: {len(match.plays)} card(s) played, "
            f"seat {match.turn} to play."
        )
    p0, p1 = match.partidas
    if match.winner is not None:
        lines.append(f"The match is over: {_team(match.winner)} wins, partidas {p0}-{p1}.")
    else:
        g0, g1 = match.games
        lines.append(f"The match goes on: games {g0}-{g1}, partidas {p0}-{p1}.")
    return "\n".join(lines)
