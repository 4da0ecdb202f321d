"""Process pools that stop at once on Ctrl-C and SIGTERM, leaving no process behind.

A plain `ProcessPoolExecutor` lets a terminal's Ctrl-C reach every worker (a traceback from
each), then waits for the whole queue to finish before the parent returns; and SIGTERM (sent by
`timeout`, systemd and CI) kills the parent only, leaving the workers waiting forever. Here:

- the workers ignore SIGINT and die on SIGTERM: stopping them is the parent's job; on Linux
  they also get SIGTERM from the kernel when the parent dies (even by SIGKILL);
- in the parent, SIGTERM raises `Terminated` (as SIGINT raises `KeyboardInterrupt`), so the
  code's own `finally` and `except BaseException` clean-ups run;
- leaving the pool by any exception terminates the workers (killed if they linger), cancels
  what is queued, and re-raises.

>>> with worker_pool(2) as pool:
...     sorted(pool.map(abs, [-2, 1, -3]))
[1, 2, 3]
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, InvalidStateError, ProcessPoolExecutor
from contextlib import contextmanager
from multiprocessing.context import BaseContext
from typing import Any

__all__ = [
    "STOP_SIGNALS",
    "Terminated",
    "exit_code",
    "signals_held",
    "stop_on_signals",
    "stop_workers",
    "worker_pool",
]

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
PR_SET_PDEATHSIG = 1
"""Linux prctl option: the signal a process receives when its parent dies."""
GRACE_SECONDS = 0.5
"""How long a terminated worker may take to exit before it is killed."""


class Terminated(BaseException):  # noqa: N818 - named like KeyboardInterrupt, its sibling
    """SIGTERM arrived. A BaseException, like KeyboardInterrupt, so `except Exception` does not
    swallow it."""

    def __init__(self, signum: int = signal.SIGTERM) -> None:
        self.signum = signum
        super().__init__(f"stopped by {signal.Signals(signum).name}")


def exit_code(stop: BaseException) -> int:
    """The conventional exit status for a run stopped by STOP (128 + the signal's number)."""
    signum = stop.signum if isinstance(stop, Terminated) else signal.SIGINT
    return 128 + int(signum)


_stop_seen: list[int] = []
"""Signals the handler raised for: an exception raised where Python swallows it (an at-fork
hook, a __del__) must not make the stop be forgotten."""


def _raise_stop(signum: int, _frame: Any) -> None:
    _stop_seen.append(signum)
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    raise Terminated(signum)


def _stop_for(signum: int) -> BaseException:
    return KeyboardInterrupt() if signum == signal.SIGINT else Terminated(signum)


@contextmanager
def stop_on_signals() -> Iterator[None]:
    """Within the block, SIGTERM raises `Terminated` and SIGINT `KeyboardInterrupt` in the main
    thread; the previous handlers come back afterwards. A stop whose exception was swallowed
    on the way is raised when the block ends. Elsewhere than in the main thread (where Python
    cannot set handlers), nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    depth = len(_stop_seen)
    previous = {signum: signal.signal(signum, _raise_stop) for signum in STOP_SIGNALS}
    # A process inherits its blocked signals from whoever started it (a test runner's thread,
    # a supervisor): unblock them, or the handlers never run.
    blocked = signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)
    try:
        yield
        if len(_stop_seen) > depth:
            raise _stop_for(_stop_seen[-1])
    finally:
        del _stop_seen[depth:]
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        for signum, handler in previous.items():
            signal.signal(signum, handler)


@contextmanager
def signals_held() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back during a step that must not be cut (a fork and its
    hooks, two renames that swap folders); they arrive as soon as the block ends."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, STOP_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


class _Pool(ProcessPoolExecutor):
    # Workers are forked inside submit(); a stop raised in the middle of a fork lands in
    # Python's at-fork hooks, which swallow it. Held back, it arrives right after.
    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:
        with signals_held():
            return super().submit(fn, *args, **kwargs)


def _start_worker(
    parent: int | None, initializer: Callable[..., object] | None, initargs: tuple
) -> None:
    # Forked workers inherit the parent's handlers: a worker must neither raise on SIGTERM
    # (the pool would report it as a task's result and carry on) nor see the terminal's Ctrl-C.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOP_SIGNALS)  # forked while they were held
    if parent is not None:
        _die_with_parent(parent)
    if initializer is not None:
        initializer(*initargs)


def _die_with_parent(parent: int) -> None:
    """Ask Linux for SIGTERM when the parent dies: a parent killed outright (SIGKILL, out of
    memory) cannot stop its workers, which would otherwise wait for work forever."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGTERM), 0, 0, 0)
    except (OSError, AttributeError):  # pragma: no cover - a libc without prctl
        return
    if os.getppid() != parent:  # the parent died before the request was made
        os._exit(1)


def _processes(pool: ProcessPoolExecutor) -> list[multiprocessing.Process]:
    # The executor has no public way to reach its workers before Python 3.14
    # (terminate_workers); its `_processes` mapping has held them since 3.2.
    return list((getattr(pool, "_processes", None) or {}).values())


def stop_workers(pool: ProcessPoolExecutor) -> None:
    """Terminate POOL's workers now, kill any that linger, and drop what is queued."""
    manager = getattr(pool, "_executor_manager_thread", None)
    with _quiet_manager(manager):
        workers = _processes(pool)
        for process in workers:
            if process.is_alive():
                process.terminate()
        for process in workers:
            process.join(GRACE_SECONDS)
            if process.is_alive():
                process.kill()
                process.join()
        if manager is not None:
            manager.join(GRACE_SECONDS)  # it sees the dead workers and fails what is pending
    pool.shutdown(wait=False, cancel_futures=True)


@contextmanager
def _quiet_manager(manager: threading.Thread | None) -> Iterator[None]:
    """Silence one known race while the workers are stopped: `Executor.map` cancels its
    futures as the stop goes through it, and before Python 3.12 the manager thread then
    fails them again and dies printing InvalidStateError. Nothing is lost: the futures are
    cancelled either way."""
    previous = threading.excepthook

    def hook(args: threading.ExceptHookArgs) -> None:
        if args.thread is manager and issubclass(args.exc_type, InvalidStateError):
            return
        previous(args)

    threading.excepthook = hook
    try:
        yield
    finally:
        threading.excepthook = previous


@contextmanager
def worker_pool(
    workers: int,
    *,
    initializer: Callable[..., object] | None = None,
    initargs: tuple = (),
    context: BaseContext | str | None = None,
) -> Iterator[ProcessPoolExecutor]:
    """A `ProcessPoolExecutor` of WORKERS processes that stops at once on Ctrl-C or SIGTERM.

    Inside the block, SIGTERM raises `Terminated` (see `stop_on_signals`). Leaving it normally
    waits for the workers as usual; leaving it by any exception, a signal's included, stops the
    workers before the exception goes on. CONTEXT is a multiprocessing context or its name
    ("fork", "spawn", "forkserver"); None is the platform's default.

    Use the pool from the thread that made it (the main thread, for the signals): on Linux a
    worker is told to stop when the thread that started it ends.
    """
    if not isinstance(context, BaseContext):
        context = multiprocessing.get_context(context)
    # A forkserver's workers are its children, not ours: their parent's death tells nothing.
    parent = None if context.get_start_method() == "forkserver" else os.getpid()
    with stop_on_signals():
        pool = _Pool(
            workers,
            mp_context=context,
            initializer=_start_worker,
            initargs=(parent, initializer, initargs),
        )
        try:
            yield pool
            pool.shutdown(wait=True)  # a stop while waiting here stops the workers too
        except BaseException:
            stop_workers(pool)
            raise


def still_running(pid: int) -> bool:
    """Whether a process PID exists (a stale lock or staging folder's owner, for instance)."""
    if sys.platform == "win32":  # pragma: no cover - the project runs on POSIX
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
