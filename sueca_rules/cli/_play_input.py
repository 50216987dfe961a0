"""The person at seat 0 of `sueca play`: every decision of a match asked at the terminal.

`HumanSeat` answers what `sueca_rules.bots.advance()` asks a seat (a card, the dealer's choice of
trump, a new deal, a claim at the count), so one driver runs the whole table. A claim during play is
the person's own move: `HumanSeat.choose()` raises `ClaimNow` and the game loop makes it. Input is
read a line at a time (no curses), so a game can be driven by a pipe or a terminal multiplexer.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, TextIO

from rich.markup import escape

from .._cards import RANK_LETTERS, Card, ascii_upper, parse_card
from .._errors import CardError
from .._lang import phrases
from .._rules import team_of
from .._text import is_whole, shown
from ._play_view import HUMAN, PlayView, card_markup, suit_text

if TYPE_CHECKING:
    from .._engine import Observation
    from .._events import TrumpSide
    from .._match import Match

__all__ = ["ClaimNow", "HumanSeat", "Stop", "portuguese_card"]


@functools.cache
def _pt_ranks() -> dict[str, str]:
    """The rank letters a Portuguese player writes that the notation does not (R rei, V valete,
    D dama), each with the notation's letter: the ones the Portuguese table shows (`card.ranks`)."""
    shown = phrases("pt").play.rank_letters
    return {letter: rank for rank, letter in shown.items() if letter != rank}


@functools.cache
def _pt_suits() -> dict[str, str]:
    """A Portuguese player's suit letters, each with the notation's: e espadas, c copas, o ouros,
    p paus (`card.suits`)."""
    return {letter.upper(): suit for suit, letter in phrases("pt").play.suit_letters.items()}


def portuguese_card(raw: str) -> str:
    """A card typed with Portuguese letters (upper case) in the contract's notation: `7C` (sete
    de copas) is `7H`, `AE` is `AS`, `DO` (dama de ouros) is `QD`; the suit may come first
    (`C7`). The English letters that mean nothing else in Portuguese (S, H, D as a suit) still
    work; anything else is returned as it was."""
    if len(raw) != 2:
        return raw
    ranks = _pt_ranks()
    suits = _pt_suits()
    first, second = raw[0], raw[1]
    if first in suits and (second in RANK_LETTERS or second in ranks):
        first, second = second, first  # suit first
    if not (first in RANK_LETTERS or first in ranks):
        return raw
    return ranks.get(first, first) + suits.get(second, second)


MAX_LINE = 200
"""The longest line the game reads as an answer (a card, a word): longer is told and dropped."""


class Stop(Exception):  # noqa: N818 - a way out, not an error
    """The player stopped the game: `q` or end of input."""

    def __init__(self, eof: bool) -> None:
        super().__init__("end of input" if eof else "quit")
        self.eof = eof


class ClaimNow(Exception):  # noqa: N818 - a move, not an error
    """The player claims a renúncia now (`against`: the rival accused, under
    `revoke.accuse: player`)."""

    def __init__(self, against: int | None) -> None:
        super().__init__("claim")
        self.against = against


