"""Kill and restart soak: the real bot (offline) started and SIGKILLed again and again, and what
every start left behind counted after each kill.

Each cycle starts the bot with its drawing processes and its computer's pool
(``tests/workers/bot_process.py``: ``create_bot`` and its real ``setup_hook``, logged in to the
offline Discord), waits until every worker is up and warm, kills the bot with SIGKILL (no
clean-up of its own), waits ``--grace`` seconds, then prints how many processes of all the
sessions started so far are still alive and the sum of their resident memory. A bot whose
workers outlived it grew by some 65 MB a cycle; the figures should stay at zero.

    .venv/bin/python bench/soak.py [--cycles 20] [--table-workers 1] [--ai-workers 1] [--grace 3]
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import tempfile
import time
from pathlib import Path

# Runs from a checkout without installing the package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import contextlib

from tests.workers.bot_process import session_processes, start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--cycles", type=int, default=20)
    parser.add_argument("--table-workers", type=int, default=1)
    parser.add_argument("--ai-workers", type=int, default=1)
    parser.add_argument(
        "--grace", type=float, default=3.0, help="seconds after each kill before counting"
    )
    args = parser.parse_args()
    sessions: list[int] = []
    print(
        f"{args.cycles} cycles: start the bot ({args.table_workers} drawing, {args.ai_workers} "
        f"computer processes), SIGKILL it, count what is left {args.grace:g} s later"
    )
    print(f"{'cycle':>5} {'bot+workers':>11} {'their RSS MB':>12} {'left':>5} {'left RSS MB':>12}")
    with tempfile.TemporaryDirectory(prefix="vidrasso-soak-") as tmp:
        try:
            for cycle in range(1, args.cycles + 1):
                bot = start(
                    Path(tmp) / "bot.sqlite3",
                    table_workers=args.table_workers,
                    ai_workers=args.ai_workers,
                    quiet=True,  # the tracker's note on the dead bot's semaphores, each time
                )
                sessions.append(bot.pid)
                running = session_processes(bot.pid)
                os.kill(bot.pid, signal.SIGKILL)
                bot.process.wait()
                time.sleep(args.grace)
                left = {pid: rss for sid in sessions for pid, rss in session_processes(sid).items()}
                print(
                    f"{cycle:>5} {len(running):>11} {sum(running.values()) / 1024:>12.1f} "
                    f"{len(left):>5} {sum(left.values()) / 1024:>12.1f}",
                    flush=True,
                )
        finally:
            for sid in sessions:  # whatever is left goes: this run's sessions only
                for pid in session_processes(sid):
                    with contextlib.suppress(ProcessLookupError):
                        os.kill(pid, signal.SIGKILL)


if __name__ == "__main__":
    main()
