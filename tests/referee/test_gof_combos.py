"""Gang of Four's combinations: one test per rule of
server/content/rules/en/gang-of-four.md#what-you-can-play,
server/content/rules/en/gang-of-four.md#which-is-higher and
server/content/rules/en/gang-of-four.md#special-cards, then properties."""

import doctest

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gong.referee.gof_combos
from gong.classic_cards import GOF_CARDS, GOF_DECK, parse_gof_cards
from gong.referee.gof_combos import (
    FLUSH,
    FULL_HOUSE,
    GANG,
    PAIR,
    SINGLE,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPLE,
    Combination,
    CombinationKind,
    NotACombination,
    beating_plays,
    beats,
    classify,
    combination,
    combinations,
    has_multi_card_combination,
    highest_single,
)


def c(text: str) -> Combination:
    return combination(parse_gof_cards(text))


def kind(text: str):
    found = classify(parse_gof_cards(text))
    return None if found is None else found.kind


def strictly_increasing(texts: list[str]) -> None:
    """Each combination beats every one before it and none after it."""
    combos = [c(t) for t in texts]
    for i, low in enumerate(combos):
        for high in combos[i + 1 :]:
            assert beats(high, low), f"{high} should beat {low}"
            assert not beats(low, high), f"{low} should not beat {high}"


def test_docstring_examples_run():
    result = doctest.testmod(gong.referee.gof_combos)
    assert result.attempted > 0 and result.failed == 0


# --- singles ---------------------------------------------------------------------------------


def test_singles_rank_in_the_canonical_order_dragon_strongest():
    strictly_increasing([card.code for card in GOF_CARDS])
    assert all(kind(card.code) is SINGLE for card in GOF_CARDS)


def test_singles_compare_number_first_then_colour():
    assert beats(c("G10"), c("R8"))
    strictly_increasing(["G3", "Y3", "R3"])


# --- pairs and triples -----------------------------------------------------------------------


def test_pairs_compare_number_first_then_colour_from_the_strongest_card_down():
    assert kind("R1 R1") is PAIR and kind("G7 G7") is PAIR
    strictly_increasing(["G7 G7", "G7 Y7", "Y7 Y7", "G7 R7", "Y7 R7", "R7 R7", "G8 G8"])


def test_a_pair_is_two_cards_of_one_number():
    assert kind("G7 Y8") is None
    with pytest.raises(NotACombination, match="a pair is two cards of the same number"):
        c("G7 Y8")


def test_triples_compare_number_first_then_colour():
    assert kind("G4 Y4 R4") is TRIPLE
    strictly_increasing(["G4 G4 Y4", "G4 Y4 Y4", "G4 G4 R4", "G4 Y4 R4", "R4 R4 Y4", "G5 G5 Y5"])
    assert kind("G4 Y4 R5") is None


def test_only_combinations_of_the_same_size_meet_unless_a_gang():
    assert not beats(c("R10 R10"), c("G2"))
    assert not beats(c("DR"), c("G2 G2"))
    assert not beats(c("R9 R9 Y9"), c("G2 G2"))
    assert not beats(c("G2 Y2 R2"), c("R9 R9"))


# --- the four five-card kinds ----------------------------------------------------------------


def test_the_five_card_kinds_are_recognised():
    assert kind("G3 Y4 R5 G6 Y7") is STRAIGHT
    assert kind("G2 G4 G6 G8 G10") is FLUSH
    assert kind("G4 Y4 R4 G9 R9") is FULL_HOUSE
    assert kind("R3 R4 R5 R6 R7") is STRAIGHT_FLUSH
    assert kind("G3 Y4 R5 G6 Y8") is None
    with pytest.raises(NotACombination, match="five cards make a straight"):
        c("G3 Y4 R5 G6 Y8")


def test_five_card_kinds_rank_straight_then_flush_then_full_house_then_straight_flush():
    weakest_of_each = ["G1 G2 Y3 Y4 Y5", "G1 G2 G3 G4 G6", "G1 G1 Y1 G2 G2", "G1 G2 G3 G4 G5"]
    strongest_of_each = ["R6 R7 R8 R9 Y10", "R10 R10 R9 R9 R8", "R10 R10 Y10 PG PY"]
    assert [kind(t) for t in weakest_of_each] == [STRAIGHT, FLUSH, FULL_HOUSE, STRAIGHT_FLUSH]
    for i, low in enumerate(strongest_of_each):
        for high in weakest_of_each[i + 1 :]:
            assert beats(c(high), c(low)) and not beats(c(low), c(high))


