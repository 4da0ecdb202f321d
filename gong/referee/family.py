"""GONG FAMILY, the collecting game (RULES.md §2 and §4).

Ask other players for exact cards of the galaxies you hold and lay down complete galaxies;
most galaxies wins, a tie going to whoever reached that number first. Actions:
``joker J1 -> 2``, ``counter J2``, ``no-counter``, ``ask 2 NE5`` and ``draw`` (only with no
card to ask with: no numbered card in hand, or nobody to ask).

Nothing is ever discarded: played jokers go back into the draw pile, which is shuffled, and
an empty draw pile stays empty. The draw after a failed ask is part of the ask (it is not a
decision), and a player who can do nothing at all is skipped without a turn being counted.

>>> from gong.referee import new_game
>>> game = new_game("gong-family", players=4, seed=2)
>>> game.legal_actions(0)[0].verb
'ask'
"""

from __future__ import annotations

from typing import Any

from gong.cards import Family
from gong.referee.actions import Action, act, card_index
from gong.referee.base import JOKER_MIN, GongGame
from gong.referee.errors import IllegalAction
from gong.referee.registry import GameSpec, register

FAMILIES = tuple(Family)
# Every possible ask, built once: ASKS[seat][card][target].
ASKS = [[[act(s, "ask", c, t) for t in range(6)] for c in range(54)] for s in range(6)]


