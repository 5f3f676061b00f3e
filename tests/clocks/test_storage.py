"""The clocks in SQLite: migration 0006 carries every clock over exactly (and learns whom each
waits for), 0003 gives games already running a fresh day, and the store's writes are guarded."""

from __future__ import annotations

import random
import sqlite3
import time
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bot.clocks.model import DAY, HOUR, MoveClock
from bot.clocks.policy import start_clock
from bot.games import rules_for
from bot.play.model import Seat
from bot.services import load_state, open_storage
from bot.shards import EVERY
from bot.storage import Storage
from bot.storage.sqlite import SqliteStorage, migrations
from games.vidrasso.rules import Phase
from tests.old_states import v1_text

VIDRASSO = rules_for("vidrasso")
GUILD, CHANNEL = 1, 10
ALICE, BOB, BOT = 101, 202, 999
NOW = 1_700_000_000.0
INSERT_OLD_GAME = """
INSERT INTO games (id, guild_id, channel_id, player0_id, player1_id, computer_level, target,
                   status, result, winner_seat, version, state, created_at, updated_at,
                   finished_at)
VALUES (?, ?, ?, ?, ?, ?, 300, ?, ?, ?, ?, ?, ?, ?, ?)
"""
INSERT_OLD_CLOCK = """
INSERT INTO game_clocks (game_id, time_per_move, turn_started_at, deadline_at, reminders_0,
                         reminders_1, next_check_at)
VALUES (?, ?, ?, ?, ?, ?, ?)
"""


def states(seed: int) -> dict[str, Any]:
    """A Vidrasso game's states at each kind of wait, and one over (resigned)."""
    rng = random.Random(seed)
    state = VIDRASSO.new_game(rng, 300, 2)
    found: dict[str, Any] = {"trump": state}
    while VIDRASSO.to_act(state) != (0, 1):
        state, _ = VIDRASSO.apply(state, VIDRASSO.legal_actions(state, state.to_act[0])[0])
        found.setdefault("second trump", state)
    found["both gifts"] = state
    state, _ = VIDRASSO.apply(state, VIDRASSO.legal_actions(state, 1)[0])
    found["one gift"] = state
    state, _ = VIDRASSO.apply(state, VIDRASSO.legal_actions(state, 0)[0])
    found["lead"] = state
    state, _ = VIDRASSO.apply(state, VIDRASSO.legal_actions(state, state.to_act[0])[0])
    found["follow"] = state
    while state.phase is Phase.PLAY:
        state, _ = VIDRASSO.apply(state, VIDRASSO.legal_actions(state, state.to_act[0])[0])
    found["next round"] = VIDRASSO.settle(state, rng)[0]
    found["over"] = VIDRASSO.apply(found["follow"], VIDRASSO.resign(found["follow"], 0))[0]
    return found


def old_database(path: Path, version: int, rows: list[tuple[Any, ...]]) -> None:
    """A database written by the code of migration ``version`` holding these old game rows."""
    conn = sqlite3.connect(path)
    for number, _, sql in migrations():
        if number <= version:
            conn.executescript(sql)
    conn.executemany(INSERT_OLD_GAME, rows)
    conn.execute(f"PRAGMA user_version = {version}")
    conn.commit()
    conn.close()


def old_game(game_id: int, state: Any, *, computer: bool = False) -> tuple[Any, ...]:
    outcome = VIDRASSO.outcome(state)
    over = outcome is not None
    return (
        game_id,
        GUILD,
        CHANNEL + game_id,
        ALICE,
        BOT if computer else BOB,
        "easy" if computer else None,
        "finished" if over else "active",
        outcome.ending if outcome else None,
        outcome.winner if outcome else None,
        VIDRASSO.version(state),
        v1_text(state),
        NOW - DAY,
        NOW,
        NOW if over else None,
    )


@pytest.fixture
async def storage(database: str) -> AsyncIterator[Storage]:
    opened = await open_storage(database)
    yield opened
    await opened.close()


