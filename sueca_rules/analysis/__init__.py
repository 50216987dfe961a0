"""What should I have played? The review of a played game, and hints that explain themselves.

[`analyse()`][sueca_rules.analysis.analyse] judges every decision of a record (cards, new-deal
questions, renúncia claims) with the information the deciding seat had then, never with the hidden
hands: each option's value is the expected card points (0-120) of the seat's team at the end of the
deal after it, averaged over deals of the unseen cards consistent with what the seat saw, the rest
of the deal played by the bots' rules of thumb and its last tricks solved exactly (level 5's
machinery). The best option's value minus the played one's is the decision's loss; a loss of 5
points or more is a mistake, explained by facts the table showed
([`Fact`][sueca_rules.analysis.Fact]) in English or Portuguese
([`explain()`][sueca_rules.analysis.explain]). [`hint()`][sueca_rules.analysis.hint] gives the
same judgement for the decision due in a match, within a time budget.

Examples:
    >>> from sueca_rules import Match
    >>> from sueca_rules.analysis import analyse
    >>> from sueca_rules.bots import make_bot, play_match
    >>> match = Match("portugal", seed=1)
    >>> play_match(match, [make_bot(2, seed=s) for s in range(4)], max_deals=1)
    >>> review = analyse(match.to_record(), level=1, seat=0)
    >>> review.seats[0].decisions
    10
"""

from ._facts import Fact, FactKind
from ._hint import Hint, hint
from ._review import (
    MISTAKE,
    Analysis,
    DealReview,
    DecisionReview,
    OptionValue,
    ReviewChoice,
    ReviewKind,
    SeatSummary,
    analyse,
)
from ._words import explain, hint_reason

__all__ = [
    "MISTAKE",
    "Analysis",
    "DealReview",
    "DecisionReview",
    "Fact",
    "FactKind",
    "Hint",
    "OptionValue",
    "ReviewChoice",
    "ReviewKind",
    "SeatSummary",
    "analyse",
    "explain",
    "hint",
    "hint_reason",
]
