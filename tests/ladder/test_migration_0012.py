"""Migration 0012 (finishing orders) carries a database written before it over whole, on SQLite
and on PostgreSQL: every game, seat, rating, statistic, history entry and record reads back as it
was, each history entry gets its place (a win first, a loss second, an abandoned game none) and
every head-to-head record no draws.

The old database is written as the code before migration 0012 wrote it: its schema is the
migrations up to 0011, its rows a rated Vidrasso game played to its end, an abandoned one and a
game against the computer, with the ladder rows their finish hook wrote.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import asyncpg

from bot.ladder import PairRecord
from bot.ladder.rating import Rating
from bot.services import load_state
from bot.storage import Storage
from bot.storage.postgres import PostgresStorage
from bot.storage.postgres import migrations as postgres_migrations
from bot.storage.sqlite import SqliteStorage, migrations
from tests.ladder.finish import VIDRASSO, play
from tests.postgres import Server

GUILD, CHANNEL = 1, 10
ALICE, BOB, BOT = 101, 202, 999
AT = 1_700_000_000.0
WON, LOST = Rating(27.6, 7.2), Rating(22.4, 7.2)


def old_rows() -> dict[str, tuple[tuple[str, ...], list[tuple[Any, ...]]]]:
    """Every table's rows as the code before 0012 wrote them: (columns, rows)."""
    _, final = play(3)
    outcome = VIDRASSO.outcome(final)
    assert outcome is not None and outcome.winner is not None
    winner = outcome.winner
    loser = 1 - winner
    players = (ALICE, BOB)
    _, midway = play(4, moves=30)
    state, stopped = VIDRASSO.dumps(final), VIDRASSO.dumps(midway)
    game = (
        "id",
        "kind",
        "guild_id",
        "channel_id",
        "thread_id",
        "table_message_id",
        "table_posted_at",
        "seats",
        "computers",
        "target",
        "status",
        "result",
        "winner",
        "version",
        "state",
        "created_at",
        "updated_at",
        "finished_at",
        "table_version",
    )
    entry = (
        "id",
        "game_id",
        "kind",
        "guild_id",
        "user_id",
        "seat",
        "team",
        "opponent_id",
        "computer_level",
        "outcome",
        "result",
        "rated",
        "points",
        "opponent_points",
        "rounds",
        "mu",
        "sigma",
        "finished_at",
    )
    points = VIDRASSO.points(final)
    rounds = VIDRASSO.rounds(final)
    return {
        "games": (
            game,
            [
                (
                    1,
                    "vidrasso",
                    GUILD,
                    CHANNEL,
                    11,
                    12,
                    AT,
                    f"[[{ALICE}, null], [{BOB}, null]]",
                    0,
                    300,
                    "finished",
                    "finished",
                    winner,
                    VIDRASSO.version(final),
                    state,
                    AT,
                    AT + 60,
                    AT + 60,
                    VIDRASSO.version(final),
                ),
                (
                    2,
                    "vidrasso",
                    GUILD,
                    CHANNEL,
                    None,
                    None,
                    None,
                    f"[[{ALICE}, null], [{BOB}, null]]",
                    0,
                    300,
                    "finished",
                    "abandoned",
                    None,
                    VIDRASSO.version(midway),
                    stopped,
                    AT,
                    AT + 70,
                    AT + 70,
                    None,
                ),
                (
                    3,
                    "vidrasso",
                    GUILD,
                    CHANNEL,
                    None,
                    None,
                    None,
                    f'[[{ALICE}, null], [{BOT}, "hard"]]',
                    1,
                    300,
                    "finished",
                    "finished",
                    winner,
                    VIDRASSO.version(final),
                    state,
                    AT,
                    AT + 80,
                    AT + 80,
                    None,
                ),
            ],
        ),
        "game_seats": (
            ("game_id", "seat", "user_id", "computer_level"),
            [
                (1, 0, ALICE, None),
                (1, 1, BOB, None),
                (2, 0, ALICE, None),
                (2, 1, BOB, None),
                (3, 0, ALICE, None),
                (3, 1, BOT, "hard"),
            ],
        ),
        "ladder_players": (
            (
                "guild_id",
                "kind",
                "user_id",
                "mu",
                "sigma",
                "rating",
                "games",
                "wins",
                "losses",
                "streak",
                "best_streak",
                "rounds",
                "updated_at",
            ),
            [
                (
                    GUILD,
                    "vidrasso",
                    players[winner],
                    WON.mu,
                    WON.sigma,
                    WON.shown,
                    1,
                    1,
                    0,
                    1,
                    1,
                    rounds,
                    AT + 60,
                ),
                (
                    GUILD,
                    "vidrasso",
                    players[loser],
                    LOST.mu,
                    LOST.sigma,
                    LOST.shown,
                    1,
                    0,
                    1,
                    -1,
                    0,
                    rounds,
                    AT + 60,
                ),
            ],
        ),
        "ladder_stats": (
            ("guild_id", "kind", "user_id", "key", "value"),
            [
                (GUILD, "vidrasso", ALICE, "rounds_won", 3),
                (GUILD, "vidrasso", BOB, "rounds_won", 2),
                (GUILD, "vidrasso", ALICE, "best_round", 95),
            ],
        ),
        "ladder_entries": (
            entry,
            [
                (
                    1,
                    1,
                    "vidrasso",
                    GUILD,
                    players[winner],
                    winner,
                    winner,
                    players[loser],
                    None,
                    "win",
                    "finished",
                    1,
                    points[winner],
                    points[loser],
                    rounds,
                    WON.mu,
                    WON.sigma,
                    AT + 60,
                ),
                (
                    2,
                    1,
                    "vidrasso",
                    GUILD,
                    players[loser],
                    loser,
                    loser,
                    players[winner],
                    None,
                    "loss",
                    "finished",
                    1,
                    points[loser],
                    points[winner],
                    rounds,
                    LOST.mu,
                    LOST.sigma,
                    AT + 60,
                ),
                (
                    3,
                    2,
                    "vidrasso",
                    GUILD,
                    ALICE,
                    0,
                    0,
                    BOB,
                    None,
                    "none",
                    "abandoned",
                    0,
                    0,
                    0,
                    0,
                    None,
                    None,
                    AT + 70,
                ),
                (
                    4,
                    2,
                    "vidrasso",
                    GUILD,
                    BOB,
                    1,
                    1,
                    ALICE,
                    None,
                    "none",
                    "abandoned",
                    0,
                    0,
                    0,
                    0,
                    None,
                    None,
                    AT + 70,
                ),
                (
                    5,
                    3,
                    "vidrasso",
                    GUILD,
                    ALICE,
                    0,
                    0,
                    BOT,
                    "hard",
                    "win" if winner == 0 else "loss",
                    "finished",
                    0,
                    points[0],
                    points[1],
                    rounds,
                    None,
                    None,
                    AT + 80,
                ),
            ],
        ),
        "ladder_pairs": (
            ("guild_id", "kind", "user_id", "opponent_id", "wins", "losses"),
            [
                (GUILD, "vidrasso", players[winner], players[loser], 1, 0),
                (GUILD, "vidrasso", players[loser], players[winner], 0, 1),
            ],
        ),
        "computer_records": (
            ("guild_id", "kind", "user_id", "level", "wins", "losses"),
            [(GUILD, "vidrasso", ALICE, "hard", int(winner == 0), int(winner != 0))],
        ),
        "display_names": (
            ("guild_id", "user_id", "name", "seen_at"),
            [(GUILD, ALICE, "alice", AT), (GUILD, BOB, "bob", AT)],
        ),
    }


