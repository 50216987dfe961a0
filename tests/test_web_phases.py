"""How a table makes the bots' decisions (`sueca_rules.web._phases` and the table's driver),
without HTTP: a bad bot's card is said out loud, claims are asked in the engine's one order,
and the redeal question is answered at a pace that does not depend on the hand."""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import random
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

import pytest

pytest.importorskip("starlette")

from sueca_rules import Card, Event, Match, Observation, Variant, load_variant, parse_card
from sueca_rules.bots import play_match
from sueca_rules.web import Settings
from sueca_rules.web._phases import answer_or_default
from sueca_rules.web._store import MemoryStore
from sueca_rules.web._tables import Seat, Table


@pytest.mark.parametrize("chosen", ["AS", None])
def test_a_bad_bots_card_is_logged_and_a_legal_card_played(
    caplog: pytest.LogCaptureFixture, chosen: str | None
) -> None:
    match = Match("portugal", seed=1)
    seat = match.turn
    assert seat is not None
    card = parse_card(chosen) if chosen is not None else None
    assert card is None or card not in match.hand(seat)
    legal = match.legal_cards()
    with caplog.at_level(logging.WARNING, logger="sueca_rules.web"):
        events = answer_or_default(match, seat, card)
    assert len(match.plays) == 1
    assert match.plays[0] == legal[0]
    assert events
    warning = next(r for r in caplog.records if r.name == "sueca_rules.web")
    assert warning.levelno == logging.WARNING
    assert f"seat {seat}" in warning.getMessage()
    assert str(chosen) in warning.getMessage()
    assert str(legal[0]) in warning.getMessage()


def test_a_good_bots_card_is_played_without_a_word(caplog: pytest.LogCaptureFixture) -> None:
    match = Match("portugal", seed=1)
    card = match.legal_cards()[-1]
    with caplog.at_level(logging.WARNING, logger="sueca_rules.web"):
        answer_or_default(match, match.turn, card)
    assert match.plays == [card]
    assert not caplog.records


# --- a table of bots, driven without HTTP or real time --------------------------------------


class Inline(Executor):
    """Runs each bot's decision at once, in this thread (the order of things is then fixed)."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as exc:  # pragma: no cover - a test bot's bug
            future.set_exception(exc)
        return future


class Clock:
    """The table's clock: it moves only when the table sleeps or a bot "thinks"."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += max(0.0, seconds)
        await asyncio.sleep(0)


class Watched(Table):
    """A table that notes the time and the match's question after every change, and closes
    itself once `until(match)` holds."""

    until: Callable[[Match], bool]
    changes: list[tuple[float, str, int | None]]

    def changed(self, events: list[Event], *, kick: bool = True, **more: Any) -> None:
        super().changed(events, kick=kick, **more)
        match = self.match
        assert match is not None
        self.changes.append((self.clock(), match.phase, match.turn))
        if self.until(match):
            self.closed = True


def run_table(
    variant: Variant,
    bots: list[Any],
    until: Callable[[Match], bool],
    seed: int = 1,
    clock: Clock | None = None,
    **settings: Any,
) -> Watched:
    """Four bots at a table, driven as `sueca serve` drives them, until `until(match)`."""
    clock = clock or Clock()
    seats = [Seat(i, "bot", 1, bot) for i, bot in enumerate(bots)]
    table = Watched(
        "t", variant, None, seats, seed, Settings.for_tests(**settings), Inline(), clock
    )
    table.sleep = clock.sleep
    table.until = until
    table.changes = []

    async def main() -> None:
        table.start()
        table.changed([])
        for _ in range(100_000):
            if table.closed or table._driver is None:
                break
            await asyncio.sleep(0)
        assert table.closed, "the table stopped before the test's point"

    asyncio.run(main())
    return table


class Asked:
    """A bot that plays its first legal card and notes every claim question it is asked."""

    level = 1

    def __init__(self, asked: list[tuple[int, int, int]]) -> None:
        self.asked = asked

    def choose(self, obs: Observation) -> Card:
        return obs.legal[0]

    def claim(self, obs: Observation) -> int | None:
        self.asked.append((obs.deal, len(obs.tricks) * 4 + len(obs.trick), obs.seat))
        return None


