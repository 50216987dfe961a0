"""Arenas: engines and built-in levels on duplicate deals, refereed by the library's engine.

Deal `index` of an arena is shuffled from the arena's seed and `index` alone (its first dealer is
`index % 4`) and played twice, the same cards, the entrants' seats swapped: A on seats 0 and 2,
then on 1 and 3. Each play is a match played for one deal (a weak hand redealt is dealt again and
not counted). The deals are split into shards by index, each played in a process of its own with
its own engine processes, and merged in index order: the figures depend on the arguments only, not
on how many processes played them (the time an engine takes excepted, and any engine that is not
itself repeatable).

With three entrants or more every pair plays the same deals, and a Bradley–Terry model of the
pairwise scores gives each entrant an Elo-scale rating with its 95% interval.
"""

from __future__ import annotations

import contextlib
import math
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from .._errors import ConfigError, check_whole
from .._text import cut, is_whole
from .._workers import in_one_process
from ._host import EngineError, EngineProcess, EngineStats, close_all, split_command
from ._players import BotPlayer, Player, play_match

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

    from .._events import DealResult
    from .._variant import Variant

__all__ = [
    "Arena",
    "DealPair",
    "Entrant",
    "PairResult",
    "arena_report",
    "new_pool",
    "parse_entrant",
    "play_arena",
    "play_pair",
    "ratings",
    "stop_pool",
    "wilson",
]

MAX_DEALS: Final = 1_000_000
"""The most deals an arena plays (each twice)."""
MAX_ENTRANTS: Final = 16
"""The most entrants of one arena (every pair plays)."""
MATCH_DECISIONS: Final = 200
"""An engine's total time for a play of a deal is this many times `time_ms` (a deal asks an entrant
at most 20 cards and, under `revoke.mode: claimable`, 80 claims)."""
MAX_HELLO_MS: Final = 600_000
"""The longest an arena waits for an engine's `hello` (`hello_ms`, `sueca arena --hello-ms`)."""
_Z: Final = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Entrant:
    """An entrant: a built-in level (`level:N`) or an engine command (its words)."""

    spec: str
    """As given on the command line."""
    level: int | None = None
    """The level of `level:N`, else `None`."""
    argv: tuple[str, ...] = ()
    """The engine's command, split."""

    def player(self, time_ms: int, hello_ms: int | None = None) -> Player:
        """A new player for this entrant. An engine is started by its first match
        ([`new_match()`][sueca_rules.engines.EngineProcess.new_match]): one that cannot be
        started then, or does not answer `hello` within `hello_ms` (default
        [`HELLO_S`][sueca_rules.engines.HELLO_S]), is that match's faults (its seats play by
        the first-option rule) and is tried again for the next, not the end of the arena."""
        if self.level is not None:
            return BotPlayer(self.level, time_ms=time_ms)
        return EngineProcess(
            list(self.argv),
            time_ms=time_ms,
            match_ms=MATCH_DECISIONS * time_ms,
            hello_s=None if hello_ms is None else hello_ms / 1000,
        )


def parse_entrant(text: str) -> Entrant:
    """`level:N` (a built-in level) or an engine's command line (split with `shlex`, run without
    a shell). Raises [`ConfigError`][sueca_rules.ConfigError] for a level that is not one, or a
    command that cannot be read."""
    from ..bots import LEVELS

    if not isinstance(text, str):
        raise ConfigError(
            f"an entrant is text, level:N or an engine's command line, not {cut(repr(text))}"
        )
    if text.startswith("level:"):
        level = text.removeprefix("level:").strip()
        if not is_whole(level) or int(level) not in LEVELS:
            raise ConfigError(
                f"{text!r} is not a level: write level:N with N one of "
                f"{', '.join(map(str, LEVELS))}"
            )
        return Entrant(text, int(level))
    try:
        return Entrant(text, None, tuple(split_command(text)))
    except EngineError as exc:
        raise ConfigError(str(exc)) from exc


@dataclass(frozen=True, slots=True)
class DealPair:
    """One deal played twice: A's and B's card points and A's deal scores (1, ½, 0) in each
    play."""

    a_points: tuple[int, int]
    b_points: tuple[int, int]
    a_scores: tuple[float, float]


@dataclass(slots=True)
class Arena:
    """What a shard (or the whole arena) needs: picklable."""

    variant: Variant
    a: Entrant
    b: Entrant
    seed: int | str
    time_ms: int
    hello_ms: int | None = None


