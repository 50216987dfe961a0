"""Tables that outlive the process (in-process: Starlette's TestClient): the SQLite store
brings every table back after a restart from its event log, keeps finished records until it
prunes them, refuses a file that is not its own without touching it; watch links show no
hand."""

from __future__ import annotations

import json
import random
import sqlite3
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette")

from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from sueca_rules import parse_record
from sueca_rules.web import Settings, create_app
from sueca_rules.web._i18n import Lang
from sueca_rules.web._refusal import refusal_words
from sueca_rules.web._store import (
    APPLICATION_ID,
    SCHEMA_VERSION,
    MemoryStore,
    SqliteStore,
    Store,
    StoredTable,
    StoreError,
    StoreLostError,
)
from sueca_rules.web._view import seat_state
from tests.test_web_tables import GAMES, act, cards_in, my_turn, new_table, until, url

Msg = dict[str, Any]

# What a seat's state says of the match (not who is connected, nor the version counter).
GAME_FIELDS = (
    "phase",
    "hand",
    "legal",
    "playable",
    "to_play",
    "trick",
    "trick_leader",
    "trump_card",
    "dealer",
    "deal",
    "partida",
    "cards_played",
    "hand_sizes",
    "points",
    "tricks_won",
    "games",
    "partidas",
    "claims",
    "history",
    "last_trick",
    "over",
)


def game_of(state: Msg) -> Msg:
    return {key: state.get(key) for key in GAME_FIELDS}


def client_on(store: Store, **changes: Any) -> TestClient:
    app = create_app(Settings.for_tests(**changes), store=store)
    app.state.tables.secret = lambda: "not-a-secret"
    return TestClient(app)


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "tables.db"


def play_cards(ws: Any, seat: int, n: int, rng: random.Random) -> Msg:
    """Play `n` cards at `seat` (bots play the others'); the state when it is `seat`'s turn
    again."""
    state = until(ws, my_turn(seat))
    for _ in range(n):
        ws.send_json({"type": "play", "card": rng.choice(state["playable"])})
        state = until(ws, my_turn(seat))
    return state


def play_out(ws: Any, seat: int, rng: random.Random, state: Msg | None = None) -> Msg:
    """Play to the end of the match from `state` (or the next state at `seat`'s turn)."""
    if state is None or not my_turn(seat)(state):
        state = until(ws, my_turn(seat))
    while not state["over"]:
        ws.send_json({"type": "play", "card": rng.choice(state["playable"])})
        state = until(ws, my_turn(seat))
    return state


def every_card_once(record_text: str) -> None:
    for deal in parse_record(record_text).to_data()["deals"]:
        plays = deal.get("plays", [])
        assert len(plays) == len(set(plays)) == 40, deal


@pytest.mark.parametrize("kind", ["sqlite", "memory"])
def test_a_restart_brings_the_table_back_as_it_was(kind: str, db: Path) -> None:
    """Mid-trick, after some cards: the server stops; another starts on the same store; the
    same link sees the same hand, trick, turn and score, and the match plays to its end with
    every card once."""
    memory = MemoryStore()

    def store() -> Store:
        return SqliteStore(db) if kind == "sqlite" else memory

    rng = random.Random(3)
    with client_on(store()) as c:
        table = new_table(c, ["human", "bot:2", "bot:2", "bot:2"], seed=11)
        with c.websocket_connect(url(table)) as ws:
            play_cards(ws, 0, 6, rng)
        for _ in range(3):  # leaving and joining again change the state, not the log
            with c.websocket_connect(url(table)) as ws:
                before = until(ws, lambda m: m["type"] == "state")
    assert before["trick"], "the test stops in the middle of a trick"
    with client_on(store()) as c:
        with c.websocket_connect(url(table)) as ws:
            after = until(ws, lambda m: m["type"] == "state")
            assert game_of(after) == game_of(before)
            assert after["version"] > before["version"]  # a page shows only newer states
            over = play_out(ws, 0, rng, after)
        record = c.get(f"/api/tables/{table['table']}/record?token={table['seats'][0]['token']}")
    assert over["over"]
    assert record.status_code == 200
    every_card_once(record.text)


