"""Shared by the learning-environment tests (no tests here): random games played on the engine
and logged as decisions, replayed through an environment; hidden cards swapped between seats.

A game is played by ``tests/games.py``'s :func:`random_step` on a :class:`Match` (legal play,
renúncias, claims by random seats at random moments, redeals, the dealer's choice); its log is
then given to an environment one decision at a time. The engine lets any seat claim at any
moment; the environments ask in claim rounds (see :class:`sueca_rules.envs.Stepper`), so a claim
that no round can ask (before a deal's first card, a seat's second claim in one round, or
claims in another order than the round's) ends the replay there: the prefix is compared.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest

from sueca_rules import (
    CardPlayed,
    ClaimMade,
    DealScored,
    Event,
    Match,
    RedealAsked,
    TrumpChosen,
    Variant,
)

from .games import random_step

pytest.importorskip("pettingzoo")

from sueca_rules.envs import (
    CLAIM,
    CLAIM_NEXT,
    CLAIM_PREVIOUS,
    PASS,
    REDEAL,
    TRUMP_BOTTOM,
    TRUMP_TOP,
    Stepper,
)


@dataclass(frozen=True)
class LoggedDecision:
    """One decision of a logged game: ``kind`` is ``trump``, ``redeal``, ``keep``, ``card``,
    ``claim`` or ``score``; ``seat`` who made it; ``value`` the side, card or accused seat."""

    kind: str
    seat: int | None
    value: object = None


def decision_of(phase: str, turn: int | None, events: list[Event]) -> LoggedDecision:
    """What one :func:`random_step` did, from the phase and turn before it and its events."""
    if phase == "trump":
        chosen = events[0]
        assert isinstance(chosen, TrumpChosen)
        return LoggedDecision("trump", chosen.dealer, chosen.side)
    if phase == "redeal":
        if events and isinstance(events[0], RedealAsked):
            return LoggedDecision("redeal", events[0].seat)
        return LoggedDecision("keep", turn)
    first = events[0]
    if isinstance(first, ClaimMade):
        return LoggedDecision("claim", first.by, first.against)
    if isinstance(first, CardPlayed):
        return LoggedDecision("card", first.seat, int(first.card))
    assert isinstance(first, DealScored)
    return LoggedDecision("score", None)


def play_logged(
    variant: Variant | str, seed: int, *, max_deals: int = 4, revoke_rate: float = 0.05
) -> tuple[Match, list[LoggedDecision]]:
    """A match played at random on the engine (with ``Match(variant, seed=seed)``'s cards)
    until it is over or ``max_deals`` deals ended, and its decisions."""
    rng = random.Random(seed)
    match = Match(variant, seed=seed)
    log: list[LoggedDecision] = []
    while not match.is_over and len(match.deals) < max_deals:
        phase, turn = match.phase, match.turn
        log.append(decision_of(phase, turn, random_step(match, rng, revoke_rate=revoke_rate)))
    return match, log


def apply_decision(table: Stepper, step: Callable[[int], None], decision: LoggedDecision) -> bool:
    """Make ``decision`` through an environment whose state ``table`` shows and whose
    ``step(action)`` acts: the seats asked before it in a claim round pass. ``False`` (and
    nothing done) when no round can ask that claim."""
    if decision.kind == "claim":
        asking = table.asking
        if decision.seat not in asking:
            return False
        while table.actor != decision.seat:
            step(PASS)
        rules = table.match.rules
        assert decision.seat is not None
        if decision.value is None:
            step(CLAIM)
        elif decision.value == rules.next_seat[decision.seat]:
            step(CLAIM_NEXT)
        else:
            step(CLAIM_PREVIOUS)
        return True
    while table.asking:  # nobody else claims: the round ends (at the count, the deal is scored)
        step(PASS)
    if decision.kind == "score":
        return True
    assert table.actor == decision.seat, (table.actor, decision)
    if decision.kind == "trump":
        step(TRUMP_TOP if decision.value == "top" else TRUMP_BOTTOM)
    elif decision.kind == "redeal":
        step(REDEAL)
    elif decision.kind == "keep":
        step(PASS)
    else:
        assert isinstance(decision.value, int)
        step(decision.value)
    return True


def apply_to_match(match: Match, decision: LoggedDecision) -> None:
    """Make ``decision`` on the engine directly (the reference the environments follow)."""
    seat = decision.seat
    if decision.kind == "trump":
        match.choose_trump("top" if decision.value == "top" else "bottom")
    elif decision.kind == "redeal":
        assert seat is not None
        match.redeal(seat)
    elif decision.kind == "keep":
        assert seat is not None
        match.keep_hand(seat)
    elif decision.kind == "card":
        assert isinstance(decision.value, int)
        match.play(decision.value)
    elif decision.kind == "claim":
        assert seat is not None
        against = decision.value
        assert against is None or isinstance(against, int)
        match.claim(seat, against)
    else:
        match.score_deal()


def replay(
    table: Stepper,
    step: Callable[[int], None],
    log: list[LoggedDecision],
    mirror: Match,
    *,
    outside: Callable[[LoggedDecision], bool] = lambda decision: False,
    synced: Callable[[], None] = lambda: None,
) -> int:
    """Replay ``log`` through an environment (``table``, ``step``) and on the engine's
    ``mirror`` together; after each decision (and ``synced()``, which may deal the chance
    nodes), the four observations are the same whenever both have the same deal on the table.
    ``outside(decision)`` makes a decision that is not a step of the table (and says so).
    Returns how many decisions were replayed (all, unless a claim cannot be asked)."""
    done = 0
    for decision in log:
        if len(table.match.deals) > len(mirror.deals):
            # The last seat asked at the count has answered: the environment scored the deal,
            # the engine waits for score_deal() (or takes a further claim: not askable, so the
            # replay ends here, with the deal scored on both as the environment did).
            if decision.kind != "score":
                mirror.score_deal()
                break
        elif not outside(decision) and not apply_decision(table, step, decision):
            break
        apply_to_match(mirror, decision)
        synced()
        done += 1
        if mirror.trump_card is not None and len(table.match.deals) == len(mirror.deals):
            for seat in range(4):
                assert table.match.observation(seat) == mirror.observation(seat)
    return done


def swappable(match: Match, seat: int, rng: random.Random) -> tuple[int, int] | None:
    """Two unplayed cards of two seats other than ``seat`` that can change hands without
    anything ``seat`` knows changing: neither is the turned card still in the dealer's hand,
    and neither holder has ever failed to follow either suit (so no earlier play changes its
    nature, renúncia or not). ``None`` when there are none."""
    obs = match.observation(seat)
    pinned = obs.trump_card if obs.trump_card_in_hand else None
    options = []
    others = [s for s in range(4) if s != seat]
    for a in others:
        for b in others:
            if a >= b:
                continue
            for x in match.hand(a):
                for y in match.hand(b):
                    if pinned in (x, y) or x.suit == y.suit:
                        continue
                    if any(obs.is_void(s, c.suit) for s in (a, b) for c in (x, y)):
                        continue
                    options.append((int(x), int(y)))
    return rng.choice(options) if options else None


def swapped_hands(match: Match, pair: tuple[int, int]) -> list[list[int]]:
    """The current deal's hands as dealt, with the two cards of ``pair`` exchanged."""
    x, y = pair
    hands = []
    for hand in match.dealt_hands:
        cards = [int(c) for c in hand]
        cards = [y if c == x else x if c == y else c for c in cards]
        hands.append(cards)
    return hands


def deal_actions_since(log: list[tuple[int, int]], deal: int) -> Iterator[int]:
    """The actions of ``log`` (``(deal number, action)`` pairs) taken in deal ``deal``."""
    return (action for number, action in log if number == deal)
