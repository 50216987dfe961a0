"""What happens in a match, as values an application can render or store.

Every action of a `Match` (`play()`, `claim()`, `score_deal()`, `choose_trump()`, `redeal()`,
`keep_hand()`, `deal_random()`, `deal_hands()`) returns the events it caused, in order. Events are
immutable named tuples; match on their class:

```python
for event in match.play(card):
    match event:
        case CardPlayed(seat=seat, card=card): ...
        case TrickWon(winner=winner, points=points): ...
        case DealScored(result="tie"): ...
```
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

from ._cards import Card
from ._public import public

__all__ = [
    "CardPlayed",
    "Claim",
    "ClaimMade",
    "CountStarted",
    "DealResult",
    "DealScored",
    "DealStarted",
    "Event",
    "MatchWon",
    "PartidaWon",
    "RedealAsked",
    "Revoke",
    "Trick",
    "TrickWon",
    "TrumpChosen",
]

DealOutcome = Literal["won", "tie", "revoke", "redeal"]
TrumpSide = Literal["top", "bottom"]


@public
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


@public
class Revoke(NamedTuple):
    """A renúncia: `seat` played `card` (the `play`-th card of the deal, 1-based) while holding the
    suit that was led."""

    play: int
    """The position of the card in the deal's plays, from 1 (card 1 is the first lead)."""
    seat: int
    """The seat that revoked."""
    card: Card
    """The card it played instead of following suit."""


@public
class Claim(NamedTuple):
    """A renúncia claim by seat `by` after the `after`-th card of the deal."""

    after: int
    """The number of cards of the deal played before the claim (0: before the first card,
    40: at the count, after the last trick)."""
    by: int
    """The seat that claimed."""
    against: int | None = None
    """The rival accused (with `revoke.accuse: player`); `None` when a claim accuses the other team
    as a whole."""


@public
class DealStarted(NamedTuple):
    """A deal was dealt: `dealer` turned `trump_card`; `leader` leads the first trick.

    `deal` counts deals in the match from 1; `partida` counts partidas from 0.
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


@public
class TrumpChosen(NamedTuple):
    """Under `deal.trump_card: dealer_choice`, the `dealer` of deal `deal` chose to turn the `side`
    card of the pack (`"top"` or `"bottom"`); the deal follows."""

    deal: int
    """The deal's number in the match, from 1."""
    dealer: int
    """The seat that deals and chose."""
    side: TrumpSide
    """`"top"`: the dealer takes the first ten cards and turns the first; `"bottom"`: the dealer is
    dealt last and turns the last card."""


@public
class RedealAsked(NamedTuple):
    """Seat `seat`, whose hand held fewer card points than its threshold, asked for a new deal
    before the first card: deal `deal` ends unscored (a [`DealScored`][sueca_rules.DealScored] with
    `result="redeal"` follows) and the same dealer deals again."""

    deal: int
    """The deal's number in the match, from 1."""
    seat: int
    """The seat that asked."""


@public
class CountStarted(NamedTuple):
    """The last trick of deal `deal` was played under `revoke.mode: claimable`: the tricks are
    counted. Any seat may claim a renúncia now; then [`score_deal()`][sueca_rules.Match.score_deal]
    scores the deal."""

    deal: int
    """The deal's number in the match, from 1."""


@public
class CardPlayed(NamedTuple):
    """`seat` played `card` to trick `trick` (1-based) of deal `deal`."""

    deal: int
    """The deal's number in the match, from 1."""
    trick: int
    """The trick's number in the deal, from 1."""
    seat: int
    """The seat that played."""
    card: Card
    """The card it played."""


@public
class TrickWon(NamedTuple):
    """Trick `trick` of deal `deal` was won by `winner` with `points` card points."""

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


@public
class ClaimMade(NamedTuple):
    """Seat `by` claimed a renúncia. `valid`: a rival (the accused one, under
    `revoke.accuse: player`) did revoke in this deal (`revoke` says which card); `ignored`: a false
    claim that the variant ignores, so play goes on. A penalized false claim under
    `after_false_claim: play_on` is neither: the penalty waits for the end of the deal and play goes
    on (no [`DealScored`][sueca_rules.DealScored] follows at once)."""

    deal: int
    """The deal's number in the match, from 1."""
    by: int
    """The seat that claimed."""
    valid: bool
    """`True` when a rival of the claiming seat revoked earlier in this deal: the claiming team
    scores the penalty. `False`: a false claim."""
    ignored: bool
    """`True` for a false claim under `revoke.false_claim: ignored`: nothing is scored and play goes
    on. Otherwise the claim ends the deal (a [`DealScored`][sueca_rules.DealScored] follows)."""
    revoke: Revoke | None
    """The renúncia that makes the claim valid (`None` for a false claim)."""
    against: int | None = None
    """The rival accused, under `revoke.accuse: player` (`None` otherwise)."""
    after: int = 0
    """The cards of the deal played before the claim (40: at the count)."""


