"""What the tables refuse: a `TableError` with a code for programs and an English message,
in the player's language where players meet it. The HTTP status of each code is the API
layer's (`server.tables.api.STATUS`)."""

from __future__ import annotations

from typing import Any

from gong.i18n import DEFAULT_LANGUAGE
from server.tables.wording import ERROR_TEXTS, SETUP_TEXTS


class TableError(Exception):
    """A request the tables refuse: `code` for programs, `message` in English.

    `extra` goes into the answer beside the error (the fresh state of a stale move, the
    seconds before a limit lifts).
    """

    def __init__(self, code: str, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.extra = extra

    def text(self, lang: str) -> str:
        """The message in `lang` for the refusals players meet; programs' mistakes (bad JSON,
        a missing field) stay in English, where their developers read them."""
        setup = self.extra.get("setup")
        if setup is not None:  # a game that cannot be set up: the referee's code says why
            template = ERROR_TEXTS.get(lang, SETUP_TEXTS).get(f"setup_{setup['code']}")
            if template is None or lang == DEFAULT_LANGUAGE:
                return self.message
            values = {k: ", ".join(map(str, v)) if isinstance(v, list) else v
                      for k, v in setup["params"].items()}  # fmt: skip
            try:
                return template.format(**values)
            except (KeyError, IndexError):
                return self.message
        template = ERROR_TEXTS.get(lang, {}).get(self.code)
        if template is None:
            return self.message
        return template.format(wait=self.extra.get("retry_after", 60))


class MoveRefused(TableError):
    """The referee refused a move: `code` is its rule's code, `params` its details."""
