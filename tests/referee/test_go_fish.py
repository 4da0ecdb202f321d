"""Go Fish (server/content/rules/en/go-fish.md): one scenario on a stacked deck (`deck=`) or a
stacked position for each rule bullet and decision, the variants included."""

from __future__ import annotations

from collections import Counter

import pytest

from gong.classic_cards import STANDARD_52, parse_rank
from gong.referee import GAMES, GameSetupError, IllegalAction, Reason, new_game, replay
from gong.referee.bots import make_bot
from gong.referee.events import render

CODES = [card.code for card in STANDARD_52]


# --- helpers ----------------------------------------------------------------------------------


def fish(hands, draw=(), starter=0, options=None):
    """A game dealt from a stacked deck: `hands[i]` to seat i (5 cards each, 7 with two
    players), then `draw` on top of the draw pile, then the other cards in deck order; the
    first seed whose random starter is `starter`."""
    named = [c for hand in hands for c in hand] + list(draw)
    assert len(named) == len(set(named)), named
    order = named + [c for c in CODES if c not in named]
    for seed in range(200):
        g = new_game("go-fish", players=len(hands), seed=seed, options=options, deck=order)
        if g.current == starter:
            return g
    raise AssertionError("no seed starts with that player")


def position(g, hands, draw=None, books=(), current=None):
    """Put a game in a stacked position: these hands, `draw` (top card first; by default
    every card not placed otherwise, in deck order), `books` (rank codes per seat)."""
    booked = [[parse_rank(r).value for r in seat] for seat in books]
    booked += [[] for _ in range(g.players - len(booked))]
    in_books = {c for seat in booked for c in CODES if _rank(c) in seat}
    held = {c for hand in hands for c in hand}
    if draw is None:
        draw = [c for c in CODES if c not in held and c not in in_books]
    g.hands = [sorted(CODES.index(c) for c in hand) for hand in hands]
    g.draw = [CODES.index(c) for c in reversed(draw)]
    g.books = booked
    if current is not None:
        g.current = current
    g._cache, g._acting = {}, None
    assert sorted(g.all_cards()) == list(range(52)), "a position places all 52 cards"
    return g


def _rank(code):
    return parse_rank(code[:-1]).value


def play(g, seat, text):
    g.apply(g.parse_action(text, seat))


def acts(g, seat):
    return [str(a) for a in g.legal_actions(seat)]


def hand(g, seat):
    return [c.code for c in g.hand(seat)]


def codes_of(g, seat=None, since=0):
    return [e["code"] for e in g.events(seat) if e["seq"] > since]


def last(g, code, seat=None):
    return [e for e in g.events(seat) if e["code"] == code][-1]


def refused(g, seat, text):
    before = g.clone()
    with pytest.raises(IllegalAction) as caught:
        play(g, seat, text)
    assert g == before
    return caught.value


def new3(options=None, starter=0):
    """Three players, nobody holding a pair with anyone's asks below by accident."""
    return fish(
        [
            ["QS", "QH", "2C", "3C", "4C"],
            ["QD", "5C", "6C", "7C", "8C"],
            ["9C", "10C", "JC", "KC", "AC"],
        ],
        draw=["5D", "QC"],
        starter=starter,
        options=options,
    )


# --- the deck, the players, the deal ----------------------------------------------------------


def test_a_standard_52_card_deck_for_2_to_6_players():
    spec = GAMES["go-fish"]
    assert (spec.min_players, spec.max_players) == (2, 6)
    g = new_game("go-fish", players=3, seed=1)
    assert sorted(g.CODES) == sorted(CODES) and len(g.DECK) == 52
    for players in (1, 7):
        with pytest.raises(GameSetupError, match="2 to 6"):
            new_game("go-fish", players=players)


@pytest.mark.parametrize(("players", "each"), [(2, 7), (3, 5), (4, 5), (5, 5), (6, 5)])
def test_deal_7_each_with_two_players_else_5(players, each):
    g = new_game("go-fish", players=players, seed=4)
    in_hands = sum(len(h) for h in g.hands) + sum(4 * len(b) for b in g.books)
    assert in_hands == players * each
    assert g.view(None)["draw_pile"] == 52 - players * each
    dealt = [e for e in g.events(None) if e["code"] == "dealt"]
    assert [e["params"] for e in dealt] == [{"player": s, "count": each} for s in range(players)]