def test_a_restart_loads_at_most_max_tables_the_most_recent_first(
    db: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Five open tables in the file, a server of three (`--max-tables 3`) starts on it: it
    loads the three played most recently and says in its log that two more were left in the
    file. Their links ask to come back later (1013, "the server is full"), and the tables come
    back whole once there is room. Before, every open table was loaded, past the limit."""
    rng = random.Random(2)
    with client_on(SqliteStore(db)) as c:
        tables = [new_table(c, ["human", "bot:1", "bot:1", "bot:1"], seed=n) for n in range(5)]
        for n in (3, 0, 4, 1, 2):  # the order in which they were last played
            with c.websocket_connect(url(tables[n])) as ws:
                play_cards(ws, 0, 1, rng)
    recent = {tables[n]["table"] for n in (4, 1, 2)}
    with (
        caplog.at_level("INFO", logger="sueca_rules.web"),
        client_on(SqliteStore(db), max_tables=3) as c,
    ):
        manager = c.app.state.tables  # type: ignore[attr-defined]
        assert set(manager.tables) == recent
        said = [r.getMessage() for r in caplog.records if "not loaded" in r.getMessage()]
        assert len(said) == 1
        assert "2 more open tables" in said[0]
        assert "--max-tables" in said[0]
        with c.websocket_connect(url(tables[3]) + "&lang=pt") as ws:
            message = ws.receive_json()
            assert message["code"] == "busy"
            assert "cheio" in message["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 1013  # the page tries again later
        assert set(manager.tables) == recent
        gone = c.get(f"/api/tables/{'x' * 12}/record?token=abc")
        assert gone.status_code == 404  # a table that is not there is still said to be gone
    with sqlite3.connect(db) as raw:
        assert raw.execute("SELECT count(*) FROM tables WHERE ended IS NULL").fetchone() == (5,)
    raw.close()
    with client_on(SqliteStore(db)) as c:  # room for all: every one of them is back
        assert len(c.app.state.tables.tables) == 5  # type: ignore[attr-defined]
        with c.websocket_connect(url(tables[3])) as ws:
            state = until(ws, lambda m: m["type"] == "state")
        assert state["cards_played"] >= 1


def test_the_restart_log_says_one_table_in_the_singular(
    db: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """One table restored and one left out are said as one ("1 more open tables were")."""
    with client_on(SqliteStore(db)) as c:
        for n in range(2):
            new_table(c, ["human", "bot:1", "bot:1", "bot:1"], seed=n)
    with (
        caplog.at_level("INFO", logger="sueca_rules.web"),
        client_on(SqliteStore(db), max_tables=1),
    ):
        said = [r.getMessage() for r in caplog.records]
    assert any(line.startswith("1 table restored from ") for line in said), said
    assert any(line.startswith("1 more open table was not loaded from ") for line in said), said


def test_a_restart_at_max_tables_loads_a_tournament_s_tables_first(db: Path) -> None:
    """A tournament's web table is loaded at a restart of fewer `--max-tables` than open
    tables even when other tables were played since: its organiser's page lists only loaded
    tables, and for a round's table it does not list it opens another one (two tables, two
    results, for one pairing). Before, it was left in the file as the least recently played."""
    from sueca_rules import load_variant
    from sueca_rules.web._tables import SeatSpec

    rng = random.Random(3)
    with client_on(SqliteStore(db)) as c:
        manager = c.app.state.tables  # type: ignore[attr-defined]
        extra = {"tournament": {"file": "k", "name": "T", "round": 1, "table": 1, "teams": []}}
        cup = manager.create(
            load_variant("portugal"), "portugal", [SeatSpec("human", 1)] * 4, None, extra=extra
        )
        tables = [new_table(c, ["human", "bot:1", "bot:1", "bot:1"], seed=n) for n in range(3)]
        for table in tables:  # played after the tournament's table was opened
            with c.websocket_connect(url(table)) as ws:
                play_cards(ws, 0, 1, rng)
    with client_on(SqliteStore(db), max_tables=2) as c:
        loaded = set(c.app.state.tables.tables)  # type: ignore[attr-defined]
        assert cup.id in loaded
        assert len(loaded) == 2
        assert tables[2]["table"] in loaded  # then the most recently played


def _to_the_count(c: TestClient, rng: random.Random) -> tuple[dict[str, Any], Msg] | None:
    """A table of one person and bots under a claimable variant, played (no claim) to the
    count after the first deal's last trick; `None` if the match ended before (a bot's claim)."""
    table = new_table(
        c, ["human", "bot:1", "bot:1", "bot:1"], "portugal-table", seed=rng.randrange(10**6)
    )
    with c.websocket_connect(url(table)) as ws:
        state = until(ws, lambda m: m["type"] == "state")
        for _ in range(200):
            if state["phase"] in ("count", "over") or state["deal"] > 1:
                break
            decision = act(state, rng)
            if decision is not None and decision["type"] in ("claim", "play"):
                decision = {"type": "play", "card": rng.choice(state["legal"])}  # no renúncia
            if decision is not None:
                ws.send_json(decision)
            state = until(
                ws, lambda m: m["type"] == "state" and (m["to_play"] == 0 or m["phase"] != "play")
            )
        if state["phase"] != "count":
            return None
        ws.send_json({"type": "count"})  # the person agrees: the bots' answers still due
        return table, until(ws, lambda m: m["type"] == "state")


def test_a_restart_at_the_count_resumes_at_the_count(db: Path) -> None:
    """Saved at the count (the claim round after the last trick), the table comes back at the
    count, the deal not yet scored, the person's agreement kept: a renúncia may still be
    claimed there, as the players left it."""
    rng = random.Random(8)
    found = None
    with client_on(SqliteStore(db), count_seconds=600) as c:
        for _ in range(20):  # a match a bot's claim ended before the count is played again
            found = _to_the_count(c, rng)
            if found is not None:
                break
    assert found is not None, "no match reached the count"
    table, before = found
    assert before["phase"] == "count"
    with client_on(SqliteStore(db), count_seconds=600) as c:
        live = c.app.state.tables.get(table["table"])  # type: ignore[attr-defined]
        assert live.count_agreed == {0}
        with c.websocket_connect(url(table)) as ws:
            after = until(ws, lambda m: m["type"] == "state")
        assert game_of(after) == game_of(before)
        assert (after["phase"], after["games"], after["cards_played"]) == ("count", [0, 0], 40)


def test_a_restart_keeps_the_waiting_room_and_the_invites(db: Path) -> None:
    with client_on(SqliteStore(db)) as c:
        table = new_table(c, ["human", "human", "bot:1", "human"])
        with c.websocket_connect(url(table, 0)) as ws:
            waiting = until(ws, lambda m: m["type"] == "state")
    with client_on(SqliteStore(db)) as c:
        with c.websocket_connect(url(table, 0)) as ws:
            again = until(ws, lambda m: m["type"] == "state")
        assert again["phase"] == "waiting"
        assert again["invites"] == waiting["invites"]
        assert [s["joined"] for s in again["seats"]] == [True, False, False, False]
        # The others' links work again: the last one to join starts the match.
        with ExitStack() as stack:
            for seat in (0, 1, 3):
                stack.enter_context(c.websocket_connect(url(table, seat)))
            assert c.app.state.tables.get(table["table"]).match is not None  # type: ignore[attr-defined]


def replays_to(manager: Any, store: MemoryStore, table_id: str, seat: int, state: Msg) -> bool:
    """Whether `state` (sent to `seat`) is what the table rebuilt from its log shows that
    seat, after all of the log or nearly (the bots play on while the test looks)."""
    stored = store.take(table_id)
    assert stored is not None
    actions = stored.actions
    variant = manager.get(table_id).variant
    for n in range(len(actions), max(-1, len(actions) - 8), -1):
        rebuilt = manager._build(table_id, stored.header, variant)
        rebuilt.replay(actions[:n])
        if game_of(seat_state(rebuilt, rebuilt.seats[seat], "en")) == game_of(state):
            return True
    return False


@pytest.mark.parametrize(("variant", "seats"), GAMES[:4])
def test_random_matches_replay_to_the_same_state(variant: Any, seats: list[str]) -> None:
    """Claims, redeals, trump choices and the count, by people and bots: at every point the
    table rebuilt from its log is the table as it was."""
    store = MemoryStore()
    rng = random.Random(7)
    with client_on(store) as c:
        table = new_table(c, seats, variant, seed=5)
        humans = [s["seat"] for s in table["seats"]]
        live = c.app.state.tables.get(table["table"])  # type: ignore[attr-defined]
        with ExitStack() as stack:
            sockets = {h: stack.enter_context(c.websocket_connect(url(table, h))) for h in humans}
            latest = {h: until(sockets[h], lambda m: m["type"] == "state") for h in humans}
            for step in range(3000):
                for h in humans:
                    while latest[h]["version"] < live.version:
                        latest[h] = sockets[h].receive_json()
                if latest[humans[0]]["over"]:
                    break
                if step % 25 == 0:
                    for h in humans:
                        manager = c.app.state.tables  # type: ignore[attr-defined]
                        assert replays_to(manager, store, live.id, h, latest[h])
                for h in humans:
                    decision = act(latest[h], rng)
                    if decision is not None:
                        sockets[h].send_json(decision)
                        break
                latest[humans[0]] = sockets[humans[0]].receive_json()
            assert latest[humans[0]]["over"]


class Failing(MemoryStore):
    """A store that cannot be written while `failing` (a full disk)."""

    failing = False

    def append(
        self,
        table_id: str,
        seq: int,
        actions: list[dict[str, Any]],
        record: tuple[int, str] | None = None,
    ) -> None:
        if self.failing:
            raise StoreError("the disk is full")
        super().append(table_id, seq, actions, record)


def _closed_for_not_saved(c: TestClient, store: Failing) -> tuple[dict[str, Any], Msg]:
    """A table of one person and bots, two cards played; then the store fails, and the next
    card closes the table (1012: not saved). The table, and the last state before."""
    table = new_table(c, ["human", "bot:1", "bot:1", "bot:1"], seed=6)
    with c.websocket_connect(url(table)) as ws:
        before = play_cards(ws, 0, 2, random.Random(1))
        store.failing = True
        ws.send_json({"type": "play", "card": before["playable"][0]})
        with pytest.raises(WebSocketDisconnect) as closed:
            until(ws, lambda m: False)
        assert closed.value.code == 1012
    return table, before


def test_a_table_that_cannot_be_saved_is_closed_and_comes_back_as_saved() -> None:
    """Nobody is told of an action that was not saved: the table closes (the page may join
    again) and, once the store can be written, the link finds it as it was saved."""
    store = Failing()
    with client_on(store) as c:
        table, before = _closed_for_not_saved(c, store)
        store.failing = False
        with c.websocket_connect(url(table)) as ws:
            again = until(ws, lambda m: m["type"] == "state")
        assert game_of(again) == game_of(before)


class Unreadable(Failing):
    """A store that can be neither written nor read while `failing` (a full disk on which
    SQLite cannot even take the table back; Redis down)."""

    def take(self, table_id: str) -> StoredTable | None:
        if self.failing:
            raise StoreError("the disk is full")
        return super().take(table_id)

    def header(self, table_id: str) -> dict[str, Any] | None:
        if self.failing:
            raise StoreError("the disk is full")
        return super().header(table_id)


def test_a_table_the_store_cannot_read_for_now_is_not_said_to_be_gone() -> None:
    """The page joins again at once when its table closed for not being saved: while the
    store still fails, it is asked to come back later (and goes on trying), not told that
    there is no such table. Before, it got `no_table` and 4404, on which the page stops for
    good: the table was lost to its players though the store kept it."""
    store = Unreadable()
    with client_on(store) as c:
        table, before = _closed_for_not_saved(c, store)
        said: list[Msg] = []

        def heard(message: Msg) -> bool:
            said.append(message)
            return False

        with c.websocket_connect(url(table)) as ws, pytest.raises(WebSocketDisconnect) as closed:
            until(ws, heard)
        assert closed.value.code not in (4000, 4403, 4404)  # the page tries again
        assert not [m for m in said if m.get("code") in ("no_table", "bad_token")]
        # ... and its record is asked for again later (503), not a server error (500)
        token = table["seats"][0]["token"]
        asked = c.get(f"/api/tables/{table['table']}/record?token={token}")
        assert (asked.status_code, asked.json()["error"]) == (503, "unavailable")
        store.failing = False
        asked = c.get(f"/api/tables/{table['table']}/record?token={token}")
        assert (asked.status_code, asked.json()["error"]) == (409, "not_over")
        with c.websocket_connect(url(table)) as ws:
            again = until(ws, lambda m: m["type"] == "state")
        assert game_of(again) == game_of(before)


# --- the file ----------------------------------------------------------------------------


def test_the_database_is_versioned_and_private(db: Path) -> None:
    SqliteStore(db).close()
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert raw.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    raw.close()
    assert db.stat().st_mode & 0o077 == 0
    SqliteStore(db).close()  # opened again: the same schema, nothing to migrate


def _other_app(path: Path) -> None:
    with sqlite3.connect(path) as raw:
        raw.execute("CREATE TABLE invoices (id INTEGER)")
    raw.close()


def _newer(path: Path) -> None:
    SqliteStore(path).close()
    with sqlite3.connect(path) as raw:
        raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    raw.close()


def _damaged(path: Path) -> None:
    SqliteStore(path).close()
    data = bytearray(path.read_bytes())
    data[100:4096] = b"\xff" * (4096 - 100)
    path.write_bytes(bytes(data))


@pytest.mark.parametrize(
    ("make", "says"),
    [
        (lambda p: p.write_text("name: not a database\n"), "is not a SQLite database"),
        (_other_app, "is not a database of sueca-rules"),
        (_newer, "newer sueca-rules"),
        (_damaged, "damaged"),
    ],
)
def test_a_database_that_is_not_ours_is_refused_and_left_alone(
    db: Path, make: Any, says: str
) -> None:
    make(db)
    before = db.read_bytes()
    with pytest.raises(StoreError, match=says) as refused:
        SqliteStore(db)
    assert "\n" not in str(refused.value)
    assert db.read_bytes() == before


def _crashed_copy(folder: Path) -> Path:
    """A database as a `kill -9` leaves it, in `folder`: three tables, and their actions still
    in the write-ahead log (copied while the store is open: closing it would copy the log
    into the file and delete it)."""
    import shutil

    folder.mkdir()
    store = SqliteStore(folder / "live.db")
    for n in range(3):
        store.create(f"t{n}", {"n": n})
        store.append(f"t{n}", 0, [{"type": "join", "seat": 0}, {"type": "start"}])
    copy = folder / "tables.db"
    shutil.copy(store.path, copy)
    shutil.copy(store.path.with_name("live.db-wal"), copy.with_name("tables.db-wal"))
    store.close()
    return copy


@pytest.mark.parametrize("damage", ["emptied", "deleted"])
def test_a_database_lost_beside_its_write_ahead_log_is_refused_and_the_log_kept(
    tmp_path: Path, damage: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The database file emptied (or deleted) while its write-ahead log still holds tables:
    SQLite takes such a file for a new database and deletes the log at its first read, so the
    server started with no table and the log's tables were lost without a word. It is
    refused now, in one line in the user's language, and both files are left as they were."""
    from sueca_rules.cli import main

    intact = _crashed_copy(tmp_path / "intact")
    with sqlite3.connect(intact) as raw:  # as it is, the copy holds the tables (in its log)
        assert raw.execute("SELECT count(*) FROM actions").fetchone() == (6,)
    raw.close()
    copy = _crashed_copy(tmp_path / "damaged")
    wal = copy.with_name(copy.name + "-wal")
    logged = wal.read_bytes()
    if damage == "emptied":
        copy.write_bytes(b"")
    else:
        copy.unlink()
    with pytest.raises(StoreError, match="write-ahead log") as refused:
        SqliteStore(copy)
    assert "\n" not in str(refused.value)
    assert wal.read_bytes() == logged
    assert (copy.read_bytes() == b"") if damage == "emptied" else not copy.exists()
    assert main(["serve", "--lang", "pt", "--port", "0", "--db", str(copy)]) == 1
    err = capsys.readouterr().err
    assert "registo antecipado de escritas" in err
    assert "nada foi aberto nem escrito" in err
    assert "Traceback" not in err
    assert wal.read_bytes() == logged


