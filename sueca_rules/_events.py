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
    """The seat that led the trick (played its first card)."""
    cards: tuple[Card, Card, Card, Card]
    """The four cards in play order, the leader's first."""
    winner: int
    """The seat that won the trick, and leads the next one."""
    points: int
    """The card points in the trick."""


class Revoke(NamedTuple):
    """A renúncia: ``seat`` played ``card`` (the ``play``-th card of the deal, 1-based) while
    holding the suit that was led."""

    play: int
    """The position of the card in the deal's plays, from 1 (card 1 is the first lead)."""
    seat: int
    """The seat that revoked."""
    card: Card
    """The card it played instead of following suit."""


class Claim(NamedTuple):
    """A renúncia claim by seat ``by`` after the ``after``-th card of the deal."""

    after: int
    """The number of cards of the deal played before the claim (0: before the first card)."""
    by: int
    """The seat that claimed."""


class DealStarted(NamedTuple):
    """A deal was dealt: ``dealer`` turned ``trump_card``; ``leader`` leads the first trick.

    ``deal`` counts deals in the match from 1; ``partida`` counts partidas from 0.
    """

    deal: int
    """The deal's number in the match, from 1."""
    partida: int
    """The partida the deal belongs to, from 0."""
    dealer: int
    """The seat that dealt."""
    trump_card: Card
    """The card the dealer turned up: its suit is trumps, and it stays in the dealer's hand."""
    leader: int
    """The seat that leads the first trick (the one after the dealer)."""


class CardPlayed(NamedTuple):
    """``seat`` played ``card`` to trick ``trick`` (1-based) of deal ``deal``."""

    deal: int
    """The deal's number in the match, from 1."""
    trick: int
    """The trick's number in the deal, from 1."""
    seat: int
    """The seat that played."""
    card: Card
    """The card it played."""


class TrickWon(NamedTuple):
    """Trick ``trick`` of deal ``deal`` was won by ``winner`` with ``points`` card points."""

    deal: int
    """The deal's number in the match, from 1."""
    trick: int
    """The trick's number in the deal, from 1."""
    winner: int
    """The seat that won the trick, and leads the next one."""
    cards: tuple[Card, Card, Card, Card]
    """The four cards in play order, the leader's first."""
    points: int
    """The card points in the trick."""


class ClaimMade(NamedTuple):
    """Seat ``by`` claimed a renúncia. ``valid``: a rival did revoke in this deal (``revoke``
    says which card); ``ignored``: a false claim that the variant ignores, so play goes on."""

    deal: int
    """The deal's number in the match, from 1."""
    by: int
    """The seat that claimed."""
    valid: bool
    """``True`` when a rival of the claiming seat revoked earlier in this deal: the claiming
    team scores the penalty. ``False``: a false claim."""
    ignored: bool
    """``True`` for a false claim under ``revoke.false_claim: ignored``: nothing is scored and
    play goes on. Otherwise the claim ends the deal (a :class:`DealScored` follows)."""
    revoke: Revoke | None
    """The renúncia that makes the claim valid (``None`` for a false claim)."""


class DealScored(NamedTuple):
    """Deal ``deal`` ended. ``result`` is ``won``, ``tie`` (60-60) or ``revoke`` (a claim ended
    it); ``games`` are the games it awarded to each team, ``team`` the team that scored them
    (``None`` for a tie)."""

    deal: int
    """The deal's number in the match, from 1."""
    result: DealOutcome
    """``"won"``, ``"tie"`` (60-60, an empate) or ``"revoke"`` (a claim ended the deal)."""
    points: tuple[int, int]
    """The card points taken by team 0 and team 1 (120 in all, unless a claim ended the deal
    early)."""
    tricks_won: tuple[int, int]
    """The tricks taken by team 0 and team 1."""
    games: tuple[int, int]
    """The games the deal awarded to team 0 and team 1 (at most one of them is not 0),
    including games carried over from pending 60-60 ties."""
    team: int | None
    """The team that scored the games (``None`` for a tie)."""
    bandeira: bool
    """Whether the deal was a bandeira (all 120 points or all ten tricks, as the variant says)."""


class PartidaWon(NamedTuple):
    """``team`` won partida ``partida`` (0-based) with ``games`` (both teams' final games)."""

    partida: int
    """The partida's number in the match, from 0."""
    team: int
    """The team that won it."""
    games: tuple[int, int]
    """The final games of team 0 and team 1 in that partida."""


class MatchWon(NamedTuple):
    """``team`` won the match; ``partidas`` are the partidas won by each team."""

    team: int
    """The team that won the match."""
    partidas: tuple[int, int]
    """The partidas won by team 0 and team 1."""


Event = DealStarted | CardPlayed | TrickWon | ClaimMade | DealScored | PartidaWon | MatchWon
"""Any event: the union of the seven event classes, for annotations (``list[Event]`` is what
:meth:`Match.play <sueca_rules.Match.play>` returns). Tell them apart with ``match`` on their
class or ``isinstance``."""


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
    """The seat that dealt."""
    trump_card: Card
    """The card the dealer turned up (its suit is :attr:`trump`)."""
    hands: tuple[tuple[Card, ...], ...]
    """The four hands as dealt, by seat."""
    plays: tuple[Card, ...]
    """Every card played in the deal, in play order."""
    claims: tuple[Claim, ...]
    """The renúncia claims made in the deal (empty under ``revoke.mode: prevented``)."""
    tricks: tuple[Trick, ...]
    """The completed tricks (a claim can end a deal in the middle of a trick)."""
    points: tuple[int, int]
    """The card points of team 0 and team 1."""
    tricks_won: tuple[int, int]
    """The tricks taken by team 0 and team 1."""
    result: DealOutcome
    """``"won"``, ``"tie"`` (60-60, an empate) or ``"revoke"`` (a claim ended the deal)."""
    games: tuple[int, int]
    """The games the deal awarded to team 0 and team 1, carried 60-60 ties included."""
    team: int | None
    """The team that scored the games (``None`` for a tie)."""
    bandeira: bool
    """Whether the deal was a bandeira."""
    revokes: tuple[Revoke, ...]
    """Every renúncia played in the deal (only possible with ``revoke.mode: claimable``)."""

    @property
    def trump(self) -> int:
        """The trump suit (a :class:`~sueca_rules.Suit` number)."""
        return self.trump_card // 10
