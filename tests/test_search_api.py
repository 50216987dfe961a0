"""What a search bot written outside the library needs from the public API: a position built from
an observation and a guess at the hidden hands (`Match.from_observation`), taking a card back
(`Match.undo`), a hashable position (`Match.position_key`)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sueca_rules
from sueca_rules import (
    Card,
    ConfigError,
    IllegalPlayError,
    Match,
    Variant,
)
from sueca_rules.bots import guess_hands, make_bot, play_match

from .strategies import variants

seeds = st.integers(0, 2**32)


def _somewhere(variant: Variant | str, seed: int, rng: random.Random) -> Match:
    """A match moved on by random decisions to a random point of a deal (a card or a claim due,
    or the count)."""
    match = Match(variant, seed=seed)
    for _ in range(rng.randrange(0, 120)):
        decision = match.pending()
        if decision is None or match.is_over:
            break
        match.decide(rng.choice(decision.options))
    return match


def _swap_hidden(match: Match, seat: int, rng: random.Random) -> list[list[Card] | None]:
    """The hands with two hidden cards exchanged between two other seats where the seat cannot
    tell (same suit, neither the turned card still shown): another guess that fits."""
    hands: list[list[Card] | None] = [match.hand(s) for s in range(4)]
    others = [s for s in range(4) if s != seat]
    rng.shuffle(others)
    a, b = others[0], others[1]
    hand_a, hand_b = hands[a], hands[b]
    assert hand_a is not None
    assert hand_b is not None
    turned = match.trump_card if match.trump_card_in_hand else None
    for x in hand_a:
        for y in hand_b:
            if x.suit == y.suit and turned not in (x, y):
                hand_a[hand_a.index(x)], hand_b[hand_b.index(y)] = y, x
                return hands
    return hands


@settings(max_examples=60, deadline=None)
@given(variants(short=True), seeds)
def test_from_observation_with_the_true_hands_is_the_same_position(
    variant: Variant, seed: int
) -> None:
    rng = random.Random(seed)
    match = _somewhere(variant, seed, rng)
    if match.phase not in ("redeal", "play", "count"):
        return
    for seat in range(4):
        observation = match.observation(seat)
        hands: list[list[Card] | None] = [match.hand(s) for s in range(4)]
        hands[seat] = None  # the observer's own: taken from the observation
        rebuilt = Match.from_observation(observation, hands, seed=seed)
        assert rebuilt.position_key() == match.position_key()
        assert rebuilt.observation(seat) == observation
        assert rebuilt.variant.extends is None


@pytest.mark.parametrize("variant", ["portugal", "brasil", "portugal-table", "sueca-play"])
def test_another_guess_gives_the_seat_the_same_observation(variant: str) -> None:
    for seed in range(30):
        rng = random.Random(seed)
        match = _somewhere(variant, seed, rng)
        if match.phase not in ("play", "count"):
            continue
        seat = rng.randrange(4)
        observation = match.observation(seat)
        guess = Match.from_observation(observation, _swap_hidden(match, seat, rng))
        assert guess.observation(seat) == observation
        # and it plays on: the same cards are legal for the seat to move
        if match.phase == "play" and match.turn == seat:
            assert guess.legal_cards() == match.legal_cards()


def _position(seed: int = 5, cards: int = 13) -> Match:
    match = Match("portugal", seed=seed)
    for _ in range(cards):
        match.play(match.legal_cards()[0])
    return match


def test_from_observation_refuses_hands_that_do_not_fit() -> None:
    match = _position()
    seat = match.turn
    assert seat is not None
    observation = match.observation(seat)
    true: list[list[Card] | None] = [match.hand(s) for s in range(4)]
    other = (seat + 1) % 4

    def refused(hands: object, says: str) -> None:
        with pytest.raises(ConfigError, match=says):
            Match.from_observation(observation, hands)  # type: ignore[arg-type]

    refused(true[:3], "4 lists of cards")
    refused("AS 7S", "4 lists of cards")
    short = list(true)
    short[other] = match.hand(other)[1:]
    size = len(match.hand(other))
    refused(short, rf"hands\[{other}\] has {size - 1} cards; seat {other} holds {size} now")
    played = list(true)
    played[other] = [*match.hand(other)[1:], match.plays[0]]
    refused(played, "already played")
    wrong_own = list(true)
    wrong_own[seat] = [*match.hand(seat)[1:], match.hand(other)[0]]
    refused(wrong_own, "the observer's own hand")
    twice = list(true)
    twice[other] = [*match.hand(other)[1:], match.hand((seat + 2) % 4)[0]]
    refused(twice, "is in hands")
    refused([*true[:3], ["ZZ"]], r"hands\[3\]")
    with pytest.raises(ConfigError, match="does not name its variant"):
        Match.from_observation(observation._replace(variant=None), true)
    with pytest.raises(ConfigError, match="takes an Observation"):
        Match.from_observation("obs", true)  # type: ignore[arg-type]


def _positions(count: int) -> list[Match]:
    """Positions of random `portugal` deals, after every card of their first 30."""
    out = []
    for seed in range(count):
        match = Match("portugal", seed=seed)
        rng = random.Random(seed)
        while len(match.plays) < 30:
            match.play(rng.choice(match.legal_cards()))
            out.append(match.clone())
    return out


def test_from_observation_keeps_the_turned_card_with_the_dealer() -> None:
    refused = 0
    for match in _positions(20):
        seat, dealer, turned = match.turn, match.dealer, match.trump_card
        assert seat is not None
        assert turned is not None
        if not match.trump_card_in_hand or dealer == seat:
            continue
        hands: list[list[Card] | None] = [match.hand(s) for s in range(4)]
        taker = next(s for s in range(4) if s not in (seat, dealer))
        give, keep = hands[taker], hands[dealer]
        assert give is not None
        assert keep is not None
        keep[keep.index(turned)], give[0] = give[0], turned
        with pytest.raises(ConfigError, match="still holds the turned card"):
            Match.from_observation(match.observation(seat), hands)
        refused += 1
    assert refused > 20


def test_from_observation_keeps_the_voids_shown() -> None:
    refused = 0
    for match in _positions(20):
        seat = match.turn
        assert seat is not None
        observation = match.observation(seat)
        for void, suit in ((s, u) for s in range(4) for u in range(4) if s != seat):
            if not observation.is_void(void, suit) or not match.hand(void):
                continue
            for holder in (o for o in range(4) if o not in (seat, void)):
                cards = [c for c in match.hand(holder) if c.suit == suit and c != match.trump_card]
                spare = [c for c in match.hand(void) if c != match.trump_card]
                if not cards or not spare:
                    continue
                hands: list[list[Card] | None] = [match.hand(s) for s in range(4)]
                target, source = hands[void], hands[holder]
                assert target is not None
                assert source is not None
                target[target.index(spare[0])] = cards[0]
                source[source.index(cards[0])] = spare[0]
                with pytest.raises(ConfigError, match=r"holds \w+, but seat \d did not follow"):
                    Match.from_observation(observation, hands)
                refused += 1
    assert refused > 20


def test_from_observation_needs_a_deal_on_the_table() -> None:
    match = Match("brasil", seed=3)
    assert match.phase == "trump"
    with pytest.raises(ConfigError, match="no deal is on the table"):
        Match.from_observation(match.observation(0), [None, [], [], []])


def test_a_rebuilt_position_plays_on_into_the_next_deal() -> None:
    match = _position(cards=39)
    seat = match.turn
    assert seat is not None
    rebuilt = Match.from_observation(match.observation(seat), [match.hand(s) for s in range(4)])
    number = match.deal_number
    card = rebuilt.legal_cards()[0]
    rebuilt.play(card)
    match.play(card)
    assert rebuilt.deals[-1].number == number
    assert rebuilt.deals[-1].points == match.deals[-1].points
    assert rebuilt.games == match.games
    assert rebuilt.phase == "play"  # the next deal was dealt, from its own seed


@settings(max_examples=40, deadline=None)
@given(variants(short=True), seeds)
def test_undo_takes_back_the_last_card_exactly(variant: Variant, seed: int) -> None:
    rng = random.Random(seed)
    match = Match(variant, seed=seed)
    for _ in range(300):
        decision = match.pending()
        if decision is None:
            break
        if decision.kind == "card" and match.plays:
            before, pending, record = match.position_key(), decision, match.to_record()
            card = rng.choice(decision.options)
            deal = match.deal_number
            match.decide(card)
            if match.deal_number == deal and match.phase in ("play", "count"):
                # a claim round may follow the card: answer some of it, then take the card back
                while (
                    (d := match.pending()) is not None and d.kind == "claim" and rng.random() < 0.5
                ):
                    match.decide(False)
                if match.deal_number == deal:
                    assert match.undo() == card
                    assert match.position_key() == before
                    assert match.pending() == pending
                    assert match.to_record() == record
                    match.decide(card)
            continue
        match.decide(rng.choice(decision.options))


def test_undo_refuses_when_there_is_no_card_to_take_back() -> None:
    match = Match("portugal", seed=1)
    with pytest.raises(IllegalPlayError, match="nothing to take back"):
        match.undo()
    for _ in range(40):
        match.play(match.legal_cards()[0])
    with pytest.raises(IllegalPlayError, match="nothing to take back"):
        match.undo()  # deal 1 was scored and deal 2 dealt
    assert match.deal_number == 2
    play_match(match, [make_bot(1, seed=s) for s in range(4)])
    with pytest.raises(IllegalPlayError, match="the match is over"):
        match.undo()


def test_position_key_is_hashable_and_tells_positions_apart() -> None:
    match = _position()
    copy = match.clone()
    assert copy.position_key() == match.position_key()
    assert len({match.position_key(), copy.position_key()}) == 1
    copy.play(copy.legal_cards()[0])
    assert copy.position_key() != match.position_key()
    # the same cards under other rules are another position
    other = Match("sueca-play", seed=5)
    assert other.position_key() != Match("portugal", seed=5).position_key()
    assert Match("portugal", seed=9).position_key() == Match("portugal", seed=9).position_key()


def test_observations_name_their_variant_whole() -> None:
    match = Match("portugal-table", seed=2)
    variant = match.observation(0).variant
    assert variant is not None
    assert variant.extends is None
    assert match.variant.extends == "portugal"
    assert variant.model_dump(exclude={"extends"}) == match.variant.model_dump(exclude={"extends"})


@settings(max_examples=60, deadline=None)
@given(variants(short=True), seeds)
def test_a_guess_of_the_hidden_hands_builds_a_position_the_seat_cannot_tell(
    variant: Variant, seed: int
) -> None:
    rng = random.Random(seed)
    match = _somewhere(variant, seed, rng)
    if match.phase not in ("redeal", "play", "count"):
        return
    seat = rng.randrange(4)
    observation = match.observation(seat)
    hands = guess_hands(observation, random.Random(seed))
    assert hands == guess_hands(observation, random.Random(seed))  # the same rng, the same guess
    assert hands[seat] == list(observation.hand)
    assert [len(h) for h in hands] == list(observation.hand_sizes)
    guess = Match.from_observation(observation, hands)
    assert guess.observation(seat) == observation


def test_guess_hands_refuses_what_it_cannot_guess_from() -> None:
    match = Match("brasil", seed=3)  # the dealer is choosing: no deal on the table
    with pytest.raises(ConfigError, match="no deal is on the table"):
        guess_hands(match.observation(0), random.Random(1))
    with pytest.raises(ConfigError, match="takes an Observation"):
        guess_hands(match, random.Random(1))  # type: ignore[arg-type]
    match = Match("portugal", seed=3)
    with pytest.raises(ConfigError, match=r"rng is a random\.Random"):
        guess_hands(match.observation(0), 7)  # type: ignore[arg-type]


_TAMPERED: list[tuple[str, object]] = [
    ("seat", 7),
    ("seat", "0"),
    ("dealer", 9),
    ("trump_card", None),
    ("hand_sizes", (10, 10)),
    ("deal", 0),
    ("deal", "x"),
    ("games", (1,)),
    ("pending_ties", -1),
    ("claims", (1, 2)),
    ("tricks", ("x",)),
    ("trick", (99,)),
    ("trick_leader", 9),
    ("played_mask", "x"),
    ("void_mask", "x"),
    ("variant", "portugal"),
]


@pytest.mark.parametrize(("field", "value"), _TAMPERED)
def test_an_observation_changed_by_hand_is_refused_by_name(field: str, value: object) -> None:
    """An observation made or changed by hand (`_replace()`, as the error for one without a
    variant suggests) is a ConfigError naming the field, from both calls: it raised IndexError,
    TypeError, AttributeError or AssertionError, or built a match whose deal number was 'x'."""
    match = _position(cards=6)
    seat = match.turn
    assert seat is not None
    changed: dict[str, Any] = {field: value}
    observation = match.observation(seat)._replace(**changed)
    hands: list[list[Card] | None] = [match.hand(s) for s in range(4)]
    with pytest.raises(ConfigError, match=rf"observation\.{field} is "):
        Match.from_observation(observation, hands)
    if field != "variant":  # a guess needs no variant
        with pytest.raises(ConfigError, match=rf"observation\.{field} is "):
            guess_hands(observation, random.Random(1))


def test_an_observation_that_does_not_hold_together_says_which_fields() -> None:
    match = _position(cards=6)
    seat = match.turn
    assert seat is not None
    hands: list[list[Card] | None] = [match.hand(s) for s in range(4)]
    observation = match.observation(seat)
    with pytest.raises(ConfigError, match=r"observation\.points does not match"):
        Match.from_observation(observation._replace(points=(0, 0)), hands)
    # a claim under a variant that prevents renúncias: not the engine's IllegalPlayError
    claimed = observation._replace(claims=(sueca_rules.Claim(2, 1, None),))
    with pytest.raises(ConfigError, match="does not hold together: renúncia cannot be claimed"):
        Match.from_observation(claimed, hands)


def test_position_key_leaves_the_claim_round_out_as_its_docs_say() -> None:
    """Two matches at the same card, one still asking its claim round and one past it, have the
    same key; claim_round tells them apart (the docs said the key held 'what is due')."""
    match = Match("portugal-table", seed=3)
    while (decision := match.pending()) is not None and decision.kind != "card":
        match.decide(decision.default)
    match.decide(match.legal_cards()[0])
    assert match.claim_round  # a card played: the table is asked whether it claims
    answered = match.clone()
    while (decision := answered.pending()) is not None and decision.kind == "claim":
        answered.decide(False)
    assert answered.position_key() == match.position_key()
    assert answered.claim_round != match.claim_round
    assert (answered.position_key(), answered.claim_round) != (
        match.position_key(),
        match.claim_round,
    )


def test_numpy_integers_seed_as_python_ints() -> None:
    """A seed drawn with NumPy (`Generator.integers()` gives `np.int64`) seeds a match, a rebuilt
    position and a bot as the same Python int does (it was a ConfigError saying a whole number
    was wanted); a NumPy seat is refused with how to give it."""
    np = pytest.importorskip("numpy")
    match = Match("portugal", seed=np.int64(5))
    assert match.dealt_hands == Match("portugal", seed=5).dealt_hands
    assert type(match.seed) is int
    bots = [make_bot(3, seed=np.uint32(s)) for s in range(4)]
    play_match(match, bots, max_deals=1)
    again = Match("portugal", seed=5)
    play_match(again, [make_bot(3, seed=s) for s in range(4)], max_deals=1)
    assert match.to_record() == again.to_record()
    assert repr(bots[1]) == "MemoryBot(seed=1)"
    for level in (1, 4):  # RandomBot raised Python's own TypeError from random.Random
        options = {"samples": 3} if level == 4 else {}
        ours = make_bot(level, seed=np.int64(7), **options)
        theirs = make_bot(level, seed=7, **options)
        assert repr(ours) == repr(theirs)
        seen = match.observation(match.rules.next_seat[match.dealer])
        assert ours.choose(seen) == theirs.choose(seen)
    observation = match.observation(0)
    hands = [None if s == 0 else match.hand(s) for s in range(4)]
    rebuilt = Match.from_observation(observation, hands, seed=np.int64(8))
    assert rebuilt.seed == 8
    with pytest.raises(
        ConfigError, match=r"not np.int64\(1\) \(a NumPy integer: give int\(seat\)\)"
    ):
        match.observation(np.int64(1))
    with pytest.raises(ConfigError, match="a seed is a whole number or text"):
        Match("portugal", seed=np.float64(5.0))


def test_a_numpy_card_number_is_a_card() -> None:
    """A bot that picks its card as NumPy does (`np.argmax` over 40 card numbers gives an
    `np.int64`) plays it, and hands guessed as NumPy arrays build a position (both were
    "np.int64(7) is not a card: give ... a card number 0..39")."""
    np = pytest.importorskip("numpy")

    class ArgmaxBot:
        level = 0

        def choose(self, observation: sueca_rules.Observation) -> Any:
            scores = np.full(40, -1.0)
            scores[[int(c) for c in observation.legal]] = [c.points for c in observation.legal]
            return np.argmax(scores)

    match, same = Match("portugal", seed=3), Match("portugal", seed=3)
    play_match(match, [ArgmaxBot()] * 4, max_deals=1)
    while len(same.deals) < 1:
        legal = same.legal_cards()
        same.play(max(legal, key=lambda c: (c.points, -int(c))))
    assert match.to_record() == same.to_record()
    fresh = Match("portugal", seed=3)
    seat = fresh.turn
    assert seat is not None
    hands = [None if s == seat else np.array([int(c) for c in fresh.hand(s)]) for s in range(4)]
    rebuilt = Match.from_observation(fresh.observation(seat), hands)
    assert rebuilt.position_key() == fresh.position_key()
    assert rebuilt.decide(np.int64(int(rebuilt.legal_cards()[0]))) == fresh.play(
        fresh.legal_cards()[0]
    )
    with pytest.raises(IllegalPlayError, match="40 is not a card"):
        fresh.play(np.int64(40))


def test_the_embedding_guides_monte_carlo_bot_plays_whole_deals_against_level_3() -> None:
    """The flat Monte-Carlo bot the embedding guide writes (guess_hands + from_observation) sits
    at a real table: whole deals against level 3, renúncias claimable (the count included) and
    not, each ending a match once."""
    import re
    from pathlib import Path

    page = (Path(__file__).parent.parent / "docs" / "guide" / "embedding.md").read_text("utf-8")
    (code,) = [c for c in re.findall(r"^```python\n(.*?)^```", page, re.S | re.M) if "FlatMo" in c]
    namespace: dict[str, Any] = {"__name__": "guide"}
    exec(compile(code, "embedding.md", "exec"), namespace)
    flat = namespace["FlatMonteCarlo"]
    for variant, seed in (("portugal-table", 1), ("portugal", 2)):
        one_game = Match(variant, seed=seed).variant.model_copy(
            update={"match": sueca_rules.MatchRules(target_games=1, best_of=1)}
        )
        match = Match(one_game, seed=seed)
        bots = [flat(samples=2, seed=seed), make_bot(3, seed=1), flat(samples=2), make_bot(3)]
        play_match(match, bots)
        assert match.is_over
        assert all(len(deal.plays) == 40 for deal in match.deals if deal.result != "revoke")


def test_a_numpy_array_is_no_card_and_says_so() -> None:
    """A whole NumPy array played as a card (the scores, not their `argmax`), or one of
    fractions, is refused as no card, its text cut short: it was a bare `TypeError` ("only
    integer scalar arrays can be converted to a scalar index") from inside the engine."""
    np = pytest.importorskip("numpy")
    match = Match("portugal", seed=1)
    for value in (np.arange(40, dtype=float), np.array([1, 2]), np.array(2.5)):
        with pytest.raises(IllegalPlayError, match="is not a card: give a Card") as caught:
            match.play(value)
        assert len(str(caught.value)) < 200
    same = Match("portugal", seed=1)  # a 0-d array of a card number is that card
    card = same.legal_cards()[0]
    assert match.play(np.array(int(card))) == same.play(card)
