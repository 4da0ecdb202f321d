"""GONG LINK, the shedding game (RULES.md §2-3).

Match the top of the discard pile by family or by number; the first player without cards
wins. Actions: ``joker J1 -> 2``, ``counter J2``, ``no-counter``, ``play NE5``, ``draw``,
``keep`` (keep the matching card you just drew), ``pass``, ``gong`` (call for yourself),
``gong 3`` (catch player 3).

The GONG call, as the referee keeps it: when a player's hand becomes exactly one card (after
playing, or after a joker swap, theirs or someone else's) a call window opens for them.
Until the end of the turn after the one in which it opened (the next player's play, draw or
pass), only they may call ``gong``, which protects them; from then until their own next turn
begins, any other player may call ``gong N`` on them if they did not call, and they draw one
penalty card. Only the first catch counts. A call too early or too late is refused rather
than ignored, so a parent sees why it did nothing.

>>> from gong.referee import new_game
>>> game = new_game("gong-link", players=3, seed=1)
>>> len(game.hands[0]), game.current
(9, 0)
"""

from __future__ import annotations

from typing import Any

from gong.cards import DECK
from gong.referee.actions import Action, act, card_index
from gong.referee.base import JOKER_MIN, GongGame, codes
from gong.referee.errors import IllegalAction
from gong.referee.registry import GameSpec, register

