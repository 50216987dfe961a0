"""The engine protocol's messages: a `decide` request built from the turn protocol, an answer read
and checked, and (on the engine's side) the seat's observation rebuilt from a request.

Nothing here does I/O. A request carries only what its seat may know: its own hand, the turned
card, the cards played and the claims (everyone sees them), the scores. The observation a request
gives back ([`observation_from_request()`][sueca_rules.engines.observation_from_request]) is the one
[`Match.observation()`][sueca_rules.Match.observation] gave for that seat: the tests check that they
are equal at every decision of every built-in variant.
"""

from __future__ import annotations

import json
import math
from collections import OrderedDict
from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final, get_args

from .._cards import (
    BIT,
    CARDS,
    POINTS,
    SUIT_MASKS,
    SUIT_NAMES,
    Card,
    Suit,
    cards_from_mask,
    parse_card,
)
from .._engine import Observation
from .._errors import CardError, SuecaError, VariantError
from .._events import Claim, Trick, TrumpSide
from .._rules import (
    MAX_CLAIMS,
    TIE_NONE,
    Rules,
    compiled_rules,
    legal_mask,
    team_of,
    trick_winner,
)
from .._turns import Choice, Decision, DecisionKind
from .._variant import Variant
from .._yaml import count_values

if TYPE_CHECKING:
    from .._engine import Engine

__all__ = [
    "MAX_LINE",
    "MAX_REQUEST",
    "PROTOCOL",
    "ProtocolError",
    "asks",
    "budget_number",
    "check_hello",
    "decide_request",
    "decision_from_request",
    "fallback",
    "hello_request",
    "observation_from_request",
    "option_word",
    "read_answer",
    "read_hello",
    "speaks_protocol",
    "time_budget",
    "variant_from_request",
    "variant_mapping",
    "whole_number",
]

PROTOCOL: Final = 1
"""The protocol's version, sent in `hello`."""
MAX_LINE: Final = 64 * 1024
"""The longest line a host reads from an engine (bytes, the newline included); longer is a
fault."""
MAX_REQUEST: Final = 1024 * 1024
"""The longest request line `sueca engine` reads (bytes); a variant and a whole deal take about
3 KB."""

_SIDES: Final = get_args(TrumpSide)
_KINDS: Final = get_args(DecisionKind)
_SUITS: Final = tuple(Suit)


class ProtocolError(SuecaError, ValueError):
    """A message that does not follow the protocol: the text says what and what would be
    valid. For an engine's answer, `code` and `params` say the same for a front end in another
    language (the command line's words `fault.why.<code>`; `""` otherwise)."""

    code: str = ""
    params: Mapping[str, str | int] = MappingProxyType({})


def _refusal(message: str, code: str, /, **params: str | int) -> ProtocolError:
    """A `ProtocolError` with its `code` and `params`."""
    error = ProtocolError(message)
    error.code = code
    error.params = params
    return error


# --- the host's side: building requests, reading answers -----------------------------------


def fallback(decision: Decision) -> Choice:
    """The choice a host makes for a seat whose engine failed: the first option, and for a card
    the first that follows suit (under `revoke.mode: claimable` the options are the whole hand:
    a renúncia is never played for an engine)."""
    return decision.default if decision.kind == "card" else decision.options[0]


def asks(decision: Decision) -> bool:
    """Whether a host asks `decision` of an engine: every decision but the new-deal question of a
    hand that may not ask for one. The contract's options of a `redeal` decision are
    `[false, true]`, so only a seat whose hand may ask is asked; the host keeps the hand of the
    others (`false`) without a word to their engines (no request says who was asked, so that
    says nothing about a hand)."""
    return decision.kind != "redeal" or any(option is True for option in decision.options)


def variant_mapping(variant: Variant) -> dict[str, Any]:
    """The whole variant as a mapping, as records write an inline variant: every field, no
    `extends`."""
    return variant.model_dump(mode="json", exclude={"extends"})


def option_word(option: Card | str | bool | int) -> str | bool | int:
    """An option as the protocol writes it: a card's notation (`"7H"`), `"top"`/`"bottom"`,
    `true`/`false` or a seat."""
    return str(option) if isinstance(option, Card) else option


def hello_request(request_id: int = 0) -> dict[str, Any]:
    """The `hello` a host sends first."""
    return {"type": "hello", "id": request_id, "protocol": PROTOCOL}


def _plays(observation: Observation) -> list[dict[str, Any]]:
    play_order = observation.rules.play_order
    plays = [
        {"seat": seat, "card": str(card)}
        for trick in observation.tricks
        for seat, card in zip(play_order(trick.leader), trick.cards, strict=True)
    ]
    plays += [
        {"seat": seat, "card": str(card)}
        for seat, card in zip(play_order(observation.trick_leader), observation.trick, strict=False)
    ]
    return plays


