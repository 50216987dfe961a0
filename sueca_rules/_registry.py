"""Built-in variants, loading variant files, and `extends:`.

A variant is named either by a built-in id (the stem of a file in `variants/`: `portugal`, `french`,
...) or by a path to a YAML file. `extends:` takes the same two forms, a path being relative to the
file that says it and inside its folder tree (`safe_variant_path()`: a shared file cannot make the
library read anything else); the file's own fields are merged over its base field by field (mappings
merge recursively, lists and values replace), except `description`, which belongs to the file that
wrote it.
"""

from __future__ import annotations

import errno
import functools
import importlib.resources
import os
import re
import stat
from dataclasses import replace
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ._errors import ConfigError, Issue, VariantError, check_file_name, check_path
from ._issues import closest, combine_issues, validated, validation_issues
from ._text import cut
from ._variant import Variant
from ._yaml import (
    FlowDict,
    Limits,
    Located,
    PathKey,
    cap_issues,
    dump_yaml,
    parse_yaml,
    read_yaml_file,
    said,
)

__all__ = [
    "DEFAULT_VARIANT",
    "builtin_hint",
    "builtin_ids",
    "builtin_meant",
    "dump_variant",
    "inline_variant",
    "load_named_variant",
    "load_variant",
    "parse_variant",
    "resolve_variant",
    "safe_variant_path",
    "variant_of",
    "variants_dir",
]

DEFAULT_VARIANT = "portugal"
"""The id of the default variant: the standard Portuguese rules."""

MAX_VARIANT_BYTES = 256 * 1024
VARIANT_LIMITS = Limits(
    max_bytes=MAX_VARIANT_BYTES,
    max_nodes=5_000,
    max_items=200,
    # min_points rise strictly from above 60 to at most 120: no more than 60 tiers make sense
    items={"scoring.tiers": 60},
    max_text=20_000,  # a description holds up to 10,000 characters; longer is said by its field
)
"""What one variant file may hold (see `Limits`): a whole variant is some 40 values."""
_MAX_CHAIN = 16
_SUFFIXES = (".yaml", ".yml", ".json")


@functools.cache
def variants_dir() -> Path:
    """The folder that holds the built-in variant files."""
    packaged = importlib.resources.files("sueca_rules") / "variants"
    if packaged.is_dir():
        return Path(str(packaged))
    # A source checkout or an editable install: the top-level `variants/` folder.
    return Path(__file__).resolve().parent.parent / "variants"


@functools.cache
def builtin_ids() -> tuple[str, ...]:
    """The ids of the built-in variants, `portugal` first, then alphabetically."""
    ids = sorted(p.stem for p in variants_dir().glob("*.yaml"))
    if DEFAULT_VARIANT in ids:
        ids.remove(DEFAULT_VARIANT)
        ids.insert(0, DEFAULT_VARIANT)
    return tuple(ids)


def _looks_like_path(spec: str) -> bool:
    return "/" in spec or "\\" in spec or spec.lower().endswith(_SUFFIXES) or spec.startswith(".")


def _unknown(spec: str) -> Issue:
    """The issue of a VARIANT that is neither a built-in id nor a file (`unknown_variant`, with the
    ids and the built-in it mistypes, so that it is said in every language)."""
    ids = ", ".join(builtin_ids())
    message = f"unknown variant {spec!r}: not a built-in id ({ids}) and no such file"
    params = (("given", spec), ("ids", ids), ("meant", builtin_meant(spec) or ""))
    return Issue(message + builtin_hint(spec), file=spec, kind="unknown_variant", params=params)


def builtin_meant(spec: str) -> str | None:
    """The built-in id that `spec` mistypes (`portugal` for `Portugal`, `portugal.yaml` or
    `portgal`), else `None`."""
    meant = closest(Path(spec).stem if spec.endswith(_SUFFIXES) else spec, builtin_ids())
    return meant if meant != spec else None


def builtin_hint(spec: str) -> str:
    """` (did you mean the built-in 'portugal'?)` when `spec` is a built-in id mistyped
    (`builtin_meant()`), else an empty string."""
    meant = builtin_meant(spec)
    return f" (did you mean the built-in {meant!r}?)" if meant is not None else ""