def test_straights_go_by_top_card_down_then_colour():
    # Two straights to 7 differ by their 7s' colours; then by their 6s; a higher top wins.
    strictly_increasing(
        ["G3 G4 G5 Y6 G7", "G3 G4 G5 R6 G7", "G3 G4 G5 G6 Y7", "G3 G4 G5 G6 R7", "G4 G5 G6 G7 Y8"]
    )


def test_straights_run_from_1_to_10_without_wrapping():
    assert kind("G1 Y2 R3 G4 Y5") is STRAIGHT
    assert kind("G6 Y7 R8 G9 Y10") is STRAIGHT
    assert kind("G8 Y9 R10 G1 Y2") is None
    assert kind("G9 Y10 R1 G2 Y3") is None
    assert not any(
        combo.kind in (STRAIGHT, STRAIGHT_FLUSH)
        and combo.cards[-1].number != combo.cards[0].number + 4
        for combo in combinations(GOF_DECK)
    )


def test_flushes_go_by_their_numbers_then_their_colour():
    # Number first: a green 10-high flush beats a red 9-high one; then each lower card.
    strictly_increasing(["R3 R5 R7 R8 R9", "G2 G3 G4 G6 G10", "G2 G3 G5 G6 G10", "Y2 Y3 Y5 Y6 Y10"])
    strictly_increasing(["G2 G4 G6 G8 G9", "Y2 Y4 Y6 Y8 Y9", "R2 R4 R6 R8 R9"])


def test_a_flush_may_hold_two_identical_cards():
    assert kind("G7 G7 G2 G4 G9") is FLUSH
    assert beats(c("G7 G7 G2 G4 G9"), c("G7 G6 G2 G4 G9"))


def test_full_houses_go_by_the_triple_then_the_pair():
    strictly_increasing(["G4 Y4 R4 R10 R10", "G5 G5 Y5 G2 G2", "G5 G5 R5 G2 G2", "G5 G5 R5 G3 G3"])


def test_straight_flushes_go_by_top_card_then_colour():
    strictly_increasing(["G2 G3 G4 G5 G6", "Y2 Y3 Y4 Y5 Y6", "R2 R3 R4 R5 R6", "G3 G4 G5 G6 G7"])


def test_a_set_that_reads_as_two_kinds_counts_as_the_higher_kind():
    assert kind("M1 G1 G1 G7 G7") is FULL_HOUSE  # also a green flush
    assert beats(c("M1 G1 G1 G7 G7"), c("R10 R10 R9 R9 R8"))  # beats every flush
    assert not beats(c("M1 G1 G1 G7 G7"), c("G1 G2 G3 G4 G5"))
    assert kind("Y4 Y5 Y6 Y7 Y8") is STRAIGHT_FLUSH  # also a straight and a flush


# --- gangs -----------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [4, 5, 6])
def test_gangs_of_four_to_six_identical_numbers(size):
    text = " ".join(["G9", "G9", "Y9", "Y9", "R9", "R9"][:size])
    assert kind(text) is GANG and c(text).size == size


def test_the_gang_of_seven_is_the_six_coloured_ones_and_the_multicoloured_one():
    assert kind("G1 G1 Y1 Y1 R1 R1 M1") is GANG
    assert beats(c("G1 G1 Y1 Y1 R1 R1 M1"), c("G10 G10 Y10 Y10 R10 R10"))
    with pytest.raises(NotACombination, match="7 cards make a gang only when"):
        c("G2 G2 Y2 Y2 R2 R2 M1")


def test_a_gang_beats_every_non_gang_the_dragon_included():
    gang = c("G2 G2 Y2 Y2")
    for table in ["DR", "PG PY", "R10 R10 Y10", "R6 R7 R8 R9 R10", "R10 R10 Y10 PG PY"]:
        assert beats(gang, c(table)) and not beats(c(table), gang)


def test_bigger_gangs_beat_smaller_and_equal_sizes_go_by_number():
    strictly_increasing(["G2 G2 Y2 Y2", "G3 G3 Y3 Y3", "R10 R10 Y10 Y10", "G2 G2 Y2 Y2 R2"])
    strictly_increasing(["G10 G10 Y10 Y10 R10", "G2 G2 Y2 Y2 R2 R2", "G1 G1 Y1 Y1 R1 R1 M1"])


# --- the dragon, the phoenixes, the multicoloured 1 ------------------------------------------


def test_the_dragon_is_only_ever_played_alone():
    assert kind("DR") is SINGLE
    for text in ["DR PG", "DR G2", "DR PG PY", "DR G2 G2 Y2 Y2", "DR G1 G2 G3 G4"]:
        assert kind(text) is None
        with pytest.raises(NotACombination, match="the dragon is only ever played alone"):
            c(text)


