"""Gang of Four (server/content/rules/en/gang-of-four.md): one scenario per rule bullet and
decision, on stacked decks.

A stacked deck deals 16 cards to seat 0, then 16 to seat 1, and so on; with three players
the last 16 are the dead hand. `stack` fills each hand named here up to 16 cards with the
unnamed cards in canonical order, so a test names only the cards it is about.
"""

from __future__ import annotations

from collections import Counter

import pytest

from gong.classic_cards import GOF_DECK, parse_gof_cards
from gong.referee import GAMES, GameSetupError, IllegalAction, Reason, from_json, new_game
from gong.referee.bots import make_bot
from gong.referee.gang_of_four import exchange_loser, points_for
from gong.referee.gof_combos import beating_plays, combination, combinations

GOF = "gang-of-four"
# A hand that goes out in three leads nobody can beat: the gang of seven (with M1, so it
# may open the match), the gang of six 10s, then the phoenix pair.
QUICK = "M1 G1 G1 Y1 Y1 R1 R1 G10 G10 Y10 Y10 R10 R10 G2 PG PY"
QUICK_LEADS = ["G1 G1 Y1 Y1 R1 R1 M1", "G10 G10 Y10 Y10 R10 R10", "G2", "PG PY"]


def stack(players: int, *hands: str, dead: str = "") -> list[str]:
    """A 64-card deck order: hands[i] for seat i, filled up to 16 from the unnamed cards in
    canonical order; with three players, `dead` (filled the same way) is the dead hand."""
    named = Counter(code for text in (*hands, dead) for code in text.upper().split())
    pool = [card.code for card in GOF_DECK]
    for code, n in named.items():
        for _ in range(n):
            pool.remove(code)
    order: list[str] = []
    groups = [hands[s] if s < len(hands) else "" for s in range(players)]
    if players == 3:
        groups.append(dead)
    for text in groups:
        hand = text.upper().split()
        assert len(hand) <= 16
        while len(hand) < 16:
            hand.append(pool.pop(0))
        order += hand
    assert not pool
    return order


def gof(players: int = 4, *hands: str, dead: str = "", seed: int = 1, **options):
    decks = options.pop("decks", None)
    keywords = {"decks": decks} if decks is not None else {}
    return new_game(
        GOF,
        players=players,
        seed=seed,
        options=options or None,
        deck=stack(players, *hands, dead=dead),
        **keywords,
    )


def position(g, *hands: str, lead: int = 0) -> None:
    """Put the game in a stacked position: these hands (the rest of the 64 cards already
    played, face down on the pile), the table empty, `lead` to lead a trick."""
    free = {}
    for p in range(len(g.DECK) - 1, -1, -1):
        free.setdefault(g.CODES[p], []).append(p)
    g.hands = [sorted(free[code].pop() for code in text.upper().split()) for text in hands]
    g.dead = []
    g.pile = sorted(p for left in free.values() for p in left)
    g.table, g.table_by, g.passes = [], -1, 0
    g.current, g.first_lead = lead, False
    g._cache, g._acting = {}, None
    assert sorted(g.all_cards()) == list(range(64))


def play(g, seat: int, text: str) -> None:
    g.apply(g.parse_action(text, seat))


def acts(g, seat: int) -> list[str]:
    return [str(a) for a in g.legal_actions(seat)]


def refused(g, seat: int, text: str) -> IllegalAction:
    before = g.clone()
    with pytest.raises(IllegalAction) as info:
        play(g, seat, text)
    assert g == before  # a refusal changes nothing
    return info.value


def hand(g, seat: int) -> list[str]:
    return [c.code for c in g.hand(seat)]


def pass_round(g, until: int) -> None:
    """Everyone passes until it is `until`'s turn again (or the game is over)."""
    while not g.is_over and g.current != until:
        play(g, g.current, "pass")


def go_out(g, seat: int, leads=QUICK_LEADS) -> None:
    """`seat` leads each of `leads` in turn while everyone else passes."""
    for lead in leads:
        assert g.current == seat, (g.current, seat)
        play(g, seat, f"play {lead}")
        pass_round(g, seat)


