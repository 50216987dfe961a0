"""What happens at a table: an adapter over the match's turn protocol.

The decision due is the match's [`pending()`][sueca_rules.Match.pending] one: `next_step` says
who answers it (a bot, by [`bots.answer()`][sueca_rules.bots.answer], or the table for a
person) and when; [`decide()`][sueca_rules.Match.decide] makes the answer. The match keeps the
rules: which seat is asked to claim next, and that the count's last answer scores the deal.

A person's message (`HANDLERS`) is checked against the decision due, then made, or refused
with a `Refusal` (nothing changes), or dropped when it would change nothing (an agreement given
again: no log, no reply). A card and a claim may come at any moment of play (the
contract's `Match.play` and `Match.claim`: a card ends the claim round before it). A person
claims by a message, never by being asked: the table answers their claim question "no claim",
during play at once, at the count once they agreed to it (`count`) or its time is up.

Each answer is stored as the actions that make it again (`answer_actions`, `message_action`,
replayed by `redo`), in the log's format of before the turn protocol.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Literal, TypeAlias, cast

from sueca_rules import (
    Card,
    CardPlayed,
    Choice,
    ClaimMade,
    ConfigError,
    DealScored,
    Decision,
    Event,
    IllegalPlayError,
    Match,
    RedealAsked,
    TrumpChosen,
    parse_card,
)
from sueca_rules.bots import answer

from ._refusal import Refusal

if TYPE_CHECKING:
    from ._seats import Seat
    from ._seats import TableView as Table

__all__ = [
    "HANDLERS",
    "MAX_HINT_CHANGES",
    "Pace",
    "Step",
    "answer_actions",
    "answer_or_default",
    "due_now",
    "message_action",
    "next_step",
    "redo",
    "refused_for",
]

MAX_HINT_CHANGES: Final = 20
"""How many times one seat may change its agreement to hints at a table: each change is kept in
the table's log, and a browser toggling it for ever would grow the log without end."""

Pace = Literal["bot", "table", "none"]
"""When an answer is made: a bot's delay after the change before it (`"bot"`: people see a bot
decide, at a time that does not depend on its hand), once the table's pause after a trick or
a deal is over (`"table"`: the table's own answers, the end of the count), or as soon as it is
known (`"none"`: a claim question, which nobody sees being asked)."""

Action: TypeAlias = dict[str, Any]
"""A stored action of a table (JSON: see `sueca_rules.web._store`)."""

log = logging.getLogger("sueca_rules.web")


def answer_or_default(match: Match, seat: int | None, choice: object) -> list[Event]:
    """Answer the match's pending decision with `choice` (that of the bot at `seat`, which the
    log names, or the table's own); an answer the match refuses (`Match.decide` refuses
    anything but one of the decision's options) is a bug of the bot: said out loud, and the
    decision's default is answered instead, rather than stall the table."""
    try:
        return match.decide(cast("Choice", choice))
    except IllegalPlayError as exc:
        why = str(exc)
    decision = match.pending()
    assert decision is not None
    log.warning(
        "a bot at seat %s answered %s to a %s decision, which it may not (%s): %s is "
        "answered instead",
        seat,
        choice,
        decision.kind,
        why,
        decision.default,
    )
    return match.decide(decision.default)


@dataclass(frozen=True, slots=True)
class Step:
    """An answer the table makes to the match's pending `decision`: a bot's, for `seat`, or
    the table's own (`seat` `None`); `decide` works it out off the event loop, from what the
    deciding seat sees alone, and `pace` says when it is made."""

    seat: Seat | None
    decision: Decision
    decide: Callable[[], Choice]
    pace: Pace = "bot"


# --- who answers the decision due ---------------------------------------------------------


