"""A YAML syntax error is said in the reader's language: each slip the YAML parser reports has a
code (the `hint` of the issue kind `yaml_syntax`) and its own words in every catalogue. English is
the library's message, as it always was (the parser's words, then a hint for the usual slips);
Portuguese says what is wrong without quoting the parser's English. A problem the parser says that
has no code keeps the parser's words, in every language."""

from __future__ import annotations

import json
from pathlib import Path
from typing import NamedTuple

import pytest
import yaml

from sueca_rules import SourceError, parse_variant
from sueca_rules._lang import issue_line, issue_text

PT = "erro de sintaxe YAML: "
QUOTE = "se é texto, põe-no entre aspas"
SLASH = "para escrever a própria barra, escreve-a duas vezes (\\\\) ou usa aspas simples"


class Slip(NamedTuple):
    """A file with one slip: its code, where it is said to be (`line:column`), and its words in
    English (libyaml's, the parser PyYAML is built with) and in Portuguese."""

    code: str
    text: str
    at: str
    en: str
    pt: str


SLIPS = [
    Slip(
        "tab",
        "name: x\n\tfoo: 1\n",
        "2:1",
        "YAML syntax error: a tab character: YAML indents with spaces, never tabs (replace it by "
        "spaces)",
        PT + "uma tabulação; no YAML as margens fazem-se com espaços, nunca com tabulações "
        "(troca-a por espaços)",
    ),
    Slip(
        "indented",
        "name: x\n  table: 1\n",
        "2:8",
        "YAML syntax error: mapping values are not allowed in this context: a line indented "
        "further than the field above it, or text holding ': ' that needs quotes",
        PT + "uma linha mais para dentro do que o campo de cima, ou um texto com ': ' que precisa "
        "de aspas",
    ),
    Slip(
        "colon",
        "name: x\ntable\nmatch: 1\n",
        "3:1",
        "YAML syntax error: could not find expected ':' (while scanning a simple key at line 2): "
        "a field without ':' after its name",
        PT + "um campo sem ':' depois do nome, na linha 2",
    ),
    Slip(
        "colon_space",
        "name: x\nmatch:\n  best_of: 3\n  target_games:6\n",
        "4:3",
        "YAML syntax error: a space is missing after the ':' of target_games: write "
        "'target_games: 6' (a field's name, ': ' and its value)",
        PT + "falta um espaço depois dos dois pontos de um campo: escreve 'target_games: 6' (o "
        "nome do campo, ': ' e o valor)",
    ),
    Slip(
        "uncomment",
        "name: x\nextends: portugal\n# scoring:\n#   tie:\n#     # the mode\n    mode: add\n",
        "6:5",
        "YAML syntax error: mode is indented, but the lines of its section are still commented "
        "out: remove the '# ' in front of 'scoring:', 'tie:' too",
        PT + "mode está mais para dentro, mas as linhas da sua secção continuam comentadas: tira "
        "também o '# ' da frente de 'scoring:', 'tie:'",
    ),
    Slip(
        "key",
        "match:\n    target_games: 4\n  best_of: 3\n",
        "3:3",
        "YAML syntax error: did not find expected key (while parsing a block mapping at line 1): "
        "check the indentation: fields of one section line up",
        PT + "vê a indentação: os campos de uma secção ficam alinhados uns por baixo dos outros",
    ),
    Slip(
        "dash",
        "name: x\nmatch:\n  - a\n  b: 1\n",
        "4:3",
        "YAML syntax error: did not find expected '-' indicator (while parsing a block collection "
        "at line 3): check the indentation of the list items",
        PT + "vê a indentação dos itens da lista: cada um começa por '- ', alinhado com os outros",
    ),
    Slip(
        "unclosed",
        "name: 'Tasca\n",
        "2:1",
        "YAML syntax error: found unexpected end of stream (while scanning a quoted scalar at line "
        "1): a quote or bracket that is never closed",
        PT + "as aspas abertas na linha 1 nunca se fecham",
    ),
    Slip(
        "bracket",
        "name: [x\n",
        "2:1",
        "YAML syntax error: did not find expected ',' or ']' (while parsing a flow sequence at "
        "line 1): a list opened with '[' is never closed with ']', or a comma is missing "
        "between its items",
        PT + "a lista aberta com '[' na linha 1 nunca se fecha com ']', ou falta uma vírgula entre "
        "os itens",
    ),
    Slip(
        "brace",
        "match: {target_games: 4\nname: x\n",
        "2:5",
        "YAML syntax error: did not find expected ',' or '}' (while parsing a flow mapping at "
        "line 1): a '{' is never closed with '}', or a comma is missing between the fields "
        "inside it",
        PT + "a chaveta aberta na linha 1 nunca se fecha, ou falta uma vírgula entre os campos lá "
        "dentro",
    ),
    Slip(
        "character",
        "name: @Tasca\n",
        "1:7",
        "YAML syntax error: found character that cannot start any token (while scanning for the "
        "next token at line 1): a value cannot start with @, ` or %: if it is text, put it in "
        "quotes",
        PT + f"um valor não pode começar por @, ` ou %: {QUOTE}",
    ),
    Slip(
        "dash_here",
        "name: - Tasca\n",
        "1:7",
        "YAML syntax error: block sequence entries are not allowed in this context: a list "
        "item's '- ' where no list can start: the items go one a line, below their field (if it "
        "is text, put it in quotes)",
        PT + "um '- ' de item de lista onde não pode começar uma lista: os itens vão um por linha, "
        f"por baixo do campo ({QUOTE})",
    ),
    Slip(
        "question",
        "name: ? Tasca\n",
        "1:7",
        "YAML syntax error: mapping keys are not allowed in this context: a value cannot start "
        "with '? ': if it is text, put it in quotes",
        PT + f"um valor não pode começar por '? ': {QUOTE}",
    ),
    Slip(
        "escape",
        'name: x\ndescription: "C:\\dados\\regras"\n',
        "2:17",
        "YAML syntax error: found unknown escape character (while parsing a quoted scalar at "
        "line 2): in double quotes a backslash starts a code (such as \\n) and this one does "
        "not exist: to write the backslash itself, write it twice (\\\\) or use single quotes",
        PT + "entre aspas duplas, a barra \\ começa um código (como \\n) e este não existe: "
        f"{SLASH}",
    ),
    Slip(
        "hex_escape",
        'name: x\ndescription: "C:\\Users\\ze"\n',
        "2:19",
        "YAML syntax error: did not find expected hexdecimal number (while parsing a quoted "
        "scalar at line 2): in double quotes \\x, \\u and \\U are followed by a character's "
        "hexadecimal code: to write the backslash itself, write it twice (\\\\) or use single "
        "quotes",
        PT + "entre aspas duplas, \\x, \\u e \\U têm de ser seguidos do código hexadecimal de um "
        "carácter: " + SLASH,
    ),
    Slip(
        "separator",
        "name: 'Tasca\n---\nmatch: 1\n",
        "2:1",
        "YAML syntax error: found unexpected document indicator (while scanning a quoted scalar "
        "at line 1): a '---' or '...' line inside quotes left open (is the closing quote "
        "missing?)",
        PT + "uma linha '---' ou '...' dentro das aspas abertas na linha 1 (faltam as aspas do "
        "fim?)",
    ),
    Slip(
        "value",
        "name: x\nmatch: ]\n",
        "2:8",
        "YAML syntax error: did not find expected node content (while parsing a block node at "
        "line 2): a value is missing here: a comma, a ']' or a '}' out of place (if it is text, "
        "put it in quotes)",
        PT + f"falta aqui um valor: uma vírgula, um ']' ou uma chaveta fora do sítio ({QUOTE})",
    ),
    Slip(
        "open_at_end",
        "name: x\nmatch: {target_games: 4,\n",
        "3:1",
        "YAML syntax error: did not find expected node content (while parsing a flow node at "
        "line 3): a value is missing here: a comma, a ']' or a '}' out of place (if it is text, "
        "put it in quotes)",
        PT + "o ficheiro acaba dentro de uma lista por fechar ('[' sem ']') ou de uma chaveta por "
        "fechar",
    ),
    Slip(
        "document",
        "name: x\n...\nmatch: 1\n",
        "3:1",
        "YAML syntax error: did not find expected <document start>: text after the end of the "
        "document (a '...' line), or a % directive with no '---' after it: delete the '...' "
        "line, or add '---' after the directive",
        PT + "texto depois do fim do documento (uma linha '...'), ou uma diretiva % sem '---' a "
        "seguir: apaga a linha '...', ou acrescenta '---' depois da diretiva",
    ),
    Slip(
        "block_text",
        "name: x\ndescription: | as nossas regras\n",
        "2:16",
        "YAML syntax error: did not find expected comment or line break (while scanning a block "
        "scalar at line 2): after '|' or '>' the text starts on the next line, indented (on the "
        "same line only +, - or a digit 1 to 9 may follow)",
        PT + "depois de '|' ou '>' o texto começa na linha seguinte, mais para dentro (na mesma "
        "linha só pode vir +, - ou um algarismo de 1 a 9)",
    ),
    Slip(
        "anchor_name",
        "name: & Filhos\n",
        "1:8",
        "YAML syntax error: did not find expected alphabetic or numeric character (while "
        "scanning an anchor at line 1): a value starting with & or * (YAML's anchors and "
        "aliases, not used here): if it is text, put it in quotes",
        PT + "um valor que começa por & ou * (no YAML marcam âncoras e aliases, que aqui não se "
        f"usam): {QUOTE}",
    ),
    Slip(
        "directive",
        "%YAML 2.0\n---\nname: x\n",
        "1:1",
        "YAML syntax error: found incompatible YAML document: a line starting with % is a YAML "
        "directive, and this one does not work here (only %YAML 1.x or %TAG, before '---'): if "
        "it is text, put it in quotes",
        PT + "uma linha que começa por % é uma diretiva de YAML, e esta não serve (só %YAML 1.x ou "
        f"%TAG, antes de '---'): {QUOTE}",
    ),
    Slip(
        "tag_syntax",
        "name: !e!x Tasca\n",
        "1:7",
        "YAML syntax error: found undefined tag handle (while parsing a node at line 1): a "
        "value starting with ! (a YAML tag, not used here): if it is text, put it in quotes",
        PT + "um valor que começa por ! (no YAML marca uma etiqueta, que aqui não se usa): "
        f"{QUOTE}",
    ),
    Slip(
        "long_key",
        "name: x\n" + "k" * 1100 + ": 1\n",
        "2:1",
        "YAML syntax error: a field name longer than 1,024 characters, the most YAML reads "
        "(shorten it)",
        PT + "um nome de campo com mais de 1024 caracteres, o máximo que o YAML lê (encurta-o)",
    ),
]

