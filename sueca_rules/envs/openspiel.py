"""Sueca as an OpenSpiel game: importing this module registers `python_sueca`.

The game is a whole match (or its first `max_deals` deals), four players, sequential, with imperfect
information and explicit chance nodes:

- the first dealer, when the variant draws it (4 outcomes, each 1/4);
- each deal, card by card: 40 chance nodes, the `k`-th choosing uniformly among the cards not dealt
  yet the `k`-th card of the pack. The pack is dealt as the engine deals
  ([`Rules.deal_order()`][sueca_rules.Rules.deal_order]): ten cards to each seat in deal order, the
  turned card being the first or the last of the pack as the variant says (under `dealer_choice`, as
  the dealer chose, a decision taken before the chance nodes).

Decisions are those of [`Stepper`][sueca_rules.envs.Stepper] (the same actions as the PettingZoo
environment, 0-46). Returns are +1 for the two players of the team that wins the match and -1 for
the others; a game cut short by `max_deals` gives +1/-1 to the team ahead (in partidas, then in
games) and 0 to all when they are level.

Parameters: `variant`, a built-in id, the text of a variant (YAML or JSON; its `extends` may name
only a built-in) or a variant file's path; `max_deals`, the deals after which the game ends (0:
none; the match then ends when it is won, and `max_game_length` assumes at most 1,000 deals).

Observation tensors (`OBSERVATION_SIZE` numbers) and information-state tensors
(`INFORMATION_STATE_SIZE`: the observation and the deal's cards in play order) are built only from
`Match.observation(player)`: never another player's hidden cards. The information state recalls the
current deal entirely; earlier deals are summed up by the score. The strings are one line of text
(the same for both). `SuecaState.resample_from_infostate()` redeals the cards a player cannot see,
as `consistent_deal()` says, for OpenSpiel's IS-MCTS bot.

Examples:
    >>> import pyspiel
    >>> import sueca_rules.envs.openspiel  # registers the game
    >>> game = pyspiel.load_game("python_sueca", {"variant": "portugal", "max_deals": 1})
    >>> game.num_players(), game.num_distinct_actions()
    (4, 47)
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterable, Sequence
from typing import Any, Final

import numpy as np
import pyspiel

from sueca_rules import (
    Card,
    ConfigError,
    IllegalPlayError,
    Match,
    Variant,
    VariantError,
    builtin_ids,
    load_variant,
    parse_variant,
)

from .._text import cut
from ._encoding import (
    INFORMATION_STATE_SIZE,
    LAYOUT,
    OBSERVATION_SIZE,
    SEQUENCE_OFFSET,
    encode_information_state,
    encode_observation,
    observation_text,
)
from ._resample import consistent_deal
from ._stepper import (
    ACTION_NAMES,
    NUM_ACTIONS,
    TRUMP_BOTTOM,
    TRUMP_TOP,
    Stepper,
    action_number,
)

__all__ = ["GAME_TYPE", "SuecaGame", "SuecaObserver", "SuecaState", "variant_from_parameter"]

_UNLIMITED_DEALS: Final = 1000
_DEAL_LENGTH: Final = 1 + 4 + 40 + 40 + 40 * 4  # trump, redeal questions, chance, cards, claims

GAME_TYPE: Final = pyspiel.GameType(
    short_name="python_sueca",
    long_name="Python Sueca (sueca-rules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=4,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"variant": "portugal", "max_deals": 0},
)
"""What OpenSpiel is told about the game (`pyspiel.GameType`)."""


def variant_from_parameter(text: str) -> Variant:
    """The variant a `variant` parameter names: a built-in id, a variant's YAML or JSON text (a
    mapping; `extends` may name only a built-in) or a file path."""
    if not isinstance(text, str) or not text.strip():
        raise ConfigError(
            f"the variant parameter is a built-in id, variant text or a path: {text!r}"
        )
    if text in builtin_ids():
        return load_variant(text)
    if "\n" in text or ":" in text or text.lstrip().startswith("{"):
        return parse_variant(text, file="<variant parameter>")
    return load_variant(text)


def _game_parameters(params: dict[str, Any]) -> tuple[Variant, int]:
    """The variant and `max_deals` that a game's parameters give, or a `ConfigError`."""
    try:
        variant = variant_from_parameter(params["variant"])
    except VariantError as exc:
        raise ConfigError(f"python_sueca: {exc}") from None
    max_deals = params["max_deals"]
    if isinstance(max_deals, bool) or not isinstance(max_deals, int) or max_deals < 0:
        raise ConfigError(f"python_sueca: max_deals is a whole number >= 0, not {max_deals!r}")
    return variant, max_deals


class SuecaGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type information
    """The `python_sueca` game for a variant (see the module's text)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = {**GAME_TYPE.parameter_specification, **(params or {})}
        variant, max_deals = _game_parameters(params)
        deals = max_deals or _UNLIMITED_DEALS
        info = pyspiel.GameInfo(
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=40,
            num_players=4,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=1 + deals * _DEAL_LENGTH,
        )
        super().__init__(GAME_TYPE, info, params)
        self.variant = variant
        """The variant the game is played under."""
        self.max_deals = max_deals
        """The deals after which the game ends (0: none)."""
        # One match per first dealer, waiting for its first deal: states start from a clone.
        self._starts = [Match(variant, seed=0, first_dealer=s, deal=False) for s in range(4)]

    def __getattr__(self, name: str) -> Any:
        """A game unpickled by OpenSpiel (`pickle.loads(pickle.dumps(game))`) is remade from its
        parameters without this class's `__init__`: its attributes are set again from them."""
        if name not in ("variant", "max_deals", "_starts"):
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        variant, max_deals = _game_parameters(self.get_parameters())
        self.variant = variant
        self.max_deals = max_deals
        self._starts = [Match(variant, seed=0, first_dealer=s, deal=False) for s in range(4)]
        return getattr(self, name)

    def start(self, first_dealer: int) -> Stepper:
        """A new match with `first_dealer`, waiting for its first deal."""
        return Stepper(self._starts[first_dealer].clone())

    def new_initial_state(self) -> SuecaState:
        """The start of a match: the first dealer is drawn (a chance node) unless the variant
        fixes it."""
        return SuecaState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SuecaObserver:
        """An observer for OpenSpiel's tensors and strings (perfect recall: the information
        state; otherwise the observation)."""
        if iig_obs_type is None:
            iig_obs_type = pyspiel.IIGObservationType(perfect_recall=False)
        return SuecaObserver(iig_obs_type, params)


