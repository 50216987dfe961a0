"""Pydantic's validation errors turned into located issues a card player can read.

`validation_issues()` maps each error of a model (a `Variant` unless said otherwise, or a record)
to an `Issue` with the file, line and column where the value was written, and a message that says
what is wrong and what would be valid (the choices, the bounds, a field name close to a mistyped
one). `combine_issues()` joins them with the reader's own issues, in file order; `validated()`
does both for a document read from a file.
"""

from __future__ import annotations

import dataclasses
import functools
import re
import types
import unicodedata
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Annotated, Any, TypeVar, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from ._errors import Issue
from ._text import cut
from ._variant import RuleError, Variant
from ._yaml import Located, PathKey, cap_issues, format_path

if TYPE_CHECKING:
    from ._lang._catalogue import Entry

__all__ = [
    "closest",
    "combine_issues",
    "error_issues",
    "show_value",
    "sort_issues",
    "suggestions",
    "validated",
    "validation_issues",
]

_Model = TypeVar("_Model", bound=BaseModel)


def show_value(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list | tuple):
        return "a list"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return repr(shown)
    return repr(value)


_YAML11_WORDS = {"yes", "no", "on", "off", "y", "n"}


def _model_at(path: PathKey, root: type[BaseModel] | None = None) -> type[BaseModel] | None:
    """The model class at a path inside `root` (a `Variant` unless given; `None` if it is not a
    model)."""
    model: type[BaseModel] = root or Variant
    for part in path:
        if isinstance(part, int):
            continue
        field = model.model_fields.get(part)
        if field is None:
            return None
        annotation = field.annotation
        args = getattr(annotation, "__args__", ())
        candidates = [annotation, *args]
        nxt = next(
            (c for c in candidates if isinstance(c, type) and issubclass(c, BaseModel)), None
        )
        if nxt is None:
            return None
        model = nxt
    return model


def _message(err: Any, path: PathKey, root: type[BaseModel] | None) -> tuple[str, PathKey]:
    """(message, path) for one pydantic error dict."""
    kind = err["type"]
    value = err.get("input")
    ctx = err.get("ctx") or {}
    if kind == "value_error":
        problem = ctx.get("error")
        if isinstance(problem, RuleError):
            return str(problem), path + problem.path
        return str(problem or err["msg"]), path
    if kind == "missing":
        field = path[-1] if path else "?"
        if path == ("name",):
            return "required field is missing: every variant needs `name:`", ()
        return f"required field {field!r} is missing", path[:-1]
    if kind == "extra_forbidden":
        return _unknown_field(path, root), path
    if kind == "literal_error":
        written = str(ctx.get("expected", "")).replace(" or ", ", ")
        expected = written.replace("'", "")
        if _needs_no_quotes(err):  # `'2'` for the number 2
            return f"expected one of {expected}, got {_unquote(value)}", path
        message = f"expected one of {expected}, got {show_value(value)}"
        hint, meant = _choice_hint(value, expected)
        if isinstance(value, str) and value.lower() in _YAML11_WORDS:
            message += f" (note: YAML 1.2 reads {value} as text, not as true or false)"
        elif hint == "word":
            message += f" (the value for {value!r} is {meant!r})"
        elif hint == "close":
            message += f" (did you mean {meant!r}?)"
        return message, path
    if kind in ("model_type", "model_attributes_type", "dict_type"):
        message = f"expected a mapping of fields (name: value), got {show_value(value)}"
        hint, fix = _mapping_hint(value, path, root)
        if hint == "colon":
            message += (
                f" (write {fix!r}, with a space after the colon, on a line of its own below"
                f" {path[-1]}: and indented)"
            )
        elif hint == "equals":
            message += (
                f" (write {fix!r}, on a line of its own below {path[-1]}: and indented: a"
                " field's name and its value are joined by ': ')"
            )
        return message, path
    if kind in ("list_type", "tuple_type"):
        return f"expected a list, got {show_value(value)}", path
    if kind in ("int_type", "int_parsing", "int_from_float"):
        if _needs_no_quotes(err):
            return f"expected a whole number, got {_unquote(value)}", path
        message = f"expected a whole number, got {show_value(value)}"
        if _word_value(value, "whole_number")[0] == "word":  # `games: quatro`
            message += f" (write it in digits: {_word_value(value, 'whole_number')[1]})"
        return message, path
    if kind in ("bool_type", "bool_parsing"):
        if _needs_no_quotes(err):
            return f"expected true or false, got {_unquote(value)}", path
        message = f"expected true or false, got {show_value(value)}"
        if isinstance(value, str) and value.lower() in _YAML11_WORDS:
            message += " (YAML 1.2: write true or false, not yes/no/on/off)"
        elif _word_value(value, "true_false")[0] == "word":  # `wins_partida: sim`
            message += f" (the value for {value!r} is {_word_value(value, 'true_false')[1]})"
        return message, path
    if kind == "string_type":
        hint = (
            f" (put it in quotes: '{show_value(value)}')" if isinstance(value, int | float) else ""
        )
        return f"expected text, got {show_value(value)}{hint}", path
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        words = {
            "greater_than_equal": f"must be at least {ctx.get('ge')}",
            "greater_than": f"must be more than {ctx.get('gt')}",
            "less_than_equal": f"must be at most {ctx.get('le')}",
            "less_than": f"must be less than {ctx.get('lt')}",
        }[kind]
        return f"{words}, got {show_value(value)}", path
    if kind == "too_short":
        count = len(value) if isinstance(value, list | tuple) else 0
        least = ctx.get("min_length")
        return (
            f"needs at least {least} {'item' if least == 1 else 'items'}, got {count or 'none'}",
            path,
        )
    if kind == "too_long":
        more = f", got {len(value)}" if isinstance(value, list | tuple) else ""
        return f"has too many items (at most {ctx.get('max_length')}{more})", path
    if kind == "string_too_short":
        return "must not be empty", path
    if kind == "string_too_long":
        return f"is too long (at most {ctx.get('max_length')} characters)", path
    return str(err["msg"]), path


