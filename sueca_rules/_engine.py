"""The engine: a match of Sueca under any variant.

`Engine` holds the whole state of a match (every hand included) and enforces its variant: the
dealer's choice of trump, dealing, redeals on weak hands, turns, following suit, tricks, renúncia
claims (during play and at the count), deal scoring with tiers, bandeira and 60-60 ties, partidas
and the match. The public class is `Match`, which adds game records on top (records sit above the
engine and use only this public face).

It does no I/O and keeps no global state, with one exception said where it happens: a variant given
as a file path is read once, by `load_variant()`, when the match is made. Randomness comes only from
the seed it is given, so many matches can run side by side and every run can be repeated. Every rule
fact it needs is asked of `sueca_rules._rules`.

Cards are small integers inside (see `sueca_rules._cards`); the API takes cards as `Card`, `int` or
notation (`"7H"`) and hands out `Card` values.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Final, Literal, NamedTuple, Self, SupportsIndex, cast

from ._cards import (
    BIT,
    CARDS,
    POINTS,
    SUIT_CARDS,
    SUIT_MASKS,
    SUIT_NAMES,
    Card,
    Suit,
    cards_from_mask,
    parse_card,
)
from ._errors import CardError, ConfigError, IllegalPlayError
from ._events import (
    CardPlayed,
    Claim,
    ClaimMade,
    CountStarted,
    DealOutcome,
    DealResult,
    DealScored,
    DealStarted,
    Event,
    MatchWon,
    PartidaWon,
    RedealAsked,
    Revoke,
    Trick,
    TrickWon,
    TrumpChosen,
    TrumpSide,
)
from ._public import public
from ._registry import resolve_variant
from ._rules import (
    BEATS,
    MAX_CLAIMS,
    Rules,
    check_seat,
    claim_catches,
    compiled_rules,
    is_seat,
    legal_mask,
    plain_int,
    team_of,
)
from ._text import cut, is_unicode
from ._turns import Choice, Decision
from ._variant import Variant

__all__ = [
    "Engine",
    "Observation",
    "Phase",
    "TrumpSide",
    "check_seat",
    "observation_problem",
    "shuffled_deal",
]

Phase = Literal["deal", "trump", "redeal", "play", "count", "over"]
"""The stage of a match, and what is due:

- `"deal"`: the next deal is to be dealt ([`deal_random()`][sueca_rules.Match.deal_random] or
  [`deal_hands()`][sueca_rules.Match.deal_hands]; only for a match made with `deal=False`);
- `"trump"`: under `deal.trump_card: dealer_choice`, the dealer ([`turn`][sueca_rules.Match.turn])
  chooses the top or the bottom card ([`choose_trump()`][sueca_rules.Match.choose_trump]);
- `"redeal"`: under `deal.redeal`, each seat that has a threshold is asked in turn
  ([`turn`][sueca_rules.Match.turn]): it keeps its hand
  ([`keep_hand()`][sueca_rules.Match.keep_hand]) or, when its hand is below its threshold, may ask
  for a new deal ([`redeal()`][sueca_rules.Match.redeal]);
- `"play"`: [`turn`][sueca_rules.Match.turn] plays a card ([`play()`][sueca_rules.Match.play]);
- `"count"`: under `revoke.mode: claimable`, after the last trick: any seat may claim a renúncia
  ([`claim()`][sueca_rules.Match.claim]), then [`score_deal()`][sueca_rules.Match.score_deal] scores
  the deal;
- `"over"`: the match is won.
"""
_DEAL: Final = "deal"
_TRUMP: Final = "trump"
_REDEAL: Final = "redeal"
_PLAY: Final = "play"
_COUNT: Final = "count"
_OVER: Final = "over"
_DEALT: Final = frozenset((_REDEAL, _PLAY, _COUNT))  # a deal is on the table
_DECIDING: Final = frozenset((_PLAY, _TRUMP, _REDEAL))  # a seat's decision is due
_SUITS = tuple(Suit)
_SIDES: Final = ("top", "bottom")
_ASKED: Final = {"redeal": "wants a new deal", "claim": "claims a renúncia"}


def _word(value: object) -> str:
    """An option as the contract writes it: `true`/`false`, a seat, a card, `"top"`."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, Card):
        return str(value)
    return repr(value) if isinstance(value, str) else str(value)


def _card_int(card: Card | int | str, seat: int | None = None) -> int:
    """A card given as a `Card`, its number (a NumPy integer too) or its notation; anything else is
    an `IllegalPlayError` (nothing can be played or dealt that is not a card)."""
    if isinstance(card, str):
        try:
            return int(parse_card(card))
        except CardError as exc:
            raise IllegalPlayError(str(exc), seat=seat, rule="not_a_card") from None
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 40:
        plain = plain_int(card)  # a card number as NumPy gives it (np.argmax over 40 cards)
        if plain is not card:
            return _card_int(plain, seat)  # type: ignore[arg-type]
        raise IllegalPlayError(
            f"{cut(repr(card))} is not a card: give a Card, a card number 0..39 or notation such "
            "as '7H'",
            seat=seat,
            rule="not_a_card",
        )
    return int(card)


_new: Final = tuple.__new__
_SUIT_SHIFTS: Final = (0, 10, 20, 30)
_SPADES, _HEARTS, _DIAMONDS, _CLUBS = SUIT_CARDS
# The steps of the shuffle: the card `i` swapped, the `n` cards it is drawn from, `k` bits a draw.
_SHUFFLE_STEPS: Final = tuple((i, i + 1, (i + 1).bit_length()) for i in range(39, 0, -1))


def _shuffled_deck(rng: random.Random, cards: Sequence[int] = range(40)) -> list[int]:
    """The 40 cards shuffled by `rng`: exactly what `rng.shuffle(list(range(40)))` gives
    (the same draws of the same algorithm, written out for the engine's speed; a test checks
    that both agree). The engine shuffles the cards' bits (`cards=BIT`): the same order."""
    deck = list(cards)
    getrandbits = rng.getrandbits
    for i, n, k in _SHUFFLE_STEPS:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def shuffled_deal(rules: Rules, dealer: int, top: bool | None, seed: str) -> tuple[list[int], int]:
    """A deal shuffled from `seed` and dealt by `dealer` as the variant says: the four hands'
    masks by seat, and the turned card. `top` is the dealer's choice under `dealer_choice`
    (`None` otherwise). The one place a seed becomes cards: the engine's deals and the studies'
    redealt ones both come from here."""
    # The deck as the cards' bits: a hand's mask is the sum of its ten.
    bits = _shuffled_deck(random.Random(seed), BIT)
    s0, s1, s2, s3 = rules.deal_order(dealer, top)
    hands = [0, 0, 0, 0]
    hands[s0] = sum(bits[0:10])
    hands[s1] = sum(bits[10:20])
    hands[s2] = sum(bits[20:30])
    hands[s3] = sum(bits[30:40])
    first = rules.trump_dealer_first if top is None else top
    return hands, (bits[0] if first else bits[39]).bit_length() - 1


def _hand_points(mask: int) -> int:
    return sum(POINTS[c] for c in cards_from_mask(mask))