@dataclass(slots=True)
class _Shard:
    arena: Arena
    indices: range


@dataclass(slots=True)
class _ShardResult:
    pairs: list[DealPair]
    stats: tuple[EngineStats, EngineStats]


def _score(result: DealResult, team: int) -> float:
    if result.team is None:
        return 0.5
    return 1.0 if result.team == team else 0.0


def play_pair(arena: Arena, players: tuple[Player, Player], index: int) -> DealPair:
    """Deal `index` of `arena`, played twice with `players` (A, B). Each player is asked at two
    seats of each play and at all four over the pair: an engine that keeps what it is sent
    knows every hand; `sueca arena` gives each seat of each play a player of its own."""
    plays = tuple([players[(s + swap) % 2] for s in range(4)] for swap in (0, 1))
    return _play_pair(arena, (plays[0], plays[1]), index)


def _play_pair(
    arena: Arena, by_seat: tuple[Sequence[Player], Sequence[Player]], index: int
) -> DealPair:
    """Deal `index` of `arena`, played twice: by `by_seat[0]` (A's players on seats 0 and 2),
    then by `by_seat[1]` (A's on seats 1 and 3)."""
    a_points: list[int] = []
    b_points: list[int] = []
    scores: list[float] = []
    base = f"{arena.seed}:deals:{index}"
    for swap in (0, 1):
        seats = by_seat[swap]  # A is team `swap`
        for seat, player in enumerate(seats):  # its fault notes say where they happened
            if isinstance(player, EngineProcess):
                player.context = {"deal": index + 1, "play": swap + 1}
                if seats.count(player) == 1:  # its seat, also for a start that failed
                    player.context["seat"] = seat
        match = play_match(
            arena.variant,
            seats,
            seed=base,
            first_dealer=index % 4,
            deals=1,
            match_id=f"{index}:{swap}",
        )
        played = [d for d in match.deals if d.played]
        if not played:  # redealt for ever (a cap of the match): a deal nobody won
            a_points.append(0)
            b_points.append(0)
            scores.append(0.5)
            continue
        result = played[0]
        a_points.append(result.points[swap])
        b_points.append(result.points[1 - swap])
        scores.append(_score(result, swap))
    return DealPair((a_points[0], a_points[1]), (b_points[0], b_points[1]), (scores[0], scores[1]))


def _play_shard(shard: _Shard, progress: Callable[[int], None] | None = None) -> _ShardResult:
    """The shard's deals, with a player (an engine process) of its own for each seat of each
    play: eight, four for each entrant, each dealt one seat's hands only, so that no engine is
    sent two hands of a deal (its partner's in a play, or its rivals' of the other play) to keep.
    An entrant's four players share one `EngineStats`."""
    arena = shard.arena
    players: list[Player] = []
    try:
        by_seat: list[list[Player]] = [[], []]
        for swap in (0, 1):
            for seat in range(4):
                team = (seat + swap) % 2  # 0: A
                player = (arena.a, arena.b)[team].player(arena.time_ms, arena.hello_ms)
                if len(players) >= 2:
                    player.stats = players[team].stats
                players.append(player)
                by_seat[swap].append(player)
        pairs = []
        for index in shard.indices:
            pairs.append(_play_pair(arena, (by_seat[0], by_seat[1]), index))
            if progress is not None:
                progress(1)
        return _ShardResult(pairs, (players[0].stats, players[1].stats))
    finally:
        for player in players:
            if isinstance(player, EngineProcess):
                player.close()


def _worker_init(parent: int) -> None:
    """In each worker: die with the parent; Ctrl-C is the parent's; SIGTERM (the parent stopping
    the pool) kills the engines this worker started before it exits."""
    import signal

    from .._studies._runner import die_with_parent

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    die_with_parent(parent)

    def stop(signum: int, frame: object) -> None:
        close_all()
        os._exit(143)

    signal.signal(signal.SIGTERM, stop)


@dataclass(slots=True)
class PairResult:
    """Two entrants' arena: the deals, and what each entrant's players did."""

    a: str
    b: str
    variant: str
    pairs: list[DealPair]
    stats: tuple[EngineStats, EngineStats] = field(
        default_factory=lambda: (EngineStats(), EngineStats())
    )

    def to_dict(self) -> dict[str, Any]:
        """The contract's JSON of a two-entrant arena."""
        return arena_report(self)


