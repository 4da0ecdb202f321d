"""A family at the tables, on phones at 360x740 (Debian's chromium): the action bar on the
screen, choices kept after a refusal, the last move by the pile, "your turn" on the turn
holder's phone alone, and a seat handed to a robot only when its person is away, confirmed,
and taken back with "I'm back"."""

from __future__ import annotations

import pytest

from .pageplay import act, serving
from .test_pages_browser import CHROMIUM, PHONE, Phone, make_table, sit
from .test_pages_browser import browser as browser  # the module's chromium fixture

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
]


def _inside(page, selector: str) -> None:
    """Every element `selector` finds is whole inside the phone's first screen."""
    boxes = page.locator(selector)
    assert boxes.count(), selector
    for i in range(boxes.count()):
        box = boxes.nth(i).bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], (
            selector,
            box,
        )


def test_the_action_bar_is_on_the_screen_with_9_and_with_16_cards(browser, tmp_path):
    with serving(tmp_path) as server:
        phone = Phone(browser, server.url)
        page = phone.page
        make_table(page, "gong-link", "phones", {0: "person", 1: "easy"}, {}, my_name="Ada")
        page.locator("form.move").wait_for()
        assert page.locator("fieldset.hand .pick").count() == 9
        _inside(page, ".bar .acts button")
        # The card verbs stay greyed until a card is picked; the bar says what is missing.
        play = page.locator(".bar button[name=verb][value=play]")
        if play.count():
            assert play.is_disabled() and page.inner_text(".bar .hint") == "Pick a card."
        make_table(page, "gang-of-four", "phones", {0: "person", 1: "easy", 2: "easy"}, {},
                   my_name="Ada")  # fmt: skip
        page.locator("form.move").wait_for()
        assert page.locator("fieldset.hand .pick").count() == 16
        _inside(page, ".bar .acts button")
        page.screenshot(path=str(tmp_path / "gof-16.png"))
        assert phone.problems == []


def test_the_last_move_shows_by_the_pile_highlighted(browser, tmp_path):
    with serving(tmp_path) as server:
        page = Phone(browser, server.url).page
        make_table(page, "gong-link", "phones", {0: "person", 1: "easy"}, {}, my_name="Ada")
        page.locator("form.move").wait_for()
        for _ in range(40):
            newest = page.locator("ol.last li.new")
            if newest.count() and "Ada" in newest.first.inner_text():
                break
            act(page)
        newest = page.locator("ol.last li.new").first
        assert "Ada" in newest.inner_text()
        pile = page.locator("section.board .pile").bounding_box()
        line = newest.bounding_box()
        assert pile["y"] <= line["y"] < pile["y"] + pile["height"]


def test_a_seat_goes_to_a_robot_only_when_its_person_is_away_and_comes_back(
    browser, tmp_path, monkeypatch
):
    monkeypatch.setenv("GONG_AWAY_SECONDS", "2")
    with serving(tmp_path) as server:
        mum, leo = Phone(browser, server.url), Phone(browser, server.url)
        make_table(mum.page, "gong-link", "phones", {0: "person", 1: "person", 2: "easy"}, {},
                   my_name="Mum")  # fmt: skip
        link = mum.page.locator("a.link").first.inner_text()
        leo.page.goto(link)
        sit(leo.page, "Leo")
        mum.page.locator("form.move, p.banner").first.wait_for()
        # "Your turn!" on the turn holder's phone alone.
        leo.page.locator("p.banner").wait_for()
        yours = [p.page.locator("p.banner.yours").count() for p in (mum, leo)]
        assert sorted(yours) == [0, 1], yours
        # While Leo's phone is at the table, nobody can hand his seat over.
        assert mum.page.locator("form[action$='/bot']").count() == 0
        table = leo.page.url
        leo.page.goto("about:blank")  # Leo puts his phone away
        give = mum.page.locator("form[action$='/bot'] button")
        give.wait_for(timeout=20_000)
        with mum.page.expect_navigation():
            give.click()
        assert "Should a robot play for Leo?" in mum.page.inner_text("main")
        with mum.page.expect_navigation():
            mum.page.locator("main.confirm button").click()
        mum.page.locator("text=A robot plays for Leo now.").first.wait_for()
        # Leo comes back: his phone offers the seat back, and takes it.
        leo.page.goto(table)
        back = leo.page.locator("form.robotplays button")
        back.wait_for()
        with leo.page.expect_navigation():
            back.click()
        leo.page.locator("li.me").wait_for()
        assert "Leo" in leo.page.inner_text("li.me")
        mum.page.locator("text=Leo is back!").first.wait_for()


def test_the_other_phone_qr_code_loads_only_when_more_is_opened(browser, tmp_path):
    """The seat's QR code (about 20 KB) is not part of every table page's weight."""
    with serving(tmp_path) as server:
        phone = Phone(browser, server.url)
        page = phone.page
        asked: list[str] = []
        page.on("request", lambda r: asked.append(r.url) if "/rejoin/" in r.url else None)
        make_table(page, "gong-link", "phones", {0: "person", 1: "easy"}, {}, my_name="Ada")
        page.locator("form.move").wait_for()
        assert page.locator("details.more img").count() == 1 and asked == []
        page.locator("details.more summary").click()
        page.wait_for_function("() => document.querySelector('details.more img').naturalWidth > 0")
        assert len(asked) == 1 and asked[0].endswith("/qr.svg")
