"""`sueca analyse`: what each decision of a record was worth, and the mistakes in words."""

from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING, Final

from ._common import (
    ArgRefusal,
    CliError,
    Command,
    at_least,
    cli_words,
    issue_lines,
    lang_of,
    level_arg,
    print_json,
    print_report,
    seed_arg,
)

if TYPE_CHECKING:
    from ..analysis import Analysis, DecisionReview
    from ._common import HelpWords

__all__ = ["COMMANDS", "MAX_DEALS", "deals_arg", "report"]

MAX_DEALS = 100
"""The most deals one `sueca analyse` reviews (a deal takes seconds at level 5): a longer record
is reviewed a part at a time, with `--deals`."""


def deals_arg(text: str) -> list[int]:
    """`--deals`: deal numbers and ranges, `3`, `1-5`, `1,4,7-9` (each from 1)."""
    numbers: list[int] = []
    if len(text) > 200:
        raise ArgRefusal("deals_long")
    for part in text.split(","):
        if not part.strip():
            raise ArgRefusal("deals_empty")
        first, dash, last = part.strip().partition("-")
        if not (first.isascii() and first.isdigit()) or (
            dash and not (last.isascii() and last.isdigit())
        ):
            raise ArgRefusal("deals_part", q=repr(part.strip()))
        a, b = int(first), int(last) if dash else int(first)
        if a < 1 or b < a:
            raise ArgRefusal("deals_order", q=repr(part.strip()))
        if b - a + 1 > MAX_DEALS:
            raise ArgRefusal("deals_most", n=MAX_DEALS)
        numbers.extend(n for n in range(a, b + 1) if n not in numbers)
        if len(numbers) > MAX_DEALS:
            raise ArgRefusal("deals_most", n=MAX_DEALS)
    return numbers


def _arguments(p: argparse.ArgumentParser, said: HelpWords) -> None:
    """The arguments of `sueca analyse`."""
    said.shared(p, "record")
    said.arg(p, "--level", type=level_arg, default=5)
    said.arg(p, "--seat", type=at_least(0, most=3), default=None)
    said.arg(p, "--jobs", type=at_least(0, "every_cpu", most=64), default=1)
    said.arg(p, "--seed", type=seed_arg, default=0)
    said.arg(p, "--samples", type=at_least(1, most=10_000), default=None)
    said.arg(p, "--deals", meta="list", params={"most": MAX_DEALS}, type=deals_arg, default=None)
    said.json_option(p, "object")
    said.lang_option(p, "report", "json")


class _Bar:
    """A rich progress bar on stderr when stderr is a terminal (refreshed from the caller only)."""

    def __init__(self, lang: str) -> None:
        self.active = sys.stderr.isatty()
        self.lang = lang

    def __enter__(self) -> _Bar:
        if self.active:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeRemainingColumn,
            )

            self._bar = Progress(
                TextColumn(cli_words(self.lang, "analyse.progress")),
                BarColumn(),
                MofNCompleteColumn(),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                auto_refresh=False,
                transient=True,
            )
            self._bar.start()
            self._task = self._bar.add_task("analyse", total=None)
        return self

    def update(self, done: int, total: int) -> None:
        self._bar.update(self._task, completed=done, total=total)
        self._bar.refresh()

    def __exit__(self, *exc: object) -> None:
        if self.active:
            self._bar.stop()


