"""One "process" of a rollout's overlap: the scheduler's duties over a shared database (a SQLite
file or PostgreSQL), run in a process of its own (``multiprocessing``, spawned) beside another
doing the same."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Any

from tests.clocks.clock import FakeClock, services


@dataclass
class Fired:
    """What one process did."""

    expired: list[int] = field(default_factory=list)
    """Challenges it closed as expired."""
    timed_out: list[int] = field(default_factory=list)
    """Games it ended on time."""
    reminded: list[int] = field(default_factory=list)
    """Games whose reminder it recorded (and would send)."""


def sweep(database: str, now: float, together: Any, results: Any) -> None:
    """Both processes read what is due, wait for each other, then both act on it: the race
    of two schedulers that each think the deadlines are theirs. Puts a :class:`Fired`."""
    results.put(asyncio.run(_sweep(database, now, together)))


async def _sweep(database: str, now: float, together: Any) -> Fired:
    fired = Fired()
    async with services(database, FakeClock(now)) as s:
        together.wait()
        dues = await s.clocks.due(now)
        together.wait()  # the other process has read the same dues
        fired.expired = [c.id for c in await s.games.expire_challenges()]
        for due in dues:
            if due.plan.expire:
                if await s.games.time_out(due.game.id, due.game.version) is not None:
                    fired.timed_out.append(due.game.id)
            elif due.plan.remind and await s.clocks.settle(due):
                fired.reminded.append(due.game.id)
    return fired
