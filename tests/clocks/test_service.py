"""Clocks through the services, without Discord: the move hook, time-outs, aborts, the
scheduler's plans, preferences and the inbox — for Vidrasso and for a game of three seats."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot import games as registry
from bot.clocks.model import DAY, HOUR, MINUTE, NotifyMode, NotifyPrefs, QuietHours
from bot.errors import NotFound
from bot.play.model import Game, Seat
from bot.play.service import Moved
from bot.services import Services
from games.toy.game import GAME as HIGH_CARD
from tests.clocks.clock import (
    ALICE,
    BOB,
    CAROL,
    CHANNEL,
    DAVE,
    GUILD,
    FakeClock,
    move,
    play_until,
    services,
    start,
)


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(1_750_000_000.0)


@pytest.fixture
def high_card() -> Iterator[None]:
    registry.register(HIGH_CARD)
    yield
    registry.unregister(HIGH_CARD.kind)


async def time_per_move(s: Services, game_id: int) -> float:
    clock = await s.clocks.clock_of(game_id)
    assert clock is not None
    return clock.time_per_move


async def time_out(s: Services, game_id: int) -> Moved | None:
    """The scheduler's time-out of the game as it stands now."""
    return await s.games.time_out(game_id, (await s.games.game(game_id)).version)


async def computer_game(s: Services) -> Game:
    """Alice against the computer (on the bot's account, 999)."""
    return await s.games.start_computer_game(
        kind="vidrasso",
        guild_id=GUILD,
        channel_id=CHANNEL,
        player_id=ALICE,
        computer_id=999,
        level="easy",
    )


async def standing(s: Services, user_id: int) -> tuple[int, int] | None:
    found = (await s.ladder.stats(GUILD, user_id, user_id)).standing
    return None if found is None else (found.totals.wins, found.totals.losses)


async def test_a_game_starts_with_the_challenges_time_per_move(
    database: str, clock: FakeClock
) -> None:
    async with services(database, clock) as s:
        game_id = await start(s.games, time_per_move=HOUR)
        started = await s.clocks.clock_of(game_id)
        assert started is not None
        assert started.time_per_move == HOUR
        assert started.deadline_at == clock.now + HOUR
        assert started.reminders == (0, 0)
        assert started.waiting == (await s.games.game(game_id)).to_act
        # without a choice: the server's default, 24 hours unless its managers changed it
        other = await start(s.games, ALICE, CAROL)
        assert await time_per_move(s, other) == DAY
        await s.settings.change_settings(GUILD, CAROL, time_per_move=3 * DAY)
        third = await start(s.games, BOB, CAROL)
        assert await time_per_move(s, third) == 3 * DAY


async def test_a_game_against_the_computer_gets_the_servers_time(
    database: str, clock: FakeClock
) -> None:
    async with services(database, clock) as s:
        await s.settings.change_settings(GUILD, CAROL, time_per_move=HOUR)
        game = await computer_game(s)
        assert await time_per_move(s, game.id) == HOUR


async def test_each_move_restarts_the_clock_in_its_own_transaction(
    database: str, clock: FakeClock
) -> None:
    async with services(database, clock) as s:
        game_id = await start(s.games)
        clock.advance(10 * HOUR)
        moved = await move(s.games, game_id)
        after = await s.clocks.clock_of(game_id)
        assert after is not None
        assert after.turn_started_at == moved.game.updated_at == clock.now
        assert after.deadline_at == clock.now + DAY and after.reminders == (0, 0)
        assert after.waiting == moved.game.to_act


async def test_the_first_gift_does_not_give_the_other_more_time(
    database: str, clock: FakeClock
) -> None:
    async with services(database, clock) as s:
        game_id = await start(s.games)
        await play_until(s.games, game_id, (0, 1))
        gifts_began = clock.now
        clock.advance(5 * HOUR)
        await move(s.games, game_id, seat=1)
        kept = await s.clocks.clock_of(game_id)
        assert kept is not None and kept.deadline_at == gifts_began + DAY
        assert kept.waiting == (0,)
        clock.advance(HOUR)
        await move(s.games, game_id, seat=0)
        fresh = await s.clocks.clock_of(game_id)
        assert fresh is not None and fresh.deadline_at == clock.now + DAY


