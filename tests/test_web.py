"""The web app's HTTP API (the contract's "Web API"), its pages and `sueca serve`, through
Starlette's TestClient: no network, no browser."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, get_args
from unittest.mock import ANY

import pytest
from hypothesis import given
from hypothesis import strategies as st

pytest.importorskip("starlette")

from starlette.testclient import TestClient

from sueca_rules import (
    Issue,
    Match,
    builtin_ids,
    describe,
    load_variant,
    parse_record,
    parse_variant,
)
from sueca_rules._lang._catalogue import entry_texts, entry_values
from sueca_rules._schema import SCHEMA_FILENAME
from sueca_rules.web import Settings, create_app
from sueca_rules.web._fields import field_groups, leaf_paths
from sueca_rules.web._i18n import Lang, strings

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "sueca_rules" / "web" / "static"


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(Settings.for_tests())) as c:
        yield c


# --- GET /api/variants ----------------------------------------------------------------------


def test_variants_lists_the_builtins(client: TestClient) -> None:
    body = client.get("/api/variants").json()
    assert [v["id"] for v in body] == list(builtin_ids())
    assert body[0] == {"id": "portugal", "name": "Portugal"}


def test_one_variant_as_data(client: TestClient) -> None:
    body = client.get("/api/variants/french").json()
    assert body["variant"]["table"]["direction"] == "clockwise"
    assert client.get("/api/variants/nope").status_code == 404


# --- POST /api/variants/validate ------------------------------------------------------------

HOUSE = """\
name: Our café
extends: portugal
scoring:
  tie:
    mode: triple