class FamilyGame(GongGame):
    VERBS = ("joker", "counter", "no-counter", "ask", "draw")
    FIELDS = ("laid", "reached", "asked")
    STATS = (*GongGame.STATS, "asks", "given", "lucky_draws", "families", "skips")

    def __init__(
        self, players: int, seed: int | str, options: dict[str, Any], deck: Any = None
    ) -> None:
        super().__init__(players, seed, options, deck)
        self.laid: list[list[int]] = [[] for _ in range(players)]  # family indexes, in order
        self.reached: list[list[int]] = [[] for _ in range(players)]  # seq of k-th family
        self.asked = False  # the current player has asked this turn (no drawing instead)
        for seat in range(players):  # a family dealt complete is laid down at once
            for family in range(len(FAMILIES)):
                self._lay_down_complete(seat, family)
        self._begin_turn()

    # --- who may do what --------------------------------------------------------------------

    def _others_with_cards(self, seat: int) -> list[int]:
        return [t for t in range(self.players) if t != seat and self.hands[t]]

    def _can_start(self, seat: int) -> bool:
        hand = self.hands[seat]
        if self.draw:
            return True
        others = any(self.hands[t] for t in range(self.players) if t != seat)
        # A sorted hand starts with its numbered cards: hand[0] < JOKER_MIN means one is held.
        return others and (
            bool(hand) and hand[0] < JOKER_MIN or (len(hand) >= 2 and hand[-1] >= JOKER_MIN)
        )

    def _legal(self, seat: int) -> list[Action]:
        if self.counter is not None:
            return self._counter_actions(seat) if seat == self.counter[1] else []
        if seat != self.current:
            return []
        acts = self._joker_actions(seat) if self.fresh else []
        hand = self.hands[seat]
        targets = self._others_with_cards(seat)
        if targets and hand and hand[0] < JOKER_MIN:
            held = set(hand)
            asks = ASKS[seat]
            families = sorted({c // 6 for c in hand if c < JOKER_MIN})
            for f in families:
                for c in range(f * 6, f * 6 + 6):
                    if c not in held:
                        by_target = asks[c]
                        acts += [by_target[t] for t in targets]
        elif not self.asked and self.draw:
            acts.append(act(seat, "draw"))
        return acts

    # --- doing it -----------------------------------------------------------------------------

    def _execute(self, action: Action) -> None:
        verb, seat = action.verb, action.player
        if verb == "ask":
            if not self._ask(seat, card_index(action.card), action.target):
                return
        elif verb == "draw":
            self.stats["draws"] += 1
            drawn = self.draw.pop()
            self._take_into(seat, drawn)
            if drawn < JOKER_MIN:  # with nobody to ask, a draw can complete a family
                self._lay_down_complete(seat, drawn // 6)
            if self.outcome is None:
                self._end_turn()
            return
        elif verb == "joker":
            self._play_joker(action)
        elif verb == "counter":
            self._counter(action)
            return
        elif verb == "no-counter":
            self._no_counter()
        if self.outcome is None and self.counter is None:
            acts = self._legal(self.current)
            if acts:
                self._cache[self.current] = acts
            else:
                self._end_turn()  # nothing left to ask with: the turn is over

    def _ask(self, seat: int, c: int, target: int) -> bool:
        """Ask `target` for card `c`; True when the player asks again."""
        self.asked = True
        self.fresh = False
        self.stats["asks"] += 1
        giver = self.hands[target]
        if c in giver:
            giver.remove(c)
            self._take_into(seat, c)
            self.stats["given"] += 1
            self._lay_down_complete(seat, c // 6)
            return self.outcome is None
        if not self.draw:
            self._end_turn()
            return False
        drawn = self.draw.pop()
        self.stats["draws"] += 1
        self._take_into(seat, drawn)
        if drawn < JOKER_MIN:
            self._lay_down_complete(seat, drawn // 6)
        if self.outcome is not None:
            return False
        if drawn == c:
            self.stats["lucky_draws"] += 1
            return True
        self._end_turn()
        return False

    def _lay_down_complete(self, seat: int, family: int) -> None:
        hand = self.hands[seat]
        lo, hi = family * 6, family * 6 + 6
        if sum(1 for c in hand if lo <= c < hi) < 6:
            return
        hand[:] = [c for c in hand if not lo <= c < hi]
        self.laid[seat].append(family)
        self.reached[seat].append(self.seq)
        self.stats["families"] += 1
        if sum(len(f) for f in self.laid) == len(FAMILIES):
            self._finish_by_rule("all_families")

    def _dispose_joker(self, joker: int) -> None:
        """In FAMILY a played joker goes back into the draw pile, which is shuffled."""
        self.draw.append(joker)
        self.rng.shuffle(self.draw)

    def _begin_turn(self) -> None:
        self.asked = False
        for _ in range(self.players):
            if self._can_start(self.current):
                return
            self.stats["skips"] += 1
            self.current = self._next_seat(self.current)
        self._finish_by_rule("no_moves")

    def _scores(self) -> list[int]:
        return [len(f) for f in self.laid]

    def _finish_by_rule(self, reason: str) -> None:
        """Most families wins; a tie goes to whoever reached that number first."""
        most = max(len(f) for f in self.laid)
        tied = [s for s in range(self.players) if len(self.laid[s]) == most]
        if most > 0 and len(tied) > 1:
            first = min(self.reached[s][most - 1] for s in tied)
            tied = [s for s in tied if self.reached[s][most - 1] == first]
        self._finish(reason, tied)

    def _table_cards(self) -> list[int]:
        return [c for families in self.laid for f in families for c in range(f * 6, f * 6 + 6)]

    # --- refusals -----------------------------------------------------------------------------

    def _explain(self, action: Action) -> IllegalAction | None:
        seat, verb = action.player, action.verb
        hand = self.hands[seat]
        if verb == "ask":
            card, target = action.card, action.target
            if card.is_joker:
                return IllegalAction(
                    "ask_joker", "Ask for a numbered card: a galaxy and a number, like NE5."
                )
            if target == seat:
                return IllegalAction("ask_self", "Ask another player, not yourself.")
            if not self.hands[target]:
                return IllegalAction(
                    "ask_empty_player",
                    f"Player {target} has no cards in hand: you may only ask "
                    f"a player who holds at least one card.",
                )
            c = card_index(card)
            if c in hand:
                return IllegalAction(
                    "ask_held_card",
                    f"You already hold {card.code}: each card exists only "
                    f"once, so ask for a card you do not have.",
                )
            if not any(x // 6 == c // 6 for x in hand if x < JOKER_MIN):
                fam = card.family.label
                return IllegalAction(
                    "ask_unheld_family",
                    f"You may only ask for a galaxy you already hold a card "
                    f"of, and you hold no {fam} card.",
                )
        if verb == "draw":
            if self.asked:
                return IllegalAction(
                    "draw_after_ask",
                    "You draw only when the card you asked "
                    "for was not there, and the game does that for you.",
                )
            if not self.draw:
                return IllegalAction(
                    "nothing_to_draw", "The draw pile is empty, and in GONG FAMILY it stays empty."
                )
            return IllegalAction(
                "must_ask",
                "You hold a numbered card: ask another player for a card instead of drawing.",
            )
        return None

    # --- what players see ---------------------------------------------------------------------

    def _table(self, seat: int | None) -> dict[str, Any]:
        return {
            "families": [[FAMILIES[f].label for f in laid] for laid in self.laid],
            "family_counts": [len(laid) for laid in self.laid],
            "asked": self.asked,
        }


SPEC = register(
    GameSpec(
        name="gong-family",
        title="GONG FAMILY",
        min_players=2,
        max_players=6,
        options={"turn_limit": 1000, "first_player": 0},
        factory=FamilyGame,
    )
)
FamilyGame.spec = SPEC
