"""The table store, both backends: a real SQLite file and a real redis-server.

Every test that takes `store` or `make_store` runs once per backend (see conftest.py).
"""

from __future__ import annotations

import json
import multiprocessing
import socket
import sqlite3
import threading
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from server.tables.ids import new_table_id
from server.tables.store import (
    DEFAULT_TTL,
    SQLITE_FILE,
    StoreConfigError,
    StoreError,
    StoreFullError,
    StoreUnavailableError,
    TableExistsError,
    TableFormatError,
    TableRecord,
    TableStore,
    open_store,
    parse_ttl,
    store_from_env,
)
from server.tables.store.redis import RedisTableStore
from server.tables.store.sqlite import SQLiteTableStore

from .conftest import FakeClock


def a_record(version: int = 0, **changes) -> TableRecord:
    fields = {
        "version": version,
        "state": json.dumps({"game": "gong-link", "moves": list(range(version))}),
        "state_format": 1,
        "seats": [
            {"seat": 0, "name": "Ada", "bot": None, "secret": "d1" * 32},
            {"seat": 1, "name": "Åsa 🚀", "bot": "normal", "secret": None},
        ],
        "meta": {"game": "gong-link", "mode": "phones", "spectators": True},
    }
    fields.update(changes)
    return TableRecord(**fields)


def write_raw(store: TableStore, table_id: str, version: int, text: str) -> None:
    """Put `text` in the store as the table's record, behind the store's back."""
    if isinstance(store, SQLiteTableStore):
        store.count()  # the file and its tables exist from the first use on
        with sqlite3.connect(store.path) as connection:
            connection.execute(
                "INSERT OR REPLACE INTO tables (id, version, record, expires) VALUES (?, ?, ?, ?)",
                (table_id, version, text, time.time() + 3600),
            )
        connection.close()
    else:
        assert isinstance(store, RedisTableStore)
        key = f"{store.prefix}t:{table_id}"
        store.client.hset(key, mapping={"v": str(version), "r": text})
        store.client.expire(key, 3600)


# -- create and load ---------------------------------------------------------------------


def test_a_table_round_trips(store):
    table_id = new_table_id()
    before = time.time()
    stored = store.create(table_id, a_record())
    loaded = store.load(table_id)
    assert loaded == stored
    assert loaded.version == 0 and loaded.state == a_record().state
    assert loaded.seats[1]["name"] == "Åsa 🚀" and loaded.meta["mode"] == "phones"
    assert before <= loaded.created == loaded.updated <= time.time()


def test_an_unknown_table_is_none(store):
    assert store.load(new_table_id()) is None
    assert not store.compare_and_set(new_table_id(), 0, a_record(1))
    assert not store.touch(new_table_id())


def test_creating_a_table_twice_is_refused_and_keeps_the_first(store):
    table_id = new_table_id()
    store.create(table_id, a_record(meta={"first": True}))
    with pytest.raises(TableExistsError, match=f"table {table_id} already exists"):
        store.create(table_id, a_record(meta={"first": False}))
    assert store.load(table_id).meta == {"first": True}


def test_a_bad_record_is_refused_before_anything_is_written(store):
    table_id = new_table_id()
    with pytest.raises(ValueError, match="seats or meta are not plain JSON"):
        store.create(table_id, a_record(meta={"when": object()}))
    with pytest.raises(ValueError, match="version must be a whole number"):
        store.create(table_id, a_record(version=-1))
    with pytest.raises(ValueError, match="state must be the referee's JSON text"):
        store.create(table_id, a_record(state={"not": "text"}))
    with pytest.raises(ValueError, match="newer than this store reads"):
        store.create(table_id, a_record(state_format=store.state_format + 1))
    assert store.load(table_id) is None
    store.create(table_id, a_record())
    with pytest.raises(ValueError, match="not plain JSON"):
        store.compare_and_set(table_id, 0, a_record(1, seats=[float("nan")]))
    assert store.load(table_id).version == 0


# -- compare and set -----------------------------------------------------------------------


