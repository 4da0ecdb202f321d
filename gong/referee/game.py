"""The base of every game the referee plays, whatever its deck: seats and turn order, legal
actions, validated actions that change nothing when refused, the turn limit, the outcome,
per-seat views and event logs, JSON with a format version, and the seeded generator.

A game declares (see `gong.referee` for the whole recipe):

- `DECK`: its cards as a tuple of card values, each with a `code`; a value may appear more
  than once (Gang of Four has two of each card). The state keeps cards as *positions* in
  `DECK` (0 to len(DECK) - 1), so each physical card is one number, duplicates included;
- `GRAMMAR`: its action texts (`gong.referee.actions.Grammar`);
- `FIELDS`: its own state attributes (plain data: numbers, text, lists, dicts, NamedTuples),
  with `TYPES` turning the JSON of a NamedTuple field back into its type;
- what it shows to everyone: `public_cards()` (face-up cards now) and the public params of
  its events (`_emit`), and what only some seats see (an event's `secret` params).

and implements `_deal(order)`, `_legal(seat)`, `_execute(action)`, `_explain(action)` and
`_table(seat)`, using `_emit`, `_end_turn`, `_finish` and `_finish_by_rule`.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from gong.referee.actions import Action, Grammar
from gong.referee.errors import (
    GameSetupError,
    IllegalAction,
    RefereeError,
    SeatError,
    check_seat,
)
from gong.referee.events import Event
from gong.referee.registry import GameSpec
from gong.referee.rng import Rng

FORMAT = 2
"""The version of the saved-game JSON. Format 1 (no "format" key) is GONG's first one."""


