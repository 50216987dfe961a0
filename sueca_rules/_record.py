"""Game records: a match as played, saved and loaded as YAML or JSON, and replayed.

The format is fixed by the project's contract::

    variant: portugal          # built-in id, or a path relative to the record file
    first_dealer: 0
    deals:
      - hands: [[AS, 7S, ...], [...], [...], [...]]   # by seat, 10 cards each
        trump_card: 2H                                # in the dealer's hand
        plays: [AS, 2S, 3S, 4S, ...]                  # in play order
        claims: [{after: 17, by: 1}]                  # optional renúncia claims

As an extension, ``variant`` may also be a whole variant mapping written inline (what
:meth:`Match.to_record` writes for a variant built in code).
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidationError,
    field_validator,
)

from ._cards import Suit, cards_from_mask, parse_card
from ._errors import CardError, IllegalPlayError, Issue, RecordError, VariantError
from ._registry import _is_file, _load_builtin, builtin_ids, load_variant
from ._variant import Variant, combine_issues, validation_issues
from ._yaml import (
    FlowList,
    Located,
    PathKey,
    dump_yaml,
    format_path,
    parse_yaml,
    read_yaml_file,
    yaml_safe_json,
)

if TYPE_CHECKING:
    from ._events import Claim, DealResult, Revoke, Trick
    from ._match import Match

__all__ = [
    "Record",
    "RecordClaim",
    "RecordDeal",
    "claim_caught",
    "dump_record",
    "load_record",
    "parse_record",
    "replay_report",
    "save_record",
]

MAX_RECORD_BYTES = 8 * 1024 * 1024


def _card_text(value: str) -> str:
    try:
        return str(parse_card(value))
    except CardError as exc:
        raise ValueError(str(exc)) from None


CardText = Annotated[str, AfterValidator(_card_text)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


class RecordClaim(_Model):
    """A renúncia claim: seat ``by`` claims after the ``after``-th card of the deal."""

    after: int = Field(
        ge=0,
        description="Cards played in the deal before the claim (0 to 39: the last card ends "
        "the deal, which is then scored).",
    )
    by: int = Field(ge=0, le=3, description="The claiming seat.")

    @field_validator("after")
    @classmethod
    def _before_the_last_card(cls, after: int) -> int:
        if after > 39:
            raise ValueError(
                f"a claim comes after at most 39 cards, not {after}: the 40th card ends the deal, "
                "which is scored at once"
            )
        return after


class RecordDeal(_Model):
    """One deal as dealt and played."""

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


class Record(_Model):
    """A match as played (see the module documentation for the format)."""

    variant: str | dict[str, Any] = Field(
        description="A built-in variant id, a path relative to the record file, or a variant "
        "mapping written inline."
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
        """The record as plain data in the contract's layout (empty claims left out)."""
        deals = []
        for d in self.deals:
            entry: dict[str, Any] = {
                "hands": [list(h) for h in d.hands],
                "trump_card": d.trump_card,
                "plays": list(d.plays),
            }
            if d.claims:
                entry["claims"] = [{"after": c.after, "by": c.by} for c in d.claims]
            deals.append(entry)
        return {"variant": self.variant, "first_dealer": self.first_dealer, "deals": deals}


# --- reading ------------------------------------------------------------------------------


def _from_located(located: Located) -> Record:
    if located.data is None:
        raise RecordError([located.issue("the record is empty")])
    if not isinstance(located.data, dict):
        raise RecordError(
            [located.issue("a record must be a mapping with variant, first_dealer and deals")]
        )
    try:
        record = Record.model_validate(located.data)
    except ValidationError as exc:
        found = validation_issues(exc, located, root=Record)
        raise _in_deals(combine_issues(located.issues, found)) from None
    if located.issues:
        raise _in_deals(list(located.issues))
    record._located = located
    return record


_IN_DEAL = re.compile(r"^deals\[(\d+)\](?:\.(plays|hands)\[(\d+)\])?")