def test_compare_and_set_wins_once_and_a_stale_version_loses(store):
    table_id = new_table_id()
    created = store.create(table_id, a_record())
    assert store.compare_and_set(table_id, 0, created.next(meta={"by": "first"}))
    assert not store.compare_and_set(table_id, 0, created.next(meta={"by": "second"}))
    loaded = store.load(table_id)
    assert loaded.version == 1 and loaded.meta == {"by": "first"}
    assert loaded.created == created.created and loaded.updated >= created.updated
    # Bots may move right after a player: a write may jump several versions.
    assert store.compare_and_set(table_id, 1, a_record(4))
    assert not store.compare_and_set(table_id, 1, a_record(2))
    assert store.load(table_id).version == 4


def test_a_write_must_raise_the_version(store):
    table_id = new_table_id()
    store.create(table_id, a_record(3))
    for version in (3, 2):
        with pytest.raises(ValueError, match="a write must raise the version"):
            store.compare_and_set(table_id, 3, a_record(version))
    assert store.load(table_id).version == 3


def test_twenty_threads_at_one_version_exactly_one_wins(store):
    table_id = new_table_id()
    store.create(table_id, a_record())
    threads = 20
    for version in (0, 1):  # and then the next version proceeds the same way
        barrier = threading.Barrier(threads)
        wins: list[int] = []

        def post(writer: int, version: int = version, barrier=barrier, wins=wins) -> None:
            record = a_record(version + 1, meta={"writer": writer})
            barrier.wait()
            if store.compare_and_set(table_id, version, record):
                wins.append(writer)

        workers = [threading.Thread(target=post, args=(n,)) for n in range(threads)]
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
        assert len(wins) == 1
        loaded = store.load(table_id)
        assert loaded.version == version + 1 and loaded.meta == {"writer": wins[0]}


def _race_in_a_process(store, table_id, writer, barrier, results) -> None:
    barrier.wait()
    results.put((writer, store.compare_and_set(table_id, 0, a_record(1, meta={"writer": writer}))))


def test_processes_racing_at_one_version_exactly_one_wins(store):
    """Forked workers share the store object their parent already used, as gunicorn's do."""
    table_id = new_table_id()
    store.create(table_id, a_record())
    assert store.load(table_id) is not None  # the parent's connection exists before the fork
    context = multiprocessing.get_context("fork")
    processes = 4
    barrier, results = context.Barrier(processes), context.Queue()
    workers = [
        context.Process(target=_race_in_a_process, args=(store, table_id, n, barrier, results))
        for n in range(processes)
    ]
    for worker in workers:
        worker.start()
    outcomes = dict(results.get(timeout=60) for _ in workers)
    for worker in workers:
        worker.join(timeout=60)
        assert worker.exitcode == 0
    winners = [writer for writer, won in outcomes.items() if won]
    assert len(outcomes) == processes and len(winners) == 1
    loaded = store.load(table_id)  # and the parent's own connection still works
    assert loaded.version == 1 and loaded.meta == {"writer": winners[0]}


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(
        st.tuples(st.integers(0, 2), st.sampled_from(["write", "write", "reload"])),
        min_size=1,
        max_size=25,
    )
)
def test_random_compare_and_sets_never_lose_or_double_a_version(make_store, steps):
    """Three clients act on views of various ages; the store must behave like one counter."""
    store = make_store()
    table_id = new_table_id()
    store.create(table_id, a_record(meta={"history": []}))
    seen = [store.load(table_id)] * 3
    history: list[int] = []  # the writes that won, in order
    for step, (client, action) in enumerate(steps):
        view = seen[client]
        if action == "reload":
            seen[client] = store.load(table_id)
            continue
        fresh = len(history) == view.version
        won = store.compare_and_set(
            table_id, view.version, view.next(meta={"history": [*view.meta["history"], step]})
        )
        assert won == fresh
        if won:
            history.append(step)
            seen[client] = store.load(table_id)
    final = store.load(table_id)
    assert final.version == len(history)
    assert final.meta["history"] == history


# -- expiry and the open count -------------------------------------------------------------


def test_the_default_keeps_idle_tables_seven_days(tmp_path):
    assert DEFAULT_TTL == 7 * 24 * 3600
    assert open_store(None, tmp_path).ttl == DEFAULT_TTL