def inserts(placeholder: Any) -> list[tuple[str, list[tuple[Any, ...]]]]:
    """The INSERT statements and rows, with ``placeholder(i)`` the i-th parameter's mark."""
    found = []
    for table, (columns, rows) in old_rows().items():
        marks = ", ".join(placeholder(i) for i in range(1, len(columns) + 1))
        found.append((f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows))
    return found


def snapshot_query(table: str) -> str:
    columns = old_rows()[table][0]
    return f"SELECT {', '.join(columns)} FROM {table} ORDER BY {', '.join(columns[:4])}"


async def check_read_back(storage: Storage) -> None:
    """What the stores read after the migration."""
    rows = old_rows()
    winner = rows["games"][1][0][12]
    players = (ALICE, BOB)
    async with storage.read() as tx:
        game = await tx.play.get_game(1)
        assert game is not None and game.outcome is not None
        assert game.outcome.places == ((winner,), (1 - winner,))
        assert game.winner == winner
        abandoned = await tx.play.get_game(2)
        assert abandoned is not None and abandoned.result == "abandoned"
        histories = {u: await tx.ladder.recent_games(GUILD, "vidrasso", u, 10) for u in players}
        places = {(e.game_id, e.user_id): e.place for h in histories.values() for e in h}
        assert places == {
            (1, players[winner]): 1,
            (1, players[1 - winner]): 2,
            (2, ALICE): None,
            (2, BOB): None,
            (3, ALICE): 1 if winner == 0 else 2,
        }
        pair = await tx.ladder.pair_record(GUILD, "vidrasso", players[winner], players[1 - winner])
        assert pair == PairRecord(1, 0, 0)
        standing = await tx.ladder.standing(GUILD, "vidrasso", players[winner])
        assert standing is not None and standing.totals.rating == WON
        alices = {"rounds_won": 3, "best_round": 95}
        assert standing.totals.stats == (alices if winner == 0 else {"rounds_won": 2})


