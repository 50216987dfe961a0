"""The engine: a match of Sueca under any variant.

:class:`Match` holds the whole state of a match (every hand included) and enforces its variant:
dealing, turns, following suit, tricks, renúncia claims, deal scoring with tiers, bandeira and
60-60 ties, partidas and the match. It does no I/O and keeps no global state; randomness comes
only from the seed it is given, so many matches can run side by side and every run can be
repeated.

Cards are small integers inside (see :mod:`sueca_rules._cards`); the API takes cards as
:class:`~sueca_rules.Card`, ``int`` or notation (``"7H"``) and hands out :class:`Card` values.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Final, Literal, NamedTuple

from ._cards import (
    CARDS,
    POINTS,
    SUIT_MASKS,
    SUIT_NAMES,
    Card,
    Suit,
    cards_from_mask,
    parse_card,
)
from ._errors import CardError, IllegalPlayError
from ._events import (
    CardPlayed,
    Claim,
    ClaimMade,
    DealOutcome,
    DealResult,
    DealScored,
    DealStarted,
    Event,
    MatchWon,
    PartidaWon,
    Revoke,
    Trick,
    TrickWon,
)
from ._registry import builtin_ids, resolve_variant
from ._rules import BEATS, Rules, legal_mask, team_of

if TYPE_CHECKING:
    from ._record import Record
    from ._variant import Variant

__all__ = ["Match", "Observation", "Phase"]

Phase = Literal["deal", "play", "over"]
"""The stage of a match: ``"play"`` while a card is due, ``"deal"`` while waiting for the next
deal, ``"over"`` once the match is won."""
_DEAL: Final = "deal"
_PLAY: Final = "play"
_OVER: Final = "over"
_SUITS = tuple(Suit)


def _card_int(card: Card | int | str, seat: int | None = None) -> int:
    """A card given as a :class:`Card`, its number or its notation; anything else is an
    :class:`IllegalPlayError` (nothing can be played or dealt that is not a card)."""
    if isinstance(card, str):
        try:
            return int(parse_card(card))
        except CardError as exc:
            raise IllegalPlayError(str(exc), seat=seat) from None
    if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < 40:
        raise IllegalPlayError(
            f"{card!r} is not a card: give a Card, a card number 0..39 or notation such as '7H'",
            seat=seat,
        )
    return int(card)


def _is_seat(seat: object) -> bool:
    """Whether ``seat`` is a seat: a whole number 0..3 (not a bool or a float)."""
    return type(seat) is int and 0 <= seat <= 3


def _seat(seat: int) -> int:
    """``seat`` checked (see :func:`_is_seat`)."""
    if not _is_seat(seat):
        raise ValueError(f"a seat is a whole number 0..3, not {seat!r}")
    return seat


class Observation(NamedTuple):
    """What one seat may know at a moment of the match — never another player's hand.

    Two states that differ only in cards hidden from ``seat`` give equal observations. Card
    sets are given both as sorted tuples (``hand``, ``legal``) and as 40-bit masks
    (``hand_mask``, ``played_mask``) for fast bots. An observation is an immutable named
    tuple: cheap to make (bots ask for one before every card), hashable, comparable.
    """

    seat: int
    """The seat this observation is for (0-3)."""
    rules: Rules
    """The compiled rules of the match's variant."""
    phase: Phase
    """``"play"``, ``"deal"`` or ``"over"``, as :attr:`Match.phase`."""
    deal: int
    """The deal's number in the match, from 1."""
    partida: int
    """The current partida, from 0."""
    dealer: int
    """The seat that dealt this deal."""
    trump: Suit | None
    """The trump suit, the suit of ``trump_card`` (``None`` when no deal is being played)."""
    trump_card: Card | None
    """The card the dealer turned up: everyone saw it (``None`` when no deal is being
    played)."""
    trump_card_in_hand: bool
    """``True`` while the dealer still holds the turned card."""
    hand: tuple[Card, ...]
    """This seat's cards, by suit (S H D C) and strongest first."""
    hand_mask: int
    """``hand`` as a 40-bit mask: bit ``c`` is set when this seat holds card ``c``."""
    turn: int | None
    """The seat to play, ``None`` when no card is due."""
    legal: tuple[Card, ...]
    """The cards this seat may play now (empty unless it is this seat's turn)."""
    trick_leader: int
    """The seat that led, or is to lead, the current trick."""
    trick: tuple[Card, ...]
    """The cards of the current trick, in play order from ``trick_leader``."""
    tricks: tuple[Trick, ...]
    """The completed tricks of this deal."""
    played_mask: int
    """Every card played in this deal, the current trick included."""
    void_mask: int
    """Bit ``4 * seat + suit`` is set when ``seat`` showed by play that it has no ``suit``
    (it did not follow that suit when it was led). With ``revoke.mode: claimable`` a player
    who revoked looks void but is not: nobody can tell until someone claims."""
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
    """60-60 ties waiting to be carried into the next deal won (see ``scoring.tie``)."""

    def is_void(self, seat: int, suit: Suit | int) -> bool:
        """Whether ``seat`` has shown by play that it holds no card of ``suit``."""
        return bool(self.void_mask >> (4 * seat + suit) & 1)

    @property
    def unseen_mask(self) -> int:
        """The cards held by the other three players (as far as this seat can tell)."""
        return ((1 << 40) - 1) & ~self.hand_mask & ~self.played_mask


