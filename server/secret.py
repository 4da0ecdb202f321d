"""The secret key that signs visitors' cookies.

Every worker and every machine serving the site must share it, or a visitor's "already seen"
cookie would be rejected by the next process. Its sources, first found wins:

1. the environment variable `GONG_SECRET_KEY`;
2. `SECRET_KEY` in `<instance>/config.py`;
3. the file `<instance>/secret_key`, generated once (by `gong serve`, before the workers
   start) and then read by everyone.

A key shorter than 16 characters is refused, whichever source it comes from, even from a
source a higher one overrides.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path

SECRET_ENV = "GONG_SECRET_KEY"
SECRET_FILE = "secret_key"
MIN_LENGTH = 16


class SecretKeyError(RuntimeError):
    """The configured secret key is unusable (too short, unreadable)."""


def _checked(key: object, origin: str) -> str:
    if not isinstance(key, str):
        raise SecretKeyError(f"{origin}: the secret key must be text, not {type(key).__name__}")
    key = key.strip()
    if len(key) < MIN_LENGTH:
        raise SecretKeyError(f"{origin}: the secret key must be at least {MIN_LENGTH} characters")
    return key


def ensure_secret_file(instance: Path) -> str:
    """Read `<instance>/secret_key`, creating it first if missing.

    Creation is atomic and never overwrites: the key is written to a private temporary file
    (mode 0600) that is then hard-linked into place, so two processes racing here both end up
    reading the one key that won, and nobody ever reads a half-written file.
    """
    instance.mkdir(mode=0o700, parents=True, exist_ok=True)
    path = instance / SECRET_FILE
    if not path.exists():
        temporary = instance / f".{SECRET_FILE}.{os.getpid()}.{secrets.token_hex(4)}"
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(fd, "w", encoding="ascii") as handle:
                handle.write(secrets.token_urlsafe(48) + "\n")
                handle.flush()
                os.fsync(handle.fileno())
            # Another process may have got there first: then its key is the one.
            with contextlib.suppress(FileExistsError):
                os.link(temporary, path)
        finally:
            temporary.unlink(missing_ok=True)
    try:
        return _checked(path.read_text(encoding="ascii"), str(path))
    except (OSError, UnicodeDecodeError) as exc:
        raise SecretKeyError(f"{path}: cannot read the secret key ({exc})") from None


def secret_key(instance: Path, configured: object = None, config_file: str = "") -> str:
    """The key from the first source that has one: `GONG_SECRET_KEY`, then `configured` (the
    `SECRET_KEY` of `config_file`, the instance's config.py), then the instance folder's key
    file, created if missing."""
    from_env = os.environ.get(SECRET_ENV)
    # A short key is refused from any source, used or not: a config.py that would weaken the
    # site the day the environment variable goes must not pass unseen.
    from_config = (
        _checked(configured, f"{config_file or 'config'}: SECRET_KEY") if configured else None
    )
    if from_env:
        return _checked(from_env, SECRET_ENV)
    if from_config:
        return from_config
    return ensure_secret_file(instance)
