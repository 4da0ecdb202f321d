"""/play as a family meets it: one line per game saying how you win, in every language; only
the options a family would choose (the turn limit stays in the API); easy robots by default;
the creator's own name seats them at once with a phone each; in Debian's chromium at 360 px,
every field readable and the form working."""

from __future__ import annotations

import re
import tempfile
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from flask.testing import FlaskClient

from gong.i18n import LANGUAGES
from gong.referee import GAMES
from gong.referee.registry import registered
from server.texts import TEXTS, text

from ..referee import toygame
from .helpers import look
from .test_pages import token

_TAG = re.compile(r"<[^>]+>")
_SPACE = re.compile(r"\s+")


def built_in() -> list[str]:
    """Every game the companion itself registers (a house game brings its own words)."""
    return [name for name, spec in GAMES.items() if spec.factory.__module__.startswith("gong.")]


def shown(html: str) -> str:
    """What a reader sees of a page: its text without tags, its spaces as one."""
    body = html.split("<body", 1)[-1]
    return _SPACE.sub(" ", unescape(_TAG.sub(" ", body)))


def posted(client: FlaskClient, **fields: str) -> Any:
    """/play's form sent as a browser sends it untouched: GONG LINK, 3 players, a phone each,
    seats 1-2 people and seat 3 an easy robot."""
    data = {
        "csrf": token(client, "/play"),
        "game": "gong-link",
        "players": "3",
        "mode": "phones",
        "seat0": "person",
        "seat1": "person",
        "seat2": "easy",
        "spectators": "on",
    }
    data.update(fields)
    return client.post("/play", data=data)


def table_id_of(made: Any) -> str:
    assert made.status_code == 303, made.get_data(as_text=True)[:600]
    return made.headers["Location"].rsplit("/", 1)[1]


# --- one line per game ---------------------------------------------------------------------


def test_every_built_in_game_has_its_line_in_every_language():
    for lang in LANGUAGES:
        missing = [name for name in built_in() if f"about_{name}" not in TEXTS[lang]]
        assert missing == [], f"{lang}: no one-line description of {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_play_shows_every_games_line_in_every_language(client, lang):
    for chosen in built_in():
        page = client.get(f"/play?game={chosen}&lang={lang}")
        assert page.status_code == 200
        seen = shown(page.get_data(as_text=True))
        # Each game's line on its chip; the chosen game's under its title too.
        for name in built_in():
            about = _SPACE.sub(" ", text(lang, f"about_{name}"))  # French's narrow spaces too
            assert about in seen, (lang, chosen, name)
        assert seen.count(_SPACE.sub(" ", text(lang, f"about_{chosen}"))) == 2, (lang, chosen)


def test_a_house_game_without_a_line_still_has_its_play_page(client):
    with registered(toygame.SPEC):
        page = client.get("/play?game=toy&lang=en")
        html = page.get_data(as_text=True)
        assert page.status_code == 200
        assert "Highest card" in shown(html)
        assert not re.search(r'<p class="about">\s*</p>', html)
        # The others' lines on their chips; none for it.
        assert html.count('class="about"') == len(built_in())


def test_the_chosen_game_links_to_its_rules_page(client):
    html = client.get("/play?game=go-fish&lang=en").get_data(as_text=True)
    assert 'href="/rules/go-fish"' in html and "How to play Go Fish" in shown(html)
    html = client.get("/play?game=gong-link&lang=en").get_data(as_text=True)
    assert 'href="/rules/link"' in html


# --- the options a family chooses ----------------------------------------------------------


@pytest.mark.parametrize("game", sorted(GAMES))
def test_no_turn_limit_field_on_play(client, game):
    html = client.get(f"/play?game={game}").get_data(as_text=True)
    assert 'name="turn_limit"' not in html
    assert "Turn limit" not in shown(html)


def test_go_fishs_bluffing_variant_is_left_off_but_exact_card_stays(client):
    html = client.get("/play?game=go-fish").get_data(as_text=True)
    assert 'name="exact_card"' in html and 'name="play_on"' in html
    assert 'name="may_ask_held_card"' not in html


