"""``sueca replay``: replay a game record under its variant and score it."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ._common import CliError, add_command, print_json

if TYPE_CHECKING:
    from .._events import Claim, DealResult
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
    from .._record import load_record
    from .._report import replay_report

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


def _games(n: int) -> str:
    return f"{n} game{'s' if n != 1 else ''}"


def _claim_line(deal: DealResult, claim: Claim, last: bool) -> str:
    """What a claim found: the rival's renúncia, or nothing (then what the variant did)."""
    from .._report import claim_caught

    head = f"      seat {claim.by} claims a renúncia after card {claim.after}: "
    revoke = claim_caught(deal, claim)
    if revoke is not None:
        return head + (
            f"right, seat {revoke.seat} revoked with {revoke.card.symbol} (card {revoke.play})"
        )
    if last and deal.result == "revoke":
        return head + "false, nobody of the other team had revoked"
    return head + "false, ignored by these rules: play goes on"


def _deal_account(deal: DealResult) -> list[str]:
    from .._cards import Suit

    trump = Suit(deal.trump_card // 10)
    lines = [
        f"Deal {deal.number} (partida {deal.partida + 1}): seat {deal.dealer} deals, "
        f"turns {deal.trump_card.symbol}: trumps are {trump.symbol} {trump.name.lower()}"
    ]
    claims = list(deal.claims)

    def claims_until(cards: int) -> None:
        while claims and claims[0].after <= cards:
            lines.append(_claim_line(deal, claims.pop(0), last=not claims))

    claims_until(0)
    for n, trick in enumerate(deal.tricks, 1):
        cards = " ".join(c.symbol.rjust(3) for c in trick.cards)
        lines.append(
            f"  {n:>2}. seat {trick.leader} leads: {cards}  → seat {trick.winner} wins "
            f"{trick.points:>2} point{'s' if trick.points != 1 else ''}"
        )
        claims_until(4 * n)
    played_tricks = len(deal.tricks) * 4
    if len(deal.plays) > played_tricks:
        rest = " ".join(c.symbol for c in deal.plays[played_tricks:])
        lines.append(f"      unfinished trick: {rest}")
    claims_until(40)
    p0, p1 = deal.points
    t0, t1 = deal.tricks_won
    head = f"  Points {p0}-{p1}, tricks {t0}-{t1}: "
    if deal.result == "tie":
        lines.append(head + "60-60, empate: nobody scores.")
    else:
        team = deal.team if deal.team is not None else 0
        games = _games(deal.games[team])
        if deal.result == "revoke":
            from .._report import claim_caught

            caught = claim_caught(deal, deal.claims[-1]) is not None
            what = "the renúncia" if caught else "the false claim"
            lines.append(f"  The deal ends on {what}: {_team(team)} scores {games}.")
        else:
            kind = " (bandeira)" if deal.bandeira else ""
            lines.append(head + f"{_team(team)} scores {games}{kind}.")
    return lines


def account(match: Match) -> str:
    """A readable deal-by-deal account of a replayed match."""
    lines = [f"{match.variant.name}: first dealer seat {match.first_dealer}", ""]
    target = match.rules.target_games
    deals = match.deals
    total = [0, 0]
    for i, deal in enumerate(deals):
        lines.extend(_deal_account(deal))
        total[0] += deal.games[0]
        total[1] += deal.games[1]
        lines.append(f"  Games in partida {deal.partida + 1}: {total[0]}-{total[1]}")
        if i + 1 < len(deals):
            following: int | None = deals[i + 1].partida
        else:
            following = None if match.is_over else match.partida
        if following != deal.partida and deal.team is not None:  # the partida ended here
            how = " with a bandeira" if deal.bandeira and total[deal.team] < target else ""
            lines.append(
                f"  {_team(deal.team).capitalize()} wins partida {deal.partida + 1}{how}, "
                f"{total[0]}-{total[1]} in games."
            )
            total = [0, 0]
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
