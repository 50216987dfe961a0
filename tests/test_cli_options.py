"""Options checked when the command line is read: out-of-range numbers are argparse errors (exit
status 2, no traceback), before any work."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from sueca_rules.bots import LEVELS
from sueca_rules.cli import build_parser, main


def _status(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as exc:
        return int(exc.code or 0)


@pytest.mark.parametrize(
    ("port", "message"),
    [
        ("99999", "must be at most 65535 (the highest port), got 99999"),
        ("65536", "got 65536"),
        ("-1", "must be 0 (any free port) or more"),
        ("http", "not a whole number"),
    ],
)
def test_serve_refuses_a_port_out_of_range(
    port: str, message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _status(["serve", "--port", port]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert message in err
    assert "Traceback" not in err


def _commands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(action.choices)


def test_every_command_with_lang_follows_the_locale_alike() -> None:
    """One `--lang` for every command that speaks: en or pt, the locale's by default (issue 24:
    `sueca describe` stayed English where `sueca play` followed the locale)."""
    with_lang = {}
    for name, sub in _commands().items():
        for action in sub._actions:
            if "--lang" in action.option_strings:
                with_lang[name] = action
    assert {"describe", "diff", "replay", "play"} <= set(with_lang)
    for name, action in with_lang.items():
        assert action.default is None, name
        assert tuple(action.choices or ()) == ("en", "pt"), name
        assert "the locale (LC_ALL, LC_MESSAGES, LANG) is Portuguese" in (action.help or ""), name


@pytest.mark.parametrize(
    ("argv", "english", "portuguese"),
    [
        (["describe", "portugal"], "Sueca rules: Portugal", "Regras da Sueca: Portugal"),
        (["diff", "portugal", "french"], "Portugal and French", "Portugal e "),
    ],
)
def test_describe_and_diff_speak_the_locales_language(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    argv: list[str],
    english: str,
    portuguese: str,
) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    monkeypatch.setenv("LANG", "pt_PT.UTF-8")
    assert main(argv) == 0
    assert capsys.readouterr().out.startswith(portuguese)
    assert main([*argv, "--lang", "en"]) == 0
    assert capsys.readouterr().out.startswith(english)
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    assert main(argv) == 0
    assert capsys.readouterr().out.startswith(english)


def test_play_help_names_every_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert _status(["play", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "1 (random cards) to 4 (thinks ahead) and 5 (thinks deeper, slower)" in text
    assert LEVELS == (1, 2, 3, 4, 5)
    home = (Path(__file__).parents[1] / "docs" / "index.md").read_text(encoding="utf-8")
    assert "four strength levels" not in home
    assert "five strength levels" in home


LONG = "9" * 401
"""A number of 401 digits: an error shows its first digits, then `…`, never all of them."""


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["serve", "--away", LONG], "must be at most 3,600, got 99999999999999999999…"),
        (["serve", "--max-tables", LONG], "must be at most 10,000, got 99999999999999999999…"),
        (["serve", "--away", "9" * 5000], "'99999999999999999999…' is not a whole number"),
        (["serve", "--away", "-" + LONG], "must be at least 0, got -9999999999999999999…"),
        (["serve", "--away", "9" * 20 + "x"], "'99999999999999999999…' is not a whole number"),
        (["serve", "--away", "3601"], "must be at most 3,600, got 3601"),
        (["tournament", "play", "cup.yaml", "--levels", f"A={LONG}"], "'A=99999999999999999999…'"),
    ],
)
def test_a_too_long_number_is_shown_cut(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _status(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert said in err
    assert "9" * 21 not in err
    assert len(err.strip().splitlines()[-1]) < 200


@pytest.mark.parametrize(
    ("argv", "usage", "said"),
    [
        (["valdate", "x.yaml"], "usage: sueca [", "did you mean 'validate'?"),
        (["tournament", "standngs", "x"], "usage: sueca tournament", "did you mean 'standings'?"),
        (["variants", "--jsn"], "usage: sueca variants", "--jsn -- did you mean --json?"),
        (["play", "--levl", "3"], "usage: sueca play", "did you mean --level?"),
        (["play", "--levle", "3"], "usage: sueca play", "did you mean --level?"),
        (["tournament", "stand", "x"], "usage: sueca tournament", "did you mean 'standings'?"),
        (
            ["serve", "--allowed-hots", "x"],
            "usage: sueca serve",
            "--allowed-hots x -- did you mean --allowed-host?",
        ),
        (
            ["serve", "--allowed-x", "x"],
            "usage: sueca serve",
            "--allowed-x x -- did you mean one of --allowed-origin, --allowed-host?",
        ),
        (["describe", "portugal", "more"], "usage: sueca describe", "unrecognized arguments: more"),
        # The option mistyped is named, not the argument argparse finds missing first.
        (["validate", "--jsn"], "usage: sueca validate", "--jsn -- did you mean --json?"),
        (
            ["validate", "--jsn", "--lang", "pt"],
            "uso: sueca validate",
            "--jsn -- querias dizer --json?",
        ),
        (
            ["tournament", "result", "cup.yaml", "--round", "1", "--tabel", "2", "--score", "1-0"],
            "usage: sueca tournament result",
            "unrecognized arguments: --tabel -- did you mean --table?",
        ),
        (["describe", "--bogus"], "usage: sueca describe", "unrecognized arguments: --bogus\n"),
        (["simulate", "--seed", "-1"], "usage: sueca simulate", "are required: VARIANT\n"),
        (["validate", "--js"], "usage: sueca validate", "are required: FILE\n"),  # --json
        (
            ["describe", "portugal", "--nothing-like-it"],
            "usage: sueca describe",
            "unrecognized arguments: --nothing-like-it\n",  # nothing close: no suggestion
        ),
    ],
)
def test_a_mistyped_command_or_option_is_named_with_the_commands_usage(
    argv: list[str], usage: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert _status(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(usage)
    assert said in err


@pytest.mark.parametrize(
    ("argv", "usage", "said"),
    [
        (
            ["simulate", "--teams", "6,1"],
            "uso: sueca simulate",
            "erro: --teams: não há bots de nível 6",
        ),
        (["simulate", "--teams", "x"], "uso: sueca simulate", "'x' não são dois níveis de bots"),
        (
            ["simulate", "--deals", "x"],
            "uso: sueca simulate",
            "--deals: 'x' não é um número inteiro",
        ),
        (
            ["simulate", "--jobs", "-1"],
            "uso:",
            "tem de ser 0 (todos os processadores) ou mais, e é -1",
        ),
        (["simulate", "--samples", "10001"], "uso:", "tem de ser no máximo 10 000, e é 10001"),
        (
            ["simulate", "--deals", "10000001"],
            "uso: sueca simulate",
            "--deals: tem de ser de 1 a 10 000 000, e é 10000001",
        ),
        (
            ["compare", "--matches", "1000001"],
            "uso: sueca compare",
            "--matches: tem de ser de 1 a 1 000 000, e é 1000001",
        ),
        (["play", "--level", "9"], "uso: sueca play", "'9' não é um nível: os níveis são 1, 2, 3"),
        (["analyse", "r.yaml", "--deals", "0"], "uso:", "as mãos contam-se a partir de 1"),
        (["analyse", "r.yaml", "--deals", "1,,2"], "uso:", "não tem partes vazias"),
        (["describe"], "uso: sueca describe", "erro: falta: REGRAS"),
        (
            ["variants", "--jsn"],
            "uso: sueca variants",
            "desconhecidos: --jsn -- querias dizer --json?",
        ),
        (["describe", "portugal", "--lang"], "uso:", "--lang: falta o valor"),
        (["valdate", "x.yaml"], "uso: sueca [", "não é uma escolha válida"),
        (["valdate", "x.yaml"], "uso: sueca [", "-- querias dizer 'validate'?"),
        (
            ["serve", "--allowed-x", "x"],
            "uso: sueca serve",
            "-- querias dizer um destes: --allowed-origin, --allowed-host?",
        ),
    ],
)
def test_the_command_line_is_refused_in_the_commands_language(
    argv: list[str],
    usage: str,
    said: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`--lang pt`, or a Portuguese locale for a command that speaks: argparse's own refusals
    and the options' are said in Portuguese, with a Portuguese usage line."""
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    lines = [argv] if argv[-1] == "--lang" else [[*argv, "--lang", "pt"], argv]
    for line in lines:
        if line is argv:
            monkeypatch.setenv("LANG", "pt_PT.UTF-8")
        assert _status(line) == 2
        err = capsys.readouterr().err
        assert err.startswith(usage), line
        assert said in err, (line, err)
        for english in ("usage:", "error:", "argument ", "must be", "expected", "required"):
            assert english not in err, (line, english)