async def test_a_passed_deadline_is_a_rated_loss_on_time(database: str, clock: FakeClock) -> None:
    async with services(database, clock) as s:
        game_id = await start(s.games)
        (waiting,) = (await s.games.game(game_id)).to_act
        loser, winner = (ALICE, BOB) if waiting == 0 else (BOB, ALICE)
        clock.advance(DAY - 1)
        assert await time_out(s, game_id) is None  # not yet
        clock.advance(1)
        moved = await time_out(s, game_id)
        assert moved is not None
        game = moved.game
        assert game.status == "finished" and game.result == "timeout"
        assert game.winner == 1 - waiting
        assert await time_out(s, game_id) is None  # only once
        (event,) = await s.clocks.events(game_id)
        assert (event.kind, event.user_id, event.at) == ("timeout", loser, clock.now)
        assert await standing(s, loser) == (0, 1)
        assert await standing(s, winner) == (1, 0)
        stopped = await s.clocks.clock_of(game_id)
        assert stopped is not None and stopped.deadline_at is None and stopped.next_check_at is None
        assert await s.clocks.due(clock.now + 10 * DAY) == []


async def test_a_move_that_arrives_first_wins_the_race(database: str, clock: FakeClock) -> None:
    async with services(database, clock) as s:
        game_id = await start(s.games)
        clock.advance(DAY + MINUTE)
        (due,) = await s.clocks.due(clock.now)
        assert due.plan.expire
        assert not await s.clocks.settle(due)  # an expiring plan records nothing
        await move(s.games, game_id)  # the player moves just before the scheduler acts
        assert await s.games.time_out(game_id, due.game.version) is None
        assert (await s.games.game(game_id)).status == "active"


async def test_no_gift_from_either_player_abandons_the_game_unrated(
    database: str, clock: FakeClock
) -> None:
    async with services(database, clock) as s:
        game_id = await start(s.games)
        await play_until(s.games, game_id, (0, 1))
        clock.advance(DAY)
        moved = await time_out(s, game_id)
        assert moved is not None and moved.game.result == "abandoned"
        assert moved.game.winner is None
        assert [e.kind for e in await s.clocks.events(game_id)] == ["timeout_both"]
        assert await standing(s, ALICE) is None
        entries = await s.ladder.history(GUILD, ALICE)
        assert [(e.game_id, e.rated) for e in entries] == [(game_id, False)]


async def test_a_manager_aborts_a_game_unrated_and_on_record(
    database: str, clock: FakeClock
) -> None:
    async with services(database, clock) as s:
        game_id = await start(s.games)
        with pytest.raises(NotFound):
            await s.games.abort(game_id, guild_id=GUILD + 1, by_user_id=CAROL)
        moved = await s.games.abort(game_id, guild_id=GUILD, by_user_id=CAROL, reason="stuck")
        assert moved.game.result == "abandoned" and moved.game.winner is None
        (event,) = await s.clocks.events(game_id)
        assert (event.kind, event.user_id, event.detail) == ("aborted", CAROL, "stuck")
        with pytest.raises(NotFound, match="already over"):
            await s.games.abort(game_id, guild_id=GUILD, by_user_id=CAROL)
        assert await standing(s, ALICE) is None and await standing(s, BOB) is None


async def test_a_restart_keeps_the_deadline(database: str, clock: FakeClock) -> None:
    path = database
    async with services(path, clock) as s:
        game_id = await start(s.games)
    clock.advance(DAY + HOUR)
    async with services(path, clock) as s:
        (due,) = await s.clocks.due(clock.now)
        assert due.game.id == game_id and due.plan.expire
        moved = await time_out(s, game_id)
        assert moved is not None and moved.game.result == "timeout"


async def test_a_game_without_a_clock_gets_one_once(database: str, clock: FakeClock) -> None:
    async with services(database, clock) as s:
        await s.settings.change_settings(GUILD + 1, CAROL, time_per_move=HOUR)
        game = await s.games.game(await start(s.games))
        rules = game.rules
        strays = []
        for guild_id in (GUILD, GUILD + 1):
            async with s.storage.transaction() as tx:  # written by a path without move hooks
                strays.append(
                    await tx.play.insert_game(
                        kind=game.kind,
                        guild_id=guild_id,
                        channel_id=CHANNEL + guild_id,  # one game per pair per channel
                        seats=[Seat(ALICE), Seat(BOB)],
                        target=300,
                        version=rules.version(game.state),
                        state=rules.dumps(game.state),
                        now=clock.now,
                    )
                )
        assert [await s.clocks.clock_of(g) for g in strays] == [None, None]
        await s.clocks.due(clock.now)
        adopted = [await s.clocks.clock_of(g) for g in strays]
        assert [c.deadline_at if c else None for c in adopted] == [
            clock.now + DAY,  # the server's default
            clock.now + HOUR,
        ]
        assert all(c is not None and c.waiting == game.to_act for c in adopted)
        clock.advance(MINUTE)
        await s.clocks.due(clock.now)  # nothing is adopted twice
        assert [await s.clocks.clock_of(g) for g in strays] == adopted


