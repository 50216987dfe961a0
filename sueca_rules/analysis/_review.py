"""Reviewing a record: every decision replayed through the turn protocol and judged from the
deciding seat's observation (`._values`), its mistakes explained by facts (`._facts`).

The record is replayed deal by deal; each deal is reviewed on its own (with `jobs`, deals are
shared among worker processes, each replaying the record up to its first deal), and the reviews
come back in the record's order. Nothing in a review depends on a card its seat could not see: the
values come from sampled deals of the unseen cards, and the random numbers of each decision from
the review's seed and what the seat saw (`._values.decision_rng`).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Literal, TypeAlias

from .._cards import parse_card
from .._engine import Engine
from .._errors import ConfigError, check_function
from .._match import Match
from .._record import Record, RecordDeal, replay
from .._rules import team_of
from .._text import cut
from .._workers import in_one_process
from ..bots._table import proven_revokers
from ._facts import Fact, card_facts, claim_facts, redeal_facts
from ._values import (
    Settings,
    card_name,
    card_values,
    check_seed,
    claim_values,
    decision_rng,
    redeal_values,
    settings,
)

__all__ = [
    "MISTAKE",
    "Analysis",
    "DealReview",
    "DecisionReview",
    "OptionValue",
    "SeatSummary",
    "analyse",
]

MISTAKE: Final = 5.0
"""The loss, in card points, from which a choice is a mistake."""
_BIGGEST: Final = 3
"""The biggest mistakes a seat's summary names."""
MAX_JOBS: Final = 64

ReviewChoice: TypeAlias = str | bool | int
"""A choice as the contract writes it: a card (`"7H"`), `True`/`False`, or a rival's seat."""
ReviewKind: TypeAlias = Literal["card", "redeal", "claim"]
"""The kinds of decision a review judges (the dealer's choice of the top or the bottom card is
made before any card is seen, is worth the same either way, and is not in a record)."""


@dataclass(frozen=True, slots=True)
class OptionValue:
    """One option of a decision and its value."""

    choice: ReviewChoice
    """The option: a card (`"7H"`), `True`/`False`, or a rival's seat (a claim naming it)."""
    value: float
    """The expected card points (0-120) of the deciding seat's team at the end of the deal after
    this option, to one decimal."""


@dataclass(frozen=True, slots=True)
class DecisionReview:
    """One decision of a record, judged."""

    deal: int
    """The deal's number in the record, from 1."""
    after: int
    """The cards of the deal played before the decision (0-40)."""
    seat: int
    """The deciding seat."""
    decision: ReviewKind
    """What it decided: `"card"`, `"redeal"` or `"claim"`."""
    played: ReviewChoice
    """What it chose."""
    options: tuple[OptionValue, ...]
    """Every option, with its value."""
    best: ReviewChoice
    """The option with the highest value (the one played when it is as good)."""
    loss: float
    """The best option's value minus the played one's (0 or more; 0 with one option)."""
    facts: tuple[Fact, ...] = ()
    """What explains a mistake (empty unless `loss` is at least `MISTAKE`)."""

    @property
    def mistake(self) -> bool:
        """Whether the loss is 5 card points or more."""
        return self.loss >= MISTAKE

    @property
    def value(self) -> float:
        """The value of the option played."""
        return next(o.value for o in self.options if _same(o.choice, self.played))

    def to_data(self) -> dict[str, Any]:
        """The decision in the contract's JSON layout."""
        return {
            "after": self.after,
            "seat": self.seat,
            "decision": self.decision,
            "played": self.played,
            "options": [{"choice": o.choice, "value": o.value} for o in self.options],
            "best": self.best,
            "loss": self.loss,
        }


@dataclass(frozen=True, slots=True)
class DealReview:
    """The decisions of one deal, judged, in the order they were made."""

    deal: int
    """The deal's number in the record, from 1."""
    decisions: tuple[DecisionReview, ...]
    """Its decisions (only the reviewed seat's with `seat=`)."""
    points: tuple[int, int] | None = None
    """The card points team 0 and team 1 took, or `None` for a deal asked away (a new deal) or
    not finished (a record saved part-way)."""
    redeal: int | None = None
    """The seat that asked for a new deal, or `None`."""


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """One seat's decisions over the whole record."""

    seat: int
    decisions: int
    """How many decisions it made."""
    loss: float
    """Their total loss, in card points."""
    mistakes: int
    """How many of them lost 5 card points or more."""
    biggest: tuple[DecisionReview, ...] = ()
    """Its biggest mistakes, the biggest first (at most three)."""

    def to_data(self) -> dict[str, Any]:
        """The summary in the contract's JSON layout."""
        return {
            "seat": self.seat,
            "decisions": self.decisions,
            "loss": self.loss,
            "mistakes": self.mistakes,
        }


