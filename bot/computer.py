"""The bot's own computer player: the AI's decisions run outside the event loop.

Search is CPU-bound, so decisions run in a process pool (``workers`` processes; 0 runs them
in a worker thread, which tests use for speed). The AI sees only its seat's view.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

from bot.ai.base import Decision
from bot.ai.decide import decide
from bot.engine import Bid, Phase, TableView
from bot.service import CardChoice, Choice, TrumpChoice

log = logging.getLogger(__name__)

LEVELS = ("easy", "medium", "hard")
"""The levels offered to players."""
DEFAULT_LEVEL = "medium"


class ComputerPlayer:
    """Chooses for the computer's seat without blocking the bot."""

    def __init__(self, workers: int = 1) -> None:
        self.executor: Executor
        if workers > 0:
            # "spawn": a clean interpreter, not a fork of a process full of threads and sockets.
            context = multiprocessing.get_context("spawn")
            self.executor = ProcessPoolExecutor(max_workers=workers, mp_context=context)
        else:
            self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="computer")

    async def choose(self, level: str, view: TableView, seed: int) -> Choice:
        """The computer's choice for ``view`` (its own seat's view), as a service choice."""
        loop = asyncio.get_running_loop()
        decision: Decision = await loop.run_in_executor(self.executor, decide, level, view, seed)
        if isinstance(decision, Bid):
            return TrumpChoice(decision.kind, decision.value)
        return CardChoice(decision, gift=view.phase is Phase.GIFT)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
