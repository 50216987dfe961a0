"""Observations as fixed-size arrays, built only from what one seat may know.

Everything here is computed from `Match.observation(seat)` (the engine's view of one seat, which
never holds another player's hand) and from the public state of the claim round of `Stepper`. Seats
are *relative* to the observer: position 0 is the observer, 1 the rival who plays after it, 2 its
partner, 3 the rival who plays before it (in the variant's direction of play); teams are "ours" then
"theirs".

`LAYOUT` gives each section's offset and shape; the documentation's learning guide shows it as a
table. Counters that could grow without bound are capped (a cap is documented next to its section)
so that every value lies in `[0, 1]`.
"""

from __future__ import annotations

from typing import Final, NamedTuple

import numpy as np
import numpy.typing as npt

from sueca_rules import CARDS, ConfigError, Observation, Rules

from .._text import cut
from ._stepper import Stepper, stepper_of

__all__ = [
    "INFORMATION_STATE_SIZE",
    "LAYOUT",
    "OBSERVATION_SIZE",
    "Section",
    "encode_information_state",
    "encode_observation",
    "observation_text",
]


class Section(NamedTuple):
    """One part of the observation vector: where it starts, its shape and what it holds."""

    offset: int
    shape: tuple[int, ...]
    meaning: str

    @property
    def size(self) -> int:
        """How many numbers it takes."""
        return int(np.prod(self.shape))


_SECTIONS: Final = (
    ("seat", (4,), "the observer's seat (absolute, one-hot)"),
    ("hand", (40,), "the cards in the observer's hand (by card number)"),
    ("legal", (40,), "the cards that follow suit now (the observer's turn to play only)"),
    ("played", (4, 40), "the cards each relative seat has played in this deal"),
    ("trick", (4, 40), "the card each relative seat put in the current trick"),
    ("trump_card", (40,), "the card the dealer turned up"),
    ("trump_suit", (4,), "the trump suit (S H D C)"),
    ("trump_card_in_hand", (1,), "1 while the dealer still holds the turned card"),
    ("dealer", (4,), "the dealer (relative seat)"),
    ("leader", (4,), "the seat that led, or leads, the current trick (relative)"),
    ("turn", (4,), "the seat whose turn it is in the engine (relative; none at the count)"),
    ("phase", (6,), "the engine's phase: deal, trump, redeal, play, count, over"),
    ("decision", (4,), "what the observer is asked now: trump, redeal, card, claim"),
    ("asking", (4,), "the seats still to be asked in the claim round (relative)"),
    ("voids", (4, 4), "suits each relative seat showed it lacks (did not follow)"),
    ("hand_sizes", (4,), "cards each relative seat holds, / 10"),
    ("points", (2,), "card points taken in this deal, ours and theirs, / 120"),
    ("tricks_won", (2,), "tricks taken in this deal, ours and theirs, / 10"),
    ("games", (2,), "games in this partida, ours and theirs, / target_games (capped at 1)"),
    ("partidas", (2,), "partidas won, ours and theirs, / partidas needed to win the match"),
    ("pending_ties", (1,), "60-60 ties waiting to be carried, / 4 (capped at 1)"),
    ("penalties", (2,), "false-claim games waiting for the deal's end, / target (capped)"),
    ("claims_by", (4,), "claims made in this deal by each relative seat, / 4 (capped)"),
    ("claims_against", (4,), "claims in this deal naming each relative seat, / 4 (capped)"),
    ("may_redeal", (1,), "1 when the observer, asked now, may ask for a new deal"),
    ("can_claim", (1,), "1 when a renúncia can be claimed now (by anyone asked)"),
    ("rules", (4,), "the variant: claimable, accuse player, dealer's choice, redeals"),
)


def _layout() -> dict[str, Section]:
    layout: dict[str, Section] = {}
    offset = 0
    for name, shape, meaning in _SECTIONS:
        layout[name] = Section(offset, shape, meaning)
        offset += layout[name].size
    return layout


LAYOUT: Final = _layout()
"""The observation vector's sections by name, in order (see `Section`)."""
OBSERVATION_SIZE: Final = sum(s.size for s in LAYOUT.values())
"""The length of an observation vector."""
SEQUENCE_OFFSET: Final = OBSERVATION_SIZE
INFORMATION_STATE_SIZE: Final = OBSERVATION_SIZE + 40 * 40
"""The length of an information-state vector: the observation, then the cards of this deal in the
order they were played (40 rows of 40, row `k` one-hot for the `k`-th card)."""