@dataclass(frozen=True, slots=True)
class Analysis:
    """The review of a record: [`analyse()`][sueca_rules.analysis.analyse] makes one."""

    deals: tuple[DealReview, ...]
    seats: tuple[SeatSummary, ...]
    level: int = 5
    seed: int | str = 0
    variant: str = field(default="")
    """The variant's name."""

    def decisions(self) -> Iterator[DecisionReview]:
        """Every decision judged, deal by deal."""
        for deal in self.deals:
            yield from deal.decisions

    def to_data(self) -> dict[str, Any]:
        """The review in the contract's JSON layout (`sueca analyse --json`)."""
        return {
            "deals": [
                {"deal": d.deal, "decisions": [x.to_data() for x in d.decisions]}
                for d in self.deals
            ],
            "seats": [s.to_data() for s in self.seats],
        }


def _same(a: object, b: object) -> bool:
    return type(a) is type(b) and a == b


# --- one decision ---------------------------------------------------------------------------


def _judged(
    number: int,
    after: int,
    seat: int,
    kind: ReviewKind,
    played: ReviewChoice,
    values: Sequence[tuple[ReviewChoice, float]],
) -> DecisionReview:
    options = tuple(OptionValue(c, round(min(120.0, max(0.0, v)), 1)) for c, v in values)
    mine = next(o for o in options if _same(o.choice, played))
    top = max(o.value for o in options)
    best = mine if mine.value >= top else next(o for o in options if o.value == top)
    loss = round(best.value - mine.value, 1) if len(options) > 1 else 0.0
    return DecisionReview(number, after, seat, kind, played, options, best.choice, loss)


def _with_facts(review: DecisionReview, facts: list[Fact]) -> DecisionReview:
    return DecisionReview(
        review.deal, review.after, review.seat, review.decision, review.played,
        review.options, review.best, review.loss, tuple(facts),
    )  # fmt: skip


def _card_review(
    match: Engine, number: int, card: int, config: Settings, seed: int | str
) -> DecisionReview:
    seat = match.turn
    assert seat is not None
    obs = match.observation(seat)
    values = card_values(obs, config, decision_rng(seed, "card", obs))
    listed: list[tuple[ReviewChoice, float]] = [
        (card_name(int(c)), values[int(c)]) for c in obs.legal
    ]
    if card not in values:  # a renúncia: the deal lost once a rival claims it
        listed.append((card_name(card), 0.0))
    review = _judged(number, len(match.plays), seat, "card", card_name(card), listed)
    if review.mistake:
        if card in values:
            best = parse_card(str(review.best))
            facts = card_facts(obs, card, int(best), review.loss)
        else:
            facts = [
                Fact("revoked", card_name(card)),
                Fact("better", card_name(card), str(review.best), loss=review.loss),
            ]
        review = _with_facts(review, facts)
    return review


def _redeal_review(
    match: Engine, number: int, seat: int, asked: bool, config: Settings, seed: int | str
) -> DecisionReview:
    obs = match.observation(seat)
    values = redeal_values(obs, config, decision_rng(seed, "redeal", obs))
    review = _judged(
        number, 0, seat, "redeal", asked, [(False, values[False]), (True, values[True])]
    )
    if review.mistake:
        points = sum(c.points for c in obs.hand)
        review = _with_facts(review, redeal_facts(asked, points, review.loss, max(values.values())))
    return review


def _claim_review(
    match: Engine, number: int, seat: int, claimed: bool | int, config: Settings, seed: int | str
) -> DecisionReview:
    obs = match.observation(seat)
    rules = obs.rules
    options: tuple[bool | int, ...] = (
        (False, *(s for s in range(4) if team_of(s) != team_of(seat)))
        if rules.accuse_player
        else (False, True)
    )
    values = claim_values(obs, options, config, decision_rng(seed, "claim", obs))
    after = len(match.plays)
    review = _judged(number, after, seat, "claim", claimed, [(o, values[o]) for o in options])
    if review.mistake:
        review = _with_facts(review, claim_facts(obs, claimed))
    return review


# --- one deal ---------------------------------------------------------------------------


