"""Watching real processes through /proc, for the tests that stop a run with a signal and
check that no worker is left behind."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

# Only guards against a hang; no timing is asserted.
GUARD_SECONDS = 120

T = TypeVar("T")


def children(pid: int) -> set[int]:
    """The live processes whose parent is PID, read from /proc."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        # Fields after the command name, which is in parentheses and may hold spaces.
        state, ppid = stat.rsplit(")", 1)[1].split()[:2]
        if int(ppid) == pid and state != "Z":
            found.add(int(entry.name))
    return found


def alive(pids: set[int]) -> set[int]:
    """The processes among PIDS that still run (zombies count as gone)."""
    left = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            left.add(pid)
    return left


def wait_for(condition: Callable[[], T], what: str) -> T:
    """Poll CONDITION until it gives a true value and return it; fail the test after
    GUARD_SECONDS, naming WHAT it waited for."""
    deadline = time.monotonic() + GUARD_SECONDS
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    pytest.fail(f"gave up waiting for {what}")
