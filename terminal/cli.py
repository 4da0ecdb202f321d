"""The terminal face's commands: `gong simulate` (bots against bots, with statistics) and
`gong play` (a human against bots). Options are read by the games' own specs
(`GameSpec.parse_option`), so the terminal and the web forms read them alike.
"""

from __future__ import annotations

import json
import os
import secrets
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import click

from gong.cli import ArgumentError, OneLineCommand
from gong.procs import Terminated, exit_code, stop_on_signals
from gong.referee import GAMES, Game, GameSetupError, new_game
from gong.referee.bots import BOT_KINDS, make_bot
from gong.referee.registry import LEVEL_ALIASES, LEVELS, load_instance_games
from terminal.play import Terminal
from terminal.simulate import draw_plot, format_summary, run_games, seat_bots, summarize

# The simulator settles challenges with a fair coin from the game's seed
# (server/content/rules/en/fight.md#house-rules).
SIMULATOR_DEFAULTS = {"challenges": "random"}
PLOT_HINT = "--plot needs matplotlib: pip install 'gong[plot]' (or pip install matplotlib)"


# --- arguments --------------------------------------------------------------------------------


def check_variant(variant: str, players: int) -> None:
    """Load the instance's own games (GONG_GAMES, or GAMES in its config.py), then check the
    game and its player count; a house game that does not load stops everything, named."""
    try:
        load_instance_games()
    except GameSetupError as exc:
        raise click.ClickException(f"not starting: {exc}") from None
    if variant not in GAMES:
        known = ", ".join(GAMES)
        raise ArgumentError(f"unknown game {variant!r}; known games: {known}")
    spec = GAMES[variant]
    if not spec.min_players <= players <= spec.max_players:
        raise ArgumentError(
            f"{variant} is for {spec.min_players} to {spec.max_players} players, not {players}"
        )


def parse_bots(text: str, variant: str) -> list[str]:
    """The robot levels of --bots, by their names (random and greedy, the older names of easy
    and normal, are still read)."""
    kinds = [k.strip().lower() for k in text.split(",")]
    for kind in kinds:
        if kind not in BOT_KINDS:
            raise ArgumentError(
                f"unknown bot {kind!r} in --bots; the levels are: {', '.join(LEVELS)}"
            )
        try:
            make_bot(kind, variant)
        except ValueError as exc:
            raise ArgumentError(str(exc)) from None
    return [LEVEL_ALIASES.get(kind, kind) for kind in kinds]


def parse_options(variant: str, pairs: Sequence[str]) -> dict[str, Any]:
    """`key=value` pairs, each value read by the game's spec."""
    spec = GAMES[variant]
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ArgumentError(f"--option {pair!r}: expected key=value, like turn_limit=200")
        try:
            options[key] = spec.parse_option(key, raw)
        except GameSetupError as exc:
            raise ArgumentError(str(exc)) from None
    return options


def plot_file(target: str, variant: str) -> Path:
    """Where `--plot TARGET` draws: `TARGET/<game>.png` in an existing folder, else the .png
    file TARGET, in a folder that exists. Checked before the run, not after it."""
    path = Path(target)
    if path.is_dir():
        path = path / f"{variant}.png"
        if path.is_dir():
            raise ArgumentError(f"Invalid value for '--plot': {str(path)!r} is a folder")
    elif path.suffix.lower() != ".png":
        raise ArgumentError(
            f"Invalid value for '--plot': {target!r} is neither a folder nor a .png file"
        )
    folder = path.parent
    if not folder.is_dir():
        why = (
            f"{str(folder)!r} is not a folder"
            if folder.exists()
            else f"folder {str(folder)!r} does not exist"
        )
        raise ArgumentError(f"Invalid value for '--plot': {why}")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ArgumentError(f"Invalid value for '--plot': folder {str(folder)!r} is not writable")
    return path


def game_options(variant: str, options: dict[str, Any]) -> dict[str, Any]:
    """The user's options over the simulator's defaults for options the game has."""
    defaults = GAMES[variant].options
    chosen = {k: v for k, v in SIMULATOR_DEFAULTS.items() if k in defaults}
    chosen.update(options)
    return chosen


def start_game(variant: str, players: int, seed: int, options: dict[str, Any]) -> Game:
    """`new_game`, its refusals (a bad option value, say) turned into argument errors."""
    try:
        return new_game(variant, players=players, seed=seed, options=options)
    except GameSetupError as exc:
        raise ArgumentError(str(exc)) from None


# --- commands ---------------------------------------------------------------------------------


def house_rules(example: str) -> Callable[[Callable], Callable]:
    """The repeatable `--option KEY=VALUE` of both commands."""
    return click.option(
        "--option",
        "-o",
        "option_pairs",
        multiple=True,
        metavar="KEY=VALUE",
        help=f"A house rule, like {example} (repeatable).",
    )