def events(g, seat=None, code=None):
    return [e for e in g.events(seat) if code is None or e["code"] == code]


# --- the deck and the deal ---------------------------------------------------------------


def test_the_deck_has_64_cards_and_four_players_get_16_each():
    g = new_game(GOF, players=4, seed=3)
    assert len(g.DECK) == 64 and [len(h) for h in g.hands] == [16, 16, 16, 16]
    codes = Counter(g.CODES)
    assert codes["R7"] == 2 and codes["M1"] == codes["PG"] == codes["PY"] == codes["DR"] == 1
    assert Counter(g.codes(g.all_cards())) == codes
    assert g.view(None)["dead_hand"] == 0


def test_three_players_get_16_each_and_a_dead_hand_of_16_nobody_plays():
    g = gof(3, "M1", dead="DR PY PG")
    assert [len(h) for h in g.hands] == [16, 16, 16] and g.view(0)["dead_hand"] == 16
    assert Counter(g.codes(g.all_cards())) == Counter(g.CODES)
    # The dead hand's cards are in nobody's hand, nobody's play, nobody's view.
    for seat in range(3):
        assert not {"DR", "PY", "PG"} & set(hand(g, seat))
        assert "DR" not in str(g.view(seat))
    while g.view(None)["game_number"] == 1:
        seat = g.to_act()[0]
        assert all("DR" not in str(a) for a in g.legal_actions(seat))
        play(g, seat, str(g.legal_actions(seat)[-1]))


# --- who starts, and the direction ---------------------------------------------------------


def test_the_holder_of_the_multicoloured_one_starts_and_must_play_it():
    g = gof(4, "", "M1 G1 Y1 R1 G5 Y5")
    assert g.to_act() == [1] and g.current == 1
    plays = acts(g, 1)
    assert "play M1" in plays and "play G1 M1" in plays and "play G1 Y1 R1 M1" in plays
    assert all("M1" in text for text in plays) and "pass" not in plays  # decision: with M1
    error = refused(g, 1, "play G5")
    assert error.code == "must_lead_m1" and "M1" in error.message
    assert refused(g, 1, "pass").code == "must_lead"
    play(g, 1, "play M1")
    assert g.view(None)["table"]["cards"] == ["M1"]


def test_the_multicoloured_one_may_open_inside_a_five_card_combination():
    g = gof(4, "M1 G2 Y3 R4 G5")
    assert "play M1 G2 Y3 R4 G5" in acts(g, 0)
    play(g, 0, "play G5 R4 Y3 G2 M1")
    assert g.view(0)["table"]["kind"] == "straight"


def test_with_the_multicoloured_one_in_the_dead_hand_the_dealers_right_starts_with_anything():
    starters = set()
    for seed in range(12):
        g = gof(3, dead="M1", seed=seed)
        dealer = g.view(None)["dealer"]
        # Seats are numbered clockwise: the dealer's right is the next seat counter-clockwise.
        assert g.current == (dealer - 1) % 3 and g.to_act() == [g.current]
        assert sorted(acts(g, g.current)) == sorted(
            f"play {c}" for c in combinations(g.hand(g.current))
        )
        starters.add(g.current)
    assert len(starters) > 1  # the dealer is drawn, not fixed


def test_the_first_dealer_is_drawn_by_the_seeded_generator():
    dealers = {new_game(GOF, players=4, seed=s).view(None)["dealer"] for s in range(20)}
    assert len(dealers) > 1
    again = [new_game(GOF, players=4, seed=s).view(None)["dealer"] for s in range(5)]
    assert again == [new_game(GOF, players=4, seed=s).view(None)["dealer"] for s in range(5)]


def test_the_first_game_goes_counter_clockwise_and_the_second_clockwise():
    g = gof(4, QUICK)
    assert g.view(None)["direction"] == "counter-clockwise"
    play(g, 0, "play G1 G1 Y1 Y1 R1 R1 M1")
    order = [g.current]
    for _ in range(2):
        play(g, g.current, "pass")
        order.append(g.current)
    assert order == [3, 2, 1]  # 0's counter-clockwise neighbour is 3
    play(g, 1, "pass")
    go_out(g, 0, QUICK_LEADS[1:])
    assert g.view(None)["game_number"] == 2 and g.view(None)["direction"] == "clockwise"
    play(g, 0, f"return {hand(g, 0)[0]}")
    play(g, 0, str(g.legal_actions(0)[0]))
    assert g.current == 1  # clockwise now