def test_a_stacked_deck_deals_each_seat_its_cards_then_the_draw_pile():
    g = new3()
    assert hand(g, 0) == ["2C", "3C", "4C", "QH", "QS"]
    assert hand(g, 2) == ["9C", "10C", "JC", "KC", "AC"]
    assert g.CODES[g.draw[-1]] == "5D" and len(g.draw) == 52 - 15


def test_a_random_player_starts_chosen_by_the_seed():
    starters = [new_game("go-fish", players=3, seed=s).current for s in range(60)]
    assert set(starters) == {0, 1, 2}
    assert starters == [new_game("go-fish", players=3, seed=s).current for s in range(60)]
    assert new_game("go-fish", players=3, seed="x").to_act() == [
        new_game("go-fish", players=3, seed="x").current
    ]


# --- asking -----------------------------------------------------------------------------------


def test_you_ask_one_player_for_a_rank_you_hold():
    g = new3()
    assert acts(g, 0) == [
        "ask 1 2", "ask 1 3", "ask 1 4", "ask 1 Q",
        "ask 2 2", "ask 2 3", "ask 2 4", "ask 2 Q",
    ]  # fmt: skip
    error = refused(g, 0, "ask 1 K")
    assert error.code == "rank_not_held" and "K" in error.message
    assert refused(g, 0, "ask 0 Q").code == "ask_yourself"
    assert refused(g, 1, "ask 0 Q").code == "not_your_turn"
    assert acts(g, 1) == [] and g.to_act() == [0]


def test_they_give_you_all_their_cards_of_that_rank_and_you_go_again():
    g = fish(
        [
            ["QS", "2C", "3C", "4C", "5C"],
            ["QD", "QH", "6C", "7C", "8C"],
            ["9C", "10C", "JC", "KC", "AC"],
        ]
    )
    play(g, 0, "ask 1 Q")
    assert hand(g, 0) == ["2C", "3C", "4C", "5C", "QD", "QH", "QS"]
    assert hand(g, 1) == ["6C", "7C", "8C"]
    assert g.current == 0 and g.turn == 0  # the same turn goes on
    assert "ask 2 2" in acts(g, 0)  # any rank you hold, any player
    gave = last(g, "gave_rank")
    assert gave["params"] == {"player": 1, "to": 0, "rank": "Q", "count": 2}
    assert render(gave) == "Player 1 gave player 0 all their Q (2)."
    play(g, 0, "ask 1 Q")  # even the same rank again: they have none now
    assert g.current == 1


def test_the_given_cards_are_seen_by_giver_and_receiver_the_others_hear_rank_and_count():
    g = new3()
    play(g, 0, "ask 1 Q")
    for seat in (0, 1):
        assert last(g, "gave_rank", seat)["params"]["cards"] == ("QD",)
    assert render(last(g, "gave_rank", 1)) == "Player 1 gave player 0 all their Q: QD."
    for seat in (2, None):
        assert "cards" not in last(g, "gave_rank", seat)["params"]
    assert last(g, "asked")["params"] == {"player": 0, "target": 1, "asked": "Q"}


def test_go_fish_you_draw_the_top_card_and_the_turn_passes_to_who_said_go_fish():
    g = fish(
        [
            ["QS", "2C", "3C", "4C", "5C"],
            ["6C", "7C", "8C", "9C", "10C"],
            ["JC", "KC", "AC", "2D", "3D"],
            ["4D", "5D", "6D", "7D", "8D"],
        ],
        draw=["9D", "QC"],
    )
    play(g, 0, "ask 2 Q")
    assert "9D" in hand(g, 0) and len(g.hands[0]) == 6
    assert g.current == 2 and g.turn == 1  # the one who said "Go fish", not the neighbour
    assert codes_of(g) == ["asked", "not_held", "drew"]
    assert last(g, "not_held")["params"] == {"player": 2, "asker": 0, "asked": "Q"}
    assert last(g, "drew", 0)["params"] == {"player": 0, "card": "9D"}
    assert last(g, "drew", 1)["params"] == {"player": 0}  # only the drawer sees the card


