"""`gong simulate` (bots against bots, with statistics) and `gong play` (a human against bots,
in the terminal).

Both speak the referee's public API only: `new_game`, `legal_actions`, `apply`, `view`,
`parse_action`, and the bots of `gong.referee.bots`. Each simulated game gets its own seed
derived from `--seed` and its number, so the results do not depend on `--jobs` nor on the
order the worker processes finish in.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import click

from gong.referee import GAMES, IllegalAction, Outcome, new_game
from gong.referee.bots import BOT_KINDS, make_bot

TURN_LIMIT_REASON = "turn_limit"
# The simulator settles challenges with a fair coin from the game's seed (RULES.md §5).
SIMULATOR_DEFAULTS = {"challenges": "random"}
PLOT_HINT = "--plot needs matplotlib: pip install 'gong[plot]' (or pip install matplotlib)"


class ArgumentError(click.UsageError):
    """A bad argument, shown as one line (`Error: ...`) with exit status 2."""

    def show(self, file: Any = None) -> None:
        click.echo(f"Error: {self.format_message()}", err=True)


class OneLineCommand(click.Command):
    """Click's own parse errors (a missing value, `--players abc`) are one line too."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except ArgumentError:
            raise
        except click.UsageError as exc:
            raise ArgumentError(exc.format_message(), ctx) from None


# --- arguments --------------------------------------------------------------------------------


def check_variant(variant: str, players: int) -> None:
    if variant not in GAMES:
        known = ", ".join(GAMES)
        raise ArgumentError(f"unknown game {variant!r}; known games: {known}")
    spec = GAMES[variant]
    if not spec.min_players <= players <= spec.max_players:
        raise ArgumentError(
            f"{variant} is for {spec.min_players} to {spec.max_players} players, not {players}"
        )


def parse_bots(text: str, variant: str) -> list[str]:
    kinds = [k.strip().lower() for k in text.split(",")]
    for kind in kinds:
        if kind not in BOT_KINDS:
            raise ArgumentError(f"unknown bot {kind!r} in --bots; bots: {', '.join(BOT_KINDS)}")
        try:
            make_bot(kind, variant)
        except ValueError as exc:
            raise ArgumentError(str(exc)) from None
    return kinds


_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def parse_options(variant: str, pairs: Sequence[str]) -> dict[str, Any]:
    """`key=value` pairs, each value read as the type of the option's default."""
    defaults = GAMES[variant].options
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, raw = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ArgumentError(f"--option {pair!r}: expected key=value, like turn_limit=200")
        if key not in defaults:
            known = ", ".join(f"{k} (default {v})" for k, v in defaults.items()) or "none"
            raise ArgumentError(f"{variant} has no option {key!r}; its options: {known}")
        options[key] = _convert(variant, key, raw.strip(), defaults[key])
    return options


def _convert(variant: str, key: str, raw: str, default: Any) -> Any:
    if isinstance(default, bool):
        if raw.lower() in _TRUE:
            return True
        if raw.lower() in _FALSE:
            return False
        raise ArgumentError(f"option {key} of {variant} is on or off, not {raw!r}")
    if isinstance(default, int):
        try:
            return int(raw)
        except ValueError:
            raise ArgumentError(
                f"option {key} of {variant} is a whole number, not {raw!r}"
            ) from None
    return raw


def game_options(variant: str, options: dict[str, Any]) -> dict[str, Any]:
    """The user's options over the simulator's defaults for options the game has."""
    defaults = GAMES[variant].options
    chosen = {k: v for k, v in SIMULATOR_DEFAULTS.items() if k in defaults}
    chosen.update(options)
    return chosen


def start_game(variant: str, players: int, seed: int, options: dict[str, Any]):
    """`new_game`, its refusals (a bad option value, say) turned into argument errors."""
    try:
        return new_game(variant, players=players, seed=seed, options=options)
    except (ValueError, TypeError, KeyError) as exc:
        # str() of a KeyError quotes its message; the others read as they are.
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
        raise ArgumentError(str(message)) from None


def seat_bots(kinds: Sequence[str], players: int, skip: int | None = None) -> dict[int, str]:
    """Bots sit at the seats in turn, cycling through `kinds` (the human's seat is skipped)."""
    seats = [s for s in range(players) if s != skip]
    return {seat: kinds[i % len(kinds)] for i, seat in enumerate(seats)}


