"""End to end: a real `gong serve` (2 worker processes) given the tests' game "toy" (Highest
card, tests/referee/toygame.py) only through its instance's setting: `GONG_GAMES=toygame`,
or `GAMES` in the instance's config.py. Nothing here imports the game into the server's
process: the server is a subprocess, and it finds the game as any instance's house game.
Its tables are made and played to their end through the JSON API, their pages drawn by the
generic face."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from gong.referee.events import TEXTS as SHARED_TEXTS

from ..referee import toygame
from .house import (
    MODULE,
    RAW_KEY,
    Server,
    cards,
    configure_instance,
    house_env,
    template_pattern,
    visible_text,
)

SAME_HANDS = cards("R1 R2 R3 B1 B2 B3 R1 R2 R3 B1 B2 B3")
# Seat 1 (Bo) wins 4 tricks to 2: seat 0 is dealt the first six cards, seat 1 the rest.
MOVES = [
    "0: play R3", "1: play R1", "0: play B3", "1: play R2", "0: play R2", "1: play R3",
    "1: play B3", "0: play R1", "1: play B2", "0: play B2", "1: play B1", "0: play B1",
]  # fmt: skip
GAME_CODES = {*toygame.EVENTS, "dealt", "played", "ended"}
"""Every event code the game emits: its own and the shared ones it uses."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with Server(house_env(tmp_path_factory.mktemp("served"))) as server:
        yield server


def new_table(server: Server, names: list[str], **request) -> tuple[str, list[str]]:
    """A toy table with a person of each name in its first seats (the others as REQUEST
    says): its API path and the people's seat secrets."""
    status, made = server.call("POST", "/api/tables", {"game": "toy", **request})
    assert status == 201, made
    path = f"/api/tables/{made['id']}"
    secrets = []
    for seat, name in enumerate(names):
        status, taken = server.call("POST", f"{path}/seats", {"seat": seat, "name": name})
        assert status == 200, taken
        secrets.append(taken["secret"])
    return path, secrets


def post_move(server: Server, path: str, secret: str, text: str) -> dict:
    """One of the seat's legal actions, by its text, posted at the version it was read."""
    _, mine = server.call("GET", path, secret=secret)
    action = next(a for a in mine["actions"] if a["text"] == text)
    body = {"action": action["text"], "version": mine["version"]}
    status, answer = server.call("POST", f"{path}/actions", body, secret)
    assert status == 200, answer
    return answer


def check_history(events: list[dict]) -> None:
    """Each event of the game reads as its English text: the game's own codes as its spec
    writes them, the shared ones as the referee does, an end with the words of its reason."""
    game_events = [e for e in events if e["code"] in GAME_CODES]
    assert {e["code"] for e in game_events} == GAME_CODES
    for event in game_events:
        code, text = event["code"], event["text"]
        full, hidden = toygame.EVENTS.get(code) or SHARED_TEXTS[code]
        templates = [full] + ([hidden] if hidden else [])
        assert any(template_pattern(t).fullmatch(text) for t in templates), event
        if code == "ended":
            assert toygame.REASONS[event["params"]["reason"]] in text


# --- the game is the instance's -------------------------------------------------------------


def test_the_instance_setting_adds_the_game_to_the_games_a_table_can_have(served):
    status, answer = served.call("GET", "/api/games")
    assert status == 200
    games = {game["name"]: game for game in answer["games"]}
    assert {"gong-link", "go-fish", "toy"} <= set(games)
    assert games["toy"] == {
        "name": "toy",
        "title": "Highest card",
        "min_players": 2,
        "max_players": 4,
        "options": {"turn_limit": 40, "first_player": 0, "must_follow": False, "ties": "earlier"},
        "choices": {"ties": ["earlier", "later"]},
        "bounds": {"turn_limit": [1, 100000]},
        "levels": ["easy", "normal"],
    }


# --- played through the API ----------------------------------------------------------------


