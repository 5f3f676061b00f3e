"""Migration 0013 (open tables; one game at a time per game kind and set of members) carries a
database written before it over whole, on SQLite and on PostgreSQL: every challenge with its
seats and answers, every game with its seats and state reads back as it was; the invariants'
rows move from pairs of members to sets of one game kind; and what was open goes on — the
open challenge is accepted into a game, the game in progress is still one at a time.

The old database is written as the code before migration 0013 wrote it: its schema is the
migrations up to 0012, its rows an open challenge, a declined one, a game between two members
in progress, one against the computer in progress and a finished one, with the pair rows the
old store took for what was open.
"""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from bot.play.model import Invite
from bot.play.service import ChallengeRefused, GameService
from bot.services import load_state
from bot.storage import Storage
from bot.storage.postgres import PostgresStorage
from bot.storage.postgres import migrations as postgres_migrations
from bot.storage.sqlite import SqliteStorage, migrations
from tests.ladder.finish import VIDRASSO, play
from tests.postgres import Server

GUILD, CHANNEL = 1, 10
ANN, BEN, CAT, BOT = 101, 202, 303, 999
AT = 1_700_000_000.0
NEW = 12
"""The last migration the old code knew."""

GAME = (
    "id", "kind", "guild_id", "channel_id", "thread_id", "table_message_id", "table_posted_at",
    "seats", "computers", "target", "status", "result", "winner", "version", "state",
    "created_at", "updated_at", "finished_at", "table_version",
)  # fmt: skip
CHALLENGE = (
    "id", "kind", "guild_id", "channel_id", "message_id", "target", "status", "game_id",
    "created_at", "expires_at", "time_per_move",
)  # fmt: skip


def old_rows() -> dict[str, tuple[tuple[str, ...], list[tuple[Any, ...]]]]:
    """Every table's rows as the code before 0013 wrote them: (columns, rows)."""
    _, midway = play(4, moves=20)
    _, final = play(3)
    going, over = VIDRASSO.dumps(midway), VIDRASSO.dumps(final)
    version, last = VIDRASSO.version(midway), VIDRASSO.version(final)
    two = f"[[{ANN}, null], [{BEN}, null]]"
    computer = f'[[{CAT}, null], [{BOT}, "easy"]]'
    return {
        "games": (
            GAME,
            [
                (
                    1,
                    "vidrasso",
                    GUILD,
                    CHANNEL,
                    11,
                    12,
                    AT,
                    two,
                    0,
                    300,
                    "active",
                    None,
                    None,
                    version,
                    going,
                    AT,
                    AT + 5,
                    None,
                    version,
                ),
                (
                    2,
                    "vidrasso",
                    GUILD,
                    CHANNEL,
                    None,
                    None,
                    None,
                    computer,
                    1,
                    300,
                    "active",
                    None,
                    None,
                    version,
                    going,
                    AT,
                    AT + 6,
                    None,
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
                    two,
                    0,
                    300,
                    "finished",
                    "finished",
                    VIDRASSO.outcome(final).winner,
                    last,
                    over,  # type: ignore[union-attr]
                    AT,
                    AT + 7,
                    AT + 7,
                    None,
                ),
            ],
        ),
        "game_seats": (
            ("game_id", "seat", "user_id", "computer_level"),
            [
                (1, 0, ANN, None),
                (1, 1, BEN, None),
                (2, 0, CAT, None),
                (2, 1, BOT, "easy"),
                (3, 0, ANN, None),
                (3, 1, BEN, None),
            ],
        ),
        "challenges": (
            CHALLENGE,
            [
                (1, "vidrasso", GUILD, CHANNEL + 1, 50, 300, "open", None, AT, AT + 900, 3600.0),
                (2, "vidrasso", GUILD, CHANNEL, 51, 300, "declined", None, AT, AT + 900, None),
                (3, "vidrasso", GUILD, CHANNEL, 52, 300, "accepted", 3, AT, AT + 900, None),
            ],
        ),
        "challenge_seats": (
            ("challenge_id", "seat", "user_id", "computer_level", "accepted"),
            [
                (1, 0, ANN, None, 1),
                (1, 1, BEN, None, 0),
                (2, 0, BEN, None, 1),
                (2, 1, CAT, None, 0),
                (3, 0, ANN, None, 1),
                (3, 1, BEN, None, 1),
            ],
        ),
        "challenge_pairs": (
            ("channel_id", "user_low", "user_high", "challenge_id", "expires_at"),
            [(CHANNEL + 1, ANN, BEN, 1, AT + 900)],
        ),
        "game_pairs": (
            ("channel_id", "user_low", "user_high", "game_id"),
            [(CHANNEL, ANN, BEN, 1), (CHANNEL, CAT, BOT, 2)],
        ),
    }


KEPT = ("games", "game_seats", "challenges", "challenge_seats")
"""The tables whose rows must read back unchanged (the pairs' tables give way)."""


def inserts(placeholder: Any) -> list[tuple[str, list[tuple[Any, ...]]]]:
    found = []
    for table, (columns, rows) in old_rows().items():
        marks = ", ".join(placeholder(i) for i in range(1, len(columns) + 1))
        found.append((f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows))
    return found


def snapshot_query(table: str) -> str:
    columns = old_rows()[table][0]
    return f"SELECT {', '.join(columns)} FROM {table} ORDER BY {', '.join(columns[:2])}"