"""


def test_validate_names_the_line_column_and_path(client: TestClient) -> None:
    r = client.post("/api/variants/validate", content=HOUSE)
    assert r.status_code == 200
    body = r.json()
    assert body["valid"] is False
    (issue,) = body["issues"]
    assert {k: issue[k] for k in ("line", "column", "path", "message")} == {
        "line": 5,
        "column": 5,
        "path": "scoring.tie.mode",
        "message": issue["message"],
    }
    assert issue["kind"] == "choice"  # for the pages to say it in their language
    assert issue["params"]["got"] == "triple"
    assert "multiply" in issue["message"]
    assert "triple" in issue["message"]


def test_validate_a_valid_file_gives_its_rules(client: TestClient) -> None:
    body = client.post("/api/variants/validate", content=HOUSE.replace("triple", "none")).json()
    assert body["valid"] is True
    assert body["issues"] == []
    assert body["name"] == "Our café"
    assert body["extends"] == "portugal"
    assert body["variant"]["scoring"]["tie"]["mode"] == "none"


@pytest.mark.parametrize(
    "text",
    [b"", b"\xff\xfe\x00", b"- a list", b"name: [", b"name: x\nextends: ../../etc/passwd\n"],
)
def test_validate_bad_text_is_an_issue_not_an_error(client: TestClient, text: bytes) -> None:
    r = client.post("/api/variants/validate", content=text)
    assert r.status_code == 200
    body = r.json()
    assert body["valid"] is False
    assert body["issues"]
    assert all(set(i) >= {"line", "column", "path", "message"} for i in body["issues"])


def test_validate_never_reads_a_file_named_in_the_text(client: TestClient) -> None:
    body = client.post("/api/variants/validate", content="name: x\nextends: pyproject.toml\n")
    message = body.json()["issues"][0]["message"]
    assert "built-in" in message
    assert "[project]" not in message


def test_validate_refuses_a_body_over_the_limit(client: TestClient) -> None:
    limit = Settings().max_variant_bytes
    r = client.post("/api/variants/validate", content=b"#" * (limit + 1))
    assert r.status_code == 413
    r = client.post("/api/variants/validate", content=b"name: x\n#" + b"#" * (limit - 10))
    assert r.status_code == 200


@given(st.binary(max_size=300) | st.text(max_size=300))
def test_validate_any_text_answers_200(text: bytes | str) -> None:
    with TestClient(create_app(Settings.for_tests())) as c:
        r = c.post("/api/variants/validate", content=text)
    assert r.status_code == 200
    assert isinstance(r.json()["valid"], bool)


# --- POST /api/variants/describe ------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_describe_by_id_is_the_rules_card(client: TestClient, lang: Lang) -> None:
    r = client.post(f"/api/variants/describe?lang={lang}", json={"id": "sueca-play"})
    assert r.status_code == 200
    variant = load_variant("sueca-play")
    assert r.json() == {"name": variant.name, "text": describe(variant, lang)}


def test_describe_text_and_inline_variant(client: TestClient) -> None:
    text = HOUSE.replace("triple", "none")
    r = client.post("/api/variants/describe", content=text)
    assert r.json()["text"] == describe(parse_variant(text))
    inline = {"name": "Inline", "match": {"target_games": 6}}
    r = client.post("/api/variants/describe?lang=pt", json={"variant": inline})
    assert r.status_code == 200
    assert "aos 6 jogos" in " ".join(r.json()["text"].split())


def _said_in_portuguese(issue: dict[str, Any]) -> str:
    """An issue of the API as the pages say it in Portuguese (`issue.<kind>`), checked to have
    its own words."""
    from sueca_rules._lang import issue_text
    from sueca_rules.web._i18n import strings

    assert f"issue.{issue['kind']}" in strings("pt"), issue
    found = Issue(issue["message"], kind=issue["kind"], params=tuple(issue["params"].items()))
    said = issue_text(found, "pt")
    assert said != issue["message"]
    return said


def test_describe_invalid_variant_is_422_with_issues(client: TestClient) -> None:
    r = client.post("/api/variants/describe", content=HOUSE)
    assert r.status_code == 422
    assert r.json()["issues"][0]["line"] == 5
    r = client.post("/api/variants/describe", json={"variant": {"name": "x", "match": 3}})
    assert r.status_code == 422
    assert r.json()["issues"][0]["path"] == "match"
    r = client.post("/api/variants/describe", json={"id": "nope"})
    assert r.status_code == 422
    # An unknown id, or a body of another shape, has a kind the pages say in Portuguese.
    said = _said_in_portuguese(r.json()["issues"][0])
    assert said.startswith("não há regras de base 'nope': as de base são portugal, ")
    r = client.post("/api/variants/describe", json=[1, 2])
    assert r.status_code == 422
    assert _said_in_portuguese(r.json()["issues"][0]).startswith("dá o id de umas regras de base")
    r = client.post("/api/variants/describe", json={"id": "x" * 500})
    assert r.status_code == 422
    message = r.json()["issues"][0]["message"]
    assert f"unknown variant '{'x' * 20}…'" in message  # cut as every error cuts what it repeats
    assert "x" * 21 not in message
    assert client.post("/api/variants/describe?lang=fr", json={"id": "portugal"}).status_code == 400
    bad = client.post(
        "/api/variants/describe", content=b"{", headers={"content-type": "application/json"}
    )
    assert bad.status_code == 400


# --- the builder's preview and fields -------------------------------------------------------


def test_every_variant_field_has_a_control_with_help_in_both_languages() -> None:
    paths = leaf_paths()
    assert "scoring.tie.mode" in paths
    assert "scoring.tiers" in paths
    for lang in ("en", "pt"):
        groups = field_groups(lang)
        shown = [f["path"] for g in groups for f in g["fields"]]
        assert sorted(shown) == sorted(paths)
        for g in groups:
            for f in g["fields"]:
                assert f["help"], (lang, f["path"])
                assert f["label"] != f["path"], (lang, f["path"])
    en = {f["path"]: f["help"] for g in field_groups("en") for f in g["fields"]}
    pt = {f["path"]: f["help"] for g in field_groups("pt") for f in g["fields"]}
    assert all(en[p] != pt[p] for p in paths), "every description is translated"


def same_rules(text: str, data: dict[str, object]) -> bool:
    """The file the builder wrote holds the rules, name and description it was given."""
    a, b = parse_variant(text), parse_variant(json.dumps(data))
    return (a.name, a.description, a.rules_dict()) == (b.name, b.description, b.rules_dict())


def test_preview_gives_card_differences_and_a_file_that_reads_back(client: TestClient) -> None:
    base = client.get("/api/variants/portugal").json()["variant"]
    mine = {**base, "name": "Casa", "scoring": {**base["scoring"], "tie": {"mode": "none"}}}
    r = client.post("/api/variants/preview?lang=pt", json={"variant": mine, "base": "portugal"})
    body = r.json()
    assert body["valid"] is True
    assert body["diff"] == [{"path": "scoring.tie.mode", "a": "add", "b": "none"}]
    assert "Empate" in body["differences"]
    # the rules being built are "as tuas regras" beside their base, whatever their name
    assert body["differences"].startswith("Portugal e as tuas regras diferem em 1 regra")
    assert "Casa" not in body["differences"]
    assert body["name"] == "Casa"
    assert body["yaml"].startswith(f"# yaml-language-server: $schema={SCHEMA_FILENAME}\n")
    assert "extends: portugal" in body["yaml"]
    assert same_rules(body["yaml"], mine)
    full = client.post(
        "/api/variants/preview", json={"variant": mine, "base": "portugal", "full": True}
    ).json()
    assert "extends" not in full["yaml"]
    assert "tiers:" in full["yaml"]
    assert same_rules(full["yaml"], mine)


@pytest.mark.parametrize("name", ["0E0", "yes", "1.5", "null", "no", "0x1F", "~"])
@pytest.mark.parametrize("full", [False, True])
def test_preview_of_a_name_yaml_reads_as_a_number_reads_back(
    client: TestClient, name: str, full: bool
) -> None:
    """The builder's file quotes a name that YAML would read as something else (a number, a
    boolean, null), as the package's own writer does: the file reads back with that name."""
    base = client.get("/api/variants/portugal").json()["variant"]
    mine = {**base, "name": name, "description": "1e3"}
    r = client.post(
        "/api/variants/preview", json={"variant": mine, "base": "portugal", "full": full}
    )
    body = r.json()
    assert body["valid"] is True, body
    back = parse_variant(body["yaml"])
    assert back.name == name
    assert back.description == "1e3"
    assert same_rules(body["yaml"], mine)


