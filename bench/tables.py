"""Load test of the tables: 200 tables of 4 seats, played through the JSON API by simulated
phones against `gong serve` on this machine, once on SQLite and once on Redis.

Every phone holds its own keep-alive connection, polls `GET /api/tables/<id>?since=<version>`
once a second (304 while nothing changed), and moves 1 s after it sees its turn come. Printed
per backend: moves/s, p50/p99 move latency (the POST of a move), p99 propagation (from a move's
answer to the moment each other seat of the table has seen that version), errors with the 409s
counted apart, and lost or doubled moves (a table's applied moves against the moves its phones
were told were applied). Targets: p99 move <= 50 ms, p99 propagation <= 1.5 s, no errors,
nothing lost.

`python bench/tables.py [--tables 200] [--seconds 45] [--rounds 1]`; `make bench` runs it with
the defaults. With several rounds the backends take turns, and the medians and their ratio
are printed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

GONG = Path(sys.executable).with_name("gong")
REDIS_SERVER = Path("/usr/bin/redis-server")
SEATS = 4
TURN_LIMIT = 60


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Connection:
    """A minimal HTTP/1.1 keep-alive client on asyncio streams (the standard library has no
    asynchronous one): requests one at a time, bodies by Content-Length."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: dict | None = None, secret: str | None = None
    ) -> tuple[int, dict | None]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        data = b"" if body is None else json.dumps(body).encode()
        head = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", f"Content-Length: {len(data)}"]
        if body is not None:
            head.append("Content-Type: application/json")
        if secret:
            head.append(f"Authorization: Bearer {secret}")
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        await self.writer.drain()
        status_line = await self.reader.readline()
        if not status_line:
            self.writer = None
            raise ConnectionError("closed")
        status = int(status_line.split()[1])
        length = 0
        closing = False
        while True:
            line = await self.reader.readline()
            if line in (b"\r\n", b"\n", b""):
                break
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
            elif name.lower() == "connection" and "close" in value.lower():
                closing = True
        payload = await self.reader.readexactly(length) if length else b""
        if closing:
            self.writer.close()
            self.writer = None
        return status, (json.loads(payload) if payload else None)


@dataclass
class Stats:
    move_latency: list[float] = field(default_factory=list)
    propagation: list[float] = field(default_factory=list)
    polls: int = 0
    moves: int = 0
    conflicts: int = 0
    errors: list[str] = field(default_factory=list)


@dataclass
class TableRun:
    id: str
    secrets: list[str]
    start_version: int
    moved_at: dict[int, tuple[float, int]] = field(default_factory=dict)
    """version -> (when its move was answered, the seat that moved)"""
    acked: int = 0
    seen: list[int] = field(default_factory=list)


async def phone(port, run: TableRun, seat: int, stats: Stats, deadline: float, rng) -> None:
    conn = Connection(port)
    version = 0
    turn_seen_at: float | None = None
    legal: list[str] = []
    await asyncio.sleep(rng.random())  # phones do not all poll in the same instant
    while time.monotonic() < deadline:
        try:
            status, state = await conn.request(
                "GET", f"/api/tables/{run.id}?since={version}", secret=run.secrets[seat]
            )
        except (OSError, ConnectionError, asyncio.IncompleteReadError) as exc:
            stats.errors.append(f"poll: {exc!r}")
            conn = Connection(port)
            await asyncio.sleep(1)
            continue
        stats.polls += 1
        now = time.monotonic()
        if status == 200:
            for v in range(version + 1, state["version"] + 1):
                moved = run.moved_at.get(v)
                if moved and moved[1] != seat:
                    stats.propagation.append(now - moved[0])
            version = state["version"]
            run.seen[seat] = version
            if state["status"] == "over":
                return
            legal = state["legal"]
            mine = seat in state["to_act"] and legal
            if mine and turn_seen_at is None:
                turn_seen_at = now
            if not mine:
                turn_seen_at = None
        elif status != 304:
            stats.errors.append(f"poll {status}")
        if turn_seen_at is not None and now - turn_seen_at >= 1.0:
            turn_seen_at = None
            action = rng.choice(legal)
            sent = time.monotonic()
            try:
                status, answer = await conn.request(
                    "POST",
                    f"/api/tables/{run.id}/actions",
                    {"action": action, "version": version, "seat": seat},
                    run.secrets[seat],
                )
            except (OSError, ConnectionError, asyncio.IncompleteReadError) as exc:
                stats.errors.append(f"move: {exc!r}")
                conn = Connection(port)
                continue
            done = time.monotonic()
            if status == 200:
                stats.move_latency.append(done - sent)
                stats.moves += 1
                run.acked += 1
                run.moved_at[version + 1] = (done, seat)
                version = answer["version"]
                run.seen[seat] = version
                if answer["status"] == "over":
                    return
                continue  # look again at once: it may still be this seat's turn
            if status == 409:
                stats.conflicts += 1
            else:
                stats.errors.append(f"move {status}: {answer}")
        await asyncio.sleep(1.0)


