"""The shipped fonts draw every character the printer prints, in every language, each with
the font the printer uses for it; Devanagari and Bengali are shaped, or refused clearly."""

from __future__ import annotations

import pytest
from PIL import Image, ImageDraw, features

from gong.cards import Kind
from gong.i18n import GEM_NAMES, KIND_NAMES, LANGUAGES
from gong.missions import load_missions
from printables import text
from printables.missioncards import RULES_CARD_ID, rules_text
from printables.text import FONT_DIR, SCRIPT_FONT_FILES, font


def ink(face, character: str) -> bytes:
    image = Image.new("L", (160, 160))
    ImageDraw.Draw(image).text((20, 20), character, font=face, fill=255)
    return image.tobytes()


def printed_texts(lang: str) -> list[str]:
    """Everything printed in LANG: gem names, kind labels (the QR frames and the mission
    cards' bands, upper case there), mission titles and texts, the fight rules card."""
    texts = [*GEM_NAMES[lang].values()]
    texts += [name for name in KIND_NAMES[lang].values()]
    texts += [name.upper() for name in KIND_NAMES[lang].values()]
    for mission in load_missions():
        texts += [mission.title_in(lang), mission.text_in(lang)]
    rules = rules_text(lang)
    texts += [rules.title, *rules.paragraphs, RULES_CARD_ID]
    return texts


def test_shipped_fonts_and_licences_are_in_the_package():
    for licence in ("OFL.txt", "OFL-Noto.txt"):
        assert (FONT_DIR / licence).read_text().count("SIL OPEN FONT LICENSE Version 1.1") == 1
    for files in SCRIPT_FONT_FILES.values():
        for name in files.values():
            assert (FONT_DIR / name).stat().st_size > 10_000
    shipped = {p.name for p in FONT_DIR.iterdir() if p.suffix in {".otf", ".ttf"}}
    used = {name for files in SCRIPT_FONT_FILES.values() for name in files.values()}
    assert shipped == used, "ship only the fonts the printer uses"


def test_the_script_of_a_text_picks_its_font():
    assert text.script_of("Supernova!") == text.LATIN
    assert text.script_of("GONG चिल्लाओ") == "devanagari"
    assert text.script_of("জোড় না বিজোড়") == "bengali"
    assert text.runs("GONG चिल्लाओ 1, 3", "devanagari") == [
        ("GONG", text.LATIN),
        (" चिल्लाओ 1, 3", "devanagari"),
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_printed_character_has_a_glyph_in_the_font_used_for_it(lang: str):
    """Each text is cut into the runs the printer draws; every character of a run must
    exist in that run's font, in every weight."""
    needed: dict[str, set[str]] = {}
    for printed in [*printed_texts(lang), "GONG JOKER", "GAME OF NINE GALAXIES", "0123456789"]:
        for piece, script in text.runs(printed, text.script_of(printed)):
            needed.setdefault(script, set()).update(ch for ch in piece if not ch.isspace())
    for script, characters in needed.items():
        for weight, name in SCRIPT_FONT_FILES[script].items():
            face = font(weight, 80, script)
            missing_glyph = ink(face, "\ue000")  # a private-use code point: the .notdef box
            missing = sorted(ch for ch in characters if ink(face, ch) == missing_glyph)
            assert missing == [], f"{lang}: {name} has no glyph for {''.join(missing)!r}"


def test_conjuncts_are_shaped_into_one_glyph():
    """क्ष (ka, virama, ssa) shaped is one conjunct, narrower than its three letters drawn
    side by side; unshaped, the virama would show."""
    assert features.check("raqm"), "Pillow's wheels carry raqm"
    face = font("medium", 80, "devanagari")
    apart = sum(face.getlength(ch) for ch in "क्ष")
    assert face.getlength("क्ष") < apart
    face = font("medium", 80, "bengali")
    assert face.getlength("ক্ষ") < sum(face.getlength(ch) for ch in "ক্ষ")


def test_without_raqm_indic_scripts_are_refused_clearly(monkeypatch: pytest.MonkeyPatch):
    text.font.cache_clear()
    monkeypatch.setattr(features, "check", lambda name: False)
    try:
        with pytest.raises(text.TextShapingError, match="needs Pillow with raqm"):
            text.font("bold", 40, "bengali")
        assert text.font("bold", 40) is not None  # Latin needs no shaping
    finally:
        text.font.cache_clear()


def test_a_kind_label_is_printed_in_every_language():
    for lang in LANGUAGES:
        for kind in Kind:
            label = KIND_NAMES[lang][kind]
            face = text.fit("bold", label.upper(), 400, 40)
            assert face.getbbox(label.upper())[2] > 0