_PHASES: Final = ("deal", "trump", "redeal", "play", "count", "over")
_DECISIONS: Final = ("trump", "redeal", "card", "claim")
_OFF: Final = {name: s.offset for name, s in LAYOUT.items()}
_FLAGS: Final = ("trump_card_in_hand", "may_redeal", "can_claim")


def _relative(rules: Rules, seat: int) -> list[int]:
    """`rel[s]`: the position of seat `s` seen from `seat` (0 itself, 1 next, 2 partner, 3
    previous)."""
    rel = [0, 0, 0, 0]
    for position, s in enumerate(rules.play_order(seat)):
        rel[s] = position
    return rel


def _cap(value: int, cap: int) -> float:
    return min(value, cap) / cap


def encode_observation(
    table: Stepper, seat: int, out: npt.NDArray[np.float32] | None = None
) -> npt.NDArray[np.float32]:
    """What `seat` may know now as a vector of `OBSERVATION_SIZE` numbers in `[0, 1]` (`float32`),
    laid out as [`LAYOUT`][sueca_rules.envs.LAYOUT] says. `table` is a
    [`Stepper`][sueca_rules.envs.Stepper] (`SuecaEnv.stepper`, the OpenSpiel state's `stepper`, or
    `Stepper(match)`). `out`, when given (a one-dimensional float array with room for
    `OBSERVATION_SIZE` numbers), is filled instead of a new array; anything else is a
    [`ConfigError`][sueca_rules.ConfigError]."""
    table = stepper_of(table, "encode_observation()")
    if out is None:
        out = np.zeros(OBSERVATION_SIZE, np.float32)
    else:
        _check_out(out, OBSERVATION_SIZE)
        out[:OBSERVATION_SIZE] = 0.0
    _fill(out, table, seat, table.match.observation(seat))
    return out


def encode_information_state(
    table: Stepper, seat: int, out: npt.NDArray[np.float32] | None = None
) -> npt.NDArray[np.float32]:
    """The observation followed by this deal's cards in play order (see `INFORMATION_STATE_SIZE`):
    with it a seat recalls the whole deal so far."""
    table = stepper_of(table, "encode_information_state()")
    if out is None:
        out = np.zeros(INFORMATION_STATE_SIZE, np.float32)
    else:
        _check_out(out, INFORMATION_STATE_SIZE)
        out[:] = 0.0
    obs = table.match.observation(seat)
    _fill(out, table, seat, obs)
    for k, card in enumerate(_plays(obs)):
        out[SEQUENCE_OFFSET + 40 * k + card] = 1.0
    return out


def _check_out(out: object, size: int) -> None:
    """A `ConfigError` unless `out` is a one-dimensional NumPy array of floats that holds `size`
    numbers."""
    if (
        isinstance(out, np.ndarray)
        and out.ndim == 1
        and out.shape[0] >= size
        and np.issubdtype(out.dtype, np.floating)
    ):
        return
    what = (
        f"an array of {out.dtype} of shape {out.shape}"
        if isinstance(out, np.ndarray)
        else cut(repr(out))
    )
    raise ConfigError(
        f"out is a one-dimensional NumPy array of floats with room for {size} numbers "
        f"(np.zeros({size}, np.float32)), not {what}"
    )


def _plays(obs: Observation) -> list[int]:
    cards = [int(c) for trick in obs.tricks for c in trick.cards]
    cards.extend(int(c) for c in obs.trick)
    return cards


