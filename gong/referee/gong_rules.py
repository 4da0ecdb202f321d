"""What every GONG variant shares (server/content/rules/en/index.md#in-every-game and
server/content/rules/en/jokers.md): the 56-card GONG deck, the 9-card deal, the draw pile and
the discards, the GONG JOKER with its swap and its counter, GONG's action texts.

Cards are deck positions (0-53 the numbered cards in rule order, 54-55 the jokers: see
`gong.cards.DECK`); the helpers below name what a position means, so no rule does arithmetic
on them. Hands are sorted lists, piles are lists whose top is the last item.

GONG's actions read like the game:

==================  =========================================================================
text                meaning
==================  =========================================================================
``joker J1 -> 2``   play GONG JOKER J1 to swap hands with player 2 (start of your turn)
``counter J2``      the joker's target cancels the swap with their own joker
``no-counter``      the joker's target lets the swap happen
``play NE5``        LINK: play NEBULA 5 on the discard pile
``draw``            LINK: draw because you cannot match; FAMILY: draw with no card to ask
                    for; FIGHT: draw the card that gives you your mission
``keep``            LINK: keep the matching card you just drew instead of playing it
``pass``            LINK: nothing to play and nothing to draw
``gong``            LINK: call "GONG" for yourself when you are on one card
``gong 3``          LINK: call "GONG" on player 3, who is on one card and did not call
``ask 2 NE5``       FAMILY: ask player 2 for NEBULA 5 (``ask 2 NEBULA Ice`` reads too: a
                    card may be written as its galaxy and its number or gem)
``target 2``        FIGHT: choose player 2 (your opponent, or the player a mission lets you
                    choose)
``winner 0``        FIGHT: report that player 0 won the challenge (games saved before the
                    fights' reports and phone games: see ``report``)
``report 0``        FIGHT: say that player 0 won the challenge you saw (or fought)
``choose rock``     FIGHT: rock, paper or scissors on the phones (kept secret until both chose)
``call odd``        FIGHT: odd or even: the challenger calls odd or even
``show 3``          FIGHT: odd or even: show 1 to 5 fingers (secret until both showed)
``timeout 2``       FIGHT: player 2 made no phone-game choice in time (the tables' clock)
``lay NE5``         FIGHT: lay NEBULA 5 down on the discard pile
``give NE5 -> 1``   FIGHT: give NEBULA 5 to player 1
==================  =========================================================================

>>> [DECK[c].code for c in family_cards(1)], family_of(10), number_of(10), is_joker(54)
(['NE1', 'NE2', 'NE3', 'NE4', 'NE5', 'NE6'], 1, 5, True)
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from typing import Any, ClassVar, NamedTuple

from gong.cards import DECK, Card, Family, parse_card
from gong.i18n import GEM_NAMES
from gong.referee.actions import Action, Grammar
from gong.referee.errors import IllegalAction
from gong.referee.game import FORMAT, Game

GONG_REFUSALS = (
    "answer_the_joker",
    "joker_last_card",
    "joker_not_at_start",
    "joker_self",
    "joker_target_empty",
    "no_joker_to_counter",
    "not_a_joker",
    "not_in_hand",
    "waiting_for_counter",
)
"""The refusal codes of the rules every GONG variant shares (the deal, the jokers)."""
HAND_SIZE = 9
JOKER_VERBS = ("joker", "counter", "no-counter")
FAMILY_SIZE = 6
JOKER_MIN = 54
"""Deck positions from here on are the jokers."""

# --- what a deck position means ---------------------------------------------------------------

FAMILY_OF: tuple[int, ...] = tuple(
    c // FAMILY_SIZE if c < JOKER_MIN else -1 for c in range(len(DECK))
)
"""The family index of each position (-1 for a joker)."""
NUMBER_OF: tuple[int, ...] = tuple(
    c % FAMILY_SIZE + 1 if c < JOKER_MIN else 0 for c in range(len(DECK))
)
"""The card number (1-6) of each position (0 for a joker)."""


def is_joker(c: int) -> bool:
    return c >= JOKER_MIN


def is_numbered(c: int) -> bool:
    return c < JOKER_MIN


def family_of(c: int) -> int:
    """The family index (0-8) of a numbered card."""
    return FAMILY_OF[c]


def number_of(c: int) -> int:
    """The number (1-6) of a numbered card."""
    return NUMBER_OF[c]


def family_cards(family: int) -> range:
    """The positions of the six cards of family `family`."""
    return range(family * FAMILY_SIZE, (family + 1) * FAMILY_SIZE)


def card_index(card: Card | str) -> int:
    """The position in DECK (0-53 numbered in rule order, 54-55 the jokers) of a card or of
    its code (what actions carry)."""
    i = _POSITION.get(card) if type(card) is str else _POSITION.get(id(card))
    if i is not None:
        return i
    if card.family is None:
        return JOKER_MIN + card.number - 1
    return card.family.index * FAMILY_SIZE + card.number - 1


_POSITION: dict[int | str, int] = {id(card): i for i, card in enumerate(DECK)} | {
    card.code: i for i, card in enumerate(DECK)
}
"""Deck position of each card object (cards are singletons: DECK and parse_card share them)
and of each code."""

# --- GONG's actions ---------------------------------------------------------------------------

FORMS = {
    "joker": ("card -> seat", "seat card"),
    "counter": "card",
    "no-counter": "",
    "play": "card",
    "keep": "",
    "draw": "",
    "pass": "",
    "ask": ("seat card", "card seat"),
    "target": "seat",
    "winner": "seat",
    "report": "seat",
    "choose": "rank",
    "call": "rank",
    "show": "rank",
    "timeout": "seat",
    "lay": "card",
    "give": ("card -> seat", "seat card"),
    "gong": "[seat]",
}
EXAMPLES = {
    "joker": "joker J1 -> 2",
    "counter": "counter J2",
    "play": "play NE5",
    "ask": "ask 2 NE5",
    "target": "target 2",
    "winner": "winner 0",
    "report": "report 0",
    "choose": "choose rock",
    "call": "call odd",
    "show": "show 3",
    "timeout": "timeout 2",
    "lay": "lay NE5",
    "give": "give NE5 -> 1",
    "gong": "gong or gong 3",
}
_FAMILY_WORDS = {w.upper(): f.code for f in Family for w in (f.code, f.name)}
_NUMBER_WORDS = {str(n): n for n in range(1, 7)} | {
    name.upper(): gem.number for names in GEM_NAMES.values() for gem, name in names.items()
}


def read_gong_card(words: Sequence[str], i: int) -> tuple[Card, int]:
    """A card code (``NE5``), or a galaxy and a number or gem, as players say it
    (``NEBULA 5``, ``ZETA Ruby``, ``NE Glace``)."""
    family = _FAMILY_WORDS.get(words[i].upper())
    if family is not None and i + 1 < len(words) and words[i + 1].upper() in _NUMBER_WORDS:
        return parse_card(f"{family}{_NUMBER_WORDS[words[i + 1].upper()]}"), i + 2
    return parse_card(words[i]), i + 1


class GongAction(Action):
    """An action of a GONG game: it writes itself in GONG's words."""

    __slots__ = ()

    def __str__(self) -> str:
        text = _TEXT.get(id(self))  # interned actions live forever: their ids stay theirs
        return GONG_GRAMMAR.text(self) if text is None else text


