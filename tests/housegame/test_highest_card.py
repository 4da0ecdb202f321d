"""Highest card (the tests' game "toy", tests/referee/toygame.py) by its rules, on stacked
decks: who wins a trick, ties, who leads next, the end and the winner; its refusals, its
robot, its texts. The game is registered only while these tests run."""

from __future__ import annotations

import doctest
import inspect
import re

import pytest

from gong.referee import GAMES, IllegalAction, new_game
from gong.referee.bots import make_bot
from gong.referee.errors import COMMON_REFUSALS
from gong.referee.events import render
from gong.referee.registry import registered

from ..referee import toygame
from .house import cards

# Seat 0 is dealt the first six cards of a stacked deck, seat 1 the next six (2 players).
SAME_HANDS = cards("R1 R2 R3 B1 B2 B3 R1 R2 R3 B1 B2 B3")
REDS_AND_BLACKS = cards("R1 R1 R2 R2 R3 R3 B1 B1 B2 B2 B3 B3")


@pytest.fixture(autouse=True)
def _toy_registered():
    with registered(toygame.SPEC):
        yield


def deal(deck=SAME_HANDS, players=2, **options):
    return new_game("toy", players=players, seed=1, deck=deck, options=options)


def play(game, *moves):
    """Each move as "seat: text", applied in order."""
    for move in moves:
        seat, _, text = move.partition(":")
        game.apply(game.parse_action(text, int(seat)))


def last(game, code):
    return [e.to_dict()["params"] for e in game.events(None) if e.code == code][-1]


# --- the deal -------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "size"), [(2, 6), (3, 4), (4, 3)])
def test_every_card_is_dealt_evenly(players, size):
    game = new_game("toy", players=players, seed=5)
    assert [len(h) for h in game.hands] == [size] * players
    assert game.view(None)["table"]["tricks_in_game"] == size
    assert game.current == 0 and game.to_act() == [0]


def test_a_stacked_deck_deals_its_first_cards_to_seat_0():
    game = deal(REDS_AND_BLACKS)
    assert game.view(0)["hand"] == ["R1", "R1", "R2", "R2", "R3", "R3"]
    assert game.view(1)["hand"] == ["B1", "B1", "B2", "B2", "B3", "B3"]
    assert "hand" not in game.view(None)
    dealt = [e for e in game.events(1) if e.code == "dealt"]
    assert [e.params.get("cards") for e in dealt] == [None, ("B1", "B1", "B2", "B2", "B3", "B3")]


def test_one_action_per_card_held_each_copy_once():
    game = deal(REDS_AND_BLACKS)
    assert [a.text for a in game.legal_actions(0)] == ["play R1", "play R2", "play R3"]
    assert game.legal_actions(1) == []


# --- a trick --------------------------------------------------------------------------------


def test_the_highest_number_wins_the_trick_and_its_winner_leads_the_next():
    game = deal()
    play(game, "0: play R3", "1: play B1")
    assert game.tricks == [1, 0] and game.current == 0
    assert last(game, "won_trick") == {"player": 0, "card": "R3", "trick": 1}
    play(game, "0: play R1", "1: play B2")  # the follower's higher card takes it
    assert game.tricks == [1, 1] and game.current == 1 and game.to_act() == [1]
    assert last(game, "won_trick") == {"player": 1, "card": "B2", "trick": 2}
    play(game, "1: play R3")
    assert last(game, "led") == {"player": 1, "card": "R3", "trick": 3}


def test_colour_does_not_count_only_the_number():
    game = deal(REDS_AND_BLACKS)
    play(game, "0: play R2", "1: play B3")
    assert game.tricks == [0, 1] and game.current == 1


def test_a_tie_goes_to_the_player_who_played_earlier():
    game = deal()
    play(game, "0: play R2", "1: play B2")
    assert game.tricks == [1, 0] and game.current == 0
    play(game, "0: play R1", "1: play B3", "1: play B1", "0: play B1")  # seat 1 led the tie
    assert game.tricks == [1, 2] and game.current == 1
    assert game.stats["ties"] == 2


