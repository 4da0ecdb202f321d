"""Choosing the visitor's language: ?lang=, then the cookie, then Accept-Language, then English."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from gong.i18n import LANGUAGES


def lang_of(client: FlaskClient, path: str = "/", **headers: str) -> str:
    html = client.get(path, headers=headers).get_data(as_text=True)
    return re.search(r'<html lang="([a-z]+)" dir="(?:ltr|rtl)">', html).group(1)


@pytest.mark.parametrize(
    ("accept", "expected"),
    [
        ("", "en"),
        ("fr", "fr"),
        ("sv-SE,sv;q=0.9,en;q=0.8", "sv"),
        ("pt-BR, fr-CA;q=0.7, en;q=0.5", "fr"),
        ("en;q=0.2, sv;q=0.9, fr;q=0.5", "sv"),
        ("de, it", "de"),
        ("pt, ja", "en"),
        ("*", "en"),
        ("fr;q=0, sv;q=0.1", "sv"),
        ("garbage;;;q=x", "en"),
    ],
)
def test_accept_language_with_q_values(client: FlaskClient, accept: str, expected: str) -> None:
    assert lang_of(client, **{"Accept-Language": accept}) == expected


def test_query_beats_cookie_beats_accept_language(client: FlaskClient) -> None:
    assert lang_of(client, "/?lang=sv", **{"Accept-Language": "fr"}) == "sv"
    cookie = client.get_cookie("lang")
    assert cookie.value == "sv" and cookie.http_only and cookie.same_site == "Lax"
    assert lang_of(client, "/bonus", **{"Accept-Language": "fr"}) == "sv"
    assert lang_of(client, "/rules?lang=fr") == "fr"
    assert lang_of(client, "/c/ne5") == "fr"
    # An unknown language in the query changes nothing.
    assert lang_of(client, "/?lang=klingon") == "fr"
    assert client.get_cookie("lang").value == "fr"


def test_only_a_chosen_language_is_remembered(client: FlaskClient) -> None:
    client.get("/", headers={"Accept-Language": "sv"})
    assert client.get_cookie("lang") is None


@pytest.mark.parametrize("path", ["/", "/fight", "/c/J1", "/m/nope", "/rules/jokers"])
def test_every_page_has_a_plain_link_to_each_language(client: FlaskClient, path: str) -> None:
    html = client.get(path + "?lang=fr").get_data(as_text=True)
    menu = re.search(r'<details class="langs">(.*?)</details>', html, re.S).group(1)
    assert '<summary title="Langue">Français</summary>' in menu
    nav = re.search(r'<nav aria-label="Langue">(.*?)</nav>', menu, re.S).group(1)
    links = re.findall(r'<a href="([^"]+)" hreflang="(\w+)"', nav)
    assert [lang for _, lang in links] == list(LANGUAGES)
    for href, lang in links:
        assert href.startswith(path + "?lang=" + lang)
    assert nav.count('aria-current="page"') == 1
    assert 'hreflang="fr" lang="fr" dir="ltr" aria-current="page">Français</a>' in nav
