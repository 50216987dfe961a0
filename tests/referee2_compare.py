"""Run the engine and `tests/referee2.py` on the same (variant, record) pairs and compare.

The engine side is the public API (`parse_record`, `Match.from_record`, `replay_report`) or the
`sueca replay --json` command; the referee side knows nothing of the engine.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

from tests.referee2 import RefereeError, referee

DEAL_KEYS = (
    "deal",
    "dealer",
    "trump",
    "trump_card",
    "partida",
    "tricks",
    "points",
    "tricks_won",
    "result",
    "games",
    "bandeira",
    "claims",
    "revokes",
    "redeal",
    "penalties",
    "current_trick",
)
TOP_KEYS = ("games", "partidas", "winner")
ROOT = Path(__file__).resolve().parent.parent


def _norm(value: Any) -> Any:
    """JSON round trip: tuples become lists, as the command prints them."""
    return json.loads(json.dumps(value))


def engine_library(record: dict[str, Any]) -> tuple[dict[str, Any] | None, str | None]:
    """The report of the public API, or the error message."""
    from sueca_rules import Match, parse_record, replay_report

    text = json.dumps(record)
    try:
        match = Match.from_record(parse_record(text))
    except ValueError as error:  # RecordError, VariantError: both ValueErrors
        return None, str(error)
    return _norm(replay_report(match)), None


def engine_cli(
    record: dict[str, Any], as_yaml: bool = False, layout: str = "inline"
) -> tuple[dict[str, Any] | None, str | None]:
    """`sueca replay RECORD --json`: the printed object, or stderr when it exits non-zero.

    `layout`: the variant `inline` in the record, or in a file `rules/house.yaml` beside it
    (`path`), or that file extending a second one, `rules/base/table.yaml` (`chain`).
    """
    with tempfile.TemporaryDirectory() as folder:
        record = dict(record)
        variant = record["variant"]
        if layout != "inline" and isinstance(variant, dict):
            rules = Path(folder) / "rules"
            (rules / "base").mkdir(parents=True)
            house = dict(variant)
            if layout == "chain" and "table" in house:
                base = {"name": "table habits", "table": house.pop("table")}
                if "extends" in house:
                    base["extends"] = house.pop("extends")
                (rules / "base" / "table.yaml").write_text(yaml.safe_dump(base), encoding="utf-8")
                house["extends"] = "base/table.yaml"
            (rules / "house.yaml").write_text(yaml.safe_dump(house), encoding="utf-8")
            record["variant"] = "rules/house.yaml"
        path = Path(folder) / ("game.yaml" if as_yaml else "game.json")
        text = yaml.safe_dump(record) if as_yaml else json.dumps(record)
        path.write_text(text, encoding="utf-8")
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        run = subprocess.run(
            [sys.executable, "-m", "sueca_rules", "replay", str(path), "--json"],
            capture_output=True,
            text=True,
            env=env,
            timeout=120,
            check=False,
        )
    if run.returncode != 0:
        if "Traceback" in run.stderr or run.returncode != 1:
            return None, f"TRACEBACK (exit {run.returncode}) " + run.stderr
        return None, run.stderr.strip()
    return json.loads(run.stdout), None


def referee_side(record: dict[str, Any]) -> tuple[dict[str, Any] | None, RefereeError | None]:
    try:
        return referee(record["variant"], record), None
    except RefereeError as error:
        return None, error


def compare(record: dict[str, Any], engine: str = "library") -> list[str]:
    """Every difference between the referee and the engine on this record (empty: agreement).

    `engine`: `library`, or `cli` / `cli-yaml` with an optional `-path` or `-chain` layout of
    the variant (`cli-yaml-chain`).
    """
    mine, my_error = referee_side(record)
    if engine == "library":
        theirs, their_error = engine_library(record)
    else:
        layout = engine.rsplit("-", 1)[1] if engine.endswith(("-path", "-chain")) else "inline"
        theirs, their_error = engine_cli(record, as_yaml="yaml" in engine, layout=layout)
    if my_error is not None or their_error is not None:
        if my_error is None:
            return [f"engine refuses, referee accepts: {their_error}"]
        if their_error is None:
            return [f"referee refuses ({my_error}), engine accepts"]
        if their_error.startswith("TRACEBACK"):
            return [f"engine traceback: {their_error}"]
        named = re.findall(r"\bdeal (\d+)", their_error)
        if my_error.deal is not None and (not named or int(named[0]) != my_error.deal):
            return [f"different deal refused: referee {my_error}; engine {their_error}"]
        return []
    assert mine is not None
    assert theirs is not None
    diffs: list[str] = []
    for key in TOP_KEYS:
        if mine[key] != theirs[key]:
            diffs.append(f"{key}: referee {mine[key]!r} engine {theirs[key]!r}")
    if len(mine["deals"]) != len(theirs["deals"]):
        diffs.append(f"deal count: referee {len(mine['deals'])} engine {len(theirs['deals'])}")
    for a, b in zip(mine["deals"], theirs["deals"], strict=False):
        for key in DEAL_KEYS:
            if a.get(key) != b.get(key):
                diffs.append(
                    f"deal {a['deal']} {key}: referee {a.get(key)!r} engine {b.get(key)!r}"
                )
    return diffs
