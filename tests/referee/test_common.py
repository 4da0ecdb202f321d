"""The referee's API and the rules common to every GONG variant
(server/content/rules/en/index.md#in-every-game and server/content/rules/en/jokers.md)."""

from __future__ import annotations

import json

import pytest

from gong.cards import DECK
from gong.referee import GAMES, GameSetupError, IllegalAction, from_json, new_game
from gong.referee.actions import Action
from gong.referee.bots import make_bot

from .helpers import acts, play, position, positioned, rest_of_deck

VARIANTS = ["gong-link", "gong-family", "gong-fight"]


# --- the registry and setting up ------------------------------------------------------------


def test_registry_lists_games_player_ranges_and_option_defaults():
    assert list(GAMES)[:3] == VARIANTS
    for name in VARIANTS:
        spec = GAMES[name]
        assert (spec.min_players, spec.max_players) == (2, 6)
        assert spec.options["turn_limit"] == 1000 and spec.options["first_player"] == 0
    assert GAMES["gong-link"].options["may_draw_instead"] is False
    assert GAMES["gong-fight"].options["drawn_card_to_hand"] is False
    assert GAMES["gong-fight"].options["challenges"] == "report"


def test_unknown_game_and_options_are_clear_errors():
    with pytest.raises(GameSetupError, match="unknown game 'gong-snap'.*gong-link"):
        new_game("gong-snap")
    with pytest.raises(GameSetupError, match="no option 'jokers'.*may_draw_instead"):
        new_game("gong-link", options={"jokers": 3})
    with pytest.raises(GameSetupError, match="true or false"):
        new_game("gong-link", options={"may_draw_instead": "yes"})
    with pytest.raises(GameSetupError, match="report, phones, random"):
        new_game("gong-fight", options={"challenges": "dice"})
    with pytest.raises(GameSetupError, match="turn_limit"):
        new_game("gong-family", options={"turn_limit": 0})
    with pytest.raises(GameSetupError, match="takes no 'missions'"):
        new_game("gong-link", missions=None)


def test_stacked_deck_must_hold_every_card_once():
    deck = [c.code for c in DECK]
    with pytest.raises(GameSetupError, match="twice: NE5; missing: PR1"):
        new_game("gong-link", players=2, deck=["NE5", *deck[1:]])
    with pytest.raises(GameSetupError, match="deck position 3"):
        new_game("gong-link", players=2, deck=[*deck[:3], "XX9", *deck[4:]])


# --- dealing and turn order -----------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 7))
@pytest.mark.parametrize("name", VARIANTS)
def test_deal_nine_cards_each_rest_is_draw_pile(name, players):
    g = new_game(name, players=players, seed=players)
    assert [len(h) for h in g.hands] == [9] * players
    turned_up = len(g.discard)  # LINK turns up one card to start the discard pile
    assert len(g.draw) == 56 - 9 * players - turned_up
    assert turned_up == (1 if name == "gong-link" else 0)
    assert sorted(g.all_cards()) == list(range(56))


def test_deal_follows_the_stacked_deck():
    deck = [c.code for c in DECK]
    g = new_game("gong-family", players=2, deck=deck)
    # Player 0 is dealt PR1-PR6 and NE1-NE3: a family dealt complete is laid down at once.
    assert g.view(0)["hand"] == ["NE1", "NE2", "NE3"] and g.view(1)["hand"] == deck[9:12]
    assert g.view(0)["table"]["families"] == [["PROXIMA"], ["ZETA"]]
    play(g, 0, "ask 1 NE4")
    assert g.view(0)["hand"] == ["NE1", "NE2", "NE3", "NE4"] and g.current == 0
    # The draw pile's top card is the deck's 19th, ANDROMEDE 1, and nobody holds it... but
    # player 0 may not ask for it: they hold no ANDROMEDE card.
    with pytest.raises(IllegalAction) as refused:
        play(g, 0, "ask 1 AN1")
    assert refused.value.code == "ask_unheld_family"


def test_youngest_seat_0_starts_and_play_goes_clockwise():
    g = new_game("gong-fight", players=3, seed=4, options={"challenges": "random"})
    seen = [g.current]
    bot = make_bot("random", "gong-fight", 1)
    while len(seen) < 7:
        turn = g.turn
        g.apply(bot.choose(g, g.to_act()[0]))
        if g.turn != turn:
            seen.append(g.current)
    assert seen == [0, 1, 2, 0, 1, 2, 0]


@pytest.mark.parametrize("name", VARIANTS)
def test_later_round_started_by_first_player_option(name):
    g = new_game(name, players=4, seed=2, options={"first_player": 2})
    assert g.current == 2 and g.to_act() == [2]
    with pytest.raises(GameSetupError, match="seat from 0 to 3"):
        new_game(name, players=4, options={"first_player": 4})


