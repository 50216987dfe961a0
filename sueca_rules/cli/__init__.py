"""The `sueca` command line.

Each command lives in a module of its own that declares it (`COMMANDS`: its name, its handler and
the function that adds its arguments, see `_common.Command`); the heavy imports (pydantic, the
engine, rich) happen only inside the command that needs them, so that `sueca --help` starts fast.
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import sys
from collections.abc import Iterator, Sequence
from typing import Final, NoReturn

from .._text import shown
from ._common import CliError, bare_word, cli_words, lang_arg, metavar

__all__ = ["build_parser", "main"]

# Commands, in the order `sueca --help` lists them.
_COMMAND_MODULES = (
    "_cmd_variants",
    "_cmd_new",
    "_cmd_describe",
    "_cmd_replay",
    "_cmd_analyse",
    "_cmd_simulate",
    "_cmd_compare",
    "_cmd_play",
    "_cmd_tournament",
    "_cmd_serve",
    "_cmd_engine",
    "_cmd_arena",
)


class _Version(argparse.Action):
    """`--version`: the installed version, read from the package metadata only when asked (reading
    it costs more than the rest of `sueca --help`)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help=str(kwargs.get("help", "")))

    def __call__(self, parser: argparse.ArgumentParser, *args: object) -> None:
        from .. import __version__

        print(f"sueca-rules {__version__}")
        parser.exit()


_ARGPARSE: Final = (
    ("argument", re.compile(r"argument (?P<name>[^:]+): (?P<message>.*)", re.S)),
    ("choice", re.compile(r"invalid choice: (?P<value>.*) \(choose from (?P<choices>.*)\)", re.S)),
    ("one", re.compile(r"expected one argument")),
    ("at_least_one", re.compile(r"expected at least one argument")),
    ("at_most_one", re.compile(r"expected at most one argument")),
    ("n", re.compile(r"expected (?P<n>\d+) arguments")),
    ("not_with", re.compile(r"not allowed with argument (?P<other>.*)", re.S)),
    ("explicit", re.compile(r"ignored explicit argument (?P<value>.*)", re.S)),
    ("required", re.compile(r"the following arguments are required: (?P<names>.*)", re.S)),
    ("one_of", re.compile(r"one of the arguments (?P<names>.*) is required", re.S)),
    (
        "ambiguous",
        re.compile(r"ambiguous option: (?P<option>.*) could match (?P<matches>.*)", re.S),
    ),
    ("int", re.compile(r"invalid int value: (?P<value>.*)", re.S)),
    ("float", re.compile(r"invalid float value: (?P<value>.*)", re.S)),
)
"""argparse's own refusals (Python 3.11 to 3.13), each the key of its words in the command line's
catalogue (`argp.<key>`) and the pattern that reads its values out of argparse's English."""


def _in_words(message: str, lang: str) -> str:
    """An argparse refusal `message` (English) said in `lang`: a message argparse words is read
    by `_ARGPARSE` and said again from the catalogue; any other (an `ArgRefusal`'s, already in
    `lang`) is left as it is."""
    from ._common import cli_words

    for key, pattern in _ARGPARSE:
        found = pattern.fullmatch(message)
        if found is not None:
            values = found.groupdict()
            if key == "argument":
                values["message"] = _in_words(values["message"], lang)
            return cli_words(lang, f"argp.{key}", **values)
    return message


_MISSING: Final = ("the following arguments are required:", "one of the arguments ")
"""How argparse begins its refusals of a command line that lacks an argument it needs."""
_NEGATIVE: Final = re.compile(r"-\d+(?:\.\d*)?")
"""A negative number, which argparse reads as a value, not as an option."""