LIBYAML = pytest.mark.skipif(
    not yaml.__with_libyaml__, reason="the English words are libyaml's (PyYAML built without it)"
)

ENGLISH_OF_THE_PARSER = ("found", "expected", "while ", "allowed", "token", "o leitor diz")


def _slip(text: str) -> SourceError:
    with pytest.raises(SourceError) as caught:
        parse_variant(text, file="casa.yaml")
    assert len(caught.value.issues) == 1
    return caught.value


def test_every_code_has_a_slip_and_words() -> None:
    from sueca_rules._lang._catalogue import load_catalogue
    from sueca_rules._yaml import _SYNTAX_HINTS

    codes = {"tab", "open_at_end", "long_key", "colon_space", "uncomment"} | {
        code for code, *_ in _SYNTAX_HINTS
    }
    assert {s.code for s in SLIPS} == codes
    for lang in ("en", "pt"):
        entry = load_catalogue(lang, "issues").entries["issue.yaml_syntax"]
        assert isinstance(entry, dict)
        assert set(entry) == {"$", "other", *codes}, lang


@LIBYAML
@pytest.mark.parametrize("slip", SLIPS, ids=[s.code for s in SLIPS])
def test_a_yaml_slip_is_said_in_portuguese_and_in_english_as_before(slip: Slip) -> None:
    (issue,) = _slip(slip.text).issues
    assert (issue.kind, dict(issue.params)["hint"]) == ("yaml_syntax", slip.code)
    assert f"{issue.line}:{issue.column}" == slip.at
    assert issue.message == slip.en  # English: the parser's words, then the hint
    assert issue_text(issue, "en") == slip.en
    assert issue_line(issue, "en") == f"casa.yaml:{slip.at}: {slip.en}"
    assert issue_line(issue, "pt") == f"casa.yaml:{slip.at}: {slip.pt}"
    said = issue_text(issue, "pt")
    assert dict(issue.params)["problem"] not in said
    assert not [w for w in ENGLISH_OF_THE_PARSER if w in said], said