class _Shared:
    """A value that clones share (OpenSpiel deep-copies a state's attributes on every clone):
    the state at the start of the current deal, never changed."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class SuecaState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type information
    """A state of `python_sueca`: a `Stepper` plus the deal being dealt by chance."""

    def __init__(self, game: SuecaGame) -> None:
        super().__init__(game)
        fixed = game.variant.table.first_dealer
        self._drawing = fixed == "random"  # the first dealer is still to be drawn
        self._stepper = game.start(0 if fixed == "random" else int(fixed))
        self._side: bool | None = None  # the dealer's choice (True: top), dealer_choice only
        self._pack: list[int] = []  # the cards dealt so far in this deal
        self._deal_root: _Shared | None = None  # this state just before the deal's first card
        self._deal_actions: list[int] = []  # the decisions of this deal since its cards

    @property
    def stepper(self) -> Stepper:
        """The match, one decision at a time."""
        return self._stepper

    @property
    def table(self) -> Stepper:
        """`stepper`'s old name (deprecated)."""
        warnings.warn("State.table is now State.stepper", DeprecationWarning, stacklevel=2)
        return self._stepper

    @property
    def drawing_first_dealer(self) -> bool:
        """Whether this is the chance node that draws the first dealer."""
        return self._drawing

    def deal_pack(self, hands: Sequence[Iterable[Card | int]], trump_card: Card | int) -> list[int]:
        """The 40 chance outcomes, from this state (about to deal), that deal `hands` (by seat) with
        `trump_card` (a card of the dealer's) turned."""
        match = self._stepper.match
        if match.phase != "deal" or self._choosing() or self._pack:
            raise ConfigError("deal_pack: this state is not about to deal a deal's first card")
        rules = match.rules
        first = rules.trump_dealer_first if self._side is None else self._side
        turned = int(trump_card)
        pack: list[int] = []
        for seat in rules.deal_order(match.dealer, self._side):
            hand = sorted(int(c) for c in hands[seat])
            if seat == match.dealer:  # the turned card is the first or the last of the pack
                hand.remove(turned)
                hand = [turned, *hand] if first else [*hand, turned]
            pack.extend(hand)
        return pack

    # --- whose turn -------------------------------------------------------------------

    def _choosing(self) -> bool:
        match = self._stepper.match
        return match.phase == "deal" and match.rules.trump_dealer_choice and self._side is None

    def current_player(self) -> int:
        """The player to act, `pyspiel.PlayerId.CHANCE` or `TERMINAL`."""
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self._drawing:
            return int(pyspiel.PlayerId.CHANCE)
        match = self._stepper.match
        if match.phase == "deal":
            return match.dealer if self._choosing() else int(pyspiel.PlayerId.CHANCE)
        actor = self._stepper.actor
        assert actor is not None
        return actor

    def _legal_actions(self, player: int) -> list[int]:
        if self._choosing():
            return [TRUMP_TOP, TRUMP_BOTTOM]
        return self._stepper.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The first dealer (1/4 each), or the next card of the pack (uniform among the cards
        not dealt yet); none (`[]`) when this is not a chance node."""
        if not self.is_chance_node():
            return []
        if self._drawing:
            return [(s, 0.25) for s in range(4)]
        dealt = set(self._pack)
        left = [c for c in range(40) if c not in dealt]
        return [(c, 1.0 / len(left)) for c in left]

    # --- moves --------------------------------------------------------------------------

    def _apply_action(self, action: int) -> None:
        if self._drawing or self._stepper.match.phase == "deal":
            self._check_before_deal(action)
        if self._drawing:
            self._drawing = False
            self._stepper = self.get_game().start(action)
        elif self._stepper.match.phase == "deal":
            if self._choosing():
                self._side = action == TRUMP_TOP
                return
            if not self._pack:
                self._deal_root = _Shared(self.clone())
                self._deal_actions = []
            self._pack.append(action)
            if len(self._pack) == 40:
                self._deal()
        else:
            deal = self._stepper.match.deal_number
            self._stepper.apply(action)
            self._deal_actions.append(action)
            if self._stepper.match.deal_number != deal:  # the deal ended
                self._side = None

    def _check_before_deal(self, action: object) -> None:
        """Refuse, changing nothing, an action that is not one of this state's outcomes (the
        first dealer, a card not dealt yet) or, for the dealer's choice of trump, not top or
        bottom: OpenSpiel does not check a Python game's actions itself."""
        number = action_number(action)
        if not self._drawing and self._choosing():
            allowed = [TRUMP_TOP, TRUMP_BOTTOM]
            if number not in allowed:
                seat = self._stepper.match.dealer
                raise IllegalPlayError(
                    f"seat {seat} chooses where the trump card is turned, "
                    f"{ACTION_NAMES[TRUMP_TOP]} ({TRUMP_TOP}) or "
                    f"{ACTION_NAMES[TRUMP_BOTTOM]} ({TRUMP_BOTTOM}), not action {number}",
                    seat=seat,
                    rule="not_legal",
                )
            return
        outcomes = [outcome for outcome, _ in self.chance_outcomes()]
        if number not in outcomes:
            what = "a first dealer, 0 to 3" if self._drawing else "a card not dealt yet"
            raise IllegalPlayError(
                f"this chance node's outcome is {what}, not action {number}", rule="not_legal"
            )

    def _deal(self) -> None:
        match = self._stepper.match
        rules = match.rules
        order = rules.deal_order(match.dealer, self._side)
        pack = self._pack
        hands = [pack[10 * i : 10 * i + 10] for i in range(4)]
        by_seat = [hands[order.index(s)] for s in range(4)]
        first = rules.trump_dealer_first if self._side is None else self._side
        match.deal_hands(by_seat, pack[0] if first else pack[39])
        self._pack = []

    def _action_to_string(self, player: int, action: int) -> str:
        name = ACTION_NAMES[action_number(action)]  # IllegalPlayError outside 0..46
        if player == pyspiel.PlayerId.CHANCE:
            if self._drawing:
                return f"first dealer {action}"
            return f"deal {name}"
        return name

    # --- the end ------------------------------------------------------------------------

    def is_terminal(self) -> bool:
        """Whether the match is over, or `max_deals` deals have ended."""
        match = self._stepper.match
        limit = self.get_game().max_deals
        return match.is_over or bool(limit and len(match.deals) >= limit)

    def returns(self) -> list[float]:
        """+1 for the winning team's players and -1 for the others (see the module's text);
        zeros until the game ends."""
        if not self.is_terminal():
            return [0.0, 0.0, 0.0, 0.0]
        match = self._stepper.match
        team = match.winner
        if team is None:
            ahead = (match.partidas[0] - match.partidas[1], match.games[0] - match.games[1])
            if ahead == (0, 0):
                return [0.0, 0.0, 0.0, 0.0]
            team = 0 if ahead > (0, 0) else 1
        return [1.0 if match.rules.team_of(s) == team else -1.0 for s in range(4)]

    def __str__(self) -> str:
        match = self._stepper.match
        lines = [repr(match)]
        if match.trump_card is not None:
            lines.append(f"trump {match.trump_card}, dealer {match.dealer}")
            lines.extend(f"seat {s}: {' '.join(map(str, match.hand(s)))}" for s in range(4))
            lines.append("plays " + " ".join(map(str, match.plays)))
        elif self._pack:
            lines.append(f"dealing: {len(self._pack)} cards out")
        return "\n".join(lines)

    # --- search -------------------------------------------------------------------------

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SuecaState:
        """A state that `player_id` cannot tell from this one: the cards it cannot see in this deal
        dealt anew (see `sueca_rules.envs._resample`); the draw is seeded from `probability_sampler`
        (a callable returning a float in [0, 1))."""
        if not callable(probability_sampler):
            raise ConfigError(
                "probability_sampler is a function that returns a number in [0, 1) "
                f"(such as pyspiel.UniformProbabilitySampler(0.0, 1.0)), not "
                f"{cut(repr(probability_sampler))}"
            )
        if self._deal_root is None or self._stepper.match.phase == "deal":
            same: SuecaState = self.clone()  # nothing hidden yet in this deal
            return same
        drawn = probability_sampler()
        if isinstance(drawn, bool) or not isinstance(drawn, int | float | np.floating):
            raise ConfigError(
                f"probability_sampler() returned {cut(repr(drawn))}, not a number in [0, 1)"
            )
        rng = random.Random(float(drawn))
        obs = self._stepper.match.observation(player_id)
        state: SuecaState = self._deal_root.value.clone()
        assert obs.trump_card is not None
        pack = state.deal_pack(consistent_deal(obs, rng), obs.trump_card)
        for card in pack:
            state.apply_action(card)
        for action in self._deal_actions:
            state.apply_action(action)
        return state


