"""`sueca ... --help` in the command's language: Portuguese with `--lang pt` or a Portuguese locale
(the texts, the usage line's placeholders and argparse's own words), English otherwise, unchanged;
`engine` and `schema` speak only English, their help too."""

from __future__ import annotations

import argparse
import re

import pytest

from sueca_rules.cli import build_parser, main

COMMANDS: dict[tuple[str, ...], tuple[str, ...]] = {
    (): (
        "A Sueca, o jogo de cartas português, e as regras da casa",
        "comandos: COMANDO",
        "põe bots a jogar contra bots",
        "faz de motor: os bots respondem",
        "Corre 'sueca COMANDO --help' para ver as opções de um comando.",
    ),
    ("variants",): (
        "Lista as regras de base",
        "a língua dos resumos",
        "escreve JSON para máquinas",
    ),
    ("validate",): (
        "Verifica ficheiros de regras (regras da casa)",
        "ficheiros de regras (ou nomes de regras de base; - lê um da entrada padrão)",
        "FICHEIRO [FICHEIRO ...]",
    ),
    ("new",): (
        "Tira o comentário às regras que a tua mesa joga de outra maneira",
        "o ficheiro a escrever (.yaml ou .yml)",
        "substitui FICHEIRO se já existir",
        "exemplos: sueca new house.yaml",
    ),
    ("describe",): (
        "para ler em voz alta antes de um jogo",
        "REGRAS é o nome de umas regras de base",
        "a língua do cartão de regras",
    ),
    ("diff",): (
        'uma lista de {"path": ..., "a": ..., "b": ...}',
        "outras regras de base ou outro ficheiro de regras",
        "a língua das diferenças",
    ),
    ("replay",): (
        "as renúncias acusadas durante o jogo e na contagem",
        "mostra também as vazas da mão que ficou na mesa",
        "uso: sueca replay [-h] [--json] [--partial] [--lang {en,pt}] REGISTO",
    ),
    ("analyse",): (
        "pedidos para dar de novo",
        "o esforço, de 1 (uma vista de olhos) a 5",
        "--seed SEMENTE",
        "no máximo 100 mãos de cada vez",
    ),
    ("simulate",): (
        "quantas vezes há capote, bandeira, 60-60",
        "em duplicado",
        "joga N mãos independentes, de 1 a 10 000 000 (por omissão, 100)",
        "de 1 a 10 000",
    ),
    ("compare",): (
        "mãos e minutos de jogo por partida",
        "joga N encontros inteiros, de 1 a 1 000 000 (por omissão, 100)",
        "REGRAS [REGRAS ...]",
    ),
    ("play",): (
        "valor e depois naipe, com e = espadas, c = copas, o = ouros,",
        "escreve 'acusar' na tua vez",
        "é quem dá que escolhe o trunfo (como no brasil), dar de novo",
        "escreve ! (ou dica)",
        "# depois: sueca play --resume game.yaml",
        "--resume REGISTO",
    ),
    ("tournament",): (
        "Organiza um torneio de Sueca a partir de um ficheiro",
        "ações: AÇÃO",
        "emparelha a ronda seguinte (uma folga",
    ),
    ("tournament", "new"): (
        "os critérios de desempate depois dos pontos",
        "knockout: um encontro para o terceiro lugar",
        "--name NOME",
        "como se defrontam as equipas: round_robin (todas contra todas, uma vez)",
    ),
    ("tournament", "pair"): ("o ficheiro do torneio", "a língua do que diz"),
    ("tournament", "result"): (
        "as partidas ganhas pela primeira e pela segunda equipa",
        "--no-show EQUIPA",
        "EQUIPA faltou: ganha a outra",
        "--round R a ronda da mesa (1 é a primeira",
        "--table T o número da mesa nessa ronda",
    ),
    ("tournament", "play"): ("o nível dos bots de todas as equipas (1-5)", "--records PASTA"),
    ("tournament", "standings"): ("escreve a classificação em CSV", "--html FICHEIRO.html"),
    ("tournament", "undo"): (
        "desfaz o último resultado",
        "--round R com --table: a ronda do resultado a desfazer",
    ),
    ("serve",): (
        "Serve a aplicação web",
        "de 0 a 65535; por omissão, 8000",
        "--away SEGUNDOS",
        "as páginas seguem a língua de cada navegador",
    ),
    ("arena",): (
        "Põe cada PARTICIPANTE a jogar contra os outros em mãos em duplicado",
        "level:N ou a linha de comando de um motor (pelo menos dois)",
        "--time-ms TEMPO_MS",
    ),
}
"""Every command whose help speaks Portuguese, with a few of its phrases (whitespace collapsed)."""

