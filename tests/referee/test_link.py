"""GONG LINK (server/content/rules/en/link.md): one scenario per rule, on stacked decks and
positions."""

from __future__ import annotations

from gong.referee import new_game
from gong.referee.link import OneCard

from .helpers import acts, game, play, position, positioned, refused, rest_of_deck

# Nine cards none of which matches NEBULA 5 (no NEBULA card, no 5).
NO_MATCH = ["OM1", "OM2", "OM3", "OM4", "OM6", "VI1", "VI2", "VI3", "VI4"]
WITH_MATCH = ["NE2", "ZE5", "OM1", "OM2", "OM3", "OM4", "VI1", "VI2", "VI3"]


def link_position(hands, discard=("NE5",), top=(), players=3, **options):
    return positioned("gong-link", hands, discard, top, players=players, options=options)


def test_link_turns_up_top_card_to_start_discard_pile():
    g = game("gong-link", hands=[WITH_MATCH], draw=["NE5", "SP2"])
    assert g.view(0)["table"]["top"] == "NE5" and g.view(0)["table"]["match"] == "NE5"
    assert g.draw[-1] == 31  # SPARROW 2 is the next card of the draw pile


def test_link_must_match_by_family_or_number():
    g = game("gong-link", hands=[WITH_MATCH], draw=["NE5"])
    assert acts(g, 0) == ["play NE2", "play ZE5"]  # NEBULA by family, 5 by number
    error = refused(g, 0, "play OM3")
    assert error.code == "must_match"
    assert error.message == (
        "You must play a card that matches NEBULA 5 by family or by number; you have NE2, ZE5."
    )
    play(g, 0, "play ZE5")
    assert g.view(1)["table"]["match"] == "ZE5" and g.current == 1
    assert g.view(0)["hand_counts"] == [8, 9, 9]


def test_link_must_play_a_match_rather_than_draw():
    g = game("gong-link", hands=[WITH_MATCH], draw=["NE5"])
    error = refused(g, 0, "draw")
    assert error.code == "must_play_match" and "NE2, ZE5" in error.message
    assert refused(g, 0, "pass").code == "must_play_match"


def test_link_draw_only_without_match_and_a_non_matching_draw_ends_turn():
    g = game("gong-link", hands=[NO_MATCH], draw=["NE5", "SP2"])
    assert acts(g, 0) == ["draw"]
    assert refused(g, 0, "play OM1").message.endswith("you have none, so draw a card.")
    play(g, 0, "draw")
    assert "SP2" in g.view(0)["hand"] and g.current == 1 and g.turn == 1


def test_link_drawn_match_may_be_played_at_once():
    g = game("gong-link", hands=[NO_MATCH], draw=["NE5", "NE6"])
    play(g, 0, "draw")
    assert g.current == 0 and acts(g, 0) == ["play NE6", "keep"]
    assert g.view(0)["table"]["drawn"] == "NE6" and "drawn" not in g.view(1)["table"]
    assert refused(g, 0, "draw").code == "drawn_card_only"
    play(g, 0, "play NE6")
    assert g.view(0)["table"]["top"] == "NE6" and g.current == 1
    assert len(g.hands[0]) == 9


def test_link_drawn_match_may_be_kept():
    g = game("gong-link", hands=[NO_MATCH], draw=["NE5", "NE6"])
    play(g, 0, "draw")
    play(g, 0, "keep")
    assert "NE6" in g.view(0)["hand"] and g.current == 1 and g.view(0)["table"]["top"] == "NE5"
    assert refused(g, 1, "keep").code in ("nothing_to_keep", "must_play_match")


def test_link_may_draw_instead_option():
    default = game("gong-link", hands=[WITH_MATCH], draw=["NE5"])
    assert "draw" not in acts(default, 0)
    house = game(
        "gong-link", hands=[WITH_MATCH], draw=["NE5", "SP2"], options={"may_draw_instead": True}
    )
    assert acts(house, 0) == ["play NE2", "play ZE5", "draw"]
    play(house, 0, "draw")
    assert house.current == 1 and len(house.hands[0]) == 10


