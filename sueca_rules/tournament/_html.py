"""A printable HTML page of a tournament: the pairings of each round with table numbers, a score
sheet for each open table to fill in by hand, and the standings. Plain CSS, no script, nothing
fetched; every name is escaped."""

from __future__ import annotations

from html import escape

from .._describe_facts import shown_name
from .._lang._catalogue import Catalogue
from .._variant import Variant
from ._core import planned_rounds, winner
from ._model import DEFAULT_NAME, Pairing, Round, Tournament, check_tournament
from ._standings import Standing, group_standings, standings
from ._words import tournament_words

__all__ = ["PRINT_CSS", "tournament_html"]

PRINT_CSS = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #111; }
h1 { margin-bottom: 0; }
.meta { color: #444; margin-top: .2em; }
.note { color: #444; font-size: .9em; }
.winner { font-size: 1.3em; font-weight: bold; }
table { border-collapse: collapse; margin: .5em 0 1.5em; }
th, td { border: 1px solid #999; padding: .25em .6em; text-align: left; }
td.n, th.n { text-align: right; }
th.c { text-align: center; }
section.round, section.sheet { break-inside: avoid; }
.sheet { border: 2px solid #111; padding: .6em 1em; margin: 1em 0; max-width: 38em; }
/* The score grid takes its box's width and shares it out (the team's and the partidas won's
   columns a little wider): it never reaches past the box, whatever the screen or the number
   of partidas. */
.sheet table.grid { width: 100%; table-layout: fixed; }
.sheet table.grid tr:first-child > th:first-child { width: 26%; }
.sheet table.grid tr:first-child > th:last-child { width: 22%; }
.sheet table.grid th, .sheet table.grid td { overflow-wrap: anywhere; }
.sheet td.blank { height: 1.6em; }
.kind { white-space: nowrap; }
.sign { margin-top: 1.2em; }
@media screen and (max-width: 640px) {
  /* On a phone the other tables scroll in their own box (each can take the keyboard's focus):
     the page does not scroll sideways. */
  body { margin: .6em; }
  table { display: block; max-width: 100%; overflow-x: auto; }
  table:not(.grid) td { white-space: nowrap; }
  .sheet { max-width: none; padding: .5em .6em; }
  .sheet table.grid { display: table; }
  .sheet table.grid th, .sheet table.grid td { padding: .25em .3em; }
  .sheet table.grid th { font-size: .8em; }
  /* The standings, one card a team: its rank, name and points on the first line, the rest
     under them, each number after its words (eleven columns scrolled sideways in their box). */
  table.standings, table.standings tbody { display: block; overflow: visible; }
  table.standings thead { display: none; }
  table.standings tr { display: flex; flex-wrap: wrap; align-items: baseline; gap: .1em .8em;
    position: relative; border: 1px solid #999; padding: .35em .55em .35em 2.4em;
    margin-bottom: .4em; }
  table.standings tr::after { content: ""; flex-basis: 100%; order: 3; }
  table.standings td { display: block; border: none; padding: 0; text-align: left;
    white-space: normal; }
  table.standings td.rank { position: absolute; left: .55em; font-weight: bold; }
  table.standings td.rank::after { content: "."; }
  /* Room for the rank before the name: "10." and "100." are wider than "9." */
  table.standings[data-ranks="2"] tr { padding-left: 3em; }
  table.standings[data-ranks="3"] tr { padding-left: 3.6em; }
  table.standings td.team { flex: 1 1 0; min-width: 0; font-weight: bold; overflow-wrap: anywhere;
    order: 1; }
  table.standings td.pts { font-weight: bold; order: 2; white-space: nowrap; }
  table.standings td.more { order: 4; font-size: .9em; white-space: nowrap; }
  table.standings td.pts::before, table.standings td.more::before {
    content: attr(data-label) " "; font-weight: normal; color: #444; }
}
abbr[title] { text-decoration: none; }
.screen-only { margin: 0 0 .8em; }
.screen-only a { display: inline-flex; align-items: center; min-height: 2.75rem; }
@media print {
  body { margin: 0; }
  .screen-only { display: none; }
  section.sheets { break-before: page; }
  section.standings { break-before: page; }
}
"""


_TABLE = '<table tabindex="0">'
"""A table that may scroll in its box (a phone's: see `PRINT_CSS`), which the keyboard must then
reach; a sheet's score grid always fits its box."""


def _table_row(tab: Pairing, w: Catalogue) -> str:
    score = "" if tab.result is None else f"{tab.result.score[0]}-{tab.result.score[1]}"
    # The final and the third-place match are said with the table's number ("1 (final)"), as
    # the web pages say them: after the second team's name they read as part of it.
    kind = ""
    if tab.kind in ("final", "third_place"):
        kind = f' <span class="kind">{escape(w(f"print.{tab.kind}").strip())}</span>'
    group = f"<td>{escape(tab.group)}</td>" if tab.group else ""
    return (
        f"<tr><td class=n>{tab.table}{kind}</td>{group}<td>{escape(tab.teams[0])}</td>"
        f"<td>{escape(tab.teams[1])}</td><td class=n>{score}</td></tr>"
    )


def _round(rnd: Round, w: Catalogue) -> str:
    grouped = any(tab.group for tab in rnd.tables)
    head = f"<th class=n>{w('print.table')}</th>" + (
        f"<th>{w('print.group')}</th>" if grouped else ""
    )
    rows = "".join(_table_row(tab, w) for tab in rnd.tables)
    byes = ""
    if rnd.byes:
        byes = f"<p>{escape(w('print.byes', teams=', '.join(rnd.byes)))}</p>"
    return (
        f'<section class="round"><h3>{w("print.round", r=rnd.round)}</h3>{_TABLE}<thead><tr>'
        f"{head}<th>{w('print.first')}</th><th>{w('print.second')}</th>"
        f"<th class=n>{w('print.score')}</th></tr></thead><tbody>{rows}</tbody></table>{byes}"
        "</section>"
    )


def _sheet(rnd: Round, tab: Pairing, variant: Variant, w: Catalogue) -> str:
    best = variant.match.best_of
    team, won = w("print.team"), w("print.won")
    if best == 1:
        head = f"<tr><th>{team}</th><th class=n>{w('print.partida', k=1)}</th>"
        head += f"<th class=n>{won}</th></tr>"
    else:  # "Partidas" over their numbers: a number fits the narrowest box, "Partida 5" not
        numbers = "".join(f"<th class=c>{k}</th>" for k in range(1, best + 1))
        head = (
            f"<tr><th rowspan=2>{team}</th><th colspan={best} class=c>{w('print.partidas')}</th>"
            f"<th rowspan=2 class=n>{won}</th></tr><tr>{numbers}</tr>"
        )
    blanks = "".join("<td class=blank></td>" for _ in range(best))
    rows = "".join(
        f"<tr><td>{escape(name)}</td>{blanks}<td class=blank></td></tr>" for name in tab.teams
    )
    rules = w("print.rules", target=variant.match.target_games, need=best // 2 + 1)
    return (
        f'<section class="sheet"><h3>{w("print.sheet", r=rnd.round, t=tab.table)}</h3>'
        f"<p>{rules}</p>"
        f'<table class="grid"><thead>{head}</thead><tbody>{rows}</tbody></table>'
        f'<p class="sign">{w("print.signed")} ____________________ &nbsp; '
        "____________________</p></section>"
    )


def _standings_table(rows: list[tuple[int, str, list[int | str]]], w: Catalogue) -> str:
    """The standings: a table on paper and on a wide screen, each heading's whole words in its
    `<abbr title>` where it is short ("P+"); on a phone one card a team (`PRINT_CSS`), each
    number after those words."""
    shorts = w("print.columns").split("|")
    titles = w("print.column_titles").split("|")

    def heading(short: str, title: str) -> str:
        if short == title:
            return f"<th class=n>{escape(short)}</th>"
        return f'<th class=n><abbr title="{escape(title)}">{escape(short)}</abbr></th>'

    head = "".join(heading(short, title) for short, title in zip(shorts, titles, strict=True))
    points = 4  # the column of the points (`_rows()`), shown beside the team on a phone
    body = "".join(
        f'<tr><td class="n rank">{r}</td><td class=team>{escape(team)}</td>'
        + "".join(
            f'<td class="n {"pts" if i == points else "more"}" data-label="{escape(titles[i])}">'
            f"{v}</td>"
            for i, v in enumerate(values)
        )
        + "</tr>"
        for r, team, values in rows
    )
    digits = len(str(max((r for r, _, _ in rows), default=1)))  # the rank's room on a phone
    return (
        f'<table class="standings" data-ranks="{digits}" tabindex="0"><thead><tr><th class=n>#</th>'
        f"<th>{w('print.team')}</th>{head}</tr></thead><tbody>{body}</tbody></table>"
    )


def _rows(table: list[Standing]) -> list[tuple[int, str, list[int | str]]]:
    """Each team's rank, name and numbers; its games marked `*` when some of its tables' games
    were not entered (said under the table: `_games_note`)."""
    mark = "*"
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
                f"{s.games_for}{mark}" if s.games_unknown else s.games_for,
                f"{s.games_against}{mark}" if s.games_unknown else s.games_against,
            ],
        )
        for s in table
    ]


def _games_note(table: list[Standing], w: Catalogue) -> str:
    """Under a standings table whose games are marked (`_rows`): what the mark says."""
    if not any(s.games_unknown for s in table):
        return ""
    return f'<p class="note">{escape(w("games_unknown"))}</p>'


def tournament_html(
    t: Tournament, variant: Variant, *, stylesheet: str | None = None, lang: str = "en"
) -> str:
    """The printable page of `t` (see the module documentation) in `lang` (`en` or `pt`): its CSS
    inline, or a link to `stylesheet` (where a policy forbids inline styles: `PRINT_CSS` is what
    to serve there)."""
    check_tournament(t, "tournament_html()")
    w = tournament_words(lang)
    style = f"<style>{PRINT_CSS}</style>"
    if stylesheet is not None:
        style = f'<link rel="stylesheet" href="{escape(stylesheet)}">'
    rounds = "".join(_round(rnd, w) for rnd in t.rounds) or f"<p>{w('print.none')}</p>"
    sheets = "".join(
        _sheet(rnd, tab, variant, w)
        for rnd in t.rounds[-1:]
        for tab in rnd.tables
        if not tab.result
    )
    groups = "".join(
        f"<h3>{escape(w('print.group_title', g=name))}</h3>"
        + _standings_table(_rows(table), w)
        + _games_note(table, w)
        for name, table in group_standings(t).items()
    )
    if groups:  # the table of every team, after the groups' own, says what it is
        groups += f"<h3>{escape(w('print.overall'))}</h3>"
    order = ", ".join(w("print.tiebreak", c=c) for c in t.tiebreaks)
    name = w("tournament") if t.name == DEFAULT_NAME else t.name
    meta = w(
        "print.meta",
        format=w("print.format", f=t.format),
        teams=len(t.teams),
        r=len(t.rounds),
        n=planned_rounds(t),
        variant=shown_name(variant.name, lang),
        order=order,
    )
    everyone = standings(t)
    won = winner(t)
    champion = "" if won is None else f'<p class="winner">{escape(w("print.winner", team=won))}</p>'
    html_lang = "pt-PT" if lang == "pt" else "en"
    return (
        f'<!DOCTYPE html>\n<html lang="{html_lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(name)}</title>{style}</head><body><main>"
        f"<h1>{escape(name)}</h1>"
        f'<p class="meta">{escape(meta)}</p>{champion}'
        f"<h2>{w('print.pairings')}</h2>{rounds}"
        + (
            f'<section class="sheets"><h2>{w("print.sheets")}</h2>{sheets}</section>'
            if sheets
            else ""
        )
        + f'<section class="standings"><h2>{w("print.standings")}</h2>{groups}'
        + _standings_table(_rows(everyone), w)
        + _games_note(everyone, w)
        + "</section></main></body></html>\n"
    )
