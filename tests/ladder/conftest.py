"""Fixtures: an in-memory database, and toy games of other shapes registered for a test."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

from bot.games import register, unregister
from bot.services import open_storage
from bot.storage import Storage
from tests.ladder.toy import Toy

PAIRS = Toy("pairs", ((0, 2), (1, 3)))
"""Two teams of two, partners sitting opposite."""
TRIO = Toy("trio", ((0,), (1,), (2,)))
"""Three players, each on their own."""


@pytest.fixture
async def storage(database: str) -> AsyncIterator[Storage]:
    opened = await open_storage(database)
    yield opened
    await opened.close()


@pytest.fixture
def toys() -> Iterator[None]:
    """:data:`PAIRS` and :data:`TRIO` are registered games for the test."""
    for toy in (PAIRS, TRIO):
        register(toy)  # type: ignore[arg-type]
    yield
    for toy in (PAIRS, TRIO):
        unregister(toy.kind)
