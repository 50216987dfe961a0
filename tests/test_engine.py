"""The engine rule by rule, on deals built to order."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sueca_rules import (
    CardPlayed,
    ClaimMade,
    DealScored,
    DealStarted,
    IllegalPlayError,
    Match,
    MatchWon,
    PartidaWon,
    TrickWon,
    Variant,
    dump_record,
    load_record,
    load_variant,
    parse_card,
    parse_record,
)
from sueca_rules._cards import SUIT_MASKS
from sueca_rules._rules import Rules

from .scenarios import deal_and_keep, find_deal, play_built, sweep

ANTI = (3, 0, 1, 2)
CLOCK = (1, 2, 3, 0)

# Seat 1 deals and turns 2H. Seat 3 holds one spade (JS) and many hearts.
HANDS = [
    ["KS", "2C", "3C", "4C", "5C", "6C", "QC", "JC", "KC", "7C"],
    ["2H", "AS", "2S", "AD", "2D", "3D", "4D", "5D", "6D", "QD"],
    ["7S", "3H", "3S", "JD", "KD", "7D", "4S", "5S", "6S", "QS"],
    ["AC", "4H", "5H", "6H", "QH", "JH", "KH", "7H", "AH", "JS"],
]


def variant(**sections: object) -> Variant:
    return Variant.model_validate({"name": "test", **sections})


# --- turns, tricks, following suit --------------------------------------------------------


def test_first_leader_is_the_player_after_the_dealer() -> None:
    for dealer in range(4):
        assert Match("portugal", seed=1, first_dealer=dealer).turn == ANTI[dealer]
        assert Match("french", seed=1, first_dealer=dealer).turn == CLOCK[dealer]


def _leading(base: str, first_leader: str, **deal: object) -> Variant:
    data = load_variant(base).model_dump()
    data["table"]["first_leader"] = first_leader
    data["deal"].update(deal)
    return Variant.model_validate(data)


def test_table_first_leader_names_the_dealer_or_the_cutter() -> None:
    for base, nxt in (("portugal", ANTI), ("french", CLOCK)):
        before = {nxt[s]: s for s in range(4)}  # the player before each seat
        for dealer in range(4):
            dealer_leads = Match(_leading(base, "dealer"), seed=1, first_dealer=dealer)
            assert dealer_leads.turn == dealer
            cutter = Match(_leading(base, "before_dealer"), seed=1, first_dealer=dealer)
            assert cutter.turn == before[dealer]
            after = Match(_leading(base, "after_dealer"), seed=1, first_dealer=dealer)
            assert after.turn == nxt[dealer]


def test_the_first_leader_s_redeal_threshold_follows_table_first_leader() -> None:
    redeal = {"redeal": {"leader_below": 30, "others_below": None}}
    for first_leader in ("after_dealer", "dealer", "before_dealer"):
        variant = _leading("portugal", first_leader, **redeal)
        match = Match(variant, seed=3, first_dealer=0)
        leader = match.rules.first_leader(0)
        assert match.phase == "redeal"
        assert match.turn == leader  # only the first leader has a threshold: it alone is asked
        assert match.rules.redeal_below(leader, 0) == 30
        assert all(match.rules.redeal_below(s, 0) == 0 for s in range(4) if s != leader)
        # below the threshold, not at it; the others never
        assert match.rules.may_redeal(leader, 0, 29)
        assert not match.rules.may_redeal(leader, 0, 30)
        assert not any(match.rules.may_redeal(s, 0, 0) for s in range(4) if s != leader)
        points = sum(c.points for c in match.hand(leader))
        assert match.may_redeal(leader) == (points < 30)


def test_turn_passes_in_the_direction_of_play_and_the_winner_leads() -> None:
    for name, nxt in (("portugal", ANTI), ("french", CLOCK)):
        match = Match(name, seed=5)
        for _ in range(3):
            seat = match.turn
            assert seat is not None
            match.play(match.legal_cards()[-1])
            assert match.turn == nxt[seat]
        events = match.play(match.legal_cards()[-1])
        won = [e for e in events if isinstance(e, TrickWon)]
        assert len(won) == 1
        assert match.turn == won[0].winner == match.tricks[0].winner


def test_dealer_passes_in_the_direction_of_play() -> None:
    for name, nxt in (("portugal", ANTI), ("french", CLOCK)):
        rng = random.Random(0)
        match = Match(name, seed=2, first_dealer=0)
        dealers = [match.dealer]
        while len(match.deals) < 5 and not match.is_over:
            events = match.play(rng.choice(match.legal_cards()))
            dealers += [e.dealer for e in events if isinstance(e, DealStarted)]
        assert dealers[:5] == [0, nxt[0], nxt[nxt[0]], nxt[nxt[nxt[0]]], 0][: len(dealers[:5])]
        assert [d.dealer for d in match.deals] == dealers[: len(match.deals)]


def test_trick_winner_rules() -> None:
    # Seat 1 deals (portugal): seat 0 leads, then 3, 2, 1. Trumps are hearts (1 holds 2H).
    match = Match("portugal", deal=False, first_dealer=1)
    match.deal_hands(HANDS, "2H")
    assert match.turn == 0
    # Spades led: seat 3 follows with JS, seat 2 plays 7S (beats K), seat 1 plays AS (beats 7).
    for card in ("KS", "JS", "7S", "AS"):
        match.play(card)
    assert match.tricks[0].winner == 1
    assert match.tricks[0].points == 4 + 3 + 10 + 11
    # Seat 1 leads AD; seat 0 has no diamonds and plays a club (no duty to trump, loses);
    # seat 3 trumps with 4H; seat 2 follows with 7D: the trump wins.
    for card in ("AD", "7C", "4H", "7D"):
        match.play(card)
    assert match.tricks[1].winner == 3
    # Seat 3 leads 5H (trump): 3H and 2H are lower; seat 0 has no trump left to play.
    for card in ("5H", "3H", "2H", "2C"):
        match.play(card)
    assert match.tricks[2].winner == 3
    assert match.points == (0, 28 + 31 + 0)


def test_illegal_plays_raise_and_change_nothing() -> None:
    match = Match("portugal", seed=11)
    seat = match.turn
    assert seat is not None
    lead = match.legal_cards()[0]
    match.play(lead)
    seat = match.turn
    assert seat is not None
    before = (match.to_record(), [match.observation(s) for s in range(4)])
    hand = match.hand(seat)
    foreign = next(c for c in match.hand(match.rules.next_seat[seat]))
    with pytest.raises(IllegalPlayError, match=f"seat {seat} does not hold {foreign}") as info:
        match.play(foreign)
    assert info.value.seat == seat
    assert info.value.card == str(foreign)
    assert set(info.value.legal) == {str(c) for c in match.legal_cards()}
    off = [c for c in hand if c.suit != lead.suit]
    if len(off) < len(hand):  # the player holds the suit led, so an off-suit card is illegal
        with pytest.raises(IllegalPlayError, match="must follow") as info:
            match.play(off[0])
        assert "legal:" in str(info.value)
    with pytest.raises(IllegalPlayError, match="not a card") as info:
        match.play("8S")  # not a card at all
    assert info.value.seat == seat
    assert (match.to_record(), [match.observation(s) for s in range(4)]) == before


def test_bad_card_values() -> None:
    match = Match("portugal-table", seed=1)
    before = match.to_record()
    for bad in ("XX", 40, -1, 9.7, True, None):
        with pytest.raises(IllegalPlayError, match="is not a card"):
            match.play(bad)  # type: ignore[arg-type]
    with pytest.raises(IllegalPlayError, match=r"0\.\.39"):
        match.play(40)
    for seat in (True, 1.0, 4, -1):
        with pytest.raises(IllegalPlayError, match=r"a claim is made by a seat 0\.\.3"):
            match.claim(seat)  # type: ignore[arg-type]
    for seat in (-1, 4, True):
        with pytest.raises(ValueError, match=r"a seat is a whole number 0\.\.3"):
            match.observation(seat)
        with pytest.raises(ValueError, match=r"a seat is a whole number 0\.\.3"):
            match.hand(seat)
    assert match.to_record() == before


def test_legal_cards_follow_suit_or_anything() -> None:
    rng = random.Random(3)
    match = Match("portugal", seed=3)
    for _ in range(39):
        seat = match.turn
        assert seat is not None
        hand = match.hand(seat)
        trick = match.trick
        legal = match.legal_cards()
        if trick:
            led = trick[0][1].suit
            same = [c for c in hand if c.suit == led]
            assert legal == (same or hand)
        else:
            assert legal == hand
        match.play(rng.choice(legal))


# --- dealing ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["portugal", "sueca-online", "french"])
def test_seeded_deals_follow_the_variant(name: str) -> None:
    v = load_variant(name)
    rules = Rules.from_variant(v)
    a = Match(v, seed="s", first_dealer=2)
    b = Match(v, seed="s", first_dealer=2)
    assert [a.hand(s) for s in range(4)] == [b.hand(s) for s in range(4)]
    assert a.trump_card in a.hand(2)
    deck = list(range(40))
    random.Random("s:deal:1").shuffle(deck)
    order = rules.deal_order(2)
    for i, seat in enumerate(order):
        assert sorted(int(c) for c in a.hand(seat)) == sorted(deck[10 * i : 10 * i + 10])
    turned = deck[0] if v.deal.trump_card == "dealer_first" else deck[39]
    assert a.trump_card == turned
    assert (order[0] == 2) == (v.deal.trump_card == "dealer_first")
    assert Match(v, seed="t", first_dealer=2).hand(0) != a.hand(0)


def test_random_first_dealer_comes_from_the_seed() -> None:
    dealers = {Match("portugal", seed=i).first_dealer for i in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert Match("sueca-play", seed=9).first_dealer == 1
    assert Match("portugal", seed=9).first_dealer == Match("portugal", seed=9).first_dealer


def test_deal_hands_checks_the_cards() -> None:
    match = Match("portugal", deal=False, first_dealer=0)
    good = sweep(ANTI, 0, "sweep")
    with pytest.raises(IllegalPlayError, match="4 hands"):
        match.deal_hands(good.hands[:3], good.trump_card)
    short = [h[:] for h in good.hands]
    short[1] = short[1][:9]
    with pytest.raises(IllegalPlayError, match="seat 1 has 9 cards"):
        match.deal_hands(short, good.trump_card)
    twice = [h[:] for h in good.hands]
    twice[2][0] = twice[3][0]
    with pytest.raises(IllegalPlayError, match="holds it too"):
        match.deal_hands(twice, good.trump_card)
    with pytest.raises(IllegalPlayError, match="must be in the dealer's hand"):
        match.deal_hands(good.hands, good.hands[1][0])
    assert match.phase == "deal"
    match.deal_hands(good.hands, good.trump_card)
    with pytest.raises(IllegalPlayError, match="is being played"):
        match.deal_hands(good.hands, good.trump_card)


def test_the_turned_card_is_shown_until_the_dealer_plays_it() -> None:
    match = Match("portugal", deal=False, first_dealer=0)
    built = sweep(ANTI, 0, "sweep")
    match.deal_hands(built.hands, built.trump_card)
    for seat in range(4):
        obs = match.observation(seat)
        assert obs.trump_card_in_hand
        assert str(obs.trump_card) == "2H"
    for card in built.plays[:4]:  # the dealer (seat 0) follows AH with 2H in trick 1
        match.play(card)
    assert not match.observation(1).trump_card_in_hand


def test_no_trump_is_observed_when_no_deal_is_being_played() -> None:
    match = Match("portugal", deal=False, first_dealer=0)
    before = match.observation(2)
    assert (before.phase, before.trump, before.trump_card) == ("deal", None, None)
    assert not before.trump_card_in_hand
    built = sweep(ANTI, 0, "sweep")
    match.deal_hands(built.hands, built.trump_card)
    assert str(match.observation(2).trump_card) == "2H"
    for card in built.plays:
        match.play(card)
    after = match.observation(2)  # the sweep was scored (a bandeira: the match is won)
    assert (after.phase, after.trump, after.trump_card) == ("over", None, None)
    assert after.games == match.games
    assert max(after.games) == 4


# --- scoring ------------------------------------------------------------------------------


def score(v: Variant, built_name: str, dealer: int = 0) -> DealScored:
    rules = Rules.from_variant(v)
    match = Match(v, deal=False, first_dealer=dealer)
    events = play_built(match, sweep(rules.next_seat, dealer, built_name))
    return next(e for e in events if isinstance(e, DealScored))


@pytest.mark.parametrize("direction", ["anticlockwise", "clockwise"])
def test_bandeira_by_points_and_by_tricks(direction: str) -> None:
    by_points = variant(table={"direction": direction})
    by_tricks = variant(
        table={"direction": direction}, scoring={"bandeira": {"requires": "all_tricks"}}
    )
    for dealer in range(4):
        leader_team = Rules.from_variant(by_points).next_seat[dealer] % 2
        full = score(by_points, "sweep", dealer)
        assert full.points[leader_team] == 120
        assert full.tricks_won[leader_team] == 10
        assert full.bandeira
        assert full.games[leader_team] == 4
        assert score(by_tricks, "sweep", dealer).bandeira
        # 120 points with a lost zero-point trick: a bandeira by points, not by tricks.
        lost = score(by_points, "lose_zero", dealer)
        assert lost.points[leader_team] == 120
        assert lost.tricks_won[leader_team] == 9
        assert lost.bandeira
        assert lost.games[leader_team] == 4
        tiers = score(by_tricks, "lose_zero", dealer)
        assert not tiers.bandeira
        assert tiers.games[leader_team] == 2  # 91 or more: capote by the tiers


def test_capote() -> None:
    deal = score(variant(), "capote", 1)
    assert deal.points == (109, 11)
    assert deal.games == (2, 0)
    assert not deal.bandeira
    deal = score(variant(scoring={"tiers": [{"min_points": 61, "games": 1}]}), "capote", 1)
    assert deal.games == (1, 0)


def test_games_for_tiers_bandeira_and_ties() -> None:
    rules = Rules.from_variant(
        variant(
            scoring={
                "tiers": [
                    {"min_points": 70, "games": 1},
                    {"min_points": 100, "games": 3},
                    {"min_points": 110, "games": 5},
                ],
                "bandeira": {"games": 9},
                "tie": {"mode": "add", "amount": 2},
            }
        )
    )
    assert rules.games_for(65, False, 0) == (0, False)  # won, but below the first tier
    assert rules.games_for(70, False, 0) == (1, False)
    assert rules.games_for(105, False, 0) == (3, False)
    assert rules.games_for(119, True, 0) == (5, False)
    assert rules.games_for(120, False, 0) == (9, True)
    assert rules.games_for(70, False, 2) == (5, False)
    mult = Rules.from_variant(variant(scoring={"tie": {"mode": "multiply", "amount": 3}}))
    assert mult.games_for(95, False, 2) == (18, False)


def tie_then(v: Variant, after: str) -> list[DealScored]:
    """A 60-60 deal dealt by seat 0, then a second 60-60 when ``after == "tie"``, then a
    sweep (a bandeira of 4 games in portugal's terms) or a capote."""
    rules = Rules.from_variant(v)
    match = Match(v, deal=False, first_dealer=0)
    scored: list[DealScored] = []
    plan = ["tie", "tie"] if after == "tie" else ["tie"]
    for kind in [*plan, "capote"]:
        dealer = match.dealer
        built = (
            find_deal(v, dealer, lambda p, t: p == (60, 60))
            if kind == "tie"
            else sweep(rules.next_seat, dealer, "capote")
        )
        scored += [e for e in play_built(match, built) if isinstance(e, DealScored)]
    return scored


@pytest.mark.parametrize(
    ("tie", "twice", "games"),
    [
        ({"mode": "add", "amount": 1, "stacks": True}, False, 3),
        ({"mode": "add", "amount": 1, "stacks": True}, True, 4),
        ({"mode": "add", "amount": 2, "stacks": False}, True, 4),
        ({"mode": "multiply", "amount": 2, "stacks": True}, False, 4),
        ({"mode": "multiply", "amount": 2, "stacks": True}, True, 8),
        ({"mode": "multiply", "amount": 2, "stacks": False}, True, 4),
        ({"mode": "none", "amount": 1, "stacks": True}, True, 2),
    ],
)
def test_ties_carry_into_the_next_deal_won(tie: dict[str, object], twice: bool, games: int) -> None:
    v = variant(scoring={"tie": tie}, match={"target_games": 20})
    scored = tie_then(v, "tie" if twice else "won")
    *ties, won = scored
    assert all(t.result == "tie" and t.games == (0, 0) for t in ties)
    assert won.result == "won"
    assert max(won.games) == games  # a capote (2 games) with the ties carried


def test_pending_ties_are_cleared_by_a_deal_won_but_not_by_a_revoke() -> None:
    v = variant(revoke={"mode": "claimable"}, match={"target_games": 30})
    rules = Rules.from_variant(v)
    match = Match(v, deal=False, first_dealer=0)
    play_built(match, find_deal(v, 0, lambda p, t: p == (60, 60)))
    assert match.pending_ties == 1
    # A deal ended by a claim (a false one: nobody revoked) leaves the tie pending.
    built = sweep(rules.next_seat, match.dealer, "capote")
    match.deal_hands(built.hands, built.trump_card)
    events = match.claim(0)
    assert isinstance(events[0], ClaimMade)
    assert not events[0].valid
    assert match.deals[-1].result == "revoke"
    assert match.deals[-1].games == (0, 4)
    assert match.pending_ties == 1
    events = play_built(match, sweep(rules.next_seat, match.dealer, "capote"))
    scored = next(e for e in events if isinstance(e, DealScored))
    assert max(scored.games) == 3
    assert match.pending_ties == 0


@pytest.mark.parametrize(
    ("tie", "capote"),
    [
        ({"mode": "add", "amount": 1, "stacks": True}, 2),
        ({"mode": "multiply", "amount": 2, "stacks": True}, 2),
    ],
)
@pytest.mark.parametrize("ended_by", ["false_claim", "play_on_false_claim"])
def test_a_tie_pending_when_a_penalty_ends_the_partida_is_dropped(
    tie: dict[str, object], capote: int, ended_by: str
) -> None:
    """Contract, "Partida boundaries": each partida starts from nothing. A 60-60 still pending
    when a false-claim penalty ends the partida (the deal ends, or play goes on and the deal's
    own 60-60 is scored with the penalty) is dropped: the next partida's first deal won scores
    its own games only."""
    revoke: dict[str, object] = {"mode": "claimable", "penalty_games": 4}
    if ended_by == "play_on_false_claim":
        revoke["after_false_claim"] = "play_on"
    v = variant(scoring={"tie": tie}, match={"target_games": 4, "best_of": 3}, revoke=revoke)
    rules = Rules.from_variant(v)
    match = Match(v, deal=False, first_dealer=0)
    play_built(match, find_deal(v, 0, lambda p, t: p == (60, 60)))
    assert match.pending_ties == 1
    if ended_by == "false_claim":
        built = sweep(rules.next_seat, match.dealer, "capote")
        match.deal_hands(built.hands, built.trump_card)
        events = match.claim(0)  # nobody revoked: team 1 scores 4 games, the partida
    else:
        tie_deal = find_deal(v, match.dealer, lambda p, t: p == (60, 60))
        deal_and_keep(match, tie_deal.hands, tie_deal.trump_card)
        events = match.claim(0)  # play goes on; the deal's 60-60 is scored with the penalty
        for card in tie_deal.plays:
            events += match.play(card)
        if match.phase == "count":
            events += match.score_deal()
        assert match.deals[-1].result == "tie"
    assert [e.team for e in events if isinstance(e, PartidaWon)] == [1]
    assert match.partida == 1
    assert match.games == (0, 0)
    assert match.pending_ties == 0
    events = play_built(match, sweep(rules.next_seat, match.dealer, "capote"))
    scored = next(e for e in events if isinstance(e, DealScored))
    assert max(scored.games) == capote  # a capote's own 2 games: no tie carried over
    again = Match.from_record(match.to_record())
    assert again.pending_ties == 0
    assert [d.games for d in again.deals] == [d.games for d in match.deals]


# --- renúncia -----------------------------------------------------------------------------


def revoke_setup(name: str = "portugal-table") -> tuple[Match, int]:
    """Seat 0 leads KS; seat 3 holds spades but revokes with a heart. Returns the match and
    the revoking seat."""
    match = Match(name, deal=False, first_dealer=1)
    match.deal_hands(HANDS, "2H")
    match.play("KS")
    assert "AH" in [str(c) for c in match.playable_cards()]
    assert "AH" not in [str(c) for c in match.legal_cards()]
    match.play("AH")  # a renúncia: seat 3 holds JS
    return match, 3


def test_revoke_is_impossible_when_prevented() -> None:
    match = Match("portugal", deal=False, first_dealer=1)
    with pytest.raises(IllegalPlayError, match="cannot be claimed"):
        match.claim(0)
    match.deal_hands(HANDS, "2H")
    match.play("KS")
    assert [str(c) for c in match.playable_cards()] == ["JS"]
    with pytest.raises(IllegalPlayError, match=r"seat 3 must follow spades \(legal: JS\)"):
        match.play("AH")


def test_a_rightful_claim_ends_the_deal_with_the_penalty() -> None:
    match, revoker = revoke_setup()
    assert [r.seat for r in match.revokes] == [revoker]
    events = match.claim(2)  # seat 2 (team 0) claims against seat 3 (team 1)
    claim = events[0]
    assert isinstance(claim, ClaimMade)
    assert claim.valid
    assert claim.revoke is not None
    assert claim.revoke.seat == revoker
    assert str(claim.revoke.card) == "AH"
    scored = next(e for e in events if isinstance(e, DealScored))
    assert scored.result == "revoke"
    assert scored.games == (4, 0)
    assert match.games == (4, 0)
    assert any(isinstance(e, PartidaWon) for e in events)
    assert any(isinstance(e, MatchWon) for e in events)
    assert match.deals[-1].claims[0].after == 2
    assert match.deals[-1].claims[0].by == 2


def test_a_claim_against_your_own_team_is_false() -> None:
    match, _ = revoke_setup()
    events = match.claim(1)  # seat 1 is the revoker's partner: no rival revoked
    assert isinstance(events[0], ClaimMade)
    assert not events[0].valid
    assert match.deals[-1].games == (4, 0)  # penalize_claimant: the other team scores


def test_a_false_claim_can_be_ignored() -> None:
    v = load_variant("portugal-table").model_copy(
        update={
            "revoke": load_variant("portugal-table").revoke.model_copy(
                update={"false_claim": "ignored"}
            )
        }
    )
    match = Match(v, seed=1)
    events = match.claim(0)
    assert events == [ClaimMade(1, 0, False, True, None)]
    assert match.phase == "play"
    assert match.deals == []
    match.play(match.legal_cards()[0])
    assert len(match.to_record().deals[0].claims) == 1


def test_events_of_a_whole_deal() -> None:
    match = Match("portugal", deal=False, first_dealer=0)
    events = play_built(match, sweep(ANTI, 0, "sweep"))
    kinds = [type(e).__name__ for e in events]
    assert kinds[0] == "DealStarted"
    assert kinds.count("CardPlayed") == 40
    assert kinds.count("TrickWon") == 10
    assert kinds[-3:] == ["DealScored", "PartidaWon", "MatchWon"]  # a bandeira: 4 games
    played = [e for e in events if isinstance(e, CardPlayed)]
    assert [str(e.card) for e in played] == sweep(ANTI, 0, "sweep").plays
    assert [e.trick for e in played] == [i // 4 + 1 for i in range(40)]


def test_bandeira_can_win_the_partida_at_once() -> None:
    v = variant(scoring={"bandeira": {"games": 1, "wins_partida": True}}, match={"best_of": 3})
    match = Match(v, deal=False, first_dealer=0)
    events = play_built(match, sweep(ANTI, 0, "sweep"))
    won = [e for e in events if isinstance(e, PartidaWon)]
    assert won == [PartidaWon(0, 1, (0, 1))]
    assert match.partidas == (0, 1)
    assert match.games == (0, 0)  # a new partida starts from nothing
    assert match.partida == 1
    assert not match.is_over


def test_best_of_three() -> None:
    v = variant(match={"best_of": 3, "target_games": 4})
    match = Match(v, deal=False, first_dealer=0)
    winners = []
    while not match.is_over:
        dealer = match.dealer
        leader_team = ANTI[dealer] % 2
        events = play_built(match, sweep(ANTI, dealer, "sweep"))  # 4 games: a partida
        winners += [e.team for e in events if isinstance(e, PartidaWon)]
        assert [e.team for e in events if isinstance(e, PartidaWon)] == [leader_team]
    assert len(winners) in (2, 3)
    assert match.winner == winners[-1]
    assert match.partidas[match.winner] == 2
    assert [d.partida for d in match.deals] == list(range(len(winners)))
    with pytest.raises(IllegalPlayError, match="match is over"):
        match.deal_random()


def test_many_matches_side_by_side() -> None:
    """Interleaved matches give exactly what each gives when played alone."""
    matches = [Match("portugal", seed=i) for i in range(8)]
    rngs = [random.Random(i) for i in range(8)]
    while any(not m.is_over for m in matches):
        for m, rng in zip(matches, rngs, strict=True):
            if not m.is_over:
                m.play(rng.choice(m.legal_cards()))
    for i, together in enumerate(matches):
        alone = Match("portugal", seed=i)
        rng = random.Random(i)
        while not alone.is_over:
            alone.play(rng.choice(alone.legal_cards()))
        assert alone.to_record() == together.to_record()
    assert {m.winner for m in matches} == {0, 1}


def test_parse_card_is_accepted_everywhere() -> None:
    match = Match("portugal", deal=False, first_dealer=0)
    built = sweep(ANTI, 0, "sweep")
    match.deal_hands([[c.lower() for c in h] for h in built.hands], built.trump_card.lower())
    match.play(parse_card(built.plays[0]))
    match.play(int(parse_card(built.plays[1])))
    match.play(built.plays[2].lower())
    assert len(match.plays) == 3
    assert SUIT_MASKS[0] == 0x3FF


def test_multiplied_ties_are_capped_and_never_break_a_report() -> None:
    # 25 ties in a row under a factor of 1000 would make 1000**25 games: a deal's games are
    # capped at MAX_DEAL_GAMES (10**18, a signed 64-bit integer), and everything prints.
    import json

    from sueca_rules import replay_report
    from sueca_rules._rules import MAX_DEAL_GAMES

    from .scenarios import play_kind

    v = variant(scoring={"tie": {"mode": "multiply", "amount": 1000}}, match={"target_games": 4})
    match = Match(v, deal=False, first_dealer=0)
    rng = random.Random(5)
    for _ in range(25):
        play_kind(match, "tie", rng)
    assert match.pending_ties == 25
    play_kind(match, "sweep", rng)
    assert max(match.deals[-1].games) == MAX_DEAL_GAMES
    assert match.is_over
    assert str(MAX_DEAL_GAMES) in repr(match)
    report = json.loads(json.dumps(replay_report(match)))
    assert max(report["games"]) == MAX_DEAL_GAMES
    again = Match.from_record(match.to_record())
    assert replay_report(again) == report


def test_clone_copies_every_list_of_the_state() -> None:
    match = Match("brasil", seed=4)
    copy = match.clone()
    lists = [name for name, value in vars(match).items() if isinstance(value, list)]
    assert len(lists) >= 10
    for name in lists:
        assert getattr(copy, name) == getattr(match, name)
        assert getattr(copy, name) is not getattr(match, name), name


def test_the_engines_shuffle_is_the_standard_one() -> None:
    from sueca_rules._engine import _shuffled_deck

    for seed in range(300):
        deck = list(range(40))
        random.Random(f"s:{seed}").shuffle(deck)
        assert _shuffled_deck(random.Random(f"s:{seed}")) == deck


def test_claims_in_one_deal_are_capped() -> None:
    from sueca_rules._rules import MAX_CLAIMS

    v = variant(revoke={"mode": "claimable", "false_claim": "ignored"})
    match = Match(v, seed=2)
    for i in range(MAX_CLAIMS):
        match.claim(i % 4)
    before = match.to_record()
    with pytest.raises(IllegalPlayError, match=f"already holds {MAX_CLAIMS}"):
        match.claim(0)
    assert match.to_record() == before
    again = Match.from_record(parse_record(dump_record(before)), allow_unfinished=True)
    assert len(again.claims) == MAX_CLAIMS


def test_legal_cards_are_the_cards_of_legal_mask() -> None:
    """`Match.legal_cards()` writes `legal_mask()` out for speed: both agree at every card, with
    the cards sorted as `cards_from_mask()` sorts them."""
    from sueca_rules._cards import cards_from_mask, mask_of
    from sueca_rules._rules import legal_mask

    rng = random.Random(3)
    for seed in range(40):
        match = Match("portugal", seed=seed)
        while not match.is_over and len(match.deals) < 2:
            seat = match.turn
            assert seat is not None
            hand = mask_of(match.hand(seat))
            trick = [card for _, card in match.trick]
            legal = match.legal_cards()
            assert legal == cards_from_mask(legal_mask(hand, trick))
            match.play(rng.choice(legal))


def test_the_engine_keeps_at_most_29_attributes() -> None:
    """CPython reads an object's attributes fastest while it has at most 29 (they are kept
    inline; past that they move to a dict): the engine's hot paths count on it, in every phase
    and under every kind of rule (claims, redeals, the dealer's choice)."""
    from .games import random_step

    variants: list[Variant | str] = [
        "portugal",
        variant(revoke={"mode": "claimable"}),
        variant(deal={"trump_card": "dealer_choice", "redeal": {"leader_below": 26}}),
    ]
    for v in variants:
        for seed in range(6):
            rng = random.Random(seed)
            match = Match(v, seed=seed)
            steps = 0
            while not match.is_over and steps < 400:
                random_step(match, rng)
                steps += 1
                assert len(vars(match)) <= 29, sorted(vars(match))
            assert len(vars(match.clone())) <= 29


def test_rules_are_compiled_once_per_variant_and_never_stale() -> None:
    """A match made with a built-in id reuses the rules compiled for that variant; another variant
    object, even one equal to it, gets its own; the memory keeps a bounded number of variants."""
    from sueca_rules._rules import _COMPILED, _COMPILED_MAX, compiled_rules

    assert Match("portugal", seed=1).rules is Match("portugal", seed=2).rules
    base = load_variant("portugal")
    assert compiled_rules(base) == Rules.from_variant(base)
    for target in range(1, _COMPILED_MAX + 10):
        other = variant(match={"target_games": target})
        rules = compiled_rules(other)
        assert rules.target_games == target
        assert compiled_rules(other) is rules
        assert Match(other, seed=0).rules is rules
        assert len(_COMPILED) <= _COMPILED_MAX
    clockwise = variant(table={"direction": "clockwise"})
    assert Match(clockwise, seed=0).rules.clockwise
    assert not Match(variant(), seed=0).rules.clockwise


def test_a_deal_given_up_for_a_new_one_is_not_played() -> None:
    record = load_record(Path(__file__).parent / "golden" / "house" / "redeal-then-played.yaml")
    deals = Match.from_record(record).deals
    assert [d.result == "redeal" for d in deals][:2] == [True, False]
    assert [d.played for d in deals] == [d.result != "redeal" for d in deals]
    assert not deals[0].played
    assert deals[1].played