def test_link_draw_pile_refilled_from_discards_top_card_stays():
    g = new_game("gong-link", players=2, seed=3)
    hands = [["OM1", "OM2"], rest_of_deck(["OM1", "OM2", "PR1", "ZE1", "NE5"])]
    position(g, hands=hands, discard=["PR1", "ZE1", "NE5"])
    assert g.draw == [] and acts(g, 0) == ["draw"]
    play(g, 0, "draw")
    assert g.discard == [10]  # NEBULA 5 stays face up, the card to match
    assert g.stats["refills"] == 1 and len(g.draw) == 1
    assert sorted([*g.draw, *g.hands[0]]) == sorted([0, 12, 42, 43])


def test_link_pass_only_with_nothing_to_draw():
    # Everything but the top card is in the hands: nothing to draw, nothing to shuffle.
    g = new_game("gong-link", players=2, seed=1)
    position(g, hands=[NO_MATCH, rest_of_deck(NO_MATCH, ["NE5"])], discard=["NE5"])
    assert acts(g, 0) == ["pass"]
    assert refused(g, 0, "draw").code == "nothing_to_draw"
    play(g, 0, "pass")
    assert g.current == 1 and g.stats["passes"] == 1 and g.passes_in_row == 1
    assert refused(g, 1, "pass").code == "must_play_match"
    play(g, 1, next(a for a in acts(g, 1) if a.startswith("play")))  # ends the run of passes
    assert g.passes_in_row == 0


def test_link_all_pass_in_a_row_ends_round_fewest_cards_wins():
    # With nothing to draw, every other card is in a hand, including the 13 that match the
    # top card, so somebody must play: a whole round of passes cannot come from a deal. The
    # position sets the count of passes in a row to check the end rule itself.
    g = new_game("gong-link", players=3, seed=1)
    position(
        g, hands=[NO_MATCH[:4], NO_MATCH[4:], rest_of_deck(NO_MATCH, ["NE5"])], discard=["NE5"]
    )
    g.passes_in_row = 2
    play(g, 0, "pass")
    assert g.outcome.reason == "all_passed" and g.outcome.winners == (0,)
    assert g.outcome.scores == (4, 5, 46)


def test_link_first_player_out_wins():
    g = link_position([["NE2"], ["ZE1", "ZE2"], ["SP1"]])
    play(g, 0, "play NE2")
    assert g.is_over and g.outcome.reason == "out_of_cards" and g.outcome.winners == (0,)
    assert g.outcome.scores[0] == 0 and g.to_act() == [] and acts(g, 1) == []
    assert refused(g, 1, "draw").code == "game_over"


# --- the GONG call ----------------------------------------------------------------------------


def gong_game():
    """Player 0 plays NE2 and is on one card; players 1 and 2 can follow NEBULA."""
    g = link_position([["NE2", "NE1"], ["NE3", "PR1", "PR2"], ["NE4", "PR3", "PR4"]])
    play(g, 0, "play NE2")
    assert g.one[0] == OneCard(opened=0, called=False)
    return g


def test_gong_self_call_protects_until_end_of_next_players_turn():
    g = gong_game()
    assert g.to_act() == [0, 1] and acts(g, 0) == ["gong"]
    play(g, 0, "gong")
    assert g.stats["gong_calls"] == 1 and g.to_act() == [1]
    play(g, 1, "play NE3")
    error = refused(g, 2, "gong 0")
    assert error.code == "gong_already_called"
    assert g.to_act() == [2]


def test_gong_call_on_player_too_early_has_no_effect():
    g = gong_game()
    error = refused(g, 2, "gong 0")
    assert error.code == "gong_too_early" and "next player's turn" in error.message
    assert len(g.hands[0]) == 1 and g.stats["gong_penalties"] == 0


