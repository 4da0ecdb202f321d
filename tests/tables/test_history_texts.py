"""The history of a table reads in every served language: each language kept in a file has
every event, reason and line the French has, with the same placeholders."""

from __future__ import annotations

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
    assert set(adapter._TEXTS["en"]) == set(adapter._TEXTS[lang])
    assert set(adapter._WORDS["fr"]) <= set(adapter._WORDS[lang]), f"{lang}: words"


@pytest.mark.parametrize("lang", FILED)
def test_a_filed_language_renders_its_own_words(lang):
    event = {"seat": 0, "code": "passed", "params": {"player": 0}}
    text = adapter.render(event, lang, lambda seat: "Ada")
    assert "Ada" in text
    assert text != adapter.render(event, "en", lambda seat: "Ada")


def test_a_broken_file_is_left_out_and_the_rest_still_load(tmp_path, monkeypatch):
    (tmp_path / "xx.yaml").write_text("events: [not, a, mapping\n", encoding="utf-8")
    (tmp_path / "yy.yaml").write_text(
        'and: " & "\nadapter: {action: "{Player}: {action}."}\n'
        'events: {passed: ["{Player} passe (yy).", null]}\nreasons: {}\n',
        encoding="utf-8",
    )
    for table in ("_TEXTS", "_AND", "EVENT_TEXTS", "REASON_TEXTS"):
        monkeypatch.setattr(adapter, table, dict(getattr(adapter, table)))
    adapter._load_history_texts(tmp_path)
    assert "xx" not in adapter.EVENT_TEXTS
    assert adapter.EVENT_TEXTS["yy"]["passed"][0] == "{Player} passe (yy)."


@pytest.mark.parametrize("lang", FILED)
def test_a_filed_language_has_the_services_lines_and_refusals(lang):
    from server.tables import service

    assert set(service.TABLE_TEXTS[lang]) == set(service.TABLE_TEXTS["en"])
    assert set(service.ERROR_TEXTS[lang]) == set(service.ERROR_TEXTS["fr"])
    for key, text in service.TABLE_TEXTS["en"].items():
        assert placeholders(service.TABLE_TEXTS[lang][key]) == placeholders(text), (lang, key)
    for key, text in service.ERROR_TEXTS["fr"].items():
        assert placeholders(service.ERROR_TEXTS[lang][key]) == placeholders(text), (lang, key)
