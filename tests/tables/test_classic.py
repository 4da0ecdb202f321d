"""Go Fish, Go Boom and Gang of Four at a table: played to the end through the API, moved by
form on the page, their history in words in every language, their card looks."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from gong.decks import GANG_OF_FOUR, STANDARD
from gong.referee.registry import GAMES
from server.tables import referee_adapter
from server.tables.show import card
from server.texts import TEXTS

from .helpers import bearer, look, new_table, sit

# Short matches, so the suite stays fast.
CLASSIC = {
    "go-fish": {},
    "go-boom": {"rounds": 1},
    "gang-of-four": {"target_score": 10},
}
_TOKEN = re.compile(r'name="csrf" value="([^"]+)"')
_RAW_CARD = re.compile(r"\b((10|[2-9AJQK])[SHDC]|[GYR]\d{1,2}|JK\d|PG|PY|DR|M1)\b")


def _table(
    app,
    game: str,
    seed: int = 5,
    robots: tuple[str, ...] = ("normal", "easy"),
    options: dict[str, Any] | None = None,
):
    """A started table of `game`: seat 0 a person (its secret), then one robot of each kind
    in `robots`; `options` over the game's usual ones here."""
    api = app.test_client()
    bots = {str(seat): kind for seat, kind in enumerate(robots, start=1)}
    asked = {**CLASSIC[game], **(options or {})}
    made = new_table(api, game=game, players=1 + len(robots), bots=bots, seed=seed, options=asked)
    return made["id"], sit(api, made["id"], 0, "Ada")["secret"]


@pytest.mark.parametrize("game", CLASSIC)
def test_a_person_and_two_robots_play_a_classic_game_to_its_end(app, game):
    table_id, secret = _table(app, game)
    api = app.test_client()
    pick = random.Random(game)
    moves = 0
    for _ in range(3000):
        state = look(api, table_id, secret)
        if state["status"] == "over":
            break
        if state["legal"]:
            action = pick.choice(state["legal"])
            body = {"action": action, "version": state["version"]}
            moved = api.post(f"/api/tables/{table_id}/actions", json=body, headers=bearer(secret))
            assert moved.status_code == 200, moved.get_json()
            moves += 1
    assert state["status"] == "over" and moves > 0
    assert state["outcome"]["reason"] in {*GAMES[game].reasons, "turn_limit"}
    assert state["outcome"]["winners"]
    # Every event of the finished game reads as words in every language.
    for lang in ("en", "fr", "sv"):
        shown = look(api, table_id, secret, lang=lang)
        for event in shown["events"]:
            text = event["text"]
            assert "{" not in text and not text.startswith(event["code"] + " "), event
            assert not _RAW_CARD.search(text), event


def test_every_classic_event_and_reason_has_french_and_swedish_words():
    from gong.referee.events import texts_of

    ENGLISH = {**texts_of(None), **referee_adapter.ENGLISH_TEXTS}  # the site's own codes too
    built_in = [spec for spec in GAMES.values() if spec.factory.__module__.startswith("gong.")]
    reasons = {r for spec in built_in for r in spec.reasons} | {"turn_limit"}
    for lang in ("fr", "sv"):
        assert set(ENGLISH) <= set(referee_adapter.EVENT_TEXTS[lang]), lang
        for code, (full, _hidden) in referee_adapter.EVENT_TEXTS[lang].items():
            wanted = set(re.findall(r"{(\w+)}", ENGLISH[code][0])) if code in ENGLISH else set()
            assert set(re.findall(r"{(\w+)}", full)) == wanted, (lang, code)
        assert reasons <= set(referee_adapter.REASON_TEXTS[lang]), lang
    for reason in reasons:
        for lang in TEXTS:
            assert f"reason_{reason}" in TEXTS[lang], lang


def _page(client: FlaskClient, table_id: str, lang: str = "en") -> str:
    page = client.get(f"/t/{table_id}?lang={lang}")
    assert page.status_code == 200
    return page.get_data(as_text=True)


def _move_form(html: str) -> dict[str, str]:
    form = re.search(
        r'<form method="post" action="[^"]*/move" class="move"[^>]*>.*?</form>', html, re.S
    )
    assert form, "no move form"
    text = form.group(0)
    return {
        "csrf": _TOKEN.search(text).group(1),
        "version": re.search(r'name="version" value="(\d+)"', text).group(1),
        "seat": re.search(r'name="seat" value="(\d+)"', text).group(1),
        "html": text,
    }


