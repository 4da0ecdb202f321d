"""How well the robot levels play, by the referee's one robot policy (`gong.referee.schedule`).

1. Pairings, as a share of the decided games (a shared win counts 1/k), seats rotated so no
   level profits from sitting first:
   - Go Fish, 2 players: normal against easy (target: normal wins at least 60%);
   - Gang of Four, 4 players: one normal among three easy (at least 40%; chance is 25%),
     and one easy among three normal (at most 15%).
2. Missed GONGs in GONG LINK (4 players, two easy and two normal robots): a player on one
   card who did not call GONG in time may be caught by anyone. For each level: its own GONGs
   forgotten, the catch chances it noticed, and the catches it made.

    python bench/robots.py             # 2,000 games per pairing
    python bench/robots.py --games 200
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from gong.referee import new_game
from gong.referee.bots import make_bot
from gong.referee.schedule import optional_seats, plan

TARGETS = {"go-fish normal vs easy": (">=", 0.60),
           "gang-of-four 1 normal, 3 easy": (">=", 0.40),
           "gang-of-four 1 easy, 3 normal": ("<=", 0.15)}  # fmt: skip


def share(game_name: str, levels: Sequence[str], watched: int, games: int, seed: int) -> float:
    """The share of decided games won by the level at `levels[watched]`, its seat rotated."""
    players = len(levels)
    wins = decided = 0.0
    for index in range(games):
        shift = index % players
        seated = {(i + shift) % players: level for i, level in enumerate(levels)}
        gseed = seed * 1_000_003 + index
        game = new_game(game_name, players=players, seed=gseed)
        robots = {s: make_bot(level, game_name, gseed * 8 + s) for s, level in seated.items()}
        while not game.is_over:
            found = plan(game, robots)
            game.apply(found.action)
        winners = game.outcome.winners
        if winners:
            decided += 1
            wins += sum(1 / len(winners) for w in winners if w == (watched + shift) % players)
    return wins / decided if decided else 0.0


def missed_gongs(games: int, seed: int) -> dict[str, dict[str, int]]:
    """LINK, 4 players, two easy and two normal robots (seats rotated), by level: own GONGs
    called and forgotten, catch chances (a robot with a catch open, out of turn: one missed
    GONG, however many moves it stays open) and the chances it noticed, and the missed
    GONGs of the others that this level caught."""
    tally = {level: dict.fromkeys(("called", "forgot", "chances", "noticed", "caught"), 0)
             for level in ("easy", "normal")}  # fmt: skip
    for index in range(games):
        gseed = seed * 1_000_003 + index
        game = new_game("gong-link", players=4, seed=gseed)
        order = ("easy", "easy", "normal", "normal")
        levels = {(i + index) % 4: level for i, level in enumerate(order)}
        robots = {s: make_bot(level, "gong-link", gseed * 8 + s) for s, level in levels.items()}
        seen: set[tuple[int, tuple]] = set()
        forgot: set[tuple[int, int]] = set()
        while not game.is_over:
            for s in optional_seats(game):
                for a in game.legal_actions(s):
                    if a.verb == "gong" and a.target is not None:
                        forgot.add((a.target, game.one[a.target].opened))
                        if (s, game.chance(s)) not in seen:
                            seen.add((s, game.chance(s)))
                            tally[levels[s]]["chances"] += 1
                            tally[levels[s]]["noticed"] += robots[s].notices(game, s)
                        break
            found = plan(game, robots)
            if found.action.verb == "gong":
                key = "called" if found.action.target is None else "caught"
                tally[levels[found.seat]][key] += 1
            game.apply(found.action)
        for target, _opened in forgot:
            tally[levels[target]]["forgot"] += 1
    return tally


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv if argv is not None else [])
    failed = 0
    pairings = {
        "go-fish normal vs easy": ("go-fish", ["normal", "easy"]),
        "gang-of-four 1 normal, 3 easy": ("gang-of-four", ["normal", "easy", "easy", "easy"]),
        "gang-of-four 1 easy, 3 normal": ("gang-of-four", ["easy", "normal", "normal", "normal"]),
    }
    for label, (game_name, levels) in pairings.items():
        start = time.perf_counter()
        won = share(game_name, levels, 0, args.games, args.seed)
        sign, target = TARGETS[label]
        ok = won >= target if sign == ">=" else won <= target
        failed += not ok
        took = time.perf_counter() - start
        print(
            f"{label:32} {won:6.1%} of decided games (target {sign} {target:.0%})"
            f" {'ok' if ok else 'MISSED'}  [{args.games} games, {took:.1f} s]"
        )
    for level, found in missed_gongs(args.games, args.seed).items():
        own = found["called"] + found["forgot"]
        print(
            f"LINK, {level:6} robots: forgot {found['forgot']} of {own} own GONGs;"
            f" noticed {found['noticed']} of {found['chances']} catch chances"
            f" ({found['noticed'] / max(1, found['chances']):.0%}); caught {found['caught']}"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