def test_drawing_the_rank_asked_for_is_shown_to_all_and_you_go_again():
    g = fish(
        [
            ["QS", "2C", "3C", "4C", "5C"],
            ["6C", "7C", "8C", "9C", "10C"],
            ["JC", "KC", "AC", "2D", "3D"],
        ],
        draw=["QC", "9D"],
    )
    play(g, 0, "ask 2 Q")
    assert g.current == 0 and g.turn == 0
    for seat in (0, 1, 2, None):
        assert last(g, "lucky_draw", seat)["params"] == {"player": 0, "card": "QC"}
    assert "drew" not in codes_of(g)
    assert render(last(g, "lucky_draw")) == "Player 0 drew QC, the card asked for, and asks again."


def test_draws_and_books_are_automatic_only_asks_are_actions():
    g = new3()
    assert {a.verb for s in range(3) for a in g.legal_actions(s)} == {"ask"}
    assert GAMES["go-fish"].factory.GRAMMAR.verbs == ("ask",)


# --- books ------------------------------------------------------------------------------------


def test_a_book_of_four_is_laid_down_at_once():
    g = fish(
        [
            ["QS", "QH", "QD", "2C", "3C"],
            ["QC", "6C", "7C", "8C", "9C"],
            ["JC", "KC", "AC", "2D", "3D"],
        ]
    )
    play(g, 0, "ask 1 Q")
    assert hand(g, 0) == ["2C", "3C"] and g.books[0] == [12]
    event = last(g, "book")
    assert event["params"] == {"player": 0, "rank": "Q", "cards": ("QC", "QD", "QH", "QS")}
    assert g.view(2)["table"]["books"] == [["Q"], [], []]
    assert g.current == 0


def test_a_drawn_card_that_completes_a_book_of_another_rank_lays_it_down():
    g = fish(
        [
            ["2C", "2D", "2H", "QS", "3C"],
            ["6C", "7C", "8C", "9C", "10C"],
            ["JC", "KC", "AC", "4D", "3D"],
        ],
        draw=["2S"],
    )
    play(g, 0, "ask 1 Q")
    assert g.books[0] == [2] and hand(g, 0) == ["3C", "QS"]
    assert codes_of(g) == ["asked", "not_held", "drew", "book"]
    assert g.current == 1  # a book does not make it a lucky draw


def test_books_complete_in_the_opening_deal_are_laid_down_before_play():
    g = fish(
        [
            ["7C", "7D", "7H", "7S", "2C"],
            ["6C", "6D", "6H", "6S", "8C"],
            ["JC", "KC", "AC", "4D", "3D"],
        ]
    )
    assert g.books == [[7], [6], []] and hand(g, 0) == ["2C"]
    opening = [e for e in g.events(None) if e["code"] == "book"]
    assert [e["seq"] for e in opening] == [0, 0] and g.seq == 0


# --- the end ----------------------------------------------------------------------------------


def settle(g, hands, draw=(), books=None, current=0):
    """A late position: `hands` by seat, `draw` (top card first), and every rank not in them
    laid down as books by `books` (seat -> rank codes; by default all by seat 0)."""
    placed = [c for h in hands.values() for c in h] + list(draw)
    ranks = {_rank(c) for c in placed}
    assert all(sum(_rank(c) == r for c in placed) == 4 for r in ranks), "whole ranks only"
    free = [r for r in range(2, 15) if r not in ranks]
    g.books = [[] for _ in range(g.players)]
    if books is None:
        g.books[0] = free
    else:
        for seat, codes in books.items():
            g.books[seat] = [parse_rank(r).value for r in codes]
    g.hands = [sorted(CODES.index(c) for c in hands.get(s, [])) for s in range(g.players)]
    g.draw = [CODES.index(c) for c in reversed(draw)]
    g.current = current
    g._cache, g._acting = {}, None
    assert sorted(g.all_cards()) == list(range(52)), "a position places all 52 cards"
    return g


def test_the_game_ends_as_soon_as_a_hand_is_empty_most_books_wins():
    g = position(
        new3(),
        [["QS", "2C"], ["QH", "3C"], ["QD"]],
        books=[["A"], ["K", "J"], []],
    )
    play(g, 0, "ask 2 Q")  # player 2 gives their last card
    assert g.is_over and g.outcome.reason == Reason.OUT_OF_CARDS
    assert g.outcome.winners == (1,) and g.outcome.scores == (1, 2, 0)
    assert g.legal_actions(0) == [] and last(g, "ended")["params"]["reason"] == "out_of_cards"
    assert refused(g, 0, "ask 1 Q").code == "game_over"