async def test_migration_0006_carries_every_clock_over(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    found = states(5)
    names = list(found)
    old_database(
        path, 3, [old_game(i, found[n], computer=i % 2 == 0) for i, n in enumerate(names, 1)]
    )
    conn = sqlite3.connect(path)
    conn.executemany(  # the old clocks' every column, with distinct values to be carried
        INSERT_OLD_CLOCK,
        [
            (
                i,
                HOUR * i,
                NOW + i,
                None if n == "over" else NOW + i + HOUR * i,
                i % 3,
                (i + 1) % 3,
                None if n == "over" else NOW + i + 0.5 * HOUR * i,
            )
            for i, n in enumerate(names, 1)
        ],
    )
    conn.commit()
    conn.close()

    storage = await SqliteStorage.open(path, load_state)
    try:
        async with storage.read() as tx:
            clocks = {n: await tx.clocks.get_clock(i) for i, n in enumerate(names, 1)}
    finally:
        await storage.close()
    for i, name in enumerate(names, 1):
        over = name == "over"
        assert clocks[name] == MoveClock(
            time_per_move=HOUR * i,
            turn_started_at=NOW + i,
            deadline_at=None if over else NOW + i + HOUR * i,
            waiting=() if over else VIDRASSO.to_act(found[name]),
            reminders=(i % 3, (i + 1) % 3),
            next_check_at=None if over else NOW + i + 0.5 * HOUR * i,
        ), name
    assert clocks["both gifts"] is not None and clocks["both gifts"].waiting == (0, 1)


async def test_games_running_before_clocks_get_a_fresh_day(tmp_path: Path) -> None:
    path = tmp_path / "older.sqlite3"
    found = states(2)
    old_database(path, 2, [old_game(1, found["both gifts"]), old_game(2, found["over"])])
    before = time.time()
    storage = await SqliteStorage.open(path, load_state)
    try:
        async with storage.read() as tx:
            clock = await tx.clocks.get_clock(1)
            assert await tx.clocks.get_clock(2) is None  # a finished game needs none
    finally:
        await storage.close()
    assert clock is not None and clock.time_per_move == DAY
    assert before - 5 <= clock.turn_started_at <= time.time() + 5
    assert clock.deadline_at == pytest.approx(clock.turn_started_at + DAY)
    assert clock.waiting == (0, 1) and clock.reminders == (0, 0)


async def new_game(storage: SqliteStorage, *seats: Seat) -> int:
    state = VIDRASSO.new_game(random.Random(1), 300, 2)
    async with storage.transaction() as tx:
        return await tx.play.insert_game(
            kind="vidrasso",
            guild_id=GUILD,
            channel_id=CHANNEL,
            seats=seats or (Seat(ALICE), Seat(BOB)),
            target=300,
            version=VIDRASSO.version(state),
            state=VIDRASSO.dumps(state),
            now=NOW,
        )


async def test_a_clock_is_adopted_once(storage: SqliteStorage) -> None:
    game_id = await new_game(storage)
    first = start_clock(DAY, NOW, (1,), 2)
    async with storage.transaction() as tx:
        assert [g.id for g in await tx.clocks.unclocked_games(EVERY)] == [game_id]
        assert await tx.clocks.adopt_clock(game_id, first)
        assert not await tx.clocks.adopt_clock(game_id, start_clock(HOUR, NOW + 1, (0,), 2))
        assert await tx.clocks.unclocked_games(EVERY) == []
        assert await tx.clocks.get_clock(game_id) == first


async def test_checks_are_saved_only_on_the_state_they_were_planned_for(
    storage: SqliteStorage,
) -> None:
    game_id = await new_game(storage)
    clock = start_clock(DAY, NOW, (1,), 2)
    async with storage.transaction() as tx:
        await tx.clocks.put_clock(game_id, clock)
        game = await tx.play.get_game(game_id)
        assert game is not None
        assert not await tx.clocks.save_checks(game_id, game.version + 1, clock, (0, 1), NOW)
        for stale in (replace(clock, turn_started_at=NOW - 1), replace(clock, reminders=(0, 1))):
            assert not await tx.clocks.save_checks(game_id, game.version, stale, (0, 2), NOW)
        assert await tx.clocks.get_clock(game_id) == clock
        assert await tx.clocks.save_checks(game_id, game.version, clock, (0, 1), NOW + 5)
        saved = await tx.clocks.get_clock(game_id)
        assert saved is not None and (saved.reminders, saved.next_check_at) == ((0, 1), NOW + 5)
        await tx.clocks.stop_clock(game_id)
        assert not await tx.clocks.save_checks(game_id, game.version, saved, (0, 2), NOW + 6)


async def test_a_computer_seat_is_not_the_bots_game(storage: SqliteStorage) -> None:
    game_id = await new_game(storage, Seat(ALICE), Seat(BOT, "easy"))
    async with storage.transaction() as tx:
        await tx.clocks.put_clock(game_id, start_clock(DAY, NOW, (1,), 2))
        assert [g.id for g, _ in await tx.clocks.inbox(GUILD, ALICE)] == [game_id]
        assert await tx.clocks.inbox(GUILD, BOT) == []
        await tx.clocks.check_games_of(BOT, NOW)
        unchanged = await tx.clocks.get_clock(game_id)
        assert unchanged is not None and unchanged.next_check_at == NOW + DAY / 2
        await tx.clocks.check_games_of(ALICE, NOW)
        woken = await tx.clocks.get_clock(game_id)
        assert woken is not None and woken.next_check_at == NOW


async def test_events_in_order(storage: SqliteStorage) -> None:
    game_id = await new_game(storage)
    async with storage.transaction() as tx:
        await tx.clocks.record_event(game_id, "timeout", BOB, NOW)
        await tx.clocks.record_event(game_id, "aborted", ALICE, NOW + 1, "stuck")
    async with storage.read() as tx:
        events = await tx.clocks.events_of(game_id)
    assert [(e.kind, e.user_id, e.at, e.detail) for e in events] == [
        ("timeout", BOB, NOW, None),
        ("aborted", ALICE, NOW + 1, "stuck"),
    ]
