"""The games the referee knows, by name, with their player ranges and house-rule options."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from gong.referee.errors import GameSetupError


@dataclass(frozen=True)
class GameSpec:
    """A registered game. `options` maps each option to its default; `choices` lists the
    allowed values of the options that take one of a few words."""

    name: str
    title: str
    min_players: int
    max_players: int
    options: Mapping[str, Any]
    choices: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    factory: Callable[..., Any] | None = field(default=None, repr=False, compare=False)
    keywords: tuple[str, ...] = ()
    """Extra keyword arguments new_game accepts for this game (like FIGHT's `missions`)."""

    def check_options(self, options: Mapping[str, Any] | None, players: int) -> dict[str, Any]:
        """The full option set: defaults overridden by `options`, each checked."""
        merged = dict(self.options)
        for key, value in (options or {}).items():
            if key not in self.options:
                known = ", ".join(f"{k} (default {v!r})" for k, v in self.options.items())
                raise GameSetupError(
                    f"{self.title} has no option {key!r}; its options are: {known}"
                )
            default = self.options[key]
            if isinstance(default, bool):
                if not isinstance(value, bool):
                    raise GameSetupError(f"option {key!r} is true or false, not {value!r}")
            elif isinstance(default, int):
                if isinstance(value, bool) or not isinstance(value, int):
                    raise GameSetupError(f"option {key!r} is a whole number, not {value!r}")
            elif key in self.choices and value not in self.choices[key]:
                raise GameSetupError(
                    f"option {key!r} is one of {', '.join(self.choices[key])}, not {value!r}"
                )
            merged[key] = value
        if merged.get("turn_limit", 1) < 1:
            raise GameSetupError(
                f"option 'turn_limit' must be at least 1, not {merged['turn_limit']}"
            )
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
