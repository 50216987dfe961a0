"""The rule facts of Sueca, each in one place.

Two kinds of fact live here:

- **Card play, the same under every variant**: which cards may be played to a trick
  (`legal_mask()`), which card takes a trick (`beats()`, `BEATS`, `trick_winner()`), teams and
  partners (`team_of()`, `partner()`), and what a capote is (`CAPOTE_POINTS`).
- **A variant's rules as plain numbers**: a `Rules` is compiled once from a `Variant` and never
  changes; the engine, the bots, the simulator and every front end (rules cards, the terminal game,
  the web table) ask it rather than recompute, so pydantic never sits on the hot path and a rule is
  written once.

The play-out kernel (`sueca_rules._kernel`) inlines some of these facts in its hot loops for speed;
`tests/test_kernel.py` checks it against `Match`, which asks them here.
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from ._cards import SUIT_MASKS
from ._errors import ConfigError
from ._events import Claim, Revoke
from ._public import public
from ._text import cut
from ._variant import Variant

__all__ = [
    "BEATS",
    "CAPOTE_POINTS",
    "MAX_CLAIMS",
    "MAX_DEAL_GAMES",
    "TIE_ADD",
    "TIE_MULTIPLY",
    "TIE_NONE",
    "Rules",
    "SeatRole",
    "beats",
    "check_seat",
    "claim_catches",
    "compiled_rules",
    "is_seat",
    "legal_mask",
    "partner",
    "team_of",
    "trick_winner",
]

# --- card play (every variant) ------------------------------------------------------------


def legal_mask(hand: int, trick: Sequence[int]) -> int:
    """The cards of `hand` (a 40-bit mask) that follow the rules when played to `trick` (its cards
    so far, in play order): the cards of the suit led if the hand holds any, otherwise the whole
    hand. There is no duty to trump or to beat the cards played."""
    if trick:
        follow = hand & SUIT_MASKS[trick[0] // 10]
        if follow:
            return follow
    return hand


def beats(card: int, best: int, trump: int) -> bool:
    """Whether `card` takes the trick from `best`, the card winning it so far: a higher card of the
    same suit, or a trump on a card that is not a trump."""
    suit = card // 10
    best_suit = best // 10
    return (suit == best_suit and card > best) or (suit == trump and best_suit != trump)


def _beats_table(trump: int) -> bytes:
    return bytes(beats(card, best, trump) for best in range(40) for card in range(40))


BEATS: Final[tuple[bytes, bytes, bytes, bytes]] = (
    _beats_table(0),
    _beats_table(1),
    _beats_table(2),
    _beats_table(3),
)
"""`beats()` as a table for hot loops: `BEATS[trump][best * 40 + card]` is 1 when `card` takes the
trick from `best`."""


def trick_winner(trick: Sequence[int], leader: int, trump: int, next_seat: Sequence[int]) -> int:
    """The seat winning `trick` (its cards in play order, led by `leader`) so far: the highest
    trump, otherwise the highest card of the suit led. `next_seat` is `Rules.next_seat`."""
    table = BEATS[trump]
    best = trick[0]
    best_seat = seat = leader
    for card in trick[1:]:
        seat = next_seat[seat]
        if table[best * 40 + card]:
            best = card
            best_seat = seat
    return best_seat


SeatRole = Literal["you", "partner", "right", "left"]
"""A seat as one player sees it: themselves, their partner (opposite), the rival on their
right, the rival on their left (see [`Rules.seat_role()`][sueca_rules.Rules.seat_role])."""


def team_of(seat: int) -> int:
    """The team of `seat`: team 0 is seats 0 and 2, team 1 is seats 1 and 3."""
    return seat & 1


def partner(seat: int) -> int:
    """The partner of `seat`, who sits opposite."""
    return seat ^ 2


MAX_CLAIMS: Final = 160
"""The most renúncia claims one deal may hold. Under `false_claim: ignored` a claim changes
nothing, and a table could otherwise claim for ever; 160 is far more than any real deal."""

MAX_DEAL_GAMES: Final = 10**18
"""The most games one deal can award a team. Ties that multiply (`tie.mode: multiply`) could
otherwise make numbers too large to print; any deal worth this many games already wins the partida
under every variant (`target_games` is at most 1000), and the cap fits a signed 64-bit integer, so
that every program reading a report can hold it."""


def claim_catches(claim: Claim, revokes: Iterable[Revoke]) -> Revoke | None:
    """The renúncia a claim catches: the first revoke made by the card `claim.after` or earlier by a
    player of the other team (the player named by `claim.against`, when the claim names one), or
    `None` for a false claim."""
    team = team_of(claim.by)
    for revoke in revokes:
        if (
            revoke.play <= claim.after
            and team_of(revoke.seat) != team
            and (claim.against is None or revoke.seat == claim.against)
        ):
            return revoke
    return None


CAPOTE_POINTS: Final = 91
"""A capote: a deal won with at least this many card points (the losers kept to 29 or fewer)
that is not a bandeira. It is a fact of the game, whatever games the variant's tiers give it."""


