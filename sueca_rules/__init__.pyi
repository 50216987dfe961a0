# The public API of sueca-rules: this stub is its one table. Type checkers read it, and the
# package (`__init__.py`) reads it at import to know which module each name comes from, so a
# new public name is added here and nowhere else (`tests/test_api.py` checks the rest).
from ._cards import CARDS as CARDS
from ._cards import Card as Card
from ._cards import Rank as Rank
from ._cards import Suit as Suit
from ._cards import parse_card as parse_card
from ._cards import parse_cards as parse_cards
from ._describe import RuleDiff as RuleDiff
from ._describe import describe as describe
from ._describe import describe_diff as describe_diff
from ._describe import diff as diff
from ._describe import summary as summary
from ._errors import CardError as CardError
from ._errors import ConfigError as ConfigError
from ._errors import IllegalPlayError as IllegalPlayError
from ._errors import Issue as Issue
from ._errors import RecordError as RecordError
from ._errors import SourceError as SourceError
from ._errors import SuecaError as SuecaError
from ._errors import VariantError as VariantError
from ._events import CardPlayed as CardPlayed
from ._events import Claim as Claim
from ._events import ClaimMade as ClaimMade
from ._events import CountStarted as CountStarted
from ._events import DealResult as DealResult
from ._events import DealScored as DealScored
from ._events import DealStarted as DealStarted
from ._events import Event as Event
from ._events import MatchWon as MatchWon
from ._events import PartidaWon as PartidaWon
from ._events import RedealAsked as RedealAsked
from ._events import Revoke as Revoke
from ._events import Trick as Trick
from ._events import TrickWon as TrickWon
from ._events import TrumpChosen as TrumpChosen
from ._match import Match as Match
from ._match import Observation as Observation
from ._match import Phase as Phase
from ._record import Record as Record
from ._record import RecordClaim as RecordClaim
from ._record import RecordDeal as RecordDeal
from ._record import dump_record as dump_record
from ._record import load_record as load_record
from ._record import parse_record as parse_record
from ._record import save_record as save_record
from ._registry import DEFAULT_VARIANT as DEFAULT_VARIANT
from ._registry import builtin_ids as builtin_ids
from ._registry import dump_variant as dump_variant
from ._registry import load_variant as load_variant
from ._registry import parse_variant as parse_variant
from ._registry import variants_dir as variants_dir
from ._report import replay_report as replay_report
from ._rules import Rules as Rules
from ._studies._compare import ComparisonReport as ComparisonReport
from ._studies._compare import compare as compare
from ._studies._simulate import SimulationReport as SimulationReport
from ._studies._simulate import StudyInterrupted as StudyInterrupted
from ._studies._simulate import simulate as simulate
from ._turns import Choice as Choice
from ._turns import Decision as Decision
from ._turns import DecisionKind as DecisionKind
from ._variant import Bandeira as Bandeira
from ._variant import DealRules as DealRules
from ._variant import MatchRules as MatchRules
from ._variant import Redeal as Redeal
from ._variant import RevokeRules as RevokeRules
from ._variant import Scoring as Scoring
from ._variant import TableRules as TableRules
from ._variant import Tie as Tie
from ._variant import Tier as Tier
from ._variant import Variant as Variant

__version__: str
"""The installed version of sueca-rules (from the package's metadata)."""

__all__: list[str]
"""Every public name above, and `__version__`."""
