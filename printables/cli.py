"""`gong print`: the deck printer's command."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from gong.cli import ArgumentError, OneLineCommand
from gong.i18n import LANGUAGES
from printables.geometry import MAX_DPI, MIN_DPI, PAPERS_MM, Scale
from printables.links import BaseUrl, BaseUrlError, parse_base_url
from printables.sheets import BACKS


@click.command("print", cls=OneLineCommand)
@click.option(
    "--base-url",
    required=True,
    help="The site's permanent address, printed in every QR code (http or https).",
)
@click.option(
    "--allow-local",
    is_flag=True,
    help="Accept localhost and private addresses (test prints only: no phone reaches them).",
)
@click.option(
    "--out",
    type=click.Path(path_type=Path, file_okay=False),
    default=Path("build/deck"),
    show_default=True,
    help="Output folder (replaced only when the new deck is complete and verified).",
)
@click.option(
    "--paper",
    type=click.Choice(list(PAPERS_MM), case_sensitive=False),
    default="a4",
    show_default=True,
    help="Paper of the print-and-play and mission-card sheets.",
)
@click.option(
    "--backs",
    type=click.Choice(list(BACKS), case_sensitive=False),
    default="long",
    show_default=True,
    help="Duplex flip edge the backs are aligned for, or none.",
)
@click.option(
    "--lang",
    type=click.Choice(list(LANGUAGES)),
    default=LANGUAGES[0],
    show_default=True,
    help="Language of the gem names, kind labels and mission cards.",
)
@click.option(
    "--dpi",
    type=click.IntRange(MIN_DPI, MAX_DPI),
    default=300,
    show_default=True,
    help="Resolution of the card images.",
)
@click.option(
    "--jobs",
    type=click.IntRange(1, 64),
    default=None,
    help="Processes rendering in parallel  [default: number of cores]",
)
def print_deck(
    base_url: str,
    allow_local: bool,
    out: Path,
    paper: str,
    backs: str,
    lang: str,
    dpi: int,
    jobs: int | None,
) -> None:
    """Print the GONG deck: one PNG per card and the back, print-and-play and print-shop PDFs,
    mission cards, every QR code decoded back before success is reported."""
    from tqdm import tqdm

    from gong.procs import Terminated, exit_code
    from printables.deck import (
        DeckError,
        PrintOptions,
        check_output_folder,
        load_bundled_missions,
        plan_for,
        print_deck,
        work_size,
    )

    # Validated here rather than in a callback: the rule depends on --allow-local.
    try:
        base: BaseUrl = parse_base_url(base_url, allow_local=allow_local)
    except BaseUrlError as exc:
        raise ArgumentError(f"Invalid value for '--base-url': {exc}") from None
    try:
        check_output_folder(out)
    except DeckError as exc:
        raise ArgumentError(f"Invalid value for '--out': {exc}") from None
    try:
        options = PrintOptions(
            base_url=base,
            out=out,
            paper=paper.lower(),
            backs=backs.lower(),
            lang=lang,
            dpi=dpi,
            jobs=jobs or os.cpu_count() or 1,
            missions=load_bundled_missions(),
        )
    except DeckError as exc:
        raise click.ClickException(str(exc)) from None
    try:
        plan_for(options)  # the base URL's length against the QR codes' size, before any work
    except DeckError as exc:
        raise ArgumentError(f"Invalid value for '--base-url': {exc}") from None
    try:
        total = work_size(options, list(options.missions or ()))
        tqdm.monitor_interval = 0  # no monitor thread: the workers are forked
        with tqdm(total=total, unit="image", desc="Rendering", file=sys.stderr) as bar:
            report = print_deck(options, bar.update)
    except DeckError as exc:
        raise click.ClickException(str(exc)) from None
    except (KeyboardInterrupt, Terminated) as stop:
        what = "interrupted" if isinstance(stop, KeyboardInterrupt) else str(stop)
        click.echo(f"\nPrinting {what}: {out} was left as it was.", err=True)
        sys.exit(exit_code(stop))

    plan = report.qr_plan
    assert plan is not None
    width, height = Scale(dpi).card_size
    pngs = [f for f in report.files if f.endswith(".png")]
    if report.failures:
        click.echo(f"QR verification FAILED for {len(report.failures)} card(s):", err=True)
        for code, why in sorted(report.failures.items()):
            click.echo(f"  {code}: {why}", err=True)
        click.echo(
            f"Nothing was written to {out}; the unverified files are in {report.kept}", err=True
        )
        sys.exit(1)
    click.echo(f"Deck written to {out} ({base}):")
    click.echo(
        f"  {len(pngs)} PNG files in cards/: {len(options.cards)} faces and the back, "
        f"{width} x {height} px at {dpi} DPI (63 x 88 mm and 3 mm bleed)"
    )
    for name, pages in report.pages.items():
        click.echo(f"  {name}: {pages} pages")
    click.echo(
        f"QR codes: version {plan.version}, error correction Q, {plan.modules} modules with the "
        f"quiet zone, {plan.module_mm:.2f} mm per module"
    )
    click.echo(
        f"Verification: all {len(report.links)} QR codes decode to their links, on the card "
        "and in a simulated phone view (3 px/mm, blurred)"
    )
