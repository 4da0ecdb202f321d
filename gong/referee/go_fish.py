"""Go Fish (server/content/rules/en/go-fish.md): ask the others for a rank you hold and collect
books of four.

Actions: ``ask 2 Q`` (ask player 2 for queens), or with `exact_card` ``ask 2 QS`` (for the
queen of spades). Everything else happens by itself and is told by events: the cards given
(``gave_rank``, or ``gave`` for an exact card),
"Go fish" (``not_held``) and the draw that follows (``drew``, or ``lucky_draw`` when it is the
card asked for, shown to all), the books laid down (``book``), and in `play_on` the empty
hands that draw or are skipped.

As the referee keeps it:

- the deal: 7 cards each with two players, else 5; a stacked deck (`deck=`) gives seat 0
  its cards first, then seat 1, …, then the draw pile, top card first. Books complete in the
  deal are laid down before play; the seeded generator picks who starts;
- the turn passes to the player who said "Go fish" (not necessarily the neighbour); a turn is
  every ask of one player, for the turn limit;
- without `play_on`, the game ends as soon as an action leaves a hand or the draw pile empty
  (after the draw that emptied it and any book it completes);
- with `exact_card`, the cards given are named and seen by all; otherwise everyone hears the
  rank and how many, and only giver and receiver see the suits;
- with `play_on`, once the pile is out an ask that fails makes it the asked player's turn.
  While the pile lasts, an empty hand draws one card when its turn comes (or when its owner
  runs out in the middle of their turn and would ask again); once it is out, empty hands are
  skipped and cannot be asked, and an asker who runs out passes the turn clockwise;
- the scores are books per player; the most books win, a tie is shared.

>>> from gong.referee import new_game
>>> game = new_game("go-fish", players=3, seed=5)
>>> [len(h) for h in game.hands], game.current
([5, 5, 5], 0)
>>> str(game.legal_actions(0)[0])
'ask 1 4'
"""

from __future__ import annotations

from bisect import bisect_left, insort
from typing import Any

from gong.classic_cards import STANDARD_52, Rank, parse_rank, parse_standard_card
from gong.decks import STANDARD
from gong.referee.actions import Action, Grammar, one_word
from gong.referee.errors import IllegalAction
from gong.referee.game import Game, Reason
from gong.referee.registry import GameSpec

RANKS = tuple(Rank)
"""By rank index 0-12 (2 to ace). Deck position p holds a card of rank index p >> 2."""
RANK_CODES = tuple(rank.code for rank in RANKS)
CODES = tuple(card.code for card in STANDARD_52)

BOOKS_IN_DECK = 13


class FishAction(Action):
    __slots__ = ()

    def __str__(self) -> str:
        text = _TEXT.get(id(self))  # interned actions live forever: their ids stay theirs
        return GRAMMAR.text(self) if text is None else text


class _FishGrammar(Grammar):
    """``ask 2 Q`` names a rank; with `exact_card`, ``ask 2 QS`` names a card. Both forms
    read; an action writes the form it holds."""

    def text(self, action: Action) -> str:
        if action.verb == "ask" and action.cards and action.target is not None:
            return f"ask {action.target} {action.cards[0]}"
        return super().text(action)


MAX_PLAYERS = 6
_BIT = [1 << (c >> 2) for c in range(52)]
_ASKS_BY_MASK: dict[tuple[int, int, int], list[Action]] = {}
"""(players, seat, mask of the ranks held) -> the legal asks: shared, never changed."""
_OTHERS = [[[t for t in range(n) if t != s] for s in range(n)] for n in range(MAX_PLAYERS + 1)]
# Interned actions: a legal list is built from shared values, so apply() finds them by identity.
_ASK_RANK = [
    [[FishAction(s, "ask", (), t, rank.code) for rank in RANKS] for t in range(MAX_PLAYERS)]
    for s in range(MAX_PLAYERS)
]
_ASK_CARD = [
    [[FishAction(s, "ask", (card.code,), t) for card in STANDARD_52] for t in range(MAX_PLAYERS)]
    for s in range(MAX_PLAYERS)
]


_TEXT: dict[int, str] = {}
_ASKED: dict[int, tuple[int, int]] = {}
"""id of an interned ask -> (the rank index asked for, the deck position asked for or -1)."""