def test_turn_limit_ends_game_fewest_cards_wins():
    g = new_game("gong-link", players=3, seed=9, options={"turn_limit": 4})
    bot = make_bot("greedy", "gong-link", 0)
    while not g.is_over:
        g.apply(bot.choose(g, g.current))
    assert g.turn == 4 and g.outcome.reason == "turn_limit"
    fewest = min(len(h) for h in g.hands)
    assert g.outcome.winners == tuple(s for s in range(3) if len(g.hands[s]) == fewest)
    assert g.outcome.scores == tuple(len(h) for h in g.hands)
    with pytest.raises(IllegalAction) as refused:
        g.apply(Action(g.current, "draw"))
    assert refused.value.code == "game_over" and "turn limit" in refused.value.message


def test_turn_limit_in_family_most_families_wins():
    g = new_game("gong-family", players=2, seed=1, options={"turn_limit": 2})
    named = ["NE1", "NE2", "NE3", "NE4", "NE5", "NE6", "OM1"]
    position(g, hands=[named[:5], ["NE6", "OM1"]], draw=rest_of_deck(named))
    play(g, 0, "ask 1 NE6")  # completes NEBULA; with an empty hand the turn is over
    assert g.current == 1 and g.turn == 1
    assert acts(g, 1) == ["draw"]  # nobody else holds a card: player 1 can only draw
    play(g, 1, "draw")
    assert g.outcome.reason == "turn_limit" and g.turn == 2
    assert g.outcome.winners == (0,) and g.outcome.scores == (1, 0)


# --- the GONG JOKER --------------------------------------------------------------------------

HAND_J = ["J1", "NE2", "OM3"]


def link_position(hands, discard=("NE5",), top=()):
    """A LINK game in this position: the rest of the deck is the draw pile, `top` on top."""
    return positioned("gong-link", hands, discard, top)


def test_joker_swaps_whole_hands_then_turn_goes_on():
    g = link_position([HAND_J, ["ZE1", "ZE2", "ZE3", "ZE4"], ["SP1"]])
    assert "joker J1 -> 1" in acts(g, 0) and "joker J1 -> 2" in acts(g, 0)
    play(g, 0, "joker J1 -> 1")
    assert g.view(0)["hand"] == ["ZE1", "ZE2", "ZE3", "ZE4"]
    assert g.view(1)["hand"] == ["NE2", "OM3"]
    assert g.current == 0 and g.turn == 0 and g.stats["jokers_played"] == 1
    # The joker goes under the top card: the card to match does not change.
    assert g.view(0)["table"]["match"] == "NE5" and g.discard[-2] == 54
    assert not any(a.startswith("joker") for a in acts(g, 0))
    assert acts(g, 0) == ["draw"]  # no ZETA card and no 5: the new hand cannot match


def test_joker_only_at_start_of_turn():
    g = link_position([["J1", "OM1", "OM2"], ["ZE1", "ZE2"], ["SP1"]], top=["NE6"])
    with pytest.raises(IllegalAction) as refused:
        play(g, 1, "joker J1 -> 0")
    assert refused.value.code == "not_your_turn"
    play(g, 0, "draw")  # OM1 and OM2 do not match NEBULA 5; the drawn NEBULA 6 does
    assert acts(g, 0) == ["play NE6", "keep"]
    with pytest.raises(IllegalAction) as refused:
        play(g, 0, "joker J1 -> 1")
    assert refused.value.code == "joker_not_at_start"
    assert "start of your own turn" in refused.value.message


def test_joker_target_must_hold_a_card():
    g = new_game("gong-family", players=3, seed=1)
    named = ["J1", "NE1", "NE2", "ZE1"]
    position(g, hands=[["J1", "NE1", "NE2"], ["ZE1"], []], draw=rest_of_deck(named))
    assert "joker J1 -> 2" not in acts(g, 0)
    with pytest.raises(IllegalAction) as refused:
        play(g, 0, "joker J1 -> 2")
    assert refused.value.code == "joker_target_empty"
    with pytest.raises(IllegalAction) as refused:
        play(g, 0, "joker J1 -> 0")
    assert refused.value.code == "joker_self"


