"""Fixtures for every suite: the database a test runs on, SQLite or PostgreSQL.

A test that takes :func:`database` runs once per backend. PostgreSQL is a throwaway server the
session starts (:mod:`tests.postgres`) with one database, migrated once and emptied before each
test; without the PostgreSQL binaries those runs are skipped, and the session says so in one
line at its end.

Every run is the same run: property tests draw fixed examples (the root ``conftest.py``) and
the harness bots deal from a fixed seed (:data:`tests.bot.driver.DEAL_SEED`), so ``main`` is
green or red for its code, not for its luck. ``make explore`` draws new examples and new deals
and prints the seed that reproduces them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import asyncpg
import pytest

from bot.services import load_state
from bot.storage.postgres import PostgresStorage
from tests.postgres import Server, find_binaries, version

BINARIES = find_binaries()
DATABASE = "vidrasso"
KEPT = ("schema_migrations",)
"""Tables a clean database keeps (the schema's own record)."""


def backend_line() -> str:
    if BINARIES is None:
        return "PostgreSQL: not found, SQLite only"
    return (
        f"PostgreSQL: {version(BINARIES)} in {BINARIES}: storage, service and harness tests "
        "run on SQLite and PostgreSQL"
    )


def pytest_report_header() -> str:
    return backend_line()


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    terminalreporter.write_line(backend_line())


@pytest.fixture(scope="session")
def postgres() -> Iterator[Server]:
    """A PostgreSQL server for the whole session."""
    if BINARIES is None:
        pytest.skip("PostgreSQL: not found")
    server = Server.start(BINARIES)
    try:
        yield server
    finally:
        server.stop()


_migrated: set[int] = set()


async def clean_postgres(server: Server) -> str:
    """The URL of the test database, migrated and emptied."""
    if server.port not in _migrated:
        conn = await asyncpg.connect(server.url())
        try:
            await conn.execute(f"CREATE DATABASE {DATABASE}")
        finally:
            await conn.close()
        storage = await PostgresStorage.open(server.url(DATABASE), load_state, pool_size=1)
        await storage.close()
        _migrated.add(server.port)
        return server.url(DATABASE)
    conn = await asyncpg.connect(server.url(DATABASE))
    try:
        tables = await conn.fetch(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
            " AND NOT (tablename = ANY($1::text[]))",
            list(KEPT),
        )
        names = ", ".join(r["tablename"] for r in tables)
        await conn.execute(f"TRUNCATE {names} RESTART IDENTITY CASCADE")
    finally:
        await conn.close()
    return server.url(DATABASE)


BACKENDS = [
    "sqlite",
    pytest.param(
        "postgresql",
        marks=pytest.mark.skipif(BINARIES is None, reason="PostgreSQL: not found"),
    ),
]


@pytest.fixture(params=BACKENDS)
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A clean database for the test, as ``BOT_DB`` would name it."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'vidrasso.sqlite3'}"
    return await clean_postgres(request.getfixturevalue("postgres"))
