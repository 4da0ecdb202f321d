"""A toy game of a few lines, registered only by the tests (see conftest.py): every generic
test must pick it up without being edited. Its deck has two of each card, like Gang of Four.

Each player is dealt 2 cards. On your turn: `play` one or more cards of one number (face up,
onto the pile), or `draw` the top card of the draw pile (only you see it), or `pass` when
you can do neither. The first player without cards wins.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass
from functools import total_ordering

from gong.decks import CardFace, Deck
from gong.referee.actions import Action, Grammar, one_word
from gong.referee.game import Game, Reason
from gong.referee.registry import GameSpec


@total_ordering
@dataclass(frozen=True)
class Pip:
    colour: str
    number: int

    @property
    def code(self) -> str:
        return f"{self.colour}{self.number}"

    def __str__(self) -> str:
        return self.code

    def __lt__(self, other: Pip) -> bool:
        return (self.colour, self.number) < (other.colour, other.number)


def parse_pip(text: str) -> Pip:
    text = text.strip().upper()
    if len(text) == 2 and text[0] in "RB" and text[1] in "123":
        return Pip(text[0], int(text[1]))
    raise ValueError(f"not a toy card: {text!r} (R1-R3, B1-B3)")


class ToyGame(Game):
    DECK = tuple(Pip(c, n) for c in "RB" for n in (1, 2, 3) for _ in range(2))
    GRAMMAR = Grammar({"play": "cards", "draw": "", "pass": ""}, read_card=one_word(parse_pip))
    FIELDS = ("draw", "pile")

    def _deal(self, order: list[int]) -> None:
        self.hands = [sorted(order[2 * s : 2 * s + 2]) for s in range(self.players)]
        self.draw, self.pile = order[2 * self.players :], []

    def _legal(self, seat: int) -> list[Action]:
        if seat != self.current:
            return []
        held = [self.DECK[c] for c in self.hands[seat]]  # sorted: the hand is kept sorted
        pairs = {(a, b) for i, a in enumerate(held) for b in held[i + 1 :]}
        plays = {(card,) for card in held} | pairs
        acts = [
            self.GRAMMAR.action(seat, "play", cards)
            for cards in sorted(plays)
            if _one_number(cards)
        ]
        return acts + [self.GRAMMAR.action(seat, "draw" if self.draw else "pass")]

    def _execute(self, action: Action) -> None:
        seat = action.player
        if action.verb == "play":
            for code in action.cards:
                c = next(c for c in self.hands[seat] if self.CODES[c] == code)
                self.hands[seat].remove(c)
                self.pile.append(c)
            self._emit("played", {"player": seat, "cards": list(action.cards)})
            if not self.hands[seat]:
                return self._finish(Reason.OUT_OF_CARDS, [seat])
        elif action.verb == "draw":
            c = self.draw.pop()
            insort(self.hands[seat], c)
            self._emit("drew", {"player": seat}, {"card": self.CODES[c]}, (seat,))
        self._end_turn()

    def _elsewhere(self) -> list[int]:
        return self.draw + self.pile

    def public_cards(self) -> list[int]:
        return self.pile

    def _table(self, seat: int | None) -> dict:
        return {"pile": self.codes(self.pile[-2:]), "draw_pile": len(self.draw)}


def _one_number(cards: tuple[Pip, ...]) -> bool:
    return len({card.number for card in cards}) == 1


TOY_DECK = Deck(
    "toy",
    tuple(
        CardFace(f"{c}{n}", {"colour": c, "number": n}, i, f"toy-{c}", str(n), c, "", f"{c}{n}")
        for i, (c, n) in enumerate((c, n) for c in "RB" for n in (1, 2, 3))
    ),
    parse_pip,
)

SPEC = GameSpec(
    name="toy",
    deck=TOY_DECK,
    title="Toy",
    min_players=2,
    max_players=4,
    options={"turn_limit": 40, "first_player": 0, "colour": "red", "quiet": False},
    choices={"colour": ("red", "blue")},
    factory=ToyGame,
)
ToyGame.spec = SPEC
