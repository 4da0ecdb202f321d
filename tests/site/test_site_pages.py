"""Every route of the site, in every language, through Flask's test client."""

from __future__ import annotations

import random
import re

import pytest
from flask.testing import FlaskClient
from markupsafe import escape

from gong.cards import JOKERS, NUMBERED, Gem, Kind
from gong.i18n import LANGUAGES, gem_name, kind_name
from gong.missions import MissionBook
from server.rulesdoc import RULE_SLUGS, load_rules
from server.texts import TEXTS, kind_card, kind_mission, missing_texts, text


def html_lang(html: str) -> str:
    match = re.search(r'<html lang="([a-z]+)" dir="(?:ltr|rtl)">', html)
    assert match, "every page declares its language"
    return match.group(1)


def test_every_site_text_exists_in_every_language() -> None:
    """Each language's file has exactly English's keys and placeholders: a missing or an
    extra key anywhere fails here, before the site would hide that language."""
    assert missing_texts() == []
    assert set(TEXTS) == set(LANGUAGES)


def test_kind_labels_follow_each_language() -> None:
    assert [kind_card(k, "en") for k in Kind] == ["Fight card", "Malus card", "Bonus card"]
    # As the printed rules name the yellow cards: "carte fight", "fight kort".
    assert kind_card(Kind.FIGHT, "fr") == f"Carte {kind_name(Kind.FIGHT, 'fr')}" == "Carte Fight"
    # Swedish compounds, written out whole: no "Minuskort", which a child reads backwards.
    assert [kind_card(k, "sv") for k in Kind] == ["Fightkort", "Maluskort", "Bonuskort"]
    assert kind_mission(Kind.FIGHT, "sv") == "Fightuppdrag"
    assert kind_mission(Kind.BONUS, "fr") == "Mission Bonus"
    assert {kind_name(k, "sv") for k in Kind} == {"Bonus", "Fight", "Malus"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_home_explains_the_game_and_ends_with_the_three_kind_links(
    client: FlaskClient, lang: str
) -> None:
    response = client.get(f"/?lang={lang}")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert html_lang(html) == lang
    assert escape(text(lang, "howto_title")) in html
    for step in ("howto_1", "howto_2", "howto_3", "howto_4"):
        assert escape(text(lang, step)) in html
    for slug in RULE_SLUGS[1:]:
        assert f'href="/rules/{slug}"' in html
    # The printed rules promise "bonus card, fight card, malus card" at the bottom, in order.
    links = re.findall(r'<a class="kind k-(\w+)" href="/(\w+)">([^<]+)<small>', html)
    assert [(k, href) for k, href, _ in links] == [
        ("bonus", "bonus"),
        ("fight", "fight"),
        ("malus", "malus"),
    ]
    assert [label for *_, label in links] == [
        kind_card(Kind.BONUS, lang),
        kind_card(Kind.FIGHT, lang),
        kind_card(Kind.MALUS, lang),
    ]
    assert html.index('class="kinds"') > html.index('href="/rules/fight"')
    for gem in Gem:
        assert gem_name(gem, lang) in html


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("kind", list(Kind))
def test_kind_page_shows_a_mission_of_that_kind_in_the_language(
    shown_mission, client: FlaskClient, book: MissionBook, kind: Kind, lang: str
) -> None:
    response = client.get(f"/{kind.value}?lang={lang}")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert html_lang(html) == lang
    mission = book.get(shown_mission(html))
    assert mission is not None and mission.kind is kind
    assert escape(mission.title_in(lang)) in html
    assert escape(mission.text_in(lang)) in html
    assert f'<body class="k-{kind.value}">' in html
    assert f'<a class="button" href="/{kind.value}">{escape(text(lang, "another"))}</a>' in html
    assert escape(kind_mission(kind, lang)) in html
    assert response.headers["Cache-Control"] == "no-store"


def test_every_card_code_opens_a_mission_of_its_kind_in_any_case(
    shown_mission, client: FlaskClient, book: MissionBook
) -> None:
    case = random.Random(5)
    for card in NUMBERED:
        code = "".join(c.upper() if case.random() < 0.5 else c.lower() for c in card.code)
        for prefix in ("c", "C"):
            response = client.get(f"/{prefix}/{code}?lang=fr")
            html = response.get_data(as_text=True)
            assert response.status_code == 200, (prefix, code)
            assert f"<strong>{card.label}</strong>" in html
            assert gem_name(card.gem, "fr") in html
            assert book.get(shown_mission(html)).kind is card.kind
            assert f'<body class="k-{card.kind.value}">' in html


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("joker", JOKERS, ids=str)
def test_joker_code_shows_the_joker_rule_and_no_mission(
    client: FlaskClient, joker, lang: str
) -> None:
    for path in (f"/c/{joker.code.lower()}", f"/C/{joker.code}"):
        html = client.get(f"{path}?lang={lang}").get_data(as_text=True)
        assert "GONG JOKER" in html
        assert escape(text(lang, "joker_rule")) in html
        assert 'href="/rules/jokers"' in html
        assert "/m/" not in html
        assert "seen=" not in client.get(path).headers.get("Set-Cookie", "")


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("path", "key", "shown"),
    [
        ("/c/XY9", "lost_code", "XY9"),
        ("/C/NE7", "lost_code", "NE7"),
        ("/c/J3", "lost_code", "J3"),
        ("/c/%3Cb%3E", "lost_code", "&lt;b&gt;"),
        ("/m/no-such-mission", "lost_mission", "no-such-mission"),
        ("/nowhere", "lost_page", None),
        ("/rules/poker", "lost_page", None),
        ("/rules/index", "lost_page", None),
    ],
)
def test_not_found_pages_speak_the_visitors_language_and_lead_home(
    client: FlaskClient, lang: str, path: str, key: str, shown: str | None
) -> None:
    response = client.get(path, headers={"Accept-Language": lang})
    html = response.get_data(as_text=True)
    assert response.status_code == 404
    assert html_lang(html) == lang
    assert escape(text(lang, "lost_title")) in html
    if shown is None:
        assert escape(text(lang, key)) in html
    else:
        assert shown in html
        assert "<b>" not in html
    assert f'<a class="button" href="/">{escape(text(lang, "back_home"))}</a>' in html


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_mission_permalink_in_every_language(
    client: FlaskClient, book: MissionBook, lang: str
) -> None:
    for mission in book:
        response = client.get(f"/m/{mission.id}?lang={lang}")
        html = response.get_data(as_text=True)
        assert response.status_code == 200
        assert escape(mission.title_in(lang)) in html
        assert escape(mission.text_in(lang)) in html
        assert f'<body class="k-{mission.kind.value}">' in html
        assert "seen=" not in response.headers.get("Set-Cookie", "")


