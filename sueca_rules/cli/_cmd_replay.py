"""`sueca replay`: replay a game record under its variant and score it."""

from __future__ import annotations

import argparse
import shlex
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ._common import CliError, add_command, print_json

if TYPE_CHECKING:
    from .._cards import Card
    from .._events import Claim, DealResult, Revoke, Trick
    from .._lang import FalseClaim, ReplayPhrases
    from .._match import Match
    from .._record import Record
    from .._rules import Rules

__all__ = ["account", "register"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = add_command(
        subparsers,
        "replay",
        run_replay,
        help="replay a game record and score it",
        description=(
            "Replay a game record (YAML or JSON) under its variant: every card is checked\n"
            "against the rules and every deal scored. Prints a deal-by-deal account (the\n"
            "tricks, renúncia claims during play and at the count, accusations, false-claim\n"
            "penalties, redeals), or with --json one JSON object. An illegal record exits\n"
            "with status 1 and an error that names the deal, trick, seat and card.\n"
            "\n"
            "A game saved part-way (sueca play --record, then q) replays with --partial,\n"
            "which also shows the tricks of the deal left on the table; sueca play --resume\n"
            "goes on with it."
        ),
    )
    p.add_argument("record", metavar="RECORD", help="the record file (.yaml, .yml or .json)")
    p.add_argument("--json", action="store_true", help="print one JSON object for machines")
    p.add_argument(
        "--partial",
        action="store_true",
        help="accept a record whose last deal is unfinished (a match saved in progress)",
    )
    p.add_argument(
        "--lang",
        choices=("en", "pt"),
        help="the language of the account: en or pt; default: pt when the locale is "
        "Portuguese, else en (--json is the same in every language)",
    )


def _replay(record: Record, path: str, partial: bool) -> Match:
    """The record replayed; a record that stops mid-deal without `partial` is an error that says how
    to replay or resume it."""
    from .._errors import RecordError
    from .._match import Match

    try:
        return Match.from_record(record, allow_unfinished=partial)
    except RecordError as exc:
        message = "\n".join(str(i) for i in exc.issues)
        if not partial:
            try:
                Match.from_record(record, allow_unfinished=True)
            except RecordError:
                pass
            else:
                quoted = shlex.quote(path)
                message += (
                    "; this looks like a game saved part-way: replay what was played with "
                    f"'sueca replay --partial {quoted}', or go on with it with 'sueca play "
                    f"--resume {quoted}'."
                )
        raise CliError(message) from None


def run_replay(args: argparse.Namespace) -> int:
    from .._errors import RecordError
    from .._record import load_record
    from .._report import replay_report
    from ._common import default_lang

    try:
        record = load_record(args.record)
    except RecordError as exc:
        raise CliError("\n".join(str(i) for i in exc.issues)) from None
    match = _replay(record, args.record, args.partial)
    if args.json:
        print_json(replay_report(match))
    else:
        print(account(match, args.lang or default_lang()))
    return 0


def _claim_line(w: ReplayPhrases, rules: Rules, revokes: Sequence[Revoke], claim: Claim) -> str:
    """What a claim found (among the deal's `revokes`): the rival's renúncia, or nothing (then what
    the variant did)."""
    from .._rules import claim_catches, team_of

    revoke = claim_catches(claim, revokes)
    if revoke is not None:
        found = w.claim_found(revoke.seat, revoke.card.symbol, revoke.play)
    else:
        outcome: FalseClaim = "ignored"
        if rules.false_claim_penalizes:
            outcome = "on" if rules.false_claim_plays_on else "ends"
        team = w.team_long(1 - team_of(claim.by))
        count = claim.after == 40
        found = w.claim_false(outcome, claim.against, team, rules.false_claim_games, count)
    return "      " + w.claim(claim.by, claim.against, claim.after, found)


def _tricks(
    w: ReplayPhrases,
    rules: Rules,
    tricks: Sequence[Trick],
    claims: Sequence[Claim],
    revokes: Sequence[Revoke],
    plays: int,
) -> list[str]:
    """The tricks of a deal with its claims where they were made (after the card they
    follow)."""
    lines: list[str] = []
    pending = list(claims)

    def claims_until(cards: int) -> None:
        while pending and pending[0].after <= cards:
            lines.append(_claim_line(w, rules, revokes, pending.pop(0)))

    claims_until(0)
    for n, trick in enumerate(tricks, 1):
        cards = " ".join(c.symbol.rjust(3) for c in trick.cards)
        lines.append("  " + w.trick(n, trick.leader, cards, trick.winner, trick.points))
        claims_until(4 * n)
    claims_until(plays)
    return lines


def _deal_head(w: ReplayPhrases, number: int, partida: int, dealer: int, card: Card) -> str:
    return w.deal(number, partida + 1, dealer, card.symbol, card.suit)


def _deal_account(w: ReplayPhrases, rules: Rules, deal: DealResult) -> list[str]:
    from .._report import claim_caught

    lines = [_deal_head(w, deal.number, deal.partida, deal.dealer, deal.trump_card)]
    if deal.redeal is not None:
        lines.append("  " + w.redeal(deal.redeal))
        return lines
    lines.extend(_tricks(w, rules, deal.tricks, deal.claims, deal.revokes, len(deal.plays)))
    team = deal.team if deal.team is not None else 0
    games = deal.games[team] - deal.penalties[team]
    head = w.points(deal.points, deal.tricks_won) + " "
    if deal.result == "tie":
        text = head + w.tie()
    elif deal.result == "revoke":
        caught = claim_caught(deal, deal.claims[-1]) is not None
        text = w.by_claim(caught, w.team_long(team), games)
    else:
        text = head + w.won(w.team_long(team), games, deal.bandeira)
    if any(deal.penalties):
        text += w.penalties(deal.penalties)
    lines.append("  " + text)
    return lines


def account(match: Match, lang: str = "en") -> str:
    """A readable deal-by-deal account of a replayed match, in `lang` (`en`, `pt`)."""
    from .._lang import phrases

    w = phrases(lang).replay
    rules = match.rules
    lines = [w.head(match.variant.name, match.first_dealer), ""]
    deals = match.deals
    total = [0, 0]
    for i, deal in enumerate(deals):
        lines.extend(_deal_account(w, rules, deal))
        total = [total[0] + deal.games[0], total[1] + deal.games[1]]
        lines.append("  " + w.games(deal.partida + 1, (total[0], total[1])))
        if i + 1 < len(deals):
            following: int | None = deals[i + 1].partida
        else:
            following = None if match.is_over else match.partida
        if following != deal.partida and deal.team is not None:  # the partida ended here
            bandeira = deal.bandeira and total[deal.team] < rules.target_games
            team = w.team_long(deal.team)
            won = w.partida(team, deal.partida + 1, bandeira, (total[0], total[1]))
            lines.append("  " + won)
            total = [0, 0]
        lines.append("")
    lines.extend(_unfinished(w, match))
    if match.winner is not None:
        lines.append(w.match_over(w.team_long(match.winner), match.partidas))
    else:
        lines.append(w.match_goes_on(match.games, match.partidas))
    return "\n".join(lines)


def _unfinished(w: ReplayPhrases, match: Match) -> list[str]:
    """The deal left on the table by a game saved part-way: its tricks so far."""
    turned = match.trump_card
    if turned is None:
        return []
    lines = [_deal_head(w, match.deal_number, match.partida, match.dealer, turned)]
    plays = len(match.plays)
    lines.extend(_tricks(w, match.rules, match.tricks, match.claims, match.revokes, plays))
    rest = match.trick
    if rest:
        lines.append("      " + w.unfinished_trick(" ".join(c.symbol for _, c in rest)))
    lines.append(w.unfinished_deal(match.deal_number, plays, match.turn))
    return lines
