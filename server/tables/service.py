"""The tables: making a table, taking seats, starting, moving, robots, leaving, playing
again. The JSON API (`api.py`) and the pages call this; it knows neither Flask nor HTTP.

It is made of its parts, one job each: the record and its format (`record.py`), the seats'
lifecycle (`lifecycle.py`), play and robots (`play.py`), the answers (`answers.py`); what it
refuses is a `TableError` (`errors.py`) whose HTTP status is the API's.

Every call is one store load plus at most a few compare-and-set writes on the table's
version, so any worker of any server may answer any phone and no move is lost or applied
twice. Nothing runs in the background: the first request that finds a robot's move due
applies it, paced by `Settings.bot_delay` (and at least `Settings.call_wait` while a person
could still make an optional move, such as a GONG call or a catch). A table nobody asks
about does no work.

Versions: a table is made at version 1, and every change raises the version by one: a seat
taken or left, the start, each game action (a person's or a robot's). Every version has at
least one event, so `events since <version>` always says what changed.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from server.tables import referee_adapter as referee
from server.tables.answers import Answers
from server.tables.errors import TableError
from server.tables.ids import TableIdError, parse_table_id
from server.tables.lifecycle import Lifecycle
from server.tables.play import Play
from server.tables.record import Table
from server.tables.store import TableFormatError, TableStore


@dataclass(frozen=True)
class Settings:
    bot_delay: float = 1.0
    """Seconds between robot moves, so people can follow: each stays on screen a second."""
    call_wait: float = 5.0
    """Robots wait at least this long while a person holds an optional move (a GONG call,
    a catch, "Last card!"), so a child has time to find the button."""
    fight_seconds: float = 60.0
    """Seconds a fighter has for a phone game's choice (GONG FIGHT) before losing it, with a
    countdown on the screen; a fight played for real has no clock."""
    away_after: float = 60.0
    """Seconds without a request from a seat before its person counts as away: only then
    may the creator hand the seat to a robot."""
    poll_every: float = 1.0
    """Seconds between a table page's looks for a new version (its script)."""
    tables_per_minute: int = 30
    max_open: int = 10_000
    testing: bool = False
    """Accept "seed" and "deck" at creation (deterministic tests; never in production)."""
    missions: Any = None
    """The site's mission book: FIGHT tables play its missions, the ones their pages show
    (None: the bundled missions)."""


class TableService(Lifecycle, Play, Answers):
    """Tables in `store`, played by the referee (see the module's docstring)."""

    CAS_ATTEMPTS = 4

    def __init__(
        self,
        store: TableStore,
        settings: Settings | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        if store.state_format < referee.STATE_FORMAT:
            raise ValueError(
                f"{store!r} reads game states up to format {store.state_format}, but the "
                f"referee writes format {referee.STATE_FORMAT}: open it with "
                f"state_format={referee.STATE_FORMAT}"
            )
        self.store = store
        self.settings = settings or Settings()
        self.clock = clock
        self._marked: dict[str, float] = {}

    def load(self, table_id: str) -> Table:
        """The table, or a TableError: `no_such_table`, or `table_unreadable` for a table
        this release cannot read."""
        try:
            canonical = parse_table_id(table_id)
        except TableIdError:
            raise self._unknown(table_id) from None
        try:
            record = self.store.load(canonical)
            if record is None:
                raise self._unknown(canonical)
            return Table(canonical, record, self.settings.missions)
        except TableFormatError as exc:
            raise TableError(
                "table_unreadable",
                f"This table cannot be played here: {exc.problem}. Start a new one.",
            ) from None

    @staticmethod
    def _unknown(table_id: str) -> TableError:
        return TableError(
            "no_such_table", f"There is no table {table_id[:40]!r}: it ended or never was."
        )

    def _write(self, table: Table) -> bool:
        return self.store.compare_and_set(table.id, table.loaded.version, table.record())

    def _change(self, table_id: str, change: Callable[[Table], Any]) -> tuple[Table, Any]:
        """Load, apply `change` and write at the next version, again from a fresh load when
        another request wrote first. `change` raises TableError to refuse."""
        for _attempt in range(self.CAS_ATTEMPTS):
            table = self.load(table_id)
            result = change(table)
            if not table.changed or self._write(table):
                return table, result
        raise TableError("busy", "The table is very busy right now: try again.", retry_after=1)
