"""sueca-rules: the Portuguese card game Sueca and its house rules.

Variant files (declarative rule sets), an exact and fast engine that enforces any of them,
game records, bots and the ``sueca`` command. The whole public API is importable from here::

    from sueca_rules import Match, load_variant

    match = Match("portugal", seed=1)
    while not match.is_over:
        match.play(match.legal_cards()[0])
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ._cards import CARDS, Card, Rank, Suit, parse_card, parse_cards
    from ._describe import RuleDiff, describe, describe_diff, diff, summary
    from ._errors import (
        CardError,
        IllegalPlayError,
        Issue,
        RecordError,
        SourceError,
        SuecaError,
        VariantError,
    )
    from ._events import (
        CardPlayed,
        Claim,
        ClaimMade,
        DealResult,
        DealScored,
        DealStarted,
        Event,
        MatchWon,
        PartidaWon,
        Revoke,
        Trick,
        TrickWon,
    )
    from ._match import Match, Observation, Phase
    from ._record import (
        Record,
        RecordClaim,
        RecordDeal,
        dump_record,
        load_record,
        parse_record,
        replay_report,
        save_record,
    )
    from ._registry import (
        DEFAULT_VARIANT,
        builtin_ids,
        dump_variant,
        load_variant,
        parse_variant,
        variants_dir,
    )
    from ._rules import Rules
    from ._simulate import SimulationReport, StudyInterrupted, simulate
    from ._studies._compare import ComparisonReport, compare
    from ._variant import (
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

__version__ = "0.1.0"

# The public names are imported on first use (PEP 562), so that ``import sueca_rules`` and the
# ``sueca`` command start fast; type checkers see the imports above.
_LAZY: dict[str, tuple[str, str]] = {
    "SimulationReport": ("._simulate", "SimulationReport"),
    "simulate": ("._simulate", "simulate"),
    "StudyInterrupted": ("._simulate", "StudyInterrupted"),
    "ComparisonReport": ("._studies._compare", "ComparisonReport"),
    "compare": ("._studies._compare", "compare"),
    "RuleDiff": ("._describe", "RuleDiff"),
    "describe": ("._describe", "describe"),
    "describe_diff": ("._describe", "describe_diff"),
    "dump_variant": ("._registry", "dump_variant"),
    "diff": ("._describe", "diff"),
    "summary": ("._describe", "summary"),
    "Bandeira": ("._variant", "Bandeira"),
    "CARDS": ("._cards", "CARDS"),
    "Card": ("._cards", "Card"),
    "CardError": ("._errors", "CardError"),
    "CardPlayed": ("._events", "CardPlayed"),
    "Claim": ("._events", "Claim"),
    "ClaimMade": ("._events", "ClaimMade"),
    "DEFAULT_VARIANT": ("._registry", "DEFAULT_VARIANT"),
    "DealResult": ("._events", "DealResult"),
    "DealRules": ("._variant", "DealRules"),
    "DealScored": ("._events", "DealScored"),
    "DealStarted": ("._events", "DealStarted"),
    "Event": ("._events", "Event"),
    "IllegalPlayError": ("._errors", "IllegalPlayError"),
    "Issue": ("._errors", "Issue"),
    "Match": ("._match", "Match"),
    "MatchRules": ("._variant", "MatchRules"),
    "MatchWon": ("._events", "MatchWon"),
    "Observation": ("._match", "Observation"),
    "PartidaWon": ("._events", "PartidaWon"),
    "Phase": ("._match", "Phase"),
    "Rank": ("._cards", "Rank"),
    "Record": ("._record", "Record"),
    "RecordClaim": ("._record", "RecordClaim"),
    "RecordDeal": ("._record", "RecordDeal"),
    "RecordError": ("._errors", "RecordError"),
    "Revoke": ("._events", "Revoke"),
    "RevokeRules": ("._variant", "RevokeRules"),
    "Rules": ("._rules", "Rules"),
    "Scoring": ("._variant", "Scoring"),
    "SourceError": ("._errors", "SourceError"),
    "SuecaError": ("._errors", "SuecaError"),
    "Suit": ("._cards", "Suit"),
    "Table": ("._variant", "Table"),
    "Tie": ("._variant", "Tie"),
    "Tier": ("._variant", "Tier"),
    "Trick": ("._events", "Trick"),
    "TrickWon": ("._events", "TrickWon"),
    "Variant": ("._variant", "Variant"),
    "VariantError": ("._errors", "VariantError"),
    "builtin_ids": ("._registry", "builtin_ids"),
    "dump_record": ("._record", "dump_record"),
    "load_record": ("._record", "load_record"),
    "load_variant": ("._registry", "load_variant"),
    "parse_card": ("._cards", "parse_card"),
    "parse_cards": ("._cards", "parse_cards"),
    "parse_record": ("._record", "parse_record"),
    "parse_variant": ("._registry", "parse_variant"),
    "replay_report": ("._record", "replay_report"),
    "save_record": ("._record", "save_record"),
    "variants_dir": ("._registry", "variants_dir"),
}


if not TYPE_CHECKING:  # type checkers see the real imports above, and no catch-all

    def __getattr__(name: str) -> Any:
        try:
            module, attr = _LAZY[name]
        except KeyError:
            raise AttributeError(f"module 'sueca_rules' has no attribute {name!r}") from None
        value = getattr(importlib.import_module(module, __name__), attr)
        globals()[name] = value
        return value


def __dir__() -> list[str]:
    return sorted(__all__)


__all__ = [
    "CARDS",
    "DEFAULT_VARIANT",
    "Bandeira",
    "Card",
    "CardError",
    "CardPlayed",
    "Claim",
    "ClaimMade",
    "ComparisonReport",
    "DealResult",
    "DealRules",
    "DealScored",
    "DealStarted",
    "Event",
    "IllegalPlayError",
    "Issue",
    "Match",
    "MatchRules",
    "MatchWon",
    "Observation",
    "PartidaWon",
    "Phase",
    "Rank",
    "Record",
    "RecordClaim",
    "RecordDeal",
    "RecordError",
    "Revoke",
    "RevokeRules",
    "RuleDiff",
    "Rules",
    "Scoring",
    "SimulationReport",
    "SourceError",
    "StudyInterrupted",
    "SuecaError",
    "Suit",
    "Table",
    "Tie",
    "Tier",
    "Trick",
    "TrickWon",
    "Variant",
    "VariantError",
    "__version__",
    "builtin_ids",
    "compare",
    "describe",
    "describe_diff",
    "diff",
    "dump_record",
    "dump_variant",
    "load_record",
    "load_variant",
    "parse_card",
    "parse_cards",
    "parse_record",
    "parse_variant",
    "replay_report",
    "save_record",
    "simulate",
    "summary",
    "variants_dir",
]
