"""Deadlines in the game service and the schedule service, without Discord."""

from __future__ import annotations

import random
import time
from pathlib import Path

import pytest

from bot.deadlines import DAY, HOUR, MINUTE, NotifyMode, NotifyPrefs, QuietHours
from bot.engine import Phase, new_game
from bot.schedule_service import ChannelNotAllowed, ScheduleService
from bot.service import NoSuchGame
from bot.storage import database, ladder
from bot.storage import games as games_store
from bot.storage import schedule as schedule_store
from bot.storage.database import Database
from tests.schedule.clock import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    GUILD,
    FakeClock,
    move,
    services,
    start,
)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(1_750_000_000.0)


async def time_per_move(schedule: ScheduleService, game_id: int) -> float:
    clock = await schedule.clock_of(game_id)
    assert clock is not None
    return clock.time_per_move


async def test_a_game_starts_with_the_challenges_time_per_move(
    tmp_path: Path, clock: FakeClock
) -> None:
    async with services(tmp_path / "db.sqlite3", clock) as (games, schedule):
        game_id = await start(games, time_per_move=HOUR)
        clock_ = await schedule.clock_of(game_id)
        assert clock_ is not None
        assert clock_.time_per_move == HOUR
        assert clock_.deadline_at == clock.now + HOUR
        assert clock_.reminders == (0, 0)
        # without a choice: the server's default, 24 hours unless its managers changed it
        other = await start(games, ALICE, CAROL)
        assert await time_per_move(schedule, other) == DAY
        await schedule.change_settings(GUILD, CAROL, time_per_move=3 * DAY)
        third = await start(games, BOB, CAROL)
        assert await time_per_move(schedule, third) == 3 * DAY


async def test_a_challenge_stays_open_as_long_as_a_move_may_take(
    tmp_path: Path, clock: FakeClock
) -> None:
    async with services(tmp_path / "db.sqlite3", clock) as (games, _):
        quick = await games.challenge(
            guild_id=GUILD,
            channel_id=CHANNEL,
            challenger_id=ALICE,
            opponent_id=BOB,
            opponent_is_bot=False,
            target=300,
            time_per_move=10 * MINUTE,
        )
        slow = await games.challenge(
            guild_id=GUILD,
            channel_id=CHANNEL + 1,
            challenger_id=ALICE,
            opponent_id=BOB,
            opponent_is_bot=False,
            target=300,
            time_per_move=3 * DAY,
        )
        assert quick.expires_at == clock.now + 15 * MINUTE and quick.time_per_move == 600
        assert slow.expires_at == clock.now + 3 * DAY


async def test_each_move_restarts_the_clock_in_its_own_transaction(
    tmp_path: Path, clock: FakeClock
) -> None:
    async with services(tmp_path / "db.sqlite3", clock) as (games, schedule):
        game_id = await start(games)
        clock.advance(10 * HOUR)
        moved = await move(games, game_id)
        after = await schedule.clock_of(game_id)
        assert after is not None
        assert after.turn_started_at == moved.game.updated_at == clock.now
        assert after.deadline_at == clock.now + DAY and after.reminders == (0, 0)


async def test_the_first_gift_does_not_give_the_other_more_time(
    tmp_path: Path, clock: FakeClock
) -> None:
    async with services(tmp_path / "db.sqlite3", clock) as (games, schedule):
        game_id = await start(games)
        while (await games.game(game_id)).state.phase is Phase.TRUMP:
            await move(games, game_id)
        gifts_began = clock.now
        clock.advance(5 * HOUR)
        await move(games, game_id, seat=1)
        kept = await schedule.clock_of(game_id)
        assert kept is not None and kept.deadline_at == gifts_began + DAY
        clock.advance(HOUR)
        await move(games, game_id, seat=0)
        fresh = await schedule.clock_of(game_id)
        assert fresh is not None and fresh.deadline_at == clock.now + DAY


