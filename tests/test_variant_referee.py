"""Variant files against an outside reading of the contract, on random chains of files.

The referee here imports nothing from `sueca_rules` for what it decides: it merges each file over
its base as the contract says (mappings field by field, lists and values replaced; a base's
`description` not inherited), fills in the contract's defaults, and judges validity by the
contract's rules (and the schema's bounds). Random files extend one another across sub-folders
(and a built-in at the root of the chain), set any subset of fields, and now and then break a
rule. `load_variant` must accept exactly the files the referee finds valid, resolve them to the
same values, and name the field at fault for the others.
"""

from __future__ import annotations

import copy
import itertools
import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from sueca_rules import VariantError, load_variant
from tests.referee2 import DEFAULTS as CONTRACT_DEFAULTS

VARIANTS = Path(__file__).resolve().parent.parent / "variants"

# The contract's defaults, as the second referee (written from the contract alone) has them;
# a file may also name its base.
DEFAULTS: dict[str, Any] = {"extends": None, **CONTRACT_DEFAULTS}


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    out = copy.deepcopy(base)
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


def _resolve(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(path.read_text(encoding="utf-8"))
    ext = data.get("extends")
    if ext is None:
        base = copy.deepcopy(DEFAULTS)
    elif (VARIANTS / f"{ext}.yaml").is_file() and "/" not in ext:
        base = _resolve(VARIANTS / f"{ext}.yaml")
    else:
        base = _resolve(path.parent / ext)
    base["description"] = ""  # a description belongs to the file that wrote it
    out = _merge(base, data)
    if out["deal"]["redeal"] is None:  # `redeal: null`: never
        out["deal"]["redeal"] = {"leader_below": None, "others_below": None}
    return out


def _problems(v: dict[str, Any]) -> list[str]:
    """The fields at fault, by the contract's rules of validation."""
    found = []
    tiers = v["scoring"]["tiers"]
    ascending = all(a["min_points"] < b["min_points"] for a, b in itertools.pairwise(tiers))
    if not ascending or tiers[0]["min_points"] <= 60:
        found.append("scoring.tiers")
    tie = v["scoring"]["tie"]
    if tie["mode"] == "multiply" and tie["amount"] < 2:
        found.append("scoring.tie.amount")
    match = v["match"]
    if match["best_of"] % 2 == 0 or match["best_of"] < 1:
        found.append("match.best_of")
    if match["target_games"] < 1:
        found.append("match.target_games")
    for key in ("leader_below", "others_below"):
        below = v["deal"]["redeal"][key]
        if below is not None and not 1 <= below <= 30:
            found.append(f"deal.redeal.{key}")
    if found:
        return found
    sc, rv = v["scoring"], v["revoke"]
    top = 119 if sc["bandeira"]["requires"] == "all_points" else 120  # 120 points: a bandeira
    worth = [t["games"] for t in tiers if t["min_points"] <= top]
    worth += [sc["bandeira"]["games"], tie["amount"] if tie["mode"] == "add" else 0]
    if rv["mode"] == "claimable":
        false_games = rv["false_claim_games"]
        worth.append(rv["penalty_games"])
        if rv["false_claim"] == "penalize_claimant":
            worth.append(rv["penalty_games"] if false_games is None else false_games)
    return [] if any(worth) else ["scoring"]


def _some_fields(rng: random.Random, broken: bool) -> dict[str, Any]:
    """Any subset of the fields, each with any allowed value (or, when `broken`, a few not)."""
    data: dict[str, Any] = {}

    def put(section: str, key: str, *values: Any) -> None:
        if rng.random() < 0.3:
            data.setdefault(section, {})[key] = rng.choice(values)

    put("table", "direction", "anticlockwise", "clockwise")
    put("table", "first_dealer", "random", 0, 1, 2, 3)
    put("table", "first_leader", "after_dealer", "dealer", "before_dealer")
    put("deal", "trump_card", "dealer_last", "dealer_first", "dealer_choice")
    put("deal", "order", "play_direction", "reverse")
    if rng.random() < 0.3:
        thresholds = [None, 1, 10, 30, *([0, 31] if broken else [])]
        redeal = {"leader_below": rng.choice(thresholds), "others_below": rng.choice(thresholds)}
        data.setdefault("deal", {})["redeal"] = None if rng.random() < 0.2 else redeal
    put("revoke", "mode", "prevented", "claimable")
    put("revoke", "penalty_games", 0, 1, 4)
    put("revoke", "false_claim", "penalize_claimant", "ignored")
    put("revoke", "false_claim_games", None, 0, 2)
    put("revoke", "after_false_claim", "deal_ends", "play_on")
    put("revoke", "accuse", "team", "player")
    if rng.random() < 0.3:
        mins = sorted(rng.sample(range(61, 121), rng.choice([1, 2, 3])))
        if broken and rng.random() < 0.5:
            mins[0] = rng.choice([0, 60]) if len(mins) == 1 else mins[-1]
        games = [rng.choice([0, 0, 1, 2]) for _ in mins]
        tiers = [{"min_points": p, "games": g} for p, g in zip(mins, games, strict=True)]
        data.setdefault("scoring", {})["tiers"] = tiers
    for key, values in (("requires", ["all_points", "all_tricks"]), ("games", [0, 0, 4])):
        if rng.random() < 0.25:
            data.setdefault("scoring", {}).setdefault("bandeira", {})[key] = rng.choice(values)
    for key, values in (("mode", ["none", "add", "multiply"]), ("amount", [0, 1, 2, 3])):
        if rng.random() < 0.3:
            data.setdefault("scoring", {}).setdefault("tie", {})[key] = rng.choice(values)
    put("match", "target_games", 1, 4, 10, *([0] if broken else []))
    put("match", "best_of", 1, 3, 5, *([2] if broken else []))
    return data


@pytest.mark.parametrize("seed", range(4))
def test_random_chains_of_variant_files_resolve_and_validate_as_the_contract_says(
    tmp_path: Path, seed: int
) -> None:
    rng = random.Random(seed)
    builtins = sorted(p.stem for p in VARIANTS.glob("*.yaml"))
    seen = {"valid": 0, "invalid": 0}
    for case in range(60):
        root = tmp_path / str(case)
        (root / "sub" / "deeper").mkdir(parents=True)
        # the chain: the file at the top extends one in a folder at or below it, and so on down
        folders = sorted(rng.choices(["", "sub", "sub/deeper"], k=rng.randint(0, 2)), key=len)
        files = [root / "top.yaml"] + [root / f / f"base{i}.yaml" for i, f in enumerate(folders)]
        for i, path in enumerate(files):
            data: dict[str, Any] = {"name": f"V{i}"}
            if rng.random() < 0.3:
                data["description"] = f"the rules of file {i}"
            if i + 1 < len(files):
                data["extends"] = files[i + 1].relative_to(path.parent).as_posix()
            elif rng.random() < 0.7:
                data["extends"] = rng.choice(builtins)
            data.update(_some_fields(rng, broken=rng.random() < 0.15))
            path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
        mine = _resolve(files[0])
        faults = _problems(mine)
        if faults:
            with pytest.raises(VariantError) as info:
                load_variant(files[0])
            paths = [issue.path for issue in info.value.issues]
            assert any(p.startswith(f) for p in paths for f in faults), (faults, paths)
            seen["invalid"] += 1
            continue
        theirs = load_variant(files[0]).model_dump(mode="json")
        mine["extends"] = theirs["extends"]
        assert mine == theirs
        seen["valid"] += 1
    assert seen["valid"] > 20
    assert seen["invalid"] > 5
