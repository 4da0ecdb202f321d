"""The tables' JSON API (issue 9 §4, §5) against the real app, on both store backends.

Every test taking `client` runs once on a real SQLite file and once on a real redis-server.
"""

from __future__ import annotations

import json
import threading
import time
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.tables.ids import TABLE_ID_LENGTH, new_table_id
from server.tables.referee_adapter import STATE_FORMAT
from server.tables.store import TableFormatError, TableRecord

from .helpers import bearer, full_table, look, make_app, move, new_table, sit
from .test_store import write_raw

BOTH_BACKENDS = True  # the `app` fixture (conftest) runs on the `store`: SQLite, then Redis
pytestmark = pytest.mark.usefixtures("store")


def first_legal(client, table_id, secret, **args):
    state = look(client, table_id, secret, **args)
    return state, state["legal"][0] if state["legal"] else None


# -- POST /api/tables ------------------------------------------------------------------------


def test_a_new_table_answers_its_id_link_secret_and_seats(client):
    made = new_table(client)
    assert len(made["id"]) == TABLE_ID_LENGTH and made["id"] == made["id"].upper()
    assert made["url"] == f"http://localhost/t/{made['id']}"
    assert len(made["creator_secret"]) >= 40
    assert made["seats"] == [
        {"seat": 0, "bot": None, "taken": False, "name": None},
        {"seat": 1, "bot": None, "taken": False, "name": None},
        {"seat": 2, "bot": None, "taken": False, "name": None},
        {"seat": 3, "bot": "normal", "taken": True, "name": None},
    ]
    assert made["status"] == "waiting" and made["version"] == 1
    state = look(client, made["id"])
    assert state["status"] == "waiting" and state["view"] is None and state["legal"] == []
    assert [e["code"] for e in state["events"]] == ["created"]


@pytest.mark.parametrize(
    ("request_body", "code", "words"),
    [
        ({"game": "gong-chess"}, "bad_game", "unknown game 'gong-chess'"),
        ({"players": 9}, "bad_players", "2 to 6 players, not 9"),
        ({"players": "4"}, "bad_players", "not '4'"),
        ({"bots": {"3": "hard"}}, "bad_bots", '"easy" or "normal"'),
        ({"bots": {"7": "easy"}}, "bad_seat", "from 0 to 3"),
        ({"bots": {str(s): "easy" for s in range(4)}}, "no_people", "at least one seat"),
        ({"mode": "tv"}, "bad_mode", "'phones' or 'pass'"),
        ({"names": {"0": "Ada"}}, "bad_names", "type their names as they sit"),
        ({"mode": "pass", "names": {"0": "Ada"}}, "bad_names", "seats 0, 1, 2"),
        ({"mode": "pass", "names": {"0": "A", "1": "B", "2": " "}}, "bad_name", "1 to 24"),
        ({"options": {"turn_limit": "lots"}}, "bad_options", "turn_limit"),
        ({"options": {"turn_limit": 0}}, "bad_options", "turn_limit"),
        ({"options": {"jokers": 3}}, "bad_options", "no option 'jokers'"),
        ({"options": []}, "bad_options", "object"),
        ({"spectators": "yes"}, "bad_request", "true or false"),
        ({"colour": "red"}, "bad_request", "unknown field 'colour'"),
        ({"deck": ["NE5"]}, "bad_options", "all 56 cards"),
    ],
)
def test_bad_creation_requests_are_400_with_the_reason(client, request_body, code, words):
    body = {"game": "gong-link", "players": 4, **request_body}
    response = client.post("/api/tables", json=body)
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["code"] == code and words in error["message"]
    assert response.headers["Cache-Control"] == "no-store"


def test_a_phone_each_fight_is_played_on_the_phones_or_for_real_and_knows_its_robots(client):
    made = new_table(client, game="gong-fight", players=3, bots={"2": "easy"})
    options = look(client, made["id"])["options"]
    assert options["challenges"] == "phones" and options["robots"] == "2"
    for challenges in ("report", "random"):
        response = client.post(
            "/api/tables",
            json={"game": "gong-fight", "players": 3, "options": {"challenges": challenges}},
        )
        assert response.status_code == 201, response.get_json()
        assert look(client, response.get_json()["id"])["options"]["challenges"] == challenges


def test_bodies_that_are_not_json_objects_are_refused(client):
    cases = [
        (b"[1, 2]", "application/json", 400, "bad_json"),
        (b"{not json", "application/json", 400, "bad_json"),
        (b'{"game": "gong-link"}', "text/plain", 415, "json_only"),
        (b"[" * 60_000, "application/json", 400, "bad_json"),
        (b'{"game": "\xff"}', "application/json", 400, "bad_json"),
    ]
    for data, kind, status, code in cases:
        response = client.post("/api/tables", data=data, content_type=kind)
        assert response.status_code == status
        assert response.get_json()["error"]["code"] == code


def test_a_body_over_64_kb_is_413(client):
    made = new_table(client)
    big = json.dumps({"game": "gong-link", "names": {}, "pad": "x" * 70_000})
    for path in ("/api/tables", f"/api/tables/{made['id']}/seats"):
        response = client.post(path, data=big, content_type="application/json")
        assert response.status_code == 413
        assert response.get_json()["error"]["code"] == "too_large"


