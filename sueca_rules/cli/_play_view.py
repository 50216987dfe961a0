"""The table in the terminal: what `sueca play` shows of a match (cards, hands, tricks, claims,
scores), in the player's language, through rich (colours only on a terminal).

`PlayView` prints; it reads nothing (the human's input is `._play_input`) and changes no match.
Seats are named from seat 0 (`you`, `partner`, `left rival`, `right rival`) when a person plays, by
number when the computer plays all four (`--auto`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, Literal

from rich.console import Console
from rich.markup import escape
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from .._cards import Card, Suit
from .._events import (
    ClaimMade,
    CountStarted,
    DealScored,
    DealStarted,
    MatchWon,
    PartidaWon,
    RedealAsked,
    TrickWon,
    TrumpChosen,
)
from .._lang import Phrases, PlayPhrases, Who, seat_name
from .._match import Match
from .._report import deal_outcome, partida_games
from .._rules import TIE_ADD, TIE_MULTIPLY, Rules, team_of, trick_winner

if TYPE_CHECKING:  # names only in annotations
    from .._events import DealResult, Event

__all__ = ["HUMAN", "PlayView", "card_markup", "suit_text"]

HUMAN: Final = 0
"""The seat of the person at the table."""

_SUIT_STYLE: Final = ("bold", "bold red", "bold red", "bold")


def card_markup(card: Card, words: PlayPhrases, *, dim: bool = False) -> str:
    """Rich markup of a card as the language writes it in short (`K♣`, in Portuguese `R♣`: the
    letters the player types), in its suit's colour."""
    style = _SUIT_STYLE[card // 10]
    return f"[{style.replace('bold', 'dim') if dim else style}]{words.card(card)}[/]"


def packed(parts: Sequence[Text], sep: str, width: int) -> list[Text]:
    """`parts` joined by `sep` in lines of at most `width` cells, each line broken only between
    two parts (the separator's spaces left at the end of the line before); a part wider than
    `width` on a line of its own (the console wraps it)."""
    lines: list[Text] = []
    line: Text | None = None
    tail = len(sep.rstrip())  # what a line broken after a part ends with
    for i, part in enumerate(parts):
        room = width - (tail if i < len(parts) - 1 else 0)
        if line is None:
            line = part.copy()
        elif line.cell_len + len(sep) + part.cell_len <= room:
            line.append(sep)
            line.append_text(part)
        else:
            line.append(sep.rstrip())
            lines.append(line)
            line = part.copy()
    if line is not None:
        lines.append(line)
    return lines


def suit_text(suit: Suit | int, words: PlayPhrases) -> str:
    """A suit's symbol and name, coloured: `♥ hearts`."""
    s = Suit(suit)
    return f"[{_SUIT_STYLE[s]}]{s.symbol}[/] {words.suit(s)}"


@dataclass
class PlayView:
    """One terminal: prints the game in the language of `phrases`."""

    console: Console
    phrases: Phrases
    rules: Rules
    human: bool
    """`True`: a person sits at seat 0 (seats named from there); `False`: `--auto`."""
    rules_command: str | None = None
    """The command that prints the rules card of this game (for the help)."""
    card_points: list[int] = field(default_factory=lambda: [0, 0])
    """Card points of each team over the match so far."""
    _headed: int = 0

    # --- names ----------------------------------------------------------------------------

    @property
    def words(self) -> PlayPhrases:
        return self.phrases.play

    def seat(self, seat: int) -> Who:
        """A seat as the person at seat 0 sees it, or by number (`--auto`)."""
        if self.human:
            short = seat_name(seat, self.phrases.lang, viewer=HUMAN, rules=self.rules)
            return self.words.role(self.rules.seat_role(seat, HUMAN), short)
        return self.words.seat(seat, self.phrases.table.seat(seat))

    def team(self, team: int) -> Who:
        if self.human:
            return self.words.our_team(team == team_of(HUMAN))
        return self.words.team(team, self.phrases.table.team(team))

    @property
    def teams(self) -> tuple[Who, Who]:
        return self.team(0), self.team(1)

    # --- output ---------------------------------------------------------------------------

    def say(self, text: str) -> None:
        self.console.print(text)

    def say_parts(self, text: str) -> None:
        """Print a line of parts joined by ` · ` (the trick's heading, the score): on a console too
        narrow for it, broken between two parts rather than inside one."""
        parts = Text.from_markup(text).split(" · ", allow_blank=True)
        for line in packed(list(parts), " · ", self.console.width):
            self.console.print(line)

    def say_kept(self, text: str, kept: Mapping[str, str], alone: str) -> None:
        """Print `text`, whose marks (the keys of `kept`) stand for texts never broken (a path, a
        command), one line if it fits the console; else broken between words, the text of mark
        `alone` (a path, to be copied) on a line of its own. A line wider than the console is
        left to the terminal, to be copied whole."""
        whole = text
        for mark, value in kept.items():
            whole = whole.replace(mark, value)
        width = self.console.width
        if Text(whole).cell_len <= width:
            self.console.print(Text(whole), soft_wrap=True)
            return
        lines: list[Text] = []
        words: list[Text] = []
        for word in text.split(" "):
            shown = word
            for mark, value in kept.items():
                shown = shown.replace(mark, value)
            if alone in word:
                lines.extend(packed(words, " ", width))
                lines.append(Text(shown))
                words = []
            elif word:
                words.append(Text(shown))
        lines.extend(packed(words, " ", width))
        for line in lines:
            self.console.print(line, soft_wrap=True)

    def rule(self, text: str) -> None:
        """A heading across the console (`─ Match 1: … ─`); on a console too narrow for its
        ` · ` parts, the rule holds the parts that fit and the others follow under it, whole (a
        rule would cut its title short with `…`)."""
        parts = list(Text.from_markup(text).split(" · ", allow_blank=True))
        head = parts[0].copy()
        shown = 1
        room = self.console.width - 4  # the rule's ends and the spaces around its title
        while shown < len(parts) and head.cell_len + 3 + parts[shown].cell_len <= room:
            head.append(" · ")
            head.append_text(parts[shown])
            shown += 1
        self.console.print(Rule(head))
        for line in packed(parts[shown:], " · ", self.console.width):
            self.console.print(line)

    def say_hanging(self, text: str) -> None:
        """Print a line that starts with a label (`   1.`, a trick's number): on a console too
        narrow for it, the rest wraps under the text after the label, not under the label."""
        label, _, rest = text.lstrip(" ").partition(" ")
        indent = len(text) - len(text.lstrip(" "))
        grid = Table.grid(padding=(0, 1))
        grid.add_column(no_wrap=True)
        grid.add_column()
        grid.add_row(Text.from_markup(" " * indent + label), Text.from_markup(rest))
        self.console.print(grid)

    def prompt(self, text: str) -> None:
        """Print `text` with no newline, ready for the answer."""
        self.console.print(text, end="")
        self.console.file.flush()

    def welcome(self, title: str | None, seed: int | str | None, levels: tuple[int, int]) -> None:
        """The first lines: who plays (after `title`, unless `None`) and the seed (unless `None`:
        a resumed game says its seed with where it stands), which way, the keys."""
        w = self.words
        if title is not None:
            players = w.players(*levels) if self.human else w.players_auto(levels)
            said = "" if seed is None else f" {w.seed(seed)}"
            self.say(f"[bold]{escape(title)}[/]. {players}{said}")
        order = self.rules.play_order(HUMAN)
        self.say(w.order([self.seat(s).name for s in order], self.rules.clockwise))
        if self.human:
            self.say(w.keys(self.rules.revoke_claimable))

    def help(self) -> None:
        rules = self.rules
        command = escape(self.rules_command) if self.rules_command else None
        self.say(self.words.help(rules.revoke_claimable, rules.accuse_player, command))

    # --- a deal ---------------------------------------------------------------------------

    def deal_rule(self, match: Match) -> None:
        """The deal's heading, once per deal."""
        number = match.deal_number
        if self._headed == number:
            return
        self._headed = number
        partida = match.partida + 1 if self.rules.best_of > 1 else None
        self.console.print()
        self.console.print(Rule(self.words.deal_title(number, partida), align="left"))

    def deal_header(self, match: Match) -> None:
        """Who dealt and the turned card; watching (`--auto`), every hand."""
        self.deal_rule(match)
        turned = match.trump_card
        assert turned is not None
        dealer = self.seat(match.dealer)
        w = self.words
        self.say(w.dealt(dealer, card_markup(turned, w), suit_text(turned.suit, w)))
        if not self.human:  # watching: every hand is shown, as in a bridge column
            label = max(len(self.seat(seat).short) for seat in range(4))
            width = max(self.console.width - label - 3, 1)
            for seat in range(4):
                suits = [Text.from_markup(s) for s in self._suits_of(match.hand(seat))]
                head = f"  {self.seat(seat).short:<{label}} "
                for line in packed(suits, "  ·  ", width):
                    self.console.print(Text(head) + line)
                    head = " " * len(head)

    def _suits_of(self, hand: Sequence[Card]) -> list[str]:
        suits = [" ".join(card_markup(c, self.words) for c in hand if c.suit == s) for s in Suit]
        return [s for s in suits if s]

    def score_line(self, match: Match) -> str:
        w = self.words
        line = w.score_line(self.teams, match.points, match.games, self.rules.target_games)
        if self.rules.best_of > 1:
            line += " · " + w.partidas(match.partidas)
        if match.pending_ties:
            line += " · " + w.tie_pending()
        if any(match.penalties):
            line += " · " + w.penalties_pending(self.teams, match.penalties)
        return line

    def show_table(self, match: Match, *, numbered: bool = True) -> int:
        """The trick so far and the human's hand; returns how many cards are numbered."""
        w = self.words
        trump = match.trump
        turned = match.trump_card
        assert trump is not None
        assert turned is not None
        self.console.print()
        head = f"[bold]{w.trick_head(len(match.tricks) + 1, suit_text(trump, w))}[/]"
        if match.trump_card_in_hand:
            head += " · " + w.turned_beside(card_markup(turned, w), self.seat(match.dealer))
        self.say_parts(head)
        self.say_parts(self.score_line(match))
        if numbered:
            self._show_trick_so_far(match)
        return self.show_hand(match, numbered=numbered)

    def _show_trick_so_far(self, match: Match) -> None:
        trick = match.trick
        if not trick:
            self.say(self.words.you_lead())
            return
        trump = match.trump
        assert trump is not None
        best = trick_winner([c for _, c in trick], trick[0][0], trump, self.rules.next_seat)
        parts = []
        for seat, card in trick:
            mark = f" [green]({self.words.winning})[/]" if seat == best else ""
            parts.append(f"{self.seat(seat).short} {card_markup(card, self.words)}{mark}")
        self.say(self.words.on_table(parts))

    def show_hand(self, match: Match, *, numbered: bool) -> int:
        w = self.words
        playable = match.playable_cards() if numbered else []
        hand = match.hand(HUMAN)
        turned = match.trump_card
        star = match.trump_card_in_hand and match.dealer == HUMAN
        table = Table.grid(padding=(0, 1))
        table.add_column(no_wrap=True)
        table.add_column()
        # Every card takes as much room as any other (its number right-aligned to the widest,
        # `10` included, or blanks; a blank where another card has the star), so that the
        # cards line up in columns from one suit to the next.
        width = len(str(len(playable)))
        n = 0
        rows: list[tuple[Text, list[Text]]] = []
        for suit in Suit:
            cells = []
            for c in (c for c in hand if c.suit == suit):
                text = card_markup(c, w, dim=numbered and c not in playable)
                if star:
                    text += "★" if c == turned else " "
                if c in playable:
                    n += 1
                    cells.append(f"[cyan]{n:>{width}}[/]:{text}")
                else:
                    cells.append(" " * (width + 1) + text if numbered else text)
            if cells:
                label = suit_text(suit, w) + (f" ({w.trumps_word})" if suit == match.trump else "")
                rows.append((Text.from_markup(f"  {label}"), [Text.from_markup(c) for c in cells]))
        # A suit too long for the console goes on under its first card, whole cards in columns.
        room = max(self.console.width - max((head.cell_len for head, _ in rows), default=0) - 1, 1)
        for head, texts in rows:
            table.add_row(head, Text("\n").join(packed(texts, "  ", room)))
        self.say(w.your_hand())
        self.console.print(table)
        if star:
            self.say(w.star())
        return n

    def show_tricks(self, match: Match) -> None:
        """The tricks of the deal so far (the key `l`)."""
        tricks = match.tricks
        if not tricks:
            self.say(self.words.no_tricks())
            return
        self.say(self.words.tricks_title())
        for number, trick in enumerate(tricks, 1):
            self._trick_line(number, trick.leader, trick.winner, trick.cards, trick.points)

    # --- events ---------------------------------------------------------------------------

    def show_events(self, match: Match, events: Sequence[Event], leader: int) -> None:
        """Print what `events` (returned by one action) did; `leader` led the trick the action was
        part of."""
        for event in events:
            match event:
                case TrumpChosen(dealer=dealer, side=side):
                    self.deal_rule(match)
                    self.say(self.words.chose(self.seat(dealer), side == "top"))
                case DealStarted():
                    self.deal_header(match)
                case RedealAsked(seat=seat):
                    self.say(self.words.redeal(self.seat(seat), self.seat(match.dealer)))
                case TrickWon(trick=number, winner=winner, cards=cards, points=points):
                    self._trick_line(number, leader, winner, cards, points)
                case CountStarted() if self.human:
                    self.say(self.words.count_started())
                case ClaimMade() as claim:
                    self._show_claim(match, claim)
                case DealScored() as scored:
                    self._show_deal(match, scored)
                case PartidaWon(partida=partida, team=team, games=games):
                    if self.rules.best_of > 1:
                        text = self.words.partida_won(self.team(team), partida + 1, games)
                        self.say(f"[bold]{text}[/]")
                case MatchWon(team=team):
                    self._show_match_end(match, team)
                case _:
                    pass

    def _trick_line(
        self, number: int, leader: int, winner: int, cards: Sequence[Card], points: int
    ) -> None:
        parts = []
        for seat, card in zip(self.rules.play_order(leader), cards, strict=True):
            text = f"{self.seat(seat).short} {card_markup(card, self.words)}"
            parts.append(f"[underline]{text}[/]" if seat == winner else text)
        self.say_hanging(self.words.trick_line(number, parts, self.seat(winner), points))

    def _show_claim(self, match: Match, claim: ClaimMade) -> None:
        w = self.words
        by = self.seat(claim.by)
        if claim.valid and claim.revoke is not None:
            revoke = claim.revoke
            text = w.claim_right(by, self.seat(revoke.seat), card_markup(revoke.card, w))
            self.say(f"[bold yellow]{text}[/]")
            return
        against = self.seat(claim.against) if claim.against is not None else None
        outcome: Literal["ignored", "ends", "on"] = "ignored"
        if not claim.ignored:
            outcome = "on" if self.rules.false_claim_plays_on else "ends"
        scorer = self.team(1 - team_of(claim.by))
        count = claim.after == 40
        games = self.rules.false_claim_games
        self.say(w.claim_wrong(by, against, outcome, scorer, games, count))

    def _show_deal(self, match: Match, scored: DealScored) -> None:
        w = self.words
        if scored.result == "redeal":
            return  # the redeal line said it all
        for t in (0, 1):
            self.card_points[t] += scored.points[t]
        text = self._result(match.deals[-1])
        self.say(f"[bold]{w.deal_end(scored.deal, self.teams, scored.points)}[/] {text}")
        games_now = partida_games(match.deals)
        line = w.games_line(self.teams, games_now, self.rules.target_games, self._so_far())
        if self.rules.best_of > 1:
            line += " · " + w.partidas(match.partidas)
        self.say_parts(line)

    def _result(self, deal: DealResult) -> str:
        """What a finished deal scored, in words."""
        w = self.words
        rules = self.rules
        if deal.result == "tie":
            add = rules.tie_amount if rules.tie_mode == TIE_ADD else 0
            times = rules.tie_amount if rules.tie_mode == TIE_MULTIPLY else 0
            text = w.tie(add, times, penalized=any(deal.penalties))
            if any(deal.penalties):
                text += w.with_penalties(self.teams, deal.penalties)
            return text
        winner, games, caught = deal_outcome(deal)
        if deal.result == "revoke":
            text = w.by_claim(caught, self.team(winner), games)
        else:
            kind: Literal["", "bandeira", "capote"] = ""
            if deal.bandeira:
                kind = "bandeira"
            elif rules.is_capote(deal.points[winner], deal.bandeira):
                kind = "capote"
            text = w.won(self.team(winner), games, kind)
        if any(deal.penalties):
            text += w.with_penalties(self.teams, deal.penalties)
        return text

    def _so_far(self) -> tuple[int, int]:
        return self.card_points[0], self.card_points[1]

    def _show_match_end(self, match: Match, team: int) -> None:
        w = self.words
        title = w.match_won(self.team(team), self.human, team == team_of(HUMAN))
        partidas = w.partidas(match.partidas) if self.rules.best_of > 1 else ""
        played = sum(d.played for d in match.deals)
        detail = w.match_detail(played, self.teams, self._so_far(), partidas)
        self.console.print()
        self.console.print(Rule(f"[bold]{title}[/]"))
        self.say(detail)
