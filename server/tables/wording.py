"""The tables' own words: the lines of the table's history that are not the game's (a seat
taken, the start), the seats' default names, and the refusals a player may meet, in every
language whose file (server/content/texts/history/) has them; English is here."""

from __future__ import annotations

from collections.abc import Mapping

from server.tables import referee_adapter as referee

TABLE_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "created": "The table is ready.",
        "joined": "{name} sat down.",
        "removed": "{name}'s seat is free again.",
        "left": "{name} left the table.",
        "left_waiting": "{name} got up.",
        "bot_took_seat": "A robot plays for {name} now.",
        "back": "{name} is back!",
        "started": "The game begins!",
        "bot_name": "Robot {n}",
        "seat_name": "Seat {n}",
        "next_table": "The next game is ready.",
    },
}


SETUP_TEXTS = {
    "setup_unknown_game": "There is no game called {game} here.",
    "setup_player_count": "This game is for {min} to {max} players.",
    "setup_unknown_option": "This game has no option called {option}.",
    "setup_option_out_of_range": "{option} goes from {min} to {max}.",
    "setup_option_not_number": "{option} is a whole number.",
    "setup_option_not_switch": "{option} is on or off.",
    "setup_option_not_a_choice": "{option} is one of these: {choices}.",
    "setup_option_needs_option": "{option} only works with {needs} on.",
    "setup_bad_deck": "That deck is not the deck of this game.",
}
"""The setup problems a player may meet, by the referee's code, with its params: the
reference for the other languages' files (English says the referee's own message)."""

# The refusals a player may meet, in the languages besides English (whose messages, with
# their details, are the service's own), from the languages' files.
ERROR_TEXTS: dict[str, dict[str, str]] = {}

# Every language but English keeps its lines and refusals in its file
# (server/content/texts/history/); one without a section keeps English there.
for _lang, _data in referee.FILED_TEXTS.items():
    if isinstance(_data.get("table"), Mapping):
        TABLE_TEXTS.setdefault(_lang, {k: str(v) for k, v in _data["table"].items()})
    if isinstance(_data.get("errors"), Mapping):
        ERROR_TEXTS.setdefault(_lang, {k: str(v) for k, v in _data["errors"].items()})
