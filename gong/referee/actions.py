"""Actions: small frozen values with one canonical text form, and the grammar that reads them.

An action is made by one player (`player`, a seat) and carries what its verb needs: a tuple of
`cards` (one card for ``play NE5``, several for ``play G7 Y7``), a `target` seat, a `rank`
(``ask 3 4``: ask player 3 for fours). Each game declares a `Grammar`: for every verb, the
form of its words, read by position:

=============  ===============================================================================
slot           reads
=============  ===============================================================================
``card``       one card, read by the grammar's card reader (GONG also reads ``NEBULA Ice``)
``cards``      one card or more, up to the end of the text
``seat``       a seat number, from 0 to players - 1
``[seat]``     an optional seat number (``gong`` or ``gong 3``)
``rank``       a rank, read by the grammar's rank reader (``4``, ``Q``)
``->``         printed in the canonical text; in what a player types it is optional, and so
               are the words ``to`` and ``on``
=============  ===============================================================================

A verb may have several forms: the first is canonical (how `str(action)` writes it), the
others are also read (GONG reads ``ask NEBULA 5 2`` as well as ``ask 2 NE5``).

>>> from gong.cards import parse_card
>>> grammar = Grammar({"play": "cards", "ask": "seat rank", "give": "card -> seat"},
...                   read_card=one_word(parse_card), read_rank=int)
>>> grammar.parse("play ne5 ZE5", 0, players=3)
Action(player=0, verb='play', cards=('NE5', 'ZE5'), target=None, rank=None)
>>> grammar.parse("ask 2 4", 1, players=3).text, str(grammar.parse("give NE5 to 2", 1, 3))
('ask 2 4', 'give NE5 -> 2')

An action is data: `cards` holds card codes, `rank` a rank code, `target` a seat, so a face
draws a control from the fields alone (the verb, the cards, whom it names) and `text` is what
the log, the URL and `parse` speak.

The text does not name the player who acts: `game.parse_action(text, seat)` does, and
`game.parse_action(str(action), action.player) == action`. A game log writes each action as
``"2: play NE5"`` (seat, colon, text) so it replays on its own; `parse` reads that form too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

from gong.cards import CardCodeError
from gong.referee.errors import IllegalAction

CardReader = Callable[[Sequence[str], int], tuple[Any, int]]
"""Reads one card from `words` at position `i`: (the card, the position after it). Raises
`CardCodeError` (or any ValueError) with a message naming the mistake."""

FILLERS = frozenset({"->", "to", "on"})
SLOTS = frozenset({"card", "cards", "seat", "[seat]", "rank"})


class Action(NamedTuple):
    """One player's action, a frozen value: `cards` are card codes in order, `target` a seat,
    `rank` a rank code; the fields a verb does not take stay empty. `text` is its canonical
    text, which `game.parse_action(text, player)` reads back to an equal action."""

    player: int
    verb: str
    cards: tuple[str, ...] = ()
    target: int | None = None
    rank: str | None = None

    grammar = None  # a class attribute, not a field: the game's action type sets it

    @property
    def card(self) -> str | None:
        """The action's card code, for verbs that take exactly one (None otherwise)."""
        return self.cards[0] if len(self.cards) == 1 else None

    @property
    def text(self) -> str:
        return str(self)

    def __str__(self) -> str:
        return _plain(self) if self.grammar is None else self.grammar.text(self)

    def to_dict(self) -> dict[str, Any]:
        """The action as JSON data: what a face reads to draw its control."""
        return {
            "player": self.player,
            "verb": self.verb,
            "cards": list(self.cards),
            "target": self.target,
            "rank": self.rank,
            "text": str(self),
        }

    @property
    def sort_key(self) -> tuple:
        """The canonical order of legal actions: by verb (the grammar's order), cards (in
        deck order), target, rank (in rank order)."""
        grammar = self.grammar
        if grammar is None:
            return (0, self.cards, -1 if self.target is None else self.target, self.rank or "")
        verb = grammar.verb_rank.get(self.verb, len(grammar.verb_rank))
        target = -1 if self.target is None else self.target
        cards = tuple(grammar.card_key(c) for c in self.cards)
        rank = () if self.rank is None else (grammar.rank_key(self.rank),)
        return (verb, cards, target, rank)


def code_of(value: Any) -> str:
    """The code of a card or rank value (a code stays as it is)."""
    return value if type(value) is str else str(getattr(value, "code", value))


_code = code_of


def one_word(parse: Callable[[str], Any]) -> CardReader:
    """A card reader for decks whose cards are one word each (their code)."""

    def read(words: Sequence[str], i: int) -> tuple[Any, int]:
        return parse(words[i]), i + 1

    return read