def test_lang_given_before_the_command_is_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    """`sueca --lang pt variants` is read as `sueca variants --lang pt` (it used to take `pt` for
    the command)."""
    assert _status(["--lang", "pt", "variants"]) == 0
    assert "para a direita" in capsys.readouterr().out
    assert _status(["--lang=pt", "describe", "portugal"]) == 0
    assert capsys.readouterr().out.startswith("Regras da Sueca: Portugal")
    assert _status(["--lang", "en", "variants"]) == 0
    assert "anticlockwise" in capsys.readouterr().out


def test_a_command_that_speaks_only_english_refuses_in_english(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LC_ALL", "pt_PT.UTF-8")
    assert _status(["engine", "--levl", "3"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: sueca engine")
    assert "error: unrecognized arguments: --levl 3 -- did you mean --level?" in err
    monkeypatch.setenv("LC_ALL", "C")
    assert _status(["simulate", "--teams", "6,1"]) == 2
    assert "error: argument --teams: no bot of level 6: levels are 1, 2, 3, 4, 5" in (
        capsys.readouterr().err
    )


_ONE_DEAL = """\
variant: portugal
first_dealer: 0
deals:
- hands:
  - [7S, KS, 5S, AH, QH, 6H, AD, QD, 7C, QC]
  - [AS, 6S, 7H, KH, 4H, JD, 4D, JC, 4C, 3C]
  - [JS, QS, 4S, 3S, 3H, 2H, 7D, 5D, AC, 5C]
  - [2S, JH, 5H, KD, 6D, 3D, 2D, KC, 6C, 2C]
  trump_card: 7C
  plays: [2S, JS, AS, 7S, 6S, KS, JH, QS, 5S, 5H, 4S, 7H, AH, KD, 3H, KH, QH, 6D, 2H, 4H,
          6H, 3D, 3S, JD, AD, 2D, 7D, 4D, QD, KC, 5D, JC, 6C, AC, 4C, 7C, 5C, 3C, QC, 2C]
"""
"""The record of docs/guide/records.md: one deal."""


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "sueca analyse: error: --deals 5: deals are numbered 1 to 1 in this record"),
        ("pt", "sueca analyse: erro: --deals 5: as mãos deste registo vão de 1 a 1"),
    ],
)
def test_analyse_deals_beyond_the_record_are_said_in_the_commands_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, said: str
) -> None:
    """`sueca analyse game.yaml --deals 5 --lang pt` said it in English."""
    record = tmp_path / "game.yaml"
    record.write_text(_ONE_DEAL, encoding="utf-8")
    assert _status(["analyse", str(record), "--deals", "1,5", "--lang", lang]) == 2
    err = capsys.readouterr().err
    assert err.strip() == said


