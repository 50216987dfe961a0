"""`sueca replay`: replay a game record under its variant and score it."""

from __future__ import annotations

import argparse
import shlex
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ._common import (
    CliError,
    Command,
    cli_words,
    issue_lines,
    lang_of,
    print_json,
    print_report,
)

if TYPE_CHECKING:
    from .._cards import Card
    from .._events import Claim, DealResult, Revoke, Trick
    from .._lang import FalseClaim, Lang, ReplayPhrases
    from .._match import Match
    from .._record import Record
    from .._rules import Rules
    from ._common import HelpWords

__all__ = ["COMMANDS", "account"]


def _arguments(p: argparse.ArgumentParser, said: HelpWords) -> None:
    """The arguments of `sueca replay`."""
    said.shared(p, "record")
    said.json_option(p, "object")
    said.arg(p, "--partial", action="store_true")
    said.lang_option(p, "account", "json")


def _replay(record: Record, path: str, partial: bool, lang: Lang) -> Match:
    """The record replayed; a record that stops mid-deal without `partial` is an error that says how
    to replay or resume it (in `lang`)."""
    from pathlib import Path

    from .._errors import RecordError
    from .._match import Match
    from ._common import STDIN, with_other_variant

    # a record from standard input names variant files from the working directory
    base_dir = Path.cwd() if path == STDIN else None
    try:
        return Match.from_record(record, base_dir=base_dir, allow_unfinished=partial)
    except RecordError as exc:
        message = issue_lines(exc.issues, lang)
        try:
            Match.from_record(record, base_dir=base_dir, allow_unfinished=True)
        except RecordError as again:
            # a deal illegal under its own variant: maybe it was played under another one
            if again.deal is not None:
                message = with_other_variant(message, record, lang, base_dir, partial=partial)
        else:
            if not partial and path == STDIN:  # not to resume from there: play reads moves
                message += cli_words(lang, "saved_part_way_stdin")
            elif not partial:
                message += cli_words(lang, "saved_part_way", path=shlex.quote(path))
        raise CliError(message) from None


def run_replay(args: argparse.Namespace) -> int:
    from .._report import replay_report
    from ._common import load_record_arg

    lang = lang_of(args)
    record = load_record_arg(args.record, lang)
    match = _replay(record, args.record, args.partial, lang)
    if args.json:
        print_json(replay_report(match))
    else:
        print_report(account(match, lang))
    return 0


COMMANDS: Final = (Command("replay", run_replay, _arguments),)
"""`sueca replay` (see `Command`)."""


def _claim_line(w: ReplayPhrases, rules: Rules, revokes: Sequence[Revoke], claim: Claim) -> str:
    """What a claim found (among the deal's `revokes`): the rival's renúncia, or nothing (then what
    the variant did)."""
    from .._rules import claim_catches, team_of

    revoke = claim_catches(claim, revokes)
    if revoke is not None:
        found = w.claim_found(revoke.seat, w.card(revoke.card), revoke.play)
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
    leader: int,
    tricks: Sequence[Trick],
    plays: Sequence[Card],
    claims: Sequence[Claim],
    revokes: Sequence[Revoke],
) -> list[str]:
    """The tricks of a deal whose first trick `leader` led, with each claim where it was made:
    after the card it follows, inside a trick when it was made in the middle of one (the rest of
    the trick goes on under its column). A trick the deal stopped in (a claim ended the deal, or
    the game was saved part-way) shows the cards played in it."""
    lines: list[str] = []
    pending = list(claims)

    def claims_until(cards: int) -> None:
        while pending and pending[0].after <= cards:
            lines.append(_claim_line(w, rules, revokes, pending.pop(0)))

    claims_until(0)
    for start in range(0, len(plays), 4):
        cards = plays[start : start + 4]
        trick = tricks[start // 4] if start // 4 < len(tricks) else None
        if trick is not None:
            leader = trick.leader
        head = "  " + w.trick_head(start // 4 + 1, leader)
        shown = 0  # the cards of this trick already printed
        for i in range(1, len(cards)):
            if pending and pending[0].after <= start + i:  # a claim in the middle of the trick
                lines.append(_trick_part(w, head, shown, cards[shown:i]))
                shown = i
                claims_until(start + i)
        line = _trick_part(w, head, shown, cards[shown:])
        if trick is not None:
            line += "  " + w.trick_won(trick.winner, trick.points)
            leader = trick.winner
        lines.append(line)
        claims_until(start + len(cards))
    claims_until(len(plays))
    return lines


def _trick_part(w: ReplayPhrases, head: str, shown: int, cards: Sequence[Card]) -> str:
    """Cards of a trick after its `shown` first ones (as the language writes them: `R♣` in
    Portuguese): on the trick's `head` line, or under their own column on a line of their own."""
    text = " ".join(w.card(c).rjust(3) for c in cards)
    if shown == 0:
        return f"{head} {text}"
    return " " * (len(head) + 1 + 4 * shown) + text


def _deal_head(w: ReplayPhrases, number: int, partida: int, dealer: int, card: Card) -> str:
    return w.deal(number, partida + 1, dealer, w.card(card), card.suit)


def _deal_account(w: ReplayPhrases, rules: Rules, deal: DealResult) -> list[str]:
    from .._report import deal_outcome

    lines = [_deal_head(w, deal.number, deal.partida, deal.dealer, deal.trump_card)]
    if deal.redeal is not None:
        lines.append("  " + w.redeal(deal.redeal))
        return lines
    leader = rules.first_leader(deal.dealer)
    lines.extend(_tricks(w, rules, leader, deal.tricks, deal.plays, deal.claims, deal.revokes))
    team, games, caught = deal_outcome(deal)
    if deal.result == "tie":
        text = w.tie(deal.tricks_won, deal.penalties)
    else:
        if deal.result == "revoke":
            text = w.by_claim(caught, w.team_long(team), games)
        else:
            head = w.points(deal.points, deal.tricks_won)
            text = head + " " + w.won(w.team_long(team), games, deal.bandeira)
        if any(deal.penalties):
            text += w.penalties(deal.penalties)
    lines.append("  " + text)
    return lines


def account(match: Match, lang: str = "en") -> str:
    """A readable deal-by-deal account of a replayed match, in `lang` (`en`, `pt`)."""
    from .._describe_facts import shown_name
    from .._lang import phrases

    w = phrases(lang).replay
    rules = match.rules
    lines = [w.head(shown_name(match.variant.name, lang), match.first_dealer), ""]
    total = [0, 0]
    for deal in match.deals:
        lines.extend(_deal_account(w, rules, deal))
        total = [total[0] + deal.games[0], total[1] + deal.games[1]]
        lines.append("  " + w.games(deal.partida + 1, (total[0], total[1])))
        winner = deal.partida_winner  # the engine's word: play_on penalties can decide it
        if winner is not None:
            bandeira = deal.bandeira and deal.team == winner and total[winner] < rules.target_games
            won = w.partida(w.team_long(winner), deal.partida + 1, bandeira, (total[0], total[1]))
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
    plays = match.plays
    leader = match.rules.first_leader(match.dealer)
    lines.extend(_tricks(w, match.rules, leader, match.tricks, plays, match.claims, match.revokes))
    asked = match.phase == "redeal"  # saved at the redeal questions
    lines.append(w.unfinished_deal(match.deal_number, len(plays), match.turn, asked))
    return lines
