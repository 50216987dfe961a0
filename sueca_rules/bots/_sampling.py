"""Levels 4 and 5: determinized sampling (perfect-information Monte Carlo).

Before each card, `SamplingBot` deals the unseen cards many times at random to the other three
players, consistently with everything its seat knows (`._hidden_hands`), plays each card it could
play in each of those deals to the end of the deal, and picks the card with the best average outcome
in the variant's terms (see `._equity`). Deals come twelve at a time and the candidate cards race:
one that falls clearly behind is dropped, and once one is left no more deals are drawn. `SearchBot`
is the same with a larger budget and more of the end of the deal solved exactly.
"""

from __future__ import annotations

import functools
import math
import operator
import random
import struct
import time
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Final, SupportsIndex, cast

from .._cards import CARDS, Card
from .._errors import check_number, check_whole
from .._kernel import Outcome, Position, play_cards, solve
from .._kernel._bits import CardIndex, Mask, interchangeable
from .._kernel._compiled import compiled
from .._kernel._solver import OutOfTime
from .._rules import plain_int, team_of
from ._base import BaseBot, bot_error
from ._equity import Equity
from ._hidden_hands import READINGS, Likelihood, Reading, Sampler
from ._rule_bots import MemoryBot
from ._rules_of_thumb import heuristic_playout

if TYPE_CHECKING:
    from .._match import Observation
    from .._rules import Rules

__all__ = [
    "MAX_TIME_MS",
    "SamplingBot",
    "SearchBot",
    "Start",
    "candidate_cards",
    "sampled_deals",
]

_BATCH: Final = 12
"""Deals drawn at a time (see _Deals)."""
_POOL: Final = 4
"""With inference, the pool the deals played out are drawn from grows by this many times as many
samples at a time, up to this many times (see _Deals)."""
_TRUST: Final = 0.5
"""With inference, the chance that a rival plays by the rules of thumb rather than choosing among
its cards alike (see `Likelihood`): against rivals who play by them, the deals come out nearly as
they would from the rules of thumb alone; against stronger ones (levels 4 and 5, who play level
3's card about half the time), nearly as without inference."""
_ENUMERATE: Final = 3000
"""With inference, a position with at most this many consistent deals has them all weighed
once (the exact posterior), the batches drawn from them."""
_Tables = tuple[list[float], float, float]
_FIRST_CHECK: Final = 12
"""Deals played out before the first look at which candidates fall behind (see _Race)."""
_CHECK_EVERY: Final = 6
"""Deals between two such looks."""
_MAX_SAMPLES: Final = 1_000_000
"""The most deals a decision may sample (also the limit of `samples` with `time_ms` alone)."""
MAX_TIME_MS: Final = 3_600_000.0
"""The longest `time_ms` a bot takes: an hour (the engine protocol takes any longer budget as
this)."""
_MAX_SOLVE_TRICKS: Final = 6
"""The most tricks left from which a decision may solve each sampled deal exactly (six take about
a millisecond a solve with the compiled kernel, many more without it)."""
_MAX_ENDGAME_TRICKS: Final = 5
"""The most last tricks of each play-out that may be solved exactly."""
_SETTLED: Final = 24
"""On the clock: deals after which candidates that scored the same in every deal so far are
taken as equal and the decision ends (playing on would only spend the time)."""


class _Clock:
    """A decision's wall-clock deadline (`time.perf_counter`), or none."""

    __slots__ = ("deadline", "stop", "timed")

    def __init__(self, time_ms: float | None) -> None:
        self.timed = time_ms is not None
        self.deadline = time.perf_counter() + time_ms / 1000 if time_ms is not None else 0.0
        self.stop: Callable[[], bool] | None = self.expired if self.timed else None
        """The test handed to the solver and the sampling (`None` without a clock)."""

    def expired(self) -> bool:
        """Whether the time is up (never without a clock)."""
        return self.timed and time.perf_counter() >= self.deadline