def test_bots_are_asked_to_claim_in_the_drivers_order() -> None:
    """After each card and at the count, the seats are asked in play order from the seat after
    the one that played last (at the count, after the last trick's winner): the order of the
    engine's driver, `sueca_rules.bots.advance`."""
    variant = load_variant("portugal-table")
    by_driver: list[tuple[int, int, int]] = []
    play_match(Match(variant, seed=3), [Asked(by_driver) for _ in range(4)], max_deals=1)
    at_table: list[tuple[int, int, int]] = []
    run_table(variant, [Asked(at_table) for _ in range(4)], lambda m: bool(m.deals), seed=3)
    assert len(by_driver) == 39 * 4 + 4  # after each card but the last, and at the count
    assert at_table == by_driver


class Thinker:
    """A bot that thinks (the clock moves on) only when its hand may ask for a new deal, as
    levels 4 and 5 do, then keeps it; it plays its first legal card."""

    level = 4

    def __init__(self, clock: Clock, seconds: float) -> None:
        self.clock = clock
        self.seconds = seconds

    def choose(self, obs: Observation) -> Card:
        return obs.legal[0]

    def wants_redeal(self, obs: Observation) -> bool:
        assert obs.may_redeal
        self.clock.now += self.seconds
        return False


WEAK_HANDS = {
    "name": "Weak hands may ask",
    "extends": "portugal",
    "deal": {"redeal": {"leader_below": 30, "others_below": 24}},
}


@pytest.mark.parametrize("thinking", [0.05, 0.25, 0.59])
def test_a_redeal_answer_takes_as_long_whatever_the_hand(thinking: float) -> None:
    """Every bot answers the redeal question a bot's delay after it was asked, whether its hand
    may ask (and it thought about it) or not: the time tells the table nothing."""
    from sueca_rules import parse_variant

    variant = parse_variant(json.dumps(WEAK_HANDS))
    clock = Clock()
    table = run_table(
        variant,
        [Thinker(clock, thinking) for _ in range(4)],
        lambda m: m.phase == "play",
        seed=4,
        clock=clock,
        bot_delay=0.6,
    )
    match = table.match
    assert match is not None
    asked = [(t, seat) for t, phase, seat in table.changes if phase == "redeal"]
    assert len(asked) == 4
    may = [match.may_redeal(seat) for _, seat in asked if seat is not None]
    assert set(may) == {True, False}  # both kinds of hand were asked
    answered = [t for t, _, _ in table.changes[1:]]
    took = [round(end - start, 6) for (start, _), end in zip(asked, answered, strict=True)]
    assert took == [0.6] * 4


# --- a person's messages, handled without HTTP ------------------------------------------------


class Inbox:
    """A joined browser's sink: it keeps what the table sends."""

    lang: Any = "en"

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []
        self.closed: tuple[int, str] | None = None

    def push(self, message: dict[str, Any]) -> None:
        self.messages.append(message)

    def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)

    def errors(self) -> list[str]:
        return [m["code"] for m in self.messages if m["type"] == "error"]


def person_at_table(
    variant: Variant | str, clock: Clock | None = None, **settings: Any
) -> tuple[Table, Seat, Inbox]:
    """A table of one person (seat 0, joined, so the match has started) and three bots, with
    no event loop: the bots do nothing until the test moves them."""
    if isinstance(variant, str):
        variant = load_variant(variant)
    clock = clock or Clock()
    seats = [Seat(0, "human", 1, _FirstCard(), "token")]
    seats += [Seat(i, "bot", 1, _FirstCard()) for i in (1, 2, 3)]
    table = Table("t", variant, None, seats, 1, Settings.for_tests(**settings), Inline(), clock)
    table.sleep = clock.sleep
    inbox = Inbox()
    table.join(seats[0], inbox)
    return table, seats[0], inbox


