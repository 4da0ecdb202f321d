"""More of a family at the tables, on phones at 360x740 (Debian's chromium): the window of a
GONG call counted down, "Start now" unlike "Sit down" and confirmed, a refused move that keeps
the picked cards without a page load, a seat played on another phone by its QR code, FIGHT's
chosen-player buttons named by their step through a whole game, and the joker page saying its
rule is about the swap."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from .pageplay import act, over, send, serving
from .test_pages_browser import CHROMIUM, PHONE, Phone, _api, creators_phone, make_table, sit
from .test_pages_browser import browser as browser  # the module's chromium fixture

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
]

CONTENT = Path(__file__).resolve().parents[2] / "server" / "content"


def _seated(server_url: str, game: str, players: int, bots: dict[str, str], names: list[str],
            seed: int, **options) -> tuple[str, list[str]]:  # fmt: skip
    """A table made and sat at through the API, dealt by `seed`: its id and the people's seat
    secrets (seat 0, 1, ... in the order of `names`)."""
    made = _api(
        server_url,
        "/tables",
        {"game": game, "players": players, "bots": bots, "mode": "phones", "seed": seed,
         "options": options},
    )  # fmt: skip
    secrets = [
        _api(server_url, f"/tables/{made['id']}/seats", {"seat": seat, "name": name})["secret"]
        for seat, name in enumerate(names)
    ]
    return made["id"], secrets


def _at_seat(phone: Phone, server_url: str, table_id: str, secret: str) -> None:
    """Open the table on `phone` as the seat whose secret it is (its seat cookie)."""
    phone.context.add_cookies(
        [{"name": f"gs_{table_id}", "value": secret, "url": f"{server_url}/t/{table_id}"}]
    )
    phone.page.goto(f"/t/{table_id}")


def _state(server_url: str, table_id: str, secret: str, query: str = "") -> dict:
    """The table as the API answers the holder of `secret`."""
    return _api(server_url, f"/tables/{table_id}{query}", secret=secret)


# The countdown of the strip's window: the share of it left, as the page's script sets it.
LEFT = (
    "((el) => el ? parseFloat(getComputedStyle(el).getPropertyValue('--left')) : NaN)"
    "(document.querySelector('p.also span.count'))"
)


def _gong_to_call(browser, server_url: str) -> Phone:
    """GONG LINK against a robot, dealt by seed 3: seat 0's cards played through the API
    until two are left on its turn, then one more on the phone, without calling GONG. The
    phone, showing the page after that move (the robot's turn, GONG still to call)."""
    table_id, (secret,) = _seated(server_url, "gong-link", 2, {"1": "easy"}, ["Ada"], 3)
    for _ in range(100):
        state = _state(server_url, table_id, secret)
        plays = [a for a in state["actions"] if a["verb"] == "play"]
        if len(state["view"]["hand"]) == 2 and plays:
            break
        if state["legal"]:
            _api(server_url, f"/tables/{table_id}/actions",
                 {"action": state["legal"][0], "version": state["version"], "seat": 0},
                 secret=secret)  # fmt: skip
    else:
        raise AssertionError("seat 0 never had two cards on its turn")
    phone = Phone(browser, server_url)
    page = phone.page
    _at_seat(phone, server_url, table_id, secret)
    card = plays[0]["cards"][0]
    page.locator(f"form.move input[name=card][value='{card}']").check()
    send(page, page.locator(".bar button[name=verb][value=play]"))
    page.locator("p.also").wait_for()
    return phone


def _call_wait(instance: Path, seconds: int) -> None:
    """Robots wait `seconds` while a person may call GONG or catch. In the instance's
    config.py, which the app reads before the environment: pageplay's server sets
    GONG_CALL_WAIT=0 in its own."""
    (instance / "config.py").write_text(f"GONG_CALL_WAIT = {seconds}\n")


def test_a_gong_call_shows_its_window_counting_down(browser, tmp_path):
    """Problem 4: a person who may call GONG out of turn sees the strip, not "Your turn!",
    with the robots' wait counted down on it."""
    _call_wait(tmp_path, 3)
    with serving(tmp_path) as server:
        phone = _gong_to_call(browser, server.url)
        page = phone.page
        also = page.locator("p.also")
        assert "GONG" in also.inner_text()
        assert page.locator("p.banner.yours").count() == 0 and "★" not in page.title()
        count = also.locator("span.count[data-left]")
        assert float(count.get_attribute("data-left")) > 0
        assert page.locator(".bar button[value=gong] span.count[data-left]").count() == 1
        # The strip's bar shrinks: its share of the window left (`--left`) falls, read twice.
        page.wait_for_function(f"() => {{ const v = {LEFT}; return v > 0 && v < 1; }}")
        first = page.evaluate(f"() => {LEFT}")
        page.wait_for_function(f"([v]) => {LEFT} < v - 0.1", arg=[first], timeout=2500)
        assert phone.problems == []


def test_the_gong_button_shows_its_countdown(browser, tmp_path):
    """Problem 4, on the button itself: the countdown under GONG! is drawn, under its label."""
    _call_wait(tmp_path, 3)
    with serving(tmp_path) as server:
        page = _gong_to_call(browser, server.url).page
        button = page.locator(".bar button[value=gong]")
        bar = button.locator("span.count").bounding_box()
        assert bar and bar["width"] >= 0.5 * button.bounding_box()["width"], bar


def test_start_now_looks_unlike_sit_down_and_asks_first(browser, tmp_path):
    """Problem 6: "Start now" is not a second "Sit down"; before anyone sat it starts
    nothing, and with a seat still empty it asks, and "Not now" leaves the table waiting."""
    with serving(tmp_path) as server:
        page = Phone(browser, server.url).page
        make_table(page, "gong-link", "phones", {0: "person", 1: "person"}, {})
        sit_button, start = page.locator("form.sit button"), page.locator("form.start button")
        colours = [
            b.evaluate("el => getComputedStyle(el).backgroundColor") for b in (sit_button, start)
        ]
        assert colours[0] != colours[1], colours
        assert start.inner_text() == "Start now" and sit_button.inner_text() == "Sit down"
        with page.expect_navigation():
            start.click()
        assert page.inner_text("p.error") == "Sit down first: a game needs at least one person."
        assert page.locator("form.start").count() and page.locator("form.move").count() == 0
        sit(page, "Ada")
        table = page.url
        with page.expect_navigation():
            page.locator("form.start button").click()
        confirm = page.locator("main.confirm")
        assert "Empty seats: 1" in confirm.inner_text()
        with page.expect_navigation():
            confirm.locator("a", has_text="Not now").click()
        assert page.url.split("?")[0] == table.split("?")[0]
        assert page.locator("form.start").count() and page.locator("form.move").count() == 0
        table_id = table.split("/t/")[1].split("?")[0]
        assert _api(server.url, f"/tables/{table_id}")["status"] == "waiting"
        # And "Start now", confirmed, starts it with a robot in the empty seat.
        with page.expect_navigation():
            page.locator("form.start button").click()
        with page.expect_navigation():
            page.locator("main.confirm button").click()
        page.locator("form.move, p.banner").first.wait_for()
        assert _api(server.url, f"/tables/{table_id}")["status"] == "playing"


def test_a_refused_move_keeps_the_picked_cards_without_a_page_load(browser, tmp_path):
    """Problem 7: Gang of Four, two cards that are each playable but no combination together:
    the refusal names the rule, comes without a page load, and the two stay picked."""
    with serving(tmp_path) as server:
        table_id, (secret,) = _seated(
            server.url, "gang-of-four", 3, {"1": "easy", "2": "easy"}, ["Ada"], 1
        )
        state = _state(server.url, table_id, secret)
        assert state["current"] == 0 and "M1" in state["view"]["hand"]
        assert "play G3 M1" not in state["legal"] and "play M1 G3" not in state["legal"]
        phone = Phone(browser, server.url)
        page = phone.page
        _at_seat(phone, server.url, table_id, secret)
        form = page.locator("form.move")
        form.locator("fieldset.hand .pick").last.scroll_into_view_if_needed()  # all 16 seen
        for code in ("M1", "G3"):
            form.locator(f"input[name=card][value='{code}']").check()
        play = page.locator(".bar button[name=verb][value=play]")
        assert play.is_enabled()
        loads = phone.loads
        send(page, play)
        refusal = "Those cards do not go together. Try a pair, a straight or a gang."
        assert page.inner_text("p.error") == refusal
        # ... where the player sees it, above the action bar (not above the top of the screen).
        box, bar = page.locator("p.error").bounding_box(), page.locator(".bar").bounding_box()
        assert box["y"] >= -1 and box["y"] + box["height"] <= bar["y"], (box, bar)
        assert phone.loads == loads, "the refusal loaded a page"
        picked = form.locator("input[name=card]:checked")
        values = [picked.nth(i).get_attribute("value") for i in range(picked.count())]
        assert sorted(values) == ["G3", "M1"]
        assert play.is_enabled()
        page.screenshot(path=str(tmp_path / "refused.png"))
        assert phone.problems == []


def test_a_seat_plays_on_another_phone_by_its_qr_code(browser, tmp_path):
    """Problem 12: the seat's page offers itself to another phone by a QR code that opens
    the seat there; a browser without a seat sees who plays, not a silent table."""
    import zxingcpp

    with serving(tmp_path) as server:
        table_id, (ada, _bo) = _seated(server.url, "gong-link", 3, {"2": "easy"}, ["Ada", "Bo"], 4)
        first = Phone(browser, server.url)
        _at_seat(first, server.url, table_id, ada)
        page = first.page
        more = page.locator("details.more")
        more.locator("summary").click()
        assert "Play this seat on another phone" in more.inner_text()
        image = more.locator(".share img")
        image.evaluate("el => el.scrollIntoView({block: 'center'})")
        # Scrolled up, the code is clear of the action bar fixed at the bottom.
        bar = page.locator(".bar").bounding_box()
        assert image.bounding_box()["y"] + image.bounding_box()["height"] <= bar["y"]
        page.wait_for_function(
            "() => { const i = document.querySelector('details.more .share img');"
            " return i.complete && i.naturalWidth > 0; }"
        )
        decoded = zxingcpp.read_barcodes(Image.open(io.BytesIO(image.screenshot())))
        assert len(decoded) == 1, decoded
        link = decoded[0].text
        assert link.startswith(f"{server.url}/t/{table_id}/rejoin/"), link
        second = Phone(browser, server.url)
        second.page.goto(link)
        second.page.locator("li.me").wait_for()
        assert "Ada" in second.page.inner_text("li.me")
        assert second.page.url.split("?")[0] == f"{server.url}/t/{table_id}"
        third = Phone(browser, server.url)
        third.page.goto(f"/t/{table_id}")
        watching = third.page.locator("p.watching")
        assert "Ada" in watching.inner_text() and "Bo" in watching.inner_text()
        assert third.page.locator("li.me").count() == 0
        for phone in (first, second, third):
            assert phone.problems == []


FIGHT_WORDS = {"challenge": "Challenge ", "give": "Give to ", "take": "Take from ",
               "receive": "Get a card from "}  # fmt: skip


def test_fight_on_one_phone_names_each_chosen_player_by_its_step(browser, tmp_path):
    """Problems 5 and 8: GONG FIGHT with one phone passed around, played to its end: a
    "Challenge" button only in a fight mission, each chosen-player button named by its
    step, and the end screen's true reason."""
    with serving(tmp_path) as server:
        table_id, creator, phone = creators_phone(browser, server.url, {
            "game": "gong-fight", "players": 3, "bots": {"2": "easy"}, "mode": "pass",
            "names": {"0": "Ada", "1": "Bo"}, "seed": 7, "options": {"turn_limit": 12},
        })  # fmt: skip
        page = phone.page
        seen: list[tuple[str, bool]] = []
        purposes: set[str] = set()
        for _step in range(400):
            if over(page):
                break
            buttons = page.locator(".bar button")
            texts = [buttons.nth(i).inner_text().strip() for i in range(buttons.count())]
            fight = page.locator("article.mission.k-fight").count() > 0
            seen += [(text, fight) for text in texts]
            if texts and "seat=" in page.url:
                seat = page.url.split("seat=")[1].split("&")[0]
                state = _state(server.url, table_id, creator, f"?seat={seat}")
                shown = page.locator("main[data-version]").get_attribute("data-version")
                if str(state["version"]) == shown.split("-")[0]:
                    by_value = {a["text"]: a.get("purpose") for a in state["actions"]}
                    for i in range(buttons.count()):
                        purpose = by_value.get(buttons.nth(i).get_attribute("value") or "")
                        if purpose in FIGHT_WORDS:
                            purposes.add(purpose)
                            assert texts[i].startswith(FIGHT_WORDS[purpose]), (purpose, texts[i])
            if not act(page):
                page.wait_for_timeout(200)
        assert over(page), "the game did not end"
        challenges = [(text, fight) for text, fight in seen if text.startswith("Challenge")]
        assert all(fight for _text, fight in challenges), challenges
        assert purposes & {"give", "take", "receive"}, purposes
        assert page.inner_text("section.over p.why").strip()
        assert phone.problems == []
        # The phone always went to the person a fight waited for: no one ran out of time.
        state = _state(server.url, table_id, creator, "?seat=0")
        assert "fight_timeout" not in str(state) and "ran out of time" not in str(state)
        assert (
            "fight_odd_even" in str(state)
            or "fight_rps" in str(state)
            or "fight_high_card" in str(state)
        )  # a robot fought a person: the case that stalled


def test_the_joker_page_says_its_rule_is_about_the_swap(browser, tmp_path):
    """Problem 14: the joker page at 360 px says the "never your last card" rule is about the
    swap, and its link to the tables is whole on the phone's screen."""
    sentence = "this rule is only about the swap"
    assert sentence in (CONTENT / "rules" / "en" / "jokers.md").read_text()
    with serving(tmp_path) as server:
        page = Phone(browser, server.url).page
        page.goto("/rules/jokers")
        rule = page.locator("li", has_text="last card")
        assert sentence in rule.first.inner_text()
        links = page.locator("main a[href='/play']")
        assert links.count()
        for i in range(links.count()):
            box = links.nth(i).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
        assert not page.evaluate("() => document.documentElement.scrollWidth > window.innerWidth")
        with page.expect_navigation():
            links.first.click()
        assert page.url.endswith("/play") and page.locator("form.make").count()
