"""The site's configuration, later wins: defaults, then `<instance>/config.py`, then the
environment. The secret key has its own order (server/secret.py): the environment first."""

from __future__ import annotations

import os
import traceback
from pathlib import Path
from typing import Any

from flask import Config

from gong.missions import BUNDLED_MISSIONS
from server.rulesdoc import RULES_DIR
from server.texts import TEXTS_DIR

INSTANCE_ENV = "GONG_INSTANCE"
MISSIONS_ENV = "GONG_MISSIONS"
SECURE_COOKIES_ENV = "GONG_SECURE_COOKIES"
CONFIG_FILE = "config.py"

DEFAULTS: dict[str, Any] = {
    "GONG_MISSIONS": str(BUNDLED_MISSIONS),
    "GONG_RULES": str(RULES_DIR),
    "GONG_TEXTS": str(TEXTS_DIR),
    "GONG_RANDOM": None,
    "GONG_SECURE_COOKIES": False,
}


class ConfigError(RuntimeError):
    """The instance's config.py cannot be used; the message names the file and the line."""


def instance_path() -> str | None:
    return os.environ.get(INSTANCE_ENV) or None


def from_environment() -> dict[str, Any]:
    config: dict[str, Any] = {}
    for name in ("GONG_BASE_URL", "GONG_OFFLINE"):
        if os.environ.get(name):
            config[name] = os.environ[name]
    if os.environ.get(MISSIONS_ENV):
        config["GONG_MISSIONS"] = os.environ[MISSIONS_ENV]
    if os.environ.get(SECURE_COOKIES_ENV):
        config["GONG_SECURE_COOKIES"] = os.environ[SECURE_COOKIES_ENV].lower() in {
            "1",
            "true",
            "yes",
            "on",
        }
    return config


def load_config_file(config: Config, instance: Path) -> Path:
    """Read `<instance>/config.py` into `config` if it exists; a mistake in it is one line
    naming the file and the line (`ConfigError`), not a traceback."""
    path = instance / CONFIG_FILE
    try:
        config.from_pyfile(str(path), silent=True)
    except SyntaxError as exc:
        raise ConfigError(f"{path}, line {exc.lineno}: {exc.msg}") from None
    except Exception as exc:
        frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == str(path)]
        where = f", line {frames[-1].lineno}" if frames else ""
        raise ConfigError(f"{path}{where}: {type(exc).__name__}: {exc}") from None
    return path


def load_games_of(config: Config, instance: Path) -> None:
    """Register the instance's own games: `GONG_GAMES` (a comma list), else `GAMES` in its
    config.py, the instance folder importable; a module that does not load or declares a bad
    spec is a ConfigError naming it, and nothing starts."""
    from gong.referee.errors import GameSetupError
    from gong.referee.registry import GAMES_ENV, ensure_games

    listed = os.environ.get(GAMES_ENV, "").strip()
    names = listed.split(",") if listed else config.get("GAMES") or []
    if not isinstance(names, (list, tuple)) or not all(isinstance(n, str) for n in names):
        raise ConfigError(
            f"{instance / CONFIG_FILE}: GAMES is a list of game module names, not {names!r}"
        )
    try:
        ensure_games(names, instance)
    except GameSetupError as exc:
        raise ConfigError(str(exc)) from None
