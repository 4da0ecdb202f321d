"""gong.procs: a process pool that stops at once on SIGTERM, Ctrl-C or an error, leaving no
worker behind. Real processes throughout; timeouts only guard against a hang."""

from __future__ import annotations

import doctest
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import gong.procs
from gong.procs import Terminated, exit_code, worker_pool

GUARD_SECONDS = 60

# A parent that keeps two workers busy for a minute, prints their pids, and reports how the
# pool ended; its exit status is exit_code() of the stop.
SCRIPT = textwrap.dedent(
    """
    import sys, time
    from gong.procs import Terminated, exit_code, worker_pool

    def busy(_):
        time.sleep(60)

    def pid(folder):
        # Each worker signs in and waits for the other: both workers take one.
        import os, pathlib
        (pathlib.Path(folder) / str(os.getpid())).touch()
        deadline = time.monotonic() + 60
        while len(list(pathlib.Path(folder).iterdir())) < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        return os.getpid()

    if __name__ == "__main__":
        try:
            with worker_pool(2, context=sys.argv[1]) as pool:
                print(*sorted(set(pool.map(pid, [sys.argv[2]] * 2))), flush=True)
                list(pool.map(busy, range(8)))
        except (KeyboardInterrupt, Terminated) as stop:
            print(type(stop).__name__, flush=True)
            sys.exit(exit_code(stop))
    """
)


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_until_gone(pids: list[int]) -> None:
    deadline = time.monotonic() + GUARD_SECONDS
    while any(alive(pid) for pid in pids):
        assert time.monotonic() < deadline, f"workers still running: {pids}"
        time.sleep(0.05)


@pytest.mark.parametrize("context", ["fork", "spawn"])
@pytest.mark.parametrize(
    ("send", "stopped_by", "status"),
    [
        (lambda p: p.send_signal(signal.SIGTERM), "Terminated", 143),
        (
            lambda p: os.killpg(p.pid, signal.SIGINT),
            "KeyboardInterrupt",
            130,
        ),  # a terminal's Ctrl-C
    ],
)
def test_a_signal_stops_the_workers_and_reaches_the_parent(
    tmp_path, context, send, stopped_by, status
):
    script = tmp_path / "parent.py"  # a file: "spawn" workers import the parent's module
    script.write_text(SCRIPT)
    (tmp_path / "signed-in").mkdir()
    process = subprocess.Popen(
        [sys.executable, str(script), context, str(tmp_path / "signed-in")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    workers = [int(pid) for pid in process.stdout.readline().split()]
    assert len(workers) == 2 and all(alive(pid) for pid in workers)
    send(process)
    out, err = process.communicate(timeout=GUARD_SECONDS)
    assert process.returncode == status, err
    assert out.strip() == stopped_by and "Traceback" not in err
    wait_until_gone(workers)


def test_an_error_in_the_block_stops_the_workers_and_goes_on():
    with pytest.raises(ZeroDivisionError), worker_pool(2, context="fork") as pool:
        pool.submit(time.sleep, 60)
        workers = list(pool._processes)
        raise ZeroDivisionError
    wait_until_gone(workers)


def test_results_and_the_previous_handlers_come_back():
    before = signal.getsignal(signal.SIGTERM)
    with worker_pool(
        2, initializer=os.environ.setdefault, initargs=("GONG_T", "1"), context="fork"
    ) as pool:
        assert signal.getsignal(signal.SIGTERM) is not before
        assert list(pool.map(os.getenv, ["GONG_T"] * 3)) == ["1", "1", "1"]
    assert signal.getsignal(signal.SIGTERM) is before


def test_exit_codes_follow_the_shell_convention():
    assert exit_code(Terminated()) == 143
    assert exit_code(KeyboardInterrupt()) == 130


def test_docstring_example_runs():
    result = doctest.testmod(gong.procs)
    assert result.attempted > 0 and result.failed == 0


def test_a_stop_swallowed_on_the_way_is_raised_when_the_block_ends():
    from gong.procs import stop_on_signals

    reached_the_end = False
    with pytest.raises(Terminated), stop_on_signals():
        try:  # where Python itself would swallow it: an at-fork hook, a __del__
            os.kill(os.getpid(), signal.SIGTERM)
            time.sleep(5)  # the handler raises as soon as the signal arrives
        except Terminated:
            pass
        reached_the_end = True
    assert reached_the_end
    with stop_on_signals():  # and it is not raised again by the next block
        pass