def decide_request(
    match: Engine,
    decision: Decision | None = None,
    *,
    match_id: str,
    request_id: int,
    time_ms: int,
    variant: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The `decide` request for `decision` (default: `match.pending()`), from what its seat may
    know (`match.observation(seat)`) and nothing else. A decision that is not asked (see
    [`asks()`][sueca_rules.engines.asks]) is refused. `variant` is the match's variant as
    [`variant_mapping()`][sueca_rules.engines.variant_mapping] gives it (made here when not given;
    a host asking many questions of one match passes it once made)."""
    if decision is None:
        decision = match.pending()
        if decision is None:
            raise ProtocolError("no decision is due in this match: nothing to ask")
    if not asks(decision):
        raise ProtocolError(
            f"seat {decision.seat}'s hand may not ask for a new deal: the question is not asked "
            "(its options would be [false] alone; keep the hand, false, without asking)"
        )
    seat = decision.seat
    observation = match.observation(seat)
    trump = observation.trump_card
    state = {
        "hand": [str(c) for c in observation.hand],
        "dealer": observation.dealer,
        "first_dealer": match.first_dealer,
        "trump_card": None if trump is None else str(trump),
        "trump_card_in_hand": observation.trump_card_in_hand,
        "deal": observation.deal,
        "partida": observation.partida,
        "plays": _plays(observation),
        "claims": [
            {"after": c.after, "by": c.by}
            if c.against is None
            else {"after": c.after, "by": c.by, "against": c.against}
            for c in observation.claims
        ],
        "points": list(observation.points),
        "tricks_won": list(observation.tricks_won),
        "games": list(observation.games),
        "partidas": list(observation.partidas),
        "pending_ties": observation.pending_ties,
    }
    return {
        "type": "decide",
        "id": request_id,
        "match": match_id,
        "seat": seat,
        "time_ms": time_ms,
        "variant": dict(variant) if variant is not None else variant_mapping(match.variant),
        "decision": decision.kind,
        "options": [option_word(o) for o in decision.options],
        "state": state,
    }


def _short(text: str, limit: int = 80) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _load(text: str | bytes, what: str, kind: str) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        shown = text if isinstance(text, str) else text.decode("utf-8", "replace")
        said = repr(_short(shown.strip()))
        raise _refusal(f"{what} is not JSON: {said}", f"{kind}_not_json", text=said) from None
    if not isinstance(data, dict):
        said = _short(json.dumps(data))
        raise _refusal(f"{what} is not a JSON object: {said}", f"{kind}_not_object", text=said)
    return data


def whole_number(value: object) -> int | None:
    """A JSON number that is a whole number (`3` or `3.0`, not `true`), else `None`."""
    if type(value) is int:
        return value
    if type(value) is float and value.is_integer() and abs(value) < 2**53:
        return int(value)
    return None


def _same_option(choice: object, word: str | bool | int) -> bool:
    """Whether an answer's `choice` names the option written `word`, read as a person reads it:
    a card or a side whatever its case and spaces (`"7h"`, `" 7H "`, `"7 H"`, `"Top"` name
    `"7H"` and `"top"`), a seat written as a whole number of any form (`1.0` names `1`). Kinds are
    never mixed: `1` is not `true`, `"false"` is not `false`."""
    if isinstance(word, bool) or isinstance(choice, bool):
        return choice is word
    if isinstance(word, int):
        return whole_number(choice) == word
    if not isinstance(choice, str) or len(choice) > 40 or not choice.isascii():
        return False
    return "".join(choice.split()).upper() == word.upper()


def read_answer(text: str | bytes, decision: Decision, request_id: int) -> Choice:
    """The choice in an engine's answer line to the request `request_id` for `decision`: the
    option it names (a card as a `Card`). The choice is read as a person reads it: a card or a
    side whatever its case and spaces (`"7h"` for `"7H"`), a seat or an id as any whole JSON
    number (`1.0` for `1`); never a number for `true` or a text for `false`. Raises
    [`ProtocolError`][sueca_rules.engines.ProtocolError] when the line is not a `decision` for
    this `id`, or its choice names none of the options."""
    data = _load(text, "the answer", "answer")
    if data.get("type") == "error" and isinstance(data.get("message"), str):
        said = json.dumps(_short(data["message"], 300))
        raise _refusal(f"the engine answered with an error: {said}", "answer_error", message=said)
    if data.get("type") != "decision":
        said = _short(json.dumps(data.get("type")))
        raise _refusal(f'the answer\'s type is {said}, not "decision"', "answer_type", type=said)
    answered = data.get("id")
    if whole_number(answered) != request_id:
        said = _short(json.dumps(answered))
        raise _refusal(
            f"the answer is for id {said}, not for {request_id}",
            "answer_id",
            got=said,
            id=request_id,
        )
    if "choice" not in data:
        raise _refusal('the answer has no "choice"', "answer_no_choice")
    choice = data["choice"]
    words = [option_word(option) for option in decision.options]
    for option, word in zip(decision.options, words, strict=True):
        if type(choice) is type(word) and choice == word:  # as written: the usual answer
            return option
    for option, word in zip(decision.options, words, strict=True):
        if _same_option(choice, word):
            return option
    allowed = ", ".join(json.dumps(word) for word in words)
    said = _short(json.dumps(choice))
    raise _refusal(
        f"the choice {said} is not an option: the options are {allowed}",
        "answer_not_option",
        choice=said,
        options=allowed,
    )


def speaks_protocol(message: Mapping[str, Any]) -> bool:
    """Whether a `hello` names this protocol: `"protocol"` is
    [`PROTOCOL`][sueca_rules.engines.PROTOCOL], however the number is written (`1`, `1.0`,
    `"1"`; not `true`)."""
    version = message.get("protocol")
    if isinstance(version, str) and len(version) <= 20:
        try:
            version = float(version.strip())
        except ValueError:
            return False
    return whole_number(version) == PROTOCOL


def check_hello(request: Mapping[str, Any]) -> None:
    """Refuse a host's `hello` that asks for another protocol (an engine answers one it speaks,
    and only then: an engine that says protocol 1 to a host of protocol 2 would be misread). A
    hello that names no protocol is answered: the answer says which one the engine speaks."""
    if "protocol" not in request or speaks_protocol(request):
        return
    asked = f'{{"type": "hello", "id": 0, "protocol": {PROTOCOL}}}'
    shown = _short(json.dumps(request["protocol"]))
    raise ProtocolError(
        f"the hello asks for protocol {shown}: this engine speaks protocol {PROTOCOL} only "
        f"({asked})"
    )


def read_hello(text: str | bytes) -> dict[str, Any]:
    """An engine's answer to `hello`: its `name` and `author` (text, cut to 100 characters).
    Raises [`ProtocolError`][sueca_rules.engines.ProtocolError] (with its `code`, one of the
    command line's words `fault.why.hello_*`) when the line is not a `hello` of this protocol."""
    data = _load(text, "the answer to hello", "hello")
    if data.get("type") == "error" and isinstance(data.get("message"), str):
        said = _short(data["message"], 300)
        raise _refusal(f"it refused the hello: {said}", "hello_refused", message=json.dumps(said))
    if data.get("type") != "hello":
        said = _short(json.dumps(data.get("type")))
        raise _refusal(
            f'the answer to hello is not {{"type": "hello", "id": 0, ...}}: its "type" is {said}',
            "hello_type",
            type=said,
        )
    answered = data.get("id")
    if answered != 0:  # as it always was: 0 (or 0.0) is taken
        said = _short(json.dumps(answered))
        raise _refusal(
            f'the answer to hello is not {{"type": "hello", "id": 0, ...}}: its "id" is {said}',
            "hello_id",
            got=said,
        )
    if "protocol" not in data:
        raise _refusal(
            f'the answer to hello has no "protocol": write {PROTOCOL}',
            "hello_no_protocol",
            want=PROTOCOL,
        )
    if not speaks_protocol(data):
        said = _short(json.dumps(data.get("protocol")))
        raise _refusal(
            f"the engine speaks protocol {said}, not {PROTOCOL}",
            "hello_protocol",
            protocol=said,
            want=PROTOCOL,
        )
    return {
        key: str(data[key])[:100]
        for key in ("name", "author")
        if isinstance(data.get(key), str | int | float)
    }


# --- the engine's side: a request read back --------------------------------------------------

# Variants seen lately (an engine is asked about one or a few): their mapping's text → variant.
_VARIANTS: OrderedDict[str, tuple[Variant, Rules]] = OrderedDict()
_VARIANT_CACHE: Final = 8


_VARIANT_VALUES: Final = 1000
"""The most keys and values a request's variant may hold (all its tiers included, a variant holds
a few hundred at most): more is refused before the variant is read, which takes time for each."""


def variant_from_request(request: Mapping[str, Any]) -> tuple[Variant, Rules]:
    """The request's variant, checked, and its compiled rules."""
    from .._registry import builtin_ids, load_variant, variant_of
    from .._yaml import Located

    spec = request.get("variant")
    if isinstance(spec, str) and spec in builtin_ids():  # a built-in's id, as a host may send
        key = f"builtin:{spec}"
        hit = _VARIANTS.get(key)
        if hit is None:
            built = load_variant(spec)
            hit = _VARIANTS[key] = (built, compiled_rules(built))
        return hit
    if not isinstance(spec, dict):
        raise ProtocolError(
            '"variant" must be the whole variant as a JSON object (or a built-in\'s id: '
            f"{', '.join(builtin_ids())})"
        )
    if count_values(spec, _VARIANT_VALUES) > _VARIANT_VALUES:
        raise ProtocolError(
            f'"variant" holds more than {_VARIANT_VALUES} keys and values: a whole variant holds '
            "about 40 (see the variant file reference), and fields it does not know are refused"
        )
    key = json.dumps(spec, sort_keys=True)
    hit = _VARIANTS.get(key)
    if hit is not None:
        _VARIANTS.move_to_end(key)
        return hit
    try:
        variant = variant_of(Located(dict(spec), None), None)
    except VariantError as exc:
        # The issue's field, as the other errors name a request's fields; not its place in a
        # file ("<string>:"), which a request has not.
        first = exc.issues[0] if exc.issues else None
        if first is None:
            raise ProtocolError(f'"variant" is not a valid variant: {exc}') from None
        where = f'"variant.{first.path}"' if first.path else '"variant"'
        raise ProtocolError(_short(f"{where}: {first.message}", 500)) from None
    entry = (variant, compiled_rules(variant))
    _VARIANTS[key] = entry
    if len(_VARIANTS) > _VARIANT_CACHE:
        _VARIANTS.popitem(last=False)
    return entry


def _field(mapping: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in mapping:
        raise ProtocolError(f'{where} has no "{key}"')
    return mapping[key]


def _whole(value: object, where: str, low: int, high: int) -> int:
    """A whole number of the request (`2.0` read as 2, as a host whose numbers are all floats
    writes it), checked."""
    number = whole_number(value)
    if number is None or not low <= number <= high:
        raise ProtocolError(f"{where} must be a whole number {low}..{high}, not {value!r}")
    return number


def _pair(value: object, where: str, high: int) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise ProtocolError(f"{where} must be a list of two whole numbers, not {value!r}")
    return _whole(value[0], f"{where}[0]", 0, high), _whole(value[1], f"{where}[1]", 0, high)


def _card(value: object, where: str) -> Card:
    if not isinstance(value, str):
        raise ProtocolError(f'{where} must be a card such as "7H", not {_short(repr(value))}')
    try:
        return parse_card(value)
    except CardError as exc:
        raise ProtocolError(f"{where}: {exc}") from None


def decision_from_request(request: Mapping[str, Any]) -> Decision:
    """The decision a `decide` request asks for (options as the match gives them: cards as
    `Card`), checked."""
    kind = _field(request, "decision", "the request")
    if kind not in _KINDS:
        raise ProtocolError(f'"decision" must be one of {", ".join(_KINDS)}, not {kind!r}')
    seat = _whole(_field(request, "seat", "the request"), '"seat"', 0, 3)
    options = _field(request, "options", "the request")
    if not isinstance(options, list) or not 1 <= len(options) <= 10:
        raise ProtocolError('"options" must be a list of 1 to 10 options')
    parsed: list[Card | str | bool | int] = []
    for i, option in enumerate(options):
        where = f'"options"[{i}]'
        if kind == "card":
            parsed.append(_card(option, where))
        elif kind == "trump":
            if option not in _SIDES:
                raise ProtocolError(f'{where} must be "top" or "bottom", not {option!r}')
            parsed.append(option)
        elif isinstance(option, bool):
            parsed.append(option)
        elif kind == "claim" and (named := whole_number(option)) is not None and 0 <= named <= 3:
            parsed.append(named)  # a seat written 1.0 is seat 1
        else:
            raise ProtocolError(f"{where} must be false, true or (a claim) a seat, not {option!r}")
    for i, option in enumerate(parsed):
        if any(type(o) is type(option) and o == option for o in parsed[:i]):
            raise ProtocolError(
                f'"options"[{i}] is {json.dumps(option_word(option))} again: each option is '
                "listed once"
            )
    if kind in ("redeal", "claim") and not any(o is False for o in parsed):
        no = "keep the hand" if kind == "redeal" else "no claim"
        raise ProtocolError(
            f'"options" of a {kind!r} decision must hold false ({no}): a seat may always say no, '
            f"and {_short(json.dumps(options))} has no false"
        )
    state = _field(request, "state", "the request")
    plays = state.get("plays") if isinstance(state, dict) else None
    after = len(plays) if isinstance(plays, list) else 0
    default = parsed[0] if kind in ("card", "redeal", "claim") else "bottom"
    return Decision(seat, kind, tuple(parsed), default, after)


_Points = tuple[int, int]
_Replayed = tuple[list[Trick], list[Card], int, int, int, list[int]]


def _replay(
    plays: list[Any], rules: Rules, dealer: int, trump: Suit | None, hand_mask: int, seat: int
) -> _Replayed:
    """The tricks replayed from a request's plays: the tricks done, the one under way, its
    leader, the cards played, the voids shown and each seat's cards left. Under
    `revoke.mode: prevented` a play, or `seat`'s hand (`hand_mask`), that shows a seat held a
    suit it did not follow is refused: such a deal cannot be."""
    leader = rules.first_leader(dealer) if trump is not None else 0
    tricks: list[Trick] = []
    trick: list[Card] = []
    played_mask = voids = 0
    shown_void: dict[tuple[int, int], str] = {}  # (seat, suit): the play that showed it void
    sizes = [10, 10, 10, 10] if trump is not None else [0, 0, 0, 0]
    order = rules.play_order(leader)
    for i, play in enumerate(plays):
        where = f'"state.plays"[{i}]'
        if not isinstance(play, dict):
            raise ProtocolError(f'{where} must be {{"seat": S, "card": C}}')
        if trump is None:
            raise ProtocolError('"state.plays" must be empty while no trump card is turned')
        by = _whole(_field(play, "seat", where), f"{where}.seat", 0, 3)
        card = _card(_field(play, "card", where), f"{where}.card")
        expected = order[len(trick)]
        if by != expected:
            raise ProtocolError(f"{where}: seat {expected} plays now, not seat {by}")
        if played_mask & BIT[card] or hand_mask & BIT[card]:
            raise ProtocolError(f"{where}: {card} is played twice or is still in the hand")
        if not rules.revoke_claimable and voids >> (4 * by + card // 10) & 1:
            raise ProtocolError(
                f"{where}: seat {by} plays {card}, but it did not follow "
                f"{SUIT_NAMES[card // 10]} in {shown_void[by, card // 10]}: " + _FOLLOWS
            )
        played_mask |= BIT[card]
        sizes[by] -= 1
        if trick and card // 10 != trick[0] // 10:
            voids |= 1 << (4 * by + trick[0] // 10)
            shown_void.setdefault((by, trick[0] // 10), where)
        trick.append(card)
        if len(trick) == 4:
            winner = trick_winner(trick, leader, trump, rules.next_seat)
            cards = (trick[0], trick[1], trick[2], trick[3])
            tricks.append(Trick(leader, cards, winner, sum(POINTS[c] for c in cards)))
            leader = winner
            order = rules.play_order(leader)
            trick = []
    if not rules.revoke_claimable:  # the deciding seat's own cards of a suit it did not follow
        void = sum(SUIT_MASKS[suit] for suit in range(4) if voids >> (4 * seat + suit) & 1)
        for card in cards_from_mask(hand_mask & void):
            raise ProtocolError(
                f'"state.hand" holds {card}, but seat {seat} did not follow '
                f"{SUIT_NAMES[card // 10]} in {shown_void[seat, card // 10]}: " + _FOLLOWS
            )
    return tricks, trick, leader, played_mask, voids, sizes


_FOLLOWS: Final = (
    "under revoke.mode: prevented a seat follows the suit led whenever it holds a card of it "
    "(only revoke.mode: claimable lets a renúncia be played)"
)


def _claims(items: list[Any], rules: Rules, played: int) -> tuple[list[Claim], list[int]]:
    """A request's claims (`played` cards into the deal), and the false-claim penalties they wait
    with. Each is one a match could have taken: false and played on (`false_claim: ignored`, or
    `after_false_claim: play_on`), after a card already played, in the order they were made,
    naming a rival exactly where `revoke.accuse: player` has claims name one."""
    claims: list[Claim] = []
    penalties = [0, 0]
    if items and rules.false_claim_penalizes and not rules.false_claim_plays_on:
        raise ProtocolError(
            f'"state.claims" holds {len(items)}, but under revoke.false_claim: '
            "penalize_claimant and after_false_claim: deal_ends every claim ends the deal (a "
            "true one too): none is listed while it is played"
        )
    for i, item in enumerate(items):
        where = f'"state.claims"[{i}]'
        if not isinstance(item, dict):
            raise ProtocolError(f'{where} must be {{"after": N, "by": S}}')
        after = _whole(_field(item, "after", where), f"{where}.after", 0, 40)
        by = _whole(_field(item, "by", where), f"{where}.by", 0, 3)
        against = item.get("against")
        if against is not None:
            against = _whole(against, f"{where}.against", 0, 3)
        if after > played:
            raise ProtocolError(
                f"{where}.after is {after}, but only {played} cards of the deal are played: a "
                f"claim follows a card played (0 to {played})"
            )
        if claims and after < claims[-1].after:
            raise ProtocolError(
                f"{where}.after is {after}, but the claim before it was made after card "
                f"{claims[-1].after}: claims are listed in the order they were made"
            )
        rivals = [s for s in range(4) if team_of(s) != team_of(by)]
        if not rules.accuse_player and against is not None:
            raise ProtocolError(
                f"{where} names a player, but under revoke.accuse: team a claim accuses the "
                'other team: leave out "against"'
            )
        if rules.accuse_player and against not in rivals:
            given = "none" if against is None else f"seat {against}"
            raise ProtocolError(
                f"{where}: under revoke.accuse: player a claim names the rival accused "
                f'("against": {rivals[0]} or {rivals[1]}), not {given}'
            )
        claims.append(Claim(after, by, against))
        # A claim in a deal still in play was false (a true one ends the deal): penalized ones
        # wait for the end of the deal (`after_false_claim: play_on`).
        if rules.false_claim_penalizes:
            penalties[1 - team_of(by)] += rules.false_claim_games
    return claims, penalties


def observation_from_request(
    request: Mapping[str, Any], decision: Decision | None = None
) -> Observation:
    """The deciding seat's [`Observation`][sueca_rules.Observation], rebuilt from a `decide`
    request alone (what a bot of this library decides from); `decision` is the request's
    [`decision_from_request()`][sueca_rules.engines.decision_from_request] when the caller has
    it already. Raises
    [`ProtocolError`][sueca_rules.engines.ProtocolError] for a request that is malformed or
    impossible (cards twice, a card played out of turn, more than a deal's cards, a renúncia
    where the variant prevents it, a card option the seat cannot play, an option twice, no
    trump card where one is known, a question of before the first card asked after it)."""
    variant, rules = variant_from_request(request)
    if decision is None:
        decision = decision_from_request(request)
    seat = decision.seat
    kind = decision.kind
    state = _field(request, "state", "the request")
    if not isinstance(state, dict):
        raise ProtocolError('"state" must be a JSON object')
    hand_mask, hand = _hand_of(state)
    if kind == "trump":
        # A host that deals before asking sends the dealer's hand with the choice of trump: the
        # choice comes before the deal in the rules, so the hand is not used (nothing of it
        # decides between the top and the bottom card).
        hand_mask, hand = 0, ()
    dealer = _whole(_field(state, "dealer", '"state"'), '"state.dealer"', 0, 3)
    # The fields below have a plain meaning when a host leaves them out (the start of a deal,
    # of a partida, of a match; a tally the plays give): taken as such, not refused.
    first_dealer = state.get("first_dealer", dealer)
    _whole(first_dealer, '"state.first_dealer"', 0, 3)
    deal = _whole(state.get("deal", 1), '"state.deal"', 1, 10**9)
    turned = state.get("trump_card")
    trump_card = None if turned is None else _card(turned, '"state.trump_card"')
    given_in_hand = state.get("trump_card_in_hand", False)
    if not isinstance(given_in_hand, bool):
        raise ProtocolError('"state.trump_card_in_hand" must be true or false')
    games, partidas, partida, ties = _score_of(state, rules)
    plays = state.get("plays", [])
    if not isinstance(plays, list) or len(plays) > 40:
        raise ProtocolError('"state.plays" must be a list of at most 40 plays')
    claims_list = state.get("claims", [])
    if not isinstance(claims_list, list) or len(claims_list) > MAX_CLAIMS:
        raise ProtocolError(f'"state.claims" must be a list of at most {MAX_CLAIMS} claims')

    _check_the_moment(kind, trump_card, plays)
    _check_the_variant(variant, rules, decision, dealer, claims_list)
    _check_the_score(variant, rules, games, partidas, partida, ties)
    trump = None if trump_card is None else _SUITS[trump_card // 10]
    tricks, trick, leader, played_mask, voids, sizes = _replay(
        plays, rules, dealer, trump, hand_mask, seat
    )
    points, tricks_won = _the_tally(tricks, state)
    # The turned card is in the dealer's hand until it is played: that decides it (a host that
    # read `trump_card_in_hand` as "in this seat's hand" is not refused for it).
    in_hand = trump_card is not None and not played_mask & BIT[trump_card]
    _check_the_turned_card(seat, dealer, trump_card, in_hand, hand_mask)
    if not in_hand and trump_card is not None:
        _check_who_played_the_turned_card(plays, dealer, trump_card)
    if in_hand and trump_card is not None and not rules.revoke_claimable and seat != dealer:
        _check_the_dealer_followed(plays, dealer, trump_card)
    order = rules.play_order(leader)
    if sizes[seat] != len(hand) and trump_card is not None:
        raise ProtocolError(
            f'"state.hand" holds {len(hand)} cards; seat {seat} should hold {sizes[seat]}'
        )
    claims, penalties = _claims(claims_list, rules, len(plays))

    count = len(plays) == 40
    phase = {"card": "play", "trump": "trump", "redeal": "redeal"}.get(
        kind, "count" if count else "play"
    )
    turn: int | None = seat
    if kind == "claim":
        turn = None if count else order[len(trick)]
    elif kind == "card" and order[len(trick)] != seat:
        raise ProtocolError(
            f'"seat" {seat} is asked for a card, but seat {order[len(trick)]} plays'
        )
    legal: tuple[Card, ...] = ()
    playable: tuple[Card, ...] = ()
    if phase == "play" and turn == seat:  # asked for a card, or a claim before its own card
        allowed = legal_mask(hand_mask, [int(c) for c in trick])
        legal = hand if allowed == hand_mask else tuple(cards_from_mask(allowed))
        playable = hand if rules.revoke_claimable else legal
    if kind == "card":
        _check_card_options(decision, hand, playable)
    return Observation(
        seat=seat,
        rules=rules,
        phase=phase,  # type: ignore[arg-type]  # one of the phases
        deal=deal,
        partida=partida,
        dealer=dealer,
        trump=trump,
        trump_card=trump_card,
        trump_card_in_hand=in_hand,
        hand=hand,
        hand_mask=hand_mask,
        turn=turn,
        legal=legal,
        trick_leader=leader,
        trick=tuple(trick),
        tricks=tuple(tricks),
        played_mask=played_mask,
        void_mask=voids,
        hand_sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
        points=points,
        tricks_won=tricks_won,
        games=games,
        partidas=partidas,
        pending_ties=ties,
        playable=playable,
        can_claim=rules.revoke_claimable and phase in ("play", "count"),
        claims=tuple(claims),
        penalties=(penalties[0], penalties[1]),
        may_redeal=kind == "redeal"
        and True in decision.options
        and _may_ask_a_redeal(rules, seat, dealer, hand),
        variant=variant,
    )


def _score_of(state: Mapping[str, Any], rules: Rules) -> tuple[_Points, _Points, int, int]:
    """The request's games, partidas, partida and pending ties (as the rules keep them), each
    read as a match's start when left out (the partida: the partidas played)."""
    games = _pair(state.get("games", [0, 0]), '"state.games"', 10**6)
    partidas = _pair(state.get("partidas", [0, 0]), '"state.partidas"', 10**6)
    partida = _whole(state.get("partida", sum(partidas)), '"state.partida"', 0, 10**6)
    ties = _whole(state.get("pending_ties", 0), '"state.pending_ties"', 0, 10**6)
    return games, partidas, partida, _kept_ties(rules, ties)


def _hand_of(state: Mapping[str, Any]) -> tuple[int, tuple[Card, ...]]:
    """The request's `state.hand`: its mask and its cards (in the deck's order), checked."""
    hand_list = _field(state, "hand", '"state"')
    if not isinstance(hand_list, list) or len(hand_list) > 10:
        raise ProtocolError('"state.hand" must be a list of at most 10 cards')
    given = [_card(c, f'"state.hand"[{i}]') for i, c in enumerate(hand_list)]
    hand_mask = sum(BIT[c] for c in set(given))
    if hand_mask.bit_count() != len(given):
        raise ProtocolError('"state.hand" holds a card twice')
    return hand_mask, tuple(cards_from_mask(hand_mask))


def _the_tally(tricks: list[Trick], state: Mapping[str, Any]) -> tuple[_Points, _Points]:
    """The card points and tricks won of each team that the tricks played give; a request's
    `state.points` or `state.tricks_won` that is not what they give is refused (either may be
    left out)."""
    taken, won = [0, 0], [0, 0]
    for trick in tricks:
        taken[team_of(trick.winner)] += trick.points
        won[team_of(trick.winner)] += 1
    if "points" in state:
        points = _pair(state["points"], '"state.points"', 120)
        if list(points) != taken:
            raise ProtocolError(
                f'"state.points" is {list(points)}, but the tricks of "state.plays" give {taken}'
            )
    if "tricks_won" in state:
        tricks_won = _pair(state["tricks_won"], '"state.tricks_won"', 10)
        if list(tricks_won) != won:
            raise ProtocolError(
                f'"state.tricks_won" is {list(tricks_won)}, but the tricks of "state.plays" '
                f"give {won}"
            )
    return (taken[0], taken[1]), (won[0], won[1])


def _check_the_turned_card(
    seat: int, dealer: int, card: int | None, in_hand: bool, hand_mask: int
) -> None:
    """Refuse a turned trump card that is where it cannot be: the dealer takes it and holds it
    until it is played (`in_hand`: not played yet), so only the dealer's own hand may hold it."""
    if card is None:
        return
    if bool(hand_mask & BIT[card]) != (seat == dealer and in_hand):
        where = "holds" if hand_mask & BIT[card] else "lacks"
        raise ProtocolError(
            f'"state.hand" {where} the turned trump card {CARDS[card]}, which the dealer, seat '
            f"{dealer}, holds until it is played"
        )


def _check_the_dealer_followed(plays: list[Any], dealer: int, card: int) -> None:
    """Refuse plays where the dealer, who still holds the turned trump card (everyone knows it),
    did not follow its suit (under `revoke.mode: prevented`; the plays are checked already)."""
    suit = card // 10
    for i, play in enumerate(plays):
        led = _card(plays[i - i % 4]["card"], "") // 10
        if play["seat"] == dealer and led == suit and _card(play["card"], "") // 10 != suit:
            raise ProtocolError(
                f'"state.plays"[{i}]: the dealer, seat {dealer}, does not follow '
                f"{SUIT_NAMES[suit]}, but holds the turned trump card {CARDS[card]} until it is "
                "played: " + _FOLLOWS
            )


def _check_who_played_the_turned_card(plays: list[Any], dealer: int, card: int) -> None:
    """Refuse the turned trump card played by a seat other than the dealer, who holds it (the
    plays are checked already)."""
    for i, play in enumerate(plays):
        if _card(play["card"], "") == card and play["seat"] != dealer:
            raise ProtocolError(
                f'"state.plays"[{i}]: seat {play["seat"]} plays the turned trump card '
                f"{CARDS[card]}, which the dealer, seat {dealer}, holds until it is played"
            )


def _check_the_variant(
    variant: Variant,
    rules: Rules,
    decision: Decision,
    dealer: int,
    claims: list[Any],
) -> None:
    """Refuse a decision that the request's variant never asks: a claim (or a claim listed)
    where no renúncia can be played, the choice of trump where the rules turn a card, claim
    options that do not accuse as the variant's `revoke.accuse` says. (A new deal offered to a
    hand that may not ask is answered `false`, not refused: see `_may_ask_a_redeal`.)"""
    kind, seat = decision.kind, decision.seat
    if not rules.revoke_claimable and (kind == "claim" or claims):
        what = (
            "a 'claim' decision comes"
            if kind == "claim"
            else f'"state.claims" holds {len(claims)}, but claims come'
        )
        raise ProtocolError(
            f"{what} only under revoke.mode: claimable, and the variant's revoke.mode is "
            f"{variant.revoke.mode} (no renúncia can be played, so none is claimed)"
        )
    if kind == "trump":
        if not rules.trump_dealer_choice:
            raise ProtocolError(
                "a 'trump' decision comes only under deal.trump_card: dealer_choice, and the "
                f"variant's deal.trump_card is {variant.deal.trump_card}"
            )
        if seat != dealer:
            raise ProtocolError(
                f'"seat" {seat} is asked to choose the trump card, but the dealer, seat '
                f"{dealer}, chooses it"
            )
    if kind == "claim":
        rivals = [s for s in range(4) if team_of(s) != team_of(seat)]
        for i, option in enumerate(decision.options):
            if option is False:
                continue
            if rules.accuse_player and (option is True or option not in rivals):
                raise ProtocolError(
                    f'"options"[{i}] is {json.dumps(option)}, but under revoke.accuse: player a '
                    f"claim names a rival of seat {seat}: false, {rivals[0]} or {rivals[1]}"
                )
            if not rules.accuse_player and option is not True:
                raise ProtocolError(
                    f'"options"[{i}] is {json.dumps(option)}, but under revoke.accuse: team a '
                    "claim accuses the other team: the options are false and true"
                )


def _check_the_score(
    variant: Variant,
    rules: Rules,
    games: tuple[int, int],
    partidas: tuple[int, int],
    partida: int,
    ties: int,
) -> None:
    """Refuse a score that cannot be while a decision is due (the match and its partida go on)
    under the request's variant."""
    to_win = rules.partidas_to_win
    if max(partidas) >= to_win:
        raise ProtocolError(
            f'"state.partidas" is {list(partidas)}, but under match.best_of: '
            f"{variant.match.best_of} the match is over once a team wins {to_win} "
            f"partida{'s' if to_win > 1 else ''}, and no decision comes after"
        )
    if partida != sum(partidas):
        raise ProtocolError(
            f'"state.partida" is {partida}, but with "state.partidas" {list(partidas)} the '
            f"partida under way is {sum(partidas)} (counted from 0)"
        )
    target = rules.target_games
    if rules.partida_winner(games, None, False) is not None:
        raise ProtocolError(
            f'"state.games" is {list(games)}, but under match.target_games: {target} that '
            "partida is won, and the next starts from [0, 0]"
        )
    penalties_play_on = (
        rules.revoke_claimable and rules.false_claim_penalizes and rules.false_claim_plays_on
    )
    if max(games) >= target and not penalties_play_on:
        raise ProtocolError(
            f'"state.games" is {list(games)}, but under match.target_games: {target} that '
            "partida is won (both teams reach the target with one deal only through false-claim "
            "penalties under revoke.after_false_claim: play_on)"
        )


def _kept_ties(rules: Rules, ties: int) -> int:
    """The pending 60-60 ties that count under the rules: none under `tie.mode: none`, at most
    one when ties do not stack (a host may count every tie in a row; they are one)."""
    if rules.tie_mode == TIE_NONE:
        return 0
    return ties if rules.tie_stacks else min(ties, 1)


def _may_ask_a_redeal(rules: Rules, seat: int, dealer: int, hand: tuple[Card, ...]) -> bool:
    """Whether `seat`'s hand may ask for a new deal (`Rules.may_redeal`).
    A host may offer `true` to every
    hand, as the contract's options say; the engine then answers `false` for a hand that may
    not ask."""
    return rules.may_redeal(seat, dealer, sum(POINTS[c] for c in hand))


def _check_the_moment(kind: DecisionKind, trump_card: int | None, plays: list[Any]) -> None:
    """Refuse a decision asked at a moment it cannot come: before the trump card is known (only
    the dealer's choice of trump comes then), or a question of before the first card after it."""
    if trump_card is None and kind != "trump":
        raise ProtocolError(
            f'"state.trump_card" is null, but only the dealer\'s choice of trump comes before '
            f"the trump card is known (this is a {kind!r} decision)"
        )
    if kind in ("trump", "redeal") and plays:
        raise ProtocolError(
            f'a {kind!r} decision comes before the first card, but "state.plays" holds {len(plays)}'
        )


def _check_card_options(
    decision: Decision, hand: tuple[Card, ...], playable: tuple[Card, ...]
) -> None:
    """Refuse a card decision with an option the seat cannot play."""
    for i, option in enumerate(decision.options):
        if option not in playable:
            where = 'not in "state.hand"' if option not in hand else "not a legal card"
            raise ProtocolError(
                f'"options"[{i}]: {option} is {where} (the cards seat {decision.seat} may play: '
                f"{' '.join(map(str, playable))})"
            )


def time_budget(request: Mapping[str, Any]) -> int | None:
    """The request's `time_ms` (a whole number of milliseconds, at least 1 and at most an hour,
    the longest a bot takes; a number written as text is read), or `None`."""
    from ..bots import MAX_TIME_MS

    value = budget_number(request.get("time_ms"))
    if value is None or not math.isfinite(value):
        return None
    return int(min(max(1, value), MAX_TIME_MS))


def budget_number(value: object) -> float | None:
    """A request's `time_ms` as a number: a JSON number, or a text that writes one (`"100"`, as
    a host may send it); `None` for anything else (and for none)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return (
            float(value) if isinstance(value, float) else float(max(-(10**18), min(value, 10**18)))
        )
    if isinstance(value, str) and len(value) <= 40:
        try:
            return float(value.strip())
        except ValueError:
            return None
    return None