# --- combinations, beating, passing and the trick -----------------------------------------------


def test_a_lead_may_be_any_combination_of_the_hand_each_multiset_once():
    g = gof(4, QUICK)
    go_out(g, 0, QUICK_LEADS[:1])  # the M1 lead is done: seat 0 leads again, freely
    assert g.current == 0
    expected = sorted(f"play {c}" for c in combinations(g.hand(0)))
    assert sorted(acts(g, 0)) == expected and len(expected) == len(set(expected))
    assert acts(g, 0).count("play G10") == 1 and "play G10 G10" in acts(g, 0)  # two G10s


def test_a_play_reads_its_cards_in_any_order_and_writes_them_in_canonical_order():
    g = gof(4, "M1 Y7 G7")
    action = g.parse_action("play y7 M1 g7", 0)
    assert str(action) == "play M1 G7 Y7"  # canonical order: G1 Y1 R1 M1 G2 …
    assert g.parse_action(str(action), 0) == action
    for a in g.legal_actions(0):
        assert g.parse_action(str(a), 0) == a
    with pytest.raises(IllegalAction, match="not a Gang of Four card code"):
        g.parse_action("play X9", 0)


def test_only_cards_of_one_combination_may_be_played():
    g = gof(4, "M1 G7 Y8 DR")
    assert refused(g, 0, "play M1 DR").code == "not_a_combination"
    assert "dragon" in refused(g, 0, "play M1 DR").message
    assert refused(g, 0, "play M1 G7").code == "not_a_combination"
    assert refused(g, 0, "play R9").code == "not_held"


def test_an_answer_must_beat_the_table_with_the_same_kind_and_size():
    g = gof(4, "M1 G1 G4", "", "", "G1 Y1 R1 G3 Y3 G9 G9 Y9 PG PY")
    play(g, 0, "play G1 M1")  # counter-clockwise: seat 3 answers
    assert g.current == 3
    table = combination(parse_gof_cards("G1 M1"))
    expected = [f"play {c}" for c in beating_plays(g.hand(3), table)]
    assert sorted(acts(g, 3)) == sorted([*expected, "pass"])
    assert "play G3 Y3" in acts(g, 3) and "play PG PY" in acts(g, 3)
    assert "play G1 Y1" not in acts(g, 3)  # M1 is the strongest 1: a 1s pair cannot beat it
    assert refused(g, 3, "play G9").code == "cannot_beat"


def test_an_identical_combination_cannot_beat():
    g = gof(4, "M1 G5 Y5", "", "", "G5 Y5")
    play(g, 0, "play M1")
    play(g, 3, "pass")
    pass_round(g, 0)
    play(g, 0, "play G5 Y5")
    assert "play G5 Y5" not in acts(g, 3) and refused(g, 3, "play G5 Y5").code == "cannot_beat"


def test_a_gang_beats_any_non_gang_even_the_dragon():
    g = gof(4)
    position(g, "DR G2", "G9", "R9", "G4 G4 Y4 R4 G6", lead=0)
    play(g, 0, "play DR")
    assert acts(g, 3) == ["play G4 G4 Y4 R4", "pass"]
    play(g, 3, "play G4 G4 Y4 R4")
    assert g.view(None)["table"]["kind"] == "gang"


def test_passing_is_allowed_and_a_player_who_passed_may_play_again():
    g = gof(4, "M1 G2 G8", "G9", "R3", "G3 Y9")
    play(g, 0, "play M1")
    assert "pass" in acts(g, 3) and "play G3" in acts(g, 3)
    play(g, 3, "pass")  # may pass although able to play
    play(g, 2, "play R3")
    play(g, 1, "pass")
    play(g, 0, "play G8")
    assert g.current == 3 and "play Y9" in acts(g, 3)  # passed before, plays now
    play(g, 3, "play Y9")
    assert g.view(None)["table"]["by"] == 3


