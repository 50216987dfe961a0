"""What each option of a decision is worth to the deciding seat's team, from its observation only.

A value is the expected card points (0-120) the seat's team holds at the end of the deal after
that option, averaged over deals of the unseen cards consistent with what the seat saw (level
5's `sampled_deals`: the hand sizes, the voids shown, the turned card while the dealer holds it,
and deals weighed by how well they explain the rivals' cards so far). From each sampled deal the
rest of the deal is played by the bots' rules of thumb, every seat knowing only what it would
know, the last tricks solved exactly (every hand in view); once few enough cards are left, the
whole rest is solved exactly. Every option is played out in the same sampled deals, so two
options are compared on the same cards: the difference between two values is much steadier
than either value.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from .._cards import CARDS
from .._errors import ConfigError
from .._kernel import Position, play_cards, solve
from .._kernel._bits import CardIndex, Mask, interchangeable
from .._rules import team_of
from .._text import cut, is_unicode
from ..bots._rules_of_thumb import heuristic_playout
from ..bots._sampling import Start, sampled_deals
from ..bots._table import proven_revokers

if TYPE_CHECKING:
    from .._match import Observation
    from .._rules import Rules

__all__ = [
    "LEVEL_SETTINGS",
    "Settings",
    "card_values",
    "check_seed",
    "claim_values",
    "redeal_values",
    "settings",
]


@dataclass(frozen=True, slots=True)
class Settings:
    """How hard a review looks at each decision."""

    samples: int
    """Deals sampled for a decision with several options to tell apart."""
    single_samples: int
    """Deals sampled for a decision with one option (its value still shows in the chart)."""
    solve_tricks: int
    """The tricks left (0-4) from which the whole rest of the deal is solved exactly."""
    endgame_tricks: int
    """The last tricks (0-4) of each play-out solved exactly."""
    inference: float
    """Level 5's weight for a sampled deal per rival card the rules of thumb would not have played
    there (1: every consistent deal counts the same)."""


LEVEL_SETTINGS: Final[dict[int, Settings]] = {
    1: Settings(16, 4, 1, 0, 1.0),
    2: Settings(24, 6, 2, 1, 1.0),
    3: Settings(40, 8, 2, 2, 0.05),
    4: Settings(64, 12, 2, 3, 0.05),
    5: Settings(96, 16, 3, 3, 0.05),
}
"""The review's effort at each level (level 5, the default, is level 5's machinery; lower levels
sample fewer deals and solve less, for a quick look). The counts fit the speed goal of the issue:
a ten-deal record at level 5 in well under two minutes on two cores."""

_MAX_SAMPLES: Final = 10_000


def settings(level: int, samples: int | None = None) -> Settings:
    """The review settings of `level` (1-5), with `samples` deals per decision instead of the
    level's own when given."""
    if type(level) is not int or level not in LEVEL_SETTINGS:
        raise ConfigError(f"no analysis level {level!r}: levels are 1, 2, 3, 4 and 5")
    chosen = LEVEL_SETTINGS[level]
    if samples is None:
        return chosen
    if (
        isinstance(samples, bool)
        or not isinstance(samples, int)
        or not 1 <= samples <= _MAX_SAMPLES
    ):
        raise ConfigError(
            f"samples must be a whole number from 1 to {_MAX_SAMPLES}, not {samples!r}"
        )
    return Settings(
        samples,
        max(1, samples // 6),
        chosen.solve_tricks,
        chosen.endgame_tricks,
        chosen.inference,
    )


def check_seed(seed: object) -> None:
    """A `ConfigError` unless `seed` is a whole number or a text (as a match's seed)."""
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise ConfigError(f"a seed is a whole number or text, not {cut(repr(seed))}")
    if isinstance(seed, str) and not is_unicode(seed):
        raise ConfigError(f"a seed is valid Unicode text (no lone surrogate), not {seed!r}")


def decision_rng(seed: int | str, kind: str, observation: Observation) -> random.Random:
    """The random numbers of one decision: a function of the review's seed and of what the seat
    saw (never of a hidden card), so that the same review comes out of any deal the seat could not
    tell apart from the real one."""
    obs = observation
    return random.Random(
        f"analyse:{seed}:{kind}:{obs.partida}:{obs.deal}:{obs.seat}:{obs.games}:{obs.hand_mask}:"
        f"{obs.played_mask}:{obs.trick}:{obs.trick_leader}:{obs.void_mask}:{len(obs.claims)}"
    )


def _groups(observation: Observation) -> dict[CardIndex, CardIndex]:
    """Each legal card's representative: of cards that play the same (one suit, the same points,
    nothing still out ranked between them), the lowest."""
    out = observation.unseen_mask
    rep: dict[CardIndex, CardIndex] = {}
    last = -1
    for card in sorted(int(c) for c in observation.legal):
        if last >= 0 and interchangeable(last, card, out):
            rep[card] = rep[last]
        else:
            rep[card] = card
        last = card
    return rep


def card_values(
    observation: Observation,
    config: Settings,
    rng: random.Random,
    *,
    deadline: float | None = None,
) -> dict[CardIndex, float]:
    """The value of each legal card of the seat to play (by card index): its team's expected card
    points at the end of the deal. With `deadline` (a `time.perf_counter()` value) sampling stops
    there, after one batch at least."""
    obs = observation
    rep = _groups(obs)
    cands = sorted(set(rep.values()))
    count = config.samples if len(cands) > 1 else config.single_samples
    start = Start(obs)
    team = start.team
    exact = start.exact(config.solve_tricks)
    totals = [0.0] * len(cands)
    done = 0
    deals = sampled_deals(obs, rng, config.inference)
    while done < count:
        batch = deals.batch(min(12, count - done))
        for hands in batch:
            now = start.position(hands)
            for i, card in enumerate(cands):
                totals[i] += _after(now, card, team, exact, start.voids, start.held, config)
        done += len(batch)
        if deadline is not None and time.perf_counter() >= deadline:
            break
    values = {card: totals[i] / done for i, card in enumerate(cands)}
    return {card: values[rep[card]] for card in rep}


def _after(
    now: Position,
    card: CardIndex,
    team: int,
    exact: bool,
    voids: int,
    held: tuple[int, int] | None,
    config: Settings,
) -> int:
    """The team's card points at the end of one sampled deal after `card`."""
    if exact:
        after = play_cards(now, (card,))
        team0 = after.points[0] + solve(after)
        return team0 if team == 0 else 120 - team0
    end = heuristic_playout(now, voids, held, card, config.endgame_tricks)
    return end[team]


def _rollout(observation: Observation, config: Settings, rng: random.Random, count: int) -> float:
    """The team's expected card points from here, every seat playing by the rules of thumb (the
    position between two cards, or before the first)."""
    obs = observation
    start = Start(obs)
    team = start.team
    deals = sampled_deals(obs, rng, config.inference)
    total = 0.0
    hands_list: list[list[Mask]] = deals.batch(count)
    for hands in hands_list:
        now = start.position(hands)
        if not any(hands):
            total += obs.points[team]
            continue
        end = heuristic_playout(now, start.voids, start.held, -1, config.endgame_tricks)
        total += end[team]
    return total / len(hands_list)


NEW_DEAL_VALUE: Final = 60.0
"""What a new deal is worth to either team before its cards are seen: half the points."""


def redeal_values(
    observation: Observation, config: Settings, rng: random.Random
) -> dict[bool, float]:
    """Keep the hand (`False`): its expected card points, played out from the sampled deals of
    the unseen cards; ask for a new deal (`True`): half the points, what a deal not yet seen is
    worth."""
    return {
        False: _rollout(observation, config, rng, config.samples),
        True: NEW_DEAL_VALUE,
    }


def false_claim_cost(rules: Rules) -> float:
    """What a penalized false claim after which the deal plays on costs, in card points: its
    games at the rate of the other claim values, where the most games a deal scores (a
    bandeira's) are the 60 points between an even deal and all 120 (a rightful claim of 4 games
    is worth 60 + 60 = 120, a false one that ends the deal 60 - 60 = 0). Without a penalty it
    costs nothing."""
    games = rules.false_claim_games if rules.false_claim_penalizes else 0
    if games <= 0:
        return 0.0
    most = max(1, rules.bandeira_games, *(g for _, g in rules.tiers))
    return 60.0 * games / most


def claim_values(
    observation: Observation, options: tuple[bool | int, ...], config: Settings, rng: random.Random
) -> dict[bool | int, float]:
    """Each answer to a claim question. Not claiming: the deal played on from here. Claiming a
    renúncia the seat saw proved (a rival who did not follow a suit and later played it): the deal
    won outright, all its points. Claiming one it could not prove: under a variant where a false
    claim ends the deal, the deal lost; where the deal plays on after it, the deal played on less
    the penalty's games in card points (`false_claim_cost`: the games the rivals get are not
    free), at least 0; where a false claim is ignored, the deal played on."""
    obs = observation
    rules = obs.rules
    quiet = (
        float(obs.points[team_of(obs.seat)])
        if obs.phase == "count"
        else _rollout(obs, config, rng, config.single_samples)
    )
    proven = set(proven_revokers(obs))
    values: dict[bool | int, float] = {}
    for option in options:
        if option is False:
            values[option] = quiet
            continue
        caught = bool(proven) if option is True else option in proven
        if caught:
            values[option] = 120.0
        elif rules.false_claim_penalizes and not rules.false_claim_plays_on:
            values[option] = 0.0
        else:
            values[option] = max(0.0, quiet - false_claim_cost(rules))
    return values


def card_name(card: int) -> str:
    """A card's notation (`7H`)."""
    return str(CARDS[card])
