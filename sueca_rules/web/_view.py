"""What a browser is sent: the state of a table as one seat may know it, and events as JSON.

Everything here is built from `Match.observation` of the seat, the public events and the
table's seating; never from another seat's hand. (The tests check every message of many games
against the hands as they were when it was sent.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sueca_rules import Card, DealResult, Event, Match, Observation, Rules, Trick
from sueca_rules._lang import Lang, seat_name
from sueca_rules._report import claim_caught
from sueca_rules._rules import trick_winner

if TYPE_CHECKING:
    from ._seats import Seat
    from ._seats import TableView as Table

__all__ = ["event_json", "seat_state", "watch_state"]


def _plain(value: Any) -> Any:
    """Event fields as JSON data: cards as notation, tuples as lists."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple):
        if hasattr(value, "_asdict"):
            return {k: _plain(v) for k, v in value._asdict().items()}
        return [_plain(v) for v in value]
    return value


_EVENT_TYPES = {
    "DealStarted": "deal_started",
    "CardPlayed": "card_played",
    "TrickWon": "trick_won",
    "ClaimMade": "claim_made",
    "DealScored": "deal_scored",
    "PartidaWon": "partida_won",
    "MatchWon": "match_won",
    "TrumpChosen": "trump_chosen",
    "RedealAsked": "redeal_asked",
    "CountStarted": "count_started",
}


def event_json(event: Event) -> dict[str, Any]:
    """An event as `{"type": "card_played", ...its fields}` (every event is public)."""
    name = type(event).__name__
    data: dict[str, Any] = {"type": _EVENT_TYPES.get(name, name)}
    data.update({k: _plain(v) for k, v in event._asdict().items()})
    return data


def _trick_json(trick: Trick, rules: Rules) -> dict[str, Any]:
    return {
        "leader": trick.leader,
        "seats": list(rules.play_order(trick.leader)),
        "cards": [str(c) for c in trick.cards],
        "winner": trick.winner,
        "points": trick.points,
    }


def _last_trick(match: Match) -> dict[str, Any] | None:
    """The last completed trick, of this deal or else of the deal before (all public)."""
    if match.tricks:
        return _trick_json(match.tricks[-1], match.rules)
    deals = match.deals
    if deals and deals[-1].tricks:
        return _trick_json(deals[-1].tricks[-1], match.rules)
    return None


def _last_deal(match: Match) -> dict[str, Any] | None:
    """The score of the last finished deal (no hands: a deal ended by a claim hides them)."""
    if not match.deals:
        return None
    d = match.deals[-1]
    return {
        "deal": d.number,
        "partida": d.partida,
        "result": d.result,
        "points": list(d.points),
        "tricks_won": list(d.tricks_won),
        "games": list(d.games),
        "team": d.team,
        "bandeira": d.bandeira,
        "capote": d.result == "won"
        and d.team is not None
        and Rules.is_capote(d.points[d.team], d.bandeira),
        "redeal": d.redeal,
        "claim": _ending_claim(d),
    }


def _ending_claim(d: DealResult) -> dict[str, Any] | None:
    """The claim that ended deal `d` (`result == "revoke"`), whether it was right and the renúncia
    it caught; `None` for a deal no claim ended. The end of a match says it when a claim decided
    the match."""
    if d.result != "revoke" or not d.claims:
        return None
    claim = d.claims[-1]
    caught = claim_caught(d, claim)
    return {
        "by": claim.by,
        "valid": caught is not None,
        "culprit": None if caught is None else caught.seat,
        "card": None if caught is None else str(caught.card),
    }


def _history(match: Match) -> list[dict[str, Any]]:
    """The score pad: each finished deal's games by team, partida by partida, and how it was
    won (all public once the deal is over: a page that reloads tells what happened from it)."""
    return [
        {
            "deal": d.number,
            "partida": d.partida,
            "games": list(d.games),
            "result": d.result,
            "points": list(d.points),
            "team": d.team,
            "bandeira": d.bandeira,
        }
        for d in match.deals
    ]


