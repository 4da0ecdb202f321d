"""`gong simulate` and `gong play` given the tests' game "toy" (Highest card) only through
the instance's setting (`GONG_GAMES=toygame`, or `GAMES` in its config.py), each run as a
subprocess: both play it to its end."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ..referee import toygame
from .house import MODULE, configure_instance, gong, house_env

MOST_TRICKS = toygame.REASONS["most_tricks"]


def test_simulate_plays_the_house_game_to_its_end(tmp_path: Path):
    result = gong(house_env(tmp_path), "simulate", "toy", "--players", "3", "--games", "20",
                  "--seed", "1")  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "toy: 20 games, 3 players, seed 1" in out
    assert "bots by seat: 0=normal, 1=easy, 2=normal" in out
    assert "game length (turns): mean 12.0, median 12, longest 12" in out
    assert "ended by the turn limit: 0 of 20" in out
    assert f"how games ended: {MOST_TRICKS}: 20" in out
    assert "tricks_played 80" in out  # 20 games of 4 tricks (3 players, 4 cards each)


def test_simulate_json_is_the_same_whatever_the_jobs(tmp_path: Path):
    env = house_env(tmp_path)
    args = ("simulate", "toy", "--players", "4", "--games", "30", "--seed", "3", "--json")
    one = gong(env, *args, "--jobs", "1")
    two = gong(env, *args, "--jobs", "2")  # forked workers know the house game too
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    summary = json.loads(one.stdout)
    assert json.loads(two.stdout) == summary
    assert summary["variant"] == "toy" and summary["games"] == 30
    assert summary["end_reasons"] == {"most_tricks": 30}
    assert summary["game_lengths"] == [12] * 30
    assert summary["counters"]["tricks_played"] == 90
    assert sum(summary["win_rate_by_seat"]) == pytest.approx(1.0)


def test_simulate_reads_the_games_options(tmp_path: Path):
    result = gong(house_env(tmp_path), "simulate", "toy", "--players", "2", "--games", "5",
                  "-o", "ties=later", "-o", "must_follow=on", "-o", "turn_limit=5", "--json")  # fmt: skip
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["options"] == {"ties": "later", "must_follow": True, "turn_limit": 5}
    assert summary["end_reasons"] == {"turn_limit": 5} and summary["game_lengths"] == [5] * 5
    bad = gong(house_env(tmp_path), "simulate", "toy", "-p", "2", "-o", "ties=never")
    assert bad.returncode == 2 and "earlier, later" in bad.stderr


def test_play_answering_one_plays_the_house_game_to_its_end(tmp_path: Path):
    result = gong(house_env(tmp_path), "play", "toy", "--players", "2", "--seat", "0",
                  "--seed", "1", input="1\n" * 40)  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Highest card with 2 players, seed 1. You are seat 0." in out
    assert "Your choices:" in out and "\n  1. play " in out
    assert "  you: play " in out and "  seat 1 (normal): play " in out
    assert f"Game over after 12 turns: {MOST_TRICKS}." in out
    assert ("You win!" in out) != ("You lose this time." in out)
    scores = out.split("Scores: ", 1)[1].splitlines()[0]  # "you 2, seat 1 (normal) 4"
    assert sum(int(part.rsplit(" ", 1)[1]) for part in scores.split(", ")) == 6
    assert "tricks: you: " in out  # the table's per-seat tricks, seat by seat


def test_play_finds_the_game_named_in_the_instance_config(tmp_path: Path):
    configure_instance(tmp_path, [MODULE])
    env = house_env(tmp_path, games=None)
    result = gong(env, "play", "toy", "--players", "3", "--seat", "2", "--seed", "4",
                  "--bots", "random", input="1\n" * 40)  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "You are seat 2." in result.stdout and "Game over after 12 turns" in result.stdout
