"""Fair missions without repeats, kept in a signed cookie that nobody can break the site with."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from flask.testing import FlaskClient
from itsdangerous.encoding import base64_encode

from gong.cards import NUMBERED, Kind
from gong.missions import MissionBook
from server import create_app
from server.seen import COOKIE_NAME, SeenCookie, SeenState

from .conftest import TEST_KEY

ROUNDS = 3


def draw(client: FlaskClient, path: str, shown_mission) -> str:
    response = client.get(path)
    assert response.status_code == 200, path
    return shown_mission(response.get_data(as_text=True))


@pytest.mark.parametrize("kind", list(Kind))
def test_a_visitor_sees_every_mission_before_any_repeat(
    client: FlaskClient, book: MissionBook, kind: Kind, shown_mission
) -> None:
    ids = {m.id for m in book.of_kind(kind)}
    n = len(ids)
    # The kind page and the QR codes of that kind's cards share one "seen" list.
    codes = [card.code for card in NUMBERED if card.kind is kind]
    paths = [f"/{kind.value}", *(f"/c/{code.lower()}" for code in codes)]
    shown = [draw(client, paths[i % len(paths)], shown_mission) for i in range(ROUNDS * n)]
    for round_ in range(ROUNDS):
        block = shown[round_ * n : (round_ + 1) * n]
        assert sorted(block) == sorted(ids), f"round {round_ + 1} repeats before the end"
    if n > 1:
        assert all(a != b for a, b in zip(shown, shown[1:], strict=False)), "same one twice"


def test_kinds_keep_separate_lists(client: FlaskClient, book: MissionBook, shown_mission) -> None:
    bonus = book.of_kind(Kind.BONUS)
    first = [draw(client, "/bonus", shown_mission) for _ in range(len(bonus) - 1)]
    for _ in range(5):
        draw(client, "/malus", shown_mission)
        draw(client, "/fight", shown_mission)
    last = draw(client, "/bonus", shown_mission)
    assert sorted([*first, last]) == sorted(m.id for m in bonus)


def test_without_cookies_every_mission_still_comes_up(book: MissionBook, shown_mission) -> None:
    # Some phones' scanner apps drop cookies: no repeat guarantee, but still a fair draw.
    app = create_app({"SECRET_KEY": TEST_KEY, "GONG_RANDOM": random.Random(7)})
    client = app.test_client(use_cookies=False)
    for kind in Kind:
        missions = book.of_kind(kind)
        draws = 30 * len(missions)
        counts = Counter(draw(client, f"/{kind.value}", shown_mission) for _ in range(draws))
        assert set(counts) == {m.id for m in missions}
        assert min(counts.values()) >= 10, f"{kind.value}: a mission is starved: {counts}"


def test_two_servers_with_one_key_continue_each_others_rounds(
    book: MissionBook, shown_mission
) -> None:
    # Workers and machines share nothing but the secret key.
    apps = [create_app({"SECRET_KEY": TEST_KEY, "GONG_RANDOM": random.Random(s)}) for s in (1, 2)]
    clients = [a.test_client() for a in apps]
    ids = sorted(m.id for m in book.of_kind(Kind.MALUS))
    shown = []
    for i in range(len(ids)):
        here, there = clients[i % 2], clients[(i + 1) % 2]
        shown.append(draw(here, "/malus", shown_mission))
        there.set_cookie(COOKIE_NAME, here.get_cookie(COOKIE_NAME).value)
    assert sorted(shown) == ids


def forged_cookies() -> list[str]:
    good = SeenCookie(TEST_KEY)
    valid = good.dumps(SeenState({Kind.BONUS: frozenset({0, 1})}, {Kind.BONUS: 1}))
    flipped = valid[:-3] + ("A" if valid[-3] != "A" else "B") + valid[-2:]
    return [
        "garbage",
        "",
        "...",
        "\u00e9t\u00e9",
        valid.split(".")[0],  # the payload without its signature
        flipped,  # a signature that does not match
        SeenCookie("another-key-from-another-site-entirely").dumps(SeenState()),
        good.sign([1, 2, 3]),  # signed, but not the expected shape
        good.sign({"b": "all"}),
        good.sign({"b": [-1, 0]}),
        good.sign({"b": [1.5, 0]}),
        good.sign({"b": [True, 0]}),
        good.sign({"b": [2**5000, 0]}),
        good.sign({"b": [1, 10**9], "m": [3]}),
        good.sign(None),
        "x" * 4000,
        # Validly signed, but nested deeper than JSON is read.
        good._signer.sign(base64_encode(b"[" * 1500 + b"]" * 1500)).decode("ascii"),
    ]


@pytest.mark.parametrize("value", forged_cookies())
def test_a_tampered_or_malformed_cookie_is_ignored(
    client: FlaskClient, value: str, shown_mission
) -> None:
    client.set_cookie(COOKIE_NAME, value)
    client.set_cookie("lang", value[:50])
    for path in ("/bonus", "/c/NE5", "/malus"):
        response = client.get(path)
        assert response.status_code == 200
        assert '<html lang="en" dir="ltr">' in response.get_data(as_text=True)
    # The next cookie is a fresh, valid one.
    state = SeenCookie(TEST_KEY).loads(client.get_cookie(COOKIE_NAME).value)
    assert set(state.last) == {Kind.BONUS, Kind.MALUS}


def test_cookie_round_trip_and_stale_indexes(book: MissionBook) -> None:
    cookie = SeenCookie(TEST_KEY)
    state = SeenState(
        {Kind.BONUS: frozenset({0, 2, 5}), Kind.FIGHT: frozenset({0})},
        {Kind.BONUS: 5, Kind.FIGHT: 0},
    )
    value = cookie.dumps(state)
    assert len(value) < 100, "the cookie stays small"
    assert cookie.loads(value) == state
    # A cookie from a larger, older mission set: indexes beyond the list are dropped.
    bonus = book.of_kind(Kind.BONUS)
    old = SeenState({Kind.BONUS: frozenset({0, len(bonus) + 3})}, {Kind.BONUS: len(bonus) + 3})
    restored = cookie.loads(cookie.dumps(old))
    assert restored.seen_ids(Kind.BONUS, bonus) == {bonus[0].id}
    assert restored.last_id(Kind.BONUS, bonus) is None
