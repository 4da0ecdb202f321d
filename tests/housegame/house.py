"""How the house-game tests give an instance the tests' game: only through the instance's
own setting, in the environment of a `gong` subprocess. The game's module is
tests/referee/toygame.py, importable as `toygame` once tests/referee is on PYTHONPATH; the
instance then names it in `GONG_GAMES`, or in `GAMES` of its config.py (directly, or through
a module of its own in the instance folder, which is importable)."""

from __future__ import annotations

import http.cookiejar
import os
import re
import subprocess
import urllib.error
import urllib.parse
import urllib.request
from html import unescape
from pathlib import Path
from typing import Any

from ..served import free_port, gong_command, json_call, server_env, stop, wait_until_up

GAME_DIR = Path(__file__).resolve().parent.parent / "referee"
"""Where the game's module lives (nothing is copied from there)."""
MODULE = "toygame"


def house_env(tmp_path: Path, games: str | None = MODULE, path: bool = True) -> dict[str, str]:
    """A `gong` environment (no GONG_ settings from outside, an instance under TMP_PATH)
    with `GONG_GAMES=games` (None: unset) and the game's folder on PYTHONPATH."""
    env = server_env(tmp_path)
    (tmp_path / "instance").mkdir(exist_ok=True)
    if games is not None:
        env["GONG_GAMES"] = games
    if path:
        env["PYTHONPATH"] = os.pathsep.join(
            p for p in (str(GAME_DIR), os.environ.get("PYTHONPATH", "")) if p
        )
    return env


def configure_instance(
    tmp_path: Path, games: list[str], modules: dict[str, str] | None = None
) -> Path:
    """Write `GAMES = [...]` into the instance's config.py, and the instance's own MODULES
    (name: source) beside it."""
    instance = tmp_path / "instance"
    instance.mkdir(exist_ok=True)
    (instance / "config.py").write_text(f"GAMES = {games!r}\n")
    for name, source in (modules or {}).items():
        (instance / f"{name}.py").write_text(source)
    return instance


def gong(env: dict[str, str], *args: str, input: str | None = None, timeout: float = 120):
    """`gong ARGS` run to its end in a subprocess."""
    return subprocess.run(
        [*gong_command(), *args],
        env=env,
        input=input,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def cards(text: str) -> list[str]:
    """Card codes written as one line ("R1 R2 B3"): a stacked deck, the top card first."""
    return text.split()


def template_pattern(template: str) -> re.Pattern[str]:
    """A regular expression matching what an event text template becomes once its
    `{placeholders}` are filled in."""
    parts = re.split(r"\{[^}]+\}", template)
    return re.compile(".+?".join(re.escape(part) for part in parts), re.DOTALL)


class Server:
    """`gong serve` in a subprocess on a port of its own, with ENV; its JSON API and its
    pages, with a cookie jar as a browser would keep one."""

    def __init__(self, env: dict[str, str], workers: int = 2) -> None:
        self.env = {**env, "GONG_BOT_DELAY": "0", "GONG_CALL_WAIT": "0", "GONG_TESTING": "1"}
        self.workers = workers
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen | None = None
        self.cookies = http.cookiejar.CookieJar()
        self.browser = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(self.cookies), _NoRedirect()
        )

    def __enter__(self) -> Server:
        self.proc = subprocess.Popen(
            [*gong_command(), "serve", "--port", str(self.port), "--workers", str(self.workers)],
            env=self.env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        try:
            wait_until_up(self.proc, self.base, "/api/games")
        except BaseException:
            self.__exit__()
            raise
        return self

    def __exit__(self, *_: object) -> None:
        stop(self.proc)
        if self.proc is not None and self.proc.stderr is not None:
            self.proc.stderr.close()

    def call(
        self, method: str, path: str, body: Any = None, secret: str | None = None
    ) -> tuple[int, Any]:
        """A JSON API call: the status and the decoded answer."""
        return json_call(self.base, method, path, body, secret)

    def page(self, path: str, form: dict[str, str] | None = None) -> tuple[int, str, str]:
        """A page as a browser gets it (cookies kept, redirects not followed): the status,
        the HTML and the Location it redirects to."""
        data = None if form is None else urllib.parse.urlencode(form).encode()
        request = urllib.request.Request(self.base + path, data=data)
        try:
            with self.browser.open(request, timeout=20) as response:
                return response.status, response.read().decode(), ""
        except urllib.error.HTTPError as error:
            return error.code, error.read().decode(), error.headers.get("Location", "")


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *_: Any) -> None:
        return None


def visible_text(html: str) -> str:
    """The words a page's <main> shows: tags dropped, entities read, spaces collapsed."""
    found = re.search(r"<main.*?</main>", html, re.DOTALL)
    text = re.sub(r"<[^>]+>", " ", found.group(0) if found else html)
    return re.sub(r"\s+", " ", unescape(text)).strip()


RAW_KEY = re.compile(r"\b(?:game|opt|reason|verb|act|no|toy)_[a-z_]+\b")
"""What a page text key looks like: one shown as it is means a text was missing."""
