"""Everything the tables know about the referee, in one place.

The table service never imports `gong.referee` itself: it starts, loads, saves and moves games
through these functions, and reads their history as events through `events()`. When the
referee's API changes (its per-seat `game.events(seat)`, refusals with params, a saved-game
format version), only this module follows.

Events are dicts `{"seq", "seat", "code", "params"}`: `seq` is the number of the game action
the event belongs to (0 for the deal), `seat` the seat that acted (None for the deal). A
referee with `game.events(seat)` gives them as it knows them. Until then `_log_events` makes
a minimal list from the game's log, one event per action (code "action", params
{"action": text}), never with a hidden card: a GONG FIGHT gift shows its card to the giver and
the receiver only. REPLACE `_log_events` once every referee in use has `events(seat)`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from typing import Any

from gong.i18n import DEFAULT_LANGUAGE
from gong.referee import GAMES, GameSetupError, IllegalAction, from_json, new_game
from gong.referee.bots import make_bot

try:  # a referee that versions its saved games
    from gong.referee.game import FORMAT as STATE_FORMAT
except ImportError:  # pragma: no cover - depends on the referee in use
    STATE_FORMAT = 1
"""The newest saved-game format this referee writes and reads (the store refuses newer)."""

BOT_KINDS = {"easy": "random", "normal": "greedy"}
"""The bots a table offers, by the word players see, and the referee's bot each one is."""

Game = Any
"""A referee game object (kept opaque outside this module)."""


class SetupError(ValueError):
    """A game that cannot be set up as asked (unknown game, option, player count, deck)."""