class Kernel:
    """The play-outs and the exact solver the bots run on: the compiled kernel's where it is built
    (`sueca_rules._kernel._compiled`), else the pure-Python ones; both give the same results bit
    for bit, so a bot's choices do not depend on which it runs on."""

    __slots__ = ("_play_deals", "_playout", "_solve", "is_compiled", "module")

    def __init__(self, module: ModuleType | None) -> None:
        self.module = module
        """The compiled kernel's module, or `None`."""
        self.is_compiled = module is not None
        """Whether these are the compiled kernel's."""
        self._playout = getattr(module, "heuristic_playout", None)
        self._solve = getattr(module, "solve", None)
        self._play_deals = getattr(module, "play_deals", None)

    def __reduce__(self) -> tuple[Callable[[], Kernel], tuple[()]]:
        """Pickled as "the best kernel here": a module cannot be pickled, and a bot unpickled in
        another process takes the kernel built there (both give the same results)."""
        return (Kernel.best, ())

    @classmethod
    def best(cls) -> Kernel:
        """The compiled kernel's functions where it is built, else the pure ones."""
        return cls(compiled())

    def playout(
        self,
        position: Position,
        voids: int = 0,
        held: tuple[int, int] | None = None,
        first: CardIndex = -1,
        exact_tricks: int = 0,
        stop: Callable[[], bool] | None = None,
    ) -> Outcome:
        """`heuristic_playout()` (`OutOfTime` when `stop` says so)."""
        if self._playout is None:
            return heuristic_playout(position, voids, held, first, exact_tricks, stop)
        seat, card = held if held is not None else (0, -1)
        end = self._playout(position, voids, seat, card, first, exact_tricks, stop)
        if end is None:
            raise OutOfTime
        return end  # type: ignore[no-any-return]

    def play_deals(
        self,
        start: Start,
        deals: list[list[Mask]],
        cards: list[CardIndex],
        exact: bool,
        endgame_tricks: int,
        tables: bytes,
        stop: Callable[[], bool] | None,
    ) -> tuple[list[list[float]], bool] | None:
        """With the compiled kernel, `SamplingBot._play_out()` for each of `deals` (`cards` the
        candidates left, `tables` the value tables packed as 123 doubles) in one call: the rows
        of values of the deals played out, and whether `stop` said stop (the deal under way then
        dropped; it is asked after each deal too). `None` on the pure kernel."""
        if self._play_deals is None:
            return None
        held_seat, held_card = start.held if start.held is not None else (0, -1)
        return self._play_deals(  # type: ignore[no-any-return]
            start.position(deals[0]), deals, cards, exact, start.voids, held_seat, held_card,
            endgame_tricks, start.team, tables, stop,
        )  # fmt: skip

    def solve(self, position: Position, stop: Callable[[], bool] | None = None) -> int:
        """`solve()` (`OutOfTime` when `stop` says so)."""
        if self._solve is None:
            return solve(position, stop)
        value = self._solve(position, stop)
        if value is None:
            raise OutOfTime
        return value  # type: ignore[no-any-return]


PURE: Final = Kernel(None)
"""The pure-Python play-outs and solver (for tests and comparisons)."""


class Start:
    """Where the play-outs of one decision start: the observation's public state (worked out once
    per decision), to which each sampled deal adds the hands (`position()`)."""

    __slots__ = (
        "cards_left", "held", "leader", "next_seat", "points", "team", "trick", "tricks_won",
        "trump", "voids",
    )  # fmt: skip

    def __init__(self, obs: Observation) -> None:
        assert obs.trump is not None
        assert obs.trump_card is not None  # a deal is on
        self.team = team_of(obs.seat)
        """The deciding seat's team."""
        self.trump = int(obs.trump)
        self.trick = [int(c) for c in obs.trick]
        self.leader = obs.trick_leader
        self.points = obs.points
        self.tricks_won = obs.tricks_won
        self.next_seat = obs.rules.next_seat
        self.voids = obs.void_mask
        """The voids shown (for the play-outs' rules of thumb)."""
        self.cards_left = sum(obs.hand_sizes)
        """The cards still in the hands."""
        self.held: tuple[int, int] | None = (
            (obs.dealer, int(obs.trump_card)) if obs.trump_card_in_hand else None
        )
        """The dealer and the turned trump card while the dealer still holds it, else `None`."""

    def position(self, hands: list[Mask]) -> Position:
        """The position now with `hands` dealt."""
        return Position(
            hands, self.trump, self.leader, self.trick, self.points, self.tricks_won, self.next_seat
        )

    def exact(self, solve_tricks: int) -> bool:
        """Whether the rest of the deal after the next card is solved exactly (at most
        `solve_tricks` tricks left)."""
        return self.cards_left - 1 <= 4 * solve_tricks


def _rules_of_thumb_card(observation: Observation) -> Card:
    """Level 3's card: what a bot on the clock plays when the time ran out before one deal was
    played out."""
    return MemoryBot()._card(observation)


def candidate_cards(observation: Observation) -> list[CardIndex]:
    """The legal cards worth telling apart: of several cards of one suit with the same points
    and nothing but this hand's own or played cards ranked between them, only the lowest."""
    out = observation.unseen_mask
    keep: list[CardIndex] = []
    for card in sorted(int(c) for c in observation.legal):
        if keep and interchangeable(keep[-1], card, out):
            continue
        keep.append(card)
    return keep


