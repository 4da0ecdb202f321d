"""GONG LINK, the shedding game (server/content/rules/en/link.md, on top of
server/content/rules/en/index.md#in-every-game).

Match the top of the discard pile by family or by number; the first player without cards
wins. Actions: ``joker J1 -> 2``, ``counter J2``, ``no-counter``, ``play NE5``, ``draw``,
``keep`` (keep the matching card you just drew), ``pass``, ``gong`` (call for yourself),
``gong 3`` (catch player 3).

The GONG call, as the referee keeps it: when a player's hand becomes exactly one card (after
playing, or after a joker swap, theirs or someone else's) a call window opens for them.
Until the end of the turn after the one in which it opened (the next player's play, draw or
pass), only they may call ``gong``, which protects them; from then until their own next turn
begins (with two players, until their first move of it: option ``two_player_catch``, on by
default), any other player may call ``gong N`` on them if they did not call, and they draw one
penalty card. Only the first catch counts. A call too early or too late is refused rather
than ignored, so a parent sees why it did nothing.

>>> from gong.referee import new_game
>>> game = new_game("gong-link", players=3, seed=1)
>>> len(game.hands[0]), game.current
(9, 0)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from gong.decks import GONG
from gong.referee.actions import Action
from gong.referee.errors import IllegalAction
from gong.referee.game import Reason
from gong.referee.gong_rules import (
    FAMILY_OF,
    GONG_REFUSALS,
    JOKER_VERBS,
    NUMBER_OF,
    GongGame,
    act,
    card_index,
    is_joker,
    is_numbered,
)
from gong.referee.registry import GameSpec


class OneCard(NamedTuple):
    """A player's one-card moment: the turn it began, and whether it is settled (they called
    GONG, were caught, or their own turn came)."""

    opened: int
    called: bool = False


def _one_cards(value: list[Any]) -> list[OneCard | None]:
    return [None if w is None else OneCard(*w) for w in value]


class LinkGame(GongGame):
    VERBS = ("joker", "counter", "no-counter", "play", "keep", "draw", "pass", "gong")
    FIELDS = ("drawn", "passes_in_row", "one")
    TYPES = {**GongGame.TYPES, "one": _one_cards}
    ANYTIME = ("gong",)
    STATS = (*GongGame.STATS, "plays", "passes", "gong_calls", "gong_penalties")

    def __init__(
        self, players: int, seed: int | str, options: dict[str, Any], deck: Any = None
    ) -> None:
        super().__init__(players, seed, options, deck)
        self.drawn = -1  # the matching card just drawn, while its player decides
        self.passes_in_row = 0
        self.one: list[OneCard | None] = [None] * players
        self._turn_up_first_card()

    @property
    def phase(self) -> str:
        """ "drawn" while the current player decides on the matching card they drew."""
        return "drawn" if self.drawn >= 0 else "turn"

    def _turn_up_first_card(self) -> None:
        """A joker turned up goes back into the draw pile at random; with only jokers left,
        nothing is turned up and the first player may play any card."""
        pile = self.draw
        if not any(is_numbered(c) for c in pile):
            return
        while True:
            c = pile.pop()
            if is_numbered(c):
                self.discard.append(c)
                self._emit("first_card", {"card": self.CODES[c]})
                return
            self._emit("joker_returned", {"card": self.CODES[c]})
            pile.insert(self.rng.below(len(pile) + 1), c)

    # --- who may do what --------------------------------------------------------------------

    def chance(self, seat: int) -> tuple[Any, ...]:
        """The one-card moments `seat` may settle now (its own GONG call, or a catch), each by
        its seat and the turn it began: one chance however many moves it stays open."""
        return tuple(
            (s, window.opened)
            for s, window in self._open_windows()
            if (s == seat) == (self.turn <= window.opened + 1)
        )

    def _open_windows(self) -> Iterator[tuple[int, OneCard]]:
        """The one-card moments not settled yet, by seat."""
        for s, window in enumerate(self.one):
            if window is not None and not window.called:
                yield s, window

    def _to_act(self) -> list[int]:
        if self.counter is not None:
            return [self.counter.target]
        acting = {self.current}
        for s, window in self._open_windows():
            if self.turn <= window.opened + 1:
                acting.add(s)  # they may still call for themselves
            else:
                acting.update(q for q in range(self.players) if q != s)  # anyone may catch
        return sorted(acting)

    def match(self) -> int:
        """The deck position of the card to match, or -1 when any card may be played."""
        pile = self.discard
        return pile[-1] if pile and is_numbered(pile[-1]) else -1

    def _matches(self, c: int, m: int) -> bool:
        return is_numbered(c) and (
            m < 0 or FAMILY_OF[c] == FAMILY_OF[m] or NUMBER_OF[c] == NUMBER_OF[m]
        )

    def _drawable(self) -> bool:
        pile = self.discard
        return bool(self.draw) or len(pile) > (1 if pile and is_numbered(pile[-1]) else 0)

    def _legal(self, seat: int) -> list[Action]:
        if self.counter is not None:
            return self._counter_actions(seat) if seat == self.counter.target else []
        acts = self._turn_actions(seat) if seat == self.current else []
        for s, window in self._open_windows():
            if s == seat:
                if self.turn <= window.opened + 1:
                    acts.insert(self._gong_slot(acts), act(seat, "gong"))
            elif self.turn >= window.opened + 2:
                acts.append(act(seat, "gong", -1, s))
        return acts

    def _turn_actions(self, seat: int) -> list[Action]:
        if self.drawn >= 0:
            return [act(seat, "play", self.drawn), act(seat, "keep")]
        acts = self._joker_actions(seat) if self.fresh else []
        m = self.match()
        if m < 0:
            plays = [act(seat, "play", c) for c in self.hands[seat] if is_numbered(c)]
        else:
            # A joker's family (-1) and number (0) match no card.
            fam, num = FAMILY_OF[m], NUMBER_OF[m]
            plays = [
                act(seat, "play", c)
                for c in self.hands[seat]
                if FAMILY_OF[c] == fam or NUMBER_OF[c] == num
            ]
        acts += plays
        if not plays or self.options["may_draw_instead"]:
            if self._drawable():
                acts.append(act(seat, "draw"))
            elif not plays:
                acts.append(act(seat, "pass"))
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
        if seat == self.current and verb != "gong" and self._catch_until_move():
            self._close_catch(seat)  # their first move: nobody can catch them any more
        if verb in JOKER_VERBS:
            if self._joker_verb(action):
                self._update_one()
        elif verb == "gong":
            self._gong(action)
            self._update_one()
        elif verb == "play":
            self._play(seat, card_index(action.card))
        elif verb == "draw":
            self._draw(seat)
        elif verb == "keep":
            self.drawn = -1
            self._emit("kept", {"player": seat})
            self._end_turn()
        else:
            self._pass(seat)

    def _pass(self, seat: int) -> None:
        self.passes_in_row += 1
        self.counts["passes"] += 1
        self._emit("passed", {"player": seat})
        if self.passes_in_row >= self.players:
            self._finish_by_rule(Reason.ALL_PASSED)
        else:
            self._end_turn()

    def _play(self, seat: int, c: int) -> None:
        hand = self.hands[seat]
        hand.remove(c)
        self.discard.append(c)
        self.drawn = -1
        self.passes_in_row = 0
        self.counts["plays"] += 1
        self._emit("played", {"player": seat, "card": self.CODES[c]})
        if not hand:
            self._finish(Reason.OUT_OF_CARDS, [seat])
            return
        self._update_one()
        self._end_turn()

    def _draw(self, seat: int) -> None:
        self.fresh = False
        self.passes_in_row = 0
        self.counts["draws"] += 1
        c = self._draw_card()
        self._take_into(seat, c)
        self._drew(seat, c)
        self._update_one()
        if self._matches(c, self.match()):
            self.drawn = c
        else:
            self._end_turn()

    def _gong(self, action: Action) -> None:
        seat, caught = action.player, action.target
        if caught is None:
            self.one[seat] = self.one[seat]._replace(called=True)
            self.counts["gong_calls"] += 1
            self._emit("called_gong", {"player": seat})
            return
        self.one[caught] = self.one[caught]._replace(called=True)  # only the first catch counts
        self.counts["gong_penalties"] += 1
        self._emit("caught", {"player": seat, "target": caught})
        c = self._draw_card()
        if c is not None:
            self._take_into(caught, c)
            self._drew(caught, c)

    def _draw_card(self) -> int | None:
        if not self.draw:
            self._refill()
            if not self.draw:
                return None
        return self.draw.pop()

    def _refill(self) -> None:
        """Shuffle the discards into a new draw pile; the card to match stays face up."""
        pile = self.discard
        keep = pile[-1:] if pile and is_numbered(pile[-1]) else []
        rest = pile[:-1] if keep else pile
        if not rest:
            return
        rest = list(rest)
        self.rng.shuffle(rest)
        self.draw = rest
        self.discard = keep
        self.counts["refills"] += 1
        self._emit("refilled", {"count": len(rest)})

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
                    one[s] = OneCard(self.turn)
            elif one[s] is not None:
                one[s] = None

    def _begin_turn(self) -> None:
        self.drawn = -1
        if not self._catch_until_move():
            self._close_catch(self.current)  # their own turn has begun: too late to catch them

    def _catch_until_move(self) -> bool:
        """With two players their own turn begins the moment the other's ends, so a catch
        would have no time at all: it stays open until their first move
        (server/content/rules/en/link.md#say-gong, option `two_player_catch`)."""
        return self.players == 2 and bool(self.options["two_player_catch"])

    def _close_catch(self, seat: int) -> None:
        window = self.one[seat]
        if window is not None and self.turn >= window.opened + 2:
            self.one[seat] = window._replace(called=True)

    def _face_up(self) -> list[int]:
        return self.discard[-1:]

    # --- refusals -----------------------------------------------------------------------------

    def _explain_variant(self, action: Action) -> IllegalAction | None:
        seat, verb = action.player, action.verb
        if verb == "gong":
            return self._explain_gong(action)
        if seat != self.current:
            return IllegalAction(
                "not_your_turn",
                f"It is player {self.current}'s turn; you can only call GONG now.",
                player=seat,
                current=self.current,
            )
        if self.drawn >= 0 and verb != "keep":
            drawn = self.CODES[self.drawn]
            return IllegalAction(
                "drawn_card_only",
                f"You drew {drawn}, which matches: play it (play {drawn}) or keep it (keep). "
                f"Your turn then ends.",
                card=drawn,
            )
        if verb == "play" and is_joker(card_index(action.card)):
            return IllegalAction(
                "joker_not_a_match",
                "A GONG JOKER is never a card to match: play it at the start of your turn to "
                f"swap hands, like 'joker {action.card} -> {self._next_seat(seat)}'.",
                card=action.card,
                target=self._next_seat(seat),
            )
        if verb == "keep":
            return IllegalAction(
                "nothing_to_keep", "Keep is for a matching card you have just drawn."
            )
        return self._explain_match(verb, seat)

    def _explain_match(self, verb: str, seat: int) -> IllegalAction | None:
        """Refusals of play, draw and pass: what matches decides."""
        m = self.match()
        matching = self.codes([c for c in self.hands[seat] if self._matches(c, m)])
        to_match = "" if m < 0 else self.DECK[m].label
        params = {"match": None if m < 0 else self.CODES[m], "matching": matching}
        if verb == "play":
            held = ", ".join(matching) if matching else "none, so draw a card"
            return IllegalAction(
                "must_match",
                f"You must play a card that matches {to_match} by family or by "
                f"number; you have {held}.",
                **params,
            )
        if matching and verb in ("draw", "pass"):
            then = (
                "you must play one. You may only draw when you cannot play."
                if verb == "draw"
                else "play it instead of passing."
            )
            return IllegalAction(
                "must_play_match",
                f"You hold a card that matches {to_match} ({', '.join(matching)}): {then}",
                **params,
            )
        if verb == "draw":
            return IllegalAction("nothing_to_draw", "There is no card left to draw: pass.")
        if verb == "pass":
            return IllegalAction(
                "must_draw", "You can only pass when there is nothing to draw: draw a card."
            )
        return None

    def _explain_gong(self, action: Action) -> IllegalAction:
        seat, target = action.player, action.target
        if target is None or target == seat:
            window = self.one[seat]
            if window is None:
                return IllegalAction("gong_not_on_one", "Call GONG when you hold exactly one card.")
            if self.turn > window.opened + 1:
                return IllegalAction(
                    "gong_too_late",
                    "Too late: your GONG call protects you only until the end "
                    "of the next player's turn.",
                )
            return IllegalAction("gong_already_called", "You have already called GONG.")
        window = self.one[target]
        if window is None:
            return IllegalAction(
                "gong_not_on_one", f"Player {target} is not on one card.", target=target
            )
        if window.called:
            return IllegalAction(
                "gong_already_called",
                f"Player {target} is safe: they called GONG in time, were "
                f"already caught, or their turn has come.",
                target=target,
            )
        return IllegalAction(
            "gong_too_early",
            f"Too early: player {target} may still call GONG until the end "
            f"of the next player's turn. Catch them after that.",
            target=target,
        )

    # --- what players see ---------------------------------------------------------------------

    def _table(self, seat: int | None) -> dict[str, Any]:
        m = self.match()
        table: dict[str, Any] = {
            "top": self.CODES[self.discard[-1]] if self.discard else None,
            "match": self.CODES[m] if m >= 0 else None,
            "discard_pile": len(self.discard),
            "on_one_card": [
                {"player": s, "called": w.called} for s, w in enumerate(self.one) if w is not None
            ],
        }
        if seat == self.current and self.drawn >= 0:
            table["drawn"] = self.CODES[self.drawn]
        return table


SPEC = GameSpec(
    name="gong-link",
    title="GONG LINK",
    min_players=2,
    max_players=6,
    options={
        "turn_limit": 1000,
        "first_player": 0,
        "may_draw_instead": False,
        "two_player_catch": True,
    },  # fmt: skip
    factory=LinkGame,
    refusals=(
        *GONG_REFUSALS,
        "drawn_card_only",
        "gong_already_called",
        "gong_not_on_one",
        "gong_too_early",
        "gong_too_late",
        "joker_not_a_match",
        "must_draw",
        "must_match",
        "must_play_match",
        "nothing_to_draw",
        "nothing_to_keep",
    ),
    deck=GONG,
    robots={"normal": "gong.referee.bots:greedy_link"},
    reasons={
        "out_of_cards": "a player has no cards left",
        "all_passed": "every player passed in a row",
    },
    table={
        "piles": {"top": "table.top", "draw": "draw_pile", "discard": "table.discard_pile"},
        "winner": {"out_of_cards": "winner_no_cards", "all_passed": "winner_fewest_cards"},
    },
)
LinkGame.spec = SPEC
