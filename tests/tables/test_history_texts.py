"""The history of a table reads in every served language: each language kept in a file has
every event, reason and line the French has, with the same placeholders."""

from __future__ import annotations

import re
import string

import pytest

from gong.i18n import LANGUAGES
from server.tables import referee_adapter as adapter

FILED = sorted(path.stem for path in adapter.HISTORY_TEXTS.glob("*.yaml"))


def placeholders(text: str | None) -> set[str]:
    """The names a text fills; `{Player}` is `{player}` capitalised, so they count as one."""
    return {name.lower() for _, name, _, _ in string.Formatter().parse(text or "") if name}


def test_every_served_language_has_its_history_texts():
    assert set(LANGUAGES) - {"en"} <= set(adapter.EVENT_TEXTS), "a served language has no history"
    assert FILED, "no history files were found"


@pytest.mark.parametrize("lang", FILED)
def test_a_filed_language_has_every_event_with_the_same_placeholders(lang):
    for code, (full, hidden) in adapter.EVENT_TEXTS["fr"].items():
        mine = adapter.EVENT_TEXTS[lang].get(code)
        assert mine is not None, f"{lang}: event {code} has no text"
        assert placeholders(mine[0]) == placeholders(full), f"{lang}: event {code}"
        assert placeholders(mine[1]) == placeholders(hidden), f"{lang}: hidden event {code}"
    assert set(adapter.REASON_TEXTS["fr"]) <= set(adapter.REASON_TEXTS[lang])
    # A form of a word for one event ("not_held_rank:rank_A") is a language's own choice, and
    # so is the order of a card's colour and number (French "7 vert", English "green 7").
    needed = {word for word in adapter._WORDS["fr"] if ":" not in word} - {"colour_number"}
    assert needed <= set(adapter._WORDS[lang]), (
        f"{lang}: words {sorted(needed - set(adapter._WORDS[lang]))}"
    )


@pytest.mark.parametrize("lang", FILED)
def test_a_filed_language_renders_its_own_words(lang):
    event = {"seat": 0, "code": "passed", "params": {"player": 0}}
    text = adapter.render(event, lang, lambda seat: "Ada")
    assert "Ada" in text
    assert text != adapter.render(event, "en", lambda seat: "Ada")


def test_a_broken_file_is_left_out_and_the_rest_still_load(tmp_path, monkeypatch):
    (tmp_path / "xx.yaml").write_text("events: [not, a, mapping\n", encoding="utf-8")
    (tmp_path / "yy.yaml").write_text(
        'and: " & "\nevents: {passed: ["{Player} passe (yy).", null]}\nreasons: {}\n',
        encoding="utf-8",
    )
    for table in ("_AND", "EVENT_TEXTS", "REASON_TEXTS"):
        monkeypatch.setattr(adapter, table, dict(getattr(adapter, table)))
    adapter._load_history_texts(tmp_path)
    assert "xx" not in adapter.EVENT_TEXTS
    assert adapter.EVENT_TEXTS["yy"]["passed"][0] == "{Player} passe (yy)."


@pytest.mark.parametrize("lang", FILED)
def test_a_filed_language_has_the_services_lines_and_refusals(lang):
    from server.tables import wording as service

    assert set(service.TABLE_TEXTS[lang]) == set(service.TABLE_TEXTS["en"])
    assert set(service.ERROR_TEXTS[lang]) == set(service.ERROR_TEXTS["fr"])
    for key, text in service.TABLE_TEXTS["en"].items():
        assert placeholders(service.TABLE_TEXTS[lang][key]) == placeholders(text), (lang, key)
    for key, text in service.ERROR_TEXTS["fr"].items():
        assert placeholders(service.ERROR_TEXTS[lang][key]) == placeholders(text), (lang, key)


@pytest.mark.parametrize("lang", FILED)
def test_a_filed_language_says_every_setup_problem_with_its_params(lang):
    from server.tables import wording as service

    for key, text in service.SETUP_TEXTS.items():
        mine = service.ERROR_TEXTS[lang].get(key)
        assert mine is not None, (lang, key)
        assert placeholders(mine) == placeholders(text), (lang, key)


_NAMES = ("Ada", "Bo")


def _said(lang: str, code: str, **params: object) -> str:
    event = {"seat": 0, "code": code, "params": {"player": 0, **params}}
    return adapter.render(event, lang, lambda seat: _NAMES[seat])


@pytest.mark.parametrize(
    ("lang", "asked", "none", "book", "given"),
    [
        ("en", "Ada asked Bo for kings.", "Ada has no aces.", "Ada laid down a book of four aces.",
         "Ada gave Bo all their queens: Q♠, Q♥."),
        ("fr", "Ada demande des rois à Bo.", "Ada n'a pas d'as.", "Ada pose les quatre as.",
         "Ada donne ses dames à Bo\u202f: Q♠, Q♥."),
        ("sv", "Ada bad Bo om kungar.", "Ada har inga ess.", "Ada lade ut fyra ess.",
         "Ada gav Bo sina damer: Q♠, Q♥."),
    ],
)  # fmt: skip
def test_go_fish_names_a_rank_as_a_word(lang, asked, none, book, given):
    assert _said(lang, "asked", target=1, asked="K") == asked
    assert _said(lang, "not_held", asker=1, asked="A") == none
    assert _said(lang, "book", rank="A", cards=["AS", "AH", "AD", "AC"]) == book
    assert _said(lang, "gave_rank", to=1, rank="Q", cards=["QS", "QH"], count=2) == given


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_language_names_a_rank_by_its_letter(lang):
    """Every rank of every Go Fish event that names one reads as a word, and an exact card
    asked for (`exact_card`) keeps the card's own name."""
    for rank in ("2", "7", "10", "J", "Q", "K", "A"):
        lines = [
            _said(lang, "asked", target=1, asked=rank),
            _said(lang, "not_held", asker=1, asked=rank),
            _said(lang, "book", rank=rank, cards=[rank + suit for suit in "SHDC"]),
            _said(lang, "gave_rank", to=1, rank=rank, count=2),
        ]
        for line in lines:
            assert "_rank" not in line and not re.search(
                r"(?<![\w♠♥♦♣])[JQKA](?![\w♠♥♦♣])", line
            ), (lang, line)
    assert "K♠" in _said(lang, "asked", target=1, asked="KS")


@pytest.mark.parametrize(
    ("lang", "opening", "closing"),
    [("en", "“", "”"), ("de", "„", "“"), ("fr", "«\u202f", "\u202f»"), ("pl", "„", "”")],
)
def test_a_mission_title_is_quoted_as_the_language_quotes(lang, opening, closing):
    from gong.referee.fight import bundled_missions

    title = bundled_missions().get("fight-01").title_in(lang)
    text = _said(lang, "mission", kind="fight", mission="fight-01")
    assert f"{opening}{title}{closing}" in text


@pytest.mark.parametrize("lang", FILED)
def test_a_filed_language_has_its_own_quotation_marks(lang):
    assert lang in adapter._QUOTES and all(adapter._QUOTES[lang]), lang