async def setup(port: int, tables: int, rng) -> list[TableRun]:
    conn = Connection(port)
    runs = []
    for _ in range(tables):
        body = {"game": "gong-link", "players": SEATS, "bots": {}, "mode": "phones",
                "options": {"turn_limit": TURN_LIMIT}, "seed": rng.randrange(2**32)}  # fmt: skip
        status, made = await conn.request("POST", "/api/tables", body)
        if status != 201:
            raise RuntimeError(f"POST /api/tables: {status} {made}")
        secrets, version = [], 0
        for seat in range(SEATS):
            status, sat = await conn.request(
                "POST", f"/api/tables/{made['id']}/seats", {"seat": seat, "name": f"P{seat}"}
            )
            if status != 200:
                raise RuntimeError(f"sit: {status} {sat}")
            secrets.append(sat["secret"])
            version = sat["version"]
        runs.append(TableRun(made["id"], secrets, version, seen=[0] * SEATS))
    return runs


async def check(port: int, runs: list[TableRun]) -> tuple[int, int]:
    """Lost and doubled moves: every table's applied moves against the acknowledged ones."""
    conn = Connection(port)
    lost = doubled = 0
    for run in runs:
        status, state = await conn.request("GET", f"/api/tables/{run.id}", secret=run.secrets[0])
        applied = state["version"] - run.start_version
        lost += max(0, run.acked - applied)
        doubled += max(0, applied - run.acked)
    return lost, doubled


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


async def load(port: int, tables: int, seconds: float) -> dict:
    rng = random.Random(2026)
    runs = await setup(port, tables, rng)
    stats = Stats()
    started = time.monotonic()
    deadline = started + seconds
    await asyncio.gather(
        *(
            phone(port, run, seat, stats, deadline, random.Random(rng.random()))
            for run in runs
            for seat in range(SEATS)
        )
    )
    elapsed = time.monotonic() - started
    lost, doubled = await check(port, runs)
    return {
        "moves/s": stats.moves / elapsed,
        "polls/s": stats.polls / elapsed,
        "p50 move ms": 1000 * percentile(stats.move_latency, 50),
        "p99 move ms": 1000 * percentile(stats.move_latency, 99),
        "p99 propagation s": percentile(stats.propagation, 99),
        "errors": len(stats.errors),
        "409s": stats.conflicts,
        "lost": lost,
        "doubled": doubled,
        "first errors": stats.errors[:3],
    }


def serve(port: int, instance: str, store: str | None) -> subprocess.Popen:
    env = dict(os.environ)
    env.update(
        GONG_INSTANCE=instance,
        GONG_SECRET_KEY="bench-tables-secret-key-0123456789",
        GONG_BOT_DELAY="0",
        GONG_TESTING="1",
        GONG_TABLES_PER_MINUTE="100000",
    )
    if store:
        env["GONG_STORE"] = store
    proc = subprocess.Popen(
        [str(GONG), "serve", "--host", "127.0.0.1", "--port", str(port)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    for _ in range(300):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1).read()
            return proc
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("gong serve did not start")


def run_backend(name: str, tables: int, seconds: float) -> dict:
    folder = tempfile.mkdtemp(prefix="gong-bench-tables-")
    redis_proc = None
    store = None
    try:
        if name == "redis":
            if not REDIS_SERVER.exists():
                return {"skipped": f"{REDIS_SERVER} is missing"}
            redis_port = free_port()
            redis_proc = subprocess.Popen(
                [str(REDIS_SERVER), "--port", str(redis_port), "--bind", "127.0.0.1",
                 "--save", "", "--appendonly", "no", "--dir", folder],
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            )  # fmt: skip
            time.sleep(0.5)
            store = f"redis://127.0.0.1:{redis_port}/0"
        port = free_port()
        server = serve(port, folder, store)
        try:
            return asyncio.run(load(port, tables, seconds))
        finally:
            server.terminate()
            server.wait(timeout=20)
    finally:
        if redis_proc:
            redis_proc.terminate()
            redis_proc.wait(timeout=10)
        shutil.rmtree(folder, ignore_errors=True)


def _print(backend: str, result: dict, tables: int, seconds: float) -> None:
    print(f"{backend}: {tables} tables x {SEATS} phones, {seconds:.0f} s")
    for key, value in result.items():
        shown = f"{value:.2f}" if isinstance(value, float) else value
        print(f"  {key}: {shown}")
    if "skipped" in result:
        return
    targets = {
        "p99 move <= 50 ms": result["p99 move ms"] <= 50,
        "p99 propagation <= 1.5 s": result["p99 propagation s"] <= 1.5,
        "no errors": result["errors"] == 0,
        "nothing lost or doubled": result["lost"] == result["doubled"] == 0,
    }
    verdicts = (f"{t} {'met' if ok else 'NOT met'}" for t, ok in targets.items())
    print("  targets: " + ", ".join(verdicts))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=45.0)
    parser.add_argument(
        "--rounds", type=int, default=1, help="runs of each backend, taken in turn (noisy machines)"
    )
    args = parser.parse_args(argv if argv is not None else [])
    runs: dict[str, list[dict]] = {"sqlite": [], "redis": []}
    for _round in range(max(1, args.rounds)):
        for backend in runs:
            result = run_backend(backend, args.tables, args.seconds)
            _print(backend, result, args.tables, args.seconds)
            runs[backend].append(result)
    measured = {b: [r for r in results if "skipped" not in r] for b, results in runs.items()}
    if all(measured.values()):
        # The same load on both backends, taken in turn: their ratio says more than either
        # number on a shared machine.
        for key in ("p50 move ms", "p99 move ms"):
            medians = {b: statistics.median(r[key] for r in rs) for b, rs in measured.items()}
            print(
                f"median {key}: sqlite {medians['sqlite']:.2f}, redis {medians['redis']:.2f}, "
                f"redis/sqlite {medians['redis'] / medians['sqlite']:.2f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
