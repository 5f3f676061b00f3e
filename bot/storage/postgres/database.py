"""The PostgreSQL database: a pool of asyncpg connections, numbered migrations, and the same
stores as SQLite (:mod:`bot.storage.sql`).

Each transaction takes a connection from the pool and runs at PostgreSQL's default isolation,
READ COMMITTED, which is what the stores' guards are written for: a guarded single-statement
write (``UPDATE games … WHERE version = ?``, ``UPDATE challenges … WHERE status = 'open'``) that
meets a concurrent one waits for it and re-checks its condition, so exactly one of two wins and
the other sees no row changed (a :class:`~bot.storage.VersionConflict`, or a refusal). Ratings
are read and written under a named lock per player (``LadderStore.hold_players``). Reads are
single statements on a pooled connection, with no transaction of their own (as on SQLite: no
BEGIN and COMMIT round trips on every click); writing through one is refused.

Parsed states are cached by :class:`GameRows` as on SQLite: a cached state is used only when the
row read has the same version and text, so another process's write is never hidden by it.
"""

from __future__ import annotations

import logging
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from bot.storage import StateCodec, VersionConflict
from bot.storage.postgres.statements import PgStatements, lock_key, numbered
from bot.storage.sql import SqlTransaction
from bot.storage.sql.games import GameRows
from bot.storage.sql.migrations import numbered as numbered_migrations

log = logging.getLogger(__name__)

CONFLICTS = (asyncpg.SerializationError, asyncpg.DeadlockDetectedError)
"""What PostgreSQL raises when two transactions cannot both stand: one is told to try again."""
MIGRATING = "vidrasso:migrations"
"""The lock two processes starting at once take, so one migrates and the other waits."""


async def keep_session(conn: asyncpg.Connection) -> None:
    """How a connection goes back to the pool: as it is, without asyncpg's default reset query
    (``pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL``), a round trip on every
    release, two per click. Nothing here leaves session state behind (every lock is a
    transaction's, no cursor outlives its transaction, nothing listens or sets a setting), and
    asyncpg still rolls back a transaction left open before this is called."""


def migrations() -> list[tuple[int, str, str]]:
    """The numbered migrations shipped in ``migrations/``: (number, name, sql)."""
    return numbered_migrations("bot.storage.postgres")


class PostgresStorage:
    """A PostgreSQL database through a pool of connections."""

    def __init__(self, pool: asyncpg.Pool, codec: StateCodec) -> None:
        self.pool = pool
        self.codec = codec
        self.games = GameRows(codec)

    @classmethod
    async def open(cls, url: str, codec: StateCodec, *, pool_size: int) -> PostgresStorage:
        """Connect (at most ``pool_size`` connections at once), and bring the schema up to date."""
        pool = await asyncpg.create_pool(url, min_size=1, max_size=pool_size, reset=keep_session)
        try:
            async with pool.acquire() as conn:
                await migrate(conn)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, codec)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqlTransaction]:
        """A write transaction on a pooled connection: committed when the block ends, rolled
        back on any error."""
        try:
            async with self.pool.acquire() as conn, conn.transaction():
                yield SqlTransaction(PgStatements(conn), self.games)
        except CONFLICTS as error:
            raise VersionConflict(str(error)) from error

    @asynccontextmanager
    async def read(self) -> AsyncIterator[SqlTransaction]:
        """Read access on a pooled connection (no transaction; writing through it is refused)."""
        async with self.pool.acquire() as conn:
            yield SqlTransaction(PgStatements(conn, writes=False), self.games)

    async def execute(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        """Run one statement outside the stores (tests and tools); every row it returns."""
        async with self.pool.acquire() as conn:
            return list(await conn.fetch(numbered(sql), *args))

    async def close(self) -> None:
        await self.pool.close()


async def migrate(conn: asyncpg.Connection) -> None:
    """Apply every migration newer than the last recorded one, all in one transaction, under a
    lock so that two processes starting together migrate once."""
    async with conn.transaction():
        await conn.execute("SELECT pg_advisory_xact_lock($1)", lock_key(MIGRATING))
        await conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " number INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at DOUBLE PRECISION NOT NULL)"
        )
        current = await conn.fetchval("SELECT COALESCE(MAX(number), 0) FROM schema_migrations")
        for number, name, sql in migrations():
            if number <= current:
                continue
            log.info("applying migration %s", name)
            await conn.execute(sql)
            await conn.execute(
                "INSERT INTO schema_migrations (number, name, applied_at) VALUES ($1, $2, $3)",
                number,
                name,
                time.time(),
            )
