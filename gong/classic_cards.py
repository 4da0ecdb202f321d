"""The decks of the classic seed games: the standard 52 cards plus jokers (Go Fish, Jokers Go
Boom: server/content/rules/en/go-fish.md#the-cards, server/content/rules/en/go-boom.md#the-cards)
and Gang of Four's 64 cards (server/content/rules/en/gang-of-four.md#the-cards).

Like the GONG deck in `gong.cards`, a card is a small frozen value with one canonical code and
a parser that accepts any letter case.

Standard cards: the rank (`2`-`10`, `J`, `Q`, `K`, `A`) then the suit (`C`, `D`, `H`, `S`);
the jokers are `JK1`, `JK2`, … Cards sort by rank, then suit (clubs, diamonds, hearts,
spades), jokers last: a hand then shows its Go Fish books and Go Boom ranks side by side.

>>> parse_standard_card("qs"), parse_standard_card("10H").rank.value, parse_rank("q").code
(StandardCard(QS), 10, 'Q')
>>> [str(c) for c in sorted(map(parse_standard_card, ["JK1", "AS", "2H", "2C", "10D"]))]
['2C', '2H', '10D', 'AS', 'JK1']
>>> len(standard_deck()), len(standard_deck(jokers=2)), str(standard_deck(jokers=2)[-1])
(52, 54, 'JK2')

Gang of Four cards: the colour (`G` green, `Y` yellow, `R` red) then the number 1-10, each
twice in the deck; `M1` the multicoloured 1, `PG` and `PY` the phoenixes, `DR` the dragon.
They sort in the order of server/content/rules/en/gang-of-four.md#the-cards, weakest single
first: G1 Y1 R1 M1 G2 … R10 PG PY DR.

>>> [str(c) for c in sorted(parse_gof_cards("dr r10 m1 g1 py y1 r1 pg"))]
['G1', 'Y1', 'R1', 'M1', 'R10', 'PG', 'PY', 'DR']
>>> len(GOF_DECK), len(GOF_CARDS), parse_gof_card("R7").label
(64, 34, 'red 7')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum, IntEnum
from functools import total_ordering

from gong.cards import CardCodeError


class ClassicCardCodeError(CardCodeError):
    """A text that is not the code of a card of a classic deck (standard or Gang of Four).

    A subclass of `gong.cards.CardCodeError`, so one `except` catches a bad code of any deck.
    """


def _shown(text: str) -> str:
    """The bad text as an error quotes it: long texts are cut, so a message stays readable."""
    return repr(text if len(text) <= 20 else text[:20] + "...")


# ---------------------------------------------------------------------------------------------
# The standard deck
# ---------------------------------------------------------------------------------------------


class Suit(Enum):
    """The four suits, in bridge order (which is also alphabetical). The value is the code."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def code(self) -> str:
        return self.value

    @property
    def label(self) -> str:
        return self.name.lower()

    @property
    def index(self) -> int:
        return _SUIT_INDEX[self]


_SUIT_INDEX = {suit: i for i, suit in enumerate(Suit)}


class Rank(IntEnum):
    """The thirteen ranks; the value orders them, 2 low to ace high
    (server/content/rules/en/go-boom.md#the-cards)."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def code(self) -> str:
        """`2`-`10`, `J`, `Q`, `K`, `A`."""
        return str(self.value) if self.value <= 10 else "JQKA"[self.value - 11]

    @property
    def label(self) -> str:
        """The English name (`queen`, `10`); other languages belong to the faces."""
        return str(self.value) if self.value <= 10 else self.name.lower()

    def __str__(self) -> str:
        return self.code

    def __format__(self, spec: str) -> str:
        # An IntEnum formats as its number; `f"ask 2 {rank}"` must write the code (`Q`).
        return format(self.code, spec)


_RANK_BY_CODE = {rank.code: rank for rank in Rank}
_RANK_CODES = "2-10, J, Q, K, A"

MAX_JOKERS = 8
"""The most jokers any game uses (Jokers Go Boom's `jokers` option runs from 0 to 8)."""


@total_ordering
@dataclass(frozen=True, slots=True)
class StandardCard:
    """A card of the standard deck (rank and suit), or a joker (no rank or suit, `joker` 1-8)."""

    rank: Rank | None
    suit: Suit | None
    joker: int = 0

    def __post_init__(self) -> None:
        if self.joker == 0:
            if not isinstance(self.rank, Rank) or not isinstance(self.suit, Suit):
                raise ValueError(
                    f"a standard card has a rank and a suit, not {self.rank, self.suit}"
                )
        elif not (self.rank is None and self.suit is None and 1 <= self.joker <= MAX_JOKERS):
            raise ValueError(f"a joker has no rank or suit and a number 1-{MAX_JOKERS}")

    @property
    def is_joker(self) -> bool:
        return self.joker != 0

    @property
    def code(self) -> str:
        """The canonical code: `QS`, `10H`, `JK1`."""
        if self.joker:
            return f"JK{self.joker}"
        return self.rank.code + self.suit.code

    @property
    def label(self) -> str:
        return f"joker {self.joker}" if self.joker else f"{self.rank.label} of {self.suit.label}"

    @property
    def sort_key(self) -> tuple[int, int]:
        """Rank, then suit; the jokers after the aces, by number."""
        if self.joker:
            return (15, self.joker)
        return (self.rank.value, self.suit.index)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, StandardCard):
            return NotImplemented
        return self.sort_key < other.sort_key

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"StandardCard({self.code})"