def _seated_client(app, game: str, seed: int = 5, **table: Any) -> tuple[FlaskClient, str]:
    table_id, secret = _table(app, game, seed, **table)
    client = app.test_client()
    client.set_cookie(f"gs_{table_id}", secret, path=f"/t/{table_id}")
    return client, table_id


def _post(client: FlaskClient, table_id: str, form: dict[str, str], lang: str = "en", **data):
    fields: dict[str, Any] = {k: form[k] for k in ("csrf", "version", "seat")}
    fields.update(data)
    return client.post(f"/t/{table_id}/move?lang={lang}", data=fields)


def _moved(client, table_id, form, **data) -> None:
    before = int(form["version"])
    answer = _post(client, table_id, form, **data)
    assert answer.status_code == 303 and "e=" not in answer.headers["Location"], answer.headers
    assert int(_move_form(_page(client, table_id))["version"]) > before


def _refused_in_swedish(client, table_id, form, **data) -> None:
    answer = _post(client, table_id, form, lang="sv", **data)
    location = answer.headers["Location"]
    assert "e=" in location
    again = client.get(location + "&lang=sv").get_data(as_text=True)
    code = re.search(r"e=(\w+)", location).group(1)
    assert TEXTS["sv"][f"no_{code}"] in again.replace("&#39;", "'")
    assert _move_form(again)["version"] == form["version"]  # nothing changed


def test_go_fish_asks_a_player_for_a_rank_by_form(app):
    client, table_id = _seated_client(app, "go-fish")
    html = _page(client, table_id)
    assert "Which rank?" in html and "Ask whom?" in html
    form = _move_form(html)
    asks = re.findall(r'<option value="(\w+)">', form["html"])
    held = re.findall(r'<span class="sr">(\w+)[♠♥♦♣]</span>', form["html"])
    assert asks and set(asks) <= set(held)
    missing = next(r for r in ("2", "3", "4", "5", "6", "7", "8", "9", "J", "Q", "K", "A")
                   if r not in held)  # fmt: skip
    _refused_in_swedish(client, table_id, form, verb="ask", to="1", ask=missing)
    _refused_in_swedish(client, table_id, form, verb="ask", to="0", ask=asks[0])
    _moved(client, table_id, form, verb="ask", to="1", ask=asks[0])


def test_go_fish_for_two_names_the_ranks_and_chooses_the_only_other_player(app):
    client, table_id = _seated_client(app, "go-fish", 4, robots=("normal",))
    form = _move_form(_page(client, table_id))
    assert re.findall(r'name="to" value="(\d)"( checked)?', form["html"]) == [("1", " checked")]
    options = dict(re.findall(r'<option value="(\w+)">([^<]+)</option>', form["html"]))
    letters = {code: text for code, text in options.items() if not code.isdigit()}
    assert letters and all(
        text == f"{code} ({word})"
        for code, text in letters.items()
        for word in [{"J": "jacks", "Q": "queens", "K": "kings", "A": "aces"}[code]]
    ), letters
    _moved(client, table_id, form, verb="ask", to="1", ask=next(iter(options)))


def test_go_fish_with_the_exact_card_rule_asks_for_one_card(app):
    client, table_id = _seated_client(app, "go-fish", options={"exact_card": True})
    form = _move_form(_page(client, table_id))
    asks = re.findall(r'<option value="(\w+)">', form["html"])
    assert asks and all(re.fullmatch(r"(10|[2-9JQKA])[SHDC]", a) for a in asks)
    assert "Which card?" in form["html"]
    _moved(client, table_id, form, verb="ask", to="2", ask=asks[-1])


def test_go_boom_plays_a_card_or_draws_by_form_and_a_wrong_card_is_refused(app):
    for seed in range(5, 40):
        client, table_id = _seated_client(app, "go-boom", seed)
        html = _page(client, table_id)
        form = _move_form(html)
        idle = re.findall(r'name="card" value="(\w+)" disabled', form["html"])
        if idle:
            break
    assert "Round 1 of 1" in html and "total: 0" in html
    # A card that does not match the top card: the referee says why, in Swedish.
    _refused_in_swedish(client, table_id, form, verb="play", card=idle[0])
    playable = re.findall(r'name="card" value="(\w+)" data-for="play"', form["html"])
    if playable:
        _moved(client, table_id, form, verb="play", card=playable[0])
    else:
        _moved(client, table_id, form, action="draw")


