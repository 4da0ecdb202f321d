"""The referee's errors: a refused action, and a game that cannot be set up."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action the rules refuse. The game state is left exactly as it was.

    `code` is a stable reason code for programs ("not_your_turn", "must_match", ...);
    the message names the rule in words a child's parent understands.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"IllegalAction({self.code!r}, {self.message!r})"


class GameSetupError(ValueError):
    """An unknown game or option, a bad option value, a player count out of range, a bad deck."""
