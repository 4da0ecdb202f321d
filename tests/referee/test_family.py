"""GONG FAMILY (server/content/rules/en/family.md): one scenario per rule, on stacked decks and
positions."""

from __future__ import annotations

import pytest

from gong.referee import IllegalAction, new_game

from .helpers import acts, game, play, position, rest_of_deck

P0 = ["NE1", "NE2", "NE3", "NE4", "NE5", "OM1", "OM2", "VI1", "VI2"]
P1 = ["NE6", "OM3", "SP1", "SP2", "SP3", "SP4", "AN1", "AN2", "AN3"]


def family(draw=("OM4",), **options):
    return game("gong-family", hands=[P0, P1], draw=draw, options=options or None)


def family_position(hands, draw=None, players=3, **keywords):
    g = new_game("gong-family", players=players, seed=1)
    named = [c for h in hands for c in h] + [
        c for fam in keywords.get("laid", ()) for f in fam for c in _family_cards(f)
    ]
    position(g, hands=hands, draw=rest_of_deck(named) if draw is None else draw, **keywords)
    return g


def _family_cards(code):
    return [f"{code}{n}" for n in range(1, 7)]


def refused(g, seat, text) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        play(g, seat, text)
    return info.value


def test_family_ask_one_exact_card_of_a_held_family():
    g = family()
    asks = acts(g, 0)
    assert all(a.startswith("ask ") for a in asks)
    asked = {a.split()[2] for a in asks}
    # NEBULA 6, OMEGA 3-6 and VIRGO 3-6: the missing cards of the families player 0 holds.
    assert asked == {"NE6", "OM3", "OM4", "OM5", "OM6", "VI3", "VI4", "VI5", "VI6"}
    assert {a.split()[1] for a in asks} == {"1", "2"}


def test_family_ask_unheld_family_is_refused():
    error = refused(family(), 0, "ask 1 SP1")
    assert error.code == "ask_unheld_family"
    assert error.message == (
        "You may only ask for a galaxy you already hold a card of, and you hold no SPARROW card."
    )


def test_family_ask_for_a_card_you_hold_is_refused():
    error = refused(family(), 0, "ask 1 NE1")
    assert error.code == "ask_held_card" and "each card exists only once" in error.message


def test_family_ask_only_a_player_who_holds_a_card():
    g = family_position([["NE1", "NE2"], ["NE3"], []])
    assert not any(a.startswith("ask 2") for a in acts(g, 0))
    error = refused(g, 0, "ask 2 NE3")
    assert error.code == "ask_empty_player" and "at least one card" in error.message
    assert refused(g, 0, "ask 0 NE3").code == "ask_self"
    assert refused(g, 0, "ask 1 J1").code == "ask_joker"


def test_family_card_given_and_asker_asks_again_any_player():
    g = family()
    play(g, 0, "ask 1 OM3")
    assert "OM3" in g.view(0)["hand"] and "OM3" not in g.view(1)["hand"]
    assert g.current == 0 and g.turn == 0 and g.stats["given"] == 1
    assert any(a.startswith("ask 2") for a in acts(g, 0))
    assert refused(g, 0, "draw").code == "draw_after_ask"


def test_family_drawing_the_asked_card_asks_again():
    g = family(draw=["OM4"])
    play(g, 0, "ask 2 OM4")  # player 2 does not hold it; the draw pile's top card is OM4
    assert "OM4" in g.view(0)["hand"] and g.current == 0 and g.stats["lucky_draws"] == 1


def test_family_drawing_another_card_ends_turn():
    g = family(draw=["OM4"])
    play(g, 0, "ask 2 OM5")
    assert "OM4" in g.view(0)["hand"] and g.current == 1 and g.turn == 1


def test_family_empty_draw_pile_turn_simply_ends():
    g = family_position([["NE1", "NE2"], ["OM1"], rest_of_deck(["NE1", "NE2", "OM1"])], draw=[])
    play(g, 0, "ask 1 NE3")
    assert g.current == 1 and g.view(0)["hand"] == ["NE1", "NE2"] and g.draw == []


def test_family_completed_family_laid_down_at_once():
    g = family()
    play(g, 0, "ask 1 NE6")
    assert not any(c.startswith("NE") for c in g.view(0)["hand"])
    # Player 2 was dealt PR1-PR6 by the stacked deck and laid PROXIMA down at the deal.
    assert g.view(2)["table"]["families"] == [["NEBULA"], [], ["PROXIMA"]]
    assert g.view(None)["table"]["family_counts"] == [1, 0, 1]
    assert g.stats["families"] == 2 and g.current == 0


def test_family_no_numbered_card_draws_one_and_turn_ends():
    g = family_position([["J1"], ["NE1"], ["OM1"]])
    assert acts(g, 0) == ["draw"]
    play(g, 0, "draw")
    assert len(g.hands[0]) == 2 and g.current == 1


def test_family_only_a_joker_left_cannot_be_played_so_draw():
    g = family_position([["J1"], ["NE1", "NE2"], ["OM1"]])
    assert acts(g, 0) == ["draw"]  # a joker cannot be the last card played
    assert refused(g, 0, "ask 1 NE3").code == "ask_unheld_family"


def test_family_nothing_to_ask_and_nothing_to_draw_is_skipped():
    g = new_game("gong-family", players=4, seed=1)
    laid = [["PR", "ZE"], ["AN", "SE"], ["SP"], ["VI", "OM"]]
    position(
        g,
        hands=[
            ["NE1", "NM1"],
            ["NE2", "NM2"],
            [],
            ["NE3", "NE4", "NE5", "NE6", "NM3", "NM4", "NM5", "NM6", "J1", "J2"],
        ],
        draw=[],
        laid=laid,
    )
    play(g, 0, "ask 1 NE3")  # player 3 holds it: no luck, nothing to draw, the turn ends
    assert (g.current, g.turn) == (1, 1)
    play(g, 1, "ask 0 NE4")
    # Player 2 holds no card and cannot draw: skipped, and no turn is counted for them.
    assert (g.current, g.turn) == (3, 2) and g.stats["skips"] == 1


def test_family_round_ends_when_all_nine_families_are_laid_down():
    g = new_game("gong-family", players=2, seed=1)
    laid = [["PR", "ZE", "AN", "SE"], ["SP", "VI", "OM", "NM"]]
    position(g, hands=[["NE1", "NE2", "NE3", "NE4", "NE5"], ["NE6", "J1", "J2"]], laid=laid)
    play(g, 0, "ask 1 NE6")
    assert g.outcome.reason == "all_families"
    assert g.outcome.winners == (0,) and g.outcome.scores == (5, 4)


@pytest.mark.parametrize("third_for_1, third_for_2, winner", [(3, 5, 1), (4, 2, 2)])
def test_family_tie_goes_to_who_reached_that_count_first(third_for_1, third_for_2, winner):
    g = new_game("gong-family", players=3, seed=1)
    laid = [["PR", "ZE"], ["AN", "SE", "SP"], ["VI", "OM", "NM"]]
    position(
        g,
        hands=[["NE1", "NE2", "NE3", "NE4", "NE5"], ["NE6", "J1"], ["J2"]],
        laid=laid,
        reached=[[1, 2], [1, 2, third_for_1], [1, 2, third_for_2]],
        seq=10,
    )
    play(g, 0, "ask 1 NE6")  # player 0 reaches three families last
    assert g.outcome.reason == "all_families" and g.outcome.scores == (3, 3, 3)
    assert g.outcome.winners == (winner,)