class SamplingBot(BaseBot):
    """Level 4: thinks ahead by playing out many possible deals before each card.

    Before each card it deals the cards it has not seen to the other three players many times over,
    consistently with all its seat knows: its own hand, the cards played, who has shown a void in
    which suit, the hand sizes and the turned trump card while the dealer still holds it. It draws
    these deals by how likely the rivals' cards so far were in each, reading each rival as either
    a player of the rules of thumb (who plays their card, or now and then any other legal card) or
    a player they do not describe (who might have played any of its cards), one as likely as the
    other: against rivals who play by the rules of thumb, a deal in which they would have played
    otherwise is unlikely, the more so the more cards there were to choose from; against stronger
    rivals, whose cards the rules of thumb explain about half the time, the deals stay nearly as
    varied as without inference; late
    in a deal it weighs every consistent deal (the exact posterior), earlier it resamples a pool of
    deals grown until it is worth a batch. In each deal it tries every card it could play
    (equivalent cards once) and plays the deal out to its end, every seat playing by the rules of
    thumb of level 3 from what that seat knows; the last tricks are solved exactly. It scores each
    end in the variant's terms — its chance of winning the match afterwards, from the tier table,
    the bandeira, pending 60-60 ties, the games both teams have and need and the partidas — blended
    with the card points, and plays the card with the best average. A card whose average falls three
    standard errors behind the best's (over the same deals) is no longer played out, and once one
    card is left it stops.

    Budget per card: `samples` (the most deals sampled, default 60) and/or `time_ms` (a wall-clock
    budget in milliseconds: it samples until the time is up, checking the clock between deals and
    inside the exact solver, and chooses from the deals played out so far; play then depends on
    the machine's speed). With `time_ms` alone there is no cap on the deals; with both, whichever
    runs out first ends the decision. `time_limit` is `time_ms` in seconds (an older name). Other
    options: `solve_tricks` (tricks left from
    which the end is solved exactly, default 2); `points_weight` (the value, in games, of ending the
    deal 60 card points above an even split, counted on top of the games themselves — one game being
    what winning the deal by the lowest tier is worth in the match situation; default 1.5);
    `inference` (for a rival read as a player of the rules of thumb, the odds of a card they
    would not have played there; 1 turns inference off; default 0.05); `prune` (the standard
    errors behind the best at which a card is dropped; default 3, 0 plays every card in every
    deal); `endgame_tricks`
    (the last tricks of each play-out solved exactly instead of played by the rules of thumb;
    default 0); `reading` (`"rules"`, the default: each rival read as above; `"search"`: each
    rival read as a player who looks ahead, by a model of the cards level 4 plays, see
    `Likelihood`). With a `seed` and no `time_ms` its choices are a function of the seed, the
    budget and the observation alone, the same on any machine.

    Examples:
        >>> from sueca_rules import Match
        >>> from sueca_rules.bots import SamplingBot
        >>> match = Match("portugal", seed=1)
        >>> seat = match.turn
        >>> quick = SamplingBot(seed=7, time_ms=50)  # a card within about 50 ms
        >>> fixed = SamplingBot(seed=7, samples=24)  # the same card on every machine
        >>> quick.choose(match.observation(seat)) in match.legal_cards()
        True
    """

    level = 4
    """Always 4."""

    default_samples = 60
    """The deals sampled per card when no budget is given."""
    default_solve_tricks = 2
    """`solve_tricks` when not given."""
    default_points_weight = 1.5
    """`points_weight` when not given."""
    default_inference = 0.05
    """`inference` when not given."""
    default_prune = 3.0
    """`prune` when not given."""
    default_endgame_tricks = 0
    """`endgame_tricks` when not given."""
    default_reading: Reading = "rules"
    """`reading` when not given."""

    def __init__(
        self,
        seed: int | str | SupportsIndex | None = None,
        *,
        samples: int | None = None,
        time_ms: float | None = None,
        time_limit: float | None = None,
        solve_tricks: int | None = None,
        points_weight: float | None = None,
        inference: float | None = None,
        prune: float | None = None,
        endgame_tricks: int | None = None,
        reading: Reading | None = None,
    ) -> None:
        # An option not given takes the level's default (the class attributes `default_*`).
        solve_tricks = self.default_solve_tricks if solve_tricks is None else solve_tricks
        points_weight = self.default_points_weight if points_weight is None else points_weight
        inference = self.default_inference if inference is None else inference
        prune = self.default_prune if prune is None else prune
        endgame_tricks = self.default_endgame_tricks if endgame_tricks is None else endgame_tricks
        reading = self.default_reading if reading is None else reading
        if samples is not None and (isinstance(samples, bool) or not isinstance(samples, int)):
            raise bot_error(f"samples must be a whole number, got {samples!r}")
        check_whole(samples, "samples", 1, _MAX_SAMPLES, or_none=True)
        if time_limit is not None:
            if time_ms is not None:
                raise bot_error("give time_ms or time_limit (seconds), not both")
            if (
                isinstance(time_limit, bool)
                or not isinstance(time_limit, int | float)
                or not 0 < time_limit <= MAX_TIME_MS / 1000
            ):
                raise bot_error(
                    "time_limit must be a number of seconds, "
                    f"0 < time_limit <= {MAX_TIME_MS / 1000:,g}, got {time_limit!r}"
                )
            time_ms = time_limit * 1000
        if time_ms is not None and (
            isinstance(time_ms, bool)
            or not isinstance(time_ms, int | float)
            or not 0 < time_ms <= MAX_TIME_MS
        ):
            raise bot_error(
                f"time_ms must be a number of milliseconds, 0 < time_ms <= {MAX_TIME_MS:,}, "
                f"got {time_ms!r}"
            )
        check_whole(solve_tricks, "solve_tricks", 0, _MAX_SOLVE_TRICKS)
        check_number(points_weight, "points_weight", 0, math.inf)
        check_number(inference, "inference", 1e-9, 1)
        check_number(prune, "prune", 0, math.inf)
        if reading not in READINGS:
            raise bot_error(f"reading must be {' or '.join(map(repr, READINGS))}, got {reading!r}")
        check_whole(endgame_tricks, "endgame_tricks", 0, _MAX_ENDGAME_TRICKS)
        seed = cast("int | str | None", plain_int(seed))  # a NumPy integer seeds as its int
        if seed is None:
            seed = random.SystemRandom().getrandbits(64)
        super().__init__(seed)
        self.seed = seed
        """The seed of its sampling (a random one when none was given): with the same seed,
        observation and `samples` (and no `time_ms`) it chooses the same card on any machine."""
        self.time_ms = None if time_ms is None else float(time_ms)
        """The wall-clock budget of each decision in milliseconds, or `None` (no clock)."""
        if samples is None:
            samples = self.default_samples if time_ms is None else _MAX_SAMPLES
        self.samples = samples
        """The most deals sampled per card (the level's default when neither `samples` nor
        `time_ms` is given; with `time_ms` alone, as many as the clock allows)."""
        self.time_limit = None if time_ms is None else time_ms / 1000
        """`time_ms` in seconds (an older name), or `None`."""
        self.solve_tricks = solve_tricks
        """The tricks left (0 to 6) from which the end of each sampled deal is solved exactly
        instead of played by the rules of thumb."""
        self.points_weight = points_weight
        """The value, in games, of ending a deal 60 card points above an even split, counted on
        top of the games themselves."""
        self.inference = inference
        """For a rival read as a player of the rules of thumb, the odds (0 < inference <= 1) of a
        card they would not have played where there were two to choose from; 1 turns inference
        off."""
        self.reading: Reading = reading
        """How the rivals' cards so far are read (with `inference` below 1): `"rules"`, as those of
        a player of the rules of thumb or of one who might have played any card, alike; `"search"`,
        as those of a player who looks ahead (see `Likelihood`)."""
        self.prune = prune
        """How far behind (in standard errors of the paired difference, over the deals so far)
        a candidate card may fall before it is no longer played out; 0 plays every candidate
        in every deal."""
        self.endgame_tricks = endgame_tricks
        """The last tricks (0 to 5) of each play-out solved exactly instead of played by the
        rules of thumb."""
        self.last_deals = 0
        """How many deals the last decision sampled (for figures and tests)."""
        self._kernel = Kernel.best()

    def _options(self) -> list[str]:
        shown = []
        if self.time_ms is None or self.samples != _MAX_SAMPLES:  # with time_ms alone: no cap
            shown.append(f"samples={self.samples!r}")
        if self.time_ms is not None:
            shown.append(f"time_ms={self.time_ms!r}")
        defaults = (
            ("solve_tricks", self.default_solve_tricks),
            ("points_weight", self.default_points_weight),
            ("inference", self.default_inference),
            ("prune", self.default_prune),
            ("endgame_tricks", self.default_endgame_tricks),
            ("reading", self.default_reading),
        )
        for name, default in defaults:
            value = getattr(self, name)
            if value != default:
                shown.append(f"{name}={value!r}")
        return shown

    def _card(self, observation: Observation) -> Card:
        """The candidate card with the best average over the sampled deals (the rules of thumb's
        card when the clock ran out before the first one)."""
        clock = _Clock(self.time_ms)
        cands = candidate_cards(observation)
        if len(cands) == 1:
            self.last_deals = 0
            return CARDS[cands[0]]
        race = self._race(observation, cands, clock)
        if not race.deals:
            return _rules_of_thumb_card(observation)
        return CARDS[cands[race.leader()]]

    def wants_redeal(self, observation: Observation) -> bool:
        """Whether to ask for a new deal (asked only of a weak hand, one that may): it deals the
        unseen cards `samples` times (at most 120), plays each deal out by the rules of thumb and
        asks when the hand's average, in the variant's terms, is worth less than a deal split evenly
        (what a new deal is worth on average)."""
        obs = observation
        if not obs.may_redeal:
            return False
        clock = _Clock(self.time_ms)
        assert obs.trump is not None
        assert obs.trump_card is not None
        rng = random.Random(f"{self.seed}:redeal:{obs.partida}:{obs.deal}:{obs.hand_mask}")
        tables = self._tables(obs)
        sampler = Sampler(obs, self._kernel.module)
        held = (obs.dealer, int(obs.trump_card)) if obs.trump_card_in_hand else None
        team = team_of(obs.seat)
        count = min(self.samples, 120)
        total = 0.0
        done = 0
        while done < count and not (done and clock.expired()):
            start = Position(
                sampler.sample(rng), int(obs.trump), obs.trick_leader, (), (0, 0), (0, 0),
                obs.rules.next_seat,
            )  # fmt: skip
            total += _end_value(self._kernel.playout(start, 0, held), team, tables)
            done += 1
        return total / done < tables[0][60]

    def evaluate(self, observation: Observation, cands: list[CardIndex]) -> list[float]:
        """The average value of each candidate card over the sampled deals it was played out in (see
        `prune`), within the bot's budget (`-inf` for a card no deal was played out for)."""
        race = self._race(observation, cands, _Clock(self.time_ms))
        return [race.mean(i) for i in range(len(cands))]

    def _race(self, obs: Observation, cands: list[CardIndex], clock: _Clock) -> _Race:
        """The candidate cards played out in the sampled deals, batch by batch, the ones that
        fall clearly behind dropped on the way; no more deals are drawn once one is left, once
        `samples` are played out, or once the clock's time is up (the deal under way when it
        runs out is dropped).

        The deals come in the same order on the clock as with `samples` (a last batch cut short
        aside), so that, without inference, a decision on the clock chooses as one with `samples`
        set to the deals it got through would."""
        rng = random.Random(
            f"{self.seed}:{obs.partida}:{obs.deal}:{obs.seat}:{obs.played_mask}:{obs.hand_mask}"
        )
        race = _Race(len(cands), self.prune)
        try:
            tables = self._tables(obs)
            start = Start(obs)
            deals = _Deals(
                obs, rng, self.inference, clock.stop, self._kernel.module, reading=self.reading
            )
            packed = struct.pack("123d", *tables[0], tables[1], tables[2])
            while not race.over and race.deals < self.samples:
                if clock.expired() or (clock.timed and race.settled()):
                    break
                batch = deals.batch(min(_BATCH, self.samples - race.deals))
                done = 0
                while done < len(batch) and not race.over:
                    # The deals up to the race's next look, played out with the candidates left.
                    chunk = batch[done : done + race.before_the_next_look()]
                    alive = race.alive
                    played = self._kernel.play_deals(
                        start, chunk, [cands[i] for i in alive], start.exact(self.solve_tricks),
                        self.endgame_tricks, packed, clock.stop,
                    )  # fmt: skip
                    if played is None:  # the pure kernel: deal by deal
                        rows, stopped = [], False
                        for hands in chunk:
                            try:
                                row = self._play_out(start, cands, hands, tables, alive, clock.stop)
                            except OutOfTime:
                                stopped = True  # the deal under way dropped
                                break
                            rows.append(row)
                            if clock.expired():
                                stopped = True
                                break
                    else:
                        rows, stopped = played
                    race.add_rows(rows)
                    if stopped:
                        raise OutOfTime
                    done += len(chunk)
        except OutOfTime:
            pass
        self.last_deals = race.deals
        return race

    def _play_out(
        self,
        start: Start,
        cands: list[CardIndex],
        hands: list[Mask],
        tables: _Tables,
        alive: list[int],
        stop: Callable[[], bool] | None = None,
    ) -> list[float]:
        """The value of playing each candidate card still in the race (indices `alive`) in one
        sampled deal to the end (`stop`: the clock's test, handed to the solver)."""
        table, sweep_me, swept_me = tables
        team = start.team
        held = start.held
        voids = start.voids
        exact = start.exact(self.solve_tricks)
        now = start.position(hands)
        kernel = self._kernel
        values: list[float] = []
        for i in alive:
            if stop is not None and values and stop():
                raise OutOfTime
            card = cands[i]
            if exact:
                after = play_cards(now, (card,))
                got = kernel.solve(after, stop)
                mine = after.points[0] + got if team == 0 else 120 - after.points[0] - got
                # `solve` counts points only: a sweep of the points is read as one of tricks.
                value = sweep_me if mine == 120 else swept_me if mine == 0 else table[mine]
            else:
                end = kernel.playout(now, voids, held, card, self.endgame_tricks, stop)
                value = _end_value(end, team, tables)
            values.append(value)
        return values

    def _tables(self, obs: Observation) -> _Tables:
        """The value of ending the deal with each count of own card points (no sweep of
        tricks), then of taking all ten tricks and of losing all ten."""
        team = team_of(obs.seat)
        games = (obs.games[team], obs.games[1 - team])
        partidas = (obs.partidas[team], obs.partidas[1 - team])
        return _value_tables(obs.rules, games, partidas, obs.pending_ties, self.points_weight)


