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
from ._core import *  # noqa: F403  (the names of `_core.__all__`, added to `__all__` below)
from ._core import __all__ as _core_all
from ._games import *  # noqa: F403  (likewise)
from ._games import __all__ as _games_all
from ._html import *  # noqa: F403  (likewise)
from ._html import __all__ as _html_all
from ._model import *  # noqa: F403  (likewise)
from ._model import __all__ as _model_all
from ._pairing import bracket_slots, round_robin_rounds, swiss_pairs
from ._standings import Standing, group_standings, standings

__all__ = [
    "Standing",
    "bracket_slots",
    "group_standings",
    "round_robin_rounds",
    "standings",
    "swiss_pairs",
]
# The playing of a tournament (`_core`), the games a result may give (`_games`), its printed page
# (`_html`) and its file (`_model`) are public as a whole: their names are listed once, each in
# its module's `__all__` (the names the modules share among themselves, such as `How` and
# `Tiebreak`, stay out of those lists).
# `_pairing` and `_standings` also hold helpers of the package's own: their public names are above.
__all__ += _core_all
__all__ += _games_all
__all__ += _html_all
__all__ += _model_all


# `Table` was `Pairing`'s old name (a `Table` is a table people sit at, in the web app).
__getattr__ = renamed(__name__, {"Table": ("Pairing", lambda: Pairing)})  # noqa: F405