# --- driving a game ---------------------------------------------------------------------------


def takes_chance(kind: str, rng: random.Random) -> bool:
    """Whether a bot uses an optional action (a GONG call) the moment it may: a greedy bot
    always does, a random bot half the time."""
    return kind == "greedy" or rng.random() < 0.5


def next_move(
    game, bots: dict[int, Any], kinds: dict[int, str], rng: random.Random
) -> tuple[int, Any]:
    """The seat that acts next and its action.

    Usually one seat may act. When several may (a GONG call during someone else's turn), the
    seats other than the current player act first if they take their chance; otherwise the
    current player moves.
    """
    seats = game.to_act()
    if len(seats) > 1:
        current = game.current
        for seat in seats:
            if seat != current and takes_chance(kinds[seat], rng):
                return seat, bots[seat].choose(game, seat)
        seat = current if current in seats else seats[0]
    else:
        seat = seats[0]
    return seat, bots[seat].choose(game, seat)


@dataclass
class GameRecord:
    """What the statistics need from one finished game."""

    index: int
    seed: int
    turns: int
    reason: str
    winners: list[int]
    scores: list[Any]
    stats: dict[str, int] = field(default_factory=dict)


def game_seed(seed: int, index: int) -> int:
    # Distinct for every (seed, game) pair with fewer than a million games per run.
    return seed * 1_000_003 + index


def play_one(
    variant: str, players: int, kinds: Sequence[str], seed: int, index: int, options: dict[str, Any]
) -> GameRecord:
    """One bot game, fully determined by its arguments."""
    gseed = game_seed(seed, index)
    game = new_game(variant, players=players, seed=gseed, options=options)
    seated = seat_bots(kinds, players)
    bots = {seat: make_bot(kind, variant, gseed * 8 + seat) for seat, kind in seated.items()}
    rng = random.Random(gseed)
    while not game.is_over:
        _, action = next_move(game, bots, seated, rng)
        game.apply(action)
    outcome = game.outcome
    scores = outcome.scores
    scores = [scores[s] for s in range(players)] if isinstance(scores, dict) else list(scores)
    return GameRecord(
        index,
        gseed,
        game.turn,
        str(outcome.reason),
        list(outcome.winners),
        scores,
        {k: v for k, v in game.stats.items() if isinstance(v, int)},
    )


def _play_chunk(args: tuple) -> list[GameRecord]:
    variant, players, kinds, seed, indices, options = args
    return [play_one(variant, players, kinds, seed, i, options) for i in indices]


AUTO_PROBE_SECONDS = 0.5
"""With --jobs 0, games are first played here for this long to time them..."""
AUTO_WORTH_SECONDS = 2.0
"""...and worker processes start only if the rest would take longer than this."""


