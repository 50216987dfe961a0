"""The words of a game in the terminal (``sueca play``, its ``--auto`` column and ``sueca
replay``): one phrase table per language, English and European Portuguese.

Seats have one naming in both languages and every front end: by number (``seat 2``, ``lugar 2``;
teams ``team 0``, ``equipa 0``) where nobody sits at the table (``--auto``, ``replay``), or as
the player at seat 0 sees them (``you``, ``partner``, ``left rival``, ``right rival``; ``tu``,
``parceiro``, ``adversário da esquerda``, ``adversário da direita``), the names of
``sueca_rules._lang.seat_name`` on the describe branch. Until that phrase package is on main,
this module is the one place these words live: each language is one class (:class:`English`,
:class:`Portuguese`, which overrides every phrase; ``tests/test_play.py`` checks it), so moving
them into a phrase file is mechanical.

A phrase that names a seat or a team takes a :class:`Who` (name, grammatical person, number),
so each language makes its own verbs agree. Phrases are plain text (the front end adds colours
and escapes); what they are given (cards, suits) may hold the front end's markup.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

__all__ = [
    "LANGS",
    "English",
    "Lang",
    "Outcome",
    "Portuguese",
    "Role",
    "Who",
    "default_lang",
    "words",
]

Lang = Literal["en", "pt"]
LANGS: Final[tuple[Lang, ...]] = ("en", "pt")

Role = Literal["you", "partner", "left", "right"]
Outcome = Literal["ignored", "ends", "on"]
"""What a false claim does: nothing, end the deal, or cost games while play goes on."""


@dataclass(frozen=True, slots=True)
class Who:
    """A seat or a team as the subject of a sentence."""

    name: str
    """As a subject, lower case: ``you``, ``the right rival``, ``seat 2``, ``we``."""
    short: str
    """As a label in a column or a trick line: ``you``, ``right rival``, ``seat 2``, ``us``."""
    person: Literal[1, 2, 3]
    plural: bool = False

    @property
    def cap(self) -> str:
        """The name with a capital letter, to start a sentence."""
        return self.name[:1].upper() + self.name[1:]


def default_lang(environ: dict[str, str] | None = None) -> Lang:
    """The language of the user's locale: ``pt`` when ``LC_ALL``, ``LC_MESSAGES`` or ``LANG``
    (the first one set, as the C library reads them) names Portuguese, else ``en``."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            return "pt" if value.lower().startswith("pt") else "en"
    return "en"


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


