"""`sueca play --ladder`: a run of matches against ever stronger rivals, scored, with the best
scores kept (the rules of the score and the scores file are `._ladder`)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from rich.markup import escape
from rich.table import Table

from .._match import Match
from .._text import shown
from .._variant import Variant
from ..bots import Bot
from ._common import CliError, check_replaceable, cli_words
from ._ladder import (
    LadderEntry,
    Scores,
    insert_score,
    ladder_score,
    read_scores,
    record_score,
    rival_level,
    scores_path,
)
from ._play_flow import play_and_save
from ._play_input import HumanSeat, Stop
from ._play_view import PlayView

__all__ = ["Ladder", "SeatMaker", "run_ladder"]

SeatMaker = Callable[[str, int], Sequence[Bot]]
"""`make_seats(seed, rival_level)`: the four seats of a match (seat 0 the person)."""


def _numbered(path: str, n: int) -> str:
    p = Path(path)
    return str(p.with_name(f"{p.stem}-{n}{p.suffix}"))


@dataclass
class Ladder:
    """What a run needs: the table, the variant, how the bots are made, the files."""

    view: PlayView
    human: HumanSeat
    variant: Variant
    spec: str
    """The variant as the player named it (a built-in id or a path)."""
    seed: int | str
    partner_level: int
    record: str | None
    scores: str | None
    force: bool = False
    """`--force`: a match's record may replace a file that is not a game record."""

    def read(self) -> tuple[Path, Scores]:
        path = scores_path(self.scores)
        scores = read_scores(path)
        lang = self.view.phrases.lang
        if scores.unusable is not None:  # a pipe or a device: neither read nor written
            raise CliError(_scores_words(scores, lang), status=2)
        if scores.warning:
            print(shown(f"sueca: {_scores_words(scores, lang)}"), file=sys.stderr)
        return path, scores


def _scores_words(scores: Scores, lang: str) -> str:
    """What is wrong with the scores file, in `lang` (the reason a file was refused for, by its
    kind; a reason the system or the JSON reader gave, as it was given)."""
    from .._errors import Issue
    from .._lang import issue_text

    if scores.said is None:
        return scores.warning or scores.unusable or ""
    key, params = scores.said
    said = {k: v for k, v in params.items() if k not in ("reason_kind", "limit")}
    kind = str(params.get("reason_kind", ""))
    if kind:
        limit = (("limit", str(params.get("limit", ""))),)
        said["reason"] = issue_text(Issue(str(params["reason"]), kind=kind, params=limit), lang)
    return cli_words(lang, key, **said)


def run_ladder(ladder: Ladder, make_seats: SeatMaker) -> int:
    """Play the run: a match at each level until one is lost or the player stops; then the
    score, kept among the best. Returns the exit status."""
    view = ladder.view
    w = view.words
    path, scores = ladder.read()
    view.say(
        f"[bold]{w.ladder_intro(escape(ladder.variant.name), ladder.partner_level, ladder.seed)}[/]"
    )
    if scores.entries:
        best = scores.entries[0]
        view.say(w.ladder_best(w.number(best.score), best.streak, best.date))
    streak = margin = 0
    number = 1
    status = 0
    interrupted = False
    while True:
        level = rival_level(number)
        view.console.print()
        score = w.number(ladder_score(streak, margin))
        view.rule(f"[bold]{w.ladder_match(number, level, streak, score)}[/]")
        seed = f"{ladder.seed}:ladder:{number}"
        match = Match(ladder.variant, seed=seed, deal=False)
        ladder.human.match = match
        if number == 1:
            view.welcome(None, ladder.seed, (ladder.partner_level, level))
        view.card_points = [0, 0]
        record = _numbered(ladder.record, number) if ladder.record else None
        if record is not None:  # before the match, not after it
            check_replaceable(record, "--record", force=ladder.force)
        try:
            played = play_and_save(view, match, make_seats(seed, level), record)
        except KeyboardInterrupt:
            interrupted = True  # the run ends, and is scored, as when you quit
            break
        status = status or (0 if played.saved else 1)
        if played.outcome != "won":
            if played.stop is not None:
                view.say(w.ladder_stop(played.stop.eof))
            break
        streak += 1
        margin += max(0, view.card_points[0] - view.card_points[1])
        score = w.number(ladder_score(streak, margin))
        view.say(w.ladder_progress(streak, w.number(margin), score))
        try:
            another = _another(ladder, number)
        except KeyboardInterrupt:  # between two matches: the run is scored all the same
            view.console.print()  # the prompt's line, ended after the echoed ^C
            interrupted = True
            break
        if not another:
            break
        number += 1
    if interrupted:
        view.say(w.interrupted())
    status = _keep_score(ladder, path, scores, streak, margin) or status
    return 130 if interrupted else status


def _another(ladder: Ladder, number: int) -> bool:
    """Ask whether to play the next match."""
    w = ladder.view.words
    try:
        ladder.human.ask(w.ladder_next(number + 1, rival_level(number + 1)))
    except Stop as stop:
        ladder.view.say(w.ladder_left(stop.eof))
        return False
    return True


def _keep_score(ladder: Ladder, path: Path, scores: Scores, streak: int, margin: int) -> int:
    """Add the run's score to the best scores (if it scored) and show them; the exit status."""
    view = ladder.view
    w = view.words
    score = ladder_score(streak, margin)
    spec = ladder.spec
    entry = LadderEntry(
        score=score,
        streak=streak,
        margin=margin,
        date=datetime.now().replace(microsecond=0).isoformat(),
        variant=spec if not Path(spec).suffix else ladder.variant.name,
    )
    entries = scores.entries
    rank = backup = None
    status = 0
    if score > 0 or scores.damaged:  # a new score to keep, or a damaged file to repair
        # A run that scores nothing takes no place among the best.
        try:
            entries, rank, backup = record_score(path, entry if score > 0 else None)
        except OSError as exc:
            if score > 0:  # shown, though not kept
                entries, rank = insert_score(entries, entry)
            reason = exc.strerror or str(exc)
            said = cli_words(view.phrases.lang, "ladder.not_saved", path=str(path), reason=reason)
            print(shown(f"sueca: {said}"), file=sys.stderr)
            status = 1
    view.console.print()
    view.say(f"[bold]{w.run_over(streak, w.number(margin), w.number(score), rank)}[/]")
    if backup is not None:
        view.say(w.scores_backup(escape(str(backup))))
    if entries:
        _show_scores(ladder.view, entries, rank)
    return status


def _show_scores(view: PlayView, entries: list[LadderEntry], rank: int | None) -> None:
    w = view.words
    table = Table(title=w.scores_title, title_justify="left", show_edge=False)
    for i, column in enumerate(w.scores_columns):
        table.add_column(column, justify="right" if 0 < i < 4 or i == 0 else "left")
    for i, e in enumerate(entries, 1):
        style = "bold green" if i == rank else None
        table.add_row(
            str(i),
            w.number(e.score),
            str(e.streak),
            w.number(e.margin),
            e.date,
            escape(e.variant),
            style=style,
        )
    view.console.print(table)
