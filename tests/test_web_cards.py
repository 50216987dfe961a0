"""The web app's decks (static/cards.svg, and cards-pt.svg for the Portuguese pages): the 40 cards
of a Sueca deck and a back, each a symbol named by the contract's notation, exactly as
scripts/gen_cards.py draws them."""

from __future__ import annotations

import importlib.util
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
STATIC = ROOT / "sueca_rules" / "web" / "static"
SPRITES = {"cards.svg": "KJQ", "cards-pt.svg": "RVD"}
"""Each deck's file, and the letters in the corners of its rei, valete and dama."""
NS = {"svg": "http://www.w3.org/2000/svg"}


def _corner(root: ET.Element, card: str) -> str:
    symbol = root.find(f"svg:symbol[@id='{card}']", NS)
    assert symbol is not None
    text = symbol.find(".//svg:text", NS)
    assert text is not None
    return text.text or ""


@pytest.mark.parametrize(("name", "courts"), SPRITES.items())
def test_the_sprite_holds_every_card_and_a_back(name: str, courts: str) -> None:
    sprite = STATIC / name
    tree = ET.parse(sprite)
    ids = {s.get("id") for s in tree.getroot().iterfind("svg:symbol", NS)}
    cards = {r + s for s in "SHDC" for r in "A7KJQ65432"}
    assert cards | {"back"} <= ids
    assert len(cards) == 40
    text = sprite.read_text(encoding="utf-8")
    assert "MIT" in text
    assert not re.search(r"""href=["'](?!#)""", text)  # nothing outside the file
    assert "style=" not in text  # the pages' policy forbids inline styles
    # The corners: the rank's letter as the deck is printed, the numbers and the ace alike.
    for suit in "SHDC":
        assert [_corner(tree.getroot(), rank + suit) for rank in "KJQ"] == list(courts)
        assert [_corner(tree.getroot(), rank + suit) for rank in "A765432"] == list("A765432")


def _gen_cards() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gen_cards", ROOT / "scripts" / "gen_cards.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_sprites_are_what_the_script_draws() -> None:
    module = _gen_cards()
    assert set(module.DECKS) == set(SPRITES)
    for name, letters in module.DECKS.items():
        assert module.sprite(letters) == (STATIC / name).read_text(encoding="utf-8")
    assert module.main(["--check"]) == 0


def test_messages_show_cards_with_their_suit_signs_and_the_readers_letters() -> None:
    from sueca_rules import parse_card
    from sueca_rules.web._i18n import phrase

    king, jack = parse_card("KC"), parse_card("JH")
    assert phrase("en", "error.not_in_hand", card=parse_card("4C")) == phrase(
        "en", "error.not_in_hand", card="4♣"
    )
    assert "K♣" in phrase("en", "error.not_in_hand", card=king)
    assert "R♣" in phrase("pt", "error.not_in_hand", card=king)
    follow = phrase("pt", "error.must_follow", legal=(king, jack), n=2)
    assert "R♣ V♥" in follow
    assert "K" not in follow
    assert "J" not in follow
    # Nothing given is shown as nothing, not as "None".
    assert "None" not in phrase("en", "error.not_in_hand", card=None)
