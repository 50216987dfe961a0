"""A match at a `sueca play` table, from its first decision to its end, and its record.

`play_out()` runs every phase of a match (the dealer's choice of trump, redeal questions, cards,
claims, the count) through `sueca_rules.bots.advance()`, with seat 0 a person or a bot, and prints
what happens. `play_and_save()` is the one block every game flow (a game, `--auto`, each match of
the ladder) runs: play, then save the record whatever happened.
"""

from __future__ import annotations

import contextlib
import shlex
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from .._match import Match
from .._record import Record, save_record
from ..bots import Bot, advance
from ._common import cli_words
from ._play_input import ClaimNow, Stop
from ._play_view import HUMAN, PlayView

__all__ = [
    "Outcome",
    "Played",
    "play_and_save",
    "play_out",
    "record_of",
    "save_match",
    "save_quietly",
]

Outcome = Literal["won", "lost", "quit"]

_PATH, _REPLAY, _RESUME = "\ue001", "\ue002", "\ue003"
"""Marks (private characters) for the path and the commands of the line that says where the
match was saved."""


def play_out(
    view: PlayView,
    match: Match,
    seats: Sequence[Bot],
    progress: Callable[[], None] | None = None,
) -> Outcome:
    """Play `match` to its end with `seats` (one per seat; seat 0 may be a `HumanSeat`), printing it
    on `view`. A match made with `deal=False` is dealt here, so that every deal's events are shown.
    `progress` is called each time a trick is complete or a deal begins (`play_and_save()` saves
    the record then). Raises `Stop` when the player stops."""
    while not match.is_over:
        leader = match.trick_leader
        before = (match.deal_number, len(match.plays) // 4)
        try:
            events = match.deal_random() if match.phase == "deal" else advance(match, seats)
        except ClaimNow as claim:
            events = match.claim(HUMAN, claim.against)
        view.show_events(match, events, leader)
        if progress is not None and (match.deal_number, len(match.plays) // 4) != before:
            progress()
    assert match.winner is not None
    return "won" if match.winner == 0 else "lost"


def record_of(match: Match) -> tuple[Record, bool]:
    """The match's record, and whether its last deal is unfinished (`sueca replay` then needs
    `--partial`). A deal dealt and not yet played is kept (a player who stops and resumes gets
    the same hand back), except while a seat is still asked about a new deal: a record keeps no
    pending question, so that deal is left out and dealt afresh on resuming."""
    record = match.to_record()
    if match.phase == "redeal" and not match.plays and not match.claims:
        return record.model_copy(update={"deals": record.deals[:-1]}), False
    return record, match.phase == "play"


def save_quietly(match: Match, path: str) -> None:
    """Save the match to `path` (atomically) on the way, saying nothing: a file that cannot be
    written now is said at the end, by `save_match()`."""
    with contextlib.suppress(OSError):
        save_record(record_of(match)[0], path)


def save_match(view: PlayView, match: Match, path: str) -> bool:
    """Save the match to `path` (atomically) and say how to replay or resume it; `False` (after a
    message on stderr) when it cannot be written."""
    record, partial = record_of(match)
    try:
        save_record(record, path)
    except OSError as exc:
        reason = exc.strerror or str(exc)
        print(cli_words(view.phrases.lang, "not_saved", path=path, reason=reason), file=sys.stderr)
        return False
    w = view.words
    # Marks for the path and the commands: on a narrow terminal the words wrap around them, the
    # path on a line of its own and each command whole, so that they can be copied. In the
    # commands the path is quoted for the shell when it needs to be (a space, a `$`), so that
    # they paste as they are; a plain path stays as typed.
    quoted = shlex.quote(path)
    kept = {
        _PATH: path,
        _REPLAY: f"sueca replay {'--partial ' if partial else ''}{quoted}",
        _RESUME: f"sueca play --resume {quoted}",
    }
    how = w.replay_with(_REPLAY)
    if not match.is_over:
        how = f"{w.resume_with(_RESUME)}; {how}"
    view.say_kept(w.saved(_PATH, how), kept, _PATH)
    return True


@dataclass(frozen=True, slots=True)
class Played:
    """How a match at the table ended."""

    outcome: Outcome
    stop: Stop | None
    """Why the player stopped, if they did."""
    saved: bool
    """`False` when the record could not be written."""


def play_and_save(view: PlayView, match: Match, seats: Sequence[Bot], record: str | None) -> Played:
    """Play the match out, then save it to `record` (if given) however it ended: won, stopped, or
    interrupted (Ctrl-C, which then goes on up). On the way the record is saved quietly after
    each trick and at each new deal, so that a game killed outright (`kill -9`, a power cut)
    loses at most the trick under way."""
    outcome: Outcome = "quit"
    stop: Stop | None = None
    saved = True

    def keep() -> None:
        if record is not None:
            save_quietly(match, record)

    try:
        outcome = play_out(view, match, seats, keep)
    except Stop as exc:
        stop = exc
    except KeyboardInterrupt:
        # The terminal echoed ^C after the prompt: end that line before the record is said saved.
        view.console.print()
        raise
    finally:
        if record is not None:
            saved = save_match(view, match, record)
    return Played(outcome, stop, saved)
