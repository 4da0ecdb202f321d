"""`gong serve`: the mission site under granian (server/httpserver.py)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from gong.cli import OneLineCommand
from gong.missions import MissionError
from server import create_app
from server.config import ConfigError
from server.httpserver import check_address, run
from server.rulesdoc import RulesFormatError
from server.secret import SECRET_ENV, SecretKeyError

APP_FACTORY = "server:create_app"
# Slow connections wait in granian's Rust code, not in Python threads: a worker's threads only
# compute pages. Two served /c/NE5 half again as fast as one (one computes while the other
# hands its page over to granian); more only interleave under the GIL and stretch the tail.
DEFAULT_THREADS = 2


def default_workers() -> int:
    """One worker process per CPU, at most 8: each computes pages on its own core."""
    return min(os.cpu_count() or 1, 8)


@click.command(cls=OneLineCommand)
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=None,
    help="Worker processes [default: one per CPU, at most 8].",
)
@click.option(
    "--threads",
    type=click.IntRange(1, 64),
    default=DEFAULT_THREADS,
    show_default=True,
    help="Python threads per worker.",
)
@click.option(
    "--missions",
    "missions_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Mission directory [default: $GONG_MISSIONS, else the bundled missions/].",
)
def serve(
    host: str, port: int, workers: int | None, threads: int, missions_dir: Path | None
) -> None:
    """Serve the mission site under granian.

    The missions, the rules pages and the configuration are loaded and validated first: on
    any problem nothing starts, the problem is printed and the exit status is 1. The secret
    key (GONG_SECRET_KEY, else SECRET_KEY in <instance>/config.py, else <instance>/secret_key,
    created here once) is settled before the workers start. SIGTERM stops it gracefully.
    """
    if missions_dir is not None:
        os.environ["GONG_MISSIONS"] = str(missions_dir)
    try:
        app = create_app()
        check_address(host, port)
    except (MissionError, RulesFormatError, ConfigError, SecretKeyError, OSError) as exc:
        # Invalid missions, rules pages or config.py, an unusable key or instance folder, a
        # busy port: say why.
        click.echo(f"gong serve: not starting: {exc}", err=True)
        sys.exit(1)
    book = app.extensions["gong"].book
    workers = workers or default_workers()
    click.echo(
        f"gong serve: {len(book)} missions from {app.config['GONG_MISSIONS']}, "
        f"http://{host}:{port}/ ({workers} workers x {threads} threads)",
        err=True,
    )
    run(app, APP_FACTORY, host, port, workers, threads, private_env=(SECRET_ENV,))