_INTERNED: dict[tuple[int, str, int, int | None, str | None], GongAction] = {}
_TEXT: dict[int, str] = {}
_ONE_CARD = tuple((card.code,) for card in DECK)

CHOICE_WORDS = frozenset({"rock", "paper", "scissors", "odd", "even", "1", "2", "3", "4", "5"})
"""The words of FIGHT's phone games (``choose rock``, ``call odd``, ``show 3``), kept in an
action's `rank` field: which words a verb takes now is the game's business."""


def act(
    player: int, verb: str, c: int = -1, target: int | None = None, word: str | None = None
) -> GongAction:
    """The shared action for these values, `c` being a deck position (-1 for no card), `word`
    a phone game's choice.

    Actions are interned: the legal actions of every state, the bots' choices and parsed texts
    are the same objects, so `apply()` validates by identity before it compares values."""
    key = (player, verb, c, target, word)
    action = _INTERNED.get(key)
    if action is None:
        cards = () if c < 0 else _ONE_CARD[c]
        action = _INTERNED[key] = GongAction(player, verb, cards, target, word)
        _TEXT[id(action)] = GONG_GRAMMAR.text(action)
    return action


def _build(player: int, verb: str, cards: tuple, target: int | None, rank: Any) -> GongAction:
    return act(player, verb, card_index(cards[0]) if cards else -1, target, rank)


def read_choice(word: str) -> str:
    """A phone game's word (``rock``, ``odd``, ``3``), as FIGHT's grammar reads it."""
    found = word.lower()
    if found not in CHOICE_WORDS:
        raise ValueError(f"{word!r} is not a choice: rock, paper, scissors, odd, even or 1 to 5")
    return found


GONG_GRAMMAR = Grammar(
    FORMS,
    read_card=read_gong_card,
    read_rank=read_choice,
    build=_build,
    aliases={"nocounter": "no-counter", "no_counter": "no-counter", "no": "no-counter"},
    examples=EXAMPLES,
)
GongAction.grammar = GONG_GRAMMAR