def test_seed_and_deck_are_for_tests_only(store, tmp_path, monkeypatch):
    monkeypatch.setenv("GONG_INSTANCE", str(tmp_path))
    monkeypatch.delenv("GONG_TESTING", raising=False)
    client = make_app(store, GONG_TESTING=False).test_client()
    for field in ("seed", "deck"):
        response = client.post("/api/tables", json={"game": "gong-link", field: 1})
        assert response.status_code == 400
        assert "for tests only" in response.get_json()["error"]["message"]
    assert client.post("/api/tables", json={"game": "gong-link"}).status_code == 201


def test_the_same_seed_deals_the_same_table(client):
    hands = []
    for _ in range(2):
        made = new_table(client, mode="pass", names={"0": "A", "1": "B", "2": "C"}, seed=11)
        hands.append(look(client, made["id"], made["creator_secret"], seat=0)["view"]["hand"])
    assert hands[0] == hands[1]


def _inside_one_rate_window(room: float = 10.0) -> None:
    """Wait, if need be, for a minute's rate window with `room` seconds left in it: a test
    that counts requests must not see the count restart halfway."""
    from server.tables.store import rate_window

    while rate_window(time.time(), 60.0)[1] - time.time() < room:
        time.sleep(0.05)


def test_too_many_new_tables_from_one_client_is_429_with_retry_after(store, tmp_path, monkeypatch):
    monkeypatch.setenv("GONG_INSTANCE", str(tmp_path))
    _inside_one_rate_window()
    client = make_app(store, GONG_TABLES_PER_MINUTE=2).test_client()
    codes = [client.post("/api/tables", json={"game": "gong-link"}).status_code for _ in range(3)]
    assert codes == [201, 201, 429]
    refused = client.post("/api/tables", json={"game": "gong-link"})
    assert refused.status_code == 429
    assert 1 <= int(refused.headers["Retry-After"]) <= 60
    assert refused.get_json()["error"]["code"] == "too_many_tables"
    in_swedish = client.post("/api/tables?lang=sv", json={"game": "gong-link"})
    wait = in_swedish.headers["Retry-After"]
    assert f"vänta {wait} sekunder" in in_swedish.get_json()["error"]["message"]
    # X-Forwarded-For is anyone's to send: without a trusted proxy it changes nothing.
    spoofed = client.post(
        "/api/tables", json={"game": "gong-link"}, headers={"X-Forwarded-For": "198.51.100.9"}
    )
    assert spoofed.status_code == 429
    # Another address has its own count.
    other = client.post(
        "/api/tables", json={"game": "gong-link"}, environ_base={"REMOTE_ADDR": "192.0.2.5"}
    )
    assert other.status_code == 201


def test_behind_a_trusted_proxy_the_forwarded_client_counts(store, tmp_path, monkeypatch):
    monkeypatch.setenv("GONG_INSTANCE", str(tmp_path))
    _inside_one_rate_window()
    client = make_app(
        store, GONG_TABLES_PER_MINUTE=1, GONG_TRUSTED_PROXIES="127.0.0.1, 10.0.0.0/8"
    ).test_client()

    def create(forwarded: str, remote: str = "127.0.0.1") -> int:
        return client.post(
            "/api/tables",
            json={"game": "gong-link"},
            headers={"X-Forwarded-For": forwarded},
            environ_base={"REMOTE_ADDR": remote},
        ).status_code

    # The client is the last hop that is not a trusted proxy: what a phone puts first is
    # its own business, and cannot dodge the limit.
    assert create("203.0.113.1, 10.1.2.3") == 201
    assert create("1.1.1.1, 203.0.113.1, 10.1.2.3") == 429
    assert create("203.0.113.2") == 201
    # A connection from outside the trusted proxies is counted by its own address.
    assert create("203.0.113.3", remote="192.0.2.7") == 201
    assert create("203.0.113.4", remote="192.0.2.7") == 429


def test_the_link_follows_a_trusted_proxy_only(store, tmp_path, monkeypatch):
    monkeypatch.setenv("GONG_INSTANCE", str(tmp_path))
    forwarded = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "gong.example"}
    plain = make_app(store).test_client()
    made = plain.post("/api/tables", json={"game": "gong-link"}, headers=forwarded).get_json()
    assert made["url"].startswith("http://localhost/t/")
    proxied = make_app(store, GONG_TRUSTED_PROXIES="127.0.0.1").test_client()
    made = proxied.post("/api/tables", json={"game": "gong-link"}, headers=forwarded).get_json()
    assert made["url"] == f"https://gong.example/t/{made['id']}"


def test_a_bad_trusted_proxy_setting_stops_the_start(store, tmp_path, monkeypatch):
    from server.tables.store import StoreConfigError

    monkeypatch.setenv("GONG_INSTANCE", str(tmp_path))
    with pytest.raises(StoreConfigError, match="GONG_TRUSTED_PROXIES: 'proxy.local'"):
        make_app(store, GONG_TRUSTED_PROXIES="proxy.local")


