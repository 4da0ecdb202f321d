"""Jokers Go Boom (server/content/rules/en/go-boom.md): one scenario on a stacked deck (`deck=`)
or a stacked position for each rule bullet and decision. One game object is the whole match."""

from __future__ import annotations

import pytest

from gong.classic_cards import parse_standard_card, standard_deck
from gong.referee import GAMES, GameSetupError, IllegalAction, Reason, new_game, replay
from gong.referee.bots import make_bot
from gong.referee.events import render

# --- helpers ----------------------------------------------------------------------------------


def deck_codes(jokers=2):
    return [card.code for card in standard_deck(jokers)]


def boom(hands, top, draw=(), dealer=0, options=None):
    """A match whose first round is dealt from a stacked deck: `hands[i]` (7 cards) to seat
    i, dealt one at a time from the dealer's left as the rules say, then `top` turned up,
    then `draw` on top of the draw pile, then the other cards in deck order; the first seed
    whose draw for the deal makes `dealer` the dealer."""
    players = len(hands)
    order = [hands[(dealer + k) % players][i] for i in range(7) for k in range(1, players + 1)]
    order += [top, *draw]
    assert len(order) == len(set(order)), order
    jokers = (options or {}).get("jokers", 2)
    order += [c for c in deck_codes(jokers) if c not in order]
    for seed in range(500):
        g = new_game("go-boom", players=players, seed=seed, options=options, deck=order)
        if g.dealer == dealer:
            return g
    raise AssertionError("no seed makes that player the dealer")


def position(g, hands, discard, draw=None, current=None):
    """Put a match in a stacked position: these hands, `discard` (bottom first, top last),
    `draw` (top card first; by default every card not placed otherwise, in deck order)."""
    codes = list(g.CODES)
    placed = {c for hand in hands for c in hand} | set(discard)
    if draw is None:
        draw = [c for c in codes if c not in placed]
    g.hands = [sorted(codes.index(c) for c in hand) for hand in hands]
    g.discard = [codes.index(c) for c in discard]
    g.draw = [codes.index(c) for c in reversed(draw)]
    g.passes = 0
    if current is not None:
        g.current = current
    g._cache, g._acting = {}, None
    assert sorted(g.all_cards()) == list(range(len(codes))), "a position places every card"
    return g


def play(g, seat, text):
    g.apply(g.parse_action(text, seat))


def acts(g, seat):
    return [str(a) for a in g.legal_actions(seat)]


def hand(g, seat):
    return [c.code for c in g.hand(seat)]


def events(g, code, seat=None):
    return [e for e in g.events(seat) if e["code"] == code]


def refused(g, seat, text):
    before = g.clone()
    with pytest.raises(IllegalAction) as caught:
        play(g, seat, text)
    assert g == before
    return caught.value


HANDS3 = [
    ["2C", "3C", "4C", "5C", "6C", "7C", "8C"],
    ["2D", "3D", "4D", "5D", "6D", "7D", "8D"],
    ["2H", "3H", "4H", "5H", "6H", "7H", "JK1"],
]


def new3(top="9C", draw=(), dealer=2, options=None):
    """Three players; player 2 deals, so player 0 starts."""
    return boom(HANDS3, top, draw, dealer=dealer, options=options)


# --- players, deck, options -------------------------------------------------------------------


def test_3_to_4_players_with_52_cards_and_2_jokers():
    spec = GAMES["go-boom"]
    assert (spec.min_players, spec.max_players) == (3, 4)
    assert spec.options == {"turn_limit": 1000, "jokers": 2, "rounds": 0}
    assert spec.bounds["jokers"] == (0, 8)
    g = new_game("go-boom", players=3, seed=1)
    assert sorted(g.CODES) == sorted(deck_codes(2)) and len(g.DECK) == 54
    for players in (2, 5):
        with pytest.raises(GameSetupError, match="3 to 4"):
            new_game("go-boom", players=players)


