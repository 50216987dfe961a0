"""How a table makes the bots' decisions (`sueca_rules.web._phases` and the table's driver),
without HTTP: a bad bot's card is said out loud, claims are asked in the engine's one order,
and the redeal question is answered at a pace that does not depend on the hand."""

from __future__ import annotations

import logging

import pytest

pytest.importorskip("starlette")

from sueca_rules import Match, parse_card
from sueca_rules.web._phases import Decision


@pytest.mark.parametrize("chosen", ["AS", None])
def test_a_bad_bots_card_is_logged_and_a_legal_card_played(
    caplog: pytest.LogCaptureFixture, chosen: str | None
) -> None:
    match = Match("portugal", seed=1)
    seat = match.turn
    assert seat is not None
    card = parse_card(chosen) if chosen is not None else None
    assert card is None or card not in match.hand(seat)
    legal = match.legal_cards()
    with caplog.at_level(logging.WARNING, logger="sueca_rules.web"):
        events = Decision(card=card, play=True).apply(match, seat)
    assert len(match.plays) == 1
    assert match.plays[0] == legal[0]
    assert events
    warning = next(r for r in caplog.records if r.name == "sueca_rules.web")
    assert warning.levelno == logging.WARNING
    assert f"seat {seat}" in warning.getMessage()
    assert str(chosen) in warning.getMessage()
    assert str(legal[0]) in warning.getMessage()


def test_a_good_bots_card_is_played_without_a_word(caplog: pytest.LogCaptureFixture) -> None:
    match = Match("portugal", seed=1)
    card = match.legal_cards()[-1]
    with caplog.at_level(logging.WARNING, logger="sueca_rules.web"):
        Decision(card=card, play=True).apply(match, match.turn)
    assert match.plays == [card]
    assert not caplog.records
