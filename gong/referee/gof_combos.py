"""Gang of Four's combinations and how they compare, every rule in one place:
server/content/rules/en/gang-of-four.md#what-you-can-play,
server/content/rules/en/gang-of-four.md#which-is-higher and
server/content/rules/en/gang-of-four.md#special-cards.

A combination is a multiset of cards that the rules let a player put on the table:

- a single; a pair; three of a kind (the multicoloured 1 is a 1 in these, and in gangs);
- five cards: straight < flush < full house < straight flush. A set that reads as two kinds
  counts as the higher one (M1 G1 G1 G7 G7 is a full house, not a green flush);
- a gang of 4 to 7 cards of one number (the gang of seven: the six coloured 1s and M1).

The dragon is only ever played alone. The phoenixes play alone, as the phoenix pair (the
strongest pair), or as the pair of a full house; never in a straight, flush or straight flush.

>>> from gong.classic_cards import parse_gof_cards as cards
>>> [str(c) for c in combinations(cards("G7 Y7 R7"))]
['G7', 'Y7', 'R7', 'G7 Y7', 'G7 R7', 'Y7 R7', 'G7 Y7 R7']
>>> classify(cards("m1 g1 g1 g7 g7")).kind, classify(cards("G1 DR")) is None
(<CombinationKind.FULL_HOUSE: 'full house'>, True)
>>> beats(combination(cards("R7 Y7")), combination(cards("R7 G7")))
True
>>> [str(c) for c in beating_plays(cards("G2 G9 Y9 R9 PG PY"), combination(cards("Y9 G9")))]
['G9 R9', 'Y9 R9', 'PG PY']

Comparing (server/content/rules/en/gang-of-four.md#which-is-higher): a combination beats one of the
same kind and the same number of cards when it is higher, numbers first, then colour (red >
yellow > green), card by card from the strongest down. Straights and straight flushes go by
their top card down; flushes by their numbers, then their colour; full houses by the triple,
then the pair. A gang beats every non-gang, the dragon included; a bigger gang beats a smaller
one, and equal sizes go by number. An identical combination cannot beat.

The multicoloured 1 is the strongest 1 (it beats a red 1, also inside a pair or straight), but
in a flush or straight flush it takes the flush's colour: such a flush ties the same flush with
that colour's 1, and neither beats the other.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from itertools import combinations as subsets
from itertools import product
from operator import attrgetter

from gong.classic_cards import GOF_CARDS, GOF_COPIES, GofCard


class CombinationKind(Enum):
    """The kinds of combination, in the canonical order of `combinations()`."""

    SINGLE = "single"
    PAIR = "pair"
    TRIPLE = "triple"
    STRAIGHT = "straight"
    FLUSH = "flush"
    FULL_HOUSE = "full house"
    STRAIGHT_FLUSH = "straight flush"
    GANG = "gang"

    @property
    def order(self) -> int:
        """The kind's place; among five-card kinds it is also their ranking."""
        return _KIND_ORDER[self]


_KIND_ORDER = {kind: i for i, kind in enumerate(CombinationKind)}
SINGLE, PAIR, TRIPLE, STRAIGHT, FLUSH, FULL_HOUSE, STRAIGHT_FLUSH, GANG = CombinationKind


class NotACombination(ValueError):
    """Cards that the rules do not let a player put on the table together."""


@dataclass(frozen=True, slots=True)
class Combination:
    """A legal combination: its kind and its cards in canonical order, weakest first.

    `strength` orders combinations for `beats` (a tuple starting with the kind's order);
    equal strength means neither beats the other. Build one with `classify` or `combination`.
    """

    kind: CombinationKind
    cards: tuple[GofCard, ...]
    strength: tuple[int, ...] = field(compare=False, repr=False)
    order_key: tuple[tuple[int, ...], tuple[int, ...]] = field(compare=False, repr=False)

    @property
    def size(self) -> int:
        return len(self.cards)

    @property
    def is_gang(self) -> bool:
        return self.kind is GANG

    @property
    def codes(self) -> str:
        """The cards' codes in canonical order, as an action writes them: `G7 Y7`."""
        return " ".join(card.code for card in self.cards)

    def __str__(self) -> str:
        return self.codes

    def __repr__(self) -> str:
        return f"Combination({self.kind.value} {self.codes})"


# ---------------------------------------------------------------------------------------------
# Card facts by index (0 = G1 … 33 = DR), so the hot paths work on small ints
# ---------------------------------------------------------------------------------------------

