"""`sueca_rules.analysis`: reviews of records (values, losses, mistakes, their facts and words),
hints, and `sueca analyse`."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from sueca_rules import (
    CARDS,
    ConfigError,
    Match,
    Observation,
    Record,
    Variant,
    dump_record,
    load_record,
    parse_card,
    save_record,
)
from sueca_rules._kernel._playouts import trick_standing
from sueca_rules.analysis import Fact, FactKind, analyse, explain, hint, hint_reason
from sueca_rules.analysis._facts import card_facts
from sueca_rules.bots import advance, answer, make_bot, play_match
from sueca_rules.bots._hidden_hands import sample_hands
from sueca_rules.cli import main

from ._scripts import run_script
from .golden.make_golden import count_match, revoke_match
from .scenarios import at_a_weak_hands_question

HERE = Path(__file__).parent / "analysis"


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "C.UTF-8")


def _one_deal(level: int, seed: int, variant: str = "portugal") -> Record:
    match = Match(variant, seed=seed)
    play_match(match, [make_bot(level, seed=s) for s in range(4)], max_deals=1)
    record = match.to_record()
    return record.model_copy(update={"deals": record.deals[:1]})


def test_an_ace_thrown_on_the_rivals_trick_is_a_mistake() -> None:
    """Trick 9: the rivals win with the ace of hearts; the last player throws the ace of spades
    while the 2 was legal, and the ace kept would have taken trick 10."""
    review = analyse(load_record(HERE / "ace_in_the_last_tricks.yaml"), seat=1)
    decision = next(d for d in review.decisions() if d.after == 35)
    assert decision.played == "AS"
    assert decision.best == "2S"
    assert decision.mistake
    assert decision.loss >= 11
    assert Fact("gave_points", "AS", "2S", points=11) in decision.facts
    words = explain(decision.facts)
    assert "gave them A♠ (11 points); 2♠ was legal" in words
    assert "deste-lhes A♠ (11 pontos); podias jogar 2♠" in explain(decision.facts, "pt")


def test_a_seven_led_while_its_ace_is_out_is_a_mistake() -> None:
    review = analyse(load_record(HERE / "seven_under_ace.yaml"), seat=0)
    decision = next(d for d in review.decisions() if d.after == 4)
    assert decision.played == "7C"
    assert decision.mistake
    fact = decision.facts[0]
    assert (fact.kind, fact.card, fact.other) == ("led_under_higher", "7C", "AC")
    assert "You led 7♣ while A♣ was still out." in explain(decision.facts)
    assert "Saíste com 7♣ quando A♣ ainda estava por sair." in explain(decision.facts, "pt")


def test_values_losses_and_single_options() -> None:
    review = analyse(_one_deal(2, 4), level=1)
    decisions = list(review.decisions())
    assert len(decisions) == 40
    singles = 0
    for d in decisions:
        values = [o.value for o in d.options]
        assert all(0 <= v <= 120 for v in values)
        assert d.best in [o.choice for o in d.options]
        mine = next(o.value for o in d.options if o.choice == d.played)
        if len(d.options) == 1:
            singles += 1
            assert d.loss == 0
        else:
            assert d.loss == round(max(values) - mine, 1)
        assert d.loss >= 0
        assert d.mistake == (d.loss >= 5)
        assert bool(d.facts) == d.mistake
    assert singles >= 4  # the last trick at least
    for summary in review.seats:
        own = [d for d in decisions if d.seat == summary.seat]
        assert summary.decisions == len(own) == 10
        assert summary.mistakes == sum(d.mistake for d in own)
        assert summary.loss == pytest.approx(sum(d.loss for d in own), abs=0.05)
        assert [b.loss for b in summary.biggest] == sorted(
            (d.loss for d in own if d.mistake), reverse=True
        )[:3]


def test_the_json_layout_of_the_contract() -> None:
    data = analyse(_one_deal(2, 5), level=1, seat=2).to_data()
    assert set(data) == {"deals", "seats"}
    (deal,) = data["deals"]
    assert set(deal) == {"deal", "decisions"}
    assert deal["deal"] == 1
    first = deal["decisions"][0]
    assert set(first) == {"after", "seat", "decision", "played", "options", "best", "loss"}
    assert first["seat"] == 2
    assert first["decision"] == "card"
    assert all(set(o) == {"choice", "value"} for o in first["options"])
    assert data["seats"] == [
        {
            "seat": 2,
            "decisions": 10,
            "loss": data["seats"][0]["loss"],
            "mistakes": data["seats"][0]["mistakes"],
        }
    ]
    json.dumps(data)


def test_a_review_is_the_same_for_a_seed_and_for_any_jobs() -> None:
    match = Match("portugal", seed=8)
    play_match(match, [make_bot(2, seed=s) for s in range(4)], max_deals=2)
    record = match.to_record()
    one = analyse(record, level=1, seed=3)
    assert analyse(record, level=1, seed=3) == one
    assert analyse(record, level=1, seed=3, jobs=2) == one
    assert analyse(record, level=1, seed=4) != one


@pytest.mark.parametrize("guarded", [False, True])
def test_a_script_without_the_main_guard_reviews_in_one_process(
    tmp_path: Path, guarded: bool
) -> None:
    """`analyse(record, jobs=2)` at a script's top level, as the guide's snippet is copied: each
    spawned worker would run the script again, and the review never ended (workers failed to
    start, one after another, for ever). It is made in this process, with a warning that says
    why; under `if __name__ == "__main__":` the workers are used, without a warning."""
    match = Match("portugal", seed=8)
    play_match(match, [make_bot(1, seed=s) for s in range(4)], max_deals=2)
    save_record(match.to_record(), tmp_path / "game.yaml")
    body = [
        "import os",
        "from sueca_rules import load_record",
        "from sueca_rules.analysis import analyse",
        "",
        "def review():",
        "    print('review', os.getpid())",
        "    return analyse(load_record('game.yaml'), level=1, jobs=2)",
        "",
    ]
    body += ["if __name__ == '__main__':", "    review()"] if guarded else ["review()"]
    done = run_script(tmp_path, "\n".join(body) + "\n")
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.count("review") == 1  # no worker ran the script's review again
    warned = "analyse() with jobs=2 works in this process" in done.stderr
    assert warned is not guarded, done.stderr[-2000:]
    assert "Traceback" not in done.stderr


def test_a_program_read_from_stdin_reviews_in_one_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Its workers could not import it again (`python -`): the review is made without them."""
    import sys

    monkeypatch.setattr(sys.modules["__main__"], "__file__", "<stdin>", raising=False)
    match = Match("portugal", seed=8)
    play_match(match, [make_bot(1, seed=s) for s in range(4)], max_deals=2)
    record = match.to_record()
    two = record.model_copy(update={"deals": record.deals[:2]})
    assert len(two.deals) == 2
    assert analyse(two, level=1, jobs=2) == analyse(two, level=1)


