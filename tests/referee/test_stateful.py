"""A hypothesis state machine drives every registered game (and the toy game) with random
legal and illegal actions.

Legal actions must always apply; anything else (wrong seat, wrong verb, cards not held,
nonsense text) must raise IllegalAction with a reason code, a message and params, or a
SeatError for a seat that does not exist, and leave the game exactly as it was.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from gong.referee import GAMES, IllegalAction, SeatError, from_json, new_game
from gong.referee.actions import Action

from .registry_cases import names

TEXTS = [
    "draw",
    "pass",
    "keep",
    "gong",
    "gong 1",
    "no-counter",
    "play NE5",
    "play R1 R1",
    "ask 1 NE5",
    "ask 0 J1",
    "joker J1 -> 1",
    "counter J2",
    "lay OM3",
    "give VI2 -> 0",
    "target 2",
    "winner 0",
    "play",
    "ask NE5",
    "1: draw",
    "jump",
    "play NE9",
    "target 9",
]
TURN_LIMIT = 300


class RefereeMachine(RuleBasedStateMachine):
    @initialize(name=st.sampled_from(names()), seed=st.integers(0, 2**32), data=st.data())
    def start(self, name, seed, data):
        spec = GAMES[name]
        players = data.draw(st.integers(spec.min_players, spec.max_players))
        options = {"turn_limit": min(TURN_LIMIT, spec.options["turn_limit"])}
        for option, default in spec.options.items():
            if option in spec.choices:
                options[option] = data.draw(st.sampled_from(spec.choices[option]))
            elif isinstance(default, bool):
                options[option] = data.draw(st.booleans())
        for option, needed in spec.requires.items():
            if options.get(option):
                options[needed] = True  # a house rule that only works with another one on
        self.game = new_game(name, players=players, seed=seed, options=options)
        self.rng = random.Random(seed)

    @precondition(lambda self: not self.game.is_over)
    @rule(data=st.data())
    def legal_action(self, data):
        seat = data.draw(st.sampled_from(self.game.to_act()))
        action = data.draw(st.sampled_from(self.game.legal_actions(seat)))
        self.game.apply(action)

    @precondition(lambda self: not self.game.is_over)
    @rule(steps=st.integers(1, 60))
    def fast_forward(self, steps):
        g = self.game
        for _ in range(steps):
            if g.is_over:
                break
            seat = self.rng.choice(g.to_act())
            g.apply(self.rng.choice(g.legal_actions(seat)))

    @rule(
        seat=st.integers(-1, 6),
        data=st.data(),
        whom=st.none() | st.integers(-1, 6),
        n=st.integers(0, 2),
    )
    def any_action(self, seat, data, whom, n):
        g = self.game
        verb = data.draw(st.sampled_from([*g.GRAMMAR.verbs, "dance"]))
        cards = tuple(data.draw(st.sampled_from(g.CODES)) for _ in range(n))
        action = Action(seat, verb, cards, whom)
        if not 0 <= seat < g.players:
            before = g.clone()
            with pytest.raises(SeatError):
                g.apply(action)
            assert g == before
            return
        if action in g.legal_actions(seat):
            g.apply(action)
            return
        self.refused(action)

    @precondition(lambda self: not self.game.is_over)
    @rule(data=st.data(), field=st.sampled_from(["player", "cards", "target"]))
    def near_miss(self, data, field):
        """A legal action with one thing changed: another player, card or target."""
        g = self.game
        seat = data.draw(st.sampled_from(g.to_act()))
        action = data.draw(st.sampled_from(g.legal_actions(seat)))
        if field == "player":
            action = action._replace(player=data.draw(st.integers(0, g.players - 1)))
        elif field == "cards" and action.cards:
            action = action._replace(cards=(data.draw(st.sampled_from(g.CODES)),))
        elif field == "target" and action.target is not None:
            action = action._replace(target=data.draw(st.integers(0, g.players - 1)))
        if action in g.legal_actions(action.player):
            g.apply(action)
        else:
            self.refused(action)

    @rule(seat=st.integers(0, 5), text=st.sampled_from(TEXTS) | st.text(max_size=12))
    def any_text(self, seat, text):
        g = self.game
        seat %= g.players
        try:
            action = g.parse_action(text, seat)
        except IllegalAction as refused:
            assert refused.code and refused.message and isinstance(refused.params, dict)
            return
        assert g.parse_action(str(action), seat) == action
        if action in g.legal_actions(seat):
            g.apply(action)
        else:
            self.refused(action)

    def refused(self, action):
        before = self.game.clone()
        try:
            self.game.apply(action)
        except IllegalAction as refused:
            assert refused.code and refused.message and isinstance(refused.params, dict)
        else:
            raise AssertionError(f"an illegal action was applied: {action}")
        assert self.game == before

    @invariant()
    def cards_and_turns(self):
        g = self.game
        assert sorted(g.all_cards()) == list(range(len(g.DECK)))
        if g.is_over:
            assert g.to_act() == [] and g.outcome.winners
        else:
            assert g.to_act() and all(g.legal_actions(s) for s in g.to_act())
            assert g.turn < g.turn_limit

    @invariant()
    def saves_and_restores(self):
        g = self.game
        assert from_json(g.to_json(), **g.setup_keywords()) == g


RefereeMachine.TestCase.settings = settings(max_examples=80, stateful_step_count=30, deadline=None)
TestReferee = RefereeMachine.TestCase
