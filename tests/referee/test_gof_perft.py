"""Perft for Gang of Four: a hand's plays against a brute force over its sub-multisets.

The brute force knows nothing of `gof_combos`: it deals from its own list of codes, walks every
sub-multiset of the hand (each distinct multiset once, however many copies of a card the hand
holds), and reads each with a deliberately simple classifier written from
server/content/rules/en/gang-of-four.md#what-you-can-play and
server/content/rules/en/gang-of-four.md#special-cards.
"""

import random
from itertools import combinations as subsets

import pytest

from gong.classic_cards import parse_gof_cards
from gong.referee.gof_combos import beating_plays, combination, combinations

# The canonical order of server/content/rules/en/gang-of-four.md#the-cards, weakest single first,
# written out by hand.
ORDER_TEXT = (
    "G1 Y1 R1 M1 G2 Y2 R2 G3 Y3 R3 G4 Y4 R4 G5 Y5 R5 G6 Y6 R6 G7 Y7 R7 "
    "G8 Y8 R8 G9 Y9 R9 G10 Y10 R10 PG PY DR"
)
ORDER = ORDER_TEXT.split()
POSITION = {code: i for i, code in enumerate(ORDER)}
DECK = [f"{colour}{n}" for colour in "GYR" for n in range(1, 11)] * 2 + ["M1", "PG", "PY", "DR"]
FIVE_CARD_KINDS = ["straight", "flush", "full house", "straight flush"]
COLOURS = "GYR"  # weakest first


def number(code: str) -> int | None:
    return int(code[1:]) if code[0] in "GYRM" else None


NUMBER = {code: number(code) for code in ORDER}


def strongest_first(codes) -> list[int]:
    return sorted((POSITION[code] for code in codes), reverse=True)


def simple_read(codes: tuple[str, ...]):
    """(kind, size, key) for a combination, or None; keys compare within a kind."""
    size = len(codes)
    if size == 1:
        return ("single", 1, strongest_first(codes))
    if "DR" in codes or size > 7:
        return None
    if "PG" in codes or "PY" in codes:
        phoenixes = [code for code in codes if code in ("PG", "PY")]
        others = [code for code in codes if code not in ("PG", "PY")]
        if len(phoenixes) == 2 and not others:
            return ("pair", 2, strongest_first(codes))
        if len(phoenixes) == 2 and len(others) == 3 and len({NUMBER[c] for c in others}) == 1:
            return ("full house", 5, (strongest_first(others), strongest_first(phoenixes)))
        return None
    numbers = [NUMBER[code] for code in codes]
    distinct = set(numbers)
    if len(distinct) == 1:
        if size == 2:
            return ("pair", 2, strongest_first(codes))
        if size == 3:
            return ("triple", 3, strongest_first(codes))
        return ("gang", size, (size, numbers[0], strongest_first(codes)))
    if size != 5:
        return None
    colours = {code[0] for code in codes if code != "M1"}
    flush = len(colours) == 1
    straight = len(distinct) == 5 and max(distinct) - min(distinct) == 4
    full_house = len(distinct) == 2 and numbers.count(numbers[0]) in (2, 3)
    if straight and flush:
        return ("straight flush", 5, (max(numbers), COLOURS.index(colours.pop())))
    if full_house:
        triple = [code for code in codes if numbers.count(NUMBER[code]) == 3]
        pair = [code for code in codes if numbers.count(NUMBER[code]) == 2]
        return ("full house", 5, (strongest_first(triple), strongest_first(pair)))
    if flush:
        return ("flush", 5, (sorted(numbers, reverse=True), COLOURS.index(colours.pop())))
    if straight:
        return ("straight", 5, strongest_first(codes))
    return None


def simple_beats(play, table) -> bool:
    play_kind, play_size, play_key = play
    table_kind, table_size, table_key = table
    if play_kind == "gang":
        return table_kind != "gang" or play_key > table_key
    if table_kind == "gang" or play_size != table_size:
        return False
    if play_kind != table_kind:
        return FIVE_CARD_KINDS.index(play_kind) > FIVE_CARD_KINDS.index(table_kind)
    return play_key > table_key


