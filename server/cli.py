"""`gong serve`: the mission site under gunicorn."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from gong.missions import MissionError
from server import create_app
from server.gunicorn_app import run, server_options
from server.rulesdoc import RulesFormatError
from server.secret import SecretKeyError

# Two threads per worker: one can wait on a slow phone's connection while the other computes.
# More only interleave CPU-bound requests under the GIL and stretch the latency tail.
DEFAULT_THREADS = 2


def default_workers() -> int:
    return min(2 * (os.cpu_count() or 1) + 1, 8)


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=None,
    help="Worker processes [default: 2 x CPUs + 1, at most 8].",
)
@click.option(
    "--threads",
    type=click.IntRange(1, 64),
    default=DEFAULT_THREADS,
    show_default=True,
    help="Threads per worker.",
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
    """Serve the mission site under gunicorn.

    The missions are loaded and validated first: on any problem nothing starts, the problems
    are printed and the exit status is 1. The secret key (GONG_SECRET_KEY, else
    <instance>/secret_key, created here once) is settled before the workers fork.
    """
    if missions_dir is not None:
        os.environ["GONG_MISSIONS"] = str(missions_dir)
    try:
        app = create_app()
    except (MissionError, RulesFormatError, SecretKeyError, OSError) as exc:
        # Invalid missions or rules pages, an unusable key or instance folder: say why.
        click.echo(f"gong serve: not starting: {exc}", err=True)
        sys.exit(1)
    book = app.extensions["gong"].book
    workers = workers or default_workers()
    click.echo(
        f"gong serve: {len(book)} missions from {app.config['GONG_MISSIONS']}, "
        f"http://{host}:{port}/ ({workers} workers x {threads} threads)",
        err=True,
    )
    run(app, server_options(host, port, workers, threads))
