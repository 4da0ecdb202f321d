"""GONG FIGHT (server/content/rules/en/fight.md): one scenario per rule, with small mission books
built here."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from gong.cards import DECK, Kind
from gong.missions import load_missions
from gong.referee import GameSetupError, from_json, new_game
from gong.referee.bots import make_bot

from .helpers import acts, book, game, play, positioned, refused, rest_of_deck

P0 = ["OM1", "OM2", "OM3", "OM4", "OM5", "OM6", "VI1", "VI2", "VI3"]


def fight(draw, missions=None, hands=(P0,), players=3, **options):
    return game(
        "gong-fight",
        players=players,
        hands=hands,
        draw=draw,
        options=options or None,
        missions=missions or book(),
    )


def fight_position(hands, draw=None, discard=(), missions=None, players=3, **options):
    return positioned(
        "gong-fight", hands, discard, (), draw, players, options, missions=missions or book()
    )


def test_fight_draw_picks_mission_of_drawn_cards_kind_then_discards_it():
    g = fight(["NE5"])  # 5: a bonus mission (lay down 1 card of your choice)
    assert acts(g, 0) == ["draw"]
    play(g, 0, "draw")
    table = g.view(0)["table"]
    assert table["shown"] == "NE5" and table["mission"]["id"] == "bonus-t"
    assert table["pending"] == {
        "step": "lay_down", "player": 0, "count": 1, "target": None, "opponent": None
    }  # fmt: skip
    assert g.pending_text() == "player 0 lays down 1 card of their choice"
    in_deck_order = ["VI1", "VI2", "VI3", "OM1", "OM2", "OM3", "OM4", "OM5", "OM6"]
    assert acts(g, 0) == [f"lay {c}" for c in in_deck_order] and g.to_act() == [0]
    play(g, 0, "lay VI2")
    assert [DECK[c].code for c in g.discard] == ["VI2", "NE5"]  # the drawn card goes last
    assert len(g.hands[0]) == 8 and g.current == 1 and g.stats["bonus"] == 1


@pytest.mark.parametrize(
    "code, kind",
    [
        ("NE1", Kind.FIGHT),
        ("NE2", Kind.FIGHT),
        ("NE3", Kind.MALUS),
        ("NE4", Kind.MALUS),
        ("NE5", Kind.BONUS),
        ("NE6", Kind.BONUS),
    ],
)
def test_fight_card_number_decides_mission_kind(code, kind):
    g = fight([code])
    play(g, 0, "draw")
    assert g.last_mission == f"{kind.value}-t" and g.stats[kind.value] == 1


def test_fight_drawn_card_to_hand_option():
    g = fight(["NE5"], drawn_card_to_hand=True)
    play(g, 0, "draw")
    play(g, 0, "lay VI2")
    assert "NE5" in g.view(0)["hand"] and [DECK[c].code for c in g.discard] == ["VI2"]


def test_fight_malus_draw_step_draws_from_draw_pile():
    g = fight(["NE3", "ZE1"])  # 3: malus (draw 1)
    play(g, 0, "draw")
    assert "ZE1" in g.view(0)["hand"] and len(g.hands[0]) == 10 and g.current == 1


def test_fight_drawn_joker_joins_hand_and_player_draws_again():
    g = fight(["J1", "NE5"])
    play(g, 0, "draw")
    assert "J1" in g.view(0)["hand"] and g.view(0)["table"]["shown"] == "NE5"
    assert g.stats["joker_draws"] == 1 and "lay J1" in acts(g, 0)


def test_fight_joker_played_at_start_of_turn_before_drawing():
    g = fight(["NE5"], hands=[["J1", *P0[:8]]])
    assert acts(g, 0)[:2] == ["joker J1 -> 1", "joker J1 -> 2"] and acts(g, 0)[-1] == "draw"
    play(g, 0, "draw")
    assert refused(g, 0, "joker J1 -> 1").code == "joker_not_at_start"


def test_fight_lay_down_more_than_held_moves_all_and_empty_hand_wins():
    missions = book(bonus=[("lay_down", 3, None), ("draw", 2, None)])
    named = ["OM1", "OM2", "NE1", "NE2", "NE5"]
    g = fight_position(
        [["OM1", "OM2"], ["NE1"], ["NE2"]], missions=missions, draw=["NE5", *rest_of_deck(named)]
    )
    play(g, 0, "draw")
    play(g, 0, "lay OM1")
    play(g, 0, "lay OM2")  # only two held: both laid, and the game ends at once
    assert g.outcome.reason == "out_of_cards" and g.outcome.winners == (0,)
    assert g.hands[0] == []  # the "draw 2" after it never happens


def test_fight_give_choice_may_include_a_joker():
    missions = book(bonus=[("give", 1, "left")])
    g = fight(["NE5"], hands=[["J1", *P0[:8]]], missions=missions)
    play(g, 0, "draw")
    assert "give J1 -> 1" in acts(g, 0)
    assert refused(g, 0, "give J1 -> 2").code == "give_to"
    play(g, 0, "give J1 -> 1")
    assert "J1" in g.view(1)["hand"] and g.current == 1


def test_fight_give_more_than_held_gives_all():
    """The mission asks for 3 cards and the hand holds 2: both go, and the step is done."""
    missions = book(bonus=[("give", 3, "right")])
    g = fight_position(
        [["OM1", "OM2"], ["VI1"], ["VI2", "VI3"]],
        missions=missions,
        draw=["NE5", *rest_of_deck(["OM1", "OM2", "VI1", "VI2", "VI3", "NE5"])],
    )
    play(g, 0, "draw")
    play(g, 0, "give OM1 -> 2")
    assert g.to_act() == [0] and g.outcome is None
    play(g, 0, "give OM2 -> 2")
    assert not g.hands[0] and len(g.hands[2]) == 4
    assert g.outcome is not None and g.outcome.winners == (0,), g.view(None)["table"]


def test_fight_take_at_random_from_chosen_player_may_take_jokers():
    missions = book(malus=[("take", 2, "chosen")])
    g = fight_position(
        [P0, ["J1", "J2"], ["VI4"]],
        missions=missions,
        draw=["NE3", *rest_of_deck([*P0, "J1", "J2", "VI4", "NE3"])],
    )
    play(g, 0, "draw")
    assert acts(g, 0) == ["target 1", "target 2"]
    assert refused(g, 0, "target 0").code == "choose_other"
    play(g, 0, "target 1")
    assert "J1" in g.view(0)["hand"] and "J2" in g.view(0)["hand"]
    # Player 1 is left with no card: the game ends at once and player 1 wins.
    assert g.outcome.reason == "out_of_cards" and g.outcome.winners == (1,)


def test_fight_take_is_random_from_the_games_seed():
    missions = book(malus=[("take", 1, "left")])
    taken = Counter()
    for seed in range(30):
        g = new_game(
            "gong-fight", players=3, seed=seed, missions=missions, deck=_deck_with_top(["NE3"])
        )
        play(g, 0, "draw")
        (card,) = set(g.hands[0]) - set(
            new_game(
                "gong-fight", players=3, seed=seed, missions=missions, deck=_deck_with_top(["NE3"])
            ).hands[0]
        )
        taken[card] += 1
    assert len(taken) > 3, "a random take picks different cards with different seeds"


def _deck_with_top(top):
    from .helpers import stacked_deck

    return stacked_deck(3, [P0], top)


def test_fight_receive_from_each_every_other_player_chooses_a_card():
    missions = book(malus=[("receive", 1, "each")])
    g = fight(["NE3"], missions=missions)
    play(g, 0, "draw")
    assert g.to_act() == [1] and all(a.endswith("-> 0") for a in acts(g, 1))
    assert refused(g, 0, "lay OM1").code == "not_your_turn"
    play(g, 1, acts(g, 1)[0])
    assert g.to_act() == [2]
    play(g, 2, acts(g, 2)[-1])
    assert len(g.hands[0]) == 11 and g.current == 1


def test_fight_receive_from_chosen_player():
    missions = book(malus=[("receive", 2, "chosen")])
    g = fight(["NE3"], missions=missions)
    play(g, 0, "draw")
    play(g, 0, "target 2")
    assert g.to_act() == [2]
    first, second = acts(g, 2)[:2]
    play(g, 2, first)
    play(g, 2, acts(g, 2)[0])
    assert len(g.hands[0]) == 11 and len(g.hands[2]) == 7 and g.current == 1


def test_fight_challenge_active_player_chooses_opponent_and_the_other_reports_the_winner():
    g = fight(["NE1", "ZE1"])  # 1: a fight; the winner lays down 1, the loser draws 1
    play(g, 0, "draw")
    assert acts(g, 0) == ["target 1", "target 2"]
    play(g, 0, "target 2")
    # Seat 1 did not fight: they say who won; the fighters have nothing to do.
    assert g.to_act() == [1] and acts(g, 1) == ["report 0", "report 2"]
    error = refused(g, 0, "report 0")
    assert error.code
    play(g, 1, "report 2")
    assert g.to_act() == [2] and all(a.startswith("lay ") for a in acts(g, 2))
    play(g, 2, acts(g, 2)[0])
    # Then the loser's step: player 0 draws ZETA 1.
    assert "ZE1" in g.view(0)["hand"] and len(g.hands[2]) == 8 and g.current == 1
    assert g.stats["challenges"] == 1


def test_fight_winner_steps_then_loser_steps_with_opponent_targets():
    missions = book(fight=([("give", 1, "opponent")], [("take", 1, "opponent")]))
    g = fight(["NE1"], missions=missions)
    play(g, 0, "draw")
    play(g, 0, "target 1")
    play(g, 2, "report 0")
    assert all(a.endswith("-> 1") for a in acts(g, 0))  # the winner gives the loser a card
    play(g, 0, "give OM1 -> 1")
    # The loser then takes one card at random from the winner.
    assert len(g.hands[0]) == 7 and len(g.hands[1]) == 11 and g.current == 1


def test_fight_random_challenges_option_uses_a_fair_seeded_coin():
    winners = Counter()
    for seed in range(40):
        g = new_game(
            "gong-fight",
            players=3,
            seed=seed,
            options={"challenges": "random"},
            missions=book(),
            deck=_deck_with_top(["NE1"]),
        )
        play(g, 0, "draw")
        play(g, 0, "target 1")
        assert "winner 0" not in acts(g, 0)
        winners[g.to_act()[0]] += 1  # the winner lays down a card
        again = new_game(
            "gong-fight",
            players=3,
            seed=seed,
            options={"challenges": "random"},
            missions=book(),
            deck=_deck_with_top(["NE1"]),
        )
        play(again, 0, "draw")
        play(again, 0, "target 1")
        assert again.to_act() == g.to_act()  # same seed, same coin
    assert set(winners) == {0, 1} and min(winners.values()) >= 10


def test_fight_empty_draw_pile_refilled_from_discards():
    g = fight_position([P0, ["NE1"], ["NE2"]], draw=[], discard=rest_of_deck([*P0, "NE1", "NE2"]))
    play(g, 0, "draw")
    assert g.stats["refills"] == 1 and g.draw and not g.own_piles


def test_fight_both_piles_empty_own_piles_draw_does_nothing():
    everything = rest_of_deck()
    malus = [c for c in everything if c[-1] in "34" and not c.startswith("J")]
    others = [c for c in everything if c not in malus]
    g = fight_position([malus[:9], malus[9:], others], draw=[])
    play(g, 0, "draw")  # turns up a card of player 0's own pile: a malus, "draw 1"
    assert g.own_piles and g.view(0)["table"]["own_piles"]
    assert len(g.hands[0]) == 8 and g.current == 1  # the "draw" did nothing
    assert g.view(0)["table"]["top"] in malus[:9]


def test_fight_joker_swaps_whole_piles():
    rest = rest_of_deck(["J1", "OM1", "OM2", "NE1", "NE2"])
    g = fight_position([["J1", "OM1", "OM2"], ["NE1", "NE2"], rest], draw=[])
    g.own_piles = True
    play(g, 0, "joker J1 -> 1")
    assert g.view(0)["hand"] == ["NE1", "NE2"] and g.view(1)["hand"] == ["OM1", "OM2"]
    play(g, 0, "draw")  # turns up a card of the pile player 0 now owns
    assert g.view(0)["table"]["shown"] in ("NE1", "NE2") and len(g.hands[0]) == 1


def test_fight_player_emptied_by_someone_elses_mission_wins():
    missions = book(malus=[("receive", 1, "left")])
    g = fight_position(
        [P0, ["NE1"], ["NE2"]],
        missions=missions,
        draw=["NE3", *rest_of_deck([*P0, "NE1", "NE2", "NE3"])],
    )
    play(g, 0, "draw")
    play(g, 1, "give NE1 -> 0")
    assert g.outcome.reason == "out_of_cards" and g.outcome.winners == (1,)


def test_fight_several_out_at_once_active_player_first_then_clockwise():
    g = fight_position([P0, ["NE1"], ["NE2"]])
    g.hands[1], g.hands[2] = [], []
    g._check_out()
    assert g.outcome.winners == (1,)  # player 0 still holds cards: first clockwise from 0
    g = fight_position([P0, ["NE1"], ["NE2"]])
    g.hands[0], g.hands[2] = [], []
    g.current = 2
    g._check_out()
    assert g.outcome.winners == (2,)  # the active player wins when among them


def test_fight_mission_effects_come_from_the_mission_files(tmp_path):
    texts = "    title: T\n    text: X\n"
    files = {
        "bonus": "  - id: b1\n" + texts + "    effect:\n      - give: {count: 2, to: right}\n",
        "malus": "  - id: m1\n" + texts + "    effect:\n      - draw: 3\n",
        "fight": "  - id: f1\n" + texts + "    effect:\n      - challenge:\n"
        "          game: thumb_war\n          winner: [{lay_down: 1}]\n"
        "          loser: [{draw: 1}]\n",
    }
    for kind, body in files.items():
        (tmp_path / f"{kind}.yaml").write_text(f"kind: {kind}\nmissions:\n{body}")
    missions = load_missions(tmp_path)
    g = fight(["NE6"], missions=missions)
    play(g, 0, "draw")
    assert g.view(0)["table"]["mission"]["id"] == "b1"
    assert all(a.endswith("-> 2") for a in acts(g, 0))  # "right" of seat 0 is seat 2
    play(g, 0, acts(g, 0)[0])
    play(g, 0, acts(g, 0)[0])
    assert len(g.hands[2]) == 11
    # A game saved with missions from files reloads from its save, the folder unnamed.
    assert from_json(g.to_json()) == g and str(tmp_path) not in g.to_json()


def test_fight_game_with_missions_built_in_code_reloads_from_its_save_alone():
    """A save keeps the missions' ids and effects: it needs no folder and no book to load."""
    g = fight(["NE5"])
    saved = json.loads(g.to_json())["missions"]
    assert "directory" not in saved and set(saved) == {"ids", "effects", "digest"}
    again = from_json(g.to_json())
    assert again == g and [m.id for m in again.book] == [m.id for m in g.book]
    assert [m.effect for m in again.book] == [m.effect for m in g.book]
    assert from_json(g.to_json(), missions=g.book).book is g.book  # same effects: its texts