@functools.lru_cache(maxsize=256)
def _value_tables(
    rules: Rules,
    games: tuple[int, int],
    partidas: tuple[int, int],
    pending_ties: int,
    points_weight: float,
) -> _Tables:
    """`SamplingBot._tables()` for a match situation (from the side of the team deciding): a pure
    function of it, remembered for the situations met last (every decision of a deal shares
    one, and every bot of the same options)."""
    eq = Equity(rules, games, partidas, pending_ties)
    low = rules.tiers[-1][0]
    # One 'game': half the swing between winning and losing this deal by the lowest tier.
    swing = eq.after_deal(low, False, False) - eq.after_deal(120 - low, False, False)
    scale = max(swing / 2, 1e-6)
    w = points_weight / 120
    table = [eq.after_deal(x, False, False) / scale + w * (2 * x - 120) for x in range(121)]
    sweep = eq.after_deal(120, True, False) / scale + w * 120
    swept = eq.after_deal(0, False, True) / scale - w * 120
    return table, sweep, swept


class SearchBot(SamplingBot):
    """Level 5: level 4's thinking, deeper, bought with level 4's new speed.

    It plays as [`SamplingBot`][sueca_rules.bots.SamplingBot] does, with more of everything: up to
    1,000 sampled deals before each card (the candidate cards that fall clearly behind are dropped
    on the way, so most cards take far fewer), the last five tricks of the deal solved exactly from
    every sampled deal (every hand in view) instead of the last two, and the last four tricks of
    every play-out solved exactly instead of played by the rules of thumb (`solve_tricks=5`,
    `endgame_tricks=4`: one trick more of each than before the compiled solver, which made them
    affordable; against level 4 on the same 1,000 duplicate deals at 700 samples a card, 60.1% of
    them won instead of 58.5%). It takes the same options as level 4, with these defaults; give it
    a budget (`time_ms=100`: a card in about 100 ms of wall time; or `samples=N` for reproducible
    play).
    """

    level = 5
    """Always 5."""

    default_samples = 1000
    """The deals sampled per card when no budget is given."""
    default_solve_tricks = 5
    """`solve_tricks` when not given (4 before issue 30's compiled solver)."""
    default_endgame_tricks = 4
    """`endgame_tricks` when not given (3 before issue 30's compiled solver)."""


