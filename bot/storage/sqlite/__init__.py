"""The SQLite implementation of the storage interface (the default database)."""

from bot.storage.sqlite.database import SqliteStorage, migrations

__all__ = ["SqliteStorage", "migrations"]
