"""The referee: every rule of every game, enforced, with bots to play against.

One API for every game (GONG LINK, FAMILY and FIGHT now, RULES.md §2-5; the classic games join
the same registry):

- `new_game(name, players=, seed=, options=, deck=)`; `GAMES` lists each game's `GameSpec`:
  player range, options with their defaults, `choices` and `bounds`;
  `spec.parse_option(name, text)` reads an option's text. A bad name, option or player count
  is a `GameSetupError`.
- `game.to_act()` the seats that may act now; `game.legal_actions(seat)` in canonical order;
  `game.apply(action)` validates and raises `IllegalAction` (`code`, English `message`,
  `params` for other languages), leaving the game untouched; `game.parse_action(text, seat)`
  reads an action's text (`gong.referee.actions`).
- `game.view(seat)` what a seat may see; `game.events(seat)` what happened, as that seat may
  know it (`gong.referee.events`); `None` is a spectator for both. `game.hand(seat)`,
  `game.public_cards()`, `game.all_cards()` (deck positions), `game.is_over`, `game.outcome`
  (`reason`, a `Reason`; winners; scores), `game.turn`, `game.current`, `game.stats`,
  `game.log`, `game.seq` (actions applied: the state's version).
- Every method that takes a seat accepts an int from 0 to players - 1 (or None where a
  spectator may look) and raises `SeatError` for anything else.
- `game.to_json()` (with a format version) / `from_json(text)`, `game.clone()`, and
  `replay(name, players, seed, log, options)`.
- `gong.referee.bots.make_bot("random" | "greedy", name, seed).choose(game, seat)`.

A new game (`gong.referee.game.Game`, deck-agnostic; GONG's variants build on
`gong.referee.gong_rules.GongGame`) declares, as class attributes:

- `DECK`: its cards, a tuple of card values with a `code` (duplicates allowed). The state
  holds deck positions: `self.hands[seat]` lists the positions a seat holds;
- `GRAMMAR`: a `Grammar` of its verbs' forms, e.g. ``{"ask": "seat rank", "play": "cards",
  "pass": ""}`` with `read_card` and `read_rank`; `GRAMMAR.action(player, verb, cards=(...),
  target=, rank=)` makes its actions, which write themselves in its words;
- `FIELDS` (its own plain-data state, `TYPES` for NamedTuple fields), `STATS` (counters in
  `self.counts`), `ANYTIME` (verbs usable out of turn);
- what it shows to everyone: `public_cards()`, and the public params of its events;

implements `_deal(order)`, `_legal(seat)`, `_execute(action)` (with `self._emit(code, params,
secret, sees)`, `self._end_turn()`, `self._finish(reason, winners)`), `_explain(action)`,
`_table(seat)`, `_elsewhere()` (cards outside hands); and registers a `GameSpec` (with a
`turn_limit` option) whose `factory` is the class. A new way to end is a new member of
`Reason` with its words in `REASON_TEXTS` (`gong.referee.game`); a new event code gets its
English text in `gong.referee.events.TEXTS`. `tests/referee/toygame.py` is a small whole game.

>>> from gong.referee import new_game, GAMES
>>> GAMES["gong-link"].max_players, GAMES["gong-link"].parse_option("turn_limit", "200")
(6, 200)
>>> game = new_game("gong-link", players=4, seed=7)
>>> game.to_act()
[0]
>>> action = game.legal_actions(0)[0]
>>> game.parse_action(str(action), 0) == action
True
>>> game.apply(action)
>>> game.log
['0: play SE3']
>>> game.events(1)[-1]
{'seq': 1, 'actor': 0, 'code': 'played', 'params': {'player': 0, 'card': 'SE3'}}
"""

from gong.referee.actions import Action, Grammar
from gong.referee.errors import GameSetupError, IllegalAction, RefereeError, SeatError
from gong.referee.game import Game, Outcome, Reason
from gong.referee.gong_rules import GongGame
from gong.referee.registry import GAMES, GameSpec, from_json, new_game

# Importing a variant registers it.
from gong.referee import link  # noqa: E402,F401  isort: skip
from gong.referee import family  # noqa: E402,F401  isort: skip
from gong.referee import fight  # noqa: E402,F401  isort: skip
from gong.referee import gang_of_four  # noqa: E402,F401  isort: skip
from gong.referee import bots_gang_of_four  # noqa: E402,F401  isort: skip
from gong.referee import go_fish  # noqa: E402,F401  isort: skip
from gong.referee import go_boom  # noqa: E402,F401  isort: skip
from gong.referee import bots_go_fish  # noqa: E402,F401  isort: skip
from gong.referee import bots_go_boom  # noqa: E402,F401  isort: skip

__all__ = [
    "GAMES",
    "Action",
    "Game",
    "GameSetupError",
    "GameSpec",
    "GongGame",
    "Grammar",
    "IllegalAction",
    "Outcome",
    "Reason",
    "RefereeError",
    "SeatError",
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
) -> Game:
    """Play a game's log (lines like ``"2: play NE5"``) again from its seed."""
    game = new_game(name, players=players, seed=seed, options=options, **keywords)
    for line in log:
        seat, _, text = line.partition(":")
        game.apply(game.parse_action(text, int(seat)))
    return game
