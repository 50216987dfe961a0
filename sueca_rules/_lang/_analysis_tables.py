"""The `analysis` section of a phrase table, in any language: the words of `sueca analyse`, of
the hints and of the web review, read from the language's `analysis` catalogue
(`catalogues/<lang>/analysis.json`), with the suits, the counts of points and the numbers of its
`game` catalogue.

This is the one implementation of the section. What the phrases say comes as facts in no language
(`sueca_rules.analysis.Fact`): cards are given as shown (`7♥`), suits by number (0-3: S H D C),
seats by name; each entry is passed its facts and chooses its own forms. A review's comments speak
to the player of the seat, as a partner at the table would, or, for any other reader, of the seat
in the third person ("seat 2 led…"). A new language is a new `analysis.json`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

from ._catalogue import Catalogue, Entry, load_catalogue
from ._game_tables import Said, capitalized, decimal, game_catalogue, suit_name

__all__ = ["AnalysisPhrases", "analysis_section"]

_KINDS: Final = ("card", "redeal", "claim")
"""The kinds of decision (their names line up in a column of the report)."""
_WEB: Final = ("review.", "hint.")
"""The keys of the entries the web review and hint take as they are."""


class AnalysisPhrases:
    """The words of a review and of a hint."""

    hint_words: frozenset[str]
    """What the player types at `sueca play --hints` for a hint."""
    web: Mapping[str, Entry]
    """The words of the web review and hint (`review.title`, `hint.button`…), by key: the
    catalogue's `review.*` and `hint.*` entries (templates, and choices by a number such as
    `review.mistakes`), as the page renders them, and its `answer` as `review.answer`."""

    def __init__(self, catalogue: Catalogue, game: Catalogue) -> None:
        self._c = catalogue
        self._game = game
        self._kind_width = max(len(self.kind(kind)) for kind in _KINDS)
        self._at_width = len(catalogue("decision_at", before=False, after="40"))
        self.hint_words = frozenset(catalogue("hint_words").split())
        self.web = MappingProxyType(
            {key: entry for key, entry in catalogue.entries.items() if key.startswith(_WEB)}
            # how a redeal's or a claim's answer is said, as the report says it
            | {"review.answer": catalogue.entries["answer"]}
        )

    def _points(self, n: int) -> str:
        return self._game("score.points", n=n)

    def _suit(self, suit: int) -> str:
        return suit_name(self._game, suit)

    def number(self, value: float) -> str:
        return decimal(self._game, value)

    def _judged(self, key: str, seat: int | None, **params: str) -> str:
        """A review's comment on a decision: said to its player (`seat` `None`: "you gave them
        A♠"), or of the seat that made it, in the third person ("seat 2 gave them A♠"), for a
        reader who is not that player."""
        if seat is None:
            return self._c(key, person="you", **params)
        return self._c(key, person="other", seat=seat, **params)

    def gave_points(self, card: str, lower: str, points: int, seat: int | None = None) -> str:
        return self._judged(
            "gave_points", seat, card=card, lower=lower, points=self._points(points)
        )

    def ruffed_partner(self, card: str, seat: int | None = None) -> str:
        return self._judged("ruffed_partner", seat, card=card)

    def overtook_partner(self, card: str, lower: str, seat: int | None = None) -> str:
        return self._judged("overtook_partner", seat, card=card, lower=lower)

    def let_trick_go(self, card: str, best: str, seat: int | None = None) -> str:
        return self._judged("let_trick_go", seat, card=card, best=best)

    def did_not_cut(self, card: str, best: str, suit: int, seat: int | None = None) -> str:
        return self._judged("did_not_cut", seat, card=card, best=best, suit=self._suit(suit))

    def led_under_higher(self, card: str, higher: str, seat: int | None = None) -> str:
        return self._judged("led_under_higher", seat, card=card, higher=higher)

    def partner_void(self, best: str, suit: int, seat: int | None = None) -> str:
        return self._judged("partner_void", seat, best=best, suit=self._suit(suit))

    def kept_weak_hand(self, points: int, seat: int | None = None) -> str:
        return self._judged("kept_weak_hand", seat, points=self._points(points))

    def asked_redeal(self, points: int, seat: int | None = None) -> str:
        return self._judged("asked_redeal", seat, points=self._points(points))

    def missed_claim(self, rival: int | None, seat: int | None = None) -> str:
        who = (
            self._c("missed_claim.anyone")
            if rival is None
            else self._c("missed_claim.seat", rival=str(rival))
        )
        return self._judged("missed_claim", seat, rival_cap=capitalized(who))

    def false_claim(self, seat: int | None = None) -> str:
        return self._judged("false_claim", seat)

    def revoked(self, card: str, seat: int | None = None) -> str:
        return self._judged("revoked", seat, card=card)

    def better(self, best: str, loss: float) -> str:
        return self._c("better", best=best, loss=self.number(loss))

    either_side = Said("either_side")

    only_option = Said("only_option")

    only_follow = Said("only_follow")

    all_alike = Said("all_alike")

    def keep_hand(self, points: int) -> str:
        return self._c("keep_hand", points=self._points(points))

    def new_deal(self, points: int) -> str:
        return self._c("new_deal", points=self._points(points))

    def claim_now(self, rival: int | None = None) -> str:
        """Claim now; under `revoke.accuse: player`, against seat `rival`."""
        if rival is None:
            return self._c("claim_now")
        return self._c("claim_now.seat", rival=str(rival))

    no_claim = Said("no_claim")

    def takes(self, card: str) -> str:
        return self._c("takes", card=card)

    def feeds_partner(self, card: str, points: int) -> str:
        return self._c("feeds_partner", card=card, points=self._points(points))

    def gives_least(self, card: str) -> str:
        return self._c("gives_least", card=card)

    def partner_can_cut(self, card: str, suit: int) -> str:
        return self._c("partner_can_cut", card=card, suit=self._suit(suit))

    def best_value(self, card: str, points: int, gap: float) -> str:
        return self._c(
            "best_value",
            card=card,
            points=self._points(points),
            ahead=gap > 0,
            gap=self.number(gap),
        )

    def title(self, variant: str, level: int) -> str:
        return self._c("title", variant=variant, level=level)

    def deal_title(self, number: int, points: tuple[int, int]) -> str:
        return self._c("deal_title", number=number, points_a=points[0], points_b=points[1])

    def deal_redeal(self, number: int, seat: str) -> str:
        return self._c("deal_redeal", number=number, seat=seat)

    def kind(self, kind: str) -> str:
        return self._c("kind", kind=kind)

    def answer(self, kind: str, choice: bool | int | str) -> str:
        return self._c("answer", kind=kind, choice=choice, shown=str(choice))

    def reply(self, kind: str, choice: bool | int | str) -> str:
        """The answer to a decision's question as its line in a report says it, after the
        question (`new deal? yes`, `claim? against seat 3`)."""
        return self._c("reply", kind=kind, choice=choice, shown=str(choice))

    def decision_line(
        self, after: int | None, seat: str, kind: str, played: str, best: str, loss: float
    ) -> str:
        """A decision's line in a report: at the card after `after` cards of the deal (`None`:
        before any card, the new-deal question), by `seat`, its `kind`, the answer and the best."""
        at = self._c("decision_at", before=after is None, after=f"{(after or 0) + 1:>2}")
        return self._c(
            "decision_line",
            lost=bool(loss),
            at=f"{at:<{self._at_width}}",
            seat=f"{seat:<7}",
            kind=f"{kind:<{self._kind_width}}",
            played=played,
            best=best,
            loss=self.number(loss),
        )

    mistake = Said("mistake")

    summary_head = Said("summary_head")

    no_decisions = Said("no_decisions")

    no_deal_decisions = Said("review.no_deal_decisions")

    def summary(self, seat: str, decisions: int, loss: float, mistakes: int) -> str:
        return self._c(
            "summary",
            seat=seat,
            decisions=self._c("summary.decisions", n=decisions),
            loss=self.number(loss),
            mistakes=self._c("summary.mistakes", n=mistakes),
        )

    def biggest(self, deal: int, after: int | None, played: str, best: str, loss: float) -> str:
        """One of a seat's biggest mistakes, at the card after `after` cards (`None`: the
        new-deal question, `played` and `best` then said as `reply()` says them)."""
        return self._c(
            "biggest",
            deal=deal,
            before=after is None,
            after=(after or 0) + 1,
            played=played,
            best=best,
            loss=self.number(loss),
        )

    def hint_head(self, choice: str) -> str:
        return self._c("hint_head", choice=choice)

    hint_keys = Said("hint_keys")
    hints_off = Said("hints_off")


def analysis_section(lang: str) -> AnalysisPhrases:
    """The `analysis` section of `lang`, from its `analysis` and `game` catalogues."""
    return AnalysisPhrases(load_catalogue(lang, "analysis"), game_catalogue(lang))