def test_sqlite_idle_tables_expire_and_writes_keep_them(tmp_path):
    clock = FakeClock()
    store = open_store(None, tmp_path, ttl=100, clock=clock)
    kept, idle = new_table_id(), new_table_id()
    store.create(kept, a_record())
    store.create(idle, a_record())
    clock.advance(60)
    assert store.compare_and_set(kept, 0, a_record(1))
    clock.advance(60)  # 120 s after creation, 60 s after the write
    assert store.load(idle) is None and store.load(kept).version == 1
    assert not store.compare_and_set(idle, 0, a_record(1))
    assert store.count() == 1
    assert store.touch(kept)
    clock.advance(99)
    assert store.load(kept) is not None
    clock.advance(1)
    assert store.load(kept) is None and store.count() == 0 and not store.touch(kept)
    assert store.purge_expired() == 2
    # An expired table's id is free again, and its old record is gone for good.
    store.create(idle, a_record(meta={"new": True}))
    assert store.load(idle).meta == {"new": True}
    rows = sqlite3.connect(store.path).execute("SELECT COUNT(*) FROM tables").fetchone()
    assert rows == (1,)


def test_creating_purges_expired_tables(tmp_path):
    clock = FakeClock()
    store = open_store(None, tmp_path, ttl=10, clock=clock)
    for _ in range(3):
        store.create(new_table_id(), a_record())
    clock.advance(11)
    store.create(new_table_id(), a_record())
    rows = sqlite3.connect(store.path).execute("SELECT COUNT(*) FROM tables").fetchone()
    assert rows == (1,)


def _wait_until(condition, seconds: float = 15.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def test_redis_idle_tables_expire(redis_url, tmp_path):
    store = open_store(redis_url, tmp_path, ttl=0.3, prefix=f"expiry:{new_table_id()}:")
    table_id = new_table_id()
    store.create(table_id, a_record())
    assert _wait_until(lambda: store.load(table_id) is None)
    assert _wait_until(lambda: store.count() == 0)
    assert not store.compare_and_set(table_id, 0, a_record(1)) and not store.touch(table_id)
    store.create(table_id, a_record(meta={"new": True}))  # the id is free again
    assert store.client.pttl(f"{store.prefix}t:{table_id}") <= 300


def test_redis_writes_and_touches_restart_the_idle_time(redis_url, tmp_path):
    store = open_store(redis_url, tmp_path, ttl=3600, prefix=f"touch:{new_table_id()}:")
    table_id = new_table_id()
    key = f"{store.prefix}t:{table_id}"
    store.create(table_id, a_record())
    assert 3_500_000 < store.client.pttl(key) <= 3_600_000
    store.client.pexpire(key, 1000)
    assert store.touch(table_id)
    assert store.client.pttl(key) > 3_500_000
    store.client.pexpire(key, 1000)
    assert store.compare_and_set(table_id, 0, a_record(1))
    assert store.client.pttl(key) > 3_500_000


def test_the_open_count_and_its_cap(make_store):
    store = make_store()
    assert store.count() == 0
    for _ in range(3):
        store.create(new_table_id(), a_record(), max_open=3)
    assert store.count() == 3
    with pytest.raises(StoreFullError, match="3 tables are open"):
        store.create(new_table_id(), a_record(), max_open=3)
    with pytest.raises(StoreFullError):
        store.create(new_table_id(), a_record(), max_open=0)
    assert store.count() == 3
    assert make_store(same=True).count() == 3  # another server counts the same tables
    assert make_store().count() == 0


# -- rate counters -------------------------------------------------------------------------


def test_rate_counters_count_across_two_store_instances(make_store):
    clock = FakeClock(1_800_000_000.0)  # a minute starts here
    first = make_store(clock=clock)
    second = make_store(same=True, clock=clock)
    counts = [(first if n % 2 else second).hit("tables:203.0.113.7", 60) for n in range(7)]
    assert counts == [1, 2, 3, 4, 5, 6, 7]
    assert first.hit("tables:198.51.100.1", 60) == 1  # another client counts apart
    assert first.hit("tables:203.0.113.7", 1) == 1  # and so does another window size
    clock.advance(59.5)
    assert second.hit("tables:203.0.113.7", 60) == 8
    clock.advance(1)  # the next minute
    assert first.hit("tables:203.0.113.7", 60) == 1
    assert second.hit("tables:203.0.113.7", 60) == 2


def test_rate_counters_are_atomic_across_threads(store):
    barrier = threading.Barrier(10)
    counts: list[int] = []

    def hammer() -> None:
        barrier.wait()
        counts.extend(store.hit("joins:client", 3600) for _ in range(20))

    workers = [threading.Thread(target=hammer) for _ in range(10)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    assert sorted(counts) == list(range(1, 201))


def test_a_rate_window_must_be_positive(store):
    for window in (0, -5, float("inf"), float("nan")):
        with pytest.raises(ValueError, match="a rate window is a positive number of seconds"):
            store.hit("key", window)


def test_old_rate_counters_are_purged(tmp_path):
    clock = FakeClock()
    store = open_store(None, tmp_path, clock=clock)
    store.hit("a", 60)
    store.hit("b", 60)
    clock.advance(120)
    store.purge_expired()
    rows = sqlite3.connect(store.path).execute("SELECT COUNT(*) FROM rates").fetchone()
    assert rows == (0,)


# -- unreadable records --------------------------------------------------------------------

_GOOD = json.loads(a_record(2).to_json())


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("{not json", "the stored record is not JSON"),
        ('["a", "list"]', "not a JSON object"),
        (json.dumps({**_GOOD, "format": 99}), "saved by a newer release \\(record format 99"),
        (json.dumps({**_GOOD, "format": "one"}), "no valid format"),
        (json.dumps({**_GOOD, "state_format": 99}), "newer release \\(game state format 99"),
        (json.dumps({**_GOOD, "state_format": "x"}), "state_format must be a whole number"),
        (json.dumps({k: v for k, v in _GOOD.items() if k != "seats"}), "has no 'seats'"),
        (json.dumps({**_GOOD, "seats": {}}), "seats must be a list"),
        (json.dumps({**_GOOD, "version": 3}), "says version 3, the index 2"),
    ],
)
def test_an_unreadable_record_is_refused_clearly(store, text, problem):
    table_id = new_table_id()
    write_raw(store, table_id, 2, text)
    with pytest.raises(TableFormatError, match=problem) as refused:
        store.load(table_id)
    assert refused.value.table_id == table_id
    assert str(refused.value).startswith(f"table {table_id}: ")
    assert isinstance(refused.value, StoreError)