def test_a_posted_turn_limit_is_still_honoured_and_bounded(client):
    table_id = table_id_of(posted(client, turn_limit="7"))
    assert look(client, table_id)["options"]["turn_limit"] == 7
    # Nothing posted: the game's own default.
    table_id = table_id_of(posted(client))
    assert (
        look(client, table_id)["options"]["turn_limit"] == GAMES["gong-link"].options["turn_limit"]
    )
    low, _high = GAMES["gong-link"].bounds["turn_limit"]
    assert posted(client, turn_limit=str(low - 1)).status_code == 400


def test_an_unshown_switch_keeps_its_default_unless_posted(client):
    fish = {"game": "go-fish", "seat2": "normal"}
    table_id = table_id_of(posted(client, **fish, exact_card="on"))
    assert look(client, table_id)["options"]["may_ask_held_card"] is False
    table_id = table_id_of(posted(client, **fish, exact_card="on", may_ask_held_card="on"))
    assert look(client, table_id)["options"]["may_ask_held_card"] is True


# --- robots --------------------------------------------------------------------------------


def selected(html: str, name: str) -> str:
    select = re.search(rf'<select name="{name}">(.*?)</select>', html, re.S).group(1)
    return re.search(r'<option value="(\w+)" selected>', select).group(1)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_seats_one_and_two_are_people_and_the_others_easy_robots(client, game):
    html = client.get(f"/play?game={game}").get_data(as_text=True)
    seats = GAMES[game].max_players
    chosen = [selected(html, f"seat{s}") for s in range(seats)]
    assert chosen == ["person", "person"] + ["easy"] * (seats - 2)


def test_the_default_form_makes_easy_robots(client):
    table_id = table_id_of(posted(client, players="4", seat3="easy"))
    assert [s["bot"] for s in look(client, table_id)["seats"]] == [None, None, "easy", "easy"]


# --- the creator's own name ----------------------------------------------------------------


def test_with_a_phone_each_the_creators_name_is_seat_one_and_this_browser_holds_it(client):
    made = posted(client, my_name="  Ada ")
    table_id = table_id_of(made)
    cookies = made.headers.getlist("Set-Cookie")
    assert any(c.startswith(f"gs_{table_id}=") and f"Path=/t/{table_id}" in c for c in cookies)
    seats = look(client, table_id)["seats"]
    assert seats[0]["name"] == "Ada" and seats[0]["taken"]
    assert not seats[1]["taken"]
    page = shown(client.get(f"/t/{table_id}").get_data(as_text=True))
    assert "Ada (you)" in page
    # The sit-down form is gone for this browser: its seat is held.
    assert f"/t/{table_id}/sit" not in client.get(f"/t/{table_id}").get_data(as_text=True)


def test_the_creator_takes_the_first_seat_kept_for_a_person(client):
    table_id = table_id_of(posted(client, seat0="easy", my_name="Bo"))
    seats = look(client, table_id)["seats"]
    assert seats[0]["bot"] == "easy" and seats[1]["name"] == "Bo" and seats[1]["taken"]


def test_alone_with_robots_the_named_creators_game_starts_at_once(client):
    table_id = table_id_of(posted(client, seat1="normal", my_name="Cy"))
    state = look(client, table_id)
    assert state["status"] == "playing" and state["seats"][0]["name"] == "Cy"


def test_without_a_name_the_creator_sits_down_later(client):
    made = posted(client, my_name="  ")
    table_id = table_id_of(made)
    assert not any(c.startswith("gs_") for c in made.headers.getlist("Set-Cookie"))
    assert not any(s["taken"] and not s["bot"] for s in look(client, table_id)["seats"])
    assert f"/t/{table_id}/sit" in client.get(f"/t/{table_id}").get_data(as_text=True)


def test_a_name_that_is_no_name_makes_no_table(client):
    refused = posted(client, my_name="\u0001\u0002")
    assert refused.status_code == 400
    assert TEXTS["en"]["no_bad_name"] in shown(refused.get_data(as_text=True))


def test_with_one_phone_the_typed_names_are_used_and_your_name_is_not(client):
    table_id = table_id_of(posted(client, mode="pass", my_name="Ada", name0="Mum", name1="Leo"))
    seats = look(client, table_id)["seats"]
    assert [s["name"] for s in seats[:2]] == ["Mum", "Leo"]