@pytest.mark.parametrize("jokers", [0, 1, 8])
def test_the_jokers_option_runs_from_0_to_8(jokers):
    g = new_game("go-boom", players=4, seed=2, options={"jokers": jokers})
    assert len(g.DECK) == 52 + jokers and sorted(g.all_cards()) == list(range(52 + jokers))
    assert from_text(g) == g
    for bad in (-1, 9):
        with pytest.raises(GameSetupError, match="jokers"):
            new_game("go-boom", players=4, options={"jokers": bad})


def from_text(g):
    from gong.referee import from_json

    return from_json(g.to_json())


# --- the draw for the deal --------------------------------------------------------------------


def test_the_lowest_card_deals_a_joker_is_drawn_again_ties_redraw_among_the_tied():
    saw_joker = saw_tie = False
    for seed in range(120):
        g = new_game("go-boom", players=4, seed=seed)
        draws = [e["params"] for e in g.events(None) if e["code"] == "drew_for_deal"]
        contenders, i = [0, 1, 2, 3], 0
        while True:
            ranks = {}
            for seat in contenders:
                while True:
                    d = draws[i]
                    i += 1
                    assert d["player"] == seat
                    if d["card"].startswith("JK"):
                        saw_joker = True
                        continue  # drawn again
                    ranks[seat] = parse_standard_card(d["card"]).rank.value
                    break
            low = min(ranks.values())
            tied = [s for s in contenders if ranks[s] == low]
            if len(tied) == 1:
                break
            saw_tie = True
            contenders = tied
        assert i == len(draws) and g.dealer == tied[0]
        assert events(g, "dealer")[0]["params"] == {"player": g.dealer}
        assert render(events(g, "round")[0]) == f"Round 1 begins: player {g.dealer} deals."
        assert new_game("go-boom", players=4, seed=seed).dealer == g.dealer  # seeded
    assert saw_joker and saw_tie


# --- the deal ---------------------------------------------------------------------------------


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_seven_cards_each_dealt_one_at_a_time_from_the_dealers_left(dealer):
    order = deck_codes()
    for seed in range(300):
        g = new_game("go-boom", players=3, seed=seed, deck=order)
        if g.dealer == dealer:
            break
    first = (dealer + 1) % 3
    assert hand(g, first) == [order[i] for i in range(0, 21, 3)]
    assert hand(g, (dealer + 2) % 3) == [order[i] for i in range(1, 21, 3)]
    assert hand(g, dealer) == [order[i] for i in range(2, 21, 3)]
    assert g.view(None)["table"]["top"] == order[21]  # the top card of the rest, turned up
    assert g.view(None)["draw_pile"] == 54 - 22


def test_the_stacked_helper_deals_what_it_says():
    g = new3()
    assert [hand(g, s) for s in range(3)] == [sorted(h, key=_order) for h in HANDS3]
    assert g.view(None)["table"]["top"] == "9C" and g.dealer == 2


def _order(code):
    return parse_standard_card(code).sort_key


def test_a_turned_up_joker_goes_back_at_random_and_another_is_turned():
    places = set()
    for dealer in (0, 1, 2):
        g = new3(top="JK2", draw=["9C"], dealer=dealer)
        assert g.view(None)["table"]["top"] == "9C"
        assert events(g, "joker_returned")[0]["params"] == {"card": "JK2"}
        place = [g.CODES[c] for c in g.draw].index("JK2")
        places.add(place)
        assert len(g.draw) == 54 - 22
    assert len(places) > 1  # not always the same place


def test_the_player_left_of_the_dealer_starts_and_play_goes_clockwise():
    for dealer in (0, 1, 2):
        g = new3(top="9S", dealer=dealer)
        first = (dealer + 1) % 3
        assert g.current == first and g.to_act() == [first]
        play(g, first, "draw")
        assert g.current == (first + 1) % 3 and g.to_act() == [(first + 1) % 3]


# --- playing ----------------------------------------------------------------------------------


