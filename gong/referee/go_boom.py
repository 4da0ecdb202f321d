"""Jokers Go Boom (server/content/rules/en/go-boom.md): match the top card by suit or rank, and
make the others draw with a joker: BOOM! One game object is the whole match, every round.

Actions: ``play QS``, ``play JK1``, ``draw`` (only when no card of your hand matches; the turn
then ends at once) and ``pass`` (only when the draw pile is empty and you cannot play).

As the referee keeps it:

- the `jokers` option (0 to 8) sets the deck: 52 cards and that many jokers. With no jokers
  the aces are the boom cards: every ace played booms, and an ace on top is matched as usual;
- the first dealer is found by the seeded generator: everyone draws a card from a shuffled
  deck, a joker is drawn again, the lowest rank deals and ties draw again among the tied
  (events ``drew_for_deal`` and ``dealer``). The deal passes clockwise each round;
- each round deals 7 cards each, one at a time from the dealer's left (a stacked deck,
  `deck=`, is the first round's: the cards in dealing order, then the card turned up, then
  the draw pile, top card first; later rounds are shuffled by the generator). A turned-up
  joker goes back at a random place in the draw pile and the next card is turned;
- a boom card may be played on anything and is never forced: holding one and nothing that
  matches, you may play it or draw. With the draw pile empty you pass only when you cannot
  play at all: holding a boom card, you play it. Every other player
  then draws one card, from the next player on, while cards remain; the next player matches
  the card beneath the joker. A boom card as your last card booms first, then the round ends;
- the discards are never reshuffled; a round is blocked when every player passed in a row;
- scores: the player who went out 0, the others their hand (joker 20, ace 15, K Q J 10 score
  10, 2-9 face value); a blocked round scores every hand. `rounds` 0 means one round per
  player. The lowest total wins; a tie is shared. The turn limit counts the turns of the
  whole match; reaching it, the lowest total of the rounds played so far wins.

>>> from gong.referee import new_game
>>> game = new_game("go-boom", players=3, seed=2)
>>> game.round, game.dealer, game.current, [len(h) for h in game.hands]
(1, 2, 0, [7, 7, 7])
>>> game.view(0)["table"]["top"], [str(a) for a in game.legal_actions(0)]
('3D', ['play 3H', 'play 4D', 'play 9D'])
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from gong.classic_cards import MAX_JOKERS, StandardCard, parse_standard_card, standard_deck
from gong.decks import STANDARD
from gong.referee.actions import Action, Grammar, one_word
from gong.referee.errors import GameSetupError, IllegalAction
from gong.referee.game import Game, Reason
from gong.referee.registry import GameSpec

HAND_SIZE = 7
MAX_PLAYERS = 4


class BoomAction(Action):
    __slots__ = ()

    def __str__(self) -> str:
        text = _TEXT.get(id(self))  # interned actions live forever: their ids stay theirs
        return GRAMMAR.text(self) if text is None else text


_TEXT: dict[int, str] = {}
_PLAYED: dict[int, int] = {}
"""id of an interned `play` -> the deck position of its card."""


GRAMMAR = Grammar(
    {"play": "card", "draw": "", "pass": ""},
    read_card=one_word(parse_standard_card),
    examples={"play": "play QS"},
)
BoomAction.grammar = GRAMMAR

EVENTS = {
    "drew_for_deal": ("{Player} drew {card} for the deal.", None),
    "dealer": ("{Player} deals first.", None),
    "round": ("Round {round} begins: {player} deals.", None),
    "boom": ("{Player} played {card}: BOOM! Everyone else draws a card.", None),
    "round_over": ("Round {round} is over: each score is added to its total.", None),
}
"""Its event codes beyond the shared ones, with their English texts."""


def _value(card: StandardCard) -> int:
    """What a card left in hand scores: joker 20, ace 15, K Q J 10 score 10, 2-9 face value."""
    if card.is_joker:
        return 20
    rank = card.rank.value
    return 15 if rank == 14 else 10 if rank >= 10 else rank


_POSITIONS = {card.code: i for i, card in enumerate(standard_deck(MAX_JOKERS))}


def _position(code: str) -> int:
    """The deck position of a card code: the 52 cards in canonical order, then JK1, JK2, …"""
    return _POSITIONS[code]


class _Deck:
    """One deck size's tables, by deck position: shared by every game with that many jokers."""

    def __init__(self, jokers: int) -> None:
        self.cards = standard_deck(jokers)
        self.codes = tuple(card.code for card in self.cards)
        self.rank = [0 if c.is_joker else c.rank.value for c in self.cards]
        self.suit = [-1 if c.is_joker else c.suit.index for c in self.cards]
        self.value = [_value(c) for c in self.cards]
        self.boom = [c.is_joker or (jokers == 0 and c.rank.value == 14) for c in self.cards]
        self.joker = [c.is_joker for c in self.cards]
        self.play = [
            [BoomAction(s, "play", (c.code,)) for c in self.cards] for s in range(MAX_PLAYERS)
        ]
        for row in self.play:
            for c, action in enumerate(row):
                _TEXT[id(action)], _PLAYED[id(action)] = GRAMMAR.text(action), c