def _merge(base: Located, over: Located) -> Located:
    """`over`'s data merged over `base`'s, keeping where each value was written. The base's
    `description` is not inherited: a description belongs to the file that wrote it (a house file
    that says none describes only what it changes)."""
    replaced: set[PathKey] = {("description",)}

    def merge(a: dict[str, Any], b: dict[str, Any], path: PathKey) -> dict[str, Any]:
        out = dict(a)
        for k, v in b.items():
            child = (*path, k)
            if isinstance(v, dict) and isinstance(out.get(k), dict):
                out[k] = merge(out[k], v, child)
            else:
                replaced.add(child)
                out[k] = v
        return out

    own = {k: v for k, v in base.data.items() if k != "description"}
    data = merge(own, over.data, ())

    def kept(p: PathKey) -> bool:  # not inside a value that `over` replaced
        return not any(p[:n] in replaced for n in range(1, len(p) + 1))

    over_file = over.file or ""
    positions = {p: v for p, v in base.positions.items() if kept(p)}
    origins = {p: base.file_of(p) or "" for p in positions}
    keys = {p: v for p, v in base.key_positions.items() if kept(p)}
    positions.update(over.positions)
    keys.update(over.key_positions)
    origins.update(dict.fromkeys(over.positions, over_file))
    return Located(data, over.file, positions, keys, origins, (*base.issues, *over.issues))


class _BaseError(VariantError):
    """`extends:` could not be followed (no such base, a cycle, a chain too long)."""


def _read(path: Path, display: str) -> Located:
    located = read_yaml_file(path, display=display, limits=VARIANT_LIMITS, error=VariantError)
    return _check_top(located)


def _check_top(located: Located) -> Located:
    """The file's data must be a mapping holding `name`. A missing name is reported with the file's
    other problems (each file of an `extends:` chain needs its own name)."""
    data = located.data
    if data is None:
        raise VariantError(
            [
                located.issue(
                    "the file is empty: a variant needs at least `name: ...`", (), "empty_file"
                )
            ]
        )
    if not isinstance(data, dict):
        # What the file holds is not shown: it may be a file that is not a variant at all.
        kind = "a list" if isinstance(data, list) else "a single value"
        raise VariantError(
            [
                located.issue(
                    f"a variant file must be a mapping of fields (name: ..., table: ...), "
                    f"not {kind}",
                    (),
                    "not_fields",
                    what="list" if isinstance(data, list) else "value",
                )
            ]
        )
    if "sueca_tournament" in data:
        # A tournament file given where a variant goes: one line that says so.
        message = (
            "this is a tournament file, not a variant file: use it with 'sueca tournament' "
            "(pair, result, standings) or 'sueca serve --tournament'"
        )
        raise VariantError([located.issue(message, (), "a_tournament", instead="variant")])
    if "name" not in data and "deals" in data and set(data) <= {"variant", "first_dealer", "deals"}:
        # A game record given where a variant goes: one line that says so, not one a field.
        message = (
            "this is a game record, not a variant file: replay it with 'sueca replay' "
            "(or on the web app's Replay page)"
        )
        raise VariantError([located.issue(message, (), "a_record", instead="variant")])
    if "name" not in data:
        missing = located.issue(
            "required field is missing: every variant needs `name:`", (), "missing", field="name"
        )
        return replace(located, issues=(*located.issues, missing))
    return located


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except (OSError, ValueError):
        return False


def _is_file(path: Path) -> bool:
    """`path.is_file()`, false for names the system refuses (too long, bad characters)."""
    try:
        return path.is_file()
    except (OSError, ValueError):
        return False


def _refusal(message: str, kind: str, **params: str | int) -> VariantError:
    """The refusal of a file named by another: one issue without a place, of `kind` (each a
    `named_...` kind) naming `params` (see `Issue.kind`; `given` is the name as written)."""
    return VariantError([Issue(message, kind=kind, params=said(kind, params)[1])])


def _outside(spec: str) -> tuple[str, str] | None:
    """Why the relative path `spec` is not inside its folder, read as written (before any symlink):
    absolute, or climbing above the folder with `..`, as the kind of the refusal and its words;
    `None` when inside."""
    if os.path.isabs(spec) or spec.startswith(("/", "\\")) or re.match(r"^[A-Za-z]:", spec):
        return "named_absolute", "an absolute path"
    depth = 0
    for part in re.split(r"[/\\]", spec):
        if part == "..":
            depth -= 1
            if depth < 0:
                return "named_climbs", "a path that climbs out of the folder (..)"
        elif part not in ("", "."):
            depth += 1
    return None


