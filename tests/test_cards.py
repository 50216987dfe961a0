from __future__ import annotations

import pytest

from sueca_rules import CARDS, Card, CardError, Rank, Suit, parse_card, parse_cards
from sueca_rules._cards import POINTS, SUIT_MASKS, cards_from_mask, mask_of


def test_deck_has_40_cards_and_120_points() -> None:
    assert len(CARDS) == 40
    assert len({str(c) for c in CARDS}) == 40
    assert sum(c.points for c in CARDS) == 120
    assert sum(POINTS) == 120


def test_points_table() -> None:
    assert [parse_card(f"{r}S").points for r in "A7KJQ65432"] == [11, 10, 4, 3, 2, 0, 0, 0, 0, 0]


def test_rank_order_strongest_first() -> None:
    ranks = [parse_card(f"{r}H") for r in "A7KJQ65432"]
    assert ranks == sorted(ranks, reverse=True)
    assert Rank.SEVEN > Rank.KING > Rank.JACK > Rank.QUEEN > Rank.SIX


def test_notation_round_trip_and_lower_case() -> None:
    for card in CARDS:
        assert parse_card(str(card)) is card
        assert parse_card(str(card).lower()) is card
    assert str(parse_card("7h")) == str(parse_card("7H")) == "7H"
    assert parse_card("aS") is parse_card("As") is parse_card("AS")
    assert parse_card("qc").suit is Suit.CLUBS
    assert parse_card("QC").rank is Rank.QUEEN


def test_card_is_an_int_with_notation() -> None:
    card = parse_card("7H")
    assert isinstance(card, int)
    assert repr(card) == "Card('7H')"
    assert f"{card:>4}" == "  7H"
    assert card.symbol == "7♥"
    assert parse_card(int(card)) is card


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("8S", "without the 8s, 9s and 10s"),
        ("10H", "without the 8s, 9s and 10s"),
        ("AX", "suit must be one of S, H, D, C"),
        ("ZS", "rank must be one of"),
        ("", "write rank then suit"),
        ("ace of spades", "write rank then suit"),
    ],
)
def test_bad_cards_say_what_a_card_is(text: str, words: str) -> None:
    with pytest.raises(CardError, match=words):
        parse_card(text)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        # str.upper() makes these AS, 7S, AS: the contract's letters are ASCII only.
        (
            "7ſ",
            "'7ſ' is not a card: the suit must be one of S, H, D, C (ASCII letters, either "
            "case); 'ſ' is U+017F, not one of them",
        ),
        ("\uff21S", "the rank must be one of A 7 K J Q 6 5 4 3 2 (either case); 'Ａ' is U+FF21"),
        ("a\u212a", "the suit must be one of S, H, D, C"),
        # Padding is not part of a card (a line typed at the terminal is stripped by the game).
        (" AS", "' AS' is not a card: write it without spaces around it, as 'AS'"),
        ("7h\n", "write it without spaces around it, as '7H'"),
        ("A S", "write rank then suit"),
    ],
)
def test_only_the_ascii_letters_without_padding_are_a_card(text: str, words: str) -> None:
    with pytest.raises(CardError) as caught:
        parse_card(text)
    assert words in str(caught.value)


def test_a_suit_is_an_ascii_letter_without_padding() -> None:
    for text in ("ſ", " s", "s ", ""):
        with pytest.raises(CardError, match="is not a suit: expected one of S, H, D, C"):
            Suit.parse(text)


def test_a_decision_accepts_a_card_as_parse_card_reads_it() -> None:
    from sueca_rules import Decision

    decision = Decision(0, "card", (parse_card("7S"), parse_card("2H")), parse_card("7S"), 0)
    assert decision.accepts("7s")
    assert decision.accepts("7S")
    assert decision.accepts(8)  # 7S is card 8
    assert not decision.accepts("7ſ")
    assert not decision.accepts(" 7S")
    assert not decision.accepts(True)


def test_bad_card_numbers() -> None:
    with pytest.raises(ValueError, match="out of range"):
        parse_card(40)
    with pytest.raises(CardError):
        Card(-1)


def test_parse_cards_and_masks() -> None:
    cards = parse_cards(["AS", "2c", "7H"])
    assert cards_from_mask(mask_of(cards)) == parse_cards(["AS", "7H", "2C"])
    assert mask_of(CARDS) == (1 << 40) - 1
    for suit in Suit:
        assert [c.suit for c in cards_from_mask(SUIT_MASKS[suit])] == [suit] * 10
        assert suit.letter == "SHDC"[suit]
        assert Suit.parse(suit.letter.lower()) is suit
    with pytest.raises(CardError):
        Suit.parse("X")


def test_parse_cards_reads_one_text_of_cards() -> None:
    assert parse_cards("AS 7s, kd") == parse_cards(["AS", "7S", "KD"])
    assert parse_cards("") == []
    with pytest.raises(CardError, match="'8S' is not a card"):
        parse_cards("AS 8S")
