"""Migration 0005 carries a ladder written by the old code over exactly, and the new finish hook
adds up the same games to the same totals."""

from __future__ import annotations

import sqlite3
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.ladder import ComputerRecord, GameEntry, Standing, Totals
from bot.ladder.service import record_result
from bot.services import load_state
from bot.storage.sqlite import SqliteStorage, migrations

OLD_LADDER = Path(__file__).with_name("ladder_0003.sql")
"""The old code's ladder rows (see the file's header)."""
GUILD, OTHER_GUILD = 1, 2
ALICE, BOB, CAROL = 101, 202, 303
PLAYERS = ((GUILD, ALICE), (GUILD, BOB), (GUILD, CAROL), (OTHER_GUILD, ALICE), (OTHER_GUILD, BOB))
STAT_COLUMNS = ("rounds_won", "round_points", "best_round", "first_suit", "first_rank")


def old_database(path: Path) -> dict[str, list[sqlite3.Row]]:
    """A database at migration 0003 holding :data:`OLD_LADDER`; its ladder tables' rows."""
    conn = sqlite3.connect(path)
    conn.row_factory = sqlite3.Row
    for number, _, sql in migrations():
        if number <= 3:
            conn.executescript(sql)
    conn.executescript(OLD_LADDER.read_text(encoding="utf-8"))
    conn.execute("PRAGMA user_version = 3")
    conn.commit()
    tables = ("ladder_players", "ladder_trumps", "ladder_entries", "ladder_pairs")
    old = {t: conn.execute(f"SELECT * FROM {t}").fetchall() for t in tables}
    old["computer_records"] = conn.execute("SELECT * FROM computer_records").fetchall()
    conn.close()
    return old


@pytest.fixture
async def migrated(tmp_path: Path) -> AsyncIterator[tuple[SqliteStorage, dict[str, Any]]]:
    path = tmp_path / "old.sqlite3"
    old = old_database(path)
    storage = await SqliteStorage.open(path, load_state)
    yield storage, old
    await storage.close()


async def standings(storage: SqliteStorage) -> dict[tuple[int, int], Standing | None]:
    async with storage.read() as tx:
        return {(g, u): await tx.ladder.standing(g, "vidrasso", u) for g, u in PLAYERS}


async def histories(storage: SqliteStorage) -> dict[tuple[int, int], list[GameEntry]]:
    """Every player's history (without names: the new ladder has seen nobody)."""
    async with storage.read() as tx:
        return {
            (g, u): [
                replace(e, opponent_name=None)
                for e in await tx.ladder.recent_games(g, "vidrasso", u, 50)
            ]
            for g, u in PLAYERS
        }


def unnamed(standing: Standing | None) -> tuple[Totals, int] | None:
    return None if standing is None else (standing.totals, standing.rank)


async def test_the_old_ladder_reads_back_as_it_was(
    migrated: tuple[SqliteStorage, dict[str, Any]],
) -> None:
    storage, old = migrated
    now = await standings(storage)

    for row in old["ladder_players"]:
        standing = now[(row["guild_id"], row["user_id"])]
        assert standing is not None
        t = standing.totals
        assert (t.rating.mu, t.rating.sigma, t.rating.shown) == (
            row["mu"],
            row["sigma"],
            row["rating"],
        )
        counts = (t.games, t.wins, t.losses, t.streak, t.best_streak, t.rounds)
        assert counts == (
            row["games"],
            row["wins"],
            row["losses"],
            row["streak"],
            row["best_streak"],
            row["rounds"],
        )
        expected = {column: row[column] for column in STAT_COLUMNS}
        for trump in old["ladder_trumps"]:
            if (trump["guild_id"], trump["user_id"]) == (row["guild_id"], row["user_id"]):
                value = f"{trump['kind']}.{trump['value']}"
                expected[f"named.{value}"] = trump["named"]
                if trump["first"]:
                    expected[f"first.{value}"] = trump["first"]
        assert t.stats == expected

    entries = [e for found in (await histories(storage)).values() for e in found]
    assert len(entries) == len(old["ladder_entries"])
    for row in old["ladder_entries"]:
        (entry,) = [
            e for e in entries if (e.game_id, e.user_id) == (row["game_id"], row["user_id"])
        ]
        assert (entry.kind, entry.seat, entry.team, entry.opponent_id) == (
            "vidrasso",
            row["seat"],
            row["seat"],
            row["opponent_id"],
        )
        assert (entry.result.value, entry.ending, entry.rated, entry.rounds) == (
            row["outcome"],
            row["result"],
            bool(row["rated"]),
            row["rounds"],
        )
        assert (entry.points, entry.opponent_points, entry.computer_level) == (
            row["points"],
            row["opponent_points"],
            row["computer_level"],
        )
    async with storage.read() as tx:
        for row in old["ladder_pairs"]:
            args = (row["guild_id"], "vidrasso", row["user_id"], row["opponent_id"])
            record = await tx.ladder.pair_record(*args)
            assert record is not None and (record.wins, record.losses) == (
                row["wins"],
                row["losses"],
            )
        assert await tx.ladder.computer_records(GUILD, "vidrasso", ALICE) == [
            ComputerRecord("hard", 1, 0)
        ]
        assert await tx.ladder.name_of(GUILD, ALICE) == "Alice"


async def test_the_new_hook_adds_up_the_same_games_the_same_way(
    migrated: tuple[SqliteStorage, dict[str, Any]], storage: SqliteStorage
) -> None:
    """Record every old game again, in order, on a new ladder (``storage``, empty): the same
    standings, the same statistics, the same history."""
    old, _ = migrated
    fresh = storage
    async with old.read() as tx:
        games = [await tx.play.get_game(game_id) for game_id in range(1, 8)]
    for game in games:  # each started and finished in turn: a pair plays one game at a time
        assert game is not None
        async with fresh.transaction() as tx:
            game_id = await tx.play.insert_game(
                kind=game.kind,
                guild_id=game.guild_id,
                channel_id=game.channel_id,
                seats=game.seats,
                target=game.target,
                version=game.version,
                state=game.rules.dumps(game.state),
                now=game.created_at,
            )
            assert game_id == game.id
        async with fresh.transaction() as tx:
            await tx.play.save_state(
                game.id,
                expected_version=game.version,
                version=game.version,
                state=game.rules.dumps(game.state),
                status=game.status,
                result=game.result,
                winner=game.winner,
                now=game.finished_at or game.updated_at,
            )
            again = await tx.play.get_game(game.id)
            assert again is not None
            await record_result(tx, again)

    new_standings, old_standings = await standings(fresh), await standings(old)
    new_histories, old_histories = await histories(fresh), await histories(old)
    for player in PLAYERS:  # one player at a time: a failure's diff stays readable
        assert unnamed(new_standings[player]) == unnamed(old_standings[player]), player
        assert new_histories[player] == old_histories[player], player
