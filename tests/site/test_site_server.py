"""The real HTTP server behind `gong serve` (granian, in a subprocess): slow clients, the error
pages of requests that are too large or use the wrong method, and a worker that dies."""

from __future__ import annotations

import contextlib
import os
import re
import select
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from email.message import Message
from pathlib import Path

import pytest

from server.headers import SECURITY_HEADERS
from server.httpserver import SERVER_MAX_HEAD
from server.limits import MAX_HEADER_BYTES, MAX_REQUEST_LINE

from .conftest import children

SLOW_CLIENTS = 300
SLOW_HEAD = b"GET /c/NE5 HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "


def get(url: str, method: str = "GET", **headers: str) -> tuple[int, str, Message]:
    request = urllib.request.Request(url, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, response.read().decode(), response.headers
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(), error.headers


def raw(base: str, request: bytes) -> tuple[int, str, str]:
    """Send `request` as bytes; the status, the head and the body of the answer."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(request)
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    head, _, body = data.decode("utf-8", "replace").partition("\r\n\r\n")
    return int(head.split()[1]), head.lower(), body


def assert_site_headers(headers: Message | str) -> None:
    text = str(headers).lower()
    for name, value in SECURITY_HEADERS.items():
        assert name.lower() in text and value.lower() in text, name


def test_normal_requests_are_answered_while_300_slow_clients_hold_connections(
    served: tuple[str, subprocess.Popen],
) -> None:
    base, _ = served
    host, port = base.removeprefix("http://").split(":")
    slow = []
    try:
        for _ in range(SLOW_CLIENTS):
            sock = socket.create_connection((host, int(port)), timeout=10)
            sock.sendall(SLOW_HEAD[:1])
            slow.append(sock)
        answered = []
        for step in range(6):
            # The slow clients go on sending their headers, one byte each at a time.
            for sock in slow:
                sock.sendall(SLOW_HEAD[step + 1 : step + 2])
            status, html, _ = get(base + "/c/NE5")
            answered.append(status)
            assert "NEBULA 5" in html
        assert answered == [200] * 6
        # The slow clients were held all along, not dropped to make room.
        still_open = 0
        for sock in slow:
            try:
                sock.sendall(b"x")
                still_open += 1
            except OSError:
                pass
        assert still_open == SLOW_CLIENTS
    finally:
        for sock in slow:
            sock.close()


def test_a_wrong_method_gets_the_site_page_in_the_visitors_language(
    served: tuple[str, subprocess.Popen],
) -> None:
    base, _ = served
    status, html, headers = get(base + "/bonus?lang=fr", method="POST")
    assert status == 405
    assert '<html lang="fr" dir="ltr">' in html and "Pas par ici" in html
    assert "GET" in headers["Allow"]
    assert_site_headers(headers)
    status, html, headers = get(base + "/c/NE5", method="DELETE", **{"Accept-Language": "sv"})
    assert status == 405 and '<html lang="sv" dir="ltr">' in html
    assert_site_headers(headers)


def test_a_too_long_address_gets_the_site_page(served: tuple[str, subprocess.Popen]) -> None:
    base, _ = served
    query = "lang=fr&x=" + "a" * MAX_REQUEST_LINE
    status, head, body = raw(
        base, f"GET /c/NE5?{query} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode()
    )
    assert status == 414
    assert '<html lang="fr" dir="ltr">' in body and "Ce lien est trop long" in body
    assert_site_headers(head)
    # Just under the limit is a page like any other.
    fits = "x=" + "a" * (MAX_REQUEST_LINE - 40)
    status, _, body = raw(
        base, f"GET /c/NE5?{fits} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode()
    )
    assert status == 200 and "NEBULA 5" in body


def test_the_servers_limits_are_above_the_apps() -> None:
    assert SERVER_MAX_HEAD > MAX_REQUEST_LINE + MAX_HEADER_BYTES


def test_too_large_headers_get_the_site_page(served: tuple[str, subprocess.Popen]) -> None:
    base, _ = served
    big = "a" * MAX_HEADER_BYTES
    request = f"GET /c/NE5 HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAccept-Language: sv\r\nX-Big: {big}\r\n\r\n"
    status, head, body = raw(base, request.encode())
    assert status == 431
    assert '<html lang="sv" dir="ltr">' in body and "För mycket att läsa" in body
    assert_site_headers(head)


def test_only_unparsable_requests_get_the_servers_bare_answer(
    served: tuple[str, subprocess.Popen],
) -> None:
    """What the README lists: these never reach the app."""
    base, _ = served
    status, head, body = raw(base, b"HELLO\r\n\r\n")
    assert status == 400 and "content-security-policy" not in head
    status, head, _ = raw(
        base, b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nNo colon here\r\n\r\n"
    )
    assert status == 400 and "content-security-policy" not in head
    fields = "".join(f"X-Field-{i}: v\r\n" for i in range(101))
    status, head, _ = raw(
        base, f"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{fields}\r\n".encode()
    )
    assert status == 431 and "content-security-policy" not in head


def test_a_worker_that_dies_is_replaced(served: tuple[str, subprocess.Popen]) -> None:
    base, proc = served
    if not Path(f"/proc/{proc.pid}").exists():
        pytest.skip("needs Linux's /proc to find the workers")
    deadline = time.monotonic() + 20
    while len(children(proc.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.1)
    before = children(proc.pid)
    victim = before[0]
    subprocess.run(["kill", "-KILL", str(victim)], check=True)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        now = children(proc.pid)
        if len(now) == 2 and victim not in now:
            break
        time.sleep(0.1)
    now = children(proc.pid)
    assert len(now) == 2 and victim not in now, f"workers {before} -> {now}"
    for _ in range(4):
        assert get(base + "/c/NE5")[0] == 200
    assert proc.poll() is None
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=30) == 0
    assert re.search(r"Respawning worker", proc.stdout.read())  # granian's own log


def test_a_worker_started_afresh_builds_the_app_with_the_same_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where workers are not forked (macOS starts them afresh), each builds the app from the
    factory; the key file the main process settled is the one they all read."""
    from server import create_app
    from server.httpserver import _PRELOADED, _load

    monkeypatch.setenv("GONG_INSTANCE", str(tmp_path / "instance"))
    monkeypatch.delenv("GONG_SECRET_KEY", raising=False)
    main = create_app()
    monkeypatch.setitem(_PRELOADED, "server:create_app", main)
    monkeypatch.setattr("server.httpserver._PRIVATE_ENV", ["GONG_SECRET_KEY"])
    monkeypatch.setenv("GONG_SECRET_KEY", "s" * 32)
    assert _load("server:create_app") is main, "a forked worker serves the app already built"
    assert "GONG_SECRET_KEY" not in os.environ, "and needs no secret from the environment"
    monkeypatch.delitem(_PRELOADED, "server:create_app")
    monkeypatch.delenv("GONG_SECRET_KEY", raising=False)
    fresh = _load("server:create_app")
    assert fresh is not main
    assert fresh.config["SECRET_KEY"] == main.config["SECRET_KEY"]
    assert fresh.test_client().get("/c/NE5").status_code == 200


def _worker_holds(proc: subprocess.Popen, port: int, client_port: int) -> bool:
    """Whether a worker of PROC has accepted the connection from CLIENT_PORT to PORT (its
    server-side socket is among the worker's open files)."""
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        here, there = (int(f.rsplit(":", 1)[1], 16) for f in fields[1:3])
        if (here, there) == (port, client_port) and fields[9] != "0":
            wanted = f"socket:[{fields[9]}]"
            for worker in children(proc.pid):
                with contextlib.suppress(OSError):
                    fds = Path(f"/proc/{worker}/fd")
                    if any(os.readlink(fd) == wanted for fd in fds.iterdir()):
                        return True
    return False


def _wait_for_line(proc: subprocess.Popen, text: str, seconds: float = 20) -> None:
    """Read PROC's output (from its pipe, beneath Python's buffer) until it says TEXT."""
    deadline, said = time.monotonic() + seconds, b""
    while time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], 0.2)
        if ready:
            said += os.read(proc.stdout.fileno(), 65536)
            if text.encode() in said:
                return
    raise AssertionError(f"the server never said {text!r}: {said[-500:]!r}")


def test_sigterm_lets_a_request_in_progress_finish(served: tuple[str, subprocess.Popen]) -> None:
    base, proc = served
    if not Path(f"/proc/{proc.pid}").exists():
        pytest.skip("needs Linux's /proc to see the connection accepted")
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=10) as sock:
        sock.sendall(b"GET /c/NE5 HTTP/1.1\r\nHost: x\r\n")  # half a request, then SIGTERM
        deadline = time.monotonic() + 20
        while not _worker_holds(proc, int(port), sock.getsockname()[1]):
            assert time.monotonic() < deadline, "no worker took the connection"
            time.sleep(0.02)
        proc.send_signal(signal.SIGTERM)
        _wait_for_line(proc, "Shutting down")  # granian's own log: the stop has begun
        sock.sendall(b"Connection: close\r\n\r\n")
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    assert answer.startswith(b"HTTP/1.1 200 OK") and b"NEBULA 5" in answer
    assert proc.wait(timeout=30) == 0
    assert "Granian shutdown completed" in proc.stdout.read()
