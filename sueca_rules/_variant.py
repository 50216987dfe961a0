"""The variant (rule set) models: every house rule of Sueca as validated, documented data.

Every field has a default, and the defaults are the standard Portuguese rules, so a variant holding
only `name:` is the rules of `portugal`. The models are frozen and reject unknown fields; their
descriptions feed the JSON Schema and the documentation.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NamedTuple

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from ._public import public
from ._text import control_character
from ._yaml import PathKey

__all__ = [
    "MAX_SCORED_DEALS",
    "MAX_TARGET_GAMES",
    "Bandeira",
    "DealRules",
    "MatchRules",
    "Redeal",
    "RevokeRules",
    "RuleError",
    "Scoring",
    "TableRules",
    "Tie",
    "Tier",
    "Variant",
    "scored_deals",
]

Direction = Literal["anticlockwise", "clockwise"]
FirstDealer = Literal["random", 0, 1, 2, 3]
FirstLeader = Literal["after_dealer", "dealer", "before_dealer"]
TrumpCard = Literal["dealer_last", "dealer_first", "dealer_choice"]
DealOrder = Literal["play_direction", "reverse"]
RevokeMode = Literal["prevented", "claimable"]
FalseClaim = Literal["penalize_claimant", "ignored"]
AfterFalseClaim = Literal["deal_ends", "play_on"]
Accuse = Literal["team", "player"]
BandeiraRequires = Literal["all_points", "all_tricks"]
TieMode = Literal["none", "add", "multiply"]


class RuleInfo(NamedTuple):
    """What the rest of the package needs to know of a field of a variant file, carried by the
    field itself (`Annotated[..., RuleInfo(...)]`; `sueca_rules._rule_fields.RULE_FIELDS` gathers
    them, and the rules card, the differences and the house-rules builder are derived from that).
    It is no part of the JSON Schema."""

    topic: str | None
    """The rule it is part of, as differences are said (`tie`: the three fields of the 60-60
    are one rule); `None` for the name and the description, which are no rule."""
    section: str | None
    """The section of the rules card that says it (`deal`); `None` for the name, the card's
    title."""
    group: str
    """The house-rules builder's group it shows in."""


Games = Annotated[int, Field(ge=0, le=1000)]

MAX_REDEAL_BELOW = 30
"""The highest redeal threshold a variant may set: a hand holds 30 card points on average, so
a higher threshold would make a new deal the rule rather than the exception."""


MAX_SCORED_DEALS = 500
"""The most deals won a match may need, counted the longest way: `best_of` partidas, each lasting
`2 × target_games − 1` deals of one game each (both teams one game short of the target, then the
deal that wins it). A variant asking for more is refused, so that every match it allows fits what
the library reads back and sends:

- records hold at most 2,000 deals (`sueca_rules._record.MAX_RECORD_DEALS`, 8 MiB): 500 deals won
  leave four times as many again for 60-60 ties (about one deal in 60), new deals asked by weak
  hands and deals that score no games; a deal is some 380 bytes of YAML, so 2,000 are 0.8 MB;
- the web app's score pad lists every deal (some 64 bytes each): 2,000 deals are 128 kB.

So `target_games` is at most 250 (one partida: 2 × 250 − 1 = 499 deals), `best_of: 3` allows 83
games, `best_of: 9` 28, and `best_of: 99` (its most) 3 (99 × 5 = 495). Ties, new deals and
deals worth no games come from play, not from these two numbers, and no rule bounds them."""

MAX_TARGET_GAMES = (MAX_SCORED_DEALS + 1) // 2
"""The most games a partida may ask for (`best_of: 1`): 250."""


def scored_deals(target_games: int, best_of: int) -> int:
    """The most deals won a match of `best_of` partidas to `target_games` games can need (see
    `MAX_SCORED_DEALS`)."""
    return best_of * (2 * target_games - 1)


class RuleError(ValueError):
    """A rule of a variant broken; `path` is relative to the field being checked."""

    def __init__(self, message: str, path: PathKey = (), kind: str = "", **params: object) -> None:
        super().__init__(message)
        self.path = path
        self.kind = kind
        """What kind of rule it is (see `Issue.kind`); `params` are the values it names."""
        self.params = {k: str(v) for k, v in params.items()}


class _Model(BaseModel):
    model_config = ConfigDict(
        extra="forbid", frozen=True, strict=True, use_attribute_docstrings=False
    )


