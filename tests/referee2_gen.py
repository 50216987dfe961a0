"""Random variants and records for checking the engine against `tests/referee2.py`.

Nothing here comes from `sueca_rules`: the variants are drawn from the contract's fields, the
records are played by simple random players under `referee2`'s reading of the rules (with
renúncias, rightful and false claims, redeals, 60-60s and bandeiras made likely on purpose), and
`mutate` breaks a record in one of the ways the contract lists.
"""

from __future__ import annotations

import copy
import random
from typing import Any

from tests.referee2 import (
    DECK,
    RANKS,
    RefereeError,
    card_points,
    referee,
    resolve_variant,
    team,
    trick_winner,
)

BUILTINS = [
    "portugal",
    "portugal-best-of-3",
    "portugal-table",
    "sueca-online",
    "sueca-play",
    "french",
    "brasil",
]


def random_variant(rng: random.Random) -> dict[str, Any]:
    """A valid variant mapping, any subset of fields, sometimes extending a built-in."""
    while True:
        v: dict[str, Any] = {"name": f"random {rng.randrange(10**6)}"}
        if rng.random() < 0.3:
            v["extends"] = rng.choice(BUILTINS)
        if rng.random() < 0.8:
            t: dict[str, Any] = {}
            if rng.random() < 0.7:
                t["direction"] = rng.choice(["anticlockwise", "clockwise"])
            if rng.random() < 0.5:
                t["first_dealer"] = rng.choice(["random", 0, 1, 2, 3])
            if rng.random() < 0.7:
                t["first_leader"] = rng.choice(["after_dealer", "dealer", "before_dealer"])
            v["table"] = t
        if rng.random() < 0.7:
            d: dict[str, Any] = {}
            if rng.random() < 0.5:
                d["trump_card"] = rng.choice(["dealer_last", "dealer_first", "dealer_choice"])
            if rng.random() < 0.4:
                d["order"] = rng.choice(["play_direction", "reverse"])
            if rng.random() < 0.6:
                if rng.random() < 0.15:
                    d["redeal"] = None
                else:
                    d["redeal"] = {
                        "leader_below": rng.choice([None, rng.randint(1, 30)]),
                        "others_below": rng.choice([None, rng.randint(1, 30)]),
                    }
            v["deal"] = d
        if rng.random() < 0.8:
            r: dict[str, Any] = {"mode": "claimable" if rng.random() < 0.8 else "prevented"}
            if rng.random() < 0.7:
                r["penalty_games"] = rng.randint(0, 5)
            if rng.random() < 0.7:
                r["false_claim"] = rng.choice(["penalize_claimant", "ignored"])
            if rng.random() < 0.6:
                r["false_claim_games"] = rng.choice([None, rng.randint(0, 5)])
            if rng.random() < 0.7:
                r["after_false_claim"] = rng.choice(["deal_ends", "play_on"])
            if rng.random() < 0.6:
                r["accuse"] = rng.choice(["team", "player"])
            v["revoke"] = r
        if rng.random() < 0.8:
            s: dict[str, Any] = {}
            if rng.random() < 0.6:
                tiers = []
                low = 60
                for _ in range(rng.randint(1, 4)):
                    if low >= 120:
                        break
                    low = rng.randint(low + 1, min(120, low + 40))
                    tiers.append({"min_points": low, "games": rng.randint(0, 4)})
                s["tiers"] = tiers
            if rng.random() < 0.6:
                b: dict[str, Any] = {}
                if rng.random() < 0.7:
                    b["requires"] = rng.choice(["all_points", "all_tricks"])
                if rng.random() < 0.6:
                    b["games"] = rng.randint(0, 8)
                if rng.random() < 0.6:
                    b["wins_partida"] = rng.random() < 0.5
                s["bandeira"] = b
            if rng.random() < 0.7:
                mode = rng.choice(["none", "add", "multiply"])
                tie: dict[str, Any] = {"mode": mode}
                if mode == "multiply" or rng.random() < 0.5:
                    tie["amount"] = rng.randint(2, 3) if mode == "multiply" else rng.randint(0, 3)
                if rng.random() < 0.6:
                    tie["stacks"] = rng.random() < 0.5
                s["tie"] = tie
            v["scoring"] = s
        if rng.random() < 0.8:
            m: dict[str, Any] = {}
            if rng.random() < 0.8:
                m["target_games"] = rng.randint(1, 7)
            if rng.random() < 0.6:
                m["best_of"] = rng.choice([1, 1, 3, 3, 5])
            v["match"] = m
        full = resolve_variant(v)
        if full["scoring"]["tie"]["mode"] == "multiply" and full["scoring"]["tie"]["amount"] < 2:
            continue
        sc, rv = full["scoring"], full["revoke"]
        top = 119 if sc["bandeira"]["requires"] == "all_points" else 120  # 120 is a bandeira
        can_score = [t["games"] for t in sc["tiers"] if t["min_points"] <= top]
        tie_adds = sc["tie"]["amount"] if sc["tie"]["mode"] == "add" else 0
        worth = [*can_score, sc["bandeira"]["games"], tie_adds]
        if rv["mode"] == "claimable":
            worth += [rv["penalty_games"], rv["false_claim_games"] or 0]
        if not any(worth) or sum(can_score) + sc["bandeira"]["games"] == 0:
            continue  # nothing (or only penalties) ever scores: endless matches
        if full["match"]["best_of"] * (2 * full["match"]["target_games"] - 1) > 500:
            continue
        return v


