"""``sueca new``: a starter house-rules file with every field, commented out, that validates as
its base and, uncommented, is its base again."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given
from hypothesis import strategies as st

from sueca_rules import builtin_ids, load_variant, parse_variant
from sueca_rules._schema import SCHEMA_FILENAME, schema_text
from sueca_rules.cli import main
from sueca_rules.cli._cmd_new import starter_text

from .strategies import BIDI

_FIELD = re.compile(r"^# ( *)(\w+):")


def uncommented(text: str) -> str:
    """``text`` with every commented-out field line (and section line) made live."""
    return "\n".join(line[2:] if _FIELD.match(line) else line for line in text.splitlines())


def paths(data: dict[str, Any], prefix: str = "") -> set[str]:
    """Every dotted field path of a variant dumped as data."""
    found = {prefix + key for key in data}
    for key, value in data.items():
        found |= paths(value, f"{prefix}{key}.") if isinstance(value, dict) else set()
    return found


def field_paths(text: str) -> list[str]:
    """The dotted path of every field line, live or commented out."""
    found: list[str] = []
    stack: list[str] = []
    for line in text.splitlines():
        m = _FIELD.match(line) or re.match(r"^()(\w+):", line)
        if not m:
            continue
        depth = len(m.group(1)) // 2
        stack = [*stack[:depth], m.group(2)]
        found.append(".".join(stack))
    return found


@pytest.mark.parametrize("base", builtin_ids())
def test_every_field_with_the_bases_value(base: str) -> None:
    text = starter_text("Ours", base, SCHEMA_FILENAME)
    assert text.startswith(f"# yaml-language-server: $schema={SCHEMA_FILENAME}\n")
    data = yaml.safe_load(text)
    assert data == {"name": "Ours", "extends": base}  # everything else is commented out
    variant = load_variant(base)
    fields = paths(variant.model_dump(mode="json"))
    assert fields <= set(field_paths(text))
    # Uncommented, the file says every rule of its base, with its base's values.
    live = yaml.safe_load(uncommented(text))
    live.pop("extends")
    full = variant.model_dump(mode="json")
    full.update(name="Ours", description="")
    full.pop("extends", None)
    assert live == full


def test_the_choices_come_from_the_schema() -> None:
    text = starter_text("Ours", "portugal", SCHEMA_FILENAME)
    assert "Values: anticlockwise | clockwise." in " ".join(text.replace("#", "").split())
    assert "random | 0 | 1 | 2 | 3" in text
    assert "dealer_last | dealer_first | dealer_choice" in " ".join(text.split())
    assert "tiers: [{min_points: 61, games: 1}, {min_points: 91, games: 2}]" in text
    assert max(len(line) for line in text.splitlines()) <= 100


def test_new_writes_the_file_and_the_schema_and_says_what_next(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    house = tmp_path / "our_cafe.yaml"
    assert main(["new", str(house), "--extends", "portugal-table"]) == 0
    out = capsys.readouterr().out
    assert f"Wrote {house}: the rules of portugal-table" in out
    assert f"sueca validate {house}" in out
    assert f"sueca play {house}" in out
    assert yaml.safe_load(house.read_text(encoding="utf-8")) == {
        "name": "Our Cafe",
        "extends": "portugal-table",
    }
    assert (tmp_path / SCHEMA_FILENAME).read_text(encoding="utf-8") == schema_text()
    assert main(["validate", str(house)]) == 0
    assert load_variant(house).revoke.mode == "claimable"
    capsys.readouterr()
    # A schema already there is left as it is.
    (tmp_path / SCHEMA_FILENAME).write_text("{}", encoding="utf-8")
    other = tmp_path / "other.yaml"
    assert main(["new", str(other), "--name", "Tasca do Zé"]) == 0
    assert "schema" not in capsys.readouterr().out.split("\n", 1)[1].split("Next")[0]
    assert (tmp_path / SCHEMA_FILENAME).read_text(encoding="utf-8") == "{}"
    assert "name: Tasca do Zé" in other.read_text(encoding="utf-8")


def test_new_never_replaces_a_file_without_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    house = tmp_path / "house.yaml"
    house.write_text("mine\n", encoding="utf-8")
    assert main(["new", str(house)]) == 2
    assert "exists: add --force to replace it" in capsys.readouterr().err
    assert house.read_text(encoding="utf-8") == "mine\n"
    assert main(["new", str(house), "--force"]) == 0
    assert "extends: portugal" in house.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["x.txt"], "name it FILE.yaml"),
        (["x.yaml", "--extends", "narnia"], "not a built-in variant"),
        (["no/such/folder/x.yaml"], "cannot write there"),
        (["x.yaml", "--name", "Tasca\nDo Zé"], "the name must be on one line"),
        (["x.yaml", "--name", "x" * 201], "is too long (at most 200 characters)"),
        (["x.yaml", "--name", "  "], "the name must not be blank"),
        (["x.yaml", "--name", "Bell\x07"], "control characters"),
        (["y" * 220 + ".yaml"], "the name made from the file name will not do"),
    ],
)
def test_new_refuses_bad_arguments(
    args: list[str],
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["new", *args]) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err
    assert not list(tmp_path.iterdir())


def test_a_name_at_the_limit_is_written_and_validates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    house = tmp_path / "house.yaml"
    assert main(["new", str(house), "--name", "x" * 200]) == 0
    capsys.readouterr()
    assert main(["validate", str(house)]) == 0


YAML12_LOOKALIKES = ["0E0", "1e3", "0o17", "-.5", "+1", "0x1F", ".inf", "-.Inf", ".NaN", "~"]
"""Names that YAML 1.2 (the package's reader) reads as a number or null when written plain."""


@pytest.mark.parametrize("name", [*YAML12_LOOKALIKES, "true", "null", "no", "Tasca: do Zé"])
def test_a_name_that_looks_like_a_number_is_quoted_and_validates(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    """`sueca new --name 0E0` writes a file its own `validate` accepts, with that very name."""
    house = tmp_path / "house.yaml"
    assert main(["new", str(house), f"--name={name}"]) == 0
    capsys.readouterr()
    assert main(["validate", str(house)]) == 0
    assert load_variant(house).name == name


@given(
    st.text(st.characters(codec="utf-8", exclude_categories=["Cs", "Cc"]), min_size=1, max_size=30)
    .filter(str.strip)
    .filter(lambda t: not any(ch in t for ch in "\x85\u2028\u2029" + BIDI))
)
def test_any_valid_name_reads_back_from_the_starter_file(name: str) -> None:
    text = starter_text(name, "portugal", SCHEMA_FILENAME)
    assert parse_variant(text).name == name


@pytest.mark.parametrize("base", builtin_ids())
def test_the_starter_file_in_portuguese_is_the_same_file(base: str) -> None:
    """`--lang pt`: the same fields and values, with every comment in Portuguese."""
    from sueca_rules._lang._catalogue import load_field_help

    english = starter_text("Ours", base, SCHEMA_FILENAME)
    text = starter_text("Ours", base, SCHEMA_FILENAME, "pt")
    assert yaml.safe_load(uncommented(text)) == yaml.safe_load(uncommented(english))
    assert field_paths(text) == field_paths(english)
    flat = " ".join(text.replace("#", "").split())
    assert f"Regras da casa: {base} com as mudanças abaixo." in flat
    assert "Valores: anticlockwise | clockwise." in flat
    assert "um número inteiro de 1 a 30 | null" in flat
    for path, words in load_field_help("pt").items():
        if path == "name":  # written live, without a comment, in every language
            continue
        assert " ".join(words.replace("`", "").split()) in flat
    for english_words in ("Values:", " a whole number", " a list", "House rules"):
        assert english_words not in flat
    assert max(len(line) for line in text.splitlines()) <= 100


def test_new_speaks_portuguese(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "casa.yaml"
    assert main(["new", str(path), "--lang", "pt"]) == 0
    out = capsys.readouterr().out
    # Said as a Portuguese player says it, not "Escrito casa.yaml:" (the English "Wrote").
    assert out.startswith(f"Ficheiro {path} criado: as regras de portugal, todas comentadas.")
    assert "Ficheiro " + str(tmp_path / "sueca-variant.v1.json") + " criado: o esquema" in out
    assert "Escrito" not in out
    assert "sueca validate" in out
    assert main(["new", str(path), "--lang", "pt"]) == 2
    assert f"{path} já existe: junta --force para o substituir" in capsys.readouterr().err
    assert main(["new", str(tmp_path / "casa.txt"), "--lang", "pt"]) == 2
    assert "um ficheiro de regras da casa é YAML" in capsys.readouterr().err
    assert main(["validate", str(path)]) == 0


def test_a_folder_that_is_not_there_is_said_with_the_placeholder_of_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """In Portuguese the usage line says FICHEIRO, and the refusal said 'FILE ...'."""
    target = tmp_path / "no" / "x.yaml"
    assert main(["new", str(target), "--lang", "pt"]) == 2
    err = capsys.readouterr().err
    assert f"FICHEIRO {target}: não dá para escrever aí" in err
    assert main(["new", str(target)]) == 2
    assert f"FILE {target}: cannot write there" in capsys.readouterr().err


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_every_section_of_the_starter_file_says_what_it_is_in_every_language(lang: str) -> None:
    """Each section line (`# table:`) comes after a comment that says what the section holds:
    the Portuguese file had none."""
    lines = starter_text("Ours", "portugal", SCHEMA_FILENAME, lang).splitlines()
    said = {
        line.removeprefix("# ").removesuffix(":"): lines[k - 1]
        for k, line in enumerate(lines)
        if line in ("# table:", "# deal:", "# revoke:", "# scoring:", "# match:")
    }
    assert sorted(said) == ["deal", "match", "revoke", "scoring", "table"]
    assert all(before.startswith("# # ") for before in said.values()), said
    said = {section: before.removeprefix("# # ") for section, before in said.items()}
    if lang == "pt":
        assert said["revoke"] == "Renúncia: não assistir quando se podia."
        assert said["match"].startswith("Quantos jogos ganham uma partida")
    else:
        assert said["revoke"] == "Renúncia: failing to follow suit when you could."
