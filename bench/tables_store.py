"""Table store speed: compare-and-set writes per second, SQLite and Redis, 1 and 8 threads.

Each write is what a move costs the store: the table's record (a real GONG LINK state after 40
moves, four seats) replaced at the next version. "1 thread" writes one table; "8 threads"
writes 8 tables, one each, as 8 busy tables on one server would; "8 threads, one table" races
at each version, so most writes lose (what a table costs when every phone acts at once).
A "move" is a load followed by a write. The SQLite file lives in a temporary folder; Redis is
a redis-server of our own on a free port with nothing saved to disk.

    python bench/tables_store.py [--seconds 1.5]     # or: make bench
"""

from __future__ import annotations

import argparse
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from gong.referee import new_game
from server.tables.ids import new_secret, new_table_id, secret_digest
from server.tables.store import TableRecord, TableStore, open_store

REDIS_SERVER = "/usr/bin/redis-server"
SECONDS = 1.5
THREADS = 8


def a_record() -> TableRecord:
    game = new_game("gong-link", players=4, seed=7)
    for _ in range(40):
        if game.outcome is not None:
            break
        seat = game.to_act()[0]
        game.apply(game.legal_actions(seat)[0])
    seats = [
        {"seat": n, "name": f"Player {n}", "bot": None, "secret": secret_digest(new_secret())}
        for n in range(4)
    ]
    return TableRecord(0, game.to_json(), 1, seats, {"game": "gong-link", "mode": "phones"})


@contextmanager
def redis_server() -> Iterator[str | None]:
    if not Path(REDIS_SERVER).exists():
        yield None
        return
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [REDIS_SERVER, "--port", str(port), "--bind", "127.0.0.1", "--dir", folder]
            + ["--save", "", "--appendonly", "no", "--loglevel", "warning"],
            stdout=subprocess.DEVNULL,
        )
        try:
            url = f"redis://127.0.0.1:{port}/0"
            deadline = time.monotonic() + 10
            while True:
                try:
                    open_store(url, folder).count()
                    break
                except Exception:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.05)
            yield url
        finally:
            server.terminate()
            server.wait(timeout=10)


def run_threads(threads: int, seconds: float, work: Callable[[int, float], tuple[int, int]]):
    """Run `work(thread, deadline)` in each thread; return (writes won, writes tried, time)."""
    results: list[tuple[int, int]] = []
    barrier = threading.Barrier(threads + 1)

    def body(n: int) -> None:
        barrier.wait()
        results.append(work(n, deadline))

    workers = [threading.Thread(target=body, args=(n,)) for n in range(threads)]
    for worker in workers:
        worker.start()
    start = time.perf_counter()
    deadline = start + seconds
    barrier.wait()
    for worker in workers:
        worker.join()
    elapsed = time.perf_counter() - start
    return sum(r[0] for r in results), sum(r[1] for r in results), elapsed


def measure(store: TableStore, record: TableRecord, seconds: float) -> list[tuple[str, str]]:
    rows = []

    def writes(table_ids: list[str], with_load: bool):
        for table_id in table_ids:
            store.create(table_id, record)

        def work(n: int, deadline: float) -> tuple[int, int]:
            table_id = table_ids[n % len(table_ids)]
            won = tried = 0
            current = store.load(table_id)
            while time.perf_counter() < deadline:
                if with_load:
                    current = store.load(table_id)
                tried += 1
                if store.compare_and_set(table_id, current.version, current.next()):
                    won += 1
                    current = current.next()
                elif not with_load:
                    current = store.load(table_id)
            return won, tried

        return work

    cases = [
        ("writes, 1 thread", 1, [new_table_id()], False),
        (f"writes, {THREADS} threads, {THREADS} tables", THREADS, None, False),
        (f"writes, {THREADS} threads, one table", THREADS, [new_table_id()], False),
        ("moves (load + write), 1 thread", 1, [new_table_id()], True),
        (f"moves, {THREADS} threads, {THREADS} tables", THREADS, None, True),
    ]
    for label, threads, table_ids, with_load in cases:
        table_ids = table_ids or [new_table_id() for _ in range(threads)]
        won, tried, elapsed = run_threads(threads, seconds, writes(table_ids, with_load))
        lost = f", {tried - won} lost the race" if tried != won else ""
        rows.append((label, f"{won / elapsed:9,.0f} won/s{lost}"))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=SECONDS)
    options = parser.parse_args(argv if argv is not None else [])
    record = a_record()
    print(f"record: {len(record.to_json())} bytes; {options.seconds:g} s per row")
    with tempfile.TemporaryDirectory() as folder, redis_server() as redis_url:
        backends = [("SQLite", None)] + ([("Redis", redis_url)] if redis_url else [])
        if not redis_url:
            print(f"Redis skipped: {REDIS_SERVER} is missing")
        for name, url in backends:
            store = open_store(url, folder, prefix="bench:")
            for label, value in measure(store, record, options.seconds):
                print(f"{name:7} {label:38} {value}", flush=True)
            store.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
