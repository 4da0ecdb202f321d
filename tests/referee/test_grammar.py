"""Action texts read by position, as the classic games will need them: `ask 3 4` (ask player
3 for fours: the second number is a rank, not a seat) and `play G7 Y7` (several cards)."""

from __future__ import annotations

import pytest

from gong.cards import parse_card
from gong.referee import IllegalAction
from gong.referee.actions import Grammar, one_word


def read_rank(word: str) -> int:
    if word.upper() in ("J", "Q", "K", "A"):
        return {"J": 11, "Q": 12, "K": 13, "A": 14}[word.upper()]
    if word.isdigit() and 2 <= int(word) <= 10:
        return int(word)
    raise ValueError(f"not a rank: {word!r}")


GRAMMAR = Grammar(
    {"ask": "seat rank", "play": "cards", "give": ("card -> seat", "seat card"), "pass": ""},
    read_card=one_word(parse_card),
    read_rank=read_rank,
)


def refusal(text: str, players: int = 4) -> IllegalAction:
    with pytest.raises(IllegalAction) as refused:
        GRAMMAR.parse(text, 0, players)
    return refused.value


def test_a_seat_then_a_rank_by_position():
    action = GRAMMAR.parse("ask 3 4", 1, players=4)
    assert (action.player, action.target, action.rank, action.cards) == (1, 3, "4", ())
    assert str(action) == "ask 3 4" and str(GRAMMAR.parse("ASK 2 q", 1, 4)) == "ask 2 12"
    assert GRAMMAR.parse(str(action), 1, 4) == action


def test_several_cards_and_the_canonical_form_of_a_verb_with_two():
    play = GRAMMAR.parse("play ne5 ZE5 om5", 0, 4)
    assert play.cards == ("NE5", "ZE5", "OM5") and play.card is None
    assert str(play) == "play NE5 ZE5 OM5"
    give = GRAMMAR.parse("give 2 NE5", 0, 4)
    assert give == GRAMMAR.parse("give NE5 to 2", 0, 4) and str(give) == "give NE5 -> 2"
    assert give.card == parse_card("NE5").code


BAD_TEXTS = {
    "ask 3": ("unreadable", "Write it like this: ask <seat> <rank>."),
    "ask 3 1": ("unreadable", "not a rank: '1'"),
    "ask 9 4": ("no_such_player", "There is no player 9"),
    "ask 3 4 5": ("unreadable", "Write it like this"),
    "play": ("unreadable", "Write it like this: play <cards>."),
    "play NE9": ("unreadable", "not a GONG card code: 'NE9'"),
    "give NE5 2 3": ("unreadable", "Name one player only"),
    "give NE5 ZE5 -> 2": ("unreadable", "Name one card only"),
    "fold": ("unknown_action", "'fold' is not an action of this game"),
}


@pytest.mark.parametrize("text", BAD_TEXTS)
def test_texts_that_do_not_fit_say_why(text):
    code, words = BAD_TEXTS[text]
    refused = refusal(text)
    assert refused.code == code and words in refused.message and refused.message.endswith(".")


def test_a_grammar_refuses_an_unknown_slot():
    with pytest.raises(ValueError, match="unknown slot 'suit'"):
        Grammar({"ask": "seat suit"})
