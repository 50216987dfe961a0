"""The game behind ``sueca play``: the table in the terminal, your input, the computer players,
``--auto`` and the ``--ladder`` run. Imported only when ``sueca play`` runs.

Input is read from ``sys.stdin`` a line at a time (no curses), so a game can be driven by a
pipe or a terminal multiplexer; output goes to ``sys.stdout`` through rich (colours only on a
terminal).
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Final, Literal, TextIO

from rich.console import Console
from rich.markup import escape
from rich.rule import Rule
from rich.table import Table

from .._cards import SUIT_NAMES, Card, Suit, parse_card
from .._errors import CardError
from .._events import (
    ClaimMade,
    DealScored,
    DealStarted,
    Event,
    MatchWon,
    PartidaWon,
    Revoke,
    TrickWon,
)
from .._match import Match
from .._record import Record, save_record
from .._report import claim_caught
from .._rules import TIE_ADD, TIE_MULTIPLY
from .._variant import Variant
from ..bots import Bot, make_bot
from ._common import CliError
from ._ladder import (
    LadderEntry,
    insert_score,
    ladder_score,
    read_scores,
    record_score,
    rival_level,
    scores_path,
)

__all__ = ["run"]

HUMAN: Final = 0
PARTNER_LEVEL: Final = 4

_YOU_NAMES: Final = ("you", "left rival", "partner", "right rival")
_AUTO_NAMES: Final = ("South", "West", "North", "East")
_SUIT_STYLE: Final = ("bold", "bold red", "bold red", "bold")
_QUIT_WORDS: Final = frozenset({"q", "quit", "exit", "stop"})
_HELP_WORDS: Final = frozenset({"h", "help", "?"})

Outcome = Literal["won", "lost", "quit"]


class _Stop(Exception):  # noqa: N818 - a way out, not an error
    """The player stopped the game: ``q`` or end of input."""

    def __init__(self, eof: bool) -> None:
        super().__init__("end of input" if eof else "quit")
        self.eof = eof


# --- text -----------------------------------------------------------------------------------


def card_text(card: Card, *, dim: bool = False) -> str:
    """Rich markup of a card with its suit symbol in the suit's colour."""
    style = _SUIT_STYLE[card // 10].replace("bold", "dim") if dim else _SUIT_STYLE[card // 10]
    return f"[{style}]{card.symbol}[/]"


def suit_text(suit: Suit | int) -> str:
    s = Suit(suit)
    return f"[{_SUIT_STYLE[s]}]{s.symbol}[/] {SUIT_NAMES[s]}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _winning(cards: Sequence[Card], trump: int) -> int:
    """The index of the card winning a (partial) trick."""
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        if (c // 10 == b // 10 and c > b) or (c // 10 == trump and b // 10 != trump):
            best = i
    return best


@dataclass
class _Names:
    """How the seats and teams are called: from your seat, or by compass points (``--auto``)."""

    seats: tuple[str, str, str, str]
    teams: tuple[str, str]
    """Subjects: ``we``/``they`` or ``North-South``/``East-West``."""
    team_objects: tuple[str, str]
    """``us``/``them`` or ``N-S``/``E-W``."""

    @classmethod
    def human(cls) -> _Names:
        return cls(_YOU_NAMES, ("we", "they"), ("us", "them"))

    @classmethod
    def auto(cls) -> _Names:
        return cls(_AUTO_NAMES, ("North-South", "East-West"), ("N-S", "E-W"))

    def seat(self, seat: int, *, capital: bool = False, the: bool = False) -> str:
        name = self.seats[seat]
        if the and name == "partner":
            name = "your partner"
        elif the and name != "you" and name[0].islower():
            name = f"the {name}"
        return name[0].upper() + name[1:] if capital else name


# --- the game at the table -----------------------------------------------------------------


@dataclass
class _Table:
    """One player's terminal: prints the game and reads the human's choices."""

    console: Console
    stdin: TextIO
    names: _Names
    human: bool
    match_points: list[int] = field(default_factory=lambda: [0, 0])
    _revoked: dict[int, Card] = field(default_factory=dict)
    _reveal: Card | None = None

    # --- input --------------------------------------------------------------------------

    def ask(self, prompt: str) -> str | None:
        """Print ``prompt`` and read one line; ``None`` at end of input."""
        self.console.print(prompt, end="")
        self.console.file.flush()
        line = self.stdin.readline()
        if not line:
            self.console.print()
            return None
        if not self.stdin.isatty():
            # Echo piped input so that a transcript reads like a game.
            self.console.print(escape(line.rstrip("\n")), highlight=False)
        return line.strip()

    def say(self, text: str) -> None:
        self.console.print(text)

    # --- a match --------------------------------------------------------------------------

    def play_match(self, match: Match, bots: dict[int, Bot]) -> Outcome:
        """Play ``match`` to its end (or until the human stops: raises :class:`_Stop`)."""
        self.match_points = [0, 0]
        self._revoked = {}
        self._deal_header(match)
        while not match.is_over:
            seat = match.turn
            assert seat is not None
            leader = match.trick_leader
            if seat == HUMAN and self.human:
                events = self._human_turn(match)
            else:
                events = match.play(bots[seat].choose(match.observation(seat)))
            self._show_events(match, events, leader)
        assert match.winner is not None
        return "won" if match.winner == 0 else "lost"

    def _human_turn(self, match: Match) -> list[Event]:
        self._show_table(match)
        while True:
            playable = match.playable_cards()
            numbers = f"1-{len(playable)}" if len(playable) > 1 else "1"
            line = self.ask(f"Your card [{numbers}]: ")
            if line is None:
                raise _Stop(eof=True)
            word = line.lower()
            if word in _QUIT_WORDS:
                raise _Stop(eof=False)
            if word in _HELP_WORDS or not word:
                self._help(match)
                continue
            if word in ("t", "table", "hand"):
                self._show_table(match)
                continue
            if word == "claim":
                if not match.rules.revoke_claimable:
                    self.say(
                        "No renúncia can be claimed here: under these rules nobody can fail to "
                        "follow suit."
                    )
                    continue
                if self._confirm_claim(match):
                    return match.claim(HUMAN)
                continue
            card, reason = self._pick(match, line, playable)
            if card is None:
                self.say(f"[yellow]{reason}[/]")
                continue
            led = match.trick[0][1].suit if match.trick else None
            revokes = len(match.revokes)
            number = match.deal_number
            events = match.play(card)
            if match.deal_number == number and not match.is_over:
                if len(match.revokes) > revokes and led is not None:
                    self._revoked.setdefault(led, card)
                elif card.suit in self._revoked:
                    events.extend(self._rival_claims(match, card))
            return events

    def _confirm_claim(self, match: Match) -> bool:
        """Ask before a claim: the player cannot know whether a rival revoked, and a claim
        that finds nothing may cost the deal."""
        rules = match.rules
        if not rules.false_claim_penalizes:
            cost = "if nobody revoked, play just goes on"
        else:
            cost = (
                f"if nobody revoked, the rivals score {_plural(rules.penalty_games, 'game')} "
                "and the deal ends"
            )
        line = self.ask(f"Claim a renúncia? {_cap(cost)}. Type y to claim: ")
        if line is None:
            raise _Stop(eof=True)
        return line.lower() in ("y", "yes", "s", "sim")

    def _pick(self, match: Match, text: str, playable: list[Card]) -> tuple[Card | None, str]:
        """The card chosen by ``text`` (a number or a card), or why it cannot be played."""
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(playable):
                return playable[n - 1], ""
            return None, (
                f"There is no card {n}: choose a number from 1 to {len(playable)}, or type a "
                "card such as 7H (h for help)."
            )
        raw = text.strip().upper()
        for symbol, letter in zip("♠♥♦♣", "SHDC", strict=True):
            raw = raw.replace(symbol, letter)
        if len(raw) == 2 and raw[0] in "SHDC" and raw[1] in "A7KJQ65432":
            raw = raw[::-1]  # suit first (♥7, h7) is fine too
        try:
            card = parse_card(raw)
        except CardError as exc:
            message = str(exc)
            if "write rank then suit" in message:
                numbers = f"1-{len(playable)}" if len(playable) > 1 else "1"
                message = (
                    f"{text!r} is not a card: type one such as 7H or 7h, or its number "
                    f"({numbers}); h for help"
                )
            else:
                message = message.replace(repr(raw), repr(text))
            return None, f"{escape(message)}."
        hand = match.hand(HUMAN)
        if card not in hand:
            return None, f"You do not hold {card_text(card)}."
        if card not in playable:
            led = match.trick[0][1].suit
            same = [card_text(c) for c in hand if c.suit == led]
            choice = " or ".join(same) if len(same) < 3 else "one of " + " ".join(same)
            return None, f"You must follow {suit_text(led)}: play {choice}."
        return card, ""

    def _rival_claims(self, match: Match, card: Card) -> list[Event]:
        """The human has just shown a renúncia (played a suit they failed to follow): the
        rival who plays next calls it."""
        rival = match.rules.next_seat[HUMAN]
        self._reveal = card
        return match.claim(rival)

    def _help(self, match: Match) -> None:
        claim = ", 'claim' to claim a renúncia" if match.rules.revoke_claimable else ""
        self.say(
            "Type the number shown before a card you may play, or the card itself (7H, 7h, "
            f"as); 't' shows the table again{claim}; 'q' stops the game. The rules of this "
            "game: sueca describe VARIANT (in another terminal)."
        )

    # --- what is shown --------------------------------------------------------------------

    def _deal_header(self, match: Match) -> None:
        dealer = match.dealer
        turned = match.trump_card
        assert turned is not None
        partida = f", partida {match.partida + 1}" if match.rules.best_of > 1 else ""
        self.console.print()
        self.console.print(Rule(f"Deal {match.deal_number}{partida}", align="left"))
        self.say(
            f"{self.names.seat(dealer, capital=True, the=True)} "
            f"{'deal' if self.names.seat(dealer) == 'you' else 'deals'} and "
            f"{'turn' if self.names.seat(dealer) == 'you' else 'turns'} {card_text(turned)}: "
            f"trumps are {suit_text(turned.suit)}."
        )
        if not self.human:  # watching: every hand is shown, as in a bridge column
            for seat in range(4):
                hand = match.hand(seat)
                suits = [
                    " ".join(card_text(c) for c in hand if c.suit == suit)
                    for suit in Suit
                    if any(c.suit == suit for c in hand)
                ]
                self.say(f"  {self.names.seat(seat):<6} {'  ·  '.join(suits)}")

    def _score_line(self, match: Match) -> str:
        t0, t1 = self.names.team_objects
        p0, p1 = match.points
        g0, g1 = match.games
        target = match.rules.target_games
        line = f"Points {t0} {p0}, {t1} {p1} · games {t0} {g0}, {t1} {g1} (first to {target})"
        if match.rules.best_of > 1:
            q0, q1 = match.partidas
            line += f" · partidas {q0}-{q1}"
        if match.pending_ties:
            line += " · a 60-60 is pending"
        return line

    def _show_table(self, match: Match) -> None:
        trump = match.trump
        turned = match.trump_card
        assert trump is not None
        assert turned is not None
        dealer = match.dealer
        self.console.print()
        trick_no = len(match.tricks) + 1
        head = f"[bold]Trick {trick_no}[/] · trumps {suit_text(trump)}"
        if match.trump_card_in_hand:
            where = "you" if dealer == HUMAN else self.names.seat(dealer, the=True)
            head += f" · {card_text(turned)} beside {where} (the dealer)"
        self.say(head)
        self.say(self._score_line(match))
        trick = match.trick
        if trick:
            best = _winning([c for _, c in trick], int(trump))
            parts = []
            for i, (seat, card) in enumerate(trick):
                mark = " [green](winning)[/]" if i == best else ""
                parts.append(f"{self.names.seat(seat, the=True)} {card_text(card)}{mark}")
            self.say("On the table: " + ", ".join(parts))
        else:
            self.say("You lead.")
        playable = match.playable_cards()
        hand = match.hand(HUMAN)
        star = match.trump_card_in_hand and dealer == HUMAN
        table = Table.grid(padding=(0, 1))
        table.add_column(no_wrap=True)
        table.add_column()
        n = 0
        for suit in Suit:
            cards = [c for c in hand if c.suit == suit]
            if not cards:
                continue
            cells = []
            for c in cards:
                text = card_text(c, dim=c not in playable)
                if star and c == turned:
                    text += "★"
                if c in playable:
                    n += 1
                    cells.append(f"[cyan]{n}[/]:{text}")
                else:
                    cells.append(f"  {text}")
            label = f"{suit_text(suit)}{' (trumps)' if suit == trump else ''}"
            table.add_row(f"  {label}", "  ".join(cells))
        self.say("Your hand:")
        self.console.print(table)

    def _show_events(self, match: Match, events: list[Event], leader: int) -> None:
        for event in events:
            match event:
                case TrickWon(trick=number, winner=winner, cards=cards, points=points):
                    self._show_trick(match, number, leader, winner, cards, points)
                case ClaimMade(by=by, valid=valid, ignored=ignored, revoke=revoke):
                    self._show_claim(by, valid, ignored, revoke)
                case DealScored() as scored:
                    self._show_deal(match, scored)
                case PartidaWon(partida=partida, team=team, games=games):
                    if match.rules.best_of > 1:
                        self.say(
                            f"[bold]{_cap(self.names.teams[team])} win partida "
                            f"{partida + 1}[/], {games[0]}-{games[1]} in games."
                        )
                case MatchWon(team=team):
                    self._show_match_end(match, team)
                case DealStarted():
                    self._revoked = {}
                    self._reveal = None
                    self._deal_header(match)
                case _:
                    pass

    def _show_trick(
        self,
        match: Match,
        number: int,
        leader: int,
        winner: int,
        cards: tuple[Card, Card, Card, Card],
        points: int,
    ) -> None:
        nxt = match.rules.next_seat
        seat = leader
        parts = []
        for card in cards:
            text = f"{self.names.seat(seat)} {card_text(card)}"
            parts.append(f"[underline]{text}[/]" if seat == winner else text)
            seat = nxt[seat]
        self.say(f"  {number:>2}. {', '.join(parts)} → {self.names.seat(winner)} +{points}")

    def _show_claim(self, by: int, valid: bool, ignored: bool, revoke: Revoke | None) -> None:
        who = self.names.seat(by, capital=True, the=True)
        claims = "claim" if self.names.seat(by) == "you" else "claims"
        if valid and revoke is not None:
            shown = ""
            if self._reveal is not None and revoke.seat == HUMAN:
                shown = f" (your {card_text(self._reveal)} gives it away)"
            self.say(
                f"[bold yellow]{who} {claims} a renúncia:[/] "
                f"{self.names.seat(revoke.seat, the=True)} played {card_text(revoke.card)} "
                f"without following suit{shown}."
            )
        elif ignored:
            self.say(f"{who} {claims} a renúncia, but nobody revoked: play goes on.")
        else:
            self.say(f"{who} {claims} a renúncia, but nobody revoked: a false claim.")

    def _show_deal(self, match: Match, scored: DealScored) -> None:
        p0, p1 = scored.points
        self.match_points[0] += p0
        self.match_points[1] += p1
        o0, o1 = self.names.team_objects
        rules = match.rules
        if scored.result == "tie":
            extra = ""
            if rules.tie_mode == TIE_ADD:
                extra = f": the next deal won scores {_plural(rules.tie_amount, 'game')} more"
            elif rules.tie_mode == TIE_MULTIPLY:
                times = "double" if rules.tie_amount == 2 else f"×{rules.tie_amount}"
                extra = f": the next deal won counts {times}"
            text = f"60-60, nobody scores{extra}."
        else:
            assert scored.team is not None
            games = _plural(scored.games[scored.team], "game")
            team = self.names.teams[scored.team]
            if scored.result == "revoke":
                deal = match.deals[-1]
                caught = claim_caught(deal, deal.claims[-1]) is not None
                what = "the renúncia" if caught else "the false claim"
                text = f"{what} ends the deal: {team} score {games}."
            else:
                kind = ""
                if scored.bandeira:
                    kind = " (bandeira!)"
                elif len(rules.tiers) > 1 and scored.points[scored.team] >= rules.tiers[-2][0]:
                    kind = " (capote!)"
                text = f"{team} score {games}{kind}."
        self.say(f"[bold]Deal {scored.deal}:[/] points {o0} {p0}, {o1} {p1} — {text}")
        g0, g1 = self._games_after(match)
        m0, m1 = self.match_points
        partidas = ""
        if rules.best_of > 1:
            q0, q1 = match.partidas
            partidas = f", partidas {q0}-{q1}"
        self.say(
            f"Games {o0} {g0}, {o1} {g1} (first to {rules.target_games}){partidas} · "
            f"card points so far {m0}-{m1}"
        )

    @staticmethod
    def _games_after(match: Match) -> tuple[int, int]:
        """The games of the partida right after the last deal (before a new partida resets
        them)."""
        last = match.deals[-1]
        games = [0, 0]
        for d in match.deals:
            if d.partida == last.partida:
                games[0] += d.games[0]
                games[1] += d.games[1]
        return games[0], games[1]

    def _show_match_end(self, match: Match, team: int) -> None:
        o0, o1 = self.names.team_objects
        m0, m1 = self.match_points
        deals = len(match.deals)
        if self.human:
            title = "You win the match!" if team == 0 else "The rivals win the match."
        else:
            title = f"{self.names.teams[team]} win the match."
        detail = f"{_plural(deals, 'deal')}, card points {o0} {m0}, {o1} {m1}"
        if match.rules.best_of > 1:
            q0, q1 = match.partidas
            detail = f"partidas {q0}-{q1}, " + detail
        self.console.print()
        self.console.print(Rule(f"[bold]{title}[/]"))
        self.say(detail[0].upper() + detail[1:] + ".")


# --- records --------------------------------------------------------------------------------


def _record_of(match: Match) -> tuple[Record, bool]:
    """The match's record without a trailing deal nobody has played a card of, and whether
    its last deal is unfinished (``sueca replay`` then needs ``--partial``)."""
    record = match.to_record()
    if match.phase == "play" and not match.plays and record.deals:
        last = record.deals[-1]
        if not last.plays and not last.claims:
            record = record.model_copy(update={"deals": record.deals[:-1]})
            return record, False
    return record, match.phase == "play"


def _save(console: Console, match: Match, path: str) -> bool:
    record, partial = _record_of(match)
    try:
        save_record(record, path)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        print(f"sueca: could not save the record to {path}: {reason}", file=sys.stderr)
        return False
    how = f"sueca replay --partial {path}" if partial else f"sueca replay {path}"
    # One line however narrow the terminal, so that the command can be copied.
    console.print(
        f"Saved the match to {escape(path)} (replay it with: {escape(how)}).", soft_wrap=True
    )
    return True


def _numbered(path: str, n: int) -> str:
    p = Path(path)
    return str(p.with_name(f"{p.stem}-{n}{p.suffix}"))


# --- the commands ---------------------------------------------------------------------------


def _bots(seed: int | str, levels: dict[int, int], samples: int | None) -> dict[int, Bot]:
    bots: dict[int, Bot] = {}
    for seat, level in levels.items():
        options = {"samples": samples} if level == 4 and samples is not None else {}
        bots[seat] = make_bot(level, seed=f"{seed}:seat{seat}", **options)
    return bots


def run(args: argparse.Namespace, variant: Variant) -> int:
    """Run ``sueca play`` with parsed arguments and the loaded variant."""
    console = Console(highlight=False)
    seed: int | str = args.seed if args.seed is not None else secrets.randbelow(10**6)
    spec: str = args.variant
    if args.auto:
        return _run_auto(console, spec, variant, seed, args)
    table = _Table(console, sys.stdin, _Names.human(), human=True)
    if args.ladder:
        return _run_ladder(console, table, spec, variant, seed, args)
    level: int = args.level if args.level is not None else 2
    match = Match(spec, seed=seed)
    _welcome(console, variant, level, seed, match)
    bots = _bots(seed, {1: level, 2: PARTNER_LEVEL, 3: level}, args.samples)
    status = 0
    try:
        table.play_match(match, bots)
    except _Stop as stop:
        console.print("End of input: the game stops here." if stop.eof else "You leave the table.")
    except KeyboardInterrupt:
        console.print()
        raise
    finally:
        if args.record and not _save(console, match, args.record):
            status = 1
    return status


def _welcome(
    console: Console,
    variant: Variant,
    level: int,
    seed: int | str,
    match: Match,
    *,
    title: bool = True,
) -> None:
    direction = (
        "you, the left rival, your partner, the right rival (clockwise)"
        if match.rules.clockwise
        else "you, the right rival, your partner, the left rival (anticlockwise)"
    )
    if title:
        console.print(
            f"[bold]Sueca — {escape(variant.name)}[/]. You (seat 0) and your partner (level "
            f"{PARTNER_LEVEL}) against two level-{level} rivals. Seed {seed}."
        )
    console.print(f"Play goes {direction}.")
    claim = "; 'claim' claims a renúncia" if match.rules.revoke_claimable else ""
    console.print(f"Type a card's number or the card (7H, 7h), h for help, q to stop{claim}.")


def _run_auto(
    console: Console, spec: str, variant: Variant, seed: int | str, args: argparse.Namespace
) -> int:
    level: int = args.level if args.level is not None else 2
    samples: int | None = args.samples
    match = Match(spec, seed=seed)
    console.print(
        f"[bold]Sueca — {escape(variant.name)}[/]: North-South (N-S: South is seat 0, North "
        f"seat 2; level {PARTNER_LEVEL}) against East-West (E-W: West is seat 1, East seat 3; "
        f"level {level}). Seed {seed}."
    )
    table = _Table(console, sys.stdin, _Names.auto(), human=False)
    bots = _bots(seed, {0: PARTNER_LEVEL, 1: level, 2: PARTNER_LEVEL, 3: level}, samples)
    status = 0
    try:
        table.play_match(match, bots)
    finally:
        if args.record and not _save(console, match, args.record):
            status = 1
    return status


def _run_ladder(
    console: Console,
    table: _Table,
    spec: str,
    variant: Variant,
    seed: int | str,
    args: argparse.Namespace,
) -> int:
    path = scores_path(args.scores)
    scores = read_scores(path)
    if scores.unusable is not None:  # a pipe or a device: neither read nor written
        raise CliError(f"--scores {path}: cannot use it ({scores.unusable})", status=2)
    if scores.warning:
        print(f"sueca: {scores.warning}", file=sys.stderr)
    entries = scores.entries
    console.print(
        f"[bold]Sueca — {escape(variant.name)}: the ladder[/]. Your partner plays at level "
        f"{PARTNER_LEVEL}. Win a match and the rivals climb a level (1 to 4); lose one, or "
        f"stop, and the run ends. Seed {seed}."
    )
    if entries:
        best = entries[0]
        console.print(f"Best score so far: {best.score:,} (streak {best.streak}, {best.date}).")
    streak = margin = 0
    number = 1
    status = 0
    interrupted = False
    while True:
        level = rival_level(number)
        console.print()
        console.print(
            Rule(
                f"[bold]Match {number}[/]: rivals at level {level} · streak {streak} · "
                f"score {ladder_score(streak, margin):,}"
            )
        )
        match = Match(spec, seed=f"{seed}:ladder:{number}")
        if number == 1:
            _welcome(console, variant, level, seed, match, title=False)
        bots = _bots(
            f"{seed}:ladder:{number}", {1: level, 2: PARTNER_LEVEL, 3: level}, args.samples
        )
        outcome: Outcome = "quit"
        stop: _Stop | None = None
        try:
            outcome = table.play_match(match, bots)
        except _Stop as exc:
            stop = exc
        except KeyboardInterrupt:
            interrupted = True  # the run ends, and is scored, as when you quit
        finally:
            if args.record and not _save(console, match, _numbered(args.record, number)):
                status = 1
        if outcome != "won":
            if stop is not None:
                console.print(
                    "End of input: the run stops here." if stop.eof else "You leave the ladder."
                )
            break
        streak += 1
        us, them = table.match_points
        margin += max(0, us - them)
        console.print(
            f"Streak {streak}, margin {margin:,}: score {ladder_score(streak, margin):,}."
        )
        try:
            line = table.ask(
                f"Press Enter for match {number + 1} against level-{rival_level(number + 1)} "
                "rivals, or q to stop: "
            )
        except KeyboardInterrupt:
            interrupted = True
            break
        if line is None or line.lower() in _QUIT_WORDS:
            console.print("You leave the ladder." if line is not None else "End of input.")
            break
        number += 1
    if interrupted:
        console.print()
        console.print("Interrupted: the run stops here.")
    score = ladder_score(streak, margin)
    entry = LadderEntry(
        score=score,
        streak=streak,
        margin=margin,
        date=datetime.now().replace(microsecond=0).isoformat(),
        variant=spec if not Path(spec).suffix else variant.name,
    )
    rank = backup = None
    if score > 0 or scores.damaged:  # a new score to keep, or a damaged file to repair
        # A run that scores nothing takes no place among the best.
        try:
            entries, rank, backup = record_score(path, entry if score > 0 else None)
        except OSError as exc:
            if score > 0:  # shown, though not kept
                entries, rank = insert_score(entries, entry)
            reason = exc.strerror or str(exc)
            print(f"sueca: could not save the ladder scores to {path}: {reason}", file=sys.stderr)
            status = 1
    console.print()
    console.print(
        f"[bold]Run over: streak {streak}, margin {margin:,} → score {score:,}.[/]"
        + (" A new best!" if rank == 1 else f" Rank {rank} of the best." if rank else "")
    )
    if backup is not None:
        console.print(
            f"The ladder scores that could not be read are kept in {escape(str(backup))}."
        )
    if entries:
        _show_scores(console, entries, rank)
    return 130 if interrupted else status


def _show_scores(console: Console, entries: list[LadderEntry], rank: int | None) -> None:
    scores = Table(title="Best ladder scores", title_justify="left", show_edge=False)
    scores.add_column("#", justify="right")
    scores.add_column("score", justify="right")
    scores.add_column("streak", justify="right")
    scores.add_column("margin", justify="right")
    scores.add_column("date")
    scores.add_column("variant")
    for i, e in enumerate(entries, 1):
        style = "bold green" if i == rank else None
        scores.add_row(
            str(i),
            f"{e.score:,}",
            str(e.streak),
            f"{e.margin:,}",
            e.date,
            escape(e.variant),
            style=style,
        )
    console.print(scores)