def test_open_tables_are_capped(store, tmp_path, monkeypatch):
    monkeypatch.setenv("GONG_INSTANCE", str(tmp_path))
    client = make_app(store, GONG_MAX_TABLES=1).test_client()
    assert client.post("/api/tables", json={"game": "gong-link"}).status_code == 201
    full = client.post("/api/tables", json={"game": "gong-link"})
    assert full.status_code == 503 and full.get_json()["error"]["code"] == "too_many_open"
    assert "Retry-After" in full.headers


def test_the_games_list_their_players_and_options(client):
    response = client.get("/api/games")
    assert response.status_code == 200 and response.headers["Cache-Control"] == "no-store"
    games = {g["name"]: g for g in response.get_json()["games"]}
    assert games["gong-link"]["min_players"] == 2 and games["gong-link"]["max_players"] == 6
    assert games["gong-fight"]["options"]["challenges"] == "report"
    assert games["gong-fight"]["choices"]["challenges"] == ["report", "phones", "random"]
    low, high = games["gong-link"]["bounds"]["turn_limit"]
    refused = client.post(
        "/api/tables", json={"game": "gong-link", "options": {"turn_limit": high + 1}}
    )
    assert refused.status_code == 400 and refused.get_json()["error"]["code"] == "bad_options"


# -- POST /api/tables/<id>/seats ---------------------------------------------------------------


def test_taking_a_seat_gives_its_secret_and_a_taken_seat_is_409(client):
    made = new_table(client)
    taken = sit(client, made["id"].lower(), 1, "  Ada  ")  # ids in any case
    assert taken["seat"] == 1 and len(taken["secret"]) >= 40
    assert taken["status"] == "waiting"
    again = sit(client, made["id"], 1, "Bob", expect=409)
    assert again["error"]["code"] == "seat_taken"
    robot = sit(client, made["id"], 3, "Bob", expect=409)
    assert "robot" in robot["error"]["message"]
    state = look(client, made["id"])
    assert state["seats"][1] == {"seat": 1, "bot": None, "taken": True, "name": "Ada"}
    joined = [e for e in state["events"] if e["code"] == "joined"]
    assert joined == [
        {
            "version": 2,
            "seat": 1,
            "code": "joined",
            "params": {"name": "Ada"},
            "text": "Ada sat down.",
        }
    ]
    in_french = client.post(
        f"/api/tables/{made['id']}/seats?lang=fr", json={"seat": 1, "name": "Bob"}
    )
    assert in_french.get_json()["error"]["message"] == (
        "Cette place est prise\u202f: choisis-en une libre."
    )


@pytest.mark.parametrize(
    ("name", "kept"),
    [
        ("Åsa 🚀", "Åsa 🚀"),
        ("\u202eAda\u202c", "Ada"),  # a right-to-left override cannot turn the page around
        ("Bo\x00b\x07\n", "Bob"),
        ("x" * 24, "x" * 24),
        ("\u2067Zoé\u2069 ", "Zoé"),
        ("\u200bAda\ufeff", "Ada"),  # invisible characters go
        ("Mum \U0001f469\u200d\U0001f467", "Mum \U0001f469\u200d\U0001f467"),  # joiners stay
    ],
)
def test_names_lose_control_and_bidi_characters(client, name, kept):
    made = new_table(client)
    sit(client, made["id"], 0, name)
    assert look(client, made["id"])["seats"][0]["name"] == kept


@pytest.mark.parametrize("name", ["", "   ", "x" * 25, "\u202e\u202c", "\u200b", 42, None])
def test_names_must_be_1_to_24_characters(client, name):
    made = new_table(client)
    refused = sit(client, made["id"], 0, name, expect=400)
    assert refused["error"]["code"] == "bad_name"


def test_a_bad_seat_number_is_400(client):
    made = new_table(client)
    for seat in (4, -1, "zero", 1.5, True):
        refused = sit(client, made["id"], seat, "Ada", expect=400)
        assert refused["error"]["code"] == "bad_seat"


def test_the_last_seat_taken_starts_the_game(client):
    made, secrets = full_table(client)
    state = look(client, made["id"], secrets[0])
    assert state["status"] == "playing" and state["version"] == 4
    assert [e["code"] for e in state["events"] if e["version"] == 4][:2] == ["joined", "started"]
    assert sit(client, made["id"], 0, "Late", expect=409)["error"]["code"] == "already_started"


def test_the_creator_may_free_a_seat_before_the_start(client):
    made = new_table(client)
    sit(client, made["id"], 0, "Stranger")
    path = f"/api/tables/{made['id']}/seats/0"
    assert client.delete(path).status_code == 403
    assert client.delete(path, headers=bearer(made["creator_secret"])).status_code == 200
    state = look(client, made["id"])
    assert state["seats"][0]["taken"] is False
    assert state["events"][-1]["code"] == "removed"
    sit(client, made["id"], 0, "Ada")


# -- POST /api/tables/<id>/start ---------------------------------------------------------------


def test_only_the_creator_starts_and_empty_seats_become_bots(client):
    made = new_table(client)
    seat = sit(client, made["id"], 0, "Ada")
    path = f"/api/tables/{made['id']}/start"
    for secret in (None, seat["secret"], "not-a-secret"):
        refused = client.post(path, headers=bearer(secret))
        assert refused.status_code == 403
        assert refused.get_json()["error"]["code"] == "not_creator"
    started = client.post(path, headers=bearer(made["creator_secret"]))
    assert started.status_code == 200
    state = started.get_json()
    assert state["status"] == "playing"
    assert [s["bot"] for s in state["seats"]] == [None, "easy", "easy", "normal"]
    assert client.post(path, headers=bearer(made["creator_secret"])).status_code == 409