def test_an_older_state_format_loads_for_the_referee_to_upgrade(make_store):
    newer = make_store(state_format=3)
    table_id = new_table_id()
    newer.create(table_id, a_record(state_format=3))
    assert newer.load(table_id).state_format == 3
    older = make_store(same=True, state_format=2)
    with pytest.raises(TableFormatError, match="game state format 3; this release reads up to 2"):
        older.load(table_id)
    assert newer.load(table_id).state_format == 3  # refusing it changed nothing
    newer.create(other := new_table_id(), a_record(state_format=1))
    assert older.load(other).state_format == 1


# -- opening a store -----------------------------------------------------------------------


def test_sqlite_is_created_on_first_use_in_wal_mode(tmp_path):
    instance = tmp_path / "instance"
    store = open_store(None, instance)
    assert not instance.exists()
    assert store.count() == 0
    assert (instance / SQLITE_FILE).exists()
    mode = sqlite3.connect(instance / SQLITE_FILE).execute("PRAGMA journal_mode").fetchone()
    assert mode == ("wal",)


def test_sqlite_keeps_its_file_private(tmp_path):
    store = open_store(None, tmp_path)
    store.create(new_table_id(), a_record())
    for name in (SQLITE_FILE, SQLITE_FILE + "-wal"):
        assert (tmp_path / name).stat().st_mode & 0o777 == 0o600


def _first_use_in_a_process(instance, barrier, results) -> None:
    store = open_store(None, instance)
    barrier.wait()
    table_ids = [new_table_id() for _ in range(5)]
    for table_id in table_ids:
        store.create(table_id, a_record())
    results.put(sum(store.load(table_id) is not None for table_id in table_ids))


