"""What turns the referee's values into the tables' own: games started and loaded with the
tables' errors, legal actions and events as JSON data, robots moved by level, replays, and
the history in every language (the texts of the referee's event codes, from
`server/content/texts/history/<lang>.yaml` and a game's own catalog). The service and the
pages read a game's public attributes (`current`, `to_act()`, `view(seat)`, `players`)
directly, and its spec (deck, table layout, texts) through `spec()`.

Legal actions reach the faces as data (`actions`: verb, cards, target, rank, text), so no
face parses an action's text. Events are dicts `{"seq", "seat", "code", "params"}` copied
from the referee's frozen `game.events(seat)`, which leaves out what that seat may not know:
`seq` is the number of the game action the event belongs to (0 for the deal), `seat` the
seat that acted (None for the deal).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from gong.decks import STANDARD
from gong.decks import render as render_face
from gong.i18n import DEFAULT_LANGUAGE
from gong.referee import (
    GAMES,
    GameSetupError,
    IllegalAction,
    from_json,
    new_game,
    replaying,
)
from gong.referee.errors import SeatError
from gong.referee.events import reason_text
from gong.referee.events import render as referee_render
from gong.referee.game import FORMAT as STATE_FORMAT  # noqa: F401  the store reads it here
from gong.referee.go_fish import RANK_CODES
from gong.referee.registry import LEVELS
from gong.yamlsource import YamlSourceError, load_yaml

BOT_KINDS = LEVELS
"""The robot levels a table offers, by the word players see ("easy", "normal")."""

Game = Any
"""A referee game (`gong.referee.game.Game`)."""


class SetupError(ValueError):
    """A game that cannot be set up as asked (unknown game, option, player count, deck):
    the referee's `code` and `params` say which, for the reader's language."""

    def __init__(self, message: str, code: str = "setup", params: Mapping | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.params = dict(params or {})


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
        raise SetupError(
            f"unknown game {name!r}; the games are: {', '.join(GAMES)}",
            "unknown_game",
            {"game": str(name), "games": list(GAMES)},
        )
    return {
        "name": spec.name,
        "title": spec.title,
        "min_players": spec.min_players,
        "max_players": spec.max_players,
        "options": dict(spec.options),
        "choices": {k: list(v) for k, v in getattr(spec, "choices", {}).items()},
        "bounds": {k: list(v) for k, v in getattr(spec, "bounds", {}).items()},
        "levels": list(spec.levels),
    }


def start(
    name: str,
    players: int,
    seed: int,
    options: Mapping[str, Any],
    deck: list[str] | None = None,
    missions: Any = None,
) -> Game:
    """A new game; SetupError (with the referee's reason) if it cannot be set up. A game that
    plays missions (FIGHT) plays `missions`, the site's book, when given."""
    keywords: dict[str, Any] = {} if deck is None else {"deck": deck}
    if takes_missions(name) and missions is not None:
        keywords["missions"] = missions
    try:
        return new_game(name, players=players, seed=seed, options=dict(options), **keywords)
    except GameSetupError as exc:
        raise SetupError(str(exc), exc.code, exc.params) from None


def takes_missions(name: str) -> bool:
    """Whether a game plays missions (FIGHT), so takes the site's book."""
    return name in GAMES and "missions" in GAMES[name].keywords


def load(text: str, missions: Any = None) -> Game:
    """A saved game; `missions` (the site's book, only for a game that `takes_missions`) is
    taken when its saved missions are the same ones."""
    try:
        return from_json(text) if missions is None else from_json(text, missions=missions)
    except (GameSetupError, KeyError, TypeError, ValueError) as exc:
        raise SavedGameError(str(exc)) from None


def legal(game: Game, seat: int) -> list[str]:
    """The texts of `seat`'s legal actions (what the API's `legal` lists)."""
    return [action.text for action in game.legal_actions(seat)]


def actions(game: Game, seat: int) -> list[dict[str, Any]]:
    """`seat`'s legal actions as data (verb, cards, target, rank, text): what a face reads
    to draw its controls."""
    found = []
    for action in game.legal_actions(seat):
        data = action.to_dict()
        data["purpose"] = game.purpose(action)
        found.append(data)
    return found


def spec(name: str) -> Any:
    """A registered game's spec: its deck's card faces, its table layout, its texts."""
    return GAMES[name]


def outcome(game: Game) -> dict[str, Any] | None:
    return None if game.outcome is None else game.outcome.to_dict()


def act(game: Game, seat: int, text: str) -> str:
    """Apply `text` as `seat`'s action and return its canonical text; Refused if the rules
    (or the text's grammar) refuse it, leaving the game untouched."""
    try:
        action = game.parse_action(text, seat)
        game.apply(action)
    except IllegalAction as refused:
        raise Refused(refused.code, refused.message, getattr(refused, "params", None)) from None
    except SeatError as refused:
        raise Refused("no_such_seat", str(refused)) from None
    return str(action)


def replay_views(game: Game, deck: list[str] | None = None) -> list[dict[str, Any]]:
    """What a spectator saw after the deal and after each action of `game`, replayed from its
    seed and log (`deck`: the stacked deck it was dealt from, if any)."""
    keywords = {} if deck is None else {"deck": deck}
    keywords.update(game.setup_keywords())
    try:
        again = new_game(
            game.name, players=game.players, seed=game.seed, options=dict(game.options),
            **keywords,
        )  # fmt: skip
        frames = [again.view(None)]
        frames += [step.view(None) for step in replaying(again, list(game.log))]
    except (GameSetupError, IllegalAction) as exc:
        raise SavedGameError(f"the game does not replay from its seed ({exc})") from None
    return frames


# --- events -----------------------------------------------------------------------------------


def events(game: Game, seat: int | None) -> list[dict[str, Any]]:
    """The game's history as `seat` may know it (None: a spectator), oldest first, as JSON
    data of its own (the referee's frozen events, copied)."""
    return [
        {"seq": e.seq, "seat": e.actor, "code": e.code, "params": e.to_dict()["params"]}
        for e in game.events(seat)
    ]


_AND = {"en": " and "}

ENGLISH_TEXTS: dict[str, tuple[str, str | None]] = {
    "asked_rank": ("{Player} asked {target} for {rank}.", None),
    "not_held_rank": ("{Player} has no {rank}.", None),
}
"""The site's English texts for events the referee's renderer does not know (see
`readable`)."""

# The referee's event codes (gong.referee.events) in the other languages, from their files;
# English comes from the referee's own renderer. Each code: the text with every param, and
# the text for a seat that may not know the card.
EVENT_TEXTS: dict[str, dict[str, tuple[str, str | None]]] = {}
REASON_TEXTS: dict[str, dict[str, str]] = {}
_SEAT_PARAMS = ("player", "target", "to", "attacker", "with", "asker", "loser", "from")


class _Unknown(dict):
    def __missing__(self, key: str) -> str:
        raise KeyError(key)


def _render_translated(
    event: Mapping[str, Any], lang: str, name: Callable[[int], str], game: str | None = None
) -> str | None:
    """A referee event in `lang` (English: only the site's own texts), or None when its code
    has no text yet."""
    table = ENGLISH_TEXTS if lang == DEFAULT_LANGUAGE else EVENT_TEXTS.get(lang, {})
    texts = table.get(event["code"])
    if texts is None and lang != DEFAULT_LANGUAGE:
        texts = game_texts(game, lang).get("events", {}).get(event["code"])
    if texts is None:
        return None
    full, hidden = texts
    params = dict(event["params"])
    known: dict[str, Any] = dict(params)
    for key in _SEAT_PARAMS:
        if _is_seat(known.get(key)):
            known[key] = name(known[key])
    if "player" in known:
        known["Player"] = str(known["player"])[:1].upper() + str(known["player"])[1:]
    if isinstance(known.get("cards"), (list, tuple)):
        known["cards"] = " ".join(map(str, known["cards"]))
    if isinstance(known.get("kind"), str):
        known["kind"] = _kind_name(known["kind"], lang)
    if event["code"] == "ended":
        reason = str(params.get("reason"))
        known["reason"] = (
            REASON_TEXTS[lang].get(reason)
            or game_texts(game, lang).get(f"reason_{reason}")
            or reason_text(reason, game)
        )
        known["winners"] = _AND[lang].join(name(w) for w in params.get("winners", []))
    try:
        return full.format_map(_Unknown(known))
    except KeyError:
        if hidden is None:
            return None
        try:
            return hidden.format_map(_Unknown(known))
        except KeyError:
            return None


def game_texts(game: str | None, lang: str) -> Mapping[str, Any]:
    """The texts a game brings itself (`GameSpec.texts`) in `lang`; empty for none."""
    spec = GAMES.get(game) if game is not None else None
    return {} if spec is None else spec.texts.get(lang, {})


def _is_seat(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _kind_name(kind: str, lang: str) -> str:
    from gong.cards import Kind
    from gong.i18n import kind_name

    try:
        return kind_name(Kind(kind), lang)
    except ValueError:
        return kind


# Words for the params the classic games give as codes, so the history reads as words.
_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "joker": "joker", "G": "green", "Y": "yellow", "R": "red", "M1": "multicoloured 1",
        "PG": "green phoenix", "PY": "yellow phoenix", "DR": "dragon",
        # A Gang of Four card: its colour and number, in this language's order (gong.decks).
        "colour_number": "{colour} {number}",
    },
}  # fmt: skip
# Go Fish's ranks as the history names them, plural as in "asked Bo for kings" (words
# `rank_<code>`; a language's file may give one event its own form, as `not_held_rank:rank_A`).
_ENGLISH_RANKS = "twos threes fours fives sixes sevens eights nines tens jacks queens kings aces"
_WORDS["en"].update(
    {f"rank_{code}": word for code, word in zip(RANK_CODES, _ENGLISH_RANKS.split(), strict=True)}
)


