"""Security headers, caching, and the first-round-trip budget of every page."""

from __future__ import annotations

import gzip
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from gong.cards import DECK
from gong.i18n import KIND_STYLES, LANGUAGES
from gong.missions import MissionBook
from server.rulesdoc import RULE_SLUGS

FIRST_ROUND_TRIP = 14 * 1024
"""Bytes a new connection delivers in its first round trip (TCP's initial window of 10
segments is about 14 KB): the HTML and its stylesheet must fit, as sent to a browser (gzip,
which every browser accepts), headers included."""
GZIP = {"Accept-Encoding": "gzip, deflate, br"}


def site_paths(book: MissionBook) -> list[str]:
    paths = [
        "/",
        "/bonus",
        "/malus",
        "/fight",
        "/rules",
        *(f"/rules/{slug}" for slug in RULE_SLUGS[1:]),
        "/nowhere",
        "/c/XX9",
    ]
    paths += [f"/c/{card.code}" for card in DECK]
    paths += [f"/m/{mission.id}" for mission in book]
    return paths


def stylesheet_url(html: str) -> str:
    match = re.search(r'<link rel="stylesheet" href="(/s/site-[0-9a-f]+\.css)">', html)
    assert match, "every page links the one stylesheet"
    return match.group(1)


def wire_bytes(response: TestResponse) -> int:
    """What the response costs on the wire: status line, headers and body as sent."""
    head = f"HTTP/1.1 {response.status}\r\n" + "".join(
        f"{name}: {value}\r\n" for name, value in response.headers.items()
    )
    return len(head.encode()) + 2 + len(response.data)


def test_every_page_and_its_stylesheet_fit_in_the_first_round_trip(
    client: FlaskClient, book: MissionBook
) -> None:
    """Every page in every language; the largest are the rules in Hindi and Bengali (three
    bytes a character), which only fit because they are sent compressed."""
    css = client.get(stylesheet_url(client.get("/").get_data(as_text=True)), headers=GZIP)
    assert css.headers["Content-Encoding"] == "gzip"
    largest = (0, "", "", 0)
    for lang in LANGUAGES:
        for path in site_paths(book):
            response = client.get(path, headers={"Accept-Language": lang, **GZIP})
            assert response.headers["Content-Encoding"] == "gzip", path
            size = wire_bytes(response)
            assert size + wire_bytes(css) <= FIRST_ROUND_TRIP, (
                f"{path} in {lang}: {size} + {wire_bytes(css)} CSS bytes"
            )
            largest = max(largest, (size, lang, path, len(gzip.decompress(response.data))))
    size, lang, path, raw = largest
    print(f"largest page: {path} in {lang}, {size} bytes on the wire ({raw} uncompressed)")
    assert lang in {"hi", "bn"}, "the Indic scripts' pages are expected to be the largest"


def test_compressed_only_for_clients_that_accept_it(client: FlaskClient) -> None:
    plain = client.get("/rules/gang-of-four?lang=hi")
    assert "Content-Encoding" not in plain.headers
    assert "Accept-Encoding" in plain.headers["Vary"]
    packed = client.get("/rules/gang-of-four?lang=hi", headers=GZIP)
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    assert gzip.decompress(packed.data) == plain.data
    assert len(packed.data) < len(plain.data) / 3
    refused = client.get("/", headers={"Accept-Encoding": "gzip;q=0, identity"})
    assert "Content-Encoding" not in refused.headers


def test_pages_need_no_inline_style_or_script(client: FlaskClient, book: MissionBook) -> None:
    for path in site_paths(book):
        html = client.get(path).get_data(as_text=True).lower()
        # One script, of this origin: the offline worker's registration (no inline code).
        scripts = re.findall(r"<script[^>]*>(.*?)</script>", html, re.S)
        assert scripts == [""] and re.search(r'<script src="/s/register-[0-9a-f]+\.js"', html)
        assert "<style" not in html, path
        assert not re.search(r"\sstyle=", html), path
        assert not re.search(r"\son[a-z]+=", html), path


@pytest.mark.parametrize("path", ["/", "/c/NE5", "/m/nope", "/healthz", "/rules/fight"])
def test_security_headers_on_every_response(client: FlaskClient, path: str) -> None:
    response = client.get(path)
    csp = response.headers["Content-Security-Policy"]
    directives = {d.split()[0]: d.split()[1:] for d in csp.split("; ")}
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert directives["default-src"] == ["'none'"]
    assert directives["style-src"] == ["'self'"]
    assert directives["script-src"] == ["'self'"] and directives["worker-src"] == ["'self'"]
    assert directives["frame-ancestors"] == ["'none'"]
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert response.headers["X-Frame-Options"] == "DENY"


def test_html_varies_with_language_and_is_revalidated(client: FlaskClient) -> None:
    response = client.get("/")
    assert response.headers["Cache-Control"] == "private, no-cache"
    assert {"Accept-Language", "Cookie"} <= set(response.vary)


def test_stylesheet_and_icon_are_cached_forever_under_their_hash(
    app: Flask, client: FlaskClient
) -> None:
    html = client.get("/").get_data(as_text=True)
    css_url = stylesheet_url(html)
    icon_url = re.search(r'<link rel="icon" href="([^"]+)"', html).group(1)
    for url, mimetype in ((css_url, "text/css"), (icon_url, "image/svg+xml")):
        response = client.get(url)
        assert response.status_code == 200
        assert response.mimetype == mimetype
        assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert response.headers["X-Content-Type-Options"] == "nosniff"
    css = client.get(css_url).get_data(as_text=True)
    # The kind colours come from gong.i18n's style records, the ones the printer uses.
    for kind, style in KIND_STYLES.items():
        assert f"--{kind.value}:{style.fill};--{kind.value}-dark:{style.dark};" in css
        assert f"--{kind.value}-ink:{style.on_fill};" in css
    assert client.get("/s/site-000000000000.css").status_code == 404


# Browsers keep each cookie under 4 KB; five of them make too large a request.
JUNK_COOKIES = {f"junk{i}": "a" * 4000 for i in range(5)}


@pytest.mark.parametrize(
    ("method", "path", "headers", "status", "title"),
    [
        ("POST", "/bonus?lang=fr", {}, 405, "Pas par ici"),
        ("PUT", "/c/NE5", {"Accept-Language": "sv"}, 405, "Inte den vägen"),
        ("GET", "/nowhere?lang=sv", {}, 404, "Vilse i rymden"),
        ("GET", "/c/NE5?lang=fr&x=" + "a" * 8192, {}, 414, "Ce lien est trop long"),
        ("GET", "/c/NE5", {"Accept-Language": "fr", "X-Big": "a" * 16384}, 431, "Trop long à lire"),
        ("GET", "/c/NE5", {"cookies": {"lang": "sv", **JUNK_COOKIES}}, 431, "För mycket"),
    ],
)
def test_every_error_is_the_sites_page_in_the_visitors_language(
    client: FlaskClient, method: str, path: str, headers: dict, status: int, title: str
) -> None:
    for name, value in headers.pop("cookies", {}).items():
        client.set_cookie(name, value)
    response = client.open(path, method=method, headers=headers)
    html = response.get_data(as_text=True)
    assert response.status_code == status
    assert title in html and html.startswith("<!doctype html>")
    assert response.headers["Content-Security-Policy"].startswith("default-src 'none'")
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    if status == 405:
        assert "GET" in response.headers["Allow"]
