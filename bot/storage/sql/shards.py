"""The servers of some shards, in SQL (see :mod:`bot.shards`).

:func:`owned` is the condition a query adds to keep only the rows of the servers a
:class:`~bot.shards.Shards` owns: Discord's formula ``(guild_id >> 22) % shard_count`` (the SQL
spelling of :func:`bot.shards.shard_of`, the same integer arithmetic in both databases; a test
holds them to the same answers) compared with a list of shard ids, :func:`shard_args` being its
parameters. Filtering in the query, not after it, matters where a query has a ``LIMIT``:
another process's servers never fill this process's batch.

The list is the one part the databases spell differently (the dialect's ``any_of``), so a query
is written once with :func:`owned` and completed for its database by :func:`sharded`.
"""

from __future__ import annotations

from functools import cache

from bot.shards import Shards
from bot.storage.sql.statements import Dialect

SHARD_IDS = "/*shard ids*/"
"""Where :func:`sharded` puts the dialect's list test."""


def owned(guild_column: str) -> str:
    """The condition "this row's server belongs to one of the shards"; takes
    :func:`shard_args`."""
    return f"({guild_column} >> 22) % ?{SHARD_IDS}"


@cache
def sharded(sql: str, dialect: Dialect) -> str:
    """A query written with :func:`owned`, completed for one database."""
    return sql.replace(SHARD_IDS, dialect.any_of)


def shard_args(shards: Shards, dialect: Dialect) -> tuple[int, object]:
    """The parameters of :func:`owned`: the shard count, and the shard ids as the dialect's
    list."""
    return shards.count, dialect.as_list(sorted(shards.ids))
