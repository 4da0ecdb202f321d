"""Languages, and the few game words every face shows (gems, mission kinds).

One table for the site, the printer and the referee, so a gem is never named two ways.
Page texts live with the site; mission texts live in missions/*.yaml.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gong.cards import Card, Gem, Kind

LANGUAGES: tuple[str, ...] = ("en", "fr", "sv")
"""Every supported language; the first is the default. Missions must have each of them."""

DEFAULT_LANGUAGE = LANGUAGES[0]

LANGUAGE_NAMES: dict[str, str] = {"en": "English", "fr": "Français", "sv": "Svenska"}

GEM_NAMES: dict[str, dict[Gem, str]] = {
    "en": {
        Gem.GOLD: "Gold",
        Gem.OBSIDIAN: "Obsidian",
        Gem.SILVER: "Silver",
        Gem.RUBY: "Ruby",
        Gem.ICE: "Ice",
        Gem.AMETHYST: "Amethyst",
    },
    "fr": {
        Gem.GOLD: "Or",
        Gem.OBSIDIAN: "Obsidienne",
        Gem.SILVER: "Argent",
        Gem.RUBY: "Rubis",
        Gem.ICE: "Glace",
        Gem.AMETHYST: "Améthyste",
    },
    "sv": {
        Gem.GOLD: "Guld",
        Gem.OBSIDIAN: "Obsidian",
        Gem.SILVER: "Silver",
        Gem.RUBY: "Rubin",
        Gem.ICE: "Is",
        Gem.AMETHYST: "Ametist",
    },
}

# The printed rules call them "bonus card", "fight card", "malus card"; children read these.
KIND_NAMES: dict[str, dict[Kind, str]] = {
    "en": {Kind.FIGHT: "Fight", Kind.MALUS: "Malus", Kind.BONUS: "Bonus"},
    "fr": {Kind.FIGHT: "Défi", Kind.MALUS: "Malus", Kind.BONUS: "Bonus"},
    "sv": {Kind.FIGHT: "Utmaning", Kind.MALUS: "Minus", Kind.BONUS: "Bonus"},
}


@dataclass(frozen=True)
class KindStyle:
    """How a mission kind looks on every face: the site's band and buttons, the printed QR
    frame and mission cards. One record, so the site and the printer never disagree."""

    fill: str
    """The kind's colour (RULES.md §1): fight yellow, malus red, bonus blue."""
    dark: str
    """A dark shade of it, for text and marks on white."""
    on_fill: str
    """The text colour on `fill`; at least 4.5:1 contrast (WCAG AA), checked by the tests."""


KIND_STYLES: dict[Kind, KindStyle] = {
    # Near-black on yellow (11:1): the dark shade would give 4.5:1, the bare minimum.
    Kind.FIGHT: KindStyle(fill="#F5C400", dark="#6B5200", on_fill="#1D1600"),
    Kind.MALUS: KindStyle(fill="#D7263D", dark="#8E1224", on_fill="#FFFFFF"),
    Kind.BONUS: KindStyle(fill="#1E6FD9", dark="#123F80", on_fill="#FFFFFF"),
}


def check_language(lang: str) -> str:
    """The language code itself if supported, else a ValueError listing the supported ones."""
    if lang not in LANGUAGES:
        raise ValueError(f"unsupported language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    return lang


def gem_name(gem: Gem, lang: str = DEFAULT_LANGUAGE) -> str:
    return GEM_NAMES[check_language(lang)][gem]


def kind_name(kind: Kind, lang: str = DEFAULT_LANGUAGE) -> str:
    return KIND_NAMES[check_language(lang)][kind]


def card_name(card: Card, lang: str = DEFAULT_LANGUAGE) -> str:
    """`NEBULA 5 · Ice`, or `GONG JOKER`."""
    if card.is_joker:
        return card.label
    return f"{card.label} · {gem_name(card.gem, lang)}"


_BREAKABLE_SPACE = re.compile(r"[ \t\r\n]+")  # not str.split(): it would eat no-break spaces
_FRENCH_SPACE_BEFORE = re.compile(r"\s+([!?;:»])")
_FRENCH_SPACE_AFTER = re.compile(r"«\s+")


def typeset(text: str, lang: str) -> str:
    """Fold runs of white space; in French, keep `!`, `?`, `;`, `:` and `»` on the line of the
    word before them (and `«` with the word after) with a narrow no-break space, as French
    typography wants, so a phone never wraps a lone `!` onto its own line."""
    text = _BREAKABLE_SPACE.sub(" ", text).strip()
    if lang == "fr":
        text = _FRENCH_SPACE_BEFORE.sub("\u202f\\1", text)
        text = _FRENCH_SPACE_AFTER.sub("«\u202f", text)
    return text