def test_processes_making_the_file_at_once_all_succeed(tmp_path):
    context = multiprocessing.get_context("fork")
    processes = 4
    barrier, results = context.Barrier(processes), context.Queue()
    workers = [
        context.Process(target=_first_use_in_a_process, args=(tmp_path, barrier, results))
        for _ in range(processes)
    ]
    for worker in workers:
        worker.start()
    found = [results.get(timeout=60) for _ in workers]
    for worker in workers:
        worker.join(timeout=60)
        assert worker.exitcode == 0
    assert found == [5] * processes
    assert open_store(None, tmp_path).count() == 5 * processes


def test_sqlite_in_a_place_it_cannot_write_is_a_clear_error(tmp_path):
    (tmp_path / "instance").write_text("a file where the instance folder should be")
    with pytest.raises(StoreUnavailableError, match="cannot create the table store"):
        open_store(None, tmp_path / "instance").load(new_table_id())


def test_sqlite_refuses_a_newer_schema_and_a_file_that_is_not_a_store(tmp_path):
    newer = tmp_path / "newer"
    newer.mkdir()
    with sqlite3.connect(newer / SQLITE_FILE) as connection:
        connection.execute("PRAGMA user_version=7")
    with pytest.raises(StoreError, match="made by a newer release \\(schema 7"):
        open_store(None, newer).count()
    garbage = tmp_path / "garbage"
    garbage.mkdir()
    (garbage / SQLITE_FILE).write_bytes(b"this is a family photo, not a database" * 100)
    with pytest.raises(StoreError, match="not a table store"):
        open_store(None, garbage).load(new_table_id())


@pytest.mark.parametrize(
    ("url", "problem"),
    [
        ("ftp://example.org/0", "is not a store address: use redis://host:port/db"),
        ("localhost:6379", "is not a store address"),
        ("redis://", "no host"),
        ("redis://localhost:99999/0", "the port is not a number"),
        ("redis://localhost:port/0", "the port is not a number"),
        ("redis://localhost:6379/tables", "the database must be a number"),
        ("unix://", "needs the socket's path"),
    ],
)
def test_a_bad_store_address_is_refused_clearly(tmp_path, url, problem):
    with pytest.raises(StoreConfigError, match=problem) as refused:
        open_store(url, tmp_path)
    assert "GONG_STORE=" in str(refused.value)


def test_an_unreachable_redis_is_a_clear_error_without_its_password(tmp_path):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(
        StoreUnavailableError, match=f"Redis at redis://:\\*\\*\\*@127.0.0.1:{port}"
    ):
        open_store(f"redis://:hunter2@127.0.0.1:{port}/0", tmp_path)
    try:
        open_store(f"redis://:hunter2@127.0.0.1:{port}/0", tmp_path)
    except StoreUnavailableError as refused:
        assert "hunter2" not in str(refused)


def test_the_environment_chooses_the_store_and_its_ttl(redis_url, tmp_path):
    sqlite_store = store_from_env(tmp_path, {})
    assert isinstance(sqlite_store, SQLiteTableStore) and sqlite_store.ttl == DEFAULT_TTL
    assert sqlite_store.path == tmp_path / SQLITE_FILE
    redis_store = store_from_env(tmp_path, {"GONG_STORE": redis_url, "GONG_TABLE_TTL": "2d"})
    assert isinstance(redis_store, RedisTableStore) and redis_store.ttl == 2 * 86400
    assert store_from_env(tmp_path, {"GONG_STORE": " "}).ttl == DEFAULT_TTL


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("604800", 604800),
        ("90s", 90),
        ("30m", 1800),
        ("12h", 43200),
        ("7d", 604800),
        ("1.5h", 5400),
    ],
)
def test_ttl_texts(text, seconds):
    assert parse_ttl(text) == seconds


@pytest.mark.parametrize("text", ["", "0", "-1d", "a week", "7 days", "1w"])
def test_bad_ttl_texts_are_refused_clearly(text):
    with pytest.raises(StoreConfigError, match="GONG_TABLE_TTL=.*how long idle tables are kept"):
        parse_ttl(text)


def test_a_store_must_keep_tables_some_time(tmp_path):
    with pytest.raises(StoreConfigError, match="positive number of seconds"):
        open_store(None, tmp_path, ttl=0)