def next_step(table: Table) -> Step | None:
    """The next answer the table makes, to the match's pending decision; `None` when that
    decision is a person's (if that person is away, a wake-up is set for when a bot may take
    over; at the count, for when its time is up). A person's claim question during play, and
    at the count once they agreed, is answered here at once: no claim (the person claims by a
    message when they like)."""
    match = table.match
    assert match is not None
    while (decision := match.pending()) is not None:
        if decision.kind == "claim":
            step = _claim_step(table, match, decision)
            if step is None or isinstance(step, Step):
                return step
            continue
        seat = table.bot_seat(decision.seat)
        if seat is not None:
            return _asked(seat, match, decision, "bot")
        if decision.kind != "card" and len(decision.options) == 1:
            # A person is asked only a question with a choice: the table gives the one answer
            # for them (it keeps a hand that may not ask for a new deal), and play goes on
            # without a click.
            return _by_table(decision, decision.default)
        return None
    return None


def _claim_step(table: Table, match: Match, decision: Decision) -> Step | bool | None:
    """Who answers a claim question: the bot (if one plays the seat now) or the table for
    the person; `True` when the table has just answered it (ask again what is due)."""
    seat = table.seats[decision.seat]
    counting = match.phase == "count"
    last = counting and len(match.claim_round) == 1  # its answer ends the count
    if table.played_by_bot(seat):
        return _asked(seat, match, decision, "table" if last else "none")
    if counting:
        remaining = table.count_ends - table.clock()
        if decision.seat not in table.count_agreed and remaining > 0:
            table.wake_in(remaining)
            return None
        if last:
            return _by_table(decision, False)
    made = match.decide(False)
    assert not made, "a seat that does not claim changes nothing but the round"
    return True


def _by_table(decision: Decision, choice: Choice) -> Step:
    """The table's own answer `choice` to `decision` (for a person), after the table's pause."""
    return Step(None, decision, lambda: choice, "table")


def _asked(seat: Seat, match: Match, decision: Decision, pace: Pace) -> Step:
    """The bot of `seat` answers `decision` (in the thread pool), from its observation now."""
    bot = seat.bot
    seen = match.observation(seat.index)
    return Step(seat, decision, lambda: answer(bot, decision, seen), pace)


# --- the log ------------------------------------------------------------------------------


def answer_actions(decision: Decision, events: list[Event]) -> list[Action]:
    """The stored actions that make again the answer to `decision` that caused `events` (none
    for a claim not made: a restart asks the round again)."""
    seat = decision.seat
    kind = decision.kind
    if kind == "card":
        return [{"type": "play", "seat": seat, "card": _card_of(events)}]
    if kind == "trump":
        side = next(e.side for e in events if isinstance(e, TrumpChosen))
        return [{"type": "trump", "seat": seat, "side": side}]
    if kind == "redeal":
        asked = any(isinstance(e, RedealAsked) for e in events)
        return [{"type": "redeal" if asked else "keep", "seat": seat}]
    actions: list[Action] = []
    made = next((e for e in events if isinstance(e, ClaimMade)), None)
    if made is not None:
        action: Action = {"type": "claim", "seat": seat}
        if made.against is not None:  # the rival accused (`accuse: player` only)
            action["against"] = made.against
        actions.append(action)
    if any(isinstance(e, DealScored) for e in events) and (made is None or made.ignored):
        # The end of the count's round scored the deal, not the claim.
        actions.append({"type": "score"})
    return actions


def message_action(kind: str, seat: int, message: dict[str, Any], events: list[Event]) -> Action:
    """The stored action of a person's accepted message (only what replaying it needs)."""
    action: Action = {"type": kind, "seat": seat}
    if kind == "play":
        action["card"] = _card_of(events)
    elif kind == "claim":
        against = message.get("against")
        if isinstance(against, int) and not isinstance(against, bool):
            action["against"] = against
    elif kind == "trump":
        action["side"] = message.get("side")
    elif kind == "hints":
        action["agree"] = message.get("agree") is True
    return action


