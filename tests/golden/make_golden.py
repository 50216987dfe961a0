"""Write the golden records: ``python -m tests.golden.make_golden`` from the repository root.

For every built-in variant it plays matches made of deals built to order (see
``tests/scenarios.py``), finishes each match with seeded random play, and writes the record
(``<variant>/<scenario>.yaml``) with what ``sueca replay --json`` gives for it
(``<scenario>.json``). Each expected result is checked against the independent referee in
``tests/reference.py`` before it is written; ``tests/test_golden.py`` checks both again.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path

from sueca_rules import Match, builtin_ids, dump_record, load_variant, replay_report
from sueca_rules._rules import Rules

from ..reference import contract_view, referee
from ..scenarios import BuiltDeal, find_deal, play_built, sweep

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


def claim_match(variant_id: str, rightful: bool) -> Match:
    """Under a claimable variant: a deal where seat 3 revokes (holding JS, it plays AH on KS),
    then a claim by seat 2 (rightful) or by seat 1 (the revoker's partner: a false claim)."""
    hands = [
        ["KS", "2C", "3C", "4C", "5C", "6C", "QC", "JC", "KC", "7C"],
        ["2H", "AS", "2S", "AD", "2D", "3D", "4D", "5D", "6D", "QD"],
        ["7S", "3H", "3S", "JD", "KD", "7D", "4S", "5S", "6S", "QS"],
        ["AC", "4H", "5H", "6H", "QH", "JH", "KH", "7H", "AH", "JS"],
    ]
    match = Match(variant_id, deal=False, first_dealer=1)
    match.deal_hands(hands, "2H")
    for card in ("KS", "AH", "7S", "AS"):
        match.play(card)
    match.claim(2 if rightful else 1)
    return match


def finish(match: Match, seed: int) -> None:
    rng = random.Random(seed)
    while not match.is_over:
        if match.phase == "deal":
            match.deal_random()
        match.play(rng.choice(match.legal_cards()))


def write(variant_id: str, name: str, match: Match) -> None:
    record = match.to_record()
    report = replay_report(match)
    expected = referee(load_variant(variant_id), record.to_data())
    assert contract_view(report) == expected, (variant_id, name)
    folder = HERE / variant_id
    folder.mkdir(exist_ok=True)
    header = f"# Golden record: {variant_id}, {name.replace('-', ' ')}.\n"
    (folder / f"{name}.yaml").write_text(header + dump_record(record), encoding="utf-8")
    (folder / f"{name}.json").write_text(compact_json(report), encoding="utf-8")


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
        if Rules.from_variant(load_variant(variant_id)).revoke_claimable:
            for rightful in (True, False):
                match = claim_match(variant_id, rightful)
                finish(match, seed=7)
                write(variant_id, "claim-rightful" if rightful else "claim-false", match)


if __name__ == "__main__":
    main()
