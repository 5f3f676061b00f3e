"""The ladder in SQLite: recording results in the finishing transaction, ranks, pages, records."""

from __future__ import annotations

import random
from typing import Any

import pytest

import bot.ladder.service as ladder_service
from bot.errors import NotFound
from bot.ladder import INITIAL, ComputerRecord, PairRecord, Rating, Result, Totals, rate
from bot.ladder.service import LadderService, record_result
from bot.play.model import Game, Invite
from bot.play.service import GameService
from bot.storage import Transaction
from bot.storage.sql import ladder as store
from bot.storage.sql.ladder import SqlLadderStore
from bot.storage.sql.statements import SQLITE
from bot.storage.sqlite import SqliteStorage
from tests.ladder.finish import VIDRASSO, finish_game

GUILD, OTHER_GUILD = 1, 2
ALICE, BOB, CAROL, DAVE = 101, 202, 303, 404
KIND = "vidrasso"


async def count(storage: SqliteStorage, table: str) -> int:
    (row,) = await storage.execute(f"SELECT COUNT(*) FROM {table}")
    return int(row[0])


async def totals(
    storage: SqliteStorage, user_id: int, guild_id: int = GUILD, kind: str = KIND
) -> Totals | None:
    async with storage.read() as tx:
        found = await tx.ladder.standing(guild_id, kind, user_id)
    return None if found is None else found.totals


# --- recording --------------------------------------------------------------------------------


async def test_a_rated_game_updates_ratings_and_every_aggregate(storage: SqliteStorage) -> None:
    game = await finish_game(storage, GUILD, (ALICE, BOB), winner=1, seed=4)
    a, b = await totals(storage, ALICE), await totals(storage, BOB)
    assert a is not None and b is not None

    [[won], [lost]] = rate([[INITIAL], [INITIAL]], [1, 2])
    assert b.rating == won and a.rating == lost
    assert (b.games, b.wins, b.losses, b.streak, b.best_streak) == (1, 1, 0, 1, 1)
    assert (a.games, a.wins, a.losses, a.streak, a.best_streak) == (1, 0, 1, -1, 0)
    for seat, t in ((0, a), (1, b)):
        assert t.rounds == VIDRASSO.rounds(game.state)
        assert t.stats == VIDRASSO.seat_stats(game.state, seat)
    async with storage.read() as tx:
        pair = await tx.ladder.pair_record(GUILD, KIND, BOB, ALICE)
        entries = await tx.ladder.recent_games(GUILD, KIND, ALICE, 10)
    assert pair == PairRecord(wins=1, losses=0)
    (entry,) = entries
    assert (entry.game_id, entry.opponent_id, entry.result, entry.rated) == (
        game.id,
        BOB,
        Result.LOSS,
        True,
    )
    assert (entry.seat, entry.team, entry.kind, entry.guild_id) == (0, 0, KIND, GUILD)
    assert (entry.points, entry.opponent_points) == game.state.totals
    assert entry.ending == "resigned" and entry.rating == lost


async def test_losing_on_time_is_a_loss(storage: SqliteStorage) -> None:
    game = await finish_game(storage, GUILD, (ALICE, BOB), timeout=True, seed=6)
    assert game.result == "timeout" and game.winner is not None
    loser = game.player_ids[1 - game.winner]
    lost = await totals(storage, loser)
    assert lost is not None and (lost.wins, lost.losses) == (0, 1)
    async with storage.read() as tx:
        (entry,) = await tx.ladder.recent_games(GUILD, KIND, loser, 10)
    assert (entry.result, entry.ending, entry.rated) == (Result.LOSS, "timeout", True)


async def test_recording_twice_changes_nothing(storage: SqliteStorage) -> None:
    game = await finish_game(storage, GUILD, (ALICE, BOB))
    before = await totals(storage, ALICE)
    async with storage.transaction() as tx:
        await record_result(tx, game)
    assert await totals(storage, ALICE) == before
    assert await count(storage, "ladder_entries") == 2


async def test_an_abandoned_game_is_history_only(storage: SqliteStorage) -> None:
    game = await finish_game(storage, GUILD, (ALICE, BOB), abandon=True)

    assert game.result == "abandoned" and game.winner is None
    for table in ("ladder_players", "ladder_pairs", "ladder_stats"):
        assert await count(storage, table) == 0, table
    async with storage.read() as tx:
        entries = await tx.ladder.recent_games(GUILD, KIND, BOB, 10)
    assert [(e.result, e.rated, e.rating) for e in entries] == [(Result.NONE, False, None)]