FAMILY_OF = tuple(c // 6 for c in range(len(DECK)))
NUMBER_OF = tuple(c % 6 for c in range(len(DECK)))


class LinkGame(GongGame):
    VERBS = ("joker", "counter", "no-counter", "play", "keep", "draw", "pass", "gong")
    FIELDS = ("drawn", "passes_in_row", "one")
    ANYTIME = ("gong",)
    STATS = (*GongGame.STATS, "plays", "passes", "gong_calls", "gong_penalties")

    def __init__(
        self, players: int, seed: int | str, options: dict[str, Any], deck: Any = None
    ) -> None:
        super().__init__(players, seed, options, deck)
        self.drawn = -1  # the matching card just drawn, while its player decides
        self.passes_in_row = 0
        # Per seat: None, or [turn the one-card window opened, called or closed].
        self.one: list[list[Any] | None] = [None] * players
        self._turn_up_first_card()

    def _turn_up_first_card(self) -> None:
        """A joker turned up goes back into the draw pile at random; with only jokers left,
        nothing is turned up and the first player may play any card."""
        pile = self.draw
        if not any(c < JOKER_MIN for c in pile):
            return
        while True:
            c = pile.pop()
            if c < JOKER_MIN:
                self.discard.append(c)
                return
            pile.insert(self.rng.below(len(pile) + 1), c)

    # --- who may do what --------------------------------------------------------------------

    def _to_act(self) -> list[int]:
        if self.counter is not None:
            return [self.counter[1]]
        acting = [False] * self.players
        acting[self.current] = True
        for s, window in enumerate(self.one):
            if window is None or window[1]:
                continue
            if self.turn <= window[0] + 1:
                acting[s] = True
            else:
                for q in range(self.players):
                    if q != s:
                        acting[q] = True
        return [s for s in range(self.players) if acting[s]]

    def match(self) -> int:
        """The deck position of the card to match, or -1 when any card may be played."""
        pile = self.discard
        return pile[-1] if pile and pile[-1] < JOKER_MIN else -1

    def _matches(self, c: int, m: int) -> bool:
        return c < JOKER_MIN and (
            m < 0 or FAMILY_OF[c] == FAMILY_OF[m] or NUMBER_OF[c] == NUMBER_OF[m]
        )

    def _drawable(self) -> bool:
        pile = self.discard
        return bool(self.draw) or len(pile) > (1 if pile and pile[-1] < JOKER_MIN else 0)

    def _legal(self, seat: int) -> list[Action]:
        if self.counter is not None:
            return self._counter_actions(seat) if seat == self.counter[1] else []
        acts: list[Action] = []
        if seat == self.current:
            if self.phase == "drawn":
                acts = [act(seat, "play", self.drawn), act(seat, "keep")]
            else:
                if self.fresh:
                    acts = self._joker_actions(seat)
                m = self.match()
                fam, num = (FAMILY_OF[m], NUMBER_OF[m]) if m >= 0 else (-1, -1)
                plays = [
                    act(seat, "play", c)
                    for c in self.hands[seat]
                    if c < JOKER_MIN and (m < 0 or FAMILY_OF[c] == fam or NUMBER_OF[c] == num)
                ]
                acts += plays
                if not plays or self.options["may_draw_instead"]:
                    if self._drawable():
                        acts.append(act(seat, "draw"))
                    elif not plays:
                        acts.append(act(seat, "pass"))
        for s, window in enumerate(self.one):
            if window is None or window[1]:
                continue
            if s == seat:
                if self.turn <= window[0] + 1:
                    acts.insert(self._gong_slot(acts), act(seat, "gong"))
            elif self.turn >= window[0] + 2:
                acts.append(act(seat, "gong", -1, s))
        return acts

    @staticmethod
    def _gong_slot(acts: list[Action]) -> int:
        """A self-call sorts before calls on others (no target sorts first)."""
        for i, a in enumerate(acts):
            if a.verb == "gong":
                return i
        return len(acts)

    # --- doing it -----------------------------------------------------------------------------

    def _execute(self, action: Action) -> None:
        verb, seat = action.verb, action.player
        if verb == "gong":
            self._gong(action)
        elif verb == "joker":
            self._play_joker(action)
        elif verb == "counter":
            self._counter(action)
            return
        elif verb == "no-counter":
            self._no_counter()
        elif verb == "play":
            c = card_index(action.card)
            hand = self.hands[seat]
            hand.remove(c)
            self.discard.append(c)
            self.drawn = -1
            self.passes_in_row = 0
            self.stats["plays"] += 1
            if not hand:
                self._finish("out_of_cards", [seat])
                return
            self._update_one()
            self._end_turn()
            return
        elif verb == "draw":
            self.fresh = False
            self.passes_in_row = 0
            self.stats["draws"] += 1
            c = self._draw_card()
            self._take_into(seat, c)
            self._update_one()
            if self._matches(c, self.match()):
                self.phase = "drawn"
                self.drawn = c
            else:
                self._end_turn()
            return
        elif verb == "keep":
            self.drawn = -1
            self._end_turn()
            return
        elif verb == "pass":
            self.passes_in_row += 1
            self.stats["passes"] += 1
            if self.passes_in_row >= self.players:
                self._finish_by_rule("all_passed")
                return
            self._end_turn()
            return
        self._update_one()

    def _gong(self, action: Action) -> None:
        if action.target is None:
            self.one[action.player][1] = True
            self.stats["gong_calls"] += 1
            return
        caught = action.target
        self.one[caught][1] = True  # only the first catch counts
        self.stats["gong_penalties"] += 1
        c = self._draw_card()
        if c is not None:
            self._take_into(caught, c)

    def _draw_card(self) -> int | None:
        if not self.draw:
            self._refill()
            if not self.draw:
                return None
        return self.draw.pop()

    def _refill(self) -> None:
        """Shuffle the discards into a new draw pile; the card to match stays face up."""
        pile = self.discard
        keep = pile[-1:] if pile and pile[-1] < JOKER_MIN else []
        rest = pile[:-1] if keep else pile
        if not rest:
            return
        rest = list(rest)
        self.rng.shuffle(rest)
        self.draw = rest
        self.discard = keep
        self.stats["refills"] += 1

    def _swap(self, a: int, b: int) -> None:
        super()._swap(a, b)
        # A swap gives both players a new hand: a single card is a new one-card moment.
        self.one[a] = self.one[b] = None

    def _cards_moved(self) -> None:
        self._update_one()

    def _update_one(self) -> None:
        one = self.one
        for s, hand in enumerate(self.hands):
            if len(hand) == 1:
                if one[s] is None:
                    one[s] = [self.turn, False]
            elif one[s] is not None:
                one[s] = None

    def _begin_turn(self) -> None:
        self.drawn = -1
        window = self.one[self.current]
        if window is not None and self.turn >= window[0] + 2:
            window[1] = True  # their own turn has begun: nobody can catch them any more

    # --- refusals -----------------------------------------------------------------------------

    def _explain(self, action: Action) -> IllegalAction | None:
        seat, verb = action.player, action.verb
        hand = self.hands[seat]
        m = self.match()
        if verb == "gong":
            return self._explain_gong(action)
        if seat != self.current:
            return IllegalAction(
                "not_your_turn", f"It is player {self.current}'s turn; you can only call GONG now."
            )
        matching = [c for c in hand if self._matches(c, m)]
        to_match = "" if m < 0 else f"{DECK[m].label}"
        if self.phase == "drawn" and verb != "keep":
            return IllegalAction(
                "drawn_card_only",
                f"You drew {DECK[self.drawn].code}, which matches: play it "
                f"(play {DECK[self.drawn].code}) or keep it (keep). Your turn "
                f"then ends.",
            )
        if verb == "play":
            if action.card.is_joker:
                return IllegalAction(
                    "joker_not_a_match",
                    "A GONG JOKER is never a card to match: play it at the "
                    "start of your turn to swap hands, like 'joker "
                    f"{action.card.code} -> {self._next_seat(seat)}'.",
                )
            held = ", ".join(codes(matching)) if matching else "none, so draw a card"
            return IllegalAction(
                "must_match",
                f"You must play a card that matches {to_match} by family or by "
                f"number; you have {held}.",
            )
        if verb == "draw":
            if matching:
                return IllegalAction(
                    "must_play_match",
                    f"You hold a card that matches {to_match} "
                    f"({', '.join(codes(matching))}): you must play one. "
                    "You may only draw when you cannot play.",
                )
            return IllegalAction("nothing_to_draw", "There is no card left to draw: pass.")
        if verb == "pass":
            if matching:
                return IllegalAction(
                    "must_play_match",
                    f"You hold a card that matches {to_match} "
                    f"({', '.join(codes(matching))}): play it instead of "
                    "passing.",
                )
            return IllegalAction(
                "must_draw", "You can only pass when there is nothing to draw: draw a card."
            )
        if verb == "keep":
            return IllegalAction(
                "nothing_to_keep", "Keep is for a matching card you have just drawn."
            )
        return None

    def _explain_gong(self, action: Action) -> IllegalAction:
        seat, target = action.player, action.target
        if target is None or target == seat:
            window = self.one[seat]
            if window is None:
                return IllegalAction("gong_not_on_one", "Call GONG when you hold exactly one card.")
            if self.turn > window[0] + 1:
                return IllegalAction(
                    "gong_too_late",
                    "Too late: your GONG call protects you only until the end "
                    "of the next player's turn.",
                )
            return IllegalAction("gong_already_called", "You have already called GONG.")
        window = self.one[target]
        if window is None:
            return IllegalAction("gong_not_on_one", f"Player {target} is not on one card.")
        if window[1]:
            return IllegalAction(
                "gong_already_called",
                f"Player {target} is safe: they called GONG in time, were "
                f"already caught, or their turn has come.",
            )
        return IllegalAction(
            "gong_too_early",
            f"Too early: player {target} may still call GONG until the end "
            f"of the next player's turn. Catch them after that.",
        )

    # --- what players see ---------------------------------------------------------------------

    def _table(self, seat: int | None) -> dict[str, Any]:
        m = self.match()
        table: dict[str, Any] = {
            "top": DECK[self.discard[-1]].code if self.discard else None,
            "match": DECK[m].code if m >= 0 else None,
            "discard_pile": len(self.discard),
            "on_one_card": [
                {"player": s, "called": bool(w[1])} for s, w in enumerate(self.one) if w is not None
            ],
        }
        if seat == self.current and self.phase == "drawn" and self.drawn >= 0:
            table["drawn"] = DECK[self.drawn].code
        return table


SPEC = register(
    GameSpec(
        name="gong-link",
        title="GONG LINK",
        min_players=2,
        max_players=6,
        options={"turn_limit": 1000, "first_player": 0, "may_draw_instead": False},
        factory=LinkGame,
    )
)
LinkGame.spec = SPEC
