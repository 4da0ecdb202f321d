"""The one robot policy (`gong.referee.schedule`), over every registered game: who moves, in
which order, how long robots wait for a person, and how often each level notices a chance
out of turn (server/content/rules/en/link.md#say-gong)."""

from __future__ import annotations

import random

import pytest

from gong.referee import new_game
from gong.referee.bots import NOTICE, make_bot
from gong.referee.schedule import optional_seats, plan, table_robots, waited_for
from terminal.simulate import next_move

from .registry_cases import names

DELAY, WINDOW = 0.8, 5.0


@pytest.mark.parametrize("name", names())
def test_every_plan_is_a_robots_legal_move_in_the_stated_order(name):
    for seed in range(1, 6):
        game = new_game(name, players=min(4, _max_players(name)), seed=seed)
        rng = random.Random(seed)
        levels = {s: ("easy", "normal")[s % 2] for s in range(1, game.players)}
        for _step in range(3000):
            if game.is_over:
                break
            robots = table_robots(game, levels, seed)
            saved = game.to_json()
            found = plan(game, robots, delay=DELAY, window=WINDOW)
            assert game.to_json() == saved, "planning changed the game"
            assert plan(game, table_robots(game, levels, seed), delay=DELAY,
                        window=WINDOW) == found, "the same state planned twice differs"  # fmt: skip
            required = waited_for(game)
            optional = optional_seats(game)
            person_waits = 0 in optional
            if found is None:
                assert required == 0, "nobody moves although a robot holds the turn"
            else:
                assert found.seat in robots
                assert found.action in game.legal_actions(found.seat)
                assert found.window == person_waits
                assert found.wait == (WINDOW if person_waits else DELAY)
                order = sorted(optional, key=lambda s: (s - game.current) % game.players)
                before = order[: order.index(found.seat)] if found.seat in order else order
                for seat in before:  # every robot asked before it missed its chance
                    assert seat not in robots or not robots[seat].notices(game, seat)
                if found.seat != required:
                    assert robots[found.seat].notices(game, found.seat)
            # The person acts when the game waits for them, or half the time in a window.
            person_may = 0 in game.to_act()
            if person_may and (found is None or (found.window and rng.random() < 0.5)):
                game.apply(rng.choice(game.legal_actions(0)))
            else:
                game.apply(found.action)


def _max_players(name: str) -> int:
    from gong.referee import GAMES

    return GAMES[name].max_players


@pytest.mark.parametrize("name", names())
def test_the_simulator_moves_by_the_same_plan(name):
    game = new_game(name, players=_max_players(name), seed=11)

    def seated() -> dict:
        return {s: make_bot(("easy", "normal")[s % 2], name, 100 + s)
                for s in range(game.players)}  # fmt: skip

    ours, simulators = seated(), seated()  # twins: each draws from its own generator
    steps = 0
    while not game.is_over and steps < 2000:
        found = plan(game, ours)
        assert next_move(game, simulators) == (found.seat, found.action)
        game.apply(found.action)
        steps += 1


def _one_card_chances(level: str, games: int) -> list[bool]:
    """Whether a robot of `level` noticed each chance to catch or call in LINK, one answer per
    chance (asked at every move the chance stays open, it must not change its mind)."""
    answers: dict[tuple, bool] = {}
    for seed in range(games):
        game = new_game("gong-link", players=4, seed=seed)
        robots = {s: make_bot(level, "gong-link", seed * 8 + s) for s in range(4)}
        while not game.is_over:
            for seat in optional_seats(game):
                key = (seed, seat, game.chance(seat))
                noticed = robots[seat].notices(game, seat)
                assert answers.setdefault(key, noticed) == noticed, "changed its mind"
            game.apply(plan(game, robots).action)
    return list(answers.values())


def test_an_easy_robot_misses_about_half_its_chances_and_a_normal_one_none():
    assert NOTICE["easy"] == (1, 2) and NOTICE["normal"] == (1, 1)
    easy = _one_card_chances("easy", 150)
    assert len(easy) > 300
    assert 0.42 < sum(easy) / len(easy) < 0.58
    normal = _one_card_chances("normal", 60)
    assert normal and all(normal)


def test_a_robots_noticing_comes_from_its_own_seed_not_the_game():
    game = new_game("gong-link", players=4, seed=3)
    robots = {s: make_bot("normal", "gong-link", s) for s in range(1, 4)}
    while not game.is_over and not any(optional_seats(game)):
        game.apply(plan(game, {**robots, 0: make_bot("normal", "gong-link", 0)}).action)
    seat = optional_seats(game)[0]
    answers = {make_bot("easy", "gong-link", 0, chance_seed=k).notices(game, seat)
               for k in range(40)}  # fmt: skip
    assert answers == {True, False}  # the seed decides, the game state alone does not
    saved = game.to_json()
    make_bot("easy", "gong-link", 0).notices(game, seat)
    assert game.to_json() == saved


def _said_lacking(game, seat: int) -> set[tuple[int, str]]:
    """(player, rank) pairs `seat` knows the player lacks, as the table heard it: they said
    "Go fish" for it, or gave all theirs away, and have not drawn an unseen card since (a
    lucky draw is shown to all: it is the rank asked for)."""
    lacking: set[tuple[int, str]] = set()
    for event in game.events(seat):
        p = event.params
        if event.code == "not_held":
            lacking.add((p["player"], p["asked"]))
        elif event.code == "gave_rank":
            lacking.add((p["player"], p["rank"]))
        elif event.code == "drew":
            lacking = {(who, rank) for who, rank in lacking if who != p["player"]}
    return lacking


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_normal_go_fish_robot_never_asks_for_a_rank_just_said_to_be_lacking(players):
    """server/content/rules/en/go-fish.md#your-turn: two normal robots used to ask each other
    for the same rank over and over."""
    asked = repeated = 0
    for seed in range(60):
        game = new_game("go-fish", players=players, seed=seed)
        bots = {s: make_bot("normal", "go-fish", seed * 8 + s) for s in range(players)}
        while not game.is_over:
            found = plan(game, bots)
            action = found.action
            if action.verb == "ask":
                lacking = _said_lacking(game, found.seat)
                others = [a for a in game.legal_actions(found.seat)
                          if (a.target, a.rank) not in lacking]  # fmt: skip
                asked += 1
                if (action.target, action.rank) in lacking:
                    repeated += 1
                    assert not others, f"asked {action} though {others[0]} was open"
            game.apply(action)
    assert asked > 1000  # the few repeated asks left had no other ask open
