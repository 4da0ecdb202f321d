"""Fixtures for the table store: a real redis-server, and fresh stores of both backends."""

from __future__ import annotations

import itertools
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import redis
from flask import Flask
from flask.testing import FlaskClient

from server.tables.referee_adapter import STATE_FORMAT
from server.tables.store import TableStore, open_store

from .helpers import make_app

REDIS_SERVER = Path("/usr/bin/redis-server")
BACKENDS = ["sqlite", "redis"]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="session")
def redis_url() -> Iterator[str]:
    """A redis-server of our own on a free port, in a temporary folder, nothing saved to disk."""
    if not REDIS_SERVER.exists():
        pytest.skip(
            f"{REDIS_SERVER} is missing: `make test` installs Debian's redis-server as root"
        )
    folder = tempfile.mkdtemp(prefix="gong-redis-")
    log = Path(folder) / "redis.log"
    for _attempt in range(5):  # another process may take the free port before the server does
        port = _free_port()
        server = subprocess.Popen(
            [
                str(REDIS_SERVER),
                "--port", str(port),
                "--bind", "127.0.0.1",
                "--dir", folder,
                "--save", "",
                "--appendonly", "no",
                "--loglevel", "warning",
                "--logfile", str(log),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        url = f"redis://127.0.0.1:{port}/0"
        client = redis.Redis.from_url(url)
        deadline = time.monotonic() + 10
        while server.poll() is None and time.monotonic() < deadline:
            try:
                client.ping()
                break
            except redis.ConnectionError:
                time.sleep(0.05)
        client.close()
        if server.poll() is None:
            break
    else:
        output = log.read_text(errors="replace") if log.exists() else ""
        pytest.fail(f"redis-server did not start: {output}")
    try:
        yield url
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        shutil.rmtree(folder, ignore_errors=True)


class FakeClock:
    """A clock that stands still until a test moves it."""

    def __init__(self, now: float = 1_800_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


_namespaces = itertools.count()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return request.param


@pytest.fixture
def make_store(
    backend: str, request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Callable[..., TableStore]]:
    """`make_store(**options)`: a fresh, empty store of the backend; `make_store(same=True)`
    another instance on the same data as the first one made (a second server)."""
    made: list[TableStore] = []
    place: dict[str, object] = {}

    def make(*, same: bool = False, **options: object) -> TableStore:
        if not same or not place:
            place["instance"] = tmp_path_factory.mktemp("instance")
            place["prefix"] = f"test{next(_namespaces)}:{time.time_ns()}:"
        if backend == "sqlite":
            store = open_store(None, place["instance"], **options)
        else:
            url = request.getfixturevalue("redis_url")
            store = open_store(url, place["instance"], prefix=place["prefix"], **options)
        made.append(store)
        return store

    yield make
    for store in made:
        store.close()


@pytest.fixture
def store(make_store: Callable[..., TableStore]) -> TableStore:
    """A fresh store of the backend, reading the referee's current state format."""
    return make_store(state_format=STATE_FORMAT)


@pytest.fixture
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Flask:
    """The real site on a fresh instance folder, with its own SQLite table store; in a test
    module that sets `BOTH_BACKENDS = True`, on the `store` fixture (each backend in turn)."""
    monkeypatch.setenv("GONG_INSTANCE", str(tmp_path))
    if getattr(request.module, "BOTH_BACKENDS", False):
        return make_app(request.getfixturevalue("store"))
    return make_app()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
