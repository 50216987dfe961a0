"""What a language's phrases hold: its catalogues (`catalogues/<lang>/<section>.json`, templates
only, read by the one renderer of `_catalogue.py`), by front end.

- `card`: the rules card, rule differences and the one-line summary (`sueca_rules._describe`
  lays them out from the facts of `sueca_rules._describe_facts`, in no language);
- `table`: the words of a game at the table that `sueca play`, `sueca replay` and the web table
  share (seats seen from a player, teams, phases, the dealer's choice), as `TablePhrases`;
- `play`, `replay`, `analysis`: the terminal game, its replay, the analysis and hints.

A new language is its catalogues and its code in `Lang` (`_kinds.py`); `tests/test_catalogues.py`
checks that every language has the same entries, showing the same values.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal, Protocol

from ._analysis_tables import AnalysisPhrases
from ._catalogue import Catalogue
from ._game_tables import PlayPhrases, ReplayPhrases

__all__ = ["Phase", "Phrases", "TablePhrases", "TableWords"]


Phase = Literal["deal", "trump", "redeal", "play", "count", "over"]
"""The phases of a match (`Match.phase`), with those the dealer's choice of trump, redeals and the
count add (each language names them: `phase.<phase>` in its `table` catalogue)."""


class TablePhrases(Protocol):
    """Words of a game at the table (`sueca play`, `sueca replay`, the web table): seats seen from a
    player (`seat_name()`), teams, phases."""

    you: str
    partner: str
    right_rival: str
    left_rival: str
    top_card: str
    """The dealer's choice of the top card for trumps (trunfo por cima)."""
    bottom_card: str
    """The dealer's choice of the bottom card (trunfo por baixo)."""
    redeal: str
    """Asking for a new deal (dar de novo)."""
    keep_hand: str
    """Not asking: playing the hand dealt."""
    claim: str
    """Claiming a renúncia (acusar)."""

    def phase(self, key: Phase) -> str:
        """A phase's name."""
        ...

    def seat(self, seat: int) -> str:
        """A seat by number (`seat 2`)."""
        ...

    def team(self, team: int) -> str:
        """A team by number (`team 0`)."""
        ...


class TableWords:
    """`TablePhrases` read from a language's `table` catalogue (the same in every language)."""

    __slots__ = (
        "_catalogue",
        "bottom_card",
        "claim",
        "keep_hand",
        "left_rival",
        "partner",
        "redeal",
        "right_rival",
        "top_card",
        "you",
    )

    def __init__(self, catalogue: Catalogue) -> None:
        self._catalogue = catalogue
        self.you = catalogue("you")
        self.partner = catalogue("partner")
        self.right_rival = catalogue("right_rival")
        self.left_rival = catalogue("left_rival")
        self.top_card = catalogue("top_card")
        self.bottom_card = catalogue("bottom_card")
        self.redeal = catalogue("redeal")
        self.keep_hand = catalogue("keep_hand")
        self.claim = catalogue("claim")

    def phase(self, key: Phase) -> str:
        """A phase's name (`phase.<phase>`)."""
        return self._catalogue(f"phase.{key}")

    def seat(self, seat: int) -> str:
        """A seat by number (`seat 2`)."""
        return self._catalogue("seat", seat=seat)

    def team(self, team: int) -> str:
        """A team by number (`team 0`)."""
        return self._catalogue("team", team=team)


@dataclass(frozen=True, slots=True)
class Phrases:
    """Every phrase of one language, by front end."""

    lang: str
    """The language code (`en`, `pt`)."""
    name: str
    """The language's own name (`English`, `português`)."""
    card: Catalogue
    """The rules card, rule differences and the summary (`catalogues/<lang>/card.json`)."""
    table: TablePhrases
    """A game at the table (`catalogues/<lang>/table.json`)."""
    play: PlayPhrases
    """`sueca play` (`._game_tables`, from the `game` catalogue)."""
    replay: ReplayPhrases
    """`sueca replay`'s account (`._game_tables`, from the `game` catalogue)."""
    builtins: Mapping[str, str] | None
    """The built-in variants' descriptions in this language, by id
    (`catalogues/<lang>/variants.json`); `None` in the language the variant files are written in
    (English), whose descriptions are shown as written."""
    analysis: AnalysisPhrases
    """`sueca analyse`, the hints and the web review (`._analysis_tables`, from its catalogue)."""