def _fill(out: npt.NDArray[np.float32], table: Stepper, seat: int, obs: Observation) -> None:
    rules = obs.rules
    rel = _relative(rules, seat)
    off = _OFF
    # Every 1 is gathered in a list and written at once (NumPy's item access is slow).
    ones = [off["seat"] + seat, off["dealer"] + rel[obs.dealer]]
    ones += [off["phase"] + _PHASES.index(obs.phase)]
    hand, legal = off["hand"], off["legal"]
    ones += [hand + c for c in obs.hand]
    ones += [legal + c for c in obs.legal]
    played, current = off["played"], off["trick"]
    order = rules.play_order
    for trick in obs.tricks:
        ones += [
            played + 40 * rel[s] + c for s, c in zip(order(trick.leader), trick.cards, strict=True)
        ]
    for s, c in zip(order(obs.trick_leader), obs.trick, strict=False):
        ones += [played + 40 * rel[s] + c, current + 40 * rel[s] + c]
    if obs.trump_card is not None and obs.trump is not None:
        ones += [off["trump_card"] + obs.trump_card, off["trump_suit"] + obs.trump]
        ones.append(off["leader"] + rel[obs.trick_leader])
    if obs.turn is not None:
        ones.append(off["turn"] + rel[obs.turn])
    decision = table.decision
    if decision is not None and table.actor == seat:
        ones.append(off["decision"] + _DECISIONS.index(decision))
    ones += [off["asking"] + rel[s] for s in table.asking]
    voids, mask = off["voids"], obs.void_mask
    ones += [voids + 4 * rel[b // 4] + b % 4 for b in range(16) if mask >> b & 1]
    flags = (obs.trump_card_in_hand, obs.may_redeal, obs.can_claim)
    ones += [off[name] for name, flag in zip(_FLAGS, flags, strict=True) if flag]
    rule_flags = (
        rules.revoke_claimable,
        rules.accuse_player,
        rules.trump_dealer_choice,
        rules.has_redeal,
    )
    ones += [off["rules"] + i for i, flag in enumerate(rule_flags) if flag]
    out[ones] = 1.0
    sizes = off["hand_sizes"]
    for s in range(4):
        out[sizes + rel[s]] = obs.hand_sizes[s] / 10
    ours = rules.team_of(seat)
    target = rules.target_games
    for i, team in enumerate((ours, 1 - ours)):
        out[off["points"] + i] = obs.points[team] / 120
        out[off["tricks_won"] + i] = obs.tricks_won[team] / 10
        out[off["games"] + i] = _cap(obs.games[team], target)
        out[off["partidas"] + i] = obs.partidas[team] / rules.partidas_to_win
        out[off["penalties"] + i] = _cap(obs.penalties[team], target)
    out[off["pending_ties"]] = _cap(obs.pending_ties, 4)
    if obs.claims:
        by = [0, 0, 0, 0]
        against = [0, 0, 0, 0]
        for claim in obs.claims:
            by[rel[claim.by]] += 1
            if claim.against is not None:
                against[rel[claim.against]] += 1
        for p in range(4):
            out[off["claims_by"] + p] = _cap(by[p], 4)
            out[off["claims_against"] + p] = _cap(against[p], 4)


def observation_text(table: Stepper, seat: int, *, private: bool = True) -> str:
    """What `seat` may know now, as one line of text (OpenSpiel's observation and information-state
    strings; also a key for search trees): equal for two states exactly when the seat cannot tell
    them apart within the deal. With `private=False`, only what everyone knows (no hand)."""
    table = stepper_of(table, "observation_text()")
    obs = table.match.observation(seat)
    decision = table.decision if table.actor == seat else None
    plays = " ".join(str(CARDS[c]) for c in _plays(obs))
    claims = " ".join(
        f"{c.by}@{c.after}" + ("" if c.against is None else f">{c.against}") for c in obs.claims
    )
    trump = "-" if obs.trump_card is None else str(obs.trump_card)
    asking = "".join(str(s) for s in table.asking)
    return (
        f"seat {seat} | {obs.phase} | asked {decision or '-'} | asking {asking or '-'}"
        f" | deal {obs.deal} dealer {obs.dealer} leader {obs.trick_leader}"
        f" | trump {trump}{'*' if obs.trump_card_in_hand else ''}"
        f" | hand {' '.join(map(str, obs.hand)) if private else '?'}"
        f" | plays {plays or '-'} | claims {claims or '-'}"
        f" | points {obs.points[0]}-{obs.points[1]} games {obs.games[0]}-{obs.games[1]}"
        f" partidas {obs.partidas[0]}-{obs.partidas[1]} ties {obs.pending_ties}"
        f" penalties {obs.penalties[0]}-{obs.penalties[1]}"
        f" | redeal {int(obs.may_redeal) if private else '?'}"
    )
