"""Every usage error of the `gong` command, at every level, is one line with exit status 2.

The cases are built by walking the command tree, so a new subcommand is covered without being
named here. Each runs through click's test runner, and the representative ones also through
the real `gong` script in a child process.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from gong.cli import OneLineCommand, OneLineGroup, main

GONG = Path(sys.executable).with_name("gong")


def command_tree(
    group: click.Group = main, path: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    """Every command below GROUP, the group itself first, with its path of names."""
    yield path, group
    ctx = click.Context(group, info_name="gong")
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        assert command is not None, name
        if isinstance(command, click.Group):
            yield from command_tree(command, (*path, name))
        else:
            yield (*path, name), command


TREE = dict(command_tree())
GROUPS = [path for path, command in TREE.items() if isinstance(command, click.Group)]
LEAVES = [path for path, command in TREE.items() if not isinstance(command, click.Group)]


def label(path: tuple[str, ...]) -> str:
    return " ".join(("gong", *path))


def value_options(command: click.Command) -> list[click.Option]:
    return [p for p in command.params if isinstance(p, click.Option) and not p.is_flag]


def refuses_any_word(option: click.Option) -> bool:
    """Whether 'not-a-value' is surely refused by the option's type (a number, a choice, an
    existing path): a free text or a new path would be taken, and the command would run."""
    kind = option.type
    if isinstance(kind, click.Path):
        return kind.exists
    return isinstance(kind, (click.types.IntParamType, click.types.FloatParamType, click.Choice))


def usage_errors() -> Iterator[tuple[str, list[str]]]:
    for path in GROUPS:
        yield f"{label(path)} (nothing)", [*path]
        yield f"{label(path)} nosuchcommand", [*path, "nosuchcommand"]
        yield f"{label(path)} --bogus", [*path, "--bogus"]
    for path in LEAVES:
        command = TREE[path]
        yield f"{label(path)} --bogus", [*path, "--bogus"]
        for option in value_options(command):
            name = option.opts[0]
            yield f"{label(path)} {name} (no value)", [*path, name]
            if refuses_any_word(option):
                yield f"{label(path)} {name} not-a-value", [*path, name, "not-a-value"]
        for argument in (p for p in command.params if isinstance(p, click.Argument)):
            if argument.required:
                yield f"{label(path)} (no {argument.name})", [*path]
        yield f"{label(path)} extra arguments", [*path, *["extra"] * 3]


USAGE_ERRORS = dict(usage_errors())


def assert_one_line(exit_code: int, stdout: str, stderr: str) -> str:
    lines = stderr.strip().splitlines()
    assert exit_code == 2, stderr
    assert len(lines) == 1, stderr
    assert lines[0].startswith("Error: "), stderr
    assert "Usage:" not in stderr and "Traceback" not in stderr
    assert stdout == ""
    return lines[0]


def test_the_tree_holds_every_face_and_every_level():
    assert set(LEAVES) >= {("serve",), ("print",), ("missions", "check"), ("simulate",), ("play",)}
    assert set(GROUPS) >= {(), ("missions",)}


@pytest.mark.parametrize("path", list(TREE), ids=[label(p) for p in TREE])
def test_every_command_and_group_uses_the_one_line_classes(path):
    command = TREE[path]
    wanted = OneLineGroup if isinstance(command, click.Group) else OneLineCommand
    assert isinstance(command, wanted), f"{label(path)} is a {type(command).__name__}"


@pytest.mark.parametrize("args", USAGE_ERRORS.values(), ids=USAGE_ERRORS.keys())
def test_every_usage_error_is_one_line_with_exit_2(args):
    result = CliRunner().invoke(main, args, prog_name="gong")
    assert_one_line(result.exit_code, result.stdout, result.stderr)


@pytest.mark.parametrize("path", GROUPS, ids=[label(p) for p in GROUPS])
def test_a_missing_command_names_the_commands_and_the_help(path):
    result = CliRunner().invoke(main, [*path], prog_name="gong")
    line = assert_one_line(result.exit_code, result.stdout, result.stderr)
    group = TREE[path]
    names = group.list_commands(click.Context(group))
    assert line == (
        f"Error: Missing command (one of: {', '.join(names)}). Try '{label(path)} --help' for help."
    )


WHAT_IS_WRONG = {
    "unknown command": (["nosuchcommand"], "No such command 'nosuchcommand'."),
    "unknown top-level option": (["--bogus"], "No such option '--bogus'."),
    "unknown mission command": (["missions", "nosuch"], "No such command 'nosuch'."),
    "serve port out of range": (["serve", "--port", "0"], "'--port': 0 is not in the range"),
    "serve extra argument": (["serve", "extra"], "unexpected extra argument (extra)"),
    "serve workers": (["serve", "--workers", "65"], "'--workers': 65 is not in the range"),
    "missions check no such folder": (
        ["missions", "check", "/no/such/folder"],
        "Directory '/no/such/folder' does not exist.",
    ),
    "missions check two folders": (["missions", "check", ".", "."], "extra argument (.)"),
    "print without base url": (["print"], "Missing option '--base-url'."),
    "simulate without game": (["simulate"], "Missing argument 'VARIANT'."),
    "play seat not a number": (["play", "gong-link", "--seat", "x"], "'x' is not a valid integer"),
}


@pytest.mark.parametrize("args, needle", WHAT_IS_WRONG.values(), ids=WHAT_IS_WRONG.keys())
def test_the_line_says_what_is_wrong(args, needle):
    result = CliRunner().invoke(main, args, prog_name="gong")
    assert needle in assert_one_line(result.exit_code, result.stdout, result.stderr)


def test_help_is_not_an_error():
    for path in TREE:
        result = CliRunner().invoke(main, [*path, "--help"], prog_name="gong")
        assert result.exit_code == 0, result.output
        assert result.stdout.startswith(f"Usage: {label(path)} ")


# Through the installed script: the same one line and exit status from a real process.
SCRIPT_CASES = {
    **{f"{label(p)} (nothing)": [*p] for p in GROUPS},
    **{f"{label(p)} nosuchcommand": [*p, "nosuchcommand"] for p in GROUPS},
    **{f"{label(p)} --bogus": [*p, "--bogus"] for p in TREE},
}


@pytest.mark.parametrize("args", SCRIPT_CASES.values(), ids=SCRIPT_CASES.keys())
def test_the_gong_script_gives_the_same_line(args):
    assert GONG.is_file(), f"the gong script is not installed next to {sys.executable}"
    done = subprocess.run(
        [str(GONG), *args], capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL
    )
    line = assert_one_line(done.returncode, done.stdout, done.stderr)
    runner = CliRunner().invoke(main, args, prog_name="gong")
    assert runner.stderr.strip() == line