ARGPARSE_ENGLISH = ("usage:", "options:", "positional arguments:", "show this help message")

ENGLISH_HELP = {
    ("variants",): """\
usage: sueca variants [-h] [--json] [--lang {en,pt}]

List the built-in variants (rule sets), one line each.

options:
  -h, --help      show this help message and exit
  --json          print JSON for machines
  --lang {en,pt}  the language of the summaries: en (English) or pt (European Portuguese);
                  default: pt when the locale (LC_ALL, LC_MESSAGES, LANG) is Portuguese, else en
                  (--json is the same in every language)
""",
    ("tournament", "pair"): """\
usage: sueca tournament pair [-h] [--lang {en,pt}] FILE

pair the next round (a bye when the count is odd)

positional arguments:
  FILE            the tournament file

options:
  -h, --help      show this help message and exit
  --lang {en,pt}  the language of what it says: en (English) or pt (European Portuguese); default:
                  pt when the locale (LC_ALL, LC_MESSAGES, LANG) is Portuguese, else en
""",
    ("describe",): """\
usage: sueca describe [-h] [--lang {en,pt}] VARIANT

Print the rules card of a variant: every rule in plain sentences, to read aloud
before a game. VARIANT is a built-in id (see 'sueca variants') or the path of a
variant file.

positional arguments:
  VARIANT         a built-in variant id or a variant file (- reads it from standard input)

options:
  -h, --help      show this help message and exit
  --lang {en,pt}  the language of the rules card: en (English) or pt (European Portuguese);
                  default: pt when the locale (LC_ALL, LC_MESSAGES, LANG) is Portuguese, else en
""",
    ("analyse",): """\
usage: sueca analyse [-h] [--level LEVEL] [--seat SEAT] [--jobs JOBS] [--seed SEED]
                     [--samples SAMPLES] [--deals LIST] [--json] [--lang {en,pt}]
                     RECORD

Judge every decision of a game record (cards, new-deal questions, renúncia
claims) with the information the deciding seat had then, never with the hidden
hands: each option's value is the expected card points of the seat's team at
the end of the deal after it (0-120), from deals of the unseen cards sampled
as level 5 does, the last tricks solved exactly. A choice that loses 5 points
or more is a mistake, explained in words. The same record, level and seed give
the same review, whatever --jobs.

positional arguments:
  RECORD             the record file (.yaml, .yml or .json; - reads it from standard input)

options:
  -h, --help         show this help message and exit
  --level LEVEL      the effort, 1 (a quick look) to 5 (level 5's machinery, the default)
  --seat SEAT        review only this seat's decisions
  --jobs JOBS        worker processes (default 1; 0: one per CPU)
  --seed SEED        the seed of the sampling (default 0)
  --samples SAMPLES  deals sampled per decision instead of the level's count
  --deals LIST       review only these deals: numbers and ranges such as 3, 1-5 or 1,4,7-9 (at
                     most 100 deals at a time; a longer record needs this)
  --json             print one JSON object for machines
  --lang {en,pt}     the language of the report: en (English) or pt (European Portuguese);
                     default: pt when the locale (LC_ALL, LC_MESSAGES, LANG) is Portuguese, else
                     en (--json is the same in every language)
""",
}
"""`sueca COMMAND --help` in English at 100 columns, as it was before the help could be said in
Portuguese."""


@pytest.fixture(autouse=True)
def _english_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.setenv("COLUMNS", "100")


def _help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    """What `sueca argv` prints (the help: it exits with status 0)."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code in (0, None), argv
    out, err = capsys.readouterr()
    assert err == ""
    return out


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _parser(path: tuple[str, ...]) -> argparse.ArgumentParser:
    """The English parser of the command `path`."""
    parser: argparse.ArgumentParser = build_parser()
    for name in path:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        parser = sub.choices[name]
    return parser


_ENGLISH_WORDS = {"the", "of", "to", "and", "or", "is", "in", "on", "with", "for", "by", "its"}
"""Words that tell English prose from the names and commands that are the same in both languages
(`pip install 'sueca-rules[web]'`, `head_to_head, partidas_difference`)."""


def _english_sentences(path: tuple[str, ...]) -> set[str]:
    """The sentences (of four words or more) of the English help of the command `path`: its
    description, its options' help, its commands' lines; not the examples' commands."""
    parser = _parser(path)
    texts = [parser.description or "", parser.epilog or ""]
    for action in parser._actions:
        texts.append(action.help or "")
        if isinstance(action, argparse._SubParsersAction):
            texts += [a.help or "" for a in action._choices_actions]
    sentences = set()
    for text in texts:
        prose = "\n".join(line for line in text.split("\n") if not line.startswith("  "))
        for part in re.split(r"[.;:] |\n\n", _flat(prose) if "\n\n" not in prose else prose):
            part = _flat(part)
            words = re.findall(r"\b[A-Za-z]{2,}\b", part)
            if len(words) >= 4 and _ENGLISH_WORDS & {w.lower() for w in words}:
                sentences.add(part)
    return sentences