def _seats(table: Table, you: Seat | None, lang: Lang) -> list[dict[str, Any]]:
    """The seats as `you` sees them (a watcher, `None`, sees them from seat 0's chair, by
    their numbers)."""
    rules = table.rules
    made_for = table.extra.get("tournament")
    labels = made_for.get("labels") if isinstance(made_for, dict) else None
    if not isinstance(labels, list) or len(labels) != len(table.seats):
        labels = [None] * len(table.seats)
    return [
        {
            "seat": s.index,
            # who sits there, as a tournament's file names them ("João (Café Central)")
            "player": labels[s.index] if isinstance(labels[s.index], str) else None,
            "role": rules.seat_role(s.index, 0 if you is None else you.index),
            "team": rules.team_of(s.index),
            "name": seat_name(
                s.index, lang, viewer=None if you is None else you.index, rules=rules
            ),
            "kind": s.kind,
            "level": s.level,
            "you": s is you,
            "joined": s.joined,
            "connected": s.sink is not None,
            "bot_plays": table.match is not None and table.played_by_bot(s),
        }
        for s in table.seats
    ]


def tournament_place(table: Table) -> dict[str, Any] | None:
    """Which tournament, round and table a tournament's table is (`{"name", "round",
    "table"}`, as the organiser's page made it), for its players and watchers to see; `None`
    at any other table."""
    made_for = table.extra.get("tournament")
    if not isinstance(made_for, dict):
        return None
    name, round_no, table_no = (made_for.get(k) for k in ("name", "round", "table"))
    if not isinstance(name, str) or not all(
        isinstance(n, int) and not isinstance(n, bool) for n in (round_no, table_no)
    ):
        return None
    return {"name": name, "round": round_no, "table": table_no}


def hints_state(table: Table) -> dict[str, Any]:
    """Whether hints are given at `table` and which seats agreed (public: no card); `players`
    is how many people's agreement counts (those who hold or have held a seat); at a
    `practice` table (one person and bots) hints need no agreement."""
    return {
        "allowed": table.hints_allowed(),
        "agreed": sorted(table.hints_agreed),
        "players": sum(1 for s in table.seats if s.human and s.joined),
        "practice": table.practice(),
    }


def seat_state(table: Table, seat: Seat, lang: Lang) -> dict[str, Any]:
    """The `state` message for `seat`: the contract's fields and more, all of which that
    seat may know."""
    match = table.match
    state: dict[str, Any] = {
        "type": "state",
        "table": table.id,
        "seat": seat.index,
        "team": table.rules.team_of(seat.index),
        "version": table.version,
        "variant": {"id": table.variant_id, "name": table.variant.name},
        "host": seat is table.host,
        # A guest may start while the host's page is gone (`Table.may_start`).
        "may_start": table.may_start(seat),
        "seats": _seats(table, seat, lang),
        "events": table.events,
        "records": len(table.records),
        "hints": hints_state(table),
        # A tournament's table: no hints, and no rematch (only its first match counts).
        "tournament": table.for_a_tournament(),
        "tournament_place": tournament_place(table),
    }
    if table.watch:
        state["watch"] = table.watch  # every seated person may hand the watch link round
    if seat is table.host and match is None:
        state["invites"] = [
            {"seat": s.index, "token": s.token, "joined": s.joined}
            for s in table.seats
            if s.human and s is not seat
        ]
    if match is None:
        state.update(_waiting())
        return state
    state.update(_match_state(table, match, match.observation(seat.index)))
    return state


def _waiting() -> dict[str, Any]:
    """The fields of a table in its waiting room (no match yet)."""
    return {
        "phase": "waiting",
        "hand": [],
        "legal": [],
        "playable": [],
        "to_play": None,
        "trick": [],
        "trump_card": None,
        "games": [0, 0],
        "partidas": [0, 0],
        "over": False,
    }


def watch_state(table: Table, lang: Lang) -> dict[str, Any]:
    """The `state` message for a watcher (a watch link): what everyone at the table sees and
    no card of any hand (`"seat": null`, `"hand": []`, no legal card, no redeal or claim
    question), built from seat 0's observation with everything of its hand left out."""
    match = table.match
    state: dict[str, Any] = {
        "type": "state",
        "table": table.id,
        "seat": None,
        "team": None,
        "watching": True,
        "version": table.version,
        "variant": {"id": table.variant_id, "name": table.variant.name},
        "host": False,
        "seats": _seats(table, None, lang),
        "events": table.events,
        "records": len(table.records),
        "tournament_place": tournament_place(table),
    }
    if match is None:
        state.update(_waiting())
    else:
        state.update(_match_state(table, match, match.observation(0)))
    # Last, so that nothing above can put a card of a hand back, nor a question of seat 0's.
    state.update(hand=[], hand_points=0, legal=[], playable=[], can_claim=False, may_redeal=False)
    return state


def _match_state(table: Table, match: Match, obs: Observation) -> dict[str, Any]:
    """The match as the seat of `obs` sees it."""
    rules = obs.rules
    state = _deal_state(obs)
    state.update(
        claimable=rules.revoke_claimable,
        accuse="player" if rules.accuse_player else "team",
        # Before the deal's first card nobody can have revoked: no claim to offer (it could only
        # be false).
        can_claim=obs.can_claim and (bool(obs.played_mask) or obs.phase == "count"),
        # What a false claim costs the claiming team, in games (0: it is ignored).
        false_claim_games=rules.false_claim_games if rules.false_claim_penalizes else 0,
        claims=[{"after": c.after, "by": c.by, "against": c.against} for c in obs.claims],
        penalties=list(obs.penalties),
        may_redeal=obs.may_redeal,
        # The seat's own card points, said to a weak hand asked about a new deal.
        hand_points=sum(card.points for card in obs.hand),
        count_agreed=sorted(table.count_agreed) if obs.phase == "count" else [],
        claim=table.claim,
        last_trick=_last_trick(match),
        last_deal=_last_deal(match),
        history=_history(match),
        over=match.is_over,
        winner=match.winner,
    )
    if match.is_over and match.deals:
        # No deal follows the last: the table shows the last one played, and no dealer.
        last = match.deals[-1]
        state.update(
            deal=last.number,
            partida=last.partida,
            dealer=None,
            cards_played=len(last.plays),
            points=list(last.points),
            tricks_won=list(last.tricks_won),
        )
    return state


def _deal_state(obs: Observation) -> dict[str, Any]:
    """The deal on the table as `obs` sees it (the contract's fields among them)."""
    rules = obs.rules
    return {
        "phase": obs.phase,
        "hand": [str(c) for c in obs.hand],
        "legal": [str(c) for c in obs.legal],
        "playable": [str(c) for c in obs.playable],
        "to_play": obs.turn,
        "trick": [str(c) for c in obs.trick],
        "trick_leader": obs.trick_leader,
        "trick_seats": list(rules.play_order(obs.trick_leader)[: len(obs.trick)]),
        # The seat winning the trick under way so far (public: every card of it is shown).
        "trick_winning": (
            trick_winner(obs.trick, obs.trick_leader, int(obs.trump), rules.next_seat)
            if obs.trick and obs.trump is not None
            else None
        ),
        "trump_card": str(obs.trump_card) if obs.trump_card is not None else None,
        "trump_card_in_hand": obs.trump_card_in_hand,
        "dealer": obs.dealer,
        "deal": obs.deal,
        "partida": obs.partida,
        "cards_played": len(obs.tricks) * 4 + len(obs.trick),
        "hand_sizes": list(obs.hand_sizes),
        "points": list(obs.points),
        "tricks_won": list(obs.tricks_won),
        "games": list(obs.games),
        "partidas": list(obs.partidas),
        "pending_ties": obs.pending_ties,
        "target_games": rules.target_games,
        "partidas_to_win": rules.partidas_to_win,
    }