def _build(player: int, verb: str, cards: tuple, target: int | None, rank: Any) -> Action:
    if verb == "ask" and target is not None and 0 <= player < MAX_PLAYERS:
        if rank is not None and not cards:
            return _ASK_RANK[player][target][_RANK_INDEX[rank]]
        if len(cards) == 1 and rank is None and cards[0] in _POSITIONS:
            return _ASK_CARD[player][target][_POSITIONS[cards[0]]]
    return FishAction(player, verb, cards, target, rank)


_POSITIONS = {card.code: i for i, card in enumerate(STANDARD_52)}
_RANK_INDEX = {rank.code: rank.value - 2 for rank in RANKS}


def _position(code: str) -> int:
    """The deck position of a card code of the 52."""
    return _POSITIONS[code]


def _asked_of(action: Action) -> tuple[int, int]:
    """(rank index, deck position or -1) of an ask that is not one of the interned ones."""
    if action.cards:
        c = _position(action.cards[0])
        return c >> 2, c
    return _RANK_INDEX[action.rank], -1


GRAMMAR = _FishGrammar(
    {"ask": ("seat rank", "seat card")},
    read_card=one_word(parse_standard_card),
    read_rank=parse_rank,
    build=_build,
    examples={"ask": "ask 2 Q"},
)
FishAction.grammar = GRAMMAR
for _row in _ASK_RANK:
    for _asks in _row:
        for _i, _a in enumerate(_asks):
            _TEXT[id(_a)], _ASKED[id(_a)] = GRAMMAR.text(_a), (_i, -1)
for _row in _ASK_CARD:
    for _asks in _row:
        for _c, _a in enumerate(_asks):
            _TEXT[id(_a)], _ASKED[id(_a)] = GRAMMAR.text(_a), (_c >> 2, _c)

EVENTS = {
    "book": ("{Player} laid down a book of four {rank}.", None),
    "gave_rank": (
        "{Player} gave {to} all their {rank}: {cards}.",
        "{Player} gave {to} all their {rank} ({count}).",
    ),
    "starts": ("{Player} starts.", None),
}
"""Its event codes beyond the shared ones, with their English texts."""