_M1, _PG, _PY, _DR = 3, 31, 32, 33
_PHOENIX_PAIR = (_PG, _PY)
_CARD_COUNT = len(GOF_CARDS)
_NUMBER: tuple[int | None, ...] = tuple(card.number for card in GOF_CARDS)
_MULTI = -1
_COLOUR: tuple[int | None, ...] = tuple(
    _MULTI if card.is_multicoloured else None if card.number is None else card.colour.strength
    for card in GOF_CARDS
)
"""0-2 for a coloured card; _MULTI for M1, which takes a flush's colour; None for a card
that never goes in a flush (the phoenixes, the dragon)."""

_TYPES_OF_NUMBER: dict[int, tuple[int, ...]] = {
    n: tuple(i for i, number in enumerate(_NUMBER) if number == n) for n in range(1, 11)
}
_TYPES_OF_COLOUR: dict[int, tuple[int, ...]] = {
    colour: tuple(sorted({i for i, c in enumerate(_COLOUR) if c == colour} | {_M1}))
    for colour in range(3)
}


def _read(indices: tuple[int, ...]) -> tuple[CombinationKind, tuple[int, ...]] | None:
    """The kind and strength of a sorted tuple of card indices, or None: the combinations of
    server/content/rules/en/gang-of-four.md#what-you-can-play."""
    size = len(indices)
    if not 1 <= size <= 7 or not _in_deck(indices):
        return None
    if size == 1:
        return SINGLE, (SINGLE.order, indices[0])
    if _DR in indices:
        return None  # the dragon is only ever played alone
    top_down = indices[::-1]
    if _PG in indices or _PY in indices:
        # A phoenix plays alone, in the phoenix pair, or as that pair in a full house.
        if indices == _PHOENIX_PAIR:
            return PAIR, (PAIR.order, *top_down)
        if size == 5 and indices[3:] == _PHOENIX_PAIR and _one_number(indices[:3]):
            return FULL_HOUSE, (FULL_HOUSE.order, *indices[2::-1], _PY, _PG)
        return None
    numbers = [_NUMBER[i] for i in indices]
    if _one_number(indices):
        if size == 2:
            return PAIR, (PAIR.order, *top_down)
        if size == 3:
            return TRIPLE, (TRIPLE.order, *top_down)
        # Equal sizes go by number. One deal never holds two gangs of one size and number,
        # so the colours after it only make the order total.
        return GANG, (GANG.order, size, numbers[0], *top_down)
    if size != 5:
        return None
    colours = {_COLOUR[i] for i in indices}
    colours.discard(_MULTI)  # M1 takes the colour of the other four
    flush = len(colours) == 1
    colour = min(colours)
    straight = numbers == list(range(numbers[0], numbers[0] + 5))
    if straight and flush:
        return STRAIGHT_FLUSH, (STRAIGHT_FLUSH.order, numbers[-1], colour)
    if (
        numbers[0] == numbers[1]
        and numbers[3] == numbers[4]
        and numbers[1] != numbers[3]
        and numbers[2] in (numbers[1], numbers[3])
    ):
        # Two numbers, as three and two (either way round): a full house, the higher reading
        # of a set that is also a flush. Triple first, then pair, each strongest card first.
        if numbers[2] == numbers[0]:  # the triple is the lower number
            triple, pair = top_down[2:], top_down[:2]
        else:
            triple, pair = top_down[:3], top_down[3:]
        return FULL_HOUSE, (FULL_HOUSE.order, *triple, *pair)
    if flush:
        return FLUSH, (FLUSH.order, *numbers[::-1], colour)
    if straight:
        return STRAIGHT, (STRAIGHT.order, *top_down)
    return None


def _one_number(indices: tuple[int, ...]) -> bool:
    first = _NUMBER[indices[0]]
    return first is not None and all(_NUMBER[i] == first for i in indices)


def _in_deck(indices: tuple[int, ...]) -> bool:
    """No card more often than the deck holds it (two of a coloured card, one of the rest)."""
    return all(
        indices.count(i) <= GOF_COPIES[i]
        for n, i in enumerate(indices)
        if n == 0 or indices[n - 1] != i
    )


_INTERNED: dict[tuple[int, ...], Combination] = {}
"""Every combination met so far, by its sorted card indices. The whole deck has about 13,000,
so the table stays small, and a hand's plays are built from it without reclassifying."""


