"""The SQLite database: one aiosqlite connection, WAL, foreign keys, numbered migrations.

All access goes through :meth:`Database.transaction` (writes) or :meth:`Database.read`; both
hold one lock, because a single connection shares one transaction between all coroutines.
SQLite answers in well under a millisecond here, so serialising costs nothing noticeable.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

log = logging.getLogger(__name__)


def migrations() -> list[tuple[int, str, str]]:
    """The numbered migrations shipped in ``bot/storage/migrations``: (number, name, sql)."""
    found: list[tuple[int, str, str]] = []
    for entry in resources.files("bot.storage").joinpath("migrations").iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:4].isdigit():
            found.append((int(name[:4]), name, entry.read_text(encoding="utf-8")))
    return sorted(found)


class Database:
    """One connection to the bot's SQLite file."""

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path) -> Database:
        """Open (creating if needed) the database and bring its schema up to date."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        conn.row_factory = aiosqlite.Row
        await conn.execute("PRAGMA journal_mode = WAL")
        await conn.execute("PRAGMA synchronous = NORMAL")
        await conn.execute("PRAGMA foreign_keys = ON")
        await conn.execute("PRAGMA busy_timeout = 5000")
        db = cls(conn)
        await db.migrate()
        return db

    async def migrate(self) -> None:
        """Apply every migration newer than ``PRAGMA user_version``, each in a transaction."""
        async with self._lock:
            cursor = await self.conn.execute("PRAGMA user_version")
            row = await cursor.fetchone()
            current = int(row[0]) if row else 0
            for number, name, sql in migrations():
                if number <= current:
                    continue
                log.info("applying migration %s", name)
                await self.conn.execute("BEGIN IMMEDIATE")
                try:
                    for statement in _statements(sql):
                        await self.conn.execute(statement)
                    await self.conn.execute(f"PRAGMA user_version = {number}")
                    await self.conn.execute("COMMIT")
                except BaseException:
                    await self.conn.execute("ROLLBACK")
                    raise

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """A write transaction: committed when the block ends, rolled back on any error."""
        async with self._lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            await self.conn.execute("COMMIT")

    @asynccontextmanager
    async def read(self) -> AsyncIterator[aiosqlite.Connection]:
        """Read access (no transaction of its own)."""
        async with self._lock:
            yield self.conn

    async def close(self) -> None:
        await self.conn.close()


def _statements(sql: str) -> list[str]:
    """Split a migration into statements (our migrations hold no semicolons in strings)."""
    lines = [line for line in sql.splitlines() if not line.strip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]


async def fetch_one(conn: aiosqlite.Connection, sql: str, args: tuple[Any, ...]) -> Any:
    """The first row of a query, or None."""
    cursor = await conn.execute(sql, args)
    return await cursor.fetchone()


async def fetch_all(conn: aiosqlite.Connection, sql: str, args: tuple[Any, ...]) -> list[Any]:
    """Every row of a query."""
    cursor = await conn.execute(sql, args)
    return list(await cursor.fetchall())
