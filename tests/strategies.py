"""Hypothesis strategies shared by the tests: random valid variants."""

from __future__ import annotations

from typing import Literal

from hypothesis import strategies as st

from sueca_rules import (
    Bandeira,
    DealRules,
    MatchRules,
    Redeal,
    RevokeRules,
    Scoring,
    TableRules,
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
def redeals(draw: st.DrawFn) -> Redeal:
    """No redeals (most often), or thresholds from 1 to 30 for the leader and the others."""
    if draw(st.integers(0, 2)) == 0:
        return Redeal()
    threshold = st.one_of(st.none(), st.integers(1, 30))
    return Redeal(leader_below=draw(threshold), others_below=draw(threshold))


@st.composite
def revoke_rules(draw: st.DrawFn, *, claimable: bool | None = None) -> RevokeRules:
    """Renúncia rules: any mode (or the one asked), penalties, false claims and accusations."""
    mode: Literal["prevented", "claimable"] = (
        draw(st.sampled_from(["prevented", "claimable"]))
        if claimable is None
        else ("claimable" if claimable else "prevented")
    )
    return RevokeRules(
        mode=mode,
        penalty_games=draw(st.integers(0, 6)),
        false_claim=draw(st.sampled_from(["penalize_claimant", "ignored"])),
        false_claim_games=draw(st.one_of(st.none(), st.integers(0, 4))),
        after_false_claim=draw(st.sampled_from(["deal_ends", "play_on"])),
        accuse=draw(st.sampled_from(["team", "player"])),
    )


@st.composite
def variants(draw: st.DrawFn, *, short: bool = False) -> Variant:
    """A random valid variant. ``short`` keeps matches short (for engine tests)."""
    return winnable(draw(_variants(short=short)))


def winnable(variant: Variant) -> Variant:
    """`variant` validated, with its first tier from 61 points worth a game if nobody could
    ever win."""
    if max(variant.game_sources().values()) == 0:
        first = Tier(min_points=61, games=1)
        scoring = variant.scoring.model_copy(update={"tiers": (first, *variant.scoring.tiers[1:])})
        variant = variant.model_copy(update={"scoring": scoring})
    return Variant.model_validate(variant.model_dump())


BIDI = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
"""The bidirectional marks and overrides, which a name or description may not hold."""


@st.composite
def _variants(draw: st.DrawFn, *, short: bool = False) -> Variant:
    return Variant.model_construct(
        name=draw(
            st.text(
                st.characters(
                    codec="utf-8", exclude_categories=["Cs", "Cc"], exclude_characters=BIDI
                ),
                min_size=1,
                max_size=20,
            ).filter(str.strip)
        ),
        description=draw(
            st.text(
                st.characters(
                    exclude_categories=["Cs", "Cc"],
                    include_characters="\n\t",
                    exclude_characters=BIDI,
                ),
                max_size=30,
            )
        ),
        table=TableRules(
            direction=draw(st.sampled_from(["anticlockwise", "clockwise"])),
            first_dealer=draw(st.sampled_from(["random", 0, 1, 2, 3])),
            first_leader=draw(st.sampled_from(["after_dealer", "dealer", "before_dealer"])),
        ),
        deal=DealRules(
            trump_card=draw(st.sampled_from(["dealer_last", "dealer_first", "dealer_choice"])),
            order=draw(st.sampled_from(["play_direction", "reverse"])),
            redeal=draw(redeals()),
        ),
        revoke=draw(revoke_rules()),
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


@st.composite
def scoring_families(draw: st.DrawFn) -> list[Variant]:
    """Random valid variants that differ only in their scoring switches, to play the same
    deals under each: tie ``add`` and ``multiply``, each stacking and not, with bandeira
    ``requires`` and ``wins_partida`` flipped across them (so each value of each switch is in
    the family), plus ``none`` when drawn. Renúncias are mostly claimable, and the target is 2
    to 12 games with up to five partidas, so that ties, bandeiras and renúncias fall in one
    partida."""
    variant = draw(variants(short=True))
    revoke = draw(revoke_rules(claimable=draw(st.sampled_from([True, False, True]))))
    match = MatchRules(
        target_games=draw(st.integers(2, 12)), best_of=draw(st.sampled_from([1, 3, 5]))
    )
    base = variant.model_copy(update={"match": match, "revoke": revoke})
    bandeira = base.scoring.bandeira
    other_requires: Literal["all_points", "all_tricks"] = (
        "all_tricks" if bandeira.requires == "all_points" else "all_points"
    )
    add = draw(st.integers(0, 3))
    factor = draw(st.integers(2, 3))
    ties: list[Tie] = [
        Tie(mode="add", amount=add, stacks=True),
        Tie(mode="add", amount=add, stacks=False),
        Tie(mode="multiply", amount=factor, stacks=True),
        Tie(mode="multiply", amount=factor, stacks=False),
    ]
    if base.scoring.tie.mode == "none":
        ties.append(base.scoring.tie)
    family = []
    for i, tie in enumerate(ties):
        flipped = Bandeira(
            requires=other_requires if i in (1, 2) else bandeira.requires,
            games=bandeira.games,
            wins_partida=bandeira.wins_partida != (i in (2, 3)),
        )
        scoring = base.scoring.model_copy(update={"tie": tie, "bandeira": flipped})
        family.append(winnable(base.model_copy(update={"scoring": scoring})))
    return family


FINISHERS = ("sweep", "lose_zero", "split", "random", "revoke")


@st.composite
def deal_plans(draw: st.DrawFn, max_episodes: int = 6) -> list[tuple[str, int]]:
    """Deals to play in a row: ``(kind, seed)`` pairs for :func:`tests.scenarios.play_kind`.

    A plan is a few episodes, each zero to three 60-60 ties, mostly with a renúncia deal
    among them and sometimes a deal asked away by a weak hand, then a deal to finish it: a
    sweep, 120 points with a lost zero-point trick, random tricks, a random deal or another
    renúncia deal."""
    plan: list[tuple[str, int]] = []
    for _ in range(draw(st.integers(3, max_episodes))):
        kinds = ["tie"] * draw(st.integers(0, 3))
        if draw(st.sampled_from([True, True, False])):
            kinds.insert(draw(st.integers(0, len(kinds))), "revoke")
        if draw(st.sampled_from([True, False, False])):
            kinds.insert(draw(st.integers(0, len(kinds))), "redeal")
        kinds.append(draw(st.sampled_from(FINISHERS)))
        plan += [(kind, draw(st.integers(0, 2**32))) for kind in kinds]
    return plan