def run_games(
    variant: str,
    players: int,
    kinds: Sequence[str],
    games: int,
    seed: int,
    options: dict[str, Any],
    jobs: int = 1,
    progress: Callable[[int], None] | None = None,
) -> list[GameRecord]:
    """Play `games` bot games, in `jobs` processes (0: decide by timing the first games);
    the records come back in game order, the same whatever `jobs` is."""
    records: list[GameRecord] = []

    def here(until: float | None = None, stop: int = games) -> None:
        while len(records) < stop and (until is None or time.perf_counter() < until):
            records.append(play_one(variant, players, kinds, seed, len(records), options))
            if progress:
                progress(1)

    cpus = os.cpu_count() or 1
    if jobs == 0:
        # A GONG LINK game takes about a millisecond: starting processes would cost more
        # than it saves on a short run, so time a few games first.
        start = time.perf_counter()
        here(until=start + AUTO_PROBE_SECONDS)
        per_game = (time.perf_counter() - start) / max(1, len(records))
        jobs = cpus if per_game * (games - len(records)) > AUTO_WORTH_SECONDS else 1
    if jobs <= 1 or games - len(records) < 2 * jobs:
        here()
        return records
    # Small chunks keep the bar moving and the workers evenly loaded.
    first = len(records)
    size = max(1, min(50, (games - first) // (jobs * 8)))
    chunks = [
        (variant, players, list(kinds), seed, range(lo, min(lo + size, games)), options)
        for lo in range(first, games, size)
    ]
    with ProcessPoolExecutor(max_workers=jobs, mp_context=_worker_context()) as pool:
        for chunk in pool.map(_play_chunk, chunks):
            records.extend(chunk)
            if progress:
                progress(len(chunk))
    return records


def _worker_context() -> multiprocessing.context.BaseContext:
    """Fork where it exists: the workers start at once with the referee already imported
    (this process runs no other thread: the progress bar's monitor is off)."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else None)


# --- statistics -------------------------------------------------------------------------------


def summarize(
    variant: str,
    players: int,
    kinds: Sequence[str],
    seed: int,
    options: dict[str, Any],
    records: Sequence[GameRecord],
) -> dict[str, Any]:
    """Every figure `gong simulate` prints. A game with several winners counts as a shared
    win (1/k to each), so the win rates add up to 1."""
    games = len(records)
    bots = seat_bots(kinds, players)
    seat_wins = [0.0] * players
    for r in records:
        for w in r.winners:
            seat_wins[w] += 1 / len(r.winners)
    by_bot: dict[str, dict[str, Any]] = {}
    for seat, kind in bots.items():
        entry = by_bot.setdefault(kind, {"seats": [], "win_rate": 0.0})
        entry["seats"].append(seat)
        entry["win_rate"] += seat_wins[seat] / games
    turns = [r.turns for r in records]
    longest = max(records, key=lambda r: (r.turns, -r.index))
    counters: dict[str, int] = {}
    for r in records:
        for key, value in r.stats.items():
            counters[key] = counters.get(key, 0) + value
    summary: dict[str, Any] = {
        "variant": variant,
        "players": players,
        "games": games,
        "seed": seed,
        "bots": [bots[s] for s in range(players)],
        "options": options,
        "win_rate_by_seat": [w / games for w in seat_wins],
        "win_rate_by_bot": by_bot,
        "turns": {
            "mean": statistics.fmean(turns),
            "median": statistics.median(turns),
            "longest": longest.turns,
            "longest_game": {"index": longest.index, "seed": longest.seed},
        },
        "ended_by_turn_limit": sum(r.reason == TURN_LIMIT_REASON for r in records),
        "end_reasons": _count(r.reason for r in records),
        "jokers_played": counters.get("jokers_played", 0),
        "gong_penalties": counters.get("gong_penalties", 0),
        "counters": dict(sorted(counters.items())),
        "game_lengths": turns,
    }
    if variant == "gong-family":
        won = [r.scores[w] for r in records for w in r.winners]
        summary["families_per_winner"] = statistics.fmean(won) if won else 0.0
    return summary


def _count(items: Iterable[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for item in items:
        counts[item] = counts.get(item, 0) + 1
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def format_summary(s: dict[str, Any]) -> str:
    games = s["games"]
    t = s["turns"]
    options = ", ".join(f"{k}={v}" for k, v in s["options"].items())
    lines = [
        f"{s['variant']}: {games} games, {s['players']} players, seed {s['seed']}"
        + (f", options {options}" if options else ""),
        "bots by seat: " + ", ".join(f"{i}={b}" for i, b in enumerate(s["bots"])),
        "",
        f"game length (turns): mean {t['mean']:.1f}, median {t['median']:g}, longest "
        f"{t['longest']} (game {t['longest_game']['index']}, seed {t['longest_game']['seed']})",
        f"ended by the turn limit: {s['ended_by_turn_limit']} of {games}",
        "how games ended: "
        + "; ".join(f"{Outcome.REASONS.get(k, k)}: {v}" for k, v in s["end_reasons"].items()),
        "win rate by seat: "
        + "  ".join(f"{i}: {w:.1%}" for i, w in enumerate(s["win_rate_by_seat"])),
        "win rate by bot:  "
        + "  ".join(
            f"{kind} (seat{'s' if len(e['seats']) > 1 else ''} "
            f"{', '.join(map(str, e['seats']))}): {e['win_rate']:.1%}"
            for kind, e in s["win_rate_by_bot"].items()
        ),
        f"jokers played: {s['jokers_played']} ({s['jokers_played'] / games:.2f} per game)",
    ]
    if "gong_penalties" in s["counters"]:  # only LINK has the GONG call
        pen = s["gong_penalties"]
        lines.append(f"GONG penalties: {pen} ({pen / games:.2f} per game)")
    if "families_per_winner" in s:
        lines.append(f"families per winner: {s['families_per_winner']:.2f}")
    others = {
        k: v for k, v in s["counters"].items() if k not in ("jokers_played", "gong_penalties")
    }
    if others:
        lines.append("other counters: " + ", ".join(f"{k} {v}" for k, v in others.items()))
    return "\n".join(lines)


def draw_plot(summary: dict[str, Any], path: str) -> None:
    """The game-length histogram and the win rate by seat, side by side, in one PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    lengths = summary["game_lengths"]
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2), layout="constrained")
    # Whole-turn bins, at most about 60 of them: uneven bins would draw a false comb pattern.
    low, high = min(lengths), max(lengths)
    width = max(1, -(-(high - low + 1) // 60))
    bins = list(range(low, high + width + 1, width))
    left.hist(lengths, bins=bins, color="#3b6fb6", edgecolor="white")
    median = summary["turns"]["median"]
    left.axvline(median, color="#d1495b", linestyle="--", label=f"median {median:g}")
    left.set(title="Game length", xlabel="turns", ylabel="games")
    left.legend()
    rates = summary["win_rate_by_seat"]
    labels = [f"{i}\n{bot}" for i, bot in enumerate(summary["bots"])]
    bars = right.bar(labels, [100 * r for r in rates], color="#edae49", edgecolor="#8a6212")
    right.bar_label(bars, fmt="%.1f%%")
    right.axhline(100 / len(rates), color="grey", linestyle=":", label="fair share")
    right.set(
        title="Win rate by seat",
        xlabel="seat and bot",
        ylabel="% of games won",
        ylim=(0, max(100 / len(rates), max(100 * r for r in rates)) * 1.2),
    )
    right.legend(loc="upper right")
    title = GAMES[summary["variant"]].title
    fig.suptitle(f"{title}: {summary['games']} games, {summary['players']} players")
    fig.savefig(path, dpi=100)
    plt.close(fig)


# --- commands ---------------------------------------------------------------------------------


@click.command(cls=OneLineCommand)
@click.argument("variant")
@click.option("--players", "-p", type=int, default=4, show_default=True)
@click.option("--games", "-g", type=click.IntRange(min=1), default=1000, show_default=True)
@click.option("--seed", "-s", type=int, default=1, show_default=True)
@click.option(
    "--bots",
    default="greedy,random",
    show_default=True,
    help="Bot kinds, seated in turn from seat 0: greedy, random.",
)
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as JSON only.")
@click.option("--plot", metavar="FILE.png", help="Draw game lengths and win rates (matplotlib).")
@click.option(
    "--option",
    "-o",
    "option_pairs",
    multiple=True,
    metavar="KEY=VALUE",
    help="A house rule, like turn_limit=200 (repeatable).",
)
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
    """Play many games of VARIANT (gong-link, gong-family, gong-fight) between bots and show
    who wins and how long games last."""
    check_variant(variant, players)
    kinds = parse_bots(bots, variant)
    options = game_options(variant, parse_options(variant, option_pairs))
    start_game(variant, players, seed, options)  # refuses bad option values before the run
    if plot:
        try:
            import matplotlib  # noqa: F401
        except ImportError:
            raise ArgumentError(PLOT_HINT) from None
    from tqdm import tqdm

    tqdm.monitor_interval = 0  # no monitor thread: the workers are forked

    with tqdm(
        total=games,
        unit="game",
        file=sys.stderr,
        leave=False,
        desc=f"{variant} x{players}",
        dynamic_ncols=True,
    ) as bar:
        records = run_games(variant, players, kinds, games, seed, options, jobs, bar.update)
    summary = summarize(variant, players, kinds, seed, options, records)
    if plot:
        draw_plot(summary, plot)
    if as_json:
        click.echo(json.dumps(summary, indent=2))
        return
    click.echo(format_summary(summary))
    if plot:
        click.echo(f"plot written to {plot}")


@click.command(cls=OneLineCommand)
@click.argument("variant")
@click.option("--players", "-p", type=int, default=4, show_default=True)
@click.option("--seat", type=int, default=0, show_default=True, help="Your seat (0 starts).")
@click.option("--seed", "-s", type=int, default=None, help="Deal (default: a new one).")
@click.option(
    "--bots",
    default="greedy",
    show_default=True,
    help="Bot kinds of the other seats, in turn: greedy, random.",
)
@click.option(
    "--option",
    "-o",
    "option_pairs",
    multiple=True,
    metavar="KEY=VALUE",
    help="A house rule, like may_draw_instead=on (repeatable).",
)
def play(
    variant: str,
    players: int,
    seat: int,
    seed: int | None,
    bots: str,
    option_pairs: tuple[str, ...],
) -> None:
    """Play VARIANT (gong-link, gong-family, gong-fight) in the terminal against bots.

    Answer with a choice's number or the action's text (like 'play NE5'); an empty answer lets
    play go on when acting is optional (a GONG call); q quits."""
    check_variant(variant, players)
    if not 0 <= seat < players:
        raise ArgumentError(f"--seat must be from 0 to {players - 1}, not {seat}")
    kinds = parse_bots(bots, variant)
    options = game_options(variant, parse_options(variant, option_pairs))
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000)
    game = start_game(variant, players, seed, options)
    seated = seat_bots(kinds, players, skip=seat)
    bot_players = {s: make_bot(kind, variant, seed * 8 + s) for s, kind in seated.items()}
    Terminal(game, seat, seated, bot_players, random.Random(seed)).run(variant, seed)


def hand_change(before: Sequence[str], after: Sequence[str]) -> str:
    """What another player's move did to your hand, like ' (you lose VI2, you get NE5)'."""
    lost = [c for c in before if c not in after]
    got = [c for c in after if c not in before]
    parts = []
    for verb, cards in (("lose", lost), ("get", got)):
        if len(cards) > 3:
            parts.append(f"you {verb} {len(cards)} cards")
        elif cards:
            parts.append(f"you {verb} {' '.join(cards)}")
    return f" ({', '.join(parts)})" if parts else ""


def numbered(actions: Sequence[Any], width: int = 80) -> str:
    """The choices numbered from 1, in columns when there are many (FAMILY's asks)."""
    items = [f"{i:>3}. {a}" for i, a in enumerate(actions, 1)]
    if len(items) <= 12:
        return "\n".join(items)
    cell = max(map(len, items)) + 2
    per_row = max(1, width // cell)
    rows = [items[i : i + per_row] for i in range(0, len(items), per_row)]
    return "\n".join("".join(item.ljust(cell) for item in row).rstrip() for row in rows)


class Terminal:
    """One human seat against bots, reading answers line by line (a pipe works too)."""

    def __init__(
        self, game, seat: int, kinds: dict[int, str], bots: dict[int, Any], rng: random.Random
    ) -> None:
        self.game = game
        self.seat = seat
        self.kinds = kinds
        self.bots = bots
        self.rng = rng
        self.shown: str | None = None

    def name(self, seat: int) -> str:
        return "you" if seat == self.seat else f"seat {seat} ({self.kinds[seat]})"

    def run(self, variant: str, seed: int) -> None:
        game = self.game
        click.echo(
            f"{GAMES[variant].title} with {len(self.kinds) + 1} players, seed {seed}. "
            f"You are seat {self.seat}."
        )
        while not game.is_over:
            seats = game.to_act()
            if len(seats) > 1 and self.bot_interrupts(seats):
                continue
            if self.seat in seats:
                optional = len(seats) > 1 and game.current != self.seat
                if self.ask(optional):
                    continue
                seats = [s for s in seats if s != self.seat]
            current = game.current
            self.apply_bot(current if current in seats else seats[0])
        self.finish()

    def bot_interrupts(self, seats: list[int]) -> bool:
        """When acting is optional (a GONG call), a bot other than the current player may take
        its chance first, as in `next_move`."""
        for seat in seats:
            if seat in (self.seat, self.game.current):
                continue
            if takes_chance(self.kinds[seat], self.rng):
                self.apply_bot(seat)
                return True
        return False

    def apply_bot(self, seat: int) -> None:
        action = self.bots[seat].choose(self.game, seat)
        before = self.game.view(self.seat).get("hand") or []
        self.game.apply(action)
        text = str(action)
        if action.verb == "give" and action.target != self.seat:
            # A card given between two other players stays hidden from you.
            text = f"give a card -> {action.target}"
        after = self.game.view(self.seat).get("hand") or []
        click.echo(f"  {self.name(seat)}: {text}{hand_change(before, after)}")

    def show_view(self) -> None:
        text = render_view(self.game.view(self.seat), self.name)
        if text != self.shown:
            click.echo("")
            click.echo(text)
            self.shown = text

    def ask(self, optional: bool) -> bool:
        """Ask the human for an action until one is accepted; False if they let it pass."""
        game = self.game
        self.show_view()
        actions = game.legal_actions(self.seat)
        click.echo("Your choices:" if not optional else "You may (Enter to let play go on):")
        click.echo(numbered(actions))
        while True:
            answer = click.prompt("your move", default="", show_default=False).strip()
            if not answer:
                if optional:
                    return False
                click.echo("Type the number of a choice, or the action itself.")
                continue
            if answer.lower() in ("q", "quit"):
                click.echo("Bye!")
                raise SystemExit(0)
            if answer.isdigit():
                number = int(answer)
                if not 1 <= number <= len(actions):
                    click.echo(f"There is no choice {number}: pick 1 to {len(actions)}.")
                    continue
                action = actions[number - 1]
            else:
                try:
                    action = game.parse_action(answer, self.seat)
                except IllegalAction as exc:
                    click.echo(f"Not understood: {exc}")
                    continue
            try:
                game.apply(action)
            except IllegalAction as exc:
                click.echo(f"Refused: {exc}")
                continue
            click.echo(f"  you: {action}")
            return True

    def finish(self) -> None:
        game = self.game
        outcome = game.outcome
        click.echo("")
        click.echo(render_view(game.view(self.seat), self.name))
        winners = [self.name(w) for w in outcome.winners]
        verdict = "You win!" if self.seat in outcome.winners else "You lose this time."
        reason = Outcome.REASONS.get(outcome.reason, outcome.reason)
        click.echo(
            f"Game over after {game.turn} turns: {reason}. "
            f"Winner{'s' if len(winners) > 1 else ''}: {', '.join(winners)}. {verdict}"
        )
        scores = outcome.scores
        if scores:
            items = scores.items() if isinstance(scores, dict) else enumerate(scores)
            click.echo("Scores: " + ", ".join(f"{self.name(int(s))} {v}" for s, v in items))


def _show(value: Any, name: Callable[[int], str]) -> str:
    """One table entry as words: lists joined, seats named, nothing shown as '-'."""
    if value is None or value == [] or value == {}:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        if "player" in value:
            rest = ", ".join(
                (k if v else f"not {k}") if isinstance(v, bool) else f"{k} {_show(v, name)}"
                for k, v in value.items()
                if k != "player"
            ).replace("_", " ")
            return name(value["player"]) + (f" ({rest})" if rest else "")
        return ", ".join(f"{k.replace('_', ' ')} {_show(v, name)}" for k, v in value.items())
    if isinstance(value, list):
        if all(isinstance(v, str | int) for v in value):
            return " ".join(map(str, value))
        return "; ".join(_show(v, name) for v in value)
    return str(value)


def render_view(view: dict[str, Any], name: Callable[[int], str]) -> str:
    """A player's view as a few lines: whose turn, card counts, the table, the hand.

    Per-seat lists of the table (FAMILY's laid-down families) are shown seat by seat."""
    players = view["players"]
    lines = [
        f"turn {view['turn']}: {name(view['current'])} to play, draw pile {view['draw_pile']}",
        "cards in hand: " + ", ".join(f"{name(s)} {n}" for s, n in enumerate(view["hand_counts"])),
    ]
    if view.get("joker"):
        j = view["joker"]
        lines.append(
            f"GONG JOKER {j['card']} played by {name(j['played_by'])} on {name(j['target'])}"
        )
    table = []
    for key, value in view.get("table", {}).items():
        label = key.replace("_", " ")
        if isinstance(value, dict) and "title" in value and "text" in value:
            # FIGHT's mission card: read aloud, so it gets a line of its own.
            lines.append(f"{label} ({value.get('kind', '-')}): {value['title']}. {value['text']}")
        elif isinstance(value, str) and len(value) > 30:
            lines.append(f"{label}: {value}")
        elif (
            isinstance(value, list)
            and len(value) == players
            and key.endswith("s")
            and all(isinstance(v, list | int) for v in value)
        ):
            per_seat = [f"{name(s)}: {_show(v, name)}" for s, v in enumerate(value)]
            lines.append(f"{label}: " + "; ".join(per_seat))
        else:
            table.append(f"{label}: {_show(value, name)}")
    if table:
        lines.append("table: " + ", ".join(table))
    if view.get("hand") is not None:
        lines.append(f"your hand: {' '.join(view['hand']) or '-'}")
    return "\n".join(lines)
