"""The HTTP API of variants and records: list, validate, describe, preview (the builder's
live view) and replay. Every route takes text or JSON, never a path: text from a browser
cannot make the server read a file."""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from typing import Any, Final

import anyio
import anyio.to_thread
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from sueca_rules import (
    Issue,
    Match,
    RecordError,
    Variant,
    VariantError,
    builtin_ids,
    describe,
    describe_diff,
    diff,
    load_variant,
    parse_record,
    parse_variant,
    replay_report,
)
from sueca_rules._schema import SCHEMA_FILENAME, schema_text
from sueca_rules._text import cut, is_whole
from sueca_rules._yaml import FlowDict, dump_yaml, said

from ._fields import field_groups
from ._i18n import Lang, answer_lang, phrase
from ._refusal import Refusal, issues_in
from ._settings import Settings

__all__ = [
    "MODELINE",
    "issues_json",
    "json_body",
    "json_request",
    "query_lang",
    "read_limited",
    "routes",
    "variant_from_json",
    "variant_yaml",
]

MODELINE: Final = f"# yaml-language-server: $schema={SCHEMA_FILENAME}\n"
"""The first line of a variant file from the builder: editors check the file against the
schema saved beside it under the name `sueca new` gives it (`sueca-variant.v1.json`: the
builder's download, or `sueca schema -o sueca-variant.v1.json`)."""


