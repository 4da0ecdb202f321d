"""The default table store: one SQLite file in the instance folder.

Safe for a threaded WSGI server and several worker processes on one machine: each thread of
each process has its own connection (reopened after a fork), the file is in WAL mode so
readers never wait for the writer, and writers wait for each other up to `busy_timeout`.
Each write is one statement or one `BEGIN IMMEDIATE` transaction, so it is all or nothing.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

from .base import (
    DEFAULT_TTL,
    STATE_FORMAT,
    StoreError,
    StoreFullError,
    StoreUnavailableError,
    TableExistsError,
    TableRecord,
    TableStore,
    check_new_version,
    check_window,
    index_mismatch,
    rate_window,
)

SCHEMA_VERSION = 1
"""PRAGMA user_version of the file; a newer file is refused rather than misread."""
BUSY_TIMEOUT = 10.0
"""Seconds a writer waits for another before giving up with StoreUnavailableError."""
PURGE_EVERY_HITS = 64
"""Old rate counters are also purged every this many hits (creates always purge)."""

_INHERITED: list[sqlite3.Connection] = []
"""Connections a forked child inherited, kept referenced so they are never closed there."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    version INTEGER NOT NULL,
    record TEXT NOT NULL,
    expires REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS tables_expires ON tables (expires);