async def test_computer_games_keep_a_separate_record(storage: SqliteStorage) -> None:
    await finish_game(storage, GUILD, (ALICE, 999), winner=0, computer_level="easy", seed=1)
    await finish_game(storage, GUILD, (ALICE, 999), winner=1, computer_level="hard", seed=2)
    await finish_game(storage, GUILD, (ALICE, 999), winner=0, computer_level="hard", seed=3)

    assert await count(storage, "ladder_players") == 0
    async with storage.read() as tx:
        records = await tx.ladder.computer_records(GUILD, KIND, ALICE)
        entries = await tx.ladder.recent_games(GUILD, KIND, ALICE, 10)
        bot_entries = await tx.ladder.recent_games(GUILD, KIND, 999, 10)
    assert records == [ComputerRecord("easy", 1, 0), ComputerRecord("hard", 1, 1)]
    assert [e.computer_level for e in entries] == ["hard", "hard", "easy"]
    assert not any(e.rated for e in entries) and bot_entries == []


async def test_ladders_are_per_server(storage: SqliteStorage) -> None:
    await finish_game(storage, GUILD, (ALICE, BOB), winner=0)
    await finish_game(storage, OTHER_GUILD, (ALICE, BOB), winner=1)
    here, there = await totals(storage, ALICE, GUILD), await totals(storage, ALICE, OTHER_GUILD)
    assert here is not None and there is not None
    assert (here.wins, there.wins) == (1, 0)
    assert here.rating.mu > 25 > there.rating.mu


# --- one transaction ------------------------------------------------------------------------------


class Crash(Exception):
    pass


async def started_game(service: GameService) -> int:
    challenge = await service.challenge(
        kind=KIND, guild_id=GUILD, channel_id=10, challenger_id=ALICE, seats=[Invite(BOB)]
    )
    accepted = await service.accept(challenge.id, BOB)
    assert accepted.game is not None
    return accepted.game.id


async def test_a_crash_after_the_rating_leaves_neither_result_nor_rating(
    storage: SqliteStorage,
) -> None:
    service = GameService(storage, rng=random.Random(3))
    written: list[int] = []

    async def crash(tx: Transaction, game: Game) -> None:
        written.append(await tx.ladder.count_players(GUILD, KIND))
        raise Crash("the process died here")

    service.finish_hooks[:] = [record_result, crash]
    game_id = await started_game(service)

    with pytest.raises(Crash):
        await service.resign(game_id, BOB, None)

    assert written == [2]  # the ratings were written inside the transaction...
    assert (await service.game(game_id)).status == "active"  # ...and rolled back with the result
    for table in ("ladder_players", "ladder_entries", "ladder_pairs", "ladder_stats"):
        assert await count(storage, table) == 0, table

    service.finish_hooks[:] = [record_result]
    moved = await service.resign(game_id, BOB, None)
    assert moved.game.status == "finished"
    alice = await totals(storage, ALICE)
    assert alice is not None and alice.wins == 1