def rank_word(code: str, lang: str) -> str:
    """A Go Fish rank as a word of `lang` ("kings"); a code it does not know stays as it is."""
    return _WORDS.get(lang, {}).get(f"rank_{code}", code)


def history_words(lang: str) -> dict[str, str]:
    """The words of `lang` that card faces and events name ("joker", "green", "kings"),
    English where the language has none."""
    return {**_WORDS["en"], **_WORDS.get(lang, {})}


def game_words(game: str | None, lang: str) -> dict[str, str]:
    """The words a game's own deck names on its faces (its catalog's `words`), in `lang`,
    English where the game has none in `lang`."""
    english = game_texts(game, DEFAULT_LANGUAGE).get("words") or {}
    own = game_texts(game, lang).get("words") or {}
    return {str(k): str(v) for k, v in {**english, **own}.items()}


def card_word(code: str, lang: str, game: str | None = None) -> str:
    """A card as the history names it: "Q♠", "joker", "green 7", "NEBULA 5", from the face
    its deck gives it (`game`'s deck; without one, the deck of any registered game that has
    the card); a code no deck knows stays as it is."""
    if not isinstance(code, str):
        return str(code)
    decks = [GAMES[game].deck] if game in GAMES else [spec.deck for spec in GAMES.values()]
    for deck in decks:
        if deck.has(code):
            name = deck.face(code).name
            said = {**history_words(lang), **game_words(game, lang)}
            return render_face(name, said) if "{" in name else name
    return code