CREATE TABLE IF NOT EXISTS rates (
    key TEXT PRIMARY KEY,
    count INTEGER NOT NULL,
    expires REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS rates_expires ON rates (expires);
"""


class SQLiteTableStore(TableStore):
    """Tables in one SQLite file (`<instance>/tables.sqlite3` by default).

    `clock` gives the time (Unix seconds); tests pass a fake one to expire tables at will.
    """

    def __init__(
        self,
        path: Path | str,
        *,
        ttl: float = DEFAULT_TTL,
        state_format: int = STATE_FORMAT,
        clock: Callable[[], float] = time.time,
        busy_timeout: float = BUSY_TIMEOUT,
    ) -> None:
        self.path = Path(path)
        self.ttl = float(ttl)
        self.state_format = state_format
        self.clock = clock
        self.busy_timeout = busy_timeout
        self._local = threading.local()
        self._hits = 0

    def __repr__(self) -> str:
        return f"SQLiteTableStore({str(self.path)!r}, ttl={self.ttl:g})"

    # -- connections ---------------------------------------------------------------------

    def _connection(self) -> sqlite3.Connection:
        local = self._local
        if getattr(local, "pid", None) != os.getpid():
            # A connection must not cross a fork, not even to be closed (closing may checkpoint
            # the parent's WAL): the child keeps the inherited one untouched and opens its own.
            inherited = getattr(local, "connection", None)
            if inherited is not None:
                _INHERITED.append(inherited)
            local.connection = self._connect_or_explain()
            local.pid = os.getpid()
        return local.connection

    def _connect(self) -> sqlite3.Connection:
        connection = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # Seat names are private: the file (and so its -wal and -shm) is the owner's only.
            os.close(os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600))
            # isolation_level=None: no hidden transactions; each statement commits unless an
            # explicit BEGIN IMMEDIATE groups several.
            connection = sqlite3.connect(self.path, timeout=self.busy_timeout, isolation_level=None)
            self._use_wal(connection)
            # In WAL mode NORMAL never corrupts; a power cut may lose the last moves only.
            connection.execute("PRAGMA synchronous=NORMAL")
            self._ensure_schema(connection)
        except BaseException:
            if connection is not None:
                connection.close()
            raise
        return connection

    def _use_wal(self, connection: sqlite3.Connection) -> None:
        # Switching a fresh file to WAL takes a lock that SQLite's busy handler does not wait
        # for, so workers opening the store at once retry, up to busy_timeout.
        deadline = time.monotonic() + self.busy_timeout
        while True:
            try:
                connection.execute("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(0.01)

    def _connect_or_explain(self) -> sqlite3.Connection:
        try:
            return self._connect()
        except sqlite3.OperationalError as exc:
            raise StoreUnavailableError(
                f"{self.path}: cannot open the table store ({exc})"
            ) from None
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path}: not a table store ({exc})") from None
        except OSError as exc:
            raise StoreUnavailableError(
                f"{self.path}: cannot create the table store ({exc})"
            ) from None

    def _ensure_schema(self, connection: sqlite3.Connection) -> None:
        (found,) = connection.execute("PRAGMA user_version").fetchone()
        if found == SCHEMA_VERSION:
            return
        if found > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path}: made by a newer release (schema {found}; this release "
                f"reads up to {SCHEMA_VERSION})"
            )
        # First use: several processes may get here at once; the statements are idempotent
        # and the write lock makes them take turns.
        connection.execute("BEGIN IMMEDIATE")
        try:
            for statement in filter(str.strip, _SCHEMA.split(";")):
                connection.execute(statement)
            connection.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
            connection.execute("COMMIT")
        except BaseException:
            connection.execute("ROLLBACK")
            raise

    @contextlib.contextmanager
    def _errors(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.OperationalError as exc:
            raise StoreUnavailableError(f"{self.path}: the table store is busy ({exc})") from None
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{self.path}: the table store is damaged ({exc})") from None

    @contextlib.contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        connection = self._connection()
        with self._errors():
            # IMMEDIATE takes the write lock at once, so a read inside sees what is written.
            connection.execute("BEGIN IMMEDIATE")
            try:
                yield connection
            except BaseException:
                connection.execute("ROLLBACK")
                raise
            connection.execute("COMMIT")

    def close(self) -> None:
        local = self._local
        connection = getattr(local, "connection", None)
        if connection is not None:
            if local.pid == os.getpid():
                connection.close()
            else:
                _INHERITED.append(connection)
        local.__dict__.clear()

    # -- tables --------------------------------------------------------------------------

    def create(
        self, table_id: str, record: TableRecord, *, max_open: int | None = None
    ) -> TableRecord:
        record, text, now = self._new_record(record)
        with self._transaction() as connection:
            self._purge(connection, now)
            if max_open is not None:
                (open_now,) = connection.execute("SELECT COUNT(*) FROM tables").fetchone()
                if open_now >= max_open:
                    raise StoreFullError(f"{open_now} tables are open, the most allowed")
            try:
                connection.execute(
                    "INSERT INTO tables (id, version, record, expires) VALUES (?, ?, ?, ?)",
                    (table_id, record.version, text, now + self.ttl),
                )
            except sqlite3.IntegrityError:
                raise TableExistsError(f"table {table_id} already exists") from None
        return record

    def load(self, table_id: str) -> TableRecord | None:
        with self._errors():
            row = (
                self._connection()
                .execute(
                    "SELECT version, record FROM tables WHERE id = ? AND expires > ?",
                    (table_id, self.clock()),
                )
                .fetchone()
            )
        if row is None:
            return None
        version, text = row
        record = TableRecord.from_json(table_id, text, state_format=self.state_format)
        if record.version != version:
            raise index_mismatch(table_id, record, version)
        return record

    def compare_and_set(
        self, table_id: str, expected_version: int, new_record: TableRecord
    ) -> bool:
        check_new_version(expected_version, new_record)
        now = self.clock()
        text = self._check_write(replace(new_record, updated=now))
        with self._errors():
            # One UPDATE is atomic: of several writers at one version, only the first matches.
            cursor = self._connection().execute(
                "UPDATE tables SET version = ?, record = ?, expires = ?"
                " WHERE id = ? AND version = ? AND expires > ?",
                (new_record.version, text, now + self.ttl, table_id, expected_version, now),
            )
        return cursor.rowcount == 1

    def touch(self, table_id: str) -> bool:
        now = self.clock()
        with self._errors():
            cursor = self._connection().execute(
                "UPDATE tables SET expires = ? WHERE id = ? AND expires > ?",
                (now + self.ttl, table_id, now),
            )
        return cursor.rowcount == 1

    def count(self) -> int:
        with self._errors():
            (found,) = (
                self._connection()
                .execute("SELECT COUNT(*) FROM tables WHERE expires > ?", (self.clock(),))
                .fetchone()
            )
        return found

    # -- rate counters -------------------------------------------------------------------

    def hit(self, key: str, window_seconds: float) -> int:
        check_window(window_seconds)
        now = self.clock()
        index, ends = rate_window(now, window_seconds)
        self._hits += 1
        if self._hits % PURGE_EVERY_HITS == 0:
            self.purge_expired()
        with self._errors():
            # One UPSERT is atomic; the window is part of the key, so a new window starts at 1.
            # fetchall: a RETURNING statement commits only once it has run to the end.
            ((count,),) = (
                self._connection()
                .execute(
                    "INSERT INTO rates (key, count, expires) VALUES (?, 1, ?)"
                    " ON CONFLICT (key) DO UPDATE SET count = count + 1 RETURNING count",
                    (f"{key}\x1f{window_seconds:g}\x1f{index}", ends),
                )
                .fetchall()
            )
        return count

    # -- marks -------------------------------------------------------------------------

    def mark(self, key: str, when: float, keep_seconds: float) -> None:
        check_window(keep_seconds)
        # The rates table holds marks too, under a prefix no counter has (a counter's key has
        # its window after it); `count` holds the time in milliseconds.
        with self._errors():
            self._connection().execute(
                "INSERT INTO rates (key, count, expires) VALUES (?, ?, ?) ON CONFLICT (key)"
                " DO UPDATE SET count = excluded.count, expires = excluded.expires",
                (f"mark\x1f{key}", round(when * 1000), self.clock() + keep_seconds),
            )

    def marks(self, keys: list[str]) -> dict[str, float]:
        if not keys:
            return {}
        wanted = {f"mark\x1f{key}": key for key in keys}
        with self._errors():
            rows = (
                self._connection()
                .execute(
                    f"SELECT key, count FROM rates WHERE expires > ? AND key IN"
                    f" ({', '.join('?' * len(wanted))})",
                    (self.clock(), *wanted),
                )
                .fetchall()
            )
        return {wanted[key]: count / 1000 for key, count in rows}

    # -- expiry --------------------------------------------------------------------------

    def purge_expired(self) -> int:
        with self._transaction() as connection:
            return self._purge(connection, self.clock())

    @staticmethod
    def _purge(connection: sqlite3.Connection, now: float) -> int:
        gone = connection.execute("DELETE FROM tables WHERE expires <= ?", (now,)).rowcount
        connection.execute("DELETE FROM rates WHERE expires <= ?", (now,))
        return gone
