"""The feature stores in SQL, shared by both databases (:mod:`bot.storage.sqlite`,
:mod:`bot.storage.postgres`).

A store runs its statements through a :class:`~bot.storage.sql.statements.Statements` (written
with ``?`` placeholders; the PostgreSQL one numbers them) and knows its database only through
the few named differences of a :class:`~bot.storage.sql.statements.Dialect`.
"""

from bot.storage.sql.transaction import SqlTransaction

__all__ = ["SqlTransaction"]