def test_play_a_card_matching_the_top_discard_by_suit_or_rank():
    g = new3(top="5S")  # player 0: clubs 2-8; player 2 holds the joker
    assert acts(g, 0) == ["play 5C"]
    g = new3(top="9C")
    assert acts(g, 0) == [f"play {r}C" for r in range(2, 9)]
    play(g, 0, "play 4C")
    assert g.view(None)["table"]["top"] == "4C" and g.current == 1
    assert acts(g, 1) == ["play 4D"]
    error = refused(g, 1, "play 5D")
    assert error.code == "must_match" and "4C" in error.message
    assert refused(g, 1, "play 4H").code == "not_in_hand"
    assert refused(g, 2, "play 4H").code == "not_your_turn"
    assert events(g, "played")[0]["params"] == {"player": 0, "card": "4C"}


def test_no_match_draw_one_card_and_the_turn_ends_at_once_even_if_it_matches():
    g = new3(top="9S", draw=["9D"])
    assert acts(g, 0) == ["draw"]
    play(g, 0, "draw")
    assert "9D" in hand(g, 0) and g.current == 1 and g.turn == 1
    assert events(g, "drew", 0)[-1]["params"] == {"player": 0, "card": "9D"}
    assert events(g, "drew", 1)[-1]["params"] == {"player": 0}


def test_you_may_draw_only_when_no_card_matches_a_boom_card_never_forces():
    g = new3(top="9C")
    assert refused(g, 0, "draw").code == "can_play"
    g = new3(top="9S")
    play(g, 0, "draw")
    play(g, 1, "draw")
    assert acts(g, 2) == ["play JK1", "draw"]  # the joker may be played, or not
    play(g, 2, "draw")
    assert g.current == 0


def test_with_the_draw_pile_empty_a_player_who_cannot_play_passes():
    discard = _all_but("2C", "3D", "JK1", "4H", "9S")
    g = position(new3(), [["2C"], ["3D", "JK1"], ["4H"]], [*discard, "9S"], draw=[])
    assert acts(g, 0) == ["pass"]
    assert refused(g, 0, "draw").code == "pile_empty"
    play(g, 0, "pass")
    assert acts(g, 1) == ["play JK1"]  # holding a joker, you can play: no pass
    assert refused(g, 1, "pass").code == "can_play"
    assert events(g, "passed")[0]["params"] == {"player": 0}


def test_pass_is_refused_while_you_can_draw_or_match():
    g = new3(top="9S")
    assert refused(g, 0, "pass").code == "can_draw"
    g = new3(top="9C")
    assert refused(g, 0, "pass").code == "can_play"


def _all_but(*kept):
    return [c for c in deck_codes() if c not in kept]


def test_a_blocked_round_when_everyone_passed_in_a_row_everybody_scores_their_hand():
    g = new3(options={"rounds": 1})
    discard = _all_but("2C", "KD", "5H", "AH", "9S")
    g = position(g, [["2C"], ["5H", "KD"], ["AH"]], [*discard, "9S"], draw=[])
    play(g, 0, "pass")
    play(g, 1, "pass")
    assert not g.is_over
    play(g, 2, "pass")
    assert g.is_over and g.outcome.scores == (2, 15, 15) and g.outcome.winners == (0,)
    over = events(g, "round_over")[-1].to_dict()["params"]
    assert over["reason"] == "blocked" and over["scores"] == [2, 15, 15]
    assert over["hands"] == [["2C"], ["5H", "KD"], ["AH"]]


def test_a_play_breaks_the_run_of_passes():
    g = new3(options={"rounds": 1})
    discard = _all_but("2C", "KD", "9D", "JK1", "AH", "9S")
    g = position(g, [["2C"], ["KD", "9D", "JK1"], ["AH"]], [*discard, "9S"], draw=[])
    play(g, 0, "pass")
    play(g, 1, "play 9D")
    play(g, 2, "pass")
    play(g, 0, "pass")
    assert not g.is_over and g.current == 1


# --- BOOM -------------------------------------------------------------------------------------


