"""The levels of the built-in bots, and `make_bot()`, which makes a bot of any of them."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, SupportsIndex

from ._base import BaseBot, Bot, RandomBot, bot_error
from ._rule_bots import MemoryBot, RuleBot
from ._sampling import SamplingBot, SearchBot

__all__ = ["LEVELS", "make_bot", "takes_budget"]

LEVELS = (1, 2, 3, 4, 5)
"""The bot levels [`make_bot()`][sueca_rules.bots.make_bot] knows."""
_CLASSES: dict[int, Callable[..., BaseBot]] = {
    1: RandomBot,
    2: RuleBot,
    3: MemoryBot,
    4: SamplingBot,
    5: SearchBot,
}
"""The class of each level's bots (one per entry of `LEVELS`)."""


def make_bot(
    level: int,
    *,
    seed: int | str | SupportsIndex | None = None,
    time_ms: float | None = None,
    samples: int | None = None,
    **options: Any,
) -> Bot:
    """A bot of `level`; `seed` makes its choices repeatable.

    Levels 4 and 5 search, and take a budget per decision: `time_ms` (a wall-clock budget in
    milliseconds: they sample deals until it is used, checking the clock between deals and inside
    the exact solver, and choose from what they sampled; `benchmarks/clock.py` measures how well
    they keep to it), or `samples` (the most deals
    sampled per card: with a `seed`, the same choices on any machine). With both, whichever runs out
    first ends the decision; with neither, each level's default number of samples. Levels 1 to 3
    choose at once and take no budget (a front end passes one only where `level >= 4`).

    1. [`RandomBot`][sueca_rules.bots.RandomBot]: a random legal card.
    2. [`RuleBot`][sueca_rules.bots.RuleBot]: rules of thumb, no memory.
    3. [`MemoryBot`][sueca_rules.bots.MemoryBot]: rules of thumb with a card-counter's memory.
    4. [`SamplingBot`][sueca_rules.bots.SamplingBot]: plays out many possible deals before each
       card. Options: `samples` (deals sampled per card, default 60), `time_ms` (see above;
       `time_limit`, in seconds, is an older name for it), `solve_tricks` (tricks left from which
       the end is solved exactly, default 2), `points_weight` (the value in games of 60 card points
       above an even split, on top of the games; default 1.5), `inference` (how strongly sampled
       deals that do not explain the rivals' cards by the rules of thumb are discounted, each rival
       being read as a player of them or not, alike; 0 < inference <= 1, 1 = not at all; default
       0.05), `prune` (how many standard errors behind the best a card may fall before
       it is no longer played out; default 3, 0 = never), `endgame_tricks` (the last tricks of each
       play-out solved exactly; default 0), `reading` (how the rivals' cards so far are read:
       `"rules"`, by the rules of thumb as above, the default; `"search"`, as those of a player
       who looks ahead).
    5. [`SearchBot`][sueca_rules.bots.SearchBot]: level 4 deeper: the same options, with 1,000
       samples, `solve_tricks` 5 and `endgame_tricks` 4 by default (`solve_tricks` may be 0 to 6,
       `endgame_tricks` 0 to 5 at either level).

    Every level takes `revoke_rate` (0 to 1, default 0): how often the bot fails to follow suit by
    mistake where a renúncia can be played (`revoke.mode: claimable`). An unknown level, an option a
    level does not take (levels 1 to 3 take no other) or a bad option value is a
    [`ConfigError`][sueca_rules.ConfigError] (a `ValueError`).
    """
    factory = _bot_class(level)
    options = dict(options)
    revoke_rate = options.pop("revoke_rate", 0.0)
    if isinstance(revoke_rate, bool) or not isinstance(revoke_rate, int | float):
        raise bot_error(f"revoke_rate must be a number from 0 to 1, got {revoke_rate!r}")
    if not 0 <= revoke_rate <= 1:
        raise bot_error(f"revoke_rate must be from 0 to 1, got {revoke_rate}")
    if time_ms is not None:
        options["time_ms"] = time_ms
    if samples is not None:
        options["samples"] = samples
    accepted = _options_of(factory)
    unknown = sorted(set(options) - accepted)
    if unknown:
        if not accepted:
            raise bot_error(
                f"level {level} bots take no options but revoke_rate "
                f"(got {', '.join(unknown)}); levels 4 and 5 take more"
            )
        raise bot_error(
            f"level {level} bots have no option {', '.join(map(repr, unknown))}: "
            f"their options are {', '.join(sorted([*accepted, 'revoke_rate']))}"
        )
    bot = factory(seed=seed, **options)
    bot.revoke_rate = float(revoke_rate)
    return bot


def _bot_class(level: int) -> Callable[..., BaseBot]:
    """The class of the bots of `level`."""
    factory = _CLASSES.get(level) if isinstance(level, int) else None
    if factory is not None:
        return factory
    raise bot_error(f"no bot of level {level!r}: levels are {', '.join(map(str, LEVELS))}")


def takes_budget(level: int) -> bool:
    """Whether the bots of `level` search, and so take a budget per decision (`time_ms`,
    `samples`: see [`make_bot()`][sueca_rules.bots.make_bot]); the others choose at once."""
    return "time_ms" in _options_of(_bot_class(level))


def _options_of(factory: Callable[..., BaseBot]) -> frozenset[str]:
    """The options a bot class takes: its keyword-only arguments."""
    return frozenset(
        name
        for name, parameter in inspect.signature(factory).parameters.items()
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY
    )
