"""Gang of Four's greedy bot (the random bot is the shared one in `gong.referee.bots`).

It reads only what its seat may know: its hand, the table and everyone's card counts.

- It answers with the lowest combination that beats, and passes rather than break a gang;
- it leads with its longest run of low cards (most cards, then weakest);
- it keeps its gangs for when they matter: to go out, or when another player is close to
  going out (three cards or fewer);
- the obligations need no thought: `legal_actions` already holds only what they allow, and
  it says "Last card!" the moment it may.

>>> from gong.referee import new_game
>>> from gong.referee.bots import make_bot
>>> game = new_game("gang-of-four", players=4, seed=2)
>>> seat = game.current
>>> make_bot("greedy", "gang-of-four", seed=1).choose(game, seat) in game.legal_actions(seat)
True
"""

from __future__ import annotations

from collections import Counter

from gong.referee.actions import Action
from gong.referee.bots import Bot
from gong.referee.gang_of_four import cards_of
from gong.referee.gof_combos import GANG, combination

DANGER = 3
"""Another player with this many cards or fewer makes a gang worth playing."""


def _strength(action: Action) -> tuple[int, ...]:
    return combination(cards_of(action)).strength


def greedy_gang_of_four(self: Bot, game, seat: int, acts: list[Action]) -> Action:
    by_verb: dict[str, list[Action]] = {}
    for a in acts:
        by_verb.setdefault(a.verb, []).append(a)
    if "announce" in by_verb:
        return by_verb["announce"][0]
    if "return" in by_verb:
        return _card_to_return(game, seat, by_verb["return"])
    plays = by_verb.get("play", [])
    if not plays:
        return acts[0]
    hand = game.hand(seat)
    for a in plays:
        if len(a.cards) == len(hand):
            return a  # going out beats everything
    numbers = Counter(card.number for card in hand if card.number is not None)
    gang_numbers = {n for n, k in numbers.items() if k >= 4}

    def is_gang(a: Action) -> bool:
        return combination(cards_of(a)).kind is GANG

    def breaks_gang(a: Action) -> bool:
        return not is_gang(a) and any(card.number in gang_numbers for card in cards_of(a))

    keeping = [a for a in plays if not is_gang(a) and not breaks_gang(a)]
    if not game.table:
        choices = keeping or [a for a in plays if not is_gang(a)] or plays
        return min(choices, key=lambda a: (-len(a.cards), _strength(a)))
    if keeping:
        return min(keeping, key=_strength)
    others = [len(game.hands[s]) for s in range(game.players) if s != seat and not game.barred[s]]
    danger = bool(others) and min(others) <= DANGER
    gangs = [a for a in plays if is_gang(a)]
    if danger and gangs:
        return min(gangs, key=_strength)
    if "pass" in by_verb:
        if danger:
            return min(plays, key=_strength)
        return by_verb["pass"][0]
    return min(plays, key=_strength)  # obliged to play


def _first_number(action: Action) -> int | None:
    return cards_of(action)[0].number


def _card_to_return(game, seat: int, acts: list[Action]) -> Action:
    """The lowest card that pairs with nothing in the hand (else the lowest card)."""
    numbers = Counter(card.number for card in game.hand(seat))
    lonely = [a for a in acts if _first_number(a) is not None and numbers[_first_number(a)] == 1]
    return (lonely or acts)[0]