_VALUES_PEOPLE_TYPE: dict[str, tuple[str, ...]] = {
    # Portuguese words for the values of a field (as `_plain()` writes them) → the values they
    # mean, most likely first; only those among a field's choices are named.
    "anti_horario": ("anticlockwise",),
    "antihorario": ("anticlockwise",),
    "direita": ("anticlockwise",),
    "para_a_direita": ("anticlockwise",),
    "sentido_contrario": ("anticlockwise", "reverse"),
    "horario": ("clockwise",),
    "esquerda": ("clockwise",),
    "para_a_esquerda": ("clockwise",),
    "acaso": ("random",),
    "ao_acaso": ("random",),
    "aleatorio": ("random",),
    "sorte": ("random",),
    "a_sorte": ("random",),
    "quem_da": ("dealer",),
    "quem_deu": ("dealer",),
    "a_seguir_a_quem_deu": ("after_dealer",),
    "depois_de_quem_deu": ("after_dealer",),
    "depois_de_quem_da": ("after_dealer",),
    "antes_de_quem_deu": ("before_dealer",),
    "antes_de_quem_da": ("before_dealer",),
    "ultima": ("dealer_last",),
    "ultima_carta": ("dealer_last",),
    "baixo": ("dealer_last",),
    "por_baixo": ("dealer_last",),
    "trunfo_por_baixo": ("dealer_last",),
    "primeira": ("dealer_first",),
    "primeira_carta": ("dealer_first",),
    "cima": ("dealer_first",),
    "por_cima": ("dealer_first",),
    "trunfo_por_cima": ("dealer_first",),
    "escolha": ("dealer_choice",),
    "quem_da_escolhe": ("dealer_choice",),
    "sentido_do_jogo": ("play_direction",),
    "contrario": ("reverse", "anticlockwise"),
    "ao_contrario": ("reverse", "anticlockwise"),
    "inverso": ("reverse",),
    "impedida": ("prevented",),
    "impossivel": ("prevented",),
    "proibida": ("prevented",),
    "acusavel": ("claimable",),
    "acusar": ("claimable",),
    "acusada": ("claimable",),
    "permitida": ("claimable",),
    "castigar": ("penalize_claimant",),
    "castigo": ("penalize_claimant",),
    "penalizar": ("penalize_claimant",),
    "ignorar": ("ignored",),
    "ignorada": ("ignored",),
    "acaba": ("deal_ends",),
    "acaba_a_mao": ("deal_ends",),
    "termina": ("deal_ends",),
    "continua": ("play_on",),
    "continuar": ("play_on",),
    "segue": ("play_on",),
    "equipa": ("team",),
    "jogador": ("player",),
    "pontos": ("all_points",),
    "todos_os_pontos": ("all_points",),
    "vazas": ("all_tricks",),
    "todas_as_vazas": ("all_tricks",),
    "dez_vazas": ("all_tricks",),
    "nenhum": ("none",),
    "nada": ("none",),
    "nulo": ("none",),
    "somar": ("add",),
    "soma": ("add",),
    "mais": ("add",),
    "mais_um": ("add",),
    "juntar": ("add",),
    "multiplicar": ("multiply",),
    "dobrar": ("multiply",),
    "dobro": ("multiply",),
    "a_dobrar": ("multiply",),
}