def test_the_phoenix_pair_is_the_strongest_pair():
    assert kind("PG PY") is PAIR
    strictly_increasing(["R10 R10", "PG PY"])
    assert kind("PG R10") is None


def test_the_phoenix_pair_may_be_the_pair_of_a_full_house():
    assert kind("G2 Y2 R2 PG PY") is FULL_HOUSE
    strictly_increasing(["G2 Y2 R2 R10 R10", "G2 Y2 R2 PG PY", "G3 G3 Y3 G2 G2"])


def test_phoenixes_never_go_in_a_straight_flush_or_straight_flush():
    for text in ["G6 G7 G8 G9 PG", "Y1 Y2 Y3 Y4 PY", "G2 G4 G6 G8 PG", "Y3 Y5 Y7 PG PY"]:
        assert kind(text) is None
    assert kind("PG PY G5") is None and kind("PG G5 G5") is None
    with pytest.raises(NotACombination, match="a phoenix plays alone, in the phoenix pair"):
        c("G6 G7 G8 G9 PG")


def test_the_multicoloured_one_is_the_strongest_one():
    strictly_increasing(["R1", "M1", "G2"])
    strictly_increasing(["R1 R1", "R1 M1"])
    assert kind("G1 M1") is PAIR and kind("G1 Y1 M1") is TRIPLE and kind("G1 Y1 R1 M1") is GANG
    strictly_increasing(["G1 Y1 R1 R1", "G1 Y1 R1 M1"])
    strictly_increasing(["G1 Y2 G3 Y4 R5", "R1 Y2 G3 Y4 R5", "M1 Y2 G3 Y4 R5"])


def test_the_multicoloured_one_takes_the_colour_of_a_flush():
    assert kind("M1 G3 G5 G7 G9") is FLUSH
    assert kind("M1 Y2 Y3 Y4 Y5") is STRAIGHT_FLUSH
    assert kind("M1 G3 Y5 G7 G9") is None
    # As a green 1, it ties the same green flush with G1, and a red flush of the same
    # numbers beats both.
    assert not beats(c("M1 G3 G5 G7 G9"), c("G1 G3 G5 G7 G9"))
    assert not beats(c("G1 G3 G5 G7 G9"), c("M1 G3 G5 G7 G9"))
    strictly_increasing(["M1 G3 G5 G7 G9", "R1 R3 R5 R7 R9"])
    strictly_increasing(["G1 G3 G5 G7 G9", "M1 R3 R5 R7 R9"])
    assert not beats(c("M1 Y2 Y3 Y4 Y5"), c("Y1 Y2 Y3 Y4 Y5"))


# --- identical combinations, errors, obligations ---------------------------------------------


def test_an_identical_combination_cannot_beat():
    for text in ["G7", "G7 Y7", "G7 Y7 R7", "G3 Y4 R5 G6 Y7", "G2 G4 G6 G8 G10",
                 "G4 Y4 R4 G9 R9", "R3 R4 R5 R6 R7", "G9 G9 Y9 Y9", "DR", "PG PY"]:  # fmt: skip
        assert not beats(c(text), c(text))
        # The copy held by another player is the same value: it cannot beat either.
        assert not beats(combination(reversed(parse_gof_cards(text))), c(text))


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "a play has at least one card"),
        ("G1 G2 G3 G4 G5 G6 G7 G8", "at most seven cards"),
        ("R7 R7 R7", "the deck has only two R7"),
        ("M1 M1", "the deck has only one M1"),
        ("G2 G2 Y2 Y3", "4 cards make a gang only when they all have the same number"),
    ],
)
def test_not_a_combination_says_why(text, reason):
    with pytest.raises(NotACombination, match=reason):
        c(text)
    assert classify(parse_gof_cards(text)) is None


def test_combinations_are_multisets_in_canonical_order():
    hand = parse_gof_cards("R7 R7 G7")
    assert [str(x) for x in combinations(hand)] == ["G7", "R7", "G7 R7", "R7 R7", "G7 R7 R7"]
    assert str(c("y7 G7")) == "G7 Y7" and repr(c("y7 G7")) == "Combination(pair G7 Y7)"
    with pytest.raises(ValueError, match="a hand holds at most 2 R7, not 3"):
        combinations(parse_gof_cards("R7 R7 R7"))
    with pytest.raises(TypeError, match="GofCard"):
        combinations(["R7"])