class _Parser(argparse.ArgumentParser):
    """argparse's parser, which names the command or option a mistyped one is closest to
    (`invalid choice: 'valdate' (...) -- did you mean 'validate'?`) and says its refusals in the
    command's language: `--lang` when the command takes one, else the locale's (`lang`, set on
    every parser by `speak()`); English for a command that speaks no other. Its help is said in
    the language the parser was built in (`help_lang`, set by `build_parser()`), argparse's own
    words too ("usage:", "options:")."""

    wanted: str | None = None
    """The language asked for on the command line (`--lang`), if any."""
    words: Sequence[str] = ()
    """The command line being parsed (set by `speak()`)."""
    help_lang: str = "en"
    """The language of this parser's help (`--help`)."""

    def speak(self, wanted: str | None, words: Sequence[str] = ()) -> None:
        """Say refusals in `wanted` (`--lang`'s value, or `None` for the locale's), in this
        parser and the commands under it, about the command line `words`."""
        self.wanted = wanted
        self.words = words
        for command in self._commands():
            command.speak(wanted, words)

    def help_in(self, lang: str) -> None:
        """Say the help of this parser, and of the commands under it, in `lang` (the words the
        commands gave, `build_parser(lang)`, already are): argparse's own words ("usage:", the
        headings, `-h`'s help) too, except in a command that speaks only English."""
        if self._speaks and lang != "en":
            self.help_lang = lang
            self._positionals.title = cli_words(lang, "argp.positionals")
            self._optionals.title = cli_words(lang, "argp.options")
            for action in self._actions:
                if isinstance(action, argparse._HelpAction):
                    action.help = cli_words(lang, "argp.help")
        for command in self._commands():
            command.help_in(lang)

    def _commands(self) -> Iterator[_Parser]:
        """The parsers of the commands right under this one (`sueca`'s, `sueca tournament`'s)."""
        for action in self._actions:
            if isinstance(action, argparse._SubParsersAction):
                for command in action.choices.values():
                    if isinstance(command, _Parser):
                        yield command

    @property
    def _speaks(self) -> bool:
        """Whether this parser speaks a language other than English: `sueca` and a command with
        actions (`sueca tournament`), and every command that takes `--lang`."""
        top = not any(a.dest == "handler" for a in self._actions) and self._subparsers is not None
        return top or any(a.dest == "lang" for a in self._actions)

    @property
    def lang(self) -> str:
        """The language of this parser's refusals."""
        from .._lang import LANGS
        from ._common import default_lang

        if not self._speaks:
            return "en"
        return self.wanted if self.wanted in LANGS else default_lang()

    def _usage_prefix(self) -> str | None:
        """The word before the usage line in the help: argparse's own ("usage: ") in English."""
        return None if self.help_lang == "en" else cli_words(self.help_lang, "argp.usage")

    def format_usage(self) -> str:
        formatter = self._get_formatter()
        formatter.add_usage(
            self.usage, self._actions, self._mutually_exclusive_groups, self._usage_prefix()
        )
        return formatter.format_help()

    def format_help(self) -> str:
        # argparse's own, with the usage's word in the help's language.
        formatter = self._get_formatter()
        formatter.add_usage(
            self.usage, self._actions, self._mutually_exclusive_groups, self._usage_prefix()
        )
        formatter.add_text(self.description)
        for action_group in self._action_groups:
            formatter.start_section(action_group.title)
            formatter.add_text(action_group.description)
            formatter.add_arguments(action_group._group_actions)
            formatter.end_section()
        formatter.add_text(self.epilog)
        return formatter.format_help()

    def _get_value(self, action: argparse.Action, arg_string: str) -> object:
        from ._common import ArgRefusal

        try:
            return super()._get_value(action, arg_string)
        except argparse.ArgumentError as exc:
            refusal = exc.__context__
            if isinstance(refusal, ArgRefusal):
                raise argparse.ArgumentError(action, refusal.text(self.lang)) from None
            raise

    def error(self, message: str) -> NoReturn:
        if message.startswith(_MISSING):
            # `sueca validate --jsn`: the option mistyped is the mistake to name, not the FILE
            # that argparse finds missing first.
            strangers = self._strangers()
            if strangers:
                self.unknown(strangers)
        lang = self.lang
        found = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)$", message)
        message = _in_words(message, lang)
        if found is not None:
            choices = re.findall(r"'([^']*)'", found.group(2))
            message = self._command_word(lang, message, found.group(1), choices)
        self._refuse(message, lang)

    def _command_word(self, lang: str, message: str, typed: str, choices: Sequence[str]) -> str:
        """`message` (a command or action that is none of `choices`) and what `typed` most
        likely meant: the way to the help for `help` or `ajuda`, the command a Portuguese word
        names (`jogar` is `play`), else the choices closest in spelling."""
        from ._common import cli_words

        word = bare_word(typed)
        if word in _HELP_WORDS:
            after = list(self.words[self.words.index(typed) + 1 :]) if typed in self.words else []
            named = [after[0], *_COMMAND_WORDS.get(bare_word(after[0]), ())] if after else []
            known = [c for c in named if c in choices]
            if known:  # `sueca help play`, `sueca ajuda jogar`
                command = f"{self.prog} {known[0]}"
                return cli_words(lang, "argp.help_of", message=message, command=command)
            place = next(
                (a.metavar for a in self._actions if isinstance(a, argparse._SubParsersAction)),
                None,
            )
            return cli_words(
                lang, "argp.help_word", message=message, prog=self.prog, command=str(place)
            )
        meant = [c for c in _COMMAND_WORDS.get(word, ()) if c in choices]
        if meant:
            return cli_words(
                lang, "argp.command_word", message=message, word=typed, command=meant[0]
            )
        return _meant(lang, message, typed, choices, quoted=True)

    def _refuse(self, message: str, lang: str) -> NoReturn:
        """Print the usage and `message` argparse's way, in `lang`, and exit with status 2."""
        from ._common import cli_words

        formatter = self._get_formatter()
        formatter.add_usage(
            self.usage,
            self._actions,
            self._mutually_exclusive_groups,
            prefix=cli_words(lang, "argp.usage"),
        )
        self._print_message(formatter.format_help(), sys.stderr)
        error = cli_words(lang, "error")
        self.exit(2, f"{self.prog}: {error}: {message}\n")

    def _strangers(self) -> list[str]:
        """The options of the command line that this command does not take (nor `sueca`'s
        own, `-h` and `--version`), as argparse reads them: whole or abbreviated, before `--`."""
        known = [s for action in self._actions for s in action.option_strings]
        known += ["-h", "--help", "--version"]
        found: list[str] = []
        for word in self.words:
            if word == "--":
                break
            option = word.partition("=")[0]
            if not option.startswith("-") or option == "-" or _NEGATIVE.fullmatch(word):
                continue
            if option in known or (
                option.startswith("--") and any(k.startswith(option) for k in known)
            ):
                continue
            found.append(word)
        return found

    def unknown(self, extra: Sequence[str], variant: object = None) -> NoReturn:
        """Refuse arguments this command does not take, with its own usage (argparse leaves them
        to the top parser) and the option a mistyped one is closest to (`variant`: the VARIANT
        the command was given, if any)."""
        from ._common import cli_words

        lang = self.lang
        message = cli_words(lang, "argp.unrecognized", extra=" ".join(extra))
        first = extra[0].partition("=")[0]
        if first.startswith("-"):
            options = [s for action in self._actions for s in action.option_strings]
            message = _meant(lang, message, first, options, quoted=False)
        elif self.prog.endswith(" describe") and len(extra) == 1 and isinstance(variant, str):
            # `describe A B`: one rules card at a time, and `diff A B` is what compares two
            message = cli_words(
                lang, "argp.describe_two", message=message, one=variant, other=first
            )
        self._refuse(message, lang)


