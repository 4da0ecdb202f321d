"""The table service on a real store with a clock the tests move: bot pacing, the wait while
a person may call GONG, bots alone at a table, and what each seat may know."""

from __future__ import annotations

import json

import pytest

from server.tables.referee_adapter import STATE_FORMAT
from server.tables.service import Settings, TableService

from .conftest import FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def store(make_store):
    return make_store(state_format=STATE_FORMAT)


def service_on(store, clock, **settings) -> TableService:
    values = {"bot_delay": 0.8, "call_wait": 3.0, "testing": True}
    values.update(settings)
    return TableService(store, Settings(**values), clock=clock)


def link_for_one(service, seed=1, players=2):
    """A started LINK table: seat 0 a person (their secret), the others bots."""
    bots = {str(s): "normal" for s in range(1, players)}
    table, _creator = service.create(
        {"game": "gong-link", "players": players, "bots": bots, "seed": seed}, "192.0.2.1"
    )
    _table, _seat, secret = service.take_seat(table.id, 0, "Ada")
    return table.id, secret


def test_bots_move_one_at_a_time_at_their_pace(store, clock):
    service = service_on(store, clock, call_wait=0.8)
    table_id, secret = link_for_one(service, players=3)
    table, _seat = service.state(table_id, secret)
    legal = [a for a in table.game.legal_actions(0) if a.verb != "gong"]
    played, _ = service.act(table_id, secret, None, str(legal[0]), table.version)
    version = played.version
    assert service.state(table_id, secret)[0].version == version  # not due yet
    clock.advance(0.5)
    assert service.state(table_id, secret)[0].version == version
    clock.advance(0.3)
    assert service.state(table_id, secret)[0].version == version + 1  # exactly one move
    clock.advance(0.8)
    assert service.state(table_id, secret)[0].version == version + 2


def test_bots_wait_while_a_person_may_still_call_gong(store, clock):
    checked = 0
    for seed in range(1, 40):
        service = service_on(store, clock)
        table_id, secret = link_for_one(service, seed=seed)
        for _step in range(600):
            table, _seat = service.state(table_id, secret)
            if table.status == "over":
                break
            acting = table.game.to_act()
            if table.game.current == 0:
                moves = [a for a in table.game.legal_actions(0) if a.verb != "gong"]
                service.act(table_id, secret, None, str(moves[0]), table.version)
                continue
            before = table.version
            clock.advance(0.8)
            after = service.state(table_id, secret)[0].version
            if 0 in acting:  # the person may call GONG during the bot's turn
                assert after == before, "a bot moved while a person could still call GONG"
                clock.advance(2.2)
                assert service.state(table_id, secret)[0].version == before + 1
                checked += 1
            else:
                assert after == before + 1
        if checked >= 2:
            break
    assert checked >= 2


def test_bots_alone_at_a_table_move_only_when_asked_and_at_a_pace_to_follow(store, clock):
    service = service_on(store, clock, call_wait=0.8)
    table_id, secret = link_for_one(service, players=3)
    left = service.leave(table_id, secret, None)  # an absent person: an easy robot plays
    assert [s["bot"] for s in left.seats] == ["easy", "normal", "normal"]
    clock.advance(600)  # nobody asks: nothing is done, nothing is written
    assert store.load(table_id).version == left.version
    table, seat = service.state(table_id, None)
    assert seat is None
    assert table.version == left.version + 2  # a short catch-up, not 750 moves at once
    clock.advance(0.8)
    assert service.state(table_id, None)[0].version == left.version + 3
    clock.advance(0.4)
    assert service.state(table_id, None)[0].version == left.version + 3