class Reason:
    """The reasons to end that several games share, as the plain words the JSON holds. Not a
    closed list: a game ends for any reason its spec declares (`GameSpec.reasons`, with the
    English words), and the faces find the words there."""

    OUT_OF_CARDS = "out_of_cards"
    ALL_PASSED = "all_passed"
    ALL_FAMILIES = "all_families"
    NO_MOVES = "no_moves"
    TURN_LIMIT = "turn_limit"
    TARGET_SCORE = "target_score"
    DRAW_PILE_EMPTY = "draw_pile_empty"
    ALL_BOOKS = "all_books"
    ROUNDS_PLAYED = "rounds_played"


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the reason (a code), the winning seats, and each seat's
    score (cards left in hand, families laid down in FAMILY, the match's totals in the
    classic games)."""

    reason: str
    winners: tuple[int, ...]
    scores: tuple[int, ...]

    def describe(self, game: str | None = None) -> str:
        """In English: who won and why (`game`: the game whose own reasons it may be)."""
        from gong.referee.events import reason_text

        who = " and ".join(f"player {w}" for w in self.winners)
        return f"{who} won: {reason_text(self.reason, game)}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "reason": str(self.reason),
            "winners": list(self.winners),
            "scores": list(self.scores),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Outcome:
        return cls(str(data["reason"]), tuple(data["winners"]), tuple(data["scores"]))


class Game:
    """A game in progress. Build it with `gong.referee.new_game`."""

    spec: ClassVar[GameSpec]
    DECK: ClassVar[tuple[Any, ...]]
    CODES: ClassVar[tuple[str, ...]]
    """The code of each deck position (set from DECK)."""
    GRAMMAR: ClassVar[Grammar]
    FIELDS: ClassVar[tuple[str, ...]] = ()
    """The game's own state attributes, serialised after the base ones."""
    TYPES: ClassVar[Mapping[str, Callable[[Any], Any]]] = {}
    """For a field holding typed values: the function that rebuilds it from its JSON."""
    STATE: ClassVar[tuple[str, ...]] = ("hands", "current", "turn", "counts", "log", "seq")
    STATS: ClassVar[tuple[str, ...]] = ()
    """The counters of `stats` the game keeps."""
    ANYTIME: ClassVar[tuple[str, ...]] = ()
    """Verbs a player may use outside their turn (LINK's GONG calls): refusals explain the
    rule rather than saying it is not their turn."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "DECK" in cls.__dict__:
            cls.CODES = tuple(card.code for card in cls.DECK)

    # --- setting up -------------------------------------------------------------------------

    def __init__(
        self,
        players: int,
        seed: int | str,
        options: dict[str, Any],
        deck: Sequence[Any] | None = None,
    ) -> None:
        self.players = players
        self._take_options(options)
        self.seed = seed
        self.options = options
        self.turn_limit: int = options["turn_limit"]
        self.rng = Rng(seed)
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.current: int = options.get("first_player", 0)
        self.turn = 0
        self.counts: dict[str, int] = dict.fromkeys(self.STATS, 0)
        self.log: list[str] = []
        self.seq = 0  # actions applied: the version of the state, and the events' clock
        self.history: list[tuple] = []  # events: (seq, actor, code, params, secret, sees)
        self.outcome: Outcome | None = None
        self._cache: dict[int, list[Action]] = {}
        self._acting: list[int] | None = None
        self._actor: int | None = None
        self._deal(self._stacked(deck) if deck is not None else self._shuffled())

    def _shuffled(self) -> list[int]:
        order = list(range(len(self.DECK)))
        self.rng.shuffle(order)
        return order

    def _stacked(self, deck: Sequence[Any]) -> list[int]:
        """Deck positions for an explicit deck order of cards or codes (top card first);
        each card as often as the game's deck holds it."""
        free: dict[Any, list[int]] = {}
        for position in range(len(self.DECK) - 1, -1, -1):
            free.setdefault(self.DECK[position], []).append(position)
        order, extra = [], []
        for i, item in enumerate(deck):
            card = item if item in free else self._read_code(item, i)
            if free[card]:
                order.append(free[card].pop())
            else:
                extra.append(card.code)
        missing = [self.CODES[p] for p in sorted(p for left in free.values() for p in left)]
        if extra or missing:
            unique = len(set(self.DECK)) == len(self.DECK)
            rule = (
                f"all {len(self.DECK)} cards once each"
                if unique
                else f"the deck's {len(self.DECK)} cards, each as often as the deck has it"
            )
            raise GameSetupError(
                f"a stacked deck holds {rule} ({'twice' if unique else 'too many'}: "
                f"{', '.join(extra) or 'none'}; missing: {', '.join(missing) or 'none'})",
                "bad_deck",
                extra=extra,
                missing=missing,
            )
        return order

    def _read_code(self, item: Any, i: int) -> Any:
        try:
            card, _ = self.GRAMMAR.read_card([item], 0)
        except (ValueError, TypeError) as exc:
            raise GameSetupError(f"deck position {i}: {exc}", "bad_deck", position=i) from None
        if card not in set(self.DECK):
            raise GameSetupError(
                f"deck position {i}: {card} is not a card of this game", "bad_deck", position=i
            )
        return card

    # --- the public API ---------------------------------------------------------------------

    @property
    def name(self) -> str:
        return self.spec.name

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def stats(self) -> dict[str, int]:
        """The game's counters (jokers played, draws, ...), for statistics."""
        return {**self.counts, **self._derived_stats()}

    def to_act(self) -> list[int]:
        """The seats that may act now, in seat order: the current player and anyone else
        the rules let act (a joker's target deciding to counter, a GONG caller)."""
        return list(self._to_act_now())

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of `seat` now, in canonical order; [] if the seat may not act.

        The list is the caller's to keep: the game works from its own copy."""
        if not (type(seat) is int and 0 <= seat < self.players):
            raise SeatError(seat, self.players)
        return list(self._legal_now(seat))

    def purpose(self, action: Action) -> str | None:
        """What choosing `action`'s target does, when its verb alone does not say (a mission's
        "choose a player" step: give, take, receive, challenge); None for most actions."""
        return None

    def apply(self, action: Action) -> None:
        """Play `action`, or raise IllegalAction naming the rule, leaving the game untouched
        (SeatError if its player is not a seat of this game)."""
        if not isinstance(action, Action):
            raise self._refusal(action)
        seat = action.player
        if not (type(seat) is int and 0 <= seat < self.players):
            raise SeatError(seat, self.players)
        legal = self._legal_now(seat)
        for allowed in legal:
            if allowed is action:
                break
        else:  # not one of the (interned) legal actions: compare values before refusing
            if action in legal:
                action = legal[legal.index(action)]  # the game's own action, with its text
            else:
                clocked = self._clock_action(action)
                if clocked is None:
                    raise self._refusal(action)
                action = clocked
        self._cache = {}
        self._acting = None
        self.seq += 1
        self.log.append(f"{seat}: {action}")
        self._actor = seat
        self._execute(action)

    def _clock_action(self, action: Action) -> Action | None:
        """An action no player chooses but a face's clock may apply (GONG FIGHT's
        ``timeout``), as the game's own value; None for any other: it is refused. Never
        among the legal actions, so no player is offered it."""
        return None

    def parse_action(self, text: str, seat: int) -> Action:
        """The action `text` means for `seat` (the inverse of `str(action)`)."""
        check_seat(seat, self.players)
        return self.GRAMMAR.parse(text, seat, self.players)

    def hand(self, seat: int) -> list[Any]:
        """The cards `seat` holds (what its owner sees)."""
        check_seat(seat, self.players)
        return [self.DECK[c] for c in self.hands[seat]]

    def chance(self, seat: int) -> tuple[Any, ...]:
        """What names the move out of turn `seat` may make now, the same for as long as that
        chance lasts: a robot notices a chance or misses it once (`gong.referee.bots`).
        By default a chance lasts one turn; a game whose chances last longer says so."""
        return (self.turn, *(a.text for a in self._legal_now(seat)))

    def view(self, seat: int | None) -> dict[str, Any]:
        """What `seat` may see (their hand, everyone's card counts, the table), as JSON-able
        data; `None` is a spectator, who sees counts and face-up cards only."""
        check_seat(seat, self.players, spectator=True)
        data: dict[str, Any] = {
            "game": self.name,
            "players": self.players,
            "seat": seat,
            "turn": self.turn,
            "current": self.current,
            "to_act": self.to_act(),
            "hand_counts": [len(h) for h in self.hands],
        }
        data.update(self._pile_counts())
        if seat is not None:
            data["hand"] = self.codes(self.hands[seat])
        data.update(self._view_extra(seat))
        data["table"] = self._table(seat)
        data["outcome"] = None if self.outcome is None else self.outcome.to_dict()
        return data

    def events(self, seat: int | None, since: int | None = None) -> list[Event]:
        """What happened, as `seat` may know it (`None`: a spectator), oldest first: frozen
        `Event`s with `seq` (the number of the action it belongs to; 0 for the deal),
        `actor` (the seat that acted, None for the deal), `code` and `params` (seats as
        numbers, cards as codes, ranks as rank codes, counts as numbers), read-only all the
        way down. With `since`, only the events of the actions after that `seq` (a face that
        has shown everything up to version N asks for `since=N`). See `gong.referee.events`
        for the codes and their English texts."""
        check_seat(seat, self.players, spectator=True)
        start = 0 if since is None else bisect_right(self.history, since, key=_seq_of)
        shown = []
        for seq, actor, code, params, secret, sees in self.history[start:]:
            if secret and seat is not None and seat in sees:
                params = {**params, **secret}
            shown.append(Event(seq, actor, code, params))
        return shown

    def public_cards(self) -> list[int]:
        """The deck positions of the cards face up for everyone now (a discard pile's top,
        families laid down, a card shown for its mission)."""
        return []

    def all_cards(self) -> list[int]:
        """Every card's deck position wherever it is (hands, piles, the table): a permutation
        of the deck's positions, so the deck is conserved as a multiset of cards."""
        return [c for hand in self.hands for c in hand] + self._elsewhere()

    def codes(self, cards: Sequence[int]) -> list[str]:
        """The codes of these deck positions."""
        return [self.CODES[c] for c in cards]

    def to_json(self) -> str:
        return json.dumps(self._dump(), separators=(",", ":"))

    @classmethod
    def restore(cls, data: dict[str, Any], **keywords: Any) -> Game:
        """The game saved in `data` (the parsed JSON of to_json())."""
        game = cls.__new__(cls)
        game._load(data, **keywords)
        if data.get("format", 1) != FORMAT:
            game._recover_history(keywords)
        return game

    def _recover_history(self, keywords: dict[str, Any]) -> None:
        """A game saved before events were kept: play its log again from its seed and take
        that history if it leads to the saved state (not for a stacked deck, whose order the
        save does not hold; its history then starts where it was saved)."""
        try:
            again = type(self)(self.players, self.seed, dict(self.options), **keywords)
            for line in self.log:
                seat, _, text = line.partition(":")
                again.apply(again.parse_action(text, int(seat)))
        except (RefereeError, ValueError):
            return
        mine, theirs = self._dump()["state"], again._dump()["state"]
        if {**mine, "history": None} == {**theirs, "history": None}:
            self.history = again.history

    def clone(self) -> Game:
        game = type(self).__new__(type(self))
        game._load(self._dump(), **self.setup_keywords())
        return game

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self._dump() == other._dump()

    __hash__ = None  # type: ignore[assignment]  # a game is mutable

    def __repr__(self) -> str:
        state = "over" if self.outcome else f"turn {self.turn}, player {self.current} to play"
        return f"<{self.spec.title}, {self.players} players, seed {self.seed!r}: {state}>"

    # --- serialisation ----------------------------------------------------------------------

    def _dump(self) -> dict[str, Any]:
        state = {name: _copy(getattr(self, name)) for name in (*self.STATE, *self.FIELDS)}
        state["history"] = list(self.history)  # events are never changed once recorded
        state["rng"] = self.rng.state
        state["outcome"] = None if self.outcome is None else self.outcome.to_dict()
        return {
            "format": FORMAT,
            "game": self.name,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "state": state,
        }

    def _load(self, data: dict[str, Any], **keywords: Any) -> None:
        if keywords:
            raise GameSetupError(
                f"{self.spec.title} takes no {', '.join(keywords)}", "unknown_keyword"
            )
        version = data.get("format", 1)
        if version != FORMAT:
            data = self._upgrade(data, version)
        try:
            self.players = data["players"]
            self.seed = data["seed"]
            # An option added since the game was saved plays by its default.
            self.options = {**self.spec.options, **data["options"]}
            self._take_options(self.options)
            self.turn_limit = self.options["turn_limit"]
            state = data["state"]
            for name in (*self.STATE, *self.FIELDS):
                value = _copy(state[name])
                setattr(self, name, self.TYPES[name](value) if name in self.TYPES else value)
            self.history = [
                (seq, actor, code, params, secret, tuple(sees))
                for seq, actor, code, params, secret, sees in state["history"]
            ]
            self.rng = Rng(0)
            self.rng.state = state["rng"]
            out = state["outcome"]
            self.outcome = None if out is None else Outcome.from_dict(out)
        except (KeyError, TypeError, ValueError) as exc:
            raise GameSetupError(f"saved game is missing or garbles {exc}", "saved_game") from None
        self._cache = {}
        self._acting = None
        self._actor = None

    def _take_options(self, options: dict[str, Any]) -> None:
        """Read the options a game keeps as attributes; called first by a new game and by a
        loaded one, so both set them up the same way. A game with such options overrides it."""

    def _upgrade(self, data: dict[str, Any], version: Any) -> dict[str, Any]:
        """The saved game of an older format, in today's; a game with a history of formats
        overrides this."""
        raise GameSetupError(
            f"this saved game has format {version!r}; this referee reads format {FORMAT}"
        )

    def setup_keywords(self) -> dict[str, Any]:
        """The keywords beyond name, players, seed and options that `new_game`, `replay` and
        `from_json` need to build this game again (FIGHT's `missions`)."""
        return {}

    # --- what happened ----------------------------------------------------------------------

    def _emit(
        self,
        code: str,
        params: dict[str, Any],
        secret: dict[str, Any] | None = None,
        sees: Sequence[int] = (),
    ) -> None:
        """Record an event of the action being applied. `params` are for every seat (they
        show what they name to everyone); `secret` params only for the seats in `sees`.
        Neither is changed afterwards: copies of the game share them."""
        self.history.append((self.seq, self._actor, code, params, secret, tuple(sees)))

    # --- turns and the end ------------------------------------------------------------------

    def _to_act_now(self) -> list[int]:
        if self._acting is None:
            self._acting = [] if self.outcome is not None else self._to_act()
        return self._acting

    def _legal_now(self, seat: int) -> list[Action]:
        """The legal actions of `seat`, computed once per state."""
        acts = self._cache.get(seat)
        if acts is None:
            acts = [] if self.outcome is not None else self._legal(seat)
            self._cache[seat] = acts
        return acts

    def _to_act(self) -> list[int]:
        return [self.current]

    def _next_seat(self, seat: int) -> int:
        return (seat + 1) % self.players

    def _end_turn(self, next_seat: int | None = None) -> None:
        """The current turn is over: count it, stop at the turn limit, start the next one."""
        self.turn += 1
        self._turn_over()
        if self.turn >= self.turn_limit:
            self._finish_by_rule(Reason.TURN_LIMIT)
            return
        self.current = self._next_seat(self.current) if next_seat is None else next_seat
        self._begin_turn()

    def _finish(self, reason: str, winners: Sequence[int]) -> None:
        self.outcome = Outcome(reason, tuple(winners), tuple(self._scores()))
        self._emit("ended", self.outcome.to_dict())

    def _scores(self) -> list[int]:
        return [len(h) for h in self.hands]

    def _finish_by_rule(self, reason: str) -> None:
        """End by the position as it stands: fewest cards in hand (a game may override)."""
        fewest = min(len(h) for h in self.hands)
        self._finish(reason, [s for s in range(self.players) if len(self.hands[s]) == fewest])

    # --- refusals ---------------------------------------------------------------------------

    def _refusal(self, action: Any) -> IllegalAction:
        if self.outcome is not None:
            return IllegalAction(
                "game_over",
                f"The game is over: {self.outcome.describe(self.name)}.",
                **self.outcome.to_dict(),
            )
        if not isinstance(action, Action):
            return IllegalAction("unreadable", f"Not an action: {action!r}.", action=repr(action))
        seat, verb = action.player, action.verb
        if verb not in self.GRAMMAR.forms:
            return IllegalAction(
                "unknown_action", f"{self.spec.title} has no action {verb!r}.", verb=verb
            )
        text = self.GRAMMAR.text(action)
        if not self._complete(action):
            return IllegalAction("unreadable", f"'{text}' is not a complete action.", action=text)
        target = action.target
        if target is not None and not (type(target) is int and 0 <= target < self.players):
            return IllegalAction(
                "no_such_player",
                f"There is no player {target!r}: players are numbered 0 to {self.players - 1}.",
                player=target,
                players=self.players,
            )
        found = self._explain_first(action)
        if found is not None:
            return found
        if seat not in self._to_act_now() and verb not in self.ANYTIME:
            return IllegalAction(
                "not_your_turn", self._waiting_text(seat), player=seat, current=self.current
            )
        found = self._explain(action)
        if found is not None:
            return found
        return IllegalAction(
            "not_allowed",
            f"Player {seat} cannot '{text}' now. " + self._options_text(seat),
            player=seat,
            action=text,
            options=[str(a) for a in self._legal_now(seat)],
        )

    def _complete(self, action: Action) -> bool:
        """Whether the action has exactly what one form of its verb takes."""
        n, has_target, has_rank = len(action.cards), action.target is not None, action.rank
        for form in self.GRAMMAR.forms[action.verb]:
            wants_cards = 1 if "card" in form else (n or -1) if "cards" in form else 0
            seat_ok = has_target if "seat" in form else (not has_target or "[seat]" in form)
            if n == wants_cards and seat_ok and (has_rank is not None) == ("rank" in form):
                return True
        return False

    def _waiting_text(self, seat: int) -> str:
        return f"It is player {self.current}'s turn, not player {seat}'s."

    def _options_text(self, seat: int) -> str:
        acts = [str(a) for a in self._legal_now(seat)]
        shown = ", ".join(acts[:12]) + (f" (and {len(acts) - 12} more)" if len(acts) > 12 else "")
        return f"You can: {shown}." if acts else "You cannot act now."

    # --- hooks ------------------------------------------------------------------------------

    def _deal(self, order: list[int]) -> None:
        """Deal the deck, `order` being every deck position, the top card first."""
        raise NotImplementedError

    def _legal(self, seat: int) -> list[Action]:
        raise NotImplementedError

    def _execute(self, action: Action) -> None:
        raise NotImplementedError

    def _explain_first(self, action: Action) -> IllegalAction | None:
        """A refusal that comes before "not your turn" (GONG: a joker's answer is awaited)."""
        return None

    def _explain(self, action: Action) -> IllegalAction | None:
        """Why a seat that may act cannot do this; None: the generic refusal."""
        return None

    def _turn_over(self) -> None:
        """A turn has just ended (before the turn limit is checked)."""

    def _begin_turn(self) -> None:
        """A turn begins for `self.current`."""

    def _table(self, seat: int | None) -> dict[str, Any]:
        return {}

    def _pile_counts(self) -> dict[str, Any]:
        return {}

    def _view_extra(self, seat: int | None) -> dict[str, Any]:
        return {}

    def _elsewhere(self) -> list[int]:
        """The deck positions of the cards not in a hand."""
        return []

    def _derived_stats(self) -> dict[str, int]:
        return {}


def deck_multiset(game: Game) -> Counter[str]:
    """The codes of every card in the game, wherever it is, counted."""
    return Counter(game.CODES[c] for c in game.all_cards())


def _seq_of(event: tuple) -> int:
    return event[0]


def _copy(value: Any) -> Any:
    """A deep copy of plain data (lists, dicts, numbers, text, immutable tuples)."""
    if type(value) is list:
        return [_copy(v) if type(v) in _CONTAINERS else v for v in value]
    if type(value) is dict:
        return {k: _copy(v) if type(v) in _CONTAINERS else v for k, v in value.items()}
    return value


_CONTAINERS = (list, dict)