def test_when_all_others_pass_the_last_player_to_play_clears_the_table_and_leads():
    g = gof(4, "M1 G2", "", "R3")
    play(g, 0, "play M1")
    play(g, 3, "pass")
    play(g, 2, "play R3")
    play(g, 1, "pass")
    play(g, 0, "pass")
    assert g.current == 3 and g.view(None)["table"]["cards"] == ["R3"]
    play(g, 3, "pass")  # the third pass in a row: seat 2 played last
    table = g.view(None)["table"]
    assert g.current == 2 and table["cards"] == [] and table["by"] is None
    assert events(g, None, "cleared")[-1]["params"] == {"player": 2}
    assert "pass" not in acts(g, 2)  # decision: the leader must play
    assert refused(g, 2, "pass").code == "must_lead"
    assert sorted(acts(g, 2)) == sorted(f"play {c}" for c in combinations(g.hand(2)))


# --- the end of a game, scoring, the exchange ------------------------------------------------


@pytest.mark.parametrize(
    ("left", "points"),
    [(0, 0), (1, 1), (7, 7), (8, 16), (10, 20), (11, 33), (13, 39), (14, 56), (15, 60), (16, 80)],
)
def test_cards_left_score_by_the_table(left, points):
    assert points_for(left) == points


def test_the_game_ends_when_a_player_plays_their_last_card_and_the_others_score():
    g = gof(4, QUICK)
    go_out(g, 0)
    assert not g.is_over  # the match goes on: nobody has 100 yet
    scored = events(g, None, "scored")[-1]["params"]
    assert scored["player"] == 0 and scored["points"] == (0, 80, 80, 80)
    assert g.view(None)["totals"] == [0, 80, 80, 80]
    # The next game is dealt, and its exchange is under way (seat 3 gave seat 0 a card).
    assert g.view(None)["game_number"] == 2 and [len(h) for h in g.hands] == [17, 16, 16, 15]


def test_from_the_second_game_the_loser_gives_their_best_card_and_the_winner_returns_one():
    # Game 1, counter-clockwise (0, 3, 2, 1): seat 3 plays two cards, 2 and 1 keep 16 each.
    g = gof(4, "M1 G1 G1 Y1 Y1 R1 R1 G10 G10 Y10 Y10 R10 R10 G2 PG PY", "", "", "Y2 G3")
    go_out(g, 0, QUICK_LEADS[:2])
    play(g, 0, "play G2")
    play(g, 3, "play Y2")
    pass_round(g, 3)
    play(g, 3, "play G3")
    play(g, 2, "pass")
    play(g, 1, "pass")
    play(g, 0, "play PG")
    pass_round(g, 0)
    play(g, 0, "play PY")
    # Most cards: 2 and 1 (16 each; 3 has 14). Equal totals (80). Counter-clockwise from the
    # winner 0 comes 3 (not tied), then 2: seat 2 is the loser.
    assert g.view(None)["totals"] == [0, 80, 80, 56]
    assert g.view(None)["exchange"] == {"loser": 2, "winner": 0}
    gave = events(g, None, "gave")[-1]["params"]
    assert gave["player"] == 2 and gave["to"] == 0
    assert len(g.hands[0]) == 17 and len(g.hands[2]) == 15
    # The best card moved by itself: the loser's new hand holds nothing higher.
    assert all(c <= parse_gof_cards(gave["card"])[0] for c in g.hand(2))
    assert g.to_act() == [0] and all(a.startswith("return ") for a in acts(g, 0))
    assert len(acts(g, 0)) == len(set(hand(g, 0)))  # one action per distinct card
    assert refused(g, 1, "pass").code == "not_your_turn"
    card = hand(g, 0)[0]
    play(g, 0, f"return {card}")
    assert [len(h) for h in g.hands] == [16, 16, 16, 16]
    returned = events(g, None, "returned")[-1]["params"]
    assert returned == {"player": 0, "to": 2, "card": card}
    # Both cards are seen by all: every seat and a spectator get them.
    for seat in (None, 1, 3):
        assert events(g, seat, "gave")[-1]["params"]["card"] == gave["card"]
        assert events(g, seat, "returned")[-1]["params"]["card"] == card
    # The previous winner starts the second game, with anything (no M1 needed).
    assert g.current == 0 and "pass" not in acts(g, 0)
    assert sorted(acts(g, 0)) == sorted(f"play {c}" for c in combinations(g.hand(0)))
    assert g.view(None)["dealer"] == 0  # later deals by the previous winner