# --- a variant compiled -----------------------------------------------------------------

TIE_NONE = 0
TIE_ADD = 1
TIE_MULTIPLY = 2
_TIE_MODES = {"none": TIE_NONE, "add": TIE_ADD, "multiply": TIE_MULTIPLY}
_LEADER_STEPS = {"after_dealer": 1, "dealer": 0, "before_dealer": 3}
"""`Rules.first_leader_steps` for each `table.first_leader`."""


def is_seat(seat: object) -> bool:
    """Whether `seat` is a seat: a whole number 0..3 (not a bool or a float)."""
    return type(seat) is int and 0 <= seat <= 3


def check_seat(seat: object, what: str = "a seat") -> int:
    """`seat` if it is a seat (a whole number 0..3, not a bool or a float); else a `ConfigError`
    that says what was given."""
    if not is_seat(seat):
        hint = " (a NumPy integer: give int(seat))" if numpy_like_int(seat) else ""
        raise ConfigError(f"{what} is a whole number 0..3, not {seat!r}{hint}")
    assert isinstance(seat, int)
    return seat


def numpy_like_int(value: object) -> bool:
    """Whether `value` is a whole number that is not Python's own `int` (NumPy's `int64` ...)."""
    return not isinstance(value, int) and hasattr(type(value), "__index__")


def plain_int(value: object) -> object:
    """`value` as Python's own `int` when it is another kind of whole number (NumPy's `int64`,
    as `Generator.integers()` or `argmax` gives), so that a seed, a seat or a card number drawn
    with NumPy counts alike; anything else (an array too) as it is, for the caller to check."""
    if numpy_like_int(value):
        try:
            return operator.index(value)  # type: ignore[arg-type]  # __index__ is there
        except TypeError:  # an array of many, or of fractions
            return value
    return value


