"""One test body for every registered game (and the tests' toy game), every player count and
every option, like OpenSpiel's games_sim_test.

Every game: has a bounded `turn_limit`; checks every seat it is given; conserves its deck as a
multiset after every action; lets only the seats in `to_act()` act, refusing anyone else's
action with nothing changed; writes actions that read back; keeps its secrets (no view or
event shows a seat a card it has not legitimately seen); saves, clones and replays from its
log; and ends.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

import pytest

from gong.referee import (
    GAMES,
    Action,
    GameSetupError,
    IllegalAction,
    RefereeError,
    SeatError,
    from_json,
    new_game,
    replay,
)
from gong.referee.events import NAMED_PARAMS, REASON_TEXTS, render, texts_of
from gong.referee.game import deck_multiset

from .registry_cases import keywords, names, random_options, seat_cases, specs

GAMES_PER_CASE = 25
SLOW_GAMES_PER_CASE = 600
NOT_SEATS = [-1, -7, True, False, "0", "1", 0.0, 1.5, [0], 10**9]


# --- the registry -----------------------------------------------------------------------------


@pytest.mark.parametrize("spec", specs(), ids=lambda s: s.name)
def test_every_game_has_a_bounded_turn_limit_and_options_that_read_from_text(spec):
    low, high = spec.bounds["turn_limit"]
    assert "turn_limit" in spec.options and 1 <= low <= spec.options["turn_limit"] <= high
    players = spec.min_players
    for name, default in spec.options.items():
        values = spec.choices.get(name) or (
            (True, False) if isinstance(default, bool) else (default,)
        )
        for value in values:
            text = ("on" if value else "off") if isinstance(value, bool) else str(value)
            assert spec.parse_option(name, text) == value
            needs = {spec.requires[name]: True} if value is True and name in spec.requires else {}
            new_game(spec.name, players=players, options={name: value, **needs})
        if isinstance(default, int) and not isinstance(default, bool):
            with pytest.raises(GameSetupError, match=name):
                spec.parse_option(name, "lots")
    for bad in (low - 1, high + 1):
        with pytest.raises(GameSetupError, match=f"at least {low} and at most {high}"):
            spec.parse_option("turn_limit", str(bad))
        with pytest.raises(GameSetupError, match="turn_limit"):
            new_game(spec.name, players=players, options={"turn_limit": bad})
    with pytest.raises(GameSetupError, match="no option 'wild'"):
        spec.parse_option("wild", "on")


@pytest.mark.parametrize("spec", specs(), ids=lambda s: s.name)
def test_player_counts_outside_the_range_are_refused(spec):
    for players in (0, spec.min_players - 1, spec.max_players + 1, 99):
        with pytest.raises(GameSetupError, match=f"{spec.min_players} to {spec.max_players}"):
            new_game(spec.name, players=players)


def test_the_toy_game_is_among_the_games_every_generic_test_runs():
    assert "toy" in names() and set(GAMES) <= set(names())
    assert "toy" in GAMES  # registered while the referee's tests run, and only then


# --- seats ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "players"), seat_cases())
def test_every_method_that_takes_a_seat_checks_it(name, players):
    g = new_game(name, players=players, seed=3)
    before = g.clone()
    valid = f"0 to {players - 1}"
    not_seats = [*NOT_SEATS, players, players + 1]
    text = str(g.legal_actions(g.to_act()[0])[0])
    for seat in not_seats:
        for call in (g.view, g.events):
            with pytest.raises(SeatError, match=valid):
                call(seat)
        for call in (g.legal_actions, g.hand, lambda s: g.parse_action(text, s)):
            with pytest.raises(SeatError, match=valid):
                call(seat)
        with pytest.raises(SeatError, match=valid):
            g.apply(Action(seat, "draw"))
    for call in (g.legal_actions, g.hand, lambda s: g.parse_action(text, s)):
        with pytest.raises(SeatError, match="spectator|seat"):
            call(None)
    assert issubclass(SeatError, RefereeError)
    assert g == before
    assert "hand" not in g.view(None) and isinstance(g.events(None), list)  # spectators may
    for seat in range(players):
        assert g.view(seat)["hand"] == [card.code for card in g.hand(seat)]


# --- random games -----------------------------------------------------------------------------


class Secrets:
    """What each seat has legitimately seen, by deck position: every card that was in its
    hand, face up on the table (`public_cards()`) or shown to everyone in an event (a card in
    the spectator's copy of the event). A view may show a seat only its own cards and the
    face-up ones; an event only cards it has seen, counted as a multiset."""

    def __init__(self, game: Any) -> None:
        self.g = game
        self.deck = {code: [] for code in game.CODES}
        for position, code in enumerate(game.CODES):
            self.deck[code].append(position)
        self.known = [set() for _ in range(game.players)]
        self.seq = -1
        self.update()

    def cards_in(self, data: Any, key: str | None = None) -> Counter[str]:
        """Every card code in a view or an event's params, counted (not a text search): the
        cards of a list add up; fields of a dict may name the same card (LINK's top card is
        also the card to match), so a dict holds the most any of its fields holds. It reads
        JSON data (an event's `to_dict()`), never frozen params: a tuple or a read-only
        mapping would hide its cards from the count."""
        deck = self.deck
        assert type(data) in (str, list, dict) or not isinstance(data, (tuple, Mapping)), data
        if type(data) is str:
            return Counter({data: 1}) if data in deck and key not in NAMED_PARAMS else Counter()
        if type(data) is list:
            if key in NAMED_PARAMS:
                return Counter()
            if all(type(v) is not dict and type(v) is not list for v in data):
                return Counter(v for v in data if type(v) is str and v in deck)
            found: Counter[str] = Counter()
            for v in data:
                found.update(self.cards_in(v, key))
            return found
        found = Counter()
        if type(data) is dict:
            for k, v in data.items():
                if type(v) in (str, list, dict):
                    for code, n in self.cards_in(v, k).items():
                        found[code] = max(found[code], n)
        return found

    def update(self) -> None:
        g = self.g
        public = list(g.public_cards())
        for event in g.events(None, since=self.seq):
            for code, n in self.cards_in(event.to_dict()["params"]).items():
                public += self.deck[code][:n] if n <= len(self.deck[code]) else self.deck[code]
        for seat in range(g.players):
            self.known[seat].update(g.hands[seat], public)

    def check_events(self) -> None:
        """The events since the last check, seat by seat."""
        g = self.g
        self.update()
        for seat in range(g.players):
            for event in g.events(seat, since=self.seq):
                for code, n in self.cards_in(event.to_dict()["params"]).items():
                    seen = sum(p in self.known[seat] for p in self.deck[code])
                    assert n <= seen, (seat, event)
        self.seq = g.seq

    def check_views(self) -> None:
        g = self.g
        public = g.public_cards()
        for seat in (*range(g.players), None):
            allowed = Counter(g.codes([*public, *(g.hands[seat] if seat is not None else [])]))
            shown = self.cards_in(g.view(seat))
            assert shown <= allowed, (seat, shown - allowed)


def check_saving(g: Any, options: dict, with_replay: bool) -> None:
    restored = from_json(g.to_json(), **keywords(g))
    assert restored == g and json.loads(restored.to_json())["format"] >= 2
    assert g.clone() == g
    if with_replay:
        assert replay(g.name, g.players, g.seed, g.log, options=options, **keywords(g)) == g


def check_actions(g: Any, seat: int, legal: list) -> None:
    assert legal == sorted(legal, key=lambda a: a.sort_key)
    for a in legal:
        assert g.parse_action(str(a), seat) == a
        assert g.parse_action(f"{seat}: {a}", seat) == a


def check_intruder(g: Any, action: Action, acting: list[int], rng: random.Random) -> None:
    """Another seat's copy of a legal action is refused and changes nothing."""
    outsiders = [s for s in range(g.players) if s not in acting]
    if not outsiders:
        return
    before = g.clone()
    with pytest.raises(IllegalAction) as refused:
        g.apply(action._replace(player=rng.choice(outsiders)))
    assert refused.value.code and refused.value.message
    assert isinstance(refused.value.params, dict)
    assert g == before


def play_checked_game(name: str, players: int, seed: int) -> int:
    rng = random.Random(f"{name}/{players}/{seed}")
    options = random_options(GAMES[name], players, rng)
    g = new_game(name, players=players, seed=seed, options=options)
    deck, positions = Counter(g.CODES), list(range(len(g.DECK)))
    secrets = Secrets(g)
    secrets.check_views()
    actions = 0
    while not g.is_over:
        acting = g.to_act()
        assert acting and acting == sorted(set(acting))
        for s in range(players):
            assert bool(g.legal_actions(s)) == (s in acting), (s, acting)
        seat = rng.choice(acting)
        legal = g.legal_actions(seat)
        if rng.random() < 0.02:
            check_actions(g, seat, legal)
        action = rng.choice(legal)
        if rng.random() < 0.05:
            check_intruder(g, action, acting, rng)
        g.apply(action)
        actions += 1
        # Each deck position is one physical card: a permutation conserves the multiset.
        assert sorted(g.all_cards()) == positions
        assert g.turn <= g.turn_limit and actions <= 200 * g.turn_limit
        secrets.check_events()
        if rng.random() < 0.02:
            secrets.check_views()
        if rng.random() < 0.01:
            check_saving(g, options, with_replay=rng.random() < 0.2)
    assert deck_multiset(g) == deck
    outcome = g.outcome
    # Every way to end is declared, with its words, in the game's spec.
    assert outcome.reason in {*g.spec.reasons, *REASON_TEXTS} and outcome.winners
    assert len(outcome.scores) == players
    assert all(g.legal_actions(s) == [] for s in range(players)) and g.to_act() == []
    assert g.events(None)[-1]["code"] == "ended"
    for seat in (0, None):  # every event has its English words, whatever a seat may know
        for event in g.events(seat):
            assert event.code in texts_of(g.name) and "?" not in render(event, game=g.name), event
    secrets.check_views()
    check_saving(g, options, with_replay=seed % 5 == 0)
    return actions


@pytest.mark.parametrize(("name", "players"), seat_cases())
def test_random_games_keep_every_invariant(name, players):
    for seed in range(GAMES_PER_CASE):
        play_checked_game(name, players, seed)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), seat_cases())
def test_many_random_games_keep_every_invariant(name, players):
    for seed in range(GAMES_PER_CASE, GAMES_PER_CASE + SLOW_GAMES_PER_CASE):
        play_checked_game(name, players, seed)


# --- saved games ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", names())
def test_a_saved_game_of_an_unknown_format_is_refused_clearly(name):
    g = new_game(name, players=GAMES[name].min_players, seed=1)
    data = json.loads(g.to_json())
    data["format"] = 99
    with pytest.raises(GameSetupError, match="format 99"):
        from_json(json.dumps(data), **keywords(g))
