"""How long a GONG FIGHT challenge takes at a table at the default robot pace, with the fights
played on the phones (`challenges=phones`) against the fair coin (`challenges=random`, the
peer), measured in the same run; and the game's median turns under each, from the simulator.

A table of one person (seat 0) and three normal robots is played through the API against the
tree's own `gong serve` with its default settings (robots one move a second, a phone game's
clock 60 s; `GONG_TESTING=1` only lets the table take a seed). The person looks at the table
every POLL seconds and makes a move `--think` seconds after the page first offers one (2 by
default: a person reading the screen): in a phone game a fair random choice, else the first
legal move. A challenge's time runs from the moment its fight mission is seen drawn to the
moment its winner is seen: the opponent's choice, the phone game with its ties, the robots'
pace.

    python bench/fights.py                  # seeds 1-3, both settings
    python bench/fights.py --seeds 1 --think 4
"""

from __future__ import annotations

import argparse
import contextlib
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from family import ROOT, Server, gong_of  # noqa: E402

POLL = 0.1
FIGHT_MOVES = ("choose", "call", "show", "report")


def play_table(
    server: Server, challenges: str, seed: int, think: float
) -> list[tuple[bool, float]]:
    """One game to its end; for each challenge, whether the person fought and its seconds."""
    made = server.api("POST", "/api/tables", {
        "game": "gong-fight", "players": 4, "seed": seed,
        "bots": {"1": "normal", "2": "normal", "3": "normal"},
        "options": {"challenges": challenges},
    })  # fmt: skip
    table_id = made["id"]
    secret = server.api("POST", f"/api/tables/{table_id}/seats", {"seat": 0, "name": "Ada"})[
        "secret"
    ]
    rng = random.Random(seed)
    first_seen: dict[int, float] = {}  # version -> when the person first saw it
    offered_at: float | None = None
    state: dict = {}
    while True:
        state = server.api("GET", f"/api/tables/{table_id}", secret=secret)
        now = time.monotonic()
        for event in state["events"]:
            first_seen.setdefault(event["version"], now)
        if state["status"] == "over":
            break
        if not state["legal"]:
            offered_at = None
            time.sleep(POLL)
            continue
        offered_at = offered_at or now
        if now - offered_at < think:
            time.sleep(POLL)
            continue
        fight = [a for a in state["legal"] if a.split()[0] in FIGHT_MOVES]
        action = rng.choice(fight) if fight else state["legal"][0]
        with contextlib.suppress(OSError):  # a robot moved first: look again
            server.api("POST", f"/api/tables/{table_id}/actions",
                       {"action": action, "version": state["version"]}, secret=secret)  # fmt: skip
        offered_at = None
    times: list[tuple[bool, float]] = []
    start: float | None = None
    for event in state["events"]:
        if event["code"] == "mission" and event["params"].get("kind") == "fight":
            start = first_seen[event["version"]]
        elif event["code"] == "challenge_won" and start is not None:
            person = 0 in (event["params"]["player"], event["params"]["loser"])
            times.append((person, first_seen[event["version"]] - start))
            start = None
    return times


def simulated_median(tree: Path, challenges: str, games: int) -> float:
    out = subprocess.run(
        [str(gong_of(tree)), "simulate", "gong-fight", "--players", "4", "--games", str(games),
         "--option", f"challenges={challenges}"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    line = next(line for line in out.splitlines() if line.startswith("game length"))
    return float(line.split("median ")[1].split(",")[0])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", default=str(ROOT))
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--think", type=float, default=2.0)
    parser.add_argument("--games", type=int, default=1000, help="simulated games per setting")
    args = parser.parse_args(argv if argv is not None else [])
    tree = Path(args.tree)
    medians = {c: simulated_median(tree, c, args.games) for c in ("random", "phones")}
    print(f"simulated median turns at 4 players, {args.games} games each: "
          f"random {medians['random']:g}, phones {medians['phones']:g} "
          f"(ratio {medians['phones'] / medians['random']:.2f})")  # fmt: skip
    found: dict[str, list[tuple[bool, float]]] = {"random": [], "phones": []}
    with Server(tree, 1) as server:
        for seed in args.seeds:
            for challenges in found:
                found[challenges] += play_table(server, challenges, seed, args.think)
    medians: dict[tuple[str, bool], float] = {}
    for challenges, found_times in found.items():
        for person in (True, False):
            times = [t for p, t in found_times if p == person]
            if times:
                medians[challenges, person] = statistics.median(times)
                who = "the person fights" if person else "robots only"
                print(f"{challenges}, {who}: {len(times)} challenges, seconds median "
                      f"{statistics.median(times):.1f}, longest {max(times):.1f}")  # fmt: skip
    for person in (True, False):
        if ("random", person) in medians and ("phones", person) in medians:
            ratio = medians["phones", person] / medians["random", person]
            who = "the person fights" if person else "robots only"
            print(f"{who}: a challenge on the phones takes {ratio:.2f}x the fair coin's time")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