def _shuffled_hidden_hands(record: Record, cards: int, seed: int) -> tuple[Record, int]:
    """The record's first deal with the hands the seat to play card `cards` cannot see dealt again
    among its unseen cards, consistently with all it saw (the hand sizes, the voids shown, the
    turned card in the dealer's hand): the first `cards` cards are the same, the rest is played by
    bots. Returns that record and the seat."""
    deal = record.deals[0]
    head = record.model_copy(update={"deals": [deal.model_copy(update={"plays": []})]})
    match = Match.from_record(head, allow_unfinished=True)
    seats: list[int] = []
    for card in deal.plays[:cards]:
        assert match.turn is not None
        seats.append(match.turn)
        match.play(card)
    seat = match.turn
    assert seat is not None
    dealt = sample_hands(match.observation(seat), random.Random(seed))
    for card, s in zip(deal.plays[:cards], seats, strict=True):
        dealt[s] |= 1 << int(parse_card(card))
    new = Match("portugal", first_dealer=record.first_dealer, deal=False)
    new.deal_hands([[c for c in range(40) if dealt[s] >> c & 1] for s in range(4)], deal.trump_card)
    for card in deal.plays[:cards]:
        new.play(card)
    bots = [make_bot(2, seed=s) for s in range(4)]
    while new.phase == "play":
        advance(new, bots)
    other = new.to_record()
    return other.model_copy(update={"deals": other.deals[:1]}), seat


@pytest.mark.parametrize("cards", [0, 9, 14])
def test_nothing_depends_on_a_card_the_seat_could_not_see(cards: int) -> None:
    record = _one_deal(2, 11)
    other, seat = _shuffled_hidden_hands(record, cards, seed=cards + 1)
    assert other.deals[0].hands != record.deals[0].hands
    assert other.deals[0].hands[seat] == record.deals[0].hands[seat]
    assert other.deals[0].plays[:cards] == record.deals[0].plays[:cards]
    first = [d for d in analyse(record, level=2, seat=seat).decisions() if d.after <= cards]
    second = [d for d in analyse(other, level=2, seat=seat).decisions() if d.after <= cards]
    assert first == second
    assert first[-1].after == cards


