"""The `gong` command. Each face's subcommand lives with that face and is imported only when
it runs, so `gong missions check` never loads Flask or Pillow.

This is the only module under `gong/` that imports click: the faces' commands share its
one-line errors (`ArgumentError`, `OneLineCommand`)."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

import click

# name -> "module:attribute" of a click command; imported on first use.
LAZY_COMMANDS = {
    "serve": ("server.cli:serve", "Serve the mission site under granian."),
    "export": ("server.cli:export_site", "Write the mission site as static files for any host."),
    "print": ("printables.cli:print_deck", "Print the deck: card PNGs, PDFs, verified QR codes."),
    "simulate": ("terminal.cli:simulate", "Play many games between bots and show statistics."),
    "play": ("terminal.cli:play", "Play a GONG game in the terminal against bots."),
}


class ArgumentError(click.ClickException):
    """A bad argument, shown as one line (`Error: ...`) with click's usage-error exit code."""

    exit_code = 2


def _one_line(exc: click.UsageError) -> ArgumentError:
    # Click would print the usage line and a hint before the message: one line is clearer.
    if isinstance(exc, click.exceptions.NoArgsIsHelpError):
        assert exc.ctx is not None
        return ArgumentError(f"Missing arguments. Try '{exc.ctx.command_path} --help' for help.")
    return ArgumentError(exc.format_message())


class OneLineCommand(click.Command):
    """A command whose usage errors are one line with exit status 2. Every face's subcommand
    uses this class."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as exc:
            raise _one_line(exc) from None

    def invoke(self, ctx: click.Context) -> Any:
        # A command's own body may refuse an argument with click.BadParameter or ctx.fail.
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:
            raise _one_line(exc) from None


class OneLineGroup(click.Group):
    """A group whose usage errors (a missing or unknown command, a bad option) are one line
    with exit status 2, like its commands'; its commands and subgroups get the same classes."""

    command_class = OneLineCommand
    group_class = None  # set below: a subgroup is a OneLineGroup, whatever the parent's class

    def missing_command(self, ctx: click.Context) -> ArgumentError:
        names = ", ".join(self.list_commands(ctx))
        return ArgumentError(
            f"Missing command (one of: {names}). Try '{ctx.command_path} --help' for help."
        )

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args and self.no_args_is_help and not ctx.resilient_parsing:
            raise self.missing_command(ctx)
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as exc:
            raise _one_line(exc) from None

    def invoke(self, ctx: click.Context) -> Any:
        # Resolving the command (an unknown name) and the subcommand's own parsing happen here;
        # a plain click.Command below a OneLineGroup gets one-line errors too.
        # Click 8 keeps the command's name apart from its arguments; Click 9 will not.
        pending = [*getattr(ctx, "_protected_args", ()), *ctx.args]
        if not pending and not self.invoke_without_command:
            raise self.missing_command(ctx)
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:
            raise _one_line(exc) from None


OneLineGroup.group_class = OneLineGroup


class LazyGroup(OneLineGroup):
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
@click.argument(
    "directory", required=False, type=click.Path(exists=True, file_okay=False, path_type=Path)
)
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
        if not problems:
            click.echo(f"  {lang}  complete")
            for note in notes:
                click.echo(f"      note: {note}")
            continue
        incomplete += 1
        count = len(problems)
        click.echo(f"  {lang}  INCOMPLETE, {count} problem{'s' if count != 1 else ''}:")
        for problem in problems:
            click.echo(f"      {problem}")
    stale = _stale_translations(directory) if site is not None else 0
    if incomplete:
        click.echo(f"{incomplete} language(s) incomplete: the site hides them", err=True)
    if stale:
        click.echo(
            f"{stale} translation(s) made from an older English: translate them again, then"
            " `gong missions stamp LANG KEY` (the site still serves them)",
            err=True,
        )
    if incomplete or stale:
        sys.exit(1)


def _stale_translations(directory: Path) -> int:
    """Print every translated text whose English changed since it was translated, with what
    changed; how many there are."""
    from server.translations import Sources, translated_languages

    sources = Sources(missions=directory)
    english = sources.english()
    count = 0
    for lang in translated_languages():
        found = sources.stale(lang, english)
        if not found:
            continue
        count += len(found)
        click.echo(f"  {lang}  {len(found)} to review (their English changed):")
        for entry in found:
            click.echo(f"      {entry}  [{entry.unit.key}]")
            for line in entry.diff():
                click.echo(f"          {line}")
    return count


@missions.command("stamp")
@click.argument("lang")
@click.argument("keys", nargs=-1, required=True)
@click.option(
    "--missions",
    "directory",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
    help="The mission directory (default: the bundled missions).",
)
def missions_stamp(lang: str, keys: tuple[str, ...], directory: Path | None) -> None:
    """Record that LANG's texts KEYS translate today's English: after translating them
    again, or after looking at an English edit that needs no new translation (a typo). KEYS
    are those `gong missions check` shows, or their start: `missions:fight-04` (title and
    text), `rules:gang-of-four.md` (every section of the page)."""
    from gong.i18n import LANGUAGES
    from gong.missions import BUNDLED_MISSIONS
    from server.translations import Sources, covers

    if lang not in LANGUAGES or lang == "en":
        others = ", ".join(x for x in LANGUAGES if x != "en")
        raise click.BadParameter(f"{lang!r} is not a translated language ({others})")
    sources = Sources(missions=directory or BUNDLED_MISSIONS)
    known = {unit.key for unit in sources.units(lang)}
    unknown = [key for key in keys if not any(covers(key, k) for k in known)]
    if unknown:
        raise click.BadParameter(
            f"{lang} has no text {', '.join(map(repr, unknown))}: use a key that"
            " `gong missions check` shows, or its start (missions:fight-04)",
            param_hint="KEYS",
        )
    stamped = sources.stamp(lang, keys)
    click.echo(f"{lang}: {len(stamped)} text(s) stamped with today's English")


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
        notes += [
            f"{problem}: its table pages are served in English"
            for problem in CATALOG.table_problems.get(lang, [])
        ]
        return list(CATALOG.problems.get(lang, [])), notes

    return problems


if __name__ == "__main__":
    main()
