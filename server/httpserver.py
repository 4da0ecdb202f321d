"""Run a WSGI app under granian, an HTTP server written in Rust.

granian reads and parses each request outside Python: a client that sends its headers one
byte a second holds a socket in Rust, not a Python thread, so slow clients cannot starve the
workers (under gunicorn's threads, 200 of them left nearly every visitor unanswered).

`gong serve` and the benchmark's bare Flask page both go through `run`, so they are measured
under exactly the same server settings.
"""

from __future__ import annotations

import gc
import importlib
import os
import socket
from collections.abc import Callable
from typing import Any

from granian import Granian
from granian.constants import HTTPModes, Interfaces
from granian.http import HTTP1Settings

SERVER_MAX_HEAD = 128 * 1024
"""granian's read buffer for a request's line and headers: a head that overflows it (about
200 KB, as hyper measures it) gets granian's own bare 431. Well above the app's own limits
(server/limits.py), so the app answers those with its page."""
HEADER_READ_TIMEOUT_MS = 30_000
"""A connection whose headers have not all arrived by then is closed."""
CONNECTIONS_PER_WORKER = 4096
"""Connections a worker holds at once, slow ones included (granian's "backpressure"; its
default, 1024 shared by all workers, let 1,000 slow clients lock everyone else out)."""
STOP_TIMEOUT_S = 10
"""On SIGTERM, requests in progress get this long to finish before their worker is killed."""

_PRELOADED: dict[str, Callable[..., Any]] = {}
_PRIVATE_ENV: list[str] = []


def _load(target: str) -> Callable[..., Any]:
    """The app a worker serves: the one built before the workers started (forked workers
    inherit it), else (a worker started afresh, as on macOS) the factory `module:function`."""
    app = _PRELOADED.get(target)
    if app is None:
        module, _, factory = target.partition(":")
        return getattr(importlib.import_module(module), factory)()
    # granian copies the worker's whole environment into every request's WSGI environ; an
    # app already built needs no secrets from it.
    for name in _PRIVATE_ENV:
        os.environ.pop(name, None)
    return app


def check_address(host: str, port: int) -> None:
    """Raise OSError, saying why, if `host:port` cannot be listened on. granian binds with
    SO_REUSEPORT, so a second server on a busy port would start and silently share it."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        with socket.socket(family, kind, proto) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # TIME_WAIT is fine
            probe.bind(address)
    except OSError as exc:
        raise OSError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


def run(
    app: Callable[..., Any],
    target: str,
    host: str,
    port: int,
    workers: int,
    threads: int,
    private_env: tuple[str, ...] = (),
) -> None:
    """Serve the WSGI callable `app` (built by the factory `target`, "module:function") until
    SIGINT or SIGTERM, which stop it gracefully. A worker that dies is started again; one that
    keeps dying stops the server. The environment variables `private_env` (the secret key)
    are removed from forked workers, which never need them, so no request's environ holds
    them."""
    _PRELOADED[target] = app
    _PRIVATE_ENV[:] = private_env
    # The app is built before the workers fork: freezing what exists now keeps the garbage
    # collector from scanning (and so copying, page by page) the shared missions, templates
    # and modules in every worker.
    gc.freeze()
    server = Granian(
        target,
        address=host,
        port=port,
        interface=Interfaces.WSGI,
        workers=workers,
        blocking_threads=threads,
        backlog=2048,
        backpressure=CONNECTIONS_PER_WORKER,
        http=HTTPModes.http1,
        websockets=False,
        http1_settings=HTTP1Settings(
            header_read_timeout=HEADER_READ_TIMEOUT_MS, max_buffer_size=SERVER_MAX_HEAD
        ),
        respawn_failed_workers=True,
        workers_kill_timeout=STOP_TIMEOUT_S,
    )
    server.serve(target_loader=_load)