@pytest.mark.parametrize("slip", SLIPS, ids=[s.code for s in SLIPS])
def test_pyyamls_own_parser_gives_the_same_codes_and_words(
    slip: Slip, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without libyaml the reader uses PyYAML's own parser, whose English differs: the slip has
    the same code, the same place (but for a column inside quotes) and the same Portuguese."""
    monkeypatch.setattr(yaml, "__with_libyaml__", False)
    (issue,) = _slip(slip.text).issues
    assert (issue.kind, dict(issue.params)["hint"]) == ("yaml_syntax", slip.code)
    assert issue.line == int(slip.at.split(":")[0])
    assert issue_text(issue, "pt") == slip.pt
    assert issue.message.startswith("YAML syntax error: ")


def test_a_problem_without_a_code_keeps_the_parsers_words_in_every_language() -> None:
    from yaml.error import Mark
    from yaml.scanner import ScannerError

    from sueca_rules._yaml import _syntax_issue

    text = "name: x\nabc: 1\n"
    at, began = Mark("", 11, 1, 3, text, 11), Mark("", 0, 0, 0, text, 0)
    exc = ScannerError("while reading a thing", began, "found something new", at)
    issue = _syntax_issue(exc, "casa.yaml", text)
    assert dict(issue.params) == {
        "hint": "other",
        "problem": "found something new",
        "context_line": "1",
    }
    english = "YAML syntax error: found something new (while reading a thing at line 1)"
    assert issue_line(issue, "en") == f"casa.yaml:2:4: {english}"
    assert issue_line(issue, "pt") == (
        "casa.yaml:2:4: erro de sintaxe YAML (o leitor diz: found something new)"
    )
    # A slip whose words name the line it began on, without that line: the parser's words.
    alone = ScannerError(None, None, "found unexpected end of stream", at)
    issue = _syntax_issue(alone, "casa.yaml", text)
    assert dict(issue.params)["hint"] == "other"
    assert issue.message == (
        "YAML syntax error: found unexpected end of stream: a quote or bracket that is never closed"
    )
    assert issue_text(issue, "pt") == (
        "erro de sintaxe YAML (o leitor diz: found unexpected end of stream)"
    )


@pytest.mark.parametrize(
    ("text", "kind"),
    [("a: &x 1\nb: &x 2\n", "anchor"), ("a: *x\n", "alias"), ("a: *x\nb: &x 2\n", "alias")],
)
def test_anchors_and_aliases_are_refused_before_the_parser_minds_them(text: str, kind: str) -> None:
    """A duplicate anchor or an undefined alias never reaches PyYAML's composer (whose words
    those are): the reader refuses the first anchor or alias, in words of its own."""
    (issue,) = _slip(text).issues
    assert issue.kind == kind
    said = issue_text(issue, "pt")
    assert said != issue.message
    assert not [w for w in ("found", "undefined", "duplicate", "not allowed") if w in said]


@LIBYAML
def test_validate_and_replay_say_the_slips_in_portuguese(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """`sueca validate --lang pt` says every slip in Portuguese at the same place, `--lang en` as
    it always was; `sueca replay --lang pt` says a record's slip the same way."""
    from sueca_rules.cli import main

    paths = []
    for slip in SLIPS:
        path = tmp_path / f"{slip.code}.yaml"
        path.write_text(slip.text, encoding="utf-8")
        paths.append(str(path))
    for lang in ("pt", "en"):
        assert main(["validate", "--lang", lang, *paths]) == 1
        out = capsys.readouterr().out.splitlines()
        assert out == [
            f"{path}:{slip.at}: {slip.pt if lang == 'pt' else slip.en}"
            for path, slip in zip(paths, SLIPS, strict=True)
        ]
    record = tmp_path / "jogo.yaml"
    record.write_text("variant: portugal\nfirst_dealer: 0\ndeals: [\n", encoding="utf-8")
    assert main(["replay", str(record), "--lang", "pt"]) == 1
    err = capsys.readouterr().err
    assert err == (
        f"{record}:4:1: {PT}o ficheiro acaba dentro de uma lista por fechar ('[' sem ']') ou de "
        "uma chaveta por fechar\n"
    )