def review_deal(
    match: Engine,
    index: int,
    deal: RecordDeal,
    config: Settings,
    seed: int | str,
    seat: int | None,
    tick: Callable[[], None] | None = None,
) -> DealReview:
    """Deal `deal` (the `index`-th of the record, from 0) into `match` (waiting for it), replay it
    decision by decision and judge each decision of `seat` (every seat's when `None`). `tick` is
    called after each card."""
    number = index + 1
    wanted = (lambda s: True) if seat is None else (lambda s: s == seat)
    match.deal_hands(deal.hands, deal.trump_card)
    out: list[DecisionReview] = []
    if deal.redeal is None and not deal.plays and not deal.claims:
        # The last deal of a record saved before its first card (any other deal holds at least
        # a card, a claim or a redeal): no hand was kept yet, so no decision to judge.
        return DealReview(number, (), None, None)
    while match.phase == "redeal":
        asked_seat = match.turn
        assert asked_seat is not None
        asked = asked_seat == deal.redeal
        if match.may_redeal(asked_seat) and wanted(asked_seat):
            out.append(_redeal_review(match, number, asked_seat, asked, config, seed))
        if asked:
            match.redeal(asked_seat)
            return DealReview(number, tuple(out), None, asked_seat)
        match.keep_hand(asked_seat)
    claims = sorted(deal.claims, key=lambda c: c.after)
    next_claim = 0
    proof_seen: set[int] = set()
    claimable = match.rules.revoke_claimable
    plays = deal.plays
    for k in range(len(plays) + 1):
        claimed_now: set[int] = set()
        while next_claim < len(claims) and claims[next_claim].after == k:
            claim = claims[next_claim]
            next_claim += 1
            claimed_now.add(claim.by)
            if wanted(claim.by):
                said: bool | int = (
                    claim.against
                    if match.rules.accuse_player and claim.against is not None
                    else True
                )
                out.append(_claim_review(match, number, claim.by, said, config, seed))
            match.claim(claim.by, claim.against)
        if match.phase not in ("play", "count"):
            break
        if claimable and k:
            for s in range(4):
                if s in proof_seen or s in claimed_now or not wanted(s):
                    continue
                if proven_revokers(match.observation(s)):
                    proof_seen.add(s)
                    out.append(_claim_review(match, number, s, False, config, seed))
        if k == len(plays):
            break
        card = int(parse_card(plays[k]))
        if wanted(match.turn if match.turn is not None else -1):
            out.append(_card_review(match, number, card, config, seed))
        match.play(card)
        if tick is not None:
            tick()
    if match.phase == "count":
        match.score_deal()
    if match.phase == "play":  # a record saved part-way: its last deal is unfinished
        return DealReview(number, tuple(out), None, None)
    return DealReview(number, tuple(out), match.deals[-1].points, None)


# --- a whole record -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Task:
    data: dict[str, Any]
    base_dir: str | None
    first: int
    last: int
    config: Settings
    seed: int | str
    seat: int | None


def _match_before(record: Record, base_dir: str | None, first: int) -> Match:
    data = record.to_data()
    head = Record.model_validate({**data, "deals": data["deals"][:first]})
    return replay(Match, head, base_dir=base_dir if base_dir is not None else Path.cwd())


def _run(task: _Task) -> list[DealReview]:
    record = Record.model_validate(task.data)
    match = _match_before(record, task.base_dir, task.first)
    return [
        review_deal(match, i, record.deals[i], task.config, task.seed, task.seat)
        for i in range(task.first, task.last)
    ]


def _can_spawn() -> bool:
    """Whether worker processes can start: a spawned worker imports the main module again from
    its file, which a program read from standard input (`python -`) does not have (its workers
    would fail to start over and over). Without workers the review is the same, in one process."""
    main = sys.modules.get("__main__")
    path = getattr(main, "__file__", None)
    return path is None or Path(path).is_file()


def _quiet_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle


Progress = Callable[[int, int], None]
"""`progress(done, total)`: cards of the record reviewed so far, out of all of them."""


