"""The engine against a second, independent referee (`tests/referee2.py`) on random pairs.

`referee2` was written from the contract and the rule texts alone and imports nothing from
`sueca_rules`. Random variants (every field the contract allows) and random records played under
them (renúncias, rightful and false claims, redeals, 60-60s, bandeiras), some broken on purpose,
go to both: they must refuse the same records, naming the same deal, and report the same figures
for the others (every key `sueca replay --json` prints for a deal, and the match's games,
partidas and winner).
"""

from __future__ import annotations

import collections
import random

import pytest

from tests.referee2_compare import compare, referee_side
from tests.referee2_gen import BUILTINS, mutate, random_record, random_variant


def _pairs(seed: int, count: int) -> list[tuple[dict[str, object], str]]:
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        variant: dict[str, object] | str = random_variant(rng)
        if rng.random() < 0.1:
            variant = rng.choice(BUILTINS)
        record = random_record(rng, variant, max_deals=rng.choice([3, 10, 40]))
        kind = "clean"
        if rng.random() < 0.3:
            record, kind = mutate(rng, record)
        out.append((record, kind))
    return out


@pytest.mark.slow
def test_the_engine_and_referee2_agree_on_200_random_records() -> None:
    seen: collections.Counter[str] = collections.Counter()
    disagreements = []
    for record, kind in _pairs(20261207, 200):
        report, error = referee_side(record)
        seen["refused" if error else "accepted"] += 1
        for deal in (report or {}).get("deals", []):
            seen[deal["result"]] += 1
            seen["bandeira"] += deal["bandeira"]
            seen["penalties"] += "penalties" in deal
            seen["later partida"] += deal["partida"] > 0
        diffs = compare(record, "library")
        if diffs:
            disagreements.append((kind, diffs[:3]))
    assert disagreements == []
    # the pairs reach what they are meant to check
    for what in ("won", "tie", "revoke", "redeal", "bandeira", "penalties", "later partida"):
        assert seen[what] > 0, (what, seen)
    assert seen["refused"] > 20
    assert seen["accepted"] > 100


@pytest.mark.slow
def test_sueca_replay_json_and_referee2_agree_on_random_records() -> None:
    layouts = ["cli", "cli-yaml", "cli-path", "cli-yaml-chain"]
    disagreements = []
    for i, (record, kind) in enumerate(_pairs(7, 16)):
        diffs = compare(record, layouts[i % len(layouts)])
        if diffs:
            disagreements.append((kind, layouts[i % len(layouts)], diffs[:3]))
    assert disagreements == []