async def check_after(storage: Storage) -> None:
    """What the stores read after the migration, and that what was open goes on."""
    async with storage.read() as tx:
        open_one = await tx.play.get_challenge(1)
        assert open_one is not None and open_one.status == "open"
        assert open_one.seats == (Invite(ANN, accepted=True), Invite(BEN))
        assert not open_one.is_table and open_one.fill is None  # a challenge as it was
        assert open_one.waiting_for == (BEN,) and open_one.time_per_move == 3600.0
        declined = await tx.play.get_challenge(2)
        assert declined is not None and declined.status == "declined"
        assert declined.seats == (Invite(BEN, accepted=True), Invite(CAT))
        game = await tx.play.get_game(1)
        assert game is not None and game.is_active and game.player_ids == (ANN, BEN)
        assert VIDRASSO.dumps(game.state) == old_rows()["games"][1][0][14]
        against = await tx.play.get_game(2)
        assert against is not None and against.is_computer(1)
    service = GameService(storage, clock=lambda: AT + 10, rng=random.Random(1))
    # the games in progress still hold their members, now per game kind
    with pytest.raises(ChallengeRefused, match="in progress together"):
        await service.challenge(
            kind="vidrasso", guild_id=GUILD, channel_id=CHANNEL, challenger_id=BEN,
            seats=[Invite(ANN)],
        )  # fmt: skip
    with pytest.raises(ChallengeRefused, match="against me"):
        await service.start_computer_game(
            kind="vidrasso", guild_id=GUILD, channel_id=CHANNEL, player_id=CAT,
            computer_id=BOT, level="easy",
        )  # fmt: skip
    # the open challenge still holds its pair, and is accepted into a game
    with pytest.raises(ChallengeRefused, match="already an open challenge"):
        await service.challenge(
            kind="vidrasso", guild_id=GUILD, channel_id=CHANNEL + 1, challenger_id=BEN,
            seats=[Invite(ANN)],
        )  # fmt: skip
    accepted = await service.accept(1, BEN)
    assert accepted.game is not None and accepted.game.player_ids == (ANN, BEN)


async def test_sqlite_keeps_every_challenge_and_game(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    conn = sqlite3.connect(path)
    for number, _, sql in migrations():
        if number <= NEW:
            conn.executescript(sql)
    conn.execute(f"PRAGMA user_version = {NEW}")
    for statement, rows in inserts(lambda i: "?"):
        conn.executemany(statement, rows)
    conn.commit()
    before = {t: conn.execute(snapshot_query(t)).fetchall() for t in KEPT}
    conn.close()

    storage = await SqliteStorage.open(path, load_state)
    await storage.close()

    conn = sqlite3.connect(path)
    try:
        assert conn.execute("PRAGMA user_version").fetchone()[0] >= 13
        assert {t: conn.execute(snapshot_query(t)).fetchall() for t in KEPT} == before
        counts = "SELECT id, seat_count FROM challenges ORDER BY id"
        assert conn.execute(counts).fetchall() == [(1, 2), (2, 2), (3, 2)]
        tables = "SELECT channel_id, kind, members, game_id FROM game_tables ORDER BY game_id"
        assert conn.execute(tables).fetchall() == [
            (CHANNEL, "vidrasso", f"{ANN},{BEN}", 1),
            (CHANNEL, "vidrasso", f"{CAT}", 2),
        ]
    finally:
        conn.close()
    storage = await SqliteStorage.open(path, load_state)
    try:
        await check_after(storage)
    finally:
        await storage.close()


async def test_postgresql_keeps_every_challenge_and_game(postgres: Server) -> None:
    name = "migrate_0013"
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
            if number <= NEW:
                await conn.execute(sql)
                await conn.execute(
                    "INSERT INTO schema_migrations VALUES ($1, $2, $3)", number, title, AT
                )
        for statement, rows in inserts(lambda i: f"${i}"):
            await conn.executemany(statement, rows)
        for table in ("games", "challenges"):  # rows written with their ids: number on
            await conn.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), MAX(id)) FROM {table}"
            )
        before = {t: _tuples(await conn.fetch(snapshot_query(t))) for t in KEPT}
    finally:
        await conn.close()

    storage = await PostgresStorage.open(postgres.url(name), load_state, pool_size=1)
    try:
        conn = await asyncpg.connect(postgres.url(name))
        try:
            after = {t: _tuples(await conn.fetch(snapshot_query(t))) for t in KEPT}
            tables = await conn.fetch(
                "SELECT channel_id, kind, members, game_id FROM game_tables ORDER BY game_id"
            )
            challenges = await conn.fetch(
                "SELECT channel_id, kind, members, challenge_id FROM challenge_tables"
            )
        finally:
            await conn.close()
        assert after == before
        assert _tuples(tables) == [
            (CHANNEL, "vidrasso", f"{ANN},{BEN}", 1),
            (CHANNEL, "vidrasso", f"{CAT}", 2),
        ]
        assert _tuples(challenges) == [(CHANNEL + 1, "vidrasso", f"{ANN},{BEN}", 1)]
        await check_after(storage)
    finally:
        await storage.close()


def _tuples(records: Sequence[asyncpg.Record]) -> list[tuple[Any, ...]]:
    return [tuple(r) for r in records]