@public
class TableRules(_Model):
    """Who sits where and in which direction the game turns."""

    direction: Annotated[Direction, RuleInfo("direction", "direction", "direction")] = Field(
        "anticlockwise",
        description=(
            "The direction of dealing and play. `anticlockwise`: the next player is the one on "
            "your right (Portugal); `clockwise`: the one on your left (as in the French rules)."
        ),
    )
    first_dealer: Annotated[FirstDealer, RuleInfo("first_dealer", "deal", "deal")] = Field(
        "random",
        description=(
            "Who deals the first deal of a match: `random`, or a seat 0-3 (seats are numbered "
            "clockwise; team 0 is seats 0 and 2)."
        ),
    )
    first_leader: Annotated[FirstLeader, RuleInfo("first_leader", "deal", "deal")] = Field(
        "after_dealer",
        description=(
            "Who leads the first trick of each deal (and so whose new-deal threshold is "
            "`deal.redeal.leader_below`): `after_dealer`, the player after the dealer in the "
            "direction of play (the standard rule); `dealer`, the dealer; `before_dealer`, the "
            "player before the dealer, who cut the pack."
        ),
    )

    @field_validator("first_dealer", mode="before")
    @classmethod
    def _exact_seat(cls, value: Any) -> Any:
        # Literal matching compares with ==, which would let true and 1.0 pass as seat 1.
        if isinstance(value, bool | float):
            raise PydanticCustomError(
                "literal_error",
                "Input should be {expected}",
                {"expected": "'random', 0, 1, 2 or 3"},
            )
        return value


@public
class Redeal(_Model):
    """A new deal asked for by a weak hand (as in Brazil): before the first card, a player whose
    hand holds fewer card points than its threshold may ask for the cards to be dealt again."""

    leader_below: Annotated[int | None, RuleInfo("redeal", "deal", "deal")] = Field(
        None,
        ge=1,
        le=MAX_REDEAL_BELOW,
        description=(
            "The deal's first leader may ask for a new deal when its hand holds fewer card "
            f"points than this (1 to {MAX_REDEAL_BELOW}); `null`: never."
        ),
    )
    others_below: Annotated[int | None, RuleInfo("redeal", "deal", "deal")] = Field(
        None,
        ge=1,
        le=MAX_REDEAL_BELOW,
        description=(
            "Any of the other three players may ask for a new deal when its hand holds fewer "
            f"card points than this (1 to {MAX_REDEAL_BELOW}); `null`: never."
        ),
    )


@public
class DealRules(_Model):
    """How the cards are dealt and which card shows the trump suit (trunfo)."""

    trump_card: Annotated[TrumpCard, RuleInfo("deal", "deal", "deal")] = Field(
        "dealer_last",
        description=(
            "Which card is turned up to show trumps. `dealer_last`: hands are dealt from the "
            "player after the dealer, ending with the dealer, and the last card (the dealer's, "
            "the bottom of the pack) is turned; `dealer_first`: the dealer takes the first ten "
            "cards and the first card (the top of the pack) is turned; `dealer_choice`: the "
            "dealer chooses each deal, before dealing, whether the top or the bottom card is "
            "turned (and deals as `dealer_first` or `dealer_last` says). Either way the card "
            "stays in the dealer's hand until played."
        ),
    )
    order: Annotated[DealOrder, RuleInfo("deal", "direction", "direction")] = Field(
        "play_direction",
        description=(
            "The seat order in which the four hands of ten are dealt: `play_direction` (the "
            "direction of play) or `reverse` (the opposite way)."
        ),
    )
    redeal: Redeal = Field(
        default_factory=Redeal,
        description=(
            "A weak hand may ask for a new deal: the same dealer deals again and the deal "
            "asked away scores nothing. Both thresholds `null` (or `redeal: null`): never."
        ),
    )

    @field_validator("redeal", mode="before")
    @classmethod
    def _null_is_never(cls, value: Any) -> Any:
        return Redeal() if value is None else value