def test_gong_catch_after_next_players_turn_draws_penalty_card():
    g = gong_game()
    play(g, 1, "play NE3")
    assert g.to_act() == [1, 2]  # either may catch player 0; player 2 also plays
    assert acts(g, 1) == ["gong 0"] and acts(g, 2)[-1] == "gong 0"
    play(g, 1, "gong 0")
    assert len(g.hands[0]) == 2 and g.stats["gong_penalties"] == 1


def test_gong_only_first_catch_counts():
    g = gong_game()
    play(g, 1, "play NE3")
    play(g, 2, "gong 0")
    error = refused(g, 1, "gong 0")
    assert error.code in ("gong_not_on_one", "gong_already_called")
    assert len(g.hands[0]) == 2 and g.stats["gong_penalties"] == 1


def test_gong_self_call_too_late_does_not_protect():
    g = gong_game()
    play(g, 1, "play NE3")
    error = refused(g, 0, "gong")
    assert error.code == "gong_too_late"
    play(g, 2, "gong 0")  # still caught
    assert len(g.hands[0]) == 2


def test_gong_catch_window_closes_when_own_turn_begins():
    g = gong_game()
    play(g, 1, "play NE3")
    play(g, 2, "play NE4")
    assert g.current == 0 and g.to_act() == [0]
    assert refused(g, 1, "gong 0").code == "gong_already_called"


def two_player_gong_game(**options):
    """Two players: player 0 plays NE2 and is on one card (OM1, which matches nothing)."""
    g = link_position([["NE2", "OM1"], ["NE3", "PR1", "PR2"]], players=2, **options)
    play(g, 0, "play NE2")
    play(g, 1, "play NE3")  # player 0 did not call: their own turn begins
    assert g.current == 0 and len(g.hands[0]) == 1
    return g


def test_gong_with_two_players_the_catch_lasts_until_the_caught_players_first_move():
    """link.md#say-gong: with two players there is no one between, so the other player can
    catch you until you make your next move."""
    g = two_player_gong_game()
    assert g.to_act() == [0, 1] and acts(g, 1) == ["gong 0"]
    play(g, 1, "gong 0")
    assert len(g.hands[0]) == 2 and g.stats["gong_penalties"] == 1


def test_gong_with_two_players_the_catch_ends_with_the_caught_players_move():
    g = two_player_gong_game()
    play(g, 0, "draw")
    assert refused(g, 1, "gong 0").code in ("gong_not_on_one", "gong_already_called")


def test_gong_with_two_players_the_catch_may_close_when_the_turn_begins_as_with_more():
    g = two_player_gong_game(two_player_catch=False)
    assert g.to_act() == [0]
    assert refused(g, 1, "gong 0").code == "gong_already_called"


def test_gong_nobody_calls_play_simply_goes_on():
    g = gong_game()
    play(g, 1, "play NE3")
    play(g, 2, "play NE4")
    play(g, 0, "play NE1")
    assert g.outcome.winners == (0,) and g.stats["gong_penalties"] == 0


def test_gong_window_opens_after_someone_elses_joker_swap():
    g = link_position([["J1", "NE2"], ["OM1", "OM2", "OM3"], ["SP1", "SP2"]])
    play(g, 0, "joker J1 -> 1")  # player 1 receives player 0's one remaining card
    assert g.view(1)["hand"] == ["NE2"] and acts(g, 1) == ["gong"]
    assert g.to_act() == [0, 1]
    play(g, 1, "gong")
    assert g.one[1].called is True


def test_gong_window_opens_after_own_joker_swap():
    g = link_position([["J1", "OM1", "OM2"], ["NE2"], ["SP1", "SP2"]])
    play(g, 0, "joker J1 -> 1")
    assert g.view(0)["hand"] == ["NE2"] and "gong" in acts(g, 0)
