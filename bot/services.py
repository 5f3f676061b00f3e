"""The composition root: the one place that builds the database, the services and their hooks.

The Discord bot (and the tests, and the benchmarks) get a :class:`Services` and nothing else:
no cog sees the database. Which database is chosen from the configuration here.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.clocks.service import ClockService, keep_clock
from bot.config import Config
from bot.games import rules_for
from bot.ladder.service import LadderService, record_result
from bot.learn.service import LearnService, finish_learning
from bot.play.computer import ComputerPlayer
from bot.play.service import GameService
from bot.settings.service import SettingsService
from bot.storage import Storage
from bot.storage.sqlite import SqliteStorage


def load_state(kind: str, text: str) -> Any:
    """The storage's codec: a stored state back in its game's own type."""
    return rules_for(kind).loads(text)


@dataclass
class Services:
    """Everything the bot's glue may call."""

    storage: Storage
    games: GameService
    ladder: LadderService
    clocks: ClockService
    settings: SettingsService
    learn: LearnService
    computer: ComputerPlayer

    @classmethod
    async def open(
        cls,
        config: Config,
        *,
        clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
    ) -> Services:
        storage = await SqliteStorage.open(config.database, load_state)
        shards = config.shards
        games = GameService(storage, clock=clock, rng=rng, shards=shards)
        games.move_hooks.append(keep_clock)
        games.finish_hooks.append(record_result)
        games.finish_hooks.append(finish_learning)
        settings = SettingsService(storage, clock=lambda: games.clock())
        return cls(
            storage=storage,
            games=games,
            ladder=LadderService(storage, clock=lambda: games.clock()),
            clocks=ClockService(storage, games, settings, shards),
            settings=settings,
            learn=LearnService(storage, games, clock=lambda: games.clock()),
            computer=ComputerPlayer(games, config.ai_workers),
        )

    async def close(self) -> None:
        self.computer.close()
        await self.storage.close()