@public
class DealScored(NamedTuple):
    """Deal `deal` ended. `result` is `won`, `tie` (60-60), `revoke` (a claim ended it) or `redeal`
    (a weak hand asked for a new deal); `games` are the games it awarded to each team, `team` the
    team that won the deal (`None` for a tie or a redeal)."""

    deal: int
    """The deal's number in the match, from 1."""
    result: DealOutcome
    """`"won"`, `"tie"` (60-60, an empate), `"revoke"` (a claim ended the deal, rightful or
    penalized) or `"redeal"` (nothing played, nothing awarded)."""
    points: tuple[int, int]
    """The card points taken by team 0 and team 1 (120 in all, unless a claim ended the deal
    early)."""
    tricks_won: tuple[int, int]
    """The tricks taken by team 0 and team 1."""
    games: tuple[int, int]
    """The games the deal awarded to team 0 and team 1, including games carried over from pending
    60-60 ties. Only with `after_false_claim: play_on` can both be above 0 (a false claim's penalty
    and the deal's own games)."""
    team: int | None
    """The team that won the deal, on points or by a claim (`None` for a tie or a redeal)."""
    bandeira: bool
    """Whether the deal was a bandeira (all 120 points or all ten tricks, as the variant says)."""


@public
class PartidaWon(NamedTuple):
    """`team` won partida `partida` (0-based) with `games` (both teams' final games)."""

    partida: int
    """The partida's number in the match, from 0."""
    team: int
    """The team that won it."""
    games: tuple[int, int]
    """The final games of team 0 and team 1 in that partida."""


@public
class MatchWon(NamedTuple):
    """`team` won the match; `partidas` are the partidas won by each team."""

    team: int
    """The team that won the match."""
    partidas: tuple[int, int]
    """The partidas won by team 0 and team 1."""


Event = (
    TrumpChosen
    | DealStarted
    | RedealAsked
    | CardPlayed
    | TrickWon
    | CountStarted
    | ClaimMade
    | DealScored
    | PartidaWon
    | MatchWon
)
"""Any event: the union of the ten event classes, for annotations (`list[Event]` is what
[`Match.play()`][sueca_rules.Match.play] returns). Tell them apart with `match` on their class or
`isinstance`."""


@dataclass(frozen=True, slots=True)
@public
class DealResult:
    """A finished deal, as kept by [`Match.deals`][sueca_rules.Match.deals].

    It holds both what was dealt and played (for records) and how it was scored.
    """

    number: int
    """The deal's number in the match, from 1."""
    partida: int
    """The partida it belongs to, from 0."""
    dealer: int
    """The seat that dealt."""
    trump_card: Card
    """The card the dealer turned up (its suit is [`trump`][sueca_rules.DealResult.trump])."""
    hands: tuple[tuple[Card, ...], ...]
    """The four hands as dealt, by seat."""
    plays: tuple[Card, ...]
    """Every card played in the deal, in play order."""
    claims: tuple[Claim, ...]
    """The renúncia claims made in the deal (empty under `revoke.mode: prevented`)."""
    tricks: tuple[Trick, ...]
    """The completed tricks (a claim can end a deal in the middle of a trick)."""
    points: tuple[int, int]
    """The card points of team 0 and team 1."""
    tricks_won: tuple[int, int]
    """The tricks taken by team 0 and team 1."""
    result: DealOutcome
    """`"won"`, `"tie"` (60-60, an empate), `"revoke"` (a claim ended the deal) or `"redeal"` (a
    weak hand asked for a new deal before the first card)."""
    games: tuple[int, int]
    """The games the deal awarded to team 0 and team 1, carried 60-60 ties and `play_on` false-claim
    penalties included."""
    team: int | None
    """The team that won the deal (`None` for a tie or a redeal)."""
    bandeira: bool
    """Whether the deal was a bandeira."""
    revokes: tuple[Revoke, ...]
    """Every renúncia played in the deal (only possible with `revoke.mode: claimable`)."""
    redeal: int | None = None
    """The seat that asked for a new deal (`result == "redeal"`), else `None`."""
    penalties: tuple[int, int] = (0, 0)
    """The penalties of false claims after which play went on (`after_false_claim: play_on`), by
    team: they are part of [`games`][sueca_rules.DealResult.games]."""
    partida_winner: int | None = None
    """The team that won the partida with this deal (see
    [`Rules.partida_winner()`][sueca_rules.Rules.partida_winner]), else `None`."""

    @property
    def trump(self) -> int:
        """The trump suit (a [`Suit`][sueca_rules.Suit] number)."""
        return self.trump_card // 10

    @property
    def played(self) -> bool:
        """Whether the deal was played out and scored: `False` for a deal given up before its
        first card (`result == "redeal"`), which the same dealer deals again."""
        return self.result != "redeal"