def _in_deals(issues: list[Issue]) -> RecordError:
    """A RecordError whose issues inside ``deals`` say which deal (1-based) and, for a play,
    which trick and card, or for a hand, which seat; its ``deal``, ``trick`` and ``seat`` are
    those of the first issue that has them."""
    out: list[Issue] = []
    first: dict[str, int | None] = {}
    for issue in issues:
        m = _IN_DEAL.match(issue.path)
        if m is None:
            out.append(issue)
            continue
        where: dict[str, int | None] = {"deal": int(m.group(1)) + 1}
        text = f"deal {where['deal']}"
        if m.group(2) == "plays":
            k = int(m.group(3))
            where["trick"] = k // 4 + 1
            text += f", trick {where['trick']} (card {k + 1} of the deal)"
        elif m.group(2) == "hands":
            where["seat"] = int(m.group(3))
            text += f", seat {where['seat']}'s hand"
        first = first or where
        out.append(replace(issue, message=f"{text}: {issue.message}"))
    return RecordError(
        out, deal=first.get("deal"), trick=first.get("trick"), seat=first.get("seat")
    )


def load_record(path: str | Path) -> Record:
    """Load a record from a YAML or JSON file (the same safe reader as variant files).

    Raises :class:`~sueca_rules.RecordError` with file, line and column of each problem. A
    ``.json`` file must be strict JSON (no comments, single quotes or trailing commas).
    """
    strict = Path(path).suffix.lower() == ".json"
    located = read_yaml_file(path, max_bytes=MAX_RECORD_BYTES, error=RecordError, json=strict)
    record = _from_located(located)
    record._base_dir = Path(path).resolve().parent
    return record


def parse_record(text: str | bytes, *, file: str | None = None) -> Record:
    """Parse a record from YAML or JSON text."""
    return _from_located(parse_yaml(text, file=file, max_bytes=MAX_RECORD_BYTES, error=RecordError))


def dump_record(record: Record, fmt: str = "yaml") -> str:
    """The record as YAML (hands, plays and claims on one line each) or as JSON."""
    data = record.to_data()
    if fmt == "json":
        return yaml_safe_json(data)
    for deal in data["deals"]:
        deal["hands"] = [FlowList(h) for h in deal["hands"]]
        deal["plays"] = FlowList(deal["plays"])
        if "claims" in deal:
            deal["claims"] = FlowList(deal["claims"])
    return dump_yaml(data)


def save_record(record: Record, path: str | Path) -> None:
    """Write a record to ``path``: JSON for a ``.json`` file, YAML otherwise. A variant path
    in the record is rewritten relative to the record's folder."""
    target = Path(path)
    variant = record.variant
    if isinstance(variant, str) and variant not in builtin_ids():
        source = Path(variant)
        if source.is_absolute():
            import os

            rel = os.path.relpath(source, target.resolve().parent)
            record = record.model_copy(update={"variant": Path(rel).as_posix()})
    fmt = "json" if target.suffix.lower() == ".json" else "yaml"
    target.write_text(dump_record(record, fmt), encoding="utf-8")


# --- from a match, and replaying ----------------------------------------------------------


def record_of(match: Match, ref: str | None) -> Record:
    """The record of a match (see :meth:`Match.to_record`)."""
    if ref is None:
        ref = next((i for i in builtin_ids() if _load_builtin(i) == match.variant), None)
    variant: str | dict[str, Any] = (
        ref if ref is not None else match.variant.model_dump(mode="json", exclude={"extends"})
    )
    deals = [
        RecordDeal(
            hands=[[str(c) for c in hand] for hand in d.hands],
            trump_card=str(d.trump_card),
            plays=[str(c) for c in d.plays],
            claims=[RecordClaim(after=c.after, by=c.by) for c in d.claims],
        )
        for d in match.deals
    ]
    if match.phase == "play":
        deals.append(
            RecordDeal(
                hands=[[str(c) for c in cards_from_mask(hand)] for hand in match._dealt],
                trump_card=str(match.trump_card),
                plays=[str(c) for c in match.plays],
                claims=[RecordClaim(after=c.after, by=c.by) for c in match._claims],
            )
        )
    return Record(variant=variant, first_dealer=match.first_dealer, deals=deals)


def _located_of(record: Record) -> Located | None:
    return record._located


