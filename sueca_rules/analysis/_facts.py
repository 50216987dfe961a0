"""Why a choice lost points, as facts in no language: what the table showed when it was made.

Each fact is something the deciding seat could see (its hand, the cards played, the voids shown,
who was winning the trick); `sueca_rules.analysis._words` says them in each language. The facts of
a card, first found first:

- `gave_points`: the rivals were winning the trick and the card played (with points) did not take
  it, while the best option, a legal card with fewer points, did not take it either;
- `ruffed_partner`: the partner was winning the trick and the seat cut it with a trump while it
  could throw another card, and the best option was such a card;
- `overtook_partner`: the partner was winning the trick and the seat beat the partner's card with a
  card of points while the best option was a lower one of the suit that left the trick to the
  partner;
- `let_trick_go`: the rivals were winning the trick, and the best option took it but the card
  played did not;
- `did_not_cut`: the seat had no card of the suit led and the rivals were winning, and it threw a
  card instead of cutting (the best option was a trump);
- `led_under_higher`: it led a card with points of a plain suit while a higher card of that suit was
  still out (the seven while the ace is out), and the best option was another lead;
- `partner_void`: the partner had shown a void in a plain suit the seat held, and the best option
  was a card of that suit, while the seat led another;
- `better`: always last, the best option and how much more it was worth.

A fact that names another card than the one played names the best option (or, for
`led_under_higher`, the card still out): an explanation never names one card as the one to play
and then another as the better one.

For a new deal: `kept_weak_hand` and `asked_redeal`; for claims: `missed_claim` (a renúncia the
seat saw proved went unclaimed) and `false_claim`; for a card that did not follow suit where the
seat could have (a renúncia, under `revoke.mode: claimable`), `revoked`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, TypeAlias

from .._cards import SUIT_MASKS
from .._kernel._bits import ABOVE, POINTS, CardIndex
from .._kernel._playouts import trick_standing
from .._rules import BEATS
from ..bots._table import proven_revokers

if TYPE_CHECKING:
    from .._match import Observation

__all__ = ["Fact", "FactKind", "card_facts", "claim_facts", "redeal_facts"]

FactKind: TypeAlias = Literal[
    "gave_points",
    "ruffed_partner",
    "overtook_partner",
    "let_trick_go",
    "did_not_cut",
    "led_under_higher",
    "partner_void",
    "kept_weak_hand",
    "asked_redeal",
    "missed_claim",
    "false_claim",
    "revoked",
    "better",
    "either_side",
    "only_option",
    "only_follow",
    "all_alike",
    "keep_hand",
    "new_deal",
    "claim_now",
    "no_claim",
    "takes",
    "feeds_partner",
    "gives_least",
    "partner_can_cut",
    "best_value",
]
"""The kinds of fact a mistake is explained by (see the module documentation), then those a hint
gives for what it advises (`either_side` … `best_value`)."""


@dataclass(frozen=True, slots=True)
class Fact:
    """One reason a choice lost points, in no language."""

    kind: FactKind
    """What happened (see [`FactKind`][sueca_rules.analysis.FactKind])."""
    card: str | None = None
    """The card the fact is about (the one played), in notation, or `None`."""
    other: str | None = None
    """The other card it names (the best option, a legal card that gave fewer points or stayed
    under the partner's; or the higher card still out), or `None`."""
    suit: int | None = None
    """The suit it names (0-3: S H D C), or `None`."""
    points: int = 0
    """Card points it names (the points given away), or 0."""
    loss: float = 0.0
    """For `better`: how many card points more the best option was worth."""
    seat: int | None = None
    """A seat it names (the rival whose renúncia went unclaimed; for `claim_now` under
    `revoke.accuse: player`, the rival to accuse), or `None`."""


def _name(card: int) -> str:
    from .._cards import CARDS

    return str(CARDS[card])


def card_facts(
    observation: Observation, played: CardIndex, best: CardIndex, loss: float
) -> list[Fact]:
    """The facts that explain playing `played` rather than `best` (a loss of `loss` points)."""
    obs = observation
    assert obs.trump is not None
    trump = int(obs.trump)
    trick = [int(c) for c in obs.trick]
    facts: list[Fact] = []
    if trick:
        facts.extend(_following(obs, trick, played, best, trump))
    else:
        facts.extend(_leading(obs, played, best, trump))
    facts.append(Fact("better", _name(played), _name(best), loss=round(loss, 1)))
    return facts


def _following(
    obs: Observation,
    trick: list[CardIndex],
    played: CardIndex,
    best: CardIndex,
    trump: int,
) -> list[Fact]:
    next_seat = obs.rules.next_seat
    top, top_seat, _ = trick_standing(trick, obs.trick_leader, trump, next_seat)
    beats = BEATS[trump]
    partner_winning = top_seat == obs.seat ^ 2
    led = trick[0] // 10
    follows = played // 10 == led
    takes = bool(beats[top * 40 + played])
    best_takes = bool(beats[top * 40 + best])
    facts: list[Fact] = []
    if partner_winning:
        ruffed = takes and not follows and played // 10 == trump and top // 10 != trump
        if ruffed and best // 10 != trump:  # the best option threw a card instead
            facts.append(Fact("ruffed_partner", _name(played)))
        overtook = takes and follows and POINTS[played]
        if overtook and best // 10 == led and best < played and not best_takes:  # a lower one
            facts.append(Fact("overtook_partner", _name(played), _name(best)))
        return facts
    if not takes and POINTS[played] and not best_takes and POINTS[best] < POINTS[played]:
        # The best option gave the rivals fewer points (one that took the trick: `let_trick_go`).
        facts.append(Fact("gave_points", _name(played), _name(best), points=POINTS[played]))
    if not takes and best_takes:
        if not follows and best // 10 == trump and played // 10 != trump:
            facts.append(Fact("did_not_cut", _name(played), _name(best), suit=led))
        else:
            facts.append(Fact("let_trick_go", _name(played), _name(best)))
    return facts


def _leading(obs: Observation, played: CardIndex, best: CardIndex, trump: int) -> list[Fact]:
    facts: list[Fact] = []
    suit = played // 10
    unseen = obs.unseen_mask
    if suit != trump and POINTS[played] and (best // 10 != suit or POINTS[best] < POINTS[played]):
        higher = unseen & ABOVE[played] & SUIT_MASKS[suit]
        if higher:
            facts.append(
                Fact("led_under_higher", _name(played), _name(higher.bit_length() - 1), suit=suit)
            )
    partner = obs.seat ^ 2
    void_suit = best // 10
    if (
        void_suit != suit
        and void_suit != trump
        and obs.void_mask >> (4 * partner + void_suit) & 1
        and not obs.void_mask >> (4 * partner + trump) & 1
    ):
        facts.append(Fact("partner_void", _name(played), _name(best), suit=void_suit))
    return facts


def redeal_facts(asked: bool, points: int, loss: float, best_value: float) -> list[Fact]:
    """The facts of a new-deal question answered with `asked` (a hand of `points` card points)."""
    kind: Literal["kept_weak_hand", "asked_redeal"] = "asked_redeal" if asked else "kept_weak_hand"
    return [Fact(kind, points=points, loss=round(loss, 1))]


def claim_facts(observation: Observation, claimed: bool | int) -> list[Fact]:
    """The facts of a claim question answered with `claimed`."""
    if claimed is False:
        rivals = proven_revokers(observation)
        return [Fact("missed_claim", seat=rivals[0] if rivals else None)]
    return [Fact("false_claim")]
