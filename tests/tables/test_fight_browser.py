"""GONG FIGHT's fights at the tables, played through the pages in Debian's chromium at
360x740 (server/content/rules/en/fight.md#fights-online): two phones play every phone game,
one phone passed around settles a fight the two fighters disagree on, and a robot fighter
chooses only after its person."""

from __future__ import annotations

import random

import pytest

from .pageplay import act, over, send, serving
from .test_family_more_browser import _api, _state
from .test_pages_browser import CHROMIUM, Phone, creators_phone
from .test_pages_browser import browser as browser  # the module's chromium fixture

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
]

STARTS = {"fight_rps": "rps", "fight_odd_even": "odd_even", "fight_high_card": "high_card"}
MAX_STEPS = 600


def seated(browser, server_url: str, table_id: str, seat: int, name: str) -> tuple[Phone, str]:
    """A phone of its own, seated at `seat` (as the table's link and "Sit down" do)."""
    secret = _api(server_url, f"/tables/{table_id}/seats", {"seat": seat, "name": name})["secret"]
    phone = Phone(browser, server_url)
    phone.context.add_cookies(
        [{"name": f"gs_{table_id}", "value": secret, "url": f"{server_url}/t/{table_id}"}]
    )
    phone.page.goto(f"/t/{table_id}")
    return phone, secret


def fight_buttons(page):
    """The fight's own buttons (a choice, a report), while a fight waits for this page."""
    if not page.locator("div.fight:not(.result)").count():
        return None
    buttons = page.locator(".bar button[name=action]")
    return buttons if buttons.count() else None


def codes(server_url: str, table_id: str, secret: str) -> list[str]:
    return [e["code"] for e in _state(server_url, table_id, secret)["events"]]


def test_two_phones_play_each_phone_game_and_no_choice_shows_early(browser, tmp_path):
    rng = random.Random(5)
    with serving(tmp_path) as server:
        seen: set[str] = set()
        results = 0
        for seed in range(1, 6):
            made = _api(server.url, "/tables", {"game": "gong-fight", "players": 2, "bots": {},
                                                "seed": seed})  # fmt: skip
            table_id = made["id"]
            (ada, ada_secret), (zoe, _) = (
                seated(browser, server.url, table_id, 0, "Ada"),
                seated(browser, server.url, table_id, 1, "Zoe"),
            )
            phones = [ada, zoe]
            for _step in range(MAX_STEPS):
                if over(ada.page):
                    break
                moved = False
                for phone, other in ((ada, zoe), (zoe, ada)):
                    page = phone.page
                    page.reload()
                    results += page.locator("div.fight.result").count()
                    buttons = fight_buttons(page)
                    if buttons is not None:
                        send(page, buttons.nth(rng.randrange(buttons.count())))
                        chose = page.locator("div.fight p.line", has_text="You chose")
                        if chose.count():  # a secret choice: the other phone must not see it
                            word = chose.first.inner_text().split("chose ")[1].rstrip(".")
                            other.page.reload()
                            fight = other.page.locator("div.fight:not(.result)")
                            lines = fight.locator("p.line")
                            told = " ".join(lines.nth(i).inner_text() for i in range(lines.count()))
                            assert fight.count() and word not in told.lower(), told
                            history = other.page.inner_text("section.history")
                            assert f"chose {word}" not in history
                        moved = True
                    elif act(page):
                        moved = True
                if not moved:
                    ada.page.wait_for_timeout(200)
            assert over(ada.page), "the game did not end"
            seen |= {STARTS[c] for c in codes(server.url, table_id, ada_secret) if c in STARTS}
            for phone in phones:
                assert phone.problems == []
                phone.context.close()
            if seen == set(STARTS.values()) and results:
                break
        assert seen == set(STARTS.values()), seen
        assert results, "no fight's result was shown large"


def test_one_phone_passed_around_settles_a_fight_the_fighters_disagree_on(browser, tmp_path):
    names = {"0": "Ada", "1": "Bo"}
    with serving(tmp_path) as server:
        for seed in range(1, 30):
            table_id, creator, phone = creators_phone(browser, server.url, {
                "game": "gong-fight", "players": 3, "bots": {"2": "easy"}, "mode": "pass",
                "names": names, "seed": seed, "options": {"challenges": "report"},
            })  # fmt: skip
            page = phone.page
            reports = 0
            for _step in range(MAX_STEPS):
                if over(page) or "reports_differ" in codes(server.url, table_id, creator):
                    break
                if page.locator("section.pass").count():
                    assert page.locator("div.fight p.line").count() == 0  # nothing told
                    act(page)
                    continue
                me = page.url.split("seat=")[1].split("&")[0] if "seat=" in page.url else None
                buttons = page.locator(".bar button[name=action]")
                labels = [buttons.nth(i).inner_text() for i in range(buttons.count())]
                other = names["1" if me == "0" else "0"] if me in names else None
                challenge = [i for i, text in enumerate(labels) if text == f"Challenge {other}"]
                claims = [i for i, text in enumerate(labels) if text == f"{names.get(me)} won"]
                if challenge:
                    send(page, buttons.nth(challenge[0]))  # challenge the other person
                elif claims and fight_buttons(page) is not None:
                    reports += 1
                    send(page, buttons.nth(claims[0]))  # each fighter says they won
                    # The phone goes to the other fighter, who is not told what was said.
                    assert page.locator("section.pass").count() or "reports_differ" in codes(
                        server.url, table_id, creator
                    )
                elif not act(page):
                    page.wait_for_timeout(200)
            happened = codes(server.url, table_id, creator)
            phone.context.close()
            if "reports_differ" in happened:
                break
        assert reports == 2 and happened.count("fighter_reported") >= 2
        assert "reports_differ" in happened


def test_a_robot_fighter_chooses_only_after_its_person(browser, tmp_path):
    with serving(tmp_path) as server:
        made = _api(server.url, "/tables", {"game": "gong-fight", "players": 2,
                                            "bots": {"1": "normal"}, "seed": 2})  # fmt: skip
        table_id = made["id"]
        phone, secret = seated(browser, server.url, table_id, 0, "Ada")
        page = phone.page
        fights = 0
        for _step in range(MAX_STEPS):
            if over(page) or fights >= 2:
                break
            page.reload()
            buttons = fight_buttons(page)
            if buttons is not None and page.locator(".bar button[value^=report]").count() == 0:
                fight = _state(server.url, table_id, secret)["view"]["table"]["fight"]
                assert fight["chosen"] == [], fight  # the robot has not chosen first
                send(page, buttons.first)
                fights += 1
            elif not act(page):
                page.wait_for_timeout(200)
        assert fights >= 2
        assert "fight_coin" in codes(server.url, table_id, secret) or "challenge_won" in codes(
            server.url, table_id, secret
        )
        assert phone.problems == []