class _Race:
    """The values of candidate cards over sampled deals, as they come; a candidate whose average
    falls behind the leader's by more than `prune` standard errors of their paired difference (after
    `_FIRST_CHECK` deals, then every `_CHECK_EVERY`) leaves the race and is played out no more.

    Each look costs next to nothing: the leader is found from running totals and the paired gaps'
    mean and spread are kept up to date (each deal's gap taken once, the figures of the gaps since
    the last look merged in by Chan's pairwise update), so a decision costs in proportion to its
    deals, not their square. Wherever the running figures cannot tell two choices apart for sure
    (two averages, or a gap and its bound, within a generous bound of their rounding errors), the
    look works them out again from all the values the way it always did, so that the choices are
    exactly those of a look computed from scratch (`tests/test_bots.py` checks them against it).
    """

    def __init__(self, count: int, prune: float) -> None:
        self.alive = list(range(count))
        self.values: list[list[float]] = [[] for _ in range(count)]
        self.deals = 0
        self.prune = prune
        self._totals = [0.0] * count
        """Each candidate's running total of its values (near `sum()`, not always to the bit)."""
        self._sizes = [0.0] * count
        """Each candidate's running total of the sizes of its values (for the totals' error)."""
        self._pairs: dict[tuple[int, int], list[float]] = {}
        """For a pair `(a, b)`, `a < b`, of candidates: `[deals taken, mean, sum of squared
        deviations, largest size]` of the gaps `values[a][j] - values[b][j]`, brought up to
        date when the pair is looked at (the new gaps' figures merged in)."""
        self._alike = True
        """Whether every candidate left has scored as every other in every deal so far."""

    def add(self, values: list[float]) -> None:
        """The values of the candidates still in the race (in `alive` order) in one more deal."""
        self.add_rows([values])

    def add_rows(self, rows: list[list[float]]) -> None:
        """The values of the candidates still in the race (in `alive` order) in several more
        deals, no more than `before_the_next_look()`."""
        if not rows:
            return
        totals = self._totals
        sizes = self._sizes
        columns = list(zip(*rows, strict=True))
        for i, column in zip(self.alive, columns, strict=True):
            self.values[i].extend(column)
            totals[i] += sum(column)
            sizes[i] += sum(map(abs, column))
        if self._alike and any(column != columns[0] for column in columns):
            self._alike = False
        self.deals += len(rows)
        if (
            self.prune
            and len(self.alive) > 1
            and self.deals >= _FIRST_CHECK
            and (self.deals - _FIRST_CHECK) % _CHECK_EVERY == 0
        ):
            self._drop_the_stragglers()

    def before_the_next_look(self) -> int:
        """How many more deals are played out before the next look at the stragglers (the
        candidates left are the same until then)."""
        if not self.prune or len(self.alive) < 2:
            return _MAX_SAMPLES
        if self.deals < _FIRST_CHECK:
            return _FIRST_CHECK - self.deals
        return _CHECK_EVERY - (self.deals - _FIRST_CHECK) % _CHECK_EVERY

    def settled(self) -> bool:
        """Whether, after `_SETTLED` deals or more, every candidate left scored the same as the
        others in every deal (nothing tells them apart)."""
        return self.deals >= _SETTLED and self._alike

    @property
    def over(self) -> bool:
        """Whether one candidate is left: playing on would not change the choice."""
        return len(self.alive) == 1

    def mean(self, i: int) -> float:
        """Candidate `i`'s average value over the deals it was played out in."""
        values = self.values[i]
        return sum(values) / len(values) if values else float("-inf")

    def leader(self) -> int:
        """The candidate left with the best average (of equal ones the first): `max(alive,
        key=(mean(i), -i))`, from the running totals where they tell for sure."""
        alive = self.alive
        totals = self._totals
        best = max(alive, key=lambda i: (totals[i], -i))
        # A total's error is below 2 ** -52 times the sum of its values' sizes times their count;
        # any candidate the running totals put within that of the best is weighed exactly.
        slack = _TOLERANCE * self.deals * max(self._sizes[i] for i in alive)
        close = [i for i in alive if totals[i] >= totals[best] - slack]
        if len(close) == 1:
            return best
        return max(close, key=lambda i: (self.mean(i), -i))

    def _drop_the_stragglers(self) -> None:
        leader = self.leader()
        keep = []
        for i in self.alive:
            if i == leader or not self._behind(leader, i):
                keep.append(i)
        if len(keep) < len(self.alive):
            self.alive = keep
            first = self.values[keep[0]]
            self._alike = all(self.values[i] == first for i in keep[1:])

    def _behind(self, leader: int, other: int) -> bool:
        """Whether `other`'s average is more than `prune` standard errors of the paired gap behind
        `leader`'s (see the class)."""
        key = (leader, other) if leader < other else (other, leader)
        pair = self._pairs.get(key)
        if pair is None:
            pair = self._pairs[key] = [0, 0.0, 0.0, 0.0]
        count, mean, squares, biggest = pair
        n = self.deals
        if count < n:  # the gaps since the last look, merged in (Chan's pairwise update)
            count = int(count)
            first, second = self.values[key[0]], self.values[key[1]]
            gaps = list(map(operator.sub, first[count:n], second[count:n]))
            new = len(gaps)
            new_mean = sum(gaps) / new
            new_squares = max(sum(map(operator.mul, gaps, gaps)) - new * new_mean * new_mean, 0.0)
            step = new_mean - mean
            mean += step * new / n
            squares += new_squares + step * step * count * new / n
            biggest = max(biggest, max(map(abs, gaps)))
            pair[:] = n, mean, squares, biggest
        if key[0] != leader:
            mean = -mean  # the gaps the other way round (a float's difference turns exactly)
        if not biggest:
            return False  # every gap 0: the two tied in every deal
        # Bounds (generous) of how far the running mean and sum of squared deviations, and those
        # computed from scratch, may be from the exact ones.
        mean_error = _TOLERANCE * n * biggest
        squares_error = _TOLERANCE * n * n * biggest * biggest
        root_n = math.sqrt(n)
        if mean + mean_error <= 0:
            return False
        least = self.prune * math.sqrt(max(squares - squares_error, 0.0) / (n - 1))
        most = self.prune * math.sqrt((squares + squares_error) / (n - 1))
        if (mean + mean_error) * root_n < least:
            return False
        if mean - mean_error > 0 and (mean - mean_error) * root_n > most:
            return True
        return _behind_exactly(self.values[leader], self.values[other], self.prune)