def redo(match: Match, action: Action) -> list[Event] | None:
    """Make a stored action of the match again (as it was accepted: no check is skipped, the
    engine refuses what its rules do not allow); `None` if it is not an action of the
    match."""
    kind = action.get("type")
    seat = action.get("seat")
    if kind == "play":
        return match.play(str(action["card"]))
    if kind == "trump":
        return match.choose_trump("top" if action.get("side") == "top" else "bottom")
    if kind == "score":
        return match.score_deal()
    if not isinstance(seat, int):
        return None
    if kind == "claim":
        return match.claim(seat, action.get("against"))
    if kind == "redeal":
        return match.redeal(seat)
    if kind == "keep":
        return match.keep_hand(seat)
    return None


def _card_of(events: list[Event]) -> str:
    return next(str(e.card) for e in events if isinstance(e, CardPlayed))


# --- people -------------------------------------------------------------------------------


def due_now(table: Table, seat: Seat) -> dict[str, str]:
    """What a refusal tells `seat` would be valid now (the values its phrases choose by):
    `now`, the phase whose decision the match is waiting for (`play`, `trump`, `redeal`,
    `count`; `other` before the match and after it), and `who`, whose decision it is as
    `seat` sees them (`partner`, `right`, `left`; `other` for its own or nobody's)."""
    match = table.match
    if match is None or match.is_over:
        return {"now": "other", "who": "other"}
    now = match.phase if match.phase in ("play", "trump", "redeal", "count") else "other"
    decision = match.pending()
    who = "other"
    if decision is not None and decision.kind in ("card", "trump", "redeal"):
        role = table.rules.seat_role(decision.seat, seat.index)
        who = "other" if role == "you" else role
    return {"now": now, "who": who}


def _in_phase(table: Table, *phases: str) -> Match:
    match = table.match
    if match is None:
        raise Refusal("not_started")
    if match.phase not in phases:
        raise Refusal("match_over" if match.is_over else "wrong_phase")
    return match


def _due(table: Table, seat: Seat, kind: str) -> tuple[Match, Decision]:
    """The match and its pending decision, which must be of `kind` and `seat`'s."""
    match = table.match
    if match is None:
        raise Refusal("not_started")
    decision = match.pending()
    if decision is None or decision.kind != kind:
        raise Refusal("match_over" if match.is_over else "wrong_phase")
    if decision.seat != seat.index:
        raise Refusal("not_your_turn")
    return match, decision


def _on_play(table: Table, seat: Seat, message: dict[str, Any]) -> list[Event]:
    match = _in_phase(table, "play")
    text = message.get("card")
    if not isinstance(text, str) or len(text) > 8:
        raise Refusal("bad_card")
    try:
        card = parse_card(text)
    except ValueError:
        raise Refusal("bad_card") from None
    if match.turn != seat.index:
        raise Refusal("not_your_turn")
    if card not in match.hand(seat.index):
        raise Refusal("not_in_hand", card=card)
    if card not in match.playable_cards():
        legal = match.legal_cards()
        raise Refusal("must_follow", legal=tuple(legal), n=len(legal))
    return match.play(card)


def _on_claim(table: Table, seat: Seat, message: dict[str, Any]) -> list[Event]:
    match = _in_phase(table, "play", "count")
    # The engine checks the claim (the rules, the phase, whom it may accuse): whatever it
    # refuses is said in the browser's words, by the rule it broke.
    against = cast("int | None", message.get("against"))
    try:
        return match.claim(seat.index, against)
    except IllegalPlayError as exc:
        raise _claim_refused(match, seat, exc) from None


def _claim_refused(match: Match, seat: Seat, exc: IllegalPlayError) -> Refusal:
    """Why the engine refused `seat`'s claim, as a refusal with its phrase."""
    rules = match.rules
    if exc.rule == "accused":
        if not rules.accuse_player:
            return Refusal("no_against")
        rivals = [s for s in range(4) if rules.team_of(s) != rules.team_of(seat.index)]
        return Refusal("bad_against", seats=f"{rivals[0]}/{rivals[1]}")
    if exc.rule == "claim":
        if not rules.revoke_claimable:
            return Refusal("no_claims")
        if match.phase in ("play", "count"):
            return Refusal("no_more_claims")
    return refused_for(exc)


