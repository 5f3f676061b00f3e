"""The PostgreSQL implementation of the storage interface (asyncpg; for bots that outgrow one
process). Chosen by a ``postgresql://`` URL in ``BOT_DB``."""

from bot.storage.postgres.database import PostgresStorage, migrations

__all__ = ["PostgresStorage", "migrations"]