_TOLERANCE: Final = 2.0**-46
"""A generous bound of a running figure's relative error per value added, 64 times the rounding
of one addition (see `_Race.leader` and `_Race._behind`)."""


def _behind_exactly(lead: list[float], values: list[float], prune: float) -> bool:
    """`_Race._behind` from all the values (as every look computed it before the running figures):
    the paired gaps' mean above 0 and more than `prune` of their standard errors."""
    gaps = [a - b for a, b in zip(lead, values, strict=True)]
    n = len(gaps)
    mean = sum(gaps) / n
    spread = math.sqrt(sum((g - mean) ** 2 for g in gaps) / (n - 1))
    return mean > 0 and mean * math.sqrt(n) > prune * spread


class _Deals:
    """Sampled deals for one decision, in batches: with inference, each batch is drawn from a pool
    of deals by their likelihood (see `Likelihood`; systematic resampling). The pool grows by
    `_POOL` times the batch at a time until its effective size (the squared sum of the weights
    over the sum of their squares: how many equally likely deals it is worth) reaches the batch's,
    up to `_POOL` such steps; a pool no deal of which explains the rivals' cards is taken as it
    is (the first deals of it). Late in a deal, when at most `_ENUMERATE` deals are consistent
    with what the seat knows, every one is weighed once and the batches are drawn from all of
    them: the exact posterior. `trust`: see `Likelihood` (the bots' is `_TRUST`).
    """

    def __init__(
        self,
        obs: Observation,
        rng: random.Random,
        inference: float,
        stop: Callable[[], bool] | None = None,
        kernel: ModuleType | None = None,
        *,
        trust: float = _TRUST,
        reading: Reading = "rules",
    ) -> None:
        self.stop = stop
        """The clock's test, asked every few deals of a pool (`OutOfTime` when it says stop)."""
        self.rng = rng
        self.sampler = Sampler(obs, kernel)
        self.kernel = kernel
        """The compiled kernel, which draws and weighs the pools where given (the same deals)."""
        self.weigh: Callable[[list[Mask]], float] | None = None
        self.likelihood: tuple[object, ...] | None = None
        """The likelihood as the compiled kernel takes it (see `Likelihood.spec`), or `None`."""
        self.exact: tuple[list[list[Mask]], list[float], float] | None = None
        """Late in a deal: every consistent deal, its weight and their total (the exact
        posterior, which the batches are drawn from)."""
        if inference < 1.0 and obs.played_mask:
            # Each rival read as a mixture (see `Likelihood`): no deal is given up.
            likelihood = Likelihood(
                obs, inference, 0.0, kernel=kernel, trust=trust, searcher=reading == "search"
            )
            self.weigh = likelihood.weight
            self.likelihood = likelihood.spec
            if self.sampler.count() <= _ENUMERATE:
                every = self.sampler.every_deal()
                weights = self._weigh_all(every)
                total = sum(weights)
                if total:
                    self.exact = (every, weights, total)

    def _weigh_all(self, every: list[list[Mask]]) -> list[float]:
        """The weight of each deal of `every` (`OutOfTime` when the clock says stop)."""
        stop = self.stop
        if self.kernel is not None and self.likelihood is not None:
            got: list[float] | None = self.kernel.weigh_deals(self.likelihood, every, stop)
            if got is None:
                raise OutOfTime
            return got
        assert self.weigh is not None
        weights: list[float] = []
        for hands in every:
            if stop is not None and len(weights) % 64 == 63 and stop():
                raise OutOfTime
            weights.append(self.weigh(hands))
        return weights

    def batch(self, count: int) -> list[list[Mask]]:
        """`count` deals."""
        sample = self.sampler.sample
        rng = self.rng
        deal_spec = self.sampler.spec
        if self.weigh is None:
            if self.kernel is not None and deal_spec is not None:
                return self.kernel.sample_deals(deal_spec, count, rng)  # type: ignore[no-any-return]
            return [sample(rng) for _ in range(count)]
        if self.exact is not None:
            return self._resample(*self.exact, count)
        weigh = self.weigh
        stop = self.stop
        pool: list[list[Mask]] = []
        weights: list[float] = []
        total = squares = 0.0
        fast = self.kernel is not None and deal_spec is not None and self.likelihood is not None
        for _ in range(_POOL):
            if fast:  # the loop below in the compiled kernel (the same deals and weights)
                assert self.kernel is not None
                sums = self.kernel.pool_deals(
                    deal_spec, self.likelihood, count * _POOL, rng, stop, pool, weights, total,
                    squares,
                )  # fmt: skip
                if sums is None:
                    raise OutOfTime
                total, squares = sums
                if total and total * total >= count * squares:
                    break
                continue
            for _ in range(count * _POOL):
                if stop is not None and len(weights) % 8 == 7 and stop():
                    raise OutOfTime
                hands = sample(rng)
                weight = weigh(hands)
                pool.append(hands)
                weights.append(weight)
                total += weight
                squares += weight * weight
            if total and total * total >= count * squares:
                break
        if total:
            return self._resample(pool, weights, total, count)
        return pool[:count]

    def _resample(
        self, pool: list[list[Mask]], weights: list[float], total: float, count: int
    ) -> list[list[Mask]]:
        """`_resample()`, in the compiled kernel where given (the same draws and deals)."""
        if self.kernel is not None:
            return self.kernel.resample(pool, weights, total, count, self.rng)  # type: ignore[no-any-return]
        return _resample(pool, weights, total, count, self.rng)


