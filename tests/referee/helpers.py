"""Stacked decks and stacked positions for the referee's scenario tests."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from gong.cards import DECK, Family, Kind, parse_card
from gong.i18n import LANGUAGES
from gong.missions import Challenge, Mission, MissionBook, Step
from gong.referee import IllegalAction, new_game
from gong.referee.gong_rules import card_index


def stacked_deck(
    players: int, hands: Sequence[Sequence[str]] = (), draw: Sequence[str] = ()
) -> list[str]:
    """A full 56-card deck order: `hands[i]` dealt to seat i (filled up to 9 cards with the
    unnamed cards in deck order), then `draw` on top of the draw pile, then the rest."""
    named = [c.upper() for hand in hands for c in hand] + [c.upper() for c in draw]
    assert len(named) == len(set(named)), f"a card is named twice: {named}"
    pool = [card.code for card in DECK if card.code not in named]
    order: list[str] = []
    for seat in range(players):
        hand = [c.upper() for c in (hands[seat] if seat < len(hands) else ())]
        assert len(hand) <= 9
        while len(hand) < 9:
            hand.append(pool.pop(0))
        order += hand
    return order + [c.upper() for c in draw] + pool


def game(
    name: str,
    players: int = 3,
    hands: Sequence[Sequence[str]] = (),
    draw: Sequence[str] = (),
    options: dict | None = None,
    **keywords,
):
    return new_game(
        name,
        players=players,
        seed=1,
        options=options,
        deck=stacked_deck(players, hands, draw),
        **keywords,
    )


def position(
    g,
    hands: Sequence[Sequence[str]],
    draw: Sequence[str] = (),
    discard: Sequence[str] = (),
    laid: Sequence[Sequence[str]] = (),
    reached: Sequence[Sequence[int]] | None = None,
    seq: int = 0,
) -> None:
    """Put a game in a stacked position: these hands, `draw` (top card first), `discard`
    (bottom first, top last), FAMILY's `laid` families (family codes per seat) with the
    action counts at which each was `reached`. A position must place all 56 cards."""
    idx = [[card_index(parse_card(c)) for c in hand] for hand in hands]
    g.hands = [sorted(h) for h in idx] + [[] for _ in range(g.players - len(idx))]
    g.draw = [card_index(parse_card(c)) for c in reversed(draw)]
    g.discard = [card_index(parse_card(c)) for c in discard]
    if hasattr(g, "laid"):
        g.laid = [[Family(code).index for code in seat] for seat in laid] + [
            [] for _ in range(g.players - len(laid))
        ]
        g.reached = (
            [list(r) for r in reached]
            if reached is not None
            else [list(range(1, len(seat) + 1)) for seat in g.laid]
        )
        g.seq = seq
    if hasattr(g, "one"):
        g.one = [None] * g.players
    g._cache, g._acting = {}, None
    cards = sorted(g.all_cards())
    assert cards == list(range(56)), "a position must place all 56 cards exactly once"


def positioned(
    name: str,
    hands: Sequence[Sequence[str]],
    discard: Sequence[str] = (),
    top: Sequence[str] = (),
    draw: Sequence[str] | None = None,
    players: int = 3,
    options: dict | None = None,
    **keywords,
):
    """A game of `name` in this position: `draw` is the draw pile (top card first), by
    default `top` on the rest of the deck."""
    g = new_game(name, players=players, seed=1, options=options or None, **keywords)
    named = [c for h in hands for c in h] + list(discard) + list(top)
    pile = [*top, *rest_of_deck(named)] if draw is None else draw
    position(g, hands=hands, discard=discard, draw=pile)
    return g


def refused(g, seat: int, text: str) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        play(g, seat, text)
    return info.value


def rest_of_deck(*named: Sequence[str]) -> list[str]:
    """The codes of every card not in `named` (in deck order)."""
    used = {c.upper() for group in named for c in group}
    return [card.code for card in DECK if card.code not in used]


def acts(g, seat: int) -> list[str]:
    return [str(a) for a in g.legal_actions(seat)]


def play(g, seat: int, text: str) -> None:
    g.apply(g.parse_action(text, seat))


TEXT = {lang: "Do it." for lang in LANGUAGES}


def book(bonus=(("lay_down", 1, None),), malus=(("draw", 1, None),), fight=None) -> MissionBook:
    """A MissionBook with one mission per kind built in code; steps are (verb, count, target).
    `fight` is (winner steps, loser steps)."""

    def steps(items):
        return tuple(Step(verb, count, target) for verb, count, target in items)

    winner, loser = fight or ((("lay_down", 1, None),), (("draw", 1, None),))
    missions = {
        Kind.BONUS: (Mission("bonus-t", Kind.BONUS, TEXT, TEXT, steps(bonus)),),
        Kind.MALUS: (Mission("malus-t", Kind.MALUS, TEXT, TEXT, steps(malus)),),
        Kind.FIGHT: (
            Mission(
                "fight-t",
                Kind.FIGHT,
                TEXT,
                TEXT,
                (Challenge("rock_paper_scissors", steps(winner), steps(loser)),),
            ),
        ),
    }
    return MissionBook(missions)
