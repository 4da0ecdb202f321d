"""Random simulation over every variant and player count, with invariants after every action.

Like OpenSpiel's games_sim_test: one test body for every game. After every action all 56
cards are accounted for exactly once, only the seats allowed to act have actions (another
seat's action is refused and changes nothing), every game ends within its turn limit, saving
and replaying the log reproduce the state at random points, and no view shows another
player's hidden card.
"""

from __future__ import annotations

import json
import random

import pytest

from gong.cards import DECK
from gong.referee import GAMES, IllegalAction, from_json, new_game, replay
from gong.referee.actions import Action

VARIANTS = ["gong-link", "gong-family", "gong-fight"]
ALL_CARDS = list(range(len(DECK)))
GAMES_PER_CASE = 300
SLOW_GAMES_PER_CASE = 3000


def options_for(name: str, players: int, rng: random.Random) -> dict:
    """Mix the house rules in, so every option is exercised by the same invariants."""
    options = {"first_player": rng.randrange(players)}
    if name == "gong-link":
        options["may_draw_instead"] = rng.random() < 0.3
    if name == "gong-fight":
        options["challenges"] = rng.choice(["report", "random"])
        options["drawn_card_to_hand"] = rng.random() < 0.3
    return options


def hidden_cards_leak(g, seat: int | None) -> list[str]:
    text = json.dumps(g.view(seat))
    return [
        DECK[c].code
        for s, hand in enumerate(g.hands)
        if s != seat
        for c in hand
        if f'"{DECK[c].code}"' in text
    ]


def check_saving(g, name, players, seed, options, with_replay: bool) -> None:
    restored = from_json(g.to_json(), **({"missions": g.book} if hasattr(g, "book") else {}))
    assert restored == g
    assert g.clone() == g
    if with_replay:
        keywords = {"missions": g.book} if hasattr(g, "book") else {}
        assert replay(name, players, seed, g.log, options=options, **keywords) == g


def play_checked_game(name: str, players: int, seed: int) -> int:
    rng = random.Random(f"{name}/{players}/{seed}")
    options = options_for(name, players, rng)
    g = new_game(name, players=players, seed=seed, options=options)
    limit = GAMES[name].options["turn_limit"]
    actions = 0
    while not g.is_over:
        acting = g.to_act()
        assert acting and acting == sorted(set(acting))
        for s in range(players):
            assert bool(g.legal_actions(s)) == (s in acting), (s, acting)
        seat = rng.choice(acting)
        action = rng.choice(g.legal_actions(seat))
        if rng.random() < 0.05:
            outsiders = [s for s in range(players) if s not in acting]
            if outsiders:
                intruder = Action(rng.choice(outsiders), *action[1:])
                before = g.clone()
                with pytest.raises(IllegalAction):
                    g.apply(intruder)
                assert g == before
        g.apply(action)
        actions += 1
        assert sorted(g.all_cards()) == ALL_CARDS
        assert g.turn <= limit
        if rng.random() < 0.01:
            check_saving(g, name, players, seed, options, with_replay=rng.random() < 0.2)
        if rng.random() < 0.02:
            for s in (*range(players), None):
                assert not hidden_cards_leak(g, s)
    assert g.outcome.reason in (
        "out_of_cards",
        "all_passed",
        "all_families",
        "no_moves",
        "turn_limit",
    )
    assert g.outcome.winners and len(g.outcome.scores) == players
    assert all(g.legal_actions(s) == [] for s in range(players)) and g.to_act() == []
    for s in (*range(players), None):
        assert not hidden_cards_leak(g, s)
    check_saving(g, name, players, seed, options, with_replay=seed % 5 == 0)
    return actions


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("name", VARIANTS)
def test_random_games_keep_every_invariant(name, players):
    for seed in range(GAMES_PER_CASE):
        play_checked_game(name, players, seed)


@pytest.mark.slow
@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("name", VARIANTS)
def test_many_random_games_keep_every_invariant(name, players):
    for seed in range(GAMES_PER_CASE, GAMES_PER_CASE + SLOW_GAMES_PER_CASE):
        play_checked_game(name, players, seed)
