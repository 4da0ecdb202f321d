"""Every translation knows which English it translates (server/translations.py): a text whose
English changed since is named, with the change, until it is translated again and stamped;
and the numbers a rules page states come from the referee."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from gong.i18n import GLOSSARIES, LANGUAGES, Numbers
from gong.missions import BUNDLED_MISSIONS, load_missions
from gong.referee.registry import GAMES
from server.rulesdoc import RULES_DIR, RulesFormatError, fill_numbers, load_rules
from server.translations import Sources, digest, translated_languages

TRANSLATED = translated_languages()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_translation_is_made_from_an_older_english(lang: str):
    stale = Sources().stale(lang)
    report = [f"{entry}  [{entry.unit.key}]\n    " + "\n    ".join(entry.diff()) for entry in stale]
    assert stale == [], f"{lang}: {len(stale)} to translate again, then stamp:\n" + "\n".join(
        report
    )


@pytest.fixture
def missions(tmp_path: Path) -> Path:
    """A copy of the bundled missions, their stamps included."""
    directory = tmp_path / "missions"
    shutil.copytree(BUNDLED_MISSIONS, directory)
    return directory


def test_an_english_edit_makes_its_translations_stale_with_a_diff(missions: Path):
    sources = Sources(missions=missions)
    sources.write("fr", {k: v for k, v in sources.english().items() if k.startswith("missions:")})
    assert [s for s in sources.stale("fr") if s.unit.key.startswith("missions:")] == []
    path = missions / "bonus.yaml"
    text = path.read_text("utf-8")
    path.write_text(text.replace("carries one of your cards away", "takes a card away", 1))
    stale = [s for s in sources.stale("fr") if s.unit.key.startswith("missions:")]
    assert [s.unit.key for s in stale] == ["missions:bonus-01.text"]
    (entry,) = stale
    assert str(entry).startswith(f"{missions / 'lang' / 'fr.yaml'}, line 6, mission bonus-01")
    assert entry.diff() == [
        "- A shooting star carries one of your cards away.",
        "+ A shooting star takes a card away.",
    ]
    # Stale is not missing: French keeps its missions (the site serves the older text).
    assert "fr" not in load_missions(missions).incomplete
    assert load_missions(missions).get("bonus-01").text_in("fr").startswith("Une étoile")
    # Stamped after a look, it is right again, and the other languages stay stale.
    assert sources.stamp("fr", ["missions:bonus-01"]) == [
        "missions:bonus-01.text",
        "missions:bonus-01.title",
    ]
    assert [s for s in sources.stale("fr") if s.unit.key.startswith("missions:")] == []


def test_a_text_never_stamped_is_named_and_a_forged_stamp_does_not_count(missions: Path):
    sources = Sources(missions=missions)
    english = sources.english()
    sources.write("de", {"missions:fight-01.title": None})
    (entry,) = [s for s in sources.stale("de") if s.unit.key == "missions:fight-01.title"]
    assert entry.was is None and "not stamped yet" in str(entry)
    # A stamp whose English was edited by hand no longer matches its digest: not trusted.
    path = missions / "sources" / "de.yaml"
    sources.write("de", {"missions:fight-01.title": english["missions:fight-01.title"]})
    text = path.read_text("utf-8")
    wanted = f"digest: {digest(english['missions:fight-01.title'])}"
    assert wanted in text
    path.write_text(text.replace(wanted, "digest: 000000000000"), "utf-8")
    assert "missions:fight-01.title" in {s.unit.key for s in sources.stale("de")}


def test_the_stamp_command_names_an_unknown_key_and_records_a_known_one(missions: Path):
    def gong(*args: str) -> subprocess.CompletedProcess:
        command = [sys.executable, "-m", "gong.cli", "missions", "stamp", *args]
        return subprocess.run(command, capture_output=True, text=True, timeout=60)

    done = gong("fr", "missions:fight-99", "--missions", str(missions))
    assert done.returncode == 2 and "fr has no text 'missions:fight-99'" in done.stderr
    done = gong("xx", "missions:fight-01", "--missions", str(missions))
    assert done.returncode == 2 and "'xx' is not a translated language" in done.stderr
    path = missions / "fight.yaml"
    path.write_text(path.read_text("utf-8").replace("Rock, paper, scissors", "Rock paper", 1))
    assert "missions:fight-01.title" in {s.unit.key for s in Sources(missions).stale("fr")}
    done = gong("fr", "missions:fight-01.title", "--missions", str(missions))
    assert done.returncode == 0, done.stderr
    assert "1 text(s) stamped" in done.stdout
    assert "missions:fight-01.title" not in {s.unit.key for s in Sources(missions).stale("fr")}


def test_a_stamp_file_is_replaced_whole(missions: Path):
    """Written to a new file, then moved over the old one: a crash leaves one or the other."""
    sources = Sources(missions=missions)
    path = missions / "sources" / "fr.yaml"
    before = path.stat().st_ino
    sources.write("fr", {"missions:bonus-01.title": "Shooting star"})
    assert path.stat().st_ino != before
    assert not list(path.parent.glob("*.new"))


# --- numbers from the referee --------------------------------------------------------------


def test_a_rules_page_states_the_referees_numbers_as_its_language_writes_them():
    pages = load_rules()
    limit = GAMES["gang-of-four"].options["turn_limit"]
    assert limit == 5000
    assert "5,000 turns" in pages["gang-of-four"]["en"].html
    assert "5.000 Zügen" in pages["gang-of-four"]["de"].html
    assert "5\u00a0000" in pages["gang-of-four"]["fr"].html
    for lang in LANGUAGES:  # each as its glossary says it writes numbers
        assert GLOSSARIES[lang].numbers.format(limit) in pages["gang-of-four"][lang].html, lang
    assert Numbers("bengali", ",", 4).format(limit) == "৫,০০০"
    assert Numbers("latin", "\u00a0", 5).format(limit) == "5000"  # Spanish, Polish
    boom = GAMES["go-boom"]
    assert f"for {boom.min_players} or {boom.max_players} players" in pages["go-boom"]["en"].html
    low, high = GAMES["gang-of-four"].bounds["target_score"]
    assert f"from {low} to {high:,}" in pages["gang-of-four"]["en"].html


def test_an_unknown_number_names_its_file_and_line():
    with pytest.raises(RulesFormatError, match=r"x\.md, line 3: .*no number option 'turns'"):
        fill_numbers("# T\n\nStops after {{turns}} turns.", "go-fish", "en", "x.md")
    with pytest.raises(RulesFormatError, match=r"line 1: .*needs its game"):
        fill_numbers("After {{turn_limit}} turns.", "index", "en", "x.md")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_rules_page_writes_a_turn_limit_by_hand(lang: str):
    """A turn limit typed into a page drifts from the referee (six pages said 1,000 turns
    for Gang of Four's 5,000): every such number is a `{{…}}`."""
    limits = {spec.options["turn_limit"] for spec in GAMES.values()}
    digits = GLOSSARIES[lang].numbers
    written = {re.escape(fmt) for n in limits for fmt in (str(n), f"{n:,}", digits.format(n))}
    pattern = re.compile(r"(?<![\d.,])(?:" + "|".join(written) + r"|\d[.,\u00a0 ]000)(?![\d])")
    for path in sorted((RULES_DIR / lang).glob("*.md")):
        for number, line in enumerate(path.read_text("utf-8").split("\n"), start=1):
            assert not pattern.search(line), f"{path}, line {number}: {line}"
