"""What a study is, and playing one unit of it.

A *unit* is deal (or match) number `index` of a study: played once, or twice in duplicate (the same
cards, the teams' seats swapped), under each of the study's variants in turn. Its cards come from
the study's seed and `index` alone, and its bots are seeded from the seed, `index` and their seat,
so a unit is the same wherever and whenever it is played: that is what lets a study be sharded over
processes or machines, retried and resumed without changing its figures.

The cards of a deal are those of the unit's `k`-th *played* deal, whatever was redealt before it:
a weak hand sent back (`deal.redeal`) is dealt again from the next attempt of the same `k`. The
two plays of a duplicate pair may redeal differently (their bots sit on other seats), and so may
two variants; both still see the same cards deal by deal (see `deal_cards()`).
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Literal

from .._cards import cards_from_mask
from .._engine import shuffled_deal
from .._rules import Rules

if TYPE_CHECKING:
    from .._cards import Card
    from .._events import DealResult, TrumpSide
    from .._match import Match, Observation
    from .._variant import Variant
    from ..bots import Bot

__all__ = [
    "MAX_DEALS_PER_MATCH",
    "SECONDS_PER_CARD",
    "SECONDS_PER_DEAL",
    "Mode",
    "Study",
    "Tally",
    "Timing",
    "deal_cards",
    "deal_seed",
    "play_and_keep",
    "play_unit",
]

Mode = Literal["deals", "matches"]

MAX_DEALS_PER_MATCH: Final = 1000
"""A match still going after this many deals (redeals included) is stopped and counted as
unfinished, so that no study can loop for ever, whatever the variant (say ties that carry
nothing under a target no deal can reach, or weak hands redealt again and again). No built-in
variant comes near: their matches last tens of deals."""

SECONDS_PER_CARD: Final = 4
"""Minutes of play are a model of a table of people: this many seconds a card played…"""
SECONDS_PER_DEAL: Final = 90
"""…and this many a deal for shuffling, cutting, dealing and counting the points."""

# Card timings are kept in a log-spaced histogram (constant memory however many cards are
# played, and mergeable across processes): 200 bins per decade from 1 µs to 1000 s, so the
# median is exact to about ±0.6%.
_BINS_PER_DECADE: Final = 200
_LOW_MS: Final = 1e-3
_NBINS: Final = 9 * _BINS_PER_DECADE


@dataclass(frozen=True, slots=True)
class Study:
    """What a worker needs to play any unit of a study (picklable)."""

    variants: tuple[Variant, ...]
    teams: tuple[int, int]
    options: tuple[dict[str, Any], dict[str, Any]]
    seed: int | str
    mode: Mode
    duplicate: bool

    @property
    def stronger(self) -> int | None:
        """The team of the higher bot level (`None` when both are of the same level)."""
        a, b = self.teams
        return None if a == b else (0 if a > b else 1)


def unit_seed(study: Study, index: int) -> str:
    """The seed of the cards (and, with the seat, of the bots) of unit `index`."""
    return f"{study.seed}:{study.mode}:{index}"


@dataclass(slots=True)
class Timing:
    """Bot decision times of one team: count, sum and a sparse log histogram (ms)."""

    cards: int = 0
    total_ms: float = 0.0
    bins: dict[int, int] = field(default_factory=dict)

    def add(self, ms: float) -> None:
        self.cards += 1
        self.total_ms += ms
        b = 0 if ms <= _LOW_MS else int(math.log10(ms / _LOW_MS) * _BINS_PER_DECADE)
        b = min(b, _NBINS - 1)
        self.bins[b] = self.bins.get(b, 0) + 1

    def merge(self, other: Timing) -> None:
        self.cards += other.cards
        self.total_ms += other.total_ms
        for b, n in other.bins.items():
            self.bins[b] = self.bins.get(b, 0) + n

    def mean(self) -> float:
        return self.total_ms / self.cards if self.cards else 0.0

    def median(self) -> float:
        if not self.cards:
            return 0.0
        half = (self.cards + 1) / 2
        seen = 0
        for b in sorted(self.bins):
            seen += self.bins[b]
            if seen >= half:
                # The geometric middle of the bin.
                return float(_LOW_MS * 10 ** ((b + 0.5) / _BINS_PER_DECADE))
        return 0.0  # pragma: no cover - unreachable

    def to_state(self) -> list[Any]:
        return [self.cards, self.total_ms, sorted(self.bins.items())]

    @classmethod
    def from_state(cls, state: list[Any]) -> Timing:
        cards, total, bins = state
        return cls(int(cards), float(total), {int(b): int(n) for b, n in bins})


# The integer counts of a Tally, in the order of its fields.
COUNTS: Final = (
    "deals",
    "wins0",
    "wins1",
    "ties",
    "points0",
    "points1",
    "margin_squares",
    "capotes0",
    "capotes1",
    "bandeiras0",
    "bandeiras1",
    "revokes",
    "claims",
    "redeals",
    "carried",
    "leader_halves",
    "games",
    "cards",
    "matches",
    "match_wins0",
    "match_wins1",
    "unfinished",
    "partidas",
    "stronger_wins",
)


@dataclass(slots=True)
class Tally:
    """What one or more plays gave, as integers from the teams' point of view (team 0 = the bots of
    level `teams[0]`)."""

    deals: int = 0
    wins0: int = 0
    wins1: int = 0
    ties: int = 0
    points0: int = 0
    points1: int = 0
    margin_squares: int = 0
    """The sum over deals of (team 0's points - team 1's)²."""
    capotes0: int = 0
    capotes1: int = 0
    bandeiras0: int = 0
    bandeiras1: int = 0
    revokes: int = 0
    """Deals ended by a renúncia claim."""
    claims: int = 0
    """Deals in which a renúncia claim was made (right or wrong)."""
    redeals: int = 0
    """Deals ended by a redeal before the first card (not counted in `deals`)."""
    carried: int = 0
    """Deals won while 60-60 ties were pending."""
    leader_halves: int = 0
    """Twice the deal score of the team that led the first trick (a 60-60 scores 1)."""
    games: int = 0
    """Games awarded, both teams together."""
    cards: int = 0
    matches: int = 0
    match_wins0: int = 0
    match_wins1: int = 0
    unfinished: int = 0
    """Matches stopped at `MAX_DEALS_PER_MATCH` deals."""
    partidas: int = 0
    """Partidas finished."""
    stronger_wins: int = 0
    """Matches won by the team of the higher bot level."""
    partida_deals: list[int] = field(default_factory=list)
    """The deals of each partida finished."""
    partida_seconds: list[int] = field(default_factory=list)
    """The modelled seconds of play of each partida finished."""
    timing: tuple[Timing, Timing] = field(default_factory=lambda: (Timing(), Timing()))

    def add(self, other: Tally) -> None:
        for name in COUNTS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.partida_deals.extend(other.partida_deals)
        self.partida_seconds.extend(other.partida_seconds)
        for t in (0, 1):
            self.timing[t].merge(other.timing[t])

    @property
    def score_halves(self) -> int:
        """Twice team 0's deal score (a win 2, a 60-60 1)."""
        return 2 * self.wins0 + self.ties

    @property
    def seconds(self) -> int:
        """Modelled seconds of play (see `SECONDS_PER_CARD`)."""
        return SECONDS_PER_CARD * self.cards + SECONDS_PER_DEAL * self.deals


