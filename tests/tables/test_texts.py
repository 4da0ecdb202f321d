"""The tables' texts: every event the referee can tell, in every site language."""

from __future__ import annotations

import re

import pytest

from server.tables import referee_adapter as referee
from server.tables.wording import TABLE_TEXTS

SEATS = {"player": 0, "target": 1, "to": 1, "attacker": 1, "with": 1, "asker": 1, "loser": 1,
         "from": 1}  # fmt: skip
SAMPLES = {
    "card": "NE5",
    "cards": ["NE5", "ZE2"],
    "count": 9,
    "asked": "NE5",
    "family": "NE",
    "mission": "F1",
    "kind": "fight",
    "counts": [3, 4],
    "reason": "out_of_cards",
    "winners": [0, 1],
}


SPOKEN = tuple(TABLE_TEXTS)
"""The languages the tables speak (the others read their table pages in English)."""


def names(seat: int) -> str:
    return ["Ada", "Bo"][seat]


def placeholders(template: str) -> set[str]:
    return set(re.findall(r"{(\w+)}", template)) - {"Player"}


@pytest.mark.parametrize("lang", [lang for lang in SPOKEN if lang != "en"])
def test_every_referee_event_reads_in_every_language(lang):
    assert set(referee.EVENT_TEXTS[lang]) == set(referee.EVENT_TEXTS["fr"])
    for code, (full, hidden) in referee.EVENT_TEXTS[lang].items():
        wanted = placeholders(full) | placeholders(hidden or "") | {"player"}
        params = {k: SEATS.get(k, SAMPLES.get(k)) for k in wanted}
        if code == "ended":
            params = {"reason": "out_of_cards", "winners": [0, 1], "scores": [0, 3]}
        text = referee.render({"seq": 1, "seat": 0, "code": code, "params": params}, lang, names)
        assert "{" not in text and "player" not in text.lower(), (code, text)
        if hidden is not None:  # a seat that may not know the card
            secret = {k: v for k, v in params.items() if k not in ("card", "cards")}
            shown = referee.render(
                {"seq": 1, "seat": 0, "code": code, "params": secret}, lang, names
            )
            assert "NE5" not in shown and "{" not in shown, (code, shown)
    ended = {"code": "ended", "seat": None, "seq": 9,
             "params": {"reason": "all_passed", "winners": [1], "scores": [2, 1]}}  # fmt: skip
    assert "Bo" in referee.render(ended, lang, names)


def test_the_tables_own_events_read_in_every_language():
    for lang in SPOKEN:
        assert set(TABLE_TEXTS[lang]) == set(TABLE_TEXTS["en"])
        for template in TABLE_TEXTS[lang].values():
            assert placeholders(template) <= {"name", "n"}


def test_refusals_players_meet_read_in_every_language():
    from pathlib import Path

    from server.tables import api, wording
    from server.tables.wording import ERROR_TEXTS

    # Every refusal code a player may meet is one the tables make somewhere.
    sources = "".join(p.read_text() for p in Path(api.__file__).parent.glob("*.py"))
    others = [lang for lang in SPOKEN if lang != "en"]
    assert sorted(ERROR_TEXTS) == sorted(others)
    for lang in others:
        assert set(ERROR_TEXTS[lang]) == set(ERROR_TEXTS["fr"])
        for code, template in ERROR_TEXTS[lang].items():
            if code in wording.SETUP_TEXTS:  # the referee's setup codes, with their params
                assert placeholders(template) == placeholders(wording.SETUP_TEXTS[code])
                continue
            assert f'"{code}"' in sources, f"{code} is never refused"
            assert placeholders(template) <= {"wait"}
