"""The GONG deck (server/content/rules/en/index.md#the-cards): 9 galaxy families of 6 gem cards,
plus 2 GONG JOKERs.

A card is a small frozen value with one canonical text form, its code, and a parser for it:

>>> parse_card("ne5")
Card(NEBULA 5)
>>> str(parse_card("NE5")), parse_card("NE5").gem.label, parse_card("NE5").kind.value
('NE5', 'Ice', 'bonus')
>>> len(DECK), len(NUMBERED), str(JOKERS[1])
(56, 54, 'J2')
>>> [str(c) for c in sorted(map(parse_card, ["J1", "NM6", "NE5", "PR2"]))]
['PR2', 'NE5', 'NM6', 'J1']
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from functools import total_ordering


class CardCodeError(ValueError):
    """A text that is not the code of a GONG card."""


class Family(Enum):
    """The nine galaxies, in the order of the rules. The value is the two-letter card code."""

    PROXIMA = "PR"
    NEBULA = "NE"
    ZETA = "ZE"
    ANDROMEDE = "AN"
    SERPENS = "SE"
    SPARROW = "SP"
    VIRGO = "VI"
    OMEGA = "OM"
    NEMESIS = "NM"

    @property
    def code(self) -> str:
        return self.value

    @property
    def label(self) -> str:
        """The family's printed name (a proper name: the same in every language)."""
        return self.name

    @property
    def index(self) -> int:
        return _FAMILY_INDEX[self]


_FAMILY_INDEX = {family: i for i, family in enumerate(Family)}


class Gem(Enum):
    """The gem ("xphere") of each number. The value is the card number."""

    GOLD = 1
    OBSIDIAN = 2
    SILVER = 3
    RUBY = 4
    ICE = 5
    AMETHYST = 6

    @property
    def number(self) -> int:
        return self.value

    @property
    def label(self) -> str:
        """The English name; other languages are in gong.i18n."""
        return self.name.capitalize()


class Kind(Enum):
    """The mission kind a numbered card's QR code opens
    (server/content/rules/en/fight.md#your-turn)."""

    FIGHT = "fight"
    MALUS = "malus"
    BONUS = "bonus"

    @classmethod
    def of_number(cls, number: int) -> Kind:
        if not 1 <= number <= 6:
            raise ValueError(f"card numbers run from 1 to 6, not {number}")
        return (cls.FIGHT, cls.FIGHT, cls.MALUS, cls.MALUS, cls.BONUS, cls.BONUS)[number - 1]

    @classmethod
    def parse(cls, text: str) -> Kind:
        try:
            return cls(text.strip().lower())
        except ValueError:
            names = ", ".join(k.value for k in cls)
            raise ValueError(f"unknown mission kind {text!r}: expected one of {names}") from None


@total_ordering
@dataclass(frozen=True, slots=True)
class Card:
    """A numbered card (family and number), or a joker (family None, number 1 or 2).

    Cards sort in deck order: families in rule order, then numbers, the jokers last."""

    family: Family | None
    number: int

    def __post_init__(self) -> None:
        top = 2 if self.family is None else 6
        if not 1 <= self.number <= top:
            raise ValueError(f"no such card: {self.family} {self.number}")

    @property
    def is_joker(self) -> bool:
        return self.family is None

    @property
    def code(self) -> str:
        """The canonical short code: `NE5`, `J1`."""
        if self.family is None:
            return f"J{self.number}"
        return f"{self.family.code}{self.number}"

    @property
    def gem(self) -> Gem:
        if self.family is None:
            raise ValueError(f"{self.code} is a joker: it has no gem")
        return Gem(self.number)

    @property
    def kind(self) -> Kind:
        """The mission kind; a joker carries no mission
        (server/content/rules/en/jokers.md#good-to-know)."""
        if self.family is None:
            raise ValueError(f"{self.code} is a joker: it carries no mission")
        return Kind.of_number(self.number)

    @property
    def label(self) -> str:
        return "GONG JOKER" if self.family is None else f"{self.family.label} {self.number}"

    @property
    def sort_key(self) -> tuple[int, int]:
        """Deck order: families in rule order, then numbers; jokers last."""
        return (9 if self.family is None else self.family.index, self.number)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.sort_key < other.sort_key

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.label})"


def _build_deck() -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    numbered = tuple(Card(f, n) for f in Family for n in range(1, 7))
    jokers = (Card(None, 1), Card(None, 2))
    return numbered, jokers


NUMBERED, JOKERS = _build_deck()
DECK: tuple[Card, ...] = NUMBERED + JOKERS
"""All 56 cards in canonical order."""

_BY_CODE = {card.code: card for card in DECK}
_CODE_SHAPE = re.compile(r"^[A-Z]{1,2}[0-9]$")


def parse_card(text: str) -> Card:
    """The card with this code, in any letter case; `CardCodeError` for anything else."""
    if not isinstance(text, str):
        raise CardCodeError(f"a card code is text, not {type(text).__name__}")
    code = text.strip().upper()
    card = _BY_CODE.get(code)
    if card is not None:
        return card
    shown = text if len(text) <= 20 else text[:20] + "..."
    if _CODE_SHAPE.match(code):
        prefix = code[:-1]
        if prefix == "J":
            reason = "the jokers are J1 and J2"
        elif prefix in {f.code for f in Family}:
            reason = f"{Family(prefix).label} cards are numbered 1 to 6"
        else:
            families = ", ".join(f"{f.code} {f.label}" for f in Family)
            reason = f"unknown family {prefix!r}; the families are {families}"
    else:
        reason = "a card code is a family code and a number (like NE5), or J1/J2 for a joker"
    raise CardCodeError(f"not a GONG card code: {shown!r} ({reason})")


def is_card_code(text: str) -> bool:
    return isinstance(text, str) and text.strip().upper() in _BY_CODE


def cards_of(family: Family) -> tuple[Card, ...]:
    return NUMBERED[family.index * 6 : family.index * 6 + 6]
