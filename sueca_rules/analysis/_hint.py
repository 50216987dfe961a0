"""A hint: the review's judgement of the decision due now, for the seat that must make it.

The same values as a review's (`._values`), from the seat's observation only, sampled until the time
budget is spent; its reason is given as facts (`._facts.Fact`) of what the best option does: takes
the trick, gives the partner's trick points, gives the rivals as little as possible, leads the suit
the partner can cut.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from .._engine import Engine, check_seat
from .._errors import ConfigError
from .._kernel._bits import POINTS
from .._kernel._playouts import trick_standing
from .._rules import BEATS, team_of
from ._facts import Fact
from ._review import OptionValue, ReviewChoice
from ._values import (
    NEW_DEAL_VALUE,
    Settings,
    card_name,
    card_values,
    check_seed,
    claim_values,
    decision_rng,
    redeal_values,
)

if TYPE_CHECKING:
    from .._engine import Observation

__all__ = ["Hint", "hint"]

_HINT: Final = Settings(
    samples=400, single_samples=1, solve_tricks=3, endgame_tricks=3, inference=0.05
)
"""A hint samples up to this many deals, as many as its time budget allows."""
_REDEAL: Final = Settings(
    samples=60, single_samples=1, solve_tricks=3, endgame_tricks=0, inference=1.0
)
MAX_BUDGET_MS: Final = 60_000


@dataclass(frozen=True, slots=True)
class Hint:
    """What the seat should choose now, and why."""

    seat: int
    """The seat the hint is for."""
    decision: str
    """The kind of decision: `"card"`, `"trump"`, `"redeal"` or `"claim"`."""
    choice: ReviewChoice
    """The option advised: a card (`"7H"`), `"top"`/`"bottom"`, `True`/`False`, or a seat."""
    options: tuple[OptionValue, ...]
    """Every option with its value (the team's expected card points at the end of the deal)."""
    reasons: tuple[Fact, ...]
    """Why, as facts (see [`hint_reason()`][sueca_rules.analysis.hint_reason] for the words)."""


def hint(
    match: Engine, seat: int | None = None, budget_ms: int = 800, *, seed: int | str = 0
) -> Hint | None:
    """The hint for the decision due in `match` (`None` when none is due, or when it is due from
    another seat than `seat`), from that seat's observation only, within about `budget_ms`
    milliseconds (1 to 60,000). A `seat` that is not one of 0..3 is a `ConfigError`."""
    if not isinstance(match, Engine):
        raise ConfigError(f"hint() takes a Match, not {type(match).__name__}")
    if seat is not None:
        check_seat(seat)
    check_seed(seed)
    if (
        isinstance(budget_ms, bool)
        or not isinstance(budget_ms, int)
        or not 1 <= budget_ms <= MAX_BUDGET_MS
    ):
        raise ConfigError(
            f"budget_ms must be a whole number from 1 to {MAX_BUDGET_MS}, not {budget_ms!r}"
        )
    decision = match.pending()
    if decision is None or (seat is not None and decision.seat != seat):
        return None
    start = time.perf_counter()
    obs = match.observation(decision.seat)
    kind = decision.kind
    rng = decision_rng(seed, f"hint:{kind}", obs)
    if kind == "trump":
        options = (OptionValue("top", NEW_DEAL_VALUE), OptionValue("bottom", NEW_DEAL_VALUE))
        return Hint(obs.seat, kind, "bottom", options, (Fact("either_side"),))
    if kind == "redeal":
        kept = redeal_values(obs, _REDEAL, rng)
        if len(decision.options) == 1:  # a hand that may not ask: keeping it is worth its points
            only = (OptionValue(False, round(kept[False], 1)),)
            return Hint(obs.seat, kind, False, only, (Fact("only_option"),))
        choice = kept[True] > kept[False]
        facts = (
            Fact("new_deal" if choice else "keep_hand", points=sum(c.points for c in obs.hand)),
        )
        pair = (OptionValue(False, round(kept[False], 1)), OptionValue(True, kept[True]))
        return Hint(obs.seat, kind, choice, pair, facts)
    if kind == "claim":
        claims = claim_values(obs, tuple(decision.options), _REDEAL, rng)  # type: ignore[arg-type]
        best = max(claims, key=lambda o: (claims[o], o is False))
        return Hint(
            obs.seat,
            kind,
            best,
            tuple(OptionValue(o, round(v, 1)) for o, v in claims.items()),
            # under `accuse: player` the advice names the rival to accuse
            (
                Fact("claim_now", seat=best if type(best) is int else None)
                if best is not False
                else Fact("no_claim"),
            ),
        )
    deadline = start + budget_ms / 1000 * 0.85
    values = card_values(obs, _HINT, rng, deadline=deadline)
    legal = [int(c) for c in obs.legal]
    best_card = max(legal, key=lambda c: (values[c], -c))
    opts = tuple(OptionValue(card_name(c), round(values[c], 1)) for c in legal)
    # where a renúncia can be played, a card of the hand that does not follow is no choice
    # the hint weighs, but it is a card the seat could play: not "the only choice"
    revocable = len(decision.options) > len(legal)
    reasons = _reasons(obs, best_card, values, revocable)
    return Hint(obs.seat, kind, card_name(best_card), opts, tuple(reasons))


def _reasons(
    obs: Observation, best: int, values: dict[int, float], revocable: bool = False
) -> list[Fact]:
    """What the advised card does, as facts (`revocable`: the seat may also play a card that
    does not follow suit, a renúncia)."""
    if len(values) == 1:
        return [Fact("only_follow" if revocable else "only_option", card_name(best))]
    if len(set(values.values())) == 1:  # several cards, all worth the same: any of them will do
        return [Fact("all_alike", card_name(best))]
    facts: list[Fact] = []
    assert obs.trump is not None
    trump = int(obs.trump)
    trick = [int(c) for c in obs.trick]
    others = sorted((v for c, v in values.items() if v != values[best]), reverse=True)
    if trick:
        top, top_seat, _ = trick_standing(trick, obs.trick_leader, trump, obs.rules.next_seat)
        beats = BEATS[trump]
        if beats[top * 40 + best]:
            facts.append(Fact("takes", card_name(best)))
        elif top_seat == obs.seat ^ 2 and POINTS[best]:
            facts.append(Fact("feeds_partner", card_name(best), points=POINTS[best]))
        elif team_of(top_seat) != team_of(obs.seat) and POINTS[best] == min(
            POINTS[c] for c in values
        ):
            facts.append(Fact("gives_least", card_name(best)))
    else:
        partner = obs.seat ^ 2
        suit = best // 10
        if (
            suit != trump
            and obs.void_mask >> (4 * partner + suit) & 1
            and not obs.void_mask >> (4 * partner + trump) & 1
        ):
            facts.append(Fact("partner_can_cut", card_name(best), suit=suit))
    gap = values[best] - others[0] if others else 0.0
    facts.append(
        Fact("best_value", card_name(best), points=round(values[best]), loss=round(gap, 1))
    )
    return facts