def test_the_winner_may_return_the_card_just_received():
    g = gof(4, QUICK, decks=[stack(4, "G5", "", "", "DR")])
    go_out(g, 0)
    # All three at 16 cards and 80 points: the counter-clockwise closest to 0 is seat 3.
    assert g.view(None)["exchange"]["loser"] == 3
    assert "DR" in hand(g, 0) and "DR" not in hand(g, 3)
    play(g, 0, "return DR")
    assert "DR" in hand(g, 3) and "DR" not in hand(g, 0)


def test_the_return_comes_first_and_names_a_card_the_winner_holds():
    g = gof(4, QUICK)
    assert refused(g, 0, "return G3").code == "no_exchange"  # no swap in the first game
    go_out(g, 0)
    assert refused(g, 0, f"play {hand(g, 0)[0]}").code == "must_return"
    missing = next(c.code for c in GOF_DECK if c.code not in hand(g, 0))
    assert refused(g, 0, f"return {missing}").code == "not_held"
    with pytest.raises(IllegalAction, match="one card only"):
        g.parse_action("return G3 Y3", 0)


def test_a_bad_stacked_deck_for_a_later_game_is_refused_at_the_start():
    with pytest.raises(GameSetupError, match="stacked deck"):
        gof(4, QUICK, decks=[stack(4)[:-1]])
    with pytest.raises(GameSetupError, match="deck position 3"):
        gof(4, QUICK, decks=[[*stack(4)[:3], "X9", *stack(4)[4:]]])


def test_the_loser_is_most_cards_then_highest_total_then_counter_clockwise_closest():
    # cards left, totals, winner, players
    assert exchange_loser([0, 5, 9, 2], [0, 10, 3, 40], winner=0, players=4) == 2
    assert exchange_loser([0, 9, 9, 2], [0, 10, 30, 40], winner=0, players=4) == 2
    assert exchange_loser([0, 9, 9, 9], [0, 30, 30, 10], winner=0, players=4) == 2
    assert exchange_loser([9, 0, 9, 9], [7, 0, 7, 7], winner=1, players=4) == 0
    assert exchange_loser([9, 9, 0], [7, 7, 0], winner=2, players=3) == 1


def test_the_later_game_deals_come_from_the_seeded_generator_or_the_stacked_decks():
    g = gof(4, QUICK, decks=[stack(4, "DR PY PG")])
    go_out(g, 0)
    assert {"DR", "PY", "PG"} <= set(hand(g, 0))  # seat 0 also got the loser's best card
    g1, g2 = gof(4, QUICK), gof(4, QUICK)
    go_out(g1, 0)
    go_out(g2, 0)
    assert g1.hands == g2.hands and len({tuple(h) for h in g1.hands}) == 4


# --- the last card ------------------------------------------------------------------------


def test_a_player_on_one_card_announces_automatically_by_default():
    g = gof(4)
    position(g, "G2 R2", "G5 Y5", "G6 Y6", "G4 Y7", lead=0)
    play(g, 0, "play G2")
    assert g.view(None)["last_card"] == [True, False, False, False]
    assert events(g, None, "last_card")[-1]["params"] == {"player": 0}
    assert g.to_act() == [3]  # nothing to announce by hand


def test_the_player_before_a_last_card_must_play_their_highest_single_no_pass_no_gang():
    # Counter-clockwise the order is 0, 3, 2, 1: seat 1 plays just before seat 0.
    g = gof(4)
    position(g, "G2 R2", "G9 G9 Y9 Y9 G3 PG", "G5", "G6", lead=0)
    play(g, 0, "play G2")  # one card left, announced
    play(g, 3, "pass")  # not obliged: may pass
    play(g, 2, "pass")
    assert g.current == 1 and acts(g, 1) == ["play PG"]
    error = refused(g, 1, "pass")
    assert error.code == "must_play_highest" and "PG" in error.message
    assert refused(g, 1, "play G3").code == "must_play_highest"
    assert refused(g, 1, "play G9 G9 Y9 Y9").code == "must_play_highest"
    play(g, 1, "play PG")


