"""`gong simulate --seed N` prints the same figures on any machine and Python version: the games
and the bots draw from the referee's own generator (`gong.referee.rng.Rng`, integer arithmetic
only), never from `random`. The runs in recorded/ were recorded once; a change to a rule, a
bot or the generator shows here. (FIGHT is left out: its figures also depend on the mission
files.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from gong.cli import main

RECORDED = Path(__file__).parent / "recorded"


@pytest.mark.parametrize("variant", ["gong-link", "gong-family"])
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_simulate_prints_the_recorded_figures(variant, jobs):
    args = ["simulate", variant, "--players", "3", "--games", "12", "--seed", "7", "--jobs", jobs]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    recorded = RECORDED / f"{variant}-3-players-seed-7.txt"
    assert result.stdout == recorded.read_text(encoding="utf-8")