async def test_reminders_are_recorded_once_and_reset_by_a_move(
    database: str, clock: FakeClock
) -> None:
    async with services(database, clock) as s:
        game_id = await start(s.games)
        (seat,) = (await s.games.game(game_id)).to_act
        assert await s.clocks.due(clock.now) == []
        clock.advance(DAY / 2)
        (due,) = await s.clocks.due(clock.now)
        assert due.plan.remind == (seat,) and due.prefs == {seat: NotifyPrefs()}
        assert await s.clocks.settle(due)
        assert not await s.clocks.settle(due)  # the same plan cannot be recorded twice
        assert await s.clocks.due(clock.now) == []
        clock.advance(DAY * 0.4)
        (due,) = await s.clocks.due(clock.now)
        await move(s.games, game_id)  # a move lands between reading and recording
        assert not await s.clocks.settle(due)
        after = await s.clocks.clock_of(game_id)
        assert after is not None and after.reminders == (0, 0)


async def test_the_computer_is_never_reminded(database: str, clock: FakeClock) -> None:
    async with services(database, clock) as s:
        game = await computer_game(s)
        clock.advance(DAY / 2)
        (due,) = await s.clocks.due(clock.now)
        assert due.plan.remind == game.people_to_act and due.prefs.keys() <= {0}


async def test_preferences_round_trip_and_wake_waiting_games(
    database: str, clock: FakeClock
) -> None:
    async with services(database, clock) as s:
        assert await s.clocks.prefs(ALICE) == NotifyPrefs()
        game_id = await start(s.games)
        finished = await start(s.games, ALICE, CAROL)
        await s.games.abort(finished, guild_id=GUILD, by_user_id=DAVE)
        prefs = NotifyPrefs(NotifyMode.DM, QuietHours(22, 7, -300))
        assert await s.clocks.set_prefs(ALICE, prefs) == prefs
        assert await s.clocks.prefs(ALICE) == prefs
        assert await s.clocks.prefs(BOB) == NotifyPrefs()
        woken = await s.clocks.clock_of(game_id)
        assert woken is not None and woken.next_check_at == clock.now  # looked at again soon
        over = await s.clocks.clock_of(finished)
        assert over is not None and over.next_check_at is None  # an ended game stays stopped
        await s.clocks.set_prefs(ALICE, NotifyPrefs())
        assert await s.clocks.prefs(ALICE) == NotifyPrefs()


async def test_inbox_most_urgent_first(database: str, clock: FakeClock) -> None:
    async with services(database, clock) as s:
        ids = [
            await start(s.games, ALICE, BOB, time_per_move=3 * DAY),
            await start(s.games, CAROL, ALICE, time_per_move=HOUR),
            await start(s.games, ALICE, DAVE, time_per_move=DAY),
            await start(s.games, 55, ALICE, time_per_move=10 * MINUTE),
        ]
        await start(s.games, BOB, CAROL)  # not Alice's
        inbox = await s.clocks.inbox(GUILD, ALICE)
        assert sorted(g.game.id for g in inbox) == sorted(ids)
        keys = [(not g.your_turn, g.deadline_at) for g in inbox]
        assert keys == sorted(keys)  # your turn first, then by the nearest deadline
        for entry in inbox:
            assert entry.your_turn == (entry.game.seat_of(ALICE) in entry.game.to_act)
        assert await s.clocks.inbox(GUILD + 1, ALICE) == []


async def test_three_seats_time_out_and_share_the_inbox(
    database: str, clock: FakeClock, high_card: None
) -> None:
    async with services(database, clock) as s:
        game_id = await start(s.games, ALICE, BOB, CAROL, kind=HIGH_CARD.kind, time_per_move=HOUR)
        vidrasso = await start(s.games, ALICE, DAVE)
        started = await s.clocks.clock_of(game_id)
        assert started is not None and started.reminders == (0, 0, 0)
        assert {g.game.kind for g in await s.clocks.inbox(GUILD, CAROL)} == {HIGH_CARD.kind}
        assert {g.game.id for g in await s.clocks.inbox(GUILD, ALICE)} == {game_id, vidrasso}
        await move(s.games, game_id)  # seat 0 plays; seat 1 is waited for
        clock.advance(HOUR / 2)
        (due,) = await s.clocks.due(clock.now)
        assert due.game.id == game_id and due.plan.remind == (1,)
        assert due.plan.reminders == (0, 1, 0)
        assert await s.clocks.settle(due)
        clock.advance(HOUR / 2)
        moved = await time_out(s, game_id)
        assert moved is not None and moved.game.result == "timeout"
        (event,) = await s.clocks.events(game_id)
        assert (event.kind, event.user_id) == ("timeout", BOB)