_NUMBER_WORDS = {
    word: str(n)
    for n, words in enumerate(
        [
            ("zero",),
            ("um", "uma", "one"),
            ("dois", "duas", "two"),
            ("tres", "three"),
            ("quatro", "four"),
            ("cinco", "five"),
            ("seis", "six"),
            ("sete", "seven"),
            ("oito", "eight"),
            ("nove", "nine"),
            ("dez", "ten"),
            ("onze", "eleven"),
            ("doze", "twelve"),
        ]
    )
    for word in words
}
"""Numbers a café player may write in words (as `_plain()` writes them), up to twelve."""
_TRUTH_WORDS = {"sim": "true", "verdadeiro": "true", "nao": "false", "falso": "false"}
"""Yes and no in Portuguese words (`não` is `nao` once its accent is set aside)."""


def _word_value(value: Any, kind: str) -> tuple[str, str]:
    """The value a word stands for where a `whole_number` (`quatro` is 4) or a `true_false`
    (`sim` is true) was expected: `("word", value)`, else `("plain", "")`."""
    words = _NUMBER_WORDS if kind == "whole_number" else _TRUTH_WORDS
    meant = words.get(_plain(value)) if isinstance(value, str) else None
    return ("plain", "") if meant is None else ("word", meant)


def _choice_hint(value: Any, expected: str) -> tuple[str, str]:
    """What a value that is none of a field's choices (`expected`, `"none, add, multiply"`) was
    most likely meant to be: `("word", choice)` for a Portuguese word of the game that the file
    writes in English (`nenhum` is `none`, `anti-horário` is `anticlockwise`), `("close",
    choice)` for a close spelling (`clockwize`), else `("plain", "")`."""
    if not isinstance(value, str) or value.lower() in _YAML11_WORDS:
        return "plain", ""
    choices = [e.strip() for e in expected.split(",")]
    meant = [c for c in _VALUES_PEOPLE_TYPE.get(_plain(value), ()) if c in choices]
    if meant:
        return "word", meant[0]
    close = closest(value, choices)
    if close is not None and close != value:  # never a suggestion that looks the same
        return "close", close
    return "plain", ""


_FIELD_AND_VALUE = re.compile(r"\s*([A-Za-z_]+)\s*(:|=)\s*(\S.*)")
"""A section written as one piece of text: `mode:none` (no space after the colon, so YAML reads
text, not a field) or `mode = none`."""


def _mapping_hint(value: Any, path: PathKey, root: type[BaseModel] | None) -> tuple[str, str]:
    """How a section that YAML read as text (`tie: mode:none`) was meant to be written: `("colon",
    "mode: none")` for a field and its value with no space after the colon, `("equals", "mode:
    none")` for one joined by `=`, when the name is a field of that section; else `("plain",
    "")`."""
    if not isinstance(value, str) or "\n" in value or not path:
        return "plain", ""
    found = _FIELD_AND_VALUE.fullmatch(value)
    model = _model_at(path, root) if found is not None else None
    if found is None or model is None or found.group(1) not in model.model_fields:
        return "plain", ""
    fix = cut(f"{found.group(1)}: {found.group(3).rstrip()}", _SHOWN_FIELD)
    return ("colon" if found.group(2) == ":" else "equals"), fix


