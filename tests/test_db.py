"""``python -m bot.db copy``: every row over, idempotent, verified, and both ways."""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
from pathlib import Path

import pytest

from bot.db import TABLES, main, run_copy, summary
from bot.play.model import Invite, Seat
from bot.play.service import GameService
from bot.services import is_postgres, open_storage, sqlite_path
from bot.settings.model import GuildSettings
from tests.ladder.finish import VIDRASSO, play, store_finished

ALICE, BOB, CAROL = 101, 202, 303
GUILD = 1


async def fill(url: str) -> None:
    """Finished games on the ladder, a game in progress with its clock, an open challenge."""
    storage = await open_storage(url)
    try:
        for seed, pair in enumerate([(ALICE, BOB), (BOB, CAROL), (CAROL, ALICE)]):
            start, final = play(seed)
            seats = [Seat(p) for p in pair]
            await store_finished(storage, VIDRASSO, GUILD, seats, start, final, channel_id=seed)
        service = GameService(storage, rng=random.Random(3))
        made = await service.challenge(
            kind="vidrasso", guild_id=GUILD, channel_id=50, challenger_id=ALICE,
            seats=[Invite(BOB)],
        )  # fmt: skip
        await service.accept(made.id, BOB)
        await service.challenge(
            kind="vidrasso", guild_id=GUILD, channel_id=51, challenger_id=ALICE,
            seats=[Invite(CAROL)],
        )  # fmt: skip
        async with storage.transaction() as tx:
            await tx.ladder.remember_name(GUILD, ALICE, "Alice", 1.0)
            await tx.settings.put_guild_settings(GuildSettings(GUILD, 3600.0), ALICE, 1.0)
    finally:
        await storage.close()


async def test_a_copy_is_verified_and_copying_again_changes_nothing(
    database: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = f"sqlite:///{tmp_path / 'source.sqlite3'}"
    await fill(source)
    assert await run_copy(source, database) == 0
    first = capsys.readouterr().out
    assert "games" in first and "copied" in first
    assert await run_copy(source, database) == 0
    assert capsys.readouterr().out == first  # the same counts and checksums: nothing changed

    copied = await open_storage(database)
    try:
        facts = await summary(copied)
        assert facts.counts["games"] == 4 and facts.counts["challenges"] == 2
        assert facts.counts["ladder_entries"] == 6 and facts.counts["game_tables"] == 1
        # The copy goes on where the source left off: new rows get new ids.
        service = GameService(copied, rng=random.Random(4))
        made = await service.challenge(
            kind="vidrasso", guild_id=GUILD, channel_id=52, challenger_id=BOB,
            seats=[Invite(CAROL)],
        )  # fmt: skip
        assert made.id == 3
    finally:
        await copied.close()

    back = f"sqlite:///{tmp_path / 'back.sqlite3'}"  # and back again
    assert await run_copy(database, back) == 0
    assert "copied" in capsys.readouterr().out


async def test_a_target_holding_other_rows_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source, target = (f"sqlite:///{tmp_path / name}" for name in ("a.sqlite3", "b.sqlite3"))
    await fill(source)
    await fill(target)
    start, final = play(9)
    storage = await open_storage(target)
    await store_finished(storage, VIDRASSO, GUILD + 1, [Seat(7), Seat(8)], start, final)
    await storage.close()
    assert await run_copy(source, target) == 1
    out = capsys.readouterr().out
    assert "DIFFERENT" in out and len(out.splitlines()) == len(TABLES) + 3


def test_the_command_line(tmp_path: Path) -> None:
    source, target = (f"sqlite:///{tmp_path / name}" for name in ("a.sqlite3", "b.sqlite3"))
    asyncio.run(fill(source))
    done = subprocess.run(
        [sys.executable, "-m", "bot.db", "copy", "--from", source, "--to", target],
        capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "games" in done.stdout and "copied" in done.stdout
    assert main(["copy", "--from", source, "--to", target]) == 0


def test_a_database_setting_names_a_file_or_a_server() -> None:
    assert sqlite_path("sqlite:///data/v.sqlite3") == "data/v.sqlite3"  # relative
    assert sqlite_path("sqlite:////srv/v.sqlite3") == "/srv/v.sqlite3"  # absolute
    assert sqlite_path("data/v.sqlite3") == "data/v.sqlite3"  # a plain path, as before
    assert is_postgres("postgresql://bot:secret@db/vidrasso") and is_postgres("postgres://db/v")
    assert not is_postgres("data/postgresql.sqlite3")


async def test_the_copy_knows_every_table_the_migrations_make(database: str) -> None:
    """A table added by a migration but missing from TABLES would be left behind by a copy
    that still reports the same rows in every table it knows."""
    storage = await open_storage(database)
    await storage.close()
    if is_postgres(database):
        import asyncpg

        conn = await asyncpg.connect(database)
        try:
            rows = await conn.fetch(
                "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'"
            )
        finally:
            await conn.close()
        made = {r["table_name"] for r in rows} - {"schema_migrations"}
    else:
        import sqlite3

        with sqlite3.connect(sqlite_path(database)) as conn:
            rows = conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall()
        made = {name for (name,) in rows if not name.startswith("sqlite_")}
    assert {table for table, _ in TABLES} == made