def test_gang_of_four_plays_several_cards_and_twins_are_picked_one_by_one(app):
    for seed in range(5, 60):
        client, table_id = _seated_client(app, "gang-of-four", seed)
        html = _page(client, table_id)
        form = _move_form(html)
        hand = re.findall(r'name="card" value="(\w+)"', form["html"])
        twins = sorted({c for c in hand if hand.count(c) == 2})
        legal = look(app.test_client(), table_id, _secret_of(client, table_id))["legal"]
        pairs = [a for a in legal if a.startswith("play ") and len(set(a.split()[1:])) == 1
                 and len(a.split()) == 3]  # fmt: skip
        if twins and pairs and not any(a == "pass" for a in legal):
            break
    assert "Round 1 · the match ends at 10 points" in html and "Put aside: 16 cards" in html
    # Each of two identical cards has its own box.
    assert len(re.findall(rf'name="card" value="{twins[0]}"', form["html"])) == 2
    # A lead that is no combination is refused in Swedish.
    odd = [c for c in dict.fromkeys(hand) if c[0] in "GYR"]
    ranks = {}
    for c in odd:
        ranks.setdefault(c[1:], c)
    two = list(ranks.values())
    loose = next((a, b) for a in two for b in two if abs(int(a[1:]) - int(b[1:])) > 1)
    _refused_in_swedish(client, table_id, form, verb="play", card=list(loose))
    twin = pairs[0].split()[1]
    data = {"verb": "play", "card": [twin, twin]}
    before = int(form["version"])
    answer = _post(client, table_id, form, **data)
    assert "e=" not in answer.headers["Location"]
    after = _page(client, table_id)
    assert int(re.search(r'data-version="(\d+)"', after).group(1)) > before
    assert (
        f"Ada played {card(twin, 'en', GANG_OF_FOUR)['name']}, {card(twin, 'en', GANG_OF_FOUR)['name']} (pair)."
        in after
    )


def _secret_of(client: FlaskClient, table_id: str) -> str:
    return client.get_cookie(f"gs_{table_id}", path=f"/t/{table_id}").value


@pytest.mark.parametrize(
    ("code", "lang", "name", "look"),
    [
        ("QS", "en", "Q♠", "s-black"),
        ("10H", "fr", "10♥", "s-red"),
        ("JK1", "sv", "joker", "s-joker"),
        ("G7", "en", "green 7", "g-green"),
        ("Y7", "fr", "7 jaune", "g-yellow"),  # the number first, as French says it
        ("R10", "sv", "röd 10", "g-red"),
        ("M1", "en", "multicoloured 1", "g-multi"),
        ("PG", "fr", "phénix vert", "g-green"),
        ("PY", "en", "yellow phoenix", "g-yellow"),
        ("DR", "sv", "drake", "g-red"),
    ],
)
def test_classic_cards_have_a_look_and_a_spoken_name(code, lang, name, look):
    deck = STANDARD if STANDARD.has(code) else GANG_OF_FOUR
    drawn = card(code, lang, deck)
    assert drawn["name"] == name and drawn["look"] == look


def _luminance(hex_colour: str) -> float:
    channels = [int(hex_colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_classic_card_colours_contrast_at_least_4_5_to_1():
    from pathlib import Path

    css = (Path(__file__).parents[2] / "server/static/cards.css").read_text()
    for name in ("s-red", "s-black", "s-joker", "g-red", "g-green", "g-yellow", "g-multi"):
        found = re.search(rf"\.{name}\{{--fc:(#[0-9a-f]+);--fs:(#[0-9a-f]+)\}}", css)
        assert found, name
        colours = [
            c if len(c) == 7 else "#" + "".join(2 * x for x in c[1:]) for c in found.groups()
        ]
        light, dark = sorted(map(_luminance, colours), reverse=True)
        assert (light + 0.05) / (dark + 0.05) >= 4.5, name


def test_every_registered_game_is_a_classic_game_here_or_a_gong_variant():
    """A new built-in game needs its table tests here: one not named fails this."""
    built_in = {name for name, spec in GAMES.items() if spec.factory.__module__.startswith("gong.")}
    gong = {name for name in built_in if name.startswith("gong-")}
    assert built_in - gong == set(CLASSIC)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_play_page_of_every_game_names_its_options_in_every_language(app, game):
    client = app.test_client()
    for lang in ("en", "fr", "sv"):
        page = client.get(f"/play?game={game}&lang={lang}")
        assert page.status_code == 200, (game, lang)
