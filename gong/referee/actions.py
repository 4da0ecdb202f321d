"""Actions: small frozen values with one canonical text form and a parser for it.

An action is made by one player (`player`, a seat number) and reads like the game:

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
``winner 0``        FIGHT: report that player 0 won the challenge
``lay NE5``         FIGHT: lay NEBULA 5 down on the discard pile
``give NE5 -> 1``   FIGHT: give NEBULA 5 to player 1
==================  =========================================================================

The text does not name the player who acts: `game.parse_action(text, seat)` does, and
`game.parse_action(str(action), action.player) == action`. The game log writes each action
as ``"2: play NE5"`` (seat, colon, text) so it replays on its own.
"""

from __future__ import annotations

from typing import NamedTuple

from gong.cards import DECK, Card, CardCodeError, Family, parse_card
from gong.i18n import GEM_NAMES
from gong.referee.errors import IllegalAction

# Canonical order of verbs; legal actions are listed by (verb, card, player).
VERBS = (
    "joker",
    "counter",
    "no-counter",
    "play",
    "keep",
    "draw",
    "pass",
    "ask",
    "target",
    "winner",
    "lay",
    "give",
    "gong",
)
VERB_RANK = {verb: i for i, verb in enumerate(VERBS)}

# What each verb takes: "c" a card, "t" a player, "ct" both, "" nothing, "t?" an optional player.
SHAPES = {
    "joker": "ct",
    "counter": "c",
    "no-counter": "",
    "play": "c",
    "keep": "",
    "draw": "",
    "pass": "",
    "ask": "ct",
    "target": "t",
    "winner": "t",
    "lay": "c",
    "give": "ct",
    "gong": "t?",
}
_EXAMPLES = {
    "joker": "joker J1 -> 2",
    "counter": "counter J2",
    "play": "play NE5",
    "ask": "ask 2 NE5",
    "target": "target 2",
    "winner": "winner 0",
    "lay": "lay NE5",
    "give": "give NE5 -> 1",
    "gong": "gong or gong 3",
}
_ALIASES = {"nocounter": "no-counter", "no_counter": "no-counter", "no": "no-counter"}

CARD_INDEX: dict[int, int] = {id(card): i for i, card in enumerate(DECK)}
"""Deck position of each card object (cards are singletons: DECK and parse_card share them)."""


def card_index(card: Card) -> int:
    """The card's position in DECK (0-53 numbered in rule order, 54-55 the jokers)."""
    i = CARD_INDEX.get(id(card))
    if i is not None:
        return i
    if card.family is None:
        return 53 + card.number
    return card.family.index * 6 + card.number - 1


class Action(NamedTuple):
    """One player's action. `card` and `target` are None when the verb takes none."""

    player: int
    verb: str
    card: Card | None = None
    target: int | None = None

    def __str__(self) -> str:
        verb, card, target = self.verb, self.card, self.target
        if card is None:
            return verb if target is None else f"{verb} {target}"
        if target is None:
            return f"{verb} {card.code}"
        if verb == "ask":
            return f"ask {target} {card.code}"
        return f"{verb} {card.code} -> {target}"

    @property
    def sort_key(self) -> tuple[int, int, int]:
        """The canonical order of legal actions."""
        card = -1 if self.card is None else card_index(self.card)
        return (VERB_RANK[self.verb], card, -1 if self.target is None else self.target)


_FAMILY_WORDS = {w.upper(): f.code for f in Family for w in (f.code, f.name)}
_NUMBER_WORDS = {str(n): n for n in range(1, 7)} | {
    name.upper(): gem.number for names in GEM_NAMES.values() for gem, name in names.items()
}

_INTERNED: dict[tuple[int, str, int, int | None], Action] = {}


def act(player: int, verb: str, c: int = -1, target: int | None = None) -> Action:
    """The shared Action for these values, `c` being a deck position (-1 for no card).

    Actions are interned: the legal actions of every state, the bots' choices and parsed texts
    are the same objects, so `apply()` validates by identity before it compares values."""
    key = (player, verb, c, target)
    action = _INTERNED.get(key)
    if action is None:
        action = _INTERNED[key] = Action(player, verb, None if c < 0 else DECK[c], target)
    return action


def parse_action_text(text: str, player: int, verbs: tuple[str, ...], players: int) -> Action:
    """Read an action's text for `player`; `verbs` are the game's verbs. IllegalAction if the
    text is not an action of this game (whether it is legal now is the game's business)."""
    if not isinstance(text, str):
        raise IllegalAction("unreadable", f"An action is text like 'draw', not {text!r}.")
    words = text.replace("->", " -> ").replace(":", " : ").split()
    if len(words) >= 2 and words[1] == ":" and words[0].isdigit():
        # A log line "2: play NE5" names its player; it must be the one asked about.
        if int(words[0]) != player:
            raise IllegalAction(
                "not_your_action",
                f"That line is player {words[0]}'s action, not player {player}'s.",
            )
        words = words[2:]
    if not words:
        raise IllegalAction("unreadable", "Type an action, for example: " + _known(verbs))
    verb = _ALIASES.get(words[0].lower(), words[0].lower())
    if verb not in verbs:
        raise IllegalAction(
            "unknown_action",
            f"{words[0]!r} is not an action of this game. You can use: " + _known(verbs),
        )
    card: Card | None = None
    target: int | None = None
    rest = words[1:]
    i = 0
    while i < len(rest):
        word = rest[i]
        i += 1
        if word.lower() in ("->", "to", "on"):
            continue
        family = _FAMILY_WORDS.get(word.upper())
        if family is not None and i < len(rest) and rest[i].upper() in _NUMBER_WORDS:
            # A galaxy and a number or gem, as players say it: "NEBULA 5", "ZETA Ruby".
            if card is not None:
                raise IllegalAction("unreadable", f"Name one card only: {_EXAMPLES[verb]}.")
            card = parse_card(f"{family}{_NUMBER_WORDS[rest[i].upper()]}")
            i += 1
            continue
        if word.isdigit():
            if target is not None:
                raise IllegalAction("unreadable", f"Name one player only: {_EXAMPLES[verb]}.")
            target = int(word)
            if not 0 <= target < players:
                raise IllegalAction(
                    "no_such_player",
                    f"There is no player {target}: players are numbered 0 to {players - 1}.",
                )
            continue
        try:
            parsed = parse_card(word)
        except CardCodeError as exc:
            raise IllegalAction("unreadable", f"{exc}.") from None
        if card is not None:
            raise IllegalAction("unreadable", f"Name one card only: {_EXAMPLES[verb]}.")
        card = parsed
    shape = SHAPES[verb]
    wants_card = "c" in shape
    wants_target = "t" in shape and not shape.endswith("?")
    if (
        (card is not None) != wants_card
        or (target is None and wants_target)
        or (target is not None and "t" not in shape)
    ):
        example = _EXAMPLES.get(verb, verb)
        raise IllegalAction("unreadable", f"Write it like this: {example}.")
    return act(player, verb, -1 if card is None else card_index(card), target)


def _known(verbs: tuple[str, ...]) -> str:
    return ", ".join(_EXAMPLES.get(v, v) for v in verbs) + "."
