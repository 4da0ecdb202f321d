"""The greedy Go Fish bot (the random one is `gong.referee.bots`'s, for every game).

It only uses what its seat knows: its own hand and its events. Asks are said aloud, so it
remembers who holds a rank (they asked for it, or were given it) and who lacks one (they said
"Go fish", or gave theirs away; a card drawn since makes that uncertain again, though
unlikely). It asks a player known to hold one of its ranks, else one not known to lack it,
else one who drew since, preferring the ranks it holds most of: it never asks a player for a
rank they said they lack unless they drew since. With `exact_card` it never bluffs with a
card it holds.

>>> from gong.referee import new_game
>>> from gong.referee.bots import make_bot
>>> game = new_game("go-fish", players=3, seed=5)
>>> str(make_bot("greedy", "go-fish", seed=1).choose(game, game.current))
'ask 1 4'
"""

from __future__ import annotations

from gong.classic_cards import parse_rank
from gong.referee.actions import Action
from gong.referee.bots import Bot
from gong.referee.go_fish import _RANK_INDEX, GoFishGame, _position

HOLDS, UNKNOWN, DREW_SINCE, LACKS = 3, 2, 1, 0
"""What a seat knows of another player and a rank, best first. DREW_SINCE: they said they
lack it, then drew a card, which is seldom that rank: asked only when nothing better is."""


def _index(code: str, exact: bool) -> int:
    return parse_rank(code[:-1] if exact and len(code) > 1 else code).value - 2


def knowledge(game: GoFishGame, seat: int) -> list[list[int]]:
    """For each player and rank index: HOLDS, UNKNOWN or LACKS, as `seat`'s events tell."""
    known = [[UNKNOWN] * 13 for _ in range(game.players)]
    for event in game.events(seat):
        code, p = event["code"], event["params"]
        if code == "asked":
            known[p["player"]][_index(p["asked"], game.exact)] = HOLDS
        elif code == "gave":  # an exact card: they may hold more of its rank
            known[p["to"]][_index(p["card"], True)] = HOLDS
        elif code == "gave_rank":  # all their cards of the rank
            index = _index(p["rank"], False)
            known[p["to"]][index] = HOLDS
            known[p["player"]][index] = LACKS
        elif code == "not_held":
            if not game.exact:
                known[p["player"]][_index(p["asked"], False)] = LACKS
        elif code == "drew":
            row = known[p["player"]]
            for i, state in enumerate(row):
                if state == LACKS:
                    row[i] = DREW_SINCE
        elif code == "lucky_draw":
            known[p["player"]][_index(p["card"], True)] = HOLDS
        elif code == "book":
            index = _index(p["rank"], False)
            for row in known:
                row[index] = LACKS
    return known


def _rank_index(action: Action) -> int:
    if action.rank is not None:
        return _RANK_INDEX[action.rank]
    return _position(action.cards[0]) >> 2


def _card_index(action: Action) -> int:
    return _position(action.cards[0])


def greedy_go_fish(self: Bot, game: GoFishGame, seat: int, acts: list[Action]) -> Action:
    mine = set(game.hands[seat])
    held = [0] * 13
    for c in mine:
        held[c >> 2] += 1
    known = knowledge(game, seat)
    sizes = [len(h) for h in game.hands]
    honest = [a for a in acts if not a.cards or _card_index(a) not in mine] or acts

    def score(a: Action) -> tuple[int, int, int]:
        index = _rank_index(a)
        return (known[a.target][index], held[index], sizes[a.target])

    best = max(score(a) for a in honest)
    ties = [a for a in honest if score(a) == best]
    return ties[self.rng.below(len(ties))]
