"""`gong simulate --jobs 2` as a real process, stopped in the middle of a long run by SIGTERM
(what `timeout`, systemd and CI send) and by Ctrl-C (SIGINT to the whole process group, as a
terminal sends it).

Each time: the exit status is 128 plus the signal's number, the run says so in one line, and
no worker process is left. Timeouts only guard against a hang; no timing is asserted.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from ..procutil import GUARD_SECONDS, alive, children, wait_for

GONG = Path(sys.executable).with_name("gong")
# About 15 ms a game: two workers would need over an hour. The run is always stopped first.
LONG_RUN = ["simulate", "gong-family", "--games", "500000", "--seed", "3"]


def catches(pid: int, signum: int) -> bool:
    """Whether process PID has a handler for SIGNUM (the SigCgt mask in /proc)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("SigCgt:"):
            return bool(int(line.split()[1], 16) >> (signum - 1) & 1)
    return False


def start(*args: str) -> subprocess.Popen:
    assert GONG.is_file(), f"the gong script is not installed next to {sys.executable}"
    return subprocess.Popen(
        [str(GONG), *LONG_RUN, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        start_new_session=True,  # its own process group, so a Ctrl-C reaches only this run
    )


def last_line(stderr: str) -> str:
    # The progress bar redraws itself with carriage returns; the message is the last line.
    return stderr.replace("\r", "\n").strip().splitlines()[-1]


STOPS = [
    ("SIGTERM", lambda p: p.send_signal(signal.SIGTERM), 128 + 15, "stopped by SIGTERM"),
    ("Ctrl-C", lambda p: os.killpg(p.pid, signal.SIGINT), 128 + 2, "interrupted"),
]


@pytest.mark.parametrize(("name", "send", "status", "message"), STOPS, ids=[s[0] for s in STOPS])
def test_a_stop_mid_run_stops_the_workers_and_exits_128_plus_the_signal(
    name, send, status, message
):
    process = start("--jobs", "2")
    workers = wait_for(lambda: len(children(process.pid)) == 2 and children(process.pid), "workers")
    send(process)
    stdout, stderr = process.communicate(timeout=GUARD_SECONDS)
    assert process.returncode == status, stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr, stderr
    line = last_line(stderr)
    assert line.startswith(f"Simulation {message} after "), stderr
    assert line.endswith(" of 500000 games: no statistics."), stderr
    assert stdout == ""
    assert alive(workers) == set()  # the parent stopped them before it exited


@pytest.mark.parametrize(("name", "send", "status", "message"), STOPS, ids=[s[0] for s in STOPS])
def test_a_stop_of_a_run_without_workers_says_the_same(name, send, status, message, tmp_path):
    process = start("--jobs", "1", "--plot", str(tmp_path))
    wait_for(lambda: catches(process.pid, signal.SIGTERM), "the run to catch SIGTERM")
    send(process)
    stdout, stderr = process.communicate(timeout=GUARD_SECONDS)
    assert process.returncode == status, stderr
    assert "Traceback" not in stderr, stderr
    assert last_line(stderr).startswith(f"Simulation {message} after "), stderr
    assert last_line(stderr).endswith(" of 500000 games: no statistics, no plot."), stderr
    assert stdout == "" and list(tmp_path.iterdir()) == []
