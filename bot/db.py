"""``python -m bot.db copy --from URL --to URL``: move the bot's data between databases.

Typically once, with the bot stopped, from the SQLite file to a PostgreSQL server::

    python -m bot.db copy --from sqlite:///data/vidrasso.sqlite3 --to postgresql://u:p@host/db

(PostgreSQL to SQLite works the same way.) Both databases are first brought to the newest
migration, so they have the same tables. Every row is written in one transaction on the target
as an upsert on its key: the target ends with the source's rows, and copying twice changes
nothing. Then both sides are counted, table by table, and every game's state is checksummed; both
are printed, and any difference is an error (exit status 1).
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.services import open_storage
from bot.storage import Storage
from bot.storage.postgres import PostgresStorage
from bot.storage.sql import SqlTransaction

TABLES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("games", ("id",)),
    ("game_seats", ("game_id", "seat")),
    ("game_tables", ("channel_id", "kind", "members")),
    ("challenges", ("id",)),
    ("challenge_seats", ("challenge_id", "seat")),
    ("challenge_tables", ("channel_id", "kind", "members")),
    ("game_clocks", ("game_id",)),
    ("game_events", ("id",)),
    ("ladder_players", ("guild_id", "kind", "user_id")),
    ("ladder_stats", ("guild_id", "kind", "user_id", "key")),
    ("ladder_entries", ("id",)),
    ("ladder_pairs", ("guild_id", "kind", "user_id", "opponent_id")),
    ("computer_records", ("guild_id", "kind", "user_id", "level")),
    ("display_names", ("guild_id", "user_id")),
    ("guild_settings", ("guild_id",)),
    ("game_channels", ("guild_id", "channel_id")),
    ("notify_prefs", ("user_id",)),
    ("learners", ("user_id",)),
    ("learner_tips", ("user_id", "tip")),
    ("learn_games", ("game_id",)),
    ("events", ("id",)),
    ("event_players", ("event_id", "user_id")),
    ("event_tables", ("event_id", "round", "number")),
    ("event_log", ("id",)),
    ("event_settings", ("guild_id",)),
    ("seasons", ("id",)),
    ("game_reviews", ("game_id",)),
    ("game_hints", ("game_id", "user_id")),
)
"""Every table of the bot's data with its key, in an order that keeps foreign keys whole."""
IDENTITIES = (
    "games",
    "challenges",
    "ladder_entries",
    "game_events",
    "events",
    "event_log",
    "seasons",
)
"""Tables whose ``id`` a database numbers: on PostgreSQL, numbering continues after the copy."""
BATCH = 1_000


def upsert(table: str, columns: Sequence[str], key: Sequence[str]) -> str:
    """One row in, or the row with its key made equal to it."""
    names = ", ".join(columns)
    marks = ", ".join("?" for _ in columns)
    rest = [c for c in columns if c not in key]
    action = (
        "DO UPDATE SET " + ", ".join(f"{c} = excluded.{c}" for c in rest) if rest else "DO NOTHING"
    )
    return f"INSERT INTO {table} ({names}) VALUES ({marks}) ON CONFLICT ({', '.join(key)}) {action}"


@dataclass(frozen=True)
class Summary:
    """What a database holds, as the copy compares it."""

    counts: dict[str, int]
    states: str
    """A checksum of every game's id, version and state, in id order."""


async def summary(storage: Storage) -> Summary:
    counts = {}
    for table, _ in TABLES:
        (row,) = await _execute(storage, f"SELECT COUNT(*) FROM {table}")
        counts[table] = int(row[0])
    digest = hashlib.sha256()
    for row in await _execute(storage, "SELECT id, version, state FROM games ORDER BY id"):
        digest.update(f"{row[0]}:{row[1]}:{row[2]}\n".encode())
    return Summary(counts, digest.hexdigest())


async def _execute(storage: Storage, sql: str) -> list[Any]:
    execute = getattr(storage, "execute", None)
    assert execute is not None, "both storages run statements for tools"
    rows: list[Any] = await execute(sql)
    return rows


async def copy(source: Storage, target: Storage) -> None:
    """Every row of ``source`` into ``target``, in one transaction."""
    async with target.transaction() as tx:
        assert isinstance(tx, SqlTransaction)
        for table, key in TABLES:
            rows = await _execute(source, f"SELECT * FROM {table}")
            if not rows:
                continue
            columns = list(rows[0].keys())
            sql = upsert(table, columns, key)
            for start in range(0, len(rows), BATCH):
                batch = rows[start : start + BATCH]
                await tx.db.execute_many(sql, [tuple(r[c] for c in columns) for r in batch])
    if isinstance(target, PostgresStorage):
        for table in IDENTITIES:
            await target.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'),"
                f" COALESCE((SELECT MAX(id) FROM {table}), 0) + 1, false)"
            )


def report(source: Summary, target: Summary) -> list[str]:
    """The comparison, one line per table, and the state checksums."""
    lines = [f"{'table':<18} {'from':>9} {'to':>9}"]
    for table, _ in TABLES:
        mark = "" if source.counts[table] == target.counts[table] else "   DIFFERENT"
        lines.append(f"{table:<18} {source.counts[table]:>9} {target.counts[table]:>9}{mark}")
    lines.append(f"games' states, sha256: from {source.states}")
    lines.append(f"                       to   {target.states}")
    return lines


async def run_copy(source_url: str, target_url: str) -> int:
    source = await open_storage(source_url)
    try:
        target = await open_storage(target_url)
        try:
            await copy(source, target)
            before, after = await summary(source), await summary(target)
        finally:
            await target.close()
    finally:
        await source.close()
    print("\n".join(report(before, after)))
    if before != after:
        print("the copy differs from its source (the target held other rows?)", file=sys.stderr)
        return 1
    print("copied: the same rows in every table and the same state of every game")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.db", description=__doc__.split("\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    copying = commands.add_parser("copy", help="copy every row from one database to another")
    copying.add_argument("--from", dest="source", required=True, help="sqlite:///… or a path")
    copying.add_argument("--to", dest="target", required=True, help="postgresql://… or sqlite")
    args = parser.parse_args(argv)
    if args.source == args.target:
        parser.error("--from and --to name the same database")
    return asyncio.run(run_copy(args.source, args.target))


if __name__ == "__main__":
    sys.exit(main())
