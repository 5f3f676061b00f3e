"""How the SQL stores run their statements on PostgreSQL: one pooled asyncpg connection per
transaction or read.

The stores' SQL is written once with ``?`` placeholders; here each ``?`` becomes ``$1``, ``$2``…
(once per statement text; asyncpg then keeps the prepared statement per connection). Named locks
are PostgreSQL's advisory locks on a 64-bit hash of the name, held until the transaction ends.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from functools import lru_cache

import asyncpg

from bot.storage.sql.statements import POSTGRES, Args, Dialect, Row

HOLD = "SELECT pg_advisory_xact_lock($1)"
CLAIM = "SELECT pg_try_advisory_xact_lock($1)"


@lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """``sql`` with its ``?`` placeholders numbered (our statements hold no ``?`` in strings)."""
    parts = sql.split("?")
    out = [parts[0]]
    for number, part in enumerate(parts[1:], start=1):
        out.append(f"${number}{part}")
    return "".join(out)


def lock_key(name: str) -> int:
    """A lock's name as the signed 64-bit key that advisory locks take."""
    digest = hashlib.blake2b(name.encode("utf-8"), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)


def changed(status: str) -> int:
    """The number of rows a command changed, from its status (``UPDATE 1``, ``INSERT 0 1``)."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


def refuse_write() -> None:
    raise asyncpg.ReadOnlySQLTransactionError("writing through a read: use a transaction")


class PgStatements:
    """:class:`bot.storage.sql.statements.Statements` on one asyncpg connection; with
    ``writes=False`` (a read) every write is refused before it reaches the server."""

    __slots__ = ("conn", "writes")
    dialect: Dialect = POSTGRES

    def __init__(self, conn: asyncpg.Connection, *, writes: bool = True) -> None:
        self.conn = conn
        self.writes = writes

    async def execute(self, sql: str, args: Args = ()) -> int:
        if not self.writes:
            refuse_write()
        return changed(await self.conn.execute(numbered(sql), *args))

    async def insert(self, sql: str, args: Args) -> int:
        if not self.writes:
            refuse_write()
        return int(await self.conn.fetchval(numbered(sql), *args))

    async def execute_many(self, sql: str, rows: Iterable[Args]) -> None:
        if not self.writes:
            refuse_write()
        await self.conn.executemany(numbered(sql), list(rows))

    async def fetch_one(self, sql: str, args: Args = ()) -> Row | None:
        row: Row | None = await self.conn.fetchrow(numbered(sql), *args)
        return row

    async def fetch_all(self, sql: str, args: Args = ()) -> list[Row]:
        return list(await self.conn.fetch(numbered(sql), *args))

    async def hold(self, key: str) -> None:
        await self.conn.execute(HOLD, lock_key(key))

    async def claim(self, key: str) -> bool:
        if not self.writes:
            refuse_write()
        return bool(await self.conn.fetchval(CLAIM, lock_key(key)))
