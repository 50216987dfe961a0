"""Deals built to order: sweeps, a lost zero-point trick, capote, 60-60 — for any variant.

A built deal is ``(hands, trump_card, plays)`` ready for ``Match.deal_hands`` and ``Match.play``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sueca_rules import Event, Match, Variant

Hands = list[list[str]]


@dataclass(frozen=True)
class BuiltDeal:
    hands: Hands
    trump_card: str
    plays: list[str]


NON_HEARTS = [r + s for s in "SDC" for r in "A7KJQ65432"]


def sweep(direction_next: tuple[int, ...], dealer: int, last: str) -> BuiltDeal:
    """The player after the dealer (L) holds nine hearts (trumps: the dealer turned 2H) and
    leads them all, then leads ``last``:

    * ``last="sweep"``: L's last card is AS, so L's team wins every trick and all 120 points;
    * ``last="lose_zero"``: L leads 2S and the dealer wins it with 6S over 4S and 3S — a trick
      with no points, so L's team has 120 points but only nine tricks;
    * ``last="capote"``: L leads 2S and the dealer wins it with AS: L's team has 109 points.
    """
    lead = direction_next[dealer]
    n1 = direction_next[lead]
    n2 = direction_next[n1]
    assert direction_next[n2] == dealer
    hearts = [r + "H" for r in "A7KJQ6543"]
    finals = {
        "sweep": ("AS", None, None, None),
        "lose_zero": ("2S", "4S", "3S", "6S"),
        "capote": ("2S", "4S", "3S", "AS"),
    }[last]
    rest = [c for c in NON_HEARTS if c not in finals]
    hands: dict[int, list[str]] = {lead: [*hearts, finals[0]]}
    # The other three discard what is left; each keeps its final card (if any) for trick 10.
    pools: dict[int, list[str]] = {n1: [], n2: [], dealer: ["2H"]}
    for seat, final in ((n1, finals[1]), (n2, finals[2]), (dealer, finals[3])):
        if final is not None:
            pools[seat].append(final)
    for card in rest:
        seat = min(pools, key=lambda s: (len(pools[s]), s))
        pools[seat].append(card)
    for seat, cards in pools.items():
        assert len(cards) == 10, (seat, cards)
        hands[seat] = cards
    # Play: L leads AH (the dealer must follow with 2H), then the other hearts, then the last.
    discards = {s: [c for c in pools[s] if c != "2H" and c not in finals] for s in pools}
    plays: list[str] = []
    for i in range(10):
        led = hearts[i] if i < 9 else finals[0]
        trick = [led]
        for seat in (n1, n2, dealer):
            if i == 0 and seat == dealer:
                trick.append("2H")
            elif i == 9:
                trick.append(next(c for c in hands[seat] if c not in plays and c not in trick))
            else:
                trick.append(discards[seat].pop(0))
        plays.extend(trick)
    return BuiltDeal([hands[s] for s in range(4)], "2H", plays)


def find_deal(
    variant: Variant | str,
    dealer: int,
    wanted: Callable[[tuple[int, int], tuple[int, int]], bool],
    *,
    seed: int = 0,
    tries: int = 5000,
) -> BuiltDeal:
    """A random deal, played at random, whose final (points, tricks_won) satisfy ``wanted``."""
    rng = random.Random(seed)
    for attempt in range(tries):
        match = Match(variant, seed=f"{seed}:{attempt}", first_dealer=dealer)
        if match.phase == "trump":  # the dealer's choice: the bottom card, as in Portugal
            match.choose_trump("bottom")
        while match.phase == "redeal":
            turn = match.turn
            assert turn is not None
            match.keep_hand(turn)
        hands = [[str(c) for c in match.hand(s)] for s in range(4)]
        trump = str(match.trump_card)
        plays: list[str] = []
        while len(plays) < 40:
            card = rng.choice(match.legal_cards())
            plays.append(str(card))
            match.play(card)
        if match.phase == "count":
            match.score_deal()
        last = match.deals[-1]
        if wanted(last.points, last.tricks_won):
            return BuiltDeal(hands, trump, plays)
    raise AssertionError("no such deal found")


def deal_and_keep(match: Match, hands: Sequence[Sequence[str]], trump_card: str) -> list[Event]:
    """Deal ``hands`` on a match made with ``deal=False``; under ``deal.redeal`` every seat
    asked keeps its hand."""
    events: list[Event] = list(match.deal_hands(hands, trump_card))
    while match.phase == "redeal":
        turn = match.turn
        assert turn is not None
        events.extend(match.keep_hand(turn))
    return events


def at_a_weak_hands_question() -> Match:
    """A `brasil` match (the dealer takes the bottom card) whose first deal waits for a weak
    hand to say whether it wants a new deal."""
    match = Match("brasil", seed=16)
    while match.phase != "redeal":
        match.decide("bottom")
    weak = match.turn
    assert weak is not None
    assert match.may_redeal(weak)
    return match


def play_built(match: Match, deal: BuiltDeal) -> list[Event]:
    """Deal and play a built deal on a match made with ``deal=False``."""
    events = deal_and_keep(match, deal.hands, deal.trump_card)
    for card in deal.plays:
        events.extend(match.play(card))
    if match.phase == "count":  # renúncia claimable: the count, where nobody claims
        events.extend(match.score_deal())
    return events


# --- deals designed at random, for the property tests --------------------------------------

SUITS = "SHDC"
RANKS = "A7KJQ65432"  # strongest first
ZERO_RANKS = "65432"
CARD_POINTS = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}

DESIGNED_KINDS = ("tie", "sweep", "lose_zero", "split")
"""Kinds of :func:`designed_deal`: ``tie`` 60-60; ``sweep`` one team takes all ten tricks;
``lose_zero`` one team takes 120 points but loses a trick worth nothing; ``split`` the tricks
go to the teams at random."""

DEAL_KINDS = (*DESIGNED_KINDS, "random", "revoke", "redeal")
"""Every kind :func:`play_kind` plays: the designed ones, ``random`` (random hands, random legal
play), ``revoke`` (random hands; with ``revoke.mode: claimable`` a renúncia and claims, during
play or at the count) and ``redeal`` (under ``deal.redeal``, hands where a seat may ask for a new
deal, and it asks; otherwise a random deal)."""


def _card_points(cards: list[str]) -> int:
    return sum(CARD_POINTS.get(c[0], 0) for c in cards)


def _winning_card(cards: list[str], led: str, trump: str) -> str:
    """The card that wins a trick made of ``cards`` when ``led`` is the suit led."""
    pool = [c for c in cards if c[1] == trump] or [c for c in cards if c[1] == led]
    return min(pool, key=lambda c: RANKS.index(c[0]))


def _trick_groups(rng: random.Random, zero_trick: bool) -> list[list[str]]:
    """The deck cut into ten tricks: eight of four cards of one suit (every player follows),
    then two that mix the last two cards of two suits (the first two cards are the suit led;
    the players of the other two are void in it by then). With ``zero_trick`` one of the
    single-suit tricks holds only cards worth nothing."""
    zero_suit = rng.choice(SUITS) if zero_trick else None
    pure: list[list[str]] = []
    pairs: list[list[str]] = []
    for suit in SUITS:
        cards = [r + suit for r in RANKS]
        rng.shuffle(cards)
        if suit == zero_suit:
            zeros = [c for c in cards if c[0] in ZERO_RANKS][:4]
            cards = zeros + [c for c in cards if c not in zeros]
        pure += [cards[0:4], cards[4:8]]
        pairs.append(cards[8:10])
    rng.shuffle(pure)
    rng.shuffle(pairs)
    return [*pure, pairs[0] + pairs[1], pairs[2] + pairs[3]]


def _trick_teams(kind: str, points: list[int], rng: random.Random) -> list[int] | None:
    """The team that must win each trick for a deal of ``kind``, or ``None`` if these tricks
    cannot make it."""
    team = rng.randrange(2)
    if kind == "sweep":
        return [team] * 10
    if kind == "lose_zero":
        zeros = [i for i, p in enumerate(points) if p == 0]
        lost = rng.choice(zeros)
        return [1 - team if i == lost else team for i in range(10)]
    if kind == "tie":
        halves = [
            m for m in range(1 << 10) if sum(p for i, p in enumerate(points) if m >> i & 1) == 60
        ]
        if not halves:
            return None
        mask = rng.choice(halves)
        return [mask >> i & 1 for i in range(10)]
    assert kind == "split", kind
    bias = rng.random()
    return [int(rng.random() < bias) for _ in range(10)]


def designed_deal(
    direction_next: tuple[int, ...],
    dealer: int,
    kind: str,
    rng: random.Random,
    leader: int | None = None,
) -> BuiltDeal:
    """A legal deal of ``kind`` (see :data:`DESIGNED_KINDS`) for this dealer, with a random
    trump suit, random tricks and random seats for the cards: the hands are made from the
    tricks, so each trick is won by the seat of the team chosen for it."""
    trump = rng.choice(SUITS)
    for _ in range(100):
        groups = _trick_groups(rng, zero_trick=kind == "lose_zero")
        teams = _trick_teams(kind, [_card_points(g) for g in groups], rng)
        if teams is not None:
            break
    else:
        raise AssertionError(f"no {kind} deal found")
    hands: list[list[str]] = [[], [], [], []]
    plays: list[str] = []
    if leader is None:  # the player after the dealer (table.first_leader: after_dealer)
        leader = direction_next[dealer]
    for group, team in zip(groups, teams, strict=True):
        led = group[0][1]
        best = _winning_card(group, led, trump)
        # A trick won by a trump that was not led cannot be won by its leader.
        seats = [s for s in range(4) if s % 2 == team and (best[1] == led or s != leader)]
        winner = rng.choice(seats)
        cards = {winner: best}
        rest = [c for c in group if c != best]
        rng.shuffle(rest)
        if leader != winner:
            lead = next(c for c in rest if c[1] == led)
            cards[leader] = lead
            rest.remove(lead)
        for seat in range(4):
            if seat not in cards:
                cards[seat] = rest.pop()
        seat = leader
        for _ in range(4):
            plays.append(cards[seat])
            hands[seat].append(cards[seat])
            seat = direction_next[seat]
        leader = winner
    trump_card = rng.choice([c for c in hands[dealer] if c[1] == trump])
    return BuiltDeal(hands, trump_card, plays)


def kind_reached(kind: str, points: tuple[int, int], tricks_won: tuple[int, int]) -> bool:
    """Whether a deal that ended with ``points`` and ``tricks_won`` is of designed ``kind``."""
    if kind == "tie":
        return points == (60, 60)
    if kind == "sweep":
        return 10 in tricks_won and 120 in points
    if kind == "lose_zero":
        return 120 in points and 9 in tricks_won
    return sum(points) == 120 and sum(tricks_won) == 10


def random_hands(rng: random.Random, dealer: int) -> tuple[Hands, str]:
    """Random hands, and a random card of the dealer's as the trump card."""
    deck = [r + s for s in SUITS for r in RANKS]
    rng.shuffle(deck)
    hands = [deck[10 * i : 10 * i + 10] for i in range(4)]
    return hands, rng.choice(hands[dealer])