def _needs_no_quotes(err: Any) -> bool:
    """Whether the value of this pydantic error is text that would be valid without its quotes
    (`'2'` for the seat 2, `'4'` for a number of games, `'true'`): said as such (`_unquote()`, the
    kind `quoted`), never as the value itself, which looks right."""
    kind, value = err["type"], err.get("input")
    if not isinstance(value, str):
        return False
    if kind == "literal_error":
        written = str((err.get("ctx") or {}).get("expected", "")).replace(" or ", ", ")
        return value in [e.strip() for e in written.split(",") if not e.strip().startswith("'")]
    if kind in ("int_type", "int_parsing", "int_from_float"):
        return value.isascii() and value.isdigit() and len(value) <= 20
    if kind in ("bool_type", "bool_parsing"):
        return value in ("true", "false")
    return False


def _unquote(value: str) -> str:
    """The words for a value written in quotes that means something without them (`'2'` for the
    seat 2, `'true'`): it is text, and how to write it."""
    return f"the string {value!r} (write it without quotes: {value})"


def _got(value: Any) -> str:
    """A value as the kind's `got` parameter: numbers and short text as written, else empty."""
    if isinstance(value, bool) or value is None:
        return "" if value is None else ("true" if value else "false")
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return value if len(value) <= 40 else value[:37] + "..."
    return ""


_KINDS = {
    "greater_than_equal": ("min", "ge"),
    "greater_than": ("above", "gt"),
    "less_than_equal": ("max", "le"),
    "less_than": ("below", "lt"),
    "too_short": ("too_few", "min_length"),
    "too_long": ("too_many", "max_length"),
    "string_too_long": ("too_long_text", "max_length"),
}
_PLAIN_KINDS = {
    "int_type": "whole_number",
    "int_parsing": "whole_number",
    "int_from_float": "whole_number",
    "bool_type": "true_false",
    "bool_parsing": "true_false",
    "string_type": "text",
    "model_type": "mapping",
    "model_attributes_type": "mapping",
    "dict_type": "mapping",
    "list_type": "list",
    "tuple_type": "list",
    "string_too_short": "empty",
    "missing": "missing",
    "extra_forbidden": "unknown_field",
    "literal_error": "choice",
}


def _kind(err: Any) -> tuple[str, dict[str, str]]:
    """The issue's kind and the values it names, for front ends in other languages."""
    kind = err["type"]
    ctx = err.get("ctx") or {}
    loc = [p for p in err.get("loc", ()) if isinstance(p, str)]
    got = {"got": _got(err.get("input"))}
    if _needs_no_quotes(err):
        return "quoted", got
    if kind == "value_error":
        problem = ctx.get("error")
        if isinstance(problem, RuleError) and problem.kind:
            return problem.kind, dict(problem.params)
        return "", {}
    if kind == "too_short":  # how many items there are, as the English says it
        value = err.get("input")
        count = len(value) if isinstance(value, list | tuple) else 0
        return "too_few", {"limit": str(ctx.get("min_length", "")), "count": str(count)}
    if kind in _KINDS:
        name, key = _KINDS[kind]
        return name, {"limit": str(ctx.get(key, "")), **got}
    if kind == "literal_error":
        expected = str(ctx.get("expected", "")).replace(" or ", ", ").replace("'", "")
        hint, meant = _choice_hint(err.get("input"), expected)
        if not got["got"]:
            hint = "nothing"  # no value to show: the words say only the choices
        return "choice", {"choices": expected, **got, "hint": hint, "meant": meant}
    if kind in ("missing", "extra_forbidden"):
        return _PLAIN_KINDS[kind], {"field": loc[-1] if loc else ""}
    if kind in _PLAIN_KINDS:
        name = _PLAIN_KINDS[kind]
        if name in ("whole_number", "true_false"):  # a number or yes/no in Portuguese words
            hint, meant = _word_value(err.get("input"), name)
            return name, {**got, "hint": hint if got["got"] else "nothing", "meant": meant}
        return name, got
    return "", {}


def _plain(word: str) -> str:
    """`word` as it is compared for suggestions: lower case, no accents, `_` for spaces and
    dashes (`Dealer-First` and `dealer first` are `dealer_first`; `renúncia` is `renuncia`)."""
    decomposed = unicodedata.normalize("NFKD", word.strip().lower())
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return bare.replace("-", "_").replace(" ", "_")