def _position_hands(
    observation: Observation, hands: Sequence[Iterable[Card | int | str] | None]
) -> list[int]:
    """The hands given to `Match.from_observation()` as masks by seat, checked against what the
    observer knows (a `ConfigError` saying what does not fit)."""
    if isinstance(hands, str | bytes) or not isinstance(hands, Sequence) or len(hands) != 4:
        raise ConfigError(
            f"hands are 4 lists of cards, by seat (None for the observer's), not {cut(repr(hands))}"
        )
    me = observation.seat
    masks = [0, 0, 0, 0]
    for seat, hand in enumerate(hands):
        if hand is None and seat == me:
            masks[seat] = observation.hand_mask
            continue
        if isinstance(hand, str | bytes) or not isinstance(hand, Iterable):
            raise ConfigError(f"hands[{seat}] is not a list of cards: {cut(repr(hand))}")
        try:
            cards = [_card_int(c) for c in hand]
        except IllegalPlayError as exc:
            raise ConfigError(f"hands[{seat}]: {exc}") from None
        for c in cards:
            if masks[seat] >> c & 1:
                raise ConfigError(f"hands[{seat}] holds {CARDS[c]} twice")
            masks[seat] |= 1 << c
        if len(cards) != observation.hand_sizes[seat]:
            raise ConfigError(
                f"hands[{seat}] has {len(cards)} cards; seat {seat} holds "
                f"{observation.hand_sizes[seat]} now"
            )
    if masks[me] != observation.hand_mask:
        raise ConfigError(
            f"hands[{me}] is the observer's own hand, "
            f"{' '.join(map(str, observation.hand))}, or None"
        )
    for seat, mask in enumerate(masks):
        for other in range(seat):
            both = mask & masks[other]
            if both:
                raise ConfigError(
                    f"{cards_from_mask(both)[0]} is in hands[{other}] and hands[{seat}]"
                )
        played = mask & observation.played_mask
        if played:
            raise ConfigError(f"hands[{seat}] holds {cards_from_mask(played)[0]}, already played")
    dealer, trump_card = observation.dealer, observation.trump_card
    shown = observation.trump_card_in_hand and trump_card is not None
    if shown and not masks[dealer] >> int(trump_card or 0) & 1:
        raise ConfigError(
            f"the dealer (seat {dealer}) still holds the turned card {trump_card}: "
            f"hands[{dealer}] must hold it"
        )
    if not observation.rules.revoke_claimable:
        for seat, mask in enumerate(masks):
            for suit in range(4):
                if observation.void_mask >> (4 * seat + suit) & 1 and mask & SUIT_MASKS[suit]:
                    raise ConfigError(
                        f"hands[{seat}] holds {SUIT_NAMES[suit]}, but seat {seat} did not follow "
                        f"{SUIT_NAMES[suit]} in this deal (it has none)"
                    )
    return masks


