"""The games the referee knows, by name: each game's `GameSpec` declares everything its faces
need (its deck, options, robots by level, event and refusal and reason codes with their
English texts, and what a table shows of its view), and the registry lists the modules that
hold them. Nothing registers itself by being imported.

`BUILT_IN` names the game modules every GONG companion has; an instance adds its own with
`load_games(["package.module", ...])` (`GAMES` in instance/config.py, or `GONG_GAMES`). A game
module holds one `SPEC`.
"""

from __future__ import annotations

import importlib
import json
import os
import runpy
import sys
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gong.referee.errors import GameSetupError

GAMES_ENV = "GONG_GAMES"
"""A comma list of extra game modules; wins over `GAMES` in the instance's config.py."""
INSTANCE_ENV = "GONG_INSTANCE"
DEFAULT_INSTANCE = Path(__file__).resolve().parent.parent.parent / "instance"
"""The instance folder when GONG_INSTANCE names none (the site's default too)."""

BUILT_IN = (
    "gong.referee.link",
    "gong.referee.family",
    "gong.referee.fight",
    "gong.referee.go_fish",
    "gong.referee.go_boom",
    "gong.referee.gang_of_four",
)
"""The modules of the games every GONG companion plays, in the order they are listed."""

LEVELS = ("easy", "normal")
"""The robot levels, weakest first: every game has an easy robot (a legal move at random)."""
LEVEL_ALIASES = {"random": "easy", "greedy": "normal"}
"""Older names of the levels, still read (stored tables, `--bots`)."""

TURN_LIMIT_BOUNDS = (1, 100_000)
"""Every game has a `turn_limit` option, within these bounds unless its spec says otherwise."""

_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


