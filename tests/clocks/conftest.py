"""Fixtures: a real bot on a temporary database, its one clock under the test's control and its
scheduler loop stopped (tests run the scheduler with ``run_due`` when they choose)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import cast

import pytest

from bot.app import CardBot
from cogs.clocks import Clocks
from tests.bot.driver import running
from tests.clocks.clock import FakeClock
from tests.harness import Harness


def take_over(h: Harness, clock: FakeClock) -> Clocks:
    """Give the attached bot the test's clock and stop its loop; return the scheduler cog."""
    bot = h.bot
    assert isinstance(bot, CardBot)
    bot.services.games.clock = clock
    cog = scheduler(h)
    cog.tick.cancel()
    return cog


def scheduler(h: Harness) -> Clocks:
    """The attached bot's scheduler cog. (Each bot loads its extensions afresh, so the class
    differs from the one imported here: no isinstance check.)"""
    cog = h.bot.get_cog("Clocks")
    assert cog is not None
    return cast(Clocks, cog)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
async def h(database: str, clock: FakeClock) -> AsyncIterator[Harness]:
    async with running(database) as harness:
        take_over(harness, clock)
        yield harness
