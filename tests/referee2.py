"""An independent referee of Sueca records, written from the contract and the rule texts alone.

It imports nothing from `sueca_rules`: it is a second reading of /work/shared/contract.md (variant
files, game records, `sueca replay --json`, partida boundaries, `table.first_leader`, claims) to
check the engine against. `referee(variant, record)` takes a variant as a mapping (any subset of
the fields, `extends` naming a built-in id) and a record as a mapping, and returns what
`sueca replay RECORD --json` should print, or raises `RefereeError` naming the 1-based deal of the
first rule the record breaks.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml

RANKS = "A7KJQ65432"  # strongest first
SUITS = "SHDC"
POINTS = {"A": 11, "7": 10, "K": 4, "J": 3, "Q": 2}
DECK = [rank + suit for suit in SUITS for rank in RANKS]
VARIANTS_DIR = Path(__file__).resolve().parent.parent / "variants"

DEFAULTS: dict[str, Any] = {
    "name": None,
    "description": "",
    "table": {
        "direction": "anticlockwise",
        "first_dealer": "random",
        "first_leader": "after_dealer",
    },
    "deal": {
        "trump_card": "dealer_last",
        "order": "play_direction",
        "redeal": {"leader_below": None, "others_below": None},
    },
    "revoke": {
        "mode": "prevented",
        "penalty_games": 4,
        "false_claim": "penalize_claimant",
        "false_claim_games": None,
        "after_false_claim": "deal_ends",
        "accuse": "team",
    },
    "scoring": {
        "tiers": [{"min_points": 61, "games": 1}, {"min_points": 91, "games": 2}],
        "bandeira": {"requires": "all_points", "games": 4, "wins_partida": False},
        "tie": {"mode": "add", "amount": 1, "stacks": True},
    },
    "match": {"target_games": 4, "best_of": 1},
}


class RefereeError(Exception):
    """The record breaks a rule; `deal` is 1-based (None for a record-wide fault)."""

    def __init__(self, deal: int | None, message: str) -> None:
        super().__init__(f"deal {deal}: {message}" if deal is not None else message)
        self.deal = deal


def _merge(base: Any, over: Any) -> Any:
    if isinstance(base, dict) and isinstance(over, dict):
        out = dict(base)
        for key, value in over.items():
            out[key] = _merge(base.get(key), value) if key in base else copy.deepcopy(value)
        return out
    return copy.deepcopy(over)


def resolve_variant(variant: dict[str, Any] | str) -> dict[str, Any]:
    """The whole variant: `extends` (a built-in id) resolved, then the defaults filled in."""
    if isinstance(variant, str):
        variant = {"extends": variant}
    base: dict[str, Any] = DEFAULTS
    ext = variant.get("extends")
    if ext is not None:
        text = (VARIANTS_DIR / f"{ext}.yaml").read_text(encoding="utf-8")
        loaded: dict[str, Any] = yaml.safe_load(text)
        base = resolve_variant(loaded)
    own = {k: v for k, v in variant.items() if k != "extends"}
    # `redeal: null` means never
    if (
        isinstance(own.get("deal"), dict)
        and "redeal" in own["deal"]
        and own["deal"]["redeal"] is None
    ):
        own = copy.deepcopy(own)
        own["deal"]["redeal"] = {"leader_below": None, "others_below": None}
    out: dict[str, Any] = _merge(base, own)
    out.pop("extends", None)
    return out


def card_points(card: str) -> int:
    return POINTS.get(card[0], 0)


def team(seat: int) -> int:
    return seat % 2


def _parse_card(value: Any, deal: int) -> str:
    if not isinstance(value, str) or len(value) != 2:
        raise RefereeError(deal, f"malformed card {value!r}")
    card = value.upper()
    if card[0] not in RANKS or card[1] not in SUITS:
        raise RefereeError(deal, f"malformed card {value!r}")
    return card


def _beats(card: str, best: str, trump: str) -> bool:
    if card[1] == best[1]:
        return RANKS.index(card[0]) < RANKS.index(best[0])
    return card[1] == trump


def trick_winner(leader: int, cards: list[str], trump: str, nxt: Any) -> int:
    seat, best_seat, best = leader, leader, cards[0]
    for card in cards[1:]:
        seat = nxt(seat)
        if _beats(card, best, trump):
            best, best_seat = card, seat
    return best_seat


class _ClaimCounter:
    """The claims of one deal, taken in the record's order as the cards are played."""

    def __init__(
        self,
        claims: list[dict[str, Any]],
        revokes: list[dict[str, Any]],
        rv: dict[str, Any],
        false_games: int,
    ) -> None:
        self.claims, self.revokes, self.rv, self.false_games = claims, revokes, rv, false_games
        self.penalties = [0, 0]  # false claims' games, play going on
        self.extra = [0, 0]  # the games of the claim that ended the deal
        self.out: list[dict[str, Any]] = []
        self.next = 0

    def take(self, played: int) -> bool:
        """Claims made after `played` cards; True when one ended the deal."""
        rv = self.rv
        while self.next < len(self.claims) and self.claims[self.next]["after"] == played:
            c = self.claims[self.next]
            self.next += 1
            if c["against"] is not None:
                right = any(r["seat"] == c["against"] for r in self.revokes)
            else:
                right = any(team(r["seat"]) != team(c["by"]) for r in self.revokes)
            entry = {"after": c["after"], "by": c["by"], "valid": right}
            if c["against"] is not None:
                entry["against"] = c["against"]
            self.out.append(entry)
            claimant = team(c["by"])
            if right:
                self.extra[claimant] += rv["penalty_games"]
                return True
            if rv["false_claim"] == "ignored":
                continue
            if rv["after_false_claim"] == "deal_ends":
                self.extra[1 - claimant] += self.false_games
                return True
            self.penalties[1 - claimant] += self.false_games
            if played == 40:
                return True  # a false claim at the count has the deal scored at once
        return False