def brute_force(hand: list[str]) -> dict[tuple[str, ...], tuple]:
    """Every sub-multiset of the hand that is a combination, by its codes in canonical order.

    Subsets of more than seven cards are skipped: the largest combination is the gang of
    seven. Taking subsets of the sorted hand yields each multiset in canonical order, so
    the set keeps each distinct multiset once.
    """
    cards = sorted(hand, key=POSITION.get)
    found = {}
    for size in range(1, 8):
        for codes in set(subsets(cards, size)):
            read = simple_read(codes)
            if read is not None:
                found[codes] = read
    return found


def deal(seed: int, size: int = 16) -> list[str]:
    return random.Random(seed).sample(DECK, size)


def codes_of(plays) -> list[tuple[str, ...]]:
    return [tuple(card.code for card in play.cards) for play in plays]


TABLES = [
    "G5", "R10", "M1", "PY", "DR",
    "Y7 Y7", "G1 M1", "PG PY",
    "G3 Y3 R3", "R10 R10 Y10",
    "G3 Y4 R5 G6 Y7", "R6 R7 R8 R9 Y10",
    "G2 G4 G6 G8 G10", "M1 G3 G5 G7 G9", "R7 R7 R8 R9 R10",
    "G4 Y4 R4 G9 R9", "G2 Y2 R2 PG PY",
    "Y3 Y4 Y5 Y6 Y7", "M1 R2 R3 R4 R5",
    "G5 G5 Y5 Y5", "G1 G1 Y1 Y1 R1", "G10 G10 Y10 Y10 R10 R10",
]  # fmt: skip
TABLE_READS = {text: simple_read(tuple(text.split())) for text in TABLES}


def check_hand(seed: int, size: int = 16) -> int:
    hand_codes = deal(seed, size)
    hand = parse_gof_cards(" ".join(hand_codes))
    expected = brute_force(hand_codes)

    plays = combinations(hand)
    got = codes_of(plays)
    assert len(got) == len(set(got)), f"seed {seed}: a play is listed twice"
    assert set(got) == set(expected), (
        f"seed {seed}: missing {sorted(set(expected) - set(got))[:5]}, "
        f"extra {sorted(set(got) - set(expected))[:5]}"
    )
    for play, codes in zip(plays, got, strict=True):
        assert play.kind.value == expected[codes][0], f"seed {seed}: {codes}"

    for text, table_read in TABLE_READS.items():
        table = combination(parse_gof_cards(text))
        beating = codes_of(beating_plays(hand, table))
        wanted = {codes for codes, read in expected.items() if simple_beats(read, table_read)}
        assert len(beating) == len(set(beating)) and set(beating) == wanted, (
            f"seed {seed}, table {text}: missing {sorted(wanted - set(beating))[:5]}, "
            f"extra {sorted(set(beating) - wanted)[:5]}"
        )
    return len(got)


def test_the_tables_are_what_they_say():
    assert [TABLE_READS[t][0] for t in TABLES] == (
        ["single"] * 5 + ["pair"] * 3 + ["triple"] * 2 + ["straight"] * 2 + ["flush"] * 3
        + ["full house"] * 2 + ["straight flush"] * 2 + ["gang"] * 3
    )  # fmt: skip


@pytest.mark.parametrize("first", range(0, 200, 20))
def test_perft_of_200_sixteen_card_hands(first):
    counts = [check_hand(seed) for seed in range(first, first + 20)]
    assert min(counts) >= 16  # every card is a single


@pytest.mark.slow
@pytest.mark.parametrize("first", range(200, 2200, 200))
def test_perft_of_2000_more_sixteen_card_hands(first):
    for seed in range(first, first + 200):
        check_hand(seed)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("size", "hands"), [(1, 50), (2, 200), (5, 400), (8, 400), (12, 300), (20, 40)]
)
def test_perft_of_hands_of_other_sizes(size, hands):
    for seed in range(5000, 5000 + hands):
        assert check_hand(seed, size) >= size