def test_a_fight_gift_shows_its_card_to_the_giver_and_the_receiver_only(store, clock):
    service = service_on(store, clock, bot_delay=0, call_wait=0)
    gifts = 0
    for seed in range(1, 30):
        table, creator = service.create(
            {"game": "gong-fight", "players": 3, "bots": {"1": "easy", "2": "normal"},
             "seed": seed}, "192.0.2.1"
        )  # fmt: skip
        _t, _s, secret = service.take_seat(table.id, 0, "Ada")
        for _step in range(500):
            table, _seat = service.state(table.id, secret)
            if table.status == "over":
                break
            legal = table.game.legal_actions(0)
            if legal:
                service.act(table.id, secret, None, str(legal[-1]), table.version)
        moves = table.meta["moves"]
        for seq, line in enumerate(table.game.log, start=1):
            actor, _, text = line.partition(": ")
            if not text.startswith("give "):
                continue
            card, receiver = text.split()[1], int(text.split()[-1])
            gifts += 1
            for reader in (None, 0, 1, 2):
                seen = [
                    e for e in service.events(table, reader, "en") if e["version"] == moves[seq - 1]
                ]
                assert seen, "every version has an event"
                shown = json.dumps([e["params"] for e in seen]) + " ".join(e["text"] for e in seen)
                knows = reader in (int(actor), receiver)
                assert (card in shown) == knows, (reader, line, seen)
        if gifts >= 3:
            break
    assert gifts >= 3


def test_the_seat_to_act_answers_in_pass_mode(store, clock):
    service = service_on(store, clock, bot_delay=0, call_wait=0)
    table, creator = service.create(
        {"game": "gong-link", "players": 3, "mode": "pass", "names": {"0": "A", "1": "B", "2": "C"},
         "seed": 2}, "192.0.2.1"
    )  # fmt: skip
    for _ in range(6):
        table, seat = service.state(table.id, creator)
        assert table.game.to_act()[0] == seat or seat in table.game.to_act()
        first = [a for a in table.game.legal_actions(seat) if a.verb != "gong"][0]
        service.act(table.id, creator, seat, str(first), table.version)


def test_pass_mode_answers_for_the_player_whose_turn_it_is_before_a_gong_caller(store, clock):
    service = service_on(store, clock, bot_delay=0, call_wait=0)
    for seed in range(1, 40):
        table, creator = service.create(
            {"game": "gong-link", "players": 2, "mode": "pass", "names": {"0": "A", "1": "B"},
             "seed": seed}, "192.0.2.1"
        )  # fmt: skip
        for _ in range(300):
            table, seat = service.state(table.id, creator)
            if table.status == "over":
                break
            acting = table.game.to_act()
            if len(acting) > 1:  # one may call GONG while the other plays
                assert seat == table.game.current
                first = str(table.game.legal_actions(seat)[0])
                _played, chosen = service.act(table.id, creator, None, first, table.version)
                assert chosen == seat
                return
            moves = [a for a in table.game.legal_actions(seat) if a.verb != "gong"]
            service.act(table.id, creator, seat, str(moves[0]), table.version)
    raise AssertionError("no deal let a player call GONG during the other's turn")


def test_a_fight_table_plays_the_sites_missions_and_loads_after_they_move(tmp_path, monkeypatch):
    """The site's own mission book is the table's; its save names no folder, so the table
    loads on after the missions move to another folder (a redeploy), and a reworded text
    never breaks it."""
    import shutil

    from gong.missions import BUNDLED_MISSIONS

    from .helpers import look, make_app, new_table, sit

    monkeypatch.setenv("GONG_INSTANCE", str(tmp_path / "instance"))
    first = tmp_path / "release-1" / "missions"
    shutil.copytree(BUNDLED_MISSIONS, first)
    app = make_app(GONG_MISSIONS=str(first))
    api = app.test_client()
    made = new_table(api, game="gong-fight", players=2, bots={"1": "easy"}, seed=4)
    secret = sit(api, made["id"], 0, "Zoe")["secret"]
    before = look(api, made["id"], secret)
    table = app.extensions["gong_tables"].service.load(made["id"])
    assert table.game.book is app.extensions["gong"].book
    assert str(first) not in table.loaded.state

    second = tmp_path / "release-2" / "missions"
    shutil.copytree(first, second)
    shutil.rmtree(tmp_path / "release-1")
    reworded = second / "lang" / "fr.yaml"
    reworded.write_text(reworded.read_text().replace("Donne", "Offre", 1))
    moved = make_app(GONG_MISSIONS=str(second)).test_client()
    after = look(moved, made["id"], secret)
    assert after["version"] == before["version"] and after["legal"] == before["legal"]
