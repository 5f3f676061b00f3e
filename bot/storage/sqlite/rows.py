"""Small helpers every SQLite store uses to read rows."""

from __future__ import annotations

from typing import Any

import aiosqlite


async def fetch_one(conn: aiosqlite.Connection, sql: str, args: tuple[Any, ...]) -> Any:
    """The first row of a query, or None."""
    cursor = await conn.execute(sql, args)
    return await cursor.fetchone()


async def fetch_all(conn: aiosqlite.Connection, sql: str, args: tuple[Any, ...]) -> list[Any]:
    """Every row of a query."""
    cursor = await conn.execute(sql, args)
    return list(await cursor.fetchall())