def test_the_player_before_a_last_card_is_free_when_their_highest_single_cannot_beat():
    g = gof(4)
    position(g, "DR G2", "G1 Y1 R1 R1 G3", "G5", "G6", lead=0)
    play(g, 0, "play DR")
    play(g, 3, "pass")
    play(g, 2, "pass")
    assert acts(g, 1) == ["play G1 Y1 R1 R1", "pass"]  # G3 cannot beat DR: pass or gang


def test_the_player_before_a_last_card_must_lead_several_cards_if_they_can():
    g = gof(4)
    position(g, "G2 R2", "G6 Y6 G8 DR", "G5", "G7", lead=0)
    play(g, 0, "play G2")
    play(g, 3, "pass")
    play(g, 2, "pass")
    play(g, 1, "play DR")  # its highest single, which beats G2
    for seat in (0, 3, 2):
        play(g, seat, "pass")
    assert g.current == 1 and acts(g, 1) == ["play G6 Y6"]
    error = refused(g, 1, "play G8")
    assert error.code == "must_lead_several" and "two cards or more" in error.message


def test_the_player_before_a_last_card_with_only_singles_leads_any_single():
    g = gof(4)
    position(g, "G2 R2", "G6 G8 DR", "G5", "G7", lead=0)
    play(g, 0, "play G2")
    play(g, 3, "pass")
    play(g, 2, "pass")
    play(g, 1, "play DR")
    for seat in (0, 3, 2):
        play(g, seat, "pass")
    assert acts(g, 1) == ["play G6", "play G8"]


def test_without_auto_announce_the_player_on_one_card_announces_before_the_next_acts():
    g = gof(4, auto_announce=False)
    position(g, "G2 R2", "DR G3", "G5", "G4 Y6", lead=0)
    play(g, 0, "play G2")
    assert g.to_act() == [0, 3] and acts(g, 0) == ["announce"]
    assert g.view(None)["last_card"] == [False] * 4
    assert refused(g, 0, "pass").code == "not_your_turn"
    play(g, 0, "announce")
    assert g.view(None)["last_card"][0] is True and g.to_act() == [3]
    assert events(g, None, "last_card")[-1]["params"] == {"player": 0}
    assert refused(g, 0, "announce").code == "cannot_announce"
    assert refused(g, 2, "announce").code == "cannot_announce"
    play(g, 3, "pass")
    play(g, 2, "pass")
    assert acts(g, 1) == ["play DR"]  # the obligation holds for an announced last card


def test_without_auto_announce_forgetting_bars_the_player_who_then_scores_one_point():
    g = gof(4, auto_announce=False)
    position(g, "G2 R2", "DR G3", "G5 Y7", "G4 Y6 Y6 Y8", lead=0)
    play(g, 0, "play G2")
    play(g, 3, "play G4")  # the next player acts first: seat 0 forgot
    assert g.view(None)["barred"] == [True, False, False, False]
    assert events(g, None, "barred")[-1]["params"] == {"player": 0}
    assert refused(g, 0, "announce").code == "barred"
    play(g, 2, "pass")
    assert "pass" in acts(g, 1)  # no obligation towards a barred player
    play(g, 1, "pass")  # seat 0 is skipped: two passes end the trick
    assert g.current == 3 and g.view(None)["table"]["cards"] == []
    play(g, 3, "play Y6 Y6")
    play(g, 3, "announce")  # seat 3 remembers
    assert g.current == 2
    play(g, 2, "pass")
    play(g, 1, "pass")
    assert g.current == 3 and acts(g, 0) == []
    play(g, 3, "play Y8")
    assert events(g, None, "scored")[-1]["params"]["points"] == (1, 2, 2, 0)


