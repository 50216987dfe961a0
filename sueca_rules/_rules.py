"""Rules: a variant compiled into plain integers for the engine's hot path.

A :class:`Rules` is built once from a :class:`~sueca_rules.Variant` and never changes; the engine,
the bots and the simulator read only this object, so pydantic never sits on the hot path.
"""

from __future__ import annotations

from dataclasses import dataclass

from ._variant import Variant

__all__ = ["TIE_ADD", "TIE_MULTIPLY", "TIE_NONE", "Rules"]

TIE_NONE = 0
TIE_ADD = 1
TIE_MULTIPLY = 2
_TIE_MODES = {"none": TIE_NONE, "add": TIE_ADD, "multiply": TIE_MULTIPLY}


@dataclass(frozen=True, slots=True)
class Rules:
    """A variant's rules as plain numbers (see :meth:`from_variant`)."""

    clockwise: bool
    """``True`` when the next seat after ``s`` is ``(s + 1) % 4``; else ``(s + 3) % 4``."""
    first_dealer: int | None
    """A fixed first dealer, or ``None`` for a random one."""
    trump_dealer_first: bool
    """``True``: the dealer takes the first ten cards and the first card is turned."""
    deal_reverse: bool
    """``True``: hands are dealt against the direction of play."""
    revoke_claimable: bool
    """``True`` (``revoke.mode: claimable``): any card in hand may be played and a renúncia is
    caught by a claim; ``False``: only cards that follow suit can be played."""
    penalty_games: int
    """The games a claim scores (``revoke.penalty_games``)."""
    false_claim_penalizes: bool
    """``True``: a false claim gives the other team the penalty; ``False``: it is ignored."""
    tiers: tuple[tuple[int, int], ...]
    """``(min_points, games)``, highest tier first."""
    bandeira_all_tricks: bool
    """``True``: a bandeira is all ten tricks; ``False``: all 120 card points."""
    bandeira_games: int
    """The games a bandeira scores instead of the tiers (``scoring.bandeira.games``)."""
    bandeira_wins_partida: bool
    """``True``: a bandeira ends the partida at once, whatever the score."""
    tie_mode: int
    """What a 60-60 carries over: ``TIE_NONE`` (0, nothing), ``TIE_ADD`` (1, games added to
    the next deal won) or ``TIE_MULTIPLY`` (2, the next deal won multiplied)."""
    tie_amount: int
    """The games added, or the factor, per pending tie (``scoring.tie.amount``)."""
    tie_stacks: bool
    """``True``: each further tie before a deal is won adds or multiplies again; ``False``:
    ties in a row count as one."""
    target_games: int
    """The games that win a partida (``match.target_games``)."""
    best_of: int
    """The number of partidas in a match (odd; ``match.best_of``)."""
    partidas_to_win: int
    """The partidas that win the match: ``best_of // 2 + 1``."""
    next_seat: tuple[int, int, int, int]
    """``next_seat[s]``: the seat that plays after ``s``."""

    @classmethod
    def from_variant(cls, variant: Variant) -> Rules:
        """Compile a validated variant."""
        clockwise = variant.table.direction == "clockwise"
        step = 1 if clockwise else 3
        first = variant.table.first_dealer
        scoring = variant.scoring
        return cls(
            clockwise=clockwise,
            first_dealer=None if first == "random" else int(first),
            trump_dealer_first=variant.deal.trump_card == "dealer_first",
            deal_reverse=variant.deal.order == "reverse",
            revoke_claimable=variant.revoke.mode == "claimable",
            penalty_games=variant.revoke.penalty_games,
            false_claim_penalizes=variant.revoke.false_claim == "penalize_claimant",
            tiers=tuple(sorted(((t.min_points, t.games) for t in scoring.tiers), reverse=True)),
            bandeira_all_tricks=scoring.bandeira.requires == "all_tricks",
            bandeira_games=scoring.bandeira.games,
            bandeira_wins_partida=scoring.bandeira.wins_partida,
            tie_mode=_TIE_MODES[scoring.tie.mode],
            tie_amount=scoring.tie.amount,
            tie_stacks=scoring.tie.stacks,
            target_games=variant.match.target_games,
            best_of=variant.match.best_of,
            partidas_to_win=variant.match.best_of // 2 + 1,
            next_seat=(step % 4, (1 + step) % 4, (2 + step) % 4, (3 + step) % 4),
        )

    def deal_order(self, dealer: int) -> tuple[int, int, int, int]:
        """The seats in the order their hands are dealt, by ``deal.trump_card`` and ``order``.

        The turned card is the last card dealt (``dealer_last``: the dealer is dealt last) or
        the first (``dealer_first``: the dealer is dealt first).
        """
        step = 1 if self.clockwise != self.deal_reverse else 3
        if self.trump_dealer_first:
            seats = [(dealer + i * step) % 4 for i in range(4)]
        else:
            seats = [(dealer + i * step) % 4 for i in range(1, 5)]
        return seats[0], seats[1], seats[2], seats[3]

    def games_for(self, points: int, all_tricks: bool, pending_ties: int) -> tuple[int, bool]:
        """The games a deal's winner scores with ``points`` card points, and whether it is a
        bandeira. ``pending_ties`` counts the ties waiting to be carried (already capped at one
        when ties do not stack)."""
        bandeira = all_tricks if self.bandeira_all_tricks else points == 120
        if bandeira:
            games = self.bandeira_games
        else:
            games = 0
            for min_points, tier_games in self.tiers:
                if points >= min_points:
                    games = tier_games
                    break
        if pending_ties:
            if self.tie_mode == TIE_ADD:
                games += self.tie_amount * pending_ties
            elif self.tie_mode == TIE_MULTIPLY:
                games *= self.tie_amount**pending_ties
        return games, bandeira
