"""How a GONG FIGHT challenge is decided (server/content/rules/en/fight.md#fights-online):
reported by the people who did not fight, or by both fighters in secret; played on the phones
as rock-paper-scissors, odd or even or highest number; a timeout by the tables' clock."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from gong.referee import from_json, new_game
from gong.referee.bots import make_bot
from gong.referee.schedule import due, plan

from .helpers import acts, book, play, refused, stacked_deck

P0 = ["OM1", "OM2", "OM3", "OM4", "OM5", "OM6", "VI1", "VI2", "VI3"]


def challenge(players=3, seed=0, **options):
    """A game whose first turn is a fight (the winner lays down 1, the loser draws 1), seat 0
    challenging seat 1."""
    g = new_game(
        "gong-fight", players=players, seed=seed, options=options, missions=book(),
        deck=stacked_deck(players, (P0,), ["NE1", "ZE1", "ZE2"]),
    )  # fmt: skip
    play(g, 0, "draw")
    play(g, 0, "target 1")
    return g


def phone_game(how, players=3, **options):
    """A challenge played as the phone game `how` (the seeded generator picks it)."""
    for seed in range(200):
        g = challenge(players, seed, challenges="phones", **options)
        if g.fight["how"] == how:
            return g
    raise AssertionError(how)


def decided(g):
    """The challenge's winner, once decided: the seat the winner's step waits for."""
    assert g.fight is None
    won = [e for e in g.events(None) if e["code"] == "challenge_won"]
    return won[-1]["params"]["player"]


# --- reported ------------------------------------------------------------------------------


def test_the_first_report_of_a_player_who_did_not_fight_decides():
    g = challenge(players=4)
    assert g.to_act() == [2, 3] and acts(g, 2) == ["report 0", "report 1"]
    assert acts(g, 0) == [] and refused(g, 0, "report 0").code
    play(g, 3, "report 1")
    assert decided(g) == 1 and g.to_act() == [1, 2]  # the winner lays a card down; 2 may say


def test_with_two_players_both_fighters_report_in_secret_and_agreeing_decides():
    g = challenge(players=2)
    assert g.to_act() == [0, 1]
    play(g, 1, "report 0")
    # Seat 0 cannot see what seat 1 said, nor can a spectator.
    assert "mine" not in g.view(0)["table"]["fight"] and g.view(1)["table"]["fight"]["mine"] == 0
    assert all("target" not in e["params"] for e in g.events(0) if e["code"] == "fighter_reported")
    play(g, 0, "report 0")
    assert decided(g) == 0


def test_robots_besides_the_fighters_cannot_report_so_the_fighters_do():
    g = challenge(players=3, robots="2")
    assert g.fight["how"] == "report" and g.to_act() == [0, 1]


def test_fighters_who_disagree_play_rock_paper_scissors_on_the_phones():
    g = challenge(players=2)
    play(g, 0, "report 0")
    play(g, 1, "report 1")
    assert g.fight["how"] == "rps" and g.fight["why"] == "disagree"
    assert acts(g, 0) == ["choose paper", "choose rock", "choose scissors"]
    play(g, 0, "choose rock")
    play(g, 1, "choose scissors")
    assert decided(g) == 0


def test_lying_never_pays_more_than_playing():
    """A loser who says they won gets rock-paper-scissors: a fair chance, as the fight itself
    was; with a witness, their word counts for nothing."""
    wins = Counter()
    for seed in range(60):
        g = challenge(players=2, seed=seed)
        play(g, 0, "report 1")  # seat 0 lost and says so
        play(g, 1, "report 1")
        assert decided(g) == 1
        g = challenge(players=2, seed=seed)
        play(g, 0, "report 0")  # seat 0 lost and lies
        play(g, 1, "report 1")
        rng = random.Random(seed)
        while g.fight is not None:
            for seat in g.to_act():
                play(g, seat, rng.choice(acts(g, seat)))
        wins[decided(g)] += 1
    assert 15 <= wins[0] <= 45  # about half: no better than playing it


def test_a_robot_fighter_plays_a_phone_game_even_under_report():
    for seed in range(10):
        g = challenge(players=3, seed=seed, robots="1")
        assert g.fight["how"] in ("rps", "odd_even", "high_card") and g.fight["why"] == "robot"


# --- the phone games -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mine", "theirs", "winner"),
    [("rock", "scissors", 0), ("scissors", "paper", 0), ("paper", "rock", 0),
     ("rock", "paper", 1), ("paper", "scissors", 1), ("scissors", "rock", 1)],
)  # fmt: skip
def test_rock_paper_scissors(mine, theirs, winner):
    g = phone_game("rps")
    play(g, 1, f"choose {theirs}")
    assert g.fight is not None and refused(g, 1, "choose rock").code  # one choice each
    play(g, 0, f"choose {mine}")
    assert decided(g) == winner
    shown = [e for e in g.events(None) if e["code"] == "rps_shown"][-1]["params"]
    assert (shown["choice"], shown["other"]) == (mine, theirs)


def test_three_ties_and_a_coin_that_everyone_sees():
    coins = Counter()
    for seed in range(40):
        for s in range(seed, seed + 200):
            g = challenge(3, s, challenges="phones")
            if g.fight["how"] == "rps":
                break
        for round_ in range(3):
            assert g.fight is not None and g.fight["ties"] == round_
            play(g, 0, "choose rock")
            play(g, 1, "choose rock")
        coin = [e for e in g.events(None) if e["code"] == "fight_coin"]
        assert len(coin) == 1 and coin[0]["params"]["player"] == decided(g)
        coins[decided(g)] += 1
    assert set(coins) == {0, 1}


@pytest.mark.parametrize(("call", "shows", "winner"), [
    ("odd", (2, 3), 0), ("odd", (2, 2), 1), ("even", (1, 5), 0), ("even", (4, 5), 1),
])  # fmt: skip
def test_odd_or_even_the_challenger_calls_then_both_show_in_secret(call, shows, winner):
    g = phone_game("odd_even")
    assert g.to_act() == [0] and acts(g, 0) == ["call even", "call odd"]
    play(g, 0, f"call {call}")
    assert acts(g, 1) == [f"show {n}" for n in range(1, 6)]
    play(g, 0, f"show {shows[0]}")
    assert "mine" not in g.view(1)["table"]["fight"]
    play(g, 1, f"show {shows[1]}")
    assert decided(g) == winner


def test_highest_number_each_fighter_draws_a_number_and_the_higher_wins():
    g = phone_game("high_card")
    play(g, 1, "draw")
    drawn = [e["params"] for e in g.events(None) if e["code"] == "drew_number"]
    assert drawn[-1]["player"] == 1 and 1 <= drawn[-1]["number"] <= 6
    assert g.view(None)["table"]["fight"]["numbers"] == {"1": drawn[-1]["number"]}
    while g.fight is not None:
        for seat in g.to_act():
            play(g, seat, "draw")
    numbers = [e["params"] for e in g.events(None) if e["code"] == "drew_number"]
    last = {n["player"]: n["number"] for n in numbers[-2:]}
    if not any(e["code"] == "fight_coin" for e in g.events(None)):
        assert last[0] != last[1] and decided(g) == max(last, key=last.get)
    ties = sum(e["code"] == "fight_tie" for e in g.events(None))
    assert len(numbers) == 2 * (ties + 1) or len(numbers) == 6  # a tie draws again


# --- the clock -----------------------------------------------------------------------------


def test_a_timeout_is_the_clocks_never_a_players_and_the_late_fighter_loses():
    g = phone_game("rps")
    assert g.late_seats() == [0, 1]
    assert all(not a.startswith("timeout") for s in (0, 1, 2) for a in acts(g, s))
    play(g, 0, "choose paper")
    assert refused(g, 0, "timeout 0").code  # seat 0 is not late any more
    assert refused(g, 2, "timeout 2").code  # nor is a player who does not fight
    g.apply(g.parse_action("timeout 1", 1))
    assert decided(g) == 0 and g.log[-1] == "1: timeout 1"
    again = from_json(g.to_json(), missions=book())
    assert again == g


def test_a_fight_played_for_real_has_no_clock():
    assert challenge(players=2).late_seats() == []


def test_robots_choose_only_after_the_people_and_a_person_gets_the_clock():
    g = phone_game("rps")
    robots = {1: make_bot("normal", "gong-fight", seed=1)}
    found = due(g, robots, delay=1.0, timeout=60.0)
    assert found.seat == 0 and found.clock and found.wait == 60.0  # seat 0, a person
    assert due(g, robots, delay=1.0) is None  # no clock (the terminal): wait for the person
    play(g, 0, "choose rock")
    found = plan(g, robots, delay=1.0, timeout=60.0)
    assert found.seat == 1 and found.action.verb == "choose" and found.wait == 1.0
    timed = plan(phone_game("rps"), robots, timeout=60.0)
    assert str(timed.action) == "timeout 0"


# --- secrets -------------------------------------------------------------------------------


def test_no_choice_shows_before_both_chose_in_random_games_with_phones():
    """Over whole random games: a fighter's secret choice or report never reaches another
    seat or a spectator (views or events) while the other fighter has still to choose."""
    checked = 0
    for seed in range(40):
        rng = random.Random(seed)
        players = 2 + seed % 4
        challenges = "phones" if seed % 3 else "report"
        g = new_game("gong-fight", players=players, seed=seed,
                     options={"challenges": challenges})  # fmt: skip
        while not g.is_over:
            fight = g.fight
            if fight is not None:
                secrets = {**fight["picks"], **{s: str(v) for s, v in fight["says"].items()}}
                if fight["how"] == "high_card":
                    secrets = {}
                for seat in (*range(players), None):
                    shown = g.view(seat)["table"]["fight"]
                    others = {s: v for s, v in secrets.items() if s != str(seat)}
                    assert "picks" not in shown and "says" not in shown
                    if others:
                        assert shown.get("mine") in (
                            None,
                            secrets.get(str(seat)),
                            int(secrets.get(str(seat), -1)),
                        )
                    for event in g.events(seat):
                        if event["code"] in ("picked", "fighter_reported"):
                            mine = event["params"]["player"] == seat
                            assert mine or set(event["params"]) == {"player"}, event
                checked += 1
            seat = rng.choice(g.to_act())
            g.apply(rng.choice(g.legal_actions(seat)))
    assert checked > 100


def test_a_second_witness_who_saw_otherwise_is_shown_beside_the_first_report():
    g = challenge(players=4)
    play(g, 2, "report 1")
    assert decided(g) == 1 and g.to_act() == [1, 3]  # the winner's step; seat 3 may say
    assert acts(g, 3) == ["report 0", "report 1"]
    play(g, 3, "report 0")
    said = [e["params"] for e in g.events(None) if e["code"] == "reported_otherwise"]
    assert said == [{"player": 3, "target": 0}] and g.to_act() == [1]
    assert refused(g, 3, "report 1").code  # one word each
    play(g, 1, acts(g, 1)[0])  # the mission goes on as the first report decided
    assert g.heard == [] and g.current == 1
