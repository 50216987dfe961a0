"""The narration of a game and the words of the analysis: one implementation in no language
(`sueca_rules._lang._game_tables`, `._analysis_tables`) reading each language's `game` and
`analysis` catalogues. A language is its catalogues only: the implementation writes no word."""

from __future__ import annotations

import inspect
import itertools
import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from sueca_rules._lang import LANGS, Lang, Who, phrases
from sueca_rules._lang._analysis_tables import AnalysisPhrases
from sueca_rules._lang._catalogue import Catalogue, Entry, load_catalogue
from sueca_rules._lang._game_tables import PAGE_WORDS, PlayPhrases, ReplayPhrases, person

LANG = Path(__file__).resolve().parents[1] / "sueca_rules" / "_lang"
SOURCES = {"game": LANG / "_game_tables.py", "analysis": LANG / "_analysis_tables.py"}
_FIELD = re.compile(r"\{([a-z_][a-z0-9_]*)\}")


def _shout(entry: Entry) -> Entry:
    """`entry` with every letter of its templates in capitals (its `{names}` as they are)."""
    if isinstance(entry, str):
        parts = _FIELD.split(entry)  # text, name, text, name, ... text
        return "".join(f"{{{p}}}" if i % 2 else p.upper() for i, p in enumerate(parts))
    return {k: v if k == "$" else _shout(v) for k, v in entry.items()}


def _shouted(lang: str, section: str) -> Catalogue:
    """A language `xx` whose catalogue is `lang`'s, in capitals."""
    entries = load_catalogue(lang, section).entries
    return Catalogue("xx", section, {k: _shout(v) for k, v in entries.items()})


def _whos(section: Any) -> list[Who]:
    """Every kind of subject, named by `section` itself (labels in capitals)."""
    roles = [section.role(r, "S") for r in ("you", "partner", "left", "right")]
    return [*roles, section.seat(2, "S"), section.team(1, "T"), *map(section.our_team, (1, 0))]


def _arguments(phrase: str, name: str, annotation: str, section: Any) -> list[Any]:
    """Values of one argument to try (strings in capitals: none of their letters is a word)."""
    if "Who" in annotation:
        whos = _whos(section)
        if "tuple" in annotation:
            return [(whos[6], whos[7]), (whos[5], whos[4])]
        return whos + ([None] if "None" in annotation else [])
    special: dict[str, list[Any]] = {
        "outcome": ["ignored", "ends", "on"],
        "role": ["you", "partner", "left", "right"],
        "choice": [True, False, 2] if "bool" in annotation else ["7♥"],
        "after": [0, 5, 40],
        "suit": [0, 3] if annotation == "int" else ["S"],
    }
    if name == "kind" and phrase == "decision_line":
        return ["X"]  # already in words
    if name == "kind":
        # (a card is shown as it is given: `"7♥"`)
        return ["", "bandeira", "capote"] if "Literal" in annotation else ["redeal", "claim"]
    if name in special:
        return special[name]
    by_type: list[tuple[str, list[Any]]] = [
        ("tuple[int, int]", [(0, 1), (2, 0)]),
        ("tuple[str", [("X",)]),
        ("Sequence[int]", [[1, 3]]),
        ("Sequence[str]", [["X"], ["X", "Y"], ["A", "B", "C"]]),
        ("bool", [True, False]),
        ("float", [0, 1, 2.5, 1234.5]),
        ("int | None", [None, 1, 2]),
        ("str | None", [None, "SUECA RULES X"]),
        ("int | str", [7, "ABC"]),
        ("int", [0, 1, 2, 12345]),
        ("str", ["X 7H"]),
    ]
    for kind, values in by_type:
        if kind in annotation:
            return values
    raise AssertionError(f"no values for {name}: {annotation}")


def _calls(section: Any, protocol: type) -> Iterator[tuple[str, object]]:
    """Every phrase of `section` said with every combination of the values above."""
    for name in sorted(n for n in vars(protocol) if not n.startswith("_")):
        phrase = getattr(section, name)
        if not callable(phrase):
            continue
        params = inspect.signature(phrase).parameters.values()
        options = [
            _arguments(name, p.name, str(p.annotation), section)
            for p in params
            if p.kind != p.VAR_KEYWORD  # a phrase said as its entry is (`Said`)
        ]
        for args in itertools.product(*options):
            yield name, phrase(*args)


SECTIONS: list[tuple[str, Callable[[Catalogue, Catalogue], Any], type]] = [
    ("play", lambda game, analysis: PlayPhrases(game), PlayPhrases),
    ("replay", lambda game, analysis: ReplayPhrases(game), ReplayPhrases),
    ("analysis", lambda game, analysis: AnalysisPhrases(analysis, game), AnalysisPhrases),
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("name", "make", "protocol"), SECTIONS, ids=[s[0] for s in SECTIONS])
def test_every_word_comes_from_the_catalogue(
    lang: str, name: str, make: Callable[[Catalogue, Catalogue], Any], protocol: type
) -> None:
    # A language whose catalogues are in capitals says every phrase in capitals: no letter of
    # what is said comes from the Python code (given facts without lower-case letters).
    section = make(_shouted(lang, "game"), _shouted(lang, "analysis"))
    said = 0
    for phrase, text in _calls(section, protocol):
        words = f"{text.name} {text.short}" if isinstance(text, Who) else str(text)
        assert not re.search(r"[a-zà-ÿ]", words), (phrase, text)
        said += 1
    assert said > 100 if name != "replay" else said > 50
    for attribute in ("yes_words", "hint_words", "scores_columns", "winning"):
        for word in getattr(section, attribute, ()):
            assert word == word.upper(), (attribute, word)


