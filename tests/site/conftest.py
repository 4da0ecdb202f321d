"""Fixtures for the site tests: the app built from the bundled missions and rules, with a
seeded random generator so every draw is reproducible."""

from __future__ import annotations

import random
import re
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from gong.missions import MissionBook, load_missions
from server import create_app

from ..served import free_port, gong_command, server_env, stop, wait_until_up

TEST_KEY = "a-test-secret-key-never-used-in-production"
PERMALINK = re.compile(r'href="/m/([a-z0-9-]+)"')


@pytest.fixture(scope="session")
def book() -> MissionBook:
    return load_missions()


@pytest.fixture
def app() -> Iterator[Flask]:
    yield create_app({"SECRET_KEY": TEST_KEY, "GONG_RANDOM": random.Random(2026)})


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


def _shown_mission(html: str) -> str:
    found = PERMALINK.findall(html)
    assert len(found) == 1, f"expected one mission permalink, found {found}"
    return found[0]


@pytest.fixture
def shown_mission() -> Callable[[str], str]:
    """Reads the id of the mission a page shows from its permalink link."""
    return _shown_mission


# -- the real server, `gong serve`, in a subprocess ------------------------------------------


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, subprocess.Popen]]:
    port = free_port()
    proc = subprocess.Popen(
        [*gong_command(), "serve", "--port", str(port), "--workers", "2"],
        env=server_env(tmp_path),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        wait_until_up(proc, base)
        yield base, proc
    finally:
        stop(proc)


def children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []
