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
from ._model import (
    FORMATS,
    MAX_TEAMS,
    TIEBREAKS,
    Pairing,
    Points,
    RecordRef,
    Result,
    Round,
    SetScore,
    Team,
    Tournament,
    TournamentError,
    TournamentFileError,
    dump_tournament,
    load_tournament,
    parse_tournament,
    save_tournament,
    score_problem,
    sha256_of,
    tournament_variant,
    update_tournament,
)
from ._pairing import bracket_slots, round_robin_rounds, swiss_pairs
from ._standings import Standing, group_standings, standings

__all__ = [
    "FORMATS",
    "MAX_TEAMS",
    "PRINT_CSS",
    "TIEBREAKS",
    "Pairing",
    "Points",
    "RecordRef",
    "Result",
    "Round",
    "SetScore",
    "Standing",
    "Team",
    "Tournament",
    "TournamentError",
    "TournamentFileError",
    "bracket_slots",
    "create",
    "dump_tournament",
    "games_of",
    "group_standings",
    "is_finished",
    "load_tournament",
    "open_tables",
    "pair",
    "parse_tournament",
    "planned_rounds",
    "play_round",
    "record_result",
    "round_robin_rounds",
    "same_rules",
    "save_tournament",
    "score_problem",
    "sha256_of",
    "standings",
    "standings_data",
    "swiss_pairs",
    "tournament_html",
    "tournament_variant",
    "undo",
    "update_tournament",
]


# `Table` was `Pairing`'s old name (a `Table` is a table people sit at, in the web app).
__getattr__ = renamed(__name__, {"Table": ("Pairing", lambda: Pairing)})