def test_joker_counter_cancels_swap_and_turn_passes_to_counterer():
    g = link_position([HAND_J, ["J2", "ZE1", "ZE2"], ["SP1", "SP2"]])
    play(g, 0, "joker J1 -> 1")
    assert g.to_act() == [1] and acts(g, 1) == ["counter J2", "no-counter"]
    with pytest.raises(IllegalAction) as refused:
        play(g, 0, "play NE2")
    assert refused.value.code == "waiting_for_counter"
    play(g, 1, "counter J2")
    assert g.view(0)["hand"] == ["NE2", "OM3"] and g.view(1)["hand"] == ["ZE1", "ZE2"]
    assert g.current == 1 and g.turn == 1 and g.to_act() == [1]
    assert g.discard[-1] == 10 and sorted(g.discard[:-1]) == [54, 55]  # both under NE5
    assert g.stats["counters"] == 1
    play(g, 1, "draw")  # PROXIMA 1 does not match: play continues clockwise from player 1
    assert g.current == 2 and g.turn == 2


def test_joker_target_may_let_the_swap_happen():
    g = link_position([HAND_J, ["J2", "ZE1", "ZE2"], ["SP1", "SP2"]])
    play(g, 0, "joker J1 -> 1")
    play(g, 1, "no-counter")
    assert g.view(0)["hand"] == ["ZE1", "ZE2", "J2"] and g.view(1)["hand"] == ["NE2", "OM3"]
    assert g.current == 0 and g.to_act() == [0]


def test_joker_cannot_be_played_as_last_card():
    g = link_position([["J1"], ["ZE1", "ZE2"], ["SP1"]])
    assert acts(g, 0) == ["draw"]
    with pytest.raises(IllegalAction) as refused:
        play(g, 0, "joker J1 -> 1")
    assert refused.value.code == "joker_last_card"
    assert "last card" in refused.value.message


def test_joker_cannot_counter_as_last_card():
    g = link_position([HAND_J, ["J2"], ["SP1", "SP2"]])
    play(g, 0, "joker J1 -> 1")  # player 1's only card is a joker: no counter, the swap happens
    assert g.to_act() == [0]
    assert g.view(0)["hand"] == ["J2"] and g.view(1)["hand"] == ["NE2", "OM3"]


def test_joker_is_never_a_card_to_match():
    g = link_position([HAND_J, ["ZE1"], ["SP1"]])
    with pytest.raises(IllegalAction) as refused:
        play(g, 0, "play J1")
    assert refused.value.code == "joker_not_a_match"
    assert "joker J1 -> 1" in refused.value.message


def test_turned_up_joker_goes_back_into_draw_pile():
    from .helpers import stacked_deck

    for seed in range(5):
        g = new_game("gong-link", players=3, seed=seed, deck=stacked_deck(3, draw=["J1", "NE5"]))
        assert g.discard and g.discard[-1] < 54, "the discard pile starts with a numbered card"
        assert 54 in g.draw


def test_only_jokers_to_turn_up_first_player_plays_any_card():
    from .helpers import stacked_deck

    g = new_game("gong-link", players=6, seed=1, deck=stacked_deck(6, draw=["J1", "J2"]))
    assert g.discard == [] and sorted(g.draw) == [54, 55]
    assert g.view(0)["table"]["match"] is None
    assert [a for a in acts(g, 0) if a.startswith("play")] == [
        f"play {c}" for c in g.view(0)["hand"]
    ]


def test_family_joker_goes_back_into_draw_pile_shuffled():
    places = set()
    for seed in range(8):
        g = new_game("gong-family", players=3, seed=seed)
        named = ["J1", "NE1", "NE2", "ZE1", "ZE2", "SP1"]
        position(g, hands=[["J1", "NE1", "NE2"], ["ZE1", "ZE2"], ["SP1"]], draw=rest_of_deck(named))
        before = len(g.draw)
        play(g, 0, "joker J1 -> 1")
        assert len(g.draw) == before + 1 and 54 in g.draw and g.discard == []
        assert g.view(0)["hand"] == ["ZE1", "ZE2"] and g.view(1)["hand"] == ["NE1", "NE2"]
        places.add(g.draw.index(54))
    assert len(places) > 1, "the draw pile is shuffled, so the joker lands anywhere"


def test_family_counter_sends_both_jokers_back_into_draw_pile():
    g = new_game("gong-family", players=3, seed=1)
    named = ["J1", "NE1", "NE2", "J2", "ZE2", "SP1"]
    position(g, hands=[["J1", "NE1", "NE2"], ["J2", "ZE2"], ["SP1"]], draw=rest_of_deck(named))
    before = len(g.draw)
    play(g, 0, "joker J1 -> 1")
    play(g, 1, "counter J2")
    assert len(g.draw) == before + 2 and {54, 55} <= set(g.draw)
    assert g.view(0)["hand"] == ["NE1", "NE2"] and g.view(1)["hand"] == ["ZE2"]
    assert g.current == 1


# --- actions, refusals, views, saving -------------------------------------------------------


