"""A printable HTML page of a tournament: the pairings of each round with table numbers, a score
sheet for each open table to fill in by hand, and the standings. Plain CSS, no script, nothing
fetched; every name is escaped."""

from __future__ import annotations

from html import escape

from .._variant import Variant
from ._core import planned_rounds
from ._model import Pairing, Round, Tournament
from ._standings import Standing, group_standings, standings

__all__ = ["PRINT_CSS", "tournament_html"]

PRINT_CSS = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #111; }
h1 { margin-bottom: 0; }
.meta { color: #444; margin-top: .2em; }
table { border-collapse: collapse; margin: .5em 0 1.5em; }
th, td { border: 1px solid #999; padding: .25em .6em; text-align: left; }
td.n, th.n { text-align: right; }
section.round, section.sheet { break-inside: avoid; }
.sheet { border: 2px solid #111; padding: .6em 1em; margin: 1em 0; max-width: 36em; }
.sheet td.blank { width: 6em; height: 1.6em; }
.sign { margin-top: 1.2em; }
@media print {
  body { margin: 0; }
  section.sheets { break-before: page; }
  section.standings { break-before: page; }
}
"""


def _table_row(tab: Pairing) -> str:
    score = "" if tab.result is None else f"{tab.result.score[0]}-{tab.result.score[1]}"
    kind = {"final": " (final)", "third_place": " (3rd place)"}.get(tab.kind, "")
    group = f"<td>{escape(tab.group)}</td>" if tab.group else ""
    return (
        f"<tr><td class=n>{tab.table}</td>{group}<td>{escape(tab.teams[0])}</td>"
        f"<td>{escape(tab.teams[1])}{kind}</td><td class=n>{score}</td></tr>"
    )


def _round(rnd: Round) -> str:
    grouped = any(tab.group for tab in rnd.tables)
    head = "<th class=n>Table</th>" + ("<th>Group</th>" if grouped else "")
    rows = "".join(_table_row(tab) for tab in rnd.tables)
    byes = ""
    if rnd.byes:
        byes = "<p>Bye (a win): " + ", ".join(escape(n) for n in rnd.byes) + "</p>"
    return (
        f'<section class="round"><h3>Round {rnd.round}</h3><table><thead><tr>{head}'
        f"<th>First team</th><th>Second team</th>"
        f"<th class=n>Score</th></tr></thead><tbody>{rows}</tbody></table>{byes}</section>"
    )


def _sheet(rnd: Round, tab: Pairing, variant: Variant) -> str:
    best = variant.match.best_of
    partidas = "".join(f"<th class=n>Partida {k}</th>" for k in range(1, best + 1))
    blanks = "".join("<td class=blank></td>" for _ in range(best))
    rows = "".join(
        f"<tr><td>{escape(name)}</td>{blanks}<td class=blank></td></tr>" for name in tab.teams
    )
    return (
        f'<section class="sheet"><h3>Round {rnd.round} · table {tab.table}</h3>'
        f"<p>Games to win a partida: {variant.match.target_games}; "
        f"the match goes to the first to win {best // 2 + 1} partida(s).</p>"
        f"<table><thead><tr><th>Team</th>{partidas}<th class=n>Partidas won</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
        f'<p class="sign">Signed: ____________________ &nbsp; ____________________</p></section>'
    )


def _standings_table(rows: list[tuple[int, str, list[int]]]) -> str:
    cols = ["Played", "Won", "Lost", "Byes", "Points", "P+", "P−", "G+", "G−"]
    head = "".join(f"<th class=n>{c}</th>" for c in cols)
    body = "".join(
        f"<tr><td class=n>{r}</td><td>{escape(team)}</td>"
        + "".join(f"<td class=n>{v}</td>" for v in values)
        + "</tr>"
        for r, team, values in rows
    )
    return (
        f"<table><thead><tr><th class=n>#</th><th>Team</th>{head}</tr></thead>"
        f"<tbody>{body}</tbody></table>"
    )


def _rows(table: list[Standing]) -> list[tuple[int, str, list[int]]]:
    return [
        (
            s.rank,
            s.team,
            [
                s.played,
                s.won,
                s.lost,
                s.byes,
                s.points,
                s.partidas_for,
                s.partidas_against,
                s.games_for,
                s.games_against,
            ],
        )
        for s in table
    ]


def tournament_html(t: Tournament, variant: Variant, *, stylesheet: str | None = None) -> str:
    """The printable page of `t` (see the module documentation): its CSS inline, or a link to
    `stylesheet` (where a policy forbids inline styles: `PRINT_CSS` is what to serve there)."""
    style = f"<style>{PRINT_CSS}</style>"
    if stylesheet is not None:
        style = f'<link rel="stylesheet" href="{escape(stylesheet)}">'

    rounds = "".join(_round(rnd) for rnd in t.rounds) or "<p>No round has been paired yet.</p>"
    sheets = "".join(
        _sheet(rnd, tab, variant) for rnd in t.rounds[-1:] for tab in rnd.tables if not tab.result
    )
    groups = "".join(
        f"<h3>Group {escape(name)}</h3>" + _standings_table(_rows(table))
        for name, table in group_standings(t).items()
    )
    order = ", ".join(escape(c.replace("_", " ")) for c in t.tiebreaks)
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(t.name)}</title>{style}</head><body>"
        f"<h1>{escape(t.name)}</h1>"
        f'<p class="meta">{escape(t.format.replace("_", " "))} · {len(t.teams)} teams · '
        f"round {len(t.rounds)} of {planned_rounds(t)} · variant {escape(variant.name)} · "
        f"tie-breaks after points: {order}</p>"
        f"<h2>Pairings</h2>{rounds}"
        + (f'<section class="sheets"><h2>Score sheets</h2>{sheets}</section>' if sheets else "")
        + f'<section class="standings"><h2>Standings</h2>{groups}'
        + _standings_table(_rows(standings(t)))
        + "</section></body></html>\n"
    )
