"""Fixtures for the bot tests: a real bot on a temporary database, driven offline."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.bot.driver import running
from tests.harness import Harness


@pytest.fixture
async def h(database: str) -> AsyncIterator[Harness]:
    async with running(database) as harness:
        yield harness