def test_a_barred_player_who_played_last_passes_the_lead_to_the_next_player_in_play():
    g = gof(4, auto_announce=False)
    position(g, "G2 R2", "G3", "G5", "G4 Y6", lead=0)
    play(g, 0, "play G2")
    play(g, 3, "pass")  # seat 0 forgot, and is barred
    play(g, 2, "pass")
    play(g, 1, "pass")  # everyone else passed after seat 0's play
    assert g.current == 3 and events(g, None, "cleared")[-1]["params"] == {"player": 3}


# --- the match --------------------------------------------------------------------------------


def test_the_match_ends_when_a_player_reaches_the_target_and_the_lowest_total_wins():
    g = gof(4, QUICK, decks=[stack(4, QUICK)])
    go_out(g, 0)
    assert g.view(None)["totals"] == [0, 80, 80, 80] and not g.is_over
    received = events(g, None, "gave")[-1]["params"]["card"]
    play(g, 0, f"return {received}")  # seat 0 keeps the hand that goes out
    go_out(g, 0)
    assert g.is_over and g.outcome.reason == Reason.TARGET_SCORE
    assert g.outcome.scores == (0, 160, 160, 160) and g.outcome.winners == (0,)
    assert g.view(None)["totals"] == [0, 160, 160, 160] and g.to_act() == []


def test_the_target_score_is_an_option_from_10_to_1000():
    spec = GAMES[GOF]
    assert spec.options["target_score"] == 100 and spec.bounds["target_score"] == (10, 1000)
    assert spec.options["auto_announce"] is True
    for bad in (9, 1001):
        with pytest.raises(GameSetupError, match="target_score"):
            new_game(GOF, players=4, options={"target_score": bad})
    g = gof(4, QUICK, target_score=50)
    go_out(g, 0)
    assert g.is_over and g.outcome.winners == (0,) and g.outcome.scores == (0, 80, 80, 80)
    assert g.outcome.reason == Reason.TARGET_SCORE


def test_a_tie_on_the_lowest_total_is_shared():
    g = gof(4, QUICK, target_score=10)
    go_out(g, 0)
    assert g.outcome.winners == (0,)
    # A turn limit before anyone scores: every total is 0, all four share the win.
    g = gof(4, QUICK, turn_limit=3)
    play(g, 0, "play G1 G1 Y1 Y1 R1 R1 M1")
    play(g, 3, "pass")
    play(g, 2, "pass")
    assert g.is_over and g.outcome.reason == Reason.TURN_LIMIT
    assert g.outcome.winners == (0, 1, 2, 3) and g.outcome.scores == (0, 0, 0, 0)


def test_the_turn_limit_counts_across_the_games_of_the_match():
    g = gof(4, QUICK, turn_limit=30)
    go_out(g, 0)
    turns = g.turn
    assert turns == 13 and g.view(None)["game_number"] == 2
    play(g, 0, f"return {hand(g, 0)[0]}")
    assert g.turn == turns + 1  # not reset by the new game
    while not g.is_over:
        g.apply(g.legal_actions(g.to_act()[0])[0])
    assert g.turn <= 30
    if g.outcome.reason == Reason.TURN_LIMIT:
        totals = g.view(None)["totals"]
        assert g.outcome.winners == tuple(s for s in range(4) if totals[s] == min(totals))


def test_the_game_saves_and_restores_in_the_middle_of_an_exchange():
    g = gof(4, QUICK)
    go_out(g, 0)
    restored = from_json(g.to_json())
    assert restored == g and restored.to_act() == [0]
    assert acts(restored, 0) == acts(g, 0)


# --- bots ------------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", ["random", "greedy"])
@pytest.mark.parametrize("players", [3, 4])
def test_bots_play_whole_matches(kind, players):
    g = new_game(GOF, players=players, seed=5, options={"target_score": 30})
    bots = [make_bot(kind, GOF, seed=s) for s in range(players)]
    while not g.is_over:
        seat = g.to_act()[-1]
        action = bots[seat].choose(g, seat)
        assert action in g.legal_actions(seat)
        g.apply(action)
    assert g.outcome.winners


def test_greedy_plays_the_lowest_combination_that_beats():
    g = gof(4)
    position(g, "G2 R2 Y9", "G5 Y5 R5 G4", "G6 Y6 R6 G4", "Y3 R5 G8 G8 Y8 Y8 G3", lead=0)
    play(g, 0, "play G2")
    assert str(make_bot("greedy", GOF, seed=1).choose(g, 3)) == "play G3"


