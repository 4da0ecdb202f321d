"""Gang of Four (server/content/rules/en/gang-of-four.md): the whole match, game after game, to
the target score.

One game object is the match. Each game deals 16 cards to every player (with three players,
16 more to a dead hand nobody plays). The first game goes counter-clockwise, the next
clockwise, and so on; seats are numbered clockwise, so counter-clockwise from seat 2 comes
seat 1. The first game starts with the holder of the multicoloured 1 leading a combination
that holds it (with M1 in the dead hand, the player to the dealer's right starts with
anything); every later game starts with the exchange: the loser's best card moves to the
previous winner by itself, who then gives any card back (``return G3``) and leads.

Actions: ``play G7 Y7`` (the cards of one combination, read in any order, written in
canonical order), ``pass`` (only when answering a play), ``announce`` (with `auto_announce`
off: a player on one card says "Last card!" before the next player acts), ``return G3``.
Combinations and comparisons live in `gong.referee.gof_combos`.

Where the original rules say nothing, the referee decides (and the rules page says so:
server/content/rules/en/gang-of-four.md#last-card and
server/content/rules/en/gang-of-four.md#house-rules):

- a barred player (with `auto_announce` off) is skipped: a trick ends when every player still
  in the game has passed, and when the barred player played last, the next player in the
  game's direction leads;
- a turn is a play, a pass or a return (an announce is not); at the turn limit, the lowest
  total of the games finished so far wins (the game under way is not scored);
- a player left alone in the game (all others barred) leads again after each play.

A stacked deck (`deck=`) deals 16 cards to seat 0, then seat 1, … and the dead hand last;
`decks=` stacks the later games' deals the same way, in turn (then shuffles resume).

>>> from gong.referee import new_game
>>> game = new_game("gang-of-four", players=4, seed=2)
>>> [len(h) for h in game.hands], game.view(None)["direction"]
([16, 16, 16, 16], 'counter-clockwise')
>>> all("M1" in str(a) for a in game.legal_actions(game.current))
True
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from itertools import combinations as subsets
from typing import Any

from gong.classic_cards import GOF_CARDS, GOF_DECK, parse_gof_card
from gong.decks import GANG_OF_FOUR
from gong.referee.actions import Action, Grammar, one_word
from gong.referee.errors import IllegalAction
from gong.referee.game import Game, Reason
from gong.referee.gof_combos import (
    NotACombination,
    beating_plays,
    beats,
    classify,
    combination,
    combinations,
)
from gong.referee.registry import GameSpec

HAND_SIZE = 16
M1 = 3  # the multicoloured 1's card index
PHOENIX_PAIR = (31, 32)  # PG, PY
CARD_OF: tuple[int, ...] = tuple(card.index for card in GOF_DECK)
"""The card index (0 = G1 … 33 = DR) of each deck position."""

CLOCKWISE, COUNTER_CLOCKWISE = 1, -1


def points_for(cards_left: int) -> int:
    """A game's points for the cards left in hand: 1-7 one point each, 8-10 two each, 11-13
    three each, 14-15 four each, 16 five each."""
    each = 1 if cards_left <= 7 else 2 if cards_left <= 10 else 3 if cards_left <= 13 else 4
    return cards_left * (5 if cards_left >= 16 else each)


def exchange_loser(
    cards_left: Sequence[int], totals: Sequence[int], winner: int, players: int
) -> int:
    """Who gives their best card to the winner: the most cards left; on a tie, the highest
    total score; still tied, the one counter-clockwise closest to the winner."""
    best = -1
    for step in range(1, players):
        seat = (winner - step) % players
        if best < 0 or (cards_left[seat], totals[seat]) > (cards_left[best], totals[best]):
            best = seat
    return best


class GofAction(Action):
    __slots__ = ()


def _build(player: int, verb: str, cards: tuple, target: int | None, rank: Any) -> GofAction:
    # A play's cards are read in any order and kept in canonical order.
    ordered = tuple(sorted(cards, key=lambda code: _INDEX.get(code, len(_INDEX))))
    return GofAction(player, verb, ordered, target, rank)


_CARD_BY_CODE = {card.code: card for card in GOF_CARDS}
_INDEX = {card.code: card.index for card in GOF_CARDS}


def cards_of(action: Action) -> tuple[Any, ...]:
    """The Gang of Four cards an action names (it carries their codes)."""
    return tuple(_CARD_BY_CODE[code] for code in action.cards)


GRAMMAR = Grammar(
    {"play": "cards", "pass": "", "announce": "", "return": "card"},
    read_card=one_word(parse_gof_card),
    build=_build,
    examples={"play": "play G7 Y7", "return": "return G3"},
)
GofAction.grammar = GRAMMAR

# Interned actions and per-hand play lists: a hand keeps its cards between turns, and every
# match deals from the same 34 cards, so these tables stay small and make legal_actions cheap.
_PLAYS: dict[tuple[int, tuple[int, ...]], GofAction] = {}
_LEADS: dict[tuple[int, tuple[int, ...]], list[GofAction]] = {}
_ANSWERS: dict[tuple[int, tuple[int, ...], tuple[int, ...]], list[GofAction]] = {}
_CACHE_LIMIT = 200_000


def _play_action(seat: int, indices: tuple[int, ...]) -> GofAction:
    key = (seat, indices)
    found = _PLAYS.get(key)
    if found is None:
        found = GofAction(seat, "play", tuple(GOF_CARDS[i].code for i in indices))
        _PLAYS[key] = found
    return found


def _indices_of(combo: Any) -> tuple[int, ...]:
    return combo.order_key[1]


def _leads(seat: int, held: tuple[int, ...]) -> list[GofAction]:
    """Every play of a hand (sorted card indices) leading a trick, in canonical order."""
    key = (seat, held)
    found = _LEADS.get(key)
    if found is None:
        if len(_LEADS) > _CACHE_LIMIT:
            _LEADS.clear()
        combos = sorted(combinations(GOF_CARDS[i] for i in held), key=_indices_of)
        found = [_play_action(seat, _indices_of(c)) for c in combos]
        _LEADS[key] = found
    return found


def _answers(seat: int, held: tuple[int, ...], table: tuple[int, ...]) -> list[GofAction]:
    """The plays of a hand that beat the table's combination, in canonical order."""
    key = (seat, held, table)
    found = _ANSWERS.get(key)
    if found is None:
        if len(_ANSWERS) > _CACHE_LIMIT:
            _ANSWERS.clear()
        if len(table) <= 3 and not _may_hold_gang(held):
            # The commonest answers: singles, pairs, triples. Without four cards of one number
            # there is no gang, so the hand's other combinations need not be built.
            found = [_play_action(seat, s) for s in _same_number_sets(held, table)]
        else:
            on_table = classify(GOF_CARDS[i] for i in table)
            combos = beating_plays((GOF_CARDS[i] for i in held), on_table)
            found = [_play_action(seat, _indices_of(c)) for c in sorted(combos, key=_indices_of)]
        _ANSWERS[key] = found
    return found


