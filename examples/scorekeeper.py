"""A scorekeeper for a game played with real cards: enter the deal and every card as it falls.

The rules are ``portugal-table``: the standard Portuguese rules as played at a real table, where
nothing stops a player from failing to follow suit (a renúncia) and the other team has to catch
it with a claim. The scorekeeper knows the hands (they were entered), so it notes every renúncia
quietly; only a claim ends the deal.

Input is one command per line (``#`` starts a comment)::

    dealer 0                        # the first dealer (later deals pass to the right)
    hand 0 7S KS 5S AH QH 6H AD QD 7C QC
    hand 1 ...                      # the four hands, by seat (seats are numbered clockwise)
    trump 7C                        # the turned card, in the dealer's hand
    play 2S JS AS 7S                # cards in the order they are played
    claim 1                         # seat 1 claims a renúncia (also at the count, after the
                                    #   last trick)
    score                           # the count is over: score the deal (done for you when
                                    #   the next deal's trump card is entered)

Run it with the built-in script (a deal played out, then a renúncia caught in the next one),
or type or pipe a game in::

    python examples/scorekeeper.py
    python examples/scorekeeper.py --stdin < game.txt
    python examples/scorekeeper.py --record game.yaml    # also save the game as a record

Input that ends in the middle of a deal is reported, and the exit status is then 1.

It uses only the public API of ``sueca_rules``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path

from sueca_rules import (
    CardError,
    ClaimMade,
    DealScored,
    Event,
    IllegalPlayError,
    Match,
    MatchWon,
    PartidaWon,
    TrickWon,
    parse_card,
    save_record,
)

VARIANT = "portugal-table"

SCRIPT = """\
# Deal 1: seat 0 deals and turns the seven of clubs; seat 3, on the dealer's right, leads.
dealer 0
hand 0 7S KS 5S AH QH 6H AD QD 7C QC
hand 1 AS 6S 7H KH 4H JD 4D JC 4C 3C
hand 2 JS QS 4S 3S 3H 2H 7D 5D AC 5C
hand 3 2S JH 5H KD 6D 3D 2D KC 6C 2C
trump 7C
play 2S JS AS 7S   6S KS JH QS   5S 5H 4S 7H   AH KD 3H KH   QH 6D 2H 4H
play 6H 3D 3S JD   AD 2D 7D 4D   QD KC 5D JC   6C AC 4C 7C   5C 3C QC 2C
# Deal 2: seat 3 deals and turns the two of clubs. Seat 2 leads a trump; seat 0 keeps its
# trumps (7C 6C) and throws a diamond instead. Seat 1 has seen it.
hand 0 3S 2S QH 4H AD KD 3D 2D 7C 6C
hand 1 KS QS KH 6H 5H 2H 5D 4D AC KC
hand 2 AS 7S JS 6S 5S 7H 7D JC QC 5C
hand 3 4S AH JH 3H JD QD 6D 4C 3C 2C
trump 2C
play JC KC 2D 2C
claim 1
"""


class InputError(Exception):
    """A line of input the scorekeeper cannot use."""


def describe_event(event: Event) -> str | None:
    """A line for the events a scorekeeper announces (tricks, claims, scores)."""
    match event:
        case TrickWon(trick=trick, winner=winner, cards=cards, points=points):
            shown = " ".join(c.symbol for c in cards)
            return f"  trick {trick:>2}: {shown:<15} seat {winner} takes {points} points"
        case ClaimMade(by=seat, valid=True, revoke=revoke) if revoke is not None:
            return (
                f"  seat {seat} claims a renúncia: rightly, seat {revoke.seat} played "
                f"{revoke.card.symbol} while holding the suit led"
            )
        case ClaimMade(by=seat, ignored=ignored):
            return f"  seat {seat} claims a renúncia: wrongly" + (" (ignored)" if ignored else "")
        case DealScored(deal=deal, result=result, points=points, games=games, team=team):
            if result == "tie":
                return f"Deal {deal}: 60-60, empate"
            why = "renúncia" if result == "revoke" else f"points {points[0]}-{points[1]}"
            won = games[team] if team is not None else 0
            return f"Deal {deal}: {why}, team {team} scores {won} game{'s' if won != 1 else ''}"
        case PartidaWon(team=team, games=games):
            return f"Partida won by team {team}, {games[0]}-{games[1]}"
        case MatchWon(team=team):
            return f"Match won by team {team}"
    return None


class Scorekeeper:
    """Feeds the commands of a game into a :class:`~sueca_rules.Match` and prints the score."""

    def __init__(self) -> None:
        self.match: Match | None = None
        self.hands: dict[int, list[str]] = {}

    def _require_match(self) -> Match:
        if self.match is None:
            raise InputError("say who deals first ('dealer N') before anything else")
        return self.match

    def command(self, words: list[str]) -> None:
        """Run one input line, split into words."""
        verb, args = words[0].lower(), words[1:]
        if verb == "dealer":
            seat = _seat(args)
            if self.match is None:
                self.match = Match(VARIANT, deal=False, first_dealer=seat)
            elif seat != self.match.dealer:
                raise InputError(f"it is seat {self.match.dealer}'s turn to deal, not {seat}'s")
        elif verb == "hand":
            if len(args) != 11:
                raise InputError("write 'hand SEAT' and the ten cards of that seat")
            self.hands[_seat(args[:1])] = args[1:]
        elif verb == "trump":
            match = self._require_match()
            if sorted(self.hands) != [0, 1, 2, 3] or len(args) != 1:
                raise InputError("enter the four hands, then 'trump CARD'")
            hands = [self.hands[seat] for seat in range(4)]
            self.end_count(match)
            match.deal_hands(hands, args[0])
            self.hands = {}
            print(
                f"Deal {match.deal_number}: seat {match.dealer} deals and turns "
                f"{parse_card(args[0]).symbol}; seat {match.turn} leads"
            )
        elif verb == "play":
            match = self._require_match()
            for card in args:
                self.play(match, card)
        elif verb == "claim":
            match = self._require_match()
            self.announce(match.claim(_seat(args)))
        elif verb == "score":
            match = self._require_match()
            if match.phase != "count":
                raise InputError("'score' ends the count, after the last trick of a deal")
            self.end_count(match)
        else:
            raise InputError(
                f"unknown command {verb!r}: use dealer, hand, trump, play, claim or score"
            )

    def end_count(self, match: Match) -> None:
        """After the last trick the tricks are counted, and a renúncia can still be claimed;
        once nobody claims, the deal is scored."""
        if match.phase == "count":
            self.announce(match.score_deal())

    def unfinished(self) -> str | None:
        """The deal the input stopped in the middle of, if it did."""
        match = self.match
        if match is None:
            return None
        number = match.deal_number
        if match.phase == "play":
            return f"deal {number}: {len(match.plays)} of 40 cards played"
        if self.hands:
            return f"deal {number}: its hands were entered, not its trump card"
        return None

    def play(self, match: Match, text: str) -> None:
        """Play one card for the seat whose turn it is, noting a renúncia."""
        seat = match.turn
        card = parse_card(text)
        if seat is not None and card in match.hand(seat) and card not in match.legal_cards():
            led = match.trick[0][1].suit
            print(f"  (seat {seat} plays {card.symbol} but holds {led.name.lower()}: a renúncia)")
        self.announce(match.play(card))

    def announce(self, events: Iterable[Event]) -> None:
        match = self._require_match()
        for event in events:
            line = describe_event(event)
            if line is not None:
                print(line)
            if isinstance(event, DealScored):
                games = match.games
                print(f"  games {games[0]}-{games[1]}")


def _seat(args: list[str]) -> int:
    if len(args) != 1 or args[0] not in ("0", "1", "2", "3"):
        raise InputError("a seat is 0, 1, 2 or 3")
    return int(args[0])


def run(lines: Iterable[str], record: Path | None = None) -> int:
    """Run a game from input lines; 0 when every line was accepted, 1 at the first bad one."""
    keeper = Scorekeeper()
    status = 0
    for number, line in enumerate(lines, 1):
        words = line.split("#", 1)[0].split()
        if not words:
            continue
        try:
            keeper.command(words)
        except (InputError, CardError, IllegalPlayError) as error:
            # IllegalPlayError leaves the match unchanged: a real app would ask again.
            print(f"line {number}: {error}", file=sys.stderr)
            status = 1
            break
    match = keeper.match
    if match is None:
        print("no game was entered", file=sys.stderr)
        return 1
    if status == 0:
        keeper.end_count(match)
        cut = keeper.unfinished()
        if cut is not None:  # the game stops mid-deal: say so, and do not exit as if all were well
            print(f"the input ends in the middle of {cut}", file=sys.stderr)
            status = 1
    games, partidas = match.games, match.partidas
    score = f"Score: games {games[0]}-{games[1]}, partidas {partidas[0]}-{partidas[1]}"
    if match.winner is not None:
        score += f"; team {match.winner} wins the match"
    print(score)
    if record is not None:
        try:
            save_record(match.to_record(), record)
        except OSError as error:  # a folder, no such folder, no permission: said, no traceback
            print(f"cannot save the game to {record}: {error.strerror or error}", file=sys.stderr)
            return 1
        print(f"saved the game to {record}")
    return status


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--stdin", action="store_true", help="read the game from stdin")
    parser.add_argument("--record", type=Path, help="save the game as a record (.yaml or .json)")
    args = parser.parse_args(argv)
    lines = sys.stdin if args.stdin else SCRIPT.splitlines()
    return run(lines, args.record)


if __name__ == "__main__":
    raise SystemExit(main())