@public
class RevokeRules(_Model):
    """Renúncia: failing to follow suit when you could."""

    mode: Annotated[RevokeMode, RuleInfo("revoke", "revoke", "revoke")] = Field(
        "prevented",
        description=(
            "`prevented`: only cards that follow suit when possible can be played, as in online "
            "play; `claimable`: any card in hand may be played, as at a real table, and a player "
            "may claim a renúncia after any card, or at the count (after the last trick, before "
            "the deal is scored); a rightful claim ends the deal at once."
        ),
    )
    penalty_games: Annotated[Games, RuleInfo("revoke", "revoke", "revoke")] = Field(
        4,
        description=(
            "Games awarded for a renúncia (with `mode: claimable`): the claiming team gets them "
            "when a rival did revoke in this deal, and the deal is not scored."
        ),
    )
    false_claim: Annotated[FalseClaim, RuleInfo("revoke", "revoke", "revoke")] = Field(
        "penalize_claimant",
        description=(
            "A claim when no rival revoked. `penalize_claimant`: the other team gets "
            "`false_claim_games`; `ignored`: the claim is rejected and play goes on."
        ),
    )
    false_claim_games: Annotated[Games | None, RuleInfo("revoke", "revoke", "revoke")] = Field(
        None,
        description=(
            "The games the other team gets for a penalized false claim; `null`: the same as "
            "`penalty_games`."
        ),
    )
    after_false_claim: Annotated[AfterFalseClaim, RuleInfo("revoke", "revoke", "revoke")] = Field(
        "deal_ends",
        description=(
            "After a penalized false claim: `deal_ends` (the deal ends at once, not scored) or "
            "`play_on` (play goes on and the deal is scored as usual at its end, the penalty "
            "added to its games; a later rightful claim still ends it)."
        ),
    )
    accuse: Annotated[Accuse, RuleInfo("revoke", "revoke", "revoke")] = Field(
        "team",
        description=(
            "`team`: a claim accuses the other team, and is rightful if either rival revoked; "
            "`player`: a claim names one rival (`against` in records), and is rightful only if "
            "that player revoked."
        ),
    )


@public
class Tier(_Model):
    """One row of the scoring table: the games a deal's winner scores from some points."""

    min_points: int = Field(
        description="The card points (of 120) the winning team needs for this tier.",
        ge=0,
        le=120,
    )
    games: Games = Field(description="The games the winning team scores in this tier.")


@public
class Bandeira(_Model):
    """Bandeira: a clean sweep of the deal."""

    requires: Annotated[BandeiraRequires, RuleInfo("bandeira", "bandeira", "bandeira")] = Field(
        "all_points",
        description=(
            "What makes a bandeira: `all_points` (all 120 card points) or `all_tricks` (all ten "
            "tricks; a team with 120 points that lost a zero-point trick scores by the tiers)."
        ),
    )
    games: Annotated[Games, RuleInfo("bandeira", "bandeira", "bandeira")] = Field(
        4, description="The games a bandeira scores, instead of the tiers."
    )
    wins_partida: Annotated[bool, RuleInfo("bandeira", "bandeira", "bandeira")] = Field(
        False,
        description="`true`: a bandeira ends the partida at once, won by the team that made it.",
    )


@public
class Tie(_Model):
    """Empate: a deal that ends 60-60."""

    mode: Annotated[TieMode, RuleInfo("tie", "tie", "tie")] = Field(
        "add",
        description=(
            "`none`: nobody scores and nothing carries over; `add`: each pending tie adds "
            "`amount` games to the next deal that is won; `multiply`: that deal's games are "
            "multiplied by `amount` once per pending tie."
        ),
    )
    amount: Annotated[Games, RuleInfo("tie", "tie", "tie")] = Field(
        1,
        description="Games added per tie (`add`) or the factor per tie (`multiply`, at least 2).",
        # `tie: {mode: multiply}` alone leaves the default 1, a factor that multiplies nothing:
        # the default is checked too, so that it is refused as a written 1 is.
        validate_default=True,
    )
    stacks: Annotated[bool, RuleInfo("tie", "tie", "tie")] = Field(
        True,
        description=(
            "`true`: each further tie before a deal is won adds or multiplies again; `false`: "
            "several ties in a row count as one."
        ),
    )

    # Rules between fields are field validators (not model validators) so that they are
    # checked, and reported, even when another field of the same section is wrong.
    @field_validator("amount")
    @classmethod
    def _check_factor(cls, amount: int, info: ValidationInfo) -> int:
        if info.data.get("mode") == "multiply" and amount < 2:
            raise RuleError(
                f"with mode: multiply the amount is a factor and must be at least 2, got "
                f"{amount} (use mode: none for ties that change nothing)",
                kind="tie_factor",
                got=amount,
            )
        return amount


def _default_tiers() -> tuple[Tier, ...]:
    return (Tier(min_points=61, games=1), Tier(min_points=91, games=2))


