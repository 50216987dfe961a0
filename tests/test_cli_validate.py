"""``sueca validate`` of several files: the summary line counts in words, with plurals chosen by
the count; and no text of the command line hedges a plural ("file(s)")."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

from sueca_rules.cli import main

CLI = Path(__file__).resolve().parents[1] / "sueca_rules" / "cli"


def _validate(capsys: pytest.CaptureFixture[str], *paths: Path) -> tuple[int, str]:
    status = main(["validate", *map(str, paths)])
    return status, capsys.readouterr().err.strip()


def test_the_summary_of_valid_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    files = [tmp_path / f"house-{n}.yaml" for n in range(2)]
    for path in files:
        path.write_text("name: House\nextends: portugal\n", encoding="utf-8")
    assert _validate(capsys, *files) == (0, "2 files checked: 2 valid")


@pytest.mark.parametrize(
    ("bad_files", "summary"),
    [
        (["name: Bad\nmatch:\n  target_games: 0\n"], "2 files checked: 1 valid, 1 with 1 problem"),
        (
            ["name: Bad\nmatch:\n  target_games: 0\n", "name: Worse\nmatch: {best_of: 0}\nx: 1\n"],
            "3 files checked: 1 valid, 2 with 3 problems",
        ),
    ],
)
def test_the_summary_with_problems(
    bad_files: list[str], summary: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = tmp_path / "good.yaml"
    good.write_text("name: House\n", encoding="utf-8")
    paths = [good]
    for n, text in enumerate(bad_files):
        paths.append(tmp_path / f"bad-{n}.yaml")
        paths[-1].write_text(text, encoding="utf-8")
    status, err = _validate(capsys, *paths)
    assert status == 1
    assert err == summary


def test_no_text_of_the_library_or_its_command_hedges_a_plural() -> None:
    """ "1 item", "10 items": never "item(s)" (the problems of a file said "needs at least 10
    item(s)")."""
    for path in sorted(CLI.parent.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.STRING:
                text = token.string
                while re.search(r"\{[^{}]*\}", text):  # an f-string's expressions are code
                    text = re.sub(r"\{[^{}]*\}", "", text)
                assert not re.search(r"\w\((s|es)\)", text), (path.name, token.string)


def test_validate_in_portuguese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--lang pt`: every problem in Portuguese, at the same place; the summary too; `--json` the
    same in every language."""
    good = tmp_path / "casa.yaml"
    good.write_text("name: Casa\nextends: portugal\n", encoding="utf-8")
    bad = tmp_path / "mal.yaml"
    bad.write_text("name: Mal\nmatch: {target_games: 0}\nmatch: 1\n", encoding="utf-8")
    tab = tmp_path / "tab.yaml"
    tab.write_text("name: Tab\n\tfoo: 1\n", encoding="utf-8")
    paths = [str(p) for p in (good, bad, tab, tmp_path / "nada.yaml", tmp_path)]
    assert main(["validate", "--lang", "pt", *paths]) == 1
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert lines == [
        f"{good}: regras válidas (Casa)",
        f"{bad}:2:9: match.target_games: tem de ser pelo menos 1 (está 0)",
        f"{bad}:3:1: match: a chave 'match' aparece duas vezes (a primeira na linha 2)",
        f"{tab}:2:1: erro de sintaxe YAML: uma tabulação; no YAML as margens fazem-se com "
        "espaços, nunca com tabulações (troca-a por espaços)",
        f"{tmp_path / 'nada.yaml'}: esse ficheiro não existe",
        f"{tmp_path}: isto é uma pasta, não um ficheiro",
    ]
    assert captured.err.strip() == "5 ficheiros verificados: 1 válido, 4 com 5 problemas"
    assert main(["validate", "--json", *paths]) == 1
    english = capsys.readouterr().out
    assert main(["validate", "--json", "--lang", "pt", *paths]) == 1
    assert capsys.readouterr().out == english


def test_a_variant_argument_refused_in_portuguese(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["describe", "portgal", "--lang", "pt"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("sueca describe: erro: regras desconhecidas 'portgal': ")
    assert "(querias dizer as regras de base 'portugal'?)" in err
    assert main(["describe", "portgal", "--lang", "en"]) == 2
    assert capsys.readouterr().err.startswith("sueca describe: error: unknown variant 'portgal'")


def test_validate_names_the_file_meant_by_a_name_that_is_not_there(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`sueca validate house.yml` beside house.yaml: the file meant is named, as `describe`
    names it; `--json` keeps the issue's message as it is, for programs."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "house.yaml").write_text("name: Casa\n", encoding="utf-8")
    assert main(["validate", "house.yml", "portugal.yaml", "--lang", "pt"]) == 1
    out = capsys.readouterr().out
    assert "house.yml: esse ficheiro não existe (querias dizer 'house.yaml'?)" in out
    said = "portugal.yaml: esse ficheiro não existe (querias dizer as regras de base 'portugal'?)"
    assert said in out
    assert main(["validate", "nada.yaml"]) == 1  # only its suffix is like house.yaml's
    assert capsys.readouterr().out == "nada.yaml: no such file\n"
    assert main(["validate", "house.yml", "--json"]) == 1
    (issue,) = json.loads(capsys.readouterr().out)["files"][0]["issues"]
    assert issue["message"] == "no such file"


def test_variants_in_portuguese(capsys: pytest.CaptureFixture[str]) -> None:
    from sueca_rules import load_variant
    from sueca_rules._describe import summary
    from sueca_rules._registry import builtin_ids

    assert main(["variants", "--lang", "pt"]) == 0
    lines = capsys.readouterr().out.splitlines()
    for vid, line in zip(builtin_ids(), lines, strict=True):
        assert line.startswith(vid)
        assert line.endswith(summary(load_variant(vid), "pt"))
    assert "para a direita · trunfo: última carta" in lines[0]


def test_an_unknown_variant_is_said_in_the_chosen_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`sueca validate portgual --lang pt` said its one problem in English."""
    assert main(["validate", "portgual", "--lang", "pt"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("portgual: regras desconhecidas 'portgual': ")
    assert "(querias dizer as regras de base 'portugal'?)" in out
    assert "unknown" not in out
    assert main(["validate", "nothing-like-it", "--lang", "pt"]) == 1
    out = capsys.readouterr().out
    assert out.startswith("nothing-like-it: regras desconhecidas 'nothing-like-it': ")
    assert "querias" not in out
    # English is the library's own message, as before
    assert main(["validate", "portgual", "--lang", "en"]) == 1
    assert capsys.readouterr().out == (
        "portgual: unknown variant 'portgual': not a built-in id (portugal, brasil, french, "
        "portugal-best-of-3, portugal-table, sueca-online, sueca-play) and no such file "
        "(did you mean the built-in 'portugal'?)\n"
    )


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_a_narrow_terminal_gets_whole_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    # At 40 columns the terminal cut the problems and the variants' summaries anywhere
    # ("trum" / "p: last card"); on a terminal they now break between words.
    monkeypatch.chdir(tmp_path)
    Path("bad.yaml").write_text("name: Bad\nmatch: {target_games: 0, bestof: 3}\n", "utf-8")
    runs = []
    for tty in (False, True):
        if tty:
            monkeypatch.setattr("sys.stdout.isatty", lambda: True)
            monkeypatch.setenv("COLUMNS", "40")
        assert main(["validate", "bad.yaml", "--lang", lang]) == 1
        assert main(["variants", "--lang", lang]) == 0
        runs.append(capsys.readouterr().out)
    piped, narrow = runs
    assert max(map(len, narrow.splitlines())) <= 40 < max(map(len, piped.splitlines()))
    assert narrow.split() == piped.split()
    summaries = narrow.split("portugal ", 1)[1].splitlines()
    assert summaries[1].startswith(" " * 20)  # under the summary, not under the variant's id
    assert not any(line.lstrip().startswith("·") for line in narrow.splitlines())


@pytest.mark.skipif(sys.platform == "win32", reason="file names of bytes (POSIX)")
def test_validate_json_names_a_file_that_is_not_utf8_in_valid_utf8(tmp_path: Path) -> None:
    # A file name of bytes that are not UTF-8 came out of `--json` as a lone surrogate
    # (`"caf\udce9.yaml"`): a strict reader refuses it and no UTF-8 text can hold it. The name
    # is now written with its bytes escaped as text, `caf\xe9.yaml`, in the file and the issues.
    folder = os.fsencode(tmp_path)
    (Path(os.fsdecode(folder + b"/caf\xe9.yaml"))).write_bytes(b"name: x\nrevoke: {mod: 1}\n")
    Path(os.fsdecode(folder + b"/ok\xff.yaml")).write_bytes(b"name: Ok\n")
    argv = [b"caf\xe9.yaml", b"ok\xff.yaml", b"none\xfe.yaml"]
    result = subprocess.run(
        [sys.executable, "-m", "sueca_rules", "validate", "--json", *argv],
        cwd=tmp_path,
        capture_output=True,
        check=False,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])},
    )
    assert result.returncode == 1, result.stderr
    data = json.loads(result.stdout.decode("utf-8"))  # strict: valid UTF-8
    files = data["files"]
    assert [f["file"] for f in files] == ["caf\\xe9.yaml", "ok\\xff.yaml", "none\\xfe.yaml"]
    assert [f["valid"] for f in files] == [False, True, False]
    assert files[0]["issues"][0]["file"] == "caf\\xe9.yaml"
    assert files[2]["issues"][0]["file"] == "none\\xfe.yaml"
    json.dumps(data, ensure_ascii=False).encode("utf-8")  # no lone surrogate anywhere


def test_unicode_json_writes_lone_surrogates_as_text() -> None:
    from sueca_rules._text import unicode_json

    text = json.dumps({"caf\udce9": ["\ud800", "é ok"]}, ensure_ascii=False)
    assert json.loads(unicode_json(text)) == {"caf\\xe9": ["\\ud800", "é ok"]}
