"""Fixtures for the site tests: the app built from the bundled missions and rules, with a
seeded random generator so every draw is reproducible."""

from __future__ import annotations

import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from gong.missions import MissionBook, load_missions
from server import create_app

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


def gong_command() -> list[str]:
    script = shutil.which("gong", path=str(Path(sys.executable).parent))
    return [script] if script else [sys.executable, "-m", "gong.cli"]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def server_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GONG_")}
    env["GONG_INSTANCE"] = str(tmp_path / "instance")
    return env


def wait_until_up(proc: subprocess.Popen, base: str) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"gong serve exited with {proc.returncode}: {proc.stderr.read()}")
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("gong serve did not answer within 30 s")


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
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def children(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []
