"""The review of a record and the hints, over HTTP.

- `POST /api/records/analyse?lang=&level=&seat=&me=`: a record's text (YAML or JSON, at most
  `max_record_bytes` and `MAX_DEALS` deals played) reviewed as `sueca analyse --json` does, each
  decision with `mistake`, its explanation in words (`why`: said to the reader for the decisions
  of seat `me`, the reader's own, and of the seat in the third person for the others; all in the
  third person without `me`) and the team of its seat (for the chart), and `words`, the page's
  words; 422 with the issues for a bad record, 503 when the review would take
  longer than `MAX_SECONDS`. One review at a time per app, in a worker thread (never on the event
  loop), so that the tables' play goes on meanwhile.
- `GET /api/tables/{table}/hint?token=&lang=`: the hint for the decision due from the token's seat
  ([`hint()`][sueca_rules.analysis.hint], on a copy of the match, in the bots' pool, shared fairly
  between clients as their bots' decisions are: a client asking for many at once waits its
  turn, and holds no more threads or cores than its bots could), with its
  reason in words (`&probe=1`: only whether this seat may ask). Only at a practice table (one
  person and bots) or once every person at the table agreed (the WebSocket message
  `{"type": "hints", "agree": true}`; the state's `hints` field says who did); else 403 `no_hints`.
- `GET /api/analysis/words?lang=`: the words of the review and hint blocks of the pages.
"""

from __future__ import annotations

import functools
import time
from typing import Any, Final

import anyio
import anyio.to_thread
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from sueca_rules import ConfigError, Match, RecordError, parse_record
from sueca_rules._lang import phrases
from sueca_rules._lang._catalogue import render
from sueca_rules._text import is_whole
from sueca_rules.analysis import Analysis, analyse, explain, hint, hint_reason

from ._api import issues_json, query_lang, read_limited, settings_of
from ._guard import client_of
from ._i18n import Lang
from ._pool import FairPool
from ._refusal import Refusal, issues_in

__all__ = ["MAX_DEALS", "MAX_RECORD_DEALS", "MAX_SECONDS", "routes"]

MAX_DEALS: Final = 12
"""The most deals played the web review takes (a match of a few partidas; longer records: the
CLI); deals dealt again (a redeal) do not count."""
MAX_RECORD_DEALS: Final = 60
"""The most deals of a record the web review takes, those dealt again included."""
MAX_SECONDS: Final = 150.0
"""The longest a web review may take before it is given up."""
HINT_BUDGET_MS: Final = 800


class _TooLongError(Exception):
    pass


def _int_param(request: Request, name: str, low: int, high: int, default: int | None) -> int | None:
    value = request.query_params.get(name)
    if value is None or value == "":
        return default
    if not is_whole(value) or not low <= int(value) <= high:
        raise Refusal(f"bad_{name}", name=name, low=low, high=high)
    return int(value)


def _body(review: Analysis, lang: str, me: int | None = None) -> dict[str, Any]:
    data = review.to_data()
    for deal_data, deal in zip(data["deals"], review.deals, strict=True):
        deal_data["points"] = list(deal.points) if deal.points is not None else None
        deal_data["redeal"] = deal.redeal
        for item, decision in zip(deal_data["decisions"], deal.decisions, strict=True):
            item["mistake"] = decision.mistake
            item["team"] = decision.seat % 2
            said_of = None if decision.seat == me else decision.seat
            item["why"] = explain(decision.facts, lang, seat=said_of) if decision.facts else ""
    return {"analysis": data, "words": dict(phrases(lang).analysis.web), "level": review.level}


def _said(lang: str, key: str, **params: int) -> str:
    """A refusal of the review in the page's language (the page shows it as it comes)."""
    return render(phrases(lang).analysis.web[key], params, lang)


def _review(
    raw: bytes, lang: Lang, level: int, seat: int | None, me: int | None = None
) -> tuple[dict[str, Any], int]:
    try:
        record = parse_record(raw)
    except RecordError as exc:
        return {"issues": issues_in(issues_json(exc.issues), lang)}, 422
    # A deal dealt again (a weak hand asked for a new one) is one question, not forty: only the
    # deals played count, so that a match with redeals (brasil) is reviewed as any other.
    played = sum(1 for deal in record.deals if deal.redeal is None)
    if played > MAX_DEALS or len(record.deals) > MAX_RECORD_DEALS:
        message = _said(lang, "review.too_many_deals", most=MAX_DEALS, deals=played)
        return {"error": "too_many_deals", "message": message}, 413
    deadline = time.monotonic() + MAX_SECONDS

    def progress(done: int, total: int) -> None:
        if time.monotonic() > deadline:
            raise _TooLongError

    try:
        review = analyse(record, level=level, seat=seat, progress=progress)
    except RecordError as exc:
        return {"issues": issues_in(issues_json(exc.issues), lang)}, 422
    except _TooLongError:
        message = _said(lang, "review.too_long", seconds=round(MAX_SECONDS))
        return {"error": "too_long", "message": message}, 503
    return _body(review, lang, me), 200


async def review_route(request: Request) -> Response:
    lang = query_lang(request)
    level = _int_param(request, "level", 1, 5, 5)
    seat = _int_param(request, "seat", 0, 3, None)
    me = _int_param(request, "me", 0, 3, None)
    assert level is not None
    raw = await read_limited(request, settings_of(request).max_record_bytes)
    state = request.app.state
    if getattr(state, "reviews", None) is None:
        state.reviews = anyio.CapacityLimiter(1)
    body, status = await anyio.to_thread.run_sync(
        _review, raw, lang, level, seat, me, limiter=state.reviews
    )
    return JSONResponse(body, status)


def _hint_body(match: Match, seat: int, lang: str) -> dict[str, Any]:
    advice = hint(match, seat, HINT_BUDGET_MS)
    if advice is None:
        return {"due": False, "why": phrases(lang).analysis.web["hint.none"]}
    return {
        "due": True,
        "decision": advice.decision,
        "choice": advice.choice,
        "options": [{"choice": o.choice, "value": o.value} for o in advice.options],
        "why": hint_reason(advice, lang),
    }


async def hint_route(request: Request) -> Response:
    lang = query_lang(request)
    manager = request.app.state.tables
    table = manager.get(request.path_params["table"])
    if table is None:
        raise Refusal("no_table", status=404)
    token = request.query_params.get("token", "")
    seat = table.seat_of(token) if token else None
    if seat is None:
        raise Refusal("bad_token", status=403)
    if not table.hints_allowed():
        raise Refusal("no_hints", status=403)
    if request.query_params.get("probe"):  # may this page ask? (nothing is computed)
        return JSONResponse({"allowed": True})
    if table.match is None:
        return JSONResponse({"due": False, "why": phrases(lang).analysis.web["hint.none"]})
    match = table.match.clone()  # taken on the event loop: the table's match never changes under it
    pool: FairPool = manager.executor
    try:
        body = await pool.run(
            client_of(request), functools.partial(_hint_body, match, seat.index, lang)
        )
    except ConfigError as exc:  # pragma: no cover - the budget is the server's own
        return JSONResponse({"error": "bad_hint", "message": str(exc)}, 400)
    return JSONResponse(body)


async def words_route(request: Request) -> Response:
    return JSONResponse(dict(phrases(query_lang(request)).analysis.web))


def routes() -> list[tuple[str, Any, list[str]]]:
    """(path, endpoint, methods) of this module's routes."""
    return [
        ("/api/records/analyse", review_route, ["POST"]),
        ("/api/tables/{table}/hint", hint_route, ["GET"]),
        ("/api/analysis/words", words_route, ["GET"]),
    ]
