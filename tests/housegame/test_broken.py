"""A house game that does not load stops `gong serve`, `gong simulate` and `gong play` before
anything starts, with one line naming the module and the exit status 1."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..served import free_port
from .house import configure_instance, gong, house_env

COMMANDS = {
    "serve": lambda: ("serve", "--port", str(free_port()), "--workers", "1"),
    "simulate": lambda: ("simulate", "toy", "--players", "2", "--games", "2"),
    "play": lambda: ("play", "toy", "--players", "2", "--seed", "1"),
}


def one_line(text: str) -> str:
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


@pytest.mark.parametrize("command", COMMANDS)
def test_a_module_that_does_not_exist_is_named_in_one_line(tmp_path: Path, command: str):
    result = gong(house_env(tmp_path, games="no_such_module"), *COMMANDS[command](), timeout=60)
    assert result.returncode == 1, result.stdout + result.stderr
    line = one_line(result.stderr)
    assert "no_such_module" in line and "not starting" in line
    assert "Traceback" not in result.stderr and result.stdout == ""


@pytest.mark.parametrize("command", COMMANDS)
def test_a_module_of_the_instance_that_fails_is_named_with_its_error(tmp_path: Path, command):
    configure_instance(tmp_path, ["brokengame"], {"brokengame": "raise RuntimeError('no deck')\n"})
    result = gong(house_env(tmp_path, games=None), *COMMANDS[command](), timeout=60)
    assert result.returncode == 1, result.stdout + result.stderr
    line = one_line(result.stderr)
    assert "brokengame" in line and "RuntimeError: no deck" in line


@pytest.mark.parametrize("command", ["serve", "simulate"])
def test_a_module_without_a_spec_is_named(tmp_path: Path, command: str):
    configure_instance(tmp_path, [], {"nospec": "GAMES = 'none here'\n"})
    result = gong(house_env(tmp_path, games="toygame,nospec"), *COMMANDS[command](), timeout=60)
    assert result.returncode == 1, result.stdout + result.stderr
    line = one_line(result.stderr)
    assert "nospec" in line and "SPEC" in line
