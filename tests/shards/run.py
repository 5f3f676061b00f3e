"""Shard processes of a whole run, each in an OS process of its own (``multiprocessing``,
spawned) over one shared database: members' clicks until their games end, then the
scheduler's reminders and time-outs for the process's own shards. And a process killed in the
middle of a click, for the restart that follows it."""

from __future__ import annotations

import asyncio
import os
import random
import signal
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from bot.clocks.model import HOUR, MINUTE
from bot.config import Config
from bot.errors import Stale
from bot.play.model import ACTIVE, Game
from bot.services import Services
from bot.storage import Transaction
from tests.clocks.clock import FakeClock

REMINDERS_DUE = HOUR / 2 + MINUTE
"""After this long a game with an hour per move has its reminder due."""
DEADLINES_PASSED = HOUR + MINUTE
"""After this long its deadline has passed."""


@asynccontextmanager
async def shard_process(
    database: str, clock: FakeClock, shard: int | None, seed: int = 1
) -> AsyncIterator[Services]:
    """The services of a process running shard ``shard`` of 2 (None: unsharded)."""
    shards = {} if shard is None else {"BOT_SHARDS": "2", "BOT_SHARD_IDS": str(shard)}
    config = Config(_env_file=None, database=database, ai_workers=0, **shards)  # type: ignore[call-arg]
    opened = await Services.open(config, clock=clock, rng=random.Random(seed))
    try:
        yield opened
    finally:
        await opened.close()


async def click(s: Services, game_id: int, rng: random.Random) -> Game:
    """The member to act makes a random legal move, as their button sends it (with the version
    their hand showed); a stale answer is answered by clicking again, as a member would."""
    while True:
        game = await s.games.game(game_id)
        if game.status != ACTIVE:
            return game
        seat = game.to_act[0]
        action = rng.choice(game.rules.legal_actions(game.state, seat))
        text = game.rules.action_text(action)
        try:
            return (await s.games.act(game_id, game.player_ids[seat], text, game.version)).game
        except Stale:
            continue


@dataclass
class Ran:
    """What one shard process did."""

    finished: list[int] = field(default_factory=list)
    """Games its members' clicks played to the end."""
    reminded: list[int] = field(default_factory=list)
    """Games whose reminder it recorded (and would send)."""
    timed_out: list[int] = field(default_factory=list)
    """Games it ended on time."""


def run_shard(
    database: str, shard: int, now: float, playing: list[int], together: Any, results: Any
) -> None:
    """Shard ``shard`` of 2: play ``playing`` to the end (beside the other process playing
    its own), then the scheduler's duties as time passes. Puts a :class:`Ran`."""
    results.put(asyncio.run(_run_shard(database, shard, now, playing, together)))


async def _run_shard(
    database: str, shard: int, now: float, playing: list[int], together: Any
) -> Ran:
    ran, clock, rng = Ran(), FakeClock(now), random.Random(shard)
    async with shard_process(database, clock, shard, seed=shard) as s:
        together.wait()
        pending = list(playing)
        while pending:  # a click in each game in turn: finishes interleave with the other's
            for game_id in list(pending):
                if (await click(s, game_id, rng)).status != ACTIVE:
                    pending.remove(game_id)
                    ran.finished.append(game_id)
        for passed in (REMINDERS_DUE, DEADLINES_PASSED):
            together.wait()  # both processes have done everything before this time
            clock.now = now + passed
            for due in await s.clocks.due(clock.now):
                if due.plan.expire:
                    if await s.games.time_out(due.game.id, due.game.version) is not None:
                        ran.timed_out.append(due.game.id)
                elif due.plan.remind and await s.clocks.settle(due):
                    ran.reminded.append(due.game.id)
    return ran


def click_until_killed(database: str, now: float, game_id: int, moves: int, told: Any) -> None:
    """Click in one game, saying each committed version; the ``moves``-th click stops inside
    its transaction (its state written, not committed) and says so, to be killed there."""
    asyncio.run(_click_until_killed(database, now, game_id, moves, told))


async def _click_until_killed(
    database: str, now: float, game_id: int, moves: int, told: Any
) -> None:
    rng = random.Random(7)
    async with shard_process(database, FakeClock(now), 0) as s:
        made = 0

        async def stop_in_the_middle(tx: Transaction, game: Game) -> None:
            if made == moves - 1:
                told.put(("in flight", game.version))
                await asyncio.sleep(3600)  # killed here

        s.games.move_hooks.append(stop_in_the_middle)
        while True:
            game = await click(s, game_id, rng)
            made += 1
            told.put(("committed", game.version))


def kill(pid: int) -> None:
    """SIGKILL: no cleanup, no rollback by the process itself."""
    os.kill(pid, signal.SIGKILL)
