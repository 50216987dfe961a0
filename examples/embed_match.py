"""A minimal embedded match: four bots play a match of Sueca, and every event is printed.

This is the loop an application runs: deal, let :func:`sueca_rules.bots.advance` make the next
decision the rules ask for (a card from the seat whose turn it is, and under some variants the
dealer's choice of trump, a redeal question, claims and the count: each bot sees only its own
seat's observation), and render the events the engine returns. Run it from a checkout::

    python examples/embed_match.py                      # a whole match, standard rules
    python examples/embed_match.py --variant french --levels 3,1,3,1 --cards
    python examples/embed_match.py --variant brasil     # the dealer's choice, redeals
    python examples/embed_match.py --deals 1 --seed 7   # stop after the first deal

It uses only the public API: ``sueca_rules`` and ``sueca_rules.bots``.
"""

from __future__ import annotations

import argparse
import os
import sys

from sueca_rules import (
    CardPlayed,
    ClaimMade,
    CountStarted,
    DealScored,
    DealStarted,
    Event,
    Match,
    MatchWon,
    PartidaWon,
    RedealAsked,
    TrickWon,
    TrumpChosen,
    VariantError,
    load_variant,
)
from sueca_rules.bots import LEVELS, advance, make_bot


def render(event: Event, *, cards: bool = False) -> str | None:
    """One line for an event, or ``None`` for events not worth a line."""
    match event:
        case TrumpChosen(dealer=dealer, side=side):
            return f"seat {dealer} chooses the {side} card for trumps"
        case RedealAsked(seat=seat):
            return f"  seat {seat} asks for a new deal: the same dealer deals again"
        case CountStarted():
            return "  the count: a renúncia can still be claimed" if cards else None
        case DealStarted(deal=deal, partida=partida, dealer=dealer, trump_card=card, leader=lead):
            return (
                f"Deal {deal} (partida {partida + 1}): seat {dealer} deals and turns "
                f"{card.symbol}; seat {lead} leads"
            )
        case CardPlayed(seat=seat, card=card):
            return f"    seat {seat} plays {card.symbol}" if cards else None
        case TrickWon(trick=trick, winner=winner, cards=played, points=points):
            shown = " ".join(c.symbol for c in played)
            return f"  trick {trick:>2}: {shown:<15} won by seat {winner} ({points} points)"
        case ClaimMade(by=seat, valid=valid):
            return f"  seat {seat} claims a renúncia: {'right' if valid else 'wrong'}"
        case DealScored(result="redeal"):
            return None
        case DealScored(result="tie", points=points):
            return f"  60-60 ({points[0]}-{points[1]}): empate, nobody scores"
        case DealScored(points=points, games=games, team=team, bandeira=bandeira):
            what = "bandeira! " if bandeira else ""
            won = games[team] if team is not None else 0
            return (
                f"  points {points[0]}-{points[1]}: {what}team {team} scores "
                f"{won} game{'s' if won != 1 else ''}"
            )
        case PartidaWon(partida=partida, team=team, games=games):
            return f"Partida {partida + 1} won by team {team}, {games[0]}-{games[1]}"
        case MatchWon(team=team, partidas=partidas):
            return f"Match won by team {team} (partidas {partidas[0]}-{partidas[1]})"
    return None


def parse_levels(text: str) -> list[int]:
    """``"3,1"`` (team 0, team 1) or ``"3,1,2,4"`` (seats 0-3) as four seat levels."""
    known = ", ".join(map(str, LEVELS))
    try:
        levels = [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"levels are whole numbers ({known}): {text!r}") from None
    if any(level not in LEVELS for level in levels):
        raise argparse.ArgumentTypeError(f"the bot levels are {known}, not {text!r}")
    if len(levels) == 2:
        levels = levels * 2  # seats 0 and 2 are team 0, seats 1 and 3 team 1
    if len(levels) != 4:
        raise argparse.ArgumentTypeError("give 2 levels (one per team) or 4 (one per seat)")
    return levels


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--variant", default="portugal", help="built-in id or variant file")
    parser.add_argument("--seed", type=int, default=1, help="seed of the cards and the bots")
    parser.add_argument(
        "--levels", type=parse_levels, default=[3, 2, 3, 2], help="bot levels, e.g. 3,2"
    )
    parser.add_argument("--deals", type=int, default=None, help="stop after this many deals")
    parser.add_argument("--cards", action="store_true", help="print every card, not just tricks")
    args = parser.parse_args(argv)

    # deal=False: the match waits for us to deal, so that every DealStarted event passes
    # through the loop below (by default each deal is dealt as soon as the last one ends).
    try:
        variant = load_variant(args.variant)
    except VariantError as error:  # an unknown id, or a file with problems: say them all
        parser.error(str(error))
    match = Match(variant, seed=args.seed, deal=False)
    bots = [make_bot(level, seed=f"{args.seed}:{seat}") for seat, level in enumerate(args.levels)]
    print(f"{match.variant.name}: seats 0 & 2 (team 0) against seats 1 & 3 (team 1)")
    print(f"levels by seat: {' '.join(map(str, args.levels))}; seed {args.seed}")

    deals = 0
    while not match.is_over and (args.deals is None or deals < args.deals):
        # "deal": deal the next deal; otherwise the next decision (a card, a choice, a claim).
        events = match.deal_random() if match.phase == "deal" else advance(match, bots)
        for event in events:
            deals += isinstance(event, DealScored) and event.result != "redeal"
            line = render(event, cards=args.cards)
            if line is not None:
                print(line)

    games, partidas = match.games, match.partidas
    print(f"Score: games {games[0]}-{games[1]}, partidas {partidas[0]}-{partidas[1]}")
    if match.winner is not None:
        print(f"Winner: team {match.winner}")
    return 0


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly, as sueca does
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise SystemExit(0) from None