def refused_for(exc: IllegalPlayError | ConfigError) -> Refusal:
    """A refusal for an error of the engine that no handler foresaw (the match is unchanged):
    by the rule it broke where a phrase says it, else a general one."""
    if isinstance(exc, IllegalPlayError):
        if exc.rule in ("not_your_turn", "not_in_hand", "must_follow"):
            # As the handlers give them: cards (written as the reader writes them), and the
            # count that `must_follow`'s phrase chooses by.
            card = _card_or_text(exc.card)
            legal = tuple(_card_or_text(text) for text in exc.legal)
            return Refusal(exc.rule, card=card, legal=legal, n=len(legal))
        if exc.rule == "not_now":
            return Refusal("wrong_phase")
    return Refusal("not_allowed")


def _card_or_text(text: str | None) -> Card | str | None:
    """A card of an engine's error as a card, if it reads as one."""
    try:
        return parse_card(text) if text is not None else None
    except ValueError:
        return text


def _on_trump(table: Table, seat: Seat, message: dict[str, Any]) -> list[Event]:
    match, decision = _due(table, seat, "trump")
    side = message.get("side")
    if not decision.accepts(side):
        raise Refusal("bad_side")
    return match.decide(cast("str", side))


def _on_redeal(table: Table, seat: Seat, message: dict[str, Any]) -> list[Event]:
    match, decision = _due(table, seat, "redeal")
    if not decision.accepts(True):
        raise Refusal("cannot_redeal")
    return match.decide(True)


def _on_keep(table: Table, seat: Seat, message: dict[str, Any]) -> list[Event]:
    match, _ = _due(table, seat, "redeal")
    return match.decide(False)


def _on_count(table: Table, seat: Seat, message: dict[str, Any]) -> list[Event] | None:
    """The person agrees to the count: their claim question is answered (no claim) when the
    round comes to them (`next_step`)."""
    _in_phase(table, "count")
    if seat.index in table.count_agreed:
        return None  # agreed already
    table.count_agreed.add(seat.index)
    return []


def _on_start(table: Table, seat: Seat, message: dict[str, Any]) -> list[Event]:
    if table.match is not None:
        raise Refusal("already_started")
    if table.host is None:
        raise Refusal("organiser_starts")
    if not table.may_start(seat):
        raise Refusal("host_only")
    table.start()
    return []


def _on_rematch(table: Table, seat: Seat, message: dict[str, Any]) -> list[Event]:
    if table.match is None or not table.match.is_over:
        raise Refusal("not_over")
    if table.for_a_tournament():
        raise Refusal("rematch_tournament")  # only its first match counts
    table.rematches += 1
    table.start()
    return []


def _on_hints(table: Table, seat: Seat, message: dict[str, Any]) -> list[Event] | None:
    """A person agrees to hints at this table (`agree: true`) or withdraws (`false`)."""
    agree = message.get("agree")
    if not isinstance(agree, bool):
        raise Refusal("bad_agree")
    if table.for_a_tournament():
        raise Refusal("hints_tournament")
    if table.practice():
        raise Refusal("hints_practice")
    if agree == (seat.index in table.hints_agreed):
        return None  # as it was
    if table.hint_changes.get(seat.index, 0) >= MAX_HINT_CHANGES:
        raise Refusal("hints_changes", most=MAX_HINT_CHANGES)
    table.agree_to_hints(seat.index, agree)
    return []


HANDLERS: dict[str, Callable[[Table, Seat, dict[str, Any]], list[Event] | None]] = {
    "play": _on_play,
    "claim": _on_claim,
    "trump": _on_trump,
    "redeal": _on_redeal,
    "keep": _on_keep,
    "count": _on_count,
    "start": _on_start,
    "rematch": _on_rematch,
    "hints": _on_hints,
}
"""A handler for each message type a browser may send: it returns the events of the change
it made (a handler that changed only the table, such as `start`, returns none)."""
