"""Bots against bots, many games, and the statistics `gong simulate` prints.

Only the referee's public API is used: `new_game`, `to_act`, `apply`, and the bots of
`gong.referee.bots`. Each simulated game gets its own seed derived from the run's seed and
its number, and each bot its own generator (`gong.referee.rng.Rng`, the games' class) seeded
from that: the figures do not depend on `--jobs`, on the order worker processes finish in,
nor on the Python version.
"""

from __future__ import annotations

import multiprocessing
import os
import secrets
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gong.procs import worker_pool
from gong.referee import GAMES, Action, Game, Reason, new_game
from gong.referee.bots import Bot, make_bot
from gong.referee.events import reason_text
from gong.referee.schedule import plan


def seat_bots(kinds: Sequence[str], players: int, skip: int | None = None) -> dict[int, str]:
    """Bots sit at the seats in turn, cycling through `kinds` (the human's seat is skipped)."""
    seats = [s for s in range(players) if s != skip]
    return {seat: kinds[i % len(kinds)] for i, seat in enumerate(seats)}


# --- driving a game ---------------------------------------------------------------------------


def next_move(game: Game, bots: dict[int, Bot]) -> tuple[int, Action]:
    """The seat that acts next and its action, by the referee's one robot policy
    (`gong.referee.schedule`: a robot that notices its move out of turn first, else the seat
    the game waits for)."""
    found = plan(game, bots)
    assert found is not None, "every seat is a robot's"
    return found.seat, found.action


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
    # One generator per bot, seeded from the run's seed: never the game's own.
    bots = {seat: make_bot(kind, variant, gseed * 8 + seat) for seat, kind in seated.items()}
    while not game.is_over:
        _, action = next_move(game, bots)
        game.apply(action)
    outcome = game.outcome
    return GameRecord(
        index,
        gseed,
        game.turn,
        str(outcome.reason),
        list(outcome.winners),
        list(outcome.scores),
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
    # Ctrl-C or SIGTERM stops the workers at once (gong.procs) and reaches the caller as
    # KeyboardInterrupt or Terminated.
    with worker_pool(jobs, context=_worker_context()) as pool:
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
        "ended_by_turn_limit": sum(r.reason == Reason.TURN_LIMIT for r in records),
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
        + "; ".join(f"{reason_text(k, s['variant'])}: {v}" for k, v in s["end_reasons"].items()),
        "win rate by seat: "
        + "  ".join(f"{i}: {w:.1%}" for i, w in enumerate(s["win_rate_by_seat"])),
        "win rate by bot:  "
        + "  ".join(
            f"{kind} (seat{'s' if len(e['seats']) > 1 else ''} "
            f"{', '.join(map(str, e['seats']))}): {e['win_rate']:.1%}"
            for kind, e in s["win_rate_by_bot"].items()
        ),
    ]
    if "jokers_played" in s["counters"]:  # only the GONG variants play GONG JOKERs
        jokers = s["jokers_played"]
        lines.append(f"jokers played: {jokers} ({jokers / games:.2f} per game)")
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


def draw_plot(summary: dict[str, Any], path: Path) -> None:
    """The game-length histogram and the win rate by seat, side by side, in one PNG at PATH.
    The game and the run are in the PNG's Title; an earlier file at PATH is replaced only by a
    complete one."""
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
    heading = f"{title}: {summary['games']} games, {summary['players']} players"
    fig.suptitle(heading)
    metadata = {"Title": heading, "Description": f"gong simulate {summary['variant']}"}
    # Drawn beside PATH, then renamed over it: a stop or a full disk leaves no half a PNG.
    partial = path.with_name(f".{path.name}.{secrets.token_hex(4)}.part")
    try:
        with open(partial, "xb") as out:  # a new file, readable as the umask allows
            fig.savefig(out, format="png", dpi=100, metadata=metadata)
        os.replace(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
    finally:
        plt.close(fig)
