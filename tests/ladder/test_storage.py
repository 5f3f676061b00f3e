"""The ladder in SQLite: recording results in the finishing transaction, ranks, pages, records."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from typing import Any

import aiosqlite
import pytest

import bot.ladder_service as ladder_service
from bot.engine import BidKind
from bot.ladder import INITIAL, Rating, Result, Totals, rate, seat_stats
from bot.ladder_service import LadderService
from bot.service import GameService, NoSuchGame, Resignation
from bot.storage import ladder as store
from bot.storage.database import Database
from tests.ladder.finish import finish_game

GUILD, OTHER_GUILD = 1, 2
ALICE, BOB, CAROL, DAVE = 101, 202, 303, 404


@pytest.fixture
async def db() -> AsyncIterator[Database]:
    database = await Database.open(":memory:")
    yield database
    await database.close()


async def count(db: Database, table: str) -> int:
    async with db.read() as conn:
        cursor = await conn.execute(f"SELECT COUNT(*) FROM {table}")
        row = await cursor.fetchone()
    assert row is not None
    return int(row[0])


async def totals(db: Database, user_id: int, guild_id: int = GUILD) -> Totals | None:
    async with db.read() as conn:
        found = await store.standing(conn, guild_id, user_id)
    return None if found is None else found.totals


# --- recording --------------------------------------------------------------------------------


async def test_a_rated_game_updates_ratings_and_every_aggregate(db: Database) -> None:
    game = await finish_game(db, GUILD, (ALICE, BOB), winner=1, seed=4)
    a, b = await totals(db, ALICE), await totals(db, BOB)
    assert a is not None and b is not None

    won, lost = rate(INITIAL, INITIAL)
    assert b.rating == won and a.rating == lost
    assert (b.games, b.wins, b.losses, b.streak, b.best_streak) == (1, 1, 0, 1, 1)
    assert (a.games, a.wins, a.losses, a.streak, a.best_streak) == (1, 0, 1, -1, 0)
    for seat, t in ((0, a), (1, b)):
        stats = seat_stats(game.state, seat)
        assert (t.rounds, t.rounds_won, t.round_points, t.best_round) == (
            stats.rounds,
            stats.rounds_won,
            stats.points,
            stats.best_round,
        )
        assert t.first_suit + t.first_rank == sum(x.first for x in stats.trumps)
    async with db.read() as conn:
        trumps = await store.trumps_of(conn, GUILD, ALICE)
        pair = await store.pair_record(conn, GUILD, BOB, ALICE)
        entries = await store.recent_games(conn, GUILD, ALICE, 10)
    assert sum(t.named for t in trumps) == len(seat_stats(game.state, 0).trumps)
    assert pair == store.PairRecord(wins=1, losses=0)
    (entry,) = entries
    assert (entry.game_id, entry.opponent_id, entry.result, entry.rated) == (
        game.id,
        BOB,
        Result.LOSS,
        True,
    )
    assert (entry.points, entry.opponent_points) == game.state.totals
    assert entry.ending == "resigned" and entry.rating == lost


async def test_losing_on_time_is_a_loss(db: Database) -> None:
    game = await finish_game(db, GUILD, (ALICE, BOB), timeout=True, seed=6)
    assert game.result == "timeout" and game.winner_seat is not None
    loser = game.player_ids[1 - game.winner_seat]
    lost = await totals(db, loser)
    assert lost is not None and (lost.wins, lost.losses) == (0, 1)
    async with db.read() as conn:
        (entry,) = await store.recent_games(conn, GUILD, loser, 10)
    assert (entry.result, entry.ending, entry.rated) == (Result.LOSS, "timeout", True)


async def test_recording_twice_changes_nothing(db: Database) -> None:
    game = await finish_game(db, GUILD, (ALICE, BOB))
    before = await totals(db, ALICE)
    async with db.transaction() as conn:
        await store.record_result(conn, game)
    assert await totals(db, ALICE) == before
    assert await count(db, "ladder_entries") == 2


async def test_an_abandoned_game_is_history_only(db: Database) -> None:
    game = await finish_game(db, GUILD, (ALICE, BOB), abandon=True)

    assert game.result == "abandoned" and game.winner_seat is None
    assert await count(db, "ladder_players") == 0
    assert await count(db, "ladder_pairs") == 0
    assert await count(db, "ladder_trumps") == 0
    async with db.read() as conn:
        entries = await store.recent_games(conn, GUILD, BOB, 10)
    assert [(e.result, e.rated, e.rating) for e in entries] == [(Result.NONE, False, None)]


async def test_computer_games_keep_a_separate_record(db: Database) -> None:
    await finish_game(db, GUILD, (ALICE, 999), winner=0, computer_level="easy", seed=1)
    await finish_game(db, GUILD, (ALICE, 999), winner=1, computer_level="hard", seed=2)
    await finish_game(db, GUILD, (ALICE, 999), winner=0, computer_level="hard", seed=3)

    assert await count(db, "ladder_players") == 0
    async with db.read() as conn:
        records = await store.computer_records(conn, GUILD, ALICE)
        entries = await store.recent_games(conn, GUILD, ALICE, 10)
        bot_entries = await store.recent_games(conn, GUILD, 999, 10)
    assert records == [
        store.ComputerRecord("easy", 1, 0),
        store.ComputerRecord("hard", 1, 1),
    ]
    assert [e.computer_level for e in entries] == ["hard", "hard", "easy"]
    assert not any(e.rated for e in entries) and bot_entries == []


async def test_ladders_are_per_server(db: Database) -> None:
    await finish_game(db, GUILD, (ALICE, BOB), winner=0)
    await finish_game(db, OTHER_GUILD, (ALICE, BOB), winner=1)
    here, there = await totals(db, ALICE, GUILD), await totals(db, ALICE, OTHER_GUILD)
    assert here is not None and there is not None
    assert (here.wins, there.wins) == (1, 0)
    assert here.rating.mu > 25 > there.rating.mu


# --- one transaction ------------------------------------------------------------------------------


class Crash(Exception):
    pass


async def started_game(service: GameService) -> int:
    challenge = await service.challenge(
        guild_id=GUILD,
        channel_id=10,
        challenger_id=ALICE,
        opponent_id=BOB,
        opponent_is_bot=False,
        target=300,
    )
    _, game = await service.accept(challenge.id, BOB)
    return game.id


async def test_a_crash_after_the_rating_leaves_neither_result_nor_rating(db: Database) -> None:
    service = GameService(db, rng=random.Random(3))
    written: list[int] = []

    async def crash(conn: aiosqlite.Connection, game: Any) -> None:
        written.append(await count_in(conn, "ladder_players"))
        raise Crash("the process died here")

    service.finish_hooks[:] = [store.record_result, crash]
    game_id = await started_game(service)

    with pytest.raises(Crash):
        await service.act(game_id, BOB, Resignation(), None)

    assert written == [2]  # the ratings were written inside the transaction...
    assert (await service.game(game_id)).status == "active"  # ...and rolled back with the result
    for table in ("ladder_players", "ladder_entries", "ladder_pairs", "ladder_trumps"):
        assert await count(db, table) == 0, table

    service.finish_hooks[:] = [store.record_result]
    moved = await service.act(game_id, BOB, Resignation(), None)
    assert moved.game.status == "finished"
    alice = await totals(db, ALICE)
    assert alice is not None and alice.wins == 1


async def test_a_crash_between_result_and_rating_rolls_back_both(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first player's entry and rating are written, then the process dies."""
    service = GameService(db, rng=random.Random(4))
    service.finish_hooks.append(store.record_result)
    game_id = await started_game(service)
    real = store._upsert_player
    calls: list[int] = []

    async def dying(*args: Any) -> None:
        calls.append(1)
        if len(calls) == 2:
            raise Crash("between one rating and the next")
        await real(*args)

    monkeypatch.setattr(store, "_upsert_player", dying)
    with pytest.raises(Crash):
        await service.act(game_id, ALICE, Resignation(), None)

    assert (await service.game(game_id)).status == "active"
    assert await count(db, "ladder_players") == 0
    assert await count(db, "ladder_entries") == 0


