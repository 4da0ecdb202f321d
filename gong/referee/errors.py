"""The referee's errors: a refused action, a game that cannot be set up, a seat that does not
exist. All are `RefereeError`s (a `ValueError`), so a face may catch them with one clause."""

from __future__ import annotations

from typing import Any


class RefereeError(ValueError):
    """Anything the referee refuses."""


class IllegalAction(RefereeError):
    """An action the rules refuse. The game state is left exactly as it was.

    `code` is a stable reason code for programs ("not_your_turn", "must_match", ...) and
    `params` the values the message names (seats as numbers, cards as codes), so a face can
    phrase the refusal in another language; `message` is the English text, naming the rule in
    words a child's parent understands.
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"


COMMON_REFUSALS = frozenset(
    {
        "game_over",
        "no_such_player",
        "no_such_seat",
        "not_allowed",
        "not_your_action",
        "not_your_turn",
        "unknown_action",
        "unreadable",
    }
)
"""The refusal codes every game may give (the base game's and the grammar's); a game declares
its own in its spec (`GameSpec.refusals`)."""


class GameSetupError(RefereeError):
    """An unknown game or option, a bad option value, a player count out of range, a bad deck,
    a saved game that cannot be loaded. `code` says which ("unknown_game", "player_count",
    "unknown_option", "option_not_switch", "option_not_number", "option_out_of_range",
    "option_not_a_choice", "option_needs_option", "bad_deck", "saved_game", …) and `params`
    the option and the limits, so a face says it in its reader's language."""

    def __init__(self, message: str, code: str = "setup", **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params


class SeatError(RefereeError):
    """A seat that is not one of the game's: not a whole number from 0 to players - 1 (or a
    spectator, `None`, where none is allowed). Never answered with another seat's data."""

    code = "no_such_seat"

    def __init__(self, seat: Any, players: int, spectator: bool = False) -> None:
        valid = f"a seat from 0 to {players - 1}" + (
            ", or None for a spectator" if spectator else ""
        )
        super().__init__(f"there is no seat {seat!r}: expected {valid}")
        self.seat = seat
        self.players = players


def check_seat(seat: Any, players: int, spectator: bool = False) -> None:
    """Raise `SeatError` unless `seat` is an int from 0 to players - 1 (a bool is not a seat),
    or `None` when `spectator` allows it."""
    if type(seat) is int and 0 <= seat < players:
        return
    if seat is None and spectator:
        return
    raise SeatError(seat, players, spectator)