def test_a_save_of_the_first_kind_loads_while_its_folder_is_gone(tmp_path):
    """Saved with a folder that no longer exists (the site moved): the site's missions with
    the same ids play on; missions with other ids are refused, naming the folder."""
    g = new_game("gong-fight", players=3, seed=2)
    data = json.loads(g.to_json())
    data["missions"] = {"directory": str(tmp_path / "gone"), "ids": [m.id for m in g.book]}
    assert from_json(json.dumps(data)) == g  # the bundled missions have those ids
    data["missions"]["ids"] = ["no-such-mission"]
    with pytest.raises(GameSetupError, match="gone") as refused:
        from_json(json.dumps(data))
    assert refused.value.code == "missions"


def test_an_edited_mission_text_never_breaks_a_running_game():
    g = fight(["NE5"])
    text = g.to_json()
    edited = book()
    for mission in edited:
        object.__setattr__(mission, "text", {"en": "Reworded."})
    again = from_json(text, missions=edited)
    assert again.book is edited and again.to_act() == g.to_act()


def test_fight_mission_book_needs_every_kind():
    partial = book()
    partial.by_kind.pop(Kind.MALUS)
    with pytest.raises(GameSetupError, match="none for: malus"):
        new_game("gong-fight", players=2, missions=partial)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_fight_bundled_missions_play_whole_games(players):
    bundled = load_missions()
    used = set()
    turns = []
    for seed in range(60):
        g = new_game("gong-fight", players=players, seed=seed, options={"challenges": "random"})
        bots = [
            make_bot("greedy" if s % 2 else "random", "gong-fight", seed) for s in range(players)
        ]
        while not g.is_over:
            seat = g.to_act()[0]
            before = g.stats["missions"]
            g.apply(bots[seat].choose(g, seat))
            if g.stats["missions"] != before:
                used.add(g.last_mission)
        turns.append(g.turn)
        assert sorted(g.all_cards()) == list(range(56))
    assert used <= set(bundled.by_id)
    assert len(used) >= len(bundled) * 0.8, "most bundled missions come up in 60 games"
    assert max(turns) < 1000