def _slips(a: str, b: str) -> int:
    """How many slips of the keyboard turn `a` into `b`: letters left out, added, changed or
    swapped with the next one (the optimal string alignment distance)."""
    before = list(range(len(b) + 1))
    row = [0] * (len(b) + 1)
    earlier = before
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            row[j] = min(
                before[j] + 1,
                row[j - 1] + 1,
                before[j - 1] + (a[i - 1] != b[j - 1]),
            )
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], earlier[j - 2] + 1)
        earlier, before = before, row
    return before[len(b)]


def _words(plain: str) -> tuple[str, ...]:
    return tuple(w for w in plain.split("_") if w)


def _misspelt(typed: tuple[str, ...], choice: tuple[str, ...]) -> int | None:
    """The slips that turn the words `typed` into the words `choice`, word by word (a word of
    four letters or fewer takes one slip, a longer one two, and a slip leaves a letter of the
    word as it was: `7` is not `0`), or as a whole when words were run
    together or split (`falseclaim`); `None` when a word is another word (`after` is not
    `games`)."""

    def slips(a: str, b: str) -> int | None:
        if abs(len(a) - len(b)) > 2:
            return None  # at least that many slips (and no quadratic work on a long word)
        n = _slips(a, b)
        shorter = min(len(a), len(b))
        return n if n < shorter and n <= (1 if shorter <= 4 else 2) else None

    if len(typed) != len(choice):
        return slips("".join(typed), "".join(choice))
    total = 0
    for a, b in zip(typed, choice, strict=True):
        n = slips(a, b)
        if n is None:
            return None
        total += n
    return total


def suggestions(word: str, choices: Sequence[str]) -> list[str]:
    """The choices `word` was most likely meant to be, in the order of `choices`, first found
    first: the one that is the same once case, accents, spaces and dashes are set aside; the one
    with the same words in another order (`false_claim_after` → `after_false_claim`); the one
    closest in spelling, word by word (`clockwize` → `clockwise`, a word mistyped, never another
    word: `false_claim_after` is not `false_claim_games`); else every choice that begins with
    `word` (`target` → `target_games`, `stand` → `standings`), or with the most of its first
    words (`false_claim_mode` → `false_claim`, `false_claim_games`); else every choice that ends
    with its last word (`claim_games` → `false_claim_games`, `penalty_games`). Empty when none
    is close."""
    plain = {_plain(c): c for c in choices}
    typed = _plain(word)
    if typed in plain:
        return [plain[typed]]
    words = _words(typed)
    if not words:
        return []
    split = {key: _words(key) for key in plain}
    ordered = sorted(words)
    same = [key for key, w in split.items() if len(w) == len(words) and sorted(w) == ordered]
    if same:
        return [plain[same[0]]]
    slips = {key: _misspelt(words, w) for key, w in split.items()}
    close = [key for key, n in slips.items() if n is not None]
    if close:
        return [plain[min(close, key=lambda key: slips[key] or 0)]]  # (never None in close)
    begun = [key for key in plain if key.startswith(typed)]
    longest = max((len(w) for w in split.values()), default=0)  # no longer prefix can match
    for k in range(min(len(words) - 1, longest), 0, -1):
        if begun:
            break
        begun = [key for key, w in split.items() if w[:k] == words[:k]]
    if begun:
        return [plain[key] for key in begun]
    if len(words) > 1:
        return [plain[key] for key, w in split.items() if len(w) > 1 and w[-1] == words[-1]]
    return []


def closest(word: str, choices: Sequence[str]) -> str | None:
    """The choice `word` most likely meant (the first of `suggestions()`), or `None` when none
    is close."""
    found = suggestions(word, choices)
    return found[0] if found else None


_WORDS_PEOPLE_TYPE: dict[str, tuple[str, ...]] = {
    # Portuguese (and English) words of the game → the fields they mean, most likely first.
    "renuncia": ("revoke",),
    "renunciar": ("revoke",),
    "revokes": ("revoke",),
    "partida": ("match", "target_games"),
    "partidas": ("best_of", "match"),
    "jogos": ("target_games", "games", "penalty_games"),
    "jogo": ("games", "target_games"),
    "pontos": ("min_points",),
    "trunfo": ("trump_card", "deal"),
    "empate": ("tie",),
    "capote": ("tiers",),
    "sentido": ("direction", "table"),
    "direcao": ("direction", "table"),
    "mesa": ("table",),
    "baralhar": ("deal",),
    "dar": ("deal",),
    "distribuicao": ("deal",),
    "dador": ("first_dealer",),
    "nome": ("name",),
    "descricao": ("description",),
    "penalty": ("penalty_games",),
}


