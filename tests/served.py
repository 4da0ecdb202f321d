"""Starting the real site for the tests that need one: `gong serve` in a subprocess on a port
of its own, and the flags chromium runs with in the browser tests. One copy, so every test
starts the server and the browser the same way (bench/site.py keeps its own: bench does not
import tests)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

# Headless chromium as a container runs it: no sandbox, no GPU, nothing fetched behind the
# page's back that could slow or disturb a test.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def gong_command() -> list[str]:
    """The installed `gong` script next to this Python, or the module when it is missing."""
    script = shutil.which("gong", path=str(Path(sys.executable).parent))
    return [script] if script else [sys.executable, "-m", "gong.cli"]


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on just now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def server_env(tmp_path: Path) -> dict[str, str]:
    """This environment without the GONG_ settings, and an instance folder under TMP_PATH."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("GONG_")}
    env["GONG_INSTANCE"] = str(tmp_path / "instance")
    return env


def wait_until_up(proc: subprocess.Popen, base: str, path: str = "/healthz") -> None:
    """Wait until the server PROC answers 200 at BASE + PATH; fail if it exits or stays
    silent for 30 s."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"gong serve exited with {proc.returncode}: {proc.stderr.read()}")
        try:
            with urllib.request.urlopen(base + path, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("gong serve did not answer within 30 s")


def stop(proc: subprocess.Popen | None) -> None:
    """Stop a served site as its host would (SIGTERM), killing it only if it hangs."""
    if proc is not None and proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def json_call(
    base: str, method: str, path: str, body: Any = None, secret: str | None = None
) -> tuple[int, Any]:
    """A JSON API call to a served site: the status and the decoded answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if secret:
        request.add_header("Authorization", f"Bearer {secret}")
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            raw = response.read()
            return response.status, json.loads(raw) if raw else None
    except urllib.error.HTTPError as error:
        raw = error.read()
        return error.code, json.loads(raw) if raw else None
