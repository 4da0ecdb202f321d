"""Every language's glossary: one word per thing. A mission text that uses a variant the
glossary lists under `avoid` is flagged, so a child hears one word for the draw pile."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from gong.cards import Gem, Kind
from gong.i18n import GLOSSARIES, GLOSSARY_DIR, GLOSSARY_PROBLEMS, LANGUAGES, load_glossary
from gong.missions import load_missions

BOOK = load_missions()


def is_word_character(ch: str) -> bool:
    """Letters, marks and digits: a Devanagari vowel sign or virama (a mark, category M) is
    inside a word, which `\\b` in Python's `re` does not always agree with."""
    return unicodedata.category(ch)[0] in "LMN"


def uses(text: str, phrase: str) -> bool:
    """Whether TEXT contains PHRASE as whole words, ignoring case."""
    text, phrase = text.casefold(), phrase.casefold()
    start = text.find(phrase)
    while start != -1:
        end = start + len(phrase)
        before = text[start - 1] if start else " "
        after = text[end] if end < len(text) else " "
        if not is_word_character(before) and not is_word_character(after):
            return True
        start = text.find(phrase, start + 1)
    return False


def test_word_boundaries_hold_in_every_script():
    assert uses("Pioche une carte, Talon !", "talon")
    assert not uses("Le talonneur court", "talon")
    # Hindi: बाएं (avoided) inside बाएंगे is no match; a vowel sign after it continues the word.
    assert uses("अपने बाएं बैठे खिलाड़ी को दो", "बाएं")
    assert not uses("बाएंगे", "बाएं")
    assert not uses("फेंकोगे", "फेंको")
    # Bengali: the same with its vowel signs.
    assert uses("আবার চেষ্টা করো।", "আবার চেষ্টা করো")
    assert not uses("ফের খেলোয়াড়", "ফের খেলো")


def test_every_glossary_is_sound_and_names_every_gem_and_kind():
    assert GLOSSARY_PROBLEMS == {}
    assert set(GLOSSARIES) == set(LANGUAGES)
    for lang, glossary in GLOSSARIES.items():
        assert set(glossary.gems) == set(Gem) and set(glossary.kinds) == set(Kind)
        assert "play_again" in glossary.terms, lang


def test_a_broken_glossary_names_its_file_line_and_field(tmp_path: Path):
    path = tmp_path / "de.yaml"
    text = (GLOSSARY_DIR / "de.yaml").read_text("utf-8")
    path.write_text(text.replace("gold:", "golden:", 1), "utf-8")
    glossary, problems = load_glossary(path, "de")
    assert glossary is None
    assert any(f"{path}, line" in p and "field 'gems.gold'" in p for p in problems), problems
    assert any("field 'gems.golden': unknown" in p for p in problems), problems


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_mission_uses_a_word_its_glossary_avoids(lang: str):
    found = []
    allowed = {(a.key, a.word.casefold()) for a in GLOSSARIES[lang].allow}
    for term, entry in GLOSSARIES[lang].terms.items():
        for variant in entry.avoid:
            for mission in BOOK:
                for name in ("title", "text"):
                    if (f"missions:{mission.id}.{name}", variant.casefold()) in allowed:
                        continue  # a quote the glossary allows, with its reason
                    if uses(
                        mission.title_in(lang) if name == "title" else mission.text_in(lang),
                        variant,
                    ):
                        found.append(
                            f"{mission.id} {name}: {variant!r} (say {entry.use!r}, {term})"
                        )
    assert found == [], f"{lang}: " + "; ".join(found)
