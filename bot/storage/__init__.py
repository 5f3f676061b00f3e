"""Storage: SQLite through aiosqlite, one connection, numbered migrations."""