@pytest.mark.parametrize("name", VARIANTS)
def test_action_text_round_trips_and_legal_actions_are_sorted(name):
    g = new_game(name, players=4, seed=3, options={"turn_limit": 60})
    bot = make_bot("random", name, 3)
    while not g.is_over:
        for seat in g.to_act():
            legal = g.legal_actions(seat)
            assert legal == sorted(legal, key=lambda a: a.sort_key)
            for a in legal:
                assert g.parse_action(str(a), seat) == a
                assert g.parse_action(f"{seat}: {a}", seat) == a
        g.apply(bot.choose(g, g.to_act()[0]))


def test_parse_action_refuses_bad_text_clearly():
    g = new_game("gong-link", players=3, seed=1)
    cases = {
        "": "unreadable",
        "dance": "unknown_action",
        "ask 1 NE5": "unknown_action",
        "play": "unreadable",
        "play NE9": "unreadable",
        "play XX1": "unreadable",
        "joker J1": "unreadable",
        "gong 7": "no_such_player",
        "1: draw": "not_your_action",
    }
    for text, code in cases.items():
        with pytest.raises(IllegalAction) as refused:
            g.parse_action(text, 0)
        assert refused.value.code == code, text
    assert str(g.parse_action("  PLAY ne5 ", 0)) == "play NE5"
    assert str(g.parse_action("joker j1 to 2", 0)) == "joker J1 -> 2"


def test_family_card_may_be_named_by_galaxy_and_number_or_gem():
    g = new_game("gong-family", players=3, seed=1)
    for text in [
        "ask 2 NE5",
        "ask 2 nebula ice",
        "ask 2 NEBULA 5",
        "ask 2 NE Glace",
        "ask NE is 2",
    ]:
        assert str(g.parse_action(text, 0)) == "ask 2 NE5", text
    assert str(g.parse_action("ask 1 ZETA Ruby", 0)) == "ask 1 ZE4"


REFUSED = {
    "gong-link": [(1, "draw"), (0, "pass"), (0, "keep"), (0, "gong"), (2, "joker J1 -> 0")],
    "gong-family": [(1, "draw"), (0, "ask 0 NE5"), (0, "no-counter"), (2, "joker J1 -> 0")],
    "gong-fight": [
        (1, "draw"),
        (0, "lay NE5"),
        (0, "winner 2"),
        (0, "target 1"),
        (2, "joker J1 -> 0"),
    ],
}


@pytest.mark.parametrize("name", VARIANTS)
def test_refused_action_leaves_state_untouched(name):
    g = new_game(name, players=3, seed=5)
    before = g.to_json()
    for seat, text in REFUSED[name]:
        action = g.parse_action(text, seat)  # every text is an action of this game
        with pytest.raises(IllegalAction) as refused:
            g.apply(action)
        assert refused.value.code and refused.value.message.endswith(".")
        assert g.to_json() == before


def test_view_shows_own_hand_counts_and_table_spectator_counts_only():
    g = new_game("gong-link", players=3, seed=6)
    v = g.view(1)
    assert v["hand"] == [DECK[c].code for c in g.hands[1]]
    assert v["hand_counts"] == [9, 9, 9] and v["table"]["match"] == DECK[g.discard[-1]].code
    spectator = g.view(None)
    assert "hand" not in spectator and spectator["hand_counts"] == [9, 9, 9]
    text = json.dumps(spectator)
    for hand in g.hands:
        for c in hand:
            assert f'"{DECK[c].code}"' not in text


@pytest.mark.parametrize("name", VARIANTS)
def test_json_round_trip_clone_and_log_replay(name):
    from gong.referee import replay

    g = new_game(name, players=5, seed=11, options={"turn_limit": 200})
    bots = [make_bot("greedy", name, s) for s in range(5)]
    for _ in range(40):
        if g.is_over:
            break
        seat = g.to_act()[0]
        g.apply(bots[seat].choose(g, seat))
    copy = from_json(g.to_json())
    assert copy == g and copy.to_json() == g.to_json()
    clone = g.clone()
    assert clone == g and clone is not g and clone.hands is not g.hands
    again = replay(name, 5, 11, g.log, options={"turn_limit": 200})
    assert again == g
    # The restored game continues exactly like the original.
    for _ in range(30):
        if g.is_over:
            break
        seat = g.to_act()[0]
        action = bots[seat].choose(g, seat)
        g.apply(action)
        copy.apply(copy.parse_action(str(action), seat))
    assert copy == g


def test_from_json_refuses_what_is_not_a_saved_game():
    with pytest.raises(GameSetupError, match="not a saved GONG game"):
        from_json("{}")
    with pytest.raises(GameSetupError, match="unknown game"):
        from_json('{"game": "chess"}')
