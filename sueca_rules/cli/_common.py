"""Helpers shared by the commands (kept light: no heavy imports at module level)."""

from __future__ import annotations

import argparse
import errno
import functools
import importlib.util
import itertools
import json
import os
import re
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from .._text import cut, is_whole

if TYPE_CHECKING:
    from .._errors import Issue, SourceError
    from .._lang import Lang
    from .._record import Record
    from .._variant import Variant

__all__ = [
    "LEVELS",
    "MAX_SAMPLES",
    "STDIN",
    "STDIN_NAME",
    "ArgRefusal",
    "CliError",
    "Command",
    "HelpWords",
    "add_command",
    "at_least",
    "bare_word",
    "check_replaceable",
    "check_writable",
    "cli_words",
    "default_lang",
    "file_meant",
    "grouped_number",
    "help_words",
    "in_range",
    "issue_lines",
    "lang_arg",
    "lang_of",
    "level_arg",
    "load_record_arg",
    "load_variant_arg",
    "metavar",
    "once_from_stdin",
    "other_variants",
    "print_json",
    "print_report",
    "rate_arg",
    "read_variant",
    "require_extra",
    "samples_arg",
    "seed_arg",
    "terminal_width",
    "with_other_variant",
]

LEVELS = (1, 2, 3, 4, 5)
"""The bot levels (checked against `sueca_rules.bots.LEVELS` by the tests); kept here so that
building the parser never imports the bots."""