@pytest.mark.parametrize("cards", [0, 9, 14, 27])
def test_a_hint_depends_on_no_card_the_seat_could_not_see(
    cards: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hidden hands dealt again among the unseen cards, consistently with all the seat saw:
    the same hint, values and words (a fixed number of samples, so that the time budget, which
    depends on the machine, does not decide how many)."""
    import sueca_rules.analysis._hint as hint_module
    from sueca_rules.analysis._values import Settings

    monkeypatch.setattr(hint_module, "_HINT", Settings(24, 1, 3, 3, 0.05))
    record = _one_deal(2, 11)
    other, seat = _shuffled_hidden_hands(record, cards, seed=cards + 1)
    assert other.deals[0].hands != record.deals[0].hands
    hints = []
    for rec in (record, other):
        deal = rec.deals[0].model_copy(update={"plays": rec.deals[0].plays[:cards]})
        match = Match.from_record(rec.model_copy(update={"deals": [deal]}), allow_unfinished=True)
        assert match.turn == seat
        advice = hint(match, seat=seat, budget_ms=60_000)
        assert advice is not None
        hints.append((advice, hint_reason(advice, "pt")))
    assert hints[0] == hints[1]


def test_a_new_deal_question_is_judged() -> None:
    for seed in range(1, 60):
        match = Match("brasil", seed=seed)
        bots = [make_bot(2, seed=s) for s in range(4)]
        asked = False
        while not match.deals and match.pending() is not None:
            decision = match.pending()
            assert decision is not None
            asked = asked or (decision.kind == "redeal" and len(decision.options) == 2)
            advance(match, bots)
        if asked:
            break
    else:
        pytest.fail("no weak hand in 60 deals")
    record = match.to_record()
    record = record.model_copy(update={"deals": record.deals[:1]})
    review = analyse(record, level=1)
    (question,) = [d for d in review.decisions() if d.decision == "redeal"]
    assert [o.choice for o in question.options] == [False, True]
    assert question.options[1].value == 60.0


def test_a_deal_saved_before_its_redeal_questions_were_answered_judges_no_answer() -> None:
    """A record whose last deal stops before its first card does not say that its weak hand kept
    it: the review judged a "keep" nobody gave (a mistake of 20 points)."""
    match = at_a_weak_hands_question()
    weak = match.turn
    review = analyse(match.to_record(), level=1, samples=2)
    assert [(d.deal, d.decisions, d.points) for d in review.deals] == [(1, (), None)]
    # kept, and so every other hand asked, then the first card: now the record says so
    while (decision := match.pending()) is not None and decision.kind == "redeal":
        match.decide(False)
    match.play(match.legal_cards()[0])
    kept = list(analyse(match.to_record(), level=1, samples=2).decisions())
    assert (kept[0].decision, kept[0].seat, kept[0].played) == ("redeal", weak, False)


def test_a_claim_at_the_count_is_judged() -> None:
    match = count_match("portugal-table", by=0)
    review = analyse(match.to_record(), level=1, seat=0)
    *missed, claim = [d for d in review.decisions() if d.decision == "claim"]
    for early in missed:  # it saw the renúncia proved before the count and waited
        assert early.played is False
        assert early.best is True
        assert early.facts[0] == Fact("missed_claim", seat=3)
        assert "Seat 3 had made a renúncia you could prove" in explain(early.facts)
        said = explain(early.facts, "pt", seat=0)
        assert said.startswith("O lugar 3 fez renúncia, o lugar 0 podia prová-lo"), said
    assert claim.played is True
    assert claim.after == 40
    assert {o.choice: o.value for o in claim.options}[True] == 120.0
    assert claim.loss == 0


def test_a_hand_that_may_not_ask_for_a_new_deal_is_worth_its_expected_points() -> None:
    """Under brasil every hand answers the new-deal question; one that may not ask has only
    "keep", which the hint valued at 0 card points, off the scale's meaning (the team's expected
    points at the end of the deal)."""
    for seed in range(40):
        match = Match("brasil", seed=seed)
        while match.phase in ("deal", "trump"):
            match.decide("bottom")
        decision = match.pending()
        if match.phase == "redeal" and decision is not None and decision.options == (False,):
            break
    else:
        pytest.fail("no hand without the right to ask for a new deal")
    advice = hint(match, budget_ms=50)
    assert advice is not None
    assert advice.decision == "redeal"
    assert advice.reasons == (Fact("only_option"),)
    ((choice, value),) = [(o.choice, o.value) for o in advice.options]
    assert choice is False
    assert 5 < value < 115  # a hand of ten cards, not a deal lost
    assert hint(match, budget_ms=50) == advice


def test_a_claim_hint_under_accuse_player_names_the_rival() -> None:
    """Under `revoke.accuse: player` the hint advised accusing one rival (its choice, a seat) but
    its words said only "Claim: a rival made a renúncia", and the table shows only the words."""
    variant = Variant.model_validate(
        {"name": "Accuse", "revoke": {"mode": "claimable", "accuse": "player"}}
    )
    match = revoke_match(variant)  # seat 3 revoked in the first trick
    rng = random.Random(1)
    while match.phase == "play":
        decision = match.pending()
        assert decision is not None
        if decision.kind == "claim":
            match.decide(False)
        else:
            match.play(rng.choice(match.legal_cards()))
    decision = match.pending()
    assert decision is not None
    assert decision.kind == "claim"
    assert decision.seat % 2 == 0  # a rival of the revoker
    advice = hint(match)
    assert advice is not None
    assert advice.choice == 3
    assert advice.reasons == (Fact("claim_now", seat=3),)
    assert hint_reason(advice) == "Claim against seat 3: it made a renúncia you can prove."
    assert hint_reason(advice, "pt") == "Acusa o lugar 3: fez renúncia e podes prová-lo."
    # under `accuse: team` there is no one to name
    assert explain((Fact("claim_now"),)) == "Claim: a rival made a renúncia you can prove."


def test_a_hint_and_its_reason() -> None:
    record = load_record(HERE / "ace_in_the_last_tricks.yaml")
    head = record.deals[0].model_copy(update={"plays": record.deals[0].plays[:35]})
    match = Match.from_record(record.model_copy(update={"deals": [head]}), allow_unfinished=True)
    assert hint(match, seat=0) is None
    advice = hint(match, seat=1, budget_ms=500)
    assert advice is not None
    assert advice.choice == "2S"
    assert advice.decision == "card"
    assert advice.reasons[0] == Fact("gives_least", "2S")
    assert hint_reason(advice).startswith("The rivals are winning the trick: 2♠ gives them")
    assert "vaza" in hint_reason(advice, "pt")


def test_a_hint_among_cards_that_play_the_same_does_not_call_it_the_only_choice() -> None:
    """Several legal cards that play alike (the 4 and the 3 of a suit, nothing out between them)
    are worth the same: the hint said "It is the only choice" while the hand could play either."""
    from sueca_rules.analysis._values import _groups

    match = Match("portugal", seed=9)
    bots = [make_bot(2, seed=s) for s in range(4)]
    while match.phase == "play":
        seat = match.turn
        assert seat is not None
        obs = match.observation(seat)
        if len(obs.legal) > 1 and len(set(_groups(obs).values())) == 1:
            break
        advance(match, bots)
    else:
        pytest.fail("no decision among cards that play alike in the deal")
    advice = hint(match, seat=seat, budget_ms=200)
    assert advice is not None
    assert len({o.value for o in advice.options}) == 1
    assert len(advice.options) > 1
    assert advice.reasons == (Fact("all_alike", str(advice.choice)),)
    assert hint_reason(advice) == "Any of these cards will do: they are all worth the same."
    assert hint_reason(advice, "pt") == "Tanto faz: qualquer uma destas cartas vale o mesmo."
    # one legal card is still the only choice
    while match.phase == "play" and len(match.legal_cards()) > 1:
        advance(match, bots)
    if match.phase == "play":
        single = hint(match, budget_ms=50)
        assert single is not None
        assert single.reasons[0].kind == "only_option"


@pytest.mark.slow
def test_good_play_loses_less_than_random_play() -> None:
    """Reviews of level-5 self-play lose much less per decision than reviews of level-1 play."""
    losses = {}
    for level in (1, 5):
        match = Match("portugal", seed=21)
        play_match(match, [make_bot(level, seed=s, **({"samples": 200} if level == 5 else {}))
                           for s in range(4)], max_deals=2)  # fmt: skip
        record = match.to_record()
        record = record.model_copy(update={"deals": record.deals[:2]})
        review = analyse(record, level=4)
        decisions = list(review.decisions())
        losses[level] = sum(d.loss for d in decisions) / len(decisions)
    assert losses[5] < losses[1] / 2, losses


# --- sueca analyse ---------------------------------------------------------------------------


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["analyse", *args])
    out, err = capsys.readouterr()
    return status, out, err


def test_the_command_prints_the_review(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(HERE / "ace_in_the_last_tricks.yaml")
    status, out, err = _run(capsys, path, "--seat", "1", "--level", "3")
    assert status == 0
    assert err == ""
    assert "Review of a game under Portugal (level 3)" in out
    assert "Deal 1:" in out
    assert "A♠  best 2♠" in out
    assert "MISTAKE" in out
    assert "2♠ was legal" in out
    assert "By seat" in out
    assert "seat 1: 10 decisions" in out
    status, out, _ = _run(capsys, path, "--seat", "1", "--level", "3", "--lang", "pt")
    assert "Análise de um jogo" in out
    assert "ERRO" in out
    assert "vaza" in out

    # The cards in the letters the Portuguese game shows and takes (R rei, V valete, D dama), in
    # the lines and in the explanations, as `sueca play --lang pt` shows them.
    assert re.findall(r"[KJQ][♠♥♦♣]", out) == []
    assert re.search(r"\bmelhor [RVD][♠♥♦♣]|[RVD][♠♥♦♣]\s+melhor ", out)


def test_a_review_with_no_decision_says_so(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A record saved before its first card (or a seat that made no decision) ended the report
    on an empty "By seat" heading."""
    path = tmp_path / "fresh.yaml"
    save_record(Match("portugal", seed=2).to_record(), path)
    for lang, said in (("en", "No decision to review."), ("pt", "Não há decisões para analisar.")):
        status, out, err = _run(capsys, str(path), "--lang", lang)
        assert (status, err) == (0, "")
        assert out.rstrip().endswith(said), out
    status, out, _ = _run(capsys, str(path), "--json")
    assert json.loads(out)["seats"] == []  # the JSON is as before
    status, out, _ = _run(
        capsys, str(HERE / "seven_under_ace.yaml"), "--level", "1", "--samples", "2"
    )
    assert "No decision to review." not in out