# -- GET /api/tables/<id> ---------------------------------------------------------------------


def test_a_seat_sees_its_own_hand_and_moves_and_a_spectator_neither(client, store):
    made, secrets = full_table(client)
    game_state = json.loads(store.load(made["id"]).state)["state"]
    for seat, secret in enumerate(secrets):
        state = look(client, made["id"], secret)
        assert state["seat"] == seat
        assert sorted(state["view"]["hand"]) == sorted(_codes(game_state["hands"][seat]))
        assert state["legal"] == ([] if seat else state["legal"]) and (seat or state["legal"])
    watcher = look(client, made["id"])
    assert watcher["seat"] is None and "hand" not in watcher["view"]
    assert watcher["legal"] == []
    assert all(isinstance(e["text"], str) and e["text"] for e in watcher["events"])


def _codes(positions):
    from gong.cards import DECK

    return [DECK[c].code for c in positions]


def test_spectators_off_refuses_strangers_but_not_the_creator(client):
    made = new_table(client, spectators=False)
    path = f"/api/tables/{made['id']}"
    refused = client.get(path)
    assert refused.status_code == 403
    assert refused.get_json()["error"]["code"] == "no_spectators"
    assert client.get(path, headers=bearer("guess")).status_code == 403
    creator = client.get(path, headers=bearer(made["creator_secret"]))
    assert creator.status_code == 200 and creator.get_json()["seat"] is None


def test_since_gives_only_what_came_after_and_304_when_nothing_did(client):
    made, secrets = full_table(client)
    state = look(client, made["id"], secrets[0])
    version = state["version"]
    unchanged = client.get(
        f"/api/tables/{made['id']}", query_string={"since": version}, headers=bearer(secrets[0])
    )
    assert unchanged.status_code == 304 and unchanged.data == b""
    assert unchanged.headers["Cache-Control"] == "no-store"
    moved = move(client, made["id"], secrets[0], state["legal"][0], version)
    assert moved.status_code == 200
    later = look(client, made["id"], secrets[1], since=version)
    assert later["events"] and all(e["version"] > version for e in later["events"])
    assert later["events"][0]["seat"] == 0
    full = look(client, made["id"], secrets[1])
    assert full["events"][: -len(later["events"])] == [
        e for e in full["events"] if e["version"] <= version
    ]
    assert client.get(f"/api/tables/{made['id']}?since=soon").status_code == 400


def test_events_speak_the_readers_language(client):
    made = new_table(client)
    sit(client, made["id"], 0, "Ada")
    texts = {
        lang: look(client, made["id"], lang=lang)["events"][-1]["text"]
        for lang in ("en", "fr", "sv")
    }
    assert texts == {"en": "Ada sat down.", "fr": "Ada a pris place à la table.",
                     "sv": "Ada satte sig."}  # fmt: skip
    client.set_cookie("lang", "sv")
    assert look(client, made["id"])["events"][-1]["text"] == "Ada satte sig."


# -- POST /api/tables/<id>/actions ------------------------------------------------------------


def test_a_move_answers_a_newer_version_and_bots_may_follow(client):
    made, secrets = full_table(client)
    state = look(client, made["id"], secrets[0])
    moved = move(client, made["id"], secrets[0], state["legal"][0], state["version"])
    assert moved.status_code == 200
    after = moved.get_json()
    assert after["version"] >= state["version"] + 1
    assert after["seat"] == 0
    assert after["events"][0] == {
        "version": state["version"] + 1,
        "seat": 0,
        "code": after["events"][0]["code"],
        "params": after["events"][0]["params"],
        "text": after["events"][0]["text"],
    }


def test_a_stale_version_is_409_with_the_fresh_state(client):
    made, secrets = full_table(client)
    state = look(client, made["id"], secrets[0])
    stale = move(client, made["id"], secrets[0], state["legal"][0], state["version"] - 1)
    assert stale.status_code == 409
    body = stale.get_json()
    assert body["error"]["code"] == "stale"
    assert body["state"]["version"] == state["version"] and body["state"]["seat"] == 0
    assert body["state"]["legal"] == state["legal"]


def test_an_illegal_move_is_422_with_the_referees_reason_and_changes_nothing(client):
    made, secrets = full_table(client)
    state = look(client, made["id"], secrets[0])
    refused = move(client, made["id"], secrets[0], "draw", state["version"])
    assert refused.status_code == 422
    error = refused.get_json()["error"]
    assert error["code"] == "must_play_match" and "you must play one" in error["message"]
    garbled = move(client, made["id"], secrets[0], "fly away", state["version"])
    assert garbled.status_code == 422
    assert garbled.get_json()["error"]["code"] == "unknown_action"
    out_of_turn = move(client, made["id"], secrets[1], "draw", state["version"])
    assert out_of_turn.status_code == 422
    assert out_of_turn.get_json()["error"]["code"] == "not_your_turn"
    assert look(client, made["id"], secrets[0]) == state


