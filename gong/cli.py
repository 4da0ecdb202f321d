"""The `gong` command. Each face's subcommand lives with that face and is imported only when
it runs, so `gong missions check` never loads Flask or Pillow.

This is the only module under `gong/` that imports click: the faces' commands share its
one-line errors (`ArgumentError`, `OneLineCommand`)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import click

# name -> "module:attribute" of a click command; imported on first use.
LAZY_COMMANDS = {
    "serve": ("server.cli:serve", "Serve the mission site under granian."),
    "print": ("printables.cli:print_deck", "Print the deck: card PNGs, PDFs, verified QR codes."),
    "simulate": ("terminal.cli:simulate", "Play many games between bots and show statistics."),
    "play": ("terminal.cli:play", "Play a GONG game in the terminal against bots."),
}


class ArgumentError(click.ClickException):
    """A bad argument, shown as one line (`Error: ...`) with click's usage-error exit code."""

    exit_code = 2


class OneLineCommand(click.Command):
    """Click prints usage and a hint before a bad argument's message; one line is clearer.
    Every face's subcommand uses this class."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as exc:
            raise ArgumentError(exc.format_message()) from None


class LazyGroup(click.Group):
    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*super().list_commands(ctx), *LAZY_COMMANDS])

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name in LAZY_COMMANDS:
            module_name, attribute = LAZY_COMMANDS[name][0].split(":")
            return getattr(importlib.import_module(module_name), attribute)
        return super().get_command(ctx, name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        # Help lists every command without importing the faces.
        rows = [(name, help_) for name, (_, help_) in LAZY_COMMANDS.items()]
        rows += [(name, cmd.get_short_help_str()) for name, cmd in self.commands.items()]
        with formatter.section("Commands"):
            formatter.write_dl(sorted(rows))


@click.group(cls=LazyGroup)
@click.version_option(package_name="gong")
def main() -> None:
    """GONG (Game Of Nine Galaxies): mission site, deck printer and rules referee."""


@main.group()
def missions() -> None:
    """Check the mission files."""


@missions.command("check")
@click.argument("directory", required=False, type=click.Path(path_type=Path))
def missions_check(directory: Path | None) -> None:
    """Validate DIRECTORY (default: the bundled missions) and print a summary."""
    from gong.i18n import LANGUAGES
    from gong.missions import BUNDLED_MISSIONS, MissionError, load_missions, summary

    directory = directory or BUNDLED_MISSIONS
    try:
        book = load_missions(directory)
    except MissionError as exc:
        click.echo(str(exc), err=True)
        sys.exit(1)
    click.echo(f"{len(book)} missions in {directory}, all valid")
    counts = summary(book)
    click.echo(f"{'kind':<8}" + "".join(f"{lang:>6}" for lang in LANGUAGES))
    for kind, per_lang in counts.items():
        click.echo(f"{kind:<8}" + "".join(f"{per_lang[lang]:>6}" for lang in LANGUAGES))


if __name__ == "__main__":
    main()
