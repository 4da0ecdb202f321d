"""The symbols the table pages draw on cards: one per galaxy shape the printer names, one per
gem, each of its own shape, so that no two GONG cards differ by colour alone."""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import gong.decks
import printables.galaxy
from gong.cards import Family, Gem
from gong.decks import DECKS, FAMILY_SHAPES, GONG, JOKER_SHAPE, STANDARD, CardFace, Deck
from printables.galaxy import JOKER_STYLE, STYLES
from server.tables import show

SPRITE = show.SPRITE.read_text(encoding="utf-8")


def _symbols() -> dict[str, str]:
    """Each symbol's drawing by name, its colours left out: what is left is its shape."""
    found = re.findall(r'<symbol id="y-([a-z0-9-]+)"([^>]*)>(.*?)</symbol>', SPRITE)
    return {
        name: re.sub(r'\s(fill|stroke|stroke-width)="[^"]*"', "", attributes + body)
        for name, attributes, body in found
    }


def _shapes_named_by_the_printer() -> set[str]:
    source = Path(printables.galaxy.__file__).read_text(encoding="utf-8")
    return set(re.findall(r'shape == "([a-z]+)"', source))


def test_the_sprite_has_one_symbol_per_galaxy_shape_the_printer_names():
    shapes = _shapes_named_by_the_printer()
    assert {style.shape for style in STYLES.values()} | {JOKER_STYLE.shape} == shapes
    gems = {gem.name.lower() for gem in Gem}
    names = re.findall(r'<symbol id="y-([a-z0-9-]+)"', SPRITE)
    assert len(names) == len(set(names)), "a symbol id is used twice"
    assert set(names) == shapes | gems


def test_every_family_shows_its_printed_galaxy_shape_and_the_joker_the_vortex():
    assert {family: STYLES[family].shape for family in Family} == FAMILY_SHAPES
    assert JOKER_STYLE.shape == JOKER_SHAPE
    assert len(set(FAMILY_SHAPES.values())) == len(Family)
    for face in GONG.faces:
        family = face.parts.get("family")
        assert face.symbol == (FAMILY_SHAPES[Family(family)] if family else JOKER_SHAPE)


def test_every_gem_has_a_symbol_of_its_own_shape_not_only_its_own_colour():
    drawings = _symbols()
    gems = [drawings[gem.name.lower()] for gem in Gem]
    assert len(set(gems)) == len(Gem)
    galaxies = [drawings[shape] for shape in FAMILY_SHAPES.values()]
    assert len(set(galaxies)) == len(Family)
    for face in GONG.faces:
        if "gem" in face.parts:
            assert face.low_symbol == face.parts["gem"].lower()
        else:
            assert face.low_symbol == ""


def test_no_two_gong_cards_depend_on_colour_alone():
    """Family symbol, number and gem shape: what a colour-blind child tells cards apart by
    (the two jokers are alike in play, and drawn alike)."""
    numbered = [face for face in GONG.faces if "family" in face.parts]
    seen = {(face.symbol, face.sign, face.low_symbol) for face in numbered}
    assert len(seen) == len(numbered) == 54


def test_every_symbol_a_built_in_deck_names_is_in_the_sprite():
    for deck in DECKS.values():
        for face in deck.faces:
            for name in (face.symbol, face.low_symbol):
                assert name == "" or name in show.SYMBOLS, (deck.name, face.code, name)
    assert all(face.symbol == "" for face in STANDARD.faces)


def test_a_card_shows_its_symbols_and_drops_those_the_sprite_lacks():
    drawn = show.card("AN4", "fr", GONG)
    assert (drawn["top"], drawn["symbol"], drawn["low_symbol"]) == ("ANDROMEDE", "spiral", "ruby")
    odd = CardFace("X1", {}, 0, "other", "1", "X", "", "X 1", symbol="comet", low_symbol="ring")
    deck = Deck("odd", (odd,), lambda code: odd)
    drawn = show.card("X1", "en", deck)
    assert (drawn["symbol"], drawn["low_symbol"]) == ("", "ring")
    assert show.card("ZZ", "en", GONG)["symbol"] == ""


def test_the_decks_examples_hold():
    result = doctest.testmod(gong.decks)
    assert result.failed == 0 and result.attempted > 0


def test_a_page_carries_the_symbols_its_cards_use_once_inside_its_main():
    page = (
        '<body><main id="table"><p><svg><use href="#y-ruby"/></svg>'
        '<svg><use href="#y-spiral"/></svg><svg><use href="#y-ruby"/></svg></p></main></body>'
    )
    drawn = show.with_sprite(page)
    sprite = re.search(r'<main id="table"><svg class="sprite"[^>]*>(.*?)</svg>', drawn).group(1)
    assert re.findall(r'<symbol id="y-([a-z-]+)"', sprite) == ["ruby", "spiral"]
    assert drawn.replace(re.search(r"<svg class=\"sprite\".*?</svg>", drawn).group(0), "") == page
    plain = "<main><p>No cards here</p></main>"
    assert show.with_sprite(plain) == plain
