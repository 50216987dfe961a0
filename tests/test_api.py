"""The public API: one table (``sueca_rules/__init__.pyi``), every name importable, lazily,
shown as ``sueca_rules.<name>``; bad arguments raise the library's own errors."""

from __future__ import annotations

import ast
import inspect
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import sueca_rules
from sueca_rules import ConfigError, IllegalPlayError, Match, SuecaError

STUB = Path(sueca_rules.__file__).with_suffix(".pyi")


def stub_imports() -> dict[str, str]:
    """``{name: module}`` of the stub, read with ``ast`` (not the package's own reader)."""
    tree = ast.parse(STUB.read_text(encoding="utf-8"))
    out: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                assert alias.asname == alias.name, f"{alias.name}: re-export as itself"
                out[alias.name] = f".{node.module}"
    return out


def test_the_stub_is_the_one_table() -> None:
    names = stub_imports()
    assert set(sueca_rules.__all__) == {*names, "__version__"}
    assert len(names) >= 60
    assert names == sueca_rules.__dict__["_LAZY"]


def test_every_exported_name_resolves_from_its_module() -> None:
    import importlib

    for name, module in stub_imports().items():
        value = getattr(sueca_rules, name)
        assert value is getattr(importlib.import_module(module, "sueca_rules"), name)
    assert set(dir(sueca_rules)) >= set(sueca_rules.__all__)


def test_no_private_name_is_exported() -> None:
    assert not [n for n in sueca_rules.__all__ if n.startswith("_") and n != "__version__"]


def test_public_classes_show_the_public_path() -> None:
    for name in sueca_rules.__all__:
        value = getattr(sueca_rules, name)
        if isinstance(value, type):
            assert value.__module__ == "sueca_rules", name
            assert value.__qualname__ == name
    assert repr(sueca_rules.Match) == "<class 'sueca_rules.Match'>"


def test_the_version_comes_from_the_package_metadata() -> None:
    from importlib.metadata import version

    assert sueca_rules.__version__ == version("sueca-rules")
    pyproject = (Path(__file__).parents[1] / "pyproject.toml").read_text(encoding="utf-8")
    assert "__version__" not in pyproject


def test_unknown_names_raise_attribute_error() -> None:
    with pytest.raises(AttributeError, match="nothing_here"):
        sueca_rules.nothing_here  # type: ignore[attr-defined]  # noqa: B018


def test_errors_are_value_errors() -> None:
    for name in (
        "CardError",
        "ConfigError",
        "VariantError",
        "RecordError",
        "IllegalPlayError",
        "SourceError",
    ):
        error = getattr(sueca_rules, name)
        assert issubclass(error, sueca_rules.SuecaError)
        assert issubclass(error, ValueError)