@pytest.mark.parametrize("slip", SLIPS, ids=[s.code for s in SLIPS])
def test_the_rules_page_says_the_slip_with_the_same_words(slip: Slip) -> None:
    """The rules checker gets each issue's kind and values from the validate API and says it
    with the page's catalogue (`issue.yaml_syntax`): the same Portuguese as the command line."""
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from sueca_rules._lang._catalogue import render
    from sueca_rules.web import Settings, create_app
    from sueca_rules.web._i18n import strings

    with TestClient(create_app(Settings.for_tests())) as client:
        body = client.post("/api/variants/validate", content=slip.text).json()
    (issue,) = body["issues"]
    assert issue["kind"] == "yaml_syntax"
    assert f"{issue['line']}:{issue['column']}" == slip.at or not yaml.__with_libyaml__
    params = json.loads(json.dumps(issue["params"]))
    assert render(strings("pt")["issue.yaml_syntax"], params, "pt") == slip.pt


@pytest.mark.parametrize(
    ("text", "at", "fix"),
    [
        ("name: x\nmatch:\n  best_of:3\n  target_games: 6\n", "3:3", "best_of: 3"),
        ("name:Tasca\nextends: portugal\n", "1:1", "name: Tasca"),
        ("name: x\nmatch:\n  target_games:6   # six\n  best_of: 3\n", "3:3", "target_games: 6"),
    ],
)
def test_a_field_glued_to_its_value_is_named_with_the_space_it_lacks(
    text: str, at: str, fix: str
) -> None:
    """`best_of:3` is text to YAML, not a field: the slip that follows (no ':' where a field
    was expected, or a ': ' on the next line) is said at the glued field, with how to write it."""
    (issue,) = _slip(text).issues
    assert (issue.kind, dict(issue.params)["hint"]) == ("yaml_syntax", "colon_space")
    assert f"{issue.line}:{issue.column}" == at
    assert f"write '{fix}'" in issue.message
    assert f"escreve '{fix}'" in issue_text(issue, "pt")