def _kind_of(path: Path) -> tuple[str, str, dict[str, str]] | None:
    """What keeps `path` from being read as a variant file, as the kind of the refusal, its words
    and the values they name (`None`: a regular file)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "named_missing", "does not exist", {}
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "named_loop", "is a symlink that leads round in a loop", {}
        problem = exc.strerror or str(exc)
        return "named_unreadable", f"cannot be read ({problem})", {"problem": problem}
    except ValueError:  # a name the system refuses (a NUL character)
        return "named_bad_name", "cannot be read (not a valid file name)", {}
    if stat.S_ISDIR(mode):
        return "named_folder", "is a folder, not a file", {}
    if not stat.S_ISREG(mode):
        return "named_not_regular", "is not a regular file (a pipe or a device?)", {}
    return None


def safe_variant_path(base_dir: str | Path, spec: str) -> Path:
    """The variant file that a shared file (a variant's `extends:`, a record's `variant:`) names by
    the relative path `spec`; `base_dir` is the folder of the file that names it. The result is the
    real path of a regular file.

    A file may name only variant files (`.yaml`, `.yml`, `.json`) inside its own folder tree: no
    absolute path, no `..` above the folder, no symlink leading out of it. Nothing is read here, and
    nothing that breaks these rules is ever opened. Raises `VariantError` with one issue that says
    why (without file or line: the caller knows where `spec` was written), of a `named_...` kind
    naming `given`, the name as written, and for a file that is not one to read, `file`.
    """

    def refuse(kind: str, why: str) -> VariantError:
        rule = "a file may name only variant files in its own folder or below it"
        return _refusal(f"{spec!r} is {why}: {rule}", kind, given=spec)

    if not spec.strip():  # not the folder itself, which is what it would join to
        raise _refusal(f"{spec!r} is an empty name: it names no file", "named_empty", given=spec)
    outside = _outside(spec)
    if outside is not None:
        raise refuse(*outside)
    folder = os.path.realpath(base_dir)
    try:
        target = os.path.realpath(os.path.join(folder, spec))
    except (OSError, ValueError):
        target = os.path.join(folder, spec)  # a name the system refuses: said below
    if os.path.commonpath([folder, target]) != folder:
        raise refuse("named_symlink_out", "a symlink that leads out of the folder")
    problem = _kind_of(Path(target))
    if problem is not None:
        kind, words, params = problem
        raise _refusal(f"the file {spec} {words}", kind, given=spec, file=spec, **params)
    if not spec.lower().endswith(_SUFFIXES):
        why = "not a variant file (its name must end in .yaml, .yml or .json)"
        raise refuse("named_suffix", why)
    return Path(target)


def _read_named(path: Path, spec: str, display: str) -> Located:
    """The variant file that another file names, read without ever echoing a file that is not a
    variant: one that is not YAML, or not a mapping of variant fields, is refused by position only
    (`sueca validate` on the file itself shows its problems)."""
    try:
        located = read_yaml_file(path, display=display, limits=VARIANT_LIMITS, error=VariantError)
    except VariantError as exc:
        first = exc.issues[0]
        if first.line is None:  # about the file as a whole (too large...): no content in it
            kind, params = _whole_file(first)
            message = f"the file {spec}: {first.message}"
            raise _refusal(message, kind, given=spec, file=spec, **params) from None
        where = f"line {first.line}" + (f", column {first.column}" if first.column else "")
        raise _refusal(
            f"the file {spec} cannot be read as a variant file (a problem at {where})",
            "named_unparsable",
            given=spec,
            file=spec,
            line=first.line,
            column=first.column or "",
        ) from None
    data = located.data
    if not isinstance(data, dict) or not set(data) <= set(Variant.model_fields):
        fields = ", ".join(Variant.model_fields)
        raise _refusal(
            f"the file {spec} is not a variant file (a variant file is a mapping of the "
            f"fields {fields})",
            "named_not_variant",
            given=spec,
            file=spec,
            fields=fields,
        )
    return _check_top(located)


def _whole_file(issue: Issue) -> tuple[str, dict[str, str]]:
    """The `named_...` kind, and its values, of a named file that could not be read as a whole
    (`issue`, the reader's: too large, gone, not a regular file, refused by the system)."""
    if issue.kind in ("too_large_file", "too_large"):
        return "named_too_large", {"limit": dict(issue.params).get("limit", "")}
    if issue.kind == "directory":
        return "named_folder", {}
    if issue.kind == "not_regular":
        return "named_not_regular", {}
    if issue.kind == "no_such_file":
        return "named_missing", {}
    if issue.kind == "symlink_loop":
        return "named_loop", {}
    said = dict(issue.params).get("reason") or issue.message.removeprefix("cannot read the file: ")
    return "named_unreadable", {"problem": said}


def _named(
    spec: str, base_dir: str | Path, display: str, chain: tuple[Path, ...]
) -> tuple[Path, Located]:
    """The variant file that `spec` names from `base_dir` (`safe_variant_path()`), and its data,
    read safely (`_read_named()`). Raises `VariantError` with one issue whose words follow
    `cannot use 'spec':`, of a `named_...` kind (see `safe_variant_path()`; `file`, when named, is
    `display`)."""
    try:
        target = safe_variant_path(base_dir, spec)
        if target in chain:
            names = " → ".join(p.name for p in (*chain, target))
            raise _refusal(
                f"it goes round in a cycle: {names}", "named_cycle", given=spec, names=names
            )
        if len(chain) >= _MAX_CHAIN:
            message = f"it makes a chain of more than {_MAX_CHAIN} files"
            raise _refusal(message, "named_chain", given=spec, limit=_MAX_CHAIN)
        return target, _read_named(target, spec, display)
    except VariantError as exc:
        first = exc.issues[0]
        message = first.message
        message = message.replace(f"the file {spec} ", f"the file {display} ", 1)
        message = message.replace(f"{spec!r} is ", "it is ", 1)  # said once, just before
        kind, params = first.kind, dict(first.params)
        if "file" in params:
            params["file"] = display
        if message.endswith("does not exist"):
            ids = ", ".join(builtin_ids())
            message = f"it is not a built-in variant ({ids}) and {message}"
            message += builtin_hint(spec)
            if kind == "named_missing":  # nor a built-in: said with the ids and the one meant
                kind = "named_unknown"
                params.update(ids=ids, meant=builtin_meant(spec) or "")
        raise VariantError([Issue(message, kind=kind, params=tuple(params.items()))]) from None


def load_named_variant(spec: str, base_dir: str | Path, *, display: str | None = None) -> Variant:
    """The variant that a shared file (a record's `variant:`) names: a built-in id, or a variant
    file inside the folder tree of `base_dir`, the folder of the naming file (see
    `safe_variant_path()`; a file that is not a variant is never echoed). `display` names the file
    in errors (`spec` when not given).

    Raises `VariantError`: for a name that cannot be followed, one issue without a place
    (`"it is an absolute path: ..."`: the caller knows where `spec` was written); for a variant file
    with problems, its located issues.
    """
    if not _looks_like_path(spec) and spec in builtin_ids():
        return _load_builtin(spec)
    target, located = _named(spec, base_dir, display or spec, ())
    return variant_of(located, target.parent, (target,))


def _resolve_base(located: Located, base_dir: Path | None, chain: tuple[Path, ...]) -> Located:
    """Follow `extends:` of `located` (whose file is in `base_dir`) and merge. With no `base_dir`
    (text that was not read from a file) only built-in ids can be extended."""
    spec = located.data.get("extends")
    if spec is None:
        return located

    def fail(message: str, kind: str = "", **params: str) -> _BaseError:
        return _BaseError([located.issue(message, ("extends",), kind, **params)])

    if not isinstance(spec, str) or not spec.strip() or "\n" in spec or len(spec) > 1000:
        raise fail(
            "extends must be a built-in variant id or a file path, on one line", "extends_line"
        )
    if not _looks_like_path(spec) and spec in builtin_ids():
        return _merge(_builtin_located(spec), located)
    ids = ", ".join(builtin_ids())
    if base_dir is None:
        raise fail(
            f"cannot extend {spec!r}{builtin_hint(spec)}: rules written inside other text (a "
            f"record's, a request's or a page's) can extend only a built-in variant ({ids}); write "
            "them in full, or extend one of those (a program reading text may give base_dir, the "
            "folder of the files it may extend)",
            "extends_builtin",
            given=spec,
            ids=ids,
            meant=builtin_meant(spec) or "",
        )
    display = os.path.normpath(Path(located.file).parent / spec) if located.file else spec
    try:
        target, base = _named(spec, base_dir, display, chain)
    except VariantError as exc:
        first = exc.issues[0]  # of a `named_...` kind, said the same way in every language
        message = f"cannot extend {spec!r}: {first.message}"
        raise fail(message, first.kind, **dict(first.params)) from None
    base = _resolve_base(base, target.parent, (*chain, target))
    return _merge(base, located)


def _invalid(issues: list[Issue] | tuple[Issue, ...]) -> VariantError:
    """The error for these problems: the first hundred, then how many more there were."""
    return VariantError(cap_issues(issues))


def variant_of(located: Located, base_dir: Path | None, chain: tuple[Path, ...] = ()) -> Variant:
    """The variant a file's data says: `extends:` followed (paths relative to `base_dir`) and
    merged, then validated. Raises `VariantError` with the problems found (the first hundred, then
    how many more): when the base cannot be followed, the file's own fields are still checked one by
    one (the rules between fields are not, as they may depend on the base)."""
    try:
        merged = _resolve_base(located, base_dir, chain)
    except _BaseError as exc:
        own = {k: v for k, v in located.data.items() if k != "extends"}
        try:
            Variant.model_validate({**own, "name": own.get("name", "?")})
        except ValidationError as invalid:
            fields = validation_issues(invalid, located, rules=False)
            raise _invalid(combine_issues([*located.issues, *exc.issues], fields)) from None
        raise _invalid(combine_issues(located.issues, exc.issues)) from None
    return validated(Variant, merged, VariantError)


def inline_variant(located: Located) -> Variant:
    """A variant written inline in other text (a record's `variant:`, a tournament file's): a
    mapping that needs its own `name:` as a file does (without it, a mapping that only extends
    `portugal` and changes its rules would go by the name "Portugal"), and whose `extends:` may
    name only a built-in."""
    return variant_of(_check_top(located), None)


def _load_path(path: Path, display: str) -> Variant:
    resolved = Path(os.path.realpath(path))  # a symlink loop is said by the reader
    return variant_of(_read(path, display), resolved.parent, (resolved,))


@functools.cache
def _builtin_located(spec: str) -> Located:
    """A built-in variant file read and merged over its own base (read once; never mutated:
    merging copies what it changes)."""
    path = variants_dir() / f"{spec}.yaml"
    return _resolve_base(_read(path, f"<built-in {spec}>"), path.parent, (path.resolve(),))


@functools.cache
def _load_builtin(spec: str) -> Variant:
    return _load_path(variants_dir() / f"{spec}.yaml", f"<built-in {spec}>")


def load_variant(source: str | Path) -> Variant:
    """Load a variant by built-in id (`"portugal"`) or from a YAML file path.

    `extends:` is followed and merged. Raises [`VariantError`][sueca_rules.VariantError] listing
    every problem found, each with file, line, column and field path; a `source` that is neither
    text nor a path is a [`ConfigError`][sueca_rules.ConfigError].
    """
    if not isinstance(source, str | os.PathLike):
        raise ConfigError(
            f"a variant is loaded from a built-in id or a file path, not {type(source).__name__}"
        )
    if isinstance(source, str) and not _looks_like_path(source) and source in builtin_ids():
        return _load_builtin(source)
    if isinstance(source, str) and not source.strip():  # not the folder "." that Path("") is
        raise VariantError([_unknown(source)])
    path = Path(source)
    if isinstance(source, str) and not _looks_like_path(source) and not _is_file(path):
        if _is_dir(path):
            folder = Issue("this is a directory, not a file", file=source, kind="directory")
            raise VariantError([folder])
        raise VariantError([_unknown(source)])
    return _load_path(path, str(source))


def parse_variant(
    text: str | bytes, *, file: str | None = None, base_dir: str | Path | None = None
) -> Variant:
    """Parse a variant from YAML text.

    `extends:` may name a built-in id, or a file relative to `base_dir` when one is given: without
    it, text from elsewhere (an upload, a message) cannot make the library read files.

    `file` names the text in error messages (`<string>` when not given).
    """
    if not isinstance(text, str | bytes):
        raise ConfigError(
            f"a variant is parsed from text (str or bytes), not {type(text).__name__}"
        )
    check_file_name(file)
    if base_dir is not None:
        base_dir = check_path(base_dir, "base_dir")
    located = _check_top(parse_yaml(text, file=file, limits=VARIANT_LIMITS, error=VariantError))
    return variant_of(located, Path(base_dir).resolve() if base_dir is not None else None)


def dump_variant(variant: Variant, *, full: bool = True) -> str:
    """The variant as YAML text that [`parse_variant()`][sueca_rules.parse_variant] reads back
    equal. With `full=False` only the fields that differ from the defaults are written (plus
    `name`)."""
    if not isinstance(variant, Variant):
        how = f": load it with load_variant({variant!r})" if isinstance(variant, str) else ""
        raise ConfigError(f"dump_variant() takes a Variant, not {cut(repr(variant))}{how}")
    if not isinstance(full, bool):
        raise ConfigError(f"full must be True or False, not {cut(repr(full))}")
    data = {"name": variant.name, **variant.model_dump(mode="json", exclude_defaults=not full)}
    if full or variant.extends is None:
        data.pop("extends", None)
    tiers = data.get("scoring", {}).get("tiers")
    if tiers is not None:
        data["scoring"]["tiers"] = [FlowDict(t) for t in tiers]
    return dump_yaml(data)


def resolve_variant(variant: Variant | str | Path) -> Variant:
    """A `Variant` as it is, or one loaded by id or path (see `load_variant()`)."""
    if isinstance(variant, Variant):
        return variant
    return load_variant(variant)