class SuecaObserver:
    """OpenSpiel's observer of `python_sueca` (the interface of `make_py_observer`): `tensor` with
    named views in `dict`, filled by `set_from()`."""

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ConfigError(f"python_sueca observers take no parameters, not {params!r}")
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ConfigError("python_sueca observes one player at a time, never every hand")
        self.recall = bool(iig_obs_type.perfect_recall)
        self.public_only = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        size = INFORMATION_STATE_SIZE if self.recall else OBSERVATION_SIZE
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, np.ndarray[Any, Any]] = {}
        for name, section in LAYOUT.items():
            view = self.tensor[section.offset : section.offset + section.size]
            self.dict[name] = view.reshape(section.shape)
        if self.recall:
            self.dict["sequence"] = self.tensor[SEQUENCE_OFFSET:].reshape(40, 40)

    def set_from(self, state: SuecaState, player: int) -> None:
        """Fill `tensor` with what `player` may know in `state`."""
        if state.drawing_first_dealer:  # nobody sits anywhere yet
            self.tensor.fill(0.0)
            self.tensor[LAYOUT["seat"].offset + player] = 1.0
        elif self.recall:
            encode_information_state(state.stepper, player, self.tensor)
        else:
            encode_observation(state.stepper, player, self.tensor)
        if self.public_only:
            for name in ("hand", "legal", "may_redeal"):
                self.dict[name].fill(0.0)

    def string_from(self, state: SuecaState, player: int) -> str:
        """What `player` may know in `state`, as one line of text."""
        if state.drawing_first_dealer:
            return f"seat {player} | the first dealer is being drawn"
        return observation_text(state.stepper, player, private=not self.public_only)


pyspiel.register_game(GAME_TYPE, SuecaGame)