async def test_a_passed_deadline_is_a_rated_loss_on_time(tmp_path: Path, clock: FakeClock) -> None:
    async with services(tmp_path / "db.sqlite3", clock) as (games, schedule):
        game_id = await start(games)
        waiting = (await games.game(game_id)).state.to_act[0]
        loser, winner = (ALICE, BOB) if waiting == 0 else (BOB, ALICE)
        clock.advance(DAY - 1)
        assert await games.time_out(game_id) is None  # not yet
        clock.advance(1)
        moved = await games.time_out(game_id)
        assert moved is not None
        game = moved.game
        assert game.status == "finished" and game.result == "timeout"
        assert game.winner_seat == 1 - waiting
        assert await games.time_out(game_id) is None  # only once
        (event,) = await schedule.events(game_id)
        assert (event.kind, event.user_id, event.at) == ("timeout", loser, clock.now)
        async with games.db.read() as conn:
            lost = await ladder.standing(conn, GUILD, loser)
            won = await ladder.standing(conn, GUILD, winner)
        assert lost is not None and (lost.totals.wins, lost.totals.losses) == (0, 1)
        assert won is not None and (won.totals.wins, won.totals.losses) == (1, 0)
        clock_ = await schedule.clock_of(game_id)
        assert clock_ is not None and clock_.deadline_at is None  # stopped
        assert await schedule.due(clock.now + 10 * DAY) == []


async def test_a_move_that_arrives_first_wins_the_race(tmp_path: Path, clock: FakeClock) -> None:
    async with services(tmp_path / "db.sqlite3", clock) as (games, schedule):
        game_id = await start(games)
        clock.advance(DAY + MINUTE)
        (due,) = await schedule.due(clock.now)
        assert due.plan.expire
        await move(games, game_id)  # the player moves just before the scheduler acts
        assert await games.time_out(game_id) is None
        assert (await games.game(game_id)).status == "active"


async def test_no_gift_from_either_player_abandons_the_game_unrated(
    tmp_path: Path, clock: FakeClock
) -> None:
    async with services(tmp_path / "db.sqlite3", clock) as (games, schedule):
        game_id = await start(games)
        while (await games.game(game_id)).state.phase is Phase.TRUMP:
            await move(games, game_id)
        clock.advance(DAY)
        moved = await games.time_out(game_id)
        assert moved is not None and moved.game.result == "abandoned"
        assert moved.game.winner_seat is None
        assert [e.kind for e in await schedule.events(game_id)] == ["timeout_both"]
        async with games.db.read() as conn:
            assert await ladder.standing(conn, GUILD, ALICE) is None
            entries = await ladder.recent_games(conn, GUILD, ALICE, 10)
        assert [(e.game_id, e.rated) for e in entries] == [(game_id, False)]


async def test_a_manager_aborts_a_game_unrated_and_on_record(
    tmp_path: Path, clock: FakeClock
) -> None:
    async with services(tmp_path / "db.sqlite3", clock) as (games, schedule):
        game_id = await start(games)
        with pytest.raises(NoSuchGame):
            await games.abort(game_id, guild_id=GUILD + 1, by_user_id=CAROL)
        moved = await games.abort(game_id, guild_id=GUILD, by_user_id=CAROL, reason="stuck")
        assert moved.game.result == "abandoned" and moved.game.winner_seat is None
        (event,) = await schedule.events(game_id)
        assert (event.kind, event.user_id, event.detail) == ("aborted", CAROL, "stuck")
        with pytest.raises(NoSuchGame, match="already over"):
            await games.abort(game_id, guild_id=GUILD, by_user_id=CAROL)
        async with games.db.read() as conn:
            assert await ladder.standing(conn, GUILD, ALICE) is None
            assert await ladder.standing(conn, GUILD, BOB) is None


