"""The classic decks: the standard 52 plus jokers, and Gang of Four's 64 cards."""

import doctest
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gong.classic_cards
from gong.cards import CardCodeError
from gong.classic_cards import (
    DRAGON,
    GOF_CARDS,
    GOF_COPIES,
    GOF_DECK,
    GREEN_PHOENIX,
    MAX_JOKERS,
    MULTI_ONE,
    STANDARD_52,
    YELLOW_PHOENIX,
    ClassicCardCodeError,
    GofCard,
    GofColour,
    Rank,
    StandardCard,
    Suit,
    cards_of_rank,
    parse_gof_card,
    parse_gof_cards,
    parse_rank,
    parse_standard_card,
    standard_deck,
)


def test_docstring_examples_run():
    result = doctest.testmod(gong.classic_cards)
    assert result.attempted > 0 and result.failed == 0


# --- the standard deck -----------------------------------------------------------------------


def test_standard_deck_has_52_distinct_cards_of_13_ranks_and_4_suits():
    assert len(STANDARD_52) == 52 and len(set(STANDARD_52)) == 52
    assert Counter(c.rank for c in STANDARD_52) == {rank: 4 for rank in Rank}
    assert Counter(c.suit for c in STANDARD_52) == {suit: 13 for suit in Suit}
    assert not any(c.is_joker for c in STANDARD_52)


@pytest.mark.parametrize("jokers", range(MAX_JOKERS + 1))
def test_deck_builder_adds_the_asked_number_of_jokers(jokers):
    deck = standard_deck(jokers)
    assert len(deck) == 52 + jokers and len(set(deck)) == len(deck)
    assert [c.code for c in deck if c.is_joker] == [f"JK{n}" for n in range(1, jokers + 1)]


@pytest.mark.parametrize("jokers", [-1, MAX_JOKERS + 1, 2.0, True, "2"])
def test_deck_builder_refuses_a_joker_count_out_of_range(jokers):
    with pytest.raises(ValueError, match="0 to 8 jokers"):
        standard_deck(jokers)


def test_standard_codes_are_rank_then_suit():
    assert [c.code for c in STANDARD_52[:5]] == ["2C", "2D", "2H", "2S", "3C"]
    assert parse_standard_card("QS") == StandardCard(Rank.QUEEN, Suit.SPADES)
    assert parse_standard_card("10H") == StandardCard(Rank.TEN, Suit.HEARTS)
    assert parse_standard_card("jk2") == StandardCard(None, None, 2)
    assert parse_standard_card("as").label == "ace of spades"
    assert parse_standard_card("JK1").label == "joker 1"


def test_standard_cards_sort_by_rank_then_suit_with_jokers_last():
    deck = standard_deck(3)
    shuffled = list(reversed(deck))
    assert sorted(shuffled) == list(deck)
    assert StandardCard(Rank.TWO, Suit.SPADES) < StandardCard(Rank.THREE, Suit.CLUBS)
    assert StandardCard(Rank.ACE, Suit.SPADES) < StandardCard(None, None, 1)


def test_a_rank_writes_its_code_in_text_and_formats():
    assert str(Rank.QUEEN) == f"{Rank.QUEEN}" == "Q" and f"{Rank.TEN:>3}" == " 10"
    assert Rank.QUEEN.label == "queen" and Rank.TEN.label == "10"


def test_ranks_run_from_two_low_to_ace_high():
    assert [r.value for r in Rank] == list(range(2, 15))
    assert Rank.TWO < Rank.TEN < Rank.JACK < Rank.QUEEN < Rank.KING < Rank.ACE
    assert [r.code for r in Rank] == [*"23456789", "10", *"JQKA"]


@pytest.mark.parametrize(("text", "rank"), [("q", Rank.QUEEN), (" 10 ", Rank.TEN), ("A", Rank.ACE)])
def test_parse_rank_names_a_rank_in_any_case(text, rank):
    assert parse_rank(text) is rank


@pytest.mark.parametrize("text", ["1", "11", "T", "QS", "", "queen"])
def test_parse_rank_refuses_what_is_not_a_rank(text):
    with pytest.raises(
        ClassicCardCodeError, match=r"not a rank: .* \(the ranks are 2-10, J, Q, K, A\)"
    ):
        parse_rank(text)


def test_cards_of_rank_are_a_go_fish_book():
    book = cards_of_rank(Rank.QUEEN)
    assert [c.code for c in book] == ["QC", "QD", "QH", "QS"]
    assert all(cards_of_rank(r)[0].rank is r for r in Rank)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("JK9", "the jokers are JK1 to JK8"),
        ("JK0", "the jokers are JK1 to JK8"),
        ("1C", "unknown rank '1'; the ranks are 2-10, J, Q, K, A"),
        ("11H", "unknown rank '11'"),
        ("QX", "unknown suit 'X'; the suits are C clubs, D diamonds, H hearts, S spades"),
        ("Q", "the suit is missing"),
        ("", "a card code is a rank (2-10, J, Q, K, A) then a suit (C, D, H, S)"),
        ("hello world", "a card code is a rank"),
    ],
)
def test_bad_standard_codes_say_why(text, reason):
    with pytest.raises(ClassicCardCodeError) as caught:
        parse_standard_card(text)
    assert str(caught.value).startswith(f"not a standard card code: {text!r} (")
    assert reason in str(caught.value)


