"""Who sits at a seat of a refereed match: an engine process, or a built-in bot level; and
`play_match()`, a match between them whose every decision the library's engine checks."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, Protocol

from .._errors import ConfigError, IllegalPlayError
from ._host import EngineStats
from ._protocol import fallback, variant_mapping

if TYPE_CHECKING:
    from .._engine import Engine, Observation
    from .._match import Match
    from .._turns import Choice, Decision
    from .._variant import Variant
    from ..bots import Bot

__all__ = ["BotPlayer", "Player", "decision_seed", "make_level_bot", "play_match"]

MAX_DEALS: Final = 1000
"""A match still going after this many deals (played or not) is stopped (see the studies'
`MAX_DEALS_PER_MATCH`): no variant's match comes near."""


class Player(Protocol):
    """What `play_match()` asks at a seat: an [`EngineProcess`][sueca_rules.engines.EngineProcess]
    or a [`BotPlayer`][sueca_rules.engines.BotPlayer]."""

    stats: EngineStats

    @property
    def name(self) -> str:
        """Who plays (for reports)."""
        ...

    def new_match(self) -> None:
        """A match begins."""
        ...

    def ask(
        self,
        match: Engine,
        decision: Decision,
        *,
        match_id: str,
        variant: Mapping[str, Any] | None = None,
    ) -> Choice:
        """One of `decision`'s options."""
        ...


def make_level_bot(
    level: int, *, seed: int | str | None, time_ms: int | None = None, **options: Any
) -> Bot:
    """`make_bot(level, seed=seed)`, with the decision's budget `time_ms` for a level that
    searches (`bots.takes_budget`); the others choose at once."""
    from ..bots import make_bot, takes_budget

    if time_ms is not None and takes_budget(level):
        return make_bot(level, seed=seed, time_ms=time_ms, **options)
    return make_bot(level, seed=seed, **options)


def decision_seed(
    seed: int | str, match_id: str, observation: Observation, kind: str = "card"
) -> str:
    """The seed of the bot that makes one decision: from `seed`, the match's id, the seat, the
    moment of the decision (the partida, the deal, the phase, the cards played, the claims) and
    its `kind` (`card`, `trump`, `redeal`, `claim`: a seat asked whether it claims and then for
    its card, at the same moment, draws each from a seed of its own).
    A bot is made for each decision (it takes a few hundredths of a millisecond), so its choice
    depends on these and the observation alone: not on how many decisions, matches or seats
    were asked before it, nor on what a host keeps between requests."""
    played = 4 * len(observation.tricks) + len(observation.trick)
    return (
        f"{seed}:{match_id}:seat{observation.seat}:{observation.partida}:{observation.deal}:"
        f"{observation.phase}:{played}:{len(observation.claims)}:{kind}"
    )


class BotPlayer:
    """A built-in bot level at one or more seats, played in this process: a bot for each
    decision, seeded by `seed`, the match's id, the seat and the moment
    ([`decision_seed()`][sueca_rules.engines.decision_seed]), as `sueca engine` seeds its own (so a
    match plays the same wherever it is played)."""

    def __init__(
        self, level: int, *, seed: int | str = 0, time_ms: int | None = None, **options: Any
    ) -> None:
        self.level = level
        self.seed = seed
        self.time_ms = time_ms
        self.options = options
        self.stats = EngineStats()
        """Decisions and their time (a bot makes no faults)."""
        make_level_bot(level, seed=seed, time_ms=time_ms, **options)  # a bad level: at once

    @property
    def name(self) -> str:
        """`level:N`."""
        return f"level:{self.level}"

    def new_match(self) -> None:
        """A match begins (nothing is kept between decisions: nothing to forget)."""

    def ask(
        self,
        match: Engine,
        decision: Decision,
        *,
        match_id: str,
        variant: Mapping[str, Any] | None = None,
    ) -> Choice:
        """The bot's answer (`bots.answer`) from the seat's observation."""
        from ..bots import answer

        start = time.perf_counter()
        observation = match.observation(decision.seat)
        bot = make_level_bot(
            self.level,
            seed=decision_seed(self.seed, match_id, observation, decision.kind),
            time_ms=self.time_ms,
            **self.options,
        )
        choice = answer(bot, decision, observation)
        self.stats.total_ms += (time.perf_counter() - start) * 1000
        self.stats.decisions += 1
        self.stats.answered += 1
        return choice


def play_match(
    variant: Variant | str | Path,
    engines_by_seat: Sequence[Player],
    seed: int | str,
    *,
    first_dealer: int | None = None,
    deals: int | None = None,
    match_id: str | None = None,
) -> Match:
    """Play a match of `variant` (dealt from `seed`) with `engines_by_seat` (four players, one per
    seat; the same player may sit at two seats) and return it. Every decision is the match's
    pending one, asked of the player at its seat and answered with
    [`Match.decide()`][sueca_rules.Match.decide]: the library's engine is the referee. With
    `deals`, the match stops once that many deals have been played
    ([`DealResult.played`][sueca_rules.DealResult.played])."""
    from .._match import Match

    if len(engines_by_seat) != 4:
        raise ConfigError(f"a match needs 4 players, one per seat; got {len(engines_by_seat)}")
    match = Match(variant, seed=seed, first_dealer=first_dealer)
    mapping = variant_mapping(match.variant)
    ident = str(seed) if match_id is None else match_id
    players = list(dict.fromkeys(engines_by_seat))  # each once, in seat order
    for player in players:
        player.new_match()
    while (decision := match.pending()) is not None:
        finished = match.deals
        if len(finished) >= MAX_DEALS or (
            deals is not None and sum(d.played for d in finished) >= deals
        ):
            break
        player = engines_by_seat[decision.seat]
        choice = player.ask(match, decision, match_id=ident, variant=mapping)
        try:
            match.decide(choice)
        except IllegalPlayError:  # a player outside this module that broke its promise
            player.stats.faults += 1
            match.decide(fallback(decision))
    return match