def settings_of(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


async def read_limited(request: Request, limit: int) -> bytes:
    """The request body, refused with 413 past `limit` bytes (read no further)."""
    declared = request.headers.get("content-length")
    if declared is not None and is_whole(declared) and int(declared) > limit:
        raise _too_large(limit)
    body = bytearray()
    async for chunk in request.stream():
        body.extend(chunk)
        if len(body) > limit:
            raise _too_large(limit)
    return bytes(body)


def _too_large(limit: int) -> Refusal:
    return Refusal("too_large", status=413, what="body", most=limit)


def json_body(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except json.JSONDecodeError as exc:  # where it goes wrong, not the reader's English words
        raise Refusal("bad_json", why="at", line=exc.lineno, column=exc.colno) from None
    except (ValueError, RecursionError):
        raise Refusal("bad_json", why="other") from None


def _is_json(content_type: str) -> bool:
    return content_type.split(";")[0].strip().lower() == "application/json"


async def json_request(request: Request, limit: int) -> Any:
    """The JSON body of a route that takes only JSON: 415 unless it says it is
    (`Content-Type: application/json`, which a page of another site cannot send without the
    browser asking this server first), 413 past `limit` bytes, 400 if it is not JSON."""
    if not _is_json(request.headers.get("content-type", "")):
        raise Refusal("not_json", status=415)
    return json_body(await read_limited(request, limit))


def issues_json(issues: Iterable[Issue], *, located: bool = True) -> list[dict[str, Any]]:
    """Issues as the contract's `{"line", "column", "path", "message"}` (no line or column
    for JSON input, whose text the user did not write)."""
    return [
        {
            "line": i.line if located else None,
            "column": i.column if located else None,
            "path": i.path,
            "message": i.message,
            # For the pages to say it in their language (see Issue.kind).
            "kind": i.kind,
            "params": dict(i.params),
        }
        for i in issues
    ]


def query_lang(request: Request) -> Lang:
    """The language asked for: `?lang=`, else the request's `Accept-Language` (else English);
    a `?lang=` that is neither `en` nor `pt` is refused (`bad_lang`)."""
    value = request.query_params.get("lang")
    if value is None:
        return answer_lang(request)
    if value == "pt":
        return "pt"
    if value == "en":
        return "en"
    raise Refusal("bad_lang")


def _invalid(issues: list[dict[str, Any]]) -> Refusal:
    """A variant that is not valid: 422, with its issues."""
    return Refusal("invalid_variant", status=422, body={"issues": issues})


def variant_from_json(data: Any) -> tuple[Variant, str | None]:
    """`{"id": "portugal"}` or `{"variant": {...}}` (or a bare id or mapping) as a variant
    and its built-in id; refused with 422 and the issues when it is not valid."""
    if isinstance(data, dict) and "id" in data and "variant" not in data:
        data = data["id"]
    elif isinstance(data, dict) and "variant" in data:
        data = data["variant"]
    if isinstance(data, str):
        if data in builtin_ids():
            return load_variant(data), data
        ids = ", ".join(builtin_ids())
        message = f"unknown variant {cut(data)!r}: built-ins are {ids}"
        kind, params = said("web_unknown_variant", {"given": cut(data), "ids": ids})
        unknown = Issue(message, "id", kind=kind, params=params)
        raise _invalid(issues_json([unknown], located=False))
    if not isinstance(data, dict):
        message = 'give {"id": "<built-in id>"} or {"variant": {...fields...}}'
        shape = Issue(message, kind="web_variant_shape")
        raise _invalid(issues_json([shape], located=False))
    try:
        # JSON is YAML: the same reader and checks as a file (an inline variant may extend
        # only a built-in).
        return parse_variant(json.dumps(data)), None
    except VariantError as exc:
        raise _invalid(issues_json(exc.issues, located=False)) from None


def _variant_of_body(raw: bytes, content_type: str) -> tuple[Variant, str | None, bool]:
    """The variant of a describe/preview body: JSON (`application/json`) or a file's text;
    the bool tells whether it was text (its issues have lines)."""
    if _is_json(content_type):
        variant, vid = variant_from_json(json_body(raw))
        return variant, vid, False
    try:
        return parse_variant(raw), None, True
    except VariantError as exc:
        raise _invalid(issues_json(exc.issues)) from None


def variant_yaml(variant: Variant, base: Variant | None, base_id: str | None) -> str:
    """The variant as a file (with the schema modeline): with a built-in `base`, only the
    rules that differ from it and `extends:`; otherwise every rule."""
    data: dict[str, Any] = {"name": variant.name}
    if base is not None and base_id is not None:
        data["extends"] = base_id
    if variant.description.strip():
        data["description"] = variant.description
    if base is not None and base_id is not None:
        rules: dict[str, Any] = {}
        for d in diff(base, variant):
            *parents, leaf = d.path.split(".")
            node = rules
            for part in parents:
                node = node.setdefault(part, {})
            node[leaf] = d.b
    else:
        rules = variant.rules_dict()
    tiers = rules.get("scoring", {}).get("tiers")
    if tiers is not None:
        rules["scoring"]["tiers"] = [FlowDict(t) for t in tiers]
    data.update(rules)
    # The package's own writer: it quotes what its YAML 1.2 reader would take for a number
    # or a boolean (a variant named "0E0" or "yes"), so the file reads back the same.
    return MODELINE + dump_yaml(data)


# --- routes ---------------------------------------------------------------------------------


async def list_variants(request: Request) -> Response:
    return JSONResponse([{"id": v, "name": load_variant(v).name} for v in builtin_ids()])


_POST_ONLY: Final = frozenset({"validate", "describe", "preview"})
"""The routes under `/api/variants/` that take only POST (a GET would be read as a variant's id)."""


async def get_variant(request: Request) -> Response:
    vid = request.path_params["id"]
    if vid in _POST_ONLY:  # `GET /api/variants/validate`: the method, not a variant, is wrong
        raise HTTPException(405, headers={"Allow": "POST"})
    if vid not in builtin_ids():
        raise Refusal("no_variant", status=404, ids=", ".join(builtin_ids()))
    variant = load_variant(vid)
    data = {"name": variant.name, "description": variant.description, **variant.rules_dict()}
    return JSONResponse({"id": vid, "name": variant.name, "variant": data})


async def validate(request: Request) -> Response:
    raw = await read_limited(request, settings_of(request).max_variant_bytes)
    try:
        variant = parse_variant(raw)
    except VariantError as exc:
        issues = issues_in(issues_json(exc.issues), answer_lang(request))
        return JSONResponse({"valid": False, "issues": issues})
    data = {"name": variant.name, "description": variant.description, **variant.rules_dict()}
    base = variant.extends if variant.extends in builtin_ids() else None
    return JSONResponse(
        {"valid": True, "issues": [], "name": variant.name, "variant": data, "extends": base}
    )


async def describe_route(request: Request) -> Response:
    lang = query_lang(request)
    raw = await read_limited(request, settings_of(request).max_variant_bytes)
    variant, _, _ = _variant_of_body(raw, request.headers.get("content-type", ""))
    return JSONResponse({"name": variant.name, "text": describe(variant, lang)})


async def preview(request: Request) -> Response:
    """The builder's live view of `{"variant": {...}, "base": "<id>", "full": bool}`: the
    rules card, the differences from the base in words and as paths, the file; or the
    issues (status 200 either way)."""
    lang = query_lang(request)
    data = await json_request(request, settings_of(request).max_variant_bytes)
    if not isinstance(data, dict) or not isinstance(data.get("variant"), dict):
        raise Refusal("bad_body", shape='{"variant": {...}}')
    base_id = data.get("base")
    base = load_variant(base_id) if isinstance(base_id, str) and base_id in builtin_ids() else None
    try:
        variant, _ = variant_from_json({"variant": data["variant"]})
    except Refusal as refusal:
        return JSONResponse({"valid": False, **refusal.body_in(lang)})
    out: dict[str, Any] = {
        "valid": True,
        "issues": [],
        "name": variant.name,
        "text": describe(variant, lang, width=None),
        "yaml": variant_yaml(variant, None if data.get("full") else base, base_id),
    }
    if base is not None:
        # Side by side with its base, the rules being built are "your rules": their name (by
        # default the base's, "Portugal · house rules") would only say "Portugal" twice.
        yours = variant.model_copy(update={"name": phrase(lang, "rules.yours")})
        out["differences"] = describe_diff(base, yours, lang, width=None)
        out["diff"] = [d.as_dict() for d in diff(base, variant)]
    return JSONResponse(out)


async def fields(request: Request) -> Response:
    return JSONResponse(field_groups(query_lang(request)))


_schema_text = functools.cache(schema_text)
"""The schema's text, made once (the package's own, whether or not a file of it is installed)."""


async def schema(request: Request) -> Response:
    """The JSON Schema of variant files (the one shipped with the package)."""
    return Response(
        _schema_text(),
        media_type="application/schema+json",
        headers={"content-disposition": f'attachment; filename="{SCHEMA_FILENAME}"'},
    )


async def replay(request: Request) -> Response:
    """A record's text (YAML or JSON) replayed: the report of `sueca replay --json` and the
    deals as recorded (hands, plays, claims), or 422 with the issues.

    A record at the size limit takes about a second to read and replay: that work runs in a
    worker thread, one record at a time per app (others wait their turn), so that the tables'
    play goes on meanwhile."""
    raw = await read_limited(request, settings_of(request).max_record_bytes)
    state = request.app.state
    if getattr(state, "replays", None) is None:
        state.replays = anyio.CapacityLimiter(1)
    body, status = await anyio.to_thread.run_sync(_replay, raw, limiter=state.replays)
    if "issues" in body:
        body["issues"] = issues_in(body["issues"], answer_lang(request))
    return JSONResponse(body, status)


def _replay(raw: bytes) -> tuple[dict[str, Any], int]:
    """The body and status of `replay` (run in a worker thread)."""
    try:
        record = parse_record(raw)
        match = Match.from_record(record, allow_unfinished=True)
    except RecordError as exc:
        return {"issues": issues_json(exc.issues)}, 422
    rules = match.rules
    body = {
        "report": replay_report(match),
        "deals": record.to_data()["deals"],
        # Who plays after whom: the seats of a trick in play order, by its leader.
        "orders": [list(rules.play_order(leader)) for leader in range(4)],
        "teams": [rules.team_of(seat) for seat in range(4)],
    }
    return body, 200


def routes() -> list[tuple[str, Any, list[str]]]:
    """(path, endpoint, methods) of this module's routes."""
    return [
        ("/api/variants", list_variants, ["GET"]),
        ("/api/variants/validate", validate, ["POST"]),
        ("/api/variants/describe", describe_route, ["POST"]),
        ("/api/variants/preview", preview, ["POST"]),
        ("/api/variants/fields", fields, ["GET"]),
        ("/api/variants/{id}", get_variant, ["GET"]),
        ("/api/schema", schema, ["GET"]),
        ("/api/records/replay", replay, ["POST"]),
    ]
