"""The web app's deck (static/cards.svg): the 40 cards of a Sueca deck and a back, each a symbol
named by the contract's notation, exactly as scripts/gen_cards.py draws them."""

from __future__ import annotations

import importlib.util
import re
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPRITE = ROOT / "sueca_rules" / "web" / "static" / "cards.svg"


def test_the_sprite_holds_every_card_and_a_back() -> None:
    tree = ET.parse(SPRITE)
    ns = {"svg": "http://www.w3.org/2000/svg"}
    ids = {s.get("id") for s in tree.getroot().iterfind("svg:symbol", ns)}
    cards = {r + s for s in "SHDC" for r in "A7KJQ65432"}
    assert cards | {"back"} <= ids
    assert len(cards) == 40
    text = SPRITE.read_text(encoding="utf-8")
    assert "MIT" in text
    assert not re.search(r"""href=["'](?!#)""", text)  # nothing outside the file
    assert "style=" not in text  # the pages' policy forbids inline styles


def test_the_sprite_is_what_the_script_draws() -> None:
    spec = importlib.util.spec_from_file_location("gen_cards", ROOT / "scripts" / "gen_cards.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.sprite() == SPRITE.read_text(encoding="utf-8")


def test_messages_show_cards_with_their_suit_signs() -> None:
    from sueca_rules.web._phases import shown

    assert shown("4C") == "4♣"
    assert shown("7H") == "7♥"
    assert shown(None) == ""
    assert shown("xyz") == "xyz"