def test_a_colon_inside_a_value_is_not_taken_for_a_glued_field() -> None:
    """`description: see http://x` and a line indented too far keep their own words."""
    (issue,) = _slip("name: x\n  table: 1\n").issues
    assert dict(issue.params)["hint"] == "indented"
    (issue,) = _slip("name: x\ndescription: see http://x\n  table: 1\n").issues
    assert dict(issue.params)["hint"] == "indented"


def test_a_starter_files_field_uncommented_alone_is_told_which_lines_to_uncomment(
    tmp_path: Path,
) -> None:
    """`sueca new` lists every rule commented out; a newcomer uncomments `mode:` alone and its
    section lines stay comments: the slip names them, in the file `sueca new` wrote."""
    from sueca_rules.cli._cmd_new import starter_text

    lines = starter_text("Casa", "portugal", "sueca-variant.v1.json").splitlines()
    at = next(k for k, line in enumerate(lines) if line == "#     mode: add")
    lines[at] = "    mode: none"
    with pytest.raises(SourceError) as caught:
        parse_variant("\n".join(lines) + "\n", file="casa.yaml")
    (issue,) = caught.value.issues
    assert dict(issue.params)["hint"] == "uncomment"
    assert (issue.line, issue.column) == (at + 1, 5)
    assert issue.message.endswith("remove the '# ' in front of 'scoring:', 'tie:' too")
    # with its section lines uncommented too (the comments between stay), the file is valid
    fixed = [
        line.removeprefix("# ") if line in ("# scoring:", "#   tie:") else line for line in lines
    ]
    assert parse_variant("\n".join(fixed) + "\n").scoring.tie.mode == "none"


@pytest.mark.parametrize(
    "text",
    [
        "name: x\nmatch:\n  best_of:3" + " " * 19_000 + "y\n  target_games: 6\n",
        "name: x\nmatch: best_of:3" + " " * 19_000 + "y\n",
    ],
)
def test_a_long_glued_line_is_answered_at_once_and_shown_cut(text: str) -> None:
    """A field glued to a value of thousands of spaces (under the 20,000 characters a text may
    hold): the hint is found in linear time (a pattern that backtracked took seconds) and
    repeats at most 60 characters of the line."""
    import time

    start = time.perf_counter()
    with pytest.raises(SourceError) as caught:
        parse_variant(text, file="casa.yaml")
    assert time.perf_counter() - start < 1.5
    (issue,) = caught.value.issues
    fix = dict(issue.params)["fix"]
    assert fix.startswith("best_of: 3")
    assert len(fix) <= 61
