"""A table's answer (the service's `answer()`) turned into what the pages draw: cards with the
deck's look, the move form's pieces. Pure functions of the answer, the game's deck and spec,
and the language: cards are read from their deck's faces (`gong.decks`) and moves from the
legal actions' fields, so nothing here knows one game from another.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from gong.cards import Gem
from gong.decks import Deck, render
from gong.i18n import gem_name
from server.tables.referee_adapter import game_words, history_words, rank_word

# Verbs that take picked cards, in the order their buttons appear (others follow by name).
CARD_VERBS = ("play", "lay", "give", "joker", "counter")

SPRITE = Path(__file__).resolve().parent / "symbols.svg"
"""The symbols a face may show (`<symbol id="y-NAME">`); a page carries those it uses."""
_DRAWN = {
    match.group(1): match.group(0)
    for match in re.finditer(r'<symbol id="y-([a-z0-9-]+)".*?</symbol>', SPRITE.read_text("utf-8"))
}
SYMBOLS = frozenset(_DRAWN)
_USED = re.compile(r'<use href="#y-([a-z0-9-]+)"')


def with_sprite(html: str) -> str:
    """The page with the symbols its cards use drawn once, first thing in its `<main>` (the
    part a live page replaces, so a card that arrives later finds its symbol): a few hundred
    bytes instead of the whole sprite on every page and every update."""
    used = sorted(set(_USED.findall(html)))
    start = html.find("<main")
    if not used or start < 0:
        return html
    end = html.index(">", start) + 1
    drawn = "".join(_DRAWN[name] for name in used)
    sprite = f'<svg class="sprite" width="0" height="0" aria-hidden="true">{drawn}</svg>'
    return html[:end] + sprite + html[end:]


def words(lang: str, game: str | None = None) -> dict[str, str]:
    """The words a card face names (`{gem_ICE}`, `{joker}`, `{G}`) in `lang`, and those of
    `game`'s own deck (its catalog's `words`)."""
    found = {f"gem_{gem.name}": gem_name(gem, lang) for gem in Gem}
    return {**found, **history_words(lang), **game_words(game, lang)}


def card(code: str, lang: str, deck: Deck, game: str | None = None) -> dict[str, Any]:
    """One card as the page draws it, from its deck's face: its look, the big sign, the
    corner, the line under the sign, the symbols beside the sign and before that line, and
    how it is said. A code that is no card of the deck is drawn as its code."""
    try:
        face = deck.face(code)
    except (ValueError, KeyError):
        return {
            "code": code, "look": "other", "big": code, "top": "", "low": "", "name": code,
            "label": code, "symbol": "", "low_symbol": "",
        }  # fmt: skip
    said = words(lang, game)
    return {
        "code": face.code,
        "look": face.look,
        "big": face.sign,
        "top": render(face.corner, said),
        "low": render(face.low, said),
        "name": render(face.name, said),
        "label": render(face.label, said),
        "symbol": _known(face.symbol),
        "low_symbol": _known(face.low_symbol),
    }


def _known(symbol: str) -> str:
    """A face's symbol if the sprite draws it; "" otherwise (a deck brought by an instance
    game may name one the pages do not have: its card then shows no empty box)."""
    return symbol if symbol in SYMBOLS else ""


def rank_label(code: str, lang: str) -> str:
    """A rank to ask for, as the form names it: "K (kings)"."""
    word = rank_word(code, lang)
    return code if word == code else f"{code} ({word})"


def move_pieces(actions: Sequence[Mapping[str, Any]], asks: Sequence[str] = ()) -> dict[str, Any]:
    """What the move form offers, from the legal actions as data (`answer["actions"]`):
    which hand cards may be picked and for which verbs, the card verbs (buttons), the whole
    actions (buttons), the players a card verb may go to, and what may be asked for (the
    verbs in `asks` name a card or a rank that is not picked from the hand: GONG FAMILY's and
    Go Fish's `ask`)."""
    card_verbs: dict[str, set[str]] = {}
    verbs_of: dict[str, set[str]] = {}
    targets: set[int] = set()
    plain: list[Mapping[str, Any]] = []
    asked: dict[str, set[int]] = {}
    ranks = False
    for action in actions:
        verb, cards, target, rank = (
            action["verb"],
            action["cards"],
            action["target"],
            action["rank"],
        )
        if verb in asks and target is not None and (cards or rank is not None):
            asked.setdefault(rank if rank is not None else cards[0], set()).add(target)
            ranks = ranks or rank is not None
            targets.add(target)
        elif not cards:
            plain.append(action)
        else:
            card_verbs.setdefault(verb, set()).update(cards)
            for code in cards:
                verbs_of.setdefault(code, set()).add(verb)
            if target is not None:
                targets.add(target)
    pickable = set().union(*card_verbs.values()) if card_verbs else set()
    order = {v: i for i, v in enumerate(CARD_VERBS)}
    return {
        "pickable": pickable,
        "verbs_of": {code: " ".join(sorted(v)) for code, v in verbs_of.items()},
        "card_verbs": sorted(card_verbs, key=lambda v: (order.get(v, len(order)), v)),
        "plain": plain,
        "targets": sorted(targets),
        "asks": list(asked),
        "asks_rank": ranks,
        "asks_to": sorted({t for ts in asked.values() for t in ts}),
        "any": bool(actions),
    }
