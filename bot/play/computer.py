"""The computer in the bot's games: it decides for its seats and moves through the service.

Search is CPU-bound, so decisions run in a process pool (``workers`` processes; 0 runs them in
a worker thread, which tests use for speed). A computer seat sees only its own seat's view.
"""

from __future__ import annotations

import asyncio
import functools
import importlib
import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import Executor, ThreadPoolExecutor
from typing import Any

from bot.errors import Stale
from bot.games import GAMES, rules_for
from bot.play.model import Game
from bot.play.service import GameService, Moved
from bot.workers import process_pool, start_all

log = logging.getLogger(__name__)

MAX_TURNS = 64
"""At most this many computer moves in a row before the orchestration looks up again (a guard
against a game that never waits for a person; four computer seats play a whole trick)."""

OnMove = Callable[[Moved], Awaitable[None]]


def players_of_every_game() -> list[Callable[[], object]]:
    """Imports of every registered game's computer players, for a worker to load before its
    first decision (the decision function is pickled by reference: its module)."""
    modules = sorted({rules.decider().__module__ for rules in GAMES.values()})
    return [functools.partial(importlib.import_module, module) for module in modules]


class ComputerPlayer:
    """Plays every computer seat of a game until the game waits for a person (or ends)."""

    def __init__(self, games: GameService, workers: int = 1) -> None:
        self.games = games
        self.executor: Executor
        if workers > 0:
            # Spawned, dying with the bot, started now with every game's players loaded.
            self.executor = process_pool(workers, warm_ups=players_of_every_game())
            start_all(self.executor, workers)
        else:
            self.executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="computer")

    async def decide(self, kind: str, level: str, view: Any, seed: int) -> Any:
        """What a computer of ``level`` plays from ``view`` (a seat's view), off the loop."""
        decide = rules_for(kind).decider()
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, decide, level, view, seed)

    async def choose(self, game: Game, seat: int) -> Any:
        """The computer's action for ``seat`` of ``game``, from that seat's view only."""
        rules = game.rules
        level = game.seats[seat].computer
        assert level is not None, "only a computer seat is played by the computer"
        view = rules.view(game.state, seat)
        seed = game.id * 100_003 + game.version
        try:
            return await self.decide(game.kind, level, view, seed)
        except Exception:
            # A game must never get stuck on the computer: fall back to the easiest level.
            easiest = rules.levels[0]
            log.exception("computer (%s) failed in game %s; playing %s", level, game.id, easiest)
            return await self.decide(game.kind, easiest, view, seed)

    async def take_turns(self, game_id: int, on_move: OnMove) -> bool:
        """Move for the computer for as long as the game waits for it; True if it moved.

        ``on_move`` shows each move (the table) before the next is chosen. A person's move or
        resignation meanwhile makes the computer look again rather than play a stale choice.
        """
        moved_any = False
        for _ in range(MAX_TURNS):
            game = await self.games.game(game_id)
            waiting = game.computers_to_act
            if not waiting:
                return moved_any
            seat = waiting[0]
            action = await self.choose(game, seat)
            try:
                moved = await self.games.play(game_id, seat, action, game.version)
            except Stale:
                continue
            moved_any = True
            await on_move(moved)
        return moved_any

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)
