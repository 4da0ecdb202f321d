"""The GONG referee: every rule of every variant, enforced, with bots to play against.

One API for every game (RULES.md §2-5 now; the classic games join the same registry):

- `new_game(name, players=, seed=, options=, deck=)`; `GAMES` lists each game's player range
  and options with their defaults; a bad name, option or player count is a `GameSetupError`.
- `game.to_act()` the seats that may act now; `game.legal_actions(seat)` in canonical order;
  `game.apply(action)` validates and raises `IllegalAction(code, message)`, leaving the game
  untouched; `game.parse_action(text, seat)` reads an action's text (see `actions`).
- `game.view(seat)` what a seat may see (`None`: a spectator); `game.is_over`, `game.outcome`
  (reason, winners, scores); `game.turn`, `game.current`, `game.stats`, `game.log`.
- `game.to_json()` / `from_json(text)`, `game.clone()`, and `replay(...)` of a log.
- `gong.referee.bots.make_bot("random" | "greedy", name, seed).choose(game, seat)`.

>>> from gong.referee import new_game, GAMES
>>> GAMES["gong-link"].max_players
6
>>> game = new_game("gong-link", players=4, seed=7)
>>> game.to_act()
[0]
>>> action = game.legal_actions(0)[0]
>>> game.parse_action(str(action), 0) == action
True
>>> game.apply(action)
>>> game.log
['0: play SE3']
"""

from gong.referee.actions import Action
from gong.referee.base import GongGame, Outcome
from gong.referee.errors import GameSetupError, IllegalAction
from gong.referee.registry import GAMES, GameSpec, from_json, new_game

# Importing a variant registers it.
from gong.referee import link  # noqa: E402,F401  isort: skip
from gong.referee import family  # noqa: E402,F401  isort: skip
from gong.referee import fight  # noqa: E402,F401  isort: skip

__all__ = [
    "GAMES",
    "Action",
    "GameSetupError",
    "GameSpec",
    "GongGame",
    "IllegalAction",
    "Outcome",
    "from_json",
    "new_game",
    "replay",
]


def replay(
    name: str,
    players: int,
    seed: int | str,
    log: list[str],
    options: dict | None = None,
    **keywords: object,
) -> GongGame:
    """Play a game's log (lines like ``"2: play NE5"``) again from its seed."""
    game = new_game(name, players=players, seed=seed, options=options, **keywords)
    for line in log:
        seat, _, text = line.partition(":")
        game.apply(game.parse_action(text, int(seat)))
    return game
