"""The events of a game's history, as data, and their English texts.

`game.events(seat)` lists what happened as that seat may know it: dicts with `seq` (the number
of the action the event belongs to: the game's version after it; 0 for the deal), `actor` (the
seat whose action it was; None for the deal), `code` and `params`. Seats are numbers, cards
are codes. A param a seat may not know is left out of its copy: the giver and the receiver
of a FIGHT gift see its `card`, the others do not. A card in a param that every seat gets is
shown to everyone (except in `NAMED_PARAMS`). Codes and params are stable: faces (the
terminal, web tables, translations) rely on them.

=================  ====================================================  =====================
code               params                                                hidden from others
=================  ====================================================  =====================
``dealt``          player, count                                         cards
``first_card``     card (LINK: the card that starts the discard pile)
``joker_returned`` card (LINK: a joker turned up first goes back)
``turned_up``      player, card (FIGHT: the card whose mission they play)
``drew``           player                                                card
``played``         player, card
``kept``           player
``passed``         player
``refilled``       count (the discards shuffled into a new draw pile)
``joker``          player, target, card
``countered``      player, attacker, card
``no_counter``     player, attacker
``swapped``        player, with, counts (the two hands' sizes after)
``called_gong``    player
``caught``         player, target (the target draws a penalty card)
``asked``          player, target, asked (a card named aloud)
``gave``           player, to, card (FAMILY: card seen by all)            card (FIGHT)
``not_held``       player, asker, asked
``lucky_draw``     player, card (the card asked for, shown)
``laid_family``    player, family, cards
``skipped``        player
``mission``        player, mission, kind
``chose``          player, target
``challenge_won``  player, loser
``laid``           player, card
``took``           player, from                                          card
``own_piles``      (none)
``ended``          reason, winners, scores
=================  ====================================================  =====================

The codes above are GONG's and the ones every game shares; a game adds its own in its spec
(`GameSpec.events`, with their English texts), and its own reasons to end (`reasons`).

An event is a frozen value (`Event`): its params are read-only all the way down (lists
become tuples), so nothing done to what `game.events(seat)` returned changes the game, its
save or a clone. `event.to_dict()` is its JSON.

>>> render({"code": "gave", "params": {"player": 0, "to": 1, "card": "NE5"}})
'Player 0 gave NE5 to player 1.'
>>> render({"code": "gave", "params": {"player": 0, "to": 1}})
'Player 0 gave a card to player 1.'
>>> event = Event(1, 0, "played", {"player": 0, "cards": ["G7", "Y7"]})
>>> event.params["cards"], event["code"], event.to_dict()["params"]["cards"]
(('G7', 'Y7'), 'played', ['G7', 'Y7'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

REASON_TEXTS: dict[str, str] = {
    "out_of_cards": "a player has no cards left",
    "no_moves": "no player can act any more",
    "turn_limit": "the turn limit was reached",
}
"""The English words of the reasons to end that the base game and several games share; a
game declares its others in its spec (`GameSpec.reasons`)."""


def freeze(value: Any) -> Any:
    """Plain data made read-only all the way down: lists and tuples become tuples, dicts
    `Params`."""
    kind = type(value)
    if kind is list or kind is tuple:
        return tuple(freeze(v) for v in value)
    if kind is dict or isinstance(value, Params):
        return Params(value)
    return value


def thaw(value: Any) -> Any:
    """The JSON-able copy of frozen data (tuples become lists, Params dicts)."""
    if isinstance(value, tuple):
        return [thaw(v) for v in value]
    if isinstance(value, Mapping):
        return {k: thaw(v) for k, v in value.items()}
    return value


class Params(Mapping):
    """An event's params: a read-only mapping whose values are frozen too."""

    __slots__ = ("_data",)

    def __init__(self, data: Mapping[str, Any] = ()) -> None:
        self._data = {k: freeze(v) for k, v in dict(data).items()}

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __repr__(self) -> str:
        return repr(self._data)

    def __setattr__(self, name: str, value: Any) -> None:
        if hasattr(self, "_data"):
            raise AttributeError("event params are read-only")
        object.__setattr__(self, name, value)


class Event(Mapping):
    """What happened, as one seat may know it: `seq` (the action it belongs to; 0 for the
    deal), `actor` (the seat that acted; None for the deal), `code` and frozen `params`.
    Read by attribute or by key (`event["code"]`); equal to a dict of the same data."""

    __slots__ = ("seq", "actor", "code", "params")
    _KEYS = ("seq", "actor", "code", "params")

    def __init__(self, seq: int, actor: int | None, code: str, params: Mapping[str, Any]) -> None:
        object.__setattr__(self, "seq", seq)
        object.__setattr__(self, "actor", actor)
        object.__setattr__(self, "code", code)
        object.__setattr__(self, "params", params if type(params) is Params else Params(params))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("an event is read-only")

    def __getitem__(self, key: str) -> Any:
        if key not in self._KEYS:
            raise KeyError(key)
        return getattr(self, key)

    def __iter__(self) -> Iterator[str]:
        return iter(self._KEYS)

    def __len__(self) -> int:
        return len(self._KEYS)

    def __repr__(self) -> str:
        return f"Event({self.seq}, {self.actor}, {self.code!r}, {self.params!r})"

    def to_dict(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "actor": self.actor,
            "code": self.code,
            "params": thaw(self.params),
        }


