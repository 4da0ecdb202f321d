"""The table store for several servers: Redis (`GONG_STORE=redis://host:port/db`).

Each table is a hash `<prefix>t:<id>` holding its version and record, with a key TTL that
every write restarts, so Redis itself forgets idle tables. A sorted set `<prefix>open` scores
each table by its expiry, which makes counting open tables cheap. Every write that touches
both is one Lua script, and Redis runs a script atomically: a compare-and-set cannot be
interleaved, and nothing is ever half-written. Times inside scripts come from Redis's own
clock, the one its TTLs use, so servers with skewed clocks still agree.
"""

from __future__ import annotations

import contextlib
import math
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import redis

from .base import (
    DEFAULT_TTL,
    STATE_FORMAT,
    StoreFullError,
    StoreUnavailableError,
    TableExistsError,
    TableFormatError,
    TableRecord,
    TableStore,
    check_new_version,
    check_window,
    index_mismatch,
    rate_window,
)

DEFAULT_PREFIX = "gong:"
SOCKET_TIMEOUT = 5.0

_NOW_MS = """
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
"""

# KEYS: table, open set. ARGV: id, version, record, ttl ms, max open (0: no cap).
_CREATE = (
    _NOW_MS
    + """
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local cap = tonumber(ARGV[5])
if cap > 0 and redis.call('ZCARD', KEYS[2]) >= cap then return -1 end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 'r', ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[4]), ARGV[1])
return 1
"""
)

# KEYS: table, open set. ARGV: id, expected version, new version, record, ttl ms.
_COMPARE_AND_SET = (
    _NOW_MS
    + """
if redis.call('HGET', KEYS[1], 'v') ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[3], 'r', ARGV[4])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[5]), ARGV[1])
return 1
"""
)

# KEYS: table, open set. ARGV: id, ttl ms.
_TOUCH = (
    _NOW_MS
    + """
if redis.call('PEXPIRE', KEYS[1], ARGV[2]) == 0 then return 0 end
redis.call('ZADD', KEYS[2], now + tonumber(ARGV[2]), ARGV[1])
return 1
"""
)

# KEYS: open set. Returns {tables forgotten, tables open}.
_PURGE = (
    _NOW_MS
    + """
local gone = redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return {gone, redis.call('ZCARD', KEYS[1])}
"""
)


def _version_text(version: int) -> str:
    return str(int(version))


