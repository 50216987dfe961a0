"""Issue 16, item 3: a shared file cannot make the tool read the reader's machine.

A variant's ``extends:`` (and a record's ``variant:``) may name only built-ins or variant files
(``.yaml``, ``.yml``, ``.json``) inside the naming file's own folder tree: no absolute path, no
``..`` above the folder, no symlink leading out. Nothing else is opened, and a file that is not
a variant is never echoed in an error.
"""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sueca_rules import VariantError, load_variant, parse_variant
from sueca_rules._registry import load_named_variant, safe_variant_path
from sueca_rules.cli import main

POSIX = sys.platform != "win32"
needs_symlinks = pytest.mark.skipif(not POSIX, reason="symlinks need privileges on Windows")
SECRET = "hunter2-secret"


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every path the library opens (through os.open, which its file reading uses)."""
    seen: list[str] = []
    real_open = os.open

    def spy(path: str | os.PathLike[str], flags: int, *args: int, **kw: int) -> int:
        seen.append(os.fspath(path))
        return real_open(path, flags, *args, **kw)

    monkeypatch.setattr(os, "open", spy)  # the module sueca_rules._files reads with
    return seen


def validate(path: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(["validate", str(path)])
    out = capsys.readouterr()
    return status, out.out + out.err


def extends_issue(text: str, folder: Path) -> str:
    with pytest.raises(VariantError) as info:
        parse_variant(text, file="house.yaml", base_dir=folder)
    (issue,) = info.value.issues
    assert (issue.path, issue.line) == ("extends", 2)
    return issue.message


@pytest.mark.parametrize("target", ["/etc/passwd", "/proc/self/environ"])
def test_extends_an_absolute_path_is_refused_unread(
    target: str, tmp_path: Path, opened: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    house = tmp_path / "house.yaml"
    house.write_text(f"name: House\nextends: {target}\n")
    status, out = validate(house, capsys)
    assert status == 1
    assert f"cannot extend '{target}': it is an absolute path" in out
    assert "root:" not in out
    assert "Traceback" not in out
    assert str(house) in opened  # the spy sees what is read...
    assert target not in opened  # ...and the named file is never opened, not even to look


@pytest.mark.parametrize(
    "spec", ["../../../../etc/passwd", "../house.yaml", "sub/../../x.yaml", "..\\..\\x.yaml"]
)
def test_extends_above_the_folder_is_refused(spec: str, tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    message = extends_issue(f"name: x\nextends: '{spec}'\n", tmp_path / "sub")
    assert "climbs out of the folder (..)" in message
    assert "may name only variant files in its own folder or below it" in message


@pytest.mark.parametrize("spec", ["C:\\\\Windows\\\\x.yaml", "\\\\\\\\server\\\\share\\\\x.yaml"])
def test_windows_absolute_paths_are_refused_everywhere(spec: str, tmp_path: Path) -> None:
    assert "is an absolute path" in extends_issue(f'name: x\nextends: "{spec}"\n', tmp_path)


@needs_symlinks
def test_a_symlink_out_of_the_folder_is_refused_unread(tmp_path: Path, opened: list[str]) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    secret = outside / "secret.yaml"
    secret.write_text(f"name: {SECRET}\n")
    tree = tmp_path / "tree"
    (tree / "sub").mkdir(parents=True)
    (tree / "link.yaml").symlink_to(secret)
    (tree / "sub" / "up").symlink_to(outside, target_is_directory=True)
    for spec in ("link.yaml", "sub/up/secret.yaml"):
        message = extends_issue(f"name: x\nextends: {spec}\n", tree)
        assert "a symlink that leads out of the folder" in message
        assert SECRET not in message
    assert str(secret) not in opened


@needs_symlinks
def test_a_symlink_inside_the_folder_is_followed(tmp_path: Path) -> None:
    (tmp_path / "rules").mkdir()
    (tmp_path / "rules" / "base.yaml").write_text("name: Base\ntable: {direction: clockwise}\n")
    (tmp_path / "base.yaml").symlink_to(tmp_path / "rules" / "base.yaml")
    variant = parse_variant("name: x\nextends: base.yaml\n", base_dir=tmp_path)
    assert variant.table.direction == "clockwise"


@needs_symlinks
def test_a_symlink_loop_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("loop.yaml").symlink_to("loop.yaml")
    status, out = validate(Path("./loop.yaml"), capsys)
    assert status != 0
    assert "Traceback" not in out
    assert "loop.yaml: cannot read the file: it is a symlink that leads round in a loop" in out
    with pytest.raises(VariantError, match="symlink that leads round in a loop"):
        load_variant("loop.yaml")
    message = extends_issue("name: x\nextends: loop.yaml\n", tmp_path)
    assert "is a symlink that leads round in a loop" in message


@pytest.mark.parametrize(
    "content",
    [
        f"password: {SECRET}\n",  # YAML, but not a variant's fields
        f"- {SECRET}\n",  # a list
        f"{SECRET} and more words\n",  # a single value
        f"name: [{SECRET}\n",  # broken YAML
        f"name: !!python/object {SECRET}\n",  # a tag
        f"name: x\nname: {SECRET}\n{SECRET}: 1\n",  # duplicate and unknown keys
    ],
)
def test_a_file_that_is_not_a_variant_is_never_echoed(content: str, tmp_path: Path) -> None:
    (tmp_path / "ci.yml").write_text(content)
    message = extends_issue("name: x\nextends: ci.yml\n", tmp_path)
    assert SECRET not in message
    assert "ci.yml" in message
    assert "not a variant file" in message or "cannot be read as a variant file" in message


def test_a_file_that_is_not_named_as_a_variant_is_not_opened(
    tmp_path: Path, opened: list[str]
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("name: x\n")
    message = extends_issue("name: x\nextends: ./notes.txt\n", tmp_path)
    assert "not a variant file (its name must end in .yaml, .yml or .json)" in message
    assert not [p for p in opened if p.endswith("notes.txt")]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_in_the_folder_is_refused_without_hanging(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "base.yaml")
    message = extends_issue("name: x\nextends: base.yaml\n", tmp_path)
    assert "is not a regular file (a pipe or a device?)" in message


def test_variant_files_inside_the_folder_tree_are_followed(tmp_path: Path) -> None:
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / "base.json").write_text('{"name": "Base", "match": {"target_games": 6}}')
    (tmp_path / "lib" / "mid.YAML").write_text("name: Mid\nextends: base.json\n")
    for spec in ("lib/mid.YAML", "./lib/../lib/mid.YAML"):
        variant = parse_variant(f"name: x\nextends: '{spec}'\n", base_dir=tmp_path)
        assert variant.match.target_games == 6


def test_safe_variant_path(tmp_path: Path) -> None:
    (tmp_path / "a.yaml").write_text("name: A\n")
    assert safe_variant_path(tmp_path, "a.yaml") == (tmp_path / "a.yaml").resolve()
    assert safe_variant_path(str(tmp_path), "./a.yaml") == (tmp_path / "a.yaml").resolve()
    for spec, words in [
        ("/etc/passwd", "is an absolute path"),
        ("../a.yaml", "climbs out of the folder"),
        ("b.yaml", "the file b.yaml does not exist"),
        (".", "the file . is a folder, not a file"),
        ("nul\0.yaml", "cannot be read"),
    ]:
        with pytest.raises(VariantError, match=words) as info:
            safe_variant_path(tmp_path, spec)
        (issue,) = info.value.issues
        assert issue.line is None


def test_extends_does_not_inherit_the_description(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_text("name: Base\ndescription: Our club's rules.\n")
    bare = parse_variant("name: House\nextends: base.yaml\n", base_dir=tmp_path)
    assert bare.description == ""
    assert parse_variant("name: House\nextends: french\n").description == ""
    own = parse_variant("name: H\nextends: base.yaml\ndescription: Mine.\n", base_dir=tmp_path)
    assert own.description == "Mine."
    assert load_variant("french").description  # a built-in says where its rules come from


def test_a_variant_named_by_a_record_follows_the_same_rules(tmp_path: Path) -> None:
    (tmp_path / "house.yaml").write_text("name: House\nextends: portugal\n")
    assert load_named_variant("house.yaml", tmp_path).name == "House"
    assert load_named_variant("french", tmp_path) == load_variant("french")
    for spec, words in [
        ("../../../../etc/passwd", "it is a path that climbs out of the folder"),
        ("/etc/passwd", "it is an absolute path"),
        ("portugall", "it is not a built-in variant (portugal, "),
    ]:
        with pytest.raises(VariantError, match=re.escape(words)) as info:
            load_named_variant(spec, tmp_path)
        assert "root:" not in str(info.value)
    (tmp_path / "bad.yaml").write_text("name: Bad\nmatch: {best_of: 2}\n")
    with pytest.raises(VariantError) as info:
        load_named_variant("bad.yaml", tmp_path, display="games/bad.yaml")
    (issue,) = info.value.issues
    assert (issue.file, issue.line, issue.path) == ("games/bad.yaml", 2, "match.best_of")


@given(st.text(max_size=40) | st.sampled_from(["..", "/", "\\", "./", "a/../..", "~/x.yaml"]))
def test_any_name_gives_a_variant_or_a_variant_error(spec: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        (Path(folder) / "base.yaml").write_text("name: Base\n")
        calls: list[Callable[[], object]] = [
            lambda: parse_variant(f"name: x\nextends: {json.dumps(spec)}\n", base_dir=folder),
            lambda: load_named_variant(spec, folder),
        ]
        for call in calls:
            issues: tuple[object, ...] = ("followed",)
            try:
                call()
            except VariantError as exc:  # the only error: never a traceback
                issues = exc.issues
            assert issues


def test_a_text_file_that_is_not_a_variant_is_never_shown(tmp_path: Path) -> None:
    secret = tmp_path / "notes.yaml"
    secret.write_text("root:x:0:0:the secret words\n", encoding="utf-8")
    with pytest.raises(VariantError) as info:
        load_variant(secret)
    assert "secret" not in str(info.value)
    assert "not a single value" in str(info.value)