def test_greedy_leads_with_its_longest_run_of_low_cards():
    g = gof(4)
    position(g, "G2 Y3 R4 G5 Y6 G9 G9 R10", "G5", "G6", "G7", lead=0)
    assert str(make_bot("greedy", GOF, seed=1).choose(g, 0)) == "play G2 Y3 R4 G5 Y6"


def test_greedy_keeps_its_gangs_until_they_matter():
    g = gof(4)
    position(g, "G2 R2 Y9 G7 Y7", "G5 Y5 R5 G4", "G6 Y6 R6 G4", "G8 G8 Y8 Y8 G3", lead=0)
    play(g, 0, "play Y9")
    bot = make_bot("greedy", GOF, seed=1)
    assert str(bot.choose(g, 3)) == "pass"  # nobody is close to going out
    g = gof(4)
    position(g, "G2 R2 Y9", "G5 Y5 R5 G4", "G6 Y6 R6 G4", "G8 G8 Y8 Y8 G3", lead=0)
    play(g, 0, "play Y9")  # seat 0 has two cards left
    assert str(bot.choose(g, 3)) == "play G8 G8 Y8 Y8"


def test_greedy_announces_at_once():
    g = gof(4, auto_announce=False)
    position(g, "G2 R2", "G5", "G6", "G7", lead=0)
    play(g, 0, "play G2")
    assert str(make_bot("greedy", GOF, seed=1).choose(g, 0)) == "announce"


# --- whole matches ----------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_whole_random_matches_to_the_default_target_keep_every_invariant(players):
    """The generic tests mostly play to low targets; here, a few matches to 100 points."""
    import random

    from .test_generic import Secrets, check_saving

    for seed in range(3):
        rng = random.Random(seed)
        g = new_game(GOF, players=players, seed=seed)
        secrets = Secrets(g)
        while not g.is_over:
            seat = rng.choice(g.to_act())
            g.apply(rng.choice(g.legal_actions(seat)))
            assert sorted(g.all_cards()) == list(range(64))
            secrets.check_events()
            if rng.random() < 0.01:
                secrets.check_views()
        assert g.outcome.reason in (Reason.TARGET_SCORE, Reason.TURN_LIMIT)
        assert max(g.outcome.scores) >= 100 or g.outcome.reason == Reason.TURN_LIMIT
        check_saving(g, {}, with_replay=True)


# --- perft: legal_actions against a brute force ----------------------------------------------


def _perft_position(hand_codes: list[str], table: str = ""):
    g = gof(4)
    position(g, " ".join(hand_codes), "", "", "", lead=0)
    if table:
        wanted = Counter(table.split())
        taken = []
        for p in g.pile:
            if wanted[g.CODES[p]] > 0:
                wanted[g.CODES[p]] -= 1
                taken.append(p)
        if sorted(g.codes(taken)) != sorted(table.split()):
            return None  # the hand holds a card the table needs: no such deal
        g.pile = [p for p in g.pile if p not in taken]
        g.table, g.table_by = sorted(taken), 1
        g._cache, g._acting = {}, None
    return g


@pytest.mark.parametrize("first", range(0, 200, 25))
def test_perft_legal_actions_of_200_sixteen_card_hands_leading_and_answering(first):
    from .test_gof_perft import TABLE_READS, brute_force, deal, simple_beats

    for seed in range(first, first + 25):
        hand_codes = deal(seed)
        expected = brute_force(hand_codes)
        g = _perft_position(hand_codes)
        got = [tuple(a.cards) for a in g.legal_actions(0)]
        assert len(got) == len(set(got))
        assert {tuple(cards) for cards in got} == set(expected), seed
        for text, table_read in TABLE_READS.items():
            g = _perft_position(hand_codes, text)
            if g is None:
                continue
            wanted = {
                f"play {' '.join(codes)}"
                for codes, read in expected.items()
                if simple_beats(read, table_read)
            }
            assert set(acts(g, 0)) == wanted | {"pass"}, (seed, text)
