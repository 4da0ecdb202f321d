"""The games the referee knows, by name, with their player ranges and house-rule options."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from gong.referee.errors import GameSetupError

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

    def __post_init__(self) -> None:
        if "turn_limit" not in self.options:
            raise GameSetupError(f"{self.name}: every game has a 'turn_limit' option")
        if "turn_limit" not in self.bounds:
            object.__setattr__(self, "bounds", {"turn_limit": TURN_LIMIT_BOUNDS, **self.bounds})

    def _unknown(self, key: str) -> GameSetupError:
        known = ", ".join(f"{k} (default {v!r})" for k, v in self.options.items())
        return GameSetupError(f"{self.title} has no option {key!r}; its options are: {known}")

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
            raise GameSetupError(f"option {name!r} is on or off (true or false), not {raw!r}")
        if isinstance(default, int):
            try:
                value = int(raw)
            except ValueError:
                raise GameSetupError(f"option {name!r} is a whole number, not {raw!r}") from None
            self._check_bounds(name, value)
            return value
        self._check_choice(name, raw)
        return raw

    def _check_bounds(self, name: str, value: int) -> None:
        if name in self.bounds:
            low, high = self.bounds[name]
            if not low <= value <= high:
                raise GameSetupError(
                    f"option {name!r} must be at least {low} and at most {high}, not {value}"
                )

    def _check_choice(self, name: str, value: Any) -> None:
        if name in self.choices and value not in self.choices[name]:
            raise GameSetupError(
                f"option {name!r} is one of {', '.join(self.choices[name])}, not {value!r}"
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
                    raise GameSetupError(f"option {key!r} is true or false, not {value!r}")
            elif isinstance(default, int):
                if isinstance(value, bool) or not isinstance(value, int):
                    raise GameSetupError(f"option {key!r} is a whole number, not {value!r}")
                self._check_bounds(key, value)
            else:
                self._check_choice(key, value)
            merged[key] = value
        for name, needed in self.requires.items():
            if merged[name] and not merged[needed]:
                raise GameSetupError(f"option {name!r} needs option {needed!r} on")
        first = merged.get("first_player", 0)
        if not 0 <= first < players:
            raise GameSetupError(
                f"option 'first_player' is a seat from 0 to {players - 1}, not {first}"
            )
        return merged


GAMES: dict[str, GameSpec] = {}
"""Every registered game, by name, in registration order."""


def register(spec: GameSpec) -> GameSpec:
    GAMES[spec.name] = spec
    return spec


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
        raise GameSetupError(f"unknown game {name!r}; the referee knows: {names}") from None


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
        raise GameSetupError(f"the number of players is a whole number, not {players!r}")
    if not spec.min_players <= players <= spec.max_players:
        raise GameSetupError(
            f"{spec.title} is for {spec.min_players} to {spec.max_players} players, not {players}"
        )
    for key in keywords:
        if key not in ("deck", *spec.keywords):
            allowed = ", ".join(("deck", *spec.keywords))
            raise GameSetupError(f"new_game({name!r}) takes no {key!r}; it takes: {allowed}")
    merged = spec.check_options(options, players)
    return spec.factory(players=players, seed=seed, options=merged, **keywords)


def from_json(text: str, **keywords: Any) -> Any:
    """The game `game.to_json()` wrote, continuing exactly where it was."""
    try:
        data = json.loads(text)
        name = data["game"]
    except (ValueError, TypeError, KeyError):
        raise GameSetupError("not a saved GONG game (expected the JSON of to_json())") from None
    return spec_of(name).factory.restore(data, **keywords)