def test_a_book_made_with_your_last_cards_ends_the_game_and_counts():
    g = position(new3(), [["QS", "QH", "QD"], ["QC", "3C"], ["4C"]], books=[[], ["K"], []])
    play(g, 0, "ask 1 Q")
    assert g.is_over and g.outcome.reason == Reason.OUT_OF_CARDS
    assert g.outcome.scores == (1, 1, 0) and g.outcome.winners == (0, 1)  # a tie is shared


ELEVEN = ["4", "5", "6", "7", "8", "9", "10", "J", "K", "A"]


def test_the_game_ends_when_the_draw_pile_runs_out_after_the_book_the_last_draw_makes():
    g = settle(
        new3(),
        {0: ["2C", "2D", "2H", "QS"], 1: ["QD", "QH", "QC", "3C"], 2: ["3D", "3H", "3S"]},
        draw=["2S"],
        books={1: ELEVEN},
    )
    play(g, 0, "ask 2 Q")  # go fish: the last card of the pile, and it makes a book
    assert g.is_over and g.outcome.reason == Reason.DRAW_PILE_EMPTY
    assert g.books[0] == [2] and g.outcome.scores == (1, 10, 0)
    assert codes_of(g)[-3:] == ["drew", "book", "ended"]
    assert render(last(g, "ended")).startswith("The game is over: the draw pile ran out.")


def test_a_lucky_last_draw_also_ends_the_game():
    g = settle(
        new3(),
        {0: ["QS", "2C"], 1: ["QH", "QD", "2D", "2H", "2S", "3D", "3H", "3S"], 2: ["3C"]},
        draw=["QC"],
    )
    play(g, 0, "ask 2 Q")
    assert g.is_over and g.outcome.reason == Reason.DRAW_PILE_EMPTY
    assert last(g, "lucky_draw")["params"]["card"] == "QC"


def test_the_scores_are_books_per_player():
    g = position(new3(), [["QS"], ["QH", "3C"], ["QD", "QC"]], books=[["A", "K"], ["J"], []])
    play(g, 0, "ask 2 Q")
    assert g.outcome.scores == (2, 1, 0) and g.outcome.winners == (0,)


def test_the_turn_limit_ends_the_game_on_books():
    g = fish(
        [
            ["QS", "2C", "3C", "4C", "5C"],
            ["7C", "7D", "7H", "7S", "8C"],
            ["9C", "10C", "JC", "KC", "AC"],
        ],
        draw=["5D", "6D"],
        options={"turn_limit": 2},
    )
    play(g, 0, "ask 2 Q")  # go fish: turn 1 ends, player 2's turn
    play(g, 2, "ask 0 9")  # go fish again: turn 2 ends
    assert g.is_over and g.outcome.reason == Reason.TURN_LIMIT and g.turn == 2
    assert g.outcome.winners == (1,) and g.outcome.scores == (0, 1, 0)


# --- options ----------------------------------------------------------------------------------


def test_options_and_their_defaults():
    spec = GAMES["go-fish"]
    assert spec.options == {
        "turn_limit": 1000,
        "exact_card": False,
        "may_ask_held_card": False,
        "play_on": False,
    }


def test_may_ask_held_card_without_exact_card_is_a_setup_error():
    with pytest.raises(GameSetupError, match="may_ask_held_card.*exact_card"):
        new_game("go-fish", players=3, options={"may_ask_held_card": True})
    new_game("go-fish", players=3, options={"may_ask_held_card": True, "exact_card": True})


def test_action_texts_read_back_in_any_case():
    g = new3()
    assert str(g.parse_action("ASK 1 q", 0)) == "ask 1 Q"
    assert g.parse_action("ask 2 10", 0).rank == parse_rank("10").code == "10"
    for a in g.legal_actions(0):
        assert g.parse_action(str(a), a.player) == a
    with pytest.raises(IllegalAction, match="ranks are"):
        g.parse_action("ask 1 Z", 0)
    assert refused(g, 0, "ask 1 QC").code == "name_a_rank"


# --- exact card -------------------------------------------------------------------------------


EXACT = {"exact_card": True}