def test_rules_pages_exist_for_every_variant_and_language() -> None:
    pages = load_rules()
    assert set(pages) == set(RULE_SLUGS)
    for slug in RULE_SLUGS:
        assert set(pages[slug]) == set(LANGUAGES), f"{slug} lacks a language"


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("slug", RULE_SLUGS)
def test_every_rules_page_renders_with_its_title(client: FlaskClient, lang: str, slug: str) -> None:
    page = load_rules()[slug][lang]
    path = "/rules" if slug == "index" else f"/rules/{slug}"
    response = client.get(f"{path}?lang={lang}")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert html_lang(html) == lang
    assert f"<h1>{page.title}</h1>" in html
    assert page.html in html
    assert f"<title>{page.title} · GONG</title>" in html
    for variant in RULE_SLUGS[1:]:
        assert f'href="/rules/{variant}"' in html


def test_healthz_counts_the_missions(client: FlaskClient, book: MissionBook) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json == {
        "status": "ok",
        "missions": {kind.value: len(book.of_kind(kind)) for kind in Kind},
    }


def test_language_switch_keeps_the_mission_on_screen(
    shown_mission, client: FlaskClient, book: MissionBook
) -> None:
    first = client.get("/c/ne5").get_data(as_text=True)
    mission = book.get(shown_mission(first))
    cookie = client.get_cookie("seen").value
    switch = re.search(r'<a href="([^"]+)" hreflang="sv"', first).group(1).replace("&amp;", "&")
    # The links lead to the canonical code, however it was typed.
    assert switch == f"/c/NE5?lang=sv&m={mission.id}"
    switched = client.get(switch)
    html = switched.get_data(as_text=True)
    assert html_lang(html) == "sv"
    assert shown_mission(html) == mission.id
    assert escape(mission.text_in("sv")) in html
    assert client.get_cookie("seen").value == cookie, "switching language draws nothing"
    # A mission of another kind in ?m= is not shown on a card of this kind: a fresh draw.
    other = book.of_kind(Kind.FIGHT)[0]
    drawn = client.get(f"/c/NE5?m={other.id}").get_data(as_text=True)
    assert book.get(shown_mission(drawn)).kind is Kind.BONUS


def test_a_crash_gets_a_friendly_page_in_the_visitors_language(app) -> None:
    @app.get("/crash")
    def crash() -> str:
        raise RuntimeError("a bug")

    response = app.test_client().get("/crash?lang=sv")
    html = response.get_data(as_text=True)
    assert response.status_code == 500
    assert '<html lang="sv" dir="ltr">' in html and escape(text("sv", "broken")) in html
    assert "a bug" not in html
    assert response.headers["X-Content-Type-Options"] == "nosniff"
