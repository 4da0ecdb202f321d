"""The scan page's shortcuts (server/language.py, headers.py, limits.py, seen.py, pages.py)
answer as the general code would: each cache or memo is keyed by everything the answer
depends on, so no visitor gets another request's language, encoding or cookie."""

from __future__ import annotations

import gzip
import hashlib
import json
import os
import random
import re

import pytest
from flask import Response
from flask.testing import FlaskClient
from itsdangerous import Signer
from itsdangerous.encoding import base64_encode as itsdangerous_base64_encode
from werkzeug.http import parse_accept_header

from gong.cards import Kind
from gong.missions import MissionBook
from server import create_app
from server.headers import accepts_gzip, has_header
from server.limits import _NOT_HEADERS, header_bytes
from server.seen import COOKIE_NAME, SeenCookie, SeenState, base64_encode

from .conftest import TEST_KEY


def lang_of(html: str) -> str:
    return re.search(r'<html lang="([a-z]+)"', html).group(1)


def test_each_accept_language_gets_its_own_language_in_any_order(client: FlaskClient) -> None:
    asked = ["de-AT,de;q=0.9", "fr", "", "sv;q=0.5, de;q=0.4", "de-AT,de;q=0.9", "hi", "fr"]
    expected = ["de", "fr", "en", "sv", "de", "hi", "fr"]
    for _ in range(2):  # the second time round every answer comes from the cache
        for accept, lang in zip(asked, expected, strict=True):
            html = client.get("/c/NE5", headers={"Accept-Language": accept}).get_data(as_text=True)
            assert lang_of(html) == lang, accept


def test_a_changed_language_cookie_is_honoured(client: FlaskClient) -> None:
    for lang in ("fr", "de", "fr", "sv"):
        client.set_cookie("lang", lang)
        assert lang_of(client.get("/c/NE5").get_data(as_text=True)) == lang


def test_a_changed_seen_cookie_is_honoured(client: FlaskClient, book: MissionBook) -> None:
    """Each request reads its own cookie: one that has seen every bonus mission but one gets
    that one, whichever cookie the same client sent before."""
    app_cookie = SeenCookie(TEST_KEY)
    bonus = book.of_kind(Kind.BONUS)
    for missing in (len(bonus) - 1, 0, 5):
        seen = frozenset(range(len(bonus))) - {missing}
        last = (missing + 1) % len(bonus)
        value = app_cookie.dumps(SeenState({Kind.BONUS: seen}, {Kind.BONUS: last}))
        client.set_cookie(COOKIE_NAME, value)
        html = client.get("/bonus").get_data(as_text=True)
        assert f'href="/m/{bonus[missing].id}"' in html
        state = app_cookie.loads(client.get_cookie(COOKIE_NAME).value)
        assert state.seen[Kind.BONUS] == seen | {missing}
        assert state.last[Kind.BONUS] == missing


@pytest.mark.parametrize(
    ("accept", "gzipped"),
    [
        ("gzip, deflate, br", True),
        ("", False),
        ("gzip;q=0, identity", False),
        ("*", True),
        ("GZIP", True),
        ("br", False),
        ("deflate, gzip;q=0.5", True),
    ],
)
def test_accepts_gzip_agrees_with_werkzeug(accept: str, gzipped: bool) -> None:
    assert accepts_gzip(accept) is gzipped
    assert (parse_accept_header(accept)["gzip"] > 0) is gzipped


def test_each_accept_encoding_gets_its_own_encoding_in_any_order(
    client: FlaskClient, book: MissionBook
) -> None:
    path = f"/m/{book.of_kind(Kind.BONUS)[0].id}"
    plain = client.get(path).data
    for _ in range(2):
        for accept in ("gzip", "", "gzip;q=0", "*", "br", "gzip"):
            response = client.get(path, headers={"Accept-Encoding": accept})
            assert response.headers["Vary"] == "Accept-Language, Cookie, Accept-Encoding"
            if accepts_gzip(accept):
                assert response.headers["Content-Encoding"] == "gzip", accept
                assert gzip.decompress(response.data) == plain
            else:
                assert "Content-Encoding" not in response.headers, accept
                assert response.data == plain


def test_has_header_is_membership_without_case() -> None:
    response = Response("x", headers=[("X-Thing", "1"), ("content-encoding", "gzip")])
    for name in ("Content-Encoding", "CONTENT-TYPE", "x-thing", "Vary", "Content"):
        assert has_header(response, name) is (name in response.headers), name


@pytest.mark.parametrize(
    "names",
    [
        ["HTTP_HOST", "HTTP_X_Y", "HTTP_", "HTTP", "HTTPS", "HTTP`", "HTTP^X", "HTTPX_A"],
        ["http_host", "XHTTP_A", "HTTP_\u00e9", "HTTP_\U0001f600", "H", "", "PATH", "wsgi.input"],
    ],
)
def test_header_bytes_counts_exactly_the_http_names(names: list[str]) -> None:
    """Among the process environment too, which granian copies into every environ (an
    HTTP_PROXY there would be counted as a header, as before)."""
    environ = {**os.environ, "HTTP_PROXY": "p", "PATH": "/bin"}
    environ.update({name: "v" * (i + 1) for i, name in enumerate(names)})
    environ["CONTENT_TYPE"] = "text/plain"
    expected = len("text/plain") + sum(
        len(name) - 1 + len(value) for name, value in environ.items() if name.startswith("HTTP_")
    )
    assert header_bytes(environ) == expected
    assert not any(name.startswith("HTTP_") for name in _NOT_HEADERS)


def test_seen_cookie_is_signed_as_itsdangerous_signs_it() -> None:
    """The hand-written JSON and HMAC give itsdangerous's bytes: cookies issued before them
    stay valid, and the reference signer accepts the new ones."""
    derived = Signer(TEST_KEY, salt="gong-seen", digest_method=hashlib.sha256).derive_key()
    reference = Signer(derived, key_derivation="none", digest_method=hashlib.sha256)
    cookie, rng = SeenCookie(TEST_KEY), random.Random(3)
    for _ in range(200):
        kinds = [k for k in Kind if rng.random() < 0.7]
        state = SeenState(
            {k: frozenset(rng.sample(range(40), rng.randint(0, 40))) for k in kinds},
            {k: rng.randrange(40) for k in kinds},
        )
        payload = {
            key: [sum(1 << i for i in state.seen[kind]), state.last[kind]]
            for kind, key in ((Kind.BONUS, "b"), (Kind.MALUS, "m"), (Kind.FIGHT, "f"))
            if kind in state.last
        }
        data = json.dumps(payload, separators=(",", ":")).encode()
        expected = reference.sign(itsdangerous_base64_encode(data)).decode("ascii")
        assert cookie.dumps(state) == expected
        assert cookie.loads(expected) == state
    for size in range(70):
        data = bytes(rng.randrange(256) for _ in range(size))
        assert base64_encode(data) == itsdangerous_base64_encode(data)


def test_each_app_keeps_its_own_cookie_flags() -> None:
    plain = create_app({"SECRET_KEY": TEST_KEY}).test_client()
    secure = create_app({"SECRET_KEY": TEST_KEY, "GONG_SECURE_COOKIES": True}).test_client()
    for _ in range(2):
        assert "Secure" not in plain.get("/c/NE5").headers["Set-Cookie"]
        assert secure.get("/c/NE5").headers["Set-Cookie"].endswith("; Secure")