def _claim(match: Match, by: int, rng: random.Random, against: int | None = None) -> None:
    """Seat ``by`` claims; under ``accuse: player`` naming ``against`` (or a random rival)."""
    if not match.rules.accuse_player:
        match.claim(by)
        return
    if against is None or against % 2 == by % 2:
        against = rng.choice([(by + 1) % 4, (by + 3) % 4])
    match.claim(by, against)


def play_revoke_deal(match: Match, rng: random.Random) -> None:
    """Deal random hands and play them at random. With ``revoke.mode: claimable`` the player to
    move revokes at the first chance from a random point; a few cards later (or at the count) a
    seat claims (the revoker's opponents, its partners, or anyone), sometimes after an early
    false claim. The deal then goes on at random if it did not end."""
    number = len(match.deals)
    deal_and_keep(match, *random_hands(rng, match.dealer))
    claimable = match.rules.revoke_claimable
    revoke_from = rng.randrange(0, 25)
    early_claim = rng.randrange(0, revoke_from + 1) if rng.random() < 0.25 else None
    delay = rng.randrange(0, 6) if rng.random() < 0.7 else 40  # 40: found at the count
    style = rng.choice(["opponent", "opponent", "partner", "anyone"])
    revoker: int | None = None
    revoked_at = 0
    claimed = False
    while len(match.deals) == number:
        n = len(match.plays)
        if claimable and n == early_claim:
            early_claim = None
            _claim(match, rng.randrange(4), rng)
            continue
        if (
            claimable
            and revoker is not None
            and not claimed
            and (n >= revoked_at + delay or match.phase == "count")
        ):
            claimed = True
            if style == "opponent":
                by = rng.choice([s for s in range(4) if s % 2 != revoker % 2])
            elif style == "partner":
                by = rng.choice([s for s in range(4) if s % 2 == revoker % 2])
            else:
                by = rng.randrange(4)
            _claim(match, by, rng, revoker if rng.random() < 0.8 else None)
            continue
        if match.phase == "count":
            match.score_deal()
            continue
        if claimable and revoker is None and n >= revoke_from:
            revokes = [c for c in match.playable_cards() if c not in match.legal_cards()]
            if revokes:
                revoker = match.turn
                revoked_at = n + 1
                match.play(rng.choice(revokes))
                continue
        match.play(rng.choice(match.legal_cards()))


