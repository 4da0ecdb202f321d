"""End to end: the tables API of the real `gong serve` (2 worker processes) over HTTP, on
SQLite and on Redis: phones racing at one version across workers, a restart mid-game, and
the game played on to its end."""

from __future__ import annotations

import subprocess
import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ..served import free_port, gong_command, json_call, server_env, stop, wait_until_up


class Server:
    """`gong serve` in a subprocess; `restart()` stops it and starts it again."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [*gong_command(), "serve", "--port", str(self.port), "--workers", "2"],
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        wait_until_up(self.proc, self.base, "/api/games")

    def stop(self) -> None:
        stop(self.proc)

    def restart(self) -> None:
        self.stop()
        self.start()

    def call(
        self, method: str, path: str, body: Any = None, secret: str | None = None
    ) -> tuple[int, Any]:
        """A JSON API call: the status and the decoded answer."""
        return json_call(self.base, method, path, body, secret)


@pytest.fixture(params=["sqlite", "redis"])
def server(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Server]:
    env = server_env(tmp_path)
    env.update(GONG_BOT_DELAY="0", GONG_CALL_WAIT="0", GONG_TESTING="1")
    if request.param == "redis":
        url = request.getfixturevalue("redis_url")
        env["GONG_STORE"] = url.rsplit("/", 1)[0] + "/1"  # a database of its own
    served = Server(env)
    served.start()
    try:
        yield served
    finally:
        served.stop()


def test_a_served_table_survives_racing_phones_and_a_restart(server):
    status, made = server.call(
        "POST", "/api/tables", {"game": "gong-link", "players": 4, "bots": {"3": "normal"}}
    )
    assert status == 201, made
    table = f"/api/tables/{made['id']}"
    secrets = []
    for seat in range(3):
        status, taken = server.call("POST", f"{table}/seats", {"seat": seat, "name": f"P{seat}"})
        assert status == 200, taken
        secrets.append(taken["secret"])

    # Ten phones post one move at one version, through both workers: one move is made.
    _, state = server.call("GET", table, secret=secrets[0])
    action, version = state["legal"][0], state["version"]
    statuses: list[int] = []
    barrier = threading.Barrier(10)

    def phone() -> None:
        barrier.wait()
        body = {"action": action, "version": version}
        statuses.append(server.call("POST", f"{table}/actions", body, secrets[0])[0])

    threads = [threading.Thread(target=phone) for _ in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert Counter(statuses) == {200: 1, 409: 9}

    _, before = server.call("GET", table, secret=secrets[1])
    server.restart()
    _, after = server.call("GET", table, secret=secrets[1])
    assert after == before  # the game goes on where it was

    for _ in range(3000):
        _, watched = server.call("GET", table)
        if watched["status"] == "over":
            break
        for secret in secrets:
            _, mine = server.call("GET", table, secret=secret)
            if mine["legal"]:
                body = {"action": mine["legal"][0], "version": mine["version"]}
                status, answer = server.call("POST", f"{table}/actions", body, secret)
                assert status in (200, 409), answer
                break
    else:
        raise AssertionError("the game did not end")
    assert watched["outcome"]["winners"]
    assert {e["version"] for e in watched["events"]} == set(range(1, watched["version"] + 1))
    status, _ = server.call("GET", f"{table}?since={watched['version']}")
    assert status == 304