class English:
    """The game's phrases in English (the default)."""

    lang: Lang = "en"

    # --- seats and teams ------------------------------------------------------------------

    def seat(self, seat: int) -> Who:
        return Who(f"seat {seat}", f"seat {seat}", 3)

    def role(self, role: Role) -> Who:
        return {
            "you": Who("you", "you", 2),
            "partner": Who("your partner", "partner", 3),
            "left": Who("the left rival", "left rival", 3),
            "right": Who("the right rival", "right rival", 3),
        }[role]

    def team(self, team: int) -> Who:
        return Who(f"team {team}", f"team {team}", 3)

    def our_team(self, ours: bool) -> Who:
        return Who("we", "us", 1, True) if ours else Who("they", "them", 3, True)

    def verb(self, who: Who, base: str) -> str:
        """``base`` (an English verb) agreeing with ``who``."""
        if who.person != 3 or who.plural:
            return base
        if base == "have":
            return "has"
        return base + ("es" if base.endswith(("s", "sh", "ch", "x")) else "s")

    # --- small words ----------------------------------------------------------------------

    def games(self, n: int) -> str:
        return _plural(n, "game", "games")

    def deals(self, n: int) -> str:
        return _plural(n, "deal", "deals")

    def points(self, n: int) -> str:
        return _plural(n, "point", "points")

    def suit(self, suit: int) -> str:
        return ("spades", "hearts", "diamonds", "clubs")[suit]

    def either(self, items: Sequence[str]) -> str:
        """``A or B``, ``one of A B C D``."""
        return " or ".join(items) if len(items) < 3 else "one of " + " ".join(items)

    # What the player may type (a language also takes the English commands that do not
    # clash with its own).
    yes_words: frozenset[str] = frozenset({"y", "yes"})
    no_words: frozenset[str] = frozenset({"n", "no"})
    top_words: frozenset[str] = frozenset({"t", "top"})
    bottom_words: frozenset[str] = frozenset({"b", "bottom"})
    left_words: frozenset[str] = frozenset({"l", "left"})
    right_words: frozenset[str] = frozenset({"r", "right"})
    quit_words: frozenset[str] = frozenset({"q", "quit", "exit", "stop"})
    help_words: frozenset[str] = frozenset({"h", "help", "?"})
    table_words: frozenset[str] = frozenset({"t", "table", "hand"})
    tricks_words: frozenset[str] = frozenset({"l", "list", "tricks"})
    claim_words: frozenset[str] = frozenset({"claim"})

    # --- the start ------------------------------------------------------------------------

    def title(self, name: str) -> str:
        return f"Sueca — {name}"

    def seed(self, seed: int | str) -> str:
        return f"Seed {seed}."

    def players(self, partner_level: int, level: int) -> str:
        return (
            f"You (seat 0) and your partner (seat 2, level {partner_level}) against the left "
            f"rival (seat 1) and the right rival (seat 3), level {level}."
        )

    def players_auto(self, levels: Sequence[int]) -> str:
        return (
            f"Seats 0 and 2 (team 0, level {levels[0]}) against seats 1 and 3 (team 1, level "
            f"{levels[1]})."
        )

    def order(self, names: Sequence[str], clockwise: bool) -> str:
        way = "clockwise" if clockwise else "anticlockwise"
        return f"Play goes {', '.join(names)} ({way})."

    def keys(self, claimable: bool) -> str:
        claim = "; 'claim' claims a renúncia" if claimable else ""
        return (
            "Type a card's number or the card (7H, 7h), h for help, l for the tricks so far, "
            f"q to stop{claim}."
        )

    def revoke_rate(self, rate: float) -> str:
        return (
            f"Here a renúncia can be played: the rivals fail to follow suit now and then "
            f"(--revoke-rate {rate:g}). Catch them with 'claim', during play or at the count."
        )

    def resumed(self, path: str, deals: int, cards: int) -> str:
        return f"Resuming {path}: {self.deals(deals)} finished" + (
            f", {cards} card(s) of this deal played." if cards else "."
        )

    def help(self, claimable: bool, accuse: bool, rules_command: str | None) -> str:
        claim = ""
        if claimable:
            claim = " 'claim' claims a renúncia" + (
                " (you then name the rival you accuse);" if accuse else ";"
            )
        return (
            "Type the number shown before a card, or the card itself (7H, 7h, as: rank then "
            f"suit); 't' shows the table again; 'l' lists the tricks of this deal;{claim} 'q' "
            "stops the game."
            + (
                f" The rules of this game: {rules_command} (in another terminal)."
                if rules_command
                else ""
            )
        )

    # --- the deal -------------------------------------------------------------------------

    def deal_title(self, number: int, partida: int | None) -> str:
        return f"Deal {number}" + (f", partida {partida}" if partida is not None else "")

    def chose(self, dealer: Who, top: bool) -> str:
        side = "top" if top else "bottom"
        return f"{dealer.cap} {self.verb(dealer, 'choose')} the {side} card for trumps."

    def dealt(self, dealer: Who, card: str, suit: str) -> str:
        return (
            f"{dealer.cap} {self.verb(dealer, 'deal')} and {self.verb(dealer, 'turn')} {card}: "
            f"trumps are {suit}."
        )

    def ask_trump(self) -> str:
        return (
            "You deal: turn the top card (you take the first ten cards) or the bottom one "
            "(you are dealt last)? t = top, b = bottom: "
        )

    def trump_hint(self) -> str:
        return "Type t for the top card or b for the bottom one (q stops the game)."

    def ask_redeal(self, points: int, below: int) -> str:
        return (
            f"Your hand holds {self.points(points)}, fewer than {below}: you may ask for a new "
            "deal. Ask? y/n: "
        )

    def yes_no_hint(self) -> str:
        return "Type y or n (q stops the game)."

    def redeal(self, who: Who, dealer: Who) -> str:
        return (
            f"{who.cap} {self.verb(who, 'ask')} for a new deal (a weak hand): "
            f"{dealer.name} {self.verb(dealer, 'deal')} again."
        )

    def keep(self) -> str:
        return "You keep your hand."

    # --- the table ------------------------------------------------------------------------

    def trick_head(self, number: int, trumps: str) -> str:
        return f"Trick {number} · trumps {trumps}"

    def turned_beside(self, card: str, dealer: Who) -> str:
        return f"{card} shown by {dealer.name} (the dealer)"

    def score_line(
        self,
        teams: tuple[Who, Who],
        points: tuple[int, int],
        games: tuple[int, int],
        target: int,
    ) -> str:
        a, b = teams[0].short, teams[1].short
        return (
            f"Points {a} {points[0]}, {b} {points[1]} · games {a} {games[0]}, {b} {games[1]} "
            f"(first to {target})"
        )

    def partidas(self, won: tuple[int, int]) -> str:
        return f"partidas {won[0]}-{won[1]}"

    def tie_pending(self) -> str:
        return "a 60-60 is pending"

    def penalties_pending(self, teams: tuple[Who, Who], games: tuple[int, int]) -> str:
        owed = [f"{t.short} +{g}" for t, g in zip(teams, games, strict=True) if g]
        return f"false-claim games {', '.join(owed)}"

    def on_table(self, parts: Sequence[str]) -> str:
        return "On the table: " + ", ".join(parts)

    winning = "winning"

    def you_lead(self) -> str:
        return "You lead."

    def your_hand(self) -> str:
        return "Your hand:"

    trumps_word = "trumps"

    def star(self) -> str:
        return "★ the card you turned: everyone has seen it in your hand."

    def card_prompt(self, count: int) -> str:
        numbers = f"1-{count}" if count > 1 else "1"
        return f"Your card ({numbers}, or h for help): "

    def no_card(self, n: int, count: int) -> str:
        return (
            f"There is no card {n}: choose a number from 1 to {count}, or type a card such as "
            "7H (h for help)."
        )

    def not_a_card(self, text: str, count: int) -> str:
        numbers = f"1-{count}" if count > 1 else "1"
        return (
            f"{text!r} is not a card: type one such as 7H or 7h, or its number ({numbers}); "
            "h for help."
        )

    def not_held(self, card: str) -> str:
        return f"You do not hold {card}."

    def must_follow(self, suit: str, cards: str) -> str:
        return f"You must follow {suit}: play {cards}."

    def no_claims(self) -> str:
        return "No renúncia can be claimed here: under these rules nobody can fail to follow suit."

    def trick_line(self, number: int, parts: Sequence[str], winner: Who, points: int) -> str:
        return f"  {number:>2}. {', '.join(parts)} → {winner.short} +{points}"

    def no_tricks(self) -> str:
        return "No trick has been played in this deal yet."

    def tricks_title(self) -> str:
        return "The tricks of this deal (the winner's card underlined):"

    # --- claims ---------------------------------------------------------------------------

    def accuse_prompt(self, left: Who, right: Who) -> str:
        return f"Accuse whom? l = {left.name}, r = {right.name} (Enter: nobody): "

    def claim_cost(
        self, games: int, penalized: bool, plays_on: bool, accused: bool, count: bool
    ) -> str:
        nobody = "the accused did not revoke" if accused else "nobody of theirs revoked"
        goes_on = "the tricks are counted" if count else "play goes on"
        if not penalized:
            return f"if {nobody}, {goes_on} all the same"
        then = goes_on if plays_on else "the deal ends"
        return f"if {nobody}, the rivals score {self.games(games)} and {then}"

    def confirm_claim(self, against: Who | None, cost: str) -> str:
        what = f"Accuse {against.name} of a renúncia" if against else "Claim a renúncia"
        return f"{what}? {cost[:1].upper()}{cost[1:]}. Type y to claim: "

    def no_claim(self, count: bool) -> str:
        return "No claim: the tricks are counted." if count else "No claim: play goes on."

    def claim_right(self, by: Who, revoker: Who, card: str) -> str:
        return (
            f"{by.cap} {self.verb(by, 'claim')} a renúncia: {revoker.name} "
            f"played {card} without following suit."
        )

    def claim_wrong(
        self,
        by: Who,
        against: Who | None,
        outcome: Outcome,
        scorer: Who,
        games: int,
        count: bool,
    ) -> str:
        if against is not None:
            head = (
                f"{by.cap} {self.verb(by, 'accuse')} {against.name} of a renúncia, but "
                f"{against.name} did not revoke"
            )
        else:
            head = f"{by.cap} {self.verb(by, 'claim')} a renúncia, but nobody revoked"
        goes_on = "the tricks are counted" if count else "play goes on"
        if outcome == "ignored":
            return f"{head}: {goes_on}."
        if outcome == "ends":
            return head + ": a false claim."
        return (
            head + f": a false claim. {scorer.cap} {self.verb(scorer, 'score')} "
            f"{self.games(games)} for it, and {goes_on}."
        )

    def count_started(self) -> str:
        return "The count: all ten tricks are in. A renúncia can still be claimed."

    def count_prompt(self) -> str:
        return "Claim a renúncia ('claim'), list the tricks (l), or press Enter to count: "

    def count_hint(self) -> str:
        return "Type 'claim' to claim a renúncia, l to list the tricks, Enter to count the points."

    # --- the end of a deal, a partida, the match -------------------------------------------

    def tie(self, add: int, multiply: int) -> str:
        if add:
            return f"60-60, nobody scores: the next deal won scores {self.games(add)} more."
        if multiply:
            times = "double" if multiply == 2 else f"×{multiply}"
            return f"60-60, nobody scores: the next deal won counts {times}."
        return "60-60, nobody scores."

    def won(self, team: Who, games: int, kind: Literal["", "bandeira", "capote"]) -> str:
        extra = f" ({kind}!)" if kind else ""
        return f"{team.name} {self.verb(team, 'score')} {self.games(games)}{extra}."

    def by_claim(self, caught: bool, team: Who, games: int) -> str:
        what = "the renúncia" if caught else "the false claim"
        return f"{what} ends the deal: {team.name} {self.verb(team, 'score')} {self.games(games)}."

    def with_penalties(self, teams: tuple[Who, Who], games: tuple[int, int]) -> str:
        parts = [f"{t.short} +{self.games(g)}" for t, g in zip(teams, games, strict=True) if g]
        return f" With the false claims: {', '.join(parts)}."

    def deal_end(self, number: int, teams: tuple[Who, Who], points: tuple[int, int]) -> str:
        a, b = teams[0].short, teams[1].short
        return f"Deal {number}: points {a} {points[0]}, {b} {points[1]} —"

    def games_line(
        self, teams: tuple[Who, Who], games: tuple[int, int], target: int, so_far: tuple[int, int]
    ) -> str:
        a, b = teams[0].short, teams[1].short
        return (
            f"Games {a} {games[0]}, {b} {games[1]} (first to {target}) · card points so far "
            f"{so_far[0]}-{so_far[1]}"
        )

    def partida_won(self, team: Who, number: int, games: tuple[int, int]) -> str:
        return (
            f"{team.cap} {self.verb(team, 'win')} partida {number}, {games[0]}-{games[1]} in games."
        )

    def match_won(self, team: Who, human: bool, ours: bool) -> str:
        if human:
            return "You win the match!" if ours else "The rivals win the match."
        return f"{team.cap} {self.verb(team, 'win')} the match."

    def match_detail(
        self, deals: int, teams: tuple[Who, Who], points: tuple[int, int], partidas: str
    ) -> str:
        a, b = teams[0].short, teams[1].short
        text = f"{self.deals(deals)}, card points {a} {points[0]}, {b} {points[1]}."
        return f"{partidas[:1].upper()}{partidas[1:]}, {text}" if partidas else text.capitalize()

    # --- stopping, saving -----------------------------------------------------------------

    def end_of_input(self) -> str:
        return "End of input: the game stops here."

    def leave(self) -> str:
        return "You leave the table."

    def saved(self, path: str, command: str) -> str:
        return f"Saved the match to {path} ({command})."

    def replay_with(self, command: str) -> str:
        return f"replay it with: {command}"

    def resume_with(self, command: str) -> str:
        return f"continue it with: {command}"

    # --- a replayed record (sueca replay: seats by number) -------------------------------

    def team_long(self, team: int) -> str:
        return f"team {team} (seats {team} & {team + 2})"

    def replay_head(self, name: str, first_dealer: int) -> str:
        return f"{name}: first dealer seat {first_dealer}"

    def replay_deal(self, number: int, partida: int, dealer: int, card: str, suit: str) -> str:
        return (
            f"Deal {number} (partida {partida}): seat {dealer} deals, turns {card}: trumps "
            f"are {suit}"
        )

    def replay_redeal(self, seat: int) -> str:
        return f"seat {seat} asks for a new deal (a weak hand): the same dealer deals again"

    def replay_trick(self, number: int, leader: int, cards: str, winner: int, points: int) -> str:
        unit = "point" if points == 1 else "points"
        return f"{number:>2}. seat {leader} leads: {cards}  → seat {winner} wins {points:>2} {unit}"

    def replay_claim(self, by: int, against: int | None, after: int, found: str) -> str:
        who = f"seat {by} claims a renúncia"
        if against is not None:
            who = f"seat {by} accuses seat {against} of a renúncia"
        when = "at the count" if after == 40 else f"after card {after}"
        return f"{who} {when}: {found}"

    def claim_found(self, seat: int, card: str, play: int) -> str:
        return f"right, seat {seat} revoked with {card} (card {play})"

    def claim_false(
        self, outcome: Outcome, against: int | None, team: str, games: int, count: bool
    ) -> str:
        if outcome == "ignored":
            return "false, ignored by these rules: " + (
                "the tricks are counted" if count else "play goes on"
            )
        nobody = "nobody of the other team had revoked"
        if against is not None:
            nobody = f"seat {against} had not revoked"
        if outcome == "ends":
            return f"false, {nobody}"
        then = "the tricks are counted" if count else "play goes on"
        return f"false, {nobody}: {team} gets {self.games(games)} for it, and {then}"

    def unfinished_trick(self, cards: str) -> str:
        return f"unfinished trick: {cards}"

    def replay_points(self, points: tuple[int, int], tricks: tuple[int, int]) -> str:
        return f"Points {points[0]}-{points[1]}, tricks {tricks[0]}-{tricks[1]}:"

    def replay_tie(self) -> str:
        return "60-60, empate: nobody scores."

    def replay_won(self, team: str, games: int, bandeira: bool) -> str:
        return f"{team} scores {self.games(games)}{' (bandeira)' if bandeira else ''}."

    def replay_by_claim(self, caught: bool, team: str, games: int) -> str:
        what = "the renúncia" if caught else "the false claim"
        return f"The deal ends on {what}: {team} scores {self.games(games)}."

    def replay_penalties(self, games: tuple[int, int]) -> str:
        parts = [f"{self.team_long(t)} +{self.games(g)}" for t, g in enumerate(games) if g]
        return f" With the false claims: {', '.join(parts)}."

    def replay_games(self, partida: int, games: tuple[int, int]) -> str:
        return f"Games in partida {partida}: {games[0]}-{games[1]}"

    def replay_partida(self, team: str, number: int, bandeira: bool, games: tuple[int, int]) -> str:
        how = " with a bandeira" if bandeira else ""
        score = f"{games[0]}-{games[1]}"
        return f"{team[:1].upper()}{team[1:]} wins partida {number}{how}, {score} in games."

    def unfinished_deal(self, number: int, cards: int, turn: int | None) -> str:
        due = f", seat {turn} to play" if turn is not None else ""
        return f"Deal {number} is unfinished: {cards} card(s) played{due}."

    def match_over(self, team: str, partidas: tuple[int, int]) -> str:
        return f"The match is over: {team} wins, partidas {partidas[0]}-{partidas[1]}."

    def match_goes_on(self, games: tuple[int, int], partidas: tuple[int, int]) -> str:
        return (
            f"The match goes on: games {games[0]}-{games[1]}, partidas {partidas[0]}-{partidas[1]}."
        )

    # --- the ladder -----------------------------------------------------------------------

    def ladder_intro(self, name: str, partner_level: int, seed: int | str) -> str:
        return (
            f"Sueca — {name}: the ladder. Your partner plays at level {partner_level}. "
            "Win a match and the rivals climb a level (1 to 4); lose one, or stop, and the run "
            f"ends. Seed {seed}."
        )

    def ladder_best(self, score: str, streak: int, date: str) -> str:
        return f"Best score so far: {score} (streak {streak}, {date})."

    def ladder_match(self, number: int, level: int, streak: int, score: str) -> str:
        return f"Match {number}: rivals at level {level} · streak {streak} · score {score}"

    def ladder_stop(self, eof: bool) -> str:
        return "End of input: the run stops here." if eof else "You leave the ladder."

    def ladder_progress(self, streak: int, margin: str, score: str) -> str:
        return f"Streak {streak}, margin {margin}: score {score}."

    def ladder_next(self, number: int, level: int) -> str:
        return f"Press Enter for match {number} against level-{level} rivals, or q to stop: "

    def ladder_left(self, eof: bool) -> str:
        return "End of input." if eof else "You leave the ladder."

    def interrupted(self) -> str:
        return "Interrupted: the run stops here."

    def run_over(self, streak: int, margin: str, score: str, rank: int | None) -> str:
        text = f"Run over: streak {streak}, margin {margin} → score {score}."
        if rank == 1:
            return text + " A new best!"
        return text + (f" Rank {rank} of the best." if rank else "")

    def scores_backup(self, path: str) -> str:
        return f"The ladder scores that could not be read are kept in {path}."

    scores_title = "Best ladder scores"
    scores_columns: tuple[str, ...] = ("#", "score", "streak", "margin", "date", "variant")

    def number(self, n: int) -> str:
        return f"{n:,}"