def test_a_secret_that_does_not_hold_the_seat_is_403(client):
    made, secrets = full_table(client)
    state = look(client, made["id"], secrets[0])
    for secret, seat in ((secrets[1], 0), (None, 0), ("wrong", None), (made["creator_secret"], 0)):
        refused = move(client, made["id"], secret, state["legal"][0], state["version"], seat)
        assert refused.status_code == 403, (secret, seat)
        assert refused.get_json()["error"]["code"] == "not_your_seat"


def test_a_move_before_the_start_is_refused(client):
    made = new_table(client)
    seat = sit(client, made["id"], 0, "Ada")
    refused = move(client, made["id"], seat["secret"], "draw", 2)
    assert refused.status_code == 422
    assert refused.get_json()["error"]["code"] == "not_started"


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"version": 4}, "bad_action"),
        ({"action": "draw"}, "bad_version"),
        ({"action": "draw", "version": "4"}, "bad_version"),
        ({"action": "x" * 300, "version": 4}, "bad_action"),
    ],
)
def test_a_bad_move_request_is_400(client, body, code):
    made, secrets = full_table(client)
    response = client.post(
        f"/api/tables/{made['id']}/actions", json=body, headers=bearer(secrets[0])
    )
    assert response.status_code == 400 and response.get_json()["error"]["code"] == code