class Match:
    """A match of Sueca under one variant: the full state, with every hand.

    >>> from sueca_rules import Match
    >>> match = Match("portugal", seed=7)
    >>> while not match.is_over:
    ...     _ = match.play(match.legal_cards()[0])
    >>> match.winner in (0, 1)
    True

    ``variant`` is a :class:`~sueca_rules.Variant`, a built-in id or a path to a variant file.
    ``seed`` makes the shuffles (and a random first dealer) repeatable; each deal is shuffled
    from the seed and the deal number alone, so the same seed always deals the same cards.
    ``first_dealer`` overrides the variant's. With ``deal=False`` the match waits for
    :meth:`deal_hands` (cards of a physical game, or a record) or :meth:`deal_random`;
    otherwise every deal is dealt at random as soon as the previous one ends. (The first deal
    is then dealt here, so no call returns its :class:`~sueca_rules.DealStarted` event: read
    :attr:`dealer` and :attr:`trump_card`, or make the match with ``deal=False`` and call
    :meth:`deal_random` to receive it.)
    """

    def __init__(
        self,
        variant: Variant | str | Path = "portugal",
        *,
        seed: int | str | None = None,
        rng: random.Random | None = None,
        first_dealer: int | None = None,
        deal: bool = True,
    ) -> None:
        resolved = resolve_variant(variant)
        self._variant = resolved
        self._ref: str | None = None
        if isinstance(variant, str) and variant in builtin_ids():
            self._ref = variant
        elif isinstance(variant, str | Path):
            self._ref = str(Path(variant).resolve())
        rules = Rules.from_variant(resolved)
        self._rules = rules
        self._next = rules.next_seat
        if seed is None:
            seed = rng.getrandbits(64) if rng is not None else secrets.randbits(64)
        self._seed: int | str = seed
        if first_dealer is None:
            first_dealer = rules.first_dealer
        if first_dealer is None:
            first_dealer = random.Random(f"{seed}:first-dealer").randrange(4)
        if first_dealer not in (0, 1, 2, 3):
            raise IllegalPlayError(f"the first dealer must be a seat 0..3, got {first_dealer!r}")
        self._first_dealer = first_dealer
        self._auto = deal
        self._phase: Phase = _DEAL
        self._dealer = first_dealer
        self._partida = 0
        self._games = [0, 0]
        self._partidas = [0, 0]
        self._pending = 0
        self._winner: int | None = None
        self._deals: list[DealResult] = []
        self._clear_deal()
        if deal:
            self.deal_random()

    def _clear_deal(self) -> None:
        self._hands = [0, 0, 0, 0]
        self._dealt: tuple[int, int, int, int] = (0, 0, 0, 0)
        self._trump_card = 0
        self._trump = 0
        self._shown = False
        self._plays: list[int] = []
        self._claims: list[Claim] = []
        self._revokes: list[Revoke] = []
        self._tricks: list[Trick] = []
        self._trick: list[int] = []
        self._leader = 0
        self._turn = 0
        self._win_seat = 0
        self._win_card = 0
        self._points = [0, 0]
        self._tricks_won = [0, 0]
        self._voids = 0
        self._played = 0

    # --- dealing ------------------------------------------------------------------------

    def deal_random(self) -> list[Event]:
        """Shuffle and deal the next deal as the variant says (``deal.trump_card``/``order``).

        The shuffle depends only on the match seed and the deal number.
        """
        self._require_phase(_DEAL, "deal")
        deck = list(range(40))
        random.Random(f"{self._seed}:deal:{len(self._deals) + 1}").shuffle(deck)
        order = self._rules.deal_order(self._dealer)
        hands = [0, 0, 0, 0]
        for i, seat in enumerate(order):
            mask = 0
            for c in deck[10 * i : 10 * i + 10]:
                mask |= 1 << c
            hands[seat] = mask
        turned = deck[0] if self._rules.trump_dealer_first else deck[39]
        return self._start_deal(hands, turned)

    def deal_hands(
        self, hands: Sequence[Iterable[Card | int | str]], trump_card: Card | int | str
    ) -> list[Event]:
        """Deal given hands (by seat, ten cards each: the whole deck) with ``trump_card``, which
        must be in the dealer's hand. Use it to enter a physical game or to replay a record."""
        self._require_phase(_DEAL, "deal")
        if len(hands) != 4:
            raise IllegalPlayError(f"a deal has 4 hands, got {len(hands)}")
        masks = [0, 0, 0, 0]
        seen: dict[int, int] = {}
        for seat, hand in enumerate(hands):
            cards = [_card_int(c) for c in hand]
            if len(cards) != 10:
                raise IllegalPlayError(
                    f"seat {seat} has {len(cards)} cards; every hand has 10", seat=seat
                )
            for c in cards:
                if c in seen:
                    where = "twice" if seen[c] == seat else f"and seat {seen[c]} holds it too"
                    raise IllegalPlayError(
                        f"seat {seat} holds {CARDS[c]} {where}", seat=seat, card=str(CARDS[c])
                    )
                seen[c] = seat
                masks[seat] |= 1 << c
        turned = _card_int(trump_card)
        if not masks[self._dealer] >> turned & 1:
            raise IllegalPlayError(
                f"the trump card {CARDS[turned]} must be in the dealer's hand (seat "
                f"{self._dealer} holds {' '.join(map(str, cards_from_mask(masks[self._dealer])))})",
                seat=self._dealer,
                card=str(CARDS[turned]),
            )
        return self._start_deal(masks, turned)

    def _start_deal(self, hands: list[int], turned: int) -> list[Event]:
        self._clear_deal()
        self._hands = hands
        self._dealt = (hands[0], hands[1], hands[2], hands[3])
        self._trump_card = turned
        self._trump = turned // 10
        self._shown = True
        leader = self._rules.first_leader(self._dealer)
        self._leader = self._turn = leader
        self._phase = _PLAY
        return [
            DealStarted(len(self._deals) + 1, self._partida, self._dealer, CARDS[turned], leader)
        ]

    # --- playing ------------------------------------------------------------------------

    def legal_cards(self) -> list[Card]:
        """The cards the player to move may play under the follow-suit rule, strongest first
        by suit (S H D C). Empty when no card is due (between deals, or the match is over).

        With ``revoke.mode: claimable`` any card in hand *can* be played (see
        :meth:`playable_cards`), but only these follow the rules.
        """
        if self._phase != _PLAY:
            return []
        return cards_from_mask(legal_mask(self._hands[self._turn], self._trick))

    def playable_cards(self) -> list[Card]:
        """The cards :meth:`play` accepts now: the legal cards, or with ``revoke.mode:
        claimable`` the whole hand of the player to move (a renúncia can be played, and
        claimed)."""
        if self._phase != _PLAY:
            return []
        if self._rules.revoke_claimable:
            return cards_from_mask(self._hands[self._turn])
        return self.legal_cards()

    def play(self, card: Card | int | str) -> list[Event]:
        """Play ``card`` for the player whose turn it is and return what happened.

        Raises :class:`~sueca_rules.IllegalPlayError` (and changes nothing) when ``card`` is not
        a card, is not in that player's hand, does not follow suit when it must (unless
        renúncias are ``claimable``), or no card is due. Ending a deal scores it, ends
        partidas and the match, and (unless the match was made with ``deal=False``) deals the
        next deal.
        """
        if self._phase != _PLAY:
            raise self._no_play()
        seat = self._turn
        c = _card_int(card, seat) if type(card) is not Card else card
        hand = self._hands[seat]
        bit = 1 << c
        if not hand & bit:
            raise IllegalPlayError(
                f"seat {seat} does not hold {CARDS[c]}",
                seat=seat,
                card=str(CARDS[c]),
                legal=[str(x) for x in self.legal_cards()],
            )
        trick = self._trick
        suit = led = c // 10
        revoke = False
        if trick:
            led = trick[0] // 10
            if suit != led and hand & SUIT_MASKS[led]:
                if not self._rules.revoke_claimable:
                    raise IllegalPlayError(
                        f"seat {seat} must follow {SUIT_NAMES[led]}",
                        seat=seat,
                        card=str(CARDS[c]),
                        legal=[str(x) for x in self.legal_cards()],
                    )
                revoke = True
        # From here on the play is legal: change the state.
        self._hands[seat] = hand ^ bit
        self._played |= bit
        plays = self._plays
        plays.append(c)
        if revoke:
            self._revokes.append(Revoke(len(plays), seat, CARDS[c]))
        if c == self._trump_card:
            self._shown = False
        trick.append(c)
        deal_no = len(self._deals) + 1
        trick_no = len(self._tricks) + 1
        events: list[Event] = [CardPlayed(deal_no, trick_no, seat, CARDS[c])]
        if len(trick) == 1:
            self._win_seat = seat
            self._win_card = c
        else:
            if suit != led:
                self._voids |= 1 << (4 * seat + led)
            # The trick's winner is kept as it goes (the rule is :func:`beats`, as a table).
            if BEATS[self._trump][self._win_card * 40 + c]:
                self._win_seat = seat
                self._win_card = c
        if len(trick) < 4:
            self._turn = self._next[seat]
            return events
        # The trick is complete.
        winner = self._win_seat
        points = POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]] + POINTS[trick[3]]
        team = team_of(winner)
        self._points[team] += points
        self._tricks_won[team] += 1
        cards = (CARDS[trick[0]], CARDS[trick[1]], CARDS[trick[2]], CARDS[trick[3]])
        self._tricks.append(Trick(self._leader, cards, winner, points))
        events.append(TrickWon(deal_no, trick_no, winner, cards, points))
        self._trick = []
        self._leader = self._turn = winner
        if trick_no == 10:
            self._score_deal(events)
        return events

    def claim(self, seat: int) -> list[Event]:
        """Seat ``seat`` claims a renúncia (only with ``revoke.mode: claimable``).

        If a player of the other team revoked earlier in this deal, the deal ends and the
        claiming team scores ``revoke.penalty_games``. Otherwise ``revoke.false_claim`` applies:
        the deal ends and the other team scores the penalty, or the claim is ignored and play
        goes on. Any seat may claim at any moment of a deal, in turn or not.
        """
        if not _is_seat(seat):
            raise IllegalPlayError(f"a claim is made by a seat 0..3, not {seat!r}")
        if not self._rules.revoke_claimable:
            raise IllegalPlayError(
                "renúncia cannot be claimed under this variant: with revoke.mode: prevented "
                "nobody can fail to follow suit",
                seat=seat,
            )
        if self._phase != _PLAY:
            raise IllegalPlayError(
                "a renúncia can only be claimed while a deal is being played", seat=seat
            )
        team = team_of(seat)
        caught = next((r for r in self._revokes if team_of(r.seat) != team), None)
        self._claims.append(Claim(len(self._plays), seat))
        deal_no = len(self._deals) + 1
        if caught is None and not self._rules.false_claim_penalizes:
            return [ClaimMade(deal_no, seat, False, True, None)]
        events: list[Event] = [ClaimMade(deal_no, seat, caught is not None, False, caught)]
        scoring_team = team if caught is not None else 1 - team
        games = [0, 0]
        games[scoring_team] = self._rules.penalty_games
        self._finish_deal(events, "revoke", scoring_team, (games[0], games[1]), False)
        return events

    def _score_deal(self, events: list[Event]) -> None:
        p0, p1 = self._points
        rules = self._rules
        if p0 == p1:
            self._pending = rules.pending_after_tie(self._pending)
            self._finish_deal(events, "tie", None, (0, 0), False)
            return
        team = 0 if p0 > p1 else 1
        won, bandeira = rules.games_for(
            self._points[team], self._tricks_won[team] == 10, self._pending
        )
        self._pending = 0
        games = (won, 0) if team == 0 else (0, won)
        self._finish_deal(events, "won", team, games, bandeira)

    def _finish_deal(
        self,
        events: list[Event],
        result: DealOutcome,
        team: int | None,
        games: tuple[int, int],
        bandeira: bool,
    ) -> None:
        number = len(self._deals) + 1
        points = (self._points[0], self._points[1])
        tricks_won = (self._tricks_won[0], self._tricks_won[1])
        self._deals.append(
            DealResult(
                number=number,
                partida=self._partida,
                dealer=self._dealer,
                trump_card=CARDS[self._trump_card],
                hands=tuple(tuple(cards_from_mask(m)) for m in self._dealt),
                plays=tuple(CARDS[c] for c in self._plays),
                claims=tuple(self._claims),
                tricks=tuple(self._tricks),
                points=points,
                tricks_won=tricks_won,
                result=result,
                games=games,
                team=team,
                bandeira=bandeira,
                revokes=tuple(self._revokes),
            )
        )
        events.append(DealScored(number, result, points, tricks_won, games, team, bandeira))
        self._phase = _DEAL
        self._clear_deal()
        if team is not None:
            self._games[team] += games[team]
            rules = self._rules
            if (bandeira and rules.bandeira_wins_partida) or self._games[team] >= (
                rules.target_games
            ):
                events.append(PartidaWon(self._partida, team, (self._games[0], self._games[1])))
                self._partidas[team] += 1
                if self._partidas[team] >= rules.partidas_to_win:
                    self._phase = _OVER
                    self._winner = team
                    events.append(MatchWon(team, (self._partidas[0], self._partidas[1])))
                    return
                self._partida += 1
                self._games = [0, 0]
        self._dealer = self._rules.next_dealer(self._dealer)
        if self._auto:
            events.extend(self.deal_random())

    def _require_phase(self, phase: Phase, action: str) -> None:
        if self._phase == phase:
            return
        if self._phase == _OVER:
            raise IllegalPlayError(f"cannot {action}: the match is over")
        if self._phase == _PLAY:
            raise IllegalPlayError(f"cannot {action}: deal {len(self._deals) + 1} is being played")
        raise IllegalPlayError(f"cannot {action}: the next deal has not been dealt yet")

    def _no_play(self) -> IllegalPlayError:
        if self._phase == _OVER:
            return IllegalPlayError("no card can be played: the match is over")
        return IllegalPlayError(
            "no card can be played: the next deal has not been dealt yet (call deal_random() "
            "or deal_hands())"
        )

    # --- the state ----------------------------------------------------------------------

    @property
    def variant(self) -> Variant:
        """The variant (rule set) of this match."""
        return self._variant

    @property
    def rules(self) -> Rules:
        """The variant compiled for the engine."""
        return self._rules

    @property
    def seed(self) -> int | str:
        """The seed the shuffles come from."""
        return self._seed

    @property
    def phase(self) -> Phase:
        """``"play"`` while a deal is being played, ``"deal"`` while waiting for the next deal
        to be dealt (only with ``deal=False``), ``"over"`` when the match is over."""
        return self._phase

    @property
    def is_over(self) -> bool:
        """Whether the match is over."""
        return self._phase == _OVER

    @property
    def winner(self) -> int | None:
        """The team that won the match (0 or 1), or ``None`` while it goes on."""
        return self._winner

    @property
    def turn(self) -> int | None:
        """The seat to play, or ``None`` when no card is due."""
        return self._turn if self._phase == _PLAY else None

    @property
    def first_dealer(self) -> int:
        """The dealer of the match's first deal."""
        return self._first_dealer

    @property
    def dealer(self) -> int:
        """The dealer of the current deal (or of the next one, between deals)."""
        return self._dealer

    @property
    def trump_card(self) -> Card | None:
        """The card turned up in the current deal (``None`` between deals)."""
        return CARDS[self._trump_card] if self._phase == _PLAY else None

    @property
    def trump(self) -> Suit | None:
        """The trump suit of the current deal (``None`` between deals)."""
        return Suit(self._trump) if self._phase == _PLAY else None

    @property
    def trump_card_in_hand(self) -> bool:
        """Whether the dealer still holds the turned card (it is shown until played)."""
        return self._shown

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now (hidden information: do not show it to the others)."""
        return cards_from_mask(self._hands[_seat(seat)])

    @property
    def trick_leader(self) -> int:
        """The seat that led (or will lead) the current trick."""
        return self._leader

    @property
    def trick(self) -> list[tuple[int, Card]]:
        """The current trick as ``(seat, card)`` pairs in play order."""
        out = []
        seat = self._leader
        for c in self._trick:
            out.append((seat, CARDS[c]))
            seat = self._next[seat]
        return out

    @property
    def tricks(self) -> list[Trick]:
        """The completed tricks of the current deal."""
        return list(self._tricks)

    @property
    def plays(self) -> list[Card]:
        """The cards played in the current deal, in order."""
        return [CARDS[c] for c in self._plays]

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
        """The current partida, from 0."""
        return self._partida

    @property
    def pending_ties(self) -> int:
        """60-60 ties waiting to be carried into the next deal won."""
        return self._pending

    @property
    def deal_number(self) -> int:
        """The number of the current (or next) deal, from 1."""
        return len(self._deals) + 1

    @property
    def deals(self) -> list[DealResult]:
        """The finished deals, in order."""
        return list(self._deals)

    @property
    def revokes(self) -> list[Revoke]:
        """Renúncias played so far in the current deal (hidden information: a table sees
        them only when someone claims)."""
        return list(self._revokes)

    # --- observation, cloning, records --------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """What ``seat`` may know now: its own hand, the turned card, every card played, who
        has shown a void, the scores — never the other hands."""
        playing = self._phase == _PLAY
        hands = self._hands
        hand = hands[_seat(seat)]
        turn = self._turn if playing else None
        trick = self._trick
        return Observation(
            seat,
            self._rules,
            self._phase,
            len(self._deals) + 1,
            self._partida,
            self._dealer,
            _SUITS[self._trump] if playing else None,
            CARDS[self._trump_card] if playing else None,
            self._shown and playing,
            tuple(cards_from_mask(hand)),
            hand,
            turn,
            tuple(cards_from_mask(legal_mask(hand, trick))) if turn == seat else (),
            self._leader,
            tuple([CARDS[c] for c in trick]),
            tuple(self._tricks),
            self._played,
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
        )

    def clone(self) -> Match:
        """An independent copy of the whole state (cheap: a few small lists are copied)."""
        new = Match.__new__(Match)
        state = self.__dict__.copy()
        state["_hands"] = self._hands[:]
        state["_plays"] = self._plays[:]
        state["_claims"] = self._claims[:]
        state["_revokes"] = self._revokes[:]
        state["_tricks"] = self._tricks[:]
        state["_trick"] = self._trick[:]
        state["_points"] = self._points[:]
        state["_tricks_won"] = self._tricks_won[:]
        state["_games"] = self._games[:]
        state["_partidas"] = self._partidas[:]
        state["_deals"] = self._deals[:]
        new.__dict__ = state
        return new

    def to_record(self) -> Record:
        """The match as played so far, as a :class:`~sueca_rules.Record` (the game-record
        format of the records guide): every finished deal and the one being played."""
        from ._record import record_of

        return record_of(self, self._ref)

    @classmethod
    def from_record(
        cls,
        record: Record,
        *,
        base_dir: str | Path | None = None,
        allow_unfinished: bool = False,
        seed: int | str | None = None,
    ) -> Match:
        """Replay a record under its variant and return the match in its final state.

        A variant path in the record is relative to ``base_dir``: by default the record's
        folder when it was loaded from a file, the working directory for a record made in this
        process; a record parsed from text may name a variant file only when ``base_dir`` is
        given. Raises :class:`~sueca_rules.RecordError` naming the
        deal, trick, seat and card of the first rule the record breaks. A deal cut short
        without a claim is an error unless ``allow_unfinished`` (resuming a saved match in
        progress). With a ``seed``, deals after the record are dealt at random from it.
        """
        from ._record import replay_record

        return replay_record(
            cls, record, base_dir=base_dir, allow_unfinished=allow_unfinished, seed=seed
        )

    def __repr__(self) -> str:
        state = f"deal {self.deal_number}, {self._phase}"
        if self._winner is not None:
            state = f"won by team {self._winner}"
        return (
            f"<Match {self._variant.name!r} games {self._games[0]}-{self._games[1]} "
            f"partidas {self._partidas[0]}-{self._partidas[1]} ({state})>"
        )