def run_analyse(args: argparse.Namespace) -> int:
    from .._errors import ConfigError, RecordError
    from ..analysis import analyse
    from ._common import load_record_arg, with_other_variant

    lang = lang_of(args)
    record = load_record_arg(args.record, lang)
    if args.deals is None and len(record.deals) > MAX_DEALS:
        deals = f"{len(record.deals):,}" if lang == "en" else str(len(record.deals))
        raise CliError(
            cli_words(lang, "analyse.too_many", path=args.record, n=deals, most=MAX_DEALS)
        )
    beyond = [n for n in args.deals or () if n > len(record.deals)]
    if beyond:
        # Said here, in the command's language (the library's own error is English).
        count = len(record.deals)
        key = "analyse.no_such_deal" if count else "analyse.no_deal"
        raise CliError(cli_words(lang, key, n=beyond[0], count=count), status=2)
    try:
        with _Bar(lang) as bar:
            review = analyse(
                record,
                level=args.level,
                seat=args.seat,
                seed=args.seed,
                # 0: one per CPU, as for simulate, compare and arena
                jobs=min(args.jobs or os.cpu_count() or 1, 64),
                samples=args.samples,
                progress=bar.update if bar.active else None,
                deals=args.deals,
            )
    except RecordError as exc:
        # a record illegal under its own variant may have been played under another one
        message = issue_lines(exc.issues, lang)
        if exc.deal is not None:
            message = with_other_variant(message, record, lang, partial=True)
        raise CliError(message) from None
    except ConfigError as exc:
        raise CliError(str(exc), status=2) from None
    if args.json:
        print_json(review.to_data())
    else:
        print_report(report(review, lang))
    return 0


COMMANDS: Final = (Command("analyse", run_analyse, _arguments),)
"""`sueca analyse` (see `Command`)."""


def _at(review: DecisionReview) -> int | None:
    """The cards played before the card a decision is shown at; `None` before any card (the
    new-deal question)."""
    if review.decision == "redeal":
        return None
    if review.decision == "claim" and review.after:
        return review.after - 1  # a claim is made after a card: it is shown at that card
    return review.after


def _line(review: DecisionReview, lang: str) -> list[str]:
    from .._lang import card_text, phrases, seat_name
    from ..analysis import explain

    w = phrases(lang).analysis
    kind = review.decision

    def shown(choice: bool | int | str) -> str:
        # the answer to the question the kind asks: `new deal? no`, `claim? yes`
        return (
            card_text(choice, lang)
            if kind == "card" and isinstance(choice, str)
            else w.reply(kind, choice)
        )

    line = w.decision_line(
        _at(review),
        seat_name(review.seat, lang),
        w.kind(kind),
        shown(review.played),
        shown(review.best),
        review.loss,
    )
    if not review.mistake:
        return [line]
    return [f"{line}  ✗ {w.mistake()}", f"      {explain(review.facts, lang, seat=review.seat)}"]


def report(review: Analysis, lang: str = "en") -> str:
    """The review as a person reads it: deal by deal, the mistakes marked and explained, then a
    summary by seat with the biggest mistakes."""
    from .._describe_facts import shown_name
    from .._lang import card_text, phrases, seat_name

    w = phrases(lang).analysis
    out = [w.title(shown_name(review.variant, lang), review.level), ""]
    for deal in review.deals:
        if deal.redeal is not None:
            out.append(w.deal_redeal(deal.deal, seat_name(deal.redeal, lang)))
        elif deal.points is not None:
            out.append(w.deal_title(deal.deal, deal.points))
        else:
            out.append(w.deal_title(deal.deal, (0, 0)).split(":")[0])
        for decision in deal.decisions:
            out.extend(_line(decision, lang))
        if not deal.decisions and deal.redeal is None:
            # a deal saved before its first card (or none of the reviewed seat's): said, not
            # left as a bare title
            out.append("  " + w.no_deal_decisions())
        out.append("")
    out.append(w.summary_head())
    if not review.seats:  # a record saved before its first card, or a seat that made none
        out.append("  " + w.no_decisions())
    for seat in review.seats:
        out.append(
            "  " + w.summary(seat_name(seat.seat, lang), seat.decisions, seat.loss, seat.mistakes)
        )
        for big in seat.biggest:
            redeal = big.decision == "redeal"  # said after its question: `new deal? no`
            said = w.reply if redeal else w.answer
            played, best = (
                card_text(choice, lang) if isinstance(choice, str) else said(big.decision, choice)
                for choice in (big.played, big.best)
            )
            out.append(w.biggest(big.deal, _at(big), played, best, big.loss))
    return "\n".join(out)
