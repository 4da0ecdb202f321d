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
MISSIONS_OPTION = click.option(
    "--missions",
    "missions_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Mission directory [default: $GONG_MISSIONS, else the bundled missions/].",
)


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
@MISSIONS_OPTION
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


@click.command("export", cls=OneLineCommand)
@click.argument("out", metavar="DIR", type=click.Path(path_type=Path, file_okay=False))
@click.option(
    "--base-url",
    required=True,
    help="The address the folder is served at: the one printed on the cards (http or https).",
)
@click.option(
    "--lang",
    default="en",
    show_default=True,
    help="The language of the pages without a language prefix (the QR codes' /C/NE5).",
)
@click.option(
    "--tables-url",
    default=None,
    help="A Flask GONG site for the 'Play online' links [default: no such links].",
)
@click.option(
    "--allow-local",
    is_flag=True,
    help="Accept localhost and private addresses (test exports only: no phone reaches them).",
)
@MISSIONS_OPTION
def export_site(
    out: Path,
    base_url: str,
    lang: str,
    tables_url: str | None,
    allow_local: bool,
    missions_dir: Path | None,
) -> None:
    """Write the mission site as static files into DIR, for any static host.

    Every page in every language, all 56 card pages at the paths the QR codes carry, the
    rules, an error page, the offline worker and the manifests. Everything is rendered and
    checked before anything is written; DIR is replaced only when it holds exactly what an
    earlier export wrote.
    """
    from tqdm import tqdm

    from gong.cli import ArgumentError
    from printables.links import BaseUrlError, parse_base_url
    from server.export import ExportError, ExportOptions, check_output_folder, render, write

    try:
        base = parse_base_url(base_url, allow_local=allow_local)
    except BaseUrlError as exc:
        raise ArgumentError(f"Invalid value for '--base-url': {exc}") from None
    try:
        tables = parse_base_url(tables_url, allow_local=allow_local) if tables_url else None
    except BaseUrlError as exc:
        raise ArgumentError(f"Invalid value for '--tables-url': {exc}") from None
    try:
        check_output_folder(out)
    except ExportError as exc:
        raise ArgumentError(f"Invalid value for 'DIR': {exc}") from None
    options = ExportOptions(out, base, lang, tables, missions_dir)
    try:
        with tqdm(total=11, unit="language", desc="Exporting", file=sys.stderr) as bar:

            def done(code: str) -> None:
                bar.set_postfix_str(code)
                bar.update()

            report = render(options, done)
            bar.total = bar.n
            bar.refresh()
        write(options, report)
    except (ExportError, MissionError, RulesFormatError, ConfigError) as exc:
        click.echo(f"gong export: nothing was written: {exc}", err=True)
        sys.exit(1)
    except KeyboardInterrupt:
        click.echo(f"\ngong export: interrupted: {out} was left as it was.", err=True)
        sys.exit(130)
    name, size = report.largest_page()
    pages = sum(1 for n in report.files if n.endswith(".html"))
    click.echo(
        f"Exported to {out} ({base}): {len(report.files)} files, {pages} pages, "
        f"{report.size / 1e6:.1f} MB, {len(report.languages)} languages; "
        f"largest page {name}: {size / 1000:.1f} KB compressed"
    )
    if report.case_insensitive:
        click.echo(
            f"{out} is on a disk that ignores letter case (macOS, Windows, a USB stick): the "
            "lower-case card paths (/c/ne5) share the upper-case pages' files here; copy the "
            "folder to a host that ignores case too, or export again on a case-sensitive disk "
            "for one that does not (Linux, S3): there /c/ne5 would not be found.",
            err=True,
        )