def test_exact_card_ask_for_one_card_of_a_rank_you_hold_not_one_you_hold():
    g = new3(options=EXACT)
    asked = acts(g, 0)
    assert "ask 1 QC" in asked and "ask 2 2D" in asked and "ask 1 QS" not in asked
    assert len(asked) == 2 * (3 + 3 + 3 + 2)  # 2 targets x the cards of held ranks not held
    assert refused(g, 0, "ask 1 QS").code == "card_held"
    assert refused(g, 0, "ask 1 KS").code == "rank_not_held"
    assert refused(g, 0, "ask 1 Q").code == "name_a_card"
    a = g.parse_action("ask 1 qd", 0)
    assert str(a) == "ask 1 QD" and g.parse_action(str(a), 0) == a


def test_exact_card_given_go_again_and_everyone_sees_the_card():
    g = new3(options=EXACT)
    play(g, 0, "ask 1 QD")
    assert "QD" in hand(g, 0) and g.current == 0
    for seat in (0, 1, 2, None):
        assert last(g, "gave", seat)["params"] == {"player": 1, "to": 0, "card": "QD"}
    assert last(g, "asked")["params"] == {"player": 0, "target": 1, "asked": "QD"}


def test_exact_card_not_held_go_fish_drawing_the_asked_card_go_again():
    g = new3(options=EXACT)  # the draw pile: 5D, then QC
    play(g, 0, "ask 2 2D")  # go fish: 5D is not 2D
    assert g.current == 2 and "5D" in hand(g, 0)
    g = fish(
        [
            ["QS", "QH", "2C", "3C", "4C"],
            ["QD", "5C", "6C", "7C", "8C"],
            ["9C", "10C", "JC", "KC", "AC"],
        ],
        draw=["QC"],
        options=EXACT,
    )
    play(g, 0, "ask 2 QC")
    assert g.current == 0 and last(g, "lucky_draw")["params"]["card"] == "QC"


def test_exact_card_drawing_the_asked_rank_but_another_suit_ends_the_turn():
    g = fish(
        [
            ["QS", "2C", "3C", "4C", "5C"],
            ["6C", "7C", "8C", "9C", "10C"],
            ["JC", "KC", "AC", "2D", "3D"],
        ],
        draw=["QC"],
        options=EXACT,
    )
    play(g, 0, "ask 2 QH")
    assert g.current == 2 and "lucky_draw" not in codes_of(g)


def test_may_ask_held_card_always_means_go_fish_and_the_turn_ends():
    g = new3(options={**EXACT, "may_ask_held_card": True})
    assert "ask 1 QS" in acts(g, 0) and "ask 1 KS" not in acts(g, 0)
    play(g, 0, "ask 1 QS")
    assert g.current == 1 and "5D" in hand(g, 0)
    assert codes_of(g) == ["asked", "not_held", "drew"]


# --- play on ----------------------------------------------------------------------------------


PLAY_ON = {"play_on": True}


def test_play_on_an_empty_pile_or_hand_does_not_end_the_game():
    g = settle(
        new3(options=PLAY_ON),
        {0: ["QS", "3C"], 1: ["QH", "3D"], 2: ["QD", "QC", "3H", "3S"]},
    )
    play(g, 0, "ask 1 Q")  # given, with the pile empty
    assert not g.is_over and g.current == 0
    play(g, 0, "ask 1 3")  # player 1 gives their last card
    assert not g.is_over and g.hands[1] == [] and g.current == 0


def test_play_on_once_the_pile_is_out_asking_for_a_missing_rank_makes_it_their_turn():
    g = settle(
        new3(options=PLAY_ON),
        {0: ["QS", "3C"], 1: ["QH", "3D", "3H"], 2: ["QD", "QC", "3S"]},
    )
    play(g, 0, "ask 1 Q")
    play(g, 0, "ask 1 Q")  # player 1 has no queen left: nobody says "Go fish"
    assert g.current == 1 and g.turn == 1
    assert codes_of(g)[-2:] == ["asked", "not_held"] and "drew" not in codes_of(g)


def test_play_on_while_the_pile_lasts_an_empty_hand_draws_one_when_its_turn_comes():
    g = position(new3(options=PLAY_ON), [["QS", "2C"], [], ["3C"]])
    assert g.CODES[g.draw[-1]] == "2D"
    play(g, 0, "ask 1 Q")  # player 1 has nothing: "Go fish"; the turn passes to them
    assert g.current == 1 and hand(g, 1) == ["2H"]
    assert [e["params"] for e in g.events(None) if e["code"] == "drew"] == [
        {"player": 0},
        {"player": 1},
    ]
    assert acts(g, 1) == ["ask 0 2", "ask 2 2"]