def _mission_title(mission_id: Any, lang: str) -> Any:
    try:
        from gong.referee.fight import bundled_missions

        found = bundled_missions().get(str(mission_id))
    except (ImportError, ValueError, OSError):
        return mission_id
    if found is None:
        return mission_id
    opening, closing = _QUOTES.get(lang, _QUOTES["en"])
    return f"{opening}{found.title_in(lang)}{closing}"


_QUOTES = {"en": ("“", "”")}  # the other languages' come from their files


RANK_CODES = frozenset(STANDARD.ranks)
"""The standard deck's rank codes ("K", "10"), as Go Fish's events name one."""
_RANK_EVENTS = {"asked": "asked_rank", "not_held": "not_held_rank"}
"""Go Fish events that name a rank or a card: asked for a rank, they read with their own
text ("asked Bo for kings"), as a rank word does not fit where a card's name goes."""


def readable(event: Mapping[str, Any], lang: str, game: str | None = None) -> dict[str, Any]:
    """The event with its card codes, ranks, mission ids, directions and combination kinds
    turned into words of `lang`, and lists of totals written out."""
    words = _WORDS.get(lang, {})
    params = dict(event["params"])
    code = event["code"]
    asked = params.get("asked")
    if code in _RANK_EVENTS and asked in RANK_CODES:
        code = _RANK_EVENTS[code]
        params["rank"] = params.pop("asked")
    rank = params.get("rank")
    if rank in RANK_CODES:
        # A language may give an event its own form of a rank word ("not_held_rank:rank_A").
        params["rank"] = words.get(f"{code}:rank_{rank}") or words.get(f"rank_{rank}", rank)
    for key in ("card", "asked"):
        if isinstance(params.get(key), str):
            params[key] = card_word(params[key], lang, game)
    if isinstance(params.get("cards"), (list, tuple)):
        params["cards"] = ", ".join(card_word(c, lang, game) for c in params["cards"])
    if event["code"] == "mission" and "mission" in params:
        params["mission"] = _mission_title(params["mission"], lang)
    for key in ("direction", "kind", "choice", "other"):
        if isinstance(params.get(key), str) and params[key] in words:
            params[key] = words[params[key]]
    if isinstance(params.get("totals"), (list, tuple)):
        params["totals"] = " · ".join(map(str, params["totals"]))
    return {**event, "code": code, "params": params}


