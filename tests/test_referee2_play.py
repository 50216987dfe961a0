"""Matches played through the turn protocol, saved, read back and judged by `tests/referee2.py`.

`test_referee2.py` plays records with referee2's own random players; here the engine plays them:
random answers to every decision `Match.pending()` asks (cards, renúncias on purpose, claims at
any moment and at the count, the dealer's choice of trump, weak hands that ask for a new deal),
under random variants of every field the contract allows (`table.first_leader` included). Each
record is written (YAML or JSON), read back and replayed: the replay must report what the match
itself reported, and referee2, which knows nothing of the engine, must accept the record and
report the same figures. A match saved at any moment resumes where it was. And chains of
variant files, each extending the next, merge as referee2 reads the contract.
"""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from sueca_rules import (
    Match,
    RecordError,
    Variant,
    VariantError,
    dump_record,
    load_record,
    load_variant,
    parse_record,
    parse_variant,
    replay_report,
)
from tests.referee2 import _merge as merge
from tests.referee2 import resolve_variant
from tests.referee2_compare import compare
from tests.referee2_gen import BUILTINS, random_variant
from tests.strategies import variants


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def play_randomly(match: Match, rng: random.Random, steps: int) -> None:
    """Answer `steps` decisions of `match` at random (or until it is over). Some players revoke
    on purpose, some claim often (during play and at the count, and at moments no one asks
    them, with `Match.claim()`), and weak hands ask for a new deal now and then."""
    revoke_p = rng.choice([0.0, 0.05, 0.2])
    claim_p = rng.choice([0.0, 0.01, 0.05])
    direct_p = rng.choice([0.0, 0.01])
    redeal_p = rng.random()
    rules = match.rules
    for _ in range(steps):
        decision = match.pending()
        if decision is None:
            return
        if (
            direct_p
            and rules.revoke_claimable
            and match.phase in ("play", "count")
            and len(match.claims) < 100
            and rng.random() < direct_p
        ):
            by = rng.randrange(4)
            rivals = [s for s in range(4) if rules.team_of(s) != rules.team_of(by)]
            match.claim(by, rng.choice(rivals) if rules.accuse_player else None)
            continue
        if decision.kind == "card":
            legal = match.legal_cards()
            match.decide(rng.choice(decision.options if rng.random() < revoke_p else legal))
        elif decision.kind == "trump":
            match.decide(rng.choice(decision.options))
        elif decision.kind == "redeal":
            match.decide(True in decision.options and rng.random() < redeal_p)
        else:  # a claim: mostly not, more often at the count
            claims = [o for o in decision.options if o is not False]
            p = claim_p * (6 if decision.after == 40 else 1)
            match.decide(rng.choice(claims) if rng.random() < p else False)


def _random_variant(rng: random.Random) -> Variant | str:
    if rng.random() < 0.1:
        return rng.choice(BUILTINS)
    return parse_variant(json.dumps(random_variant(rng)))


@pytest.mark.slow
def test_matches_played_through_the_turn_protocol_replay_as_referee2_says() -> None:
    seen = {"claims": 0, "redeal": 0, "revoke": 0, "tie": 0, "partidas": 0, "over": 0}
    disagreements = []
    for seed in range(400):
        rng = random.Random(seed)
        match = Match(_random_variant(rng), seed=seed)
        play_randomly(match, rng, rng.choice([60, 400, 3000]))
        # a record keeps no pause at the count, and before a deal's first card it cannot say
        # whether the redeal questions were answered (see the test below)
        while match.phase in ("count", "redeal") or (match.phase == "play" and not match.plays):
            decision = match.pending()
            assert decision is not None
            match.decide(decision.default)
        record = match.to_record()
        again = Match.from_record(
            parse_record(dump_record(record, rng.choice(["yaml", "json"]))),
            allow_unfinished=True,
        )
        assert _json(replay_report(again)) == _json(replay_report(match)), seed
        data = _json(record.to_data())
        if match.phase == "play":  # referee2 judges whole deals only
            data["deals"] = data["deals"][:-1]
        diffs = compare(data, "library")
        if diffs:
            disagreements.append((seed, diffs[:3]))
        seen["claims"] += sum(bool(d.claims) for d in match.deals)
        seen["redeal"] += sum(d.result == "redeal" for d in match.deals)
        seen["revoke"] += sum(d.result == "revoke" for d in match.deals)
        seen["tie"] += sum(d.result == "tie" for d in match.deals)
        seen["partidas"] += sum(match.partidas)
        seen["over"] += match.is_over
    assert disagreements == []
    assert all(count > 5 for count in seen.values()), seen