def test_a_joker_on_any_card_booms_every_other_player_draws_one():
    g = new3(top="9S", draw=["10C", "10D", "10H", "10S"])
    play(g, 0, "draw")  # 10C
    play(g, 1, "draw")  # 10D
    assert "play JK1" in acts(g, 2)
    play(g, 2, "play JK1")  # on 9S, which it does not match
    assert hand(g, 0)[-1] == "10H" and hand(g, 1)[-1] == "10S"
    assert [e["params"] for e in g.events(None) if e["code"] == "drew"][-2:] == [
        {"player": 0},
        {"player": 1},
    ]  # from the next player on
    assert events(g, "boom")[0]["params"] == {"player": 2, "card": "JK1"}
    assert render(events(g, "boom")[0]) == "Player 2 played JK1: BOOM! Everyone else draws a card."
    assert g.current == 0 and g.turn == 3


def test_after_a_boom_the_next_player_matches_the_card_beneath_the_joker():
    g = new3(top="9S", draw=["10C", "10D", "10H", "10S"])
    play(g, 0, "draw")
    play(g, 1, "draw")
    play(g, 2, "play JK1")
    table = g.view(0)["table"]
    assert table["top"] == "JK1" and table["match"] == "9S"
    assert acts(g, 0) == ["draw"]  # clubs and 10H: nothing matches 9S
    play(g, 0, "draw")
    assert acts(g, 1) == ["play 10S"]


def test_with_fewer_cards_left_than_players_to_draw_they_draw_in_turn_from_the_next():
    g = boom(
        [
            ["2C", "3C", "4C", "5C", "6C", "7C", "JK1"],
            ["2D", "3D", "4D", "5D", "6D", "7D", "8D"],
            ["2H", "3H", "4H", "5H", "6H", "7H", "8H"],
            ["2S", "3S", "4S", "5S", "6S", "7S", "8S"],
        ],
        "9C",
        dealer=3,
    )
    hands = [hand(g, s) for s in range(4)]
    held = [c for h in hands for c in h]
    g = position(g, hands, [*_all_but(*held, "KH", "9C"), "9C"], draw=["KH"])
    play(g, 0, "play JK1")
    assert "KH" in hand(g, 1) and len(g.hands[2]) == 7 and len(g.hands[3]) == 7
    assert g.view(None)["draw_pile"] == 0


def test_with_no_jokers_every_ace_booms_and_an_ace_on_top_is_matched_normally():
    hands = [
        ["2C", "3C", "4C", "5C", "6C", "7C", "AD"],
        ["2D", "3D", "4D", "5D", "6D", "7D", "8D"],
        ["2H", "3H", "4H", "5H", "6H", "7H", "8H"],
    ]
    g = boom(hands, "9S", draw=["10C", "10D"], dealer=2, options={"jokers": 0})
    assert len(g.DECK) == 52 and acts(g, 0) == ["play AD", "draw"]
    play(g, 0, "play AD")  # on 9S: an ace booms
    assert events(g, "boom")[0]["params"] == {"player": 0, "card": "AD"}
    assert hand(g, 1)[-1] == "10C" and hand(g, 2)[-1] == "10D"
    assert g.view(1)["table"]["match"] == "AD"  # matched normally: diamonds or aces
    assert acts(g, 1) == [f"play {r}D" for r in range(2, 9)]


def test_with_no_jokers_an_ace_matching_by_suit_still_booms():
    hands = [
        ["2C", "3C", "4C", "5C", "6C", "7C", "AS"],
        ["2D", "3D", "4D", "5D", "6D", "7D", "8D"],
        ["2H", "3H", "4H", "5H", "6H", "7H", "8H"],
    ]
    g = boom(hands, "9S", draw=["10C", "10D"], dealer=2, options={"jokers": 0})
    play(g, 0, "play AS")
    assert len(events(g, "boom")) == 1 and len(g.hands[1]) == 8


