"""Make the crafted records of `tests/test_analysis.py`: level-2 bots play a deal, and at the first
position of the kind wanted one seat's card is forced (a blunder), the rest played by the bots.

    python tests/analysis/make_records.py     # rewrites tests/analysis/*.yaml
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from sueca_rules import Match, Observation, dump_record
from sueca_rules._kernel import Position, play_cards, solve
from sueca_rules._kernel._bits import ABOVE, SUIT_MASKS
from sueca_rules._kernel._playouts import trick_standing
from sueca_rules.bots import advance, make_bot

HERE = Path(__file__).parent

Forcer = Callable[[Observation, Match], int | None]


def _true_loss(match: Match, card: int, other: int) -> int:
    """How many more card points the team of the seat to play takes, everything in view, after
    `other` than after `card` (both played perfectly afterwards)."""
    hands = [sum(1 << int(c) for c in match.hand(s)) for s in range(4)]
    trick = [int(c) for _, c in match.trick]
    assert match.trump is not None
    now = Position(hands, int(match.trump), match.trick_leader, trick, match.points,
                   match.tricks_won, match.rules.next_seat)  # fmt: skip
    seat = match.turn
    assert seat is not None
    sign = 1 if seat % 2 == 0 else -1

    def team0(c: int) -> int:
        after = play_cards(now, (c,))
        return after.points[0] + solve(after)

    return sign * (team0(other) - team0(card))


def ace_on_rivals_trick(obs: Observation, match: Match) -> int | None:
    """Late in the deal, once the seat can count that no trump is left out, the last player of a
    trick the rivals win with a trump holds the ace and a card with no points of the suit led:
    it throws the ace, which would have taken its points home later (everything in view)."""
    trick = [int(c) for c in obs.trick]
    if len(trick) != 3 or len(obs.tricks) < 6 or obs.trump is None:
        return None
    trump = int(obs.trump)
    led = trick[0] // 10
    if led == trump:
        return None
    top, seat, _ = trick_standing(trick, obs.trick_leader, trump, obs.rules.next_seat)
    if obs.unseen_mask & SUIT_MASKS[trump]:
        return None
    legal = {int(c) for c in obs.legal}
    ace = led * 10 + 9
    low = [c for c in legal if c // 10 == led and c % 10 < 5]
    if (
        seat % 2 != obs.seat % 2
        and top // 10 == trump
        and ace in legal
        and low
        and _true_loss(match, ace, min(low)) >= 11
    ):
        return ace
    return None


def seven_under_ace(obs: Observation, match: Match) -> int | None:
    """The leader holds the 7 of a plain suit whose ace is still out, and a card of another plain
    suit with no points: it leads the seven."""
    if obs.trick or obs.trump is None or len(obs.tricks) < 1 or len(obs.tricks) > 5:
        return None
    trump = int(obs.trump)
    hand = obs.hand_mask
    unseen = obs.unseen_mask
    for suit in range(4):
        seven = suit * 10 + 8
        if suit == trump or not hand >> seven & 1 or not unseen & ABOVE[seven] & SUIT_MASKS[suit]:
            continue
        safe = [int(c) for c in obs.legal if int(c) // 10 not in (suit, trump) and int(c) % 10 < 5]
        if safe:
            return seven
    return None


def make(forcer: Forcer, name: str, seeds: range = range(1, 3000)) -> None:
    for seed in seeds:
        match = Match("portugal", seed=seed)
        bots = [make_bot(2, seed=s) for s in range(4)]
        forced = False
        while match.deals == [] and match.pending() is not None:
            decision = match.pending()
            assert decision is not None
            if not forced and decision.kind == "card":
                card = forcer(match.observation(decision.seat), match)
                if card is not None:
                    print(name, "forced", card, "after", len(match.plays), "seat", decision.seat)
                    match.decide(card)
                    forced = True
                    continue
            advance(match, bots)
        if forced:
            record = match.to_record()
            record = record.model_copy(update={"deals": record.deals[:1]})
            (HERE / f"{name}.yaml").write_text(dump_record(record), encoding="utf-8")
            print(name, "seed", seed)
            return
    raise SystemExit(f"no deal for {name}")


def ace_in_the_last_tricks(seeds: range = range(1, 5000)) -> None:
    """A deal built so that, in trick 9, the rivals win with the ace of hearts and the last player
    (void in hearts, no trump left anywhere) throws the ace of spades while the 2 was legal; the
    three cards it cannot see are spades below the ace, so the ace kept would have taken trick 10.
    The first eight tricks are random legal cards."""
    import random

    rules = Match("portugal").rules
    leader = 0
    order = rules.play_order(leader)
    last = order[3]
    reserved = {
        order[0]: ["AH", "KS"],
        order[1]: ["2H", "QS"],
        order[2]: ["3H", "JS"],
        last: ["AS", "2S"],
    }
    taken = {c for cards in reserved.values() for c in cards}
    early = [str(c) for c in __import__("sueca_rules").CARDS if str(c) not in taken]
    for seed in seeds:
        rng = random.Random(seed)
        rng.shuffle(early)
        hands = {s: early[8 * i : 8 * i + 8] + reserved[s] for i, s in enumerate(range(4))}
        dealer = 0
        trumps = [c for c in hands[dealer] if c.endswith("C")]
        if not trumps:
            continue
        match = Match("portugal", first_dealer=dealer, deal=False)
        match.deal_hands([hands[s] for s in range(4)], trumps[0])
        ok = True
        while len(match.plays) < 32:
            seat = match.turn
            legal = [str(c) for c in match.legal_cards() if str(c) not in taken]
            if seat is None or not legal:
                ok = False
                break
            match.play(rng.choice(legal))
        if not ok or match.trick_leader != leader:
            continue
        for card in ["AH", "2H", "3H", "AS", "KS", "QS", "JS", "2S"]:
            match.play(card)
        record = match.to_record()
        (HERE / "ace_in_the_last_tricks.yaml").write_text(dump_record(record), encoding="utf-8")
        print("ace_in_the_last_tricks seed", seed, "last player", last)
        return
    raise SystemExit("no deal for ace_in_the_last_tricks")


if __name__ == "__main__":
    ace_in_the_last_tricks()
    make(seven_under_ace, "seven_under_ace")