_NUMBER_OF: tuple[int, ...] = tuple(card.number or 0 for card in GOF_CARDS)


def _may_hold_gang(held: tuple[int, ...]) -> bool:
    """Whether four cards of the hand share a number."""
    seen = [0] * 11
    for i in held:
        n = _NUMBER_OF[i]
        if n:
            seen[n] += 1
            if seen[n] == 4:
                return True
    return False


def _same_number_sets(held: tuple[int, ...], table: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The singles, pairs or triples (the table's size) of a hand that beat the table, as
    sorted card indices in canonical order. Within these kinds, card indices compared from
    the strongest down are the ranking of server/content/rules/en/gang-of-four.md#special-cards
    (M1 above R1; the phoenix pair on top).
    """
    size, top_down = len(table), table[::-1]
    if size == 1:
        return [(i,) for i in sorted(set(held)) if i > table[0]]
    groups: dict[int, list[int]] = {}
    for i in held:
        n = _NUMBER_OF[i]
        if n:
            groups.setdefault(n, []).append(i)
    found = {
        chosen
        for group in groups.values()
        if len(group) >= size
        for chosen in subsets(group, size)
        if chosen[::-1] > top_down
    }
    phoenixes = PHOENIX_PAIR[0] in held and PHOENIX_PAIR[1] in held
    if size == 2 and phoenixes and PHOENIX_PAIR[::-1] > top_down:
        found.add(PHOENIX_PAIR)
    return sorted(found)


class GangOfFourGame(Game):
    DECK = GOF_DECK
    GRAMMAR = GRAMMAR
    FIELDS = (
        "game_number",
        "totals",
        "dealer",
        "dead",
        "pile",
        "table",
        "table_by",
        "passes",
        "first_lead",
        "announced",
        "window",
        "barred",
        "returning",
        "loser",
        "stacked",
    )
    ANYTIME = ("announce",)
    STATS = ("games", "plays", "passes", "gangs", "barred")

    def __init__(
        self,
        players: int,
        seed: int | str,
        options: dict[str, Any],
        deck: Sequence[Any] | None = None,
        decks: Sequence[Sequence[Any]] | None = None,
    ) -> None:
        self.stacked: list[list[int]] = [self._stacked(d) for d in (decks or ())]
        self.game_number = 1
        self.totals = [0] * players
        super().__init__(players, seed, options, deck)

    # --- dealing ------------------------------------------------------------------------------

    def _deal(self, order: list[int]) -> None:
        self.dealer = self.rng.below(self.players)
        self._deal_game(order, winner=-1, loser=-1)

    def _deal_game(self, order: list[int], winner: int, loser: int) -> None:
        n = self.players
        self.hands = [sorted(order[HAND_SIZE * s : HAND_SIZE * (s + 1)]) for s in range(n)]
        self.dead = sorted(order[HAND_SIZE * n :])
        self.pile: list[int] = []
        self.table: list[int] = []
        self.table_by = -1
        self.passes = 0
        self.announced = [False] * n
        self.window = -1
        self.barred = [False] * n
        self.returning = -1
        self.loser = -1
        self.first_lead = False
        self.counts["games"] += 1
        self._emit(
            "game_began",
            {"game": self.game_number, "player": self.dealer, "direction": self.direction_name},
        )
        for seat in range(n):
            self._emit(
                "dealt",
                {"player": seat, "count": HAND_SIZE},
                {"cards": self.codes(self.hands[seat])},
                (seat,),
            )
        if self.dead:
            self._emit("dead_hand", {"count": len(self.dead)})
        if winner < 0:
            holder = next((s for s in range(n) if self._holds(s, M1)), -1)
            self.first_lead = holder >= 0
            self.current = holder if holder >= 0 else (self.dealer - 1) % n
            return
        # The exchange: the loser's best card (their highest) goes to the winner at once.
        hand = self.hands[loser]
        best = next(p for p in hand if CARD_OF[p] == CARD_OF[hand[-1]])  # either copy will do
        hand.remove(best)
        insort(self.hands[winner], best)
        self._emit("gave", {"player": loser, "to": winner, "card": self.CODES[best]})
        self.returning, self.loser = winner, loser
        self.current = winner

    def _holds(self, seat: int, card: int) -> bool:
        return any(CARD_OF[p] == card for p in self.hands[seat])

    @property
    def direction(self) -> int:
        """COUNTER_CLOCKWISE in the first game, CLOCKWISE in the second, and so on."""
        return COUNTER_CLOCKWISE if self.game_number % 2 else CLOCKWISE

    @property
    def direction_name(self) -> str:
        return "counter-clockwise" if self.direction == COUNTER_CLOCKWISE else "clockwise"

    def _next_seat(self, seat: int) -> int:
        """The next seat in the game's direction that is not barred (`seat` itself if every
        other player is barred)."""
        step, n = self.direction, self.players
        for k in range(1, n):
            other = (seat + step * k) % n
            if not self.barred[other]:
                return other
        return seat

    def _others_in_play(self, seat: int) -> int:
        return sum(1 for s in range(self.players) if s != seat and not self.barred[s])

    def _obliged(self, seat: int) -> bool:
        """Whether `seat` plays just before a player who has announced their last card."""
        after = self._next_seat(seat)
        return after != seat and self.announced[after]

    # --- who may do what ------------------------------------------------------------------------

    def _to_act(self) -> list[int]:
        if self.returning >= 0:
            return [self.returning]
        if self.window >= 0 and self.window != self.current:
            return sorted((self.current, self.window))
        return [self.current]

    def _held(self, seat: int) -> tuple[int, ...]:
        return tuple([CARD_OF[p] for p in self.hands[seat]])

    def _legal(self, seat: int) -> list[Action]:
        if self.returning >= 0:
            if seat != self.returning:
                return []
            distinct = sorted(set(self._held(seat)))
            return [GofAction(seat, "return", (GOF_CARDS[i].code,)) for i in distinct]
        acts: list[Action] = self._plays(seat) if seat == self.current else []
        if seat == self.window:
            acts = [*acts, GofAction(seat, "announce")]
        return acts

    def _plays(self, seat: int) -> list[Action]:
        held = self._held(seat)
        if not self.table:
            leads = _leads(seat, held)
            if self.first_lead:
                return [a for a in leads if GOF_CARDS[M1].code in a.cards]
            if self._obliged(seat):
                several = [a for a in leads if len(a.cards) > 1]
                return several or leads
            return leads
        table = tuple([CARD_OF[p] for p in self.table])
        if len(table) == 1 and self._obliged(seat):
            highest = held[-1]
            if highest > table[0]:  # singles rank in card order
                return [_play_action(seat, (highest,))]
        return [*_answers(seat, held, table), GofAction(seat, "pass")]

    # --- doing it -------------------------------------------------------------------------------

    def _execute(self, action: Action) -> None:
        seat, verb = action.player, action.verb
        if self.window >= 0 and seat != self.window and verb != "announce":
            barred = self.window
            self.barred[barred] = True
            self.window = -1
            self.counts["barred"] += 1
            self._emit("barred", {"player": barred})
        if verb == "play":
            self._play(seat, cards_of(action))
        elif verb == "pass":
            self._pass(seat)
        elif verb == "announce":
            self.announced[seat] = True
            self.window = -1
            self._emit("last_card", {"player": seat})
        else:
            self._return(seat, _INDEX[action.cards[0]])

    def _play(self, seat: int, cards: tuple) -> None:
        hand = self.hands[seat]
        played = []
        for card in cards:
            i = next(i for i, p in enumerate(hand) if CARD_OF[p] == card.index)
            played.append(hand.pop(i))
        self.pile += self.table
        self.table = played
        self.table_by = seat
        self.passes = 0
        self.first_lead = False
        kind = classify(cards).kind
        self.counts["plays"] += 1
        self.counts["gangs"] += kind.value == "gang"
        self._emit(
            "played_cards",
            {"player": seat, "cards": self.codes(played), "kind": kind.value},
        )
        if not hand:
            self._game_won(seat)
            return
        if len(hand) == 1:
            if self.options["auto_announce"]:
                self.announced[seat] = True
                self._emit("last_card", {"player": seat})
            else:
                self.window = seat
        if not self._others_in_play(seat):
            self._clear(seat)  # nobody left to answer: the player leads again
            return
        self._end_turn()

    def _pass(self, seat: int) -> None:
        self.passes += 1
        self.counts["passes"] += 1
        self._emit("passed", {"player": seat})
        if self.passes >= self._others_in_play(self.table_by):
            self._clear(self.table_by)
            return
        self._end_turn()

    def _clear(self, last: int) -> None:
        """Everyone else passed: the last player to play clears the table and leads (when
        they were barred meanwhile, the next player in play does)."""
        leader = last if not self.barred[last] else self._next_seat(last)
        self.pile += self.table
        self.table = []
        self.table_by = -1
        self.passes = 0
        self._emit("cleared", {"player": leader})
        self._end_turn(next_seat=leader)

    def _return(self, seat: int, card: int) -> None:
        hand = self.hands[seat]
        position = next(p for p in hand if CARD_OF[p] == card)
        hand.remove(position)
        insort(self.hands[self.loser], position)
        self._emit("returned", {"player": seat, "to": self.loser, "card": self.CODES[position]})
        self.returning = self.loser = -1
        self._end_turn(next_seat=seat)

    def _game_won(self, winner: int) -> None:
        cards_left = [len(h) for h in self.hands]
        points = [points_for(n) for n in cards_left]
        self.totals = [t + p for t, p in zip(self.totals, points, strict=True)]
        self._emit(
            "scored",
            {
                "player": winner,
                "game": self.game_number,
                "cards_left": cards_left,
                "points": points,
                "totals": list(self.totals),
            },
        )
        if max(self.totals) >= self.options["target_score"]:
            self._finish(Reason.TARGET_SCORE, self._lowest())
            return
        loser = exchange_loser(cards_left, self.totals, winner, self.players)
        self.game_number += 1
        self.dealer = winner
        if self.stacked:
            order = self.stacked.pop(0)
        else:
            order = list(range(len(self.DECK)))
            self.rng.shuffle(order)
        self._deal_game(order, winner, loser)
        self._end_turn(next_seat=winner)

    def _lowest(self) -> list[int]:
        low = min(self.totals)
        return [s for s in range(self.players) if self.totals[s] == low]

    def _scores(self) -> list[int]:
        return list(self.totals)

    def _finish_by_rule(self, reason: str) -> None:
        """The turn limit: the lowest total of the games played so far wins."""
        self._finish(reason, self._lowest())

    # --- refusals -------------------------------------------------------------------------------

    def _explain(self, action: Action) -> IllegalAction | None:
        seat, verb = action.player, action.verb
        if verb == "announce":
            if self.barred[seat]:
                return IllegalAction(
                    "barred",
                    f'Player {seat} forgot to say "Last card!" in time and is out of this round.',
                    player=seat,
                )
            return IllegalAction(
                "cannot_announce",
                'You say "Last card!" when you have one card left, before the next player '
                "plays or passes.",
                player=seat,
            )
        if self.returning >= 0:
            if verb == "return":
                return self._not_held(seat, cards_of(action))
            return IllegalAction(
                "must_return",
                f"First give player {self.loser} a card back, like this: return G3.",
                player=seat,
                loser=self.loser,
            )
        if verb == "return":
            return IllegalAction(
                "no_exchange",
                "Cards are only given back at the start of a round, after the swap.",
                player=seat,
            )
        if seat != self.current:
            return IllegalAction(
                "not_your_turn", self._waiting_text(seat), player=seat, current=self.current
            )
        obliged = self._obliged(seat)
        table = [self.DECK[p] for p in self.table]
        if verb == "pass":
            if not table:
                return IllegalAction(
                    "must_lead",
                    "You start this trick, so you must play: passing is only for answering a play.",
                    player=seat,
                )
            return self._must_play_highest(seat)
        missing = self._not_held(seat, cards_of(action))
        if missing is not None:
            return missing
        try:
            play = combination(cards_of(action))
        except NotACombination as exc:
            return IllegalAction("not_a_combination", f"{exc}.", cards=self._codes(action))
        if not table:
            if self.first_lead:
                return IllegalAction(
                    "must_lead_m1",
                    "The first play of the match must include the multicoloured 1 (M1).",
                    player=seat,
                )
            if obliged and len(play.cards) == 1:
                return IllegalAction(
                    "must_lead_several",
                    f"Player {self._next_seat(seat)} has one card left: start with two cards "
                    "or more together, since you can.",
                    player=seat,
                    next=self._next_seat(seat),
                )
            return None
        if len(table) == 1 and obliged:
            found = self._must_play_highest(seat)
            if found is not None:
                return found
        on_table = combination(table)
        if not beats(play, on_table):
            return IllegalAction(
                "cannot_beat",
                f"{play} does not beat {on_table}: play the same number of cards, higher, "
                "or a gang.",
                cards=self._codes(action),
                table=[c.code for c in on_table.cards],
            )
        return None

    def _must_play_highest(self, seat: int) -> IllegalAction | None:
        if not self._obliged(seat) or len(self.table) != 1:
            return None
        highest = self.hands[seat][-1]
        if CARD_OF[highest] <= CARD_OF[self.table[0]]:
            return None
        code = self.CODES[highest]
        return IllegalAction(
            "must_play_highest",
            f"Player {self._next_seat(seat)} has one card left: you must play your highest "
            f"card, {code}.",
            player=seat,
            card=code,
        )

    def _not_held(self, seat: int, cards: tuple) -> IllegalAction | None:
        held = list(self._held(seat))
        for card in cards:
            if card.index in held:
                held.remove(card.index)
            else:
                return IllegalAction(
                    "not_held",
                    f"You do not have {card.code}"
                    + (" twice." if card.index in self._held(seat) else "."),
                    card=card.code,
                )
        return None

    @staticmethod
    def _codes(action: Action) -> list[str]:
        return list(action.cards)

    # --- what players see -----------------------------------------------------------------------

    def public_cards(self) -> list[int]:
        return list(self.table)

    def _elsewhere(self) -> list[int]:
        return self.dead + self.pile + self.table

    def _table(self, seat: int | None) -> dict[str, Any]:
        kind = classify(self.DECK[p] for p in self.table) if self.table else None
        return {
            "cards": self.codes(self.table),
            "kind": None if kind is None else kind.kind.value,
            "by": None if self.table_by < 0 else self.table_by,
            "passes": self.passes,
        }

    def _pile_counts(self) -> dict[str, Any]:
        return {"dead_hand": len(self.dead), "played": len(self.pile)}

    def _view_extra(self, seat: int | None) -> dict[str, Any]:
        return {
            "game_number": self.game_number,
            "dealer": self.dealer,
            "direction": self.direction_name,
            "totals": list(self.totals),
            "target_score": self.options["target_score"],
            "last_card": list(self.announced),
            "barred": list(self.barred),
            "exchange": (
                None if self.returning < 0 else {"loser": self.loser, "winner": self.returning}
            ),
        }


EVENTS = {
    "game_began": ("Round {game}: {player} deals, and play goes {direction}.", None),
    "dead_hand": ("{count} cards are put aside as the dead hand.", None),
    "played_cards": ("{Player} played {cards} ({kind}).", None),
    "cleared": ("Everyone else passed: {player} clears the table and starts.", None),
    "last_card": ("{Player} has one card left: last card!", None),
    "barred": ('{Player} forgot to say "Last card!" and is out for this round.', None),
    "returned": ("{Player} gave {card} back to {to}.", None),
    "scored": ("{Player} won round {game}. Totals: {totals}.", None),
}
"""Its event codes beyond the shared ones, with their English texts."""

SPEC = GameSpec(
    name="gang-of-four",
    title="Gang of Four",
    min_players=3,
    max_players=4,
    options={"target_score": 100, "auto_announce": True, "turn_limit": 5000},
    bounds={"target_score": (10, 1000)},
    factory=GangOfFourGame,
    keywords=("decks",),
    refusals=(
        "barred",
        "cannot_announce",
        "cannot_beat",
        "must_lead",
        "must_lead_m1",
        "must_lead_several",
        "must_play_highest",
        "must_return",
        "no_exchange",
        "not_a_combination",
        "not_held",
    ),
    deck=GANG_OF_FOUR,
    robots={"normal": "gong.referee.bots_gang_of_four:greedy_gang_of_four"},
    reasons={
        "target_score": "a player reached the target score",
    },
    table={
        "seat": {"total": "totals", "last_card": "last_card"},
        "winner": "winner_fewest_points",
        "lines": (
            ("gof_game", {"n": "game_number", "target": "target_score"}),
            ("dead_hand", {"n": "dead_hand"}),
        ),
        "combination": {"cards": "table.cards", "by": "table.by"},
    },
    events=EVENTS,
)
GangOfFourGame.spec = SPEC
