"""Write the golden records: ``python -m tests.golden.make_golden`` from the repository root.

For every built-in variant it plays matches made of deals built to order (see
``tests/scenarios.py``), finishes each match with seeded random play, and writes the record
(``<variant>/<scenario>.yaml``) with what ``sueca replay --json`` gives for it
(``<scenario>.json``). House rules that no built-in has (claims naming the accused, play going
on after a false claim) get records of their own in ``house/``, their variant written inline.
Each expected result is checked against the independent referee in ``tests/reference.py``
before it is written; ``tests/test_golden.py`` checks both again. Files that exist are written
again only when their content changes, so a run shows in ``git diff`` what changed.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

from sueca_rules import (
    Match,
    Variant,
    builtin_ids,
    dump_record,
    load_record,
    load_variant,
    replay_report,
)
from sueca_rules._rules import Rules

from ..reference import contract_view, referee
from ..scenarios import BuiltDeal, find_deal, play_built, random_hands, sweep

HERE = Path(__file__).resolve().parent

Plan = list[Callable[[Match], BuiltDeal]]


def built(kind: str) -> Callable[[Match], BuiltDeal]:
    def make(match: Match) -> BuiltDeal:
        return sweep(match.rules.next_seat, match.dealer, kind)

    return make


def tie(seed: int = 0) -> Callable[[Match], BuiltDeal]:
    def make(match: Match) -> BuiltDeal:
        return find_deal(match.variant, match.dealer, lambda p, t: p == (60, 60), seed=seed)

    return make


def scenarios(variant_id: str) -> dict[str, Plan]:
    plans: dict[str, Plan] = {
        "capote": [built("capote"), built("capote")],
        "bandeira-sweep": [built("sweep")],
        "bandeira-lost-zero-trick": [built("lose_zero")],
        "tie-then-carried": [tie(1), built("capote")],
        "two-ties-then-carried": [tie(2), tie(3), built("capote")],
    }
    if variant_id == "portugal-best-of-3":
        plans["best-of-3"] = [built("sweep"), built("capote"), built("capote"), built("sweep")]
    return plans


REVOKE_HANDS = [
    ["KS", "2C", "3C", "4C", "5C", "6C", "QC", "JC", "KC", "7C"],
    ["2H", "AS", "2S", "AD", "2D", "3D", "4D", "5D", "6D", "QD"],
    ["7S", "3H", "3S", "JD", "KD", "7D", "4S", "5S", "6S", "QS"],
    ["AC", "4H", "5H", "6H", "QH", "JH", "KH", "7H", "AH", "JS"],
]
"""Seat 0 leads KS after seat 1 dealt (anticlockwise); seat 3 holds JS but may play AH."""


def revoke_match(variant: str | Variant) -> Match:
    """A deal where seat 3 revokes: holding JS, it plays AH on KS (the first trick)."""
    match = Match(variant, deal=False, first_dealer=1)
    match.deal_hands(REVOKE_HANDS, "2H")
    for card in ("KS", "AH", "7S", "AS"):
        match.play(card)
    return match


def claim_match(variant_id: str, rightful: bool) -> Match:
    """Under a claimable variant: seat 3 revokes, then a claim by seat 2 (rightful) or by seat 1
    (the revoker's partner: a false claim)."""
    match = revoke_match(variant_id)
    match.claim(2 if rightful else 1)
    return match


def count_match(variant: str | Variant, by: int, against: int | None = None) -> Match:
    """Seat 3 revokes in the first trick; nobody claims until the count, where seat ``by``
    claims (naming ``against`` under ``revoke.accuse: player``)."""
    match = revoke_match(variant)
    rng = random.Random(1)
    while match.phase == "play":
        match.play(rng.choice(match.legal_cards()))
    assert match.phase == "count"
    match.claim(by, against)
    return match


def finish(match: Match, seed: int) -> None:
    """Play on at random to the end of the match: the dealer's choice at random, every hand
    kept, no claim at the count."""
    rng = random.Random(seed)
    while not match.is_over:
        if match.phase == "deal":
            match.deal_random(
                rng.choice(["top", "bottom"]) if match.rules.trump_dealer_choice else None
            )
        elif match.phase == "trump":
            match.choose_trump(rng.choice(["top", "bottom"]))
        elif match.phase == "redeal":
            turn = match.turn
            assert turn is not None
            match.keep_hand(turn)
        elif match.phase == "count":
            match.score_deal()
        else:
            match.play(rng.choice(match.legal_cards()))


def redeal_match(variant: str | Variant, by: int | None = None) -> Match:
    """A deal asked away by a weak hand (of seat `by`, when given), then the same dealer deals
    again and it is played."""
    match = Match(variant, deal=False, first_dealer=0, seed="golden:redeal")
    rng = random.Random(3)
    for _ in range(500):
        trial = match.clone()
        trial.deal_hands(*random_hands(rng, trial.dealer))
        while trial.phase == "redeal":
            turn = trial.turn
            assert turn is not None
            if trial.may_redeal(turn) and by in (None, turn):
                trial.redeal(turn)
                return trial
            trial.keep_hand(turn)
    raise AssertionError("no weak hand found")


def both_reach_target(variant: Variant) -> Match:
    """A capote (2 games) for the team that made a false claim worth 2 games to the other
    team, with play going on: both teams reach the target of 2 with equal games, so the
    partida goes on."""
    match = Match(variant, deal=False, first_dealer=0)
    deal = sweep(match.rules.next_seat, match.dealer, "capote")
    trial = match.clone()
    play_built(trial, deal)
    winner = trial.deals[-1].team
    assert winner is not None
    match.deal_hands(deal.hands, deal.trump_card)
    match.claim(winner)  # seat `winner` is of team `winner`: nobody revoked, a false claim
    for card in deal.plays:
        match.play(card)
    match.score_deal()
    assert match.games == (2, 2)
    assert match.partida == 0
    return match


HOUSE: dict[str, dict[str, object]] = {
    "accuse-player": {"revoke": {"mode": "claimable", "accuse": "player"}},
    "play-on": {
        "revoke": {
            "mode": "claimable",
            "false_claim_games": 1,
            "after_false_claim": "play_on",
        },
        "match": {"target_games": 2},
    },
    "play-on-2": {
        "revoke": {
            "mode": "claimable",
            "false_claim_games": 2,
            "after_false_claim": "play_on",
        },
        "match": {"target_games": 2},
    },
    "redeal": {"deal": {"redeal": {"leader_below": 30, "others_below": 25}}},
    "cutter-leads": {
        "table": {"first_leader": "before_dealer"},
        "deal": {"redeal": {"leader_below": 30, "others_below": 25}},
    },
    "dealer-leads": {"table": {"first_leader": "dealer"}, "deal": {"trump_card": "dealer_first"}},
}
"""House variants for rules no built-in has: ``name`` is added from the key."""


def house_matches() -> dict[str, Match]:
    """The house scenarios: name -> the match played (finished later)."""
    v = {k: Variant.model_validate({"name": f"House: {k}", **rules}) for k, rules in HOUSE.items()}
    play_on = count_match(v["play-on"], by=1)  # the revoker's partner: a false claim at the
    # count, with play going on: the deal is scored at once, the penalty added
    false_then_right = revoke_match(v["play-on"])
    false_then_right.claim(1)  # the revoker's partner: false, 1 game to team 0, play goes on
    false_then_right.claim(2)  # rightful: the deal ends, the earlier penalty kept
    return {
        "play-on-both-reach-the-target": both_reach_target(v["play-on-2"]),
        "accuse-player-rightful": count_match(v["accuse-player"], by=0, against=3),
        "accuse-player-wrong-rival": count_match(v["accuse-player"], by=0, against=1),
        "play-on-false-claim-at-the-count": play_on,
        "play-on-false-then-rightful": false_then_right,
        "redeal-then-played": redeal_match(v["redeal"]),
        # seat 1 cuts for dealer 0 (anticlockwise) and leads: its threshold is leader_below
        "first-leader-cutter-redeal": redeal_match(v["cutter-leads"], by=1),
        "first-leader-dealer": Match(v["dealer-leads"], deal=False, first_dealer=2),
    }


def write(folder_name: str, name: str, match: Match) -> None:
    record = match.to_record()
    report = replay_report(match)
    expected = referee(match.variant, record.to_data())
    assert contract_view(report) == expected, (folder_name, name)
    folder = HERE / folder_name
    folder.mkdir(exist_ok=True)
    header = f"# Golden record: {folder_name}, {name.replace('-', ' ')}.\n"
    path = folder / f"{name}.yaml"
    if not path.exists() or load_record(path) != record:  # a record kept in an older layout
        path.write_text(header + dump_record(record), encoding="utf-8")
    path = path.with_suffix(".json")
    text = compact_json(report)
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def compact_json(report: dict[str, object]) -> str:
    """The report with one deal per line: small, and still readable in a diff."""
    deals = report["deals"]
    assert isinstance(deals, list)
    rest = {k: v for k, v in report.items() if k != "deals"}
    lines = ",\n  ".join(json.dumps(d, separators=(",", ":")) for d in deals)
    return '{"deals": [\n  ' + lines + "\n],\n" + json.dumps(rest)[1:] + "\n"


def main() -> None:
    for variant_id in builtin_ids():
        for name, plan in scenarios(variant_id).items():
            match = Match(variant_id, deal=False, first_dealer=0, seed=f"golden:{name}")
            for step in plan:
                if match.is_over:
                    break
                play_built(match, step(match))
            finish(match, seed=len(name))
            write(variant_id, name, match)
        rules = Rules.from_variant(load_variant(variant_id))
        if rules.revoke_claimable:
            for rightful in (True, False):
                match = claim_match(variant_id, rightful)
                finish(match, seed=7)
                write(variant_id, "claim-rightful" if rightful else "claim-false", match)
            match = count_match(variant_id, by=2)
            finish(match, seed=7)
            write(variant_id, "claim-at-the-count", match)
        if rules.has_redeal:
            match = redeal_match(variant_id)
            finish(match, seed=5)
            write(variant_id, "redeal", match)
    for name, match in house_matches().items():
        finish(match, seed=11)
        write("house", name, match)


if __name__ == "__main__":
    main()