@given(variants(short=True), st.integers(0, 2**32), st.integers(0, 300))
def test_a_match_saved_at_any_moment_resumes_where_it_was(
    variant: Variant, seed: int, steps: int
) -> None:
    """Saved after any number of decisions (at a redeal question, in a claim round, at the
    count), a match reads back with every card and claim, and goes on from the same deal; at
    the redeal questions it is at them again (from the first seat asked); at the count the
    deal is scored (a record keeps no pause at the count)."""
    rng = random.Random(seed)
    match = Match(variant, seed=seed)
    play_randomly(match, rng, steps)
    saved = parse_record(dump_record(match.to_record(), rng.choice(["yaml", "json"])))
    again = Match.from_record(saved, allow_unfinished=True, seed=seed)
    finished = len(match.deals)
    assert again.deals[:finished] == match.deals
    if match.phase in ("redeal", "play"):
        # before the first card the redeal questions are asked again, if the variant has any
        # (a record does not say whether they were answered)
        before = match.phase == "play" and not match.plays and not match.claims
        assert again.phase == ("redeal" if before and again.phase == "redeal" else match.phase)
        assert again.dealt_hands == match.dealt_hands
        assert (again.plays, again.claims) == (match.plays, match.claims)
        assert (again.games, again.partidas, again.pending_ties) == (
            match.games,
            match.partidas,
            match.pending_ties,
        )
    if again.phase == "play":
        assert again.turn == match.turn
    if match.phase == "count":  # scored at once
        assert len(again.deals) == finished + 1
    play_randomly(again, rng, 3000)  # and it plays on


@given(variants(short=True), st.sampled_from(["yaml", "json"]))
def test_a_variant_written_in_a_record_is_read_only_with_its_name(
    variant: Variant, fmt: str
) -> None:
    inline = variant.model_dump(mode="json", exclude={"extends"})
    record = {"variant": inline, "first_dealer": 0, "deals": []}
    text = json.dumps(record) if fmt == "json" else dump_record(parse_record(json.dumps(record)))
    assert Match.from_record(parse_record(text)).variant == variant
    del inline["name"]
    with pytest.raises(RecordError) as info:
        Match.from_record(parse_record(json.dumps(record)))
    head, missing = info.value.issues
    assert (head.kind, missing.kind) == ("record_variant_inline", "missing")


def test_a_saved_match_at_its_redeal_questions_keeps_them_open_for_load_record(
    tmp_path: Any,
) -> None:
    """The same from a file as from text (`load_record`)."""
    match = Match("brasil", seed=16)
    while match.phase != "redeal":
        match.decide("bottom")
    path = tmp_path / "saved.json"
    path.write_text(dump_record(match.to_record(), "json"), encoding="utf-8")
    assert Match.from_record(load_record(path), allow_unfinished=True).phase == "redeal"


def _referee_merge(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """referee2's reading of a chain of files, each extending the one before (the first may
    extend a built-in): field by field, mappings recursively, lists and values replaced,
    `redeal: null` meaning never."""
    full = resolve_variant(parts[0])
    for part in parts[1:]:
        own = copy.deepcopy({k: v for k, v in part.items() if k != "extends"})
        if isinstance(own.get("deal"), dict) and own["deal"].get("redeal", {}) is None:
            own["deal"]["redeal"] = {"leader_below": None, "others_below": None}
        full = merge(full, own)
    return full


def _winnable(full: dict[str, Any]) -> bool:
    """Whether some deal of these rules is worth games (the contract: a variant under which no
    team can ever reach the target is invalid)."""
    scoring, revoke = full["scoring"], full["revoke"]
    top = 119 if scoring["bandeira"]["requires"] == "all_points" else 120
    worth = [t["games"] for t in scoring["tiers"] if t["min_points"] <= top]
    worth.append(scoring["bandeira"]["games"])
    if scoring["tie"]["mode"] == "add":
        worth.append(scoring["tie"]["amount"])
    if revoke["mode"] == "claimable":
        worth.append(revoke["penalty_games"])
        if revoke["false_claim"] == "penalize_claimant":
            false = revoke["false_claim_games"]
            worth.append(revoke["penalty_games"] if false is None else false)
    return any(worth)


@pytest.mark.parametrize("seed", [*range(40), 300358])
def test_random_extends_chains_merge_as_referee2_says(seed: int, tmp_path: Path) -> None:
    """One to four files of random partial rules, each in a folder above the one it extends
    (`extends: f1/v0.yaml`), the deepest sometimes extending a built-in: `load_variant` of the
    top one is referee2's merge of them all (descriptions are not inherited)."""
    rng = random.Random(seed)
    parts = [random_variant(rng) for _ in range(rng.randint(1, 4))]
    paths = []
    for i in range(len(parts)):
        folder = tmp_path.joinpath(*[f"f{j}" for j in range(len(parts) - 1 - i)])
        folder.mkdir(parents=True, exist_ok=True)
        paths.append(folder / f"v{i}.yaml")
    for i, part in enumerate(parts):
        data = dict(part)
        if i:
            data["extends"] = paths[i - 1].relative_to(paths[i].parent).as_posix()
        paths[i].write_text(yaml.safe_dump(data), encoding="utf-8")
    want = _referee_merge(parts)
    if not _winnable(want):  # each file's rules could be won, their merge cannot
        with pytest.raises(VariantError, match="no team could ever reach target_games"):
            load_variant(paths[-1])
        return
    got = load_variant(paths[-1]).model_dump(mode="json")
    if want["deal"]["redeal"] is None:
        want["deal"]["redeal"] = {"leader_below": None, "others_below": None}
    for side in (got, want):
        side.pop("description", None)
        side.pop("extends", None)
    assert got == want