NAMED_PARAMS = frozenset({"asked"})
"""Params that name a card without showing it (a card asked for aloud). Every other param
holding a card code shows that card to the seats that get the param."""

# code -> (text with every param, text when the card is hidden)
TEXTS: dict[str, tuple[str, str | None]] = {
    "dealt": ("{Player} got {cards}.", "{Player} got {count} cards."),
    "first_card": ("{card} was turned up to start the discard pile.", None),
    "joker_returned": ("{card} was turned up and goes back into the draw pile.", None),
    "turned_up": ("{Player} turned up {card}.", None),
    "drew": ("{Player} drew {card}.", "{Player} drew a card."),
    "played": ("{Player} played {card}.", None),
    "kept": ("{Player} kept the card.", None),
    "passed": ("{Player} passed.", None),
    "refilled": ("The discard pile was shuffled into a new draw pile of {count} cards.", None),
    "joker": ("{Player} played {card} on {target}.", None),
    "countered": ("{Player} stopped {attacker}'s joker with {card}.", None),
    "no_counter": ("{Player} let {attacker}'s joker swap the hands.", None),
    "swapped": ("{Player} and {with} swapped hands.", None),
    "called_gong": ("{Player} called GONG!", None),
    "caught": ("{Player} caught {target}, who draws a card.", None),
    "asked": ("{Player} asked {target} for {asked}.", None),
    "gave": ("{Player} gave {card} to {to}.", "{Player} gave a card to {to}."),
    "not_held": ("{Player} does not have {asked}.", None),
    "lucky_draw": ("{Player} drew {card}, the card asked for, and asks again.", None),
    "laid_family": ("{Player} laid down the {family} family.", None),
    "skipped": ("{Player} cannot play and is skipped.", None),
    "mission": ("{Player} plays the {kind} mission {mission}.", None),
    "chose": ("{Player} chose {target}.", None),
    "challenge_won": ("{Player} won the challenge against {loser}.", None),
    "laid": ("{Player} laid down {card}.", None),
    "took": ("{Player} took {card} from {from}.", "{Player} took a card from {from}."),
    "own_piles": ("No cards are left to draw: every hand is now its owner's pile.", None),
    "ended": ("The game is over: {reason}. Won by {winners}.", None),
}
_SEATS = ("player", "target", "to", "attacker", "with", "asker", "loser", "from")


def player_name(seat: int) -> str:
    return f"player {seat}"


def texts_of(game: str | None) -> Mapping[str, tuple[str, str | None]]:
    """The English event texts of a game: its spec's, then the shared ones (no game: every
    registered game's)."""
    from gong.referee.registry import GAMES

    specs = list(GAMES.values()) if game is None else [GAMES[game]] if game in GAMES else []
    merged: dict[str, tuple[str, str | None]] = {}
    for spec in specs:
        merged.update(spec.events)
    return {**TEXTS, **merged} if merged else TEXTS


def _texts_of_code(code: str, game: str | None) -> tuple[str, str | None]:
    """One code's English texts, found without merging tables (every event of a table's
    history is rendered on each answer)."""
    from gong.referee.registry import GAMES

    spec = GAMES.get(game) if game is not None else None
    if spec is not None and code in spec.events:
        return spec.events[code]
    if code in TEXTS:
        return TEXTS[code]
    return texts_of(game).get(code, (code, None))


def reason_text(reason: str, game: str | None = None) -> str:
    """The English words of a reason to end (its code where no game says it)."""
    from gong.referee.registry import GAMES

    for spec in GAMES.values() if game is None else [GAMES[game]] if game in GAMES else []:
        if reason in spec.reasons:
            return spec.reasons[reason]
    return REASON_TEXTS.get(reason, reason.replace("_", " "))


def render(
    event: Mapping[str, Any], name: Callable[[int], str] = player_name, game: str | None = None
) -> str:
    """The English text of one event (as `game.events(seat)` gives it); `name` names a seat
    (a face may say "you"); `game` the game whose own event texts it may be."""
    code, params = event["code"], dict(event["params"])
    full, hidden = _texts_of_code(code, game)
    known = {k: v for k, v in params.items()}
    for key in _SEATS:
        if isinstance(known.get(key), int):
            known[key] = name(known[key])
    if "player" in known:
        known["Player"] = known["player"][:1].upper() + known["player"][1:]
    if "cards" in known and isinstance(known["cards"], (list, tuple)):
        known["cards"] = " ".join(known["cards"])
        known.setdefault("card", known["cards"])  # "played G7 Y7" reads like "played NE5"
    if code == "ended":
        known["reason"] = reason_text(params["reason"], game)
        known["winners"] = " and ".join(name(w) for w in params["winners"])
    try:
        return full.format_map(known)
    except KeyError:
        return (hidden or full).format_map(_Blank(known))


class _Blank(dict):
    def __missing__(self, key: str) -> str:
        return "?"