@dataclass(frozen=True, slots=True)
@public
class Rules:
    """A variant's rules as plain numbers (see
    [`from_variant()`][sueca_rules.Rules.from_variant])."""

    clockwise: bool
    """`True` when the next seat after `s` is `(s + 1) % 4`; else `(s + 3) % 4`."""
    first_dealer: int | None
    """A fixed first dealer, or `None` for a random one."""
    first_leader_steps: int
    """How many seats after the dealer, in the direction of play, the first leader of a deal sits:
    1 (`table.first_leader: after_dealer`), 0 (`dealer`) or 3 (`before_dealer`)."""
    trump_dealer_first: bool
    """`True`: the dealer takes the first ten cards and the first card is turned."""
    trump_dealer_choice: bool
    """`True` (`deal.trump_card: dealer_choice`): before each deal the dealer chooses whether the
    top card (dealt as `dealer_first`) or the bottom card (as `dealer_last`) is turned."""
    redeal_leader_below: int
    """The first leader may ask for a new deal with fewer card points than this (0: never)."""
    redeal_others_below: int
    """The other players may ask for a new deal with fewer card points than this (0: never)."""
    deal_reverse: bool
    """`True`: hands are dealt against the direction of play."""
    revoke_claimable: bool
    """`True` (`revoke.mode: claimable`): any card in hand may be played and a renúncia is caught by
    a claim; `False`: only cards that follow suit can be played."""
    penalty_games: int
    """The games a claim scores (`revoke.penalty_games`)."""
    false_claim_penalizes: bool
    """`True`: a false claim gives the other team
    [`false_claim_games`][sueca_rules.Rules.false_claim_games]; `False`: it is ignored."""
    false_claim_games: int
    """The games a penalized false claim gives the other team."""
    false_claim_plays_on: bool
    """`True` (`after_false_claim: play_on`): after a penalized false claim play goes on and the
    deal is scored at its end; `False`: the deal ends at once."""
    accuse_player: bool
    """`True` (`revoke.accuse: player`): a claim names the rival it accuses."""
    tiers: tuple[tuple[int, int], ...]
    """`(min_points, games)`, highest tier first."""
    bandeira_all_tricks: bool
    """`True`: a bandeira is all ten tricks; `False`: all 120 card points."""
    bandeira_games: int
    """The games a bandeira scores instead of the tiers (`scoring.bandeira.games`)."""
    bandeira_wins_partida: bool
    """`True`: a bandeira ends the partida at once, whatever the score."""
    tie_mode: int
    """What a 60-60 carries over: `TIE_NONE` (0, nothing), `TIE_ADD` (1, games added to the next
    deal won) or `TIE_MULTIPLY` (2, the next deal won multiplied)."""
    tie_amount: int
    """The games added, or the factor, per pending tie (`scoring.tie.amount`)."""
    tie_stacks: bool
    """`True`: each further tie before a deal is won adds or multiplies again; `False`: ties in a
    row count as one."""
    target_games: int
    """The games that win a partida (`match.target_games`)."""
    best_of: int
    """The number of partidas in a match (odd; `match.best_of`)."""
    partidas_to_win: int
    """The partidas that win the match: `best_of // 2 + 1`."""
    next_seat: tuple[int, int, int, int]
    """`next_seat[s]`: the seat that plays after `s`."""

    @classmethod
    def from_variant(cls, variant: Variant) -> Rules:
        """Compile a validated variant."""
        if not isinstance(variant, Variant):
            raise ConfigError(
                f"Rules.from_variant() takes a Variant, not {cut(repr(variant))}: "
                "load one with load_variant()"
            )
        clockwise = variant.table.direction == "clockwise"
        step = 1 if clockwise else 3
        first = variant.table.first_dealer
        scoring = variant.scoring
        revoke = variant.revoke
        return cls(
            clockwise=clockwise,
            first_dealer=None if first == "random" else int(first),
            first_leader_steps=_LEADER_STEPS[variant.table.first_leader],
            trump_dealer_first=variant.deal.trump_card == "dealer_first",
            trump_dealer_choice=variant.deal.trump_card == "dealer_choice",
            redeal_leader_below=variant.deal.redeal.leader_below or 0,
            redeal_others_below=variant.deal.redeal.others_below or 0,
            deal_reverse=variant.deal.order == "reverse",
            revoke_claimable=revoke.mode == "claimable",
            penalty_games=revoke.penalty_games,
            false_claim_penalizes=revoke.false_claim == "penalize_claimant",
            false_claim_games=(
                revoke.penalty_games
                if revoke.false_claim_games is None
                else revoke.false_claim_games
            ),
            false_claim_plays_on=revoke.after_false_claim == "play_on",
            accuse_player=revoke.accuse == "player",
            tiers=tuple(sorted(((t.min_points, t.games) for t in scoring.tiers), reverse=True)),
            bandeira_all_tricks=scoring.bandeira.requires == "all_tricks",
            bandeira_games=scoring.bandeira.games,
            bandeira_wins_partida=scoring.bandeira.wins_partida,
            tie_mode=_TIE_MODES[scoring.tie.mode],
            tie_amount=scoring.tie.amount,
            tie_stacks=scoring.tie.stacks,
            target_games=variant.match.target_games,
            best_of=variant.match.best_of,
            partidas_to_win=variant.match.best_of // 2 + 1,
            next_seat=(step % 4, (1 + step) % 4, (2 + step) % 4, (3 + step) % 4),
        )

    def previous_seat(self, seat: int) -> int:
        """The seat that plays just before `seat`."""
        return self.next_seat[self.next_seat[self.next_seat[seat]]]

    @staticmethod
    def team_of(seat: int) -> int:
        """The team of `seat`: 0 for seats 0 and 2, 1 for seats 1 and 3."""
        return team_of(seat)

    @staticmethod
    def claim_catches(claim: Claim, revokes: Iterable[Revoke]) -> Revoke | None:
        """The renúncia of `revokes` that `claim` catches, or `None` for a false claim: the first
        made by the card `claim.after` or earlier by a player of the other team (the player
        named by `claim.against`, when the claim names one)."""
        return claim_catches(claim, revokes)

    def claim_order(self, last_player: int) -> tuple[int, int, int, int]:
        """The order in which the seats are asked whether they claim a renúncia after
        `last_player` played a card (at the count: after the last trick's winner): in play
        order from the seat after it. Front ends and bots share this one order."""
        return self.play_order(self.next_seat[last_player])

    def seat_role(self, seat: int, viewer: int) -> SeatRole:
        """`seat` as the player at `viewer` sees it: `"you"`, `"partner"` (opposite), or the
        rival on their `"right"` or `"left"`. The player after you sits on your left when play
        goes clockwise (seats are numbered clockwise), on your right otherwise."""
        check_seat(seat, "seat")
        check_seat(viewer, "the viewer (a seat)")
        if seat == viewer:
            return "you"
        if seat == partner(viewer):
            return "partner"
        after = seat == self.next_seat[viewer]
        return "left" if after == self.clockwise else "right"

    def first_leader(self, dealer: int) -> int:
        """The seat that leads the first trick of a deal dealt by `dealer` (`table.first_leader`:
        by default the one after the dealer)."""
        seat = dealer
        for _ in range(self.first_leader_steps):
            seat = self.next_seat[seat]
        return seat

    def next_dealer(self, dealer: int) -> int:
        """The dealer of the deal after one dealt by `dealer`: the seat after it."""
        return self.next_seat[dealer]

    def play_order(self, leader: int) -> tuple[int, int, int, int]:
        """The four seats in the order they play a trick led by `leader`."""
        nxt = self.next_seat
        second = nxt[leader]
        third = nxt[second]
        return leader, second, third, nxt[third]

    def partida_winner(
        self, games: tuple[int, int], team: int | None, bandeira: bool
    ) -> int | None:
        """The team that wins the partida with a deal after which the teams hold `games`, the
        deal won by `team` (`None` for a tie), a bandeira or not; `None` while it goes on.

        A bandeira under `wins_partida` wins it at once, whatever the other team's games. Else
        a team that reached `target_games` wins it; should both reach it with the same deal
        (only `play_on` penalties can do that), the team with more games wins it, and with equal
        games the partida goes on."""
        if bandeira and self.bandeira_wins_partida:
            return team
        target = self.target_games
        g0, g1 = games
        if g0 >= target:
            if g1 < target or g0 > g1:
                return 0
            return 1 if g1 > g0 else None
        return 1 if g1 >= target else None

    @property
    def has_redeal(self) -> bool:
        """Whether a weak hand may ever ask for a new deal under this variant."""
        return bool(self.redeal_leader_below or self.redeal_others_below)

    def redeal_below(self, seat: int, dealer: int) -> int:
        """The threshold of `seat` in a deal dealt by `dealer`: it may ask for a new deal when its
        hand holds fewer card points than this (0: never)."""
        if seat == self.first_leader(dealer):
            return self.redeal_leader_below
        return self.redeal_others_below

    def may_redeal(self, seat: int, dealer: int, hand_points: int) -> bool:
        """Whether `seat`, holding `hand_points` card points in a deal dealt by `dealer`, may ask
        for a new deal (`deal.redeal`): fewer points than its threshold
        ([`redeal_below()`][sueca_rules.Rules.redeal_below]). The one home of the rule: the
        engine, the engine protocol and the front ends ask it."""
        return hand_points < self.redeal_below(seat, dealer)

    def tier_games(self, points: int) -> int:
        """The games of the highest tier whose `min_points` the deal's winner reached with `points`
        card points (0 below the first tier); a bandeira is not counted here."""
        for min_points, games in self.tiers:
            if points >= min_points:
                return games
        return 0

    def is_bandeira(self, points: int, all_tricks: bool) -> bool:
        """Whether a deal won with `points` card points (and all ten tricks, or not) is a bandeira
        under this variant (`scoring.bandeira.requires`)."""
        return all_tricks if self.bandeira_all_tricks else points == 120

    @staticmethod
    def is_capote(points: int, bandeira: bool) -> bool:
        """Whether a deal won with `points` card points is a capote (see `CAPOTE_POINTS`): 91 or
        more, and not a bandeira."""
        return points >= CAPOTE_POINTS and not bandeira

    def tie_bonus(self, games: int, pending_ties: int) -> int:
        """`games` of a deal won with `pending_ties` 60-60 ties waiting (already counted as one when
        ties do not stack), with what the ties carry added or multiplied in, capped at
        `MAX_DEAL_GAMES`."""
        if pending_ties and self.tie_mode == TIE_ADD:
            games += self.tie_amount * pending_ties
        elif pending_ties and self.tie_mode == TIE_MULTIPLY and games:
            for _ in range(pending_ties):
                games *= self.tie_amount
                if games >= MAX_DEAL_GAMES:
                    break
        return min(games, MAX_DEAL_GAMES)

    def pending_after_tie(self, pending_ties: int) -> int:
        """The ties pending after one more 60-60 (unchanged when ties carry nothing; at most
        one when they do not stack)."""
        if self.tie_mode == TIE_NONE:
            return pending_ties
        return pending_ties + 1 if self.tie_stacks else 1

    def deal_order(self, dealer: int, top: bool | None = None) -> tuple[int, int, int, int]:
        """The seats in the order their hands are dealt, by `deal.trump_card` and `order`.

        The turned card is the last card dealt (`dealer_last`: the dealer is dealt last) or the
        first (`dealer_first`: the dealer is dealt first). Under `dealer_choice`, `top` says what
        the dealer chose (`True`: the top card, dealt as `dealer_first`).
        """
        step = 1 if self.clockwise != self.deal_reverse else 3
        first = dealer if (self.trump_dealer_first if top is None else top) else dealer + step
        return first % 4, (first + step) % 4, (first + 2 * step) % 4, (first + 3 * step) % 4

    def games_for(self, points: int, all_tricks: bool, pending_ties: int) -> tuple[int, bool]:
        """The games a deal's winner scores with `points` card points, and whether it is a bandeira.
        `pending_ties` counts the ties waiting to be carried (already capped at one when ties do not
        stack)."""
        bandeira = self.is_bandeira(points, all_tricks)
        games = self.bandeira_games if bandeira else self.tier_games(points)
        return self.tie_bonus(games, pending_ties), bandeira


_COMPILED: Final[dict[int, tuple[Variant, Rules]]] = {}
"""`compiled_rules()`'s memory: by `id(variant)`, the variant itself (so that its id is not reused
while it is kept) and its rules."""
_COMPILED_MAX: Final = 64


def compiled_rules(variant: Variant) -> Rules:
    """`Rules.from_variant(variant)`, compiled once for the variants in use (a `Match` made with a
    built-in id gets the same `Variant` each time; variants are frozen). Remembers at most 64
    variants, by identity."""
    hit = _COMPILED.get(id(variant))
    if hit is not None and hit[0] is variant:
        return hit[1]
    rules = Rules.from_variant(variant)
    if len(_COMPILED) >= _COMPILED_MAX:
        _COMPILED.clear()
    _COMPILED[id(variant)] = (variant, rules)
    return rules