def test_with_ties_later_a_tie_goes_to_the_later_player():
    game = deal(ties="later")
    play(game, "0: play R2", "1: play B2")
    assert game.tricks == [0, 1] and game.current == 1


def test_ties_among_three_go_to_the_earliest_of_the_tied():
    deck = cards("R1 R2 R3 B3 B1 B2 R3 R1 R2 B1 B2 B3")  # four cards each
    game = deal(deck, players=3)
    play(game, "0: play R1", "1: play R3", "2: play B3")
    assert game.tricks == [0, 1, 0] and game.current == 1
    game = deal(deck, players=3, ties="later")
    play(game, "0: play R1", "1: play R3", "2: play B3")
    assert game.tricks == [0, 0, 1] and game.current == 2


def test_the_trick_lies_face_up_until_its_winner_leads_the_next():
    game = deal()
    play(game, "0: play R3", "1: play B1")
    table = game.view(1)["table"]
    assert table["trick"] == ["R3", "B1"] and table["won_by"] == 0 and table["leader"] == 0
    assert game.codes(game.public_cards()) == ["R3", "B1"]
    play(game, "0: play B2")
    table = game.view(None)["table"]
    assert table["trick"] == ["B2"] and table["won_by"] is None and table["trick_no"] == 2
    assert game.codes(game.won[0]) == ["R3", "B1"]  # face down now: no longer public
    assert game.codes(game.public_cards()) == ["B2"]


# --- the end --------------------------------------------------------------------------------


def test_when_the_hands_are_empty_the_most_tricks_win():
    game = deal()
    play(
        game,
        *("0: play R3", "1: play R1"),  # 0
        *("0: play B3", "1: play R2"),  # 0
        *("0: play R2", "1: play R3"),  # 1
        *("1: play B3", "0: play R1"),  # 1
        *("1: play B2", "0: play B2"),  # tie: 1 led
        *("1: play B1", "0: play B1"),  # tie: 1 led
    )
    assert game.is_over and game.to_act() == [] and game.legal_actions(1) == []
    assert game.outcome.to_dict() == {"reason": "most_tricks", "winners": [1], "scores": [2, 4]}
    assert game.turn == 12 and game.stats == {"tricks_played": 6, "ties": 2}
    assert game.outcome.describe("toy") == "player 1 won: the hands are empty: the most tricks won"
    with pytest.raises(IllegalAction) as refused:
        game.apply(game.parse_action("play R1", 0))
    assert refused.value.code == "game_over"


def test_equal_tricks_share_the_win():
    game = deal()
    play(game, "0: play R3", "1: play R1", "0: play B3", "1: play R2", "0: play R2", "1: play R3")
    play(game, "1: play B2", "0: play R1", "1: play B3", "0: play B1", "1: play B1", "0: play B2")
    assert game.tricks == [3, 3] and game.outcome.winners == (0, 1)
    assert game.outcome.describe("toy").startswith("player 0 and player 1 won")


def test_at_the_turn_limit_the_most_tricks_so_far_win():
    game = deal(turn_limit=3)
    play(game, "0: play R3", "1: play B1", "0: play B2")
    assert game.outcome.to_dict() == {"reason": "turn_limit", "winners": [0], "scores": [1, 0]}


# --- refusals -------------------------------------------------------------------------------


def test_refusals_name_the_rule_and_change_nothing():
    game = deal(REDS_AND_BLACKS, must_follow=True)
    before = game.clone()
    cases = [
        ("1: play B1", "not_your_turn"),
        ("0: play B1", "not_in_hand"),
    ]
    for move, code in cases:
        seat, _, text = move.partition(":")
        with pytest.raises(IllegalAction) as refused:
            game.apply(game.parse_action(text, int(seat)))
        assert refused.value.code == code, move
    with pytest.raises(IllegalAction) as refused:
        game.parse_action("draw", 0)
    assert refused.value.code == "unknown_action"
    with pytest.raises(IllegalAction) as refused:
        game.parse_action("play R1 R2", 0)
    assert refused.value.code == "unreadable"
    assert game == before