def _record_variant(record: Record, base_dir: Path | None) -> Variant:
    """The record's variant. ``base_dir`` is ``None`` for a record read from text (not from a
    file): it may then name a built-in or hold its variant inline, but not name a file."""
    located = _located_of(record)
    spec = record.variant
    try:
        if isinstance(spec, dict):
            from ._registry import variant_of

            inner = Located(spec, located.file if located else None)
            if located is not None:
                inner = Located(
                    spec,
                    located.file,
                    {p[1:]: v for p, v in located.positions.items() if p[:1] == ("variant",)},
                    {p[1:]: v for p, v in located.key_positions.items() if p[:1] == ("variant",)},
                )
            return variant_of(inner, base_dir)
        if spec in builtin_ids():
            return load_variant(spec)
        if base_dir is None:
            raise VariantError(
                [
                    Issue(
                        f"unknown variant {spec!r}: not a built-in id "
                        f"({', '.join(builtin_ids())}); this record was read from text, not "
                        "from a file, so it cannot name a variant file: give base_dir to "
                        "Match.from_record to allow it, or write the variant inline"
                    )
                ]
            )
        path = Path(spec)
        if not path.is_absolute():
            path = base_dir / path
        if not _is_file(path):
            raise VariantError(
                [
                    Issue(
                        f"unknown variant {spec!r}: not a built-in id "
                        f"({', '.join(builtin_ids())}) and no file {path}"
                    )
                ]
            )
        return load_variant(path)
    except VariantError as exc:
        where = located.issue("", ("variant",)) if located else Issue("", "variant")
        problems = "; ".join(str(i) if i.file else i.message for i in exc.issues)
        head = Issue(
            f"the record's variant {spec if isinstance(spec, str) else '(inline)'!r} is not "
            f"usable: {problems}",
            "variant",
            where.file,
            where.line,
            where.column,
        )
        raise RecordError([head]) from None


def _fail(
    record: Record,
    message: str,
    path: PathKey,
    *,
    deal: int,
    trick: int | None = None,
    seat: int | None = None,
    card: str | None = None,
) -> RecordError:
    located = _located_of(record)
    issue = located.issue(message, path) if located else Issue(message, format_path(path))
    return RecordError([issue], deal=deal, trick=trick, seat=seat, card=card)


def replay_record(
    cls: type[Match],
    record: Record,
    *,
    base_dir: str | Path | None = None,
    allow_unfinished: bool = False,
    seed: int | str | None = None,
) -> Match:
    """Replay ``record``; see :meth:`Match.from_record`."""
    if base_dir is None:
        base_dir = record._base_dir
    if base_dir is None and record._located is None:
        base_dir = Path.cwd()  # a record made in this process (Match.to_record), not read
    folder = Path(base_dir) if base_dir is not None else None
    variant = _record_variant(record, folder)
    match = cls(variant, first_dealer=record.first_dealer, deal=False, seed=seed)
    if isinstance(record.variant, str):
        match._ref = (
            record.variant
            if record.variant in builtin_ids() or folder is None
            else str((folder / record.variant).resolve())
        )
    last = len(record.deals) - 1
    for i, deal in enumerate(record.deals):
        number = i + 1
        where: PathKey = ("deals", i)
        if match.is_over:
            raise _fail(
                record,
                f"deal {number}: the match was already over after deal {i} "
                f"(won by team {match.winner}), so no further deal can be played",
                where,
                deal=number,
            )
        try:
            match.deal_hands(deal.hands, deal.trump_card)
        except IllegalPlayError as exc:
            field = "trump_card" if "trump card" in exc.reason else "hands"
            raise _fail(
                record, f"deal {number}: {exc.reason}", (*where, field), deal=number
            ) from None
        claims = sorted(enumerate(deal.claims), key=lambda ic: ic[1].after)
        if [c for _, c in claims] != list(deal.claims):
            raise _fail(
                record,
                f"deal {number}: claims must be listed in the order they were made",
                (*where, "claims"),
                deal=number,
            )
        next_claim = 0
        for k in range(len(deal.plays) + 1):
            while next_claim < len(claims) and claims[next_claim][1].after == k:
                index, claim = claims[next_claim]
                next_claim += 1
                if match.phase != "play":
                    raise _fail(
                        record,
                        f"deal {number}: a claim after card {k} comes after the deal had ended",
                        (*where, "claims", index),
                        deal=number,
                    )
                try:
                    match.claim(claim.by)
                except IllegalPlayError as exc:
                    raise _fail(
                        record,
                        f"deal {number}: seat {claim.by} cannot claim: {exc.reason}",
                        (*where, "claims", index),
                        deal=number,
                        seat=claim.by,
                    ) from None
            if k == len(deal.plays):
                break
            card = deal.plays[k]
            trick = k // 4 + 1
            if match.phase != "play":
                raise _fail(
                    record,
                    f"deal {number}: the deal ended with a claim after card {k}, but the record "
                    f"goes on with {card}",
                    (*where, "plays", k),
                    deal=number,
                    trick=trick,
                    card=card,
                )
            seat = match.turn
            try:
                match.play(card)
            except IllegalPlayError as exc:
                raise _fail(
                    record,
                    f"deal {number}, trick {trick}: seat {seat} cannot play {card}: {exc.reason}"
                    + (f" (legal: {' '.join(exc.legal)})" if exc.legal else ""),
                    (*where, "plays", k),
                    deal=number,
                    trick=trick,
                    seat=seat,
                    card=card,
                ) from None
        if next_claim < len(claims):
            index, claim = claims[next_claim]
            raise _fail(
                record,
                f"deal {number}: a claim after card {claim.after}, but only "
                f"{len(deal.plays)} cards were played",
                (*where, "claims", index),
                deal=number,
            )
        if match.phase == "play" and not (allow_unfinished and i == last):
            played = len(deal.plays)
            raise _fail(
                record,
                f"deal {number} stops after {played} of 40 cards without a renúncia claim "
                f"that ended it (seat {match.turn} is due to play trick {played // 4 + 1})",
                (*where, "plays"),
                deal=number,
                trick=played // 4 + 1,
                seat=match.turn,
            )
    if seed is not None:  # from here on, deals are dealt at random from the seed
        match._auto = True
        if match.phase == "deal":
            match.deal_random()
    return match