def test_a_bad_code_is_a_card_code_error_and_a_value_error():
    assert issubclass(ClassicCardCodeError, CardCodeError)
    assert issubclass(ClassicCardCodeError, ValueError)
    with pytest.raises(ClassicCardCodeError, match="text, not int"):
        parse_standard_card(12)
    with pytest.raises(ClassicCardCodeError, match=r"'x{20}\.\.\.'"):
        parse_gof_card("x" * 50)


def test_a_standard_card_must_be_whole():
    with pytest.raises(ValueError):
        StandardCard(Rank.TWO, None)
    with pytest.raises(ValueError):
        StandardCard(None, None, 9)
    with pytest.raises(ValueError):
        StandardCard(Rank.TWO, Suit.CLUBS, 1)


@given(st.sampled_from(standard_deck(MAX_JOKERS)), st.randoms())
def test_every_standard_code_round_trips_in_any_case(card, rnd):
    text = "".join(ch.lower() if rnd.random() < 0.5 else ch for ch in card.code)
    assert parse_standard_card(text) == card and str(card) == card.code


# --- Gang of Four's deck ---------------------------------------------------------------------


def test_gof_deck_is_sixty_coloured_cards_and_four_special_ones():
    counts = Counter(GOF_DECK)
    assert len(GOF_DECK) == 64 and len(counts) == 34
    for colour in GofColour:
        for number in range(1, 11):
            assert counts[parse_gof_card(f"{colour.code}{number}")] == 2
    assert [counts[c] for c in (MULTI_ONE, GREEN_PHOENIX, YELLOW_PHOENIX, DRAGON)] == [1] * 4
    assert [GOF_COPIES[c.index] for c in GOF_CARDS] == [c.copies for c in GOF_CARDS]


def test_gof_canonical_order_is_the_one_of_the_rules():
    codes = [c.code for c in GOF_CARDS]
    assert codes[:8] == ["G1", "Y1", "R1", "M1", "G2", "Y2", "R2", "G3"]
    assert codes[-5:] == ["Y10", "R10", "PG", "PY", "DR"]
    assert list(GOF_DECK) == sorted(reversed(GOF_DECK))
    assert parse_gof_card("R1") < MULTI_ONE < parse_gof_card("G2")
    assert parse_gof_card("R10") < GREEN_PHOENIX < YELLOW_PHOENIX < DRAGON


def test_gof_card_properties():
    r7 = parse_gof_card("r7")
    assert (r7.number, r7.colour, r7.label, r7.copies) == (7, GofColour.RED, "red 7", 2)
    assert (MULTI_ONE.number, MULTI_ONE.colour, MULTI_ONE.is_multicoloured) == (1, None, True)
    assert GREEN_PHOENIX.is_phoenix and GREEN_PHOENIX.number is None
    assert GREEN_PHOENIX.colour is GofColour.GREEN and YELLOW_PHOENIX.label == "yellow phoenix"
    assert DRAGON.is_dragon and DRAGON.colour is None and DRAGON.label == "dragon"
    assert repr(r7) == "GofCard(R7)" and str(parse_gof_card("m1")) == "M1"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("G11", "green, yellow and red cards are numbered 1 to 10"),
        ("R0", "green, yellow and red cards are numbered 1 to 10"),
        ("M2", "the multicoloured card is M1"),
        ("PR", "the phoenixes are PG (green) and PY (yellow)"),
        ("DG", "the dragon is DR"),
        ("B5", "a card code is a colour (G, Y, R) and a number 1-10"),
        ("QS", "a card code is a colour (G, Y, R) and a number 1-10"),
        ("", "or M1, PG, PY, DR"),
    ],
)
def test_bad_gof_codes_say_why(text, reason):
    with pytest.raises(ClassicCardCodeError) as caught:
        parse_gof_card(text)
    assert str(caught.value).startswith(f"not a Gang of Four card code: {text!r} (")
    assert reason in str(caught.value)


def test_parse_gof_cards_reads_a_space_separated_play_in_written_order():
    assert parse_gof_cards(" y7  g7 ") == (parse_gof_card("Y7"), parse_gof_card("G7"))
    assert parse_gof_cards("") == ()
    with pytest.raises(ClassicCardCodeError, match="'X7'"):
        parse_gof_cards("G7 X7")


def test_a_gof_card_index_is_checked():
    with pytest.raises(ValueError, match="0 to 33"):
        GofCard(34)
    with pytest.raises(ValueError, match="an int"):
        GofCard(True)


@given(st.sampled_from(GOF_CARDS), st.randoms())
def test_every_gof_code_round_trips_in_any_case(card, rnd):
    text = "".join(ch.lower() if rnd.random() < 0.5 else ch for ch in card.code)
    assert parse_gof_card(text) is GOF_CARDS[card.index] and parse_gof_card(text) == card