def test_a_refused_form_keeps_what_was_chosen(client):
    refused = posted(client, players="4", seat3="normal", my_name="Ada", play_on="on",
                     may_draw_instead="on", turn_limit="0")  # fmt: skip
    html = refused.get_data(as_text=True)
    assert refused.status_code == 400
    assert selected(html, "seat3") == "normal" and 'value="Ada"' in html
    assert 'name="may_draw_instead" checked' in html


# --- in the browser, at 360 px -------------------------------------------------------------

CHROMIUM = Path("/usr/bin/chromium")
PHONE = {"width": 360, "height": 740}

# Every field of the form, and each select's longest choice measured in the select's own
# font against the room inside it (a select cuts its text without any overflow to see).
_CUT = """() => {
  const cut = [];
  const form = document.querySelector("form.make");
  for (const el of form.querySelectorAll("*")) {
    if (el.offsetParent === null || el.tagName === "OPTION") continue;
    if (el.scrollWidth > el.clientWidth + 1) cut.push(el.tagName + " " + (el.name || el.textContent.trim().slice(0, 30)));
  }
  const ctx = document.createElement("canvas").getContext("2d");
  for (const select of form.querySelectorAll("select")) {
    if (select.offsetParent === null) continue;
    const style = getComputedStyle(select);
    ctx.font = style.fontWeight + " " + style.fontSize + " " + style.fontFamily;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 24;
    for (const option of select.options) {
      if (ctx.measureText(option.text).width > room) cut.push(select.name + ": " + option.text);
    }
  }
  if (document.documentElement.scrollWidth > window.innerWidth) cut.push("the page is wider than the phone");
  return cut;
}"""


@pytest.fixture(scope="module")
def server():
    from .pageplay import serving

    with tempfile.TemporaryDirectory() as instance, serving(Path(instance)) as running:
        yield running


@pytest.fixture(scope="module")
def browser():
    if not CHROMIUM.exists():
        pytest.skip("Debian's chromium is not installed")
    from playwright.sync_api import sync_playwright

    from ..served import CHROMIUM_ARGS

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def phone(browser, server):
    context = browser.new_context(viewport=PHONE, base_url=server.url)
    yield context.new_page()
    context.close()


@pytest.mark.browser
def test_every_field_fits_a_phone_in_every_language_and_way_to_play(phone):
    found = []
    for lang in LANGUAGES:
        for game in built_in():
            phone.goto(f"/play?game={game}&lang={lang}")
            for mode in ("phones", "pass"):
                phone.check(f"input[name=mode][value={mode}]")
                found += [f"{lang} {game} {mode}: {cut}" for cut in phone.evaluate(_CUT)]
    assert found == []


@pytest.mark.browser
def test_the_script_shows_the_name_fields_of_the_way_to_play(phone):
    phone.goto("/play?game=gong-link")
    assert phone.is_visible("input[name=my_name]")
    assert not phone.is_visible("input[name=name0]")
    assert phone.locator(".seatrow:visible").count() == 4
    phone.select_option("select[name=players]", "2")
    assert phone.locator(".seatrow:visible").count() == 2
    phone.check("input[name=mode][value=pass]")
    assert phone.is_visible("input[name=name0]")
    assert not phone.is_visible("input[name=my_name]")


@pytest.mark.browser
def test_a_phone_each_table_made_with_a_name_shows_the_creator_seated(phone):
    phone.goto("/play?game=gong-link")
    phone.fill("input[name=my_name]", "Ada")
    with phone.expect_navigation():
        phone.click("button[type=submit]")
    assert re.search(r"/t/[A-Za-z0-9]+$", phone.url)
    me = phone.locator("li.me")
    me.wait_for()
    assert "Ada" in me.inner_text() and "(you)" in me.inner_text()
    assert phone.locator("form.sit").count() == 0


@pytest.mark.browser
def test_without_a_script_the_form_still_makes_a_table_with_one_phone(browser, server):
    context = browser.new_context(viewport=PHONE, base_url=server.url, java_script_enabled=False)
    page = context.new_page()
    page.goto("/play?game=go-fish")
    page.check("input[name=mode][value=pass]")
    page.select_option("select[name=players]", "3")
    page.fill("input[name=name0]", "Mum")
    page.fill("input[name=name1]", "Leo")
    with page.expect_navigation():
        page.click("button[type=submit]")
    assert "/t/" in page.url
    assert "Mum" in page.content() and "Leo" in page.content()
    context.close()
