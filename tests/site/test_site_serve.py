"""End to end: the real `gong serve` (granian, 2 workers) in a subprocess, fetched over HTTP."""

from __future__ import annotations

import http.cookiejar
import re
import shutil
import signal
import stat
import subprocess
import time
import urllib.error
import urllib.request
from email.message import Message
from pathlib import Path

from gong.cards import Kind
from gong.missions import BUNDLED_MISSIONS, MissionBook

from ..served import free_port, gong_command, server_env
from .conftest import children

PERMALINK = re.compile(r'href="/m/([a-z0-9-]+)"')


def test_gong_serve_serves_the_site_under_granian(
    served: tuple[str, subprocess.Popen], tmp_path: Path, book: MissionBook
) -> None:
    base, proc = served
    if Path(f"/proc/{proc.pid}").exists():  # Linux: count the main process's workers
        deadline = time.monotonic() + 20
        while len(children(proc.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert len(children(proc.pid)) == 2, "two granian workers"
    key = tmp_path / "instance" / "secret_key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600, "the key is created once, private"

    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))

    def get(path: str, **headers: str) -> tuple[int, str, Message]:
        request = urllib.request.Request(base + path, headers=headers)
        try:
            with opener.open(request, timeout=10) as response:
                return response.status, response.read().decode(), response.headers
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(), error.headers

    status, html, headers = get("/", **{"Accept-Language": "sv"})
    assert status == 200 and '<html lang="sv" dir="ltr">' in html
    assert headers["Server"] == "granian"
    assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
    css = re.search(r'href="(/s/site-[0-9a-f]+\.css)"', html).group(1)
    status, _, headers = get(css)
    assert status == 200 and "immutable" in headers["Cache-Control"]

    # The printed QR path, upper case; the cookie keeps missions from repeating across the
    # two workers, which share the one secret key.
    bonus = {m.id for m in book.of_kind(Kind.BONUS)}
    shown = []
    for _ in range(len(bonus)):
        status, html, _ = get("/C/NE5")
        assert status == 200 and "NEBULA 5" in html
        shown.extend(PERMALINK.findall(html))
    assert sorted(shown) == sorted(bonus)

    status, html, _ = get("/c/j2?lang=fr")
    assert status == 200 and "GONG JOKER" in html
    status, html, _ = get("/c/ZZ9")
    assert status == 404 and "ZZ9" in html and '<html lang="fr" dir="ltr">' in html

    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=20) == 0
    assert "2 workers" in proc.stderr.read()


def test_gong_serve_refuses_invalid_missions(tmp_path: Path) -> None:
    missions = tmp_path / "missions"
    shutil.copytree(BUNDLED_MISSIONS, missions)
    fight = missions / "fight.yaml"
    fight.write_text(fight.read_text("utf-8").replace("  - id:", "\t- id:", 1), "utf-8")
    result = subprocess.run(
        [*gong_command(), "serve", "--port", str(free_port()), "--missions", str(missions)],
        env=server_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 1
    assert "not starting" in result.stderr
    assert str(fight) in result.stderr and "tabs" in result.stderr
    assert "Listening" not in result.stdout + result.stderr  # granian logs on stdout