@dataclass(frozen=True)
class GameSpec:
    """A registered game. `options` maps each option to its default (every game has
    `turn_limit`); `choices` lists the allowed values of the options that take one of a few
    words; `bounds` the (lowest, highest) value of whole-number options (`first_player` is
    always a seat)."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: Mapping[str, Any]
    choices: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    factory: Callable[..., Any] | None = field(default=None, repr=False, compare=False)
    keywords: tuple[str, ...] = ()
    """Extra keyword arguments new_game accepts for this game (like FIGHT's `missions`)."""
    bounds: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    requires: Mapping[str, str] = field(default_factory=dict)
    """Switches that mean something only with another switch on (Go Fish's
    `may_ask_held_card` needs `exact_card`): on without it, a setup error."""
    deck: Any = field(default=None, repr=False, compare=False)
    """The deck its cards come from (`gong.decks.Deck`): the faces draw cards from it."""
    robots: Mapping[str, Callable[..., Any] | str] = field(default_factory=dict, repr=False)
    """Robot strategies by level beyond "easy" (a legal move at random, which every game
    has): a function `(bot, game, seat, legal) -> action`, or "module:function" for one that
    lives in a module importing the game's."""
    events: Mapping[str, tuple[str, str | None]] = field(default_factory=dict, repr=False)
    """Its event codes with their English texts: the text with every param, and the one for
    a seat that may not know a card (None: the same)."""
    reasons: Mapping[str, str] = field(default_factory=dict, repr=False)
    """Why a game of it may end (outcome reason codes) with their English words."""
    refusals: tuple[str, ...] = ()
    """The refusal codes of its own rules, beyond the ones every game shares."""
    table: Mapping[str, Any] = field(default_factory=dict, repr=False)
    """What a table shows of its view, as data a generic face draws: `piles` (`top`,
    `shown`: a card; `draw`, `discard`: a count), `seat` (per-seat lists: `families`,
    `total`, `books`, `last_card`), `counters` (a game's own per-seat counts: a page text
    key with `{n}` and where the list is), `lines` (a page text key and where its values are),
    `combination` (`cards`, `by`), `asks` (verbs that name a card or rank not picked from
    the hand), each a dotted path into `view(seat)`; and `winner`, the page text key (with
    `{name}` and the winner's score `{n}`) that says why the winners won, or one per end
    reason."""
    texts: Mapping[str, Mapping[str, Any]] = field(default_factory=dict, repr=False)
    """Its page texts by language, for a game that brings its own (a house game); the
    built-in games' texts live with the site's. A language that lacks one reads English."""

    def __post_init__(self) -> None:
        if "turn_limit" not in self.options:
            raise GameSetupError(
                f"{self.name}: every game has a 'turn_limit' option", "spec_no_turn_limit"
            )
        if "turn_limit" not in self.bounds:
            object.__setattr__(self, "bounds", {"turn_limit": TURN_LIMIT_BOUNDS, **self.bounds})

    def robot(self, level: str) -> Callable[..., Any] | None:
        """The strategy of a robot level (None: the easy robot's random choice)."""
        level = LEVEL_ALIASES.get(level, level)
        if level not in LEVELS:
            raise GameSetupError(
                f"unknown robot level {level!r}; the levels are: {', '.join(LEVELS)}",
                "unknown_level",
                level=level,
                levels=list(LEVELS),
            )
        found = self.robots.get(level)
        if isinstance(found, str):
            module, _, name = found.partition(":")
            found = getattr(importlib.import_module(module), name)
        return found

    @property
    def levels(self) -> tuple[str, ...]:
        """The robot levels this game has ("easy" always)."""
        return tuple(level for level in LEVELS if level == "easy" or level in self.robots)

    def _unknown(self, key: str) -> GameSetupError:
        known = ", ".join(f"{k} (default {v!r})" for k, v in self.options.items())
        return GameSetupError(
            f"{self.title} has no option {key!r}; its options are: {known}",
            "unknown_option",
            option=key,
            options=list(self.options),
        )

    def parse_option(self, name: str, text: str) -> Any:
        """The value the text of option `name` means: on/off (true/false, yes/no, 1/0) for a
        switch, a whole number, or one of the option's choices. GameSetupError otherwise,
        and for a number outside the option's bounds."""
        if name not in self.options:
            raise self._unknown(name)
        default, raw = self.options[name], text.strip()
        if isinstance(default, bool):
            if raw.lower() in _TRUE:
                return True
            if raw.lower() in _FALSE:
                return False
            raise GameSetupError(
                f"option {name!r} is on or off (true or false), not {raw!r}",
                "option_not_switch",
                option=name,
                value=raw,
            )
        if isinstance(default, int):
            try:
                value = int(raw)
            except ValueError:
                raise GameSetupError(
                    f"option {name!r} is a whole number, not {raw!r}",
                    "option_not_number",
                    option=name,
                    value=raw,
                ) from None
            self._check_bounds(name, value)
            return value
        self._check_choice(name, raw)
        return raw

    def _check_bounds(self, name: str, value: int) -> None:
        if name in self.bounds:
            low, high = self.bounds[name]
            if not low <= value <= high:
                raise GameSetupError(
                    f"option {name!r} must be at least {low} and at most {high}, not {value}",
                    "option_out_of_range",
                    option=name,
                    value=value,
                    min=low,
                    max=high,
                )

    def _check_choice(self, name: str, value: Any) -> None:
        if name in self.choices and value not in self.choices[name]:
            raise GameSetupError(
                f"option {name!r} is one of {', '.join(self.choices[name])}, not {value!r}",
                "option_not_a_choice",
                option=name,
                value=value,
                choices=list(self.choices[name]),
            )

    def check_options(self, options: Mapping[str, Any] | None, players: int) -> dict[str, Any]:
        """The full option set: defaults overridden by `options`, each checked."""
        merged = dict(self.options)
        for key, value in (options or {}).items():
            if key not in self.options:
                raise self._unknown(key)
            default = self.options[key]
            if isinstance(default, bool):
                if not isinstance(value, bool):
                    raise GameSetupError(
                        f"option {key!r} is true or false, not {value!r}",
                        "option_not_switch",
                        option=key,
                        value=repr(value),
                    )
            elif isinstance(default, int):
                if isinstance(value, bool) or not isinstance(value, int):
                    raise GameSetupError(
                        f"option {key!r} is a whole number, not {value!r}",
                        "option_not_number",
                        option=key,
                        value=repr(value),
                    )
                self._check_bounds(key, value)
            else:
                self._check_choice(key, value)
            merged[key] = value
        for name, needed in self.requires.items():
            if merged[name] and not merged[needed]:
                raise GameSetupError(
                    f"option {name!r} needs option {needed!r} on",
                    "option_needs_option",
                    option=name,
                    needs=needed,
                )
        first = merged.get("first_player", 0)
        if not 0 <= first < players:
            raise GameSetupError(
                f"option 'first_player' is a seat from 0 to {players - 1}, not {first}",
                "option_out_of_range",
                option="first_player",
                value=first,
                min=0,
                max=players - 1,
            )
        return merged


GAMES: dict[str, GameSpec] = {}
"""Every registered game, by name, in registration order."""


def register(spec: GameSpec) -> GameSpec:
    """Add a game to the registry (after `check_spec`)."""
    check_spec(spec)
    GAMES[spec.name] = spec
    return spec


def check_spec(spec: Any) -> None:
    """GameSetupError unless `spec` is a whole GameSpec: a factory that is a game class with
    a deck and a grammar, and a deck of faces for the faces to draw."""
    if not isinstance(spec, GameSpec):
        raise GameSetupError(f"not a GameSpec: {spec!r}", "bad_spec")
    problem = None
    factory = spec.factory
    if factory is None or not callable(getattr(factory, "restore", None)):
        problem = "its factory is not a game class (gong.referee.game.Game)"
    elif not getattr(factory, "DECK", None) or getattr(factory, "GRAMMAR", None) is None:
        problem = "its game class declares no DECK or GRAMMAR"
    elif spec.deck is None or not callable(getattr(spec.deck, "face", None)):
        problem = "it names no deck (gong.decks.Deck) to draw its cards"
    elif not 1 <= spec.min_players <= spec.max_players:
        problem = f"its player range {spec.min_players}-{spec.max_players} is empty"
    if problem is None:
        for code in {getattr(card, "code", None) for card in factory.DECK}:
            if not spec.deck.has(code):
                problem = f"its deck has no face for the card {code!r}"
                break
    if problem is not None:
        raise GameSetupError(f"game {spec.name!r}: {problem}", "bad_spec", game=spec.name)


def load_games(modules: Iterable[str]) -> list[GameSpec]:
    """Import each game module, check its `SPEC` and register it; GameSetupError naming the
    module that failed (nothing of it is registered)."""
    loaded = []
    for module_name in modules:
        name = module_name.strip()
        if not name:
            continue
        try:
            module = importlib.import_module(name)
        except Exception as exc:  # any failure of a house game's module names that module
            raise GameSetupError(
                f"game module {name!r} does not load: {type(exc).__name__}: {exc}",
                "game_module",
                module=name,
            ) from None
        spec = getattr(module, "SPEC", None)
        if spec is None:
            raise GameSetupError(
                f"game module {name!r} declares no SPEC (a gong.referee.GameSpec)",
                "game_module",
                module=name,
            )
        try:
            check_spec(spec)
        except GameSetupError as exc:
            raise GameSetupError(
                f"game module {name!r}: {exc}", "game_module", module=name
            ) from None
        if spec.name in GAMES and GAMES[spec.name] is not spec:
            raise GameSetupError(
                f"game module {name!r}: the game {spec.name!r} is registered already",
                "game_module",
                module=name,
            )
        loaded.append(register(spec))
    return loaded


def unregister(name: str) -> None:
    """Forget a game (for tests that register one of their own)."""
    GAMES.pop(name, None)


@contextmanager
def registered(spec: GameSpec) -> Iterator[GameSpec]:
    """`spec` registered for the duration of a `with` block, then forgotten again (unless it
    was registered before)."""
    before = GAMES.get(spec.name)
    register(spec)
    try:
        yield spec
    finally:
        if before is None:
            unregister(spec.name)
        else:
            GAMES[spec.name] = before


def spec_of(name: str) -> GameSpec:
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        names = ", ".join(GAMES)
        raise GameSetupError(
            f"unknown game {name!r}; the referee knows: {names}",
            "unknown_game",
            game=str(name),
            games=list(GAMES),
        ) from None


def new_game(
    name: str,
    players: int = 4,
    seed: int | str = 0,
    options: Mapping[str, Any] | None = None,
    **keywords: Any,
) -> Any:
    """A new game of `name` for `players` players, shuffled from `seed`.

    Keywords: `deck=` an explicit deck order (card codes or cards, the top card first) for
    stacked-deck tests; game-specific ones such as `missions=` for GONG FIGHT.
    """
    spec = spec_of(name)
    if isinstance(players, bool) or not isinstance(players, int):
        raise GameSetupError(
            f"the number of players is a whole number, not {players!r}",
            "players_not_number",
            value=repr(players),
        )
    if not spec.min_players <= players <= spec.max_players:
        raise GameSetupError(
            f"{spec.title} is for {spec.min_players} to {spec.max_players} players, not {players}",
            "player_count",
            players=players,
            min=spec.min_players,
            max=spec.max_players,
        )
    for key in keywords:
        if key not in ("deck", *spec.keywords):
            allowed = ", ".join(("deck", *spec.keywords))
            raise GameSetupError(
                f"new_game({name!r}) takes no {key!r}; it takes: {allowed}",
                "unknown_keyword",
                keyword=key,
            )
    merged = spec.check_options(options, players)
    return spec.factory(players=players, seed=seed, options=merged, **keywords)


def from_json(text: str, **keywords: Any) -> Any:
    """The game `game.to_json()` wrote, continuing exactly where it was."""
    try:
        data = json.loads(text)
        name = data["game"]
    except (ValueError, TypeError, KeyError):
        raise GameSetupError(
            "not a saved GONG game (expected the JSON of to_json())", "not_a_saved_game"
        ) from None
    return spec_of(name).factory.restore(data, **keywords)


def instance_games(instance: str | Path | None = None) -> list[str]:
    """The extra game modules an instance names: `GONG_GAMES` (a comma list), else `GAMES` in
    `<instance>/config.py` (a list of module names). GameSetupError, naming the file and the
    line, for a config.py that does not run or a GAMES that is not a list of names."""
    listed = os.environ.get(GAMES_ENV, "").strip()
    if listed:
        return [name.strip() for name in listed.split(",") if name.strip()]
    folder = Path(instance or os.environ.get(INSTANCE_ENV) or DEFAULT_INSTANCE)
    path = folder / "config.py"
    if not path.is_file():
        return []
    try:
        names = runpy.run_path(str(path)).get("GAMES", [])
    except SyntaxError as exc:
        raise GameSetupError(f"{path}, line {exc.lineno}: {exc.msg}", "config") from None
    except Exception as exc:  # a config.py that does not run is one line, not a traceback
        frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == str(path)]
        where = f", line {frames[-1].lineno}" if frames else ""
        raise GameSetupError(f"{path}{where}: {type(exc).__name__}: {exc}", "config") from None
    if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
        raise GameSetupError(
            f"{path}: GAMES is a list of game module names, like ['housegames.highest'], "
            f"not {names!r}",
            "config",
        )
    return list(names)


def load_instance_games(instance: str | Path | None = None) -> list[GameSpec]:
    """Load the extra games an instance names (`instance_games`), its folder importable, so a
    house game may live there. GameSetupError naming the module or file that failed."""
    folder = Path(instance or os.environ.get(INSTANCE_ENV) or DEFAULT_INSTANCE)
    return ensure_games(instance_games(folder), folder)


def ensure_games(names: Iterable[str], folder: str | Path | None = None) -> list[GameSpec]:
    """Register the games of these modules unless they are already (loading twice is
    harmless), with `folder` importable. GameSetupError naming the module that failed; then
    none of them is registered."""
    names = [name.strip() for name in names if name.strip()]
    if not names:
        return []
    if folder is not None and str(folder) not in sys.path:
        sys.path.append(str(folder))
    before = dict(GAMES)
    try:
        load_games([name for name in names if not _loaded(name)])
    except GameSetupError:
        GAMES.clear()
        GAMES.update(before)
        raise
    return [sys.modules[name].SPEC for name in names]


def _loaded(module_name: str) -> bool:
    module = sys.modules.get(module_name.strip())
    spec = getattr(module, "SPEC", None)
    return isinstance(spec, GameSpec) and GAMES.get(spec.name) is spec
