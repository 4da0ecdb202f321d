"""Which robot moves next, and when: the one policy of the tables, `gong play` and
`gong simulate`.

Who moves, in this order:

1. A robot with a move out of turn (a GONG call for itself, a catch, "Last card!") that
   notices its chance. Robots are asked in seat order from the one after the current player;
   each notices a chance with its level's odds (`gong.referee.bots.NOTICE`: a normal robot
   always, an easy one half the time), decided once per chance (`Game.chance`) by a
   generator of its own, never the game's, so a game replays from its log alone.
2. Else the seat the game waits for (the current player, or a joker's target), if a robot
   holds it.
3. Else nobody: the game waits for a person.

A phone game of GONG FIGHT (`late_seats()`) comes first: its robots choose only once every
person in it has chosen (a fair, blind choice, never made first), and a person who has not
chosen within `timeout` seconds is timed out (``timeout <seat>``, a logged action that the
referee applies like any other, so the game still replays from its log). Without `timeout`
(the terminal, which asks the person) nobody is timed out.

When: `delay` seconds after the last move, so people can follow; but while a person has an
optional move open (a GONG call or a catch, "Last card!"), not before `window` seconds, so a
six-year-old has time to find the button. The faces measure the time: the tables from the
last move's clock, the terminal by asking the person first, the simulator not at all.

>>> from gong.referee import new_game
>>> from gong.referee.bots import make_bot
>>> game = new_game("gong-link", players=2, seed=3)
>>> robots = {1: make_bot("normal", "gong-link", seed=1)}
>>> plan(game, robots) is None   # seat 0, a person, holds the turn
True
>>> game.apply(game.legal_actions(0)[0])
>>> found = plan(game, robots, delay=0.8, window=5.0)
>>> found.seat, found.wait, found.window
(1, 0.8, False)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from gong.referee.actions import Action
from gong.referee.bots import Bot, make_bot
from gong.referee.registry import LEVEL_ALIASES, spec_of


class Due(NamedTuple):
    """Who moves next: the robot at `seat`, `wait` seconds after the last move; `window`
    when it waits for a person's optional move (the wait is at least the window); `clock`
    when it is no robot's move but the person at `seat` running out of time."""

    seat: int
    wait: float
    window: bool
    clock: bool = False


class Plan(NamedTuple):
    """The next robot move: its seat and action, due `wait` seconds after the last move;
    `window` when it waits for a person's optional move (the wait is at least the window)."""

    seat: int
    action: Action
    wait: float
    window: bool


def waited_for(game: Any) -> int | None:
    """The seat the game cannot go on without: the current player, or whoever must answer
    first (a joker's target); None once the game is over."""
    seats = game.to_act()
    if not seats:
        return None
    return game.current if game.current in seats else seats[0]


def optional_seats(game: Any) -> list[int]:
    """The seats that may act now but need not: a GONG call, a catch, "Last card!"."""
    required = waited_for(game)
    return [s for s in game.to_act() if s != required]


def due(
    game: Any,
    robots: Mapping[int, Bot],
    *,
    delay: float = 0.0,
    window: float = 0.0,
    timeout: float | None = None,
) -> Due | None:
    """The robot that moves next in `game`, where `robots` holds the robots' seats (every
    other seat is a person), and when; None while the game waits for a person (or is over).
    In a phone game, a person's `timeout` instead (see the module's docstring). The same
    state and robots give the same answer, however often it is asked."""
    required = waited_for(game)
    if required is None:
        return None
    late = game.late_seats() if hasattr(game, "late_seats") else []
    if late:
        people = [s for s in late if s not in robots]
        if not people:
            return Due(late[0], delay, False)
        return None if timeout is None else Due(people[0], timeout, False, clock=True)
    players, current = game.players, game.current
    optional = optional_seats(game)
    chosen = None
    for seat in sorted(optional, key=lambda s: (s - current) % players):
        robot = robots.get(seat)
        if robot is not None and robot.notices(game, seat):
            chosen = seat
            break
    if chosen is None:
        if required not in robots:
            return None
        chosen = required
    held = any(s not in robots for s in optional)  # a person's optional move is open
    return Due(chosen, max(delay, window) if held else delay, held)


def plan(
    game: Any,
    robots: Mapping[int, Bot],
    *,
    delay: float = 0.0,
    window: float = 0.0,
    timeout: float | None = None,
) -> Plan | None:
    """The move due next (`due`): the action its robot chooses, or the clock's timeout."""
    found = due(game, robots, delay=delay, window=window, timeout=timeout)
    if found is None:
        return None
    return Plan(found.seat, move_of(game, robots, found), found.wait, found.window)


def move_of(game: Any, robots: Mapping[int, Bot], found: Due) -> Action:
    """The action a `due` move makes: its robot's choice, or ``timeout <seat>``."""
    if found.clock:
        return game.GRAMMAR.action(found.seat, "timeout", target=found.seat)
    return robots[found.seat].choose(game, found.seat)


def level_for(level: str, game_name: str) -> str:
    """The level a robot plays at: its own, under today's name, or easy when the game has no
    robot of that level (a house game with only a random player)."""
    level = LEVEL_ALIASES.get(level, level)
    return level if level in spec_of(game_name).levels else "easy"


def table_robots(game: Any, levels: Mapping[int, str], seed: int | str) -> dict[int, Bot]:
    """Robots for a table's seats (`levels`: seat -> level), made afresh for the game's
    state from the table's `seed` and the number of actions so far (their noticing from the
    seed and the seat): whichever server asks, and however often, the same state gives the
    same robot moves."""
    return {
        seat: make_bot(
            level_for(level, game.name),
            game.name,
            f"{seed}:{game.seq}:{seat}",
            chance_seed=f"{seed}:{seat}",
        )
        for seat, level in levels.items()
    }