class GoFishGame(Game):
    DECK = STANDARD_52
    GRAMMAR = GRAMMAR
    FIELDS = ("draw", "books")
    STATS = ("asks", "given", "go_fish", "lucky_draws", "books")

    def _take_options(self, options: dict[str, Any]) -> None:
        self.exact = options.get("exact_card", False)
        self.may_ask_held = options.get("may_ask_held_card", False)
        self.play_on = options.get("play_on", False)

    # --- the deal -------------------------------------------------------------------------------

    def _deal(self, order: list[int]) -> None:
        n = 7 if self.players == 2 else 5
        self.hands = [sorted(order[s * n : (s + 1) * n]) for s in range(self.players)]
        self.draw: list[int] = order[self.players * n :][::-1]  # the top card is last
        self.books: list[list[int]] = [[] for _ in range(self.players)]
        for seat, hand in enumerate(self.hands):
            self._emit("dealt", {"player": seat, "count": n}, {"cards": self.codes(hand)}, (seat,))
        for seat, hand in enumerate(self.hands):
            # A sorted hand holds a book where a card and the third after it share a rank.
            for index in [c >> 2 for c, d in zip(hand, hand[3:], strict=False) if c >> 2 == d >> 2]:
                self._lay_book(seat, index)
        self.current = self.rng.below(self.players)
        self._emit("starts", {"player": self.current})

    # --- legal actions --------------------------------------------------------------------------

    def _targets(self, seat: int) -> list[int]:
        """Whom `seat` may ask: anyone else; once a play-on pile is out, only hands with cards."""
        if self.play_on and not self.draw:
            return [t for t in range(self.players) if t != seat and self.hands[t]]
        return _OTHERS[self.players][seat]

    def _legal(self, seat: int) -> list[Action]:
        if seat != self.current:
            return []
        hand = self.hands[seat]
        if not self.exact and not (self.play_on and not self.draw):
            # Asking anyone else: the asks depend only on the ranks held, a 13-bit mask.
            mask = 0
            for c in hand:
                mask |= _BIT[c]
            key = (self.players, seat, mask)
            acts = _ASKS_BY_MASK.get(key)
            if acts is None:
                if len(_ASKS_BY_MASK) > 40_000:  # a bound on the memory it may take
                    _ASKS_BY_MASK.clear()
                rows = _ASK_RANK[seat]
                held = [i for i in range(13) if mask >> i & 1]
                acts = [rows[t][i] for t in _OTHERS[self.players][seat] for i in held]
                _ASKS_BY_MASK[key] = acts
            return acts
        targets = self._targets(seat)
        indexes = sorted({c >> 2 for c in hand})
        if not self.exact:
            rows = _ASK_RANK[seat]
            return [row[i] for row in [rows[t] for t in targets] for i in indexes]
        held = () if self.may_ask_held else hand
        rows = _ASK_CARD[seat]
        return [
            rows[t][c]
            for i in indexes
            for c in range(i << 2, (i << 2) + 4)
            if c not in held
            for t in targets
        ]

    # --- playing --------------------------------------------------------------------------------

    def _execute(self, action: Action) -> None:
        seat, target = action.player, action.target
        counts, emit = self.counts, self._emit
        counts["asks"] += 1
        index, asked = _ASKED.get(id(action)) or _asked_of(action)
        name = CODES[asked] if asked >= 0 else RANK_CODES[index]
        emit("asked", {"player": seat, "target": target, "asked": name})
        theirs = self.hands[target]
        low, high = index << 2, (index << 2) + 4  # the deck positions of the asked rank
        if asked >= 0:
            given = [asked] if asked in theirs else None
            if given:
                theirs.remove(asked)
        else:
            lo = bisect_left(theirs, low)
            hi = bisect_left(theirs, high, lo)
            given = theirs[lo:hi] if hi > lo else None
            if given:
                del theirs[lo:hi]
        if given:
            counts["given"] += len(given)
            if asked >= 0:
                emit("gave", {"player": target, "to": seat, "card": name})
            else:
                emit(
                    "gave_rank",
                    {"player": target, "to": seat, "rank": name, "count": len(given)},
                    {"cards": [CODES[c] for c in given]},
                    (seat, target),
                )
            mine = self.hands[seat]
            lo = bisect_left(mine, low)
            hi = bisect_left(mine, high, lo)
            mine[lo:hi] = sorted(mine[lo:hi] + given)  # one rank's cards sit together
            if hi - lo + len(given) == 4:
                self._lay_book(seat, index)
            if not self._game_ended():
                self._go_again(seat)
            return
        emit("not_held", {"player": target, "asker": seat, "asked": name})
        if not self.draw:  # play on with the pile out: nobody says "Go fish"
            self._end_turn(target)
            return
        counts["go_fish"] += 1
        c = self.draw.pop()
        insort(self.hands[seat], c)
        if c == asked if asked >= 0 else low <= c < high:
            counts["lucky_draws"] += 1
            emit("lucky_draw", {"player": seat, "card": CODES[c]})
            self._lay_book(seat, c >> 2)
            if not self._game_ended():
                self._go_again(seat)
            return
        emit("drew", {"player": seat}, {"card": CODES[c]}, (seat,))
        self._lay_book(seat, c >> 2)
        if not self._game_ended():
            self._end_turn(target)

    def _lay_book(self, seat: int, index: int) -> None:
        """Lay down the book of rank `index` if `seat` now holds all four."""
        hand = self.hands[seat]
        lo = bisect_left(hand, 4 * index)
        if bisect_left(hand, 4 * index + 4, lo) - lo < 4:
            return
        cards = hand[lo : lo + 4]
        del hand[lo : lo + 4]
        self.books[seat].append(index + 2)
        self.counts["books"] += 1
        self._emit(
            "book", {"player": seat, "rank": RANK_CODES[index], "cards": [CODES[c] for c in cards]}
        )

    def _game_ended(self) -> bool:
        """End the game if the last action's consequences ended it
        (server/content/rules/en/go-fish.md#who-wins; with play on,
        server/content/rules/en/go-fish.md#house-rules)."""
        if self.play_on:
            if sum(len(b) for b in self.books) == BOOKS_IN_DECK:
                self._finish_by_rule(Reason.ALL_BOOKS)
                return True
            return False
        if not all(self.hands):
            self._finish_by_rule(Reason.OUT_OF_CARDS)
            return True
        if not self.draw:
            self._finish_by_rule(Reason.DRAW_PILE_EMPTY)
            return True
        return False

    def _go_again(self, seat: int) -> None:
        """The asker asks again; in play on, an empty hand first draws, or the turn moves on."""
        if self.hands[seat]:
            return
        if self.draw:
            self._draw_one(seat)
        else:
            self._end_turn(self._next_holder(seat))

    def _draw_one(self, seat: int) -> None:
        c = self.draw.pop()
        insort(self.hands[seat], c)
        self._emit("drew", {"player": seat}, {"card": self.CODES[c]}, (seat,))

    def _next_holder(self, seat: int) -> int:
        """The next seat clockwise after `seat` holding cards; the empty ones are skipped."""
        s = self._next_seat(seat)
        while not self.hands[s]:
            self._emit("skipped", {"player": s})
            s = self._next_seat(s)
        return s

    def _begin_turn(self) -> None:
        if not self.play_on or self.hands[self.current]:
            return
        if self.draw:
            self._draw_one(self.current)
        else:
            self._emit("skipped", {"player": self.current})
            self.current = self._next_holder(self.current)

    # --- the end --------------------------------------------------------------------------------

    def _scores(self) -> list[int]:
        return [len(b) for b in self.books]

    def _finish_by_rule(self, reason: str) -> None:
        """The most books win; a tie is shared."""
        most = max(len(b) for b in self.books)
        self._finish(reason, [s for s in range(self.players) if len(self.books[s]) == most])

    # --- refusals -------------------------------------------------------------------------------

    def _explain(self, action: Action) -> IllegalAction | None:
        if action.verb != "ask":
            return None
        seat, target = action.player, action.target
        if target == seat:
            return IllegalAction("ask_yourself", "Ask another player, not yourself.")
        asked = parse_standard_card(action.cards[0]) if action.cards else None
        if self.exact and asked is None:
            return IllegalAction(
                "name_a_card",
                f"With the exact card rule, name one card: ask {target} {action.rank}S, "
                "for example.",
                rank=action.rank,
            )
        if asked is not None and asked.is_joker:
            return IllegalAction("no_jokers", "Go Fish is played without jokers.")
        if not self.exact and asked is not None:
            return IllegalAction(
                "name_a_rank",
                f"Ask for a rank, not one card: ask {target} {asked.rank.code}.",
                rank=asked.rank.code,
            )
        rank = action.rank if asked is None else asked.rank.code
        if not any(c >> 2 == _RANK_INDEX[rank] for c in self.hands[seat]):
            return IllegalAction(
                "rank_not_held",
                f"You can only ask for a rank you hold, and you have no {rank}.",
                rank=rank,
            )
        if self.exact and not self.may_ask_held and _position(asked.code) in self.hands[seat]:
            return IllegalAction(
                "card_held",
                f"You hold {asked.code} yourself: ask for a card you don't have.",
                card=asked.code,
            )
        if target not in self._targets(seat):
            return IllegalAction(
                "no_cards",
                f"Player {target} has no cards left and cannot be asked.",
                target=target,
            )
        return None

    # --- what players see -----------------------------------------------------------------------

    def _booked_cards(self) -> list[int]:
        return [c for b in self.books for r in b for c in range(4 * (r - 2), 4 * (r - 2) + 4)]

    def public_cards(self) -> list[int]:
        """The books: laid face down, but four of a rank are known to everyone."""
        return self._booked_cards()

    def _elsewhere(self) -> list[int]:
        return self.draw + self._booked_cards()

    def _pile_counts(self) -> dict[str, Any]:
        return {"draw_pile": len(self.draw)}

    def _table(self, seat: int | None) -> dict[str, Any]:
        return {"books": [[RANKS[r - 2].code for r in b] for b in self.books]}


SPEC = GameSpec(
    name="go-fish",
    title="Go Fish",
    min_players=2,
    max_players=MAX_PLAYERS,
    options={
        "turn_limit": 1000,
        "exact_card": False,
        "may_ask_held_card": False,
        "play_on": False,
    },
    requires={"may_ask_held_card": "exact_card"},
    factory=GoFishGame,
    refusals=(
        "ask_yourself",
        "card_held",
        "name_a_card",
        "name_a_rank",
        "no_cards",
        "no_jokers",
        "rank_not_held",
    ),
    deck=STANDARD,
    robots={"normal": "gong.referee.bots_go_fish:greedy_go_fish"},
    reasons={
        "all_books": "all 13 books are made",
        "out_of_cards": "a player has no cards left",
        "draw_pile_empty": "the draw pile ran out",
    },
    table={
        "asks": ("ask",),
        "piles": {"draw": "draw_pile"},
        "seat": {"books": "table.books"},
        "winner": "winner_most_books",
    },
    events=EVENTS,
)
GoFishGame.spec = SPEC