def _unknown_field(path: PathKey, root: type[BaseModel] | None) -> str:
    """The message for an unknown field: what it was probably meant to be (a close spelling,
    or the English field for a word of the game such as `renuncia:` or `partida:`), and the
    valid fields there (see `_unknown_field_params()`), in the words of `issue.unknown_field`
    in the English catalogue, the names it quotes quoted as Python quotes them (`"it's"`,
    `'a\\tb'`), so that any name typed reads back as it is."""
    from ._lang._catalogue import render

    said = _unknown_field_params(path, root)
    quoted = {f"{name}_quoted": repr(said[name]) for name in ("field", "meant")}
    return render(_unknown_field_words(), {**said, **quoted}, "en")


@functools.cache
def _unknown_field_words() -> Entry:
    """`issue.unknown_field` of the English catalogue, each `'{name}'` it quotes made
    `{name_quoted}` (see `_unknown_field()`)."""
    from ._lang._catalogue import load_catalogue

    def requoted(entry: Entry) -> Entry:
        if isinstance(entry, str):
            return re.sub(r"'\{(field|meant)\}'", r"{\1_quoted}", entry)
        return {key: part if key == "$" else requoted(part) for key, part in entry.items()}

    return requoted(load_catalogue("en", "issues").entries["issue.unknown_field"])


_SHOWN_FIELD = 40
"""The most characters of an unknown field's name its issue repeats."""


def _unknown_field_params(path: PathKey, root: type[BaseModel] | None) -> dict[str, str]:
    """What is said of an unknown field, for every language: the `field` typed, the `valid`
    fields there, and a `hint`: `"close"` (a close spelling, `meant`), `"several"` (fields
    that begin or end as it does, `meant`, each in quotes: `'false_claim', 'false_claim_games'`),
    `"word"` (a word of the
    game whose field is `meant`), `"elsewhere"` (the name of a field of another section, the
    only one so named, `meant`, in the `section` it belongs under: `tie` written at the top, not
    under `scoring:`), `"top"` (a field of the top level, `meant`, written inside a section),
    `"plain"` (no
    guess) or `"none"` (no list of fields)."""
    model = _model_at(path[:-1], root)
    allowed = sorted(model.model_fields) if model is not None else []
    typed = str(path[-1])
    said = {
        "field": cut(typed, _SHOWN_FIELD),
        "valid": ", ".join(allowed),
        "meant": "",
        "hint": "plain",
    }
    if not allowed:
        return {**said, "hint": "none"}
    meant = [f for f in _WORDS_PEOPLE_TYPE.get(_plain(typed), ()) if f in allowed]
    if meant:
        return {**said, "hint": "word", "meant": meant[0]}
    here = format_path(path[:-1])
    inside = [f"{here}.{home}" if here else home for home in _homes(typed, model)] if model else []
    homes = inside if len(inside) == 1 else _homes(typed, root or Variant)
    # A field of another section (`tie:` not indented under `scoring:`), of a section inside
    # this one first (`scoring: {mode: add}`, its `tie:` line left out).
    if len(homes) == 1:
        section = homes[0].rpartition(".")[0].rpartition(".")[2]
        if not section:  # `name:` indented under a section: a field of the top level
            return {**said, "hint": "top", "meant": homes[0]}
        return {**said, "hint": "elsewhere", "meant": homes[0], "section": section}
    close = suggestions(typed, allowed)
    if len(close) == 1 and close[0] != typed:
        return {**said, "hint": "close", "meant": close[0]}
    if len(close) > 1:  # fields that begin or end alike: `false_claim`, `false_claim_games`
        return {**said, "hint": "several", "meant": ", ".join(repr(f) for f in close)}
    if _WORDS_PEOPLE_TYPE.get(_plain(typed)):
        where = _where(_WORDS_PEOPLE_TYPE[_plain(typed)][0], root or Variant)
        return {**said, "hint": "word", "meant": where}
    return said


def _homes(field: str, model: type[BaseModel], prefix: str = "") -> list[str]:
    """The dotted paths of every field named exactly `field` in `model` and its sections
    (`tie` is `scoring.tie`; `mode` is in two sections)."""
    found = [prefix + field] if field in model.model_fields else []
    for name in model.model_fields:
        inner = _model_at((name,), model)
        if inner is not None:
            found += _homes(field, inner, f"{prefix}{name}.")
    return found


