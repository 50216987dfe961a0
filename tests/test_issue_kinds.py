"""Validation issues carry their kind and the values they name, so that the web pages can say
them in their reader's language (the message stays the library's English)."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import pytest

from sueca_rules import SourceError, VariantError, builtin_ids, load_variant, parse_variant
from sueca_rules._lang import issue_line, issue_text

NEEDS_SYMLINKS = pytest.mark.skipif(sys.platform == "win32", reason="symlinks need privileges")
NEEDS_FIFO = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


def issues_of(text: str) -> dict[str, tuple[str, dict[str, str]]]:
    with pytest.raises(SourceError) as caught:
        parse_variant(text)
    return {i.path: (i.kind, dict(i.params)) for i in caught.value.issues}


def test_an_unknown_field_is_said_with_its_guess_and_the_valid_fields_in_portuguese(
    tmp_path: Path,
) -> None:
    house = tmp_path / "casa.yaml"
    house.write_text(
        "name: X\nextends: portugal\nscoring:\n  tie:\n    amout: 2\npartida: 3\ncolour: red\n",
        encoding="utf-8",
    )
    with pytest.raises(VariantError) as info:
        load_variant(house)
    said = [issue_text(i, "pt") for i in info.value.issues]
    fields = "deal, description, extends, match, name, revoke, scoring, table"
    assert said == [
        "campo desconhecido: amout (querias dizer 'amount'?); campos válidos aqui: amount, "
        "mode, stacks",
        f"campo desconhecido: partida (o campo para 'partida' é 'match'); campos válidos aqui: "
        f"{fields}",
        f"campo desconhecido: colour; campos válidos aqui: {fields}",
    ]
    # the English is the library's own, as before
    assert info.value.issues[0].message == (
        "unknown field 'amout' (did you mean 'amount'?); valid fields here: amount, mode, stacks"
    )


def test_bounds_choices_and_rules_have_kinds() -> None:
    found = issues_of(
        "name: x\nextends: portugal\nmatch: {target_games: 0, best_of: 2}\n"
        "scoring: {tie: {mode: triple}}\nfoo: 1\n"
    )
    assert found["match.target_games"] == ("min", {"limit": "1", "got": "0"})
    assert found["match.best_of"] == ("best_of_odd", {"got": "2"})
    assert found["scoring.tie.mode"][0] == "choice"
    assert found["scoring.tie.mode"][1]["got"] == "triple"
    fields = "deal, description, extends, match, name, revoke, scoring, table"
    assert found["foo"] == (
        "unknown_field",
        {"field": "foo", "valid": fields, "meant": "", "hint": "plain"},
    )


def test_a_multiply_without_a_factor_says_so() -> None:
    found = issues_of("name: x\nextends: portugal\nscoring: {tie: {mode: multiply}}\n")
    # the amount of 1 is portugal's: the issue says so in every language
    assert found["scoring.tie.amount"] == ("tie_factor", {"got": "1", "inherited": "portugal"})


def test_every_kind_has_words_in_every_language() -> None:
    from sueca_rules.web._i18n import strings

    kinds = {"min", "max", "choice", "unknown_field", "missing", "whole_number", "true_false"}
    kinds |= {"tie_factor", "tier_first", "tier_order", "best_of_odd", "name_blank", "no_winner"}
    kinds |= NAMED_KINDS
    for lang in ("en", "pt"):
        assert {f"issue.{k}" for k in kinds} <= set(strings(lang))


# --- every problem a reader meets, in every language ---------------------------------------

# Text the checker refuses, and the kind of its first problem.
_REFUSED = [
    ("", "empty_file"),
    ("- a\n- b\n", "not_fields"),
    ("7\n", "not_fields"),
    ("table: {direction: clockwise}\n", "missing"),
    ("name: x\n\tfoo: 1\n", "yaml_syntax"),
    ("name: x\n  table: 1\n", "yaml_syntax"),
    ("name: 'x\n", "yaml_syntax"),
    ("name: x\nname: y\n", "duplicate_key"),
    ("name: &a x\n", "anchor"),
    ("name: !!str x\n", "tag"),
    ("name: x\n<<: {a: 1}\n", "merge_key"),
    ("name: x\n---\nname: y\n", "one_document"),
    ("name: x\x01\n", "control_character"),
    (b"name: \xff\n", "not_utf8"),
    ("name: x\nextends: ./base.yaml\n", "extends_builtin"),
    ("name: x\nextends: [1]\n", "extends_line"),
    ("name: x\nmatch: {target_games: 1" + "0" * 120 + "}\n", "number_too_long"),
    ("name: x\n" + "[" * 80 + "]" * 80 + ": 1\n", "too_deep"),
]


@pytest.mark.parametrize(("text", "kind"), _REFUSED)
def test_what_the_reader_refuses_has_a_kind_and_portuguese_words(
    text: str | bytes, kind: str
) -> None:
    from sueca_rules._lang import issue_line, issue_text

    with pytest.raises(SourceError) as caught:
        parse_variant(text)
    issue = caught.value.issues[0]
    assert issue.kind == kind, issue
    pt = issue_text(issue, "pt")
    assert pt != issue.message
    assert "{" not in pt.replace("{a: 1}", "")  # every value filled in
    assert issue_text(issue, "en") == issue.message
    assert issue_line(issue, "en") == str(issue)
    assert issue_line(issue, "pt").endswith(pt)


def test_strict_json_says_its_syntax_error_in_words() -> None:
    from sueca_rules._lang import issue_text
    from sueca_rules._yaml import parse_yaml

    with pytest.raises(SourceError) as caught:
        parse_yaml('{"name": "x",}', json=True)
    issue = caught.value.issues[0]
    assert issue.kind == "json_syntax"
    # Said in Portuguese from start to end (it quoted the json module's English words).
    assert issue_text(issue, "pt") == (
        "erro de sintaxe JSON: aqui vinha o nome de um campo, entre aspas duplas (uma vírgula a "
        "mais antes da chaveta que fecha?)"
    )
    assert issue.message == "JSON syntax error: Expecting property name enclosed in double quotes"
    with pytest.raises(SourceError) as caught:
        parse_yaml('{"name": "x"} {}', json=True)
    said = issue_text(caught.value.issues[0], "pt")
    assert said.startswith("erro de sintaxe JSON: há texto depois do fim do objeto")


def test_more_problems_than_shown_are_counted_in_words() -> None:
    from sueca_rules._lang import issue_text

    text = "name: x\n" + "".join(f"scoring{i}: 1\n" for i in range(150))
    with pytest.raises(SourceError) as caught:
        parse_variant(text)
    last = caught.value.issues[-1]
    assert last.kind == "more_problems"
    assert issue_text(last, "pt") == f"... e mais {dict(last.params)['n']} problemas"


def test_a_kind_without_a_value_drops_the_aside_that_shows_it() -> None:
    from sueca_rules import Issue
    from sueca_rules._lang import issue_text

    bare = Issue("must be a whole number", kind="whole_number")
    assert issue_text(bare, "pt") == "tem de ser um número inteiro"
    given = Issue("must be a whole number", kind="whole_number", params=(("got", "x"),))
    assert issue_text(given, "pt") == "tem de ser um número inteiro (está x)"
    # A kind the language has no words for, or a value missing: the library's own message.
    assert issue_text(Issue("odd", kind="no_such_kind"), "pt") == "odd"
    assert issue_text(Issue("dup", kind="duplicate_key"), "pt") == "dup"


def test_a_record_given_for_rules_and_rules_given_for_a_record_say_so() -> None:
    """One line that names the mix-up (and the command for the file given), not one line a field."""
    from sueca_rules import RecordError, parse_record
    from sueca_rules._lang import issue_text

    with pytest.raises(SourceError) as caught:
        parse_variant("variant: portugal\nfirst_dealer: 0\ndeals: []\n")
    (issue,) = caught.value.issues
    assert issue.kind == "a_record"
    assert "sueca replay" in issue.message
    assert issue_text(issue, "pt").startswith("isto é o registo de um jogo")
    with pytest.raises(RecordError) as refused:
        parse_record("name: Café\nextends: portugal\nmatch: {target_games: 2}\n")
    (issue,) = refused.value.issues
    assert issue.kind == "a_variant"
    assert "sueca validate" in issue.message
    # A tournament file given for either: one line, in each language.
    from sueca_rules.tournament import Team, create, dump_tournament

    cup = dump_tournament(create([Team(name="Os Ases"), Team(name="Os Reis")], "round_robin"))
    readers: list[tuple[Callable[[str], object], type[SourceError], str, str]] = [
        (parse_variant, SourceError, "a variant file", "um ficheiro de regras"),
        (parse_record, RecordError, "a game record", "o registo de um jogo"),
    ]
    for read, error, english, portuguese in readers:
        with pytest.raises(error) as caught:
            read(cup)
        (issue,) = caught.value.issues
        assert issue.kind == "a_tournament"
        assert issue.message.startswith(f"this is a tournament file, not {english}")
        assert issue_text(issue, "pt").startswith(
            f"isto é o ficheiro de um torneio, não {portuguese}"
        )
    # A record with a typo is still a record: its fields are checked one by one.
    with pytest.raises(RecordError) as typo:
        parse_record("variant: portugal\nfirst_dealer: 0\ndeal: []\n")
    assert [i.kind for i in typo.value.issues] == ["unknown_field"]


def _played_record(fmt: str) -> str:
    from sueca_rules import Match, dump_record
    from sueca_rules.bots import make_bot, play_match

    match = Match("portugal", seed=3)
    play_match(match, [make_bot(1, seed=s) for s in range(4)])
    return dump_record(match.to_record(), fmt)


def test_rules_or_a_record_given_for_a_tournament_say_so() -> None:
    """The other way round: one line that names what the file is and the command meant for it,
    in each language, not a line a field of the tournament file."""
    from sueca_rules.tournament import TournamentFileError, parse_tournament

    house = (Path(__file__).parent.parent / "variants" / "portugal.yaml").read_text("utf-8")
    record = _played_record("yaml")
    record_json = _played_record("json")
    for text, kind, en, pt in [
        (
            house,
            "a_variant",
            "this is a variant (house rules) file, not a tournament file: check it with "
            "'sueca validate', or start a tournament under it with 'sueca tournament new "
            "--variant'",
            "isto é um ficheiro de regras (da casa), não o ficheiro de um torneio: verifica-o "
            "com 'sueca validate', ou começa um torneio com estas regras com "
            "'sueca tournament new --variant'",
        ),
        (
            "name: Café\nextends: portugal\nmatch: {target_games: 2}\n",
            "a_variant",
            None,
            None,
        ),
        (
            record,
            "a_record",
            "this is a game record, not a tournament file: replay it with 'sueca replay', or "
            "enter it as a table's result with 'sueca tournament result --record'",
            "isto é o registo de um jogo, não o ficheiro de um torneio: revê-o com "
            "'sueca replay', ou dá-o como resultado de uma mesa com "
            "'sueca tournament result --record'",
        ),
        (record_json, "a_record", None, None),
        ("variant: portugal\nfirst_dealer: 0\n", "a_record", None, None),
    ]:
        with pytest.raises(TournamentFileError) as caught:
            parse_tournament(text, file="cup.yaml")
        (issue,) = caught.value.issues
        assert (issue.kind, dict(issue.params)) == (kind, {"instead": "tournament"})
        assert issue.message == (en or issue.message)
        assert issue.message.endswith("not a tournament file", 0, issue.message.index(":"))
        assert issue_text(issue, "pt") == (pt or issue_text(issue, "pt"))
        assert issue_text(issue, "pt").startswith("isto é ")
        assert "não o ficheiro de um torneio" in issue_text(issue, "pt")
    # A tournament file with a slip, or a file that is neither, keeps its fields' problems.
    for text in (
        "format: swiss\nteams: [{name: A}, {name: B}]\nbye_score: {partidas: [1, 0], "
        "games: [4, 0]}\nno_show_score: {partidas: [1, 0], games: [4, 0]}\ndeals: []\n",
        "name: Taça\nformat: swiss\nmatch: {target_games: 2}\n",
        "name: Taça\n",
        "foo: 1\nbar: 2\n",
    ):
        with pytest.raises(TournamentFileError) as caught:
            parse_tournament(text, file="cup.yaml")
        kinds = {i.kind for i in caught.value.issues}
        assert kinds <= {"unknown_field", "missing"}, text
        assert kinds, text


# --- a file that `extends:` (or a record's `variant:`) names and that cannot be used ------------

NAMED_KINDS = {
    "named_absolute",
    "named_climbs",
    "named_symlink_out",
    "named_suffix",
    "named_missing",
    "named_unknown",
    "named_loop",
    "named_unreadable",
    "named_bad_name",
    "named_folder",
    "named_not_regular",
    "named_too_large",
    "named_unparsable",
    "named_not_variant",
    "named_cycle",
    "named_chain",
}
"""Every refusal of a file named by another (`sueca_rules._registry`), said in every language."""

RULE = "a file may name only variant files in its own folder or below it"
REGRA = "um ficheiro só pode apontar para ficheiros de regras da sua pasta ou das pastas lá dentro"
FIELDS = "name, extends, description, table, deal, revoke, scoring, match"


class Named(NamedTuple):
    """A file to validate whose `extends:` (or that of a file it extends) is refused: the file
    the refusal is in, its kind, and its words in English (as they always were) and in
    Portuguese, after `extends: `."""

    path: Path
    where: Path
    kind: str
    en: str
    pt: str


def _house(folder: Path, spec: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    house = folder / "casa.yaml"
    house.write_text(f"name: Casa\nextends: {json.dumps(spec)}\n", encoding="utf-8")
    return house


def _absolute(tmp: Path) -> Named:
    house = _house(tmp / "clube", "/etc/passwd")
    en = f"cannot extend '/etc/passwd': it is an absolute path: {RULE}"
    pt = f"não dá para usar '/etc/passwd': é um caminho absoluto; {REGRA}"
    return Named(house, house, "named_absolute", en, pt)


def _climbs(tmp: Path) -> Named:
    (tmp / "fora.yaml").write_text("name: Fora\n", encoding="utf-8")
    house = _house(tmp / "clube", "../fora.yaml")
    en = f"cannot extend '../fora.yaml': it is a path that climbs out of the folder (..): {RULE}"
    pt = f"não dá para usar '../fora.yaml': é um caminho que sobe para fora da pasta (..); {REGRA}"
    return Named(house, house, "named_climbs", en, pt)


def _symlink_out(tmp: Path) -> Named:
    (tmp / "fora.yaml").write_text("name: Fora\n", encoding="utf-8")
    house = _house(tmp / "clube", "atalho.yaml")
    (tmp / "clube" / "atalho.yaml").symlink_to(tmp / "fora.yaml")
    en = f"cannot extend 'atalho.yaml': it is a symlink that leads out of the folder: {RULE}"
    why = "é um atalho (symlink) que leva para fora da pasta"
    pt = f"não dá para usar 'atalho.yaml': {why}; {REGRA}"
    return Named(house, house, "named_symlink_out", en, pt)


def _suffix(tmp: Path) -> Named:
    house = _house(tmp / "clube", "notas.txt")
    (tmp / "clube" / "notas.txt").write_text("name: Notas\n", encoding="utf-8")
    why = "not a variant file (its name must end in .yaml, .yml or .json)"
    en = f"cannot extend 'notas.txt': it is {why}: {RULE}"
    porque = "não é um ficheiro de regras (o nome tem de acabar em .yaml, .yml ou .json)"
    pt = f"não dá para usar 'notas.txt': {porque}; {REGRA}"
    return Named(house, house, "named_suffix", en, pt)


def _missing(tmp: Path) -> Named:
    house = _house(tmp / "clube", "nada.yaml")
    file = tmp / "clube" / "nada.yaml"
    ids = ", ".join(builtin_ids())
    en = f"cannot extend 'nada.yaml': it is not a built-in variant ({ids}) and the file {file} "
    pt = (
        f"não dá para usar 'nada.yaml': não é nenhuma das regras de base ({ids}) "
        f"e o ficheiro {file} "
    )
    return Named(house, house, "named_unknown", en + "does not exist", pt + "não existe")


def _mistyped(tmp: Path) -> Named:
    house = _house(tmp / "clube", "portugall")
    file = tmp / "clube" / "portugall"
    ids = ", ".join(builtin_ids())
    en = (
        f"cannot extend 'portugall': it is not a built-in variant ({ids}) and the file {file} "
        "does not exist (did you mean the built-in 'portugal'?)"
    )
    pt = (
        f"não dá para usar 'portugall': não é nenhuma das regras de base ({ids}) "
        f"e o ficheiro {file} não existe (querias dizer as regras de base 'portugal'?)"
    )
    return Named(house, house, "named_unknown", en, pt)


def _folder(tmp: Path) -> Named:
    house = _house(tmp / "clube", "regras.yaml")
    (tmp / "clube" / "regras.yaml").mkdir()
    file = tmp / "clube" / "regras.yaml"
    en = f"cannot extend 'regras.yaml': the file {file} is a folder, not a file"
    pt = f"não dá para usar 'regras.yaml': {file} é uma pasta, não um ficheiro"
    return Named(house, house, "named_folder", en, pt)


def _pipe(tmp: Path) -> Named:
    house = _house(tmp / "clube", "base.yaml")
    os.mkfifo(tmp / "clube" / "base.yaml")
    file = tmp / "clube" / "base.yaml"
    en = f"cannot extend 'base.yaml': the file {file} is not a regular file (a pipe or a device?)"
    why = "não é um ficheiro normal (é um pipe ou um dispositivo?)"
    pt = f"não dá para usar 'base.yaml': {file} {why}"
    return Named(house, house, "named_not_regular", en, pt)


def _loop(tmp: Path) -> Named:
    house = _house(tmp / "clube", "volta.yaml")
    (tmp / "clube" / "volta.yaml").symlink_to("volta.yaml")
    file = tmp / "clube" / "volta.yaml"
    en = f"cannot extend 'volta.yaml': the file {file} is a symlink that leads round in a loop"
    why = "é um atalho (symlink) que anda em círculo"
    pt = f"não dá para usar 'volta.yaml': o ficheiro {file} {why}"
    return Named(house, house, "named_loop", en, pt)


def _bad_name(tmp: Path) -> Named:
    house = tmp / "clube" / "casa.yaml"
    house.parent.mkdir()
    house.write_text('name: Casa\nextends: "nul\\0.yaml"\n', encoding="utf-8")
    file = tmp / "clube" / "nul\\x00.yaml"  # the NUL character shown escaped
    en = f"cannot extend 'nul\\x00.yaml': the file {file} cannot be read (not a valid file name)"
    pt = (
        f"não dá para usar 'nul\\x00.yaml': o ficheiro {file} não se consegue ler (não é um nome "
        "de ficheiro válido)"
    )
    return Named(house, house, "named_bad_name", en, pt)


def _cycle(tmp: Path) -> Named:
    folder = tmp / "clube"
    folder.mkdir()
    (folder / "a.yaml").write_text("name: A\nextends: b.yaml\n", encoding="utf-8")
    (folder / "b.yaml").write_text("name: B\nextends: a.yaml\n", encoding="utf-8")
    en = "cannot extend 'a.yaml': it goes round in a cycle: a.yaml → b.yaml → a.yaml"
    pt = (
        "não dá para usar 'a.yaml': os ficheiros estendem-se uns aos outros em círculo: "
        "a.yaml → b.yaml → a.yaml"
    )
    return Named(folder / "a.yaml", folder / "b.yaml", "named_cycle", en, pt)


def _chain(tmp: Path) -> Named:
    folder = tmp / "clube"
    folder.mkdir()
    for n in range(18):
        (folder / f"c{n}.yaml").write_text(f"name: C{n}\nextends: c{n + 1}.yaml\n")
    (folder / "c18.yaml").write_text("name: C18\n")
    en = "cannot extend 'c16.yaml': it makes a chain of more than 16 files"
    pt = (
        "não dá para usar 'c16.yaml': faz uma cadeia de mais de 16 ficheiros que se estendem "
        "uns aos outros"
    )
    return Named(folder / "c0.yaml", folder / "c15.yaml", "named_chain", en, pt)


def _not_variant(tmp: Path) -> Named:
    house = _house(tmp / "clube", "ci.yml")
    (tmp / "clube" / "ci.yml").write_text("password: hunter2\n", encoding="utf-8")
    file = tmp / "clube" / "ci.yml"
    en = (
        f"cannot extend 'ci.yml': the file {file} is not a variant file (a variant file is a "
        f"mapping of the fields {FIELDS})"
    )
    pt = (
        f"não dá para usar 'ci.yml': o ficheiro {file} não é um ficheiro de regras (um ficheiro "
        f"de regras é um conjunto dos campos {FIELDS})"
    )
    return Named(house, house, "named_not_variant", en, pt)


def _unparsable(tmp: Path) -> Named:
    house = _house(tmp / "clube", "base.yaml")
    (tmp / "clube" / "base.yaml").write_text("name: [hunter2\n", encoding="utf-8")
    file = tmp / "clube" / "base.yaml"
    en = (
        f"cannot extend 'base.yaml': the file {file} cannot be read as a variant file "
        "(a problem at line 2, column 1)"
    )
    pt = (
        f"não dá para usar 'base.yaml': o ficheiro {file} não se lê como ficheiro de regras "
        "(há um problema na linha 2, coluna 1)"
    )
    return Named(house, house, "named_unparsable", en, pt)


def _too_large(tmp: Path) -> Named:
    house = _house(tmp / "clube", "base.yaml")
    (tmp / "clube" / "base.yaml").write_text("name: x\n" + "#" * 300_000 + "\n")
    en = (
        "cannot extend 'base.yaml': the file base.yaml: the file is too large: the limit is "
        "262,144 bytes (256 KiB)"
    )
    file = tmp / "clube" / "base.yaml"
    pt = (  # the limit's thousands grouped as Portuguese writes them (it was 262144)
        f"não dá para usar 'base.yaml': o ficheiro {file} é grande demais: o limite é 262 144 bytes"
    )
    return Named(house, house, "named_too_large", en, pt)


_NAMED = [
    _absolute,
    _climbs,
    pytest.param(_symlink_out, marks=NEEDS_SYMLINKS),
    _suffix,
    _missing,
    _mistyped,
    _folder,
    pytest.param(_pipe, marks=NEEDS_FIFO),
    pytest.param(_loop, marks=NEEDS_SYMLINKS),
    _bad_name,
    _cycle,
    _chain,
    _not_variant,
    _unparsable,
    _too_large,
]


@pytest.mark.parametrize("make", _NAMED)
def test_a_named_file_refused_is_said_in_portuguese(
    make: Callable[[Path], Named], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`sueca validate FILE --lang pt` says why `extends:` cannot use the file it names in
    Portuguese, by the refusal's kind; in English the words are what they always were."""
    from sueca_rules import load_variant
    from sueca_rules._lang import issue_text
    from sueca_rules.cli import main

    case = make(tmp_path)
    assert main(["validate", str(case.path), "--lang", "en"]) == 1
    out, err = capsys.readouterr()
    assert out == f"{case.where}:2:1: extends: {case.en}\n"
    assert "Traceback" not in out + err
    assert main(["validate", str(case.path), "--lang", "pt"]) == 1
    out, err = capsys.readouterr()
    assert out == f"{case.where}:2:1: extends: {case.pt}\n"
    assert "Traceback" not in out + err
    assert "hunter2" not in out
    with pytest.raises(SourceError) as caught:
        load_variant(case.path)
    (issue,) = caught.value.issues
    assert (issue.kind, issue.path) == (case.kind, "extends")
    assert issue_text(issue, "en") == issue.message
    assert issue_line(issue, "en") == str(issue)
    assert main(["validate", "--json", str(case.path), "--lang", "pt"]) == 1
    said = json.loads(capsys.readouterr().out)
    assert said["files"][0]["issues"][0]["message"] == issue.message  # JSON: the same words