def test_a_stacked_table_of_people_is_played_to_its_end(served):
    path, secrets = new_table(served, ["Ada", "Bo"], players=2, seed=1, deck=SAME_HANDS)
    _, state = served.call("GET", path, secret=secrets[0])
    assert state["status"] == "playing" and state["to_act"] == [0]
    assert state["view"]["hand"] == ["R1", "R2", "R3", "B1", "B2", "B3"]
    assert state["legal"] == [a["text"] for a in state["actions"]]
    assert {a["verb"] for a in state["actions"]} == {"play"}
    for move in MOVES:
        seat, _, text = move.partition(": ")
        answer = post_move(served, path, secrets[int(seat)], text)
    assert answer["status"] == "over"
    assert answer["outcome"] == {"reason": "most_tricks", "winners": [1], "scores": [2, 4]}
    assert answer["outcome"]["reason"] in toygame.REASONS
    assert [e["text"] for e in answer["events"]] == [
        "Ada played black 1.",
        "Bo won trick 6 with black 1.",
        "The game is over: the hands are empty: the most tricks won. Won by Bo.",
    ]
    _, watched = served.call("GET", path)
    texts = [e["text"] for e in watched["events"]]
    assert texts[texts.index("The game begins!") + 1 :][:6] == [
        "Ada got 6 cards.",
        "Bo got 6 cards.",
        "Ada led red 3 to trick 1.",
        "Bo played red 1.",
        "Ada won trick 1 with red 3.",
        "Ada led black 3 to trick 2.",
    ]
    check_history(watched["events"])
    _, mine = served.call("GET", path, secret=secrets[0])
    assert "Ada got red 1, red 2, red 3, black 1, black 2, black 3." in [
        e["text"] for e in mine["events"]
    ]
    status, replay = served.call("GET", f"{path}/replay", secret=secrets[0])
    assert status == 200 and len(replay["frames"]) == len(MOVES) + 1
    assert replay["frames"][-1]["view"]["table"]["tricks"] == [2, 4]


def test_a_table_with_robots_is_played_to_its_end_through_the_actions_it_offers(served):
    path, secrets = new_table(
        served, ["Ada"], players=4, bots={"1": "easy", "2": "normal", "3": "normal"}
    )
    rng = random.Random(7)
    for _ in range(200):
        _, watched = served.call("GET", path)
        if watched["status"] == "over":
            break
        _, mine = served.call("GET", path, secret=secrets[0])
        if mine["actions"]:
            action = rng.choice(mine["actions"])
            body = {"action": action["text"], "version": mine["version"]}
            status, answer = served.call("POST", f"{path}/actions", body, secrets[0])
            assert status in (200, 409), answer  # 409: a robot moved first
    else:
        raise AssertionError("the game did not end")
    outcome = watched["outcome"]
    assert outcome["reason"] in toygame.REASONS and outcome["winners"]
    assert sum(outcome["scores"]) == 3  # three tricks of four cards
    check_history(watched["events"])
    versions = {e["version"] for e in watched["events"]}
    assert versions == set(range(1, watched["version"] + 1))


def test_the_games_own_refusals_come_back_with_their_code(served):
    deck = cards("R1 R2 B1 B2 B3 B3 R3 R3 R1 R2 B1 B2")
    path, secrets = new_table(
        served, ["Ada", "Bo"], players=2, seed=1, deck=deck, options={"must_follow": True}
    )
    post_move(served, path, secrets[0], "play B1")
    _, mine = served.call("GET", path, secret=secrets[1])
    assert mine["legal"] == ["play B1", "play B2"]
    for text, code in (("play R3", "must_follow"), ("play B3", "not_in_hand")):
        body = {"action": text, "version": mine["version"]}
        status, refused = served.call("POST", f"{path}/actions", body, secrets[1])
        assert status == 422 and refused["error"]["code"] == code, refused
    body = {"action": "draw", "version": mine["version"]}
    status, refused = served.call("POST", f"{path}/actions", body, secrets[1])
    assert status == 422 and refused["error"]["code"] == "unknown_action"


# --- the pages ------------------------------------------------------------------------------


def test_the_table_page_draws_the_game_from_its_spec(served):
    path, secrets = new_table(served, ["Ada", "Bo"], players=2, seed=1, deck=SAME_HANDS)
    table_id = path.rsplit("/", 1)[1]
    for move in MOVES[:-1]:
        seat, _, text = move.partition(": ")
        post_move(served, path, secrets[int(seat)], text)
    status, html, _ = served.page(f"/t/{table_id}?lang=en")
    shown = visible_text(html)
    assert status == 200
    assert "Highest card" in shown and "Ada's turn" in shown
    assert "On the table, from Bo:" in shown and "black 1" in shown  # the trick, face up
    assert "Trick 6 of 6" in shown  # its line, a text of its own catalog
    assert "cards: 1 · tricks: 2" in shown and "cards: 0 · tricks: 3" in shown  # its own words
    assert not RAW_KEY.findall(shown), RAW_KEY.findall(shown)
    post_move(served, path, secrets[0], "play B1")
    status, html, _ = served.page(f"/t/{table_id}?lang=en")
    shown = visible_text(html)
    assert status == 200 and "Game over" in shown and "Bo won!" in shown
    assert "The hands are empty: the most tricks won." in shown  # reason_most_tricks
    assert "Bo won trick 6 with black 1." in shown  # the history
    assert not RAW_KEY.findall(shown), RAW_KEY.findall(shown)
    status, html, _ = served.page(f"/t/{table_id}?lang=fr")
    shown = visible_text(html)
    assert status == 200 and "Partie finie" in shown
    assert "Les mains sont vides : le plus de plis l'emporte." in shown
    assert "Pli 6 sur 6" in shown
    assert not RAW_KEY.findall(shown), RAW_KEY.findall(shown)
    status, _, _ = served.page(f"/t/{table_id}/replay")
    assert status == 200


