"""The worker processes the bot starts — the pool that draws the tables, the computer's search
pool — made so that none outlives the bot, however the bot dies.

A :class:`~concurrent.futures.ProcessPoolExecutor` worker waits on its call queue and never
learns that its parent is gone: after a ``SIGKILL`` (or an out-of-memory kill, or a crash in C)
it would wait forever, holding some 65 MB and the dead bot's stdout and stderr, and with it
multiprocessing's resource tracker, which only exits once every holder of its pipe (the bot and
each worker) has closed it. So every worker starts a watchdog thread
(:func:`_watch_parent`) that polls its parent's pid and ends the worker with ``os._exit`` as
soon as it changes (the orphan is handed to init or a subreaper): within
:data:`WATCH_INTERVAL` of the bot's death the workers are gone, and the resource tracker, its
pipe closed by all, follows. Polling, not Linux's ``PR_SET_PDEATHSIG``: that signal follows
the *thread* that started the worker, and the pools start workers from whichever thread
submits first (a drawing is submitted from ``asyncio.to_thread``'s threads), so a worker would
be killed whenever such a thread ends.

A worker also ignores ``SIGINT``: Ctrl-C in a terminal reaches the whole process group, and it
is the bot's to decide what happens then (it shuts its pools down); the workers would only
print tracebacks.

Workers are spawned (a clean interpreter, not a fork of a process full of threads and sockets)
and started at once by :func:`start_all`, each loading what its first task needs
(``warm_ups``) before it takes one, so the first table or computer move after a start is as
quick as the next.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, wait

from bot.memory import freeze_start

log = logging.getLogger(__name__)

WATCH_INTERVAL = 0.2
"""Seconds between two looks of a worker at its parent (it exits within this of the bot)."""

WarmUp = Callable[[], object]
"""Something a new worker does before its first task (a module-level function, or a
``functools.partial`` of one, so that it is pickled by reference)."""


def process_pool(workers: int, warm_ups: Sequence[WarmUp] = ()) -> ProcessPoolExecutor:
    """A pool of ``workers`` spawned processes that die with this one and run ``warm_ups``
    before their first task. Start them with :func:`start_all` (a pool starts each process
    only at a submission otherwise)."""
    return ProcessPoolExecutor(
        max_workers=workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_start_worker,
        initargs=(os.getpid(), tuple(warm_ups)),
    )


def start_all(pool: Executor, workers: int) -> None:
    """Start every process of ``pool`` now rather than at the first real task: each of
    ``workers`` submissions of nothing finds no idle process and starts one (they warm up
    meanwhile; nothing waits for them)."""
    for _ in range(workers):
        pool.submit(_nothing)


def warmed(pool: Executor, workers: int, timeout: float | None = None) -> None:
    """Wait until ``workers`` processes of ``pool`` have each taken a task (so are up and
    warm); for tests and benchmarks."""
    wait([pool.submit(_pause) for _ in range(workers)], timeout=timeout)


def pids(pool: ProcessPoolExecutor) -> list[int]:
    """The process ids of ``pool``'s live workers (for tests and benchmarks)."""
    processes = getattr(pool, "_processes", None) or {}
    return sorted(p.pid for p in processes.values() if p.pid is not None and p.is_alive())


def _nothing() -> None:
    return None


def _pause() -> None:
    # Long enough that each of the submissions is taken by a different idle process.
    time.sleep(0.05)


def _start_worker(parent: int, warm_ups: tuple[WarmUp, ...]) -> None:
    """The first thing a worker does: watch its parent, leave Ctrl-C to it, warm up, then set
    what the start made aside from the collector (:func:`bot.memory.freeze_start`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    watchdog = threading.Thread(
        target=_watch_parent, args=(parent,), name="watch-parent", daemon=True
    )
    watchdog.start()
    for warm_up in warm_ups:
        try:
            warm_up()
        except Exception:  # a cold first task is better than a worker that never starts
            log.exception("warming up a worker process failed: %r", warm_up)
    freeze_start()


def _watch_parent(parent: int) -> None:
    """End this process as soon as ``parent`` is no longer its parent (it died)."""
    while os.getppid() == parent:
        time.sleep(WATCH_INTERVAL)
    os._exit(0)
