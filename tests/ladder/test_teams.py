"""The ladder of games with partners, with more than two teams, and of several kinds at once."""

from __future__ import annotations

import pytest

from bot.ladder import INITIAL, ComputerRecord, PairRecord, Result, rate
from bot.ladder.service import LadderService
from bot.play.model import Game, Seat
from bot.storage.sqlite import SqliteStorage
from tests.ladder.conftest import PAIRS, TRIO
from tests.ladder.finish import finish_game, store_finished
from tests.ladder.toy import Toy

pytestmark = pytest.mark.usefixtures("toys")

GUILD = 1
ALICE, BOB, CAROL, DAVE = 101, 202, 303, 404
"""In a game of :data:`PAIRS`, Alice and Carol (seats 0 and 2) play Bob and Dave (1 and 3)."""
BOT = 999


async def finish_toy(
    storage: SqliteStorage,
    toy: Toy,
    seats: tuple[Seat, ...],
    winner: int | None,
    points: tuple[int, ...],
    tricks: tuple[int, ...],
) -> Game:
    final = toy.finish(winner, points, tricks)
    return await store_finished(storage, toy, GUILD, seats, toy.start(), final)  # type: ignore[arg-type]


def people(*user_ids: int) -> tuple[Seat, ...]:
    return tuple(Seat(u) for u in user_ids)


async def pair(
    storage: SqliteStorage, kind: str, user_id: int, opponent_id: int
) -> PairRecord | None:
    async with storage.read() as tx:
        return await tx.ladder.pair_record(GUILD, kind, user_id, opponent_id)


async def test_partners_win_and_lose_together(storage: SqliteStorage) -> None:
    seats = people(ALICE, BOB, CAROL, DAVE)
    await finish_toy(storage, PAIRS, seats, 0, (120, 80), (4, 2, 3, 1))
    await finish_toy(storage, PAIRS, seats, 0, (110, 90), (2, 3, 5, 0))
    ladder = LadderService(storage)

    board = await ladder.leaderboard(GUILD, 1, ALICE, kind=PAIRS.kind)

    by_user = {row.user_id: row.totals for row in board.rows}
    assert set(by_user) == {ALICE, BOB, CAROL, DAVE}
    for winner in (ALICE, CAROL):
        assert (by_user[winner].wins, by_user[winner].losses) == (2, 0)
        assert by_user[winner].rating.mu > INITIAL.mu
    for loser in (BOB, DAVE):
        assert (by_user[loser].wins, by_user[loser].losses) == (0, 2)
        assert by_user[loser].rating.mu < INITIAL.mu
    [[a, c], [b, d]] = rate([[INITIAL, INITIAL], [INITIAL, INITIAL]], [1, 2])
    first = await ladder.history(GUILD, ALICE, kind=PAIRS.kind)
    assert first[-1].rating == a and a == c and b == d and b.mu < 25 < a.mu
    assert [r.rank for r in board.rows] == [1, 1, 3, 3]
    # The game's own statistics, summed and best kept; rounds from the game.
    assert by_user[ALICE].stats == {"tricks": 6, "best_tricks": 4}
    assert by_user[CAROL].stats == {"tricks": 8, "best_tricks": 5}
    assert by_user[DAVE].rounds == 6


async def test_head_to_head_only_across_teams(storage: SqliteStorage) -> None:
    await finish_toy(storage, PAIRS, people(ALICE, BOB, CAROL, DAVE), 1, (70, 130), (1, 4, 2, 3))

    assert await pair(storage, PAIRS.kind, BOB, ALICE) == PairRecord(1, 0)
    assert await pair(storage, PAIRS.kind, DAVE, CAROL) == PairRecord(1, 0)
    assert await pair(storage, PAIRS.kind, ALICE, DAVE) == PairRecord(0, 1)
    assert await pair(storage, PAIRS.kind, ALICE, CAROL) is None  # partners
    assert await pair(storage, PAIRS.kind, BOB, DAVE) is None
    (rows,) = await storage.execute("SELECT COUNT(*) FROM ladder_pairs")
    assert rows[0] == 8


async def test_each_player_sees_their_team_and_the_other(storage: SqliteStorage) -> None:
    game = await finish_toy(
        storage, PAIRS, people(ALICE, BOB, CAROL, DAVE), 1, (70, 130), (1, 4, 2, 3)
    )
    ladder = LadderService(storage)

    (alice,) = await ladder.history(GUILD, ALICE, kind=PAIRS.kind)
    (dave,) = await ladder.history(GUILD, DAVE, kind=PAIRS.kind)

    assert (alice.game_id, alice.seat, alice.team, alice.opponent_id) == (game.id, 0, 0, BOB)
    assert (alice.result, alice.points, alice.opponent_points) == (Result.LOSS, 70, 130)
    assert (dave.seat, dave.team, dave.opponent_id) == (3, 1, ALICE)
    assert (dave.result, dave.points, dave.opponent_points, dave.rounds) == (Result.WIN, 130, 70, 3)
    assert alice.rated and dave.rated