def _make_bots(study: Study, base: str, team_of: tuple[int, ...]) -> list[Bot]:
    from ..bots import make_bot

    return [
        make_bot(study.teams[team_of[s]], seed=f"{base}:seat{s}", **study.options[team_of[s]])
        for s in range(4)
    ]


class _Timed:
    """A bot whose card choices are timed into its team's `Timing`; its other decisions (the
    dealer's trump, a redeal, claims) are the bot's own, untimed."""

    def __init__(self, bot: Bot, timing: Timing) -> None:
        self._bot = bot
        self._timing = timing

    def choose(self, observation: Observation) -> Card:
        start = time.perf_counter()
        card = self._bot.choose(observation)
        self._timing.add((time.perf_counter() - start) * 1000.0)
        return card

    def __getattr__(self, name: str) -> Any:
        # choose_trump, wants_redeal, claim: only if the bot has them (the driver asks).
        return getattr(self._bot, name)


def deal_seed(base: str, number: int, attempt: int) -> str:
    """The seed of the cards of the unit's played deal `number` (from 1), dealt for the `attempt`-th
    time (0, then 1, 2… after weak hands sent it back). Attempt 0 is the seed the engine shuffles
    its deal `number` from (`Match.deal_random()`), so where no deal is redealt the cards are the
    engine's own."""
    return f"{base}:deal:{number}" if attempt == 0 else f"{base}:deal:{number}:again:{attempt}"


def deal_cards(
    rules: Rules, dealer: int, side: TrumpSide | None, seed: str
) -> tuple[list[list[int]], int]:
    """The hands (by seat) and the turned card of a deal shuffled from `seed`, dealt by `dealer` as
    `Match.deal_random()` deals (the engine's `shuffled_deal`): in the variant's order, and under
    `dealer_choice` by the dealer's `side`."""
    masks, turned = shuffled_deal(rules, dealer, None if side is None else side == "top", seed)
    return [[int(card) for card in cards_from_mask(mask)] for mask in masks], turned


