"""Scans offline after the first one (server/offline.py), in Debian's chromium: a phone visits
a card online, its worker keeps the language, the server stops and the phone goes offline;
card links, every bonus mission once, a rules page, a joker and /play still answer; back
online, the draw goes on without a repeat."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import sync_playwright

from gong.cards import DECK, Kind
from server import create_app

from ..served import CHROMIUM_ARGS
from ..tables.pageplay import Server
from .conftest import TEST_KEY

pytestmark = [pytest.mark.browser]

KEPT = """async () => {
  for (const key of await caches.keys()) {
    const cache = await caches.open(key);
    if (await cache.match('/offline/en.json') && await cache.match('/offline/state')) {
      return (await cache.keys()).length;
    }
  }
  return 0;
}"""


def until_kept(page, timeout: float = 30.0) -> int:
    """Wait until the worker has kept the page's language; how many entries it kept."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        kept = page.evaluate(KEPT)
        if kept:
            return kept
        page.wait_for_timeout(100)
    raise AssertionError("the worker kept nothing")


def title(page) -> str:
    return page.inner_text("article.mission h1").strip()


def kind_of(page) -> str:
    return re.search(r"k-(\w+)", page.get_attribute("article.mission", "class")).group(1)


def test_a_phone_scans_offline_after_its_first_page_and_repeats_nothing(tmp_path):
    book = create_app({"SECRET_KEY": TEST_KEY}).extensions["gong"].book
    bonus = {m.title_in("en") for m in book.of_kind(Kind.BONUS)}
    server = Server(tmp_path).start()
    port = server.port
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium",
                                             args=CHROMIUM_ARGS)  # fmt: skip
        context = browser.new_context(viewport={"width": 360, "height": 740},
                                      base_url=server.url, locale="en-GB")  # fmt: skip
        page = context.new_page()
        try:
            page.goto("/C/NE1")  # a fight card, online: the worker keeps English
            first = title(page)
            kept = until_kept(page)
            assert kept >= 15, kept
            usage = page.evaluate("async () => (await navigator.storage.estimate()).usage")
            assert usage <= 300 * 1024, usage  # the budget for one language
            print(f"kept {kept} entries, {usage} bytes")
            server.stop()
            context.set_offline(True)
            fights_offline = set()
            cards = [c for c in DECK if not c.is_joker and c.number <= 4][:20]
            for card in cards:
                page.goto(f"/C/{card.code}" if card.number % 2 else f"/c/{card.code.lower()}")
                assert kind_of(page) == card.kind.value, card
                assert card.label in page.inner_text("div.drawn")
                if card.kind is Kind.FIGHT:
                    fights_offline.add(title(page))
            shown = [title(page) for _ in range(27) if page.goto("/bonus") or True]
            assert set(shown) == bonus and len(shown) == 27  # every bonus mission once
            page.goto("/rules/link")
            assert "GONG LINK" in page.inner_text("h1")
            page.goto("/C/J1")
            assert "JOKER" in page.inner_text("article.mission")
            page.goto("/play")
            assert "Tables need the internet" in page.inner_text("main")
            # Online again, on the same address: the server learns what was shown offline.
            context.set_offline(False)
            server = Server(tmp_path, port=port).start()
            fights = {m.title_in("en") for m in book.of_kind(Kind.FIGHT)}
            remaining = len(fights) - 1 - len(fights_offline)
            online = [title(page) for _ in range(remaining) if page.goto("/fight") or True]
            # Every fight mission the phone had not shown yet, each once, before any repeat.
            assert len(set(online)) == remaining, online
            assert not set(online) & (fights_offline | {first})
        finally:
            context.close()
            browser.close()
            server.stop()
