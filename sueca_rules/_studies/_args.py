"""The arguments of a study, checked before any card is dealt.

Every problem is raised by `config_error()`, one place, as the library's configuration error (a
`SuecaError` that is also a `ValueError`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from .._errors import ConfigError
from .._text import cut, is_unicode
from ._play import Mode, Study

if TYPE_CHECKING:
    from .._variant import Variant

__all__ = ["BotOptions", "config_error", "make_study", "max_jobs"]

BotOptions = Mapping[int, Mapping[str, Any]] | Sequence[Mapping[str, Any]] | None
CLUSTERS: Final = ("ray",)


def config_error(message: str) -> ConfigError:
    """The error for a bad argument (raise it)."""
    return ConfigError(message)


def max_jobs() -> int:
    """The most worker processes a local run may use: four per CPU."""
    return 4 * (os.cpu_count() or 1)


def _size(deals: object, matches: object) -> tuple[Mode, int]:
    if deals is not None and matches is not None:
        raise config_error("give deals or matches, not both")
    mode: Mode = "matches" if matches is not None else "deals"
    size = matches if matches is not None else (deals if deals is not None else 100)
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise config_error(f"the number of {mode} must be a positive integer, got {size!r}")
    return mode, size


def _teams(teams: object) -> tuple[int, int]:
    from collections.abc import Iterable

    from ..bots import LEVELS

    pair: tuple[object, ...] = tuple(teams) if isinstance(teams, Iterable) else ()
    if len(pair) != 2:
        raise config_error(f"teams are two bot levels, got {teams!r}")
    levels: list[int] = []
    for level in pair:
        if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
            raise config_error(
                f"no bot of level {level!r}: levels are {', '.join(map(str, LEVELS))}"
            )
        levels.append(level)
    return (levels[0], levels[1])


def check_jobs(jobs: object, cluster: object, address: object) -> int:
    """`jobs` as a number of workers (0: one per CPU), and `cluster`/`address` checked."""
    if cluster is not None and cluster not in CLUSTERS:
        raise config_error(
            f"cluster must be one of {', '.join(CLUSTERS)} (or None), got {cluster!r}"
        )
    if address is not None and (cluster is None or not isinstance(address, str) or not address):
        raise config_error("address is the address of a Ray cluster, with cluster='ray'")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 0:
        raise config_error(f"jobs must be 0 (every CPU) or more, got {jobs!r}")
    if cluster is None and jobs > max_jobs():
        raise config_error(
            f"jobs must be at most {max_jobs()} (four worker processes per CPU), got {jobs}"
        )
    if jobs == 0:
        return os.cpu_count() or 1
    return jobs


def _options(
    teams: tuple[int, int], bot_options: BotOptions
) -> tuple[dict[str, Any], dict[str, Any]]:
    if bot_options is None:
        return ({}, {})
    if isinstance(bot_options, Mapping):
        for level in bot_options:
            if level not in teams:
                raise config_error(
                    f"bot_options names level {level!r}, but the teams are levels "
                    f"{teams[0]} and {teams[1]}"
                )
        pair = (bot_options.get(teams[0], {}), bot_options.get(teams[1], {}))
    elif (
        isinstance(bot_options, str | bytes)
        or not isinstance(bot_options, Sequence)
        or len(bot_options) != 2
    ):
        raise config_error(
            "bot_options is a mapping by level ({4: {'samples': 50}}) or a pair of mappings by "
            f"team, not {cut(repr(bot_options))}"
        )
    else:
        pair = (bot_options[0], bot_options[1])
    for options in pair:
        if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
            raise config_error(
                f"bot options are a mapping of option names ({{'samples': 50}}), "
                f"not {cut(repr(options))}"
            )
    return (dict(pair[0]), dict(pair[1]))


def make_study(
    variants: Sequence[Variant | str | Path],
    teams: object,
    *,
    deals: object,
    matches: object,
    seed: int | str,
    duplicate: bool,
    bot_options: BotOptions,
) -> tuple[Study, int]:
    """The study and its size, every argument checked (bot options by making the bots)."""
    from .._registry import resolve_variant
    from ..bots import make_bot

    if isinstance(variants, str | bytes | os.PathLike) or not isinstance(variants, Sequence):
        raise config_error(
            f"variants are a list of variants (ids, paths or Variants), not {cut(repr(variants))}"
        )
    if not isinstance(duplicate, bool):
        raise config_error(f"duplicate must be True or False, not {cut(repr(duplicate))}")
    mode, size = _size(deals, matches)
    levels = _teams(teams)
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise config_error(f"seed must be a whole number or text, got {seed!r}")
    if isinstance(seed, str) and not is_unicode(seed):
        raise config_error(f"seed must be valid Unicode text (no lone surrogate), got {seed!r}")
    options = _options(levels, bot_options)
    resolved = tuple(resolve_variant(v) for v in variants)
    for t in (0, 1):
        try:
            make_bot(levels[t], seed=0, **options[t])
        except (TypeError, ValueError) as exc:
            raise config_error(f"bot options of team {t} (level {levels[t]}): {exc}") from None
    study = Study(resolved, levels, options, seed, mode, bool(duplicate))
    return study, size