_HELP_WORDS: Final = frozenset({"help", "ajuda", "h"})
"""Words a newcomer types for the help in place of a command (`sueca help`, `sueca ajuda`)."""
_COMMAND_WORDS: Final[dict[str, tuple[str, ...]]] = {
    # Portuguese words for a command or a tournament's action (as `bare_word()` writes them) → the
    # command they name, first the one most likely; only those that are choices are named.
    "jogar": ("play",),
    "joga": ("play",),
    "jogo": ("play",),
    "regras": ("variants", "describe"),
    "variantes": ("variants",),
    "listar": ("variants",),
    "verificar": ("validate",),
    "validar": ("validate",),
    "verifica": ("validate",),
    "esquema": ("schema",),
    "novo": ("new",),
    "nova": ("new",),
    "criar": ("new",),
    "descrever": ("describe",),
    "cartao": ("describe",),
    "diferencas": ("diff",),
    "comparar": ("compare",),
    "rever": ("replay",),
    "repetir": ("replay",),
    "analisar": ("analyse",),
    "analyze": ("analyse",),
    "simular": ("simulate",),
    "torneio": ("tournament",),
    "servir": ("serve",),
    "web": ("serve",),
    "motor": ("engine",),
    "arena": ("arena",),
    "emparelhar": ("pair",),
    "resultado": ("result",),
    "classificacao": ("standings",),
    "desfazer": ("undo",),
}