def test_the_play_page_offers_the_game_with_its_options_in_its_words(served):
    status, html, _ = served.page("/play?game=toy&lang=en")
    shown = visible_text(html)
    assert status == 200
    assert "Highest card" in shown and "For 2 to 4 players." in shown
    assert "Follow the colour led when you can" in shown  # opt_must_follow
    assert "A tie goes to the player who played" in shown  # opt_ties
    assert "At most this many cards played" not in shown  # no turn-limit field on /play
    # A choice's values in the game's words (`opt_<option>_<value>`), sent as the values.
    assert (
        '<select name="ties"><option value="earlier" selected>first</option>'
        '<option value="later">last</option>'
    ) in html
    assert not RAW_KEY.findall(shown), RAW_KEY.findall(shown)
    status, html, _ = served.page("/play?game=toy&lang=fr")
    shown = visible_text(html)
    assert status == 200
    assert "La plus haute carte" in shown and "Fournir la couleur demandée si possible" in shown
    assert "A tie goes to the player who played" in shown  # no French text: English
    assert '<option value="earlier" selected>en premier</option>' in html
    assert '<option value="later">last</option>' in html  # English for this game only
    assert not RAW_KEY.findall(shown), RAW_KEY.findall(shown)


def test_the_play_form_makes_a_table_with_the_games_options(served):
    _, html, _ = served.page("/play?game=toy&lang=en")
    token = re.search(r'name="csrf" value="([^"]+)"', html).group(1)
    form = {
        "csrf": token,
        "game": "toy",
        "players": "2",
        "mode": "phones",
        "seat0": "person",
        "seat1": "normal",
        "turn_limit": "30",
        "must_follow": "on",
        "ties": "later",
        "spectators": "on",
    }
    status, _, location = served.page("/play", form)
    assert status == 303, location
    table_id = location.rstrip("/").rsplit("/", 1)[1]
    _, table = served.call("GET", f"/api/tables/{table_id}")
    assert table["game"] == "toy" and table["status"] == "waiting"
    assert table["options"] == {
        "turn_limit": 30,
        "first_player": 0,
        "must_follow": True,
        "ties": "later",
    }
    assert [s["bot"] for s in table["seats"]] == [None, "normal"]


# --- the game's own words: its refusals and its reasons, in the reader's language ------------


def test_a_refusal_of_the_games_own_reads_in_its_words_on_the_page(served):
    path, _ = new_table(served, ["Ada", "Bo"], players=2)
    table_id = path.rsplit("/", 1)[1]
    _, html, _ = served.page(f"/t/{table_id}?e=must_follow&lang=en")
    assert toygame.TEXTS["en"]["no_must_follow"] in visible_text(html)


def test_the_french_history_ends_with_the_games_own_french_reason(served):
    path, secrets = new_table(served, ["Ada", "Bo"], players=2, seed=1, deck=SAME_HANDS)
    for move in MOVES:
        seat, _, text = move.partition(": ")
        post_move(served, path, secrets[int(seat)], text)
    _, watched = served.call("GET", f"{path}?lang=fr")
    ended = [e["text"] for e in watched["events"] if e["code"] == "ended"]
    assert "les mains sont vides" in ended[0].lower()
    # Its cards are named in the game's own French words ("rouge 1", "noir 2").
    played = [e["text"] for e in watched["events"] if e["code"] == "played"]
    assert played and all(re.search(r"\b(rouge|noir) [1-3]\b", t) for t in played), played
    assert not any(re.search(r"\b(red|black) [1-3]\b", t) for t in played), played


# --- GAMES in the instance's config.py --------------------------------------------------------


def test_games_in_the_instance_config_load_through_a_module_of_the_instance(tmp_path: Path):
    configure_instance(
        tmp_path, ["housegames"], {"housegames": f"from {MODULE} import *  # noqa: F403\n"}
    )
    with Server(house_env(tmp_path, games=None)) as server:
        _, answer = server.call("GET", "/api/games")
        assert "toy" in [game["name"] for game in answer["games"]]
        path, secrets = new_table(server, ["Ada"], players=2, bots={"1": "normal"})
        for _ in range(100):
            _, mine = server.call("GET", path, secret=secrets[0])
            if mine["status"] == "over":
                break
            if mine["actions"]:
                text = mine["actions"][-1]["text"]
                body = {"action": text, "version": mine["version"]}
                status, _ = server.call("POST", f"{path}/actions", body, secrets[0])
                assert status in (200, 409)
        assert mine["status"] == "over" and mine["outcome"]["reason"] in toygame.REASONS
        check_history(mine["events"])
