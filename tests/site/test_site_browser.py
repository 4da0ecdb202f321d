"""The site in a real browser: Debian's chromium, headless, at a 360 x 740 phone viewport."""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from werkzeug.serving import make_server

from gong.cards import Kind
from gong.i18n import KIND_STYLES
from gong.missions import MissionBook
from server import create_app

from ..served import CHROMIUM_ARGS
from .conftest import TEST_KEY

CHROMIUM = Path("/usr/bin/chromium")
PHONE = {"width": 360, "height": 740}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
]


def rgb(hex_colour: str) -> str:
    r, g, b = (int(hex_colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    app = create_app({"SECRET_KEY": TEST_KEY, "GONG_RANDOM": random.Random(360)})
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=CHROMIUM_ARGS,
        )
        yield browser
        browser.close()


@pytest.fixture
def phone(browser, base_url: str):
    context = browser.new_context(viewport=PHONE, base_url=base_url, locale="en-GB")
    page = context.new_page()
    problems: list[str] = []

    def on_console(message) -> None:
        # A 404 page logs its own status; anything else (a CSP refusal above all) is a bug.
        if message.type == "error" and "status of 404" not in message.text:
            problems.append(message.text)

    def on_response(response) -> None:
        if response.request.resource_type != "document" and response.status >= 400:
            problems.append(f"{response.url}: {response.status}")

    page.on("console", on_console)
    page.on("response", on_response)
    page.on("pageerror", lambda error: problems.append(str(error)))
    yield page
    context.close()
    assert problems == [], "the browser reported errors"


def check_fits(page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{page.url} is {width} px wide"


def test_home_links_card_link_and_language_switch_on_a_phone(
    phone, book: MissionBook, tmp_path: Path
) -> None:
    page = phone
    page.goto("/")
    assert page.locator("h2", has_text="How to play GONG FIGHT").is_visible()
    check_fits(page)
    page.screenshot(path=tmp_path / "home.png", full_page=True)

    for label, kind in (
        ("Bonus card", Kind.BONUS),
        ("Fight card", Kind.FIGHT),
        ("Malus card", Kind.MALUS),
    ):
        page.goto("/")
        page.locator(".kinds a", has_text=label).click()
        page.wait_for_url(f"**/{kind.value}")
        title = page.locator(".mission h1").inner_text()
        assert title in {m.title_in("en") for m in book.of_kind(kind)}
        assert page.locator(".mission .text").inner_text().strip()
        band = page.locator(".band")
        assert band.evaluate("e => getComputedStyle(e).backgroundColor") == rgb(
            KIND_STYLES[kind].fill
        )
        check_fits(page)

    # A QR code as printed: upper-case path.
    page.goto("/C/NE5")
    assert page.locator(".drawn strong").inner_text() == "NEBULA 5"
    assert page.locator(".band").inner_text().lower() == "bonus mission"
    check_fits(page)
    page.screenshot(path=tmp_path / "card.png", full_page=True)
    english = page.locator(".mission h1").inner_text()
    mission = next(m for m in book.of_kind(Kind.BONUS) if m.title_in("en") == english)

    # Switching language keeps the same mission, now in French, and is remembered.
    # The language menu opens without JavaScript (a <details>), then lists every language.
    page.locator(".langs summary").click()
    page.locator(".langs a", has_text="Français").click()
    page.wait_for_url("**/c/NE5?lang=fr*")
    assert page.evaluate("document.documentElement.lang") == "fr"
    assert page.locator(".mission h1").inner_text() == mission.title_in("fr")
    assert page.locator(".mission .text").inner_text() == mission.text_in("fr")
    check_fits(page)
    page.locator("a", has_text="Une autre mission").click()
    page.wait_for_url("**/bonus")
    assert page.evaluate("document.documentElement.lang") == "fr"
    page.locator("footer a", has_text="Règles").click()
    page.locator(".chips a", has_text="GONG FIGHT").click()
    page.wait_for_url("**/rules/fight")
    assert page.locator(".rules h2").count() >= 1
    check_fits(page)
    page.screenshot(path=tmp_path / "rules.png", full_page=True)


@pytest.mark.parametrize("path", ["/c/j1?lang=sv", "/c/NOPE?lang=fr", "/m/nope", "/rules/link"])
def test_other_pages_fit_a_phone(phone, path: str) -> None:
    phone.goto(path)
    assert phone.locator("h1").first.inner_text().strip()
    check_fits(phone)


@pytest.mark.parametrize("lang", ["hi", "bn", "de", "fi"])
def test_long_words_and_indic_scripts_fit_a_phone(phone, book: MissionBook, lang, tmp_path):
    """Finnish and German compounds, Devanagari and Bengali: the home page, a mission and the
    open language menu stay within 360 px, in a font that has the script (the page's font
    stack falls back to one: a missing glyph would draw as a box)."""
    page = phone
    page.goto(f"/?lang={lang}")
    assert page.evaluate("document.documentElement.lang") == lang
    assert page.evaluate("document.documentElement.dir") == "ltr"
    check_fits(page)
    page.locator(".langs summary").click()
    assert page.locator(".langs a").count() == len(site_languages(page))
    check_fits(page)
    page.screenshot(path=tmp_path / f"home-{lang}.png", full_page=True)
    mission = book.get("fight-05")
    page.goto(f"/m/{mission.id}?lang={lang}")
    assert page.locator(".mission h1").inner_text() == mission.title_in(lang)
    check_fits(page)
    page.screenshot(path=tmp_path / f"mission-{lang}.png", full_page=True)


def site_languages(page) -> list[str]:
    return page.eval_on_selector_all(
        "link[rel=alternate][hreflang]", "ls => ls.map(l => l.hreflang)"
    )[:-1]