def play_redeal_deal(match: Match, rng: random.Random) -> bool:
    """Under ``deal.redeal``, deal random hands in which a seat may ask for a new deal, and
    have it ask: ``True``. Otherwise (no redeals, or no such hands found) deal nothing:
    ``False``."""
    if not match.rules.has_redeal:
        return False
    for _ in range(200):
        trial = match.clone()
        trial.deal_hands(*random_hands(rng, match.dealer))
        while trial.phase == "redeal":
            seat = trial.turn
            assert seat is not None
            if trial.may_redeal(seat):
                hands = [[str(c) for c in hand] for hand in trial.dealt_hands]
                match.deal_hands(hands, str(trial.trump_card))
                while match.turn != seat:
                    turn = match.turn
                    assert turn is not None
                    match.keep_hand(turn)
                match.redeal(seat)
                return True
            trial.keep_hand(seat)
    return False


def play_kind(match: Match, kind: str, rng: random.Random) -> BuiltDeal | None:
    """Deal and play one deal of ``kind`` (see :data:`DEAL_KINDS`) on a match made with
    ``deal=False``; a designed deal is returned."""
    if kind in DESIGNED_KINDS:
        rules = match.rules
        built = designed_deal(
            rules.next_seat, match.dealer, kind, rng, rules.first_leader(match.dealer)
        )
        play_built(match, built)
        return built
    if kind == "revoke":
        play_revoke_deal(match, rng)
        return None
    if kind == "redeal" and play_redeal_deal(match, rng):
        return None
    assert kind in ("random", "redeal"), kind
    number = len(match.deals)
    deal_and_keep(match, *random_hands(rng, match.dealer))
    while len(match.deals) == number:
        if match.phase == "count":
            match.score_deal()
        else:
            match.play(rng.choice(match.legal_cards()))
    return None