async def test_three_teams_one_winner(storage: SqliteStorage) -> None:
    await finish_toy(storage, TRIO, people(ALICE, BOB, CAROL), 2, (40, 90, 150), (1, 2, 3))
    ladder = LadderService(storage)

    board = await ladder.leaderboard(GUILD, 1, ALICE, kind=TRIO.kind)
    (bob,) = await ladder.history(GUILD, BOB, kind=TRIO.kind)

    assert [(r.user_id, r.rank) for r in board.rows] == [(CAROL, 1), (ALICE, 2), (BOB, 2)]
    assert board.rows[1].totals.rating == board.rows[2].totals.rating  # the losers tie
    assert (bob.points, bob.opponent_points) == (90, 150)  # the best of the others
    assert await pair(storage, TRIO.kind, CAROL, ALICE) == PairRecord(1, 0)
    assert await pair(storage, TRIO.kind, BOB, CAROL) == PairRecord(0, 1)
    assert await pair(storage, TRIO.kind, ALICE, BOB) == PairRecord(0, 0, 1)  # tied second


async def test_a_computer_seat_makes_the_game_unrated(storage: SqliteStorage) -> None:
    seats = (Seat(ALICE), Seat(BOB), Seat(CAROL), Seat(BOT, "easy"))
    await finish_toy(storage, PAIRS, seats, 0, (120, 80), (4, 2, 3, 1))
    ladder = LadderService(storage)

    board = await ladder.leaderboard(GUILD, 1, ALICE, kind=PAIRS.kind)
    alice = await ladder.stats(GUILD, ALICE, BOB, kind=PAIRS.kind)
    bob = await ladder.stats(GUILD, BOB, ALICE, kind=PAIRS.kind)
    entries = [await ladder.history(GUILD, u, kind=PAIRS.kind) for u in (ALICE, BOB, CAROL, BOT)]

    assert board.players == 0
    assert alice.computer == (ComputerRecord("easy", 1, 0),)
    assert bob.computer == (ComputerRecord("easy", 0, 1),)  # his partner was the computer
    assert [len(e) for e in entries] == [1, 1, 1, 0]
    assert all(not e[0].rated and e[0].computer_level == "easy" for e in entries[:3])


async def test_an_abandoned_partnership_game_is_history_only(storage: SqliteStorage) -> None:
    await finish_toy(storage, PAIRS, people(ALICE, BOB, CAROL, DAVE), None, (0, 0), (0, 0, 0, 0))
    ladder = LadderService(storage)

    histories = [await ladder.history(GUILD, u, kind=PAIRS.kind) for u in (ALICE, BOB, CAROL, DAVE)]

    assert (await ladder.leaderboard(GUILD, 1, ALICE, kind=PAIRS.kind)).players == 0
    assert [[(e.result, e.rated) for e in h] for h in histories] == [[(Result.NONE, False)]] * 4


async def test_each_game_has_its_own_ladder(storage: SqliteStorage) -> None:
    await finish_game(storage, GUILD, (ALICE, BOB), winner=1, seed=3)
    await finish_toy(storage, PAIRS, people(ALICE, BOB, CAROL, DAVE), 0, (120, 80), (4, 2, 3, 1))
    ladder = LadderService(storage)

    vidrasso = await ladder.leaderboard(GUILD, 1, ALICE)
    pairs = await ladder.leaderboard(GUILD, 1, ALICE, kind=PAIRS.kind)
    trio = await ladder.leaderboard(GUILD, 1, ALICE, kind=TRIO.kind)

    assert [r.user_id for r in vidrasso.rows] == [BOB, ALICE]
    assert [r.user_id for r in pairs.rows][:2] == [ALICE, CAROL]
    assert trio.players == 0 and trio.viewer is None
    assert vidrasso.viewer is not None and pairs.viewer is not None
    assert vidrasso.viewer.totals.losses == 1 and pairs.viewer.totals.wins == 1
    assert "tricks" not in vidrasso.viewer.totals.stats
    assert pairs.viewer.totals.stats == {"tricks": 4, "best_tricks": 4}
    # Head to head, history and names: each game's own, names the server's.
    assert await pair(storage, "vidrasso", BOB, ALICE) == PairRecord(1, 0)
    assert await pair(storage, PAIRS.kind, BOB, ALICE) == PairRecord(0, 1)
    assert [e.kind for e in await ladder.history(GUILD, ALICE)] == ["vidrasso"]
    assert [e.kind for e in await ladder.history(GUILD, ALICE, kind=PAIRS.kind)] == ["pairs"]
    await ladder.remember_name(GUILD, ALICE, "Alice")
    assert (await ladder.stats(GUILD, ALICE, BOB, kind=PAIRS.kind)).name == "Alice"
