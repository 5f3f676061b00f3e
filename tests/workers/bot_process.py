"""The real bot in an OS process of its own, offline, for the tests and the soak run that kill
it: ``python -m tests.workers.bot_process``.

The process builds the bot as ``python -m bot`` does (``Config()`` from its environment,
``create_bot``, the real ``setup_hook``: services, cogs, the drawing processes, the computer's
pool), but logs it in to the offline Discord of :mod:`tests.harness` instead of the gateway.
Once every worker process is up and warm it prints one line, ``ready`` and a JSON object with
its pid, its workers' pids and the resource tracker's, and then waits to be killed. ``SIGTERM``
is a clean stop: the bot closes, then the process exits.

:func:`start` runs it in a new session (its own session id, which its workers and the resource
tracker keep however they are re-parented), and :func:`session_processes` lists what is left
of a session, from ``/proc``.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
from dataclasses import dataclass
from multiprocessing import resource_tracker
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
READY_TIMEOUT = 60.0
"""Seconds a bot process may take to start (spawning and warming its workers included)."""


@dataclass(frozen=True)
class BotProcess:
    """A bot process started by :func:`start`, and what it said when ready."""

    process: subprocess.Popen[str]
    drawing: tuple[int, ...]
    """The pids of its drawing processes."""
    computer: tuple[int, ...]
    """The pids of its computer's processes."""
    tracker: int | None
    """The pid of multiprocessing's resource tracker, if it started one."""

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def workers(self) -> tuple[int, ...]:
        return self.drawing + self.computer + ((self.tracker,) if self.tracker else ())


def start(
    database: Path, *, table_workers: int, ai_workers: int, quiet: bool = False
) -> BotProcess:
    """Start a bot process on ``database`` with that many workers of each kind, in a new
    session; return once it is ready (its workers up and warm). ``quiet``: its stderr (which
    its workers and the resource tracker share) goes nowhere."""
    env = {
        **os.environ,
        "DISCORD_TOKEN": "offline",
        "BOT_DB": str(database),
        "BOT_SYNC_COMMANDS": "false",
        "BOT_TABLE_PICTURES": "true",
        "BOT_TABLE_WORKERS": str(table_workers),
        "BOT_AI_WORKERS": str(ai_workers),
        "BOT_LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(ROOT),
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.workers.bot_process"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL if quiet else None,
        text=True,
        start_new_session=True,
    )
    assert process.stdout is not None
    line = process.stdout.readline()  # the bot says ready, or dies (EOF)
    if not line.startswith("ready "):
        process.kill()
        process.wait()
        raise RuntimeError(f"the bot process did not start: {line!r}")
    said: dict[str, Any] = json.loads(line.removeprefix("ready "))
    return BotProcess(process, tuple(said["drawing"]), tuple(said["computer"]), said.get("tracker"))


def session_processes(session: int) -> dict[int, int]:
    """The live processes of ``session`` (Linux ``/proc``): pid → resident memory in KB.
    Zombies (dead, waiting for their parent to read their status) hold no memory and are
    left out."""
    found: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            status = (entry / "status").read_text()
        except OSError:  # gone meanwhile
            continue
        fields = stat.rsplit(")", 1)[1].split()
        state, sid = fields[0], int(fields[3])
        if sid != session or state in ("Z", "X"):
            continue
        rss = next(
            (line.split()[1] for line in status.splitlines() if line.startswith("VmRSS")), "0"
        )
        found[int(entry.name)] = int(rss)
    return found


# --- in the bot's process ----------------------------------------------------------------------


async def _run() -> None:
    from bot.app import create_bot
    from bot.workers import pids, warmed
    from tests.harness import Harness

    bot = create_bot()
    harness = await Harness.start(bot)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    drawing = bot.drawing
    computer = bot.services.computer.executor
    for pool, count in ((drawing, bot.config.table_workers), (computer, bot.config.ai_workers)):
        if pool is not None and count > 0:
            await asyncio.to_thread(warmed, pool, count, READY_TIMEOUT)
    tracker = getattr(resource_tracker._resource_tracker, "_pid", None)
    said = {
        "drawing": pids(drawing) if drawing is not None else [],
        "computer": pids(computer) if bot.config.ai_workers > 0 else [],  # type: ignore[arg-type]
        "tracker": tracker,
    }
    print("ready " + json.dumps(said), flush=True)
    await stop.wait()
    await harness.close(check_errors=False)


if __name__ == "__main__":
    asyncio.run(_run())
