"""The table pages in Debian's chromium against real `gong serve` processes: three phones on one
GONG LINK table by its link, one phone passed around for GONG FIGHT, a server restarted in the
middle of a game, two servers on one Redis; accessibility checked by axe-core."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from ..served import CHROMIUM_ARGS
from .pageplay import Server, act, axe_findings, over, send, serving, version

CHROMIUM = Path("/usr/bin/chromium")
PHONE = {"width": 360, "height": 740}
MAX_MOVES = 400

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="Debian's chromium is not installed"),
]


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class Phone:
    """One browser context: its page, the page loads it made, and what went wrong."""

    def __init__(self, browser, base_url: str, lang: str = "en-GB") -> None:
        self.context = browser.new_context(viewport=PHONE, base_url=base_url, locale=lang)
        self.page = self.context.new_page()
        self.loads = 0
        self.problems: list[str] = []
        self.page.on("framenavigated", self._navigated)
        self.page.on("console", self._console)

    def _navigated(self, frame) -> None:
        if frame == self.page.main_frame:
            self.loads += 1

    def _console(self, message) -> None:
        if message.type == "error" and "Content Security Policy" in message.text:
            self.problems.append(message.text)


def make_table(page, game: str, mode: str, seats: dict[int, str], names: dict[int, str], **opts):
    page.goto(f"/play?game={game}")
    page.select_option("select[name=players]", str(len(seats)))
    page.check(f"input[name=mode][value={mode}]")
    for seat, who in seats.items():
        page.select_option(f"select[name=seat{seat}]", who)
    for seat, name in names.items():
        page.fill(f"input[name=name{seat}]", name)
    for name, value in opts.items():
        if page.locator(f"input[name={name}]").count():
            page.fill(f"input[name={name}]", str(value))
        else:  # an option /play does not show (the turn limit) is still read from the form
            page.evaluate(
                "([n, v]) => { const i = document.createElement('input'); i.type = 'hidden';"
                " i.name = n; i.value = v; document.querySelector('form.make').append(i); }",
                [name, str(value)],
            )
    with page.expect_navigation():
        page.click("button[type=submit]")


def sit(page, name: str) -> None:
    page.fill("form.sit input[name=name]", name)
    with page.expect_navigation():
        page.click("form.sit button")


def axe_clean(browser, base_url: str, path: str, cookies: list | None = None) -> list[str]:
    """axe-core on `path` in a context of its own (which lets the injected axe script run)."""
    context = browser.new_context(viewport=PHONE, base_url=base_url, bypass_csp=True)
    if cookies:
        context.add_cookies(cookies)
    page = context.new_page()
    page.goto(path)
    findings = axe_findings(page)
    overflow = page.evaluate("() => document.documentElement.scrollWidth > window.innerWidth")
    context.close()
    return findings + (["the page is wider than the phone"] if overflow else [])


def play_out(phones: list[Phone], watch: bool = True) -> int:
    """Play until every page shows the end. After each move, the other phones must show the
    new version by themselves (polling), without loading a page. The moves made."""
    moves = 0
    for _round in range(MAX_MOVES):
        if all(over(p.page) for p in phones):
            return moves
        acted = False
        for phone in phones:
            others = [p for p in phones if p is not phone]
            loads = [p.loads for p in others]
            if not act(phone.page):
                continue
            acted = True
            moves += 1
            if watch and not over(phone.page):
                seen = version(phone.page)
                for other in others:
                    other.page.wait_for_function(
                        "() => parseInt(document.querySelector('main[data-version]')"
                        f".dataset.version) >= {seen}",
                        timeout=10_000,
                    )
                assert [p.loads for p in others] == loads, "a page reloaded to see a move"
                # "Your turn!" (banner and tab title) on one phone at most: the turn holder's.
                if len({version(p.page) for p in phones}) == 1:
                    yours = [p.page.locator("p.banner.yours").count() for p in phones]
                    starred = ["★" in p.page.title() for p in phones]
                    assert sum(yours) <= 1 and sum(starred) <= 1, (yours, starred)
        if not acted:
            phones[0].page.wait_for_timeout(300)
    raise AssertionError("the game did not end")


def test_three_phones_join_a_link_table_by_its_link_and_play_it_to_the_end(browser, tmp_path):
    with serving(tmp_path) as server:
        ada, bo, cy = (Phone(browser, server.url) for _ in range(3))
        make_table(
            ada.page,
            "gong-link",
            "phones",
            {0: "person", 1: "person", 2: "person", 3: "normal"},
            {},
            turn_limit=14,
        )
        assert axe_clean(browser, server.url, "/play") == []
        link = ada.page.locator("a.link").get_attribute("href")
        assert link == server.url + ada.page.url.split(server.url)[1]
        assert axe_clean(browser, server.url, ada.page.url) == []
        # The QR code is the upper-case link, read back by a real decoder.
        import zxingcpp

        shot = ada.page.locator(".share img").screenshot()
        decoded = zxingcpp.read_barcodes(Image.open(io.BytesIO(shot)))
        assert [d.text for d in decoded] == [link.replace("/t/", "/T/").upper()]
        sit(ada.page, "Ada")
        for phone, name in ((bo, "Bo"), (cy, "Cy")):
            phone.page.goto(link)
            sit(phone.page, name)
        ada.page.wait_for_selector("form.move", timeout=10_000)
        assert axe_clean(browser, server.url, link, ada.context.cookies()) == []
        moves = play_out([ada, bo, cy])
        assert moves > 0
        for phone in (ada, bo, cy):
            assert "Game over" in phone.page.inner_text("section.over")
            assert phone.problems == []


def test_one_phone_passed_around_plays_gong_fight_to_the_end(browser, tmp_path):
    with serving(tmp_path) as server:
        phone = Phone(browser, server.url)
        make_table(
            phone.page,
            "gong-fight",
            "pass",
            {0: "person", 1: "person", 2: "easy"},
            {0: "Ada", 1: "Bo"},
            turn_limit=10,
        )
        page = phone.page
        assert "Pass the phone to" in page.inner_text("main")
        assert page.locator("form.move").count() == 0  # no hand before the tap
        passes = 0
        for _step in range(MAX_MOVES):
            if over(page):
                break
            if page.locator("section.pass").count():
                passes += 1
                assert page.locator(".gc").count() == 0
            if not act(page):
                page.wait_for_timeout(200)
        assert over(page) and passes >= 2
        assert phone.problems == []


def _api(server_url: str, path: str, body: dict | None = None, secret: str | None = None):
    """One JSON API request to the served site, as another client would make it."""
    import json
    import urllib.request

    headers = {"Content-Type": "application/json"}
    if secret:
        headers["Authorization"] = f"Bearer {secret}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"{server_url}/api{path}", data=data, headers=headers)
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)


def creators_phone(browser, server_url: str, spec: dict) -> tuple[str, str, Phone]:
    """A table made through the API by `spec`, and the phone of its maker (holding the
    creator's cookie) opened on it: (its id, the creator's secret, the phone)."""
    made = _api(server_url, "/tables", spec)
    table_id, creator = made["id"], made["creator_secret"]
    phone = Phone(browser, server_url)
    phone.context.add_cookies(
        [{"name": f"gc_{table_id}", "value": creator, "url": f"{server_url}/t/{table_id}"}]
    )
    phone.page.goto(f"/t/{table_id}")
    return table_id, creator, phone


def test_one_phone_offers_the_others_their_gong_calls_and_catches(browser, tmp_path):
    """GONG LINK for three on one page: a player who did not call GONG is caught by another
    from the "others" buttons while the phone is on its way, and the game goes on to its end."""
    with serving(tmp_path) as server:
        names = {"0": "Ada", "1": "Bo", "2": "Cy"}
        made = _api(
            server.url,
            "/tables",
            {"game": "gong-link", "players": 3, "bots": {}, "mode": "pass", "names": names,
             "seed": 5, "options": {"turn_limit": 40}},
        )  # fmt: skip
        phone = Phone(browser, server.url)
        phone.context.add_cookies(
            [{"name": f"gc_{made['id']}", "value": made["creator_secret"],
              "url": f"{server.url}/t/{made['id']}"}]
        )  # fmt: skip
        page = phone.page
        page.goto(f"/t/{made['id']}")
        calls_offered = catches = 0
        for _step in range(MAX_MOVES):
            if over(page):
                break
            others = page.locator("section.others button[name=action]")
            values = [others.nth(i).get_attribute("value") for i in range(others.count())]
            calls_offered += "gong" in values
            catch = next((v for v in values if v.startswith("gong ")), None)
            if catch is not None:
                if not catches:
                    assert page.locator(".gc").count() == 0 or page.locator("form.move").count()
                    page.screenshot(path=str(tmp_path / "others.png"), full_page=True)
                with page.expect_navigation():
                    page.locator(f"section.others button[value='{catch}']").first.click()
                catches += 1
                assert "caught" in page.inner_text("section.history")
                continue
            if not act(page):
                page.wait_for_timeout(200)
        assert over(page), "the game did not end"
        assert calls_offered and catches, (calls_offered, catches)
        assert phone.problems == []


def test_a_restarted_server_goes_on_with_the_game(browser, tmp_path):
    server = Server(tmp_path).start()
    try:
        phone = Phone(browser, server.url)
        make_table(phone.page, "gong-link", "phones", {0: "person", 1: "normal"}, {}, turn_limit=12)
        sit(phone.page, "Ada")
        for _ in range(2):
            act(phone.page) or phone.page.wait_for_timeout(300)
        before = version(phone.page)
        server.stop()
        server = Server(tmp_path, port=server.port).start()
        phone.page.reload()
        assert version(phone.page) >= before  # the same table, where it was
        play_out([phone], watch=False)
        assert over(phone.page)
    finally:
        server.stop()


def test_two_servers_on_one_redis_one_player_on_each(browser, tmp_path, redis_url):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    with serving(tmp_path / "a", redis_url) as one, serving(tmp_path / "b", redis_url) as two:
        ada = Phone(browser, one.url)
        bo = Phone(browser, two.url)
        make_table(
            ada.page,
            "gong-link",
            "phones",
            {0: "person", 1: "person", 2: "normal"},
            {},
            turn_limit=10,
        )
        sit(ada.page, "Ada")
        path = ada.page.url.split(one.url)[1]
        bo.page.goto(two.url + path)
        sit(bo.page, "Bo")
        play_out([ada, bo])
        assert over(ada.page) and over(bo.page)


def _legal(server_url: str, page) -> list[str]:
    """The legal actions of the page's seat, from the API with the page's own seat cookie."""
    table_id = page.url.split("/t/")[1].split("?")[0]
    secret = next(c["value"] for c in page.context.cookies() if c["name"] == f"gs_{table_id}")
    return _api(server_url, f"/tables/{table_id}", secret=secret)["legal"]


def _tick(form, cards: list[str]) -> None:
    """Tick each card of `cards` on the page; a card held twice is ticked in its second box
    the second time."""
    for code in dict.fromkeys(cards):
        boxes = form.locator(f"input[name=card][value='{code}']")
        for n in range(cards.count(code)):
            boxes.nth(n).check()


def test_gang_of_four_against_three_robots_through_the_page(browser, tmp_path):
    with serving(tmp_path) as server:
        phone = Phone(browser, server.url)
        page = phone.page
        seats = {0: "person", 1: "normal", 2: "normal", 3: "easy"}
        make_table(page, "gang-of-four", "phones", seats, {}, target_score=10)
        sit(page, "Ada")
        page.wait_for_selector("form.move, section.over", timeout=10_000)
        several = 0
        checked = False
        for _step in range(MAX_MOVES):
            if over(page) or "Game 2" in page.inner_text("section.board"):
                break
            form = page.locator("form.move")
            legal = _legal(server.url, page) if form.count() else []
            if not legal:
                page.wait_for_timeout(200)
                page.reload()
                continue
            if not checked and page.locator(".played").count():
                assert axe_clean(browser, server.url, page.url, phone.context.cookies()) == []
                checked = True
            plays = [a for a in legal if a.startswith("play ")]
            if plays:
                chosen = max(plays, key=lambda a: len(a.split())).split()[1:]
                _tick(form, chosen)
                ticked = form.locator("input[name=card]:checked").count()
                assert ticked == len(chosen)
                several += len(chosen) > 1
                button = form.locator("button[name=verb][value=play]")
            elif any(a.startswith("return ") for a in legal):
                _tick(form, [next(a for a in legal if a.startswith("return ")).split()[1]])
                button = form.locator("button[name=verb][value=return]")
            else:
                button = form.locator(f"button[name=action][value='{legal[0]}']")
            send(page, button)
            assert page.locator("p.error").count() == 0, page.inner_text("p.error")
        assert several > 0 and checked
        assert over(page) or "Game 2" in page.inner_text("section.board")
        assert phone.problems == []
