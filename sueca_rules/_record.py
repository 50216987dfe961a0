"""Game records: a match as played, saved and loaded as YAML or JSON, and replayed.

The format is fixed by the project's contract:

```yaml
variant: portugal          # built-in id, a path relative to the record file (inside its
                           #   folder tree), or a whole variant written inline
first_dealer: 0
deals:
  - hands: [[AS, 7S, ...], [...], [...], [...]]   # by seat, 10 cards each
    trump_card: 2H                                # in the dealer's hand
    plays: [AS, 2S, 3S, 4S, ...]                  # in play order
    claims: [{after: 17, by: 1}]                  # optional renúncia claims (40: at the
                                                  #   count; `against`: the accused)
  - hands: [...]                                  # seat 2 asked for a new deal
    trump_card: 5C
    redeal: 2
```

Records sit above the engine: they are made from a match, and replayed into one, through the
engine's public face only (`Engine`).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any, SupportsIndex, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidationError,
    field_validator,
    model_validator,
)

from ._cards import Card, parse_card, why_not_card
from ._engine import Engine
from ._errors import (
    CardError,
    ConfigError,
    IllegalPlayError,
    Issue,
    RecordError,
    VariantError,
    check_file_name,
    check_path,
)
from ._events import Claim
from ._files import atomic_write_text
from ._issues import combine_issues, error_issues, validated
from ._public import public
from ._registry import builtin_ids, inline_variant, load_named_variant, load_variant
from ._rules import MAX_CLAIMS
from ._text import cut
from ._variant import RuleError, Variant
from ._yaml import (
    MAX_ISSUES,
    FlowList,
    Limits,
    Located,
    PathKey,
    cap_issues,
    dump_yaml,
    format_path,
    parse_yaml,
    read_yaml_file,
    said,
    yaml_safe_json,
)

__all__ = [
    "Record",
    "RecordClaim",
    "RecordDeal",
    "builtin_id_of",
    "dump_record",
    "load_record",
    "parse_record",
    "record_of",
    "replay",
    "save_record",
]

MAX_RECORD_BYTES = 8 * 1024 * 1024
MAX_RECORD_DEALS = 2000
"""The most deals a record may hold: far more than any match (a partida rarely lasts 20 deals)
and small enough to read and replay in about a second."""
RECORD_LIMITS = Limits(
    max_bytes=MAX_RECORD_BYTES,
    max_nodes=250_000,
    items={
        "deals": MAX_RECORD_DEALS,
        "deals[].hands": 4,
        "deals[].hands[]": 10,
        "deals[].plays": 40,
        "deals[].claims": MAX_CLAIMS,
    },
)
"""What the reader accepts in a record (see the security page of the docs). The models do not
repeat these limits: a record made by `Match.to_record()` is always a record, even one of a
match too long to be read back (more than 2,000 deals: matches of hundreds of games)."""


def _card_text(value: str) -> str:
    try:
        return str(parse_card(value))
    except CardError as exc:
        # Its kind and values, for the reader's language (the place is added by `_in_deals`).
        why, fix = why_not_card(value)
        raise RuleError(
            str(exc), kind="card_text", text=repr(cut(value)), why=why, fix=fix
        ) from None


CardText = Annotated[str, AfterValidator(_card_text)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


@public
class RecordClaim(_Model):
    """A renúncia claim: seat `by` claims after the `after`-th card of the deal."""

    after: int = Field(
        ge=0,
        le=40,
        description="Cards played in the deal before the claim (0: before the first card; "
        "40: at the count, after the last trick and before the deal is scored).",
    )
    by: int = Field(ge=0, le=3, description="The claiming seat.")
    against: int | None = Field(
        None,
        ge=0,
        le=3,
        description="The rival accused: required under `revoke.accuse: player`, not given "
        "otherwise.",
    )


@public
class RecordDeal(_Model):
    """One deal as dealt and played (or asked away by a weak hand: `redeal`)."""

    hands: list[Annotated[list[CardText], Field(min_length=10, max_length=10)]] = Field(
        min_length=4, max_length=4, description="The four hands by seat, ten cards each."
    )
    trump_card: CardText = Field(description="The turned card; it is in the dealer's hand.")
    plays: list[CardText] = Field(
        default_factory=list, max_length=40, description="The cards in play order."
    )
    claims: list[RecordClaim] = Field(
        default_factory=list, description="Renúncia claims, in order."
    )
    redeal: int | None = Field(
        None,
        ge=0,
        le=3,
        description="The seat that asked for a new deal before the first card (a deal with "
        "no plays and no claims; the same dealer deals the next entry).",
    )

    @field_validator("plays", "claims", mode="before")
    @classmethod
    def _null_is_none_given(cls, value: object) -> object:
        # `plays: null` or `claims: null` (a JSON writer's "nothing here") is the field left
        # out, as `redeal: null` and `against: null` are: an empty list.
        return [] if value is None else value

    @model_validator(mode="after")
    def _redeal_is_not_played(self) -> RecordDeal:
        if self.redeal is not None and (self.plays or self.claims):
            raise RuleError(
                f"seat {self.redeal} asked for a new deal, so the deal has no plays and no claims",
                kind="redeal_played",
                asked=self.redeal,
            )
        return self


@public
class Record(_Model):
    """A match as played (see the module documentation for the format)."""

    variant: str | dict[str, Any] = Field(
        description="A built-in variant id, a path relative to the record file (inside its "
        "folder tree), or a whole variant written inline."
    )
    first_dealer: int = Field(ge=0, le=3, description="The dealer of the first deal.")
    deals: list[RecordDeal] = Field(default_factory=list, description="The deals, in order.")

    # Where the record was read from: positions for error messages, and the folder that a
    # variant path is relative to. Not part of the record's value.
    _located: Located | None = PrivateAttr(default=None)
    _base_dir: Path | None = PrivateAttr(default=None)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Record):
            return NotImplemented
        return self.to_data() == other.to_data()

    __hash__ = None  # type: ignore[assignment]  # records hold lists: not hashable

    def to_data(self) -> dict[str, Any]:
        """The record as plain data in the contract's layout (empty claims, and keys that
        are not set, left out)."""
        deals = []
        for d in self.deals:
            entry: dict[str, Any] = {
                "hands": [list(h) for h in d.hands],
                "trump_card": d.trump_card,
            }
            if d.redeal is not None:
                entry["redeal"] = d.redeal
            else:
                entry["plays"] = list(d.plays)
            if d.claims:
                entry["claims"] = [c.model_dump(exclude_none=True) for c in d.claims]
            deals.append(entry)
        return {"variant": self.variant, "first_dealer": self.first_dealer, "deals": deals}


# --- reading ------------------------------------------------------------------------------


def _from_located(located: Located) -> Record:
    if located.data is None:
        raise RecordError([located.issue("the record is empty", (), "empty_record")])
    if not isinstance(located.data, dict):
        raise RecordError(
            [
                located.issue(
                    "a record must be a mapping with variant, first_dealer and deals",
                    (),
                    "not_a_record",
                )
            ]
        )
    fields = set(located.data)
    if "sueca_tournament" in fields:
        # A tournament file given where a record goes: one line that says so.
        message = (
            "this is a tournament file, not a game record: use it with 'sueca tournament' "
            "(pair, result, standings) or 'sueca serve --tournament'"
        )
        raise RecordError([located.issue(message, (), "a_tournament", instead="record")])
    if "deals" not in fields and "variant" not in fields and "name" in fields:
        # A house-rules file given where a record goes: one line that says so, not one a field.
        message = (
            "this is a variant (house rules) file, not a game record: check it with "
            "'sueca validate', play it with 'sueca play'"
        )
        raise RecordError([located.issue(message, (), "a_variant", instead="record")])
    deals = located.data.get("deals")
    if isinstance(deals, list):
        record = _validated_by_parts(located, deals)
    else:
        record = validated(Record, located, _in_deals)
    record._located = located
    return record


_DEALS_AT_A_TIME = 2
_ENOUGH_ERRORS = 1000
"""A record's deals are checked `_DEALS_AT_A_TIME` at a time, and no further once
`_ENOUGH_ERRORS` problems are found: a file of 2,000 deals of nonsense held some 160,000
problems (and 50 deals of claims of nonsense 30,000), and turning them all into issues to show
a hundred took seconds and gigabytes."""


def _validated_by_parts(located: Located, deals: list[Any]) -> Record:
    """The record of `located` (whose `deals` is the list `deals`), validated a part of its
    deals at a time (see `_ENOUGH_ERRORS`). Raises `RecordError` as `validated()` does,
    with a last issue that says the reading stopped when it did."""
    errors: list[Any] = []
    head: Record | None = None
    try:
        head = Record.model_validate({**located.data, "deals": []})
    except ValidationError as exc:
        errors += exc.errors()
    checked: list[RecordDeal] = []
    stopped = False
    for start in range(0, len(deals), _DEALS_AT_A_TIME):
        part = deals[start : start + _DEALS_AT_A_TIME]
        try:
            some = Record.model_validate({"variant": "portugal", "first_dealer": 0, "deals": part})
        except ValidationError as exc:
            for error in exc.errors():  # placed in the whole record
                loc = error["loc"]
                if len(loc) > 1 and isinstance(loc[1], int):
                    error["loc"] = ("deals", loc[1] + start, *loc[2:])
                errors.append(error)
            if len(errors) >= _ENOUGH_ERRORS and start + _DEALS_AT_A_TIME < len(deals):
                stopped = True
                break
            continue
        checked += some.deals
    if head is not None and not errors and not located.issues:
        return head.model_copy(update={"deals": checked})
    issues = combine_issues(located.issues, error_issues(errors, located, root=Record))
    if not stopped:
        raise _in_deals(cap_issues(issues))
    last = issues[min(len(issues), MAX_ISSUES) - 1]
    stop = Issue(
        f"{MAX_ISSUES} problems found: reading stops here",
        "",
        last.file,
        last.line,
        last.column,
        kind="too_many_problems",
        params=(("limit", str(MAX_ISSUES)),),
    )
    raise _in_deals([*issues[:MAX_ISSUES], stop])


def _deal_place(loc: tuple[str | int, ...]) -> dict[str, int] | None:
    """Where in `deals` a field path points: the deal (1-based) and, for a play, the trick; for a
    hand, the seat. `None` outside `deals`."""
    if len(loc) < 2 or loc[0] != "deals" or not isinstance(loc[1], int):
        return None
    where = {"deal": loc[1] + 1}
    if len(loc) >= 4 and isinstance(loc[3], int):
        if loc[2] == "plays":
            where["trick"] = loc[3] // 4 + 1
            where["card"] = loc[3] + 1
        elif loc[2] == "hands":
            where["seat"] = loc[3]
    return where


def _in_deals(issues: list[Issue]) -> RecordError:
    """A RecordError whose issues inside `deals` say which deal (1-based) and, for a play, which
    trick and card, or for a hand, which seat; its `deal`, `trick` and `seat` are those of the first
    issue that has them."""
    out: list[Issue] = []
    first: dict[str, int] = {}
    for issue in issues:
        where = _deal_place(issue.loc)
        if where is None:
            out.append(issue)
            continue
        text = f"deal {where['deal']}"
        if "trick" in where:
            text += f", trick {where['trick']} (card {where['card']} of the deal)"
        elif "seat" in where:
            text += f", seat {where['seat']}'s hand"
        first = first or where
        issue = replace(issue, message=f"{text}: {issue.message}")
        if issue.kind:  # the place, for the reader's language (`issue.place`, or the kind's own)
            at = "play" if "trick" in where else "hand" if "seat" in where else "deal"
            place = {"at": at, "deal": "", "trick": "", "card": "", "seat": ""}
            place.update({k: str(v) for k, v in where.items()})
            issue = replace(issue, params=(*issue.params, *place.items()))
        out.append(issue)
    return RecordError(
        out, deal=first.get("deal"), trick=first.get("trick"), seat=first.get("seat")
    )


def load_record(path: str | Path) -> Record:
    """Load a record from a YAML or JSON file (the same safe reader as variant files).

    Raises [`RecordError`][sueca_rules.RecordError] with file, line and column of each problem. A
    `.json` file must be strict JSON (no comments, single quotes or trailing commas).
    """
    if not isinstance(path, str | os.PathLike):
        raise ConfigError(f"a record is loaded from a file path, not {type(path).__name__}")
    strict = Path(path).suffix.lower() == ".json"
    try:
        located = read_yaml_file(path, limits=RECORD_LIMITS, error=RecordError, json=strict)
    except RecordError as error:
        raise _in_deals(list(error.issues)) from None
    record = _from_located(located)
    record._base_dir = Path(path).resolve().parent
    return record


def parse_record(text: str | bytes, *, file: str | None = None) -> Record:
    """Parse a record from YAML or JSON text."""
    if not isinstance(text, str | bytes):
        raise ConfigError(f"a record is parsed from text (str or bytes), not {type(text).__name__}")
    check_file_name(file)
    try:
        located = parse_yaml(text, file=file, limits=RECORD_LIMITS, error=RecordError)
    except RecordError as error:
        # the reader's refusals inside `deals` (a list over its limit) name the deal, as any
        # other fault of a deal does
        raise _in_deals(list(error.issues)) from None
    return _from_located(located)


def dump_record(record: Record, fmt: str = "yaml") -> str:
    """The record as YAML (hands, plays and claims on one line each) or as JSON (`fmt` is
    `"yaml"` or `"json"`)."""
    _require_record(record, "dump_record()")
    if fmt not in ("yaml", "json"):
        raise ConfigError(f"a record is written as 'yaml' or 'json', not {cut(repr(fmt))}")
    data = record.to_data()
    if fmt == "json":
        return yaml_safe_json(data)
    for deal in data["deals"]:
        deal["hands"] = [FlowList(h) for h in deal["hands"]]
        if "plays" in deal:
            deal["plays"] = FlowList(deal["plays"])
        if "claims" in deal:
            deal["claims"] = FlowList(deal["claims"])
    return dump_yaml(data)


def _require_record(record: object, where: str) -> None:
    if not isinstance(record, Record):
        how = ": Match.to_record() is a match's record" if isinstance(record, Engine) else ""
        raise ConfigError(f"{where} takes a Record, not {type(record).__name__}{how}")


def save_record(record: Record, path: str | Path) -> None:
    """Write a record to `path`: JSON for a `.json` file, YAML otherwise. The file is replaced
    atomically: a crash leaves the old file whole."""
    _require_record(record, "save_record()")
    if not isinstance(path, str | os.PathLike):
        raise ConfigError(f"a record is saved to a file path, not {type(path).__name__}")
    target = Path(check_path(path, "path"))
    fmt = "json" if target.suffix.lower() == ".json" else "yaml"
    atomic_write_text(target, dump_record(record, fmt))


# --- from a match, and replaying ----------------------------------------------------------


def builtin_id_of(variant: Variant) -> str | None:
    """The id of the built-in variant equal to `variant`, if there is one."""
    return next((i for i in builtin_ids() if load_variant(i) == variant), None)


def record_of(match: Engine) -> Record:
    """The record of a match (see `Match.to_record()`): its variant by built-in id, or inline."""
    variant: str | dict[str, Any] | None = builtin_id_of(match.variant)
    if variant is None:
        variant = match.variant.model_dump(mode="json", exclude={"extends"})
    deals = [_record_deal(d.hands, d.trump_card, d.plays, d.claims, d.redeal) for d in match.deals]
    trump = match.trump_card
    if trump is not None:  # a deal is on the table
        deals.append(_record_deal(match.dealt_hands, trump, match.plays, match.claims, None))
    return Record(variant=variant, first_dealer=match.first_dealer, deals=deals)


def _record_deal(
    hands: Sequence[Sequence[Card]],
    trump_card: Card,
    plays: Sequence[Card],
    claims: Sequence[Claim],
    redeal: int | None,
) -> RecordDeal:
    return RecordDeal(
        hands=[[str(c) for c in hand] for hand in hands],
        trump_card=str(trump_card),
        plays=[str(c) for c in plays],
        claims=[RecordClaim(after=c.after, by=c.by, against=c.against) for c in claims],
        redeal=redeal,
    )


def _record_variant(record: Record, base_dir: Path | None) -> Variant:
    """The record's variant. `base_dir` is `None` for a record read from text (not from a file): it
    may then name a built-in or hold its variant inline, but not name a file."""
    located = record._located
    spec = record.variant
    try:
        if isinstance(spec, dict):
            return inline_variant(_inner(located, spec))
        if spec in builtin_ids():
            return load_variant(spec)
        if base_dir is None:
            ids = ", ".join(builtin_ids())
            raise VariantError(
                [
                    Issue(
                        f"unknown variant {spec!r}: not a built-in id ({ids}); this record was "
                        "read from text, not from a file, so it cannot name a variant file: give "
                        "base_dir to Match.from_record to allow it, or write the variant inline",
                        kind="named_from_text",
                        params=(("given", spec), ("ids", ids)),
                    )
                ]
            )
        return load_named_variant(spec, base_dir)
    except VariantError as exc:
        where = located.issue("", ("variant",)) if located else Issue("", "variant")
        if isinstance(spec, dict):
            # The variant written inline: its problems are at their own lines of the record,
            # each in its reader's language, after one line that says whose they are.
            head = Issue(
                "the variant written in the record is not usable; its problems follow",
                "variant",
                where.file,
                where.line,
                where.column,
                ("variant",),
                "record_variant_inline",
            )
            raise RecordError([head, *exc.issues]) from None
        shown = spec if len(spec) <= 60 else spec[:57] + "..."
        if any(i.file for i in exc.issues):
            # The variant file's own problems, each at its line and in its reader's language,
            # after one line that says whose they are.
            head = Issue(
                f"the record's variant {shown!r} is not usable; its problems follow",
                "variant",
                where.file,
                where.line,
                where.column,
                ("variant",),
                "record_variant_file",
                (("given", shown),),
            )
            raise RecordError([head, *exc.issues]) from None
        problems = "; ".join(str(i) if i.file else i.message for i in exc.issues)
        head = Issue(
            f"the record's variant {shown!r} is not usable: {problems}",
            "variant",
            where.file,
            where.line,
            where.column,
            ("variant",),
            *_named_refusal(exc.issues, shown),
        )
        raise RecordError([head]) from None


def _named_refusal(issues: Sequence[Issue], shown: str) -> tuple[str, tuple[tuple[str, str], ...]]:
    """The kind and values of a record's variant that names a file it cannot use (a `named_...`
    kind, the refusal's own, naming the variant as the record shows it), so that other languages
    say it too; no kind for other problems (a variant file's own are said in its lines)."""
    if len(issues) != 1 or issues[0].file or not issues[0].kind.startswith("named_"):
        return "", ()
    (issue,) = issues
    return issue.kind, tuple({**dict(issue.params), "given": shown}.items())


def _inner(located: Located | None, spec: dict[str, Any]) -> Located:
    """The inline variant of a record, with the positions it had in the record's text."""
    if located is None:
        return Located(spec, None)
    return Located(
        spec,
        located.file,
        {p[1:]: v for p, v in located.positions.items() if p[:1] == ("variant",)},
        {p[1:]: v for p, v in located.key_positions.items() if p[:1] == ("variant",)},
    )


def _hands_fault(deal: RecordDeal, exc: IllegalPlayError) -> tuple[str, str, str]:
    """What is wrong with a deal's hands, for every language: `why` is `trump_card` (with the
    dealer's hand, `held`), `twice` or `two_seats` (with the `other` seat that holds the card),
    else `other`; as `(why, held, other)`."""
    card, seat = exc.card, exc.seat
    if card is None or seat is None:
        return "other", "", ""
    hands = [[parse_card(c) for c in hand] for hand in deal.hands]
    if exc.rule == "trump_card":
        return "trump_card", " ".join(map(str, sorted(hands[seat]))), ""
    mine = [str(c) for c in hands[seat]]
    if mine.count(card) > 1:
        return "twice", "", ""
    other = next(s for s, hand in enumerate(hands) if card in map(str, hand) and s != seat)
    return "two_seats", "", str(other)


class _Replay:
    """Replaying one record: each failure names the deal (1-based), trick, seat and card."""

    def __init__(self, record: Record, match: Engine) -> None:
        self.record = record
        self.match = match

    def fail(
        self,
        message: str,
        path: PathKey,
        kind: str,
        *,
        trick: int | None = None,
        seat: int | None = None,
        card: str | None = None,
        **params: str | int,
    ) -> RecordError:
        """The error at `path`, a place inside a deal (`("deals", i, ...)`): it names that deal
        (1-based). The issue is of `kind`, naming the deal and the trick, seat and card given
        and `params` (`Issue.kind`)."""
        index = path[1]
        assert isinstance(index, int)
        named = {"trick": trick, "seat": seat, "card": card}
        values = {"deal": index + 1, **{k: v for k, v in named.items() if v is not None}, **params}
        located = self.record._located
        if located:
            issue = located.issue(message, path, kind, **values)
        else:
            kind, pairs = said(kind, values)
            issue = Issue(message, format_path(path), loc=tuple(path), kind=kind, params=pairs)
        return RecordError([issue], deal=index + 1, trick=trick, seat=seat, card=card)

    def deal(self, i: int, deal: RecordDeal, unfinished_ok: bool) -> None:
        match = self.match
        number = i + 1
        where: PathKey = ("deals", i)
        if match.is_over:
            raise self.fail(
                f"deal {number}: the match was already over after deal {i} "
                f"(won by team {match.winner}), so no further deal can be played",
                where,
                "record_over",
                before=i,
                team=str(match.winner),
            )
        try:
            match.deal_hands(deal.hands, deal.trump_card)
        except IllegalPlayError as exc:
            field = "trump_card" if exc.rule == "trump_card" else "hands"
            why, held, other = _hands_fault(deal, exc)
            raise self.fail(
                f"deal {number}: {exc.reason}",
                (*where, field),
                "record_hands",
                seat=exc.seat,
                card=exc.card,
                reason=exc.reason,
                why=why,
                held=held,
                other=other,
            ) from None
        nothing_yet = deal.redeal is None and not deal.plays and not deal.claims
        if unfinished_ok and nothing_yet and match.phase == "redeal":
            # The last deal of a match saved before its first card: its redeal questions are
            # still open, asked again from the first seat (a record does not say which seats
            # had already kept their hands).
            return
        self.redeals(i, deal)
        if deal.redeal is not None:
            return
        self.plays(i, deal)
        if match.phase == "count":  # a record keeps no pause at the count: score the deal
            match.score_deal()
        if match.phase == "play" and not unfinished_ok:
            played = len(deal.plays)
            raise self.fail(
                f"deal {number} stops after {played} of 40 cards without a renúncia claim "
                f"that ended it (seat {match.turn} is due to play trick {played // 4 + 1})",
                (*where, "plays"),
                "record_unfinished",
                trick=played // 4 + 1,
                seat=match.turn,
                played=played,
            )

    def redeals(self, i: int, deal: RecordDeal) -> None:
        """The redeal questions of a deal: every seat asked keeps its hand, except the one
        the record says asked for a new deal (a record keeps no pause at the questions)."""
        match = self.match
        number = i + 1
        if deal.redeal is not None and not match.may_redeal(deal.redeal):
            below = match.rules.redeal_below(deal.redeal, match.dealer)
            points = sum(c.points for c in match.hand(deal.redeal))
            leads = deal.redeal == match.rules.first_leader(match.dealer)
            if below:
                why = (
                    f"its hand holds {points} card points, and the variant allows it only with "
                    f"fewer than {below}"
                )
            else:
                who = "the first leader" if leads else "a seat that does not lead"
                why = f"under this variant {who} may never ask for one"
            raise self.fail(
                f"deal {number}: seat {deal.redeal} cannot ask for a new deal: {why}",
                ("deals", i, "redeal"),
                "record_redeal",
                seat=deal.redeal,
                why="points" if below else "leader" if leads else "others",
                points=points,
                below=below or 0,
            )
        while match.phase == "redeal":
            seat = match.turn
            assert seat is not None
            if seat == deal.redeal:
                match.redeal(seat)
                return
            match.keep_hand(seat)

    def plays(self, i: int, deal: RecordDeal) -> None:
        number = i + 1
        where: PathKey = ("deals", i)
        # Claims are taken in the record's order, each after the card it follows: a claim listed
        # after one made later in the deal would go back in time.
        claims = list(enumerate(deal.claims))
        for (_, before), (index, claim) in itertools.pairwise(claims):
            if claim.after < before.after:
                raise self.fail(
                    f"deal {number}: claims are listed in the order they were made, but this one "
                    f"(after card {claim.after}) comes after one made after card {before.after}",
                    (*where, "claims", index),
                    "record_claims_order",
                    after=claim.after,
                    before=before.after,
                )
        next_claim = 0
        for k in range(len(deal.plays) + 1):
            while next_claim < len(claims) and claims[next_claim][1].after == k:
                self.claim(i, *claims[next_claim])
                next_claim += 1
            if k == len(deal.plays):
                break
            self.play(i, k, deal.plays[k])
        if next_claim < len(claims):
            index, claim = claims[next_claim]
            raise self.fail(
                f"deal {number}: a claim after card {claim.after}, but only "
                f"{len(deal.plays)} {'card was' if len(deal.plays) == 1 else 'cards were'} played",
                (*where, "claims", index),
                "record_claim_late",
                after=claim.after,
                played=len(deal.plays),
            )

    def claim(self, i: int, index: int, claim: RecordClaim) -> None:
        match = self.match
        number = i + 1
        path: PathKey = ("deals", i, "claims", index)
        if match.phase not in ("play", "count") and match.rules.revoke_claimable:
            # (Under a variant with no claims, the engine's refusal below says so.)
            false_at_count = claim.after == 40 and match.deals[-1].result != "revoke"
            why = (
                "a false claim at the count, with play going on (after_false_claim: play_on), "
                "had the deal scored at once"
                if false_at_count
                else "an earlier claim ended it"
            )
            raise self.fail(
                f"deal {number}: a claim after card {claim.after} comes after the deal had "
                f"ended: {why}",
                path,
                "record_claim_ended",
                after=claim.after,
                why="count" if false_at_count else "claim",
            )
        try:
            match.claim(claim.by, claim.against)
        except IllegalPlayError as exc:
            why = "prevented" if not match.rules.revoke_claimable else exc.rule
            if why == "accused":  # accused the wrong way: whom it may name, for every language
                if not match.rules.accuse_player:
                    why = "accused_team"
                else:
                    why = "accused_nobody" if claim.against is None else "accused_player"
            rivals = [s for s in range(4) if s % 2 != claim.by % 2]
            raise self.fail(
                f"deal {number}: seat {claim.by} cannot claim: {exc.reason}",
                (*path, "against") if exc.rule == "accused" else path,
                "record_claim",
                seat=claim.by,
                reason=exc.reason,
                why=why,
                against="" if claim.against is None else claim.against,
                first=rivals[0],
                second=rivals[1],
            ) from None

    def play(self, i: int, k: int, card: str) -> None:
        match = self.match
        number = i + 1
        trick = k // 4 + 1
        path: PathKey = ("deals", i, "plays", k)
        if match.phase != "play":
            raise self.fail(
                f"deal {number}: the deal ended with a claim after card {k}, but the record "
                f"goes on with {card}",
                path,
                "record_after_claim",
                trick=trick,
                card=card,
                after=k,
            )
        seat = match.turn
        trick_so_far = match.trick
        try:
            match.play(card)
        except IllegalPlayError as exc:
            legal = f" (legal: {' '.join(exc.legal)})" if exc.legal else ""
            # the suit led, by its letter: the languages that do not quote the engine name it
            led = str(trick_so_far[0][1])[1] if trick_so_far else ""
            raise self.fail(
                f"deal {number}, trick {trick}: seat {seat} cannot play {card}: "
                f"{exc.reason}{legal}",
                path,
                "record_play",
                trick=trick,
                seat=seat,
                card=card,
                rule=exc.rule,
                legal=" ".join(exc.legal),
                reason=exc.reason,
                led=led,
            ) from None


_E = TypeVar("_E", bound=Engine)


def replay(
    cls: type[_E],
    record: Record,
    *,
    base_dir: str | Path | None = None,
    allow_unfinished: bool = False,
    seed: int | str | SupportsIndex | None = None,
) -> _E:
    """Replay `record` with a match of class `cls`; see `Match.from_record()`."""
    if not isinstance(record, Record):
        kind = "a path" if isinstance(record, str | Path) else f"a {type(record).__name__}"
        raise ConfigError(
            f"Match.from_record() replays a Record, not {kind}: read a record file with "
            "load_record(path), text with parse_record(text) (data: "
            "parse_record(json.dumps(data)))"
        )
    if base_dir is None:
        base_dir = record._base_dir
    if base_dir is None and record._located is None:
        base_dir = Path.cwd()  # a record made in this process (Match.to_record), not read
    folder = Path(base_dir) if base_dir is not None else None
    variant = _record_variant(record, folder)
    match = cls(variant, first_dealer=record.first_dealer, deal=False, seed=seed)
    replaying = _Replay(record, match)
    last = len(record.deals) - 1
    for i, deal in enumerate(record.deals):
        replaying.deal(i, deal, allow_unfinished and i == last)
    if seed is not None:  # from here on, deals are dealt at random from the seed
        match.auto_deal = True
    return match