class Grammar:
    """The action texts of a game: each verb's forms (see the module docstring), the readers
    of its cards and ranks, and `build`, which makes the game's Action from what was read
    (GONG returns shared, interned actions)."""

    def __init__(
        self,
        forms: Mapping[str, str | Sequence[str]],
        read_card: CardReader | None = None,
        read_rank: Callable[[str], Any] | None = None,
        build: Callable[[int, str, tuple, int | None, Any], Action] | None = None,
        aliases: Mapping[str, str] | None = None,
        examples: Mapping[str, str] | None = None,
    ) -> None:
        self.forms: dict[str, tuple[tuple[str, ...], ...]] = {}
        for verb, spec in forms.items():
            alternatives = (spec,) if isinstance(spec, str) else tuple(spec)
            parsed = tuple(tuple(form.split()) for form in alternatives)
            for form in parsed:
                unknown = [slot for slot in form if slot not in SLOTS and slot != "->"]
                if unknown:
                    raise ValueError(f"verb {verb!r}: unknown slot {unknown[0]!r}")
            self.forms[verb] = parsed
        self.verbs = tuple(self.forms)
        self.verb_rank = {verb: i for i, verb in enumerate(self.verbs)}
        self.read_card = read_card
        self.read_rank = read_rank
        # Without `build`, actions are of a type of this grammar's own: they write themselves.
        self.action_type = type("Action", (Action,), {"__slots__": (), "grammar": self})
        self.build = build or self.action_type
        self.aliases = dict(aliases or {})
        self.examples = dict(examples or {})
        self._card_keys: dict[str, Any] = {}

    def action(
        self,
        player: int,
        verb: str,
        cards: tuple[Any, ...] = (),
        target: int | None = None,
        rank: Any = None,
    ) -> Action:
        """An action of this grammar's games (what `parse` returns for its text); `cards` and
        `rank` may be given as codes or as the deck's card and rank values."""
        codes = tuple(c if type(c) is str else code_of(c) for c in cards)
        return self.build(player, verb, codes, target, None if rank is None else code_of(rank))

    def card_key(self, code: str) -> Any:
        """Where a card code sorts: as its card does (deck order)."""
        key = self._card_keys.get(code)
        if key is None:
            key = self._card_keys[code] = self.read_card([code], 0)[0]
        return key

    def rank_key(self, code: str) -> Any:
        """Where a rank code sorts: its rank's value."""
        rank = self.read_rank(code) if self.read_rank else code
        return getattr(rank, "value", rank)

    def only(self, verbs: Sequence[str]) -> Grammar:
        """The same grammar restricted to `verbs` (a game's share of a family's verbs)."""
        sub = Grammar.__new__(Grammar)
        sub.__dict__.update(self.__dict__)
        sub.forms = {v: self.forms[v] for v in self.verbs if v in verbs}
        sub.verbs = tuple(sub.forms)
        return sub

    # --- writing ------------------------------------------------------------------------------

    def text(self, action: Action) -> str:
        """The canonical text of `action`: the first form of its verb."""
        forms = self.forms.get(action.verb)
        if not forms:
            return _plain(action)
        words = [action.verb]
        for slot in forms[0]:
            if slot == "->":
                words.append("->")
            elif slot == "card" or slot == "cards":
                words += action.cards
            elif slot == "seat" or (slot == "[seat]" and action.target is not None):
                words.append(str(action.target))
            elif slot == "rank":
                words.append(_code(action.rank))
        return " ".join(words)

    def example(self, verb: str) -> str:
        if verb in self.examples:
            return self.examples[verb]
        slots = [s if s == "->" else f"<{s.strip('[]')}>" for s in self.forms[verb][0]]
        return " ".join([verb, *slots])

    def known(self) -> str:
        return ", ".join(self.example(v) if self.forms[v][0] else v for v in self.verbs) + "."

    # --- reading ------------------------------------------------------------------------------

    def parse(self, text: Any, player: int, players: int) -> Action:
        """The action `text` means for `player`; IllegalAction if it is not an action of this
        grammar (whether it is legal now is the game's business)."""
        if not isinstance(text, str):
            raise IllegalAction(
                "unreadable", f"An action is text like 'draw', not {text!r}.", text=repr(text)
            )
        words = text.replace("->", " -> ").replace(":", " : ").split()
        if len(words) >= 2 and words[1] == ":" and words[0].isdigit():
            # A log line "2: play NE5" names its player; it must be the one asked about.
            if int(words[0]) != player:
                raise IllegalAction(
                    "not_your_action",
                    f"That line is player {words[0]}'s action, not player {player}'s.",
                    line_player=int(words[0]),
                    player=player,
                )
            words = words[2:]
        if not words:
            raise IllegalAction("unreadable", "Type an action, for example: " + self.known())
        verb = self.aliases.get(words[0].lower(), words[0].lower())
        if verb not in self.forms:
            raise IllegalAction(
                "unknown_action",
                f"{words[0]!r} is not an action of this game. You can use: " + self.known(),
                verb=words[0],
            )
        tokens = [w for w in words[1:] if w.lower() not in FILLERS]
        best: tuple[float, IllegalAction] | None = None
        for form in self.forms[verb]:
            result = self._match(verb, form, tokens, player, players)
            if isinstance(result, tuple) and not isinstance(result, Action):
                if best is None or result[0] > best[0]:
                    best = result
                continue
            return result
        assert best is not None
        raise best[1]

    def _match(
        self, verb: str, form: tuple[str, ...], tokens: list[str], player: int, players: int
    ) -> Action | tuple[float, IllegalAction]:
        """The action if `tokens` fit `form`; else how far they fitted, and why they do not."""
        words = _Words(self, verb, tokens)
        cards: list[Any] = []
        target: int | None = None
        rank: Any = None
        try:
            for slot in form:
                if slot in ("seat", "[seat]"):
                    target = words.seat(players, optional=slot == "[seat]")
                elif slot in ("card", "cards"):
                    cards = words.cards(one=slot == "card")
                elif slot == "rank":
                    rank = words.rank()
            words.end()
        except _Misfit as misfit:
            return misfit.progress, misfit.refusal
        codes = tuple(code_of(c) for c in cards)
        return self.build(player, verb, codes, target, None if rank is None else code_of(rank))

    def _write_like(self, verb: str) -> IllegalAction:
        example = self.example(verb)
        return IllegalAction("unreadable", f"Write it like this: {example}.", example=example)