def _combination_at(indices: tuple[int, ...]) -> Combination | None:
    found = _INTERNED.get(indices)
    if found is not None:
        return found
    read = _read(indices)
    if read is None:
        return None
    kind, strength = read
    found = Combination(kind, tuple(GOF_CARDS[i] for i in indices), strength, (strength, indices))
    _INTERNED[indices] = found
    return found


def _indices(cards: Iterable[GofCard]) -> tuple[int, ...]:
    try:
        return tuple(sorted(card.index for card in cards))
    except (AttributeError, TypeError):
        raise TypeError("a combination is made of GofCard values") from None


# ---------------------------------------------------------------------------------------------
# Public API: classify and compare
# ---------------------------------------------------------------------------------------------


def classify(cards: Iterable[GofCard]) -> Combination | None:
    """The combination these cards make, in any order, or None when they make none."""
    return _combination_at(_indices(cards))


def combination(cards: Iterable[GofCard]) -> Combination:
    """The combination these cards make; `NotACombination` saying why when they make none."""
    indices = _indices(cards)
    found = _combination_at(indices)
    if found is None:
        raise NotACombination(_why_not(indices))
    return found


def _why_not(indices: tuple[int, ...]) -> str:
    size = len(indices)
    codes = " ".join(GOF_CARDS[i].code for i in indices)
    if size == 0:
        return "a play has at least one card"
    if size > 7:
        return f"{codes}: a combination has at most seven cards (the gang of seven)"
    for i in set(indices):
        if indices.count(i) > GOF_COPIES[i]:
            copies = "two" if GOF_COPIES[i] == 2 else "one"
            return f"{codes}: the deck has only {copies} {GOF_CARDS[i].code}"
    if _DR in indices:
        return f"{codes}: the dragon is only ever played alone"
    if _PG in indices or _PY in indices:
        return (
            f"{codes}: a phoenix plays alone, in the phoenix pair (PG PY), "
            "or as the pair of a full house"
        )
    if size == 2:
        return f"{codes}: a pair is two cards of the same number, or the two phoenixes"
    if size == 3:
        return f"{codes}: three of a kind are three cards of the same number"
    if size == 5:
        return (
            f"{codes}: five cards make a straight (five numbers in a row, from 1 to 10, "
            "no wrapping), a flush (one colour), a full house (three of a kind and a pair) "
            "or a gang (five of one number)"
        )
    return f"{codes}: {size} cards make a gang only when they all have the same number"


def beats(play: Combination, table: Combination) -> bool:
    """Whether `play` may go on `table` (server/content/rules/en/gang-of-four.md#which-is-higher).

    A gang beats every non-gang; otherwise the play must have the table's number of cards and
    be stronger (the five-card kinds rank straight < flush < full house < straight flush).
    """
    if play.kind is GANG:
        return table.kind is not GANG or play.strength > table.strength
    if table.kind is GANG or len(play.cards) != len(table.cards):
        return False
    return play.strength > table.strength


# ---------------------------------------------------------------------------------------------
# A hand's plays, built from its number counts
# ---------------------------------------------------------------------------------------------


def _group_table(number: int) -> dict[tuple[int, ...], dict[int, list[tuple[int, ...]]]]:
    """For each way of holding the cards of one number, its sub-multisets by size."""
    types = _TYPES_OF_NUMBER[number]
    table: dict[tuple[int, ...], dict[int, list[tuple[int, ...]]]] = {}
    for held in product(*(range(GOF_COPIES[t] + 1) for t in types)):
        by_size: dict[int, list[tuple[int, ...]]] = {k: [] for k in range(1, 8)}
        for taken in product(*(range(h + 1) for h in held)):
            chosen = tuple(t for t, k in zip(types, taken, strict=True) for _ in range(k))
            if chosen:
                by_size[len(chosen)].append(chosen)
        table[held] = by_size
    return table


_GROUPS = {n: _group_table(n) for n in range(1, 11)}


class _Plays:
    """Every combination of one hand, split the way `beating_plays` looks them up."""

    __slots__ = ("all", "by_size", "gangs", "multi")

    def __init__(self, by_size: dict[int, list[Combination]], gangs: list[Combination]) -> None:
        self.by_size = by_size
        self.gangs = gangs
        self.all = [c for size in (1, 2, 3, 5) for c in by_size[size]] + gangs
        self.multi = len(self.all) > len(by_size[1])