def test_every_entry_is_said() -> None:
    # Each entry of the game and analysis catalogues is named by the implementation (the web
    # review's words are handed to the page as they are).
    code = "".join(source.read_text(encoding="utf-8") for source in SOURCES.values())
    named = set(re.findall(r'"([a-z_][A-Za-z0-9_.]*)"', code))
    for section in SOURCES:
        for key in load_catalogue("en", section).entries:
            assert key in named or key.startswith(("review.", "hint.")), (section, key)


def test_verbs_agree_with_their_subject() -> None:
    pt = phrases("pt").play
    you, partner = pt.role("you", "tu"), pt.role("partner", "parceiro")
    we, they, team = pt.our_team(True), pt.our_team(False), pt.team(1, "equipa 1")
    assert [person(w) for w in (you, partner, we, they)] == [
        "second",
        "third",
        "first_plural",
        "third_plural",
    ]
    assert pt.won(we, 2, "") == "nós marcamos 2 jogos."
    assert pt.won(they, 1, "capote") == "eles marcam 1 jogo (capote!)."
    assert pt.won(team, 4, "bandeira") == "a equipa 1 marca 4 jogos (bandeira!)."
    assert pt.chose(you, True) == "Tu escolhes a carta de cima para trunfo."
    assert pt.redeal(partner, you) == (
        "O teu parceiro pede que se dê de novo (uma mão fraca): tu dás outra vez."
    )
    en = phrases("en").play
    assert en.redeal(en.role("you", "you"), en.role("left", "left rival")) == (
        "You ask for a new deal (a weak hand): the left rival deals again."
    )
    assert en.won(en.our_team(True), 1, "") == "we score 1 game."
    assert en.won(en.team(0, "team 0"), 2, "capote") == "team 0 scores 2 games (capote!)."


def test_numbers_as_each_language_writes_them() -> None:
    assert phrases("en").play.number(1234567) == "1,234,567"
    assert phrases("pt").play.number(1234567) == "1 234 567"
    assert phrases("en").analysis.number(2.25) == "2.2"
    assert phrases("pt").analysis.number(1.5) == "1,5"
    assert phrases("pt").analysis.number(3.0) == "3"


def test_the_columns_of_a_report_line_up_in_each_language() -> None:
    # The kind of a decision is padded to the longest kind of its language.
    for lang, width in (("en", 9), ("pt", 12)):
        w = phrases(lang).analysis
        lines = [w.decision_line(3, "seat 1", w.kind(k), "7♥", "A♥", 0) for k in ("card", "claim")]
        assert len({line.index("7♥") for line in lines}) == 1
        assert max(len(w.kind(k)) for k in ("card", "redeal", "claim")) == width


@pytest.mark.parametrize("lang", LANGS)
def test_the_pages_say_the_games_suits_and_counts(lang: Lang) -> None:
    # One entry for the terminal and the browser: the suits and the counts of games and points
    # are the game catalogue's, served to the pages under the keys they always had.
    pytest.importorskip("starlette")
    from sueca_rules.web._i18n import phrase, strings

    game, web = load_catalogue(lang, "game"), load_catalogue(lang, "web")
    for key in PAGE_WORDS:
        assert strings(lang)[key] == game.entries[key]
        assert key not in web
    p = phrases(lang)
    assert phrase(lang, "suit.H") == p.play.suit(1)
    assert phrase(lang, "unit.games", n=3) in p.play.won(p.play.our_team(True), 3, "")
    assert phrase(lang, "score.points", n=1) in p.play.ask_redeal(1, 21)


def _built(section: Any, spec: Any) -> Any:
    """An argument of a snapshot row: a subject (`{"who": [constructor, args...]}`, made by the
    section itself), a pair of subjects or of numbers (a tuple), or the value itself."""
    if isinstance(spec, dict):
        constructor, *args = spec["who"]
        return getattr(section, constructor)(*args)
    if isinstance(spec, list) and spec and isinstance(spec[0], dict):
        return tuple(_built(section, s) for s in spec)
    if isinstance(spec, list) and len(spec) == 2 and all(isinstance(x, int) for x in spec):
        return tuple(spec)
    return spec


def test_every_phrase_says_what_the_language_modules_said() -> None:
    # `narration/phrases.json`: what the phrase modules of each language (en_game.py, pt_game.py,
    # en_analysis.py, pt_analysis.py, removed when the catalogues took their words) said for
    # every phrase, with one call for each different shape of text each phrase had (972 calls).
    rows = json.loads((Path(__file__).parent / "narration" / "phrases.json").read_text("utf-8"))
    assert len(rows) > 900
    for lang, name, phrase, args, said in rows:
        p = phrases(lang)
        section = getattr(p, name)
        value = getattr(section, phrase)
        if args is None:  # a word list, the columns, the web's words
            shown = sorted(value) if isinstance(value, frozenset) else value
            assert shown == (tuple(said) if isinstance(value, tuple) else said), (lang, phrase)
            continue
        out = value(*(_built(p.play, a) for a in args))
        if isinstance(out, Who):
            out = [out.name, out.short, out.person, out.plural]
        assert out == said, (lang, name, phrase, args)