class CliError(Exception):
    """Stops a command: `message` goes to stderr and `status` is the exit status (2: the command
    line is wrong, printed argparse-style; 1: the input is invalid)."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


class ArgRefusal(argparse.ArgumentTypeError):
    """An argparse type's refusal of a value, as words `arg.<key>` of the command line's catalogue
    (`cli.json`): the parser says it in the command's language (`refusal.text(lang)`); `str()` is
    the English. A parameter given as `Words("key")` is itself a phrase `arg.<key>`."""

    def __init__(self, key: str, **params: str | int | Words | Grouped) -> None:
        self.key = key
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str) -> str:
        """The refusal in `lang`."""
        said = {
            name: cli_words(lang, f"arg.{value.key}")
            if isinstance(value, Words)
            else grouped_number(lang, value.n)
            if isinstance(value, Grouped)
            else value
            for name, value in self.params.items()
        }
        return cli_words(lang, f"arg.{self.key}", **said)


class Words(NamedTuple):
    """A phrase of the command line's catalogue inside another (`arg.<key>`), said in its
    language."""

    key: str


class Grouped(NamedTuple):
    """A whole number inside a refusal, its thousands grouped as the language writes them
    (`10,000`, `10 000`)."""

    n: int


def add_command(
    subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
    name: str,
    handler: Callable[[argparse.Namespace], int],
    *,
    help: str,
    description: str | None = None,
) -> argparse.ArgumentParser:
    """Add a command whose `handler(args)` returns the exit status."""
    parser = subparsers.add_parser(
        name,
        help=help,
        description=description or help,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.set_defaults(handler=handler, prog=parser.prog, parser=parser)
    return parser


def _whole(text: str) -> int:
    """`text` as a whole number, else the refusal `not_whole` (an argparse type's first step)."""
    try:
        return int(text)
    except ValueError:
        raise ArgRefusal("not_whole", q=repr(cut(text))) from None


def at_least(
    minimum: int, meaning: str = "", *, most: int | None = None, most_meaning: str = ""
) -> Callable[[str], int]:
    """An argparse type: a whole number of at least `minimum` (`meaning` explains the smallest
    value: the key of its words, `arg.meaning.<meaning>`, e.g. `"every_cpu"` for "0 (every CPU)")
    and, with `most`, at most `most` (`most_meaning` explains it the same way). Each bound is
    refused on its own (`must be at least 1`, `must be at most 64`); see `in_range()` for both."""

    def parse(text: str) -> int:
        value = _whole(text)
        got = cut(str(value))
        if value < minimum:
            if meaning:
                raise ArgRefusal("at_least_meaning", meaning=Words(f"meaning.{meaning}"), got=got)
            raise ArgRefusal("at_least", minimum=minimum, got=got)
        if most is not None and value > most:
            said = Words(f"meaning.{most_meaning}") if most_meaning else Grouped(most)
            raise ArgRefusal("at_most", most=said, got=got)
        return value

    return parse


def in_range(minimum: int, most: int) -> Callable[[str], int]:
    """An argparse type: a whole number from `minimum` to `most`, a number out of bounds refused
    with both (`must be from 1 to 10,000,000`)."""

    def parse(text: str) -> int:
        value = _whole(text)
        if not minimum <= value <= most:
            got = cut(str(value))
            raise ArgRefusal("in_range", minimum=Grouped(minimum), most=Grouped(most), got=got)
        return value

    return parse


MAX_SAMPLES = 10_000
"""The most deals a level-4 or level-5 bot may imagine before each card (`--samples`): more would
take minutes a card."""


def samples_arg(text: str) -> int:
    """An argparse type: `--samples`, a whole number from 1 to `MAX_SAMPLES`."""
    return at_least(1, most=MAX_SAMPLES)(text)


def level_arg(text: str) -> int:
    """An argparse type: a bot level."""
    if not is_whole(text.strip()) or int(text) not in LEVELS:
        raise ArgRefusal("not_level", q=repr(cut(text)), levels=", ".join(map(str, LEVELS)))
    return int(text)


def rate_arg(text: str) -> float:
    """An argparse type: a probability, a number from 0 to 1, written with a decimal point or,
    as Portuguese writes it, a decimal comma (`0.03`, `0,03`)."""
    number = text.strip()
    if number.count(",") == 1 and "." not in number:
        number = number.replace(",", ".")
    try:
        value = float(number)
    except ValueError:
        raise ArgRefusal("not_number", q=repr(cut(text))) from None
    if not 0 <= value <= 1:  # also refuses nan
        raise ArgRefusal("not_rate", got=cut(text))
    return value


def require_extra(
    command: str, lang: str = "en", extra: str = "cli", modules: tuple[str, ...] = ("rich",)
) -> None:
    """Fail at once, before any work, when a module of the `extra` that `command` needs is not
    installed: the message says what to install, in `lang` (for any command that needs an extra:
    `sueca play` and `sueca simulate` need `cli`, for rich)."""
    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    if missing:
        raise CliError(
            cli_words(
                lang, "extra.missing", command=command, extra=extra, missing=", ".join(missing)
            )
        )


def seed_arg(text: str) -> int | str:
    """An argparse type: a seed, a whole number or any text (valid UTF-8, without control
    characters: the seed is shown as it is at the top of a game or a study)."""
    from .._text import control_character, is_unicode, shown

    try:
        return int(text)
    except ValueError:
        if not is_unicode(text):
            raise ArgRefusal("seed_utf8", text=shown(text)) from None
        found = control_character(text)
        if found is not None:
            raise ArgRefusal("seed_control", text=shown(text), code=f"U+{ord(found):04X}") from None
        return text


_NOT_A_FILE = ("no such file", "this is a directory, not a file")


def bare_word(word: str) -> str:
    """`word` as the command line's tables of words write it: lower case, without accents
    (`classificação` is `classificacao`, `Português` is `portugues`)."""
    import unicodedata

    decomposed = unicodedata.normalize("NFKD", word.strip().lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


_LANG_WORDS: Final = {"portugues": "pt", "portuguese": "pt", "english": "en", "ingles": "en"}
"""Languages named in words on the command line (`--lang português`)."""


def lang_arg(text: str) -> str:
    """`--lang`'s value as the language it names: `en` or `pt` whatever the case, with a region
    as a locale or a web page writes it (`PT`, `pt-PT`, `pt_BR`, `en-GB`), or in words
    (`português`, `english`); any other text as it is, for argparse to refuse with the choices."""
    from .._lang import LANGS

    word = bare_word(text)
    base = re.split(r"[-_.]", word, maxsplit=1)[0]
    if base in LANGS:
        return base
    return _LANG_WORDS.get(word, text)


def default_lang(environ: Mapping[str, str] | None = None) -> Lang:
    """The language of the user's locale for the texts of `sueca`: `pt` when `LC_ALL`, `LC_MESSAGES`
    or `LANG` (the first one set, as the C library reads them) names Portuguese, else `en`."""
    env = os.environ if environ is None else environ
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if value:
            return "pt" if value.lower().startswith("pt") else "en"
    return "en"


@functools.cache
def grouped_number(lang: str, n: int) -> str:
    """Whole number `n` with its thousands grouped as `lang` writes them (`10,000`, `10 000`)."""
    from .._lang._catalogue import load_catalogue
    from .._lang._game_tables import grouped

    return grouped(load_catalogue(lang, "game"), n)


def metavar(lang: str, name: str) -> str:
    """A placeholder of the usage lines in `lang` (`help.meta.<name>`: FILE, VARIANT, SEED)."""
    return cli_words(lang, f"help.meta.{name}")


class HelpWords:
    """The help texts of one command (`sueca COMMAND --help`) in one language: `said("level")`
    is the command line's words `help.<command>.level`, filled in from its keyword arguments;
    `said.arg(parser, "--level", ...)` adds an argument with that help and its placeholder."""

    __slots__ = ("lang", "section")

    def __init__(self, lang: str, command: str) -> None:
        self.lang = lang
        self.section = command
        """The command's part of the words (`tournament.result`: `help.tournament.result.*`)."""

    def __call__(self, key: str, /, **params: str | int) -> str:
        return cli_words(self.lang, f"help.{self.section}.{key}", **params)

    def command(
        self,
        subparsers: argparse._SubParsersAction[argparse.ArgumentParser],
        handler: Callable[[argparse.Namespace], int],
        *,
        description: bool | str = True,
    ) -> argparse.ArgumentParser:
        """`add_command()` for this command (named by its words' last part: `tournament.pair` is
        `pair`), with the help `help.<command>.help` and the description `...description`
        (`False`: the help again; a string: that text)."""
        said = self("description") if description is True else description if description else None
        name = self.section.rsplit(".", 1)[-1]
        return add_command(subparsers, name, handler, help=self("help"), description=said)

    def arg(
        self,
        parser: argparse.ArgumentParser | argparse._ArgumentGroup,
        *flags: str,
        key: str | None = None,
        meta: str | None = None,
        params: Mapping[str, str | int] | None = None,
        **options: Any,
    ) -> argparse.Action:
        """`parser.add_argument(*flags, **options)` with the help `help.<command>.<key>` (filled
        in from `params`) and the placeholder `help.meta.<meta>`; `key` is by default the last
        flag's name (`--no-show`: `no_show`) and `meta` the key (no placeholder for a flag that
        takes no value)."""
        key = key or _key(flags)
        return self._add(parser, flags, self(key, **(params or {})), meta or key, options)

    def shared(
        self,
        parser: argparse.ArgumentParser | argparse._ArgumentGroup,
        *flags: str,
        key: str | None = None,
        **options: Any,
    ) -> argparse.Action:
        """`arg()` with the words several commands share, `help.<key>` (`variant`, `record`,
        `--force`), and the placeholder `help.meta.<key>`."""
        key = key or _key(flags)
        return self._add(parser, flags, cli_words(self.lang, f"help.{key}"), key, options)

    def json_option(
        self, parser: argparse.ArgumentParser | argparse._ArgumentGroup, kind: str = ""
    ) -> argparse.Action:
        """The `--json` switch of a command that also answers machines, with the words the
        commands share: `help.json` (a JSON document), or `help.json.<kind>` (`"object"`)."""
        key = f"json.{kind}" if kind else "json"
        return self.shared(parser, "--json", key=key, action="store_true")

    def lang_option(self, parser: argparse.ArgumentParser, what: str, note: str = "") -> None:
        """The `--lang` option of a command that speaks, the same everywhere: en or pt, by default
        the locale's (`lang_of()`). `what` names what the command words (the key
        `help.lang.what.<what>` of the command line's catalogue), `note` what stays the same in
        every language (`help.lang.note.<note>`), if anything."""
        from .._lang import LANGS

        said_note = cli_words(self.lang, f"help.lang.note.{note}") if note else ""
        what_said = cli_words(self.lang, f"help.lang.what.{what}")
        said = cli_words(self.lang, "help.lang", what=what_said, note=said_note)
        parser.add_argument("--lang", type=lang_arg, choices=LANGS, help=said)

    def _add(
        self,
        parser: argparse.ArgumentParser | argparse._ArgumentGroup,
        flags: tuple[str, ...],
        help: str,
        meta: str,
        options: dict[str, Any],
    ) -> argparse.Action:
        """`parser.add_argument(*flags, **options)` with `help` and, for an argument that takes
        a value, the placeholder `help.meta.<meta>` (unless `options` give one)."""
        if options.get("action") not in ("store_true", "store_false", "count"):
            options.setdefault("metavar", metavar(self.lang, meta))
        return parser.add_argument(*flags, help=help, **options)


def _key(flags: tuple[str, ...]) -> str:
    """The key of an argument's words: its last flag's name (`--no-show`: `no_show`)."""
    return flags[-1].lstrip("-").replace("-", "_")


class Command(NamedTuple):
    """A command of `sueca`, or an action of one, as its module declares it (`COMMANDS`): `add()`
    makes its parser, its help said by the words `help.<words>.*` (see `HelpWords.command()`), and
    lets `arguments(parser, said)` add its arguments."""

    words: str
    """Its part of the help words, the last part its name (`tournament.pair`: `pair`)."""
    handler: Callable[[argparse.Namespace], int]
    """Runs it and returns the exit status."""
    arguments: Callable[[argparse.ArgumentParser, HelpWords], None]
    """Adds its arguments to its parser, their help said by the `HelpWords` given."""
    description: bool | str = True
    """Its description, as `HelpWords.command()` takes it (`False`: the help again; a string, for
    a command that speaks only English: that text)."""

    def add(
        self, subparsers: argparse._SubParsersAction[argparse.ArgumentParser], lang: str
    ) -> argparse.ArgumentParser:
        """Add the command to `subparsers`, its help in `lang`."""
        said = help_words(lang, self.words)
        parser = said.command(subparsers, self.handler, description=self.description)
        self.arguments(parser, said)
        return parser


def help_words(lang: str, command: str) -> HelpWords:
    """The help texts of `command` in `lang` (see `HelpWords`)."""
    return HelpWords(lang, command)


def lang_of(args: argparse.Namespace) -> Lang:
    """The language a command speaks: `--lang`, else the locale's (`default_lang()`)."""
    lang: Lang | None = args.lang
    return lang or default_lang()


def issue_lines(issues: Sequence[Issue], lang: str) -> str:
    """A file's problems, one per line, in `lang` (`issue_line()`): what a command that cannot
    read its file says."""
    from .._lang import issue_line

    return "\n".join(issue_line(i, lang) for i in issues)


STDIN: Final = "-"
"""A VARIANT or RECORD argument that reads standard input, as Unix commands do."""
STDIN_NAME: Final = "<stdin>"
"""Standard input as messages name it."""


def _stdin_bytes(most: int, error: type[SourceError]) -> bytes:
    """Standard input as bytes, at most `most` of them (the size limit of a file): more is
    `error`, said as a file over the limit is, without reading the rest. No standard input
    (closed) reads as empty."""
    stream = getattr(sys.stdin, "buffer", None)
    data: bytes = stream.read(most + 1) if stream is not None else b""
    if len(data) > most:
        raise error.single(
            f"the file is too large (at least {len(data):,} bytes; the limit is {most:,})",
            file=STDIN_NAME,
            kind="too_large",
            params={"size": len(data), "limit": most, "at_least": "true"},
        )
    return data


def once_from_stdin(specs: Sequence[str], lang: str) -> None:
    """A command-line error when more than one of `specs` is `-`: standard input is read once."""
    if sum(spec == STDIN for spec in specs) > 1:
        raise CliError(cli_words(lang, "stdin_twice"), status=2)


def read_variant(spec: str) -> Variant:
    """The variant of a VARIANT argument: a built-in id, a file, or `-` (standard input, with the
    limits of a file; an `extends:` path is relative to the working directory). Raises
    `VariantError`."""
    from .._errors import VariantError
    from .._registry import VARIANT_LIMITS, load_variant, parse_variant

    if spec == STDIN:
        text = _stdin_bytes(VARIANT_LIMITS.max_bytes, VariantError)
        return parse_variant(text, file=STDIN_NAME, base_dir=Path.cwd())
    return load_variant(spec)


def load_variant_arg(spec: str, lang: str = "en") -> Variant:
    """Load a VARIANT argument (built-in id or path). An unknown id is a command-line error
    (status 2); a file with problems prints them, one per line, and fails with status 1. The
    problems are said in `lang` (`issue_line()`)."""
    from .._errors import VariantError
    from .._lang import issue_text
    from .._registry import builtin_hint, builtin_ids, builtin_meant

    try:
        return read_variant(spec)
    except VariantError as exc:
        first = exc.issues[0]
        if len(exc.issues) == 1 and first.message.startswith("unknown variant"):
            ids = ", ".join(builtin_ids())
            if lang == "en":
                message = (
                    f"unknown variant {spec!r}: give a built-in id ({ids}) "
                    f"or the path of a variant file{builtin_hint(spec)}"
                )
            else:
                meant = builtin_meant(spec) or ""
                message = cli_words(lang, "unknown_variant", given=spec, ids=ids, meant=meant)
            raise CliError(message, status=2) from None
        if len(exc.issues) == 1 and first.line is None and first.message in _NOT_A_FILE:
            message = f"{first.file}: {issue_text(first, lang)}"
            if first.message == _NOT_A_FILE[0]:
                message = file_meant(spec, message, lang)
            raise CliError(message, status=2) from None
        raise CliError(issue_lines(exc.issues, lang), status=1) from None


def file_meant(spec: str, message: str, lang: str) -> str:
    """`message` (a VARIANT file that is not there) with what `spec` most likely meant: a
    variant file beside it of a close name (`house.yml` for `house.yaml`, `hose.yaml`), else a
    built-in (`portugal.yaml` for `portugal`)."""
    from .._issues import closest
    from .._registry import builtin_meant

    given = Path(spec)
    try:
        names = sorted(
            p.name
            for p in itertools.islice(given.parent.iterdir(), _MAX_NEIGHBOURS)
            if p.suffix in (".yaml", ".yml") and p.is_file()
        )
    except OSError:  # no such folder, or one that cannot be read
        names = []
    # By the names without their suffix: `nada.yaml` is not `casa.yaml` for sharing `.yaml`.
    stems = {Path(name).stem: name for name in reversed(names)}  # a stem's first name wins
    stem = closest(given.stem, list(stems))
    near = stems[stem] if stem is not None else None
    if near is not None and near != given.name:
        path = near if str(given.parent) == "." else str(given.parent / near)
        return cli_words(lang, "meant_file", message=message, path=path)
    meant = builtin_meant(spec)
    if meant is not None:
        return cli_words(lang, "meant_builtin", message=message, meant=meant)
    return message


_MAX_NEIGHBOURS: Final = 1000
"""The most entries of a folder looked at for a file name mistyped (a huge folder is not read
whole for a suggestion)."""


def load_record_arg(path: str, lang: str) -> Record:
    """Read a RECORD argument (a file, or `-`: standard input, YAML or JSON, with the limits of a
    file); a record with problems prints them, one per line (in `lang`), and fails with status 1."""
    from .._errors import RecordError
    from .._record import RECORD_LIMITS, load_record, parse_record

    try:
        if path == STDIN:
            data = _stdin_bytes(RECORD_LIMITS.max_bytes, RecordError)
            return parse_record(data, file=STDIN_NAME)
        return load_record(path)
    except RecordError as exc:
        raise CliError(issue_lines(exc.issues, lang)) from None


def other_variants(
    record: Record, base_dir: Path | None = None, *, partial: bool = False
) -> list[str]:
    """For a record that does not replay under its own variant: the built-in variants under
    which every card of it is legal (a record saved under `brasil` whose `variant:` says
    `portugal`), and its last deal finished unless `partial`."""
    from .._errors import SuecaError
    from .._match import Match
    from .._registry import builtin_ids

    found = []
    for vid in builtin_ids():
        if vid == record.variant:
            continue
        try:
            other = record.model_copy(update={"variant": vid})
            Match.from_record(other, base_dir=base_dir, allow_unfinished=partial)
        except SuecaError:
            continue
        found.append(vid)
    return found


def with_other_variant(
    message: str,
    record: Record,
    lang: str,
    base_dir: Path | None = None,
    *,
    partial: bool = False,
) -> str:
    """`message` (an error's paragraph) ended by the sentence that says which built-in variants
    `record` replays under (its own did not; see `other_variants()`), in `lang`, after a full
    stop; `message` as it is when none does."""
    found = other_variants(record, base_dir, partial=partial)
    if not found:
        return message
    quoted = [f"'{vid}'" for vid in found]
    stop = "" if message.rstrip().endswith((".", "!", "?")) else "."
    return (
        message.rstrip()
        + stop
        + " "
        + cli_words(
            lang,
            "other_variant",
            n=len(found),
            variants=", ".join(quoted[:-1]),
            last=quoted[-1],
            first=found[0],
        )
    )


def cli_words(lang: str, key: str, **params: str | int) -> str:
    """The command line's words `key` (`catalogues/<lang>/cli.json`) in `lang`, filled in from
    `params`."""
    from .._lang._catalogue import cli_catalogue

    return cli_catalogue(lang)(key, **params)


def check_writable(
    path: str | os.PathLike[str], option: str, *, parents: bool, lang: str = "en"
) -> None:
    """Fail at once, as a command-line error (in `lang`), when `path` could not be written: a
    folder, a folder that does not exist (unless `parents`: it is then created when writing), or no
    permission."""
    p = Path(path)
    why = None
    folder = p.parent
    try:
        if p.is_dir():
            why = "is_folder"
        else:
            while parents and not folder.exists() and folder != folder.parent:
                folder = folder.parent
            if not folder.is_dir():
                why = "not_folder" if folder.exists() else "no_folder"
            elif not os.access(folder, os.W_OK | os.X_OK):
                why = "no_permission"
            elif p.exists() and not os.access(p, os.W_OK):
                why = "read_only"
    except OSError as exc:  # a name too long for the system, a symlink loop on the way
        if exc.errno not in (errno.ENAMETOOLONG, errno.ELOOP):
            raise
        why = "name_too_long" if exc.errno == errno.ENAMETOOLONG else "loop"
    if why is not None:
        said = cli_words(
            lang, "cannot_write", option=option, path=str(path), why=why, folder=str(folder)
        )
        raise CliError(said, status=2)


def check_replaceable(path: str, option: str, *, force: bool, lang: str = "en") -> None:
    """Fail at once, as a command-line error (in `lang`), when saving a game record to `path`
    would replace a file that is not a game record (a variant file, notes): an empty file or a
    record (the game being resumed, an earlier game) may be replaced, anything else only with
    `--force`."""
    from .._errors import RecordError
    from .._record import load_record

    p = Path(path)
    if force or not p.is_file() or p.stat().st_size == 0:
        return
    try:
        load_record(p)
    except RecordError:
        said = cli_words(lang, "not_a_record", option=option, path=path)
        raise CliError(said, status=2) from None
    except OSError:
        return  # not readable: check_writable and the save itself say why


def print_json(data: Any) -> None:
    """Print one JSON document on stdout (text from files with its terminal controls escaped:
    the same JSON value), always valid UTF-8: a name that is not UTF-8 (a file's) is written with
    its bytes escaped as text (`"caf\\\\xe9.yaml"`), never as a lone surrogate."""
    from .._text import shown_json, unicode_json

    text = unicode_json(json.dumps(data, indent=2, ensure_ascii=False))
    sys.stdout.write(shown_json(text) + "\n")


def terminal_width() -> int:
    """The terminal's width in columns (`COLUMNS` when set; 80 when stdout is no terminal)."""
    import shutil

    return shutil.get_terminal_size((80, 24)).columns


def print_report(text: str, indent: int | None = None) -> None:
    """Print a report of lines (`sueca replay`, `sueca analyse`, `sueca variants`, the issues of
    `sueca validate`) on stdout. On a terminal narrower than a line, the line is broken between
    words (a ` · ` kept at the end of the line before), its next lines indented `indent` spaces,
    else two more than it, as the terminal would otherwise break it anywhere (`→ s` /
    `eat 1 wins`); into a pipe or a file, every line as it is."""
    import textwrap

    if sys.stdout.isatty():
        width = terminal_width()
        glue = "\ue000"  # a private character: textwrap does not break at it
        lines = []
        for line in text.split("\n"):
            if len(line) <= width:
                lines.append(line)
                continue
            hang = len(line) - len(line.lstrip(" ")) + 2 if indent is None else indent
            wrapped = textwrap.wrap(
                line.replace(" · ", glue + "· "),
                width,
                subsequent_indent=" " * min(hang, width // 2),
                break_long_words=False,
                break_on_hyphens=False,
            )
            lines.extend(part.replace(glue, " ") for part in wrapped)
        text = "\n".join(lines)
    print(text)