def _dealer_side(match: Match, bots: list[Bot]) -> TrumpSide | None:
    """The dealer's choice of trump card under `dealer_choice` (else `None`), asked of its bot as
    the driver asks it, on a copy of the match."""
    if not match.rules.trump_dealer_choice:
        return None
    probe = match.clone()
    probe.deal_random()  # phase "trump": the dealer chooses before any card is dealt
    from ..bots import trump_side

    dealer = match.dealer
    return trump_side(bots[dealer], probe.observation(dealer))


def _play_deal(match: Match, bots: list[Bot], base: str, number: int, attempt: int) -> DealResult:
    """Deal the unit's played deal `number` for the `attempt`-th time and make every decision of it
    with `bots` (trump, redeal questions, cards, claims, the count) until it ends; returns how it
    ended."""
    from ..bots import advance

    if attempt == 0 and len(match.deals) + 1 == number:
        match.deal_random()  # nothing redealt yet: the engine deals these very cards
    else:
        seed = deal_seed(base, number, attempt)
        match.deal_hands(*deal_cards(match.rules, match.dealer, _dealer_side(match, bots), seed))
    while match.phase not in ("deal", "over"):
        advance(match, bots)
    return match.deals[-1]


def _score_deal(
    result: DealResult, rules: Rules, team_of: tuple[int, ...], swap: int, pending: int, t: Tally
) -> None:
    """Add `result`, a deal played (not redealt), to `t`."""
    leader_team = team_of[rules.first_leader(result.dealer)]
    team = result.team
    t.leader_halves += 1 if team is None else 2 * (team_of[team] == leader_team)
    t.claims += bool(result.claims)
    points = (result.points[swap], result.points[1 - swap])
    t.deals += 1
    t.points0 += points[0]
    t.points1 += points[1]
    t.margin_squares += (points[0] - points[1]) ** 2
    t.cards += len(result.plays)
    t.games += sum(result.games)
    if result.result == "revoke":
        t.revokes += 1
    if result.team is None:
        t.ties += 1
        return
    scorer = team_of[result.team]
    if scorer == 0:
        t.wins0 += 1
    else:
        t.wins1 += 1
    if result.bandeira:
        if scorer == 0:
            t.bandeiras0 += 1
        else:
            t.bandeiras1 += 1
    if result.result == "won":
        if rules.is_capote(points[scorer], result.bandeira):
            if scorer == 0:
                t.capotes0 += 1
            else:
                t.capotes1 += 1
        if pending > 0:
            t.carried += 1


def play_once(study: Study, variant: Variant, index: int, swap: int) -> Tally:
    """Play unit `index` once under `variant`, team 0 on seats `swap` and `swap + 2`."""
    return play_and_keep(study, variant, index, swap)[0]


def play_and_keep(study: Study, variant: Variant, index: int, swap: int) -> tuple[Tally, Match]:
    """`play_once()`, and the match it played."""
    from .._match import Match

    base = unit_seed(study, index)
    match = Match(variant, seed=base, first_dealer=index % 4, deal=False)
    rules = match.rules
    # Seat s belongs to team (s + swap) % 2: team 0 on seats 0/2 when swap is 0.
    team_of = tuple((s + swap) % 2 for s in range(4))
    tally = Tally()
    bots: list[Bot] = [
        _Timed(bot, tally.timing[team_of[s]])
        for s, bot in enumerate(_make_bots(study, base, team_of))
    ]
    partida_start = (0, 0)  # (deals, seconds) when the current partida began
    played = attempt = 0  # deals played (not redealt); redeals of the next one so far
    while True:
        if len(match.deals) >= MAX_DEALS_PER_MATCH:
            tally.unfinished += 1
            break
        pending = match.pending_ties
        partida = match.partida
        result = _play_deal(match, bots, base, played + 1, attempt)
        if not result.played:
            tally.redeals += 1
            attempt += 1
            continue  # the same deal dealt again (deals mode too)
        played += 1
        attempt = 0
        _score_deal(result, rules, team_of, swap, pending, tally)
        if study.mode == "matches" and (match.partida != partida or match.is_over):
            tally.partidas += 1
            tally.partida_deals.append(tally.deals - partida_start[0])
            tally.partida_seconds.append(tally.seconds - partida_start[1])
            partida_start = (tally.deals, tally.seconds)
        if study.mode == "deals" or match.is_over:
            break
    if study.mode == "matches":
        tally.matches += 1
        if match.winner is not None:
            winner = team_of[match.winner]
            tally.match_wins0 += winner == 0
            tally.match_wins1 += winner == 1
            tally.stronger_wins += winner == study.stronger
    return tally, match


def play_unit(study: Study, index: int) -> tuple[tuple[Tally, ...], ...]:
    """Unit `index` under each variant of the study: for each, its plays (one, or two in duplicate
    with the seats swapped)."""
    swaps = (0, 1) if study.duplicate else (0,)
    return tuple(
        tuple(play_once(study, variant, index, swap) for swap in swaps)
        for variant in study.variants
    )
