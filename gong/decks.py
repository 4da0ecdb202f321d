"""Every deck the referee deals, and what a face shows of each of its cards.

A `Deck` knows its cards' codes and, for each code, a `CardFace`: its parts (family, number
and gem; rank and suit; colour and number), where it sorts, and how it looks: a style name
the faces share (`look`), the big sign in its middle, what stands in its corner and under
the sign, and how the card is said. The words a reader's language gives (a gem's name, a
colour, "joker") are named as `{key}` in those texts: a face fills them in for its reader
(`render(face.name, words)`). The site, the terminal and the printer read cards from here,
so none of them re-derives a deck from the shape of a code.

>>> GONG.face("ne5").parts, GONG.face("NE5").name
({'family': 'NE', 'number': 5, 'gem': 'ICE'}, 'NEBULA 5')
>>> GONG.face("AN4").symbol, GONG.face("AN4").low_symbol, GONG.face("J1").symbol
('spiral', 'ruby', 'vortex')
>>> STANDARD.face("QS").sign, STANDARD.face("QS").corner, STANDARD.face("10H").look
('Q', '♠', 's-red')
>>> GANG_OF_FOUR.face("G7").name, render(GANG_OF_FOUR.face("DR").name, {"DR": "red dragon"})
('{G_7}', 'red dragon')
>>> french = {"G": "vert", "colour_number": "{number} {colour}"}
>>> render("{G_7}", {"G": "green"}), render("{G_7}", french)
('green 7', '7 vert')
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gong.cards import DECK as GONG_CARDS
from gong.cards import CardCodeError, Family, parse_card
from gong.classic_cards import (
    GOF_CARDS,
    MAX_JOKERS,
    STANDARD_52,
    STANDARD_JOKERS,
    Rank,
    parse_gof_card,
    parse_rank,
    parse_standard_card,
)


@dataclass(frozen=True)
class CardFace:
    """What a face shows of one card. `name`, `corner` and `low` may name words of the
    reader's language as `{key}` (see `render`)."""

    code: str
    parts: Mapping[str, Any]
    order: int
    """Where the card sorts in its deck (the rules' order)."""
    look: str
    """The style the card is drawn in, shared by every face: `f-NE` (a GONG family),
    `joker`, `s-red`, `s-black`, `s-joker`, `g-green`, `g-multi`, …"""
    sign: str
    corner: str
    low: str
    name: str
    """How the card is said in a sentence: "NEBULA 5", "Q♠", "{G_7}" (a colour and a number,
    see `render`)."""
    label: str = ""
    """How the card is named on its own, for a screen reader ("NEBULA 5, {gem_ICE}"); the
    name where it says no more."""
    symbol: str = ""
    """A picture drawn beside the sign, by name (a GONG family's galaxy shape, `spiral`; the
    table pages draw each name from their sprite), so that no two faces differ by colour
    alone; "" for none."""
    low_symbol: str = ""
    """A picture drawn before the line under the sign (a GONG gem's own shape, `ruby`)."""

    def __post_init__(self) -> None:
        if not self.label:
            object.__setattr__(self, "label", self.name)


@dataclass(frozen=True)
class Deck:
    """A deck: its faces by code, in order, and the reader of its codes."""

    name: str
    faces: tuple[CardFace, ...]
    read: Callable[[str], Any] = field(repr=False)
    """The card value of a code, in any letter case; CardCodeError otherwise."""
    ranks: tuple[str, ...] = ()
    """The rank codes, in order, of a deck whose cards have ranks (what Go Fish asks for)."""
    _by_code: dict[str, CardFace] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._by_code.update({face.code: face for face in self.faces})

    def face(self, code: str) -> CardFace:
        """The face of the card with this code (any letter case); CardCodeError, saying
        why, for a code of no card of this deck."""
        found = self._by_code.get(code) if isinstance(code, str) else None
        if found is None:
            found = self._by_code[self.read(code).code]
        return found

    def has(self, code: str) -> bool:
        try:
            self.face(code)
        except (CardCodeError, ValueError, KeyError):
            return False
        return True

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(face.code for face in self.faces)


def render(text: str, words: Mapping[str, str]) -> str:
    """A face's text with the reader's words filled in; a word the reader lacks stays as its
    key, so nothing is ever blank. `{G_7}` is a colour and a number, in the order the
    reader's language says them (its word `colour_number`: "{number} {colour}" gives "7 vert";
    the default "{colour} {number}" gives "green 7")."""
    return text.format_map(_Keep(words)) if "{" in text else text


_COLOUR_NUMBER = re.compile(r"([A-Z])_(\d+)")


