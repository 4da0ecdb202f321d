"""The GONG deck of server/content/rules/en/index.md#the-cards."""

import doctest

import pytest
from hypothesis import given
from hypothesis import strategies as st

import gong.cards
from gong.cards import (
    DECK,
    JOKERS,
    NUMBERED,
    Card,
    CardCodeError,
    Family,
    Gem,
    Kind,
    cards_of,
    is_card_code,
    parse_card,
)
from gong.i18n import LANGUAGES, card_name, check_language, gem_name, kind_name, typeset


def test_deck_has_nine_families_of_six_and_two_jokers():
    assert [f.name for f in Family] == [
        "PROXIMA",
        "NEBULA",
        "ZETA",
        "ANDROMEDE",
        "SERPENS",
        "SPARROW",
        "VIRGO",
        "OMEGA",
        "NEMESIS",
    ]
    assert len(NUMBERED) == 54 and len(set(NUMBERED)) == 54
    assert len(JOKERS) == 2 and all(j.is_joker for j in JOKERS)
    assert len(DECK) == 56 and len(set(DECK)) == 56
    for family in Family:
        assert [c.number for c in cards_of(family)] == [1, 2, 3, 4, 5, 6]
        assert all(c.family is family for c in cards_of(family))


def test_each_number_is_a_gem():
    names = [Gem(n).label for n in range(1, 7)]
    assert names == ["Gold", "Obsidian", "Silver", "Ruby", "Ice", "Amethyst"]
    assert parse_card("NE5").gem is Gem.ICE


@pytest.mark.parametrize(
    ("number", "kind"),
    [
        (1, Kind.FIGHT),
        (2, Kind.FIGHT),
        (3, Kind.MALUS),
        (4, Kind.MALUS),
        (5, Kind.BONUS),
        (6, Kind.BONUS),
    ],
)
def test_mission_kind_by_number(number, kind):
    assert all(Card(f, number).kind is kind for f in Family)


def test_jokers_carry_no_mission_and_no_gem():
    for joker in JOKERS:
        with pytest.raises(ValueError, match="joker"):
            _ = joker.kind
        with pytest.raises(ValueError, match="joker"):
            _ = joker.gem


@pytest.mark.parametrize(
    ("code", "family", "number"),
    [
        ("PR1", Family.PROXIMA, 1),
        ("NE5", Family.NEBULA, 5),
        ("ze3", Family.ZETA, 3),
        ("An6", Family.ANDROMEDE, 6),
        ("sE2", Family.SERPENS, 2),
        ("SP4", Family.SPARROW, 4),
        ("vi1", Family.VIRGO, 1),
        ("OM6", Family.OMEGA, 6),
        ("nm5", Family.NEMESIS, 5),
        (" NE5 ", Family.NEBULA, 5),
    ],
)
def test_codes_parse_in_any_case(code, family, number):
    assert parse_card(code) == Card(family, number)


def test_joker_codes():
    assert parse_card("j1") is JOKERS[0] or parse_card("j1") == JOKERS[0]
    assert parse_card("J2") == JOKERS[1]
    assert [str(j) for j in JOKERS] == ["J1", "J2"]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("NE7", "numbered 1 to 6"),
        ("NE0", "numbered 1 to 6"),
        ("J3", "J1 and J2"),
        ("XX5", "unknown family"),
        ("NEBULA5", "family code and a number"),
        ("", "family code"),
        ("NE", "family code"),
        ("5NE", "family code"),
        ("NE55", "family code"),
        ("N\u00c95", "family code"),
    ],
)
def test_bad_codes_raise_a_clear_error(text, reason):
    with pytest.raises(CardCodeError, match=reason):
        parse_card(text)
    assert not is_card_code(text)


def test_non_text_is_rejected():
    with pytest.raises(CardCodeError, match="text"):
        parse_card(5)  # type: ignore[arg-type]


def test_long_garbage_is_shortened_in_the_message():
    with pytest.raises(CardCodeError) as info:
        parse_card("x" * 500)
    assert len(str(info.value)) < 200


@given(st.sampled_from(DECK))
def test_code_round_trips(card):
    assert parse_card(str(card)) == card
    assert parse_card(str(card).lower()) == card


@given(st.text(max_size=6))
def test_parser_accepts_exactly_the_56_codes(text):
    canonical = {str(c) for c in DECK}
    if text.strip().upper() in canonical:
        assert str(parse_card(text)) == text.strip().upper()
    else:
        with pytest.raises(CardCodeError):
            parse_card(text)


def test_cards_are_frozen_and_ordered():
    card = parse_card("NE5")
    with pytest.raises(AttributeError):
        card.number = 6  # type: ignore[misc]
    shuffled = list(reversed(DECK))
    assert sorted(shuffled) == list(DECK)  # deck order: families in rule order, jokers last
    assert parse_card("PR6") < parse_card("NE1") < parse_card("NM6") < JOKERS[0] < JOKERS[1]
    assert max(DECK) == JOKERS[1] and min(DECK) == parse_card("PR1")


def test_invalid_card_values_are_refused():
    with pytest.raises(ValueError):
        Card(Family.NEBULA, 7)
    with pytest.raises(ValueError):
        Card(None, 3)


def test_every_language_names_every_gem_and_kind():
    for lang in LANGUAGES:
        assert len({gem_name(g, lang) for g in Gem}) == 6
        assert len({kind_name(k, lang) for k in Kind}) == 3
    assert card_name(parse_card("NE5"), "fr") == "NEBULA 5 · Glace"
    assert card_name(JOKERS[0], "sv") == "GONG JOKER"
    with pytest.raises(ValueError, match="unsupported language"):
        check_language("pt")


def test_kind_parse():
    assert Kind.parse(" Bonus ") is Kind.BONUS
    with pytest.raises(ValueError, match="unknown mission kind"):
        Kind.parse("super")


def test_docstring_examples_run():
    result = doctest.testmod(gong.cards)
    assert result.attempted > 0 and result.failed == 0


def test_french_punctuation_stays_with_its_word():
    assert typeset("Décollage  ! Une « fusée » : oui ?", "fr") == (
        "Décollage\u202f! Une «\u202ffusée\u202f»\u202f: oui\u202f?"
    )
    assert typeset("Hej !\n  Nu", "sv") == "Hej ! Nu"
    assert typeset("keep\u00a0this", "en") == "keep\u00a0this"
