"""The servers of some shards, in SQL (see :mod:`bot.shards`).

Discord's formula is registered on the connection as ``shard_of(guild_id, count)`` — the very
:func:`bot.shards.shard_of`, so the rule is written once — and :func:`owned` is the condition a
query adds to keep only the rows of the servers a :class:`~bot.shards.Shards` owns, with
:func:`shard_args` as its two parameters. Filtering in the query, not after it, matters where
a query has a ``LIMIT``: another process's servers never fill this process's batch.
"""

from __future__ import annotations

import json
import sqlite3

from bot.shards import Shards, shard_of


def install(conn: sqlite3.Connection) -> None:
    """Make ``shard_of(guild_id, count)`` callable in this connection's SQL."""
    conn.create_function("shard_of", 2, shard_of, deterministic=True)


def owned(guild_column: str) -> str:
    """The condition "this row's server belongs to one of the shards"; takes
    :func:`shard_args`."""
    return f"shard_of({guild_column}, ?) IN (SELECT value FROM json_each(?))"


def shard_args(shards: Shards) -> tuple[int, str]:
    """The parameters of :func:`owned`: the shard count, and the shard ids as a JSON list."""
    return shards.count, json.dumps(sorted(shards.ids))