def test_twenty_phones_moving_at_once_make_exactly_one_move(app, client):
    made, secrets = full_table(client)
    state = look(client, made["id"], secrets[0])
    action, version = state["legal"][0], state["version"]
    statuses: list[int] = []
    barrier = threading.Barrier(20)

    def phone() -> None:
        own = app.test_client()
        barrier.wait()
        statuses.append(move(own, made["id"], secrets[0], action, version).status_code)

    threads = [threading.Thread(target=phone) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert Counter(statuses) == {200: 1, 409: 19}
    after = look(client, made["id"], secrets[0])
    moves_by_zero = [e for e in after["events"] if e["version"] > version and e["seat"] == 0]
    assert len({e["version"] for e in moves_by_zero}) == 1  # made once, not lost, not twice


def test_two_phones_taking_one_seat_at_once_get_one_200_and_one_409(app, client):
    made = new_table(client)
    statuses: list[int] = []
    barrier = threading.Barrier(8)

    def phone(name: str) -> None:
        own = app.test_client()
        barrier.wait()
        response = own.post(f"/api/tables/{made['id']}/seats", json={"seat": 0, "name": name})
        statuses.append(response.status_code)

    threads = [threading.Thread(target=phone, args=(f"P{i}",)) for i in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert Counter(statuses) == {200: 1, 409: 7}
    state = look(client, made["id"])
    assert state["version"] == 2 and [e["code"] for e in state["events"]] == ["created", "joined"]


def test_two_servers_on_one_store_play_one_table(make_store, tmp_path, monkeypatch):
    monkeypatch.setenv("GONG_INSTANCE", str(tmp_path))
    one = make_app(make_store(state_format=STATE_FORMAT)).test_client()
    two = make_app(make_store(same=True, state_format=STATE_FORMAT)).test_client()
    made, secrets = full_table(one)
    state = look(two, made["id"], secrets[0])
    moved = move(two, made["id"], secrets[0], state["legal"][0], state["version"])
    assert moved.status_code == 200
    assert look(one, made["id"], secrets[1]) == look(two, made["id"], secrets[1])
    assert look(one, made["id"])["version"] == moved.get_json()["version"]


# -- 404 everywhere, and no-store ------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "suffix"),
    [
        ("get", ""),
        ("post", "/seats"),
        ("post", "/start"),
        ("post", "/actions"),
        ("post", "/leave"),
        ("post", "/again"),
        ("delete", "/seats/0"),
        ("post", "/seats/0/bot"),
        ("get", "/replay"),
    ],
)
def test_an_unknown_table_is_a_json_404_on_every_route(client, method, suffix):
    for table_id in (new_table_id(), new_table_id().lower(), "nope", "A" * 200):
        response = getattr(client, method)(
            f"/api/tables/{table_id}{suffix}",
            json={"seat": 0, "name": "Ada", "action": "draw", "version": 1},
        )
        assert response.status_code == 404
        assert response.get_json()["error"]["code"] == "no_such_table"
        assert response.headers["Cache-Control"] == "no-store"


def test_an_unknown_api_route_is_a_json_404(client):
    response = client.get("/api/chairs")
    assert response.status_code == 404 and response.get_json()["error"]["code"] == "no_such_route"


def test_every_answer_is_no_store(client):
    made, secrets = full_table(client)
    responses = [
        client.get(f"/api/tables/{made['id']}"),
        client.get(f"/api/tables/{made['id']}", headers=bearer(secrets[1])),
        client.post("/api/tables", json={"game": "nope"}),
        move(client, made["id"], secrets[1], "draw", 0),
    ]
    assert all(r.headers["Cache-Control"] == "no-store" for r in responses)
    assert all(r.mimetype == "application/json" for r in responses)


# -- leaving, bots taking over, play again -----------------------------------------------------


def test_a_player_who_leaves_is_replaced_by_a_bot_and_the_others_are_told(client):
    made, secrets = full_table(client)
    left = client.post(f"/api/tables/{made['id']}/leave", headers=bearer(secrets[1]))
    assert left.status_code == 200
    state = look(client, made["id"], secrets[0])
    assert state["seats"][1]["bot"] == "easy" and state["seats"][1]["name"] == "P1"
    told = [e for e in state["events"] if e["code"] == "left"]
    assert told and told[0]["seat"] == 1 and told[0]["text"] == "P1 left the table."
    # The secret no longer holds the seat.
    gone = client.get(f"/api/tables/{made['id']}?seat=1", headers=bearer(secrets[1]))
    assert gone.status_code == 403
    assert (
        client.post(f"/api/tables/{made['id']}/leave", headers=bearer(secrets[1])).status_code
        == 403
    )


def test_the_creator_hands_an_absent_players_seat_to_a_bot_and_its_person_takes_it_back(
    client, app
):
    """rules: a seat goes to a robot only after its person has been away (no request from
    that seat for GONG_AWAY_SECONDS, 60 by default), and its person may take it back."""
    made, secrets = full_table(client)
    path = f"/api/tables/{made['id']}/seats/2/bot"
    creator = bearer(made["creator_secret"])
    assert client.post(path, headers=bearer(secrets[0])).status_code == 403
    # Seat 2 sat down a moment ago: not away.
    early = client.post(path, json={"bot": "easy"}, headers=creator)
    assert early.status_code == 409 and early.get_json()["error"]["code"] == "not_away"
    service = app.extensions["gong_tables"].service
    now = time.time()
    service.clock = lambda: now + 61
    assert 2 in look(client, made["id"], secrets[0])["away"]
    handed = client.post(path, json={"bot": "easy"}, headers=creator)
    assert handed.status_code == 200
    assert handed.get_json()["seats"][2]["bot"] == "easy"
    assert handed.get_json()["events"][-1]["code"] == "bot_took_seat"
    assert client.post(path, headers=creator).status_code == 409
    # The person's phone no longer plays the seat, but may take it back.
    assert look(client, made["id"], secrets[2])["seat"] is None
    back = client.post(f"/api/tables/{made['id']}/back", headers=bearer(secrets[2]))
    assert back.status_code == 200, back.get_json()
    assert back.get_json()["seats"][2]["bot"] is None and back.get_json()["seat"] == 2
    assert back.get_json()["events"][-1]["code"] == "back"
    again = client.post(f"/api/tables/{made['id']}/back", headers=bearer(secrets[2]))
    assert again.status_code == 409


def play_link_to_the_end(client, table_id, secrets):
    """Every person plays their first legal move until the game ends; the moves made."""
    made = 0
    for _ in range(3000):
        state = look(client, table_id, secrets[0])
        if state["status"] == "over":
            return state, made
        for secret in secrets:
            mine = look(client, table_id, secret)
            if mine["legal"]:
                response = move(client, table_id, secret, mine["legal"][0], mine["version"])
                assert response.status_code in (200, 409), response.get_json()
                made += response.status_code == 200
                break
    raise AssertionError("the game did not end")


def test_a_link_game_with_a_bot_plays_to_the_end_and_every_version_has_events(client):
    made, secrets = full_table(client, seed=3)
    final, moves = play_link_to_the_end(client, made["id"], secrets)
    assert moves > 0
    outcome = final["outcome"]
    assert outcome["winners"] and final["tally"] == [int(s in outcome["winners"]) for s in range(4)]
    versions = {e["version"] for e in final["events"]}
    assert versions == set(range(1, final["version"] + 1))
    assert final["events"][-1]["code"] == "ended"
    # The bot moved on the server: seat 3 has moves of its own.
    assert any(e["seat"] == 3 for e in final["events"] if e["version"] > 4)
    finished = move(client, made["id"], secrets[0], "draw", final["version"])
    assert finished.status_code == 422 and finished.get_json()["error"]["code"] == "game_over"


def test_a_finished_game_replays_move_by_move_as_a_spectator_saw_it(client):
    made, secrets = full_table(client, seed=3, spectators=False)
    path = f"/api/tables/{made['id']}/replay"
    early = client.get(path, headers=bearer(secrets[0]))
    assert early.status_code == 409 and early.get_json()["error"]["code"] == "not_over"
    first = look(client, made["id"], made["creator_secret"])["view"]
    final, _ = play_link_to_the_end(client, made["id"], secrets)
    assert client.get(path).status_code == 403  # no spectators: strangers see no replay
    replayed = client.get(path, headers=bearer(secrets[2]))
    assert replayed.status_code == 200 and replayed.headers["Cache-Control"] == "no-store"
    frames = replayed.get_json()["frames"]
    actions = [e for e in final["events"] if e["version"] > 4 and e["seat"] is not None]
    assert len(frames) == len({e["version"] for e in actions}) + 1
    assert frames[0]["version"] == 4 and frames[0]["view"]["hand_counts"] == first["hand_counts"]
    last = look(client, made["id"], made["creator_secret"])["view"]
    assert frames[-1]["view"] == last and frames[-1]["view"]["outcome"] == final["outcome"]
    assert all("hand" not in frame["view"] for frame in frames)
    assert [f["version"] for f in frames] == sorted({f["version"] for f in frames})
    assert all(e["version"] >= f["version"] for f in frames for e in f["events"])
    assert any(e["code"] == "ended" for e in frames[-1]["events"])


def test_play_again_keeps_the_seats_moves_the_first_player_and_the_tally(client):
    made, secrets = full_table(client, seed=3)
    final, _ = play_link_to_the_end(client, made["id"], secrets)
    path = f"/api/tables/{made['id']}/again"
    # Anyone seated may ask for the next game, nobody else; asking twice gives the same one.
    assert client.post(path, headers=bearer("not-a-seat-secret")).status_code == 403
    again = client.post(path, headers=bearer(secrets[0]))
    assert again.status_code == 201
    second = again.get_json()
    assert second["id"] != made["id"] and second["status"] == "playing"
    assert (
        client.post(path, headers=bearer(made["creator_secret"])).get_json()["id"] == (second["id"])
    )
    assert look(client, made["id"])["next"] == second["id"]
    state = look(client, second["id"], secrets[1])  # the same secret holds the same seat
    assert state["seat"] == 1 and state["round"] == 2
    assert state["options"]["first_player"] == 1 and state["view"]["current"] == 1
    assert state["tally"] == final["tally"]
    assert [s["name"] for s in state["seats"]] == ["P0", "P1", "P2", None]


# -- one phone passed around -------------------------------------------------------------------


def test_pass_mode_starts_at_once_and_the_creator_holds_every_persons_seat(client):
    made = new_table(
        client, mode="pass", players=3, bots={"2": "easy"}, names={"0": "Ada", "1": "Bo"}
    )
    assert made["status"] == "playing" and made["version"] == 1
    secret = made["creator_secret"]
    state = look(client, made["id"], secret)
    assert state["seat"] == 0 and state["legal"]
    assert {e["code"] for e in state["events"] if e["version"] == 1} >= {"created", "started"}
    assert look(client, made["id"], secret, seat=1)["seat"] == 1
    refused = client.get(f"/api/tables/{made['id']}?seat=2", headers=bearer(secret))
    assert refused.status_code == 403  # the robot's seat is nobody's
    assert sit(client, made["id"], 1, "Eve", expect=409)["error"]["code"] == "seat_taken"


def play_pass_fight(client, seed):
    """A pass-mode FIGHT table of two people and a bot played to the end through the API,
    the people always taking their last legal move; the final state and the winners the
    people reported or chose in a phone game against the robot."""
    made = new_table(
        client,
        game="gong-fight",
        mode="pass",
        players=3,
        bots={"2": "normal"},
        names={"0": "Ada", "1": "Bo"},
        seed=seed,
    )
    secret = made["creator_secret"]
    assert look(client, made["id"], secret)["options"]["challenges"] == "report"
    reported = 0
    for _ in range(3000):
        state = look(client, made["id"], secret)
        if state["status"] == "over":
            return state, reported
        assert state["legal"], state
        action = state["legal"][-1]
        reported += action.split()[0] in ("report", "choose", "call", "show")
        response = move(client, made["id"], secret, action, state["version"], state["seat"])
        assert response.status_code == 200, response.get_json()
    raise AssertionError("the game did not end")


def test_pass_mode_fight_plays_to_the_end_with_reported_challenges(client):
    for seed in range(1, 6):  # some deals give the people no challenge to report
        state, reported = play_pass_fight(client, seed)
        assert state["outcome"]["winners"]
        versions = {e["version"] for e in state["events"]}
        assert versions == set(range(1, state["version"] + 1))
        if reported:
            break
    assert reported > 0  # the people played their fights themselves


# -- the store underneath ------------------------------------------------------------------------


def test_a_new_app_on_the_same_sqlite_file_continues_the_game(tmp_path, monkeypatch):
    monkeypatch.setenv("GONG_INSTANCE", str(tmp_path))
    monkeypatch.delenv("GONG_STORE", raising=False)
    first = make_app().test_client()
    made, secrets = full_table(first)
    state = look(first, made["id"], secrets[0])
    assert move(first, made["id"], secrets[0], state["legal"][0], state["version"]).status_code
    before = look(first, made["id"], secrets[1])
    assert (tmp_path / "tables.sqlite3").exists()
    second = make_app().test_client()  # a restarted server
    assert look(second, made["id"], secrets[1]) == before
    final, _ = play_link_to_the_end(second, made["id"], secrets)
    assert final["status"] == "over"


def _newer_game(record: TableRecord) -> TableRecord:
    """The record with its game saved in a game-state format no referee writes yet."""
    game = json.loads(record.state)
    game["format"] = 99
    return TableRecord(1, json.dumps(game), 1, record.seats, dict(record.meta))


def test_a_table_saved_by_another_release_is_a_clear_410_never_a_500(client, store):
    made, secrets = full_table(client)
    record = store.load(made["id"])
    newer = json.loads(record.to_json())
    newer["format"] = 99
    write_raw(store, made["id"], record.version, json.dumps(newer))
    response = client.get(f"/api/tables/{made['id']}", headers=bearer(secrets[0]))
    assert response.status_code == 410
    error = response.get_json()["error"]
    assert error["code"] == "table_unreadable" and "newer release" in error["message"]
    # Tables of an older layout, or with a game this referee cannot read.
    for table_id, broken in (
        (new_table_id(), TableRecord(version=1, state="{}", state_format=1, meta={"x": 1})),
        (new_table_id(), TableRecord(1, '{"game": "gong-chess"}', 1, [], dict(record.meta))),
        (new_table_id(), _newer_game(record)),
    ):
        store.create(table_id, broken)
        for response in (
            client.get(f"/api/tables/{table_id}"),
            move(client, table_id, secrets[0], "draw", 1),
            client.post(f"/api/tables/{table_id}/seats", json={"seat": 0, "name": "A"}),
        ):
            assert response.status_code == 410, response.get_json()
            assert "cannot be played here" in response.get_json()["error"]["message"]
    with pytest.raises(TableFormatError, match="record format 99"):
        store.load(made["id"])  # still there for a newer release: nothing was overwritten


# -- whatever a client sends, never a 500 -----------------------------------------------------

_JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10) | st.floats() | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
_FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "game": st.sampled_from(["gong-link", "gong-fight", "gong-family"]) | _JSON,
        "players": st.integers(0, 8) | _JSON,
        "bots": st.dictionaries(st.sampled_from(["0", "1", "2", "9", "x"]),
                                st.sampled_from(["easy", "normal", "hard"])) | _JSON,
        "mode": st.sampled_from(["phones", "pass"]) | _JSON,
        "names": st.dictionaries(st.sampled_from(["0", "1", "2"]), st.text(max_size=30)) | _JSON,
        "options": st.dictionaries(st.sampled_from(["turn_limit", "first_player", "challenges"]),
                                   _JSON) | _JSON,
        "spectators": _JSON,
        "seat": st.integers(-1, 5) | _JSON,
        "name": st.text(max_size=30) | _JSON,
        "action": st.sampled_from(["draw", "play NE5", "gong 1", "winner 0"]) | _JSON,
        "version": st.integers(0, 6) | _JSON,
        "bot": _JSON,
    },
)  # fmt: skip


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(body=_FIELDS, route=st.sampled_from(
    ["", "/seats", "/start", "/actions", "/leave", "/again", "/seats/1/bot"]
), as_creator=st.booleans())  # fmt: skip
def test_no_request_body_gives_a_500(client, body, route, as_creator):
    made, secrets = _fuzz_table(client)
    path = "/api/tables" if route == "" else f"/api/tables/{made['id']}{route}"
    secret = made["creator_secret"] if as_creator else secrets[0]
    response = client.post(path, json=body, headers=bearer(secret))
    assert response.status_code in (200, 201, 400, 403, 409, 422, 429), response.get_json()
    assert "error" in response.get_json() or response.status_code < 300


