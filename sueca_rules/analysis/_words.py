"""Facts said in words: each language's `analysis` phrases (`sueca_rules._lang`) fill them in."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .._errors import ConfigError, check_function
from .._lang import card_text, phrases
from .._rules import check_seat
from .._text import cut
from ._facts import Fact

if TYPE_CHECKING:
    from .._lang._analysis_tables import AnalysisPhrases
    from ._hint import Hint

__all__ = ["explain", "hint_reason"]


def _sentence(w: AnalysisPhrases, fact: Fact, show: Callable[[str], str], seat: int | None) -> str:
    c = show(fact.card) if fact.card else ""
    o = show(fact.other) if fact.other else ""
    suit = fact.suit if fact.suit is not None else 0
    kind = fact.kind
    if kind == "gave_points":
        return w.gave_points(c, o, fact.points, seat)
    if kind == "ruffed_partner":
        return w.ruffed_partner(c, seat)
    if kind == "overtook_partner":
        return w.overtook_partner(c, o, seat)
    if kind == "let_trick_go":
        return w.let_trick_go(c, o, seat)
    if kind == "did_not_cut":
        return w.did_not_cut(c, o, suit, seat)
    if kind == "led_under_higher":
        return w.led_under_higher(c, o, seat)
    if kind == "partner_void":
        return w.partner_void(o, suit, seat)
    if kind == "kept_weak_hand":
        return w.kept_weak_hand(fact.points, seat)
    if kind == "asked_redeal":
        return w.asked_redeal(fact.points, seat)
    if kind == "missed_claim":
        return w.missed_claim(fact.seat, seat)
    if kind == "false_claim":
        return w.false_claim(seat)
    if kind == "revoked":
        return w.revoked(c, seat)
    if kind == "better":
        return w.better(o, fact.loss)
    if kind == "either_side":
        return w.either_side()
    if kind == "only_option":
        return w.only_option()
    if kind == "only_follow":
        return w.only_follow()
    if kind == "all_alike":
        return w.all_alike()
    if kind == "keep_hand":
        return w.keep_hand(fact.points)
    if kind == "new_deal":
        return w.new_deal(fact.points)
    if kind == "claim_now":
        return w.claim_now(fact.seat)
    if kind == "no_claim":
        return w.no_claim()
    if kind == "takes":
        return w.takes(c)
    if kind == "feeds_partner":
        return w.feeds_partner(c, fact.points)
    if kind == "gives_least":
        return w.gives_least(c)
    if kind == "partner_can_cut":
        return w.partner_can_cut(c, suit)
    return w.best_value(c, fact.points, fact.loss)


def explain(
    facts: Sequence[Fact],
    lang: str = "en",
    *,
    show: Callable[[str], str] | None = None,
    seat: int | None = None,
) -> str:
    """The facts said in `lang` (`en`, `pt`): one sentence each, in order, each card (`7H`) as
    `show` writes it (by default as `lang` writes a card: `7♥`, and `R♥` for `KH` in
    Portuguese, as the terminal game and the web table do).

    A review's comments on a decision are said to its player ("you led 7♣…") unless `seat`,
    the seat that decided, is given: then they are said of it, for any other reader ("seat 2
    led 7♣…"). A hint's reasons are always said to its player."""
    w = phrases(lang).analysis
    if isinstance(facts, str | bytes) or not isinstance(facts, Sequence):
        raise ConfigError(f"explain() says a list of Facts, not {cut(repr(facts))}")
    for fact in facts:
        if not isinstance(fact, Fact):
            raise ConfigError(
                f"explain() says Facts (sueca_rules.analysis.Fact), not {cut(repr(fact))}"
            )
    check_function(show, "show")
    if seat is not None:
        check_seat(seat, "seat")
    shower = show or (lambda card: card_text(card, lang))
    return " ".join(_sentence(w, fact, shower, seat) for fact in facts)


def hint_reason(advice: Hint, lang: str = "en", *, show: Callable[[str], str] | None = None) -> str:
    """Why a hint advises what it does, in `lang`: its facts said in words (cards as `show`
    writes them, see `explain()`)."""
    return explain(advice.reasons, lang, show=show)
