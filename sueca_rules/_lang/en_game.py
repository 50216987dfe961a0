"""English phrases of a game at the table: `sueca play` (its `--auto` column and the ladder) and
`sueca replay`'s account (sections `play` and `replay` of `sueca_rules._lang.en`).

The compact names of seats and teams (`left rival`, `seat 2`, `team 0`) are the `table` section's
(`seat_name()`): the front end passes them in, and these phrases add the forms a sentence needs
(`the left rival`) and make the verbs agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final, Literal

from ._game_tables import FalseClaim, Who

if TYPE_CHECKING:
    from .._rules import SeatRole

__all__ = ["PLAY", "REPLAY"]


_SUITS: Final = ("spades", "hearts", "diamonds", "clubs")


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _games(n: int) -> str:
    return _plural(n, "game", "games")


def _deals(n: int) -> str:
    return _plural(n, "deal", "deals")


def _points(n: int) -> str:
    return _plural(n, "point", "points")


def _verb(who: Who, base: str) -> str:
    """`base` (an English verb) agreeing with `who`."""
    if who.person != 3 or who.plural:
        return base
    return base + ("es" if base.endswith(("s", "sh", "ch", "x")) else "s")


_ROLES: Final[dict[SeatRole, str]] = {
    "you": "you",
    "partner": "your partner",
    "left": "the left rival",
    "right": "the right rival",
}


class Play:
    """`sueca play`."""

    def seat(self, seat: int, short: str) -> Who:
        return Who(short, short, 3)

    def role(self, role: SeatRole, short: str) -> Who:
        return Who(_ROLES[role], short, 2 if role == "you" else 3)

    def team(self, team: int, short: str) -> Who:
        return Who(short, short, 3)

    def our_team(self, ours: bool) -> Who:
        return Who("we", "us", 1, True) if ours else Who("they", "them", 3, True)

    def suit(self, suit: int) -> str:
        return _SUITS[suit]

    def either(self, items: Sequence[str]) -> str:
        """`A or B`, `one of A B C D`."""
        return " or ".join(items) if len(items) < 3 else "one of " + " ".join(items)

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
        return f"Resuming {path}: {_deals(deals)} finished" + (
            f", {_plural(cards, 'card', 'cards')} of this deal played." if cards else "."
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

    def deal_title(self, number: int, partida: int | None) -> str:
        return f"Deal {number}" + (f", partida {partida}" if partida is not None else "")

    def chose(self, dealer: Who, top: bool) -> str:
        side = "top" if top else "bottom"
        return f"{dealer.cap} {_verb(dealer, 'choose')} the {side} card for trumps."

    def dealt(self, dealer: Who, card: str, suit: str) -> str:
        return (
            f"{dealer.cap} {_verb(dealer, 'deal')} and {_verb(dealer, 'turn')} {card}: "
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
            f"Your hand holds {_points(points)}, fewer than {below}: you may ask for a new "
            "deal. Ask? y/n: "
        )

    def yes_no_hint(self) -> str:
        return "Type y or n (q stops the game)."

    def redeal(self, who: Who, dealer: Who) -> str:
        return (
            f"{who.cap} {_verb(who, 'ask')} for a new deal (a weak hand): "
            f"{dealer.name} {_verb(dealer, 'deal')} again."
        )

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
        return f"if {nobody}, the rivals score {_games(games)} and {then}"

    def confirm_claim(self, against: Who | None, cost: str) -> str:
        what = f"Accuse {against.name} of a renúncia" if against else "Claim a renúncia"
        return f"{what}? {cost[:1].upper()}{cost[1:]}. Type y to claim: "

    def no_claim(self, count: bool) -> str:
        return "No claim: the tricks are counted." if count else "No claim: play goes on."

    def claim_right(self, by: Who, revoker: Who, card: str) -> str:
        return (
            f"{by.cap} {_verb(by, 'claim')} a renúncia: {revoker.name} "
            f"played {card} without following suit."
        )

    def claim_wrong(
        self,
        by: Who,
        against: Who | None,
        outcome: FalseClaim,
        scorer: Who,
        games: int,
        count: bool,
    ) -> str:
        if against is not None:
            head = (
                f"{by.cap} {_verb(by, 'accuse')} {against.name} of a renúncia, but "
                f"{against.name} did not revoke"
            )
        else:
            head = f"{by.cap} {_verb(by, 'claim')} a renúncia, but nobody revoked"
        goes_on = "the tricks are counted" if count else "play goes on"
        if outcome == "ignored":
            return f"{head}: {goes_on}."
        if outcome == "ends":
            return head + ": a false claim."
        return (
            head + f": a false claim. {scorer.cap} {_verb(scorer, 'score')} "
            f"{_games(games)} for it, and {goes_on}."
        )

    def count_started(self) -> str:
        return "The count: all ten tricks are in. A renúncia can still be claimed."

    def count_prompt(self) -> str:
        return "Claim a renúncia ('claim'), list the tricks (l), or press Enter to count: "

    def count_hint(self) -> str:
        return "Type 'claim' to claim a renúncia, l to list the tricks, Enter to count the points."

    def tie(self, add: int, multiply: int, penalized: bool = False) -> str:
        # `penalized`: false claims scored games all the same (said next): the deal itself did not
        nobody = "the deal itself scores nothing" if penalized else "nobody scores"
        if add:
            return f"60-60, {nobody}: the next deal won scores {_games(add)} more."
        if multiply:
            times = "double" if multiply == 2 else f"×{multiply}"
            return f"60-60, {nobody}: the next deal won counts {times}."
        return f"60-60, {nobody}."

    def won(self, team: Who, games: int, kind: Literal["", "bandeira", "capote"]) -> str:
        extra = f" ({kind}!)" if kind else ""
        return f"{team.name} {_verb(team, 'score')} {_games(games)}{extra}."

    def by_claim(self, caught: bool, team: Who, games: int) -> str:
        what = "the renúncia" if caught else "the false claim"
        return f"{what} ends the deal: {team.name} {_verb(team, 'score')} {_games(games)}."

    def with_penalties(self, teams: tuple[Who, Who], games: tuple[int, int]) -> str:
        parts = [f"{t.short} +{_games(g)}" for t, g in zip(teams, games, strict=True) if g]
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
        return f"{team.cap} {_verb(team, 'win')} partida {number}, {games[0]}-{games[1]} in games."

    def match_won(self, team: Who, human: bool, ours: bool) -> str:
        if human:
            return "You win the match!" if ours else "The rivals win the match."
        return f"{team.cap} {_verb(team, 'win')} the match."

    def match_detail(
        self, deals: int, teams: tuple[Who, Who], points: tuple[int, int], partidas: str
    ) -> str:
        a, b = teams[0].short, teams[1].short
        text = f"{_deals(deals)}, card points {a} {points[0]}, {b} {points[1]}."
        return f"{partidas[:1].upper()}{partidas[1:]}, {text}" if partidas else text.capitalize()

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


class Replay:
    """`sueca replay`: seats and teams by number."""

    def team_long(self, team: int) -> str:
        return f"team {team} (seats {team} & {team + 2})"

    def head(self, name: str, first_dealer: int) -> str:
        return f"{name}: first dealer seat {first_dealer}"

    def deal(self, number: int, partida: int, dealer: int, card: str, suit: int) -> str:
        return (
            f"Deal {number} (partida {partida}): seat {dealer} deals, turns {card}: trumps "
            f"are {'♠♥♦♣'[suit]} {_SUITS[suit]}"
        )

    def redeal(self, seat: int) -> str:
        return f"seat {seat} asks for a new deal (a weak hand): the same dealer deals again"

    def trick_head(self, number: int, leader: int) -> str:
        return f"{number:>2}. seat {leader} leads:"

    def trick_won(self, winner: int, points: int) -> str:
        unit = "point" if points == 1 else "points"
        return f"→ seat {winner} wins {points:>2} {unit}"

    def claim(self, by: int, against: int | None, after: int, found: str) -> str:
        who = f"seat {by} claims a renúncia"
        if against is not None:
            who = f"seat {by} accuses seat {against} of a renúncia"
        when = "at the count" if after == 40 else f"after card {after}"
        when = "before the first card" if after == 0 else when
        return f"{who} {when}: {found}"

    def claim_found(self, seat: int, card: str, play: int) -> str:
        return f"right, seat {seat} revoked with {card} (card {play})"

    def claim_false(
        self, outcome: FalseClaim, against: int | None, team: str, games: int, count: bool
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
        return f"false, {nobody}: {team} gets {_games(games)} for it, and {then}"

    def points(self, points: tuple[int, int], tricks: tuple[int, int]) -> str:
        return f"Points {points[0]}-{points[1]}, tricks {tricks[0]}-{tricks[1]}:"

    def tie(self, tricks: tuple[int, int], penalties: tuple[int, int]) -> str:
        head = f"Tricks {tricks[0]}-{tricks[1]}, points 60-60, empate:"
        if not any(penalties):
            return f"{head} nobody scores."
        parts = [f"{self.team_long(t)} {_games(g)}" for t, g in enumerate(penalties) if g]
        return (
            f"{head} the deal itself scores nothing, but the false claims give "
            f"{' and '.join(parts)}."
        )

    def won(self, team: str, games: int, bandeira: bool) -> str:
        return f"{team} scores {_games(games)}{' (bandeira)' if bandeira else ''}."

    def by_claim(self, caught: bool, team: str, games: int) -> str:
        what = "the renúncia" if caught else "the false claim"
        return f"The deal ends on {what}: {team} scores {_games(games)}."

    def penalties(self, games: tuple[int, int]) -> str:
        parts = [f"{self.team_long(t)} +{_games(g)}" for t, g in enumerate(games) if g]
        return f" With the false claims: {', '.join(parts)}."

    def games(self, partida: int, games: tuple[int, int]) -> str:
        return f"Games in partida {partida}: {games[0]}-{games[1]}"

    def partida(self, team: str, number: int, bandeira: bool, games: tuple[int, int]) -> str:
        how = " with a bandeira" if bandeira else ""
        score = f"{games[0]}-{games[1]}"
        return f"{team[:1].upper()}{team[1:]} wins partida {number}{how}, {score} in games."

    def unfinished_deal(self, number: int, cards: int, turn: int | None) -> str:
        due = f", seat {turn} to play" if turn is not None else ""
        return f"Deal {number} is unfinished: {_plural(cards, 'card', 'cards')} played{due}."

    def match_over(self, team: str, partidas: tuple[int, int]) -> str:
        return f"The match is over: {team} wins, partidas {partidas[0]}-{partidas[1]}."

    def match_goes_on(self, games: tuple[int, int], partidas: tuple[int, int]) -> str:
        return (
            f"The match goes on: games {games[0]}-{games[1]}, partidas {partidas[0]}-{partidas[1]}."
        )


PLAY: Final = Play()
REPLAY: Final = Replay()
