"""Every page a family lands on leads to the browser tables: the home page's "Play online"
button, the rules pages (a game's page starts that game) and the card pages a QR code opens,
in every language."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from flask.testing import FlaskClient

from gong.cards import JOKERS, NUMBERED, Kind
from gong.i18n import LANGUAGES
from gong.missions import MissionBook
from server.rulesdoc import PAGE_GAMES
from server.tables.referee_adapter import game_names
from server.texts import text
from server.views.rules import VARIANTS

from ..served import CHROMIUM_ARGS

CHROMIUM = Path("/usr/bin/chromium")
PHONE = {"width": 360, "height": 740}
MIN_TAP = 48  # px: a finger's width, the smallest target a phone's guidelines allow


class Links(HTMLParser):
    """Each link of a page: its href, its class and its text."""

    def __init__(self) -> None:
        super().__init__()
        self.links: list[dict[str, str]] = []
        self._open: list[dict[str, str]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "a":
            found = {"href": "", "class": "", "text": "", **{k: v or "" for k, v in attrs}}
            self.links.append(found)
            self._open.append(found)

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        for link in self._open:
            link["text"] += data


def play_links(html: str) -> list[dict[str, str]]:
    parser = Links()
    parser.feed(html)
    return [link for link in parser.links if urlsplit(link["href"]).path == "/play"]


def html_lang(html: str) -> str:
    start = html.index('<html lang="') + len('<html lang="')
    return html[start : html.index('"', start)]


def card_pages(book: MissionBook) -> list[str]:
    """A page of each kind (drawn, scanned from a card, a permalink) and the joker's."""
    paths = [f"/{kind.value}" for kind in Kind]
    for kind in Kind:
        paths.append(f"/c/{next(c.code for c in NUMBERED if c.kind is kind)}")
        paths.append(f"/m/{book.of_kind(kind)[0].id}")
    paths.append(f"/C/{JOKERS[0].code}")  # as the printed QR codes write it
    return paths


def follow(client: FlaskClient, href: str, lang: str) -> str:
    """The page a link opens, as the visitor who chose `lang` gets it (the language
    travels in its cookie, as on every other link of the site)."""
    response = client.get(href)
    assert response.status_code == 200, href
    html = response.get_data(as_text=True)
    assert html_lang(html) == lang, f"{href} answers in {html_lang(html)}, not {lang}"
    return html


def in_every_language(check: Callable[[str], None]) -> None:
    """Run `check` for each language, then fail once, naming every language that failed (one
    app for them all: building the site costs more than reading its pages)."""
    failed = []
    for lang in LANGUAGES:
        try:
            check(lang)
        except AssertionError as error:
            failed.append(f"{lang}: {error}")
    assert failed == [], "\n".join(failed)


def test_the_home_page_has_a_play_online_button(client: FlaskClient) -> None:
    def check(lang: str) -> None:
        html = client.get(f"/?lang={lang}").get_data(as_text=True)
        links = play_links(html)
        assert len(links) == 1, links
        (button,) = links
        assert button["href"] == "/play"
        assert text(lang, "play_online") in button["text"]
        assert text(lang, "play_online_line") in button["text"]
        # Near the top: before the intro and before the kind buttons at the bottom.
        assert html.index('href="/play"') < html.index("<p>") < html.index('class="kinds"')
        follow(client, button["href"], lang)

    in_every_language(check)


def test_every_rules_page_leads_to_play(client: FlaskClient) -> None:
    games = set(game_names())

    def check(lang: str) -> None:
        client.get(f"/?lang={lang}")
        for path in ["/rules", *(f"/rules/{slug}" for slug in VARIANTS)]:
            response = client.get(path)
            assert response.status_code == 200, path
            links = play_links(response.get_data(as_text=True))
            assert links, f"{path} has no link to /play"
            game = PAGE_GAMES.get(path.rpartition("/")[2])
            for link in links:
                asked = parse_qs(urlsplit(link["href"]).query).get("game")
                if game is None:
                    assert asked is None, f"{path} starts {asked}: it is no game's page"
                else:
                    assert game in games
                    assert asked == [game], f"{path} should start {game}, not {asked}"
                assert link["text"].strip(), f"{path}: a link to /play without words"
            html = follow(client, links[0]["href"], lang)
            if game is not None:
                assert f'name="game" value="{game}"' in html, f"/play does not start {game}"

    in_every_language(check)


def test_every_card_page_leads_to_play(client: FlaskClient, book: MissionBook) -> None:
    def check(lang: str) -> None:
        client.get(f"/?lang={lang}")
        for path in card_pages(book):
            response = client.get(path)
            assert response.status_code == 200, path
            links = play_links(response.get_data(as_text=True))
            assert [link["href"] for link in links] == ["/play"], path
            assert links[0]["text"] == text(lang, "play_game_online", game="GONG"), path
            follow(client, links[0]["href"], lang)

    in_every_language(check)


def test_the_game_pages_cover_every_rules_page_of_a_game() -> None:
    """Each rules page that describes a game names one the tables can start."""
    assert {slug for slug in VARIANTS if slug in PAGE_GAMES} == set(PAGE_GAMES)
    assert set(PAGE_GAMES.values()) <= set(game_names())


@pytest.mark.browser
@pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed")
def test_play_online_is_on_a_phones_first_screen(served: tuple[str, subprocess.Popen]) -> None:
    from playwright.sync_api import sync_playwright

    base, _ = served
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport=PHONE, locale="en-GB", has_touch=True)
            page.goto(f"{base}/")
            button = page.locator(".play-cta a")
            box = button.bounding_box()
            assert box is not None
            assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
            assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
            assert box["height"] >= MIN_TAP
            button.tap()
            page.wait_for_url(f"{base}/play")
            assert page.locator("h1").first.is_visible()
        finally:
            browser.close()
