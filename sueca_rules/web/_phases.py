"""What happens at a table, phase by phase: what a bot decides in each phase of the match
(`BOT_STEPS`) and what a person may send (`HANDLERS`, one per message type).

Each bot step says which seat decides and returns a function that decides from that seat's
observation alone (it runs in the thread pool); `BotMove.apply` then makes it on the
match. Each handler checks a person's message against the phase, the turn and the rules, and
either changes the match or raises `Refusal` (the browser gets an error; nothing
changes).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, cast

from sueca_rules import (
    Card,
    ConfigError,
    Event,
    IllegalPlayError,
    Match,
    Observation,
    parse_card,
)

from ._refusal import Refusal

if TYPE_CHECKING:
    from ._seats import Seat
    from ._seats import TableView as Table

__all__ = ["BOT_STEPS", "HANDLERS", "BotMove", "Step", "refused_for"]

Side = Literal["top", "bottom"]

log = logging.getLogger("sueca_rules.web")


@dataclass(frozen=True, slots=True)
class BotMove:
    """What a bot (or the table) decided; `None` fields were not decided."""

    card: Card | None = None
    play: bool = False
    """A card is due (`card` is what the bot chose, whatever it is)."""
    claim: bool = False
    against: int | None = None
    side: Side | None = None
    redeal: bool | None = None
    score: bool = False

    @property
    def acts(self) -> bool:
        """Whether this decision does something (a claim not made does nothing)."""
        return self != BotMove()

    def apply(self, match: Match, seat: int | None) -> list[Event]:
        """Make the decision on `match` for `seat`."""
        if self.claim:
            assert seat is not None
            return match.claim(seat, self.against if match.rules.accuse_player else None)
        if self.side is not None:
            return match.choose_trump(self.side)
        if self.redeal is not None:
            # The table keeps, for the person asked, a hand that may not ask (no seat given).
            asked = seat if seat is not None else match.turn
            assert asked is not None
            return match.redeal(asked) if self.redeal else match.keep_hand(asked)
        if self.score:
            return match.score_deal()
        if self.play:
            why = "not a card"
            if self.card is not None:
                try:
                    return match.play(self.card)
                except IllegalPlayError as exc:
                    why = str(exc)
            # A bug of the bot: said out loud; the table plays a legal card for it rather than
            # stall.
            instead = match.legal_cards()[0]
            log.warning(
                "a bot at seat %s played %s, which it may not (%s): %s is played instead",
                match.turn,
                self.card,
                why,
                instead,
            )
            return match.play(instead)
        return []


@dataclass(frozen=True, slots=True)
class Step:
    """A decision due from a bot: for `seat` (`None`: the table's own, such as ending
    the count), `decide` runs off the event loop; `paced`: people should see it happen, at a
    time that does not depend on the bot's hand (the bot thinks as soon as it is asked, and
    its decision is made once its delay from then is over); a silent question (a claim not
    made) is not paced."""

    seat: Seat | None
    decide: Callable[[], BotMove]
    paced: bool = True


# --- bots ---------------------------------------------------------------------------------


def _claim_of(seat: Seat, obs: Observation) -> BotMove:
    """Whether the bot playing `seat` claims now (by its `claim` method: the built-in bots claim
    what the cards prove; a bot without one never claims)."""
    ask = getattr(seat.bot, "claim", None)
    against = ask(obs) if ask is not None else None
    if against is None:
        return BotMove()
    return BotMove(claim=True, against=against)


def _asker(seat: Seat, obs: Observation) -> Callable[[], BotMove]:
    return lambda: _claim_of(seat, obs)


def _last_player(match: Match) -> int | None:
    """The seat that played the last card of this deal (at the count: the last trick's winner,
    who would lead next); `None` before the first card."""
    if match.phase == "count":
        return match.trick_leader
    trick = match.trick
    if trick:
        return trick[-1][0]
    tricks = match.tricks
    if tricks:
        return match.rules.play_order(tricks[-1].leader)[-1]
    return None


def _claim_question(table: Table) -> Step | None:
    """The next bot-played seat to be asked, once at this point of the deal, whether it
    claims a renúncia: after each card and at the count, in `Rules.claim_order` (the order
    `sueca_rules.bots.advance` asks in)."""
    match = table.match
    assert match is not None
    if not match.rules.revoke_claimable:
        return None
    last = _last_player(match)
    if last is None:
        return None
    point = (match.deal_number, len(match.plays))
    for index in match.rules.claim_order(last):
        seat = table.seats[index]
        key = (*point, index)
        if key in table.claims_asked or not table.played_by_bot(seat):
            continue
        table.claims_asked.add(key)
        return Step(seat, _asker(seat, match.observation(index)), paced=False)
    return None


def _trump_step(table: Table) -> Step | None:
    match = table.match
    assert match is not None
    seat = table.bot_seat(match.dealer)
    if seat is None:
        return None
    obs = match.observation(seat.index)
    choose = getattr(seat.bot, "choose_trump", None)
    return Step(seat, lambda: BotMove(side=choose(obs) if choose is not None else "bottom"))


def _redeal_step(table: Table) -> Step | None:
    match = table.match
    assert match is not None
    assert match.turn is not None
    seat = table.bot_seat(match.turn)
    if seat is None:
        # A person is asked only when their hand may ask: the table keeps any other hand
        # for them, so that they play on without a click.
        if not match.may_redeal(match.turn):
            return Step(None, lambda: BotMove(redeal=False))
        return None
    obs = match.observation(seat.index)
    wants = getattr(seat.bot, "wants_redeal", None)

    def decide() -> BotMove:
        return BotMove(redeal=bool(obs.may_redeal and wants is not None and wants(obs)))

    # Only a hand that may ask makes a bot think (levels 4 and 5 play deals out): the answer
    # is paced, so that how long it took tells nobody which hand that was.
    return Step(seat, decide)


def _play_step(table: Table) -> Step | None:
    match = table.match
    assert match is not None
    question = _claim_question(table)
    if question is not None:
        return question
    if match.turn is None:
        return None
    seat = table.bot_seat(match.turn)
    if seat is None:
        return None
    obs = match.observation(seat.index)
    bot = seat.bot
    return Step(seat, lambda: BotMove(card=bot.choose(obs), play=True))


def _count_step(table: Table) -> Step | None:
    """At the count the bots may claim; the deal is scored once every person holding a seat
    agreed (or claimed), or when the count's time is up."""
    question = _claim_question(table)
    if question is not None:
        return question
    people = {s.index for s in table.seats if not table.played_by_bot(s)}
    remaining = table.count_ends - table.clock()
    if people <= table.count_agreed or remaining <= 0:
        return Step(None, lambda: BotMove(score=True))
    table.wake_in(remaining)
    return None