async def test_sqlite_keeps_everything(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path)
    for number, _, sql in migrations():
        if number <= 11:
            conn.executescript(sql)
    conn.execute("PRAGMA user_version = 11")
    for statement, rows in inserts(lambda i: "?"):
        conn.executemany(statement, rows)
    conn.commit()
    before = {t: conn.execute(snapshot_query(t)).fetchall() for t in old_rows()}
    conn.close()

    storage = await SqliteStorage.open(path, load_state)
    await storage.close()

    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] >= 12
        after = {t: conn.execute(snapshot_query(t)).fetchall() for t in old_rows()}
        assert after == before
        assert conn.execute("SELECT DISTINCT draws FROM ladder_pairs").fetchall() == [(0,)]
    finally:
        conn.close()
    storage = await SqliteStorage.open(path, load_state)
    try:
        await check_read_back(storage)
    finally:
        await storage.close()


async def test_postgresql_keeps_everything(postgres: Server) -> None:
    name = "migrate_0012"
    admin = await asyncpg.connect(postgres.url())
    try:
        await admin.execute(f"DROP DATABASE IF EXISTS {name}")
        await admin.execute(f"CREATE DATABASE {name}")
    finally:
        await admin.close()
    conn = await asyncpg.connect(postgres.url(name))
    try:
        await conn.execute(
            "CREATE TABLE schema_migrations ("
            " number INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at DOUBLE PRECISION NOT NULL)"
        )
        for number, title, sql in postgres_migrations():
            if number <= 11:
                await conn.execute(sql)
                await conn.execute(
                    "INSERT INTO schema_migrations VALUES ($1, $2, $3)", number, title, AT
                )
        for statement, rows in inserts(lambda i: f"${i}"):
            await conn.executemany(statement, rows)
        before = {t: _tuples(await conn.fetch(snapshot_query(t))) for t in old_rows()}
    finally:
        await conn.close()

    storage = await PostgresStorage.open(postgres.url(name), load_state, pool_size=1)
    try:
        conn = await asyncpg.connect(postgres.url(name))
        try:
            after = {t: _tuples(await conn.fetch(snapshot_query(t))) for t in old_rows()}
            draws = await conn.fetch("SELECT DISTINCT draws FROM ladder_pairs")
            newest = await conn.fetchval("SELECT MAX(number) FROM schema_migrations")
        finally:
            await conn.close()
        assert after == before
        assert [r["draws"] for r in draws] == [0]
        assert newest >= 12
        await check_read_back(storage)
    finally:
        await storage.close()


def _tuples(records: Sequence[asyncpg.Record]) -> list[tuple[Any, ...]]:
    return [tuple(r) for r in records]