class _Misfit(Exception):
    """Words that do not fit a form: how far they fitted, and the refusal to give."""

    def __init__(self, progress: float, refusal: IllegalAction) -> None:
        self.progress = progress
        self.refusal = refusal


class _Words:
    """The words of an action after its verb, read slot by slot from the left."""

    def __init__(self, grammar: Grammar, verb: str, tokens: list[str]) -> None:
        self.grammar, self.verb, self.tokens, self.i = grammar, verb, tokens, 0
        self.last = ""  # the slot read last, to name what there is one too many of

    def _one_too_many(self) -> _Misfit:
        what = {"seat": "player", "card": "card"}[self.last]
        example = self.grammar.example(self.verb)
        refusal = IllegalAction("unreadable", f"Name one {what} only: {example}.", example=example)
        return self._misfit(refusal, half=True)

    def _reads_as_card(self) -> bool:
        try:
            self.grammar.read_card(self.tokens, self.i)
        except (CardCodeError, ValueError, TypeError):
            return False
        return True

    def _misfit(self, refusal: IllegalAction | None = None, half: bool = False) -> _Misfit:
        # A word of the right kind that does not read (NE9) gets further than a missing one.
        refusal = refusal or self.grammar._write_like(self.verb)
        return _Misfit(self.i + (0.5 if half else 0), refusal)

    def _unreadable(self, exc: Exception) -> _Misfit:
        word = self.tokens[self.i]
        return self._misfit(IllegalAction("unreadable", f"{exc}.", word=word), half=True)

    def seat(self, players: int, optional: bool) -> int | None:
        tokens, i = self.tokens, self.i
        if i == len(tokens) or not tokens[i].isdigit():
            if optional:
                return None
            if i < len(tokens) and self.last == "card" and self._reads_as_card():
                raise self._one_too_many()
            raise self._misfit()
        seat = int(tokens[i])
        self.i += 1
        self.last = "seat"
        if not 0 <= seat < players:
            raise IllegalAction(
                "no_such_player",
                f"There is no player {seat}: players are numbered 0 to {players - 1}.",
                player=seat,
                players=players,
            )
        return seat

    def cards(self, one: bool) -> list[Any]:
        """One card, or as many as follow (up to a seat number or the end)."""
        read_card, tokens, cards = self.grammar.read_card, self.tokens, []
        while self.i < len(tokens) and not (cards and tokens[self.i].isdigit()):
            if read_card is None:
                raise self._misfit()
            try:
                card, self.i = read_card(tokens, self.i)
            except (CardCodeError, ValueError) as exc:
                raise self._unreadable(exc) from None
            cards.append(card)
            if one:
                break
        if not cards:
            raise self._misfit()
        self.last = "card" if one else "cards"
        return cards

    def rank(self) -> Any:
        if self.i == len(self.tokens) or self.grammar.read_rank is None:
            raise self._misfit()
        try:
            rank = self.grammar.read_rank(self.tokens[self.i])
        except ValueError as exc:
            raise self._unreadable(exc) from None
        self.i += 1
        self.last = "rank"
        return rank

    def end(self) -> None:
        """Words left over: name what there is one too many of, if it is clear."""
        if self.i == len(self.tokens):
            return
        digit = self.tokens[self.i].isdigit()
        if (self.last == "seat" and digit) or (self.last == "card" and not digit):
            raise self._one_too_many()
        raise self._misfit()


def _plain(action: Action) -> str:
    """A verb the grammar does not know (a hand-made action): its fields in a plain order."""
    words = [action.verb]
    if action.target is not None:
        words.append(str(action.target))
    words += [str(c) for c in action.cards]
    if action.rank is not None:
        words.append(_code(action.rank))
    return " ".join(words)