class _FirstCard:
    level = 1

    def choose(self, obs: Observation) -> Card:
        return obs.legal[0]


def to_play(table: Table) -> Match:
    """Move the match on (the bots' way) until cards are being played."""
    match = table.match
    assert match is not None
    while match.phase in ("trump", "redeal"):
        if match.phase == "trump":
            match.choose_trump("bottom")
        else:
            assert match.turn is not None
            match.keep_hand(match.turn)
    assert match.phase == "play"
    return match


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_no_rematch_at_a_tournaments_table(lang: str) -> None:
    """Only a tournament table's first match counts, and its page offers no rematch: the server
    refuses one too, in the person's words, and the finished match stays on the table. (Any one
    of its four players could start a rematch by hand: the rivals' screens left the result for
    a new match, and the table's record became the rematch's.)"""
    table, seat, inbox = person_at_table("portugal")
    table.extra = {"tournament": {"file": "cup.yaml", "round": 1, "table": 1}}
    match = to_play(table)
    while not match.is_over:
        decision = match.pending()
        assert decision is not None
        match.decide(decision.default)
    inbox.lang = lang
    version = table.version
    table.handle(seat, {"type": "rematch"})
    assert inbox.errors() == ["rematch_tournament"]
    said = inbox.messages[-1]["message"]
    assert "error." not in said
    assert ("rematch" if lang == "en" else "outra vez") in said
    assert table.version == version
    assert table.rematches == 0
    assert table.match is match