STANDARD_52: tuple[StandardCard, ...] = tuple(
    StandardCard(rank, suit) for rank in Rank for suit in Suit
)
"""The 52 cards without jokers, in canonical order."""

STANDARD_JOKERS: tuple[StandardCard, ...] = tuple(
    StandardCard(None, None, n) for n in range(1, MAX_JOKERS + 1)
)

_STANDARD_BY_CODE = {card.code: card for card in STANDARD_52 + STANDARD_JOKERS}
_SUIT_CODES = "C clubs, D diamonds, H hearts, S spades"


def standard_deck(jokers: int = 0) -> tuple[StandardCard, ...]:
    """The 52 cards and `jokers` jokers (0-8), in canonical order."""
    if isinstance(jokers, bool) or not isinstance(jokers, int) or not 0 <= jokers <= MAX_JOKERS:
        raise ValueError(f"a standard deck takes 0 to {MAX_JOKERS} jokers, not {jokers!r}")
    return STANDARD_52 + STANDARD_JOKERS[:jokers]


def cards_of_rank(rank: Rank) -> tuple[StandardCard, ...]:
    """The four cards of a rank, in suit order: a Go Fish book."""
    start = (rank.value - 2) * 4
    return STANDARD_52[start : start + 4]


def parse_rank(text: str) -> Rank:
    """The rank with this code (`2`-`10`, `J`, `Q`, `K`, `A`), in any letter case.

    Go Fish's `ask 2 Q` names a rank; a bad one gets `ClassicCardCodeError`.
    """
    if not isinstance(text, str):
        raise ClassicCardCodeError(f"a rank is text, not {type(text).__name__}")
    rank = _RANK_BY_CODE.get(text.strip().upper())
    if rank is None:
        raise ClassicCardCodeError(f"not a rank: {_shown(text)} (the ranks are {_RANK_CODES})")
    return rank


def parse_standard_card(text: str) -> StandardCard:
    """The standard card or joker with this code, in any letter case."""
    if not isinstance(text, str):
        raise ClassicCardCodeError(f"a card code is text, not {type(text).__name__}")
    code = text.strip().upper()
    card = _STANDARD_BY_CODE.get(code)
    if card is not None:
        return card
    if code.startswith("JK"):
        reason = f"the jokers are JK1 to JK{MAX_JOKERS}"
    elif 2 <= len(code) <= 3 and code[-1] in "CDHS":
        reason = f"unknown rank {code[:-1]!r}; the ranks are {_RANK_CODES}"
    elif code in _RANK_BY_CODE:
        reason = f"the suit is missing; the suits are {_SUIT_CODES}"
    elif code[:-1] in _RANK_BY_CODE:
        reason = f"unknown suit {code[-1]!r}; the suits are {_SUIT_CODES}"
    else:
        reason = (
            f"a card code is a rank ({_RANK_CODES}) then a suit (C, D, H, S), "
            "like QS or 10H; the jokers are JK1, JK2, …"
        )
    raise ClassicCardCodeError(f"not a standard card code: {_shown(text)} ({reason})")


# ---------------------------------------------------------------------------------------------
# Gang of Four's deck
# ---------------------------------------------------------------------------------------------


class GofColour(Enum):
    """The three colours, weakest first (red > yellow > green). The value is the code letter."""

    GREEN = "G"
    YELLOW = "Y"
    RED = "R"

    @property
    def code(self) -> str:
        return self.value

    @property
    def strength(self) -> int:
        """0 green, 1 yellow, 2 red: the colour's place when equal numbers are compared."""
        return _COLOUR_STRENGTH[self]

    @property
    def label(self) -> str:
        return self.name.lower()


_COLOUR_STRENGTH = {colour: i for i, colour in enumerate(GofColour)}


def _gof_codes() -> tuple[str, ...]:
    """Every distinct card code in the canonical order of
    server/content/rules/en/gang-of-four.md#the-cards."""
    codes = ["G1", "Y1", "R1", "M1"]
    codes += [f"{c}{n}" for n in range(2, 11) for c in "GYR"]
    return (*codes, "PG", "PY", "DR")