def analyse(
    record: Record,
    *,
    level: int = 5,
    seat: int | None = None,
    seed: int | str = 0,
    jobs: int = 1,
    samples: int | None = None,
    progress: Progress | None = None,
    deals: Iterable[int] | None = None,
) -> Analysis:
    """Judge every decision of `record` (or only `seat`'s) with the information its seat had.

    Each option's value is the expected card points of the deciding seat's team at the end of the
    deal after it (see the module `sueca_rules.analysis`); `level` (1-5, default 5) sets the effort,
    `samples` the deals sampled per decision instead of the level's count. The result is the same
    for the same record, level, samples and `seed`, whatever `jobs` (worker processes, 1 to 64).
    `progress(done, total)` is called as the cards are reviewed. `deals` (numbers from 1) reviews
    only those deals of the record (each judged as in the whole review). A record that does not
    replay is a [`RecordError`][sueca_rules.RecordError]; a bad argument a `ConfigError`.
    """
    if not isinstance(record, Record):
        how = ""
        if isinstance(record, Engine):
            how = ": Match.to_record() is a match's record"
        elif isinstance(record, str | os.PathLike):
            how = ": read a record file with load_record(path)"
        raise ConfigError(f"analyse() reviews a Record, not {type(record).__name__}{how}")
    config = settings(level, samples)
    if seat is not None and (type(seat) is not int or seat not in range(4)):
        raise ConfigError(f"seat must be a whole number 0 to 3, not {seat!r}")
    check_seed(seed)
    check_function(progress, "progress")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= MAX_JOBS:
        raise ConfigError(f"jobs must be a whole number from 1 to {MAX_JOBS}, not {jobs!r}")
    base = record._base_dir
    base_dir = str(base) if base is not None else None
    whole = replay(
        Match,
        record,
        base_dir=base_dir if base_dir is not None else Path.cwd(),
        allow_unfinished=True,
    )
    runs = _runs(_chosen(deals, len(record.deals)))
    total = sum(len(record.deals[i].plays) for a, b in runs for i in range(a, b))
    done = 0
    reviews: list[DealReview] = []
    count = sum(b - a for a, b in runs)
    if jobs == 1 or count <= 1 or not _can_spawn() or in_one_process("analyse()", jobs):

        def tick() -> None:
            nonlocal done
            done += 1
            if progress is not None:
                progress(done, total)

        for first, last in runs:
            match = _match_before(record, base_dir, first)
            for i in range(first, last):
                reviews.append(review_deal(match, i, record.deals[i], config, seed, seat, tick))
    else:
        size = max(1, -(-count // (jobs * 4)))
        data = record.to_data()
        tasks = [
            _Task(data, base_dir, a, min(a + size, last), config, seed, seat)
            for first, last in runs
            for a in range(first, last, size)
        ]
        context = multiprocessing.get_context("spawn")
        pool = context.Pool(min(jobs, len(tasks)), initializer=_quiet_worker)
        try:
            for part in pool.imap(_run, tasks):
                reviews.extend(part)
                done += sum(len(record.deals[r.deal - 1].plays) for r in part)
                if progress is not None:
                    progress(done, total)
            pool.close()
        except BaseException:
            pool.terminate()
            raise
        finally:
            pool.join()
    return Analysis(tuple(reviews), _summaries(reviews), level, seed, whole.variant.name)


def _chosen(deals: Iterable[int] | None, count: int) -> list[int]:
    """The indices (from 0) of the deals to review: `deals` (numbers from 1), or every one."""
    if deals is None:
        return list(range(count))
    if isinstance(deals, str | bytes) or not isinstance(deals, Iterable):
        raise ConfigError(
            f"deals must be deal numbers (a list such as [1, 3]) or None, not {cut(repr(deals))}"
        )
    chosen = set()
    for number in deals:
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= count:
            raise ConfigError(
                f"deals are numbered 1 to {count} in this record, not {number!r}"
                if count
                else "this record has no deal to review"
            )
        chosen.add(number - 1)
    if not chosen:
        raise ConfigError("deals names no deal: give at least one deal number")
    return sorted(chosen)


def _runs(indices: Sequence[int]) -> list[tuple[int, int]]:
    """Sorted indices as runs of consecutive ones, `[first, last)` each."""
    runs: list[tuple[int, int]] = []
    for i in indices:
        if runs and runs[-1][1] == i:
            runs[-1] = (runs[-1][0], i + 1)
        else:
            runs.append((i, i + 1))
    return runs


def _summaries(reviews: Sequence[DealReview]) -> tuple[SeatSummary, ...]:
    by_seat: dict[int, list[DecisionReview]] = {}
    for deal in reviews:
        for d in deal.decisions:
            by_seat.setdefault(d.seat, []).append(d)
    out = []
    for s in sorted(by_seat):
        decisions = by_seat[s]
        mistakes = sorted((d for d in decisions if d.mistake), key=lambda d: -d.loss)
        out.append(
            SeatSummary(
                s,
                len(decisions),
                round(sum(d.loss for d in decisions), 1),
                len(mistakes),
                tuple(mistakes[:_BIGGEST]),
            )
        )
    return tuple(out)