def test_preview_of_invalid_rules_says_where(client: TestClient) -> None:
    bad = {"name": "x", "scoring": {"tie": {"mode": "multiply", "amount": 1}}}
    body = client.post("/api/variants/preview", json={"variant": bad, "base": "portugal"}).json()
    assert body["valid"] is False
    assert body["issues"][0]["path"] == "scoring.tie.amount"
    assert client.post("/api/variants/preview", json=[1]).status_code == 400


@pytest.mark.parametrize("base", builtin_ids())
def test_builder_files_read_back_for_every_base(client: TestClient, base: str) -> None:
    data = client.get(f"/api/variants/{base}").json()["variant"]
    data["match"]["target_games"] = 7
    body = client.post("/api/variants/preview", json={"variant": data, "base": base}).json()
    assert same_rules(body["yaml"], data)


def test_schema_download(client: TestClient) -> None:
    r = client.get("/api/schema")
    assert r.status_code == 200
    assert r.json()["$schema"].startswith("http://json-schema.org/draft-07")
    assert f'filename="{SCHEMA_FILENAME}"' in r.headers["content-disposition"]
    assert f'download="{SCHEMA_FILENAME}"' in client.get("/rules").text


def test_schema_download_is_the_packages_own_schema_read_from_no_file(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The schema is made by the package (`schema_text()`), not read from a folder beside the
    variants that an install may not have."""
    from sueca_rules._schema import schema_text
    from sueca_rules.web import _api

    monkeypatch.setattr(_api, "variants_dir", lambda: tmp_path / "variants", raising=False)
    r = client.get("/api/schema")
    assert r.status_code == 200
    assert r.text == schema_text()


def test_the_tables_phase_words_come_from_the_phrases_package() -> None:
    """The web's phrases name the phases by `sueca_rules._lang.Phase` (not a private module of
    it), and a table has no phase of its own (the match's is the one)."""
    import sueca_rules._lang as lang
    from sueca_rules.web import _i18n, _tables

    assert "_lang._tables" not in Path(_i18n.__file__).read_text(encoding="utf-8")
    assert set(get_args(lang.Phase)) == {"deal", "trump", "redeal", "play", "count", "over"}
    assert {f"phase.{p}" for p in get_args(lang.Phase)} <= set(strings("en"))
    assert not hasattr(_tables, "Phase")
    assert not hasattr(_tables.Table, "phase")


def test_the_builders_modeline_names_the_schema_file_sueca_new_writes() -> None:
    """A builder's file and the schema saved beside it work together as `sueca new`'s do:
    the modeline names the file `sueca new` writes (and the repository ships)."""
    from sueca_rules.cli._cmd_new import starter_text
    from sueca_rules.web._api import MODELINE

    assert starter_text("x", "portugal", SCHEMA_FILENAME).splitlines(True)[0] == MODELINE
    assert (ROOT / "schema" / SCHEMA_FILENAME).is_file()


# --- replay -----------------------------------------------------------------------------------


def _record_text() -> str:
    from sueca_rules import dump_record
    from sueca_rules.bots import make_bot

    match = Match("portugal", seed=5)
    bot = make_bot(1, seed=5)
    while not match.is_over:
        match.play(bot.choose(match.observation(match.turn or 0)))
    return dump_record(match.to_record())


def test_replay_a_record(client: TestClient) -> None:
    text = _record_text()
    body = client.post("/api/records/replay", content=text).json()
    record = parse_record(text)
    assert len(body["deals"]) == len(record.deals)
    assert body["report"]["winner"] in (0, 1)
    assert body["deals"][0]["plays"] == record.deals[0].plays
    rules = Match.from_record(record).rules
    assert body["teams"] == [rules.team_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    assert body["orders"] == [list(rules.play_order(leader)) for leader in range(4)]


def test_replay_is_worked_out_off_the_event_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A record at the size limit takes about a second: the tables' play must go on
    meanwhile, so the replay never runs in the thread of the event loop."""
    import asyncio

    from sueca_rules import replay_report as report

    loops: list[bool] = []

    def spy(match: Match) -> dict[str, object]:
        try:
            asyncio.get_running_loop()
            loops.append(True)
        except RuntimeError:
            loops.append(False)
        return report(match)

    monkeypatch.setattr("sueca_rules.web._api.replay_report", spy)
    for _ in range(2):  # the second one reuses the app's limiter
        assert client.post("/api/records/replay", content=_record_text()).status_code == 200
    assert loops == [False, False]


def test_replay_bad_records_are_located(client: TestClient) -> None:
    text = _record_text().replace("first_dealer:", "first_dealer: 9 #", 1)
    r = client.post("/api/records/replay", content=text)
    assert r.status_code == 422
    assert r.json()["issues"][0]["path"] == "first_dealer"
    r = client.post("/api/records/replay", content="variant: ./secret.yaml\nfirst_dealer: 0\n")
    assert r.status_code == 422
    assert "built-in" in r.json()["issues"][0]["message"]
    limit = Settings().max_record_bytes
    assert client.post("/api/records/replay", content=b" " * (limit + 1)).status_code == 413


# --- pages, languages, headers --------------------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/rules", "/play", "/replay", "/table/abc"])
def test_pages_in_both_languages(client: TestClient, path: str) -> None:
    en = client.get(path + "?lang=en")
    pt = client.get(path + "?lang=pt")
    assert en.status_code == pt.status_code == 200
    assert '<html lang="en">' in en.text
    assert '<html lang="pt-PT">' in pt.text
    assert "default-src 'self'" in en.headers["content-security-policy"]
    assert pt.cookies.get("lang") == "pt"


def test_language_from_cookie_and_browser(client: TestClient) -> None:
    r = client.get("/", headers={"accept-language": "pt-PT,pt;q=0.9,en;q=0.5"})
    assert '<html lang="pt-PT">' in r.text
    client.cookies.set("lang", "en")
    r = client.get("/", headers={"accept-language": "pt-PT"})
    assert '<html lang="en">' in r.text


def test_a_shared_link_opens_in_the_friends_own_language(client: TestClient) -> None:
    """A join or watch link carries the host's language (`?hl=pt`), but the friend who opens it
    reads the table in their own: the language they chose here before (the cookie), else their
    browser's (`Accept-Language`); the host's only when the browser asks for neither of ours.
    `?lang=` (the friend's choice on the page) wins over all; `hl` sets no cookie."""
    english = {"accept-language": "en-GB,en;q=0.9"}
    portuguese = {"accept-language": "pt-PT,pt;q=0.9"}
    french = {"accept-language": "fr-FR,fr;q=0.9"}
    # (a join link and a watch link are the same page: their secret is in the fragment)
    r = client.get("/table/abc?hl=pt", headers=english)
    assert '<html lang="en">' in r.text
    assert "lang" not in r.cookies
    assert '<html lang="pt-PT">' in client.get("/table/abc?hl=en", headers=portuguese).text
    assert '<html lang="pt-PT">' in client.get("/table/abc?hl=pt", headers=french).text
    assert '<html lang="en">' in client.get("/table/abc?hl=en", headers=french).text
    assert '<html lang="en">' in client.get("/table/abc?hl=xx", headers=french).text
    assert '<html lang="pt-PT">' in client.get("/table/abc?hl=en&lang=pt", headers=english).text
    client.cookies.set("lang", "pt")
    assert '<html lang="pt-PT">' in client.get("/table/abc?hl=en", headers=english).text


def test_phrase_tables_match() -> None:
    en, pt = strings("en"), strings("pt")
    assert set(en) == set(pt)
    for key in en:
        assert all(text.strip() for text in entry_texts(en[key])), key
        assert all(text.strip() for text in entry_texts(pt[key])), key
        assert entry_values(en[key]) == entry_values(pt[key]), key


def test_phrases_say_what_is_so() -> None:
    """Five bot levels; "partida" only as the rule term (a game to four jogos); a 60-60 deal
    where false-claim games scored does not say that nobody scored."""
    en, pt = strings("en"), strings("pt")
    assert "five levels" in en["home.play.text"]
    assert "cinco níveis" in pt["home.play.text"]
    assert "regras de base" in pt["rules.intro"]
    assert "partida" not in pt["rules.intro"]
    for words in (en, pt):
        assert {"deal", "us", "them"} <= entry_values(words["ev.deal_tie_games"])
    script = (STATIC / "js" / "table.js").read_text(encoding="utf-8")
    tie = script[script.index('event.result === "tie"') :]
    tie = tie[: tie.index('event.result === "redeal"')]
    assert "event.games" in tie
    assert '"ev.deal_tie_games"' in tie


def test_every_phrase_the_pages_use_exists() -> None:
    used: set[str] = set()
    for path in [*STATIC.glob("js/*.js"), *STATIC.parent.glob("templates/*.html")]:
        text = path.read_text(encoding="utf-8")
        used.update(re.findall(r"""\bt\(\s*["']([\w.]+)["']""", text))
    missing = sorted(k for k in used if k not in strings("en"))
    assert not missing


def test_nothing_is_loaded_from_elsewhere() -> None:
    for path in [*STATIC.rglob("*.*"), *STATIC.parent.glob("templates/*.html")]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"""(src|href)=["']https?://""", text), path
        assert "@import url(http" not in text, path
        assert 'fetch("http' not in text, path


def test_static_files_and_no_directory_listing(client: TestClient) -> None:
    assert (
        client.get("/static/js/table.js")
        .headers["content-type"]
        .startswith(("text/javascript", "application/javascript"))
    )
    assert client.get("/static/").status_code == 404
    assert client.get("/static/../_app.py").status_code == 404


# --- sueca serve --------------------------------------------------------------------------


def test_serve_refuses_a_port_in_use_cleanly(capsys: pytest.CaptureFixture[str]) -> None:
    import socket

    from sueca_rules.cli import main

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 1
    assert "cannot listen on 127.0.0.1" in capsys.readouterr().err


def test_serve_speaks_portuguese(capsys: pytest.CaptureFixture[str]) -> None:
    """`sueca serve --lang pt`: its refusals, its warning and its start-up lines."""
    import socket
    import subprocess
    import sys

    from sueca_rules.cli import main
    from sueca_rules.cli._cmd_serve import exposure_warning

    with pytest.raises(SystemExit) as refused:
        main(["serve", "--lang", "pt", "--host", ""])
    assert refused.value.code == 2
    err = capsys.readouterr().err
    assert "sueca serve: erro: --host: falta um endereço" in err
    with pytest.raises(SystemExit):
        main(["serve", "--lang", "pt", "--allowed-origin", "ftp://x"])
    assert "'ftp://x' não é uma origem" in capsys.readouterr().err
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        assert main(["serve", "--lang", "pt", "--port", str(port)]) == 1
    assert f"não consigo pôr-me à escuta em 127.0.0.1, porta {port}" in capsys.readouterr().err
    text = exposure_warning("0.0.0.0", 8000, "pt")
    assert "pela porta 8000" in text
    assert "links de entrada" in text
    args = ["serve", "--lang", "pt", "--db", ":memory:", "--port", "0"]
    proc = subprocess.Popen(
        [sys.executable, "-m", "sueca_rules", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        assert proc.stderr is not None
        assert proc.stdout.readline().startswith("A Sueca está aberta em http://127.0.0.1:")
        assert proc.stderr.readline().startswith("As mesas ficam só em memória")
    finally:
        proc.kill()
        proc.communicate(timeout=10)


def test_serve_says_what_another_host_exposes() -> None:
    from sueca_rules.cli._cmd_serve import exposure_warning, is_loopback

    assert is_loopback("127.0.0.1")
    assert is_loopback("localhost")
    assert is_loopback("::1")
    assert is_loopback("127.0.0.2")
    assert not is_loopback("0.0.0.0")
    text = exposure_warning("0.0.0.0", 8000)
    assert "port 8000" in text
    assert "join links" in text
    assert "not encrypted" in text


def test_serve_help_lists_the_options(capsys: pytest.CaptureFixture[str]) -> None:
    from sueca_rules.cli import main

    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    out = capsys.readouterr().out
    for option in ("--host", "--port", "--open", "127.0.0.1"):
        assert option in out


def test_loopback_server_answers_only_loopback_names() -> None:
    app = create_app(Settings.for_tests(), allowed_hosts=["127.0.0.1", "localhost"])
    with TestClient(app, base_url="http://127.0.0.1") as c:
        assert c.get("/").status_code == 200
        assert c.get("/", headers={"host": "rebound.example"}).status_code == 400


def test_sueca_serve_prints_its_address_and_serves() -> None:
    """The command as a person runs it: any free port, the address printed, the pages served
    and, on the loopback address, only loopback names answered."""
    import http.client
    import subprocess
    import sys

    command = [sys.executable, "-m", "sueca_rules", "serve", "--port", "0"]
    with subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    ) as proc:
        assert proc.stdout is not None
        assert proc.stderr is not None
        try:
            line = proc.stdout.readline()
            served = re.fullmatch(
                r"Sueca is served at http://127\.0\.0\.1:(\d+)/ \(Ctrl-C stops it\)\n", line
            )
            assert served, line
            port = int(served.group(1))
            for host, status in (("127.0.0.1", 200), ("localhost", 200), ("rebound.example", 400)):
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
                conn.request("GET", "/rules", headers={"host": f"{host}:{port}"})
                assert conn.getresponse().status == status
                conn.close()
        finally:
            proc.terminate()
        assert "Warning" not in proc.stderr.read()


def test_a_phrase_about_your_own_seat_agrees_with_you() -> None:
    # The table page passes the seat's role with its name; a phrase that can be about the
    # viewer chooses its words by it ("You take the trick", "A vaza vai para ti").
    from sueca_rules._lang._catalogue import render

    wrong = {"en": r"\bYou (is|takes|has|deals|wins)\b", "pt": r"\bpara (o )?tu\b"}
    checked = 0
    for lang in ("en", "pt"):
        you = str(strings(lang)["seat.you"])
        for key, entry in strings(lang).items():
            if "who" not in entry_values(entry) or not key.startswith("table."):
                continue
            params: dict[str, str | int] = dict.fromkeys(entry_values(entry), 2)
            text = render(entry, {**params, "who": you, "role": "you"}, lang)
            assert not re.search(wrong[lang], text[:1].upper() + text[1:]), (lang, key, text)
            checked += 1
    assert checked >= 10
    assert "role: role(" in (STATIC / "js" / "table.js").read_text(encoding="utf-8")


def test_a_path_that_is_no_page_says_so_in_the_pages_language(client: TestClient) -> None:
    page = client.get("/nope?lang=pt")
    assert page.status_code == 404
    assert "Esta página não existe" in page.text
    assert 'href="/"' in page.text
    assert "There is no such page" in client.get("/nope?lang=en").text
    # Under /api/ the API's JSON refusal, as its other refusals are (it was plain text).
    api = client.get("/api/nope")
    assert api.status_code == 404
    assert api.json() == {"error": "no_route", "message": ANY}
    assert "'/api/nope'" in api.json()["message"]
    wrong = client.delete("/api/variants")
    assert wrong.status_code == 405
    assert wrong.json()["error"] == "bad_method"
    assert wrong.json()["message"] == ("DELETE is not taken by '/api/variants': it takes GET, HEAD")
    assert "GET" in wrong.headers["allow"]
    # A GET of a route that takes POST under /api/variants/ is that refusal too: it was read as
    # a variant's id ("no such built-in", 404).
    for route in ("validate", "describe", "preview"):
        got = client.get(f"/api/variants/{route}", headers={"accept-language": "pt"})
        assert got.status_code == 405
        assert got.headers["allow"] == "POST"
        assert got.json()["error"] == "bad_method"
        assert got.json()["message"].endswith("' não aceita GET: aceita POST")
    assert client.get("/static/nope.js").status_code == 404


@pytest.mark.parametrize(("lang", "separator"), [("en", ","), ("pt", "\u00a0")])
def test_every_page_is_told_how_its_language_groups_thousands(
    client: TestClient, lang: str, separator: str
) -> None:
    """A page writes a problem's size limit as the command line does ("8 388 608" in
    Portuguese): it is given the language's `number.thousands` beside its phrases, a space as
    a no-break space (a number is not broken at the end of a line)."""
    for path in ("/", "/rules", "/replay"):
        html = client.get(f"{path}?lang={lang}").text
        found = re.search(r'<script type="application/json" id="strings">(.*?)</script>', html)
        assert found is not None, path
        assert json.loads(found.group(1))["thousands"] == separator, path