class RedisTableStore(TableStore):
    """Tables in Redis under `prefix`, shared by every server given the same URL and prefix.

    `clock` only places rate-limit hits in their window and stamps `created`/`updated`;
    expiry follows Redis's clock.
    """

    def __init__(
        self,
        client: redis.Redis,
        *,
        prefix: str = DEFAULT_PREFIX,
        ttl: float = DEFAULT_TTL,
        state_format: int = STATE_FORMAT,
        clock: Callable[[], float] = time.time,
        description: str = "Redis",
    ) -> None:
        self.client = client
        self.prefix = prefix
        self.ttl = float(ttl)
        self.state_format = state_format
        self.clock = clock
        self.description = description
        self._ttl_ms = max(1, math.ceil(self.ttl * 1000))
        self._open_key = f"{prefix}open"
        self._create = client.register_script(_CREATE)
        self._compare_and_set = client.register_script(_COMPARE_AND_SET)
        self._touch = client.register_script(_TOUCH)
        self._purge = client.register_script(_PURGE)

    @classmethod
    def from_url(
        cls, url: str, *, description: str | None = None, **options: Any
    ) -> RedisTableStore:
        """A store on the Redis at `url`, checked with a PING (StoreUnavailableError)."""
        client = redis.Redis.from_url(
            url,
            decode_responses=True,
            socket_timeout=SOCKET_TIMEOUT,
            socket_connect_timeout=SOCKET_TIMEOUT,
            health_check_interval=30,
        )
        store = cls(client, description=description or "Redis", **options)
        with store._errors():
            client.ping()
        return store

    def __repr__(self) -> str:
        return f"RedisTableStore({self.description}, prefix={self.prefix!r}, ttl={self.ttl:g})"

    @contextlib.contextmanager
    def _errors(self) -> Iterator[None]:
        try:
            yield
        except redis.RedisError as exc:
            raise StoreUnavailableError(f"{self.description}: {exc}") from None

    def _key(self, table_id: str) -> str:
        return f"{self.prefix}t:{table_id}"

    def close(self) -> None:
        self.client.close()

    # -- tables --------------------------------------------------------------------------

    def create(
        self, table_id: str, record: TableRecord, *, max_open: int | None = None
    ) -> TableRecord:
        record, text, _now = self._new_record(record)
        if max_open is not None and max_open <= 0:
            raise StoreFullError("no tables may be opened (the cap is 0)")
        cap = max_open or 0
        with self._errors():
            done = self._create(
                keys=[self._key(table_id), self._open_key],
                args=[table_id, _version_text(record.version), text, self._ttl_ms, cap],
            )
        if done == 0:
            raise TableExistsError(f"table {table_id} already exists")
        if done == -1:
            raise StoreFullError(f"{max_open} tables are open, the most allowed")
        return record

    def load(self, table_id: str) -> TableRecord | None:
        with self._errors():
            version, text = self.client.hmget(self._key(table_id), ["v", "r"])
        if version is None and text is None:
            return None
        if version is None or text is None:
            raise TableFormatError(table_id, "the stored record is incomplete")
        record = TableRecord.from_json(table_id, text, state_format=self.state_format)
        if _version_text(record.version) != version:
            raise index_mismatch(table_id, record, version)
        return record

    def compare_and_set(
        self, table_id: str, expected_version: int, new_record: TableRecord
    ) -> bool:
        check_new_version(expected_version, new_record)
        text = self._check_write(replace(new_record, updated=self.clock()))
        with self._errors():
            done = self._compare_and_set(
                keys=[self._key(table_id), self._open_key],
                args=[
                    table_id,
                    _version_text(expected_version),
                    _version_text(new_record.version),
                    text,
                    self._ttl_ms,
                ],
            )
        return done == 1

    def touch(self, table_id: str) -> bool:
        with self._errors():
            done = self._touch(
                keys=[self._key(table_id), self._open_key], args=[table_id, self._ttl_ms]
            )
        return done == 1

    def count(self) -> int:
        with self._errors():
            _gone, open_now = self._purge(keys=[self._open_key])
        return int(open_now)

    # -- rate counters -------------------------------------------------------------------

    def hit(self, key: str, window_seconds: float) -> int:
        check_window(window_seconds)
        index, _ends = rate_window(self.clock(), window_seconds)
        counter = f"{self.prefix}r:{key}:{window_seconds:g}:{index}"
        with self._errors():
            # MULTI/EXEC: the counter is never left without its expiry.
            pipeline = self.client.pipeline(transaction=True)
            pipeline.incr(counter)
            pipeline.expire(counter, math.ceil(window_seconds) + 1)
            count, _ = pipeline.execute()
        return int(count)

    # -- marks -------------------------------------------------------------------------

    def mark(self, key: str, when: float, keep_seconds: float) -> None:
        check_window(keep_seconds)
        with self._errors():
            self.client.set(f"{self.prefix}m:{key}", repr(when), ex=math.ceil(keep_seconds))

    def marks(self, keys: list[str]) -> dict[str, float]:
        if not keys:
            return {}
        with self._errors():
            found = self.client.mget([f"{self.prefix}m:{key}" for key in keys])
        return {key: float(value) for key, value in zip(keys, found, strict=True) if value}

    # -- expiry --------------------------------------------------------------------------

    def purge_expired(self) -> int:
        """Redis forgets expired tables itself; this drops them from the open count."""
        with self._errors():
            gone, _open = self._purge(keys=[self._open_key])
        return int(gone)
