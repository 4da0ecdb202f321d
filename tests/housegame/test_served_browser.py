"""The house game "toy" (Highest card, tests/referee/toygame.py) played to its end at a table
in Debian's chromium on a 360x740 phone: the generic face draws a game it has no template or
code for, from its registry entry and its actions' fields."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..served import CHROMIUM_ARGS
from ..tables.pageplay import act, over
from .house import Server, house_env

CHROMIUM = Path("/usr/bin/chromium")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
]


def test_a_person_plays_the_house_game_to_its_end_against_a_robot(tmp_path):
    from playwright.sync_api import sync_playwright

    with Server(house_env(tmp_path), workers=1) as server, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_context(viewport={"width": 360, "height": 740},
                                   base_url=server.base).new_page()  # fmt: skip
        page.goto("/play?game=toy")
        page.select_option("select[name=players]", "2")
        page.select_option("select[name=seat1]", "easy")
        page.fill("input[name=my_name]", "Ada")
        with page.expect_navigation():
            page.click("button[type=submit]")
        page.locator("form.move").wait_for()
        assert "Ada (you)" in page.inner_text("li.me")
        moves = 0
        for _ in range(200):
            if over(page):
                break
            if act(page):
                moves += 1
            else:
                page.wait_for_timeout(100)
        assert over(page), "the game did not end"
        assert moves >= 6  # six tricks, one card each
        assert page.locator("p.winners").inner_text().strip()
        assert page.locator("ol.last li").count() >= 1
        browser.close()