@pytest.mark.parametrize(
    ("spec", "kind", "pt"),
    [
        ("/etc/passwd", "named_absolute", f"é um caminho absoluto; {REGRA}"),
        ("../fora.yaml", "named_climbs", "é um caminho que sobe para fora da pasta (..)"),
        ("regras.txt", "named_suffix", "o nome tem de acabar em .yaml, .yml ou .json"),
        ("nada.yaml", "named_unknown", "e o ficheiro nada.yaml não existe"),
        ("ci.yml", "named_not_variant", "o ficheiro ci.yml não é um ficheiro de regras"),
    ],
)
def test_a_records_variant_refused_is_said_in_portuguese(
    spec: str, kind: str, pt: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record's `variant:` that names a file it cannot use: `sueca replay --lang pt` says why
    in Portuguese; in English as it always was."""
    from sueca_rules import Match, RecordError, load_record
    from sueca_rules.cli import main

    (tmp_path / "ci.yml").write_text("password: hunter2\n", encoding="utf-8")
    (tmp_path / "regras.txt").write_text("name: Regras\n", encoding="utf-8")
    path = tmp_path / "jogo.json"
    path.write_text(json.dumps({"variant": spec, "first_dealer": 0, "deals": []}))
    with pytest.raises(RecordError) as caught:
        Match.from_record(load_record(path))
    (issue,) = caught.value.issues
    assert (issue.kind, dict(issue.params)["given"]) == (kind, spec)
    english = f"the record's variant {spec!r} is not usable: "
    assert issue.message.startswith(english)
    assert main(["replay", str(path), "--lang", "en"]) == 1
    assert capsys.readouterr().err == f"{path}:1:2: variant: {issue.message}\n"
    assert main(["replay", str(path), "--lang", "pt"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{path}:1:2: variant: não dá para usar '{spec}': ")
    assert pt in err
    assert "hunter2" not in err
    assert "Traceback" not in err


def test_a_file_missing_or_refused_by_the_system_is_said_in_portuguese(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The two refusals a command never shows as such: a file missing, said alone (a command
    says it with the built-in ids, `named_unknown`), and one the system will not let be read."""
    from sueca_rules import VariantError
    from sueca_rules._lang import issue_text
    from sueca_rules._registry import safe_variant_path

    with pytest.raises(VariantError) as caught:
        safe_variant_path(tmp_path, "nada.yaml")
    (issue,) = caught.value.issues
    assert (issue.kind, issue.message) == ("named_missing", "the file nada.yaml does not exist")
    assert (
        issue_text(issue, "pt") == "não dá para usar 'nada.yaml': o ficheiro nada.yaml não existe"
    )

    (tmp_path / "secreto.yaml").write_text("name: Segredo\n", encoding="utf-8")
    real_stat = os.stat

    def refused(path: str | os.PathLike[str], *args: object, **kw: object) -> os.stat_result:
        if os.fspath(path).endswith("secreto.yaml"):
            raise PermissionError(13, "Permission denied")
        return real_stat(path, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "stat", refused)
    with pytest.raises(VariantError) as caught:
        parse_variant("name: x\nextends: secreto.yaml\n", base_dir=tmp_path)
    (issue,) = caught.value.issues
    assert issue.kind == "named_unreadable"
    words = "the file secreto.yaml cannot be read (Permission denied)"
    assert issue.message == f"cannot extend 'secreto.yaml': {words}"
    assert issue_text(issue, "pt") == (
        "não dá para usar 'secreto.yaml': o ficheiro secreto.yaml não se consegue ler "
        "(o sistema diz: Permission denied)"
    )


@pytest.mark.parametrize(
    ("text", "english", "portuguese"),
    [
        (
            "name: Casa\nextends: nenhuma\n",
            "casa.yaml:2:1: extends: cannot extend 'nenhuma': it is not a built-in variant",
            "casa.yaml:2:1: extends: não dá para usar 'nenhuma': não é nenhuma das regras de base",
        ),
        (
            "name: Casa\nextends: portugal\nscoring:\n  tie:\n    mode: triple\n",
            "casa.yaml:5:5: scoring.tie.mode: expected one of none, add, multiply, got 'triple'",
            "casa.yaml:5:5: scoring.tie.mode: tem de ser um destes: none, add, multiply",
        ),
    ],
)
def test_the_problems_of_a_records_variant_file_follow_in_the_readers_language(
    text: str, english: str, portuguese: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A record whose `variant:` file has problems of its own: one line says whose they are,
    then each problem at its line of that file, every line in the reader's language."""
    from sueca_rules.cli import main

    (tmp_path / "regras").mkdir()
    (tmp_path / "regras" / "casa.yaml").write_text(text, encoding="utf-8")
    path = tmp_path / "jogo.yaml"
    path.write_text("variant: regras/casa.yaml\nfirst_dealer: 0\ndeals: []\n", encoding="utf-8")
    assert main(["replay", str(path), "--lang", "en"]) == 1
    head, problem = capsys.readouterr().err.splitlines()
    assert head == (
        f"{path}:1:1: variant: the record's variant 'regras/casa.yaml' is not usable; "
        "its problems follow"
    )
    assert problem.startswith(f"regras/{english}")  # the file as the record names it
    assert main(["replay", str(path), "--lang", "pt"]) == 1
    head, problem = capsys.readouterr().err.splitlines()
    assert head == (
        f"{path}:1:1: variant: as regras do registo ('regras/casa.yaml') não dão para usar; "
        "os problemas vêm a seguir"
    )
    assert problem.startswith(f"regras/{portuguese}")


@pytest.mark.parametrize(
    ("deal", "said"),
    [
        ("  - hands: 3\n    trump_card: 2H\n    plays: []\n", "deals[0].hands: mão 1: "),
        (
            "  - hands: [[AS, 7S], [], [], []]\n    trump_card: 2H\n    plays: []\n",
            "deals[0].hands[1]: mão 1, cartas do lugar 1: ",
        ),
    ],
)
def test_a_records_problem_inside_a_deal_says_where_in_portuguese(
    deal: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A problem inside a deal of a record names the deal (and the seat) in Portuguese as the
    English does ("deal 1, seat 1's hand: ..."), whatever its kind's own words."""
    from sueca_rules.cli import main

    path = tmp_path / "jogo.yaml"
    path.write_text(f"variant: portugal\nfirst_dealer: 0\ndeals:\n{deal}", encoding="utf-8")
    assert main(["replay", str(path), "--lang", "pt"]) == 1
    err = capsys.readouterr().err
    assert said in err, err
    assert main(["replay", str(path), "--lang", "en"]) == 1
    assert "deal 1" in capsys.readouterr().err  # the English, as it was


def test_a_match_too_long_for_a_record_counts_one_partida_in_the_singular() -> None:
    """'no máximo 1 partidas' read wrong: one partida is said as one."""
    with pytest.raises(VariantError) as info:
        parse_variant("name: x\nmatch: {target_games: 84, best_of: 3}\n")
    found = info.value.issues[0]
    assert found.kind == "match_too_long"
    said = issue_text(found, "pt")
    assert said.endswith("com estes jogos, uma só partida"), said
    assert "1 partidas" not in said
    with pytest.raises(VariantError) as info:
        parse_variant("name: x\nmatch: {target_games: 30, best_of: 11}\n")
    assert issue_text(info.value.issues[0], "pt").endswith("no máximo 7 partidas")


def test_an_unknown_fields_english_is_the_english_catalogues(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # `issue.unknown_field` of catalogues/en/issues.json says it, whatever the guess; a name is
    # quoted as Python quotes it, so that a quote or a tab in it reads back as it is.
    from sueca_rules import _issues
    from sueca_rules._lang import _catalogue

    text = (
        'name: X\nextends: portugal\npartida: 3\ncolour: red\n"it\'s": 1\n'
        'scoring: {tie: {amout: 2}, flase_claim: 1}\n"a\\tb": 2\nrevoke: {false: 1}\n'
    )
    fields = "deal, description, extends, match, name, revoke, scoring, table"
    english = {
        "partida": f"unknown field 'partida' (the field for 'partida' is 'match'); valid fields "
        f"here: {fields}",
        "colour": f"unknown field 'colour'; valid fields here: {fields}",
        "it's": f"""unknown field "it's"; valid fields here: {fields}""",
        "scoring.tie.amout": "unknown field 'amout' (did you mean 'amount'?); valid fields here: "
        "amount, mode, stacks",
        "scoring.flase_claim": "unknown field 'flase_claim'; valid fields here: bandeira, tie, "
        "tiers",
        "a\tb": f"unknown field 'a\\tb'; valid fields here: {fields}",
        "revoke.false": "unknown field 'false' (did you mean one of 'false_claim', "
        "'false_claim_games'?); valid fields here: accuse, after_false_claim, false_claim, "
        "false_claim_games, mode, penalty_games",
    }
    with pytest.raises(SourceError) as caught:
        parse_variant(text)
    assert {i.path: i.message for i in caught.value.issues} == english

    load = _catalogue.load_catalogue

    def reworded(lang: str, section: str) -> _catalogue.Catalogue:
        words = load(lang, section)
        if (lang, section) != ("en", "issues"):
            return words
        entry = dict(words.entries["issue.unknown_field"])  # type: ignore[arg-type]
        entry["close"] = "no field '{field}' here: '{meant}'? ({valid})"
        return _catalogue.Catalogue(lang, section, {**words.entries, "issue.unknown_field": entry})

    monkeypatch.setattr(_catalogue, "load_catalogue", reworded)
    _issues._unknown_field_words.cache_clear()
    try:
        with pytest.raises(SourceError) as caught:
            parse_variant("name: X\nextends: portugal\nscoring: {tie: {amout: 2}}\n")
    finally:
        _issues._unknown_field_words.cache_clear()
    assert (
        caught.value.issues[0].message == "no field 'amout' here: 'amount'? (amount, mode, stacks)"
    )


@pytest.mark.parametrize(
    ("rules", "path", "english", "portuguese"),
    [
        (
            "table: {direction: anti-horário}",
            "table.direction",
            "expected one of anticlockwise, clockwise, got 'anti-horário' "
            "(the value for 'anti-horário' is 'anticlockwise')",
            "tem de ser um destes: anticlockwise, clockwise "
            "(está anti-horário; o valor para 'anti-horário' é 'anticlockwise')",
        ),
        (
            "scoring: {tie: {mode: nenhum}}",
            "scoring.tie.mode",
            "expected one of none, add, multiply, got 'nenhum' (the value for 'nenhum' is 'none')",
            "tem de ser um destes: none, add, multiply "
            "(está nenhum; o valor para 'nenhum' é 'none')",
        ),
        (
            "revoke: {mode: acusável}",
            "revoke.mode",
            "expected one of prevented, claimable, got 'acusável' "
            "(the value for 'acusável' is 'claimable')",
            "tem de ser um destes: prevented, claimable "
            "(está acusável; o valor para 'acusável' é 'claimable')",
        ),
        (
            "scoring: {bandeira: {requires: todas as vazas}}",
            "scoring.bandeira.requires",
            "expected one of all_points, all_tricks, got 'todas as vazas' "
            "(the value for 'todas as vazas' is 'all_tricks')",
            "tem de ser um destes: all_points, all_tricks "
            "(está todas as vazas; o valor para 'todas as vazas' é 'all_tricks')",
        ),
        (
            "deal: {trump_card: por cima, order: ao contrário}",
            "deal.trump_card",
            "expected one of dealer_last, dealer_first, dealer_choice, got 'por cima' "
            "(the value for 'por cima' is 'dealer_first')",
            "tem de ser um destes: dealer_last, dealer_first, dealer_choice "
            "(está por cima; o valor para 'por cima' é 'dealer_first')",
        ),
        (
            # a close spelling is guessed in Portuguese too, as in English
            "table: {direction: clockwize}",
            "table.direction",
            "expected one of anticlockwise, clockwise, got 'clockwize' (did you mean 'clockwise'?)",
            "tem de ser um destes: anticlockwise, clockwise "
            "(está clockwize; querias dizer 'clockwise'?)",
        ),
        (
            "scoring: {tie: {mode: triple}}",
            "scoring.tie.mode",
            "expected one of none, add, multiply, got 'triple'",
            "tem de ser um destes: none, add, multiply (está triple)",
        ),
        (
            "table: {direction: null}",
            "table.direction",
            "expected one of anticlockwise, clockwise, got nothing (null)",
            "tem de ser um destes: anticlockwise, clockwise",
        ),
    ],
)
def test_a_value_in_portuguese_or_misspelt_is_named_with_the_files_value_in_both_languages(
    rules: str, path: str, english: str, portuguese: str
) -> None:
    """A café player writes the values in Portuguese (`mode: nenhum`): the problem says which
    value of the file's that is, and a misspelt value is guessed in Portuguese as in English."""
    with pytest.raises(SourceError) as caught:
        parse_variant(f"name: Casa\nextends: portugal\n{rules}\n")
    (issue,) = [i for i in caught.value.issues if i.path == path]
    assert issue.message == english
    assert issue_text(issue, "pt") == portuguese


def test_a_portuguese_value_word_is_named_only_where_it_is_one_of_the_fields_values() -> None:
    """`ao contrário` is `reverse` for the order of the deal and `anticlockwise` for the
    direction: each field is told its own."""
    found = issues_of(
        "name: x\nextends: portugal\ntable: {direction: ao contrário}\n"
        "deal: {order: ao contrário}\n"
    )
    assert found["table.direction"][1]["meant"] == "anticlockwise"
    assert found["deal.order"][1]["meant"] == "reverse"
    assert found["deal.order"][1]["hint"] == "word"


def _one_issue_says(text: str, path: str, english: str, portuguese: str) -> None:
    """The variant `text` (under a name and `extends: portugal`) is refused with one problem
    at `path`, which says `english` and, in Portuguese, `portuguese`."""
    with pytest.raises(SourceError) as caught:
        parse_variant(f"name: Casa\nextends: portugal\n{text}")
    (issue,) = [i for i in caught.value.issues if i.path == path]
    assert issue.message == english
    assert issue_text(issue, "pt") == portuguese


@pytest.mark.parametrize(
    ("text", "path", "english", "portuguese"),
    [
        (
            # `tie:` not indented under `scoring:`
            "scoring:\ntie:\n  mode: add\n",
            "tie",
            "unknown field 'tie' here: it is 'scoring.tie', written under scoring: and indented "
            "below it; valid fields here: deal, description, extends, match, name, revoke, "
            "scoring, table",
            "campo desconhecido aqui: tie é o campo 'scoring.tie', que se escreve por baixo de "
            "scoring: e mais para dentro; campos válidos aqui: deal, description, extends, "
            "match, name, revoke, scoring, table",
        ),
        (
            "scoring:\n  target_games: 6\n",
            "scoring.target_games",
            "unknown field 'target_games' here: it is 'match.target_games', written under match: "
            "and indented below it; valid fields here: bandeira, tie, tiers",
            "campo desconhecido aqui: target_games é o campo 'match.target_games', que se "
            "escreve por baixo de match: e mais para dentro; campos válidos aqui: bandeira, tie, "
            "tiers",
        ),
        (
            "scoring:\n  wins_partida: true\n",
            "scoring.wins_partida",
            "unknown field 'wins_partida' here: it is 'scoring.bandeira.wins_partida', written "
            "under bandeira: and indented below it; valid fields here: bandeira, tie, tiers",
            "campo desconhecido aqui: wins_partida é o campo 'scoring.bandeira.wins_partida', "
            "que se escreve por baixo de bandeira: e mais para dentro; campos válidos aqui: "
            "bandeira, tie, tiers",
        ),
        (
            "table:\n  direction: clockwise\n  description: ours\n",
            "table.description",
            "unknown field 'description' here: 'description' is a field of the top level, "
            "written at the start of a line, not indented; valid fields here: direction, "
            "first_dealer, first_leader",
            "campo desconhecido aqui: 'description' é um campo de topo, que se escreve no início "
            "da linha, sem nada à frente; campos válidos aqui: direction, first_dealer, "
            "first_leader",
        ),
        (
            # `scoring:` uncommented, `tie:` not: the section inside this one is named
            "scoring:\n  mode: none\n",
            "scoring.mode",
            "unknown field 'mode' here: it is 'scoring.tie.mode', written under tie: and "
            "indented below it; valid fields here: bandeira, tie, tiers",
            "campo desconhecido aqui: mode é o campo 'scoring.tie.mode', que se escreve por baixo "
            "de tie: e mais para dentro; campos válidos aqui: bandeira, tie, tiers",
        ),
        (
            # `mode` is a field of two sections: no guess at which
            "mode: none\n",
            "mode",
            "unknown field 'mode'; valid fields here: deal, description, extends, match, name, "
            "revoke, scoring, table",
            "campo desconhecido: mode; campos válidos aqui: deal, description, extends, match, "
            "name, revoke, scoring, table",
        ),
    ],
)
def test_a_field_written_in_the_wrong_section_is_named_with_where_it_goes(
    text: str, path: str, english: str, portuguese: str
) -> None:
    """A newcomer's indentation slip (`tie:` at the start of the line, below `scoring:`) is a
    field of another section: the problem says which, and where to write it."""
    _one_issue_says(text, path, english, portuguese)


@pytest.mark.parametrize(
    ("text", "path", "english", "portuguese"),
    [
        (
            "scoring:\n  tie:\n    mode:none\n",
            "scoring.tie",
            "expected a mapping of fields (name: value), got 'mode:none' (write 'mode: none', "
            "with a space after the colon, on a line of its own below tie: and indented)",
            "tem de ser um conjunto de campos (nome: valor): escreve 'mode: none', com um espaço "
            "depois dos dois pontos, numa linha só sua por baixo de tie: e mais para dentro",
        ),
        (
            "match: best_of = 3\n",
            "match",
            "expected a mapping of fields (name: value), got 'best_of = 3' (write 'best_of: 3', "
            "on a line of its own below match: and indented: a field's name and its value are "
            "joined by ': ')",
            "tem de ser um conjunto de campos (nome: valor): escreve 'best_of: 3', numa linha só "
            "sua por baixo de match: e mais para dentro: o nome de um campo e o seu valor "
            "ligam-se com ': '",
        ),
        (
            # text that is no field of the section: no guess
            "match: colour:red\n",
            "match",
            "expected a mapping of fields (name: value), got 'colour:red'",
            "tem de ser um conjunto de campos (nome: valor)",
        ),
    ],
)
def test_a_section_written_as_one_piece_of_text_is_told_how_to_write_its_field(
    text: str, path: str, english: str, portuguese: str
) -> None:
    """`mode:none` (no space after the colon) is text to YAML, so the section is no mapping:
    the problem says how the field was meant to be written."""
    _one_issue_says(text, path, english, portuguese)


@pytest.mark.parametrize(
    ("rules", "path", "english", "portuguese"),
    [
        (
            "match: {target_games: quatro}",
            "match.target_games",
            "expected a whole number, got 'quatro' (write it in digits: 4)",
            "tem de ser um número inteiro (está quatro; escreve-o em algarismos: 4)",
        ),
        (
            "scoring: {bandeira: {wins_partida: sim}}",
            "scoring.bandeira.wins_partida",
            "expected true or false, got 'sim' (the value for 'sim' is true)",
            "tem de ser true (sim) ou false (não) (está sim; escreve true)",
        ),
        (
            "scoring: {tie: {stacks: Não}}",
            "scoring.tie.stacks",
            "expected true or false, got 'Não' (the value for 'Não' is false)",
            "tem de ser true (sim) ou false (não) (está Não; escreve false)",
        ),
        (
            "match: {target_games: 4.5}",
            "match.target_games",
            "expected a whole number, got 4.5",
            "tem de ser um número inteiro (está 4.5)",
        ),
        (
            "match: {target_games: null}",
            "match.target_games",
            "expected a whole number, got nothing (null)",
            "tem de ser um número inteiro",
        ),
    ],
)
def test_a_number_or_a_yes_written_in_words_is_named_with_what_to_write(
    rules: str, path: str, english: str, portuguese: str
) -> None:
    """`target_games: quatro` and `wins_partida: sim`: the problem says what to write instead."""
    with pytest.raises(SourceError) as caught:
        parse_variant(f"name: Casa\nextends: portugal\n{rules}\n")
    (issue,) = [i for i in caught.value.issues if i.path == path]
    assert issue.message == english
    assert issue_text(issue, "pt") == portuguese


def test_a_whole_variant_given_as_text_is_no_section_to_write_a_field_in() -> None:
    """The hint for `tie: mode:none` needs a section: a model given text at its top has none,
    and says only what it expected (no index error on the empty path)."""
    from pydantic import ValidationError

    from sueca_rules import Variant
    from sueca_rules._issues import error_issues

    with pytest.raises(ValidationError) as caught:
        Variant.model_validate("mode:none")
    (issue,) = error_issues(caught.value.errors())
    assert issue.message == "expected a mapping of fields (name: value), got 'mode:none'"
    assert dict(issue.params)["hint"] == "plain"
