"""`gong print` as a real process, stopped mid-render: by SIGTERM (what `timeout`, systemd and
CI send), by Ctrl-C (SIGINT to the whole process group, as a terminal sends it), and by SIGKILL.

Each time: no worker process is left, no staging folder stays behind (after SIGKILL, the next
run removes it), the earlier deck is untouched, and the exit status is non-zero. Timeouts only
guard against a hang; no timing is asserted.
"""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from gong.cards import DECK
from printables.deck import STAGING_MARKER, remove_stale_staging

from ..procutil import GUARD_SECONDS, alive, children, wait_for
from .conftest import BASE, run_deck


def digests(folder: Path) -> dict[str, str]:
    return {
        path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def staging_folders(parent: Path) -> list[Path]:
    return sorted(p for p in parent.glob(".deck-*") if p.is_dir())


@pytest.fixture
def earlier_deck(tmp_path) -> Path:
    out = tmp_path / "deck"
    run_deck(out, cards=DECK[:3])
    return out


def start_print(out: Path) -> tuple[subprocess.Popen, set[int]]:
    """A full 300 DPI print with two workers, once both workers and its staging folder exist."""
    process = subprocess.Popen(
        [sys.executable, "-m", "gong.cli", "print", "--base-url", BASE, "--out", str(out)]
        + ["--dpi", "300", "--jobs", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, so a Ctrl-C reaches only this run
    )
    workers = wait_for(lambda: len(children(process.pid)) == 2 and children(process.pid), "workers")
    wait_for(lambda: staging_folders(out.parent), "the staging folder")
    return process, workers


@pytest.mark.parametrize(
    ("name", "send", "status", "message"),
    [
        ("SIGTERM", lambda p: p.send_signal(signal.SIGTERM), 128 + 15, "stopped by SIGTERM"),
        ("Ctrl-C", lambda p: os.killpg(p.pid, signal.SIGINT), 128 + 2, "interrupted"),
    ],
)
def test_a_stop_mid_render_leaves_nothing_behind(earlier_deck, name, send, status, message):
    before = digests(earlier_deck)
    process, workers = start_print(earlier_deck)
    send(process)
    _, stderr = process.communicate(timeout=GUARD_SECONDS)
    assert process.returncode == status, stderr
    assert "Traceback" not in stderr and "KeyboardInterrupt" not in stderr
    assert stderr.rstrip().endswith(f"Printing {message}: {earlier_deck} was left as it was.")
    wait_for(lambda: not alive(workers), "the workers to go")  # already gone, in practice
    assert staging_folders(earlier_deck.parent) == []
    assert digests(earlier_deck) == before


def test_after_sigkill_the_workers_die_and_the_next_run_removes_the_staging(earlier_deck):
    before = digests(earlier_deck)
    process, workers = start_print(earlier_deck)
    process.kill()
    process.wait(timeout=GUARD_SECONDS)
    # The kernel tells the orphaned workers (PR_SET_PDEATHSIG): none waits forever.
    wait_for(lambda: not alive(workers), "the orphaned workers to go")
    (left,) = staging_folders(earlier_deck.parent)
    assert (left / STAGING_MARKER).is_file()
    assert digests(earlier_deck) == before
    assert remove_stale_staging(earlier_deck) == [left]
    assert staging_folders(earlier_deck.parent) == []
    assert digests(earlier_deck) == before


def test_only_a_dead_runs_marked_folders_are_removed(tmp_path):
    out = tmp_path / "deck"
    out.mkdir()
    (out / "mine.txt").write_text("a user's deck folder stays")
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    dead_pid = int(dead.stdout)
    stale, live, unmarked = (
        tmp_path / ".deck-new-a1",
        tmp_path / ".deck-new-b2",
        tmp_path / ".deck-notes-c3",
    )
    for folder, owner in ((stale, dead_pid), (live, os.getppid()), (unmarked, None)):
        folder.mkdir()
        (folder / "file").write_text("x")
        if owner is not None:
            (folder / STAGING_MARKER).write_text(f"{owner}\n")
    assert remove_stale_staging(out) == [stale]
    assert not stale.exists() and live.is_dir() and unmarked.is_dir()
    assert (out / "mine.txt").is_file()


def test_an_earlier_deck_moved_aside_by_a_killed_run_comes_back(earlier_deck):
    # Killed between the two renames that swap the decks: the output path is missing and
    # the earlier deck sits in the run's hidden "old" folder.
    before = digests(earlier_deck)
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    aside = earlier_deck.parent / ".deck-old-x9"
    aside.mkdir()
    (aside / STAGING_MARKER).write_text(dead.stdout)
    os.rename(earlier_deck, aside / "deck")
    assert remove_stale_staging(earlier_deck) == [aside]
    assert digests(earlier_deck) == before and not aside.exists()