def test_every_refusal_it_can_give_is_declared_in_its_spec():
    raised = set(re.findall(r'IllegalAction\(\s*"(\w+)"', inspect.getsource(toygame)))
    assert raised - COMMON_REFUSALS == set(GAMES["toy"].refusals) == {"not_in_hand", "must_follow"}


def test_must_follow_makes_a_player_holding_the_colour_led_follow_it():
    deck = cards("R1 R2 B1 B2 B3 B3 R3 R3 R1 R2 B1 B2")
    game = deal(deck, must_follow=True)
    play(game, "0: play B1")
    assert [a.text for a in game.legal_actions(1)] == ["play B1", "play B2"]
    with pytest.raises(IllegalAction) as refused:
        game.apply(game.parse_action("play R3", 1))
    assert refused.value.code == "must_follow" and refused.value.params["colour"] == "B"
    assert "Follow the colour led" in refused.value.message
    play(game, "1: play B2")  # it wins: B2 beats B1
    assert [a.text for a in game.legal_actions(1)] == ["play B1", "play R1", "play R2", "play R3"]
    play(game, "1: play R3")  # leading, any card; seat 0 holds red, so red it is
    assert [a.text for a in game.legal_actions(0)] == ["play R1", "play R2"]
    free = deal(deck)
    play(free, "0: play B1")
    assert len(free.legal_actions(1)) == 5  # without the rule, any card


# --- its robot and its texts ----------------------------------------------------------------


def test_the_normal_robot_leads_high_and_takes_a_trick_as_cheaply_as_it_can():
    game = deal()
    bot = make_bot("normal", "toy", seed=1)
    assert bot.choose(game, 0).text == "play R3"
    play(game, "0: play R2")
    assert bot.choose(game, 1).text == "play B3"  # the lowest card that beats a 2
    play(game, "1: play B3", "1: play R3")
    assert bot.choose(game, 0).text == "play B1"  # nothing beats a 3: its lowest card


def test_the_robot_takes_a_tie_with_ties_later():
    game = deal(ties="later")
    play(game, "0: play R2")
    assert make_bot("normal", "toy", seed=1).choose(game, 1).text == "play B2"


def test_robots_of_both_levels_finish_every_player_count():
    assert GAMES["toy"].levels == ("easy", "normal")
    for players in (2, 3, 4):
        for seed in range(10):
            game = new_game("toy", players=players, seed=seed)
            bots = [make_bot(("normal", "easy")[s % 2], "toy", seed * 8 + s) for s in range(4)]
            while not game.is_over:
                game.apply(bots[game.current].choose(game, game.current))
            assert game.outcome.reason == "most_tricks" and game.turn == 12
            assert sum(game.outcome.scores) == 12 // players


def test_every_event_reads_in_english():
    game = deal()
    play(game, "0: play R3", "1: play B1", "0: play R1", "1: play B2")
    texts = [render(e, game="toy") for e in game.events(0)]
    assert texts == [
        "Player 0 got R1 R2 R3 B1 B2 B3.",
        "Player 1 got 6 cards.",
        "Player 0 led R3 to trick 1.",
        "Player 1 played B1.",
        "Player 0 won trick 1 with R3.",
        "Player 0 led R1 to trick 2.",
        "Player 1 played B2.",
        "Player 1 won trick 2 with B2.",
    ]


def test_its_catalog_has_the_texts_a_page_needs():
    spec = GAMES["toy"]
    english, french = spec.texts["en"], spec.texts["fr"]
    shown = [name for name in spec.options if name != "first_player"]
    needed = {"game_toy", "verb_play", *(f"opt_{o}" for o in shown)}
    needed |= {f"reason_{r}" for r in spec.reasons}
    assert needed <= set(english)
    assert set(french) < set(english)  # some on purpose: those read in English
    assert {"opt_ties", "no_must_follow"} <= set(english) - set(french)


def test_its_docstring_examples_run():
    result = doctest.testmod(toygame)
    assert result.attempted > 0 and result.failed == 0