@pytest.mark.parametrize(
    ("argv", "en", "pt"),
    [
        (
            ["simulate", "portugal", "--samples", "10"],
            "--samples is for level-4 and level-5 bots, and no team is either",
            "--samples é para os bots de nível 4 e 5, e nenhuma equipa é de um deles",
        ),
        (
            ["simulate", "portugal", "--address", "x"],
            "--address is for --cluster ray",
            "--address é para --cluster ray",
        ),
        (
            ["compare", "portugal", "french", "--jobs", "100000"],
            "--jobs: at most",
            "--jobs: no máximo",
        ),
        (
            ["simulate", "portugal", "--checkpoint", "NOWHERE/run.json"],
            "--checkpoint NOWHERE/run.json: cannot write there (no folder NOWHERE)",
            "--checkpoint NOWHERE/run.json: não dá para escrever aí (não existe a pasta NOWHERE)",
        ),
        (
            ["compare", "portugal", "french", "--plot", "NOWHERE/a.svg"],
            "--plot NOWHERE/a.svg: cannot write there (no folder NOWHERE)",
            "--plot NOWHERE/a.svg: não dá para escrever aí (não existe a pasta NOWHERE)",
        ),
        (
            ["simulate", "portugal", "--checkpoint", "NOTES"],
            "checkpoint NOTES: not a study checkpoint",
            "checkpoint NOTES: não é o ponto de retoma de um estudo",
        ),
    ],
    ids=["samples", "address", "jobs", "checkpoint folder", "plot folder", "not a checkpoint"],
)
def test_a_studys_options_are_refused_in_the_commands_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], en: str, pt: str
) -> None:
    """`sueca simulate` and `sueca compare` refused these in English whatever --lang said."""
    notes = tmp_path / "notes.json"
    notes.write_text("{}", encoding="utf-8")
    names = {"NOWHERE": str(tmp_path / "nowhere"), "NOTES": str(notes)}

    def filled(text: str) -> str:
        for name, path in names.items():
            text = text.replace(name, path)
        return text

    for lang, said in (("en", en), ("pt", pt)):
        assert _status([*map(filled, argv), "--deals", "2", "--lang", lang]) == 2
        err = capsys.readouterr().err
        assert filled(said) in err, err
        assert len(err.strip().splitlines()) <= 2  # the usage line, then the one refusal


