"""The SQLite database: WAL, foreign keys, numbered migrations, and two connections.

- **Writes and game reads** use one stdlib ``sqlite3`` connection *on the event loop*. The store
  methods stay ``async def`` but never suspend (see :class:`OnLoop`), so a transaction —
  ``BEGIN IMMEDIATE``, a few statements of tens of microseconds each, ``COMMIT`` — runs as one
  unit: interactions do not queue behind each other's round trips to a worker thread. The lock
  that orders transactions is therefore never contended in practice (it still orders one whose
  own code awaited real I/O, should any ever do so).
- **Heavy ladder reads** (leaderboard, statistics, history) run on a second, read-only
  connection through **aiosqlite**, in its worker thread, so they keep the loop free. WAL lets
  them read committed data while a write is under way. (An in-memory database has one
  connection only: there they run on the first.)
- **Checkpoints** (copying the write-ahead log back into the database file, with an fsync) run
  on the read connection's thread every :data:`CHECKPOINT_EVERY` commits
  (:meth:`SqliteStorage.checkpoint`), rather than inside a ``COMMIT`` on the loop, where
  SQLite would run them by itself (at 1,000 pages of log): a pause of several milliseconds
  for every interaction in flight.

Parsed game states are cached by :class:`GameRows` (shared by every store, so a state written by
one action is what the next one reads).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import aiosqlite

from bot.storage import StateCodec
from bot.storage.sql import SqlTransaction
from bot.storage.sql.games import GameRows
from bot.storage.sql.migrations import numbered
from bot.storage.sqlite.rows import OffLoop, OnLoop

log = logging.getLogger(__name__)

BUSY_TIMEOUT_MS = 5_000
"""How long a statement waits for another process's write lock before failing."""
CHECKPOINT_EVERY = 256
"""Commits between two checkpoints of the log, off the loop (about what SQLite's own 1,000
pages hold of the bot's transactions)."""
MEMORY = ":memory:"


def migrations() -> list[tuple[int, str, str]]:
    """The numbered migrations shipped in ``migrations/``: (number, name, sql)."""
    return numbered("bot.storage.sqlite")


class SqliteStorage:
    """The bot's SQLite file: a write connection on the loop, a read connection off it."""

    def __init__(
        self,
        conn: sqlite3.Connection,
        codec: StateCodec,
        reader: aiosqlite.Connection | None = None,
    ) -> None:
        self.conn = conn
        self.reader = reader
        self.codec = codec
        self.games = GameRows(codec)
        self._lock = asyncio.Lock()
        self._writing = SqlTransaction(OnLoop(conn), self.games)
        ladder_reads = OnLoop(conn, self._lock) if reader is None else OffLoop(reader)
        self._reading = SqlTransaction(OnLoop(conn, self._lock), self.games, ladder_reads)
        self._commits = 0
        self._checkpoint: asyncio.Task[None] | None = None
        self.checkpoints = 0
        """Checkpoints run off the loop so far."""
        if reader is not None:  # a file: its log is checkpointed off the loop
            conn.execute("PRAGMA wal_autocheckpoint = 0")

    @classmethod
    async def open(cls, path: str | Path, codec: StateCodec) -> SqliteStorage:
        """Open (creating if needed) the database and bring its schema up to date."""
        memory = str(path) == MEMORY
        if not memory:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(str(path), isolation_level=None)
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA synchronous = NORMAL")
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        migrate(conn)
        conn.execute("PRAGMA foreign_keys = ON")
        return cls(conn, codec, None if memory else await _open_reader(path))

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqlTransaction]:
        """A write transaction: committed when the block ends, rolled back on any error.

        The lock is free unless a transaction's own code awaited real I/O or a checkpoint
        runs (:meth:`checkpoint`), so taking it seldom suspends; nothing the stores do does.
        """
        async with self._lock:
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self._writing
                self.conn.execute("COMMIT")
            except BaseException:
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                raise
        self._commits += 1
        due = self._commits >= CHECKPOINT_EVERY and self._checkpoint is None
        if due and self.reader is not None:  # a file (an in-memory database has no log)
            self._commits = 0
            self._checkpoint = asyncio.create_task(self.checkpoint(), name="sqlite-checkpoint")
            self._checkpoint.add_done_callback(self._checkpointed)

    async def checkpoint(self) -> None:
        """Copy the write-ahead log into the database file now, on the read connection's
        thread, in two passes. The first copies the bulk (and waits for the disk, some
        milliseconds) while the loop goes on, its writes too. The second, with the loop's
        transactions waiting (a fraction of a millisecond), copies what they wrote meanwhile:
        caught up with the whole log, the next write starts it again from its beginning (with
        writes always going on into it, it would only ever grow)."""
        if self.reader is None:
            return
        await self.reader.execute_fetchall("PRAGMA wal_checkpoint(PASSIVE)")
        async with self._lock:
            await self.reader.execute_fetchall("PRAGMA wal_checkpoint(PASSIVE)")
        self.checkpoints += 1

    def _checkpointed(self, task: asyncio.Task[None]) -> None:
        self._checkpoint = None
        if not task.cancelled() and task.exception() is not None:
            log.warning("checkpointing the database failed: %r", task.exception())

    @asynccontextmanager
    async def read(self) -> AsyncIterator[SqlTransaction]:
        """Read access (no transaction of its own; writing through it is an error)."""
        yield self._reading

    async def execute(self, sql: str, args: tuple[Any, ...] = ()) -> list[Any]:
        """Run one statement outside the stores (tests and tools); every row it returns."""
        async with self._lock:
            return self.conn.execute(sql, args).fetchall()

    async def close(self) -> None:
        if self._checkpoint is not None:
            await asyncio.wait([self._checkpoint])
        if self.reader is not None:
            await self.reader.close()
        self.conn.close()  # the last connection: SQLite checkpoints the rest of the log


async def _open_reader(path: str | Path) -> aiosqlite.Connection:
    """The read-only connection for the ladder's reads, in aiosqlite's thread."""
    reader = await aiosqlite.connect(str(path), isolation_level=None)
    reader.row_factory = sqlite3.Row
    await reader.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
    await reader.execute("PRAGMA query_only = ON")
    return reader


def migrate(conn: sqlite3.Connection) -> None:
    """Apply every migration newer than ``PRAGMA user_version``, each in a transaction.

    Foreign keys are off while migrating (SQLite's documented way to rebuild a table) and
    checked before each migration commits. Runs before anything else uses the connection.
    """
    conn.execute("PRAGMA foreign_keys = OFF")
    row = conn.execute("PRAGMA user_version").fetchone()
    current = int(row[0]) if row else 0
    for number, name, sql in migrations():
        if number <= current:
            continue
        log.info("applying migration %s", name)
        conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in _statements(sql):
                conn.execute(statement)
            broken = conn.execute("PRAGMA foreign_key_check").fetchall()
            if broken:
                raise RuntimeError(f"migration {name} broke foreign keys: {broken[:5]}")
            conn.execute(f"PRAGMA user_version = {number}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise


def _statements(sql: str) -> list[str]:
    """Split a migration into statements (our migrations hold no semicolons in strings)."""
    lines = [line for line in sql.splitlines() if not line.strip().startswith("--")]
    return [s.strip() for s in "\n".join(lines).split(";") if s.strip()]