def _meant(lang: str, message: str, typed: str, choices: Sequence[str], *, quoted: bool) -> str:
    """`message` and the choices `typed` was most likely meant to be (`suggestions()`: a command
    or an option mistyped, or those that begin as it does), if any."""
    from .._issues import suggestions
    from ._common import cli_words

    found = suggestions(typed, choices)
    said = [repr(c) if quoted else c for c in found]
    if len(said) == 1:
        return cli_words(lang, "argp.did_you_mean", message=message, close=said[0])
    if said:
        return cli_words(lang, "argp.did_you_mean_one_of", message=message, close=", ".join(said))
    return message


def _wanted_lang(argv: Sequence[str]) -> str | None:
    """The value of `--lang` on the command line `argv`, read before parsing it (so that its
    refusals are said in that language), or `None`. Given twice, the last one counts, as it
    does for argparse (`--lang pt --lang en` plays in English, and refuses in English too)."""
    wanted = None
    for k, arg in enumerate(argv):
        if arg == "--":
            break
        if arg.startswith("--lang="):
            wanted = lang_arg(arg.partition("=")[2])
        elif arg == "--lang" and k + 1 < len(argv):
            wanted = lang_arg(argv[k + 1])
    return wanted


def build_parser(lang: str = "en") -> _Parser:
    """The argument parser of the `sueca` command, its help (`--help`) in `lang` (the commands
    that speak only English, `engine` and `schema`, keep theirs in English)."""
    parser = _Parser(
        prog="sueca",
        description=cli_words(lang, "help.sueca.description"),
        epilog=cli_words(lang, "help.sueca.epilog"),
    )
    parser.add_argument("--version", action=_Version, help=cli_words(lang, "help.sueca.version"))
    title = cli_words(lang, "help.sueca.commands")
    commands = parser.add_subparsers(title=title, metavar=metavar(lang, "command"))
    for name in _COMMAND_MODULES:
        module = importlib.import_module(f"{__name__}.{name}")
        for command in module.COMMANDS:
            command.add(commands, lang)
    parser.help_in(lang)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the `sueca` command with `argv` (default: the process's) and return its exit status: 0
    on success, 1 when the input is invalid, 2 for a wrong command line, 130 when interrupted
    (Ctrl-C), 143 when a study is stopped by SIGTERM."""
    for stream in (sys.stdout, sys.stderr):
        # A console or file that cannot show ♥, → or ã gets '?' rather than a traceback.
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(errors="replace")
    if sys.stdin is None:  # started with standard input closed (`<&-`): read as end of input
        sys.stdin = open(os.devnull, encoding="utf-8")  # noqa: SIM115 (the process's stdin)
    from .._lang import LANGS
    from ._common import default_lang

    given = list(sys.argv[1:] if argv is None else argv)
    wanted = _wanted_lang(given)
    words = _lang_after_command(given)
    # The language is known before parsing, so that the help is said in it.
    parser = build_parser(wanted if wanted in LANGS else default_lang())
    parser.speak(wanted, words)
    if not words and wanted is not None and wanted not in LANGS:  # `sueca --lang xx` alone
        choices = ", ".join(repr(lang) for lang in LANGS)
        parser.error(f"argument --lang: invalid choice: {wanted!r} (choose from {choices})")
    args, extra = parser.parse_known_args(words)
    if extra:
        command = getattr(args, "parser", None)
        (command if isinstance(command, _Parser) else parser).unknown(
            extra, getattr(args, "variant", None)
        )
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help(sys.stderr)
        return 2
    try:
        status: int = handler(args)
        if sys.stdout is not None:
            sys.stdout.flush()  # a full disk shows here, not as a traceback at exit
    except CliError as exc:
        if exc.message:
            prog = getattr(args, "prog", "sueca")
            prefix = f"{prog}: {_said(args, 'error')}: " if exc.status == 2 else ""
            # Messages quote file text (names, keys): escape sequences are shown, not obeyed.
            print(shown(f"{prefix}{exc.message}", lines=True), file=sys.stderr)
        return exc.status
    except KeyboardInterrupt:
        print(_said(args, "interrupted"), file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (`sueca schema | head`): not an error worth a traceback.
        sys.stderr.close()
        return 0
    except OSError as exc:
        # Output that could not be written (standard output on a full disk, `> /dev/full`) or
        # another file the command could not handle: one line, and nothing more at exit.
        reason = exc.strerror or str(exc)
        where = f"{exc.filename}: " if exc.filename else "could not write the output: "
        if not exc.filename:
            _drop_stdout()
        print(shown(f"sueca: {where}{reason}"), file=sys.stderr)
        return 1
    return status


def _lang_after_command(words: list[str]) -> list[str]:
    """`sueca --lang pt variants` read as `sueca variants --lang pt`: `--lang` is an option of
    each command, and given first it would be taken for the command. Before an option of
    `sueca` itself (`sueca --lang pt --help`) it goes last, where the option is seen first.
    Likewise `sueca tournament --lang pt ACTION ...` is read with `--lang` after the action's
    arguments (the action takes it)."""
    alone = len(words) == 2 and words[0] == "--lang"
    if alone or (len(words) == 1 and words[0].startswith("--lang=")):
        return []  # `sueca --lang pt` alone: no command, as `sueca` alone (its help, in pt)
    if len(words) >= 3 and words[0] == "--lang":
        if words[2].startswith("-"):
            return [*words[2:], *words[:2]]
        words = [words[2], *words[:2], *words[3:]]
    elif len(words) >= 2 and words[0].startswith("--lang="):
        if words[1].startswith("-"):
            return [*words[1:], words[0]]
        words = [words[1], words[0], *words[2:]]
    # `sueca tournament --lang pt standings cup.yaml` (and `sueca --lang pt tournament standings
    # cup.yaml`): the action takes --lang, so it goes after.
    if words[:1] == ["tournament"] and len(words) >= 2:
        given = 2 if words[1] == "--lang" else 1 if words[1].startswith("--lang=") else 0
        rest = words[1 + given :]
        if given and rest and not rest[0].startswith("-"):
            return [words[0], *rest, *words[1 : 1 + given]]
    return words


def _said(args: argparse.Namespace, key: str) -> str:
    """The command line's words `key` ("error", "interrupted") in the language of a command that
    speaks one (`--lang`), else in English."""
    from ._common import cli_words, lang_of

    return cli_words(lang_of(args) if hasattr(args, "lang") else "en", key)


def _drop_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's last flush of what
    could not be written prints nothing more."""
    try:
        fd = sys.stdout.fileno()
    except (AttributeError, OSError, ValueError):  # closed, or not a file (a test's capture)
        return
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, fd)
    os.close(null)