async def test_a_restart_keeps_the_deadline(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "db.sqlite3"
    async with services(path, clock) as (games, _):
        game_id = await start(games)
    clock.advance(DAY + HOUR)
    async with services(path, clock) as (games, schedule):
        (due,) = await schedule.due(clock.now)
        assert due.game.id == game_id and due.plan.expire
        moved = await games.time_out(game_id)
        assert moved is not None and moved.game.result == "timeout"


async def test_a_game_without_a_clock_gets_one(tmp_path: Path, clock: FakeClock) -> None:
    async with services(tmp_path / "db.sqlite3", clock) as (games, schedule):
        game_id = await start(games)
        state = (await games.game(game_id)).state
        async with games.db.transaction() as conn:  # a game written by a path without hooks
            stray = await games_store.insert_game(
                conn,
                guild_id=GUILD,
                channel_id=CHANNEL + 5,
                player_ids=(ALICE, BOB),
                target=300,
                state=state,
                now=clock.now,
            )
        assert await schedule.clock_of(stray) is None
        await schedule.due(clock.now)
        adopted = await schedule.clock_of(stray)
        assert adopted is not None and adopted.deadline_at == clock.now + DAY


async def test_reminders_are_recorded_once_and_reset_by_a_move(
    tmp_path: Path, clock: FakeClock
) -> None:
    async with services(tmp_path / "db.sqlite3", clock) as (games, schedule):
        game_id = await start(games)
        seat = (await games.game(game_id)).state.to_act[0]
        assert await schedule.due(clock.now) == []
        clock.advance(DAY / 2)
        (due,) = await schedule.due(clock.now)
        assert due.plan.remind == (seat,)
        assert await schedule.settle(due)
        assert not await schedule.settle(due)  # the same plan cannot be recorded twice
        assert await schedule.due(clock.now) == []
        clock.advance(DAY * 0.4)
        (due,) = await schedule.due(clock.now)
        await move(games, game_id)  # a move lands between reading and recording
        assert not await schedule.settle(due)
        after = await schedule.clock_of(game_id)
        assert after is not None and after.reminders == (0, 0)


async def test_server_settings_and_allowed_channels(tmp_path: Path, clock: FakeClock) -> None:
    async with services(tmp_path / "db.sqlite3", clock) as (_, schedule):
        settings = await schedule.guild_settings(GUILD)
        assert settings.default_time == DAY and settings.open_threads and settings.allows(123)
        await schedule.change_settings(GUILD, CAROL, allow_channel=CHANNEL, open_threads=False)
        await schedule.change_settings(GUILD, CAROL, allow_channel=CHANNEL + 1)
        settings = await schedule.check_channel(GUILD, CHANNEL + 1)
        assert settings.channel_ids == {CHANNEL, CHANNEL + 1} and not settings.open_threads
        with pytest.raises(ChannelNotAllowed, match=f"<#{CHANNEL}>"):
            await schedule.check_channel(GUILD, 999)
        await schedule.change_settings(GUILD, CAROL, remove_channel=CHANNEL)
        assert (await schedule.guild_settings(GUILD)).channel_ids == {CHANNEL + 1}
        await schedule.change_settings(GUILD, CAROL, any_channel=True)
        assert (await schedule.guild_settings(GUILD)).allows(999)
        assert (await schedule.guild_settings(GUILD + 1)).channel_ids == frozenset()


async def test_preferences_round_trip_and_wake_waiting_games(
    tmp_path: Path, clock: FakeClock
) -> None:
    async with services(tmp_path / "db.sqlite3", clock) as (games, schedule):
        assert await schedule.prefs(ALICE) == NotifyPrefs()
        game_id = await start(games)
        prefs = NotifyPrefs(NotifyMode.DM, QuietHours(22, 7, -300))
        assert await schedule.set_prefs(ALICE, prefs) == prefs
        assert await schedule.prefs(ALICE) == prefs
        clock_ = await schedule.clock_of(game_id)
        assert clock_ is not None and clock_.next_check_at == clock.now  # looked at again soon


async def test_inbox_most_urgent_first(tmp_path: Path, clock: FakeClock) -> None:
    async with services(tmp_path / "db.sqlite3", clock) as (games, schedule):
        ids = [
            await start(games, ALICE, BOB, time_per_move=3 * DAY),
            await start(games, CAROL, ALICE, time_per_move=HOUR),
            await start(games, ALICE, 44, time_per_move=DAY),
            await start(games, 55, ALICE, time_per_move=10 * MINUTE),
        ]
        inbox = await schedule.inbox(GUILD, ALICE)
        assert sorted(g.game.id for g in inbox) == sorted(ids)
        keys = [(not g.your_turn, g.deadline_at) for g in inbox]
        assert keys == sorted(keys)  # your turn first, then by the nearest deadline
        for entry in inbox:
            seat = entry.game.seat_of(ALICE)
            assert entry.your_turn == (seat in entry.game.state.to_act)


async def test_games_running_before_the_upgrade_get_a_fresh_day(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "old.sqlite3"
    shipped = database.migrations()
    monkeypatch.setattr(database, "migrations", lambda: [m for m in shipped if m[0] < 3])
    db = await Database.open(path)
    try:  # a game from long ago, written by the version before clocks
        async with db.transaction() as conn:
            game_id = await games_store.insert_game(
                conn,
                guild_id=GUILD,
                channel_id=CHANNEL,
                player_ids=(ALICE, BOB),
                target=300,
                state=new_game(random.Random(1)),
                now=1_000.0,
            )
    finally:
        await db.close()
    monkeypatch.setattr(database, "migrations", lambda: shipped)
    before = time.time()
    db = await Database.open(path)
    try:
        async with db.read() as conn:
            clock = await schedule_store.get_clock(conn, game_id)
    finally:
        await db.close()
    assert clock is not None and clock.time_per_move == DAY
    assert before - 5 <= clock.turn_started_at <= time.time() + 5
    assert clock.deadline_at == pytest.approx(clock.turn_started_at + DAY)
