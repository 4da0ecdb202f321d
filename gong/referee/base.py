"""What every GONG variant shares (RULES.md §2): seats, dealing, piles, turn order, the
GONG JOKER with its swap and counter, the turn limit, the outcome, views and serialisation.

Cards are kept as their deck positions (0-53 the numbered cards in rule order, 54-55 the
jokers: see `gong.cards.DECK`), hands as sorted lists, piles as lists whose top is the last
item. Everything mutable is plain data, so `to_json()`, `clone()` and equality are generic.

A variant subclass declares its name, verbs and extra state fields and implements
`_legal(seat)`, `_execute(action)`, `_explain(action)` and `_table(seat)`.
"""

from __future__ import annotations

import json
from bisect import insort
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from gong.cards import DECK, Card, CardCodeError, parse_card
from gong.referee.actions import SHAPES, Action, act, card_index, parse_action_text
from gong.referee.errors import GameSetupError, IllegalAction
from gong.referee.registry import GameSpec
from gong.referee.rng import Rng

HAND_SIZE = 9
JOKER_MIN = 54
"""Deck positions from here on are the jokers."""


def codes(cards: Sequence[int]) -> list[str]:
    return [DECK[c].code for c in cards]


def is_joker(c: int) -> bool:
    return c >= JOKER_MIN


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the reason, the winning seats, and each seat's score
    (cards left in hand, or families laid down in FAMILY)."""

    reason: str
    winners: tuple[int, ...]
    scores: tuple[int, ...]

    REASONS: ClassVar[dict[str, str]] = {
        "out_of_cards": "a player has no cards left",
        "all_passed": "every player passed in a row",
        "all_families": "all nine families are laid down",
        "no_moves": "no player can act any more",
        "turn_limit": "the turn limit was reached",
    }

    def describe(self) -> str:
        who = " and ".join(f"player {w}" for w in self.winners)
        return f"{who} won: {self.REASONS.get(self.reason, self.reason)}"

    def to_dict(self) -> dict[str, Any]:
        return {"reason": self.reason, "winners": list(self.winners), "scores": list(self.scores)}


class GongGame:
    """A game of one GONG variant in progress. Build it with `gong.referee.new_game`."""

    spec: ClassVar[GameSpec]
    VERBS: ClassVar[tuple[str, ...]]
    FIELDS: ClassVar[tuple[str, ...]] = ()
    """The variant's own state attributes (plain data), serialised after the common ones."""
    COMMON: ClassVar[tuple[str, ...]] = (
        "hands",
        "draw",
        "discard",
        "current",
        "turn",
        "fresh",
        "phase",
        "counter",
        "stats",
        "log",
        "seq",
    )
    STATS: ClassVar[tuple[str, ...]] = ("jokers_played", "counters", "draws", "refills")
    ANYTIME: ClassVar[tuple[str, ...]] = ()
    """Verbs a player may use outside their turn (LINK's GONG calls): refusals explain the
    rule rather than saying it is not their turn."""

    # --- setting up -------------------------------------------------------------------------

    def __init__(
        self,
        players: int,
        seed: int | str,
        options: dict[str, Any],
        deck: Sequence[Card | str] | None = None,
    ) -> None:
        self.players = players
        self.seed = seed
        self.options = options
        self.turn_limit: int = options["turn_limit"]
        self.rng = Rng(seed)
        order = self._deck_order(deck) if deck is not None else self._shuffled()
        n = players * HAND_SIZE
        self.hands: list[list[int]] = [
            sorted(order[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(players)
        ]
        self.draw: list[int] = order[n:][::-1]  # the deck's next card ends up on top (last)
        self.discard: list[int] = []
        self.current: int = options["first_player"]
        self.turn = 0
        self.fresh = True  # at the start of the current player's turn (jokers allowed)
        self.phase = "turn"
        self.counter: list[int] | None = None  # [attacker, target, joker] while a counter waits
        self.stats: dict[str, int] = dict.fromkeys(self.STATS, 0)
        self.log: list[str] = []
        self.seq = 0  # actions applied; orders events such as families reached
        self.outcome: Outcome | None = None
        self._cache: dict[int, list[Action]] = {}
        self._acting: list[int] | None = None

    def _shuffled(self) -> list[int]:
        order = list(range(len(DECK)))
        self.rng.shuffle(order)
        return order

    @staticmethod
    def _deck_order(deck: Sequence[Card | str]) -> list[int]:
        order = []
        for i, item in enumerate(deck):
            try:
                card = item if isinstance(item, Card) else parse_card(item)
            except CardCodeError as exc:
                raise GameSetupError(f"deck position {i}: {exc}") from None
            order.append(card_index(card))
        if sorted(order) != list(range(len(DECK))):
            seen: set[int] = set()
            twice = [DECK[c].code for c in order if c in seen or seen.add(c)]
            missing = [DECK[c].code for c in range(len(DECK)) if c not in order]
            raise GameSetupError(
                f"a stacked deck holds all {len(DECK)} cards once each "
                f"(twice: {', '.join(twice) or 'none'}; missing: "
                f"{', '.join(missing) or 'none'})"
            )
        return order

    # --- the public API ---------------------------------------------------------------------

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    def to_act(self) -> list[int]:
        """The seats that may act now, in seat order: the current player and anyone else
        the rules let act (a joker's target deciding to counter, a GONG caller)."""
        return list(self._to_act_now())

    def _to_act_now(self) -> list[int]:
        if self._acting is None:
            self._acting = [] if self.outcome is not None else self._to_act()
        return self._acting

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of `seat` now, in canonical order; [] if the seat may not act.

        The list is the caller's to keep: the game works from its own copy."""
        return list(self._legal_now(seat))

    def _legal_now(self, seat: int) -> list[Action]:
        """The legal actions of `seat`, computed once per state."""
        acts = self._cache.get(seat)
        if acts is None:
            if (
                self.outcome is not None
                or not isinstance(seat, int)
                or not (0 <= seat < self.players)
            ):
                acts = []
            else:
                acts = self._legal(seat)
            self._cache[seat] = acts
        return acts

    def apply(self, action: Action) -> None:
        """Play `action`, or raise IllegalAction naming the rule, leaving the game untouched."""
        legal = self._legal_now(action.player) if type(action) is Action else ()
        for allowed in legal:
            if allowed is action:
                break
        else:  # not one of the (interned) legal actions: compare values before refusing
            if not legal or action not in legal:
                raise self._refusal(action)
        self._cache = {}
        self._acting = None
        self.seq += 1
        self.log.append(f"{action.player}: {action}")
        self._execute(action)

    def parse_action(self, text: str, seat: int) -> Action:
        """The action `text` means for `seat` (the inverse of `str(action)`)."""
        return parse_action_text(text, seat, self.VERBS, self.players)

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (their hand, everyone's card counts, the table), as JSON-able
        data; `None` is a spectator, who sees counts only."""
        data: dict[str, Any] = {
            "game": self.name,
            "players": self.players,
            "seat": seat,
            "turn": self.turn,
            "current": self.current,
            "to_act": self.to_act(),
            "hand_counts": [len(h) for h in self.hands],
            "draw_pile": len(self.draw),
        }
        if seat is not None:
            data["hand"] = codes(self.hands[seat])
        if self.counter is not None:
            attacker, target, joker = self.counter
            data["joker"] = {"played_by": attacker, "target": target, "card": DECK[joker].code}
        data["table"] = self._table(seat)
        data["outcome"] = None if self.outcome is None else self.outcome.to_dict()
        return data

    def to_json(self) -> str:
        return json.dumps(self._dump(), separators=(",", ":"))

    @classmethod
    def restore(cls, data: dict[str, Any], **keywords: Any) -> GongGame:
        """The game saved in `data` (the parsed JSON of to_json())."""
        game = cls.__new__(cls)
        game._load(data, **keywords)
        return game

    def clone(self) -> GongGame:
        game = type(self).__new__(type(self))
        game._load(self._dump(), **self._clone_keywords())
        return game

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._dump() == other._dump()

    __hash__ = None  # type: ignore[assignment]  # a game is mutable

    def __repr__(self) -> str:
        state = "over" if self.outcome else f"turn {self.turn}, player {self.current} to play"
        return f"<{self.spec.title}, {self.players} players, seed {self.seed!r}: {state}>"

    # --- serialisation ----------------------------------------------------------------------

    def _dump(self) -> dict[str, Any]:
        state = {name: _copy(getattr(self, name)) for name in self.COMMON + self.FIELDS}
        state["rng"] = self.rng.state
        state["outcome"] = None if self.outcome is None else self.outcome.to_dict()
        return {
            "game": self.name,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "state": state,
        }

    def _load(self, data: dict[str, Any], **keywords: Any) -> None:
        if keywords:
            raise GameSetupError(f"{self.spec.title} takes no {', '.join(keywords)}")
        try:
            self.players = data["players"]
            self.seed = data["seed"]
            self.options = dict(data["options"])
            self.turn_limit = self.options["turn_limit"]
            state = data["state"]
            for name in self.COMMON + self.FIELDS:
                setattr(self, name, _copy(state[name]))
            self.rng = Rng(0)
            self.rng.state = state["rng"]
            out = state["outcome"]
        except (KeyError, TypeError) as exc:
            raise GameSetupError(f"saved game is missing {exc}") from None
        self.outcome = (
            None
            if out is None
            else Outcome(out["reason"], tuple(out["winners"]), tuple(out["scores"]))
        )
        self._cache = {}
        self._acting = None

    def _clone_keywords(self) -> dict[str, Any]:
        return {}

    # --- shared machinery for the variants --------------------------------------------------

    def _to_act(self) -> list[int]:
        if self.counter is not None:
            return [self.counter[1]]
        return [self.current]

    def _take_into(self, seat: int, c: int) -> None:
        insort(self.hands[seat], c)

    def _next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    def _end_turn(self, next_seat: int | None = None) -> None:
        """The current turn is over: count it, stop at the turn limit, start the next one."""
        self.turn += 1
        self.counter = None
        self.fresh = True
        self.phase = "turn"
        if self.turn >= self.turn_limit:
            self._finish_by_rule("turn_limit")
            return
        self.current = self._next_seat(self.current) if next_seat is None else next_seat
        self._begin_turn()

    def _begin_turn(self) -> None:
        """Hook: a variant's start-of-turn rules."""

    def _finish(self, reason: str, winners: Sequence[int]) -> None:
        self.outcome = Outcome(reason, tuple(winners), tuple(self._scores()))
        self.counter = None

    def _scores(self) -> list[int]:
        return [len(h) for h in self.hands]

    def _finish_by_rule(self, reason: str) -> None:
        """End by the position as it stands: fewest cards in hand (FAMILY overrides)."""
        fewest = min(len(h) for h in self.hands)
        self._finish(reason, [s for s in range(self.players) if len(self.hands[s]) == fewest])

    # jokers (RULES.md §2)

    def _joker_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        if len(hand) < 2 or hand[-1] < JOKER_MIN:
            return []
        targets = [t for t in range(self.players) if t != seat and self.hands[t]]
        return [act(seat, "joker", j, t) for j in hand if j >= JOKER_MIN for t in targets]

    def _counter_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        acts = [act(seat, "counter", j) for j in hand if j >= JOKER_MIN]
        acts.append(act(seat, "no-counter"))
        return acts

    def _can_counter(self, seat: int) -> bool:
        hand = self.hands[seat]
        return len(hand) >= 2 and hand[-1] >= JOKER_MIN

    def _play_joker(self, action: Action) -> None:
        seat, target, joker = action.player, action.target, card_index(action.card)
        self.hands[seat].remove(joker)
        self._dispose_joker(joker)
        self.stats["jokers_played"] += 1
        self.fresh = False
        if self._can_counter(target):
            self.counter = [seat, target, joker]
        else:
            self._swap(seat, target)

    def _counter(self, action: Action) -> None:
        joker = card_index(action.card)
        self.hands[action.player].remove(joker)
        self._dispose_joker(joker)
        self.stats["counters"] += 1
        self.counter = None
        self._cards_moved()
        # Both jokers are spent, no hands change, and the countering player plays next.
        self._end_turn(next_seat=action.player)

    def _cards_moved(self) -> None:
        """Hook: a hand changed during the current turn (LINK opens GONG call windows)."""

    def _no_counter(self) -> None:
        attacker, target, _ = self.counter
        self.counter = None
        self._swap(attacker, target)

    def _swap(self, a: int, b: int) -> None:
        self.hands[a], self.hands[b] = self.hands[b], self.hands[a]

    def _dispose_joker(self, joker: int) -> None:
        """LINK and FIGHT: a played joker goes under the top card of the discard pile, so the
        card to match does not change."""
        pile = self.discard
        if pile and pile[-1] < JOKER_MIN:
            pile.insert(len(pile) - 1, joker)
        else:
            pile.append(joker)

    # refusals

    def _refusal(self, action: Any) -> IllegalAction:
        if self.outcome is not None:
            return IllegalAction("game_over", f"The game is over: {self.outcome.describe()}.")
        if not isinstance(action, Action):
            return IllegalAction("unreadable", f"Not an action: {action!r}.")
        seat = action.player
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            return IllegalAction(
                "no_such_player",
                f"There is no player {seat!r}: players are numbered 0 to {self.players - 1}.",
            )
        if action.verb not in self.VERBS:
            return IllegalAction(
                "unknown_action", f"{self.spec.title} has no action {action.verb!r}."
            )
        shape = SHAPES[action.verb]
        wants_target = "t" in shape and not shape.endswith("?")
        if (
            (action.card is None) == ("c" in shape)
            or (action.target is None and wants_target)
            or (action.target is not None and "t" not in shape)
        ):
            return IllegalAction("unreadable", f"'{action}' is not a complete action.")
        if action.target is not None and not (
            isinstance(action.target, int) and 0 <= action.target < self.players
        ):
            return IllegalAction(
                "no_such_player",
                f"There is no player {action.target!r}: "
                f"players are numbered 0 to {self.players - 1}.",
            )
        if self.counter is not None and seat != self.counter[1]:
            attacker, target, _ = self.counter
            return IllegalAction(
                "waiting_for_counter",
                f"Wait: player {target} decides whether to stop player "
                f"{attacker}'s GONG JOKER with their own joker.",
            )
        if seat not in self._to_act_now() and action.verb not in self.ANYTIME:
            return IllegalAction("not_your_turn", self._waiting_text(seat))
        found = self._explain_common(action) or self._explain(action)
        if found is not None:
            return found
        return IllegalAction(
            "not_allowed", f"Player {seat} cannot '{action}' now. " + self._options_text(seat)
        )

    def _waiting_text(self, seat: int) -> str:
        return f"It is player {self.current}'s turn, not player {seat}'s."

    def _options_text(self, seat: int) -> str:
        acts = [str(a) for a in self.legal_actions(seat)]
        shown = ", ".join(acts[:12]) + (f" (and {len(acts) - 12} more)" if len(acts) > 12 else "")
        return f"You can: {shown}." if acts else "You cannot act now."

    def _explain_common(self, action: Action) -> IllegalAction | None:
        """Refusals shared by every variant: cards not held, the joker rules."""
        seat, verb = action.player, action.verb
        hand = self.hands[seat]
        if (
            self.counter is not None
            and seat == self.counter[1]
            and verb not in ("counter", "no-counter")
        ):
            return IllegalAction(
                "answer_the_joker",
                f"Player {self.counter[0]} played a GONG JOKER on you: answer "
                f"first. " + self._options_text(seat),
            )
        if verb in ("joker", "counter"):
            if not action.card.is_joker:
                return IllegalAction(
                    "not_a_joker",
                    f"{action.card.code} is not a GONG JOKER; only J1 and J2 can {verb}.",
                )
            if card_index(action.card) not in hand:
                return IllegalAction("not_in_hand", f"You do not hold {action.card.code}.")
            if len(hand) < 2:
                return IllegalAction(
                    "joker_last_card",
                    "A GONG JOKER swaps a set of cards, so it cannot be played as your last card.",
                )
        if verb == "counter" and (self.counter is None or self.counter[1] != seat):
            return IllegalAction(
                "no_joker_to_counter",
                "You can only play a joker to stop a swap when someone has "
                "just played a GONG JOKER on you.",
            )
        if verb == "no-counter" and (self.counter is None or self.counter[1] != seat):
            return IllegalAction("no_joker_to_counter", "Nobody played a GONG JOKER on you.")
        if verb == "joker":
            target = action.target
            if target == seat:
                return IllegalAction(
                    "joker_self", "A GONG JOKER swaps your hand with another player's."
                )
            if not self.hands[target]:
                return IllegalAction(
                    "joker_target_empty",
                    f"Player {target} holds no cards: a GONG JOKER swaps with "
                    f"a player who holds at least one card.",
                )
            if seat != self.current or not self.fresh:
                return IllegalAction(
                    "joker_not_at_start",
                    "A GONG JOKER is played at the start of your own turn, before anything else.",
                )
        if (
            action.card is not None
            and verb in ("play", "lay", "give")
            and (card_index(action.card) not in hand)
        ):
            return IllegalAction("not_in_hand", f"You do not hold {action.card.code}.")
        return None

    def _explain(self, action: Action) -> IllegalAction | None:
        return None

    # --- hooks --------------------------------------------------------------------------------

    def _legal(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def _execute(self, action: Action) -> None:
        raise NotImplementedError

    def _table(self, seat: int | None) -> dict[str, Any]:
        return {}

    # --- invariants, for tests and debugging ----------------------------------------------------

    def all_cards(self) -> list[int]:
        """Every card's deck position wherever it is (hands, piles, the table); each of the
        56 must appear exactly once."""
        cards = [c for hand in self.hands for c in hand]
        cards += self.draw
        cards += self.discard
        return cards + self._table_cards()

    def _table_cards(self) -> list[int]:
        return []


def _copy(value: Any) -> Any:
    """A deep copy of plain data (lists, dicts, numbers, text)."""
    if type(value) is list:
        return [_copy(v) if type(v) in _CONTAINERS else v for v in value]
    if type(value) is dict:
        return {k: _copy(v) if type(v) in _CONTAINERS else v for k, v in value.items()}
    return value


_CONTAINERS = (list, dict)
