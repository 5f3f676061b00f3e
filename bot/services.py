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
from bot.config import DB_POOL, Config
from bot.events.seasons import SeasonService
from bot.events.service import EventService, record_table
from bot.games import rules_for
from bot.ladder.service import LadderService, record_result
from bot.learn.service import LearnService, finish_learning
from bot.play.computer import ComputerPlayer
from bot.play.service import GameService
from bot.review.service import ReviewService
from bot.settings.service import SettingsService
from bot.storage import StateCodec, Storage
from bot.storage.postgres import PostgresStorage
from bot.storage.sqlite import SqliteStorage

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
SQLITE_SCHEME = "sqlite:///"


def load_state(kind: str, text: str) -> Any:
    """The storage's codec: a stored state back in its game's own type."""
    return rules_for(kind).loads(text)


def is_postgres(database: str) -> bool:
    """Whether a database setting names a PostgreSQL server (else it is a SQLite file)."""
    return database.startswith(POSTGRES_SCHEMES)


def sqlite_path(database: str) -> str:
    """The SQLite file a setting names: a path, or ``sqlite:///`` and a path
    (``sqlite:///data/v.sqlite3`` is relative, ``sqlite:////srv/v.sqlite3`` absolute)."""
    return database.removeprefix(SQLITE_SCHEME)


async def open_storage(
    database: str, codec: StateCodec = load_state, *, pool_size: int = DB_POOL
) -> Storage:
    """The database a setting names (``BOT_DB``), opened and migrated; PostgreSQL with
    at most ``pool_size`` connections (``BOT_DB_POOL``)."""
    if is_postgres(database):
        return await PostgresStorage.open(database, codec, pool_size=pool_size)
    return await SqliteStorage.open(sqlite_path(database), codec)


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
    events: EventService
    seasons: SeasonService
    reviews: ReviewService

    @classmethod
    async def open(
        cls,
        config: Config,
        *,
        clock: Callable[[], float] = time.time,
        rng: random.Random | None = None,
    ) -> Services:
        storage = await open_storage(config.database, pool_size=config.db_pool)
        shards = config.shards
        games = GameService(storage, clock=clock, rng=rng, shards=shards)
        games.move_hooks.append(keep_clock)
        games.finish_hooks.append(record_result)
        games.finish_hooks.append(finish_learning)
        games.finish_hooks.append(record_table)
        settings = SettingsService(storage, clock=lambda: games.clock())
        computer = ComputerPlayer(games, config.ai_workers)
        return cls(
            storage=storage,
            games=games,
            ladder=LadderService(storage, clock=lambda: games.clock()),
            clocks=ClockService(storage, games, settings, shards),
            settings=settings,
            learn=LearnService(storage, games, clock=lambda: games.clock()),
            computer=computer,
            events=EventService(storage, games, clock=lambda: games.clock(), shards=shards),
            seasons=SeasonService(storage, clock=lambda: games.clock()),
            reviews=ReviewService(
                storage,
                games,
                lambda: computer.executor,
                config.ai_workers,
                clock=lambda: games.clock(),
            ),
        )

    async def close(self) -> None:
        self.computer.close()
        await self.storage.close()
