"""Run a WSGI app under gunicorn, in this process (gunicorn's BaseApplication).

`gong serve` and the benchmark's bare Flask page both go through `run`, so they are measured
under exactly the same server settings.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Mapping
from typing import Any

from gunicorn.app.base import BaseApplication


def server_options(host: str, port: int, workers: int, threads: int) -> dict[str, Any]:
    """gunicorn settings for the site.

    - `gthread` workers keep connections alive (a phone fetches the page, then its CSS, on one
      connection) and a slow client holds one thread, not a whole worker;
    - `preload_app`: the app (missions validated, secret key read) is built once in the master
      before the workers fork, so all workers serve the same data with the same key.
    """
    return {
        "bind": f"{host}:{port}",
        "workers": workers,
        "worker_class": "gthread",
        "threads": threads,
        "preload_app": True,
        "keepalive": 5,
        "graceful_timeout": 10,
        "proc_name": "gong",
        # gunicorn >= 25 opens a control socket at one fixed path per user by default; two
        # servers on one machine (tests, the benchmark) would fight over it.
        "control_socket_disable": True,
    }


class _Application(BaseApplication):
    def __init__(self, load: Callable[[], Any], options: Mapping[str, Any]) -> None:
        self._load = load
        self._options = options
        super().__init__()

    def load_config(self) -> None:
        for key, value in self._options.items():
            if key in self.cfg.settings:  # settings newer than the installed gunicorn are skipped
                self.cfg.set(key, value)

    def load(self) -> Any:
        return self._load()


def run(app: Any, options: Mapping[str, Any]) -> None:
    """Serve the WSGI callable `app` until gunicorn is stopped (SIGINT or SIGTERM)."""
    # The app is built before the workers fork: freezing what exists now keeps the garbage
    # collector from scanning (and so copying, page by page) the shared missions, templates
    # and modules in every worker.
    gc.freeze()
    _Application(lambda: app, options).run()
