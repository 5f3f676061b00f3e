"""No worker process outlives the bot: killed with SIGKILL (no clean-up of its own) or stopped
cleanly, the real bot leaves nothing of its session running — neither its drawing processes,
nor the computer's, nor multiprocessing's resource tracker."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from pathlib import Path

import pytest

from tests.workers.bot_process import BotProcess, session_processes, start

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads the processes of a session in /proc"
)

GONE_WITHIN = 3.0
"""Seconds after the bot's death by which its workers must have gone."""


def left_after(bot: BotProcess, seconds: float) -> dict[int, int]:
    """What is left of the bot's session once ``seconds`` have passed (sooner if nothing)."""
    deadline = time.monotonic() + seconds
    while True:
        left = session_processes(bot.pid)  # the bot leads its own session: sid = its pid
        if not left or time.monotonic() > deadline:
            return left
        time.sleep(0.05)


def kill_everything(bot: BotProcess) -> None:
    """Whatever a failed test leaves behind goes (never another test's processes)."""
    for pid in session_processes(bot.pid):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    if bot.process.poll() is None:
        bot.process.kill()
    bot.process.wait()


@pytest.mark.parametrize(
    ("kind", "table_workers", "ai_workers"), [("drawing", 1, 0), ("computer", 0, 1)]
)
def test_a_killed_bot_leaves_no_worker_running(
    tmp_path: Path, kind: str, table_workers: int, ai_workers: int
) -> None:
    bot = start(tmp_path / "bot.sqlite3", table_workers=table_workers, ai_workers=ai_workers)
    try:
        workers = bot.drawing if kind == "drawing" else bot.computer
        assert len(workers) == 1
        running = session_processes(bot.pid)
        assert set(workers) <= set(running), "the workers run before the bot is killed"
        assert bot.tracker in running, "the resource tracker runs before the bot is killed"
        bot.process.send_signal(signal.SIGKILL)
        bot.process.wait()
        assert left_after(bot, GONE_WITHIN) == {}
    finally:
        kill_everything(bot)


def test_a_bot_stopped_cleanly_leaves_no_worker_running(tmp_path: Path) -> None:
    bot = start(tmp_path / "bot.sqlite3", table_workers=2, ai_workers=1)
    try:
        assert len(bot.drawing) == 2 and len(bot.computer) == 1
        bot.process.send_signal(signal.SIGTERM)
        assert bot.process.wait(timeout=30) == 0
        assert left_after(bot, GONE_WITHIN) == {}
    finally:
        kill_everything(bot)
