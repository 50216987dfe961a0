"""The `analysis` section in English (see `._analysis_tables`)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

__all__ = ["ANALYSIS"]

_SUITS: Final = ("spades", "hearts", "diamonds", "clubs")


def _n(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


def _points(n: int) -> str:
    return f"{n} point" if n == 1 else f"{n} points"


class _Analysis:
    def gave_points(self, card: str, lower: str, points: int) -> str:
        return (
            f"The rivals were winning the trick and you gave them {card} ({_points(points)}); "
            f"{lower} was legal."
        )

    def ruffed_partner(self, card: str) -> str:
        return (
            f"Your partner was winning the trick and you cut it with {card}; you could have "
            "thrown another card."
        )

    def overtook_partner(self, card: str, lower: str) -> str:
        return (
            f"Your partner was winning the trick and you beat their card with {card}; {lower} "
            "was legal."
        )

    def let_trick_go(self, card: str, best: str) -> str:
        return (
            f"The rivals were winning the trick and you let it go with {card}; {best} would have "
            "taken it."
        )

    def did_not_cut(self, card: str, best: str, suit: int) -> str:
        return (
            f"You had no {_SUITS[suit]} and the rivals were winning the trick: you threw {card} "
            f"instead of cutting with {best}."
        )

    def led_under_higher(self, card: str, higher: str) -> str:
        return f"You led {card} while {higher} was still out."

    def partner_void(self, best: str, suit: int) -> str:
        return (
            f"Your partner had shown no {_SUITS[suit]} and you did not lead {_SUITS[suit]} "
            f"({best}) for them to cut."
        )

    def kept_weak_hand(self, points: int) -> str:
        return f"You kept a weak hand ({_points(points)}) when a new deal was worth more."

    def asked_redeal(self, points: int) -> str:
        return (
            f"You asked for a new deal with a hand ({_points(points)}) worth more than a new one."
        )

    def missed_claim(self, rival: str | None) -> str:
        who = rival or "A rival"
        return (
            f"{who[0].upper()}{who[1:]} had made a renúncia you could prove, and you did not "
            "claim it."
        )

    def false_claim(self) -> str:
        return "You claimed a renúncia you could not prove."

    def revoked(self, card: str) -> str:
        return f"You did not follow suit with {card} (a renúncia): the rivals can claim the deal."

    def better(self, best: str, loss: float) -> str:
        return f"{best} was worth {_n(loss)} more points on average."

    def either_side(self) -> str:
        return "Top or bottom: the choice is made before any card is seen; both are worth the same."

    def only_option(self) -> str:
        return "It is the only choice."

    def keep_hand(self, points: int) -> str:
        return f"Keep the hand ({_points(points)}): it is worth more than a new deal."

    def new_deal(self, points: int) -> str:
        return f"Ask for a new deal: this hand ({_points(points)}) is worth less than a new one."

    def claim_now(self) -> str:
        return "Claim: a rival made a renúncia you can prove."

    def no_claim(self) -> str:
        return "Do not claim: there is no renúncia you can prove."

    def takes(self, card: str) -> str:
        return f"{card} takes the trick."

    def feeds_partner(self, card: str, points: int) -> str:
        return f"Your partner is winning the trick: {card} gives it {_points(points)}."

    def gives_least(self, card: str) -> str:
        return f"The rivals are winning the trick: {card} gives them as little as possible."

    def partner_can_cut(self, card: str, suit: int) -> str:
        return f"Your partner has no {_SUITS[suit]}: lead {card} and they can cut."

    def best_value(self, card: str, points: int, gap: float) -> str:
        more = f", {_n(gap)} more than the next best" if gap > 0 else ""
        return f"Play {card}: your team ends the deal with {_points(points)} on average{more}."

    def title(self, variant: str, level: int) -> str:
        return f"Review of a game under {variant} (level {level})"

    def deal_title(self, number: int, points: tuple[int, int]) -> str:
        return f"Deal {number}: {points[0]}-{points[1]}"

    def deal_redeal(self, number: int, seat: str) -> str:
        return f"Deal {number}: {seat} asked for a new deal"

    def kind(self, kind: str) -> str:
        return {"card": "card", "redeal": "new deal?", "claim": "claim?"}.get(kind, kind)

    def answer(self, kind: str, choice: bool | int | str) -> str:
        if kind == "redeal":
            return "new deal" if choice is True else "keep"
        if kind == "claim":
            if choice is False:
                return "no claim"
            return "claim" if choice is True else f"claim against seat {choice}"
        return str(choice)

    def decision_line(
        self, after: int, seat: str, kind: str, played: str, best: str, loss: float
    ) -> str:
        shown = f"  best {best}, loses {_n(loss)}" if loss else ""
        return f"  card {after + 1:>2}  {seat:<7} {kind:<9} {played}{shown}"

    def mistake(self) -> str:
        return "MISTAKE"

    def summary_head(self) -> str:
        return "By seat"

    def summary(self, seat: str, decisions: int, loss: float, mistakes: int) -> str:
        ms = "1 mistake" if mistakes == 1 else f"{mistakes} mistakes"
        ds = "1 decision" if decisions == 1 else f"{decisions} decisions"
        return f"{seat}: {ds}, {_n(loss)} points lost in all, {ms}"

    def biggest(self, deal: int, after: int, played: str, best: str, loss: float) -> str:
        return f"    deal {deal}, card {after + 1}: {played} for {best}, {_n(loss)} points"

    def hint_head(self, choice: str) -> str:
        return f"Hint: {choice}"

    hint_words: frozenset[str] = frozenset({"!", "hint"})

    def hint_keys(self) -> str:
        return (
            "Hints are on: type ! (or hint) when it is your turn to play, and the computer says "
            "what it would play, and why."
        )

    web: Mapping[str, str] = MappingProxyType(
        {
            "review.title": "Review",
            "review.button": "Review this game",
            "review.wait": "Reviewing… (this can take a minute)",
            "review.intro": (
                "Each decision judged with what its player could see: the value of each option is "
                "the team's expected card points at the end of the deal."
            ),
            "review.deal": "Deal {n}",
            "review.level": "Level",
            "review.card": "card",
            "review.seat": "seat",
            "review.played": "played",
            "review.best": "best",
            "review.loss": "loss",
            "review.options": "options",
            "review.mistake": "mistake",
            "review.chart": "Expected points of team 0 (seats 0 and 2) through the deal",
            "review.summary": "By seat",
            "review.decisions": "decisions",
            "review.mistakes": "mistakes",
            "review.failed": "The review failed",
            "hint.button": "Hint",
            "hint.wait": "Thinking…",
            "hint.none": "No decision of yours is due.",
            "hint.allow": "Allow hints",
            "hint.agreed": "{agreed} of {players} players agreed",
        }
    )

    def number(self, value: float) -> str:
        return _n(value)


ANALYSIS: Final = _Analysis()