_ORDER = attrgetter("order_key")
_STRENGTH = attrgetter("strength")


@lru_cache(maxsize=4096)
def _plays(counts: tuple[int, ...]) -> _Plays:
    """A hand's plays. A hand keeps its cards between its turns, so the answer is cached."""
    pairs: list[tuple[int, ...]] = []
    triples: list[tuple[int, ...]] = []
    gangs: list[tuple[int, ...]] = []
    held_of_number: dict[int, list[int]] = {}
    for number, types in _TYPES_OF_NUMBER.items():
        by_size = _GROUPS[number][tuple(counts[t] for t in types)]
        pairs += by_size[2]
        triples += by_size[3]
        for k in (4, 5, 6, 7):
            gangs += by_size[k]
        held_of_number[number] = [t for t in types if counts[t]]
    if counts[_PG] and counts[_PY]:
        pairs.append(_PHOENIX_PAIR)

    fives: list[Combination] = []
    # Straights and straight flushes: one held card of each of five numbers in a row.
    for low in range(1, 7):
        runs = [held_of_number[n] for n in range(low, low + 5)]
        if all(runs):
            fives += (_combination_at(run) for run in product(*runs))
    # Flushes: five cards of one colour (M1 joins any). Sets of five in a row are the straight
    # flushes above; sets with a triple are full houses, below.
    for colour_types in _TYPES_OF_COLOUR.values():
        pool = [t for t in colour_types for _ in range(counts[t])]
        if len(pool) >= 5:
            for five in set(subsets(pool, 5)):
                found = _combination_at(five)
                if found.kind is FLUSH:
                    fives.append(found)
    # Full houses: a triple and a pair (the phoenix pair too) of another number.
    for triple in triples:
        number = _NUMBER[triple[0]]
        for pair in pairs:
            if _NUMBER[pair[0]] != number:
                five = triple + pair if triple[0] < pair[0] else pair + triple
                fives.append(_combination_at(five))

    singles = [_combination_at((i,)) for i in range(_CARD_COUNT) if counts[i]]
    by_size = {
        1: singles,
        2: sorted(map(_combination_at, pairs), key=_ORDER),
        3: sorted(map(_combination_at, triples), key=_ORDER),
        5: sorted(fives, key=_ORDER),
    }
    return _Plays(by_size, sorted(map(_combination_at, gangs), key=_ORDER))


def _plays_of(hand: Iterable[GofCard]) -> _Plays:
    counts = [0] * _CARD_COUNT
    try:
        for card in hand:
            counts[card.index] += 1
    except (AttributeError, TypeError):
        raise TypeError("a hand is made of GofCard values") from None
    for i, count in enumerate(counts):
        if count > GOF_COPIES[i]:
            raise ValueError(
                f"a hand holds at most {GOF_COPIES[i]} {GOF_CARDS[i].code}, not {count}"
            )
    return _plays(tuple(counts))


def combinations(hand: Iterable[GofCard]) -> list[Combination]:
    """Every legal play of a hand leading a trick, each distinct multiset once.

    A hand is any iterable of cards, a card held twice listed twice.

    Canonical order: by kind (single, pair, triple, straight, flush, full house, straight
    flush, gang), weakest first within each kind (gangs by size, then number).
    """
    return list(_plays_of(hand).all)


def beating_plays(hand: Iterable[GofCard], table: Combination) -> list[Combination]:
    """The plays of a hand that beat `table`, in canonical order (weakest first, gangs last)."""
    plays = _plays_of(hand)
    if table.kind is GANG:
        return plays.gangs[bisect_right(plays.gangs, table.strength, key=_STRENGTH) :]
    same_size = plays.by_size.get(len(table.cards), [])
    return same_size[bisect_right(same_size, table.strength, key=_STRENGTH) :] + plays.gangs


# ---------------------------------------------------------------------------------------------
# The last-card obligation (server/content/rules/en/gang-of-four.md#last-card)
# ---------------------------------------------------------------------------------------------


def highest_single(hand: Iterable[GofCard]) -> GofCard:
    """The hand's strongest single: what the player before a last card must play on a single.

    It is also the "best card" the loser gives the winner in the exchange.
    """
    cards = list(hand)
    if not cards:
        raise ValueError("an empty hand has no highest single")
    return max(cards)


def has_multi_card_combination(hand: Iterable[GofCard]) -> bool:
    """Whether the hand can lead two or more cards, as the obligation then requires."""
    return _plays_of(hand).multi