def _resample(
    pool: list[list[Mask]], weights: list[float], total: float, count: int, rng: random.Random
) -> list[list[Mask]]:
    """`count` deals of `pool` drawn by weight (systematic resampling: one random offset, then
    evenly spaced through the running total of the weights)."""
    step = total / count
    target = rng.random() * step
    out: list[list[Mask]] = []
    running = 0.0
    index = -1
    for _ in range(count):
        while running <= target and index < len(pool) - 1:
            index += 1
            running += weights[index]
        out.append(pool[index])
        target += step
    return out


def _end_value(end: Outcome, team: int, tables: _Tables) -> float:
    """What the end of a played-out deal is worth to `team` (see `_tables`). When its last tricks
    were solved for points only (the tricks add up to fewer than ten), all 120 points with no trick
    lost before count as all ten tricks."""
    table, sweep_me, swept_me = tables
    mine = end[team]
    my_tricks = end[2 + team]
    their_tricks = end[3 - team]
    if my_tricks + their_tricks == 10:
        if my_tricks == 10:
            return sweep_me
        if their_tricks == 10:
            return swept_me
    else:
        if mine == 120 and not their_tricks:
            return sweep_me
        if not mine and not my_tricks:
            return swept_me
    return table[mine]


def sampled_deals(
    obs: Observation,
    rng: random.Random,
    inference: float,
    *,
    trust: float = _TRUST,
    reading: Reading = "rules",
) -> _Deals:
    """Level 4 and 5's deals of the unseen cards for one decision, drawn in batches
    (`.batch(count)`) as the bots draw them: for other users of the same sampling (the analysis
    of records, hints, `benchmarks/inference.py`, which tries other `trust`s)."""
    return _Deals(obs, rng, inference, trust=trust, reading=reading)
