"""The shipped font draws every character the printer prints, in every language."""

from PIL import Image, ImageDraw

from gong.i18n import GEM_NAMES, KIND_NAMES, LANGUAGES
from gong.missions import load_missions
from printables.text import FONT_DIR, FONT_FILES, font


def ink(face, character: str) -> bytes:
    image = Image.new("L", (120, 120))
    ImageDraw.Draw(image).text((10, 10), character, font=face, fill=255)
    return image.tobytes()


def printed_characters() -> set[str]:
    texts = [
        name for table in (*GEM_NAMES.values(), *KIND_NAMES.values()) for name in table.values()
    ]
    for mission in load_missions():
        for lang in LANGUAGES:
            texts += [mission.title_in(lang), mission.text_in(lang)]
    texts += ["GONG JOKER", "GAME OF NINE GALAXIES", "0123456789", "’…–—"]
    return {ch for text in texts for ch in text if not ch.isspace()}


def test_shipped_fonts_and_licence_are_in_the_package():
    assert (FONT_DIR / "OFL.txt").read_text().count("SIL OPEN FONT LICENSE Version 1.1") == 1
    for name in FONT_FILES.values():
        assert (FONT_DIR / name).stat().st_size > 10_000


def test_every_printed_character_has_a_glyph_in_every_weight():
    characters = printed_characters()
    for weight in FONT_FILES:
        face = font(weight, 80)
        missing_glyph = ink(face, "\ue000")  # a private-use code point: the font's .notdef box
        missing = sorted(ch for ch in characters if ink(face, ch) == missing_glyph)
        assert missing == [], f"{FONT_FILES[weight]} has no glyph for {''.join(missing)!r}"