_DECKS = [_Deck(j) for j in range(MAX_JOKERS + 1)]
_DRAW = [BoomAction(s, "draw") for s in range(MAX_PLAYERS)]
_PASS = [BoomAction(s, "pass") for s in range(MAX_PLAYERS)]
_TEXT.update({id(a): a.verb for a in (*_DRAW, *_PASS)})


class GoBoomGame(Game):
    DECK = standard_deck(2)
    GRAMMAR = GRAMMAR
    FIELDS = ("draw", "discard", "dealer", "round", "totals", "round_scores", "passes")
    STATS = ("plays", "booms", "draws", "passes", "blocked_rounds")

    def _take_options(self, options: dict[str, Any]) -> None:
        self._use_deck(options["jokers"])

    def _use_deck(self, jokers: int) -> None:
        """This match's deck: the class's DECK is the default one, each game has its own."""
        try:
            self.t = _DECKS[jokers]
        except (IndexError, TypeError):
            raise GameSetupError(
                f"option 'jokers' runs from 0 to {MAX_JOKERS}",
                "option_out_of_range",
                option="jokers",
                min=0,
                max=MAX_JOKERS,
            ) from None
        self.DECK = self.t.cards
        self.CODES = self.t.codes

    @property
    def rounds(self) -> int:
        """How many rounds the match has: the `rounds` option, 0 meaning one per player."""
        return self.options["rounds"] or self.players

    # --- the deal -------------------------------------------------------------------------------

    def _deal(self, order: list[int]) -> None:
        self.totals = [0] * self.players
        self.round_scores: list[list[int]] = []
        self.round = 1
        self.dealer = self._draw_for_deal()
        self._deal_round(order)

    def _draw_for_deal(self) -> int:
        """Everyone draws a card; the lowest deals. A joker is drawn again; a tie for the
        lowest draws again among the tied. The generator draws each card at random."""
        t = self.t
        pool: list[int] = []
        contenders = list(range(self.players))
        while True:
            drawn: dict[int, int] = {}
            for seat in contenders:
                while True:
                    if not pool:  # (only after many ties) the cards drawn go back
                        pool = list(range(len(t.cards)))
                    i = self.rng.below(len(pool))  # a random card of those left
                    c = pool[i]
                    pool[i] = pool[-1]
                    pool.pop()
                    self._emit("drew_for_deal", {"player": seat, "card": t.codes[c]})
                    if not t.joker[c]:
                        break
                drawn[seat] = t.rank[c]
            low = min(drawn.values())
            contenders = [s for s in contenders if drawn[s] == low]
            if len(contenders) == 1:
                self._emit("dealer", {"player": contenders[0]})
                return contenders[0]

    def _deal_round(self, order: list[int]) -> None:
        """Deal `order` (top card first) for this round: 7 cards each, one at a time from the
        dealer's left; turn up the next card (a joker goes back at random)."""
        players, t = self.players, self.t
        self._emit("round", {"round": self.round, "player": self.dealer})
        self.hands = [[] for _ in range(players)]
        for i in range(HAND_SIZE * players):
            self.hands[(self.dealer + 1 + i) % players].append(order[i])
        for seat, hand in enumerate(self.hands):
            hand.sort()
            self._emit(
                "dealt", {"player": seat, "count": len(hand)}, {"cards": self.codes(hand)}, (seat,)
            )
        self.draw: list[int] = order[HAND_SIZE * players :][::-1]  # the top card is last
        c = self.draw.pop()
        while t.joker[c]:
            self.draw.insert(self.rng.below(len(self.draw) + 1), c)
            self._emit("joker_returned", {"card": t.codes[c]})
            c = self.draw.pop()
        self.discard: list[int] = [c]
        self._emit("first_card", {"card": t.codes[c]})
        self.passes = 0
        self.current = (self.dealer + 1) % players

    # --- legal actions --------------------------------------------------------------------------

    def match(self) -> int:
        """The card to match: the top discard, or the card beneath the jokers on top."""
        joker = self.t.joker
        for c in reversed(self.discard):
            if not joker[c]:
                return c
        raise AssertionError("the first discard is never a joker")

    def _can_match(self, seat: int, m: int) -> bool:
        """Whether a card other than a boom card matches `m` by suit or rank."""
        t = self.t
        rank, suit = t.rank[m], t.suit[m]
        return any(
            not t.boom[c] and (t.rank[c] == rank or t.suit[c] == suit) for c in self.hands[seat]
        )

    def _legal(self, seat: int) -> list[Action]:
        if seat != self.current:
            return []
        t = self.t
        m = self.match()
        rank, suit = t.rank[m], t.suit[m]
        boom, ranks, suits, plays = t.boom, t.rank, t.suit, t.play[seat]
        acts: list[Action] = []
        matched = False
        for c in self.hands[seat]:
            if boom[c]:
                acts.append(plays[c])
            elif ranks[c] == rank or suits[c] == suit:
                acts.append(plays[c])
                matched = True
        if not matched:
            if self.draw:
                acts.append(_DRAW[seat])  # a boom card never forces: drawing is allowed
            elif not acts:
                acts.append(_PASS[seat])  # no card to play at all, and none to draw
        return acts

    # --- playing --------------------------------------------------------------------------------

    def _execute(self, action: Action) -> None:
        seat, verb = action.player, action.verb
        if verb == "play":
            c = _PLAYED.get(id(action))
            self._play(seat, _position(action.cards[0]) if c is None else c)
        elif verb == "draw":
            self.counts["draws"] += 1
            self.passes = 0
            self._draw_one(seat)
            self._end_turn()
        else:
            self.counts["passes"] += 1
            self.passes += 1
            self._emit("passed", {"player": seat})
            if self.passes >= self.players:
                self.counts["blocked_rounds"] += 1
                self._round_over("blocked", None)
            else:
                self._end_turn()

    def _play(self, seat: int, c: int) -> None:
        self.hands[seat].remove(c)
        self.discard.append(c)
        self.passes = 0
        self.counts["plays"] += 1
        if self.t.boom[c]:
            self.counts["booms"] += 1
            self._emit("boom", {"player": seat, "card": self.CODES[c]})
            for k in range(1, self.players):
                if not self.draw:
                    break
                self._draw_one((seat + k) % self.players)
        else:
            self._emit("played", {"player": seat, "card": self.CODES[c]})
        if not self.hands[seat]:
            self._round_over("out_of_cards", seat)
        else:
            self._end_turn()

    def _draw_one(self, seat: int) -> None:
        c = self.draw.pop()
        insort(self.hands[seat], c)
        self._emit("drew", {"player": seat}, {"card": self.CODES[c]}, (seat,))

    def _round_over(self, reason: str, out: int | None) -> None:
        """Score the round; then the next round, dealt by the next player, or the end."""
        value = self.t.value
        scores = [0 if s == out else sum(value[c] for c in h) for s, h in enumerate(self.hands)]
        self.round_scores.append(scores)
        self.totals = [a + b for a, b in zip(self.totals, scores, strict=True)]
        self._emit(
            "round_over",
            {
                "round": self.round,
                "reason": reason,
                "hands": [self.codes(h) for h in self.hands],
                "scores": scores,
                "totals": list(self.totals),
            },
        )
        if self.round >= self.rounds:
            self._finish_by_rule(Reason.ROUNDS_PLAYED)
            return
        order = list(range(len(self.DECK)))  # every card back, shuffled for the next deal
        self.rng.shuffle(order)
        self.round += 1
        self.dealer = (self.dealer + 1) % self.players
        self._deal_round(order)
        self._end_turn(self.current)

    # --- the end --------------------------------------------------------------------------------

    def _scores(self) -> list[int]:
        return list(self.totals)

    def _finish_by_rule(self, reason: str) -> None:
        """The lowest total of the rounds played wins; a tie is shared."""
        low = min(self.totals)
        self._finish(reason, [s for s in range(self.players) if self.totals[s] == low])

    # --- refusals -------------------------------------------------------------------------------

    def _explain(self, action: Action) -> IllegalAction | None:
        seat, verb = action.player, action.verb
        m = self.match()
        top = self.CODES[m]
        if verb == "play":
            card = action.card
            if _position(card) >= len(self.DECK):
                return IllegalAction(
                    "not_in_deck",
                    f"This match is played with {len(self.DECK) - 52} jokers: there is no {card}.",
                    card=card,
                )
            if _position(card) not in self.hands[seat]:
                return IllegalAction("not_in_hand", f"You don't have {card}.", card=card)
            return IllegalAction(
                "must_match",
                f"{card} does not match {top}: play a card of the same suit or rank, "
                "or a boom card.",
                card=card,
                match=top,
            )
        plays = verb == "pass" and any(a.verb == "play" for a in self._legal_now(seat))
        if plays or self._can_match(seat, m):
            return IllegalAction(
                "can_play",
                f"You have a card you can play on {top}: play it.",
                match=top,
            )
        if verb == "draw":
            return IllegalAction(
                "pile_empty", "The draw pile is empty: you pass instead.", match=top
            )
        return IllegalAction(
            "can_draw", "You can still draw a card: pass only when the draw pile is empty."
        )

    # --- what players see -----------------------------------------------------------------------

    def public_cards(self) -> list[int]:
        """The discard pile: every card in it was played or turned up face up."""
        return list(self.discard)

    def _elsewhere(self) -> list[int]:
        return self.draw + self.discard

    def _pile_counts(self) -> dict[str, Any]:
        return {"draw_pile": len(self.draw)}

    def _table(self, seat: int | None) -> dict[str, Any]:
        return {
            "top": self.CODES[self.discard[-1]],
            "match": self.CODES[self.match()],
            "discard_pile": len(self.discard),
            "round": self.round,
            "rounds": self.rounds,
            "dealer": self.dealer,
            "totals": list(self.totals),
            "round_scores": [list(s) for s in self.round_scores],
        }


SPEC = GameSpec(
    name="go-boom",
    title="Jokers Go Boom",
    min_players=3,
    max_players=MAX_PLAYERS,
    options={"turn_limit": 1000, "jokers": 2, "rounds": 0},
    bounds={"jokers": (0, MAX_JOKERS), "rounds": (0, 100)},
    factory=GoBoomGame,
    refusals=(
        "can_draw",
        "can_play",
        "must_match",
        "not_in_deck",
        "not_in_hand",
        "pile_empty",
    ),
    deck=STANDARD,
    robots={"normal": "gong.referee.bots_go_boom:greedy_go_boom"},
    reasons={
        "rounds_played": "every round has been played",
        "out_of_cards": "a player has no cards left",
    },
    table={
        "piles": {"top": "table.top", "draw": "draw_pile", "discard": "table.discard_pile"},
        "seat": {"total": "table.totals"},
        "winner": "winner_fewest_points",
        "lines": (("round_of", {"n": "table.round", "of": "table.rounds"}),),
    },
    events=EVENTS,
)
GoBoomGame.spec = SPEC
