"""The referee: every rule of every game, enforced, with robots to play against.

One API for every game (GONG LINK, FAMILY and FIGHT; Go Fish, Jokers Go Boom, Gang of Four),
and an interface that is data, so the faces (the tables, the terminal) draw any game:

- `new_game(name, players=, seed=, options=, deck=)`; `GAMES` lists each game's `GameSpec`:
  player range, options with their defaults, `choices` and `bounds`, its deck (card faces,
  `gong.decks`), robots by level, event and reason codes with their English texts, and what
  a table shows of its view. A bad name, option or player count is a `GameSetupError` with a
  `code` and `params` (the option, the limits).
- `game.current` is the turn holder (`game.turn` counts the turns); `game.to_act()` the seats
  that may act now: the turn holder, or a joker's target, and anyone with a move out of turn.
- `game.legal_actions(seat)`, in canonical order, are frozen `Action` values: `verb`,
  `cards` (card codes), `target` (a seat), `rank` (a rank code) and `text`, which
  `game.parse_action(text, seat)` reads back to an equal action. `game.apply(action)`
  validates and raises `IllegalAction` (`code`, English `message`, `params` as data),
  leaving the game untouched.
- `game.view(seat)` what a seat may see; `game.events(seat)` what happened, as that seat may
  know it: frozen `Event`s (`gong.referee.events`); `None` is a spectator for both.
  `game.hand(seat)`, `game.public_cards()`, `game.all_cards()` (deck positions),
  `game.is_over`, `game.outcome` (`reason`, a code; winners; scores), `game.stats`,
  `game.log`, `game.seq` (actions applied: the state's version).
- Every method that takes a seat accepts an int from 0 to players - 1 (or None where a
  spectator may look) and raises `SeatError` for anything else.
- `game.to_json()` (with a format version) / `from_json(text)`, `game.clone()`, and
  `replay(name, players, seed, log, options)`.
- `gong.referee.bots.make_bot("easy" | "normal", name, seed).choose(game, seat)`.

The registry lists the game modules (`registry.BUILT_IN`); `load_games(["pkg.module"])`
adds an instance's own. A game module holds its game class and one `SPEC`; nothing
registers itself on import. A game (`gong.referee.game.Game`, deck-agnostic; GONG's
variants build on `gong.referee.gong_rules.GongGame`) declares, as class attributes:

- `DECK`: its cards, a tuple of card values with a `code` (duplicates allowed). The state
  holds deck positions: `self.hands[seat]` lists the positions a seat holds;
- `GRAMMAR`: a `Grammar` of its verbs' forms, e.g. ``{"ask": "seat rank", "play": "cards",
  "pass": ""}`` with `read_card` and `read_rank`; `GRAMMAR.action(player, verb, cards=(...),
  target=, rank=)` makes its actions, which write themselves in its words;
- `FIELDS` (its own plain-data state, `TYPES` for NamedTuple fields), `STATS` (counters in
  `self.counts`), `ANYTIME` (verbs usable out of turn);
- what it shows to everyone: `public_cards()`, and the public params of its events;

and implements `_deal(order)`, `_legal(seat)`, `_execute(action)` (with `self._emit(code,
params, secret, sees)`, `self._end_turn()`, `self._finish(reason, winners)`),
`_explain(action)`, `_table(seat)`, `_elsewhere()` (cards outside hands). README.md, "Adding
a game", has the whole recipe; `tests/referee/toygame.py` is a small whole game.

>>> from gong.referee import new_game, GAMES
>>> GAMES["gong-link"].max_players, GAMES["gong-link"].parse_option("turn_limit", "200")
(6, 200)
>>> game = new_game("gong-link", players=4, seed=7)
>>> game.to_act(), game.current
([0], 0)
>>> action = game.legal_actions(0)[0]
>>> action.verb, action.cards, action.text
('play', ('SE3',), 'play SE3')
>>> game.parse_action(action.text, 0) == action
True
>>> game.apply(action)
>>> game.log
['0: play SE3']
>>> game.events(1)[-1].to_dict()
{'seq': 1, 'actor': 0, 'code': 'played', 'params': {'player': 0, 'card': 'SE3'}}
"""

from gong.referee.actions import Action, Grammar
from gong.referee.errors import GameSetupError, IllegalAction, RefereeError, SeatError
from gong.referee.game import Game, Outcome, Reason
from gong.referee.gong_rules import GongGame
from gong.referee.registry import BUILT_IN, GAMES, GameSpec, from_json, load_games, new_game

load_games(BUILT_IN)

from collections.abc import Iterator  # noqa: E402

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
    "load_games",
    "new_game",
    "replay",
    "replaying",
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
    for _ in replaying(game, log):
        pass
    return game


def replaying(game: Game, log: list[str]) -> Iterator[Game]:
    """Apply a log's lines (``"2: play NE5"``) to `game` one by one, yielding it after each:
    what a viewer steps through."""
    for line in log:
        seat, _, text = line.partition(":")
        game.apply(game.parse_action(text, int(seat)))
        yield game