def claim_caught(deal: DealResult, claim: Claim) -> Revoke | None:
    """The renúncia ``claim`` found: the first revoke of a player of the other team earlier in
    the deal (by the ``claim.after``-th card), or ``None`` for a false claim."""
    return next(
        (r for r in deal.revokes if r.seat % 2 != claim.by % 2 and r.play <= claim.after), None
    )


def replay_report(match: Match) -> dict[str, Any]:
    """The contract's ``sueca replay --json`` object for a (replayed) match."""
    deals = []
    for d in match.deals:
        entry: dict[str, Any] = {
            "deal": d.number,
            "dealer": d.dealer,
            "trump": Suit(d.trump_card // 10).letter,
            "trump_card": str(d.trump_card),
            "tricks": [_trick_json(t) for t in d.tricks],
            "points": list(d.points),
            "tricks_won": list(d.tricks_won),
            "result": d.result,
            "games": list(d.games),
            "partida": d.partida,
            "bandeira": d.bandeira,
        }
        if d.claims:
            entry["claims"] = [
                {"after": c.after, "by": c.by, "valid": claim_caught(d, c) is not None}
                for c in d.claims
            ]
        if d.revokes:
            entry["revokes"] = [
                {"play": r.play, "seat": r.seat, "card": str(r.card)} for r in d.revokes
            ]
        deals.append(entry)
    report: dict[str, Any] = {
        "variant": match.variant.name,
        "deals": deals,
        "games": list(match.games),
        "partidas": list(match.partidas),
        "winner": match.winner,
    }
    if match.phase == "play":  # a record of a match in progress (replayed with --partial)
        trump = match.trump_card
        assert trump is not None
        report["unfinished_deal"] = {
            "deal": match.deal_number,
            "dealer": match.dealer,
            "trump": Suit(trump // 10).letter,
            "trump_card": str(trump),
            "tricks": [_trick_json(t) for t in match.tricks],
            "current_trick": {
                "leader": match.trick_leader,
                "cards": [str(c) for _, c in match.trick],
            },
            "points": list(match.points),
            "tricks_won": list(match.tricks_won),
            "partida": match.partida,
            "turn": match.turn,
        }
    return report


def _trick_json(trick: Trick) -> dict[str, Any]:
    return {
        "leader": trick.leader,
        "cards": [str(c) for c in trick.cards],
        "winner": trick.winner,
        "points": trick.points,
    }
