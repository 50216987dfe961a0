"""`sueca serve --tournament cup.yaml`: the tournament's pages, on the same file as the command
line.

* `/tournament`: the players' page, read-only: the standings, the round's tables, and (pick your
  team) your next table. It reloads itself every 30 seconds.
* `/tournament/organiser/<secret>`: the organiser's page, behind a secret link printed when the
  server starts: the round's tables with a form to enter each score or no-show, and buttons to
  pair the next round and to undo the last action.
* `/tournament/print`: the printable page (pairings, score sheets, standings).

A table of the round may be played online: the organiser's "Play online" makes a web table of
four people under the tournament's variant (seats 0 and 2 the table's first team) and shows its
four join links; when its match is over, its record is entered as that table's result, as
`sueca tournament result --record` does (a refused record is logged and said on the page).

Every request reads the file again when it has changed on disk (the command line may have written
it), and every change is written under the file's lock and atomically, as the command line does:
a refused change (an impossible score) writes nothing and says why. Pages are rendered on the
server with forms (no script), in English or Portuguese.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import os
import threading
from html import escape
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote

import jinja2
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, RedirectResponse, Response
from starlette.routing import BaseRoute, Route

from sueca_rules import Record
from sueca_rules._errors import SourceError
from sueca_rules._rules import compiled_rules
from sueca_rules._text import cut, is_whole
from sueca_rules._variant import Variant
from sueca_rules.tournament import (
    DEFAULT_NAME,
    PRINT_CSS,
    Pairing,
    RecordRef,
    Tournament,
    TournamentError,
    load_tournament,
    normal_name,
    open_tables,
    pair,
    pairing_at,
    planned_rounds,
    record_digest,
    record_result,
    standings,
    tournament_html,
    undo,
    update_tournament,
    winner,
)
from sueca_rules.tournament._words import refusal_text, tournament_words

from ._i18n import LANGS, Lang, page_lang, phrase
from ._refusal import Refusal
from ._store import StoreError, new_secret
from ._tables import SeatSpec, Table, TableClaimed, TableManager, same_secret

__all__ = ["TournamentSite"]

log = logging.getLogger("sueca_rules.web")

MAX_FORM_BYTES = 4096


@functools.cache
def _words(lang: Lang) -> dict[str, str]:
    """The tournament pages' words in `lang` (`tournament_words()`), those that are a template
    (the pages' templates read them by key)."""
    entries = tournament_words(lang).entries
    return {key: entry for key, entry in entries.items() if isinstance(entry, str)}


_PAGE = """<!doctype html>
<html lang="{{ 'pt-PT' if lang == 'pt' else 'en' }}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
{% if refresh %}<script src="/static/js/refresh.js" defer></script>{% endif %}
<title>{{ name }} · Sueca</title>
<link rel="stylesheet" href="/static/css/app.css">
<link rel="stylesheet" href="/tournament/page.css">
<link rel="icon" href="/static/favicon.svg" type="image/svg+xml"></head>
<body data-page="tournament">
<header class="top"><a class="brand" href="/tournament">{{ name }}</a>
<nav><a href="/tournament/print">{{ w.print }}</a></nav>
<div class="langs" role="group" aria-label="{{ lang_label }}">
{%- for l, tag in (("pt", "pt-PT"), ("en", "en")) %}<a href="?lang={{ l }}" lang="{{ tag }}"
{%- if l == lang %} aria-current="true"{% endif %}>{{ l | upper }}</a>{% endfor %}</div></header>
<main id="main">
<h1>{{ heading }}</h1>
<p class="hint">{{ status }}</p>
{% if trouble %}<p class="issues" role="alert">{{ w.trouble }}{% if trouble_why %}
({{ trouble_why }}){% endif %}</p>{% endif %}
{% if error %}<p class="issues" role="alert">{{ error }}</p>{% endif %}
{% if saved %}<p class="notice" role="status">{{ w.saved }}</p>{% endif %}
{% block body %}{% endblock %}
</main></body></html>
"""

_TABLES = """{% macro round_tables(rnd, form) %}
<div class="tt-wrap"><table class="tt round"><thead><tr><th>{{ w.table }}</th>
<th>{{ w.first }}</th><th>{{ w.second }}</th><th>{{ w.score }}</th></tr></thead><tbody>
{% for tab in rnd.tables %}<tr><td data-label="{{ w.table }}">{{ tab.table }}
{%- if tab.group %} ({{ tab.group }}){% endif %}
{%- if tab.kind in ("final", "third_place") %}{{ w["print." ~ tab.kind] }}{% endif %}</td>
<td data-label="{{ w.first }}">
{{- tab.teams[0] }}</td><td data-label="{{ w.second }}">{{ tab.teams[1] }}</td>
<td data-label="{{ w.score }}">
{% if tab.result %}{{ tab.result.score[0] }}-{{ tab.result.score[1] }}
{% if form %}<form method="post" action="{{ base }}/undo" class="score">
<input type="hidden" name="round" value="{{ rnd.round }}">
<input type="hidden" name="table" value="{{ tab.table }}">
{% set undo_text = say("undo_this_text", t=tab.table) %}
<button class="small" title="{{ undo_text }}" aria-label="{{ undo_text }}">
{{- w.undo_this }}</button>
</form>{% endif %}
{% elif form %}<form method="post" action="{{ base }}/result" class="score" novalidate>
<input type="hidden" name="round" value="{{ rnd.round }}">
<input type="hidden" name="table" value="{{ tab.table }}">
<span class="won">{{ w.partidas_won }}:</span>
<label>{{ tab.teams[0] }} <input type="number" name="a" min="0" max="{{ most }}" required></label>
<label>{{ tab.teams[1] }} <input type="number" name="b" min="0" max="{{ most }}" required></label>
<button class="small primary">{{ w.enter }}</button></form>
<form method="post" action="{{ base }}/result" class="score" novalidate>
<input type="hidden" name="round" value="{{ rnd.round }}">
<input type="hidden" name="table" value="{{ tab.table }}">
<select name="no_show" aria-label="{{ w.no_show }}" required>
<option value="" selected>{{ w.no_show_pick }}</option>{% for n in tab.teams %}
<option>{{ n }}</option>{% endfor %}</select>
<button class="small">{{ w.no_show }}</button></form>
{% set on = online.get(tab.table) %}{% if on %}<p class="online">{{ w.online_links }}</p>
<ul class="links">{% for l in on.links %}<li><a href="{{ l.path }}">{{ l.label }}</a>
</li>{% endfor %}<li><a href="{{ on.watch }}">{{ w.watch }}</a></li></ul>
{% if on.state != "finished" %}<p class="online waits">{{ w.online_waits }}</p>{% endif %}
{% if on.state == "finished" %}<p class="online">{{ w.online_over }}</p>
{% elif on.state == "playing" %}<p class="online">{{ w.started }}</p>{% else %}
<form method="post" action="{{ base }}/start" class="score">
<input type="hidden" name="round" value="{{ rnd.round }}">
<input type="hidden" name="table" value="{{ tab.table }}">
<button class="small" title="{{ w.start_text }}">{{ w.start }}</button></form>{% endif %}
{% else %}<form method="post" action="{{ base }}/online" class="score">
<input type="hidden" name="round" value="{{ rnd.round }}">
<input type="hidden" name="table" value="{{ tab.table }}">
<button class="small">{{ w.online }}</button></form>{% endif %}{% endif %}
{% if form and refused.get(tab.table) %}<p class="issues" role="alert">
{{ refused.get(tab.table) }}</p>{% endif %}</td></tr>{% endfor %}
</tbody></table></div>
{% if rnd.byes %}<p>{{ w.bye }}: {{ rnd.byes | join(', ') }}</p>{% endif %}
{% endmacro %}
{% macro standings_table(rows) %}
<div class="tt-wrap shadowed" tabindex="0" role="region" aria-label="{{ w.players }}">
{% set digits = rows | map(attribute="rank") | max | default(1) | string | length %}
<table class="tt standings" data-ranks="{{ digits }}"><thead><tr><th>#</th><th>{{ w.team }}</th>
<th>{{ w.points }}</th><th>{{ w.played }}</th>
<th>{{ w.won }}</th><th>{{ w.lost }}</th><th>{{ w.bye }}</th>
<th>{{ w.partidas }}</th><th>{{ w.games }}</th></tr></thead><tbody>
{% for s in rows %}<tr><td class="rank">{{ s.rank }}</td><td class="team">{{ s.team }}</td>
<td class="pts" data-label="{{ w.points }}">{{ s.points }}</td>
<td class="more" data-label="{{ w.played }}">{{ s.played }}</td>
<td class="more" data-label="{{ w.won }}">{{ s.won }}</td>
<td class="more" data-label="{{ w.lost }}">{{ s.lost }}</td>
<td class="more" data-label="{{ w.bye }}">{{ s.byes }}</td>
<td class="more" data-label="{{ w.partidas }}">{{ s.partidas_for }}-{{ s.partidas_against }}</td>
<td class="more" data-label="{{ w.games }}">{{ s.games_for }}-{{ s.games_against }}
{%- if s.games_unknown %}*{% endif %}</td></tr>
{%- endfor %}</tbody></table></div>
{% if rows | selectattr("games_unknown") | list %}
<p class="hint">{{ w.games_unknown }}</p>{% endif %}
{% endmacro %}"""

_PLAYERS = """{% extends "page" %}{% import "tables" as m with context %}{% block body %}
<section class="panel"><form method="get" action="/tournament">
<input type="hidden" name="lang" value="{{ lang }}">
<label>{{ w.your_team }} <select name="team">{% for n in t.team_names() %}
<option{% if n == team %} selected{% endif %}>{{ n }}</option>{% endfor %}</select></label>
<button>{{ w.show }}</button></form>
{% if next %}<p class="next"><strong>{{ next }}</strong></p>{% endif %}</section>
{% if rnd %}<section class="panel"><h2>{{ round_title }}</h2>{{ m.round_tables(rnd, False) }}
</section>{% endif %}
<section class="panel"><h2>{{ w.players }}</h2>{{ m.standings_table(rows) }}</section>
<p class="hint">{{ w.refresh }}</p>
{% endblock %}"""

_ORGANISER = """{% extends "page" %}{% import "tables" as m with context %}{% block body %}
<p class="hint">{{ w.secret }}</p>
{% if rnd %}<section class="panel"><h2>{{ round_title }}</h2>{{ m.round_tables(rnd, True) }}
</section>{% endif %}
<div class="buttons">{% if can_pair %}<form method="post" action="{{ base }}/pair">
<button class="primary">{{ pair_label }}</button></form>{% endif %}
{% if rnd %}<form method="post" action="{{ base }}/undo">
<button aria-describedby="undo-what">{{ w.undo }}</button></form>{% endif %}</div>
{% if undo_what %}<p class="hint" id="undo-what">{{ undo_what }}</p>{% endif %}
<section class="panel"><h2>{{ w.players }}</h2>{{ m.standings_table(rows) }}</section>
{% endblock %}"""

_CSS = """/* The bar starts with the tournament's name (up to 60 characters): on a phone it wraps,
   the name above the links, rather than push the links and the languages off the screen. */
header.top { flex-wrap: wrap; white-space: normal; }
header.top .brand { min-width: 0; overflow-wrap: anywhere; }
/* The link to the printable page stays on one line ("Página para imprimir" squeezed beside
   the name would break into three, past the bar and under the languages): when it does not
   fit, it goes with the languages to a line of their own. */
header.top nav { flex: 1 0 auto; }
header.top nav a { white-space: nowrap; }
header.top .langs { margin-left: auto; } /* on a line of their own, still at the right */
.tt { border-collapse: collapse; width: 100%; background: #fff; }
.tt th, .tt td { border: 1px solid #d8d6cc; padding: 0.3rem 0.5rem; text-align: left; }
form.score { display: inline-flex; gap: 0.3rem; align-items: center; margin: 0.15rem 0.5rem 0 0; }
form.score input[type=number] { width: 4.5rem; }
form.score select { max-width: 12rem; }
.next { font-size: 1.15rem; }
ul.links { margin: 0.2rem 0; padding-left: 1.2rem; }
/* A table wider than its box scrolls in it; the standings show a shadow at an edge that hides
   more columns (the white covers move with the table and hide each shadow at its end). */
.tt-wrap { max-width: 100%; overflow-x: auto; }
.tt-wrap.shadowed { background-color: #fff;
  background-image: linear-gradient(to right, #fff 40%, #fff0),
    linear-gradient(to left, #fff 40%, #fff0),
    radial-gradient(farthest-side at 0 50%, #0000004d, #0000),
    radial-gradient(farthest-side at 100% 50%, #0000004d, #0000);
  background-position: left, right, left, right;
  background-size: 2.5rem 100%, 2.5rem 100%, 0.9rem 100%, 0.9rem 100%;
  background-repeat: no-repeat; background-attachment: local, local, scroll, scroll; }
.tt-wrap.shadowed > .tt { background: transparent; }
main, .panel { min-width: 0; }
/* On a touch screen a table's join links, one under another, each a finger tall (as the app's
   other controls: static/css/app.css). */
@media (pointer: coarse) {
  ul.links a { display: inline-flex; align-items: center; min-height: 2.75rem; }
}
@media (max-width: 640px) {
  /* A round's tables, one card each: the label before each cell, the forms on rows of their
     own. */
  .tt.round, .tt.round tbody, .tt.round tr, .tt.round td { display: block; }
  .tt.round thead { display: none; }
  .tt.round tr { border: 1px solid #d8d6cc; margin-bottom: 0.5rem; }
  .tt.round td { border: none; }
  .tt.round td::before { content: attr(data-label) ": "; font-weight: 600; }
  form.score { display: flex; flex-wrap: wrap; }
  form.score .won { flex-basis: 100%; }
  /* The standings, one card a team (nine columns scrolled sideways in their box, the team's
     name squeezed): its rank, its name and its points on the first line, what it played, won
     and lost under them, each with its word. */
  .tt.standings, .tt.standings tbody { display: block; }
  .tt.standings thead { display: none; }
  .tt.standings tr { display: flex; flex-wrap: wrap; align-items: baseline; gap: 0.1rem 0.75rem;
    position: relative; border: 1px solid #d8d6cc; border-radius: 8px; background: #fff;
    padding: 0.35rem 0.55rem 0.35rem 2.3rem; margin-bottom: 0.4rem; }
  /* a break after the points: the rest on lines of their own */
  .tt.standings tr::after { content: ""; flex-basis: 100%; order: 3; }
  .tt.standings td { display: block; border: none; padding: 0; }
  .tt.standings td.rank { position: absolute; left: 0.55rem; font-weight: 700; }
  .tt.standings td.rank::after { content: "."; }
  /* Room for the rank before the name: "10." and "100." are wider than "9." */
  .tt.standings[data-ranks="2"] tr { padding-left: 2.95rem; }
  .tt.standings[data-ranks="3"] tr { padding-left: 3.6rem; }
  .tt.standings td.team { flex: 1 1 0; min-width: 0; font-weight: 700; overflow-wrap: anywhere;
    order: 1; }
  .tt.standings td.pts { font-weight: 700; order: 2; white-space: nowrap; }
  .tt.standings td.more { order: 4; font-size: 0.9rem; white-space: nowrap; }
  .tt.standings td.pts::before, .tt.standings td.more::before {
    content: attr(data-label) " "; font-weight: 400; color: #5c655f; }
  .tt-wrap.shadowed:has(.standings) { background-image: none; background-color: transparent; }
}
"""

_ENV = jinja2.Environment(
    loader=jinja2.DictLoader(
        {"page": _PAGE, "tables": _TABLES, "players": _PLAYERS, "organiser": _ORGANISER}
    ),
    autoescape=True,
    undefined=jinja2.StrictUndefined,
)


def _say(lang: Lang, key: str, **params: object) -> str:
    """The tournament's words `key` in `lang`, filled in from `params` (a choice, such as one or
    several tables, by the catalogue's renderer)."""
    words = tournament_words(lang)
    if not isinstance(words.entries.get(key), str | dict):
        words = tournament_words("en")
    return words(key, **{k: v if isinstance(v, int) else str(v) for k, v in params.items()})


def _tables_listed(lang: Lang, tables: list[int]) -> str:
    """Table numbers as a sentence lists them: "2 e 3", "1, 2 and 4" (one alone as it is)."""
    if len(tables) == 1:
        return str(tables[0])
    rest = ", ".join(map(str, tables[:-1]))
    return _say(lang, "tables_listed", rest=rest, last=str(tables[-1]))


class TournamentSite:
    """The tournament pages of one file. `secret` is the organiser link's secret: unless given,
    the one the tables' store keeps for this file once `attach`ed (made the first time, the
    same after a restart)."""

    def __init__(self, path: str | os.PathLike[str], secret: str | None = None) -> None:
        self.path = Path(path)
        self.secret = secret or new_secret()
        self._secret_given = secret is not None
        self._lock = threading.Lock()
        self._stamp: tuple[int, int, int] | None = None
        self._state: tuple[Tournament, Variant] | None = None
        self.tables: TableManager | None = None
        """The web tables (given by `attach`): where the online tables are made."""
        self._refused: dict[tuple[int, int], TournamentError | str] = {}
        """Why the record of an online table was refused, by round and table (told on the
        organiser's page in its language)."""
        self._entering: set[asyncio.Task[None]] = set()
        self.trouble: str | None = None
        """Why the file cannot be read now (the pages show it as it was last read), or `None`."""
        self.load()  # a file that cannot be read stops `sueca serve` before it starts

    @property
    def organiser_path(self) -> str:
        """The path of the organiser's page (keep it secret)."""
        return f"/tournament/organiser/{self.secret}"

    def load(self) -> tuple[Tournament, Variant]:
        """The tournament, read again only when the file changed on disk. A file that cannot
        be read (moved away, or edited into something that is not a tournament) leaves the
        pages on the state last read, and `trouble` says why; the first reading raises."""
        with self._lock:
            try:
                info = os.stat(self.path)
                stamp = (info.st_mtime_ns, info.st_size, info.st_ino)
                if self._state is None or stamp != self._stamp:
                    self._state = load_tournament(self.path)
                    self._stamp = stamp
                self.trouble = None
            except (SourceError, OSError) as exc:
                if self._state is None:
                    raise
                text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                self.trouble = cut(text, 300)
            return self._state

    def attach(self, tables: TableManager) -> None:
        """Make the online tables in `tables`, and enter their finished matches' records."""
        self.tables = tables
        tables.on_finished = self._finished
        if not self._secret_given:
            # Kept where the tables are (`--db`): the organiser's link outlives a restart.
            self.secret = tables.store.secret(f"organiser:{self._key}")

    @property
    def _key(self) -> str:
        return str(self.path.resolve())

    def _for(self, table: Table, t: Tournament | None = None) -> tuple[int, int] | None:
        """The round and table of this file that a web table is for, if any; with `t`, only
        while that table of `t` still seats the teams it was made for (an undo and a new
        pairing may have put others there: the web table is then for nothing)."""
        return self._where(table.extra, t)

    def _where(self, extra: object, t: Tournament | None = None) -> tuple[int, int] | None:
        """As `_for`, from the `extra` a web table was made with."""
        mine = extra.get("tournament") if isinstance(extra, dict) else None
        if not isinstance(mine, dict) or mine.get("file") != self._key:
            return None
        round_no, table_no = mine.get("round"), mine.get("table")
        if not isinstance(round_no, int) or not isinstance(table_no, int):
            return None
        if t is not None and not _seats_the_same(t, round_no, table_no, mine.get("teams")):
            return None
        return round_no, table_no

    def _kept(self, t: Tournament, *, strict: bool = False) -> dict[str, dict[str, Any]]:
        """The headers of the open web tables of `t`'s last round that the store keeps and
        this process has not loaded: left in the file at a restart (`--max-tables`), or held
        by another process (`--redis`, where a restart loads none). None if the store cannot
        be read now (said in the log), unless `strict`: then that raises `StoreError`."""
        if self.tables is None:
            return {}
        try:
            headers = self.tables.store.open_headers()
        except StoreError as exc:
            if strict:
                raise
            log.error("the open tables cannot be read: %s", exc)
            return {}
        loaded = self.tables.tables
        return {
            table_id: header
            for table_id, header in headers.items()
            if (table_id not in loaded or loaded[table_id].closed)
            and isinstance(header, dict)
            and (where := self._where(header.get("extra"), t)) is not None
            and where[0] == len(t.rounds)
        }

    def _online(
        self, lang: Lang, t: Tournament, *, strict: bool = False
    ) -> dict[int, dict[str, Any]]:
        """The open web tables of `t`'s last round, by table number: their join links (in the
        organiser's language, `hl`, for a player whose browser asks for neither of ours).
        Those the store keeps that this process has not loaded are read from the store (not
        loaded: this may run off the event loop), so that none is made twice for one
        pairing, and how far each has got is read from its log in the store (`Store.progress`:
        `post_start` loads one that waits to start it). `strict`: a store that cannot be read
        now raises `StoreError` (see `_kept`)."""
        kept = self._kept(t, strict=strict)
        found: dict[int, dict[str, Any]] = {}
        for table in list(self.tables.tables.values()) if self.tables else []:
            where = self._for(table, t)
            if table.closed or where is None or where[0] != len(t.rounds):
                continue
            tokens = [s.token for s in table.seats]
            state = "waiting" if table.match is None else "finished" if table.records else "playing"
            found[where[1]] = self._links(lang, table.id, table.extra, tokens, table.watch, state)
        shown = {
            table_id: where[1]
            for table_id, header in kept.items()
            if (where := self._where(header.get("extra"), t)) is not None and where[1] not in found
        }
        progress = self._progress(list(shown))
        for table_id, table_no in shown.items():
            header = kept[table_id]
            seats = header.get("seats") or []
            tokens = [seat.get("token") if isinstance(seat, dict) else None for seat in seats]
            watch = str(header.get("watch", ""))
            state = progress.get(table_id, "waiting")
            found[table_no] = self._links(lang, table_id, header["extra"], tokens, watch, state)
        return found

    def _progress(self, table_ids: list[str]) -> dict[str, str]:
        """How far the tables `table_ids` kept by the store have got (`Store.progress`): one
        read, for the page to say it as it does of a loaded table; none if the store cannot
        be read now (said in the log: each is then said to wait)."""
        if self.tables is None or not table_ids:
            return {}
        try:
            return self.tables.store.progress(table_ids)
        except StoreError as exc:
            log.error("the open tables cannot be read: %s", exc)
            return {}

    def _links(
        self,
        lang: Lang,
        table_id: str,
        extra: dict[str, Any],
        tokens: list[Any],
        watch: str,
        state: str,
    ) -> dict[str, Any]:
        """What the organiser's page shows of one open web table (see `_online`); `state` is
        how far its match has got: `waiting` (to start), `playing` or `finished`."""
        labels = extra["tournament"].get("labels") or []
        return {
            "table": table_id,
            "links": [
                {
                    "label": _say(lang, "seat", n=index)
                    + (f": {labels[index]}" if index < len(labels) else ""),
                    "path": f"/table/{table_id}?hl={lang}#t={token}",
                }
                for index, token in enumerate(tokens)
                if isinstance(token, str)
            ],
            "watch": f"/table/{table_id}?hl={lang}#w={watch}",
            "state": state,
        }

    def catch_up(self) -> None:
        """After the tables came back from the store (on the event loop, at start): the first
        record of each web table of this file whose match had ended but whose result the file
        lacks (the process stopped between saving the one and writing the other) is entered,
        as when the match ended."""
        if self.tables is None:
            return
        try:
            t, _ = self.load()
        except (SourceError, OSError):
            return  # the pages say why; nothing to enter into
        for table in list(self.tables.tables.values()):
            where = self._for(table, t)
            if where is None or not table.records:
                continue
            tab = pairing_at(t, *where)
            if tab is not None and tab.result is None:
                self._finished(table, 1, table.records[0])

    def _finished(self, table: Table, number: int, record: Record) -> None:
        """A web table's match is over (on the event loop): its first record becomes the
        result of its tournament table, in a thread (the file's lock may wait)."""
        where = self._for(table)
        if where is None or number != 1:
            return  # not a table of this file, or a rematch (the first match counts)
        teams = table.extra["tournament"].get("teams")
        task = asyncio.get_running_loop().create_task(
            _off_loop(self._enter, table.id, where, record, teams)
        )
        self._entering.add(task)
        task.add_done_callback(self._entering.discard)

    def _enter(
        self, table_id: str, where: tuple[int, int], record: Record, teams: object = None
    ) -> None:
        """Enter `record` as the result of table `where` (round, table), if that table still
        seats `teams` (see `_for`)."""
        round_no, table_no = where
        ref = RecordRef(file=f"web:table/{table_id}/1", sha256=record_digest(record))

        def change(t: Tournament, variant: Variant) -> Tournament:
            if not _seats_the_same(t, round_no, table_no, teams):
                raise TournamentError(
                    f"round {round_no} table {table_no} no longer seats the teams this online "
                    "match was played for (its round was undone and paired again)",
                    code="changed",
                    round=round_no,
                    table=table_no,
                )
            return record_result(t, variant, round_no, table_no, record=record, record_ref=ref)

        try:
            update_tournament(self.path, change)
        except (TournamentError, SourceError, OSError) as exc:
            message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            log.warning(
                "round %s table %s: the online match's record was refused: %s",
                round_no,
                table_no,
                message,
            )
            self._refused[where] = exc if isinstance(exc, TournamentError) else message
            return
        self._refused.pop(where, None)
        log.info("round %s table %s: the online match's record is its result", *where)

    def routes(self) -> list[BaseRoute]:
        """The routes to mount in the app."""
        base = "/tournament/organiser/{secret}"
        return [
            Route("/tournament", self.players_page, methods=["GET"]),
            Route("/tournament/print", self.print_page, methods=["GET"]),
            Route("/tournament/print.css", self.print_css, methods=["GET"]),
            Route("/tournament/page.css", self.page_css, methods=["GET"]),
            Route(base, self.organiser_page, methods=["GET"]),
            Route(base + "/result", self.post_result, methods=["POST"]),
            Route(base + "/pair", self.post_pair, methods=["POST"]),
            Route(base + "/undo", self.post_undo, methods=["POST"]),
            Route(base + "/online", self.post_online, methods=["POST"]),
            Route(base + "/start", self.post_start, methods=["POST"]),
        ]

    # --- rendering ------------------------------------------------------------------------

    def _common(self, request: Request, lang: Lang, t: Tournament) -> dict[str, Any]:
        rnd = t.rounds[-1] if t.rounds else None
        waiting = open_tables(t)
        if rnd is None:
            status = _say(lang, "not_started")
        elif waiting:
            status = _say(lang, "waiting", n=len(waiting), t=_tables_listed(lang, waiting))
        elif (won := winner(t)) is not None:
            status = _say(lang, "finished", team=won)
        else:
            status = ""
        return {
            "t": t,
            "name": _name(lang, t),
            "w": _words(lang),
            "lang": lang,
            "langs": LANGS,
            "lang_label": phrase(lang, "nav.lang"),
            "rnd": rnd,
            "rows": standings(t),
            "round_title": _say(lang, "round", r=len(t.rounds), n=planned_rounds(t)),
            "say": functools.partial(_say, lang),
            "status": status,
            "error": None,
            "saved": request.query_params.get("saved") == "1",
            "refresh": False,
            "trouble": self.trouble is not None,
            "trouble_why": None,
        }

    def _lang(self, request: Request) -> Lang:
        return page_lang(request)

    def _render(
        self, request: Request, name: str, context: dict[str, Any], status: int = 200
    ) -> Response:
        response = HTMLResponse(_ENV.get_template(name).render(**context), status_code=status)
        response.headers["cache-control"] = "no-store"
        asked = request.query_params.get("lang")
        if asked in LANGS:  # as the app's other pages: the choice is kept (the forms' posts too)
            response.set_cookie("lang", asked, max_age=365 * 24 * 3600, samesite="strict")
        return response

    def _next(self, lang: Lang, t: Tournament, team: str) -> str:
        if not t.rounds or team not in t.team_names():
            return ""
        rnd = t.rounds[-1]
        if team in rnd.byes:
            return _say(lang, "next_bye", r=rnd.round)
        for tab in rnd.tables:
            if team in tab.teams:
                other = tab.teams[1] if tab.teams[0] == team else tab.teams[0]
                if tab.result is not None:
                    a, b = tab.result.score
                    return _say(lang, "next_done", r=rnd.round, s=f"{a}-{b}")
                return _say(lang, "next_table", r=rnd.round, t=tab.table, o=other)
        return _say(lang, "next_none")

    def players_page(self, request: Request) -> Response:
        """The players' page (read-only)."""
        lang = self._lang(request)
        t, _ = self.load()
        context = self._common(request, lang, t)
        team = request.query_params.get("team", "")[:200]
        context.update(
            heading=_name(lang, t),
            team=team,
            next=self._next(lang, t, team),
            refresh=True,
        )
        return self._render(request, "players", context)

    def _organiser(
        self, request: Request, error: TournamentError | str | None = None, status: int = 200
    ) -> Response:
        """The organiser's page, with `error` (told in the page's language) when an action was
        refused."""
        lang = self._lang(request)
        t, variant = self.load()
        context = self._common(request, lang, t)
        number = len(t.rounds) + 1
        context.update(
            heading=f"{_name(lang, t)} · {_words(lang)['organiser']}",
            # The score boxes take what the server takes.
            most=compiled_rules(variant).partidas_to_win,
            base=self.organiser_path,
            can_pair=not open_tables(t) and number <= planned_rounds(t),
            pair_label=_say(lang, "pair", r=number),
            undo_what=_undo_what(lang, t),
            error=None if error is None else _told(lang, error),
            trouble_why=self.trouble,  # only the organiser is told what is wrong with the file
            online=self._online(lang, t) if t.rounds else {},
            refused={
                tab: _say(lang, "refused", m=_told(lang, m))
                for (r, tab), m in self._refused.items()
                if r == len(t.rounds)
            },
        )
        return self._render(request, "organiser", context, status)

    def _allowed(self, request: Request) -> bool:
        return same_secret(self.secret, str(request.path_params.get("secret", "")))

    def _organiser_only(self, request: Request) -> None:
        """Without the organiser's secret in the path, the app's page for a path that is no page
        (404): nothing says the organiser's pages are there."""
        if not self._allowed(request):
            raise HTTPException(status_code=404)

    def organiser_page(self, request: Request) -> Response:
        """The organiser's page (the secret link)."""
        self._organiser_only(request)
        return self._organiser(request)

    def print_page(self, request: Request) -> Response:
        """The printable page."""
        t, variant = self.load()
        lang = self._lang(request)
        html = tournament_html(t, variant, stylesheet="/tournament/print.css", lang=lang)
        # The page fits a phone as the file does (its viewport, its tables scrolling in their
        # boxes: `PRINT_CSS`); the app's icon is added.
        page = html.replace(
            "</head>", '<link rel="icon" href="/static/favicon.svg" type="image/svg+xml"></head>', 1
        )
        # On a screen, a way back to the players' page (the page has no bar: a phone has no
        # other way back than its own); it is not printed (`PRINT_CSS`).
        back = escape(_say(lang, "print_back"))
        page = page.replace(
            "<body>",
            f'<body><nav class="screen-only"><a href="/tournament?lang={lang}">← {back}</a></nav>',
            1,
        )
        return HTMLResponse(page, headers={"cache-control": "no-store"})

    def print_css(self, request: Request) -> Response:
        """The printable page's stylesheet (the app's policy forbids inline styles)."""
        return Response(PRINT_CSS, media_type="text/css")

    def page_css(self, request: Request) -> Response:
        """The tournament pages' own styles."""
        return Response(_CSS, media_type="text/css")

    # --- changes --------------------------------------------------------------------------

    async def _form(self, request: Request) -> dict[str, str]:
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_FORM_BYTES:
                raise TournamentError(
                    f"the form is too large (at most {MAX_FORM_BYTES} bytes)", code="form"
                )
        text = body.decode("utf-8", "replace")
        try:
            fields = parse_qs(text, keep_blank_values=True, max_num_fields=20)
        except ValueError:  # more fields than a form of these pages has
            raise TournamentError("the form has too many fields", code="form") from None
        return {k: v[0] for k, v in fields.items()}

    def _change(self, request: Request, change: Any) -> Response:
        try:
            update_tournament(self.path, change)
        except TournamentError as exc:
            return self._organiser(request, error=exc, status=400)
        except (SourceError, OSError) as exc:
            message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            return self._organiser(request, error=message, status=400)
        lang = quote(self._lang(request))
        return RedirectResponse(f"{self.organiser_path}?saved=1&lang={lang}", status_code=303)

    async def post_result(self, request: Request) -> Response:
        """Enter a table's score (`round`, `table`, `a`, `b`) or no-show (`no_show`)."""
        self._organiser_only(request)
        try:
            form = await self._form(request)
            round_no, table_no = _place(form)
            t, variant = self.load()
            tab = _pairing(t, round_no, table_no)
            first, second = tab.teams
            no_show = form.get("no_show")
            if no_show is not None and normal_name(no_show.strip()) not in tab.teams:
                # Each refusal names the field as the form shows it, and what it may be.
                code = "no_show_pick" if not no_show.strip() else "form_no_show"
                raise _refusal(code, got=cut(no_show), first=first, second=second)
            if no_show is not None:
                no_show = normal_name(no_show.strip())  # the team the check above found
            most = compiled_rules(variant).partidas_to_win
            score = None
            if not no_show:
                a = _whole(form, "a", "form_partidas", team=first, most=most)
                score = (a, _whole(form, "b", "form_partidas", team=second, most=most))
        except TournamentError as exc:
            return self._organiser(request, error=exc, status=400)

        def change(t: Tournament, variant: Variant) -> Tournament:
            return record_result(t, variant, round_no, table_no, score=score, no_show=no_show)

        return await _in_thread(self._change, request, change)

    async def post_online(self, request: Request) -> Response:
        """Play a table of the current round online (`round`, `table`): a web table of four
        people under the tournament's variant, whose join links the page then shows."""
        self._organiser_only(request)
        try:
            form = await self._form(request)
            round_no, table_no = _place(form)
            t, variant = self.load()
            if self.trouble is not None:
                raise _refusal("unreadable", why=self.trouble)
            if self.tables is None:
                raise TournamentError("this server has no web tables", code="no_web")
            tab = pairing_at(t, round_no, table_no) if round_no == len(t.rounds) else None
            if tab is None:
                raise TournamentError(
                    f"round {round_no} table {table_no} is not a table of the current round",
                    code="not_current",
                    round=round_no,
                    table=table_no,
                )
            if tab.result is not None:
                raise TournamentError(
                    f"round {round_no} table {table_no} already has its result",
                    code="has_result",
                    round=round_no,
                    table=table_no,
                    score="-".join(map(str, tab.result.score)),
                )
            try:  # the tables kept by the store too: none is made twice for one pairing
                online = self._online("en", t, strict=True)
            except StoreError as exc:
                log.error("the open tables cannot be read: %s", exc)
                raise Refusal("unavailable", status=503) from None
            if table_no not in online:
                teams = {team.name: team for team in t.teams}
                labels = []  # who sits where (seats 0 and 2: the first team)
                for seat in range(4):
                    name = tab.teams[seat % 2]
                    players = teams[name].players if name in teams else []
                    player = players[seat // 2] if seat // 2 < len(players) else ""
                    labels.append(f"{player} ({name})" if player else name)
                level = request.app.state.settings.stand_in_level
                variant_id = t.variant if isinstance(t.variant, str) else None
                extra = {
                    "tournament": {
                        "file": self._key,
                        "name": t.name,
                        "round": round_no,
                        "table": table_no,
                        "labels": labels,
                        "teams": list(tab.teams),  # whom it is for (see `_for`)
                    }
                }
                # The pairing's claim makes the check above one step with the making, in the
                # store: of two organisers pressing at once, in two processes sharing it, the
                # second gets the first's table (shown on the page), not a second one.
                claim = json.dumps([self._key, round_no, table_no, list(tab.teams)])
                try:
                    self.tables.create(
                        variant,
                        variant_id,
                        [SeatSpec("human", level)] * 4,
                        None,
                        extra=extra,
                        claim=f"tournament:{claim}",
                    )
                except TableClaimed as claimed:
                    log.info(
                        "round %s table %s is played online at table %s already",
                        round_no,
                        table_no,
                        claimed.table_id,
                    )
        except TournamentError as exc:
            return self._organiser(request, error=exc, status=400)
        except Refusal as exc:
            return self._organiser(request, error=exc.said(self._lang(request)), status=exc.status)
        self._refused.pop((round_no, table_no), None)
        lang = quote(self._lang(request))
        return RedirectResponse(f"{self.organiser_path}?lang={lang}", status_code=303)

    async def post_start(self, request: Request) -> Response:
        """Start an online table of the current round (`round`, `table`) before its four
        players have all joined (a tournament table has no host among its players)."""
        self._organiser_only(request)
        try:
            form = await self._form(request)
            round_no, table_no = _place(form)
            t, _ = self.load()
            if self.trouble is not None:
                raise _refusal("unreadable", why=self.trouble)
        except TournamentError as exc:
            return self._organiser(request, error=exc, status=400)
        table = None
        for web in list(self.tables.tables.values()) if self.tables else []:
            if not web.closed and self._for(web, t) == (round_no, table_no):
                table = web
        elsewhere = False  # kept by the store, not loaded here (see `_kept`)
        for table_id, header in self._kept(t).items() if table is None else []:
            if self.tables and self._where(header.get("extra"), t) == (round_no, table_no):
                table, elsewhere = self.tables.get(table_id), True
        if table is None and not elsewhere:
            error = TournamentError(
                f"round {round_no} table {table_no} is not played online",
                code="not_online",
                round=round_no,
                table=table_no,
            )
            return self._organiser(request, error=error, status=400)
        if table is not None:
            table.start_early()  # already started: as it is
        if table is None or (table.match is None and not table.closed):
            # Held by another live process sharing the store (a `--db` file: not loaded here;
            # `--redis`: followed here, decided there): only that one can start it. Said, not
            # passed over (the page would go on offering Start now as if nothing happened).
            error = _refusal("started_elsewhere", round=round_no, table=table_no)
            return self._organiser(request, error=error, status=409)
        lang = quote(self._lang(request))
        return RedirectResponse(f"{self.organiser_path}?lang={lang}", status_code=303)

    async def post_pair(self, request: Request) -> Response:
        """Pair the next round."""
        self._organiser_only(request)
        return await _in_thread(self._change, request, lambda t, _v: pair(t))

    async def post_undo(self, request: Request) -> Response:
        """Undo the last result (or the last pairing, when its round has no result), or the
        result of the table given (`round`, `table`: a table's own Undo button)."""
        self._organiser_only(request)
        try:
            form = await self._form(request)
            place = _place(form) if "round" in form or "table" in form else None
        except TournamentError as exc:
            return self._organiser(request, error=exc, status=400)
        if place is None:
            return await _in_thread(self._change, request, lambda t, _v: undo(t))
        return await _in_thread(self._change, request, lambda t, _v: undo(t, *place))


def _name(lang: Lang, t: Tournament) -> str:
    """The tournament's name as the page says it: the file's, or the page's word for a tournament
    when the file keeps the name `sueca tournament new` gives one that was not named."""
    return _words(lang)["tournament"] if t.name == DEFAULT_NAME else t.name


def _undo_what(lang: Lang, t: Tournament) -> str:
    """What the organiser's Undo the last action takes back, said under it: the last result
    entered (in whichever round), or the last round's pairing when it has no result yet (as
    `undo()` chooses); nothing when no round is paired."""
    if not t.rounds:
        return ""
    done = [
        (tab.result.order, rnd.round, tab.table, tab.result.score)
        for rnd in t.rounds
        for tab in rnd.tables
        if tab.result is not None
    ]
    if all(tab.result is None for tab in t.rounds[-1].tables) or not done:
        return _say(lang, "undo_last_pairing", r=t.rounds[-1].round)
    _, round_no, table_no, (a, b) = max(done)
    return _say(lang, "undo_last_result", r=round_no, t=table_no, s=f"{a}-{b}")


def _seats_the_same(t: Tournament, round_no: int, table_no: int, teams: object) -> bool:
    """Whether table `table_no` of round `round_no` of `t` exists and seats `teams` (a web
    table made before the teams were kept with it, `None`, is taken at its word)."""
    tab = pairing_at(t, round_no, table_no)
    return tab is not None and (teams is None or list(tab.teams) == teams)


def _told(lang: Lang, error: TournamentError | str) -> str:
    """A refusal in the page's language (`refusal_text()`), begun with a capital as a sentence
    on a page is (the tournament's English errors begin in lower case, after the terminal's
    `error: `)."""
    text = refusal_text(error, lang)
    return text[:1].upper() + text[1:] if text[:1].islower() else text


def _refusal(code: str, **params: str | int) -> TournamentError:
    """A refused form: its English words are the catalogue's sentence `err.<code>`, as every
    other language's are (`refusal_text()`)."""
    return TournamentError(tournament_words("en")(f"err.{code}", **params), code=code, **params)


def _whole(form: dict[str, str], name: str, code: str, **params: str | int) -> int:
    """The whole number in the form's field `name`, or a refusal `code` (with `params` and what
    was written, `got`) that names the field as the page shows it and says what it may be."""
    text = form.get(name, "").strip()
    if not is_whole(text) or len(text) > 4:
        raise _refusal(code, got=cut(text), **params)
    return int(text)


def _pairing(t: Tournament, round_no: int, table_no: int) -> Pairing:
    """Table `table_no` of round `round_no`, or a refusal that says which rounds or tables
    there are (as `record_result()` says it)."""
    if not t.rounds:
        raise _refusal("no_rounds")
    if not 1 <= round_no <= len(t.rounds):
        raise _refusal("no_round", round=round_no, n=len(t.rounds))
    tab = pairing_at(t, round_no, table_no)
    if tab is None:
        raise _refusal(
            "no_table", round=round_no, table=table_no, n=len(t.rounds[round_no - 1].tables)
        )
    return tab


def _place(form: dict[str, str]) -> tuple[int, int]:
    """The round and the table a form of the organiser's page is for (hidden fields: wrong only
    in a form the page did not make, or one from a page too old)."""
    return _whole(form, "round", "form_round"), _whole(form, "table", "form_table")


async def _off_loop(fn: Any, *args: Any) -> None:
    """Run `fn` (which writes the file under its lock) off the event loop."""
    import anyio.to_thread

    await anyio.to_thread.run_sync(fn, *args)


async def _in_thread(fn: Any, *args: Any) -> Response:
    """Run `fn` (which reads and writes the file) off the event loop."""
    import anyio.to_thread

    response: Response = await anyio.to_thread.run_sync(fn, *args)
    return response