async def count_in(conn: aiosqlite.Connection, table: str) -> int:
    cursor = await conn.execute(f"SELECT COUNT(*) FROM {table}")
    row = await cursor.fetchone()
    assert row is not None
    return int(row[0])


# --- reading: ranks, ties, pages ---------------------------------------------------------------


async def test_equal_ratings_share_a_rank(db: Database) -> None:
    await finish_game(db, GUILD, (ALICE, BOB), winner=0, seed=1)
    await finish_game(db, GUILD, (CAROL, DAVE), winner=0, seed=2)
    ladder = LadderService(db)

    page = await ladder.leaderboard(GUILD, 1, DAVE)

    assert [(r.user_id, r.rank) for r in page.rows] == [
        (ALICE, 1),
        (CAROL, 1),
        (BOB, 3),
        (DAVE, 3),
    ]
    assert page.rows[0].totals.rating == page.rows[1].totals.rating
    assert page.viewer is not None and page.viewer.rank == 3 and page.viewer_on_page


async def test_ties_across_a_page_boundary_keep_their_rank(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ladder_service, "PER_PAGE", 3)
    for i in range(4):  # four winners on the same rating, four losers on another
        await finish_game(db, GUILD, (1000 + i, 2000 + i), winner=0, seed=i)
    ladder = LadderService(db)

    first = await ladder.leaderboard(GUILD, 1, 1000)
    second = await ladder.leaderboard(GUILD, 2, 1000)

    assert [r.rank for r in first.rows] == [1, 1, 1]
    assert [r.rank for r in second.rows] == [1, 5, 5]
    assert [r.user_id for r in first.rows + second.rows] == [1000, 1001, 1002, 1003, 2000, 2001]


