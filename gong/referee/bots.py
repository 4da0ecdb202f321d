"""Bots that play any GONG variant through the public API: a random one and a greedy one.

A bot only reads what its seat may know: its own hand, everyone's card counts and the table
(`game.view(seat)` data, read here through the game for speed), never another player's hand.

>>> from gong.referee import new_game
>>> game = new_game("gong-link", players=2, seed=3)
>>> bot = make_bot("greedy", "gong-link", seed=1)
>>> bot.choose(game, 0) in game.legal_actions(0)
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gong.referee.actions import Action
from gong.referee.gong_rules import (
    FAMILY_OF,
    NUMBER_OF,
    GongGame,
    card_index,
    is_joker,
    is_numbered,
)
from gong.referee.registry import LEVEL_ALIASES, spec_of
from gong.referee.rng import Rng

BOT_KINDS = ("easy", "normal", "random", "greedy")
"""The robot levels (`gong.referee.registry.LEVELS`) and their older names, still read."""

NOTICE = {"easy": (1, 2), "normal": (1, 1)}
"""Each level's chance of noticing a move out of turn the moment it may make it (a GONG
call for itself, a catch, "Last card!"), as (chances, in): an easy robot misses half of
them, as a child does; a normal robot never misses one."""


class Bot:
    """Chooses one of `game.legal_actions(seat)`; seeded, so simulations replay.

    A bot's level is one of its game's robots (`GameSpec.robots`; "easy" plays a legal move
    at random in every game). Each bot has its own generator (never the game's), of the
    games' class (`Rng`): the same seed gives the same choices in any process and on any
    Python version."""

    def __init__(
        self, kind: str, game_name: str, seed: int | str = 0, chance_seed: int | str | None = None
    ) -> None:
        self.kind = kind
        self.chance_seed = seed if chance_seed is None else chance_seed
        self.level = LEVEL_ALIASES.get(kind, kind)
        self.game_name = game_name
        # The generator's seed keeps the old names, so recorded simulations replay.
        old_name = {"easy": "random", "normal": "greedy"}.get(self.level, self.level)
        self.rng = Rng(f"{old_name}:{game_name}:{seed}")
        strategy = spec_of(game_name).robot(self.level)
        self._strategy: Callable[[Any, int, list[Action]], Action] = (
            self._random if strategy is None else strategy.__get__(self)
        )

    def choose(self, game: Any, seat: int) -> Action:
        acts = game.legal_actions(seat)
        if not acts:
            raise ValueError(f"player {seat} cannot act now")
        if len(acts) == 1:
            return acts[0]
        return self._strategy(game, seat, acts)

    def notices(self, game: Any, seat: int) -> bool:
        """Whether the bot notices the move out of turn `seat` may make now (`NOTICE`).

        It decides once per chance (`game.chance(seat)`: one missed GONG, however many moves
        it stays open), from a generator of its own seeded by `chance_seed` and the chance,
        never the game's: asked again, or by another server, it answers the same."""
        chances, total = NOTICE.get(self.level, NOTICE["easy"])
        if chances >= total:
            return True
        return Rng(f"notice:{self.chance_seed}:{game.chance(seat)}").below(total) < chances

    def _random(self, game: Any, seat: int, acts: list[Action]) -> Action:
        return acts[self.rng.below(len(acts))]

    def __repr__(self) -> str:
        return f"<{self.level} bot for {self.game_name}>"


def make_bot(
    kind: str, game_name: str, seed: int | str = 0, chance_seed: int | str | None = None
) -> Bot:
    """A bot of level `kind` ("easy" or "normal"; "random" and "greedy" are their older
    names) for the game `game_name`; `chance_seed` (default: `seed`) seeds its noticing of
    moves out of turn (`Bot.notices`). ValueError for an unknown game or level, or a level
    that game has no robot for."""
    spec = spec_of(game_name)  # a clear error for an unknown game
    if kind not in BOT_KINDS:
        raise ValueError(f"unknown bot {kind!r}; the bots are: {', '.join(BOT_KINDS)}")
    if LEVEL_ALIASES.get(kind, kind) not in spec.levels:
        raise ValueError(f"there is no {kind} bot for {game_name} yet; use easy")
    return Bot(kind, game_name, seed, chance_seed)


# --- shared greedy habits -------------------------------------------------------------------


def _pick(acts: list[Action], verb: str) -> list[Action]:
    return [a for a in acts if a.verb == verb]


def _answer_joker(game: GongGame, seat: int, acts: list[Action], fewer_is_better: bool) -> Action:
    """Counter a swap that would hurt: a bigger hand in LINK and FIGHT, a smaller in FAMILY."""
    attacker = game.counter.attacker
    theirs, mine = len(game.hands[attacker]), len(game.hands[seat]) - 1
    hurts = theirs > mine if fewer_is_better else theirs < mine
    counters = _pick(acts, "counter")
    return counters[0] if hurts and counters else _pick(acts, "no-counter")[0]


def _good_joker(
    game: GongGame, seat: int, acts: list[Action], fewer_is_better: bool
) -> Action | None:
    """A joker swap that clearly helps, if there is one."""
    jokers = _pick(acts, "joker")
    if not jokers:
        return None
    mine = len(game.hands[seat]) - 1

    def size(a: Action) -> int:
        return len(game.hands[a.target])

    best = min(jokers, key=size) if fewer_is_better else max(jokers, key=size)
    gain = mine - size(best) if fewer_is_better else size(best) - mine
    return best if gain >= 2 else None


# --- GONG LINK ---------------------------------------------------------------------------------


def greedy_link(self: Bot, game: GongGame, seat: int, acts: list[Action]) -> Action:
    if game.counter is not None:
        return _answer_joker(game, seat, acts, fewer_is_better=True)
    gongs = _pick(acts, "gong")
    if gongs:
        return gongs[0]  # protect yourself first, then catch
    joker = _good_joker(game, seat, acts, fewer_is_better=True)
    if joker is not None:
        return joker
    plays = _pick(acts, "play")
    if plays:
        hand = [c for c in game.hands[seat] if is_numbered(c)]

        def followers(a: Action) -> int:
            # Keep the game flowing: play the card the rest of the hand can follow most.
            c = card_index(a.card)
            fam, num = FAMILY_OF[c], NUMBER_OF[c]
            return sum(1 for o in hand if o != c and (FAMILY_OF[o] == fam or NUMBER_OF[o] == num))

        return max(plays, key=followers)
    return acts[0]


# --- GONG FAMILY -------------------------------------------------------------------------------


def greedy_family(self: Bot, game: GongGame, seat: int, acts: list[Action]) -> Action:
    if game.counter is not None:
        return _answer_joker(game, seat, acts, fewer_is_better=False)
    joker = _good_joker(game, seat, acts, fewer_is_better=False)
    if joker is not None:
        return joker
    asks = _pick(acts, "ask")
    if not asks:
        return acts[-1]
    hand = game.hands[seat]
    held = [0] * 9
    for c in hand:
        if is_numbered(c):
            held[FAMILY_OF[c]] += 1
    # Asks are said aloud: remember who recently asked for which galaxy (they hold one).
    known: dict[int, int] = {}
    for line in game.log[-4 * game.players :]:
        who, _, text = line.partition(": ")
        words = text.split()
        if words and words[0] == "ask" and int(who) != seat:
            known[_family_of_code(words[2])] = int(who)

    def score(a: Action) -> tuple[int, int, int]:
        fam = FAMILY_OF[card_index(a.card)]
        return (held[fam], known.get(fam) == a.target, len(game.hands[a.target]))

    return max(asks, key=score)


def _family_of_code(code: str) -> int:
    from gong.cards import parse_card

    return FAMILY_OF[card_index(parse_card(code))]


# --- GONG FIGHT --------------------------------------------------------------------------------


def greedy_fight(self: Bot, game: GongGame, seat: int, acts: list[Action]) -> Action:
    if game.counter is not None:
        return _answer_joker(game, seat, acts, fewer_is_better=True)
    first = acts[0].verb
    if game.fight is not None or first == "report":
        # A phone game's choice, fair and blind: the robot reads nothing of the state (the
        # scheduler asks it only once the people have chosen). A report by a robot happens
        # only in a game of robots, where nobody fought for real.
        return acts[self.rng.below(len(acts))]
    if first in ("joker", "draw"):
        joker = _good_joker(game, seat, acts, fewer_is_better=True)
        return joker if joker is not None else _pick(acts, "draw")[0]
    sizes = [len(h) for h in game.hands]
    if first == "winner":
        return acts[self.rng.below(len(acts))]  # the bot cannot see the table game
    if first == "target":
        verb = game.queue[0].verb
        if verb in ("challenge", "take"):
            # Challenge the leader (who then risks gaining cards); take from the leader.
            return min(acts, key=lambda a: sizes[a.target])
        # Give to, or receive from, the player furthest from winning.
        return max(acts, key=lambda a: sizes[a.target])
    # lay or give: keep the jokers, which can swap a big hand away later.
    numbered = [a for a in acts if not is_joker(card_index(a.card))]
    return (numbered or acts)[0]