def test_play_on_an_asker_who_runs_out_while_the_pile_lasts_draws_one_and_goes_on():
    g = position(new3(options=PLAY_ON), [["QS", "QH", "QD"], ["QC", "2C"], ["3C"]])
    play(g, 0, "ask 1 Q")  # a book with the last cards
    assert g.current == 0 and hand(g, 0) == ["2D"] and codes_of(g)[-2:] == ["book", "drew"]


def test_play_on_with_the_pile_out_an_empty_hand_is_skipped_and_cannot_be_asked():
    g = settle(
        new_game("go-fish", players=4, seed=0, options=PLAY_ON),
        {0: ["QS", "QH", "QD"], 1: [], 2: ["QC", "3C", "3D"], 3: ["3H", "3S"]},
    )
    assert refused(g, 0, "ask 1 Q").code == "no_cards"
    assert acts(g, 0) == ["ask 2 Q", "ask 3 Q"]
    play(g, 0, "ask 2 Q")  # a book with player 0's last cards
    assert g.current == 2 and g.turn == 1  # clockwise to the next one holding cards
    assert last(g, "skipped")["params"] == {"player": 1}
    assert acts(g, 2) == ["ask 3 3"]


def test_play_on_an_asker_who_runs_out_once_the_pile_is_out_passes_the_turn_clockwise():
    g = settle(
        new_game("go-fish", players=4, seed=0, options=PLAY_ON),
        {0: ["QS", "3C"], 1: ["QH"], 2: ["QD", "QC", "3D"], 3: ["3H", "3S"]},
    )
    play(g, 0, "ask 1 Q")  # player 1 gives their last card
    play(g, 0, "ask 3 Q")  # player 3 has none: their turn
    assert g.current == 3
    play(g, 3, "ask 0 3")  # given
    play(g, 3, "ask 2 3")  # player 3 makes the book of threes and is out
    assert g.current == 0 and g.turn == 2 and "skipped" not in codes_of(g)


def test_play_on_ends_when_all_13_books_are_made():
    g = settle(new3(options=PLAY_ON), {0: ["QS", "QH"], 1: ["QD", "QC"]})
    play(g, 0, "ask 1 Q")
    assert g.is_over and g.outcome.reason == Reason.ALL_BOOKS
    assert sum(len(b) for b in g.books) == 13 and g.outcome.winners == (0,)
    assert g.outcome.scores == (13, 0, 0)


def test_play_on_the_turn_limit_still_ends_it():
    g = new3(options={**PLAY_ON, "turn_limit": 1})
    play(g, 0, "ask 2 Q")
    assert g.is_over and g.outcome.reason == Reason.TURN_LIMIT


# --- views, saving, bots ----------------------------------------------------------------------


def test_the_view_shows_books_pile_and_own_hand_only():
    g = new3()
    view = g.view(1)
    assert view["hand"] == hand(g, 1) and view["hand_counts"] == [5, 5, 5]
    assert view["table"] == {"books": [[], [], []]} and view["draw_pile"] == 37
    assert "hand" not in g.view(None)


def test_a_game_replays_from_its_log_and_restores_from_json():
    g = new_game("go-fish", players=4, seed=9, options={"exact_card": True})
    bot = make_bot("random", "go-fish", seed=2)
    while not g.is_over and g.seq < 30:
        g.apply(bot.choose(g, g.to_act()[0]))
    again = replay("go-fish", 4, 9, g.log, options={"exact_card": True})
    assert again == g
    assert g.clone() == g


@pytest.mark.parametrize("options", [{}, EXACT, PLAY_ON, {**EXACT, "may_ask_held_card": True}])
def test_the_greedy_bot_wins_more_than_random_ones(options):
    wins = Counter()
    for seed in range(40):
        g = new_game("go-fish", players=3, seed=seed, options=options)
        bots = [
            make_bot("greedy" if s == 0 else "random", "go-fish", seed * 3 + s) for s in range(3)
        ]
        while not g.is_over:
            seat = g.to_act()[0]
            g.apply(bots[seat].choose(g, seat))
        wins.update(g.outcome.winners)
    assert wins[0] > max(wins[1], wins[2])