class PendingJoker(NamedTuple):
    """A GONG JOKER played, while its target decides whether to counter it."""

    attacker: int
    target: int
    joker: int


def _pending_joker(value: Any) -> PendingJoker | None:
    return None if value is None else PendingJoker(*value)


class GongGame(Game):
    """A game of one GONG variant. A variant declares its `VERBS` (GONG's verbs it uses)."""

    DECK = DECK
    VERBS: ClassVar[tuple[str, ...]]
    STATE = (*Game.STATE, "draw", "discard", "fresh", "counter")
    TYPES: ClassVar[dict[str, Any]] = {"counter": _pending_joker}
    STATS: ClassVar[tuple[str, ...]] = ("jokers_played", "counters", "draws", "refills")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "VERBS" in cls.__dict__:
            cls.GRAMMAR = GONG_GRAMMAR.only(cls.VERBS)

    def _deal(self, order: list[int]) -> None:
        n = self.players * HAND_SIZE
        self.hands = [
            sorted(order[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(self.players)
        ]
        self.draw: list[int] = order[n:][::-1]  # the deck's next card ends up on top (last)
        self.discard: list[int] = []
        self.fresh = True  # at the start of the current player's turn (jokers allowed)
        self.counter: PendingJoker | None = None
        for seat in range(self.players):
            self._emit(
                "dealt",
                {"player": seat, "count": HAND_SIZE},
                {"cards": self.codes(self.hands[seat])},
                (seat,),
            )

    # --- shared machinery for the variants --------------------------------------------------

    def _to_act(self) -> list[int]:
        if self.counter is not None:
            return [self.counter.target]
        return [self.current]

    def _take_into(self, seat: int, c: int) -> None:
        insort(self.hands[seat], c)

    def _turn_over(self) -> None:
        self.counter = None
        self.fresh = True

    def _finish(self, reason: str, winners: Sequence[int]) -> None:
        self.counter = None
        super()._finish(reason, winners)

    def _elsewhere(self) -> list[int]:
        return self.draw + self.discard + self._table_cards()

    def _table_cards(self) -> list[int]:
        return []

    def public_cards(self) -> list[int]:
        """The variant's face-up cards, and a joker played while its target decides."""
        pending = [] if self.counter is None else [self.counter.joker]
        return self._face_up() + pending

    def _face_up(self) -> list[int]:
        return []

    def _pile_counts(self) -> dict[str, Any]:
        return {"draw_pile": len(self.draw)}

    def _view_extra(self, seat: int | None) -> dict[str, Any]:
        if self.counter is None:
            return {}
        attacker, target, joker = self.counter
        return {"joker": {"played_by": attacker, "target": target, "card": self.CODES[joker]}}

    def _drew(self, seat: int, c: int) -> None:
        """`seat` drew card `c`: only they see which."""
        self._emit("drew", {"player": seat}, {"card": self.CODES[c]}, (seat,))

    # jokers (server/content/rules/en/jokers.md)

    def _joker_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        if len(hand) < 2 or is_numbered(hand[-1]):
            return []
        targets = [t for t in range(self.players) if t != seat and self.hands[t]]
        return [act(seat, "joker", j, t) for j in hand if is_joker(j) for t in targets]

    def _counter_actions(self, seat: int) -> list[Action]:
        acts = [act(seat, "counter", j) for j in self.hands[seat] if is_joker(j)]
        acts.append(act(seat, "no-counter"))
        return acts

    def _can_counter(self, seat: int) -> bool:
        hand = self.hands[seat]
        return len(hand) >= 2 and is_joker(hand[-1])

    def _joker_verb(self, action: Action) -> bool:
        """Apply a `joker`, `counter` or `no-counter`; False when it ended the turn (a counter
        does: the countering player plays next)."""
        if action.verb == "joker":
            self._play_joker(action)
        elif action.verb == "counter":
            self._counter(action)
            return False
        else:
            self._no_counter()
        return True

    def _play_joker(self, action: Action) -> None:
        seat, target, joker = action.player, action.target, card_index(action.card)
        self.hands[seat].remove(joker)
        self._dispose_joker(joker)
        self.counts["jokers_played"] += 1
        self.fresh = False
        self._emit("joker", {"player": seat, "target": target, "card": self.CODES[joker]})
        if self._can_counter(target):
            self.counter = PendingJoker(seat, target, joker)
        else:
            self._swap(seat, target)

    def _counter(self, action: Action) -> None:
        joker = card_index(action.card)
        self.hands[action.player].remove(joker)
        self._dispose_joker(joker)
        self.counts["counters"] += 1
        attacker = self.counter.attacker
        self.counter = None
        self._emit(
            "countered", {"player": action.player, "attacker": attacker, "card": self.CODES[joker]}
        )
        self._cards_moved()
        # Both jokers are spent, no hands change, and the countering player plays next.
        self._end_turn(next_seat=action.player)

    def _cards_moved(self) -> None:
        """Hook: a hand changed during the current turn (LINK opens GONG call windows)."""

    def _no_counter(self) -> None:
        attacker, target, _ = self.counter
        self.counter = None
        self._emit("no_counter", {"player": target, "attacker": attacker})
        self._swap(attacker, target)

    def _swap(self, a: int, b: int) -> None:
        self.hands[a], self.hands[b] = self.hands[b], self.hands[a]
        self._emit(
            "swapped", {"player": a, "with": b, "counts": [len(self.hands[a]), len(self.hands[b])]}
        )

    def _dispose_joker(self, joker: int) -> None:
        """LINK and FIGHT: a played joker goes under the top card of the discard pile, so the
        card to match does not change."""
        pile = self.discard
        if pile and is_numbered(pile[-1]):
            pile.insert(len(pile) - 1, joker)
        else:
            pile.append(joker)

    # refusals

    def _explain_first(self, action: Action) -> IllegalAction | None:
        if self.counter is not None and action.player != self.counter.target:
            attacker, target, _ = self.counter
            return IllegalAction(
                "waiting_for_counter",
                f"Wait: player {target} decides whether to stop player "
                f"{attacker}'s GONG JOKER with their own joker.",
                attacker=attacker,
                target=target,
            )
        return None

    def _explain(self, action: Action) -> IllegalAction | None:
        return self._explain_jokers(action) or self._explain_variant(action)

    def _explain_jokers(self, action: Action) -> IllegalAction | None:
        """Refusals shared by every variant: cards not held, the joker rules."""
        seat, verb = action.player, action.verb
        hand = self.hands[seat]
        code = action.card
        answering = self.counter is not None and seat == self.counter.target
        if answering and verb not in ("counter", "no-counter"):
            return IllegalAction(
                "answer_the_joker",
                f"Player {self.counter.attacker} played a GONG JOKER on you: answer "
                f"first. " + self._options_text(seat),
                attacker=self.counter.attacker,
            )
        if verb in ("joker", "counter"):
            if not is_joker(card_index(action.card)):
                return IllegalAction(
                    "not_a_joker",
                    f"{code} is not a GONG JOKER; only J1 and J2 can {verb}.",
                    card=code,
                    verb=verb,
                )
            if card_index(action.card) not in hand:
                return IllegalAction("not_in_hand", f"You do not hold {code}.", card=code)
            if len(hand) < 2:
                return IllegalAction(
                    "joker_last_card",
                    "A GONG JOKER swaps a set of cards, so it cannot be played as your last card.",
                )
        if verb in ("counter", "no-counter") and not answering:
            if verb == "counter":
                return IllegalAction(
                    "no_joker_to_counter",
                    "You can only play a joker to stop a swap when someone has "
                    "just played a GONG JOKER on you.",
                )
            return IllegalAction("no_joker_to_counter", "Nobody played a GONG JOKER on you.")
        if verb == "joker":
            return self._explain_joker_play(action)
        held = code is None or card_index(action.card) in hand
        if verb in ("play", "lay", "give") and not held:
            return IllegalAction("not_in_hand", f"You do not hold {code}.", card=code)
        return None

    def _explain_joker_play(self, action: Action) -> IllegalAction | None:
        seat, target = action.player, action.target
        if target == seat:
            return IllegalAction(
                "joker_self", "A GONG JOKER swaps your hand with another player's."
            )
        if not self.hands[target]:
            return IllegalAction(
                "joker_target_empty",
                f"Player {target} holds no cards: a GONG JOKER swaps with "
                f"a player who holds at least one card.",
                target=target,
            )
        if seat != self.current or not self.fresh:
            return IllegalAction(
                "joker_not_at_start",
                "A GONG JOKER is played at the start of your own turn, before anything else.",
            )
        return None

    def _explain_variant(self, action: Action) -> IllegalAction | None:
        return None

    # saved games of format 1 (before events and typed state)

    def _upgrade(self, data: dict[str, Any], version: Any) -> dict[str, Any]:
        if version != 1:
            return super()._upgrade(data, version)
        data = {**data, "format": FORMAT, "state": dict(data.get("state") or {})}
        state = data["state"]
        if "stats" in state:
            state["counts"] = {k: state["stats"].get(k, 0) for k in self.STATS}
        state.pop("phase", None)
        state.setdefault("history", [])  # recovered by replaying the log, where it can be
        return data