_tables: dict[int, tuple] = {}


def _fuzz_table(client):
    """One started table per client, shared by the examples (moves may change it)."""
    key = id(client)
    if key not in _tables:
        _tables[key] = full_table(client)
    return _tables[key]


_DAMAGE = (
    st.none()
    | st.booleans()
    | st.integers(-2, 3)
    | st.text(max_size=3)
    | st.just([])
    | st.just({})
    | st.just([[1, None, "x", {}], "y"])
)


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(damage=st.lists(st.tuples(st.integers(0, 40), _DAMAGE), min_size=1, max_size=3))
def test_a_damaged_table_is_a_clear_410_never_a_500(client, store, damage):
    made, secrets = _fuzz_table(client)
    record = store.load(made["id"])
    meta, seats = json.loads(json.dumps(record.meta)), json.loads(json.dumps(record.seats))
    for where, value in damage:
        keys = [("meta", k) for k in meta] + [(s, k) for s in range(4) for k in seats[s]]
        place, key = keys[where % len(keys)]
        (meta if place == "meta" else seats[place])[key] = value
    table_id = new_table_id()
    store.create(table_id, TableRecord(record.version, record.state, record.state_format,
                                       seats, meta))  # fmt: skip
    for response in (
        client.get(f"/api/tables/{table_id}", headers=bearer(secrets[0])),
        client.get(f"/api/tables/{table_id}"),
        move(client, table_id, secrets[0], "draw", record.version),
        client.post(f"/api/tables/{table_id}/seats", json={"seat": 0, "name": "Ada"}),
        client.post(f"/api/tables/{table_id}/again", headers=bearer(made["creator_secret"])),
        client.get(f"/api/tables/{table_id}/replay", headers=bearer(secrets[0])),
    ):
        assert response.status_code < 500, response.get_json()


def test_a_setup_problem_carries_the_referees_code_and_limits_and_is_said_in_french(client):
    body = {"game": "go-boom", "players": 3, "options": {"jokers": 9}}
    refused = client.post("/api/tables?lang=fr", json=body)
    assert refused.status_code == 400
    error = refused.get_json()["error"]
    assert error["code"] == "bad_options"
    assert error["setup"] == {
        "code": "option_out_of_range",
        "params": {"option": "jokers", "value": 9, "min": 0, "max": 8},
    }
    assert "jokers" in error["message"] and "8" in error["message"]
    assert "must be at least" not in error["message"]  # French, not the referee's English
    english = client.post("/api/tables?lang=en", json=body).get_json()["error"]["message"]
    assert english == "option 'jokers' must be at least 0 and at most 8, not 9"