def _legal(hand: list[str], trick: list[str]) -> list[str]:
    if not trick:
        return list(hand)
    same = [c for c in hand if c[1] == trick[0][1]]
    return same or list(hand)


def _greedy(hand: list[str], trick: list[str], trump: str) -> str:
    """Wins the trick when it can, with the strongest card; else throws its lowest."""
    legal = _legal(hand, trick)
    if not trick:
        return min(legal, key=lambda c: (c[1] != trump, RANKS.index(c[0])))
    order = sorted(legal, key=lambda c: (c[1] != trump, RANKS.index(c[0])))
    return order[0]


def _playout(
    rng: random.Random,
    hands: list[list[str]],
    leader: int,
    trump: str,
    nxt: Any,
    style: str,
    revoke_p: float,
) -> tuple[list[str], list[int]]:
    held = [list(h) for h in hands]
    plays: list[str] = []
    team_points = [0, 0]
    cur: list[str] = []
    turn, cur_leader = leader, leader
    for _ in range(40):
        hand = held[turn]
        if revoke_p and rng.random() < revoke_p:
            card = rng.choice(hand)
        elif style == "greedy" and team(turn) == 0:
            card = _greedy(hand, cur, trump)
        else:
            card = rng.choice(_legal(hand, cur))
        hand.remove(card)
        plays.append(card)
        cur.append(card)
        if len(cur) == 4:
            w = trick_winner(cur_leader, cur, trump, nxt)
            team_points[team(w)] += sum(card_points(c) for c in cur)
            cur, cur_leader, turn = [], w, w
        else:
            turn = nxt(turn)
    return plays, team_points


def _deal_cards(rng: random.Random, strong: bool) -> list[list[str]]:
    deck = list(DECK)
    rng.shuffle(deck)
    if strong:  # team 0 gets most of the trumps and the aces and sevens
        deck.sort(key=lambda c: (c[1] != "S", RANKS.index(c[0])) if rng.random() < 0.9 else (5, 0))
        top, rest = deck[:20], deck[20:]
        rng.shuffle(top)
        rng.shuffle(rest)
        return [top[:10], rest[:10], top[10:], rest[10:]]
    return [deck[i * 10 : i * 10 + 10] for i in range(4)]


