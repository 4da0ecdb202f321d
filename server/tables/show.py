"""A table's answer (the service's `answer()`) turned into what the pages draw: cards with the
deck's look, seats, the move form's pieces. Pure functions of the answer and the language."""

from __future__ import annotations

import re
from typing import Any

from gong.cards import CardCodeError, parse_card
from gong.i18n import gem_name
from server.tables.forms import shape
from server.tables.referee_adapter import RANK, card_word, rank_word

SUITS = {"S": ("♠", "black"), "H": ("♥", "red"), "D": ("♦", "red"), "C": ("♣", "black")}
_STANDARD = re.compile(r"^(10|[2-9AJQKT])([SHDC])$")
_GANG = re.compile(r"^([RGY])(\d{1,2})$")
GANG_COLOURS = {"R": "red", "G": "green", "Y": "yellow"}
# Gang of Four's special cards: (look, the big sign, the small letters).
GANG_SPECIAL = {
    "M1": ("g-multi", "1", "M"),
    "PG": ("g-green", "P", "G"),
    "PY": ("g-yellow", "P", "Y"),
    "DR": ("g-red", "D", "R"),
}

# Verbs that take picked cards, in the order their buttons appear.
CARD_VERBS = ("play", "lay", "give", "joker", "counter")
# Verbs that are whole actions, one button each.
PLAIN_VERBS = ("draw", "keep", "gong", "no-counter")


def card(code: str, lang: str) -> dict[str, Any]:
    """One card as the page draws it: a GONG card has its family (colour), number and gem, a
    joker its name, a standard card its rank and suit, a Gang of Four card its colour."""
    try:
        parsed = parse_card(code)
    except CardCodeError:
        parsed = None
    if parsed is not None:
        if parsed.is_joker:
            return {"code": parsed.code, "look": "joker", "big": "J", "top": "GONG", "low": "JOKER"}
        return {
            "code": parsed.code,
            "look": f"f-{parsed.family.code}",
            "big": str(parsed.number),
            "top": parsed.family.label,
            "low": gem_name(parsed.gem, lang),
        }
    name = card_word(code, lang)
    match = _STANDARD.match(code)
    if match:
        symbol, colour = SUITS[match.group(2)]
        rank = "10" if match.group(1) == "T" else match.group(1)
        return {
            "code": code, "look": f"s-{colour}", "big": rank, "top": symbol, "low": symbol,
            "name": name,
        }  # fmt: skip
    if re.fullmatch(r"JK\d", code):
        return {
            "code": code,
            "look": "s-joker",
            "big": "★",
            "top": "JOKER",
            "low": "",
            "name": name,
        }
    match = _GANG.match(code)
    if match:
        colour = GANG_COLOURS[match.group(1)]
        return {
            "code": code, "look": f"g-{colour}", "big": match.group(2), "top": match.group(1),
            "low": "", "name": name,
        }  # fmt: skip
    if code in GANG_SPECIAL:
        look, big, top = GANG_SPECIAL[code]
        return {"code": code, "look": look, "big": big, "top": top, "low": "", "name": name}
    if RANK.match(code) and not code.isdigit():  # a rank asked for: "K (kings)"
        name = f"{code} ({rank_word(code, lang)})"
    return {"code": code, "look": "other", "big": code, "top": "", "low": "", "name": name}


def move_pieces(legal: list[str]) -> dict[str, Any]:
    """What the move form offers, from the legal actions: which hand cards may be picked,
    the card verbs (buttons), the whole actions (buttons), the players a card verb may go
    to, and the cards that may be asked for (GONG FAMILY)."""
    card_verbs: dict[str, set[str]] = {}
    verbs_of: dict[str, set[str]] = {}
    targets: set[int] = set()
    plain: list[str] = []
    asks: dict[str, set[int]] = {}
    for action in legal:
        verb, kind = shape(action)
        words = action.replace(" -> ", " ").split()
        if kind == "plain":
            plain.append(action)
        elif kind == "cards":
            card_verbs.setdefault(verb, set()).update(words[1:])
            for code in words[1:]:
                verbs_of.setdefault(code, set()).add(verb)
        elif kind == "card_to":
            card_verbs.setdefault(verb, set()).update(words[1:-1])
            for code in words[1:-1]:
                verbs_of.setdefault(code, set()).add(verb)
            targets.add(int(words[-1]))
        elif kind == "to_card":
            asks.setdefault(words[2], set()).add(int(words[1]))
            targets.add(int(words[1]))
    pickable = set().union(*card_verbs.values()) if card_verbs else set()
    order = {v: i for i, v in enumerate(CARD_VERBS)}
    return {
        "pickable": pickable,
        "verbs_of": {code: " ".join(sorted(v)) for code, v in verbs_of.items()},
        "card_verbs": sorted(card_verbs, key=lambda v: (order.get(v, 99), v)),
        "plain": plain,
        "targets": sorted(targets),
        "asks": sorted(asks),
        "asks_to": sorted({t for ts in asks.values() for t in ts}),
        "any": bool(legal),
    }