class Portuguese(English):
    """As frases do jogo em português europeu."""

    lang: Lang = "pt"

    _VERBS: Final = {
        # infinitive: (tu, ele/ela, nós, eles)
        "choose": ("escolhes", "escolhe", "escolhemos", "escolhem"),
        "deal": ("dás", "dá", "damos", "dão"),
        "turn": ("viras", "vira", "viramos", "viram"),
        "ask": ("pedes", "pede", "pedimos", "pedem"),
        "claim": ("acusas", "acusa", "acusamos", "acusam"),
        "accuse": ("acusas", "acusa", "acusamos", "acusam"),
        "score": ("marcas", "marca", "marcamos", "marcam"),
        "win": ("ganhas", "ganha", "ganhamos", "ganham"),
        "play": ("jogas", "joga", "jogamos", "jogam"),
        "have": ("tens", "tem", "temos", "têm"),
    }

    def seat(self, seat: int) -> Who:
        return Who(f"o lugar {seat}", f"lugar {seat}", 3)

    def role(self, role: Role) -> Who:
        return {
            "you": Who("tu", "tu", 2),
            "partner": Who("o teu parceiro", "parceiro", 3),
            "left": Who("o adversário da esquerda", "adversário da esquerda", 3),
            "right": Who("o adversário da direita", "adversário da direita", 3),
        }[role]

    def team(self, team: int) -> Who:
        return Who(f"a equipa {team}", f"equipa {team}", 3)

    def our_team(self, ours: bool) -> Who:
        return Who("nós", "nós", 1, True) if ours else Who("eles", "eles", 3, True)

    def verb(self, who: Who, base: str) -> str:
        forms = self._VERBS[base]
        if who.person == 2:
            return forms[0]
        if who.person == 1:
            return forms[2]
        return forms[3] if who.plural else forms[1]

    def games(self, n: int) -> str:
        return "nenhum jogo" if n == 0 else _plural(n, "jogo", "jogos")

    def deals(self, n: int) -> str:
        return _plural(n, "mão", "mãos")

    def points(self, n: int) -> str:
        return _plural(n, "ponto", "pontos")

    def suit(self, suit: int) -> str:
        return ("espadas", "copas", "ouros", "paus")[suit]

    def either(self, items: Sequence[str]) -> str:
        return " ou ".join(items) if len(items) < 3 else "uma de " + " ".join(items)

    yes_words: frozenset[str] = frozenset({"s", "sim", "y", "yes"})
    no_words: frozenset[str] = frozenset({"n", "não", "nao", "no"})
    top_words: frozenset[str] = frozenset({"c", "cima", "t", "top"})
    bottom_words: frozenset[str] = frozenset({"b", "baixo", "bottom"})
    left_words: frozenset[str] = frozenset({"e", "esquerda", "l", "left"})
    right_words: frozenset[str] = frozenset({"d", "direita", "r", "right"})
    quit_words: frozenset[str] = frozenset({"s", "sair", "q", "quit"})
    help_words: frozenset[str] = frozenset({"a", "ajuda", "?", "h", "help"})
    table_words: frozenset[str] = frozenset({"m", "mesa", "t", "table"})
    tricks_words: frozenset[str] = frozenset({"v", "vazas", "l", "tricks"})
    claim_words: frozenset[str] = frozenset({"acusar", "renúncia", "renuncia", "claim"})

    def title(self, name: str) -> str:
        return f"Sueca — {name}"

    def seed(self, seed: int | str) -> str:
        return f"Semente {seed}."

    def players(self, partner_level: int, level: int) -> str:
        return (
            f"Tu (lugar 0) e o teu parceiro (lugar 2, nível {partner_level}) contra o "
            f"adversário da esquerda (lugar 1) e o adversário da direita (lugar 3), nível "
            f"{level}."
        )

    def players_auto(self, levels: Sequence[int]) -> str:
        return (
            f"Lugares 0 e 2 (equipa 0, nível {levels[0]}) contra lugares 1 e 3 (equipa 1, "
            f"nível {levels[1]})."
        )

    def order(self, names: Sequence[str], clockwise: bool) -> str:
        way = "sentido dos ponteiros do relógio" if clockwise else "sentido contrário ao dos "
        way += "" if clockwise else "ponteiros do relógio"
        return f"Ordem de jogo: {', '.join(names)} ({way})."

    def keys(self, claimable: bool) -> str:
        claim = "; 'acusar' acusa uma renúncia" if claimable else ""
        return (
            "Escreve o número de uma carta ou a carta (7H ou 7h é o 7♥: valor e depois naipe, "
            f"em inglês), a para ajuda, v para as vazas jogadas, s para sair{claim}."
        )

    def revoke_rate(self, rate: float) -> str:
        return (
            f"Aqui pode haver renúncias: os adversários de vez em quando não assistem "
            f"(--revoke-rate {rate:g}). Apanha-os com 'acusar', durante a mão ou na contagem."
        )

    def resumed(self, path: str, deals: int, cards: int) -> str:
        done = "acabada" if deals == 1 else "acabadas"
        return f"A continuar {path}: {self.deals(deals)} {done}" + (
            f", {cards} carta(s) desta mão já jogadas." if cards else "."
        )

    def help(self, claimable: bool, accuse: bool, rules_command: str | None) -> str:
        claim = ""
        if claimable:
            claim = " 'acusar' acusa uma renúncia" + (
                " (depois dizes que adversário acusas);" if accuse else ";"
            )
        return (
            "Escreve o número que aparece antes de uma carta, ou a própria carta (7H, 7h, as: "
            "valor e depois naipe, com as letras inglesas S espadas, H copas, D ouros, C paus); "
            f"'m' mostra a mesa outra vez; 'v' mostra as vazas desta mão;{claim} 's' acaba o "
            "jogo."
            + (
                f" As regras deste jogo: {rules_command} (noutro terminal)."
                if rules_command
                else ""
            )
        )

    def deal_title(self, number: int, partida: int | None) -> str:
        return f"Mão {number}" + (f", partida {partida}" if partida is not None else "")

    def chose(self, dealer: Who, top: bool) -> str:
        side = "de cima" if top else "de baixo"
        return f"{dealer.cap} {self.verb(dealer, 'choose')} a carta {side} para trunfo."

    def dealt(self, dealer: Who, card: str, suit: str) -> str:
        return (
            f"{dealer.cap} {self.verb(dealer, 'deal')} e {self.verb(dealer, 'turn')} {card}: "
            f"o trunfo é {suit}."
        )

    def ask_trump(self) -> str:
        return (
            "És tu a dar: trunfo por cima (ficas com as dez primeiras cartas e viras a de cima) "
            "ou por baixo (recebes por último e viras a de baixo)? c = cima, b = baixo: "
        )

    def trump_hint(self) -> str:
        return "Escreve c para a carta de cima ou b para a de baixo (s acaba o jogo)."

    def ask_redeal(self, points: int, below: int) -> str:
        return (
            f"A tua mão tem {self.points(points)}, menos de {below}: podes pedir que se dê de "
            "novo. Pedes? s/n: "
        )

    def yes_no_hint(self) -> str:
        return "Escreve s (sim) ou n (não)."

    def redeal(self, who: Who, dealer: Who) -> str:
        return (
            f"{who.cap} {self.verb(who, 'ask')} que se dê de novo (uma mão fraca): "
            f"{dealer.name} {self.verb(dealer, 'deal')} outra vez."
        )

    def keep(self) -> str:
        return "Ficas com a tua mão."

    def trick_head(self, number: int, trumps: str) -> str:
        return f"Vaza {number} · trunfo {trumps}"

    def turned_beside(self, card: str, dealer: Who) -> str:
        return f"{card} à vista na mão de quem deu ({dealer.name})"

    def score_line(
        self,
        teams: tuple[Who, Who],
        points: tuple[int, int],
        games: tuple[int, int],
        target: int,
    ) -> str:
        a, b = teams[0].short, teams[1].short
        return (
            f"Pontos {a} {points[0]}, {b} {points[1]} · jogos {a} {games[0]}, {b} {games[1]} "
            f"(ganha quem chegar a {target})"
        )

    def partidas(self, won: tuple[int, int]) -> str:
        return f"partidas {won[0]}-{won[1]}"

    def tie_pending(self) -> str:
        return "há um empate a 60 por contar"

    def penalties_pending(self, teams: tuple[Who, Who], games: tuple[int, int]) -> str:
        owed = [f"{t.short} +{g}" for t, g in zip(teams, games, strict=True) if g]
        return f"jogos de acusações falsas {', '.join(owed)}"

    def on_table(self, parts: Sequence[str]) -> str:
        return "Na mesa: " + ", ".join(parts)

    winning = "a ganhar"

    def you_lead(self) -> str:
        return "És tu a sair."

    def your_hand(self) -> str:
        return "A tua mão:"

    trumps_word = "trunfo"

    def star(self) -> str:
        return "★ a carta que viraste: todos a viram na tua mão."

    def card_prompt(self, count: int) -> str:
        numbers = f"1-{count}" if count > 1 else "1"
        return f"A tua carta ({numbers}, ou a para ajuda): "

    def no_card(self, n: int, count: int) -> str:
        return (
            f"Não há carta {n}: escolhe um número de 1 a {count}, ou escreve uma carta como 7H "
            "(a para ajuda)."
        )

    def not_a_card(self, text: str, count: int) -> str:
        numbers = f"1-{count}" if count > 1 else "1"
        return (
            f"{text!r} não é uma carta: escreve uma como 7H ou 7h, ou o seu número ({numbers}); "
            "a para ajuda."
        )

    def not_held(self, card: str) -> str:
        return f"Não tens {card}."

    def must_follow(self, suit: str, cards: str) -> str:
        return f"Tens de assistir a {suit}: joga {cards}."

    def no_claims(self) -> str:
        return "Aqui não há renúncias a acusar: com estas regras ninguém pode deixar de assistir."

    def trick_line(self, number: int, parts: Sequence[str], winner: Who, points: int) -> str:
        return f"  {number:>2}. {', '.join(parts)} → {winner.short} +{points}"

    def no_tricks(self) -> str:
        return "Ainda não se jogou nenhuma vaza nesta mão."

    def tricks_title(self) -> str:
        return "As vazas desta mão (a carta que ganhou sublinhada):"

    def accuse_prompt(self, left: Who, right: Who) -> str:
        return f"Acusas quem? e = {left.name}, d = {right.name} (Enter: ninguém): "

    def claim_cost(
        self, games: int, penalized: bool, plays_on: bool, accused: bool, count: bool
    ) -> str:
        nobody = "o acusado não renunciou" if accused else "nenhum deles renunciou"
        goes_on = "contam-se os pontos" if count else "o jogo continua"
        if not penalized:
            return f"se {nobody}, {goes_on} na mesma"
        then = goes_on if plays_on else "a mão acaba"
        return f"se {nobody}, os adversários marcam {self.games(games)} e {then}"

    def confirm_claim(self, against: Who | None, cost: str) -> str:
        what = f"Acusar {against.name} de renúncia" if against else "Acusar uma renúncia"
        return f"{what}? {cost[:1].upper()}{cost[1:]}. Escreve s para acusar: "

    def no_claim(self, count: bool) -> str:
        return "Sem acusação: contam-se os pontos." if count else "Sem acusação: o jogo continua."

    def claim_right(self, by: Who, revoker: Who, card: str) -> str:
        return (
            f"{by.cap} {self.verb(by, 'claim')} uma renúncia: {revoker.name} "
            f"jogou {card} sem assistir."
        )

    def claim_wrong(
        self,
        by: Who,
        against: Who | None,
        outcome: Outcome,
        scorer: Who,
        games: int,
        count: bool,
    ) -> str:
        if against is not None:
            head = (
                f"{by.cap} {self.verb(by, 'accuse')} {against.name} de renúncia, mas "
                f"{against.name} não renunciou"
            )
        else:
            head = f"{by.cap} {self.verb(by, 'claim')} uma renúncia, mas ninguém renunciou"
        goes_on = "contam-se os pontos" if count else "o jogo continua"
        if outcome == "ignored":
            return f"{head}: {goes_on}."
        if outcome == "ends":
            return head + ": uma acusação falsa."
        return (
            head + f": uma acusação falsa. {scorer.cap} {self.verb(scorer, 'score')} "
            f"{self.games(games)} por isso, e {goes_on}."
        )

    def count_started(self) -> str:
        return "A contagem: as dez vazas estão feitas. Ainda se pode acusar uma renúncia."

    def count_prompt(self) -> str:
        return "Acusar uma renúncia ('acusar'), ver as vazas (v), ou Enter para contar: "

    def count_hint(self) -> str:
        return "Escreve 'acusar' para acusar uma renúncia, v para ver as vazas, Enter para contar."

    def tie(self, add: int, multiply: int) -> str:
        if add:
            return f"Empate a 60, ninguém marca: a próxima mão ganha vale mais {self.games(add)}."
        if multiply:
            times = {2: "a dobrar", 3: "a triplicar"}.get(multiply, f"×{multiply}")
            return f"Empate a 60, ninguém marca: a próxima mão ganha conta {times}."
        return "Empate a 60, ninguém marca."

    def won(self, team: Who, games: int, kind: Literal["", "bandeira", "capote"]) -> str:
        extra = f" ({kind}!)" if kind else ""
        return f"{team.name} {self.verb(team, 'score')} {self.games(games)}{extra}."

    def by_claim(self, caught: bool, team: Who, games: int) -> str:
        what = "a renúncia" if caught else "a acusação falsa"
        return f"{what} acaba a mão: {team.name} {self.verb(team, 'score')} {self.games(games)}."

    def with_penalties(self, teams: tuple[Who, Who], games: tuple[int, int]) -> str:
        parts = [f"{t.short} +{self.games(g)}" for t, g in zip(teams, games, strict=True) if g]
        return f" Com as acusações falsas: {', '.join(parts)}."

    def deal_end(self, number: int, teams: tuple[Who, Who], points: tuple[int, int]) -> str:
        a, b = teams[0].short, teams[1].short
        return f"Mão {number}: pontos {a} {points[0]}, {b} {points[1]} —"

    def games_line(
        self, teams: tuple[Who, Who], games: tuple[int, int], target: int, so_far: tuple[int, int]
    ) -> str:
        a, b = teams[0].short, teams[1].short
        return (
            f"Jogos {a} {games[0]}, {b} {games[1]} (ganha quem chegar a {target}) · pontos até "
            f"agora {so_far[0]}-{so_far[1]}"
        )

    def partida_won(self, team: Who, number: int, games: tuple[int, int]) -> str:
        return (
            f"{team.cap} {self.verb(team, 'win')} a partida {number}, "
            f"{games[0]}-{games[1]} em jogos."
        )

    def match_won(self, team: Who, human: bool, ours: bool) -> str:
        if human:
            return "Ganhaste o encontro!" if ours else "Os adversários ganham o encontro."
        return f"{team.cap} {self.verb(team, 'win')} o encontro."

    def match_detail(
        self, deals: int, teams: tuple[Who, Who], points: tuple[int, int], partidas: str
    ) -> str:
        a, b = teams[0].short, teams[1].short
        text = f"{self.deals(deals)}, pontos {a} {points[0]}, {b} {points[1]}."
        return f"{partidas[:1].upper()}{partidas[1:]}, {text}" if partidas else text.capitalize()

    def end_of_input(self) -> str:
        return "Fim da entrada: o jogo acaba aqui."

    def leave(self) -> str:
        return "Sais da mesa."

    def saved(self, path: str, command: str) -> str:
        return f"O jogo ficou guardado em {path} ({command})."

    def replay_with(self, command: str) -> str:
        return f"para o rever: {command}"

    def resume_with(self, command: str) -> str:
        return f"para o continuar: {command}"

    def team_long(self, team: int) -> str:
        return f"a equipa {team} (lugares {team} e {team + 2})"

    def replay_head(self, name: str, first_dealer: int) -> str:
        return f"{name}: o primeiro a dar é o lugar {first_dealer}"

    def replay_deal(self, number: int, partida: int, dealer: int, card: str, suit: str) -> str:
        return (
            f"Mão {number} (partida {partida}): o lugar {dealer} dá e vira {card}: o trunfo é "
            f"{suit}"
        )

    def replay_redeal(self, seat: int) -> str:
        return f"o lugar {seat} pede que se dê de novo (uma mão fraca): quem deu dá outra vez"

    def replay_trick(self, number: int, leader: int, cards: str, winner: int, points: int) -> str:
        unit = "ponto" if points == 1 else "pontos"
        return (
            f"{number:>2}. lugar {leader} sai: {cards}  → lugar {winner} ganha {points:>2} {unit}"
        )

    def replay_claim(self, by: int, against: int | None, after: int, found: str) -> str:
        who = f"o lugar {by} acusa uma renúncia"
        if against is not None:
            who = f"o lugar {by} acusa o lugar {against} de renúncia"
        when = "na contagem" if after == 40 else f"depois da carta {after}"
        return f"{who} {when}: {found}"

    def claim_found(self, seat: int, card: str, play: int) -> str:
        return f"com razão, o lugar {seat} renunciou com {card} (carta {play})"

    def claim_false(
        self, outcome: Outcome, against: int | None, team: str, games: int, count: bool
    ) -> str:
        if outcome == "ignored":
            return "sem razão, e estas regras ignoram-no: " + (
                "contam-se os pontos" if count else "o jogo continua"
            )
        nobody = "nenhum adversário tinha renunciado"
        if against is not None:
            nobody = f"o lugar {against} não tinha renunciado"
        if outcome == "ends":
            return f"sem razão, {nobody}"
        then = "contam-se os pontos" if count else "o jogo continua"
        return f"sem razão, {nobody}: {team} recebe {self.games(games)} por isso, e {then}"

    def unfinished_trick(self, cards: str) -> str:
        return f"vaza por acabar: {cards}"

    def replay_points(self, points: tuple[int, int], tricks: tuple[int, int]) -> str:
        return f"Pontos {points[0]}-{points[1]}, vazas {tricks[0]}-{tricks[1]}:"

    def replay_tie(self) -> str:
        return "60-60, empate: ninguém marca."

    def replay_won(self, team: str, games: int, bandeira: bool) -> str:
        return f"{team} marca {self.games(games)}{' (bandeira)' if bandeira else ''}."

    def replay_by_claim(self, caught: bool, team: str, games: int) -> str:
        what = "na renúncia" if caught else "na acusação falsa"
        return f"A mão acaba {what}: {team} marca {self.games(games)}."

    def replay_penalties(self, games: tuple[int, int]) -> str:
        parts = [f"{self.team_long(t)} +{self.games(g)}" for t, g in enumerate(games) if g]
        return f" Com as acusações falsas: {', '.join(parts)}."

    def replay_games(self, partida: int, games: tuple[int, int]) -> str:
        return f"Jogos na partida {partida}: {games[0]}-{games[1]}"

    def replay_partida(self, team: str, number: int, bandeira: bool, games: tuple[int, int]) -> str:
        how = " com uma bandeira" if bandeira else ""
        score = f"{games[0]}-{games[1]}"
        return f"{team[:1].upper()}{team[1:]} ganha a partida {number}{how}, {score} em jogos."

    def unfinished_deal(self, number: int, cards: int, turn: int | None) -> str:
        due = f", joga o lugar {turn}" if turn is not None else ""
        return f"A mão {number} está por acabar: {cards} carta(s) jogada(s){due}."

    def match_over(self, team: str, partidas: tuple[int, int]) -> str:
        return f"O encontro acabou: ganha {team}, partidas {partidas[0]}-{partidas[1]}."

    def match_goes_on(self, games: tuple[int, int], partidas: tuple[int, int]) -> str:
        return (
            f"O encontro continua: jogos {games[0]}-{games[1]}, partidas "
            f"{partidas[0]}-{partidas[1]}."
        )

    def ladder_intro(self, name: str, partner_level: int, seed: int | str) -> str:
        return (
            f"Sueca — {name}: a escada. O teu parceiro joga no nível {partner_level}. "
            "Cada encontro que ganhas põe os adversários um nível acima (de 1 a 4); perder um, "
            f"ou sair, acaba a corrida. Semente {seed}."
        )

    def ladder_best(self, score: str, streak: int, date: str) -> str:
        return f"Melhor pontuação até agora: {score} (série {streak}, {date})."

    def ladder_match(self, number: int, level: int, streak: int, score: str) -> str:
        return (
            f"Encontro {number}: adversários no nível {level} · série {streak} · pontuação {score}"
        )

    def ladder_stop(self, eof: bool) -> str:
        return "Fim da entrada: a corrida acaba aqui." if eof else "Sais da escada."

    def ladder_progress(self, streak: int, margin: str, score: str) -> str:
        return f"Série {streak}, margem {margin}: pontuação {score}."

    def ladder_next(self, number: int, level: int) -> str:
        return (
            f"Enter para o encontro {number} contra adversários de nível {level}, ou s para sair: "
        )

    def ladder_left(self, eof: bool) -> str:
        return "Fim da entrada." if eof else "Sais da escada."

    def interrupted(self) -> str:
        return "Interrompido: a corrida acaba aqui."

    def run_over(self, streak: int, margin: str, score: str, rank: int | None) -> str:
        text = f"Fim da corrida: série {streak}, margem {margin} → pontuação {score}."
        if rank == 1:
            return text + " Um novo recorde!"
        return text + (f" Lugar {rank} entre as melhores." if rank else "")

    def scores_backup(self, path: str) -> str:
        return f"As pontuações da escada que não se puderam ler ficaram em {path}."

    scores_title = "Melhores pontuações da escada"
    scores_columns: tuple[str, ...] = ("#", "pontos", "série", "margem", "data", "variante")

    def number(self, n: int) -> str:
        return f"{n:,}".replace(",", " ")


def words(lang: str) -> English:
    """The phrase table of ``lang`` (``en`` or ``pt``)."""
    return Portuguese() if lang == "pt" else English()
