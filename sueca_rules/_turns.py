"""The turn protocol: which decision of a match is due, and what its options are.

Every front end (the bots' driver, the web tables, the learning environments, the engine
protocol, analysis, tournaments) asks a match the same question, [`Match.pending()`][
sueca_rules.Match.pending], and answers it with [`Match.decide()`][sueca_rules.Match.decide].
The kinds of decision, in the contract's words:

- `"card"`: the seat to play chooses one of `options` (the cards the engine accepts from it now:
  the legal cards, or its whole hand under `revoke.mode: claimable`);
- `"trump"`: under `deal.trump_card: dealer_choice`, the dealer turns the `"top"` or the
  `"bottom"` card;
- `"redeal"`: under `deal.redeal`, each seat with a threshold is asked in turn, `False` (keep the
  hand) or, only when its hand is below its threshold, `True` (a new deal);
- `"claim"`: under `revoke.mode: claimable`, after each card and at the count, each seat is asked
  once whether it claims a renúncia: `False`, or `True` (the other team is accused), or under
  `revoke.accuse: player` the seat of the rival accused.

The claim rounds are defined here once: after a card that leaves the deal in play, the four
seats in play order from the seat after the one that played; at the count, the four seats in
play order from the seat after the winner of the last trick (`Rules.claim_order`). A round
ends early when a claim ends the deal; when the count's round is over the deal is scored. A
card played with [`Match.play()`][sueca_rules.Match.play] skips what is left of a round (a claim
can still be made at any moment with [`Match.claim()`][sueca_rules.Match.claim]).

The answer of a seat that has no opinion is [`Decision.default`][sueca_rules.Decision.default]:
the bottom card, keep the hand, no claim, and for a card the first legal one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

from ._cards import Card, parse_card
from ._errors import CardError
from ._public import public

__all__ = ["Choice", "Decision", "DecisionKind"]

DecisionKind: TypeAlias = Literal["card", "trump", "redeal", "claim"]
"""What a seat is asked: a card, the dealer's choice of trump, keep or redeal, claim or not."""

Choice: TypeAlias = Card | str | bool | int
"""An answer to a [`Decision`][sueca_rules.Decision]: a card (a `Card`, its notation `"7H"` or its
number), `"top"` or `"bottom"`, `True`/`False`, or the seat of the rival a claim accuses."""


@public
@dataclass(frozen=True, slots=True)
class Decision:
    """A decision due from one seat: [`Match.pending()`][sueca_rules.Match.pending] says which.

    Examples:
        >>> from sueca_rules import Match
        >>> match = Match("brasil", seed=3)
        >>> decision = match.pending()
        >>> decision.kind, decision.options
        ('trump', ('top', 'bottom'))
        >>> _ = match.decide(decision.default)
    """

    seat: int
    """The seat that decides (0-3)."""
    kind: DecisionKind
    """What it is asked: `"card"`, `"trump"`, `"redeal"` or `"claim"`."""
    options: tuple[Card | str | bool | int, ...]
    """Every answer the match accepts now, in the contract's words: cards (strongest first by
    suit, S H D C); `("top", "bottom")`; `(False, True)`, or `(False,)` for a hand that may not ask
    for a new deal; `(False, True)` for a claim, or `(False, r1, r2)` under `revoke.accuse:
    player` (the rivals that may be named)."""
    default: Card | str | bool | int
    """The answer of a seat that has no opinion: the first legal card, the bottom card, keep the
    hand, no claim."""
    after: int
    """How many cards of the deal were played before this decision (0-40)."""

    def accepts(self, choice: object) -> bool:
        """Whether `choice` is one of [`options`][sueca_rules.Decision.options] (a card may be
        given in any form [`parse_card()`][sueca_rules.parse_card] reads; `True` and `1` are
        told apart)."""
        if self.kind == "card":
            if isinstance(choice, str):  # read as parse_card() reads it: nothing else is a card
                try:
                    choice = parse_card(choice)
                except CardError:
                    return False
            if isinstance(choice, bool) or not isinstance(choice, int):
                return False
            return choice in self.options
        return any(type(choice) is type(o) and choice == o for o in self.options)