def test_plot_without_matplotlib_is_said_in_the_commands_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # as if not installed
    plot = str(tmp_path / "a.svg")
    assert _status(["compare", "portugal", "french", "--plot", plot, "--lang", "pt"]) == 2
    assert "--plot: os gráficos precisam do matplotlib: pip install" in capsys.readouterr().err
    assert _status(["compare", "portugal", "french", "--plot", plot]) == 2
    assert "--plot: plots need matplotlib: pip install" in capsys.readouterr().err


def test_a_whole_number_within_bounds_is_refused_by_its_bound_or_by_the_range() -> None:
    # `at_least` refuses each bound in its own words; `in_range` says both bounds at once.
    from sueca_rules.cli._common import ArgRefusal, at_least, in_range

    bounded, ranged = at_least(1, most=64), in_range(1, 10_000)
    assert (bounded("64"), ranged("1"), ranged("10000")) == (64, 1, 10_000)
    refusals = []
    for parse, text in ((bounded, "0"), (bounded, "65"), (ranged, "0"), (ranged, "10001")):
        with pytest.raises(ArgRefusal) as refused:
            parse(text)
        refusals.append((refused.value.text("en"), refused.value.text("pt")))
    assert refusals == [
        ("must be at least 1, got 0", "tem de ser pelo menos 1, e é 0"),
        ("must be at most 64, got 65", "tem de ser no máximo 64, e é 65"),
        ("must be from 1 to 10,000, got 0", "tem de ser de 1 a 10 000, e é 0"),
        ("must be from 1 to 10,000, got 10001", "tem de ser de 1 a 10 000, e é 10001"),
    ]
    with pytest.raises(ArgRefusal, match="not a whole number"):
        ranged("1.5")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["help"], "'help' (choose from 'variants', "),
        (["help"], "-- for the help: sueca --help (and sueca COMMAND --help)"),
        (["help", "play"], "-- for its help: sueca play --help"),
        (["ajuda", "--lang", "pt"], "-- para a ajuda: sueca --help (e sueca COMANDO --help)"),
        (["ajuda", "jogar", "--lang", "pt"], "-- para a sua ajuda: sueca play --help"),
        (["jogar"], "-- the command for 'jogar' is 'play'"),
        (["verificar", "casa.yaml", "--lang", "pt"], "-- o comando para 'verificar' é 'validate'"),
        (["simular", "portugal"], "-- the command for 'simular' is 'simulate'"),
        (["tournament", "classificação", "x"], "the command for 'classificação' is 'standings'"),
        (
            ["tournament", "help"],
            "-- for the help: sueca tournament --help (and sueca tournament ACTION --help)",
        ),
    ],
)
def test_help_and_portuguese_words_in_place_of_a_command_are_answered_with_the_command(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A newcomer types `sueca help` (as with git) or, in Portuguese, `sueca jogar`: the refusal
    says how to get the help, or which command the word names."""
    assert _status(argv) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert said in err, err


@pytest.mark.parametrize(
    ("given", "lang"),
    [
        ("PT", "pt"),
        ("pt-PT", "pt"),
        ("pt_BR", "pt"),
        ("português", "pt"),
        ("Portuguese", "pt"),
        ("EN", "en"),
        ("en-GB", "en"),
        ("english", "en"),
        ("inglês", "en"),
    ],
)
def test_lang_takes_a_language_as_people_write_it(
    given: str, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """`--lang PT`, `--lang pt-PT` (as a locale or a browser writes it) or `--lang português`:
    the language it names, for what the command says and for its refusals alike."""
    assert _status(["variants", "--lang", given]) == 0
    out = capsys.readouterr().out
    assert ("para a direita" in out) == (lang == "pt")
    assert _status(["variants", f"--lang={given}", "--jsn"]) == 2
    err = capsys.readouterr().err
    assert ("querias dizer --json?" in err) == (lang == "pt"), err


def test_lang_still_refuses_a_language_it_does_not_speak(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert _status(["variants", "--lang", "es"]) == 2
    assert "invalid choice: 'es' (choose from 'en', 'pt')" in capsys.readouterr().err
