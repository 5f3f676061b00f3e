"""Whole runs of two shard processes, each a real OS process, over one database (on each
backend): every game finishes, every reminder and time-out fires exactly once, every rating
update is kept; and a process killed in the middle of a click loses nothing but that click."""

from __future__ import annotations

import multiprocessing
import queue
import random
from collections.abc import Iterator
from typing import Any

import pytest

from bot.clocks.model import HOUR
from bot.play.model import ACTIVE, Invite
from bot.services import Services
from tests.clocks.clock import ALICE, FakeClock
from tests.shards.run import Ran, click, click_until_killed, kill, run_shard, shard_process
from tests.shards.test_processes import GUILDS

PLAYED = 4
"""Games per server its members play to the end."""
LEFT = 2
"""Games per server nobody clicks in again: reminded, then timed out."""


@pytest.fixture
def spawn() -> Iterator[Any]:
    yield multiprocessing.get_context("spawn")


async def alices_game(s: Services, guild_id: int, opponent: int) -> int:
    made = await s.games.challenge(
        kind="vidrasso", guild_id=guild_id, channel_id=opponent, challenger_id=ALICE,
        seats=[Invite(opponent)], target=300, time_per_move=HOUR,
    )  # fmt: skip
    accepted = await s.games.accept(made.id, opponent)
    assert accepted.game is not None
    return accepted.game.id


async def test_two_shard_processes_finish_every_game_and_keep_every_rating(
    database: str, spawn: Any
) -> None:
    """Shards {0} and {1} of 2. Alice plays everyone in both servers, and her games end in
    both processes at once (clicks reach both: harsher than Discord's routing), so her
    rating is written by both; each process reminds and times out its own servers' games."""
    clock = FakeClock(1_750_000_000.0)
    played: dict[int, list[int]] = {0: [], 1: []}
    left: list[int] = []
    async with shard_process(database, clock, None) as s:
        for guild in GUILDS:
            for i in range(PLAYED + LEFT):
                game_id = await alices_game(s, guild, 1000 + 100 * GUILDS.index(guild) + i)
                (played[i % 2] if i < PLAYED else left).append(game_id)
    together, results = spawn.Barrier(2, timeout=120), spawn.Queue()
    workers = [
        spawn.Process(
            target=run_shard, args=(database, shard, clock.now, played[shard], together, results)
        )
        for shard in (0, 1)
    ]
    for worker in workers:
        worker.start()
    ran: list[Ran] = [results.get(timeout=240) for _ in workers]
    for worker in workers:
        worker.join(timeout=30)
        assert worker.exitcode == 0
    assert sorted(g for r in ran for g in r.finished) == sorted(played[0] + played[1])
    assert sorted(g for r in ran for g in r.reminded) == sorted(left)
    assert sorted(g for r in ran for g in r.timed_out) == sorted(left)
    async with shard_process(database, clock, None) as s:
        for game_id in left:
            assert [e.kind for e in await s.clocks.events(game_id)] == ["timeout"]
        assert await s.games.active_games() == []
        for guild in GUILDS:
            async with s.storage.read() as tx:
                alice = await tx.ladder.totals(guild, "vidrasso", ALICE)
                history = await tx.ladder.recent_games(guild, "vidrasso", ALICE, 100)
            assert alice is not None and alice.games == len(history) == PLAYED + LEFT
            # Each game rated from the rating the one before it left: a chain, nothing lost.
            ratings = [e.rating for e in reversed(history)]
            assert len(set(ratings)) == len(ratings) == PLAYED + LEFT
            assert history[0].rating == alice.rating


async def test_a_process_killed_mid_click_loses_only_that_click(database: str, spawn: Any) -> None:
    """SIGKILL while a click's transaction has written the new state but not committed it;
    the restarted process finds every committed move, the game at the last one, and plays on
    to the end (no lock, row or half-written state left behind)."""
    clock = FakeClock(1_750_000_000.0)
    async with shard_process(database, clock, None) as s:
        game_id = await alices_game(s, GUILDS[0], 2000)
    told = spawn.Queue()
    worker = spawn.Process(target=click_until_killed, args=(database, clock.now, game_id, 25, told))
    worker.start()
    committed: list[int] = []
    try:
        while True:
            what, version = told.get(timeout=120)
            if what == "in flight":
                break
            committed.append(version)
        kill(worker.pid)
    finally:
        worker.join(timeout=30)
    assert worker.exitcode == -9 and len(committed) == 24
    with pytest.raises(queue.Empty):
        told.get(timeout=0.2)  # the in-flight click never said it committed
    async with shard_process(database, clock, 0, seed=5) as restarted:
        game = await restarted.games.game(game_id)
        assert game.version == committed[-1]  # every committed click, not the in-flight one
        clock_now = await restarted.clocks.clock_of(game_id)
        assert clock_now is not None and clock_now.deadline_at is not None
        rng = random.Random(3)
        while game.status == ACTIVE:
            game = await click(restarted, game_id, rng)
        async with restarted.storage.read() as tx:
            history = await tx.ladder.recent_games(GUILDS[0], "vidrasso", ALICE, 10)
        assert [e.game_id for e in history] == [game_id]
