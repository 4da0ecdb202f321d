"""The greedy Jokers Go Boom bot (the random one is `gong.referee.bots`'s, for every game).

It sheds points: of the cards that match, it plays the one worth most, and among equals the
one whose suit or rank the rest of its hand follows best. It keeps its boom cards while it can
match (they are never forced), and plays one rather than draw, or at once when someone else
is down to one card (everyone else draws). It only reads its own hand and the table.

>>> from gong.referee import new_game
>>> from gong.referee.bots import make_bot
>>> game = new_game("go-boom", players=3, seed=2)
>>> str(make_bot("greedy", "go-boom", seed=1).choose(game, 0))
'play 9D'
"""

from __future__ import annotations

from gong.referee.actions import Action
from gong.referee.bots import Bot
from gong.referee.go_boom import GoBoomGame, _position


def greedy_go_boom(self: Bot, game: GoBoomGame, seat: int, acts: list[Action]) -> Action:
    t = game.t
    plays = [(a, _position(a.cards[0])) for a in acts if a.verb == "play"]
    booms = [a for a, c in plays if t.boom[c]]
    matches = [(a, c) for a, c in plays if not t.boom[c]]
    someone_close = any(len(h) == 1 for s, h in enumerate(game.hands) if s != seat)
    if booms and (someone_close or not matches):
        return booms[0]
    if not matches:
        return acts[-1]  # draw or pass
    hand = game.hands[seat]

    def score(item: tuple[Action, int]) -> tuple[int, int]:
        _, c = item
        follow = sum(
            1 for o in hand if o != c and (t.rank[o] == t.rank[c] or t.suit[o] == t.suit[c])
        )
        return (t.value[c], follow)

    return max(matches, key=score)[0]