class Refused(ValueError):
    """The referee refused an action: `code` for programs, `message` in words, `params`."""

    def __init__(self, code: str, message: str, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = dict(params or {})


class SavedGameError(ValueError):
    """A saved game this referee cannot read (damaged, or another format)."""


def game_names() -> list[str]:
    return list(GAMES)


def describe(name: str) -> dict[str, Any]:
    """A game's title, player range and options with their defaults (SetupError if unknown)."""
    spec = GAMES.get(name) if isinstance(name, str) else None
    if spec is None:
        raise SetupError(f"unknown game {name!r}; the games are: {', '.join(GAMES)}")
    return {
        "name": spec.name,
        "title": spec.title,
        "min_players": spec.min_players,
        "max_players": spec.max_players,
        "options": dict(spec.options),
        "choices": {k: list(v) for k, v in getattr(spec, "choices", {}).items()},
    }


def start(
    name: str,
    players: int,
    seed: int,
    options: Mapping[str, Any],
    deck: list[str] | None = None,
) -> Game:
    """A new game; SetupError (with the referee's reason) if it cannot be set up."""
    keywords = {} if deck is None else {"deck": deck}
    try:
        return new_game(name, players=players, seed=seed, options=dict(options), **keywords)
    except (GameSetupError, TypeError) as exc:
        raise SetupError(str(exc)) from None


def options_of(game: Game) -> dict[str, Any]:
    """The game's full option set (defaults filled in)."""
    return dict(game.options)


def load(text: str) -> Game:
    try:
        return from_json(text)
    except (GameSetupError, KeyError, TypeError, ValueError) as exc:
        raise SavedGameError(str(exc)) from None


def save(game: Game) -> str:
    return game.to_json()


def to_act(game: Game) -> list[int]:
    return game.to_act()


def legal(game: Game, seat: int) -> list[str]:
    return [str(action) for action in game.legal_actions(seat)]


def is_over(game: Game) -> bool:
    return game.outcome is not None


def outcome(game: Game) -> dict[str, Any] | None:
    return None if game.outcome is None else game.outcome.to_dict()


def view(game: Game, seat: int | None) -> dict[str, Any]:
    return game.view(seat)


def moves_made(game: Game) -> int:
    """How many actions the game has applied (the `seq` of the last one)."""
    return len(game.log)


def act(game: Game, seat: int, text: str) -> str:
    """Apply `text` as `seat`'s action and return its canonical text; Refused if the rules
    (or the text's grammar) refuse it, leaving the game untouched."""
    try:
        action = game.parse_action(text, seat)
        game.apply(action)
    except IllegalAction as refused:
        raise Refused(refused.code, refused.message, getattr(refused, "params", None)) from None
    return str(action)


def bot_act(game: Game, seat: int, kind: str, seed: str) -> str:
    """Let a bot of `kind` ("easy", "normal") play `seat`'s move; its text.

    The bot is made afresh for each move from `seed`, so a move is the same whichever server
    applies it; there is no greedy bot for some games, which then get the easy one.
    """
    bot_name = BOT_KINDS.get(kind, "random")
    try:
        bot = make_bot(bot_name, game.name, seed=seed)
    except ValueError:
        bot = make_bot("random", game.name, seed=seed)
    action = bot.choose(game, seat)
    game.apply(action)
    return str(action)


# --- events -----------------------------------------------------------------------------------


def events(game: Game, seat: int | None) -> list[dict[str, Any]]:
    """The game's history as `seat` may know it (None: a spectator), oldest first.

    Every action has at least one event: where the referee's own list has none for an
    action, the log's minimal event stands in.
    """
    native = getattr(game, "events", None)
    if native is None:
        return _log_events(game, seat)
    found = []
    covered = set()
    for event in native(seat):
        found.append(
            {
                "seq": event["seq"],
                "seat": event.get("actor"),
                "code": event["code"],
                "params": event["params"],
            }
        )
        covered.add(event["seq"])
    missing = [e for e in _log_events(game, seat) if e["seq"] not in covered]
    if missing:
        found = sorted(found + missing, key=lambda e: e["seq"])
    return found


_GIVE = re.compile(r"give (\S+) -> (\d+)")


def _log_events(game: Game, seat: int | None) -> list[dict[str, Any]]:
    hides_gifts = game.name == "gong-fight"
    found: list[dict[str, Any]] = []
    for seq, line in enumerate(game.log, start=1):
        actor_text, _, text = line.partition(": ")
        actor = int(actor_text)
        params: dict[str, Any] = {"action": text}
        gift = _GIVE.fullmatch(text) if hides_gifts else None
        if gift is not None and seat not in (actor, int(gift[2])):
            params = {"action": "give", "to": int(gift[2])}  # the card stays hidden
        found.append({"seq": seq, "seat": actor, "code": "action", "params": params})
    if game.outcome is not None:
        found.append({"seq": len(game.log), "seat": None, "code": "ended", "params": outcome(game)})
    return found


# Texts of the events this module makes, by language. The referee's own events are rendered
# by its renderer (English) until their translations land.
_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "action": "{Player}: {action}.",
        "gave_hidden": "{Player} gave a card to {to}.",
        "ended": "The game is over. Won by {winners}.",
    },
    "fr": {
        "action": "{Player} : {action}.",
        "gave_hidden": "{Player} a donné une carte à {to}.",
        "ended": "La partie est finie. Victoire de {winners}.",
    },
    "sv": {
        "action": "{Player}: {action}.",
        "gave_hidden": "{Player} gav ett kort till {to}.",
        "ended": "Spelet är slut. {winners} vann.",
    },
}
_AND = {"en": " and ", "fr": " et ", "sv": " och "}


def render(event: Mapping[str, Any], lang: str, name: Callable[[int], str]) -> str:
    """One game event's text in `lang`; `name` names a seat."""
    texts = _TEXTS.get(lang, _TEXTS[DEFAULT_LANGUAGE])
    code, params = event["code"], event["params"]
    if code == "action":
        player = name(event["seat"])
        if "to" in params:
            return texts["gave_hidden"].format(Player=player, to=name(params["to"]))
        return texts["action"].format(Player=player, action=params["action"])
    if code == "ended" and (lang != DEFAULT_LANGUAGE or _referee_render is None):
        winners = _AND.get(lang, " and ").join(name(w) for w in params.get("winners", []))
        return texts["ended"].format(winners=winners)
    if _referee_render is not None:
        try:
            return _referee_render(event, name)
        except (KeyError, ValueError, TypeError, IndexError):
            pass
    return f"{code} {json.dumps(params, ensure_ascii=False)}"


try:  # the referee's English renderer, when it has one
    from gong.referee.events import render as _referee_render_impl

    def _referee_render(event: Mapping[str, Any], name: Callable[[int], str]) -> str:
        return _referee_render_impl({"code": event["code"], "params": event["params"]}, name=name)
except ImportError:  # pragma: no cover - depends on the referee in use
    _referee_render = None