def test_highest_single_is_the_best_card():
    assert highest_single(parse_gof_cards("G9 R10 Y10 G2")).code == "R10"
    assert highest_single(parse_gof_cards("R10 PG G2")).code == "PG"
    assert highest_single(parse_gof_cards("PG PY DR")).code == "DR"
    assert highest_single(parse_gof_cards("R1 M1")).code == "M1"
    with pytest.raises(ValueError, match="empty hand"):
        highest_single([])


@pytest.mark.parametrize(
    ("hand", "has_multi"),
    [
        ("G1 Y3 R5 G7 Y9 DR", False),
        ("G1 Y3 R5 G7 Y9 PG", False),
        ("G7", False),
        ("G7 Y7", True),
        ("M1 G1", True),
        ("PG PY", True),
        ("G1 Y2 R3 G4 Y5", True),  # a straight, no pair
        ("G2 G4 G6 G8 G10 DR", True),  # a flush, no pair
        ("M1 G4 G6 G8 G10", True),  # a flush with the multicoloured 1
        ("G6 G7 G8 G9 PG", False),  # a phoenix never completes a straight or flush
    ],
)
def test_whether_a_hand_can_lead_several_cards(hand, has_multi):
    assert has_multi_card_combination(parse_gof_cards(hand)) is has_multi


def test_beating_plays_of_a_hand():
    hand = parse_gof_cards("G2 G2 Y2 Y2 G9 R9 Y9 PG PY DR G5 G6 G7 G8")
    assert [str(x) for x in beating_plays(hand, c("Y9"))] == ["R9", "PG", "PY", "DR", "G2 G2 Y2 Y2"]
    assert [str(x) for x in beating_plays(hand, c("PG PY"))] == ["G2 G2 Y2 Y2"]
    assert [str(x) for x in beating_plays(hand, c("G3 G3 Y3 Y3"))] == []
    assert "G5 G6 G7 G8 G9" in [str(x) for x in beating_plays(hand, c("R4 R5 R6 R7 R8"))]


# --- properties ------------------------------------------------------------------------------

hands = st.permutations(GOF_DECK).map(lambda deck: deck[:16])

EVERY_COMBINATION = combinations(GOF_DECK)
BY_KIND = {k: [x for x in EVERY_COMBINATION if x.kind is k] for k in CombinationKind}


def combos():
    """Any combination of the deck, each kind as likely (gangs are rare in a dealt hand)."""
    kinds = st.sampled_from([BY_KIND[k] for k in CombinationKind])
    return st.tuples(kinds, st.integers(0, 2**16)).map(lambda pick: pick[0][pick[1] % len(pick[0])])


@settings(max_examples=300)
@given(combos(), combos())
def test_beats_is_irreflexive_and_antisymmetric(a, b):
    assert not beats(a, a)
    assert not (beats(a, b) and beats(b, a))


@settings(max_examples=300)
@given(combos(), combos())
def test_a_gang_beats_every_non_gang_and_nothing_else_beats_a_gang(a, b):
    if a.is_gang and not b.is_gang:
        assert beats(a, b) and not beats(b, a)
    if b.is_gang and not a.is_gang:
        assert not beats(a, b)


@settings(max_examples=300)
@given(combos(), combos())
def test_same_size_combinations_are_ordered_ties_only_from_the_multicoloured_one(a, b):
    if a.size != b.size or a.is_gang or b.is_gang:
        return
    if not beats(a, b) and not beats(b, a) and a != b:
        # Only a flush holding M1 ties another: the same flush with its colour's 1.
        assert a.kind is b.kind and a.kind in (FLUSH, STRAIGHT_FLUSH)
        assert [x.number for x in a.cards] == [x.number for x in b.cards]
        assert {"M1"} <= {x.code for x in a.cards} ^ {x.code for x in b.cards}


@settings(max_examples=200)
@given(combos(), combos(), combos())
def test_beats_is_transitive(a, b, x):
    if beats(a, b) and beats(b, x):
        assert beats(a, x)


@settings(max_examples=100)
@given(hands, combos())
def test_every_play_is_in_the_hand_and_beating_plays_filter_combinations(hand, table):
    plays = combinations(hand)
    assert len(set(plays)) == len(plays)
    assert sorted(plays, key=lambda p: p.order_key) == plays
    for play in plays:
        assert all(play.cards.count(card) <= hand.count(card) for card in play.cards)
        assert classify(play.cards) is play
    assert beating_plays(hand, table) == [p for p in plays if beats(p, table)]
    assert has_multi_card_combination(hand) is any(p.size > 1 for p in plays)
    assert highest_single(hand) == max(p.cards[0] for p in plays if p.size == 1)
