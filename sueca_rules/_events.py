"""What happens in a match, as values an application can render or store.

:meth:`Match.play <sueca_rules.Match.play>`, :meth:`~sueca_rules.Match.claim`,
:meth:`~sueca_rules.Match.deal_random` and :meth:`~sueca_rules.Match.deal_hands` return the events
they caused, in order. Events are immutable named tuples; match on their class::

    for event in match.play(card):
        match event:
            case CardPlayed(seat=seat, card=card): ...
            case TrickWon(winner=winner, points=points): ...
            case DealScored(result="tie"): ...
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

from ._cards import Card

__all__ = [
    "CardPlayed",
    "Claim",
    "ClaimMade",
    "DealResult",
    "DealScored",
    "DealStarted",
    "Event",
    "MatchWon",
    "PartidaWon",
    "Revoke",
    "Trick",
    "TrickWon",
]

DealOutcome = Literal["won", "tie", "revoke"]


class Trick(NamedTuple):
    """A completed trick: who led, the four cards in play order, who won it, its points."""

    leader: int
    cards: tuple[Card, Card, Card, Card]
    winner: int
    points: int


class Revoke(NamedTuple):
    """A renúncia: ``seat`` played ``card`` (the ``play``-th card of the deal, 1-based) while
    holding the suit that was led."""

    play: int
    seat: int
    card: Card


class Claim(NamedTuple):
    """A renúncia claim by seat ``by`` after the ``after``-th card of the deal."""

    after: int
    by: int


class DealStarted(NamedTuple):
    """A deal was dealt: ``dealer`` turned ``trump_card``; ``leader`` leads the first trick.

    ``deal`` counts deals in the match from 1; ``partida`` counts partidas from 0.
    """

    deal: int
    partida: int
    dealer: int
    trump_card: Card
    leader: int


class CardPlayed(NamedTuple):
    """``seat`` played ``card`` to trick ``trick`` (1-based) of deal ``deal``."""

    deal: int
    trick: int
    seat: int
    card: Card


class TrickWon(NamedTuple):
    """Trick ``trick`` of deal ``deal`` was won by ``winner`` with ``points`` card points."""

    deal: int
    trick: int
    winner: int
    cards: tuple[Card, Card, Card, Card]
    points: int


class ClaimMade(NamedTuple):
    """Seat ``by`` claimed a renúncia. ``valid``: a rival did revoke in this deal (``revoke``
    says which card); ``ignored``: a false claim that the variant ignores, so play goes on."""

    deal: int
    by: int
    valid: bool
    ignored: bool
    revoke: Revoke | None


class DealScored(NamedTuple):
    """Deal ``deal`` ended. ``result`` is ``won``, ``tie`` (60-60) or ``revoke`` (a claim ended
    it); ``games`` are the games it awarded to each team, ``team`` the team that scored them
    (``None`` for a tie)."""

    deal: int
    result: DealOutcome
    points: tuple[int, int]
    tricks_won: tuple[int, int]
    games: tuple[int, int]
    team: int | None
    bandeira: bool


class PartidaWon(NamedTuple):
    """``team`` won partida ``partida`` (0-based) with ``games`` (both teams' final games)."""

    partida: int
    team: int
    games: tuple[int, int]


class MatchWon(NamedTuple):
    """``team`` won the match; ``partidas`` are the partidas won by each team."""

    team: int
    partidas: tuple[int, int]


Event = DealStarted | CardPlayed | TrickWon | ClaimMade | DealScored | PartidaWon | MatchWon
"""Any event."""


@dataclass(frozen=True, slots=True)
class DealResult:
    """A finished deal, as kept by :attr:`Match.deals <sueca_rules.Match.deals>`.

    It holds both what was dealt and played (for records) and how it was scored.
    """

    number: int
    """The deal's number in the match, from 1."""
    partida: int
    """The partida it belongs to, from 0."""
    dealer: int
    trump_card: Card
    hands: tuple[tuple[Card, ...], ...]
    """The four hands as dealt, by seat."""
    plays: tuple[Card, ...]
    claims: tuple[Claim, ...]
    tricks: tuple[Trick, ...]
    """The completed tricks (a claim can end a deal in the middle of a trick)."""
    points: tuple[int, int]
    tricks_won: tuple[int, int]
    result: DealOutcome
    games: tuple[int, int]
    team: int | None
    """The team that scored the games (``None`` for a tie)."""
    bandeira: bool
    revokes: tuple[Revoke, ...]
    """Every renúncia played in the deal (only possible with ``revoke.mode: claimable``)."""

    @property
    def trump(self) -> int:
        """The trump suit (a :class:`~sueca_rules.Suit` number)."""
        return self.trump_card // 10
