"""Eleven languages: each one complete or hidden, found from the browser's regional variants,
listed on every page as hreflang alternates."""

from __future__ import annotations

import logging
import random
import re
import shutil
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from gong.i18n import LANGUAGE_NAMES, LANGUAGES
from gong.missions import BUNDLED_MISSIONS
from server import create_app
from server.texts import TEXTS_DIR

from .conftest import TEST_KEY


def html_lang(html: str) -> str:
    return re.search(r'<html lang="([a-z]+)" dir="ltr">', html).group(1)


def menu_languages(html: str) -> list[str]:
    return re.findall(r'<a href="[^"]*" hreflang="([a-z]+)"', html)


def test_every_language_is_served_and_in_the_menu(client: FlaskClient) -> None:
    html = client.get("/").get_data(as_text=True)
    assert menu_languages(html) == list(LANGUAGES)
    for lang in LANGUAGES:
        assert f">{LANGUAGE_NAMES[lang]}</a>" in html


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("de-AT,de;q=0.9", "de"),
        ("es-MX", "es"),
        ("pt-BR,pt;q=0.9", "en"),  # Portuguese is not spoken here: English
        ("pt-BR, fi;q=0.4", "fi"),
        ("nl-BE;q=0.8, hi-IN", "hi"),
        ("bn_BD", "bn"),
        ("it-CH;q=0, pl", "pl"),
        ("", "en"),
    ],
)
def test_accept_language_finds_regional_variants(client: FlaskClient, header, lang) -> None:
    html = client.get("/", headers={"Accept-Language": header}).get_data(as_text=True)
    assert html_lang(html) == lang


@pytest.mark.parametrize("path", ["/", "/m/fight-05", "/rules/fight", "/c/NE5", "/nowhere"])
def test_every_page_lists_its_alternates(client: FlaskClient, path: str) -> None:
    html = client.get(f"{path}?lang=bn").get_data(as_text=True)
    alternates = re.findall(r'<link rel="alternate" hreflang="([a-z-]+)" href="([^"]+)">', html)
    assert [code for code, _ in alternates] == [*LANGUAGES, "x-default"]
    hrefs = dict(alternates)
    # Absolute, as validators need: the request's own host without GONG_BASE_URL.
    assert all(href.startswith("http://localhost/") for href in hrefs.values()), hrefs
    if path != "/c/NE5":  # a card page keeps its mission: /c/NE5?lang=de&m=bonus-07
        assert hrefs["de"] == f"http://localhost{path}?lang=de"
        assert hrefs["x-default"] == f"http://localhost{path}"
    canonical = re.findall(r'<link rel="canonical" href="([^"]+)">', html)
    assert canonical == [hrefs["bn"]]


def copy_content(tmp_path: Path) -> tuple[Path, Path]:
    texts = tmp_path / "texts"
    missions = tmp_path / "missions"
    shutil.copytree(TEXTS_DIR, texts)
    shutil.copytree(BUNDLED_MISSIONS, missions)
    return texts, missions


def drop_line(path: Path, start: str) -> None:
    lines = path.read_text("utf-8").splitlines(keepends=True)
    kept = [line for line in lines if not line.startswith(start)]
    assert len(kept) < len(lines), f"{path} has no line starting {start!r}"
    path.write_text("".join(kept), "utf-8")


def test_an_incomplete_language_is_hidden_and_the_others_served(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """German lacks a page text, Polish a mission: both are hidden (never half-translated),
    their problems in the log, and every other language is served as before."""
    texts, missions = copy_content(tmp_path)
    drop_line(texts / "de.yaml", "too_big_title:")
    lang_file = missions / "lang" / "pl.yaml"
    lang_file.write_text(
        lang_file.read_text("utf-8").replace("  bonus-03:", "  bonus-3x:", 1), "utf-8"
    )
    with caplog.at_level(logging.WARNING):
        app = create_app(
            {
                "SECRET_KEY": TEST_KEY,
                "GONG_TEXTS": str(texts),
                "GONG_MISSIONS": str(missions),
                "GONG_RANDOM": random.Random(1),
            }
        )
    log = caplog.text
    assert "language de is hidden: 1 problem" in log and "missing key 'too_big_title'" in log
    assert "language pl is hidden: 2 problems" in log
    assert "mission 'bonus-3x'" in log and "unknown mission id" in log
    assert "mission 'bonus-03'" in log and "missing: not translated" in log
    assert app.extensions["gong"].languages == tuple(x for x in LANGUAGES if x not in ("de", "pl"))
    client = app.test_client()
    for hidden in ("de", "pl"):
        html = client.get(f"/m/bonus-03?lang={hidden}").get_data(as_text=True)
        assert html_lang(html) == "en"
        assert hidden not in menu_languages(html)
        assert f'hreflang="{hidden}"' not in html
    html = client.get("/", headers={"Accept-Language": "de-DE, fr;q=0.5"}).get_data(as_text=True)
    assert html_lang(html) == "fr"
    html = client.get("/m/bonus-03?lang=sv").get_data(as_text=True)
    assert html_lang(html) == "sv" and menu_languages(html) == list(
        app.extensions["gong"].languages
    )


def test_broken_english_stops_the_site(tmp_path: Path) -> None:
    texts, _ = copy_content(tmp_path)
    (texts / "en.yaml").write_text("site_title: [unclosed\n", "utf-8")
    with pytest.raises(ValueError, match=r"en\.yaml, line \d"):
        create_app({"SECRET_KEY": TEST_KEY, "GONG_TEXTS": str(texts)})


def test_a_placeholder_lost_in_translation_hides_the_language(tmp_path: Path) -> None:
    texts, _ = copy_content(tmp_path)
    path = texts / "fi.yaml"
    path.write_text(path.read_text("utf-8").replace("{gems}", "{jalokivet}", 1), "utf-8")
    app = create_app({"SECRET_KEY": TEST_KEY, "GONG_TEXTS": str(texts)})
    assert "fi" not in app.extensions["gong"].languages
    assert "fi" in app.extensions["gong"].texts.problems
    assert "placeholders {gems}" in app.extensions["gong"].texts.problems["fi"][0]