def render(
    event: Mapping[str, Any], lang: str, name: Callable[[int], str], game: str | None = None
) -> str:
    """One game event's text in `lang`; `name` names a seat; `game` is the game it belongs to
    (its own texts, and English for those of its texts a language lacks)."""
    if event["code"] != "ended":
        event = readable(event, lang, game)
    code, params = event["code"], event["params"]
    if lang != DEFAULT_LANGUAGE or code in ENGLISH_TEXTS:
        translated = _render_translated(event, lang, name, game)
        if translated is not None:
            return translated
    try:
        return referee_render({"code": code, "params": params}, name=name, game=game)
    except (KeyError, ValueError, TypeError, IndexError):
        return f"{code} {json.dumps(params, ensure_ascii=False)}"


HISTORY_TEXTS = Path(__file__).resolve().parent.parent / "content" / "texts" / "history"
"""One file per language besides English: `and`, `quotes`, `events`, `reasons`,
`words`, and the service's own `table` lines and `errors`."""

FILED_TEXTS: dict[str, Mapping[str, Any]] = {}
"""Each filed language's whole file, for the service's sections."""


def _load_history_texts(directory: Path = HISTORY_TEXTS) -> None:
    """Add the history texts of the languages kept in files (all but English). A file with a
    problem is left out whole (its history then reads in English, and the tests fail), so a
    typo in one language never stops the tables."""
    for path in sorted(directory.glob("*.yaml")):
        lang = path.stem
        try:
            data = load_yaml(path)
            events = {code: (full, hidden) for code, (full, hidden) in data["events"].items()}
            reasons = {key: str(text) for key, text in data["reasons"].items()}
            joiner = str(data["and"])
        except (YamlSourceError, KeyError, TypeError, ValueError, AttributeError) as problem:
            logging.getLogger(__name__).warning("history texts %s left out: %s", path, problem)
            continue
        FILED_TEXTS[lang] = data
        _AND.setdefault(lang, joiner)
        EVENT_TEXTS.setdefault(lang, events)
        REASON_TEXTS.setdefault(lang, reasons)
        quotes = data.get("quotes")
        if isinstance(quotes, list) and len(quotes) == 2:
            _QUOTES.setdefault(lang, (str(quotes[0]), str(quotes[1])))
        if isinstance(data.get("words"), Mapping):
            _WORDS.setdefault(lang, {str(k): str(v) for k, v in data["words"].items()})


_load_history_texts()