def test_a_claim_past_the_deals_limit_is_refused_by_the_engines_rule() -> None:
    """The engine decides whether a claim may be made; past the most claims a deal holds the
    person is told so (not that it "cannot be done now")."""
    from sueca_rules import parse_variant

    ignored = {
        "name": "Claims ignored",
        "extends": "portugal-table",
        "revoke": {"false_claim": "ignored"},
    }
    table, seat, inbox = person_at_table(parse_variant(json.dumps(ignored)))
    match = to_play(table)
    limit = 160
    for _ in range(limit):
        match.claim(1)
    version = table.version
    table.handle(seat, {"type": "claim"})
    assert inbox.errors() == ["no_more_claims"]
    assert "No more claims" in inbox.messages[-1]["message"]
    assert table.version == version
    assert len(match.claims) == limit


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_an_engine_error_no_handler_foresaw_is_an_error_message(
    monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """A handler that lets the engine's `IllegalPlayError` or `ConfigError` through does not
    drop the connection: the browser gets an error and nothing changes."""
    from sueca_rules import ConfigError, IllegalPlayError
    from sueca_rules.web import _phases

    table, seat, inbox = person_at_table("portugal")
    inbox.lang = lang

    def illegal(table: Any, seat: Any, message: Any) -> list[Event]:
        raise IllegalPlayError("not a deal", rule="hands")

    def config(table: Any, seat: Any, message: Any) -> list[Event]:
        raise ConfigError("not an option")

    def turn(table: Any, seat: Any, message: Any) -> list[Event]:
        raise IllegalPlayError("not yours", seat=0, rule="not_your_turn")

    monkeypatch.setitem(_phases.HANDLERS, "play", illegal)
    monkeypatch.setitem(_phases.HANDLERS, "trump", config)
    monkeypatch.setitem(_phases.HANDLERS, "keep", turn)
    version = table.version
    for kind in ("play", "trump", "keep"):
        table.handle(seat, {"type": kind})
    assert inbox.errors() == ["not_allowed", "not_allowed", "not_your_turn"]
    assert all(m["message"] and "error." not in m["message"] for m in inbox.messages[-3:])
    assert table.version == version
    assert inbox.closed is None
    assert seat.sink is inbox


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_an_engine_refusal_of_a_card_no_handler_foresaw_names_the_cards(
    monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    """The engine's `must_follow` and `not_in_hand`, should a handler let them through, are said
    as the handler says them, the cards as the reader writes them. (`must_follow` lacked the
    count its phrase chooses by: the phrase failed, the error escaped `Table.handle` and the
    browser was told nothing.)"""
    from sueca_rules import IllegalPlayError
    from sueca_rules.web import _phases

    table, seat, inbox = person_at_table("portugal")
    inbox.lang = lang

    def follow(table: Any, seat: Any, message: Any) -> list[Event]:
        raise IllegalPlayError("follow", seat=0, card="7H", legal=["AS", "2S"], rule="must_follow")

    def held(table: Any, seat: Any, message: Any) -> list[Event]:
        raise IllegalPlayError("not held", seat=0, card="7H", rule="not_in_hand")

    monkeypatch.setitem(_phases.HANDLERS, "play", follow)
    monkeypatch.setitem(_phases.HANDLERS, "keep", held)
    version = table.version
    table.handle(seat, {"type": "play"})
    table.handle(seat, {"type": "keep"})
    assert inbox.errors() == ["must_follow", "not_in_hand"]
    follow_text, held_text = (m["message"] for m in inbox.messages[-2:])
    assert "A♠ 2♠" in follow_text
    assert "7♥" in held_text
    assert table.version == version
    assert inbox.closed is None


def test_only_a_change_keeps_a_table_from_expiring() -> None:
    """A refused or unknown message changes nothing, so it does not keep an idle table open;
    an action that changes the match does."""
    from sueca_rules.web._tables import SeatSpec, TableManager

    clock = Clock()
    manager = TableManager(Settings.for_tests(idle_seconds=60), Inline(), clock)
    specs = [SeatSpec("human", 1)] + [SeatSpec("bot", 1)] * 3
    idle = manager.create(load_variant("portugal-table"), "portugal-table", specs, seed=1)
    busy = manager.create(load_variant("portugal-table"), "portugal-table", specs, seed=2)
    inboxes = []
    for table in (idle, busy):
        inbox = Inbox()
        table.join(table.seats[0], inbox)
        to_play(table)
        inboxes.append(inbox)
    for _ in range(3):
        clock.now += 30
        for message in ({"type": "nonsense"}, {"type": "play", "card": "XX"}, {"type": "start"}):
            idle.handle(idle.seats[0], message)
    assert inboxes[0].errors() == ["unknown_type", "bad_card", "already_started"] * 3
    busy.handle(busy.seats[0], {"type": "claim"})  # a false claim: the deal is scored
    assert busy.touched == clock.now
    assert manager.expire() == 1
    assert inboxes[0].closed is not None
    assert inboxes[0].closed[0] == 4404
    assert inboxes[1].closed is None
    assert list(manager.tables) == [busy.id]


def test_an_agreement_given_again_changes_nothing() -> None:
    """Agreeing to hints again (or to the count) is dropped: no line in the table's log, no
    redraw of every screen, and it does not keep an idle table open (a person sending it over
    and over filled the log and kept the table from expiring)."""
    from sueca_rules.web._tables import SeatSpec, TableManager

    clock = Clock()
    manager = TableManager(Settings.for_tests(idle_seconds=60), Inline(), clock)
    specs = [SeatSpec("human", 1), SeatSpec("bot", 1), SeatSpec("human", 1), SeatSpec("bot", 1)]
    table = manager.create(load_variant("portugal"), "portugal", specs, seed=1)
    inbox = Inbox()
    table.join(table.seats[0], inbox)
    table.handle(table.seats[0], {"type": "hints", "agree": True})
    assert table.hints_agreed == {0}
    logged, version, touched = table.logged, table.version, table.touched
    clock.now += 30
    for _ in range(5):
        table.handle(table.seats[0], {"type": "hints", "agree": True})
    assert (table.logged, table.version, table.touched) == (logged, version, touched)
    assert inbox.errors() == []
    table.handle(table.seats[0], {"type": "hints", "agree": False})  # a change: logged
    assert table.hints_agreed == set()
    assert table.logged == logged + 1
    assert table.touched == clock.now


class Pondering:
    """A bot whose thinking time depends on its hand (the clock moves on while it chooses),
    as a strong bot's does: at once with one legal card, longer with more."""

    level = 5

    def __init__(self, clock: Clock) -> None:
        self.clock = clock

    def choose(self, obs: Observation) -> Card:
        self.clock.now += 0.05 * (len(obs.legal) - 1)
        return obs.legal[-1]

    def choose_trump(self, obs: Observation) -> str:
        self.clock.now += 0.3 * len(obs.hand) % 0.5
        return "top"


def test_a_bots_card_comes_a_bot_delay_after_it_was_asked_however_long_it_thought() -> None:
    """Every paced decision (the dealer's choice, every card) is made a bot's delay after
    the change before it, whether the bot thought a long while or not at all: its timing
    tells nothing of its hand."""
    from sueca_rules import parse_variant

    choice = {"name": "Choice", "extends": "portugal", "deal": {"trump_card": "dealer_choice"}}
    clock = Clock()
    table = run_table(
        parse_variant(json.dumps(choice)),
        [Pondering(clock) for _ in range(4)],
        lambda m: bool(m.deals),
        seed=5,
        clock=clock,
        bot_delay=0.6,
    )
    assert [phase for _, phase, _ in table.changes[:2]] == ["trump", "play"]
    times = [t for t, _, _ in table.changes]
    gaps = {round(b - a, 6) for a, b in itertools.pairwise(times)}
    assert len(times) == 1 + 1 + 40  # the start, the dealer's choice, the cards
    assert gaps == {0.6}


# --- the turn protocol: the table asks what the match's pending() decision asks ---------------

HOUSE_RULES: dict[str, Any] = {
    "name": "Claims, redeals and the dealer's choice",
    "extends": "brasil",
    "revoke": {"mode": "claimable"},
    "deal": {"redeal": {"leader_below": 30, "others_below": 30}},
}
"""The Brazilian deal (the dealer's choice, a new deal for a weak hand) with renúncias that may
be played and claimed."""

ACCUSE_PLAYER: dict[str, Any] = {
    **HOUSE_RULES,
    "revoke": {
        "mode": "claimable",
        "accuse": "player",
        "false_claim_games": 1,
        "after_false_claim": "play_on",
    },
}

IGNORED: dict[str, Any] = {**HOUSE_RULES, "revoke": {"mode": "claimable", "false_claim": "ignored"}}


class Whimsical:
    """A bot whose every answer is a function of the question alone (the same wherever it is
    asked): it sometimes revokes, claims now and then and always at the count, turns either
    card and sometimes asks for a new deal. It notes every question it is asked."""

    level = 1

    def __init__(self, asked: list[tuple[str, int, int, int]]) -> None:
        self.asked = asked

    def _rng(self, kind: str, obs: Observation) -> random.Random:
        point = (kind, obs.deal, len(obs.plays), obs.seat)
        self.asked.append(point)
        return random.Random(repr(point))

    def choose(self, obs: Observation) -> Card:
        rng = self._rng("card", obs)
        cards = obs.playable if rng.random() < 0.02 else obs.legal
        return rng.choice(sorted(cards))

    def claim(self, obs: Observation) -> int | None:
        rng = self._rng("claim", obs)
        if obs.phase != "count" and rng.random() > 0.02:
            return None
        return rng.choice([s for s in range(4) if s % 2 != obs.seat % 2])

    def choose_trump(self, obs: Observation) -> str:
        return self._rng("trump", obs).choice(["top", "bottom"])

    def wants_redeal(self, obs: Observation) -> bool:
        return self._rng("redeal", obs).random() < 0.5


@pytest.mark.parametrize(
    ("rules", "seed"), [(HOUSE_RULES, 1), (ACCUSE_PLAYER, 2), (IGNORED, 3), ("portugal", 4)]
)
def test_a_table_of_bots_answers_what_bots_answer_would_on_each_pending_decision(
    rules: dict[str, Any] | str, seed: int
) -> None:
    """A whole match at a table of bots is the match `sueca_rules.bots.play_match` plays with
    the same bots: the same questions, asked in the same order, the same answers, the same
    record (the table asks `Match.pending()` and answers it with `bots.answer`)."""
    from sueca_rules import dump_record, parse_variant

    variant = load_variant(rules) if isinstance(rules, str) else parse_variant(json.dumps(rules))
    by_driver: list[tuple[str, int, int, int]] = []
    driven = Match(variant, seed=seed)
    play_match(driven, [Whimsical(by_driver) for _ in range(4)])
    at_table: list[tuple[str, int, int, int]] = []
    table = run_table(
        variant, [Whimsical(at_table) for _ in range(4)], lambda m: m.is_over, seed=seed
    )
    assert table.match is not None
    kinds = {kind for kind, *_ in at_table}
    if variant.revoke.mode == "claimable":
        assert {"card", "claim", "trump", "redeal"} <= kinds
        assert any(d.claims for d in driven.deals)
    assert at_table == by_driver
    assert dump_record(table.match.to_record(), "json") == dump_record(driven.to_record(), "json")


def test_a_log_of_bots_answers_replays_to_the_same_match() -> None:
    """What the table stores of its bots' answers (cards, claims, the count's end, the
    dealer's choice, redeals and kept hands) rebuilds the same match, claim for claim: even
    where one answer both claimed (a false claim the rules ignore) and ended the count."""
    from sueca_rules import dump_record, parse_variant

    variant = parse_variant(json.dumps(IGNORED))
    store = MemoryStore()
    store.create("t", {})
    clock = Clock()
    seats = [Seat(i, "bot", 1, Whimsical([])) for i in range(4)]
    table = Watched("t", variant, None, seats, 8, Settings.for_tests(), Inline(), clock)
    table.sleep = clock.sleep
    table.until = lambda m: m.is_over
    table.changes = []
    table.store = store

    async def main() -> None:
        table.start()
        table.changed([], actions=[{"type": "start"}])
        for _ in range(200_000):
            if table.closed or table._driver is None:
                break
            await asyncio.sleep(0)

    asyncio.run(main())
    assert table.match is not None
    assert table.match.is_over
    actions = store.tables["t"].actions
    kinds = [a["type"] for a in actions]
    assert {"start", "play", "claim", "score", "trump", "redeal", "keep"} <= set(kinds)
    assert ("claim", "score") in set(itertools.pairwise(kinds))
    again = Table("t", variant, None, seats, 8, Settings.for_tests(), Inline(), clock)
    again.replay(actions)
    assert again.match is not None
    assert dump_record(again.match.to_record(), "json") == dump_record(
        table.match.to_record(), "json"
    )
    assert [dump_record(r, "json") for r in again.records] == [
        dump_record(r, "json") for r in table.records
    ]


def test_at_the_count_a_persons_question_waits_for_their_agreement() -> None:
    """The count's claim round is the match's: the bots before the person in it are asked at
    once, those after only once the person agreed to the count; the round's last answer scores
    the deal (stored as the count's end), and nothing is asked twice."""
    variant = load_variant("portugal-table")
    clock = Clock()
    asked: list[tuple[int, int, int]] = []
    seats = [Seat(0, "human", 1, _FirstCard(), "token")]
    seats += [Seat(i, "bot", 1, Asked(asked)) for i in (1, 2, 3)]
    settings = Settings.for_tests(count_seconds=3600.0)
    table = Table("t", variant, None, seats, 12, settings, Inline(), clock)
    table.sleep = clock.sleep
    store = MemoryStore()
    store.create("t", {})
    table.store = store
    inbox = Inbox()
    at_count: list[int] = []

    async def settle() -> None:
        for _ in range(1000):
            await asyncio.sleep(0)
            if table._driver is None:
                return

    async def main() -> None:
        table.join(seats[0], inbox)
        match = table.match
        assert match is not None
        while match.phase != "count":
            await settle()
            if match.phase == "play" and match.turn == 0 and table._driver is None:
                table.handle(seats[0], {"type": "play", "card": str(match.legal_cards()[0])})
        await settle()
        order = list(match.rules.claim_order(match.trick_leader or 0))
        before = order[: order.index(0)]
        assert 0 < len(before) < 3  # bots are asked before the person and after
        at_count.extend(s for d, n, s in asked if n == 40)
        assert at_count == before
        assert match.claim_round[0] == 0  # the person's question waits
        table.handle(seats[0], {"type": "count"})
        await settle()
        at_count[:] = [s for d, n, s in asked if n == 40]
        assert at_count == [s for s in order if s != 0]
        assert match.deals
        assert match.deals[0].result in ("won", "tie")
        table.close("done")

    asyncio.run(main())
    kinds = [a["type"] for a in store.tables["t"].actions]
    assert kinds[kinds.index("count") + 1] == "score"
    assert inbox.errors() == []


def test_one_refusal_for_requests_and_messages() -> None:
    """A refused HTTP request and a refused message at a table are the same `Refusal`: its
    code, its message and HTTP status, the JSON answer, the phrase's parameters."""
    from sueca_rules.web._api import json_body
    from sueca_rules.web._phases import HANDLERS
    from sueca_rules.web._refusal import Refusal
    from sueca_rules.web._tables import parse_seats

    with pytest.raises(Refusal) as http:
        json_body(b"{")
    assert (http.value.code, http.value.status) == ("bad_json", 400)
    assert http.value.body == {
        "error": "bad_json",
        "message": "the body is not JSON: it goes wrong at line 1, column 2",
    }
    with pytest.raises(Refusal) as seats:
        parse_seats(["bot"] * 4, 3)
    assert seats.value.body == {"error": "bad_seats", "message": seats.value.message}
    table, _seat, _ = person_at_table("portugal")
    to_play(table)
    match = table.match
    assert match is not None
    other = next(s for s in table.seats if s.index != match.turn)
    with pytest.raises(Refusal) as message:
        HANDLERS["play"](table, other, {"type": "play", "card": "AS"})
    assert message.value.code == "not_your_turn"
    # The English message is the phrase's English: no words of its own to drift from it.
    assert Refusal("too_many_tables", status=503, most=2).body == {
        "error": "too_many_tables",
        "message": "This server holds at most 2 tables at once: try again when one has finished.",
    }
    # One table is said as one ("at most 1 tables" before).
    assert Refusal("too_many_tables", most=1).said("pt") == (
        "Este servidor só tem uma mesa de cada vez: tenta outra vez quando ela acabar."
    )


def test_a_bots_answer_the_match_refuses_is_logged_and_the_default_answered(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """Not only a card: a bot's answer to any decision that is not among its options is
    said out loud, and the decision's default is answered instead (the table goes on)."""
    match = Match("brasil", seed=3)
    decision = match.pending()
    assert decision is not None
    assert decision.kind == "trump"
    with caplog.at_level(logging.WARNING, logger="sueca_rules.web"):
        events = answer_or_default(match, decision.seat, "middle")
    assert [type(e).__name__ for e in events][:1] == ["TrumpChosen"]
    assert events[0].side == "bottom"  # type: ignore[union-attr]
    warning = next(r for r in caplog.records if r.name == "sueca_rules.web")
    assert "middle" in warning.getMessage()
    assert f"seat {decision.seat}" in warning.getMessage()


def test_a_long_bad_seat_is_shown_cut() -> None:
    """A refused seat is repeated in the error cut to its first characters, as everywhere."""
    from sueca_rules._text import SHOWN_CHARS
    from sueca_rules.web._refusal import Refusal
    from sueca_rules.web._tables import parse_seats

    seat = "bot:" + "9" * 400
    with pytest.raises(Refusal) as refused:
        parse_seats(["human", seat, "bot:1", "bot:1"], 3)
    assert refused.value.code == "bad_seats"
    assert repr(seat[:SHOWN_CHARS] + "…") in refused.value.message
    assert len(refused.value.message) < 100
    with pytest.raises(Refusal) as short:
        parse_seats(["human", "bot:9", "bot:1", "bot:1"], 3)
    assert "'bot:9' is not a seat" in short.value.message
