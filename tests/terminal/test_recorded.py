"""`gong simulate --seed N` prints the same figures on any machine and Python version: the games
and the bots draw from the referee's own generator (`gong.referee.rng.Rng`, integer arithmetic
only), never from `random`. These runs were recorded once; a change to a rule, a bot or the
generator shows here. (FIGHT is left out: its figures also depend on the mission files.)"""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from gong.cli import main

RECORDED = {
    "gong-link": """\
gong-link: 12 games, 3 players, seed 7
bots by seat: 0=greedy, 1=random, 2=greedy

game length (turns): mean 73.1, median 61, longest 138 (game 4, seed 7000025)
ended by the turn limit: 0 of 12
how games ended: a player has no cards left: 12
win rate by seat: 0: 58.3%  1: 16.7%  2: 25.0%
win rate by bot:  greedy (seats 0, 2): 83.3%  random (seat 1): 16.7%
jokers played: 26 (2.17 per game)
GONG penalties: 14 (1.17 per game)
other counters: counters 1, draws 356, gong_calls 72, passes 0, plays 600, refills 5
""",
    "gong-family": """\
gong-family: 12 games, 3 players, seed 7
bots by seat: 0=greedy, 1=random, 2=greedy

game length (turns): mean 63.2, median 60.5, longest 98 (game 0, seed 7000021)
ended by the turn limit: 0 of 12
how games ended: all nine families are laid down: 12
win rate by seat: 0: 41.7%  1: 8.3%  2: 50.0%
win rate by bot:  greedy (seats 0, 2): 91.7%  random (seat 1): 8.3%
jokers played: 77 (6.42 per game)
families per winner: 5.42
other counters: asks 1300, counters 23, draws 446, families 108, given 551, lucky_draws 18, refills 0, skips 2
""",
}


@pytest.mark.parametrize("variant", RECORDED)
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_simulate_prints_the_recorded_figures(variant, jobs):
    args = ["simulate", variant, "--players", "3", "--games", "12", "--seed", "7", "--jobs", jobs]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert result.stdout == RECORDED[variant]