@dataclass
class HumanSeat:
    """Seat 0, played by the person at the terminal."""

    view: PlayView
    stdin: TextIO
    match: Match
    level: int = 0
    hints: bool = False
    """`sueca play --hints`: the player may ask for a hint (`!`) on their turn."""

    # --- input ----------------------------------------------------------------------------

    def ask(self, prompt: str, answers: frozenset[str] = frozenset()) -> str:
        """Print `prompt` and read one line (stripped); `Stop` at end of input or when the player
        quits. `answers` are this question's own words, which win over the words that quit (in
        Portuguese "s" is both "sim" and "sair")."""
        while True:
            self.view.prompt(prompt)
            line = self.stdin.readline(MAX_LINE + 1)
            if not line:
                self.view.console.print()
                raise Stop(eof=True)
            if len(line) > MAX_LINE and not line.endswith("\n"):
                while (more := self.stdin.readline(64 * 1024)) and not more.endswith("\n"):
                    pass  # the rest of that line, dropped unread
                self.view.say(self.view.words.line_too_long(MAX_LINE))
                continue
            break
        if not self.stdin.isatty():
            # Echo piped input so that a transcript reads like a game; a control character in
            # it is shown as an escape (`\x1b`), as the refusal that quotes it does, not obeyed.
            self.view.console.print(escape(shown(line.rstrip("\n"))), highlight=False)
        text = line.strip()
        lowered = text.lower()
        if lowered in self.view.words.quit_words and lowered not in answers:
            raise Stop(eof=False)
        return text

    def yes_or_no(self, prompt: str) -> bool:
        w = self.view.words
        while True:
            answer = self.ask(prompt, answers=w.yes_words | w.no_words).lower()
            if answer in w.yes_words or answer in w.no_words:
                return answer in w.yes_words
            self.view.say(w.yes_no_hint())

    # --- the decisions bots.advance asks for ----------------------------------------------

    def choose_trump(self, observation: Observation) -> TrumpSide:
        """The dealer's choice: the top or the bottom card."""
        w = self.view.words
        self.view.deal_rule(self.match)
        while True:
            answer = self.ask(w.ask_trump()).lower()
            if answer in w.top_words:
                return "top"
            if answer in w.bottom_words:
                return "bottom"
            self.view.say(w.trump_hint())

    def wants_redeal(self, observation: Observation) -> bool:
        """Asked only when this hand may ask for a new deal."""
        self.view.show_hand(self.match, numbered=False)
        points = sum(c.points for c in observation.hand)
        rules = observation.rules
        below = rules.redeal_below(HUMAN, observation.dealer)
        return self.yes_or_no(self.view.words.ask_redeal(points, below))

    def claim(self, observation: Observation) -> int | None:
        """At the count: claim a renúncia or let the tricks be counted (during play the
        player claims on their turn instead)."""
        if observation.phase != "count":
            return None
        w = self.view.words
        while True:
            word = self.ask(w.count_prompt()).lower()
            if not word:
                self.view.say(w.no_claim(count=True))
                return None
            if word in w.tricks_words:
                self.view.show_tricks(self.match)
            elif word in w.claim_words:
                accused = self._claim_question()
                if accused is not None:
                    return accused
            elif word in w.help_words:
                self.view.help()
            else:
                self.view.say(w.count_hint())

    def choose(self, observation: Observation) -> Card:
        """The player's card (or `ClaimNow`, or `Stop`)."""
        match = self.match
        view = self.view
        w = view.words
        count = view.show_table(match)
        while True:
            playable = match.playable_cards()
            text = self.ask(w.card_prompt(count))
            word = text.lower()
            if word in w.help_words or not word:
                view.help()
            elif word in w.table_words:
                count = view.show_table(match)
            elif word in w.tricks_words:
                view.show_tricks(match)
            elif word in view.phrases.analysis.hint_words:
                if self.hints:
                    self._hint()
                else:
                    view.say(view.phrases.analysis.hints_off())
            elif word in w.claim_words:
                if not match.rules.revoke_claimable:
                    view.say(w.no_claims())
                    continue
                accused = self._claim_question()
                if accused is not None:
                    raise ClaimNow(accused if match.rules.accuse_player else None)
                view.say(w.no_claim(count=False))
            else:
                card, reason = self._pick(text, playable)
                if card is not None:
                    return card
                view.say(f"[yellow]{reason}[/]")

    def _hint(self) -> None:
        """What the review would play here, and why (from this seat's view only)."""
        from ..analysis import hint, hint_reason

        advice = hint(self.match, HUMAN, budget_ms=800)
        if advice is None:
            return
        lang = self.view.phrases.lang
        play = self.view.words
        choice = advice.choice
        shown = card_markup(parse_card(choice), play) if isinstance(choice, str) else str(choice)
        reason = hint_reason(advice, lang)
        words = self.view.phrases.analysis
        self.view.say(f"{words.hint_head(shown)}. {escape(reason)}")

    # --- claims ---------------------------------------------------------------------------

    def _claim_question(self) -> int | None:
        """Whom the player accuses (any rival under `accuse: team`), confirmed with what a false
        claim costs; `None`: no claim."""
        rules = self.match.rules
        view = self.view
        w = view.words
        against: int | None = None
        if rules.accuse_player:
            left, right = 1, 3
            while against is None:
                answer = self.ask(w.accuse_prompt(view.seat(left), view.seat(right))).lower()
                if not answer:
                    return None
                if answer in w.left_words:
                    against = left
                elif answer in w.right_words:
                    against = right
                else:
                    view.say(w.accuse_hint())
        cost = w.claim_cost(
            rules.false_claim_games,
            rules.false_claim_penalizes,
            rules.false_claim_plays_on,
            accused=against is not None,
            count=self.match.phase == "count",
        )
        accused = view.seat(against) if against is not None else None
        if not self.yes_or_no(w.confirm_claim(accused, cost)):
            return None
        return against if against is not None else 1 - team_of(HUMAN)

    # --- a card ---------------------------------------------------------------------------

    def _pick(self, text: str, playable: list[Card]) -> tuple[Card | None, str]:
        """The card chosen by `text` (a number or a card), or why it cannot be played."""
        w = self.view.words
        if is_whole(text):
            n = int(text)
            if 1 <= n <= len(playable):
                return playable[n - 1], ""
            return None, w.no_card(n, len(playable))
        # A typed line ("7ſ" is no 7S), with a space between rank and suit or not ("7 c").
        raw = "".join(ascii_upper(text).split())
        for symbol, letter in zip("♠♥♦♣", "SHDC", strict=True):
            raw = raw.replace(symbol, letter)
        if self.view.phrases.lang == "pt":
            raw = portuguese_card(raw)
        if len(raw) == 2 and raw[0] in "SHDC" and raw[1] in "A7KJQ65432":
            raw = raw[::-1]  # suit first (♥7, h7) is fine too
        try:
            card = parse_card(raw)
        except CardError:
            return None, escape(w.not_a_card(text, len(playable)))
        hand = self.match.hand(HUMAN)
        if card not in hand:
            return None, w.not_held(card_markup(card, w))
        if card not in playable:
            led = self.match.trick[0][1].suit
            same = [card_markup(c, w) for c in hand if c.suit == led]
            return None, w.must_follow(suit_text(led, w), w.either(same))
        return card, ""