def test_a_boom_card_as_your_last_card_booms_first_then_the_round_is_scored():
    g = new3(options={"rounds": 1})
    g = position(g, [["2C", "3C"], ["JK1"], ["KH"]], ["9S"], current=1)
    first, second = (g.CODES[c] for c in reversed(g.draw[-2:]))  # the top two cards
    play(g, 1, "play JK1")
    assert g.is_over
    over = events(g, "round_over")[-1].to_dict()["params"]
    assert over["scores"][1] == 0 and over["reason"] == "out_of_cards"
    assert over["hands"][2] == sorted(["KH", first], key=_order)  # the next player first
    assert over["hands"][0] == sorted(["2C", "3C", second], key=_order)
    assert over["scores"] == [sum(map(_value, over["hands"][0])), 0, 10 + _value(first)]


def _value(code):
    if code.startswith("JK"):
        return 20
    rank = parse_standard_card(code).rank.value
    return 15 if rank == 14 else 10 if rank >= 10 else rank


def test_the_discards_are_never_reshuffled():
    g = new3()
    discard = _all_but("2C", "3C", "2D", "3D", "2H", "3H", "9S")
    g = position(g, [["2C", "3C"], ["2D", "3D"], ["2H", "3H"]], [*discard, "9S"], draw=[])
    play(g, 0, "pass")
    assert g.view(None)["draw_pile"] == 0 and g.view(None)["table"]["discard_pile"] == 48
    assert "refilled" not in [e["code"] for e in g.events(None)]


# --- scoring, rounds, the match ---------------------------------------------------------------


def test_the_round_ends_when_a_player_plays_their_last_card_who_scores_0():
    g = new3(options={"rounds": 1})
    g = position(g, [["9C"], ["JK1", "AH", "KD", "QD", "JD"], ["10S", "9H", "2S", "5S"]], ["9S"])
    play(g, 0, "play 9C")
    assert g.is_over and g.outcome.reason == Reason.ROUNDS_PLAYED
    # joker 20, ace 15, K Q J 10 score 10, 2-9 their face value
    assert g.outcome.scores == (0, 20 + 15 + 30, 10 + 9 + 2 + 5)
    assert g.outcome.winners == (0,)
    over = events(g, "round_over")[-1].to_dict()["params"]
    assert over == {
        "round": 1,
        "reason": "out_of_cards",
        "hands": [[], ["JD", "QD", "KD", "AH", "JK1"], ["2S", "5S", "9H", "10S"]],
        "scores": [0, 65, 26],
        "totals": [0, 65, 26],
    }


def _play_out(g, seed=0):
    bots = [make_bot("random", "go-boom", seed * 7 + s) for s in range(g.players)]
    while not g.is_over:
        seat = g.to_act()[0]
        g.apply(bots[seat].choose(g, seat))
    return g


@pytest.mark.parametrize("players", [3, 4])
def test_one_round_per_player_the_deal_passes_clockwise_lowest_total_wins(players):
    g = _play_out(new_game("go-boom", players=players, seed=11), seed=11)
    rounds = [e["params"] for e in g.events(None) if e["code"] == "round"]
    first = rounds[0]["player"]
    assert [r["round"] for r in rounds] == list(range(1, players + 1))
    assert [r["player"] for r in rounds] == [(first + i) % players for i in range(players)]
    scored = [e["params"] for e in g.events(None) if e["code"] == "round_over"]
    assert len(scored) == players
    totals = [sum(s["scores"][p] for s in scored) for p in range(players)]
    assert g.outcome.scores == tuple(totals) == scored[-1]["totals"]
    assert g.outcome.winners == tuple(p for p in range(players) if totals[p] == min(totals))
    assert g.outcome.reason == Reason.ROUNDS_PLAYED


def test_each_round_starts_left_of_its_dealer_with_a_fresh_deal():
    g = new_game("go-boom", players=3, seed=5, options={"rounds": 2})
    bots = [make_bot("random", "go-boom", s) for s in range(3)]
    while g.round == 1:
        seat = g.to_act()[0]
        g.apply(bots[seat].choose(g, seat))
    assert g.dealer == (events(g, "round")[0]["params"]["player"] + 1) % 3
    assert g.current == (g.dealer + 1) % 3
    assert [len(h) for h in g.hands] == [7, 7, 7] and len(g.discard) == 1
    assert sorted(g.all_cards()) == list(range(54))