def random_record(
    rng: random.Random, variant: dict[str, Any] | str, max_deals: int = 40
) -> dict[str, Any]:
    """A record played under `variant` (a mapping or a built-in id; legal under referee2),
    possibly an unfinished match."""
    full = resolve_variant(variant)
    clockwise = full["table"]["direction"] == "clockwise"

    def nxt(s: int) -> int:
        return (s + 1) % 4 if clockwise else (s + 3) % 4

    fd = full["table"]["first_dealer"]
    first_dealer = rng.randrange(4) if fd == "random" else fd
    record: dict[str, Any] = {"variant": variant, "first_dealer": first_dealer, "deals": []}
    rv = full["revoke"]
    claimable = rv["mode"] == "claimable"
    redeal = full["deal"]["redeal"] or {}
    dealer = first_dealer
    claim_p = rng.choice([0.0, 0.01, 0.03, 0.08]) if claimable else 0.0
    revoke_p = rng.choice([0.0, 0.02, 0.06]) if claimable else 0.0
    stop_after = rng.randint(1, max_deals)
    for _ in range(stop_after):
        strong = rng.random() < 0.15
        hands = _deal_cards(rng, strong)
        trump_card = rng.choice(hands[dealer])
        trump = trump_card[1]
        rule = full["table"]["first_leader"]
        leader = (
            nxt(dealer)
            if rule == "after_dealer"
            else dealer
            if rule == "dealer"
            else nxt(nxt(nxt(dealer)))
        )
        deal: dict[str, Any] = {"hands": hands, "trump_card": trump_card}
        asked = None
        for k in range(4):
            seat = leader
            for _ in range(k):
                seat = nxt(seat)
            limit = redeal.get("leader_below") if seat == leader else redeal.get("others_below")
            if (
                limit is not None
                and sum(card_points(c) for c in hands[seat]) < limit
                and rng.random() < 0.5
            ):
                asked = seat
                break
        if asked is not None:
            deal["redeal"] = asked
            record["deals"].append(deal)
            continue
        style = "greedy" if strong else "random"
        if rng.random() < 0.1:  # hunt for a 60-60
            best = None
            for _ in range(150):
                plays, pts = _playout(rng, hands, leader, trump, nxt, style, revoke_p)
                if pts[0] == 60:
                    best = plays
                    break
            plays = best or plays
        else:
            plays, _pts = _playout(rng, hands, leader, trump, nxt, style, revoke_p)
        claims: list[dict[str, Any]] = []
        if claim_p:
            for after in range(41):
                p = claim_p * (6 if after == 40 else 1)
                while rng.random() < p and len(claims) < 4:
                    by = rng.randrange(4)
                    c: dict[str, Any] = {"after": after, "by": by}
                    if rv["accuse"] == "player":
                        c["against"] = rng.choice([s for s in range(4) if team(s) != team(by)])
                    claims.append(c)
        deal["plays"] = plays
        if claims:
            deal["claims"] = claims
            # keep the longest run of claims the rules allow, with the plays cut where a claim
            # ended the deal (referee2 decides)
            chosen = None
            for k in range(len(claims), -1, -1):
                cuts = [plays] if k == 0 else [plays, plays[: claims[k - 1]["after"]]]
                for cut in cuts:
                    trial = dict(deal, claims=claims[:k], plays=cut)
                    try:
                        referee(full, {"first_dealer": dealer, "deals": [trial]})
                    except RefereeError:
                        continue
                    chosen = trial
                    break
                if chosen is not None:
                    break
            assert chosen is not None
            deal = chosen
            if not deal["claims"]:
                del deal["claims"]
        record["deals"].append(deal)
        if referee(full, record)["winner"] is not None:
            break
        dealer = nxt(dealer)
    return record


