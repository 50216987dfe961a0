"""Tournaments of Sueca: round robin, Swiss, knockout, and groups then knockout.

The tournament file holds the whole state (teams, format, rounds, tables, results, tie-breaks,
the variant every table plays under, the seed); every function takes a
[`Tournament`][sueca_rules.tournament.Tournament] and returns a new one, so a refused action leaves
the state as it was:

```python
from sueca_rules.tournament import Team, create, pair, record_result, standings, tournament_variant

cup = create([Team(name=n) for n in "ABCD"], "round_robin", variant="portugal")
cup = pair(cup)
variant = tournament_variant(cup)
cup = record_result(cup, variant, 1, 1, score=(1, 0))
print(standings(cup)[0].team)
```
"""

from .._public import renamed
from ._core import (
    create,
    games_of,
    is_finished,
    open_tables,
    pair,
    planned_rounds,
    play_round,
    record_result,
    same_rules,
    standings_data,
    undo,
)
from ._html import PRINT_CSS, tournament_html
from ._model import *  # noqa: F403  (the names of `_model.__all__`, added to `__all__` below)
from ._model import __all__ as _model_all
from ._pairing import bracket_slots, round_robin_rounds, swiss_pairs
from ._standings import Standing, group_standings, standings

__all__ = [
    "PRINT_CSS",
    "Standing",
    "bracket_slots",
    "create",
    "games_of",
    "group_standings",
    "is_finished",
    "open_tables",
    "pair",
    "planned_rounds",
    "play_round",
    "record_result",
    "round_robin_rounds",
    "same_rules",
    "standings",
    "standings_data",
    "swiss_pairs",
    "tournament_html",
    "undo",
]
# The tournament file's API is public as a whole: its names are listed once, in `_model.__all__`
# (what its modules share among themselves, such as `How` and `Tiebreak`, stays out of it).
__all__ += _model_all


# `Table` was `Pairing`'s old name (a `Table` is a table people sit at, in the web app).
__getattr__ = renamed(__name__, {"Table": ("Pairing", lambda: Pairing)})  # noqa: F405