def test_a_deal_with_no_decision_says_so_under_its_title(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The last deal of a record saved before its first card was a bare title ("Deal 2") with
    nothing under it; the web review says "No decision to review in this deal", and so does the
    report now, in each language."""
    match = Match("portugal", seed=2)
    play_match(match, [make_bot(1, seed=s) for s in range(4)], max_deals=1)
    path = tmp_path / "two.yaml"
    save_record(match.to_record(), path)
    for lang, title, said in (
        ("en", "Deal 2", "No decision to review in this deal."),
        ("pt", "Mão 2", "Nenhuma decisão para analisar nesta mão."),
    ):
        status, out, err = _run(capsys, str(path), "--level", "1", "--samples", "2", "--lang", lang)
        assert (status, err) == (0, "")
        lines = out.splitlines()
        assert lines[lines.index(title) + 1] == f"  {said}", out
        assert out.count(said) == 1  # not under the played deal


def test_the_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, str(HERE / "seven_under_ace.yaml"), "--level", "1", "--json")
    assert status == 0
    data = json.loads(out)
    assert len(data["deals"][0]["decisions"]) == 40
    assert [s["seat"] for s in data["seats"]] == [0, 1, 2, 3]


def test_a_bad_record_is_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    record = load_record(HERE / "seven_under_ace.yaml")
    bad = tmp_path / "bad.yaml"
    data = record.to_data()
    data["deals"][0]["plays"][1] = data["deals"][0]["plays"][0]  # a card played twice
    bad.write_text(dump_record(Record.model_validate(data)), encoding="utf-8")
    status, out, err = _run(capsys, str(bad))
    assert status == 1
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert "deal 1, trick 1: seat" in err
    bad.write_text("variant: portugal\nfirst_dealer: 7\n", encoding="utf-8")
    status, _, err = _run(capsys, str(bad))
    assert status == 1
    assert "first_dealer" in err
    status, _, err = _run(capsys, str(tmp_path / "missing.yaml"))
    assert status == 1
    assert "no such file" in err
    status, _, err = _run(capsys, str(tmp_path / "missing.yaml"), "--lang", "pt")
    assert (status, err.strip()) == (1, f"{tmp_path / 'missing.yaml'}: esse ficheiro não existe")
    save_record(record, tmp_path / "ok.yaml")
    with pytest.raises(SystemExit):
        main(["analyse", str(tmp_path / "ok.yaml"), "--level", "9"])


def _long_record(deals: int) -> Record:
    """A finished match of `deals` deals or more (a target no deal gets close to)."""
    variant = Variant.model_validate(  # only a bandeira scores: a match of many deals
        {
            "name": "Long",
            "scoring": {"tiers": [{"min_points": 61, "games": 0}], "bandeira": {"games": 1}},
            "match": {"target_games": 250, "best_of": 1},
        }
    )
    match = Match(variant, seed=4)
    rng = random.Random(4)
    while len(match.deals) < deals:
        match.play(rng.choice(match.legal_cards()))
    return match.to_record()


def test_a_level_seat_or_seed_of_the_wrong_type_is_refused() -> None:
    """`level=5.0` was taken (and shown as "level 5.0"), `seat=1.0` too, and a seed of `None`
    or a list was made text: each is a `ConfigError` now, as `Match(seed=...)` says."""
    record = load_record(HERE / "seven_under_ace.yaml")
    match = Match("portugal", seed=1)
    bad: dict[str, Any]
    for bad in ({"level": 5.0}, {"level": "5"}, {"seat": 1.0}, {"seat": "1"}):
        with pytest.raises(ConfigError, match=r"whole number|levels are"):
            analyse(record, samples=1, **bad)
    seed: Any
    for seed in (None, [1], 1.5, True):
        with pytest.raises(ConfigError, match="a seed is a whole number or text"):
            analyse(record, level=1, samples=1, seed=seed)
        with pytest.raises(ConfigError, match="a seed is a whole number or text"):
            hint(match, budget_ms=5, seed=seed)
    for seed in (7, "café"):
        assert analyse(record, level=1, samples=1, seed=seed, deals=[1]).seed == seed
        assert hint(match, budget_ms=5, seed=seed) is not None


def test_chosen_deals_are_reviewed_as_in_the_whole_review() -> None:
    record = _long_record(4)
    record = record.model_copy(update={"deals": record.deals[:4]})
    whole = analyse(record, level=1, samples=4)
    part = analyse(record, level=1, samples=4, deals=[4, 2])
    assert [d.deal for d in part.deals] == [2, 4]
    assert part.deals[0] == whole.deals[1]
    assert part.deals[1] == whole.deals[3]
    for bad in ([0], [5], [True], []):
        with pytest.raises(ConfigError):
            analyse(record, level=1, deals=bad)


def test_a_long_record_is_reviewed_a_part_at_a_time(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from sueca_rules.cli._cmd_analyse import MAX_DEALS

    path = tmp_path / "long.yaml"
    save_record(_long_record(MAX_DEALS + 1), path)
    status, out, err = _run(capsys, str(path), "--level", "1")
    assert status == 1
    assert out == ""
    assert f"at most {MAX_DEALS} are reviewed at a time" in err
    assert "--deals 1-100" in err
    status, out, _ = _run(
        capsys, str(path), "--level", "1", "--samples", "2", "--deals", "3,7-8", "--json"
    )
    assert status == 0
    assert [d["deal"] for d in json.loads(out)["deals"]] == [3, 7, 8]
    from sueca_rules.cli._cmd_analyse import deals_arg

    assert len(deals_arg("1-100,1,50-60")) == 100  # a deal named twice counts once
    for bad in ("0", "5-2", "x", "1-200", "3,", "-3", "٣", "1-100,101"):
        with pytest.raises(SystemExit):
            main(["analyse", str(path), "--deals", bad])
    capsys.readouterr()
    status, _, err = _run(capsys, str(path), "--deals", "999")
    assert status == 2
    assert "deals are numbered 1 to" in err


def test_ctrl_c_stops_cleanly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import sueca_rules.analysis._review as review

    def interrupt(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(review, "card_values", interrupt)
    status, out, err = _run(capsys, str(HERE / "seven_under_ace.yaml"), "--level", "1")
    assert status == 130
    assert err == "interrupted\n"
    assert out == ""


def test_sueca_play_hints(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import io

    monkeypatch.setenv("COLUMNS", "400")
    monkeypatch.setattr("sys.stdin", io.StringIO("!\nhint\nq\n"))
    status = main(["play", "--hints", "--seed", "3", "--level", "1", "--samples", "4"])
    out = capsys.readouterr().out
    assert status == 0
    assert "Hints are on: type ! (or hint)" in out
    assert out.count("Hint: ") == 2
    assert "your team ends the deal with" in out
    monkeypatch.setattr("sys.stdin", io.StringIO("!\nq\n"))
    main(["play", "--seed", "3", "--level", "1", "--samples", "4"])
    assert "Hint: " not in capsys.readouterr().out  # no --hints: ! is not a card


def test_the_api_reference_documents_the_analysis() -> None:
    import re

    import sueca_rules.analysis

    page = Path(__file__).parent.parent / "docs" / "reference" / "api" / "analysis.md"
    documented = set(re.findall(r"^::: (\S+)", page.read_text(encoding="utf-8"), re.M))
    assert {f"sueca_rules.analysis.{n}" for n in sueca_rules.analysis.__all__} <= documented


# --- the facts, one by one, on positions of real deals ------------------------------------


def _position(pred: Callable[[Observation], bool]) -> Observation:
    """The first observation of the seat to play, in level-2 games, for which `pred` holds."""
    for seed in range(200):
        match = Match("portugal", seed=seed)
        bots = [make_bot(2, seed=s) for s in range(4)]
        while not match.deals and match.pending() is not None:
            decision = match.pending()
            assert decision is not None
            if decision.kind == "card":
                obs = match.observation(decision.seat)
                if pred(obs):
                    return obs
            advance(match, bots)
    raise AssertionError("no such position")


def _suit(card: object) -> int:
    return int(parse_card(str(card))) // 10


def test_the_fact_of_not_leading_the_suit_the_partner_cuts() -> None:
    def partner_void(obs: Observation) -> bool:
        trump = int(obs.trump or 0)
        partner = obs.seat ^ 2
        return (
            not obs.trick
            and not obs.void_mask >> (4 * partner + trump) & 1
            and any(
                obs.void_mask >> (4 * partner + s) & 1 and s != trump
                for s in {_suit(c) for c in obs.legal}
            )
            and len({_suit(c) for c in obs.legal}) >= 2
        )

    obs = _position(partner_void)
    partner = obs.seat ^ 2
    trump = int(obs.trump or 0)
    void = next(
        s for s in range(4) if s != trump and obs.void_mask >> (4 * partner + s) & 1
        and any(_suit(c) == s for c in obs.legal)
    )  # fmt: skip
    best = next(int(c) for c in obs.legal if _suit(c) == void)
    played = next(int(c) for c in obs.legal if _suit(c) != void)
    facts = card_facts(obs, played, best, 8.0)
    assert Fact("partner_void", str(CARDS[played]), str(CARDS[best]), suit=void) in facts
    suit = ("spades", "hearts", "diamonds", "clubs")[void]
    assert f"Your partner had shown no {suit} and you did not lead {suit}" in explain(facts)


def test_the_fact_of_cutting_the_partners_trick() -> None:
    def can_ruff_partner(obs: Observation) -> bool:
        if len(obs.trick) < 2 or obs.trump is None:
            return False
        trump = int(obs.trump)
        trick = [int(c) for c in obs.trick]
        top, seat, _ = trick_standing(trick, obs.trick_leader, trump, obs.rules.next_seat)
        suits = {_suit(c) for c in obs.legal}
        return (
            seat == obs.seat ^ 2
            and top // 10 != trump
            and trick[0] // 10 not in suits
            and trump in suits
            and len(suits) >= 2
        )

    obs = _position(can_ruff_partner)
    trump = int(obs.trump or 0)
    ruff = next(int(c) for c in obs.legal if _suit(c) == trump)
    throw = next(int(c) for c in obs.legal if _suit(c) != trump)
    facts = card_facts(obs, ruff, throw, 9.0)
    assert facts[0] == Fact("ruffed_partner", str(CARDS[ruff]))
    assert "Your partner was winning the trick and you cut it with" in explain(facts)
    assert "cortaste-a" in explain(facts, "pt")


def test_the_review_names_a_builtin_in_its_language() -> None:
    from sueca_rules.analysis import Analysis
    from sueca_rules.cli._cmd_analyse import report

    review = Analysis(deals=(), seats=(), level=3, variant="Portugal, at the table")
    assert report(review, "pt").startswith("Análise de um jogo: Portugal, à mesa, nível")
    assert "Portugal, at the table" in report(review, "en").splitlines()[0]


@pytest.mark.parametrize("lang", ["en", "pt"])
def test_the_reviews_columns_are_apart_in_both_languages(lang: str) -> None:
    """The seat and the kind of decision are two columns: at least two spaces between them, in
    Portuguese too ("lugar 0" is a letter longer than "seat 0")."""
    from sueca_rules.analysis import Analysis, DealReview, DecisionReview, OptionValue
    from sueca_rules.cli._cmd_analyse import report

    options = (OptionValue("AD", 40.0), OptionValue("2D", 30.0))
    decision = DecisionReview(1, 0, 0, "card", "AD", options, "AD", 0.0)
    review = Analysis(deals=(DealReview(1, (decision,), (70, 50)),), seats=(), variant="Portugal")
    line = next(
        s for s in report(review, lang).splitlines() if s.lstrip().startswith(("card", "carta"))
    )
    seat = "seat 0" if lang == "en" else "lugar 0"
    kind = "card" if lang == "en" else "carta"
    assert re.search(rf"{seat} {{2,}}{kind} ", line), line


def test_a_renuncia_whose_suit_held_cards_play_alike_is_read_as_a_stray(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Seat 0 failed to follow clubs (portugal-table: a renúncia can be played). Seat 1's and seat
    # 3's reading of seat 0 weighs deals in which it held clubs that all play alike: the renúncia
    # is then a stray among one choice, once a division by zero (a traceback in sueca analyse).
    path = str(HERE / "revoke_then_claim.yaml")
    for seat in ("1", "3"):
        status, out, err = _run(capsys, path, "--seat", seat, "--level", "3")
        assert (status, err) == (0, "")
        assert re.search(rf"seat {seat}: \d+ decisions", out)


def test_the_review_on_a_narrow_terminal_keeps_its_words_whole(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = str(HERE / "seven_under_ace.yaml")
    _, piped, _ = _run(capsys, path, "--level", "1", "--lang", "pt")
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    monkeypatch.setenv("COLUMNS", "40")
    status, out, _ = _run(capsys, path, "--level", "1", "--lang", "pt")
    assert status == 0
    assert max(len(line) for line in out.splitlines()) <= 40 < max(map(len, piped.splitlines()))
    assert out.split() == piped.split()


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            [
                "Deal 1: seat 1 asked for a new deal",
                "  —        seat 1  new deal? yes  best no, loses 18.6  ✗ MISTAKE",
                "Deal 2: 70-50",
                "  card  1  seat 1  card      A♦",
                "  card 40  seat 0  claim?    no  best yes, loses 60  ✗ MISTAKE",
                "  card 40  seat 2  claim?    against seat 3",
                "    deal 2, card 40: no claim for claim, 60 points",
                "    deal 1, new deal? yes, best no, 18.6 points",
            ],
        ),
        (
            "pt",
            [
                "Mão 1: o lugar 1 pediu para dar de novo",
                "  —         lugar 1  dar de novo? sim  melhor não, perde 18,6  ✗ ERRO",
                "Mão 2: 70-50",
                "  carta  1  lugar 1  carta        A♦",
                "  carta 40  lugar 0  acusar?      não  melhor sim, perde 60  ✗ ERRO",
                "  carta 40  lugar 2  acusar?      contra o lugar 3",
                "    mão 2, carta 40: não acusar em vez de acusar, 60 pontos",
                "    mão 1, dar de novo? sim, melhor não, 18,6 pontos",
            ],
        ),
    ],
)
def test_a_question_reads_as_a_question_and_its_answer(lang: str, said: list[str]) -> None:
    # The new-deal question is asked before any card: its line is not numbered as a card, and
    # the question is answered (`new deal? yes`), not said twice (`new deal? new deal`); a claim
    # is answered so too (`claim? no`, not `claim? no claim`), and among the biggest mistakes it
    # is at the card it follows, as in its line (it was one card later, `card 41`).
    from sueca_rules.analysis import Analysis, DealReview, DecisionReview, OptionValue, SeatSummary
    from sueca_rules.cli._cmd_analyse import report

    yes_no = (OptionValue(False, 41.4), OptionValue(True, 60.0))
    asked = DecisionReview(1, 0, 1, "redeal", True, yes_no, False, 18.6, (Fact("asked_redeal"),))
    card = DecisionReview(2, 0, 1, "card", "AD", (OptionValue("AD", 40.0),), "AD", 0.0)
    claims = (OptionValue(False, 60.0), OptionValue(True, 120.0))
    missed = DecisionReview(2, 40, 0, "claim", False, claims, True, 60.0, (Fact("missed_claim"),))
    against = (OptionValue(False, 60.0), OptionValue(3, 120.0))
    accused = DecisionReview(2, 40, 2, "claim", 3, against, 3, 0.0)
    review = Analysis(
        deals=(
            DealReview(1, (asked,), None, redeal=1),
            DealReview(2, (card, missed, accused), (70, 50)),
        ),
        seats=(
            SeatSummary(0, 1, 60.0, 1, (missed,)),
            SeatSummary(1, 2, 18.6, 1, (asked,)),
        ),
        variant="Brasil",
    )
    lines = report(review, lang).splitlines()
    for line in said:
        assert line in lines


def _standing(obs: Observation) -> tuple[int, int, Callable[[int], bool]]:
    """The card winning the trick, its seat, and whether a card would beat it."""
    from sueca_rules._rules import BEATS

    trump = int(obs.trump or 0)
    trick = [int(c) for c in obs.trick]
    top, seat, _ = trick_standing(trick, obs.trick_leader, trump, obs.rules.next_seat)
    return top, seat, lambda card: bool(BEATS[trump][top * 40 + card])


def test_a_card_given_to_the_rivals_is_weighed_against_the_best_option() -> None:
    # The rivals win the trick; the seat gave them a card with points. The fact names the best
    # option as the card with fewer points; when the best option takes the trick, the reason is
    # that it let the trick go, and no other "legal" card is named before the better one (it
    # read "you gave them A♠ (11 points); 2♠ was legal. 7♠ was worth…").
    from sueca_rules._kernel._bits import POINTS

    def spot(obs: Observation) -> bool:
        if not obs.trick:
            return False
        _, seat, beats = _standing(obs)
        legal = [int(c) for c in obs.legal]
        return (
            seat % 2 != obs.seat % 2
            and any(POINTS[c] and not beats(c) for c in legal)
            and any(beats(c) for c in legal)
            and sum(not beats(c) for c in legal) >= 2
        )

    obs = _position(spot)
    _, _, beats = _standing(obs)
    legal = [int(c) for c in obs.legal]
    given = max((c for c in legal if not beats(c)), key=lambda c: (POINTS[c], c % 10))
    taker = next(c for c in legal if beats(c))
    cheaper = [c for c in legal if not beats(c) and POINTS[c] < POINTS[given]]
    facts = card_facts(obs, given, taker, 9.0)
    assert [f.kind for f in facts] in (["let_trick_go", "better"], ["did_not_cut", "better"])
    assert facts[0].other == facts[1].other == str(CARDS[taker])
    assert "was legal" not in explain(facts)
    for best in cheaper:  # the card named is the best option, whichever it is
        facts = card_facts(obs, given, best, 9.0)
        assert facts[0] == Fact(
            "gave_points", str(CARDS[given]), str(CARDS[best]), points=POINTS[given]
        )
        assert facts[1].other == str(CARDS[best])


def test_a_partners_trick_overtaken_is_weighed_against_the_best_option() -> None:
    # The partner wins the trick and the seat beats its card with a card of points: the fact
    # names the best option, a lower card that stays under the partner's; a best option that
    # beats the partner's card too is not offered as the lower one that was legal.
    from sueca_rules._kernel._bits import POINTS

    def spot(obs: Observation) -> bool:
        if not obs.trick:
            return False
        _, seat, beats = _standing(obs)
        legal = [int(c) for c in obs.legal]
        led = int(obs.trick[0]) // 10
        follow = [c for c in legal if c // 10 == led]
        return (
            seat == obs.seat ^ 2
            and sum(beats(c) for c in follow) >= 2
            and POINTS[max(follow, key=lambda c: c % 10)] > 0
            and any(not beats(c) for c in follow)
        )

    obs = _position(spot)
    _, _, beats = _standing(obs)
    led = int(obs.trick[0]) // 10
    follow = [int(c) for c in obs.legal if int(c) // 10 == led]
    over = max((c for c in follow if beats(c) and POINTS[c]), key=lambda c: c % 10)
    under = min(c for c in follow if not beats(c))
    facts = card_facts(obs, over, under, 9.0)
    assert facts[0] == Fact("overtook_partner", str(CARDS[over]), str(CARDS[under]))
    others = [c for c in follow if c != over and beats(c)]
    assert others
    for best in others:
        assert [f.kind for f in card_facts(obs, over, best, 9.0)] == ["better"]


@pytest.mark.parametrize(
    ("false_claim", "after", "lost"),
    [("penalize_claimant", "play_on", True), ("ignored", "deal_ends", False)],
)
def test_a_false_claim_after_which_the_deal_plays_on_still_costs_its_games(
    false_claim: str, after: str, lost: bool
) -> None:
    """Under `after_false_claim: play_on` a claim no rival's card proved gives the rivals its
    games (4 here, a bandeira's worth: 60 card points, as a false claim that ends the deal is
    worth 60 - 60 = 0) while the deal goes on; the review valued it as not
    claiming at all (loss 0, no mistake), as if it had cost nothing. A false claim that is
    ignored does cost nothing."""
    variant = Variant.model_validate(
        {
            "name": "Play on",
            "revoke": {"mode": "claimable", "false_claim": false_claim, "after_false_claim": after},
        }
    )
    match = Match(variant, seed=21)
    bots = [make_bot(2, seed=s) for s in range(4)]
    while (decision := match.pending()) is not None and not match.deals:
        if decision.kind == "claim" and len(match.plays) == 8 and decision.seat == 0:
            match.decide(True)  # no rival revoked: a false claim
        else:
            match.decide(answer(bots[decision.seat], decision, match.observation(decision.seat)))
    assert match.deals[0].penalties == ((0, 4) if lost else (0, 0))
    (claim,) = [d for d in analyse(match.to_record(), level=1, seat=0).decisions() if
                d.decision == "claim"]  # fmt: skip
    assert claim.played is True
    values = {o.choice: o.value for o in claim.options}
    if lost:
        # 4 games, a bandeira's: the 60 points between an even deal and all 120
        assert values[True] == max(0.0, round(values[False] - 60, 1))
        assert values[True] < values[False]
        assert claim.best is False
        assert claim.mistake
        assert claim.facts == (Fact("false_claim"),)
    else:
        assert values[True] == values[False]
        assert claim.loss == 0


def test_the_guide_says_which_tricks_a_review_plays_with_every_hand_in_view() -> None:
    """The guide warns that late in a deal a loss is measured against play that sees every card
    ("The last three tricks of each play-out ... solved exactly"): it holds at the default
    level, and the guide says it where it explains how far to trust a value."""
    from sueca_rules.analysis._values import LEVEL_SETTINGS

    guide = (Path(__file__).parent.parent / "docs" / "guide" / "analysis.md").read_text("utf-8")
    section = guide.split("## How far to trust a value", 1)[1].split("\n## ", 1)[0]
    said = " ".join(section.split())
    assert "last three tricks of each play-out" in said
    assert "three tricks or fewer left) are solved exactly, every player seeing every card" in said
    assert LEVEL_SETTINGS[5].endgame_tricks == 3
    assert LEVEL_SETTINGS[5].solve_tricks == 3


def test_every_card_mistake_ends_with_the_better_card_as_the_guide_says() -> None:
    """The guide said every explanation ends with the best option and how much more it was worth;
    a claim's and a new deal's do not (their line shows the loss): it now says so of a card's,
    which holds."""
    review = analyse(load_record(HERE / "revoke_then_claim.yaml"), level=1, samples=4)
    kinds = {d.decision for d in review.decisions() if d.mistake}
    assert {"card", "claim"} <= kinds
    for decision in review.decisions():
        if not decision.mistake:
            continue
        last = decision.facts[-1]
        if decision.decision == "card":
            assert last.kind == "better"
            assert last.other == decision.best
            assert last.loss == decision.loss
        else:
            assert all(f.kind != "better" for f in decision.facts)
    guide = (Path(__file__).parent.parent / "docs" / "guide" / "analysis.md").read_text("utf-8")
    assert "Every explanation of a card ends with the best option" in guide


@pytest.mark.parametrize(
    ("variant", "kind"), [("portugal-table", "only_follow"), ("portugal", "only_option")]
)
def test_one_card_of_the_suit_led_is_the_only_choice_only_where_no_renuncia_can_be_played(
    variant: str, kind: FactKind
) -> None:
    """Under portugal-table any card of the hand may be played (a renúncia is claimed, not
    prevented), yet with one card of the suit led `sueca play --hints` said "It is the only
    choice.": it is the only card that follows suit, and the words now say that."""
    for seed in range(200):
        match = Match(variant, seed=seed)
        bots = [make_bot(2, seed=s) for s in range(4)]
        found = False
        while match.phase == "play" and not match.deals:
            decision = match.pending()
            assert decision is not None
            if (
                decision.kind == "card"
                and match.trick
                and len(match.legal_cards()) == 1
                and len(match.hand(decision.seat)) > 1
            ):
                found = True
                break
            match.decide(answer(bots[decision.seat], decision, match.observation(decision.seat)))
        if found:
            break
    else:
        pytest.fail("no seat with one card of the suit led")
    advice = hint(match, budget_ms=50)
    assert advice is not None
    (only,) = match.legal_cards()
    assert advice.choice == str(only)
    assert advice.reasons == (Fact(kind, str(only)),)
    said = {
        "only_follow": (
            "It is your only card of the suit led: any other would be a renúncia.",
            "É a única carta que tens do naipe jogado: jogar outra era renúncia.",
        ),
        "only_option": ("It is the only choice.", "É a única escolha."),
    }[kind]
    assert (hint_reason(advice), hint_reason(advice, "pt")) == said