def _where(field: str, model: type[BaseModel], prefix: str = "") -> str:
    """The dotted path of the first field named `field` in `model` and its sections (`field`
    itself when there is none)."""
    if field in model.model_fields:
        return prefix + field
    for name in model.model_fields:
        inner = _model_at((name,), model)
        if inner is not None:
            found = _where(field, inner, f"{prefix}{name}.")
            if found.endswith(field) and found != field:
                return found
    return field


def combine_issues(found: Sequence[Issue], validation: Sequence[Issue]) -> list[Issue]:
    """The reader's issues and the validation issues, in file order; a validation issue at a
    field the reader already reported (a duplicate key, a number too long) is left out."""
    reported = {(i.file, i.path) for i in found}
    return sort_issues([*found, *(i for i in validation if (i.file, i.path) not in reported)])


def sort_issues(issues: list[Issue]) -> list[Issue]:
    """Issues in file order (those without a line last, in their given order)."""
    return sorted(issues, key=lambda i: (i.file or "", i.line is None, i.line or 0, i.column or 0))


def _is_builtin(file: str | None) -> bool:
    return file is not None and file.startswith("<built-in")


def _written(located: Located | None, path: PathKey) -> bool:
    """Whether the data holds a value at `path` (not a default the models fill in)."""
    if located is None:
        return True
    return tuple(path) in located.positions


def _nearest_user_written(located: Located, path: PathKey) -> PathKey:
    """The longest prefix of `path` that a file of the user's (not a built-in) wrote."""
    probe = tuple(path)
    while probe and _is_builtin(located.file_of(probe)):
        probe = probe[:-1]
    return probe


def validation_issues(
    exc: ValidationError,
    located: Located | None = None,
    *,
    rules: bool = True,
    root: type[BaseModel] | None = None,
) -> list[Issue]:
    """Translate a pydantic `ValidationError` of the model `root` (a `Variant` unless given) into
    located, player-readable issues.

    With `rules=False` the rules between the fields of a section are left out: only what is wrong
    with each field on its own is reported.
    """
    return error_issues(exc.errors(), located, rules=rules, root=root)


def error_issues(
    errors: Sequence[Any],
    located: Located | None = None,
    *,
    rules: bool = True,
    root: type[BaseModel] | None = None,
) -> list[Issue]:
    """`validation_issues()` of a `ValidationError`'s `errors()` (or of several, their places
    from the same root)."""
    issues: list[Issue] = []
    seen: set[str] = set()
    # A list that is too short because its items were wrong says nothing more than they do.
    item_errors = {tuple(e["loc"][:-1]) for e in errors if len(e["loc"]) > 1}
    # The errors of each member of a union (`str | dict`) are one issue at the field.
    untagged = [_without_union_tags(tuple(e["loc"]), root or Variant) for e in errors]
    unions: dict[PathKey, list[int]] = {}
    for i, (loc, tagged) in enumerate(untagged):
        if tagged:
            unions.setdefault(loc, []).append(i)
    for i, err in enumerate(errors):
        if err["type"] == "too_short" and any(
            loc[: len(err["loc"])] == tuple(err["loc"]) for loc in item_errors
        ):
            continue
        path: PathKey = untagged[i][0]
        if not rules and err["type"] == "value_error" and _model_at(path, root) is not None:
            continue  # a rule between the fields of a section
        if not rules and err["type"] == "value_error" and not _written(located, path):
            continue  # a rule on a default value (`tie: {mode: multiply}`): the base may set it
        members = unions.get(path, []) if untagged[i][1] else []
        if len(members) > 1:
            if i != members[0]:
                continue  # said with the first
            message = _either([_message(errors[j], path, root)[0] for j in members], err)
        else:
            message, path = _message(err, path, root)
        inherited = None  # the built-in a value the user's files kept comes from
        if located is not None:
            issue = located.issue(message, path)
            if issue.file and _is_builtin(issue.file) and located.file != issue.file:
                # A built-in is valid on its own: the problem is what the user's files changed
                # (such as `tie: {mode: multiply}` keeping portugal's amount of 1). Point at
                # the nearest place they wrote.
                here = _nearest_user_written(located, path)
                line, column = located.where(here)
                inherited = issue.file[1:-1].removeprefix("built-in ")
                issue = Issue(
                    f"{message} (the value comes from {issue.file[1:-1]})",
                    format_path(path),
                    located.file_of(here) if here else located.file,
                    line,
                    column,
                )
        else:
            issue = Issue(message, format_path(path))
        kind, params = _kind(err) if len(members) <= 1 else _union_kind(errors, members)
        if kind == "unknown_field":  # what it may have meant, and the fields there
            params = _unknown_field_params(path, root)
        if kind == "mapping":  # a section written as text: how it was meant (`mode:none`)
            hint, fix = _mapping_hint(err.get("input"), path, root)
            params = {**params, "hint": hint, "fix": fix, "section": str(path[-1]) if path else ""}
        if kind and inherited:  # said after the kind's words in every language
            params = {**params, "inherited": inherited}
        if kind:
            issue = dataclasses.replace(issue, kind=kind, params=tuple(params.items()))
        text = str(issue)
        if text not in seen:
            seen.add(text)
            issues.append(issue)
    return sort_issues(issues)


