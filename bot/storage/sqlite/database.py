"""The SQLite database: one aiosqlite connection, WAL, foreign keys, numbered migrations.

All access goes through :meth:`SqliteStorage.transaction` (writes) or :meth:`SqliteStorage.read`;
both hold one lock, because a single connection shares one transaction between all coroutines.
Each hands out a :class:`SqliteTransaction`, whose feature stores all work on that connection.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage import StateCodec
from bot.storage.sqlite.clocks import SqliteClockStore
from bot.storage.sqlite.ladder import SqliteLadderStore
from bot.storage.sqlite.play import SqlitePlayStore
from bot.storage.sqlite.settings import SqliteSettingsStore

log = logging.getLogger(__name__)


def migrations() -> list[tuple[int, str, str]]:
    """The numbered migrations shipped in ``migrations/``: (number, name, sql)."""
    found: list[tuple[int, str, str]] = []
    for entry in resources.files("bot.storage.sqlite").joinpath("migrations").iterdir():
        name = entry.name
        if name.endswith(".sql") and name[:4].isdigit():
            found.append((int(name[:4]), name, entry.read_text(encoding="utf-8")))
    return sorted(found)


class SqliteTransaction:
    """Every feature's store over one connection inside one transaction."""

    def __init__(self, conn: aiosqlite.Connection, codec: StateCodec) -> None:
        self.conn = conn
        self.codec = codec

    @cached_property
    def play(self) -> SqlitePlayStore:
        return SqlitePlayStore(self.conn, self.codec)

    @cached_property
    def ladder(self) -> SqliteLadderStore:
        return SqliteLadderStore(self.conn)

    @cached_property
    def clocks(self) -> SqliteClockStore:
        return SqliteClockStore(self.conn, self.codec)

    @cached_property
    def settings(self) -> SqliteSettingsStore:
        return SqliteSettingsStore(self.conn)


class SqliteStorage:
    """One connection to the bot's SQLite file."""

    def __init__(self, conn: aiosqlite.Connection, codec: StateCodec) -> None:
        self.conn = conn
        self.codec = codec
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: str | Path, codec: StateCodec) -> SqliteStorage:
        """Open (creating if needed) the database and bring its schema up to date."""
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(str(path), isolation_level=None)
        conn.row_factory = aiosqlite.Row
        await conn.execute("PRAGMA journal_mode = WAL")
        await conn.execute("PRAGMA synchronous = NORMAL")
        await conn.execute("PRAGMA busy_timeout = 5000")
        db = cls(conn, codec)
        await db.migrate()
        await conn.execute("PRAGMA foreign_keys = ON")
        return db

    async def migrate(self) -> None:
        """Apply every migration newer than ``PRAGMA user_version``, each in a transaction.

        Foreign keys are off while migrating (SQLite's documented way to rebuild a table) and
        checked before each migration commits.
        """
        async with self._lock:
            await self.conn.execute("PRAGMA foreign_keys = OFF")
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
                    cursor = await self.conn.execute("PRAGMA foreign_key_check")
                    broken = list(await cursor.fetchall())
                    if broken:
                        raise RuntimeError(f"migration {name} broke foreign keys: {broken[:5]}")
                    await self.conn.execute(f"PRAGMA user_version = {number}")
                    await self.conn.execute("COMMIT")
                except BaseException:
                    await self.conn.execute("ROLLBACK")
                    raise

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqliteTransaction]:
        """A write transaction: committed when the block ends, rolled back on any error."""
        async with self._lock:
            await self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield SqliteTransaction(self.conn, self.codec)
            except BaseException:
                await self.conn.execute("ROLLBACK")
                raise
            await self.conn.execute("COMMIT")

    @asynccontextmanager
    async def read(self) -> AsyncIterator[SqliteTransaction]:
        """Read access (no transaction of its own)."""
        async with self._lock:
            yield SqliteTransaction(self.conn, self.codec)

    async def execute(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        """Run one statement outside the stores (tests and tools); every row it returns."""
        async with self._lock:
            cursor = await self.conn.execute(sql, args)
            return list(await cursor.fetchall())

    async def close(self) -> None:
        await self.conn.close()


def _statements(sql: str) -> list[str]:
    """Split a migration into statements (our migrations hold no semicolons in strings)."""
    lines = [line for line in sql.splitlines() if not line.strip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
