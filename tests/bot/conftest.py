"""Fixtures for the bot tests: a real bot on a temporary database, driven offline."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.driver import running
from tests.harness import Harness


@pytest.fixture
async def h(tmp_path: Path) -> AsyncIterator[Harness]:
    async with running(tmp_path / "vidrasso.sqlite3") as harness:
        yield harness