def _union_kind(errors: Sequence[Any], members: list[int]) -> tuple[str, dict[str, str]]:
    """The kind of a value that every member of a union refused: `text_or_mapping` for text
    or a mapping (a record's `variant`), `int_or_text` for a whole number or text (a
    tournament's `seed`), else none."""
    types = sorted(errors[i]["type"] for i in members)
    if types == ["dict_type", "string_type"]:
        return "text_or_mapping", {"got": _got(errors[members[0]].get("input"))}
    if types == ["int_type", "string_type"]:  # a tournament's seed
        return "int_or_text", {"got": _got(errors[members[0]].get("input"))}
    return "", {}


def _without_union_tags(loc: tuple[Any, ...], root: type[BaseModel]) -> tuple[PathKey, bool]:
    """`loc` without the tags pydantic puts after a field that is a union (`variant.str`,
    `variant.dict[str,any]`), found by walking the model's annotations, and whether it had one."""
    path: list[str | int] = []
    tagged = False
    current: Any = root
    for part in loc:
        while True:  # the annotation that `part` is a key of: Annotated and Optional set aside
            if get_origin(current) is Annotated:
                current = get_args(current)[0]
                continue
            if get_origin(current) in (Union, types.UnionType):
                members = [a for a in get_args(current) if a is not type(None)]
                if len(members) == 1:
                    current = members[0]
                    continue
            break
        if get_origin(current) in (Union, types.UnionType):
            tagged = True  # `part` names the member: not a key of the value
            current = next(
                (m for m in get_args(current) if getattr(m, "__name__", None) == part), None
            )
            continue
        if not isinstance(part, str | int):
            continue
        path.append(part)
        if isinstance(current, type) and issubclass(current, BaseModel) and isinstance(part, str):
            field = current.model_fields.get(part)
            current = field.annotation if field is not None else None
        elif get_origin(current) in (list, tuple) and isinstance(part, int):
            current = get_args(current)[0] if get_args(current) else None
        elif get_origin(current) is dict and isinstance(part, str):
            current = get_args(current)[1] if get_args(current) else None
        else:
            current = None
    return tuple(path), tagged


def _either(messages: list[str], err: Any) -> str:
    """One message for the members of a union that all refused a value: `expected text or a
    mapping of fields (name: value), got 5`."""
    wanted = []
    for message in messages:
        if not message.startswith("expected ") or ", got " not in message:
            return "; or ".join(dict.fromkeys(messages))
        wanted.append(message.removeprefix("expected ").split(", got ", 1)[0])
    return f"expected {' or '.join(dict.fromkeys(wanted))}, got {show_value(err.get('input'))}"


def validated(
    root: type[_Model], located: Located, error: Callable[[list[Issue]], Exception]
) -> _Model:
    """`located.data` validated as the model `root`. Raises `error(issues)` with the reader's own
    issues and the validation's, in file order (the first hundred, then how many more), when
    there are any."""
    try:
        model = root.model_validate(located.data)
    except ValidationError as exc:
        found = validation_issues(exc, located, root=root)
        raise error(cap_issues(combine_issues(located.issues, found))) from None
    if located.issues:
        raise error(cap_issues(located.issues))
    return model
