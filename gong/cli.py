"""The `gong` command. Each face's subcommand lives with that face and is imported only when
it runs, so `gong missions check` never loads Flask or Pillow."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

import click

# name -> "module:attribute" of a click command; imported on first use.
LAZY_COMMANDS = {
    "serve": ("server.cli:serve", "Serve the mission site under granian."),
    "print": ("printables.cli:print_deck", "Print the deck: card PNGs, PDFs, verified QR codes."),
    "simulate": ("gong.referee.cli:simulate", "Play many games between bots and show statistics."),
    "play": ("gong.referee.cli:play", "Play a GONG game in the terminal against bots."),
}


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
    """Validate DIRECTORY (default: the bundled missions), print the missions per kind and
    language, then each language's completeness: its game words, mission texts and, when the
    site is installed alongside, its page texts and rules pages. Exits 1 on any problem: an
    incomplete language is hidden on the site."""
    from gong.i18n import GLOSSARY_PROBLEMS, LANGUAGES
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
    parts = ["game words", "missions"]
    site = _site_content()
    if site is not None:
        parts += ["page texts", "rules pages"]
    click.echo(f"Languages ({', '.join(parts)}):")
    incomplete = 0
    for lang in LANGUAGES:
        problems = [*GLOSSARY_PROBLEMS.get(lang, []), *map(str, book.incomplete.get(lang, []))]
        notes: list[str] = []
        if site is not None:
            texts, notes = site(lang)
            problems += texts
        for note in notes:
            click.echo(f"  {lang}  note: {note}")
        if not problems:
            click.echo(f"  {lang}  complete")
            continue
        incomplete += 1
        count = len(problems)
        click.echo(f"  {lang}  INCOMPLETE, {count} problem{'s' if count != 1 else ''}:")
        for problem in problems:
            click.echo(f"      {problem}")
    if incomplete:
        click.echo(f"{incomplete} language(s) incomplete: the site hides them", err=True)
        sys.exit(1)


def _site_content():  # noqa: ANN202 - a private helper returning a closure
    """A function giving one language's page-text problems and notes on its rules pages (a
    missing one is shown in English), or None when the site's package is not installed (the
    core never needs it)."""
    try:
        from server.rulesdoc import RULE_SLUGS, RULES_DIR
        from server.texts import CATALOG
    except ImportError:
        return None

    def problems(lang: str) -> tuple[list[str], list[str]]:
        notes = [
            f"{RULES_DIR / lang / slug}.md: missing rules page (English is shown instead)"
            for slug in RULE_SLUGS
            if not (RULES_DIR / lang / f"{slug}.md").is_file()
        ]
        return list(CATALOG.problems.get(lang, [])), notes

    return problems


if __name__ == "__main__":
    main()