async def test_pages_are_clamped_and_the_viewer_found_off_the_page(db: Database) -> None:
    for i in range(13):  # 26 players
        await finish_game(db, GUILD, (1000 + i, 2000 + i), winner=0, seed=i)
    ladder = LadderService(db)

    first = await ladder.leaderboard(GUILD, 1, 2012)
    last = await ladder.leaderboard(GUILD, 3, 2012)
    beyond = await ladder.leaderboard(GUILD, 99, 2012)
    before = await ladder.leaderboard(GUILD, 0, 2012)
    stranger = await ladder.leaderboard(GUILD, 1, 5)

    assert (first.players, first.pages, len(first.rows)) == (26, 3, 10)
    assert not first.viewer_on_page and first.viewer is not None
    assert first.viewer.user_id == 2012 and first.viewer.rank == 14
    assert (last.page, len(last.rows)) == (3, 6) and last.viewer_on_page
    assert (beyond.page, beyond.asked, beyond.rows) == (3, 99, last.rows)
    assert (before.page, before.rows) == (1, first.rows)
    assert stranger.viewer is None


async def test_an_empty_ladder(db: Database) -> None:
    ladder = LadderService(db)
    page = await ladder.leaderboard(GUILD, 5, ALICE)
    stats = await ladder.stats(GUILD, ALICE, BOB)
    assert (page.players, page.pages, page.page, page.rows, page.viewer) == (0, 1, 1, (), None)
    assert stats.standing is None and stats.history == () and stats.trumps == ()
    assert await ladder.history(GUILD, ALICE) == []


async def test_head_to_head_from_both_sides(db: Database) -> None:
    await finish_game(db, GUILD, (ALICE, BOB), winner=0, seed=1)
    await finish_game(db, GUILD, (BOB, ALICE), winner=1, seed=2)
    await finish_game(db, GUILD, (ALICE, BOB), winner=1, seed=3)
    await finish_game(db, GUILD, (ALICE, CAROL), winner=0, seed=4)
    ladder = LadderService(db)

    alice_for_bob = await ladder.stats(GUILD, ALICE, BOB)
    bob_for_alice = await ladder.stats(GUILD, BOB, ALICE)
    alice_for_herself = await ladder.stats(GUILD, ALICE, ALICE)

    assert alice_for_bob.head_to_head == store.PairRecord(wins=2, losses=1)
    assert bob_for_alice.head_to_head == store.PairRecord(wins=1, losses=2)
    assert alice_for_herself.head_to_head is None
    assert (await ladder.stats(GUILD, CAROL, BOB)).head_to_head is None


async def test_stats_history_for_the_chart(db: Database, monkeypatch: pytest.MonkeyPatch) -> None:
    for i in range(5):
        await finish_game(db, GUILD, (ALICE, BOB), winner=i % 2, seed=i)
    ladder = LadderService(db)

    stats = await ladder.stats(GUILD, ALICE, BOB)
    assert stats.first_game == 0 and len(stats.history) == 6
    assert stats.history[0] == INITIAL
    assert stats.standing is not None and stats.history[-1] == stats.standing.totals.rating
    trumps = {(t.kind, t.value): t.named for t in stats.trumps}
    assert sum(trumps.values()) > 0 and all(k in (BidKind.SUIT, BidKind.RANK) for k, _ in trumps)

    monkeypatch.setattr(ladder_service, "CHART_GAMES", 3)
    recent = await ladder.stats(GUILD, ALICE, BOB)
    assert (recent.first_game, len(recent.history)) == (3, 3)
    assert recent.history == stats.history[3:]


