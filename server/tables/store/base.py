"""What every table store offers, whatever keeps the tables: the record, the errors, the API.

A table is one record under its id. Every write is a compare-and-set on the record's version,
so when two phones act at once exactly one move applies and the other sees that the table
moved on; a record is never half-written. Idle tables expire (7 days unless configured), and
rate-limit counters live in the same store, so limits hold across processes and machines.
"""

from __future__ import annotations

import json
import math
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

RECORD_FORMAT = 1
"""The layout of a stored record (the fields below). A newer layout is refused on load."""
STATE_FORMAT = 1
"""The newest format of the game state (the referee's to_json) this release reads, unless the
store is opened with another `state_format`."""
DEFAULT_TTL = 7 * 24 * 3600.0
"""Idle tables are kept this many seconds after their last write or touch."""


class StoreError(RuntimeError):
    """A table store problem, with a message a person can act on."""


class StoreConfigError(StoreError):
    """The store's configuration (GONG_STORE, GONG_TABLE_TTL) is unusable."""


class StoreUnavailableError(StoreError):
    """The backend cannot be reached or stayed locked too long; trying again later may work."""


class TableExistsError(StoreError):
    """`create` found a live table under that id."""


class StoreFullError(StoreError):
    """`create` was given `max_open` and that many tables are already open."""


class TableFormatError(StoreError):
    """A stored table cannot be read by this release: corrupted, or saved by a newer one.

    `table_id` names the table; the message says what is wrong. Nothing is changed in the
    store, so a newer release can still read it.
    """

    def __init__(self, table_id: str, problem: str) -> None:
        super().__init__(f"table {table_id}: {problem}")
        self.table_id = table_id
        self.problem = problem


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_time(value: Any) -> bool:
    return (_is_int(value) or isinstance(value, float)) and math.isfinite(value)


