"""One word for each game term in every text a family reads: missions, rules pages, page
texts, table texts and the history, in every language (each glossary, missions/glossary/,
is the one list of its language's terms)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gong.cards import Kind
from gong.i18n import GLOSSARIES, GLOSSARY_DIR, LANGUAGES, REQUIRED_TERMS, load_glossary
from server.translations import Sources, Unit
from tests.core.test_glossary import uses

SOURCES = Sources()
TEXTS = {lang: SOURCES.read(lang) for lang in LANGUAGES}

# What a text may hold that is not its language's prose: placeholders, card codes (NE5, G7,
# JK1, 10H), option names in bold, section ids.
_NOT_PROSE = re.compile(r"\{[^{}]*\}|\*\*[a-z_]+\*\*|\b[A-Z]{1,3}\d{1,2}\b|\b\d{1,2}[CDHS]\b")


def avoided_forms(lang: str, units: list[Unit]) -> list[str]:
    """Every use of a form `lang`'s glossary avoids, outside the allow-list, as
    `where: 'form' (say 'use', term)`."""
    glossary = GLOSSARIES[lang]
    allowed = {(a.key, a.word.casefold()) for a in glossary.allow}
    found = []
    for unit in units:
        text = _NOT_PROSE.sub(" ", unit.text)
        for term, entry in glossary.terms.items():
            for form in entry.avoid:
                if (unit.key, form.casefold()) not in allowed and uses(text, form):
                    found.append(f"{unit.where}: {form!r} (say {entry.use!r}, {term})")
    return found


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_text_uses_a_form_its_glossary_avoids(lang: str):
    found = avoided_forms(lang, TEXTS[lang])
    assert found == [], f"{lang}, {len(found)} avoided forms:\n" + "\n".join(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_glossary_names_every_game_term(lang: str):
    missing = [term for term in REQUIRED_TERMS if term not in GLOSSARIES[lang].terms]
    assert missing == [], f"{GLOSSARY_DIR / lang}.yaml lacks the terms {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_avoided_form_is_the_word_another_term_uses(lang: str):
    terms = GLOSSARIES[lang].terms
    clashes = [
        f"{form!r}, avoided for {term}, is the word for {other} ({entry.use!r})"
        for term, avoided in terms.items()
        for form in avoided.avoid
        for other, entry in terms.items()
        if other != term and uses(entry.use, form)
    ]
    assert clashes == [], f"{lang}: " + "; ".join(clashes)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_allowance_is_needed(lang: str):
    """An allowance names a text that really says the word: a stale one would hide the next
    real use."""
    by_key = {unit.key: unit.text for unit in TEXTS[lang]}
    for allowed in GLOSSARIES[lang].allow:
        assert allowed.key in by_key, f"{lang}: allow names no text {allowed.key!r}"
        assert uses(by_key[allowed.key], allowed.word), f"{lang}: {allowed} is not needed"


MINIMAL = """language: pl
name: Polski
kinds: {bonus: Bonus, malus: Pech, fight: Pojedynek}
gems: {gold: Złoto, obsidian: Obsydian, silver: Srebro, ruby: Rubin, ice: Lód, amethyst: Ametyst}
terms:
  draw_pile: {use: stos do dobierania, avoid: [stos dobierania]}
"""


def test_the_check_finds_an_avoided_form_and_honours_an_allowance(tmp_path: Path):
    path = tmp_path / "pl.yaml"
    form = GLOSSARIES["pl"].terms["draw_pile"].avoid[0]
    unit = Unit("page:intro", path, 3, "", f"Weź kartę: {form}.")
    found = avoided_forms("pl", [unit])
    assert found and f"{path}, line 3, key intro: {form!r}" in found[0]
    # A glossary with an allowance for that text and word: loaded, with its reason.
    path.write_text(
        MINIMAL + "allow:\n  - {key: 'page:intro', word: stos dobierania, reason: a quote}\n",
        "utf-8",
    )
    glossary, problems = load_glossary(path, "pl")
    assert problems == [] and glossary is not None
    assert glossary.allow[0].reason == "a quote"


def test_an_allowance_without_its_reason_is_refused(tmp_path: Path):
    path = tmp_path / "pl.yaml"
    path.write_text(MINIMAL + "allow:\n  - {key: 'page:intro', word: talia}\n", "utf-8")
    glossary, problems = load_glossary(path, "pl")
    assert glossary is None
    assert any("field 'allow[0]'" in p and "reason" in p for p in problems), problems


def test_a_renamed_kind_names_its_older_printed_name_on_its_pages():
    """Cards printed before a glossary renamed a kind still say the old name: the page says
    both, so a family with an older deck recognises its card."""
    from server import create_app

    client = create_app().test_client()
    renamed = [lang for lang in LANGUAGES if GLOSSARIES[lang].older_kinds]
    assert renamed, "no glossary renames a kind"
    for lang in LANGUAGES:
        page = client.get("/malus", headers={"Accept-Language": lang}).get_data(as_text=True)
        older = GLOSSARIES[lang].older_kinds.get(Kind.MALUS)
        assert ('class="older"' in page) == (older is not None), lang
        if older:
            assert (
                older in page and GLOSSARIES[lang].kinds[Kind.MALUS].casefold() in page.casefold()
            )
