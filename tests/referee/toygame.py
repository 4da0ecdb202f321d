"""Highest card: a whole small trick game (the game "toy"), registered only by the tests (see
conftest.py): every generic test must pick it up without being edited, and the house-game
tests (tests/housegame) serve it, simulate it and play it in the terminal, loaded only
through an instance's setting (`GONG_GAMES=toygame`), to prove a new game needs no change
to the referee, the site or the terminal. Its deck has two of each card, like Gang of Four.

The deck: red and black 1 to 3, two of each (R1-R3, B1-B3: 12 cards), all dealt: 2 to 4
players get 6, 4 or 3 cards. Each round ("trick") every player in turn plays one card face up
(`play R3`), the leader first; the highest number wins the trick (a tie: the player who
played earlier; the `ties` option "later" gives it to the later one). The trick stays face
up until its winner leads the next one. With `must_follow` on, a player holding the colour
led must play that colour. When the hands are empty, the most tricks win (a tie is shared);
the scores are the tricks won. At the turn limit (each card played is a turn), the most
tricks so far win.

>>> from gong.referee.registry import registered
>>> with registered(SPEC):
...     from gong.referee import new_game
...     game = new_game("toy", players=2, seed=1, deck="R1 R2 R3 B1 B2 B3 R1 R2 R3 B1 B2 B3".split())
...     game.apply(game.parse_action("play R3", 0))
...     game.apply(game.parse_action("play B1", 1))
...     game.view(None)["table"]["tricks"], game.current, game.events(None)[-1]["code"]
([1, 0], 0, 'won_trick')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import total_ordering
from typing import Any

from gong.decks import CardFace, Deck
from gong.referee.actions import Action, Grammar, one_word
from gong.referee.errors import IllegalAction
from gong.referee.game import Game, Reason
from gong.referee.registry import GameSpec

MOST_TRICKS = "most_tricks"
COLOURS = {"R": "red", "B": "black"}


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
    raise ValueError(f"not a card of Highest card: {text!r} (R1-R3, B1-B3)")


def number_of(code: str) -> int:
    """The number of a card code ("R3": 3)."""
    return int(code[1:])


class ToyGame(Game):
    DECK = tuple(Pip(c, n) for c in "RB" for n in (1, 2, 3) for _ in range(2))
    GRAMMAR = Grammar({"play": "card"}, read_card=one_word(parse_pip))
    FIELDS = ("trick", "leader", "trick_no", "tricks", "won")
    STATS = ("tricks_played", "ties")

    # --- the deal ---------------------------------------------------------------------------

    def _deal(self, order: list[int]) -> None:
        """Every card dealt, a hand's worth each in turn: seat 0 gets the first cards of
        the order (the top of a stacked deck), then seat 1, ..."""
        size = len(self.DECK) // self.players
        self.hands = [sorted(order[size * s : size * (s + 1)]) for s in range(self.players)]
        self.trick: list[int] = []  # the cards of the trick on the table, in play order
        self.leader: int = self.current
        self.trick_no = 1
        self.tricks = [0] * self.players
        self.won: list[list[int]] = [[] for _ in range(self.players)]  # face down
        for seat, hand in enumerate(self.hands):
            self._emit(
                "dealt", {"player": seat, "count": len(hand)}, {"cards": self.codes(hand)}, (seat,)
            )

    # --- legal actions ----------------------------------------------------------------------

    @property
    def hand_size(self) -> int:
        return len(self.DECK) // self.players

    @property
    def trick_done(self) -> bool:
        """Whether every player has played to the trick on the table (it waits there for
        its winner to lead the next one)."""
        return len(self.trick) == self.players

    def led_colour(self) -> str | None:
        """The colour the next card must follow (with `must_follow`), None when leading."""
        if not self.trick or self.trick_done:
            return None
        return self.CODES[self.trick[0]][0]

    def _legal(self, seat: int) -> list[Action]:
        if seat != self.current:
            return []
        codes = sorted({self.CODES[c] for c in self.hands[seat]}, key=parse_pip)
        led = self.led_colour() if self.options["must_follow"] else None
        if led is not None and any(code[0] == led for code in codes):
            codes = [code for code in codes if code[0] == led]
        return [self.GRAMMAR.action(seat, "play", (code,)) for code in codes]

    # --- playing ----------------------------------------------------------------------------

    def _execute(self, action: Action) -> None:
        seat, code = action.player, action.cards[0]
        if self.trick_done:  # the winner leads: the last trick goes face down to its pile
            self.won[seat] += self.trick
            self.trick = []
            self.trick_no += 1
        if not self.trick:
            self.leader = seat
        c = next(c for c in self.hands[seat] if self.CODES[c] == code)
        self.hands[seat].remove(c)
        self.trick.append(c)
        if len(self.trick) == 1:
            self._emit("led", {"player": seat, "card": code, "trick": self.trick_no})
        else:
            self._emit("played", {"player": seat, "card": code})
        if not self.trick_done:
            self._end_turn()
            return
        winner, tie = self.trick_winner()
        self.tricks[winner] += 1
        self.counts["tricks_played"] += 1
        self.counts["ties"] += tie
        card = self.CODES[self.trick[(winner - self.leader) % self.players]]
        self._emit("won_trick", {"player": winner, "card": card, "trick": self.trick_no})
        if not any(self.hands):
            self.turn += 1  # the last card played is a turn too
            self._finish_by_rule(MOST_TRICKS)
            return
        self._end_turn(winner)

    def trick_winner(self) -> tuple[int, bool]:
        """Who wins the trick on the table, and whether the winning number was tied."""
        numbers = [number_of(self.CODES[c]) for c in self.trick]
        high = max(numbers)
        at = [i for i, n in enumerate(numbers) if n == high]
        i = at[-1] if self.options["ties"] == "later" else at[0]
        return (self.leader + i) % self.players, len(at) > 1

    # --- the end ----------------------------------------------------------------------------

    def _scores(self) -> list[int]:
        return list(self.tricks)

    def _finish_by_rule(self, reason: str) -> None:
        """The most tricks win; a tie is shared."""
        most = max(self.tricks)
        self._finish(reason, [s for s in range(self.players) if self.tricks[s] == most])

    # --- refusals ---------------------------------------------------------------------------

    def _explain(self, action: Action) -> IllegalAction | None:
        seat, card = action.player, action.card
        if card is None:
            return None
        if all(self.CODES[c] != card for c in self.hands[seat]):
            return IllegalAction("not_in_hand", f"You don't have {card}.", card=card)
        led = self.led_colour()
        if self.options["must_follow"] and led is not None and card[0] != led:
            colour = COLOURS[led]
            return IllegalAction(
                "must_follow",
                f"Follow the colour led: you hold a {colour} card, play it.",
                card=card,
                colour=led,
            )
        return None

    # --- what players see -------------------------------------------------------------------

    def public_cards(self) -> list[int]:
        """The trick on the table, face up; the tricks won lie face down."""
        return list(self.trick)

    def _elsewhere(self) -> list[int]:
        return self.trick + [c for pile in self.won for c in pile]

    def _table(self, seat: int | None) -> dict[str, Any]:
        done = self.trick_done
        return {
            "trick": self.codes(self.trick),
            "leader": self.leader,
            "trick_no": self.trick_no,
            "tricks_in_game": self.hand_size,
            "won_by": self.trick_winner()[0] if done else None,
            "tricks": list(self.tricks),
        }


def greedy_highest(bot: Any, game: ToyGame, seat: int, acts: list[Action]) -> Action:
    """The normal robot: leading, its highest card; following, the lowest card that takes
    the trick, else its lowest card. It reads only its legal moves and the table."""
    plays = sorted(acts, key=lambda a: (number_of(a.cards[0]), a.cards[0]))
    if game.trick_done or not game.trick:
        return plays[-1]
    best = max(number_of(game.CODES[c]) for c in game.trick)
    later = game.options["ties"] == "later"
    taking = [a for a in plays if number_of(a.cards[0]) > best - (1 if later else 0)]
    return taking[0] if taking else plays[0]


def _face(i: int, colour: str, number: int) -> CardFace:
    # Its colour is a word of the game's catalog (`words`), so each language says it.
    code, word = f"{colour}{number}", "{toy_" + colour + "}"
    look = "s-red" if colour == "R" else "s-black"
    return CardFace(code, {"colour": colour, "number": number}, i, look, str(number), colour,
                    "", f"{word} {number}")  # fmt: skip


TOY_DECK = Deck(
    "toy",
    tuple(_face(i, c, n) for i, (c, n) in enumerate((c, n) for c in "RB" for n in (1, 2, 3))),
    parse_pip,
)

EVENTS = {
    "led": ("{Player} led {card} to trick {trick}.", None),
    "won_trick": ("{Player} won trick {trick} with {card}.", None),
}
"""Its event codes beyond the shared ones ("dealt", "played", "ended"), in English."""

REASONS = {
    MOST_TRICKS: "the hands are empty: the most tricks won",
    Reason.TURN_LIMIT: "the turn limit was reached: the most tricks so far won",
}

TEXTS = {
    "en": {
        "game_toy": "Highest card",
        "opt_turn_limit": "At most this many cards played",
        "opt_must_follow": "Follow the colour led when you can",
        "opt_ties": "A tie goes to the player who played",
        "opt_ties_earlier": "first",
        "opt_ties_later": "last",
        "verb_play": "Play",
        "reason_most_tricks": "The hands are empty: the most tricks won.",
        "reason_turn_limit": "The turn limit was reached: the most tricks so far won.",
        "toy_trick_of": "Trick {n} of {of}",
        "toy_tricks": "tricks: {n}",
        "words": {"toy_R": "red", "toy_B": "black"},
        "no_must_follow": "Follow the colour led: you hold a card of it.",
    },
    "fr": {  # opt_ties and no_must_follow left out on purpose: they read in English
        "game_toy": "La plus haute carte",
        "opt_turn_limit": "Cartes jouées au plus",
        "opt_must_follow": "Fournir la couleur demandée si possible",
        "opt_ties_earlier": "en premier",
        "verb_play": "Jouer",
        "reason_most_tricks": "Les mains sont vides : le plus de plis l'emporte.",
        "reason_turn_limit": "Le nombre de tours maximum est atteint : le plus de plis l'emporte.",
        "toy_trick_of": "Pli {n} sur {of}",
        "toy_tricks": "plis : {n}",
        "words": {"toy_R": "rouge", "toy_B": "noir"},
    },
}
"""Its page texts (a house game brings its own): the title, the options a /play page shows,
its verb, its reasons and its table line."""

SPEC = GameSpec(
    name="toy",
    deck=TOY_DECK,
    title="Highest card",
    min_players=2,
    max_players=4,
    options={"turn_limit": 40, "first_player": 0, "must_follow": False, "ties": "earlier"},
    choices={"ties": ("earlier", "later")},
    factory=ToyGame,
    robots={"normal": greedy_highest},
    events=EVENTS,
    reasons=REASONS,
    refusals=("not_in_hand", "must_follow"),
    table={
        "counters": (("toy_tricks", "table.tricks"),),
        "combination": {"cards": "table.trick", "by": "table.leader"},
        "lines": (("toy_trick_of", {"n": "table.trick_no", "of": "table.tricks_in_game"}),),
    },
    texts=TEXTS,
)
ToyGame.spec = SPEC