def test_a_damaged_write_ahead_log_is_refused_and_left_alone(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A byte changed in the middle of the write-ahead log (by hand, a disk, a bad copy):
    SQLite reads a log up to its first change that does not check and forgets the rest, so
    the tables written after it were lost without a word at the first start. It is refused
    now, in one line in the user's language, both files left as they were; a log cut short
    in its last change (as a crash leaves it) is read as before."""
    from sueca_rules.cli import main

    copy = _crashed_copy(tmp_path / "damaged")
    wal = copy.with_name(copy.name + "-wal")
    data = bytearray(wal.read_bytes())
    page = int.from_bytes(data[8:12], "big")
    data[32 + (24 + page) + 24 + 10] ^= 0xFF  # in the second change's page
    wal.write_bytes(bytes(data))
    before = copy.read_bytes()
    with pytest.raises(StoreError, match="is damaged") as refused:
        SqliteStore(copy)
    assert "\n" not in str(refused.value)
    assert main(["serve", "--lang", "pt", "--port", "0", "--db", str(copy)]) == 1
    err = capsys.readouterr().err
    assert "registo antecipado de escritas" in err
    assert "está danificado" in err
    assert "Traceback" not in err
    assert (wal.read_bytes(), copy.read_bytes()) == (bytes(data), before)
    cut = _crashed_copy(tmp_path / "cut")
    cut_wal = cut.with_name(cut.name + "-wal")
    cut_wal.write_bytes(cut_wal.read_bytes()[:-100])
    store = SqliteStore(cut)
    assert store._read("SELECT count(*) FROM tables") == [(3,)]
    store.close()


def test_a_log_restarted_or_summed_big_endian_is_not_taken_for_damage(tmp_path: Path) -> None:
    """Two logs SQLite reads whole are not refused: one restarted after a checkpoint (its
    first changes written over the former log's, whose later ones, of other salts, follow
    them), and the same log summed in big-endian words (as a big-endian machine writes it)."""
    import shutil
    import struct

    from sueca_rules.web._store import _wal_damage, _wal_damaged, _wal_sums

    live = tmp_path / "live.db"
    db = sqlite3.connect(live, isolation_level=None)
    db.execute("PRAGMA journal_mode = WAL")
    db.execute("PRAGMA wal_autocheckpoint = 0")
    db.execute("CREATE TABLE t (x BLOB)")
    for n in range(40):
        db.execute("INSERT INTO t VALUES (?)", (bytes([n]) * 900,))
    db.execute("PRAGMA wal_checkpoint(RESTART)").fetchone()
    for n in range(3):  # a shorter log over the former one
        db.execute("INSERT INTO t VALUES (?)", (bytes([n]) * 50,))
    data = live.with_name("live.db-wal").read_bytes()
    size = 24 + int.from_bytes(data[8:12], "big")
    salts = {data[at + 8 : at + 16] for at in range(32, len(data) - size + 1, size)}
    assert data[16:24] in salts
    assert len(salts) == 2  # the restarted log's and the former one's
    assert not _wal_damage(data)
    magic, version, page, seq, salt1, salt2, _, _ = struct.unpack(">8I", data[:32])
    head = struct.pack(">6I", magic | 1, version, page, seq, salt1, salt2)
    s0, s1 = _wal_sums(head, True, 0, 0)
    big = bytearray(head + struct.pack(">2I", s0, s1))
    for at in range(32, len(data) - page - 23, page + 24):
        frame, body = data[at : at + 24], data[at + 24 : at + 24 + page]
        if frame[8:16] == data[16:24]:
            s0, s1 = _wal_sums(body, True, *_wal_sums(frame[:8], True, s0, s1))
            frame = frame[:16] + struct.pack(">2I", s0, s1)
        big += frame + body
    copy = tmp_path / "copy.db"
    shutil.copy(live, copy)
    copy.with_name("copy.db-wal").write_bytes(bytes(big))
    assert not _wal_damage(bytes(big))
    assert not _wal_damaged(copy.with_name("copy.db-wal"))
    with sqlite3.connect(copy) as raw:  # SQLite reads it whole: the 43 rows
        assert raw.execute("SELECT count(*) FROM t").fetchone() == (43,)
    raw.close()
    db.close()


def test_an_empty_database_beside_an_empty_log_is_a_new_one(db: Path) -> None:
    """A log with no change in it (its header alone) holds no table: the empty file beside it
    is a new database, as before."""
    db.write_bytes(b"")
    db.with_name(db.name + "-wal").write_bytes(b"")
    store = SqliteStore(db)
    store.create("t1", {})
    assert store.live() == ["t1"]
    store.close()


def test_a_read_only_database_is_refused_at_once(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file that can be read but not written (its mode, a read-only mount) is refused when
    it is opened, in one line: before, it was opened, and the first write (taking back its
    tables at the start) failed, so that `sueca serve` stopped with a traceback. (The test
    opens it read-only as SQLite does a file of mode 0444, which root could write anyway.)"""
    SqliteStore(db).close()
    before = db.read_bytes()
    connect = sqlite3.connect

    def read_only(path: Any, *args: Any, **kwargs: Any) -> sqlite3.Connection:
        opened: sqlite3.Connection = connect(f"file:{path}?mode=ro", *args, uri=True, **kwargs)
        return opened

    monkeypatch.setattr(sqlite3, "connect", read_only)
    with pytest.raises(StoreError, match="readonly") as refused:
        SqliteStore(db)
    assert "\n" not in str(refused.value)
    assert db.read_bytes() == before


@pytest.mark.parametrize("damage", ["header", "action", "header bytes", "action bytes"])
def test_a_table_whose_row_is_damaged_is_set_aside_and_the_others_come_back(
    db: Path, damage: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A row whose text is no longer JSON (a bit flipped on the disk: SQLite's own check
    does not read the values) costs that table only: the server starts, says which table it
    could not read, and brings the others back. Before, the error escaped the start, and
    `sueca serve` stopped with a traceback, every table lost with the damaged one. Its links
    then say that it is damaged (they said "try again in a moment", for ever). A value whose
    bytes are no longer UTF-8 is damaged too (it was taken for a database that cannot be
    read for now: "try again in a moment", for ever)."""
    rng = random.Random(5)
    with client_on(SqliteStore(db)) as c:
        good, bad = (new_table(c, ["human", "bot:1", "bot:1", "bot:1"], seed=s) for s in (1, 2))
        for table in (good, bad):
            with c.websocket_connect(url(table)) as ws:
                before = play_cards(ws, 0, 2, rng)
        with c.websocket_connect(url(good)) as ws:
            before = until(ws, lambda m: m["type"] == "state")
    with sqlite3.connect(db) as raw:
        if damage == "header":
            raw.execute(
                'UPDATE tables SET header = \'{"format": 1, "var\' WHERE id = ?', (bad["table"],)
            )
        elif damage == "action":
            raw.execute(
                'UPDATE actions SET action = \'{"type": "pl\' WHERE table_id = ? AND seq = 1',
                (bad["table"],),
            )
        else:  # a byte flipped on the disk: the text is no longer UTF-8
            column, rows, key = (
                ("header", "tables", "id")
                if damage == "header bytes"
                else ("action", "actions", "table_id")
            )
            raw.execute(
                f"UPDATE {rows} SET {column} = CAST(CAST(? AS BLOB) || "
                f"substr(CAST({column} AS BLOB), 3) AS TEXT) WHERE {key} = ?",
                (b'{"\xc3', bad["table"]),
            )
    raw.close()
    with client_on(SqliteStore(db)) as c:
        tables = c.app.state.tables  # type: ignore[attr-defined]
        assert list(tables.tables) == [good["table"]]
        with c.websocket_connect(url(good)) as ws:
            after = until(ws, lambda m: m["type"] == "state")
        assert game_of(after) == game_of(before)
        assert tables.get(bad["table"]) is None
        # Its players are told that it is damaged, for good (the page stops trying), not to
        # come back in a moment, in their language.
        with c.websocket_connect(url(bad) + "&lang=pt") as ws:
            message = ws.receive_json()
            assert message["code"] == "damaged"
            assert "danificada" in message["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4404
        token = bad["seats"][0]["token"]
        asked = c.get(f"/api/tables/{bad['table']}/record?token={token}")
        assert (asked.status_code, asked.json()["error"]) == (410, "damaged")
    said = [r.getMessage() for r in caplog.records if r.levelname == "ERROR"]
    assert any(bad["table"] in line and "damaged" in line for line in said), said


def test_sueca_serve_says_what_is_wrong_with_db(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from sueca_rules.cli import main

    text = tmp_path / "notes.txt"
    text.write_text("hello\n")
    for given, says in (
        (tmp_path, "is a folder"),
        (text, "is not a SQLite database"),
        (tmp_path / "no" / "such" / "t.db", "there is no folder"),
    ):
        assert main(["serve", "--port", "0", "--db", str(given)]) == 1
        err = capsys.readouterr().err
        assert says in err
        assert "Traceback" not in err
        assert len(err.strip().splitlines()) == 1
    assert text.read_text() == "hello\n"


def test_sueca_serve_says_what_is_wrong_with_db_in_the_chosen_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each refusal of a --db (or a --redis) is one line in the language of `--lang`, as the
    rest of what `sueca serve` says. Before, they were said in English whatever the language."""
    from sueca_rules.cli import main

    other = tmp_path / "other.db"
    with sqlite3.connect(other) as con:
        con.execute("CREATE TABLE notes (x)")
    newer = tmp_path / "newer.db"
    with sqlite3.connect(newer) as con:
        con.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        con.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
        con.execute("CREATE TABLE later (x)")
    text = tmp_path / "notes.txt"
    text.write_text("hello " * 400)
    for given, pt, en in (
        (["--db", str(tmp_path)], "é uma pasta", "is a folder"),
        (["--db", str(tmp_path / "no" / "t.db")], "não há a pasta", "there is no folder"),
        (["--db", str(text)], "não é uma base de dados SQLite", "is not a SQLite database"),
        (["--db", str(other)], "não é uma base de dados do sueca-rules", "not a database of"),
        (["--db", str(newer)], f"mais recente (esquema {SCHEMA_VERSION + 1}", "by a newer"),
        (["--db", " "], "é o caminho de um ficheiro", "is a file path"),
        (["--redis", " "], "é um URL como", "is a URL such as"),
    ):
        for lang, says in (("pt", pt), ("en", en)):
            assert main(["serve", "--port", "0", "--lang", lang, *given]) == 1
            err = capsys.readouterr().err
            assert says in err, (given, lang, err)
            assert "Traceback" not in err
            assert len(err.strip().splitlines()) == 1


def test_a_record_whose_bytes_are_damaged_is_damaged_for_good(db: Path) -> None:
    """A finished record whose bytes are no longer UTF-8 is damaged (its link says so, for
    good), not a database that cannot be read for now."""
    from sueca_rules.web._store import DamagedTableError

    store = SqliteStore(db)
    try:
        store.create("t1", {"seats": []})
        store.append("t1", 0, [{"type": "start"}], (1, '{"deals": []}'))
        assert store.latest_record("t1") == (1, '{"deals": []}')
        with sqlite3.connect(db) as raw:
            raw.execute("UPDATE records SET record = CAST(CAST(? AS BLOB) AS TEXT)", (b"{\xff}",))
        raw.close()
        with pytest.raises(DamagedTableError, match="record of table t1 cannot be read"):
            store.latest_record("t1")
    finally:
        store.close()


def test_a_damaged_database_is_refused_on_one_line(
    db: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """SQLite's check of a damaged file says it on several lines (a heading, then the faults):
    `sueca serve` says the first fault on its one line. Before, the refusal spanned lines."""
    from sueca_rules.cli import main

    store = SqliteStore(db)
    for i in range(30):
        store.create(f"t{i}", {"seats": [], "notes": "x" * 300})
    store.release()
    store.close()
    with sqlite3.connect(db) as raw:
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw.close()
    intact = db.read_bytes()
    page = 4096
    damaged = 0
    for number in range(3, len(intact) // page + 1):  # a page of a table, its cells miscounted
        data = bytearray(intact)
        data[(number - 1) * page + 3 : (number - 1) * page + 5] = b"\x7f\xff"
        db.write_bytes(bytes(data))
        with sqlite3.connect(db) as raw:
            try:
                verdict = str(raw.execute("PRAGMA quick_check").fetchone()[0])
            except sqlite3.DatabaseError:
                continue
        raw.close()
        if "\n" not in verdict:
            continue
        damaged += 1
        assert main(["serve", "--port", "0", "--db", str(db)]) == 1
        err = capsys.readouterr().err
        assert "is damaged" in err
        assert "Traceback" not in err
        assert len(err.strip().splitlines()) == 1, err
        assert "***" not in err
    assert damaged  # at least one page whose damage SQLite says on several lines


def test_sueca_serve_help_names_the_store(capsys: pytest.CaptureFixture[str]) -> None:
    from sueca_rules.cli import main

    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    out = capsys.readouterr().out
    for option in ("--db", ":memory:", "--redis", "--keep-days", "sueca-rules"):
        assert option in out


def test_a_table_is_written_only_by_the_process_holding_it(db: Path) -> None:
    """Two stores on one file (two processes): a table held by one is not taken by the
    other until it lets go, and then the first may no longer write it."""
    a, b = SqliteStore(db), SqliteStore(db)
    a.create("t1", {"x": 1})
    a.append("t1", 0, [{"type": "start"}])
    assert "t1" not in b.live()
    assert b.take("t1") is None
    a.release()
    taken = b.take("t1")
    assert taken is not None
    assert taken.actions == [{"type": "start"}]
    with pytest.raises(StoreLostError):
        a.append("t1", 1, [{"type": "play", "card": "7H"}])
    b.append("t1", 1, [{"type": "play", "card": "7H"}])
    a.close()
    b.close()


def test_closed_tables_keep_their_record_until_pruned(db: Path) -> None:
    now = [1_000_000.0]
    store = SqliteStore(db, clock=lambda: now[0])
    with client_on(store, idle_seconds=60, keep_seconds=3600) as c:
        table = new_table(c, ["human", "bot:1", "bot:1", "bot:1"], seed=2)
        token = table["seats"][0]["token"]
        record_url = f"/api/tables/{table['table']}/record?token={token}"
        with c.websocket_connect(url(table)) as ws:
            play_out(ws, 0, random.Random(4))
        finished = c.get(record_url).text
        assert c.get(record_url).headers["x-sueca-seat"] == "0"  # whose record: seat 0's
        manager = c.app.state.tables  # type: ignore[attr-defined]
        manager.clock = lambda: 1e12
        assert manager.expire() == 1
        assert table["table"] not in manager.tables
        with c.websocket_connect(url(table)) as ws:
            assert ws.receive_json()["code"] == "no_table"
        assert c.get(record_url).text == finished  # the history stays
        assert c.get(record_url).headers["x-sueca-seat"] == "0"  # and whose it is
        assert c.get(record_url + "x").status_code == 403
        watch = c.get(f"/api/tables/{table['table']}/record?watch={table['watch']}")
        assert watch.text == finished
        assert "x-sueca-seat" not in watch.headers  # a watcher holds no seat
        now[0] += 3601
        manager.tidy()
        assert c.get(record_url).status_code == 404


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_record_is_given_for_each_secret_under_its_own_name(db: Path, lang: Lang) -> None:
    """`?token=` takes a seat's token, `?watch=` the watch secret, and neither the other's: a
    seat's token is one player's secret, never a watch link (as at the table's socket). The
    same while the table is open and once the store alone keeps it; refused in the language
    asked for."""
    now = [1_000_000.0]
    store = SqliteStore(db, clock=lambda: now[0])
    with client_on(store, idle_seconds=60, keep_seconds=3600) as c:
        table = new_table(c, ["human", "bot:1", "bot:1", "bot:1"], seed=2)
        token, watch = table["seats"][0]["token"], table["watch"]
        base = f"/api/tables/{table['table']}/record?lang={lang}&"
        with c.websocket_connect(url(table)) as ws:
            play_out(ws, 0, random.Random(4))
        manager = c.app.state.tables  # type: ignore[attr-defined]
        for stage in ("open", "kept"):
            if stage == "kept":
                manager.clock = lambda: 1e12
                assert manager.expire() == 1
                assert table["table"] not in manager.tables
            seat = c.get(f"{base}token={token}")
            assert seat.status_code == 200, stage
            assert seat.headers["x-sueca-seat"] == "0"
            watched = c.get(f"{base}watch={watch}")
            assert watched.status_code == 200, stage
            assert "x-sueca-seat" not in watched.headers
            for wrong in (f"watch={token}", f"token={watch}", "watch=", "token="):
                refused = c.get(base + wrong)
                assert refused.status_code == 403, (stage, wrong)
                body = refused.json()
                assert body["error"] == "bad_token"
                assert body["message"] == refusal_words(lang, "bad_token"), lang


def test_idle_tables_nobody_holds_are_closed_by_the_prune(db: Path) -> None:
    """An open table nobody holds where nothing happened is closed; a closed table is kept
    for `keep_seconds` if a match of it finished (its record downloads), else forgotten."""
    now = [1_000_000.0]
    a = SqliteStore(db, clock=lambda: now[0])
    a.create("played", {"x": 1})
    a.append("played", 0, [{"type": "start"}], (1, '{"record": 1}'))
    a.create("empty", {"x": 2})
    a.release()
    now[0] += 100
    assert a.prune(keep_seconds=1000, idle_seconds=50) == 1
    assert a.live() == []
    assert a.header("empty") is None
    assert a.latest_record("played") == (1, '{"record": 1}')
    now[0] += 1001
    assert a.prune(keep_seconds=1000, idle_seconds=50) == 1
    assert a.header("played") is None
    a.close()


# --- watch links -------------------------------------------------------------------------


def test_a_watcher_sees_the_table_and_no_hand(db: Path) -> None:
    """Every message a watcher gets is checked against the four hands: no card of any hand
    that is not on the table (or the turned trump card, which all see)."""
    rng = random.Random(5)
    with client_on(SqliteStore(db)) as c:
        table = new_table(c, ["human", "bot:1", "human", "bot:2"], seed=3)
        watch = f"/ws/tables/{table['table']}?watch={table['watch']}"
        seen: list[Msg] = []
        with ExitStack() as stack:
            watcher = stack.enter_context(c.websocket_connect(watch))
            first = watcher.receive_json()
            assert first["seat"] is None
            assert first["phase"] == "waiting"
            assert "invites" not in first
            watcher.send_json({"type": "play", "card": "7H"})
            assert watcher.receive_json()["code"] == "watching"
            p0 = stack.enter_context(c.websocket_connect(url(table, 0)))
            p2 = stack.enter_context(c.websocket_connect(url(table, 2)))
            sockets = {0: p0, 2: p2}
            latest = {h: until(sockets[h], lambda m: m["type"] == "state") for h in sockets}
            live = c.app.state.tables.get(table["table"])  # type: ignore[attr-defined]
            for _ in range(3000):
                for h in sockets:
                    while latest[h]["version"] < live.version:
                        latest[h] = sockets[h].receive_json()
                if latest[0]["over"]:
                    break
                for h in sockets:
                    decision = act(latest[h], rng)
                    if decision is not None and decision["type"] == "play":
                        sockets[h].send_json(decision)
                        break
                latest[0] = p0.receive_json()
            while True:
                message = watcher.receive_json()
                seen.append(message)
                if message["version"] >= live.version:
                    break
        record = c.get(f"/api/tables/{table['table']}/record?watch={table['watch']}")
    deals = parse_record(record.text).to_data()["deals"]
    assert len(seen) > 100
    for msg in seen:
        assert msg["seat"] is None
        assert msg["hand"] == msg["legal"] == msg["playable"] == []
        assert msg.get("hand_points", 0) == 0  # nor what seat 0's hand is worth
        if msg["phase"] == "waiting":
            assert not cards_in(msg)
            continue
        d, k = msg["deal"], msg["cards_played"]
        allowed: set[str] = set()
        if d - 1 < len(deals):
            deal = deals[d - 1]
            allowed |= set(deal.get("plays", [])[:k]) | {deal["trump_card"]}
        if d >= 2:
            allowed |= set(deals[d - 2].get("plays", ())) | {deals[d - 2]["trump_card"]}
        hands = set().union(*(set(h) for h in deals[min(d, len(deals)) - 1]["hands"]))
        assert not (cards_in(msg) - allowed) & hands, (d, k)
        assert not cards_in(msg) - allowed, (d, k)


def test_watchers_are_capped_and_need_the_secret(db: Path) -> None:
    with client_on(SqliteStore(db), max_watchers=2) as c:
        table = new_table(c, ["human", "bot:1", "bot:1", "bot:1"])
        base = f"/ws/tables/{table['table']}?watch="
        with c.websocket_connect(base + "wrong") as ws:
            assert ws.receive_json()["code"] == "bad_token"
        with ExitStack() as stack:
            for _ in range(2):
                stack.enter_context(c.websocket_connect(base + table["watch"])).receive_json()
            with c.websocket_connect(base + table["watch"]) as ws:
                assert ws.receive_json()["code"] == "watchers"
                with pytest.raises(WebSocketDisconnect):
                    ws.receive_json()


def test_the_answer_has_a_watch_link_and_join_links(db: Path) -> None:
    with client_on(SqliteStore(db)) as c:
        table = new_table(c, ["human", "bot:1", "human", "bot:1"])
    assert len(table["watch"]) >= 32
    assert table["watch"] not in {s["token"] for s in table["seats"]}
    assert [link["seat"] for link in table["links"]] == [0, 2]
    assert all(link["path"].startswith(f"/table/{table['table']}") for link in table["links"])


def test_the_agreement_to_hints_survives_a_restart(db: Path) -> None:
    with client_on(SqliteStore(db)) as c:
        table = new_table(c, ["human", "bot:1", "bot:1", "human"])
        with c.websocket_connect(url(table, 0)) as ws0, c.websocket_connect(url(table, 3)) as ws3:
            ws0.send_json({"type": "hints", "agree": True})
            ws3.send_json({"type": "hints", "agree": True})
            until(ws0, lambda m: m["type"] == "state" and m["hints"]["allowed"])
    hint = f"/api/tables/{table['table']}/hint?probe=1&token="
    token3 = next(s["token"] for s in table["seats"] if s["seat"] == 3)
    with client_on(SqliteStore(db)) as c:
        assert c.get(hint + token3).json() == {"allowed": True}
        with c.websocket_connect(url(table, 3)) as ws3:
            state = until(ws3, lambda m: m["type"] == "state")
            assert state["hints"] == {
                "allowed": True,
                "agreed": [0, 3],
                "players": 2,
                "practice": False,
            }
            ws3.send_json({"type": "hints", "agree": False})
            until(ws3, lambda m: m["type"] == "state" and m["hints"]["agreed"] == [0])
    with client_on(SqliteStore(db)) as c:
        live = c.app.state.tables.get(table["table"])  # type: ignore[attr-defined]
        assert live.hints_agreed == {0}
        assert c.get(hint + token3).status_code == 403


# --- a log written before the turn protocol (issue 23) --------------------------------------

OLD_LOG_VARIANT: dict[str, Any] = {
    "name": "Old log",
    "extends": "brasil",
    "revoke": {
        "mode": "claimable",
        "accuse": "player",
        "false_claim_games": 1,
        "after_false_claim": "play_on",
    },
    "deal": {"redeal": {"leader_below": 22, "others_below": 16}},
}

OLD_LOG = (
    '[{"type":"join","seat":0},{"type":"start"},{"type":"trump","seat":2,"side":"bottom"},{"t'
    'ype":"keep","seat":3},{"type":"keep","seat":0},{"type":"keep","seat":1},{"type":"keep","'
    'seat":2},{"type":"play","seat":3,"card":"2H"},{"type":"play","seat":0,"card":"3H"},{"typ'
    'e":"play","seat":1,"card":"QH"},{"type":"play","seat":2,"card":"AH"},{"type":"play","sea'
    't":2,"card":"5S"},{"type":"play","seat":3,"card":"2S"},{"type":"play","seat":0,"card":"A'
    'S"},{"type":"play","seat":1,"card":"3S"},{"type":"play","seat":0,"card":"7D"},{"type":"p'
    'lay","seat":1,"card":"4S"},{"type":"play","seat":2,"card":"6D"},{"type":"play","seat":3,'
    '"card":"QD"},{"type":"play","seat":0,"card":"3D"},{"type":"play","seat":1,"card":"2C"},{'
    '"type":"play","seat":2,"card":"AD"},{"type":"play","seat":3,"card":"KD"},{"type":"play",'
    '"seat":2,"card":"QC"},{"type":"play","seat":3,"card":"3C"},{"type":"play","seat":0,"card'
    '":"JC"},{"type":"play","seat":1,"card":"AC"},{"type":"play","seat":1,"card":"QS"},{"type'
    '":"play","seat":2,"card":"2D"},{"type":"play","seat":3,"card":"JS"},{"type":"play","seat'
    '":0,"card":"6S"},{"type":"play","seat":2,"card":"5H"},{"type":"play","seat":3,"card":"4H'
    '"},{"type":"play","seat":0,"card":"5D"},{"type":"play","seat":1,"card":"5C"},{"type":"pl'
    'ay","seat":0,"card":"4C"},{"type":"play","seat":1,"card":"KC"},{"type":"play","seat":2,"'
    'card":"4D"},{"type":"play","seat":3,"card":"6H"},{"type":"play","seat":2,"card":"JH"},{"'
    'type":"play","seat":3,"card":"KH"},{"type":"play","seat":0,"card":"JD"},{"type":"play","'
    'seat":1,"card":"KS"},{"type":"play","seat":0,"card":"6C"},{"type":"play","seat":1,"card"'
    ':"7C"},{"type":"play","seat":2,"card":"7H"},{"type":"play","seat":3,"card":"7S"},{"type"'
    ':"count","seat":0},{"type":"score"},{"type":"trump","seat":3,"side":"bottom"},{"type":"k'
    'eep","seat":0},{"type":"keep","seat":1},{"type":"redeal","seat":2},{"type":"trump","seat'
    '":3,"side":"bottom"},{"type":"keep","seat":0},{"type":"keep","seat":1},{"type":"keep","s'
    'eat":2},{"type":"keep","seat":3},{"type":"play","seat":0,"card":"AD"},{"type":"play","se'
    'at":1,"card":"2D"},{"type":"play","seat":2,"card":"7D"},{"type":"play","seat":3,"card":"'
    '3D"},{"type":"play","seat":0,"card":"7H"},{"type":"play","seat":1,"card":"QH"},{"type":"'
    'play","seat":2,"card":"4H"},{"type":"play","seat":3,"card":"2H"},{"type":"play","seat":0'
    ',"card":"KH"},{"type":"play","seat":1,"card":"2S"},{"type":"play","seat":2,"card":"3C"},'
    '{"type":"play","seat":3,"card":"3H"},{"type":"play","seat":0,"card":"AH"},{"type":"play"'
    ',"seat":1,"card":"4S"},{"type":"play","seat":2,"card":"7S"},{"type":"play","seat":3,"car'
    'd":"5H"},{"type":"claim","seat":0,"against":3},{"type":"play","seat":0,"card":"JS"},{"ty'
    'pe":"play","seat":1,"card":"AS"},{"type":"play","seat":2,"card":"6S"},{"type":"play","se'
    'at":3,"card":"KS"},{"type":"play","seat":1,"card":"2C"},{"type":"play","seat":2,"card":"'
    '6C"},{"type":"play","seat":3,"card":"4C"},{"type":"play","seat":0,"card":"AC"},{"type":"'
    'play","seat":0,"card":"3S"},{"type":"play","seat":1,"card":"5S"},{"type":"play","seat":2'
    ',"card":"QS"},{"type":"play","seat":3,"card":"6H"},{"type":"play","seat":3,"card":"5D"},'
    '{"type":"play","seat":0,"card":"6D"},{"type":"play","seat":1,"card":"QC"},{"type":"play"'
    ',"seat":2,"card":"KD"},{"type":"play","seat":2,"card":"4D"},{"type":"play","seat":3,"car'
    'd":"JH"},{"type":"play","seat":0,"card":"JD"},{"type":"play","seat":1,"card":"KC"},{"typ'
    'e":"play","seat":3,"card":"5C"},{"type":"play","seat":0,"card":"7C"},{"type":"play","sea'
    't":1,"card":"JC"},{"type":"play","seat":2,"card":"QD"},{"type":"count","seat":0},{"type"'
    ':"score"}]'
)
"""The log of a table (a person at seat 0, bots at 1-3: cards, a claim, the dealer's choice,
a redeal and kept hands, the count agreed and ended) as the web table wrote it before it was
an adapter over `Match.pending()` (commit 6dccf88), three deals in."""

OLD_LOG_RECORD = "69d003c132e380c3f44c25e8c26b5614d9eeb1a1086f36118feacdea19da9842"
"""The SHA-256 of the JSON record of that table's match after its log, by that version."""


def test_a_log_written_before_the_turn_protocol_replays_the_same() -> None:
    """A database of the last version still loads: its log replays to the same match (the
    stored actions kept their format), and the table goes on from there."""
    import hashlib
    from concurrent.futures import ThreadPoolExecutor

    from sueca_rules import dump_record, parse_variant
    from sueca_rules.bots import make_bot
    from sueca_rules.web._tables import Seat, Table

    variant = parse_variant(json.dumps(OLD_LOG_VARIANT))
    seats = [Seat(0, "human", 2, make_bot(2, seed="p"), "tok")]
    seats += [Seat(i, "bot", 2, make_bot(2, seed=f"b{i}")) for i in (1, 2, 3)]
    with ThreadPoolExecutor(1) as pool:
        table = Table("t", variant, None, seats, 21, Settings.for_tests(), pool)
        table.replay(json.loads(OLD_LOG))
    match = table.match
    assert match is not None
    assert len(match.deals) == 3
    record = dump_record(match.to_record(), "json")
    assert hashlib.sha256(record.encode()).hexdigest() == OLD_LOG_RECORD
    assert match.pending() is not None


def test_a_lease_of_a_process_gone_is_free_at_once(db: Path) -> None:
    import os
    import subprocess
    import sys
    import time as clock

    from sueca_rules.web._store import _pid_alive

    store = SqliteStore(db)
    other_here = SqliteStore(db)  # another store of this very process: alive
    now = clock.time()
    later = now + 60

    # A holder killed but not yet collected by its parent (a zombie) is gone.
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    try:
        for _ in range(200):
            if not _pid_alive(child.pid):
                break
            clock.sleep(0.02)
        assert not _pid_alive(child.pid)  # exited, not yet collected: a zombie
        assert store._free(("gone", store.host, child.pid, later), now)
    finally:
        child.wait()
    # A holder that had this process's pid before it (a container restarted as pid 1) is gone;
    # another store of this process is not.
    assert store._free(("before", store.host, store.pid, later), now)
    assert not store._free((other_here.owner, store.host, store.pid, later), now)
    # A live holder, or one of another machine, keeps its lease until it runs out.
    assert not store._free(("alive", store.host, os.getppid(), later), now)
    assert not store._free(("far", "another-host", child.pid, later), now)
    assert store._free(("far", "another-host", child.pid, now - 1), now)


def test_a_secret_is_made_once_and_kept_over_a_restart(db: Path) -> None:
    first = SqliteStore(db)
    made = first.secret("organiser:/cup.yaml")
    assert len(made) >= 24
    assert first.secret("organiser:/cup.yaml") == made
    assert first.secret("organiser:/other.yaml") != made
    first.close()
    again = SqliteStore(db)
    assert again.secret("organiser:/cup.yaml") == made
    again.close()
    memory = MemoryStore()
    assert memory.secret("a") == memory.secret("a") != MemoryStore().secret("a")


def test_a_database_of_the_first_schema_is_brought_up_to_date(db: Path) -> None:
    """A file written before the secrets were kept (schema 1) keeps its tables and gains the
    secrets' table."""
    from sueca_rules.web._store import MIGRATIONS

    with sqlite3.connect(db) as raw:
        raw.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        for statement in MIGRATIONS[1]:
            raw.execute(statement)
        raw.execute("PRAGMA user_version = 1")
        raw.execute("INSERT INTO tables (id, header, created, updated) VALUES ('t1', '{}', 0, 0)")
    raw.close()
    store = SqliteStore(db)
    assert store.header("t1") == {}
    assert store.secret("x") == store.secret("x")
    store.close()
    with sqlite3.connect(db) as raw:
        assert raw.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 2
    raw.close()


def test_a_table_held_by_another_live_server_is_said_to_be_there(db: Path) -> None:
    """Two servers on one database without Redis: a table the other one holds is not served
    here, and its page is told so ("another server"), not that there is no such table (which
    made the players think it expired). A table that is not there is still no_table."""
    with ExitStack() as stack:
        a = stack.enter_context(client_on(SqliteStore(db)))
        b = stack.enter_context(client_on(SqliteStore(db)))
        table = new_table(a, ["human", "bot:1", "bot:1", "bot:1"])
        for lang, words in (("en", "another server"), ("pt", "noutro servidor")):
            with b.websocket_connect(url(table) + f"&lang={lang}") as ws:
                said = ws.receive_json()
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
            assert (said["type"], said["code"], closed.value.code) == ("error", "elsewhere", 4404)
            assert words in said["message"]
        gone = {**table, "table": "x" * 20}
        with b.websocket_connect(url(gone)) as ws:
            assert ws.receive_json()["code"] == "no_table"
        with a.websocket_connect(url(table)) as ws:  # its own server serves it
            assert until(ws, lambda m: m["type"] == "state")["seat"] == 0


def test_a_followed_action_that_fails_leaves_the_ones_before_it_made_once() -> None:
    """A process following a table is sent two actions, and the second cannot be made here:
    the first is made, counted and shown, and made again by nobody (the log is read on from
    the one that failed). Before, nothing was counted and the first was made twice on the next
    read."""
    store = MemoryStore()
    with client_on(store) as c:
        table = new_table(c, ["human", "bot:1", "bot:1", "bot:1"], "portugal", seed=5)
        with c.websocket_connect(url(table, 0)) as ws:
            until(ws, lambda m: m["type"] == "state")
            play_cards(ws, 0, 2, random.Random(3))
        manager = c.app.state.tables  # type: ignore[attr-defined]
        stored = store.take(table["table"])
        assert stored is not None
        assert len(stored.actions) > 4
        variant = manager.get(table["table"]).variant
        follower = manager._build(table["table"], stored.header, variant)
        follower.replay(stored.actions[:3])
        version = follower.version
        with pytest.raises(ValueError, match="not a stored action"):
            follower.follow([stored.actions[3], {"type": "nonsense"}])
        assert follower.logged == 4
        assert follower.version == version + 1  # shown once, with the action made
        follower.follow(stored.actions[4:])  # read on from there: each action made once
        assert follower.logged == len(stored.actions)
        assert game_of(seat_state(follower, follower.seats[0], "en")) == game_of(
            seat_state(manager.get(table["table"]), manager.get(table["table"]).seats[0], "en")
        )


def test_the_sqlite_store_gives_the_headers_of_every_open_table(db: Path) -> None:
    """`open_headers()`: the open tables' headers whichever process holds them (the file is
    shared), not a closed one's, and not one damaged on the disk (left out, no error)."""
    one, two = SqliteStore(db), SqliteStore(db)
    try:
        one.create("a", {"seed": 1})
        two.create("b", {"seed": 2})
        two.create("c", {"seed": 3})
        two.end("c")
        one.create("d", {"seed": 4})
        with sqlite3.connect(db) as raw:
            raw.execute("UPDATE tables SET header = ? WHERE id = 'd'", (b"\xff{",))
        assert one.open_headers() == {"a": {"seed": 1}, "b": {"seed": 2}}
        assert two.open_headers() == one.open_headers()
    finally:
        one.close()
        two.close()


def test_a_write_ahead_log_past_the_checked_size_is_left_to_sqlite(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The damage check reads a log into memory: one larger than it reads (64 MiB; a file an
    outsider made huge) is not read whole, nor refused, but left to SQLite."""
    from sueca_rules.web import _store

    copy = _crashed_copy(tmp_path / "big")
    wal = copy.with_name(copy.name + "-wal")
    data = bytearray(wal.read_bytes())
    page = int.from_bytes(data[8:12], "big")
    data[32 + (24 + page) + 24 + 10] ^= 0xFF  # damaged: refused while it is read
    wal.write_bytes(bytes(data))
    assert _store._wal_damaged(wal)
    monkeypatch.setattr(_store, "_WAL_CHECKED_BYTES", len(data) - 1)
    assert not _store._wal_damaged(wal)
