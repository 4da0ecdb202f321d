"""The table service on a real store with a clock the tests move: bot pacing, the wait while
a person may call GONG, bots alone at a table, and what each seat may know."""

from __future__ import annotations

import json
import threading

import pytest

from gong.referee.schedule import plan, table_robots
from server.tables.errors import TableError
from server.tables.referee_adapter import start as start_game
from server.tables.service import Settings, TableService

from .conftest import FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def service_on(store, clock, **settings) -> TableService:
    values = {"bot_delay": 0.8, "testing": True}  # call_wait: the default, 5 s
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
            due = service.answer(table, 0, "en")["due_at"]
            clock.advance(0.8)
            after = service.state(table_id, secret)[0].version
            if 0 in acting:  # the person may call GONG during the robot's turn
                last = table.meta["last_move"]
                assert due["window"] and due["at"] == pytest.approx(last + 5, abs=1e-3)
                assert after == before, "a robot moved while a person could still call GONG"
                clock.now = last + 4.95
                table = service.state(table_id, secret)[0]
                assert table.version == before, "the window is 5 seconds"
                assert service.answer(table, 0, "en")["due_at"]["in"] == pytest.approx(
                    0.05, abs=1e-3
                )
                clock.now = last + 5.05
                assert service.state(table_id, secret)[0].version == before + 1
                checked += 1
            else:
                assert not due["window"] and due["seat"] == table.game.current
                assert due["at"] == pytest.approx(table.meta["last_move"] + 0.8, abs=1e-3)
                assert due["in"] == pytest.approx(due["at"] - (clock() - 0.8), abs=1e-3)
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


# -- a person's move is never refused for a robot's ------------------------------------------


def test_a_move_made_while_only_robots_moved_is_played_on_the_newest_state(store, clock):
    """Ada's phone showed version v; a robot called GONG for itself while she chose. Her
    move, still legal, is played after the robot's instead of being refused."""
    found = 0
    for seed in range(1, 60):
        service = service_on(store, clock)
        table_id, secret = link_for_one(service, seed=seed, players=3)
        for _step in range(400):
            table, _seat = service.state(table_id, secret)
            if table.status == "over":
                break
            due = service.due(table)
            if table.game.current != 0:
                clock.advance(5.1)
                continue
            choice = next(a for a in table.game.legal_actions(0) if a.verb != "gong")
            seen = table.version
            if due is not None and due["seat"] != 0:  # a robot's move out of turn is due
                clock.advance(1.0)
                moved = service.state(table_id, None)[0]  # another phone applies it
                assert moved.version == seen + 1 and moved.settled <= seen
                played, seat = service.act(table_id, secret, None, choice.text, seen)
                assert seat == 0 and played.version == seen + 2
                robot_line, ada_line = played.game.log[-2:]
                assert not robot_line.startswith("0:") and ada_line == f"0: {choice.text}"
                found += 1
                break
            service.act(table_id, secret, None, choice.text, seen)
        if found >= 2:
            break
    assert found >= 2


def test_a_move_made_before_a_persons_change_is_refused_with_the_new_state(store, clock):
    service = service_on(store, clock)
    table_id, secret = link_for_one(service, players=2)
    table, _seat = service.state(table_id, secret)
    while table.game.current != 0:
        clock.advance(5.1)
        table, _seat = service.state(table_id, secret)
    seen = table.version
    first = table.game.legal_actions(0)[0]
    service.act(table_id, secret, None, first.text, seen)
    with pytest.raises(TableError) as refused:
        service.act(table_id, secret, None, first.text, seen)  # the same phone, twice
    assert refused.value.code == "stale"
    fresh, seat = refused.value.extra["fresh"]
    assert seat == 0 and fresh.version > seen


# -- play again, atomically ------------------------------------------------------------------


def _finished(service, clock) -> tuple[str, str]:
    """A finished LINK table of robots (its person left at once); its id and creator secret."""
    table, creator = service.create(
        {"game": "gong-link", "players": 3, "bots": {"1": "normal", "2": "easy"}, "seed": 5},
        "192.0.2.1",
    )
    _t, _s, secret = service.take_seat(table.id, 0, "Ada")
    service.leave(table.id, secret, None)
    while service.state(table.id, None)[0].status != "over":
        clock.advance(60)
    return table.id, creator


def test_two_requests_to_play_again_at_once_make_one_table(store, clock):
    service = service_on(store, clock, bot_delay=0, call_wait=0)
    table_id, creator = _finished(service, clock)
    before = store.count()
    start = threading.Barrier(2)
    results: list = []

    def again() -> None:
        start.wait()
        results.append(service.again(table_id, creator, "192.0.2.1"))

    racers = [threading.Thread(target=again) for _ in range(2)]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()
    assert len({table.id for table, _new in results}) == 1
    assert sorted(new for _table, new in results) == [False, True]
    assert store.count() == before + 1, "an orphan table holds the series' secrets"
    assert service.load(table_id).meta["next"] == results[0][0].id


def test_play_again_that_stopped_halfway_makes_the_reserved_table_next_time(store, clock):
    service = service_on(store, clock, bot_delay=0, call_wait=0)
    table_id, creator = _finished(service, clock)
    full = service_on(store, clock, bot_delay=0, call_wait=0, max_open=store.count())
    with pytest.raises(TableError) as refused:
        full.again(table_id, creator, "192.0.2.1")
    assert refused.value.code == "too_many_open"
    reserved = service.load(table_id).meta["next"]
    assert reserved and store.load(reserved) is None  # reserved, never made
    made, new = service.again(table_id, creator, "192.0.2.1")
    assert new and made.id == reserved
    assert service.again(table_id, creator, "192.0.2.1")[0].id == reserved


# -- the robots move by the referee's one policy -----------------------------------------------


@pytest.mark.parametrize("game", ["gong-link", "go-fish", "gang-of-four"])
def test_a_table_of_robots_plays_the_referees_plan_move_for_move(store, clock, game):
    service = service_on(store, clock, bot_delay=0, call_wait=0)
    levels = {1: "normal", 2: "easy", 3: "normal"}
    table, _creator = service.create(
        {"game": game, "players": 4, "bots": {str(s): k for s, k in levels.items()}, "seed": 9},
        "192.0.2.1",
    )
    _t, _s, secret = service.take_seat(table.id, 0, "Ada")
    service.leave(table.id, secret, None)  # seat 0: an easy robot from the first move
    played = service.state(table.id, None)[0]
    while played.status != "over":
        clock.advance(60)
        played = service.state(table.id, None)[0]
    levels[0] = "easy"
    game_here = start_game(game, 4, 9, played.meta["options"])
    while not game_here.is_over:
        game_here.apply(plan(game_here, table_robots(game_here, levels, 9)).action)
    assert game_here.log == played.game.log