def test_importing_the_package_and_the_cli_is_light() -> None:
    code = (
        "import sys, sueca_rules, sueca_rules.cli; sueca_rules.cli.build_parser(); "
        "print(sorted(m for m in ('pydantic', 'yaml', 'rich', 'importlib.metadata') "
        "if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_docstring_examples_run() -> None:
    import doctest

    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner()
    attempted = 0
    for name in ("Match", "simulate", "compare"):
        for test in finder.find(getattr(sueca_rules, name), name):
            runner.run(test)
            attempted += len(test.examples)
    from sueca_rules import bots

    for test in [*finder.find(bots), *finder.find(bots.guess_hands, "guess_hands")]:
        runner.run(test)
        attempted += len(test.examples)
    assert runner.failures == 0
    assert attempted >= 3


# --- bad arguments: every one is a SuecaError, and changes nothing -------------------------


def _calls() -> list[tuple[str, Callable[[], Any], type[SuecaError]]]:
    from sueca_rules import analysis
    from sueca_rules.bots import make_bot

    return [
        ("Match(first_dealer=7)", lambda: Match(first_dealer=7), ConfigError),
        ("Match(first_dealer=True)", lambda: Match(first_dealer=True), ConfigError),
        ("Match(first_dealer=1.0)", lambda: Match(first_dealer=1.0), ConfigError),  # type: ignore[arg-type]
        ("Match(first_dealer='1')", lambda: Match(first_dealer="1"), ConfigError),  # type: ignore[arg-type]
        ("Match(variant=3)", lambda: Match(3), ConfigError),  # type: ignore[arg-type]
        ("Match(seed=1.5)", lambda: Match(seed=1.5), ConfigError),  # type: ignore[arg-type]
        ("Match(seed=True)", lambda: Match(seed=True), ConfigError),
        ("Match('nowhere')", lambda: Match("nowhere"), sueca_rules.VariantError),
        ("observation(4)", lambda: Match(seed=1).observation(4), ConfigError),
        ("observation(True)", lambda: Match(seed=1).observation(True), ConfigError),
        ("hand(-1)", lambda: Match(seed=1).hand(-1), ConfigError),
        ("hand('0')", lambda: Match(seed=1).hand("0"), ConfigError),  # type: ignore[arg-type]
        ("play(None)", lambda: Match(seed=1).play(None), IllegalPlayError),  # type: ignore[arg-type]
        ("claim(9)", lambda: Match("portugal-table", seed=1).claim(9), IllegalPlayError),
        ("may_redeal(5)", lambda: Match(seed=1).may_redeal(5), ConfigError),
        ("deal_random('top')", lambda: Match(deal=False).deal_random("top"), IllegalPlayError),
        ("make_bot(6)", lambda: make_bot(6), ConfigError),
        ("make_bot('2')", lambda: make_bot("2"), ConfigError),  # type: ignore[arg-type]
        ("make_bot(2, samples=3)", lambda: make_bot(2, samples=3), ConfigError),
        ("make_bot(4, bogus=1)", lambda: make_bot(4, bogus=1), ConfigError),
        ("describe(lang='fr')", lambda: sueca_rules.describe(_v(), "fr"), ConfigError),  # type: ignore[arg-type]
        ("summary(lang=None)", lambda: sueca_rules.summary(_v(), None), ConfigError),  # type: ignore[arg-type]
        ("simulate(deals=0)", lambda: sueca_rules.simulate("portugal", deals=0), ConfigError),
        ("simulate(jobs=-1)", lambda: sueca_rules.simulate("portugal", jobs=-1), ConfigError),
        (
            "simulate(teams=(9, 1))",
            lambda: sueca_rules.simulate("portugal", teams=(9, 1)),
            ConfigError,
        ),
        ("parse_card(None)", lambda: sueca_rules.parse_card(None), sueca_rules.CardError),  # type: ignore[arg-type]
        ("parse_cards(5)", lambda: sueca_rules.parse_cards(5), sueca_rules.CardError),  # type: ignore[arg-type]
        ("Card('A')", lambda: sueca_rules.Card("A"), sueca_rules.CardError),
        ("Card(2.0)", lambda: sueca_rules.Card(2.0), sueca_rules.CardError),  # type: ignore[arg-type]
        ("load_variant(3)", lambda: sueca_rules.load_variant(3), ConfigError),  # type: ignore[arg-type]
        ("parse_variant(3)", lambda: sueca_rules.parse_variant(3), ConfigError),  # type: ignore[arg-type]
        ("parse_record(None)", lambda: sueca_rules.parse_record(None), ConfigError),  # type: ignore[arg-type]
        ("load_record(None)", lambda: sueca_rules.load_record(None), ConfigError),  # type: ignore[arg-type]
        ("save_record({})", lambda: sueca_rules.save_record({}, "x.yaml"), ConfigError),  # type: ignore[arg-type]
        ("save_record(path=3)", lambda: sueca_rules.save_record(_r(), 3), ConfigError),  # type: ignore[arg-type]
        ("dump_record(match)", lambda: sueca_rules.dump_record(Match(seed=1)), ConfigError),  # type: ignore[arg-type]
        ("dump_record(fmt='toml')", lambda: sueca_rules.dump_record(_r(), "toml"), ConfigError),
        ("replay_report(record)", lambda: sueca_rules.replay_report(_r()), ConfigError),  # type: ignore[arg-type]
        ("describe('portugal')", lambda: sueca_rules.describe("portugal"), ConfigError),  # type: ignore[arg-type]
        ("describe(base='x')", lambda: sueca_rules.describe(_v(), base="x"), ConfigError),  # type: ignore[arg-type]
        ("summary(None)", lambda: sueca_rules.summary(None), ConfigError),  # type: ignore[arg-type]
        ("diff(_, 'brasil')", lambda: sueca_rules.diff(_v(), "brasil"), ConfigError),  # type: ignore[arg-type]
        ("describe_diff('a', _)", lambda: sueca_rules.describe_diff("a", _v()), ConfigError),  # type: ignore[arg-type]
        ("dump_variant('brasil')", lambda: sueca_rules.dump_variant("brasil"), ConfigError),  # type: ignore[arg-type]
        ("analyse(match)", lambda: analysis.analyse(Match(seed=1)), ConfigError),  # type: ignore[arg-type]
        ("analyse('game.yaml')", lambda: analysis.analyse("game.yaml"), ConfigError),  # type: ignore[arg-type]
        ("hint(seat=9)", lambda: analysis.hint(Match(seed=1), 9), ConfigError),
        ("hint(seat=-1)", lambda: analysis.hint(Match(seed=1), -1), ConfigError),
        ("hint(record)", lambda: analysis.hint(_r()), ConfigError),  # type: ignore[arg-type]
        # a value of the wrong kind for every argument of the public functions
        ("analyse(progress=3)", lambda: analysis.analyse(_r(), progress=_bad(3)), ConfigError),
        ("analyse(deals=1)", lambda: analysis.analyse(_r(), deals=_bad(1)), ConfigError),
        ("analyse(seed=surrogate)", lambda: analysis.analyse(_r(), seed="\ud800"), ConfigError),
        ("hint(seed=surrogate)", lambda: analysis.hint(Match(seed=1), seed="\ud800"), ConfigError),
        ("explain(3)", lambda: analysis.explain(_bad(3)), ConfigError),
        ("explain(['x'])", lambda: analysis.explain(_bad(["x"])), ConfigError),
        ("explain(show=3)", lambda: analysis.explain([], show=_bad(3)), ConfigError),
        ("explain(seat=9)", lambda: analysis.explain([], seat=9), ConfigError),
        ("simulate(progress=3)", lambda: _simulate(progress=3), ConfigError),
        ("simulate(checkpoint=3)", lambda: _simulate(checkpoint=3), ConfigError),
        ("simulate(bot_options=3)", lambda: _simulate(bot_options=3), ConfigError),
        ("simulate(bot_options={2: 5})", lambda: _simulate(bot_options={2: 5}), ConfigError),
        ("simulate(duplicate=[])", lambda: _simulate(duplicate=[]), ConfigError),
        ("compare(3)", lambda: sueca_rules.compare(_bad(3)), ConfigError),
        (
            "compare(progress='x')",
            lambda: sueca_rules.compare(["portugal", "brasil"], deals=2, progress=_bad("x")),
            ConfigError,
        ),
        ("make_bot(1, seed=1.5)", lambda: make_bot(1, seed=_bad(1.5)), ConfigError),
        ("make_bot(4, seed=[])", lambda: make_bot(4, seed=_bad([])), ConfigError),
        ("play_match(None, ...)", lambda: play_match(None, _bots()), ConfigError),
        ("play_match(bots=3)", lambda: play_match(Match(seed=1), 3), ConfigError),
        (
            "play_match(max_deals='1')",
            lambda: play_match(Match(seed=1), _bots(), max_deals="1"),
            ConfigError,
        ),
        (
            "play_match(max_deals=-1)",
            lambda: play_match(Match(seed=1), _bots(), max_deals=-1),
            ConfigError,
        ),
        ("Match(deal='no')", lambda: Match(deal=_bad("no")), ConfigError),
        ("from_record(base_dir=3)", lambda: Match.from_record(_r(), base_dir=_bad(3)), ConfigError),
        (
            "from_record(allow_unfinished='y')",
            lambda: Match.from_record(_r(), allow_unfinished=_bad("y")),
            ConfigError,
        ),
        (
            "parse_variant(base_dir=3)",
            lambda: sueca_rules.parse_variant("name: x", base_dir=_bad(3)),
            ConfigError,
        ),
        (
            "parse_variant(file=3)",
            lambda: sueca_rules.parse_variant("name: x", file=_bad(3)),
            ConfigError,
        ),
        (
            "parse_record(file=[])",
            lambda: sueca_rules.parse_record("x: 1", file=_bad([])),
            ConfigError,
        ),
        (
            "save_record(path=surrogate)",
            lambda: sueca_rules.save_record(_r(), "\ud800.yaml"),
            ConfigError,
        ),
        (
            "dump_variant(full='no')",
            lambda: sueca_rules.dump_variant(_v(), full=_bad("no")),
            ConfigError,
        ),
        ("describe(width='x')", lambda: sueca_rules.describe(_v(), width=_bad("x")), ConfigError),
        (
            "describe(width=nan)",
            lambda: sueca_rules.describe(_v(), width=_bad(float("nan"))),
            ConfigError,
        ),
        (
            "describe_diff(width=-1)",
            lambda: sueca_rules.describe_diff(_v(), _v(), width=-1),
            ConfigError,
        ),
        ("Rules.from_variant('x')", lambda: sueca_rules.Rules.from_variant(_bad("x")), ConfigError),
        ("Stepper(3)", lambda: _stepper(3), ConfigError),
        ("create(teams=3)", lambda: _cup(teams=3), SuecaError),
        ("create(name=3)", lambda: _cup(name=3), SuecaError),
        ("create(third_place=[])", lambda: _cup(third_place=[]), SuecaError),
        ("create(tiebreaks=3)", lambda: _cup(tiebreaks=3), SuecaError),
        ("create(seed=1.5)", lambda: _cup(seed=1.5), SuecaError),
        ("create(shuffle='y')", lambda: _cup(shuffle="y"), SuecaError),
        ("make_bot(4, solve_tricks='2')", lambda: make_bot(4, solve_tricks="2"), ConfigError),
        ("make_bot(4, solve_tricks=1.5)", lambda: make_bot(4, solve_tricks=1.5), ConfigError),
        ("make_bot(5, endgame_tricks=[])", lambda: make_bot(5, endgame_tricks=[]), ConfigError),
        ("make_bot(4, inference=nan)", lambda: make_bot(4, inference=float("nan")), ConfigError),
        ("make_bot(4, time_limit='1')", lambda: make_bot(4, time_limit="1"), ConfigError),
        ("parse_entrant(3)", lambda: _entrant(3), ConfigError),
        ("pair(3)", lambda: _t("pair", 3), SuecaError),
        ("standings('x')", lambda: _t("standings", "x"), SuecaError),
        ("dump_tournament(None)", lambda: _t("dump_tournament", None), SuecaError),
        ("tournament_html(3, v)", lambda: _t("tournament_html", 3, _v()), SuecaError),
        ("save_tournament(t, 3)", lambda: _t("save_tournament", _paired(), 3), SuecaError),
        ("load_tournament(10**30)", lambda: _t("load_tournament", 10**30), SuecaError),
        ("parse_tournament(3)", lambda: _t("parse_tournament", 3), SuecaError),
        ("pairing_at(t, '1', 1)", lambda: _t("pairing_at", _paired(), "1", 1), SuecaError),
        ("undo(t, round_no='x')", lambda: _t("undo", _paired(), "x"), SuecaError),
        (
            "record_result(variant='portugal')",
            lambda: _t("record_result", _paired(), "portugal", 1, 1, score=(2, 0)),
            SuecaError,
        ),
        (
            "record_result(score=5)",
            lambda: _t("record_result", _paired(), _v(), 1, 1, score=5),
            SuecaError,
        ),
        ("play_table(levels=3)", lambda: _t("play_table", _paired(), _v(), 1, 3), SuecaError),
        ("play_round(keep=3)", lambda: _t("play_round", _paired(), _v(), {}, keep=3), SuecaError),
        ("bot_tables(levels=3)", lambda: _t("bot_tables", _paired(), 3), SuecaError),
    ]


def _bad(value: object) -> Any:
    """A value of the wrong kind, passed as it is (as a program without type checking would)."""
    return value


def _simulate(**changed: Any) -> object:
    return sueca_rules.simulate(**{"deals": 2, **changed})


def _bots() -> list[Any]:
    from sueca_rules.bots import make_bot

    return [make_bot(1, seed=s) for s in range(4)]


def play_match(*args: Any, **kwargs: Any) -> None:
    """`bots.play_match()` given arguments of any kind."""
    from sueca_rules.bots import play_match as play

    play(*args, **kwargs)


def _stepper(match: object) -> object:
    from sueca_rules.envs import Stepper

    return Stepper(match)  # type: ignore[arg-type]


def _entrant(text: object) -> object:
    from sueca_rules.engines import parse_entrant

    return parse_entrant(_bad(text))


def _t(name: str, *args: Any, **kwargs: Any) -> object:
    """`sueca_rules.tournament.<name>(*args, **kwargs)`, arguments of any kind."""
    from sueca_rules import tournament

    return getattr(tournament, name)(*args, **kwargs)


def _paired() -> Any:
    from sueca_rules.tournament import pair

    return pair(_cup())


def _cup(**changed: Any) -> Any:
    from sueca_rules.tournament import Team, create

    teams = [Team(name="A", players=["a", "b"]), Team(name="B", players=["c", "d"])]
    arguments: dict[str, Any] = {"teams": teams, "fmt": "round_robin", **changed}
    return create(**arguments)


def _v() -> sueca_rules.Variant:
    return sueca_rules.load_variant("portugal")


def _r() -> sueca_rules.Record:
    return Match(seed=1).to_record()


# Owned by work in progress on other branches; strict, so that they are unmarked once fixed.
_PENDING: set[str] = set()


@pytest.mark.parametrize(
    ("label", "call", "error"),
    [
        pytest.param(*c, marks=pytest.mark.xfail(strict=True)) if c[0] in _PENDING else c
        for c in _calls()
    ],
    ids=[c[0] for c in _calls()],
)
def test_bad_arguments_raise_the_librarys_errors(
    label: str, call: Callable[[], Any], error: type[SuecaError]
) -> None:
    with pytest.raises(error) as caught:
        call()
    assert isinstance(caught.value, SuecaError)
    assert str(caught.value), label


def test_refused_actions_change_nothing() -> None:
    match = Match("portugal-table", seed=3)
    before = repr(match.to_record().to_data()), match.observation(0)
    actions: list[Callable[[], object]] = [
        lambda: match.play("8S"),
        lambda: match.claim(1, against=3),
        lambda: match.score_deal(),
        lambda: match.redeal(0),
        lambda: match.keep_hand(0),
        lambda: match.choose_trump("top"),
        lambda: match.deal_random(),
    ]
    for action in actions:
        with pytest.raises(SuecaError):
            action()
        assert (repr(match.to_record().to_data()), match.observation(0)) == before


def test_every_public_function_has_a_docstring() -> None:
    # The API reference is made from them.
    for name in sueca_rules.__all__:
        value = getattr(sueca_rules, name)
        if inspect.isfunction(value) or inspect.isclass(value):
            assert inspect.getdoc(value), name


def test_every_illegal_play_code_raised_by_the_package_is_a_play_rule() -> None:
    """`IllegalPlayError.rule` is a `Literal` of every code: a code raised anywhere in the
    package and missing from it would be a typo that programs could not match on."""
    import re
    import typing
    from pathlib import Path

    from sueca_rules._errors import PlayRule

    package = Path(__file__).resolve().parent.parent / "sueca_rules"
    raised = {
        code
        for path in package.rglob("*.py")
        for code in re.findall(r'rule="([a-z_]*)"', path.read_text(encoding="utf-8"))
    }
    assert raised
    assert raised <= set(typing.get_args(PlayRule))


def test_the_tournaments_old_name_still_answers_with_a_warning() -> None:
    from sueca_rules import tournament

    with pytest.warns(DeprecationWarning, match="tournament.Pairing"):
        assert tournament.Table is tournament.Pairing


def test_a_cards_repr_makes_the_card_again() -> None:
    """`repr()` shows `Card('7H')`: that call is a card too, as is `Card(n)` for any whole number
    0..39 (a NumPy integer included), and anything else is a `CardError`, not a `TypeError`."""
    from sueca_rules import CARDS, Card, CardError

    for card in CARDS:
        assert eval(repr(card), {"Card": Card}) is card  # the repr, read back
        assert Card(str(card).lower()) is card
        assert Card(int(card)) == card
    for bad in (True, 3.5, None, b"AS", "8S", 40, -1):
        with pytest.raises(CardError) as caught:
            Card(bad)  # type: ignore[arg-type]
        assert "card" in str(caught.value)


def test_a_bot_shows_its_class_seed_and_options() -> None:
    from sueca_rules.bots import make_bot

    assert repr(make_bot(1, seed=3)) == "RandomBot(seed=3)"
    assert repr(make_bot(3, revoke_rate=0.05)) == "MemoryBot(seed=None, revoke_rate=0.05)"
    assert repr(make_bot(4, seed="x")) == "SamplingBot(seed='x', samples=60)"
    assert repr(make_bot(5, seed=1, time_ms=100)) == "SearchBot(seed=1, time_ms=100.0)"
    assert repr(make_bot(4, seed=2, samples=10, prune=5)) == (
        "SamplingBot(seed=2, samples=10, prune=5)"
    )


def test_the_environment_says_reset_first_and_which_agents_there_are() -> None:
    pytest.importorskip("pettingzoo")
    from sueca_rules.envs import SuecaEnv

    game = SuecaEnv("portugal")
    for call in (lambda: game.step(0), lambda: game.last()):
        with pytest.raises(ConfigError, match=r"call reset\(\) before"):
            call()
    game.reset(seed=1)
    before = game.stepper.match.to_record(), game.agent_selection
    with pytest.raises(ConfigError, match="an agent is one of seat_0, seat_1, seat_2, seat_3"):
        game.observe("seat_9")
    assert (game.stepper.match.to_record(), game.agent_selection) == before
    observation, *_ = game.last()
    assert observation is not None
    assert observation["action_mask"].sum() > 0


def test_a_record_that_cannot_be_saved_names_its_own_path(tmp_path: Path) -> None:
    """The error is Python's own `OSError`, about the file the caller named: not about the
    temporary file the atomic write uses beside it."""
    target = tmp_path / "missing" / "game.yaml"
    with pytest.raises(FileNotFoundError) as caught:
        sueca_rules.save_record(Match(seed=1).to_record(), target)
    assert caught.value.filename == str(target)
    assert ".tmp" not in str(caught.value)
    assert not (tmp_path / "missing").exists()


def test_a_file_name_that_is_not_utf8_is_still_a_path(tmp_path: Path) -> None:
    """A name whose bytes are not UTF-8 (an old archive's `café.yaml` in Latin-1) reaches Python
    as text with escapes (`'caf\\udce9.yaml'`): the system names the file with it, so saving and
    reading it work as for any other name (they were refused as 'not a path')."""
    import os

    from sueca_rules.tournament import load_tournament, save_tournament

    name = os.fsdecode(b"caf\xe9")
    record = Match(seed=1).to_record()
    sueca_rules.save_record(record, tmp_path / f"{name}.yaml")
    sueca_rules.save_record(record, str(tmp_path / f"{name}.json"))
    assert os.fsencode(tmp_path / f"{name}.yaml").endswith(b"caf\xe9.yaml")
    assert sueca_rules.load_record(tmp_path / f"{name}.yaml") == record
    rebuilt = Match.from_record(record, base_dir=tmp_path / name, allow_unfinished=True)
    assert rebuilt.to_record() == record
    save_tournament(_paired(), tmp_path / f"{name}-cup.yaml")
    assert load_tournament(tmp_path / f"{name}-cup.yaml")[0] == _paired()
    # a lone surrogate that stands for no byte, and a NUL, name no file
    for bad in ("\ud800.yaml", "a\x00b.yaml"):
        with pytest.raises(ConfigError, match="must be a path"):
            sueca_rules.save_record(record, tmp_path / bad)


def test_a_number_too_large_for_a_float_is_a_config_error() -> None:
    """`make_bot(4, prune=10**400)` raised Python's `OverflowError` from the argument check."""
    from sueca_rules.bots import make_bot

    for option in ("prune", "points_weight", "inference", "time_limit"):
        with pytest.raises(ConfigError, match=f"{option}.* must be a number"):
            make_bot(4, **{option: 10**400})
    from sueca_rules.bots import SamplingBot

    bot = make_bot(4, prune=10**6, seed=1)
    assert isinstance(bot, SamplingBot)
    assert bot.prune == 10**6  # a float holds this one
