"""The table store: one interface (TableStore), two backends (SQLite, Redis).

`open_store(None, instance)` keeps tables in `<instance>/tables.sqlite3`, created on first use;
`open_store("redis://host:port/db", instance)` keeps them in Redis, for several servers.
`store_from_env(instance)` chooses from GONG_STORE and GONG_TABLE_TTL.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from urllib.parse import urlsplit

from .base import (
    DEFAULT_TTL,
    RECORD_FORMAT,
    STATE_FORMAT,
    StoreConfigError,
    StoreError,
    StoreFullError,
    StoreUnavailableError,
    TableExistsError,
    TableFormatError,
    TableRecord,
    TableStore,
    rate_window,
)

__all__ = [
    "DEFAULT_TTL",
    "RECORD_FORMAT",
    "SQLITE_FILE",
    "STATE_FORMAT",
    "STORE_ENV",
    "TTL_ENV",
    "StoreConfigError",
    "StoreError",
    "StoreFullError",
    "StoreUnavailableError",
    "TableExistsError",
    "TableFormatError",
    "TableRecord",
    "TableStore",
    "open_store",
    "parse_ttl",
    "rate_window",
    "store_from_env",
]

STORE_ENV = "GONG_STORE"
TTL_ENV = "GONG_TABLE_TTL"
SQLITE_FILE = "tables.sqlite3"
REDIS_SCHEMES = ("redis", "rediss", "unix")

_TTL = re.compile(r"(\d+(?:\.\d+)?)\s*([smhd]?)")
_TTL_UNITS = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400}


def _redacted(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.rsplit("@", 1)[1]
    user = f"{parts.username}:***@" if parts.username else ":***@"
    return parts._replace(netloc=user + netloc).geturl()


def _check_redis_url(url: str) -> None:
    parts = urlsplit(url)
    problem = None
    if parts.scheme == "unix":
        if not parts.path:
            problem = "a unix:// address needs the socket's path"
    elif not parts.hostname:
        problem = "no host"
    else:
        try:
            parts.port  # noqa: B018 - raises on a port that is not a number in range
        except ValueError:
            problem = "the port is not a number from 1 to 65535"
        if (
            problem is None
            and parts.path not in ("", "/")
            and not re.fullmatch(r"/\d+", parts.path)
        ):
            problem = f"the database must be a number (/0, /1...), not {parts.path[1:]!r}"
    if problem:
        raise StoreConfigError(f"{STORE_ENV}={_redacted(url)!r}: {problem}")


def open_store(
    url: str | None,
    instance_path: Path | str,
    *,
    ttl: float = DEFAULT_TTL,
    state_format: int = STATE_FORMAT,
    prefix: str = "gong:",
    clock: Callable[[], float] = time.time,
) -> TableStore:
    """The table store at `url`: None (or empty) for SQLite in the instance folder, else Redis.

    Raises StoreConfigError for an address that is not a store's, and StoreUnavailableError
    when Redis does not answer. The SQLite file is only created when first used.
    """
    if ttl <= 0 or ttl != ttl:
        raise StoreConfigError(f"tables must be kept a positive number of seconds, not {ttl!r}")
    if url is None or not url.strip():
        from .sqlite import SQLiteTableStore

        return SQLiteTableStore(
            Path(instance_path) / SQLITE_FILE, ttl=ttl, state_format=state_format, clock=clock
        )
    url = url.strip()
    scheme = urlsplit(url).scheme if "://" in url else ""
    if scheme not in REDIS_SCHEMES:
        raise StoreConfigError(
            f"{STORE_ENV}={_redacted(url)!r} is not a store address: use redis://host:port/db "
            f"(or rediss:// or unix://), or leave it unset to keep tables in SQLite in the "
            f"instance folder"
        )
    _check_redis_url(url)
    from .redis import RedisTableStore

    try:
        return RedisTableStore.from_url(
            url,
            description=f"Redis at {_redacted(url)}",
            prefix=prefix,
            ttl=ttl,
            state_format=state_format,
            clock=clock,
        )
    except ValueError as exc:  # redis-py's own URL checks
        raise StoreConfigError(f"{STORE_ENV}={_redacted(url)!r}: {exc}") from None


def parse_ttl(text: str) -> float:
    """Seconds from `604800`, `90s`, `30m`, `12h` or `7d` (StoreConfigError otherwise)."""
    match = _TTL.fullmatch(text.strip().lower())
    seconds = float(match[1]) * _TTL_UNITS[match[2]] if match else 0.0
    if seconds <= 0:
        raise StoreConfigError(
            f"{TTL_ENV}={text!r}: how long idle tables are kept, as seconds or with a unit "
            f"(90s, 30m, 12h, 7d), more than 0"
        )
    return seconds


def store_from_env(
    instance_path: Path | str,
    environ: Mapping[str, str] | None = None,
    *,
    state_format: int = STATE_FORMAT,
) -> TableStore:
    """The store GONG_STORE names (SQLite when unset), keeping tables GONG_TABLE_TTL (7d)."""
    environ = os.environ if environ is None else environ
    ttl_text = environ.get(TTL_ENV, "").strip()
    ttl = parse_ttl(ttl_text) if ttl_text else DEFAULT_TTL
    return open_store(environ.get(STORE_ENV), instance_path, ttl=ttl, state_format=state_format)