@public
class Scoring(_Model):
    """How a deal's card points turn into games."""

    tiers: Annotated[tuple[Tier, ...], RuleInfo("tiers", "scoring", "scoring")] = Field(
        default_factory=_default_tiers,
        strict=False,  # a YAML list is read as a tuple; the tiers themselves stay strict
        min_length=1,
        max_length=60,
        description=(
            "Games for the deal's winner by card points: the highest tier whose `min_points` it "
            "reached counts. `min_points` must be strictly ascending and the first above 60. "
            "Standard: 61-90 one game, 91-119 two games (capote)."
        ),
    )
    bandeira: Bandeira = Field(
        default_factory=Bandeira, description="Bandeira: a clean sweep of the deal."
    )
    tie: Tie = Field(default_factory=Tie, description="Empate: what a 60-60 deal does.")

    @field_validator("tiers")
    @classmethod
    def _check_tiers(cls, tiers: tuple[Tier, ...]) -> tuple[Tier, ...]:
        first = tiers[0].min_points
        if first <= 60:
            raise RuleError(
                f"the first tier must need more than 60 points (more than half of 120), got "
                f"{first}: with 60 or less both teams could reach it",
                (0, "min_points"),
                kind="tier_first",
                got=first,
            )
        for i in range(1, len(tiers)):
            before, now = tiers[i - 1].min_points, tiers[i].min_points
            if now <= before:
                fix = (
                    "list the tiers from the fewest points to the most"
                    if now < before
                    else "give each tier its own min_points, or drop one of them"
                )
                raise RuleError(
                    f"tier {i + 1} needs {now} points, but the tier before it already needs "
                    f"{before}: the tiers go up in min_points, each above the one before "
                    f"({fix})",
                    (i, "min_points"),
                    kind="tier_order",
                    tier=i + 1,
                    now=now,
                    before=before,
                )
        return tiers


