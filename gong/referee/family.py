"""GONG FAMILY, the collecting game (server/content/rules/en/family.md, on top of
server/content/rules/en/index.md#in-every-game).

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

from gong.cards import DECK, Family
from gong.decks import GONG
from gong.referee.actions import Action
from gong.referee.errors import IllegalAction
from gong.referee.game import Reason
from gong.referee.gong_rules import (
    FAMILY_SIZE,
    GONG_REFUSALS,
    JOKER_MIN,
    GongGame,
    act,
    card_index,
    family_cards,
    family_of,
    is_joker,
    is_numbered,
)
from gong.referee.registry import GameSpec

FAMILIES = tuple(Family)
# Every possible ask, built once: ASKS[seat][card][target].
ASKS = [[[act(s, "ask", c, t) for t in range(6)] for c in range(JOKER_MIN)] for s in range(6)]


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
        # A sorted hand starts with its numbered cards and ends with its jokers.
        return others and (
            bool(hand) and is_numbered(hand[0]) or (len(hand) >= 2 and is_joker(hand[-1]))
        )

    def _legal(self, seat: int) -> list[Action]:
        if self.counter is not None:
            return self._counter_actions(seat) if seat == self.counter.target else []
        if seat != self.current:
            return []
        acts = self._joker_actions(seat) if self.fresh else []
        hand = self.hands[seat]
        targets = self._others_with_cards(seat)
        if targets and hand and is_numbered(hand[0]):
            acts += self._asks(seat, targets)
        elif not self.asked and self.draw:
            acts.append(act(seat, "draw"))
        return acts

    def _asks(self, seat: int, targets: list[int]) -> list[Action]:
        """Every card missing from the families `seat` holds, asked of every target."""
        hand = self.hands[seat]
        held = set(hand)
        asks = ASKS[seat]
        families = sorted({family_of(c) for c in hand if is_numbered(c)})
        missing = [c for f in families for c in family_cards(f) if c not in held]
        return [asks[c][t] for c in missing for t in targets]

    # --- doing it -----------------------------------------------------------------------------

    def _execute(self, action: Action) -> None:
        verb, seat = action.verb, action.player
        if verb == "ask":
            if not self._ask(seat, card_index(action.card), action.target):
                return
        elif verb == "draw":
            self._draw(seat)
            if self.outcome is None:
                self._end_turn()
            return
        elif not self._joker_verb(action):
            return
        if self.outcome is None and self.counter is None:
            acts = self._legal(self.current)
            if acts:
                self._cache[self.current] = acts
            else:
                self._end_turn()  # nothing left to ask with: the turn is over

    def _draw(self, seat: int) -> int:
        """`seat` draws the top card (a draw can complete a family); the card drawn."""
        self.counts["draws"] += 1
        drawn = self.draw.pop()
        self._take_into(seat, drawn)
        self._drew(seat, drawn)
        if is_numbered(drawn):
            self._lay_down_complete(seat, family_of(drawn))
        return drawn

    def _ask(self, seat: int, c: int, target: int) -> bool:
        """Ask `target` for card `c`; True when the player asks again."""
        self.asked = True
        self.fresh = False
        self.counts["asks"] += 1
        code = self.CODES[c]
        self._emit("asked", {"player": seat, "target": target, "asked": code})
        giver = self.hands[target]
        if c in giver:
            giver.remove(c)
            self._take_into(seat, c)
            self.counts["given"] += 1
            # The card was named aloud: everyone sees it change hands.
            self._emit("gave", {"player": target, "to": seat, "card": code})
            self._lay_down_complete(seat, family_of(c))
            return self.outcome is None
        self._emit("not_held", {"player": target, "asker": seat, "asked": code})
        if not self.draw:
            self._end_turn()
            return False
        drawn = self._draw(seat)
        if self.outcome is not None:
            return False
        if drawn == c:
            self.counts["lucky_draws"] += 1
            self._emit("lucky_draw", {"player": seat, "card": code})  # shown, to ask again
            return True
        self._end_turn()
        return False

    def _lay_down_complete(self, seat: int, family: int) -> None:
        hand = self.hands[seat]
        cards = family_cards(family)
        if sum(1 for c in hand if c in cards) < FAMILY_SIZE:
            return
        hand[:] = [c for c in hand if c not in cards]
        self.laid[seat].append(family)
        self.reached[seat].append(self.seq)
        self.counts["families"] += 1
        self._emit(
            "laid_family",
            {"player": seat, "family": FAMILIES[family].code, "cards": self.codes(cards)},
        )
        if sum(len(f) for f in self.laid) == len(FAMILIES):
            self._finish_by_rule(Reason.ALL_FAMILIES)

    def _dispose_joker(self, joker: int) -> None:
        """In FAMILY a played joker goes back into the draw pile, which is shuffled."""
        self.draw.append(joker)
        self.rng.shuffle(self.draw)

    def _begin_turn(self) -> None:
        self.asked = False
        for _ in range(self.players):
            if self._can_start(self.current):
                return
            self.counts["skips"] += 1
            self._emit("skipped", {"player": self.current})
            self.current = self._next_seat(self.current)
        self._finish_by_rule(Reason.NO_MOVES)

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
        return [c for families in self.laid for f in families for c in family_cards(f)]

    def _face_up(self) -> list[int]:
        return self._table_cards()

    # --- refusals -----------------------------------------------------------------------------

    def _explain_variant(self, action: Action) -> IllegalAction | None:
        if action.verb == "ask":
            return self._explain_ask(action)
        if action.verb == "draw":
            return self._explain_draw()
        return None

    def _explain_ask(self, action: Action) -> IllegalAction | None:
        seat, target = action.player, action.target
        c = card_index(action.card)
        card = DECK[c]
        if is_joker(c):
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
                target=target,
            )
        hand = self.hands[seat]
        if c in hand:
            return IllegalAction(
                "ask_held_card",
                f"You already hold {card.code}: each card exists only "
                f"once, so ask for a card you do not have.",
                card=card.code,
            )
        if not any(family_of(x) == family_of(c) for x in hand if is_numbered(x)):
            return IllegalAction(
                "ask_unheld_family",
                f"You may only ask for a galaxy you already hold a card "
                f"of, and you hold no {card.family.label} card.",
                family=card.family.code,
            )
        return None

    def _explain_draw(self) -> IllegalAction:
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

    # --- what players see ---------------------------------------------------------------------

    def _table(self, seat: int | None) -> dict[str, Any]:
        return {
            "families": [[FAMILIES[f].label for f in laid] for laid in self.laid],
            "family_counts": [len(laid) for laid in self.laid],
            "asked": self.asked,
        }


SPEC = GameSpec(
    name="gong-family",
    title="GONG FAMILY",
    min_players=2,
    max_players=6,
    options={"turn_limit": 1000, "first_player": 0},
    factory=FamilyGame,
    refusals=(
        *GONG_REFUSALS,
        "ask_empty_player",
        "ask_held_card",
        "ask_joker",
        "ask_self",
        "ask_unheld_family",
        "draw_after_ask",
        "must_ask",
        "nothing_to_draw",
    ),
    deck=GONG,
    robots={"normal": "gong.referee.bots:greedy_family"},
    reasons={
        "all_families": "all nine families are laid down",
        "no_moves": "no player can act any more",
    },
    table={
        "asks": ("ask",),
        "piles": {"draw": "draw_pile"},
        "seat": {"families": "table.families"},
        "winner": "winner_most_families",
    },
)
FamilyGame.spec = SPEC