def test_every_command_that_speaks_is_listed() -> None:
    def paths(parser: argparse.ArgumentParser, at: tuple[str, ...]) -> list[tuple[str, ...]]:
        found = [at]
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    found += paths(sub, (*at, name))
        return found

    assert set(paths(build_parser(), ())) == set(COMMANDS) | {("engine",), ("schema",)}


@pytest.mark.parametrize("path", list(COMMANDS), ids=lambda p: " ".join(p) or "sueca")
@pytest.mark.parametrize("how", ["--lang pt", "LC_ALL"])
def test_the_help_is_said_in_portuguese(
    path: tuple[str, ...],
    how: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    argv = [*path, "--help"]
    if how == "LC_ALL":
        monkeypatch.setenv("LC_ALL", "pt_PT.UTF-8")
    else:
        argv += ["--lang", "pt"]
    out = _help(argv, capsys)
    assert out.startswith(" ".join(("uso: sueca", *path))), out
    said = _flat(out)
    assert "opções: -h, --help mostra esta ajuda e sai" in said
    for phrase in COMMANDS[path]:
        assert phrase in said, (path, phrase)
    for english in ARGPARSE_ENGLISH:
        assert english not in out, (path, english)
    sentences = _english_sentences(path)
    assert sentences, path
    for sentence in sentences:
        assert sentence not in said, (path, sentence)


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_every_option_of_every_command_has_help(lang: str) -> None:
    """Each option and argument of each command says what it is in `--help`, in the help's
    language (`tournament new --format`, `result --round` and `--table` said nothing)."""

    def bare(parser: argparse.ArgumentParser, at: tuple[str, ...]) -> list[str]:
        found = []
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    found += bare(sub, (*at, name))
            elif not (action.help or "").strip():
                found.append(" ".join((*at, *action.option_strings)) or action.dest)
        return found

    assert bare(build_parser(lang), ()) == []


def test_the_placeholders_and_headings_are_portuguese(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = _help(["play", "--help", "--lang", "pt"], capsys)
    head = "uso: sueca play [-h] [--level NÍVEL | --ladder] [--auto] [--resume REGISTO]"
    assert out.startswith(head)
    assert "\nargumentos:\n  REGRAS " in out
    assert "\nopções:\n  -h, --help " in out
    assert "-h, --help mostra esta ajuda e sai" in _flat(out)
    assert "\nexemplos:\n  sueca play sueca-play --level 3\n" in out


@pytest.mark.parametrize(
    "argv", [["--lang", "pt", "--help"], ["--lang=pt", "--help"], ["--help", "--lang", "pt"]]
)
def test_sueca_help_follows_lang_given_first(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    out = _help(argv, capsys)
    assert out.startswith("uso: sueca [-h] [--version] COMANDO ...")
    assert "\ncomandos:\n  COMANDO\n    variants  lista as regras de base\n" in out


def test_lang_given_twice_the_last_counts_for_the_refusals_and_the_help_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """argparse takes the last `--lang`; the help and the refusals took the first, so that
    `--lang pt --lang en` described in English and refused in Portuguese."""
    for langs, said in [
        (["--lang", "pt", "--lang", "en"], "error: unrecognized arguments: --bogus"),
        (["--lang", "en", "--lang=pt"], "erro: argumentos desconhecidos: --bogus"),
    ]:
        with pytest.raises(SystemExit) as stop:
            main(["describe", "x", "--bogus", *langs])
        assert stop.value.code == 2
        assert said in capsys.readouterr().err
    assert _help(["describe", "--help", "--lang", "pt", "--lang", "en"], capsys).startswith(
        "usage: sueca describe"
    )


@pytest.mark.parametrize("argv", [["--lang", "pt"], ["--lang=pt"]])
def test_sueca_lang_pt_alone_is_sueca_alone_in_portuguese(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """`sueca --lang pt` with no command: the help on stderr and status 2, as `sueca` alone,
    in Portuguese; "pt" was taken for the command ("'pt' não é uma escolha válida")."""
    assert main(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("uso: sueca [-h] [--version] COMANDO ...")
    assert "escolha válida" not in err


@pytest.mark.parametrize("argv", [["--lang", "xx"], ["--lang=xx"]])
def test_sueca_with_an_unknown_language_alone_is_refused(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """`sueca --lang xx` with no command names the language it does not know, as `sueca
    describe portugal --lang xx` does; it printed the English help as if nothing were wrong."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.endswith(
        "sueca: error: argument --lang: invalid choice: 'xx' (choose from 'en', 'pt')\n"
    )


@pytest.mark.parametrize("path", list(ENGLISH_HELP), ids=" ".join)
def test_the_english_help_is_unchanged(
    path: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    assert _help([*path, "--help"], capsys) == ENGLISH_HELP[path]
    assert _help([*path, "--help", "--lang", "en"], capsys) == ENGLISH_HELP[path]


@pytest.mark.parametrize("path", list(COMMANDS), ids=lambda p: " ".join(p) or "sueca")
def test_the_english_help_has_no_portuguese(
    path: tuple[str, ...], capsys: pytest.CaptureFixture[str]
) -> None:
    out = _help([*path, "--help"], capsys)
    assert out.startswith("usage: sueca")
    for word in ("uso:", "opções:", "mostra esta ajuda", "por omissão", "regras de base"):
        assert word not in out, (path, word)


@pytest.mark.parametrize("command", ["engine", "schema"])
def test_engine_and_schema_keep_their_help_in_english(
    command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """They speak only English (the engine protocol's, the schema's): their help too, whatever
    the locale; their line in `sueca --help` is said in the language of the rest."""
    english = _help([command, "--help"], capsys)
    monkeypatch.setenv("LC_ALL", "pt_PT.UTF-8")
    assert _help([command, "--help"], capsys) == english
    assert english.startswith(f"usage: sueca {command} [-h]")
    assert "\noptions:\n  -h, --help" in english
    top = _flat(_help(["--help"], capsys))
    line = {"engine": "engine faz de motor", "schema": "schema escreve o JSON Schema"}[command]
    assert line in top


def test_build_parser_speaks_english_whatever_the_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI reference (scripts/gen_docs.py) is built from `build_parser()`: English, even under
    a Portuguese locale."""
    english = build_parser().format_help()
    monkeypatch.setenv("LC_ALL", "pt_PT.UTF-8")
    assert build_parser().format_help() == english
    assert english.startswith("usage: sueca [-h] [--version] COMMAND ...")
    assert build_parser("pt").format_help().startswith("uso: sueca [-h] [--version] COMANDO ...")


def test_the_language_reaches_every_command_and_each_action_of_sueca_tournament() -> None:
    # One walk (`_commands`) takes `--lang` and the help's language down to every parser.
    parser = build_parser("pt")
    commands = list(parser._commands())
    tournament = next(c for c in commands if c.prog == "sueca tournament")
    actions = list(tournament._commands())
    assert {"sueca play", "sueca engine"} < {c.prog for c in commands}
    assert len(actions) == 6
    parser.speak("pt")
    parser.help_in("pt")
    for command in [*commands, *actions]:
        assert command.wanted == "pt", command.prog
        english = command.prog in ("sueca engine", "sueca schema")
        assert command.help_lang == ("en" if english else "pt"), command.prog


@pytest.mark.parametrize(
    ("lang", "letters"),
    [
        (
            "en",
            ["S = spades", "H = hearts", "D = diamonds", "C = clubs", "K = king", "J = jack"],
        ),
        (
            "pt",
            ["e = espadas", "c = copas", "o = ouros", "p = paus", "R = rei", "V = valete"],
        ),
    ],
)
def test_the_play_help_and_the_games_help_give_every_letter_of_a_card_in_every_language(
    lang: str, letters: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A newcomer types a card by its letters: `sueca play --help` and the game's own help (h)
    say which letter is which suit and which court card, in English as in Portuguese (the
    English said only '7H, 7h, as')."""
    from sueca_rules._lang._catalogue import load_catalogue

    said = " ".join(_help(["play", "--help", "--lang", lang], capsys).split())
    in_game = str(load_catalogue(lang, "game").entries["play.help"])
    for letter in letters:
        assert letter in said, (lang, letter)
        assert letter in in_game, (lang, letter)