BOT_STEPS: dict[str, Callable[[Table], Step | None]] = {
    "trump": _trump_step,
    "redeal": _redeal_step,
    "play": _play_step,
    "count": _count_step,
}
"""The decision a bot makes next in each phase (phases not here wait for people or for
nothing: `"over"`)."""


# --- people -------------------------------------------------------------------------------


def _in_phase(table: Table, *phases: str) -> Match:
    match = table.match
    if match is None:
        raise Refusal("not_started")
    if match.phase not in phases:
        raise Refusal("match_over" if match.is_over else "wrong_phase")
    return match


def _my_turn(match: Match, seat: Seat) -> None:
    if match.turn != seat.index:
        raise Refusal("not_your_turn")


def _on_play(table: Table, seat: Seat, message: dict[str, Any]) -> list[Event]:
    match = _in_phase(table, "play")
    text = message.get("card")
    if not isinstance(text, str) or len(text) > 8:
        raise Refusal("bad_card")
    try:
        card = parse_card(text)
    except ValueError:
        raise Refusal("bad_card") from None
    _my_turn(match, seat)
    if card not in match.hand(seat.index):
        raise Refusal("not_in_hand", card=shown(card))
    if card not in match.playable_cards():
        raise Refusal("must_follow", legal=" ".join(shown(c) for c in match.legal_cards()))
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


def shown(card: Card | str | None) -> str:
    """A card as people read it in a message: `4♣`, not `4C` (text that is no card as it is)."""
    if card is None:
        return ""
    text = str(card)
    if len(text) == 2 and text[1] in "SHDC":
        return text[0] + "♠♥♦♣"["SHDC".index(text[1])]
    return text


def refused_for(exc: IllegalPlayError | ConfigError) -> Refusal:
    """A refusal for an error of the engine that no handler foresaw (the match is unchanged):
    by the rule it broke where a phrase says it, else a general one."""
    if isinstance(exc, IllegalPlayError):
        if exc.rule in ("not_your_turn", "not_in_hand", "must_follow"):
            return Refusal(exc.rule, card=shown(exc.card), legal=" ".join(map(shown, exc.legal)))
        if exc.rule == "not_now":
            return Refusal("wrong_phase")
    return Refusal("not_allowed")


def _on_trump(table: Table, seat: Seat, message: dict[str, Any]) -> list[Event]:
    match = _in_phase(table, "trump")
    _my_turn(match, seat)
    side = message.get("side")
    if side == "top":
        return match.choose_trump("top")
    if side == "bottom":
        return match.choose_trump("bottom")
    raise Refusal("bad_side")


def _on_redeal(table: Table, seat: Seat, message: dict[str, Any]) -> list[Event]:
    match = _in_phase(table, "redeal")
    _my_turn(match, seat)
    if not match.may_redeal(seat.index):
        raise Refusal("cannot_redeal")
    return match.redeal(seat.index)


def _on_keep(table: Table, seat: Seat, message: dict[str, Any]) -> list[Event]:
    match = _in_phase(table, "redeal")
    _my_turn(match, seat)
    return match.keep_hand(seat.index)


def _on_count(table: Table, seat: Seat, message: dict[str, Any]) -> list[Event]:
    _in_phase(table, "count")
    table.count_agreed.add(seat.index)
    return []


def _on_start(table: Table, seat: Seat, message: dict[str, Any]) -> list[Event]:
    if table.match is not None:
        raise Refusal("already_started")
    if seat is not table.host:
        raise Refusal("host_only")
    table.start()
    return []


def _on_rematch(table: Table, seat: Seat, message: dict[str, Any]) -> list[Event]:
    if table.match is None or not table.match.is_over:
        raise Refusal("not_over")
    table.rematches += 1
    table.start()
    return []


def _on_hints(table: Table, seat: Seat, message: dict[str, Any]) -> list[Event]:
    """A person agrees to hints at this table (`agree: true`) or withdraws (`false`)."""
    agree = message.get("agree")
    if not isinstance(agree, bool):
        raise Refusal("bad_agree")
    if table.practice():
        raise Refusal("hints_practice")
    if agree:
        table.hints_agreed.add(seat.index)
    else:
        table.hints_agreed.discard(seat.index)
    return []


HANDLERS: dict[str, Callable[[Table, Seat, dict[str, Any]], list[Event]]] = {
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
