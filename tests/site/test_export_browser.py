"""The static export under three hosts, in Debian's chromium as phones open it: the QR codes'
paths with and without JavaScript, every card path, /bonus 27 times on one phone, a phone in
another language, and scans offline after the first page. nginx runs in `make test-slow`."""

from __future__ import annotations

import re
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from gong.cards import DECK, Kind
from gong.missions import load_missions
from printables.links import parse_base_url
from server.export import ExportOptions, export, fixed_missions

from ..served import CHROMIUM_ARGS
from .statichosts import nginx_available, serve

pytestmark = [pytest.mark.browser]
SITE = "games/gong"
CHROMIUM = {"executable_path": "/usr/bin/chromium", "args": CHROMIUM_ARGS}
PHONE = {"viewport": {"width": 360, "height": 740}}


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("static")
    export(ExportOptions(root / SITE, parse_base_url(f"https://example.org/{SITE}/"), "en"))
    return root


class _Count(urllib.request.HTTPRedirectHandler):
    def __init__(self) -> None:
        self.redirects = 0

    def redirect_request(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        self.redirects += 1
        return super().redirect_request(*args, **kwargs)


def fetch(url: str) -> tuple[int, int, str]:
    """Status, redirects followed and body of URL."""
    counter = _Count()
    opener = urllib.request.build_opener(counter)
    try:
        with opener.open(url, timeout=10) as answer:
            return answer.status, counter.redirects, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, counter.redirects, error.read().decode()


def title(page) -> str:
    return page.inner_text("article.mission h1").strip()


def until_kept(page, lang: str, timeout: float = 30.0) -> None:
    """Wait until the worker has kept `lang` (its payload and its state)."""
    script = f"""async () => {{
      for (const key of await caches.keys()) {{
        const cache = await caches.open(key);
        if (await cache.match('/{SITE}/offline/{lang}.json') &&
            await cache.match('/{SITE}/offline/state')) return true;
      }}
      return false;
    }}"""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if page.evaluate(script):
            return
        page.wait_for_timeout(100)
    raise AssertionError("the worker kept nothing")


def check_host(host: str, root: Path, tmp_path: Path) -> None:
    book = load_missions()
    bonus = {m.title_in("en") for m in book.of_kind(Kind.BONUS)}
    fixed = fixed_missions(book)
    with serve(host, root, SITE, tmp_path) as url:
        site = f"{url}/{SITE}"
        # Every card path answers, with at most one redirect, in both letter cases.
        for card in DECK:
            for path in (f"/C/{card.code}", f"/c/{card.code.lower()}"):
                status, redirects, body = fetch(site + path)
                assert (status, redirects <= 1) == (200, True), (host, path, status, redirects)
                assert card.label in body or "JOKER" in body, path
        status, _, body = fetch(site + "/C/XX9")
        if host != "http.server":  # python's own server has its own 404 page
            assert status == 404 and "Lost in space" in body
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(**CHROMIUM)
            try:
                # Without JavaScript: the mission fixed for the card, links to other languages.
                plain = browser.new_context(java_script_enabled=False, locale="fr-FR", **PHONE)
                page = plain.new_page()
                for path in ("/C/NE5", "/c/ne5"):
                    page.goto(site + path)
                    assert page.get_attribute("article.mission", "class") == "mission k-bonus"
                    assert title(page) == book.get(fixed["NE5"]).title_in("en")
                page.click("summary")
                page.click("a[hreflang=fr]")
                assert page.url.endswith(f"/{SITE}/fr/C/NE5/")
                assert title(page) == book.get(fixed["NE5"]).title_in("fr")
                plain.close()
                # With JavaScript, an English phone: a drawn bonus mission, then every bonus
                # mission once in 27 taps on "Another mission"; then offline.
                phone = browser.new_context(locale="en-GB", **PHONE)
                page = phone.new_page()
                errors: list[str] = []
                page.on("pageerror", lambda error: errors.append(str(error)))
                page.goto(site + "/C/NE5")
                assert title(page) in bonus
                page.goto(site + "/c/ne5")
                assert title(page) in bonus
                until_kept(page, "en")
                page.evaluate("() => localStorage.removeItem('gong-seen')")
                shown = []
                for _ in range(27):
                    page.goto(site + "/bonus/")
                    shown.append(title(page))
                assert sorted(shown) == sorted(bonus), shown
                phone.set_offline(True)
                page.goto(site + "/C/PR1")
                assert page.get_attribute("article.mission", "class") == "mission k-fight"
                assert "PROXIMA 1" in page.inner_text("div.drawn")
                page.goto(site + "/rules/link/")
                assert "GONG LINK" in page.inner_text("h1")
                phone.set_offline(False)
                assert errors == []
                phone.close()
                # A French phone scanning the English path lands on the French page, and the
                # language it picks in the menu is the one it keeps.
                french = browser.new_context(locale="fr-FR", **PHONE)
                page = french.new_page()
                page.goto(site + "/C/NE5")
                page.wait_for_url(re.compile(r"/fr/C/NE5/"))
                assert page.get_attribute("html", "lang") == "fr"
                shown_fr = title(page)
                page.click("summary")
                page.click("a[hreflang=de]")
                page.wait_for_url(re.compile(r"/de/C/NE5/"))
                # The same mission, in German.
                mission_id = page.url.split("#")[1]
                assert book.get(mission_id).title_in("fr") == shown_fr
                page.goto(site + "/C/PR1")
                page.wait_for_url(re.compile(r"/de/C/PR1/"))
                french.close()
            finally:
                browser.close()


@pytest.mark.parametrize("host", ["http.server", "gh-pages"])
def test_the_export_under_a_static_host(host: str, root: Path, tmp_path: Path):
    check_host(host, root, tmp_path)


@pytest.mark.slow
@pytest.mark.skipif(not nginx_available(), reason="Debian's nginx is installed by make test-slow")
def test_the_export_under_nginx(root: Path, tmp_path: Path):
    check_host("nginx", root, tmp_path)
