"""The mission cards and the fight rules card: every text fits its card, and the rules card
says what the fight rules page says (server/content/rules/en/fight.md#who-won-a-fight)."""

from __future__ import annotations

import pytest
from PIL import ImageChops

from gong.cards import Kind
from gong.i18n import LANGUAGES
from gong.missions import load_missions
from printables.geometry import Scale
from printables.missioncards import (
    MISSION_H_MM,
    MISSION_W_MM,
    RULES_CARD_ID,
    RULES_SECTION,
    mission_body,
    mission_card,
    rules_body,
    rules_card,
    rules_section,
    rules_text,
    wants_rules_card,
)

from .conftest import LOW_DPI

SMALLEST_RULES_MM = 2.3
"""The rules card is read by parents, not by children alone, but stays readable."""


def test_the_rules_card_prints_the_fight_pages_section_on_who_won():
    said = rules_text("en")
    assert said.lang == "en"
    assert said.title == "Who won the fight?"
    assert said.paragraphs[0].startswith("The players who did not fight say who won.")
    assert "rock, paper, scissors decides" in said.paragraphs[-1].lower()
    assert all("**" not in p and "{#" not in p for p in (said.title, *said.paragraphs))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_card_fits_in_every_language(lang):
    body = rules_body(lang, Scale(300))
    assert body.fits and body.size_mm >= SMALLEST_RULES_MM, f"{lang}: {body}"
    said = rules_text(lang)
    assert said.lang in (lang, "en")  # English until the page's section is translated


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_mission_text_fits_its_card(lang):
    scale = Scale(LOW_DPI)
    too_long = [m.id for m in load_missions() if not mission_body(m, lang, scale).fits]
    assert not too_long, f"{lang}: too long for a mission card: {too_long}"


def test_the_rules_card_is_a_mission_card_of_the_fight_colour_without_numbers():
    scale = Scale(LOW_DPI)
    image = rules_card("en", scale)
    fight = load_missions().of_kind(Kind.FIGHT)[0]
    assert image.size == mission_card(fight, "en", scale).size
    assert image.size == (scale.px(MISSION_W_MM), scale.px(MISSION_H_MM))
    # Its body is tinted, where a mission card's is white: it is not shuffled into the pile.
    centre = (image.width // 2, image.height - scale.px(6))
    assert image.getpixel(centre) != (255, 255, 255)
    assert RULES_CARD_ID == "rules-fight"


def test_a_language_without_the_section_gets_the_english_card(tmp_path):
    english = "# GONG FIGHT\n\n## Who won the fight? {#who-won-a-fight}\n\nThe **others** say.\n"
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "fight.md").write_text(english, encoding="utf-8")
    (tmp_path / "it").mkdir()
    (tmp_path / "it" / "fight.md").write_text(
        "# GONG FIGHT\n\n## Sfide {#fights}\n\nSì.\n", encoding="utf-8"
    )
    said = rules_text("it", tmp_path)
    assert (said.lang, said.title, said.paragraphs) == (
        "en",
        "Who won the fight?",
        ("The others say.",),
    )
    italian = ImageChops.difference(
        rules_card("it", Scale(LOW_DPI), tmp_path), rules_card("en", Scale(LOW_DPI), tmp_path)
    )
    assert italian.getbbox() is not None  # the band still says the kind in Italian
    (tmp_path / "en" / "fight.md").write_text("# GONG FIGHT\n\n## Fights {#fights}\n\nYes.\n")
    with pytest.raises(ValueError, match=RULES_SECTION):
        rules_text("it", tmp_path)


def test_a_section_is_its_heading_and_paragraphs_up_to_the_next_heading():
    page = (
        "# T\n\n## Before {#before}\n\nNo.\n\n## Who? {#who}\n\nOne line\nand its **next**.\n\n"
        "- an item\n  going on\n- another\n\nLast.\n\n## After {#after}\n\nNo.\n"
    )
    assert rules_section(page, "who") == (
        "Who?",
        ("One line and its next.", "• an item going on", "• another", "Last."),
    )
    assert rules_section(page, "missing") is None


def test_only_a_sheet_with_fight_missions_gets_the_rules_card():
    book = load_missions()
    assert wants_rules_card(list(book))
    assert not wants_rules_card([*book.of_kind(Kind.MALUS), *book.of_kind(Kind.BONUS)])


def test_a_number_from_the_referee_is_refused_rather_than_printed_raw(tmp_path):
    (tmp_path / "en").mkdir()
    page = "# GONG FIGHT\n\n## Who won? {#who-won-a-fight}\n\nAfter {{turn_limit}} turns.\n"
    (tmp_path / "en" / "fight.md").write_text(page, encoding="utf-8")
    with pytest.raises(ValueError, match="printed as written"):
        rules_text("en", tmp_path)
