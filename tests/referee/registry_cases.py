"""The games the generic tests run: every registered game, plus the games the tests register
themselves (the toy game), with every player count and option. A game registered tomorrow
is in these lists without any test being edited."""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from typing import Any

from gong.referee import GAMES
from gong.referee.registry import GameSpec, registered

from . import toygame

TEST_GAMES: tuple[GameSpec, ...] = (toygame.SPEC,)


@contextmanager
def test_games() -> Iterator[None]:
    """The tests' own games registered for the duration of a `with` block."""
    with ExitStack() as stack:
        for spec in TEST_GAMES:
            stack.enter_context(registered(spec))
        yield


def names() -> list[str]:
    with test_games():
        return list(GAMES)


def specs() -> list[GameSpec]:
    with test_games():
        return list(GAMES.values())


def seat_cases() -> list[tuple[str, int]]:
    """Every game at every player count."""
    return [(s.name, n) for s in specs() for n in range(s.min_players, s.max_players + 1)]


def random_options(spec: GameSpec, players: int, rng: random.Random) -> dict[str, Any]:
    """A random choice of the game's house rules, so every option meets the same checks."""
    options: dict[str, Any] = {}
    for name, default in spec.options.items():
        if name == "turn_limit":
            continue
        if name == "first_player":
            options[name] = rng.randrange(players)
        elif isinstance(default, bool):
            options[name] = rng.random() < 0.4
        elif name in spec.choices:
            options[name] = rng.choice(spec.choices[name])
        elif isinstance(default, int) and name in spec.bounds:
            # Half the time the lowest value: a match to a low target score stays quick.
            low = spec.bounds[name][0]
            options[name] = low if rng.random() < 0.5 else rng.randint(low, max(low, default))
    for name, needed in spec.requires.items():
        if options.get(name):
            options[needed] = True
    return options


def keywords(game: Any) -> dict[str, Any]:
    return game.setup_keywords()