def referee(variant_in: dict[str, Any] | str, record: dict[str, Any]) -> dict[str, Any]:
    v = resolve_variant(variant_in)
    clockwise = v["table"]["direction"] == "clockwise"

    def nxt(s: int) -> int:
        return (s + 1) % 4 if clockwise else (s + 3) % 4

    def prev(s: int) -> int:
        return (s + 3) % 4 if clockwise else (s + 1) % 4

    rv = v["revoke"]
    claimable = rv["mode"] == "claimable"
    false_games = (
        rv["false_claim_games"] if rv["false_claim_games"] is not None else rv["penalty_games"]
    )
    sc = v["scoring"]
    tiers = sc["tiers"]
    tie = sc["tie"]
    target = v["match"]["target_games"]
    need = v["match"]["best_of"] // 2 + 1
    leader_rule = v["table"]["first_leader"]
    redeal_rule = v["deal"]["redeal"] or {"leader_below": None, "others_below": None}

    dealer = record.get("first_dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer <= 3:
        raise RefereeError(None, f"bad first_dealer {dealer!r}")

    games = [0, 0]
    partidas = [0, 0]
    partida = 0
    pending = 0
    winner: int | None = None
    out_deals: list[dict[str, Any]] = []

    for index, rdeal in enumerate(record.get("deals") or []):
        n = index + 1
        if winner is not None:
            raise RefereeError(n, "a deal after the match is over")
        hands_in = rdeal.get("hands")
        if not isinstance(hands_in, list) or len(hands_in) != 4:
            raise RefereeError(n, "hands must be four lists")
        hands: list[list[str]] = []
        for h in hands_in:
            if not isinstance(h, list) or len(h) != 10:
                raise RefereeError(n, "a hand is not ten cards")
            hands.append([_parse_card(c, n) for c in h])
        if sorted(c for h in hands for c in h) != sorted(DECK):
            raise RefereeError(n, "the hands are not the 40-card deck")
        trump_card = _parse_card(rdeal.get("trump_card"), n)
        if trump_card not in hands[dealer]:
            raise RefereeError(n, "trump card not in the dealer's hand")
        trump = trump_card[1]
        if leader_rule == "after_dealer":
            leader = nxt(dealer)
        elif leader_rule == "dealer":
            leader = dealer
        else:
            leader = prev(dealer)
        plays_in = rdeal.get("plays") or []
        claims_in = rdeal.get("claims") or []
        base: dict[str, Any] = {
            "deal": n,
            "dealer": dealer,
            "trump": trump,
            "trump_card": trump_card,
            "partida": partida,
        }

        if rdeal.get("redeal") is not None:
            seat = rdeal["redeal"]
            if plays_in or claims_in:
                raise RefereeError(n, "a redeal with plays or claims")
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
                raise RefereeError(n, "bad redeal seat")
            limit = redeal_rule["leader_below"] if seat == leader else redeal_rule["others_below"]
            hand_points = sum(card_points(c) for c in hands[seat])
            if limit is None or hand_points >= limit:
                raise RefereeError(n, f"seat {seat} may not ask for a new deal")
            out_deals.append(
                {
                    **base,
                    "tricks": [],
                    "points": [0, 0],
                    "tricks_won": [0, 0],
                    "result": "redeal",
                    "games": [0, 0],
                    "bandeira": False,
                    "redeal": seat,
                }
            )
            continue  # the same dealer deals again

        if claims_in and not claimable:
            raise RefereeError(n, "a claim under a variant without claims")
        claims: list[dict[str, Any]] = []
        last_after = -1
        for c in claims_in:
            after, by = c.get("after"), c.get("by")
            against = c.get("against")
            if not isinstance(after, int) or not 0 <= after <= 40:
                raise RefereeError(n, "bad claim after")
            if not isinstance(by, int) or not 0 <= by <= 3:
                raise RefereeError(n, "bad claim by")
            if after < last_after:
                raise RefereeError(n, "claims out of order")
            last_after = after
            if rv["accuse"] == "player":
                if against is None:
                    raise RefereeError(n, "claim without against")
                if (
                    not isinstance(against, int)
                    or not 0 <= against <= 3
                    or team(against) == team(by)
                ):
                    raise RefereeError(n, "claim against own team")
            elif against is not None:
                raise RefereeError(n, "against under accuse: team")
            claims.append({"after": after, "by": by, "against": against})

        cards = [_parse_card(c, n) for c in plays_in]
        if len(cards) > 40:
            raise RefereeError(n, "more than 40 plays")
        held = [list(h) for h in hands]
        tricks: list[dict[str, Any]] = []
        revokes: list[dict[str, Any]] = []
        cur: list[str] = []
        cur_leader = leader
        turn = leader
        points = [0, 0]
        won = [0, 0]
        counter = _ClaimCounter(claims, revokes, rv, false_games)
        penalties, extra_games, out_claims = counter.penalties, counter.extra, counter.out
        take_claims = counter.take

        ended_by_claim = take_claims(0)
        played = 0
        for card in cards:
            if ended_by_claim:
                raise RefereeError(n, "a card after a claim ended the deal")
            if card not in held[turn]:
                raise RefereeError(n, f"seat {turn} does not hold {card}")
            if cur:
                led = cur[0][1]
                if card[1] != led and any(h[1] == led for h in held[turn]):
                    if not claimable:
                        raise RefereeError(n, f"seat {turn} must follow suit")
                    revokes.append({"seat": turn, "card": card, "play": played + 1})
            held[turn].remove(card)
            cur.append(card)
            played += 1
            if len(cur) == 4:
                w = trick_winner(cur_leader, cur, trump, nxt)
                pts = sum(card_points(c) for c in cur)
                tricks.append({"leader": cur_leader, "cards": cur, "winner": w, "points": pts})
                points[team(w)] += pts
                won[team(w)] += 1
                cur, cur_leader, turn = [], w, w
            else:
                turn = nxt(turn)
            ended_by_claim = take_claims(played)
        if counter.next < len(claims):
            if ended_by_claim:
                raise RefereeError(n, "a claim after the deal ended")
            raise RefereeError(n, "a claim after the cards played")
        if not ended_by_claim and played != 40:
            raise RefereeError(n, "a deal cut short without a claim")

        entry: dict[str, Any] = {**base, "tricks": tricks, "points": points, "tricks_won": won}
        bandeira = False
        if (
            ended_by_claim
            and played == 40
            and not out_claims[-1]["valid"]
            and rv["after_false_claim"] == "play_on"
        ):
            ended_by_claim = False  # scored as usual, at once
        if ended_by_claim:
            result = "revoke"
            deal_games = [penalties[t] + extra_games[t] for t in (0, 1)]
            if cur:
                entry["current_trick"] = {"leader": cur_leader, "cards": cur}
        elif points[0] == points[1]:
            result = "tie"
            deal_games = list(penalties)
            if tie["mode"] != "none":
                pending = pending + 1 if tie["stacks"] else 1
        else:
            result = "won"
            w = 0 if points[0] > points[1] else 1
            bd = sc["bandeira"]
            bandeira = points[w] == 120 if bd["requires"] == "all_points" else won[w] == 10
            if bandeira:
                g = bd["games"]
            else:
                g = 0
                for tier in tiers:
                    if points[w] >= tier["min_points"]:
                        g = tier["games"]
            if pending and tie["mode"] == "add":
                g += tie["amount"] * pending
            elif pending and tie["mode"] == "multiply":
                g *= tie["amount"] ** pending
            pending = 0
            deal_games = list(penalties)
            deal_games[w] += g
        entry.update({"result": result, "games": deal_games, "bandeira": bandeira})
        if out_claims:
            entry["claims"] = out_claims
        if revokes:
            entry["revokes"] = revokes
        if any(penalties):
            entry["penalties"] = list(penalties)
        out_deals.append(entry)

        games = [games[0] + deal_games[0], games[1] + deal_games[1]]
        pwin: int | None = None
        if bandeira and sc["bandeira"]["wins_partida"]:
            pwin = 0 if points[0] > points[1] else 1
        elif max(games) >= target and games[0] != games[1]:
            pwin = 0 if games[0] > games[1] else 1
        if pwin is not None:
            partidas[pwin] += 1
            if partidas[pwin] >= need:
                winner = pwin
            else:
                partida += 1
                games = [0, 0]
                pending = 0
        dealer = nxt(dealer)

    return {"deals": out_deals, "games": games, "partidas": partidas, "winner": winner}
