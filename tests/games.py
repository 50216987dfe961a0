"""Random games for the tests: legal play, renúncias and claims at random points."""

from __future__ import annotations

import random

from sueca_rules import Event, Match, Variant
from sueca_rules._cards import cards_from_mask


def random_step(
    match: Match,
    rng: random.Random,
    *,
    revoke_rate: float = 0.05,
    claim_rate: float = 0.02,
    redeal_rate: float = 0.5,
) -> list[Event]:
    """One random action of whatever is due: the dealer's choice of trump, an answer about a
    new deal, a card (usually legal; with a claimable variant sometimes a renúncia, or a claim
    by a random seat naming a random rival), or at the count a claim or the score."""
    phase = match.phase
    if phase == "trump":
        return match.choose_trump(rng.choice(["top", "bottom"]))
    if phase == "redeal":
        seat = match.turn
        assert seat is not None
        if match.may_redeal(seat) and rng.random() < redeal_rate:
            return match.redeal(seat)
        return match.keep_hand(seat)
    if match.rules.revoke_claimable and rng.random() < (
        claim_rate if phase == "play" else 4 * claim_rate
    ):
        seat = rng.randrange(4)
        against = rng.choice([(seat + 1) % 4, (seat + 3) % 4])
        return match.claim(seat, against if match.rules.accuse_player else None)
    if phase == "count":
        return match.score_deal()
    assert match.turn is not None
    if match.rules.revoke_claimable and rng.random() < revoke_rate:
        revokes = [c for c in match.playable_cards() if c not in match.legal_cards()]
        if revokes:
            return match.play(rng.choice(revokes))
    return match.play(rng.choice(match.legal_cards()))


def play_random_match(
    variant: Variant | str, seed: int, *, max_deals: int = 12, first_dealer: int | None = None
) -> Match:
    """A match played at random until it is over or ``max_deals`` deals were played (a match
    can last for ever when every deal is worth 0 games)."""
    rng = random.Random(seed)
    match = Match(variant, seed=seed, first_dealer=first_dealer)
    while not match.is_over and len(match.deals) < max_deals:
        random_step(match, rng)
    return match


def follow_suit_cards(hand_mask: int, trick: list[int]) -> list[int]:
    """The follow-suit rule written plainly: the led suit if you have it, else anything."""
    hand = [int(c) for c in cards_from_mask(hand_mask)]
    if trick:
        led = trick[0] // 10
        same = [c for c in hand if c // 10 == led]
        if same:
            return sorted(same)
    return sorted(hand)


def whole_deck(match: Match) -> bool:
    """Hands plus cards played in the current deal make the 40-card deck, each card once."""
    seen = [int(c) for seat in range(4) for c in match.hand(seat)] + [int(c) for c in match.plays]
    return sorted(seen) == list(range(40))