def _whole_in(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


def _pair_of_whole(value: object) -> bool:
    return (
        type(value) is tuple
        and len(value) == 2
        and _whole_in(value[0], 0, 10**9)
        and _whole_in(value[1], 0, 10**9)
    )


def _are_cards(cards: object, most: int) -> bool:
    return type(cards) is tuple and len(cards) <= most and all(type(c) is Card for c in cards)


def _are_tricks(tricks: object) -> bool:
    if type(tricks) is not tuple or len(tricks) > 10:
        return False
    for trick in tricks:
        if not (
            isinstance(trick, Trick)
            and is_seat(trick.leader)
            and is_seat(trick.winner)
            and len(trick.cards) == 4
            and _are_cards(trick.cards, 4)
        ):
            return False
    return True


def _are_claims(claims: object) -> bool:
    if type(claims) is not tuple or len(claims) > MAX_CLAIMS:
        return False
    for claim in claims:
        if not (
            isinstance(claim, Claim)
            and _whole_in(claim.after, 0, 40)
            and is_seat(claim.by)
            and (claim.against is None or is_seat(claim.against))
        ):
            return False
    return True


_MASK: Final = (1 << 40) - 1


def observation_problem(observation: Observation, *, variant: bool = True) -> str | None:
    """What keeps `observation` (a deal on the table) from being one a match made: the first
    field of the wrong kind or out of range, said as `"observation.dealer is a seat 0..3, not 9"`;
    `None` when each field is of its kind. `Match.from_observation()` and `guess_hands()` check
    an observation with it, so that one made or changed by hand is refused by name, not with a
    traceback from deep inside. Without `variant`, `observation.variant` may be `None`."""
    o = observation
    sizes = o.hand_sizes
    checks: tuple[tuple[str, str, bool], ...] = (
        ("seat", "a seat 0..3", is_seat(o.seat)),
        ("dealer", "a seat 0..3", is_seat(o.dealer)),
        ("trick_leader", "a seat 0..3", is_seat(o.trick_leader)),
        ("turn", "a seat 0..3 or None", o.turn is None or is_seat(o.turn)),
        ("rules", "the variant's Rules", isinstance(o.rules, Rules)),
        ("variant", "a Variant", not variant or isinstance(o.variant, Variant)),
        ("trump_card", "a Card (a deal is on the table)", type(o.trump_card) is Card),
        ("trump_card_in_hand", "True or False", isinstance(o.trump_card_in_hand, bool)),
        ("hand", "Cards", _are_cards(o.hand, 10)),
        ("hand_mask", "a 40-bit mask", _whole_in(o.hand_mask, 0, _MASK)),
        ("played_mask", "a 40-bit mask", _whole_in(o.played_mask, 0, _MASK)),
        ("void_mask", "a 16-bit mask", _whole_in(o.void_mask, 0, 0xFFFF)),
        (
            "hand_sizes",
            "4 whole numbers 0..10",
            type(sizes) is tuple and len(sizes) == 4 and all(_whole_in(n, 0, 10) for n in sizes),
        ),
        ("deal", "a whole number from 1", _whole_in(o.deal, 1, 10**9)),
        ("partida", "a whole number from 0", _whole_in(o.partida, 0, 10**9)),
        ("games", "2 whole numbers from 0", _pair_of_whole(o.games)),
        ("partidas", "2 whole numbers from 0", _pair_of_whole(o.partidas)),
        ("penalties", "2 whole numbers from 0", _pair_of_whole(o.penalties)),
        ("pending_ties", "a whole number from 0", _whole_in(o.pending_ties, 0, 10**9)),
        ("tricks", "at most 10 Tricks", _are_tricks(o.tricks)),
        ("trick", "at most 3 Cards", _are_cards(o.trick, 3)),
        ("claims", f"at most {MAX_CLAIMS} Claims", _are_claims(o.claims)),
    )
    for field, wanted, ok in checks:
        if not ok:
            return f"observation.{field} is {wanted}, not {cut(repr(getattr(o, field)))}"
    return None


@public
class Observation(NamedTuple):
    """What one seat may know at a moment of the match — never another player's hand.

    Two states that differ only in cards hidden from `seat` give equal observations. Card sets are
    given both as sorted tuples (`hand`, `legal`) and as 40-bit masks (`hand_mask`, `played_mask`)
    for fast bots. An observation is an immutable named tuple: cheap to make (bots ask for one
    before every card), hashable, comparable.
    """

    seat: int
    """The seat this observation is for (0-3)."""
    rules: Rules
    """The compiled rules of the match's variant."""
    phase: Phase
    """What is due now, as [`Match.phase`][sueca_rules.Match.phase]."""
    deal: int
    """The deal's number in the match, from 1."""
    partida: int
    """The current partida, from 0."""
    dealer: int
    """The seat that dealt this deal."""
    trump: Suit | None
    """The trump suit, the suit of `trump_card` (`None` when no deal is on the table)."""
    trump_card: Card | None
    """The card the dealer turned up: everyone saw it (`None` when no deal is on the table)."""
    trump_card_in_hand: bool
    """`True` while the dealer still holds the turned card."""
    hand: tuple[Card, ...]
    """This seat's cards, by suit (S H D C) and strongest first."""
    hand_mask: int
    """`hand` as a 40-bit mask: bit `c` is set when this seat holds card `c`."""
    turn: int | None
    """The seat whose decision is due (see [`Match.turn`][sueca_rules.Match.turn]), `None` when none
    is."""
    legal: tuple[Card, ...]
    """The cards this seat may play now under the follow-suit rule (empty unless it is this
    seat's turn to play)."""
    trick_leader: int
    """The seat that led, or is to lead, the current trick."""
    trick: tuple[Card, ...]
    """The cards of the current trick, in play order from `trick_leader`."""
    tricks: tuple[Trick, ...]
    """The completed tricks of this deal."""
    played_mask: int
    """Every card played in this deal, the current trick included."""
    void_mask: int
    """Bit `4 * seat + suit` is set when `seat` showed by play that it has no `suit` (it did not
    follow that suit when it was led). With `revoke.mode: claimable` a player who revoked looks void
    but is not: nobody can tell until someone claims."""
    hand_sizes: tuple[int, int, int, int]
    """How many cards each seat still holds, by seat."""
    points: tuple[int, int]
    """Card points taken so far in this deal by team 0 and team 1."""
    tricks_won: tuple[int, int]
    """Tricks taken so far in this deal by team 0 and team 1."""
    games: tuple[int, int]
    """Games of team 0 and team 1 in the current partida."""
    partidas: tuple[int, int]
    """Partidas won by team 0 and team 1."""
    pending_ties: int
    """60-60 ties waiting to be carried into the next deal won (see `scoring.tie`)."""
    playable: tuple[Card, ...] = ()
    """The cards [`Match.play()`][sueca_rules.Match.play] accepts from this seat now: `legal`, or
    under `revoke.mode: claimable` the whole hand (a renúncia can be played, and claimed). Empty
    unless it is this seat's turn to play."""
    can_claim: bool = False
    """Whether this seat may claim a renúncia now (`revoke.mode: claimable`, during play or at the
    count)."""
    claims: tuple[Claim, ...] = ()
    """The renúncia claims made so far in this deal (everyone hears them)."""
    penalties: tuple[int, int] = (0, 0)
    """Games of false-claim penalties waiting for the end of this deal, by team
    (`after_false_claim: play_on`)."""
    may_redeal: bool = False
    """Whether this seat, asked now (phase `"redeal"`), may ask for a new deal: its hand is below
    its threshold. When it is asked and may not, its only answer is to keep its hand."""
    variant: Variant | None = None
    """The match's variant, written out whole (`extends` resolved), so that a bot can rebuild the
    position with [`Match.from_observation()`][sueca_rules.Match.from_observation]; `None` in an
    observation made by hand."""

    def is_void(self, seat: int, suit: Suit | int) -> bool:
        """Whether `seat` has shown by play that it holds no card of `suit` (a
        [`Suit`][sueca_rules.Suit] or its number 0..3)."""
        check_seat(seat)
        if isinstance(suit, bool) or not isinstance(suit, int) or not 0 <= suit <= 3:
            raise ConfigError(f"a suit is a Suit or a whole number 0..3, not {suit!r}")
        return bool(self.void_mask >> (4 * seat + suit) & 1)

    @property
    def plays(self) -> tuple[tuple[int, Card], ...]:
        """The cards of this deal so far as `(seat, card)`, in play order (everyone saw them)."""
        next_seat = self.rules.next_seat
        plays: list[tuple[int, Card]] = []
        tricks: list[tuple[int, tuple[Card, ...]]] = [(t.leader, t.cards) for t in self.tricks]
        tricks.append((self.trick_leader, self.trick))
        for leader, cards in tricks:
            seat = leader
            for card in cards:
                plays.append((seat, card))
                seat = next_seat[seat]
        return tuple(plays)

    @property
    def sure_void_mask(self) -> int:
        """The voids of [`void_mask`][sueca_rules.Observation.void_mask] that are certain: all of
        them under `revoke.mode: prevented`; under `claimable`, where not following may have been
        a renúncia, only those of a seat that a later claim accused without catching anything
        (which proves it held none of that suit). Bit `4 * seat + suit`, as in `void_mask`."""
        shown = self.void_mask
        if not self.rules.revoke_claimable or not shown:
            return shown
        sure = 0
        for number, seat, suit in self._not_followed():
            feigned = (Revoke(number, seat, CARDS[10 * suit]),)
            if any(c.after >= number and claim_catches(c, feigned) for c in self.claims):
                sure |= 1 << (4 * seat + suit)
        return sure & ~self.revoke_mask

    @property
    def revoke_mask(self) -> int:
        """The renúncias the cards alone prove: bit `4 * seat + suit` is set when `seat` did not
        follow `suit` and later played a card of it (so it held one then). Such a seat shows in
        `void_mask` but is not void of that suit."""
        proven = 0
        plays = self.plays
        for number, seat, suit in self._not_followed():
            if any(s == seat and c // 10 == suit for s, c in plays[number:]):
                proven |= 1 << (4 * seat + suit)
        return proven

    def _not_followed(self) -> list[tuple[int, int, int]]:
        """Each card that did not follow the suit led: `(its number in the deal from 1, seat, the
        suit led)`, in play order."""
        out: list[tuple[int, int, int]] = []
        plays = self.plays
        for index, (seat, card) in enumerate(plays):
            led = plays[index - index % 4][1] // 10
            if index % 4 and card // 10 != led:
                out.append((index + 1, seat, led))
        return out

    @property
    def unseen_mask(self) -> int:
        """The cards held by the other three players (as far as this seat can tell)."""
        return ((1 << 40) - 1) & ~self.hand_mask & ~self.played_mask


class Engine:
    """The state and rules of one match (the engine behind [`Match`][sueca_rules.Match]).

    `variant` is a [`Variant`][sueca_rules.Variant], a built-in id or a path to a variant file (read
    here with [`load_variant()`][sueca_rules.load_variant]: the engine's only I/O). `seed` (a
    whole number, NumPy's included, or text) makes the shuffles (and a random first dealer)
    repeatable; each deal is shuffled from the seed and the deal number alone, so the same seed
    always deals the same cards. `first_dealer` overrides the
    variant's. With `deal=False` the match waits for [`deal_hands()`][sueca_rules.Match.deal_hands]
    (cards of a physical game, or a record) or [`deal_random()`][sueca_rules.Match.deal_random];
    otherwise every deal is dealt at random as soon as the previous one ends (after the dealer's
    choice of trump, under `deal.trump_card: dealer_choice`). The first deal is then dealt here, so
    no call returns its [`DealStarted`][sueca_rules.DealStarted] event: read
    [`dealer`][sueca_rules.Match.dealer] and [`trump_card`][sueca_rules.Match.trump_card], or make
    the match with `deal=False` and call [`deal_random()`][sueca_rules.Match.deal_random] to receive
    it.
    """

    def __init__(
        self,
        variant: Variant | str | Path = "portugal",
        *,
        seed: int | str | SupportsIndex | None = None,
        rng: random.Random | None = None,
        first_dealer: int | None = None,
        deal: bool = True,
    ) -> None:
        if not isinstance(variant, Variant | str | Path):
            raise ConfigError(
                f"a variant is a Variant, a built-in id or a file path, not {variant!r}"
            )
        seed = cast("int | str | None", plain_int(seed))  # a NumPy integer seeds as its int
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str)):
            raise ConfigError(f"a seed is a whole number or text, not {seed!r}")
        if isinstance(seed, str) and not is_unicode(seed):
            raise ConfigError(
                f"a seed's text must be valid Unicode, not {seed!r} (it holds a lone surrogate, "
                "as undecodable bytes do)"
            )
        if rng is not None and not isinstance(rng, random.Random):
            raise ConfigError(f"rng is a random.Random (or None), not {rng!r}")
        if first_dealer is not None:
            check_seat(first_dealer, "the first dealer")
        if not isinstance(deal, bool):
            raise ConfigError(f"deal must be True or False, not {cut(repr(deal))}")
        resolved = resolve_variant(variant)
        rules = compiled_rules(resolved)
        self._rules = rules
        if seed is None:
            seed = rng.getrandbits(64) if rng is not None else secrets.randbits(64)
        if first_dealer is None:
            first_dealer = rules.first_dealer
        if first_dealer is None:
            first_dealer = random.Random(f"{seed}:first-dealer").randrange(4)
        # What never changes, in one attribute. The state is kept to at most 29 attributes: up
        # to that many, CPython keeps an object's attributes inline and reads them fastest
        # (tests/test_engine.py counts them).
        # The variant as observations give it: whole, `extends` resolved (as the engine protocol
        # sends it), so that an observation is the same wherever it was made.
        flat = (
            resolved if resolved.extends is None else resolved.model_copy(update={"extends": None})
        )
        self._setup: tuple[Variant, int | str, int, Variant] = (resolved, seed, first_dealer, flat)
        self._auto = bool(deal)
        self._phase: Phase = _DEAL
        self._dealer = first_dealer
        self._games = [0, 0]
        self._partidas = [0, 0]
        self._pending = 0
        self._deals: list[DealResult] = []
        self._deal_no = 1  # len(self._deals) + 1: the number of the current (or next) deal
        self._clear_deal()
        if self._auto:
            self._next_deal([])

    def _clear_deal(self) -> None:
        self._hands = [0, 0, 0, 0]
        self._dealt: tuple[int, int, int, int] = (0, 0, 0, 0)
        self._trump_card = 0
        self._beats = BEATS[0]
        self._plays: list[Card] = []  # the cards of CARDS, as the records hand them out
        self._claims: list[Claim] = []
        self._revokes: list[Revoke] = []
        self._tricks: tuple[Trick, ...] = ()  # a tuple: observations hand it out as it is
        self._trick: list[Card] = []
        self._leader = 0
        self._turn = 0
        self._win_seat = 0
        self._win_row = 0  # 40 * the card winning the trick so far (a row of BEATS[trump])
        self._led = 0  # the suit led to the trick (while it holds a card)
        self._points = [0, 0]
        self._tricks_won = [0, 0]
        self._penalties = [0, 0]
        self._voids = 0
        # The claim round of the turn protocol: (deal number, cards played, seats still to ask);
        # opened on demand by pending() (see sueca_rules._turns).
        self._asking: tuple[int, int, tuple[int, ...]] | None = None

    # --- dealing ------------------------------------------------------------------------

    def deal_random(self, side: TrumpSide | None = None) -> list[Event]:
        """Shuffle and deal the next deal as the variant says (`deal.trump_card`/`order`).

        The shuffle depends only on the match seed and the deal number. Under
        `deal.trump_card: dealer_choice` give the dealer's choice as `side` (`"top"` or `"bottom"`);
        without it the match waits in phase `"trump"` for
        [`choose_trump()`][sueca_rules.Match.choose_trump].
        """
        self._require_phase(_DEAL, "deal")
        if not self._rules.trump_dealer_choice:
            if side is not None:
                raise IllegalPlayError(
                    "the dealer does not choose the trump card under this variant "
                    "(deal.trump_card is not dealer_choice)",
                    seat=self._dealer,
                    rule="trump_choice",
                )
            return self._deal_shuffled(None)
        if side is None:
            self._phase = _TRUMP
            self._turn = self._dealer
            return []
        return self._choose(side)

    def choose_trump(self, side: TrumpSide) -> list[Event]:
        """The dealer's choice (phase `"trump"`, `deal.trump_card: dealer_choice`): turn the `"top"`
        card of the pack (the dealer takes the first ten cards) or the `"bottom"` one (the dealer is
        dealt last); the deal is then dealt at random."""
        self._require_phase(_TRUMP, "choose the trump card")
        return self._choose(side)

    def _choose(self, side: object) -> list[Event]:
        if side not in _SIDES:
            raise IllegalPlayError(
                f"the dealer turns the 'top' or the 'bottom' card, not {side!r}",
                seat=self._dealer,
                rule="trump_choice",
            )
        top = side == "top"
        events: list[Event] = [TrumpChosen(self._deal_no, self._dealer, "top" if top else "bottom")]
        self._phase = _DEAL
        events.extend(self._deal_shuffled(top))
        return events

    def _deal_shuffled(self, top: bool | None) -> list[Event]:
        seed = f"{self._setup[1]}:deal:{self._deal_no}"
        return self._start_deal(*shuffled_deal(self._rules, self._dealer, top, seed))

    def deal_hands(
        self, hands: Sequence[Iterable[Card | int | str]], trump_card: Card | int | str
    ) -> list[Event]:
        """Deal given hands (by seat, ten cards each: the whole deck) with `trump_card`, which must
        be in the dealer's hand. Use it to enter a physical game or to replay a record."""
        self._require_phase(_DEAL, "deal")
        if isinstance(hands, str | bytes) or not isinstance(hands, Sequence) or len(hands) != 4:
            count = len(hands) if isinstance(hands, Sequence) else "no list of"
            raise IllegalPlayError(f"a deal has 4 hands, got {count}", rule="hands")
        masks = [0, 0, 0, 0]
        seen: dict[int, int] = {}
        for seat, hand in enumerate(hands):
            if isinstance(hand, str | bytes) or not isinstance(hand, Iterable):
                raise IllegalPlayError(f"seat {seat}'s hand is not a list of cards", rule="hands")
            cards = [_card_int(c) for c in hand]
            if len(cards) != 10:
                raise IllegalPlayError(
                    f"seat {seat} has {len(cards)} cards; every hand has 10",
                    seat=seat,
                    rule="hands",
                )
            for c in cards:
                if c in seen:
                    where = "twice" if seen[c] == seat else f"and seat {seen[c]} holds it too"
                    raise IllegalPlayError(
                        f"seat {seat} holds {CARDS[c]} {where}",
                        seat=seat,
                        card=str(CARDS[c]),
                        rule="hands",
                    )
                seen[c] = seat
                masks[seat] |= 1 << c
        turned = _card_int(trump_card)
        if not masks[self._dealer] >> turned & 1:
            held = " ".join(map(str, cards_from_mask(masks[self._dealer])))
            raise IllegalPlayError(
                f"the trump card {CARDS[turned]} must be in the dealer's hand (seat "
                f"{self._dealer} holds {held})",
                seat=self._dealer,
                card=str(CARDS[turned]),
                rule="trump_card",
            )
        return self._start_deal(masks, turned)

    def _start_deal(self, hands: list[int], turned: int) -> list[Event]:
        # The state of the deal was cleared when the last one ended (or the match was made).
        self._hands = hands
        self._dealt = (hands[0], hands[1], hands[2], hands[3])
        self._trump_card = turned
        self._beats = BEATS[turned // 10]
        rules = self._rules
        leader = rules.first_leader(self._dealer)
        self._leader = self._turn = leader
        self._phase = _PLAY
        if rules.has_redeal:
            # Every seat that could ever ask is asked, in play order from the leader, whatever
            # its hand: who is asked must not tell the table who holds a weak hand.
            self._phase = _REDEAL
            self._turn = self._asked()[0]
        return [
            _new(
                DealStarted,
                (self._deal_no, self.partida, self._dealer, CARDS[turned], leader),
            )
        ]

    # --- redeals ------------------------------------------------------------------------

    def may_redeal(self, seat: int) -> bool:
        """Whether `seat`'s hand is below its `deal.redeal` threshold in this deal, before the first
        card (whether or not it has been asked yet)."""
        check_seat(seat)
        if self._phase not in _DEALT or self._plays:
            return False
        return self._rules.may_redeal(seat, self._dealer, _hand_points(self._dealt[seat]))

    def redeal(self, seat: int) -> list[Event]:
        """Seat `seat`, asked in phase `"redeal"` and holding fewer card points than its threshold
        ([`may_redeal()`][sueca_rules.Match.may_redeal]), asks for a new deal: this deal ends
        unscored (`result="redeal"`) and the same dealer deals again."""
        self._require_asked(seat, "ask for a new deal")
        if not self.may_redeal(seat):
            below = self._rules.redeal_below(seat, self._dealer)
            raise IllegalPlayError(
                f"seat {seat} cannot ask for a new deal: its hand holds "
                f"{_hand_points(self._dealt[seat])} card points, not fewer than {below}",
                seat=seat,
                rule="redeal",
            )
        number = self._deal_no
        events: list[Event] = [RedealAsked(number, seat)]
        self._finish_deal(events, "redeal", None, (0, 0), False, redeal=seat)
        return events

    def keep_hand(self, seat: int) -> list[Event]:
        """Seat `seat`, asked in phase `"redeal"`, keeps its hand (the only answer of a hand that
        may not ask for a new deal). Once every seat asked has kept its hand, play begins. Every
        seat whose threshold is not `null` is asked, in play order from the first leader, so that
        being asked says nothing about a hand."""
        self._require_asked(seat, "keep its hand")
        asked = self._asked()
        later = asked[asked.index(seat) + 1 :]
        if later:
            self._turn = later[0]
        else:
            self._phase = _PLAY
            self._turn = self._leader
        return []

    def _asked(self) -> list[int]:
        """The seats asked about a new deal in this deal, in order (the one asked now is `turn`)."""
        rules = self._rules
        return [s for s in rules.play_order(self._leader) if rules.redeal_below(s, self._dealer)]

    def _require_asked(self, seat: int, action: str) -> None:
        check_seat(seat)
        self._require_phase(_REDEAL, f"{action} (no new deal can be asked for now)")
        if seat != self._turn:
            raise IllegalPlayError(
                f"seat {seat} cannot {action}: seat {self._turn} is being asked",
                seat=seat,
                rule="not_your_turn",
            )

    # --- playing ------------------------------------------------------------------------

    def legal_cards(self) -> list[Card]:
        """The cards the player to move may play under the follow-suit rule, strongest first
        by suit (S H D C). Empty when no card is due.

        With `revoke.mode: claimable` any card in hand *can* be played (see
        [`playable_cards()`][sueca_rules.Match.playable_cards]), but only these follow the rules.
        """
        if self._phase != _PLAY:
            return []
        hand = self._hands[self._turn]
        trick = self._trick
        if trick:
            # `legal_mask()` written out for the hot path (tests/test_engine.py checks both agree):
            # the cards of the suit led when the hand holds any, else the whole hand.
            led = self._led
            follow = hand >> _SUIT_SHIFTS[led] & 0x3FF
            if follow:
                return [*SUIT_CARDS[led][follow]]
        # cards_from_mask(hand), written out
        return [
            *_SPADES[hand & 0x3FF],
            *_HEARTS[hand >> 10 & 0x3FF],
            *_DIAMONDS[hand >> 20 & 0x3FF],
            *_CLUBS[hand >> 30 & 0x3FF],
        ]

    def playable_cards(self) -> list[Card]:
        """The cards [`play()`][sueca_rules.Match.play] accepts now: the legal cards, or with
        `revoke.mode: claimable` the whole hand of the player to move (a renúncia can be played, and
        claimed)."""
        if self._phase != _PLAY:
            return []
        if self._rules.revoke_claimable:
            return cards_from_mask(self._hands[self._turn])
        return self.legal_cards()

    def play(self, card: Card | int | str) -> list[Event]:
        """Play `card` for the player whose turn it is and return what happened.

        Raises [`IllegalPlayError`][sueca_rules.IllegalPlayError] (and changes nothing) when `card`
        is not a card, is not in that player's hand, does not follow suit when it must (unless
        renúncias are `claimable`), or no card is due. Ending a deal scores it (under
        `revoke.mode: claimable` the count comes first: see
        [`score_deal()`][sueca_rules.Match.score_deal]), ends partidas and the match, and (unless
        the match was made with `deal=False`) deals the next deal.
        """
        if self._phase != _PLAY:
            raise self._no_play()
        seat = self._turn
        c: int
        played: Card
        if type(card) is Card:
            c = played = card
        else:
            c = _card_int(card, seat)
            played = CARDS[c]
        hands = self._hands
        hand = hands[seat]
        bit = 1 << c
        if not hand & bit:
            raise IllegalPlayError(
                f"seat {seat} does not hold {CARDS[c]}",
                seat=seat,
                card=str(CARDS[c]),
                legal=[str(x) for x in self.legal_cards()],
                rule="not_in_hand",
            )
        trick = self._trick
        if trick:
            led = self._led
            if c // 10 != led:
                if hand & SUIT_MASKS[led]:
                    if not self._rules.revoke_claimable:
                        raise IllegalPlayError(
                            f"seat {seat} must follow {SUIT_NAMES[led]}",
                            seat=seat,
                            card=str(played),
                            legal=[str(x) for x in self.legal_cards()],
                            rule="must_follow",
                        )
                    # From here on the play is accepted: change the state.
                    self._revokes.append(Revoke(len(self._plays) + 1, seat, played))
                self._voids |= 1 << (4 * seat + led)
            # The trick's winner is kept as it goes (the rule is `beats()`, as a table: the row
            # of the winning card, `40 * card`, is kept).
            if self._beats[self._win_row + c]:
                self._win_seat = seat
                self._win_row = 40 * c
        else:
            self._led = c // 10
            self._win_seat = seat
            self._win_row = 40 * c
        hands[seat] = hand ^ bit
        self._plays.append(played)
        trick.append(played)
        # Events and tricks are made with tuple.__new__ on hot paths: the named tuple's own
        # __new__ is a Python function, and this is the same tuple without its call.
        deal_no = self._deal_no
        trick_no = len(self._tricks) + 1
        events: list[Event] = [_new(CardPlayed, (deal_no, trick_no, seat, played))]
        if len(trick) < 4:
            self._turn = self._rules.next_seat[seat]
            return events
        # The trick is complete.
        cards = c1, c2, c3, c4 = tuple(trick)
        winner = self._win_seat
        points = POINTS[c1] + POINTS[c2] + POINTS[c3] + POINTS[c4]
        team = winner & 1  # team_of(winner), written out
        self._points[team] += points
        self._tricks_won[team] += 1
        self._tricks += (_new(Trick, (self._leader, cards, winner, points)),)
        events.append(_new(TrickWon, (deal_no, trick_no, winner, cards, points)))
        self._trick = []
        self._leader = self._turn = winner
        if trick_no < 10:
            return events
        if self._rules.revoke_claimable:
            self._phase = _COUNT
            events.append(CountStarted(deal_no))
        else:
            self._score_deal(events)
        return events

    def score_deal(self) -> list[Event]:
        """End the count (phase `"count"`, under `revoke.mode: claimable`) and score the deal: no
        more renúncia can be claimed in it."""
        self._require_phase(_COUNT, "score the deal (only after the count)")
        events: list[Event] = []
        self._score_deal(events)
        return events

    # --- claims -------------------------------------------------------------------------

    def claim(self, seat: int, against: int | None = None) -> list[Event]:
        """Seat `seat` claims a renúncia (only with `revoke.mode: claimable`), during play or at the
        count. Under `revoke.accuse: player` the claim names the rival accused, `against`; under
        `accuse: team` it accuses the other team and `against` is not given.

        If a player of the other team (the accused one) revoked earlier in this deal, the deal ends
        and the claiming team scores `revoke.penalty_games`. Otherwise `revoke.false_claim` applies:
        the other team scores `false_claim_games` and the deal ends or, with
        `after_false_claim: play_on`, play goes on; or the claim is ignored. Any seat may claim at
        any moment of play, in turn or not.
        """
        self._check_claim(seat, against)
        team = team_of(seat)
        after = len(self._plays)
        claim = Claim(after, seat, against)
        caught = claim_catches(claim, self._revokes)
        self._claims.append(claim)
        deal_no = self._deal_no
        rules = self._rules
        if caught is None and not rules.false_claim_penalizes:
            return [ClaimMade(deal_no, seat, False, True, None, against, after)]
        events: list[Event] = [
            ClaimMade(deal_no, seat, caught is not None, False, caught, against, after)
        ]
        if caught is not None:
            games = [self._penalties[0], self._penalties[1]]
            games[team] += rules.penalty_games
            self._finish_deal(events, "revoke", team, (games[0], games[1]), False)
            return events
        if not rules.false_claim_plays_on:
            games = [0, 0]
            games[1 - team] = rules.false_claim_games
            self._finish_deal(events, "revoke", 1 - team, (games[0], games[1]), False)
            return events
        self._penalties[1 - team] += rules.false_claim_games
        if self._phase == _COUNT:  # a false claim at the count: the deal is scored at once
            self._score_deal(events)
        return events

    def _check_claim(self, seat: int, against: int | None) -> None:
        if not is_seat(seat):
            raise IllegalPlayError(f"a claim is made by a seat 0..3, not {seat!r}", rule="claim")
        rules = self._rules
        if not rules.revoke_claimable:
            raise IllegalPlayError(
                "renúncia cannot be claimed under this variant: with revoke.mode: prevented "
                "nobody can fail to follow suit",
                seat=seat,
                rule="claim",
            )
        if self._phase not in (_PLAY, _COUNT):
            raise IllegalPlayError(
                "a renúncia can only be claimed while a deal is being played or counted",
                seat=seat,
                rule="claim",
            )
        if len(self._claims) >= MAX_CLAIMS:
            raise IllegalPlayError(
                f"no more claims in this deal: it already holds {MAX_CLAIMS}",
                seat=seat,
                rule="claim",
            )
        if not rules.accuse_player:
            if against is not None:
                raise IllegalPlayError(
                    "under revoke.accuse: team a claim accuses the other team: name no player",
                    seat=seat,
                    rule="accused",
                )
            return
        rivals = [s for s in range(4) if team_of(s) != team_of(seat)]
        if against is None:
            raise IllegalPlayError(
                f"under revoke.accuse: player a claim names the rival accused, seat {rivals[0]} "
                f"or {rivals[1]} (against: {rivals[0]}), and this one names nobody",
                seat=seat,
                rule="accused",
            )
        if not is_seat(against) or against not in rivals:
            raise IllegalPlayError(
                f"under revoke.accuse: player a claim names the rival accused: seat "
                f"{rivals[0]} or {rivals[1]}, not {against!r}",
                seat=seat,
                rule="accused",
            )

    def _penalty_games(self) -> tuple[int, int]:
        return self._penalties[0], self._penalties[1]

    # --- the turn protocol (sueca_rules._turns) ---------------------------------------------

    def pending(self) -> Decision | None:
        """The decision due now (see [`Decision`][sueca_rules.Decision] for its kinds), or `None`
        when the match is over or waits for a deal to be dealt (`deal=False`). Answer it with
        [`decide()`][sueca_rules.Match.decide]; a loop of the two plays any variant:

        ```python
        while (decision := match.pending()) is not None:
            match.decide(decision.default)  # or the choice of whoever sits at decision.seat
        ```
        """
        phase = self._phase
        after = len(self._plays)
        asking = self.claim_round
        if asking:
            rules = self._rules
            claims: tuple[bool | int, ...] = (False, True)
            if rules.accuse_player:
                claims = (False, *(s for s in range(4) if team_of(s) != team_of(asking[0])))
            return Decision(asking[0], "claim", claims, False, after)
        seat = self._turn
        if phase == _PLAY:
            options = tuple(self.playable_cards())
            return Decision(seat, "card", options, self.legal_cards()[0], after)
        if phase == _TRUMP:
            return Decision(seat, "trump", _SIDES, "bottom", 0)
        if phase == _REDEAL:
            answers: tuple[bool, ...] = (False, True) if self.may_redeal(seat) else (False,)
            return Decision(seat, "redeal", answers, False, 0)
        return None

    @property
    def claim_round(self) -> tuple[int, ...]:
        """The seats still to be asked whether they claim a renúncia at this point of the deal, in
        the order [`pending()`][sueca_rules.Match.pending] asks them (empty when no round is open:
        no card played yet, renúncias prevented, or every seat answered). Everyone at the table
        knows it."""
        phase = self._phase
        if phase not in (_PLAY, _COUNT) or not self._plays or not self._rules.revoke_claimable:
            return ()
        key = (self._deal_no, len(self._plays))
        asking = self._asking
        if asking is None or asking[:2] != key:
            last = self._leader if phase == _COUNT else self._last_player()
            asking = self._asking = (*key, self._rules.claim_order(last))
        return asking[2]

    def _last_player(self) -> int:
        """The seat that played the last card of this deal (some card has been played)."""
        trick = self._trick
        if trick:
            return self._rules.play_order(self._leader)[len(trick) - 1]
        return self._rules.play_order(self._tricks[-1].leader)[-1]

    def decide(self, choice: Choice) -> list[Event]:
        """Answer the [`pending()`][sueca_rules.Match.pending] decision with `choice`, one of its
        `options` (a card in any form [`play()`][sueca_rules.Match.play] takes), and return what
        happened. A choice that is not among the options raises
        [`IllegalPlayError`][sueca_rules.IllegalPlayError] and changes nothing. When the last seat
        of the count's claim round has answered, the deal is scored."""
        decision = self.pending()
        if decision is None:
            if self._phase == _OVER:
                raise IllegalPlayError("no decision is due: the match is over", rule="not_now")
            raise IllegalPlayError(
                "no decision is due: the next deal has not been dealt yet (call deal_random() "
                "or deal_hands())",
                rule="not_now",
            )
        seat = decision.seat
        kind = decision.kind
        if kind == "card":
            return self.play(choice)  # play() checks any value
        if kind == "trump":
            return self._choose(choice)
        if not decision.accepts(choice):
            allowed = ", ".join(_word(o) for o in decision.options)
            raise IllegalPlayError(
                f"seat {seat} is asked whether it {_ASKED[kind]}: {_word(choice)} is not an "
                f"answer; it may answer {allowed}",
                seat=seat,
                rule="not_an_option",
            )
        if kind == "redeal":
            return self.redeal(seat) if choice is True else self.keep_hand(seat)
        # a claim: the seat has answered, whatever it says
        round_ = self._asking
        assert round_ is not None
        events: list[Event] = []
        if choice is not False:
            against = choice if self._rules.accuse_player else None
            events = self.claim(seat, against)  # type: ignore[arg-type]  # a seat: accepts()
        if self._asking is round_:  # the deal goes on: the next seat of the round is asked
            self._asking = (round_[0], round_[1], round_[2][1:])
            if self._phase == _COUNT and not round_[2][1:]:
                self._score_deal(events)
        return events

    # --- ending a deal ------------------------------------------------------------------

    def _score_deal(self, events: list[Event]) -> None:
        p0, p1 = self._points
        rules = self._rules
        games = [self._penalties[0], self._penalties[1]]
        if p0 == p1:
            self._pending = rules.pending_after_tie(self._pending)
            self._finish_deal(events, "tie", None, (games[0], games[1]), False)
            return
        team = 0 if p0 > p1 else 1
        won, bandeira = rules.games_for(
            self._points[team], self._tricks_won[team] == 10, self._pending
        )
        self._pending = 0
        games[team] += won
        self._finish_deal(events, "won", team, (games[0], games[1]), bandeira)

    def _finish_deal(
        self,
        events: list[Event],
        result: DealOutcome,
        team: int | None,
        games: tuple[int, int],
        bandeira: bool,
        *,
        redeal: int | None = None,
    ) -> None:
        number = self._deal_no
        points = (self._points[0], self._points[1])
        tricks_won = (self._tricks_won[0], self._tricks_won[1])
        score = (self._games[0] + games[0], self._games[1] + games[1])
        won = None if result == "redeal" else self._rules.partida_winner(score, team, bandeira)
        self._deal_no = number + 1
        self._deals.append(
            DealResult(
                number=number,
                partida=self.partida,
                dealer=self._dealer,
                trump_card=CARDS[self._trump_card],
                # tuple(cards_from_mask(m)) for each hand, made without the lists
                hands=tuple(
                    [
                        _SPADES[m & 0x3FF]
                        + _HEARTS[m >> 10 & 0x3FF]
                        + _DIAMONDS[m >> 20 & 0x3FF]
                        + _CLUBS[m >> 30 & 0x3FF]
                        for m in self._dealt
                    ]
                ),
                plays=tuple(self._plays),
                claims=tuple(self._claims),
                tricks=self._tricks,
                points=points,
                tricks_won=tricks_won,
                result=result,
                games=games,
                team=team,
                bandeira=bandeira,
                revokes=tuple(self._revokes),
                redeal=redeal,
                penalties=(self._penalties[0], self._penalties[1]),
                partida_winner=won,
            )
        )
        events.append(_new(DealScored, (number, result, points, tricks_won, games, team, bandeira)))
        self._phase = _DEAL
        self._clear_deal()
        if result != "redeal":
            self._games = [score[0], score[1]]
            if won is not None and self._end_partida(events, won):
                return
            self._dealer = self._rules.next_dealer(self._dealer)
        if self._auto:
            self._next_deal(events)

    def _end_partida(self, events: list[Event], won: int) -> bool:
        """Team `won` won the partida: end it (and the match, if that was its last). Returns
        whether the match is over."""
        score = self._games
        events.append(PartidaWon(self.partida, won, (score[0], score[1])))
        # Each partida starts from nothing: a 60-60 still pending when a penalty ends the
        # partida is dropped, never carried into the next one (contract, "Partida boundaries").
        self._pending = 0
        self._partidas[won] += 1
        if self._partidas[won] >= self._rules.partidas_to_win:
            self._phase = _OVER
            events.append(MatchWon(won, (self._partidas[0], self._partidas[1])))
            return True
        self._games = [0, 0]
        return False

    def _next_deal(self, events: list[Event]) -> None:
        # deal_random() in phase "deal", without its checks (a deal has just ended, or none began)
        if self._rules.trump_dealer_choice:
            self._phase = _TRUMP
            self._turn = self._dealer
        else:
            events += self._deal_shuffled(None)

    def _require_phase(self, phase: Phase, action: str) -> None:
        if self._phase != phase:
            raise self._phase_error(action)

    def _phase_error(self, action: str) -> IllegalPlayError:
        """Why `action` cannot be done in the current phase."""
        if self._phase == _OVER:
            return IllegalPlayError(f"cannot {action}: the match is over", rule="not_now")
        waiting = {
            _DEAL: "the next deal has not been dealt yet",
            _TRUMP: f"the dealer (seat {self._dealer}) is to choose the trump card",
            _REDEAL: f"seat {self._turn} is being asked whether it wants a new deal",
            _PLAY: f"deal {self._deal_no} is being played",
            _COUNT: f"the tricks of deal {self._deal_no} are being counted",
        }[self._phase]
        return IllegalPlayError(f"cannot {action}: {waiting}", rule="not_now")

    def _no_play(self) -> IllegalPlayError:
        if self._phase == _DEAL:
            return IllegalPlayError(
                "no card can be played: the next deal has not been dealt yet (call "
                "deal_random() or deal_hands())",
                rule="not_now",
            )
        error = self._phase_error("play a card")
        if self._phase != _OVER:
            # What a loop that only plays cards trips on under brasil or portugal-table.
            error = IllegalPlayError(
                f"{error.reason} (match.phase says what is due; "
                "sueca_rules.bots.advance(match, bots) makes whatever decision is due)",
                rule="not_now",
            )
        return error

    # --- the state ----------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The variant (rule set) of this match."""
        return self._setup[0]

    @property
    def rules(self) -> Rules:
        """The variant compiled for the engine."""
        return self._rules

    @property
    def seed(self) -> int | str:
        """The seed the shuffles come from."""
        return self._setup[1]

    @property
    def phase(self) -> Phase:
        """What is due now (see [`Phase`][sueca_rules.Phase]): `"deal"`, `"trump"`, `"redeal"`,
        `"play"`, `"count"` or `"over"`."""
        return self._phase

    @property
    def auto_deal(self) -> bool:
        """Whether each deal is dealt at random as soon as the previous one ends (the `deal`
        argument). Setting it to `True` on a match waiting in phase `"deal"` deals at once (or waits
        for the dealer's choice)."""
        return self._auto

    @auto_deal.setter
    def auto_deal(self, value: bool) -> None:
        self._auto = bool(value)
        if self._auto and self._phase == _DEAL:
            self._next_deal([])

    @property
    def is_over(self) -> bool:
        """Whether the match is over."""
        return self._phase == _OVER

    @property
    def winner(self) -> int | None:
        """The team that won the match (0 or 1), or `None` while it goes on."""
        if self._phase != _OVER:
            return None
        # the team whose partidas ended the match (the other cannot have reached as many)
        return 0 if self._partidas[0] >= self._rules.partidas_to_win else 1

    @property
    def turn(self) -> int | None:
        """The seat whose decision is due: the seat to play (`"play"`), the dealer choosing the
        trump card (`"trump"`), the seat asked about a new deal (`"redeal"`); `None` in the other
        phases (at the count any seat may claim)."""
        return self._turn if self._phase in _DECIDING else None

    @property
    def first_dealer(self) -> int:
        """The dealer of the match's first deal."""
        return self._setup[2]

    @property
    def dealer(self) -> int:
        """The dealer of the current deal (or of the next one, between deals)."""
        return self._dealer

    @property
    def trump_card(self) -> Card | None:
        """The card turned up in the current deal (`None` when no deal is on the table)."""
        return CARDS[self._trump_card] if self._phase in _DEALT else None

    @property
    def trump(self) -> Suit | None:
        """The trump suit of the current deal (`None` when no deal is on the table)."""
        return Suit(self._trump_card // 10) if self._phase in _DEALT else None

    @property
    def trump_card_in_hand(self) -> bool:
        """Whether the dealer still holds the turned card (it is shown until played)."""
        # the dealer holds it until it is played (no dealer holds it between deals)
        return bool(self._hands[self._dealer] >> self._trump_card & 1)

    def hand(self, seat: int) -> list[Card]:
        """The cards `seat` holds now (hidden information: do not show it to the others)."""
        return cards_from_mask(self._hands[check_seat(seat)])

    @property
    def dealt_hands(self) -> tuple[tuple[Card, ...], ...]:
        """The four hands of the current deal as they were dealt, by seat (hidden
        information; empty hands when no deal is on the table)."""
        return tuple(tuple(cards_from_mask(m)) for m in self._dealt)

    @property
    def trick_leader(self) -> int:
        """The seat that led (or will lead) the current trick."""
        return self._leader

    @property
    def trick(self) -> list[tuple[int, Card]]:
        """The current trick as `(seat, card)` pairs in play order."""
        order = self._rules.play_order(self._leader)
        return list(zip(order, self._trick, strict=False))  # the trick so far

    @property
    def tricks(self) -> list[Trick]:
        """The completed tricks of the current deal."""
        return list(self._tricks)

    @property
    def plays(self) -> list[Card]:
        """The cards played in the current deal, in order."""
        return self._plays.copy()

    @property
    def claims(self) -> list[Claim]:
        """The renúncia claims made in the current deal, in order."""
        return list(self._claims)

    @property
    def penalties(self) -> tuple[int, int]:
        """Games of false-claim penalties waiting for the end of the current deal, by team
        (`after_false_claim: play_on`)."""
        return self._penalty_games()

    @property
    def points(self) -> tuple[int, int]:
        """Card points of each team in the current deal so far."""
        return self._points[0], self._points[1]

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks won by each team in the current deal so far."""
        return self._tricks_won[0], self._tricks_won[1]

    @property
    def games(self) -> tuple[int, int]:
        """Games of each team in the current partida (the last one once the match is over)."""
        return self._games[0], self._games[1]

    @property
    def partidas(self) -> tuple[int, int]:
        """Partidas won by each team."""
        return self._partidas[0], self._partidas[1]

    @property
    def partida(self) -> int:
        """The current partida, from 0 (once the match is over, its last one)."""
        won = self._partidas[0] + self._partidas[1]
        return won - 1 if self._phase == _OVER else won

    @property
    def pending_ties(self) -> int:
        """60-60 ties waiting to be carried into the next deal won."""
        return self._pending

    @property
    def deal_number(self) -> int:
        """The number of the current (or next) deal, from 1."""
        return self._deal_no

    @property
    def deals(self) -> list[DealResult]:
        """The finished deals, in order."""
        return self._deals.copy()

    @property
    def revokes(self) -> list[Revoke]:
        """Renúncias played so far in the current deal (hidden information: a table sees
        them only when someone claims)."""
        return list(self._revokes)

    # --- observation, cloning -----------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """What `seat` may know now: its own hand, the turned card, every card played, who has shown
        a void, the claims, the scores — never the other hands."""
        phase = self._phase
        dealt = phase in _DEALT
        hands = self._hands
        given = self._dealt
        hand = hands[check_seat(seat)]
        held = tuple(cards_from_mask(hand))
        turn = self._turn if phase in _DECIDING else None
        trick = self._trick
        rules = self._rules
        legal: tuple[Card, ...] = ()
        playable: tuple[Card, ...] = ()
        if turn == seat and phase == _PLAY:
            allowed = legal_mask(hand, trick)
            legal = held if allowed == hand else tuple(cards_from_mask(allowed))
            playable = held if rules.revoke_claimable else legal
        # tuple.__new__ rather than the named tuple's own (Python) __new__: the same tuple,
        # made without a call, for bots that ask for one before every card.
        return _new(
            Observation,
            (
                seat,
                rules,
                phase,
                self._deal_no,
                self.partida,
                self._dealer,
                _SUITS[self._trump_card // 10] if dealt else None,
                CARDS[self._trump_card] if dealt else None,
                dealt and bool(hands[self._dealer] >> self._trump_card & 1),
                held,
                hand,
                turn,
                legal,
                self._leader,
                tuple(trick),
                self._tricks,
                # the cards played in this deal: the cards dealt that no hand holds now
                (given[0] | given[1] | given[2] | given[3])
                ^ (hands[0] | hands[1] | hands[2] | hands[3]),
                self._voids,
                (
                    hands[0].bit_count(),
                    hands[1].bit_count(),
                    hands[2].bit_count(),
                    hands[3].bit_count(),
                ),
                (self._points[0], self._points[1]),
                (self._tricks_won[0], self._tricks_won[1]),
                (self._games[0], self._games[1]),
                (self._partidas[0], self._partidas[1]),
                self._pending,
                playable,
                rules.revoke_claimable and phase in (_PLAY, _COUNT),
                tuple(self._claims),
                self._penalty_games(),
                phase == _REDEAL and turn == seat and self.may_redeal(seat),
                self._setup[3],
            ),
        )

    def clone(self) -> Self:
        """An independent copy of the whole state (cheap: a few small lists are copied)."""
        new = type(self).__new__(type(self))
        state = self.__dict__.copy()
        # Every mutable list of the state (the rest is immutable): written out, for speed.
        state["_hands"] = self._hands[:]
        state["_plays"] = self._plays[:]
        state["_claims"] = self._claims[:]
        state["_revokes"] = self._revokes[:]
        state["_trick"] = self._trick[:]
        state["_points"] = self._points[:]
        state["_tricks_won"] = self._tricks_won[:]
        state["_penalties"] = self._penalties[:]
        state["_games"] = self._games[:]
        state["_partidas"] = self._partidas[:]
        state["_deals"] = self._deals[:]
        new.__dict__ = state
        return new

    def undo(self) -> Card:
        """Take back the last card of the deal on the table (and any claim made after it), and
        return it: the match is as it was before that card, as python-chess's `Board.pop()`
        (the claim round before that card counts as answered: the card is the decision due).

        Only cards of the current deal can be taken back: once a deal is scored (its events sent,
        the next one dealt), it stays. Raises [`IllegalPlayError`][sueca_rules.IllegalPlayError]
        and changes nothing when no card of this deal has been played. It replays the deal, so it
        costs some tens of microseconds; a search that tries many cards is faster on
        [`clone()`][sueca_rules.Match.clone] copies.
        """
        if self._phase not in _DEALT or not self._plays:
            if self._phase == _OVER:
                raise IllegalPlayError(
                    "no card can be taken back: the match is over", rule="not_now"
                )
            raise IllegalPlayError(
                f"no card of deal {self._deal_no} has been played: nothing to take back "
                "(a deal that was scored stays scored)",
                rule="not_now",
            )
        plays = self._plays[:-1]
        claims = [c for c in self._claims if c.after <= len(plays)]
        last = self._plays[-1]
        dealt, turned = list(self._dealt), self._trump_card
        auto, self._auto = self._auto, False
        self._clear_deal()
        self._phase = _DEAL
        self._start_deal(dealt, turned)
        if self._rules.has_redeal:  # every seat asked kept its hand: a card was played
            for seat in self._asked():
                self.keep_hand(seat)
        self._replay(plays, claims)
        self._auto = auto
        # The card was due, so the claim round before it had been answered.
        self._asking = (self._deal_no, len(plays), ())
        return last

    def _replay(self, plays: Sequence[Card], claims: Sequence[Claim]) -> None:
        """Play `plays` and make `claims` (each after its `after`-th card) on the deal just
        dealt."""
        pending = sorted(claims, key=lambda c: c.after)
        for number in range(len(plays) + 1):
            while pending and pending[0].after == number:
                claim = pending.pop(0)
                self.claim(claim.by, claim.against)
            if number < len(plays):
                self.play(plays[number])

    def position_key(self) -> tuple[object, ...]:
        """The position as a hashable value: equal for two matches in the same position, whatever
        the moves that led there, so it can be compared and kept in a set or a transposition table
        (a `Match` itself is mutable, and compares by identity).

        The position is what decides everything from now on: the rules, the score (games,
        partidas, pending ties, deal number), the dealer, the hands as dealt and the turned card,
        this deal's cards and claims in order, and the seat whose decision is due. Finished deals
        are not part of it, nor the seed (which only shuffles the deals to come), nor the claim
        round of [`pending()`][sueca_rules.Match.pending] (which seats are still to be asked
        whether they claim a renúncia after the last card: `from_observation()` starts it
        afresh, `undo()` counts it as answered), so a search that answers claim rounds with
        `decide()` keeps [`claim_round`][sueca_rules.Match.claim_round] beside the key.
        """
        return (
            self._rules,
            self._phase,
            self._deal_no,
            self._dealer,
            tuple(self._games),
            tuple(self._partidas),
            self._pending,
            self._dealt,
            self._trump_card,
            tuple(self._plays),
            tuple(self._claims),
            self._turn if self._phase in _DECIDING else None,
        )

    @classmethod
    def from_observation(
        cls,
        observation: Observation,
        hands: Sequence[Iterable[Card | int | str] | None],
        *,
        seed: int | str | SupportsIndex | None = None,
    ) -> Self:
        """A match in the position an observation describes, with `hands` as the cards each seat
        holds now: the observer's own (give it, or `None`) and a guess at the three hidden ones.
        This is how a bot searches without cheating: guess the hidden hands consistently with the
        [`Observation`][sueca_rules.Observation], build the position, try cards on it.

        The hands must fit what the observer knows: as many cards as `hand_sizes` says, none of
        them played, the turned card with the dealer while `trump_card_in_hand`, and, under
        `revoke.mode: prevented`, no card of a suit a seat has not followed. The match has the
        observation's variant, score, dealer, turned card, this deal's cards and claims (replayed,
        in order), and the same decision due; earlier deals are not in it. Deals after this one
        are shuffled from `seed`. A claim round of [`pending()`][sueca_rules.Match.pending] starts
        afresh. Anything that does not fit raises `ConfigError` saying what, and so does an
        observation made or changed by hand that is not one a match makes (a field of the wrong
        kind, or one its cards and variant contradict).
        """
        if not isinstance(observation, Observation):
            raise ConfigError(
                f"from_observation() takes an Observation, not {cut(repr(observation))}"
            )
        variant = observation.variant
        if variant is None:
            raise ConfigError(
                "this observation does not name its variant (it was not made by "
                "Match.observation()): give it one with observation._replace(variant=...)"
            )
        if observation.phase not in _DEALT:
            raise ConfigError(
                f"no deal is on the table in this observation (phase {observation.phase!r}): "
                "there are no hands to guess; a position can be built in phases 'redeal', "
                "'play' and 'count'"
            )
        problem = observation_problem(observation)
        if problem is not None:
            raise ConfigError(f"{problem}: an Observation as Match.observation() makes it")
        masks = _position_hands(observation, hands)
        try:
            match = cls._position(observation, masks, seed)
        except IllegalPlayError as exc:
            raise ConfigError(f"this observation does not hold together: {exc.reason}") from None
        rebuilt = match.observation(observation.seat)
        if rebuilt != observation:
            if match._phase not in _DEALT or match._deal_no != observation.deal:
                raise ConfigError(
                    "the hands do not fit the observation: a claim made in this deal would catch "
                    "a renúncia with these hands (it was not caught), so they cannot be right"
                )
            wrong = [
                f for f in Observation._fields if getattr(rebuilt, f) != getattr(observation, f)
            ]
            named = ", ".join(f"observation.{f}" for f in wrong)
            raise ConfigError(
                f"this observation does not hold together: {named} "
                f"{'does' if len(wrong) == 1 else 'do'} not match what its cards and its variant "
                "give (an Observation as Match.observation() makes it)"
            )
        match._auto = True
        return match

    @classmethod
    def _position(
        cls, observation: Observation, masks: list[int], seed: int | str | SupportsIndex | None
    ) -> Self:
        """The match of `from_observation()`, built (`masks`: the hands now, checked)."""
        variant = observation.variant
        assert variant is not None
        match = cls(variant, seed=seed, first_dealer=observation.dealer, deal=False)
        match._dealer = observation.dealer
        match._games = [*observation.games]
        match._partidas = [*observation.partidas]
        match._pending = observation.pending_ties
        match._deal_no = observation.deal
        plays = observation.plays
        dealt = list(masks)
        for seat, card in plays:
            dealt[seat] |= 1 << card
        assert observation.trump_card is not None  # a deal is on the table
        match.deal_hands([cards_from_mask(m) for m in dealt], observation.trump_card)
        if observation.phase != _REDEAL:
            while match._phase == _REDEAL:
                match.keep_hand(match._turn)
        elif observation.turn is not None:
            while match._turn != observation.turn:
                match.keep_hand(match._turn)
        # A card these hands make illegal (a void cleared by hand) is refused by the caller.
        match._replay([card for _, card in plays], observation.claims)
        return match

    def __repr__(self) -> str:
        state = f"deal {self.deal_number}, {self._phase}"
        if self._phase == _OVER:
            state = f"won by team {self.winner}"
        return (
            f"<{type(self).__name__} {self._setup[0].name!r} games {self._games[0]}-"
            f"{self._games[1]} partidas {self._partidas[0]}-{self._partidas[1]} ({state})>"
        )
