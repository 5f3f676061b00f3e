"""What every SQL store asks of a database connection, and the few ways the two databases differ.

Stores write their SQL once, with ``?`` placeholders and the syntax SQLite and PostgreSQL share
(``INSERT … ON CONFLICT``, ``RETURNING``, ``excluded.``). What cannot be shared is named here, in
a :class:`Dialect`, so each difference is one line, not a second copy of a store.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

Args = tuple[Any, ...]


class Row(Protocol):
    """A result row: by column name or position (``sqlite3.Row`` and ``asyncpg.Record`` both)."""

    def __getitem__(self, key: str | int, /) -> Any: ...


@dataclass(frozen=True, slots=True)
class Dialect:
    """The differences between the databases that the shared stores need."""

    name: str
    any_of: str
    """``column`` + this: the column is one of the values of one list parameter."""
    as_list: Callable[[Sequence[int]], object]
    """The list parameter that :attr:`any_of` expects."""


SQLITE = Dialect("sqlite", " IN (SELECT value FROM json_each(?))", lambda ids: json.dumps(ids))
POSTGRES = Dialect("postgresql", " = ANY(?::bigint[])", list)


class Statements(Protocol):
    """What a store asks of a connection (inside a transaction, or a read)."""

    @property
    def dialect(self) -> Dialect: ...

    async def execute(self, sql: str, args: Args = ()) -> int:
        """Run one statement; the number of rows it changed."""
        ...

    async def insert(self, sql: str, args: Args) -> int:
        """Run one ``INSERT … RETURNING id``; the new row's id."""
        ...

    async def execute_many(self, sql: str, rows: Iterable[Args]) -> None: ...

    async def fetch_one(self, sql: str, args: Args = ()) -> Row | None:
        """The first row of a query, or None."""
        ...

    async def fetch_all(self, sql: str, args: Args = ()) -> list[Row]:
        """Every row of a query."""
        ...

    async def hold(self, key: str) -> None:
        """Wait for, then hold until the transaction ends, the exclusive lock named ``key``
        (a no-op where the database has one writer at a time)."""
        ...

    async def claim(self, key: str) -> bool:
        """Take the exclusive lock named ``key`` for the rest of the transaction if it is
        free; False when another transaction holds it."""
        ...
