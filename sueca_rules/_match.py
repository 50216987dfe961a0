"""The public match: the engine (`sueca_rules._engine`) with game records.

`Match` is what applications use. Everything about playing lives in the engine; records
(`sueca_rules._record`) sit above it and use only its public face, and this module joins the two so
that `match.to_record()` and `Match.from_record(record)` read naturally.
"""

from __future__ import annotations

from pathlib import Path
from typing import SupportsIndex

from ._engine import Engine, Observation, Phase
from ._errors import ConfigError, check_path
from ._public import public
from ._record import Record, record_of, replay
from ._text import cut

__all__ = ["Match", "Observation", "Phase"]


@public
class Match(Engine):
    """A match of Sueca under one variant: the full state, with every hand.

    `variant` is a [`Variant`][sueca_rules.Variant], a built-in id or a path to a variant file (read
    once, here, with [`load_variant()`][sueca_rules.load_variant]: the only I/O a match does).
    `seed` makes the shuffles (and a random first dealer) repeatable; each deal is shuffled from the
    seed and the deal number alone, so the same seed always deals the same cards. `first_dealer`
    overrides the variant's. With `deal=False` the match waits for
    [`deal_hands()`][sueca_rules.Match.deal_hands] (cards of a physical game, or a record) or
    [`deal_random()`][sueca_rules.Match.deal_random]; otherwise every deal is dealt at random as
    soon as the previous one ends. (The first deal is then dealt here, so no call returns its
    [`DealStarted`][sueca_rules.DealStarted] event: read [`dealer`][sueca_rules.Match.dealer] and
    [`trump_card`][sueca_rules.Match.trump_card], or make the match with `deal=False` and call
    [`deal_random()`][sueca_rules.Match.deal_random] to receive it.)

    What is due at each moment is [`phase`][sueca_rules.Match.phase] and
    [`turn`][sueca_rules.Match.turn]: a card ([`play()`][sueca_rules.Match.play]), and under some
    variants the dealer's choice of trump ([`choose_trump()`][sueca_rules.Match.choose_trump]), a
    new deal asked by a weak hand ([`redeal()`][sueca_rules.Match.redeal] or
    [`keep_hand()`][sueca_rules.Match.keep_hand]), or the count after the last trick
    ([`claim()`][sueca_rules.Match.claim], then [`score_deal()`][sueca_rules.Match.score_deal]). A
    loop that handles every variant:

    ```python
    while not match.is_over:
        if match.phase == "trump":
            match.choose_trump("bottom")
        elif match.phase == "redeal":
            match.keep_hand(match.turn)
        elif match.phase == "count":
            match.score_deal()
        else:
            match.play(match.legal_cards()[0])
    ```

    Examples:
        >>> from sueca_rules import Match
        >>> match = Match("portugal", seed=7)
        >>> while not match.is_over:
        ...     _ = match.play(match.legal_cards()[0])
        >>> match.winner in (0, 1)
        True
    """

    def to_record(self) -> Record:
        """The match as played so far, as a [`Record`][sueca_rules.Record] (the game-record format
        of the records guide): every finished deal and the one on the table. The variant is written
        by its built-in id, or inline when it is not a built-in (so the record replays anywhere)."""
        return record_of(self)

    @classmethod
    def from_record(
        cls,
        record: Record,
        *,
        base_dir: str | Path | None = None,
        allow_unfinished: bool = False,
        seed: int | str | SupportsIndex | None = None,
    ) -> Match:
        """Replay a record under its variant and return the match in its final state.

        A variant path in the record is relative to `base_dir`: by default the record's folder when
        it was loaded from a file, the working directory for a record made in this process; a record
        parsed from text may name a variant file only when `base_dir` is given. Raises
        [`RecordError`][sueca_rules.RecordError] naming the deal, trick, seat and card of the first
        rule the record breaks. A deal cut short without a claim is an error unless
        `allow_unfinished` (resuming a saved match in progress). With a `seed`, deals after the
        record are dealt at random from it.
        """
        if base_dir is not None:
            base_dir = check_path(base_dir, "base_dir")
        if not isinstance(allow_unfinished, bool):
            raise ConfigError(
                f"allow_unfinished must be True or False, not {cut(repr(allow_unfinished))}"
            )
        return replay(cls, record, base_dir=base_dir, allow_unfinished=allow_unfinished, seed=seed)