@click.command(cls=OneLineCommand)
@click.argument("variant")
@click.option("--players", "-p", type=int, default=4, show_default=True)
@click.option("--games", "-g", type=click.IntRange(min=1), default=1000, show_default=True)
@click.option("--seed", "-s", type=int, default=1, show_default=True)
@click.option(
    "--bots",
    default="normal,easy",
    show_default=True,
    help="Robot levels, seated in turn from seat 0: normal, easy.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as JSON only.")
@click.option(
    "--plot",
    metavar="FILE.png|DIR",
    help="Draw game lengths and win rates (matplotlib) into FILE.png, or DIR/<game>.png.",
)
@house_rules("turn_limit=200")
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=0),
    default=0,
    help="Worker processes; 0 (default): one per CPU when the run is long enough.",
)
def simulate(
    variant: str,
    players: int,
    games: int,
    seed: int,
    bots: str,
    as_json: bool,
    plot: str | None,
    option_pairs: tuple[str, ...],
    jobs: int,
) -> None:
    """Play many games of VARIANT (GAMES) between bots and show
    who wins and how long games last.

    Ctrl-C or SIGTERM stops the run and its workers at once: nothing is printed or drawn, and
    the exit status is 128 plus the signal's number."""
    check_variant(variant, players)
    kinds = parse_bots(bots, variant)
    options = game_options(variant, parse_options(variant, option_pairs))
    start_game(variant, players, seed, options)  # refuses bad option values before the run
    plot_path = None
    if plot:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise ArgumentError(PLOT_HINT) from None
        plot_path = plot_file(plot, variant)
    from tqdm import tqdm

    tqdm.monitor_interval = 0  # no monitor thread: the workers are forked
    played = 0

    def advance(count: int) -> None:
        nonlocal played
        played += count
        bar.update(count)

    try:
        with stop_on_signals():
            with tqdm(
                total=games,
                unit="game",
                file=sys.stderr,
                leave=False,
                desc=f"{variant} x{players}",
                dynamic_ncols=True,
            ) as bar:
                records = run_games(variant, players, kinds, games, seed, options, jobs, advance)
            summary = summarize(variant, players, kinds, seed, options, records)
            if plot_path:
                try:
                    draw_plot(summary, plot_path)
                except OSError as exc:  # the disk filled up, or the folder went, during the run
                    why = exc.strerror or str(exc)
                    raise click.ClickException(f"could not write {plot_path}: {why}") from None
    except (KeyboardInterrupt, Terminated) as stop:
        what = "interrupted" if isinstance(stop, KeyboardInterrupt) else str(stop)
        left = "no statistics, no plot" if plot_path else "no statistics"
        click.echo(f"Simulation {what} after {played} of {games} games: {left}.", err=True)
        sys.exit(exit_code(stop))
    if as_json:
        click.echo(json.dumps(summary, indent=2))
        return
    click.echo(format_summary(summary))
    if plot_path:
        click.echo(f"plot written to {plot_path}")


@click.command(cls=OneLineCommand)
@click.argument("variant")
@click.option("--players", "-p", type=int, default=4, show_default=True)
@click.option("--seat", type=int, default=0, show_default=True, help="Your seat (0 starts).")
@click.option("--seed", "-s", type=int, default=None, help="Deal (default: a new one).")
@click.option(
    "--bots",
    default="normal",
    show_default=True,
    help="Robot levels of the other seats, in turn: normal, easy.",
)
@house_rules("may_draw_instead=on")
def play(
    variant: str,
    players: int,
    seat: int,
    seed: int | None,
    bots: str,
    option_pairs: tuple[str, ...],
) -> None:
    """Play VARIANT (GAMES) in the terminal against bots.

    Answer with a choice's number or the action's text (like 'play NE5'); an empty answer lets
    play go on when acting is optional (a GONG call); q quits."""
    check_variant(variant, players)
    if not 0 <= seat < players:
        raise ArgumentError(f"--seat must be from 0 to {players - 1}, not {seat}")
    kinds = parse_bots(bots, variant)
    options = game_options(variant, parse_options(variant, option_pairs))
    if seed is None:
        seed = secrets.randbits(64)  # a deal nobody can guess from the clock or a few tries
    game = start_game(variant, players, seed, options)
    seated = seat_bots(kinds, players, skip=seat)
    bot_players = {s: make_bot(kind, variant, seed * 8 + s) for s, kind in seated.items()}
    Terminal(game, seat, seated, bot_players).run(variant, seed)


def _name_the_games(*commands: click.Command) -> None:
    """Write every registered game into the commands' help, so a new game shows up there."""
    for command in commands:
        command.help = (command.help or "").replace("(GAMES)", f"(one of {', '.join(GAMES)})")


_name_the_games(simulate, play)
