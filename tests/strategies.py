"""Hypothesis strategies shared by the tests: random valid variants."""

from __future__ import annotations

from typing import Literal

from hypothesis import strategies as st

from sueca_rules import (
    Bandeira,
    DealRules,
    MatchRules,
    RevokeRules,
    Scoring,
    Table,
    Tie,
    Tier,
    Variant,
)


@st.composite
def tiers(draw: st.DrawFn) -> tuple[Tier, ...]:
    points = sorted(draw(st.sets(st.integers(61, 120), min_size=1, max_size=4)))
    return tuple(Tier(min_points=p, games=draw(st.integers(0, 6))) for p in points)


@st.composite
def ties(draw: st.DrawFn) -> Tie:
    mode: Literal["none", "add", "multiply"] = draw(st.sampled_from(["none", "add", "multiply"]))
    amount = draw(st.integers(2, 3) if mode == "multiply" else st.integers(0, 3))
    return Tie(mode=mode, amount=amount, stacks=draw(st.booleans()))


@st.composite
def variants(draw: st.DrawFn, *, short: bool = False) -> Variant:
    """A random valid variant. ``short`` keeps matches short (for engine tests)."""
    return Variant(
        name=draw(
            st.text(
                st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]),
                min_size=1,
                max_size=20,
            ).filter(str.strip)
        ),
        description=draw(st.text(max_size=30)),
        table=Table(
            direction=draw(st.sampled_from(["anticlockwise", "clockwise"])),
            first_dealer=draw(st.sampled_from(["random", 0, 1, 2, 3])),
        ),
        deal=DealRules(
            trump_card=draw(st.sampled_from(["dealer_last", "dealer_first"])),
            order=draw(st.sampled_from(["play_direction", "reverse"])),
        ),
        revoke=RevokeRules(
            mode=draw(st.sampled_from(["prevented", "claimable"])),
            penalty_games=draw(st.integers(0, 6)),
            false_claim=draw(st.sampled_from(["penalize_claimant", "ignored"])),
        ),
        scoring=Scoring(
            tiers=draw(tiers()),
            bandeira=Bandeira(
                requires=draw(st.sampled_from(["all_points", "all_tricks"])),
                games=draw(st.integers(0, 8)),
                wins_partida=draw(st.booleans()),
            ),
            tie=draw(ties()),
        ),
        match=MatchRules(
            target_games=draw(st.integers(1, 4 if short else 12)),
            best_of=draw(st.sampled_from([1, 3] if short else [1, 3, 5, 7])),
        ),
    )