def mutate(rng: random.Random, record: dict[str, Any]) -> tuple[dict[str, Any], str]:
    """The record broken (or merely changed) in one random way, and what was done."""
    rec = copy.deepcopy(record)
    deals = rec["deals"]
    played = [i for i, d in enumerate(deals) if d.get("plays")]
    kinds = [
        "swap_plays",
        "foreign_card",
        "trump_not_dealer",
        "cut_short",
        "malformed",
        "duplicate_card",
        "first_dealer",
        "lowercase",
        "extra_deal",
        "claim_add",
        "claim_against",
        "claim_late",
        "redeal_bad",
        "extra_play",
        "claims_order",
    ]
    kind = rng.choice(kinds)
    if not played:
        kind = rng.choice(
            ["trump_not_dealer", "malformed", "first_dealer", "extra_deal", "redeal_bad"]
        )
    i = rng.choice(played) if played else rng.randrange(len(deals))
    d = deals[i]
    if kind == "swap_plays":
        p = d["plays"]
        a, b = rng.randrange(len(p)), rng.randrange(len(p))
        p[a], p[b] = p[b], p[a]
    elif kind == "foreign_card":
        p = d["plays"]
        a = rng.randrange(len(p))
        p[a] = rng.choice([c for c in DECK if c not in p] or DECK)
    elif kind == "trump_not_dealer":
        d["trump_card"] = rng.choice([c for h in d["hands"] for c in h if c != d["trump_card"]])
    elif kind == "cut_short":
        d["plays"] = d["plays"][: rng.randrange(len(d["plays"]))]
    elif kind == "malformed":
        where = rng.choice(["hand", "trump", "play"] if d.get("plays") else ["hand", "trump"])
        bad = rng.choice(["8S", "XX", "10H", "A", "AZ"])
        if where == "hand":
            d["hands"][rng.randrange(4)][rng.randrange(10)] = bad
        elif where == "trump":
            d["trump_card"] = bad
        else:
            d["plays"][rng.randrange(len(d["plays"]))] = bad
    elif kind == "duplicate_card":
        h = d["hands"][rng.randrange(4)]
        h[rng.randrange(10)] = d["hands"][rng.randrange(4)][rng.randrange(10)]
    elif kind == "first_dealer":
        rec["first_dealer"] = rng.randrange(4)
    elif kind == "lowercase":
        d["hands"] = [[c.lower() for c in h] for h in d["hands"]]
        if d.get("plays"):
            d["plays"] = [c.lower() if rng.random() < 0.5 else c for c in d["plays"]]
        d["trump_card"] = d["trump_card"].lower()
    elif kind == "extra_deal":
        deals.append(copy.deepcopy(deals[-1]))
    elif kind == "claim_add":
        d.setdefault("claims", [])
        after = rng.randint(0, len(d["plays"]))
        c = {"after": after, "by": rng.randrange(4)}
        if rng.random() < 0.5:
            c["against"] = rng.randrange(4)
        d["claims"].append(c)
        d["claims"].sort(key=lambda c: c["after"])
    elif kind == "claim_against":
        if d.get("claims"):
            c = rng.choice(d["claims"])
            if "against" in c and rng.random() < 0.5:
                del c["against"]
            else:
                c["against"] = rng.randrange(4)
        else:
            d["claims"] = [{"after": len(d["plays"]), "by": 0, "against": rng.randrange(4)}]
    elif kind == "claim_late":
        d.setdefault("claims", []).append(
            {"after": rng.randint(len(d["plays"]), 41), "by": rng.randrange(4)}
        )
    elif kind == "redeal_bad":
        d["redeal"] = rng.randrange(4)
        d.pop("plays", None)
        d.pop("claims", None)
    elif kind == "extra_play":
        d["plays"].append(rng.choice(DECK))
    elif kind == "claims_order":
        if d.get("claims") and len(d["claims"]) >= 2:
            d["claims"].reverse()
        else:
            d["claims"] = [{"after": 3, "by": 1}, {"after": 2, "by": 0}]
    return rec, kind