class _Keep(dict):
    def __init__(self, words: Mapping[str, str]) -> None:
        super().__init__(words)

    def __missing__(self, key: str) -> str:
        found = _COLOUR_NUMBER.fullmatch(key)
        if found:
            colour, number = found.groups()
            pattern = self.get("colour_number", "{colour} {number}")
            return pattern.format(colour=self.get(colour, colour), number=number)
        return key


# --- GONG's 56 -------------------------------------------------------------------------------

FAMILY_SHAPES: dict[Family, str] = {
    Family.PROXIMA: "cluster",
    Family.NEBULA: "nebula",
    Family.ZETA: "barred",
    Family.ANDROMEDE: "spiral",
    Family.SERPENS: "serpent",
    Family.SPARROW: "wings",
    Family.VIRGO: "elliptical",
    Family.OMEGA: "ring",
    Family.NEMESIS: "blackhole",
}
"""Each family's galaxy shape, as the printer draws it (printables/galaxy.py): the symbol a
face shows beside its number, since two families' inks can look alike."""
JOKER_SHAPE = "vortex"


def _gong_faces() -> Iterable[CardFace]:
    for order, card in enumerate(GONG_CARDS):
        if card.family is None:
            parts: dict[str, Any] = {"joker": card.number}
            yield CardFace(
                card.code, parts, order, "joker", "J", "GONG", "JOKER", "JOKER", "GONG JOKER",
                symbol=JOKER_SHAPE,
            )  # fmt: skip
            continue
        parts = {"family": card.family.code, "number": card.number, "gem": card.gem.name}
        yield CardFace(
            card.code,
            parts,
            order,
            f"f-{card.family.code}",
            str(card.number),
            card.family.label,
            "{gem_" + card.gem.name + "}",
            f"{card.family.label} {card.number}",
            f"{card.family.label} {card.number}, {{gem_{card.gem.name}}}",
            symbol=FAMILY_SHAPES[card.family],
            low_symbol=card.gem.name.lower(),
        )


GONG = Deck("gong", tuple(_gong_faces()), parse_card)

# --- the standard 52 and up to eight jokers ----------------------------------------------------

SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SUIT_INK = {"S": "black", "C": "black", "H": "red", "D": "red"}


def _standard_faces() -> Iterable[CardFace]:
    for order, card in enumerate(STANDARD_52 + STANDARD_JOKERS[:MAX_JOKERS]):
        if card.is_joker:
            parts: dict[str, Any] = {"joker": card.joker}
            yield CardFace(card.code, parts, order, "s-joker", "★", "JOKER", "", "{joker}")
            continue
        rank, suit = card.rank.code, card.suit.code
        sign = SUIT_SIGNS[suit]
        parts = {"rank": rank, "suit": suit}
        look = f"s-{_SUIT_INK[suit]}"
        yield CardFace(card.code, parts, order, look, rank, sign, sign, f"{rank}{sign}")


STANDARD = Deck(
    "standard", tuple(_standard_faces()), parse_standard_card, tuple(r.code for r in Rank)
)


def rank_code(text: str) -> str:
    """A standard rank's code (`Q`, `10`), in any letter case; ValueError otherwise."""
    return parse_rank(text).code


# --- Gang of Four's 64 (34 distinct cards) ---------------------------------------------------

_GOF_COLOURS = {"G": "green", "Y": "yellow", "R": "red"}
_GOF_SPECIAL = {"M1": ("g-multi", "1", "M"), "PG": ("g-green", "P", "G")}
_GOF_SPECIAL |= {"PY": ("g-yellow", "P", "Y"), "DR": ("g-red", "D", "R")}


def _gof_faces() -> Iterable[CardFace]:
    for card in GOF_CARDS:
        code = card.code
        if code in _GOF_SPECIAL:
            look, sign, corner = _GOF_SPECIAL[code]
            parts: dict[str, Any] = {"special": code}
            if card.number is not None:
                parts["number"] = card.number
            yield CardFace(code, parts, card.index, look, sign, corner, "", "{" + code + "}")
            continue
        colour = code[0]
        parts = {"colour": colour, "number": card.number}
        look = f"g-{_GOF_COLOURS[colour]}"
        name = "{" + f"{colour}_{card.number}" + "}"
        yield CardFace(code, parts, card.index, look, str(card.number), colour, "", name)


GANG_OF_FOUR = Deck("gang-of-four", tuple(_gof_faces()), parse_gof_card)

DECKS: dict[str, Deck] = {deck.name: deck for deck in (GONG, STANDARD, GANG_OF_FOUR)}
"""The built-in decks by name; a game may bring a deck of its own (`GameSpec.deck`)."""