def _shards(deals: int, jobs: int) -> list[range]:
    if jobs <= 1:
        return [range(deals)]
    size = max(1, math.ceil(deals / (jobs * 4)))
    return [range(i, min(deals, i + size)) for i in range(0, deals, size)]


def _merge_stats(into: EngineStats, other: EngineStats) -> None:
    into.decisions += other.decisions
    into.answered += other.answered
    into.faults += other.faults
    into.extra_lines += other.extra_lines
    into.restarts += other.restarts
    into.total_ms += other.total_ms
    into.log.extend(other.log)
    into.notes.extend(other.notes)
    if not into.first:
        into.first, into.first_note = other.first, other.first_note


def new_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of `jobs` worker processes for arenas (`play_arena(pool=...)`): each dies with this
    process and kills its engines when stopped."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(
        max_workers=jobs,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_worker_init,
        initargs=(os.getpid(),),
    )


def play_arena(
    variant: Variant,
    a: Entrant,
    b: Entrant,
    *,
    deals: int = 100,
    seed: int | str = 0,
    jobs: int = 1,
    time_ms: int = 1000,
    hello_ms: int | None = None,
    progress: Callable[[int], None] | None = None,
    pool: ProcessPoolExecutor | None = None,
) -> PairResult:
    """A plays B on `deals` duplicate deals (each played twice); `jobs` processes (`pool`, when
    given, is used instead of a new one). `progress(n)` is called as `n` more deals are done.
    `hello_ms` is how long an engine may take to start and answer `hello` (default
    [`HELLO_S`][sueca_rules.engines.HELLO_S], 1 to 600,000 ms).
    An engine that cannot be started, or does not answer `hello`, in a play is that play's
    faults, as one that stops answering is (`sueca arena` starts each engine once before
    the first deal, and stops with a clear error if it cannot)."""
    if not 1 <= deals <= MAX_DEALS:
        raise ConfigError(f"an arena plays 1 to {MAX_DEALS:,} deals, not {deals}")
    check_whole(hello_ms, "hello_ms", 1, MAX_HELLO_MS, or_none=True)
    arena = Arena(variant, a, b, seed, time_ms, hello_ms)
    shards = [_Shard(arena, r) for r in _shards(deals, jobs)]
    from .._record import builtin_id_of

    result = PairResult(a.spec, b.spec, builtin_id_of(variant) or variant.name, [])
    if pool is None and (jobs <= 1 or in_one_process("play_arena()", jobs)):
        results = [_play_shard(shard, progress) for shard in shards]
    else:
        own = pool is None
        executor = new_pool(jobs) if pool is None else pool
        try:
            from concurrent.futures import as_completed

            futures = {executor.submit(_play_shard, shard): shard for shard in shards}
            for future in as_completed(futures):
                future.result()  # a worker's error, at once
                if progress is not None:
                    progress(len(futures[future].indices))
            results = [future.result() for future in futures]  # in index order
        except BaseException:
            stop_pool(executor)
            raise
        if own:
            executor.shutdown()
    for shard_result in results:
        result.pairs.extend(shard_result.pairs)
        for mine, theirs in zip(result.stats, shard_result.stats, strict=True):
            _merge_stats(mine, theirs)
    return result


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop the workers at once (they kill their engines), without waiting for their shards."""
    # ProcessPoolExecutor has no public way to stop its workers at once before Python 3.14
    # (terminate_workers); its process table is read where it is.
    processes: dict[Any, Any] = dict(getattr(pool, "_processes", None) or {})
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes.values():
        with contextlib.suppress(Exception):
            process.terminate()
    for process in processes.values():
        with contextlib.suppress(Exception):
            process.join(timeout=5)


def wilson(score: float, n: int) -> tuple[float, float]:
    """The Wilson 95% interval of a rate `score` over `n` trials."""
    if n == 0:
        return (0.0, 1.0)
    z2 = _Z * _Z
    centre = (score + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z * math.sqrt(score * (1 - score) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _duplicate_score(pair: DealPair) -> float:
    """A's score of a duplicate deal: 1 when A took more card points than B over both plays, ½
    when as many. Where both plays dealt out their 120 points, that is A's points above 120 (½ at
    120); a play that ended early (a claim) or was never played (redealt for ever: 0 to 0) is
    weighed by what each team took, not as a loss of A's."""
    a, b = sum(pair.a_points), sum(pair.b_points)
    return 1.0 if a > b else 0.5 if a == b else 0.0