async def test_a_crash_between_one_rating_and_the_next_rolls_back_both(
    storage: SqliteStorage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first player's totals and entry are written, then the process dies."""
    service = GameService(storage, rng=random.Random(4))
    service.finish_hooks.append(record_result)
    game_id = await started_game(service)
    real = SqlLadderStore.save_totals
    calls: list[int] = []

    async def dying(self: SqlLadderStore, *args: Any) -> None:
        calls.append(1)
        if len(calls) == 2:
            raise Crash("between one rating and the next")
        await real(self, *args)

    monkeypatch.setattr(SqlLadderStore, "save_totals", dying)
    with pytest.raises(Crash):
        await service.resign(game_id, ALICE, None)

    assert (await service.game(game_id)).status == "active"
    for table in ("ladder_players", "ladder_entries", "ladder_stats"):
        assert await count(storage, table) == 0, table


# --- reading: ranks, ties, pages ---------------------------------------------------------------


async def test_equal_ratings_share_a_rank(storage: SqliteStorage) -> None:
    await finish_game(storage, GUILD, (ALICE, BOB), winner=0, seed=1)
    await finish_game(storage, GUILD, (CAROL, DAVE), winner=0, seed=2)
    ladder = LadderService(storage)

    page = await ladder.leaderboard(GUILD, 1, DAVE)

    assert [(r.user_id, r.rank) for r in page.rows] == [
        (ALICE, 1),
        (CAROL, 1),
        (BOB, 3),
        (DAVE, 3),
    ]
    assert page.rows[0].totals.rating == page.rows[1].totals.rating
    assert page.viewer is not None and page.viewer.rank == 3 and page.viewer_on_page
    for row in page.rows:  # each row carries its own statistics
        assert row.totals == await totals(storage, row.user_id)


async def test_ties_across_a_page_boundary_keep_their_rank(
    storage: SqliteStorage, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ladder_service, "PER_PAGE", 3)
    for i in range(4):  # four winners on the same rating, four losers on another
        await finish_game(storage, GUILD, (1000 + i, 2000 + i), winner=0, seed=i)
    ladder = LadderService(storage)

    first = await ladder.leaderboard(GUILD, 1, 1000)
    second = await ladder.leaderboard(GUILD, 2, 1000)

    assert [r.rank for r in first.rows] == [1, 1, 1]
    assert [r.rank for r in second.rows] == [1, 5, 5]
    assert [r.user_id for r in first.rows + second.rows] == [1000, 1001, 1002, 1003, 2000, 2001]


async def test_pages_are_clamped_and_the_viewer_found_off_the_page(storage: SqliteStorage) -> None:
    for i in range(13):  # 26 players
        await finish_game(storage, GUILD, (1000 + i, 2000 + i), winner=0, seed=i)
    ladder = LadderService(storage)

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


async def test_an_empty_ladder(storage: SqliteStorage) -> None:
    ladder = LadderService(storage)
    page = await ladder.leaderboard(GUILD, 5, ALICE)
    stats = await ladder.stats(GUILD, ALICE, BOB)
    assert (page.players, page.pages, page.page, page.rows, page.viewer) == (0, 1, 1, (), None)
    assert stats.standing is None and stats.history == () and stats.computer == ()
    assert await ladder.history(GUILD, ALICE) == []


async def test_head_to_head_from_both_sides(storage: SqliteStorage) -> None:
    await finish_game(storage, GUILD, (ALICE, BOB), winner=0, seed=1)
    await finish_game(storage, GUILD, (BOB, ALICE), winner=1, seed=2)
    await finish_game(storage, GUILD, (ALICE, BOB), winner=1, seed=3)
    await finish_game(storage, GUILD, (ALICE, CAROL), winner=0, seed=4)
    ladder = LadderService(storage)

    alice_for_bob = await ladder.stats(GUILD, ALICE, BOB)
    bob_for_alice = await ladder.stats(GUILD, BOB, ALICE)
    alice_for_herself = await ladder.stats(GUILD, ALICE, ALICE)

    assert alice_for_bob.head_to_head == PairRecord(wins=2, losses=1)
    assert bob_for_alice.head_to_head == PairRecord(wins=1, losses=2)
    assert alice_for_herself.head_to_head is None
    assert (await ladder.stats(GUILD, CAROL, BOB)).head_to_head is None


async def test_stats_history_for_the_chart(
    storage: SqliteStorage, monkeypatch: pytest.MonkeyPatch
) -> None:
    games = [
        await finish_game(storage, GUILD, (ALICE, BOB), winner=i % 2, seed=i) for i in range(5)
    ]
    ladder = LadderService(storage)

    stats = await ladder.stats(GUILD, ALICE, BOB)
    assert stats.first_game == 0 and len(stats.history) == 6
    assert stats.history[0] == INITIAL
    assert stats.standing is not None and stats.history[-1] == stats.standing.totals.rating
    summed = stats.standing.totals.stats
    assert summed["round_points"] == sum(g.state.totals[0] for g in games)
    assert summed["best_round"] == max(
        r.scores[0] for g in games for r in g.state.rounds if r.scores is not None
    )

    monkeypatch.setattr(ladder_service, "CHART_GAMES", 3)
    recent = await ladder.stats(GUILD, ALICE, BOB)
    assert (recent.first_game, len(recent.history)) == (3, 3)
    assert recent.history == stats.history[3:]


async def test_history_is_newest_first_with_results(storage: SqliteStorage) -> None:
    first = await finish_game(storage, GUILD, (ALICE, BOB), winner=0, seed=1, now=1000.0)
    second = await finish_game(storage, GUILD, (CAROL, ALICE), winner=0, seed=2, now=2000.0)
    async with storage.transaction() as tx:
        await tx.ladder.remember_name(GUILD, CAROL, "Carol", 0.0)

    entries = await LadderService(storage).history(GUILD, ALICE)

    assert [(e.game_id, e.opponent_id, e.opponent_name, e.result) for e in entries] == [
        (second.id, CAROL, "Carol", Result.LOSS),
        (first.id, BOB, None, Result.WIN),
    ]
    assert [e.finished_at for e in entries] == [2000.0, 1000.0]


async def test_records_only_of_finished_games_of_this_server(storage: SqliteStorage) -> None:
    game = await finish_game(storage, GUILD, (ALICE, BOB))
    active = await started_game(GameService(storage, rng=random.Random(1)))
    games = GameService(storage)

    assert (await games.finished_game(GUILD, game.id)).id == game.id
    with pytest.raises(NotFound, match="server"):
        await games.finished_game(OTHER_GUILD, game.id)
    with pytest.raises(NotFound, match="still being played"):
        await games.finished_game(GUILD, active)
    with pytest.raises(NotFound):
        await games.finished_game(GUILD, 12345)


async def test_names_are_written_only_when_they_change(storage: SqliteStorage) -> None:
    clock = iter([1.0, 2.0, 3.0])
    ladder = LadderService(storage, clock=lambda: next(clock))
    await ladder.remember_name(GUILD, ALICE, "Alice")
    await ladder.remember_name(GUILD, ALICE, "Alice")
    await ladder.remember_name(GUILD, ALICE, "Queen Alice")
    assert await ladder.name(GUILD, ALICE) == "Queen Alice"
    assert await ladder.name(OTHER_GUILD, ALICE) is None
    assert next(clock) == 3.0  # two writes, not three


async def test_names_are_kept_in_memory_and_bounded(
    storage: SqliteStorage, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table names its seats on every publish: a name this process wrote or read once is
    served without reading the store again, and no more than NAMES_KEPT are kept."""
    writer = LadderService(storage)
    await writer.remember_name(GUILD, ALICE, "Alice")
    await writer.remember_name(GUILD, BOB, "Bob")
    ladder = LadderService(storage)  # another process: nothing kept yet
    reads: list[object] = []
    real = type(storage).read

    def counting_read(self: SqliteStorage) -> Any:
        reads.append(self)
        return real(self)

    monkeypatch.setattr(type(storage), "read", counting_read)
    assert await ladder.name(GUILD, ALICE) == "Alice"
    assert await ladder.name(GUILD, ALICE) == "Alice"
    assert len(reads) == 1  # read once, then kept
    assert await writer.name(GUILD, BOB) == "Bob"
    assert len(reads) == 1  # what a process wrote it knows
    assert await ladder.name(GUILD, CAROL) is None
    assert await ladder.name(GUILD, CAROL) is None
    assert len(reads) == 3  # a member never seen is asked for again: their name may come later

    monkeypatch.setattr(ladder_service, "NAMES_KEPT", 2)
    await ladder.remember_name(GUILD, CAROL, "Carol")  # Alice, Carol kept
    assert await ladder.name(GUILD, ALICE) == "Alice"  # Carol, Alice: Alice most recent
    await ladder.remember_name(GUILD, BOB, "Bobby")  # Carol goes first
    assert len(reads) == 3
    assert await ladder.name(GUILD, ALICE) == "Alice"
    assert await ladder.name(GUILD, BOB) == "Bobby"
    assert len(reads) == 3
    assert await ladder.name(GUILD, CAROL) == "Carol"  # no longer kept: read from the store
    assert len(reads) == 4


# --- the queries use their indexes --------------------------------------------------------------


@pytest.mark.parametrize(
    ("sql", "args"),
    [
        (store.LEADERBOARD, (GUILD, KIND, 10, 0, GUILD, KIND)),
        (store.RANK_OF, (GUILD, KIND, 1500)),
        (store.COUNT_PLAYERS, (GUILD, KIND)),
        (store.SELECT_PLAYER, (GUILD, KIND, ALICE)),
        (store.STATS_OF, (GUILD, KIND, ALICE)),
        (store.STATS_OF_MANY + SQLITE.any_of, (GUILD, KIND, f"[{ALICE}, {BOB}]")),
        (store.RATING_HISTORY, (GUILD, KIND, ALICE, 200)),
        (store.RECENT_GAMES, (GUILD, KIND, ALICE, 10)),
        (store.PAIR, (GUILD, KIND, ALICE, BOB)),
        (store.COMPUTER_RECORDS, (GUILD, KIND, ALICE)),
        (store.ENTRY_EXISTS, (1,)),
        (store.NAME_OF, (GUILD, ALICE)),
    ],
)
async def test_every_read_is_an_index_lookup(
    storage: SqliteStorage, sql: str, args: tuple[Any, ...]
) -> None:
    if not isinstance(storage, SqliteStorage):
        pytest.skip("SQLite's query plans")
    plan = [str(row[3]) for row in await storage.execute("EXPLAIN QUERY PLAN " + sql, args)]
    tables = {"ladder_players", "ladder_entries", "ladder_stats", "ladder_pairs"}
    tables |= {"computer_records", "display_names", "games", "p", "n", "e"}
    for step in plan:  # no table is read from end to end (a ten-row subquery may be)
        words = step.split()
        assert not (words[0] == "SCAN" and words[1] in tables and "INDEX" not in step), plan
    # Sorted in memory: only a page of ten players.
    if sql is not store.LEADERBOARD:
        assert not any("TEMP B-TREE" in step for step in plan), plan


def test_rating_stored_for_ordering_is_the_shown_one() -> None:
    assert Rating(25.0, 8.0).shown == 1500


# --- partnerships -----------------------------------------------------------------------------


def team_entry(game_id: int, user_id: int, seat: int, result: Result) -> Any:
    from bot.ladder import GameEntry

    return GameEntry(
        game_id=game_id,
        kind="pidro",
        guild_id=GUILD,
        user_id=user_id,
        seat=seat,
        team=seat % 2,
        opponent_id=[ALICE, BOB, CAROL, DAVE][(seat + 1) % 4],
        computer_level=None,
        result=result,
        ending="finished",
        rated=True,
        points=62,
        opponent_points=40,
        rounds=5,
        rating=None,
        finished_at=1000.0 + game_id,
    )


async def test_partnerships_count_the_games_won_and_lost_together(
    storage: SqliteStorage,
) -> None:
    # Game rows to hang four-player entries on (their own two-player entries taken away).
    games = [await finish_game(storage, GUILD, (505, 606), winner=0, seed=s) for s in (1, 2, 3)]
    await storage.execute("DELETE FROM ladder_entries WHERE user_id IN (505, 606)")
    win, loss = Result.WIN, Result.LOSS
    seatings = [  # (game, Alice's partner, Alice's team won)
        (games[0].id, CAROL, True),
        (games[1].id, CAROL, False),
        (games[2].id, DAVE, True),
    ]
    async with storage.transaction() as tx:
        for game_id, partner, won in seatings:
            others = [u for u in (BOB, CAROL, DAVE) if u != partner]
            mine, theirs = (win, loss) if won else (loss, win)
            await tx.ladder.add_entry(team_entry(game_id, ALICE, 0, mine))
            await tx.ladder.add_entry(team_entry(game_id, partner, 2, mine))
            await tx.ladder.add_entry(team_entry(game_id, others[0], 1, theirs))
            await tx.ladder.add_entry(team_entry(game_id, others[1], 3, theirs))
        await tx.ladder.remember_name(GUILD, CAROL, "Carol", 1.0)
    async with storage.read() as tx:
        alice = await tx.ladder.partner_records(GUILD, "pidro", ALICE, 5)
        bob = await tx.ladder.partner_records(GUILD, "pidro", BOB, 5)
        one = await tx.ladder.partner_records(GUILD, "pidro", ALICE, 1)
        vidrasso = await tx.ladder.partner_records(GUILD, KIND, ALICE, 5)
    assert [(p.partner_id, p.wins, p.losses, p.name) for p in alice] == [
        (CAROL, 1, 1, "Carol"),
        (DAVE, 1, 0, None),
    ]
    assert [(p.partner_id, p.wins, p.losses) for p in bob] == [(DAVE, 1, 1), (CAROL, 0, 1)]
    assert [p.partner_id for p in one] == [CAROL]
    assert vidrasso == []  # a game without partners has none