@dataclass(frozen=True, slots=True)
class TableRecord:
    """One table as stored.

    - `version`: the table's version; every write must raise it (compare-and-set).
    - `state`: the game state as the referee's `to_json()` wrote it; the store never reads it.
    - `state_format`: the format version of `state`, so a newer release can upgrade it and an
      older one refuses it clearly instead of misreading it.
    - `seats`: one JSON object per seat (name, bot, secret digest...), free-form.
    - `meta`: the table's own JSON data (game, mode, creator's digest, tally...), free-form.
    - `created`, `updated`: Unix times, stamped by the store on create and on every write.
    """

    version: int
    state: str
    state_format: int
    seats: list[Any] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)
    created: float = 0.0
    updated: float = 0.0

    def next(self, **changes: Any) -> TableRecord:
        """This record one version on, with `changes` (the usual argument of compare_and_set)."""
        return replace(self, version=self.version + 1, **changes)

    def problems(self) -> list[str]:
        """What is wrong with the fields, in words (empty when the record can be stored)."""
        problems = []
        if not _is_int(self.version) or self.version < 0:
            problems.append(f"version must be a whole number >= 0, not {self.version!r}")
        if not isinstance(self.state, str):
            problems.append(f"state must be the referee's JSON text, not {type(self.state)}")
        if not _is_int(self.state_format) or self.state_format < 1:
            problems.append(f"state_format must be a whole number >= 1, not {self.state_format!r}")
        if not isinstance(self.seats, list):
            problems.append(f"seats must be a list, not {type(self.seats).__name__}")
        if not isinstance(self.meta, dict):
            problems.append(f"meta must be a dict, not {type(self.meta).__name__}")
        if not (_is_time(self.created) and _is_time(self.updated)):
            problems.append("created and updated must be finite Unix times")
        return problems

    def to_json(self) -> str:
        """The stored text. Checks every field first, so a bad record is never written."""
        problems = self.problems()
        if problems:
            raise ValueError("bad table record: " + "; ".join(problems))
        document = {
            "format": RECORD_FORMAT,
            "version": self.version,
            "state_format": self.state_format,
            "state": self.state,
            "seats": self.seats,
            "meta": self.meta,
            "created": self.created,
            "updated": self.updated,
        }
        try:
            return json.dumps(document, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        except (TypeError, ValueError) as exc:
            raise ValueError(
                f"bad table record: seats or meta are not plain JSON ({exc})"
            ) from None

    @classmethod
    def from_json(cls, table_id: str, text: str, *, state_format: int) -> TableRecord:
        """Read a stored record, refusing anything this release cannot use (TableFormatError).

        `state_format` is the newest game-state format this release reads; older ones load
        (upgrading them is the referee's job), newer ones are refused.
        """
        try:
            document = json.loads(text)
        except (TypeError, ValueError) as exc:
            raise TableFormatError(table_id, f"the stored record is not JSON ({exc})") from None
        if not isinstance(document, dict):
            raise TableFormatError(table_id, "the stored record is not a JSON object")
        layout = document.get("format")
        if not _is_int(layout) or layout < 1:
            raise TableFormatError(table_id, f"the stored record has no valid format ({layout!r})")
        if layout > RECORD_FORMAT:
            raise TableFormatError(
                table_id,
                f"saved by a newer release (record format {layout}; this release reads up to "
                f"{RECORD_FORMAT})",
            )
        saved_state = document.get("state_format")
        if _is_int(saved_state) and saved_state > state_format:
            raise TableFormatError(
                table_id,
                f"saved by a newer release (game state format {saved_state}; this release "
                f"reads up to {state_format})",
            )
        try:
            record = cls(
                version=document["version"],
                state=document["state"],
                state_format=saved_state,
                seats=document["seats"],
                meta=document["meta"],
                created=document["created"],
                updated=document["updated"],
            )
        except KeyError as missing:
            raise TableFormatError(table_id, f"the stored record has no {missing}") from None
        problems = record.problems()  # the same checks as on write
        if problems:
            raise TableFormatError(table_id, "; ".join(problems))
        return record


def rate_window(now: float, window_seconds: float) -> tuple[int, float]:
    """The fixed window `now` falls in: its index and the time it ends (for Retry-After)."""
    index = math.floor(now / window_seconds)
    return index, (index + 1) * window_seconds


def check_window(window_seconds: float) -> None:
    if not _is_time(window_seconds) or window_seconds <= 0:
        raise ValueError(f"a rate window is a positive number of seconds, not {window_seconds!r}")


def check_new_version(expected_version: int, new_record: TableRecord) -> None:
    """Refuse a compare-and-set that would not raise the version: every backend orders writes
    by it, so a write that keeps or lowers it is a caller's bug."""
    if new_record.version <= expected_version:
        raise ValueError(
            f"a write must raise the version: {new_record.version} after {expected_version}"
        )


def index_mismatch(table_id: str, record: TableRecord, indexed: object) -> TableFormatError:
    """The error for a stored record whose own version differs from the one it is indexed by."""
    return TableFormatError(
        table_id, f"the stored record says version {record.version}, the index {indexed}"
    )


class TableStore(ABC):
    """Tables and rate counters, shared by every thread, process and server using one store.

    Every method is atomic on its own and safe to call from any thread. Backend failures
    raise StoreUnavailableError; unreadable tables raise TableFormatError.
    """

    ttl: float
    """Seconds an idle table is kept after its last write or touch."""
    state_format: int
    """The newest game-state format this store accepts."""
    clock: Callable[[], float]
    """Seconds since the epoch; tests move it to expire tables without waiting."""

    @abstractmethod
    def create(
        self, table_id: str, record: TableRecord, *, max_open: int | None = None
    ) -> TableRecord:
        """Store a new table and return it as stored (created and updated stamped).

        Raises TableExistsError if a live table has that id, and StoreFullError if `max_open`
        is given and that many tables are already open. Expired tables are purged first.
        """

    @abstractmethod
    def load(self, table_id: str) -> TableRecord | None:
        """The live table under that id, or None (never created, or expired)."""

    @abstractmethod
    def compare_and_set(
        self, table_id: str, expected_version: int, new_record: TableRecord
    ) -> bool:
        """Replace the table if its version is still `expected_version`; say whether it did.

        Of any number of writers at one version, exactly one wins. `new_record.version` must
        be greater than `expected_version`. A write also restarts the table's idle time.
        False means the table moved on, or is gone: `load` tells which.
        """

    @abstractmethod
    def touch(self, table_id: str) -> bool:
        """Restart a live table's idle time without writing it; False if there is none."""

    @abstractmethod
    def count(self) -> int:
        """How many tables are open (not expired), for a global cap."""

    @abstractmethod
    def hit(self, key: str, window_seconds: float) -> int:
        """Count one hit on `key` in the current fixed window and return the window's count.

        Windows are aligned on multiples of `window_seconds` since the epoch, so every server
        counts into the same window.
        """

    @abstractmethod
    def mark(self, key: str, when: float, keep_seconds: float) -> None:
        """Remember `when` under `key` for `keep_seconds` (who was last seen at a table)."""

    @abstractmethod
    def marks(self, keys: list[str]) -> dict[str, float]:
        """The remembered times of those `keys` that have one (not expired)."""

    @abstractmethod
    def purge_expired(self) -> int:
        """Delete what has expired now (tables, old counters); return how many tables went."""

    def close(self) -> None:  # noqa: B027 - optional for backends without resources
        """Release this store's connections (those of the calling thread for SQLite)."""

    def _new_record(self, record: TableRecord) -> tuple[TableRecord, str, float]:
        """A record about to be created, stamped with its times, its checked JSON, and now."""
        now = self.clock()
        record = replace(record, created=record.created or now, updated=now)
        return record, self._check_write(record), now

    def _check_write(self, record: TableRecord) -> str:
        text = record.to_json()
        if record.state_format > self.state_format:
            raise ValueError(
                f"state format {record.state_format} is newer than this store reads "
                f"({self.state_format})"
            )
        return text