@pytest.mark.parametrize("rounds", [1, 2, 5])
def test_the_rounds_option_sets_how_many_rounds(rounds):
    g = _play_out(new_game("go-boom", players=3, seed=3, options={"rounds": rounds}))
    assert len(events(g, "round_over")) == rounds


def test_a_tie_on_the_lowest_total_is_shared():
    g = new3(options={"rounds": 1})
    g = position(g, [["9C"], ["5D"], ["5H"]], ["9S"])
    g.totals = [10, 5, 5]
    play(g, 0, "play 9C")
    assert g.outcome.scores == (10, 10, 10) and g.outcome.winners == (0, 1, 2)


def test_the_view_shows_the_round_and_the_running_totals():
    g = new3(options={"rounds": 2})
    g = position(g, [["9C"], ["5D"], ["5H", "AS"]], ["9S"])
    play(g, 0, "play 9C")
    table = g.view(1)["table"]
    assert table["round"] == 2 and table["rounds"] == 2 and table["totals"] == [0, 5, 20]
    assert table["dealer"] == 0 and g.current == 1
    assert g.view(None)["table"]["totals"] == [0, 5, 20]


def test_the_turn_limit_counts_across_rounds_lowest_total_so_far_wins():
    whole = _play_out(new_game("go-boom", players=3, seed=8), seed=8)
    first_round = next(e["seq"] for e in whole.events(None) if e["code"] == "round_over")
    limit = first_round + 3  # every action of round 1 was a turn
    g = _play_out(new_game("go-boom", players=3, seed=8, options={"turn_limit": limit}), seed=8)
    assert g.outcome.reason == Reason.TURN_LIMIT and g.turn == limit and g.round == 2
    totals = events(g, "round_over")[0]["params"]["totals"]
    assert g.outcome.scores == totals
    assert g.outcome.winners == tuple(p for p in range(3) if totals[p] == min(totals))


# --- texts, secrets, saving, bots -------------------------------------------------------------


def test_action_texts_read_back_in_any_case():
    g = new3(top="9S")
    assert str(g.parse_action("PLAY jk1", 2)) == "play JK1"
    assert str(g.parse_action("play 10h", 0)) == "play 10H"
    assert str(g.parse_action("Draw", 0)) == "draw" and str(g.parse_action("pass", 0)) == "pass"
    for seat in range(3):
        for a in g.legal_actions(seat):
            assert g.parse_action(str(a), a.player) == a
    with pytest.raises(IllegalAction, match="not a standard card"):
        g.parse_action("play ZZ", 0)


def test_a_dealt_hand_is_seen_by_its_owner_only():
    g = new3()
    dealt = [e for e in g.events(1) if e["code"] == "dealt"]
    assert dealt[1]["params"]["cards"] == tuple(hand(g, 1)) and "cards" not in dealt[0]["params"]


def test_a_match_replays_from_its_log_and_restores_from_json():
    g = new_game("go-boom", players=4, seed=4, options={"jokers": 3, "rounds": 2})
    g = _play_out(g, seed=4)
    assert replay("go-boom", 4, 4, g.log, options={"jokers": 3, "rounds": 2}) == g
    assert from_text(g) == g


@pytest.mark.parametrize("options", [{}, {"jokers": 0}])
def test_the_greedy_bot_scores_lower_than_random_ones(options):
    totals = [0, 0, 0]
    for seed in range(60):
        g = new_game("go-boom", players=3, seed=seed, options={**options, "rounds": 1})
        bots = [
            make_bot("greedy" if s == 0 else "random", "go-boom", seed * 3 + s) for s in range(3)
        ]
        while not g.is_over:
            seat = g.to_act()[0]
            g.apply(bots[seat].choose(g, seat))
        totals = [t + s for t, s in zip(totals, g.outcome.scores, strict=True)]
    assert totals[0] < min(totals[1:])