async def test_history_is_newest_first_with_results(db: Database) -> None:
    first = await finish_game(db, GUILD, (ALICE, BOB), winner=0, seed=1, now=1000.0)
    second = await finish_game(db, GUILD, (CAROL, ALICE), winner=0, seed=2, now=2000.0)
    async with db.transaction() as conn:
        await store.remember_name(conn, GUILD, CAROL, "Carol", 0.0)

    entries = await LadderService(db).history(GUILD, ALICE)

    assert [(e.game_id, e.opponent_id, e.opponent_name, e.result) for e in entries] == [
        (second.id, CAROL, "Carol", Result.LOSS),
        (first.id, BOB, None, Result.WIN),
    ]
    assert [e.finished_at for e in entries] == [2000.0, 1000.0]


async def test_records_only_of_finished_games_of_this_server(db: Database) -> None:
    game = await finish_game(db, GUILD, (ALICE, BOB))
    service = GameService(db, rng=random.Random(1))
    active = await started_game(service)
    ladder = LadderService(db)

    assert (await ladder.finished_game(GUILD, game.id)).id == game.id
    with pytest.raises(NoSuchGame, match="server"):
        await ladder.finished_game(OTHER_GUILD, game.id)
    with pytest.raises(NoSuchGame, match="still being played"):
        await ladder.finished_game(GUILD, active)
    with pytest.raises(NoSuchGame):
        await ladder.finished_game(GUILD, 12345)


async def test_names_are_written_only_when_they_change(db: Database) -> None:
    clock = iter([1.0, 2.0, 3.0])
    ladder = LadderService(db, clock=lambda: next(clock))
    await ladder.remember_name(GUILD, ALICE, "Alice")
    await ladder.remember_name(GUILD, ALICE, "Alice")
    await ladder.remember_name(GUILD, ALICE, "Queen Alice")
    assert await ladder.name(GUILD, ALICE) == "Queen Alice"
    assert await ladder.name(OTHER_GUILD, ALICE) is None
    assert next(clock) == 3.0  # two writes, not three


# --- the queries use their indexes --------------------------------------------------------------


@pytest.mark.parametrize(
    ("sql", "args"),
    [
        (store.LEADERBOARD, (GUILD, 10, 0, GUILD)),
        (store.RANK_OF, (GUILD, 1500)),
        (store.COUNT_PLAYERS, (GUILD,)),
        (store.SELECT_PLAYER, (GUILD, ALICE)),
        (store.RATING_HISTORY, (GUILD, ALICE, 200)),
        (store.RECENT_GAMES, (GUILD, ALICE, 10)),
        (store.TRUMPS_OF, (GUILD, ALICE)),
        (store.PAIR, (GUILD, ALICE, BOB)),
        (store.COMPUTER_RECORDS, (GUILD, ALICE)),
        (store.ENTRY_EXISTS, (1,)),
    ],
)
async def test_every_read_is_an_index_lookup(db: Database, sql: str, args: tuple[Any, ...]) -> None:
    async with db.read() as conn:
        cursor = await conn.execute("EXPLAIN QUERY PLAN " + sql, args)
        plan = [str(row[3]) for row in await cursor.fetchall()]
    tables = {"ladder_players", "ladder_entries", "ladder_trumps", "ladder_pairs"}
    tables |= {"computer_records", "display_names", "games", "p", "n", "e"}
    for step in plan:  # no table is read from end to end (a ten-row subquery may be)
        words = step.split()
        assert not (words[0] == "SCAN" and words[1] in tables and "INDEX" not in step), plan
    # Sorted in memory: a page of ten players, and a player's at most 13 trumps.
    if sql not in (store.LEADERBOARD, store.TRUMPS_OF):
        assert not any("TEMP B-TREE" in step for step in plan), plan


def test_rating_stored_for_ordering_is_the_shown_one() -> None:
    assert Rating(25.0, 8.0).shown == 1500