_GOF_CODES = _gof_codes()
_GOF_LABELS = {"M1": "multicoloured 1", "PG": "green phoenix", "PY": "yellow phoenix"}
_GOF_LABELS["DR"] = "dragon"


@dataclass(frozen=True, order=True, slots=True)
class GofCard:
    """A Gang of Four card, known by its place in the canonical order (0 = G1 … 33 = DR).

    The deck holds two of every coloured card and one of each special card, so a hand is a
    multiset: two R7s are equal values. Take cards from `GOF_CARDS` or `parse_gof_card`.
    """

    index: int

    def __post_init__(self) -> None:
        if isinstance(self.index, bool) or not isinstance(self.index, int):
            raise ValueError(f"a Gang of Four card index is an int, not {self.index!r}")
        if not 0 <= self.index < len(_GOF_CODES):
            raise ValueError(f"Gang of Four card indexes run from 0 to 33, not {self.index}")

    @property
    def code(self) -> str:
        """The canonical code: `G7`, `R10`, `M1`, `PG`, `PY`, `DR`."""
        return _GOF_CODES[self.index]

    @property
    def number(self) -> int | None:
        """1-10 (the multicoloured 1 is a 1); None for the phoenixes and the dragon."""
        return _GOF_NUMBER[self.index]

    @property
    def colour(self) -> GofColour | None:
        """The printed colour of a coloured card or phoenix; None for M1 and the dragon."""
        return _GOF_COLOUR[self.index]

    @property
    def is_multicoloured(self) -> bool:
        return self.index == 3

    @property
    def is_phoenix(self) -> bool:
        return self.index in (31, 32)

    @property
    def is_dragon(self) -> bool:
        return self.index == 33

    @property
    def copies(self) -> int:
        """How many of this card the deck holds: 2 of a coloured card, 1 of a special one."""
        return GOF_COPIES[self.index]

    @property
    def label(self) -> str:
        """The English name (`red 7`, `green phoenix`); other languages belong to the faces."""
        special = _GOF_LABELS.get(self.code)
        if special is not None:
            return special
        return f"{self.colour.label} {self.number}"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"GofCard({self.code})"


_GOF_NUMBER: tuple[int | None, ...] = tuple(
    int(code[1:]) if code[0] in "GYRM" else None for code in _GOF_CODES
)
_GOF_COLOUR: tuple[GofColour | None, ...] = tuple(
    GofColour(code[-1] if code[0] == "P" else code[0]) if code[0] in "GYRP" else None
    for code in _GOF_CODES
)

GOF_CARDS: tuple[GofCard, ...] = tuple(GofCard(i) for i in range(len(_GOF_CODES)))
"""The 34 distinct cards, in canonical order."""

GOF_COPIES: tuple[int, ...] = tuple(2 if code[0] in "GYR" else 1 for code in _GOF_CODES)
"""How many of each distinct card the deck holds, by index."""

GOF_DECK: tuple[GofCard, ...] = tuple(
    card for card in GOF_CARDS for _ in range(GOF_COPIES[card.index])
)
"""All 64 cards, in canonical order (each coloured card twice)."""

MULTI_ONE, GREEN_PHOENIX, YELLOW_PHOENIX, DRAGON = (GOF_CARDS[i] for i in (3, 31, 32, 33))

_GOF_BY_CODE = {card.code: card for card in GOF_CARDS}
_GOF_CODE_SHAPE = re.compile(r"^([A-Z])([0-9]+|[A-Z])$")


def parse_gof_card(text: str) -> GofCard:
    """The Gang of Four card with this code, in any letter case."""
    if not isinstance(text, str):
        raise ClassicCardCodeError(f"a card code is text, not {type(text).__name__}")
    code = text.strip().upper()
    card = _GOF_BY_CODE.get(code)
    if card is not None:
        return card
    shape = _GOF_CODE_SHAPE.match(code)
    head = shape.group(1) if shape else ""
    if head in ("G", "Y", "R") and shape.group(2).isdigit():
        reason = "green, yellow and red cards are numbered 1 to 10"
    elif head == "M":
        reason = "the multicoloured card is M1"
    elif head == "P":
        reason = "the phoenixes are PG (green) and PY (yellow)"
    elif head == "D":
        reason = "the dragon is DR"
    else:
        reason = (
            "a card code is a colour (G, Y, R) and a number 1-10 like G7 or R10, or M1, PG, PY, DR"
        )
    raise ClassicCardCodeError(f"not a Gang of Four card code: {_shown(text)} ({reason})")


def parse_gof_cards(text: str) -> tuple[GofCard, ...]:
    """The cards of a space-separated text (`"G7 y7"`), in the order written."""
    if not isinstance(text, str):
        raise ClassicCardCodeError(f"card codes are text, not {type(text).__name__}")
    return tuple(parse_gof_card(word) for word in text.split())