def arena_report(result: PairResult) -> dict[str, Any]:
    """The contract's JSON of a two-entrant arena (rates rounded to 4 places)."""
    pairs = result.pairs
    plays = 2 * len(pairs)
    win = sum(sum(p.a_scores) for p in pairs) / plays if plays else 0.0
    low, high = wilson(win, plays)
    duplicate = [_duplicate_score(p) for p in pairs]
    margins = [a - b for p in pairs for a, b in zip(p.a_points, p.b_points, strict=True)]
    stats = result.stats
    return {
        "a": result.a,
        "b": result.b,
        "variant": result.variant,
        "deals": plays,
        "duplicate_deals": len(pairs),
        "a_win_rate": round(win, 4),
        "a_win_rate_ci": [round(low, 4), round(high, 4)],
        "a_duplicate_win_rate": round(sum(duplicate) / len(pairs), 4) if pairs else 0.0,
        "a_mean_margin": round(sum(margins) / plays, 3) if plays else 0.0,
        "faults": {"a": stats[0].faults, "b": stats[1].faults},
        "ms_per_decision": {
            "a": round(stats[0].ms_per_decision, 3),
            "b": round(stats[1].ms_per_decision, 3),
        },
    }


# --- ratings ---------------------------------------------------------------------------------

_ELO: Final = 400 / math.log(10)


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small invertible matrix (Gauss-Jordan with partial pivoting)."""
    n = len(matrix)
    work = [row[:] + [1.0 if i == j else 0.0 for j in range(n)] for i, row in enumerate(matrix)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(work[r][col]))
        work[col], work[pivot] = work[pivot], work[col]
        head = work[col][col]
        work[col] = [x / head for x in work[col]]
        for r in range(n):
            if r != col and work[r][col]:
                factor = work[r][col]
                work[r] = [x - factor * y for x, y in zip(work[r], work[col], strict=True)]
    return [row[n:] for row in work]


def ratings(
    names: Sequence[str], results: Sequence[tuple[int, int, float, int]]
) -> list[dict[str, Any]]:
    """Bradley–Terry ratings on the Elo scale (mean 0) with 95% intervals, from pairwise results
    `(i, j, score of i, plays)` (a score counts a deal won 1 and a 60-60 ½). Each pair also
    counts one drawn play more (a prior that keeps an entrant that won or lost everything
    finite). Best first: `{"entrant", "rating", "rating_ci", "score"}`."""
    k = len(names)
    wins = [[0.0] * k for _ in range(k)]
    games = [[0.0] * k for _ in range(k)]
    for i, j, score, n in results:
        wins[i][j] += score + 0.5
        wins[j][i] += n - score + 0.5
        games[i][j] += n + 1
        games[j][i] += n + 1
    strength = [1.0] * k
    for _ in range(10_000):  # Hunter's MM iterations
        new = []
        for i in range(k):
            total = sum(wins[i])
            denominator = sum(games[i][j] / (strength[i] + strength[j]) for j in range(k) if j != i)
            new.append(total / denominator if denominator else 1.0)
        mean_log = sum(math.log(s) for s in new) / k
        new = [s / math.exp(mean_log) for s in new]
        done = max(abs(math.log(x / y)) for x, y in zip(new, strength, strict=True)) < 1e-10
        strength = new
        if done:
            break
    theta = [math.log(s) for s in strength]
    # The information matrix (a weighted Laplacian); its pseudo-inverse under sum(theta) = 0 is
    # (L + J/k)^-1 - J/k.
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j and games[i][j]:
                p = strength[i] / (strength[i] + strength[j])
                w = games[i][j] * p * (1 - p)
                info[i][j] -= w
                info[i][i] += w
    inverse = _inverse([[info[i][j] + 1 / k for j in range(k)] for i in range(k)])
    rows = []
    for i in range(k):
        se = math.sqrt(max(0.0, inverse[i][i] - 1 / k))
        rating = _ELO * theta[i]
        played = sum(games[i]) - (k - 1)
        score = (sum(wins[i]) - 0.5 * (k - 1)) / played if played else 0.0
        rows.append(
            {
                "entrant": names[i],
                "rating": round(rating, 1),
                "rating_ci": [round(rating - _Z * _ELO * se, 1), round(rating + _Z * _ELO * se, 1)],
                "score": round(score, 4),
            }
        )
    rows.sort(key=lambda r: -float(r["rating"]))  # type: ignore[arg-type]
    return rows