@public
class MatchRules(_Model):
    """How many games win a partida, and how many partidas a match has."""

    target_games: Annotated[int, RuleInfo("target", "match", "match")] = Field(
        4,
        ge=1,
        le=MAX_TARGET_GAMES,
        description=(
            "The games that win a partida (standard: 4). With `best_of`, at most "
            f"{MAX_SCORED_DEALS} deals won: best_of × (2 × target_games − 1) ≤ {MAX_SCORED_DEALS}."
        ),
    )
    best_of: Annotated[int, RuleInfo("best_of", "match", "match")] = Field(
        1,
        ge=1,
        le=99,
        description=(
            "The number of partidas, odd: the match goes to the first team to win "
            "best_of // 2 + 1 of them. Games restart at 0 each partida."
        ),
    )

    @field_validator("best_of")
    @classmethod
    def _check_odd(cls, best_of: int) -> int:
        if best_of % 2 == 0:
            raise RuleError(
                f"best_of must be odd (1, 3, 5, ...) so that a match cannot end level, "
                f"got {best_of}",
                kind="best_of_odd",
                got=best_of,
            )
        return best_of

    @model_validator(mode="after")
    def _fits_a_record(self) -> MatchRules:
        target, best_of = self.target_games, self.best_of
        need = scored_deals(target, best_of)
        if need > MAX_SCORED_DEALS:
            # Both at least 1: target_games <= 250 and best_of <= 99 (500 // 99 = 5).
            most_games = (MAX_SCORED_DEALS // best_of + 1) // 2
            most_partidas = MAX_SCORED_DEALS // (2 * target - 1)
            most_partidas -= 1 - most_partidas % 2  # odd
            raise RuleError(
                f"a match of best_of {best_of} to {target} games may need {need:,} deals won "
                f"(best_of × (2 × target_games − 1)), more than the {MAX_SCORED_DEALS} a variant "
                f"may ask for (so that its records stay within 2,000 deals): with best_of "
                f"{best_of}, target_games at most {most_games}; with target_games {target}, "
                f"best_of at most {most_partidas}",
                ("target_games",),
                kind="match_too_long",
                need=need,
                most=MAX_SCORED_DEALS,
                games=most_games,
                partidas=most_partidas,
            )
        return self


@public
class Variant(_Model):
    """A complete rule set of Sueca (a variant, or house rules).

    Load one with [`sueca_rules.load_variant()`][sueca_rules.load_variant]; build one in code with
    `Variant(name=...)` and the section models. The defaults are the standard Portuguese rules.
    """

    name: Annotated[str, RuleInfo(None, None, "source")] = Field(
        min_length=1, max_length=200, description="The display name of the rule set (required)."
    )
    extends: str | None = Field(
        None,
        description=(
            "A built-in variant id (such as `portugal`) or a path relative to this file, inside "
            "its folder tree (`.yaml`, `.yml` or `.json`): this file's rules are merged over it "
            "field by field (mappings merge, lists and values replace). The base's "
            "`description` is not inherited: a description belongs to the file that wrote it."
        ),
    )
    description: Annotated[str, RuleInfo(None, "source", "source")] = Field(
        "", max_length=10_000, description="Free text: where these rules come from, who plays them."
    )
    table: TableRules = Field(default_factory=TableRules, description=TableRules.__doc__ or "")
    deal: DealRules = Field(default_factory=DealRules, description=DealRules.__doc__ or "")
    revoke: RevokeRules = Field(default_factory=RevokeRules, description=RevokeRules.__doc__ or "")
    scoring: Scoring = Field(default_factory=Scoring, description=Scoring.__doc__ or "")
    match: MatchRules = Field(default_factory=MatchRules, description=MatchRules.__doc__ or "")

    @field_validator("description", mode="before")
    @classmethod
    def _no_description(cls, value: object) -> object:
        # `description:` left empty in YAML (null) is no description, as a host that sends
        # every field of a variant may send it.
        return "" if value is None else value

    @field_validator("name")
    @classmethod
    def _check_name(cls, name: str) -> str:
        if not name.strip():
            raise RuleError("the name must not be blank", kind="name_blank")
        if any(ch in name for ch in "\n\r\x85\u2028\u2029"):
            raise RuleError(
                "the name must be on one line (put longer text in `description`)",
                kind="name_line",
            )
        control = control_character(name)
        if control is not None:
            raise RuleError(
                f"the name must not hold control characters (found U+{ord(control):04X})",
                kind="name_control",
                code=f"U+{ord(control):04X}",
            )
        return name

    @field_validator("description")
    @classmethod
    def _check_description(cls, description: str) -> str:
        # Lines and tabs are text; any other control character (an escape sequence that clears
        # the screen or writes the clipboard when `sueca describe` shows it) is refused.
        control = control_character(description, allowed="\n\t")
        if control is not None:
            raise RuleError(
                "the description must not hold control characters other than line breaks and "
                f"tabs (found U+{ord(control):04X})",
                kind="description_control",
                code=f"U+{ord(control):04X}",
            )
        return description

    @model_validator(mode="after")
    def _someone_can_win(self) -> Variant:
        if max(self.game_sources().values()) == 0:
            # A tier worth games from 120 points never scores under `requires: all_points`
            # (120 points is a bandeira): say so, rather than that every tier is worth 0.
            at_120 = any(t.games for t in self.scoring.tiers)
            why = (
                "a tier from 120 points never scores (with bandeira.requires: all_points, 120 "
                "points is a bandeira, worth 0 games here), and the other tiers, the 60-60 and "
                "the renúncia penalties are worth 0 games"
                if at_120
                else "every tier, the bandeira, the 60-60 and the renúncia penalties are worth "
                "0 games"
            )
            raise RuleError(
                f"no team could ever reach target_games ({self.match.target_games}): {why}; "
                "give at least one of them some games",
                ("scoring",),
                kind="no_winner",
                target=self.match.target_games,
                why="tier_120" if at_120 else "zero",
            )
        return self

    def game_sources(self) -> dict[str, int]:
        """The most games each way of scoring can give a team in one deal (before 60-60 ties
        multiply them): `tiers`, `bandeira`, `tie` (what a tie adds), and under
        `revoke.mode: claimable` `penalty` and `false_claim` (0 when they cannot happen). A variant
        where all are 0 is invalid: nobody could ever win."""
        revoke = self.revoke
        claimable = revoke.mode == "claimable"
        false_games = (
            revoke.penalty_games if revoke.false_claim_games is None else revoke.false_claim_games
        )
        tie = self.scoring.tie
        scoring = self.scoring
        # Under `requires: all_points` a deal won with 120 points is always a bandeira
        # (`Rules.is_bandeira`, which this module sits below): a tier from 120 points can never
        # score.
        top = 119 if scoring.bandeira.requires == "all_points" else 120
        return {
            "tiers": max((t.games for t in scoring.tiers if t.min_points <= top), default=0),
            "bandeira": self.scoring.bandeira.games,
            "tie": tie.amount if tie.mode == "add" else 0,
            "penalty": revoke.penalty_games if claimable else 0,
            "false_claim": (
                false_games if claimable and revoke.false_claim == "penalize_claimant" else 0
            ),
        }

    def rules_dict(self) -> dict[str, Any]:
        """The rules only (no name, extends or description), as plain data."""
        return self.model_dump(mode="json", exclude={"name", "extends", "description"})
