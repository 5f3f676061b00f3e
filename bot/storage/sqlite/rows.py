"""How the SQL stores run their statements on SQLite (:class:`Statements`), in two ways.

- :class:`OnLoop`: the stdlib ``sqlite3`` write connection, on the event loop. Its coroutines
  never suspend (a statement is tens of microseconds with WAL), so a transaction runs as one
  unit: no other coroutine runs between its ``BEGIN IMMEDIATE`` and its ``COMMIT``, and no
  interaction queues behind another's round trips to a worker thread.
- :class:`OffLoop`: the read-only **aiosqlite** connection, in aiosqlite's worker thread, for
  the heavy ladder reads (leaderboard, statistics, history), which keep the loop free meanwhile.

Rows are ``sqlite3.Row`` either way (aiosqlite's ``Row`` is the same class). Named locks
(:meth:`hold`, :meth:`claim`) cost nothing here: ``BEGIN IMMEDIATE`` already makes the one
writer the only one.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Iterable

import aiosqlite

from bot.storage.sql.statements import SQLITE, Args, Dialect, Row


def refuse_write() -> None:
    """A write through a read (the read connection, or the write one outside a transaction)."""
    raise sqlite3.OperationalError("writing through a read: use a transaction")


class OnLoop:
    """Statements on the stdlib connection, run at once (these coroutines never suspend).

    With a ``gate`` (the storage's transaction lock) it is a reader: a statement that finds a
    transaction open on the connection — only possible if a transaction's own code awaited
    real I/O — first waits for it to end, so reads never see uncommitted writes.
    """

    __slots__ = ("conn", "gate")
    dialect: Dialect = SQLITE

    def __init__(self, conn: sqlite3.Connection, gate: asyncio.Lock | None = None) -> None:
        self.conn = conn
        self.gate = gate

    async def _wait_for_writer(self) -> None:
        while self.gate is not None and self.conn.in_transaction:
            async with self.gate:
                pass

    async def execute(self, sql: str, args: Args = ()) -> int:
        if self.gate is not None:
            refuse_write()
        return self.conn.execute(sql, args).rowcount

    async def insert(self, sql: str, args: Args) -> int:
        if self.gate is not None:
            refuse_write()
        (row_id,) = self.conn.execute(sql, args).fetchone()
        return int(row_id)

    async def execute_many(self, sql: str, rows: Iterable[Args]) -> None:
        if self.gate is not None:
            refuse_write()
        self.conn.executemany(sql, rows)

    async def fetch_one(self, sql: str, args: Args = ()) -> Row | None:
        if self.gate is not None and self.conn.in_transaction:
            await self._wait_for_writer()
        row: Row | None = self.conn.execute(sql, args).fetchone()
        return row

    async def fetch_all(self, sql: str, args: Args = ()) -> list[Row]:
        if self.gate is not None and self.conn.in_transaction:
            await self._wait_for_writer()
        return self.conn.execute(sql, args).fetchall()

    async def hold(self, key: str) -> None:
        pass

    async def claim(self, key: str) -> bool:
        if self.gate is not None:
            refuse_write()
        return True


class OffLoop:
    """Queries on the read-only aiosqlite connection: one round trip to its thread each."""

    __slots__ = ("conn",)
    dialect: Dialect = SQLITE

    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def execute(self, sql: str, args: Args = ()) -> int:
        refuse_write()
        return 0

    async def insert(self, sql: str, args: Args) -> int:
        refuse_write()
        return 0

    async def execute_many(self, sql: str, rows: Iterable[Args]) -> None:
        refuse_write()

    async def fetch_one(self, sql: str, args: Args = ()) -> Row | None:
        rows = await self.conn.execute_fetchall(sql, args)
        return next(iter(rows), None)

    async def fetch_all(self, sql: str, args: Args = ()) -> list[Row]:
        return list(await self.conn.execute_fetchall(sql, args))

    async def hold(self, key: str) -> None:
        pass

    async def claim(self, key: str) -> bool:
        refuse_write()
        return False
